"""Audio plays when it can and stays silent, without raising, when it cannot."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from diloti_desktop import resources
from diloti_desktop.ui.kit.audio import Audio, Sound


@pytest.fixture(autouse=True)
def no_mixer_left_open() -> Iterator[None]:
    yield
    pygame.mixer.quit()


def test_every_sound_has_a_shipped_file() -> None:
    assert {sound.value for sound in Sound} == {
        path.stem for path in resources.asset_dir("sounds").glob("*.wav")
    }


def test_the_dummy_driver_loads_every_sound() -> None:
    # An earlier test in this worker may have left the mixer open; this one checks that
    # close() releases a mixer the object opened itself.
    pygame.mixer.quit()
    audio = Audio()
    assert audio.available
    assert audio.loaded() == {sound.value for sound in Sound}
    for sound in Sound:
        audio.play(sound)
    audio.close()
    assert not pygame.mixer.get_init()


def test_no_audio_device_means_silence(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING):
        audio = Audio()
    assert not audio.available
    assert audio.loaded() == frozenset()
    audio.play(Sound.XERI)
    audio.volume = 0.3
    audio.enabled = False
    audio.stop()
    audio.close()
    assert "No available audio device" in caplog.text


def test_a_corrupt_or_missing_file_is_skipped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "capture.wav").write_bytes(b"RIFF\x00\x00\x00\x00WAVEjunk")
    with caplog.at_level(logging.WARNING):
        audio = Audio(sound_dir=tmp_path, names=["capture", "xeri"])
    assert audio.available
    assert audio.loaded() == frozenset()
    audio.play("capture")
    audio.play("xeri")
    assert "'capture' is unavailable" in caplog.text
    assert "'xeri' is unavailable" in caplog.text


def test_unknown_names_warn_once_and_play_nothing(caplog: pytest.LogCaptureFixture) -> None:
    audio = Audio()
    with caplog.at_level(logging.WARNING):
        audio.play("trumpet")
        audio.play("trumpet")
    assert caplog.text.count("'trumpet' is not loaded") == 1


def test_volume_is_clamped_and_applied_to_every_sound() -> None:
    audio = Audio(volume=2.5)
    assert audio.volume == 1.0
    audio.volume = -1
    assert audio.volume == 0.0
    audio.volume = 0.5
    assert audio.volume == 0.5
    assert audio._sounds  # the dummy driver loaded them
    for sound in audio._sounds.values():
        assert sound.get_volume() == pytest.approx(0.5, abs=0.01)
    with pytest.raises(ValueError, match="volume"):
        audio.volume = float("nan")


class _Spy:
    def __init__(self) -> None:
        self.plays = 0

    def play(self) -> None:
        self.plays += 1

    def set_volume(self, value: float) -> None:
        pass


def test_disabled_or_muted_audio_plays_nothing() -> None:
    audio = Audio()
    spy = _Spy()
    audio._sounds["click"] = spy  # type: ignore[assignment]
    audio.play(Sound.CLICK)
    assert spy.plays == 1
    audio.enabled = False
    audio.play(Sound.CLICK)
    assert spy.plays == 1
    audio.enabled = True
    audio.volume = 0
    audio.play(Sound.CLICK)
    assert spy.plays == 1


def test_a_mixer_opened_elsewhere_is_shared_not_closed() -> None:
    pygame.mixer.init()
    audio = Audio()
    assert audio.available
    audio.close()
    assert pygame.mixer.get_init()


def test_playing_after_the_mixer_closed_is_silent() -> None:
    """pygame-ce crashes the process when a Sound plays after mixer.quit(); we must not."""
    audio = Audio()
    pygame.mixer.quit()
    audio.play(Sound.CAPTURE)
    audio.volume = 0.2
    audio.stop()
    assert not audio.available
    assert audio.loaded() == frozenset()
