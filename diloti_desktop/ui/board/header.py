"""The table's top bar: the round and deal, the match score, what this round has secured.

The figures come from :func:`diloti_desktop.rules.progress.round_progress`; this module
only phrases them and picks, for each part of the bar, the longest wording that fits the
window (the full breakdown on a wide window, the bare points on a narrow one).
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from diloti_desktop.controller import side_name
from diloti_desktop.i18n import _
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.progress import RoundProgress, round_progress
from diloti_desktop.rules.scoring import SideScore
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.words.wording import xeri_count_text


def round_titles(position: Position) -> list[str]:
    """The bar's left part, longest first: "Round 2 · deal 2 of 4 · first to 61"."""
    if position.phase != PLAY:
        return [_("Round {number} · first to {target}").format(
            number=position.round_no, target=position.rules.target),
            _("Round {number}").format(number=position.round_no)]
    progress = round_progress(position)
    return [
        _("Round {number} · deal {deal} of {deals} · first to {target}").format(
            number=position.round_no, deal=progress.deal, deals=progress.deals,
            target=position.rules.target),
        _("Round {number} · deal {deal} of {deals}").format(
            number=position.round_no, deal=progress.deal, deals=progress.deals),
        _("Round {number}").format(number=position.round_no),
    ]


def score_text(position: Position) -> str:
    """The match score: "You 12 – 30 North"."""
    players = position.players
    return _("{side0} {score0} – {score1} {side1}").format(
        side0=side_name(0, players), score0=position.scores[0],
        score1=position.scores[1], side1=side_name(1, players))


def secured_items(score: SideScore) -> str:
    """The point cards and sweeps a side has taken this round: "A, A, 10♦, 1 xeri"."""
    items = [_("A")] * score.aces
    if score.ten_of_diamonds:
        items.append(_("10♦"))
    if score.two_of_clubs:
        items.append(_("2♣"))
    if score.xeris:
        items.append(xeri_count_text(score.xeris))
    return ", ".join(items)


def _side_tally(side: int, score: SideScore, players: int, detailed: bool) -> str:
    items = secured_items(score) if detailed else ""
    if items:
        return _("{side} {points} ({items})").format(
            side=side_name(side, players), points=score.total, items=items)
    return _("{side} {points}").format(side=side_name(side, players), points=score.total)


#: How many of :func:`tally_texts`' wordings name the sides (they come first).
NAMED_TALLIES = 3


def tally_texts(progress: RoundProgress, players: int) -> list[str]:
    """What the round has secured so far, most detailed wording first: the first
    :data:`NAMED_TALLIES` name the sides, the last ones give the bare points.

    The points count each side's Aces, 10♦, 2♣ and xeris already captured (and the 4
    points of the majority once a side has 27 cards); the card counts show the race.
    """
    a, b = progress.secured
    cards = _("cards {cards0}–{cards1}").format(cards0=a.cards, cards1=b.cards)
    texts = []
    for detailed in (True, False):
        texts.append(_("This round: {side0} · {side1} · {cards}").format(
            side0=_side_tally(0, a, players, detailed),
            side1=_side_tally(1, b, players, detailed), cards=cards))
    # The card race is also beside each capture pile: the sides' names matter more.
    texts.append(_("This round: {side0} · {side1}").format(
        side0=_side_tally(0, a, players, False), side1=_side_tally(1, b, players, False)))
    texts.append(_("This round {points0}–{points1} · {cards}").format(
        points0=a.total, points1=b.total, cards=cards))
    texts.append(_("This round {points0}–{points1}").format(points0=a.total, points1=b.total))
    return texts


def _width(text: str, size: int, bold: bool = False) -> int:
    return theme.text(text, size, bold=bold).get_width() if text else 0


class HeaderFit(NamedTuple):
    """The wordings of the bar that fit, and where the score goes."""

    title: str
    score: str
    tally: str
    tally_size: int
    score_x: int


def fit_header(bar: Box, pad: int, size: int, position: Position, buttons_left: int,
               round_title: bool = True) -> HeaderFit:
    """Choose the bar's wordings: the most detailed combination that fits.

    The score is centred when there is room, else it moves left towards the title. The
    wordings are tried from the most to the least detailed. Which side has which points
    matters most: the tallies that name the sides are all tried, with shorter titles, no
    title and then a slightly smaller type (four players' side names are long), before
    the bare points. Without ``round_title`` (a lesson or a puzzle: no match is played)
    the left part stays empty.
    """
    score = score_text(position)
    score_w = _width(score, round(size * 1.1), bold=True)
    small = theme.smaller(size, 2)
    smaller = max(theme.MIN_TEXT_PX, round(small * 0.82))
    gap = pad * 3
    left = 2 * pad
    titles = round_titles(position) if round_title else [""]
    tallies = tally_texts(round_progress(position), position.players) if (
        position.phase == PLAY) else []
    named, bare = tallies[:NAMED_TALLIES], tallies[NAMED_TALLIES:]
    shortest = titles[-1]
    choices = [(t, y, small) for y in named for t in titles[:2]]
    choices += [(shortest, y, small) for y in named]
    choices += [(t, y, z) for y in named[-1:] for t, z in (
        (shortest, smaller), ("", small), ("", smaller))]
    choices += [(t, y, small) for y in bare for t in titles[:2]]
    choices += [(shortest, y, small) for y in bare] + [(t, "", small) for t in titles]
    for title, tally, tally_size in choices:
        lowest = left + _width(title, size) + gap + score_w // 2
        highest = buttons_left - pad - score_w // 2 - (
            gap + _width(tally, tally_size) if tally else 0)
        score_x = min(max(bar.centerx, lowest), highest)
        if lowest <= highest:
            break
    return HeaderFit(title, score, tally, tally_size, score_x)


def draw_header(surface: pygame.Surface, bar: Box, pad: int, size: int,
                position: Position, buttons_left: int,
                round_title: bool = True) -> list[pygame.Rect]:
    """Paint the bar's texts (:func:`fit_header`): round and deal at the left, the score,
    then the tally. Returns the rectangles of the texts drawn."""
    fit = fit_header(bar, pad, size, position, buttons_left, round_title)
    score_size = round(size * 1.1)
    score_w = _width(fit.score, score_size, bold=True)
    drawn = [theme.blit_text(surface, fit.title, size, (2 * pad, bar.centery), theme.INK_DIM,
                             anchor="midleft")] if fit.title else []
    drawn.append(theme.blit_text(surface, fit.score, score_size, (fit.score_x, bar.centery),
                                 theme.INK, bold=True, anchor="center"))
    if fit.tally:
        drawn.append(theme.blit_text(surface, fit.tally, fit.tally_size,
                                     (fit.score_x + score_w // 2 + pad * 3, bar.centery),
                                     theme.GOLD, anchor="midleft"))
    return drawn
