"""Wording rules of each catalog: one word per idea, darija not Modern Standard Arabic, French
typography.

Each rule comes from the line-by-line review of the translations (issue 14).
"""

from __future__ import annotations

import re

import pytest
from catalog_sources import LOCALES, PoEntry, po_path, read_po


def _entries(code: str) -> list[PoEntry]:
    return [e for e in read_po(po_path(code)) if e.msgid]


def _sources() -> list[str]:
    out = []
    for entry in read_po(LOCALES / "rami.pot"):
        if entry.msgid:
            out.append(entry.msgid)
            if entry.msgid_plural:
                out.append(entry.msgid_plural)
    return out


def _strings(code: str) -> list[str]:
    return [text for e in _entries(code) for text in e.msgstr if text]


def _offending(texts: list[str], pattern: str) -> list[str]:
    return [text for text in texts if re.search(pattern, text) or pattern in text]


@pytest.mark.parametrize(("pattern", "why"), [
    (r"\bpacks?\b", "decks, never packs"),
    (r"\bclean\b", "franche, never clean"),
    (r"Bar to beat", "the opening needs its number or more: nothing to beat"),
])
def test_english_one_word_per_idea(pattern: str, why: str) -> None:
    assert not _offending(_sources(), pattern), why


@pytest.mark.parametrize(("pattern", "why"), [
    ("على الأكثر", "«غير … واحد», not «على الأكثر»"),
    ("أبدا", "«عمرها ما», not «أبداً»"),
    ("إلغاء", "«بلاش», not «إلغاء»"),
    ("جميع", "«كاع», not «جميع»"),
    ("نهاية", "«فين كتسالى», not «نهاية»"),
    ("اللعبة|اللعبات|لعبة", "the match is «البارتية», the preset «النوع»"),
    ("ماكاين لا", "«ممنوع …», not «ماكاين لا …»"),
    ("ورقة|ورقات", "one word: «الكارطة»"),
    ("كومة(?! الطلاج)", "the stock is «المخزون» (seed 004); «كومة» only for the talaj"),
    ("طيّح|لوّح|رمى|ارمي", "one verb for discarding: «طرح»"),
    (r"خدا \{source\}|(?:خود|تاخد)[^.،:]{0,30}المخزون", "one verb for drawing: «سحب»"),
    ("روبو|الطابلة", "one word: «البوت», «الطبلة»"),
    ("طريح", "«الطرح» (a «طريحة» is a beating)"),
    ("إذن", "«داكشي علاش» or «يعني», not «إذن»"),
    ("Tallage", "Tallage in Arabic script: «تالاج»"),
    (r"(?<![\u0600-\u06ff])ف (?=[\u0600-\u06ff])", "ف is attached: «فهاد الدور»"),
    ("^الفرق:", "«الفرق:» reads as «the difference»: «الفرقة A … الفرقة B»"),
    ("الكبّة|الترفل|الديامون", "suits as seed 004: «القلوب», «البيك», «السباتي», «الكارو»"),
    ("السلّان|السدّان|سدّ بالجوكر", "the verb («كيفاش تسالي»), not a coined noun"),
    ("هو الأول|هوما الأولين|هي الأولى|كارطة لول", "«بدا ب…», «هبّط قبل …»: not a calque"),
    ("عمرو بجوج", "«ماشي بجوج»"),
    ("الفأرة|المسافة|التالي", "«الصوري», «Espace», «كمّل»"),
    ("مختالفين|دور على الآس", "«مختلفين», «ماتقدرش تدور على الآص»"),
    (r"و\{second\}", "«و» before a name needs its space (Bot 3)"),
])
def test_darija_not_standard_arabic(pattern: str, why: str) -> None:
    assert not _offending(_strings("ar_MA"), pattern), why


def test_darija_down_is_not_the_lay_button() -> None:
    by_id = {e.msgid: e.msgstr[0] for e in _entries("ar_MA") if e.msgctxt is None}
    lay = {e.msgctxt: e.msgstr[0] for e in _entries("ar_MA") if e.msgid == "Lay"}
    assert lay == {None: "تهبيط", "she": "هبّطي", "he": "هبّط"}
    assert by_id["down"] == "بالتهبيطة" and by_id["not down"] == "بلا تهبيطة"


JOURNAL = ("{name} drew from the stock", "{name} took the first card {card}",
           "{name} took {card} from the talaj", "{name} laid {meld} ({points})",
           "{name} laid {meld}", "{name} added {cards} to {meld}", "{name} discarded {card}",
           "{name} took back {cards}", "{name} opened with {points}", "{name} is playing…",
           "{name} draws from the stock.", "{name} takes the first card.",
           "{name} takes the talaj top card.", "{name} lays {cards}.", "{name} discards {card}.")
LABELS = ("down", "not down", "never down: {points}", "went out", "joined", "away")


