"""What is wrong with a refused move, in words: the engine's code, made precise by the
engine's own account of why the cards make no combination (or do not fit one)."""

from __future__ import annotations

from rami_desktop.engine.actions import Action, Add, Lay
from rami_desktop.engine.arrange import addition_fault, meld_fault
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.state import RoundState
from rami_desktop.i18n.error_messages import error_message
from rami_desktop.i18n.faults import fault_message


def refusal_text(action: Action | None, code: str, state: RoundState) -> str:
    """The sentence for a move the engine refused with ``code``.

    Args:
        action: the refused action (None: only the code is known).
        code: the engine's error code.
        state: the round the action was refused in.
    """
    rules = state.rules
    fault = None
    if code == ErrorCode.INVALID_MELD.value and isinstance(action, Lay):
        fault = meld_fault(action.cards, rules)
    elif code == ErrorCode.CANNOT_ADD.value and isinstance(action, Add) \
            and 0 <= action.meld < len(state.melds):
        meld = state.melds[action.meld].meld
        fault = addition_fault(meld, action.cards, rules) if meld is not None else None
    if fault is not None:
        return fault_message(fault, rules.jokers_per_meld)
    return error_message(code, rules)
