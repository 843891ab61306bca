"""The shared evaluator: equivalent moves, sweeps, exact solving, win probability."""

from __future__ import annotations

import random

import pytest

from diloti_desktop.ai.features import distinct_moves, move_class, points, sweepers
from diloti_desktop.ai.players import SEARCH
from diloti_desktop.ai.search import (
    SearchConfig,
    can_solve,
    evaluate,
    grows_tree,
    position_from_view,
    solve,
)
from diloti_desktop.ai.winprob import round_utility, win_probability
from diloti_desktop.rules import (
    PLAY,
    Move,
    Position,
    Ruleset,
    legal_moves,
    new_match,
    play_unchecked,
    seat_view,
)
from diloti_desktop.rules.cards import RANK_MASK, parse_cards
from lab.specs import parse_options
from tests.ai.helpers import complete


def test_points_of_card_sets() -> None:
    assert points(parse_cards("ASAHTD2C")) == 5
    assert points(parse_cards("TS2S3C")) == 0


def test_sweepers() -> None:
    # 3+4 and 7: only a 7 clears it; a lone King only a King; a pile of 8 and a loose 8
    # only an 8; a face with numerals nothing.
    assert sweepers(parse_cards("3C4H"), ()) == RANK_MASK[7]
    assert sweepers(parse_cards("3C4H7D"), ()) == RANK_MASK[7]
    assert sweepers(parse_cards("KS"), ()) == RANK_MASK[13]
    assert sweepers(parse_cards("8S"), (8,)) == RANK_MASK[8]
    assert sweepers(parse_cards("8S"), (9,)) == 0
    assert sweepers(parse_cards("KS5D"), ()) == 0
    assert sweepers(parse_cards("2C2D2H"), ()) == RANK_MASK[2] | RANK_MASK[6]


def test_equivalent_moves_are_one_move() -> None:
    # Two plain 7s and a plain 5 pair: laying either 7 is the same move; 10♦ is not a 10.
    position = Position.parse("rules=2p turn=0 hands=7S7HTDTC/- loose=5S5H played=3")
    moves = list(legal_moves(position))
    distinct = distinct_moves(moves)
    assert Move.parse("7S") in distinct and Move.parse("7H") not in distinct
    assert move_class(Move.parse("7S")) == move_class(Move.parse("7H"))
    assert Move.parse("TD x 5S 5H") in distinct and Move.parse("TC x 5S 5H") in distinct
    assert len(distinct) < len(moves)


def test_the_last_deal_is_solved_exactly_when_the_other_hand_is_known() -> None:
    position = complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40")
    view = seat_view(position, 0)
    assert can_solve(view)
    assert position_from_view(view) == position
    results = solve(position, 10_000)
    assert results is not None and all(r.exact for r in results)
    assert results[0].move == Move.parse("7S")
    assert solve(position, 1) is None  # out of budget
    limited = solve(position, 10_000, depth=1)  # one ply, then a playout
    assert limited is not None and not limited[0].exact


def test_hidden_stock_is_not_solved() -> None:
    position = complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH stock=9S9H9D9C "
                        "loose=3C played=36")
    assert not can_solve(seat_view(position, 0))


def test_evaluation_is_paired_and_reproducible() -> None:
    position = complete("rules=2p dealer=1 turn=0 hands=4H7S9C/7DKH5S loose=3C stock=QSQH "
                        "played=36")
    view = seat_view(position, 0)
    first = evaluate(view, SEARCH["Expert"], random.Random(5))
    again = evaluate(view, SEARCH["Expert"], random.Random(5))
    assert first == again
    assert len({r.samples for r in first}) == 1  # every move saw the same samples
    assert first[0].value >= first[-1].value


def test_win_probability() -> None:
    assert win_probability(0, 0, 61) == pytest.approx(0.5, abs=1e-9)
    assert win_probability(60, 0, 61) > 0.95
    for ours, theirs in ((10, 30), (50, 45), (55, 58)):
        assert win_probability(ours, theirs, 61) + win_probability(theirs, ours, 61) == \
            pytest.approx(1.0, abs=1e-9)
    assert win_probability(50, 40, 61) > win_probability(45, 40, 61)
    assert win_probability(61, 70, 61) == 0.0 and win_probability(70, 61, 61) == 1.0


