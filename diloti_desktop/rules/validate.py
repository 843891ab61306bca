"""Whether a position could have arisen in a real game: the check behind restoring a save.

:func:`validate_position` accepts every position that legal play reaches from a deal
(``new_match``, ``apply``, ``next_round``) and refuses, with an
:class:`InvalidPositionError` whose ``reason`` a player can read, anything else: cards
missing or doubled, hands that do not match the deal, a player to move who cannot move,
impossible counters, numbers out of any reachable range. It costs a few microseconds and
never enumerates moves, so it is safe on the frame thread.

What legal play guarantees, and so what is checked (``n`` players, ``p`` cards played
this round, a deal being ``6 n`` cards, ``k = p mod 6n`` of them played in the current
deal):

- The 52 cards are each in exactly one place: a hand, the stock, the table (loose or in
  one pile), or one side's capture pile.
- While a round is in play, ``p < 48`` and ``p // 6n + 1`` deals have been dealt, so the
  stock holds ``48 - 6n (p // 6n + 1)`` cards. The player after the dealer leads each
  deal, so the seat to move is ``dealer + 1 + k`` and a seat ``i`` places after the
  leader has played ``ceil((k - i) / n)`` of its six cards.
- No pile survives the end of a deal, and a pile's owner always keeps a card of the
  pile's value (RULES.md §4, the obligations). Together with a card in hand that means
  the player to move always has a legal move: the owner of a pile can take it, anyone
  else can lay a numeral, and a face card can be laid unless a loose face card of its
  rank lies there, which it may then take.
- Everything played this round and the four cards of the layout are on the table or
  captured; a side with a xeri has captured; the last capturer's side has cards; the
  counters of xeri and xeristaki cannot exceed the cards played.
- Scores only grow by what rounds can score, and nobody has won while the match goes on.

A round that is over has empty hands and stock, 48 cards played, and the leftovers went
to the last capturer (they stay on the table only when nobody captured).
"""

from __future__ import annotations

from typing import Final

from diloti_desktop.i18n import _, ngettext
from diloti_desktop.rules.cards import FULL_DECK, NUMERALS, RANK_MASK
from diloti_desktop.rules.errors import DilotiError
from diloti_desktop.rules.position import MATCH_OVER, NO_SEAT, PLAY, ROUND_OVER, Position
from diloti_desktop.rules.ruleset import XERISTAKI_POINTS
from diloti_desktop.rules.scoring import match_winner, score_round

#: Limits on numbers that no real game comes near; anything above is refused.
MAX_ROUND: Final = 10_000
MAX_TARGET: Final = 10_000
MAX_XERI_POINTS: Final = 100

_CARDS_PER_DEAL: Final = 6
_LAYOUT: Final = 4
_PLAYED_PER_ROUND: Final = 52 - _LAYOUT
#: Points a round can give one side besides its xeris and xeristakia: 4 for the
#: majority, 4 Aces, 10♦ (2) and 2♣ (1).
_BASE_POINTS: Final = 11


