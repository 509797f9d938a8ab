"""The network's codes in words: why a table could not be joined, why the game stopped, why a
request was refused; one sentence each, in the screen's language."""

from __future__ import annotations

from rami_desktop.engine.errors import ErrorCode
from rami_desktop.i18n import N_, _
from rami_desktop.i18n.error_messages import ERROR_MESSAGES
from rami_desktop.net.wire.errors import Code, NetError
from rami_desktop.net.wire.protocol import VERSION

NET_MESSAGES: dict[NetError, str] = {
    NetError.WRONG_CODE: N_("That table code is not right: ask the host for it again."),
    NetError.TABLE_FULL: N_("This table has no free seat."),
    NetError.SEAT_TAKEN: N_("Someone already took that seat."),
    NetError.NO_SUCH_SEAT: N_("That seat is not one for a player on the network."),
    NetError.TOO_BIG: N_("A message was too long for the table."),
    NetError.MALFORMED: N_("A message could not be read."),
    NetError.UNKNOWN_TYPE: N_("A message of an unknown kind was refused."),
    NetError.BAD_FIELD: N_("A message with a wrong field was refused."),
    NetError.TOO_FAST: N_("Too many messages at once: slow down."),
    NetError.NOT_YOUR_SEAT: N_("That move is for a seat you do not hold."),
    NetError.NOT_JOINED: N_("Join the table first."),
    NetError.NOT_STARTED: N_("The host has not started the match yet."),
    NetError.BUSY: N_("The host is busy: try again in a moment."),
    NetError.HOST_QUIT: N_("The host closed the table. When they host it again, join again "
                           "with the same code: your seat is kept."),
    NetError.LOST: N_("The connection to the table was lost."),
    NetError.UNREACHABLE: N_("No table answers at that address: check the address, the port "
                             "and the host's firewall."),
    NetError.CERTIFICATE: N_("The table's certificate could not be trusted: the connection "
                             "was refused."),
    NetError.WRONG_HOST: N_("This is not the computer that made the invite: someone may be in "
                            "the way, so nothing was sent. Ask the host for a new invite."),
    NetError.REPLACED: N_("Your seat was taken up again from another window or computer."),
    NetError.NOT_KEPT: N_("The host cannot save the game right now: your move waits until it "
                          "can."),
}


def net_message(code: Code, version: int | None = None) -> str:
    """One sentence for a code of the network (a refused move's code too), translated now.

    Args:
        code: the code.
        version: the other side's protocol version, for a version's code.
    """
    if code is NetError.VERSION_NEWER:
        return _("The table runs a newer version of Rami (protocol {theirs}, yours is "
                 "{ours}): update this game to join it.").format(
            theirs=version if version is not None else VERSION + 1, ours=VERSION)
    if code is NetError.VERSION_OLDER:
        return _("The table runs an older version of Rami (protocol {theirs}, yours is "
                 "{ours}): the host must update their game.").format(
            theirs=version if version is not None else VERSION - 1, ours=VERSION)
    if isinstance(code, ErrorCode):
        return _(ERROR_MESSAGES.get(code, N_("This move is not allowed.")))
    return _(NET_MESSAGES[code])


__all__ = ["NET_MESSAGES", "net_message"]
