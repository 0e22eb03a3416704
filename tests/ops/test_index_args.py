"""Bad Python values for the index-like arguments of TF's most used functions (a shape, an
axis, multiples, k, depth...) convert and fail as TF 2.21's do: against
index_args_golden.json, recorded from TF 2.21 by record_index_args.py from
index_args_cases.py (each outcome: the error's class and the first line of its message, or
the result's shape and dtype).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import eagerflow as tf
from tests.golden_io import as_recorded
from tests.ops.index_args_cases import BAD, CALLS, outcome, scope

GOLDEN = json.loads((Path(__file__).parent / "index_args_golden.json").read_text())["cases"]
CASES = [f"{call} {bad}" for call in CALLS for bad in BAD]

# Cases left as they differ (pattern, why); each must still differ, so that a fix removes
# it from here.
KNOWN = [
    (r".* huge", "TF's eager fast path converts 2**40 to int32 and wraps it to 0, or its "
     "attr holds it past int32; eagerflow keeps the value and says it is out of range"),
]


def _known(case: str) -> str | None:
    return next((why for pattern, why in KNOWN if re.fullmatch(pattern, case)), None)


@pytest.fixture(scope="module")
def env() -> dict:
    return scope(tf)


def test_every_case_is_recorded():
    assert sorted(GOLDEN) == sorted(CASES)


@pytest.mark.parametrize("case", CASES)
def test_index_argument_fails_as_tf(env, case):
    want = GOLDEN[case]
    if want.startswith("crash:"):
        pytest.skip(f"TF's process died: {want}")
    got = as_recorded(outcome(env, *case.split(" ")))
    why = _known(case)
    if why is not None:
        assert got != want, f"fixed? remove the KNOWN entry for {case!r}"
        pytest.skip(why)
    assert got == want
