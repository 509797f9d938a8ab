"""Settings: defaults, round trip, field-by-field repair, newer versions, fuzzing."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storage_helpers import fresh_home

from rami_desktop.storage import problems
from rami_desktop.storage import settings as settings_module
from rami_desktop.storage.atomic import newer_path
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.settings import Settings, load_settings, save_settings

CHANGED = Settings(
    language="ar_MA",
    sound_volume=0.25,
    muted=True,
    animation_speed="fast",
    deck_style="four",
    large_index=True,
    interface_scale=150,
    large_cards=True,
    hints=False,
    fullscreen=True,
    window_size=(1920, 1080),
    last_setup={"preset": "tallage", "options": {"target": 301}, "seats": ["human", "bot:easy"]},
)


def write(paths: Paths, data: Any) -> None:
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(json.dumps(data), "utf-8")


def test_defaults_without_file(paths: Paths) -> None:
    loaded, problem = load_settings(paths)
    assert problem is None and loaded == Settings()
    assert loaded.language is None  # chosen by the player at the first start
    assert not paths.config_dir.exists()  # loading creates nothing


def test_round_trip(paths: Paths) -> None:
    assert save_settings(paths, CHANGED) is None
    assert load_settings(paths) == (CHANGED, None)
    data = json.loads(paths.settings_file.read_text("utf-8"))
    assert data["version"] == settings_module.SETTINGS_VERSION
    assert data["window_size"] == [1920, 1080]
    assert save_settings(paths, Settings()) is None
    assert load_settings(paths) == (Settings(), None)


def test_bad_values_are_replaced_field_by_field(paths: Paths) -> None:
    data = CHANGED.to_dict()
    data.update(sound_volume="loud", animation_speed="warp", window_size=[10, 10], future=1)
    write(paths, data)
    loaded, problem = load_settings(paths)
    assert problem == problems.REPAIRED
    assert loaded == replace(
        CHANGED, sound_volume=0.8, animation_speed="normal", window_size=(640, 400)
    )


def test_unknown_keys_and_missing_keys_are_fine(paths: Paths) -> None:
    write(paths, {"version": 1, "muted": True, "colour": "blue"})
    assert load_settings(paths) == (Settings(muted=True), None)


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("sound_volume", 3, 1.0),
        ("sound_volume", -1, 0.0),
        ("sound_volume", True, 0.8),
        ("language", "english please", None),
        ("language", "pt-BR", None),
        ("language", "xx", None),
        ("language", "fr", "fr"),
        ("sound_volume", 10**400, 0.8),
        ("sound_volume", 1e300, 1.0),
        ("window_size", [16384, 16384], (7680, 4320)),
        ("window_size", [10**400, 10], (7680, 400)),
        ("muted", 1, False),
        ("last_setup", {"preset": 3}, None),
        ("last_setup", [], None),
        ("window_size", [800, 600, 1], (1280, 800)),
        ("interface_scale", 125, 125),
        ("interface_scale", 130, 100),
        ("interface_scale", 1.5, 100),
        ("interface_scale", "150", 100),
        ("interface_scale", True, 100),
        ("large_cards", "yes", False),
    ],
)
def test_single_values(paths: Paths, field: str, value: Any, expected: Any) -> None:
    write(paths, {"version": 1, field: value})
    loaded, _ = load_settings(paths)
    assert getattr(loaded, field) == expected


def test_newer_version_refused_and_kept(paths: Paths) -> None:
    newer = {**CHANGED.to_dict(), "version": settings_module.SETTINGS_VERSION + 1}
    write(paths, newer)
    assert load_settings(paths) == (Settings(), problems.NEWER_VERSION)
    assert json.loads(newer_path(paths.settings_file).read_text()) == newer
    assert json.loads(paths.settings_file.read_text()) == newer  # loading overwrites nothing
    # the player saves in this older version: the newer file stays kept aside
    assert save_settings(paths, Settings(language="fr")) is None
    assert load_settings(paths) == (Settings(language="fr"), None)
    assert json.loads(newer_path(paths.settings_file).read_text()) == newer


def test_upgraders_are_applied(paths: Paths, monkeypatch: pytest.MonkeyPatch) -> None:
    write(paths, {"version": 1, "sound": 0.5})
    monkeypatch.setattr(settings_module, "SETTINGS_VERSION", 2)

    def rename_sound(data: dict[str, Any]) -> dict[str, Any]:
        data["sound_volume"] = data.pop("sound")
        return data

    monkeypatch.setitem(settings_module.UPGRADERS, 1, rename_sound)
    assert load_settings(paths) == (Settings(sound_volume=0.5), None)


def test_corrupt_settings_use_backup(paths: Paths) -> None:
    save_settings(paths, CHANGED)
    save_settings(paths, Settings(language="fr"))
    paths.settings_file.write_bytes(b'{"version": 1, "langu')
    assert load_settings(paths) == (CHANGED, problems.CORRUPT_RESTORED_BACKUP)


def test_read_only_config_reported(paths: Paths, read_only) -> None:  # type: ignore[no-untyped-def]
    save_settings(paths, CHANGED)
    read_only(paths.config_dir)
    assert save_settings(paths, Settings()) == problems.UNWRITABLE
    assert load_settings(paths) == (CHANGED, None)


FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=12), children, max_size=3),
    max_leaves=12,
)
FIELD_NAMES = [*Settings().to_dict().keys()]


def check(paths: Paths, raw: bytes) -> None:
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_bytes(raw)
    loaded, problem = load_settings(paths)
    assert isinstance(loaded, Settings)
    assert problem is None or problem in problems.ALL_PROBLEMS
    assert loaded.animation_speed in settings_module.ANIMATION_SPEEDS
    assert 0.0 <= loaded.sound_volume <= 1.0
    assert save_settings(paths, loaded) is None  # whatever loaded can be saved


@FUZZ
@given(raw=st.binary(max_size=200))
def test_random_bytes(raw: bytes) -> None:
    with fresh_home() as paths:
        check(paths, raw)


@FUZZ
@given(value=json_values)
def test_random_json(value: object) -> None:
    with fresh_home() as paths:
        check(paths, json.dumps(value).encode())


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(FIELD_NAMES), json_values), version=json_values)
def test_random_fields(fields: dict[str, Any], version: object) -> None:
    with fresh_home() as paths:
        check(paths, json.dumps({**fields, "version": version}).encode())
        check(paths, json.dumps({**fields, "version": 1}).encode())


@FUZZ
@given(data=st.data())
def test_mutated_valid_file(data: st.DataObject) -> None:
    with fresh_home() as paths:
        save_settings(paths, CHANGED)
        raw = bytearray(paths.settings_file.read_bytes())
        for _ in range(data.draw(st.integers(1, 4))):
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
        check(paths, bytes(raw))