def test_match_utility_only_near_the_target() -> None:
    early = Position.parse("rules=2p score=0/0")
    assert round_utility(early, 0) is None
    late = Position.parse("rules=2p score=55/50")
    utility = round_utility(late, 0)
    assert utility is not None
    # Six points now win the match for side 0 unless side 1 overtakes: worth more than
    # the same 6-point margin that leaves it open, and nearly certain.
    assert utility(11, 0) > 99.0
    assert utility(6, 0) > utility(3, 0)
    other = round_utility(late, 1)
    assert other is not None and other(0, 11) == pytest.approx(100 - utility(11, 0))


def test_four_players_spend_the_configured_share_of_the_samples() -> None:
    config = SearchConfig(ply_budget=10**9, min_samples=2, max_samples=6,
                          four_player_share=0.5)
    two = complete("rules=2p dealer=1 turn=0 hands=4H7S9C/7DKH5S loose=3C stock=QSQH "
                   "played=36")
    four = complete("rules=4p dealer=3 turn=0 hands=4H7S/7DKH/5S9C/2D3D loose=3C "
                    "played=40")
    assert {r.samples for r in evaluate(seat_view(two, 0), config, random.Random(1))} == {6}
    assert {r.samples for r in evaluate(seat_view(four, 0), config, random.Random(1))} == {3}
    assert SEARCH["Master"].four_player_share == 0.5


def test_the_tree_search_values_every_move_most_visited_first() -> None:
    # A stock left, so the hidden cards are sampled: the tree must value every candidate,
    # put the most visited first and give the same result from the same seed.
    position = complete("rules=2p dealer=1 turn=0 hands=4H7S9C/7DKH5S loose=3C stock=QSQH "
                        "played=36")
    view = seat_view(position, 0)
    config = SEARCH["Expert"]._replace(tree=3.0)
    first = evaluate(view, config, random.Random(5))
    assert first == evaluate(view, config, random.Random(5))
    moves = distinct_moves(list(legal_moves(position)))
    assert {r.move for r in first} == set(moves)
    assert [r.samples for r in first] == sorted((r.samples for r in first), reverse=True)
    assert sum(r.samples for r in first) >= config.min_samples * len(moves)
    assert all(-60 < r.value < 60 for r in first)


@pytest.mark.slow
def test_the_master_grows_its_tree_in_two_players_only() -> None:
    config = SEARCH["Master"]._replace(ply_budget=3_000, max_samples=30)
    two = complete("rules=2p dealer=1 turn=0 hands=4H7S9C/7DKH5S loose=3C stock=QSQH "
                   "played=36")
    four = complete("rules=4p dealer=3 turn=0 hands=4H7S/7DKH/5S9C/2D3D loose=3C "
                    "played=40")
    ending = complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40")
    assert grows_tree(seat_view(two, 0), config)
    assert not grows_tree(seat_view(four, 0), config)
    assert not grows_tree(seat_view(ending, 0), config)  # the exact solver's
    # The tree's root spends its samples unevenly; the flat search plays every move in
    # every sample.
    assert len({r.samples for r in evaluate(seat_view(two, 0), config,
                                            random.Random(1))}) > 1
    assert len({r.samples for r in evaluate(seat_view(four, 0), config,
                                            random.Random(1))}) == 1


