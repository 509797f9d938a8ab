"""The main menu: New game, Continue, Statistics, Settings, Rules, Quit."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rami_desktop import __version__
from rami_desktop.i18n import N_, _, is_rtl
from rami_desktop.storage.network_settings import last_joined
from rami_desktop.storage.saves import saved_match_is_newer
from rami_desktop.ui.kit import theme
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, render_text, tr
from rami_desktop.ui.words.save_notice import newer_save_text

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

RED = theme.CARD_RED
BLACK = theme.CARD_BLACK


def draw_suit(surface: pygame.Surface, suit: str, center: tuple[float, float], size: float,
              color: tuple[int, int, int]) -> None:
    """Draw a suit symbol (s, h, d, c) with primitives, ``size`` pixels wide."""
    cx, cy = center
    r = size * 0.27
    if suit == "d":
        pygame.draw.polygon(surface, color, [(cx, cy - size * 0.55), (cx + size * 0.4, cy),
                                             (cx, cy + size * 0.55), (cx - size * 0.4, cy)])
        return
    if suit == "h":
        pygame.draw.circle(surface, color, (cx - r, cy - r * 0.6), r)
        pygame.draw.circle(surface, color, (cx + r, cy - r * 0.6), r)
        pygame.draw.polygon(surface, color, [(cx - 2 * r + 0.5, cy - r * 0.3),
                                             (cx + 2 * r - 0.5, cy - r * 0.3),
                                             (cx, cy + size * 0.5)])
        return
    if suit == "s":
        pygame.draw.circle(surface, color, (cx - r, cy + r * 0.3), r)
        pygame.draw.circle(surface, color, (cx + r, cy + r * 0.3), r)
        pygame.draw.polygon(surface, color, [(cx - 2 * r + 0.5, cy), (cx + 2 * r - 0.5, cy),
                                             (cx, cy - size * 0.55)])
    else:  # clubs
        pygame.draw.circle(surface, color, (cx, cy - r * 1.1), r)
        pygame.draw.circle(surface, color, (cx - r * 1.1, cy + r * 0.3), r)
        pygame.draw.circle(surface, color, (cx + r * 1.1, cy + r * 0.3), r)
    pygame.draw.polygon(surface, color, [(cx, cy), (cx - r * 0.8, cy + size * 0.5),
                                         (cx + r * 0.8, cy + size * 0.5)])


def card_surface(rank: str, suit: str, width: int) -> pygame.Surface:
    """A decorative card face drawn with primitives (the real art is ui.kit.card_art)."""
    height = int(width * 1.4)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surf.get_rect()
    corner = max(4, width // 10)
    pygame.draw.rect(surf, theme.WHITE, rect, border_radius=corner)
    pygame.draw.rect(surf, (150, 140, 120), rect, width=max(1, width // 60),
                     border_radius=corner)
    color = RED if suit in "hd" else BLACK
    if rank == "JK":
        theme.draw_star(surf, theme.ACCENT, rect.center, width * 0.3)
        theme.draw_star(surf, theme.BRASS, rect.center, width * 0.17)
        label = render_text("JOKER", max(10, width // 6), theme.ACCENT, bold=True)
        surf.blit(label, label.get_rect(midtop=(rect.centerx, rect.y + width // 14)))
        return surf
    index = render_text(rank, max(10, int(width * 0.26)), color, bold=True)
    surf.blit(index, (width // 12, width // 16))
    draw_suit(surf, suit, (width // 12 + index.get_width() / 2,
                           width // 16 + index.get_height() + width * 0.1), width * 0.16, color)
    draw_suit(surf, suit, (rect.centerx, rect.centery + width * 0.08), width * 0.42, color)
    return surf


class MenuScene(WidgetScene):
    """The title screen."""

    tells_startup_problems = True

    def __init__(self, ctx: Context) -> None:
        self.save_is_newer = False
        self.has_save = False
        self._fans: list[tuple[pygame.Surface, pygame.Surface, pygame.Rect]] = []
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self._title_k = 1.0  # the title's size (smaller in a low window)
        self._block_w = 0  # the width of the buttons' block
        super().__init__(ctx)

    def build(self) -> None:
        self.new_game = Button(N_("New game"), self.open_setup, style="primary")
        self.continue_button = Button(N_("Continue"), self.continue_match)
        self.network = Button(N_("Play on the network"), self.open_network)
        self.last_table = Button(N_("Back to my last table"), self.back_to_last_table)
        self.statistics = Button(N_("Statistics"), self.open_statistics)
        self.settings = Button(N_("Settings"), self.open_settings)
        self.rules = Button(N_("Rules"), self.open_rules)
        self.learn = Button(N_("Learn to play"), self.open_learn)
        self.quit_button = Button(N_("Quit"), self.ctx.quit)
        self.buttons = [self.new_game, self.continue_button, self.statistics, self.settings,
                        self.rules, self.learn, self.network, self.last_table,
                        self.quit_button]
        for b in self.buttons:
            self.group.add(b)
        self.group.hover_focus = True  # Enter presses the button under the pointer

    def on_enter(self) -> None:
        self.check_save()
        self.group.focused = self.main_button()
        super().on_enter()

    def on_resume(self) -> None:
        self.check_save()
        if self.group.focused is None or not self.group.focused.can_focus():
            self.group.focused = self.main_button()
        super().on_resume()

    def main_button(self) -> Button:
        """The button drawn as the main one, which Enter presses: Continue when a match can be
        resumed, else New game."""
        return self.continue_button if self.continue_button.enabled else self.new_game

    def check_save(self) -> None:
        """Continue is enabled only for a save this version can resume; a save from a newer
        version leaves it disabled, with the reason under it."""
        paths = self.ctx.paths
        self.save_is_newer = paths is not None and saved_match_is_newer(paths)
        self.has_save = self.ctx.saved_match_available()
        self.continue_button.enabled = self.has_save and not self.save_is_newer
        self.last_table.visible = last_joined(self.ctx.settings.get("network")) is not None
        main = self.main_button()
        for b in (self.new_game, self.continue_button):
            b.style = "primary" if b is main else "secondary"

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale
        bw, bh, gap = theme.px(340, s), theme.px(54, s), theme.px(12, s)
        margin = theme.px(12, s)
        shown = [b for b in self.buttons if b.visible]
        # a low window (or a large text size): the title smaller, the buttons a little closer,
        # then in two columns; never off the window
        for title_k, columns, least in ((1.0, 1, 1.0), (0.8, 1, 1.0), (1.0, 1, 0.8),
                                        (0.8, 1, 0.8), (1.0, 2, 1.0), (0.8, 2, 1.0),
                                        (0.6, 2, 0.6)):
            rows = -(-len(shown) // columns)
            title_h = self._title_height(title_k)
            room = h - 2 * margin - title_h
            k = min(1.0, room / (rows * bh + (rows - 1) * gap))
            if k >= least:
                break
        k = max(least, k)
        bh, gap = int(bh * k), max(2, int(gap * k))
        total = rows * bh + (rows - 1) * gap
        self._title_k = title_k
        col_w = min(bw, (w - 2 * margin - (columns - 1) * 2 * gap) // columns)
        block_w = columns * col_w + (columns - 1) * 2 * gap
        self._block_w = block_w
        top = max(margin, (h - title_h - total) // 2)
        self.title_rect = pygame.Rect(0, top, w, title_h)
        y0 = top + title_h
        x0 = w // 2 - block_w // 2
        for k, b in enumerate(shown):
            column, row = divmod(k, rows)
            if is_rtl():
                column = columns - 1 - column
            b.rect = pygame.Rect(x0 + column * (col_w + 2 * gap), y0 + row * (bh + gap),
                                 col_w, bh)
        bw = block_w
        # two fans of cards beside the buttons
        cw = theme.px(120, s)
        left_cards = [("7", "h"), ("8", "h"), ("9", "h"), ("JK", "")]
        right_cards = [("K", "s"), ("K", "h"), ("K", "d"), ("K", "c")]
        self._fans = []
        space = (w - bw) // 2
        cy = self.buttons[0].rect.y + total // 2
        for cards, cx in ((left_cards, space // 2), (right_cards, w - space // 2)):
            n = len(cards)
            for i, (rank, suit) in enumerate(cards):
                angle = (i - (n - 1) / 2) * -12
                face = pygame.transform.rotozoom(card_surface(rank, suit, cw), angle, 1.0)
                dx = (i - (n - 1) / 2) * cw * 0.38
                dy = abs(i - (n - 1) / 2) * cw * 0.08
                rect = face.get_rect(center=(cx + dx, cy + dy))
                shadow = pygame.Surface(face.get_size(), pygame.SRCALPHA)
                shadow.fill((0, 0, 0, 60))
                shadow.blit(face, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
                self._fans.append((face, shadow, rect))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        s = self.scale
        w = surface.get_width()
        space = (w - self._block_w) // 2
        if space > theme.px(230, s):
            for face, shadow, rect in self._fans:
                surface.blit(shadow, rect.move(theme.px(4, s), theme.px(6, s)))
                surface.blit(face, rect)
        self._draw_title(surface)
        self.group.draw(surface)
        if self.save_is_newer:
            self._draw_reason(surface)
        ver = render_text(f"v{__version__}", theme.px(theme.FONT_SMALL, s), theme.SOFT)
        surface.blit(ver, ver.get_rect(bottomright=(surface.get_width() - theme.px(12, s),
                                                    surface.get_height() - theme.px(8, s))))

    def continue_reason(self) -> str:
        """Why Continue is disabled, or "" when it is not."""
        return newer_save_text() if self.save_is_newer else ""

    def _draw_reason(self, surface: pygame.Surface) -> None:
        """The reason Continue is disabled, under the buttons (clear of the card fans)."""
        s = self.scale
        last = self.buttons[-1].rect
        room = min(surface.get_width() - theme.px(24, s), int(last.w * 1.5))
        size = max(14, theme.px(theme.FONT_SMALL - 2, s))
        text = render_text(self.continue_reason(), size, theme.BRASS_LIGHT, max_width=room,
                           align="center")
        rect = text.get_rect(midtop=(last.centerx, last.bottom + theme.px(12, s)))
        rect.bottom = min(rect.bottom, surface.get_height() - theme.px(6, s))
        backing = rect.inflate(theme.px(14, s), theme.px(8, s))
        veil = pygame.Surface(backing.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surface.blit(veil, backing)
        surface.blit(text, rect)

    def _title_height(self, k: float) -> int:
        """The height of the title block (star, name, subtitle) drawn ``k`` times its size."""
        s = self.scale * k
        title = render_text(_("Rami"), theme.px(theme.FONT_TITLE, s), theme.CREAM, bold=True)
        sub = render_text(tr(N_("Moroccan rummy")), theme.px(theme.FONT_SUBHEADING, s),
                          theme.BRASS_LIGHT)
        gap = -int(title.get_height() * 0.12)
        return theme.px(92, s) + title.get_height() + gap + sub.get_height() + theme.px(26, s)

    def _draw_title(self, surface: pygame.Surface) -> None:
        s = self.scale * self._title_k
        r = self.title_rect
        cx = r.centerx
        star_y = r.y + theme.px(52, s)
        theme.draw_star(surface, theme.BRASS, (cx, star_y), theme.px(40, s))
        theme.draw_star(surface, theme.ACCENT, (cx, star_y), theme.px(30, s))
        theme.draw_star(surface, theme.BRASS_LIGHT, (cx, star_y), theme.px(12, s),
                        rotation=math.pi / 8)
        title = render_text(_("Rami"), theme.px(theme.FONT_TITLE, s), theme.CREAM, bold=True)
        shadow = render_text(_("Rami"), theme.px(theme.FONT_TITLE, s), theme.FELT_DARK, bold=True)
        gap = -int(title.get_height() * 0.12)
        tr_rect = title.get_rect(midtop=(cx, star_y + theme.px(40, s) + gap))
        surface.blit(shadow, tr_rect.move(theme.px(3, s), theme.px(4, s)))
        surface.blit(title, tr_rect)
        sub = render_text(tr(N_("Moroccan rummy")), theme.px(theme.FONT_SUBHEADING, s),
                          theme.BRASS_LIGHT)
        surface.blit(sub, sub.get_rect(midtop=(cx, tr_rect.bottom + gap)))

    def open_setup(self) -> None:
        """New game: the setup screen; when a match is saved, ask first (starting a new match
        replaces the save)."""
        self.check_save()
        if not self.has_save:
            self.start_setup()
            return
        self.ctx.stack.push(self.ctx.scene(
            Route.CONFIRM, N_("New game"),
            N_("A match is saved. Starting a new game will replace it: it cannot be continued "
               "afterwards."), self.start_setup, confirm=N_("Replace it"),
            cancel=N_("Keep it")))

    def start_setup(self) -> None:
        """The setup screen."""
        self.ctx.stack.push(self.ctx.scene(Route.SETUP))

    def open_network(self) -> None:
        """Host a table on the network, or join one."""
        self.ctx.stack.push(self.ctx.scene(Route.NETWORK))

    def back_to_last_table(self) -> None:
        """Back to my last table: the join screen, rejoining the seat kept at once."""
        self.ctx.stack.push(self.ctx.scene(Route.NET_JOIN, rejoin=True))

    def open_settings(self) -> None:
        """The settings screen."""
        self.ctx.stack.push(self.ctx.scene(Route.SETTINGS))

    def open_learn(self) -> None:
        """Learn to play: the lessons."""
        self.ctx.stack.push(self.ctx.scene(Route.LEARN))

    def open_rules(self) -> None:
        """The rules help."""
        self.ctx.stack.push(self.ctx.scene(Route.RULES_HELP, "talaj"))

    def continue_match(self) -> None:
        """Continue: resume the saved match."""
        self.ctx.continue_match()

    def open_statistics(self) -> None:
        """The statistics screen."""
        self.ctx.stack.push(self.ctx.scene(Route.STATISTICS))

    def back(self) -> None:
        """Escape on the menu asks whether to quit."""
        self.ctx.stack.push(self.ctx.scene(Route.CONFIRM, N_("Quit"), N_("Quit Rami?"),
                                           self.ctx.quit, confirm=N_("Quit")))
