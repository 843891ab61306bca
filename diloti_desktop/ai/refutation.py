"""The refutation of a move: what happens next that shows why it loses.

A learner understands a loss best from the play it allows ("North then takes your lone 5
with a 5: a xeri, 10 points"). :func:`refute` compares a move played from a seat's view
with a better move of the same view, the way the search values them: on samples of the
hidden cards, each move is followed by the rest of its deal as the playout policy plays it
(:func:`~diloti_desktop.ai.playout.greedy_move`, each player knowing the sample's hands),
with the playouts' random choice between near-equal moves (the same draws after both
moves). When the view fixes every card (two players, the stock empty) there is one
position and each side plays its best move by the exact solver, so the courses are the
principal lines and their difference is the exact loss. Every ply's gain for each side
is counted: card points and xeris, the cards taken at their worth toward the majority
(the playouts' expected-majority table, :data:`~diloti_desktop.ai.playout.MAJORITY`),
and the leftovers at the round's end.

The difference between the two courses is split in two: what the opponents win more
after the played move, and what our side wins less. The telling event is the capture
(named by what the mover can see: the value played and the table cards taken) that makes
the largest share of the chosen part over the samples:

- an opponent's capture after the played move (``by_reply``), told first when it makes
  at least :data:`REPLY_SHARE` points and half of our own loss ("North then takes…"),
  with the chance that North holds a card of that value (1 when exact);
- otherwise our own capture after the better move, which the played move gives up
  ("With 3♣ you would take…"), with the share of samples where it happens.

So the reason given is always a difference between the two moves, never a fact true of
both; when the courses differ by less than :data:`MIN_DAMAGE` points there is no
refutation. The line shown (:attr:`Refutation.line`, "Show the line") is the played
move's course in one sample where the event happens: the played move, the reply, ours.

Everything is seeded by the view and the move, so a decision gets the same refutation in
the tutor, the review and the puzzles.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from typing import Final, NamedTuple

from diloti_desktop.ai.features import chance_holds, distinct_moves, move_class
from diloti_desktop.ai.playout import MAJORITY, greedy_move
from diloti_desktop.ai.search import can_solve, position_from_view, solve
from diloti_desktop.rules.cards import RANK, RANK_MASK
from diloti_desktop.rules.engine import play_unchecked
from diloti_desktop.rules.movegen import candidate_moves, candidates_complete
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.scoring import SideScore, score_side
from diloti_desktop.rules.view import SeatView

#: Samples of the hidden cards when they are not all known.
SAMPLES: Final = 48
#: Plies of the line shown, the played move included (the reply, ours, theirs), more
#: when the telling capture comes later.
LINE_PLIES: Final = 4
#: Plies after each move that the comparison plays (the deal ends first in practice).
COURSE_PLIES: Final = 12
#: Nodes the exact solver may spend on each ply of a course when every card is known.
SOLVE_NODES: Final = 20_000
#: Points (average over the samples) by which the two courses must differ for the
#: difference to be told.
MIN_DAMAGE: Final = 0.5
#: The opponents' extra gains (points on average) worth telling first, when they are
#: also at least half of our own loss.
REPLY_SHARE: Final = 0.25


class Ply(NamedTuple):
    """One move of a line, with the seat that plays it."""

    seat: int
    move: Move


class Refutation(NamedTuple):
    """What shows why a move is worse than a better one, and the line that shows it."""

    #: The position the line starts from, before the played move: the real one when
    #: ``exact``, else one sample of the hidden cards in which the event happens.
    start: Position
    #: The played move first, then the plies after it (the reply, ours, ...).
    line: tuple[Ply, ...]
    #: True when the event is the opponents' (they win more after the played move);
    #: False when it is ours after the better move, which the played move gives up.
    by_reply: bool
    #: The telling ply: in the played move's course when ``by_reply``, else in the
    #: better move's (there, 0 is the better move itself).
    event: Ply
    at: int                 #: the event's index in its course (1: the very next ply)
    taken: int              #: the table cards the event takes (its own card not included)
    pile_value: int         #: the value of the other side's pile it takes, 0 if none
    xeri: bool              #: the event clears the table
    points: int             #: the round points it scores at once (card points, xeri, ...)
    chance: float           #: how likely it is (1.0 when exact)
    exact: bool             #: every card is known: it is certain, not a chance
    damage: float           #: average points the played move costs over the courses
    #: The event is the round's end: the cards left on the table (``taken``) go to the
    #: side that captured last, the event's side.
    leftovers: bool = False
    #: The side the event wins for.
    side: int = 0


def _score(position: Position, side: int) -> SideScore:
    """``side``'s round score so far."""
    return score_side(position.captured[side], position.xeris[side],
                      position.xeristakia[side], position.rules)


