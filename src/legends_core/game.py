"""The public game object.

>>> from legends_core import Game
>>> game = Game.new(seed=7)
>>> game.current_player
'beige'
>>> action = next(iter(game.legal_actions()))
>>> events = game.apply(action)
>>> _ = game.pop()       # undo
"""

from __future__ import annotations

import bisect
import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from datetime import date
from operator import attrgetter
from typing import Any

from . import safejson
from .actions import Action
from .board import Board, shuffle
from .endings import Ending
from .engine import NO_PROGRESS_LIMIT, Engine, Rules
from .errors import (
    GameOverError,
    IllegalActionError,
    LegendsError,
    PluginError,
    PositionError,
    clip,
    short,
)
from .events import Event
from .flow import TurnStart
from .knowledge import Knowledge
from .legal_actions import LegalActions, member
from .legality import explain
from .piecetype import PieceType
from .position import check_salt, from_position, to_position
from .records import FORMAT as RECORD_FORMAT
from .records import check_record
from .registry import Catalogue
from .ruleset import Ruleset, SetupRequest, catalogue_for, get_ruleset
from .setup import SetupShuffle, SetupSwitch
from .teams import (
    is_team_game,
    opposite,
    side_of,
    team_masks,
    team_numbers,
    team_table,
    winning_seats,
)
from .visibility import (
    SPECTATOR,
    View,
    events_for,
    knowledge_state,
    player_record,
    position_for,
    view,
)


def default_headers(players: Sequence[str]) -> dict[str, Any]:
    """A new game's record headers: today's date, the rest unknown (``"?"``, as in PGN)."""
    return {"event": "?", "site": "?", "date": date.today().isoformat(),
            "players": {p: "?" for p in players}}


def seeded_salt(seed: int) -> str:
    """The commitment salt of a game made with ``seed`` and no salt: 128 bits of a digest of
    the seed, so it is as hard to guess as the seed and tells nothing about it."""
    return hashlib.sha256(f"legends-commitment-salt:{seed}".encode()).hexdigest()[:32]


def _seats(ruleset: Ruleset, players: int) -> tuple[str, ...]:
    """The seats of a game of ``players`` players under ``ruleset``."""
    return ruleset.seats_for(players)


def _armies(seats: tuple[str, ...], beige: object, gray: object,
            armies: Mapping[str, object] | None) -> dict[str, object]:
    """The army argument of each seat: ``armies`` first, else its side's (``beige``/``gray``)."""
    if armies is not None and not isinstance(armies, Mapping):
        raise ValueError(f"armies: expected an object of seats and armies, got {short(armies)}")
    given = dict(armies or {})
    for seat in given:
        if seat not in seats:
            raise ValueError(f"armies: {short(seat)} is not a seat of this game (its seats: "
                             f"{', '.join(seats)})")
    sides = {"beige": beige, "gray": gray}
    if seats == ("beige", "gray") or not any(side_of(s) in sides for s in seats):
        out = {k: v for k, v in sides.items() if v is not None}  # an edition's own seats
    else:
        out = {s: sides[side_of(s)] for s in seats
               if side_of(s) in sides and sides[side_of(s)] is not None}
    out.update({k: v for k, v in given.items() if v is not None})
    return out


