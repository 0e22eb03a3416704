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
    (r"(?!one_hot\.axis)\S+ 2\*\*64 traced",
     "TF's graph conversion of an int past int64: a StagingError "
     "wrapping Python's OverflowError, or a TypeError 'Failed to convert elements'; "
     "eagerflow gives the eager conversion's ValueError"),
    (r"(reshape\.shape|fill\.dims) \S+ traced",
     "TF's graph keeps a scalar shape a scalar (its shape function's 'Shape must be rank 1 "
     "but is rank 0', an int64 Const); eagerflow reads the int as a shape of one dim"),
    (r"(fill\.list|zeros\.shape|ones\.shape) 2\*\*63-1 (eager|traced)",
     "a shape [2**63-1, 0] holds no element: TF makes it; eagerflow refuses its dims' "
     "product past int64"),
    (r"(zeros|ones)\.shape -2\*\*31-1 eager",
     "tf.zeros falls back on an int32 conversion of a shape TensorShape refuses (a "
     "negative dim), which wraps -2**31-1 to 2**31-1"),
    (r"transpose\.perm (?!2\*\*64 eager)\S+ (eager|traced)",
     "TF's Transpose kernel reads an int64 perm as int32s (2**32+1 is 1); traced, its shape "
     "function refuses the int64 value first"),
    (r"slice\.size (?!2\*\*64 eager)\S+ (eager|traced)",
     "Slice's size converts to the int32 its begin [0, 0] set, wrapping (2**32+1 is 1)"),
    (r"(tile\.multiples|slice\.begin|range\.delta) -2\*\*31-1 traced|range\.start 2\*\*63-1 "
     r"traced", "TF's shape functions refuse the int64 Const while tracing (eagerflow: "
     "the kernel's error when the graph runs, or the conversion's)"),
    (r"one_hot\.axis (?!2\*\*64)\S+ traced", "TF's graph converts the indices list [0, 1] to int32 "
     "(TI=DT_INT32 in the node eagerflow's message shows as DT_INT64)"),
    (r"split\.sizes \S+ traced", "TF's graph converts the sizes list past int32 to int64 "
     "(Tlen=DT_INT64 in the node; eagerflow's shows DT_INT32)"),
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
