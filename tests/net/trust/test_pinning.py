"""A joiner far away trusts the host the invite pins, and only it: a table joined over TLS
1.3 with the host's own certificate; another certificate refused in its handshake, before
the joiner sends a byte (no code, no token), and said in one sentence."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.host.host_session import HostSession
from rami_desktop.net.host.hosting import Hosting
from rami_desktop.net.join.joining import Joining, Trouble, Welcome
from rami_desktop.net.trust.host_key import host_identity
from rami_desktop.net.trust.pinning import pinned_context
from rami_desktop.net.wire.errors import NetError
from rami_desktop.ui.words.net_words import net_message
from tests.net.harness import config_of


def answer(joining: Joining, session: HostSession) -> Welcome | Trouble:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        session.pump()
        got = joining.poll()
        if got is not None:
            return got
        joining.link.wait(0.02)
    raise AssertionError("no answer")


def test_pinned_join_and_a_wrong_host_refused(tmp_path: Path) -> None:
    mine = host_identity(tmp_path / "host")
    other = host_identity(tmp_path / "other")
    hosting = Hosting("PINNED2345")
    hosting.start(0, "127.0.0.1")
    far = hosting.listen_far(mine)
    session = HostSession(config_of(PRESETS["talaj"], "net", "net", "bot"),
                          outbox=hosting.server, mailbox=hosting.mailbox, screen=False,
                          hosting=hosting)
    try:
        wrong = Joining(f"wss://127.0.0.1:{far}/", "PINNED2345", "Eve", pin=other.pin)
        assert answer(wrong, session) == Trouble(NetError.WRONG_HOST)
        assert "not the computer that made the invite" in net_message(NetError.WRONG_HOST)
        assert not session.book.taken(0) and not session.book.taken(1)
        plain = Joining(f"ws://127.0.0.1:{far}/", "PINNED2345", "Eve")  # TLS only out there
        assert isinstance(answer(plain, session), Trouble)
        right = Joining(f"wss://127.0.0.1:{far}/", "PINNED2345", "Sara", pin=mine.pin)
        got = answer(right, session)
        assert isinstance(got, Welcome) and got.code == "PINNED2345"
        right.link.stop(0.5)
        home = Joining(f"ws://127.0.0.1:{hosting.port}/", "PINNED2345", "Amina")
        assert isinstance(answer(home, session), Welcome)  # the home's port, as before
        home.link.stop(0.5)
    finally:
        session.close()


def test_a_pin_is_sixteen_bytes() -> None:
    with pytest.raises(ValueError):
        pinned_context(b"short")
