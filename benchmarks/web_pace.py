"""Load on the play server at people's pace, with the server's own defaults: how long people
wait for each other, and for the computer, while many games against it go on.

Unlike ``web_load.py`` (which starts ``legends serve --computer-time 0``), this serves
``create_app`` with its defaults (the 0.5 s beat, the automatic thinker processes) plus the
``key=value`` settings given, and reports the two kinds of tables apart: between people, from
an action to the first state after it; against the computer, from an action to the next state
asking that seat again (the beats and the computer's thinking included). The scripted people
pause 0.5 to 1.5 s (``--think 1``) and play web_load.py's clients.

    python benchmarks/web_pace.py --games 60 --people 15 --opponent search
    python benchmarks/web_pace.py --games 60 --people 15 --set thinkers=0

``--set workers=1`` runs a server from before ``thinkers`` (its old name).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import web_load as wl  # noqa: E402


def serve(port: int, db: str, settings: list[str]) -> None:
    import uvicorn

    from legends.web import create_app

    chosen = {}
    for setting in settings:
        key, _, value = setting.partition("=")
        chosen[key] = float(value) if "." in value else int(value)
    app = create_app(db_path=db, init=True, **chosen)
    uvicorn.run(app, host=wl.HOST, port=port, ws_max_size=64 * 1024, log_level="warning")


async def measure(url: str, pid: int, args: argparse.Namespace) -> str:
    computer, people = wl.Stats(), wl.Stats()
    until = time.monotonic() + args.warmup + args.seconds
    tasks = [asyncio.create_task(wl.client(url, i, args.opponent, computer, until, args.think))
             for i in range(args.games)]
    tasks += [asyncio.create_task(wl.client(url, args.games + i, "human", people, until,
                                            args.think)) for i in range(args.people)]
    await asyncio.sleep(args.warmup)
    computer.latencies.clear()
    people.latencies.clear()
    cpu0, t0 = wl.cpu_seconds(pid), time.monotonic()
    peak = 0.0
    while time.monotonic() < until - 0.5:
        peak = max(peak, wl.rss_mb(pid))
        await asyncio.sleep(0.5)
    cpu1, t1 = wl.cpu_seconds(pid), time.monotonic()
    h, c = list(people.latencies), list(computer.latencies)
    await asyncio.wait(tasks, timeout=30)
    return (f"between people: {len(h)} actions, p50 {wl.pct(h, 50):.0f} p95 {wl.pct(h, 95):.0f} "
            f"p99 {wl.pct(h, 99):.0f} ms | against the computer: {len(c)} actions, "
            f"p50 {wl.pct(c, 50):.0f} p95 {wl.pct(c, 95):.0f} p99 {wl.pct(c, 99):.0f} ms | "
            f"server {(cpu1 - cpu0) / (t1 - t0):.2f} cores, {peak:.0f} MB, "
            f"{computer.errors + people.errors} errors")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60, help="tables against the computer")
    ap.add_argument("--people", type=int, default=15, help="tables between two people")
    ap.add_argument("--opponent", default="search", help="the computer player")
    ap.add_argument("--think", type=float, default=1.0, help="people's mean pause, seconds")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured seconds")
    ap.add_argument("--warmup", type=float, default=8.0, help="seconds played before")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="a create_app setting (thinkers=0, computer_time=0.3 ...)")
    ap.add_argument("--serve", nargs=2, metavar=("PORT", "DB"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve:
        serve(int(args.serve[0]), args.serve[1], args.set)
        return
    with tempfile.TemporaryDirectory() as tmp:
        port = wl.free_port()
        cmd = [sys.executable, __file__, "--serve", str(port), f"{tmp}/games.sqlite3",
               *(f"--set={s}" for s in args.set)]
        proc = subprocess.Popen(cmd, env=dict(os.environ))
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    socket.create_connection((wl.HOST, port), timeout=1).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            print(asyncio.run(measure(f"http://{wl.HOST}:{port}", proc.pid, args)), flush=True)
        finally:
            proc.terminate()
            proc.wait(timeout=30)


if __name__ == "__main__":
    main()
