"""Tables with no window: ``python -m rami_desktop.host`` (also ``rami-host``).

For an always-on machine, or a server reached from elsewhere (with ``--cert`` and ``--key`` it
serves ``wss://``; with ``--invite`` it serves ``wss://`` with its own certificate, asks the
home router for a door, and prints the invite a joiner far away follows). One process serves
many tables on one port, each by its code: the table of the command line (``--seats`` in turn
order: ``net``, a player who joins, or ``bot:LEVEL``), or the tables of a ``--config`` file;
with ``--admin-token-file`` a player's game holding the token may create more. A table begins
once every ``net`` seat is taken and ends after ``--rounds`` rounds or at the match's end. With
``--state DIR`` every table is kept there after every move; ``--resume`` opens them all again
(their joiners take their seats back, on the port and address they were served on unless
``--port`` or ``--listen`` says otherwise; a table whose end they were not told tells it), or,
when none is kept, the tables configured. SIGTERM, SIGINT and SIGHUP stop the host cleanly: each
joiner a ``bye``, every table kept. The first lines printed say each table's code and the port
(``--port 0`` picks a free one). With ``--json`` the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import signal
import ssl
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from rami_desktop.commands.arguments import (
    OneLineParser,
    given,
    hours,
    listen_address,
    player_name,
    regular_file,
    safe_output,
    seconds,
    shown,
    table_code,
    whole_number,
)
from rami_desktop.commands.host_config import (
    MAX_PROCESSES,
    admin_check,
    checked_config,
    read_json_file,
    read_token,
    readable_by_all,
)
from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.net.hall.expiry import DEFAULT_HOURS, MAX_HOURS
from rami_desktop.net.hall.heap import steady_heap
from rami_desktop.net.hall.rooms import Rooms
from rami_desktop.net.hall.table_return import kept_address
from rami_desktop.net.hall.tables import Hall, TableSpec
from rami_desktop.net.host.host_session import POLICIES, TURN_TIME
from rami_desktop.net.host.hosting import new_code, tls_context
from rami_desktop.net.router.door import ASKING, LEASE, Door, Opened
from rami_desktop.net.router.ways import Trouble
from rami_desktop.net.transport.inbox import Inbox
from rami_desktop.net.transport.server import HostServer, Inbound
from rami_desktop.net.trust.host_key import host_identity
from rami_desktop.net.trust.pinning import server_context
from rami_desktop.net.wire.codes import CODE_RULE
from rami_desktop.net.wire.invite import Invite, invite_text
from rami_desktop.play.table.clock import PACES
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.state_folder import StateError, StateLock, lock_state
from rami_desktop.ui.words.invite_words import door_message

if TYPE_CHECKING:
    from rami_desktop.net.discovery import Advertiser

#: exit codes
OK, FAILED, BAD_ARGS = 0, 1, 2
#: the largest certificate or key file read (bytes)
PEM_LIMIT = 1 << 20
#: seconds the router may take to open a door (UPnP's discovery, then NAT-PMP's tries)
DOOR_TIME = 30.0


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    ap = OneLineParser(prog="rami-host", description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", choices=PRESET_NAMES, default="talaj")
    ap.add_argument("--seats", default="net,net,bot:medium",
                    help="comma list of net and bot:LEVEL, in turn order")
    ap.add_argument("--port", type=whole_number(0, 65535), default=None,
                    help="port to listen on (0: a free one; default 0, or with --resume the "
                         "port the tables were served on)")
    ap.add_argument("--code", type=table_code, default=None,
                    help=f"the table code, {CODE_RULE} (default: a new one)")
    ap.add_argument("--rounds", type=whole_number(1, 100_000), default=None,
                    help="stop after K rounds")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    ap.add_argument("--pace", choices=PACES, default=None,
                    help="how long the bots pause after each move, as at a table on a screen "
                         "(default off: at once; with --resume, the pace each table was kept "
                         "with)")
    ap.add_argument("--policy", choices=POLICIES, default="bot",
                    help="while a joiner is away: wait, or a bot plays the seat")
    ap.add_argument("--turn-time", type=seconds(0, 3600), default=TURN_TIME,
                    help=f"seconds a joiner has to play before a bot plays for it "
                         f"(0: no timer; default {TURN_TIME:g})")
    ap.add_argument("--name", type=player_name, default="",
                    help="the table's name on the network (at most 16 characters)")
    ap.add_argument("--listen", type=listen_address, default=None,
                    help="address to listen on: an IPv4 or IPv6 address or a host name "
                         "(default: every address, or with --resume the tables' own)")
    ap.add_argument("--seed", type=whole_number(0, (1 << 32) - 1), default=None,
                    help="the first round's deal (as a deal code's; later rounds stay secret)")
    ap.add_argument("--cert", type=regular_file(PEM_LIMIT), default=None,
                    help="TLS certificate (PEM): serve wss://")
    ap.add_argument("--key", type=regular_file(PEM_LIMIT), default=None,
                    help="the certificate's private key (PEM)")
    ap.add_argument("--invite", action="store_true",
                    help="serve TLS with this host's own certificate, ask the home router "
                         "(UPnP, NAT-PMP) for a door and print an invite for joiners far away")
    ap.add_argument("--lease", type=whole_number(2, 86400), default=LEASE,
                    help=f"seconds the router keeps the door unless renewed (default {LEASE})")
    ap.add_argument("--no-advertise", action="store_true",
                    help="do not announce the table on the local network")
    ap.add_argument("--config", type=given, default=None,
                    help="a JSON file: {\"port\", \"listen\", \"state\", \"tables\": [...]}")
    ap.add_argument("--state", default=None,
                    help="folder where the tables are kept (every action on disk before "
                         "anyone is told of it; one host per folder)")
    ap.add_argument("--resume", action="store_true",
                    help="open again the tables kept in --state (none kept: the tables "
                         "configured)")
    ap.add_argument("--admin-token-file", type=given, default=None,
                    help="a file holding the token that lets a player's game create tables")
    ap.add_argument("--expire", type=hours(MAX_HOURS), default=None, metavar="HOURS",
                    help=f"close a table nobody joined after HOURS (0: never; default "
                         f"{DEFAULT_HOURS:g}; kept across --resume)")
    ap.add_argument("--processes", type=whole_number(1, MAX_PROCESSES), default=None,
                    help="spread the tables over this many processes, beside the one that "
                         "keeps the network (default 1: one process plays every table; a host "
                         "of hundreds of tables: its cores)")
    ap.add_argument("--serve", action="store_true",
                    help="keep serving when every table has ended (for tables created later)")
    return ap.parse_args(argv)


def plan_of(args: argparse.Namespace) -> tuple[dict[str, Any], list[TableSpec]]:
    """The host's settings (``port``, ``listen``, ``state``) and the tables to open.

    Raises:
        ValueError: a file or a table that cannot be used.
    """
    settings: dict[str, Any] = {"port": None, "listen": None, "state": None,
                                "expire": DEFAULT_HOURS, "processes": 1}
    specs: list[TableSpec] = []
    if args.config:
        data = checked_config(args.config, read_json_file(args.config))
        settings.update({k: data[k] for k in ("port", "listen", "state", "expire", "processes")
                         if data[k] is not None})
        codes: set[str] = set()
        for i, table in enumerate(data["tables"]):
            try:
                spec = TableSpec.from_dict(table)
                spec.config()
                code = spec.checked_code()
                if code in codes:
                    raise ValueError(f"the code {code} is another table's too")
            except ValueError as exc:
                raise ValueError(f"{args.config}: table {i + 1}: {exc}") from exc
            specs.append(spec)
            if code is not None:
                codes.add(code)
    else:
        specs = [TableSpec(args.preset, args.seats, args.code, args.rounds, args.policy,
                           args.turn_time, args.seed, args.name)]
    for key in ("port", "listen", "state", "expire", "processes"):
        if getattr(args, key) is not None:
            settings[key] = getattr(args, key)
    port = settings["port"]
    if port is not None and (isinstance(port, bool) or not isinstance(port, int)
                             or not 0 <= port <= 65535):
        raise ValueError("the port is a whole number 0 to 65535")
    if args.resume and not settings["state"]:
        raise ValueError("--resume needs --state (the folder the tables are kept in)")
    if (args.cert is None) != (args.key is None):
        raise ValueError("--cert and --key go together")
    if args.invite and (args.cert or len(specs) != 1 or settings["processes"] > 1):
        raise ValueError("--invite serves one table with the host's own certificate "
                         "(not with --cert, --config or --processes)")
    for spec in specs:
        spec.config()
        spec.checked_code()
    return settings, specs


def main(argv: Sequence[str] | None = None) -> int:
    """Run the host's tables; return the exit code."""
    safe_output()
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="rami-host: %(message)s")
    args = parse_args(argv)
    try:
        settings, specs = plan_of(args)
        token = read_token(args.admin_token_file) if args.admin_token_file else None
    except ValueError as exc:
        print(f"rami-host: {shown(exc)}", file=sys.stderr)
        return BAD_ARGS
    if token is not None and readable_by_all(args.admin_token_file):
        print(f"rami-host: warning: {shown(args.admin_token_file)} can be read by every user of "
              "this machine (chmod 600, or 640 with the host's group)", file=sys.stderr,
              flush=True)
    identity = None
    try:
        tls = tls_context(args.cert, args.key) if args.cert else None
        if args.invite:
            identity = host_identity(Path(settings["state"]) if settings["state"]
                                     else Paths.from_environment().data_dir)
            tls = server_context(str(identity.cert_file), str(identity.key_file))
    except (OSError, ssl.SSLError) as exc:
        print(f"rami-host: the certificate cannot be used: {shown(exc)}", file=sys.stderr)
        return BAD_ARGS
    try:
        lock = take_state(settings["state"])
    except StateError as exc:
        print(f"rami-host: {shown(exc)}", file=sys.stderr)
        return BAD_ARGS
    admin_box: Inbox[Inbound] = Inbox()
    server = HostServer(admin_check(token), admin_box if token else None)
    state = lock.folder if lock is not None else None
    hall: Hall | Rooms
    if settings["processes"] > 1:
        hall = Rooms(server, settings["processes"], str(state) if state is not None else None,
                     new_code, admin_box, pace=args.pace, expire=settings["expire"],
                     lock=lock.fd if lock is not None and os.name == "posix" else None)
    else:
        hall = Hall(server, state, new_code, admin_box)
        hall.pace = args.pace
        hall.expiry.hours = settings["expire"]
    stop = threading.Event()  # SIGTERM, SIGINT: every joiner a bye, the tables kept, exit 0

    def interrupted(_signum: int, _frame: FrameType | None) -> None:
        stop.set()
        hall.wake.set()

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):  # SIGHUP: no SIGHUP on Windows
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), interrupted)
    try:
        codes = hall.resume() if args.resume else []
        if not codes:  # nothing kept (a first start): the tables configured
            codes = [hall.open(spec) for spec in specs]
    except ValueError as exc:
        print(f"rami-host: {shown(exc)}", file=sys.stderr)
        return BAD_ARGS
    if not codes and not token:
        print("rami-host: no table to serve", file=sys.stderr)
        return BAD_ARGS
    listen, port = serving_address(settings, hall.kept_addresses)
    try:
        port = server.start(listen or "", port, tls)
    except OSError as exc:
        print(f"rami-host: cannot listen on {listen or 'every address'}, port {port}: "
              f"{shown(exc)}", file=sys.stderr)
        hall.close()
        return FAILED
    try:
        hall.serving(listen, port)
    except ValueError as exc:  # a process of the tables stopped as they started
        print(f"rami-host: {shown(exc)}", file=sys.stderr)
        hall.close()
        server.stop()
        return FAILED
    scheme = "wss" if tls else "ws"
    for code in codes:
        print(f"table {code} on port {port} ({scheme}://)", flush=True)
    if not codes:
        print(f"tables on port {port} ({scheme}://), created with the admin token", flush=True)
    door = Door(port, lease=args.lease) if identity is not None else None
    if door is not None and identity is not None:
        invite = invite_line(door, Invite("", 0, codes[0], identity.pin))
        if invite is None:
            hall.close()
            server.stop()
            return FAILED
        print(f"invite {invite}", flush=True)
    advertiser = advertise(hall, codes, port, tls is not None, args)
    steady_heap()  # what the tables keep is out of the collector's sight: no long pause
    finished = hall.run(stop, serve=args.serve or (token is not None and not codes))
    if door is not None:
        door.close()
    hall.close()
    server.stop()
    if advertiser is not None:
        advertiser.stop()
    if args.json:
        ended = hall.ended
        line: dict[str, Any] = dict(ended[0]) if len(ended) == 1 and len(codes) == 1 else {}
        line["tables"] = ended
        print(json.dumps(line, ensure_ascii=False), flush=True)
    return OK if finished or stop.is_set() else FAILED  # a SIGTERM is a normal stop


