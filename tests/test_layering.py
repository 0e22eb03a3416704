"""Imports go down the pipeline (DESIGN.md's layout): core, ops, then autodiff / graph /
autograph, then function, then train / data / summary, distribute, keras.

Every `from eagerflow._src.X import ...` in eagerflow/_src, at module level or inside a
function, is checked against the layer table; the few upward imports that the design
needs are listed with their reason, and nothing else may point up.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "eagerflow" / "_src"

LEVEL = {
    "backend": 0,  # array backends: below core, importing no other package
    "core": 0, "io": 0,  # io: file formats (TFRecord framing, CRC32C) over core alone
    "ops": 1,
    "graph": 2, "autodiff": 2, "autograph": 2,
    "function": 3,
    "train": 4, "data": 4, "summary": 4, "testing": 4, "module": 4,
    "distribute": 5,
    "keras": 6,
}

# (importing file, imported package): why it must point up. Each is imported lazily
# (inside a function) unless said otherwise.
ALLOWED_UP = {
    ("ops/control_flow_graph.py", "graph"):
        "cond and while_loop are ops holding sub-graphs (module level: they build them)",
    ("ops/control_flow_graph.py", "autodiff"):
        "their gradients differentiate the sub-graphs with a tape",
    ("ops/script_ops.py", "autodiff"): "py_function's gradient runs the user's Python on a tape",
    ("core/tensor.py", "ops"): "Tensor's Python protocol (iteration, lists of tensors) is ops",
    ("graph/ir.py", "function"): "a v1 graph tensor's eval() finds the default Session",
}
MODULE_LEVEL_UP = {("ops/control_flow_graph.py", "graph")}


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(imported _src package, at module level) for every eagerflow._src import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[:2] == ["eagerflow", "_src"] and len(parts) > 2:
                out.append((parts[2], id(node) in top))
    return out


def _package(path: Path) -> str:
    return path.relative_to(SRC).parts[0].removesuffix(".py")


def test_every_package_has_a_layer():
    pkgs = {_package(p) for p in SRC.rglob("*.py")} - {"__init__"}
    assert pkgs <= set(LEVEL), sorted(pkgs - set(LEVEL))


def test_imports_only_go_down_the_pipeline():
    upward, module_level = set(), set()
    for path in SRC.rglob("*.py"):
        pkg = _package(path)
        if pkg == "__init__":
            continue
        rel = path.relative_to(SRC).as_posix()
        for target, at_top in _imports(path):
            if LEVEL.get(target, -1) > LEVEL[pkg]:
                upward.add((rel, target))
                if at_top:
                    module_level.add((rel, target))
    assert upward <= set(ALLOWED_UP), sorted(upward - set(ALLOWED_UP))
    assert module_level <= MODULE_LEVEL_UP, sorted(module_level - MODULE_LEVEL_UP)


def test_the_allow_list_has_no_stale_entries():
    for rel, target in ALLOWED_UP:
        assert target in {t for t, _ in _imports(SRC / rel)}, (rel, target)
