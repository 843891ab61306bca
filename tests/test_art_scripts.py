"""The art build scripts: the SVG edits for the court figures, and the icon file writers."""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build_scripts"))
import make_card_art
import make_icons

#: The shape of a card from @letele/playing-cards, cut down: the suit symbol (black
#: suits carry no fill), the rank letter, the outline, the figure, the indices.
CARD_SVG = (
    '<svg class="C-K_svg__card" viewBox="-120 -168 240 336"><defs>'
    '<symbol id="C-K_svg__h" viewBox="0 0 1 1"><path d="M0 0" stroke="#000"></path></symbol>'
    '<symbol id="C-K_svg__a" viewBox="0 0 1 1"><path d="M1 1Z"></path></symbol>'
    '<symbol id="C-K_svg__b" viewBox="0 0 1 1"><path d="M2 2" fill="red"></path></symbol>'
    '</defs>'
    '<rect width="239" height="335" x="-119.5" y="-167.5" rx="12" fill="#fff" stroke="#000">'
    '</rect>'
    '<use width="164.8" height="260.8" x="-82.4" y="-130.4" xlink:href="#C-K_svg__b"></use>'
    '<use xlink:href="#C-K_svg__h" height="32" width="32" x="-114.4" y="-156"></use>'
    '<use xlink:href="#C-K_svg__a" height="26.769" width="26.769" x="-111.784" y="-119"></use>'
    '<use xlink:href="#C-K_svg__a" height="55.68" width="55.68" x="-86.595" y="-132.16"></use>'
    '<g transform="rotate(180)">'
    '<use xlink:href="#C-K_svg__h" height="32" width="32" x="-114.4" y="-156"></use>'
    '<use xlink:href="#C-K_svg__a" height="26.769" width="26.769" x="-111.784" y="-119"></use>'
    '<use xlink:href="#C-K_svg__a" height="55.68" width="55.68" x="-86.595" y="-132.16"></use>'
    '</g></svg>'
)


def test_the_figure_loses_outline_and_indices_and_takes_the_game_ink() -> None:
    edited = make_card_art.strip_card(CARD_SVG, "#127c3a")
    assert "<rect" not in edited
    assert "#C-K_svg__h" not in edited and 'height="26.769"' not in edited
    # The figure and its large suit symbols stay.
    assert "#C-K_svg__b" in edited and edited.count('height="55.68"') == 2
    # The black suit symbol had no fill: it gets the ink; the figure's own red is kept.
    assert '<path fill="#127c3a" d="M1 1Z">' in edited
    assert '<path d="M2 2" fill="red">' in edited


def test_an_unexpected_svg_is_refused_rather_than_half_edited() -> None:
    with pytest.raises(ValueError, match="unexpected SVG"):
        make_card_art.strip_card(CARD_SVG.replace('<g transform="rotate(180)">', "<g>", 1)
                                 .replace("#C-K_svg__h", "#C-K_svg__x"), "#000")
    with pytest.raises(ValueError, match="no suit symbol"):
        make_card_art.strip_card("<svg></svg>", "#000")


def test_file_names_follow_the_game_s_lookup() -> None:
    from diloti_desktop.ui.kit import card_art as cards

    assert f"cards/{make_card_art.file_name('D', 'q', True)}" == cards.court_art_name(12, 2, True)
    assert f"cards/{make_card_art.file_name('S', 'j')}" == cards.court_art_name(11, 0)


def test_ico_and_icns_writers_make_files_whose_entries_decode() -> None:
    pygame.display.init()
    images = {size: make_icons.png_bytes(make_icons.draw_icon(size)) for size in (16, 48, 256)}
    ico = make_icons.ico_bytes(images)
    assert struct.unpack("<HHH", ico[:6]) == (0, 1, 3)
    widths = []
    for index in range(3):
        side, _h, _c, _r, _p, _bits, size, offset = struct.unpack(
            "<BBBBHHII", ico[6 + 16 * index:22 + 16 * index])
        image = pygame.image.load(io.BytesIO(ico[offset:offset + size]), "x.png")
        assert image.get_width() == (side or 256)
        widths.append(image.get_width())
    assert widths == [16, 48, 256]
    icns = make_icons.icns_bytes([("icp4", images[16]), ("ic08", images[256])])
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    first_length = struct.unpack(">I", icns[12:16])[0]
    assert icns[8:12] == b"icp4" and first_length == 8 + len(images[16])
    assert icns[8 + first_length:12 + first_length] == b"ic08"
