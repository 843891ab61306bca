"""The stack of screens in play, bottom first, and what it asks of a screen.

Only the top screen receives input; every screen from the topmost opaque one upwards is
drawn, bottom first. The stack knows screens by the :class:`Screen` interface, which
:class:`~diloti_desktop.ui.kit.scene.Scene` implements, so that the context that holds the
stack does not depend on the scenes.
"""

from __future__ import annotations

import logging
from typing import Protocol, TypeVar

import pygame

from diloti_desktop.ui.kit.input import InputEvent
from diloti_desktop.ui.kit.layout import Box

log = logging.getLogger(__name__)

#: ``next_frame_in`` value meaning "only when input arrives".
IDLE: float = float("inf")


class Screen(Protocol):
    """A screen's lifecycle and frame, as the stack and the shell call them."""

    @property
    def opaque(self) -> bool:
        """Whether it hides every screen below it."""

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Covered by another screen."""

    def resume(self) -> None:
        """Uncovered again."""

    def retranslate(self) -> None:
        """The language changed."""

    def handle(self, event: InputEvent) -> None:
        """One input event."""

    def update(self, dt: float) -> bool:
        """Advance time; whether the picture changed."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw (without changing state)."""

    def next_frame_in(self) -> float:
        """Seconds until another update is needed."""

    def damage(self) -> list[Box] | None:
        """The areas that changed since the last frame (None: all)."""


S = TypeVar("S", bound=Screen)


class SceneStack:
    """The scenes in play, bottom first."""

    def __init__(self) -> None:
        self._scenes: list[Screen] = []

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Screen | None:
        """The scene receiving input, if any."""
        return self._scenes[-1] if self._scenes else None

    def scenes(self) -> list[Screen]:
        """A copy of the stack, bottom first."""
        return list(self._scenes)

    def push(self, scene: Screen) -> None:
        """Cover the top scene with ``scene``."""
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        log.debug("scene pushed: %s", type(scene).__name__)
        scene.enter()

    def pop(self, scene: Screen | None = None) -> None:
        """Remove the top scene (only if it is ``scene``, when given) and resume the next."""
        if not self._scenes or (scene is not None and self._scenes[-1] is not scene):
            return
        leaving = self._scenes.pop()
        leaving.exit()
        if self._scenes:
            self._scenes[-1].resume()

    def replace(self, scene: Screen) -> None:
        """Swap the top scene for ``scene``."""
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()

    def reset(self, scene: Screen) -> None:
        """Remove every scene, then show ``scene`` alone."""
        while self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()

    def find(self, kind: type[S]) -> S | None:
        """The topmost scene of a kind, if any."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def visible(self) -> list[Screen]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[index].opaque:
                start = index
                break
        return self._scenes[start:]
