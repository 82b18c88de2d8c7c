"""The commitment to the hidden setup: its salted digest, published as play begins.

Part of play (the first turn's start publishes it); checking it against a finished game's
record is :func:`legends_core.fairness.verify`, which explains the scheme.
"""

from __future__ import annotations

import hashlib
from json.encoder import encode_basestring_ascii as _quote
from typing import TYPE_CHECKING

from .events import Committed

if TYPE_CHECKING:
    from .engine import Engine


def setup_digest(g: Engine) -> str:
    """The salted SHA-256 digest of the hidden setup as it stands now."""
    # The text is json.dumps({"salt": ..., "pieces": [[id, place, owner, number], ...]},
    # separators=(",", ":"), sort_keys=True), written out: every game makes one, and the
    # general encoder costs twice as much. _quote is what json writes for a string; ids and
    # numbers are plain ints (tests/test_commitment.py checks the two texts agree).
    seats = [_quote(name) for name in g.rules.players]
    owner, types, ref = g.owner, g.types, g.ref
    rows = ",".join([f"[{pid},{_quote(ref(pid))},{seats[owner[pid]]},{types[pid].number}]"
                     for pid in range(len(types))])
    text = f'{{"pieces":[{rows}],"salt":{_quote(g.salt)}}}'
    return hashlib.sha256(text.encode()).hexdigest()


def commit(g: Engine) -> None:
    """Publish the commitment, once per game (at the first turn's start)."""
    if g.commitment is None:
        g.commitment = setup_digest(g)
        g.emit(Committed(g.commitment))
