"""The tournament tool: duplicate pairs, statistics, the ladder and the command line."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from diloti_desktop.rules import Ruleset
from lab import pair_log, tournament
from lab.__main__ import main
from lab.ratings import bradley_terry
from lab.tournament import (
    PairResult,
    mean_interval,
    percentile,
    play_pair,
    run_pairs,
    summarise,
    wilson,
)


def test_a_duplicate_pair_deals_the_same_cards_with_the_sides_swapped() -> None:
    pair = play_pair((0, "Novice", "Novice", "2p,t31", 3))
    first, second = pair.matches
    assert (first.a_side, second.a_side) == (0, 1)
    # Same player on both sides and the same seeds: the second match mirrors the first.
    assert first.rounds == second.rounds
    assert (first.a_points, first.b_points) == (second.b_points, second.a_points)
    assert first.a_won != second.a_won


@pytest.mark.slow
def test_smoke_tournament_in_two_processes() -> None:
    rules = Ruleset(target=31)
    results = run_pairs("Intermediate", "Random", 3, rules, seed=2, processes=2)
    assert [r.number for r in results] == [0, 1, 2]
    summary = summarise("Intermediate", "Random", results)
    assert summary.matches == 6 and 0 <= summary.wins <= 6
    assert summary.points_per_round.low <= summary.points_per_round.estimate
    assert summary.points_per_round.estimate > 0  # even three pairs show this gap
    assert summary.a_time[0] <= summary.a_time[1]
    again = run_pairs("Intermediate", "Random", 3, rules, seed=2, processes=1)

    def outcomes(pairs: list) -> list:
        return [(m.a_won, m.rounds, m.a_points, m.b_points, m.a_xeris, m.b_xeris)
                for pair in pairs for m in pair.matches]

    assert outcomes(again) == outcomes(results)  # reproducible, whatever the processes


def test_four_player_pairs_swap_partnerships() -> None:
    pair = play_pair((0, "Casual", "Novice", "4p,t21", 1))
    assert [m.a_side for m in pair.matches] == [0, 1]
    assert all(m.rounds >= 1 for m in pair.matches)


def test_wilson_interval() -> None:
    share = wilson(160, 200)
    assert share.estimate == 0.8
    assert share.low == pytest.approx(0.7389, abs=1e-3)
    assert share.high == pytest.approx(0.8504, abs=1e-3)
    assert wilson(0, 10).low == 0.0


def test_mean_interval_and_percentiles() -> None:
    interval = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert interval.estimate == 2.5
    assert interval.low == pytest.approx(2.5 - 1.96 * math.sqrt(5 / 12) / 1, abs=0.01)
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0
    assert percentile([float(i) for i in range(100)], 0.95) == 94.0


def test_bradley_terry_orders_players_and_gives_intervals() -> None:
    names = ["Anchor", "Good", "Better"]
    games = [(1, 0, 70, 30), (2, 1, 65, 35), (2, 0, 85, 15)]
    ratings = {r.name: r for r in bradley_terry(names, games)}
    assert ratings["Anchor"].elo.estimate == 0.0
    assert 0 < ratings["Good"].elo.estimate < ratings["Better"].elo.estimate
    good = ratings["Good"].elo
    assert good.low < good.estimate < good.high
    # 70% head to head is about 147 Elo; the fit uses all games, so roughly that.
    assert 100 < good.estimate < 200
    assert ratings["Better"].wins == 150 and ratings["Better"].matches == 200


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "Novice", "Random", "--pairs", "2", "--processes", "1",
                 "--rules", "2p,t21", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "points per round, Novice - Random" in out and "95% Wilson" in out
    assert "decision time Novice: p50" in out
    assert main(["ladder", "--players", "Random,Novice", "--pairs", "1", "--processes", "1",
                 "--rules", "2p,t21", "--quiet"]) == 0
    assert "Elo" in capsys.readouterr().out
    assert main(["tournament", "Novice", "Random", "--rules", "3p"]) == 2


@pytest.mark.slow
def test_a_results_file_resumes_a_stopped_run(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Three pairs in one go, or two then a resume to three: the same report; the pairs
    already in the file are not played again."""
    rules = ["--rules", "2p,t21", "--processes", "1", "--quiet", "--seed", "4"]
    whole = tmp_path / "whole.jsonl"
    assert main(["tournament", "Novice", "Random", "--pairs", "3", *rules,
                 "--results", str(whole)]) == 0
    in_one_go = capsys.readouterr().out
    part = tmp_path / "part.jsonl"
    assert main(["tournament", "Novice", "Random", "--pairs", "2", *rules,
                 "--results", str(part)]) == 0
    capsys.readouterr()
    assert len(part.read_text().splitlines()) == 3  # the header and two pairs
    played: list[int] = []

    def counted(task: tuple[int, str, str, str, int]) -> PairResult:
        played.append(task[0])
        return play_pair(task)

    monkeypatch.setattr(tournament, "play_pair", counted)
    assert main(["tournament", "Novice", "Random", "--pairs", "3", *rules,
                 "--results", str(part)]) == 0
    resumed = capsys.readouterr().out
    assert played == [2]
    assert "resuming: 2 pairs already" in resumed
    assert _points_lines(resumed) == _points_lines(in_one_go)
    assert _outcomes(part) == _outcomes(whole)


