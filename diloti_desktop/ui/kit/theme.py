"""Colours and drawing helpers shared by every screen: felt, text, panels, outlines.

Text surfaces are cached (the same label is drawn every frame), and the felt is rendered
once per window size. Nothing here knows about the game.
"""

from __future__ import annotations

import functools
import math
import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Final, Literal

import pygame

from diloti_desktop import resources
from diloti_desktop.ui.kit.layout import Box

Colour = tuple[int, int, int]
Anchor = Literal["topleft", "midtop", "topright", "midleft", "center", "midright",
                 "bottomleft", "midbottom", "bottomright"]

FELT: Final[Colour] = (22, 104, 62)
FELT_DARK: Final[Colour] = (10, 58, 34)
FELT_LIGHT: Final[Colour] = (34, 128, 78)
INK: Final[Colour] = (244, 241, 228)
INK_DIM: Final[Colour] = (188, 206, 190)
INK_DARK: Final[Colour] = (22, 30, 26)
GOLD: Final[Colour] = (236, 196, 92)
GOLD_DARK: Final[Colour] = (150, 112, 36)
PANEL: Final[Colour] = (16, 40, 28)
PANEL_EDGE: Final[Colour] = (92, 150, 108)
BAR: Final[Colour] = (8, 36, 22)
BUTTON: Final[Colour] = (36, 86, 58)
BUTTON_HOVER: Final[Colour] = (52, 114, 78)
BUTTON_PRIMARY: Final[Colour] = (196, 150, 48)
BUTTON_PRIMARY_HOVER: Final[Colour] = (222, 178, 70)
BUTTON_DISABLED: Final[Colour] = (44, 62, 52)
TARGET: Final[Colour] = (120, 232, 150)
DROP_TARGET: Final[Colour] = (255, 255, 255)
HINT: Final[Colour] = (90, 200, 255)
FOCUS: Final[Colour] = (250, 250, 250)
ALERT: Final[Colour] = (255, 170, 150)
ALERT_BG: Final[Colour] = (92, 30, 26)
TURN: Final[Colour] = (255, 214, 102)

_TEXT_CACHE_SIZE: Final = 512
_text_cache: OrderedDict[tuple[str, int, bool, Colour], pygame.Surface] = OrderedDict()


def text(label: str, size: int, colour: Colour = INK, bold: bool = False) -> pygame.Surface:
    """``label`` rendered antialiased in DejaVu Sans; cached and shared (do not draw on it)."""
    key = (label, size, bold, colour)
    cached = _text_cache.get(key)
    if cached is not None:
        _text_cache.move_to_end(key)
        return cached
    surface = resources.font(size, bold).render(label, True, colour)
    _text_cache[key] = surface
    if len(_text_cache) > _TEXT_CACHE_SIZE:
        _text_cache.popitem(last=False)
    return surface


def clear_caches() -> None:
    """Forget cached text, shapes and felt (after ``pygame.quit()``, or a display change)."""
    global _layer_pixels
    _text_cache.clear()
    _layers.clear()
    _layer_pixels = 0
    _felt.cache_clear()
    _fit.cache_clear()
    _fit_size.cache_clear()
    _wrap.cache_clear()


@dataclass(frozen=True)
class Overflow:
    """A text that did not fit where it was drawn (collected while :data:`overflows` is set)."""

    label: str
    width: int
    room: int
    why: str


#: When a list, every text that does not fit its box is recorded here instead of passing
#: silently (the text-fit test renders every scene in every language with this set).
overflows: list[Overflow] | None = None
#: A text may shrink to this share of its size before it is cut with an ellipsis.
MIN_SHRINK: Final = 0.72
#: Never smaller than this (pixels): below it text stops being readable, the Greek
#: accents first. Frames are never drawn smaller than the minimum window (a smaller window
#: shows a scaled-down frame), so this is the smallest text at 960x600.
MIN_TEXT_PX: Final = 12


