"""Reviewing a played round: every decision graded, accuracy, the biggest mistakes.

The analysis, apart from any display (as GNU Backgammon's match analysis): plain
functions over positions and moves that return numbers and enums; the UI phrases them.

- :func:`grade_decision` rates one played move against the best move *from the mover's
  view at that moment* (what the player could see, never the hidden hands), with the
  strongest evaluator there is: the Master's search budget (:data:`REVIEW_SEARCH`),
  solved exactly once the hidden cards are known (two players, empty stock). The values
  are round points (ours minus theirs), so a loss is "points per round given away on
  average". The verdict levels are the tutor's (:func:`diloti_desktop.ai.hints.verdict_for`).
- :func:`review_round` grades chosen plies of a round, reporting each as it is done (for
  a progress bar) and stopping when asked.
- :func:`summarise` turns graded decisions into accuracy, counts and the biggest mistakes.

Accuracy (one figure per round and per match, comparable between rounds of any length
and between 2 and 4 players, because it is an average per decision)::

    accuracy = 100 × 0.5 ^ (L / 1 point),   L = average points lost per unforced decision

Every point lost per decision on average halves it: 100 is perfect play, 71 means half
a point lost per decision, 50 one point. A forced decision (one distinct move) is shown
but does not count. A match's accuracy uses the average over all its decisions, not the
average of the rounds' accuracies.

Everything is seeded by the view alone, so a round reviews the same on any machine, in
any order, on any thread.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, NamedTuple, get_type_hints

from diloti_desktop.ai.features import distinct_moves
from diloti_desktop.ai.hints import MoveFacts, Verdict, move_facts, value_of, verdict_for
from diloti_desktop.ai.players import SEARCH
from diloti_desktop.ai.refutation import Ply, Refutation, refute
from diloti_desktop.ai.search import MoveValue, SearchConfig, evaluate, view_rng
from diloti_desktop.rules.movegen import candidate_moves, is_legal
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import SeatView

#: The evaluator of the review: the Master's budget (exact solving included), scored in
#: round points (the Master's match-score objective is not used: a review counts points),
#: with the flat search: every move on the same samples, so each gets a comparable value
#: (the Master's tree spends little on the moves it dislikes, the ones a review grades).
REVIEW_SEARCH: Final[SearchConfig] = SEARCH["Master"]._replace(tree=0.0)
#: Average points lost per decision that halve the accuracy.
ACCURACY_HALF_LOSS: Final = 1.0
#: Verdicts counted among "the biggest mistakes".
MISTAKE_VERDICTS: Final = (Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)
#: Bumped whenever the analysis changes, so that cached reviews are recomputed.
ANALYSIS_VERSION: Final = 2


class Decision(NamedTuple):
    """One played move, graded from its player's view."""

    ply: int                    #: index of the move in the round (0 = the first card)
    seat: int
    move: Move                  #: the move played
    best: Move                  #: the best move found (``move`` itself when it was best)
    verdict: Verdict
    loss: float                 #: round points lost against the best move (>= 0)
    value: float                #: the played move's value (round points, ours - theirs)
    best_value: float
    choices: int                #: distinct moves that were available (1: forced)
    exact: bool                 #: solved exactly (the hidden cards were known)
    played_facts: MoveFacts     #: what the played move does and risks (the hints' facts)
    best_facts: MoveFacts
    #: For a mistake (:data:`MISTAKE_VERDICTS`): what happens next that shows why.
    refutation: Refutation | None = None

    @property
    def forced(self) -> bool:
        """Only one distinct move was possible: nothing to decide."""
        return self.choices <= 1

    @property
    def was_best(self) -> bool:
        """The played move is the best, or worth the same (the BEST verdict: a better
        move then is not worth showing)."""
        return self.verdict == Verdict.BEST


class ReviewSummary(NamedTuple):
    """The figures of a set of decisions (a round, or a whole match)."""

    decisions: int              #: graded decisions, forced ones included
    unforced: int
    total_loss: float
    average_loss: float | None  #: per unforced decision; None when there is none
    accuracy: float | None      #: 0 to 100; None when there is no unforced decision
    counts: Mapping[Verdict, int]
    mistakes: tuple[Decision, ...]   #: the biggest (at most three), biggest first


