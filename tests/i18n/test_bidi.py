"""Right to left: names, deal codes and signed numbers keep their order in darija sentences.

Each case compares the display order (left to right, as drawn) that :mod:`rami_desktop.ui.kit.text`
produces. Arabic letters are written reversed in the expectations because the display order of
a right-to-left word is its letters from last to first.
"""

from __future__ import annotations

import pygame
import pytest
from bidi.algorithm import get_display  # type: ignore[import-untyped]

from rami_desktop import i18n
from rami_desktop.ui.kit import text

POINTS = "نقطة"
CODE_SENTENCE = "الكود ديال التوزيع {code}: كتبو"
ISOLATES = {chr(c) for c in range(0x2066, 0x206A)}


def rev(arabic: str) -> str:
    """An Arabic word in display order."""
    return arabic[::-1]


def test_digit_first_deal_code_alone_and_in_a_sentence() -> None:
    assert get_display("1000-A007-02", base_dir="R") != "1000-A007-02"  # python-bidi alone
    assert text.visual("1000-A007-02", rtl=True) == "1000-A007-02"
    assert text.visual(text.embed("1000-A007-02", rtl=True), rtl=True) == "1000-A007-02"
    line = text.bidi_format(CODE_SENTENCE, rtl=True, code="1000-A007-02")
    assert text.visual(line, rtl=True) == (
        f"{rev('كتبو')} :1000-A007-02 {rev('التوزيع')} {rev('ديال')} {rev('الكود')}")


def test_latin_name_stays_first_in_darija() -> None:
    template = "{name} · {points} " + POINTS
    assert get_display(template.format(name="Sam", points=0), base_dir="R") != (
        f"{rev(POINTS)} 0 · Sam")  # python-bidi alone moves the name to the wrong end
    line = text.bidi_format(template, rtl=True, name="Sam", points=0)
    assert text.visual(line, rtl=True) == f"{rev(POINTS)} 0 · Sam"
    line = text.bidi_format(template, rtl=True, name="Player 1", points=120)
    assert text.visual(line, rtl=True) == f"{rev(POINTS)} 120 · Player 1"
    line = text.bidi_format(template, rtl=True, name="محمد", points=5)
    assert text.visual(line, rtl=True) == f"{rev(POINTS)} 5 · {rev('محمد')}"


def test_several_latin_names_keep_their_order() -> None:
    names = "، ".join(text.embed(name, rtl=True) for name in ("Sam", "Ali"))
    line = text.bidi_format("ربحو: {names}!", rtl=True, names=names)
    assert text.visual(line, rtl=True) == f"!Ali ،Sam :{rev('ربحو')}"


def test_plus_hundred() -> None:
    assert get_display("+100", base_dir="R") == "100+"  # python-bidi alone
    assert text.visual("+100", rtl=True) == "+100"
    assert text.visual(text.embed("+100", rtl=True), rtl=True) == "+100"
    line = text.bidi_format("الخطية {points}", rtl=True, points="+100")
    assert text.visual(line, rtl=True) == f"+100 {rev('الخطية')}"
    assert text.visual(text.bidi_format("{points:+d}", rtl=True, points=100), rtl=True) == "+100"


def test_arabic_name_in_an_english_sentence() -> None:
    line = text.bidi_format("{name} · {points} pts", rtl=False, name="محمد", points=0)
    assert text.visual(line, rtl=False) == f"{rev('محمد')} · 0 pts"


def test_marks_only_never_isolates_and_never_drawn() -> None:
    marked = text.bidi_format("{a} {b}", rtl=True, a="Sam", b="محمد")
    assert not set(marked) & ISOLATES
    assert set(marked) - set("Sam محمد") <= {text.LRM, text.RLM}
    assert text.strip_marks(marked) == "Sam محمد"
    assert text.LRM not in text.visual(marked, rtl=True)
    assert text.visual(text.embed("Sam", rtl=False), rtl=False) == "Sam"


def test_the_current_language_sets_the_direction() -> None:
    i18n.set_language("ar_MA")
    line = text.bidi_format("{name} · {points} " + POINTS, name="Sam", points=0)
    assert text.visual(line) == f"{rev(POINTS)} 0 · Sam"


