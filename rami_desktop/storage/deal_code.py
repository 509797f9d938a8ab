"""Short, typable deal codes: a seed and the rules (a preset plus the options changed from it).

A code is written in Crockford's base-32 alphabet (digits and capital letters without I, L, O,
U); when read, case, spaces and hyphens are ignored and O, I, L are read as 0, 1, 1. The last
two characters are check characters (:mod:`.code_check`): any one or two mistyped characters,
anywhere, and any two swapped characters side by side make a code that is refused; a dropped or
extra character is caught by the check or by the layout nearly always. Codes made before (code
version 0, one check character) are still read, unless changing one or two of their characters
(the first among them) makes a code of today: then they may be that code mistyped, and are
refused (none of version 0's codes of a preset unchanged is).

Bits, most significant first: 2 bits code version (1), 3 bits preset index, 3 bits number of
players (0: not given), 32 bits seed, the number of changed options (varint), then for each
changed option, in increasing field order, its 6-bit field index and its value: nothing for a
switch (it is the opposite of the preset's), the member index for a choice, a zig-zag varint for
a number, a length-prefixed UTF-8 string for text. With the preset unchanged a code is 11
characters; each changed option adds one to four. Text longer than :data:`MAX_TEXT` characters
is refused before it is read.

The orders are frozen: a rule option's field index is its declaration's ``code``
(:mod:`rami_desktop.engine.rule_option`), never changed and never given to another option (a
new option takes the next number; an option removed from ``Rules`` leaves its number unused); new
enum members are appended to their enum, new presets to ``PRESET_NAMES``, or old codes would
change meaning.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from rami_desktop.engine.rules import PRESET_NAMES, PRESETS, RULE_OPTIONS, Rules, preset

from .code_check import (
    check_count,
    check_values,
    near_words,
    old_check_value,
    old_syndrome,
    syndrome,
)

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES = {char: index for index, char in enumerate(ALPHABET)}
_VALUES.update({"O": 0, "I": 1, "L": 1})
_IGNORED = " -_\t"

CODE_VERSION = 1
#: the version of the codes with one check character, still read
OLD_VERSION = 0
#: the longest text read as a code (the longest code the game makes is under 100 characters)
MAX_TEXT = 256
SEED_BITS = 32
_VERSION_BITS = 2
_PRESET_BITS = 3
_PLAYERS_BITS = 3
_FIELD_BITS = 6

#: Each rule option by its number in codes (its declaration's ``code``).
_BY_CODE: dict[int, str] = {spec.code: name for name, spec in RULE_OPTIONS.items()}
if len(_BY_CODE) != len(RULE_OPTIONS) or max(_BY_CODE) >= 1 << _FIELD_BITS:  # pragma: no cover
    raise ValueError("each rule option needs its own deal-code number, under 64")


# --- bits ---------------------------------------------------------------------------------------


class _Writer:
    def __init__(self) -> None:
        self.bits: list[int] = []

    def put(self, value: int, width: int) -> None:
        if value < 0 or value >= 1 << width:
            raise ValueError(f"value {value} does not fit in {width} bits")
        self.bits.extend((value >> shift) & 1 for shift in range(width - 1, -1, -1))

    def varint(self, value: int, group: int = 4) -> None:
        if value < 0:
            raise ValueError("varint must not be negative")
        while True:
            chunk = value & ((1 << group) - 1)
            value >>= group
            self.put(1 if value else 0, 1)
            self.put(chunk, group)
            if not value:
                return


class _Reader:
    def __init__(self, bits: list[int]) -> None:
        self.bits = bits
        self.pos = 0

    def get(self, width: int) -> int:
        if self.pos + width > len(self.bits):
            raise ValueError("deal code too short")
        value = 0
        for bit in self.bits[self.pos : self.pos + width]:
            value = value << 1 | bit
        self.pos += width
        return value

    def varint(self, group: int = 4) -> int:
        value = 0
        shift = 0
        while True:
            more = self.get(1)
            chunk = self.get(group)
            value |= chunk << shift
            shift += group
            if not more:
                if chunk == 0 and shift > group:
                    raise ValueError("deal code not canonical")
                return value
            if shift > 64:
                raise ValueError("deal code number too large")


def _zigzag(value: int) -> int:
    return value * 2 if value >= 0 else -value * 2 - 1


def _unzigzag(value: int) -> int:
    return value // 2 if value % 2 == 0 else -(value + 1) // 2


def _enum_bits(kind: type[Enum]) -> int:
    return max(1, (len(kind) - 1).bit_length())


# --- encode and decode --------------------------------------------------------------------------


def encode(seed: int, rules: Rules, players: int | None = None, *,
           version: int = CODE_VERSION) -> str:
    """Return the deal code of a seed and rules (ungrouped; see :func:`format_code`).

    Args:
        seed: the deal's seed, 0 to 2**32 - 1.
        rules: the rules; their ``preset`` must be one of the presets.
        players: optionally the number of seats (2 to 6), which a deal also depends on.
        version: the code version: :data:`CODE_VERSION`, or :data:`OLD_VERSION` to write a
            code as the game did before (for tests).

    Raises:
        ValueError: a seed or number of players out of range, or an unknown preset.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << SEED_BITS:
        raise ValueError("seed must be a whole number from 0 to 2**32 - 1")
    if players is not None and (
        isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6
    ):
        raise ValueError("players must be 2 to 6")
    if rules.preset not in PRESETS:
        raise ValueError(f"unknown preset {rules.preset!r}")
    base = PRESETS[rules.preset]
    writer = _Writer()
    if version not in (CODE_VERSION, OLD_VERSION):
        raise ValueError(f"unknown code version {version!r}")
    writer.put(version, _VERSION_BITS)
    writer.put(PRESET_NAMES.index(rules.preset), _PRESET_BITS)
    writer.put(players or 0, _PLAYERS_BITS)
    writer.put(seed, SEED_BITS)
    changed = sorted((code, name) for code, name in _BY_CODE.items()
                     if getattr(rules, name) != getattr(base, name))
    writer.varint(len(changed), 2)
    for index, name in changed:
        writer.put(index, _FIELD_BITS)
        _put_value(writer, getattr(base, name), getattr(rules, name))
    bits = writer.bits + [0] * (-len(writer.bits) % 5)
    payload = [
        int("".join(map(str, bits[i : i + 5])), 2) for i in range(0, len(bits), 5)
    ]
    if version == OLD_VERSION:
        payload.append(old_check_value(payload))
    else:
        payload.extend(check_values(payload))
    return "".join(ALPHABET[v] for v in payload)