def grade_decision(view: SeatView, move: Move, ply: int = 0,
                   config: SearchConfig = REVIEW_SEARCH) -> Decision:
    """Grade ``move``, played from ``view`` (the mover's view when it was played).
    Raises ValueError for a move that is not legal there."""
    moves = candidate_moves(view.position)
    if not is_legal(view.position, move):
        raise ValueError(f"{move} is not a legal move of this position")
    if len(distinct_moves(moves)) <= 1:
        return decision_from_ranking(view, move, [], ply)
    # (on a crowded table the played move may be outside the bounded candidates: add it)
    results = evaluate(view, config, view_rng(view), moves if move in moves else [*moves, move])
    return decision_from_ranking(view, move, results, ply)


def decision_from_ranking(view: SeatView, move: Move, results: Sequence[MoveValue],
                          ply: int = 0) -> Decision:
    """The decision of ``move`` played from ``view``, graded against an existing ranking
    of that view (``results``, best first: :func:`grade_decision`'s own, or the one the
    hint and the tutor computed live, so that the review says what they said). A forced
    decision needs no ranking. Raises ValueError when ``move`` is not ranked."""
    seat = view.seat
    choices = len(distinct_moves(candidate_moves(view.position)))
    if choices <= 1:
        (facts,) = move_facts(view, [move])
        return Decision(ply, seat, move, move, Verdict.BEST, 0.0, 0.0, 0.0, 1, True,
                        facts, facts)
    if not results:
        raise ValueError("no ranking to grade against")
    best = results[0]
    value = value_of(results, move)
    loss = max(0.0, best.value - value)
    best_move = move if loss <= 0.0 else best.move
    played_facts, best_facts = move_facts(view, [move, best_move])
    verdict = verdict_for(loss)
    refutation = (refute(view, move, best_move, best.samples, best.exact)
                  if verdict in MISTAKE_VERDICTS else None)
    return Decision(ply, seat, move, best_move, verdict, loss, value, best.value,
                    choices, best.exact, played_facts, best_facts, refutation)


def review_round(decisions: Iterable[tuple[int, SeatView, Move]],
                 on_decision: Callable[[Decision], None] | None = None,
                 should_stop: Callable[[], bool] | None = None,
                 config: SearchConfig = REVIEW_SEARCH,
                 grade: Callable[..., Decision] = grade_decision) -> list[Decision]:
    """Grade each ``(ply, view, move)`` in the order given (the mover's view when the
    move was played); each decision is passed to ``on_decision`` as soon as it is
    graded. Stops early (returning what was graded) once ``should_stop()`` is true.
    ``grade`` does the grading (:func:`grade_decision`, or a caller's wrapper that runs
    it elsewhere, e.g. in a worker process)."""
    graded = []
    for ply, view, move in decisions:
        if should_stop is not None and should_stop():
            break
        decision = grade(view, move, ply, config)
        graded.append(decision)
        if on_decision is not None:
            on_decision(decision)
    return graded


# -- figures ---------------------------------------------------------------------------
def accuracy_of(average_loss: float) -> float:
    """The accuracy (0 to 100) for an average loss per decision (module docs)."""
    return float(100.0 * 0.5 ** (max(0.0, average_loss) / ACCURACY_HALF_LOSS))


def summarise(decisions: Iterable[Decision], mistakes: int = 3) -> ReviewSummary:
    """Accuracy, verdict counts and the ``mistakes`` biggest mistakes of some decisions."""
    every = list(decisions)
    unforced = [d for d in every if not d.forced]
    total = sum(d.loss for d in unforced)
    average = total / len(unforced) if unforced else None
    counts = {verdict: 0 for verdict in Verdict}
    for decision in every:
        counts[decision.verdict] += 1
    worst = sorted((d for d in unforced if d.verdict in MISTAKE_VERDICTS),
                   key=lambda d: (-d.loss, d.ply))[:mistakes]
    return ReviewSummary(len(every), len(unforced), total, average,
                         None if average is None else accuracy_of(average), counts,
                         tuple(worst))


# -- storing reviews (the save file's analysis cache) ----------------------------------
_FACT_TYPES: Final = get_type_hints(MoveFacts)


def _facts_to_list(facts: MoveFacts) -> list[Any]:
    return [int(v) if isinstance(v, MoveKind) else v for v in facts]


def _facts_from_list(data: object) -> MoveFacts:
    fields = MoveFacts._fields
    if not isinstance(data, list) or len(data) != len(fields):
        raise ValueError("malformed move facts")
    values: list[Any] = []
    for name, raw in zip(fields, data, strict=True):
        kind = _FACT_TYPES[name]
        if isinstance(raw, bool) != (kind is bool) or not isinstance(raw, int | float):
            raise ValueError(f"malformed move fact {name}")
        values.append(kind(raw))
    return MoveFacts(*values)


