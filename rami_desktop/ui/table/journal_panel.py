"""The "what happened" journal: the round's actions as the engine reported them (its events),
worded in the player's language when drawn ("Bot 2 took the first card 3♣", "Bot 3 laid
série 7-8-9♥ (24)", "Bot 1 discarded 8♥", "Player 2 opened with 75").

Only what every player saw is told: a card drawn from the stock is never named, and on a
shared screen a take-back is told without its cards ("Amina took back 3 cards"), the lines
that laid them forgotten. The points
shown are the engine's (:meth:`rami_desktop.play.view.terms.Meld.points`, the opening points of
:class:`~rami_desktop.engine.actions.Discarded`); nothing here applies a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rami_desktop import i18n
from rami_desktop.engine.actions import (
    Added,
    Discarded,
    Drew,
    Laid,
    Redealt,
    Reshuffled,
    RoundEnded,
    Swapped,
    TookBack,
)
from rami_desktop.engine.cards import Card
from rami_desktop.i18n import _, ngettext
from rami_desktop.i18n.card_words import card_text, cards_text, meld_text
from rami_desktop.i18n.gender import UNSAID, gendered
from rami_desktop.play.view.story import Told, ToldEvent, TookBackUnseen
from rami_desktop.play.view.terms import Meld
from rami_desktop.ui.kit.text import bidi_format

#: how many actions the journal keeps (the panel shows the last ones that fit)
LIMIT = 60


@dataclass(frozen=True)
class Entry:
    """One line of the journal.

    Attributes:
        event: the engine's event.
        seat: the seat of the player who acted (None for the table's own events).
        meld: the combination as it stood just after (lays, additions, swaps).
        points: the combination's points (lays), or the opening's points (``opened``).
        opened: this line says that the player opened (the discard that made the opening).
    """

    event: ToldEvent
    seat: int | None
    meld: Meld | None = None
    points: int | None = None
    opened: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the line is about (shown beside it)."""
        e = self.event
        if isinstance(e, Drew):
            return (e.card,) if e.card is not None and e.source != "stock" else ()
        if isinstance(e, Laid | Added | TookBack):
            return e.cards
        if isinstance(e, Swapped | Discarded) and not self.opened:
            return (e.card,)
        return ()


class Journal:
    """The round's actions, newest last (at most :data:`LIMIT`)."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        #: grows with every change (the panel redraws when it changes)
        self.version = 0
        self._texts: tuple[tuple[int, int, int | None], list[str]] | None = None

    def clear(self) -> None:
        """A new round: forget the last one."""
        self.entries.clear()
        self.version += 1

    def record(self, told: Told, ace: int, seat_of: Callable[[int], int]) -> None:
        """Add the events of one move.

        Args:
            told: the move's events and the combinations they name as they stood just after.
            ace: the points of an ace (the rules' ``ace_value``).
            seat_of: a round player's seat.
        """
        for e in told.events:
            if isinstance(e, Laid | Added | Swapped):
                meld = told.meld(e.meld)
                points = meld.points(ace) if isinstance(e, Laid) and meld is not None else None
                self._add(Entry(e, seat_of(e.player), meld, points))
            elif isinstance(e, Discarded):
                if e.opened is not None:
                    self._add(Entry(e, seat_of(e.player), points=e.opened, opened=True))
                self._add(Entry(e, seat_of(e.player)))
            elif isinstance(e, TookBackUnseen):
                self._forget_laid(seat_of(e.player), e.count)
                self._add(Entry(e, seat_of(e.player)))
            elif isinstance(e, Drew | TookBack | Redealt):
                self._add(Entry(e, seat_of(e.player)))
            elif isinstance(e, RoundEnded):
                seat = seat_of(e.winner) if e.winner is not None else None
                self._add(Entry(e, seat))
            elif isinstance(e, Reshuffled):
                self._add(Entry(e, None))

    def _forget_laid(self, seat: int, count: int) -> None:
        """A take-back told without its cards: the lines that laid them this turn go too (the
        cards were the latest laid, and they are back in the hand)."""
        left = count
        for i in range(len(self.entries) - 1, -1, -1):
            entry = self.entries[i]
            if left <= 0 or entry.seat != seat or isinstance(entry.event, Drew | Discarded):
                break
            if isinstance(entry.event, Laid | Added):
                left -= len(entry.event.cards)
                del self.entries[i]
        self.version += 1

    def note_redeal(self, seat: int, player: int) -> None:
        """A seat asked for a new deal (outside the engine's event lists)."""
        self._add(Entry(Redealt(player), seat))

    def _add(self, entry: Entry) -> None:
        self.entries.append(entry)
        del self.entries[:-LIMIT]
        self.version += 1

    def texts(self, name: Callable[[int], str], you: int | None = None,
              gender: Callable[[int], str] = lambda _seat: UNSAID) -> list[str]:
        """Every line in the current language, oldest first (cached).

        Args:
            name: a seat's name.
            you: the seat of the one player at the screen (their moves say "You").
            gender: how a seat's player is spoken of.
        """
        key = (self.version, i18n.generation(), you)
        if self._texts is None or self._texts[0] != key:
            self._texts = (key, [describe(entry, name, you, gender) for entry in self.entries])
        return self._texts[1]


def _meld(meld: Meld | None, cards: Sequence[Card]) -> str:
    return meld_text(meld) if meld is not None else cards_text(cards)


def describe(entry: Entry, name: Callable[[int], str], you: int | None = None,
             gender: Callable[[int], str] = lambda _seat: UNSAID) -> str:
    """One journal line in the current language (names and cards kept in their own order in
    right-to-left text; the words about a player in the form for her or him).

    Args:
        entry: the line.
        name: a seat's name.
        you: the seat of the one player at the screen: their own moves are told to them
            ("You discarded 8♥").
        gender: how a seat's player is spoken of.
    """
    e = entry.event
    mine = entry.seat is not None and entry.seat == you
    who = name(entry.seat) if entry.seat is not None else ""
    if isinstance(e, Drew):
        if e.source == "stock" or e.card is None:
            return (_("You drew from the stock") if mine else
                    bidi_format(_("{name} drew from the stock"), name=who))
        card = card_text(e.card)
        if e.source == "first":
            return (bidi_format(_("You took the first card {card}"), card=card) if mine else
                    bidi_format(_("{name} took the first card {card}"), name=who, card=card))
        return (bidi_format(_("You took {card} from the talaj"), card=card) if mine else
                bidi_format(_("{name} took {card} from the talaj"), name=who, card=card))
    if isinstance(e, Laid):
        meld = _meld(entry.meld, e.cards)
        if entry.points:
            return (bidi_format(_("You laid {meld} ({points})"), meld=meld, points=entry.points)
                    if mine else bidi_format(_("{name} laid {meld} ({points})"), name=who,
                                             meld=meld, points=entry.points))
        return (bidi_format(_("You laid {meld}"), meld=meld) if mine else
                bidi_format(_("{name} laid {meld}"), name=who, meld=meld))
    if isinstance(e, Added):
        cards, meld = cards_text(e.cards), _meld(entry.meld, e.cards)
        return (bidi_format(_("You added {cards} to {meld}"), cards=cards, meld=meld) if mine
                else bidi_format(_("{name} added {cards} to {meld}"), name=who, cards=cards,
                                 meld=meld))
    if isinstance(e, Swapped):
        card, meld = card_text(e.card), _meld(entry.meld, (e.card,))
        return (bidi_format(_("You put {card} in place of the joker in {meld}"), card=card,
                            meld=meld) if mine else
                bidi_format(_("{name} put {card} in place of the joker in {meld}"), name=who,
                            card=card, meld=meld))
    if isinstance(e, TookBack):
        cards = cards_text(e.cards)
        return (bidi_format(_("You took back {cards}"), cards=cards) if mine else
                bidi_format(_("{name} took back {cards}"), name=who, cards=cards))
    if isinstance(e, TookBackUnseen):
        return (ngettext("You took back {count} card", "You took back {count} cards",
                         e.count).format(count=e.count) if mine else
                bidi_format(ngettext("{name} took back {count} card",
                                     "{name} took back {count} cards", e.count),
                            name=who, count=e.count))
    if isinstance(e, Discarded):
        if entry.opened:
            return (bidi_format(_("You opened with {points}"), points=entry.points) if mine
                    else bidi_format(_("{name} opened with {points}"), name=who,
                                     points=entry.points))
        card = card_text(e.card)
        return (bidi_format(_("You discarded {card}"), card=card) if mine else
                bidi_format(_("{name} discarded {card}"), name=who, card=card))
    if isinstance(e, Redealt):
        return (_("You asked for a new deal") if mine else
                bidi_format(_("{name} asked for a new deal"), name=who))
    if isinstance(e, Reshuffled):
        return _("The talaj was shuffled into a new stock")
    if isinstance(e, RoundEnded):
        if entry.seat is None:
            return _("The stock ran out: no winner this round.")
        return bidi_format(gendered(gender(entry.seat), "{name} went out!"), name=who)
    return ""
