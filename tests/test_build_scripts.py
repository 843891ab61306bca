"""The build helpers: the screenshot check tells a real frame from a blank one; build.py
packages a clean copy of the package, compiled when it can be, pure Python otherwise."""

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build_scripts"))
import check_screenshot

BUILD_SCRIPTS = Path(__file__).resolve().parents[1] / "build_scripts"


def test_a_blank_or_missing_frame_fails(tmp_path: Path) -> None:
    blank = tmp_path / "blank.png"
    surface = pygame.Surface((640, 480))
    surface.fill((10, 90, 40))
    pygame.image.save(surface, str(blank))
    assert "colours" in (check_screenshot.check(blank) or "")
    assert "does not exist" in (check_screenshot.check(tmp_path / "none.png") or "")
    assert check_screenshot.main([str(blank)]) == 1
    assert check_screenshot.main([]) == 1


def test_a_busy_frame_passes(tmp_path: Path) -> None:
    from diloti_desktop.ui.kit import card_art as cards

    pygame.init()
    frame = tmp_path / "frame.png"
    surface = pygame.Surface((640, 480))
    surface.fill((10, 90, 40))
    for index in range(13):
        surface.blit(cards.face(index + 1, index % 4, 90), (10 + index * 45, 60 + index * 8))
    pygame.image.save(surface, str(frame))
    assert check_screenshot.check(frame) is None
    assert check_screenshot.main([str(frame)]) == 0


def _build_script() -> ModuleType:
    """build_scripts/build.py, by its path (``build`` is also the name of a PyPI package)."""
    spec = importlib.util.spec_from_file_location("diloti_build_script", BUILD_SCRIPTS / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_extension_module_counts_as_compiled_and_a_source_module_does_not() -> None:
    import pygame.base

    from diloti_desktop.rules import moves, native

    assert native.is_compiled(pygame.base)
    assert not native.is_compiled(moves)


def test_the_packaged_copy_leaves_out_caches_and_in_place_builds(tmp_path: Path) -> None:
    build = _build_script()

    root = tmp_path / "checkout"
    rules = root / "diloti_desktop" / "rules"
    (rules / "__pycache__").mkdir(parents=True)
    (rules / "movegen.py").write_text("X = 1\n")
    (rules / "movegen.cpython-311-x86_64-linux-gnu.so").write_bytes(b"stale")
    (rules / "__pycache__" / "movegen.cpython-311.pyc").write_bytes(b"cache")
    for name in ("setup.py", "pyproject.toml", "README.md"):
        (root / name).write_text("")
    dest = tmp_path / "copy"
    (dest / "old").mkdir(parents=True)  # a previous build's copy is replaced whole
    build.copy_source(dest, root)
    copied = sorted(str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file())
    assert copied == ["README.md", "diloti_desktop/rules/movegen.py", "pyproject.toml",
                      "setup.py"]


def test_without_mypyc_the_build_packages_the_pure_core_and_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    build = _build_script()

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "mypyc" else real(name, *a))
    source = tmp_path / "source"
    assert build.prepare_source(pure=False, source=source) == "pure Python"
    out = capsys.readouterr().out.strip().splitlines()
    assert out == ["rules core: pure Python (not compiled: mypy (mypyc) is not installed: "
                   "pip install mypy setuptools)"]
    assert (source / "diloti_desktop" / "rules" / "movegen.py").is_file()
    assert build.core_of(source) == "pure Python"
    assert build.prepare_source(pure=True, source=source) == "pure Python"
    assert capsys.readouterr().out == "rules core: pure Python (--pure)\n"
