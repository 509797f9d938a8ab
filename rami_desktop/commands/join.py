"""Join a table with no window and let a bot play the seat: ``python -m rami_desktop.join``.

For tests, soaks, and to fill a table from another machine; ``--invite LINE`` in place of the
address, port and code follows a host's invite (TLS, the host's certificate checked against the
invite's pin). ``--gender she|he|she/he`` says how the table speaks to the player, as the
join screen's choice (default: as at the last table joined); ``--face ID`` the portrait the
player wears at the table, one of the faces the join screen offers (default: the one chosen at
the last table joined, else none: the host gives the seat its default face). With
``--create PRESET`` and the host's ``--admin-token-file``, it first creates a table on the host
(``--seats``), prints ``table CODE`` and joins it. The seat's token is kept in the
settings (``RAMI_HOME`` chooses their folder): started again for the same table, the joiner
comes back to its seat; a second joiner of the same profile at the same table while the first
is still there joins as a new seat under its own name (:mod:`rami_desktop.net.join.seat_lock`).
Exit 0 at the normal end (the match's, or the host's ``--rounds``); a wrong code or a full
table: exit 2 and one line; another trouble: exit 1 and one line. What it logs goes to the
profile's log file (``rami.log``), as the game's does: standard error holds only that line.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from rami_desktop.bots import LEVELS, make_bot
from rami_desktop.commands.arguments import (
    OneLineParser,
    given,
    player_name,
    regular_file,
    safe_output,
    seconds,
    shown,
    table_code,
    whole_number,
)
from rami_desktop.commands.host_config import read_token
from rami_desktop.i18n.gender import HE, SHE, UNSAID, clean_gender
from rami_desktop.net.join.creating import Creating
from rami_desktop.net.join.joiner_loop import IDLE_WAIT, run_joiner
from rami_desktop.net.join.joining import Joining, Trouble, Welcome
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.join.seat_lock import SeatLock
from rami_desktop.net.transport.client import address_url
from rami_desktop.net.wire.codes import CODE_RULE
from rami_desktop.net.wire.errors import NetError
from rami_desktop.net.wire.invite import InviteRefused, read_invite
from rami_desktop.net.wire.protocol import Create, normalize_code
from rami_desktop.play.game.people import FACES, known_face
from rami_desktop.storage.logs import setup_logging
from rami_desktop.storage.network_settings import joined_entry, last_joined, remember_joined
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.settings import load_settings, save_settings
from rami_desktop.ui.words.invite_words import invite_message
from rami_desktop.ui.words.net_words import net_message

#: the largest CA file read (bytes)
CAFILE_LIMIT = 1 << 20
#: ``--gender``'s words, as the join screen's choice names them, and the gender each says
GENDER_CHOICES: dict[str, str] = {"she/he": UNSAID, "she": SHE, "he": HE}
#: ``--face``'s ids, in the order the face chooser shows them
FACE_CHOICES: tuple[str, ...] = tuple(f.id for f in FACES)
#: exit codes
OK, FAILED, REFUSED = 0, 1, 2
#: the troubles that are the table's answer (exit 2)
REFUSALS = (NetError.WRONG_CODE, NetError.TABLE_FULL, NetError.SEAT_TAKEN,
            NetError.NO_SUCH_SEAT, NetError.WRONG_HOST)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    ap = OneLineParser(prog="python -m rami_desktop.join",
                       description=__doc__.split("\n\n")[0])
    ap.add_argument("--address", default=None, help="host name or IP, or a ws:// wss:// URL")
    ap.add_argument("--port", type=whole_number(1, 65535), default=None)
    ap.add_argument("--invite", default=None,
                    help="a host's invite (RAMI-...), in place of --address, --port, --code")
    ap.add_argument("--code", type=table_code, default=None,
                    help=f"the table code, {CODE_RULE} (not with --create)")
    ap.add_argument("--create", default=None, metavar="PRESET",
                    help="create a table of this preset on the host first, and join it")
    ap.add_argument("--seats", default="net,net,bot:medium",
                    help="the seats of the table created (net, bot:LEVEL)")
    ap.add_argument("--rounds", type=whole_number(1, 100_000), default=None,
                    help="the table created ends after K rounds")
    ap.add_argument("--admin-token-file", type=given, default=None,
                    help="the file holding the host's admin token (with --create)")
    ap.add_argument("--bot", choices=LEVELS, default="medium", help="the policy that plays")
    ap.add_argument("--name", type=player_name, default="",
                    help="the player's name at the table (at most 16 characters)")
    ap.add_argument("--gender", choices=tuple(GENDER_CHOICES), default=None,
                    help="how the game speaks to the player: she, he, or she/he (words that fit "
                         "both); default: as at the last table joined, she/he the first time")
    ap.add_argument("--face", choices=FACE_CHOICES, default=None, metavar="ID",
                    help="the player's face at the table: " + ", ".join(FACE_CHOICES)
                         + "; default: the one chosen at the last table joined, else the "
                           "seat's own")
    ap.add_argument("--seat", type=whole_number(0, 5), default=None,
                    help="the seat to take (default: any)")
    ap.add_argument("--cafile", type=regular_file(CAFILE_LIMIT), default=None,
                    help="certificates to check a wss:// host with")
    ap.add_argument("--timeout", type=seconds(0, 30 * 86400, above=True), default=3600.0,
                    help="give up after T seconds (over 0, at most 30 days)")
    ap.add_argument("--seed", type=whole_number(0, (1 << 64) - 1), default=None,
                    help="the bot's seed")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Join, play to the end; return the exit code."""
    safe_output()
    args = parse_args(argv)
    setup_logging(Paths.from_environment(), logging.WARNING)  # the profile's log, as the game's
    pin = None
    try:
        if args.invite is not None:
            try:
                invite = read_invite(args.invite)
            except InviteRefused as exc:
                print(invite_message(exc.trouble), flush=True)
                return REFUSED
            args.address, args.port, args.code = invite.host, invite.port, invite.code
            pin, url = invite.pin, invite.url()
        elif args.address is None or args.port is None:
            raise ValueError("--address and --port are needed (or --invite)")
        else:
            url = address_url(args.address, args.port)
        admin = read_admin(args)
    except ValueError as exc:
        print(f"rami-join: {shown(exc)}", file=sys.stderr)
        return REFUSED
    deadline = time.monotonic() + args.timeout
    if admin is not None:
        made = _wait(Creating(url, Create(admin, args.create, args.seats, args.rounds,
                                          args.name), args.cafile), deadline)
        if not isinstance(made, str):
            trouble = made or Trouble(NetError.UNREACHABLE)
            print(net_message(trouble.code, trouble.version), flush=True)
            return REFUSED if trouble.code in REFUSALS else FAILED
        print(f"table {made}", flush=True)
        args.code = made
    code = normalize_code(args.code or "")
    paths = Paths.from_environment()
    lock = SeatLock(paths, args.address, args.port, code)
    try:
        return _play(args, url, code, paths, lock.take(), deadline, pin)
    finally:
        lock.release()


