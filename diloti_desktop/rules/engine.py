"""Playing moves and running rounds and matches.

- :func:`new_match` and :func:`next_round` are the only places that draw random numbers,
  always from a ``random.Random`` the caller owns: the round's whole card order (and any
  layout redeal) is fixed when it starts, so the same seed gives the same game whatever
  the global random state.
- :func:`apply` checks a move (``legality.is_legal``: direct, polynomial, never a list of
  moves) and returns a *new* position with the events it caused; an illegal move, or any
  value that is not a well-formed move, raises :class:`IllegalMoveError` with the reason
  and changes nothing. :func:`play_unchecked` is the lean path for AI playouts, for legal
  moves only (taken from ``candidate_moves`` or ``legal_moves``).
- After the last card of a round the position is scored and enters the ``roundover``
  phase (or ``matchover`` when a side has won); :func:`next_round` deals the next one.

Decisions where the traditional rules are silent (following the two-player profile; also
listed in docs/rules.md §11):

- A capture's sums may be grouped any way; the move records only which cards it takes.
- Obligations bind only the owner; a pile can always be taken by its exact value.
- With "locked declarations" nobody may raise, and a family may absorb only the
  declarer's own pile (taking over another player's pile is a kind of raise).
- With "capture scope: take all", a numeral capture must include every loose card of its
  rank; face cards still take exactly one (docs/rules.md §3.3 fixes that).
- The first-card exception also applies to a xeristaki; a xeristaki is never scored
  together with a xeri (they exclude each other: a xeri leaves no pile).
- With "self raise" an owner may raise only the own pile, and never with the last card
  of its value (the obligation of §4 still holds for that card).
- If nobody captured in a round, the leftovers stay on the table (they belong to no side)
  until the next round is dealt.
"""

from __future__ import annotations

import random
from typing import Final, cast

from diloti_desktop.rules.cards import DECK_SIZE, RANK
from diloti_desktop.rules.errors import IllegalMoveError
from diloti_desktop.rules.events import (
    Captured,
    CardPlayed,
    DealDealt,
    Event,
    LeftoversTaken,
    MatchWon,
    PileDeclared,
    PileRaised,
    RoundScored,
    RoundStarted,
    Xeri,
    Xeristaki,
)
from diloti_desktop.rules.explain import move_text, why_illegal
from diloti_desktop.rules.legality import is_legal
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import (
    AT_CAPTURED,
    AT_DEALER,
    AT_HANDS,
    AT_LAST_CAPTURER,
    AT_LOOSE,
    AT_PILES,
    AT_PLAYED,
    AT_ROUND_NO,
    AT_RULES,
    AT_SCORES,
    AT_STOCK,
    AT_TURN,
    AT_XERIS,
    AT_XERISTAKIA,
    MATCH_OVER,
    NO_SEAT,
    PLAY,
    ROUND_OVER,
    Pile,
    Position,
)
from diloti_desktop.rules.ruleset import XERISTAKI_POINTS, Ruleset
from diloti_desktop.rules.scoring import SideScore, match_winner, score_round
from diloti_desktop.rules.sums import partition

CARDS_PER_DEAL: Final = 6
#: A NamedTuple (position, pile, event) from its fields without the keyword handling of
#: its constructor (the hot path; Final: the compiled build keeps these in C statics).
_new: Final = tuple.__new__
_POSITION: Final = Position
_RANDOM: Final = random.Random
LAY: Final = MoveKind.LAY
CAPTURE: Final = MoveKind.CAPTURE
BUILD: Final = MoveKind.BUILD
FAMILY: Final = MoveKind.FAMILY
LAYOUT_SIZE: Final = 4


