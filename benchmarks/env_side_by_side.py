"""Benchmark: research environment steps/s against PettingZoo's classic chess, in the same run.

Both environments are driven by the same loop, the one PettingZoo's documentation gives for
its classic games: ``env.last()`` for the acting agent's observation, reward and action mask,
then ``env.step`` with a random action among those the mask allows (``None`` for an agent that
is done), until every agent is done; then ``reset`` and the next game. Two counts are kept:
all steps (calls to ``step``), and steps with a real choice (more than one legal action). Our
environment asks every seat in every response window, so many of its steps offer only
``pass``; the real choices are the figure to hold against chess, whose every step has one.
Each round runs one process of each, one after the other, for the same number of seconds; the
ratios of the medians are the figures to quote, with their ranges.

``--baseline DIR`` adds a third process to every round: our environment from another checkout
(``DIR/src`` first on the path, its example pack too), such as the commit before a change, so
that before and after are measured in the same rounds under the same load.

``--instructions STEPS`` counts instead of timing: the same loop for that many steps of each
environment under valgrind's callgrind, less a run that only imports and builds the
environment. Instruction counts do not move with the machine's load, so they are the figure
to compare two versions by (with ``--baseline``); the timed ratio stays the one to quote, as
instructions are not all equally fast.

Usage: python benchmarks/env_side_by_side.py [--rounds 5] [--seconds 5] [--rules NAME]
[--baseline DIR] [--instructions STEPS]
(needs the ``bench`` and ``pettingzoo`` extras: ``pip install -e '.[bench,pettingzoo]'``)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from typing import Any


def run_loop(env: Any, seconds: float, seed: int, steps_max: int | None = None
             ) -> dict[str, float]:
    """The loop, for ``seconds`` (or, when ``steps_max`` is given, for that many steps)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    steps = real = games = 0
    t0 = time.perf_counter()

    def done() -> bool:
        if steps_max is not None:
            return steps >= steps_max
        return time.perf_counter() - t0 >= seconds

    while not done():
        env.reset(seed=seed + games)
        for _agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                legal = np.flatnonzero(observation["action_mask"])
                real += len(legal) > 1
                action = int(rng.choice(legal))
            env.step(action)
            steps += 1
            if done():
                break
        games += 1
    elapsed = time.perf_counter() - t0
    return {"steps_per_s": steps / elapsed, "real_per_s": real / elapsed, "games": games,
            "real_share": real / max(steps, 1), "steps": steps, "real": real}


def worker(kind: str, seconds: float, seed: int, rules: str | None,
           steps: int | None = None) -> dict[str, float]:
    if kind == "chess":
        from pettingzoo.classic import chess_v6

        env = chess_v6.env()
    else:
        from legends.envs.pettingzoo import env as legends_env

        env = legends_env(rules=rules)
    if steps == 0:  # only the imports and the environment: what --instructions subtracts
        return {"steps": 0, "real": 0}
    return run_loop(env, seconds, seed, steps)


def summary(values: list[float], digits: int = 0) -> str:
    """``median (range low-high)``."""
    return (f"{statistics.median(values):,.{digits}f} "
            f"({min(values):,.{digits}f}-{max(values):,.{digits}f})")


def worker_command(kind: str, args: argparse.Namespace, seed: int,
                   steps: int | None = None) -> tuple[list[str], dict[str, str] | None]:
    """The command line and environment of one worker process (``kind``: ``chess``,
    ``legends`` or ``baseline``, the latter with the baseline checkout first on the path)."""
    cmd = [sys.executable, __file__, "--worker", "chess" if kind == "chess" else "legends",
           "--seconds", str(args.seconds), "--seed", str(seed)]
    if steps is not None:
        cmd += ["--steps", str(steps)]
    if args.rules:
        cmd += ["--rules", args.rules]
    env = None
    if kind == "baseline":
        base = os.path.abspath(args.baseline)
        path = [os.path.join(base, "src"),
                os.path.join(base, "examples", "legends-example-pack", "src")]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [*path, os.environ.get("PYTHONPATH", "")])}
    return cmd, env


