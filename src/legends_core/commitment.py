"""The commitment to the hidden setup: its salted digest, published as play begins.

Part of play (the first turn's start publishes it); checking it against a finished game's
record is :func:`legends_core.fairness.verify`, which explains the scheme.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from .events import Committed

if TYPE_CHECKING:
    from .engine import Engine


def setup_digest(g: Engine) -> str:
    """The salted SHA-256 digest of the hidden setup as it stands now."""
    names = g.rules.players
    pieces = [[pid, g.ref(pid), names[g.owner[pid]], g.types[pid].number]
              for pid in range(len(g.types))]
    text = json.dumps({"salt": g.salt, "pieces": pieces}, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def commit(g: Engine) -> None:
    """Publish the commitment, once per game (at the first turn's start)."""
    if g.commitment is None:
        g.commitment = setup_digest(g)
        g.emit(Committed(g.commitment))
