"""Load on the play server: many websocket games at once, against the computer or between
two scripted people, for a bounded time.

Starts ``legends serve`` on 127.0.0.1 (a free port, a temporary SQLite file or the PostgreSQL
database of ``--db``, ``--computer-time 0``, the chosen ``--thinkers`` and ``--workers``), plays ``--games`` games against the computer
(and ``--people`` games between two scripted people), each client answering every decision with
a random one of its options after ``--think`` seconds on average (0: at once, a saturation
test; people take seconds), and measures:

* latency: against the computer, from sending an action to the next state that asks that seat
  again (or ends the game), so it includes the computer's thinking; between people, from
  sending an action to the first state after it; p50, p95, p99 in milliseconds;
* actions/s: the clients' actions answered per second;
* the server's peak RSS (its process and its thinking processes; with ``--workers``, the
  supervisor and all its server processes; from ``/proc``) and its CPU time per wall second
  (1.0 = one core busy).

A finished game is replaced by a new one until time is up. Every connection goes to 127.0.0.1
only; each game's client uses a source address of its own in 127.0.0.0/8, since the server
limits games started and sockets per client address.

    python benchmarks/web_load.py --games 40 --seconds 30 --thinkers 2
    python benchmarks/web_load.py --sweep 20,40,60,80 --thinkers-sweep 1,2 --seconds 30
    python benchmarks/web_load.py --sweep 20,40 --workers-sweep 1,2 --seconds 30 \
        --db postgresql://me@/legends_bench
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def source(index: int) -> str:
    """A loopback address of its own for client ``index`` (127.0.1.1, 127.0.1.2, ...)."""
    return f"127.{1 + index // 62500}.{index // 250 % 250}.{1 + index % 250}"


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.games_done = 0
        self.errors = 0


def tree_pids(pid: int) -> list[int]:
    """``pid`` and its descendants (its server and thinking processes)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        todo.extend(int(c) for c in children)
    return out


def rss_mb(pid: int) -> float:
    total = 0
    for p in tree_pids(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def cpu_seconds(pid: int) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in tree_pids(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            pass
    return total


async def new_game(http: httpx.AsyncClient, opponent: str) -> dict[str, Any]:
    made = await http.post("/api/games", json={"opponent": opponent, "side": "beige",
                                               "turn_limit": 60})
    made.raise_for_status()
    return dict(made.json())


async def seat(url: str, code: str, token: str, addr: str, rng: random.Random, stats: Stats,
               until: float, think: float, wait_for_turn: bool = True) -> None:
    """Play one seat until the game ends or time is up. Latency runs from an action to the
    next state asking this seat again (``wait_for_turn``: against the computer, whose replies
    are part of the wait) or to the first state after it (between people, where the wait for
    the other person's turn is theirs, not the server's)."""
    async with connect(f"{url.replace('http', 'ws', 1)}/ws/{code}", local_addr=(addr, 0), max_size=None,
                       open_timeout=60, close_timeout=1) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        while time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(raw)
            if message["type"] == "error":
                stats.errors += 1
                continue
            if message["type"] != "state":
                continue
            view = message["view"]
            asked = bool(view["options"]) and not view["over"]
            if sent_at is not None and (asked or view["over"] or not wait_for_turn):
                stats.latencies.append(time.monotonic() - sent_at)
                stats.actions += 1
                sent_at = None
            if view["over"]:
                stats.games_done += 1
                return
            if asked:
                if think:  # a person's pause, uniform over half to one and a half times the mean
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                action = rng.choice(view["options"])
                await ws.send(json.dumps({"type": "action", "action": action,
                                          "decision": message["decision"]}))
                sent_at = time.monotonic()


async def client(url: str, index: int, opponent: str, stats: Stats, until: float,
                 think: float) -> None:
    """One table: a game against the computer (or between two scripted people), then the
    next, until time is up."""
    addr = source(index)
    rng = random.Random(index)
    transport = httpx.AsyncHTTPTransport(local_address=addr)
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=60) as http:
        while time.monotonic() < until:
            try:
                made = await new_game(http, opponent)
                alone = opponent != "human"
                seats = [seat(url, made["code"], made["token"], addr, rng, stats, until, think,
                              alone)]
                if opponent == "human":
                    joined = (await http.post(f"/api/games/{made['code']}/join", json={})).json()
                    seats.append(seat(url, made["code"], joined["token"], addr,
                                      random.Random(rng.random()), stats, until, think,
                                      alone))
                await asyncio.gather(*seats)
            except (OSError, httpx.HTTPError, TimeoutError, ConnectionClosed) as exc:
                stats.errors += 1
                print(f"  client {index}: {exc!r}", file=sys.stderr)
                await asyncio.sleep(1)


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(p / 100 * len(s)))] * 1000


