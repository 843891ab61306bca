"""The coach: progressive hints, the reasons that teach, and the tutor's verdict.

Everything here is analysis that returns data (enums, numbers, card masks); the UI
phrases it (``ui/words/coach_words.py``). It runs on the hint engine (:mod:`hints`), which is
the AI's own evaluator, and on the same view a player has, so it never uses a hidden card.

- :func:`advise` turns the engine's ranking into an :class:`Advice`: the best move and
  the next two with how many points per round each loses against it, the
  :class:`Reason` list of each (most telling first), and a :class:`Nudge` that names the
  opportunity or the danger without giving the move away. The UI shows it in three steps
  (:data:`HINT_LEVELS`): the nudge, then the card, then the whole move.
- :func:`check` is the tutor: it grades a move the player is about to make against the
  best move from the player's own view, and when the loss is large enough to warn
  (:func:`hints.grade`'s verdicts, calibrated in :mod:`hints`) it gives one
  :class:`Reason` that says what goes wrong.

Reasons are built from facts a newcomer can check on the table: the card points taken
(aces, 10♦, 2♣), the race to 27 cards, the chance that an opponent holds the value of a
pile, what the played cards show ("all four 9s are gone"), the obligation to keep a card
for one's own pile, and the chance of a sweep (a xeri) with the cards that would make it.
"""

from __future__ import annotations

from enum import Enum
from math import comb
from typing import Final, NamedTuple

from diloti_desktop.ai.features import ACES, TEN_D_BIT, TWO_C_BIT, move_class, outcome, points
from diloti_desktop.ai.hints import (
    GRADE_LIMITS,
    RISKY,
    SAFE,
    Grade,
    Hint,
    MoveFacts,
    Verdict,
    grade_results,
    move_facts,
    verdict_for,
)
from diloti_desktop.ai.reasons import Reason, Why
from diloti_desktop.ai.refutation import Refutation, refute
from diloti_desktop.ai.search import MoveValue
from diloti_desktop.rules.cards import FACES, NUMERALS, RANK, RANK_MASK, iter_cards
from diloti_desktop.rules.movegen import sum_groups
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.scoring import MAJORITY_CARDS
from diloti_desktop.rules.view import SeatView

#: The steps of a progressive hint: 1 the nudge, 2 the card, 3 the whole move.
HINT_LEVELS: Final = 3
#: Verdicts the tutor stops a move for (the others go through at once).
WARN_VERDICTS: Final = frozenset({Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER})
#: Reasons shown with a hint (the first is the main one).
SHOWN_REASONS: Final = 2
#: A laid card the next player can use with at most this chance is called a safe lay.
LOW_CHANCE: Final = 0.35
#: When a lay is best, a capture graded this well against it is "a good move too": the
#: nudge says so instead of "nothing good to take" (the tutor would not warn about it).
CLOSE_VERDICTS: Final = frozenset({Verdict.BEST, Verdict.GOOD})
#: A loss below this is a near-tie: the move is as good as the best (the BEST limit).
TIE: Final = GRADE_LIMITS[0][0]
#: Reasons that speak against a move: never given as what a better move achieves.
AGAINST: Final = frozenset({Why.SWEEP_RISK, Why.POINTS_LOOSE})


class NudgeKind(Enum):
    """What the first step of a hint points at."""

    SWEEP = "sweep"            #: a capture clears the table
    TAKE = "take"              #: a capture (``cards``: the best card; ``value``: cards taken)
    TAKE_PILE = "take_pile"    #: a pile can be taken (an opponent's first; ``seat``: owner)
    BUILD = "build"            #: prepare a capture for the next turn (a declaration)
    FAMILY = "family"          #: join cards of one value (a family)
    RAISE = "raise"            #: raise a pile with one card
    DANGER = "danger"          #: laying some value gives the next player a sweep
    CLOSE_TAKE = "close_take"  #: a lay is best, but a capture grades as good too
                               #: (``cards``: its best card; ``value``: a pile's value)
    SAFE_LAY = "safe_lay"      #: nothing good to take: lay what gives least away
    OWN_PILE = "own_pile"      #: the side's own pile can be collected (``value``; ``seat``:
                               #: the partner who owns it, -1 for the player's own)
    ONLY = "only"              #: one move is possible: nothing to choose