def smaller(size: int, by: int) -> int:
    """``size`` less ``by`` pixels, never under :data:`MIN_TEXT_PX`: a box's secondary text
    (notes, captions, legends) stays readable where the main text is small already."""
    return max(MIN_TEXT_PX, size - by)


def _overflow(label: str, width: int, room: int, why: str) -> None:
    if overflows is not None:
        overflows.append(Overflow(label, width, room, why))


def fits(label: str, size: int, max_width: int, bold: bool = False) -> bool:
    """Whether ``label`` fits in ``max_width`` pixels once shrunk as far as allowed."""
    smallest = fit_size(label, size, max_width, bold)
    return resources.font(smallest, bold).size(label)[0] <= max_width


def fit_size(label: str, size: int, max_width: int, bold: bool = False) -> int:
    """The largest size, at most ``size``, at which ``label`` fits in ``max_width`` pixels.

    Text shrinks (down to :data:`MIN_SHRINK` of its size) rather than being cut: a longer
    translation stays whole. Returns the smallest allowed size when even that is too wide.
    """
    return _fit_size(label, size, max_width, bold)


@functools.lru_cache(maxsize=2048)
def _fit_size(label: str, size: int, max_width: int, bold: bool) -> int:
    floor = max(MIN_TEXT_PX, min(size, round(size * MIN_SHRINK)))
    current = size
    while current > floor and _width_within(resources.font(current, bold), label,
                                            max_width)[0] > max_width:
        current -= 1
    return current


#: The first prefix measured of a label that may be far too long for its room.
_FIRST_PROBE: Final = 64
#: Lines at most from :func:`wrap`: far more than any box of the game holds, and a bound
#: on the work a label of any length can cause.
MAX_WRAP_LINES: Final = 200


def _width_within(font: pygame.font.Font, label: str, limit: int) -> tuple[int, int]:
    """``(width, length)``: the width of ``label``, or of a prefix of ``length``
    characters already wider than ``limit``.

    Prefixes grow fourfold, so a label of any length costs a few measures of text not
    much longer than what fits: nothing that content can make long stalls a frame.
    """
    length = min(len(label), _FIRST_PROBE)
    while True:
        width = int(font.size(label[:length])[0])
        if width > limit or length >= len(label):
            return width, length
        length = min(len(label), length * 4)


def _longest_prefix(font: pygame.font.Font, label: str, limit: int, suffix: str = "",
                    shortest: int = 0) -> int:
    """The most characters of ``label`` that fit in ``limit`` pixels followed by ``suffix``
    (at least ``shortest``): a binary search, so O(log n) measures."""
    low, high = shortest, _width_within(font, label, limit)[1]
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(label[:middle] + suffix)[0] <= limit:
            low = middle
        else:
            high = middle - 1
    return low


def blit_text(target: pygame.Surface, label: str, size: int, pos: tuple[int, int],
              colour: Colour = INK, bold: bool = False, anchor: Anchor = "topleft",
              max_width: int | None = None) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``.

    With ``max_width``, too long a line first shrinks (:func:`fit_size`), and only when
    that is not enough is it shortened with "…" (recorded as an overflow).
    """
    if max_width is not None:
        size = fit_size(label, size, max_width, bold)
        label = fit(label, size, max_width, bold)
    surface = text(label, size, colour, bold)
    rect = surface.get_rect(**{anchor: pos})
    if label and not target.get_rect().contains(rect):
        _overflow(label, rect.w, target.get_width(), "drawn beyond the edge of the window")
    target.blit(surface, rect)
    return rect


def fit(label: str, size: int, max_width: int | None, bold: bool = False) -> str:
    """``label``, cut with an ellipsis so that it fits in ``max_width`` pixels.

    Cutting loses words, so it is recorded as an overflow: prefer :func:`fit_size`
    (shrink) or :func:`wrap` (more lines), which :func:`blit_text` uses first.
    """
    if max_width is None:
        return label
    cut = _fit(label, size, max_width, bold)
    if cut != label:
        _overflow(label, _width_within(resources.font(size, bold), label, max_width)[0],
                  max_width, "cut with an ellipsis")
    return cut


@functools.lru_cache(maxsize=2048)
def _fit(label: str, size: int, max_width: int, bold: bool) -> str:
    """Measuring text is slow: panels redrawn every frame ask the same questions."""
    font = resources.font(size, bold)
    if _width_within(font, label, max_width)[0] <= max_width:
        return label
    return label[:_longest_prefix(font, label, max_width, "…")].rstrip() + "…"


def wrap(label: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``label`` into lines no wider than ``width``.

    Words are kept whole when they fit; a word wider than the whole column (a long file
    path) is broken between characters rather than cut off. At most
    :data:`MAX_WRAP_LINES` lines, the last one ending with "…" when more would follow.
    """
    lines = list(_wrap(label, size, width, bold))
    _note_broken_words(label, lines)
    return lines


