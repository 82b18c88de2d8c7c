"""One seat's move list: the turns of a game in notation, built only from the events that seat
was shown.

Each turn holds its plies (``b2-b3``, ``a6xa5`` with the attack's outcome as the seat saw it,
a power by its key), and each ply names the step (count of actions) at which the seat was
told of it: the board the seat was shown at that step is what stepping back to the ply shows.
A piece the seat never saw stays unnamed (the events say ``None`` for it), so the list cannot
tell more than the seat's own log.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping
from itertools import islice
from typing import Any

from legends_core.events import power_name

from ..i18n import _
from ..wording import reason, turn_label

#: Event kinds that end the outcome of an attack (what follows is another move).
_NEXT = frozenset({"turn", "move", "attack", "power", "place", "swap", "game-over"})


def delivered(seq: int, moments: list[int]) -> int:
    """The step at which the events of action ``seq`` (counted from 0) reached a seat that is
    told of the game at the steps ``moments`` (ascending): the first one after the action."""
    i = bisect.bisect_left(moments, seq + 1)
    return moments[i] if i < len(moments) else seq + 1


def _name(num: int | None, names: Mapping[int, str]) -> str | None:
    return None if num is None else names.get(num)


def _outcome(later: Iterable[dict[str, Any]], attack: dict[str, Any],
             names: Mapping[int, str], known: Mapping[str, str]) -> str:
    """How an attack ended, in words (from the reveals and destructions ``later`` in the
    events, and ``known``: the pieces the seat had already been shown, by square)."""
    frm, to = attack["frm"], attack["to"]
    seen = {sq: known[sq] for sq in (frm, to) if sq in known}
    lost: set[str] = set()
    for e in later:
        if e["kind"] in _NEXT:
            break
        if e["kind"] == "reveal" and (n := _name(e.get("piece"), names)):
            seen[e["at"]] = n
        elif e["kind"] == "destroy" and e.get("at") in (frm, to):
            lost.add(e["at"])
            # a fallen piece is named to everyone, even one never revealed
            if e["at"] not in seen and (n := _name(e.get("piece"), names)):
                seen[e["at"]] = n
    a, d = seen.get(frm, "?"), seen.get(to, "?")
    if lost == {frm, to}:
        return _("{attacker} and {defender} both fall").format(attacker=a, defender=d)
    if lost == {to}:
        return _("{attacker} takes {defender}").format(attacker=a, defender=d)
    if lost == {frm}:
        return _("{attacker} loses to {defender}").format(attacker=a, defender=d)
    return _("{attacker} against {defender}").format(attacker=a, defender=d)


def track(known: dict[str, str], e: dict[str, Any], names: Mapping[int, str]) -> None:
    """Keep ``known`` (square -> name of the piece there that the seat was shown) up to date
    with event ``e``."""
    kind = e["kind"]
    # A power's user is shown to all who are told of it: it names its piece.
    if kind in ("reveal", "power") and (n := _name(e.get("piece"), names)):
        known[e["at"]] = n
    elif kind == "move":
        n = known.pop(e["frm"], None) or _name(e.get("piece"), names)
        known.pop(e["to"], None)
        if n:
            known[e["to"]] = n
    elif kind == "destroy":
        known.pop(e.get("at", ""), None)
    elif kind == "place" and (n := _name(e.get("piece"), names)):
        known[e["at"]] = n
    elif kind == "swap":
        a, b = known.pop(e["a"], None), known.pop(e["b"], None)
        if a:
            known[e["b"]] = a
        if b:
            known[e["a"]] = b


def moving_power(e: dict[str, Any], later: Iterable[dict[str, Any]]) -> bool:
    """Is ``e`` a power that moves its piece (a Scout's long move, a charge), so that the move
    or attack after it, from its square to its one target, tells the rest?"""
    if e["kind"] != "power" or len(e.get("targets") or []) != 1:
        return False
    nxt = next((x for x in later if x["kind"] in _NEXT), None)
    return (nxt is not None and nxt["kind"] in ("move", "attack")
            and nxt["frm"] == e["at"] and nxt["to"] == e["targets"][0])


def ply_text(e: dict[str, Any], later: Iterable[dict[str, Any]], names: Mapping[int, str],
             known: Mapping[str, str] | None = None, legends: bool = True) -> str | None:
    """The notation for one event that is a ply (``None``: the event is not one; ``later``:
    the events after it, which tell an attack's outcome)."""
    kind = e["kind"]
    if kind == "move":
        if e.get("how") == "attack":  # the attacker stepping in: told by the attack itself
            return None
        via = "" if e.get("how") == "move" else f" ({power_name(e['how'])})"
        return f"{e['frm']}-{e['to']}{via}"
    if kind == "attack":
        via = "" if e.get("how") == "move" else f" ({power_name(e['how'])})"
        return f"{e['frm']}x{e['to']}{via} {_outcome(later, e, names, known or {})}"
    if kind == "power":  # by the power's name ("b2 Distance Strike \u2192 c4")
        targets = e.get("targets") or []
        name = power_name(e["key"])
        if targets:
            return f"{e['at']} {name} \u2192 {', '.join(targets)}"
        return f"{e['at']} {name}"
    if kind == "place":
        who = _name(e.get("piece"), names) or _("a piece")
        return _("{piece} in at {square}").format(piece=who, square=e["at"])
    if kind == "swap":
        return f"{e['a']}\u2194{e['b']}"
    if kind == "game-over":
        why = reason(e.get("reason", ""), legends)
        if e.get("winner"):
            return _("{winner} wins ({reason})").format(winner=e["winner"], reason=why)
        return _("nobody wins ({reason})").format(reason=why)
    return None


def turns(steps: Iterable[tuple[int, list[dict[str, Any]]]], moments: list[int],
          names: Mapping[int, str], start: tuple[int, str | None] = (0, None),
          legends: bool = True) -> list[dict[str, Any]]:
    """The move list from the events one seat was shown, by action number (``steps``:
    ``(seq, events)`` pairs, oldest first) and the steps the seat was told of the game at
    (``start``: the turn and seat the game began at, as every seat knows: 0 for a setup;
    ``legends``: worded for Stratego Legends, else for the other editions).

    :returns: ``[{"turn": n, "label": ..., "seat": s, "plies": [{"text": ..., "step": k},
        ...]}, ...]`` (``label``: the turn as the status line numbers it,
        :func:`legends.wording.turn_label`); turns without a ply (only passes) are left out,
        but for the one under way.
    """
    out: list[dict[str, Any]] = []
    current: dict[str, Any] = {"turn": start[0], "seat": start[1], "plies": []}
    known: dict[str, str] = {}
    moving = ""  # the key of a moving power, told with the move it makes
    # One run of events: an attack is settled, and a power's move made, after the windows
    # that follow them, which are later actions.
    flat = [(seq, e) for seq, events in steps for e in events]
    run = [e for _, e in flat]
    for i, (seq, e) in enumerate(flat):
        text = ply_text(e, islice(run, i + 1, None), names, known, legends)
        track(known, e, names)
        if e["kind"] == "turn":
            if current["plies"]:
                out.append(current)
            current = {"turn": e["number"], "seat": e["player"], "plies": []}
            continue
        if moving_power(e, islice(run, i + 1, None)):
            moving = power_name(e["key"])
            continue
        if text is not None and moving and e["kind"] in ("move", "attack"):
            # The move or attack names the power that made it once (its own "how" may
            # name it already).
            squares = text.split(" ", 1)[0]
            if f"({moving})" not in text:
                text = text.replace(squares, f"{squares} ({moving})", 1)
            moving = ""
        if text is not None:
            current["plies"].append({"text": text, "step": delivered(seq, moments)})
    if current["plies"] or current["turn"]:
        out.append(current)
    for turn in out:
        turn["label"] = turn_label(turn["turn"])
    return out
