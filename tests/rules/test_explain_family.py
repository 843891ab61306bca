"""The refusal of a lay by a pile's owner asks whether a family is possible without
listing every move: it must agree with the full list."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from diloti_desktop.rules import MoveKind, Position, legal_moves
from diloti_desktop.rules.cards import CARDS, FULL_DECK, format_cards
from diloti_desktop.rules.explain import _family_possible


@st.composite
def owned_piles(draw: st.DrawFn) -> Position:
    """Seat 0 to play, owning a plain pile, often holding a card of its value (without
    one no family is possible), with up to eight loose numerals."""
    ruleset = draw(st.sampled_from(["2p", "2p,selfraise", "2p,locked", "4p",
                                    "4p,partnerraise,raiseloose"]))
    players = 4 if ruleset.startswith("4p") else 2
    order = draw(st.permutations([c for c in range(52) if not CARDS[c].is_face]))
    first, second = order[0], order[1]
    value = CARDS[first].value + CARDS[second].value
    assume(value <= 10)
    rest = order[2:]
    keeper = [c for c in rest if CARDS[c].value == value][:1] if draw(st.booleans()) else []
    others = [c for c in rest if c not in keeper]
    hand = keeper + others[: draw(st.integers(1, 4))]
    loose = others[len(hand) - len(keeper):][: draw(st.integers(0, 8))]
    hand_mask = sum(1 << c for c in hand)
    loose_mask = sum(1 << c for c in loose)
    pile_mask = 1 << first | 1 << second
    captured = FULL_DECK & ~(hand_mask | loose_mask | pile_mask)
    hands = "/".join([format_cards(hand_mask), *["-"] * (players - 1)])
    return Position.parse(
        f"rules={ruleset} turn=0 hands={hands} loose={format_cards(loose_mask)} "
        f"piles=P{value}@0:{format_cards(pile_mask)} captured={format_cards(captured)}/- "
        f"played=20")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(owned_piles())
def test_a_family_with_the_own_pile_is_found_exactly_when_the_list_has_one(
        position: Position) -> None:
    own = next((pile for pile in position.piles if pile.owner == position.turn), None)
    assert own is not None
    listed = any(move.kind == MoveKind.FAMILY and own.cards in move.piles
                 for move in legal_moves(position))
    assert _family_possible(position, own) == listed


def test_on_a_crowded_table_the_answer_needs_a_card_of_the_pile_s_value() -> None:
    # Twenty-odd loose numerals: the full list is huge, the answer needs only the families
    # of one group each. 4S with a loose group of 5 makes a family of 9 with the pile,
    # but only while the owner keeps a 9 to take it later.
    table = ("loose=AHAD2H2D2C3H3S4D4C5S5H6S6H6D7S7H7D8S8C9S9H "
             "piles=P9@0:3D6C captured=-/- played=20")
    keeps = Position.parse(f"rules=2p turn=0 hands=4S9C/- {table}")
    assert _family_possible(keeps, keeps.piles[0])
    lacks = Position.parse(f"rules=2p turn=0 hands=4S5C/- {table}")
    assert not _family_possible(lacks, lacks.piles[0])
