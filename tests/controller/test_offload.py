"""Background work in worker processes (controller/offload.py): the same answers as on a
thread, the fallbacks to the thread, clean stops, and the session's jobs going through it."""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Iterator

import pytest

from diloti_desktop.ai.base import Player, RandomPlayer
from diloti_desktop.ai.players import SEARCH, SearchPlayer
from diloti_desktop.ai.review import grade_decision
from diloti_desktop.ai.search import SearchConfig, grows_tree
from diloti_desktop.controller import HUMAN, GameConfig, GameSession, offload
from diloti_desktop.controller.coach import Analysis
from diloti_desktop.rules import Ruleset, new_match, play_unchecked, seat_view
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import SeatView
from tests.controller.helpers import nap, play_round, until

CHEAP = SearchConfig(ply_budget=300, min_samples=2, max_samples=4, solve_nodes=2_000)
#: A level's kind of search on a small budget: the tests compare a worker's answers with
#: the thread's, which the budget's size does not change.
SMALL = {"Expert": SEARCH["Expert"]._replace(ply_budget=600, max_samples=8, solve_nodes=2_000),
         "Master": SEARCH["Master"]._replace(ply_budget=2_000, max_samples=20,
                                             solve_nodes=4_000, tree_plies=2_000,
                                             tree_samples=100)}


def small_player(level: str, seed: int) -> SearchPlayer:
    """A searching level as :func:`make_player` builds it, on the :data:`SMALL` budget."""
    return SearchPlayer(level, SMALL[level], seed, win_probability=level == "Master")


def _pid() -> int:
    return os.getpid()


def _niceness() -> int:
    return os.nice(0)


def _fail(message: str) -> None:
    raise ValueError(message)


def _die_unless_in(pid: int) -> str:
    """Ends a worker process abruptly; on the test's own thread, answers."""
    if os.getpid() != pid:
        os._exit(3)
    return "on the thread"


@pytest.fixture
def pool() -> Iterator[offload.Pool]:
    made = offload.Pool(workers=2)
    yield made
    made.stop()


def test_a_call_runs_in_a_worker_process_of_lower_priority(pool: offload.Pool) -> None:
    assert pool.call(_pid) != os.getpid()
    if hasattr(os, "nice"):
        assert pool.call(_niceness) >= min(19, os.nice(0) + offload.WORKER_NICENESS)
    assert pool.calls == 2 and pool.fallbacks == 0


@pytest.mark.slow
def test_grades_from_a_worker_are_the_grades_of_the_thread(pool: offload.Pool) -> None:
    position, _events = new_match(Ruleset(), random.Random(3))
    rng = random.Random(4)
    for _ in range(30):  # into the round, where the hidden cards matter
        position = play_unchecked(position, rng.choice(candidate_moves(position)))
    view = seat_view(position, position.turn)
    move = candidate_moves(position)[0]
    here = grade_decision(view, move, 30, CHEAP)
    there = pool.call(grade_decision, view, move, 30, CHEAP)
    assert there == here
    master = small_player("Master", 9)
    assert master.config.tree and grows_tree(view, master.config)  # the tree's search
    assert pool.call(master.choose, view) == master.choose(view)


def test_an_error_in_the_worker_is_raised_to_the_caller(pool: offload.Pool) -> None:
    with pytest.raises(ValueError, match="no such card"):
        pool.call(_fail, "no such card")
    assert pool.call(_pid) != os.getpid()  # the worker serves on


def test_what_cannot_be_pickled_runs_on_the_thread(pool: offload.Pool) -> None:
    assert pool.call(lambda a, b: a + b, 2, 3) == 5
    assert pool.fallbacks == 1 and pool.calls == 0


