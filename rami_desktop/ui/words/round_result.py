"""The words and rows of a finished round, from the engine's penalty breakdowns.

The engine counts (:meth:`ShownRound.penalty_breakdown`): each card with its value, the
subtotal, a doubling, the total. This module only says it in words and gathers, per seat, the
revealed hand, each card's value and the totals, for the round summary to draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from rami_desktop.engine.cards import Card
from rami_desktop.i18n import _, ngettext
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.view.shown import ShownRound
from rami_desktop.play.view.terms import PenaltyBreakdown, PenaltyReason
from rami_desktop.ui.words.teams import team_members, team_name, team_of, team_title


def breakdown_text(b: PenaltyBreakdown) -> str:
    """The engine's account of a player's penalty, in words (a doubling on a second line)."""
    reason = b.reason
    if reason is PenaltyReason.NO_WINNER:
        return _("no winner: the stock ran out")
    if reason is PenaltyReason.WINNER:
        return _("went out")
    if reason is PenaltyReason.PARTNER_OF_WINNER:
        return _("partner went out")
    if reason is PenaltyReason.RAMI_SEC:
        return _("Rami sec: {points}").format(points=b.total)
    if reason is PenaltyReason.NEVER_DOWN:
        return _("never down: {points}").format(points=b.total)
    if reason is PenaltyReason.HAND_VALUE:
        return ngettext("hand value of {count} card: {points}",
                        "hand value of {count} cards: {points}",
                        len(b.cards)).format(count=len(b.cards), points=b.subtotal)
    real = [v.value for v in b.cards if not v.card.is_joker]
    jokers = [v.value for v in b.cards if v.card.is_joker]
    parts = []
    if real:
        parts.append(ngettext("{count} card × {each}", "{count} cards × {each}",
                              len(real)).format(count=len(real), each=real[0]))
    if jokers:
        parts.append(ngettext("{count} joker × {each}", "{count} jokers × {each}",
                              len(jokers)).format(count=len(jokers), each=jokers[0]))
    if not parts:
        return _("no cards left")
    text = " + ".join(parts)
    if b.doubled:  # the doubling on a line of its own, with its result
        return text + "\n" + _("= {subtotal} · ×2, went out with a joker = {total}").format(
            subtotal=b.subtotal, total=b.total)
    if len(b.cards) > 1:
        text += f" = {b.subtotal}"
    return text


def penalty_explanation(r: ShownRound, player: int) -> str:
    """How a player's penalty of a finished round was counted, in words (the engine counts)."""
    return breakdown_text(r.penalty_breakdown(player))


@dataclass(frozen=True)
class SummaryRow:
    """One seat of the round summary.

    Attributes:
        seat: the match seat.
        name: the seat's name (with its team when playing in teams).
        cards: the hand revealed, card by card (in the order the engine counted them).
        values: each card's value when the engine counted the cards, else None each
            (a flat penalty: the hand is shown, the sum is the rule's).
        how: how the penalty was counted, in words.
        penalty: what the seat pays this round.
        total: the seat's match total after the round.
        out: the seat is out of the match.
        winner: the seat went out.
    """

    seat: int
    name: str
    cards: tuple[Card, ...]
    values: tuple[int | None, ...]
    how: str
    penalty: int
    total: int
    out: bool
    winner: bool


def summary_rows(session: TableGame) -> list[SummaryRow]:
    """The rows of the finished round, one a seat that played it, in turn order."""
    r = session.shown.round
    m = session.shown.match
    rows = []
    for player, seat in enumerate(m.seats):
        b = r.penalty_breakdown(player)
        if b.cards:
            cards = tuple(v.card for v in b.cards)
            values: tuple[int | None, ...] = tuple(v.value for v in b.cards)
        else:
            cards = tuple(r.hands[player])
            values = (None,) * len(cards)
        name = session.name(seat)
        rows.append(SummaryRow(seat, name, cards, values, breakdown_text(b), b.total,
                               m.scores[seat], seat in m.eliminated,
                               b.reason is PenaltyReason.WINNER))
    return rows


def team_lines(session: TableGame) -> list[tuple[str, int]]:
    """("Team A: Sara & Bot 3", total) of each team, or nothing without teams."""
    totals = session.shown.match.team_scores()
    if totals is None:
        return []
    partner = session.shown.match.partner
    return [(team_name(team, [session.name(s) for s in team_members(team, partner)]), total)
            for team, total in enumerate(totals)]


def seat_team(session: TableGame, seat: int) -> int | None:
    """The team (0: A, 1: B) of a seat, None without teams."""
    if not session.rules.teams:
        return None
    return team_of(seat, session.shown.match.partner)


def team_totals_line(session: TableGame) -> str | None:
    """"Team A 120 · Team B 80" for the table's status, None without teams."""
    totals = session.shown.match.team_scores()
    if totals is None:
        return None
    return " · ".join(_("{team} {points}").format(team=team_title(t), points=total)
                      for t, total in enumerate(totals))


def seat_team_label(session: TableGame, seat: int, viewer: int | None) -> str:
    """A seat's team at the table ("Team A"), and "your partner" on the viewer's partner's
    seat; "" without teams."""
    team = seat_team(session, seat)
    if team is None:
        return ""
    if viewer is not None and session.shown.match.partner(viewer) == seat:
        return _("{team} · partner").format(team=team_title(team))
    return team_title(team)


__all__ = ["SummaryRow", "breakdown_text", "penalty_explanation", "seat_team", "seat_team_label",
           "summary_rows", "team_lines", "team_totals_line"]