def serving_address(settings: dict[str, Any],
                    kept: list[tuple[str | None, int | None]]) -> tuple[str | None, int]:
    """Where to listen: the address and port asked for, else the ones the tables resumed were
    served on (their joiners' kept address points there), else every address and a free port.
    """
    kept_listen, kept_port = kept_address(kept)
    listen = settings["listen"] if settings["listen"] is not None else kept_listen
    port = settings["port"] if settings["port"] is not None else kept_port
    return listen, port or 0


def invite_line(door: Door, invite: Invite) -> str | None:
    """Open the door (waiting for the router, in bounded time) and return the invite's line;
    None when the router cannot (one sentence printed on stderr, why and what to do)."""
    door.open()
    deadline = time.monotonic() + DOOR_TIME
    while door.state == ASKING and time.monotonic() < deadline:
        time.sleep(0.05)
    state = door.state
    if not isinstance(state, Opened):
        door.close()
        print(f"rami-host: {door_message(state if isinstance(state, Trouble) else Trouble.LOST)}",
              file=sys.stderr, flush=True)
        return None
    return invite_text(dataclasses.replace(invite, host=state.address, port=state.port))


def take_state(value: Any) -> StateLock | None:
    """Check the state folder and lock it (None: no state folder).

    Raises:
        StateError: not a folder's name, a folder that cannot keep anything, or one another
            host holds (one line).
    """
    if value is None:
        return None
    if not isinstance(value, str) or not value or len(value) > 4096 or "\0" in value:
        raise StateError("the state folder is the name of a folder")
    return lock_state(Path(value))


def advertise(hall: Hall | Rooms, codes: list[str], port: int, tls: bool,
              args: argparse.Namespace) -> Advertiser | None:
    """Announce a host of one table on the local network (unless ``--no-advertise``); a
    host of several tables is not announced (its tables are told by their codes), nor one
    that spreads them over processes."""
    if args.no_advertise or len(codes) != 1 or not isinstance(hall, Hall):
        return None
    from rami_desktop.net.discovery import Advertiser  # zeroconf: only for a host announced

    session = hall.tables[codes[0]].session
    advertiser = Advertiser(args.name or "Rami", port, session.match.rules.preset,
                            session.config.players, tls)
    advertiser.free = len(session.book.free())
    advertiser.start()
    return advertiser


if __name__ == "__main__":
    sys.exit(main())
