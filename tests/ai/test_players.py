"""Every level plays legal moves, deterministically per seed, from its view only."""

from __future__ import annotations

import random

import pytest

from diloti_desktop.ai import LEVELS, make_player
from diloti_desktop.ai.heuristic import believed_unseen
from diloti_desktop.ai.players import HABITS, SEARCH
from diloti_desktop.rules import PLAY, legal_moves, play_unchecked, seat_view
from tests.ai.helpers import game_positions, small_master

FAST_LEVELS = ("Random", "Beginner", "Novice", "Casual", "Intermediate")


@pytest.fixture(scope="module")
def positions_2p() -> list:
    return game_positions(2, 24, seed=3, level="Random")


@pytest.fixture(scope="module")
def positions_4p() -> list:
    return game_positions(4, 12, seed=4, level="Random")


def test_six_named_levels_and_a_factory() -> None:
    assert LEVELS == ("Beginner", "Novice", "Casual", "Intermediate", "Expert", "Master")
    for level in (*LEVELS, "Random"):
        player = make_player(level, seed=1)
        assert player.name == level
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("Grandmaster", 1)


def test_levels_are_distinct_players_not_one_player_with_budgets() -> None:
    habits = list(HABITS.values())
    assert len(set(habits)) == len(habits)
    assert habits[0].declarations < habits[-1].declarations
    assert habits[0].memory < habits[1].memory < habits[2].memory
    # The Master solves the end of the round with four times the Expert's nodes and plays
    # for the match; the Expert plays for points.
    assert SEARCH["Master"].solve_nodes >= 4 * SEARCH["Expert"].solve_nodes > 0
    assert SEARCH["Master"].ply_budget > SEARCH["Expert"].ply_budget
    master, expert = make_player("Master", 1), make_player("Expert", 1)
    assert master.win_probability and not expert.win_probability  # type: ignore[attr-defined]


@pytest.mark.parametrize("level", FAST_LEVELS)
def test_fast_levels_choose_legal_moves(level: str, positions_2p: list,
                                        positions_4p: list) -> None:
    player = make_player(level, seed=5)
    for position in positions_2p + positions_4p:
        move = player.choose(seat_view(position, position.turn))
        assert move in legal_moves(position)


@pytest.mark.parametrize("level", [pytest.param("Expert", marks=pytest.mark.slow), "Master"])
def test_search_levels_choose_legal_moves(level: str, positions_2p: list,
                                          positions_4p: list) -> None:
    player = make_player(level, seed=5) if level == "Expert" else small_master(5)
    for position in positions_2p[::4] + positions_4p[::4]:
        move = player.choose(seat_view(position, position.turn))
        assert move in legal_moves(position)


@pytest.mark.parametrize("level", [*FAST_LEVELS, pytest.param("Expert", marks=pytest.mark.slow)])
def test_same_seed_same_decisions_whatever_came_before(level: str,
                                                       positions_2p: list) -> None:
    chosen = positions_2p[1::3]
    first = make_player(level, seed=9)
    second = make_player(level, seed=9)
    # The second player sees the positions in another order, with global randomness
    # disturbed in between: its decisions must not change.
    second_order = list(chosen)
    random.Random(0).shuffle(second_order)
    decisions = {}
    for position in second_order:
        random.seed(12345)
        random.random()
        decisions[position] = second.choose(seat_view(position, position.turn))
    for position in chosen:
        assert first.choose(seat_view(position, position.turn)) == decisions[position]


def test_the_seed_matters_for_the_sloppy_levels(positions_2p: list) -> None:
    one, two = make_player("Novice", seed=1), make_player("Novice", seed=2)
    differ = sum(one.choose(seat_view(p, p.turn)) != two.choose(seat_view(p, p.turn))
                 for p in positions_2p)
    assert differ >= 1


def test_a_forgetful_player_forgets_the_same_cards_all_round() -> None:
    position = game_positions(2, 1, seed=8)[0]
    bots = [make_player("Intermediate", s) for s in (1, 2)]
    views = []
    while position.phase == PLAY and len(views) < 30:
        view = seat_view(position, position.turn)
        views.append(view)
        position = play_unchecked(position, bots[position.turn].choose(view))
    memory = HABITS["Casual"].memory
    forgotten_before = 0
    for view in views:
        captured = view.position.captured[0] | view.position.captured[1]
        forgotten = believed_unseen(view, memory, salt=5) & ~view.unseen
        assert forgotten & captured == forgotten
        assert forgotten & forgotten_before == forgotten_before  # nothing remembered again
        forgotten_before = forgotten
    share = forgotten_before.bit_count() / max(1, captured.bit_count())
    assert 0.2 < share < 0.8  # about half, for a memory of 0.5
    assert believed_unseen(views[-1], 1.0, salt=5) == views[-1].unseen
