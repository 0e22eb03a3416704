"""DynamicPartition and DynamicStitch on a GPU (the stand-in, or CuPy's GPU:0 under
EAGERFLOW_REGISTRY_ON=gpu), where TF has kernels for them: their results there are the
CPU's, repeated stitch indices included (a device scatter alone would leave the winner
unspecified)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf

pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


def _on_cpu(fn, *args):
    with tf.device("/CPU:0"):
        return fn(*args)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), parts=st.integers(1, 4), n=st.integers(0, 12),
       size=st.integers(1, 6))
def test_stitch_with_repeated_indices_takes_the_last_row_as_on_the_cpu(seed, parts, n, size):
    rng = np.random.default_rng(seed)
    indices = [rng.integers(0, size, rng.integers(0, n + 1)).astype(np.int32)
               for _ in range(parts)]
    data = [rng.normal(size=(i.size, 2)).astype(np.float32) for i in indices]
    if not any(i.size for i in indices):
        indices[0], data[0] = np.array([0], np.int32), np.ones((1, 2), np.float32)
    got = tf.dynamic_stitch(indices, data)
    assert got.device.endswith("GPU:0")
    np.testing.assert_array_equal(got.numpy(), _on_cpu(tf.dynamic_stitch, indices,
                                                       data).numpy())


def test_partition_on_the_device_keeps_order_and_its_gradient_flows():
    data = tf.constant(np.arange(12, dtype=np.float32).reshape(6, 2))
    parts = tf.constant([2, 0, 2, 1, 0, 2])
    with tf.GradientTape() as tape:
        tape.watch(data)
        out = tf.dynamic_partition(data, parts, 3)
        loss = tf.reduce_sum(out[2] * 3.0) + tf.reduce_sum(out[0])
    assert all(o.device.endswith("GPU:0") for o in out)
    for got, want in zip(out, _on_cpu(tf.dynamic_partition, data, parts, 3)):
        np.testing.assert_array_equal(got.numpy(), want.numpy())
    np.testing.assert_array_equal(tape.gradient(loss, data).numpy(),
                                  np.repeat([[3.0], [1.0], [3.0], [0.0], [1.0], [3.0]], 2, 1))


def test_partition_values_out_of_range_are_refused_on_the_device():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"partitions\[1\] = 5 is not in \[0, 2\)"):
        tf.dynamic_partition(tf.constant([1.0, 2.0]), tf.constant([0, 5]), 2)


@pytest.mark.parametrize("fn", [tf.math.unsorted_segment_sum, tf.math.unsorted_segment_max])
def test_segment_ids_past_the_segments_are_dropped_on_the_device(fn):
    """TF's GPU kernels check no id: one past num_segments is dropped, as a negative one is
    (its CPU kernel raises), and so a device reads nothing back to check."""
    from eagerflow._src.backend import strict_streams

    data = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    ids = tf.constant([0, 7, -1])
    fn(data, ids, 2)
    with strict_streams.count_transfers() as n:
        got = fn(data, ids, 2)
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    np.testing.assert_array_equal(got.numpy()[0], [1.0, 2.0])
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                            match=r"segment_ids\[1\] = 7 is out of range"):
        fn(data, ids, 2)


def test_a_gather_out_of_range_gives_zeros_on_the_device_as_tf_documents():
    """tf.gather's documented GPU behaviour: an index out of range gives zeros (the CPU
    raises), so a device gathers (an embedding's rows too) reading no index back."""
    from eagerflow._src.backend import strict_streams

    params = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    table = tf.Variable(params)
    ids = tf.constant([[2, 7], [-1, 0]])
    want = np.array([[[5, 6], [0, 0]], [[0, 0], [1, 2]]], np.float32)
    batched = tf.stack([params, -params])  # (2, 3, 2): row ids per batch entry
    for fn in (lambda: tf.gather(params, ids), lambda: tf.gather(table, ids),
               lambda: tf.gather(batched, ids, axis=1, batch_dims=1)):
        fn()
        with strict_streams.count_transfers() as n:
            got = fn()
        assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    np.testing.assert_array_equal(tf.gather(params, ids).numpy(), want)
    np.testing.assert_array_equal(tf.gather(table, ids).numpy(), want)
    np.testing.assert_array_equal(tf.gather(batched, ids, axis=1, batch_dims=1).numpy(),
                                  [[[5, 6], [0, 0]], [[0, 0], [-1, -2]]])
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                            match=r"indices\[0,1\] = 7 is not in \[0, 3\)"):
        tf.gather(params, ids)


