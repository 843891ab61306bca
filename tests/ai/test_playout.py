"""The playout policy's styles and the deal-end evaluation (ai/playout.py)."""

from __future__ import annotations

import math

import pytest

from diloti_desktop.ai.features import chance_holds
from diloti_desktop.ai.playout import (
    BLIND,
    LEFTOVER,
    LEFTOVER_CARD_WORTH,
    LEFTOVER_POINT_SHARE,
    PLAIN,
    TAKERS,
    deal_value,
    greedy_move,
    lay_takers,
)
from diloti_desktop.rules import Move, candidate_moves
from tests.ai.helpers import cards, complete


@pytest.mark.parametrize(("unseen", "wanted", "hand"), [(10, 1, 5), (40, 3, 6), (12, 4, 12),
                                                        (7, 0, 3), (30, 16, 13)])
def test_chance_holds_is_the_hypergeometric_chance_of_at_least_one(
        unseen: int, wanted: int, hand: int) -> None:
    none = math.comb(unseen - wanted, hand) / math.comb(unseen, hand)
    assert chance_holds(unseen, wanted, hand) == pytest.approx(1 - none)


def test_every_card_of_the_unseen_in_hand_is_held_for_sure() -> None:
    assert chance_holds(6, 1, 6) == 1.0
    assert chance_holds(6, 0, 6) == 0.0


def test_lay_takers_are_the_rank_and_the_sums_with_one_loose_numeral() -> None:
    five = cards("5S").bit_length() - 1
    takers = lay_takers(five, cards("3C4DKH"))
    fives, eights, nines = (cards("5S5H5D5C"), cards("8S8H8D8C"), cards("9S9H9D9C"))
    assert takers == fives | eights | nines
    queen = cards("QH").bit_length() - 1
    assert lay_takers(queen, cards("3C")) == cards("QSQHQDQC")


# Seat 0 holds 4♥ and 9♣ and must lay one (the table's K♠ takes neither); the next player
# holds a 4. Plain, the policy scores both lays alike (neither holds points) and lays the
# first, the 4; TAKERS sees that the 4 would be taken and lays the 9.
LAY_SETUP = "rules=2p dealer=1 turn=0 hands=4H9C/4SKH loose=KS played=40"


def test_takers_keeps_back_a_card_the_next_player_can_take() -> None:
    position = complete(LAY_SETUP)
    moves = candidate_moves(position)
    assert greedy_move(position, moves, None, PLAIN) == Move.parse("4H")
    assert greedy_move(position, moves, None, TAKERS) == Move.parse("9C")


def test_blind_takers_judges_by_the_odds_not_by_the_hand() -> None:
    # Seen from seat 0 both the 4s and the 9s are unseen alike, so the odds are equal
    # and the tie goes to the first move; the sample's 4♠ makes no difference.
    position = complete(LAY_SETUP)
    moves = candidate_moves(position)
    other = position._replace(hands=(position.hands[0], cards("9SKH")))
    assert (greedy_move(position, moves, None, BLIND | TAKERS)
            == greedy_move(other, moves, None, BLIND | TAKERS))


def test_leftover_credits_the_next_leader_with_the_table() -> None:
    # A deal end: seat 1 leads the next deal; the table keeps A♦ and 7♣, which no card
    # of seat 1 sweeps.
    start = complete("rules=2p dealer=0 turn=1 hands=2H3S/5D6D loose=ADTC played=12")
    plain = deal_value(start, start, 0, PLAIN)
    leftover = deal_value(start, start, 0, LEFTOVER)
    expected = LEFTOVER_POINT_SHARE * 1 + LEFTOVER_CARD_WORTH * 2
    assert plain - leftover == pytest.approx(expected)
    assert deal_value(start, start, 1, LEFTOVER) == pytest.approx(-leftover)

