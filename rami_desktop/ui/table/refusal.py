"""What is wrong with a refused move, in words: the engine's code, made precise by the
engine's own account of why the cards make no combination or do not fit one
(:func:`rami_desktop.play.table.staging.refusal_fault`)."""

from __future__ import annotations

from rami_desktop.engine.actions import Action
from rami_desktop.i18n import N_
from rami_desktop.i18n.error_messages import error_message
from rami_desktop.i18n.faults import fault_message
from rami_desktop.play.table.staging import refusal_fault
from rami_desktop.play.view.shown import ShownRound

#: several cards selected, then a click on the talaj (one card is discarded)
ONE_TO_DISCARD = N_("Select only the card to discard.")


def refusal_text(action: Action | None, code: str, state: ShownRound) -> str:
    """The sentence for a move the engine refused with ``code``.

    Args:
        action: the refused action (None: only the code is known).
        code: the engine's error code.
        state: the round the action was refused in.
    """
    fault = refusal_fault(action, code, state)
    if fault is not None:
        return fault_message(fault, state.rules.jokers_per_meld)
    return error_message(code, state.rules)
