"""The words of "Show the line": the button, each ply's caption and the line's status.

A ply is told as the table tells a played move (:func:`describe_turn`, in the past:
"North played 7♦ and took 3♣ 4♥ — XERI!"); when the line comes from one guess of the
cards the player cannot see, every caption says it is an example.
"""

from __future__ import annotations

from collections.abc import Sequence

from diloti_desktop.controller.narration import describe_turn
from diloti_desktop.i18n import _
from diloti_desktop.rules.events import Event
from diloti_desktop.ui.kit.input import key_label


def show_line_label() -> str:
    """The button that plays the refutation's line on the table."""
    # TRANSLATORS: a button that plays on the table what happens after the move the
    # coach doubts: the move, the opponent's answer, ours (as chess sites' "show
    # solution"). Greek: «Δείξε τη συνέχεια».
    return _("Show the line")


def line_caption(events: Sequence[Event], players: int, exact: bool) -> str:
    """One ply of the line in words; an example when the hidden cards were guessed."""
    account = describe_turn(events, players)
    if exact or not account:
        return account
    # TRANSLATORS: {account} is a played move told in the past ("North played 7♦ and
    # took 3♣ 4♥"); the other players' cards in this line are one guess, not the real ones.
    return _("For example: {account}").format(account=account)


def table_line_status(number: int, count: int) -> str:
    """The table's status line while the line plays."""
    # TRANSLATORS: shown while the tutor plays the line on the table; → and {esc} are keys.
    return _("The line, move {number} of {count} · → next · {esc} back to the tutor").format(
        number=number, count=count, esc=key_label("Esc"))


def review_line_status(number: int, count: int) -> str:
    """The review's status line while it steps through a line."""
    # TRANSLATORS: shown while the review steps through the line after a mistake; ←, →
    # and {esc} are keys.
    return _("The line, move {number} of {count} · ← → step · {esc} back to the move"
             ).format(number=number, count=count, esc=key_label("Esc"))


__all__ = ["line_caption", "review_line_status", "show_line_label", "table_line_status"]
