"""The registry harness's gradient checks fail where they should: a second-order gradient
wrong where the first order is right (a path the gradient stops), and a device's gradient
off the CPU's by less than finite differences could see."""

import dataclasses

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops.math import TANH
from eagerflow._src.ops.registry import Sample
from eagerflow._src.testing import op_harness as H
from tests.gpu_target import on_the_gpu

SAMPLE = Sample((np.linspace(-1.5, 1.5, 6).reshape(2, 3),))


def _tanh(grad):
    """Tanh with another gradient function (not registered)."""
    return dataclasses.replace(TANH, grad=grad)


def test_checks_pass_for_tanh():
    H.check_gradient(TANH, SAMPLE, second_order=True)
    with on_the_gpu():
        H.check_device_gradient(TANH, SAMPLE, second_order=True)


def test_a_second_order_gradient_through_a_stopped_path_fails():
    # (1 - y^2) right at every x, but y held constant: the Hessian misses its y terms
    op = _tanh(lambda n, g: [g * (1 - tf.stop_gradient(n.outputs[0]) ** 2)])
    with pytest.raises(AssertionError, match="Tanh: second-order gradient of input 0"):
        H.check_gradient(op, SAMPLE, second_order=True)
    H.check_gradient(op, SAMPLE)  # (first order alone: right)


def test_a_device_gradient_off_the_cpus_fails():
    def grad(n, g):
        y = n.outputs[0]
        scale = 1 + 1e-7 if "GPU" in y.device else 1.0  # (finite differences see 1e-5)
        return [g * (1 - y * y) * scale]

    with on_the_gpu(), pytest.raises(AssertionError, match="Tanh: gradient of input 0"):
        H.check_device_gradient(_tanh(grad), SAMPLE)
