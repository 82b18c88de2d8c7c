"""Campaigns: a series of Stratego Legends games between two players, kept as one JSON value.

>>> from legends_core.campaign import Campaign
>>> c = Campaign.new(kind="two-game", names=("Ann", "Bob"), seed=1)
>>> game = c.start_game()        # Ann plays beige, Bob gray in every game
>>> game.players
('beige', 'gray')

Two kinds, as the rulebook offers them:

* a **two-game campaign**: each player goes first once; after each game the winner scores the
  number of the loser's destroyed pieces, and after both games the higher total wins;
* a **best-of-N campaign** (``games=N``): whoever wins a majority of the N games wins; it ends as
  soon as one player has that majority.

Before every game but the first of a best-of campaign, the loser of the previous game chooses
who goes first (:attr:`Campaign.chooser`, :meth:`Campaign.choose_first`). Armies may be changed
between games (:meth:`Campaign.set_army`). :meth:`Campaign.to_dict` saves the campaign between
games or in the middle of one (the game in progress as its full record), and
:meth:`Campaign.from_dict` resumes it, checking every field of what it reads.

A saved campaign holds the full records of the game in progress, seed included, so it is for
the players' own machine (or a referee's), not for handing to an opponent.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from . import safejson
from .engine import CURSE, CURSE_QUEUE
from .errors import LegendsError, PositionError, short
from .game import Game
from .position import check_seed
from .records import check_army, check_record
from .rulings import ruling

RULINGS = (
    ruling("Campaign scores",
           "A game's score is the number of the loser's pieces destroyed when it ends: those "
           "in the loser's destroyed area, and a death-curse piece of theirs in the curse slot "
           "(it was destroyed too). Pieces the winner took control of were not destroyed and "
           "do not count. A game that ends without a winner (a turn limit) scores nothing and "
           "is won by neither player."),
    ruling("A campaign tie",
           "When the two totals of a two-game campaign are equal, or a best-of campaign ends "
           "with the players on the same number of wins (games without a winner can make "
           "that happen), the campaign is drawn: the rulebook names a winner only for a higher "
           "total or a majority, and adds no tie-break."),
    ruling("Who goes first in a campaign",
           "The first game's first player is drawn by the campaign's seed unless given. In a "
           "two-game campaign the other player goes first in the second game. In a best-of "
           "campaign the loser of the previous game chooses who goes first; after a game "
           "without a winner, the player who went second in it chooses."),
)

FORMAT = "stratego-legends-campaign"
VERSION = 1
KINDS = ("two-game", "best-of")
MAX_GAMES = 99
#: The sides the two players keep through the campaign: the first named plays beige.
SIDES = ("beige", "gray")


def destroyed_count(game: Game, seat: str) -> int:
    """How many of ``seat``'s pieces are destroyed now (see the ruling "Campaign scores")."""
    g = game.engine
    i = g.player_index(seat)
    in_curse = sum(1 for p in range(len(g.types))
                   if g.owner[p] == i and g.loc[p] in (CURSE, CURSE_QUEUE))
    return len(g.dead[i]) + in_curse