class InvalidPositionError(DilotiError):
    """A position no legal game reaches; ``reason`` says what is wrong, for the player."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def validate_position(position: Position) -> None:
    """Raise :class:`InvalidPositionError` unless ``position`` is reachable in a real game.

    See the module docs for what is checked. Positions that legal play reaches always
    pass (a property test plays thousands of games with every variant to show it).
    """
    _check_numbers(position)
    _check_cards(position)
    if position.phase == PLAY:
        _check_deal(position)
        _check_piles(position)
        _check_can_move(position)
    else:
        _check_round_over(position)
    _check_counters(position)
    _check_scores(position)


def _fail(reason: str) -> InvalidPositionError:
    return InvalidPositionError(reason)


def _check_numbers(position: Position) -> None:
    rules = position.rules
    players = rules.players
    if players not in (2, 4):
        raise _fail(_("a game has 2 or 4 players, not {count}").format(count=players))
    if not 1 <= rules.target <= MAX_TARGET:
        raise _fail(_("the target of {target} points is out of range").format(
            target=rules.target))
    if not 0 <= rules.xeri_points <= MAX_XERI_POINTS:
        raise _fail(_("a xeri worth {points} points is out of range").format(
            points=rules.xeri_points))
    if not 1 <= position.round_no <= MAX_ROUND:
        raise _fail(_("round {number} is out of range").format(number=position.round_no))
    if position.phase not in (PLAY, ROUND_OVER, MATCH_OVER):
        raise _fail(_("the phase of the game is unknown"))
    if not 0 <= position.dealer < players:
        raise _fail(_("the dealer sits at seat {seat}, which does not exist").format(
            seat=position.dealer))
    if not 0 <= position.turn < players:
        raise _fail(_("the player to move sits at seat {seat}, which does not exist").format(
            seat=position.turn))
    if len(position.hands) != players:
        raise _fail(_("there are {count} hands for {players} players").format(
            count=len(position.hands), players=players))
    if not 0 <= position.played <= _PLAYED_PER_ROUND:
        raise _fail(_("{count} cards played in one round is impossible").format(
            count=position.played))
    if position.last_capturer != NO_SEAT and not 0 <= position.last_capturer < players:
        raise _fail(_("there is no seat {seat} for the last capture").format(
            seat=position.last_capturer))
    for pair in (position.captured, position.xeris, position.xeristakia, position.scores):
        if len(pair) != 2 or any(value < 0 for value in pair):
            raise _fail(_("a side's counter is negative or missing"))


def _check_cards(position: Position) -> None:
    seen = 0
    count = 0
    for mask in position.accounted_cards():
        if mask & ~FULL_DECK or mask < 0:
            raise _fail(_("a card that is not in the deck"))
        if seen & mask:
            raise _fail(_("a card is in two places at once"))
        seen |= mask
        count += mask.bit_count()
    if len(position.stock) != len(set(position.stock)) or any(
            not 0 <= card < 52 for card in position.stock):
        raise _fail(_("a card is in two places at once"))
    if seen != FULL_DECK:
        missing = (FULL_DECK & ~seen).bit_count()
        raise _fail(_("{missing} of the 52 cards are missing").format(missing=missing))


def _check_deal(position: Position) -> None:
    players = position.rules.players
    per_deal = _CARDS_PER_DEAL * players
    played = position.played
    if played >= _PLAYED_PER_ROUND:
        raise _fail(_("every card of the round was played but the round is not over"))
    deals = played // per_deal + 1
    stock = _PLAYED_PER_ROUND - per_deal * deals
    if len(position.stock) != stock:
        raise _fail(_("the stock holds {count} cards but should hold {expected}").format(
            count=len(position.stock), expected=stock))
    in_deal = played % per_deal
    leader = (position.dealer + 1) % players
    expected_turn = (leader + in_deal) % players
    if position.turn != expected_turn:
        raise _fail(_("seat {seat} is to move but it is seat {expected}'s turn").format(
            seat=position.turn, expected=expected_turn))
    for seat, hand in enumerate(position.hands):
        offset = (seat - leader) % players
        spent = (in_deal - offset + players - 1) // players if in_deal > offset else 0
        expected = _CARDS_PER_DEAL - spent
        if hand.bit_count() != expected:
            raise _fail(_("seat {seat} holds {count} cards but should hold {expected}").format(
                seat=seat, count=hand.bit_count(), expected=expected))
    on_table = position.table_cards.bit_count()
    captured = position.captured[0].bit_count() + position.captured[1].bit_count()
    if on_table + captured != _LAYOUT + played:
        raise _fail(_("the cards on the table and captured do not add up to those played"))


def _check_piles(position: Position) -> None:
    players = position.rules.players
    if position.played % (_CARDS_PER_DEAL * players) == 0 and position.piles:
        raise _fail(_("a pile is on the table at the start of a deal"))
    owners: set[int] = set()
    for pile in position.piles:
        if not 0 <= pile.owner < players or pile.owner in owners:
            raise _fail(_("a pile has no owner or a player owns two piles"))
        owners.add(pile.owner)
        if not 1 <= pile.value <= 10 or pile.cards & ~NUMERALS:
            raise _fail(_("a pile holds a card it cannot hold"))
        if not position.hands[pile.owner] & RANK_MASK[pile.value]:
            raise _fail(_("the owner of the pile of {value} holds no {value} to take it "
                          "with").format(value=pile.value))


def _check_can_move(position: Position) -> None:
    """The player to move has a legal move (see the module docs for why a card suffices).

    A pile's owner can take the own pile (``_check_piles`` made sure of the card); anyone
    else can lay a numeral, and a face card is either laid or, when a loose face card of
    its rank is there, takes it.
    """
    if not position.hands[position.turn]:
        raise _fail(_("the player to move has no cards"))


def _check_round_over(position: Position) -> None:
    if any(position.hands) or position.stock:
        raise _fail(_("the round is over but cards are still to be played"))
    if position.played != _PLAYED_PER_ROUND:
        raise _fail(_("the round is over after {count} cards instead of {expected}").format(
            count=position.played, expected=_PLAYED_PER_ROUND))
    if position.last_capturer != NO_SEAT and position.table_cards:
        raise _fail(_("cards are left on the table after the round"))
    if position.piles and position.last_capturer == NO_SEAT:
        raise _fail(_("a pile is on the table after the round"))


def _check_counters(position: Position) -> None:
    rules = position.rules
    captured = position.captured
    if position.last_capturer == NO_SEAT:
        if captured[0] or captured[1]:
            raise _fail(_("cards were captured but nobody made a capture"))
    elif not captured[position.last_capturer & 1]:
        raise _fail(_("the last capture left no cards with its side"))
    for side in (0, 1):
        if (position.xeris[side] or position.xeristakia[side]) and not captured[side]:
            raise _fail(_("a side scored a xeri without capturing"))
    sweeps = sum(position.xeris) + sum(position.xeristakia)
    if sweeps > position.played:
        raise _fail(_("more xeris than cards played"))
    if not rules.xeristaki and any(position.xeristakia):
        raise _fail(_("a xeristaki was scored but the rules do not have it"))


def _round_points(position: Position) -> int:
    rules = position.rules
    return _BASE_POINTS + _PLAYED_PER_ROUND * max(rules.xeri_points, XERISTAKI_POINTS)


def _check_scores(position: Position) -> None:
    rules = position.rules
    finished_rounds = position.round_no - (1 if position.phase == PLAY else 0)
    ceiling = finished_rounds * _round_points(position)
    if any(score > ceiling for score in position.scores):
        raise _fail(ngettext("a score of {score} is more than {rounds} round can give",
                             "a score of {score} is more than {rounds} rounds can give",
                             finished_rounds).format(score=max(position.scores),
                                                     rounds=finished_rounds))
    winner = match_winner(position.scores, rules.target)
    if position.phase == MATCH_OVER:
        if winner == NO_SEAT or position.winner != winner:
            raise _fail(_("the match is marked over but the scores do not say who won"))
        return
    if winner != NO_SEAT:
        raise _fail(_("a side has already won the match"))
    if position.winner != NO_SEAT:
        raise _fail(_("the match has a winner but is not over"))
    if position.phase == ROUND_OVER:
        breakdown = score_round(position.captured, position.xeris, position.xeristakia, rules)
        if any(position.scores[side] < breakdown[side].total for side in (0, 1)):
            raise _fail(_("the scores are lower than the round just played gives"))


__all__ = ["MAX_ROUND", "MAX_TARGET", "MAX_XERI_POINTS", "InvalidPositionError",
           "validate_position"]
