"""A table with no window: ``python -m rami_desktop.host`` (also ``rami-host``).

For an always-on machine, or a server reached from elsewhere (with ``--cert`` and ``--key`` it
serves ``wss://``). ``--seats`` lists the seats in turn order: ``net`` (a player who joins),
``bot:LEVEL``. The table begins once every ``net`` seat is taken and ends after ``--rounds``
rounds or at the match's end (exit 0). ``--port 0`` picks a free port; the first line printed
says which. With ``--json`` the last line is one JSON object: ``rounds`` (rounds played to the
end) and each seat's name, kind and score.
"""

from __future__ import annotations

import argparse
import json
import logging
import signal
import ssl
import sys
import threading
from collections.abc import Sequence
from types import FrameType

from rami_desktop.arguments import OneLineParser, safe_output, whole_number
from rami_desktop.bots import levels_for
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.net.headless import TablePlan, end_table, run_tables, table_summary
from rami_desktop.net.host_session import POLICIES, HostSession
from rami_desktop.net.hosting import Hosting, new_code, tls_context
from rami_desktop.net.protocol import normalize_code
from rami_desktop.play.config import GameConfig, Seat

#: exit codes
OK, FAILED, BAD_ARGS = 0, 1, 2


def parse_seats(text: str, preset: str = "talaj") -> tuple[Seat, ...]:
    """``net,net,bot:medium`` as seats (the levels those ``preset`` offers).

    Raises:
        ValueError: a seat that is neither ``net`` nor ``bot:LEVEL``.
    """
    seats: list[Seat] = []
    levels = levels_for(preset)
    for i, part in enumerate(p.strip().lower() for p in text.split(",")):
        if part == "net":
            seats.append(Seat(None, "net"))
        elif part.startswith("bot:") and part[4:] in levels:
            seats.append(Seat(None, "bot", part[4:]))
        else:
            raise ValueError(f"seat {i + 1}: {part!r} is neither net nor bot:LEVEL "
                             f"({', '.join(levels)})")
    return tuple(seats)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    ap = OneLineParser(prog="rami-host", description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", choices=PRESET_NAMES, default="talaj")
    ap.add_argument("--seats", default="net,net,bot:medium",
                    help="comma list of net and bot:LEVEL, in turn order")
    ap.add_argument("--port", type=whole_number(0, 65535), default=0,
                    help="port to listen on (0: a free one)")
    ap.add_argument("--code", default=None, help="the table code (default: a new one)")
    ap.add_argument("--rounds", type=whole_number(1, 100_000), default=None,
                    help="stop after K rounds")
    ap.add_argument("--json", action="store_true", help="end with one JSON line")
    ap.add_argument("--policy", choices=POLICIES, default="bot",
                    help="while a joiner is away: wait, or a bot plays the seat")
    ap.add_argument("--name", default="", help="the table's name on the network")
    ap.add_argument("--listen", default="", help="address to listen on (default: all)")
    ap.add_argument("--seed", type=whole_number(0, (1 << 32) - 1), default=None)
    ap.add_argument("--cert", default=None, help="TLS certificate (PEM): serve wss://")
    ap.add_argument("--key", default=None, help="the certificate's private key (PEM)")
    ap.add_argument("--no-advertise", action="store_true",
                    help="do not announce the table on the local network")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one table; return the exit code."""
    safe_output()
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="rami-host: %(message)s")
    args = parse_args(argv)
    try:
        seats = parse_seats(args.seats, args.preset)
        rules = preset(args.preset)
        config = GameConfig(rules=rules, seats=seats, seed=args.seed)
        if not rules.min_players <= len(seats) <= rules.max_players:
            raise ValueError(f"{args.preset} takes {rules.min_players} to {rules.max_players} "
                             "seats")
        if rules.teams and len(seats) != 4:
            raise ValueError("teams need 4 seats")
        if not config.remote:
            raise ValueError("no net seat: nobody could join")
        code = normalize_code(args.code) if args.code else new_code()
        if not 4 <= len(code) <= 12 or not code.isascii():
            raise ValueError("the code must be 4 to 12 letters and digits")
        if (args.cert is None) != (args.key is None):
            raise ValueError("--cert and --key go together")
    except ValueError as exc:
        print(f"rami-host: {exc}", file=sys.stderr)
        return BAD_ARGS
    try:
        tls = tls_context(args.cert, args.key) if args.cert else None
    except (OSError, ssl.SSLError) as exc:
        print(f"rami-host: the certificate cannot be used: {exc}", file=sys.stderr)
        return BAD_ARGS
    hosting = Hosting(code)
    try:
        port = hosting.start(args.port, args.listen, tls)
    except OSError as exc:
        print(f"rami-host: cannot listen on port {args.port}: {exc}", file=sys.stderr)
        return FAILED
    session = HostSession(config, outbox=hosting.server, mailbox=hosting.mailbox,
                          policy=args.policy, screen=False, host_name=args.name,
                          hosting=hosting)
    scheme = "wss" if tls else "ws"
    print(f"table {code} on port {port} ({scheme}://)", flush=True)
    if not args.no_advertise:
        hosting.advertise(args.name or "Rami", rules.preset, len(seats), len(config.remote))
    stop = threading.Event()

    def interrupted(_signum: int, _frame: FrameType | None) -> None:
        stop.set()
        hosting.mailbox.wake.set()

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)
    plan = TablePlan(args.rounds)
    finished = run_tables([session], plan, hosting.mailbox.wake, stop=stop)
    if finished:
        end_table(session)
    else:
        session.close()
    if args.json:
        print(json.dumps(table_summary(session), ensure_ascii=False), flush=True)
    return OK if finished else FAILED



if __name__ == "__main__":
    sys.exit(main())
