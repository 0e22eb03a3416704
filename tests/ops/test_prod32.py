"""tf.reduce_prod of float32 over all axes or the last ones multiplies in TF 2.21's CPU
order (eigen_sum.tf_sum with np.multiply: Eigen's ProdReducer, four packet accumulators
over blocks of 32 values, the rest, the fold): bits recorded from TF 2.21 (oneDNN off),
and NumPy's product (each row in turn, as before) where the axes are not the last ones."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

pytestmark = pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' bits)

CASES = [((3, 37), (1,)), ((2, 3, 40), (1, 2)), ((2, 1100), (1,)), ((300,), (0,)),
         ((4, 9000), (1,))]
# Recorded from TF 2.21 on the inputs below (default_rng(7), in this order).
RECORDED = [[0x3F38B934, 0x3F7B46BE, 0x3F7F2F57], [0x3F2B717F, 0x3F735D52],
            [0x3EA46170, 0x3F41E40D], [0x3F78A81C],
            [0x3D6E1326, 0x3E3EA8FA, 0x3E8A8669, 0x3BAC3332]]


def test_recorded_bits_of_tf():
    rng = np.random.default_rng(7)
    for (shape, axes), want in zip(CASES, RECORDED):
        x = (1 + 0.02 * rng.standard_normal(shape)).astype(np.float32)
        got = tf.reduce_prod(x, axis=list(axes)).numpy()
        assert got.reshape(-1).view(np.uint32).tolist() == want, (shape, axes)


def test_other_axes_keep_numpy_product():
    x = (1 + 0.02 * np.random.default_rng(1).standard_normal((40, 3))).astype(np.float32)
    got = tf.reduce_prod(x, axis=0, keepdims=True).numpy()
    np.testing.assert_array_equal(got, np.multiply.reduce(x, axis=0, keepdims=True))
    np.testing.assert_array_equal(tf.reduce_prod(x[:0], axis=1).numpy(), np.ones(0, np.float32))
