"""Create a table on our server: the family's server (``rami-host`` with an admin token,
docs/family-server.md) makes a table through the protocol's ``create``, and the screen shows
its invite, with Copy, and Join to sit at it.

The server's address and its admin token are kept in the settings once a table was made with
them. The server is reached with TLS only (``wss://``, its certificate checked against the
system's authorities): the token never crosses the internet in the clear.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pygame

from rami_desktop.i18n import N_, _, is_rtl, pgettext
from rami_desktop.i18n.preset_names import preset_title
from rami_desktop.net.join.creating import Creating
from rami_desktop.net.join.joining import Trouble
from rami_desktop.net.transport.client import address_url
from rami_desktop.net.wire.invite import Invite, invite_text
from rami_desktop.net.wire.protocol import Create
from rami_desktop.play.view.terms import PRESET_NAMES, PRESETS
from rami_desktop.storage.network_settings import kept_server, remember_server
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.clipboard import copy_text
from rami_desktop.ui.kit.text import bidi_format
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Choice, Label, Panel, TextInput
from rami_desktop.ui.words.invite_words import invite_rows
from rami_desktop.ui.words.net_words import net_message

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

#: the port a server listens on when its address names none (docs/family-server.md)
DEFAULT_PORT = 8443
NO_TLS = N_("Type the server's address with wss:// (or none): the admin token never crosses "
            "the internet without TLS.")
NO_ADDRESS = N_("Type the server's address and its admin token.")
SEATS = N_("{game} is played by {low} to {high} players.")
MADE = N_("Table made: send this invite to the family, through any chat. Join sits you at it.")


def server_url(text: str) -> tuple[str, str, int]:
    """The WebSocket URL, host and port of a server's address as typed (TLS by default).

    Raises:
        ValueError: no host in it, or ``ws://`` (no TLS).
    """
    text = text.strip()
    if text.lower().startswith("ws://"):
        raise ValueError("no TLS")
    if "://" not in text:
        text = "wss://" + text
    url = address_url(text)
    parts = urlsplit(url)
    if not parts.hostname:
        raise ValueError("no host")
    port = parts.port or DEFAULT_PORT
    return address_url(text, port), parts.hostname, port


class ServerScene(WidgetScene):
    """The family server's table maker (see the module's text)."""

    def __init__(self, ctx: Context) -> None:
        self.creating: Creating | None = None
        self.made: Invite | None = None
        self._where: tuple[str, int] = ("", 0)
        self.copied = False
        self.status = ""
        self.status_error = False
        self._shown: tuple[object, ...] = ()
        self._changed = False
        super().__init__(ctx)

    def build(self) -> None:
        g = self.group
        kept = kept_server(self.ctx.settings.get("network")) or {}
        self.panel = g.add(Panel(N_("Create a table on our server")))
        self.address = g.add(TextInput(kept.get("address", ""), max_length=120,
                                       placeholder=N_("Server address")))
        self.token = g.add(TextInput(kept.get("token", ""), max_length=128,
                                     placeholder=N_("Admin token"), masked=True))
        # the token in dots (someone may be looking at the screen), shown on a click or Enter
        self.show_token = g.add(Button(self.show_token_label, self.toggle_token))
        self.field_labels = {field: g.add(Label(field.placeholder or "", theme.FONT_SMALL,
                                                theme.INK_SOFT, bold=True))
                             for field in (self.address, self.token)}
        self.preset = g.add(Choice(N_("Game"), [(n, partial(preset_title, n))
                                                for n in PRESET_NAMES], PRESET_NAMES[0],
                                   control_width=300))
        self.players = g.add(Choice(N_("Players (you included)"),
                                    [(n, str(n)) for n in range(1, 7)], 3, control_width=300))
        self.bots = g.add(Choice(N_("Bots"), [(n, str(n)) for n in range(6)], 0,
                                 control_width=300))
        self.invite_labels = [g.add(Label(partial(self.invite_row, i), theme.FONT_SMALL,
                                          theme.INK, align="center", bold=True))
                              for i in range(2)]
        self.status_label = g.add(Label(lambda: self.status, theme.FONT_SMALL, theme.INK,
                                        wrap=True))
        self.back_button = g.add(Button(N_("Back"), self.back))
        self.copy_button = g.add(Button(lambda: _("Copied") if self.copied else _("Copy"),
                                        self.copy_invite))
        self.create_button = g.add(Button(N_("Create"), self.create, style="primary"))
        self.join_button = g.add(Button(N_("Join"), self.join, style="primary"))
        g.focused = self.create_button

    # ---- texts ---------------------------------------------------------------------------------

    def invite_row(self, row: int) -> str:
        """A row of the new table's invite."""
        return invite_rows(invite_text(self.made))[row] if self.made is not None else ""

    def show_token_label(self) -> str:
        """The token's button: Show while it is in dots, Hide while it is in clear."""
        if self.token.masked:
            # TRANSLATORS: a button beside the admin token shown in dots: show it in clear
            return pgettext("admin token", "Show")
        # TRANSLATORS: a button beside the admin token shown in clear: put it in dots again
        return pgettext("admin token", "Hide")

    def _show_width(self) -> int:
        """The token's button's width: its wider label's (it does not move when it turns)."""
        widths = []
        for _turn in range(2):
            self.token.masked = not self.token.masked
            widths.append(self.show_token.natural_width())
        return max(widths)

    def toggle_token(self) -> None:
        """Show the admin token in clear, or in dots again."""
        self.token.masked = not self.token.masked

    def say(self, text: str, error: bool = False) -> None:
        """Show a line under the fields."""
        self.status, self.status_error = text, error

    # ---- what the player does ------------------------------------------------------------------

    def seats(self) -> str | None:
        """The seats asked for (``net`` first, then the bots), or None when the game does not
        allow that many (said)."""
        rules = PRESETS[self.preset.value]
        total = self.players.value + self.bots.value
        if not rules.min_players <= total <= rules.max_players:
            self.say(bidi_format(_(SEATS), game=preset_title(self.preset.value),
                                 low=rules.min_players, high=rules.max_players), error=True)
            return None
        return ",".join(["net"] * self.players.value + ["bot:medium"] * self.bots.value)

    def create(self) -> None:
        """Ask the server for the table."""
        if self.creating is not None:
            return
        token = self.token.value.strip()
        try:
            url, host, port = server_url(self.address.value)
        except ValueError as exc:
            self.say(_(NO_TLS) if str(exc) == "no TLS" else _(NO_ADDRESS), error=True)
            return
        seats = self.seats()
        if not token or seats is None:
            if not token:
                self.say(_(NO_ADDRESS), error=True)
            return
        self.made = None
        self._where = (host, port)
        self.creating = Creating(url, Create(token, self.preset.value, seats))
        self.say(_("Connecting…"))

    def copy_invite(self) -> None:
        """Copy the invite (the button then says Copied)."""
        if self.made is not None:
            self.copied = copy_text(invite_text(self.made))

    def join(self) -> None:
        """Sit at the table made: the Join screen, its invite already read."""
        if self.made is not None:
            self.ctx.stack.pop()
            self.ctx.stack.replace(self.ctx.scene(Route.NET_JOIN,
                                                  invite=invite_text(self.made)))

    # ---- per frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.creating is not None:
            answer = self.creating.poll()
            if isinstance(answer, Trouble):
                self.creating = None
                self.say(net_message(answer.code, answer.version), error=True)
            elif isinstance(answer, str):
                self.creating = None
                host, port = self._where
                self.made = Invite(host, port, answer)
                self.ctx.update_setting("network", remember_server(
                    self.ctx.settings.get("network"), self.address.value.strip(),
                    self.token.value.strip()))
                self.say(_(MADE))
                self.on_resize(self.ctx.size)
                self.group.focused = self.copy_button
        shown = (self.status, self.made, self.copied)
        if shown != self._shown:
            self._shown = shown
            self._changed = True

    def needs_redraw(self) -> bool:
        changed, self._changed = self._changed, False
        return changed or super().needs_redraw()

    def on_exit(self) -> None:
        if self.creating is not None:
            self.creating.cancel()

    # ---- layout --------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(760, s), int(size[0] * 0.94))
        h = min(size[1] - theme.px(16, s), theme.px(620, s))
        pad, gap, rh = theme.px(22, s), theme.px(8, s), theme.px(44, s)
        label_h, line = theme.px(24, s), theme.px(30, s)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.rect.inflate(-2 * pad, 0)
        y = self.panel.rect.y + self.panel.title_height() + gap + label_h
        half = (inner.w - gap) // 2  # the token's side: its field and its button
        self.address.rect = pygame.Rect(inner.x, y, inner.w - half - gap, rh)
        show_w = min(self._show_width(), half // 2)
        self.token.rect = pygame.Rect(inner.right - half, y, half - show_w - gap // 2, rh)
        self.show_token.rect = pygame.Rect(inner.right - show_w, y + theme.px(3, s), show_w,
                                           rh - theme.px(6, s))
        for field, label in self.field_labels.items():
            label.rect = pygame.Rect(field.rect.x, field.rect.y - label_h, field.rect.w, label_h)
        self.field_labels[self.token].rect.w = half  # over the field and its button
        y += rh + gap
        for choice in (self.preset, self.players, self.bots):
            choice.rect = pygame.Rect(inner.x, y, inner.w, rh)
            y += rh + gap
        rows = 2 if self.made is not None else 0
        for i, label in enumerate(self.invite_labels):
            label.visible = i < rows
            label.rect = pygame.Rect(inner.x, y, inner.w, line)
            y += line if i < rows else 0
        bar = self.panel.rect.bottom - pad - theme.px(50, s)
        self.status_label.rect = pygame.Rect(inner.x, y, inner.w, max(0, bar - gap - y))
        bw = theme.px(170, s)
        self.back_button.rect = pygame.Rect(inner.x, bar, bw, theme.px(50, s))
        self.create_button.rect = pygame.Rect(inner.right - bw, bar, bw, theme.px(50, s))
        self.join_button.rect = self.create_button.rect.copy()
        self.copy_button.rect = pygame.Rect(inner.x + bw + gap, bar, inner.w - 2 * (bw + gap),
                                            theme.px(50, s))
        self.copy_button.visible = self.join_button.visible = self.made is not None
        self.create_button.visible = self.made is None
        if is_rtl():  # the reading side first: every place mirrored about the panel's middle
            for widget in self.group.widgets:
                if widget is not self.panel:
                    widget.rect.x = 2 * self.panel.rect.centerx - widget.rect.right

    def draw(self, surface: pygame.Surface) -> None:
        self.status_label.color = theme.ACCENT_DARK if self.status_error else theme.INK
        super().draw(surface)


__all__ = ["DEFAULT_PORT", "ServerScene", "server_url"]
