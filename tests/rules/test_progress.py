"""The deal number and the points a round has already secured (rules/progress.py)."""

from __future__ import annotations

import random

import pytest

from diloti_desktop.rules import Position, Ruleset, apply, legal_moves, new_match
from diloti_desktop.rules.events import RoundScored
from diloti_desktop.rules.position import PLAY
from diloti_desktop.rules.progress import (
    MAJORITY_NOBODY,
    MAJORITY_OPEN,
    deals_per_round,
    majority_holder,
    round_progress,
)


@pytest.mark.parametrize(("players", "deals"), [(2, 4), (4, 2)])
def test_a_round_is_played_in_its_deals_six_cards_a_hand_each(players: int, deals: int) -> None:
    assert deals_per_round(players) == deals
    rng = random.Random(players)
    position, _events = new_match(Ruleset(players=players), random.Random(8))
    seen: list[int] = []
    previous = None
    while position.phase == PLAY:
        progress = round_progress(position)
        seen.append(progress.deal)
        assert progress.deals == deals
        if previous is not None:
            # Secured points and captured cards only ever grow during a round.
            assert all(now >= before for now, before in zip(progress.points, previous.points,
                                                            strict=True))
            assert progress.cards_left <= previous.cards_left
        previous = progress
        position, events = apply(position, rng.choice(list(legal_moves(position))))
    # Every seat plays six cards per deal.
    assert seen == [deal for deal in range(1, deals + 1) for _ in range(players * 6)]
    final = next(e for e in events if isinstance(e, RoundScored))
    assert previous is not None
    # The leftovers can only add to what was secured before the last card.
    assert all(side.total >= secured for side, secured in zip(final.breakdown, previous.points,
                                                              strict=True))


def test_secured_points_count_point_cards_xeris_and_a_settled_majority() -> None:
    position = Position.parse(
        "hands=6S9C/KC2S stock=2D3D4D5D7D8D9DJDQDKD2H3H loose=6D4H9S "
        "captured=AHADTD2CKS/AS3CQCQS xeri=1/0 played=9")
    progress = round_progress(position)
    you, north = progress.secured
    assert (you.aces, you.ten_of_diamonds, you.two_of_clubs, you.xeri_points) == (2, 2, 1, 10)
    assert progress.points == (15, 1)
    assert (you.cards, north.cards) == (5, 4)
    assert progress.cards_left == 52 - 9
    assert progress.majority == MAJORITY_OPEN
    assert progress.deal == 3  # 12 cards in the stock: one more deal of 6+6 is to come


def test_the_majority_is_settled_at_27_cards_or_by_a_26_26_split() -> None:
    assert majority_holder((27, 3), 22) == 0
    assert majority_holder((10, 27), 15) == 1
    assert majority_holder((26, 26), 0) == MAJORITY_NOBODY
    assert majority_holder((26, 24), 2) == MAJORITY_OPEN
    assert majority_holder((25, 26), 1) == MAJORITY_OPEN  # the last card decides