def test_the_tree_spends_its_own_budget_when_it_has_one() -> None:
    # The tree's iterations stop at its own cap per candidate or its own plies, else at
    # the flat search's; the flat search ignores the tree's budget.
    position = complete("rules=2p dealer=1 turn=0 hands=4H7S9C/7DKH5S loose=3C stock=QSQH "
                        "played=36")
    view = seat_view(position, 0)
    candidates = len(distinct_moves(list(legal_moves(position))))
    flat_cap = SearchConfig(ply_budget=10**9, min_samples=2, max_samples=6, tree=3.0)

    def iterations(config: SearchConfig) -> int:
        return sum(r.samples for r in evaluate(view, config, random.Random(3)))

    assert iterations(flat_cap) == 6 * candidates
    assert iterations(flat_cap._replace(tree_samples=20)) == 20 * candidates
    by_plies = flat_cap._replace(tree_samples=200, tree_plies=300)
    assert 2 * candidates <= iterations(by_plies) < 300
    assert {r.samples for r in evaluate(view, flat_cap._replace(tree=0.0, tree_samples=20),
                                        random.Random(3))} == {6}
    shipped = SEARCH["Master"]
    chosen = parse_options(shipped, "treeplies=5,treesamples=7")
    assert (chosen.tree_plies, chosen.tree_samples) == (5, 7)
    doubled = parse_options(shipped._replace(tree_plies=10, tree_samples=20), "x2")
    assert (doubled.tree_plies, doubled.tree_samples) == (20, 40)


def test_the_tree_search_leaves_a_known_ending_to_the_exact_solver() -> None:
    position = complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40")
    results = evaluate(seat_view(position, 0), SEARCH["Expert"]._replace(tree=3.0),
                       random.Random(1))
    assert all(r.exact for r in results) and results[0].move == Move.parse("7S")


def test_the_paired_tree_plays_every_move_in_every_sample() -> None:
    position = complete("rules=2p dealer=1 turn=0 hands=4H7S9C/7DKH5S loose=3C stock=QSQH "
                        "played=36")
    config = SEARCH["Expert"]._replace(tree=3.0, paired_root=True)
    results = evaluate(seat_view(position, 0), config, random.Random(5))
    assert len({r.samples for r in results}) == 1 and results[0].samples >= config.min_samples
    assert [r.value for r in results] == sorted((r.value for r in results), reverse=True)


#: A last deal with every card known (from a shipped puzzle's line), where one solve
#: needs several hundred nodes.
LAST_DEAL = Position.parse(
    "rules=2p round=1 phase=play dealer=0 turn=0 hands=2H5C6H7D8C/AH2S2C8D stock=- loose=7C "
    "piles=P8@0:3S5S captured=4S4D4C6DTSTCJSJHJDJCQSQHQDQC/ASADAC2D3H3D3C4H5H5D6S6C7S7H8S8H"
    "9S9H9D9CTHTDKSKHKDKC xeri=1/0 xeristaki=0/0 last=1 played=39 score=0/0 winner=-")


def test_a_shared_table_gives_the_same_values_for_fewer_nodes() -> None:
    """What one exact solve learnt, the next one reuses: the solves of a round's lines
    share a table (the refutation's), and their values are those of a fresh solve."""
    table: dict[tuple[object, ...], tuple[int, float, int, Move]] = {}
    fresh = solve(LAST_DEAL, 10_000_000)
    assert fresh is not None
    assert solve(LAST_DEAL, 10_000_000, table=table) == fresh
    assert table
    # A budget far too small for a fresh solve does with the filled table.
    assert solve(LAST_DEAL, 300) is None
    again = solve(LAST_DEAL, 300, table=table)
    assert again == fresh
    for move in distinct_moves(list(legal_moves(LAST_DEAL))):
        after = play_unchecked(LAST_DEAL, move)
        if after.phase == PLAY and len(distinct_moves(list(legal_moves(after)))) > 1:
            assert solve(after, 10_000_000, table=table) == solve(after, 10_000_000)


def test_a_shared_table_is_for_exact_round_points_only() -> None:
    table: dict[tuple[object, ...], tuple[int, float, int, Move]] = {}
    with pytest.raises(ValueError, match="exact round points"):
        solve(LAST_DEAL, 1_000, depth=2, table=table)
    with pytest.raises(ValueError, match="exact round points"):
        solve(LAST_DEAL, 1_000, utility=lambda ours, theirs: float(ours - theirs),
              table=table)
    dealing, _events = new_match(Ruleset(), random.Random(1))
    assert dealing.stock
    with pytest.raises(ValueError, match="exact round points"):
        solve(dealing, 1_000, table=table)
    assert not table
