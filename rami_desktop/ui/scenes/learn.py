"""Learn to play: the list of lessons (those done ticked), the illustrated rules, the controls,
and the closing page on the other ways to play."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, _, is_rtl
from rami_desktop.play.tutorial.lessons import load_lessons
from rami_desktop.play.tutorial.progress import lessons_done
from rami_desktop.play.tutorial.texts import CLOSING, CLOSING_TITLE
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import bidi_format
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Label, Panel

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


def closing_text() -> str:
    """The closing page: how each game differs, one item a game, and where to change."""
    return "\n\n".join(_(line) for line in CLOSING)


class LearnScene(WidgetScene):
    """The lessons of Learn to play (each replayable on its own)."""

    def __init__(self, ctx: Context) -> None:
        self.lessons = load_lessons()
        super().__init__(ctx)

    def done(self) -> set[str]:
        """The keys of the lessons done."""
        return lessons_done(self.ctx.settings)

    def _label(self, number: int, title: str, key: str) -> str:
        mark = " ✓" if key in self.done() else ""
        return bidi_format(_("Lesson {number}: {title}"), number=number, title=_(title)) + mark

    def build(self) -> None:
        self.panel = self.group.add(Panel(N_("Learn to play")))
        self.intro = self.group.add(Label(
            N_("Short games on prepared deals against one bot. The coach shows what to do."),
            theme.FONT_SMALL, theme.INK_SOFT, wrap=True))
        self.lesson_buttons: list[Button] = []
        for lesson in self.lessons:
            label = partial(self._label, lesson.number, lesson.title, lesson.key)
            self.lesson_buttons.append(self.group.add(
                Button(label, partial(self.open_lesson, lesson.key), size=theme.FONT_SMALL)))
        self.closing_button = self.group.add(Button(CLOSING_TITLE, self.open_closing,
                                                    size=theme.FONT_SMALL))
        self.rules_button = self.group.add(Button(N_("Rules"), self.open_rules,
                                                  size=theme.FONT_SMALL))
        self.controls_button = self.group.add(Button(N_("Controls"), self.open_controls,
                                                     size=theme.FONT_SMALL))
        self.back_button = self.group.add(Button(N_("Back"), self.back))
        first = next((b for b, lesson in zip(self.lesson_buttons, self.lessons, strict=True)
                      if lesson.key not in self.done()), self.lesson_buttons[0])
        self.group.focused = first

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(720, s), int(size[0] * 0.9))
        pad, gap = theme.px(24, s), theme.px(8, s)
        bh = theme.px(40, s)
        rows = (len(self.lesson_buttons) + 3 + 1) // 2  # the lessons, then three more pages
        intro_h = theme.px(56, s)
        h = self.panel.title_height() + pad * 3 + intro_h + rows * (bh + gap) + theme.px(52, s)
        self.panel.rect = pygame.Rect(0, 0, w, min(h, size[1] - theme.px(16, s)))
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.rect.inflate(-2 * pad, 0)
        y = self.panel.rect.y + self.panel.title_height() + pad // 2
        self.intro.rect = pygame.Rect(inner.x, y, inner.w, intro_h)
        y += intro_h + gap
        col = (inner.w - gap) // 2
        buttons = [*self.lesson_buttons, self.closing_button, self.rules_button,
                   self.controls_button]
        for i, b in enumerate(buttons):
            side = 1 - i % 2 if is_rtl() else i % 2  # the first column on the reading side
            x = inner.x + side * (col + gap)
            b.rect = pygame.Rect(x, y + (i // 2) * (bh + gap), col, bh)
        self.back_button.rect = pygame.Rect(0, self.panel.rect.bottom - pad - theme.px(50, s),
                                            theme.px(180, s), theme.px(50, s))
        self.back_button.rect.centerx = self.panel.rect.centerx

    def open_lesson(self, key: str) -> None:
        """Play a lesson."""
        self.ctx.stack.push(self.ctx.scene(Route.TUTORIAL, key))

    def open_closing(self) -> None:
        """The page on the other ways to play."""
        self.ctx.stack.push(self.ctx.scene(Route.MESSAGE, CLOSING_TITLE, closing_text))

    def open_rules(self) -> None:
        """The illustrated rules."""
        self.ctx.stack.push(self.ctx.scene(Route.RULES_HELP, "talaj"))

    def open_controls(self) -> None:
        """The controls."""
        self.ctx.stack.push(self.ctx.scene(Route.CONTROLS_HELP))

    def back(self) -> None:
        self.ctx.stack.clear_to(self.ctx.scene(Route.MENU))
