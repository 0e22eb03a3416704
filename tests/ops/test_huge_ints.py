"""Python ints past int32 for the index-like arguments of TF's functions, eagerly and
traced, against huge_ints_golden.json (recorded from TF 2.21 by record_huge_ints.py from
huge_int_cases.py: each outcome the error's class and the core of its message, or the
result's shape, dtype and first values).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.huge_int_cases import CASES, outcome, scope

pytestmark = pytest.mark.usefixtures("cpu_kernels")

GOLDEN = json.loads((Path(__file__).parent / "huge_ints_golden.json").read_text())["cases"]

# Cases left as they differ (pattern, why); each must still differ, so that a fix removes
# it from here.
KNOWN = [
    (r"(?!one_hot\.axis|one_hot\.on_value|range\.start|range\.delta)\S+ 2\*\*64 traced",
     "TF's graph conversion of an int past int64: a StagingError wrapping Python's "
     "OverflowError, or (one_hot's axis) its attr's ValueError; eagerflow gives the eager "
     "conversion's ValueError"),
    (r"(fill\.list|zeros\.shape|ones\.shape) 2\*\*63-1 (eager|traced)",
     "a shape [2**63-1, 0] holds no element: TF makes the tensor (its .numpy() then fails); "
     "eagerflow's arrays are NumPy's, which cannot describe it"),
    (r"transpose\.perm (?!2\*\*64)\S+ traced",
     "TF's Transpose shape function refuses a constant perm out of range while tracing "
     "(a ValueError naming the node); eagerflow: the kernel's error when the graph runs"),
    (r"(slice\.begin|range\.delta) (-3|-2\*\*31-1) traced|"
     r"slice\.size (-3|2\*\*31) traced",
     "TF's shape functions refuse a negative constant size (Slice) or an empty Range "
     "while tracing (ValueErrors); eagerflow: the kernel's error when the graph runs"),
    (r"one_hot\.axis (?!2\*\*64|5 )\S+ traced",
     "TF's graph converts the indices list [0, 1] to int32 (the node's TI=DT_INT32, "
     "eagerflow's DT_INT64), and refuses an axis below -1 while tracing"),
    (r"range\.start 2\*\*63-1 traced",
     "TF's tf.range traced with a limit past int64 fails an assertion of its own Python"),
]


def _known(case: str) -> str | None:
    return next((why for pattern, why in KNOWN if re.fullmatch(pattern, case)), None)


@pytest.fixture(scope="module")
def env() -> dict:
    return scope(tf)


def test_every_case_is_recorded():
    assert sorted(GOLDEN) == sorted(CASES)


@pytest.mark.parametrize("case", CASES)
def test_huge_int_as_tf(env, case):
    want, got = GOLDEN[case], outcome(env, *case.split(" "))
    why = _known(case)
    if why is not None:
        assert got != want, f"fixed? remove the KNOWN entry for {case!r}"
        pytest.skip(why)
    assert got == want
