"""Benchmark: the bytes of a joiner's ``update`` as a round grows, whole view and delta.

Usage::

    .venv/bin/python tools/bench_update.py [--turns 2000] [--players 2]

Plays a round of ``simple`` in which every player draws from the stock and throws the card
drawn, turn after turn (the stock reshuffled again and again: the round's history grows one
discard a turn, as the longest rounds do), and builds seat 0's ``update`` after every action
with the host's own function (:func:`rami_desktop.net.host.redact.update_text`): once with the whole
view (what every update carried up to protocol 3) and once as the protocol sends it now, the
delta against the view sent before. Prints, at turns 1, 500, 1,000 ... ``--turns``: the bytes
of the turn's updates (its draw's and its discard's) each way, and the bytes sent to the seat
over the whole round each way. Byte counts do not depend on the machine: no calibration. It
asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from rami_desktop.engine.actions import Action, Discard, Draw  # noqa: E402
from rami_desktop.net.host.redact import update_text  # noqa: E402
from rami_desktop.play.game.config import autoplay_config  # noqa: E402
from rami_desktop.play.session.session import Session  # noqa: E402
from rami_desktop.play.view.happening import Happening  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Play the round, print the sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2_000, help="turns of the round")
    parser.add_argument("--players", type=int, default=2, help="players (2 to 6)")
    args = parser.parse_args(argv)
    session = Session(autoplay_config("simple", args.players, seed=4, level="easy"))
    match, state = session.match, session.round
    text, sent = update_text(match, 0, 0, None)
    totals = [0, 0]
    shown = {1, args.turns, *range(500, args.turns, 500)}
    print(f"simple, {args.players} players; seat 0's update after each action (bytes of UTF-8)")
    print(f"{'turn':>6} {'whole view':>11} {'delta':>7}   (the turn's two updates, each)")
    while state.turn < args.turns and not state.over:
        p = state.current
        turn = state.turn + 1
        row = []
        for step in ("draw", "discard"):
            action: Action = Draw(p, "stock") if step == "draw" else \
                Discard(p, state.hands[p][-1])  # the card drawn
            if step == "draw" and action not in state.legal_draws():
                continue  # (the starter's first turn has no draw)
            happening = Happening("move", match.seat_of(p), tuple(match.apply(action)))
            whole, _ = update_text(match, 0, 0, happening, last=sent, whole=True)
            text, sent = update_text(match, 0, 0, happening, last=sent)
            totals[0] += len(whole.encode())
            totals[1] += len(text.encode())
            row.append(f"{len(whole.encode()):>5} {len(text.encode()):>5}")
        if turn in shown:
            wholes = "/".join(r.split()[0] for r in row)
            deltas = "/".join(r.split()[1] for r in row)
            print(f"{turn:>6} {wholes:>11} {deltas:>7}")
    print(f"round of {state.turn} turns, {len(state.log)} actions, {state.reshuffles} "
          f"reshuffles: sent to seat 0 {totals[0] / 1e6:.2f} MB whole, {totals[1] / 1e6:.2f} MB "
          f"as deltas ({totals[0] / max(totals[1], 1):.0f}x less)")
    session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
