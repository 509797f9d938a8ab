"""Review a saved game from the command line:
``python -m rami_desktop.review FILE [--lang L] [--json]``.

``FILE`` is a saved match (the autosave ``match.json``, or its backup) or a file holding one
finished round in that same document format. Every finished round is replayed through the
rules and every seat's findings are printed (:mod:`rami_desktop.play.review.round_review`): in
words, in the language ``--lang`` (``en``, ``fr``, ``ar_MA``), or with ``--json`` as one JSON
list of findings, each ``{"round", "kind", "seat", "turn", "cards", "points", ...}`` where
``kind`` is one of ``never_opened``, ``missed_opening``, ``fed_open``, ``fed_out``, ``missed_out``,
``joker_discarded``, ``jokers_held``, ``points_left``; ``turn`` is the player's own turn
(``round_turn`` the round's), ``cards`` card codes. A file that cannot be read (missing, a
folder, a FIFO or a device, over 16 MB), is not a Rami save or holds a game the rules refuse
gets one line on standard error and the exit code 2.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, set_language
from ..play.game.config import default_name
from ..play.review.match_review import RoundReview, review_document
from ..storage.atomic import NotAFileError, parse_json_bytes, read_regular_file
from .arguments import OneLineParser, safe_output

#: the largest save read (a long match's log is far smaller)
MAX_BYTES = 16 * 1024 * 1024


def read_document(parser: OneLineParser, path: str) -> Any:
    """The JSON document of ``path``; any fault is the parser's one-line refusal."""
    if os.path.isdir(path):
        parser.error(f"{path}: is a folder, not a file")
    try:
        raw = read_regular_file(path, MAX_BYTES)
    except FileNotFoundError:
        parser.error(f"{path}: no such file")
    except NotAFileError:
        parser.error(f"{path}: not a regular file (a FIFO or a device)")
    except OSError as exc:
        parser.error(f"{path}: cannot read: {exc.strerror or exc}")
    if len(raw) > MAX_BYTES:
        parser.error(f"{path}: larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        return parse_json_bytes(raw)
    except (ValueError, RecursionError) as exc:
        parser.error(f"{path}: not JSON ({str(exc)[:80]})")


def as_json(reviews: Sequence[RoundReview]) -> list[dict[str, Any]]:
    """Every finding of the rounds, each with its round's number first."""
    return [{"round": r.number, **f.to_dict()} for r in reviews for f in r.findings]


def as_text(reviews: Sequence[RoundReview]) -> list[str]:
    """The rounds in words: each round's title, then each seat's findings under its name."""
    from ..i18n import _
    from ..ui.kit.text import strip_marks
    from ..ui.words.review_text import nothing_text, review_lines

    out = []
    for r in reviews:
        out.append(_("Round {number}").format(number=r.number))
        named = [(who.is_bot, who.name) for who in r.seats]
        for seat, who in enumerate(r.seats):
            name = who.name or default_name(tuple(named), seat)
            out.append("  " + strip_marks(name))
            mine = [f for f in r.findings if f.seat == seat]
            out.extend("    • " + strip_marks(text) for text, _f in review_lines(mine))
            if not mine:
                out.append("    • " + strip_marks(nothing_text()))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    safe_output()
    parser = OneLineParser(prog="python -m rami_desktop.review",
                           description="Print every seat's findings of a saved game.")
    parser.add_argument("file", help="a saved match (match.json) or a round file")
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default="en",
                        help="the language of the words (default en)")
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    args = parser.parse_args(argv)
    document = read_document(parser, args.file)
    try:
        reviews = review_document(document, Path(args.file).parent)
    except (ValueError, RecursionError) as exc:
        parser.error(f"{args.file}: {str(exc)[:120]}")
    if args.json:
        print(json.dumps(as_json(reviews), ensure_ascii=False))
        return 0
    set_language(args.lang)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    print("\n".join(as_text(reviews)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
