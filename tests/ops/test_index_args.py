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
    (r"gather\.axis nparr|softmax\.axis (float|tensorf)|eye\.n bool|"
     r"norm\.ord tensorf|repeat\.axis bool",
     "the error comes from TF's own Python or the ops it builds the function of (NumPy's "
     "truth value, a Range, a StridedSlice, a tensor's slice index)"),
    (r"squeeze\.axis tensorf", "TF's process fails: std::bad_alloc"),
    (r"argmax\.out huge",
     "2**40 for a DType attr: its low 32 bits are DataType enum 0 (DT_INVALID), whose "
     "refusal TF words by a kernel's definition with a random debug marker in it "
     "(other ints: test_type_enum_attrs.py)"),
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


def test_none_attrs_take_their_defaults():
    # recorded from TF 2.21: its generated wrappers read None as an attr's default
    x = tf.constant([[1.0, 5.0], [3.0, 2.0]])
    out = tf.argmin(x, 0, output_type=None)
    assert out.dtype == tf.int64 and out.numpy().tolist() == [0, 1]
    counted = tf.unique_with_counts([1, 2, 1], out_idx=None)
    assert counted.idx.dtype == tf.int32 and counted.count.numpy().tolist() == [2, 1]
    assert tf.strings.split(["a b c"], " ", maxsplit=None).to_list() == [[b"a", b"b", b"c"]]


def test_int32_counts_and_dims_past_int32():
    # recorded from TF 2.21: tf.split's wrapper counts its outputs in an int32 first (a
    # ValueError, traced too, for any count outside it), Squeeze reads its dims as int32s
    # before their range against the rank (traced: its shape function's ValueError)
    x = tf.ones((3, 4))
    for k in (2**40, 2**31, -2**40):
        with pytest.raises(ValueError, match=f"^Number of outputs is too big: {k}$"):
            tf.split(x, k)
    with pytest.raises(ValueError, match="Number of outputs is too big: 1099511627776"):
        tf.function(lambda t: tf.split(t, 2**40))(x)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Attr squeeze_dims has value -1099511627776 out of range for an "
                             r"int32 \[Op:Squeeze\] name: $"):
        tf.squeeze(x, -2**40)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Attr squeeze_dims has value 1099511627776 out of range"):
        tf.raw_ops.Squeeze(input=x, axis=[2**40])
    with pytest.raises(ValueError) as info:
        tf.function(lambda t: tf.squeeze(t, 2**40))(x)
    assert str(info.value).strip().endswith(
        "Attr squeeze_dims has value 1099511627776 out of range for an int32 for '{{node "
        "Squeeze}} = Squeeze[T=DT_FLOAT, squeeze_dims=[1099511627776]](t)' with input "
        "shapes: [3,4]."), info.value
