"""Marks the table view can draw over a position: see-through ghost cards and arrows.

The review shows the move played and the better move with them; they are plain values
(a card and a box, two points and a colour), so any scene can ask for them through
:class:`~diloti_desktop.ui.board.table_view.Decorations`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import Box


@dataclass(frozen=True)
class Ghost:
    """A card drawn see-through where a move would put it (the review's better move)."""

    card: int
    box: Box
    ring: theme.Colour
    alpha: int = 150


@dataclass(frozen=True)
class Arrow:
    """An arrow from a card to where it goes (the review's played and better moves)."""

    start: tuple[int, int]
    end: tuple[int, int]
    colour: theme.Colour



def draw_ghost(surface: pygame.Surface, ghost: Ghost, image: pygame.Surface) -> None:
    """``image`` (the ghost card's face) see-through in its ringed box."""
    box = ghost.box
    theme.glow_ring(surface, box, ghost.ring, max(4, box.w // 12))
    if image.get_size() != (box.w, box.h):
        image = pygame.transform.smoothscale(image, (max(1, box.w), max(1, box.h)))
    image = image.copy()
    image.set_alpha(ghost.alpha)
    surface.blit(image, (box.x, box.y))


def draw_arrow(surface: pygame.Surface, arrow: Arrow, width: int) -> None:
    """A straight arrow with a dark edge, so that it reads on felt and on cards."""
    (x0, y0), (x1, y1) = arrow.start, arrow.end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 2:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = min(length * 0.5, width * 5.0)
    base = (x1 - ux * head, y1 - uy * head)
    wing = head * 0.6
    points = [(x1, y1), (base[0] - uy * wing, base[1] + ux * wing),
              (base[0] + uy * wing, base[1] - ux * wing)]
    for colour, extra in ((theme.INK_DARK, 2), (arrow.colour, 0)):
        pygame.draw.line(surface, colour, (x0, y0), (round(base[0]), round(base[1])),
                         width + extra * 2)
        pygame.draw.polygon(surface, colour, [(round(x), round(y)) for x, y in points],
                            0 if extra == 0 else extra * 2)
    pygame.draw.circle(surface, arrow.colour, (x0, y0), width + 1)
