"""Cells of TF's guides run unchanged (`import tensorflow as tf`) with eagerflow in its place
must print what TensorFlow 2.21 prints: the .out files next to each script, recorded from
TF by record.py, so CI checks them without TF."""

from __future__ import annotations

import difflib

import pytest

from tests.guides.runner import HERE, run

GUIDES = sorted(p.stem for p in HERE.glob("guide_*.py"))


def test_every_guide_has_its_recorded_output():
    assert GUIDES and all((HERE / f"{g}.out").exists() for g in GUIDES)


@pytest.mark.parametrize("name", GUIDES)
def test_guide_prints_what_tensorflow_prints(name):
    want = (HERE / f"{name}.out").read_text()
    got = run(HERE / f"{name}.py")
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            "tensorflow", "eagerflow", n=1))
        pytest.fail(f"{name} prints differently:\n{diff[:6000]}")
