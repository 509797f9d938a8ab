"""The round review on the round summary: one block per human at this screen (their name over
it when several share the screen), each finding a line, nothing dropped: lines that do not fit
are counted ("… and 2 more") and scrolled to with the wheel or the page keys. A line that opens
the replay is reached by the keyboard too: each is a stop of the screen's focus order (Tab, Up
and Down), opened with Enter or Space, ringed when focused and scrolled into view. The review
comes ready-made from the game (:meth:`~rami_desktop.play.table.table_game.TableGame.review`),
worked out on the bot worker thread; this module only words it and draws it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from rami_desktop.i18n import _
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.view.findings import Finding
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import is_rtl, render
from rami_desktop.ui.widgets import Widget, draw_focus_ring
from rami_desktop.ui.words.review_text import more_text, nothing_text, review_lines


@dataclass(frozen=True)
class ReviewLine:
    """A line of the review: a player's name over their block, or one of their findings."""

    text: str
    heading: bool = False
    seat: int | None = None
    #: the finding the line words (a click on it opens the replay there)
    finding: Finding | None = None


class FindingLine(Widget):
    """A finding's line as a stop of the focus order: Enter or Space open the replay there, as
    a click on the line does (its rect: where the line was drawn last, empty while scrolled
    out of sight)."""

    def __init__(self, finding: Finding, on_open: Callable[[Finding], None]) -> None:
        super().__init__()
        self.finding = finding
        self.on_open = on_open

    def activate(self) -> None:
        if self.enabled:
            self.on_open(self.finding)


