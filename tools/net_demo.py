"""The game in a window whose player's moves are typed for them: for the network screenshots.

Usage (one window a display, or two on one)::

    DISPLAY=:51 RAMI_HOME=/tmp/host .venv/bin/python tools/net_demo.py --lang fr
    DISPLAY=:52 RAMI_HOME=/tmp/join .venv/bin/python tools/net_demo.py --lang ar_MA

The menus, the lobby and the join screen are used by hand (or xdotool). At a network table,
when it is this window's player's turn, a bot decides and its move is typed on the keyboard
(``s`` to draw, the arrows and Space to pick cards, ``m`` to lay, ``a`` and a number to add,
``d`` to discard): the moves go the way a player's do, through the table's keys, to the host.
The round's summary is closed after a few seconds.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rami_desktop.app import App
from rami_desktop.bots import make_bot
from rami_desktop.engine.actions import Action, Add, Discard, Draw, Lay, Swap
from rami_desktop.ui.net_table import NetTableScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene

#: seconds between two typed keys, and before the summary is closed
KEY_GAP = 0.12
SUMMARY_READ = 4.0


def keys_for(action: Action, cards: list[object], melds: list[int]) -> list[int]:
    """The keys that play an action at the table (cards: the hand in screen order; melds:
    the combinations' engine numbers in their order on screen)."""
    if isinstance(action, Draw):
        return [{"stock": pygame.K_s, "top": pygame.K_t, "first": pygame.K_f}[action.source]]
    picked: list[int] = []
    wanted = [action.card] if isinstance(action, Discard | Swap) else list(
        action.cards) if isinstance(action, Lay | Add) else []
    for card in wanted:
        picked.append(next(i for i, c in enumerate(cards) if c == card and i not in picked))
    out: list[int] = []
    if isinstance(action, Discard | Swap):
        out += [pygame.K_HOME] + [pygame.K_RIGHT] * picked[0]
        if isinstance(action, Discard):
            return [*out, pygame.K_d]
        return [*out, pygame.K_w, *_digits(melds.index(action.meld) + 1), pygame.K_RETURN]
    for i in picked:
        out += [pygame.K_HOME] + [pygame.K_RIGHT] * i + [pygame.K_SPACE]
    if isinstance(action, Lay):
        return [*out, pygame.K_m]
    if isinstance(action, Add):
        return [*out, pygame.K_a, *_digits(melds.index(action.meld) + 1), pygame.K_RETURN]
    return [pygame.K_u]


def _digits(number: int) -> list[int]:
    return [getattr(pygame, f"K_{d}") for d in str(number)]


class Pilot:
    """Types the moves of this window's player at a network table (see the module's text)."""

    def __init__(self, level: str, seed: int) -> None:
        self.bot = make_bot(level)
        self.rng = random.Random(seed)
        self.keys: list[int] = []
        self.wait = 0.0
        self.summary_time = 0.0

    def tick(self, app: App, dt: float) -> None:
        """Post the next key when one is due."""
        top = app.stack.top
        self.wait = max(0.0, self.wait - dt)
        if isinstance(top, RoundSummaryScene):
            self.summary_time += dt
            if self.summary_time > SUMMARY_READ:
                self.summary_time = 0.0
                self._post(pygame.K_RETURN)
            return
        if not isinstance(top, NetTableScene) or self.wait > 0:
            return
        if self.keys:
            self._post(self.keys.pop(0))
            self.wait = KEY_GAP
            return
        control = top.control
        seat = control.seat()
        if seat is None or not control.my_turn() or not top.board.settled:
            return
        session = top.net
        action = self.bot.act(session.observation(seat), self.rng)
        order = top.session.hand_order(seat)
        top.model.selected.clear()
        self.keys = keys_for(action, list(order.cards), top.view.visible_melds())
        self.wait = KEY_GAP * 3

    @staticmethod
    def _post(key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                             scancode=0))


def main() -> int:
    """Open the game; type this window's player's moves at network tables."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", default="en")
    ap.add_argument("--size", default="1100x700")
    ap.add_argument("--bot", default="medium")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    app = App((w, h), fullscreen=False)
    app.set_language(args.lang)
    app.stack.push(app.first_scene())
    pilot = Pilot(args.bot, args.seed)
    while app.running:
        dt = min(app.clock.tick(60) / 1000.0, 0.1)
        pilot.tick(app, dt)
        app.step(dt, pygame.event.get())
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
