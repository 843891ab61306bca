"""The table's top bar: the round and deal, the match score, what this round has secured.

The figures come from :func:`diloti_desktop.rules.progress.round_progress`; this module
only phrases them and picks, for each part of the bar, the longest wording that fits the
window (the full breakdown on a wide window, the bare points on a narrow one).
"""

from __future__ import annotations

import pygame

from diloti_desktop.controller import side_name
from diloti_desktop.i18n import _
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.progress import RoundProgress, round_progress
from diloti_desktop.rules.scoring import SideScore
from diloti_desktop.ui import theme
from diloti_desktop.ui.layout import Box
from diloti_desktop.ui.wording import xeri_count_text


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


def tally_texts(progress: RoundProgress, players: int) -> list[str]:
    """What the round has secured so far, longest wording first.

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
    texts.append(_("This round {points0}–{points1} · {cards}").format(
        points0=a.total, points1=b.total, cards=cards))
    texts.append(_("This round {points0}–{points1}").format(points0=a.total, points1=b.total))
    return texts


def _width(text: str, size: int, bold: bool = False) -> int:
    return theme.text(text, size, bold=bold).get_width() if text else 0


def draw_header(surface: pygame.Surface, bar: Box, pad: int, size: int,
                position: Position, buttons_left: int,
                round_title: bool = True) -> list[pygame.Rect]:
    """Paint the bar's texts: round and deal at the left, the score, then the tally.

    The score is centred when there is room, else it moves left towards the title. The
    wordings are tried from the most to the least detailed (the tally's detail first,
    then the title's), and the first combination that fits the bar is drawn. Without
    ``round_title`` (a lesson or a puzzle: no match is played) the left part stays empty.
    Returns the rectangles of the texts drawn.
    """
    score = score_text(position)
    score_size = round(size * 1.1)
    score_w = _width(score, score_size, bold=True)
    small = max(11, size - 2)
    gap = pad * 3
    left = 2 * pad
    titles = round_titles(position) if round_title else [""]
    tallies = tally_texts(round_progress(position), position.players) if (
        position.phase == PLAY) else []
    choices = [(t, y) for y in tallies for t in titles[:2]]
    choices += [(titles[-1], y) for y in tallies] + [(t, "") for t in titles]
    for title, tally in choices:
        lowest = left + _width(title, size) + gap + score_w // 2
        highest = buttons_left - pad - score_w // 2 - (gap + _width(tally, small) if tally else 0)
        score_x = min(max(bar.centerx, lowest), highest)
        if lowest <= highest:
            break
    drawn = [theme.blit_text(surface, title, size, (left, bar.centery), theme.INK_DIM,
                             anchor="midleft")] if title else []
    drawn.append(theme.blit_text(surface, score, score_size, (score_x, bar.centery),
                                 theme.INK, bold=True, anchor="center"))
    if tally:
        drawn.append(theme.blit_text(surface, tally, small,
                                     (score_x + score_w // 2 + gap, bar.centery), theme.GOLD,
                                     anchor="midleft"))
    return drawn
