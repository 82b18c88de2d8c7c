"""A single-agent Gymnasium environment against a built-in computer player (the extra
``legends[gymnasium]``).

>>> import numpy as np
>>> from legends.envs.gymnasium import LegendsEnv
>>> env = LegendsEnv(opponent="random", turn_limit=20)
>>> obs, info = env.reset(seed=1)
>>> rng = np.random.default_rng(1)
>>> done = False
>>> while not done:
...     action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
...     obs, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (-1.0, 0.0, 1.0)
True

The agent plays one seat (``seat``, by default the first); the other seats are played by a
computer player from :mod:`legends.ai`. Observations are the same dict as in the
PettingZoo environment (``observation`` and ``action_mask``), from the agent's view only.
Ids are those of :class:`legends.envs.encoding.ActionSpace`, plus one more, the last
(``env.delegate``): "let the built-in player make this decision", always legal while the
game runs. ``action_space.sample()`` without a mask returns it, so a blind sample is always
a legal move; pass ``mask=obs["action_mask"]`` to sample among all legal ids.

Reward +1 for a win, -1 for a loss, at the end; a game that reaches the turn limit is
truncated with reward 0. An id out of range or masked raises
:class:`legends_core.ActionIdError` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from legends_core.errors import ActionIdError

from ..ai import make_player
from . import render as draw
from .match import TURN_LIMIT, Match, draw_seed


class DelegatingDiscrete(spaces.Discrete):
    """``Discrete`` whose unmasked :meth:`sample` is the last id (delegate the decision)."""

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            return np.int64(self.start + self.n - 1)
        return super().sample(mask=mask, probability=probability)


class LegendsEnv(gymnasium.Env):
    """One seat of a game against built-in computer players.

    :param rules: the ruleset (``None``: Stratego Legends).
    :param seat: the agent's seat (``None``: the first).
    :param opponent: ``"random"``, ``"heuristic"`` or ``"ismcts"`` (see
        :func:`legends.ai.make_player`), or an object with ``choose(game) -> Action``.
    :param delegate_to: the player that makes delegated decisions (default: like
        ``opponent`` when that is a name, else ``"heuristic"``).
    :param turn_limit: truncate a game after this many turns.
    :param render_mode: ``"ansi"``, ``"svg"``, ``"rgb_array"`` or ``None``.
    """

    metadata = {"render_modes": ["ansi", "svg", "rgb_array"], "render_fps": 2}

    def __init__(self, rules: str | None = None, *, seat: str | None = None,
                 opponent: Any = "heuristic", delegate_to: str | None = None,
                 turn_limit: int | None = TURN_LIMIT, render_mode: str | None = None,
                 **game_kwargs: Any):
        if render_mode is not None and render_mode not in ("ansi", "svg", "rgb_array"):
            raise ValueError("render_mode must be one of ansi, svg, rgb_array")
        self.match = Match(rules, turn_limit=turn_limit, **game_kwargs)
        self.seat = seat if seat is not None else self.match.players[0]
        if self.seat not in self.match.players:
            raise ValueError(f"seat must be one of {', '.join(self.match.players)}")
        self.render_mode = render_mode
        self._opponent_spec = opponent
        self._delegate_spec = delegate_to or (opponent if isinstance(opponent, str) else "heuristic")
        n = self.match.actions.size + 1
        #: The id that lets the built-in player decide for the agent.
        self.delegate = n - 1
        self.action_space = DelegatingDiscrete(n)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf,
                                      shape=(self.match.observations.size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
        })
        self._players: dict[str, Any] = {}

    # -- the episode ---------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game: its 128-bit seed is drawn from the environment's generator (seeded by
        ``seed``, else from the operating system); the computer players move until the agent
        decides."""
        super().reset(seed=seed)
        game_seed = draw_seed(self.np_random)
        self.match.reset(game_seed)
        self._players = {p: self._make(self._opponent_spec, game_seed + i)
                         for i, p in enumerate(self.match.players) if p != self.seat}
        self._assist = make_player(self._delegate_spec, seed=game_seed)
        self._play_others()
        return self._obs(), self._info()

    def _make(self, spec: Any, seed: int) -> Any:
        return make_player(spec, seed=seed) if isinstance(spec, str) else spec

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Take one id (or :attr:`delegate`), then let the computer players move until the
        agent decides again or the game ends.

        :raises ~legends_core.errors.ActionIdError: the id is out of range or masked; nothing changes.
        """
        m = self.match
        if m.game.is_over:
            raise ActionIdError("the episode is over: call reset()")
        if _is_int(action) and int(action) == self.delegate:
            m.game.apply(self._assist.choose(m.game.knowledge(self.seat)))
            m._refresh()
        else:
            m.step(action)  # raises ActionIdError with nothing changed
        self._play_others()
        over = m.game.is_over
        reward = m.returns()[self.seat] if over else 0.0
        return self._obs(), reward, over and not m.truncated, m.truncated, self._info()

    def _play_others(self) -> None:
        m = self.match
        while not m.game.is_over and m.current != self.seat:
            who = m.current
            assert who is not None
            m.game.apply(self._players[who].choose(m.game.knowledge(who)))
        m._refresh()

    def _obs(self) -> dict[str, np.ndarray]:
        m = self.match
        mask = np.zeros(self.delegate + 1, dtype=np.int8)
        if not m.game.is_over:
            mask[:-1] = m.mask(self.seat)
            mask[-1] = 1
        return {"observation": m.observation(self.seat), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        g = self.match.game
        return {"turn": g.turn, "winner": g.winner, "reason": g.reason}

    def render(self) -> Any:
        """The board as the agent knows it, in the ``render_mode``."""
        if self.render_mode is None:
            return None
        view = self.match.game.view(self.seat)
        if self.render_mode == "ansi":
            return draw.text(view)
        if self.render_mode == "svg":
            return draw.svg(view)
        return draw.rgb(view)


def _is_int(x: Any) -> bool:
    return isinstance(x, int | np.integer) and not isinstance(x, bool)


#: ``gymnasium.make("legends/Legends-v0", opponent=..., ...)`` builds a :class:`LegendsEnv`.
ENV_ID = "legends/Legends-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:LegendsEnv")
