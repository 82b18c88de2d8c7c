"""Helpers for testing pieces: build a small position, script the decisions, check results.

>>> from legends_core.testing import position, play
>>> game = position({"d3": 37, "d4": 160}, terrain={"d4": "desert"})
>>> game.current_player
'beige'
>>> events = play(game, "d3-d4", "pass", "pass")     # attack, then both pass the window
>>> game.piece_at("d4").name
'Tiera'

``position`` lays pieces on an otherwise plain board (any size), every piece known only to
its controller unless told otherwise, and starts the turn of ``active`` with no setup.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .actions import PASS, Action
from .board import TERRAINS, file_index, seat_regions
from .events import Event
from .game import Game
from .registry import Catalogue, default_catalogue
from .ruleset import catalogue_for, get_ruleset
from .teams import seat_names, side_of, team_numbers

_LETTER = {"desert": "D", "forest": "F", "marsh": "M", "mountain": "N", "plains": "P",
           "town": "T", "water": "W"}


def position_dict(pieces: Mapping[str, Any], *, terrain: Mapping[str, str] | None = None,
                  rows: Iterable[str] | None = None, width: int = 8, height: int = 8,
                  active: str | None = None, curse: Any = None,
                  destroyed: Mapping[str, Iterable[int | str]] | None = None,
                  revealed: Iterable[str] = (), players: tuple[str, ...] | None = None,
                  catalogue: Catalogue | None = None, rules: str | None = None,
                  reserve: Mapping[str, Iterable[int | str]] | None = None,
                  options: Mapping[str, str] | None = None,
                  teams: Sequence[int] | None = None) -> dict[str, Any]:
    """The JSON position for :func:`position` (see there)."""
    regions = None
    if rules is not None:
        rs = get_ruleset(rules)
        cat = catalogue or catalogue_for(rs)
        players = players or rs.seats
        if rows is None and terrain is None:
            board = rs.board()
            rows, regions = board.rows(), board.to_dict()["regions"]
    else:
        cat = catalogue or default_catalogue()
    players = players or ("beige", "gray")
    active = active or players[0]

    def find(ref: int | str, army: str | None) -> Any:
        # A name is looked up in the given army (both Stratego armies have a Marshal); a
        # number names one piece whoever holds it.
        return cat.find(ref, army if isinstance(ref, str) and army in cat.armies else None)

    if rows is None:
        grid = [["P"] * width for _ in range(height)]
        for sq, t in (terrain or {}).items():
            if t not in TERRAINS:
                raise ValueError(f"unknown terrain {t!r}")
            k = 2 if sq[1].isalpha() else 1
            f, r = file_index(sq[:k]), int(sq[k:]) - 1
            grid[height - 1 - r][f] = _LETTER[t]
        rows = ["".join(r) for r in grid]
    rows = list(rows)
    revealed = set(revealed)
    team_of = list(teams) if teams is not None else list(range(len(players)))
    out: list[dict[str, Any]] = []
    for sq, spec in pieces.items():
        if isinstance(spec, int | str):
            spec = {"number": spec}
        elif isinstance(spec, tuple):
            spec = {"number": spec[0], "controller": spec[1]}
        side = spec.get("owner", spec.get("controller"))
        pt = find(spec["number"], side)
        owner = spec.get("owner", pt.army if pt.army in players else players[0])
        ctrl = spec.get("controller", owner)
        side = [q for q, t in zip(players, team_of, strict=True) if t == team_of[players.index(ctrl)]]
        known = spec.get("known_to", list(players) if sq in revealed else side)
        out.append({"number": pt.number, "owner": owner, "controller": ctrl, "at": sq,
                    "known_to": sorted(set(known) | {ctrl}, key=players.index)})
    dead: dict[str, list[int]] = {p: [] for p in players}
    for who, numbers in (destroyed or {}).items():
        for n in numbers:
            dead[who].append(len(out))
            out.append({"number": find(n, who).number, "owner": who, "controller": who,
                        "at": "destroyed", "known_to": list(players)})
    for who, numbers in (reserve or {}).items():
        for n in numbers:
            out.append({"number": find(n, who).number, "owner": who, "controller": who,
                        "at": "reserve", "known_to": [who]})
    curse_field = None
    if curse is not None:
        number, ctrl = curse if isinstance(curse, tuple) else (curse, cat[curse].army)
        curse_field = {"piece": len(out), "active": True, "controller": ctrl}
        army = cat[number].army
        out.append({"number": number, "owner": army if army in players else ctrl,
                    "controller": ctrl,
                    "at": "curse", "known_to": list(players)})
    for i, p in enumerate(out):
        p["id"] = i
    board_field: dict[str, Any] = {"rows": rows}
    if regions is not None:
        board_field["regions"] = regions
    rules_field: dict[str, Any] = {"players": list(players), "teams": team_of}
    if rules is not None:
        rules_field["name"] = rules
        rules_field["options"] = dict(options or {})
    return {
        "rules": rules_field,
        "board": board_field,
        "pieces": out,
        "destroyed": dead,
        "curse": curse_field,
        "turn": {"number": 1, "active": active},
    }


def team_position_dict(pieces: Mapping[str, Any], *, players: int = 4,
                       terrain: Mapping[str, str] | None = None, **kwargs: Any) -> dict[str, Any]:
    """The JSON position for :func:`team_position` (see there)."""
    seats = seat_names(players)
    teams = team_numbers(seats)
    width = 4 * players
    regions = seat_regions(seats)
    bands = {seat: {file_index(sq.rstrip("0123456789")) for sq in regions[seat]} for seat in seats}
    cat = kwargs.get("catalogue") or default_catalogue()

    def band_player(side: str, sq: str) -> str:
        f = file_index(sq.rstrip("0123456789"))
        return next(s for s in seats if side_of(s) == side and f in bands[s])

    specs: dict[str, Any] = {}
    for sq, spec in pieces.items():
        if isinstance(spec, int | str):
            spec = {"number": spec}
        elif isinstance(spec, tuple):
            spec = {"number": spec[0], "controller": spec[1]}
        spec = dict(spec)
        if "controller" in spec:  # a piece that changed sides: its new side's band player
            spec["controller"] = band_player(side_of(spec["controller"]), sq)
        side = side_of(spec["owner"]) if "owner" in spec else cat.find(spec["number"]).army
        spec.setdefault("owner", band_player(side, sq))
        spec.setdefault("controller", band_player(side, sq))
        specs[sq] = spec
    pos = position_dict(specs, terrain=terrain, width=width, height=8, players=seats,
                        teams=teams, **kwargs)
    pos["board"]["regions"] = regions
    return pos


def team_position(pieces: Mapping[str, Any], *, players: int = 4, **kwargs: Any) -> Game:
    """A team game of Stratego Legends from a few pieces, on a plain board of the team game's
    size (``8 * players // 2`` files, 8 ranks; ``terrain`` as for :func:`position`) with its
    seats (``beige-1``, ``gray-1``, ...), teams and regions.

    A piece's owner and controller default to the player of its army's side in whose band of
    files the square lies; give ``owner`` for a piece brought by another player of that side,
    or ``controller`` (any seat of the other side) for a piece that changed sides. Every
    player knows their own team's pieces. Other arguments as for :func:`position`.
    """
    return Game.from_position(team_position_dict(pieces, players=players, **kwargs),
                              catalogue=kwargs.get("catalogue"))


def position(pieces: Mapping[str, Any], **kwargs: Any) -> Game:
    """A game from a few pieces.

    :param pieces: square -> collector number, ``(number, controller)`` or a dict with
        ``number``, ``owner``, ``controller``, ``known_to``; a piece name may stand for the
        number (``("Scout", "red")``: the name is looked up in that army).
    :param rules: a ruleset name (default Stratego Legends): its seats, its board (unless
        ``terrain`` or ``rows`` is given) and its catalogue.
    :param reserve: player -> pieces waiting in that player's reserve.
    :param options: the ruleset's options.
    :param terrain: square -> terrain name (the rest is plains); or give ``rows``.
    :param curse: a death-curse piece number (or ``(number, controller)``) in effect.
    :param destroyed: player -> numbers already in that player's destroyed area.
    :param revealed: squares whose pieces every player knows.
    :param active: whose turn it is.
    """
    return Game.from_position(position_dict(pieces, **kwargs),
                              catalogue=kwargs.get("catalogue"))


def stratego(rules: str, red: Mapping[str, Any], blue: Mapping[str, Any], **kwargs: Any) -> Game:
    """A game of a Stratego edition from a few pieces by name: ``red`` and ``blue`` map squares
    to piece names of that army (``stratego("classic", {"a1": "Flag"}, {"d7": "Bomb"})``).
    Other arguments as for :func:`position`."""
    pieces: dict[str, Any] = {sq: (name, "red") for sq, name in red.items()}
    pieces.update({sq: (name, "blue") for sq, name in blue.items()})
    return position(pieces, rules=rules, **kwargs)


def play(game: Game, *steps: str | Action) -> list[Event]:
    """Apply each step (notation or Action) in order; return all events."""
    events: list[Event] = []
    for step in steps:
        events.extend(game.apply(step))
    return events


def pass_windows(game: Game) -> list[Event]:
    """Pass in every response window until another kind of decision (or the end)."""
    events: list[Event] = []
    while not game.is_over and game.decision_kind in ("window", "replacement"):
        events.extend(game.apply(PASS))
    return events


def options(game: Game) -> list[str]:
    """The legal actions as notation."""
    return [str(a) for a in game.legal_actions()]


def destroyed_names(game: Game, player: str) -> list[str]:
    """Names of the pieces in ``player``'s destroyed area, sorted."""
    g = game.engine
    return sorted(g.types[p].name for p in g.dead[g.player_index(player)])


def name_at(game: Game, square: str) -> str | None:
    """The name of the piece on ``square`` (referee view), or ``None``."""
    t = game.piece_at(square)
    return None if t is None else t.name


def curse_name(game: Game) -> str | None:
    """The name of the piece in the curse slot (in effect or arriving), or ``None``."""
    g = game.engine
    return g.types[g.curse].name if g.curse >= 0 else None


def seen_number(game: Game, player: str, square: str) -> int | None:
    """The collector number ``player`` sees on ``square`` (``None`` when hidden from them)."""
    piece = game.view(player).piece_on(square)
    return None if piece is None else piece.number


def comparable_view(game: Game, player: str) -> Any:
    """``game.view(player)`` with the setup commitment blanked, for comparing twin games: the
    commitment is a salted hash, different in every game, that tells nobody anything."""
    import attrs

    return attrs.evolve(game.view(player), commitment=None)


def check_offers(game: Game) -> None:
    """Check the main decision's cache (see :mod:`legends_core.changes`): the options kept
    between decisions must equal options worked out afresh, and so must the answer to "can
    this player move or act". Raises :class:`AssertionError` naming the difference.

    Call it at every decision of random games with your pieces: a power that declares
    :attr:`~legends_core.Power.watches` too narrow for what its offers look at shows up as
    stale options here.
    """
    from .moves import has_move_or_action, turn_options

    g = game.engine
    pending = g.pending
    if pending is None or pending.name != "main":
        return
    player = pending.player
    fresh = g.copy()
    fresh.forget_offers()
    kept, anew = turn_options(g, player), turn_options(fresh, player)
    if kept != anew:
        stale = sorted(map(str, set(kept) - set(anew)))
        missing = sorted(map(str, set(anew) - set(kept)))
        raise AssertionError(f"cached main options differ from fresh ones on turn {g.turn}: "
                             f"stale {stale[:8]}, missing {missing[:8]}")
    if has_move_or_action(g, player) != has_move_or_action(fresh, player):
        raise AssertionError(f"cached and fresh disagree whether {g.rules.players[player]} "
                             "can move or act")


def _dumped(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=str).encode()


def play_digest(game: Game, rng: random.Random, h: Any, *,
                seat_state: Callable[[Game, str], Any] | None = None,
                undo_every: int = 0) -> int:
    """Play ``game`` to its end, each decision picked at random with ``rng``, feeding the hash
    ``h`` (a :mod:`hashlib` object) everything the referee and each seat receive: the legal
    actions at every decision, the events of every action (the referee's and each seat's
    share), ``seat_state(game, seat)`` for every seat after every action when given (a view,
    a :meth:`~legends_core.Game.knowledge`, as JSON-friendly data), and at the end the full
    record and every seat's record and view (records without their ``date`` header, so the
    digest does not depend on the day). With ``undo_every`` = n, every n-th action is
    taken back and played again (the legal actions after the undo are hashed too). Returns
    the number of decisions taken.

    Two versions of the kernel that give the same digests for the same seeded games play
    those games the same way: the check behind a speed-up that must change nothing.
    """
    seats = game.players
    decisions = 0
    while not game.is_over:
        actions = game.legal_actions()
        h.update(_dumped([str(a) for a in actions]))
        deciding = game.current_player
        events = game.apply(actions[rng.randrange(len(actions))], player=deciding)
        decisions += 1
        h.update(_dumped([e.to_dict() for e in events]))
        for s in seats:
            h.update(_dumped([e.to_dict() for e in game.events_for(events, s)]))
            if seat_state is not None:
                h.update(_dumped(seat_state(game, s)))
        if undo_every and decisions % undo_every == 0 and not game.is_over:
            last = game.record()["actions"][-1]
            game.pop()  # replays the game from its start
            h.update(_dumped([str(a) for a in game.legal_actions()]))
            game.apply(last, player=deciding)
    h.update(_dumped(_undated(game.record())))
    for s in seats:
        h.update(_dumped([_undated(game.record(s)), game.view(s).to_dict()]))
    return decisions


def _undated(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` without its ``date`` header: the day a game is played is not part of what
    it does, and a digest must not change at midnight."""
    headers = {k: v for k, v in record.get("headers", {}).items() if k != "date"}
    return {**record, "headers": headers}
