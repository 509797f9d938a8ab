"""The invite on the screens, headless: the lobby's "Invite someone far away" (a router played
by a fake: the real one is the slow tests/net/test_invite_upnp.py), the invite read on Join
(typed, pasted, Ctrl+V; a mistyped one refused in one sentence), and a table made on the
family's server over TLS, shown as its invite and joined from it."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.host.inviting import Invited
from rami_desktop.net.join.joining import Joining, Welcome
from rami_desktop.net.router.ways import Trouble, Way
from rami_desktop.net.wire.invite import Invite, invite_text, read_invite
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.net_table import NetTableScene
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes import net_join
from rami_desktop.ui.scenes.net_join import JoinScene
from rami_desktop.ui.scenes.net_lobby import LobbyScene
from rami_desktop.ui.scenes.net_server import ServerScene, server_url
from rami_desktop.ui.words.invite_words import door_message, invite_message
from tests.net.test_commands import command, env
from tests.ui.conftest import DT

RULES = PRESETS["talaj"].with_options(target=60)
LIMIT = 30.0


class FakeRouter:
    way = Way.NATPMP

    def __init__(self) -> None:
        self.unmapped: list[int] = []

    def outside(self) -> str:
        return "11.77.0.1"

    def map(self, internal: int, external: int, lease: int) -> tuple[int, int]:
        return external, lease

    def unmap(self, internal: int, external: int) -> None:
        self.unmapped.append(external)


def frames_until(app: Any, test: Any, limit: float = LIMIT) -> None:
    deadline = time.monotonic() + limit
    while not test():
        assert time.monotonic() < deadline, "the screen did not get there in time"
        app.step(DT, [])
        time.sleep(0.005)


def lobby_of(make_app: Any, tmp_path: Path, router: FakeRouter | None,
             language: str) -> tuple[Any, LobbyScene]:
    app = make_app((800, 600), language=language, animation_speed="off")
    config = GameConfig(RULES, (Seat("Amal", "human"), Seat(None, "net"),
                                Seat(None, "bot", "easy")), seed=4)
    lobby = app.scene(Route.NET_LOBBY, config)
    assert isinstance(lobby, LobbyScene)
    lobby.find_router = lambda: router
    lobby.key_folder = tmp_path / "key"
    app.stack.push(lobby)
    app.step(DT, [])
    return app, lobby


def test_the_lobby_invites_and_a_joiner_far_away_sits_down(make_app: Any,
                                                            tmp_path: Path) -> None:
    router = FakeRouter()
    app, lobby = lobby_of(make_app, tmp_path, router, "fr")
    assert lobby.invite_button.visible and not lobby.copy_button.visible
    lobby.invite_button.on_click()
    frames_until(app, lambda: isinstance(lobby.inviting and lobby.inviting.state, Invited))
    app.step(DT, [])
    state = lobby.inviting.state if lobby.inviting else None
    assert isinstance(state, Invited)
    invite = read_invite(state.text)
    assert (invite.host, invite.code) == ("11.77.0.1", lobby.session.code if lobby.session
                                          else "")
    assert strip_marks(lobby.invite_row(0) + "-" + lobby.invite_row(1)) == state.text
    assert lobby.copy_button.visible and not lobby.invite_button.visible
    assert "Porte ouverte dans ta box (NAT-PMP)" in strip_marks(lobby.note_text())
    far = app.settings["network"]["hosted"]["far"]
    assert lobby.hosting is not None
    assert far == {"port": lobby.hosting.far_port, "outside": invite.port}
    # the joiner follows the invite (here over loopback: the fake router maps nothing)
    joining = Joining(f"wss://127.0.0.1:{far['port']}/", invite.code, "Yassine",
                      pin=invite.pin)
    frames_until(app, lambda: joining.poll() is not None)
    assert isinstance(joining.poll(), Welcome)
    joining.link.stop(0.5)
    frames_until(app, lambda: "Yassine" in lobby.seat_text(1))
    app.stack.clear()
    app.stack.apply_pending()  # the table left: the router's door given back
    assert router.unmapped == [invite.port]


@pytest.mark.parametrize("language", ["ar_MA", "fr"])
def test_a_router_that_cannot_is_said_and_no_invite_is_shown(make_app: Any, tmp_path: Path,
                                                             language: str) -> None:
    app, lobby = lobby_of(make_app, tmp_path, None, language)
    lobby.invite()
    frames_until(app, lambda: lobby.inviting is not None
                 and lobby.inviting.state is Trouble.NO_ROUTER)
    app.step(DT, [])
    assert lobby.note_text() == door_message(Trouble.NO_ROUTER)
    assert lobby.invite_row(0) == "" and not lobby.copy_button.visible
    assert "far" not in (app.settings["network"]["hosted"] or {}) or \
        app.settings["network"]["hosted"]["far"] is None


INVITE = Invite("11.77.0.1", 40123, "ABCDEFGH23", bytes(range(16)))


def test_join_reads_an_invite_typed_pasted_or_by_ctrl_v(make_app: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((800, 600), language="fr", animation_speed="off")
    join = app.scene(Route.NET_JOIN)
    assert isinstance(join, JoinScene)
    app.stack.push(join)
    app.step(DT, [])
    text = invite_text(INVITE)
    join.address.insert("Salut ! " + text.lower())  # typed (or pasted) into the address
    assert (join.address.value, join.port.value, join.code.value) == ("11.77.0.1", "40123",
                                                                      "ABCDEFGH23")
    assert join._pin() == INVITE.pin and join._url() == "wss://11.77.0.1:40123/"
    join.port.set("40124")  # fields changed by hand: no invite's trust any more
    assert join._pin() is None
    broken = text[:-1] + ("2" if text[-1] != "2" else "3")
    monkeypatch.setattr(net_join, "paste_text", lambda: broken)
    join.paste_button.on_click()
    assert join.status == invite_message(read_invite_trouble(broken))
    assert join.status.startswith("Cette invitation est mal tapée ou coupée")
    monkeypatch.setattr(net_join, "paste_text", lambda: text)
    join.group.focused = join.join_button
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL,
                             unicode="v", scancode=0)
    app.step(DT, [key])
    assert join._pin() == INVITE.pin and join.port.value == "40123"


def read_invite_trouble(text: str) -> Any:
    try:
        read_invite(text)
    except ValueError as refused:
        return refused.trouble  # type: ignore[attr-defined]
    raise AssertionError("read")


def test_server_addresses() -> None:
    assert server_url("rami.example.org") == ("wss://rami.example.org:8443/", "rami.example.org",
                                              8443)
    assert server_url("wss://rami.example.org:9000") == ("wss://rami.example.org:9000/",
                                                         "rami.example.org", 9000)
    for bad in ("ws://rami.example.org:8443", "", "wss://"):
        with pytest.raises(ValueError):
            server_url(bad)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_a_table_made_on_the_family_server_is_shown_as_its_invite_and_joined(
        make_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost", "-keyout", str(key),
                    "-out", str(cert)], check=True, capture_output=True, timeout=60)
    token = tmp_path / "admin.token"
    token.write_text("family-admin-token-0123\n")
    token.chmod(0o600)
    host = subprocess.Popen(command("host", "--port", "0", "--no-advertise", "--listen",
                                    "127.0.0.1", "--cert", str(cert), "--key", str(key),
                                    "--admin-token-file", str(token), "--serve",
                                    home=tmp_path / "h"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env(tmp_path / "h"))
    try:
        assert host.stdout is not None
        port = int(host.stdout.readline().split(" on port ")[1].split()[0])
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the system's authorities, here
        app = make_app((800, 600), language="ar_MA", animation_speed="off")
        app.stack.push(app.scene(Route.NET_JOIN))
        app.step(DT, [])
        join = app.stack.top
        assert isinstance(join, JoinScene)
        join.server_button.on_click()
        app.step(DT, [])
        server = app.stack.top
        assert isinstance(server, ServerScene)
        server.address.set(f"localhost:{port}")
        server.token.set("wrong-token-000")
        server.create()
        frames_until(app, lambda: server.creating is None)
        assert server.status_error and server.made is None  # a wrong token: said, no table
        server.token.set("family-admin-token-0123")
        server.players.value, server.bots.value = 2, 1
        server.create()
        frames_until(app, lambda: server.made is not None)
        made = server.made
        assert made is not None and made.pin is None and made.host == "localhost"
        assert app.settings["network"]["server"] == {"address": f"localhost:{port}",
                                                     "token": "family-admin-token-0123"}
        assert server.copy_button.visible and server.join_button.visible
        server.join_button.on_click()
        app.step(DT, [])
        join = app.stack.top
        assert isinstance(join, JoinScene) and join.code.value == made.code
        join.name.set("Lalla")
        join.join()
        frames_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    finally:
        app_stack = locals().get("app")
        if app_stack is not None:
            app_stack.stack.clear()
            app_stack.stack.apply_pending()
        host.terminate()
        host.communicate(timeout=30)
