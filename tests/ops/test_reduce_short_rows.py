"""Sums over a short last axis (2 to 7 values: a colour's channels, a point's
coordinates) as one operation per value across the rows (reduce.py's `_short_rows_sum`):
the same bits as adding each row's values in order from +0, as the reductions of NumPy
and of TF's Eigen add rows this short, special values and signed zeros included, for
tf.reduce_sum, tf.reduce_mean and tf.image.rgb_to_grayscale (whose sums match TF 2.21's
bit for bit: test_image_bits.py)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.ops import eigen_sum_reference as reference

# (the CPU paths: on a device the reductions, casts and clamps are the backend's own)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e38, -1e38, 1e-45, 3.0, -2.5]


def _in_order(x: np.ndarray) -> np.ndarray:
    """Each row's values added one by one from +0, as scalars of x's type."""
    rows = x.reshape(-1, x.shape[-1])
    out = []
    for row in rows:
        acc = x.dtype.type(0)
        for v in row:
            acc = acc + v
        out.append(acc)
    return np.array(out, x.dtype).reshape(x.shape[:-1])


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 7), rows=st.integers(64, 300),
       dtype=st.sampled_from([np.float32, np.float64, np.complex64]),
       special=st.booleans(), keepdims=st.booleans(), seed=st.integers(0, 2 ** 16))
def test_short_rows_add_in_order_from_zero(n, rows, dtype, special, keepdims, seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, n)) * 10.0 ** rng.integers(-3, 4, (rows, n))
    if special:
        x = np.where(rng.random((rows, n)) < 0.3, rng.choice(SPECIAL, (rows, n)), x)
    with np.errstate(all="ignore"):  # (1e38 past float32's range: inf, as TF casts)
        if dtype == np.complex64:
            x = x + 1j * np.nan_to_num(x[::-1])  # (no inf * 1j: NaN there)
        x = x.astype(dtype)
        want = _in_order(x)
    got = tf.reduce_sum(x, axis=-1, keepdims=keepdims).numpy()
    assert got.shape == ((rows, 1) if keepdims else (rows,))
    got, want = got.reshape(-1), want.reshape(-1)
    nan = np.isnan(want)
    np.testing.assert_array_equal(np.isnan(got), nan)  # (which NaN: the hardware's choice)
    np.testing.assert_array_equal(got[~nan].view(np.uint8), want[~nan].view(np.uint8))


def test_a_row_of_negative_zeros_sums_to_positive_zero():
    x = np.full((100, 3), -0.0, np.float32)
    got = tf.reduce_sum(x, axis=-1).numpy()
    assert not np.signbit(got).any()


@pytest.mark.parametrize("shape", [(8, 16, 16, 3), (4, 5, 7), (300, 2)])
def test_mean_of_short_rows_is_the_sum_over_the_count(shape):
    x = np.random.default_rng(1).uniform(-1, 1, shape).astype(np.float32)
    got = tf.reduce_mean(x, axis=-1).numpy()
    want = _in_order(x) / np.float32(shape[-1])
    np.testing.assert_array_equal(got, want)


def test_long_rows_and_other_axes_keep_the_general_reduction():
    # (Eigen's order: the slow reference of tests/ops/test_eigen_sum.py)
    x = np.random.default_rng(2).uniform(-1, 1, (50, 9)).astype(np.float32)
    np.testing.assert_array_equal(tf.reduce_sum(x, axis=-1).numpy(), reference.reduce_sum(x, (1,)))
    y = np.random.default_rng(3).uniform(-1, 1, (3, 100)).astype(np.float32)
    np.testing.assert_array_equal(tf.reduce_sum(y, axis=0).numpy(), reference.reduce_sum(y, (0,)))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 7), rows=st.integers(64, 300),
       dtype=st.sampled_from([np.float32, np.float64, np.int32, np.uint8]),
       keepdims=st.booleans(), seed=st.integers(0, 2 ** 16))
def test_short_rows_max_and_min_are_numpys_reductions(n, rows, dtype, keepdims, seed):
    """Value by value, NumPy's maximum and minimum give its reductions' bits (NaN first
    or later), and a zero where they give one (which zero is TF's tie of +0 and -0, not
    NumPy's, whose order changed in NumPy 2.4: test_reduce_zero_signs checks it against
    TF's recording)."""
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "f":
        x = rng.choice(np.array(SPECIAL[:6] + [1.0, -1.0], dtype), (rows, n))
    else:
        x = rng.integers(0, 100, (rows, n)).astype(dtype)
    for fn, want in ((tf.reduce_max, np.max), (tf.reduce_min, np.min)):
        got = fn(x, axis=-1, keepdims=keepdims).numpy()
        with np.errstate(invalid="ignore"):
            expected = want(x, axis=-1, keepdims=keepdims)
        assert got.dtype == expected.dtype and got.shape == expected.shape
        zero = expected == 0
        np.testing.assert_array_equal(got[~zero].view(np.uint8), expected[~zero].view(np.uint8))
        np.testing.assert_array_equal(got[zero], expected[zero])
