"""Benchmark: the wire's encoding and decoding, in time per message beside a calibration.

Usage::

    .venv/bin/python tools/bench_wire.py [--games 5] [--repeat 5] [--docs --label NAME]

Plays a few seeded four-seat matches of bots (talaj) and keeps, at every move, seat 0's view as
the host sends it. Then times, best of ``--repeat`` passes over all of them:

- ``view encode``: the host writes a seat's whole view and its ``update`` message
  (:func:`~rami_desktop.net.wire.view.seat_view_to_dict`,
  :func:`~rami_desktop.net.wire.protocol.envelope`);
- ``delta encode``: the host writes an ``update`` that tells what changed since the last view;
- ``view decode``: a joiner reads a whole view's ``update`` (:func:`parse_reply`, the view read
  back and checked, :func:`seat_view_from_dict`);
- ``delta decode``: a joiner follows an ``update`` that carries a delta (applied, then read);
- ``request decode``: the host reads a joiner's ``act`` (:func:`parse_request`).

Each is printed in microseconds a message and as a ratio to the calibration: the standard
library's ``json.loads`` and ``json.dumps`` of the same view texts, which no change to the wire
touches, timed in the same run (the machine is shared: ratios carry, absolute times do not).
It asserts nothing. ``--docs`` writes the figures, with the commit, the command, the machine
and the date, to ``docs/dev/measurements/wire.md`` under the heading ``--label`` names (default:
the commit measured), replacing only that section: the page keeps the figures of each version
of the wire measured (``before``: the hand-written codec; ``after``: the msgspec schema).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import provenance  # noqa: E402
from rami_desktop.engine.actions import Action  # noqa: E402
from rami_desktop.engine.rules import PRESETS  # noqa: E402
from rami_desktop.net.wire.delta import FollowedView, view_fields  # noqa: E402
from rami_desktop.net.wire.protocol import (  # noqa: E402
    Act,
    envelope,
    parse_reply,
    parse_request,
    request_text,
)
from rami_desktop.net.wire.view import seat_view_from_dict, seat_view_to_dict  # noqa: E402
from rami_desktop.play.game.config import GameConfig, Seat  # noqa: E402
from rami_desktop.play.game.match_key import chosen_key  # noqa: E402
from rami_desktop.play.session.session import Session  # noqa: E402
from rami_desktop.play.view.seat_view import SeatView, view_of  # noqa: E402


def views_and_actions(games: int) -> tuple[list[SeatView], list[Action]]:
    """Seat 0's view after every move of ``games`` seeded matches' first rounds, and the moves."""
    views: list[SeatView] = []
    actions: list[Action] = []
    for seed in range(games):
        config = GameConfig(PRESETS["talaj"], (Seat(None, "bot", "medium"),) * 4, seed=seed)
        session = Session(config, key=chosen_key(seed))  # the same deals every run
        while not session.round.over:
            before = len(session.round.log)
            session.step_bot()
            actions.extend(session.round.log[before:])
            views.append(view_of(session.match, 0, 1))
        session.close()
    return views, actions


def message(text: str) -> dict[str, Any]:
    """A host's message as a joiner reads it (one it refuses stops the bench: the wire is
    broken, not slow)."""
    data = parse_reply(text)
    if not isinstance(data, dict):
        raise SystemExit(f"a message the joiner refuses: {data}")
    return data


def best(run: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds (thread CPU time)."""
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        run()
        times.append(time.thread_time() - start)
    return min(times)


DOCS = provenance.MEASUREMENTS / "wire.md"
TITLE = "The wire's encoding and decoding: measured"
INTRO = [
    "Written by `tools/bench_wire.py --docs --label NAME` (do not edit: run it again); each",
    "section is one run, replaced only by a run of the same label. Seat 0's view after every",
    "move of a few seeded four-seat rounds of bots, encoded and decoded as the host and a",
    "joiner do, in microseconds of thread CPU a message (best of the repeats) and as a ratio",
    "to the calibration, `json.loads` + `json.dumps` of the same whole views in the same run:",
    "the machine is shared, compare the ratios between sections, not the times.",
]


def write_docs(path: Path, label: str, measured_at: str, started: str, argv: Sequence[str],
               lines: Sequence[str]) -> None:
    """The page's section for ``label`` written anew (the other sections kept as they are)."""
    sections: dict[str, list[str]] = {}
    if path.exists():
        name = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("## "):
                name = line[3:].strip()
                sections[name] = []
            elif name is not None:
                sections[name].append(line)
    sections[label] = [
        "",
        f"- commit: `{measured_at}`",
        f"- command: `{shlex.join(['tools/bench_wire.py', *argv])}`",
        f"- machine: {provenance.machine()}",
        f"- date: {started}",
        "",
        "```",
        *lines,
        "```",
        "",
    ]
    page = [f"# {TITLE}", "", *INTRO, ""]
    for name, body in sections.items():
        page += [f"## {name}", *body]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(page).rstrip("\n") + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--docs", action="store_true",
                        help="write the figures to docs/dev/measurements/wire.md")
    parser.add_argument("--label", default="",
                        help="the page's section for this run (default: the commit)")
    args = parser.parse_args(argv)
    measured_at, started = provenance.commit(), provenance.now()
    lines: list[str] = []

    def say(text: str) -> None:
        print(text, flush=True)
        lines.append(text)

    views, actions = views_and_actions(args.games)
    dicts = [seat_view_to_dict(v) for v in views]
    whole = [envelope("update", ack=None, happenings=[], number=k + 1, view=d)
             for k, d in enumerate(dicts)]
    deltas = []
    last = None
    for d in dicts:
        fields, last = view_fields(d, last)
        deltas.append(envelope("update", ack=None, happenings=[], **fields))
    acts = [request_text(Act(k, a, ())) for k, a in enumerate(actions)]

    def encode_views() -> None:
        for k, v in enumerate(views):
            envelope("update", ack=None, happenings=[], number=k + 1, view=seat_view_to_dict(v))

    def encode_deltas() -> None:
        sent = None
        for v in views:
            fields, sent = view_fields(seat_view_to_dict(v), sent)
            envelope("update", ack=None, happenings=[], **fields)

    def decode_views() -> None:
        for text in whole:
            seat_view_from_dict(message(text)["view"])

    def decode_deltas() -> None:
        followed = FollowedView()
        for text in deltas:
            followed.take(message(text), seat_view_from_dict)

    def decode_requests() -> None:
        for text in acts:
            parse_request(text)

    def calibrate() -> None:
        for text in whole:
            json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)

    unit = best(calibrate, args.repeat) / len(whole)
    say(f"{len(views)} views of {args.games} four-seat rounds (mean "
          f"{sum(map(len, whole)) / len(whole) / 1024:.1f} KB whole, "
          f"{sum(map(len, deltas)) / len(deltas) / 1024:.2f} KB as a delta), "
          f"{len(acts)} acts; thread CPU, best of {args.repeat}")
    say(f"calibration: json.loads + json.dumps of a whole view {unit * 1e6:8.1f} us")
    for name, run, count in [("view encode", encode_views, len(views)),
                             ("delta encode", encode_deltas, len(views)),
                             ("view decode", decode_views, len(views)),
                             ("delta decode", decode_deltas, len(views)),
                             ("request decode", decode_requests, len(acts))]:
        each = best(run, args.repeat) / count
        say(f"{name:15} {each * 1e6:8.1f} us a message, {each / unit:5.2f}x the calibration")
    if args.docs:
        write_docs(DOCS, args.label or measured_at, measured_at, started,
                   list(argv if argv is not None else sys.argv[1:]), lines)
        print(f"written: {DOCS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
