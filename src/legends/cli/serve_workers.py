"""The server processes of ``legends serve``: one in the command's own process, or
``--workers N`` started and watched over by uvicorn's supervisor on one port.

With ``--workers N`` the command's process binds the port and becomes the supervisor; uvicorn
starts N fresh Python processes that share the listening socket, and starts a new one whenever
one dies. Each builds its application with :func:`app`, from the settings the command left in
the ``LEGENDS_SERVE`` environment variable (JSON), since a process started afresh has no other
way to learn them. The processes hold nothing another could not read from the store, so any
of them may serve any game; that is why they need a store they can share (PostgreSQL).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import attrs

from ..i18n import _, choose, from_environment, language

ENV = "LEGENDS_SERVE"
#: The default beat, as ``legends.web.app.COMPUTER_TIME`` (not imported from there: this module
#: loads without the web extra, to say that it is missing)
COMPUTER_TIME = 0.4


@attrs.frozen
class Settings:
    """What every server process is built from (the command line, already checked)."""

    db: str
    positions: dict[str, Any] = attrs.field(factory=dict)
    computer_time: float = COMPUTER_TIME
    thinkers: int | None = None
    #: the language the processes write their lines in (``legends --lang``, or the
    #: environment's)
    lang: str = "en"

    def to_json(self) -> str:
        return json.dumps(attrs.asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Settings:
        data = json.loads(text)
        if not isinstance(data, dict) or not isinstance(data.get("db"), str):
            raise ValueError(_("{variable}: expected the settings 'legends serve' writes")
                             .format(variable=ENV))
        return cls(db=data["db"], positions=dict(data.get("positions") or {}),
                   computer_time=float(data.get("computer_time", COMPUTER_TIME)),
                   thinkers=data.get("thinkers"), lang=choose(data.get("lang")))


def build(settings: Settings, init: bool = False) -> Any:
    """The application of one server process (``init``: start a new store if there is no
    usable one, as ``--init`` does).

    :raises StoreError: the store cannot be used."""
    from ..web import create_app

    return create_app(db_path=settings.db, positions=settings.positions, init=init,
                      computer_time=settings.computer_time, thinkers=settings.thinkers,
                      collector=True)


def prepare(settings: Settings, workers: int, init: bool) -> str:
    """Before ``workers`` processes start on the store: refuse one they cannot share, check
    it (and with ``init`` start it) once, and say where the games are kept.

    :raises ValueError: the store is SQLite, or cannot be used (one line saying why).
    """
    from ..web.store import StoreError, is_url, open_store

    if not is_url(settings.db):
        raise ValueError(_(
            "--workers {workers} needs a PostgreSQL store (--db {url}): the server processes "
            "share every game through it, and an SQLite store ({store}) is kept by one "
            "process; with SQLite, leave out --workers").format(
                workers=workers, url="postgresql://USER@HOST/DATABASE", store=settings.db))
    try:
        store = open_store(settings.db, init=init)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    try:
        for note in store.notes:
            print(f"legends: {note}", flush=True)
        return str(store.where)
    finally:
        store.close()


def run_workers(settings: Settings, workers: int, host: str, port: int,
                proxies: str | None) -> None:
    """Serve on ``host:port`` with ``workers`` processes until stopped (Ctrl-C, SIGTERM)."""
    import uvicorn

    os.environ[ENV] = settings.to_json()  # the processes uvicorn starts inherit it
    from ..web.wire import UVICORN

    uvicorn.run(f"{__name__}:app", factory=True, workers=workers, host=host, port=port,
                log_level="warning", proxy_headers=True, forwarded_allow_ips=proxies, **UVICORN)


def app() -> Any:
    """uvicorn's factory for one of the ``--workers`` processes: the application, built from
    ``LEGENDS_SERVE``. A process that cannot open the store says so on one line and exits
    with status 1, so the supervisor starts another (the store may be back by then)."""
    from ..web.store import StoreError

    raw = os.environ.get(ENV)
    if raw is None:
        with language(from_environment()):
            raise SystemExit(_("legends: {variable} is not set: start the server with "
                               "'legends serve'").format(variable=ENV))
    try:
        settings = Settings.from_json(raw)
    except ValueError as exc:
        raise SystemExit(f"legends: {exc}") from None
    with language(settings.lang):
        try:
            made = build(settings)
        except (StoreError, ValueError) as exc:
            print(_("legends: server process {process} could not start: {problem}").format(
                process=os.getpid(), problem=exc), file=sys.stderr, flush=True)
            raise SystemExit(1) from None
        print(_("legends: server process {process} started").format(process=os.getpid()),
              flush=True)
    return made
