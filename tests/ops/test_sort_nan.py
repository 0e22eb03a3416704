"""tf.sort, tf.argsort and tf.math.top_k on NaN, infinities and signed zeros against TF
2.21's recorded results (sort_nan_golden.json, by record_sort_nan_golden.py): where TF's
CPU kernel leaves each NaN, for every k and both directions, float16 to float64, eager
and traced; and the algorithms of ops/topk_order.py against their plain definitions where
those are well defined (rows without NaN)."""

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import topk_order
from tests.ops.sort_nan_cases import DTYPES, cases

GOLDEN = json.loads((Path(__file__).parent / "sort_nan_golden.json").read_text())["cases"]
# eagerflow holds bfloat16 through ml_dtypes, where it is installed
BF16 = importlib.util.find_spec("ml_dtypes") is not None


@pytest.fixture(scope="module")
def results():
    with tf.device("CPU:0"):  # (TF's order is its CPU kernel's)
        return {k: v.numpy() for k, v in
                cases(tf, DTYPES if BF16 else tuple(d for d in DTYPES if d != "bfloat16"))
                .items()}


def test_every_recorded_call_is_there(results):
    assert sorted(results) == sorted(k for k in GOLDEN if BF16 or "bfloat16" not in k)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_tf(results, key):
    if key.startswith("bfloat16/") and not BF16:
        pytest.skip("bfloat16 needs ml_dtypes")
    want, got = GOLDEN[key], results[key]
    assert (got.dtype.name, list(got.shape)) == (want["dtype"], want["shape"])
    expect = np.array(want["values"], np.float64).reshape(want["shape"])
    # equal values and NaN at the same places; the sign of each zero too
    np.testing.assert_array_equal(got.astype(np.float64), expect)
    assert (np.signbit(got.astype(np.float64)) == np.signbit(expect)).all()


def _plain(row, k):
    """Descending by value, ties by lower index: every algorithm's answer without NaN."""
    return sorted(range(len(row)), key=lambda i: (-row[i], i))[:k]


@pytest.mark.parametrize("seed", range(4))
def test_kernel_algorithms_sort_rows_without_nan_by_value_then_index(seed):
    rng = np.random.default_rng(seed)
    for n in (1, 2, 5, 16, 17, 40, 300):
        row = rng.integers(-4, 5, n).astype(float).tolist()
        row[0] = -0.0 if n > 1 else row[0]
        for k in sorted({1, 2, n // 2, n - 1, n} - {0}):
            if k <= n:
                want = _plain(row, k)
                assert topk_order.row_order(row, k, True, 0, (8, 1024)) == want
                assert sorted(topk_order.row_order(row, k, False, 0, (8, 1024))) == \
                    sorted(want)


def test_eigen_max_drops_nan_in_packets_and_keeps_it_in_the_tail():
    # 8-wide packets cover columns 0-7: a NaN there is dropped; in the tail it sticks
    # until the next element replaces it
    row = [1.0, float("nan"), 5.0, 2, 2, 2, 2, 2, 3.0, float("nan")]
    assert topk_order.row_order(row, 1, True, 0, (8, 1024)) == [0]  # NaN: column 0
    row[-1] = 4.0
    assert topk_order.row_order(row, 1, True, 0, (8, 1024)) == [2]
    assert topk_order.row_order(row[:7] + [float("nan")], 1, True, 0, (8, 1024)) == [2]


def test_sort_gradient_with_nan_goes_where_the_values_came_from():
    x = tf.constant([3.0, float("nan"), 1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sort(x)
    order = tf.argsort(x).numpy()
    g = tape.gradient(y, x, output_gradients=tf.constant([1.0, 10.0, 100.0, 1000.0]))
    want = np.zeros(4)
    want[order] = [1.0, 10.0, 100.0, 1000.0]
    np.testing.assert_array_equal(g.numpy(), want)


def test_nth_element_leaves_nan_where_libstdcxx_nth_element_does():
    # TF 2.21's NthElement runs std::nth_element (libstdc++'s introselect) on each row:
    # NaN, unordered both ways, lands at n where its partitions leave it (recorded)
    nan, inf = np.nan, np.inf
    x = np.array([[nan, 2.5, -inf, 1.0, nan, 7.0, 0.0, inf, -3.0],
                  [1.0, nan, 0.0, nan, 2.5, -3.0, 7.0, 1.0, nan],
                  [inf, -inf, nan, 0.0, 0.0, 2.5, nan, -3.0, 1.0],
                  [7.0, 7.0, nan, nan, nan, -inf, 2.5, 0.0, 1.0]])
    want = {0: ([-3.0, -3.0, -inf, -inf], [2.5, nan, inf, nan]),
            3: ([7.0, 1.0, 0.0, 1.0], [-inf, nan, 1.0, nan]),
            8: ([2.5, nan, inf, nan], [-3.0, -3.0, -inf, -inf])}
    for n, (low, high) in want.items():
        for reverse, row in ((False, low), (True, high)):
            np.testing.assert_array_equal(
                tf.raw_ops.NthElement(input=x, n=n, reverse=reverse).numpy(), row)