def _play(args: argparse.Namespace, url: str, code: str, paths: Paths, mine: bool,
          deadline: float, pin: bytes | None = None) -> int:
    """Take a seat and play; ``mine``: this joiner holds the table's seat lock, so it comes
    back on the kept token and keeps its own (else it joins as a new seat, keeping nothing)."""
    settings, _problem = load_settings(paths)
    kept = joined_entry(settings.network, args.address, args.port, code) if mine else None
    token = kept["token"] if kept else None
    gender = spoken_as(args.gender, settings.network)
    face = worn_face(args.face, settings.network)
    joining = Joining(url, code, args.name, args.seat, token, args.cafile, gender=gender,
                      pin=pin, face=face)
    answer = _wait(joining, deadline)
    if not isinstance(answer, Welcome):
        trouble = answer or Trouble(NetError.UNREACHABLE)
        print(net_message(trouble.code, trouble.version), flush=True)
        return REFUSED if trouble.code in REFUSALS else FAILED
    if mine:
        network = remember_joined(settings.network, args.address, args.port, code, answer.seat,
                                  answer.token, args.name, gender, face=face)
        save_settings(paths, dataclasses.replace(settings, network=network))
    rng = random.Random(args.seed)
    session = RemoteSession(joining.link, answer, args.name, make_bot(args.bot), rng)
    ended = run_joiner(session, deadline)
    problem = session.problem
    session.close()
    if ended:
        return OK
    print(net_message(problem.code if problem else NetError.LOST,
                      problem.version if problem else None), flush=True)
    return FAILED


def spoken_as(choice: str | None, network: Any) -> str:
    """The gender a joiner says: ``--gender``'s (``she/he``: unsaid), else the one the player
    joined the last table with, as the join screen offers it (unsaid the first time)."""
    if choice is not None:
        return GENDER_CHOICES[choice]
    kept = last_joined(network)
    return clean_gender(kept.get("gender")) if kept else UNSAID


def worn_face(choice: str | None, network: Any) -> str | None:
    """The face a joiner wears: ``--face``'s, else the one the player chose at the last table
    joined, as the join screen shows it (None: none chosen, the host's default)."""
    if choice is not None:
        return choice
    kept = last_joined(network)
    return known_face(kept.get("face")) if kept else None


def read_admin(args: argparse.Namespace) -> str | None:
    """The admin token to create a table with (None: no ``--create``).

    Raises:
        ValueError: ``--create`` without a token file, or without a code otherwise.
    """
    if args.create is None:
        if not args.code:
            raise ValueError("--code is needed (or --create)")
        return None
    if not args.admin_token_file:
        raise ValueError("--create needs --admin-token-file")
    return read_token(args.admin_token_file)


def _wait(joining: Joining | Creating, deadline: float) -> Any:
    while time.monotonic() < deadline:
        answer = joining.poll()
        if answer is not None:
            return answer
        joining.link.wait(IDLE_WAIT)
    joining.cancel()
    return None


if __name__ == "__main__":
    sys.exit(main())
