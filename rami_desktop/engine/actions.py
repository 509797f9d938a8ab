"""Actions a player takes, and events the engine reports. Both are plain frozen data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, parse_card, parse_cards
from .errors import ErrorCode


@dataclass(frozen=True)
class Draw:
    """Draw from ``source``: ``stock``, ``first`` (the round's first discard) or ``top``."""

    player: int
    source: str = "stock"


@dataclass(frozen=True)
class Lay:
    """Lay a new combination (staged until the discard). A série goes in ascending order.

    ``taken`` tells which of two identical cards is laid when one of them is the talaj top card
    taken this turn: True lays that very copy, False an own copy, None leaves it open (the
    engine then counts the copies in the player's favour). The same holds for Add and Swap.
    """

    player: int
    cards: tuple[Card, ...]
    taken: bool | None = None


@dataclass(frozen=True)
class Add:
    """Add cards to combination number ``meld``, at its ``low`` or ``high`` end (série)."""

    player: int
    meld: int
    cards: tuple[Card, ...]
    at: str | None = None
    taken: bool | None = None


@dataclass(frozen=True)
class Swap:
    """Put ``card`` in place of the joker of combination ``meld``; the joker goes to the hand."""

    player: int
    meld: int
    card: Card
    taken: bool | None = None


@dataclass(frozen=True)
class TakeBack:
    """Take back a whole combination laid this turn, with its cascade."""

    player: int
    meld: int


@dataclass(frozen=True)
class Undo:
    """Undo the last laying, addition or swap of this turn (an extension for the table)."""

    player: int


@dataclass(frozen=True)
class Discard:
    """Discard one card, ending the turn."""

    player: int
    card: Card


@dataclass(frozen=True)
class Redeal:
    """Ask for a new deal before anyone has played (rami-talaj)."""

    player: int


Action = Draw | Lay | Add | Swap | TakeBack | Undo | Discard | Redeal

_NAMES: dict[type, str] = {
    Draw: "draw", Lay: "meld", Add: "add", Swap: "swap", TakeBack: "take_back", Undo: "undo",
    Discard: "discard", Redeal: "redeal",
}


AT_ENDS: tuple[str | None, ...] = (None, "low", "high")

_E = ErrorCode


def is_whole_number(value: object) -> bool:
    """Whether a value is a whole number as a save holds it (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def field_error(action: Action) -> ErrorCode | None:
    """The code refusing a field that no save could hold, or None when every field is one that
    :func:`action_from_dict` reads back as it is (the engine refuses the others, so that every
    action it accepts replays from its log).

    Cards must be a non-empty tuple or list of cards, ``meld`` a whole number, ``at`` None,
    ``low`` or ``high``, ``taken`` None, True or False. The draw's source and the player are
    checked where the rules check them.
    """
    if isinstance(action, Lay | Add):
        cards = action.cards
        if not isinstance(cards, tuple | list) or not all(isinstance(c, Card) for c in cards):
            return _E.CARD_NOT_IN_HAND
        if not cards:
            return _E.INVALID_MELD if isinstance(action, Lay) else _E.CANNOT_ADD
    if isinstance(action, Add) and (not is_whole_number(action.meld) or action.at not in AT_ENDS):
        return _E.CANNOT_ADD
    if isinstance(action, Swap | Discard) and not isinstance(action.card, Card):
        return _E.CARD_NOT_IN_HAND
    if isinstance(action, Swap) and not is_whole_number(action.meld):
        return _E.BAD_SWAP
    if isinstance(action, TakeBack) and not is_whole_number(action.meld):
        return _E.NOT_THIS_TURN
    if isinstance(action, Lay | Add | Swap) and not isinstance(action.taken, bool | None):
        return _E.CARD_NOT_IN_HAND  # (1 and 0 equal True and False, but are saved as numbers)
    return None


def action_to_dict(action: Action) -> dict[str, Any]:
    """Return an action as JSON-ready data in the scenario step format."""
    out: dict[str, Any] = {"player": action.player, "do": _NAMES[type(action)]}
    if isinstance(action, Draw):
        out["from"] = action.source
    elif isinstance(action, Lay):
        out["cards"] = [c.code for c in action.cards]
    elif isinstance(action, Add):
        out["meld"] = action.meld
        out["cards"] = [c.code for c in action.cards]
        if action.at is not None:
            out["at"] = action.at
    elif isinstance(action, Swap):
        out["meld"] = action.meld
        out["card"] = action.card.code
    elif isinstance(action, TakeBack):
        out["meld"] = action.meld
    elif isinstance(action, Discard):
        out["card"] = action.card.code
    if isinstance(action, Lay | Add | Swap) and action.taken is not None:
        out["taken"] = action.taken
    return out


def action_from_dict(data: dict[str, Any]) -> Action:
    """Parse a scenario-style step into an action.

    Raises:
        ValueError: the step is malformed (names the fault).
    """
    if not isinstance(data, dict):
        raise ValueError("step is not an object")
    player = data.get("player")
    if isinstance(player, bool) or not isinstance(player, int):
        raise ValueError("step has no player number")
    kind = data.get("do")
    try:
        if kind == "draw":
            source = data.get("from", "stock")
            if source not in ("stock", "first", "top"):
                raise ValueError(f"unknown draw source {source!r}")
            return Draw(player, source)
        if kind == "meld":
            return Lay(player, _cards(data, "cards"), _taken(data))
        if kind == "add":
            at = data.get("at")
            if at not in AT_ENDS:
                raise ValueError(f"bad 'at' {at!r}")
            return Add(player, _int(data, "meld"), _cards(data, "cards"), at, _taken(data))
        if kind == "swap":
            return Swap(player, _int(data, "meld"), parse_card(_str(data, "card")),
                        _taken(data))
        if kind == "take_back":
            return TakeBack(player, _int(data, "meld"))
        if kind == "undo":
            return Undo(player)
        if kind == "discard":
            return Discard(player, parse_card(_str(data, "card")))
        if kind == "redeal":
            return Redeal(player)
    except ValueError as exc:
        raise ValueError(f"step {kind!r}: {exc}") from exc
    raise ValueError(f"unknown step {kind!r}")


def _taken(data: dict[str, Any]) -> bool | None:
    """The optional ``taken`` of a laying: whether its copy of the talaj card taken this turn is
    that very card (True) or an own copy (False)."""
    value = data.get("taken")
    if value is not None and not isinstance(value, bool):
        raise ValueError("'taken' must be true or false")
    return value


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key!r} must be a number")
    return value


def _str(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key!r} must be a card code")
    return value


def _cards(data: dict[str, Any], key: str) -> tuple[Card, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise ValueError(f"{key!r} must be a list of card codes")
    if not all(isinstance(v, str) for v in value):
        raise ValueError(f"{key!r} must be a list of card codes")
    return parse_cards(value)


# ---- events ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Drew:
    """A player drew. ``card`` is None for a hidden stock card in observations."""

    player: int
    source: str
    card: Card | None


@dataclass(frozen=True)
class Laid:
    """A new combination was staged."""

    player: int
    meld: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Added:
    """Cards were added to a combination."""

    player: int
    meld: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Swapped:
    """A card took a joker's place; the joker went to the hand."""

    player: int
    meld: int
    card: Card


@dataclass(frozen=True)
class TookBack:
    """Staged cards returned to the hand (a take-back, an undo, or its cascade)."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Discarded:
    """A card was discarded; ``opened`` is the opening's points when this turn made one."""

    player: int
    card: Card
    opened: int | None


@dataclass(frozen=True)
class TurnStarted:
    """It is ``player``'s turn."""

    player: int


@dataclass(frozen=True)
class Reshuffled:
    """The talaj but its top card became the new stock."""

    stock: int


@dataclass(frozen=True)
class Redealt:
    """The round was dealt again at a player's request (or for four jokers)."""

    player: int


@dataclass(frozen=True)
class RoundEnded:
    """The round is over: ``winner`` (None if the stock ran out) and each player's penalty."""

    winner: int | None
    penalties: tuple[int, ...]
    reason: str


Event = (Drew | Laid | Added | Swapped | TookBack | Discarded | TurnStarted | Reshuffled | Redealt
         | RoundEnded)
