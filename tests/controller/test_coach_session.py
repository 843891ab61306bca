"""The session's side of the coach: undo (also after a save and Continue), the tutor's
hold-back, hints as data, and the record of assistance."""

from __future__ import annotations

import json
import random

import pytest

from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.ai.coach import check
from diloti_desktop.ai.hints import HINT_SEARCH, Verdict, analyse
from diloti_desktop.ai.players import make_player
from diloti_desktop.ai.review import Decision
from diloti_desktop.ai.search import SearchConfig
from diloti_desktop.controller import (
    HUMAN,
    GameConfig,
    GameSession,
    HintReady,
    MovePlayed,
    TutorWarning,
    Undone,
)
from diloti_desktop.controller.coach import Analysis
from diloti_desktop.controller.session import restore_session, save_data
from diloti_desktop.rules import Position, Ruleset, legal_moves, seat_view
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY
from tests.ai.helpers import complete

SWEEP_TRAP = "rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40"


def drive(session: GameSession, until_human: bool = True, limit: int = 400) -> list[object]:
    """Frames until the human is to move again (or the round ends); with ``until_human``
    False, just ``limit`` frames."""
    events: list[object] = []
    for _ in range(limit):
        session.update()
        session.wait_for_work(30)
        session.coaching.wait()
        events += session.poll()
        if session.position.phase != PLAY or (until_human and session.is_human_turn()
                                              and not session.coaching.grading()):
            return events
    if not until_human:
        return events
    raise AssertionError("the session did not come back to the human")


def new_session(players: int = 2, seed: int = 7, level: str = "Intermediate") -> GameSession:
    config = GameConfig(Ruleset(players=players), (HUMAN, *(level,) * (players - 1)), seed)
    return GameSession(config, player_factory=make_player, ai_pace=0)


def play_human_moves(session: GameSession, count: int, rng: random.Random) -> list[Position]:
    """Play ``count`` human decisions; returns the position before each."""
    before = []
    for _ in range(count):
        drive(session)
        before.append(session.position)
        assert session.submit(rng.choice(list(legal_moves(session.position))))
        drive(session)
    return before


def test_undo_goes_back_over_several_decisions_exactly() -> None:
    session = new_session(players=4)
    decisions = play_human_moves(session, 4, random.Random(1))
    assert not session.assisted
    for expected in reversed(decisions):
        assert session.can_undo()
        assert session.undo()
        assert session.position == expected
        assert session.is_human_turn()
        assert any(isinstance(e, Undone) for e in session.poll())
    assert not session.can_undo() and not session.undo()
    assert session.assisted and session.coaching.assistance.undos == 4


def test_ai_replies_are_the_same_after_an_undo() -> None:
    session = new_session(players=4, seed=11)
    drive(session)
    move = next(legal_moves(session.position))
    session.submit(move)
    drive(session)
    replies = [p.move for p in session.history[1:]]
    after = session.position
    session.undo()
    session.submit(move)
    drive(session)
    assert [p.move for p in session.history[1:]] == replies
    assert session.position == after


def test_undo_works_after_a_save_and_continue() -> None:
    session = new_session(players=2, seed=5)
    decisions = play_human_moves(session, 3, random.Random(2))
    session.undo()  # counted as assistance, saved with the game
    data = json.loads(json.dumps(save_data(session)))
    restored = restore_session(data, player_factory=make_player, ai_pace=0)
    assert restored.position == session.position
    assert [p.move for p in restored.history] == [p.move for p in session.history]
    assert restored.assisted and restored.coaching.assistance.undos == 1
    assert restored.undo()
    assert restored.position == decisions[1]
    assert restored.undo()
    assert restored.position == decisions[0]
    assert not restored.can_undo()


def test_a_save_whose_history_does_not_lead_to_its_position_keeps_the_position() -> None:
    session = new_session(seed=9)
    play_human_moves(session, 2, random.Random(3))
    data = save_data(session)
    data["moves"] = list(data["moves"])[:-1]  # type: ignore[call-overload]
    restored = restore_session(data, player_factory=make_player, ai_pace=0)
    assert restored.position == session.position and restored.history == []
    assert not restored.can_undo()