# -- starting rounds and matches -------------------------------------------------------
def _needs_layout_redeal(layout: list[int], rules: Ruleset) -> bool:
    if rules.layout_redeal == "off":
        return False
    counts: dict[int, int] = {}
    for card in layout:
        rank = RANK[card]
        if rank > 10:
            counts[rank] = counts.get(rank, 0) + 1
    if rules.layout_redeal == "jacks":
        return counts.get(11, 0) >= 3
    return any(n >= 3 for n in counts.values())


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``: the very same draws and swaps. For a plain ``random.Random``
    the stdlib's algorithm (``shuffle`` with ``_randbelow_with_getrandbits``) runs here, so
    the compiled build makes its 51 draws a deal without an interpreted call each; any
    other generator (a subclass may draw otherwise) shuffles itself."""
    if type(rng) is not _RANDOM:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for index in range(len(cards) - 1, 0, -1):
        bound = index + 1
        bits = bound.bit_length()
        other = getrandbits(bits)
        while other >= bound:
            other = getrandbits(bits)
        cards[index], cards[other] = cards[other], cards[index]


def _start_round(template: Position, rng: random.Random) -> tuple[Position, list[Event]]:
    """Shuffle, deal the first six to each hand, lay four (redealing the layout if due)."""
    rules = template.rules
    players = rules.players
    deck = list(range(DECK_SIZE))
    shuffle(rng, deck)
    hands = [0] * players
    for index in range(players):
        seat = (template.dealer + 1 + index) % players
        hands[seat] = _mask(deck[index * CARDS_PER_DEAL : (index + 1) * CARDS_PER_DEAL])
    rest = deck[players * CARDS_PER_DEAL :]
    layout, stock = rest[:LAYOUT_SIZE], rest[LAYOUT_SIZE:]
    redeals = 0
    while _needs_layout_redeal(layout, rules):
        stock = stock + layout
        shuffle(rng, stock)
        layout, stock = stock[:LAYOUT_SIZE], stock[LAYOUT_SIZE:]
        redeals += 1
    first = (template.dealer + 1) % players
    # the fields in order (``_replace`` is a Python-level method)
    position = _new(_POSITION, (rules, PLAY, template.round_no, template.dealer, first,
                                tuple(hands), tuple(stock), _mask(layout), (), (0, 0), (0, 0),
                                (0, 0), NO_SEAT, 0, template.scores, NO_SEAT))
    return position, [RoundStarted(template.round_no, template.dealer, redeals),
                      DealDealt(1, first)]


def new_match(rules: Ruleset, rng: random.Random) -> tuple[Position, list[Event]]:
    """A new match: the first dealer is drawn by lot, then the first round is dealt."""
    players = rules.players
    template = Position(
        rules=rules, phase=PLAY, round_no=1, dealer=rng.randrange(players), turn=0,
        hands=(0,) * players, stock=(), loose=0, piles=(), captured=(0, 0), xeris=(0, 0),
        xeristakia=(0, 0), last_capturer=NO_SEAT, played=0, scores=(0, 0), winner=NO_SEAT,
    )
    return _start_round(template, rng)


def next_round(position: Position, rng: random.Random) -> tuple[Position, list[Event]]:
    """Deal the next round after ``roundover``; the deal passes to the next seat."""
    if position.phase != ROUND_OVER:
        raise IllegalMoveError("the round is not over yet" if position.phase == PLAY
                               else "the match is over", position=position.notation())
    template = position._replace(round_no=position.round_no + 1,
                                 dealer=(position.dealer + 1) % position.rules.players)
    return _start_round(template, rng)


# -- playing moves ---------------------------------------------------------------------
def apply(position: Position, move: Move) -> tuple[Position, list[Event]]:
    """Play ``move``; returns the new position and its events. Raises IllegalMoveError."""
    if not is_legal(position, move):
        raise IllegalMoveError(why_illegal(position, move), move_text(move), position.notation())
    events: list[Event] = []
    return _play(position, move, events), events


def play_unchecked(position: Position, move: Move) -> Position:
    """Play a legal move (from ``candidate_moves``/``legal_moves``): no check, no events."""
    return _play(position, move, None)


def _family_pile(position: Position, move: Move, seat: int) -> tuple[Pile, Pile | None]:
    absorbed: Pile | None = None
    components: list[int] = []
    if move.piles:
        absorbed = next(p for p in position.piles if p.cards == move.piles[0])
        components.extend(absorbed.components if absorbed.family else (absorbed.cards,))
    groups = partition(move.loose | 1 << move.card, move.value)
    if groups is None:  # cannot happen for a generated move; keep the cards together
        groups = [move.loose | 1 << move.card]
    components.extend(groups)
    return Pile.make(move.value, True, seat, tuple(components)), absorbed


def _play(position: Position, move: Move, events: list[Event] | None) -> Position:
    # The fields are read by index: in pure Python a NamedTuple's attribute is a generic
    # attribute lookup, several times dearer than indexing the tuple.
    rules = position[AT_RULES]
    seat = position[AT_TURN]
    side = seat & 1
    kind, card, value, move_loose, move_piles = move
    bit = 1 << card
    hands = list(position[AT_HANDS])
    hands[seat] = hands[seat] & ~bit
    loose = position[AT_LOOSE]
    piles = position[AT_PILES]
    # The counters a move seldom changes pass through as the objects they are: read as
    # typed pairs, the compiled build would unpack each and build a new tuple for it.
    fields: tuple[object, ...] = position
    captured_field = fields[AT_CAPTURED]
    xeris_field = fields[AT_XERIS]
    xeristakia_field = fields[AT_XERISTAKIA]
    last_capturer = position[AT_LAST_CAPTURER]
    if events is not None:
        events.append(_new(CardPlayed, (seat, move)))

    if kind == LAY:
        loose |= bit
    elif kind == CAPTURE:
        taken = bit | move_loose
        loose &= ~move_loose
        taken_piles: tuple[Pile, ...] = ()
        if move_piles:
            taken_piles = tuple(p for p in piles if p.cards in move_piles)
            piles = tuple(p for p in piles if p.cards not in move_piles)
            for pile_cards in move_piles:
                taken |= pile_cards
        captured = position[AT_CAPTURED]
        captured_field = (captured[0] | taken, captured[1]) if side == 0 else (
            captured[0], captured[1] | taken)
        last_capturer = seat
        if events is not None:
            events.append(_new(Captured, (seat, side, taken, taken_piles)))
        if not loose and (position[AT_PLAYED] or rules.first_card_xeri):
            if not piles:
                xeris = position[AT_XERIS]
                xeris_field = (xeris[0] + 1, xeris[1]) if side == 0 else (xeris[0], xeris[1] + 1)
                if events is not None:
                    events.append(_new(Xeri, (seat, side, rules.xeri_points)))
            elif rules.xeristaki and len(piles) == 1:
                xeristakia = position[AT_XERISTAKIA]
                xeristakia_field = ((xeristakia[0] + 1, xeristakia[1]) if side == 0
                                    else (xeristakia[0], xeristakia[1] + 1))
                if events is not None:
                    events.append(_new(Xeristaki, (seat, side, XERISTAKI_POINTS)))
    elif kind == BUILD:
        loose &= ~move_loose
        cards = bit | move_loose
        pile = _new(Pile, (value, False, seat, (cards,), cards))
        piles = (*piles, pile)
        if events is not None:
            events.append(_new(PileDeclared, (seat, pile, None)))
    elif kind == FAMILY:
        loose &= ~move_loose
        pile, absorbed = _family_pile(position, move, seat)
        if absorbed is None:
            piles = (*piles, pile)
        else:
            piles = tuple(pile if p.cards == absorbed.cards else p for p in piles)
        if events is not None:
            events.append(_new(PileDeclared, (seat, pile, absorbed)))
    else:  # RAISE
        loose &= ~move_loose
        old = next(p for p in piles if p.cards == move_piles[0])
        cards = old.cards | bit | move_loose
        pile = _new(Pile, (value, False, seat, (cards,), cards))
        piles = tuple(pile if p is old else p for p in piles)
        if events is not None:
            events.append(_new(PileRaised, (seat, old, pile)))

    players = len(hands)  # one hand per seat (cheaper than the ruleset's attribute)
    turn = seat + 1 if seat + 1 < players else 0
    stock = position[AT_STOCK]
    phase = PLAY
    scores_field = fields[AT_SCORES]
    winner = NO_SEAT
    empty = not hands[seat]  # the player to move seldom played the last card of the deal
    if empty:
        for hand in hands:
            if hand:
                empty = False
                break
    if empty:
        if stock:  # the next deal: six more to everyone, nothing added to the table
            dealer = position[AT_DEALER]
            for index in range(players):
                target = (dealer + 1 + index) % players
                hand = 0
                for card in stock[index * CARDS_PER_DEAL : (index + 1) * CARDS_PER_DEAL]:
                    hand |= 1 << card
                hands[target] = hand
            stock = stock[players * CARDS_PER_DEAL :]
            turn = (dealer + 1) % players
            if events is not None:
                deal_no = (DECK_SIZE - LAYOUT_SIZE - len(stock)) // (players * CARDS_PER_DEAL)
                events.append(_new(DealDealt, (deal_no, turn)))
        else:  # the round is over: leftovers to the last capturer, then score it
            leftovers = loose
            for pile in piles:
                leftovers |= pile.cards
            captured = cast("tuple[int, int]", captured_field)
            if leftovers and last_capturer != NO_SEAT:
                winner_side = last_capturer & 1
                captured = ((captured[0] | leftovers, captured[1]) if winner_side == 0
                            else (captured[0], captured[1] | leftovers))
                captured_field = captured
                loose, piles = 0, ()
                if events is not None:
                    events.append(_new(LeftoversTaken, (winner_side, leftovers)))
            breakdown = score_round(captured, cast("tuple[int, int]", xeris_field),
                                    cast("tuple[int, int]", xeristakia_field), rules)
            scores = position[AT_SCORES]
            scores = (scores[0] + breakdown[0].total, scores[1] + breakdown[1].total)
            scores_field = scores
            winner = match_winner(scores, rules.target)
            phase = MATCH_OVER if winner != NO_SEAT else ROUND_OVER
            if events is not None:
                events.append(_new(RoundScored, (position[AT_ROUND_NO], breakdown, scores)))
                if winner != NO_SEAT:
                    events.append(_new(MatchWon, (winner, scores)))

    return _new(_POSITION, (rules, phase, fields[AT_ROUND_NO], fields[AT_DEALER], turn,
                            tuple(hands), stock, loose, piles, captured_field, xeris_field,
                            xeristakia_field, last_capturer, position[AT_PLAYED] + 1,
                            scores_field, winner))


def round_breakdown(position: Position) -> tuple[SideScore, SideScore]:
    """The current round's per-side breakdown (final once the round is over)."""
    return score_round(position.captured, position.xeris, position.xeristakia, position.rules)


__all__ = ["apply", "legal_moves", "new_match", "next_round", "play_unchecked",
           "round_breakdown"]
