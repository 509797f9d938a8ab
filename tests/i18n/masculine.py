"""Words that speak of a player as a man, in darija and in French: what no line may show a
woman (the gender tests read every string a woman may be shown through these)."""

from __future__ import annotations

import re

#: verbs whose subject is a player (never a card, a round or a team in the catalogs); darija
#: writes them with or without the shadda
_STEMS = ("سحب", "هبّط", "هبط", "طرح", "زيد", "رجّع", "رجع", "لعب", "ختار", "شوف", "جرّ", "جر",
          "دير", "بدا", "كمّل", "كمل", "اخد", "خود", "حط", "حطّ", "كتب", "قرا", "ورّك", "ورك",
          "ضغط", "ربح", "فوت", "خلّص", "تسنّا", "تسنى", "قدر", "كليكي", "بدّل", "رتّب", "حيّد",
          "بيّن", "تحرّك", "سير", "حدّث", "مسح", "جمّع", "كوبي", "كولي", "سول", "تعلّم", "سدّ",
          "دخل", "خرج", "خدم", "تقاد", "قاد", "نزل", "طلع", "عوّض", "ركّب", "دوّز", "دوز")
_STEM = "|".join(sorted(_STEMS, key=len, reverse=True))
#: verbs that also say what a card, a round, the screen or the bar does («الكارطة كتهبط»,
#: «العتبة كتطلع», «الجولة كتبدا», «الشاشة كتدوز»): a man's imperative, but their present may
#: be a thing's
_OF_THINGS = ("هبط", "رجع", "طلع", "بدا", "دوز", "دوّز")
_PERSON_STEM = "|".join(sorted((s for s in _STEMS if s not in _OF_THINGS), key=len,
                               reverse=True))
#: the letters of Arabic script and the shadda (not its comma «،» nor its «؛» and «؟»)
_AR = "\u0621-\u063a\u0640-\u064a\u0651\u0671-\u06d3"
#: object pronouns that may follow a verb (for her the verb ends in ي before them)
_OBJECT = "(?:ها|هم|و|ه|ني|ليها|ليهم|ليه|لي|ك)?"
DARIJA = [
    # "you" (a man): the pronoun, and the states and words said of a man
    (re.compile(rf"(?<![{_AR}])(?:(?:نتا|راك|هابط|غايب|واجد|مستعد)(?![{_AR}])|جديد فال)"),
     "a man's pronoun or state"),
    # an imperative for a man: «سحب», «هبّطها», «وطرح» (for her: «سحبي», «هبّطيها»)
    # (a noun spelled the same after «بلا» or «ماكاين»: «بلا سحب», «ماكاين طرح»)
    (re.compile(rf"(?<![{_AR}])(?<!بلا )(?<!ماكاين )(?:و|ف)?(?:{_STEM}){_OBJECT}(?:ش)?"
                rf"(?![{_AR}])"),
     "an imperative for a man (or a man's past)"),
    # the present for a man: «تقدر», «ماتاخدش», «كتهبّط», «غادي تطرح» (for her: «تقدري»...);
    # «تت…» is the passive, the same for everyone
    (re.compile(rf"(?<![{_AR}])(?:و|ف)?(?:ما)?(?:ك)?ت(?!ت)(?:{_PERSON_STEM}){_OBJECT}(?:ش)?"
                rf"(?![{_AR}])"),
     "a present for a man"),
    # a man's verb right after a name: «{name} سحب», «{bot} كيلعب», «{bot} هو اللي…»
    (re.compile(r"\{(?:name|bot|names|first|second|dealer|winner)\}:? (?:ما)?"
                rf"(?:سالا|ربح|خرج|هبّط|طرح|سحب|خدا|زاد|حطّ|رجّع|بدا|لعب|طلب|قاد|فات|جا|هو"
                rf"|كي[{_AR}]+|غادي ي[{_AR}]+|ي[{_AR}]+)(?![{_AR}])"),
     "a man's verb after a name"),
    (re.compile(r"اللي (?:ما)?(?:سالا|ربح|خرج|هبّط|طرح|لعب)\b[^{]{0,20}\{(?:name|names|bot)\}"),
     "a man's verb before a name"),
    # the one who has or hosts something, a man: «مول الطبلة» (for her «مولات»)
    (re.compile(rf"(?<![{_AR}])مول(?![{_AR}])"), "a man's noun (مول)"),
]
FRENCH = [
    (re.compile(r"\b(?:descendu|éliminé|prêt|assis|connecté|absent|[Gg]agnant|sorti|perdant"
                r"|celui|[Tt]on partenaire|[Ll]e partenaire)s?\b|\b(?:[Nn]ouveau au|es seul)\b"),
     "a man's participle or noun"),
    (re.compile(r"\{(?:name|bot)\}[^.;:!?]*\b(?:il|lui)\b|\b(?:il|lui)\b[^.;:!?]*\{(?:name|bot)\}"),
     "«il» for a named player"),
    # the host is a player, she or he: «L’hôte est occupé», «… qu’il le puisse»
    (re.compile(r"(?i)\bl’hôte\b(?:[^.!?]*\b(?:il|lui)\b| est (?:occupé|prêt|parti)\b)"),
     "a man's word for the host"),
]


def masculine(text: str, language: str) -> list[str]:
    """Why ``text`` speaks of a man, in ``language`` (empty: it speaks to her)."""
    rules = DARIJA if language == "ar_MA" else FRENCH if language == "fr" else []
    return [f"{why}: {m.group(0)!r}" for pattern, why in rules for m in pattern.finditer(text)]