def _note_broken_words(label: str, lines: list[str]) -> None:
    """Record a word that had to be broken between its letters: its box is too narrow for
    that language (a path or an address may break, being no word)."""
    if overflows is None or (lines and lines[-1].endswith("…")):
        return
    kept = {word for line in lines for word in line.split()}
    for word in label.split():
        if (word not in kept and sum(c.isalpha() for c in word) > 1
                and not any(c in word for c in "/\\@.:_")):
            _overflow(word, len(word), 0, "a word broken inside")


@functools.lru_cache(maxsize=512)
def _wrap(label: str, size: int, width: int, bold: bool,
          narrow: tuple[int, int] | None = None) -> tuple[str, ...]:
    """``label``'s lines; with ``narrow`` (a line number, a width), the lines from that
    one on are at most that wide (see :func:`fit_paragraphs`' corner)."""
    font = resources.font(size, bold)
    lines: list[str] = []

    def room() -> int:
        return width if narrow is None or len(lines) < narrow[0] else narrow[1]

    for paragraph in label.split("\n", MAX_WRAP_LINES):
        line = ""
        for word in paragraph.split(" ", MAX_WRAP_LINES * 40):
            candidate = word if not line else f"{line} {word}"
            if _width_within(font, candidate, room())[0] <= room():
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word
            while (len(line) > 1 and len(lines) <= MAX_WRAP_LINES
                   and _width_within(font, line, room())[0] > room()):
                cut = _longest_prefix(font, line, room(), shortest=1)
                lines.append(line[:cut])
                line = line[cut:]
            if len(lines) > MAX_WRAP_LINES:
                break
        lines.append(line)
        if len(lines) > MAX_WRAP_LINES:
            break
    if len(lines) > MAX_WRAP_LINES:
        kept = lines[:MAX_WRAP_LINES]
        kept[-1] = _fit(kept[-1] + "…", size, width, bold)
        return tuple(kept)
    return tuple(lines)


def wrap_fit(label: str, size: int, width: int, max_lines: int,
             bold: bool = False) -> tuple[list[str], int]:
    """``label`` wrapped into at most ``max_lines`` lines, shrinking the size if needed.

    Returns the lines and the size to draw them at. When even the smallest allowed size
    needs more lines, the last line ends with "…" (recorded as an overflow).
    """
    floor = max(MIN_TEXT_PX, min(size, round(size * MIN_SHRINK)))
    current = size
    lines = list(_wrap(label, current, width, bold))
    while len(lines) > max_lines and current > floor:
        current -= 1
        lines = list(_wrap(label, current, width, bold))
    if len(lines) > max_lines:
        _overflow(label, len(lines), max_lines, "more lines than its box holds")
        kept = lines[:max_lines]
        kept[-1] = kept[-1].rstrip() + "…"
        return kept, current
    _note_broken_words(label, lines)
    return lines, current


