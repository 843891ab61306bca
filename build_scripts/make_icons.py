"""Make the app icon in every format the platforms want, into ``sprites/icons/``.

Usage: ``python3 build_scripts/make_icons.py`` (headless; needs only pygame-ce). The
results are committed, so builds never run this:

- ``diloti.png`` (256 px): the window icon (``pygame.display.set_icon``) and, with
  ``build_scripts/diloti.desktop``, the Linux desktop icon;
- ``diloti.ico``: Windows (16 to 256 px, PNG-compressed entries), used by the
  PyInstaller spec for ``Diloti.exe``;
- ``diloti.icns``: macOS (16 to 1024 px), used by the spec for ``Diloti.app``.

The picture is drawn by the game's own card renderer at each size, not scaled from one
bitmap: an ace of spades over a ten of diamonds, fanned on a rounded square of felt.
Both formats are written here byte by byte (an ICO directory or ICNS chunks holding
PNG data), so no imaging library is needed.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from diloti_desktop.ui.kit import card_art as cards  # noqa: E402
from diloti_desktop.ui.kit import theme  # noqa: E402
from diloti_desktop.ui.kit.suits import DIAMONDS, SPADES  # noqa: E402

OUT = ROOT / "sprites" / "icons"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS chunk types holding PNG data, and their pixel sizes.
ICNS_CHUNKS = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
               ("ic09", 512), ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256),
               ("ic14", 512))
FELT = (24, 110, 62)
FELT_EDGE = (14, 70, 40)


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` x ``size`` pixels, transparent outside the rounded square."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = round(size * 0.2)
    pygame.draw.rect(icon, FELT_EDGE, icon.get_rect(), border_radius=radius)
    inset = max(1, round(size * 0.035))
    pygame.draw.rect(icon, FELT, icon.get_rect().inflate(-2 * inset, -2 * inset),
                     border_radius=max(1, radius - inset))
    if size < 40:
        # Two cards would be specks: one ace of spades, upright and as large as fits.
        ace = _scaled(cards.face(1, SPADES, 64), size * 0.82)
        icon.blit(ace, ace.get_rect(center=(size // 2, size // 2)))
        return icon
    if size < 128:
        return pygame.transform.smoothscale(draw_icon(128), (size, size))
    width = min(cards.MAX_WIDTH, round(size * 0.39))
    behind = pygame.transform.rotozoom(cards.face(10, DIAMONDS, width), 14, 1.0)
    front = pygame.transform.rotozoom(cards.face(1, SPADES, width), -10, 1.0)
    icon.blit(behind, behind.get_rect(center=(round(size * 0.40), round(size * 0.50))))
    icon.blit(front, front.get_rect(center=(round(size * 0.60), round(size * 0.52))))
    return icon


def _scaled(surface: pygame.Surface, height: float) -> pygame.Surface:
    w, h = surface.get_size()
    factor = height / h
    return pygame.transform.smoothscale(surface, (max(1, round(w * factor)), round(height)))


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` encoded as PNG."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico file whose entries are the given PNGs (by pixel size)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    directory = b""
    data = b""
    for size, png in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png),
                                 offset + len(data))
        data += png
    return header + directory + data


def icns_bytes(chunks: list[tuple[str, bytes]]) -> bytes:
    """A macOS .icns file made of PNG chunks."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(png)) + png
                    for kind, png in chunks)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    """Write the PNG, ICO and ICNS icons."""
    pygame.display.init()
    pygame.font.init()
    theme.clear_caches()
    OUT.mkdir(parents=True, exist_ok=True)
    pngs = {size: png_bytes(draw_icon(size))
            for size in sorted({*ICO_SIZES, *(size for _kind, size in ICNS_CHUNKS)})}
    (OUT / "diloti.png").write_bytes(pngs[256])
    (OUT / "diloti.ico").write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    (OUT / "diloti.icns").write_bytes(icns_bytes([(kind, pngs[size])
                                                  for kind, size in ICNS_CHUNKS]))
    for name in ("diloti.png", "diloti.ico", "diloti.icns"):
        print(f"wrote sprites/icons/{name} ({(OUT / name).stat().st_size // 1024} KiB)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
