"""NAT-PMP (RFC 6886): asking the home router, in one UDP datagram to its port 5351, for its
outside address and for a TCP port mapped to this computer, with a lifetime.

The messages are built and read here (:func:`address_request`, :func:`map_request`,
:func:`read_answer`); :class:`NatPmp` sends them from a worker thread (never the game's), each
sent again after 0.25 s, 0.5 s, 1 s (RFC 6886's doubling, cut short: a router that has not
answered in under 2 s does not speak NAT-PMP), and takes only the gateway's answers.
"""

from __future__ import annotations

import socket
import struct
import time
from dataclasses import dataclass

PORT = 5351
VERSION = 0
OP_ADDRESS = 0
OP_MAP_TCP = 2
#: an answer's opcode is the request's plus this
ANSWER = 128
#: result codes (RFC 6886, 3.5)
SUCCESS, UNSUPPORTED_VERSION, NOT_AUTHORIZED, NETWORK_FAILURE, OUT_OF_RESOURCES, \
    UNSUPPORTED_OPCODE = range(6)
#: the waits before each send again
WAITS = (0.25, 0.5, 1.0)


class NatPmpError(Exception):
    """The router answered with a result other than success (``result``: RFC 6886's code)."""

    def __init__(self, result: int) -> None:
        super().__init__(f"NAT-PMP result {result}")
        self.result = result


@dataclass(frozen=True)
class AddressAnswer:
    """The router's outside address (``result`` 0), or its refusal."""

    result: int
    epoch: int
    address: str


@dataclass(frozen=True)
class MapAnswer:
    """A mapping made (``result`` 0: the outside port and the lifetime granted), or refused."""

    result: int
    epoch: int
    internal_port: int
    external_port: int
    lifetime: int


def address_request() -> bytes:
    """The request for the router's outside address."""
    return struct.pack("!BB", VERSION, OP_ADDRESS)


def map_request(internal_port: int, external_port: int, lifetime: int) -> bytes:
    """The request to map a TCP port (``lifetime`` 0 and ``external_port`` 0: remove it).

    Raises:
        ValueError: a port or the lifetime out of range.
    """
    if not (0 < internal_port < 65536 and 0 <= external_port < 65536
            and 0 <= lifetime < 1 << 32):
        raise ValueError("a port or the lifetime out of range")
    return struct.pack("!BBHHHI", VERSION, OP_MAP_TCP, 0, internal_port, external_port,
                       lifetime)


def read_answer(data: bytes, opcode: int) -> AddressAnswer | MapAnswer:
    """An answer to a request of ``opcode``.

    Raises:
        ValueError: not such an answer (another version, opcode or length).
    """
    if len(data) < 8:
        raise ValueError("too short for a NAT-PMP answer")
    version, op, result, epoch = struct.unpack_from("!BBHI", data)
    if version != VERSION or op != ANSWER + opcode:
        raise ValueError(f"not an answer to opcode {opcode}")
    if opcode == OP_ADDRESS:
        if result != SUCCESS:
            return AddressAnswer(result, epoch, "")
        if len(data) < 12:
            raise ValueError("too short for an address")
        return AddressAnswer(result, epoch, socket.inet_ntoa(data[8:12]))
    if len(data) < 16:
        raise ValueError("too short for a mapping")
    internal, external, lifetime = struct.unpack_from("!HHI", data, 8)
    return MapAnswer(result, epoch, internal, external, lifetime)


class NatPmp:
    """A NAT-PMP client of one gateway (blocking: call it from a worker thread).

    Args:
        gateway: the router's LAN address (IPv4).
        port: its NAT-PMP port.
        waits: seconds to wait for an answer before each send again.
    """

    def __init__(self, gateway: str, port: int = PORT,
                 waits: tuple[float, ...] = WAITS) -> None:
        self.gateway = gateway
        self.port = port
        self.waits = waits

    def _ask(self, request: bytes, opcode: int) -> AddressAnswer | MapAnswer:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect((self.gateway, self.port))  # only the gateway's datagrams come in
            for wait in self.waits:
                sock.send(request)
                deadline = time.monotonic() + wait
                while (left := deadline - time.monotonic()) > 0:
                    sock.settimeout(left)
                    try:
                        data = sock.recv(64)
                    except TimeoutError:
                        break
                    except ConnectionRefusedError:  # an ICMP "port unreachable": nobody there
                        raise TimeoutError("no NAT-PMP at the gateway") from None
                    try:
                        return read_answer(data, opcode)
                    except ValueError:
                        continue  # not ours: wait on
        raise TimeoutError("the gateway did not answer NAT-PMP")

    def external_address(self) -> str:
        """The router's outside address.

        Raises:
            TimeoutError: no answer. NatPmpError: a refusal. OSError: the socket failed.
        """
        answer = self._ask(address_request(), OP_ADDRESS)
        assert isinstance(answer, AddressAnswer)
        if answer.result != SUCCESS:
            raise NatPmpError(answer.result)
        return answer.address

    def map_tcp(self, internal_port: int, external_port: int, lifetime: int) -> MapAnswer:
        """Map a TCP port for ``lifetime`` seconds (the router may grant another port or
        lifetime: the answer says which).

        Raises:
            TimeoutError: no answer. NatPmpError: a refusal. OSError: the socket failed.
        """
        answer = self._ask(map_request(internal_port, external_port, lifetime), OP_MAP_TCP)
        assert isinstance(answer, MapAnswer)
        if answer.result != SUCCESS:
            raise NatPmpError(answer.result)
        return answer

    def unmap_tcp(self, internal_port: int) -> None:
        """Remove this computer's mapping of ``internal_port``.

        Raises:
            TimeoutError, NatPmpError, OSError: as :meth:`map_tcp`.
        """
        self.map_tcp(internal_port, 0, 0)


__all__ = ["OP_ADDRESS", "OP_MAP_TCP", "PORT", "AddressAnswer", "MapAnswer", "NatPmp",
           "NatPmpError", "address_request", "map_request", "read_answer"]
