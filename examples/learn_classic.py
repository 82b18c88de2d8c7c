"""Learn to play classic Stratego against the random player, with numpy only.

A small, self-contained example of learning in :class:`legends.envs.gymnasium.LegendsEnv`
(``rules="classic"``, ``opponent="random"``). The policy is a softmax over the legal action
ids; each id's score is a sum of a few weights picked by one-hot features of the action, read
from the observation vector alone (so the agent sees nothing the game hides from it):

* the piece that moves (by name) crossed with what stands on the square it moves to (nothing,
  a hidden piece that never moved, a hidden piece that has moved, or a known piece by name);
* the piece crossed with the direction (forward, sideways, back) and with a long move or not;
* the piece crossed with how far up the board the move goes;
* the piece crossed with whether the opponent already knows it.

A power (the scout's long move, chosen in two steps) scores its first step by the piece and
power key; the second step (the target square) scores like a move from the power's source.

Training is REINFORCE with a baseline: after each ``--batch`` of games, every decision taken
is made more likely in proportion to the game's reward (+1 win, -1 loss, 0 at the turn limit)
less a running mean of the rewards, a decision ``k`` steps before the end counting
``--gamma ** k`` (the last moves of a game get most of the credit), with Adam steps. The run
is counted in games (``--episodes``), never in minutes, so a seed gives the same curve however
fast the machine is. At the points of :func:`eval_points` (before training, a few early ones,
then every ``--eval-every`` games) the policy plays the same held-out games (seeds never used in
training), choosing its most likely id (``--sample``: drawing as in training). The win rates,
with 95% Wilson intervals, go to ``learning-curve-classic.csv`` and
``learning-curve-classic.svg`` in ``--out``, the result of every held-out game to
``learning-curve-classic-games.txt`` (a shorter run can be checked against its first games),
and the weights to ``policy-classic.npz``.

Run it (3,000 training games, plus the evaluations)::

    PYTHONPATH=src python examples/learn_classic.py --out results

or in a few seconds, to check that it runs::

    PYTHONPATH=src python examples/learn_classic.py --smoke --out /tmp/smoke

``scripts/research-figures`` runs it with the settings of the documentation's figures.
"""

from __future__ import annotations

import argparse
import csv
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

import numpy as np

from legends.envs.encoding import ActionSpace, ObservationSpace
from legends.envs.gymnasium import LegendsEnv
from legends_core import Game

RULES = "classic"
CSV_NAME = f"learning-curve-{RULES}.csv"
SVG_NAME = f"learning-curve-{RULES}.svg"
GAMES_NAME = f"learning-curve-{RULES}-games.txt"
WEIGHTS_NAME = f"policy-{RULES}.npz"
#: Feature slots per action: every action's score is the sum of this many weights.
SLOTS = 4
#: Evaluation games are dealt from seeds at this offset from ``--seed``, far from training's.
EVAL_SEED_OFFSET = 1_000_003
#: Training games of a full run.
EPISODES = 3000
#: Evaluation points before the regular ones: the curve's start is where a change of the
#: environment shows first, and a short run can check it.
EARLY_POINTS = (50, 100, 250)


# -- features ------------------------------------------------------------------------------


