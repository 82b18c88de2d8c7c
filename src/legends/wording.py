"""The words the programs use (the page, the terminal), in each edition's own terms.

Stratego Legends has strengths, a death-curse slot, abilities and collector numbers printed on
its pieces; the other editions (classic Stratego and its relatives) have ranks, captured
pieces and no numbers a player ever sees. The lines here are built from the same events and
facts as ever; only the wording differs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

from legends_core.actions import Action
from legends_core.errors import LegendsError
from legends_core.events import (
    WINDOW_NAMES,
    Event,
    describe,
    keyword_name,
    piece_names,
    power_name,
)
from legends_core.registry import PieceType
from legends_core.ruleset import ALIASES, DEFAULT, catalogue_for

from .i18n import _
from .kernel_words import ending, question

#: The kernel's prompt for a turn's main decision (worded for Stratego Legends).
MAIN_PROMPT = "move, act or use an ability"


def is_legends(rules: str) -> bool:
    """Is ``rules`` (an edition's name or alias) Stratego Legends?"""
    return ALIASES.get(rules, rules) == DEFAULT


#: How a game ends, in the kernel's (Stratego Legends') words and in the other editions'.
_REASONS = (("attacked the enemy castle", "captured the enemy Flag"),
            ("took control of the enemy castle", "took the enemy Flag"),
            (" cannot move or act", " cannot move"))


def reason(text: str, legends: bool) -> str:
    """Why a game ended, in the edition's words."""
    if not legends:
        for kernel, own in _REASONS:
            text = text.replace(kernel, own)
    return ending(text) if text else text


# The fixed words, each a literal ``_()`` call so the catalogues find it; built when asked,
# in the language in use.
def terrain_name(terrain: str) -> str:
    """A terrain (``"marsh"``), water, a lake, land or boulders as a person reads it."""
    words = {"desert": _("desert"), "forest": _("forest"), "marsh": _("marsh"),
             "mountain": _("mountain"), "plains": _("plains"), "town": _("town"),
             "water": _("water"), "lake": _("lake"), "land": _("land"),
             "boulders": _("boulders"), "Boulders": _("Boulders")}
    return words.get(terrain, terrain)


def kind_name(kind: str) -> str:
    """A piece's kind (``"magic"``) in words."""
    return {"warrior": _("warrior"), "magic": _("magic"), "castle": _("castle")}.get(kind, kind)


def colour_name(colour: str) -> str:
    """A piece's colour (its nation's) in words."""
    return {"gold": _("gold"), "green": _("green"), "blue": _("blue"), "silver": _("silver"),
            "red": _("red"), "purple": _("purple")}.get(colour, colour)


def _fixed(value: str) -> str | None:
    """The fixed answers to questions (``choose done`` ...) in words (``None``: not one)."""
    return {"done": _("Done"), "keep": _("Keep them as they are"),
            "shuffle": _("Reshuffle them"), "reserve": _("Bring in a piece from the reserve"),
            "decline": _("Decline"), "pass": _("Pass")}.get(value)


def who(num: int | None, names: Mapping[int, str], legends: bool) -> str:
    """A piece as a line names it: by name (and collector number in Stratego Legends) when
    the event names it, else as hidden. An event names only pieces its reader may know."""
    if num is None:
        return _("a hidden piece")
    name = names.get(num) or piece_names().get(num)
    if name is None:
        return _("a piece")
    if legends and not name.endswith(")"):
        return _("{name} (#{number})").format(name=name, number=num)
    return name


def window_name(window: str) -> str:
    """A response window by the moment the rulebook gives it."""
    return {"attack": _("during the attack"), "strike": _("before the strike is decided"),
            "end": _("before the turn ends")}.get(window, WINDOW_NAMES.get(window, window))


def answer(value: str, legends: bool, names: Mapping[int, str] | None = None) -> str:
    """An answer to a question (a ``choose`` action's value) as a person reads it, without a
    view (see :func:`option_labels` for the fuller labels of a seat's own options)."""
    if (fixed := _fixed(value)) is not None:
        return fixed
    seat, sep, index = value.partition(":")
    if sep and index.isdigit():
        text = (_("a destroyed piece of {seat}") if legends
                else _("a captured piece of {seat}"))
        return text.format(seat=seat)
    if value in TERRAINS:
        return terrain_name(value)
    numbers = [n for n, name in (names or {}).items() if name == value]
    if legends and len(numbers) == 1:  # a piece named by the answer: its number too
        return _("{name} (#{number})").format(name=value, number=numbers[0])
    return value


def _question(short: str | None, legends: bool) -> str:
    """The question a ``choose`` event answered: the setup's by the kernel's short names."""
    if short == "shuffle":
        return _("the reshuffle of the opponent's face-down pieces")
    if short == "switch":
        return _("the setup switches")
    return prompt(short, legends) or ""


def _power_line(own: bool, targets: bool) -> str:
    """A power used: by its name, or as the piece's own (one without a name of its own)."""
    if own:
        return (_("{seat}'s {piece} on {square} uses its power \u2192 {targets}") if targets
                else _("{seat}'s {piece} on {square} uses its power"))
    return (_("{seat}'s {piece} on {square} uses {power} \u2192 {targets}") if targets
            else _("{seat}'s {piece} on {square} uses {power}"))


def line(event: dict[str, Any], names: Mapping[int, str], legends: bool) -> str:
    """One event (as a seat was shown it) as a line of the log, in the edition's words: no
    internal keys, pieces by name (and number in Stratego Legends) where the seat knows them."""
    e = event
    kind = e["kind"]
    piece = who(e.get("piece"), names, legends) if kind != "curse-void" else ""
    seat, square = e.get("player", ""), e.get("at", "")
    if kind == "turn":
        return _("-- turn {number}: {seat} to play").format(number=e["number"], seat=seat)
    if kind == "move":
        how, over = e.get("how", "move"), ", ".join(e.get("over") or ())
        if how in ("move", "attack"):
            text = _("{seat} moves {piece} {frm}-{to}")
        elif over:
            text = _("{seat} moves {piece} {frm}-{to} with {power} over {over}")
        else:
            text = _("{seat} moves {piece} {frm}-{to} with {power}")
        return text.format(seat=seat, piece=piece, frm=e["frm"], to=e["to"],
                           power=power_name(how), over=over)
    if kind == "attack":
        how = e.get("how", "move")
        text = (_("{seat} attacks {to} from {frm}") if how == "move"
                else _("{seat} attacks {to} from {frm} with {power}"))
        return text.format(seat=seat, to=e["to"], frm=e["frm"], power=power_name(how))
    if kind == "reveal":
        return _("{piece} on {square} is revealed to {seats}").format(
            piece=piece, square=square, seats=", ".join(e.get("seen") or ()))
    if kind == "strength":
        text = (_("strengths on {square}: attacker {attacker}, defender {defender}") if legends
                else _("ranks on {square}: attacker {attacker}, defender {defender}"))
        return text.format(square=square, attacker=e["attacker"], defender=e["defender"])
    if kind == "destroy":
        cause = e.get("cause") or ""
        if legends and e.get("into") == "curse":
            text = _("{piece} on {square} is destroyed into the curse slot")
        elif cause == "attack" and legends:
            text = _("{piece} on {square} is destroyed in the attack")
        elif cause in ("", "attack"):
            text = _("{piece} on {square} is destroyed") if legends else _(
                "{piece} on {square} is captured")
        else:
            text = _("{piece} on {square} is destroyed by {power}") if legends else _(
                "{piece} on {square} is captured by {power}")
        return text.format(piece=piece, square=square, power=power_name(cause))
    if kind == "curse-begin":
        return _("the death curse of {piece} takes effect for {seat}").format(
            piece=piece, seat=seat)
    if kind == "curse-end":
        return _("the death curse of {piece} ends").format(piece=piece)
    if kind == "curse-void":
        return _("two or more death curses at once: none takes effect")
    if kind == "control":
        return _("{seat} takes control of {piece} on {square}").format(
            seat=seat, piece=piece, square=square)
    if kind == "place":
        return _("{seat} brings {piece} into play on {square}").format(
            seat=seat, piece=piece, square=square)
    if kind == "power":
        name = power_name(e["key"])
        own = piece.startswith(name)
        targets = ", ".join(e.get("targets") or ())
        if not targets and e.get("secret"):
            text = (_("{seat}'s {piece} on {square} uses its power (targets not shown)") if own
                    else _("{seat}'s {piece} on {square} uses {power} (targets not shown)"))
        else:
            text = _power_line(own, bool(targets))
        return text.format(seat=seat, piece=piece, square=square, power=name, targets=targets)
    if kind == "modify":
        return _("{piece} on {square} gets {amount} until the end of the turn").format(
            piece=piece, square=square, amount=f"{e['amount']:+d}")
    if kind == "grant":
        return _("{piece} on {square} gains {keyword} until the end of the turn").format(
            piece=piece, square=square, keyword=keyword_name(e["keyword"]))
    if kind == "swap":
        how = e.get("how", "switch")
        text = (_("{seat} switches {a} and {b}") if how in ("switch", "setup switch")
                else _("{seat} swaps {a} and {b} with {power}"))
        return text.format(seat=seat, a=e["a"], b=e["b"], power=power_name(how))
    if kind == "pass":
        return _("{seat} passes ({moment})").format(seat=seat, moment=window_name(e["window"]))
    if kind == "choose":
        return _("{seat} chooses {answer} ({question})").format(
            seat=seat, answer=answer(str(e["value"]), legends, names),
            question=_question(e.get("prompt"), legends))
    if kind == "shuffle":
        return _("{seat} has the face-down pieces of the {army} army reshuffled").format(
            seat=seat, army=e["army"])
    if kind == "extra-turn":
        return _("{seat} takes another turn").format(seat=seat)
    if kind == "commit":
        return _("hidden setup committed: sha256 {digest}...").format(digest=e["digest"][:16])
    if kind == "game-over":
        why = reason(e.get("reason", ""), legends)
        if e.get("winner"):
            return _("game over: {winner} wins ({reason})").format(winner=e["winner"], reason=why)
        return _("game over: nobody wins ({reason})").format(reason=why)
    return describe(Event.from_dict(e), dict(names), ids=legends)


def turn_label(turn: int) -> str:
    """The turn as the status line, the move list, the log and the command line number it
    (see the ruling "Counting turns"): each player's turn counts, from 1; 0 is the setup."""
    return _("Turn {number}").format(number=turn) if turn else _("Setup")


def prompt(decision: str | None, legends: bool) -> str | None:
    """The pending decision in words for the deciding seat (``None``: it is not deciding)."""
    if decision is None:
        return None
    return _("your move") if not legends and decision == MAIN_PROMPT else question(decision)


def piece_summary(t: PieceType, legends: bool) -> tuple[str, str]:
    """A piece's heading and one line of facts for the page's piece panel."""
    if legends:
        return (f"#{t.number} {t.name}",
                _("{kind}, {strength}, {colour} {type} ({nation})").format(
                    kind=kind_name(t.kind), colour=colour_name(t.colour),
                    strength=(_("strength {value}").format(value=t.strength)
                              if t.strength is not None else _("no strength")),
                    type=t.type, nation=t.nation))
    army = _("{army} army").format(army=t.army)
    if t.strength is None:
        facts = _("no rank, {army}").format(army=army)
    else:
        facts = _("rank {rank}, {army}").format(rank=t.strength, army=army)
    if "stationary" in t.keywords:
        facts = _("{facts}, never moves").format(facts=facts)
    return t.name, facts


#: A sentence of a piece's text that only gives its rank, which the facts line gives already.
_RANK_ONLY = re.compile(r"^Rank \d+\.\s*")


def piece_text(t: PieceType, legends: bool) -> str:
    """A piece's rules text, said once: the piece's own text (it covers every power it
    has); the powers' one-line descriptions only for a piece without one. In the other
    editions a sentence that only gives the rank is left to the facts line."""
    text = t.text.strip()
    if not text:
        text = " ".join(f"{p.label}: {p.describe()}" for p in t.powers)
    if not legends:
        text = _RANK_ONLY.sub("", text)
    return text


def powers_named(t: PieceType) -> list[dict[str, str]]:
    """The powers of a piece that have a name of their own (the rulebook's: Flying,
    Quickness ...), by printed category and name; ``text`` is the name too, for a panel that
    prints "label: text". What they do is the piece's text (:func:`piece_text`), said once."""
    out = []
    for p in t.powers:
        name = power_name(p.key) if p.key else ""
        if name and name != t.name:
            out.append({"label": p.label, "name": name, "text": name})
    return out


def piece_lines(t: PieceType, legends: bool) -> list[str]:
    """A piece in full for the terminal (``legends pieces N``, ``info``): heading, facts,
    text and rulings, each said once."""
    heading, facts = piece_summary(t, legends)
    if legends:
        facts = _("{facts}, {army} army").format(facts=facts, army=t.army)
    if t.extra:
        heading = _("{heading} (extra)").format(heading=heading)
    out = [heading, f"  {facts}"]
    if (text := piece_text(t, legends)):
        out.append(f"  {text}")
    out.extend("  " + _("Ruling: {text}").format(text=r) for r in t.rulings)
    return out


def _catalogue(rules: str, catalogue: Any) -> Mapping[int, PieceType]:
    if catalogue is not None:
        return cast(Mapping[int, PieceType], catalogue)
    return catalogue_for(ALIASES.get(rules, rules))


def piece_heading(t: PieceType, legends: bool) -> str:
    """A piece type named as a person reads it: with its collector number in Stratego
    Legends (``"Tiera (#37)"``), by its name alone elsewhere."""
    return _("{name} (#{number})").format(name=t.name, number=t.number) if legends else t.name


def _by_name(cat: Mapping[int, PieceType]) -> dict[str, list[PieceType]]:
    found: dict[str, list[PieceType]] = {}
    for t in cat.values():
        found.setdefault(t.name, []).append(t)
    return found


class _Seen:
    """The pieces of a view by square, as its seat knows them."""

    def __init__(self, view: Any):
        self.names = {p.square: p.name or _("a hidden piece") for p in view.pieces}
        self.mine = {p.square for p in view.pieces if p.controller == view.player}


def _on(seen: _Seen, square: str) -> str | None:
    """The name of the piece on ``square`` as the seat knows it (``None``: no piece there;
    "a hidden piece" when the seat does not know it)."""
    return seen.names.get(square)


def _area_piece(view: Any, value: str, cat: Mapping[int, PieceType],
                legends: bool) -> str | None:
    """A ``choose seat:index`` answer (a piece in a destroyed area or reserve) in words."""
    seat, sep, index = value.partition(":")
    if not sep or not index.isdigit():
        return None
    area = view.destroyed.get(seat)
    num = area[int(index)] if area is not None and int(index) < len(area) else None
    if num is None:
        return answer(value, legends)
    name = piece_heading(cat[num], legends) if num in cat else _("a piece")
    text = (_("{piece}, destroyed ({seat})") if legends else _("{piece}, captured ({seat})"))
    return text.format(piece=name, seat=seat)


def option_label(option: str, view: Any, legends: bool, cat: Mapping[int, PieceType],
                 names: dict[str, list[PieceType]] | None = None,
                 seen: _Seen | None = None) -> str:
    """One option (an action's notation) as a person reads it, from ``view`` only."""
    board = seen or _Seen(view)
    try:
        a = Action.from_str(option)
    except LegendsError:
        return option
    if a.kind == "pass":
        return _("Pass")
    if a.kind == "move":
        piece = _on(board, a.src) or _("a piece")
        target = _on(board, a.dst)
        if target is None or a.dst in board.mine:
            return _("{piece} {frm} \u2192 {to}").format(piece=piece, frm=a.src, to=a.dst)
        return _("{piece} {frm} attacks {to}").format(piece=piece, frm=a.src, to=a.dst)
    if a.kind == "swap":
        return _("Switch {first} on {a} with {second} on {b}").format(
            first=_on(board, a.src) or _("a piece"), a=a.src,
            second=_on(board, a.dst) or _("a piece"), b=a.dst)
    if a.kind == "power":
        piece = _on(board, a.src) or _("a piece")
        name = power_name(a.key)
        targets = ", ".join(a.targets)
        if piece.startswith(name):  # the piece's own power: it has no other name
            text = (_("{piece} {square}: its power \u2192 {targets}") if targets
                    else _("{piece} {square}: its power"))
        else:
            text = (_("{power}: {piece} {square} \u2192 {targets}") if targets
                    else _("{power}: {piece} {square}"))
        return text.format(power=name, piece=piece, square=a.src, targets=targets)
    value = a.value
    if (fixed := _fixed(value)) is not None:
        return fixed
    if SQUARE.fullmatch(value):
        there = _on(board, value)
        return (value if there is None
                else _("{piece} on {square}").format(piece=there, square=value))
    if (area := _area_piece(view, value, cat, legends)) is not None:
        return area
    types = (names if names is not None else _by_name(cat)).get(value)
    if types:
        return piece_heading(types[0], legends) if len(types) == 1 else value
    if value in TERRAINS:
        return terrain_name(value)
    return value


#: A square's name (files past ``z`` on a team game's wide board have two letters).
SQUARE = re.compile(r"[a-z]{1,2}[0-9]{1,2}")
#: The terrains an answer may name.
TERRAINS = ("desert", "forest", "marsh", "mountain", "plains", "town")


def option_labels(view: Any, rules: str, catalogue: Any = None) -> dict[str, str]:
    """What a person reads for each of ``view``'s options (the action strings), in the
    edition's words, from that seat's view alone: a piece is named only where the seat knows
    it."""
    cat = _catalogue(rules, catalogue)
    legends = is_legends(rules)
    names = _by_name(cat) if any(o.startswith("choose ") for o in view.options) else {}
    seen = _Seen(view)
    return {o: option_label(o, view, legends, cat, names, seen) for o in view.options}


def army_group(t: PieceType, legends: bool) -> str:
    """The heading a piece type is listed under: its army and colour (its nation) in Stratego
    Legends, its army in the other editions."""
    if legends:
        return _("{army} \u00b7 {colour} ({nation})").format(
            army=t.army.capitalize(), colour=t.colour.capitalize(), nation=t.nation)
    return _("{army} army").format(army=t.army.capitalize())


def option_groups(view: Any, rules: str, catalogue: Any = None) -> dict[str, str]:
    """A heading for the options a long list is best grouped by: an answer naming a piece
    type, by the type's army and colour (:func:`army_group`); options without one are left
    out."""
    cat = _catalogue(rules, catalogue)
    legends = is_legends(rules)
    names: dict[str, list[PieceType]] = {}
    out: dict[str, str] = {}
    for o in view.options:
        if not o.startswith("choose "):
            continue
        names = names or _by_name(cat)
        types = names.get(o[len("choose "):])
        if types and len({army_group(t, legends) for t in types}) == 1:
            out[o] = army_group(types[0], legends)
    return out


#: The kernel's hints (worded for Stratego Legends) and the other editions' own, with
#: ``{run}`` for the edition's example of a moving power (a Scout's run, a ride).
_HINTS = (
    ("special movement is a power (e.g. 'c3 charging c6')",
     "a longer move is written with the piece's power, e.g. '{run}'"),
    ("expected 'b2-b3', 'c3 charging c6', 'choose d4', 'swap a1 b2' or 'pass'",
     "expected a move such as 'b2-b3' or '{run}'"),
    ("must move, act or use an ability", "must move"),
)
_WATER = re.compile(r"\b([a-z]{1,2}\d{1,2}) is water\b")


def error_text(text: str, rules: str, catalogue: Any = None) -> str:
    """A refusal from the kernel (worded for Stratego Legends) in the edition's words: its
    own example of input, lakes for water, no abilities."""
    if is_legends(rules):
        return text
    cat = _catalogue(rules, catalogue)
    key = next((p.key for t in cat.values() for p in t.powers if p.key), "")
    run = f"b2 {key} b6" if key else "b2-b3"
    for kernel, own in _HINTS:
        text = text.replace(kernel, own.format(run=run))
    return _WATER.sub(lambda m: f"{m.group(1)} is a lake", text)


def offer_line(notice: dict[str, Any]) -> str:
    """A draw offer's notice (what happened, and the seat that did it) in words."""
    seat = notice.get("seat", "")
    what = notice.get("what")
    if what == "offers":
        return _("{seat} offers a draw").format(seat=seat)
    if what == "declined by the computer":
        return _("{seat} offers a draw; the computer declines").format(seat=seat)
    if what == "withdraws":
        return _("{seat} withdraws the draw offer").format(seat=seat)
    if what == "declines":
        return _("{seat} declines the draw").format(seat=seat)
    if what == "accepts":
        return _("{seat} accepts the draw").format(seat=seat)
    return str(notice.get("line", ""))  # a notice stored in words by an older server


def edition_about(name: str, description: str) -> tuple[str, str]:
    """An edition's title (a proper name, as the kernel gives it before the colon) and what it
    is, in the reader's language; an edition the programs do not know keeps its own words."""
    title, _sep, rest = description.partition(":")
    about = {
        "barrage": _("classic Stratego with eight pieces a side (an example ruleset)"),
        "classic": _("10x10 board with two lakes, 40 ranked pieces a side, take the Flag"),
        "legends": _("8x8 battle boards, 30 pieces a side with powers, death curses, "
                     "castles"),
        "narnia-1": _("classic rules with the armies of Aslan and the White Witch; option "
                      "captures=open|prisoner|secret"),
        "narnia-2": _("Game 1 plus powered pieces and Red's reinforcements (the mechanism; "
                      "the powers are not in our sources)"),
        "ultimate-campaign": _("Lightning with a second army in reserve per player, brought "
                               "in a piece a turn; take both enemy Flags"),
        "ultimate-lightning": _("20 pieces a side, cavalry, long-range Scouts, attacker wins "
                                "ties, rescues"),
    }.get(name)
    return title.strip(), about or rest.strip()
