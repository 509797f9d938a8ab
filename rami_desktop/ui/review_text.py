"""The round review in words: each finding of :mod:`rami_desktop.play.review` as one line."""

from __future__ import annotations

from rami_desktop.engine.cards import Card
from rami_desktop.i18n import _, ngettext
from rami_desktop.i18n.cards import card_text, cards_text
from rami_desktop.play.findings import Finding, FindingKind, GoingOut
from rami_desktop.ui.text import bidi_format


def way_text(way: GoingOut) -> str:
    """How the hand could have gone out: "take 7♣ from the talaj, then lay 5♥ 6♥ 7♥ and
    add 8♣"."""
    parts = []
    if way.take is not None:
        parts.append(bidi_format(_("take {card} from the talaj"), card=card_text(way.take)))
    if way.lays:
        melds = _(" and ").join(cards_text(m) for m in way.lays)
        parts.append(bidi_format(_("lay {melds}"), melds=melds))
    if way.adds:
        cards = _(" and ").join(cards_text(m) for m in way.adds)
        parts.append(bidi_format(_("add {cards} to the table"), cards=cards))
    return _(", then ").join(parts)


def finding_text(finding: Finding) -> str:
    """One finding, told to the player it is about ("you")."""
    kind = finding.kind
    if kind is FindingKind.FED_OPEN:
        return bidi_format(_("Turn {turn}: your discard {card} let the next player open."),
                           turn=finding.turn, card=card_text(_card(finding)))
    if kind is FindingKind.FED_OUT:
        return bidi_format(_("Turn {turn}: your discard {card} let the next player go out."),
                           turn=finding.turn, card=card_text(_card(finding)))
    if kind is FindingKind.MISSED_OUT:
        way = finding.way or GoingOut()
        return bidi_format(_("Turn {turn}: you could have gone out: {way}."),
                           turn=finding.turn, way=way_text(way))
    return bidi_format(ngettext("You held {count} joker at the end: {points} of your penalty.",
                                "You held {count} jokers at the end: {points} of your penalty.",
                                finding.count), count=finding.count, points=finding.points)


def _card(finding: Finding) -> Card:
    assert finding.card is not None, "a feed names its discard"
    return finding.card


def nothing_text() -> str:
    """The review's line when it found nothing."""
    return _("Well played: no discard fed the next player, no going-out was missed and no "
             "joker was left in hand.")