async def load(url: str, pid: int, games: int, people: int, seconds: float,
               warmup: float, think: float = 0.0, opponent: str = "heuristic") -> dict[str, Any]:
    stats = Stats()
    start = time.monotonic()
    until = start + warmup + seconds
    tasks = [asyncio.create_task(client(url, i, opponent, stats, until, think))
             for i in range(games)]
    tasks += [asyncio.create_task(client(url, games + i, "human", stats, until, think))
              for i in range(people)]
    await asyncio.sleep(warmup)
    stats.latencies.clear()
    stats.actions = 0
    cpu0, t0, mine0 = cpu_seconds(pid), time.monotonic(), time.process_time()
    peak = 0.0
    while time.monotonic() < until:
        peak = max(peak, rss_mb(pid))
        await asyncio.sleep(0.5)
    cpu1, t1, mine1 = cpu_seconds(pid), time.monotonic(), time.process_time()
    lat = list(stats.latencies)
    done = stats.actions
    await asyncio.wait(tasks, timeout=30)
    return {"games": games, "people": people, "actions/s": done / (t1 - t0),
            "p50": pct(lat, 50), "p95": pct(lat, 95), "p99": pct(lat, 99),
            "rss_mb": peak, "cores": (cpu1 - cpu0) / (t1 - t0),
            "client": (mine1 - mine0) / (t1 - t0), "errors": stats.errors}


def start_server(python: str, thinkers: int | None, db: str, port: int,
                 env: dict[str, str], workers: int | None = None) -> subprocess.Popen[bytes]:
    cmd = [python, "-m", "legends.cli", "serve", "--host", HOST, "--port", str(port),
           "--db", db, "--computer-time", "0"]
    if thinkers is not None:
        cmd += ["--thinkers", str(thinkers)]
    if workers is not None:
        cmd += ["--workers", str(workers)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return proc
        except OSError:
            if proc.poll() is not None:
                said = proc.stdout.read().decode() if proc.stdout else ""
                raise SystemExit(f"server exited: {said}") from None
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start within 60 s")


def table_counts(text: str, people: int) -> tuple[int, int]:
    """``"G"`` or ``"G+P"``: games against the computer, games between people."""
    games, _, between = text.partition("+")
    return int(games), int(between) if between else people


def run_one(args: argparse.Namespace, games: int, people: int, thinkers: int | None,
            workers: int | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        env = dict(os.environ)
        db = args.db or str(Path(tmp) / "games.sqlite3")
        proc = start_server(args.python, thinkers, db, port, env, workers)
        try:
            row = asyncio.run(load(f"http://{HOST}:{port}", proc.pid, games, people,
                                   args.seconds, args.warmup, args.think, args.opponent))
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    row["thinkers"] = "-" if thinkers is None else thinkers
    row["workers"] = "-" if workers is None else workers
    return row


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games against the computer")
    ap.add_argument("--people", type=int, default=0, help="games between two scripted people")
    ap.add_argument("--opponent", default="heuristic",
                    help="the computer player in games against the computer")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a scripted person takes per decision (0: at once)")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured seconds per run")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds played before measuring")
    ap.add_argument("--thinkers", type=int, default=None,
                    help="the server's --thinkers (left out if not given: for servers without it)")
    ap.add_argument("--sweep", default=None,
                    help="comma-separated game counts to run in turn; G+P runs G games against "
                         "the computer and P between people (else --people)")
    ap.add_argument("--thinkers-sweep", default=None, help="comma-separated thinker counts")
    ap.add_argument("--workers", type=int, default=None,
                    help="the server's --workers: server processes (left out if not given)")
    ap.add_argument("--workers-sweep", default=None,
                    help="comma-separated server process counts")
    ap.add_argument("--db", default=None,
                    help="a postgresql:// database for the server (needed above one server "
                         "process; default: a temporary SQLite file per run)")
    ap.add_argument("--python", default=sys.executable, help="the interpreter running the server")
    args = ap.parse_args(argv)
    if not 0 < args.seconds <= 600 or not 0 <= args.warmup <= 120:
        raise SystemExit("--seconds: up to 600; --warmup: up to 120")
    counts = ([table_counts(n, args.people) for n in args.sweep.split(",")] if args.sweep
              else [(args.games, args.people)])
    thinkers: list[int | None] = ([int(t) for t in args.thinkers_sweep.split(",")]
                                  if args.thinkers_sweep else [args.thinkers])
    workers: list[int | None] = ([int(w) for w in args.workers_sweep.split(",")]
                                 if args.workers_sweep else [args.workers])
    if max(w or 1 for w in workers) > 1 and not (args.db or "").startswith("postgres"):
        raise SystemExit("more than one server process (--workers) needs --db postgresql://...")
    if max(g + p for g, p in counts) > 2000:
        raise SystemExit("at most 2000 tables")
    print(f"{'workers':>7} {'thinkers':>8} {'games':>5} {'people':>6} {'actions/s':>9} {'p50 ms':>7} "
          f"{'p95 ms':>7} {'p99 ms':>7} {'cores':>5} {'client':>6} {'RSS MB':>7} {'errors':>6}",
          flush=True)
    for w in workers:
        for t in thinkers:
            for n, people in counts:
                r = run_one(args, n, people, t, w)
                print(f"{r['workers']!s:>7} {r['thinkers']!s:>8} {r['games']:>5} "
                      f"{r['people']:>6} {r['actions/s']:>9.1f} "
                      f"{r['p50']:>7.0f} {r['p95']:>7.0f} {r['p99']:>7.0f} {r['cores']:>5.2f} "
                      f"{r['client']:>6.2f} "
                      f"{r['rss_mb']:>7.0f} {r['errors']:>6}", flush=True)


if __name__ == "__main__":
    main()