def instructions(kind: str, args: argparse.Namespace) -> tuple[float, float, float]:
    """``(instructions per step, per step with a real choice, share of real choices)`` of
    ``args.instructions`` steps under valgrind's callgrind, less a run that only imports
    and builds the environment."""
    counted = []
    for steps in (0, args.instructions):
        cmd, env = worker_command(kind, args, args.seed, steps)
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                               *cmd], capture_output=True, text=True, check=True,
                              env={**(env or os.environ), "PYTHONHASHSEED": "0"})
        found = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
        if found is None:
            raise RuntimeError(f"no instruction count from callgrind:\n{proc.stderr[-2000:]}")
        counted.append((int(found.group(1)), json.loads(proc.stdout.strip().splitlines()[-1])))
    (base, _), (total, run) = counted
    work = total - base
    return work / run["steps"], work / max(run["real"], 1), run["real"] / run["steps"]


def count_instructions(args: argparse.Namespace, kinds: list[str]) -> None:
    print(f"machine: {platform.machine()}, CPython {platform.python_version()}; "
          f"{args.instructions} steps of each under callgrind (instructions, not time)")
    chess, _, _ = instructions("chess", args)
    print(f"PettingZoo chess_v6: {chess:,.0f} instructions per step")
    for kind in kinds[1:]:
        step, real, share = instructions(kind, args)
        name = f"baseline {args.baseline}" if kind == "baseline" else "this checkout"
        print(f"{name} ({args.rules or 'legends'}): {step:,.0f} per step, {real:,.0f} per step "
              f"with a real choice ({share:.1%} of steps); chess steps per real choice, "
              f"in instructions: {chess / real:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default=None, help="the edition (default: Stratego Legends)")
    ap.add_argument("--baseline", default=None,
                    help="a checkout whose environment to measure in the same rounds")
    ap.add_argument("--instructions", type=int, default=None, metavar="STEPS",
                    help="count instructions of this many steps under callgrind instead of "
                         "timing (repeatable whatever the load; needs valgrind)")
    ap.add_argument("--worker", choices=("chess", "legends"), help=argparse.SUPPRESS)
    ap.add_argument("--steps", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.seconds, args.seed, args.rules, args.steps)))
        return
    kinds = ["chess", "legends"] + (["baseline"] if args.baseline else [])
    if args.instructions:
        if shutil.which("valgrind") is None:
            sys.exit("valgrind is not installed (apt-get install valgrind)")
        count_instructions(args, kinds)
        return
    runs: dict[str, list[dict[str, float]]] = {kind: [] for kind in kinds}
    for r in range(args.rounds):
        for kind in kinds:
            cmd, env = worker_command(kind, args, args.seed + r)
            out = subprocess.run(cmd, check=True, capture_output=True, text=True,
                                 env=env).stdout
            runs[kind].append(json.loads(out.strip().splitlines()[-1]))
    chess = [x["steps_per_s"] for x in runs["chess"]]
    ours = [x["steps_per_s"] for x in runs["legends"]]
    ours_real = [x["real_per_s"] for x in runs["legends"]]
    print(f"machine: {platform.machine()}, CPython {platform.python_version()}, "
          f"{platform.system()}; {args.rounds} rounds of {args.seconds:g} s")
    print(f"PettingZoo chess_v6: steps/s {summary(chess)}; with a real choice "
          f"{summary([x['real_share'] * 100 for x in runs['chess']], 1)}% of them")
    name = args.rules or "legends"
    print(f"legends {name}: steps/s {summary(ours)}; with a real choice "
          f"{summary(ours_real)} steps/s, "
          f"{summary([x['real_share'] * 100 for x in runs['legends']], 1)}% of them")
    # Ratios round by round (the two processes of a round ran back to back).
    all_steps = [a / c for a, c in zip(ours, chess, strict=True)]
    real = [a / c for a, c in zip(ours_real, chess, strict=True)]
    print(f"ratio, all our steps per chess step: {summary(all_steps, 2)}")
    print(f"ratio, our steps with a real choice per chess step: {summary(real, 2)}")
    if args.baseline:
        base_real = [x["real_per_s"] for x in runs["baseline"]]
        print(f"baseline {args.baseline}: steps/s "
              f"{summary([x['steps_per_s'] for x in runs['baseline']])}; with a real choice "
              f"{summary(base_real)} steps/s")
        print("baseline, its steps with a real choice per chess step: "
              f"{summary([b / c for b, c in zip(base_real, chess, strict=True)], 2)}")
        print("this checkout's real choices per the baseline's, round by round: "
              f"{summary([a / b for a, b in zip(ours_real, base_real, strict=True)], 2)}")


if __name__ == "__main__":
    main()
