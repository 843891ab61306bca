"""What a puzzle teaches: the answer's exact line against the best other move's, the
differences between them, and the themes (ideas) they show.

Every shipped puzzle is a last-deal position of two players, so the solver knows every
card and both lines are exact: each side plays the exact solver's best move to the end of
the round. :func:`contrast` compares the round's end after the answer with the end after
the best other move: who made the last capture (and took the leftovers), the xeris, the
point cards, the majority, and whether the answer kept a card that later takes the card
the opponent lays. Only what differs is recorded, so every reason shown is true of the
answer and not of the alternative. :func:`themes` names the ideas from those differences
and the moves' kinds; the generator stores them in the data file, the verifier derives
them again. Data only: ``ui/words/puzzle_words`` phrases them.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, NamedTuple

from diloti_desktop.ai.features import distinct_moves, move_class, points
from diloti_desktop.ai.refutation import Refutation, refute
from diloti_desktop.ai.search import can_solve, position_from_view, solve
from diloti_desktop.rules.cards import RANK, RANK_MASK
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.events import LeftoversTaken
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.scoring import SideScore, score_round
from diloti_desktop.rules.view import SeatView

#: Nodes the exact solver may visit for one ply of a line.
LINE_NODES: Final = 400_000
#: Declarations: moves that make or change a pile to take later.
DECLARING: Final = (MoveKind.BUILD, MoveKind.FAMILY, MoveKind.RAISE)


class Theme(Enum):
    """The idea a puzzle shows (one short teaching sentence each in the UI)."""

    LEFTOVERS = "leftovers"            #: the cards left at the end go to the last capture
    ANSWER_CARD = "answer_card"        #: keep the card that answers the opponent's card
    SWEEP_DEFENCE = "sweep_defence"    #: leave the opponent no xeri
    SWEEP = "sweep"                    #: make (or prepare) your own xeri
    POINTS = "points"                  #: bring the point cards home
    MAJORITY = "majority"              #: the race for the 27 cards
    COUNTING = "counting"              #: the played cards show what cannot come
    DECLARATION = "declaration"        #: when (and when not) to declare a pile


class LineEnd(NamedTuple):
    """The end of the round after one first move, both sides playing exactly."""

    moves: tuple[Move, ...]
    scores: tuple[SideScore, SideScore]
    captured: tuple[int, int]
    leftovers_side: int                 #: the side that took the leftovers, or -1
    leftovers: int                      #: the cards it took at the end


class Contrast(NamedTuple):
    """How the answer's line differs from the best other move's, for the solver's side.

    Counts are the answer's minus the other's, so a positive number favours the answer.
    """

    answer: Move
    other: Move
    points: int                 #: round points the answer wins more
    leftovers: int              #: cards the solver takes at the end after the answer only
    leftovers_lost: int         #: cards the opponent takes at the end after the other move
    kept: int                   #: the card the answer keeps to take the opponent's (-1)
    answered: int               #: the opponent's card it takes (-1)
    xeris_denied: int           #: the opponent's xeris after the other move, not after it
    xeris_won: int              #: the solver's own xeris after the answer, not the other
    point_cards: int            #: point cards the solver ends with after the answer only
    card_points: int            #: card points (aces, 10♦, 2♣) the answer wins more
    majority: int               #: majority points the answer wins more (net, 0 or ±4)
    cards: int                  #: the solver's captured cards after the answer
    other_cards: int            #: ... and after the other move
    counted_value: int          #: the answer lays or declares a value nobody else holds


def exact_line(position: Position, first: Move, nodes: int = LINE_NODES) -> LineEnd | None:
    """The round's end after ``first``, both sides then playing the exact solver's best
    move (the first of the best in generator order); None if a ply exceeds ``nodes``."""
    moves = [first]
    leftovers_side, leftovers = -1, 0
    after, events = apply(position, first)
    while True:
        for event in events:
            if isinstance(event, LeftoversTaken):
                leftovers_side, leftovers = event.side, event.cards
        if after.phase != PLAY:
            break
        results = solve(after, nodes)
        if results is None:
            return None
        moves.append(results[0].move)
        after, events = apply(after, results[0].move)
    scores = score_round(after.captured, after.xeris, after.xeristakia, after.rules)
    return LineEnd(tuple(moves), scores, after.captured, leftovers_side, leftovers)


def best_other(position: Position, answer: Move, nodes: int = LINE_NODES) -> Move | None:
    """The best distinct move that is not the answer (exact); None if there is none."""
    key = move_class(answer)
    others = [m for m in distinct_moves(candidate_moves(position)) if move_class(m) != key]
    if not others:
        return None
    results = solve(position, nodes, others)
    return results[0].move if results else None


def contrast(view: SeatView, answer: Move, other: Move | None = None,
             nodes: int = LINE_NODES) -> Contrast | None:
    """The answer against ``other`` (by default the best other move) from the view of the
    seat to move; None unless the view fixes every card (:func:`can_solve`), when a line
    could not be solved, or when there is no other move."""
    if not can_solve(view) or view.seat != view.position.turn:
        return None
    position = position_from_view(view)
    if other is None:
        other = best_other(position, answer, nodes)
        if other is None:
            return None
    mine = exact_line(position, answer, nodes)
    theirs = exact_line(position, other, nodes)
    if mine is None or theirs is None:
        return None
    side = position.turn & 1
    opponent = 1 - side
    total = mine.scores[side].total - mine.scores[opponent].total
    other_total = theirs.scores[side].total - theirs.scores[opponent].total
    kept, answered = _answering_card(position, mine.moves, other)
    point_cards = mine.captured[side] & ~theirs.captured[side]
    return Contrast(
        answer=answer, other=other, points=total - other_total,
        leftovers=mine.leftovers if (mine.leftovers_side == side
                                     and theirs.leftovers_side != side) else 0,
        leftovers_lost=theirs.leftovers if (theirs.leftovers_side == opponent
                                            and mine.leftovers_side != opponent) else 0,
        kept=kept, answered=answered,
        xeris_denied=max(0, theirs.scores[opponent].xeris - mine.scores[opponent].xeris),
        xeris_won=max(0, mine.scores[side].xeris - theirs.scores[side].xeris),
        point_cards=_scoring(point_cards),
        card_points=(points(mine.captured[side]) - points(mine.captured[opponent]))
        - (points(theirs.captured[side]) - points(theirs.captured[opponent])),
        majority=(mine.scores[side].majority - mine.scores[opponent].majority)
        - (theirs.scores[side].majority - theirs.scores[opponent].majority),
        cards=mine.scores[side].cards, other_cards=theirs.scores[side].cards,
        counted_value=_counted_value(position, answer, other))


def _scoring(mask: int) -> int:
    """Only the cards that score (points() of a single card is positive)."""
    result = 0
    rest = mask
    while rest:
        low = rest & -rest
        if points(low):
            result |= low
        rest ^= low
    return result


def _answering_card(position: Position, line: tuple[Move, ...], other: Move
                    ) -> tuple[int, int]:
    """The card the answer keeps and later takes the opponent's laid card with, when the
    other move spends a card of that rank now; (-1, -1) when there is none."""
    seat = position.turn
    players = position.players
    for ply in range(2, len(line)):
        move, before = line[ply], line[ply - 1]
        mover = (seat + ply) % players
        if (mover == seat and move.kind == MoveKind.CAPTURE and before.kind == MoveKind.LAY
                and move.loose >> before.card & 1 and RANK[move.card] == RANK[other.card]):
            return move.card, before.card
    return -1, -1


def _laid_value(move: Move) -> int:
    """The value a lay or a declaration leaves on the table for others, else 0."""
    if move.kind == MoveKind.LAY:
        return RANK[move.card]
    return move.value if move.kind in DECLARING else 0


def _counted_value(position: Position, answer: Move, other: Move) -> int:
    """The value the answer lays or declares when counting shows it safe (no card of it
    left but in the solver's hand, and at least one played) while the other move leaves
    a value the opponent holds: the difference counting makes."""
    value, risky = _laid_value(answer), _laid_value(other)
    if not 1 <= value <= 13 or not 1 <= risky <= 13:
        return 0
    others = 0
    for seat, hand in enumerate(position.hands):
        if seat != position.turn:
            others |= hand
    played = position.captured[0] | position.captured[1]
    safe = not others & RANK_MASK[value] and played & RANK_MASK[value]
    return value if safe and others & RANK_MASK[risky] else 0


def wrong_try(view: SeatView, move: Move, answer: Move
              ) -> tuple[Refutation | None, Contrast | None]:
    """What shows why a wrong try of a puzzle loses: its refutation (what happens next,
    :func:`~diloti_desktop.ai.refutation.refute`), else, when the next plies tell
    nothing, the answer's exact line against the try's (:func:`contrast`)."""
    found = refute(view, move, answer)
    return found, (contrast(view, answer, move) if found is None else None)


#: Themes a puzzle is tagged with at most: the one or two ideas it is about.
MAX_THEMES: Final = 2


def themes(found: Contrast) -> tuple[Theme, ...]:
    """The ideas the answer shows against the best other move: how it wins (keeping the
    answering card, the last capture, the sweeps, counting, a declaration) before what it
    wins (the majority, the point cards); at most :data:`MAX_THEMES`."""
    result = []
    if found.kept >= 0:
        result.append(Theme.ANSWER_CARD)
    if found.leftovers or found.leftovers_lost:
        result.append(Theme.LEFTOVERS)
    if found.xeris_denied:
        result.append(Theme.SWEEP_DEFENCE)
    if found.xeris_won:
        result.append(Theme.SWEEP)
    if found.counted_value:
        result.append(Theme.COUNTING)
    if found.answer.kind in DECLARING or found.other.kind in DECLARING:
        result.append(Theme.DECLARATION)
    if found.majority > 0:
        result.append(Theme.MAJORITY)
    if found.card_points > 0:
        result.append(Theme.POINTS)
    return tuple(result[:MAX_THEMES])


__all__ = ["Contrast", "LineEnd", "Theme", "best_other", "contrast", "exact_line", "themes",
           "wrong_try"]
