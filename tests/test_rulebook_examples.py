"""The rulebook's worked examples, replayed step by step."""

from legends_core.testing import options, play, position


def names_in(game, player):
    return sorted(game.engine.types[p].name for p in game.engine.dead[game.engine.player_index(player)])


# Squares for the complex attack sequence (Craig is beige, Rob is gray).
COMPLEX = {
    "d3": 37,   # Tiera (Craig)
    "d4": 160,  # Skeleton Warlock (Rob), on desert
    "a6": 99,   # Anti-Red Wind (Craig), stationary, on forest
    "b6": 146,  # Murkis (Rob), on forest
    "c6": 44,   # Gray Knight (Craig), on forest
    "f5": 8,    # Srik (Craig), on marsh
    "e4": 11, "f4": 11, "g4": 11,  # three High Elves (Craig) around Srik
    "f6": 151,  # Sinakus (Rob)
    "g6": 118,  # Enchanted Shield (Rob), next to Sinakus
    "g8": 163,  # Jezrak (Rob)
    "h8": 157,  # Bone Legion (Rob)
}
TERRAIN = {"d4": "desert", "a6": "forest", "b6": "forest", "c6": "forest", "f5": "marsh"}


def complex_game():
    return position(COMPLEX, terrain=TERRAIN, curse=(22, "beige"))


def test_complex_attack_sequence_craigs_turn():
    game = complex_game()
    g = game.engine
    assert g.types[g.curse].name == "Strangling Vines" and g.curse_on

    play(game, "d3-d4")
    # Both pieces are revealed at once, before any window closes.
    assert game.view("gray").piece_on("d3").name == "Tiera"
    assert game.view("beige").piece_on("d4").name == "Skeleton Warlock"
    assert game.decision_kind == "window" and game.current_player == "beige"
    # Tiera stands on desert for this attack: no penalty.
    assert game.strength_at("d3") == 9
    play(game, "pass", "pass")

    # The Warlock (strength 2) lost and its curse replaced Strangling Vines, whose ending
    # revealed every piece on forest and asks Craig to destroy a non-stationary one.
    assert game.piece_at("d4").name == "Tiera"
    assert game.current_player == "beige"
    assert sorted(options(game)) == ["choose b6", "choose c6"]  # a6 is stationary
    for sq in ("a6", "b6", "c6"):
        assert game.view("gray").piece_on(sq).number is not None
    assert not g.curse_on, "the new curse waits until the old one's effect is done"
    assert names_in(game, "beige") == ["Strangling Vines"]

    play(game, "choose b6")
    assert names_in(game, "gray") == ["Murkis"]
    assert g.types[g.curse].name == "Skeleton Warlock" and g.curse_on

    # Now Tiera's innate power: Rob must destroy one of his own pieces.
    assert game.current_player == "gray"
    assert sorted(options(game)) == ["choose f6", "choose g6", "choose g8", "choose h8"]
    play(game, "choose h8")
    assert names_in(game, "gray") == ["Bone Legion", "Murkis"]
    # The Warlock is in the curse slot, not in a destroyed area.
    assert "Skeleton Warlock" not in names_in(game, "gray")
    assert game.decision_kind == "window"
    play(game, "pass", "pass")
    assert game.active_player == "gray" and game.decision_kind == "main"


def test_complex_attack_sequence_robs_turn():
    game = complex_game()
    play(game, "d3-d4", "pass", "pass", "choose b6", "choose h8", "pass", "pass")
    g = game.engine
    assert game.active_player == "gray"

    play(game, "f6-f5")
    # Sinakus: base 5, +1 on marsh, +1 from the Skeleton Warlock's curse.
    assert game.strength_at("f6") == 7
    assert game.strength_at("f5") == 7
    assert game.current_player == "gray", "the attacker speaks first in the attack window"
    assert "g6 enchanted-shield f6" in options(game)

    play(game, "g6 enchanted-shield f6")
    assert game.strength_at("f6") == 9
    assert names_in(game, "gray") == ["Bone Legion", "Enchanted Shield", "Murkis"]

    assert game.current_player == "beige"
    assert {"e4 high-elf f5", "f4 high-elf f5", "g4 high-elf f5"} <= set(options(game))
    play(game, "e4 high-elf f5", "pass", "f4 high-elf f5", "pass", "g4 high-elf f5")
    assert game.strength_at("f5") == 10
    # Each High Elf may help only once this turn.
    play(game, "pass")
    assert not any("high-elf" in o for o in options(game))
    play(game, "pass")

    # Rob gave up: 9 against 10, Sinakus is destroyed and Srik stays.
    assert game.piece_at("f5").name == "Srik"
    assert game.piece_at("f6") is None
    assert "Sinakus" in names_in(game, "gray")
    assert game.decision_kind == "window"
    play(game, "pass", "pass")
    # The +1s and +2 lasted until the end of the turn only.
    assert game.strength_at("f5") == 7
    assert g.tstr == {}


def test_complex_attack_without_powers_is_a_tie():
    game = complex_game()
    play(game, "d3-d4", "pass", "pass", "choose b6", "choose h8", "pass", "pass",
         "f6-f5", "pass", "pass")
    assert game.piece_at("f5") is None and game.piece_at("f6") is None


def test_daemin_captures_hillstone_curate():
    # Larry (gray) attacks Phil's Hillstone Curate on a mountain with Daemin.
    game = position({"c5": 141, "c4": 49, "h1": 8, "h8": 157}, terrain={"c4": "mountain"},
                    active="gray")
    play(game, "c5-c4")
    assert game.strength_at("c4") == 7  # 5 + 2 on mountain: it does not matter
    play(game, "pass", "pass")
    assert game.piece_at("c5").name == "Hillstone Curate"
    assert game.controller_at("c5") == "gray"
    assert game.piece_at("c4").name == "Daemin"
    assert game.controller_at("c4") == "gray"
    assert names_in(game, "beige") == [] and names_in(game, "gray") == []


def test_daemin_fights_normally_against_base_strength_outside_2_to_5():
    game = position({"c5": 141, "c4": 8, "h8": 157, "h1": 11}, active="gray")
    play(game, "c5-c4", "pass", "pass")
    assert game.piece_at("c4").name == "Daemin" and names_in(game, "beige") == ["Srik"]


def test_queen_kivoa_anti_red_wind_and_jezrak():
    # Mike (gray) attacks Jim's Anti-Red Wind with Queen Kivoa; his Jezrak is elsewhere.
    game = position({"d5": 172, "d4": 99, "a8": 163, "h8": 157, "h1": 8}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    g = game.engine
    # Queen Kivoa has no Dispel Magic: both pieces are destroyed.
    assert game.piece_at("d4") is None and game.piece_at("d5") is None
    assert g.types[g.curse].name == "Anti-Red Wind" and g.curse_on
    # Jezrak (red, base 1) dropped to 0 and was destroyed at once.
    assert game.piece_at("a8") is None
    assert names_in(game, "gray") == ["Jezrak", "Queen Kivoa"]
    # Bone Legion is red too: 3 - 1 = 2, still standing.
    assert game.strength_at("h8") == 2
