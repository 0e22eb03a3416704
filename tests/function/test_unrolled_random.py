"""Stateful random ops in the loops eagerflow unrolls while tracing (tf.map_fn, tf.scan,
tf.foldl/foldr over a known number of elements) draw what TF 2.21's one While op draws:
each op one stream moving on at every iteration and every call (ops/random_unroll.py).

The cases are unrolled_random_cases.py; golden/unrolled_random.json is TF's answer
(record_unrolled_random_golden.py), the commonest of several runs: where iterations don't
wait for each other TF's executor picks the order, and a few runs differ. Where all of
TF's runs agreed the values must be TF's bit for bit; where they did not, eagerflow's
must be the commonest run's values, rows in any order.
"""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import random_unroll
from tests.function.unrolled_random_cases import CASES, outcome

GOLDEN = json.loads((Path(__file__).parent / "golden" / "unrolled_random.json").read_text())


def _rows(calls):
    return sorted(json.dumps(r) for call in calls for r in call)


@pytest.mark.parametrize("case", sorted(CASES))
def test_unrolled_random_is_tfs(case):
    want = GOLDEN["cases"][case]
    got = outcome(tf, case)
    if want["agreed"] == want["runs"]:
        assert got == want["result"]
    else:
        assert _rows(got) == _rows(want["result"])


def test_rows_differ_and_calls_move_on():
    tf.random.set_seed(1)

    @tf.function
    def f(x):
        return tf.map_fn(lambda e: tf.random.uniform([2], seed=3), x)

    first, second = f(tf.zeros([3])).numpy(), f(tf.zeros([3])).numpy()
    rows = {tuple(r) for r in np.concatenate([first, second])}
    assert len(rows) == 6


def test_unrolling_without_random_ops_registers_nothing():
    before = len(random_unroll.UNROLLED)

    @tf.function
    def f(x):
        return tf.map_fn(lambda e: e * 2.0, x), tf.scan(lambda a, e: a + e, x)

    out, acc = f(tf.constant([1.0, 2.0, 3.0]))
    assert out.numpy().tolist() == [2.0, 4.0, 6.0]
    assert acc.numpy().tolist() == [1.0, 3.0, 6.0]
    assert len(random_unroll.UNROLLED) == before


def test_eager_map_fn_draws_in_order():
    tf.random.set_seed(1)
    got = tf.map_fn(lambda e: tf.random.uniform([2], seed=3), tf.zeros([3])).numpy()
    tf.random.set_seed(1)
    want = [tf.random.uniform([2], seed=3).numpy() for _ in range(3)]
    np.testing.assert_array_equal(got, np.stack(want))
