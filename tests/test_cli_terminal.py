"""The terminal after an outside review: a key that explains every mark the board can show,
labels that stay the same all game, boards in ``legends game``, kinder prompts, and
``--help`` that shows each default once."""

from __future__ import annotations

import argparse
import io
import re
from contextlib import redirect_stdout

import pytest
from tests.test_cli_polish import play

from legends.ai import make_player
from legends.cli import COMMANDS, build_parser, has_default, main
from legends.cli.text import board_text, key_lines, labels, marks, stems
from legends_core import Game
from legends_core.ruleset import catalogue_for

EDITIONS = ["legends", "classic", "ultimate-lightning", "ultimate-campaign", "narnia-1",
            "narnia-2"]


def _cells(text: str) -> list[str]:
    """The cells of a board drawn as text: 'Pb:Sir9', 'Dg:????', 'P', '~~~~~~~' (classic:
    'b:Sco2', land being blank)."""
    rows = [line for line in text.splitlines() if re.match(r"\s*\d+  ", line)]
    return [cell for row in rows for cell in row.split()[1:]]


# -- 1. the key explains every mark --------------------------------------------------------
@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("seat", [0, None])
def test_the_key_explains_every_mark_the_board_shows(rules, seat):
    game = Game.new(rules=rules, seed=3, setup=False)
    who = None if seat is None else game.players[seat]
    view = game.view(who)
    explained = dict(marks(view, game.catalogue))
    key = "\n".join(key_lines(view, game.catalogue))
    for cell in _cells(board_text(view, catalogue=game.catalogue)):
        if set(cell) == {"~"}:
            assert "~" in explained
            continue
        if rules == "legends":
            terrain, piece = cell[0], cell[1:]
            assert terrain in explained
        else:  # no terrain outside Stratego Legends: land is blank, and not in the key
            terrain, piece = "", cell
            assert "P" not in explained
        if not piece:
            continue
        controller, _, label = piece.partition(":")
        assert f"{controller}:" in explained  # b:, g:, r:, ...
        if label == "????":
            assert "????" in explained
        else:
            strength = label[3]
            assert strength.isdigit() or strength in explained  # X, * and #
            assert label in key  # the label's piece is named in the key
    for mark in explained:
        assert f"    {mark}" in key  # the key lists each mark, one a line


def test_the_key_names_each_editions_pieces_without_a_strength():
    def meaning(rules, mark):
        return dict(marks(Game.new(rules=rules, seed=1, setup=False).view(None)))[mark]

    assert "Bomb" in meaning("classic", "*") and "Flag" in meaning("classic", "#")
    assert "Spring Magic" in meaning("narnia-1", "*") and "Boulders" in meaning("narnia-1", "~")
    assert "magic piece" in meaning("legends", "*") and "castle" in meaning("legends", "#")
    assert "lake" in meaning("classic", "~")  # classic's own word; no terrain names there
    assert "P" not in dict(marks(Game.new(rules="classic", seed=1, setup=False).view(None)))


def test_only_a_players_board_explains_hidden_pieces_and_curses_only_where_there_are():
    game = Game.new(seed=2, setup=False)
    mine = dict(marks(game.view("beige")))
    assert "????" in mine and "curse:" in mine and "g:" in mine
    assert "????" not in dict(marks(game.view(None)))  # the referee sees every piece
    classic = Game.new(rules="classic", seed=2, setup=False)
    assert "curse:" not in dict(marks(classic.view("red")))
    assert "curse:" not in board_text(classic.view("red"))
    assert "curse: none" in board_text(game.view("beige"))


def test_a_team_games_key_names_every_seat():
    game = Game.new(players=4, seed=1, setup=False)
    explained = dict(marks(game.view("gray-2")))
    assert {"b1:", "g1:", "b2:", "g2:"} <= explained.keys()
    assert "gray-2" in explained["g2:"]


# -- 2. labels stay the same all game ----------------------------------------------------
@pytest.mark.parametrize(("rules", "seed"), [("legends", 4), ("legends", 11), ("classic", 3)])
def test_a_piece_keeps_its_label_as_pieces_are_revealed_and_destroyed(rules, seed):
    game = Game.new(rules=rules, seed=seed, turn_limit=120)
    players = {s: make_player("random", seed + i) for i, s in enumerate(game.players)}
    seen: dict[str, set[str]] = {}  # name -> every stem it was drawn with, in any view
    shown = {s: set() for s in game.players}  # the opponent's pieces each seat has known
    while not game.is_over:
        who = game.current_player
        assert who is not None
        game.apply(players[who].choose(game.knowledge(who)))
        for viewer in (*game.players, None):
            view = game.view(viewer)
            for given in (labels(view), labels(view, game.catalogue)):
                for p in view.pieces:
                    if p.number is not None:
                        seen.setdefault(p.name or "", set()).add(given[p.square][:3])
                        if viewer is not None and p.controller != viewer:
                            shown[viewer].add((p.name, p.owner))
    final = game.view(None)
    assert all(final.destroyed.values())  # both armies lost pieces
    assert all(len(known) >= 2 for known in shown.values())  # pieces were revealed
    assert {name: stems for name, stems in seen.items() if len(stems) > 1} == {}
    # and different pieces never share letters
    stems = [next(iter(s)) for s in seen.values()]
    assert len(stems) == len(set(stems))


