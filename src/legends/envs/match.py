"""One game driven by action ids: the part every environment shares.

A :class:`Match` keeps a :class:`~legends_core.Game`, the :class:`~.encoding.Chooser` of
the pending decision, and turns ids into actions. Observations and masks come only from each
player's view and their own pending decision.

Every seat is asked in every response window, even when ``pass`` is its only legal id (its
mask then allows just that). Auto-pass (answering such a window at once) would save those
steps, but then a seat would be selected only when one of its pieces offers an ability, and
the other agents would read that from who is selected. ``auto_pass=True`` among the game
arguments still turns it on, for self-play where nobody reads the order of agents. The
observation names the decision being asked (:func:`~.encoding.observe`'s ``decision_kind``),
so two pass-only windows in a row do not look alike.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np

from legends_core import Game
from legends_core.actions import Action
from legends_core.errors import ActionIdError
from legends_core.events import Event

from .encoding import ActionSpace, Chooser, ObservationSpace, observation_string, observe

#: Default turn limit of the environments (a game that reaches it ends with no winner and
#: counts as truncated).
TURN_LIMIT = 200
#: Steps allowed per seat and turn by the environments' default step bound
#: (:func:`step_bound`). Games take far fewer (about 3.5 per turn with two seats, 6 with
#: four, counting every seat's steps); the bound only stops an episode that stopped moving.
STEPS_PER_SEAT_AND_TURN = 10
#: Bits of every game seed an environment draws (as many as a game made without a seed).
SEED_BITS = 128


def draw_seed(rng: np.random.Generator | None = None) -> int:
    """A game seed of :data:`SEED_BITS` bits: from ``rng`` when given (a generator the user
    seeded, so that seeded resets replay), else from the operating system's secure source.

    Every bit counts: a seed drawn from a small range would let a player who sees their own
    placement tell which seed it was, and so the whole hidden setup.
    """
    if rng is None:
        return secrets.randbits(SEED_BITS)
    return int.from_bytes(rng.bytes(SEED_BITS // 8), "big")


def step_bound(seats: int, turn_limit: int | None) -> int:
    """The environments' default bound on the steps of an episode:
    :data:`STEPS_PER_SEAT_AND_TURN` for each seat and each turn of ``turn_limit`` (of
    :data:`TURN_LIMIT` when the game has no turn limit)."""
    turns = TURN_LIMIT if turn_limit is None else turn_limit
    return STEPS_PER_SEAT_AND_TURN * seats * (turns + 1)


class Match:
    """A game played with action ids.

    :param rules: the ruleset name (``None``: the default game).
    :param turn_limit: end the game with no winner after this many turns.
    :param setup: begin with the setup decisions (reshuffle and switches).
    :param game_kwargs: anything else for :meth:`legends_core.Game.new`.
    """

    def __init__(self, rules: str | None = None, *, turn_limit: int | None = TURN_LIMIT,
                 setup: bool = True, **game_kwargs: Any):
        self.rules = rules
        self.turn_limit = turn_limit
        self.setup = setup
        self.game_kwargs = dict(game_kwargs)
        self.game: Game = self._new(None)  # a secret deal even if reset is never called
        self.actions = ActionSpace.for_game(self.game)
        self.observations = ObservationSpace.for_game(self.game)
        self.chooser = Chooser(self.actions, [])
        self._refresh()

    def _new(self, seed: int | None, placement: Mapping[str, Any] | None = None) -> Game:
        kwargs = dict(self.game_kwargs)
        if self.rules is not None:
            kwargs["rules"] = self.rules
        if placement:  # a placement given with the match wins over one given per game
            kwargs["placement"] = {**placement, **(kwargs.get("placement") or {})}
        # Ask every seat in every window: see the module's docstring.
        kwargs.setdefault("auto_pass", False)
        return Game.new(seed=seed, turn_limit=self.turn_limit, setup=self.setup, **kwargs)

    def reset(self, seed: int | None = None,
              placement: Mapping[str, Any] | None = None) -> None:
        """A new game (``seed``: reproducible, and as secret as the seed; ``None``: 128 bits
        drawn from the secure source). The environments pass :func:`draw_seed`.
        ``placement``: setups by seat (as :meth:`Game.new <legends_core.Game.new>` takes them)
        for this game, such as computer players' own; a seat the match was made with a
        placement for keeps that one."""
        self.game = self._new(seed, placement)
        self._refresh()

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        # A copy of the game and of the steps taken; the spaces (immutable) and the catalogue
        # are shared. OpenSpiel clones its states this way.
        other = copy.copy(self)
        other.game = self.game.copy()
        other.chooser = Chooser(self.actions, self.chooser.legal)
        other.chooser.partial = self.chooser.partial
        return other

    def __getstate__(self) -> dict[str, Any]:
        # Pickled as the game's full (referee's) record, replayed on loading.
        return {"rules": self.rules, "turn_limit": self.turn_limit, "setup": self.setup,
                "game_kwargs": self.game_kwargs, "record": self.game.record(),
                "partial": self.chooser.partial}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.rules, self.turn_limit = state["rules"], state["turn_limit"]
        self.setup, self.game_kwargs = state["setup"], state["game_kwargs"]
        self.game = Game.from_record(state["record"])
        self.actions = ActionSpace.for_game(self.game)
        self.observations = ObservationSpace.for_game(self.game)
        self._refresh()
        self.chooser.partial = state["partial"]

    def replace_game(self, game: Game,
                     partial: tuple[str, str, tuple[str, ...]] | None = None) -> None:
        """Go on with ``game`` (an imagined world, say) in place of this match's game, with
        ``partial`` as the power steps already taken in its pending decision (they must be
        steps of its legal actions)."""
        self.game = game
        self._refresh()
        self.chooser.partial = partial
        if partial is not None and not self.chooser.legal_ids():
            raise ValueError(f"the power steps {partial} lead to no legal action")

    def _refresh(self) -> None:
        # The chooser keeps its own copy of the list.
        self.chooser = Chooser(self.actions, () if self.game.is_over
                               else self.game.legal_actions())

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    @property
    def current(self) -> str | None:
        """Who decides now (``None`` once the game is over)."""
        return self.game.current_player

    def step(self, aid: Any) -> list[Event]:
        """Take one id for the current player; the events once an action is complete.

        :raises ~legends_core.errors.ActionIdError: ``aid`` is out of range or masked, or the game is over; nothing
            changes.
        """
        if self.game.is_over:
            raise ActionIdError("the game is over; no action id is legal")
        action = self.chooser.step(aid)
        if action is None:
            return []
        events = self.game.apply(action)
        self._refresh()
        return events

    def apply(self, action: Action) -> list[Event]:
        """Apply a whole action for the current player (a computer player's choice), as
        :meth:`step` applies one built from ids; any power steps taken are dropped.

        :raises ~legends_core.errors.IllegalActionError: it is not legal now; nothing changes.
        """
        events = self.game.apply(action)
        self._refresh()
        return events

    def mask(self, player: str) -> np.ndarray:
        """The legal ids of ``player`` (all zero unless they are deciding)."""
        if player != self.current:
            return np.zeros(self.actions.size, dtype=np.int8)
        return self.chooser.mask()

    def legal_ids(self, player: str) -> list[int]:
        return self.chooser.legal_ids() if player == self.current else []

    def partial(self, player: str) -> tuple[str, str, tuple[str, ...]] | None:
        return self.chooser.partial if player == self.current else None

    def decision_kind(self, player: str) -> str | None:
        """The kind of ``player``'s pending decision (``None`` unless they are deciding), as
        their :class:`~legends_core.knowledge.Knowledge` gives it."""
        return self.game.decision_kind if player == self.current else None

    def observation(self, player: str, out: np.ndarray | None = None) -> np.ndarray:
        """``player``'s observation vector (from their view, their power steps and the kind of
        their decision only)."""
        if player == self.current:
            return observe(self.game.view(player), self.observations, self.chooser.partial,
                           out, self.game.decision_kind)
        return observe(self.game.view(player), self.observations, None, out, None)

    def observation_text(self, player: str) -> str:
        return observation_string(self.game.view(player), self.partial(player),
                                  self.decision_kind(player))

    def returns(self) -> dict[str, float]:
        """+1 to every seat of the winning side, -1 to every seat of the other; 0 to all when
        there is no winner (yet). In a team game the whole team wins, whichever of its
        players ended the game, so the returns of the two teams cancel out."""
        winners = set(self.game.winners)
        if not winners:
            return dict.fromkeys(self.players, 0.0)
        return {p: 1.0 if p in winners else -1.0 for p in self.players}

    def side_of(self, player: str) -> str:
        """The side (team) ``player`` plays for: their own seat name in a two-player game."""
        return next(side for side, seats in self.game.teams.items() if player in seats)

    @property
    def truncated(self) -> bool:
        """Did the game end at the turn limit (no winner by the rules)?"""
        return self.game.is_over and self.game.reason.startswith("turn limit")
