"""Load on the play server: many websocket games at once, against the computer and between
scripted people, measured the way people meet the server (issue 29's goals, side by side).

The server is always the real command, ``python -m legends.cli serve``, on 127.0.0.1, with the
server's own defaults (the 0.4 s beat, the automatic thinker processes, one server process)
unless ``--computer-time``, ``--thinkers`` or ``--workers`` sets them. Its games are kept in a
temporary SQLite file, in a throwaway PostgreSQL cluster (``--pg``) or in the database of
``--db``. ``--split N`` starts N such commands, each on a port of its own, on one PostgreSQL
store: each table between people then has its creator on one server and its joiner on the
next (round robin), so every action reaches the other seat through the store's announcements.

Each table plays a game against the computer (``--opponent``, by default ``search``, the
server's default) or between two scripted people, then the next, until time is up. A scripted
person answers each decision with a random one of its options after a pause drawn evenly
between half and one and a half times ``--think`` seconds (0: at once, which measures what the
server can do at most rather than how it serves people). Like the page, a seat whose socket
drops reconnects, says hello with the same token and goes on from the greeting's state; a
seat whose server is gone tries the other servers' ports. Each row reports:

* people: between people, from sending an action to the first state after it on the
  actor's socket; computer: against the computer, from a person's action to the next state
  asking that seat again (or ending the game), beats and thinking included; cross: between
  people, from an action to the other seat being asked its next decision because of it (on
  another server with ``--split``: that server learned of it from the store); p50/p95/p99 in
  ms, for actions sent in the measured seconds;
* actions/s acknowledged; the CPU cores busy in the servers (every process of each command:
  supervisor, server processes, thinkers), in the PostgreSQL cluster of ``--pg`` and in this
  client (one asyncio process, which shares the machine); the servers' peak RSS; error
  messages and reconnects.

Every seat keeps a ledger of its acknowledged actions (acknowledged: a state came whose
``decision`` number is past the one the action answered). After each row the stored games are
read (the server's own ``Room.load``, from the SQLite file or PostgreSQL) and checked: each
acknowledged action stored at its seat's decision number, none stored that the seat did not
send (doubled), and no unfinished game without a state for a while at the end (stalled).
``--kill-after SECONDS`` SIGKILLs one server that many seconds into the run (with ``--split``,
one of the commands, not restarted; with ``--workers``, one of the supervisor's processes) to
check that the games go on through the others. The exit status is 1 if an acknowledged action
was lost or doubled or a game stalled.

Every connection goes to 127.0.0.1 only; each game uses a source address of its own in
127.0.0.0/8, since the server limits the games started and the sockets per client address.

Issue 29's goals (run ``PYTHONPATH=src python benchmarks/web_load.py ...``):

    # default flags, 60 tables against the computer + 15 between people at people's pace
    web_load.py --games 60 --people 15
    # 200 between people + 50 against the computer: the scaling curve by process count
    web_load.py --pg --games 50 --people 200 --workers-sweep 1,2,3,4
    # two servers on one store, a seat on each: cross latency
    web_load.py --pg --split 2 --games 0 --people 20
    # SIGKILL of one process under load: nothing acknowledged lost or doubled, nothing stalls
    web_load.py --pg --split 2 --games 10 --people 10 --seconds 30 --kill-after 10
    web_load.py --pg --workers 2 --games 10 --people 10 --seconds 30 --kill-after 10

Saturation (clients that never pause, no beat) and sweeps:

    web_load.py --think 0 --computer-time 0 --opponent heuristic --sweep 20,40,80 \\
        --thinkers-sweep 0,1
    web_load.py --sweep 30+15,60+30,90+45 --thinkers-sweep 0,1,2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parents[1]
START_TIME = 90.0    # seconds the servers may take to answer
STOP_TIME = 20.0     # seconds a server may take to stop before it is killed
LINGER = 5.0         # seconds a server's other processes may take to go after it
SAMPLE = 0.5         # seconds between readings of the servers' CPU time and memory
SETTLE = 3.0         # seconds after the end for acknowledgements still on their way
RETRY = 0.3          # the page's reconnect delay: 0.3 s, 0.6 s, ... up to 3 s
REFUSED_CLOSE = 4403  # the server's close code for a socket it refuses (the page gives up)
#: what the servers say when all is well (left out of the notes)
USUAL = ("serving on", " started", "made a new games store")
NOTES = 5            # lines of each kind of note printed under a row


# -- the machine and the command, for the header -----------------------------------------
def provenance(argv: list[str]) -> str:
    """One line saying when, on what and with what a table was measured."""
    model = next((line.split(":", 1)[1].strip() for line in _lines("/proc/cpuinfo")
                  if line.startswith("model name")), platform.processor() or "?")
    memory = next((int(line.split()[1]) / 2**20 for line in _lines("/proc/meminfo")
                   if line.startswith("MemTotal:")), 0.0)
    busy = os.getloadavg()[0]
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = shlex.join(["python", "benchmarks/web_load.py", *argv])
    return (f"# {when} | {os.cpu_count()} cores, {model}, {memory:.1f} GB, load {busy:.2f} | "
            f"Python {platform.python_version()}, client on {loop_name()} | source "
            f"{source_version()} | {command}")


def _lines(path: str) -> list[str]:
    try:
        return Path(path).read_text().splitlines()
    except OSError:
        return []


def source_version() -> str:
    """The commit of the checkout the server runs from (``+`` if it has changes)."""
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty=+"],
                              capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    return done.stdout.strip() or "?"


def loop_name() -> str:
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


def run_async(work: Any) -> Any:
    """Run ``work`` on uvloop if it is installed (a lighter client), else asyncio's loop."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    return uvloop.run(work)


