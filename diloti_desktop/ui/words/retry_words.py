"""The words of a retried mistake (a mistake of a finished round, played again as a puzzle).

:func:`wrong_try_text` is the one place a wrong try is answered, so whatever the coach
can add about the move tried (what the opponent then does) is said there.
"""

from __future__ import annotations

from diloti_desktop.ai.features import move_class
from diloti_desktop.controller.retry import Retry
from diloti_desktop.i18n import _, format_number, ngettext
from diloti_desktop.rules.moves import Move
from diloti_desktop.ui.words.coach_words import refutation_text
from diloti_desktop.ui.words.review_words import VERDICT_NAMES, played_text
from diloti_desktop.ui.words.wording import describe_move


def points_text(points: float) -> str:
    """A number of points as the retry says it: "2", "0,5" (one decimal at most)."""
    return format_number(points, 0 if float(points).is_integer() else 1)


def wrong_try_text(retry: Retry, move: Move, left: int) -> str:
    """What a wrong try is told: that it is not the better move (or that it is the move
    played then, with what happens next after it), and the tries left; with none left,
    that the answer is shown now, and what went wrong with the move played then (the
    review's refutation of it)."""
    refutation = retry.decision.refutation
    why = ("" if refutation is None
           else " " + refutation_text(refutation, retry.position.players))
    if move_class(move) == move_class(retry.decision.move):
        if left <= 0:
            return _("That is the move you played then. Here is the better one.") + why
        return ngettext("That is the move you played then. {left} try left.",
                        "That is the move you played then. {left} tries left.",
                        left).format(left=left) + why
    words = describe_move(move, retry.position)
    if left <= 0:
        return _("Not the better move: {move}. Here is the better one.").format(
            move=words) + why
    return ngettext("Not the better move: {move}. {left} try left.",
                    "Not the better move: {move}. {left} tries left.", left).format(
                        move=words, left=left)


def retry_title(retry: Retry, number: int, total: int) -> str:
    """ "Retry a mistake · round 2, move 7", or "Mistake 1 of 3 · …" in a series."""
    if total <= 1:
        return _("Retry a mistake · round {round}, move {move}").format(
            round=retry.round_no, move=retry.move_number)
    return _("Mistake {number} of {total} · round {round}, move {move}").format(
        number=number, total=total, round=retry.round_no, move=retry.move_number)


def retry_task(retry: Retry) -> str:
    """What was played then, its grade and what it cost."""
    decision = retry.decision
    return _("{played} ({verdict}, {points} points lost). Find a better move: three "
             "tries.").format(played=played_text(decision.move, retry.position),
                              verdict=_(VERDICT_NAMES[decision.verdict]),
                              points=points_text(round(decision.loss, 1)))


def retry_gain(retry: Retry) -> str:
    """How much the better move is worth over the move played."""
    return _("It is worth about {points} points more than your move by the end of the "
             "round.").format(points=points_text(round(retry.decision.loss, 1)))
