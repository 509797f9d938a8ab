"""The numbers a coach text may name, read from the engine's answers (never computed here)."""

from __future__ import annotations

from rami_desktop.engine.state import RoundState

from .model import BOT, HUMAN


def coach_values(state: RoundState) -> dict[str, int]:
    """The fields of the coach's texts for the round as it stands.

    Returns:
        ``points``: the points the player opened with, else the franche points staged this
        turn (0 on Bot's turn);
        ``bar``: the points an opening needs now; ``base``: the rules' threshold;
        ``bot_points``: the points Bot opened with (0 if it has not); ``bot_cards``: the
        cards in Bot's hand; ``penalty``: what Bot pays for the round as it stands.
    """
    status = state.opening_status()
    opened = state.opening_points[BOT]
    return {
        "points": (opened_with if (opened_with := state.opening_points[HUMAN]) is not None
                   else status.staged_points if status.player == HUMAN and not state.over
                   else 0),
        "bar": state.required_points(),
        "base": state.rules.threshold,
        "bot_points": opened or 0,
        "bot_cards": len(state.hands[BOT]),
        "penalty": state.penalty_breakdown(BOT).total,
    }
