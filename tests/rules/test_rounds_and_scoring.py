"""docs/rules.md §2 (dealing), §6 (end of round), §7 (scoring), §8 (winning)."""

import random

import pytest

from diloti_desktop.rules import (
    IllegalMoveError,
    Position,
    Ruleset,
    legal_moves,
    new_match,
    next_round,
    parse_cards,
    play_unchecked,
)
from diloti_desktop.rules.engine import _start_round
from diloti_desktop.rules.events import DealDealt, RoundStarted
from diloti_desktop.rules.position import MATCH_OVER, PLAY, ROUND_OVER
from diloti_desktop.rules.scoring import match_winner, score_side

from .helpers import play, pos


def test_scoring_example_of_rules_md():
    # 28 cards, two aces, 10♦, no 2♣, one xeri = 4 + 2 + 2 + 0 + 10 = 18
    cards = parse_cards("ASAHTD") | parse_cards(
        "3S3H3D3C4S4H4D4C5S5H5D5C6S6H6D6C7S7H7D7C8S8H8D8C9S")
    assert cards.bit_count() == 28
    side = score_side(cards, 1, 0, Ruleset())
    assert (side.majority, side.aces, side.ten_of_diamonds, side.two_of_clubs) == (4, 2, 2, 0)
    assert side.total == 18


def test_no_majority_at_26_each():
    half = (1 << 26) - 1
    assert score_side(half, 0, 0, Ruleset()).majority == 0
    assert score_side(half << 26, 0, 0, Ruleset()).majority == 0


def test_a_new_match_deals_six_each_and_four_to_the_table():
    for players, stock in ((2, 36), (4, 24)):
        p, events = new_match(Ruleset(players=players), random.Random(3))
        assert all(h.bit_count() == 6 for h in p.hands)
        assert p.loose.bit_count() == 4 and len(p.stock) == stock
        assert p.turn == (p.dealer + 1) % players
        assert isinstance(events[0], RoundStarted) and events[1] == DealDealt(1, p.turn)


def test_same_seed_same_game_whatever_the_global_random_state():
    random.seed(1)
    a = new_match(Ruleset(), random.Random(42))[0]
    random.seed(2)
    random.random()
    b = new_match(Ruleset(), random.Random(42))[0]
    assert a == b


def test_rounds_have_four_deals_with_two_players_and_two_with_four():
    for players, deals in ((2, 4), (4, 2)):
        p = new_match(Ruleset(players=players), random.Random(5))[0]
        chooser = random.Random(0)
        seen_deals = 1
        while p.phase == PLAY:
            before = len(p.stock)
            p = play_unchecked(p, chooser.choice(list(legal_moves(p))))
            if len(p.stock) < before:
                seen_deals += 1
                assert p.turn == (p.dealer + 1) % players
                assert p.table_cards  # nothing is added to the table, but it is not cleared
        assert seen_deals == deals
        assert p.played == 52 - 4


class _LayoutRigger(random.Random):
    """Puts three kings in the layout on the first shuffle, then shuffles honestly."""

    def __init__(self) -> None:
        super().__init__(9)
        self.first = True

    def shuffle(self, x):  # type: ignore[override]
        super().shuffle(x)
        if self.first:
            self.first = False
            kings = [c for c in x if c >= 48][:3]
            others = [c for c in x if c not in kings]
            x[:] = others[:12] + kings + others[12:]


def _template(rules: Ruleset) -> Position:
    return Position.parse(f"rules={rules.notation()} dealer=0")


def test_layout_redeal_on_three_faces_of_a_rank():
    p, events = _start_round(_template(Ruleset()), _LayoutRigger())
    assert events[0].layout_redeals >= 1
    assert (p.loose & parse_cards("KSKHKDKC")).bit_count() < 3
    assert all(h.bit_count() == 6 for h in p.hands) and len(p.stock) == 36


def test_layout_redeal_jacks_only_and_off():
    for notation in ("2p,redeal=jacks", "2p,redeal=off"):
        p, events = _start_round(_template(Ruleset.parse(notation)), _LayoutRigger())
        assert events[0].layout_redeals == 0
        assert (p.loose & parse_cards("KSKHKDKC")).bit_count() == 3


def test_match_winner_rules():
    assert match_winner((60, 10), 61) == -1
    assert match_winner((61, 10), 61) == 0
    assert match_winner((70, 75), 61) == 1
    assert match_winner((70, 70), 61) == -1  # tied above the target: play another round


def test_round_end_scores_and_the_deal_passes():
    p = pos("hands=5C/- loose=5S played=47 dealer=1 score=50/3")
    after = play(p, "5C x 5S")  # a xeri (10), two cards, no point card
    assert after.phase == ROUND_OVER and after.scores == (60, 3) and after.winner == -1
    won = play(p._replace(scores=(51, 3)), "5C x 5S")
    assert won.phase == MATCH_OVER and won.winner == 0 and won.scores == (61, 3)
    with pytest.raises(IllegalMoveError, match="match is over"):
        next_round(won, random.Random(1))
    tied = pos("hands=5C/- loose=5S played=47 dealer=1 score=51/61")
    after = play(tied, "5C x 5S")
    assert after.scores == (61, 61) and after.phase == ROUND_OVER and after.winner == -1
    nxt, _ = next_round(after, random.Random(1))
    assert nxt.dealer == 0 and nxt.round_no == 2 and nxt.scores == (61, 61)
    assert nxt.captured == (0, 0) and nxt.phase == PLAY


def test_next_round_refuses_when_the_round_is_not_over():
    with pytest.raises(IllegalMoveError, match="not over"):
        next_round(pos("hands=5C/-"), random.Random(1))