class Nudge(NamedTuple):
    """The opportunity or danger of the position, without the move."""

    kind: NudgeKind
    cards: int = 0           #: table cards to name, or the card value at risk (DANGER)
    value: int = 0           #: a declared value, or the risky value (DANGER)
    seat: int = -1           #: the opponent concerned (the next player, a pile's owner)
    chance: float = 0.0


class Option(NamedTuple):
    """A move the coach shows, with its reasons."""

    move: Move
    loss: float              #: points per round behind the best (0 for the best)
    reasons: tuple[Reason, ...]
    facts: MoveFacts
    #: For an alternative worse than the best: the main difference that loses (the
    #: tutor's reason), or None when no difference a newcomer can check explains it.
    worse: Reason | None = None
    #: ``worse`` says what the best move achieves and this one does not (no difference
    #: of risk or of cards taken explains the loss).
    about_best: bool = False
    #: When no reason explains the loss: what happens next that shows it.
    refutation: Refutation | None = None


class Advice(NamedTuple):
    """Everything a progressive hint shows: the nudge, the best move, two alternatives."""

    nudge: Nudge
    best: Option
    alternatives: tuple[Option, ...]
    exact: bool              #: solved exactly rather than estimated by sampling
    only: bool = False       #: the best move is the only move (nothing to choose)


class TutorCheck(NamedTuple):
    """The tutor's look at a move about to be played."""

    grade: Grade
    warn: bool               #: whether to stop the move and show the panel
    reason: Reason           #: the one thing that goes wrong (meaningful when warning)
    #: True when no difference between the two moves explains the loss and ``reason``
    #: says instead what the better move itself achieves (the hint's reason for it).
    about_better: bool = False
    detail: Reason | None = None  #: the hint's second reason for the better move, if any
    #: What happens next that shows why the move loses (said first), when warning.
    refutation: Refutation | None = None


# -- the hint --------------------------------------------------------------------------
def advise(view: SeatView, results: list[MoveValue], count: int = 3) -> Advice | None:
    """The progressive hint for a view from the engine's ranking (best first)."""
    if not results:
        return None
    chosen = results[:count]
    moves = [r.move for r in chosen]
    lays = [r.move for r in results[count:] if r.move.kind == MoveKind.LAY]
    facts = move_facts(view, moves + lays)
    chosen_facts, lay_facts = facts[:len(moves)], facts[len(moves):]
    worst_risk = max(f.sweep_chance for f in facts)
    best_value = chosen[0].value
    options = [Option(r.move, max(0.0, best_value - r.value),
                      tuple(teach(view, r.move, f, worst_risk)[:SHOWN_REASONS]), f)
               for r, f in zip(chosen, chosen_facts, strict=True)]
    options[1:] = [_with_difference(view, o, results, options[0].facts)
                   for o in options[1:]]
    margin = options[1].loss if len(options) > 1 else 0.0
    if not options[0].reasons and margin >= TIE:  # (a near-tie: the next one says so)
        options[0] = options[0]._replace(reasons=(Reason(
            Why.BETTER_VALUE, value=round(margin * 10), cards=1 << options[0].move.card),))
    all_lays = [(o.move, o.facts) for o in options if o.move.kind == MoveKind.LAY]
    all_lays += list(zip(lays, lay_facts, strict=True))
    take = next((r for r in results if r.move.kind == MoveKind.CAPTURE), None)
    close = (take.move if take is not None
             and verdict_for(best_value - take.value) in CLOSE_VERDICTS else None)
    only = len(results) == 1
    shown = Nudge(NudgeKind.ONLY) if only else nudge(view, options[0], all_lays, close)
    return Advice(shown, options[0], tuple(options[1:]), all(r.exact for r in chosen), only)


