"""The pictures of the illustrated rules: each combination type, a worked opening count and
each talaj rule, drawn with the game's cards for the rules of a table (or a preset).

Every figure asks the engine: a combination is shown valid or crossed out as
:func:`~rami_desktop.play.view.terms.make_meld` says, points are the engine's
(:meth:`~rami_desktop.play.view.terms.Meld.points`,
:func:`~rami_desktop.play.view.terms.card_points`) and the texts follow the rule options
(threshold, jokers per combination, first card...).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.i18n import _, is_rtl, ngettext
from rami_desktop.i18n.card_words import card_text, cards_text
from rami_desktop.i18n.rules_help import rules_help
from rami_desktop.play.view.terms import (
    PRESETS,
    FirstCard,
    Meld,
    Rules,
    card_points,
    make_meld,
    melds_points,
    reaches_threshold,
)
from rami_desktop.ui.help.help_page import PageBuilder
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.card_art import CardArt
from rami_desktop.ui.kit.text import bidi_format
from rami_desktop.ui.widgets import render_text

#: worked openings, smallest first: the first that reaches the table's threshold is shown
#: (no low ace in them, so that each card's points are the engine's card points)
OPENINGS: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("8S", "8H", "8D"), ("8C", "9C", "10C")),
    (("7S", "7H", "7C"), ("10D", "JD", "QD", "KD", "AD")),
    (("KS", "KH", "KD", "KC"), ("9H", "10H", "JH", "QH", "KH")),
    (("KS", "KH", "KD", "KC"), ("9H", "10H", "JH", "QH", "KH", "AH"), ("QS", "QH", "QD", "QC")),
)


def _table_rules(rules: Rules | str) -> Rules:
    return PRESETS[rules] if isinstance(rules, str) else rules


class RulesPictures:
    """Draws the figures of the rules for one set of rules.

    Args:
        rules: a table's rules, or a preset name (its defaults).
        art: the card pictures.
        scale: the UI scale.
    """

    def __init__(self, rules: Rules | str, art: CardArt, scale: float) -> None:
        self.source = rules
        self.rules = _table_rules(rules)
        self.art = art
        self.scale = scale
        self.card_w = theme.px(52, scale)

    def px(self, value: float) -> int:
        """A reference length in pixels."""
        return theme.px(value, self.scale)

    # ---- drawing pieces ------------------------------------------------------------------------

    def cards(self, cards: Sequence[Card], labels: Sequence[str] = (), overlap: float = 0.62,
              crossed: bool = False) -> pygame.Surface:
        """A row of cards (left to right), with a small label under each if given."""
        w = self.card_w
        h = round(w * 7 / 5)
        step = max(1, round(w * overlap))
        label_h = self.px(26) if labels else 0
        width = w + step * (len(cards) - 1) if cards else 1
        out = pygame.Surface((width, h + label_h), pygame.SRCALPHA)
        for i, card in enumerate(cards):
            out.blit(self.art.face(card.code, w), (i * step, 0))
        for i, label in enumerate(labels):
            text = render_text(label, self.px(theme.FONT_SMALL), theme.ZELLIGE, bold=True)
            x = i * step + (step if i < len(cards) - 1 else w) // 2 - text.get_width() // 2
            out.blit(text, (max(0, x), h + self.px(2)))
        if crossed:
            thick = self.px(5)
            pygame.draw.line(out, theme.ACCENT, (0, 0), (width, h), thick)
            pygame.draw.line(out, theme.ACCENT, (0, h), (width, 0), thick)
        return out

    def join(self, pieces: Sequence[pygame.Surface | str]) -> pygame.Surface:
        """Pictures and short texts (signs, numbers) side by side, centred on one line, in the
        reading order (from the right in right-to-left languages: "stock → 9♠" reads 9♠ ←
        stock there; each row of cards stays left to right, as cards are held)."""
        gap = self.px(10)
        surfaces = [p if isinstance(p, pygame.Surface)
                    else render_text(p, self.px(theme.FONT_SUBHEADING), theme.INK, bold=True)
                    for p in pieces]
        if is_rtl():
            surfaces.reverse()
        width = sum(s.get_width() for s in surfaces) + gap * (len(surfaces) - 1)
        height = max(s.get_height() for s in surfaces)
        out = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        x = 0
        for s in surfaces:
            out.blit(s, (x, (height - s.get_height()) // 2))
            x += s.get_width() + gap
        return out

    def arrow(self) -> pygame.Surface:
        """An arrow in the reading direction (right-pointing, left-pointing in right-to-left
        languages)."""
        w, h = self.px(44), self.px(24)
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        y = h // 2
        pygame.draw.line(out, theme.ZELLIGE, (0, y), (w - self.px(8), y), self.px(4))
        pygame.draw.polygon(out, theme.ZELLIGE, [(w, y), (w - self.px(12), 0),
                                                 (w - self.px(12), h)])
        return pygame.transform.flip(out, True, False) if is_rtl() else out

    def back(self) -> pygame.Surface:
        """One face-down card."""
        return self.art.back(self.card_w)

    # ---- the figures ---------------------------------------------------------------------------

    def combinations(self, page: PageBuilder) -> None:
        """Each kind of combination, and one that is not."""
        r = self.rules
        tria = parse_cards(["7S", "7H", "7D"])
        page.figure(self.cards(tria, crossed=make_meld(tria, r.jokers_per_meld) is None),
                    _("Tria: 3 or 4 cards of one rank, each of a different suit."))
        serie = parse_cards(["5H", "6H", "7H", "8H"])
        page.figure(self.cards(serie, crossed=make_meld(serie, r.jokers_per_meld) is None),
                    _("Série: 3 or more cards in a row of one suit. The ace is low (A-2-3) or "
                      "high (Q-K-A), never both."))
        joker = parse_cards(["9C", "JK", "JC"])
        meld = make_meld(joker, r.jokers_per_meld)
        stands = meld.stands_for(1) if meld is not None else None
        text = ngettext("A joker stands for one missing card, here the {card}. At most {n} "
                        "joker in a combination.",
                        "A joker stands for one missing card, here the {card}. At most {n} "
                        "jokers in a combination.", r.jokers_per_meld)
        page.figure(self.cards(joker, crossed=meld is None),
                    bidi_format(text, card=card_text(stands) if stands else "",
                                n=r.jokers_per_meld))
        wrong = parse_cards(["7S", "7S", "7H"])
        page.figure(self.cards(wrong, crossed=make_meld(wrong, r.jokers_per_meld) is None),
                    _("Not a tria: two cards of the same suit."))
        page.paragraph(_("A combination without a joker is franche."), theme.INK_SOFT)

    def _worked(self) -> list[Meld]:
        r = self.rules
        best: list[Meld] = []
        for example in OPENINGS:
            melds = [m for codes in example if (m := make_meld(parse_cards(codes),
                                                               r.jokers_per_meld))]
            best = melds
            if reaches_threshold(r, melds):
                break
        return best

    def opening(self, page: PageBuilder) -> None:
        """A worked opening count: each card's points, each combination's, and the total."""
        r = self.rules
        if not r.lay_before_out:
            page.paragraph(_("Nothing is laid before going out: the whole hand goes down at "
                             "once, in one turn."))
            return
        melds = self._worked()
        pieces: list[pygame.Surface | str] = []
        for i, meld in enumerate(melds):
            labels = [str(card_points(c.rank, r.ace_value)) for c in meld.cards]
            if i:
                pieces.append("+")
            pieces.append(self.cards(meld.cards, labels, overlap=0.72))
        total = melds_points(melds, r.ace_value)
        pieces += ["=", str(total)]
        page.picture(self.join(pieces))
        sums = " + ".join(str(m.points(r.ace_value)) for m in melds)
        page.paragraph(bidi_format(_("{sums} = {total} points. Jack, queen and king count 10, "
                                     "the ace 10 (1 in A-2-3), the others their number."),
                                   sums=sums, total=total))
        if r.threshold:
            page.paragraph(bidi_format(_("The first laying, the opening, needs {threshold} points "
                                         "or more in one turn, counting only combinations "
                                         "without a joker."), threshold=r.threshold))
        if r.need_tria_and_serie:
            page.paragraph(_("It must hold a franche tria and a franche série."))
        if r.rising_bar:
            page.paragraph(_("Once someone has opened, the next opening needs one point more "
                             "than theirs, until the round ends."))

    def talaj(self, page: PageBuilder) -> None:
        """A figure for each talaj rule of the table."""
        r = self.rules
        if r.initial_discard:
            page.figure(self.join([self.back(), self.arrow(), self.cards(parse_cards(["9S"]))]),
                        _("One card of the stock is turned up to start the talaj."))
        if r.first_card is not FirstCard.NONE:
            pile = self.cards(parse_cards(["7D", "2C", "JS"]), overlap=0.45)
            text = (_("The round's first discard may be taken into the hand by anyone but the "
                      "dealer, even under later discards, until play comes back to the dealer.")
                    if r.first_card is FirstCard.ANY_UNTIL_DEALER else
                    _("Only the next player may take the round's first discard into the hand."))
            page.figure(self.join([pile, self.arrow(), self.cards(parse_cards(["7D"]))]), text)
        top = parse_cards(["QH"])
        if r.top_card_must_lay:
            laid = parse_cards(["JH", "QH", "KH"])
            page.figure(self.join([self.cards(top), self.arrow(), self.cards(laid)]),
                        bidi_format(_("The top card of the talaj may be taken only to lay it "
                                      "at once, in the same turn ({cards})."),
                                    cards=cards_text(laid)))
        else:
            page.figure(self.join([self.cards(top), self.arrow(), self.back()]),
                        _("The top card of the talaj may be taken into the hand."))
        if r.no_pickup_first_round:
            page.figure(self.cards(top, crossed=True),
                        _("No card may be taken from the talaj in the first round of the table."))
        if r.last_card_lock:
            page.figure(self.join([self.back(), self.cards(top, crossed=True)]),
                        _("With one card left in hand, nothing may be taken from the talaj."))

    def page(self, width: int) -> pygame.Surface:
        """The whole illustrated page: figures, then every rule in words."""
        return self.builder(width).build()

    def builder(self, width: int) -> PageBuilder:
        """The page's parts, not yet put together (its texts can be read)."""
        page = PageBuilder(width, self.scale)
        page.heading(_("Combinations"))
        self.combinations(page)
        # Simple has no opening: its heading says how the hand goes down instead
        page.heading(_("Counting an opening") if self.rules.lay_before_out else _("Going out"))
        self.opening(page)
        page.heading(_("The talaj"))
        self.talaj(page)
        for title, paragraph in rules_help(self.source):
            page.heading(title)
            page.paragraph(paragraph)
        return page
