"""``legends play``'s commands (history, moves, undo, draw, resign, help) and its choices
grouped by piece."""

from __future__ import annotations

import random

import pytest

from legends.ai import make_player
from legends.cli import build_parser, play_cmd
from legends.cli.play_cmd import _read_action, history_lines, option_lines, session, undo
from legends.draw_offers import computer_accepts_draw
from legends_core import Game
from legends_core.leakcheck import make_twin


def scripted(lines):
    it = iter(lines)

    def read(prompt: str) -> str:
        line = next(it, None)
        if line is None:
            raise EOFError  # as input() does at the end of input
        return line

    return read


def to_my_choice(game: Game, me: str, computer) -> None:
    """Play on as the session does: the computer for the others, the only answer for me,
    until I have a choice (or the game ends)."""
    while not game.is_over:
        who = game.current_player
        if who != me:
            game.apply(computer.choose(game.knowledge(who)), player=who)
        elif len(game.legal_actions()) == 1:
            game.apply(game.legal_actions()[0], player=me)
        else:
            return


def main_turn(seed: int = 3) -> tuple[Game, object]:
    """A Stratego Legends game at beige's first choice of the main play."""
    game = Game.new(seed=seed, setup=False)
    computer = make_player("random", seed)
    to_my_choice(game, "beige", computer)
    assert game.decision_kind == "main"
    return game, computer


# -- undo ----------------------------------------------------------------------------------
def test_undo_restores_the_exact_earlier_position_and_play_goes_on():
    game, computer = main_turn()
    rng = random.Random(1)
    for _ in range(3):  # a few of my turns, each undone and then played again
        before = game.to_position()
        game.apply(rng.choice(list(game.legal_actions())), player="beige")
        to_my_choice(game, "beige", computer)
        taken = undo(game, "beige")
        assert taken >= 2  # mine and the computer's since
        assert game.to_position() == before and game.current_player == "beige"
        game.apply(rng.choice(list(game.legal_actions())), player="beige")
        to_my_choice(game, "beige", computer)
    assert game.is_over or game.current_player == "beige"


def test_undo_refuses_when_there_is_nothing_to_take_back_or_the_game_is_over():
    game, _ = main_turn()
    before = game.to_position()
    assert undo(game, "beige") == 0 and game.to_position() == before
    game.apply(game.legal_actions()[0], player="beige")
    game.resign("gray")
    assert undo(game, "beige") == 0 and game.is_over


def test_undo_in_the_session(capsys):
    game, computer = main_turn()
    before = game.to_position()
    session(game, "beige", computer, scripted(["1", "undo", "quit"]))
    out = capsys.readouterr().out
    # Never how many actions: the computer's private steps could depend on hidden pieces.
    assert "took back your last decision and the computer's since" in out
    assert game.to_position() == before
    game = Game.new(seed=3, setup=False)
    session(game, "beige", computer, scripted(["undo", "quit"]))
    assert "nothing to undo" in capsys.readouterr().out


# -- history -------------------------------------------------------------------------------
def _same_moves(a: Game, b: Game, rng: random.Random, decisions: int) -> int:
    """Drive twins with the same decisions while neither reveals anything: moves to empty
    squares and passes only. Returns how many moves were made."""
    moved = 0
    for _ in range(decisions):
        if a.is_over or b.is_over:
            break
        board = a.view(None)
        both = [x for x in a.legal_actions() if x in set(b.legal_actions())
                and (x.kind == "pass" or (x.kind == "move" and board.piece_on(x.dst) is None))]
        if not both:
            break
        x = rng.choice(both)
        a.apply(x)
        b.apply(x)
        moved += x.kind == "move"
    return moved


def test_history_tells_nothing_hidden():
    # Classic Stratego: its empty middle lets both sides move without attacking.
    game = Game.new(rules="classic", seed=8, setup=False)
    twin, changed = make_twin(game.to_position(), "red", random.Random(8), game.catalogue,
                              replace=1.0)
    assert changed
    a = Game.from_position(game.to_position(), catalogue=game.catalogue)
    b = Game.from_position(twin, catalogue=game.catalogue)
    assert _same_moves(a, b, random.Random(2), 40) >= 6
    mine = history_lines(a, "red")
    assert mine == history_lines(b, "red")
    # Numbered as the move list numbers them: a round of two turns a line, by its first
    # turn as the status line counts turns (turns 1 and 2, then 3 and 4, ...).
    assert mine[0].lstrip().startswith("1. red: ") and "blue: " in mine[0]
    assert mine[1].lstrip().startswith("3. red: ")
    assert not any(line.lstrip().startswith("2. ") for line in mine)
    # Blue knows its own pieces: the twins are told apart there, so the comparison can fail.
    assert str(a.view("blue")) != str(b.view("blue"))


