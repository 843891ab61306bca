"""The review's words and colours: grades, losses, accuracy and the better move, phrased.

The figures come from :mod:`diloti_desktop.ai.review`; this module only turns them into
translated sentences (one template per sentence, named placeholders) and picks colours.
"""

from __future__ import annotations

from typing import Final

from diloti_desktop.ai.hints import Verdict
from diloti_desktop.ai.reasons import fact_reasons
from diloti_desktop.ai.review import Decision
from diloti_desktop.controller import seat_name
from diloti_desktop.controller.narration import describe_turn
from diloti_desktop.i18n import N_, _, format_number, format_percent
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.words.coach_words import reason_text, refutation_text
from diloti_desktop.ui.words.wording import describe_move

VERDICT_NAMES: Final = {
    Verdict.BEST: N_("Best"),
    Verdict.GOOD: N_("Good"),
    Verdict.INACCURACY: N_("Inaccuracy"),
    Verdict.MISTAKE: N_("Mistake"),
    Verdict.BLUNDER: N_("Blunder"),
}

VERDICT_COLOURS: Final[dict[Verdict, theme.Colour]] = {
    Verdict.BEST: (110, 220, 130),
    Verdict.GOOD: (176, 226, 120),
    Verdict.INACCURACY: (240, 214, 90),
    Verdict.MISTAKE: (245, 150, 70),
    Verdict.BLUNDER: (240, 90, 80),
}
#: The colour of the better move (the hints' colour: the same thing, shown afterwards).
BETTER_COLOUR: Final = theme.HINT
#: Moves that are not graded (yet, or not asked for).
PLAIN_COLOUR: Final = theme.INK_DIM


def verdict_name(decision: Decision) -> str:
    """ "Mistake", or "Forced" when there was nothing to choose."""
    if decision.forced:
        return _("Forced")
    return _(VERDICT_NAMES[decision.verdict])


def verdict_colour(decision: Decision | None) -> theme.Colour:
    """The colour of a grade (a plain colour when not graded)."""
    return PLAIN_COLOUR if decision is None else VERDICT_COLOURS[decision.verdict]


def loss_text(loss: float) -> str:
    """ "−2.3 points" (points per round lost on average against the best move)."""
    return _("−{points} points").format(points=format_number(loss, 1))


def accuracy_text(accuracy: float | None) -> str:
    """ "84%", or a dash when there is nothing to measure."""
    return "–" if accuracy is None else format_percent(accuracy / 100)


def formula_text() -> str:
    """The accuracy formula in one line (ai.review's definition)."""
    return _("Accuracy = 100 × ½^(points lost per decision)")


def played_text(move: Move, position: Position) -> str:
    """A played move told in the past, with its player ("North laid 4♠", "You played
    2♠ and took 2♣"): the words of the table's own account of the move."""
    return describe_turn(apply(position, move)[1], position.players)


def decision_status(move: Move, decision: Decision | None, position: Position,
                    number: int, total: int) -> str:
    """The status line of a step: who played what, and its grade when there is one."""
    account = played_text(move, position)
    if decision is None:
        return _("Move {number} of {total} · {account}").format(
            number=number, total=total, account=account)
    if decision.forced:
        return _("Move {number} of {total} · {account} (the only move)").format(
            number=number, total=total, account=account)
    if decision.verdict == Verdict.BEST:
        return _("Move {number} of {total} · {account} · {grade}").format(
            number=number, total=total, account=account, grade=verdict_name(decision))
    return _("Move {number} of {total} · {account} · {grade}, {loss}").format(
        number=number, total=total, account=account, grade=verdict_name(decision),
        loss=loss_text(decision.loss))


def decision_advice(decision: Decision, position: Position) -> str:
    """Why: the better move and its main reason, or why the played move was right (the
    reasons in the coach's words)."""
    if decision.forced:
        return ""
    players = position.players
    next_seat = (decision.seat + 1) % players
    if decision.was_best:
        said = _("The best move.")
        found = fact_reasons(decision.played_facts, next_seat)
    else:
        said = _("Better: {move}.").format(move=describe_move(decision.best, position))
        found = fact_reasons(decision.best_facts, next_seat)
        if decision.refutation is not None and decision.seat == 0:
            # What happens next is the difference between the moves: said first, and
            # instead of a fact about the better move that may be true of both.
            return " ".join((refutation_text(decision.refutation, players), said))
    if not found:
        return said
    return " ".join((said, reason_text(found[0], players)))


def mistake_line(decision: Decision, players: int) -> str:
    """A row of the biggest mistakes: "Move 14 · You · blunder −6.2"."""
    return _("Move {number} · {player} · {grade} {loss}").format(
        number=decision.ply + 1, player=seat_name(decision.seat, players),
        grade=verdict_name(decision), loss=loss_text(decision.loss))


def progress_text(done: int, total: int) -> str:
    """ "Analysing: 12 of 24 moves" under the progress bar."""
    return _("Analysing: {done} of {total} moves").format(done=done, total=total)
