"""Team games of Stratego Legends: 4, 6 or 8 players in two teams.

The seats of a team game are named after their side and their place at the table:
``beige-1``, ``gray-1``, ``beige-2``, ``gray-2``, ... in turn order, so beige and gray players
alternate and nobody plays again before every other player has had a turn. ``gray-N`` sits
directly across from ``beige-N``; ``beige-1`` sits at the beige side's left (files ``a`` to
``h``), ``beige-2`` to its right (``i`` to ``p``), and so on. A two-player game keeps the seats
``beige`` and ``gray``.

Each player brings two battle boards, which lie in front of them (their *setup region*, four
ranks deep and eight files wide). A player *controls* their team's pieces standing on their own
two boards or on the two boards directly across: their *control region* is the band of eight
files their boards span, from one edge of the board to the other. Control follows the region:
when a team's piece moves into a teammate's band, that teammate controls it from then on. The
kernel works this out from the board's regions (:func:`zones`), so positions need no extra
field.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from .errors import PositionError
from .rulings import ruling

if TYPE_CHECKING:
    from .board import Board
    from .statevalues import Rules

RULINGS = (
    ruling("Control by region",
           "In a team game a player controls every piece of their team that stands in their "
           "band of the board (their two battle boards and the two across), however it got "
           "there: a move, a switch, a piece brought back from a destroyed area, or a power "
           "that hands a piece over. A power that gives a piece to a player gives it to that "
           "player's team, and the teammate whose band it stands in controls it. So a piece "
           "that attacks across a band border and wins is controlled by the teammate from the "
           "moment it lands, and that teammate makes the choices its powers give to 'you'."),
    ruling("A team shares what it knows",
           "Teammates sit side by side and play each other's pieces as those pieces cross "
           "into their bands, so every player knows the pieces of their own team, and a piece "
           "shown to one player (Holy Vision's secret look, a piece handed over) is known to "
           "that player's whole team. Opponents learn nothing more than in a two-player game. "
           "Choices a player makes in private stay private to that player."),
    ruling("The castles of a side",
           "A team game ends when one side holds no castle: every castle of its armies is "
           "destroyed or under the other side's control. Until then a player whose castle "
           "fell plays on with the pieces in their band. An attack on a castle that is not the "
           "side's last destroys it like any castle, and the attacker takes its square; the "
           "attack counts as won, so powers that follow a won attack apply."),
    ruling("A player who cannot move or act in a team game",
           "The check is made for the player whose turn it is, with the pieces they control "
           "then (those in their band), before each of their main decisions, as in a "
           "two-player game. If they can neither move nor act, their whole team loses at once; "
           "the game names as winner the first opponent due to play after them, and "
           "Game.winners lists that whole team."),
    ruling("Pieces under your control in a team game",
           "Powers that use or count the pieces you control (Surround's five pieces, Switching, "
           "Teleport, a boost to a piece of yours, Bloodsucker's victim) take only the pieces "
           "in your band: a teammate's pieces are theirs to use until they cross into your "
           "band. 'Enemy' pieces are those of the other team, and no power lets a piece "
           "attack a teammate's except where its text allows attacking its own side."),
    ruling("Destroyed areas in a team game",
           "Each player keeps their own army's destroyed area, whoever controlled a piece when "
           "it was destroyed. 'Your destroyed pieces' means the area of the player using the "
           "power (their own army's, not a teammate's), and 'any destroyed area' means any of "
           "them."),
    ruling("Death curses in a team game",
           "A death curse works for the player who controlled its piece when it was destroyed "
           "(not for the whole team): that player makes every choice its text gives 'you' or "
           "'its player', picks which opponent when it names the opponent (see the ruling "
           "\"Which opponent\"), and 'enemy pieces' are those of the other team. A curse that "
           "acts on 'each player' acts on all of them."),
)

#: The two sides; in a team game each is a team.
SIDES = ("beige", "gray")
#: The numbers of players Stratego Legends can be played by.
PLAYER_COUNTS = (2, 4, 6, 8)


def seat_names(players: int) -> tuple[str, ...]:
    """The seats of a game of ``players`` players, in turn order.

    >>> from legends_core.teams import seat_names
    >>> seat_names(2)
    ('beige', 'gray')
    >>> seat_names(4)
    ('beige-1', 'gray-1', 'beige-2', 'gray-2')
    """
    if players not in PLAYER_COUNTS or isinstance(players, bool):
        raise ValueError(f"players must be 2, 4, 6 or 8, not {players!r}")
    if players == 2:
        return SIDES
    return tuple(f"{side}-{i}" for i in range(1, players // 2 + 1) for side in SIDES)


def team_numbers(seats: tuple[str, ...]) -> tuple[int, ...]:
    """Team 0 for the beige seats, 1 for the gray ones."""
    return tuple(SIDES.index(side_of(s)) for s in seats)


def side_of(seat: str) -> str:
    """``"beige-2"`` -> ``"beige"`` (the side whose army a seat brings)."""
    return seat.rsplit("-", 1)[0] if seat[-1:].isdigit() and "-" in seat else seat


def opposite(player: int) -> int:
    """The seat directly across the table (the opponent of a two-player game)."""
    return player ^ 1


def is_team_game(teams: tuple[int, ...]) -> bool:
    """Does some team have more than one player?"""
    return len(set(teams)) < len(teams)


def zones(board: Board, players: tuple[str, ...], teams: tuple[int, ...]) \
        -> dict[int, tuple[int, ...]] | None:
    """Who controls a team's pieces on each square: ``zones[team][square]`` is a player.

    ``None`` when no team has several players, or when some seat has no region on the board
    (a position built by hand: control then stays as given). Each player's band is the files
    their region spans; the bands of a team's players must share the board's files out between
    them.

    :raises PositionError: the regions of a team's players overlap or leave files out.
    """
    if not is_team_game(teams) or not all(p in board.regions for p in players):
        return None
    key = (board.width, board.height,
           tuple(tuple(board.file_of(s) for s in board.regions[p]) for p in players),
           teams)
    return _zones(*key)


@functools.lru_cache(maxsize=64)
def _zones(width: int, height: int, files: tuple[tuple[int, ...], ...],
           teams: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    out = {}
    for team in sorted(set(teams)):
        owner = [-1] * width
        for p, t in enumerate(teams):
            if t != team:
                continue
            for f in set(files[p]):
                if owner[f] >= 0:
                    raise PositionError(f"board.regions: two players of team {team} both "
                                        "hold a file (control in a team game goes by bands "
                                        "of files)")
                owner[f] = p
        if -1 in owner:
            raise PositionError(f"board.regions: some files belong to no player of team "
                                f"{team} (control in a team game goes by bands of files)")
        out[team] = tuple(owner[sq % width] for sq in range(width * height))
    return out


@functools.lru_cache(maxsize=16)
def team_masks(teams: tuple[int, ...]) -> tuple[int, ...]:
    """Each player's team as a mask of player bits (their knowledge is shared).

    Kept per ``teams`` (a tuple: immutable, and the whole key), as every new game asks twice
    and there are only a few seatings."""
    return tuple(sum(1 << q for q, u in enumerate(teams) if u == t) for t in teams)


def team_table(rules: Rules) -> dict[str, tuple[str, ...]]:
    """Each side's name with its seats, in seating order (a side is named after its first
    seat's side: ``beige-1`` -> ``beige``)."""
    out: dict[str, tuple[str, ...]] = {}
    names: dict[int, str] = {}
    for seat, team in zip(rules.players, rules.teams, strict=True):
        name = names.setdefault(team, side_of(seat))
        out[name] = (*out.get(name, ()), seat)
    return out


def winning_seats(rules: Rules, winner: int) -> tuple[str, ...]:
    """The seats on ``winner``'s team."""
    team = rules.teams[winner]
    return tuple(p for p, t in zip(rules.players, rules.teams, strict=True) if t == team)


def seat_kinds(seats: tuple[str, ...], kinds: list[str]) -> dict[str, str]:
    """Which computer player takes each seat: ``kinds`` gives one per seat, or two (the first
    seat's side, then the other's) shared by each side's seats."""
    if len(kinds) == len(seats):
        return dict(zip(seats, kinds, strict=True))
    if len(kinds) == 2:
        first = side_of(seats[0])
        return {s: kinds[0] if side_of(s) == first else kinds[1] for s in seats}
    raise ValueError(f"--players needs two computer players (one per side) or one per seat "
                     f"({len(seats)}), e.g. heuristic,random")
