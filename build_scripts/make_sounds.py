"""Generate the game's sound effects into ``sounds/`` with the standard library only.

Run ``python3 build_scripts/make_sounds.py`` after changing a recipe below and commit
the WAV files it writes. The output is deterministic (the noise comes from a seeded
generator), so a test can check that the committed files match these recipes.

Every sound is mono, 22050 Hz, 16-bit, short, with a soft attack and a fade-out so that
nothing clicks, and peaks well below full scale so that sounds overlap without clipping.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

SAMPLE_RATE = 22050
Signal = list[float]

SOUNDS_DIR = Path(__file__).resolve().parent.parent / "sounds"


def silence(seconds: float) -> Signal:
    return [0.0] * round(seconds * SAMPLE_RATE)


def mix_into(target: Signal, source: Iterable[float], start_seconds: float, gain: float) -> None:
    """Add ``source`` to ``target`` from ``start_seconds`` on, growing ``target`` if needed."""
    start = round(start_seconds * SAMPLE_RATE)
    for i, value in enumerate(source):
        index = start + i
        if index >= len(target):
            target.extend([0.0] * (index - len(target) + 1))
        target[index] += value * gain


def envelope(n: int, attack: float, decay: float) -> Signal:
    """A linear rise over ``attack`` seconds, then an exponential fall (time constant)."""
    attack_n = max(1, round(attack * SAMPLE_RATE))
    out = []
    for i in range(n):
        rise = min(1.0, i / attack_n)
        fall = math.exp(-max(0, i - attack_n) / (decay * SAMPLE_RATE))
        out.append(rise * fall)
    return out


def bell(frequency: float, seconds: float, decay: float) -> Signal:
    """A soft mallet tone: the fundamental with quickly fading bright partials."""
    n = round(seconds * SAMPLE_RATE)
    env = envelope(n, 0.004, decay)
    partials = ((1.0, 1.0, 1.0), (2.0, 0.28, 0.45), (3.01, 0.12, 0.25), (4.2, 0.05, 0.12))
    out = []
    for i in range(n):
        t = i / SAMPLE_RATE
        value = 0.0
        for ratio, level, life in partials:
            value += (
                level
                * math.exp(-t / (decay * life))
                * math.sin(2 * math.pi * frequency * ratio * t)
            )
        out.append(value * env[i] / 1.45)
    return out


def noise_burst(rng: random.Random, seconds: float, decay: float, brightness: float) -> Signal:
    """Noise through a one-pole low-pass (``brightness`` 0..1), fading exponentially."""
    n = round(seconds * SAMPLE_RATE)
    env = envelope(n, 0.0015, decay)
    out = []
    state = 0.0
    for i in range(n):
        state += brightness * (rng.uniform(-1.0, 1.0) - state)
        out.append(state * env[i])
    peak = max(abs(v) for v in out) or 1.0
    return [v / peak for v in out]


def thump(frequency: float, seconds: float, decay: float) -> Signal:
    """A low sine with a falling pitch: the body of a card landing on felt."""
    n = round(seconds * SAMPLE_RATE)
    env = envelope(n, 0.001, decay)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / SAMPLE_RATE
        phase += 2 * math.pi * frequency * (1 + 0.6 * math.exp(-t / 0.01)) / SAMPLE_RATE
        out.append(math.sin(phase) * env[i])
    return out


def note(name: str) -> float:
    """Frequency of a note such as ``"C5"`` or ``"F#4"`` (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    if name[1] == "#":
        steps += 1
    octave = int(name[-1])
    return 440.0 * 2 ** ((steps + 12 * (octave - 4)) / 12)


def card_flick() -> Signal:
    """A card slapped down on the table: a bright snap over a short low thump."""
    rng = random.Random(7)
    out = silence(0.0)
    mix_into(out, noise_burst(rng, 0.09, 0.018, 0.55), 0.0, 0.55)
    mix_into(out, noise_burst(rng, 0.05, 0.006, 0.9), 0.0, 0.25)
    mix_into(out, thump(170, 0.09, 0.02), 0.002, 0.45)
    return out


def click() -> Signal:
    """A button click: a tiny wooden tick."""
    rng = random.Random(11)
    out = silence(0.0)
    mix_into(out, bell(1800, 0.045, 0.008), 0.0, 0.5)
    mix_into(out, noise_burst(rng, 0.02, 0.003, 0.7), 0.0, 0.2)
    return out


def capture() -> Signal:
    """Cards swept into the pile, then two rising mallet notes."""
    rng = random.Random(23)
    out = silence(0.0)
    mix_into(out, noise_burst(rng, 0.12, 0.035, 0.25), 0.0, 0.35)
    mix_into(out, bell(note("G5"), 0.3, 0.09), 0.04, 0.4)
    mix_into(out, bell(note("C6"), 0.35, 0.12), 0.12, 0.45)
    return out


def xeri() -> Signal:
    """A sweep of the table: a quick cheerful arpeggio that rings out."""
    out = silence(0.0)
    for i, name in enumerate(("C5", "E5", "G5", "C6")):
        mix_into(out, bell(note(name), 0.35, 0.1), i * 0.075, 0.34)
    mix_into(out, bell(note("E6"), 0.6, 0.22), 0.3, 0.3)
    mix_into(out, bell(note("G6"), 0.6, 0.2), 0.3, 0.18)
    return out


def round_end() -> Signal:
    """The end of a round: a gentle two-chord cadence (G major, then C major)."""
    out = silence(0.0)
    for name in ("G4", "B4", "D5"):
        mix_into(out, bell(note(name), 0.5, 0.16), 0.0, 0.2)
    for name in ("C5", "E5", "G5", "C6"):
        mix_into(out, bell(note(name), 1.0, 0.32), 0.32, 0.18)
    return out


# File name -> (recipe, peak level). The peaks balance the set: frequent sounds are
# quieter, and none comes near full scale, leaving headroom when they overlap.
RECIPES: dict[str, tuple[Callable[[], Signal], float]] = {
    "card_flick.wav": (card_flick, 0.5),
    "click.wav": (click, 0.3),
    "capture.wav": (capture, 0.5),
    "xeri.wav": (xeri, 0.55),
    "round_end.wav": (round_end, 0.45),
}


def finish(signal: Signal, peak: float, fade_seconds: float = 0.01) -> Signal:
    """Scale ``signal`` to ``peak`` and fade its end to silence, so it never clicks."""
    loudest = max(abs(v) for v in signal)
    out = [v * peak / loudest for v in signal]
    fade = min(len(out), round(fade_seconds * SAMPLE_RATE))
    for i in range(fade):
        out[len(out) - fade + i] *= 1 - (i + 1) / fade
    return out


def write_wav(path: Path, signal: Signal) -> None:
    frames = b"".join(
        struct.pack("<h", max(-32767, min(32767, round(value * 32767)))) for value in signal
    )
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SOUNDS_DIR, help="folder to write into")
    args = parser.parse_args(argv)
    out_dir: Path = args.out
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, (recipe, peak) in RECIPES.items():
        signal = finish(recipe(), peak)
        write_wav(out_dir / name, signal)
        peak = max(abs(v) for v in signal)
        print(f"{name}: {len(signal) / SAMPLE_RATE:.2f} s, peak {peak:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
