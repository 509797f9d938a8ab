"""The command line of every tool (the game, the simulator, the solver, the conformance runner,
the text mode): a refusal is one line and exit code 2, ``--help`` gives the rest
(docs/bad-inputs.md)."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import string
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from rami_desktop.storage.atomic import NotAFileError, read_regular_file

#: what a table code may hold as typed: letters and digits, spaces and hyphens between them
_CODE_CHARS = frozenset(string.ascii_letters + string.digits)
_CODE_SEPARATORS = frozenset(" -")


class OneLineParser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` that refuses a bad command line in one line, on
    standard error, with exit code 2 (argparse's own prints its whole usage block)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (--help for the usage)\n")

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        """As argparse's, but ``--flag=--`` is refused: argparse drops the ``--`` and gives
        the flag an empty list, never passed to its type."""
        parsed, rest = super().parse_known_args(args, namespace)
        for action in self._actions:
            value = getattr(parsed, action.dest, None)
            if isinstance(action, argparse._AppendAction):  # a list of values: none a list
                empty = isinstance(value, list) and any(isinstance(v, list) for v in value)
            else:
                empty = isinstance(value, list) and action.default is not value
            if action.nargs is None and action.option_strings and empty:
                self.error(f"argument {'/'.join(action.option_strings)}: expected one argument")
        return parsed, rest


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


def table_code(text: str) -> str:
    """An argparse type: a table code, 4 to 12 ASCII letters and digits (spaces and hyphens
    between them are dropped, letters made capitals); anything else, a control character or
    nothing at all, is a one-line refusal (never repaired into another code)."""
    bad = sorted({c for c in text if c not in _CODE_CHARS and c not in _CODE_SEPARATORS})
    if bad:
        raise argparse.ArgumentTypeError(f"the code holds {''.join(bad[:3])!r}: only letters "
                                         "and digits")
    code = "".join(c for c in text if c in _CODE_CHARS).upper()
    if not 4 <= len(code) <= 12:
        raise argparse.ArgumentTypeError("the code must be 4 to 12 letters and digits")
    return code


def regular_file(limit: int) -> Callable[[str], str]:
    """An argparse type: the name of a regular file of at most ``limit`` bytes (a FIFO, a
    device, a folder, a missing or too large file is a one-line refusal, at once: the file is
    opened without blocking). The name is kept, for a library that opens it itself."""

    def check(path: str) -> str:
        if os.path.isdir(path):
            raise argparse.ArgumentTypeError(f"{path}: is a folder, not a file")
        try:
            data = read_regular_file(path, limit)
        except FileNotFoundError as exc:
            raise argparse.ArgumentTypeError(f"{path}: no such file") from exc
        except NotAFileError as exc:
            raise argparse.ArgumentTypeError(
                f"{path}: not a regular file (a FIFO or a device)") from exc
        except (OSError, ValueError) as exc:
            raise argparse.ArgumentTypeError(
                f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from exc
        if len(data) > limit:
            raise argparse.ArgumentTypeError(f"{path}: larger than {limit // 1024} KB")
        return path

    return check