def _with_difference(view: SeatView, option: Option, results: list[MoveValue],
                     best: MoveFacts) -> Option:
    """An alternative with what it loses against the best (None for a near-tie, or when
    only the average value tells them apart)."""
    if option.loss < TIE:
        return option
    graded = grade_results(results, option.move)
    reason = _what_goes_wrong(view, option.move, option.facts, graded, best)
    if reason.why != Why.BETTER_VALUE:
        return option._replace(worse=reason)
    better = _what_the_better_move_does(view, graded, best)
    if better is None:
        return option._replace(refutation=refute(view, option.move, results[0].move,
                                                 results[0].samples, results[0].exact))
    return option._replace(worse=better.reason, about_best=True)


def teach(view: SeatView, move: Move, facts: MoveFacts, worst_risk: float = 0.0,
          ) -> list[Reason]:
    """Every reason worth saying about ``move``, most telling first.

    ``worst_risk`` is the highest sweep chance among the moves compared: leaving no
    sweep is only worth saying when another move would leave one.
    """
    position = view.position
    seat = view.seat
    players = position.players
    next_seat = (seat + 1) % players
    found: list[Reason] = []
    if facts.xeri:
        found.append(Reason(Why.XERI, value=position.rules.xeri_points, weight=10.0))
    taken = _taken(position, move)
    if facts.points_taken:
        point_cards = taken & (ACES | TEN_D_BIT | TWO_C_BIT)
        found.append(Reason(Why.POINTS, cards=point_cards, value=facts.points_taken,
                            weight=5.0 + facts.points_taken))
    if facts.cards_taken and facts.cards_to_majority == 0 and (
            facts.side_cards - facts.cards_taken < MAJORITY_CARDS):
        found.append(Reason(Why.MAJORITY, value=facts.side_cards, weight=8.0))
    elif facts.cards_taken >= 3 and facts.cards_to_majority:
        found.append(Reason(Why.RACE, value=facts.cards_taken, total=facts.side_cards,
                            weight=2.0 + facts.cards_taken / 3))
    if move.kind == MoveKind.CAPTURE and not facts.xeri and move.loose:
        wanted = RANK_MASK[RANK[move.card]]
        chance = holds_chance(view, next_seat, wanted)
        if chance >= SAFE:
            found.append(Reason(Why.DENY, cards=move.loose, value=RANK[move.card],
                                chance=chance, seat=next_seat, weight=2.2 + 2.0 * chance))
    for pile in position.piles:
        if pile.cards in move.piles and move.kind == MoveKind.CAPTURE:
            if pile.owner & 1 != seat & 1:
                found.append(Reason(Why.TAKE_PILE, cards=pile.cards, value=pile.value,
                                    seat=pile.owner, weight=6.0))
            elif pile.owner == seat:
                found.append(Reason(Why.COLLECT, cards=pile.cards, value=pile.value,
                                    weight=4.0))
    obligation = _obligation(position, seat, move)
    if obligation is not None:
        found.append(obligation)
    if facts.sweep_chance >= RISKY and not facts.xeri:
        found.append(Reason(Why.SWEEP_RISK, cards=facts.sweeping_unseen,
                            chance=facts.sweep_chance, seat=next_seat,
                            value=position.rules.xeri_points,
                            weight=3.0 + 4.0 * facts.sweep_chance))
    elif (facts.sweep_chance <= SAFE and worst_risk >= RISKY and not facts.xeri
          and facts.cards_taken == 0):
        found.append(Reason(Why.NO_SWEEP, chance=worst_risk, seat=next_seat,
                            weight=2.5 + 3.0 * worst_risk))
    if move.kind in (MoveKind.BUILD, MoveKind.RAISE, MoveKind.FAMILY):
        found.append(Reason(Why.PREPARE, value=move.value, weight=5.1))
    if facts.pile_value:
        risk = max(facts.pile_take_chance, facts.pile_raise_chance)
        unseen = facts.pile_value_unseen.bit_count()
        if unseen == 0:
            found.append(Reason(Why.COUNTED, value=facts.pile_value, weight=4.5))
        else:
            found.append(Reason(Why.PILE_ODDS, value=facts.pile_value, chance=risk,
                                cards=facts.pile_value_unseen,
                                weight=3.5 + (1.5 if risk >= RISKY or risk <= SAFE else 0.0)))
    if move.kind == MoveKind.LAY:
        found.extend(_lay_reasons(view, move, facts))
    if facts.points_left_loose and facts.sweep_chance < RISKY and not facts.cards_taken:
        found.append(Reason(Why.POINTS_LOOSE, value=facts.points_left_loose, weight=1.5))
    found.sort(key=lambda r: -r.weight)
    return found


