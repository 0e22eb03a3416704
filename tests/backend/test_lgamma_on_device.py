"""Lgamma on the stand-in GPU as CUDA's lgamma computes it (CuPy's gammaln; TF's GPU
Lgamma through Eigen): of a subnormal double, -log|x| (744.44 for 5e-324), where SciPy's
gammaln, which the stand-in computes with, gives inf. Python's math.lgamma is the
reference (its own implementation: -log|x| below 1e-20)."""

import math

import numpy as np
import pytest

import eagerflow as tf

pytestmark = pytest.mark.usefixtures("standin_gpu")

_SUBNORMAL = [5e-324, -5e-324, 1e-310, -1e-310, 2.2e-308, 1e-320]


def test_subnormal_doubles_give_minus_log():
    x = tf.constant(_SUBNORMAL, tf.float64)
    assert "GPU" in x.device
    got = tf.math.lgamma(x).numpy()
    np.testing.assert_allclose(got, [math.lgamma(v) for v in _SUBNORMAL], rtol=1e-15)


def test_a_scalar_and_the_values_around_them_are_kept():
    got = tf.math.lgamma(tf.constant(5e-324, tf.float64)).numpy()
    assert got == pytest.approx(math.lgamma(5e-324), rel=1e-15)
    normal = [1e-300, 1e-40, 0.5, 2.5, -2.5, 30.0]
    np.testing.assert_allclose(tf.math.lgamma(tf.constant(normal, tf.float64)).numpy(),
                               [math.lgamma(v) for v in normal], rtol=1e-13)
    assert tf.math.lgamma(tf.constant([0.0], tf.float64)).numpy()[0] == np.inf


def test_float32_subnormals_are_normal_doubles_to_it():
    got = tf.math.lgamma(tf.constant([1e-45, 1e-40], tf.float32)).numpy()
    want = np.float32([math.lgamma(float(np.float32(v))) for v in (1e-45, 1e-40)])
    np.testing.assert_array_equal(got, want)
