"""Assets are found from the package's own location, whatever the working directory."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import wave
from pathlib import Path

import pygame
import pytest

from diloti_desktop import resources

REPO = Path(__file__).resolve().parents[2]


def test_assets_are_found_in_the_source_checkout() -> None:
    assert resources.asset_dir("sounds") == REPO / "sounds"
    assert resources.asset_dir("fonts") == REPO / "sprites" / "fonts"
    assert resources.sound_path("capture.wav") == REPO / "sounds" / "capture.wav"
    assert resources.font_path(bold=True) == REPO / "sprites" / "fonts" / "DejaVuSans-Bold.ttf"


def test_the_working_directory_plays_no_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    decoy = tmp_path / "sounds"
    decoy.mkdir()
    (decoy / "capture.wav").write_bytes(b"not a sound")
    monkeypatch.chdir(tmp_path)
    assert resources.sound_path("capture.wav") == REPO / "sounds" / "capture.wav"


def test_a_pyinstaller_bundle_is_searched_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "capture.wav").write_bytes(b"bundled")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.sound_path("capture.wav") == tmp_path / "sounds" / "capture.wav"
    # A folder missing from the bundle falls back to the next layout.
    assert resources.asset_dir("fonts") == REPO / "sprites" / "fonts"


def test_an_installed_wheel_uses_the_assets_inside_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wheel layout: site-packages/diloti_desktop/assets/<kind>, no pyproject.toml."""
    package = tmp_path / "site-packages" / "diloti_desktop"
    (package / "assets" / "sounds").mkdir(parents=True)
    (package / "assets" / "sounds" / "capture.wav").write_bytes(b"installed")
    # A stray top-level folder in site-packages must not be mistaken for ours.
    (tmp_path / "site-packages" / "fonts").mkdir()
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resources.sound_path("capture.wav") == package / "assets" / "sounds" / "capture.wav"
    with pytest.raises(resources.AssetNotFoundError, match="no fonts folder"):
        resources.asset_dir("fonts")


def test_missing_assets_raise_a_typed_error_naming_the_search() -> None:
    with pytest.raises(resources.AssetNotFoundError, match=r"no-such-sound\.wav"):
        resources.sound_path("no-such-sound.wav")
    with pytest.raises(FileNotFoundError):  # the typed error is a FileNotFoundError
        resources.sprite_path("no-such-sprite.png")


@pytest.mark.parametrize("name", ["../pyproject.toml", "/etc/passwd"])
def test_asset_names_cannot_escape_the_asset_folder(name: str) -> None:
    with pytest.raises(ValueError, match="plain relative path"):
        resources.sound_path(name)


def test_unknown_asset_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown asset kind"):
        resources.candidate_dirs("music")  # type: ignore[arg-type]


def test_font_is_cached_and_draws_the_suit_symbols() -> None:
    font = resources.font(24)
    assert resources.font(24) is font
    assert resources.font(24, bold=True) is not font
    # DejaVu has real glyphs for the suits: each renders as a shape, not an empty box,
    # and the four differ from each other.
    masks = set()
    for symbol in "♠♥♦♣":
        metrics = font.metrics(symbol)[0]
        assert metrics is not None and metrics[1] - metrics[0] > 4, symbol
        glyph = font.render(symbol, True, (0, 0, 0))
        masks.add(bytes(pygame.image.tobytes(glyph, "RGBA")))
    assert len(masks) == 4


def test_font_cache_is_bounded_and_keeps_recent_fonts() -> None:
    kept = resources.font(12)
    for size in range(100, 100 + resources.FONT_CACHE_SIZE + 5):
        resources.font(size)
        resources.font(12)  # used again and again: stays cached
    assert resources.font(12) is kept
    assert len(resources._font_cache) == resources.FONT_CACHE_SIZE


def test_font_cache_survives_pygame_quit() -> None:
    old = resources.font(18)
    pygame.quit()
    new = resources.font(18)
    assert new is not old
    assert new.render("9♥", True, (0, 0, 0)).get_width() > 0


def test_font_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        resources.font(0)


def test_bundled_font_licence_is_shipped() -> None:
    licence = resources.asset_path("fonts", "DejaVu-LICENSE.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence


def test_every_python_package_is_listed_for_setuptools() -> None:
    """pyproject.toml lists packages by hand; a forgotten one would vanish from wheels."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    # Any folder holding Python files counts, with or without __init__.py: the package
    # discovery this list replaced shipped namespace packages too.
    on_disk = {
        ".".join(module.parent.relative_to(REPO).parts)
        for module in (REPO / "diloti_desktop").rglob("*.py")
        if "__pycache__" not in module.parts
    }
    missing = sorted(on_disk - listed)
    assert not missing, (
        f"add {missing} to [tool.setuptools] packages in pyproject.toml, "
        "or a non-editable install will leave them out"
    )
    for kind in resources.ASSET_KINDS:
        package = f"diloti_desktop.assets.{kind}"
        assert package in listed
        assert config["tool"]["setuptools"]["package-dir"][package] == (
            resources.REPO_FOLDERS[kind])


def test_shipped_sounds_match_the_package_data_globs() -> None:
    """Every committed asset must be matched by a package-data glob, or wheels lose it."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = config["tool"]["setuptools"]["package-data"]
    for kind in resources.ASSET_KINDS:
        globs = package_data[f"diloti_desktop.assets.{kind}"]
        folder = REPO / resources.REPO_FOLDERS[kind]
        for path in folder.rglob("*"):
            relative = path.relative_to(folder)
            if path.name.startswith(".") or path.is_dir() or "__pycache__" in relative.parts:
                continue
            if kind == "sprites" and relative.parts[0] == "fonts":
                continue  # sprites/fonts is the fonts package
            # A package-data glob never crosses a folder: "*.png" does not ship cards/x.png.
            assert any(len(relative.parts) == len(Path(glob).parts) and relative.match(glob)
                       for glob in globs), f"{path} is not shipped"
    with wave.open(str(resources.sound_path("click.wav"))) as sound:
        assert sound.getnframes() > 0


def test_path_modules_do_not_import_pygame() -> None:
    """resources, storage and logs stay usable without pygame (it is imported lazily)."""
    code = (
        "import sys\n"
        "import diloti_desktop.resources\n"
        "import diloti_desktop.player_data.storage, diloti_desktop.player_data.logs\n"
        "assert diloti_desktop.resources.sound_path('click.wav').is_file()\n"
        "print('pygame' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert result.stdout.strip() == "False"