@pytest.mark.parametrize("rtl", [True, False])
def test_marks_take_no_room(rtl: bool) -> None:
    pygame.font.init()
    plain = text.render("1000-A007-02 Sam", 20, (0, 0, 0), rtl=rtl)
    marked = text.render(text.bidi_format("{code} {name}", rtl=rtl, code="1000-A007-02",
                                          name="Sam"), 20, (0, 0, 0), rtl=rtl)
    assert marked.get_size() == plain.get_size()


@pytest.mark.parametrize(("logical", "display"), [
    # cards, codes and signed numbers put into a sentence without bidi_format keep their order
    ("سيرية 2-3-4♠.", f".2-3-4♠ {rev('سيرية')}"),
    ("سيرية 9-10-J-Q♥، تريا K♠K♥K♦", f"K♠K♥K♦ {rev('تريا')} ،9-10-J-Q♥ {rev('سيرية')}"),
    ("الخطية +100", f"+100 {rev('الخطية')}"),
    ("الكود 1000-A007-02: كتبو", f"{rev('كتبو')} :1000-A007-02 {rev('الكود')}"),
    ("Player 1 · 0 نقطة", f"{rev(POINTS)} 0 · Player 1"),
    ("الصوت 80%", f"80% {rev('الصوت')}"),
    ("التهبيطة 77 / 71", f"71 / 77 {rev('التهبيطة')}"),  # read from the right: 77 of 71
    ("ب80 لـ71", f"71{rev('لـ')} 80{rev('ب')}"),  # digits glued to Arabic words stay as they are
])
def test_left_to_right_runs_are_marked_in_darija(logical: str, display: str) -> None:
    assert text.visual(logical, rtl=True) == display


# ---- issue 21: what every round summary and hint shows in darija, from the real catalog -------


def _darija() -> None:
    i18n.set_language("ar_MA")


def test_darija_penalty_formula_reads_from_the_right() -> None:
    """12 cards × 10 + 2 jokers × 20 = 160: "×" is a sign, not a Latin letter, so the formula
    reads 12 كارطة × 10 + جوج جوكرات × 20 = 160 from the right."""
    from rami_desktop.engine.cards import Card, parse_cards
    from rami_desktop.engine.rules import preset
    from rami_desktop.engine.scoring import penalty_breakdown
    from rami_desktop.ui.words.round_result import breakdown_text

    _darija()
    codes = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10D", "JD", "QD", "KD"]
    hand = [*parse_cards(codes), Card(0, ""), Card(0, "")]
    b = penalty_breakdown(preset("talaj"), 0, hand, True, 1, None, False, None)
    line = breakdown_text(b)
    assert text.strip_marks(line) == "12 كارطة × 10 + جوج جوكرات × 20 = 160"
    assert text.visual(line) == (
        f"160 = 20 × {rev('جوكرات')} {rev('جوج')} + 10 × {rev('كارطة')} 12")


def test_darija_joker_serie_keeps_its_signs_in_place() -> None:
    """5-جوكر-7♣: the dashes are the série's (after a letter, not a space): no loose "-" at the
    line's end, the suit not against the word."""
    from rami_desktop.engine.cards import parse_cards
    from rami_desktop.engine.melds import make_meld
    from rami_desktop.i18n.card_words import meld_text

    _darija()
    meld = make_meld(parse_cards(["5C", "JK", "7C"]))
    assert meld is not None
    line = meld_text(meld)
    assert text.strip_marks(line) == "سيرية 5-جوكر-7♣"
    shown = text.visual(line)
    assert shown == f"7♣-{rev('جوكر')}-5 {rev('سيرية')}"  # read from the right: 5 - جوكر - 7♣
    assert not shown.startswith("-") and not shown.endswith("-")
    # a minus is still a minus at the start of a word
    assert text.visual("الخطية -20", rtl=True) == f"-20 {rev('الخطية')}"