def test_history_before_any_move_and_in_the_session(capsys):
    game, computer = main_turn()
    assert history_lines(Game.new(seed=3, setup=False), "beige") == ["  no moves yet"]
    session(game, "beige", computer, scripted(["1", "history", "quit"]))
    assert "  1. beige: " in capsys.readouterr().out


# -- the choices, grouped by piece -----------------------------------------------------------
@pytest.mark.parametrize("rules, seed", [("legends", 3), ("legends", 11), ("classic", 2)])
def test_choices_are_grouped_by_piece_and_each_is_reachable(rules, seed):
    game = Game.new(rules=rules, seed=seed, setup=False)
    me = game.current_player
    actions = list(game.legal_actions())
    lines, listed = option_lines(game.view(me), actions, game.catalogue)
    assert len(lines) < len(actions)
    assert sorted(map(str, listed)) == sorted(str(a) for a in actions if a.kind != "swap")
    for a in listed:  # by notation
        assert _read_action(str(a), listed) == a
    # By number: the numbers before each piece's line count its choices in the order shown.
    first = listed[0]
    line = next(x for x in lines if f" {first.src} " in x)
    assert line.split()[0] in ("1", f"1-{sum(a.src == first.src for a in listed)}")


def test_a_number_in_the_session_plays_the_choice_it_counts(capsys):
    game, computer = main_turn()
    _, listed = option_lines(game.view("beige"), list(game.legal_actions()), game.catalogue)
    chosen = listed[2]
    session(game, "beige", computer, scripted(["3", "quit"]))
    assert str(chosen) in [str(a) for a in game.history]
    out = capsys.readouterr().out
    assert "choose a number" not in out and "not legal" not in out


def test_moves_shows_the_choices_again_and_help_lists_the_commands(capsys):
    game, computer = main_turn()
    session(game, "beige", computer, scripted(["moves", "help", "quit"]))
    out = capsys.readouterr().out
    lines, _ = option_lines(game.view("beige"), list(game.legal_actions()), game.catalogue)
    assert out.count(lines[0]) == 2  # shown at the decision, then again for 'moves'
    for command in ("moves", "history", "undo", "draw", "resign", "help", "quit"):
        assert f"\n  {command} " in out


# -- draw and resign -------------------------------------------------------------------------
def test_the_computer_declines_a_draw_and_play_goes_on(capsys):
    game, computer = main_turn()
    assert computer_accepts_draw(game.knowledge("gray")) is False
    session(game, "beige", computer, scripted(["draw", "quit"]))
    assert "the computer declines" in capsys.readouterr().out
    assert not game.is_over


def test_resign_asks_first_then_ends_the_game(capsys):
    game, computer = main_turn()
    assert session(game, "beige", computer, scripted(["resign", "no", "resign", "yes"]))
    out = capsys.readouterr().out
    assert "not resigned" in out and game.is_over and game.winner == "gray"


def test_play_command_runs_with_the_new_commands(capsys):
    args = build_parser().parse_args(["play", "--opponent", "random", "--seed", "3"])
    assert play_cmd.run(args, read=scripted(["2", "1", "history", "moves", "draw", "quit"])) == 0
    out = capsys.readouterr().out
    assert "the computer declines" in out and "move, act or use an ability" in out


def test_history_needs_nothing_of_the_web_server():
    import subprocess
    import sys

    # As without the 'web' extra: Starlette cannot be imported.
    code = ("import sys; sys.modules['starlette'] = None\n"
            "from legends_core import Game\n"
            "from legends.cli.play_cmd import history_lines\n"
            "g = Game.new(rules='classic', seed=1, setup=False)\n"
            "g.apply(g.legal_actions()[0])\n"
            "print(history_lines(g, 'red')[0])\n"
            "print([m for m in sys.modules if m.startswith('legends.web.app')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0].lstrip().startswith("1. red: ") and out[1] == "[]"


def test_many_squares_to_choose_from_take_a_dozen_to_a_line():
    from legends_core import Action

    game = Game.new(seed=3, setup=False)
    squares = [f"{f}{r}" for r in range(1, 5) for f in "abcdefgh"]  # 32 squares
    actions = [Action.choose(sq) for sq in squares] + [Action.pass_()]
    lines, listed = option_lines(game.view("beige"), actions, game.catalogue)
    assert len(lines) == 4  # 12 + 12 + 8 squares, then pass
    assert lines[0].split()[:3] == ["1-12", "choose", "a1"] and lines[2].split()[0] == "25-32"
    assert [str(a) for a in listed] == [str(a) for a in actions]
    assert lines[3].split() == ["33.", "pass"]
