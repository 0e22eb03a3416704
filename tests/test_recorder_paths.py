"""Recorders run as scripts (`python tests/<dir>/record_x.py`) get their own folder as
sys.path[0], so a sibling named like a standard-library module shadows it for TF too
(tests/keras/warnings once broke every recorder in tests/keras)."""

import ast
import sys
from pathlib import Path

TESTS = Path(__file__).parent
# io is frozen and imported before sys.path exists, so tests/io cannot shadow it.
PRELOADED = {"io"}


def _names(folder: Path) -> set:
    """The names a script in `folder` would import from there before the standard
    library's: modules and regular packages (a folder without __init__.py, say one left
    holding only __pycache__, is a namespace portion, found after them)."""
    return {p.stem if p.suffix == ".py" else p.name for p in folder.iterdir()
            if p.suffix == ".py" or (p / "__init__.py").is_file()}


def test_no_test_folder_shadows_the_standard_library() -> None:
    folders = [TESTS] + [p for p in TESTS.rglob("*") if p.is_dir() and p.name != "__pycache__"]
    clashes = {f"{folder.relative_to(TESTS.parent)}/{name}"
               for folder in folders for name in _names(folder) & set(sys.stdlib_module_names)
               if name not in PRELOADED}
    assert clashes == set()


def test_top_level_scripts_replace_their_folder_on_sys_path() -> None:
    # From tests/, the package tests/keras would be imported as Keras itself.
    for script in TESTS.glob("record_*.py"):
        source = script.read_text()
        calls = [ast.unparse(node) for node in ast.walk(ast.parse(source))
                 if isinstance(node, ast.Call) and ast.unparse(node.func) == "sys.path.insert"]
        assert calls == [] and "sys.path[0] = " in source, script.name
