"""cumsum/cumprod, top_k, sort, argsort and the reductions checked against NumPy."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf


def _np_scan(fn, x, axis, exclusive, reverse):
    if reverse:
        x = np.flip(x, axis)
    out = fn(x, axis=axis)
    if exclusive:
        ident = 0 if fn is np.cumsum else 1
        pad = [(0, 0)] * x.ndim
        pad[axis] = (1, 0)
        out = np.pad(np.delete(out, -1, axis), pad, constant_values=ident)
    return np.flip(out, axis) if reverse else out


@given(st.sampled_from([np.cumsum, np.cumprod]), st.integers(0, 1), st.booleans(),
       st.booleans())
def test_scans_match_numpy(fn, axis, exclusive, reverse):
    x = np.arange(1, 7, dtype=np.float64).reshape(2, 3)
    f = tf.cumsum if fn is np.cumsum else tf.math.cumprod
    np.testing.assert_allclose(f(x, axis, exclusive=exclusive, reverse=reverse).numpy(),
                               _np_scan(fn, x, axis, exclusive, reverse))


def test_scan_errors_and_logsumexp():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"ScanOp: Expected scan axis in the range \[-2, 2\), but got 2"):
        tf.cumsum(tf.ones([2, 2]), axis=2)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of bool"):
        tf.cumsum([True])
    np.testing.assert_allclose(tf.math.cumulative_logsumexp([1.0, 2.0, 3.0]).numpy(),
                               np.log(np.cumsum(np.exp([1.0, 2.0, 3.0]))), rtol=1e-6)


def test_top_k():
    r = tf.math.top_k([1, 5, 3, 5], 2)
    assert r.values.numpy().tolist() == [5, 5] and r.indices.numpy().tolist() == [1, 3]
    assert repr(r).startswith("TopKV2(values=")
    r = tf.math.top_k([[1.0, 5.0, 3.0], [2.0, 1.0, 0.0]], k=2)
    assert r.indices.dtype is tf.int32 and r.values.numpy().tolist() == [[5.0, 3.0], [2.0, 1.0]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="input must have at least k "
                                                             "columns. Had 3, needed 4"):
        tf.math.top_k([1, 5, 3], 4)
    x = tf.constant([1.0, 4.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.math.top_k(x, 2).values * tf.constant([10.0, 1.0]))
    assert tape.gradient(y, x).numpy().tolist() == [0.0, 10.0, 1.0]


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=8),
       st.sampled_from(["ASCENDING", "DESCENDING"]))
def test_sort_and_argsort_match_numpy(values, direction):
    x = np.array(values, np.int32)
    want = np.sort(x) if direction == "ASCENDING" else -np.sort(-x)
    assert tf.sort(x, direction=direction).numpy().tolist() == want.tolist()
    order = np.argsort(x, kind="stable") if direction == "ASCENDING" else \
        np.argsort(-x, kind="stable")
    assert tf.argsort(x, direction=direction, stable=True).numpy().tolist() == order.tolist()


def test_sort_axes_unsigned_and_errors():
    m = tf.constant([[3.0, 1.0], [0.0, 5.0]])
    assert tf.sort(m, axis=0).numpy().tolist() == [[0.0, 1.0], [3.0, 5.0]]
    assert tf.argsort(m, axis=0).numpy().tolist() == [[1, 0], [0, 1]]
    assert tf.sort(tf.constant([3, 0, 255], tf.uint8)).numpy().tolist() == [0, 3, 255]
    with pytest.raises(ValueError, match="Argument `direction` should be one of ASCENDING"):
        tf.sort([3, 1], direction="UP")
    with pytest.raises(tf.errors.InvalidArgumentError, match="slice index 1 of dimension 0"):
        tf.sort([3, 1, 2], axis=1)


_REDUCE = [("reduce_sum", np.sum), ("reduce_mean", np.mean), ("reduce_max", np.max),
           ("reduce_min", np.min), ("reduce_prod", np.prod), ("reduce_std", np.std),
           ("reduce_variance", np.var), ("reduce_logsumexp", None)]


@pytest.mark.parametrize("name,ref", _REDUCE)
@pytest.mark.parametrize("axis,keepdims", [(None, False), (1, False), ((0, 2), True), (-1, True)])
def test_reductions_match_numpy(name, ref, axis, keepdims):
    x = np.random.default_rng(1).uniform(0.5, 2.0, size=(2, 3, 4)).astype(np.float64)
    if ref is None:
        m = x.max(axis=axis, keepdims=True)
        want = np.log(np.exp(x - m).sum(axis=axis, keepdims=True)) + m
        want = want if keepdims else np.squeeze(want, axis=axis)
    else:
        want = ref(x, axis=axis, keepdims=keepdims)
    got = getattr(tf.math, name)(x, axis=axis, keepdims=keepdims)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-10)


def test_other_reductions():
    assert tf.reduce_mean([1, 2]).numpy() == 1  # integer mean truncates
    assert tf.reduce_any([True, False]).numpy() and not tf.reduce_all([True, False]).numpy()
    with pytest.raises(TypeError, match="Cannot convert \\[1, 0\\] to EagerTensor of dtype bool"):
        tf.reduce_any([1, 0])
    assert tf.argmax([[1, 3], [4, 2]], axis=1).numpy().tolist() == [1, 0]
    assert tf.argmax([1, 3, 3]).numpy() == 1 and tf.argmin([1, 0, 2]).dtype is tf.int64
    assert tf.argmax([1, 3], output_type=tf.int32).dtype is tf.int32
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Expected dimension in the range \[-2, 2\), but got 2"):
        tf.argmax([[1, 3]], axis=2)
    assert tf.math.count_nonzero([[0, 1], [2, 0]], axis=1).numpy().tolist() == [1, 1]
    assert tf.math.count_nonzero([0.0, 1.0], dtype=tf.int32).dtype is tf.int32
    assert np.isneginf(tf.math.reduce_logsumexp([-np.inf, -np.inf]).numpy())
    with pytest.raises(TypeError, match="Input must be either real or complex"):
        tf.math.reduce_std([1, 2])


def test_sort_argsort_top_k_of_a_size_known_only_at_run_time():
    """In a traced function whose last dim is unknown, sort/argsort read its size when the
    graph runs and top_k takes a tensor k; gradients flow back as in eager mode."""
    @tf.function(input_signature=[tf.TensorSpec([None, None])])
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            s = tf.sort(x)
            v = tf.math.top_k(x, k=tf.shape(x)[-1] - 1).values
            weights = tf.range(1.0, 1.0 + tf.cast(tf.shape(x)[-1], tf.float32))
            y = tf.reduce_sum(s * weights) + tf.reduce_sum(v)
        assert s.shape.as_list() == [None, None] and v.shape.as_list() == [None, None]
        return s, tf.argsort(x, direction="DESCENDING"), v, tape.gradient(y, x)

    x = np.array([[3.0, 1.0, 2.0], [0.0, 5.0, -1.0]], np.float32)
    s, a, v, g = f(x)
    np.testing.assert_array_equal(s.numpy(), np.sort(x))
    np.testing.assert_array_equal(a.numpy(), np.argsort(-x, kind="stable"))
    np.testing.assert_array_equal(v.numpy(), -np.sort(-x)[:, :2])
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = tf.reduce_sum(tf.sort(xt) * tf.range(1.0, 4.0)) + \
            tf.reduce_sum(tf.math.top_k(xt, 2).values)
    np.testing.assert_array_equal(g.numpy(), tape.gradient(y, xt).numpy())
    with pytest.raises(tf.errors.InvalidArgumentError, match="Need k >= 0, got -1"):
        f(np.ones((2, 0), np.float32))


def test_sort_and_argsort_of_a_rank_known_only_at_run_time():
    """TF 2.21 sorts a tensor of unknown rank (a TensorSpec(None) argument: a
    MutableHashTable's export) along its last axis by its run-time size, and along another
    axis through a transposition made from its rank's tensor; the results' shapes are
    unknown (this raised "object of type 'NoneType' has no len()")."""
    @tf.function(input_signature=[tf.TensorSpec(None, tf.int64)])
    def f(x):
        out = tf.argsort(x), tf.sort(x, direction="DESCENDING"), tf.sort(x, axis=0)
        assert all(t.shape.rank is None for t in out)
        return out

    # (TF's answers)
    assert [t.numpy().tolist() for t in f(tf.constant([3, 1, 2], tf.int64))] == [
        [1, 2, 0], [3, 2, 1], [1, 2, 3]]
    assert [t.numpy().tolist() for t in f(tf.constant([[3, 1], [0, 5]], tf.int64))] == [
        [[1, 0], [0, 1]], [[3, 1], [5, 0]], [[0, 1], [3, 5]]]
