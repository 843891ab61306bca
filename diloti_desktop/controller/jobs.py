"""Work on a background thread: the session's one mechanism for anything that may be slow.

:func:`start` runs a function on a daemon thread (so closing the window mid-thought never
hangs) and returns a :class:`Job` the frame thread polls without blocking: ``done`` is
set once the work has a result or an error. A job remembers the position it was started
for, so a result that arrives after the game moved on is recognised and dropped. The
result is typed: the session's jobs carry the AI's own result types to the events. No
pygame here.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from typing import Generic, Protocol, TypeVar

from diloti_desktop.rules.position import Position

T = TypeVar("T")


class Pending(Protocol):
    """Any job, whatever its result (what waiting for work needs)."""

    @property
    def done(self) -> threading.Event:
        """Set once the work has finished."""
        ...


class Job(Generic[T]):
    """Work running on a background thread; read :meth:`result` once ``done`` is set."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.done = threading.Event()
        self.error: BaseException | None = None
        # A one-item tuple, so that a result that is itself None is told from no result.
        self._outcome: tuple[T] | None = None

    def result(self) -> T:
        """What the work returned; raises its error, or RuntimeError while it runs."""
        if self.error is not None:
            raise self.error
        if self._outcome is None:
            raise RuntimeError("the background work has not finished")
        return self._outcome[0]

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self._outcome = (work(),)
        except BaseException as error:  # reported on the frame thread by whoever polls
            self.error = error
        finally:
            self.done.set()


def start(position: Position, work: Callable[[], T]) -> Job[T]:
    """Run ``work`` on a new daemon thread, for ``position``."""
    job: Job[T] = Job(position)
    threading.Thread(target=job._run, args=(work,), name="diloti-worker",
                     daemon=True).start()
    return job


def wait_all(jobs: Iterable[Pending | None], timeout: float) -> bool:
    """Block until the unfinished ``jobs`` are done (for tests and tools that must not
    guess how long a slow machine takes). Returns whether any was unfinished; raises
    TimeoutError if one still runs after ``timeout`` seconds."""
    pending = [job for job in jobs if job is not None and not job.done.is_set()]
    end = time.monotonic() + timeout
    for job in pending:
        if not job.done.wait(max(0.0, end - time.monotonic())):
            raise TimeoutError(f"background work still running after {timeout} s")
    return bool(pending)


__all__ = ["Job", "Pending", "start", "wait_all"]
