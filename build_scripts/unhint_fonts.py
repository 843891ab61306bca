"""Remove the TrueType hinting instructions from the bundled DejaVu Sans fonts.

Usage: ``python3 build_scripts/unhint_fonts.py REGULAR.ttf BOLD.ttf`` with the upstream
DejaVu Sans files (Debian's ``fonts-dejavu-core`` has them in
``/usr/share/fonts/truetype/dejavu/``); needs ``fontTools`` (``pip install fonttools``).
Writes ``sprites/fonts/DejaVuSans.ttf`` and ``DejaVuSans-Bold.ttf``. The results are
committed, so builds never run this.

Why: DejaVu's hinting snaps the Greek accent (tonos) onto the letter at some sizes (14 px
and 9 px among them), so «ί» drew like "(" and «Παίκτες» read «Πα(κτες». Without the
instructions FreeType draws the outlines as designed, the accent a separate mark at every
size; the glyphs, metrics and coverage (♠♥♦♣, arrows, ✓) stay DejaVu's, whose licence
allows modified copies under a name without "Bitstream" or "Vera"
(``sprites/fonts/DejaVu-LICENSE.txt``). ``tests/ui/test_font_greek.py`` checks the result.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from fontTools.ttLib.tables import ttProgram  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "sprites" / "fonts"
#: The tables that only the hinting uses (instructions, control values, hinted widths).
HINTING_TABLES = ("fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX")


def unhint(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` without its hinting instructions."""
    font = TTFont(str(source))
    for tag in HINTING_TABLES:
        if tag in font:
            del font[tag]
    for glyph in font["glyf"].glyphs.values():
        if hasattr(glyph, "program"):
            empty = ttProgram.Program()
            empty.fromBytecode(b"")
            glyph.program = empty
    font["maxp"].maxSizeOfInstructions = 0
    font.save(str(target))


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    unhint(Path(argv[0]), FONTS / "DejaVuSans.ttf")
    unhint(Path(argv[1]), FONTS / "DejaVuSans-Bold.ttf")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
