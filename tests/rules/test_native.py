"""rules/native.py: which build of the rules core runs (pure Python or compiled by mypyc)."""

import ast
from pathlib import Path

from diloti_desktop.rules import native

REPO = Path(__file__).resolve().parents[2]


def test_the_hot_modules_are_the_ones_setup_py_compiles() -> None:
    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    compiled = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                    and any(getattr(t, "id", None) == "COMPILED" for t in node.targets))
    paths = ast.literal_eval(compiled)
    assert [Path(path).stem for path in paths] == list(native.HOT_MODULES)
    assert all(path.startswith("diloti_desktop/rules/") for path in paths)


def test_the_description_names_a_whole_a_partial_or_no_compiled_core() -> None:
    assert native.describe(native.HOT_MODULES) == "compiled (mypyc)"
    assert native.describe(()) == "pure Python"
    assert native.describe(("movegen", "sums")) == "partly compiled (mypyc: movegen, sums)"


def test_the_running_core_is_whole_either_pure_or_compiled() -> None:
    # The tests run on the pure modules, and in CI on a compiled copy: never a mixture.
    assert native.core_build() in (native.PURE, native.COMPILED)
    assert native.is_compiled(native) is False  # rules/native.py itself is never compiled
