"""The rating and the rounds' accuracy kept in stats.json: updated by finished matches,
written and read back, and a damaged part refused (the file set aside, never a crash)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diloti_desktop.ai.player_rating import LevelRatings, start_rating
from diloti_desktop.player_data import stats
from diloti_desktop.player_data.track import ROUNDS_KEPT, Track, track_from_dict

LADDER = LevelRatings({"Beginner": 600.0, "Novice": 900.0, "Casual": 1050.0}, "2026-12-03",
                      "python -m lab ladder")


def result(won: bool = True, assisted: bool = False, levels: tuple[str, ...] = ("Novice",),
           partner: str | None = None) -> stats.MatchResult:
    return stats.MatchResult(players=4 if partner else 2, opponents="+".join(levels), won=won,
                             round_points=(20, 41), xeris_made=1, xeris_conceded=0,
                             assisted=assisted, opponent_levels=levels, partner_level=partner,
                             date="2026-12-03")


def test_a_plain_match_is_rated_and_an_assisted_one_is_not() -> None:
    track = Track().with_match(("Novice",), None, True, False, "2026-12-03", "Novice", LADDER)
    assert track.rating is not None and track.rating.rating > start_rating().rating
    assert len(track.history) == 1 and track.history[0].won
    helped = track.with_match(("Novice",), None, False, True, "2026-12-03", "Novice", LADDER)
    assert helped.rating == track.rating and helped.unrated == 1
    assert helped.history == track.history


def test_a_level_without_a_rating_is_not_rated() -> None:
    track = Track().with_match(("Random",), None, True, False, "2026-12-03", "Random", LADDER)
    assert track == Track()
    track = Track().with_match(("Novice", "Casual"), "Master", True, False, "2026-12-03",
                               "Novice+Casual", LADDER)
    assert track == Track()


def test_rounds_keep_the_last_hundred() -> None:
    track = Track()
    for index in range(ROUNDS_KEPT + 5):
        track = track.with_round(index % 100, "Casual", 2)
    assert len(track.rounds) == ROUNDS_KEPT
    assert track.rounds[0].accuracy == 5


def test_statistics_file_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DILOTI_DATA_DIR", str(tmp_path))
    statistics, messages = stats.record_match(result())
    assert messages == [] and statistics.track.rating is not None
    assert stats.record_round(72.5, "Novice", 2) == []
    loaded, message = stats.load_stats()
    assert message is None
    assert loaded.track.rating == pytest.approx(statistics.track.rating) or (
        abs(loaded.track.rating.rating - statistics.track.rating.rating) < 0.01)
    assert [r.accuracy for r in loaded.track.rounds] == [72.5]
    assert loaded.groups == statistics.groups


def test_a_file_without_the_new_keys_reads_as_no_rating() -> None:
    old = {"kind": "diloti-desktop statistics", "version": 1, "groups": []}
    assert stats.Statistics.from_dict(old).track == Track()


@pytest.mark.parametrize("damage", [
    {"rating": {"rating": "high", "rd": 50, "volatility": 0.06}},
    {"rating": {"rating": 1200, "rd": -5, "volatility": 0.06}},
    {"rating": {"rating": float("nan"), "rd": 50, "volatility": 0.06}},
    {"rating": [1200]},
    {"round_accuracy": [{"accuracy": 140, "opponents": "Novice", "players": 2}]},
    {"round_accuracy": [{"accuracy": 50, "opponents": "", "players": 2}]},
    {"round_accuracy": [{"accuracy": 50, "opponents": "Novice", "players": 3}]},
    {"round_accuracy": "many"},
    {"round_accuracy": [{"accuracy": 50, "opponents": "Novice", "players": 2}] * 101},
    {"rating_history": [{"date": "2026-12-03", "rating": 1, "rd": 50, "opponents": "Novice",
                         "won": True}]},  # a history without a rating
    {"rating": {"rating": 1200, "rd": 50, "volatility": 0.06},
     "rating_history": [{"date": "yesterday", "rating": 1, "rd": 50, "opponents": "Novice",
                         "won": True}]},
    {"unrated": -1},
])
def test_damaged_track_is_refused(damage: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        track_from_dict(damage)


def test_damaged_track_sets_the_file_aside(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DILOTI_DATA_DIR", str(tmp_path))
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"kind": "diloti-desktop statistics", "version": 1,
                                "groups": [], "round_accuracy": [{"accuracy": "x"}]}))
    statistics, message = stats.load_stats()
    assert statistics.track == Track() and message is not None
    assert list(tmp_path.glob("stats.json.corrupt-*"))
