"""The GitHub Actions workflows pass actionlint, and the release workflow does its job."""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
WORKFLOWS = REPO / ".github" / "workflows"
RELEASE = WORKFLOWS / "release.yml"
#: Where the test extras install actionlint (see pyproject.toml); elsewhere it is optional.
ACTIONLINT_EXPECTED = sys.platform == "linux" and platform.machine() == "x86_64"


def actionlint() -> str:
    found = shutil.which("actionlint") or shutil.which(
        "actionlint", path=str(Path(sys.executable).parent))
    if found is None:
        if ACTIONLINT_EXPECTED:
            pytest.fail("actionlint is missing: pip install -e '.[test]' installs it")
        pytest.skip("actionlint is only installed by the test extras on Linux x86-64")
    return found


def run_actionlint(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([actionlint(), "-no-color", *map(str, paths)], capture_output=True,
                          text=True, cwd=REPO, timeout=120)


def test_every_workflow_passes_actionlint() -> None:
    workflows = sorted(WORKFLOWS.glob("*.yml"))
    assert RELEASE in workflows
    result = run_actionlint(*workflows)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_catches_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(RELEASE.read_text(encoding="utf-8").replace(
        "runs-on: ${{ matrix.os }}", "runs-on: ${{ matrix.operating_system }}"),
        encoding="utf-8")
    result = run_actionlint(broken)
    assert result.returncode != 0 and "operating_system" in result.stdout


def test_the_release_workflow_builds_tests_and_publishes_on_every_platform() -> None:
    text = RELEASE.read_text(encoding="utf-8")
    # Triggered by version tags; the oldest Ubuntu runner for glibc, Windows and macOS.
    assert 'tags: ["v*"]' in text
    for runner in ("os: ubuntu-22.04", "os: windows-2022", "os: macos-14"):
        assert runner in text
    # Built with the committed spec, smoke-tested, its screenshot checked.
    assert "python build_scripts/build.py" in text
    assert (REPO / "build_scripts" / "diloti.spec").is_file()
    assert '--smoke-test "smoke-${{ matrix.name }}.png"' in text
    assert 'build_scripts/check_screenshot.py "smoke-${{ matrix.name }}.png"' in text
    # Zipped, and attached to the tag's release.
    for platform_zip in ("zip -qry", "python -m zipfile -c", "ditto -c -k --keepParent"):
        assert platform_zip in text
    # Linux also gets a tarball of the one-folder build and the Debian package.
    assert 'tar -czf "Diloti-${{ matrix.name }}.tar.gz" -C dist Diloti' in text
    assert "python build_scripts/deb.py --out ." in text
    assert "artifacts/Diloti-*.tar.gz artifacts/diloti_*.deb" in text
    assert "gh release create" in text and "gh release upload" in text
    assert "contents: write" in text
