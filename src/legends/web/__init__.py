"""Play in the browser: a small web server (Starlette under uvicorn, with websockets) and page.

Install with ``pip install 'legends[web]'`` and start it with ``legends serve``. A person plays
against a computer player, or two people play each other from two browsers with a game code.

The design follows the library's information model: the server keeps the only full game, and
everything it sends to a browser is built from that seat's own view
(:mod:`legends_core.visibility`); a browser holds a seat token and can act only for that seat.
Games live in an SQLite file (:mod:`.store`), so a restart or a reload loses nothing.

The kernel never imports this package.
"""

from .app import create_app, default_db_path

__all__ = ["create_app", "default_db_path"]
