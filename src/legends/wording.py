"""The words the programs use (the page, the terminal), in each edition's own terms.

Stratego Legends has strengths, a death-curse slot, abilities and collector numbers printed on
its pieces; the other editions (classic Stratego and its relatives) have ranks, captured
pieces and no numbers a player ever sees. The lines here are built from the same events and
facts as ever; only the wording differs.
"""

from __future__ import annotations

from typing import Any

from legends_core.events import Event, describe
from legends_core.registry import PieceType
from legends_core.ruleset import ALIASES, DEFAULT

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
    return text


def line(event: dict[str, Any], names: dict[int, str], legends: bool) -> str:
    """One event (as a seat was shown it) as a line of the log."""
    e = Event.from_dict(event)
    if legends:
        return describe(e, names)
    kind = event["kind"]
    piece = names.get(event.get("piece") or -1, "a hidden piece")
    if kind == "destroy":
        cause = "" if event.get("cause") in ("", "attack") else f" ({event['cause']})"
        return f"{piece} on {event['at']} is captured{cause}"
    if kind == "power":
        targets = event.get("targets") or []
        aim = f" \u2192 {', '.join(targets)}" if targets else ""
        return f"{event['player']}'s {piece} on {event['at']}: {event['key']}{aim}"
    if kind == "game-over":
        return (f"game over: {event.get('winner') or 'nobody'} wins "
                f"({reason(event.get('reason', ''), legends)})")
    if kind == "strength":
        return (f"ranks on {event['at']}: attacker {event['attacker']}, "
                f"defender {event['defender']}")
    return describe(e, names, ids=False)


def prompt(decision: str | None, legends: bool) -> str | None:
    """The pending decision in words for the deciding seat (``None``: it is not deciding)."""
    return "your move" if not legends and decision == MAIN_PROMPT else decision


def piece_summary(t: PieceType, legends: bool) -> tuple[str, str]:
    """A piece's heading and one line of facts for the page's piece panel."""
    if legends:
        return (f"#{t.number} {t.name}",
                f"{t.kind}, {t.strength_label}, {t.colour} {t.type} ({t.nation})")
    facts = [f"rank {t.strength}" if t.strength is not None else "no rank",
             f"{t.army} army"]
    if "stationary" in t.keywords:
        facts.append("never moves")
    return t.name, ", ".join(facts)


def option_labels(view: Any, rules: str, catalogue: Any = None) -> dict[str, str]:
    """What a person reads for each of ``view``'s options (the action strings), in the
    edition's words. (To be filled in: for now each option is its own label.)"""
    return {o: o for o in view.options}


def option_groups(view: Any, rules: str, catalogue: Any = None) -> dict[str, str]:
    """A heading for the options a long list is best grouped by (e.g. a named piece's army
    and colour); options without one are left out. (To be filled in.)"""
    return {}
