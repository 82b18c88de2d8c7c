"""Rematch at the end of a two-player game: a new game of the same edition, clock and rated
flag with the seats swapped, the same people (and accounts) seated.

Each person's seat token for the new game is derived from their token for the ended one
(:func:`rematch_token`): a page holding its old token can always ask for its new one, from any
server process, and the store keeps only the new tokens' digests (as for every token). The
offering seat's digest is noted with its offer, since the game is made when the other side
accepts, in the accepting request (:meth:`~legends.web.lobby_store.LobbyStore.offer_rematch` lets one
request only make it).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING, Any

from ..ai import make_player
from ..i18n import N_
from .arranging import RANDOM, Arrangement
from .guards import Pacer, Refused
from .lobby_store import LobbyStore
from .store import token_digest

if TYPE_CHECKING:
    from .app import Server
    from .rooms import Room


def rematch_token(token: str, code: str) -> str:
    """The seat token, in the rematch of game ``code``, of whoever held ``token`` in it."""
    mac = hmac.new(token.encode(), b"legends rematch " + code.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()


def _swap(room: Room) -> dict[str, str]:
    first, second = room.players
    return {first: second, second: first}


async def answer(server: Server, lobby: LobbyStore, code: str, token: object,
                 offer: bool) -> dict[str, Any]:
    """A player asks about the rematch of game ``code`` (``offer``: offers one, or accepts
    the other's): who offered, and once accepted the new game, their seat and its token."""
    room, seat = await server.seat_for(code, token)
    assert isinstance(token, str)
    if len(room.players) != 2:
        raise Refused(N_("a rematch is for games between two players"))
    if room.arranging or not room.game.is_over:
        raise Refused(N_("a rematch can be offered once the game is over"))
    swap = _swap(room)
    other = swap[seat]
    if offer:
        state = await server.writer.run(lobby.offer_rematch, room.code, seat,
                                        token_digest(rematch_token(token, room.code)),
                                        server.wall())
        if state == "offered" and room.seats[other].get("kind") == "computer":
            # The computer always accepts.
            state = await server.writer.run(lobby.offer_rematch, room.code, other, "",
                                            server.wall())
            if state == "accept":
                state = "accept-mine"
        if state.startswith("accept"):
            try:
                new = await _open(server, lobby, room, seat, rematch_token(token, room.code))
            except BaseException:
                await server.writer.run(lobby.rematch_made, room.code, None)
                raise
            await server.writer.run(lobby.rematch_made, room.code, new)
    found = await server.writer.read(lobby.rematch, room.code)
    out: dict[str, Any] = {"offered_by": None, "code": None}
    if found is not None:
        out["offered_by"], new_code = found
        if new_code is not None:
            out.update(code=new_code, seat=other, token=rematch_token(token, room.code))
    return out


async def _open(server: Server, lobby: LobbyStore, room: Room, seat: str, token: str) -> str:
    """Make the rematch of ``room`` (call as ``seat``, whose new token is ``token``): its
    code. The other person's token is the one noted with their offer."""
    swap = _swap(room)
    players, accounts = await server.writer.read(lobby.game_people, room.code)
    start = server.build_game({"rules": room.rules_name, "auto_pass": room.auto_pass})
    order = list(start.lines) if isinstance(start, Arrangement) else list(start.players)
    seats: dict[str, dict[str, Any]] = {}
    for new in order:
        old = room.seats[swap[new]]
        seats[new] = (dict(old) if old.get("kind") == "computer" else
                      {"kind": "human", "name": old.get("name") or "", "taken": True})
    if isinstance(start, Arrangement):
        for new, info in seats.items():
            if info["kind"] == "computer":  # its own setup, or the deal
                line = make_player(info["player"], secrets.randbits(64)).arrange(start.rules,
                                                                                 new)
                start = start.submit(new, RANDOM if line is None else line)
    clock = None if room.clocks is None else (room.clocks.minutes, room.clocks.increment)
    rating = None if players is None else {swap[s]: info for s, info in players.items()}
    server._make_space()
    mine = swap[seat]
    made = server._add(await server.writer.run(server._create, start, seats, token, mine,
                                               clock, rating))
    server.arm(made)
    # The other person's token: the digest noted with their offer.
    await server.writer.run(lobby.seat_offerer, room.code, made.code, swap)
    async with server.using(made):
        await server.run_computers(made, Pacer(0.0, server.clock, server.sleep))
    for old_seat, account in accounts.items():
        await server.writer.run(server.store.add_account_game, account, made.code,
                                swap[old_seat], made.rules_name, rating is not None,
                                server.wall())
    return made.code
