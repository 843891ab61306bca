"""The bundled font draws Greek cleanly at the sizes the game uses.

DejaVu Sans's hinting instructions snapped the tonos onto its letter at 14 px (and 9 px):
«ί» drew like "(" and «Παίκτες» read «Πα(κτες» at 960x600. The bundled copy has no
hinting instructions (build_scripts/unhint_fonts.py); these tests look at the pixels.
"""

from __future__ import annotations

import pygame
import pytest

from diloti_desktop import resources
from diloti_desktop.ui.kit import theme

#: Each accented vowel and the same vowel without its accent.
ACCENTED = list(zip("ίάέήόύώ", "ιαεηουω", strict=True))
#: From the smallest size text may be drawn at (theme.MIN_TEXT_PX, at 960x600) to the
#: sizes of headings.
SIZES = range(theme.MIN_TEXT_PX, 25)
#: A pixel this bright (of 255) counts as ink.
INK = 80


def ink_rows(font: pygame.font.Font, letter: str) -> list[int]:
    """How many inked pixels each row of ``letter`` has, white on black."""
    glyph = font.render(letter, True, (255, 255, 255), (0, 0, 0))
    return [sum(glyph.get_at((x, y))[0] >= INK for x in range(glyph.get_width()))
            for y in range(glyph.get_height())]


def accent_of(font: pygame.font.Font, accented: str, plain: str) -> tuple[int, bool]:
    """``(ink, apart)``: the accent's ink (what ``accented`` draws above where ``plain``
    starts) and whether a blank row lies between the accent and the letter."""
    rows, base = ink_rows(font, accented), ink_rows(font, plain)
    letter_top = next(y for y, count in enumerate(base) if count)
    above = rows[:letter_top]
    accent_top = next((y for y, count in enumerate(above) if count), letter_top)
    return sum(above), any(count == 0 for count in above[accent_top:])


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_every_accent_is_a_mark_apart_from_its_letter(bold: bool) -> None:
    pygame.font.init()
    merged = []
    for size in SIZES:
        font = resources.font(size, bold)
        for accented, plain in ACCENTED:
            ink, apart = accent_of(font, accented, plain)
            if ink < 2 or not apart:
                merged.append(f"{accented} at {size} px: accent ink {ink}, apart {apart}")
    assert not merged, "\n".join(merged)


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_iota_with_tonos_is_as_wide_as_its_neighbours_and_carries_more_ink(
        bold: bool) -> None:
    """«ί» takes the room of «ι» (a letter, not a bracket squeezed in) and has the ink of
    «ι» plus an accent; «ά» beside it is a wider letter, as in «Παίκτες»."""
    pygame.font.init()
    for size in SIZES:
        font = resources.font(size, bold)
        iota, tonos, alpha = (font.size(letter)[0] for letter in "ιίά")
        assert abs(tonos - iota) <= 1 and alpha > tonos, (size, iota, tonos, alpha)
        assert sum(ink_rows(font, "ί")) > sum(ink_rows(font, "ι")), size
