"""The tutorial's data: a lesson is a prepared deal and a list of coached steps.

A step shows a coach text (a msgid of :mod:`.texts`, named by its key in the lesson file),
points at one element of the table (:class:`Aim`) and waits: for a click (``CONTINUE``), for
one action of the player (``ACT``), or for the bot's scripted actions (``BOT``). A step may name
its goal (an engine :class:`~rami_desktop.engine.outlook.Outcome`): any other legal move after
which the turn can still end as well is then welcome too, and praised when the turn ends. A move
that is not welcome gets an explanation chosen by the kind of mistake (the engine's refusal
code, or the kind of move), never a bare refusal code.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum

from rami_desktop.engine.actions import Action, Add, Discard, Draw, Lay, Swap, TakeBack, Undo
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.outlook import Outcome
from rami_desktop.engine.rules import Rules

#: the player's seat and round player number in every lesson
HUMAN = 0
#: the bot's seat and round player number in every lesson
BOT = 1


class Target(str, Enum):
    """The element of the table a step points at."""

    NONE = "none"  # nothing in particular (the bubble stands in the middle)
    STOCK = "stock"
    TALAJ = "talaj"  # the top card of the talaj
    FIRST = "first"  # the round's first card in the talaj
    HAND = "hand"  # some cards of the player's hand
    LAY = "lay"  # the Lay button
    MELD = "meld"  # a combination on the table
    OPPONENT = "opponent"  # the bot's hand


class StepKind(str, Enum):
    """What a step waits for."""

    CONTINUE = "continue"  # a click
    ACT = "act"  # the player's expected action
    BOT = "bot"  # the bot's scripted actions (played by the table's bot)


@dataclass(frozen=True)
class Aim:
    """Where the coach points.

    Attributes:
        target: the kind of element.
        cards: the hand cards meant (``HAND``; also named in the coach text as ``{cards}``).
        meld: the combination's number on the table (``MELD``).
    """

    target: Target = Target.NONE
    cards: tuple[Card, ...] = ()
    meld: int | None = None


@dataclass(frozen=True)
class Refusal:
    """A move the lesson says the rules refuse at this step, and the engine's code for it."""

    action: Action
    code: ErrorCode


@dataclass(frozen=True)
class Step:
    """One coached step of a lesson.

    Attributes:
        kind: what the step waits for.
        coach: the coach's text (a msgid; may use the fields of :func:`.facts.coach_values`).
        aim: the element pointed at.
        action: the expected action of the player (``ACT``), else None.
        bot: the bot's actions (``BOT``), in order.
        wrong: the explanation shown for any other move (a msgid; ``ACT`` steps).
        wrong_when: explanations for some kinds of mistake, by kind (an engine refusal code
            such as ``draw_first``, or the kind of move played instead: ``draw``, ``meld``,
            ``add``, ``swap``, ``discard``, ``take_back``, ``undo``).
        refused: moves the engine must refuse at this step (checked when the lesson loads).
        goal: the least the turn must give for another move to be welcome (None: only the
            expected move is).
    """

    kind: StepKind
    coach: str
    aim: Aim = Aim()
    action: Action | None = None
    bot: tuple[Action, ...] = ()
    wrong: str = ""
    wrong_when: tuple[tuple[str, str], ...] = ()
    refused: tuple[Refusal, ...] = ()
    goal: Outcome | None = None

    def explanation_for(self, kind: str) -> str | None:
        """The step's own explanation of a kind of mistake, if it has one."""
        return dict(self.wrong_when).get(kind)


@dataclass(frozen=True)
class Deal:
    """A prepared deal, in the engine's terms.

    Attributes:
        hands: each player's cards (the player first, then the bot).
        talaj: the discard pile, bottom first.
        stock: the whole stock, top card first.
        dealer: the dealer's round player number.
    """

    hands: tuple[tuple[Card, ...], ...]
    talaj: tuple[Card, ...]
    stock: tuple[Card, ...]
    dealer: int


@dataclass(frozen=True)
class Lesson:
    """One lesson: its place, its title, the rules, the deal and the steps.

    Attributes:
        key: a short stable name (kept in the settings once the lesson is done).
        number: its place in the course, from 1.
        title: the lesson's title (a msgid).
        rules: the rules the lesson is played with (the talaj preset).
        deal: the prepared deal.
        seed: the round's seed (reshuffles).
        steps: the coached steps.
    """

    key: str
    number: int
    title: str
    rules: Rules
    deal: Deal
    seed: int
    steps: tuple[Step, ...]


def _same_cards(a: tuple[Card, ...], b: tuple[Card, ...]) -> bool:
    return Counter(a) == Counter(b)


def matches(expected: Action, action: Action) -> bool:
    """Whether ``action`` is the move a step expects.

    The cards of a laying or an addition may come in any order; an addition's end is free
    unless the lesson names it.
    """
    if type(expected) is not type(action) or expected.player != action.player:
        return False
    if isinstance(expected, Draw) and isinstance(action, Draw):
        return expected.source == action.source
    if isinstance(expected, Lay) and isinstance(action, Lay):
        return _same_cards(expected.cards, action.cards)
    if isinstance(expected, Add) and isinstance(action, Add):
        return (expected.meld == action.meld and _same_cards(expected.cards, action.cards)
                and expected.at in (None, action.at))
    if isinstance(expected, Swap) and isinstance(action, Swap):
        return expected.meld == action.meld and expected.card == action.card
    if isinstance(expected, Discard) and isinstance(action, Discard):
        return expected.card == action.card
    return expected == action


#: the kinds of move, as a lesson names them in ``wrong_when``
MOVE_KINDS: dict[type, str] = {Draw: "draw", Lay: "meld", Add: "add", Swap: "swap",
                               Discard: "discard", TakeBack: "take_back", Undo: "undo"}


def move_kind(action: Action) -> str:
    """The kind of a move (``draw``, ``meld``…), as a lesson names it."""
    return MOVE_KINDS.get(type(action), "other")