def fit_paragraphs(paragraphs: list[tuple[str, bool]], size: int, width: int,
                   height: int, corner: tuple[int, int] | None = None
                   ) -> tuple[list[tuple[int, str]], int]:
    """Paragraphs ``(text, bold)`` wrapped to ``width`` in at most ``height`` pixels.

    Shrinks the size (down to :data:`MIN_SHRINK` of it) until every line fits; returns
    ``(paragraph index, line)`` pairs and the size. Lines that still do not fit are
    dropped and recorded as an overflow (a longer translation needs a bigger box).

    With ``corner`` the box's bottom right holds something else (a panel's buttons): a
    line whose row reaches below ``corner[0]`` pixels from the top is at most
    ``corner[1]`` wide, so it wraps early rather than be drawn smaller.
    """
    floor = max(MIN_TEXT_PX, min(size, round(size * MIN_SHRINK)))
    current = size
    while True:
        step = max(1, line_height(current))
        lines: list[tuple[int, str]] = []
        for index, (text, bold) in enumerate(paragraphs):
            narrow = None if corner is None else (corner[0] // step - len(lines), corner[1])
            lines += [(index, line) for line in _wrap(text, current, width, bold, narrow)]
        room = max(0, height // step)
        if len(lines) <= room or current <= floor:
            break
        current -= 1
    if len(lines) > room:
        _overflow(" ".join(text for text, _bold in paragraphs), len(lines), room,
                  "more lines than its box holds")
        lines = lines[:room]
        return lines, current
    for index, (text, _bold) in enumerate(paragraphs):
        _note_broken_words(text, [line for number, line in lines if number == index])
    return lines, current


def line_height(size: int) -> int:
    """The distance between two lines of text of ``size``."""
    return round(resources.font(size).get_linesize() * 1.05)


def rounded(target: pygame.Surface, box: Box, colour: Colour, radius: int,
            alpha: int = 255, width: int = 0) -> None:
    """A filled (or outlined, with ``width``) rounded rectangle, optionally translucent."""
    if alpha >= 255:
        pygame.draw.rect(target, colour, pygame.Rect(box), width=width, border_radius=radius)
        return
    target.blit(_layer(box.w, box.h, colour, alpha, radius, width), (box.x, box.y))


#: Translucent shapes kept, in pixels (4 bytes each): a table frame draws the same few
#: dozen (card shadows, the table's panels) every frame.
_LAYER_CACHE_PIXELS: Final = 4_000_000
_layers: OrderedDict[tuple[int, int, Colour, int, int, int], pygame.Surface] = OrderedDict()
_layer_pixels = 0


def _layer(w: int, h: int, colour: Colour, alpha: int, radius: int,
           width: int) -> pygame.Surface:
    """A translucent rounded rectangle on its own surface; cached and shared (only blitted).
    Making one costs about half as much as blitting it, every frame, for each shadow."""
    global _layer_pixels
    key = (w, h, colour, alpha, radius, width)
    cached = _layers.get(key)
    if cached is not None:
        _layers.move_to_end(key)
        return cached
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), width=width,
                     border_radius=radius)
    _layers[key] = layer
    _layer_pixels += layer.get_width() * layer.get_height()
    while _layer_pixels > _LAYER_CACHE_PIXELS and len(_layers) > 1:
        _key, dropped = _layers.popitem(last=False)
        _layer_pixels -= dropped.get_width() * dropped.get_height()
    return layer


