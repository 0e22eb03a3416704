"""Conv2DBackpropInput on a GPU with an empty input_sizes: TF's GPU kernel
(Conv2DBackpropInputOp<GPUDevice>::Compute, conv_grad_input_ops.h) allocates the output of
input_sizes' shape and returns where it holds no element, before its launcher checks the
filter's depth or the output gradient's sizes; so shapes its CPU custom kernel refuses give
an empty gradient there. Sizes with elements are checked as before, in the GPU's words."""

import pytest

import eagerflow as tf
from eagerflow._src.core.errors import InvalidArgumentError

pytestmark = pytest.mark.usefixtures("standin_gpu")

# (input_sizes, filter shape, out_backprop shape): each refused by the CPU's checks
_EMPTY = [
    ([0, 4, 4, 1], (3, 3, 2, 1), (0, 4, 4, 1)),  # input depth not a multiple of the filter's
    ([0, 4, 4, 1], (3, 3, 1, 1), (0, 9, 9, 1)),  # out_backprop's size not the computed one
    ([1, 4, 4, 0], (3, 3, 0, 1), (1, 4, 4, 1)),  # a filter of depth 0
    ([1, 4, 4, 0], (3, 3, 2, 1), (1, 4, 4, 1)),  # no group
    ([2, 0, 4, 1], (3, 3, 1, 1), (2, 5, 4, 1)),  # no row
]


def _grad(sizes, fshape, dyshape):
    return tf.raw_ops.Conv2DBackpropInput(
        input_sizes=sizes, filter=tf.zeros(fshape), out_backprop=tf.zeros(dyshape),
        strides=[1, 1, 1, 1], padding="SAME")


@pytest.mark.parametrize("sizes,fshape,dyshape", _EMPTY)
def test_an_empty_gradient_returns_before_the_checks(sizes, fshape, dyshape):
    out = _grad(sizes, fshape, dyshape)
    assert out.device.endswith("GPU:0")
    assert out.shape == tuple(sizes) and out.dtype == tf.float32


def test_sizes_with_elements_are_still_checked():
    with pytest.raises(InvalidArgumentError, match="} Conv2DSlowBackpropInput: input depth "
                                                   "must be evenly divisible by filter depth"):
        _grad([1, 4, 4, 1], (3, 3, 2, 1), (1, 4, 4, 1))


def test_the_cpu_still_checks_them_after_a_gpu_run():
    _grad(*_EMPTY[0])  # (an answer kept for these shapes on the GPU is not the CPU's)
    with tf.device("/CPU:0"), pytest.raises(InvalidArgumentError, match="evenly divisible"):
        _grad(*_EMPTY[0])
