"""Gather/scatter, boolean_mask, unique, one_hot, sequence_mask and their gradients."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf


def test_gather_variants():
    p = tf.constant([[1, 2], [3, 4]])
    assert tf.gather([1, 2, 3], [2, 0]).numpy().tolist() == [3, 1]
    assert tf.gather(p, [1], axis=1).numpy().tolist() == [[2], [4]]
    assert tf.gather(p, [[1, 0], [0, 0]]).shape == (2, 2, 2)
    assert tf.gather(p, 1).numpy().tolist() == [3, 4]
    assert tf.gather(p, tf.constant(1, tf.int64), axis=-1).numpy().tolist() == [2, 4]
    assert tf.gather(p, [[1], [0]], batch_dims=1).numpy().tolist() == [[2], [3]]
    assert tf.gather(p, [[1, 0], [0, 1]], axis=1, batch_dims=1).numpy().tolist() == \
        [[2, 1], [3, 4]]
    # (TF's CPU kernel's check: its GPU kernel gives a zero)
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                            match=r"indices\[0\] = -1 is not in"):
        tf.gather([1, 2, 3], [-1])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'Tindices'"):
        tf.gather([1, 2, 3], [1.0])


@given(st.integers(0, 2), st.lists(st.integers(0, 3), min_size=1, max_size=5))
def test_gather_matches_numpy_take(axis, idx):
    x = np.arange(4 * 4 * 4).reshape(4, 4, 4).astype(np.float32)
    np.testing.assert_array_equal(tf.gather(x, idx, axis=axis).numpy(),
                                  np.take(x, idx, axis=axis))


def test_gather_gradient_accumulates_duplicates():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.gather(x, [0, 2, 0]) * tf.constant([1.0, 10.0, 100.0]))
    g = tape.gradient(y, x)
    assert isinstance(g, tf.IndexedSlices)  # as TF's: rows by index, duplicates kept
    assert g.indices.numpy().tolist() == [0, 2, 0]
    assert tf.convert_to_tensor(g).numpy().tolist() == [101.0, 0.0, 10.0]


def test_gather_nd_scatter_nd_and_gradients():
    p = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert tf.gather_nd(p, [[1, 0], [0, 1]]).numpy().tolist() == [3.0, 2.0]
    assert tf.gather_nd(p, [[1], [0]]).numpy().tolist() == [[3.0, 4.0], [1.0, 2.0]]
    cube = tf.reshape(tf.range(8), [2, 2, 2])
    assert tf.gather_nd(cube, [[1], [0]], batch_dims=1).numpy().tolist() == [[2, 3], [4, 5]]
    assert tf.scatter_nd([[1], [3]], [9, 8], [5]).numpy().tolist() == [0, 9, 0, 8, 0]
    assert tf.scatter_nd([[1], [1]], [9, 8], [5]).numpy().tolist() == [0, 17, 0, 0, 0]
    with tf.GradientTape() as tape:
        tape.watch(p)
        y = tf.reduce_sum(tf.gather_nd(p, [[1, 0], [1, 0]]))
    assert tape.gradient(y, p).numpy().tolist() == [[0.0, 0.0], [2.0, 0.0]]
    u = tf.constant([5.0, 7.0])
    with tf.GradientTape() as tape:
        tape.watch(u)
        s = tf.scatter_nd([[2], [0]], u, [3]) * tf.constant([1.0, 2.0, 3.0])
    assert tape.gradient(s, u).numpy().tolist() == [3.0, 1.0]


def test_tensor_scatter_family():
    base = [1, 2, 3, 4]
    assert tf.tensor_scatter_nd_update(base, [[1], [3]], [9, 8]).numpy().tolist() == [1, 9, 3, 8]
    assert tf.tensor_scatter_nd_add(base, [[1], [1]], [9, 8]).numpy().tolist() == [1, 19, 3, 4]
    assert tf.tensor_scatter_nd_sub(base, [[1]], [9]).numpy().tolist() == [1, -7, 3, 4]
    assert tf.tensor_scatter_nd_max(base, [[1]], [9]).numpy().tolist() == [1, 9, 3, 4]
    assert tf.tensor_scatter_nd_min(base, [[1]], [-9]).numpy().tolist() == [1, -9, 3, 4]
    rows = tf.tensor_scatter_nd_update([[1, 2], [3, 4]], [[1]], [[9, 9]])
    assert rows.numpy().tolist() == [[1, 2], [9, 9]]
    t, u = tf.constant([1.0, 2.0, 3.0]), tf.constant([10.0])
    with tf.GradientTape() as tape:
        tape.watch([t, u])
        y = tf.reduce_sum(tf.tensor_scatter_nd_update(t, [[1]], u) * tf.constant([1., 2., 3.]))
    gt, gu = tape.gradient(y, [t, u])
    assert gt.numpy().tolist() == [1.0, 0.0, 3.0] and gu.numpy().tolist() == [2.0]
    # (TF's CPU kernel's check: its GPU kernel ignores the update)
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                            match="does not index into shape"):
        tf.tensor_scatter_nd_update(base, [[4]], [9])


def test_segment_sums():
    d = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    assert tf.math.unsorted_segment_sum(d, [1, 0, 1], 2).numpy().tolist() == \
        [[3.0, 4.0], [6.0, 8.0]]
    assert tf.math.segment_sum(d, [0, 0, 1]).numpy().tolist() == [[4.0, 6.0], [5.0, 6.0]]
    # (TF's CPU kernel's check: its GPU kernel drops the row)
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                            match="out of range"):
        tf.math.unsorted_segment_sum(d, [0, 5, 1], 2)


def test_boolean_mask():
    assert tf.boolean_mask([1, 2, 3], [True, False, True]).numpy().tolist() == [1, 3]
    m = tf.constant([[1, 2], [3, 4]])
    assert tf.boolean_mask(m, [True, False]).numpy().tolist() == [[1, 2]]
    assert tf.boolean_mask(m, [[True, False], [False, True]]).numpy().tolist() == [1, 4]
    assert tf.boolean_mask(m, [True, False], axis=1).numpy().tolist() == [[1], [3]]
    with pytest.raises(ValueError, match=r"Shapes \(2,\) and \(3,\) are incompatible"):
        tf.boolean_mask(m, [True, False, True])
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.boolean_mask(x, [True, False, True]) ** 2)
    assert tape.gradient(y, x).numpy().tolist() == [2.0, 0.0, 6.0]


def test_unique_and_counts():
    u = tf.unique([3, 1, 3, 2])
    assert u.y.numpy().tolist() == [3, 1, 2] and u.idx.numpy().tolist() == [0, 1, 0, 2]
    assert repr(u).startswith("Unique(y=<tf.Tensor")
    assert tf.unique([3, 1, 3], out_idx=tf.int64).idx.dtype is tf.int64
    s = tf.unique(["b", "a", "b"])
    assert s.y.numpy().tolist() == [b"b", b"a"]
    c = tf.unique_with_counts([3, 1, 3, 2])
    assert c.count.numpy().tolist() == [2, 1, 1]
    with pytest.raises(tf.errors.InvalidArgumentError, match="unique expects a 1D vector."):
        tf.unique([[1, 2]])


def test_one_hot():
    assert tf.one_hot([0, 2, -1, 5], 3).numpy().tolist() == \
        [[1, 0, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]]
    assert tf.one_hot([0, 2], 3, on_value=5, off_value=-1).dtype is tf.int32
    assert tf.one_hot([0, 2], 3, axis=0).shape == (3, 2)
    assert tf.one_hot([[0, 2]], 3, dtype=tf.int32).shape == (1, 2, 3)
    assert tf.one_hot([0], 2, on_value=True, off_value=False).dtype is tf.bool
    with pytest.raises(TypeError, match="of on_value does not match dtype"):
        tf.one_hot([0, 2], 3, on_value=1.0, off_value=0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Expected axis to be -1 or between"):
        tf.one_hot([0, 2], 3, axis=-2)


def test_sequence_mask():
    assert tf.sequence_mask([1, 3, 2], 4).numpy().astype(int).tolist() == \
        [[1, 0, 0, 0], [1, 1, 1, 0], [1, 1, 0, 0]]
    assert tf.sequence_mask([1, 3, 2]).shape == (3, 3)
    assert tf.sequence_mask([[1, 3], [2, 0]]).shape == (2, 2, 3)
    assert tf.sequence_mask([1], 2, dtype=tf.float32).dtype is tf.float32
    assert tf.sequence_mask(2).numpy().tolist() == [True, True]


def test_sequence_mask_ranges_in_maxlens_dtype():
    # TF 2.21: Range over maxlen's dtype, the lengths cast to it (bool lengths with an int
    # maxlen are 0/1; a bool maxlen refuses Range's 0; without maxlen, Max refuses bool)
    assert tf.sequence_mask(tf.constant([True, False]), 3).numpy().tolist() == \
        [[True, False, False], [False, False, False]]
    assert tf.sequence_mask(tf.constant([2], tf.int8), 3).numpy().tolist() == \
        [[True, True, False]]
    assert tf.sequence_mask(tf.constant([1.5])).numpy().tolist() == [[True, True]]
    with pytest.raises(TypeError, match="Cannot convert 0 to EagerTensor of dtype bool"):
        tf.sequence_mask([1], True)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of bool"):
        tf.sequence_mask(tf.constant([True]))
