"""Heavy background work in worker processes, so that the frame thread keeps its pace.

The session's background jobs (an AI seat's move, the coach's ranking, the review's
grades) run on threads, and a thread waits there for its result; but in CPython only one
thread runs Python code at a time. A thread that searches for seconds takes the
interpreter from the frame thread every few hundred microseconds (the switch interval),
so a frame's drawing took about twice its own CPU time, and the cyclic garbage collector,
which walks every object of the process with the interpreter held, walked the search's
tables in the middle of a frame. Measured with ``lab/benchmarks/review_speed.py --frames``:
up to 110 ms frames for 46-54 ms of the frame thread's own work.

So when :func:`start` has been called (the game does it when its window opens), a
background thread hands its call to a worker process of lower priority (Unix niceness) and
only waits for the answer, which leaves the interpreter to the frame thread; the worker
process has its own interpreter and its own garbage. The calls are plain functions of
picklable arguments; the results are the same as on a thread (everything is seeded by
its arguments, never by the process). Without :func:`start` (tests, tools), or whenever a
process cannot be started, the pickling fails or a worker dies, the call simply runs on
the calling thread, as before: slower frames, never a lost result. A call whose answer
nobody wants any more (the player left the puzzle it was solving) is abandoned with a
:class:`Cancel`, which ends its worker process rather than let it solve for seconds.

Workers are started with the "spawn" method (a fresh interpreter: never a fork of a
process that has threads and a window); the packaged game calls
``multiprocessing.freeze_support()`` first thing, as PyInstaller requires. :func:`stop`
ends them (the game does when it quits); they are daemonic, so they end with the game
in any case. No pygame here.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Final, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How much lower the workers' priority is (niceness added, Unix): the game's process
#: gets the core first whenever both want it.
WORKER_NICENESS: Final = 10
#: Workers at most: background jobs that can overlap (an AI's move or the coach's
#: ranking, and the review's analysis); a further call waits for a free worker.
MAX_WORKERS: Final = 2


class WorkerLost(RuntimeError):
    """The worker pool was stopped while a call was waiting for its answer."""


class Cancelled(WorkerLost):
    """The call's :class:`Cancel` was set: nobody wants its answer any more."""


class Cancel:
    """Abandons the calls made with it: once :meth:`set`, a call in a worker process ends
    that process (the pool starts another when needed) and raises :class:`Cancelled`, and
    a later call raises at once. A call running on its own thread (no pool) cannot be
    stopped midway and runs to its end."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._set = False
        self._working: set[_Worker] = set()

    def set(self) -> None:
        """Abandon every call made with this token, now and later."""
        with self._lock:  # held, so that no worker is reaped and its pid reused meanwhile
            self._set = True
            for worker in self._working:  # its thread reads EOF, reaps it, raises Cancelled
                worker.process.terminate()
            self._working.clear()

    def is_set(self) -> bool:
        """Whether the calls are abandoned."""
        with self._lock:
            return self._set

    def _attach(self, worker: _Worker) -> bool:
        """Follow ``worker`` while it answers a call; False if already abandoned."""
        with self._lock:
            if self._set:
                return False
            self._working.add(worker)
            return True

    def _detach(self, worker: _Worker) -> bool:
        """Stop following ``worker``; whether it is still alive (not ended by :meth:`set`)."""
        with self._lock:
            if worker in self._working:
                self._working.discard(worker)
                return True
            return False


def _lower_priority(pid: int | None, niceness: int) -> None:
    """Give a new worker a lower priority, from the game's side (Unix): at once, so
    that its start-up (a fresh interpreter importing the game's modules) already runs
    below the frame thread."""
    if pid is None or not niceness or not hasattr(os, "setpriority"):
        return
    with contextlib.suppress(OSError):  # not allowed here: the normal priority
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        os.setpriority(os.PRIO_PROCESS, pid, min(19, mine + niceness))


def _serve(connection: Connection) -> None:
    """A worker process's loop: call what arrives, send back the result or the error."""
    # Ctrl+C in a terminal reaches the whole process group: the game decides, not us.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            function, args = connection.recv()
        except (EOFError, OSError):  # the game closed the pipe: it is quitting
            return
        try:
            answer: tuple[bool, Any] = (True, function(*args))
        except Exception as error:  # reported to the caller, who raises it
            answer = (False, error)
        try:
            connection.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            connection.send((False, RuntimeError(f"unpicklable result: {error!r}")))


class _Worker:
    """One worker process and the game's end of its pipe."""

    def __init__(self, context: multiprocessing.context.BaseContext, niceness: int) -> None:
        ours, theirs = context.Pipe()
        self.connection = ours
        self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_serve, args=(theirs,), name="diloti-worker", daemon=True)
        self.process.start()
        theirs.close()  # only the worker holds its end: its death reads as EOF here
        _lower_priority(self.process.pid, niceness)

    def end(self) -> None:
        """End the process (a call in progress is abandoned: its thread reads EOF)."""
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout=2.0)

    def stop(self) -> None:
        """End the process and close the pipe (no thread may be reading it)."""
        self.end()
        self.connection.close()


