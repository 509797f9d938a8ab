"""The past rounds kept (the last 20, newest first), each opening its replay face up; a round
file that cannot be read is said in words."""

from __future__ import annotations

import datetime
import functools
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, _, ngettext, pgettext
from rami_desktop.play.game.config import round_default_name
from rami_desktop.play.review.replay import Replay
from rami_desktop.storage.round_files import KEEP_ROUNDS, KeptRound, RoundFiles, read_round
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import bidi_format
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Panel, ScrollArea, fit_text, render_text
from rami_desktop.ui.words.replay_text import round_problem_text

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


def when(saved_at: str) -> str:
    """A kept round's time, in this computer's time zone (empty if unknown)."""
    try:
        moment = datetime.datetime.strptime(saved_at, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return ""
    local = moment.replace(tzinfo=datetime.timezone.utc).astimezone()
    return local.strftime("%Y-%m-%d %H:%M")


def seat_name(kept: KeptRound, k: int) -> str:
    """A kept round's seat's name (a seat without one gets its default name)."""
    name = kept.names[k]
    if name is not None:
        return name
    seats = [(kept.bots[j] if j < len(kept.bots) else False, kept.names[j])
             for j in range(len(kept.names))]
    return round_default_name(seats, kept.seats, k)


#: joins a player's star, name and points
NO_BREAK = "\u00a0"


def seat_score(kept: KeptRound, k: int) -> str:
    """A seat of a kept round with what it paid ("Lina 45"), a star on the one who went out."""
    name = seat_name(kept, k)
    if len(kept.penalties) != len(kept.names):
        return name
    # TRANSLATORS: a player of a past round and the points they paid in it ("Lina 45")
    text = bidi_format(_("{name} {points}"), name=name, points=kept.penalties[k])
    if kept.winner == k:
        text = "★ " + text
    return text.replace(" ", NO_BREAK)  # a line of the list wraps between players only


def round_label(kept: KeptRound) -> str:
    """A kept round's line: when, which round, who played, a star on who went out, and what
    each paid."""
    # TRANSLATORS: between the names of a list ("Sam, Lina"); darija: «، »
    names = pgettext("list separator", ", ").join(seat_score(kept, k)
                                                  for k in range(len(kept.names)))
    if kept.number:
        return bidi_format(_("{when} · round {number} · {names}"), when=when(kept.saved_at),
                           number=kept.number, names=names)
    return bidi_format(_("{when} · {names}"), when=when(kept.saved_at), names=names)


class KeptRoundsScene(WidgetScene):
    """The list of kept rounds (see the module's text)."""

    def __init__(self, ctx: Context) -> None:
        paths = ctx.paths
        self.kept: list[KeptRound] = RoundFiles.of(paths).listing() if paths else []
        super().__init__(ctx)

    def build(self) -> None:
        self.panel = self.group.add(Panel(N_("Past rounds")))
        self.area = self.group.add(ScrollArea())
        self.rows = [Button(functools.partial(round_label, k),
                            functools.partial(self.open_round, k.path), size=theme.FONT_SMALL)
                     for k in self.kept]
        self.back_button = self.group.add(Button(N_("Back"), self.back, style="primary"))
        self.group.focused = self.rows[0] if self.rows else self.back_button

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale
        pad = theme.px(24, s)
        bh = theme.px(50, s)
        pw = min(theme.px(900, s), int(w * 0.94))
        ph = int(h * 0.94)
        self.panel.rect = pygame.Rect(0, 0, pw, ph)
        self.panel.rect.center = (w // 2, h // 2)
        p = self.panel.rect
        bw = max(theme.px(200, s), self.back_button.natural_width())
        self.back_button.rect = pygame.Rect(p.centerx - bw // 2, p.bottom - pad - bh, bw, bh)
        top = p.y + self.panel.title_height() + pad // 2 + self._note_h()
        self.area.rect = pygame.Rect(p.x + pad, top, p.w - 2 * pad,
                                     self.back_button.rect.y - pad - top)
        self.area.scale = s
        # two lines a row: when and which round, then who played and what each paid
        line = render_text("Ag يوسف", theme.px(theme.FONT_SMALL, s), theme.INK).get_height()
        row_h = max(theme.px(44, s), 2 * line + theme.px(8, s))
        gap = theme.px(8, s)
        inner = self.area.rect.w - theme.px(16, s)
        items = [(b, pygame.Rect(0, k * (row_h + gap), inner, row_h))
                 for k, b in enumerate(self.rows)]
        for b, _r in items:
            b.scale = s
        self.area.set_content(items, len(items) * (row_h + gap))

    def note(self) -> str:
        """The line over the list."""
        if not self.kept:
            return ngettext("No rounds kept yet: the last {count} finished round is kept here.",
                            "No rounds kept yet: the last {count} finished rounds are kept "
                            "here.", KEEP_ROUNDS).format(count=KEEP_ROUNDS)
        return ngettext("The last {count} finished round: choose it to watch it again, every "
                        "hand face up.",
                        "The last {count} finished rounds: choose one to watch it again, every "
                        "hand face up.", KEEP_ROUNDS).format(count=KEEP_ROUNDS)

    def legend(self) -> str:
        """The line under the note: what the star says (nothing without rounds)."""
        return _("★ went out that round") if self.kept else ""

    def _note_h(self) -> int:
        size = theme.px(theme.FONT_SMALL, self.scale)
        lines = [text for text in (self.note(), self.legend()) if text]
        return sum(fit_text(text, size, theme.INK, 10_000).get_height() for text in lines) + \
            theme.px(10, self.scale)

    def open_round(self, path: Path) -> None:
        """A kept round's replay, from the start (or what is wrong with its file)."""
        replay, problem = read_round(path, Replay.of_record)
        if replay is None:
            self.ctx.stack.push(self.ctx.scene(Route.MESSAGE, N_("Past rounds"),
                                               functools.partial(round_problem_text, problem)))
            return
        self.ctx.stack.push(self.ctx.scene(Route.REPLAY, replay))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.scale
        p = self.panel.rect
        y = p.y + self.panel.title_height() + theme.px(12, s)
        for text, color in ((self.note(), theme.INK_SOFT), (self.legend(), theme.ZELLIGE)):
            if text:
                line = fit_text(text, theme.px(theme.FONT_SMALL, s), color,
                                p.w - theme.px(48, s))
                y = surface.blit(line, line.get_rect(midtop=(p.centerx, y))).bottom


__all__ = ["KeptRoundsScene", "round_label", "seat_score", "when"]
