"""The committed WAV files are valid, short, quiet enough, and match their generator."""

from __future__ import annotations

import array
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from diloti_desktop import resources

REPO = Path(__file__).resolve().parents[2]
MAKE_SOUNDS = REPO / "build_scripts" / "make_sounds.py"
NAMES = ["capture", "card_flick", "click", "round_end", "xeri"]


def samples(path: Path) -> array.array[int]:
    with wave.open(str(path)) as sound:
        data = array.array("h", sound.readframes(sound.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return data


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_a_short_mono_16_bit_wav(name: str) -> None:
    path = resources.sound_path(f"{name}.wav")
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        seconds = wav.getnframes() / wav.getframerate()
    assert 0.02 < seconds < 2.0
    assert path.stat().st_size < 100_000
    data = samples(path)
    peak = max(abs(value) for value in data)
    assert 0.2 * 32767 < peak < 0.7 * 32767  # audible, with headroom for overlaps
    assert abs(data[-1]) < 200  # faded out: no click at the end


def test_committed_sounds_match_the_generator(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(MAKE_SOUNDS), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    generated = sorted(path.name for path in tmp_path.glob("*.wav"))
    assert generated == [f"{name}.wav" for name in NAMES]
    for name in generated:
        fresh, committed = samples(tmp_path / name), samples(REPO / "sounds" / name)
        assert len(fresh) == len(committed), name
        # Allow one step of rounding for a different platform's libm.
        assert max(abs(a - b) for a, b in zip(fresh, committed, strict=True)) <= 1, name