# -- processes, from /proc -----------------------------------------------------------------
def tree(pid: int) -> list[int]:
    """``pid`` and its descendants (children made by any of its threads)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            tasks = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                todo.extend(int(c) for c in Path(f"/proc/{p}/task/{task}/children").read_text().split())
            except OSError:
                pass
    return found


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


class Meter:
    """CPU time and memory of some process trees (``roots()``), read from /proc. Each
    process's CPU time is kept as last read, so a process that is killed or ends still counts
    for the time it ran."""

    TICK = os.sysconf("SC_CLK_TCK")
    PAGE = os.sysconf("SC_PAGE_SIZE")

    def __init__(self, roots: Callable[[], list[int]]):
        self.roots = roots
        self.cpu: dict[int, float] = {}
        self.base: dict[int, float] = {}
        self.peak = 0     # bytes resident, the most seen at once
        self.began = self.ended = 0.0

    def read(self) -> None:
        resident = 0
        for root in self.roots():
            for pid in tree(root):
                try:
                    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                self.cpu[pid] = (int(fields[11]) + int(fields[12])) / self.TICK
                resident += int(fields[21]) * self.PAGE
        self.peak = max(self.peak, resident)
        self.ended = time.monotonic()

    def start(self) -> None:
        self.read()
        self.base, self.peak, self.began = dict(self.cpu), 0, self.ended

    def cores(self) -> float:
        """CPU seconds per wall second since :meth:`start` (1.0: one core busy)."""
        used = sum(t - self.base.get(pid, 0.0) for pid, t in self.cpu.items())
        return used / max(1e-9, self.ended - self.began)


# -- the servers ---------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Servers:
    """The ``legends serve`` commands of one row, each on a port of its own (several with
    ``--split``), all on one store; their output goes to files in ``folder``."""

    def __init__(self, python: str, count: int, db: str, init: bool, options: list[str],
                 folder: Path):
        self.ports = [free_port() for _ in range(count)]
        self.logs = [folder / f"serve-{i + 1}.log" for i in range(count)]
        self.procs: list[subprocess.Popen[bytes]] = []
        self.seen: set[int] = set()   # every process of theirs ever read: stopped at the end
        for port, log in zip(self.ports, self.logs, strict=True):
            cmd = [python, "-m", "legends.cli", "serve", "--host", HOST, "--port", str(port),
                   "--db", db, *(["--init"] if init else []), *options]
            with log.open("wb") as out:
                self.procs.append(subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT))

    def wait(self, workers: int) -> None:
        """Until every command answers, each with its ``workers`` server processes started."""
        deadline = time.monotonic() + START_TIME
        for proc, port, log in zip(self.procs, self.ports, self.logs, strict=True):
            while not (answers(port) and (workers == 1 or
                                          log.read_text().count(" started") >= workers)):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"the server did not start:\n{log.read_text()[-3000:]}")
                time.sleep(0.2)

    def roots(self) -> list[int]:
        return [p.pid for p in self.procs if p.poll() is None]

    def processes(self) -> list[int]:
        """The servers' root processes (for :class:`Meter`), noting every descendant seen."""
        roots = self.roots()
        for root in roots:
            self.seen.update(tree(root))
        return roots

    def kill_one(self) -> str:
        """SIGKILL one server: with several commands the first (not restarted), else one of the
        first command's server processes (its supervisor starts another)."""
        if len(self.procs) > 1:
            victim = self.procs[0]
            self.seen.update(tree(victim.pid))
            os.kill(victim.pid, signal.SIGKILL)
            return f"killed server 1 (pid {victim.pid}, port {self.ports[0]}); not restarted"
        workers = [p for p in tree(self.procs[0].pid)[1:] if "spawn_main" in cmdline(p)
                   and _parent(p) == self.procs[0].pid]
        if not workers:
            return "found no server process to kill"
        os.kill(workers[0], signal.SIGKILL)
        return (f"killed server process {workers[0]} (one of {len(workers)} under the "
                f"supervisor, which starts another)")

    def stop(self) -> list[str]:
        """Stop every command as a service manager would (SIGTERM, then SIGKILL), and any
        process of theirs still running after (a notable fact: returned as a note)."""
        for proc in self.procs:
            if proc.poll() is None:
                self.seen.update(tree(proc.pid))
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=STOP_TIME)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        notes = []
        others = self.seen - {p.pid for p in self.procs}
        deadline = time.monotonic() + LINGER
        while any(alive(pid) for pid in others) and time.monotonic() < deadline:
            time.sleep(0.1)   # they go once their server has: give them a moment
        for pid in sorted(others):
            if alive(pid):
                notes.append(f"process {pid} still running {LINGER:.0f} s after its server: "
                             f"{cmdline(pid)[:100]}")
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        return notes

    def log_notes(self) -> list[str]:
        """The lines of the servers' output that tell of trouble (warnings, tracebacks)."""
        found: list[str] = []
        for i, log in enumerate(self.logs, 1):
            lines = log.read_text(errors="replace").splitlines()
            tracebacks = sum("Traceback" in line for line in lines)
            said = [line for line in lines if not any(usual in line for usual in USUAL)
                    and not line.startswith((" ", "Traceback"))]
            if tracebacks:
                found.append(f"server {i}: {tracebacks} tracebacks in {log}")
            found += [f"server {i}: {line[:160]}" for line in said[:NOTES]]
            if len(said) > NOTES:
                found.append(f"server {i}: ... {len(said) - NOTES} more lines")
        return found


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://{HOST}:{port}/api/options", timeout=5) as res:
            return bool(res.status == 200)
    except OSError:
        return False


