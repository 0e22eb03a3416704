"""tf.math.segment_sum and segment_prod give TF 2.21's CPU values bit for bit, float16,
bfloat16, float32 and float64 (and complex sums): TF's kernel reduces each segment by Eigen
along its rows, in four accumulators (row i into i % 4) on segments of 16 rows or more,
for the outputs in whole AVX packets (eigen_reduce.segment_fold); segment_mean adds in
turn (Eigen's MeanReducer keeps a count, which rules the accumulators out).
segment_order.npz holds TF 2.21's outputs, recorded by benchmarks/ulp32/segments.py
fixture."""

import pathlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import eigen_reduce

pytestmark = pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' bits)

FIXTURE = np.load(pathlib.Path(__file__).with_name("segment_order.npz"))
CASES = sorted({k.split("/")[0] for k in FIXTURE.files})


def _bits(a):
    return np.asarray(a).view(np.uint8)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("op", ["sum", "mean", "prod"])
@pytest.mark.parametrize("groups", [None, 0])
def test_tf_bits(case, op, groups, monkeypatch):
    """groups 0: segment_fold's rank steps, which it takes for many segment lengths."""
    if groups is not None:
        monkeypatch.setattr(eigen_reduce, "SEGMENT_LENGTH_GROUPS", groups)
    x, ids = FIXTURE[f"{case}/x"], FIXTURE[f"{case}/ids"]
    if op == "prod" and x.dtype.kind == "c":
        pytest.skip("a complex product is left in turn (Eigen's complex multiply unchecked)")
    half = case.split("_")[0]
    if half in ("float16", "bfloat16"):  # (stored as float32; a product of 1 + x / 64)
        x = tf.cast(1 + x / np.float32(64) if op == "prod" else x, half)
    elif op == "prod":  # (near 1: TF flushes denormals, which wider products reached)
        x = x.dtype.type(1) + x / x.dtype.type(65536)
    got = getattr(tf.math, "segment_" + op)(x, ids)
    got = (tf.cast(got, tf.float32) if got.dtype.size == 2 else got).numpy()
    want = FIXTURE[f"{case}/{op}"]
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(_bits(got), _bits(want))


def test_fixture_covers_both_orders():
    """The fixture's long segments differ from a plain row-by-row sum (else it would not
    tell the orders apart)."""
    x, ids = FIXTURE["float32_long/x"], FIXTURE["float32_long/ids"]
    in_turn = np.zeros((3, x.shape[1]), np.float32)
    np.add.at(in_turn, ids, x)
    assert (in_turn != FIXTURE["float32_long/sum"]).any()


def _eigen_one(seg, op, lanes):
    """One segment (rows, C) in Eigen's order, a row at a time: the reference."""
    one = seg.dtype.type(op.identity)
    rows, c = seg.shape
    whole = c // lanes * lanes
    turn = np.full(c, one, seg.dtype)
    for r in seg:
        turn = op(turn, r)
    if rows < 16 or not whole:
        return turn
    acc = np.full((4, whole), one, seg.dtype)
    body = rows // 4 * 4
    for i in range(body):
        acc[i % 4] = op(acc[i % 4], seg[i, :whole])
    total = op(op(op(acc[0], acc[1]), acc[2]), acc[3])
    for i in range(body, rows):
        total = op(total, seg[i, :whole])
    return np.concatenate([total, turn[whole:]])


@np.errstate(all="ignore")
@settings(max_examples=60, deadline=None)
@given(counts=st.lists(st.sampled_from([0, 1, 2, 7, 15, 16, 17, 18, 19, 23, 40]),
                       min_size=1, max_size=12),
       equal=st.booleans(), c=st.sampled_from([1, 2, 4, 7, 8, 9, 12, 17]),
       dtype=st.sampled_from([np.float16, np.float32, np.float64]),
       op=st.sampled_from([np.add, np.multiply]), seed=st.integers(0, 2 ** 16))
def test_segment_fold_matches_row_by_row(counts, equal, c, dtype, op, seed):
    """Both of segment_fold's ways (a block per segment length, a view or a gathered copy;
    rank steps over any lengths) against the row-by-row reference, -0 and NaN included."""
    if equal:
        counts = [counts[0]] * len(counts)
    counts = np.array(counts)
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal((int(counts.sum()), c)) * 100).astype(dtype)
    x[rng.random(x.shape) < 0.05] = -0.0
    if rng.random() < 0.2:
        x[rng.random(x.shape) < 0.01] = np.nan
    lanes = {2: 8, 4: 8, 8: 4}[np.dtype(dtype).itemsize]  # (AVX: Packet8h, 8f, 4d)
    starts = np.cumsum(counts) - counts
    want = np.array([_eigen_one(x[s:s + n], op, lanes) for s, n in zip(starts, counts)])
    got = eigen_reduce.segment_fold(x, counts, op)
    np.testing.assert_array_equal(_bits(got), _bits(want.reshape(got.shape)))
    # the rank steps for any input
    groups, eigen_reduce.SEGMENT_LENGTH_GROUPS = eigen_reduce.SEGMENT_LENGTH_GROUPS, 0
    try:
        got = eigen_reduce.segment_fold(x, counts, op)
    finally:
        eigen_reduce.SEGMENT_LENGTH_GROUPS = groups
    np.testing.assert_array_equal(_bits(got), _bits(want.reshape(got.shape)))


def test_other_dtypes_keep_row_order():
    """Integers are exact; a transposed (non-contiguous) float input takes the same order."""
    x = np.arange(40 * 9, dtype=np.int32).reshape(40, 9)
    np.testing.assert_array_equal(tf.math.segment_sum(x, np.zeros(40, np.int32)).numpy(),
                                  x.sum(0, keepdims=True))
    y = np.random.default_rng(1).standard_normal((9, 40)).astype(np.float32)
    ids = np.zeros(40, np.int32)
    np.testing.assert_array_equal(tf.math.segment_sum(y.T, ids).numpy(),
                                  tf.math.segment_sum(np.ascontiguousarray(y.T), ids).numpy())
