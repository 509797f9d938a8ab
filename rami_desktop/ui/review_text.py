"""The round review in words: each finding of :mod:`rami_desktop.play.session.review` as one line,
told to the player it is about ("you"), with the player's own turn number.

The ways ("lay {melds}") follow "you could have", so they have their own context
(``pgettext("could have", ...)``): French and darija need another verb form there than in the
hint's orders.
"""

from __future__ import annotations

from collections.abc import Sequence

from rami_desktop.engine.cards import Card
from rami_desktop.i18n import _, ngettext, pgettext
from rami_desktop.i18n.cards import card_text, cards_text, meld_text
from rami_desktop.play.table.rulebook import make_meld
from rami_desktop.play.view.findings import Finding, FindingKind
from rami_desktop.ui.text import bidi_format


def melds_text(melds: Sequence[Sequence[Card]]) -> str:
    """Combinations named as such ("tria K♠ K♥ K♦ and série 8-9-10♥"), cards when one is not
    a combination on its own."""
    words = []
    for cards in melds:
        meld = make_meld(list(cards), max_jokers=len(cards))
        words.append(cards_text(cards) if meld is None else meld_text(meld))
    return _(" and ").join(words)


def way_text(finding: Finding) -> str:
    """What the player could have done, after "you could have": "take 7♣ from the talaj,
    then lay tria 5♥ 5♣ 5♦, then add 8♣ to série 5-6-7♣" (each language's verb form after
    "could have")."""
    parts = []
    if finding.take is not None:
        parts.append(bidi_format(pgettext("could have", "take {card} from the talaj"),
                                 card=card_text(finding.take)))
    if finding.melds:
        parts.append(bidi_format(pgettext("could have", "lay {melds}"),
                                 melds=melds_text(finding.melds)))
    for k, cards in enumerate(finding.adds):
        onto = finding.onto[k] if k < len(finding.onto) else ()
        if onto:  # the combination named: "add K♦ to série 10-J-Q♦"
            parts.append(bidi_format(pgettext("could have", "add {cards} to {meld}"),
                                     cards=cards_text(cards), meld=melds_text([onto])))
        else:
            parts.append(bidi_format(pgettext("could have", "add {cards} to the table"),
                                     cards=cards_text(cards)))
    return _(", then ").join(parts)


def points_text(points: int) -> str:
    """Points with their unit ("86 points")."""
    return bidi_format(ngettext("{points} point", "{points} points", points), points=points)


def finding_text(finding: Finding) -> str:
    """One finding, told to the player it is about ("you")."""
    kind = finding.kind
    turn = finding.turn
    if kind is FindingKind.NEVER_OPENED:
        return bidi_format(_("You never opened, yet on your turn {turn} you could have "
                             "opened ({points}): {way}."),
                           turn=turn, way=way_text(finding), points=points_text(finding.points))
    if kind is FindingKind.MISSED_OPENING:
        return bidi_format(_("On your turn {turn} you could already have opened ({points}): "
                             "{way}."),
                           turn=turn, way=way_text(finding), points=points_text(finding.points))
    if kind is FindingKind.FED_OPEN:
        return bidi_format(_("On your turn {turn} your discard {card} let the next player open."),
                           turn=turn, card=_card(finding))
    if kind is FindingKind.FED_OUT:
        return bidi_format(_("On your turn {turn} your discard {card} let the next player go "
                             "out."), turn=turn, card=_card(finding))
    if kind is FindingKind.MISSED_OUT:
        return bidi_format(_("On your turn {turn} you could have gone out: {way}."),
                           turn=turn, way=way_text(finding))
    if kind is FindingKind.JOKER_DISCARDED:
        return bidi_format(_("On your turn {turn} you discarded a joker, the card that takes "
                             "the place of any other."), turn=turn)
    if kind is FindingKind.POINTS_LEFT:
        return bidi_format(_("On your turn {turn}, before discarding, you could have played "
                             "more ({points} less to pay): {way}."),
                           turn=turn, way=way_text(finding), points=points_text(finding.points))
    count = len(finding.cards)
    return bidi_format(ngettext("You held {count} joker at the end: {points} of your penalty.",
                                "You held {count} jokers at the end: {points} of your "
                                "penalty.", count),
                       count=count, points=points_text(finding.points))


def _card(finding: Finding) -> str:
    return cards_text(finding.cards)


def nothing_text() -> str:
    """The review's line when it found nothing for a player: neutral, never a praise (it says
    only what it looked at)."""
    return _("Nothing to point out in this round.")


def more_text(count: int) -> str:
    """The line under a list cut short: how many more findings there are."""
    return bidi_format(ngettext("… and {count} more (scroll down)",
                                "… and {count} more (scroll down)", count), count=count)
