"""eigen_sum.whole: a whole small float32/float64 tensor's Sum (Prod) in Eigen's order in
two NumPy reductions and scalar operators (a float32 sum: NumPy's pairwise reduction), against
the slow per-addition reference of the order (eigen_sum_reference.row) and against the
general row path (short_rows); which NaN a sum of a +NaN and a -NaN keeps, as recorded from
TF 2.21."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import eigen_sum
from tests.ops import eigen_sum_reference as ref
from tests.ops.eigen_sum_cases import near_one, values

pytestmark = pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' bits)

# no -inf: inf - inf would make a NaN of its own
_SPECIALS = (np.inf, -0.0, 0.0, 3e38, -3e38, 1e-45, -1e-45, 1.0)


def _bits(v: object) -> bytes:
    return np.asarray(v).tobytes()


@st.composite
def _vectors(draw: st.DrawFn) -> np.ndarray:
    dtype = draw(st.sampled_from(["float32", "float64"]))
    p = 32 // np.dtype(dtype).itemsize
    # every regime: under a packet, under four (one run), one block, two, many, a row's
    # most before Eigen's tree (p * 1024)
    n = draw(st.one_of(st.integers(0, 12 * p), st.sampled_from([p * 1024 - 1, p * 1024]),
                       st.integers(12 * p, p * 1024)))
    x = values(n, dtype, draw(st.integers(0, 2**16)))
    picks = draw(st.lists(st.tuples(st.integers(0, max(n - 1, 0)),
                                    st.sampled_from(_SPECIALS)), max_size=4 if n else 0))
    nan = n and draw(st.booleans())
    for i, s in picks:  # (beside a NaN no overflow: inf - inf would make a second NaN)
        x[i] = 1.0 if nan and abs(s) == 3e38 else s
    if nan:
        x[draw(st.integers(0, n - 1))] = draw(st.sampled_from([np.nan, -np.nan]))
    return x


@settings(max_examples=300, deadline=None)
@given(_vectors())
def test_whole_as_reference(x: np.ndarray) -> None:
    n = x.size
    with np.errstate(all="ignore"):
        for op, y in ((np.add, x), (np.multiply, near_one(x))):
            want = ref.row(y, 0, n, op) if n else y.dtype.type(op.identity)
            got = eigen_sum.whole(y, op)
            assert type(got) is y.dtype.type
            assert _bits(got) == _bits(want), (n, op.__name__)
            if n:  # the general row path: the same order
                assert _bits(eigen_sum.short_rows(y, op)) == _bits(want), (n, op.__name__)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=4),
       st.sampled_from(["float32", "float64"]), st.integers(0, 2**16))
def test_whole_tensor_sums_as_reference(shape: list, dtype: str, seed: int) -> None:
    # tf.reduce_sum/reduce_prod of a whole small tensor, any rank, the keepdims shape too
    x = values(int(np.prod(shape)), dtype, seed).reshape(shape)
    flat = x.reshape(-1)
    got = tf.reduce_sum(tf.constant(x)).numpy()
    assert got.shape == () and _bits(got) == _bits(ref.row(flat, 0, flat.size))
    kept = tf.reduce_sum(tf.constant(x), keepdims=True).numpy()
    assert kept.shape == (1,) * len(shape) and _bits(kept) == _bits(got)
    y = near_one(x)
    prod = tf.reduce_prod(tf.constant(y)).numpy()
    assert _bits(prod) == _bits(ref.row(y.reshape(-1), 0, y.size, np.multiply))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6), st.integers(1, 70), st.sampled_from(["float32", "float64"]),
       st.integers(0, 2**16), st.lists(st.sampled_from(_SPECIALS + (np.nan, -np.nan)),
                                       max_size=3))
def test_short_rows_side_by_side_as_reference(m: int, n: int, dtype: str, seed: int,
                                              specials: list) -> None:
    # rows of 1 to 7 float32 packets take one NumPy pairwise reduction for all rows (NaNs:
    # the arrays' fold); each row's bits are the per-addition reference's, zero signs too
    x = values(m * n, dtype, seed).reshape(m, n)
    rng = np.random.default_rng(seed)
    for s in specials:
        x[rng.integers(m), rng.integers(n)] = s
    with np.errstate(all="ignore"):
        x[rng.integers(m)] *= -0.0  # (a row of signed zeros, or NaN from inf)
        got = eigen_sum.short_rows(x)
        want = ref.rows(x)
    assert got.shape == (m,) and _bits(got) == _bits(want)


def test_zero_signs() -> None:
    # Eigen's accumulators start from +0: a sum of -0s is +0; a product of one -0 is -0
    for dtype in ("float32", "float64"):
        for n in (1, 3, 8, 9, 32, 33, 64, 65, 100):
            z = -np.zeros(n, dtype)
            assert not np.signbit(eigen_sum.whole(z)), n
            assert np.signbit(eigen_sum.whole(np.concatenate([z[:1], np.ones(n - 1, dtype)]),
                                              np.multiply)), n


# Sign bits of TF 2.21's CPU sums/products (tf.reduce_sum/reduce_prod, oneDNN off) of
# vectors holding a +NaN at index i and a -NaN at index j (p: the lanes of a packet), and
# of the same negated: the NaN of the earlier operand stays (a packet's lower lane in the
# fold, the accumulator in turn), but the fold's over the last n % p values'.
_TF_NAN_SIGNS = {  # name: (n, i, j, op, sign of the result; the negated vector gives 1 - it)
    "fold": (lambda p: p, lambda p: 0, lambda p: p // 2, "sum", 0),
    "tail_and_fold": (lambda p: p + 1, lambda p: 0, lambda p: p, "sum", 0),
    "two_packets": (lambda p: 2 * p, lambda p: 0, lambda p: p, "sum", 0),
    "four_accumulators": (lambda p: 4 * p, lambda p: 0, lambda p: p, "sum", 0),
    "two_blocks": (lambda p: 8 * p, lambda p: 0, lambda p: 4 * p, "sum", 0),
    "tail": (lambda p: 3, lambda p: 0, lambda p: 1, "sum", 0),
    "block_tail_and_fold": (lambda p: 4 * p + 1, lambda p: 0, lambda p: 4 * p, "sum", 0),
    "prod_tail_and_fold": (lambda p: p + 1, lambda p: 0, lambda p: p, "prod", 0),
    "prod_fold": (lambda p: p, lambda p: 0, lambda p: p // 2, "prod", 0),
    "prod_tail": (lambda p: 3, lambda p: 0, lambda p: 1, "prod", 0),
}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(_TF_NAN_SIGNS))
def test_nan_signs_as_tf(name: str, dtype: str) -> None:
    size, i, j, op, sign = _TF_NAN_SIGNS[name]
    p = 32 // np.dtype(dtype).itemsize
    x = np.zeros(size(p), dtype) if op == "sum" else np.ones(size(p), dtype)
    x[i(p)], x[j(p)] = np.nan, -np.nan
    f = tf.reduce_sum if op == "sum" else tf.reduce_prod
    for v, want in ((x, sign), (-x, 1 - sign)):
        got = f(tf.constant(v)).numpy()
        assert np.isnan(got) and int(np.signbit(got)) == want


def test_rows_nan_signs_as_tf() -> None:
    # rows of p + 1: the fold's NaN over the last value's (TF 2.21: +NaN each row; negated -)
    for dtype in ("float32", "float64"):
        p = 32 // np.dtype(dtype).itemsize
        x = np.zeros((3, p + 1), dtype)
        x[:, 0], x[:, p] = np.nan, -np.nan
        assert not np.signbit(tf.reduce_sum(tf.constant(x), axis=1).numpy()).any()
        assert np.signbit(tf.reduce_sum(tf.constant(-x), axis=1).numpy()).all()


def test_numpy_pairwise_sum_is_eigens_fold() -> None:
    # whole()'s one-call float32 path rests on NumPy's pairwise order (8 running sums,
    # then neighbours): a NumPy adding otherwise turns the path off (the bits stay TF's,
    # test_whole_as_reference), which this tells apart from a slowdown's other causes
    assert eigen_sum._pairwise_as_eigen()
    v = np.float32([2.0 ** 24, 1, 1, 1, -2.0 ** 24, 1, 3, 1])
    assert eigen_sum._pairwise_fold(v) == 8.0 != np.add.reduce(v)  # (7: neighbours first)
