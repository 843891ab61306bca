"""The game session: turns, AI scheduling off the caller's thread, refusals, saving."""

import threading

import pytest

from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.controller import (
    HUMAN,
    AIThinking,
    GameConfig,
    GameSession,
    MovePlayed,
    MoveRejected,
    RoundBegan,
    RoundOver,
    coach,
)
from diloti_desktop.controller.narration import describe_turn
from diloti_desktop.controller.session import restore_session, save_data
from diloti_desktop.rules import Move, Position, Ruleset, apply, legal_moves, parse_cards
from diloti_desktop.rules.cards import FULL_DECK
from diloti_desktop.rules.position import MATCH_OVER, PLAY, ROUND_OVER


def random_players(level: str, seed: int) -> RandomPlayer:
    return RandomPlayer(seed)


def run_ai(session: GameSession, limit: int = 5000) -> list[object]:
    """Drive update() like a frame loop until the match ends; returns every event."""
    events: list[object] = []
    for _ in range(limit):
        session.update()
        session.wait_for_work(30)
        events += session.poll()
        if session.position.phase == ROUND_OVER:
            session.continue_after_round()
        elif session.position.phase == MATCH_OVER:
            return events
    raise AssertionError("the match did not end")


def test_an_ai_only_match_plays_to_the_end():
    config = GameConfig(Ruleset(players=4), ("novice",) * 4, seed=3)
    session = GameSession(config, player_factory=random_players, ai_pace=0)
    events = run_ai(session)
    assert isinstance(events[0], RoundBegan)
    rounds = [e for e in events if isinstance(e, RoundOver)]
    assert rounds and rounds[-1].winner in (0, 1)
    assert max(rounds[-1].scores) >= 61
    played = [e for e in events if isinstance(e, MovePlayed)]
    assert all(isinstance(e, AIThinking) for e in events if not isinstance(
        e, MovePlayed | RoundBegan | RoundOver))
    assert len(played) == 48 * len(rounds)
    assert all(p.account for p in played)


def test_same_seed_same_match():
    def moves(seed: int) -> list[str]:
        session = GameSession(GameConfig(Ruleset(), ("a", "b"), seed),
                              player_factory=random_players, ai_pace=0)
        return [e.move.notation() for e in run_ai(session) if isinstance(e, MovePlayed)]

    first = moves(5)
    assert moves(5) == first
    assert moves(6) != first


def test_the_ai_thinks_off_the_calling_thread():
    # The AI player blocks until the test releases it: if update() or close() waited for
    # the player, this test would hang instead of passing (no wall-clock bound needed).
    release = threading.Event()

    class BlockedPlayer(RandomPlayer):
        def choose(self, view):  # type: ignore[no-untyped-def]
            release.wait(10)
            return super().choose(view)

    session = GameSession(GameConfig(Ruleset(), ("slow", "slow"), 1),
                          player_factory=lambda level, seed: BlockedPlayer(seed), ai_pace=0)
    session.update()  # starts the thinking
    session.update()  # returns at once: the move is not ready
    assert any(isinstance(e, AIThinking) for e in session.poll())  # it thinks
    assert len(session.history) == 0
    session.close()  # closing mid-thought returns at once too
    release.set()


def _human_game(position: str) -> GameSession:
    config = GameConfig(Ruleset(), (HUMAN, "novice"), seed=1)
    return GameSession(config, Position.parse(position), player_factory=random_players,
                       ai_pace=0)


def test_an_illegal_human_move_is_refused_with_the_reason_and_changes_nothing():
    session = _human_game("hands=7HTC/KC2S loose=2D piles=P8@0:3D5S played=1")
    before = session.position
    assert not session.submit(Move.parse("7H"))
    assert session.position is before
    assert session.poll() == [MoveRejected(
        "you own the plain 8, so you cannot lay 7♥; you may capture anywhere, or take your "
        "pile")]


def test_gestures_and_submission():
    session = _human_game("hands=4C8C/KC2S loose=4S4H played=1")
    four = int(Move.parse("4C").card)
    options = session.moves_for_gesture(four, parse_cards("4S"))
    assert {m.notation() for m in options} == {"4C x 4S", "4C =8 4S"}
    assert session.submit(options[0])
    played = session.poll()
    assert isinstance(played[0], MovePlayed) and played[0].account == "You played 4♣ and took 4♠"
    assert not session.is_human_turn()
    assert session.moves_for_gesture(four) == []
    assert session.poll() == [MoveRejected("wait for your turn")]


