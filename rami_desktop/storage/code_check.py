"""The check characters of deal codes, over GF(32) (one code character is one field element).

Codes of version 1 end with two check characters (three past 31 payload characters): the code
is a word of a Hamming code over GF(32) (minimum distance 3), so any one or two mistyped
characters anywhere, two swapped neighbours included, make a code that is not one. The parity
check matrix has, for payload character ``j``, the column ``(1, (j + 1) % 32, (j + 1) // 32)``
(the last entry only with three checks) and, for the check characters, the unit columns: no two
columns are proportional, which is what distance 3 asks.

Codes of version 0 (made before) end with one check character: a weighted sum with weights
``2**position`` plus the length, which catches one mistyped character or two swapped neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence

_POLY = 0b100101  # x^5 + x^2 + 1, primitive: 2 generates the 31 non-zero elements

#: payload characters a code with two check characters holds at most (then three)
TWO_CHECKS_MAX = 31
#: payload characters a code with three check characters holds at most
THREE_CHECKS_MAX = 1023


def _mul_slow(a: int, b: int) -> int:
    result = 0
    while b:
        if b & 1:
            result ^= a
        b >>= 1
        a <<= 1
        if a & 0b100000:
            a ^= _POLY
    return result


MUL: tuple[tuple[int, ...], ...] = tuple(tuple(_mul_slow(a, b) for b in range(32))
                                         for a in range(32))
INV: tuple[int, ...] = (0, *(next(b for b in range(1, 32) if MUL[a][b] == 1)
                             for a in range(1, 32)))


def _powers_of_two() -> tuple[int, ...]:
    out = [1]
    for _ in range(30):
        out.append(MUL[out[-1]][2])
    return tuple(out)


POW2 = _powers_of_two()  # 2**e for e in 0..30 (2 has order 31)


# --- version 1: two or three check characters ---------------------------------------------------


def check_count(length: int) -> int | None:
    """How many check characters a version-1 code of ``length`` characters has (None: no such
    code has that length)."""
    if 3 <= length <= TWO_CHECKS_MAX + 2:
        return 2
    if TWO_CHECKS_MAX + 4 <= length <= THREE_CHECKS_MAX + 3:
        return 3
    return None


def column(position: int, payload: int, checks: int) -> tuple[int, ...]:
    """The parity check column of a character of a code with ``payload`` payload characters."""
    if position >= payload:
        return tuple(int(t == position - payload) for t in range(checks))
    x = position + 1
    return (1, x % 32, x // 32)[:checks]


def check_values(payload: Sequence[int]) -> list[int]:
    """The check characters' values that follow ``payload`` in a version-1 code."""
    checks = 2 if len(payload) <= TWO_CHECKS_MAX else 3
    if len(payload) > THREE_CHECKS_MAX:
        raise ValueError("deal code too long")
    sums = [0] * checks
    for j, value in enumerate(payload):
        col = column(j, len(payload), checks)
        for t in range(checks):
            sums[t] ^= MUL[col[t]][value]
    return sums


def syndrome(values: Sequence[int]) -> tuple[int, ...] | None:
    """The version-1 syndrome of a whole code (all zero: a code word; None: a length no
    version-1 code has)."""
    checks = check_count(len(values))
    if checks is None:
        return None
    payload = len(values) - checks
    sums = check_values(values[:payload])
    return tuple(s ^ v for s, v in zip(sums, values[payload:], strict=True))


def near_words(values: Sequence[int], first: Sequence[int]) -> list[list[int]]:
    """The version-1 code words at one or two characters from ``values`` whose first character
    is one of ``first`` while that of ``values`` is not (a code read as version 0 is refused
    when one of them is a code: it may be that code mistyped).

    One character differs (the first), or two (the first and one more): for each new first
    character the second change is the only one that zeroes the syndrome, if any.
    """
    s = syndrome(values)
    if s is None:
        return []
    checks = len(s)
    payload = len(values) - checks
    col0 = column(0, payload, checks)
    out: list[list[int]] = []
    for new in first:
        e0 = new ^ values[0]
        if not e0 or not 0 <= new < 32:
            continue
        rest = [s[t] ^ MUL[e0][col0[t]] for t in range(checks)]
        word = list(values)
        word[0] = new
        if not any(rest):
            out.append(word)
            continue
        for j in range(1, len(values)):
            col = column(j, payload, checks)
            t = next(t for t in range(checks) if col[t])
            e = MUL[rest[t]][INV[col[t]]]
            if all(MUL[e][col[u]] == rest[u] for u in range(checks)):
                other = list(word)
                other[j] ^= e
                out.append(other)
    return out


# --- version 0: one check character -------------------------------------------------------------


def old_syndrome(values: Sequence[int]) -> int:
    """The version-0 syndrome of a whole code (0: it passes)."""
    total = len(values) % 32
    for position, value in enumerate(values):
        total ^= MUL[POW2[position % 31]][value]
    return total


def old_check_value(payload: Sequence[int]) -> int:
    """The check character that follows ``payload`` in a version-0 code."""
    n = len(payload)
    partial = old_syndrome([*payload, 0])  # c * 2^n must equal this (addition is xor)
    return MUL[partial][POW2[(31 - n % 31) % 31]]