# -- the clients ---------------------------------------------------------------------------
def source(index: int) -> str:
    """A loopback address of its own for game ``index`` (127.1.0.1, 127.1.0.2, ...)."""
    return f"127.{1 + index // 62500}.{index // 250 % 250}.{1 + index % 250}"


class Refused(Exception):
    """The server answered a request with an error status."""


async def post(port: int, path: str, body: dict[str, Any], address: str) -> dict[str, Any]:
    """POST ``body`` as JSON from ``address``; the JSON answer. A bare HTTP/1.1 exchange, one
    connection per request: the client does no more than it must."""
    reader, writer = await asyncio.open_connection(HOST, port, local_addr=(address, 0))
    try:
        data = json.dumps(body).encode()
        writer.write(f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: "
                     f"application/json\r\nContent-Length: {len(data)}\r\nConnection: close"
                     f"\r\n\r\n".encode() + data)
        raw = await reader.read()
    finally:
        writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status = int(head.split(None, 2)[1]) if head else 0
    answer = json.loads(payload) if payload else {}
    if status != 200:
        raise Refused(f"{path}: {status} {answer.get('error', '')}")
    return dict(answer)


class Run:
    """One row's clients: where the servers are, what the clients measured, and the games."""

    def __init__(self, ports: list[int], warmup: float, seconds: float, think: float,
                 opponent: str, turn_limit: int):
        self.ports = ports
        self.down: set[int] = set()   # ports found closed (a server of --split killed)
        self.t0 = time.monotonic() + warmup   # the measured seconds: from t0 to t1
        self.t1 = self.t0 + seconds
        self.think = think
        self.opponent = opponent
        self.turn_limit = turn_limit
        self.stopping = False    # time is up: no new actions, games or reconnects
        self.people: list[float] = []
        self.computer: list[float] = []
        self.cross: list[float] = []
        self.acked = 0           # actions acknowledged in the measured seconds
        self.errors = 0
        self.reconnects = 0
        self.back: list[float] = []   # seconds from a socket dropping to the seat's greeting
        self.said: dict[str, int] = {}   # the errors, in words, and how often
        self.games: list[Game] = []
        self.addresses = 0

    def measured(self, t: float) -> bool:
        return self.t0 <= t < self.t1

    def error(self, text: str) -> None:
        self.errors += 1
        self.said[text[:120]] = self.said.get(text[:120], 0) + 1

    def address(self) -> str:
        self.addresses += 1
        return source(self.addresses)

    def port(self, home: int) -> int:
        """Server ``home``'s port (round robin), or the next one still up."""
        n = len(self.ports)
        for i in range(n):
            port = self.ports[(home + i) % n]
            if port not in self.down:
                return port
        return self.ports[home % n]

    def gone(self, port: int) -> None:
        """``port`` refused a connection: its server is gone (never the last one)."""
        if len(self.down) + 1 < len(self.ports):
            self.down.add(port)


