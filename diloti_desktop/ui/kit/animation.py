"""Timed steps of what the table shows: cards in flight, pauses, a xeri celebration.

No pygame and no rules here: a :class:`Step` says which position to draw underneath
(with some cards hidden because they are in the air), which cards fly where, and what
banner or sound goes with it; a :class:`Show` plays steps one after another. The table
scene builds the steps from the controller's events and draws whatever the current
step says, so the model never calls the view.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from diloti_desktop.ui.kit.layout import Box, lerp_box


def ease_out(t: float) -> float:
    """Fast start, gentle landing (cubic)."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass(frozen=True)
class Flight:
    """One card travelling from ``start`` to ``end`` during part of a step.

    ``flip`` shows the back first and turns the card over on the way (a card leaving
    a hidden hand); ``face_down`` keeps the back up (a card dealt to another player).
    Before ``delay`` the card waits at ``start``.
    """

    card: int
    start: Box
    end: Box
    delay: float = 0.0
    duration: float = 0.0
    flip: bool = False
    face_down: bool = False

    def progress(self, elapsed: float) -> float:
        """0 at the start, 1 on arrival."""
        if self.duration <= 0:
            return 1.0 if elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (elapsed - self.delay) / self.duration))

    def box_at(self, elapsed: float) -> Box:
        """Where the card is ``elapsed`` seconds into its step."""
        return lerp_box(self.start, self.end, ease_out(self.progress(elapsed)))

    def face_shown(self, elapsed: float) -> tuple[bool, float]:
        """Whether the face is up, and the horizontal squash of the turning card (0..1)."""
        if self.face_down:
            return False, 1.0
        if not self.flip:
            return True, 1.0
        t = self.progress(elapsed)
        if t < 0.2:
            return False, 1 - t / 0.2
        if t < 0.4:
            return True, (t - 0.2) / 0.2
        return True, 1.0


@dataclass
class Step:
    """A stretch of time with one picture underneath and some cards in the air.

    ``position`` is whatever the table draws (a rules position) and ``slots`` where its
    items lie; ``hidden`` cards are not drawn where they rest (they are in the air).
    ``captured`` overrides the capture pile counts while cards are still flying there.
    ``sound`` is played when the step starts; ``banner`` is shown over the table.
    """

    duration: float
    position: Any
    slots: Mapping[int, int]
    hidden: int = 0
    flights: tuple[Flight, ...] = ()
    captured: tuple[int, int] | None = None
    banner: str = ""
    sound: str = ""
    account: str | None = None


@dataclass
class Show:
    """Steps played one after another; the last step's picture stays once it ends."""

    steps: deque[Step] = field(default_factory=deque)
    elapsed: float = 0.0
    started: bool = False

    def extend(self, steps: Iterable[Step]) -> None:
        """Queue more steps."""
        self.steps.extend(steps)

    @property
    def current(self) -> Step | None:
        """The step playing now."""
        return self.steps[0] if self.steps else None

    def busy(self) -> bool:
        """Whether anything is still to be shown."""
        return bool(self.steps)

    def advance(self, dt: float) -> tuple[list[Step], list[Step]]:
        """Move time on by ``dt``; returns (steps that started, steps that ended).

        Steps of zero duration start and end within one call, so with animations off a
        whole move passes in a single frame (its sounds still play).
        """
        started: list[Step] = []
        ended: list[Step] = []
        if self.steps and not self.started:
            self.started = True
            started.append(self.steps[0])
        self.elapsed += dt
        while self.steps and self.elapsed >= self.steps[0].duration:
            self.elapsed -= self.steps[0].duration
            ended.append(self.steps.popleft())
            self.started = False
            if self.steps:
                self.started = True
                started.append(self.steps[0])
        if not self.steps:
            self.elapsed = 0.0
        return started, ended