def test_darija_deal_code_sentence() -> None:
    """The deal code keeps its order in the real darija sentence of the round summary."""
    from rami_desktop.i18n import _

    _darija()
    line = text.bidi_format(_("Deal code {code}: enter it in the setup to play this deal again."),
                            code="1000-A007-02")
    assert text.strip_marks(line) == (
        "الكود ديال التوزيع 1000-A007-02: كيتكتب ف«بارتية جديدة» باش ترجع نفس التوزيعة.")
    shown = text.visual(line)
    # from the right: الكود ديال التوزيع, the code (its digits first), then the rest
    assert shown.endswith(f":1000-A007-02 {rev('التوزيع')} {rev('ديال')} {rev('الكود')}")
    assert shown.startswith(f".{rev('التوزيعة')} {rev('نفس')}")


@pytest.mark.parametrize(("logical", "display"), [
    ("×2، سالا بالجوكر", f"{rev('بالجوكر')} {rev('سالا')} ،×2"),  # "×2" is one left-to-right word
    ("12 كارطة ÷ 2", f"2 ÷ {rev('كارطة')} 12"),
    ("(+100) الخطية", f"{rev('الخطية')} (+100)"),
])
def test_signs_after_a_space_or_a_bracket(logical: str, display: str) -> None:
    assert text.visual(logical, rtl=True) == display


def test_a_combination_kept_on_one_line_keeps_its_order_in_darija() -> None:
    """The review keeps a combination on one line with no-break spaces: its cards still read
    as on the table («تريا 2♠ 2♥ 2♣», never «2♣ 2♥ 2♠»)."""
    line = "الجوكر على التريا\u00a02♠\u00a02♥\u00a02♣، سيرية\u00a06-7-8-9♣."
    assert text.visual(line, rtl=True) == (
        ".6-7-8-9♣\u00a0ةيريس ،2♠\u00a02♥\u00a02♣\u00a0ايرتلا ىلع ركوجلا")


# ---- a card named in a darija sentence: rank then suit, read left to right as on the card -----


def _review_discard_line(card: str) -> str:
    """The review's line about a discard that let the next player go out, in darija, as the
    summary draws it (a bullet before it)."""
    from rami_desktop.engine.cards import parse_cards
    from rami_desktop.i18n.card_words import card_text
    from rami_desktop.play.view.findings import Finding, FindingKind
    from rami_desktop.ui.words.review_text import review_lines

    cards = parse_cards([card])
    finding = Finding(FindingKind.FED_OUT, 0, 8, cards, round_turn=16)
    (line, _finding), = review_lines([finding])
    assert card_text(cards[0]) in text.strip_marks(line)
    return "• " + line


@pytest.mark.parametrize(("card", "label"), [("7S", "7♠"), ("10H", "10♥"), ("AD", "A♦"),
                                             ("KC", "K♣")])
def test_a_card_in_a_darija_sentence_keeps_its_rank_before_its_suit(card: str,
                                                                     label: str) -> None:
    """«الكارطة 7♠ اللي طرحتي…»: reordered for drawing, the card still reads 7♠ left to right
    (never ♠7: a suit is a neutral sign, the rank a number or a Latin letter)."""
    _darija()
    shown = text.visual(_review_discard_line(card))
    assert label in shown and label[::-1] not in shown
    assert shown.index(label) < shown.index(rev("الكارطة"))  # after «الكارطة», to its left


def _columns(surface: pygame.Surface) -> list[int]:
    """The x of every column where a glyph drawn alone shows."""
    mask = pygame.mask.from_surface(surface)
    return [x for x in range(mask.get_size()[0])
            if any(mask.get_at((x, y)) for y in range(mask.get_size()[1]))]


def test_a_card_drawn_in_a_darija_sentence_shows_its_rank_left_of_its_suit() -> None:
    """What the player sees: in the line drawn, the 7's glyph lies left of the ♠'s (each found
    where it alone matches the line's pixels)."""
    pygame.font.init()
    _darija()
    size = 24
    line = text.render(_review_discard_line("7S"), size, (0, 0, 0))
    whole = pygame.mask.from_surface(line)
    found = {}
    for glyph in ("7", "♠"):
        alone = pygame.mask.from_surface(text.render(glyph, size, (0, 0, 0), rtl=False))
        need = alone.count()
        at = [x for x in range(whole.get_size()[0]) for y in range(-4, 5)
              if whole.overlap_area(alone, (x, y)) == need]
        assert at, glyph
        found[glyph] = min(at)
    assert found["7"] < found["♠"]
