"""tf.linspace of complex endpoints, which TF's Python linspace_nd composes of ops (its
LinSpace kernel takes real endpoints only): the points, the endpoints themselves first
and last, broadcast endpoints along an inner axis, one point, and a traced call. The
expected values are TF 2.21's (recorded from /work/tfref, CPU)."""

import numpy as np
import pytest

import eagerflow as tf


@pytest.mark.parametrize("dtype", [tf.complex64, tf.complex128])
def test_points_between_complex_endpoints(dtype):
    out = tf.linspace(tf.constant(0, dtype), tf.constant(4, dtype), 3)
    # TF 2.21: [0.+0.j 2.+0.j 4.+0.j]
    assert out.dtype == dtype and out.numpy().tolist() == [0j, 2 + 0j, 4 + 0j]


def test_broadcast_endpoints_along_an_inner_axis():
    start = tf.constant([[0j], [1]], tf.complex64)
    stop = tf.constant([5j, 2, 3], tf.complex64)
    # TF 2.21, axis=1 (and axis=-1 the same points along the last axis)
    want = [[[0j, 0j, 0j], [2.5j, 1, 1.5], [5j, 2, 3]],
            [[1, 1, 1], [0.5 + 2.5j, 1.5, 2], [5j, 2, 3]]]
    assert tf.linspace(start, stop, 3, axis=1).numpy().tolist() == want
    last = tf.linspace(start, stop, 3, axis=-1).numpy()
    assert last.tolist() == np.swapaxes(np.array(want), 1, 2).tolist()


def test_one_point_is_the_start_and_none_is_empty():
    assert tf.linspace(tf.constant(0j), tf.constant(1j), 1).numpy().tolist() == [0j]
    assert tf.linspace(tf.constant(0j), tf.constant(1j), 0).numpy().tolist() == []


def test_traced_call_gives_the_eager_points():
    fn = tf.function(lambda: tf.linspace(tf.constant(0j), tf.constant(2 + 2j), 3))
    assert fn().numpy().tolist() == [0j, 1 + 1j, 2 + 2j]
