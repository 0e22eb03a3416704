"""tf.Variable's sparse updates (scatter_add ... scatter_nd_min, batch_scatter_update,
sparse_read): against NumPy's unbuffered ufunc.at, TF 2.21's values for repeated rows, and
TF's errors."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf

START = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
REPEATED = ([[1.0, 2.0], [3.0, 4.0]], [0, 0])
# TF 2.21's variable after each update of REPEATED (rows 0 and 0) on START
TF_RESULTS = {
    "scatter_add": [[5.0, 8.0], [3.0, 4.0], [5.0, 6.0]],
    "scatter_sub": [[-3.0, -4.0], [3.0, 4.0], [5.0, 6.0]],
    "scatter_update": [[3.0, 4.0], [3.0, 4.0], [5.0, 6.0]],
    "scatter_mul": [[3.0, 16.0], [3.0, 4.0], [5.0, 6.0]],
    "scatter_div": [[1 / 3, 0.25], [3.0, 4.0], [5.0, 6.0]],
    "scatter_max": [[3.0, 4.0], [3.0, 4.0], [5.0, 6.0]],
    "scatter_min": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
    "batch_scatter_update": [[3.0, 4.0], [3.0, 4.0], [5.0, 6.0]],
}


def _slices(values, indices):
    return tf.IndexedSlices(tf.constant(values), tf.constant(indices))


@pytest.mark.parametrize("method", TF_RESULTS)
def test_repeated_rows_as_tf(method):
    v = tf.Variable(START)
    out = getattr(v, method)(_slices(*REPEATED))
    np.testing.assert_allclose(v.numpy(), TF_RESULTS[method], rtol=1e-6)
    np.testing.assert_array_equal(out.numpy(), v.numpy())  # (the updated variable, unread)


UFUNC_AT = {"scatter_add": np.add, "scatter_sub": np.subtract, "scatter_mul": np.multiply,
            "scatter_max": np.maximum, "scatter_min": np.minimum}


@given(rows=st.integers(1, 5), cols=st.integers(1, 3), seed=st.integers(0, 2**16),
       method=st.sampled_from(sorted(UFUNC_AT)))
def test_against_numpy_ufunc_at(rows, cols, seed, method):
    rng = np.random.default_rng(seed)
    start = rng.uniform(-2, 2, (rows, cols)).astype(np.float32)
    ids = rng.integers(0, rows, rng.integers(0, 2 * rows + 1)).astype(np.int32)
    updates = rng.uniform(-2, 2, (len(ids), cols)).astype(np.float32)
    want = start.copy()
    UFUNC_AT[method].at(want, ids, updates)
    v = tf.Variable(start)
    getattr(v, method)(tf.IndexedSlices(tf.constant(updates), tf.constant(ids)))
    np.testing.assert_allclose(v.numpy(), want, rtol=1e-5, atol=1e-6)


def test_scalar_updates_broadcast_to_the_rows():
    v = tf.Variable(START)
    v.scatter_add(tf.IndexedSlices(tf.constant(5.0), tf.constant([1, 2])))
    np.testing.assert_array_equal(v.numpy(), [[1, 2], [8, 9], [10, 11]])
    v.scatter_mul(tf.IndexedSlices(tf.constant(2.0), tf.constant([1, 1])))
    np.testing.assert_array_equal(v.numpy(), [[1, 2], [32, 36], [10, 11]])


def test_scatter_nd_and_sparse_read():
    v = tf.Variable(START)
    v.scatter_nd_add([[0, 1], [2, 0]], [10.0, 20.0])
    v.scatter_nd_sub([[0, 1]], [1.0])
    v.scatter_nd_update([[1]], [[7.0, 7.0]])
    np.testing.assert_array_equal(v.numpy(), [[1, 11], [7, 7], [25, 6]])
    v.scatter_nd_max([[0, 0]], [9.0])
    v.scatter_nd_min([[0, 1]], [-9.0])
    np.testing.assert_array_equal(v.sparse_read([2, 0]).numpy(), [[25, 6], [9, -9]])


def test_batch_scatter_update_within_each_batch():
    v = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    v.batch_scatter_update(_slices([[10.0, 20.0], [30.0, 40.0]], [[2, 0], [1, 1]]))
    np.testing.assert_array_equal(v.numpy(), [[20, 2, 10], [4, 40, 6]])  # TF's


def test_inside_tf_function():
    v = tf.Variable(START)

    @tf.function
    def step():
        v.scatter_sub(_slices([[1.0, 1.0]], [0]))
        v.scatter_mul(_slices([[2.0, 2.0]], [2]))
        return v.sparse_read([0, 2])

    np.testing.assert_array_equal(step().numpy(), [[0, 1], [10, 12]])
    np.testing.assert_array_equal(step().numpy(), [[-1, 0], [20, 24]])


def test_sparse_read_gradient_is_indexed_slices():
    v = tf.Variable(START)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v.sparse_read([1, 1]) * 2.0)
    g = tape.gradient(y, v)
    assert isinstance(g, tf.IndexedSlices)
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), [[0, 0], [4, 4], [0, 0]])


def test_errors_as_tf():
    with tf.device("/CPU:0"):  # (TF's CPU kernel's index checks: its GPU kernel skips)
        v = tf.Variable(START)
    with pytest.raises(TypeError, match=r"^Argument `sparse_delta` must be a "
                                        r"`tf.IndexedSlices`. Received arg: \[1.\]$"):
        v.scatter_add(tf.constant([1.0]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"indices\[0\] = 7 is not in \[0, 3\) \[Op:ResourceScatterAdd\]"):
        v.scatter_add(_slices([[1.0, 2.0]], [7]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"indices\[1\] = -1 is not in \[0, 3\) \[Op:ResourceScatterSub\]"):
        v.scatter_sub(_slices([[1.0, 2.0], [1.0, 2.0]], [0, -1]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=(
            r"Must have updates.shape = indices.shape \+ params.shape\[1:\] or updates.shape = "
            r"\[\], got updates.shape \[2\], indices.shape \[1\], params.shape \[3,2\] "
            r"\[Op:ResourceScatterAdd\]")):
        v.scatter_add(_slices([1.0, 2.0], [1]))
    with pytest.raises(ValueError, match="Tensor conversion requested dtype float32 for "
                                         "Tensor with dtype int32"):
        v.scatter_add(tf.IndexedSlices(tf.constant([[1, 2]]), tf.constant([1])))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"got updates.shape \[1\], indices.shape \[1\], params.shape "
                             r"\[\] \[Op:ResourceScatterAdd\]"):
        tf.Variable(1.0).scatter_add(_slices([1.0], [0]))
    # (as TF's kernel: the rows before a bad index are updated, row 0 by the scatter_sub)
    np.testing.assert_array_equal(v.numpy(), np.array(START) - [[1, 2], [0, 0], [0, 0]])


ERRORS = (TypeError, ValueError, tf.errors.InvalidArgumentError)


@given(rank=st.integers(0, 3), n=st.integers(0, 4), lo=st.integers(-3, 0), hi=st.integers(1, 6),
       value_rank=st.integers(0, 3), method=st.sampled_from(sorted(TF_RESULTS)),
       int_values=st.booleans(), seed=st.integers(0, 2**16))
def test_bad_updates_raise_tf_errors_and_write_nothing(rank, n, lo, hi, value_rank, method,
                                                       int_values, seed):
    """Random indices (some out of range), update shapes and dtypes: the update is done,
    or refused with one of TF's error classes leaving the variable as it was (but for an
    index out of range, where TF's kernel has updated the rows before it: those rows are
    the ones a call with the indices before it gives)."""
    rng = np.random.default_rng(seed)
    start = rng.uniform(-2, 2, (3,) * rank).astype(np.float32)
    v = tf.Variable(start)
    ids = rng.integers(lo, hi, n).astype(np.int32)
    values = rng.uniform(-2, 2, (n,) + (2,) * max(value_rank - 1, 0) if value_rank else ())
    values = values.astype(np.int32 if int_values else np.float32)
    try:
        getattr(v, method)(tf.IndexedSlices(tf.constant(values), tf.constant(ids)))
    except ERRORS as e:
        want = start
        if "is not in [0, " in str(e) and method != "batch_scatter_update":
            k = int(str(e).split("indices[")[1].split("]")[0])
            w = tf.Variable(start)
            if k:  # (a scalar update applies to every row picked)
                rows = values[:k] if values.ndim else values
                getattr(w, method)(tf.IndexedSlices(tf.constant(rows), tf.constant(ids[:k])))
            want = w.numpy()
        elif "does not index into" in str(e):  # (batch_scatter_update's ResourceScatterNd:
            want = np.array(start)              # TF's kernel updates the other slices)
            for j, i in enumerate(ids):
                if 0 <= i < want.shape[0]:
                    want[i] = values[j] if values.ndim else values
        np.testing.assert_array_equal(v.numpy(), want)
