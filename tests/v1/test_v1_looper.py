"""tf.compat.v1.train.LooperThread as TF 2.21 (golden/v1_looper.json, recorded by
record_looper_golden.py from looper_program.py): back-to-back calls with the target's
args and kwargs until the coordinator stops, timer loops calling a subclass's hooks in
TF's order, an exception stopping the coordinator and raised by join, TF's ValueErrors."""

import json
import sys
from pathlib import Path

import pytest

from tests.v1.record_looper_golden import run

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_looper.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_looper(ours, key):
    assert ours[key] == GOLDEN[key]
