"""A joiner's round summary shows its own review: the host works it out from the round's log (a
joiner is never told the deal) and sends the seat its findings as data with the round's end;
the joiner's screen words them in its own language."""

from __future__ import annotations

import json
from typing import Any

from bots.helpers import H, make_round

from rami_desktop.engine.actions import Discard, Draw, Event, Lay
from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.host.redact import review_for, update_text, welcome_view
from rami_desktop.net.join.joining import welcome_from
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.transport.client import LinkEvent
from rami_desktop.net.wire.protocol import envelope
from rami_desktop.net.wire.review_findings import findings_from_json, findings_to_json
from rami_desktop.net.wire.view import SeatInfo
from rami_desktop.play.table.table import Table
from rami_desktop.play.view.findings import FindingKind
from rami_desktop.play.view.happening import Happening
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.words.review_text import finding_text

from .test_table_helpers import Driver

# seat 0 (the joiner) could go out at once and discards instead; seat 1 then goes out
JOINER = "KS KH KD 9H 10H JH QH 5C 6C 7C 2S 3S 4S 8H"
OUT = "QS QD QC 9S 10S JS QS KS 5H 6H 7H 2D 3D 4D"


class Link:
    """A joiner's link to the host, fed by hand (nothing leaves this computer)."""

    def __init__(self) -> None:
        self.inbox: list[LinkEvent] = []
        self.sent: list[str] = []

    def greet_with(self, greeting: str) -> None:
        self.sent.append(greeting)

    def send(self, text: str) -> None:
        self.sent.append(text)

    def take(self, limit: int) -> list[LinkEvent]:
        out, self.inbox = self.inbox[:limit], self.inbox[limit:]
        return out

    def stop(self, timeout: float = 0.0) -> None:
        pass


def _message(text: str) -> LinkEvent:
    return LinkEvent("message", json.loads(text))


def _host_round() -> tuple[Match, list[Event]]:
    """The host's match: seat 0 draws and discards, seat 1 draws and goes out."""
    rules = PRESETS["talaj"]
    match = Match(rules, 2, seed=1, first_dealer=0)
    match.seats = (0, 1)
    match.round = make_round(rules, [JOINER, OUT], dealer=0, stock_top="JC 8D")
    match.logs = [[]]
    events: list[Event] = []
    for action in (Draw(0, "stock"), Discard(0, H("JC")[0]), Draw(1, "stock")):
        match.apply(action)
    for cards in ("QS QD QC", "9S 10S JS QS KS", "5H 6H 7H", "2D 3D 4D"):
        events += match.apply(Lay(1, tuple(H(cards))))
    events += match.apply(Discard(1, H("8D")[0]))
    assert match.round.over and match.round.winner == 1
    return match, events


def _joiner(app: Any) -> tuple[RemoteSession, Match]:
    match, events = _host_round()
    seats = [SeatInfo("Sara", "net", True, True), SeatInfo("Bot", "bot")]
    link = Link()
    view, sent = welcome_view(match, 0, 0, None)
    welcome = envelope("welcome", seat=0, token="t" * 32, code="REVIEW", serial=0, **view,
                       story=[],
                       seats=[s.to_dict() for s in seats], started=True, policy="wait",
                       host="Host")
    joiner = RemoteSession(link, welcome_from(json.loads(welcome)), "Sara")  # type: ignore[arg-type]
    link.inbox.append(_message(update_text(match, 0, 0, Happening("move", 1, tuple(events)),
                                           review=review_for(match, 0), last=sent)[0]))
    joiner.pump()
    assert joiner.round_state.over
    return joiner, match


def _summary(app: Any, joiner: RemoteSession) -> RoundSummaryScene:
    summary = RoundSummaryScene(app, Table(joiner), lambda: None)
    app.stack.clear_to(summary)
    Driver(app).step()
    return summary


def test_a_joiners_summary_shows_its_review(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    joiner, match = _joiner(app)
    findings = Table(joiner).review()
    assert findings is not None and [f.kind for f in findings] == [FindingKind.MISSED_OUT]
    assert findings == review_for(match, 0)  # what the host found, field for field
    summary = _summary(app, joiner)
    assert summary.review.ready and summary.review.findings == findings
    Driver(app).click(summary.review_button.rect.center)
    assert summary.reviewing
    lines = [strip_marks(line) for line in summary.review.texts()]
    assert strip_marks(finding_text(findings[0])) in lines, lines
    assert all("Looking back" not in line for line in lines), lines
    joiner.close()


def test_a_joiners_review_shows_in_the_joiners_language(make_app: Any) -> None:
    app = make_app((1280, 800), language="fr", animation_speed="off")
    joiner, _match = _joiner(app)
    summary = _summary(app, joiner)
    Driver(app).click(summary.review_button.rect.center)
    lines = [strip_marks(line) for line in summary.review.texts()]
    found = Table(joiner).review()
    assert found is not None and found[0].kind is FindingKind.MISSED_OUT
    said = [line for line in lines if line.replace("\u00a0", " ").startswith(
        "À ton tour 1, tu aurais pu finir : poser ")]
    # the host sent data; the words are this screen's
    assert said and "8-9-10-V-D♥" in said[0], lines
    joiner.close()


def test_a_joiners_review_passes_every_finding_field_through_the_wire() -> None:
    match, _events = _host_round()
    found = review_for(match, 0)
    assert found is not None
    assert findings_from_json(json.loads(json.dumps(findings_to_json(found)))) == found
