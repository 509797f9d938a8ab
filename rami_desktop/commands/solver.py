"""Solve hands from the command line: ``python -m rami_desktop.solver [--json] [--preset P] -``.

Reads one hand per line (card codes separated by spaces) from the files given (``-``: standard
input, the default) and prints, per hand, the best joker-free opening and the least penalty
arrangement. With ``--json`` each line is one JSON object; a bad line gives
``{"error": "..."}`` and the run goes on, exiting 2 at the end. Blank lines and lines starting
with ``#`` are skipped. A file that cannot be read (missing, a folder, a FIFO or a device, over
1 MB, not UTF-8) or a line over 4,096 characters gets one line on standard error and the exit
code 2. The work is done by :mod:`rami_desktop.engine.solver`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TextIO

from ..engine.cards import Card, CardCodeError, codes, deck_excess, parse_cards
from ..engine.rules import PRESETS, Rules
from ..engine.solver import Arrangement, Opening, best_opening, least_penalty
from ..storage.atomic import NotAFileError, read_regular_file
from .arguments import OneLineParser, safe_output, shown, whole_number

#: The largest hand a game can produce: 15 cards dealt at most (``Rules.hand_size`` is 3 to 15)
#: plus the card drawn (or the starter's extra card). Larger hands are refused, not solved.
MAX_CARDS = 15 + 1
#: The largest file of hands read, and the longest line (a hand of 16 cards takes 48).
MAX_BYTES = 1024 * 1024
MAX_LINE = 4096


class HandError(ValueError):
    """A line is not a hand."""


def parse_hand(line: str) -> tuple[Card, ...]:
    """Parse one line of card codes.

    Raises:
        HandError: unknown code, too many copies of a card, or too many cards.
    """
    try:
        hand = parse_cards(line.split())
    except CardCodeError as exc:
        raise HandError(f"unknown card code {str(exc)!r}") from exc
    extra = deck_excess(hand)
    if extra is not None:
        raise HandError(f"too many copies of {extra.code}")
    if len(hand) > MAX_CARDS:
        raise HandError(f"{len(hand)} cards: no hand in a game holds more than {MAX_CARDS}")
    return hand


def solve_line(line: str, rules: Rules, keep: int = 0) -> dict[str, Any]:
    """Return the JSON-ready answer for one line (``{"error": ...}`` if the line is bad)."""
    try:
        hand = parse_hand(line)
    except HandError as exc:
        return {"error": str(exc)}
    opening = best_opening(hand, ace_value=rules.ace_value)
    arrangement = least_penalty(hand, rules, keep=keep)
    return {
        "hand": codes(hand),
        "opening": _opening_json(opening),
        "least_penalty": _arrangement_json(arrangement),
    }


def _opening_json(opening: Opening | None) -> dict[str, Any] | None:
    if opening is None:
        return None
    return {
        "points": opening.points,
        "melds": [m.codes() for m in opening.melds],
        "rest": codes(opening.rest),
    }


def _arrangement_json(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "penalty": arrangement.penalty,
        "melds": [m.codes() for m in arrangement.melds],
        "rest": codes(arrangement.rest),
    }


def format_answer(answer: dict[str, Any]) -> str:
    """Return a readable line for an answer of :func:`solve_line`."""
    if "error" in answer:
        return f"error: {answer['error']}"

    def melds(ms: Iterable[list[str]]) -> str:
        return " ".join("[" + " ".join(m) + "]" for m in ms)

    parts = [" ".join(answer["hand"]), "->"]
    op = answer["opening"]
    if op is None:
        parts.append("no opening;")
    else:
        parts.append(f"opening {op['points']}: {melds(op['melds'])};")
    lp = answer["least_penalty"]
    parts.append(f"least penalty {lp['penalty']}: {melds(lp['melds'])}")
    if lp["rest"]:
        parts.append("rest " + " ".join(lp["rest"]))
    return " ".join(parts)


class InputError(Exception):
    """A file of hands cannot be read (the message says which and why)."""


def _stdin_lines(stdin: TextIO) -> Iterator[str]:
    """The lines of standard input, each at most ``MAX_LINE`` characters.

    Raises:
        InputError: a longer line (``/dev/zero`` never ends one), or text that is not UTF-8.
    """
    while True:
        try:
            line = stdin.readline(MAX_LINE + 1)
        except UnicodeDecodeError as exc:
            raise InputError("standard input: not UTF-8 text") from exc
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            raise InputError(f"standard input: a line longer than {MAX_LINE} characters")
        yield line


def _file_lines(path: str) -> list[str]:
    """The lines of a file of hands.

    Raises:
        InputError: missing, a folder, not a regular file, too large, unreadable or not UTF-8.
    """
    if os.path.isdir(path):
        raise InputError(f"{path}: is a folder, not a file of hands")
    try:
        raw = read_regular_file(path, MAX_BYTES)
    except FileNotFoundError as exc:
        raise InputError(f"{path}: no such file") from exc
    except NotAFileError as exc:
        raise InputError(f"{path}: not a regular file (a FIFO or a device)") from exc
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    if len(raw) > MAX_BYTES:
        raise InputError(f"{path}: larger than {MAX_BYTES // 1024} KB")
    try:
        return raw.decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text") from exc


def _lines(paths: Sequence[str], stdin: TextIO) -> Iterator[str]:
    """Yield the lines of every file in turn.

    Raises:
        InputError: a file cannot be read (raised when the reading reaches it; the lines before
            it have been yielded).
    """
    for path in paths:
        if path == "-":
            yield from _stdin_lines(stdin)
        else:
            yield from _file_lines(path)


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    """Run the command line; return the exit code (2 if any line was bad)."""
    if stdout is None:
        safe_output()
    parser = OneLineParser(prog="python -m rami_desktop.solver",
                           description="Best opening and least penalty of hands.")
    parser.add_argument("files", nargs="*", default=["-"], help="files of hands ('-': stdin)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--preset", default="talaj", choices=sorted(PRESETS),
                        help="rules for the penalty (default talaj)")
    parser.add_argument("--keep", type=whole_number(0, MAX_CARDS), default=0,
                        help="cards the least-penalty arrangement keeps in hand (default 0)")
    args = parser.parse_args(argv)
    stdin = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    rules = PRESETS[args.preset]
    bad = False
    try:
        for raw in _lines(args.files or ["-"], stdin):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            answer = solve_line(line, rules, keep=args.keep)
            bad = bad or "error" in answer
            if args.json:
                out.write(json.dumps(answer, ensure_ascii=False) + "\n")
            else:
                out.write(format_answer(answer) + "\n")
            out.flush()
    except InputError as exc:
        print(f"{parser.prog}: {shown(exc)}", file=sys.stderr)
        return 2
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