def _put_value(writer: _Writer, default: Any, value: Any) -> None:
    if isinstance(default, Enum):
        writer.put(list(type(default)).index(value), _enum_bits(type(default)))
    elif isinstance(default, bool):
        pass  # a changed switch is the opposite of the preset's
    elif isinstance(default, int):
        writer.varint(_zigzag(value))
    elif isinstance(default, str):
        data = value.encode("utf-8")
        writer.varint(len(data))
        for byte in data:
            writer.put(byte, 8)
    else:  # pragma: no cover - Rules has no other kind of field
        raise ValueError(f"cannot encode {type(default).__name__}")


def _get_value(reader: _Reader, default: Any) -> Any:
    if isinstance(default, Enum):
        members = list(type(default))
        index = reader.get(_enum_bits(type(default)))
        if index >= len(members):
            raise ValueError("deal code has an unknown choice")
        return members[index].value
    if isinstance(default, bool):
        return not default
    if isinstance(default, int):
        return _unzigzag(reader.varint())
    if isinstance(default, str):
        length = reader.varint()
        if length > 256:
            raise ValueError("deal code text too long")
        return bytes(reader.get(8) for _ in range(length)).decode("utf-8")
    raise ValueError("deal code field of unknown kind")  # pragma: no cover


def normalize(code: str) -> str:
    """Return the canonical form of a typed code (upper case, no separators, O/I/L fixed).

    Raises:
        ValueError: a character outside the alphabet.
    """
    if not isinstance(code, str):
        raise ValueError("deal code must be text")
    chars = []
    for char in code.upper():
        if char in _IGNORED:
            continue
        if char not in _VALUES:
            raise ValueError(f"deal code has a bad character {char!r}")
        chars.append(ALPHABET[_VALUES[char]])
    return "".join(chars)


def decode(code: str) -> tuple[int, Rules]:
    """Return ``(seed, rules)`` from a deal code.

    Raises:
        ValueError: a bad character, a wrong check character, or content that makes no rules.
    """
    seed, rules, _ = decode_full(code)
    return seed, rules


