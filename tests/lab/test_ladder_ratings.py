"""The ladder command writes the levels' ratings the game reads (with its date and
command), and an earlier run's match wins enter the fit without being played again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diloti_desktop.ai.player_rating import parse_level_ratings
from lab.__main__ import main

EARLIER = Path(__file__).resolve().parents[2] / "docs" / "ladder-issue14-games.json"


def test_the_earlier_ladder_alone_gives_its_published_ratings(tmp_path: Path) -> None:
    """Every pairing of Random and Novice is in the earlier file: nothing is played, and
    the fit gives docs/ai-strength.md's full ladder (Novice +892 ... Master +2000)."""
    out = tmp_path / "ratings.json"
    assert main(["ladder", "--players", "Random,Novice", "--pairs", "1", "--processes", "1",
                 "--quiet", "--earlier", str(EARLIER), "--ratings-out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    levels = ("Novice", "Casual", "Intermediate", "Expert", "Master")
    shipped = parse_level_ratings(data, levels)
    assert [round(shipped.ratings[level]) for level in levels] == [892, 1063, 1409, 1903, 2000]
    assert data["command"].startswith("python -m lab ladder --players")
    assert "--earlier" in data["command"]


def test_a_damaged_earlier_file_is_refused(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "earlier.json"
    bad.write_text(json.dumps({"pairings": [{"a": "Novice", "b": "Novice", "a_wins": 1,
                                             "b_wins": 0}]}), encoding="utf-8")
    assert main(["ladder", "--players", "Random,Novice", "--earlier", str(bad)]) == 2
    assert "invalid earlier games" in capsys.readouterr().err
