"""The refutation of a move: what happens next that shows why it loses.

A learner understands a loss best from the play it allows ("North then takes your lone 5
with a 5: a xeri, 10 points"). :func:`refute` compares a move played from a seat's view
with a better move of the same view on the search's own courses: it replays the samples
of the hidden cards that :func:`~diloti_desktop.ai.search.evaluate` drew for that view
(:func:`~diloti_desktop.ai.search.view_rng`, the same for the hint, the tutor and the
review), and in each, both moves followed by the rest of the deal with the playout
policy and the very draws the search used. So the two courses differ, on average, by the
loss the search reported. When the view fixes every card (two players, the stock empty)
there is one position and each side plays its best move by the exact solver, so the
courses are the principal lines and their difference is the exact loss. Every ply's gain
for each side is counted: card points and xeris, the cards taken at their worth toward
the majority (the playouts' expected-majority table,
:data:`~diloti_desktop.ai.playout.MAJORITY`), the leftovers at the round's end, and at a
deal's end the next leader's chance to sweep the table left
(:func:`~diloti_desktop.ai.playout.lead_value`).

The difference between the two courses is split in two: what the opponents win more
after the played move, and what our side wins less. The telling event (a capture, named
by what the mover can see: the value played and the table cards taken) is the one whose
gains differ most between the two courses, summed over the samples: what it wins in the
course where it tells, minus what the same event wins in the other course, so that a
fact true of both moves cancels out:

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

import functools
import random
from typing import Final, NamedTuple

from diloti_desktop.ai.features import chance_holds, distinct_moves, move_class
from diloti_desktop.ai.playout import MAJORITY, PLAIN, greedy_move, lead_value, play_deal
from diloti_desktop.ai.search import (
    can_solve,
    next_sample,
    position_from_view,
    shared_table,
    solve,
    view_rng,
)
from diloti_desktop.rules.cards import RANK, RANK_MASK
from diloti_desktop.rules.engine import play_unchecked
from diloti_desktop.rules.movegen import candidate_moves, candidates_complete
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.scoring import SideScore, score_side
from diloti_desktop.rules.view import SeatView

#: Samples of the hidden cards when they are not all known and no search tells how many
#: it drew (callers grading a ranking pass its count).
SAMPLES: Final = 48
#: Plies of the line shown, the played move included (the reply, ours, theirs), more
#: when the telling capture comes later.
LINE_PLIES: Final = 4
#: Exact lines kept for reuse (:func:`_solved_line`).
SOLVED_LINES_KEPT: Final = 32
#: Plies of exact lines kept for reuse (:func:`_solved_move`).
SOLVED_MOVES_KEPT: Final = 1024
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
    """A move and the plies after it in one complete position, with what each ply won
    each side (a capture; the leftovers and the majority when the round ends), and what
    the table left at the deal's end is worth to the next leader (positive for side 0)."""

    plies: tuple[Ply, ...]
    gains: tuple[tuple[float, float], ...]
    lead: float = 0.0
    #: The cards left on the table at the round's end, which its last ply gives to the
    #: side that took last (0 when the course does not end the round, or nothing is left).
    left: int = 0


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


def _course(world: Position, move: Move, rng: random.Random, exact: bool = False) -> _Course:
    """``move`` and the rest of its deal: each player's best move by the exact solver when
    every card is known (``exact``), else the search's own playout (the policy and draws
    :func:`~diloti_desktop.ai.search.evaluate` used in this sample)."""
    after = play_unchecked(world, move)
    moves: list[Move] = []
    if after.phase == PLAY and len(after.stock) == len(world.stock):
        if exact:
            moves = list(_solved_line(after))
        else:
            play_deal(after, rng, PLAIN, moves)
    plies = [Ply(world.turn, move)]
    gains = [_won(world, after)]
    before, position = world, after
    for chosen in moves:
        before, position = position, play_unchecked(position, chosen)
        plies.append(Ply(before.turn, chosen))
        gains.append(_won(before, position))
    return _Course(tuple(plies), tuple(gains), lead_value(position),
                   _left(before, position, plies[-1].move))


def _left(before: Position, after: Position, move: Move) -> int:
    """The cards that ``move`` (from ``before`` to ``after``) gives as the round's
    leftovers: taken by neither side before, not its own card nor its capture."""
    if after.phase == PLAY:
        return 0
    gained = (after.captured[0] | after.captured[1]) & ~(
        before.captured[0] | before.captured[1]) & ~(1 << move.card)
    return gained & ~move.table_cards if move.kind == MoveKind.CAPTURE else gained


@functools.lru_cache(maxsize=SOLVED_LINES_KEPT)
def _solved_line(position: Position) -> tuple[Move, ...]:
    """The rest of the round from a known position, each player's best move by the exact
    solver (the playout policy's first choice where the solver runs out of nodes). The
    position decides it, so the last few are kept: a puzzle's wrong tries are each
    compared with the answer's line."""
    line: list[Move] = []
    while position.phase == PLAY:
        chosen = _solved_move(position)
        line.append(chosen)
        position = play_unchecked(position, chosen)
    return tuple(line)