def decode_full(code: str) -> tuple[int, Rules, int | None]:
    """Return ``(seed, rules, players)`` from a deal code (players None when not given).

    Raises:
        ValueError: as :func:`decode`, or text over :data:`MAX_TEXT` characters.
    """
    if isinstance(code, str) and len(code) > MAX_TEXT:
        raise ValueError(f"deal code too long (over {MAX_TEXT} characters)")
    text = normalize(code)
    if len(text) < 2:
        raise ValueError("deal code too short")
    values = [_VALUES[char] for char in text]
    version = values[0] >> 5 - _VERSION_BITS
    checks = check_count(len(values))
    if version == CODE_VERSION and checks is not None and not any(syndrome(values) or ()):
        return _read(values[:-checks])
    if version == OLD_VERSION and old_syndrome(values) == 0:
        mistyped = [word for word in near_words(values, _FIRST_CHARS) if _reads(word)]
        if not mistyped:
            return _read(values[:-1])
    raise ValueError("deal code check failed (mistyped?)")


#: the first characters of codes of today (the version's bits, then any preset's)
_FIRST_CHARS = tuple(range(CODE_VERSION << 5 - _VERSION_BITS,
                           (CODE_VERSION + 1) << 5 - _VERSION_BITS))


def _reads(word: list[int]) -> bool:
    """Whether a version-1 code word (checks included) holds a deal."""
    checks = check_count(len(word))
    try:
        _read(word[: len(word) - (checks or 0)])
    except ValueError:
        return False
    return checks is not None


def _read(payload: list[int]) -> tuple[int, Rules, int | None]:
    """The deal a code's payload (check characters removed) holds, of either version.

    Raises:
        ValueError: content that makes no rules.
    """
    bits = [(v >> shift) & 1 for v in payload for shift in range(4, -1, -1)]
    reader = _Reader(bits)
    if reader.get(_VERSION_BITS) not in (CODE_VERSION, OLD_VERSION):
        raise ValueError("deal code from an unknown version")
    preset_index = reader.get(_PRESET_BITS)
    if preset_index >= len(PRESET_NAMES):
        raise ValueError("deal code has an unknown preset")
    name = PRESET_NAMES[preset_index]
    base = PRESETS[name]
    players = reader.get(_PLAYERS_BITS) or None
    if players is not None and not 2 <= players <= 6:
        raise ValueError("deal code has a bad number of players")
    seed = reader.get(SEED_BITS)
    count = reader.varint(2)
    if count > len(_BY_CODE):
        raise ValueError("deal code has too many options")
    changes: dict[str, Any] = {}
    last = -1
    for _ in range(count):
        index = reader.get(_FIELD_BITS)
        if index <= last or index not in _BY_CODE:
            raise ValueError("deal code has a bad option")
        last = index
        field_name = _BY_CODE[index]
        changes[field_name] = _get_value(reader, getattr(base, field_name))
    rest = bits[reader.pos :]
    if len(rest) >= 5 or any(rest):
        raise ValueError("deal code has extra characters")
    try:
        rules = preset(name, **changes)
    except ValueError as exc:
        raise ValueError(f"deal code makes invalid rules: {exc}") from exc
    if any(getattr(rules, n) == getattr(base, n) for n in changes):
        raise ValueError("deal code not canonical")
    return seed, rules, players


def longest_code() -> int:
    """The length of the longest formatted code (:func:`format_code`) of any preset whose
    numbers stay in their declared ranges: every option changed, each number as long as it may
    be (a bound, not a code that exists: some changes exclude others)."""
    defaults = Rules()
    bits = _VERSION_BITS + _PRESET_BITS + _PLAYERS_BITS + SEED_BITS
    bits += _varint_bits(len(RULE_OPTIONS), 2)
    for name, spec in RULE_OPTIONS.items():
        default = getattr(defaults, name)
        bits += _FIELD_BITS
        if isinstance(default, Enum):
            bits += _enum_bits(type(default))
        elif isinstance(default, bool):
            pass
        elif isinstance(default, int) and spec.lo is not None and spec.hi is not None:
            bits += _varint_bits(_zigzag(-max(abs(spec.lo), abs(spec.hi)) - 1), 4)
        else:  # pragma: no cover - every number option declares its range
            raise ValueError(f"no bound for the option {name!r}")
    payload = -(-bits // 5)
    chars = payload + (2 if payload <= 31 else 3)  # the payload, then the check characters
    return chars + (chars - 1) // 4  # and a hyphen between groups of four


def _varint_bits(value: int, group: int) -> int:
    return max(1, -(-value.bit_length() // group)) * (group + 1)


def format_code(code: str, group: int = 4) -> str:
    """Return a code split into groups with hyphens for display (``7K2M-XQ4P-9``)."""
    text = normalize(code)
    return "-".join(text[i : i + group] for i in range(0, len(text), group))
