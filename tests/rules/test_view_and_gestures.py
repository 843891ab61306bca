"""The per-seat view hides what a seat cannot see; gestures resolve to legal moves."""

import random

import pytest

from diloti_desktop.rules import (
    IllegalMoveError,
    Move,
    Position,
    Ruleset,
    find_moves,
    legal_moves,
    new_match,
    parse_cards,
    play_unchecked,
    resolve_gesture,
    seat_view,
    targets,
)
from diloti_desktop.rules.cards import FULL_DECK, RANK_MASK, Card
from diloti_desktop.rules.position import PLAY


def _midgame(seed: int, players: int = 2, moves: int = 9) -> Position:
    p = new_match(Ruleset(players=players), random.Random(seed))[0]
    chooser = random.Random(seed)
    for _ in range(moves):
        p = play_unchecked(p, chooser.choice(list(legal_moves(p))))
    return p


def test_the_view_hides_other_hands_and_the_stock_order():
    p = _midgame(4)
    seat = p.turn
    view = seat_view(p, seat)
    assert view.hand == p.hands[seat]
    assert all(h == 0 for s, h in enumerate(view.position.hands) if s != seat)
    assert view.position.stock == ()
    assert view.stock_size == len(p.stock)
    assert view.hand_sizes == tuple(h.bit_count() for h in p.hands)
    # two positions that differ only in hidden cards give the same view
    other = next(s for s in range(p.players) if s != seat)
    swapped_hand = p.hands[other]
    stock = list(p.stock)
    low = swapped_hand & -swapped_hand
    card_in_hand = low.bit_length() - 1
    hands = list(p.hands)
    hands[other] = swapped_hand & ~low | 1 << stock[0]
    stock[0] = card_in_hand
    shuffled = p._replace(hands=tuple(hands), stock=tuple(reversed(stock)))
    assert seat_view(shuffled, seat) == view
    assert list(legal_moves(view.position)) == list(legal_moves(p))


def test_samples_are_consistent_with_the_view():
    for seed in range(20):
        for players in (2, 4):
            p = _midgame(seed, players, moves=7)
            view = seat_view(p, p.turn)
            rng = random.Random(seed)
            for _ in range(10):
                s = view.sample(rng)
                assert seat_view(s, p.turn) == view
                total = 0
                for mask in s.accounted_cards():
                    assert not total & mask
                    total |= mask
                assert total == FULL_DECK
                for pile in s.piles:
                    assert s.hands[pile.owner] & RANK_MASK[pile.value], "owner holds its value"


def test_sampling_is_seeded():
    view = seat_view(_midgame(2), 0)
    assert view.sample(random.Random(5)) == view.sample(random.Random(5))


def test_the_owner_constraint_is_respected_in_samples():
    p = Position.parse("hands=2C3C/8D5D7C stock=8H8S8CKSKHKDQSQHQD9S9H9D loose=4H "
                       "piles=P8@1:3D5S played=4")
    view = seat_view(p, 0)
    rng = random.Random(1)
    for _ in range(50):
        assert view.sample(rng).hands[1] & RANK_MASK[8]


CARD = Card.parse


def test_gestures_resolve_to_exact_moves():
    p = Position.parse("hands=4C8C/KC loose=4S4H played=1")
    four = int(CARD("4C"))
    both = parse_cards("4S4H")
    assert [m.notation() for m in find_moves(p, four, both)] == ["4C x 4S 4H"]
    # one loose 4: capture it, declare 8 on it, or a family of 4s: three choices
    choices = {m.notation() for m in resolve_gesture(p, four, parse_cards("4S"))}
    assert choices == {"4C x 4S", "4C =8 4S"}
    assert [m.notation() for m in resolve_gesture(p, four)] == ["4C"]


def test_gesture_refusal_carries_the_reason():
    p = Position.parse("hands=7HTC/KC loose=2S piles=P8@0:3D5S played=1")
    with pytest.raises(IllegalMoveError) as refused:
        resolve_gesture(p, int(CARD("7H")))
    assert refused.value.reason == ("you own the plain 8, so you cannot lay 7♥; you may capture "
                                    "anywhere, or take your pile")
    # a family made with the pile is named only where one can be made (8♦ with it, 8♣ kept)
    p = Position.parse("hands=7H8C8D/KC loose=2S piles=P8@0:3D5S played=1")
    with pytest.raises(IllegalMoveError) as refused:
        resolve_gesture(p, int(CARD("7H")))
    assert refused.value.reason == ("you own the plain 8, so you cannot lay 7♥; you may capture, "
                                    "or declare a family that includes your pile")
    p = Position.parse("hands=6CTC/KC loose=5S2H played=1")
    with pytest.raises(IllegalMoveError) as refused:
        resolve_gesture(p, int(CARD("6C")), parse_cards("5S2H"))
    assert refused.value.reason == (
        "2♥ 5♠ add up to 7: 6♣ only takes cards adding up to 6 (or groups of 6)")


