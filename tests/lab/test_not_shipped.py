"""The lab stays out of what players get: the wheel's package list and the executable."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_lists_no_lab_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = config["tool"]["setuptools"]["packages"]
    assert "diloti_desktop" in packages
    assert not [name for name in packages if name.split(".")[0] == "lab"], packages


def test_the_executable_excludes_the_lab() -> None:
    spec = ast.parse((ROOT / "build_scripts" / "diloti.spec").read_text(encoding="utf-8"))
    analyses = [node for node in ast.walk(spec) if isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name) and node.func.id == "Analysis"]
    assert len(analyses) == 1
    excludes = next(k.value for k in analyses[0].keywords if k.arg == "excludes")
    if isinstance(excludes, ast.Name):  # a list named once at the top of the spec
        assigned = next(node.value for node in ast.walk(spec) if isinstance(node, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == excludes.id
                                for t in node.targets))
        excludes = assigned
    assert "lab" in ast.literal_eval(excludes)

