"""tf.maximum / tf.minimum as TF 2.21's CPU kernel gives them at ties of +0 and -0 and at
NaN (ops/math.py's _first_on_ties), eagerly and traced, against minmax_ties_golden.json
(recorded by record_minmax_ties.py from minmax_ties_cases.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.minmax_ties_cases import as_array, cases, result_words

GOLDEN = json.loads((Path(__file__).parent / "minmax_ties_golden.json").read_text())["results"]
CASES = cases()

# (the CPU's kernels: a device's are the backend's own)
pytestmark = pytest.mark.usefixtures("cpu_kernels")


def _run(case, traced: bool) -> list:
    d, op, x, y = case
    a, b = (tf.cast(tf.constant(as_array(v, np)), getattr(tf, d)) for v in (x, y))
    fn = getattr(tf, op)
    out = tf.function(fn)(a, b) if traced else fn(a, b)
    return result_words(tf.cast(out, tf.float64).numpy(), np)


def test_every_case_is_recorded():
    assert len(GOLDEN) == len(CASES)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32", "float64"])
@pytest.mark.parametrize("traced", [False, True])
def test_ties_and_nan_as_tf(dtype, traced):
    differ = [c[1:] for c, want in zip(CASES, GOLDEN)
              if c[0] == dtype and _run(c, traced) != want]
    assert not differ, f"{len(differ)} cases differ, the first: {differ[0]}"


def test_tail_of_a_large_result():
    # 1001 values: the last 1 (float32, P=8) on the scalar path, the rest in packets
    a = np.zeros(1001, np.float32)
    b = -np.zeros(1001, np.float32)
    got = np.signbit(tf.maximum(a, b).numpy())
    assert got[:1000].all() and not got[1000]
