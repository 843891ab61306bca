"""Sound effects that never stop the game.

:class:`Audio` opens the mixer defensively: with no audio device, with
``SDL_AUDIODRIVER=dummy``, or with a missing or damaged sound file, it logs why once and
carries on silently. Nothing here raises after construction, and construction itself
only raises for programming errors (a volume that is not a number).
"""

from __future__ import annotations

import enum
import logging
import math
from collections.abc import Iterable
from pathlib import Path

import pygame

from diloti_desktop import resources

log = logging.getLogger(__name__)


class Sound(enum.StrEnum):
    """The game's sound effects; each value is the file's name without ``.wav``."""

    CARD_FLICK = "card_flick"
    CLICK = "click"
    CAPTURE = "capture"
    XERI = "xeri"
    ROUND_END = "round_end"


# 22050 Hz matches the files, and a small buffer keeps a card's sound on its animation.
MIXER_FREQUENCY = 22050
MIXER_BUFFER = 512


class Audio:
    """Plays the named sound effects, with an on/off switch and a volume from 0 to 1.

    ``sound_dir`` defaults to the bundled ``sounds/`` folder (see :mod:`resources`);
    ``names`` defaults to every :class:`Sound`. When the mixer cannot start,
    :attr:`available` is false and :meth:`play` does nothing.
    """

    def __init__(
        self,
        *,
        enabled: bool = True,
        volume: float = 0.8,
        sound_dir: Path | None = None,
        names: Iterable[str] = tuple(Sound),
    ) -> None:
        self._enabled = enabled
        self._volume = _clamp_volume(volume)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._warned: set[str] = set()
        self._owns_mixer = False
        self.available = self._open_mixer()
        if self.available:
            self._load(sound_dir, names)

    @property
    def enabled(self) -> bool:
        """Whether :meth:`play` makes a sound."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = value
        if not value and self.available:
            self.stop()

    @property
    def volume(self) -> float:
        """The effects volume, 0 (silent) to 1 (full); out-of-range values are clamped."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp_volume(value)
        if self._mixer_still_open():
            for sound in self._sounds.values():
                sound.set_volume(self._volume)

    def loaded(self) -> frozenset[str]:
        """The names of the sounds ready to play."""
        return frozenset(self._sounds)

    def play(self, name: str) -> None:
        """Play ``name`` (a :class:`Sound` or its value) if enabled and loaded."""
        if not (self._enabled and self._volume > 0 and self._mixer_still_open()):
            return
        sound = self._sounds.get(name)
        if sound is None:
            self._warn_once(name, "sound %r is not loaded; playing nothing", name)
            return
        try:
            sound.play()
        except pygame.error as error:
            self._warn_once(name, "could not play %r: %s", name, error)

    def stop(self) -> None:
        """Silence every sound that is playing."""
        if self._mixer_still_open():
            try:
                pygame.mixer.stop()
            except pygame.error as error:
                log.debug("could not stop the mixer: %s", error)

    def close(self) -> None:
        """Release the sounds, and the mixer if this object opened it."""
        self._sounds.clear()
        if self._owns_mixer:
            pygame.mixer.quit()
            self._owns_mixer = False
        self.available = False

    def _mixer_still_open(self) -> bool:
        """False once the mixer is closed, for example by ``pygame.quit()`` at exit.

        Playing a sound after that crashes pygame-ce 2.5 (a segmentation fault, not an
        exception), so the sounds are dropped and this object stays silent from then on.
        """
        if self.available and not pygame.mixer.get_init():
            log.info("sound is off: the mixer was closed")
            self._sounds.clear()
            self._owns_mixer = False
            self.available = False
        return self.available

    def _open_mixer(self) -> bool:
        if pygame.mixer.get_init():
            return True  # someone (the app, a test) opened it already: share it
        try:
            pygame.mixer.init(frequency=MIXER_FREQUENCY, size=-16, buffer=MIXER_BUFFER)
        except (pygame.error, OSError) as error:
            log.warning("sound is off: the audio device could not be opened (%s)", error)
            return False
        self._owns_mixer = True
        return True

    def _load(self, sound_dir: Path | None, names: Iterable[str]) -> None:
        for name in map(str, names):
            file_name = f"{name}.wav"
            try:
                path = sound_dir / file_name if sound_dir else resources.sound_path(file_name)
                sound = pygame.mixer.Sound(path)
            except (pygame.error, OSError) as error:
                # OSError covers resources.AssetNotFoundError and unreadable files.
                self._warn_once(name, "sound %r is unavailable: %s", name, error)
                continue
            sound.set_volume(self._volume)
            self._sounds[name] = sound

    def _warn_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message, *args)


def _clamp_volume(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        raise ValueError(f"volume must be a number from 0 to 1, got {value!r}")
    return min(1.0, max(0.0, float(value)))
