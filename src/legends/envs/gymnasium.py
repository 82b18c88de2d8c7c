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

The agent plays one seat (``seat``, by default the first). Computer players from
:mod:`legends.ai` play the others: ``opponent`` plays the seats of the other side, and in a
team game (``players=4``, 6 or 8) ``teammate`` plays the agent's partners. Observations are
the same dict as in the PettingZoo environment (``observation`` and ``action_mask``), from
the agent's view only. Ids are those of :class:`legends.envs.encoding.ActionSpace`, plus
one more, the last (``env.delegate``): "let the built-in player make this decision", always
legal while the game runs. ``action_space.sample()`` without a mask returns it, so a blind
sample is always a legal move; pass ``mask=obs["action_mask"]`` to sample among all legal
ids. A power that needs targets takes several ids (the power, then each target): the other
players wait until it is complete.

Rewards come at the end, for the agent's side: +1 when it wins (in a team game, whichever of
its players ended the game), -1 when it loses. An episode is truncated with reward 0 when the
game reaches its turn limit, or when the agent has taken ``max_steps`` steps (by default
:func:`~legends.envs.match.step_bound`: far more than a game takes, so only an episode that
stopped moving meets it). An id out of range or masked raises
:class:`legends_core.ActionIdError` and changes nothing.
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from legends_core.errors import ActionIdError
from legends_core.ruleset import DEFAULT

from ..ai import make_player
from . import render as draw
from .match import TURN_LIMIT, Match, draw_seed, step_bound

#: Render modes: text (``"ansi"``), SVG text, an RGB array, or the text printed (``"human"``).
RENDER_MODES = ("ansi", "svg", "rgb_array", "human")


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
    :param opponent: the player of the other side's seats: ``"random"``, ``"heuristic"``,
        ``"ismcts"`` or ``"search"`` (see :func:`legends.ai.make_player`), or an object with
        ``choose(knowledge) -> Action``.
    :param teammate: the player of the agent's partners in a team game, given the same way
        (``"heuristic"`` by default, whatever the opponent; unused in two-player games).
    :param delegate_to: the player that makes delegated decisions (default: like
        ``opponent`` when that is a name, else ``"heuristic"``).
    :param turn_limit: truncate a game after this many turns.
    :param max_steps: truncate an episode once the agent has taken this many steps;
        ``"auto"`` (the default) is :func:`~legends.envs.match.step_bound` of the seats and
        the turn limit, ``None`` sets no bound.
    :param render_mode: ``"ansi"``, ``"svg"``, ``"rgb_array"``, ``"human"`` (prints the
        text after every reset and step) or ``None``.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(self, rules: str | None = None, *, seat: str | None = None,
                 opponent: Any = "heuristic", teammate: Any = "heuristic",
                 delegate_to: str | None = None, turn_limit: int | None = TURN_LIMIT,
                 max_steps: int | Literal["auto"] | None = "auto",
                 render_mode: str | None = None, **game_kwargs: Any):
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        self.match = Match(rules, turn_limit=turn_limit, **game_kwargs)
        self.seat = seat if seat is not None else self.match.players[0]
        if self.seat not in self.match.players:
            raise ValueError(f"seat must be one of {', '.join(self.match.players)}")
        if max_steps == "auto":
            max_steps = step_bound(len(self.match.players), turn_limit)
        elif max_steps is not None and (not _is_int(max_steps) or max_steps < 1):
            raise ValueError("max_steps must be a positive int, 'auto' or None")
        #: The agent's steps after which an episode is truncated (``None``: no bound).
        self.max_steps: int | None = max_steps
        self.render_mode = render_mode
        self._opponent_spec = opponent
        self._teammate_spec = teammate
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
        self._steps = 0
        #: Why the episode was cut short by the step bound ("" while it was not).
        self._cut = ""

    # -- the episode ---------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game: its 128-bit seed is drawn from the environment's generator (seeded by
        ``seed``, else from the operating system); the computer players move until the agent
        decides."""
        super().reset(seed=seed)
        game_seed = draw_seed(self.np_random)
        side = self.match.side_of(self.seat)  # seats and sides are the same in every game
        self._players = {
            p: self._make(self._teammate_spec if self.match.side_of(p) == side
                          else self._opponent_spec, game_seed + i)
            for i, p in enumerate(self.match.players) if p != self.seat}
        # The computer players' own setups, where the edition lets players arrange theirs.
        rules = self.match.rules or DEFAULT
        own = {p: line for p, player in self._players.items()
               if (line := getattr(player, "arrange", lambda *_: None)(rules, p)) is not None}
        self.match.reset(game_seed, own)
        self._assist = make_player(self._delegate_spec, seed=game_seed)
        self._steps, self._cut = 0, ""
        self._play_others()
        self._show()
        return self._obs(), self._info()

    def _make(self, spec: Any, seed: int) -> Any:
        return make_player(spec, seed=seed) if isinstance(spec, str) else spec

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Take one id (or :attr:`delegate`), then let the computer players move until the
        agent decides again or the game ends.

        :raises ~legends_core.errors.ActionIdError: the id is out of range or masked; nothing changes.
        """
        m = self.match
        if m.game.is_over or self._cut:
            raise ActionIdError("the episode is over: call reset()")
        if _is_int(action) and int(action) == self.delegate:
            m.apply(self._assist.choose(m.game.knowledge(self.seat)))
        else:
            m.step(action)  # raises ActionIdError with nothing changed
        # A power still waiting for targets keeps the decision with the agent: the others
        # move only once it is complete (refreshing now would drop the steps taken).
        self._play_others()
        self._steps += 1
        over = m.game.is_over
        if not over and self.max_steps is not None and self._steps >= self.max_steps:
            self._cut = f"step limit of {self.max_steps} reached"
        reward = m.returns()[self.seat] if over else 0.0
        self._show()
        truncated = m.truncated or bool(self._cut)
        return self._obs(), reward, over and not m.truncated, truncated, self._info()

    def _play_others(self) -> None:
        """Let the computer players decide until the agent's turn to decide comes or the
        game ends. The agent's pending decision (and any power steps taken in it) is rebuilt
        only when someone else has acted."""
        m = self.match
        while not m.game.is_over and m.current != self.seat:
            who = m.current
            assert who is not None
            m.apply(self._players[who].choose(m.game.knowledge(who)))

    def _obs(self) -> dict[str, np.ndarray]:
        m = self.match
        mask = np.zeros(self.delegate + 1, dtype=np.int8)
        if not m.game.is_over and not self._cut:
            mask[:-1] = m.mask(self.seat)
            mask[-1] = 1
        return {"observation": m.observation(self.seat), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        g = self.match.game
        return {"turn": g.turn, "winner": g.winner, "winners": g.winners,
                "reason": self._cut or g.reason, "steps": self._steps}

    def _show(self) -> None:
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """The board as the agent knows it, in the ``render_mode`` (``"human"`` prints the
        text and returns ``None``)."""
        if self.render_mode is None:
            return None
        return draw.in_mode(self.match.game.view(self.seat), self.render_mode)


def _is_int(x: Any) -> bool:
    return isinstance(x, int | np.integer) and not isinstance(x, bool)


#: ``gymnasium.make("legends/Legends-v0", opponent=..., ...)`` builds a :class:`LegendsEnv`.
ENV_ID = "legends/Legends-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:LegendsEnv")