def _scored(before: Position, after: Position, side: int) -> int:
    """The round points ``side`` scored between two positions of the same round."""
    return _score(after, side).total - _score(before, side).total


class _Course(NamedTuple):
    """A move and the plies after it in one complete position, as the playout policy
    plays them (each player knowing the sample's hands), with what each ply won each
    side (a capture; the leftovers and the majority when the round ends)."""

    plies: tuple[Ply, ...]
    gains: tuple[tuple[float, float], ...]


def _won(before: Position, after: Position) -> tuple[float, float]:
    """What each side won between two positions of one round: the card points and
    sweeps scored, and the cards taken at their worth toward the majority (the playouts'
    expected-majority table, so the 27th card counts more than the 5th)."""
    old = MAJORITY[before.captured[0].bit_count()][before.captured[1].bit_count()]
    new = MAJORITY[after.captured[0].bit_count()][after.captured[1].bit_count()]

    def side_won(side: int) -> float:
        # The majority's points are left out of the score: the table counts them.
        was, now = _score(before, side), _score(after, side)
        sweeps = (now.total - now.majority) - (was.total - was.majority)
        if after.captured[side] == before.captured[side]:
            return float(sweeps)
        return sweeps + (new - old if side == 0 else old - new)

    return side_won(0), side_won(1)


#: Exact courses kept for reuse: a puzzle's wrong tries (and a review's mistakes at one
#: turn) are each compared with the same better move's course.
EXACT_COURSES_KEPT: Final = 16
_exact_courses: OrderedDict[tuple[Position, Move], _Course] = OrderedDict()
_exact_lock = threading.Lock()


def _course(world: Position, move: Move, rng: random.Random | None = None,
            exact: bool = False) -> _Course:
    """``move`` and up to :data:`COURSE_PLIES` plies after it, within its deal: each
    player's best move by the exact solver when every card is known (``exact``), else
    the playout policy's.

    An exact course in which the solver chose every ply never used ``rng``: the world and
    the move decide it, so it is kept and reused."""
    key = (world, move)
    if exact:
        with _exact_lock:
            kept = _exact_courses.get(key)
            if kept is not None:
                _exact_courses.move_to_end(key)
                return kept
    guessed = False
    plies: list[Ply] = []
    gains: list[tuple[float, float]] = []
    position = world
    deal = len(world.stock)
    chosen: Move | None = move
    while chosen is not None:
        after = play_unchecked(position, chosen)
        plies.append(Ply(position.turn, chosen))
        gains.append(_won(position, after))
        position = after
        chosen = None
        if (len(plies) <= COURSE_PLIES and position.phase == PLAY
                and len(position.stock) == deal and position.hands[position.turn]):
            moves = distinct_moves(candidate_moves(position))
            if exact and len(moves) > 1:
                solved = solve(position, SOLVE_NODES, moves)
                guessed = guessed or solved is None
                chosen = (solved[0].move if solved is not None
                          else greedy_move(position, moves, rng))
            elif moves:
                chosen = greedy_move(position, moves, rng)
    course = _Course(tuple(plies), tuple(gains))
    if exact and not guessed:
        with _exact_lock:
            _exact_courses[key] = course
            if len(_exact_courses) > EXACT_COURSES_KEPT:
                _exact_courses.popitem(last=False)
    return course


def _biggest(course: _Course, side: int) -> tuple[float, int]:
    """The total won by ``side`` in a course, and the index of the ply that won it most
    (-1 when it wins nothing)."""
    total, index, top = 0.0, -1, 0.0
    for i, gain in enumerate(course.gains):
        total += gain[side]
        if gain[side] > top:
            top, index = gain[side], i
    return total, index


def _rng(view: SeatView, move: Move) -> random.Random:
    return random.Random(f"refute:{view.seat}:{view.position.notation()}:{move.notation()}")


Key = tuple[int, int, tuple[int, ...]]
Event = tuple[int, int, int, tuple[int, ...]]