def test_words_about_a_player_are_without_gender() -> None:
    """No masculine verb after a player's name, no masculine state for a player: darija's
    «{name} سحب» and «هابط», French « descendu » and « connecté » (issue 38)."""
    ar = {e.msgid: e.msgstr[0] for e in _entries("ar_MA") if e.msgctxt is None}
    for msgid in JOURNAL:
        assert not re.search(r"\{name\} (سحب|خدا|هبّط|طرح|زاد|حطّ|رجّع|كيلعب)", ar[msgid]), msgid
    assert not {ar[m] for m in LABELS} & {"هابط", "ماهبّطش", "سالا", "داخل", "غايب"}
    fr = {e.msgid: e.msgstr[0] for e in _entries("fr") if e.msgctxt is None}
    assert not any(re.search(r"descendu|connecté|absent", fr[m]) for m in LABELS)
    assert ar["{name}'s turn"] == "الدور على {name}"


def test_someone_not_yet_known_is_no_man() -> None:
    """A player nobody knows yet (another who may host, the one a seat waits for, the seats
    counted) is someone, not «un autre joueur», «شي لاعب», «لاعب آخر» (a man's words)."""
    fr = _offending(_strings("fr"), r"\b(?:un autre|d’un|pour un) joueur\b|Nombre de joueurs")
    ar = _offending(_strings("ar_MA"), r"(?:شي|ولا|هو) لاعب(?![\u0600-\u06ff])|لاعب آخر"
                    r"|عدد اللاعبين")
    assert fr == [] and ar == []


def test_darija_vocabulary_of_the_seeds() -> None:
    by_id = {e.msgid: e.msgstr[0] for e in _entries("ar_MA") if e.msgctxt is None}
    assert by_id["Tallage"] == "تالاج فرنساوي"  # at a glance not «الطلاج»
    assert by_id["Paused"] == "وقفة" and by_id["Mouse"] == "الصوري" and by_id["Next"] == "نكمّلو"
    assert by_id["Space"] == "Espace" and by_id["Esc"] == "Échap"  # as printed on the keys
    assert by_id["Cancel"] == "بلاش"
    assert by_id["No pickup in the first round"] == "ممنوع الطلاج فالدورة اللولة"
    assert by_id["No pickup with one card left"] == "قفل الكارطة الوحدة"
    assert by_id["Redeal"] == "تعاويد التوزيع"
    assert by_id["Game"] == "النوع"
    joined = " ".join(_strings("ar_MA"))
    for word in ("التهبيطة", "الطلاج", "التريا", "السيرية", "البارتية", "المخزون"):
        assert word in joined, word


@pytest.mark.parametrize(("pattern", "why"), [
    ("'", "typographic apostrophes (U+2019)"),
    (r"piocher? dans la pioche", "« tirer une carte de la pioche »"),
    (r"\bpioch(?:er|é|ée|és|ées|ant|ons|ez|ent)\b|(?<!la )\b[Pp]ioche (?:d’abord|une|pour|et|,)"
     r"|(?:\u00a0: |\} |il )pioche\b",
     "one verb for drawing: « tirer » (« la pioche » is the stock)"),
    (r"\bjett?e|\bjeter\b", "one verb for discarding: « défausser »"),
    (r"[Pp]rends?[^.:;]{0,30}de la pioche", "from the stock a card is drawn: « tirer »"),
    (r" [:;?!»]|« ", "a no-break space around : ; ? ! « »"),
    ("valent leur valeur", "« comptent leur valeur faciale »"),
    ("posées toutes", "« toutes posées »"),
    ("d\u2019après", "« la manche suivante »"),
    ("Rien de spécial", "« Normale »"),
    ("jusqu\u2019à ce que {name}", "no gender nor elision to guess before a name"),
    ("personne d\u2019autre soit", "« ne soit descendu »"),
    ("Défausse le {cards}|défausse le {cards}", "« Défausse {cards} »"),
    (r"\brobots?\b", "« bot » everywhere"),
    (r"\b1000\b", "« 1\u00a0000 »"),
    (r"(?i)\brediffusion", "one word for the replay: « Revoir la manche »"),
    (r"(?i)\bretour sur la manche", "the review is « Bilan de la manche » (beside « Revoir »)"),
])
def test_french_typography_and_wording(pattern: str, why: str) -> None:
    assert not _offending(_strings("fr"), pattern), why


@pytest.mark.parametrize(("noun", "one", "two"), [
    ("cards", "كارطة وحدة", "جوج كارطات"),
    ("points|pts", "نقطة وحدة", "جوج نقط"),
    ("jokers", "جوكر واحد", "جوج جوكرات"),
])
def test_darija_says_one_and_two_in_words(noun: str, one: str, two: str) -> None:
    """«كارطة وحدة، جوج كارطات», never «1 كارطة» or «2 كارطة»."""
    counted = [e for e in _entries("ar_MA")
               if e.msgid_plural and re.search(rf"\{{\w+\}} (?:{noun})\b", e.msgid_plural)]
    wrong = [e.msgid_plural for e in counted if one not in e.msgstr[1] or two not in e.msgstr[2]]
    assert counted and not wrong
