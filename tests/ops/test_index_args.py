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

# (TF's recordings are its CPU's: the calls run on CPU:0 where a GPU is the default device
# too, `make test-gpu`, whose messages name the device and whose kernels check less)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

GOLDEN = json.loads((Path(__file__).parent / "index_args_golden.json").read_text())["cases"]
CASES = [f"{call} {bad}" for call in CALLS for bad in BAD]

# Cases left as they differ (pattern, why); each must still differ, so that a fix removes
# it from here.
KNOWN = [
    (r"(reshape\.shape|concat\.axis|reduce_\w+\.axis|one_hot\.depth|squeeze\.axis|"
     r"expand_dims\.axis|split\.num|top_k\.k|argmax\.axis|fill\.dims|"
     r"\w+_pool2d\.ksize|cumsum\.axis|repeat\.repeats|roll\.axis) huge",
     "TF's eager fast path converts 2**40 to int32 and wraps it (to 0), or checks its attr's "
     "int32 range first; eagerflow keeps the value and refuses it where it is used"),
    (r"(pad\.mode|einsum\.eq) (?!str).*", "TF's Python calls the value's .upper() or "
     ".replace(): an AttributeError naming TF's own types"),
    (r"gather\.axis nparr|softmax\.axis (float|tensorf)|eye\.n bool|"
     r"norm\.ord (None|list2|tensorf|nested)|repeat\.axis bool|"
     r"conv2d\.padding tensorf",
     "the error comes from TF's own Python or the ops it builds the function of (NumPy's "
     "truth value, a Range, a StridedSlice, a tensor's slice index)"),
    (r"squeeze\.axis tensorf", "TF's process fails: std::bad_alloc"),
    (r"conv2d\.padding (None|float|inf|neg|bool|huge)|"
     r"argmax\.out (None|neg|huge)|unique\.out_idx None|"
     r"strings\.split\.maxsplit None",
     "an attr (not an input) of TF's generated op wrapper: its conversion (None as the "
     "default, a string attr's type, a list(int) holding a float) is the op wrappers' attrs"),
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
