"""Make the court-card figures (J, Q, K) in ``sprites/cards/`` from Adrian Kennard's designs.

Usage: ``python3 build_scripts/make_card_art.py [--width 400]`` (needs ``node``, ``npm``
and ``rsvg-convert`` from Debian's librsvg2-bin; the PNGs are committed, so players and
CI never run this).

The designs are Adrian Kennard's playing cards (https://www.me.uk/cards/), dedicated to
the public domain (CC0 1.0), as packaged for React by Letele Motebang in the npm package
``@letele/playing-cards``. The script installs that package into a temporary folder (never
the repository), renders each court card to SVG with ``react-dom/server`` in node, and
then edits the SVG before ``rsvg-convert`` turns it into a PNG (pygame's own SVG loader
draws these files blank):

- the card's outline and the corner indices are removed: the game draws its own card
  shape and indices, so court cards match the numerals and follow the suit colours;
- the suit symbol is printed in the game's inks (``diloti_desktop.ui.kit.suits``), and for
  the four-colour deck ♦ and ♣ get a second version in blue and green.

Each PNG keeps the whole card's canvas (5:7, transparent outside the figure), so the
game scales it onto a card with no placement arithmetic. ``--width`` is the canvas
width in pixels; the default, 400, is the largest card the game draws
(``diloti_desktop.ui.kit.card_art.MAX_WIDTH``), so the figures are only ever scaled down.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sprites" / "cards"

#: Exact versions, so that a rebuild gives the same pictures.
NPM_PACKAGES = ("@letele/playing-cards@0.1.0", "react@19.3.1", "react-dom@19.3.1",
                "@babel/runtime@7.29.16")
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"j": "jack", "q": "queen", "k": "king"}
#: The game's inks (diloti_desktop.ui.kit.suits): classic, and the four-colour deck's.
CLASSIC_INK = {"S": "#181820", "H": "#c81c28", "D": "#c81c28", "C": "#181820"}
FOUR_COLOUR_INK = {"D": "#1458c4", "C": "#127c3a"}

RENDER_JS = """\
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as deck from '@letele/playing-cards/dist/index.esm.js';
import { writeFileSync } from 'fs';
const [folder, ...names] = process.argv.slice(2);
for (const name of names) {
  writeFileSync(`${folder}/${name}.svg`, renderToStaticMarkup(React.createElement(deck[name])));
}
"""

CREDITS = """\
Court-card figures (the PNG files in this folder)

Design: Adrian Kennard, "SVG and print ready playing cards", https://www.me.uk/cards/
Dedicated to the public domain under CC0 1.0 Universal (see LICENSE-CC0.txt).
Source used: the npm package @letele/playing-cards 0.1.0 (CC0-1.0) by Letele Motebang,
which converts those designs to React components.

Changes made for Diloti Desktop by build_scripts/make_card_art.py: the card outline and
the corner indices are removed (the game draws its own), and the suit symbols are
recoloured to the game's inks (with blue diamonds and green clubs for the four-colour
deck: the files ending in "-4c").

Thank you to Adrian Kennard for giving these designs to everyone.
"""


def file_name(suit: str, rank: str, four_colour: bool = False) -> str:
    """``"king-spades.png"``, or ``"jack-diamonds-4c.png"`` for the four-colour deck."""
    suffix = "-4c" if four_colour else ""
    return f"{RANKS[rank]}-{SUITS[suit]}{suffix}.png"


def strip_card(svg: str, ink: str) -> str:
    """The figure alone: no outline, no corner indices; suit symbols in ``ink``."""
    prefix_match = re.search(r'<symbol id="([A-Z]-[A-Z]_svg__)a"', svg)
    if prefix_match is None:
        raise ValueError("unexpected SVG: no suit symbol")
    prefix = prefix_match.group(1)
    # The card itself: a white rounded rectangle with a black edge.
    svg, outlines = re.subn(r'<rect width="239" height="335"[^>]*></rect>', "", svg)
    # The corner rank letters, and the small suits under them.
    svg, letters = re.subn(rf'<use xlink:href="#{prefix}h"[^>]*></use>', "", svg)
    svg, small = re.subn(rf'<use xlink:href="#{prefix}a" height="26.769"[^>]*></use>', "",
                         svg)
    if (outlines, letters, small) != (1, 2, 2):
        raise ValueError(f"unexpected SVG layout: {outlines} outlines, {letters} letters, "
                         f"{small} small suits")

    def recolour(match: re.Match[str]) -> str:
        # Black symbols have no fill attribute (SVG's default fill is black).
        symbol = re.sub(r'<path(?![^>]*fill=)', '<path fill="#000"', match.group(0))
        return re.sub(r'fill="[^"]*"', f'fill="{ink}"', symbol)

    return re.sub(rf'<symbol id="{prefix}a".*?</symbol>', recolour, svg, count=1, flags=re.S)


def main(argv: list[str] | None = None) -> int:
    """Install the designs in a temporary folder, render and write the PNGs."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--width", type=int, default=400, help="canvas width in pixels")
    args = parser.parse_args(argv)
    for tool in ("node", "npm", "rsvg-convert"):
        if shutil.which(tool) is None:
            print(f"make_card_art: {tool} is needed (node and npm; rsvg-convert is in "
                  "Debian's librsvg2-bin)", file=sys.stderr)
            return 1
    height = round(args.width * 7 / 5)
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="diloti-card-art-") as temp:
        work = Path(temp)
        subprocess.run(["npm", "init", "-y"], cwd=work, check=True, capture_output=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", *NPM_PACKAGES], cwd=work,
                       check=True)
        (work / "render.mjs").write_text(RENDER_JS, encoding="utf-8")
        names = [suit + rank for suit in SUITS for rank in RANKS]
        subprocess.run(["node", "render.mjs", str(work), *names], cwd=work, check=True)
        package = work / "node_modules" / "@letele" / "playing-cards"
        shutil.copyfile(package / "LICENSE", OUT / "LICENSE-CC0.txt")
        (OUT / "CREDITS.txt").write_text(CREDITS, encoding="utf-8")
        for name in names:
            suit, rank = name[0], name[1]
            svg = (work / f"{name}.svg").read_text(encoding="utf-8")
            versions = [(False, CLASSIC_INK[suit])]
            if suit in FOUR_COLOUR_INK:
                versions.append((True, FOUR_COLOUR_INK[suit]))
            for four_colour, ink in versions:
                edited = work / f"{name}-{int(four_colour)}.svg"
                edited.write_text(strip_card(svg, ink), encoding="utf-8")
                target = OUT / file_name(suit, rank, four_colour)
                subprocess.run(["rsvg-convert", "-w", str(args.width), "-h", str(height),
                                str(edited), "-o", str(target)], check=True)
                print(f"wrote {target.relative_to(ROOT)} ({target.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
