"""The people at the table: the faces a seat may wear, and the names bots take in each language.

A face is a portrait drawn by ``tools/make_portraits.py`` (``assets/faces/<id>.png``), named
here by its id with whether it shows a woman or a man (a default face follows the seat). A bot
without a name takes a person's: a Moroccan first name spelled in the language shown, with the
face that person wears by default. No bot takes a name another seat bears, in any language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rami_desktop.i18n import current_language
from rami_desktop.i18n.gender import HE, SHE


@dataclass(frozen=True)
class Face:
    """One portrait: its id (its file's name) and whether it shows a woman or a man."""

    id: str
    gender: str


#: every face, in the order the setup offers them (women and men, young and old, with and
#: without a headscarf)
FACES: tuple[Face, ...] = (
    Face("woman-scarf-teal", SHE),
    Face("man-young", HE),
    Face("woman-long-hair", SHE),
    Face("man-beard", HE),
    Face("woman-scarf-rose", SHE),
    Face("man-moustache", HE),
    Face("woman-curls", SHE),
    Face("man-glasses", HE),
    Face("woman-bun-glasses", SHE),
    Face("man-taqiya", HE),
    Face("grandmother-scarf", SHE),
    Face("grandfather-fez", HE),
    Face("grandmother-grey", SHE),
    Face("man-bald", HE),
    Face("girl-ponytail", SHE),
    Face("boy", HE),
)
FACE_IDS: frozenset[str] = frozenset(f.id for f in FACES)


@dataclass(frozen=True)
class Person:
    """A name a bot may take: its spelling in each language (English's for the others) and
    the face it wears by default."""

    names: Mapping[str, str]
    face: str

    @property
    def gender(self) -> str:
        """The person's: their face's."""
        return face_gender(self.face)

    def name(self, language: str | None = None) -> str:
        """The name as the language (the one shown by default) spells it."""
        return self.names.get(language or current_language(), self.names["en"])

    def spellings(self) -> frozenset[str]:
        """The name in every language."""
        return frozenset(self.names.values())


def _person(latin: str, arabic: str, face: str) -> Person:
    return Person({"en": latin, "fr": latin, "ar_MA": arabic}, face)


#: the bots' names, a woman's and a man's in turn
PEOPLE: tuple[Person, ...] = (
    _person("Youssef", "يوسف", "man-beard"),
    _person("Khadija", "خديجة", "woman-scarf-rose"),
    _person("Hassan", "حسن", "man-moustache"),
    _person("Zineb", "زينب", "woman-long-hair"),
    _person("Driss", "إدريس", "grandfather-fez"),
    _person("Salma", "سلمى", "woman-scarf-teal"),
    _person("Omar", "عمر", "man-young"),
    _person("Naima", "نعيمة", "woman-bun-glasses"),
    _person("Rachid", "رشيد", "man-glasses"),
    _person("Fatima", "فاطمة", "grandmother-scarf"),
    _person("Abdellah", "عبد الله", "man-taqiya"),
    _person("Meryem", "مريم", "woman-curls"),
    _person("Karim", "كريم", "man-bald"),
    _person("Aicha", "عائشة", "grandmother-grey"),
    _person("Amine", "أمين", "boy"),
    _person("Houda", "هدى", "girl-ponytail"),
)


def face_gender(face: str) -> str:
    """Whether a face shows a woman (:data:`SHE`) or a man (:data:`HE`); he for an unknown id."""
    return next((f.gender for f in FACES if f.id == face), HE)


def known_face(face: object) -> str | None:
    """``face`` if it is one of :data:`FACES`, else None (a save from another version)."""
    return face if isinstance(face, str) and face in FACE_IDS else None


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def is_person_name(name: str) -> bool:
    """Whether ``name`` is a person's name, in any language (a name the game gave)."""
    key = _key(name)
    return any(key == _key(spelling) for p in PEOPLE for spelling in p.spellings())


def person_named(name: str) -> Person | None:
    """The person whose name ``name`` is, in any language."""
    key = _key(name)
    return next((p for p in PEOPLE for spelling in p.spellings() if key == _key(spelling)),
                None)


def bot_people(seats: Sequence[tuple[bool, str | None]]) -> dict[int, Person]:
    """The person of each bot seat without a name.

    Seat ``k`` starts looking at ``PEOPLE[k]`` and takes the first person whose name no seat
    bears (in any language) and no earlier seat took: a seat's person does not change when
    another seat's does, unless their names meet.

    Args:
        seats: each seat's ``(is a bot, name or None)``, in turn order.
    """
    taken = {_key(name) for _bot, name in seats if name}
    given: set[int] = set()
    out: dict[int, Person] = {}
    for k, (bot, name) in enumerate(seats):
        if not bot or name:
            continue
        for step in range(len(PEOPLE)):
            i = (k + step) % len(PEOPLE)
            person = PEOPLE[i]
            if i in given or any(_key(s) in taken for s in person.spellings()):
                continue
            given.add(i)
            out[k] = person
            break
    return out


def default_face(seat: int, gender: str | None = None,
                 avoid: Iterable[str] = ()) -> str:
    """The face of a seat whose face was not chosen: one of the gender's (any without one),
    from the seat's number on, another than those in ``avoid`` when one is left."""
    pool = [f.id for f in FACES if gender is None or f.gender == gender] or \
        [f.id for f in FACES]
    used = set(avoid)
    for step in range(len(pool)):
        face = pool[(seat * 3 + step) % len(pool)]
        if face not in used:
            return face
    return pool[seat % len(pool)]


__all__ = ["FACES", "FACE_IDS", "HE", "PEOPLE", "SHE", "Face", "Person", "bot_people",
           "default_face", "face_gender", "is_person_name", "known_face", "person_named"]
