"""Every engine error code has a short sentence in every language."""

from __future__ import annotations

import pytest

from rami_desktop import i18n
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.rules import PRESETS
from rami_desktop.i18n.error_messages import ERROR_MESSAGES, error_message


def test_every_code_has_a_message() -> None:
    assert set(ERROR_MESSAGES) == set(ErrorCode)
    assert len(set(ERROR_MESSAGES.values())) == len(ErrorCode)  # no two codes say the same


@pytest.mark.parametrize("code", ["fr", "ar_MA"])
def test_translated(code: str) -> None:
    english = {}
    for error in ErrorCode:
        english[error] = error_message(error.value)
    i18n.set_language(code)
    for error in ErrorCode:
        text = error_message(error)
        assert text and text != english[error], (code, error)
        assert text == error_message(error.value)
        if code == "ar_MA":
            assert any("\u0600" <= char <= "\u06ff" for char in text)


def test_short_sentences() -> None:
    for error in ErrorCode:
        text = error_message(error)
        assert text.endswith(".") and len(text) <= 90, text


def test_unknown_code() -> None:
    assert error_message("no_such_code") == "This move is not allowed."
    i18n.set_language("fr")
    assert error_message("no_such_code") == "Ce coup n\u2019est pas permis."


def test_the_table_variant() -> None:
    talaj, tallage = PRESETS["talaj"], PRESETS["tallage"]
    assert error_message("not_down", tallage) != error_message("not_down")
    assert "turn after your opening" in error_message("not_down", tallage)
    assert error_message("not_down", talaj) == error_message("not_down")
    assert "your own cards" in error_message("need_clean_tria_and_serie", talaj)
    assert "your own cards" not in error_message("need_clean_tria_and_serie", tallage)
    teams = PRESETS["rami-talaj"].with_options(teams=True, min_players=4, max_players=4)
    assert "partner" in error_message("need_clean_tria_and_serie", teams)
    assert error_message("draw_first", tallage) == error_message("draw_first")
