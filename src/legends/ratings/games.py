"""What one rated game changes (pure functions; the store keeps the numbers, see
:mod:`legends.web.ratings_store`).

Rating periods: each rated game is a rating period of its own (as lichess does), so a rating
moves after every game. While a player is away their deviation grows as if one empty rating
period passed per :data:`PERIOD` seconds (a day), up to a newcomer's 350: a number from last
year is less sure than one from last night.

Team games: every player is rated as if they had played one game against one opponent who has
the other side's average rating and the root mean square of its deviations; a side's players
share its score (1 won, 0 lost, 0.5 a game without a winner).

A game is rated only if every seat has a player id and no id holds two seats (nobody is rated
against themselves), but for a computer player holding several seats of one side, which is
rated once.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping

import attrs

from .glicko2 import START_RD, Rating, Result, idle, rate

#: the prefix of a computer player's id, reserved to them
COMPUTER = "computer:"
#: seconds of absence that count as one empty rating period
PERIOD = 24 * 3600.0
#: above this deviation a rating is provisional (too few recent games to mean much), as on
#: lichess
PROVISIONAL_RD = 110.0


def computer_player(player: str) -> str:
    """The player id of a computer player (``"search"`` -> ``"computer:search"``)."""
    return COMPUTER + player


def is_computer(player: str) -> bool:
    """Is ``player`` (a player id) one of the computer players? No account or browser id can
    be: theirs begin ``account:`` and ``browser:``."""
    return player.startswith(COMPUTER)


def browser_player(secret: str) -> str:
    """The player id of a browser that keeps ``secret`` as its own (only a digest of it is
    kept and shown, so the id does not let anyone else play as that browser)."""
    digest = hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()
    return f"browser:{digest[:24]}"


@attrs.frozen
class Standing:
    """A player's rating in one edition as stored: the rating after their last game, how many
    rated games they played and when the last ended (seconds since the epoch; ``None``:
    never)."""

    rating: Rating = Rating()
    games: int = 0
    last: float | None = None

    def now(self, when: float) -> Rating:
        """The rating as of ``when``: its deviation grown for the time since the last game."""
        if self.last is None:
            return self.rating
        return idle(self.rating, (when - self.last) / PERIOD, cap=START_RD)

    def provisional(self, when: float) -> bool:
        return self.now(when).rd > PROVISIONAL_RD


def seat_scores(result: str, teams: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[str, float]]:
    """Each seat's side and score from a finished game's ``result`` (the winning side, or
    ``"none"``) and its ``teams`` (side -> seats)."""
    out: dict[str, tuple[str, float]] = {}
    for side, seats in teams.items():
        score = 0.5 if result == "none" else 1.0 if side == result else 0.0
        for seat in seats:
            out[seat] = (side, score)
    return out


def rated_players(outcome: Mapping[str, tuple[str, float]],
                  players: Mapping[str, str]) -> bool:
    """May a game with ``outcome`` (seat -> side, score) between ``players`` (seat -> player
    id) be rated? Every seat needs an id, and no id may hold two seats, but for a computer
    player holding several seats of one side (a team game against the computer): it is rated
    once, as one player of that side. Nobody is rated against themselves."""
    ids = [players.get(seat) for seat in outcome]
    if not all(ids):
        return False
    sides: dict[str, set[str]] = {}
    for seat, (side, _) in outcome.items():
        sides.setdefault(players[seat], set()).add(side)
    return all(len(held) == 1 and (ids.count(player) == 1 or is_computer(player))
               for player, held in sides.items())


def _average(ratings: list[Rating]) -> Rating:
    n = len(ratings)
    return Rating(sum(r.rating for r in ratings) / n,
                  math.sqrt(sum(r.rd * r.rd for r in ratings) / n))


def after_game(outcome: Mapping[str, tuple[str, float]], players: Mapping[str, str],
               before: Mapping[str, Standing], when: float) -> dict[str, Rating]:
    """The new rating of each player (by id) after one rated game.

    :param outcome: seat -> (side, score)
    :param players: seat -> player id (see :func:`rated_players`)
    :param before: player id -> their standing before the game
    :param when: the time the game ended
    """
    now = {players[seat]: before[players[seat]].now(when) for seat in outcome}
    sides: dict[str, list[Rating]] = {}
    for seat, (side, _) in outcome.items():
        sides.setdefault(side, []).append(now[players[seat]])
    new: dict[str, Rating] = {}
    for seat, (side, score) in outcome.items():
        others = [r for s, ratings in sides.items() if s != side for r in ratings]
        if not others:
            continue
        player = players[seat]
        new[player] = rate(now[player], [Result(_average(others), score)])
    return new
