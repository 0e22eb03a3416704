"""The wheel carries every file the package reads at run time: setuptools puts only
Python modules in it unless pyproject.toml's package-data names the rest (a Sobol table,
TF's op signatures and Keras's operand table were once left out of the wheel)."""

from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # (Python 3.11+)

ROOT = Path(__file__).resolve().parent.parent


def test_package_data_names_every_data_file():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["eagerflow"]
    package = ROOT / "eagerflow"
    data = [p.relative_to(package) for p in package.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    assert data, "the package has data files (this test would check nothing)"
    missing = [str(p) for p in data if not any(p.match(g) for g in globs)]
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"
