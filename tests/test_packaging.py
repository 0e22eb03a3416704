"""The wheel carries every file the package reads at run time: setuptools puts only
Python modules in it unless pyproject.toml's package-data names the rest (a Sobol table,
TF's op signatures and Keras's operand table were once left out of the wheel)."""

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # (Python 3.11+)

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_package_data_names_every_data_file():
    globs = CONFIG["tool"]["setuptools"]["package-data"]["eagerflow"]
    package = ROOT / "eagerflow"
    data = [p.relative_to(package) for p in package.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    assert data, "the package has data files (this test would check nothing)"
    missing = [str(p) for p in data if not any(p.match(g) for g in globs)]
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"


def test_every_extra_a_message_or_the_readme_names_exists():
    """`pip install 'eagerflow[X]'` in an ImportError or the README installs something."""
    texts = [p.read_text() for p in (ROOT / "eagerflow").rglob("*.py")]
    texts.append((ROOT / "README.md").read_text())
    named = {m for t in texts for m in re.findall(r"eagerflow\[([a-z0-9_]+)\]", t)}
    assert named, "some message names an extra (this test would check nothing)"
    extras = set(CONFIG["project"]["optional-dependencies"])
    assert not named - extras, f"named but not in [project.optional-dependencies]: " \
                               f"{sorted(named - extras)}"
