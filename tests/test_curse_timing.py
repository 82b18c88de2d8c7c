"""A new death curse takes effect at once, wherever in the turn it is set off.

Before the fix a curse set off by an ability waited behind whatever the ability's step had
scheduled: in the main decision it never arrived at all, in an attack window only after the
window closed.
"""

from legends_core.testing import curse_name, destroyed_names, options, play, position


def test_curse_set_off_by_an_ability_in_the_main_decision_takes_effect():
    # Gray's Fire Wall takes the Dwarven Scout (2) to 0: the Scout's curse replaces the
    # Skeleton Warlock's before gray chooses again.
    game = position({"b3": 24, "c4": 168, "h8": 8, "h1": 151}, curse=160, active="gray")
    play(game, "c4 fire-wall b3")
    g = game.engine
    assert game.decision_kind == "main" and game.current_player == "gray"
    assert curse_name(game) == "Dwarven Scout" and g.curse_on
    assert g.curse_queue == []
    assert "Skeleton Warlock" in destroyed_names(game, "gray")


def test_stale_curse_is_not_picked_up_by_a_later_replacement():
    # After the Scout's curse arrived at once, a later curse replaces *it* (and its ending
    # asks beige to name two pieces); nothing is left waiting in the queue.
    game = position({"b3": 24, "c4": 168, "g3": 25, "h4": 168, "h8": 8, "h1": 151},
                    curse=160, active="gray")
    play(game, "c4 fire-wall b3", "h4 fire-wall g3")
    g = game.engine
    assert curse_name(game) == "Flood Bringer" and g.curse_queue == []
    assert sorted(destroyed_names(game, "beige")) == ["Dwarven Scout"]
    assert game.decision_kind == "ask" and game.current_player == "beige"  # the Scout's ending


def test_curse_set_off_in_an_attack_window_takes_effect_before_anyone_answers():
    # Redillian Evoker's curse (wizards +1) works for beige. Jenzik (wizard 2, so 3) attacks
    # Wascyo (1). Gray's first Fire Wall brings Jenzik to 1; the second kills the Dwarven
    # Scout, whose curse replaces the Evoker's: Jenzik drops to 0 and is destroyed there and
    # then, so beige's Dancing Sword (+2) can no longer save it.
    game = position({"d4": 57, "d5": 162, "e5": 168, "c3": 84, "g2": 24, "h3": 168,
                     "a1": 8, "a8": 151}, curse=51)
    play(game, "d4-d5", "pass", "e5 fire-wall d4", "pass", "h3 fire-wall g2")
    assert curse_name(game) == "Dwarven Scout" and game.engine.curse_on
    assert "Jenzik" in destroyed_names(game, "beige")
    assert game.piece_at("d4") is None and game.piece_at("d5").name == "Wascyo"
    assert "c3 dancing-sword d4" not in options(game)


def test_the_keywords_a_curse_gives_are_asked_once_per_piece_type():
    from legends_core import queries

    # Jillus' curse gives every Cleric Dispel Magic; two Noble Clerics and Sir Urgwaine.
    game = position({"b3": 52, "c3": 52, "d3": 35, "h8": 8, "h1": 151}, curse=55)
    g = game.engine
    queries._CURSED.clear()  # a table of answers kept: emptied, it fills again
    clerics = [g.grid[g.sq(s)] for s in ("b3", "c3")]
    paladin = g.grid[g.sq("d3")]
    assert all(g.has_keyword(p, "dispel_magic") for p in clerics)
    assert not g.has_keyword(paladin, "dispel_magic")
    assert "dispel_magic" in g.keywords_of(clerics[1])
    assert g.cursed_keywords(paladin) == frozenset()
    # One answer kept for the Clerics' type, one for the paladin's.
    kept = [gift.keywords for by_type in queries._CURSED.values() for rows in by_type.values()
            for row in rows for gift in row if gift is not None]
    assert sorted(kept, key=len) == [frozenset(), {"dispel_magic"}]
