"""Round records, their export through the rules CLI, and the background round analysis."""

from __future__ import annotations

import copy
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from diloti_desktop.ai import review
from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.ai.hints import Verdict
from diloti_desktop.ai.search import SearchConfig
from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.controller.record import (
    PlayedRound,
    export_text,
    grade_note,
    import_text,
    parse_grade_note,
)
from diloti_desktop.controller.session import restore_session, save_data
from diloti_desktop.rules import Move, Position, Ruleset, seat_view
from diloti_desktop.rules.__main__ import main as rules_cli
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.position import PLAY, ROUND_OVER

CHEAP = SearchConfig(ply_budget=300, min_samples=2, max_samples=4, solve_nodes=2_000)


def random_players(level: str, seed: int) -> RandomPlayer:
    return RandomPlayer(seed)


def play_round(session: GameSession, seed: int = 1) -> None:
    """The human plays random legal moves until the round is over."""
    rng = random.Random(seed)
    while session.position.phase == PLAY:
        if session.is_human_turn():
            assert session.submit(rng.choice(candidate_moves(session.position)))
        else:
            session.update()
            session.wait_for_work(30)
            session.update()


def wait_for_analysis(session: GameSession, round_no: int) -> None:
    record = session.played_round(round_no)
    assert record is not None
    session.round_grades.wait(600)  # by the grading's own end, however slow the machine
    assert session.round_grades.progress(record, session.human_seats())[0] == len(
        record.plies_of(session.human_seats())), "the analysis stopped early"


@pytest.fixture
def sessions() -> Iterator[list[GameSession]]:
    """Sessions made by a test, closed after it (which stops their analysis)."""
    made: list[GameSession] = []
    yield made
    for session in made:
        session.close()


def new_session(made: list[GameSession], seed: int = 5, players: int = 2,
                finish: bool = True) -> GameSession:
    """A session with a cheap analysis (the real one is the benchmark's business) whose
    human plays random moves; with ``finish``, the first round is played and graded."""
    seats = (HUMAN, "Novice") if players == 2 else (HUMAN, "Novice", "Novice", "Novice")
    session = GameSession(GameConfig(Ruleset(players=players), seats, seed),
                          player_factory=random_players, ai_pace=0)
    session.round_grades.config = CHEAP
    made.append(session)
    if finish:
        play_round(session, seed)
        session.request_analysis(1)
        wait_for_analysis(session, 1)
    return session


def test_the_session_records_each_round_and_grades_the_human_in_the_background(
        sessions: list[GameSession]) -> None:
    session = new_session(sessions, finish=False)
    start = session.position
    play_round(session)
    assert session.position.phase == ROUND_OVER
    assert session.round_grades.grades(1) == {}  # the summary asks for the analysis
    session.request_analysis(1)
    record = session.played_round(1)
    assert record is not None and record.start == start and len(record.moves) == 48
    assert [m for _s, m in record.moves] == [p.move for p in session.history]
    assert record.positions()[-1] == session.position  # the replay reaches the real round
    assert [p.before for p in session.history] == record.positions()[:-1]
    wait_for_analysis(session, 1)
    grades = session.round_grades.grades(1)
    assert sorted(grades) == record.plies_of({0}) and len(grades) == 24
    assert all(g.seat == 0 and g.move == record.moves[g.ply][1] for g in grades.values())
    session.request_analysis(1, frozenset({1}))  # "how did North play?"
    session.round_grades.wait(600)
    assert len(session.round_grades.grades(1)) == 48
    assert session.round_grades.graded == 48  # each move graded once
    session.continue_after_round()
    assert session.current_play() == PlayedRound(session.position)


def test_the_analysis_never_blocks_the_caller(monkeypatch: pytest.MonkeyPatch,
                                              sessions: list[GameSession]) -> None:
    release = threading.Event()
    real = review.grade_decision

    def slow(view, move, ply=0, config=CHEAP):  # type: ignore[no-untyped-def]
        release.wait(10)
        return real(view, move, ply, CHEAP)

    monkeypatch.setattr(review, "grade_decision", slow)
    session = new_session(sessions, seed=6, finish=False)
    play_round(session)
    began = time.monotonic()
    session.request_analysis(1)  # grading starts and waits on the event
    record = session.played_round(1)
    assert record is not None
    assert session.round_grades.busy() and session.round_grades.progress(record, {0}) == (0, 24)
    assert time.monotonic() - began < 5
    release.set()
    wait_for_analysis(session, 1)


def test_records_and_grades_survive_a_save_without_recomputing(
        sessions: list[GameSession]) -> None:
    session = new_session(sessions, seed=7)
    saved = save_data(session)
    restored = restore_session(saved, player_factory=random_players)
    sessions.append(restored)
    assert restored.played_round(1) == session.played_round(1)
    assert restored.round_grades.grades(1) == session.round_grades.grades(1)
    restored.request_analysis(1)
    assert not restored.round_grades.busy() and restored.round_grades.graded == 0
    # Mid-round saves keep the round so far.
    restored.continue_after_round()
    for _ in range(3):
        if restored.is_human_turn():
            restored.submit(candidate_moves(restored.position)[0])
        else:
            restored.update()
            restored.wait_for_work(30)
            restored.update()
    again = restore_session(save_data(restored), player_factory=random_players)
    assert again.current_play() == restored.current_play() and again.current_play().moves
    assert again.played_round(1) == session.played_round(1)


