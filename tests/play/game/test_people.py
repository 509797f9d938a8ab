"""The people at the table: bots named from the language (never a name another seat bears),
each seat with a face, the face kept in the match's data."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from rami_desktop.i18n import set_language
from rami_desktop.play.game.config import (
    GameConfig,
    Seat,
    autoplay_config,
    seat_faces,
    seat_name,
)
from rami_desktop.play.game.people import (
    FACE_IDS,
    FACES,
    HE,
    PEOPLE,
    SHE,
    bot_people,
    default_face,
    face_gender,
)
from tests.conftest import examples_by_default

SPELLINGS = sorted({s for p in PEOPLE for s in p.spellings()})


def test_bots_are_named_from_the_language_not_by_number() -> None:
    config = autoplay_config("tallage", 6)
    try:
        for lang in ("en", "fr", "ar_MA"):
            set_language(lang)
            names = [seat_name(config, s) for s in range(6)]
            assert len(set(names)) == 6, names
            assert not any(ch.isdigit() for name in names for ch in name), names
            if lang == "ar_MA":
                assert all("\u0600" <= name[0] <= "\u06ff" for name in names), names
    finally:
        set_language("en")


def test_every_person_has_a_known_face_of_their_gender_and_both_genders_play() -> None:
    assert {p.face for p in PEOPLE} <= FACE_IDS
    assert len({p.face for p in PEOPLE}) == len(PEOPLE)
    assert {p.gender for p in PEOPLE} == {SHE, HE}
    assert len({p.name("en") for p in PEOPLE}) == len(PEOPLE)
    assert len({p.name("ar_MA") for p in PEOPLE}) == len(PEOPLE)


@examples_by_default(60, st.lists(st.tuples(st.booleans(), st.one_of(
    st.none(), st.sampled_from(SPELLINGS), st.text(min_size=1, max_size=8))),
    min_size=2, max_size=6), default=30)
def test_a_bot_never_takes_a_name_another_seat_bears(seats: list[tuple[bool, str | None]]
                                                      ) -> None:
    people = bot_people(tuple(seats))
    taken = {" ".join(n.split()).casefold() for _b, n in seats if n}
    given_people = list(people.values())
    assert len(set(map(id, given_people))) == len(given_people)  # no person twice
    for k, person in people.items():
        assert seats[k][0] and not seats[k][1]
        assert not any(" ".join(s.split()).casefold() in taken for s in person.spellings())


def test_a_bot_keeps_its_name_when_another_seat_changes() -> None:
    before = bot_people(((False, "Sara"), (True, None), (True, None), (True, None)))
    after = bot_people(((False, "Nadia"), (True, None), (True, "Omar"), (True, None)))
    assert before[1] is after[1] and before[3] is after[3]


def test_a_player_named_as_a_bot_would_be_pushes_the_bot_to_another_name() -> None:
    first = bot_people(((False, None), (True, None)))[1]
    config = GameConfig(seats=(Seat(first.name("ar_MA"), "human"), Seat(None, "bot")))
    assert seat_name(config, 1) not in first.spellings()


def test_every_seat_has_a_face_its_own_first() -> None:
    config = GameConfig(seats=(Seat("Sara", "human", face="grandmother-grey"),
                               Seat(None, "bot"), Seat("Lina", "human"), Seat(None, "bot")))
    faces = seat_faces(config)
    assert faces[0] == "grandmother-grey"
    assert faces[1] == bot_people(((False, "Sara"), (True, None), (False, "Lina"),
                                   (True, None)))[1].face
    assert len(set(faces)) == 4 and set(faces) <= FACE_IDS


def test_a_default_face_follows_a_gender_and_avoids_faces_worn() -> None:
    for seat in range(6):
        assert face_gender(default_face(seat, SHE)) == SHE
        assert face_gender(default_face(seat, HE)) == HE
    worn = [f.id for f in FACES[:-1]]
    assert default_face(0, avoid=worn) == FACES[-1].id


def test_the_face_is_kept_in_the_match_data_and_an_unknown_one_is_the_default() -> None:
    config = GameConfig(seats=(Seat("Sara", "human", "hard", face="woman-curls"),
                               Seat(None, "bot", "easy")))
    data = json.loads(json.dumps(config.to_dict()))
    assert GameConfig.from_dict(data) == config
    data["seats"][0][4] = "../../etc/passwd"
    assert GameConfig.from_dict(data).seats[0].face is None
    older = {**data, "seats": [["Sara", "human", "hard"], [None, "bot", "easy"]]}
    assert GameConfig.from_dict(older).seats[0].face is None


def test_a_bot_is_spoken_of_as_its_person_is() -> None:
    from rami_desktop.play.game.config import seat_gender

    config = autoplay_config("talaj", 4)
    for seat in range(4):
        person = bot_people(tuple((True, None) for _s in range(4)))[seat]
        assert seat_gender(config, seat) == person.gender
    named = GameConfig(seats=(Seat("Sara", "human"), Seat("Khadija", "bot"),
                              Seat("Robo", "bot")))
    assert seat_gender(named, 1) == SHE and seat_gender(named, 2) == ""