@pytest.mark.slow
def test_a_worker_that_dies_leaves_the_call_to_the_thread(
        pool: offload.Pool, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        assert pool.call(_die_unless_in, os.getpid()) == "on the thread"
    assert "ended unexpectedly" in caplog.text
    assert pool.call(_pid) != os.getpid()  # a new worker takes over


def test_no_process_means_the_thread(monkeypatch: pytest.MonkeyPatch,
                                     caplog: pytest.LogCaptureFixture) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError("no processes here")

    made = offload.Pool()
    monkeypatch.setattr(made._context, "Process", refuse)
    with caplog.at_level(logging.WARNING):
        assert made.call(_pid) == os.getpid()
        assert made.call(_pid) == os.getpid()  # not tried again and again
    assert "cannot start a worker process" in caplog.text
    assert made.fallbacks == 2
    made.stop()


def test_stop_ends_the_workers_and_frees_a_waiting_call() -> None:
    made = offload.Pool(workers=1)
    made.warm_up()
    assert made.alive() == 1
    outcome: list[object] = []

    def wait() -> None:
        try:
            outcome.append(made.call(nap, 30))
        except offload.WorkerLost as error:
            outcome.append(error)

    waiting = threading.Thread(target=wait)
    waiting.start()
    time.sleep(0.5)
    began = time.monotonic()
    made.stop()
    waiting.join(10)
    assert not waiting.is_alive() and time.monotonic() - began < 5
    assert isinstance(outcome[0], offload.WorkerLost)
    assert made.alive() == 0
    assert not [c for c in multiprocessing.active_children() if c.name == "diloti-worker"]
    assert made.call(_pid) == os.getpid()  # after a stop: on the thread


def test_a_cancelled_call_ends_its_worker_and_the_pool_serves_on() -> None:
    made = offload.Pool(workers=1)
    cancel = offload.Cancel()
    outcome: list[object] = []

    def wait() -> None:
        try:
            outcome.append(made.call(nap, 30, cancel=cancel))
        except offload.WorkerLost as error:
            outcome.append(error)

    waiting = threading.Thread(target=wait)
    waiting.start()
    until(lambda: bool(cancel._working))  # the worker has the call
    (busy,) = cancel._working
    cancel.set()
    waiting.join(10)
    assert not waiting.is_alive()
    assert isinstance(outcome[0], offload.Cancelled)
    assert not busy.process.is_alive() and made.alive() == 0
    assert made.fallbacks == 0  # abandoned, not run again on the thread
    with pytest.raises(offload.Cancelled):
        made.call(_pid, cancel=cancel)  # a later call with it does not start
    assert made.call(_pid) != os.getpid()  # a new worker for the other calls
    assert made.calls == 1 and made.fallbacks == 0
    made.stop()


def test_cancelling_after_the_answer_changes_nothing(pool: offload.Pool) -> None:
    cancel = offload.Cancel()
    first = pool.call(_pid, cancel=cancel)
    cancel.set()
    assert pool.call(_pid) == first  # the same worker, alive and idle
    assert pool.alive() == 1


def test_without_a_pool_a_cancelled_call_does_not_start() -> None:
    assert offload.running() is None
    cancel = offload.Cancel()
    assert offload.call(_pid, cancel=cancel) == os.getpid()
    cancel.set()
    with pytest.raises(offload.Cancelled):
        offload.call(_fail, "never called", cancel=cancel)


class _Sleeper(RandomPlayer):
    """An AI seat that thinks for a minute (picklable: it goes to a worker process)."""

    def choose(self, view: SeatView) -> Move:
        time.sleep(60)
        return super().choose(view)


def _sleepers(level: str, seed: int) -> Player:
    return _Sleeper(seed)


#: The hint's ranking on a budget that takes minutes.
ENDLESS = SearchConfig(ply_budget=50_000_000, min_samples=10_000, max_samples=10_000,
                       solve_nodes=50_000_000)


def test_closing_a_match_ends_the_work_its_workers_were_doing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A player who leaves a match while an AI seat thinks, or while the hint searches,
    gets the worker processes back at once instead of after the search."""
    pool = offload.start(workers=2)
    try:
        ai_turn = Position.parse("rules=2p hands=6S9C/KC2S loose=6D2C4H9S played=1 turn=1")
        session = GameSession(GameConfig(ai_turn.rules, (HUMAN, "Random"), 0), ai_turn,
                              player_factory=_sleepers, ai_pace=0.0)
        session.update()  # the AI seat's search starts
        until(lambda: pool.alive() == 1 and bool(pool._busy))
        session.close()
        until(lambda: pool.alive() == 0)  # ended, not slept out

        monkeypatch.setattr(Analysis, "search", ENDLESS)
        position, _events = new_match(Ruleset(), random.Random(3))
        seats = tuple(HUMAN if seat == position.turn else "Random" for seat in range(2))
        session = GameSession(GameConfig(position.rules, seats, 0), position,
                              player_factory=_sleepers, ai_pace=0.0)
        assert session.is_human_turn()
        session.request_hint()
        until(lambda: pool.alive() == 1 and bool(pool._busy))
        session.close()
        until(lambda: pool.alive() == 0)

        session = GameSession(GameConfig(Ruleset(), (HUMAN, "Random"), 5),
                              player_factory=lambda level, seed: RandomPlayer(seed),
                              ai_pace=0.0)
        play_round(session, RandomPlayer(5))
        session.round_grades.config = ENDLESS
        session.request_analysis(1)  # the review's grading of the round starts
        until(lambda: bool(pool._busy))
        grading = {worker.process for worker in pool._busy}
        session.close()
        until(lambda: not any(process.is_alive() for process in grading))
        assert pool.fallbacks == 0  # nothing was run again on a thread
    finally:
        offload.stop()


@pytest.mark.slow
def test_the_session_s_jobs_go_to_the_workers_and_match_the_thread() -> None:
    """An AI seat's moves and the review's grades, through the worker processes, are the
    moves and grades computed on threads (everything is seeded by its arguments)."""
    def play(workers: bool) -> tuple[list[object], list[object]]:
        if workers:
            offload.start(workers=2)
        try:
            config = GameConfig(Ruleset(), (HUMAN, "Expert"), 21)
            session = GameSession(config, ai_pace=0, player_factory=small_player)
            session.round_grades.config = CHEAP
            play_round(session, RandomPlayer(5))
            session.request_analysis(1)
            session.round_grades.wait(600)
            grades = session.round_grades.grades(1)
            session.close()
            if workers:
                pool = offload.running()
                assert pool is not None and pool.calls >= 48 and pool.fallbacks == 0
            return [p.move for p in session.history], [grades[k] for k in sorted(grades)]
        finally:
            offload.stop()

    assert play(workers=True) == play(workers=False)


@pytest.mark.slow
def test_the_coach_s_ranking_comes_from_a_worker_and_matches_the_thread() -> None:
    from diloti_desktop.controller.coach import Analysis

    position, _events = new_match(Ruleset(), random.Random(8))
    view = seat_view(position, position.turn)
    here = Analysis(position, view).results()
    pool = offload.start(workers=1)
    try:
        there = Analysis(position, view).results()
        assert pool.calls == 1 and pool.fallbacks == 0
    finally:
        offload.stop()
    assert there == here