def test_no_undo_once_the_round_is_over() -> None:
    config = GameConfig(Ruleset(), (HUMAN, "x"), 3)
    session = GameSession(config, player_factory=lambda level, seed: RandomPlayer(seed),
                          ai_pace=0)
    rng = random.Random(4)
    while session.position.phase == PLAY:
        drive(session)
        if session.position.phase == PLAY:
            session.submit(rng.choice(list(legal_moves(session.position))))
    assert not session.can_undo() and not session.undo()


def test_the_tutor_holds_back_a_blunder_and_lets_a_fine_move_through() -> None:
    position = complete(SWEEP_TRAP)
    config = GameConfig(position.rules, (HUMAN, "Expert"), 3)
    session = GameSession(config, position, player_factory=make_player, ai_pace=0)
    session.tutor = True
    assert session.submit(Move.parse("4H"))
    assert session.coaching.grading()
    events = drive(session)
    warnings = [e for e in events if isinstance(e, TutorWarning)]
    assert len(warnings) == 1 and session.position is position  # nothing played
    check = warnings[0].check
    assert check.warn and check.grade.verdict.value == "blunder"
    assert check.grade.best == Move.parse("7S") and check.reason.why.value == "sweep_risk"
    session.coaching.take_back()
    assert session.position is position and session.coaching.assistance.takebacks == 1
    # A fine move goes straight through once graded.
    assert session.submit(Move.parse("7S"))
    events = drive(session, until_human=False, limit=5)
    assert any(isinstance(e, MovePlayed) and e.move == Move.parse("7S") for e in events)
    assert not any(isinstance(e, TutorWarning) for e in events)


def test_play_anyway_plays_the_move_as_it_was() -> None:
    position = complete(SWEEP_TRAP)
    session = GameSession(GameConfig(position.rules, (HUMAN, "Expert"), 3), position,
                          player_factory=make_player, ai_pace=0)
    session.tutor = True
    session.submit(Move.parse("4H"))
    drive(session)
    assert session.submit(Move.parse("4H"), checked=True)
    assert session.history[-1].move == Move.parse("4H")
    assert not session.assisted  # deciding alone is not assistance


def test_a_hint_is_data_and_its_levels_are_counted() -> None:
    position = complete(SWEEP_TRAP)
    session = GameSession(GameConfig(position.rules, (HUMAN, "Expert"), 3), position,
                          player_factory=make_player, ai_pace=0)
    session.request_hint()
    events = drive(session, limit=200)
    for _ in range(200):
        if any(isinstance(e, HintReady) for e in events):
            break
        events += drive(session)
    ready = next(e for e in events if isinstance(e, HintReady))
    assert ready.advice.best.move == Move.parse("7S")
    assert ready.hints[0] is ready.advice.best
    session.coaching.note_hint_level(1)
    session.coaching.note_hint_level(3)
    assert session.coaching.assistance.hint_levels == [1, 0, 1] and session.assisted
    assert save_data(session)["assist"] == {"hint_levels": [1, 0, 1], "undos": 0,
                                          "takebacks": 0, "tutor_warnings": 0}


def test_the_hint_analysis_searches_with_the_budget_it_is_given() -> None:
    position = complete("rules=2p dealer=1 turn=0 hands=4H7S9C/7DKH2S loose=3C5D played=4")
    view = seat_view(position, 0)
    assert Analysis(position, view).search == HINT_SEARCH
    small = SearchConfig(ply_budget=40, min_samples=1, max_samples=2)
    results = Analysis(position, view, search=small).results()
    assert results == analyse(view, small)
    assert all(r.samples <= 2 for r in results)
    assert results != analyse(view)  # the real budget takes more samples



# -- one verdict: the review reads the ranking the hint and the tutor computed ----------
LIVE_HINTS = SearchConfig(ply_budget=200, min_samples=2, max_samples=3, solve_nodes=1_000)
REGRADE = SearchConfig(ply_budget=400, min_samples=3, max_samples=5, solve_nodes=2_000)


