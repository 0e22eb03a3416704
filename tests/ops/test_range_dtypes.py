"""tf.range's dtypes and values as TF 2.21's (range_dtype_golden.json, written by
record_range_dtype_golden.py from range_dtype_cases.py). Was: NumPy's arange stepped by
(start + delta) - start (1.5999999 for TF's 1.6), the length came from the bounds in
float64 (11 elements of float16 from 0 to 1 by 0.1, TF's 10), Python bounds went through
float32 before a float64 dtype, the first tensor's dtype won over a later float one, and a
float delta was truncated to a given int dtype."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.range_dtype_cases import CASES, outcome

GOLDEN = json.loads((Path(__file__).parent / "range_dtype_golden.json").read_text())["cases"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_range_as_tf(name: str) -> None:
    assert outcome(tf, CASES[name]) == GOLDEN[name]


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_each_element_is_start_plus_index_times_delta(dtype: str) -> None:
    # an independent reference: the formula over NumPy scalars of the dtype, element by
    # element (one multiply and one add, each rounded to the dtype)
    t = np.dtype(dtype).type
    start, delta = t(-2.3), t(0.17)
    got = tf.range(-2.3, 4.1, 0.17, dtype=dtype).numpy()
    want = [t(start + t(i) * delta) for i in range(len(got))]
    assert got.dtype == np.dtype(dtype) and got.tolist() == [float(w) for w in want]
    assert len(got) == int(np.ceil(abs((t(4.1) - start) / delta)))
