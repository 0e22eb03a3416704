"""Reductions whose reduced axes each hold one value: TF's kernels copy the input then (its
reducer is the identity on one value), so the sign of a -0 survives a sum or mean; TF's
EuclideanNorm computes |x| instead. Results recorded from TF 2.21 (CPU)."""

import numpy as np
import pytest

import eagerflow as tf

NEG0 = -0.0
CASES = [((1,), 0), ((1, 2), 0), ((2, 1), 1), ((1, 3, 1), (0, 2)), ((1, 1), None),
         ((1, 2), 1), ((1, 2), None), ((3,), 0)]  # the last three reduce values
# TF 2.21's sign bits for a tensor of -0.0 (the same for float16/32/64): copies keep -0;
# sums from +0 give +0; products of two -0 give +0, of three -0; max/min keep -0
SIGNS = {
    "reduce_sum": [[1], [1, 1], [1, 1], [1, 1, 1], [1], [0], [0], [0]],
    "reduce_mean": [[1], [1, 1], [1, 1], [1, 1, 1], [1], [0], [0], [0]],
    "reduce_prod": [[1], [1, 1], [1, 1], [1, 1, 1], [1], [0], [0], [1]],
    "reduce_max": [[1], [1, 1], [1, 1], [1, 1, 1], [1], [1], [1], [1]],
    "reduce_min": [[1], [1, 1], [1, 1], [1, 1, 1], [1], [1], [1], [1]],
}


@pytest.mark.parametrize("name", sorted(SIGNS))
@pytest.mark.parametrize("case", range(len(CASES)))
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_sign_of_zero_as_tf(name, case, dtype):
    shape, axis = CASES[case]
    got = getattr(tf, name)(tf.constant(np.full(shape, NEG0, dtype)), axis=axis).numpy()
    assert np.signbit(got).reshape(-1).astype(int).tolist() == SIGNS[name][case]


@pytest.mark.parametrize("traced", [False, True])
def test_one_value_as_tf(traced):
    x = tf.constant([[-3.0]])

    def f(x):
        return (tf.reduce_sum(x), tf.reduce_mean(x, axis=1), tf.math.reduce_euclidean_norm(x),
                tf.reduce_prod(tf.constant([[complex(NEG0, NEG0)]])))

    s, m, n, p = (tf.function(f) if traced else f)(x)
    assert s.numpy() == -3.0 and m.numpy().tolist() == [-3.0]
    assert n.numpy() == 3.0  # TF's EuclideanNorm is no copy: sqrt(x * x)
    assert np.signbit(p.numpy().real) and np.signbit(p.numpy().imag)  # copied: (-0-0j)
