"""An OpenSpiel python game (the extra ``legends[openspiel]``).

>>> import pyspiel
>>> import legends.envs.openspiel                  # registers the games
>>> game = pyspiel.load_game("python_legends", {"turn_limit": 10})
>>> state = game.new_initial_state()
>>> for byte in bytes(range(16)):                     # the deal: 16 chance nodes of a byte
...     state.apply_action(byte)
>>> state.current_player(), len(state.observation_tensor(0)) == game.observation_tensor_size()
(0, True)

Every installed ruleset is registered under its own short name (:func:`short_name`: the
default game is ``python_legends``, ``classic`` is ``python_legends_classic``, and so on).
Parameter: ``turn_limit`` (a game that reaches it ends without a winner, returns 0).

Chance: the whole hidden setup (battle boards, armies, placement, the setup reshuffles) comes
from the deal at the root: :data:`DEAL_BYTES` chance nodes, each a uniform byte, which make
the game's 128-bit seed (first byte most significant). A deal is as hard to guess as a game
made without a seed, so a player's own placement cannot be looked up among a few deals to
find the opponent's; a given list of bytes is still a reproducible game. Players never observe
the deal; they see what their view shows.

Actions: the ids of :class:`legends.envs.encoding.ActionSpace`; a power may take several
moves of the same player. Observation tensors are :func:`~legends.envs.encoding.observe`
of the player's view. The information-state tensor is the same vector (the view keeps
everything a player has learned: identities shown, pieces moved, destroyed areas; it does not
keep the order of past events), and the information-state string is perfect recall: the
player's first view (the whole view, as JSON, less the setup commitment), then every event
they were shown and their own ids, in order. The commitment is a digest of the whole hidden
setup: kept in, it would give every deal its own strings, however alike the player's
knowledge. The strings are the same in every process for the same deal and ids.

Search: ``LegendsState.resample_from_infostate`` imagines a world from one player's
knowledge; in it that player's information state is unchanged and every other player's is
their own in the imagined world, so one string of the player to move always comes with one set
of legal actions (OpenSpiel's ISMCTS bot needs no special setting).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import numpy as np
import pyspiel

from legends_core import imagine_game
from legends_core.events import Event
from legends_core.ruleset import rulesets

from .match import TURN_LIMIT, Match

#: Chance nodes of the deal, one byte each: the game's seed has 128 bits.
DEAL_BYTES = 16
DEFAULT_RULES = "legends"
_REGISTERED: dict[str | None, str] = {}


def short_name(rules: str | None = None) -> str:
    """The OpenSpiel short name of a ruleset (``None``: the default game)."""
    if rules in (None, DEFAULT_RULES):
        return "python_legends"
    return "python_legends_" + rules.replace("-", "_")


def register(rules: str | None = None) -> str:
    """Register the game of ``rules`` with :mod:`pyspiel` (once); its short name."""
    if rules == DEFAULT_RULES:
        rules = None
    if rules in _REGISTERED:
        return _REGISTERED[rules]
    name = short_name(rules)
    probe = Match(rules, turn_limit=TURN_LIMIT)
    players = len(probe.players)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"Stratego Legends ({rules or 'default'} rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if players == 2
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"turn_limit": TURN_LIMIT},
    )

    # A class per ruleset, as OpenSpiel's own python games register (a closure kept in
    # pyspiel's registry crashes the interpreter at exit).
    cls = type(f"LegendsGame_{name}", (LegendsGame,), {"RULES": rules, "GAME_TYPE": game_type})
    globals()[cls.__name__] = cls  # so a game pickles by name
    pyspiel.register_game(game_type, cls)
    _REGISTERED[rules] = name
    return name


class ResampleError(ValueError):
    """``LegendsState.resample_from_infostate`` cannot give a state the player cannot tell
    from this one (see there)."""


class LegendsGame(pyspiel.Game):
    """The game of one ruleset (a subclass per ruleset sets ``RULES`` and ``GAME_TYPE``)."""

    RULES: str | None = None
    GAME_TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None):
        params = params or {}
        self.rules = rules = self.RULES
        self.turn_limit = int(params.get("turn_limit", TURN_LIMIT))
        if self.turn_limit < 1:
            raise ValueError("turn_limit must be at least 1")
        self.probe = Match(rules, turn_limit=self.turn_limit)
        players = len(self.probe.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.probe.actions.size,
            max_chance_outcomes=256,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            # A turn is a handful of decisions; this bound is far above any game seen.
            max_game_length=64 * (self.turn_limit + 2),
        )
        super().__init__(self.GAME_TYPE, info, {"turn_limit": self.turn_limit})

    def new_initial_state(self) -> LegendsState:
        return LegendsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LegendsObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return LegendsObserver(self, perfect_recall)


class LegendsState(pyspiel.State):
    """A game of the adapter: the deal (chance), then the players' ids."""

    def __init__(self, game: LegendsGame):
        super().__init__(game)
        # Plain values only: OpenSpiel clones a python state by deep-copying its attributes.
        self.rules, self.turn_limit = game.rules, game.turn_limit
        self.players = len(game.probe.players)
        #: The bytes of the deal drawn so far (chance's moves).
        self.deal: list[int] = []
        self.match: Match | None = None
        #: Per player, what they were shown and their own ids (perfect recall strings).
        self.seen: list[list[str]] = [[] for _ in range(self.players)]

    # -- the flow --------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.match is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.match.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.match.players.index(self.match.current)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # A byte at a time: a list of 2**128 seeds could not be made, and a short list would
        # let a player find the deal (and the opponent's setup) from their own placement.
        return [(i, 1.0 / 256) for i in range(256)]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.match is not None
        return self.match.legal_ids(self.match.players[player])

    def _apply_action(self, action: int) -> None:
        if self.match is None:
            if not 0 <= action < 256:
                raise ValueError(f"a deal byte is from 0 to 255, not {action}")
            self.deal.append(int(action))
            if len(self.deal) < DEAL_BYTES:
                return
            self.match = Match(self.rules, turn_limit=self.turn_limit)
            self.match.reset(int.from_bytes(bytes(self.deal), "big"))
            # Each player begins knowing their own placement: their first view.
            self.seen = [[_first_view(self.match, name)] for name in self.match.players]
            return
        player = self.current_player()
        events = self.match.step(action)
        self.seen[player].append(f"id {action}")
        if events:
            self._note_events(events)

    def _note_events(self, events: list[Event]) -> None:
        assert self.match is not None
        for i, name in enumerate(self.match.players):
            for e in self.match.game.events_for(events, name):
                if e.kind != "commit":  # a digest of the hidden setup: see _first_view
                    self.seen[i].append(json.dumps(e.to_dict(), sort_keys=True))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.match is None:
            return f"deal byte {action}"
        return self.match.actions.describe(action)

    def is_terminal(self) -> bool:
        return self.match is not None and self.match.game.is_over

    def returns(self) -> list[float]:
        if self.match is None:
            return [0.0] * self.players
        r = self.match.returns()
        return [r[p] for p in self.match.players]

    def __str__(self) -> str:
        if self.match is None:
            return "(deal pending)"
        return self.match.game.view(None).to_dict().__repr__()

    # -- search helpers ----------------------------------------------------------------------
    def resample_from_infostate(self, player: int, sampler: Any = None) -> LegendsState:
        """A state ``player`` cannot tell from this one, for information set search such as
        OpenSpiel's ISMCTS.

        The pieces ``player`` does not know get plausible identities drawn from what they know
        alone (:func:`legends_core.worlds.imagine_game`). ``player``'s information state (string
        and tensor) is this state's. Every other player's is their own in the imagined world:
        their string starts afresh at their full view of it (an imagined world has no past), so
        it never carries what they knew in the real game, and two states that give the player
        to move the same string give them the same legal actions."""
        other = copy.deepcopy(self)
        if self.match is None or self.match.game.is_over:
            return other
        rng = random.Random(sampler() if callable(sampler) else None)
        match = self.match
        seat = match.players[player]
        imagined = imagine_game(match.game.knowledge(seat), rng)
        if imagined.view(seat) != match.game.view(seat):
            # The kernel's knowledge leaves out another side's private question; while one is
            # pending the imagined world cannot have them deciding, as ``player`` knows they are.
            raise ResampleError(
                f"{seat} cannot be resampled for now: {match.current} is answering a question "
                f"{seat} may not see; resample for the player to move")
        # Power steps already taken are kept only when they are ``player``'s own: another
        # player's steps are their secret, and may be no legal start in the imagined world.
        partial = match.chooser.partial if match.current == seat else None
        assert other.match is not None
        other.match.replace_game(imagined, partial)
        for i, name in enumerate(other.match.players):
            if i != player:
                other.seen[i] = [_first_view(other.match, name)]
        return other