def _refutation_to_dict(found: Refutation) -> dict[str, Any]:
    return {"start": found.start.notation(),
            "line": [[ply.seat, ply.move.notation()] for ply in found.line],
            "by_reply": found.by_reply,
            "event": [found.event.seat, found.event.move.notation()], "at": found.at,
            "taken": found.taken, "pile_value": found.pile_value, "xeri": found.xeri,
            "points": found.points, "chance": found.chance, "exact": found.exact,
            "damage": found.damage, "leftovers": found.leftovers, "side": found.side}


def _ply_from(data: object) -> Ply:
    if (not isinstance(data, list) or len(data) != 2 or not isinstance(data[0], int)
            or isinstance(data[0], bool) or not 0 <= data[0] < 4):
        raise ValueError("malformed ply")
    return Ply(data[0], Move.parse(str(data[1])))


def _refutation_from(data: object) -> Refutation | None:
    """Inverse of :func:`_refutation_to_dict` (None stays None); raises ValueError."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError("malformed refutation")
    line = data["line"]
    if not isinstance(line, list) or not 1 <= len(line) <= 16:
        raise ValueError("malformed refutation line")
    flags = [data["by_reply"], data["xeri"], data["exact"], data["leftovers"]]
    counts = [data["at"], data["taken"], data["pile_value"], data["points"], data["side"]]
    if (not all(isinstance(x, bool) for x in flags)
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0
                       for x in counts)
            or not all(isinstance(x, int | float) and not isinstance(x, bool)
                       for x in (data["chance"], data["damage"]))):
        raise ValueError("malformed refutation")
    return Refutation(Position.parse(str(data["start"])), tuple(_ply_from(p) for p in line),
                      data["by_reply"], _ply_from(data["event"]), data["at"],
                      data["taken"] & ((1 << 52) - 1), data["pile_value"], data["xeri"],
                      data["points"], min(1.0, max(0.0, float(data["chance"]))),
                      data["exact"], float(data["damage"]), data["leftovers"],
                      data["side"] & 1)


def decision_to_dict(decision: Decision) -> dict[str, Any]:
    """JSON-ready form of a decision."""
    return {
        "ply": decision.ply, "seat": decision.seat, "move": decision.move.notation(),
        "best": decision.best.notation(), "verdict": decision.verdict.value,
        "loss": decision.loss, "value": decision.value,
        "best_value": decision.best_value, "choices": decision.choices,
        "exact": decision.exact, "played_facts": _facts_to_list(decision.played_facts),
        "best_facts": _facts_to_list(decision.best_facts),
        "refutation": (None if decision.refutation is None
                       else _refutation_to_dict(decision.refutation)),
    }


def decision_from_dict(data: object) -> Decision:
    """Inverse of :func:`decision_to_dict`; raises ValueError on anything malformed."""
    if not isinstance(data, dict):
        raise ValueError("malformed decision")
    try:
        numbers = [data["loss"], data["value"], data["best_value"]]
        if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in numbers):
            raise ValueError("malformed decision values")
        ints = [data["ply"], data["seat"], data["choices"]]
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in ints):
            raise ValueError("malformed decision numbers")
        if not isinstance(data["exact"], bool):
            raise ValueError("malformed decision")
        Verdict(data["verdict"])  # kept in the file for readers; must still be a verdict
        return Decision(
            ply=data["ply"], seat=data["seat"], move=Move.parse(str(data["move"])),
            best=Move.parse(str(data["best"])),
            # From the loss, with today's limits (they may have been calibrated since).
            verdict=Verdict.BEST if data["choices"] <= 1 else verdict_for(data["loss"]),
            loss=float(max(0.0, data["loss"])), value=float(data["value"]),
            best_value=float(data["best_value"]), choices=data["choices"],
            exact=data["exact"], played_facts=_facts_from_list(data["played_facts"]),
            best_facts=_facts_from_list(data["best_facts"]),
            refutation=_refutation_from(data.get("refutation")))
    except KeyError as error:
        raise ValueError(f"decision lacks {error}") from None
    except TypeError as error:
        raise ValueError(f"malformed decision: {error}") from None


__all__ = ["ACCURACY_HALF_LOSS", "ANALYSIS_VERSION", "REVIEW_SEARCH", "Decision",
           "ReviewSummary", "accuracy_of", "decision_from_dict", "decision_from_ranking",
           "decision_to_dict", "grade_decision", "review_round", "summarise"]
