"""The statistics file: figures per group, a versioned file written atomically, and a
damaged file set aside (never deleted) with a message."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.player_data import stats
from diloti_desktop.player_data.stats import GroupKey, MatchResult, Record, Statistics
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.rules import Ruleset, legal_moves
from diloti_desktop.rules.position import MATCH_OVER, ROUND_OVER


def result(won: bool, points: tuple[int, ...] = (5, 7), made: int = 0, conceded: int = 0,
           opponents: str = "Expert", players: int = 2, assisted: bool = False) -> MatchResult:
    return MatchResult(players, opponents, won, points, made, conceded, assisted)


def test_a_record_adds_matches_rounds_points_xeris_and_streaks() -> None:
    record = Record()
    for outcome in (True, True, False, True, True, True, False):
        record = record.with_match(result(outcome, points=(4, 13, 2), made=1, conceded=2))
    assert (record.played, record.won) == (7, 5)
    assert record.win_rate == pytest.approx(5 / 7)
    assert (record.rounds, record.points) == (21, 7 * 19)
    assert record.points_per_round == pytest.approx(19 / 3)
    assert (record.xeris_made, record.xeris_conceded) == (7, 14)
    assert record.best_round == 13
    assert (record.streak, record.best_streak) == (0, 3)
    assert Record().win_rate is None and Record().points_per_round is None


def test_helped_matches_and_other_opponents_count_apart() -> None:
    statistics = Statistics.empty()
    statistics = statistics.with_match(result(True))
    statistics = statistics.with_match(result(True, assisted=True))
    statistics = statistics.with_match(result(False, opponents="Casual"))
    statistics = statistics.with_match(result(True, opponents="Casual+Expert", players=4))
    assert statistics.groups[GroupKey(2, "Expert")].played == 1
    assert statistics.groups[GroupKey(2, "Expert", assisted=True)].won == 1
    keys = [key for key, _record in statistics.rows(("Novice", "Casual", "Expert"))]
    assert keys == [GroupKey(2, "Casual"), GroupKey(2, "Expert"),
                    GroupKey(2, "Expert", True), GroupKey(4, "Casual+Expert")]
    assert stats.opponents_label(["Expert", "Casual"], ("Casual", "Expert")) == "Casual+Expert"
    assert stats.opponents_label(["Master", "Master"]) == "Master"


def test_the_file_is_versioned_and_reads_back_the_same(data_dir: Path) -> None:
    statistics, messages = stats.record_match(result(True, made=2))
    assert messages == []
    statistics, messages = stats.record_match(result(False, points=(20, 0)))
    document = json.loads(stats.stats_path().read_text(encoding="utf-8"))
    assert document["kind"] == "diloti-desktop statistics" and document["version"] == 1
    loaded, message = stats.load_stats()
    assert message is None and loaded == statistics
    record = loaded.groups[GroupKey(2, "Expert")]
    assert (record.played, record.won, record.best_round, record.xeris_made) == (2, 1, 20, 2)


@pytest.mark.parametrize("content", [
    "{not json",
    '{"kind": "something else", "version": 1, "groups": []}',
    '{"kind": "diloti-desktop statistics", "version": 99, "groups": []}',
    '{"kind": "diloti-desktop statistics", "version": 1, "groups": '
    '[{"players": 2, "opponents": "Expert", "played": 1, "won": 5}]}',
    '{"kind": "diloti-desktop statistics", "version": 1, "groups": '
    '[{"players": 3, "opponents": "Expert", "played": 1}]}',
    "[1, 2, 3]",
])
def test_a_damaged_file_is_set_aside_never_deleted(data_dir: Path, content: str) -> None:
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    statistics, message = stats.load_stats()
    assert statistics == Statistics.empty()
    assert message is not None and "could not be read" in message
    kept = [p for p in data_dir.iterdir() if p.name.startswith("stats.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
    assert str(kept[0]) in message
    assert not path.exists()
    # Recording again starts a fresh file beside the kept one.
    _statistics, messages = stats.record_match(result(True))
    assert messages == [] and path.is_file() and kept[0].is_file()


def test_a_failed_write_keeps_the_previous_file(data_dir: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    stats.record_match(result(True))
    before = stats.stats_path().read_bytes()

    def refuse(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    _statistics, messages = stats.record_match(result(False))
    assert len(messages) == 1 and "could not be saved" in messages[0]
    assert stats.stats_path().read_bytes() == before
    assert [p.name for p in data_dir.iterdir()] == ["stats.json"]  # no temporary file left


def test_reset_writes_empty_statistics(data_dir: Path) -> None:
    stats.record_match(result(True))
    assert stats.reset_stats() is None
    assert stats.load_stats() == (Statistics.empty(), None)


def finished_session(target: int = 21) -> GameSession:
    """A match to ``target`` played to its end: the human's moves chosen at random."""
    rng = random.Random(2)
    session = GameSession(GameConfig(Ruleset(target=target), (HUMAN, "Casual"), 6),
                          player_factory=lambda level, seed: RandomPlayer(seed), ai_pace=0)
    for _ in range(5000):
        if session.position.phase == MATCH_OVER:
            return session
        if session.position.phase == ROUND_OVER:
            session.continue_after_round()
        elif session.is_human_turn():
            session.submit(rng.choice(list(legal_moves(session.position))))
        else:
            session.update()
            session.wait_for_work(30)
    raise AssertionError("the match did not end")


def test_a_match_where_the_coach_helped_counts_on_the_helped_row(data_dir: Path) -> None:
    from diloti_desktop.ui.kit.context import AppContext, match_result

    plain, helped = finished_session(), finished_session()
    helped.coaching.note_hint_level(1)
    assert helped.assisted and not plain.assisted
    first, second = match_result(plain), match_result(helped)
    assert first is not None and second is not None
    assert not first.assisted and second.assisted
    assert first.round_points == tuple(r.breakdown[0].total for r in plain.rounds)
    ctx = AppContext(settings=Settings(), window=None)  # type: ignore[arg-type]
    for session in (plain, helped, helped):  # a match counts once, however often saved
        ctx.session = session
        ctx.save_session()
    statistics, _message = stats.load_stats()
    assert statistics.groups[GroupKey(2, "Casual")].played == 1
    assert statistics.groups[GroupKey(2, "Casual", assisted=True)].played == 1
