"""The table of a game on the network, hosted here or joined: the same table, which also takes
the network's messages every frame (also while the round's summary or the pause covers it),
says where the table stands in a line in a free corner (the table's code, who is away, the
link trying again), words the network's refusals in this screen's language, and tells in one
sentence why the game stopped.

It is the table scene itself, extended (a subclass: nothing of the table is written twice), so
it lives beside the scenes rather than among them, which open each other by route only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rami_desktop.engine.errors import ErrorCode
from rami_desktop.i18n import N_, _, is_rtl, pgettext
from rami_desktop.net.join.net_game import NetGame, NetState, NetTable
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import bidi_format, embed, line_height
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.table.layout import TableLayout
from rami_desktop.ui.widgets import fit_block, fit_text
from rami_desktop.ui.words.net_words import net_message
from rami_desktop.ui.words.save_notice import host_paused_text

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

TITLE = N_("Play on the network")


def banner_lines(state: NetState, names: list[str], round_over: bool,
                 ready_sent: bool) -> list[str]:
    """What the line under the match's status says (table code first, then the news)."""
    lines = [bidi_format(_("Table {code}"), code=state.code)]
    separator = pgettext("list separator", ", ")
    if not state.connected and not state.closed:
        lines.append(_("Connection lost: trying again…"))
    elif state.paused is not None and not state.hosting:  # the host's own table says it
        lines.append(host_paused_text(state.paused))
    elif not state.started:
        lines.append(_("Waiting for the host to start the match…") if not state.hosting
                     else _("Press Start in the lobby."))
    elif state.waiting_for:
        lines.append(bidi_format(_("Waiting for {names} to come back…"),
                                 names=separator.join(embed(n) for n in names)))
    elif state.stand_ins:
        lines.append(_("A bot plays for a player who is away."))
    elif round_over and ready_sent:
        lines.append(_("Waiting for the others to read the summary…"))
    return lines


def banner_place(lay: TableLayout, width: int, height: int) -> pygame.Rect:
    """Where the table's line goes: a top corner the opponents leave free (the reading side's
    first), else the top of the combinations' area, at its far end."""
    m = lay.margin
    w = lay.size[0]
    corners = [pygame.Rect(m, m, width, height), pygame.Rect(w - m - width, m, width, height)]
    if is_rtl():
        corners.reverse()
    for rect in corners:
        if not any(rect.colliderect(box.rect) for box in lay.seats.values()):
            return rect
    rect = pygame.Rect(0, lay.melds.y, width, height)
    if is_rtl():
        rect.x = lay.melds.x
    else:
        rect.right = lay.melds.right
    return rect


class NetTableScene(TableScene):
    """The table of a network game (see the module's text).

    Args:
        ctx: the game context.
        session: the game (the host's session, or a joiner's remote one).
    """

    def __init__(self, ctx: Context, session: NetGame) -> None:
        super().__init__(ctx, session)
        self.net = session.net
        self._banner: list[str] = []
        self._banner_rect = pygame.Rect(0, 0, 0, 0)
        self._told_stop = False
        self._ready_sent = False
        self._handed_over = False
        self._serial = self._serial_now()
        #: the seats as last drawn (the table is drawn again when one changes)
        self._seats = self.session.config.seats

    # ---- the network every frame -------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.pump()
        super().update(dt)

    def update_covered(self, dt: float) -> None:
        self.pump()

    def pump(self) -> None:
        """Take the network's messages and say what they change."""
        self.net.pump()
        for code, action in self.net.take_refusals():
            if isinstance(code, ErrorCode):
                self.control.refuse(code, action)
            else:
                self.ctx.play("error")
                self.model.say(net_message(code))
        state = self.net.net_state()
        serial = self._serial_now()
        if serial != self._serial:  # a new match at the table
            self._serial = serial
            self.model.clock.summary_for = None
        if not self.session.round_over:
            self._ready_sent = False
        banner = banner_lines(state, [self.session.name(s) for s in state.waiting_for],
                              self.session.round_over, self._ready_sent)
        seats = self.session.config.seats  # a joiner seated since: their name, face, gender
        if banner != self._banner or seats != self._seats:
            self._banner, self._seats = banner, seats
            self.painter.invalidate()
        ended = state.trouble is None and self.session.match_over  # its end shows as usual
        if state.closed and not self._told_stop and not ended:
            self._told_stop = True
            trouble = state.trouble
            text = net_message(trouble.code, trouble.version) if trouble is not None \
                else _("The host ended the table.")
            self.ctx.stack.push(self.ctx.scene(Route.MESSAGE, TITLE, text, self.to_menu))

    def _serial_now(self) -> int:
        return self.net.serial

    def to_menu(self) -> None:
        """Back to the menu (the game is closed on the way)."""
        self.ctx.stack.clear_to(self.ctx.scene(Route.MENU))

    # ---- rounds and the match's end ----------------------------------------------------------

    def next_round(self) -> None:
        """The round's summary was read: the host deals when everyone read it; at the match's
        end, the match's end shows over the table (which keeps taking messages)."""
        if self.session.match_over:
            self.ctx.stack.push(self.ctx.scene(Route.MATCH_END, self.session,
                                               rematch=self.rematch))
            return
        self._ready_sent = True
        super().next_round()

    def rematch(self) -> None:
        """Another match at this table: the host deals it; a joiner waits for it here."""
        if self.net.net_state().closed:
            self.to_menu()
            return
        game = self.net.rematch()
        if game is self.net:
            self.ctx.stack.pop()
            return
        self._handed_over = True
        self.ctx.stack.clear_to(self.ctx.scene(Route.NET_TABLE, NetTable(game)))

    def on_exit(self) -> None:
        if self._handed_over:  # the next match's table goes on with the connections
            self.session.close()
            return
        super().on_exit()

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.view.lay
        if lay is None or not self._banner:
            return
        size = lay.px(theme.FONT_SMALL - 1)
        pad = lay.px(8)
        width = max(lay.status.w, lay.px(180))
        # the table's name on one line; what it says under it on two if need be («Un bot joue
        # à la place de qui est hors ligne» was cut at 800x600)
        surfs = [fit_text(line, size, theme.CREAM, width - 2 * pad, bold=True) if i == 0 else
                 fit_block(line, size, theme.BRASS_LIGHT, width - 2 * pad, 2 * line_height(size))
                 for i, line in enumerate(self._banner)]
        h = sum(s.get_height() for s in surfs) + pad * (len(surfs) + 1)
        rect = banner_place(lay, width, h)
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (10, 30, 24, 200), box.get_rect(), border_radius=lay.px(10))
        surface.blit(box, rect)
        y = rect.y + pad
        for surf in surfs:
            surface.blit(surf, surf.get_rect(midtop=(rect.centerx, y)))
            y += surf.get_height() + pad
        self._banner_rect = rect


__all__ = ["TITLE", "NetTableScene", "banner_lines", "banner_place"]
