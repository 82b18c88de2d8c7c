"""Running many computer games: on the processes of this machine, or on a Ray cluster.

>>> from legends.simulate import make_jobs, run_games
>>> jobs = make_jobs(2, seed=10, players=("heuristic", "random"), turn_limit=30)
>>> [r["seed"] for r in run_games(jobs, workers=1)]
[10, 11]

A job is a dict (see :func:`make_jobs`); :func:`play_one` plays it and returns a dict of plain
data: who played which side, the winner, the number of turns, how it ended and per-piece
counts. A game is a function
of its job alone (every random choice comes from its seed), so the same jobs give the same
results on any backend, in any order of completion.

``backend="local"`` runs the games on a pool of processes of this machine; ``backend="ray"``
runs each game as a Ray task, on the cluster at ``address`` or, with no address, on a Ray
instance started here for the run (the extra ``legends[ray]``). Results come back as games
finish (``on_result``); :func:`run_games` returns them in the order of the jobs.

A game that raises, or whose worker process dies, gives a result with its ``seed`` and an
``error`` (text) instead of the game's figures; the other games' results are kept.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from legends_core import NO_PROGRESS_LIMIT, Game
from legends_core.errors import clip
from legends_core.teams import seat_kinds, side_of

from .ai import make_player

Job = dict[str, Any]
Result = dict[str, Any]
BACKENDS = ("local", "ray")


def make_jobs(games: int, *, seed: int, players: Sequence[str] = ("heuristic", "random"),
              swap: bool = True, rules: str | None = None, options: dict[str, Any] | None = None,
              beige: Any = None, gray: Any = None, boards: Sequence[str] | None = None,
              turn_limit: int = 1000, players_count: int = 2,
              no_progress_limit: int | None = NO_PROGRESS_LIMIT,
              repetition_limit: int | None = None) -> list[Job]:
    """``games`` jobs with seeds ``seed, seed + 1, ...`` of the ruleset ``rules`` (``None``:
    the default). With ``swap`` (the default) two different computer players change sides
    every other game, so that neither keeps the first move or one side's ground; ``False``
    keeps the order given.
    ``beige`` and ``gray`` are the two seats' armies (``None``: the ruleset's own).
    ``players_count`` 4, 6 or 8 makes Stratego Legends team games, ``players`` then naming
    the computer player of each side (or of each seat). ``no_progress_limit`` and
    ``repetition_limit`` are passed to :meth:`Game.new <legends_core.Game.new>` (both ``None``:
    games end only with a winner or at the turn limit)."""
    jobs = []
    for i in range(games):
        pair = list(players) if not (swap and i % 2) else list(players)[::-1]
        jobs.append({"seed": seed + i, "players": pair, "rules": rules, "options": options,
                     "beige": beige, "gray": gray,
                     "boards": None if boards is None else list(boards),
                     "turn_limit": turn_limit, "no_progress_limit": no_progress_limit,
                     "repetition_limit": repetition_limit})
        if players_count != 2:
            jobs[-1]["count"] = players_count
    return jobs


def play_one(job: Job) -> Result:
    """Play one job to the end (auto-pass: a computer with nothing to say but ``pass`` is
    not asked; same games, faster)."""
    armies = {k: job[k] for k in ("beige", "gray") if job.get(k) is not None}
    game = Game.new(rules=job.get("rules") or "legends", options=job.get("options"), **armies,
                    boards=job["boards"], seed=job["seed"], setup=True,
                    turn_limit=job["turn_limit"], auto_pass=True,
                    no_progress_limit=job.get("no_progress_limit", NO_PROGRESS_LIMIT),
                    repetition_limit=job.get("repetition_limit"),
                    players=job.get("count", 2))
    kinds = seat_kinds(game.players, job["players"])
    players = {s: make_player(kinds[s], job["seed"] + i) for i, s in enumerate(game.players)}
    attacks_won: Counter[int] = Counter()
    destroyed: Counter[int] = Counter()
    powers: Counter[int] = Counter()
    while not game.is_over:
        who = game.current_player
        assert who is not None
        for e in game.apply(players[who].choose(game.knowledge(who))):
            piece: Any = getattr(e, "piece", None)
            if e.kind == "move" and getattr(e, "how", "") == "attack" and piece is not None:
                attacks_won[piece] += 1
            elif e.kind == "destroy":
                destroyed[piece] += 1
            elif e.kind == "power":
                powers[piece] += 1
    winner = game.winner
    return {"seed": job["seed"], "players": list(job["players"]),
            "winner": None if winner is None else f"{kinds[winner]}@{side_of(winner)}",
            "turns": game.turn, "reason": game.reason, "attacks": dict(attacks_won),
            "destroyed": dict(destroyed), "powers": dict(powers)}


def failure(job: Job, error: str) -> Result:
    """The result of a game that could not be played."""
    return {"seed": job.get("seed"), "error": clip(error, 300)}


def safe_play(play: Callable[[Job], Result], job: Job) -> Result:
    """``play(job)``, or its :func:`failure` if it raises."""
    try:
        return play(job)
    except Exception as exc:  # a game's failure is a result; the run goes on
        return failure(job, f"{type(exc).__name__}: {exc}")


def run_games(jobs: Sequence[Job], *, backend: str = "local", address: str | None = None,
              workers: int | None = None, play: Callable[[Job], Result] = play_one,
              on_result: Callable[[int, Result], None] | None = None,
              retries: int = 0) -> list[Result]:
    """Play every job; the results in the order of ``jobs``.

    :param backend: ``"local"`` (a pool of processes) or ``"ray"``.
    :param address: the Ray cluster to use (``"auto"``, ``"ray://head:10001"``, ...);
        ``None`` starts a local Ray instance for this run (and stops it after), unless Ray is
        already initialised in this process, which is then used as it is.
    :param workers: processes for the local pool (default: one per core; ``1`` plays in this
        process), or CPUs of the local Ray instance started here (default: all).
    :param play: the function that plays a job (module-level, so it can be sent to workers).
    :param on_result: called with ``(index, result)`` as each game finishes.
    :param retries: Ray only: how many times a task whose worker died is tried again before
        it is reported as failed.
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if backend == "local" and address is not None:
        raise ValueError("an address is for the ray backend only")
    results: list[Result | None] = [None] * len(jobs)

    def done(i: int, r: Result) -> None:
        results[i] = r
        if on_result is not None:
            on_result(i, r)

    if backend == "ray":
        _run_ray(jobs, address, workers, play, retries, done)
    else:
        _run_local(list(enumerate(jobs)), workers or os.cpu_count() or 1, play, done)
    return [r for r in results if r is not None]


