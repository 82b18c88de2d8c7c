"""The game's own words (issue 30): what a person reads names pieces, powers, answers and
windows as the games print them, never by the program's keys; each edition speaks its own
vocabulary (classic Stratego has ranks and lakes, no terrain, magic, castles or collector
numbers); one numbering of turns everywhere; a piece's text is said once."""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from legends.ai import make_player
from legends.cli import main
from legends.cli.play_cmd import session
from legends.cli.text import event_lines, info_lines, key_lines
from legends.web import movelist
from legends.web.app import piece_info
from legends.web.rooms import Room
from legends.web.store import open_store
from legends.wording import (
    line,
    option_groups,
    option_labels,
    piece_lines,
    piece_text,
    turn_label,
)
from legends_core import Game, LegendsError, catalogue, catalogue_for, rulesets
from legends_core.events import Destroyed, Moved, PowerUsed, Revealed, describe
from legends_core.piecetype import slug
from legends_core.testing import position_dict

CLASSIC_EDITIONS = [r for r in rulesets() if r != "legends"]
#: Stratego Legends' own words, which no other edition has (Narnia has magic of its own).
LEGENDS_WORDS = ("deserts?", "forests?", "marsh(es)?", "mountains?", "plains", "towns?",
                 "castles?", "strengths?", "abilit(y|ies)", "curses?", "magic")


@pytest.fixture(scope="module")
def keys() -> re.Pattern[str]:
    """Every internal key a person must never read: the keys pieces' names make, the powers'
    keys and the keywords they lend (``dispel_magic``), the windows as the kernel names them
    in a pass, and the places of pieces off the board (``gray-1:5``)."""
    found: set[str] = set()
    for name in rulesets():
        cat = catalogue() if name == "legends" else catalogue_for(name)
        for t in cat.values():
            found.add(slug(t.name))
            found.update(p.key for p in t.powers if p.key)
            found.update(k for k in t.keywords if "_" in k)

    def either(keys: set[str]) -> str:
        return "|".join(sorted((re.escape(k) for k in keys), key=len, reverse=True))

    # A key of several words is a key wherever it stands; a key of one word ("cavalry",
    # "flying") is also plain English, and a key where notation would put it: after a
    # square, in brackets, or after "uses", "by", "with".
    many = either({k for k in found if "-" in k or "_" in k})
    one = either({k for k in found if "-" not in k and "_" not in k})
    return re.compile(rf"(?<![\w'-])({many})(?![\w'-])"
                      rf"|\b[a-z]{{1,2}}\d{{1,2}} ({one})\b|\(({one})\)"
                      rf"|\b(uses|by|with) ({one})\b"
                      r"|passes \((attack|strike|end)\)|\b[a-z]+(-\d+)?:\d+\b")


def svg_text(svg: str) -> list[str]:
    return re.findall(r">([^<>]+)</(?:text|title)>", svg)


def people_read(rules: str, players: int, seed: int, tmp_path: Any,
                steps: int = 160) -> Iterator[tuple[str, str]]:
    """Play a random game of ``rules`` through the web server's room and yield (where, text)
    for every text its people read: the state messages' lines, labels, groups, prompt, reason
    and turn label, each seat's move list, the board pictures."""
    game = Game.new(rules=rules, players=players, seed=seed)
    store = open_store(str(tmp_path / f"{rules}-{players}-{seed}.sqlite3"), init=True)
    seats = {s: {"kind": "human", "name": s, "taken": True} for s in game.players}
    room = Room.create(store, game, seats)
    rng = random.Random(seed)
    messages = {s: room.state(s, []) for s in game.players}
    for _ in range(steps):
        for seat, m in messages.items():
            yield from ((f"{rules} {seat} lines", x) for x in m["lines"])
            yield from ((f"{rules} {seat} label {o}", x) for o, x in m["labels"].items())
            yield from ((f"{rules} {seat} group", x) for x in m["groups"].values())
            yield from ((f"{rules} {seat} {k}", m[k] or "") for k in ("prompt", "reason",
                                                                       "turn_label"))
            assert set(m["labels"]) == set(m["view"]["options"])
        if room.game.is_over:
            break
        seat = room.game.current_player
        assert seat is not None
        action = rng.choice(list(room.game.legal_actions()))
        messages = room.act(seat, str(action), room.decision(seat))
    for seat in game.players:
        for turn in room.moves(seat)["turns"]:
            yield f"{rules} {seat} move list", turn["label"]
            yield from ((f"{rules} {seat} move list", p["text"]) for p in turn["plies"])
        yield from ((f"{rules} {seat} svg", x)
                    for x in svg_text(room.state(seat, [])["svg"]))


