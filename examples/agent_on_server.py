"""A research agent playing a person on a legends server, through the server's API.

The agent is the kind :mod:`legends.envs` trains: it reads an observation vector
(:func:`legends.envs.encoding.observe`) and a mask of the legal action ids, and answers an id.
Here it plays a seat on a server instead of in a local environment: :mod:`legends.client`
brings each state message, this adapter turns the message's view into the same observation and
mask the environments give, and turns the chosen id back into the action the server expects.
A power chosen in several steps (source, then targets) is chosen id by id, as in the
environments.

The observation is built from the state message alone (the seat's own view), so the agent
knows exactly what a person in that seat would. The action space comes from a local game of
the same edition and size: the board, the seats and the pieces' catalogue are public.

The agent here scores each legal id with fixed random weights (a stand-in for a trained
policy; swap in your own ``Agent.act``). Start a server (``legends serve``), then::

    PYTHONPATH=src python examples/agent_on_server.py --server http://localhost:8000 --rules classic

prints a game code; open the server's page, join with that code, and play the agent.
``--opponent random`` has it play the server's computer instead.

To have the agent play as an account (its games listed under the account's games, and rated
as it with ``--rated``): sign up on the server's page, open "My games", make an access token
with the scope "play", and give it in the environment (it stays out of the shell's history and
the process list)::

    legends serve --port 8000 &
    export LEGENDS_TOKEN=lgp_...        # the token the page showed once
    PYTHONPATH=src python examples/agent_on_server.py --server http://localhost:8000 \
        --rules classic --opponent random --rated

The game then shows in the account's games (``GET /api/v1/account/games`` with the token, or
the page's "My games").
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from legends.client import Client, Transport, env_token
from legends.envs.encoding import ActionSpace, Chooser, ObservationSpace, observe
from legends_core import Action, Game
from legends_core.visibility import PieceView, View


def view_from_message(data: dict[str, Any]) -> View:
    """The :class:`~legends_core.visibility.View` a state message's ``view`` field holds (the
    wire's lists back as the kernel's tuples)."""
    fields = dict(data)
    fields["pieces"] = tuple(PieceView(**{**p, "known_to": tuple(p["known_to"])})
                             for p in data["pieces"])
    for name in ("curse_queue", "options", "winners"):
        fields[name] = tuple(data[name])
    fields["effects"] = tuple(tuple(e) for e in data["effects"])
    for name in ("destroyed", "reserve"):
        fields[name] = {seat: tuple(numbers) for seat, numbers in data[name].items()}
    fields["teams"] = {side: tuple(seats) for side, seats in data["teams"].items()}
    return View(**fields)


class Agent:
    """A small two-layer scorer of every id from the observation (random weights): a
    stand-in for a trained policy."""

    def __init__(self, observations: int, actions: int, seed: int = 0, hidden: int = 16):
        rng = np.random.default_rng(seed)
        self.w1 = (rng.normal(size=(observations, hidden)) / observations ** 0.5).astype(
            np.float32)
        self.w2 = rng.normal(size=(hidden, actions)).astype(np.float32)

    def act(self, observation: np.ndarray, mask: np.ndarray) -> int:
        scores = np.tanh(observation.astype(np.float32) @ self.w1) @ self.w2
        return int(np.argmax(np.where(mask == 1, scores, -np.inf)))


class ServerSeat:
    """Answers the server's state messages for one seat with an :class:`Agent`'s ids."""

    def __init__(self, rules: str, players: int = 2, seed: int = 0):
        local = Game.new(rules=rules, players=players)  # public facts only: board, seats, pieces
        self.actions = ActionSpace.for_game(local)
        self.observations = ObservationSpace.for_game(local)
        self.agent = Agent(self.observations.size, self.actions.size, seed)
        self.decisions = 0

    def __call__(self, state: dict[str, Any]) -> str:
        view = view_from_message(state["view"])
        chooser = Chooser(self.actions, [Action.from_str(o) for o in view.options])
        while True:  # a power is chosen id by id, as in the environments
            observation = observe(view, self.observations, chooser.partial)
            action = chooser.step(self.agent.act(observation, chooser.mask()))
            if action is not None:
                self.decisions += 1
                return str(action)


def play(rules: str, opponent: str, *, server: str | None = None,
         transport: Transport | None = None, seed: int = 0, turn_limit: int | None = None,
         announce: Any = print, token: str | None = None, rated: bool = False
         ) -> dict[str, Any]:
    """Start a game on the server and play the agent's seat to its end; the last state.
    With a personal access token (scope play), as its account (``rated``: a rated game)."""
    client = Client(server, transport=transport, token=token)
    fields: dict[str, Any] = {"rated": True} if rated else {}
    seat = client.new_game(rules=rules, opponent=opponent, name="agent", turn_limit=turn_limit,
                           **fields)
    if opponent == "human":
        announce(f"game {seat.code}: join it on the server's page to play the agent")
    return client.play(seat, ServerSeat(rules, seed=seed))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", required=True)
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--opponent", default="human", help="'human' or a computer player")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rated", action="store_true",
                    help="a rated game (needs a token in LEGENDS_TOKEN)")
    args = ap.parse_args()
    final = play(args.rules, args.opponent, server=args.server, seed=args.seed,
                 token=env_token(), rated=args.rated)
    print("game over:", final["reason"])


if __name__ == "__main__":
    main()
