"""Learn to play: one lesson on the real table, with the coach's bubble over it.

The table is the game's own (built by route), on the lesson's prepared deal, against the
lesson's Bot. The scene stands as the table's gate: a move of the player is played only when it
is the step's expected one (any other gets the step's explanation, never a refusal code), Bot
plays only during its steps, and the bubble points at the element to use. When the last step is
read the lesson is marked done in the settings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import pygame

from rami_desktop.engine.actions import Action
from rami_desktop.i18n import N_, _
from rami_desktop.i18n.card_words import cards_text
from rami_desktop.play.tutorial.coach import LessonRun
from rami_desktop.play.tutorial.lessons import lesson_by_key, load_lessons
from rami_desktop.play.tutorial.model import BOT, StepKind, Target
from rami_desktop.play.tutorial.open_hand_coach import OpenHandCoach
from rami_desktop.play.tutorial.progress import LESSONS_DONE, lessons_done, with_lesson_done
from rami_desktop.play.tutorial.texts import CLOSING, CLOSING_TITLE, PRAISE
from rami_desktop.ui.help.coach_bubble import CoachBubble
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import bidi_format
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import Scene
from rami_desktop.ui.table.landmarks import GuidedTable, aim_rects
from rami_desktop.ui.table.refusal import refusal_text
from rami_desktop.ui.widgets import Button, Panel, WidgetGroup, render_text

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

WAIT_FOR_BOT = N_("Wait: {bot} is playing.")
READ_FIRST = N_("Read the note, then press Next.")
BACK_TO_LESSON = N_("Back to the lesson")


class TutorialScene(Scene):
    """One lesson, played on the real table.

    Args:
        ctx: the game context.
        key: the lesson's key (default: the first lesson not done yet).
    """

    def __init__(self, ctx: Context, key: str | None = None) -> None:
        super().__init__(ctx)
        self.lesson = lesson_by_key(key or self.next_key(ctx.settings))
        # the lesson's game: the screen gets its table (the player's seat view) and asks the
        # coach, who alone reads the whole round, for verdicts, hints and numbers
        self.coach = OpenHandCoach(self.lesson)
        self.game = self.coach.table
        self.table = cast(GuidedTable, ctx.scene(Route.TABLE, self.game, gate=self))
        self._drawn: tuple[int, bool, str] | None = None  # what the last drawing showed
        self.note = ""
        self.praised = False  # the note praises a move (else it explains a mistake)
        self.scale = 1.0
        self.group = WidgetGroup()
        self.next_button = self.group.add(Button(N_("Next"), self.proceed, style="primary"))
        self.bubble = CoachBubble(self.next_button)
        self.end_group = WidgetGroup()
        self.end_panel = self.end_group.add(Panel(N_("Lesson done")))
        later = self.lesson.number < len(load_lessons())
        self.after_button = self.end_group.add(Button(
            N_("Next lesson") if later else N_("Other ways to play"), self.after,
            style="primary"))
        self.lessons_button = self.end_group.add(Button(N_("Lessons"), self.to_lessons))
        self.end_group.focused = self.after_button
        self.recorded = False

    @property
    def run(self) -> LessonRun:
        """Where the player stands in the lesson."""
        return self.coach.run

    @staticmethod
    def next_key(settings: dict[str, object]) -> str:
        """The first lesson not done yet (the first one when all are)."""
        lessons = load_lessons()
        done = lessons_done(settings)
        return next((le.key for le in lessons if le.key not in done), lessons[0].key)

    # ---- the gate ------------------------------------------------------------------------------

    @property
    def bots_may_play(self) -> bool:
        """Bot plays only during its steps."""
        return self.run.bot_may_play

    def choose(self, actions: Sequence[Action]) -> Action | None:
        """The move to play among the candidates (the expected one, or one the step's goal
        welcomes), else None and why, chosen by the kind of mistake."""
        chosen = self.coach.choose(actions)
        self.praised = False
        if chosen is None:
            step = self.run.step
            if step is not None and step.kind is StepKind.ACT:
                self.note = self.explanation(actions)
            elif step is not None and step.kind is StepKind.BOT:
                self.note = self.words(WAIT_FOR_BOT)
            else:
                self.note = _(READ_FIRST)
        return chosen

    def hint_moves(self) -> Sequence[Action] | None:
        """The table's hint names the step's move (or nothing): never one the lesson refuses."""
        return self.coach.hint()

    def round_ended(self) -> None:
        """The round is over (the player went out): show the round's summary and penalties."""
        self.ctx.stack.push(self.ctx.scene(Route.ROUND_SUMMARY, self.game, self.summary_read,
                                           BACK_TO_LESSON))

    def summary_read(self) -> None:
        """The summary was closed: the lesson goes on."""

    # ---- words ---------------------------------------------------------------------------------

    def words(self, msgid: str) -> str:
        """A coach text, translated, its fields filled from the engine and the step."""
        step = self.run.step
        cards = cards_text(step.aim.cards) if step is not None else ""
        values = self.coach.values()
        return bidi_format(_(msgid), None, cards=cards, bot=self.game.name(BOT), **values)

    def explanation(self, actions: Sequence[Action]) -> str:
        """Why the move is not played: the lesson's words for that kind of mistake, else the
        engine's reason for refusing it."""
        msgid, code = self.coach.mistake(actions)
        if msgid is not None:
            return self.words(msgid)
        return refusal_text(actions[0] if actions else None,
                            code.value if code is not None else "", self.game.shown.round)

    def header(self) -> str:
        """The bubble's top line: the lesson and the step."""
        done, total = self.run.progress
        return bidi_format(_("Lesson {number}: {title} ({progress})"),
                           number=self.lesson.number, title=_(self.lesson.title),
                           progress=f"{min(done + 1, total)}/{total}")

    # ---- moving on -----------------------------------------------------------------------------

    def proceed(self) -> None:
        """Next: the text is read."""
        if self.run.waiting_for_click:
            self.run.proceed()
            self.note = ""
            self.praised = False
            self._check_done()

    def _follow(self) -> None:
        if self.coach.follow():
            self.note = ""
            self.praised = False
            if self.run.praise is not None:  # a turn played its own way reached the goal
                self.note = self.words(PRAISE[self.run.praise.name.lower()])
                self.praised = True
        self._check_done()

    def _check_done(self) -> None:
        if self.run.finished and not self.recorded:
            self.recorded = True
            self.ctx.update_setting(LESSONS_DONE,
                                    with_lesson_done(self.ctx.settings, self.lesson.key))

    def after(self) -> None:
        """The next lesson, or the page on the other ways to play after the last one."""
        lessons = load_lessons()
        if self.lesson.number < len(lessons):
            self.ctx.stack.replace(self.ctx.scene(Route.TUTORIAL,
                                                  lessons[self.lesson.number].key))
            return
        self.ctx.stack.pop()
        self.ctx.stack.push(self.ctx.scene(
            Route.MESSAGE, CLOSING_TITLE, lambda: "\n\n".join(_(line) for line in CLOSING)))

    def to_lessons(self) -> None:
        """Back to the list of lessons."""
        self.ctx.stack.pop()

    # ---- the scene -----------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.table.on_enter()
        self.on_resize(self.ctx.size)

    def on_exit(self) -> None:
        self.table.on_exit()

    def on_resume(self) -> None:
        self.table.on_resume()
        self.on_resize(self.ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.scale = theme.scale_for(size)
        self.group.set_scale(self.scale)
        self.end_group.set_scale(self.scale)
        s = self.scale
        panel = pygame.Rect(0, 0, min(theme.px(560, s), int(size[0] * 0.8)), theme.px(260, s))
        panel.center = (size[0] // 2, size[1] // 2)
        self.end_panel.rect = panel
        bw, bh, gap = theme.px(230, s), theme.px(52, s), theme.px(16, s)
        y = panel.bottom - bh - theme.px(24, s)
        self.after_button.rect = pygame.Rect(panel.centerx + gap // 2, y, bw, bh)
        self.lessons_button.rect = pygame.Rect(panel.centerx - gap // 2 - bw, y, bw, bh)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.run.finished:
            if not self.end_group.handle_event(event) and event.type == pygame.KEYDOWN \
                    and event.key == pygame.K_ESCAPE:
                self.to_lessons()
            return
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.run.waiting_for_click:
            self.proceed()
            return
        self.table.handle_event(event)
        self._follow()

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self._follow()
        if self._drawn is not None and self._drawn != self._shown():
            self.bubble.restart()  # the lesson moved on: its glow pulses again
        self.bubble.update(dt)
        self.group.update(dt)
        self.end_group.update(dt)

    def needs_redraw(self) -> bool:
        """Drawn again when the table moves, the glow pulses or the lesson moves on."""
        return (self.table.needs_redraw() or self.bubble.glow_changed()
                or self.group.wants_redraw() or self._drawn != self._shown())

    def _shown(self) -> tuple[int, bool, str]:
        return self.run.index, self.run.finished, self.note

    def targets(self) -> list[pygame.Rect]:
        """Where the coach points now."""
        step = self.run.step
        if step is None:
            return []
        return aim_rects(self.table.view, self.table.board, self.table.buttons.lay.rect, step.aim,
                         self.game.seat_of(BOT))

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn = self._shown()
        self.table.draw(surface)
        step = self.run.step
        if step is None:
            self._draw_end(surface)
            return
        lay = self.table.view.lay
        area = lay.melds if lay is not None else surface.get_rect()
        painter = self.table.painter
        targets = self.targets()
        self.bubble.place(surface.get_size(), self.scale, area, self.header(),
                          self.words(step.coach), self.note, targets,
                          step.kind is StepKind.CONTINUE,
                          [r for r in (painter.drop_rect, painter.hint_rect) if r is not None],
                          self.praised)
        element = step.aim.target not in (Target.HAND, Target.NONE)
        self.bubble.draw(surface, self.scale, targets, targets[0] if element and targets else None)
        self.group.draw(surface)

    def _draw_end(self, surface: pygame.Surface) -> None:
        theme.dim(surface)
        self.end_group.draw(surface)
        s = self.scale
        panel = self.end_panel.rect
        text = render_text(bidi_format(_("Lesson {number}: {title}"), number=self.lesson.number,
                                       title=_(self.lesson.title)),
                           theme.px(theme.FONT_BODY, s), theme.INK, bold=True,
                           max_width=panel.w - theme.px(40, s))
        surface.blit(text, text.get_rect(midtop=(panel.centerx,
                                                 panel.y + self.end_panel.title_height()
                                                 + theme.px(24, s))))