def _first_view(match: Match, player: str) -> str:
    """The first line of ``player``'s perfect-recall string: their whole view as canonical
    JSON (the board's terrain included, which the compact observation text leaves out; the
    setup commitment left out), and
    the power steps they have taken in the pending decision."""
    seen = match.game.view(player).to_dict()
    # The commitment is a digest of the whole hidden setup: in the string it would give every
    # deal its own information states (see the Research page, "Reproducible strings").
    seen.pop("commitment", None)
    text = json.dumps(seen, sort_keys=True)
    partial = match.partial(player)
    return text if partial is None else f"{text}\nsteps {json.dumps(partial)}"


class LegendsObserver:
    """Observation (or information-state) tensors and strings of one player."""

    def __init__(self, game: LegendsGame, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        space = game.probe.observations
        self.space = space
        self.tensor = np.zeros(space.size, np.float32)
        self.dict = {"board": space.board(self.tensor),
                     "features": self.tensor[space.board_size:]}

    def set_from(self, state: LegendsState, player: int) -> None:
        if state.match is None:
            self.tensor.fill(0.0)
            return
        state.match.observation(state.match.players[player], out=self.tensor)

    def string_from(self, state: LegendsState, player: int) -> str:
        if state.match is None:
            return ""
        name = state.match.players[player]
        if self.perfect_recall:
            return f"{name}\n" + "\n".join(state.seen[player])
        return state.match.observation_text(name)


for _rules in rulesets():  # every installed ruleset, each under its own short name
    register(_rules)
