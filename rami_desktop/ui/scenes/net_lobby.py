"""The lobby of a table hosted here: its code to tell the others, where it listens, who has
joined, what to do while a player is away; Start opens the table. "Invite someone far away"
asks the home router for a door and shows the invite's line, with Copy, and where the door
stands (or, in one sentence, why there is none and what to do).

The host listens only from this screen on (and until the table is left). A match saved with
players on the network is hosted again here (Continue): the same code, the same seats'
tokens, so each joiner comes back to their seat.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rami_desktop.i18n import N_, _, is_rtl
from rami_desktop.net.discovery import local_addresses
from rami_desktop.net.host.host_session import HostSession
from rami_desktop.net.host.hosting import Hosting, new_code
from rami_desktop.net.host.inviting import Invited, Inviting
from rami_desktop.net.join.net_game import NetTable
from rami_desktop.net.router.ways import Router, Trouble
from rami_desktop.play.game.config import GameConfig, seat_faces, seat_name
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.network_settings import hosted, remember_far, remember_hosted
from rami_desktop.storage.round_files import RoundFiles
from rami_desktop.storage.stats import StatsFiles
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.clipboard import copy_text
from rami_desktop.ui.kit.faces import draw_portrait
from rami_desktop.ui.kit.text import bidi_format
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Choice, Label, Panel
from rami_desktop.ui.words.invite_words import door_message, door_state, invite_rows

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

log = logging.getLogger(__name__)

FIREWALL = N_("The first time, Windows or macOS may ask whether Rami may accept connections: "
              "allow it on private networks (home), not on public ones.")
POLICY_LABELS = [("wait", N_("Wait for them")), ("bot", N_("A bot plays for them"))]
INVITE = N_("Invite someone far away")
ASKING = N_("Asking your router to open a door for the table…")
SEND = N_("Send this line to the players far away, through any chat: they paste it in Join a "
          "table.")


def seat_line(scale: float) -> int:
    """The height of a seat's line at most: its face (this less a little) large enough to
    know who it is, growing with the text size."""
    return theme.px(58, scale)


def seats_keeper(ctx: Context, code: str, port: int) -> Callable[[dict[int, str], str], None]:
    """What keeps the table hosted (its code, port, policy and seats' tokens) in the settings,
    for :class:`HostSession` to call before a ``welcome`` with a new token leaves."""

    def keep(tokens: dict[int, str], policy: str) -> None:
        ctx.update_setting("network", remember_hosted(ctx.settings.get("network"), code, port,
                                                      policy, tokens))

    return keep


class LobbyScene(WidgetScene):
    """A table being hosted, before it starts (see the module's text).

    Args:
        ctx: the game context.
        config: the new match's setup (None: the saved match, hosted again).
    """

    #: how the home router is found (None: UPnP, then NAT-PMP; the tour gives its own)
    find_router: Callable[[], Router | None] | None = None
    #: where the host's key is kept (None: the data folder; a game that keeps nothing, as the
    #: tour's, gives its own)
    key_folder: Path | None = None

    def __init__(self, ctx: Context, config: GameConfig | None = None) -> None:
        self.config = config
        self.session: HostSession | None = None
        self.hosting: Hosting | None = None
        self.inviting: Inviting | None = None
        self.copied = False
        self.problem: str = ""
        self._handed_over = False
        self._shown: tuple[object, ...] = ()
        self._changed = False
        super().__init__(ctx)

    # ---- hosting -------------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.open_table()
        super().on_enter()

    def open_table(self) -> None:
        """Listen and advertise; make (or resume) the host's session."""
        kept = hosted(self.ctx.settings.get("network")) if self.config is None else None
        code = kept["code"] if kept else new_code()
        hosting = Hosting(code)
        try:
            try:
                hosting.start(kept["port"] if kept else 0)
            except OSError:  # the port of last time is taken: any other
                hosting.start(0)
        except OSError as exc:
            log.warning("the table cannot listen: %s", exc)
            self.problem = N_("This computer cannot listen for the other players (is a "
                              "firewall or another program in the way?).")
            return
        paths = self.ctx.paths
        store = MatchFiles(paths) if paths is not None else None
        stats = StatsFiles(paths) if paths is not None else None
        policy = kept["policy"] if kept else "wait"
        tokens = {int(k): v for k, v in kept["tokens"].items()} if kept else {}
        options: dict[str, Any] = dict(outbox=hosting.server, mailbox=hosting.mailbox,
                                       tokens=tokens, policy=policy,
                                       host_name=self.host_name(), hosting=hosting,
                                       rounds=RoundFiles.of(paths) if paths is not None
                                       else None,
                                       keep_seats=seats_keeper(self.ctx, code, hosting.port))
        if self.config is None:
            session = None
            if store is not None:
                resumed, _problem = HostSession.resume(store, stats, **options)
                session = resumed if isinstance(resumed, HostSession) else None
            if session is None:
                hosting.stop()
                self.problem = N_("The saved match could not be loaded.")
                return
        else:
            session = HostSession(self.config, store=store, stats=stats, **options)
        self.session = session
        self.hosting = hosting
        hosting.advertise(session.host_name, session.config.rules.preset, session.config.players,
                          len(session.book.free()))
        self.policy.value = session.policy
        session.commit()  # the table's code and tokens are kept before anyone is told
        if kept and kept.get("far"):  # invited last time: the same door, the same invite
            self.invite(kept["far"]["port"], kept["far"]["outside"])

    def invite(self, port: int = 0, outside: int | None = None) -> None:
        """Listen for players far away and ask the router for a door (see the module's
        text)."""
        folder = self.key_folder or (self.ctx.paths.data_dir if self.ctx.paths else None)
        if self.hosting is None or self.inviting is not None or folder is None:
            return
        self.inviting = Inviting(self.hosting, folder, port, outside, self.find_router)
        self.inviting.start()
        self.on_resize(self.ctx.size)

    def copy_invite(self) -> None:
        """Copy the invite's line (the button then says Copied)."""
        state = self.inviting.state if self.inviting is not None else None
        if isinstance(state, Invited):
            self.copied = copy_text(state.text)

    def host_name(self) -> str:
        """The table's name on the network: the first player's here."""
        config = self.config
        names = [s.name for s in config.seats if s.kind == "human" and s.name] if config else []
        return names[0] if names else "Rami"

    # ---- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        self.panel = self.group.add(Panel(N_("Your table")))
        self.code_label = self.group.add(Label(self.code_text, theme.FONT_HEADING,
                                               theme.ACCENT_DARK, align="center", bold=True))
        self.where = self.group.add(Label(self.where_text, theme.FONT_SMALL, theme.INK_SOFT,
                                          align="center", wrap=True))
        self.seat_labels = [self.group.add(Label(partial(self.seat_text, i), theme.FONT_SMALL,
                                                 theme.INK)) for i in range(6)]
        self.policy = self.group.add(Choice(N_("While a player is away"), POLICY_LABELS,
                                            "wait", self.policy_changed, control_width=300))
        self.invite_labels = [self.group.add(Label(partial(self.invite_row, i), theme.FONT_SMALL,
                                                   theme.INK, align="center", bold=True))
                              for i in range(2)]
        self.firewall = self.group.add(Label(self.note_text, theme.FONT_SMALL - 2,
                                             theme.INK_SOFT, wrap=True))
        self.back_button = self.group.add(Button(N_("Cancel"), self.back))
        self.invite_button = self.group.add(Button(INVITE, lambda: self.invite()))
        self.copy_button = self.group.add(Button(
            lambda: _("Copied") if self.copied else _("Copy"), self.copy_invite))
        self.start_button = self.group.add(Button(N_("Start"), self.start, style="primary"))
        self.group.focused = self.start_button

    def code_text(self) -> str:
        """The table's code, to tell the others."""
        if self.session is None:
            return _(self.problem)
        return bidi_format(_("Table code: {code}"), code=self.session.code)

    def where_text(self) -> str:
        """Where the others find the table (if it does not show by itself)."""
        if self.session is None:
            return ""
        return bidi_format(_("Address: {address} · port {port}"),
                           address=local_addresses()[0], port=self.session.port)

    def invite_row(self, row: int) -> str:
        """A row of the invite's line, once the door is open."""
        state = self.inviting.state if self.inviting is not None else None
        return invite_rows(state.text)[row] if isinstance(state, Invited) else ""

    def note_text(self) -> str:
        """Under the table: the firewall's question, or where the invite stands."""
        if self.inviting is None:
            return _(FIREWALL)
        state = self.inviting.state
        if isinstance(state, Invited):
            return _(SEND) + " " + door_state(state.door)
        if isinstance(state, Trouble):
            return door_message(state)
        return _(ASKING)

    def seat_text(self, seat: int) -> str:
        """One seat: who plays it, and whether they have joined."""
        session = self.session
        if session is None or seat >= session.config.players:
            return ""
        kind = session.config.seats[seat].kind
        name = seat_name(session.config, seat)
        if kind == "bot":
            state = _("bot")
        elif kind == "human":
            state = _("here")
        elif session.book.present(seat):
            state = _("joined")
        elif session.book.taken(seat):
            state = _("away")
        else:
            state = _("waiting for a player…")
        return bidi_format(_("{number}. {name}: {state}"), number=seat + 1, name=name,
                           state=state)

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(720, s), int(size[0] * 0.92))
        pad, gap = theme.px(22, s), theme.px(8, s)
        line = theme.px(30, s)
        shown = self.session.config.players if self.session is not None else 0
        rows = 2 if self.invite_row(0) else 0
        others = (theme.px(48, s) + line + rows * line + theme.px(46, s) + theme.px(80, s)
                  + theme.px(50, s) + 6 * gap)
        room = size[1] - theme.px(16, s) - self.panel.title_height() - 2 * pad - others
        # each seat's line as tall as a face one knows again, as far as the window holds them
        seat = max(line, min(seat_line(s), room // max(1, shown)))
        content = others + shown * seat
        h = min(size[1] - theme.px(16, s), self.panel.title_height() + content + 2 * pad)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.rect.inflate(-2 * pad, 0)
        y = self.panel.rect.y + self.panel.title_height() + gap
        self.code_label.rect = pygame.Rect(inner.x, y, inner.w, theme.px(48, s))
        y += theme.px(48, s) + gap
        self.where.rect = pygame.Rect(inner.x, y, inner.w, line)
        y += line + gap
        face = seat + theme.px(6, s)  # each seat's face before its line
        for i, label in enumerate(self.seat_labels):
            label.visible = i < shown
            label.rect = pygame.Rect(inner.x + theme.px(8, s) + face, y,
                                     inner.w - theme.px(8, s) - face, seat)
            y += seat if i < shown else 0
        y += gap
        self.policy.rect = pygame.Rect(inner.x, y, inner.w, theme.px(46, s))
        y += theme.px(46, s) + gap
        for i, label in enumerate(self.invite_labels):
            label.visible = i < rows
            label.rect = pygame.Rect(inner.x, y, inner.w, line)
            y += line if i < rows else 0
        bar = self.panel.rect.bottom - pad - theme.px(50, s)
        self.firewall.rect = pygame.Rect(inner.x, y, inner.w, max(0, bar - gap - y))
        bw = theme.px(190, s)
        self.start_button.rect = pygame.Rect(inner.right - bw, bar, bw, theme.px(50, s))
        self.back_button.rect = pygame.Rect(inner.x, bar, bw, theme.px(50, s))
        middle = pygame.Rect(inner.x + bw + gap, bar, inner.w - 2 * (bw + gap), theme.px(50, s))
        self.invite_button.rect, self.copy_button.rect = middle, middle.copy()
        self.invite_button.visible = self.inviting is None and self.session is not None
        self.copy_button.visible = bool(self.invite_row(0))
        if is_rtl():  # the reading side first: every place mirrored about the panel's middle
            for widget in self.group.widgets:
                if widget is not self.panel:
                    widget.rect.x = 2 * self.panel.rect.centerx - widget.rect.right

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.session is None:
            return
        faces = seat_faces(self.session.config)
        s = self.scale
        for label, face in zip(self.seat_labels, faces, strict=False):
            if not label.visible:
                continue
            d = label.rect.h - theme.px(4, s)
            gap = theme.px(6, s) + d // 2
            x = label.rect.right + gap if is_rtl() else label.rect.x - gap
            draw_portrait(surface, face, (x, label.rect.centery), d, theme.CREAM_EDGE,
                          max(1, theme.px(2, s)))

    # ---- per frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.session is not None:
            self.session.pump()
            self.session.new_happenings()  # nothing shown here yet: the table shows the deal
        self.start_button.enabled = self.session is not None
        shown = (self.code_text(), *(self.seat_text(i) for i in range(6)), self.note_text(),
                 self.invite_row(0), self.copied)
        if shown != self._shown:  # someone joined or left, the door opened: drawn again
            if self.invite_row(0) != (self._shown[-2] if self._shown else ""):
                self._door_opened()
            self._shown = shown
            self._changed = True

    def _door_opened(self) -> None:
        """The door opened (or moved): the buttons follow, and the settings keep it, so that
        the table hosted again asks for the same door (the invite holds)."""
        self.on_resize(self.ctx.size)
        if self.copy_button.visible:
            self.group.focused = self.copy_button
        state = self.inviting.state if self.inviting is not None else None
        if isinstance(state, Invited) and self.hosting is not None:
            self.ctx.update_setting("network", remember_far(
                self.ctx.settings.get("network"), self.hosting.far_port, state.door.port))

    def needs_redraw(self) -> bool:
        changed, self._changed = self._changed, False
        return changed or super().needs_redraw()

    def policy_changed(self, policy: str) -> None:
        """Wait for an absent player, or let a bot play for them."""
        if self.session is not None:
            self.session.set_policy(policy)

    def start(self) -> None:
        """Open the table: the joiners may play."""
        session = self.session
        if session is None:
            return
        session.start()
        self._handed_over = True
        self.ctx.stack.clear_to(self.ctx.scene(Route.NET_TABLE, NetTable(session)))

    def on_exit(self) -> None:
        if self.session is not None and not self._handed_over:
            self.session.close()  # the joiners are told; nobody listens any more
        self.session = None


__all__ = ["FIREWALL", "POLICY_LABELS", "LobbyScene"]