def _run_local(jobs: list[tuple[int, Job]], workers: int, play: Callable[[Job], Result],
               done: Callable[[int, Result], None]) -> None:
    if workers == 1:  # no pool: play here (a game that kills its process ends the run)
        for i, job in jobs:
            done(i, safe_play(play, job))
        return
    left: list[tuple[int, Job]] = []
    with ProcessPoolExecutor(workers) as pool:
        futures: list[tuple[int, Job, Future[Result]]] = [
            (i, job, pool.submit(safe_play, play, job)) for i, job in jobs]
        for i, job, fut in futures:
            try:
                done(i, fut.result())
            except BrokenProcessPool:
                left.append((i, job))
    # A worker died and took the pool with it: play each unfinished game alone, so the one
    # that kills its process is found and reported, and the others are played.
    for i, job in left:
        with ProcessPoolExecutor(1) as alone:
            try:
                done(i, alone.submit(safe_play, play, job).result())
            except BrokenProcessPool as exc:
                done(i, failure(job, f"worker process died ({exc})"))


def _run_ray(jobs: Sequence[Job], address: str | None, workers: int | None,
             play: Callable[[Job], Result], retries: int,
             done: Callable[[int, Result], None]) -> None:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'legends[ray]'") from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            kwargs["num_cpus"] = workers
        ray.init(address=address, **kwargs)
        started = True
    try:
        task = ray.remote(max_retries=retries)(safe_play)
        play_ref = ray.put(play)
        refs = {task.remote(play_ref, job): i for i, job in enumerate(jobs)}
        pending = list(refs)
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                i = refs[ref]
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayError as exc:  # the worker died, or the node
                    result = failure(jobs[i], f"worker died: {type(exc).__name__}: "
                                              f"{str(exc).splitlines()[0] if str(exc) else ''}")
                done(i, result)
    finally:
        if started:
            ray.shutdown()
