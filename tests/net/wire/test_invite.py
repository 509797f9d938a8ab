"""The invite's line: every invite read back as it was made, through what chat apps do to a
line (case, spaces, dashes, direction marks, words around it); a line mistyped or cut is
refused whole, never read as another table."""

from __future__ import annotations

import ipaddress
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rami_desktop.net.wire.codes import CODE_ALPHABET
from rami_desktop.net.wire.invite import (
    Invite,
    InviteRefused,
    InviteTrouble,
    invite_text,
    read_invite,
)

PIN = bytes(range(16))
HOME = Invite("81.12.34.56", 40123, "ABCDEFGH23", PIN)

codes = st.text(alphabet=CODE_ALPHABET, min_size=10, max_size=16)
hosts = st.one_of(
    st.ip_addresses(v=4).map(str), st.ip_addresses(v=6).map(str),
    st.from_regex(r"[a-z][a-z0-9]{0,20}(\.[a-z][a-z0-9-]{0,10}[a-z0-9]){1,3}", fullmatch=True))
invites = st.builds(Invite, hosts, st.integers(1, 65535), codes,
                    st.one_of(st.none(), st.binary(min_size=16, max_size=16)))


@given(invites)
def test_every_invite_reads_back(invite: Invite) -> None:
    text = invite_text(invite)
    assert read_invite(text) == invite
    assert text.startswith("RAMI-")
    assert set(text[5:]) <= set(CODE_ALPHABET) | {"-"}  # nothing a chat app changes


def test_the_line_is_short() -> None:
    assert len(invite_text(HOME)) <= 70
    assert len(invite_text(Invite("2a01:e0a:1:2::5", 40123, "ABCDEFGH23", PIN))) <= 95


@pytest.mark.parametrize("mangle", [
    str.lower,
    lambda t: t.replace("-", " "),
    lambda t: t.replace("-", ""),
    lambda t: t.replace("-", "\u2013"),  # a dash of the chat app's own
    lambda t: "\u200f" + t.replace("-", "-\u200b") + "\u200e",  # direction marks, zero width
    lambda t: "Salam! Join us: " + t + " . A demain",
    lambda t: "\u0627\u0644\u062f\u0639\u0648\u0629: " + t + " \u0634\u0643\u0631\u0627",
    lambda t: t.replace("-", "\u00a0"),  # no-break spaces
    lambda t: t + "\n",
])
def test_what_chat_apps_do_is_read_through(mangle: object) -> None:
    assert read_invite(mangle(invite_text(HOME))) == HOME  # type: ignore[operator]


def test_a_mistyped_sign_is_refused_at_every_place() -> None:
    text = invite_text(HOME)
    for i, sign in enumerate(text):
        if i < 5 or sign == "-":
            continue
        other = CODE_ALPHABET[(CODE_ALPHABET.index(sign) + 1) % len(CODE_ALPHABET)]
        with pytest.raises(InviteRefused) as refused:
            read_invite(text[:i] + other + text[i + 1:])
        assert refused.value.trouble is InviteTrouble.DAMAGED


def test_two_signs_swapped_or_cut_are_refused() -> None:
    text = invite_text(HOME)
    signs = [i for i, c in enumerate(text) if i >= 5 and c != "-"]
    for a, b in itertools.pairwise(signs):
        if text[a] != text[b]:
            swapped = list(text)
            swapped[a], swapped[b] = swapped[b], swapped[a]
            with pytest.raises(InviteRefused):
                read_invite("".join(swapped))
    for end in range(6, len(text) - 1):
        with pytest.raises(InviteRefused):
            read_invite(text[:end])


@pytest.mark.parametrize("text", ["", "hello", "192.168.1.20", "ABCDEFGH23",
                                  "wss://rami.example.org:8443"])
def test_a_line_without_rami_is_not_an_invite(text: str) -> None:
    with pytest.raises(InviteRefused) as refused:
        read_invite(text)
    assert refused.value.trouble is InviteTrouble.NOT_INVITE


def test_a_later_format_says_newer() -> None:
    import rami_desktop.net.wire.invite as module

    payload = bytes([0x80 | 0x40]) + bytes(30)
    value = int.from_bytes(payload + module._check(payload), "big")
    signs = []
    while value:
        value, digit = divmod(value, len(CODE_ALPHABET))
        signs.append(CODE_ALPHABET[digit])
    with pytest.raises(InviteRefused) as refused:
        read_invite("RAMI-" + "".join(reversed(signs)))
    assert refused.value.trouble is InviteTrouble.NEWER


@pytest.mark.parametrize("bad", [
    Invite("81.12.34.56", 0, "ABCDEFGH23", PIN), Invite("81.12.34.56", 1, "ABC", PIN),
    Invite("81.12.34.56", 1, "ABCDEFGH23", b"short"), Invite("bad_name!", 1, "ABCDEFGH23"),
])
def test_what_an_invite_cannot_carry_is_refused_when_made(bad: Invite) -> None:
    with pytest.raises(ValueError):
        invite_text(bad)


def test_the_url_is_always_tls() -> None:
    assert HOME.url() == "wss://81.12.34.56:40123/"
    six = Invite(str(ipaddress.ip_address("2a01:e0a::5")), 8443, "ABCDEFGH23", PIN)
    assert six.url() == "wss://[2a01:e0a::5]:8443/"
