"""Benchmark: the host's CPU to write every seat's ``update`` after an action, seat by seat
against all seats at once.

Usage::

    .venv/bin/python tools/bench_fanout.py [--turns 300] [--players 4]

Plays a round of ``simple`` in which every player draws from the stock and throws the card
drawn (the round's history grows one discard a turn), and after every action writes each
seat's ``update`` two ways, in turn: with :func:`rami_desktop.net.host.redact.update_text`
for each seat (the host's way before the fan-out), and with
:meth:`rami_desktop.net.host.redact.Fanout.update_texts` for all of them (the host's way now:
the view the seats share written once). Prints the CPU per action of each way and their
ratio (the same run, the same actions: a ratio, since the machine is shared), and how many
texts differed (0: the two write the same bytes). It asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from rami_desktop.engine.actions import Action, Discard, Draw  # noqa: E402
from rami_desktop.net.host.redact import Fanout, update_text  # noqa: E402
from rami_desktop.net.wire.delta import Sent  # noqa: E402
from rami_desktop.play.game.config import autoplay_config  # noqa: E402
from rami_desktop.play.session.session import Session  # noqa: E402
from rami_desktop.play.view.happening import Happening  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Play the round, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=300, help="turns of the round")
    parser.add_argument("--players", type=int, default=4, help="players (2 to 6)")
    args = parser.parse_args(argv)
    session = Session(autoplay_config("simple", args.players, seed=4, level="easy"))
    match, state = session.match, session.round
    seats = range(args.players)
    alone: dict[int, Sent | None] = dict.fromkeys(seats)
    fanned: dict[int, Sent | None] = dict.fromkeys(seats)
    fanout = Fanout()
    spent = [0.0, 0.0]
    actions = differ = 0
    while state.turn < args.turns and not state.over:
        p = state.current
        for step in ("draw", "discard"):
            action: Action = Draw(p, "stock") if step == "draw" else \
                Discard(p, state.hands[p][-1])
            if step == "draw" and action not in state.legal_draws():
                continue
            happening = Happening("move", match.seat_of(p), tuple(match.apply(action)))
            t0 = time.process_time()
            texts = []
            for s in seats:
                text, alone[s] = update_text(match, s, 0, happening, None, None, alone[s])
                texts.append(text)
            t1 = time.process_time()
            out = fanout.update_texts(match, 0, happening,
                                      [(s, None, None, fanned[s]) for s in seats])
            t2 = time.process_time()
            for s, (text, fanned[s]) in zip(seats, out, strict=True):
                differ += text != texts[s]
            spent[0] += t1 - t0
            spent[1] += t2 - t1
            actions += 1
    each, fan = (x / actions * 1e6 for x in spent)
    print(f"simple, {args.players} seats, {actions} actions ({state.turn} turns): every seat's "
          f"update after an action")
    print(f"  seat by seat (update_text): {each:7.0f} us CPU an action")
    print(f"  all at once (Fanout):       {fan:7.0f} us CPU an action  ({each / fan:.2f}x less)")
    print(f"  texts that differ: {differ} of {actions * args.players}")
    session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