def _taken(position: Position, move: Move) -> int:
    return outcome(position, move).taken


def _obligation(position: Position, seat: int, move: Move) -> Reason | None:
    """The player owns a pile and this move keeps (or uses) its last card of the value."""
    own = position.pile_owned_by(seat)
    if own is None or (move.kind == MoveKind.CAPTURE and own.cards in move.piles):
        return None
    keep = position.hands[seat] & RANK_MASK[own.value]
    if keep.bit_count() == 1 and not keep >> move.card & 1:
        return Reason(Why.OBLIGATION, cards=keep, value=own.value, weight=5.5)
    return None


def _lay_reasons(view: SeatView, move: Move, facts: MoveFacts) -> list[Reason]:
    """Why this card is the one to lay: counting, a face card, points kept."""
    rank = RANK[move.card]
    found = []
    same_unseen = (view.unseen & RANK_MASK[rank]).bit_count()
    if (1 << move.card) & FACES:
        found.append(Reason(Why.FACE_LAY, cards=1 << move.card, value=same_unseen,
                            weight=3.0 + (1.0 if same_unseen == 0 else 0.0)))
    elif same_unseen == 0:
        found.append(Reason(Why.COUNTED, cards=1 << move.card, value=rank, weight=4.0))
    else:
        next_seat = (view.seat + 1) % view.position.players
        chance = _lay_chance(view, move)
        if chance <= LOW_CHANCE:
            found.append(Reason(Why.LAY_ODDS, cards=1 << move.card, value=rank, chance=chance,
                                seat=next_seat, weight=3.3))
        elif not points(1 << move.card):
            found.append(Reason(Why.CHEAP_LAY, cards=1 << move.card, value=rank,
                                weight=1.9))
    hand_points = points(view.hand)
    if hand_points and not points(1 << move.card):
        found.append(Reason(Why.KEEPS_POINTS, cards=view.hand & (ACES | TEN_D_BIT | TWO_C_BIT),
                            value=hand_points, weight=2.0))
    return found


def _lay_chance(view: SeatView, move: Move) -> float:
    """The chance the next player holds a card that takes the laid card."""
    next_seat = (view.seat + 1) % view.position.players
    capturers = _capturing_ranks(move.card, outcome(view.position, move).loose_after)
    return holds_chance(view, next_seat, capturers)


def holds_chance(view: SeatView, seat: int, wanted: int) -> float:
    """The chance that ``seat`` holds at least one of the ``wanted`` cards, from the
    view's unseen cards (each hidden card equally likely to be anywhere unseen)."""
    unseen = view.unseen.bit_count()
    hand = view.hand_sizes[seat] if seat != view.seat else 0
    good = (view.unseen & wanted).bit_count()
    if not hand or not good or unseen < hand:
        return 0.0
    return 1.0 - comb(unseen - good, hand) / comb(unseen, hand)


