"""The round review on the round summary: a list of lines over the rows of hands, with a
button that shows it and hides it again. The review comes ready-made from the game
(:meth:`~rami_desktop.play.table_game.TableGame.review`), worked out on the bot worker thread;
this module only words it and draws it."""

from __future__ import annotations

import pygame

from rami_desktop.i18n import _
from rami_desktop.play.findings import Finding
from rami_desktop.play.table_game import TableGame
from rami_desktop.ui import theme
from rami_desktop.ui.review_text import finding_text, nothing_text
from rami_desktop.ui.text import bidi_format, is_rtl, render


class ReviewPanel:
    """What the summary needs of the review: its lines once ready, and their drawing.

    Args:
        session: the game whose round is over.
    """

    def __init__(self, session: TableGame) -> None:
        self.session = session
        self.findings: tuple[Finding, ...] | None = None

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

    def lines(self) -> list[str]:
        """The review in words, one line a finding (the player's name first when several
        players share the screen)."""
        if self.findings is None:
            return [_("Looking back over the round…")]
        if not self.findings:
            return [nothing_text()]
        named = len(self.session.human_seats) > 1
        out = []
        for f in self.findings:
            text = finding_text(f)
            if named:
                text = bidi_format(_("{name}: {text}"),
                                   name=self.session.name(self.session.seat_of(f.player)),
                                   text=text)
            out.append(text)
        return out

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
        """Draw the lines in ``rect``, wrapped, as many as fit."""
        size = max(15, theme.px(theme.FONT_BODY - 2, scale))
        gap = theme.px(10, scale)
        title = render(_("Round review"), size, theme.ACCENT_DARK, bold=True,
                       max_width=rect.w)
        surface.blit(title, _start(title, rect, rect.y))
        y = rect.y + title.get_height() + gap
        for line in self.lines():
            surf = render("• " + line, size, theme.INK, max_width=rect.w)
            if y + surf.get_height() > rect.bottom:
                break
            surface.blit(surf, _start(surf, rect, y))
            y += surf.get_height() + gap


def _start(surf: pygame.Surface, rect: pygame.Rect, y: int) -> tuple[int, int]:
    return (rect.right - surf.get_width() if is_rtl() else rect.x, y)
