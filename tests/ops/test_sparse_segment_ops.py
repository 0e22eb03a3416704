"""tf.sparse.segment_* and embedding_lookup_sparse over the SparseSegment* ops: the gradient
TF 2.21 gives (dense, or IndexedSlices at the sorted unique indices when sparse_gradient is
set, as embedding_lookup_sparse's one-table path sets it), and the static shapes of traced
calls. TF's values below were recorded from TF 2.21 (its edge cases, errors and bits are in
sparse_segment_edges_cases.py)."""

import numpy as np
import pytest

import eagerflow as tf

SQRT_HALF = 0.7071067811865475


def _grads(sparse_gradient: bool) -> tuple:
    d = tf.constant(np.arange(15, dtype=np.float64).reshape(5, 3))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(d)
        a = tf.sparse.segment_mean(d, [4, 0, 4], [0, 0, 2], num_segments=3,
                                   sparse_gradient=sparse_gradient)
        b = tf.sparse.segment_sqrt_n(d, [4, 0, 4], [0, 0, 2])
    return tape.gradient(a, d), tape.gradient(b, d), tape.gradient([a, b], d)


def test_sparse_gradient_is_indexed_slices_at_the_sorted_unique_indices():
    ga, gb, both = _grads(True)
    assert isinstance(ga, tf.IndexedSlices)
    assert ga.indices.numpy().tolist() == [0, 4]
    assert ga.values.numpy().tolist() == [[0.5] * 3, [1.5] * 3]
    assert ga.dense_shape.numpy().tolist() == [5, 3]
    assert isinstance(gb, tf.Tensor) and not isinstance(gb, tf.IndexedSlices)
    want = np.zeros((5, 3))
    want[0], want[4] = SQRT_HALF, SQRT_HALF + 1
    np.testing.assert_array_equal(gb.numpy(), want)
    want[0] += 0.5
    want[4] += 1.5
    assert not isinstance(both, tf.IndexedSlices)  # (TF's sum of a sparse and a dense one)
    np.testing.assert_array_equal(both.numpy(), want)


def test_dense_gradient_by_default():
    ga, _, both = _grads(False)
    assert not isinstance(ga, tf.IndexedSlices) and not isinstance(both, tf.IndexedSlices)
    np.testing.assert_array_equal(ga.numpy()[[0, 4]], [[0.5] * 3, [1.5] * 3])


def test_embedding_lookup_sparse_of_one_table_has_a_sparse_gradient():
    p = tf.constant(np.arange(30, dtype=np.float32).reshape(10, 3))
    sp = tf.SparseTensor([[0, 0], [0, 1], [2, 0]], tf.constant([3, 3, 9], tf.int64), [4, 4])
    with tf.GradientTape() as tape:
        tape.watch(p)
        y = tf.nn.embedding_lookup_sparse(p, sp, None, combiner="sqrtn")
    g = tape.gradient(y, p)
    assert isinstance(g, tf.IndexedSlices)
    assert g.indices.numpy().tolist() == [3, 9]
    assert g.values.numpy().tolist() == [[np.float32(2 ** 0.5)] * 3, [1.0] * 3]
    assert g.dense_shape.numpy().tolist() == [10, 3]


@pytest.mark.parametrize("fn", [tf.sparse.segment_sum, tf.sparse.segment_mean,
                                tf.sparse.segment_sqrt_n])
def test_traced_shapes_are_tfs(fn):
    """A constant num_segments gives the first dim (TF's shape function reads it), one
    known only when the graph runs or none at all leaves it unknown."""
    specs = [tf.TensorSpec([5, 3]), tf.TensorSpec([4], tf.int32), tf.TensorSpec([4], tf.int32)]
    const = tf.function(lambda d, i, s: fn(d, i, s, num_segments=7))
    assert const.get_concrete_function(*specs).structured_outputs.shape.as_list() == [7, 3]
    none = tf.function(lambda d, i, s: fn(d, i, s))
    assert none.get_concrete_function(*specs).structured_outputs.shape.as_list() == [None, 3]
    dyn = tf.function(lambda d, i, s, n: fn(d, i, s, num_segments=n))
    out = dyn.get_concrete_function(*specs, tf.TensorSpec([], tf.int64)).structured_outputs
    assert out.shape.as_list() == [None, 3]
    d = np.arange(15, dtype=np.float32).reshape(5, 3)
    i, s = np.array([0, 2, 2, 4], np.int32), np.array([0, 0, 1, 3], np.int32)
    np.testing.assert_array_equal(dyn(d, i, s, np.int64(6)).numpy(),
                                  fn(d, i, s, num_segments=6).numpy())
    with pytest.raises(tf.errors.InvalidArgumentError, match="segment ids must be < "
                                                             "num_segments"):
        dyn(d, i, s, np.int64(3))
