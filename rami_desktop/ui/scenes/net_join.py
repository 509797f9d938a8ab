"""Join a table: the tables of the local network appear by themselves (or the list says the
network allows no multicast), or type the host's address and port; then the code, a name and
a seat. The last table joined is kept: its seat can be taken back with one click.

A host's invite (a table far away) is pasted (Paste an invite, Ctrl+V, or into the address
field, typed or pasted): it fills the address, the port and the code, and the host is then
trusted only with the certificate the invite pins. "Create a table on our server" opens the
family server's screen.

Beside the name, the player's face: the one chosen for the last table joined, else the one the
statistics keep for the name typed, else a plain disc (the host then gives the seat its default
face); a click, Enter or Space opens every face, Left and Right step through them. The face
shown goes with the join and is kept with the last table joined. Back at a seat taken before
(its token given again), the table seats the player as it was taken: the seat kept here keeps
the name, gender and face it was taken with too, and the next join screen shows those.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from rami_desktop.i18n import N_, _, is_rtl
from rami_desktop.i18n.gender import UNSAID, clean_gender
from rami_desktop.i18n.preset_names import preset_title
from rami_desktop.net.discovery import Browser, FoundTable
from rami_desktop.net.join.joining import Asking, Joining, TableInfo, Trouble, Welcome
from rami_desktop.net.join.net_game import NetTable
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.join.seat_lock import SeatLock
from rami_desktop.net.transport.client import address_url
from rami_desktop.net.wire.errors import NetError
from rami_desktop.net.wire.invite import Invite, InviteRefused, read_invite
from rami_desktop.net.wire.protocol import normalize_code
from rami_desktop.play.game.people import known_face
from rami_desktop.storage.network_settings import last_joined, remember_joined, returned_seat
from rami_desktop.storage.round_files import RoundFiles
from rami_desktop.storage.stats import Stats, load_stats
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.clipboard import paste_text
from rami_desktop.ui.kit.text import bidi_format, line_height
from rami_desktop.ui.pieces.face_picker import FacePicker
from rami_desktop.ui.pieces.seat_row import GENDER_LABELS
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Choice, Label, Panel, TextInput
from rami_desktop.ui.words.invite_words import invite_message
from rami_desktop.ui.words.net_words import net_message

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

#: tables of the local network listed at most (fewer where the window is low)
LISTED = 4
ANY_SEAT = N_("Any free seat")
INVITE_READ = N_("Invite read: a table far away, trusted only with the certificate the "
                 "invite names. Type your name and join.")


def found_text(table: FoundTable) -> str:
    """A table heard of, in one line: its host, its game, its free seats."""
    return bidi_format(_("{host} · {game} · free seats: {free}"), host=table.host,
                       game=preset_title(table.preset) if table.preset else "?",
                       free=table.free)


class JoinScene(WidgetScene):
    """The tables to join (see the module's text).

    Args:
        ctx: the game context.
        rejoin: come back to the last table joined at once (the main menu's "Back to my
            last table").
        invite: an invite to read at once (a table just made on the family's server).
    """

    def __init__(self, ctx: Context, rejoin: bool = False, invite: str | None = None) -> None:
        self.rejoin = rejoin
        self.given = invite
        self.browser = Browser()
        self.found: list[FoundTable] = []
        self.asking: Asking | None = None
        self.joining: Joining | None = None
        #: the lock of the kept seat of the table being joined (taken if no other window of
        #: this profile holds it; given to the table's session once welcomed)
        self.seat_lock: SeatLock | None = None
        #: the invite the fields come from (None: typed by hand, or found on this network)
        self.invite: Invite | None = None
        self.status: str = ""
        self.status_error = False
        #: the face and the gender the statistics keep for each player's name (as the setup
        #: offers them)
        stats = load_stats(ctx.paths)[0] if ctx.paths is not None else Stats()
        self.profiles, self.genders = stats.faces(), stats.genders()
        self._shown: tuple[object, ...] = ()
        self._changed = False
        super().__init__(ctx)

    def build(self) -> None:
        g = self.group
        #: how many tables found are listed (as many as the window has room for)
        self.listed = LISTED
        self.panel = g.add(Panel(N_("Join a table")))
        self.list_title = g.add(Label(self.list_text, theme.FONT_SMALL, theme.INK_SOFT,
                                      wrap=True))
        self.table_buttons = [g.add(Button(partial(self.table_text, i),
                                           partial(self.choose, i), size=theme.FONT_SMALL))
                              for i in range(LISTED)]
        self.paste_button = g.add(Button(N_("Paste an invite"), self.paste_invite,
                                         size=theme.FONT_SMALL))
        self.server_button = g.add(Button(N_("Create a table on our server"), self.to_server,
                                          size=theme.FONT_SMALL))
        self.address = g.add(TextInput("", self.address_typed, max_length=120,
                                       placeholder=N_("Address")))
        self.port = g.add(TextInput("", max_length=5, placeholder=N_("Port")))
        self.code = g.add(TextInput("", max_length=14, placeholder=N_("Table code")))
        #: the player's face, sent with the join once chosen (before the name: as drawn)
        face = self._last_face()
        self.face = g.add(FacePicker(face or "", lambda _face: None, self.choose_face))
        self.face.chosen = face is not None
        self.name = g.add(TextInput(self._last_name(), self.name_typed, max_length=16,
                                    placeholder=N_("Your name")))
        self._face_of(self.name.value)
        #: each field's name above it (the placeholder goes once the field is typed in)
        self.field_labels = {field: g.add(Label(field.placeholder or "", theme.FONT_SMALL,
                                                theme.INK_SOFT, bold=True))
                             for field in (self.address, self.port, self.code, self.name)}
        self.seat = g.add(Choice(N_("Seat"), [(None, ANY_SEAT)], None, control_width=400))
        #: how the game speaks to this player, sent to the host with the join
        # TRANSLATORS: the join screen's choice of how the game speaks to the player joining
        # (she, he, or «she/he»: words that fit both)
        self.gender = g.add(Choice(N_("She or he"), list(GENDER_LABELS.items()),
                                   self._last_gender(), control_width=400))
        self.ask_button = g.add(Button(N_("Find seats"), self.ask))
        self.last_button = g.add(Button(N_("Back to my last table"), self.back_to_last))
        self.back_button = g.add(Button(N_("Back"), self.back))
        self.join_button = g.add(Button(N_("Join"), self.join, style="primary"))
        self.status_label = g.add(Label(self.status_text, theme.FONT_SMALL, theme.INK,
                                        wrap=True))
        self.last_button.visible = self._kept() is not None
        g.focused = self.join_button  # (a caret would blink: the screen rests until typed in)

    def _kept(self) -> dict[str, Any] | None:
        """The last table joined, unless another window of this profile sits at it now (then
        its seat and name are that window's, neither offered nor typed in here)."""
        kept = last_joined(self.ctx.settings.get("network"))
        if kept is None:
            return None
        probe = SeatLock(self.ctx.paths, str(kept["address"]), int(kept["port"]),
                         str(kept["code"]))
        free = probe.take()
        probe.release()
        return kept if free else None

    def _last_name(self) -> str:
        kept = self._kept()
        return str(kept.get("name", "")) if kept else ""

    def _last_face(self) -> str | None:
        """The face the player chose for the last table joined (None: none chosen)."""
        kept = last_joined(self.ctx.settings.get("network"))
        return known_face(kept.get("face")) if kept else None

    def _last_gender(self) -> str:
        """She, he or unsaid, as the player joined the last table (unsaid the first time)."""
        kept = last_joined(self.ctx.settings.get("network"))
        return clean_gender(kept.get("gender")) if kept else UNSAID

    # ---- texts ---------------------------------------------------------------------------------

    def list_text(self) -> str:
        """What the list of tables says above it."""
        if self.browser.unavailable:
            return _("This network allows no multicast: tables cannot show up by themselves. "
                     "Type the host's address and port.")
        if not self.found:
            return _("Looking for tables on this network…")
        return _("Tables on this network:")

    def table_text(self, index: int) -> str:
        """One table of the list."""
        return found_text(self.found[index]) if index < len(self.found) else ""

    def status_text(self) -> str:
        """The last news: connecting, or why it failed."""
        return self.status

    def say(self, text: str, error: bool = False) -> None:
        """Show a line under the fields."""
        self.status = text
        self.status_error = error

    # ---- layout --------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(760, s), int(size[0] * 0.94))
        h = min(size[1] - theme.px(16, s), theme.px(700, s))
        pad, gap = theme.px(22, s), theme.px(8, s)
        rh = theme.px(44, s)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.rect.inflate(-2 * pad, 0)
        y = self.panel.rect.y + self.panel.title_height() + gap
        half = (inner.w - gap) // 2
        self.paste_button.rect = pygame.Rect(inner.x, y, half, theme.px(40, s))
        self.server_button.rect = pygame.Rect(inner.right - half, y, half, theme.px(40, s))
        y += theme.px(40, s) + gap
        title_h = theme.px(46 if self.browser.unavailable else 28, s)  # two lines, or one
        self.list_title.rect = pygame.Rect(inner.x, y, inner.w, title_h)
        y += title_h
        label_h = theme.px(24, s)
        # the tables found: as many rows as the window leaves (a large text size lists fewer)
        # the fields under it: address, code and name (each with its label), seat, she or he,
        # and two lines of status (an invite read says so in two at a large text size)
        status = 2 * line_height(theme.px(theme.FONT_SMALL, s)) + gap
        fields = 2 * (label_h + rh + gap) + 2 * (rh + gap) + status
        room = h - (y - self.panel.rect.y) - gap - fields - pad - theme.px(50, s)
        # a window too short for even one table (a large text size): the seat and she or he
        # side by side, their second row left to the list and the status
        paired = room < theme.px(38, s) + theme.px(4, s)
        if paired:
            room += rh + gap
        self.listed = max(1, min(LISTED, room // (theme.px(38, s) + theme.px(4, s))))
        for b in self.table_buttons[:self.listed]:
            b.rect = pygame.Rect(inner.x, y, inner.w, theme.px(38, s))
            y += theme.px(38, s) + theme.px(4, s)
        y += gap
        third = (inner.w - 2 * gap) // 3
        y += label_h
        self.address.rect = pygame.Rect(inner.x, y, 2 * third + gap, rh)
        self.port.rect = pygame.Rect(inner.right - third, y, third, rh)
        y += rh + gap + label_h
        self.code.rect = pygame.Rect(inner.x, y, third, rh)
        disc = label_h + rh  # the face as high as the name with its label
        self.face.rect = pygame.Rect(inner.x + third + gap, y - label_h, disc, disc)
        self.name.rect = pygame.Rect(self.face.rect.right + gap, y, third - disc - gap, rh)
        self.ask_button.rect = pygame.Rect(inner.right - third, y, third, rh)
        for field, label in self.field_labels.items():
            label.rect = pygame.Rect(field.rect.x, field.rect.y - label_h, field.rect.w, label_h)
        y += rh + gap
        if paired:
            self.seat.rect = pygame.Rect(inner.x, y, half, rh)
            self.gender.rect = pygame.Rect(inner.right - half, y, half, rh)
        else:
            self.seat.rect = pygame.Rect(inner.x, y, inner.w, rh)
            y += rh + gap
            self.gender.rect = pygame.Rect(inner.x, y, inner.w, rh)
        y += rh + gap
        bar = self.panel.rect.bottom - pad - theme.px(50, s)
        self.status_label.rect = pygame.Rect(inner.x, y, inner.w, max(0, bar - gap - y))
        bw = theme.px(170, s)
        self.join_button.rect = pygame.Rect(inner.right - bw, bar, bw, theme.px(50, s))
        self.back_button.rect = pygame.Rect(inner.x, bar, bw, theme.px(50, s))
        self.last_button.rect = pygame.Rect(inner.x + bw + gap, bar,
                                            inner.w - 2 * (bw + gap), theme.px(50, s))
        if is_rtl():  # the reading side first: every place mirrored about the panel's middle
            for widget in self.group.widgets:
                if widget is not self.panel:
                    widget.rect.x = 2 * self.panel.rect.centerx - widget.rect.right

    # ---- what the player does ------------------------------------------------------------------

    def choose(self, index: int) -> None:
        """A table of the list: its address and port fill the fields."""
        if index < len(self.found):
            table = self.found[index]
            self.address.value = table.address
            self.port.value = str(table.port)
            self.group.focused = self.code
            self.ask()

    def _url(self) -> str | None:
        held = self._held()
        if held is not None:  # always TLS: its pin, or the system's authorities
            return held.url()
        try:
            port = int(self.port.value.strip()) if self.port.value.strip() else None
            return address_url(self.address.value, port)
        except ValueError:
            self.say(_("Type the host's address and port."), error=True)
            return None

    def _held(self) -> Invite | None:
        """The invite the fields still hold (None: no invite, or the fields changed since)."""
        invite = self.invite
        if invite is None or (self.address.value.strip(), self.port.value.strip(),
                              normalize_code(self.code.value)) != (invite.host, str(invite.port),
                                                                   invite.code):
            return None
        return invite

    def _pin(self) -> bytes | None:
        """The pin of the invite the fields still hold, if any."""
        held = self._held()
        return held.pin if held is not None else None

    def address_typed(self, text: str) -> None:
        """An invite typed or pasted into the address field is read at once."""
        if "RAMI" in text.upper():
            self.use_invite(text)

    def use_invite(self, text: str) -> None:
        """Read an invite: its address, port and code fill the fields (one sentence when it
        is not one)."""
        try:
            invite = read_invite(text)
        except InviteRefused as refused:
            self.say(invite_message(refused.trouble), error=True)
            return
        self.invite = invite
        self.address.value, self.port.value = invite.host, str(invite.port)
        self.code.value = invite.code
        self.group.focused = self.name
        self.say(_(INVITE_READ))

    def paste_invite(self) -> None:
        """Paste (or Ctrl+V outside a text field): the clipboard's invite."""
        text = paste_text()
        if not text:
            self.say(_("The clipboard holds no text."), error=True)
            return
        self.use_invite(text)

    def choose_face(self, picker: FacePicker) -> None:
        """The face clicked: every face to choose from."""
        self.ctx.stack.push(self.ctx.scene(Route.FACE_CHOOSER, picker.face, picker.pick))

    def name_typed(self, name: str) -> None:
        """A player the statistics know is spoken to as before ("Amina": she), as in the
        setup; a face not chosen here follows the name: the one its statistics keep, if any."""
        gender = self.genders.get(name.strip())
        if gender is not None:
            self.gender.value = gender
        self._face_of(name)

    def _face_of(self, name: str) -> None:
        """A face not chosen here: the one the statistics keep for ``name``, else none."""
        if not self.face.chosen:
            self.face.face = known_face(self.profiles.get(name.strip())) or ""

    def chosen_face(self) -> str | None:
        """The face to join with: the one shown (chosen, or the name's own); None: a plain
        disc, the host's default."""
        return known_face(self.face.face)

    def to_server(self) -> None:
        """The family server's screen: create a table there."""
        self.ctx.stack.push(self.ctx.scene(Route.NET_SERVER))

    def handle_event(self, event: pygame.event.Event) -> None:
        focused = self.group.focused
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_v
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                and not (focused is not None and focused.captures_text)):
            self.paste_invite()
            return
        super().handle_event(event)

    def ask(self) -> None:
        """Ask the table which seats are free."""
        url = self._url()
        if url is None:
            return
        if self.asking is not None:
            self.asking.cancel()
        self.asking = Asking(url, pin=self._pin())
        self.say(_("Connecting…"))

    def join(self, token: str | None = None) -> None:
        """Take the seat chosen (or come back to one with its token)."""
        url = self._url()
        if url is None or self.joining is not None:
            return
        code = normalize_code(self.code.value)
        if not code:
            self.say(_("Type the table code the host gave you."), error=True)
            return
        port = int(self.port.value.strip() or 0)
        self.seat_lock = SeatLock(self.ctx.paths, self.address.value.strip(), port, code)
        mine = self.seat_lock.take()  # else: a new seat, the kept one is another window's
        self.joining = Joining(url, code, self.name.value.strip(), self.seat.value,
                               token if mine else None, gender=self.gender.value,
                               pin=self._pin(), face=self.chosen_face())
        self.say(_("Connecting…"))

    def back_to_last(self) -> None:
        """Come back to the seat of the last table joined."""
        kept = self._kept()
        if kept is None:
            return
        self.address.value, self.port.value = str(kept["address"]), str(kept["port"])
        self.code.value = str(kept["code"])
        self.invite = Invite(str(kept["address"]), int(kept["port"]), str(kept["code"]),
                             bytes.fromhex(kept["pin"])) if kept.get("pin") else None
        self.join(token=str(kept["token"]))

    # ---- per frame -----------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.browser.start()
        super().on_enter()
        if self.rejoin:
            self.rejoin = False
            self.back_to_last()
        if self.given is not None:
            self.use_invite(self.given)
            self.given = None

    def on_exit(self) -> None:
        self.browser.stop()
        for waiting in (self.asking, self.joining):
            if waiting is not None:
                waiting.cancel()
        if self.joining is not None and self.seat_lock is not None:
            self.seat_lock.release()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.browser.unavailable and self.list_title.rect.h < theme.px(46, self.scale):
            self.on_resize(self.ctx.size)  # the list's title takes two lines now
        self.found = self.browser.tables()[:self.listed]
        for i, b in enumerate(self.table_buttons):
            b.visible = i < len(self.found)
        if self.asking is not None:
            answer = self.asking.poll()
            if answer is not None:
                self.asking = None
                self._asked(answer)
        if self.joining is not None:
            got = self.joining.poll()
            if isinstance(got, Trouble):
                self.joining = None
                if self.seat_lock is not None:
                    self.seat_lock.release()
                self.say(net_message(got.code, got.version), error=True)
            elif isinstance(got, Welcome):
                self._welcomed(got)
        shown = (self.list_text(), *(self.table_text(i) for i in range(LISTED)), self.status,
                 len(self.seat.options))
        if shown != self._shown:  # a table found, an answer: the screen is drawn again
            self._shown = shown
            self._changed = True

    def needs_redraw(self) -> bool:
        changed, self._changed = self._changed, False
        return changed or super().needs_redraw()

    def _asked(self, answer: TableInfo | Trouble) -> None:
        if isinstance(answer, Trouble):
            self.say(net_message(answer.code, answer.version), error=True)
            return
        free = answer.free()
        self.seat.options = [(None, ANY_SEAT)] + [
            (i, partial(self._seat_label, i, answer.seats[i].name)) for i in free]
        self.seat.value = None
        self.say(_("Free seats: {count}. Type the code and join.").format(count=len(free))
                 if free else net_message(NetError.TABLE_FULL), error=not free)

    @staticmethod
    def _seat_label(index: int, name: str | None) -> str:
        if name:
            return bidi_format(_("Seat {number} ({name})"), number=index + 1, name=name)
        return _("Seat {number}").format(number=index + 1)

    def _welcomed(self, welcome: Welcome) -> None:
        joining = self.joining
        assert joining is not None
        self.joining = None
        address, port = self.address.value.strip(), int(self.port.value.strip() or 0)
        name = self.name.value.strip()
        lock, self.seat_lock = self.seat_lock, None
        if port and lock is not None and lock.held:  # the kept seat is this window's
            gender, face = self.gender.value, self.chosen_face()
            kept = returned_seat(self.ctx.settings.get("network"), address, port, welcome.code,
                                 welcome.seat, welcome.token)
            if kept is not None:  # back at a seat: it keeps its name and gender (its face:
                name = str(kept.get("name", name))  # the one chosen now, as the table does)
                gender, face = clean_gender(kept.get("gender")), face or known_face(kept.get(
                    "face"))
            self.ctx.update_setting("network", remember_joined(
                self.ctx.settings.get("network"), address, port, welcome.code, welcome.seat,
                welcome.token, name, gender, joining.link.pin, face))
        paths = self.ctx.paths
        session = RemoteSession(joining.link, welcome, name,
                                rounds=RoundFiles.of(paths) if paths is not None else None,
                                seat_lock=lock)
        self.ctx.stack.clear_to(self.ctx.scene(Route.NET_TABLE, NetTable(session)))

    def draw(self, surface: pygame.Surface) -> None:
        self.status_label.color = theme.ACCENT_DARK if self.status_error else theme.INK
        super().draw(surface)


__all__ = ["ANY_SEAT", "LISTED", "JoinScene", "found_text"]
