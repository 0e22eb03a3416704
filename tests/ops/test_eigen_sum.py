"""float32/float64 Sum, Mean, EuclideanNorm, Prod and L2Loss on the CPU bit for bit TF 2.21's
(eigen_sum.npz, recorded by record_eigen_sum.py with 1-4 intra-op threads; oneDNN on or
off gives the same bits), and eigen_sum's fast order against a slow reference of it."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import eigen_sum
from tests.child_env import pythonpath
from tests.ops import eigen_sum_reference as ref
from tests.ops.eigen_sum_cases import THREADED, THREADS, cases, near_one, values

pytestmark = pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' bits)

_TF = np.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), "eigen_sum.npz"))
_CASES = cases()


def _axes(x: np.ndarray, axis: object) -> tuple:
    if axis is None:
        return tuple(range(x.ndim))
    return tuple(sorted(a % x.ndim for a in ((axis,) if isinstance(axis, int) else axis)))


@pytest.fixture
def two_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    # the cases were recorded on a TF whose intra-op pool had 2 threads
    monkeypatch.setattr(eigen_sum, "intra_op_threads", lambda: 2)


@pytest.mark.parametrize("case", _CASES, ids=[c[0] for c in _CASES])
def test_as_tf(case: tuple, two_threads: None) -> None:
    key, x, axis, keep = case
    t = tf.constant(x)
    got = {"sum": tf.reduce_sum(t, axis=axis, keepdims=keep),
           "mean": tf.reduce_mean(t, axis=axis, keepdims=keep),
           "norm": tf.math.reduce_euclidean_norm(t, axis=axis, keepdims=keep),
           "prod": tf.reduce_prod(near_one(x), axis=axis, keepdims=keep),
           "l2": tf.nn.l2_loss(t)}
    for op, value in got.items():
        want = _TF[f"{key}/{op}"]
        v = value.numpy()
        assert v.dtype == want.dtype and v.shape == want.shape, (key, op)
        np.testing.assert_array_equal(v.view(f"u{v.itemsize}"), want.view(f"u{v.itemsize}"),
                                      err_msg=f"{key} {op}")


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_threads_as_tf(threads: int, dtype: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a whole-tensor sum is cut into blocks, one a thread, by Eigen's cost model
    monkeypatch.setattr(eigen_sum, "intra_op_threads", lambda: threads)
    for n in THREADED:
        x = values(n, dtype, n)
        s = eigen_sum.eigen_sum(x, (0,), threads)
        norm = np.sqrt(eigen_sum.eigen_sum(x * x, (0,), threads, eigen_sum.SQUARES))
        prod = eigen_sum.eigen_sum(near_one(x), (0,), threads, op=np.multiply)
        assert s == _TF[f"t{threads}/{dtype}/n{n}/sum"], n
        assert norm == _TF[f"t{threads}/{dtype}/n{n}/norm"], n
        assert prod == _TF[f"t{threads}/{dtype}/n{n}/prod"], n
        l2 = eigen_sum.eigen_sum(x * x * x.dtype.type(0.5), (0,), threads,
                                 eigen_sum.HALF_SQUARES)
        assert l2 == _TF[f"t{threads}/{dtype}/n{n}/l2"], n
        # the squares made block by block as the sum gathers them
        assert np.sqrt(eigen_sum.tf_sum_of_squares(x, (0,), False)) == norm, n
        assert eigen_sum.tf_sum_of_squares(x, (0,), False, half=True) == l2, n


def test_shard_thresholds() -> None:
    # TF 2.21 shares a sum among 2 threads from these sizes on (read off the recordings)
    for dtype, cost, first in (("float32", eigen_sum.SUM, 108388),
                               ("float64", eigen_sum.SUM, 54194),
                               ("float32", eigen_sum.SQUARES, 76364),
                               ("float64", eigen_sum.SQUARES, 38182)):
        assert eigen_sum.shard_threads(first - 1, dtype, 2, cost) == 1
        assert eigen_sum.shard_threads(first, dtype, 2, cost) == 2
    assert eigen_sum.shard_threads(10**7, "float32", 4) == 4


@st.composite
def _shapes(draw: st.DrawFn) -> tuple:
    ndim = draw(st.integers(1, 4))
    dims = st.sampled_from([1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 40])
    shape = tuple(draw(dims) for _ in range(ndim))
    axes = tuple(sorted(draw(st.sets(st.integers(0, ndim - 1), min_size=1))))
    return shape, axes


@settings(max_examples=150, deadline=None)
@given(_shapes(), st.sampled_from(["float32", "float64"]), st.integers(0, 2**16))
def test_order_as_reference(case: tuple, dtype: str, seed: int) -> None:
    shape, axes = case
    x = values(int(np.prod(shape)), dtype, seed).reshape(shape)
    want = ref.reduce_sum(x, axes)
    got = eigen_sum.eigen_sum(x, axes, 1)
    np.testing.assert_array_equal(got, want, err_msg=f"{shape} {axes}")
    y = near_one(x)
    np.testing.assert_array_equal(eigen_sum.eigen_sum(y, axes, 1, op=np.multiply),
                                  ref.reduce_sum(y, axes, op=np.multiply), err_msg="prod")


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 20000), st.integers(1, 5), st.sampled_from(["float32", "float64"]),
       st.integers(0, 2**16))
def test_long_rows_and_shards_as_reference(n: int, shards: int, dtype: str, seed: int) -> None:
    # the leaf tree (past 8 * 1024 floats, 4 * 1024 doubles) and FullReducer's blocks
    x = values(n, dtype, seed)
    assert eigen_sum.sharded_sum(x, shards) == ref.full(x, shards)
    y = near_one(x)
    assert eigen_sum.sharded_sum(y, shards, np.multiply) == ref.full(y, shards, np.multiply)
    rows = values(3 * n, dtype, seed + 1).reshape(3, n)  # rows starting off a packet
    np.testing.assert_array_equal(eigen_sum.rows(rows), [ref.row(rows.reshape(-1), i * n, n)
                                                         for i in range(3)])


@pytest.mark.parametrize("step_bytes", [1, 3000])
def test_steps_carry_the_sum(step_bytes: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # many rows or tree leaves add their blocks side by side a few blocks a step; each
    # step's copy takes the sum so far first (one block a step here, or a few)
    monkeypatch.setattr(eigen_sum, "REDUCE_STEP_BYTES", step_bytes)
    for dtype in ("float32", "float64"):
        x = values(20001, dtype, 3)
        assert eigen_sum.sharded_sum(x, 1) == ref.full(x, 1)
        assert eigen_sum.sharded_sum(x, 3) == ref.full(x, 3)
        y = near_one(values(6 * 700, dtype, 4)).reshape(6, 700)
        for op in (np.add, np.multiply):
            want = [ref.row(y.reshape(-1), i * 700, 700, op) for i in range(6)]
            np.testing.assert_array_equal(eigen_sum.rows(y, op), want)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_many_rows_as_reference(dtype: str) -> None:
    # more rows than leaves a tree: a leaf at a time across the rows (rows starting on
    # every residue of a packet when n is odd); very many rows: a block at a time
    for count, n in ((24, 9001), (12, 9001), (9, 8200), (5, 4100), (300, 70)):
        x = values(count * n, dtype, n)
        want = [ref.row(x, i * n, n) for i in range(count)]
        np.testing.assert_array_equal(eigen_sum.rows(x.reshape(count, n)), want, str(n))
    y = near_one(values(300 * 70, dtype, 5)).reshape(300, 70)
    want = [ref.row(y.reshape(-1), i * 70, 70, np.multiply) for i in range(300)]
    np.testing.assert_array_equal(eigen_sum.rows(y, np.multiply), want)


def test_strided_input_as_reference() -> None:
    # a view whose last axis is strided (no records of it) sums as its copy would
    big = values(10 * 2000, "float32", 9).reshape(10, 2000)
    for x, axes in ((big[:, ::2], (1,)), (big[::3, 1:], (1,)), (big.T, (1,)),
                    (big[:, ::2], (0, 1))):
        np.testing.assert_array_equal(eigen_sum.tf_sum(x, axes, False),
                                      ref.reduce_sum(np.ascontiguousarray(x), axes))


def test_zeros_and_empty() -> None:
    # Eigen's accumulators start from +0: a sum of -0s is +0; an empty mean is NaN
    for dtype in ("float32", "float64"):
        z = tf.constant(-np.zeros((3, 40), dtype))
        assert not np.signbit(tf.reduce_sum(z).numpy())
        assert not np.signbit(tf.reduce_sum(z, axis=1).numpy()).any()
        assert not np.signbit(tf.reduce_sum(z, axis=0).numpy()).any()
        assert np.isnan(tf.reduce_mean(tf.zeros((0, 3), dtype), axis=0).numpy()).all()
        assert tf.reduce_sum(tf.zeros((0, 3), dtype)).numpy() == 0


def test_configured_threads_split_as_tf() -> None:
    # tf.config.threading's intra-op count sizes the pool the whole-tensor sum is cut for
    # (a fresh process: the count is fixed once an op has run, as in TF)
    program = (
        "import numpy as np, eagerflow as tf\n"
        "from tests.ops.eigen_sum_cases import values\n"
        "tf.config.threading.set_intra_op_parallelism_threads(3)\n"
        "x = values(1000000, 'float32', 1000000)\n"
        "with tf.device('/CPU:0'):  # (the CPU's pool, where a GPU is the default too)\n"
        "    print(tf.reduce_sum(x).numpy().view(np.uint32))\n")
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, env=env,
                         check=True, timeout=120)
    want = _TF["t3/float32/n1000000/sum"].view(np.uint32)
    assert int(out.stdout.decode().strip()) == int(want)
    assert _TF["t2/float32/n1000000/sum"] != _TF["t3/float32/n1000000/sum"]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_short_rows_with_specials_as_reference(dtype: str) -> None:
    # rows of 1 to 63 values: the lane sums and fold in one reduction, the last values
    # (fewer than a packet) in one reduction too (NumPy adds them in turn: checked once),
    # the reference's bits with NaNs of both signs, infinities and -0s
    assert eigen_sum._reduce_adds_in_turn()
    rng = np.random.default_rng(7)
    special = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 2.0 ** 24, 1.0], dtype)
    for n in range(1, 64):
        x = values(12 * n, dtype, n).reshape(12, n)
        x[4:] = np.where(rng.random((8, n)) < 0.3, special[rng.integers(0, 8, (8, n))], x[4:])
        x[-1] = -0.0
        for v in (x, x[:, :max(n - 1, 1)]):
            with np.errstate(invalid="ignore"):  # (inf - inf in the reference's steps)
                want = np.array([ref.row(r, 0, r.size) for r in v], dtype)
            got = eigen_sum.short_rows(v)
            assert (np.isnan(got) == np.isnan(want)).all(), n  # (the reference keeps no
            # NaN's sign: the other bits, zeros' signs included)
            assert np.where(np.isnan(got), 0, got).tobytes() == \
                np.where(np.isnan(want), 0, want).astype(dtype).tobytes(), n