def test_labels_depend_on_the_catalogue_not_on_the_pieces_in_view():
    game = Game.new(seed=4, setup=False)
    full = labels(game.view(None))
    beige = labels(game.view("beige"))
    for square, text in beige.items():
        assert text == "????" or text == full[square]
    # Apostrophes do not make stems of their own: Urgwaine's Knights is 'Urk', not 'Urs'.
    legends = stems(catalogue_for("legends"))
    assert legends["Urgwaine's Knights"] == "Urk"
    # Names that begin alike all take their words' initials, the first of them too.
    spirits = {name: stem for name, stem in legends.items() if name.startswith("Spirit of ")}
    assert len(spirits) > 2
    assert all(stem == "Sp" + name.split()[-1][0].lower() for name, stem in spirits.items())
    assert len(set(legends.values())) == len(legends)


# -- 3. boards in legends game -------------------------------------------------------------
def _game(*argv: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["game", "--seed", "4", "--players", "random,random", *argv]) == 0
    return out.getvalue()


def _boards(text: str) -> list[int]:
    """The lines at which a board's header (its file letters) is printed."""
    return [i for i, line in enumerate(text.splitlines())
            if line.split() == list("abcdefgh")]


def test_game_prints_the_board_every_n_turns_and_at_the_end():
    out = _game("--turn-limit", "25", "--board-every", "10")
    lines = out.splitlines()
    at = _boards(out)
    assert len(at) == 3  # after turns 10 and 20, and at the end
    assert lines[at[0] - 1].startswith("Board after turn 10")
    assert lines[at[1] - 1].startswith("Board after turn 20")
    assert lines[at[2] - 1].startswith("Final board")
    assert lines[-1].startswith("Winner:")
    assert "????" not in out  # the referee's board: every piece shown
    # the final board is followed by its key; play's commands are not offered
    assert "    destroyed: how many pieces" in out and "'info SQUARE'" not in out


def test_game_board_every_zero_prints_only_the_final_board_and_for_a_seat():
    out = _game("--turn-limit", "25", "--board-every", "0")
    assert len(_boards(out)) == 1
    seat = _game("--turn-limit", "8", "--board-every", "0", "--board-for", "gray")
    assert "????" in seat and "beige" in seat  # gray's view: beige's pieces hidden
    assert len(_boards(_game("--turn-limit", "8", "--quiet"))) == 0


def test_game_board_options_are_checked(capsys):
    assert main(["game", "--board-for", "purple", "--turn-limit", "2"]) == 2
    assert "--board-for" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["game", "--board-every", "-1"])


def test_game_shows_a_board_by_default():
    assert len(_boards(_game("--turn-limit", "12"))) == 2  # turn 10 and the end


# -- 4. kinder prompts ---------------------------------------------------------------------
def test_an_empty_line_shows_the_choices_again_without_an_error():
    out = play(["", "   ", "quit"], "--seed", "5")
    assert "not legal" not in out and "choose a number" not in out
    assert "'key' for more, 'info SQUARE' for a piece" in out  # play's board offers them
    first = out.index("your choice> ")
    listing = out[:first].splitlines()[-1]  # the last choice listed before the prompt
    assert out.count(listing) == 3  # listed at first, then again after each empty line


class _Camp:
    """Stands in for a campaign whose last game the person lost."""

    chosen: str | None = None

    def choose_first(self, who: str) -> None:
        self.chosen = who


def _choose(answers: list[str]) -> tuple[_Camp, list[str], str]:
    from legends.cli.campaign_cmd import _choose_first

    given = iter(answers)
    prompts: list[str] = []
    camp = _Camp()
    out = io.StringIO()
    with redirect_stdout(out):
        assert _choose_first(camp, lambda prompt: prompts.append(prompt) or next(given))
    return camp, prompts, out.getvalue()


@pytest.mark.parametrize(("answer", "first"), [("1", "you"), ("2", "computer"),
                                                ("you", "you"), ("Computer", "computer"),
                                                ("me", "you"), (" 2 ", "computer")])
def test_who_goes_first_accepts_numbers_as_well_as_words(answer, first):
    assert _choose([answer])[0].chosen == first


def test_who_goes_first_asks_again_after_an_empty_or_wrong_answer():
    camp, prompts, out = _choose(["", "3", "2"])
    assert camp.chosen == "computer"
    assert len(prompts) == 3
    assert "1" in prompts[0] and "2" in prompts[0]  # the prompt numbers the answers
    assert out.count("answer") == 1  # '3' is explained, the empty line is not


# -- 5. each default once in --help --------------------------------------------------------
def _subcommands() -> dict[str, argparse.ArgumentParser]:
    ap = build_parser()
    sub = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_every_command_is_walked():
    assert set(_subcommands()) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(_subcommands()))
def test_help_shows_each_default_once(command):
    parser = _subcommands()[command]
    text = parser.format_help()
    blocks = re.split(r"\n  (?=-)", text)  # one block per option
    for block in blocks:
        flat = " ".join(block.split())
        assert flat.count("(default") <= 1, flat
        for empty in ("(default: None)", "(default: False)", "(default: [])"):
            assert empty not in flat, flat
    # Every real default is shown (0 included: it is not False), in the option's own words
    # or appended, and only once.
    formatter = parser._get_formatter()
    for action in parser._actions:
        if action.option_strings and action.help not in (None, argparse.SUPPRESS):
            said = len(re.findall(r"\bdefault\b", formatter._expand_help(action)))
            assert said <= 1 and (said == 1 or not has_default(action)), action.option_strings


def test_serve_help_shows_its_real_defaults():
    text = " ".join(_subcommands()["serve"].format_help().split())
    assert "(default: 8000)" in text and "(default: 127.0.0.1)" in text
    assert "(default: 0.4)" in text
    assert "docs/deploying.rst) (default: 1)" in text  # --workers
    assert "(by default one fewer than the cores" in text  # --thinkers: None, said in words
    # host, port, computer time, workers, and --db's own words: each once
    assert text.count("(default:") == 5 and "(default: None)" not in text
