"""The kernel's refusals of what a person typed (an action that is not legal now, notation it
cannot read, a setup line that breaks a rule) reach them in their language: each is met in
play and found to be a sentence of a template in ``legends.kernel_words``, worded in German
and Dutch with its squares and names kept; in the terminal and over the websocket."""

from __future__ import annotations

from typing import Any

import pytest

from legends.i18n import language, messages
from legends.kernel_words import REFUSALS, SETUP_PROBLEMS, refusal, refusal_words, template_of
from legends.wording import error_text
from legends_core import Game
from legends_core.errors import LegendsError
from legends_core.setupline import parse_setup
from legends_core.testing import stratego

#: Pieces of a classic game where each refusal below is met (red to move).
CLASSIC = ({"b2": "Scout", "b1": "Bomb", "c4": "Major", "a1": "Flag"},
           {"j9": "Flag", "e4": "Marshal"})
#: What red types there, and a word its refusal holds (a value kept in every language).
TYPED = {
    "b2-b5": "b2-b5",           # a standard move of more than one square
    "b1-c1": "Bomb",            # a piece that cannot move
    "h4-h5": "h4",              # no piece of yours
    "e4-e5": "e4",              # the enemy's piece
    "c4-c5": "c5",              # water, a lake in classic
    "b2-b1": "b1",              # held by your own side
    "z9-z10": "'z9'",           # off the board
    "b2 flying b4": "'flying'",  # a power the piece has not
    "c4 scout c6": "Major",     # a piece with no power at all
    "b2 scout c3": "scout",     # a power's targets not allowed
    "choose d4": "choose",      # a kind of action not asked for
    "pass": "pass",
    "nonsense": "'nonsense'",   # notation the kernel cannot read
    "choose": "choose",
    "swap a1": "swap",
    "c3 charging x": "'c3 charging x'",
    "": "",
}
#: Refusals hard to meet in a short position, as the kernel words them.
WORDED = [
    "b3-b4 is not legal: red must move, act or use an ability: your Scout cannot attack",
    "b3-b4 is not legal: red must move, act or use an ability: your Scout may not move back "
    "and forth between b3 and b4 for a third turn running",
    "choose x is not legal: beige must choose a piece to destroy; 'x' is not one of the offered "
    "choices",
    "c3-c4 is not legal: beige must use an ability, or pass",
    "q-r is not legal: red must move, act or use an ability: 'q' is not a square name like 'a1'",
]


def refusal_of(game: Game, text: str) -> str:
    with pytest.raises(LegendsError) as refused:
        game.apply(text)
    return str(refused.value)


def met_in_play() -> list[tuple[str, str]]:
    """Every refusal of :data:`TYPED`, as the kernel words it and as a program of each edition
    shows it (classic's in its own words: lakes, a Scout's run), with the word it keeps."""
    out = []
    for rules in ("classic", "legends"):
        for text, kept in TYPED.items():
            game = stratego("classic", *CLASSIC)
            said = refusal_of(game, text)
            out.append((error_text(said, rules), kept))
    return out


def setup_refusals() -> list[tuple[str, str]]:
    out = []
    for line, kept in (("FB", "red"), ("X" + "." * 39, "'X'"), ("X" * 40, "35"),
                       ("1" * 40, "Spy")):
        with pytest.raises(LegendsError) as refused:
            parse_setup(line, "classic", "red")
        out.append((str(refused.value), kept))
    return out


def all_refusals() -> list[tuple[str, str]]:
    return met_in_play() + setup_refusals() + [(w, w.split()[0]) for w in WORDED]


def test_every_refusal_met_is_a_sentence_of_a_template():
    refusals = all_refusals()
    assert len(refusals) > 40
    missing = sorted({text for text, _ in refusals if template_of(text, REFUSALS) is None})
    assert not missing, f"add these to legends.kernel_words.REFUSALS: {missing}"
    for text, _ in refusals:
        words = refusal_words(text)
        assert str(words) == text  # the English, unchanged
        problems: Any = words.values.get("problems")
        for part in problems.parts if problems is not None else ():
            assert template_of(str(part), SETUP_PROBLEMS) is not None, str(part)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_refusals_are_worded_in_the_readers_language_with_their_values_kept(lang):
    catalogue = messages(lang)
    for text, kept in all_refusals():
        words = refusal_words(text)
        assert words.template in catalogue, words.template
        with language(lang):
            said = refusal(text)
        assert said != text and kept in said, (text, said)
        for english in (" is not legal", " must ", "is not a piece of this army", "cannot read"):
            assert english not in said, (lang, said)
    with language("en"):
        assert all(refusal(text) == text for text, _ in all_refusals())


def test_a_plugins_own_refusal_is_shown_as_it_is():
    text = "the Mirror Knight refuses: its reflection is elsewhere"
    assert str(refusal_words(text)) == text
    with language("de"):
        assert refusal(text) == text


def test_the_terminal_says_an_illegal_move_in_the_players_language(capsys):
    from legends.cli.play_cmd import session
    from test_cli_play_commands import main_turn, scripted

    game, computer = main_turn()
    with language("de"):
        session(game, "beige", computer, scripted(["a1-a9", "quit"]))
    out = capsys.readouterr().out
    assert "ist jetzt nicht erlaubt" in out and "is not legal" not in out


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_websocket_says_an_illegal_action_in_the_language_of_the_hello(tmp_path, lang):
    from test_web_refusals import new_game
    from webgames import client

    with client(str(tmp_path / "games.sqlite3")) as http:
        made = new_game(http, side="beige").json()
        http.post(f"/api/games/{made['code']}/join", json={"name": "Bob"})
        with http.websocket_connect(f"/ws/{made['code']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"], "lang": lang})
            assert ws.receive_json()["type"] == "welcome"
            state: dict[str, Any] = ws.receive_json()
            ws.send_json({"type": "action", "action": "a1-a9", "decision": state["decision"]})
            got = ws.receive_json()
        assert got["type"] == "error" and "a1-a9" in got["message"]
        assert "is not legal" not in got["message"]
        head = {"de": "ist jetzt nicht erlaubt", "nl": "mag nu niet"}[lang]
        assert head in got["message"]


def test_random_illegal_input_in_every_edition_is_refused_in_templated_words():
    import random

    from legends_core import rulesets

    rng = random.Random(7)
    unmatched: set[str] = set()
    met = 0
    for rules in rulesets():
        for seed in range(3):
            game = Game.new(seed=seed, auto_pass=True, **({} if rules == "legends"
                                                           else {"rules": rules}))
            board = game.engine.board
            names = [board.name(s) for s in range(board.width * board.height)]
            for _ in range(40):
                if game.is_over:
                    break
                legal = list(game.legal_actions())
                offered = {str(a) for a in legal}
                powers = [a for a in legal if a.kind == "power"]
                tries = [f"{rng.choice(names)}-{rng.choice(names)}", "pass",
                         f"choose {rng.choice(names)}", f"swap {rng.choice(names)} a1"]
                if powers:
                    p = rng.choice(powers)
                    tries.append(" ".join((p.src, p.key, rng.choice(names))))
                    tries.append(" ".join((rng.choice(names), p.key)))
                for text in tries:
                    if text in offered:
                        continue
                    try:
                        game.apply(text)
                    except LegendsError as exc:
                        met += 1
                        said = error_text(str(exc), rules)
                        if template_of(said, REFUSALS) is None:
                            unmatched.add(said)
                    else:
                        break  # it was legal after all (a swap in another order)
                else:
                    game.apply(rng.choice(legal))
    assert met > 500
    assert not unmatched, sorted(unmatched)[:10]
