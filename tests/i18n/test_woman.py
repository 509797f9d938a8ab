"""Every line that names a player or speaks to "you", rendered for a woman in darija and in
French, holds no word that speaks of a man (``masculine``).

The lines come from the catalogs, not from a list kept by hand: the messages written for her
(context ``she``), every message that takes a player's name (its placeholders), and every
message that speaks to the player (its English says "you", or its French says «tu»). Each is
rendered through the game's own functions (:func:`~rami_desktop.i18n.gender.gendered`), its
placeholders filled with a woman's name.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from typing import Any

from catalog_sources import LOCALES, PoEntry, po_path, read_po

from rami_desktop import i18n
from rami_desktop.i18n.gender import HE, SHE, UNSAID, gendered, ngendered
from tests.i18n.masculine import masculine

LANGUAGES = ("ar_MA", "fr")
#: the placeholders that hold a player's name
NAMES = re.compile(r"\{(?:name|bot|names|first|second|dealer|winner)\}")
#: English that speaks to the player
YOU = re.compile(r"\b(?:you|your|yours|yourself)\b", re.IGNORECASE)
#: English that speaks of the host (a player too)
HOST = re.compile(r"\bhost(?:'s|s)?\b", re.IGNORECASE)
#: French that speaks to the player
TU = re.compile(r"\b(?:tu|te|toi|ton|ta|tes)\b|\bt’", re.IGNORECASE)
#: a sample for every placeholder but a name's (kept: the words around a woman's name are
#: read with it, «{name} سالا»)
SAMPLES = {"card": "7♠", "cards": "7♠ 8♠", "meld": "tria 7♥ 7♦ 7♣", "melds": "série 4-5-6♦"}
#: counts that pick each plural form in both languages
COUNTS = (0, 1, 2, 3, 11, 100)


class _Filler(string.Formatter):
    """Fills every placeholder with a sample, and keeps a player's name as its placeholder."""

    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        if NAMES.fullmatch(f"{{{key}}}"):
            return f"{{{key}}}"
        return SAMPLES.get(str(key), "12")


def _render(text: str) -> str:
    return _Filler().format(text)


def _template() -> list[PoEntry]:
    return [e for e in read_po(LOCALES / "rami.pot") if e.msgid]


def _french() -> dict[tuple[str | None, str], list[str]]:
    return {(e.msgctxt, e.msgid): e.msgstr for e in read_po(po_path("fr")) if e.msgid}


def for_her() -> list[PoEntry]:
    """The messages written for her: the context ``she``."""
    return [e for e in _template() if e.msgctxt == SHE]


def naming() -> list[PoEntry]:
    """The messages that take a player's name (each read by her as it is, or for her)."""
    return [e for e in _template() if e.msgctxt not in (SHE, HE)
            and (NAMES.search(e.msgid) or NAMES.search(e.msgid_plural or ""))]


def speaking_to_her() -> list[PoEntry]:
    """The messages that speak to the player ("you" in English, «tu» in French)."""
    french = _french()
    return [e for e in _template() if e.msgctxt not in (SHE, HE)
            and (YOU.search(e.msgid) or YOU.search(e.msgid_plural or "")
                 or any(TU.search(t) for t in french.get((e.msgctxt, e.msgid), [])))]


def about_the_host() -> list[PoEntry]:
    """The messages that speak of the host: a player at the table, she or he."""
    return [e for e in _template() if e.msgctxt not in (SHE, HE)
            and (HOST.search(e.msgid) or HOST.search(e.msgid_plural or ""))]


def _shown(entry: PoEntry, gender: str) -> Iterator[str]:
    """What the game shows of a message in the current language, for ``gender``: through
    :func:`gendered` (the words for her) or as the message is."""
    if entry.msgid_plural is None:
        if entry.msgctxt in (SHE, HE, None):
            yield _render(gendered(gender, entry.msgid))
        else:
            yield _render(i18n.pgettext(entry.msgctxt, entry.msgid))
        return
    for n in COUNTS:
        if entry.msgctxt in (SHE, HE, None):
            yield _render(ngendered(gender, entry.msgid, entry.msgid_plural, n))
        else:
            yield _render(i18n.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n))


