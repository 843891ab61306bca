"""Small table pictures drawn from position notation, for the rules and Advanced rules
screens: the hand at the left, the table's loose cards and piles at the right, drawn by
the game's own card renderer. Pure drawing: the position is parsed by the rules core."""

from __future__ import annotations

import functools

import pygame

from diloti_desktop.controller import seat_name
from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import Card, iter_cards
from diloti_desktop.rules.explain import pile_label
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit import card_art, theme
from diloti_desktop.ui.kit.layout import Box


@functools.lru_cache(maxsize=64)
def parse_example(notation: str) -> Position:
    """The example's position (cached: the screens draw it every frame)."""
    return Position.parse(notation)


def example_height(card_w: int, size: int) -> int:
    """The height a picture with cards ``card_w`` wide needs (a caption row included)."""
    return card_art.card_size(card_w)[1] + round(size * 2.6)


def draw_example(surface: pygame.Surface, box: Box, notation: str, card_w: int, size: int,
                 four_colour: bool = False, caption: str = "") -> None:
    """Draw the hand and the table of ``notation`` inside ``box``, and ``caption`` (wrapped)
    in the room left at the right."""
    position = parse_example(notation)
    card_h = card_art.card_size(card_w)[1]
    step = round(card_w * 0.42)
    gap = round(card_w * 0.35)
    theme.rounded(surface, box, theme.FELT, 10)
    y = box.y + round(size * 1.4)
    x = box.x + size

    def card(c: Card, at: tuple[int, int]) -> None:
        surface.blit(card_art.face(c.rank, c.suit, card_w, four_colour=four_colour), at)

    hand = list(iter_cards(position.hands[0]))
    if hand:
        hand_label = theme.blit_text(surface, _("Your hand"), theme.smaller(size, 2),
                                     (x, box.y + size // 3), theme.INK_DIM)
        for index, c in enumerate(hand):
            card(c, (x + index * step, y))
        x += max((len(hand) - 1) * step + card_w, hand_label.w) + 2 * gap
    if position.loose or position.piles:  # no caption over an empty table
        theme.blit_text(surface, _("Table"), theme.smaller(size, 2), (x, box.y + size // 3),
                        theme.INK_DIM)
    for c in iter_cards(position.loose):
        card(c, (x, y))
        x += card_w + gap
    for pile in position.piles:
        members = list(iter_cards(pile.cards))
        for index, c in enumerate(members):
            card(c, (x + index * step, y))
        width = (len(members) - 1) * step + card_w
        owner = _("yours") if pile.owner == 0 else seat_name(pile.owner, position.players)
        label = _("{pile} — {owner}").format(pile=pile_label(pile), owner=owner)
        theme.blit_text(surface, label, theme.smaller(size, 3), (x + width // 2, y + card_h + 2),
                        theme.GOLD, anchor="midtop")
        x += width + gap
    if caption:
        width = box.right - x - size
        lines = theme.wrap(caption, theme.smaller(size, 1), max(width, 4 * size))
        line_h = theme.line_height(theme.smaller(size, 1))
        top = box.y + (box.h - len(lines) * line_h) // 2
        for index, line in enumerate(lines):
            theme.blit_text(surface, line, theme.smaller(size, 1), (x, top + index * line_h),
                            theme.INK)
