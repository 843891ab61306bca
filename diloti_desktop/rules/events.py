"""Events a move (or the start of a round) causes, for the controller, UI and logs.

Each is a small immutable record; card sets are masks (see :mod:`cards`).
"""

from __future__ import annotations

from typing import NamedTuple

from diloti_desktop.rules.cards import format_cards
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Pile
from diloti_desktop.rules.scoring import SideScore


class RoundStarted(NamedTuple):
    """A round was shuffled and its first deal laid out."""

    round_no: int
    dealer: int
    layout_redeals: int


class DealDealt(NamedTuple):
    """Six cards went to every hand (``deal_no`` 1 to 4 with 2 players, 1 to 2 with 4)."""

    deal_no: int
    first_seat: int


class CardPlayed(NamedTuple):
    """A seat played a move."""

    seat: int
    move: Move


class Captured(NamedTuple):
    """A seat's side took ``cards`` (the played card included) and the ``piles`` in it."""

    seat: int
    side: int
    cards: int
    piles: tuple[Pile, ...]


class PileDeclared(NamedTuple):
    """A plain pile or family was declared (``absorbed``: a pile it took over, if any)."""

    seat: int
    pile: Pile
    absorbed: Pile | None


class PileRaised(NamedTuple):
    """A plain pile was raised: its new owner and value are in ``new``."""

    seat: int
    old: Pile
    new: Pile


class Xeri(NamedTuple):
    """A sweep: the capture left the table empty."""

    seat: int
    side: int
    points: int


class Xeristaki(NamedTuple):
    """A mini-sweep (variant): the capture left exactly one pile and nothing else."""

    seat: int
    side: int
    points: int


class LeftoversTaken(NamedTuple):
    """At the end of a round the last capturer's side took what was left (never a xeri)."""

    side: int
    cards: int


class RoundScored(NamedTuple):
    """The round's per-side breakdown and the match scores after it."""

    round_no: int
    breakdown: tuple[SideScore, SideScore]
    scores: tuple[int, int]


class MatchWon(NamedTuple):
    """A side reached the target with the higher total."""

    side: int
    scores: tuple[int, int]


Event = (RoundStarted | DealDealt | CardPlayed | Captured | PileDeclared | PileRaised | Xeri
         | Xeristaki | LeftoversTaken | RoundScored | MatchWon)


def event_notation(event: Event) -> str:
    """One line of text for logs, transcripts and the CLI, e.g. ``Xeri seat=0 side=0 points=10``.

    Card sets are written in card notation, piles and moves in their own notation.
    """
    parts = [type(event).__name__]
    for name, value in zip(event._fields, event, strict=True):
        if name == "cards" and isinstance(value, int):
            text = format_cards(value)
        elif isinstance(value, Move | Pile):
            text = value.notation()
        elif isinstance(value, tuple) and value and isinstance(value[0], Pile):
            text = ",".join(pile.notation() for pile in value)
        elif isinstance(value, tuple) and value and isinstance(value[0], SideScore):
            text = "|".join(
                ",".join(f"{k}:{v}" for k, v in zip(SideScore._fields, s, strict=True))
                for s in value)
        elif value is None or value == ():
            text = "-"
        else:
            text = str(value).replace(" ", "")
        parts.append(f"{name}={text}")
    return " ".join(parts)
