"""Verifiable fairness: the hidden setup is committed to before play and can be checked after.

When the setup decisions are over and the first turn begins, the game publishes to every player
a commitment: the SHA-256 digest of the hidden setup (every piece's id, place, owner and
identity) together with a secret salt of 128 random bits. The digest tells nobody anything
(the salt makes it impossible to test guesses against it), but it binds the referee: the full
game record, handed out once the game is over, names the salt, so anyone can replay the record,
recompute the digest and compare it with the one they were shown during the game
(:func:`verify`, or ``legends verify RECORD``). With a player's own record the check goes
further: every event that player was shown must be what the replay shows them.

The digest :func:`verify` compares is always one it computed itself from pieces and salt. A
record that begins at the setup replays it, and the game commits as play begins. A record that
begins from a saved position may carry the commitment the position was saved with (a position
keeps it so that a game loaded in mid-play still shows it); that value is only the record's
word, so :func:`verify` accepts it only if the position's own pieces and salt give the same
digest, which is the case for a position saved as play began and for no position with a
different hidden setup.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs

from .commitment import commit, setup_digest

#: Tasks that change or may change the hidden setup before the commitment is taken.
SETUP_TASKS = frozenset({"setup-shuffle", "setup-switch"})

if TYPE_CHECKING:
    from .registry import Catalogue

# The commitment itself is taken during play (legends_core.commitment); checking it
# afterwards, here, is a tool that replays records.
__all__ = ["SETUP_TASKS", "Verification", "commit", "setup_digest", "verify"]


@attrs.frozen
class Verification:
    """The result of :func:`verify`: ``ok`` when no problem was found."""

    commitment: str | None
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(record: dict[str, Any] | str, *, commitment: str | None = None,
           player_record: dict[str, Any] | str | None = None,
           catalogue: Catalogue | None = None) -> Verification:
    """Check a full game record against what a player was shown.

    The commitment compared is recomputed from the record's setup (or, for a record that
    begins from a position stating a commitment, from that position's pieces and salt, and
    the stated one must agree).

    :param record: the full (referee's) record, as from :meth:`legends_core.Game.record`.
    :param commitment: the digest the player was shown during the game.
    :param player_record: the player's own record (:meth:`legends_core.Game.record` with a
        player); its commitment is used, and every entry of it must match the replay.
    :raises PositionError: the record cannot be read or replayed.
    """
    from . import safejson
    from .errors import PositionError
    from .game import Game
    from .records import check_record

    if isinstance(record, str | bytes):
        record = safejson.loads(record, "record")
    record = check_record(record)
    if isinstance(player_record, str):
        try:
            player_record = json.loads(player_record)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise PositionError(f"player record is not valid JSON: {str(exc)[:80]}") from None
    elif player_record is not None:
        player_record = json.loads(json.dumps(player_record))  # compare as a file would hold it
    game = Game.from_record(record, catalogue=catalogue)
    problems: list[str] = []
    digest = game.commitment
    if "position" in record and record["position"].get("commitment") is not None:
        # The game kept the commitment the position states instead of committing on its own:
        # recompute it from the position before trusting it.
        digest, problem = _recompute_stated(record["position"], game.engine.catalogue)
        if problem:
            problems.append(problem)
    claims: list[str] = []
    if commitment is not None:
        claims.append(commitment)
    if player_record is not None:
        if not isinstance(player_record, dict) or player_record.get("format") != \
                "stratego-legends-player-record":
            raise PositionError("player record: format: expected 'stratego-legends-player-record'")
        claim = player_record.get("commitment")
        if not isinstance(claim, str):
            problems.append("the player record holds no commitment")
        else:
            claims.append(claim)
        who = player_record.get("player")
        if who not in game.players:
            raise PositionError(f"player record: player: {str(who)[:20]!r} is not a seat of this game")
        # Compare as JSON: what the player kept went through a file.
        mine = json.loads(json.dumps(game.record(who)))
        if mine.get("log") != player_record.get("log") or mine.get("start") != player_record.get("start"):
            problems.append("the player record does not match what the full record shows that player")
    if digest is None:
        problems.append("the game never reached play, so nothing was committed")
    for claim in claims:
        if claim != digest:
            problems.append(f"commitment mismatch: shown {claim[:16]}..., the record's setup "
                            f"gives {(digest or 'none')[:16]}...")
    return Verification(digest, tuple(problems))


def _recompute_stated(position: dict[str, Any], catalogue: Catalogue) -> tuple[str | None, str]:
    """The digest a record's starting position really gives, and what is wrong with the
    commitment it states (``""`` when nothing is)."""
    from .position import from_position

    stated = position["commitment"]
    stack = position.get("stack", [])
    if any(isinstance(t, dict) and t.get("task") in SETUP_TASKS for t in stack):
        return None, ("the record starts from a position that states a commitment while setup "
                      "decisions are still to come; a commitment binds the setup as play begins, "
                      "so this one cannot be checked")
    if position.get("salt") is None:
        return None, ("the record starts from a position that states a commitment but gives no "
                      "salt, so the commitment cannot be recomputed")
    actual = setup_digest(from_position(position, catalogue))
    if actual != stated:
        return actual, (f"the record starts from a position that states the commitment "
                        f"{stated[:16]}..., but that position's pieces and salt give "
                        f"{actual[:16]}...: the stated commitment is not the one of the setup "
                        "the record begins with (or the position is from after play began, "
                        "which cannot be verified)")
    return actual, ""
