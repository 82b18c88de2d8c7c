"""``legends serve`` in processes of its own, for the tests that need real server processes
(nginx in front of several, or ``--workers N``): start one, wait until it answers, stop it,
and tell which process holds a given connection (from Linux's /proc).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, TextIO

HOST = "127.0.0.1"
SRC = Path(__file__).resolve().parents[1] / "src"
START_TIME = 60.0  # seconds a server may take to answer
STOP_TIME = 20.0   # seconds it may take to stop before it is killed
WAIT = 20.0        # seconds a client waits for one message


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Served:
    """One ``legends serve`` command run in the background, its output in a file."""

    def __init__(self, log: Path, *args: str) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.log_path = log
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
        env.pop("LEGENDS_SERVE", None)
        self._log: TextIO = log.open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "legends.cli", "serve", "--host", HOST, "--port",
             str(self.port), "--computer-time", "0", *args],
            stdout=self._log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + START_TIME
        while not self.answers():
            assert self.proc.poll() is None, f"the server stopped: {self.output()}"
            assert time.monotonic() < deadline, f"the server did not answer: {self.output()}"
            time.sleep(0.1)

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "/api/options", timeout=5) as res:
                return bool(res.status == 200)
        except OSError:
            return False

    def output(self) -> str:
        self._log.flush()
        return self.log_path.read_text()

    def workers(self) -> list[int]:
        """The server processes uvicorn's supervisor (this command) runs now (not
        multiprocessing's helper process, which it also starts)."""
        return [pid for pid in children(self.proc.pid) if b"spawn_main" in cmdline(pid)]

    def stop(self) -> str:
        """Stop it as a service manager would (SIGTERM); its whole output."""
        left = children(self.proc.pid)
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=STOP_TIME)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for pid in left:  # any the supervisor could not stop (it was killed)
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        self._log.close()
        return self.log_path.read_text()


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def holder(conn: socket.socket, pids: list[int]) -> int | None:
    """Which of ``pids`` holds the server's end of the TCP connection ``conn`` (ours)."""
    ours = conn.getsockname()[1]
    theirs = conn.getpeername()[1]
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            local, remote, inode = fields[1], fields[2], fields[9]
            if int(local.rsplit(":", 1)[1], 16) == theirs and \
                    int(remote.rsplit(":", 1)[1], 16) == ours:
                inodes.add(f"socket:[{inode}]")
    for pid in pids:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                    return pid
            except OSError:
                continue
    return None


def post(url: str, body: dict[str, Any], source: str | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """POST JSON; the status and the JSON answer (from ``source``, a local address, if
    given, and with ``headers`` besides the content type)."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or HOST, parts.port, timeout=WAIT,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request("POST", parts.path, json.dumps(body),
                     {"Content-Type": "application/json", **(headers or {})})
        res = conn.getresponse()
        return res.status, json.loads(res.read() or b"{}")
    finally:
        conn.close()


class Seat:
    """One browser's websocket on a game: it says hello with its seat token, then reads the
    states it is sent and answers the decisions they ask of it."""

    def __init__(self, url: str, code: str, token: str, origin: str | None = None) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"{url.replace('http', 'ws', 1)}/ws/{code}", open_timeout=WAIT,
                          max_size=None, origin=origin).__enter__()  # type: ignore[arg-type]
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        welcome = self.receive()
        assert welcome["type"] == "welcome", welcome
        #: the latest state message
        self.state = self.next_state()
        #: the actions this seat sent (and the server took: each was followed by a state)
        self.sent: list[str] = []

    def receive(self) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=WAIT))
        assert message["type"] != "error", message
        return dict(message)

    def next_state(self) -> dict[str, Any]:
        while (message := self.receive())["type"] != "state":
            pass
        self.state = message
        return message

    @property
    def over(self) -> bool:
        return bool(self.state["view"]["over"])

    @property
    def asked(self) -> bool:
        return bool(self.state["view"]["options"]) and not self.over

    def answer(self) -> None:
        """Answer the decision the latest state asks (its first option)."""
        action = self.state["view"]["options"][0]
        self.ws.send(json.dumps({"type": "action", "action": action,
                                 "decision": self.state["decision"]}))
        self.sent.append(action)

    def close(self) -> None:
        self.ws.close()