def _capturing_ranks(card: int, loose_after: int) -> int:
    """Every card (of any suit) that could take ``card`` lying loose among ``loose_after``:
    its own rank, or a value that a sum including it adds up to."""
    rank = RANK[card]
    wanted = RANK_MASK[rank]
    if (1 << card) & FACES:
        return wanted
    groups = sum_groups(loose_after & NUMERALS)
    for value in range(rank + 1, 11):
        if any(group >> card & 1 for group in groups[value]):
            wanted |= RANK_MASK[value]
    return wanted


# -- the nudge -------------------------------------------------------------------------
def nudge(view: SeatView, best: Option,
          lays: list[tuple[Move, MoveFacts]] | None = None,
          close_take: Move | None = None) -> Nudge:
    """The first step of a hint: the opportunity (or danger) without naming the move.

    ``lays`` are the lays compared, with their facts (the danger is the riskiest one);
    ``close_take`` a capture that grades as good against the best move, if any.
    """
    position = view.position
    move = best.move
    next_seat = (view.seat + 1) % position.players
    if move.kind == MoveKind.CAPTURE:
        if best.facts.xeri:
            return Nudge(NudgeKind.SWEEP, value=position.rules.xeri_points)
        taken = [p for p in position.piles if p.cards in move.piles]
        theirs = [p for p in taken if p.owner & 1 != view.seat & 1]
        if theirs:
            return Nudge(NudgeKind.TAKE_PILE, cards=theirs[0].cards, value=theirs[0].value,
                         seat=theirs[0].owner)
        if taken:  # the side's own pile: named as such, never by one of its cards
            owner = taken[0].owner
            return Nudge(NudgeKind.OWN_PILE, cards=taken[0].cards, value=taken[0].value,
                         seat=-1 if owner == view.seat else owner)
        table = move.table_cards
        return Nudge(NudgeKind.TAKE, cards=_most_valuable(table), value=table.bit_count())
    if move.kind == MoveKind.BUILD:
        return Nudge(NudgeKind.BUILD, value=move.value)
    if move.kind == MoveKind.FAMILY:
        return Nudge(NudgeKind.FAMILY, value=move.value)
    if move.kind == MoveKind.RAISE:
        return Nudge(NudgeKind.RAISE, value=move.value)
    risky = [(m, f) for m, f in (lays or []) if f.sweep_chance >= RISKY]
    if risky:
        worst_move, worst = max(risky, key=lambda mf: mf[1].sweep_chance)
        rank = RANK[worst_move.card]
        return Nudge(NudgeKind.DANGER, cards=1 << worst_move.card, value=rank, seat=next_seat,
                     chance=worst.sweep_chance)
    if close_take is not None:
        return Nudge(NudgeKind.CLOSE_TAKE, cards=_most_valuable(close_take.table_cards),
                     value=RANK[close_take.card] if close_take.piles else 0)
    return Nudge(NudgeKind.SAFE_LAY)


def _most_valuable(table: int) -> int:
    """The card of a set worth naming first: a point card, else the highest."""
    pointed = table & (TEN_D_BIT | TWO_C_BIT | ACES)
    pool = pointed or table
    best = max(iter_cards(pool), key=lambda c: (points(1 << c), RANK[c]))
    return 1 << best


# -- the tutor -------------------------------------------------------------------------
def check(view: SeatView, move: Move, results: list[MoveValue]) -> TutorCheck:
    """Grade ``move`` against the best of ``results`` (the engine's ranking of this view)
    and say, when it is worth a warning, the one thing that goes wrong."""
    graded = grade_results(results, move)
    warn = graded.verdict in WARN_VERDICTS and move_class(move) != move_class(graded.best)
    if not warn:
        return TutorCheck(graded, False, Reason(Why.BETTER_VALUE, value=0))
    played, best = move_facts(view, [move, graded.best])
    reason = _what_goes_wrong(view, move, played, graded, best)
    refutation = refute(view, move, graded.best, results[0].samples, results[0].exact)
    if reason.why == Why.BETTER_VALUE:
        better = _what_the_better_move_does(view, graded, best)
        if better is not None:
            return better._replace(refutation=refutation)
    return TutorCheck(graded, True, reason, refutation=refutation)