class Game:
    """One game of a table, as its clients see it."""

    def __init__(self, code: str, people: bool):
        self.code = code
        self.people = people      # between people (else against the computer)
        self.seats: list[Seat] = []
        self.progress = time.monotonic()   # when a state last came (or the game was made)
        #: between people: the last action (its seat, when it was sent) until the other seat
        #: is asked because of it
        self.handed: tuple[Seat, float] | None = None


class Seat:
    """One person's seat: a websocket that answers every decision asked of it, reconnecting
    as the page does, and a ledger of the actions it sent."""

    def __init__(self, run: Run, game: Game, name: str, token: str, home: int, address: str,
                 rng: random.Random):
        self.run, self.game, self.name, self.token = run, game, name, token
        self.home, self.address, self.rng = home, address, rng
        #: decision number -> [the action that answered it, acknowledged?]
        self.ledger: dict[int, list[Any]] = {}
        #: the last action sent and not yet acknowledged: its decision number, when it was sent
        self.pending: tuple[int, float] | None = None
        #: against the computer: the same, until this seat is asked again
        self.waiting: tuple[int, float] | None = None
        self.dropped: float | None = None   # when its socket dropped, until greeted again
        self.over = False
        game.seats.append(self)

    async def play(self) -> None:
        tries = 0
        while not (self.over or self.run.stopping):
            port = self.run.port(self.home)
            try:
                async with connect(f"ws://{HOST}:{port}/ws/{self.game.code}", proxy=None,
                                   local_addr=(self.address, 0), max_size=None,
                                   open_timeout=30, close_timeout=1,
                                   ping_interval=None) as ws:
                    tries = 0
                    await self.converse(ws)
            except ConnectionRefusedError:
                self.run.gone(port)
            except ConnectionClosed as exc:
                if exc.rcvd is not None and exc.rcvd.code == REFUSED_CLOSE:
                    self.run.error(f"socket refused: {exc.rcvd.reason}")
                    return
            except (OSError, TimeoutError, InvalidHandshake) as exc:
                self.run.error(f"socket: {exc!r}")
            if self.over or self.run.stopping:
                return
            if self.dropped is None:
                self.dropped = time.monotonic()
            self.run.reconnects += 1
            tries = min(tries + 1, 10)
            await asyncio.sleep(RETRY * tries)

    async def converse(self, ws: ClientConnection) -> None:
        """Say hello, then answer what is asked until the game ends (or the socket does)."""
        await ws.send(json.dumps({"type": "hello", "token": self.token}))
        greeting = True   # the first state after hello (or a welcome) is the greeting
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "state":
                asked = self.take(message, greeting)
                greeting = False
                if self.over:
                    return
                if asked and not self.run.stopping:
                    if self.run.think:  # a person's pause
                        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.run.think)
                    if not self.run.stopping:
                        await self.answer(ws, message)
            elif kind == "error":
                self.run.error(f"server: {message.get('message')}")
            elif kind == "welcome":
                greeting = True

    def take(self, message: dict[str, Any], greeting: bool) -> bool:
        """Note a state message: what it acknowledges, the latencies it ends. Whether it
        asks this seat a decision."""
        now = time.monotonic()
        run, game = self.run, self.game
        view = message["view"]
        decision = message["decision"]
        self.over = bool(view["over"])
        asked = bool(view["options"]) and not self.over
        if self.pending is not None:
            answered, sent = self.pending
            if decision > answered:   # stored: acknowledged
                self.ledger[answered][1] = True
                self.pending = None
                if run.measured(now):
                    run.acked += 1
                # Left out: an action after which the rules told this seat nothing until
                # the other seat had made a decision of its own (that person's pause).
                waited = game.handed is not None and game.handed[0] is not self
                if game.people and not greeting and not waited and run.measured(sent):
                    run.people.append(now - sent)
            elif greeting:   # not stored (its server went first): asked again
                self.pending = self.waiting = None
        if self.waiting is not None and (asked or self.over) and decision > self.waiting[0]:
            if not greeting and run.measured(self.waiting[1]):
                run.computer.append(now - self.waiting[1])
            self.waiting = None
        if greeting and self.dropped is not None:
            run.back.append(now - self.dropped)
            self.dropped = None
        if not greeting:
            game.progress = now
            handed = game.handed
            if asked and handed is not None and handed[0] is not self:
                # Asked because of the other seat's action: it reached this seat.
                if run.measured(handed[1]):
                    run.cross.append(now - handed[1])
                game.handed = None
        return asked

    async def answer(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        decision = message["decision"]
        action = self.rng.choice(message["view"]["options"])
        self.ledger[decision] = [action, False]
        sent = time.monotonic()
        self.pending = (decision, sent)
        if self.game.people:
            self.game.handed = (self, sent)
        else:
            self.waiting = (decision, sent)
        await ws.send(json.dumps({"type": "action", "action": action, "decision": decision}))


class Table:
    """A table: one game after another, against the computer or between two people, until
    time is up. Table ``index`` starts its games on server ``index`` (round robin); between
    people the joiner sits on the next server."""

    def __init__(self, run: Run, index: int, people: bool):
        self.run, self.index, self.people = run, index, people
        self.rng = random.Random(index)

    async def play(self) -> None:
        run = self.run
        while not run.stopping:
            try:
                game = await self.open_game()
                await asyncio.gather(*(seat.play() for seat in game.seats))
            except ConnectionRefusedError:
                continue   # that server is gone (marked): the next attempt goes elsewhere
            except (OSError, Refused, ValueError) as exc:
                run.error(f"table: {exc!r}")
                await asyncio.sleep(1)

    async def open_game(self) -> Game:
        run = self.run
        address = run.address()
        home = self.index
        port = run.port(home)
        try:
            made = await post(port, "/api/games", {
                "opponent": "human" if self.people else run.opponent, "side": "beige",
                "turn_limit": run.turn_limit}, address)
        except ConnectionRefusedError:
            run.gone(port)
            raise
        game = Game(made["code"], self.people)
        run.games.append(game)
        Seat(run, game, made["seat"], made["token"], home, address,
             random.Random(self.rng.random()))
        if self.people:
            port = run.port(home + 1)
            try:
                joined = await post(port, f"/api/games/{game.code}/join", {}, address)
            except ConnectionRefusedError:
                run.gone(port)
                joined = await post(run.port(home + 1), f"/api/games/{game.code}/join", {},
                                    address)
            Seat(run, game, joined["seat"], joined["token"], home + 1, address,
                 random.Random(self.rng.random()))
        return game


# -- one row -------------------------------------------------------------------------------
@dataclass
class Row:
    games: int            # tables against the computer
    people: int           # tables between people
    workers: int | None   # --workers of each server (None: left to the server)
    thinkers: int | None  # --thinkers of each server (None: left to the server)


@dataclass
class Ledger:
    """What the stored games say of the seats' ledgers."""

    acked: int = 0
    lost: int = 0
    doubled: int = 0
    finished: int = 0
    games: int = 0
    stalled: int = 0

    def line(self) -> str:
        return (f"acknowledged {self.acked}, lost {self.lost}, doubled {self.doubled}, games "
                f"finished {self.finished}/{self.games}, stalled {self.stalled}")

    @property
    def bad(self) -> bool:
        return bool(self.lost or self.doubled or self.stalled)


async def load(args: argparse.Namespace, row: Row, servers: Servers,
               store_pid: int | None) -> tuple[Run, dict[str, Any]]:
    """Play the row's tables for the warm-up and the measured seconds; the clients' run and
    the figures measured on the side (CPU, memory, what was killed)."""
    run = Run(servers.ports, args.warmup, args.seconds, args.think, args.opponent,
              args.turn_limit)
    tables = [Table(run, i, people=False) for i in range(row.games)]
    tables += [Table(run, row.games + i, people=True) for i in range(row.people)]
    tasks = [asyncio.create_task(t.play()) for t in tables]
    begun = time.monotonic()
    meter = Meter(servers.processes)
    store = Meter(lambda: [store_pid] if store_pid else [])
    mine = 0.0
    killed = ""
    while (now := time.monotonic()) < run.t1:
        if not meter.began and now >= run.t0:
            meter.start()
            store.start()
            mine = time.process_time()
        elif meter.began:
            meter.read()
            store.read()
        if args.kill_after is not None and not killed and now - begun >= args.kill_after:
            killed = f"at {now - begun:.1f} s: {servers.kill_one()}"
        await asyncio.sleep(min(SAMPLE, max(0.01, run.t1 - now)))
    meter.read()
    store.read()
    client = (time.process_time() - mine) / max(1e-9, meter.ended - meter.began)
    run.stopping = True
    await asyncio.sleep(SETTLE)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return run, {"cores": meter.cores(), "store": store.cores() if store_pid else None,
                 "client": client, "rss": meter.peak / 2**20, "killed": killed}


def check(db: str, run: Run, window: float) -> Ledger:
    """Each seat's ledger against the stored games (read as the server reads them): every
    acknowledged action stored at its seat's decision number, none the seat did not send; a
    game not finished that got no state in the last ``window`` seconds stalled."""
    from legends.web.rooms import Room
    from legends.web.store import open_store

    ledger = Ledger(games=len(run.games))
    store = open_store(db)
    try:
        for game in run.games:
            room = Room.load(store, None, game.code)
            movers, texts = (room.movers, room.texts) if room is not None else ([], [])
            made: dict[str, list[str]] = {}   # by seat, its stored actions in order
            for mover, text in zip(movers, texts, strict=True):
                made.setdefault(mover, []).append(text)
            for seat in game.seats:
                stored = made.get(seat.name, [])
                for decision, (action, acked) in seat.ledger.items():
                    if acked:
                        ledger.acked += 1
                        ledger.lost += decision >= len(stored) or stored[decision] != action
                ledger.doubled += sum(d not in seat.ledger for d in range(len(stored)))
            if room is not None and room.over:
                ledger.finished += 1
            elif run.t1 - game.progress > window:
                ledger.stalled += 1
    finally:
        store.close()
    return ledger


def stall_window(args: argparse.Namespace) -> float:
    """Seconds without a state after which an unfinished game counts as stalled: longer than
    any wait the game itself makes (a person's pause, the computer's beats)."""
    return max(10.0, 4 * args.think)


def run_row(args: argparse.Namespace, row: Row, stores: Stores) -> tuple[dict[str, Any], Ledger,
                                                                          list[str]]:
    """Start the servers, play the row, stop them and check what they stored."""
    options = []
    for flag, value in (("--computer-time", args.computer_time), ("--workers", row.workers),
                        ("--thinkers", row.thinkers)):
        if value is not None:
            options += [flag, str(value)]
    with tempfile.TemporaryDirectory(prefix="web-load-") as tmp:
        db, init = stores.new(Path(tmp))
        servers = Servers(args.python, args.split, db, init, options, Path(tmp))
        try:
            servers.wait(row.workers or 1)
            run, figures = run_async(load(args, row, servers, stores.pid()))
        finally:
            notes = servers.stop()
            notes = servers.log_notes() + notes
        ledger = check(db, run, stall_window(args))
    if figures["killed"]:
        notes.insert(0, figures["killed"])
    slowest = [f"{name} {max(values) * 1000:.0f}" for name, values in (
        ("people", run.people), ("computer", run.computer), ("cross", run.cross)) if values]
    if slowest:
        notes.insert(0, f"slowest ms: {', '.join(slowest)}")
    if run.back:
        notes.insert(1, f"greeted again after a dropped socket: {len(run.back)} seats, ms "
                        f"p50/p95/p99 {percentiles(run.back)}, slowest {max(run.back) * 1000:.0f}")
    notes += [f"client: {n} x {text}" for text, n in
              sorted(run.said.items(), key=lambda kv: -kv[1])[:NOTES]]
    figures.update(run=run, row=row, actions=run.acked / args.seconds)
    return figures, ledger, notes


# -- stores ----------------------------------------------------------------------------------
class Stores:
    """Where each row's games are kept: a new SQLite file, a new database in the throwaway
    cluster of ``--pg``, or the one of ``--db``."""

    def __init__(self, db: str | None, cluster: Any):
        self.db = db
        self.cluster = cluster

    def new(self, folder: Path) -> tuple[str, bool]:
        """A store for one row and whether the server must ``--init`` it."""
        if self.cluster is not None:
            return str(self.cluster.database()), True
        if self.db is not None:
            return self.db, self.db.startswith("postgres")
        return str(folder / "games.sqlite3"), False

    @property
    def shared(self) -> bool:
        return self.cluster is not None or (self.db or "").startswith("postgres")

    def pid(self) -> int | None:
        """The throwaway cluster's postmaster, whose processes are the store's CPU."""
        if self.cluster is None:
            return None
        return int(Path(self.cluster.data, "postmaster.pid").read_text().split()[0])


@contextmanager
def stores_for(args: argparse.Namespace) -> Iterator[Stores]:
    if not args.pg:
        yield Stores(args.db, None)
        return
    sys.path.insert(0, str(ROOT / "tests"))
    from pgcluster import Cluster

    cluster = Cluster()
    try:
        yield Stores(None, cluster)
    finally:
        cluster.stop()


# -- the table printed -------------------------------------------------------------------
HEADER = (f"{'servers':>7} {'workers':>7} {'thinkers':>8} {'tables':>7} {'act/s':>6} "
          f"{'people ms':>14} {'computer ms':>16} {'cross ms':>14} {'cores':>14} "
          f"{'RSS MB':>6} {'errors':>6} {'reconn':>6}")
SUBHEADER = (f"{'':>7} {'':>7} {'':>8} {'AI+ppl':>7} {'':>6} {'p50/p95/p99':>14} "
             f"{'p50/p95/p99':>16} {'p50/p95/p99':>14} {'srv/db/client':>14}")


def percentiles(values: list[float]) -> str:
    if not values:
        return "-"
    s = sorted(values)
    return "/".join(f"{s[min(len(s) - 1, int(p / 100 * len(s)))] * 1000:.0f}"
                    for p in (50, 95, 99))


def format_row(args: argparse.Namespace, f: dict[str, Any]) -> str:
    run, row = f["run"], f["row"]
    store = "-" if f["store"] is None else f"{f['store']:.2f}"
    cores = f"{f['cores']:.2f}/{store}/{f['client']:.2f}"
    workers = "-" if row.workers is None else row.workers
    thinkers = "-" if row.thinkers is None else row.thinkers
    return (f"{args.split:>7} {workers!s:>7} {thinkers!s:>8} "
            f"{f'{row.games}+{row.people}':>7} {f['actions']:>6.1f} "
            f"{percentiles(run.people):>14} {percentiles(run.computer):>16} "
            f"{percentiles(run.cross):>14} {cores:>14} {f['rss']:>6.0f} {run.errors:>6} "
            f"{run.reconnects:>6}")


# -- the command line --------------------------------------------------------------------
def table_counts(text: str, people: int) -> tuple[int, int]:
    """``"G"`` or ``"G+P"``: tables against the computer, tables between people."""
    games, _, between = text.partition("+")
    return int(games), int(between) if between else people


def numbers(text: str | None, default: int | None) -> list[int | None]:
    return [int(n) for n in text.split(",")] if text else [default]


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60, help="tables against the computer (60)")
    ap.add_argument("--people", type=int, default=15, help="tables between two people (15)")
    ap.add_argument("--sweep", metavar="G+P,...",
                    help="table counts to run in turn, each G against the computer and P "
                         "between people (G alone: --people)")
    ap.add_argument("--opponent", default="search", help="the computer player (search, the server's default)")
    ap.add_argument("--think", type=float, default=1.0,
                    help="people's mean pause before each decision, seconds (1; 0: at once)")
    ap.add_argument("--turn-limit", type=int, default=60, help="each game's turn limit (60)")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured seconds per row (30)")
    ap.add_argument("--warmup", type=float, default=8.0,
                    help="seconds played before the measured ones (8)")
    ap.add_argument("--computer-time", type=float, default=None,
                    help="the server's --computer-time (default: the server's, 0.5)")
    ap.add_argument("--thinkers", type=int, default=None,
                    help="the server's --thinkers (default: the server's, automatic)")
    ap.add_argument("--thinkers-sweep", metavar="N,...", help="--thinkers values, a row each")
    ap.add_argument("--workers", type=int, default=None,
                    help="the server's --workers: server processes on one port (default: "
                         "the server's, 1; above 1 needs PostgreSQL)")
    ap.add_argument("--workers-sweep", metavar="N,...",
                    help="--workers values, a row each: the scaling curve by process count")
    ap.add_argument("--split", type=int, default=1, metavar="N",
                    help="N servers on ports of their own, one store (PostgreSQL): the two "
                         "seats of a table between people on different servers")
    ap.add_argument("--kill-after", type=float, default=None, metavar="SECONDS",
                    help="SIGKILL one server process that many seconds after the clients "
                         "start (needs --split or --workers above 1)")
    ap.add_argument("--db", metavar="PATH|URL",
                    help="the server's store (default: a new temporary SQLite file per row)")
    ap.add_argument("--pg", action="store_true",
                    help="a throwaway PostgreSQL cluster, a new database per row")
    ap.add_argument("--python", default=sys.executable, help="the interpreter of the servers")
    args = ap.parse_args(argv)
    args.counts = ([table_counts(n, args.people) for n in args.sweep.split(",")]
                   if args.sweep else [(args.games, args.people)])
    args.workers_list = numbers(args.workers_sweep, args.workers)
    args.thinkers_list = numbers(args.thinkers_sweep, args.thinkers)
    shared = args.pg or (args.db or "").startswith("postgres")
    if args.pg and args.db:
        ap.error("--pg and --db: one store or the other")
    if not 0 < args.seconds <= 600 or not 0 <= args.warmup <= 120:
        ap.error("--seconds: more than 0, up to 600; --warmup: up to 120")
    if max(w or 1 for w in args.workers_list) > 1 and not shared:
        ap.error("more than one server process (--workers) needs PostgreSQL: --pg or --db URL")
    if args.split > 1 and not shared:
        ap.error("--split needs PostgreSQL: --pg or --db postgresql://...")
    if args.kill_after is not None and args.split < 2 and \
            min(w or 1 for w in args.workers_list) < 2:
        ap.error("--kill-after needs another server to go on: --split 2 or --workers 2 or more")
    if args.kill_after is not None and \
            args.warmup + args.seconds - args.kill_after < stall_window(args) + 5:
        ap.error(f"--kill-after: leave at least {stall_window(args) + 5:.0f} s after the kill, "
                 "to tell the games that go on from those that stalled")
    if not all(0 <= g and 0 <= p and g + p <= 2000 for g, p in args.counts):
        ap.error("tables: 0 to 2000")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit[1], limit[1]))  # sockets, many
    print(provenance(sys.argv[1:] if argv is None else argv), flush=True)
    print(HEADER, SUBHEADER, sep="\n", flush=True)
    failed = False
    with stores_for(args) as stores:
        for workers in args.workers_list:
            for thinkers in args.thinkers_list:
                for games, people in args.counts:
                    figures, ledger, notes = run_row(args, Row(games, people, workers,
                                                               thinkers), stores)
                    print(format_row(args, figures), flush=True)
                    for note in [ledger.line(), *notes]:
                        print(f"    {note}", flush=True)
                    failed |= ledger.bad
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
