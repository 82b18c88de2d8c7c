"""``legends serve``: play in the browser (needs the ``web`` extra: ``pip install 'legends[web]'``)."""

from __future__ import annotations

import argparse
import os

from legends_core import safejson

from .common import whole

MISSING = "the web server needs the 'web' extra: pip install 'legends[web]'"


def add_parser(sub: argparse._SubParsersAction) -> None:
    # The command line's own help formatter (the parser class's) shows each real default once.
    p = sub.add_parser("serve", help="play in the browser: start a web server")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on")
    p.add_argument("--port", type=whole(0, 65535), default=8000, help="port to listen on")
    p.add_argument("--db", metavar="PATH|URL", default=None,
                   help="SQLite file the games are kept in (default: games.sqlite3 in your "
                        "data folder, e.g. ~/.local/share/legends), or a postgresql:// URL "
                        "(several server processes may share one; needs the 'postgres' extra)")
    p.add_argument("--init", action="store_true",
                   help="start a new, empty store if there is no usable one: only needed when "
                        "the file is empty, truncated, damaged or foreign (it is moved aside, "
                        "never deleted), was removed, or for a new PostgreSQL database")
    p.add_argument("--position", metavar="FILE", action="append", default=[],
                   help="offer a JSON position as a starting point in the new-game form "
                        "(named after the file; repeat for more)")
    p.add_argument("--computer-time", metavar="SECONDS", type=float, default=0.5,
                   help="against the computer, hold each batch of replies this long, so the "
                        "time the computer took tells nothing (0: answer at once)")
    p.add_argument("--workers", metavar="N", type=whole(0, 256), default=0,
                   help="processes the computer players think in, beside the server's own "
                        "(0: in the server's process, which measured faster with the built-in players; "
                        "see docs/server-load.rst)")
    p.add_argument("--processes", metavar="N", type=whole(1, 64), default=1,
                   help="server processes sharing the store, behind a small front process on "
                        "--host/--port that sends each game's requests to the one serving it "
                        "(1: a single process; see docs/server-load.rst)")
    # Several machines: N servers started by hand on one PostgreSQL store, and a front.
    p.add_argument("--shard", metavar="I/N", default=None,
                   help="serve as server I (counting from 0) of N that share one store behind "
                        "'legends serve --front' (for servers on several machines: give them a "
                        "postgresql:// --db)")
    p.add_argument("--front", metavar="URL,URL...", default=None,
                   help="serve only the front: hand each game's requests to the one of these "
                        "servers (started with --shard 0/N, 1/N ..., in this order) that serves "
                        "it")
    # One server process of --processes N: set by the front for the processes it starts.
    p.add_argument("--backend", metavar="I/N", default=None, help=argparse.SUPPRESS)
    p.set_defaults(run=run)


def positions(paths: list[str]) -> dict[str, dict]:
    found = {}
    for path in paths:
        data = safejson.load_file(path, "position")
        if not isinstance(data, dict):
            raise ValueError(f"{path}: not a position (expected a JSON object)")
        found[os.path.splitext(os.path.basename(path))[0]] = data
    return found


def shard(text: str | None, option: str = "--backend") -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        i, n = (int(part) for part in text.split("/"))
    except ValueError:
        raise ValueError(f"{option}: expected I/N") from None
    if not 0 <= i < n <= 64:
        raise ValueError(f"{option}: expected I/N with 0 <= I < N <= 64")
    return i, n


def run(args: argparse.Namespace) -> int:
    chosen = [o for o, v in (("--processes", args.processes > 1), ("--front", args.front),
                             ("--shard", args.shard), ("--backend", args.backend)) if v]
    if len(chosen) > 1:
        raise ValueError(f"{' and '.join(chosen)} do not go together")
    if args.processes > 1:
        from .serve_front import run_front

        return run_front(args, MISSING)
    if args.front:
        from .serve_front import run_front_only

        return run_front_only(args, MISSING)
    try:
        import uvicorn

        from ..web import create_app, default_db_path
        from ..web.store import StoreError
    except ImportError:
        raise ValueError(MISSING) from None
    db = args.db or default_db_path()
    if not 0 <= args.computer_time <= 60:
        raise ValueError("--computer-time: expected seconds from 0 to 60")
    try:
        app = create_app(db_path=db, positions=positions(args.position), init=args.init,
                         computer_time=args.computer_time, workers=args.workers,
                         shard=shard(args.backend) or shard(args.shard, "--shard"))
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    if args.backend is not None:
        from .serve_front import leave_with_parent

        leave_with_parent()
        uvicorn.run(app, host=args.host, port=args.port, ws_max_size=64 * 1024,
                    log_level="warning")
        return 0
    store = app.state.server.store
    for note in store.notes:
        print(f"legends: {note}", flush=True)
    part = "" if args.shard is None else f" as server {args.shard} behind a front"
    print(f"legends: serving on http://{args.host}:{args.port}/{part} (games kept in "
          f"{store.where})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=64 * 1024, log_level="warning")
    return 0