def test_save_and_restore():
    session = GameSession(GameConfig(Ruleset.parse("2p,t101"), (HUMAN, "expert"), 9),
                          player_factory=random_players)
    saved = save_data(session)
    restored = restore_session(saved, player_factory=random_players)
    assert restored.position == session.position
    assert restored.config == session.config


@pytest.mark.parametrize("bad", [
    {}, {"format": 1}, {"format": 1, "config": {}, "position": "x"},
    {"format": 1, "config": {"rules": "2p", "seats": ["human", "casual"], "seed": 1},
     "position": "hands=ZZ/-"},
    {"format": 1, "config": {"rules": "4p", "seats": ["human", "casual"], "seed": 1},
     "position": "hands=-/-"},
    {"format": 1, "config": {"rules": "2p", "seats": ["human", "casual"], "seed": 1},
     "position": "rules=4p hands=-/-/-/-"},
])
def test_a_bad_save_raises_value_error(bad):
    with pytest.raises(ValueError):
        restore_session(bad, player_factory=random_players)


def test_rounds_continue_and_scores_carry():
    config = GameConfig(Ruleset(), ("a", "b"), 2)
    session = GameSession(config, player_factory=random_players, ai_pace=0)
    while session.position.phase == PLAY:
        session.update()
        session.wait_for_work(30)
    round_over = [e for e in session.poll() if isinstance(e, RoundOver)]
    assert len(round_over) == 1 and session.last_round == round_over[0]
    assert session.position.phase == ROUND_OVER
    total = 0
    for mask in session.position.accounted_cards():
        total |= mask
    assert total == FULL_DECK
    assert session.continue_after_round()
    assert session.position.round_no == 2 and session.position.scores == round_over[0].scores
    assert not session.continue_after_round()


def test_narration_of_a_sweep():
    p = Position.parse("rules=4p hands=KC/KD/KH/9H turn=3 loose=5S3DAH played=8")
    _, events = apply(p, next(m for m in legal_moves(p) if m.notation() == "9H x AH 3D 5S"))
    assert describe_turn(events, 4) == "West played 9♥ and took A♥ 3♦ 5♠ — XERI!"


def test_pace_spaces_out_ai_moves():
    now = [0.0]
    session = GameSession(GameConfig(Ruleset(), ("a", "b"), 4), player_factory=random_players,
                          ai_pace=1.0, clock=lambda: now[0])
    for _ in range(3):
        session.update()
        session.wait_for_work(30)
        session.update()
    first = len(session.history)
    for _ in range(3):
        session.update()
        session.wait_for_work(30)
        session.update()
    assert len(session.history) == first  # the clock did not move: no second move yet
    now[0] = 5.0
    session.update()
    assert len(session.history) == first + 1


def test_round_began_carries_the_first_position():
    session = GameSession(GameConfig(Ruleset(), ("a", "b"), 4), player_factory=random_players)
    began = session.poll()[0]
    assert isinstance(began, RoundBegan) and began.position is session.position


def test_the_round_result_is_rebuilt_after_a_restore_between_rounds():
    config = GameConfig(Ruleset(), ("a", "b"), 2)
    session = GameSession(config, player_factory=random_players, ai_pace=0)
    assert session.round_result() is None
    while session.position.phase == PLAY:
        session.update()
        session.wait_for_work(30)
    live = session.round_result()
    assert live is not None and live == session.last_round
    restored = restore_session(save_data(session), player_factory=random_players)
    rebuilt = restored.round_result()
    assert rebuilt is not None
    assert (rebuilt.round_no, rebuilt.breakdown, rebuilt.scores, rebuilt.winner) == (
        live.round_no, live.breakdown, live.scores, live.winner)


def test_a_failing_hint_is_reported_not_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    def analyse(view: object, config: object) -> list[object]:
        raise RuntimeError("no hints today")

    monkeypatch.setattr(coach, "analyse", analyse)
    session = _human_game("hands=4C8C/KC2S loose=4S4H played=1")
    session.request_hint()
    # The session's own wait for its background work (done already, or not), never a
    # guess at how long it takes.
    session.wait_for_work(timeout=600)
    session.update()
    events = session.poll()
    assert [type(e).__name__ for e in events] == ["HintUnavailable"]
