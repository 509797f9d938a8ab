"""The round review in words: each finding of :mod:`rami_desktop.play.review.round_review` as one
line, told to the player it is about ("you"), with the player's own turn number.

The ways ("lay {melds}") follow "you could have", so they have their own context
(``pgettext("could have", ...)``): French and darija need another verb form there than in the
hint's orders.
"""

from __future__ import annotations

from collections.abc import Sequence

from rami_desktop.engine.cards import Card
from rami_desktop.i18n import _, ngettext, pgettext
from rami_desktop.i18n.card_words import (
    A_MELD,
    NO_BREAK,
    THE_MELD,
    card_text,
    cards_text,
    meld_text,
)
from rami_desktop.play.view.findings import Finding, FindingKind
from rami_desktop.play.view.terms import make_meld
from rami_desktop.ui.kit.text import bidi_format


def _keep_together(text: str) -> str:
    """A combination or a group of cards is never cut at the end of a line (no-break spaces)."""
    return text.replace(" ", NO_BREAK)


def _list(parts: Sequence[str]) -> str:
    """Several things in one phrase: "A, B and C" (darija «A، B وC»)."""
    if len(parts) < 2:
        return "".join(parts)
    head = pgettext("list separator", ", ").join(parts[:-1])
    return _(" and ").join((head, parts[-1]))


def melds_text(melds: Sequence[Sequence[Card]], form: str = A_MELD) -> str:
    """Combinations named as such, with the article of ``form`` ("a tria K♠ K♥ K♦ and a série
    8-9-10♥"), cards when one is not a combination on its own; each kept on one line."""
    words = []
    for cards in melds:
        meld = make_meld(list(cards), max_jokers=len(cards))
        words.append(cards_text(cards) if meld is None else meld_text(meld, form))
    return _list([_keep_together(w) for w in words])


def cards_phrase(cards: Sequence[Card]) -> str:
    """Cards to add or put in place: "7♠", "J♣ and a joker", a lone joker "the joker"."""
    real = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(real)
    if not real:
        return _("the joker") if jokers == 1 else ngettext(
            "the {count} joker", "the {count} jokers", jokers).format(count=jokers)
    parts = [_keep_together(cards_text(real))]
    if jokers:
        parts.append(ngettext("a joker", "{count} jokers", jokers).format(count=jokers))
    return _list(parts)


def way_text(finding: Finding) -> str:
    """What the player could have done: "take 7♣ from the talaj, then put A♦ in place of the
    joker in the série Q-K-joker♦, then lay a tria 5♥ 5♣ 5♦, then add the joker to the tria
    A♠ A♥ A♦" (each language's form after "you could have"). The jokers won back come before
    the combinations that use them."""
    parts = []
    if finding.take is not None:
        parts.append(bidi_format(pgettext("could have", "take {card} from the talaj"),
                                 card=card_text(finding.take)))
    for card, meld in finding.swaps:
        parts.append(bidi_format(pgettext("could have", "put {card} in place of the joker in "
                                                        "{meld}"),
                                 card=card_text(card), meld=melds_text([meld], THE_MELD)))
    if finding.melds:
        parts.append(bidi_format(pgettext("could have", "lay {melds}"),
                                 melds=melds_text(finding.melds)))
    for k, cards in enumerate(finding.adds):
        onto = finding.onto[k] if k < len(finding.onto) else ()
        if onto:  # the combination named: "add K♦ to the série 10-J-Q♦"
            parts.append(bidi_format(pgettext("could have", "add {cards} to {meld}"),
                                     cards=cards_phrase(cards), meld=melds_text([onto],
                                                                                THE_MELD)))
        else:
            parts.append(bidi_format(pgettext("could have", "add {cards} to the table"),
                                     cards=cards_phrase(cards)))
    return _(", then ").join(parts)


def points_text(points: int) -> str:
    """Points with their unit ("86 points")."""
    return bidi_format(ngettext("{points} point", "{points} points", points), points=points)


def finding_text(finding: Finding, last_turn: int | None = None) -> str:
    """One finding, told to the player it is about ("you"); ``last_turn``: the same way out
    missed on each turn from the finding's to that one (one line for them all)."""
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
    if kind is FindingKind.MISSED_OUT and last_turn is not None and last_turn > turn:
        return bidi_format(_("On your turns {first} to {last} you could have gone out: {way}."),
                           first=turn, last=last_turn, way=way_text(finding))
    if kind is FindingKind.MISSED_OUT:
        return bidi_format(_("On your turn {turn} you could have gone out: {way}."),
                           turn=turn, way=way_text(finding))
    if kind is FindingKind.JOKER_DISCARDED:
        return bidi_format(_("On your turn {turn} you discarded a joker: it could have replaced "
                             "the card you were missing, and it hands the next player a free "
                             "card."), turn=turn)
    if kind is FindingKind.POINTS_LEFT:
        return bidi_format(_("On your turn {turn}, before discarding, you could have played "
                             "more ({points} less to pay): {way}."),
                           turn=turn, way=way_text(finding), points=points_text(finding.points))
    count = len(finding.cards)
    return bidi_format(ngettext("You held {count} joker at the end: {points} of your penalty.",
                                "You held {count} jokers at the end: {points} of your "
                                "penalty.", count),
                       count=count, points=points_text(finding.points))


def review_lines(findings: Sequence[Finding]) -> list[tuple[str, Finding]]:
    """The findings of one player in words, one line each, in order; a way out missed on
    consecutive turns is one line ("On your turns 11 to 13 …"), worded with the first turn's
    way (each line keeps the first finding it words)."""
    out: list[tuple[str, Finding]] = []
    k = 0
    while k < len(findings):
        first = findings[k]
        last = k
        while (first.kind is FindingKind.MISSED_OUT and last + 1 < len(findings)
               and findings[last + 1].kind is FindingKind.MISSED_OUT
               and findings[last + 1].seat == first.seat
               and findings[last + 1].turn == findings[last].turn + 1):
            last += 1
        out.append((finding_text(first, findings[last].turn if last > k else None), first))
        k = last + 1
    return out


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
