"""``legends serve``: play in the browser (needs the ``web`` extra: ``pip install 'legends[web]'``).

One server process by default; ``--workers N`` starts N of them on the one port, under
uvicorn's supervisor (:mod:`.serve_workers`). Several machines go behind a proxy of their own
(nginx: ``docs/deploying.rst``).
"""

from __future__ import annotations

import argparse
import ipaddress
import os

from legends_core import safejson
from legends_core.errors import short

from ..i18n import _, current
from .common import whole
from .serve_workers import COMPUTER_TIME

MAX_WORKERS = 64
MAX_THINKERS = 256
MAX_COMPUTER_TIME = 60.0


def missing() -> str:
    """Why the server cannot start without its extra, in the language of the run."""
    return _("the web server needs the 'web' extra: {command}").format(
        command="pip install 'legends[web]'")


def add_parser(sub: argparse._SubParsersAction) -> None:
    # The command line's own help formatter (the parser class's) shows each real default once.
    p = sub.add_parser("serve", help=_("play in the browser: start a web server"))
    p.add_argument("--host", default="127.0.0.1", help=_("address to listen on"))
    p.add_argument("--port", type=whole(0, 65535), default=8000, help=_("port to listen on"))
    p.add_argument("--db", metavar="PATH|URL", default=None,
                   help=_("where the games are kept: an SQLite file (default: games.sqlite3 in "
                          "your data folder, e.g. ~/.local/share/legends) for one server "
                          "process, or a postgresql:// URL, which several server processes and "
                          "machines may share (needs the 'postgres' extra)"))
    p.add_argument("--init", action="store_true",
                   help=_("start a new, empty store if there is no usable one: only needed "
                          "when the file is empty, truncated, damaged or foreign (it is moved "
                          "aside, never deleted), was removed, or for a new PostgreSQL database"))
    p.add_argument("--workers", metavar="N", type=whole(1, MAX_WORKERS), default=1,
                   help=_("server processes answering on --host/--port, each able to serve "
                          "every game; one that dies is replaced at once. More than 1 needs a "
                          "postgresql:// --db (see docs/deploying.rst)"))
    p.add_argument("--thinkers", metavar="N", type=whole(0, MAX_THINKERS), default=None,
                   help=_("processes the computer players think in, for each server process, "
                          "at a lower priority (by default one fewer than the cores, at most 4, "
                          "shared out among the --workers, at least one each; 0: in the server "
                          "process itself; see docs/server-load.rst)"))
    p.add_argument("--forwarded-allow-ips", metavar="ADDRESSES", default=None,
                   help=_("comma-separated addresses or networks of the proxies (nginx) whose "
                          "X-Forwarded-For and X-Forwarded-Proto headers are believed, so the "
                          "limits per client count real clients rather than the proxy; '*' "
                          "trusts any sender (by default $FORWARDED_ALLOW_IPS, else 127.0.0.1: "
                          "a proxy on this machine)"))
    p.add_argument("--position", metavar="FILE", action="append", default=[],
                   help=_("offer a JSON position as a starting point in the new-game form "
                          "(named after the file; repeat for more)"))
    p.add_argument("--computer-time", metavar="SECONDS", type=float, default=COMPUTER_TIME,
                   help=_("against the computer, hold each batch of replies this long, so the "
                          "time the computer took tells nothing (0: answer at once)"))
    p.set_defaults(run=run)


def positions(paths: list[str]) -> dict[str, dict]:
    found = {}
    for path in paths:
        data = safejson.load_file(path, "position")
        if not isinstance(data, dict):
            raise ValueError(_("{file}: not a position (expected a JSON object)").format(
                file=path))
        found[os.path.splitext(os.path.basename(path))[0]] = data
    return found


def trusted_proxies(text: str | None) -> str | None:
    """``--forwarded-allow-ips`` checked: ``*`` or addresses and networks, comma-separated
    (``None``: uvicorn's own default)."""
    if text is None:
        return None
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or len(items) > 256:
        raise ValueError(_("--forwarded-allow-ips: expected '*' or 1 to 256 addresses or "
                           "networks, separated by commas"))
    for item in items:
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ValueError(_("--forwarded-allow-ips: {item} is not an address or a network "
                               "(such as 10.0.0.5 or 10.0.0.0/24)").format(
                                   item=short(item))) from None
    return ",".join(items)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.computer_time <= MAX_COMPUTER_TIME:
        raise ValueError(_("--computer-time: expected seconds from 0 to {most}").format(
            most=int(MAX_COMPUTER_TIME)))
    proxies = trusted_proxies(args.forwarded_allow_ips)
    try:
        import uvicorn

        from ..web import default_db_path
        from ..web.store import StoreError
    except ImportError:
        raise ValueError(missing()) from None
    from .serve_workers import Settings, build, prepare, run_workers

    thinkers = args.thinkers
    if thinkers is None and args.workers > 1:
        from ..web.thinking import automatic

        # The machine's share for thinking is split between the server processes.
        thinkers = max(1, -(-automatic() // args.workers))
    settings = Settings(db=args.db or default_db_path(), positions=positions(args.position),
                        computer_time=args.computer_time, thinkers=thinkers, lang=current())
    if args.workers > 1:
        # Checked, and with --init prepared, once here, before the processes share it.
        where = prepare(settings, args.workers, args.init)
        print(_("legends: serving on {address} with {workers} server processes (games kept "
                "in {store})").format(address=f"http://{args.host}:{args.port}/",
                                      workers=args.workers, store=where), flush=True)
        run_workers(settings, args.workers, args.host, args.port, proxies)
        return 0
    try:
        app = build(settings, args.init)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    store = app.state.server.store
    for note in store.notes:
        print(f"legends: {note}", flush=True)
    print(_("legends: serving on {address} (games kept in {store})").format(
        address=f"http://{args.host}:{args.port}/", store=store.where), flush=True)
    from ..web.wire import UVICORN
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", proxy_headers=True,
                forwarded_allow_ips=proxies, **UVICORN)
    return 0
