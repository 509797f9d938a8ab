"""Headless hosts started cheaply, many times: forked from one process that imported the host
once (a start costs a fork, not Python's start and the imports), killed with SIGKILL and reaped
by it, so that a soak of many kills stays a few seconds of CPU.

The forking process reads one JSON request a line on its stdin and answers one line: ``start``
(the host's arguments, where its output goes: answers its pid) and ``kill`` (a pid: SIGKILL,
then waited for: answers once it is gone, its lock and port with it).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

from tests.net.test_commands import LIMIT, REPO, env

FORKER = r"""
import json, os, signal, sys
import rami_desktop.commands.host as host
for line in sys.stdin:
    ask = json.loads(line)
    if ask["do"] == "start":
        pid = os.fork()
        if pid == 0:
            null = os.open(os.devnull, os.O_RDONLY)
            out = os.open(ask["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            err = os.open(ask["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(null, 0)
            os.dup2(out, 1)
            os.dup2(err, 2)
            code = 1
            try:
                code = host.main(ask["argv"])
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        print(pid, flush=True)
    elif ask["do"] == "kill":
        try:
            os.kill(ask["pid"], signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(ask["pid"], 0)
        except ChildProcessError:
            pass
        print("gone", flush=True)
"""


class HostForks:
    """The forking process (a context manager: ended with it).

    Args:
        home: the hosts' settings folder, and where their output files go.
    """

    def __init__(self, home: Path) -> None:
        home.mkdir(parents=True, exist_ok=True)
        self.home = home
        self._count = 0
        self._proc = subprocess.Popen([sys.executable, "-c", FORKER], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True, cwd=REPO,
                                      env=env(home))

    def _ask(self, **ask: object) -> str:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.write(json.dumps(ask) + "\n")
        self._proc.stdin.flush()
        return self._proc.stdout.readline().strip()

    def start(self, *argv: str) -> tuple[int, int, str]:
        """Start a host; return its pid, its port and its (first) table's code."""
        self._count += 1
        out = self.home / f"out-{self._count}.txt"
        err = self.home / f"err-{self._count}.txt"
        pid = int(self._ask(do="start", argv=list(argv), out=str(out), err=str(err)))
        deadline = time.monotonic() + LIMIT
        while True:
            text = out.read_text() if out.exists() else ""
            if "\n" in text:
                break
            assert time.monotonic() < deadline, err.read_text() if err.exists() else ""
            time.sleep(0.005)
        first = text.splitlines()[0]
        assert first.startswith("table"), (first, err.read_text())
        return pid, int(first.split(" on port ")[1].split()[0]), first.split()[1]

    def kill(self, pid: int) -> None:
        """SIGKILL a host and wait until it is gone."""
        assert self._ask(do="kill", pid=pid) == "gone"

    def __enter__(self) -> HostForks:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait(LIMIT)
        if self._proc.stdout is not None:
            self._proc.stdout.close()
