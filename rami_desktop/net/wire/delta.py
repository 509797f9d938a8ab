"""A seat's view told as what changed: deltas between two views' JSON (docs/dev/protocol.md).

A connection gets its seat's whole view once (its ``welcome``, or the answer to a ``resync``),
numbered; each ``update`` after it carries only what changed since the view the host sent that
connection before (:func:`view_delta`), naming that view's number (``base``). A connection
delivers every message, in order, or is lost (and a new one starts from a whole view): the
joiner holds the base when the delta comes. One that does not (a message it could not read)
asks for the whole view again.

A delta is ``{"base": number, "set": {path: value}, "add": {path: [items]}}``. A path is a field
of the view (``reveal``, ``order``) or of its ``observation`` or ``match``
(``observation.hand``, ``match.scores``): ``set`` gives the field its new value whole; ``add``
appends items at the end of a list field (the round's discards, the cards taken, the match's
results, the talaj: lists that grow). :func:`apply_delta` is strict: a path the view does not
hold, a path both set and added to, an addition to what is not a list, or a base other than the
view held is refused (:class:`ValueError`, :class:`MissedDelta` for the base), never half done;
what it makes is then read as any whole view is (every field checked).

Nothing is in a delta that is not in the new view: it never tells a seat more than its whole
view would (:mod:`rami_desktop.net.host.redact` builds both).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from . import schema
from .codec import JSON
from .schema import NUMBER_LIMIT, DeltaWire, ViewNumber

T = TypeVar("T")

#: the view's objects whose fields a delta sets one by one
SECTIONS = ("observation", "match")


class MissedDelta(ValueError):
    """A delta against another view than the one held (one was missed): the whole view is
    needed."""


#: what a delta found a field's change to be, by path: the values compared (the very objects)
#: and where the change went (``set``, ``add`` or None: unchanged) with its value
Memo = dict[str, tuple[Any, Any, str | None, Any]]


def view_delta(old: JSON, new: JSON, base: int, memo: Memo | None = None) -> JSON:
    """What changed from the view ``old`` (number ``base``) to ``new``: a delta
    :func:`apply_delta` turns ``old`` into ``new`` with. ``memo`` keeps what each field's
    comparison found, for the next delta between the very same objects (the parts of every
    seat's view that are the same for all: :func:`rami_desktop.net.host.redact.update_texts`)."""
    changed: JSON = {}
    added: JSON = {}
    for key, value in new.items():
        before = old.get(key)
        if key in SECTIONS and isinstance(value, dict) and isinstance(before, dict) \
                and before.keys() == value.keys():
            for name, item in value.items():
                _change(f"{key}.{name}", before[name], item, changed, added, memo)
        else:
            _change(key, before, value, changed, added, memo)
    return {"base": base, "set": changed, "add": added}


def _change(path: str, before: Any, after: Any, changed: JSON, added: JSON,
            memo: Memo | None) -> None:
    if before is after:  # (a JSON value is equal to itself)
        return
    found = None if memo is None else memo.get(path)
    if found is not None and found[0] is before and found[1] is after:
        where, value = found[2], found[3]
    else:
        where, value = _found(before, after)
    if memo is not None:
        memo[path] = (before, after, where, value)
    if where == "add":
        added[path] = value
    elif where == "set":
        changed[path] = value


def _found(before: Any, after: Any) -> tuple[str | None, Any]:
    """Where a field's change from ``before`` to ``after`` goes (``set``, ``add`` or None:
    unchanged), with its value."""
    if before is after or before == after:
        return None, None
    if isinstance(before, list) and isinstance(after, list) and len(after) > len(before) \
            and after[:len(before)] == before:
        return "add", after[len(before):]
    return "set", after


class SharedChange:
    """What changed from one view to the next in the fields every seat shares, worked out once
    for all the seats: a seat's delta is it with the seat's own fields compared.

    ``old`` and ``new`` are views with no seat's own fields (the spectator's,
    :func:`rami_desktop.net.wire.view.seat_view_to_dict`), ``own`` the names of the
    observation's fields that are a seat's own. The values of ``new``'s sections equal to
    ``old``'s are made the very objects of ``old`` (a delta against a view holding them skips
    them without comparing). For a seat's view written over ``old`` (its ``observation`` the
    same keys, the values of every other field the very objects of ``old``) and its next one
    written over ``new``, :meth:`delta` is :func:`view_delta`'s delta, byte for byte: the same
    paths in the same order (when :attr:`usable`).
    """

    def __init__(self, old: JSON, new: JSON, own: frozenset[str]) -> None:
        #: in the order :func:`view_delta` goes through them: each field that changed
        #: (its path, where, its value) and each own field (its path, its name)
        self.steps: list[tuple[str, str | None, str | None, Any]] = []
        #: a seat's delta is made here (the observations alike: else view_delta sets the
        #: seat's whole observation)
        self.usable = True
        for key, value in new.items():
            before = old.get(key)
            if key in SECTIONS and isinstance(value, dict) and isinstance(before, dict) \
                    and before.keys() == value.keys():
                mine = own if key == "observation" else frozenset()
                for name, item in value.items():
                    if name in mine:
                        self.steps.append((f"{key}.{name}", name, None, None))
                        continue
                    was = before[name]
                    if was is item:  # (a JSON value is equal to itself)
                        continue
                    where, change = _found(was, item)
                    if where is None:
                        value[name] = was
                    else:
                        self.steps.append((f"{key}.{name}", None, where, change))
            elif key == "observation":
                self.usable = False
            else:
                where, change = _found(before, value)
                if where is not None:
                    self.steps.append((key, None, where, change))

    def delta(self, old_observation: JSON, own: JSON, base: int) -> JSON:
        """A seat's delta (against its view number ``base``, whose observation was
        ``old_observation``; ``own``: its own fields in the new view, as JSON)."""
        changed: JSON = {}
        added: JSON = {}
        for path, name, where, value in self.steps:
            if name is not None:
                _change(path, old_observation[name], own[name], changed, added, None)
            elif where == "add":
                added[path] = value
            else:
                changed[path] = value
        return {"base": base, "set": changed, "add": added}


def apply_delta(view: JSON, delta: Any, number: int) -> JSON:
    """The view a delta makes of ``view`` (number ``number``; ``view`` is left as it was).

    Raises:
        MissedDelta: the delta is against another view.
        ValueError: it is not a delta of this view (names what is wrong).
    """
    wire: DeltaWire = schema.read(delta, DeltaWire)
    base, changed, added = wire.base, wire.set, wire.add
    if base != number:
        raise MissedDelta(f"a delta against view {base}, view {number} is held")
    if changed.keys() & added.keys():
        raise ValueError("a path both set and added to")
    out = dict(view)
    copied: set[str] = set()
    for path, value in changed.items():
        holder, name = _place(out, path, copied)
        holder[name] = value
    for path, items in added.items():
        holder, name = _place(out, path, copied)
        if not isinstance(items, list) or not isinstance(holder[name], list):
            raise ValueError(f"{path!r}: only a list is added to, with a list")
        holder[name] = holder[name] + items
    return out


def _place(view: JSON, path: Any, copied: set[str]) -> tuple[JSON, str]:
    """The object holding the field ``path`` names in ``view`` (a section copied before it
    changes), and the field's name."""
    if not isinstance(path, str):
        raise ValueError("a path must be a text")
    section, dot, name = path.partition(".")
    if not dot:
        if section not in view:
            raise ValueError(f"no field {path!r} in the view")
        return view, section
    if section not in SECTIONS or not isinstance(view.get(section), dict):
        raise ValueError(f"no field {path!r} in the view")
    if section not in copied:
        view[section] = dict(view[section])
        copied.add(section)
    holder: JSON = view[section]
    if name not in holder:
        raise ValueError(f"no field {path!r} in the view")
    return holder, name


@dataclass(frozen=True)
class Sent:
    """The view a connection was sent last: its number and its JSON (the next delta's base)."""

    number: int
    view: JSON


def view_fields(view: JSON, last: Sent | None, whole: bool = False, memo: Memo | None = None
                ) -> tuple[JSON, Sent]:
    """The fields of a message telling a connection ``view``: the whole view (the first one,
    or when ``whole``), else its delta against ``last`` (``memo``: :func:`view_delta`'s); and
    what the connection was sent."""
    number = 1 if last is None else last.number + 1
    sent = Sent(number, view)
    if last is None or whole:
        return {"number": number, "view": view}, sent
    return {"number": number, "delta": view_delta(last.view, view, last.number, memo)}, sent


class FollowedView:
    """A joiner's copy of its seat's view as the host's messages make it: a whole view, or a
    delta applied to the one held.

    Args:
        view: the whole view held (a ``welcome``'s), or None.
        number: its number.
    """

    def __init__(self, view: JSON | None = None, number: int = 0) -> None:
        self.view = view
        self.number = number

    def take(self, message: JSON, read: Callable[[JSON], T]) -> T:
        """The view after a ``welcome``'s or an ``update``'s fields, as ``read`` reads it
        (held once read: a view ``read`` refuses changes nothing).

        Raises:
            MissedDelta: a delta against another view than the one held (or none held).
            ValueError: a message with neither a view nor a delta that can be read, or a view
                ``read`` refuses.
        """
        number = schema.read(message, ViewNumber).number
        if message.get("delta") is not None:
            if self.view is None:
                raise MissedDelta("a delta, and no view held")
            view = apply_delta(self.view, message["delta"], self.number)
        else:
            whole = message.get("view")
            if not isinstance(whole, dict):
                raise ValueError("'view' must be an object")
            view = whole
        value = read(view)
        self.view, self.number = view, number
        return value


__all__ = ["NUMBER_LIMIT", "SECTIONS", "FollowedView", "Memo", "MissedDelta", "Sent",
           "SharedChange", "apply_delta", "view_delta", "view_fields"]