class Game:
    """A game of Stratego Legends: current state, legal actions, apply and undo.

    Create one with :meth:`new`, :meth:`from_position` or :meth:`from_record`.
    """

    def __init__(self, engine: Engine, *, record: dict[str, Any] | None = None):
        self._engine = engine
        self._version = 0
        #: The record's headers, as a PGN game's tags: ``event``, ``site``, ``date``
        #: (``YYYY-MM-DD``) and ``players`` (seat -> name), and any others you add (short
        #: lowercase names, text values). :meth:`record` adds the ``result``.
        self.headers: dict[str, Any] = default_headers(engine.rules.players)
        self._record = record if record is not None else {"format": RECORD_FORMAT, "version": 1,
                                                          "position": to_position(engine)}
        # Undo keeps no snapshot per action: the state at the record's start, and the actions
        # since. Undoing (rare) replays them; applying (all the time) stays cheap.
        self._start: Engine = engine
        self._played: list[Action] = []
        self._floor = 0  # actions before this index cannot be undone by this object
        self._ending: Ending | None = None  # how the game was ended by choice, if it was

    # -- construction ------------------------------------------------------------------
    @classmethod
    def new(cls, *, rules: str = "legends", players: int = 2, beige: object = None,
            gray: object = None, armies: Mapping[str, object] | None = None,
            boards: Sequence[str] | None = None, placement: Mapping[str, Any] | None = None,
            reserve: Mapping[str, Any] | None = None, options: Mapping[str, Any] | None = None,
            seed: int | None = None, first: str | None = None, setup: bool = True,
            turn_limit: int | None = None,
            no_progress_limit: int | None = NO_PROGRESS_LIMIT,
            repetition_limit: int | None = None,
            catalogue: Catalogue | None = None, salt: str | None = None,
            auto_pass: bool = False) -> Game:
        """Start a game: two players, or (Stratego Legends) a team game of 4, 6 or 8.

        :param rules: the ruleset: ``"legends"`` (Stratego Legends, the default),
            ``"classic"``, ``"ultimate-lightning"``, ``"ultimate-campaign"``, ``"narnia-1"``,
            ``"narnia-2"``, or any other installed (see :func:`legends_core.rulesets`).
        :param players: how many players: 2, or 4, 6 or 8 for a Stratego Legends team game
            (beige against gray, half the players on each side). The seats are then
            ``beige-1``, ``gray-1``, ``beige-2``, ``gray-2``, ... in turn order, ``gray-N``
            sitting across from ``beige-N`` (see :mod:`legends_core.teams`); with two players
            they are ``beige`` and ``gray``.
        :param beige: the beige army (Stratego Legends only): ``None`` (a preset drawn by the
            seed), ``"preset-1"`` .. ``"preset-6"``, ``"random"``, or a list of collector
            numbers or names. In a team game it is every beige player's army, unless
            ``armies`` names one for that seat.
        :param gray: the gray army, likewise.
        :param armies: armies by seat (``{"beige-2": "preset-4", ...}``), as for ``beige``.
        :param boards: battle-board ids (Stratego Legends only; ``"1A"`` .. ``"7D"``,
            optionally ``"@90"`` etc. for a rotation), two per seat in seat order: beige's two
            boards left to right as beige sees them, then gray's left to right as gray sees
            them (and so on for each further pair of seats in a team game). ``None`` deals
            them at random.
        :param placement: the hidden setup by piece name, per seat (other editions):
            ``{"red": {"a1": "Flag", ...}, "blue": {...}}``, or a seat's setup line
            (``{"red": "BFB3344556..."}``, see :mod:`legends_core.setupline`), which may leave
            squares to the deal. A seat left out gets a legal setup drawn by the seed; one that breaks the edition's army or setup-area rules raises
            :class:`~legends_core.errors.ArmyError` naming the problem.
        :param reserve: pieces by name waiting off the board, per seat, where the edition has a
            reserve (the second army of the Ultimate Campaign by default; Narnia's
            reinforcements).
        :param options: the ruleset's options (Narnia: ``{"captures": "prisoner"}``).
        :param seed: seeds every random choice (boards, presets, placement, reshuffles). When
            ``None``, 128 bits are drawn from the operating system's secure source
            (:mod:`secrets`), so the hidden setup cannot be searched for. A seed you give makes
            the game reproducible, and anyone who knows it can rebuild the hidden setup: a
            server must keep it secret. The seed is in the full (referee's) record and
            position only, never in anything made for a player.
        :param first: which player moves first (the ruleset's first seat by default).
        :param setup: when true the game begins with the setup decisions the ruleset has
            (Stratego Legends: reshuffle and up to two switches each); when false play begins at
            once from the placement.
        :param turn_limit: end the game without a winner after this many turns (not a
            rulebook rule; useful for automated play).
        :param no_progress_limit: end the game without a winner once this many turns in a row
            pass with no attack and no piece leaving or entering the board (200 by default,
            so that every game ends; ``None`` turns it off). Not a rulebook rule: see the
            ruling "Games that stop making progress".
        :param repetition_limit: end the game without a winner when the same position (every
            piece on its square, hidden identities included, the same player to move and the
            same state of play) stands at the start of a turn for this many times
            (:data:`~legends_core.REPETITION_LIMIT`, 5, as chess's automatic fivefold
            repetition, is the usual value). ``None`` (the default) or 0 leaves it off: the
            no-progress limit already ends every game, and counting costs a few per cent of a
            random game's time. Not a rulebook rule: see the ruling "Repeated positions".
        :param auto_pass: answer a response window at once for a player whose only legal
            answer is ``pass`` (for computer players and simulations: far fewer decisions;
            the events are the same as when asked). A server for human players may prefer to
            ask every time, so that nobody can time how quickly another player "answered".
        :param salt: the secret salt of the setup commitment (32 hexadecimal digits; see
            :mod:`legends_core.fairness`). When ``None`` it is made from the seed if one is
            given (so a seeded game, commitment included, is the same in every process; its
            commitment hides nothing from anyone who knows the seed) and drawn from
            :mod:`secrets` otherwise. Records keep it so a replay gives the same commitment.
        """
        ruleset = get_ruleset(rules)
        seats = _seats(ruleset, players)
        cat = catalogue or catalogue_for(ruleset)
        seeded = seed is not None
        if seed is None:
            seed = secrets.randbits(128)
        elif not isinstance(seed, int):
            raise ValueError(f"seed: expected a whole number or None, got {short(seed)}")
        if salt is None:
            # A seeded game is reproducible by definition, its commitment included (the
            # decision is on the Research page); an unseeded one draws both secretly.
            salt = seeded_salt(seed) if seeded else secrets.token_hex(16)
        else:
            salt = check_salt(salt, "salt")
        opts = ruleset.check_options(options)
        by_seat = _armies(seats, beige, gray, armies)
        built = ruleset.setup(SetupRequest(ruleset, cat, seed, by_seat, boards, placement,
                                           reserve, dict(opts),
                                           seats if seats != ruleset.seats else ()))
        team = is_team_game(team_numbers(seats)) if seats != ruleset.seats else False
        rs = Rules(players=seats, teams=team_numbers(seats) if team else tuple(range(len(seats))),
                   turn_limit=turn_limit, no_progress_limit=no_progress_limit,
                   repetition_limit=repetition_limit, auto_pass=bool(auto_pass),
                   switches=ruleset.switches, name=ruleset.name, options=opts)
        if first is None:
            first = rs.players[0]
        if first not in rs.players:
            raise ValueError(f"first must be one of {rs.players}, not {first!r}")
        # Piece ids follow squares, so an id says nothing about what a piece is; reserve
        # pieces come after, in an order drawn by the seed.
        placed = sorted(built.pieces)  # (square, owner, number): those off the board first
        off = bisect.bisect_left(placed, (0,))
        if off:
            waiting = [p for p in built.pieces if p[0] < 0]
            shuffle(random.Random(f"{seed}:reserve"), waiting)
            placed = placed[off:] + waiting
        masks = team_masks(rs.teams)  # a player knows their own team's pieces
        types = cat.types_of([n for _, _, n in placed])
        pieces = [(t, owner, owner, loc, masks[owner])
                  for t, (loc, owner, _) in zip(types, placed, strict=True)]
        g = Engine(board=built.board, rules=rs, catalogue=cat, pieces=pieces, seed=seed,
                   salt=salt)
        g.active = rs.players.index(first)
        order = [g.active] + [p for p in range(len(rs.players)) if p != g.active]
        tasks: list[Any] = []
        if setup:
            if ruleset.shuffle:
                # Each player reshuffles the army of the player across the table.
                tasks += [SetupShuffle(p, opposite(p)) for p in order]
            tasks += [SetupSwitch(p, rs.switches) for p in order if rs.switches > 0]
        tasks.append(TurnStart())
        g.schedule(*tasks)
        made: dict[str, Any] = {"rules": ruleset.name, **built.record, "seed": seed,
                                "first": first, "setup": setup, "turn_limit": turn_limit,
                                "no_progress_limit": no_progress_limit,
                                "repetition_limit": rs.repetition_limit,
                                "salt": salt, "auto_pass": bool(auto_pass)}
        if opts:
            made["options"] = dict(opts)
        record = {"format": RECORD_FORMAT, "version": 1, "setup": made}
        game = cls(g, record=record)
        game._run()
        return game

    @classmethod
    def from_world(cls, world: Engine) -> Game:
        """A game around an imagined world (see :mod:`legends_core.worlds`), standing at the
        world's pending decision."""
        game = cls(world)
        game._run()  # at a decision already: this only takes the undo snapshot
        return game

    @classmethod
    def from_position(cls, position: dict[str, Any] | str, *,
                      catalogue: Catalogue | None = None) -> Game:
        """A game from a JSON position (a dict, or JSON text).

        Safe for untrusted input: the JSON is read within fixed bounds and the whole state is
        checked (see ``docs/formats.rst``).

        :raises PositionError: the position is malformed or impossible; the message names the
            field.
        """
        if isinstance(position, str | bytes):
            position = safejson.loads(position, "position")
        g = from_position(position, catalogue)
        # The record keeps the position as read (with the salt drawn if it had none), so a
        # replay gives the same commitment.
        game = cls(g, record={"format": RECORD_FORMAT, "version": 1, "position": to_position(g)})
        game._run()
        return game

    @classmethod
    def from_record(cls, record: dict[str, Any] | str, *,
                    catalogue: Catalogue | None = None) -> Game:
        """Replay a game record (see :meth:`record`), given as a dict or JSON text.

        Safe for untrusted input, like :meth:`from_position`.

        :raises PositionError: the record is malformed, or one of its actions is not legal
            when it is reached (the message names the field, e.g. ``actions[12]``).
        """
        if isinstance(record, str | bytes):
            record = safejson.loads(record, "record")
        record = check_record(record)
        if "setup" in record:
            s = record["setup"]
            try:
                game = cls.new(rules=s.get("rules", "legends"), players=s.get("players", 2),
                               beige=s.get("beige"), gray=s.get("gray"),
                               armies=s.get("armies"), boards=s.get("boards"),
                               placement=s.get("placement"), reserve=s.get("reserve"),
                               options=s.get("options"), seed=s.get("seed"),
                               first=s.get("first"),
                               setup=s.get("setup", True), turn_limit=s.get("turn_limit"),
                               # Records made before the rule have no such field, and were
                               # played without it.
                               no_progress_limit=s.get("no_progress_limit"),
                               repetition_limit=s.get("repetition_limit"),
                               catalogue=catalogue, salt=s.get("salt"),
                               auto_pass=s.get("auto_pass", False))
            except (TypeError, ValueError) as exc:
                raise PositionError(f"setup: {clip(str(exc))}") from None
        else:
            try:
                game = cls.from_position(record["position"], catalogue=catalogue)
            except PositionError as exc:
                raise PositionError(f"position.{exc}") from None
        entries = record.get("actions", [])
        for i, text in enumerate(entries):
            try:
                ending = Ending.parse(text)
                if ending is None:
                    game.apply(Action.from_str(text))
                elif i != len(entries) - 1:
                    raise PositionError("an ending must be the record's last entry")
                else:
                    game.end(ending)
            except LegendsError as exc:
                raise PositionError(f"actions[{i}]: {exc}") from None
        headers = dict(record.get("headers", {}))
        for seat in headers.get("players", {}):
            if seat not in game.players:  # a team game's seats are beige-1, gray-1, ...
                raise PositionError(f"headers.players: {short(seat, 30)} is not a seat of this "
                                    f"game ({', '.join(game.players)})")
        claimed = headers.pop("result", "*")
        if claimed != "*" and claimed != game.result:
            raise PositionError(f"headers.result: the record says {short(claimed)}, but its "
                                f"actions give {game.result!r}")
        game.headers.update(headers)
        return game

    # -- state -------------------------------------------------------------------------
    @property
    def engine(self) -> Engine:
        """The underlying engine (for powers, tests and search; change it only via apply)."""
        return self._engine

    @property
    def players(self) -> tuple[str, ...]:
        """The seat names in turn order (``("beige", "gray")`` in Stratego Legends)."""
        return self._engine.rules.players

    @property
    def board(self) -> Board:
        """The board: its size, terrain and each seat's starting region."""
        return self._engine.board

    @property
    def current_player(self) -> str | None:
        """Who must decide now (``None`` once the game is over)."""
        p = self._engine.pending
        return None if p is None else self._engine.rules.players[p.player]

    @property
    def active_player(self) -> str:
        """Whose turn it is (the current player may differ, e.g. in a response window)."""
        return self._engine.rules.players[self._engine.active]

    @property
    def decision(self) -> str | None:
        """What the current player is deciding, in words."""
        p = self._engine.pending
        return None if p is None else p.describe(self._engine)

    @property
    def decision_kind(self) -> str | None:
        """The kind of the pending decision (``"main"``, ``"window"``, ``"ask"``, ...)."""
        p = self._engine.pending
        return None if p is None else p.name

    # Read at every decision by programs that play: properties whose getter is C code (no
    # Python frame per read).
    turn: int = property(  # type: ignore[assignment]
        attrgetter("_engine.turn"),
        doc="The number of the turn under way (1 for the first; setup happens in turn 1).")
    is_over: bool = property(  # type: ignore[assignment]
        attrgetter("_engine.over"),
        doc="Has the game ended (a winner, or none: see :attr:`winner` and :attr:`reason`)?")

    @property
    def winner(self) -> str | None:
        """The winning seat, or ``None`` (the game goes on, or ended without a winner). In a
        team game: the winning side's player who ended the game (see :attr:`winners`)."""
        w = self._engine.winner
        return None if w is None else self._engine.rules.players[w]

    @property
    def winners(self) -> tuple[str, ...]:
        """Every seat of the winning side (one in a two-player game; empty without a winner)."""
        w = self._engine.winner
        return () if w is None else winning_seats(self._engine.rules, w)

    @property
    def teams(self) -> dict[str, tuple[str, ...]]:
        """The sides and their seats: ``{"beige": ("beige-1", "beige-2"), "gray": (...)}``
        in a team game, ``{"beige": ("beige",), "gray": ("gray",)}`` in a two-player one."""
        return team_table(self._engine.rules)

    @property
    def result(self) -> str:
        """The result as a record's headers give it: ``"*"`` while the game goes on, the
        winner's seat (in a team game the winning side, ``"beige"`` or ``"gray"``: the whole
        team wins, whichever of its players ended the game), or ``"none"`` for a game that
        ended without a winner."""
        if not self.is_over:
            return "*"
        w = self._engine.winner
        if w is None:
            return "none"
        seat = self._engine.rules.players[w]
        return next(side for side, seats in self.teams.items() if seat in seats)

    @property
    def reason(self) -> str:
        """Why the game ended."""
        return self._engine.reason

    def piece_at(self, square: str) -> PieceType | None:
        """The piece type on ``square`` (referee view: ignores hidden information)."""
        p = self._engine.grid[self._engine.board.parse_square(square)]
        return None if p < 0 else self._engine.types[p]

    def controller_at(self, square: str) -> str | None:
        """Who controls the piece on ``square`` (``None``: empty)."""
        p = self._engine.grid[self._engine.board.parse_square(square)]
        return None if p < 0 else self._engine.rules.players[self._engine.ctrl[p]]

    def strength_at(self, square: str) -> int | None:
        """The current strength of the piece on ``square`` (referee view; ``None`` for an
        empty square or a piece without strength)."""
        p = self._engine.grid[self._engine.board.parse_square(square)]
        return None if p < 0 else self._engine.strength(p)

    # -- actions -----------------------------------------------------------------------
    def legal_actions(self) -> LegalActions:
        """The legal actions of the player in :attr:`current_player`, as a lazy view."""
        return LegalActions(self, self._version, self._engine)

    def parse_action(self, text: str, *, player: str | None = None) -> Action:
        """Read notation and check it is legal now.

        :param player: who typed it. Frontends must pass it: the input is then judged from
            that player's side only (a player who is not deciding is told just that), so the
            error says nothing that player may not know. Without it the caller is the referee.
        :raises IllegalActionError: the notation is malformed or the action not legal now.
        """
        if player is not None:
            self._check_player(player)
        action = Action.from_str(text)
        self._check(action, player)
        return action.canonical()

    def _check_player(self, player: str) -> None:
        g = self._engine
        if player not in g.rules.players:
            raise IllegalActionError(f"unknown player {str(player)[:20]!r}")
        if g.over:
            raise GameOverError(f"the game is over ({g.reason}); no more actions")
        pending = g.pending
        if pending is not None and player != g.rules.players[pending.player]:
            raise IllegalActionError(f"it is {g.rules.players[pending.player]}'s decision, not {player}'s")

    def _check(self, action: Action, player: str | None) -> None:
        g = self._engine
        if g.over:
            raise GameOverError(f"the game is over ({g.reason}); no more actions")
        pending = g.pending
        assert pending is not None
        if player is not None and player != g.rules.players[pending.player]:
            raise IllegalActionError(
                f"it is {g.rules.players[pending.player]}'s decision, not {player}'s")
        if not isinstance(action, Action) or not action.well_formed():
            raise IllegalActionError(f"expected an Action of strings, got {short(action)}")
        if not member(action, g.options()):
            raise IllegalActionError(explain(g, pending, action))

    def apply(self, action: Action | str, *, player: str | None = None) -> list[Event]:
        """Apply a legal action and return the events it caused (the full referee view).

        :param player: who sends the action. Frontends must pass it: the action is refused
            unless this player is deciding, and every error is then told from that player's side
            (nothing about the other players' pieces or options). Without it the caller is the
            referee.
        :raises IllegalActionError: the action is not legal now; the game is unchanged.
        :raises PluginError: a piece plugin failed; the game is unchanged.
        """
        if player is not None:
            self._check_player(player)
        g = self._engine
        if not g.is_offered(action):  # one of the listed actions itself is legal as it is
            if isinstance(action, str):
                action = Action.from_str(action)
            self._check(action, player)
            action = action.canonical()
        assert isinstance(action, Action)
        try:
            g.answer(action)
        except LegendsError:
            self._rewind(len(self._played))
            raise
        except Exception as exc:
            self._rewind(len(self._played))
            raise PluginError(f"a piece power failed while applying {action}: {exc!r}; "
                              "the game is unchanged") from exc
        events = g.events
        g.events = []
        self._played.append(action)
        self._version += 1
        return events

    push = apply

    # -- endings by choice -------------------------------------------------------------
    def resign(self, seat: str) -> list[Event]:
        """``seat`` resigns: its side loses at once, whoever is deciding (see
        :mod:`legends_core.endings`). Returns the events (a public ``game-over``).

        :raises IllegalActionError: ``seat`` is not a seat of this game; the game is unchanged.
        :raises GameOverError: the game is already over.
        """
        return self.end(Ending.resign(seat))

    def lose_on_time(self, seat: str) -> list[Event]:
        """``seat`` has run out of time on a clock kept by the program hosting the game: its
        side loses, as by :meth:`resign` (the reason says it was on time)."""
        return self.end(Ending.timeout(seat))

    def agree_draw(self) -> list[Event]:
        """End the game in a draw by agreement (nobody wins). The program hosting the game
        gathers the agreement: the kernel takes its word.

        :raises GameOverError: the game is already over.
        """
        return self.end(Ending.draw())

    def end(self, ending: Ending) -> list[Event]:
        """End the game by choice (:class:`~legends_core.endings.Ending`): the one mechanism
        behind :meth:`resign`, :meth:`lose_on_time` and :meth:`agree_draw`. Recorded as the last
        entry of :meth:`record`; :meth:`pop` takes it back.

        :raises IllegalActionError: not an ending, or its seat is not one of this game's; the
            game is unchanged.
        :raises GameOverError: the game is already over.
        """
        g = self._engine
        if not isinstance(ending, Ending) or ending.kind not in ("resign", "timeout", "draw"):
            raise IllegalActionError(f"expected an Ending, got {short(ending)}")
        if g.over:
            raise GameOverError(f"the game is over ({g.reason}); it cannot end again")
        winner: int | None = None
        if ending.kind != "draw":
            if ending.seat not in g.rules.players:
                raise IllegalActionError(f"unknown player {short(ending.seat, 30)} (the seats: "
                                         f"{', '.join(g.rules.players)})")
            loser = g.rules.teams[g.rules.players.index(ending.seat)]
            # The first seat in turn order of the other side stands for it (as when a player
            # of that side ends the game by play); :attr:`winners` names the whole side.
            others = [i for i, t in enumerate(g.rules.teams) if t != loser]
            if len({g.rules.teams[i] for i in others}) != 1:
                raise IllegalActionError("a game ends by resignation only between two sides")
            winner = others[0]
        g.end_game(winner, ending.reason)
        g._opts = None
        events = g.events
        g.events = []
        self._ending = ending
        self._version += 1
        return events

    @property
    def ending(self) -> Ending | None:
        """How the game was ended by choice (a resignation, a loss on time, a draw by
        agreement), or ``None``."""
        return self._ending

    @property
    def history(self) -> list[Action]:
        """The actions applied to this game object that can be undone, oldest first."""
        return self._played[self._floor:]

    def pop(self) -> Action | Ending:
        """Undo the last action and return it (replays the game from its start, so it costs
        time in proportion to the game's length; search players copy instead). A game ended
        by choice (:meth:`end`) is taken back to before its ending first."""
        if self._ending is not None:
            ending, self._ending = self._ending, None
            self._rewind(len(self._played))
            self._version += 1
            return ending
        if len(self._played) <= self._floor:
            raise IndexError("nothing to undo")
        action = self._played.pop()
        self._rewind(len(self._played))
        self._version += 1
        return action

    def _rewind(self, n: int) -> None:
        """Put the engine back to the state after the first ``n`` actions, keeping its identity
        (code holding it stays valid)."""
        e = self._start.copy()
        for action in self._played[:n]:
            e.answer(action)
        e.events = []
        self._engine.restore(e)

    def _run(self) -> None:
        self._engine.run()
        self._engine.events = []
        self._start = self._engine.copy()

    # -- copies, views and saving ------------------------------------------------------
    def copy(self, *, stack: bool = False) -> Game:
        """An independent copy; with ``stack=True`` it can also undo this game's moves."""
        other = Game.__new__(Game)
        other._engine = self._engine.copy()
        other._version = 0
        other._record = self._record
        other.headers = {**self.headers, "players": dict(self.headers.get("players", {}))}
        other._start = self._start  # never changed: undo copies it before replaying
        other._played = list(self._played)
        other._floor = self._floor if stack else len(self._played)
        other._ending = self._ending
        return other

    def view(self, player: str | None) -> View:
        """Everything ``player`` may know, and nothing else (``None``: the referee's full view;
        :data:`~legends_core.SPECTATOR`: what every seat knows, for someone watching)."""
        if player is None or player == SPECTATOR:
            return view(self._engine, player)
        return view(self._engine, self._engine.player_index(player))

    def knowledge(self, player: str) -> Knowledge:
        """Everything ``player`` may know now, for a program acting for them (a computer
        player, a research environment's opponent): their view, their legal actions when
        they decide, and a knowledge state from which :func:`legends_core.worlds.imagine`
        draws worlds to search. Nothing the player may not know is in it."""
        g = self._engine
        me = g.player_index(player)
        pending = g.pending
        mine = pending is not None and pending.player == me
        return Knowledge(player=player, view=view(g, me),
                         actions=tuple(g.options()) if mine else (),
                         decision_kind=pending.name if mine and pending is not None else None,
                         state=knowledge_state(g, me))

    @property
    def catalogue(self) -> Catalogue:
        """The pieces this game is played with (public: every player may read them)."""
        return self._engine.catalogue

    @property
    def rules(self) -> Rules:
        """The fixed parameters of this game (ruleset name, seats, teams, options)."""
        return self._engine.rules

    def events_for(self, events: list[Event], player: str) -> list[Event]:
        """``player``'s own stream: the events among ``events`` (as returned by :meth:`apply`)
        that ``player`` may receive, as they may see them (:data:`~legends_core.SPECTATOR`
        too: the events every seat is shown, as all of them may see them)."""
        return events_for(events, player, self.players)

    @property
    def commitment(self) -> str | None:
        """The published SHA-256 commitment to the hidden setup (``None`` during setup)."""
        return self._engine.commitment

    def to_position(self, player: str | None = None) -> dict[str, Any]:
        """The JSON position. With ``player``, only what that player may know (it cannot be
        loaded back, since hidden pieces have no identity)."""
        if player is None:
            return to_position(self._engine)
        return position_for(self._engine, self._engine.player_index(player))

    def record(self, player: str | None = None) -> dict[str, Any]:
        """A game record.

        Without ``player``: the full (referee's) record, how the game was set up (seed and
        commitment salt included) plus every action, replayable with :meth:`from_record`; hand
        it to players only when the game is over. With ``player``: only what that player may
        know: their starting view, then their own actions and the events they were shown
        (other players' private steps leave no trace). It cannot be replayed, but
        :func:`legends_core.fairness.verify` checks it against the full record.
        """
        actions = [str(a) for a in self._played]
        if self._ending is not None:
            actions.append(str(self._ending))
        headers = {**self.headers, "players": dict(self.headers.get("players", {})),
                   "result": self.result}
        if player is None:
            return {**self._record, "headers": headers, "actions": actions}
        self._engine.player_index(player)
        start = Game.from_record({**self._record, "actions": []},
                                 catalogue=self._engine.catalogue)
        return {**player_record(start, actions, player), "headers": headers}

    def _repr_svg_(self) -> str | None:
        """The board as SVG, the referee's full picture with the last action (Jupyter shows
        a game this way, as python-chess shows a board), when a renderer is installed (see
        :mod:`legends_core.display`)."""
        from .display import svg

        return svg(view=self.view(None), last=self._played[-1] if self._played else None,
                         catalogue=self._engine.catalogue)

    def __str__(self) -> str:
        """The referee's picture as plain text: every piece on the board, as ``print(board)``
        draws a chess board (see :mod:`legends_core.textboard`)."""
        from .textboard import board

        return board(self.view(None), catalogue=self._engine.catalogue)

    def __repr__(self) -> str:
        if not self.is_over:
            state = f"{self.current_player} to decide"
        else:
            state = f"won by {self.winner}" if self.winner else f"over: {self.reason}"
        return f"<Game turn {self.turn}, {state}>"
