"""Play in the browser: a small web server (Starlette under uvicorn, with websockets) and page.

Install with ``pip install 'legends[web]'`` and start it with ``legends serve``. A person plays
against a computer player, or two people play each other from two browsers with a game code.

The design follows the library's information model: the server keeps the only full game, and
everything it sends to a browser is built from that seat's own view
(:mod:`legends_core.visibility`); a browser holds a seat token and can act only for that seat.
Games live in an SQLite file (:mod:`.store`), so a restart or a reload loses nothing.

The kernel never imports this package.
"""

from typing import Any

__all__ = ["create_app", "default_db_path"]


def __getattr__(name: str) -> Any:
    # The app (and Starlette) load when first asked for, so that the building blocks here
    # without a server (the move list, for ``legends play``) work without the 'web' extra.
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
