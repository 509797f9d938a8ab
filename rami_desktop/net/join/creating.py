"""Creating a table on a remote host that allows it: a player's game holding the host's admin
token asks for a table (``create``) and gets its code back (``created``) to share.

:class:`Creating` never waits: the game polls it, like
:class:`~rami_desktop.net.join.joining.Joining`. A wrong token is answered ``wrong_code`` and counts
as a wrong guess on the host.
"""

from __future__ import annotations

from ..transport.client import ClientLink
from ..wire.errors import NetError
from ..wire.protocol import Create, request_text
from ..wire.schema import CreatedWire, read
from .joining import Trouble, trouble_of


class Creating:
    """Asks a host for a new table (see the module's text).

    Args:
        url: the host's address.
        request: the table asked for, with the admin token.
        cafile: certificates for a ``wss`` host.
    """

    def __init__(self, url: str, request: Create, cafile: str | None = None) -> None:
        self.link = ClientLink(url, cafile, retry_for=0.0)
        self.link.start(request_text(request))
        self.answer: str | Trouble | None = None

    def poll(self) -> str | Trouble | None:
        """The new table's code, or why not, once known (None: not yet)."""
        for event in self.link.take():
            if self.answer is not None:
                break
            if event.kind == "message" and event.data is not None \
                    and event.data["type"] == "created":
                try:
                    self.answer = read(event.data, CreatedWire).code
                except ValueError:
                    self.answer = Trouble(NetError.MALFORMED)
            elif event.kind == "message" and event.data is not None \
                    and event.data["type"] == "bye":
                self.answer = Trouble(NetError.HOST_QUIT)
            else:
                self.answer = trouble_of(event)
        if self.answer is not None:
            self.link.stop(0.5)
        return self.answer

    def cancel(self) -> None:
        """Stop asking."""
        self.link.stop(0.5)


__all__ = ["Creating"]
