"""A PettingZoo AEC environment (the extra ``legends[pettingzoo]``).

>>> from legends.envs.pettingzoo import env
>>> e = env(turn_limit=20)
>>> e.reset(seed=3)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)
>>> e.agents   # every agent has left the finished game
[]

Agents are the seats (``"beige"``, ``"gray"`` in Stratego Legends). Each observation is a
dict: ``observation``, the ``float32`` vector of :func:`legends.envs.encoding.observe`
(from that agent's view only), and ``action_mask``, an ``int8`` vector over the action ids
(all zero for an agent that is not deciding). A power may take several steps of the same
agent (source and key, then targets). Rewards come at the end, by side: +1 to every seat of
the winning side, -1 to every seat of the other (in a team game the whole team wins, whichever
of its players ended the game); 0 to all when the game reaches its turn limit, or when the
agents have taken ``max_steps`` steps between them (by default
:func:`~legends.envs.match.step_bound`, far more than a game takes): both truncate the episode.

An id out of range or masked raises :class:`legends_core.ActionIdError` and changes nothing.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector  # noqa: F401 (re-exported for users' wrappers)

from . import render as draw
from .match import TURN_LIMIT, Match, draw_seed, step_bound


def env(**kwargs: Any) -> LegendsAEC:
    """The environment (no PettingZoo wrappers: bad ids raise :class:`~legends_core.errors.ActionIdError`
    rather than ending the game)."""
    return LegendsAEC(**kwargs)


raw_env = env


class LegendsAEC(AECEnv):
    """Stratego Legends (or another ruleset) as an agent-environment-cycle game.

    :param rules: the ruleset (``None``: Stratego Legends).
    :param turn_limit: truncate a game after this many turns.
    :param max_steps: truncate an episode once the agents have taken this many steps between
        them; ``"auto"`` (the default) is :func:`~legends.envs.match.step_bound` of the seats
        and the turn limit, ``None`` sets no bound.
    :param render_mode: ``"ansi"`` (text), ``"svg"`` (SVG text), ``"rgb_array"``,
        ``"human"`` (prints the text after the reset and after every completed action), or
        ``None``.
    :param render_player: draw what this seat knows; ``None`` draws the referee's picture.
    :param game_kwargs: passed to :meth:`legends_core.Game.new` (armies, ``setup``, ...).
    """

    RENDER_MODES = ("ansi", "svg", "rgb_array", "human")
    metadata = {"render_modes": list(RENDER_MODES), "name": "legends_v0",
                "is_parallelizable": False, "render_fps": 2}

    def __init__(self, rules: str | None = None, *, turn_limit: int | None = TURN_LIMIT,
                 max_steps: int | Literal["auto"] | None = "auto",
                 render_mode: str | None = None, render_player: str | None = None,
                 **game_kwargs: Any):
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}")
        self.match = Match(rules, turn_limit=turn_limit, **game_kwargs)
        if max_steps == "auto":
            max_steps = step_bound(len(self.match.players), turn_limit)
        elif max_steps is not None and (isinstance(max_steps, bool)
                                        or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError("max_steps must be a positive int, 'auto' or None")
        #: The steps (of all agents) after which an episode is truncated (``None``: no bound).
        self.max_steps: int | None = max_steps
        self.render_mode = render_mode
        self.render_player = render_player
        self.possible_agents = list(self.match.players)
        size, n = self.match.observations.size, self.match.actions.size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        #: Draws the deals once a seed is given (``None``: each from the secure source).
        self._deals: np.random.Generator | None = None
        self._reset_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _reset_state(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.match.current or self.agents[0]
        self._steps = 0
        self._ended = False

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, its 128-bit seed drawn from a generator seeded by ``seed``; later
        resets without a seed go on drawing from it (as a Gymnasium environment does), and
        before any seed is given each deal comes from the operating system's secure source."""
        if seed is not None:
            self._deals = np.random.default_rng(seed)
        self.match.reset(draw_seed(self._deals))
        self._reset_state()
        self._show()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = self.match.mask(agent)
        if self._ended:  # cut short by the step bound: nothing is legal any more
            mask[:] = 0
        return {"observation": self.match.observation(agent), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.match.step(action)  # raises ActionIdError with nothing changed
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        game = self.match.game
        if game.is_over:
            self._end(agent, truncated=self.match.truncated, reason=game.reason)
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self._end(agent, truncated=True, reason=f"step limit of {self.max_steps} reached")
        else:
            self.agent_selection = self.match.current or agent
        if self.match.chooser.partial is None:  # an action was completed
            self._show()

    def _end(self, agent: str, *, truncated: bool, reason: str) -> None:
        """End the episode after ``agent``'s step: everyone gets their return (0 when
        truncated) and is then stepped with ``None`` in seat order, from the next seat on."""
        game = self.match.game
        self._ended = True
        self.rewards = (dict.fromkeys(self.agents, 0.0) if truncated
                        else self.match.returns())
        done = dict.fromkeys(self.agents, True)
        if truncated:
            self.truncations = done
        else:
            self.terminations = done
        for a in self.agents:
            self.infos[a] = {"winner": game.winner, "winners": game.winners, "reason": reason}
        self._accumulate_rewards()
        i = self.agents.index(agent)
        self.agent_selection = self.agents[(i + 1) % len(self.agents)]

    def _show(self) -> None:
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        if self.render_mode is None:
            return None
        return draw.in_mode(self.match.game.view(self.render_player), self.render_mode)

    def close(self) -> None:
        pass