def _what_goes_wrong(view: SeatView, move: Move, played: MoveFacts, graded: Grade,
                     best: MoveFacts) -> Reason:
    """The most telling difference between the played move and the better one."""
    next_seat = (view.seat + 1) % view.position.players
    xeri_points = view.position.rules.xeri_points
    if played.sweep_chance >= RISKY and played.sweep_chance > best.sweep_chance + 0.15:
        return Reason(Why.SWEEP_RISK, cards=played.sweeping_unseen, chance=played.sweep_chance,
                      seat=next_seat, value=xeri_points)
    if best.xeri and not played.xeri:
        return Reason(Why.XERI, cards=graded.best.table_cards, value=xeri_points)
    if best.points_taken > played.points_taken:
        taken = _taken(view.position, graded.best) & (ACES | TEN_D_BIT | TWO_C_BIT)
        return Reason(Why.POINTS, cards=taken, value=best.points_taken - played.points_taken)
    if played.pile_value:
        risk = max(played.pile_take_chance, played.pile_raise_chance)
        safer = max(best.pile_take_chance, best.pile_raise_chance) if best.pile_value else 0.0
        if risk >= RISKY and risk > safer + 0.15:
            return Reason(Why.PILE_ODDS, value=played.pile_value, chance=risk,
                          cards=played.pile_value_unseen)
    obligation = _obligation(view.position, view.seat, graded.best)
    if obligation is not None and _obligation(view.position, view.seat, move) is None:
        return obligation
    if played.points_left_loose > best.points_left_loose:
        return Reason(Why.POINTS_LOOSE, value=played.points_left_loose)
    if move.kind == MoveKind.LAY and graded.best.kind == MoveKind.LAY:
        mine = _lay_chance(view, move)
        theirs = _lay_chance(view, graded.best)
        if mine >= theirs + 0.1:
            return Reason(Why.LAY_ODDS, cards=1 << move.card, chance=mine, seat=next_seat,
                          value=round(100 * theirs))
    if graded.best.kind == MoveKind.CAPTURE and move.kind != MoveKind.CAPTURE:
        chance = holds_chance(view, next_seat, RANK_MASK[RANK[graded.best.card]])
        if chance >= SAFE:
            return Reason(Why.DENY, cards=graded.best.loose, chance=chance, seat=next_seat)
    if best.cards_taken > played.cards_taken + 1:
        return Reason(Why.RACE, value=best.cards_taken - played.cards_taken,
                      total=best.side_cards)
    return Reason(Why.BETTER_VALUE, value=round(graded.loss * 10))


def _what_the_better_move_does(view: SeatView, graded: Grade, facts: MoveFacts,
                               ) -> TutorCheck | None:
    """When no difference between the moves explains the loss, what the better move
    itself achieves: the hint's two reasons for it (a pile to take on the next turn, the
    odds on it, a count of the played cards, a safe lay...), leaving out what is as true
    of the played move and what speaks against the better one. None when there is
    nothing to say about it either."""
    (played,) = move_facts(view, [graded.move])
    same = {_gist(r) for r in teach(view, graded.move, played)}
    taught = [r for r in teach(view, graded.best, facts)
              if r.why not in AGAINST and _gist(r) not in same][:SHOWN_REASONS]
    if not taught:
        return None
    return TutorCheck(graded, True, taught[0], about_better=True,
                      detail=taught[1] if len(taught) > 1 else None)


def _gist(reason: Reason) -> tuple[object, ...]:
    """What a reason says, without its weight: two moves with the same gist share it."""
    return (reason.why, reason.cards, reason.value, round(reason.chance, 2), reason.seat,
            reason.total)


__all__ = ["AGAINST", "HINT_LEVELS", "TIE", "WARN_VERDICTS", "Advice", "Hint", "Nudge",
           "NudgeKind", "Option", "TutorCheck", "advise", "check", "nudge", "teach"]
