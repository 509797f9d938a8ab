"""The command line of every tool (the game, the simulator, the solver, the conformance runner,
the text mode): a refusal is one line and exit code 2, ``--help`` gives the rest
(docs/dev/bad-inputs.md); what a person typed (a path, a name) is shown with its control
characters escaped (:func:`shown`), so that a refusal is one line a terminal prints as it is."""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import NoReturn

from rami_desktop.net.transport.address_check import host_name
from rami_desktop.net.wire.codes import read_code
from rami_desktop.storage.atomic import NotAFileError, read_regular_file
from rami_desktop.storage.names import MAX_NAME_LENGTH


class OneLineParser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` that refuses a bad command line in one line, on
    standard error, with exit code 2 (argparse's own prints its whole usage block)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {shown(message)} (--help for the usage)\n")

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


def shown(text: object) -> str:
    """Text as a one-line message shows it: every character that is not printable (ESC, NUL, a
    line break, a bidi control, a lone surrogate) as its escape (``\\x1b``), the rest as it is
    (letters of every script included)."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in str(text))


def given(text: str) -> str:
    """An argparse type: any text but an empty one (an empty value is never taken for a
    missing one, which means something else)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty value (leave the flag out instead)")
    return text


@contextlib.contextmanager
def quiet_logs() -> Iterator[None]:
    """While it lasts, a record logged before any log is set up is dropped rather than printed
    on standard error beside a tool's one line (the game's log file takes them once open)."""
    root = logging.getLogger()
    if root.handlers:
        yield
        return
    null = logging.NullHandler()
    root.addHandler(null)
    try:
        yield
    finally:
        root.removeHandler(null)


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


def seconds(low: float, high: float, *, above: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds from ``low`` (excluded when ``above``) to
    ``high`` (``nan``, ``inf`` or out of range: a one-line refusal)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number") from exc
        if not math.isfinite(value) or not low <= value <= high or (above and value == low):
            floor = f"over {low:g}" if above else f"{low:g}"
            raise argparse.ArgumentTypeError(f"must be {floor} to {high:.0f} seconds")
        return value

    return parse


def hours(high: float) -> Callable[[str], float]:
    """An argparse type: a finite number of hours from 0 to ``high`` (else a one-line
    refusal)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number") from exc
        if not math.isfinite(value) or not 0 <= value <= high:
            raise argparse.ArgumentTypeError(f"must be 0 to {high:g} hours")
        return value

    return parse


def player_name(text: str) -> str:
    """An argparse type: a name at the table, at most :data:`MAX_NAME_LENGTH` characters with
    no control character (else a one-line refusal: never cut into another name)."""
    if len(text) > MAX_NAME_LENGTH:
        raise argparse.ArgumentTypeError(f"a name is at most {MAX_NAME_LENGTH} characters "
                                         f"(this one has {len(text)})")
    if not all(c.isprintable() for c in text):
        raise argparse.ArgumentTypeError("a name holds no control character")
    return text.strip()


def table_code(text: str) -> str:
    """An argparse type: a table code by the one rule (:mod:`rami_desktop.net.wire.codes`: spaces
    and hyphens between its signs dropped, letters made capitals); anything else, a control
    character or nothing at all, is a one-line refusal (never repaired into another code)."""
    try:
        return read_code(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def listen_address(text: str) -> str:
    """An argparse type: the address a host listens on, an IPv4 or IPv6 literal (``::1``,
    ``[::]``) or a host name; empty (which would listen on every address) or malformed is a
    one-line refusal."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty address (leave --listen out to listen on "
                                         "every address)")
    try:
        return host_name(text.strip())
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


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
