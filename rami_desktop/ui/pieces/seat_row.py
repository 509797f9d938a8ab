"""One seat of the setup screen: its face, its name, human or bot, and the bot's level or how
the human is spoken to (she or he).

A name the player did not type is the seat's default and follows it: a bot's is a person's
name in the language shown (:mod:`~rami_desktop.play.game.people`), a human's "Player 1". A
face not chosen is the seat's default too (a bot's person's, else one of the seat's gender no
other seat wears); the screen works the defaults out for every row at once
(:func:`show_seat_defaults`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from rami_desktop.i18n import N_, _, every_translation, is_rtl
from rami_desktop.i18n.gender import HE, SHE, UNSAID, clean_gender, gendered
from rami_desktop.play.game.config import LEVELS, GameConfig, Seat, default_name, seat_faces
from rami_desktop.play.game.people import FACES, is_person_name, known_face
from rami_desktop.ui.kit import theme
from rami_desktop.ui.pieces.face_picker import FacePicker
from rami_desktop.ui.widgets import Choice, TextInput, Widget, fit_text
from rami_desktop.ui.words.teams import LETTERS

LEVEL_LABELS: dict[str, str] = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
                                 "expert": N_("Expert")}
KIND_LABELS: dict[str, str] = {"human": N_("Human"), "bot": N_("Bot"),
                               "net": N_("On the network")}
#: how a player is spoken to: unsaid (gender-free words), she or he
GENDER_LABELS: dict[str, str] = {
    # TRANSLATORS: a seat's choice of how the game speaks to its player, when nobody chose
    # (the game then uses words that fit a woman and a man alike)
    UNSAID: N_("she/he"),
    # TRANSLATORS: a seat's choice: the game speaks to this player as a woman
    SHE: N_("she"),
    # TRANSLATORS: a seat's choice: the game speaks to this player as a man
    HE: N_("he"),
}
#: the kinds a seat may be: at this screen or a bot; when hosting, a player on the network too
LOCAL_KINDS: tuple[str, ...] = ("human", "bot")
HOST_KINDS: tuple[str, ...] = ("human", "bot", "net")
MAX_SEATS = 6


#: the level of a new bot seat: a first game is a calm one
DEFAULT_LEVEL = "medium"


def default_seats() -> list[Seat]:
    """One human against two medium bots; the human named by the seat's number ("Player 1":
    never "You", a pronoun that sentences such as "{name} wins the match!" cannot take), the
    bots by their default names (people's names, in the language shown)."""
    return [Seat(_("Player {number}").format(number=1), "human", DEFAULT_LEVEL),
            Seat(None, "bot", DEFAULT_LEVEL), Seat(None, "bot", DEFAULT_LEVEL)]


def host_seats() -> list[Seat]:
    """A table to host: the host at this screen and two players on the network (named
    when they join)."""
    return [Seat(_("Player {number}").format(number=1), "human", DEFAULT_LEVEL),
            Seat(None, "net", DEFAULT_LEVEL), Seat(None, "net", DEFAULT_LEVEL)]


class SeatRow:
    """The widgets of one seat: face, name, human or bot (or a player on the network, when
    hosting), and in the same place the bot's level or how a human here is spoken to (a
    player on the network says it when joining).

    Attributes:
        typed: whether the player typed the name (else it is the seat's default).
        profile_face: the face the statistics keep for the name typed, if any.
    """

    def __init__(self, index: int, on_change: Callable[[], None],
                 kinds: tuple[str, ...] = LOCAL_KINDS,
                 known: Callable[[str], str | None] = lambda _name: None,
                 choose_face: Callable[[FacePicker], None] | None = None) -> None:
        self.index = index
        self.on_change = on_change
        self.kinds = kinds
        #: how a named player was spoken to before (kept with their statistics), if known
        self.known = known
        self.typed = False
        self.emptied = False  # the player emptied the name: it stays empty (its default used)
        self.profile_face: str | None = None
        self.face = FacePicker(FACES[index % len(FACES)].id, lambda _f: self.on_change(),
                               choose_face)
        # a default name ("Player 1", a bot's person) is replaced by the first letter typed
        self.name = TextInput("", self.name_typed, max_length=16, placeholder=N_("Name"),
                              provisional=lambda: not self.typed)
        self.kind = Choice(None, [(k, KIND_LABELS[k]) for k in kinds], "bot",
                           self.kind_changed)
        self.level = Choice(None, [(k, LEVEL_LABELS[k]) for k in LEVELS], DEFAULT_LEVEL)
        # an untouched default name ("Joueuse 1") and a face not chosen follow the gender
        self.gender = Choice(None, list(GENDER_LABELS.items()), UNSAID,
                             lambda _g: self.on_change())
        #: the kind's width beside a level, and alone (set by the screen's layout)
        self.kind_widths: tuple[int, int] | None = None

    def offer_levels(self, levels: tuple[str, ...]) -> None:
        """The bot levels a preset offers (``bots.levels_for``); a level it does not offer
        becomes the default one."""
        self.level.options = [(k, LEVEL_LABELS[k]) for k in levels]
        if self.level.value not in levels:
            self.level.value = DEFAULT_LEVEL

    def default_name(self, kind: str) -> str:
        """The name a human or network seat gets when the player typed none ("Player 3", for
        her "Joueuse 3"; a bot's default is worked out with the other seats:
        :func:`show_seat_defaults`)."""
        if kind == "bot":
            return _("Bot {number}").format(number=self.index + 1)
        gender = self.gender.value if kind == "human" else UNSAID
        return gendered(gender, "Player {number}").format(number=self.index + 1)

    def is_default_name(self, name: str) -> bool:
        """Whether a name is empty, this seat's default name of any kind, for her or him, in
        any language ("Bot 2" of earlier setups included), or a person's name a bot takes."""
        name = name.strip()
        return not name or is_person_name(name) or any(
            name == text.format(number=self.index + 1)
            for msgid in (N_("Bot {number}"), N_("Player {number}"))
            for text in every_translation(msgid, (None, SHE, HE)))

    def load(self, seat: Seat) -> None:
        """Show a saved seat (a name it did not choose stays a default)."""
        self.kind.value = seat.kind
        self.gender.value = clean_gender(seat.gender)
        name = seat.name or ""
        self.typed = not self.is_default_name(name) or (
            seat.kind != "bot" and bool(name) and is_person_name(name))
        self.emptied = False
        self.name.value = name if self.typed else ""
        face = known_face(seat.face)
        self.face.chosen = face is not None
        if face is not None:
            self.face.face = face

    def name_typed(self, value: str) -> None:
        """The player typed: an empty name is the default again (the field stays empty until
        the kind changes); a player the statistics know is spoken to as before ("Amina":
        she)."""
        self.typed = bool(value.strip())
        self.emptied = not self.typed
        gender = self.known(value.strip())
        if gender is not None and self.kind.value == "human":
            self.gender.value = gender
        self.on_change()

    def kind_changed(self, _kind: str) -> None:
        """Human, bot or network: an untouched default name follows the kind."""
        self.emptied = False
        self.on_change()

    def show_defaults(self, bot_name: str | None, face: str) -> None:
        """Show the seat's defaults worked out by the screen: its default name when none was
        typed (``bot_name`` for a bot), its face when none was chosen (the profile's first)."""
        if not self.typed and not self.emptied:
            kind = self.kind.value
            self.name.value = bot_name if kind == "bot" and bot_name else self.default_name(kind)
        if not self.face.chosen:
            self.face.face = self.profile_face or face

    @property
    def widgets(self) -> list[Widget]:
        """In focus order."""
        return [self.face, self.name, self.kind, self.level, self.gender]

    def set_visible(self, visible: bool) -> None:
        """Show or hide the row."""
        for w in self.widgets:
            w.visible = visible
        self.level.visible = visible and self.kind.value == "bot"
        self.gender.visible = visible and self.kind.value == "human"
        self.fit_kind()

    def fit_kind(self) -> None:
        """Without a level to choose, the kind takes the level's room ("On the network"
        whole), unless a human here chooses she or he there; its edge beside the name stays
        put, in either direction of writing."""
        if self.kind_widths is None:
            return
        narrow, wide = self.kind_widths
        rect = self.kind.rect
        edge = rect.right
        # a human's she/he stands where a bot's level does: the columns line up
        rect.w = narrow if self.level.visible or self.gender.visible else wide
        if is_rtl():
            rect.right = edge
        gender = self.gender.rect
        gender.w, gender.y, gender.h = wide - rect.w, rect.y, rect.h
        if is_rtl():
            gender.right = rect.left
        else:
            gender.x = rect.right

    def seat(self) -> Seat:
        """The seat described by the row: a name not typed is the default (None for a bot:
        its person's name, in the language shown at the table; None for a seat on the network
        too: its player's name once joined, else "Place 3" in each screen's language); a face
        not chosen is None (the seat's default) unless the profile keeps one."""
        kind = self.kind.value
        if self.typed:
            name: str | None = self.name.value.strip()
        else:
            name = None if kind in ("bot", "net") else self.default_name(kind)
        face = self.face.face if self.face.chosen else self.profile_face
        gender = self.gender.value if kind == "human" else UNSAID
        return Seat(name, kind, self.level.value, gender, face)


def show_seat_defaults(rows: Sequence[SeatRow], shown: int, profiles: Mapping[str, str]
                       ) -> None:
    """Each row's default name and face, worked out as the table will (the ``shown`` first
    rows; the others as if every row played), a player's face kept in the statistics
    (``profiles``, by name) first."""
    for row in rows:
        row.profile_face = (profiles.get(row.name.value.strip()) if row.typed
                            and row.kind.value != "bot" else None)
    visible = rows[:shown]
    for seats, those in ((visible, visible), (rows, rows[shown:])):
        config = GameConfig(seats=tuple(row.seat() for row in seats))
        faces = seat_faces(config)
        named = tuple((seat.is_bot, seat.name) for seat in config.seats)
        for row in those:
            row.show_defaults(default_name(named, row.index), faces[row.index])


def draw_seat_tab(surface: pygame.Surface, rect: pygame.Rect, seat: int, team: int | None,
                  scale: float) -> None:
    """A seat's tab on its face: its number, or its team's letter on the team's colour."""
    color = theme.FELT if team is None else (theme.ZELLIGE, theme.ACCENT)[team]
    pygame.draw.circle(surface, color, rect.center, rect.w // 2)
    pygame.draw.circle(surface, theme.BRASS, rect.center, rect.w // 2,
                       max(1, theme.px(2, scale)))
    label = str(seat + 1) if team is None else LETTERS[team]
    text = fit_text(label, max(10, rect.h * 3 // 4), theme.CREAM, rect.w, bold=True)
    surface.blit(text, text.get_rect(center=rect.center))