class Campaign:
    """A campaign in progress or finished. Build one with :meth:`new` or :meth:`from_dict`."""

    def __init__(self, *, kind: str, games: int, names: tuple[str, str],
                 armies: list[Any], seed: int, first: int, turn_limit: int | None,
                 auto_pass: bool, results: list[dict[str, Any]] | None = None,
                 first_choice: int | None = None, current: dict[str, Any] | None = None):
        self.kind = kind
        self.games = games
        self.names = names
        self.armies = armies
        self.seed = seed
        self.first = first
        self.turn_limit = turn_limit
        self.auto_pass = auto_pass
        self.results: list[dict[str, Any]] = list(results or [])
        self.first_choice = first_choice
        self._current = current
        self._game: Game | None = None

    @classmethod
    def new(cls, *, kind: str = "two-game", games: int | None = None,
            names: Sequence[str] = ("beige", "gray"), armies: Sequence[Any] = (None, None),
            seed: int | None = None, first: int | str | None = None,
            turn_limit: int | None = None, auto_pass: bool = False) -> Campaign:
        """Start a campaign.

        :param kind: ``"two-game"`` or ``"best-of"``.
        :param games: how many games a best-of campaign has at most (a majority wins); a
            two-game campaign has 2.
        :param names: the two players; the first plays beige in every game, the second gray.
        :param armies: each player's army, as for :meth:`legends_core.Game.new` (``None``: a
            preset drawn for each game).
        :param seed: seeds every game (each game gets its own seed drawn from it); 128 secure
            random bits when ``None``.
        :param first: who goes first in the first game (a name or 0/1); drawn by the seed
            when ``None``.
        :param turn_limit: ends each game without a winner after this many turns.
        :param auto_pass: passed on to every game (for computer players).
        """
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {short(kind)}")
        if games is None:
            games = 2 if kind == "two-game" else 3
        if kind == "two-game" and games != 2:
            raise ValueError("a two-game campaign has 2 games")
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise ValueError(f"games must be a whole number from 1 to {MAX_GAMES}")
        pair = tuple(names)
        if len(pair) != 2 or pair[0] == pair[1] or not all(
                isinstance(n, str) and 0 < len(n) <= 32 for n in pair):
            raise ValueError("names must be two different names of 1 to 32 characters")
        if seed is None:
            seed = secrets.randbits(128)
        if first is None:
            first = random.Random(f"{seed}:campaign:first").randrange(2)
        who = _who(first, pair, "first")
        if len(armies) != 2:
            raise ValueError("armies must give one army per player")
        return cls(kind=kind, games=games, names=(pair[0], pair[1]), armies=list(armies),
                   seed=check_seed(seed, "seed"), first=who, turn_limit=turn_limit,
                   auto_pass=bool(auto_pass))

    # -- where the campaign stands ------------------------------------------------------
    @property
    def game(self) -> Game | None:
        """The game in progress (possibly over but not yet :meth:`finish_game`-ed)."""
        if self._game is None and self._current is not None:
            self._game = Game.from_record(self._current)
        return self._game

    @property
    def wins(self) -> tuple[int, int]:
        """Games won by each player."""
        return (sum(1 for r in self.results if r["winner"] == 0),
                sum(1 for r in self.results if r["winner"] == 1))

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's total: the loser's destroyed pieces of every game they won."""
        return (sum(r["score"] for r in self.results if r["winner"] == 0),
                sum(r["score"] for r in self.results if r["winner"] == 1))

    @property
    def is_over(self) -> bool:
        """Is the campaign decided: both games of a two-game campaign played, or a majority
        of a best-of-N won (or all N played)?"""
        if self.kind == "two-game":
            return len(self.results) >= 2
        return max(self.wins) * 2 > self.games or len(self.results) >= self.games

    @property
    def winner(self) -> str | None:
        """The player who won the campaign (``None`` while it goes on, or when drawn: see the
        ruling "A campaign tie")."""
        if not self.is_over:
            return None
        a, b = self.scores if self.kind == "two-game" else self.wins
        return None if a == b else self.names[0 if a > b else 1]

    @property
    def chooser(self) -> str | None:
        """Who must choose who goes first in the next game (:meth:`choose_first`), if anyone."""
        if self.is_over or self._current is not None or self.first_choice is not None:
            return None
        if not self.results or self.kind == "two-game":
            return None
        last = self.results[-1]
        if last["winner"] is None:
            return self.names[1 - last["first"]]  # went second
        return self.names[1 - last["winner"]]

    def next_first(self) -> str | None:
        """Who goes first in the next game (``None`` while a choice is awaited or the campaign
        is over)."""
        if self.is_over:
            return None
        if not self.results:
            return self.names[self.first]
        if self.kind == "two-game":
            return self.names[1 - self.results[0]["first"]]
        return None if self.first_choice is None else self.names[self.first_choice]

    # -- between games --------------------------------------------------------------------
    def choose_first(self, who: str | int) -> None:
        """The :attr:`chooser`'s choice of who goes first in the next game."""
        if self.chooser is None:
            raise LegendsError("nobody is choosing who goes first now")
        self.first_choice = _who(who, self.names, "first")

    def set_army(self, who: str | int, army: Any) -> None:
        """Change a player's army for the games to come (not during a game)."""
        if self._current is not None:
            raise LegendsError("armies change between games, not during one")
        self.armies[_who(who, self.names, "player")] = army

    def start_game(self) -> Game:
        """Begin the next game and return it."""
        if self._current is not None:
            raise LegendsError("a game is in progress: finish it first")
        if self.is_over:
            raise LegendsError("the campaign is over")
        first = self.next_first()
        if first is None:
            raise LegendsError(f"{self.chooser} must first choose who goes first")
        n = len(self.results)
        seed = random.Random(f"{self.seed}:campaign:game:{n}").getrandbits(128)
        game = Game.new(beige=self.armies[0], gray=self.armies[1], seed=seed,
                        first=SIDES[self.names.index(first)], turn_limit=self.turn_limit,
                        auto_pass=self.auto_pass)
        # The record's headers say which campaign game this is and who plays each side.
        game.headers.update(event=f"campaign ({self.kind}, {self.games} games)",
                            round=str(n + 1), players=dict(zip(SIDES, self.names, strict=True)))
        self._game = game
        self._current = game.record()
        return game

    def finish_game(self) -> dict[str, Any]:
        """Score the finished game in progress and return its line of the table."""
        game = self.game
        if game is None or not game.is_over:
            raise LegendsError("no finished game to score")
        winner = None if game.winner is None else SIDES.index(game.winner)
        loser = None if winner is None else SIDES[1 - winner]
        first = SIDES.index(game.record()["setup"]["first"])
        result = {"first": first, "winner": winner,
                  "score": 0 if loser is None else destroyed_count(game, loser),
                  "turns": game.turn, "reason": game.reason}
        self.results.append(result)
        self._current = None
        self._game = None
        self.first_choice = None
        return result

    def table(self) -> list[dict[str, Any]]:
        """The games so far, one row each: number, who went first, the winner, the score,
        turns, how it ended, and the running totals."""
        rows = []
        totals = [0, 0]
        wins = [0, 0]
        for i, r in enumerate(self.results, 1):
            if r["winner"] is not None:
                totals[r["winner"]] += r["score"]
                wins[r["winner"]] += 1
            rows.append({"game": i, "first": self.names[r["first"]],
                         "winner": None if r["winner"] is None else self.names[r["winner"]],
                         "score": r["score"], "turns": r["turns"], "reason": r["reason"],
                         "totals": tuple(totals), "wins": tuple(wins)})
        return rows

    # -- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The campaign as JSON-friendly data (the game in progress as its full record)."""
        if self._game is not None:
            self._current = self._game.record()
        return {"format": FORMAT, "version": VERSION, "kind": self.kind, "games": self.games,
                "names": list(self.names), "armies": list(self.armies), "seed": self.seed,
                "first": self.first, "turn_limit": self.turn_limit, "auto_pass": self.auto_pass,
                "results": [dict(r) for r in self.results], "first_choice": self.first_choice,
                "current": self._current}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | str) -> Campaign:
        """Resume a saved campaign (a dict, or JSON text). Safe for untrusted input.

        :raises PositionError: a field is malformed or the state impossible; the message
            names the field (``results[1].winner``, ``current.actions[7]`` ...).
        """
        if isinstance(data, str | bytes):
            data = safejson.loads(data, "campaign")
        safejson.check(data, "campaign")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise PositionError(f"format: expected {FORMAT!r}")
        if data.get("version") != VERSION:
            raise PositionError(f"version: only version {VERSION} is understood, not "
                                f"{short(data.get('version'))}")
        kind = data.get("kind")
        if kind not in KINDS:
            raise PositionError(f"kind: expected one of {', '.join(KINDS)}, got {short(kind)}")
        games = _int(data.get("games"), "games", 1, MAX_GAMES)
        if kind == "two-game" and games != 2:
            raise PositionError("games: a two-game campaign has 2 games")
        names = data.get("names")
        if not (isinstance(names, list) and len(names) == 2 and names[0] != names[1] and all(
                isinstance(n, str) and 0 < len(n) <= 32 for n in names)):
            raise PositionError(f"names: expected two different names of 1 to 32 characters, "
                                f"got {short(names)}")
        armies = data.get("armies")
        if not isinstance(armies, list) or len(armies) != 2:
            raise PositionError(f"armies: expected one army per player, got {short(armies)}")
        for i, army in enumerate(armies):
            check_army(army, f"armies[{i}]")
        seed = check_seed(data.get("seed"), "seed")
        first = _int(data.get("first"), "first", 0, 1)
        limit = data.get("turn_limit")
        if limit is not None:
            limit = _int(limit, "turn_limit", 1, 2**31 - 1)
        auto_pass = data.get("auto_pass", False)
        if not isinstance(auto_pass, bool):
            raise PositionError(f"auto_pass: expected true or false, got {short(auto_pass)}")
        results = data.get("results")
        if not isinstance(results, list) or len(results) > games:
            raise PositionError(f"results: expected a list of at most {games} games")
        checked = [_result(r, f"results[{i}]") for i, r in enumerate(results)]
        choice = data.get("first_choice")
        if choice is not None:
            choice = _int(choice, "first_choice", 0, 1)
        current = data.get("current")
        camp = cls(kind=kind, games=games, names=(names[0], names[1]), armies=armies,
                   seed=seed, first=first, turn_limit=limit, auto_pass=auto_pass,
                   results=checked, first_choice=choice)
        # The results must be a campaign that could have happened so far.
        for i in range(len(checked)):
            sofar = cls(kind=kind, games=games, names=camp.names, armies=armies, seed=seed,
                        first=first, turn_limit=limit, auto_pass=auto_pass,
                        results=checked[:i])
            if sofar.is_over:
                raise PositionError(f"results[{i}]: the campaign was already over")
            want = sofar.next_first()
            if want is not None and camp.names.index(want) != checked[i]["first"]:
                raise PositionError(f"results[{i}].first: {want} went first in that game")
        if choice is not None and (camp.kind == "two-game" or not checked or camp.is_over):
            raise PositionError("first_choice: there is no choice of who goes first to make now")
        if current is not None:
            if camp.is_over:
                raise PositionError("current: the campaign is over, yet a game is in progress")
            if camp.next_first() is None:
                raise PositionError("current: a game is in progress, but who goes first in it "
                                    "was never chosen")
            try:
                record = check_record(current)
                if "setup" not in record:
                    raise PositionError("record: a campaign game starts from its setup")
                camp._game = Game.from_record(record)
            except PositionError as exc:
                raise PositionError(f"current.{exc}") from None
            setup = record["setup"]
            if setup.get("rules", "legends") != "legends" or setup.get("players", 2) != 2:
                raise PositionError("current.setup: a campaign game is two-player Stratego "
                                    "Legends")
            if setup.get("first") != SIDES[camp.names.index(camp.next_first() or "")]:
                raise PositionError(f"current.setup.first: {camp.next_first()} goes first in "
                                    "this game")
            camp._current = record
        return camp