def verdict_session(monkeypatch: pytest.MonkeyPatch, seed: int) -> GameSession:
    monkeypatch.setattr(Analysis, "search", LIVE_HINTS)
    session = new_session(players=2, seed=seed, level="Novice")
    session.tutor = True
    session.round_grades.config = REGRADE  # a regrade would price the moves differently
    return session


def play_round_with_hints(session: GameSession, rng: random.Random,
                          ) -> tuple[dict[int, Move], dict[int, float]]:
    """Play the human's moves of a round: the hinted move or a random one (played
    anyway when the tutor warns). Returns the hinted moves and the tutor's losses of the
    others, by move index."""
    hinted: dict[int, Move] = {}
    tutor_losses: dict[int, float] = {}
    while True:
        drive(session)
        if session.position.phase != PLAY:
            return hinted, tutor_losses
        ply, position = len(session.history), session.position
        if rng.random() < 0.5:
            session.request_hint()
            session.coaching.wait()
            session.update()
            ready = [e for e in session.poll() if isinstance(e, HintReady)]
            assert ready and ready[0].advice is not None
            move = hinted[ply] = ready[0].advice.best.move
        else:
            move = rng.choice(list(legal_moves(position)))
            view = seat_view(position, position.turn)
            tutor_losses[ply] = check(view, move, analyse(view, LIVE_HINTS)).grade.loss
        play_anyway(session, move)


def play_anyway(session: GameSession, move: Move) -> None:
    """Submit the human's move, played anyway when the tutor warns."""
    ply = len(session.history)
    assert session.submit(move)
    for _ in range(50):
        events = drive(session, until_human=False, limit=1)
        if any(isinstance(e, TutorWarning) for e in events):
            assert session.submit(move, checked=True)
        if len(session.history) > ply:
            return
    raise AssertionError("the move was not played")


def wait_for_grades(session: GameSession) -> dict[int, Decision]:
    session.request_analysis(1)
    play = session.played_round(1)
    assert play is not None
    # The live verdicts (built from the hint's and the tutor's ranking), then the worker:
    # each waited for by its own end, however slow the machine.
    session.wait_for_work(600)
    session.round_grades.wait(600)
    session.update()
    done, total = session.round_grades.progress(play, session.human_seats())
    assert done == total and not session.round_grades.busy(), "the review did not finish"
    return session.round_grades.grades(1)


def test_the_review_grades_a_hinted_move_best_and_prices_moves_as_the_tutor(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = verdict_session(monkeypatch, seed=5)
    hinted, tutor_losses = play_round_with_hints(session, random.Random(3))
    session.wait_for_work(30)
    grades = wait_for_grades(session)
    assert hinted and tutor_losses
    for ply, move in hinted.items():
        assert grades[ply].move == move and grades[ply].verdict == Verdict.BEST, ply
    for ply, loss in tutor_losses.items():
        assert grades[ply].loss == loss, ply
    assert session.round_grades.graded == 0  # nothing graded twice


def test_live_grades_follow_undo_and_the_save(monkeypatch: pytest.MonkeyPatch) -> None:
    session = verdict_session(monkeypatch, seed=8)
    rng = random.Random(4)
    for _ in range(3):
        drive(session)
        play_anyway(session, rng.choice(list(legal_moves(session.position))))
    session.wait_for_work(30)
    plies = set(session.current_play().plies_of(frozenset({0})))
    graded = session.round_grades.grades(1)
    assert plies and set(graded) <= plies and len(graded) >= 2
    restored = restore_session(json.loads(json.dumps(save_data(session))),
                               player_factory=make_player, ai_pace=0)
    assert restored.round_grades.grades(1) == graded  # the round in play keeps them
    last = max(plies)
    assert session.undo()
    assert last not in session.round_grades.grades(1)
    assert set(session.round_grades.grades(1)) == set(graded) - {last}