def _offences(entries: list[PoEntry], gender: str) -> list[str]:
    out = []
    for language in LANGUAGES:
        i18n.set_language(language)
        for entry in entries:
            for text in _shown(entry, gender):
                out += [f"{language} {entry.msgid!r}: {why} in {text!r}"
                        for why in masculine(text, language)]
    return out


def test_a_woman_reads_every_message_written_for_her_as_hers() -> None:
    entries = for_her()
    assert len(entries) >= 35  # the table's turn line, hints, buttons, winner lines...
    assert not _offences(entries, SHE)


def test_a_woman_named_in_a_line_is_never_spoken_of_as_a_man() -> None:
    entries = naming()
    assert len(entries) >= 60  # the journal, the replay, the summary, the tutorial...
    assert not _offences(entries, SHE)


def test_a_woman_spoken_to_is_never_spoken_to_as_a_man() -> None:
    entries = speaking_to_her()
    assert len(entries) >= 120  # refusals, review, rules, tutorial, hints...
    assert not _offences(entries, SHE)


def test_a_woman_hosting_the_table_is_never_spoken_of_as_a_man() -> None:
    """The host is a player who may be a woman (the one who made the table, on this computer
    or on the family's server): the lines about the host are gender-free."""
    entries = about_the_host()
    assert len(entries) >= 15  # the network's refusals, waits, the join screen...
    assert not _offences(entries, SHE)


def test_a_woman_nobody_asked_about_reads_no_man_either() -> None:
    """A seat left unsaid (the default) may be hers: its words are gender-free too."""
    assert not _offences(for_her() + naming() + speaking_to_her() + about_the_host(), UNSAID)


def test_the_woman_check_finds_the_words_of_a_man() -> None:
    """The check is not blind: the words written for him are found, in darija (his
    imperatives, «سالا {name}»), and the old masculine lines would fail."""
    i18n.set_language("ar_MA")
    his = [text for e in for_her() for text in _shown(e, HE) if masculine(text, "ar_MA")]
    assert len(his) >= 20
    for old in ("دورك: سحب من المخزون.", "اللي سالا: {name}.", "نتا خرجتي من البارتية.",
                "كنتي تقدر تسالي", "جديد فالرامي؟", "الشريك ديالك هابط", "راك هبّطتي!",
                "{name} كيلعب…", "ماتاخد كارطة الطلاج", "مول الطبلة مشغول",
                "دوّز الشاشة، الدور على {name}", "خاص الكود اللي عطاك مول الطبلة."):
        assert masculine(old, "ar_MA"), old
    for old in ("Tu es éliminé de la partie.", "(éliminé)", "Gagnant : Amina.",
                "Ton partenaire a fait sa tahbita", "Une fois descendu", "Nouveau au Rami ?",
                "{bot} est assis en face. Regarde ce qu’il pose.",
                "L’hôte est occupé : réessaie dans un instant.",
                "L’hôte ne peut pas enregistrer la partie : elle attend qu’il le puisse."):
        assert masculine(old, "fr"), old


def test_her_words_differ_from_his_where_darija_says_so() -> None:
    """The choice is heard: her turn line and her hint are hers («سحبي», «طرحي»), his are
    his, and an unsaid seat reads neither."""
    i18n.set_language("ar_MA")
    assert "سحبي" in gendered(SHE, "Your turn: draw from the stock.")
    assert "سحب " in gendered(HE, "Your turn: draw from the stock.")
    assert "طرحي" in gendered(SHE, "Hint: discard the {card}.")
    unsaid = gendered(UNSAID, "Your turn: draw from the stock.")
    assert "سحبي" not in unsaid and not masculine(unsaid, "ar_MA")
    assert gendered(SHE, "{name} went out!").format(name="Amina") == "سالات Amina!"
    assert gendered(UNSAID, "{name} went out!").format(name="Amina") == "الجولة ديال Amina!"


def test_the_first_question_asks_a_woman_as_it_asks_a_man() -> None:
    """The language question of the first start, written in the three languages before any is
    chosen (outside the catalogs), speaks to whoever is at the screen: no man's imperative."""
    from rami_desktop.ui.scenes.language import PROMPTS

    _english, french, darija = PROMPTS
    assert masculine(french, "fr") == []
    assert masculine(darija, "ar_MA") == []
