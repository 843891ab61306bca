"""The list built for uncrowded tables against the lazy stream (rules/movelist.py).

``legal_moves`` builds the whole list at once while the table holds at most
``LIST_LIMIT`` loose numerals; ``lazy_legal_moves`` streams the same routine in growing
batches, with the unions of sums enumerated lazily. Both must give the very same moves in
the very same order, on hand-made positions and on every position of seeded games of each
ruleset (piles, families, owners, raises included).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings

from diloti_desktop.rules import MoveKind, Position, Ruleset, legal_moves, movegen, sums
from diloti_desktop.rules.cards import NUMERALS, value_sum
from diloti_desktop.rules.engine import new_match, next_round, play_unchecked
from diloti_desktop.rules.movegen import lazy_legal_moves
from diloti_desktop.rules.movelist import LIST_LIMIT, sum_groups, unions
from diloti_desktop.rules.position import PLAY, ROUND_OVER
from diloti_desktop.rules.sums import groups_of
from tests.rules.test_bounded import RULESETS, positions


def _listed(position: Position) -> bool:
    return (position.loose & NUMERALS).bit_count() <= LIST_LIMIT


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions((0, LIST_LIMIT)))
def test_the_list_is_the_lazy_enumeration(position: Position) -> None:
    assert _listed(position)
    assert list(legal_moves(position)) == list(lazy_legal_moves(position))


def test_the_list_equals_the_lazy_enumeration_in_seeded_games() -> None:
    """Every position of up to 20 rounds per ruleset, declarations favoured so that piles,
    families, owned piles and raises are frequent."""
    kinds: Counter[MoveKind] = Counter()
    with_piles = owned = compared = 0
    for text in RULESETS:
        rules = Ruleset.parse(text)
        rng = random.Random(f"movelist {text}")
        position, _ = new_match(rules, rng)
        for _round in range(20):
            while position.phase == PLAY:
                moves = list(legal_moves(position))
                if _listed(position):
                    assert moves == list(lazy_legal_moves(position)), position.notation()
                    compared += 1
                    kinds.update(m.kind for m in moves)
                    with_piles += bool(position.piles)
                    owned += position.pile_owned_by(position.turn) is not None
                declarations = [m for m in moves if m.kind >= MoveKind.BUILD]
                pool = declarations if declarations and rng.random() < 0.6 else moves
                position = play_unchecked(position, rng.choice(pool))
            if position.phase == ROUND_OVER:
                position, _ = next_round(position, rng)
            else:  # the match is over: another one
                position, _ = new_match(rules, rng)
    assert compared > 5_000
    assert with_piles > 1_000 and owned > 500
    assert all(kinds[kind] > 100 for kind in MoveKind), kinds


def test_unions_in_the_order_of_the_lazy_generator() -> None:
    groups = [0b11, 0b100, 0b1000, 0b110, 0b10000]
    assert unions(groups) == list(movegen.iter_unions(groups))
    assert unions(groups) == [0b11, 0b100, 0b111, 0b1000, 0b1011, 0b1100, 0b1111, 0b110,
                              0b1110, 0b10000, 0b10011, 0b10100, 0b10111, 0b11000,
                              0b11011, 0b11100, 0b11111, 0b10110, 0b11110]
    assert unions([]) == []


def test_unions_of_the_sums_of_random_tables() -> None:
    rng = random.Random(11)
    for _ in range(3_000):
        table = sum(1 << card for card in rng.sample(range(40), rng.randint(1, 10)))
        groups = list(sum_groups(table)[rng.randint(1, 10)])
        rng.shuffle(groups)
        groups = groups[: rng.randint(0, 7)]
        assert unions(groups) == list(movegen.iter_unions(groups)), groups


def test_the_sum_groups_are_every_subset_in_depth_first_order() -> None:
    def depth_first(cards: list[int]) -> list[int]:  # every subset, a card then its extensions
        order: list[int] = []
        for index, card in enumerate(cards):
            order.append(1 << card)
            order.extend(1 << card | rest for rest in depth_first(cards[index + 1:]))
        return order

    rng = random.Random(12)
    for size in list(range(11)) * 20:
        cards = sorted(rng.sample(range(40), size))
        table = sum(1 << card for card in cards)
        expected = [[s for s in depth_first(cards) if value_sum(s) == total]
                    for total in range(11)]
        expected[0] = []
        assert groups_of(table) == expected
        assert sum_groups(table) == expected


def test_crowded_tables_stay_lazy() -> None:
    loose = "AHAD2H2D2C3H4S4D4C5S"  # 10 numerals: listed; one more and it is generated
    listed = Position.parse(f"rules=2p hands=TH9D/- loose={loose} played=10")
    crowded = Position.parse(f"rules=2p hands=TH9D/- loose={loose}5H played=10")
    assert isinstance(legal_moves(listed), type(iter([])))
    assert not isinstance(legal_moves(crowded), type(iter([])))
    assert list(legal_moves(crowded)) == list(lazy_legal_moves(crowded))


@pytest.mark.slow
def test_partition_of_a_few_cards_is_the_count_based_answer() -> None:
    """Up to 8 cards ``partition`` searches the groups directly; the answer must be the one
    of the count-based search it uses for more cards."""
    def count_based(cards: int, value: int) -> list[int] | None:
        if not sums.can_partition(cards, value):
            return None
        groups = []
        while cards:
            group = sums._first_group(cards, cards & -cards, value)
            groups.append(group)
            cards &= ~group
        return groups

    rng = random.Random(13)
    splits = 0
    for _ in range(4_000):
        value = rng.randint(1, 10)
        pool, cards = NUMERALS, 0
        for _group in range(rng.randint(1, 4)):  # a union of sums of ``value``...
            choices = [g for g in sum_groups(pool)[value] if (cards | g).bit_count() <= 8]
            if not choices:
                break
            cards |= (group := rng.choice(choices))
            pool &= ~group
        if rng.random() < 0.3:  # ... or not quite
            cards ^= 1 << rng.randrange(52)
        for asked in (value, rng.randint(0, 12)):
            if cards.bit_count() <= 8:
                answer = sums.partition(cards, asked)
                assert answer == count_based(cards, asked), (cards, asked)
                splits += answer is not None
    assert splits > 2_000