def shade(target: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole target (behind a dialog)."""
    width, height = target.get_size()
    target.blit(_layer(width, height, (0, 0, 0), alpha, 0, 0), (0, 0))


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The green felt for a window of ``size``: a soft radial light and a fine grain."""
    return _felt(max(1, size[0]), max(1, size[1]))


@functools.lru_cache(maxsize=4)
def _felt(width: int, height: int) -> pygame.Surface:
    # Built small and scaled up: a smooth gradient costs almost nothing this way.
    small_w, small_h = 96, max(2, round(96 * height / width))
    small = pygame.Surface((small_w, small_h))
    cx, cy = small_w / 2, small_h * 0.46
    reach = math.hypot(cx, cy)
    # The colours from the centre outwards, looked up per pixel: building a tuple per
    # pixel made the first frame at each window size take over 100 ms.
    steps = 255
    shades = [tuple(round(FELT_LIGHT[i] + (FELT_DARK[i] - FELT_LIGHT[i]) * (k / steps) ** 1.6)
                    for i in range(3)) for k in range(steps + 1)]
    for y in range(small_h):
        dy = (y - cy) * 1.25
        for x in range(small_w):
            d = min(1.0, math.hypot(x - cx, dy) / reach)
            small.set_at((x, y), shades[round(d * steps)])
    surface = pygame.transform.smoothscale(small, (width, height))
    grain = _grain()
    for gy in range(0, height, 128):
        for gx in range(0, width, 128):
            surface.blit(grain, (gx, gy))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert()
    return surface


@functools.lru_cache(maxsize=1)
def _grain() -> pygame.Surface:
    """A fixed grain so that the felt does not look like plastic (seeded: identical frames)."""
    grain = pygame.Surface((128, 128), pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(1400):
        shade_value = rng.choice((0, 255))
        grain.set_at((rng.randrange(128), rng.randrange(128)), (shade_value,) * 3 + (10,))
    return grain


def glow_ring(target: pygame.Surface, box: Box, colour: Colour, radius: int,
              thickness: int = 3) -> None:
    """A bright rounded ring around ``box`` with a soft halo (highlights and focus)."""
    halo = box.inflate(thickness * 4, thickness * 4)
    rounded(target, halo, colour, radius + thickness * 2, alpha=70, width=thickness * 2)
    ring = box.inflate(thickness * 2, thickness * 2)
    pygame.draw.rect(target, colour, pygame.Rect(ring), width=thickness,
                     border_radius=radius + thickness)


def drop_shadow(target: pygame.Surface, box: Box, radius: int, offset: int = 3,
                alpha: int = 70) -> None:
    """A soft shadow under a card or a panel."""
    rounded(target, box.move(offset, offset), (0, 0, 0), radius, alpha=alpha)


def panel(target: pygame.Surface, box: Box, radius: int, edge: Colour, alpha: int = 255,
          width: int = 2, shadow: bool = False) -> None:
    """A screen's or dialog's panel: the rounded fill, its edge line and, for a dialog
    raised over the game, a soft shadow under it."""
    if shadow:
        drop_shadow(target, box, radius, offset=6, alpha=90)
    rounded(target, box, PANEL, radius, alpha=alpha)
    pygame.draw.rect(target, edge, pygame.Rect(box), width=width, border_radius=radius)


def screen_frame(target: pygame.Surface, box: Box, title: str, size: int,
                 alpha: int = 240) -> None:
    """A full screen's ground: the felt, its panel in ``box`` and the gold ``title`` at the
    panel's top (text of ``size``; the title half again as large)."""
    target.blit(felt(target.get_size()), (0, 0))
    panel(target, box, 18, PANEL_EDGE, alpha=alpha)
    blit_text(target, title, round(size * 1.5), (box.centerx, box.y + size), GOLD, bold=True,
              anchor="midtop")


def badge(target: pygame.Surface, centre: tuple[int, int], radius: int, fill: Colour,
          label: str, ink: Colour = INK_DARK) -> None:
    """A small round marker with a letter or a number (xeri markers, counts).

    A circle with a label grows to hold it at :data:`MIN_TEXT_PX` at least (a plain dot,
    without one, keeps its radius)."""
    size = max(MIN_TEXT_PX, round(radius * 1.2))
    if label:
        radius = max(radius, math.ceil(size / 1.2))
    pygame.draw.circle(target, GOLD_DARK, centre, radius + 1)
    pygame.draw.circle(target, fill, centre, radius)
    blit_text(target, label, size, centre, ink, bold=True,
              anchor="center")