def _key(move: Move) -> Key:
    """A move as the mover can name it: the value played and the table cards used."""
    return RANK[move.card], move.loose, move.piles


def refute(view: SeatView, move: Move, better: Move | None,
           samples: int = SAMPLES) -> Refutation | None:
    """What shows, over the next plies, why ``move`` (legal in ``view``) is worse than
    ``better``: a capture of the opponents' that ``move`` allows and ``better`` does not,
    or one of ours that ``better`` makes and ``move`` gives up. None when the move ends
    the round, or the two courses differ by less than :data:`MIN_DAMAGE` points."""
    position = view.position
    if position.phase != PLAY or better is None or move_class(move) == move_class(better):
        return None
    known = position_from_view(view) if can_solve(view) else None
    exact = known is not None and candidates_complete(known)
    rng = _rng(view, move)
    count = 1 if exact else samples
    mine = view.seat & 1
    theirs = ours = 0.0
    events: tuple[dict[Event, float], dict[Event, float]] = ({}, {})
    seen: tuple[dict[Event, int], dict[Event, int]] = ({}, {})
    example: dict[Event, tuple[Position, _Course, _Course]] = {}
    for _index in range(count):
        world = known if exact and known is not None else view.sample(rng)
        seed = rng.random()
        played = _course(world, move, random.Random(seed), exact)
        other = _course(world, better, random.Random(seed), exact)
        their_p, at = _biggest(played, 1 - mine)
        their_b, _unused = _biggest(other, 1 - mine)
        our_p, _unused = _biggest(played, mine)
        our_b, ours_at = _biggest(other, mine)
        theirs += their_p - their_b
        ours += our_b - our_p
        for part, index, course, gap in ((0, at, played, their_p - their_b),
                                         (1, ours_at, other, our_b - our_p)):
            if index >= 0 and gap > 0:
                key = (index, *_key(course.plies[index].move))
                events[part][key] = events[part].get(key, 0.0) + gap
                seen[part][key] = seen[part].get(key, 0) + 1
                example.setdefault(key, (world, played, other))
    theirs /= count
    ours /= count
    by_reply = theirs >= REPLY_SHARE and theirs * 2 >= ours
    found, times = (events[0], seen[0]) if by_reply else (events[1], seen[1])
    if theirs + ours < MIN_DAMAGE or not found:
        return None
    key = max(found, key=lambda k: (found[k], k))
    world, played, other = example[key]
    index = key[0]
    course = played if by_reply else other
    event = course.plies[index]
    before = _position_at(world, course.plies[:index])
    side = 1 - mine if by_reply else mine
    after = play_unchecked(before, event.move)
    # The round's end gives the cards left on the table to the side that took last: told
    # as such, whether or not this ply was that side's capture.
    leftovers = (after.phase != PLAY or event.seat & 1 != side
                 or event.move.kind != MoveKind.CAPTURE)
    gained = after.captured[side] & ~before.captured[side] & ~(1 << event.move.card)
    if event.move.kind == MoveKind.CAPTURE:
        gained &= ~event.move.table_cards  # the capture itself is not left over
    taken = gained if leftovers else event.move.table_cards
    if exact:
        chance = 1.0
    elif by_reply and not leftovers and event.seat != view.seat:
        # The chance that the replier holds a card of the value it plays, from what the
        # mover can see (exact odds rather than the samples' count).
        unseen = view.unseen
        chance = chance_holds(unseen.bit_count(),
                              (unseen & RANK_MASK[RANK[event.move.card]]).bit_count(),
                              view.hand_sizes[event.seat])
    else:
        chance = times[key] / count
    line = played.plies[:max(LINE_PLIES, index + 1 if by_reply else 0)]
    own = [p for p in before.piles if p.cards in event.move.piles and p.owner & 1 != side]
    return Refutation(world, line, by_reply, event, index, taken,
                      own[0].value if own and not leftovers else 0,
                      after.xeris[side] > before.xeris[side], _scored(before, after, side),
                      chance, exact, theirs + ours, leftovers, side)


def _position_at(position: Position, plies: tuple[Ply, ...]) -> Position:
    """``position`` after ``plies``."""
    for ply in plies:
        position = play_unchecked(position, ply.move)
    return position


__all__ = ["COURSE_PLIES", "LINE_PLIES", "MIN_DAMAGE", "REPLY_SHARE", "SAMPLES", "Ply",
           "Refutation", "refute"]
