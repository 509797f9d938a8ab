"""What the settings keep of network play: each table joined (its seat's token) and the table
hosted; a damaged value is repaired to nothing, never an error."""

from __future__ import annotations

from pathlib import Path

from rami_desktop.storage.network_settings import (
    hosted,
    hosted_tokens,
    joined_entry,
    last_joined,
    remember_hosted,
    remember_joined,
    returned_seat,
)
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.settings import MAX_JOINED, Settings, load_settings, save_settings


def test_tables_joined_and_hosted_survive_a_save(tmp_path: Path) -> None:
    network = None
    for i in range(MAX_JOINED + 2):
        network = remember_joined(network, f"10.0.0.{i}", 4000 + i, "ABC234", 1, f"tok{i}",
                                  "Sara")
    network = remember_joined(network, "10.0.0.9", 4009, "ABC234", 2, "again", "Sara", "she")
    network = remember_hosted(network, "XYZ789", 5000, "bot", {1: "t1", 2: "t2"})
    paths = Paths.under(tmp_path)
    paths.ensure()
    assert save_settings(paths, Settings(network=network)) is None
    loaded, problem = load_settings(paths)
    assert problem is None
    kept = loaded.network
    assert len(kept["joined"]) == MAX_JOINED  # type: ignore[index]
    assert last_joined(kept) == {"address": "10.0.0.9", "port": 4009, "code": "ABC234",
                                 "seat": 2, "token": "again", "name": "Sara", "gender": "she"}
    assert joined_entry(kept, "10.0.0.8", 4008, "ABC234")["gender"] == ""  # type: ignore[index]
    assert joined_entry(kept, "10.0.0.8", 4008, "ABC234")["token"] == "tok8"  # type: ignore[index]
    assert joined_entry(kept, "10.0.0.0", 4000, "ABC234") is None  # the oldest went
    assert hosted(kept)["code"] == "XYZ789" and hosted_tokens(kept) == {1: "t1", 2: "t2"}


def test_the_settings_know_the_genders_the_game_speaks_in() -> None:
    from rami_desktop.i18n.gender import GENDERS
    from rami_desktop.storage import names
    assert names.GENDERS == GENDERS
    joined = {"address": "h", "port": 1, "code": "C", "seat": 0, "token": "t", "name": "S"}
    for said, kept in (("she", "she"), ("queen", ""), (None, "")):
        value, _repaired = Settings.from_dict({"network": {"joined": [{**joined,
                                                                       "gender": said}]}})
        assert value.network["joined"][0]["gender"] == kept  # type: ignore[index]


def test_a_damaged_network_setting_is_repaired_to_nothing() -> None:
    for bad in ("x", {"joined": "x"}, {"joined": [{"port": 0}]},
                {"hosted": {"code": "A", "port": 70000, "tokens": {}}},
                {"hosted": {"code": "A", "port": 1, "tokens": {"x": "t"}}}):
        settings, repaired = Settings.from_dict({"network": bad})
        assert repaired and settings.network is None, bad


def test_a_seat_come_back_to_is_the_one_kept_with_its_token() -> None:
    """The seat kept is the one returned to only with the same seat and token (a seat taken
    anew at the same table is not: its player chose name and face again)."""
    network = remember_joined(None, "10.0.0.2", 8765, "CODE", 1, "t" * 32, "Amina", "she",
                              face="woman-curls")
    kept = returned_seat(network, "10.0.0.2", 8765, "CODE", 1, "t" * 32)
    assert kept is not None and (kept["name"], kept["face"]) == ("Amina", "woman-curls")
    assert returned_seat(network, "10.0.0.2", 8765, "CODE", 2, "u" * 32) is None
    assert returned_seat(network, "10.0.0.2", 8765, "CODE", 1, "u" * 32) is None
    assert returned_seat(network, "10.0.0.3", 8765, "CODE", 1, "t" * 32) is None
