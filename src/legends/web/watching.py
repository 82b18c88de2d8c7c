"""Spectators: people who watch a game without a seat, and what the end of a game shows.

A spectator is :data:`legends_core.SPECTATOR`, the kernel's observer who knows only what every
seat knows. Their messages are made by the room's own code for a seat's (:meth:`Room.state
<.rooms.Room.state>`), from the spectator's view and events, and they are told of the game at
the points a seat that never decides would be (:meth:`Room.may_tell <.rooms.Room.may_tell>`):
so what a spectator receives, and when, tells nothing a seat could not know either.

Nothing is stored for spectators. What they were shown is rebuilt by replaying the game's
record once the first of them comes (:class:`WatchLog`), then kept up to date step by step,
changes another server process made included (:meth:`Room.follow <.rooms.Room.follow>` counts
them through the same code). Spectators reading different languages are sent one message per
language, under the key :func:`watch_key` gives (the server keeps their browsers under that key
beside the seats').

Once a game is over, :func:`end_reveal` shows it whole: the board with both armies, and the
setup the commitment was made for (its salt and every piece's place), so a page can recompute
the digest (as :func:`legends_core.fairness.setup_digest` does) and compare it with the one it
was shown when play began.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import SPECTATOR, Game
from legends_core.endings import Ending
from legends_core.records import without_result
from legends_core.textboard import orientation_for

from ..i18n import language
from ..svg import board_svg

if TYPE_CHECKING:
    from .rooms import Room

#: The prefix of the keys spectators' messages are sent under (one per language).
WATCH_PREFIX = "watch:"


def watch_key(lang: str) -> str:
    """The key under which spectators reading ``lang`` are sent their messages."""
    return WATCH_PREFIX + lang


@attrs.define
class WatchLog:
    """What spectators were shown so far (rebuilt from the record, never stored)."""

    #: per stored action that showed spectators something: ``(seq, events)``
    steps: list[tuple[int, list[dict[str, Any]]]]
    #: the counts of actions at which spectators were told of the game, ascending
    moments: list[int]
    #: events shown since the last of those moments (told with the next)
    unsent: list[dict[str, Any]]

    @property
    def told(self) -> int:
        return self.moments[-1] if self.moments else 0

    def before(self, step: int) -> list[dict[str, Any]]:
        """The events shown because of the first ``step`` actions, in order."""
        return [e for seq, events in self.steps if seq < step for e in events]


def build_log(room: Room) -> WatchLog:
    """Replay ``room``'s stored actions to learn what spectators were shown, and when."""
    record = without_result(room.game.record())
    game = Game.from_record({**record, "actions": []}, catalogue=room.catalogue)
    log = WatchLog([], [0] if room.may_tell(SPECTATOR, game) else [], [])
    for seq, text in enumerate(record["actions"][:room.steps]):
        ending = Ending.parse(text)  # a resignation, a loss on time, an agreed draw
        events = game.end(ending) if ending else game.apply(text, player=room.movers[seq])
        note(log, seq, watch_events(game, events), room.may_tell(SPECTATOR, game), seq + 1)
    return log


def watch_events(game: Game, events: list[Any]) -> list[dict[str, Any]]:
    """The events spectators are shown, as data."""
    return [e.to_dict() for e in game.events_for(events, SPECTATOR)]


def note(log: WatchLog, seq: int, events: list[dict[str, Any]], tell: bool,
         steps: int) -> list[dict[str, Any]] | None:
    """Add one stored action's events to ``log``. ``tell``: spectators are told of the game
    now (after ``steps`` actions); the events they are told of then are returned."""
    if events:
        log.steps.append((seq, events))
        log.unsent.extend(events)
    if not tell:
        return None
    log.moments.append(steps)
    told, log.unsent = log.unsent, []
    return told


def flipped_svg(room: Room, view: Any, last: Any) -> str:
    """The spectator's board turned the other way (the page's flip button)."""
    angle = (orientation_for(view, room.players[0]) + 180) % 360
    return board_svg(view=view, last=last, orientation=angle, catalogue=room.catalogue)


def spectator_state(room: Room, lang: str, events: list[dict[str, Any]],
                    game: Game | None = None, steps: int | None = None) -> dict[str, Any]:
    """A spectator's state message in ``lang``: the room's own state message, made for
    :data:`~legends_core.SPECTATOR`, with the board also drawn from the other side."""
    with language(lang):
        message = room.state.__wrapped__(room, SPECTATOR, events, game, steps)  # type: ignore[attr-defined]
        view = (game or room.game).view(SPECTATOR)
        message["flipped"] = flipped_svg(room, view, room.last.get(SPECTATOR))
    message["watching"] = True
    return message


def committed_setup(room: Room) -> dict[str, Any] | None:
    """The setup the game's commitment was made for: its ``salt`` and each piece as
    ``[id, place, owner, number]``, as :func:`legends_core.fairness.setup_digest` reads them
    (``None`` if the game never committed)."""
    record = without_result(room.game.record())
    game = Game.from_record({**record, "actions": []}, catalogue=room.catalogue)
    for text, mover in zip(record["actions"], room.movers, strict=False):
        if game.commitment is not None:
            break
        if Ending.parse(text) is not None:
            break
        game.apply(text, player=mover)
    if game.commitment is None:
        return None
    position = game.to_position()
    pieces = sorted([p["id"], p["at"], p["owner"], p["number"]] for p in position["pieces"])
    return {"salt": position["salt"], "pieces": pieces}


def end_reveal(room: Room, seat: str) -> dict[str, Any]:
    """What the end of the game shows ``seat`` (or a spectator): the board with every piece
    shown, from their side, the setup the commitment binds, and the commitment the game
    published. Only once the game is over (the full record is handed out then)."""
    game = room.game
    view = game.view(None)
    side = room.players[0] if seat == SPECTATOR else seat
    svg = board_svg(view=view, orientation=side, catalogue=room.catalogue)
    return {"svg": svg, "setup": committed_setup(room), "commitment": game.commitment}
