"""TF's C++ warning for an in-memory cache read in part, as TF 2.21 prints it:
cache_warning_program.py run under eagerflow prints what TF printed
(cache_warning_golden.json, by record_cache_warning.py): the line and its place after
each pass that stopped early, none once the cache is filled, none under
TF_CPP_MIN_LOG_LEVEL=2."""

import json
import sys
from pathlib import Path

import pytest

from tests.child_env import pythonpath
from tests.data.record_cache_warning import run

HERE = Path(__file__).parent


@pytest.mark.parametrize("level", ["1", "2"])
def test_cache_warning_as_tf(level):
    golden = json.loads((HERE / "cache_warning_golden.json").read_text())
    assert run(sys.executable, "ef", level, {"PYTHONPATH": pythonpath()}) == golden[level]
