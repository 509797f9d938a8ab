"""The command line of every tool (the game, the simulator, the solver, the conformance runner,
the text mode): a refusal is one line and exit code 2, ``--help`` gives the rest
(docs/bad-inputs.md)."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Callable
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` that refuses a bad command line in one line, on
    standard error, with exit code 2 (argparse's own prints its whole usage block)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (--help for the usage)\n")


def safe_output() -> None:
    """Let standard output and error print any text: what cannot be encoded (a lone surrogate
    read from a file, any character on a narrow console) is written as an escape, not raised."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError):  # a closed stream
                stream.reconfigure(errors="backslashreplace")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (else a one-line refusal)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError as exc:  # not a number, or thousands of digits
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from exc
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}")
        return value

    return parse
