"""One seat of the setup screen: its name, human or bot, and the bot's level or how the human
is spoken to (she or he)."""

from __future__ import annotations

from collections.abc import Callable

from rami_desktop.i18n import N_, _, every_translation, is_rtl
from rami_desktop.i18n.gender import HE, SHE, UNSAID, gendered
from rami_desktop.play.session.config import Seat
from rami_desktop.ui.widgets import Choice, TextInput, Widget

LEVEL_LABELS: dict[str, str] = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
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
    """One human against two medium bots, named by their seat number ("Player 1", "Bot 2"):
    never "You", a pronoun that sentences such as "{name} wins the match!" cannot take."""
    return [Seat(_("Player {number}").format(number=1), "human", DEFAULT_LEVEL),
            Seat(_("Bot {number}").format(number=2), "bot", DEFAULT_LEVEL),
            Seat(_("Bot {number}").format(number=3), "bot", DEFAULT_LEVEL)]


def host_seats() -> list[Seat]:
    """A table to host: the host at this screen and two players on the network."""
    return [Seat(_("Player {number}").format(number=1), "human", DEFAULT_LEVEL),
            Seat(_("Player {number}").format(number=2), "net", DEFAULT_LEVEL),
            Seat(_("Player {number}").format(number=3), "net", DEFAULT_LEVEL)]


class SeatRow:
    """The widgets of one seat: name, human or bot (or a player on the network, when
    hosting), and in the same place the bot's level or how a human here is spoken to (a
    player on the network says it when joining)."""

    def __init__(self, index: int, on_change: Callable[[], None],
                 kinds: tuple[str, ...] = LOCAL_KINDS,
                 known: Callable[[str], str | None] = lambda _name: None) -> None:
        self.index = index
        self.on_change = on_change
        self.kinds = kinds
        #: how a named player was spoken to before (kept with their statistics), if known
        self.known = known
        self.name = TextInput("", self.name_changed, max_length=16, placeholder=N_("Name"))
        self.kind = Choice(None, [(k, KIND_LABELS[k]) for k in kinds], "bot",
                           self.kind_changed)
        self.level = Choice(None, [(k, v) for k, v in LEVEL_LABELS.items()], DEFAULT_LEVEL)
        self.gender = Choice(None, list(GENDER_LABELS.items()), UNSAID, self.gender_changed)
        #: the kind's width beside a level, and alone (set by the screen's layout)
        self.kind_widths: tuple[int, int] | None = None

    def default_name(self, kind: str) -> str:
        """The name a seat of a kind gets when the player typed none ("Player 3", for her
        "Joueuse 3")."""
        if kind == "bot":
            return _("Bot {number}").format(number=self.index + 1)
        gender = self.gender.value if kind == "human" else UNSAID
        return gendered(gender, "Player {number}").format(number=self.index + 1)

    def is_default_name(self, name: str) -> bool:
        """Whether a name is empty or this seat's default name, of any kind, for her or him,
        in any language (the player did not choose it)."""
        name = name.strip()
        return not name or any(name == text.format(number=self.index + 1)
                               for msgid in (N_("Bot {number}"), N_("Player {number}"))
                               for text in every_translation(msgid, (None, SHE, HE)))

    def kind_changed(self, kind: str) -> None:
        """Human, bot or network: an untouched default name follows the kind."""
        self.follow_language()
        self.on_change()

    def name_changed(self, name: str) -> None:
        """A player the statistics know is spoken to as before ("Amina": she)."""
        gender = self.known(name.strip())
        if gender is not None and self.kind.value == "human":
            self.gender.value = gender

    def gender_changed(self, _gender: str) -> None:
        """She, he or unsaid: an untouched default name follows ("Joueuse 1")."""
        self.follow_language()
        self.on_change()

    def follow_language(self) -> None:
        """A default name in the language now shown, of the seat's kind and gender (a name
        the player typed stays)."""
        if self.is_default_name(self.name.value):
            self.name.value = self.default_name(self.kind.value)

    @property
    def widgets(self) -> list[Widget]:
        """In focus order."""
        return [self.name, self.kind, self.level, self.gender]

    def set_visible(self, visible: bool) -> None:
        """Show or hide the row."""
        for w in self.widgets:
            w.visible = visible
        self.level.visible = visible and self.kind.value == "bot"
        self.gender.visible = visible and self.kind.value == "human"
        self.fit_kind()

    def fit_kind(self) -> None:
        """Without a level to choose, the kind takes the level's room ("On the network"
        whole), shared with the gender for a human here; its edge beside the name stays put,
        in either direction of writing."""
        if self.kind_widths is None:
            return
        narrow, wide = self.kind_widths
        rect = self.kind.rect
        edge = rect.right
        if self.gender.visible:
            rect.w = wide * 3 // 5
        else:
            rect.w = narrow if self.level.visible else wide
        if is_rtl():
            rect.right = edge
        gender = self.gender.rect
        gender.w, gender.y, gender.h = wide - rect.w, rect.y, rect.h
        if is_rtl():
            gender.right = rect.left
        else:
            gender.x = rect.right

    def seat(self) -> Seat:
        """The seat described by the row (an empty name gets a default)."""
        name = self.name.value.strip() or self.default_name(self.kind.value)
        gender = self.gender.value if self.kind.value == "human" else UNSAID
        return Seat(name, self.kind.value, self.level.value, gender)
