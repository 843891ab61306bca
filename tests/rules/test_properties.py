"""Property tests over thousands of random seeded games, 2 and 4 players, several rule sets."""

import random

import pytest

from diloti_desktop.rules import (
    CARDS,
    IllegalMoveError,
    Move,
    MoveKind,
    Position,
    Ruleset,
    apply,
    legal_moves,
    new_match,
    next_round,
)
from diloti_desktop.rules.cards import FULL_DECK, iter_cards
from diloti_desktop.rules.events import RoundScored
from diloti_desktop.rules.position import PLAY, ROUND_OVER

RULESETS = [
    "2p", "4p", "2p,takeall,onegroup", "2p,locked,xeristaki,x5", "2p,selfraise,raiseloose",
    "4p,partnerraise,firstxeri,redeal=off", "4p,raiseloose,xeristaki,t101",
]
ROUNDS_PER_RULESET = 500


def _check_cards(p: Position) -> None:
    seen = 0
    for mask in p.accounted_cards():
        assert not seen & mask, f"a card is in two places in {p}"
        seen |= mask
    assert seen == FULL_DECK, f"cards missing from {p}"


def _random_candidate(p: Position, rng: random.Random) -> Move:
    """A random well-formed move that may or may not be legal."""
    hand = list(iter_cards(p.hands[p.turn]))
    card = rng.choice(hand) if hand and rng.random() < 0.9 else rng.choice(CARDS)
    loose = [c for c in iter_cards(p.loose) if c != card and rng.random() < 0.4]
    mask = 0
    for c in loose:
        mask |= 1 << c
    piles = tuple(pile.cards for pile in p.piles if rng.random() < 0.4)
    kind = MoveKind(rng.randrange(5))
    if kind == MoveKind.LAY:
        return Move(kind, int(card), 0)
    if not mask and not piles:
        mask = 0
        kind = MoveKind.LAY
        return Move(kind, int(card), 0)
    value = card.rank if kind == MoveKind.CAPTURE else rng.randint(1, 10)
    if kind == MoveKind.CAPTURE and not card.is_face:
        value = card.value
    return Move(kind, int(card), value, mask, tuple(sorted(piles, key=lambda m: m & -m)))


# The plain 2- and 4-player rules in the fast tier, the variants in the slow tier.
@pytest.mark.parametrize("notation", [
    n if n in ("2p", "4p") else pytest.param(n, marks=pytest.mark.slow) for n in RULESETS])
def test_random_games_keep_every_invariant(notation):
    rules = Ruleset.parse(notation)
    rng = random.Random(notation)
    rounds = 0
    p, _ = new_match(rules, random.Random(notation + '/deal'))
    while rounds < ROUNDS_PER_RULESET:
        if p.phase != PLAY:
            if p.phase == ROUND_OVER:
                p, _ = next_round(p, rng)
            else:
                p, _ = new_match(rules, rng)
            continue
        _check_cards(p)
        moves = list(legal_moves(p))
        assert moves, f"no legal move in {p}"
        assert len(set(moves)) == len(moves), f"duplicate moves in {p}"
        if rng.random() < 0.1:  # nothing outside legal_moves is accepted, with a reason
            candidate = _random_candidate(p, rng)
            if candidate not in moves:
                with pytest.raises(IllegalMoveError) as refused:
                    apply(p, candidate)
                assert refused.value.reason
        move = moves[rng.randrange(len(moves))]
        before_stock = len(p.stock)
        after, events = apply(p, move)
        if len(after.stock) < before_stock or after.phase != PLAY:
            # the deal ended (and the next was dealt, or the round scored): no pile survived
            assert after.piles == (), f"a pile survived the end of a deal after {move} in {p}"
        if after.phase != PLAY:
            rounds += 1
            _check_cards(after)
            scored = next(e for e in events if isinstance(e, RoundScored))
            first, second = scored.breakdown
            if (after.captured[0] | after.captured[1]) == FULL_DECK:
                base = 7 if first.cards == second.cards == 26 else 11
                bonus = sum(s.xeri_points + s.xeristaki_points for s in scored.breakdown)
                assert first.total + second.total == base + bonus
                assert first.cards + second.cards == 52
            assert after.scores == (p.scores[0] + first.total, p.scores[1] + second.total)
        p = after
