"""Where a measurement comes from: the commit, the machine, the date, and the page that says so.

A figure in the documentation is written by the tool that measured it, never by hand: the tool
calls :func:`write_page` with what it printed, and the page under ``docs/dev/measurements/``
names the commit, the command, the machine and the date beside the figures.
"""

from __future__ import annotations

import contextlib
import os
import platform
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MEASUREMENTS = ROOT / "docs" / "dev" / "measurements"


def machine() -> str:
    """This machine in one line: system, processor, cores, Python."""
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return (f"{platform.system()} {platform.release()}, {model or platform.machine()}, "
            f"{os.cpu_count()} cores, Python {platform.python_version()}")


def commit() -> str:
    """The commit measured (``+`` when the tree has changes)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=False).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+" if git("status", "--porcelain", "--untracked-files=no") else "")


def now() -> str:
    """The date and time, UTC, to the minute."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())


def write_page(path: Path, title: str, intro: Sequence[str], command: Sequence[str],
               lines: Sequence[str], measured_at: str | None = None,
               started: str | None = None, fenced: bool = True) -> None:
    """Write a measurement page: what was run, where, when, and the figures as printed.

    Args:
        path: the page (its folder is made if needed).
        title: the page's title.
        intro: the lines that say what is measured and how to read it.
        command: the command as run (the tool's path first, then its arguments).
        lines: the figures, as the tool printed them.
        measured_at: the commit measured (default: now's, taken when the run started is
            better: pass :func:`commit` read then).
        started: when the run started (default: now).
        fenced: the figures as printed text (a Markdown table is given with ``False``).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    page = [
        f"# {title}",
        "",
        *intro,
        "",
        f"- commit: `{measured_at or commit()}`",
        f"- command: `{shlex.join(command)}`",
        f"- machine: {machine()}",
        f"- date: {started or now()}",
        "",
        *(["```", *lines, "```"] if fenced else lines),
        "",
    ]
    path.write_text("\n".join(page), encoding="utf-8")


def label_of(rev: str) -> str | None:
    """A commit as the figures name it: its short hash, or ``main@abc1234`` for a name that
    moves (a branch); None: no such commit."""
    short = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True,
                           text=True, check=False).stdout.strip()
    if not short:
        return None
    return short if rev == "HEAD" or short.startswith(rev) else f"{rev}@{short}"


def write_docs(path: Path, title: str, intro: Sequence[str], tool: str,
               argv: Sequence[str] | None, lines: Sequence[str], measured_at: str,
               started: str) -> None:
    """:func:`write_page` for a tool run as ``tools/<tool's file> <argv>`` (None: this
    process's arguments), then say so."""
    write_page(path, title, intro,
               [f"tools/{Path(tool).name}", *(argv if argv is not None else sys.argv[1:])],
               lines, measured_at=measured_at, started=started)
    print(f"wrote {path}", flush=True)
