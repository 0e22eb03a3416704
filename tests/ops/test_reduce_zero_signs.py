"""tf.reduce_max / tf.reduce_min as TF 2.21's CPU kernel gives them where +0 and -0 tie
(ops/reduce_ties.py), eagerly and traced, against reduce_zero_signs_golden.json (recorded
by record_reduce_zero_signs.py from reduce_zero_signs_cases.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import reduce_ties
from tests.ops.reduce_zero_signs_cases import (
    DTYPES,
    as_array,
    cases,
    result_signs,
    sharded_array,
    sharded_cases,
)

GOLDEN = json.loads((Path(__file__).parent / "reduce_zero_signs_golden.json").read_text())
CASES = cases()

# (the CPU's kernels: a device's are the backend's own)
pytestmark = pytest.mark.usefixtures("cpu_kernels")


def _run(case, fn) -> str:
    x = tf.cast(tf.constant(as_array(case, np)), getattr(tf, case[0]))
    return result_signs(tf.cast(fn(x, case[3], case[4]), tf.float64).numpy(), np)


def _reduce(op):
    fn = getattr(tf, "reduce_" + op)
    return lambda x, axis, keepdims: fn(x, axis=axis, keepdims=keepdims)


def test_every_case_is_recorded():
    assert len(GOLDEN["results"]) == len(CASES)


@pytest.mark.parametrize("dtype", DTYPES)
def test_zero_signs_as_tf(dtype):
    differ = [c[1:5] for c, want in zip(CASES, GOLDEN["results"])
              if c[0] == dtype and _run(c, _reduce(c[1])) != want]
    assert not differ, f"{len(differ)} cases differ, the first: {differ[:3]}"


def test_traced_as_tf():
    # one tf.function per op, retraced per shape: every fifth case of each dtype
    fns = {op: tf.function(_reduce(op)) for op in ("max", "min")}
    picked = list(zip(CASES, GOLDEN["results"]))[::5]
    differ = [c[:5] for c, want in picked if _run(c, fns[c[1]]) != want]
    assert not differ, f"{len(differ)} of {len(picked)} differ, the first: {differ[:3]}"


def test_whole_reductions_cut_among_threads_as_tf(monkeypatch):
    # TF's intra-op pool when recorded (a pool of that many threads cuts the same blocks)
    monkeypatch.setattr(reduce_ties, "intra_op_threads", lambda: GOLDEN["intra_op_threads"])
    picked = sharded_cases()
    got = [result_signs(getattr(tf, "reduce_" + c[1])(
        tf.cast(tf.constant(sharded_array(c, np)), getattr(tf, c[0]))).numpy().astype(np.float64),
        np) for c in picked]
    differ = [c[:3] for c, g, want in zip(picked, got, GOLDEN["sharded"]) if g != want]
    assert len(picked) == len(GOLDEN["sharded"]) and not differ, differ[:3]