class Features:
    """One-hot features of the legal actions, read from an observation vector.

    The layout comes from the public encoding (:class:`ActionSpace` and
    :class:`ObservationSpace`) of a game of ``rules``; pieces are grouped by name, so red's and
    blue's Marshal share their weights.
    """

    def __init__(self, rules: str):
        game = Game.new(rules=rules, seed=0)
        self.actions = acts = ActionSpace.for_game(game)
        self.observations = obs = ObservationSpace.for_game(game)
        self.width, self.height = acts.width, acts.height
        self.squares = acts.squares
        self.n_keys = len(acts.keys)
        plane = {name: i for i, name in enumerate(obs.planes)}
        self.p_mine = plane["controller:0"]
        self.p_enemy = [plane[f"controller:{i}"] for i in range(1, len(acts.players))]
        self.p_hidden, self.p_moved = plane["hidden"], plane["moved"]
        self.p_revealed, self.p_source = plane["revealed"], plane["power-source"]
        self.p_region = plane["region:0"]
        # Piece planes, and each piece's class (its name); one more class for "unknown".
        names = sorted({game.catalogue[n].name for n in obs.numbers})
        self.class_names = (*names, "?")
        self.n_classes = c = len(self.class_names)
        self.piece_planes = np.array([plane[f"piece:{n}"] for n in obs.numbers])
        self.piece_class = np.array([names.index(game.catalogue[n].name) for n in obs.numbers])
        # What stands on a square: empty, hidden and never moved, hidden and moved, or a
        # known piece by class.
        self.n_targets = t = 3 + c
        blocks = list(acts.blocks)
        self.block_names = blocks
        sizes = [("pad", 1), ("piece-target", c * t), ("piece-direction", c * 3 * 2),
                 ("piece-progress", c * self.height), ("piece-known", c * 2),
                 ("power", c * max(self.n_keys, 1)), ("block", len(blocks))]
        self.offsets: dict[str, int] = {}
        n = 0
        for name, size in sizes:
            self.offsets[name] = n
            n += size
        self.size = n
        self.move0, _ = acts.blocks["move"]
        self.power0, self.power_n = acts.blocks["power"]
        self.target0, _ = acts.blocks["target"]
        self._starts = np.array([acts.blocks[b][0] for b in blocks])

    def forward(self, vector: np.ndarray) -> int:
        """+1 when the agent's side of the board is at the low ranks (it moves up), else -1."""
        board = vector[: self.observations.board_size].reshape(-1, self.height, self.width)
        rows = np.arange(self.height)
        mine = board[self.p_region].sum(axis=1)
        if not mine.any():
            mine = board[self.p_mine].sum(axis=1)
        return 1 if (rows * mine).sum() / max(mine.sum(), 1.0) < (self.height - 1) / 2 else -1

    def __call__(self, vector: np.ndarray, legal: np.ndarray, forward: int) -> np.ndarray:
        """An ``int`` array ``(len(legal), SLOTS)``: the feature indices of each legal id."""
        s, w = self.squares, self.width
        board = vector[: self.observations.board_size].reshape(-1, s)
        enemy = board[self.p_enemy].sum(axis=0) > 0
        hidden, moved = board[self.p_hidden] > 0, board[self.p_moved] > 0
        # The class of the known piece on each square (n_classes - 1 where none is known).
        pieces = board[self.piece_planes]
        known = pieces.any(axis=0)
        ident = np.where(known, self.piece_class[pieces.argmax(axis=0)], self.n_classes - 1)
        # What stands on each square, as a move's destination sees it.
        target = np.where(~enemy, 0, np.where(hidden, np.where(moved, 2, 1), 3 + ident))
        out = np.zeros((len(legal), SLOTS), dtype=np.int64)
        off = self.offsets
        # Moves, and target steps of a power (moves from the power's source).
        is_move = (legal >= self.move0) & (legal < self.move0 + s * s)
        is_target = (legal >= self.target0) & (legal < self.target0 + s)
        src = np.where(is_move, (legal - self.move0) // s, 0)
        dst = np.where(is_move, (legal - self.move0) % s, legal - self.target0)
        if is_target.any():
            src = np.where(is_target, int(board[self.p_source].argmax()), src)
        step = is_move | is_target
        if step.any():
            sr, sf = np.divmod(src[step], w)
            dr, df = np.divmod(dst[step], w)
            ahead = (dr - sr) * forward
            direction = np.where(ahead > 0, 0, np.where(ahead == 0, 1, 2))
            long = (np.abs(dr - sr) + np.abs(df - sf)) > 1
            progress = dr if forward > 0 else self.height - 1 - dr
            mover = ident[src[step]]
            revealed = board[self.p_revealed, src[step]] > 0
            out[step, 0] = off["piece-target"] + mover * self.n_targets + target[dst[step]]
            out[step, 1] = off["piece-direction"] + (mover * 3 + direction) * 2 + long
            out[step, 2] = off["piece-progress"] + mover * self.height + progress
            out[step, 3] = off["piece-known"] + mover * 2 + revealed
        # The first step of a power: the piece and the key.
        is_power = (legal >= self.power0) & (legal < self.power0 + self.power_n)
        if is_power.any():
            psrc, key = np.divmod(legal[is_power] - self.power0, max(self.n_keys, 1))
            out[is_power, 0] = off["power"] + ident[psrc] * max(self.n_keys, 1) + key
        # Anything else (pass, answers to questions, ...): its block.
        rest = ~(step | is_power)
        if rest.any():
            block = np.searchsorted(self._starts, legal[rest], side="right") - 1
            out[rest, 0] = off["block"] + block
        return out


# -- the policy ----------------------------------------------------------------------------


@dataclass
class Policy:
    """A linear softmax policy: an action's score is the sum of its features' weights."""

    features: Features
    weights: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.weights = np.zeros(self.features.size)

    def probabilities(self, idx: np.ndarray) -> np.ndarray:
        scores = self.weights[idx].sum(axis=1)
        scores -= scores.max()
        p = np.exp(scores)
        return p / p.sum()


def play(env: LegendsEnv, policy: Policy, rng: np.random.Generator, *, seed: int | None = None,
         greedy: bool = False, gamma: float | None = None) -> tuple[float, np.ndarray | None]:
    """One game; its reward and, when ``gamma`` is given, the sum over the agent's decisions
    of the gradient of the log-probability of the id taken (``d log pi / d weights``), the
    decision ``k`` steps before the end weighted by ``gamma ** k``."""
    feats = policy.features
    obs, _ = env.reset(seed=seed)
    forward = feats.forward(obs["observation"])
    steps: list[tuple[np.ndarray, int, np.ndarray]] = []
    reward, done = 0.0, False
    dropped: list[int] = []
    while not done:
        # The last id lets the built-in player decide: the policy never takes it.
        mask = obs["action_mask"][:-1].copy()
        # An id that left the observation and the mask as they were (the environment dropped
        # it) is not offered again until something changes, so a policy cannot repeat it
        # forever.
        mask[dropped] = 0
        legal = np.flatnonzero(mask)
        idx = feats(obs["observation"], legal, forward)
        p = policy.probabilities(idx)
        if greedy:  # the most likely id, ties broken at random
            k = int(rng.choice(np.flatnonzero(p >= p.max() * (1 - 1e-9))))
        else:
            k = int(rng.choice(len(p), p=p))
        if gamma is not None:
            steps.append((idx, k, p))
        before = obs
        obs, reward, terminated, truncated, _ = env.step(int(legal[k]))
        done = terminated or truncated
        if (not done and np.array_equal(obs["action_mask"], before["action_mask"])
                and np.array_equal(obs["observation"], before["observation"])):
            dropped.append(int(legal[k]))
        else:
            dropped.clear()
    if gamma is None:
        return float(reward), None
    grad = np.zeros(feats.size)
    weight = 1.0
    for idx, k, p in reversed(steps):
        np.add.at(grad, idx[k], weight)
        np.add.at(grad, idx.ravel(), -weight * np.repeat(p, SLOTS))
        weight *= gamma
    grad[0] = 0.0  # the padding feature stays at zero
    return float(reward), grad


class Adam:
    """The Adam step rule (Kingma and Ba), for gradient ascent on the weights."""

    def __init__(self, size: int, lr: float, beta1: float = 0.9, beta2: float = 0.999):
        self.lr, self.beta1, self.beta2 = lr, beta1, beta2
        self.m, self.v, self.t = np.zeros(size), np.zeros(size), 0

    def step(self, grad: np.ndarray) -> np.ndarray:
        self.t += 1
        self.m = self.beta1 * self.m + (1 - self.beta1) * grad
        self.v = self.beta2 * self.v + (1 - self.beta2) * grad * grad
        m = self.m / (1 - self.beta1 ** self.t)
        v = self.v / (1 - self.beta2 ** self.t)
        return self.lr * m / (np.sqrt(v) + 1e-8)


# -- evaluation and the learning curve -----------------------------------------------------


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate of ``wins`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Point:
    episodes: int
    wins: int
    losses: int
    games: int
    #: The held-out games in order: ``W`` won, ``L`` lost, ``D`` no winner (turn limit).
    results: str = ""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def text(self) -> str:
        lo, hi = self.interval
        return f"{self.win_rate:.0%} [{lo:.0%}, {hi:.0%}]"


def evaluate(env: LegendsEnv, policy: Policy, games: int, seed: int, greedy: bool) -> str:
    """The results of ``games`` held-out games (``W``, ``L`` or ``D`` each): the same deals
    and the same dice for the policy at every evaluation, so two points differ only by the
    weights, and the first ``k`` games of a longer evaluation are those of a shorter one."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(games):
        reward, _ = play(env, policy, rng, seed=seed + i, greedy=greedy)
        out.append("W" if reward > 0 else "L" if reward < 0 else "D")
    return "".join(out)


def eval_points(episodes: int, every: int, early: Sequence[int] = EARLY_POINTS) -> list[int]:
    """The numbers of training games after which the policy is evaluated: 0, the ``early``
    ones, every ``every`` games, and the last."""
    points = {0, episodes, *(e for e in early if e < episodes)}
    points.update(range(every, episodes, every))
    return sorted(points)


def write_csv(points: Sequence[Point], path: Path) -> None:
    with path.open("w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["episodes", "games", "wins", "losses", "win_rate", "ci95_low",
                      "ci95_high"])
        for pt in points:
            lo, hi = pt.interval
            out.writerow([pt.episodes, pt.games, pt.wins, pt.losses, f"{pt.win_rate:.4f}",
                          f"{lo:.4f}", f"{hi:.4f}"])


def write_games(points: Sequence[Point], path: Path) -> None:
    """One line per point: the training games, then the held-out games' results."""
    path.write_text("".join(f"{pt.episodes} {pt.results}\n" for pt in points))


def read_games(path: Path) -> dict[int, str]:
    """The results by point of a file :func:`write_games` wrote."""
    out = {}
    for line in path.read_text().splitlines():
        episodes, results = line.split()
        out[int(episodes)] = results
    return out


def _ticks(high: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``high``."""
    if high <= 0:
        return [0.0, 1.0]
    raw = high / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    return [i * step for i in range(math.ceil(high / step - 1e-9) + 1)]


@dataclass
class Frame:
    """Where the axes sit in the picture, and the data ranges they show."""

    left: float = 64
    top: float = 36
    width: float = 520
    height: float = 260
    x_max: float = 1.0
    y_max: float = 1.0

    def x(self, value: float) -> float:
        return self.left + self.width * value / self.x_max

    def y(self, value: float) -> float:
        return self.top + self.height * (1 - value / self.y_max)


def learning_curve_svg(xs: Sequence[float], rates: Sequence[float], lows: Sequence[float],
                       highs: Sequence[float], *, title: str = "",
                       x_label: str = "training games", y_label: str = "win rate") -> str:
    """An SVG line plot of win rates (0 to 1) against ``xs``, with a shaded band between
    ``lows`` and ``highs``, axes and ticks."""
    ticks_x = _ticks(max(xs, default=0.0))
    frame = Frame(x_max=ticks_x[-1])
    f = frame
    total_w, total_h = f.left + f.width + 24, f.top + f.height + 56
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0f}" '
             f'height="{total_h:.0f}" viewBox="0 0 {total_w:.0f} {total_h:.0f}" '
             'font-family="sans-serif" font-size="12">',
             f'<rect width="{total_w:.0f}" height="{total_h:.0f}" fill="white"/>']
    if title:
        parts.append(f'<text x="{f.left + f.width / 2:.1f}" y="20" text-anchor="middle" '
                     f'font-size="14">{escape(title)}</text>')
    for v in _ticks(1.0):
        y = f.y(v)
        parts.append(f'<line x1="{f.left:.1f}" y1="{y:.1f}" x2="{f.left + f.width:.1f}" '
                     f'y2="{y:.1f}" stroke="#e4e4e4"/>')
        parts.append(f'<text x="{f.left - 6:.1f}" y="{y + 4:.1f}" text-anchor="end">'
                     f'{v:.0%}</text>')
    for v in ticks_x:
        x = f.x(v)
        parts.append(f'<line x1="{x:.1f}" y1="{f.top + f.height:.1f}" x2="{x:.1f}" '
                     f'y2="{f.top + f.height + 5:.1f}" stroke="black"/>')
        parts.append(f'<text x="{x:.1f}" y="{f.top + f.height + 18:.1f}" '
                     f'text-anchor="middle">{v:g}</text>')
    if xs:
        band = [(f.x(x), f.y(h)) for x, h in zip(xs, highs, strict=True)]
        band += [(f.x(x), f.y(lo)) for x, lo in reversed(list(zip(xs, lows, strict=True)))]
        parts.append('<polygon class="interval" fill="#4c72b0" fill-opacity="0.2" points="'
                     + " ".join(f"{a:.1f},{b:.1f}" for a, b in band) + '"/>')
        line = " ".join(f"{f.x(x):.1f},{f.y(r):.1f}" for x, r in zip(xs, rates, strict=True))
        parts.append(f'<polyline class="curve" fill="none" stroke="#4c72b0" '
                     f'stroke-width="2" points="{line}"/>')
        for x, r in zip(xs, rates, strict=True):
            parts.append(f'<circle class="point" cx="{f.x(x):.1f}" cy="{f.y(r):.1f}" r="3" '
                         'fill="#4c72b0"/>')
    parts.append(f'<rect x="{f.left:.1f}" y="{f.top:.1f}" width="{f.width:.1f}" '
                 f'height="{f.height:.1f}" fill="none" stroke="black"/>')
    parts.append(f'<text x="{f.left + f.width / 2:.1f}" y="{total_h - 12:.1f}" '
                 f'text-anchor="middle">{escape(x_label)}</text>')
    parts.append(f'<text x="16" y="{f.top + f.height / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 16 {f.top + f.height / 2:.1f})">{escape(y_label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# -- training ------------------------------------------------------------------------------


@dataclass
class Result:
    points: list[Point]
    start_weights: np.ndarray
    weights: np.ndarray
    episodes: int
    #: Seconds of training and of evaluation (for the reader only: nothing written
    #: depends on them).
    seconds: float
    out: Path


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--episodes", type=int, default=EPISODES,
                    help=f"train for this many games (default {EPISODES:,})")
    ap.add_argument("--seed", type=int, default=0, help="seed of everything (default 0)")
    ap.add_argument("--out", type=Path, default=Path("learning-results"),
                    help="folder for the CSV, the SVG and the weights")
    ap.add_argument("--eval-every", type=int, default=500,
                    help="games between evaluations (after the early ones at "
                         f"{', '.join(map(str, EARLY_POINTS))})")
    ap.add_argument("--eval-games", type=int, default=100, help="games per evaluation")
    ap.add_argument("--sample", dest="greedy", action="store_false",
                    help="evaluate by sampling, as in training (default: the most likely id, "
                         "ties broken at random)")
    ap.add_argument("--batch", type=int, default=8, help="games per update")
    ap.add_argument("--lr", type=float, default=0.05, help="learning rate (of Adam)")
    ap.add_argument("--gamma", type=float, default=0.98,
                    help="discount: a decision k steps before the end counts gamma**k")
    ap.add_argument("--turn-limit", type=int, default=200, help="truncate games at this turn")
    ap.add_argument("--smoke", action="store_true",
                    help="a run of seconds, to check that everything works")
    args = ap.parse_args(argv)
    if args.smoke:
        args.episodes, args.eval_every, args.eval_games = 32, 16, 6
    if args.episodes < 0 or args.eval_every < 1 or args.eval_games < 1:
        ap.error("--episodes must be 0 or more, --eval-every and --eval-games at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> Result:
    args = parse(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    feats = Features(RULES)
    env = LegendsEnv(rules=RULES, opponent="random", turn_limit=args.turn_limit)
    judge = LegendsEnv(rules=RULES, opponent="random", turn_limit=args.turn_limit)
    assert env.action_space.n == feats.actions.size + 1, "the action layout is not the expected one"
    policy = Policy(feats)
    start = policy.weights.copy()
    rng = np.random.default_rng(args.seed)
    eval_seed = args.seed + EVAL_SEED_OFFSET
    points: list[Point] = []
    at = eval_points(args.episodes, args.eval_every, () if args.smoke else EARLY_POINTS)
    clock = time.perf_counter()

    def checkpoint(episodes: int) -> None:
        results = evaluate(judge, policy, args.eval_games, eval_seed, args.greedy)
        pt = Point(episodes, results.count("W"), results.count("L"), args.eval_games, results)
        points.append(pt)
        print(f"{episodes:6d} games  win rate {pt.text()}  losses {pt.losses}/{pt.games}  "
              f"({time.perf_counter() - clock:.0f} s so far)", flush=True)

    checkpoint(0)
    env.reset(seed=args.seed)  # seeds the training deals; later resets continue from it
    baseline = 0.0
    batch = np.zeros(feats.size)
    adam = Adam(feats.size, args.lr)
    for episodes in range(1, args.episodes + 1):
        reward, grad = play(env, policy, rng, gamma=args.gamma)
        assert grad is not None
        batch += (reward - baseline) * grad
        baseline += 0.02 * (reward - baseline)
        if episodes % args.batch == 0:
            policy.weights += adam.step(batch / args.batch)
            batch[:] = 0.0
        if episodes in at:
            checkpoint(episodes)
    seconds = time.perf_counter() - clock

    write_csv(points, args.out / CSV_NAME)
    svg = learning_curve_svg([p.episodes for p in points], [p.win_rate for p in points],
                             [p.interval[0] for p in points], [p.interval[1] for p in points],
                             title=f"REINFORCE, linear policy, {RULES} against random "
                                   f"({args.eval_games} games per point, 95% interval)")
    (args.out / SVG_NAME).write_text(svg)
    write_games(points, args.out / GAMES_NAME)
    np.savez(args.out / WEIGHTS_NAME, weights=policy.weights, start=start,
             classes=np.array(feats.class_names))
    first, last = points[0], points[-1]
    print(f"win rate against random ({RULES}, {args.eval_games} held-out games each): "
          f"{first.text()} before, {last.text()} after {args.episodes} training games "
          f"({seconds / 60:.1f} min in all)")
    print(f"wrote {CSV_NAME}, {SVG_NAME}, {GAMES_NAME} and {WEIGHTS_NAME} in {args.out}")
    return Result(points, start, policy.weights.copy(), args.episodes, seconds, args.out)


if __name__ == "__main__":
    main()
