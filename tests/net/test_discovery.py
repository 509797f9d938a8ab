"""Finding tables on the local network: a table that cannot be resolved is not listed, and
nothing escapes the resolving thread."""

from __future__ import annotations

from typing import Any

import pytest
from zeroconf import EventLoopBlocked, NotRunningException

from rami_desktop.net.discovery import SERVICE, Browser


class Refusing:
    """A zeroconf whose resolving fails as the real one can (``error``)."""

    def __init__(self, error: Exception) -> None:
        self.error = error
        self.asked = 0

    def get_service_info(self, service_type: str, name: str, timeout: int) -> Any:
        self.asked += 1
        raise self.error


@pytest.mark.parametrize("error", [EventLoopBlocked(), NotRunningException(), OSError("closed"),
                                   RuntimeError("closed")], ids=type)
def test_a_table_that_cannot_be_resolved_is_not_listed(error: Exception) -> None:
    """zeroconf's loop too busy to answer in time (a loaded machine) or zeroconf closed
    meanwhile: the table is as one that did not answer, the browser goes on."""
    browser = Browser()
    zc = Refusing(error)
    browser._resolve(zc, SERVICE, f"Kenza.{SERVICE}")  # type: ignore[arg-type]
    assert zc.asked == 1 and browser.tables() == []
