"""``legends backup``: copy the play server's SQLite store, safely while the server runs."""

from __future__ import annotations

import argparse

from ..i18n import _


def description() -> str:
    return _("""\
Copy the games store of 'legends serve' to a new file with SQLite's online backup: safe
while the server runs (the copy is the store at one moment, every game whole) and whole on its
own (no -wal file beside it). To restore: stop the server, move the broken file and its -wal
and -shm files aside, put the copy in its place (or start 'legends serve --db COPY').
A PostgreSQL store is backed up with PostgreSQL's own tools (pg_dump).""")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("backup",
                       help=_("copy the play server's games store (safe while it runs)"),
                       description=description())
    p.add_argument("--db", metavar="PATH", default=None,
                   help=_("the SQLite store to copy (default: the one 'legends serve' uses, "
                          "games.sqlite3 in your data folder)"))
    p.add_argument("--to", metavar="COPY", required=True,
                   help=_("the new file to write (an existing file is never overwritten)"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from ..web import default_db_path
        from ..web.store import StoreError, backup
    except ImportError:
        raise ValueError(_("'legends backup' needs the 'web' extra: {command}").format(
            command="pip install 'legends[web]'")) from None
    db = args.db or default_db_path()
    try:
        games, actions = backup(db, args.to)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    print(_("legends: backed up {games} games ({actions} actions) from {store} to {copy}").format(
        games=games, actions=actions, store=db, copy=args.to))
    return 0
