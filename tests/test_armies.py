"""Army composition, presets and random armies."""

import random

import pytest

from legends_core import ArmyError, Game, catalogue, preset, random_army, validate_army
from legends_core.armies import PRESETS, read_army

CAT = catalogue()


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("side", ["beige", "gray"])
def test_presets_are_legal(name, side):
    validate_army(preset(name, side), side, CAT)


def test_preset_names_and_numbers_are_accepted():
    assert preset(3, "beige") == preset("3", "beige") == preset("preset-3", "beige")
    with pytest.raises(ArmyError, match="preset-1 .. preset-6"):
        preset("preset-9", "beige")


def test_validation_names_every_problem():
    army = list(preset(1, "beige"))
    army[0] = 141  # Daemin: a gray piece, and one strength-8 too few
    army.append(2)
    with pytest.raises(ArmyError) as err:
        validate_army(army, "beige", CAT)
    msg = str(err.value)
    assert "Daemin is a gray piece" in msg
    assert "needs 30 pieces, has 31" in msg
    assert "base strength 10" in msg


def test_unknown_number_is_reported():
    with pytest.raises(ArmyError, match="#9999 is not in the catalogue"):
        validate_army([9999] * 30, "beige", CAT)


@pytest.mark.parametrize("seed", range(20))
def test_random_armies_are_legal_and_seeded(seed):
    for side in ("beige", "gray"):
        army = random_army(random.Random(seed), side, CAT)
        validate_army(army, side, CAT)
        assert army == random_army(random.Random(seed), side, CAT)


def test_game_new_accepts_names_and_rejects_bad_armies():
    beige = [CAT[n].name for n in preset(2, "beige")]
    game = Game.new(beige=beige, gray="preset-4", seed=3, setup=False)
    assert game.current_player == "beige"
    with pytest.raises(ArmyError):
        Game.new(beige=[1] * 30, seed=3)
    with pytest.raises(ArmyError, match="not a preset name"):
        Game.new(beige="everything", seed=3)


# -- army files (legends_core.armies.read_army) -----------------------------------------------
def test_army_file_numbers_may_be_separated_by_spaces_commas_or_lines():
    army = preset(2, "gray")
    spaced = " ".join(map(str, army[:10])) + "\n" + ", ".join(map(str, army[10:20])) + "\n" \
        + "\n".join(f"#{n}" for n in army[20:])
    assert read_army(spaced) == list(army)
    assert Game.new(seed=1, gray=read_army(spaced), setup=False).record()["setup"]["gray"] \
        == list(army)


def test_army_file_names_keep_their_spaces():
    assert read_army("Bone Legion\n  King   Migol , 157 12\n\n#9") == [
        "Bone Legion", "King Migol", 157, 12, 9]
    # A line mixing numbers and words is one name (so the catalogue reports it), not split.
    assert read_army("12 Bone Legion") == ["12 Bone Legion"]


def test_army_file_as_json():
    assert read_army('[157, "#12", "Bone Legion"]') == [157, 12, "Bone Legion"]
    for bad in ('{"a": 1}', "[true]", "[[1]]", "[1,"):
        with pytest.raises(ArmyError, match="^army: "):
            read_army(bad)