def _outcomes(file: Path) -> list[object]:
    """The pairs in a results file without their decision times (which vary)."""
    pairs = [json.loads(line) for line in file.read_text().splitlines()[1:]]
    kept = {pair["number"]: [{k: v for k, v in match.items()
                              if not k.endswith(("times", "cpu"))}
                             for match in pair["matches"]] for pair in pairs}
    return [kept[number] for number in sorted(kept)]


def _points_lines(report: str) -> list[str]:
    return [line for line in report.splitlines()
            if line.startswith(("points per round", "matches won", "xeris per round"))]


@pytest.mark.slow
def test_a_results_file_of_another_run_is_refused(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "run.jsonl"
    base = ["--pairs", "1", "--rules", "2p,t21", "--processes", "1", "--quiet",
            "--results", str(file)]
    assert main(["tournament", "Novice", "Random", *base]) == 0
    capsys.readouterr()
    assert main(["tournament", "Casual", "Random", *base]) == 2
    assert "another run (differs in: a)" in capsys.readouterr().err
    lines = file.read_text().splitlines()
    file.write_text("\n".join([*lines, "{not json"]) + "\n")
    assert main(["tournament", "Novice", "Random", *base]) == 2
    assert "line 3: not a finished pair" in capsys.readouterr().err
    header = json.loads(lines[0])
    file.write_text(json.dumps({**header, "code": "0" * 16}) + "\n")
    assert main(["tournament", "Novice", "Random", *base]) == 2
    assert "differs in: code" in capsys.readouterr().err
    file.write_text(json.dumps({**header, "extra": 1}) + "\n")
    assert main(["tournament", "Novice", "Random", *base]) == 2
    assert "differs in: extra" in capsys.readouterr().err


def test_the_code_digest_ignores_wording_but_not_code(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    copies = []
    for folder in pair_log._FOLDERS:
        copy = tmp_path / folder.parent.name / folder.name
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        copies.append(copy)
    monkeypatch.setattr(pair_log, "_FOLDERS", tuple(copies))
    original = pair_log.code_digest()
    search = tmp_path / "diloti_desktop" / "ai" / "search.py"
    text = search.read_text(encoding="utf-8")
    reworded = text.replace('"""Determinized search:', '"""Sampled search:', 1)
    reworded = reworded.replace("_INFINITE: Final = 1e9", "_INFINITE: Final = 1e9  # big", 1)
    assert reworded != text
    search.write_text(reworded, encoding="utf-8")
    assert pair_log.code_digest() == original
    search.write_text(text.replace("_EPSILON: Final = 1e-6", "_EPSILON: Final = 1e-5", 1),
                      encoding="utf-8")
    assert pair_log.code_digest() != original


def _results_file(path: Path, player: str, opponent: str, points: dict[int, int]) -> Path:
    """A results file whose pair N has A ahead by ``points[N]`` in each of its two
    matches of 5 rounds."""
    pair_log.start(path, pair_log.header(player, opponent, "2p", 14))
    for number, ahead in points.items():
        match = tournament.MatchResult(0, True, 5, 61, 61 - ahead, 0, 0, (), ())
        pair_log.append(path, PairResult(number, (match, match._replace(a_side=1))))
    return path


@pytest.mark.slow
def test_two_runs_compare_pair_by_pair_on_the_deals_both_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Pair 0: +20 and +10 points over 10 rounds; pair 1: +10 and +10; pair 2 only in one.
    first = _results_file(tmp_path / "a.jsonl", "Master:tree", "Master-i3",
                          {0: 10, 1: 5, 2: 40})
    second = _results_file(tmp_path / "b.jsonl", "Master", "Master-i3", {0: 5, 1: 5})
    comparison = tournament.compare_runs(pair_log.read(first)[1], pair_log.read(second)[1])
    assert comparison.pairs == 2
    assert comparison.first == pytest.approx(1.5) and comparison.second == pytest.approx(1.0)
    assert comparison.difference.estimate == pytest.approx(0.5)
    assert main(["compare", str(first), str(second)]) == 0
    out = capsys.readouterr().out
    assert "2 deal sequences both played" in out and "Master:tree - Master: +0.50" in out
    other = _results_file(tmp_path / "c.jsonl", "Master", "Expert", {0: 5, 1: 5})
    assert main(["compare", str(first), str(other)]) == 2
    assert "differ in b" in capsys.readouterr().err
