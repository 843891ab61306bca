"""The player's rating: Glicko-2 against Glickman's worked example, the shipped level
ratings, the suggestion, and a simulated player converging to its own level's rating."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from diloti_desktop.ai.player_rating import (
    RATINGS_FILE,
    Glicko,
    expected_score,
    level_ratings,
    match_game,
    parse_level_ratings,
    start_rating,
    suggest,
    update,
)
from diloti_desktop.ai.players import LEVELS


def test_glickman_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system" (2013): a 1500 / 200 / 0.06 player
    beats a 1400 / 30 one, loses to 1550 / 100 and to 1700 / 300, with tau = 0.5:
    1464.06, RD 151.52, volatility 0.05999."""
    player = Glicko(1500.0, 200.0, 0.06)
    after = update(player, [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)], tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_no_game_only_widens_the_deviation() -> None:
    """Glickman's step for a player who did not compete: RD' = sqrt(RD^2 + sigma^2)."""
    after = update(Glicko(1500.0, 200.0, 0.06), [])
    assert after.rating == 1500.0
    assert after.rd == pytest.approx(200.2714, abs=1e-3)


def test_win_raises_and_loss_lowers_against_an_exact_opponent() -> None:
    """A level's rating is exact (deviation 0): a win moves the player up, a loss down,
    by the same amount against an equal opponent, and the deviation shrinks."""
    player = Glicko(1000.0, 350.0)
    won = update(player, [match_game(player, [1000.0], won=True)])
    lost = update(player, [match_game(player, [1000.0], won=False)])
    assert won.rating - 1000 == pytest.approx(1000 - lost.rating)
    assert won.rating > 1000 + 100 and won.rd < 350


def test_four_players_count_the_partnership_average() -> None:
    """With a partner the expected score is that of the average of the partnership
    against the opponents' average."""
    player = Glicko(1200.0, 100.0)
    opponent, rd, score = match_game(player, [1000.0, 1400.0], partner=1600.0, won=True)
    assert (rd, score) == (0.0, 1.0)
    assert expected_score(player.rating, opponent) == pytest.approx(
        expected_score((1200 + 1600) / 2, (1000 + 1400) / 2))


def test_shipped_ratings_parse_and_list_every_level_in_rating_order() -> None:
    """The file the ladder command writes: its date and command, and every level of the
    game, the ladder's order (weakest first) being the order of the ratings."""
    text = (resources.files("diloti_desktop") / RATINGS_FILE).read_text("utf-8")
    data = json.loads(text)
    shipped = parse_level_ratings(data, LEVELS)
    assert shipped.command.startswith("python -m lab ladder")
    assert len(shipped.date) == 10 and shipped.date[4] == "-"
    assert [name for name, _rating in shipped.ordered()] == list(LEVELS)
    in_file = [name for name in data["levels"] if name in LEVELS]
    assert in_file == list(LEVELS)


def test_a_damaged_ratings_file_is_refused() -> None:
    good = {"kind": "diloti-desktop level ratings", "date": "2026-12-03",
            "command": "python -m lab ladder", "levels": {"Novice": 900}}
    assert parse_level_ratings(good, ["Novice"]).ratings == {"Novice": 900.0}
    with pytest.raises(ValueError, match="no rating for Master"):
        parse_level_ratings(good, ["Novice", "Master"])
    with pytest.raises(ValueError, match="not a number"):
        parse_level_ratings({**good, "levels": {"Novice": "strong"}}, ["Novice"])
    with pytest.raises(ValueError, match="kind"):
        parse_level_ratings({**good, "kind": "other"}, ["Novice"])


def test_suggestion_is_the_level_closest_to_55_percent() -> None:
    ladder = level_ratings()
    for rating in (0.0, 700.0, 1000.0, 1300.0, 1700.0, 2500.0):
        player = Glicko(rating, 100.0)
        chosen = suggest(player, ladder)
        best = min(abs(expected_score(rating, value) - 0.55)
                   for value in ladder.ratings.values())
        assert abs(expected_score(rating, ladder.ratings[chosen]) - 0.55) == best
    # A player exactly at a level's strength, +35 points, expects 55% against it.
    novice = ladder.ratings["Novice"]
    assert suggest(Glicko(novice + 35, 50.0), ladder) == "Novice"


def _simulate(true_rating: float, matches: int, seed: int) -> Glicko:
    """A player of known strength plays the suggested level each time; each outcome is
    drawn from the ladder's expected score (no game is played)."""
    ladder = level_ratings()
    rng = random.Random(seed)
    player = start_rating()
    for _ in range(matches):
        level = suggest(player, ladder)
        opponent = ladder.ratings[level]
        won = rng.random() < expected_score(true_rating, opponent)
        player = update(player, [match_game(player, [opponent], won=won)])
    return player


@pytest.mark.parametrize("level", LEVELS)
def test_a_simulated_player_converges_to_its_level(level: str) -> None:
    """Twenty simulated players of the level's strength, 200 matches each against the
    suggested opponents, outcomes drawn from the ladder's expected scores (no game is
    played): on average the rating ends within 30 points of the level's, nearly every
    player's 95% interval (± 1.96 RD) holds it, and the deviation has shrunk from 350 to
    about 60 (one match per rating period, volatility 0.06)."""
    true_rating = level_ratings().ratings[level]
    finals = [_simulate(true_rating, 200, seed=100 * LEVELS.index(level) + s)
              for s in range(20)]
    mean = sum(f.rating for f in finals) / len(finals)
    assert abs(mean - true_rating) < 30, (level, mean)
    held = sum(f.interval()[0] <= true_rating <= f.interval()[1] for f in finals)
    assert held >= 17, (level, held)
    assert all(f.rd < 70 for f in finals)
