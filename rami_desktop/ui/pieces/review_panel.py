"""The round review on the round summary: one block per human at this screen (their name over
it when several share the screen), each finding a line, nothing dropped: lines that do not fit
are counted ("… and 2 more") and scrolled to with the wheel or the arrow keys. The review comes
ready-made from the game (:meth:`~rami_desktop.play.table.table_game.TableGame.review`), worked out
on the bot worker thread; this module only words it and draws it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rami_desktop.i18n import _
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.view.findings import Finding
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import is_rtl, render
from rami_desktop.ui.words.review_text import more_text, nothing_text, review_lines


@dataclass(frozen=True)
class ReviewLine:
    """A line of the review: a player's name over their block, or one of their findings."""

    text: str
    heading: bool = False
    seat: int | None = None
    #: the finding the line words (a click on it opens the replay there)
    finding: Finding | None = None


class ReviewPanel:
    """What the summary needs of the review: its lines once ready, and their drawing.

    Args:
        session: the game whose round is over.
    """

    def __init__(self, session: TableGame) -> None:
        self.session = session
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

    @property
    def ready(self) -> bool:
        """Whether the review has been worked out."""
        return self.findings is not None

    def poll(self) -> bool:
        """Take the review if it has just become ready; return whether it has."""
        if self.findings is not None:
            return False
        self.findings = self.session.review()
        return self.findings is not None

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
        """The wheel and the arrow and page keys scroll the review."""
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll(-event.y)
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 3,
                    pygame.K_PAGEUP: -3}.get(event.key)
            if step is not None:
                return self.scroll(step)
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
        """Draw the lines in ``rect``, wrapped, from the first scrolled to; the last line that
        fits says how many more there are below when some do not."""
        size = max(15, theme.px(theme.FONT_BODY - 2, scale))
        gap = theme.px(8, scale)
        title = render(_("Round review"), size, theme.ACCENT_DARK, bold=True,
                       max_width=rect.w)
        surface.blit(title, _start(title, rect, rect.y))
        y = rect.y + title.get_height() + gap
        lines = self.lines()
        self.noted = self.clickable and any(line.finding is not None for line in lines)
        if self.noted:
            note = render(_("Click a line to see that moment in the replay."), size,
                          theme.INK_SOFT, max_width=rect.w)
            surface.blit(note, _start(note, rect, y))
            y += note.get_height() + gap
        self.first = min(self.first, max(0, len(lines) - 1))
        surfs = [self._surface(line, size, rect.w) for line in lines[self.first:]]
        self.shown, self.below, self.hits = [], 0, []
        more_h = render(more_text(len(surfs)), size, theme.INK_SOFT, bold=True,
                        max_width=rect.w).get_height()
        for k, surf in enumerate(surfs):
            room = rect.bottom - (more_h + gap if k < len(surfs) - 1 else 0)
            line = lines[self.first + k]
            # a name is never the last line shown: its first finding comes with it
            tail = surfs[k + 1].get_height() + gap if line.heading and k + 1 < len(surfs) \
                else 0
            if y + surf.get_height() + tail > room:
                self.below = len(surfs) - k
                more = render(more_text(self.below), size, theme.INK_SOFT, bold=True,
                              max_width=rect.w)
                surface.blit(more, _start(more, rect, y))
                break
            at = _start(surf, rect, y)
            surface.blit(surf, at)
            self.shown.append(line)
            if line.finding is not None:
                self.hits.append((pygame.Rect(at, surf.get_size()), line.finding))
            y += surf.get_height() + gap

    @staticmethod
    def _surface(line: ReviewLine, size: int, width: int) -> pygame.Surface:
        if line.heading:
            return render(line.text, size, theme.ZELLIGE, bold=True, max_width=width)
        return render("• " + line.text, size, theme.INK, max_width=width)


def _start(surf: pygame.Surface, rect: pygame.Rect, y: int) -> tuple[int, int]:
    return (rect.right - surf.get_width() if is_rtl() else rect.x, y)
