"""A round's review over the wire: each seat is sent the findings about it (data, never words:
the joiner's screen words them in its own language).

The JSON follows :class:`~rami_desktop.play.view.findings.Finding`'s fields, whatever they are: a
field's value is written by its type (a card as its code, a kind as its value, a tuple as a
list, a nested record as an object) and read back by the field's annotation, so a new kind or a
new field passes through without a change here.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from typing import Any

from rami_desktop.engine.cards import Card
from rami_desktop.play.view.findings import Finding

from .codec import JSON, card_of

#: the most findings a seat is sent for one round
FINDINGS_LIMIT = 200


def to_json(value: Any) -> Any:
    """A finding's field value as JSON (see the module's text)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"a finding's field of type {type(value).__name__} has no JSON")


def from_json(kind: Any, data: Any) -> Any:
    """A value of type ``kind`` (an annotation) from :func:`to_json` data.

    Raises:
        ValueError: the data is not of that type.
    """
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        for option in options:
            if option is type(None):
                continue
            try:
                return from_json(option, data)
            except ValueError:
                continue
        raise ValueError(f"{data!r} is none of {kind}")
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list) or len(data) > FINDINGS_LIMIT:
            raise ValueError("a tuple must be a short list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], v) for v in data)
        if len(args) != len(data):
            raise ValueError("a tuple of the wrong length")
        return tuple(from_json(a, v) for a, v in zip(args, data, strict=True))
    if kind is Card:
        if not isinstance(data, str):
            raise ValueError("a card must be its code")
        return card_of(data)
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except ValueError as exc:
            raise ValueError(f"{data!r} is no {kind.__name__}") from exc
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return record_from_json(kind, data)
    if kind is bool:
        if not isinstance(data, bool):
            raise ValueError("a flag must be true or false")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int) or abs(data) > 1 << 31:
            raise ValueError("a number must be a whole number")
        return data
    if kind is str:
        if not isinstance(data, str) or len(data) > 200:
            raise ValueError("a text must be short")
        return data
    raise ValueError(f"no reading for {kind}")


def record_from_json(kind: type[Any], data: Any) -> Any:
    """A dataclass ``kind`` from :func:`to_json` data (a missing field takes its default).

    Raises:
        ValueError: the data is not one.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a {kind.__name__} must be an object")
    hints = typing.get_type_hints(kind)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(kind):
        if f.name in data:
            values[f.name] = from_json(hints[f.name], data[f.name])
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ValueError(f"a {kind.__name__} needs '{f.name}'")
    return kind(**values)


def findings_to_json(findings: tuple[Finding, ...]) -> list[JSON]:
    """A seat's findings as JSON."""
    return [to_json(f) for f in findings]


def findings_from_json(data: Any) -> tuple[Finding, ...]:
    """A seat's findings from :func:`findings_to_json` data.

    Raises:
        ValueError: they are not.
    """
    if not isinstance(data, list) or len(data) > FINDINGS_LIMIT:
        raise ValueError("'review' must be a list of findings")
    return tuple(record_from_json(Finding, f) for f in data)


__all__ = [
    "FINDINGS_LIMIT",
    "findings_from_json",
    "findings_to_json",
    "from_json",
    "record_from_json",
    "to_json",
]
