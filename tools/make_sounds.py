"""Synthesise Rami's sound effects (original, standard library only) into ``assets/sounds/``.

Run with ``.venv/bin/python tools/make_sounds.py``. Writes 16-bit mono 22050 Hz WAV files:
shuffle, draw, lay, discard, error, win, turn and celebrate (the winner's moment). Noise comes
from ``random.Random`` with fixed seeds, so running it twice gives the same files.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Samples = list[float]


def silence(seconds: float) -> Samples:
    """A buffer of zeros."""
    return [0.0] * int(seconds * RATE)


def mix_into(buf: Samples, part: Samples, start: float, gain: float = 1.0) -> None:
    """Add ``part`` into ``buf`` from ``start`` seconds, growing ``buf`` if needed."""
    offset = int(start * RATE)
    end = offset + len(part)
    if end > len(buf):
        buf.extend([0.0] * (end - len(buf)))
    for i, v in enumerate(part):
        buf[offset + i] += v * gain


def lowpass(buf: Samples, cutoff: float) -> Samples:
    """One-pole low-pass filter."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for x in buf:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(buf: Samples, cutoff: float) -> Samples:
    """One-pole high-pass filter (the input minus its low-pass)."""
    low = lowpass(buf, cutoff)
    return [x - lo for x, lo in zip(buf, low, strict=True)]


def bandpass(buf: Samples, low: float, high: float) -> Samples:
    """Two one-pole filters in a row."""
    return highpass(lowpass(lowpass(buf, high), high), low)


def noise(rng: random.Random, seconds: float) -> Samples:
    """White noise in -1..1."""
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def envelope(
    buf: Samples, attack: float, decay: float, shape: Callable[[float], float] | None = None
) -> Samples:
    """Apply a linear attack then an exponential decay (time constant ``decay`` seconds)."""
    out = []
    for i, x in enumerate(buf):
        t = i / RATE
        level = min(1.0, t / attack) if attack > 0 else 1.0
        level *= math.exp(-max(0.0, t - attack) / decay)
        if shape is not None:
            level *= shape(t)
        out.append(x * level)
    return out


def flick(rng: random.Random, seconds: float, low: float, high: float, decay: float) -> Samples:
    """The rustle of a card edge: band-limited noise with a sharp attack."""
    return envelope(bandpass(noise(rng, seconds), low, high), 0.002, decay)


def thump(seconds: float, f0: float, f1: float, decay: float) -> Samples:
    """A low knock whose pitch falls from ``f0`` to ``f1``."""
    out = []
    phase = 0.0
    n = int(seconds * RATE)
    for i in range(n):
        t = i / RATE
        f = f1 + (f0 - f1) * math.exp(-t / 0.03)
        phase += 2 * math.pi * f / RATE
        out.append(math.sin(phase) * math.exp(-t / decay) * min(1.0, t / 0.002))
    return out


