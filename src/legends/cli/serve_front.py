"""``legends serve --processes N``: N server processes on 127.0.0.1 and the front before them
(:mod:`legends.web.front`)."""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

LOCAL = "127.0.0.1"
START_TIME = 60.0  # seconds the server processes may take to listen
STOP_TIME = 10.0   # seconds they may take to stop before they are killed


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCAL, 0))
        return int(s.getsockname()[1])


def leave_with_parent() -> None:
    """In a server process: stop (as on Ctrl-C) when the front that started it is gone."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def backend_command(args: argparse.Namespace, db: str, port: int, index: int) -> list[str]:
    cmd = [sys.executable, "-m", "legends.cli", "serve", "--host", LOCAL, "--port", str(port),
           "--db", db, "--computer-time", repr(args.computer_time),
           "--workers", str(args.workers), "--backend", f"{index}/{args.processes}"]
    for path in args.position:
        cmd += ["--position", path]
    return cmd


def wait_listening(procs: list[subprocess.Popen[bytes]], ports: list[int]) -> None:
    deadline = time.monotonic() + START_TIME
    waiting = list(zip(procs, ports, strict=True))
    while waiting:
        proc, port = waiting[0]
        if proc.poll() is not None:
            raise ValueError(f"a server process stopped at its start (exit status {proc.returncode})")
        try:
            with socket.create_connection((LOCAL, port), timeout=1):
                waiting.pop(0)
        except OSError:
            if time.monotonic() > deadline:
                raise ValueError(f"a server process did not listen within {START_TIME:.0f} s") from None
            time.sleep(0.1)


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    deadline = time.monotonic() + STOP_TIME
    for proc in procs:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def run_front(args: argparse.Namespace, missing: str) -> int:
    try:
        import uvicorn

        from ..web import default_db_path
        from ..web.front import create_front
        from ..web.store import StoreError, is_url, open_store
    except ImportError:
        raise ValueError(missing) from None
    db = args.db or default_db_path()
    if db == ":memory:":
        raise ValueError("--processes: the server processes need a store they share "
                         "(a file or a postgresql:// URL), not :memory:")
    if not 0 <= args.computer_time <= 60:
        raise ValueError("--computer-time: expected seconds from 0 to 60")
    if not is_url(db):
        db = str(Path(db).resolve())
        Path(db).parent.mkdir(parents=True, exist_ok=True)
    # Checked (and with --init started) once, here, before the server processes share it.
    try:
        store = open_store(db, init=args.init)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    for note in store.notes:
        print(f"legends: {note}", flush=True)
    where = store.where
    store.close()
    ports = [free_port() for _ in range(args.processes)]
    procs: list[subprocess.Popen[bytes]] = []
    # uvicorn hands a stopping signal on once it has stopped: then the processes are stopped too.
    previous = signal.signal(signal.SIGTERM, _stopped)
    try:
        for index, port in enumerate(ports):
            procs.append(subprocess.Popen(backend_command(args, db, port, index)))
        wait_listening(procs, ports)
        front = create_front([f"http://{LOCAL}:{port}" for port in ports])
        print(f"legends: serving on http://{args.host}:{args.port}/ with {args.processes} "
              f"server processes (games kept in {where})", flush=True)
        uvicorn.run(front, host=args.host, port=args.port, ws_max_size=64 * 1024,
                    log_level="warning", server_header=False, date_header=False)
    except KeyboardInterrupt:
        pass
    finally:
        stop(procs)
        signal.signal(signal.SIGTERM, previous)
    return 0


def run_front_only(args: argparse.Namespace, missing: str) -> int:
    """``legends serve --front URL,URL...``: only the front, before servers started elsewhere
    (each with ``--shard I/N``, all on one store)."""
    try:
        import uvicorn

        from ..web.front import create_front
    except ImportError:
        raise ValueError(missing) from None
    urls = [u.strip().rstrip("/") for u in args.front.split(",")]
    bad = [u for u in urls if not u.startswith(("http://", "https://")) or len(u) < 10]
    if bad or not 1 <= len(urls) <= 64:
        raise ValueError("--front: expected 1 to 64 server URLs (http://HOST:PORT), separated "
                         f"by commas{f'; not a URL: {bad[0]!r}' if bad else ''}")
    print(f"legends: serving on http://{args.host}:{args.port}/ in front of {len(urls)} "
          f"servers ({', '.join(urls)}); each must run with --shard I/{len(urls)}", flush=True)
    uvicorn.run(create_front(urls), host=args.host, port=args.port, ws_max_size=64 * 1024,
                log_level="warning", server_header=False, date_header=False)
    return 0


def _stopped(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)
