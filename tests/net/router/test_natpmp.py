"""NAT-PMP (RFC 6886): the messages as the RFC writes them, and the client against a router
played on loopback (its answers, its refusals, its silence)."""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Callable, Iterator

import pytest

from rami_desktop.net.router.natpmp import (
    OP_ADDRESS,
    OP_MAP_TCP,
    AddressAnswer,
    MapAnswer,
    NatPmp,
    NatPmpError,
    address_request,
    map_request,
    read_answer,
)

FAST = (0.05, 0.1)


def test_requests_as_the_rfc_writes_them() -> None:
    assert address_request() == b"\x00\x00"
    assert map_request(40123, 40124, 7200) == bytes.fromhex("00020000" "9cbb" "9cbc" "00001c20")
    with pytest.raises(ValueError):
        map_request(0, 1, 1)
    with pytest.raises(ValueError):
        map_request(1, 1, 1 << 32)


def test_answers_read() -> None:
    got = read_answer(bytes.fromhex("0080000000000fd40b4d0001"), OP_ADDRESS)
    assert got == AddressAnswer(0, 4052, "11.77.0.1")
    got = read_answer(bytes.fromhex("0082000000000fd49cbd9cbd00000258"), OP_MAP_TCP)
    assert got == MapAnswer(0, 4052, 40125, 40125, 600)
    assert read_answer(bytes.fromhex("0080000300000fd7"), OP_ADDRESS).result == 3
    for bad in (b"", b"\x00\x80", bytes.fromhex("0181000000000fd40b4d0001"),
                bytes.fromhex("0080000000000fd40b4d"), bytes.fromhex("0082000000000fd49cbd")):
        with pytest.raises(ValueError):
            read_answer(bad, OP_ADDRESS if bad[1:2] == b"\x80" else OP_MAP_TCP)


Answer = Callable[[bytes], list[bytes]]


@pytest.fixture
def router() -> Iterator[Callable[[Answer], int]]:
    """A NAT-PMP router on loopback answering as it is told; yields its port."""
    sockets: list[socket.socket] = []
    stop = threading.Event()

    def start(answer: Answer) -> int:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.bind(("127.0.0.1", 0))
        sock.settimeout(0.05)
        sockets.append(sock)

        def serve() -> None:
            while not stop.is_set():
                try:
                    data, peer = sock.recvfrom(64)
                except (TimeoutError, OSError):
                    continue
                for reply in answer(data):
                    sock.sendto(reply, peer)

        threading.Thread(target=serve, daemon=True).start()
        return int(sock.getsockname()[1])

    yield start
    stop.set()
    for sock in sockets:
        sock.close()


def honest(data: bytes) -> list[bytes]:
    if data == b"\x00\x00":
        return [b"junk", struct.pack("!BBHI4s", 0, 128, 0, 9, socket.inet_aton("81.12.34.56"))]
    _v, op, _r, internal, external, life = struct.unpack("!BBHHHI", data)
    return [struct.pack("!BBHIHHI", 0, 128 + op, 0, 9, internal, external or internal,
                        min(life, 3600))]


def test_the_client_asks_and_maps(router: Callable[[Answer], int]) -> None:
    client = NatPmp("127.0.0.1", router(honest), FAST)
    assert client.external_address() == "81.12.34.56"  # the junk before it is not an answer
    answer = client.map_tcp(40123, 40123, 7200)
    assert (answer.external_port, answer.lifetime) == (40123, 3600)
    client.unmap_tcp(40123)


def test_a_refusal_says_its_result(router: Callable[[Answer], int]) -> None:
    client = NatPmp("127.0.0.1", router(lambda d: [struct.pack("!BBHI", 0, 128 + d[1], 2, 1)
                                                   + bytes(8)]), FAST)
    with pytest.raises(NatPmpError) as refused:
        client.map_tcp(40123, 40123, 60)
    assert refused.value.result == 2


def test_silence_is_no_nat_pmp(router: Callable[[Answer], int]) -> None:
    with pytest.raises(TimeoutError):
        NatPmp("127.0.0.1", router(lambda d: []), FAST).external_address()
    closed = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nobody there: refused or silent, it is no NAT-PMP either way
    with pytest.raises(TimeoutError):
        NatPmp("127.0.0.1", port, FAST).external_address()