def tone(
    freq: float,
    seconds: float,
    harmonics: tuple[float, ...] = (1.0,),
    attack: float = 0.01,
    decay: float | None = None,
) -> Samples:
    """A tone with a few harmonics, a soft attack and either a decay or a smooth release."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
        level = min(1.0, t / attack)
        if decay is None:
            # raised-cosine release over the last 40 %
            rel = (t / seconds - 0.6) / 0.4
            if rel > 0:
                level *= 0.5 + 0.5 * math.cos(math.pi * min(1.0, rel))
        else:
            level *= math.exp(-t / decay)
        out.append(v * level)
    return out


def finish(buf: Samples, peak: float) -> Samples:
    """Normalise to ``peak`` and fade the last 10 ms to avoid a click."""
    top = max((abs(v) for v in buf), default=0.0) or 1.0
    out = [v * peak / top for v in buf]
    fade = min(len(out), int(0.01 * RATE))
    for i in range(fade):
        out[len(out) - 1 - i] *= i / fade
    return out


# --- the sounds -----------------------------------------------------------------------------------


def make_draw() -> Samples:
    """Taking a card: a quick slide then a flick."""
    rng = random.Random(101)
    buf = silence(0.2)
    slide = envelope(bandpass(noise(rng, 0.09), 900, 4200), 0.04, 0.03)
    mix_into(buf, slide, 0.0, 0.35)
    mix_into(buf, flick(rng, 0.12, 1500, 6500, 0.018), 0.055, 1.0)
    return finish(buf, 0.6)


def make_discard() -> Samples:
    """Throwing a card on the pile: a slap with a soft knock."""
    rng = random.Random(202)
    buf = silence(0.25)
    mix_into(buf, flick(rng, 0.16, 500, 5000, 0.022), 0.0, 1.0)
    mix_into(buf, thump(0.14, 220, 110, 0.035), 0.0, 0.35)
    mix_into(buf, flick(rng, 0.08, 2500, 8000, 0.008), 0.004, 0.35)
    return finish(buf, 0.7)


def make_lay() -> Samples:
    """Laying a meld: three cards tapped down in a row."""
    rng = random.Random(303)
    buf = silence(0.36)
    for i, start in enumerate((0.0, 0.085, 0.17)):
        mix_into(buf, flick(rng, 0.1, 700, 4500, 0.016), start, 1.0 - 0.12 * i)
        mix_into(buf, thump(0.08, 180, 120, 0.02), start, 0.15)
    return finish(buf, 0.6)


def make_shuffle() -> Samples:
    """A riffle shuffle: a rattle of tiny clicks that swells and fades, then the cards settle."""
    rng = random.Random(404)
    riffle = 0.72
    buf = silence(1.05)
    t = 0.02
    while t < riffle:
        phase = t / riffle
        level = math.sin(math.pi * phase) ** 0.6
        click = flick(rng, 0.02, 1800, 7500, 0.0035)
        mix_into(buf, click, t, level * rng.uniform(0.6, 1.0))
        t += rng.uniform(0.006, 0.013) * (1.3 - 0.5 * math.sin(math.pi * phase))
    bed = envelope(bandpass(noise(rng, riffle), 1200, 5000), 0.15, 0.5)
    bed = [v * math.sin(math.pi * min(1.0, i / (riffle * RATE))) for i, v in enumerate(bed)]
    mix_into(buf, bed, 0.02, 0.18)
    settle = envelope(bandpass(noise(rng, 0.26), 400, 3000), 0.06, 0.06)
    mix_into(buf, settle, riffle + 0.05, 0.55)
    mix_into(buf, thump(0.12, 160, 100, 0.03), riffle + 0.12, 0.25)
    return finish(buf, 0.6)


def make_error() -> Samples:
    """A soft, low two-tone: not allowed."""
    buf = silence(0.5)
    harmonics = (1.0, 0.22, 0.06)
    mix_into(buf, tone(311.13, 0.19, harmonics, attack=0.012), 0.0)
    mix_into(buf, tone(233.08, 0.26, harmonics, attack=0.012), 0.2)
    return finish(lowpass(buf, 2500), 0.42)


def make_win() -> Samples:
    """A short bright arpeggio (C E G C) ending on a shimmering chord."""
    buf = silence(1.2)
    bell = (1.0, 0.35, 0.12, 0.05)
    notes = (523.25, 659.25, 783.99, 1046.5)
    for i, f in enumerate(notes):
        last = i == len(notes) - 1
        length = 0.9 if last else 0.45
        mix_into(buf, tone(f, length, bell, attack=0.006, decay=0.35 if last else 0.16), i * 0.1)
    for f in (523.25, 659.25, 783.99):
        mix_into(buf, tone(f, 0.8, (1.0, 0.2), attack=0.03, decay=0.3), 0.3, 0.35)
    return finish(buf, 0.65)


def make_celebrate() -> Samples:
    """A winner's moment: a darbuka's doum-tek-tek-doum, a bright arpeggio rising over it
    (C E G C E) and a shimmering chord that rings out."""
    rng = random.Random(505)
    buf = silence(1.5)
    # the darbuka: low doums (falling thumps) and sharp teks (short noise bursts)
    for start, kind in ((0.0, "doum"), (0.16, "tek"), (0.26, "tek"), (0.4, "doum"),
                        (0.56, "tek"), (0.64, "tek"), (0.72, "tek"), (0.8, "doum")):
        if kind == "doum":
            mix_into(buf, thump(0.22, 150, 80, 0.07), start, 0.9)
        else:
            mix_into(buf, flick(rng, 0.06, 2500, 9000, 0.012), start, 0.55)
    bell = (1.0, 0.4, 0.15, 0.06)
    notes = (523.25, 659.25, 783.99, 1046.5, 1318.5)
    for i, f in enumerate(notes):
        mix_into(buf, tone(f, 0.5, bell, attack=0.005, decay=0.18), 0.08 + i * 0.11, 0.55)
    for f in (523.25, 659.25, 783.99, 1046.5):
        mix_into(buf, tone(f, 0.84, (1.0, 0.3, 0.08), attack=0.02, decay=0.35), 0.66, 0.3)
    return finish(lowpass(buf, 7000), 0.68)


def make_turn() -> Samples:
    """The player's turn comes: a gentle, low two-note chime (a fourth up), soft attack."""
    buf = silence(0.7)
    bell = (1.0, 0.25, 0.06)
    mix_into(buf, tone(587.33, 0.42, bell, attack=0.02, decay=0.22), 0.0, 0.8)
    mix_into(buf, tone(783.99, 0.55, bell, attack=0.02, decay=0.28), 0.13, 1.0)
    return finish(lowpass(buf, 3000), 0.38)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "shuffle": make_shuffle,
    "draw": make_draw,
    "lay": make_lay,
    "discard": make_discard,
    "error": make_error,
    "win": make_win,
    "turn": make_turn,
    "celebrate": make_celebrate,
}


def write_wav(path: Path, buf: Samples) -> None:
    """Write 16-bit mono little-endian PCM."""
    data = array("h", (max(-32767, min(32767, round(v * 32767))) for v in buf))
    if sys.byteorder == "big":
        data.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(data.tobytes())


def main() -> int:
    """Synthesise and write every sound."""
    for name, make in SOUNDS.items():
        buf = make()
        write_wav(OUT_DIR / f"{name}.wav", buf)
        print(f"{name}.wav  {len(buf) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