def test_nd_gathers_give_zeros_and_nd_scatters_ignore_indices_out_of_range():
    """tf.gather_nd and tf.scatter_nd's documented GPU behaviour: zeros for an index vector
    out of range, and such an update ignored (the CPU raises for both)."""
    from eagerflow._src.backend import strict_streams

    params = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    idx = tf.constant([[1, 0], [2, 0], [0, -1]])
    tf.gather_nd(params, idx)
    with strict_streams.count_transfers() as n:
        got = tf.gather_nd(params, idx)
    assert n["to_host"] == 0 and got.device.endswith("GPU:0")
    np.testing.assert_array_equal(got.numpy(), [3.0, 0.0, 0.0])
    scattered = tf.scatter_nd(tf.constant([[1], [9], [0]]), tf.constant([5.0, 6.0, 7.0]), [3])
    np.testing.assert_array_equal(scattered.numpy(), [7.0, 5.0, 0.0])
    updated = tf.tensor_scatter_nd_add(tf.ones(3), tf.constant([[3], [2]]), tf.constant([1.0, 2.0]))
    np.testing.assert_array_equal(updated.numpy(), [1.0, 1.0, 3.0])
    with tf.device("/CPU:0"):
        for fn in (lambda: tf.gather_nd(params, idx),
                   lambda: tf.scatter_nd(tf.constant([[9]]), tf.constant([1.0]), [3])):
            with pytest.raises(tf.errors.InvalidArgumentError, match="does not index into"):
                fn()


SCATTERS = {
    "scatter_nd": lambda t, i, u: tf.scatter_nd(i, u, tf.shape(t)),
    "add": tf.tensor_scatter_nd_add, "sub": tf.tensor_scatter_nd_sub,
    "max": tf.tensor_scatter_nd_max, "min": tf.tensor_scatter_nd_min,
    "update": tf.tensor_scatter_nd_update,
}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), shape=st.lists(st.integers(1, 4), min_size=1, max_size=3),
       k=st.integers(1, 3), n=st.integers(0, 6), name=st.sampled_from(sorted(SCATTERS)))
def test_nd_scatters_skip_bad_vectors_where_they_land_reading_nothing_back(seed, shape, k,
                                                                          n, name):
    """TF's GPU kernels skip an index vector out of range (negative or past its dim)
    without a check: here each becomes a row past the end, which the result leaves out,
    so nothing is read back; the result is the CPU's over the vectors in range."""
    from eagerflow._src.backend import strict_streams

    k = min(k, len(shape))
    rng = np.random.default_rng(seed)
    base = rng.integers(-5, 5, shape).astype(np.float32)
    ids = np.stack([rng.integers(-2, d + 2, n) for d in shape[:k]], 1).astype(np.int32) \
        if n else np.zeros((0, k), np.int32)
    upd = rng.integers(-5, 5, (n,) + tuple(shape[k:])).astype(np.float32)
    if name == "update":  # (repeated vectors: which one lands is the device's choice)
        ids = ids[np.unique(ids, axis=0, return_index=True)[1]] if n else ids
        upd = upd[:len(ids)]
    t, i, u = tf.constant(base), tf.constant(ids), tf.constant(upd)
    with strict_streams.count_transfers() as count:
        got = SCATTERS[name](t, i, u)
    assert count["to_host"] == 0
    assert got.device.endswith("GPU:0")
    ok = np.all((ids >= 0) & (ids < np.array(shape[:k])), axis=1) if n else np.ones(0, bool)
    want = _on_cpu(SCATTERS[name], tf.constant(base), tf.constant(ids[ok].reshape(-1, k)),
                   tf.constant(upd[ok]))
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_data_format_ops_and_a_nonaliasing_scatter_run_on_the_device():
    """DataFormatDimMap/VecPermute have TF GPU kernels; ScatterNdNonAliasingAdd's ignores an
    index vector out of range (its CPU kernel raises)."""
    dims = tf.raw_ops.DataFormatDimMap(x=tf.constant([0, 1, -1, 3]), src_format="NHWC",
                                       dst_format="NCHW")
    perm = tf.raw_ops.DataFormatVecPermute(x=tf.constant([1, 2, 3, 4]), src_format="NHWC",
                                           dst_format="NCHW")
    assert dims.device.endswith("GPU:0") and perm.device.endswith("GPU:0")
    np.testing.assert_array_equal(dims.numpy(), [0, 2, 1, 1])
    np.testing.assert_array_equal(perm.numpy(), [1, 4, 2, 3])
    added = tf.raw_ops.ScatterNdNonAliasingAdd(input=tf.zeros(3), indices=[[1], [7]],
                                               updates=tf.constant([2.0, 5.0]))
    np.testing.assert_array_equal(added.numpy(), [0.0, 2.0, 0.0])
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                            match="does not index into"):
        tf.raw_ops.ScatterNdNonAliasingAdd(input=tf.zeros(3), indices=[[1], [7]],
                                           updates=tf.constant([2.0, 5.0]))
