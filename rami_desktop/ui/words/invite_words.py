"""An invite far away in words: why the router gives no door (what happened and what to do),
why a line is not an invite, and where the door stands; one sentence each, in the screen's
language. ``rami-host --invite`` and ``join --invite`` say them too: nothing here loads pygame
until a screen asks for a line marked for right-to-left text."""

from __future__ import annotations

from rami_desktop.i18n import N_, _
from rami_desktop.net.router.door import Opened
from rami_desktop.net.router.ways import Trouble, Way
from rami_desktop.net.wire.invite import InviteTrouble

DOOR_MESSAGES: dict[Trouble, str] = {
    Trouble.NO_ROUTER: N_("Your router does not answer requests to open a door for the table "
                          "(UPnP and NAT-PMP are off, or it has neither): turn UPnP on in its "
                          "settings, or let another player host, or play on a family server."),
    Trouble.REFUSED: N_("Your router refused to open a door for the table: allow UPnP port "
                        "mapping for this computer in its settings, or let another player "
                        "host, or play on a family server."),
    Trouble.SHARED: N_("Your internet provider shares one address between several homes "
                       "(carrier-grade NAT), so nobody outside can reach this computer: let "
                       "another player host, or play on a family server."),
    Trouble.PRIVATE: N_("Your router stands behind another router, so nobody outside can "
                        "reach this computer through it: turn UPnP on in the first router too, "
                        "or let another player host, or play on a family server."),
    Trouble.NO_ADDRESS: N_("Your router has no public address to give (your provider may share "
                           "one between several homes: carrier-grade NAT), so nobody outside "
                           "can reach this computer: let another player host, or play on a "
                           "family server."),
    Trouble.LOST: N_("Your router stopped keeping the door open, so the players far away may "
                     "lose the table: leave and host it again, or play on a family server."),
    Trouble.LOCAL: N_("This computer cannot listen for players far away (a firewall, or a "
                      "folder it cannot write its key in): check them, then try again."),
}

INVITE_MESSAGES: dict[InviteTrouble, str] = {
    InviteTrouble.NOT_INVITE: N_("That is not a Rami invite: an invite starts with RAMI-. Copy "
                                 "the whole line the host sent."),
    InviteTrouble.DAMAGED: N_("This invite is mistyped or cut: copy the whole line the host "
                              "sent again."),
    InviteTrouble.NEWER: N_("This invite was made by a newer version of Rami: update this "
                            "game to join."),
}

WAYS = {Way.UPNP: "UPnP", Way.NATPMP: "NAT-PMP"}


def door_message(trouble: Trouble) -> str:
    """Why there is no door, and what to do, translated now."""
    return _(DOOR_MESSAGES[trouble])


def invite_message(trouble: InviteTrouble) -> str:
    """Why a line is not followed, translated now."""
    return _(INVITE_MESSAGES[trouble])


def door_state(door: Opened) -> str:
    """Where the open door stands, translated now."""
    from rami_desktop.ui.kit.text import bidi_format

    return bidi_format(_("Door open in your router ({way}): port {port} of {address}, renewed "
                         "while the table is open, closed when you leave it."),
                       way=WAYS[door.way], port=door.port, address=door.address)


def invite_rows(text: str) -> tuple[str, str]:
    """An invite's line shown on two rows, cut between two groups, each kept left to right
    in a right-to-left screen (Copy copies the line whole)."""
    from rami_desktop.ui.kit.text import bidi_format

    groups = text.split("-")
    half = (len(groups) + 1) // 2
    return (bidi_format("{row}", row="-".join(groups[:half])),
            bidi_format("{row}", row="-".join(groups[half:])))


__all__ = ["DOOR_MESSAGES", "INVITE_MESSAGES", "door_message", "door_state", "invite_message",
           "invite_rows"]