def test_a_refused_gesture_is_explained_as_the_likely_intent():
    p = Position.parse("hands=AHKC/KD loose=3H played=1")
    with pytest.raises(IllegalMoveError) as refused:
        resolve_gesture(p, int(CARD("AH")), parse_cards("3H"))
    assert refused.value.reason == "to declare 4 you must keep another card of value 4 in hand"
    p = Position.parse("hands=6CKC/KD loose=2H4H3S2S played=1")
    with pytest.raises(IllegalMoveError) as refused:  # 2+4+3+2 = 11: neither take nor declare
        resolve_gesture(p, int(CARD("6C")), parse_cards("2H4H3S2S"))
    assert "add up to 11" in refused.value.reason


def _refusal(position: str, card: str, loose: str = "", pile: str = "") -> str:
    """The reason a drop of ``card`` on ``loose`` cards (or on the pile ``pile``) is refused."""
    with pytest.raises(IllegalMoveError) as refused:
        resolve_gesture(Position.parse(position), int(CARD(card)),
                        parse_cards(loose) if loose else 0, [parse_cards(pile)] if pile else [])
    return refused.value.reason


def test_a_drop_that_only_a_declaration_or_a_raise_explains_is_refused_as_one():
    """Issue 25: 3♦ dropped on 9♦ cannot be a capture (a card never takes a higher one),
    6♥ dropped on a plain 5 never takes it: the refusal speaks of the declaration's and the
    raise's rule, not of a capture."""
    assert _refusal("hands=3D8CKH/4HJS loose=5S9D played=9", "3D", "9D") == (
        "3♦ and 9♦ add up to 12: a declared pile is 10 at most")
    assert _refusal("hands=AS6HKD/5H4C piles=P5@1:2C3D loose=9S played=11", "6H",
                    pile="2C3D") == "plain 5 plus 6♥ makes 11: a pile cannot go above 10"
    # a raise within 10 without a card of the new value: the raise's other rule
    assert _refusal("hands=2S6HKD/5H4C piles=P5@1:2C3D played=11", "2S", pile="2C3D") == (
        "to raise to 7 you must keep another card of value 7 in hand")
    # a family is never raised: said so, with the card that takes it
    assert _refusal("hands=3S9H/5H piles=F6@1:6D.6C played=11", "3S", pile="6C6D") == (
        "a family can never be raised; only a card of value 6 takes it")
    # lower cards that miss their sum still read as a capture gone wrong
    assert _refusal("hands=7S9H/5D loose=5C6H played=11", "7S", "5C6H").startswith(
        "5♣ 6♥ add up to 11: 7♠ only takes")


def test_targets_highlight_what_a_card_can_use():
    p = Position.parse("hands=8C3D/KC loose=5S2H6D9C piles=P8@1:4S4H played=1")
    loose, piles = targets(p, int(CARD("8C")))
    assert loose == parse_cards("2H6D")
    assert piles == {parse_cards("4S4H")}


def test_legal_moves_is_empty_after_the_round():
    p = _midgame(1)
    while p.phase == PLAY:
        p = play_unchecked(p, next(legal_moves(p)))
    assert list(legal_moves(p)) == []
    with pytest.raises(IllegalMoveError, match="round is over"):
        from diloti_desktop.rules import apply

        apply(p, Move.parse("2C"))


def test_a_drop_that_matches_one_legal_move_plays_it():
    # Issue 13: 9♥ dropped on 8♣ with A♦ on the table means 9♥ takes 8♣ and A♦.
    p = Position.parse("hands=9H5S/KC loose=8CAD4S played=3")
    nine, eight = int(CARD("9H")), parse_cards("8C")
    assert find_moves(p, nine, eight) == []
    assert targets(p, nine)[0] == parse_cards("8CAD")  # A♦ is lit while dragging
    assert [m.notation() for m in resolve_gesture(p, nine, eight)] == ["9H x AD 8C"]
    # two aces: two moves, the chooser
    p = Position.parse("hands=9H5S/KC loose=8CADAS played=3")
    assert [m.notation() for m in resolve_gesture(p, nine, eight)] == ["9H x AS 8C",
                                                                       "9H x AD 8C"]
    # nothing completes it: refused, and the reason speaks of one card as one card
    p = Position.parse("hands=9H5S/KC loose=8C3D played=3")
    with pytest.raises(IllegalMoveError) as refused:
        resolve_gesture(p, nine, eight)
    assert refused.value.reason == ("8♣ is worth 8: 9♥ takes only a card of value 9 or cards "
                                    "adding up to 9")


def test_inference_adds_the_fewest_cards_and_never_guesses_a_declaration():
    # 7♥ on 4♠ with 3♦, 2♣ and A♥ loose: 4+3 takes one card more than 4+2+A
    p = Position.parse("hands=7H9C/KC loose=4S3D2CAH played=3")
    moves = resolve_gesture(p, int(CARD("7H")), parse_cards("4S"))
    assert [m.notation() for m in moves] == ["7H x 3D 4S"]
    # 2♥ on 3♠ holding a 9, with 4♦ loose: declaring 9 would need 4♦ too; not guessed
    p = Position.parse("hands=2H9C/KC loose=3S4D played=3")
    with pytest.raises(IllegalMoveError):
        resolve_gesture(p, int(CARD("2H")), parse_cards("3S"))
