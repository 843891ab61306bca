"""Finds the game's assets (sprites, sounds, fonts) wherever the game runs from.

The asset folders live at the repository root: ``sprites/``, ``sounds/``, and the bundled
fonts in ``sprites/fonts/`` (the top-level layout of the repository is fixed).
They reach the player in one of three layouts, and :func:`asset_dir` tries them in
this order:

1. A PyInstaller bundle (``sys.frozen``): ``<sys._MEIPASS>/<folder>``, where the spec
   file puts each folder with ``datas=[("sounds", "sounds"), ...]``.
2. An installed wheel: ``diloti_desktop/assets/<kind>``, because ``pyproject.toml``
   maps each folder to a data-only package ``diloti_desktop.assets.<kind>``. This also
   covers a bundle made with PyInstaller's ``collect_data_files("diloti_desktop")``.
3. A source checkout or an editable install: ``<repository>/<folder>``, recognised by the
   ``pyproject.toml`` beside the package, so that an unrelated ``site-packages/sounds``
   can never be picked up.

Every candidate is derived from this module's own location or from ``sys._MEIPASS``,
never from the current working directory, so the game finds its files whatever
folder it was started from.

Only :func:`font` needs pygame, and imports it when called: the path functions stay
usable by code that must not import pygame.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Literal, get_args

if TYPE_CHECKING:
    import pygame

AssetKind = Literal["sprites", "sounds", "fonts"]
ASSET_KINDS: tuple[AssetKind, ...] = get_args(AssetKind)

FONT_REGULAR = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"

_PACKAGE_DIR = Path(__file__).resolve().parent
#: Where each kind lives in the repository and in a PyInstaller bundle.
REPO_FOLDERS: dict[AssetKind, str] = {
    "sprites": "sprites", "sounds": "sounds", "fonts": "sprites/fonts"}


class AssetNotFoundError(FileNotFoundError):
    """An asset folder or file is in none of the places the game looks."""


def candidate_dirs(kind: AssetKind) -> list[Path]:
    """The folders that may hold assets of ``kind``, most specific first.

    Only folders that can belong to this game are listed; whether they exist is checked
    by :func:`asset_dir`.
    """
    if kind not in ASSET_KINDS:
        raise ValueError(f"unknown asset kind {kind!r}; expected one of {ASSET_KINDS}")
    candidates: list[Path] = []
    bundle_root = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle_root:
        candidates.append(Path(bundle_root) / REPO_FOLDERS[kind])
    candidates.append(_PACKAGE_DIR / "assets" / kind)
    checkout_root = _PACKAGE_DIR.parent
    if (checkout_root / "pyproject.toml").is_file():
        candidates.append(checkout_root / REPO_FOLDERS[kind])
    return candidates


def asset_dir(kind: AssetKind) -> Path:
    """The folder holding assets of ``kind`` (``"sprites"``, ``"sounds"`` or ``"fonts"``).

    Raises :class:`AssetNotFoundError`, naming every place searched, when none exists.
    """
    candidates = candidate_dirs(kind)
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    searched = ", ".join(str(path) for path in candidates)
    raise AssetNotFoundError(f"no {kind} folder found; searched: {searched}")


def asset_path(kind: AssetKind, name: str) -> Path:
    """The path of the asset file ``name`` (for example ``"capture.wav"``) of ``kind``.

    Raises :class:`AssetNotFoundError` when the folder or the file is missing.
    """
    relative = Path(name)
    if relative.is_absolute() or ".." in relative.parts:
        raise ValueError(f"asset name must be a plain relative path, got {name!r}")
    path = asset_dir(kind) / relative
    if not path.is_file():
        raise AssetNotFoundError(f"{kind} asset {name!r} not found at {path}")
    return path


def sprite_path(name: str) -> Path:
    """The path of the image ``name`` in ``sprites/``."""
    return asset_path("sprites", name)


def sound_path(name: str) -> Path:
    """The path of the sound ``name`` (for example ``"capture.wav"``) in ``sounds/``."""
    return asset_path("sounds", name)


def font_path(bold: bool = False) -> Path:
    """The path of the bundled DejaVu Sans font, which has the ♠♥♦♣ glyphs."""
    return asset_path("fonts", FONT_BOLD if bold else FONT_REGULAR)


# Most recently used last; bounded because every card size asks for its own sizes.
_font_cache: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
FONT_CACHE_SIZE = 48
_quit_hook_registered = False


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at ``size`` pixels, cached per ``(size, bold)``.

    Initialises ``pygame.font`` when needed. The cache keeps the
    :data:`FONT_CACHE_SIZE` most recently used fonts and is emptied by
    ``pygame.quit()``, after which the old font objects must not be used.
    """
    import pygame

    global _quit_hook_registered
    if size < 1:
        raise ValueError(f"font size must be at least 1, got {size}")
    if not pygame.font.get_init():
        # Fonts opened before pygame.font.quit() belong to a closed library.
        _font_cache.clear()
        pygame.font.init()
    if not _quit_hook_registered:
        pygame.register_quit(clear_font_cache)
        _quit_hook_registered = True
    key = (size, bold)
    cached = _font_cache.get(key)
    if cached is None:
        cached = pygame.font.Font(font_path(bold), size)
        _font_cache[key] = cached
        if len(_font_cache) > FONT_CACHE_SIZE:
            _font_cache.popitem(last=False)
    else:
        _font_cache.move_to_end(key)
    return cached


def clear_font_cache() -> None:
    """Forget every cached font (called automatically by ``pygame.quit()``)."""
    _font_cache.clear()