#: A graded round's save, the position it holds and its round record.
GradedSave = tuple[dict[str, Any], Position, PlayedRound]


@pytest.fixture(scope="module")
def graded_save() -> GradedSave:
    """One session's first round played and graded, as its save (each damage test damages
    its own copy): playing and grading it again for each damage checked nothing more."""
    made: list[GameSession] = []
    session = new_session(made, seed=8)
    try:
        play = session.played_round(1)
        assert play is not None
        return save_data(session), session.position, play
    finally:
        session.close()


@pytest.mark.parametrize("damage", [
    {"plays": "nonsense"}, {"plays": [{"start": "x", "moves": []}]},
    {"plays": [{"start": "hands=9H/-", "moves": ["s0 9H", "s0 9H"]}]},
    {"analysis": {"version": 1, "rounds": {"1": [{"ply": "x"}]}}},
    {"analysis": {"version": 0, "rounds": {}}}, {"analysis": "nonsense"},
])
def test_a_damaged_record_or_cache_loses_only_itself(sessions: list[GameSession],
                                                     graded_save: GradedSave,
                                                     damage: dict[str, object]) -> None:
    saved, position, play = graded_save
    restored = restore_session({**copy.deepcopy(saved), **damage},
                               player_factory=random_players)
    sessions.append(restored)
    assert restored.position == position
    if "plays" in damage:
        assert restored.played_round(1) is None
    else:
        assert restored.played_round(1) == play
        assert restored.round_grades.grades(1) == {}


def test_the_export_round_trips_through_the_rules_cli(sessions: list[GameSession],
                                                      tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    session = new_session(sessions, seed=9, players=4)
    record = session.played_round(1)
    assert record is not None
    grades = session.round_grades.grades(1)
    text = export_text(record, session.config, grades)
    assert "seat 0: You (human)" in text and "python -m diloti_desktop.rules replay" in text
    path = tmp_path / "round.txt"
    path.write_text(text, encoding="utf-8")
    assert rules_cli(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2] == session.position.notation()
    assert out[-1] == "replayed 48 moves (matches its end line)"
    back, notes = import_text(text)
    assert back == record
    assert sorted(notes) == sorted(grades)
    for ply, note in notes.items():
        decision = grades[ply]
        expected = "forced" if decision.forced else decision.verdict.value
        assert note.verdict == expected and note.loss == pytest.approx(decision.loss, abs=0.01)
        assert note.better == (None if decision.was_best else decision.best)


def test_grade_notes() -> None:
    assert parse_grade_note("mistake 2.30 6S x 6D 2C 4H") == (
        "mistake", 2.3, Move.parse("6S x 6D 2C 4H"))
    assert parse_grade_note("best 0.00") == ("best", 0.0, None)
    for text in ("", "superb 1.0", "mistake lots", "mistake 1.0 ZZ"):
        assert parse_grade_note(text) is None
    assert Verdict.BLUNDER.value == "blunder"
    decision = review.grade_decision(seat_view(review_position(), 0), Move.parse("4H"))
    assert grade_note(decision).startswith("blunder 10.00 7S")


def review_position():  # type: ignore[no-untyped-def]
    from tests.ai.helpers import complete

    return complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40")


def test_the_analysis_stops_when_the_session_closes(sessions: list[GameSession]) -> None:
    session = new_session(sessions, seed=10, finish=False)
    play_round(session)
    session.request_analysis(1)
    session.close()
    session.round_grades.wait(30)  # by the worker's own end; TimeoutError if it runs on
    assert not session.round_grades.busy()
    assert session.round_grades.graded < 24
    session.request_analysis(1)
    assert not session.round_grades.busy()



def test_quitting_during_the_grading_ends_it_quietly(monkeypatch: pytest.MonkeyPatch,
                                                     caplog: pytest.LogCaptureFixture,
                                                     sessions: list[GameSession]) -> None:
    """The game quits while the review grades: the worker pool is stopped under the
    waiting call (offload.WorkerLost). No ERROR, no traceback: the grading just ends."""
    from diloti_desktop.controller import offload

    def pool_stopped(function, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise offload.WorkerLost("the game is quitting")

    session = new_session(sessions, seed=11, finish=False)
    play_round(session)
    monkeypatch.setattr(offload, "call", pool_stopped)
    with caplog.at_level("INFO"):
        session.request_analysis(1)
        session.round_grades.wait(30)  # by the worker's own end; TimeoutError if it runs on
    assert not session.round_grades.busy()
    assert session.round_grades.graded == 0 and session.round_grades.failures == 0
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL") or r.exc_info]
    assert any("quitting" in r.getMessage() for r in caplog.records)