def check(texts: Any, keys: re.Pattern[str], rules: str) -> int:
    count = 0
    for where, text in texts:
        count += 1
        assert not keys.search(text), f"{where}: an internal key in {text!r}"
        if rules != "legends":
            own = [w for w in LEGENDS_WORDS if w != "magic" or not rules.startswith("narnia")]
            low = text.lower()
            assert not any(re.search(rf"\b{w}\b", low) for w in own), f"{where}: {text!r}"
            assert not re.search(r"#\d", text), f"{where}: a collector number in {text!r}"
    return count


@pytest.mark.parametrize("rules", sorted(rulesets()))
def test_no_internal_key_reaches_the_page_in_any_edition(rules, keys, tmp_path):
    seeds = (1, 2) if rules == "legends" else (1,)
    for seed in seeds:
        assert check(people_read(rules, 2, seed, tmp_path), keys, rules) > 100


def test_no_internal_key_reaches_the_page_in_a_team_game(keys, tmp_path):
    assert check(people_read("legends", 4, 3, tmp_path, steps=120), keys, "legends") > 100


def run_cli(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


@pytest.mark.parametrize("rules", sorted(rulesets()))
def test_no_internal_key_reaches_the_terminal_in_any_edition(rules, keys):
    out = run_cli("game", "--rules", rules, "--seed", "2", "--turn-limit", "30")
    assert "[turn   1]" in out  # the first turn is turn 1 in every edition
    # The board's own lines (another part's) are left out: its marks are the board's.
    texts = [("legends game", x) for x in out.splitlines()
             if not re.match(r"\s*\d+\s|\s+[a-z](\s+[a-z])+\s*$", x)]
    game = Game.new(rules=rules, seed=5)
    rng = random.Random(5)
    for _ in range(60):
        if game.is_over:
            break
        events = game.apply(rng.choice(list(game.legal_actions())))
        for seat in game.players:
            names = {n: t.name for n, t in game.catalogue.items()}
            texts += [("event_lines", x)
                      for x in event_lines(game.events_for(events, seat), names, rules)]
    for seat in game.players:
        view = game.view(seat)
        texts += [("key_lines", x) for x in key_lines(view, game.catalogue)]
        for p in view.pieces[::7]:
            texts += [("info_lines", x) for x in info_lines(view, p.square, game.catalogue)]
    cat = game.catalogue
    for n in list(cat)[::9]:
        texts += [("legends pieces", x) for x in
                  run_cli("pieces", str(n), "--rules", rules).splitlines()]
        panel = piece_info(cat, str(n), rules)  # the page's piece panel (/api/pieces/N)
        texts += [("/api/pieces", str(panel[k])) for k in ("heading", "summary", "text")]
        texts += [("/api/pieces", f"{p['label']}: {p['text']}") for p in panel["powers"]]
    texts += [("legends pieces", x) for x in run_cli("pieces", "--rules", rules).splitlines()]
    texts += [("legends play", x) for x in played(rules)]
    check(texts, keys, rules)


def played(rules: str) -> list[str]:
    """What ``legends play`` prints in a short session against the random player: the first
    choice every time, then the history and the choices, without the board's own rows."""
    game = Game.new(rules=rules, seed=4) if rules == "legends" else Game.new(
        rules=rules, seed=4, setup=False)
    me = game.players[0]
    answers = iter(["1"] * 12 + ["history", "moves", "nonsense", "z9-z8"])

    def read(prompt: str) -> str:
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        return answer

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        session(game, me, make_player("random", 1), read)
    return [x for x in out.getvalue().splitlines()
            if not re.match(r"\s*\d+\s\s|\s+[a-z](\s+[a-z])+\s*$", x)]


# -- labels of each kind of option -----------------------------------------------------
def test_a_move_names_the_piece_as_its_seat_knows_it():
    pos = position_dict({"b4": 1004, "a1": 1012, "b5": 1105, "j10": 1112}, rules="classic")
    game = Game.from_position(pos)
    labels = option_labels(game.view("red"), "classic")
    assert labels["b4-b5"] == "Major b4 attacks b5"
    assert labels["b4-a4"] == "Major b4 \u2192 a4"


def test_a_power_is_named_by_its_printed_name_with_its_source_and_targets():
    # Gray Knight (#44) has Quickness; Landor (#1) has an action of his own.
    game = Game.from_position(position_dict({"c3": 44, "e3": 1, "a1": 141, "h8": 150,
                                             "h1": 136}))
    labels = option_labels(game.view("beige"), "legends")
    quick = [x for o, x in labels.items() if " quickness " in f" {o} "]
    assert quick and all(x.startswith("Quickness: Gray Knight c3 \u2192 ") for x in quick)
    own = [x for o, x in labels.items() if " landor " in f" {o} "]
    assert own and all(x.startswith("Landor e3: its power") for x in own)
    assert "pass" not in labels or labels["pass"] == "Pass"


def test_answers_name_what_they_choose():
    class FakeView:
        player = "beige"
        pieces = ()
        destroyed = {"gray": (150,), "beige": ()}
        options = ("choose Tiera", "choose gray:0", "choose d4", "choose done", "choose keep",
                   "choose shuffle", "pass", "swap a1 b2")

    labels = option_labels(FakeView(), "legends")
    assert labels["choose Tiera"] == "Tiera (#37)"
    assert labels["choose gray:0"].startswith(catalogue()[150].name + " (#150)")
    assert labels["choose d4"] == "d4"
    assert labels["choose done"] == "Done"
    assert labels["pass"] == "Pass"
    assert labels["swap a1 b2"] == "Switch a piece on a1 with a piece on b2"
    assert {labels["choose keep"], labels["choose shuffle"]}.isdisjoint({"keep", "shuffle"})


def test_a_piece_naming_question_is_grouped_by_army_and_colour():
    # Psychic Devourer asks for the name of the piece it attacks: every piece of the game.
    cat = catalogue()

    class Naming:
        player = "beige"
        pieces = ()
        destroyed: dict[str, tuple[int, ...]] = {}
        options = tuple(sorted({f"choose {t.name}" for t in cat.values()}))

    groups = option_groups(Naming(), "legends")
    assert len(groups) > 150
    assert groups["choose Tiera"] == "Beige \u00b7 Gold (Valorians)"
    assert len(set(groups.values())) == 6  # three colours in each of two armies
    labels = option_labels(Naming(), "legends")
    assert labels["choose Tiera"] == "Tiera (#37)"

    class Classic:
        player = "red"
        pieces = ()
        destroyed: dict[str, tuple[int, ...]] = {}
        options = ("choose Scout", "choose a1")

    assert option_groups(Classic(), "ultimate-campaign") == {}  # both armies have a Scout


# -- numbering ---------------------------------------------------------------------------
def test_one_numbering_of_turns_from_the_first_turn_after_the_setup():
    assert turn_label(13) == "Turn 13" and turn_label(0) == "Setup"
    game = Game.new(rules="classic", seed=1)
    assert game.turn == 1
    events = game.apply(next(iter(game.legal_actions())))
    started = [e for e in events if e.kind == "turn"]
    assert [e.number for e in started] == [2]  # each player's turn counts
    listed = movelist.turns([(0, [e.to_dict() for e in events])], [0, 1], {}, (1, "red"))
    assert [(t["turn"], t["label"]) for t in listed] == [(1, "Turn 1"), (2, "Turn 2")]
    out = run_cli("game", "--rules", "classic", "--seed", "1", "--turn-limit", "4")
    assert re.findall(r"\[turn +(\d+)\]", out)[:4] == ["1", "2", "3", "4"]
    assert "after 4 turns" in out


# -- each text once ----------------------------------------------------------------------
@pytest.mark.parametrize("rules", sorted(rulesets()))
def test_no_piece_text_is_said_twice(rules):
    cat = catalogue() if rules == "legends" else catalogue_for(rules)
    legends = rules == "legends"
    for t in cat.values():
        shown = piece_lines(t, legends)
        sentences = [s.strip() for x in shown for s in re.split(r"(?<=\.)\s", x) if s.strip()]
        doubled = {s for s in sentences if sentences.count(s) > 1}
        assert not doubled, (t.number, doubled)
        # heading, facts, the text once, the rulings: no second text from the powers
        assert len(shown) == 2 + bool(piece_text(t, legends)) + len(t.rulings), t.number
        text = piece_text(t, legends).lower()
        if not legends and t.strength is not None:
            assert f"rank {t.strength}." not in text  # the facts line gives the rank


def test_legends_pieces_prints_a_piece_once():
    out = run_cli("pieces", "37")
    assert out.count("-5 on marsh") == 1 and out.startswith("#37 Tiera")
    out = run_cli("pieces", "Captain", "--army", "red", "--rules", "classic")
    assert out.splitlines() == ["Captain", "  rank 6, red army"]


# -- events naming pieces --------------------------------------------------------------
def test_events_name_the_piece_by_name_and_number_where_it_is_known():
    seen = Revealed(at="b3", piece=14, seen=("beige", "gray"))
    name = catalogue()[14].name
    assert str(seen) == f"{name} (#14) on b3 is revealed to beige, gray"
    hidden = Moved(player="gray", frm="a1", to="a2", piece=None, seen=("gray",))
    assert str(hidden) == "gray moves a hidden piece a1-a2"
    assert line(seen.to_dict(), {}, True).startswith(f"{name} (#14) on b3")
    assert line(hidden.to_dict(), {}, True) == "gray moves a hidden piece a1-a2"
    # Classic pieces have no numbers a player sees.
    captured = Destroyed(at="b5", piece=1105, army="blue", cause="attack")
    assert line(captured.to_dict(), {}, False) == "Captain on b5 is captured"
    assert describe(captured) .startswith("Captain on b5")


def test_a_power_is_told_by_its_name_not_its_key():
    nazint = next(t for t in catalogue().values() if t.name == "Nazint")
    used = PowerUsed(player="gray", at="e4", piece=nazint.number, key="nazint",
                     targets=("f5",))
    text = line(used.to_dict(), {}, True)
    assert text == f"gray's Nazint (#{nazint.number}) on e4 uses its power \u2192 f5"
    assert str(used) == text
    strike = PowerUsed(player="beige", at="e6", piece=44, key="distance-strike",
                       targets=("g4",))
    assert "uses Distance Strike \u2192 g4" in line(strike.to_dict(), {}, True)
    ply = movelist.ply_text(strike.to_dict(), [], {})
    assert ply == "e6 Distance Strike \u2192 g4"


# -- refusals ------------------------------------------------------------------------------
def test_a_classic_refusal_gives_classic_examples(tmp_path):
    game = Game.new(rules="classic", seed=1)
    store = open_store(str(tmp_path / "r.sqlite3"), init=True)
    room = Room.create(store, game, {s: {"kind": "human"} for s in game.players})
    refusals = []
    for text in ("a4-a6", "zz", "c4-c5"):
        with pytest.raises(LegendsError) as caught:
            room.check("red", text, room.decision("red"))
        refusals.append(str(caught.value))
    said = " ".join(refusals)
    assert "'b2 scout b6'" in said and "c5 is a lake" in said
    assert "charging" not in said and "water" not in said and "ability" not in said
    # Stratego Legends keeps its own.
    legends = Game.from_position(position_dict({"c3": 44, "a1": 141, "h8": 150, "h1": 136}))
    with pytest.raises(LegendsError, match="charging c6"):
        legends.parse_action("c3-c5", player="beige")


def test_a_moving_power_is_named_once_in_the_move_list():
    run = [{"kind": "turn", "number": 5, "player": "gray"},
           {"kind": "power", "player": "gray", "piece": 148, "at": "h6", "key": "slashing",
            "targets": ["f4"], "secret": False},
           {"kind": "attack", "player": "gray", "frm": "h6", "to": "f4", "how": "slashing"},
           {"kind": "destroy", "at": "f4", "piece": 47, "army": "beige", "cause": "attack"}]
    names = {n: t.name for n, t in catalogue().items()}
    listed = movelist.turns([(9, run)], [0, 10], names)
    assert [p["text"] for p in listed[0]["plies"]] == ["h6xf4 (Slashing) Scythe takes Crailton Martyr"]