@functools.lru_cache(maxsize=SOLVED_MOVES_KEPT)
def _solved_move(position: Position) -> Move:
    """One ply of :func:`_solved_line`, kept too: the lines after a puzzle's several wrong
    tries often meet in one position, and then go on alike."""
    moves = distinct_moves(candidate_moves(position))
    solved = (solve(position, SOLVE_NODES, moves, table=shared_table(position.rules))
              if len(moves) > 1 else None)
    return solved[0].move if solved is not None else greedy_move(position, moves)


def _total(course: _Course, side: int) -> float:
    """What ``side`` wins over a course, the next deal's lead included."""
    return sum(gain[side] for gain in course.gains) + max(
        0.0, course.lead if side == 0 else -course.lead)


def _gains(course: _Course, side: int) -> dict[Event, tuple[float, int]]:
    """What each event of a course wins ``side``, and the index of its first ply."""
    found: dict[Event, tuple[float, int]] = {}
    for index, gain in enumerate(course.gains):
        if gain[side] > 0:
            key = _event(course, index)
            won, first = found.get(key, (0.0, index))
            found[key] = won + gain[side], first
    return found


Event = tuple[int, int, int, tuple[int, ...]]
#: The index of every event later than the reply in an :data:`Event` key.
LATER: Final = 2


def _event(course: _Course, index: int) -> Event:
    """What makes a course's ply the same event in several samples. The next two plies
    are named as the mover can see them (the value played and the table cards used);
    later ones by who plays which value, and the round's end (the leftovers) as one
    event, since the cards they use differ from sample to sample."""
    ply = course.plies[index]
    if course.left and index == len(course.plies) - 1:
        return LATER, -1, 0, ()
    if index >= LATER:
        return LATER, ply.seat, RANK[ply.move.card], ()
    return index, RANK[ply.move.card], ply.move.loose, ply.move.piles


def refute(view: SeatView, move: Move, better: Move | None, samples: int = SAMPLES,
           solved: bool | None = None) -> Refutation | None:
    """What shows, over the next plies, why ``move`` (legal in ``view``) is worse than
    ``better``: a capture of the opponents' that ``move`` allows and ``better`` does not,
    or one of ours that ``better`` makes and ``move`` gives up, over the first ``samples``
    samples of the view's search (the count of the ranking graded against; ``solved``
    says whether that ranking is the exact solver's, None to solve whenever the view
    fixes every card). None when the move ends the round, or the two courses differ by
    less than :data:`MIN_DAMAGE` points."""
    position = view.position
    if position.phase != PLAY or better is None or move_class(move) == move_class(better):
        return None
    known = position_from_view(view) if can_solve(view) else None
    exact = known is not None and (candidates_complete(known) if solved is None else solved)
    rng = view_rng(view)
    count = 1 if exact else samples
    mine = view.seat & 1
    theirs = ours = 0.0
    # Per event, what it wins the side concerned in the course where it tells (after the
    # played move for the opponents, after the better move for us) minus what the same
    # event wins it in the other course: a fact true of both moves cancels out.
    events: tuple[dict[Event, float], dict[Event, float]] = ({}, {})
    seen: tuple[dict[Event, int], dict[Event, int]] = ({}, {})
    example: dict[tuple[int, Event], tuple[Position, _Course, _Course, int]] = {}
    for _index in range(count):
        world, seed = next_sample(view, known, rng)
        played = _course(world, move, random.Random(seed), exact)
        other = _course(world, better, random.Random(seed), exact)
        theirs += _total(played, 1 - mine) - _total(other, 1 - mine)
        ours += _total(other, mine) - _total(played, mine)
        for part, side, telling, compared in ((0, 1 - mine, played, other),
                                              (1, mine, other, played)):
            net = events[part]
            for key, (won, _first) in _gains(compared, side).items():
                net[key] = net.get(key, 0.0) - won
            for key, (won, first) in _gains(telling, side).items():
                net[key] = net.get(key, 0.0) + won
                seen[part][key] = seen[part].get(key, 0) + 1
                example.setdefault((part, key), (world, played, other, first))
    theirs /= count
    ours /= count
    by_reply = theirs >= REPLY_SHARE and theirs * 2 >= ours
    part = 0 if by_reply else 1
    found, times = events[part], seen[part]
    told = max(found, key=lambda k: (found[k], k), default=None)
    if theirs + ours < MIN_DAMAGE or told is None or found[told] <= 0:
        return None
    world, played, other, index = example[part, told]
    course = played if by_reply else other
    event = course.plies[index]
    before = _position_at(world, course.plies[:index])
    side = 1 - mine if by_reply else mine
    after = play_unchecked(before, event.move)
    # The round's end gives the cards left on the table to the side that took last: told
    # as such, whether or not this ply was that side's capture.
    leftovers = bool(course.left) and index == len(course.plies) - 1
    taken = course.left if leftovers else event.move.table_cards
    if exact:
        chance = 1.0
    elif by_reply and not leftovers and event.seat != view.seat and index < LATER:
        # The chance that the replier holds a card of the value it plays, from what the
        # mover can see (exact odds rather than the samples' count); a later event needs
        # more than that card, so the samples' count tells its chance.
        unseen = view.unseen
        chance = chance_holds(unseen.bit_count(),
                              (unseen & RANK_MASK[RANK[event.move.card]]).bit_count(),
                              view.hand_sizes[event.seat])
    else:
        chance = times[told] / count
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


__all__ = ["LATER", "LINE_PLIES", "MIN_DAMAGE", "REPLY_SHARE", "SAMPLES", "Ply",
           "Refutation", "refute"]
