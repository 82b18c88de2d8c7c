"""A throwaway PostgreSQL server for the store tests: a new cluster in a temporary folder
(initdb), started with pg_ctl, listening only on a unix socket in that folder, and removed at
the end. Run as root, the server runs as the ``postgres`` user (or ``nobody``), since
PostgreSQL refuses to run as root. Needs Debian's ``postgresql`` package (installed by
scripts/install-test-deps.sh)."""

from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from typing import Any

MISSING = ("PostgreSQL is not installed (no initdb/pg_ctl found on PATH or in "
           "/usr/lib/postgresql/*/bin): run scripts/install-test-deps.sh, which installs "
           "Debian's postgresql package")


def pg_tool(name: str) -> str | None:
    """The newest installed PostgreSQL program ``name`` (Debian keeps them off PATH)."""
    found = glob.glob(f"/usr/lib/postgresql/*/bin/{name}")
    if found:
        def version(path: str) -> tuple[int, ...]:
            return tuple(int(n) for n in re.findall(r"\d+", path.split("/")[4]))
        return max(found, key=version)
    return shutil.which(name)


class Cluster:
    """One running PostgreSQL cluster; :meth:`database` makes a new empty database in it."""

    def __init__(self) -> None:
        initdb, self.pg_ctl = pg_tool("initdb"), pg_tool("pg_ctl")
        if initdb is None or self.pg_ctl is None:
            raise RuntimeError(MISSING)
        self.user: dict[str, Any] = {}
        owner = None
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                try:
                    owner = pwd.getpwnam(name)
                    break
                except KeyError:
                    continue
            if owner is None:
                raise RuntimeError("running as root, but there is no 'postgres' or 'nobody' "
                                   "user to run PostgreSQL as")
            self.user = {"user": owner.pw_uid, "group": owner.pw_gid}
        self.dir = tempfile.mkdtemp(prefix="legends-pg-")
        if owner is not None:
            os.chown(self.dir, owner.pw_uid, owner.pw_gid)
        self.data = os.path.join(self.dir, "data")
        self.log = os.path.join(self.dir, "server.log")
        self._run([initdb, "-D", self.data, "-U", "postgres", "--auth=trust", "--no-sync",
                   "-E", "UTF8", "--locale=C"])
        options = f"-k {self.dir} -c listen_addresses='' -c fsync=off -p 5432"
        self._run([self.pg_ctl, "-D", self.data, "-l", self.log, "-w", "-o", options, "start"])
        self.count = 0

    def _run(self, command: list[str]) -> None:
        done = subprocess.run(command, cwd=self.dir, capture_output=True, text=True,
                              **self.user)
        if done.returncode != 0:
            log = ""
            if os.path.exists(self.log):
                with open(self.log) as f:
                    log = f.read()[-2000:]
            raise RuntimeError(f"{' '.join(command[:2])} failed: {done.stderr.strip()} {log}")

    def url(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.dir}"

    def database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        self.count += 1
        name = f"legends_test_{self.count}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run([self.pg_ctl, "-D", self.data, "-m", "immediate", "-w", "stop"])
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
