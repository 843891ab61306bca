"""Helpers shared by the controller tests: waiting for a background condition, a slow
call a worker process can run, and a round played to its end."""

from __future__ import annotations

import time
from collections.abc import Callable

from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.controller import GameSession
from diloti_desktop.rules import PLAY


def until(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Poll ``condition`` (set by another thread or process) until it holds; fails the
    test after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "still waiting"
        time.sleep(0.01)


def nap(seconds: float) -> str:
    """A call that takes ``seconds`` (module level: a worker process can run it)."""
    time.sleep(seconds)
    return "slept"


def play_round(session: GameSession, human: RandomPlayer) -> None:
    """Play the round to its end: ``human`` for seat 0, the AI seats' moves awaited."""
    while session.position.phase == PLAY:
        if session.is_human_turn():
            session.submit(human.choose(session.view(0)))
        else:
            session.update()
            session.wait_for_work(30)
            session.update()
