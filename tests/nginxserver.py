"""A throwaway nginx for the tests: Debian's nginx program (installed by
scripts/install-test-deps.sh), run in the foreground as a child of the test with a folder of its
own for its configuration, pid file, logs and temporary files, listening on a free port of
127.0.0.1, and stopped at the end. The site configuration is the documented one,
docs/deploy/nginx.conf, with the test's ports put in place of the example addresses.

Only the frame around it is the test's: the main configuration a distribution ships
(processes, logs, temporary paths) and an access log naming the server process each request
went to (``$upstream_addr``), which is how the tests see where nginx sent what.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

DOCUMENTED = Path(__file__).resolve().parents[1] / "docs" / "deploy" / "nginx.conf"
MISSING = ("nginx is not installed (no nginx on PATH or in /usr/sbin): run "
           "scripts/install-test-deps.sh, which installs Debian's nginx package")
START_TIME = 30.0  # seconds nginx may take to listen
STOP_TIME = 10.0

MAIN = """\
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log notice;
events {{
    worker_connections 512;
}}
http {{
    log_format legends '$request_method $uri $status $upstream_addr';
    access_log {dir}/access.log legends;
    client_body_temp_path {dir}/client_body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    include {dir}/legends.conf;
}}
"""


def nginx_program() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def site(backends: list[str], port: int, sticky: bool = False) -> str:
    """The documented site configuration, listening on 127.0.0.1:``port`` and sending to
    ``backends`` (``HOST:PORT``); with ``sticky``, its optional hashing by game code on."""
    text = DOCUMENTED.read_text()
    examples = re.findall(r"^    server 10\.0\.0\.\d+:8000( [^;\n]*)?;\n", text, re.M)
    assert len(examples) == 2, "docs/deploy/nginx.conf: expected two example servers"
    params = examples[0]
    ours = "".join(f"    server {b}{params};\n" for b in backends)
    text = re.sub(r"^    server 10\.0\.0\.11:8000[^\n]*\n", lambda _: ours, text, flags=re.M)
    text = re.sub(r"^    server 10\.0\.0\.\d+:8000[^\n]*\n", "", text, flags=re.M)
    text, listens = re.subn(r"^    listen 80;$", f"    listen 127.0.0.1:{port};", text,
                            flags=re.M)
    assert listens == 1, "docs/deploy/nginx.conf: expected one 'listen 80;'"
    if sticky:
        text, hashes = re.subn(r"^    #hash \$legends_game consistent;$",
                               "    hash $legends_game consistent;", text, flags=re.M)
        assert hashes == 1, "docs/deploy/nginx.conf: expected the optional hash line"
    return text


class Nginx:
    """One running nginx in front of ``backends``; ``url`` is where it listens."""

    def __init__(self, backends: list[str], sticky: bool = False) -> None:
        program = nginx_program()
        if program is None:
            raise RuntimeError(MISSING)
        self.dir = Path(tempfile.mkdtemp(prefix="legends-nginx-"))
        if os.geteuid() == 0:
            # Run as root, nginx serves from unprivileged worker processes, which must reach
            # the temporary folders nginx makes for them in here.
            self.dir.chmod(0o755)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        (self.dir / "legends.conf").write_text(site(backends, self.port, sticky))
        (self.dir / "nginx.conf").write_text(MAIN.format(dir=self.dir))
        command = [program, "-p", str(self.dir), "-c", str(self.dir / "nginx.conf"),
                   "-e", str(self.dir / "error.log")]
        checked = subprocess.run([*command, "-t", "-q"], capture_output=True, text=True)
        if checked.returncode != 0:
            shutil.rmtree(self.dir, ignore_errors=True)
            raise RuntimeError(f"nginx -t refused the configuration: {checked.stderr.strip()}")
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_TIME
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"nginx did not start: {self.errors()}") from None
                time.sleep(0.05)

    def errors(self) -> str:
        path = self.dir / "error.log"
        return path.read_text()[-3000:] if path.exists() else ""

    def access(self) -> list[tuple[str, str, str, str]]:
        """The requests nginx finished so far: method, path, status, upstream address (a
        websocket's line is written when it closes)."""
        path = self.dir / "access.log"
        lines = path.read_text().splitlines() if path.exists() else []
        return [tuple(line.split(" ", 3)) for line in lines]  # type: ignore[misc]

    def stop(self) -> None:
        try:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGTERM)  # nginx's fast shutdown
                try:
                    self.proc.wait(timeout=STOP_TIME)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