def _who(who: str | int, names: tuple[str, ...], what: str) -> int:
    if isinstance(who, int) and not isinstance(who, bool) and who in (0, 1):
        return who
    if isinstance(who, str) and who in names:
        return names.index(who)
    raise ValueError(f"{what}: expected {names[0]!r}, {names[1]!r}, 0 or 1, got {short(who)}")


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise PositionError(f"{where}: expected a whole number from {lo} to {hi}, got {short(v)}")
    return v


def _result(r: Any, where: str) -> dict[str, Any]:
    if not isinstance(r, dict):
        raise PositionError(f"{where}: expected an object")
    unknown = set(r) - {"first", "winner", "score", "turns", "reason"}
    if unknown:
        raise PositionError(f"{where}: unknown field {short(sorted(unknown)[0])}")
    winner = r.get("winner")
    if winner is not None:
        winner = _int(winner, f"{where}.winner", 0, 1)
    score = _int(r.get("score"), f"{where}.score", 0, 1000)
    if winner is None and score:
        raise PositionError(f"{where}.score: a game without a winner scores nothing")
    reason = r.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 1000:
        raise PositionError(f"{where}.reason: expected a text of at most 1000 characters")
    return {"first": _int(r.get("first"), f"{where}.first", 0, 1), "winner": winner,
            "score": score, "turns": _int(r.get("turns"), f"{where}.turns", 1, 2**31 - 1),
            "reason": reason}
