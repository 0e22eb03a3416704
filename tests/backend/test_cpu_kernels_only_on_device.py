"""Ops TF 2.21 registers CPU kernels only for (RandomShuffle, StatelessShuffle,
UnravelIndex: no GPU registration in their kernels' sources) run on CPU:0 by soft
placement where a GPU is the default device, as TF places them: their results are CPU:0
tensors, with the values the CPU gives. Checked on the strict stand-in."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops.random import clear_kernel_cache

CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"

CALLS = {
    "shuffle": lambda x: tf.random.shuffle(x, seed=3),
    "stateless_shuffle": lambda x: tf.random.experimental.stateless_shuffle(x, [1, 2]),
    "unravel_index": lambda x: tf.unravel_index(tf.cast(x[:, 0], tf.int32) * 2, [4, 6]),
}


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_an_op_tf_runs_on_the_cpu_only_runs_on_cpu0_from_gpu_inputs(name):
    values = np.arange(12, dtype=np.int64).reshape(6, 2)
    x = tf.constant(values)
    assert x.device.endswith("GPU:0")
    tf.random.set_seed(1)
    clear_kernel_cache()
    got = CALLS[name](x)
    assert got.device == CPU0
    tf.random.set_seed(1)
    clear_kernel_cache()
    with tf.device("/CPU:0"):
        want = CALLS[name](tf.constant(values))
    np.testing.assert_array_equal(got.numpy(), want.numpy())
