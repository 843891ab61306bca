"""What a slow frame waited for: the frame thread's own CPU and the garbage collector.

Shared by the frame benchmarks (``review_speed --frames``, ``coach_frames``). A frame's
wall time is its own work (the frame thread's CPU, :func:`time.thread_time`) plus the
time it waited: for the interpreter (another thread held it, e.g. a collection of the
cyclic garbage collector, which runs with the interpreter held, in whichever thread
allocated the object that triggered it) or for a core (other processes).
:class:`GcProbe` records every collection (``gc.callbacks``) with its thread and span,
so a slow frame can be matched with the collections that overlapped it.
"""

from __future__ import annotations

import gc
import statistics
import threading
import time
from typing import NamedTuple


class Pause(NamedTuple):
    """One collection of the cyclic garbage collector."""

    start: float        #: perf_counter at its start
    seconds: float
    generation: int
    thread: str


class Frame(NamedTuple):
    """One timed frame."""

    start: float        #: perf_counter
    wall: float         #: seconds
    cpu: float          #: the frame thread's own CPU seconds


class GcProbe:
    """Records garbage collections while installed (``with GcProbe() as probe:``)."""

    def __init__(self) -> None:
        self.pauses: list[Pause] = []
        self._began: dict[int, tuple[float, int]] = {}

    def __enter__(self) -> GcProbe:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *_exc: object) -> None:
        gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        ident = threading.get_ident()
        if phase == "start":
            self._began[ident] = (time.perf_counter(), info["generation"])
            return
        began = self._began.pop(ident, None)
        if began is not None:
            self.pauses.append(Pause(began[0], time.perf_counter() - began[0], began[1],
                                     threading.current_thread().name))

    def overlapping(self, frame: Frame) -> list[Pause]:
        """The collections that overlapped ``frame``."""
        end = frame.start + frame.wall
        return [p for p in self.pauses if p.start < end and p.start + p.seconds > frame.start]

    def summary(self) -> str:
        """Counts and the longest collection per generation."""
        parts = []
        for generation in (0, 1, 2):
            spans = [p.seconds for p in self.pauses if p.generation == generation]
            if spans:
                parts.append(f"gen {generation}: {len(spans)}, longest "
                             f"{max(spans) * 1000:.1f} ms, total {sum(spans) * 1000:.0f} ms")
        return "; ".join(parts) or "none"


def report(label: str, frames: list[Frame], probe: GcProbe, limit: float = 0.050) -> None:
    """Print wall-time and frame-thread CPU figures of ``frames``, and each frame over
    ``limit`` with its own CPU and the collections that overlapped it."""
    if not frames:
        print(f"{label}: no frames")
        return
    wall = sorted(f.wall * 1000 for f in frames)
    cpu = sorted(f.cpu * 1000 for f in frames)
    slow = [f for f in frames if f.wall > limit]
    print(f"{label}: {len(frames)} frames: wall p50 {statistics.median(wall):.1f} ms, "
          f"p99 {_rank(wall, 0.99):.1f} ms, worst {wall[-1]:.1f} ms, over "
          f"{limit * 1000:.0f} ms: {len(slow)}; frame thread CPU p50 "
          f"{statistics.median(cpu):.1f} ms, p99 {_rank(cpu, 0.99):.1f} ms, "
          f"worst {cpu[-1]:.1f} ms")
    for frame in slow:
        pauses = probe.overlapping(frame)
        gcs = ", ".join(f"gen {p.generation} {p.seconds * 1000:.1f} ms on {p.thread}"
                        for p in pauses) or "no collection"
        print(f"    slow frame: wall {frame.wall * 1000:.1f} ms, own CPU "
              f"{frame.cpu * 1000:.1f} ms; {gcs}")


def _rank(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]