class ReviewPanel(Widget):
    """What the summary needs of the review: its lines once ready, and their drawing in
    :attr:`rect`; while the replay can be opened (:meth:`show`), each finding's line is a
    :class:`FindingLine` of the focus order.

    Args:
        session: the game whose round is over.
        on_open: opens the replay at a finding (a click on its line, or Enter on it).
    """

    focusable = False

    def __init__(self, session: TableGame,
                 on_open: Callable[[Finding], None] | None = None) -> None:
        super().__init__()
        self.session = session
        self.on_open = on_open
        self.findings: tuple[Finding, ...] | None = None
        self.first = 0  # the first line shown (scrolled down by so many)
        #: the lines drawn last frame, and how many were left below (tests)
        self.shown: list[ReviewLine] = []
        self.below = 0
        #: where each finding's line was drawn last frame
        self.hits: list[tuple[pygame.Rect, Finding]] = []
        #: whether a click on a finding opens the replay (the round can be replayed)
        self.clickable = False
        #: whether the last frame said so (tests)
        self.noted = False
        #: the finding lines' stops, in the lines' order (made when the review arrives)
        self.stops: list[FindingLine] = []
        self._last_hit: Widget | None = None  # the line clicked last (the group focuses it)

    @property
    def ready(self) -> bool:
        """Whether the review has been worked out."""
        return self.findings is not None

    def poll(self) -> bool:
        """Take the review if it has just become ready; return whether it has."""
        if self.findings is not None:
            return False
        self.findings = self.session.review()
        if self.findings is None:
            return False
        self.stops = [FindingLine(line.finding, self._open) for line in self.lines()
                      if line.finding is not None]
        self.show(self.visible, self.clickable)
        return True

    def show(self, visible: bool, clickable: bool) -> None:
        """Shown or not, its lines opening the replay or not: its stops follow."""
        self.visible, self.clickable = visible, clickable
        for stop in self.stops:
            stop.visible = visible and clickable
            stop.scale = self.scale

    def children(self) -> Sequence[Widget]:
        """The finding lines' stops (the focus order reaches them)."""
        return self.stops

    def _open(self, finding: Finding) -> None:
        if self.clickable and self.on_open is not None:
            self.on_open(finding)

    def lines(self) -> list[ReviewLine]:
        """The review in words: for each human at this screen, a block of their findings
        (or a neutral line when there are none), under their name when several share the
        screen."""
        if self.findings is None:
            return [ReviewLine(_("Looking back over the round…"))]
        seats = self.session.human_seats
        named = len(seats) > 1
        out = []
        for seat in seats:
            if named:
                out.append(ReviewLine(self.session.name(seat), heading=True, seat=seat))
            mine = [f for f in self.findings if f.seat == seat]
            out.extend(ReviewLine(text, seat=seat, finding=f) for text, f in review_lines(mine))
            if not mine:
                out.append(ReviewLine(nothing_text(), seat=seat))
        return out

    def texts(self) -> list[str]:
        """The lines' words (tests, the summary)."""
        return [line.text for line in self.lines()]

    def scroll(self, lines: int) -> bool:
        """Scroll by so many lines (down when positive); return whether anything moved."""
        last = max(0, len(self.lines()) - 1)
        first = max(0, min(last, self.first + lines))
        moved = first != self.first
        self.first = first
        return moved

    def finding_at(self, pos: tuple[int, int]) -> Finding | None:
        """The finding whose line was drawn at ``pos`` (None: none)."""
        return next((f for rect, f in self.hits if rect.collidepoint(pos)), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel scrolls the review; a click on a finding's line opens the replay there
        (the line then holds the focus)."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll(-event.y)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.clickable:
            stop = next((s for s in self.stops if s.rect.collidepoint(event.pos)), None)
            if stop is not None:
                self._last_hit = stop
                stop.activate()
                return True
        return False

    def handle_scroll_key(self, event: pygame.event.Event) -> bool:
        """Page Up and Page Down scroll the review, and so do Up and Down while no line opens
        the replay (they move the focus from line to line when lines do)."""
        if event.type != pygame.KEYDOWN:
            return False
        steps = {pygame.K_PAGEDOWN: 3, pygame.K_PAGEUP: -3}
        if not any(stop.can_focus() for stop in self.stops):
            steps |= {pygame.K_DOWN: 1, pygame.K_UP: -1}
        step = steps.get(event.key)
        return step is not None and self.scroll(step)

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        """Draw the lines in :attr:`rect`, wrapped, from the first scrolled to; the last line
        that fits says how many more there are below when some do not. A focused line is
        scrolled into view and ringed."""
        if not self.visible:
            return
        rect, scale = self.rect, self.scale
        size = max(15, theme.px(theme.FONT_BODY - 2, scale))
        gap = theme.px(8, scale)
        title = render(_("Round review"), size, theme.ACCENT_DARK, bold=True,
                       max_width=rect.w)
        surface.blit(title, _start(title, rect, rect.y))
        y = rect.y + title.get_height() + gap
        lines = self.lines()
        self.noted = self.clickable and any(line.finding is not None for line in lines)
        if self.noted:
            note = render(_("Click a line, or reach it with Tab and press Enter, to see that "
                            "moment in the replay."), size, theme.INK_SOFT, max_width=rect.w)
            surface.blit(note, _start(note, rect, y))
            y += note.get_height() + gap
        self.first = min(self.first, max(0, len(lines) - 1))
        wanted = self._focused_line(lines, focus)
        if wanted is not None and wanted < self.first:  # its name over it when it has one
            self.first = wanted - 1 if wanted and lines[wanted - 1].heading else wanted
        placed, below = self._place(lines, size, gap, rect, y)
        while wanted is not None and self.first < wanted and all(
                line is not lines[wanted] for line, _surf, _at in placed):
            self.first += 1  # scrolled down until the focused line shows
            placed, below = self._place(lines, size, gap, rect, y)
        self.shown, self.below, self.hits = [], below, []
        for stop in self.stops:  # lines scroll in the panel: its rect is where they may show
            stop.rect, stop.clip = pygame.Rect(0, 0, 0, 0), rect.copy()
        stop_of = dict(zip((id(line) for line in lines if line.finding is not None),
                           self.stops, strict=False))
        for line, surf, at in placed:
            surface.blit(surf, at)
            if line is None:  # "… and N more"
                continue
            self.shown.append(line)
            if line.finding is not None:
                box = pygame.Rect(at, surf.get_size())
                self.hits.append((box, line.finding))
                shown = stop_of.get(id(line))
                if shown is not None:
                    shown.rect = box
                    if focus is shown:
                        draw_focus_ring(surface, box, scale)

    def _focused_line(self, lines: list[ReviewLine], focus: Widget | None) -> int | None:
        """The index of the line whose stop is focused (None: none is)."""
        if focus is None or focus not in self.stops:
            return None
        k = self.stops.index(focus)
        at = [i for i, line in enumerate(lines) if line.finding is not None]
        return at[k] if k < len(at) else None

    def _place(self, lines: list[ReviewLine], size: int, gap: int, rect: pygame.Rect,
               y: int) -> tuple[list[tuple[ReviewLine | None, pygame.Surface,
                                           tuple[int, int]]], int]:
        """Where each line from the first goes (None: the line counting those below), and how
        many are left below."""
        surfs = [self._surface(line, size, rect.w) for line in lines[self.first:]]
        more_h = render(more_text(len(surfs)), size, theme.INK_SOFT, bold=True,
                        max_width=rect.w).get_height()
        placed: list[tuple[ReviewLine | None, pygame.Surface, tuple[int, int]]] = []
        for k, surf in enumerate(surfs):
            room = rect.bottom - (more_h + gap if k < len(surfs) - 1 else 0)
            line = lines[self.first + k]
            # a name is never the last line shown: its first finding comes with it
            tail = surfs[k + 1].get_height() + gap if line.heading and k + 1 < len(surfs) \
                else 0
            if y + surf.get_height() + tail > room:
                below = len(surfs) - k
                more = render(more_text(below), size, theme.INK_SOFT, bold=True,
                              max_width=rect.w)
                placed.append((None, more, _start(more, rect, y)))
                return placed, below
            placed.append((line, surf, _start(surf, rect, y)))
            y += surf.get_height() + gap
        return placed, 0

    @staticmethod
    def _surface(line: ReviewLine, size: int, width: int) -> pygame.Surface:
        if line.heading:
            return render(line.text, size, theme.ZELLIGE, bold=True, max_width=width)
        return render("• " + line.text, size, theme.INK, max_width=width)


def _start(surf: pygame.Surface, rect: pygame.Rect, y: int) -> tuple[int, int]:
    return (rect.right - surf.get_width() if is_rtl() else rect.x, y)