class Pool:
    """Worker processes taken one call at a time by the threads that wait on them."""

    def __init__(self, workers: int = MAX_WORKERS, niceness: int = WORKER_NICENESS,
                 method: str = "spawn") -> None:
        self._context = multiprocessing.get_context(method)
        self._niceness = niceness
        self._limit = workers
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._changed = threading.Condition()
        self.stopped = False
        #: Calls answered by a worker process, and calls that ran on their thread instead.
        self.calls = 0
        self.fallbacks = 0
        self._broken = False

    def warm_up(self) -> None:
        """Start one worker now, so that the first call does not wait for it."""
        with self._changed:
            if not self._idle and not self._busy and not self._broken and not self.stopped:
                worker = self._new_worker()
                if worker is not None:
                    self._idle.append(worker)

    def call(self, function: Callable[..., T], *args: Any, cancel: Cancel | None = None) -> T:
        """``function(*args)`` in a worker process (this thread waits), or on this thread
        when no worker can do it; raises :class:`Cancelled` once ``cancel`` is set."""
        cancel = cancel if cancel is not None else Cancel()
        worker = self._take()
        if worker is None:
            return self._fallback(function, args, cancel)
        if not cancel._attach(worker):
            self._give_back(worker)
            raise Cancelled("abandoned before it started")
        try:
            try:
                worker.connection.send((function, args))
            except (pickle.PicklingError, TypeError, AttributeError) as error:
                # Not for a process (a test's stand-in player): this thread does it.
                log.debug("not picklable for a worker (%s): on the thread", error)
                self._settle(worker, cancel)
                return self._fallback(function, args, cancel)
            ok, value = worker.connection.recv()
        except (EOFError, OSError, ConnectionError) as error:
            cancel._detach(worker)
            self._lost(worker)
            if cancel.is_set():
                raise Cancelled("abandoned while it ran") from error
            if self.stopped:
                raise WorkerLost("the game is quitting") from error
            log.warning("a worker process ended unexpectedly (%s): on the thread", error)
            return self._fallback(function, args, cancel)
        self._settle(worker, cancel)
        self.calls += 1
        if not ok:
            raise value
        return value  # type: ignore[no-any-return]

    def stop(self) -> None:
        """End every worker; calls still waiting raise :class:`WorkerLost`."""
        with self._changed:
            self.stopped = True
            idle, busy = list(self._idle), list(self._busy)
            self._idle.clear()
            self._changed.notify_all()
        for worker in idle:
            worker.stop()
        for worker in busy:  # the thread waiting on it reads EOF and closes the pipe
            worker.end()

    def alive(self) -> int:
        """How many worker processes are running."""
        with self._changed:
            return sum(1 for w in (*self._idle, *self._busy) if w.process.is_alive())

    # -- inside ------------------------------------------------------------------------
    def _fallback(self, function: Callable[..., T], args: tuple[Any, ...],
                  cancel: Cancel) -> T:
        if cancel.is_set():
            raise Cancelled("abandoned before it started")
        self.fallbacks += 1
        return function(*args)

    def _settle(self, worker: _Worker, cancel: Cancel) -> None:
        """The call on ``worker`` is over: back to the idle ones, unless ``cancel`` ended it
        meanwhile."""
        if cancel._detach(worker):
            self._give_back(worker)
        else:
            self._lost(worker)

    def _take(self) -> _Worker | None:
        with self._changed:
            while True:
                if self.stopped or self._broken:
                    return None
                if self._idle:
                    worker = self._idle.pop()
                elif len(self._busy) < self._limit:
                    new = self._new_worker()
                    if new is None:
                        return None
                    worker = new
                else:
                    self._changed.wait()
                    continue
                self._busy.add(worker)
                return worker

    def _new_worker(self) -> _Worker | None:
        try:
            return _Worker(self._context, self._niceness)
        except Exception as error:  # no processes here (a sandbox, a frozen build gone wrong)
            log.warning("cannot start a worker process (%s): background work stays on "
                        "threads", error)
            self._broken = True
            self._changed.notify_all()
            return None

    def _give_back(self, worker: _Worker) -> None:
        with self._changed:
            self._busy.discard(worker)
            if self.stopped:
                stale = True
            else:
                self._idle.append(worker)
                stale = False
            self._changed.notify()
        if stale:
            worker.stop()

    def _lost(self, worker: _Worker) -> None:
        with self._changed:
            self._busy.discard(worker)
            self._changed.notify()
        worker.stop()


_pool: Pool | None = None
_pool_lock = threading.Lock()


def start(workers: int = MAX_WORKERS, niceness: int = WORKER_NICENESS) -> Pool:
    """Send the background work of the whole process to worker processes from now on
    (idempotent); one worker starts at once."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool.stopped:
            _pool = Pool(workers, niceness)
        pool = _pool
    pool.warm_up()
    return pool


def stop() -> None:
    """End the worker processes; background work runs on threads again."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.stop()


def call(function: Callable[..., T], *args: Any, cancel: Cancel | None = None) -> T:
    """``function(*args)``: in a worker process when :func:`start` was called, else on
    the calling thread. For background threads only (it waits for the answer). Setting
    ``cancel`` abandons it (:class:`Cancel`)."""
    pool = _pool
    if pool is None:
        if cancel is not None and cancel.is_set():
            raise Cancelled("abandoned before it started")
        return function(*args)
    return pool.call(function, *args, cancel=cancel)


def running() -> Pool | None:
    """The pool in use, if any."""
    return _pool
