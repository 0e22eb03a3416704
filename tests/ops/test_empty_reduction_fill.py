"""Sums over an empty axis and DivNoNan, as TF 2.21 gives them: a sum of no values is +0
in the input's dtype (made as zeroed memory, untouched until read, so a huge output of
an empty input costs no pass), and DivNoNan writes its quotients into zeros where the
divisor is not zero. The bits are checked against TF's rule (x / y, +0 where y == 0) with
NaN, infinities and signed zeros; weighted_moments over an empty axis is TF's zeros (and an
int8 input TF's SquaredDifference error)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow.errors import InvalidArgumentError

# (normal numbers only: TF's float32 CPU threads flush subnormals, a separate matter)
_VALUES = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 3.5, -2.25, 6e4, 1e-3]


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_divide_no_nan_bits(dtype):
    a = np.array(_VALUES, dtype)
    x, y = a[:, None], a[None, :]
    with np.errstate(all="ignore"):
        want = np.where(y == 0, dtype(0), x / y).astype(dtype)
    got = tf.math.divide_no_nan(x, y)
    assert got.dtype == tf.as_dtype(dtype) and got.shape == (11, 11)
    assert got.numpy().tobytes() == want.tobytes()


def test_divide_no_nan_scalars_and_empty():
    zero = tf.math.divide_no_nan(tf.constant(-3.0), tf.constant(-0.0))
    assert zero.numpy().tobytes() == np.float32(0).tobytes()
    assert tf.math.divide_no_nan(tf.constant(7.0), tf.constant(2.0)).numpy() == 3.5
    empty = tf.math.divide_no_nan(tf.zeros([0, 3], tf.float64), tf.ones([3], tf.float64))
    assert empty.shape == (0, 3) and empty.dtype == tf.float64
    by_zero = tf.math.divide_no_nan(tf.constant([np.nan, np.inf, -1.0]), tf.constant(0.0))
    assert by_zero.numpy().tobytes() == np.zeros(3, np.float32).tobytes()


@pytest.mark.parametrize("dtype", [tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int8,
                                   tf.int64, tf.uint16, tf.complex64])
def test_sum_over_an_empty_axis_is_positive_zero(dtype):
    x = -tf.zeros([3, 0, 2], dtype) if dtype.is_floating else tf.zeros([3, 0, 2], dtype)
    kept = tf.reduce_sum(x, axis=1, keepdims=True)
    assert kept.shape == (3, 1, 2) and kept.dtype == dtype
    assert not np.signbit(np.real(kept.numpy().astype(np.complex128))).any()
    assert (kept.numpy() == 0).all()
    assert tf.reduce_sum(x, axis=[0, 1]).shape == (2,)
    assert tf.reduce_sum(x).shape == ()
    assert tf.reduce_sum(x, axis=2).shape == (3, 0)  # (empty output: nothing to fill)


def test_empty_sums_are_separate_arrays():
    x = tf.zeros([0, 4])
    a, b = tf.reduce_sum(x, axis=0), tf.reduce_sum(x, axis=0)
    a.numpy()[...] = 1.0  # (a tensor's array is its own: nothing shared between results)
    assert (b.numpy() == 0).all()


def test_mean_over_an_empty_axis_is_nan():
    m = tf.reduce_mean(tf.zeros([0, 3]), axis=0)
    assert np.isnan(m.numpy()).all() and m.dtype == tf.float32


@pytest.mark.parametrize("dtype,keepdims", [(tf.float32, False), (tf.float16, True),
                                            (tf.float64, False)])
def test_weighted_moments_over_an_empty_axis(dtype, keepdims):
    x = tf.zeros([0, 2, 3], dtype)
    mean, var = tf.nn.weighted_moments(x, [0], x, keepdims=keepdims)
    shape = (1, 2, 3) if keepdims else (2, 3)
    for t in (mean, var):
        assert t.dtype == dtype and t.shape == shape
        assert t.numpy().tobytes() == np.zeros(shape, dtype.as_numpy_dtype).tobytes()


def test_weighted_moments_of_int8_is_squared_differences_error():
    x = tf.zeros([0, 2, 3], tf.int8)
    with pytest.raises(InvalidArgumentError, match=r"Value for attr 'T' of int8 is not in the "
                                                   r"list of allowed values: bfloat16, half, "
                                                   r"float, double, int32, int64, complex64, "
                                                   r"complex128\n\t; NodeDef: \{\{node "
                                                   r"SquaredDifference\}\}"):
        tf.nn.weighted_moments(x, [0], x)
