"""map_fn/scan/folds (eager, traced with known and unknown lengths, gradients), complex/imag
gradients, and the smaller tf.* composites against NumPy."""

import numpy as np
import pytest

import eagerflow as tf


def test_map_fn_gradient_and_tracing_with_unknown_length():
    x = tf.constant([1.0, 2.0, 3.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.map_fn(lambda v: v ** 3, x))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), 3 * x.numpy() ** 2)

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def rows(m):
        return tf.map_fn(lambda r: tf.reduce_sum(r * r), m)
    m = np.arange(8.0, dtype=np.float32).reshape(4, 2)
    np.testing.assert_allclose(rows(m).numpy(), (m * m).sum(1))
    np.testing.assert_allclose(rows(m[:1]).numpy(), (m[:1] * m[:1]).sum(1))


def test_map_fn_nested_output_signature():
    out = tf.map_fn(lambda x: {"a": x, "b": tf.cast(x, tf.float32) / 2},
                    tf.constant([2, 4]),
                    fn_output_signature={"a": tf.int32, "b": tf.TensorSpec([], tf.float32)})
    np.testing.assert_array_equal(out["a"].numpy(), [2, 4])
    np.testing.assert_allclose(out["b"].numpy(), [1.0, 2.0])


def test_scan_and_folds_match_python_loops_and_differentiate():
    x = tf.constant([1.0, 2.0, 3.0, 4.0], tf.float64)
    np.testing.assert_allclose(tf.scan(lambda a, v: a * v, x).numpy(), np.cumprod(x.numpy()))
    np.testing.assert_allclose(tf.scan(lambda a, v: a * v, x, reverse=True).numpy(),
                               np.cumprod(x.numpy()[::-1])[::-1])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.foldl(lambda a, v: a * v, x, initializer=tf.constant(1.0, tf.float64))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), 24.0 / x.numpy())
    assert float(tf.foldr(lambda a, v: a - v, x)) == 4.0 - 3.0 - 2.0 - 1.0


def test_scan_and_folds_traced_with_unknown_length():
    # as TF 2.21 traces them (a while_loop over TensorArrays): values, static shapes and
    # the gradient recorded from TF's run of this function
    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def folds(x):
        return (tf.scan(lambda a, r: a + r, x), tf.scan(lambda a, r: a + r, x, reverse=True),
                tf.scan(lambda a, r: a * r[0], x, initializer=tf.constant(1.0)),
                tf.foldl(lambda a, r: a + r, x),
                tf.foldr(lambda a, r: a - r[1], x, initializer=0.0),
                tf.scan(lambda a, r: (a[0] + r, a[1] * 2), x,
                        initializer=(tf.zeros([2]), tf.constant(1))))

    got = tf.nest.flatten(folds(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
    want = [[[1.0, 2.0], [4.0, 6.0], [9.0, 12.0]], [[9.0, 12.0], [8.0, 10.0], [5.0, 6.0]],
            [1.0, 3.0, 15.0], [9.0, 12.0], -12.0, [[1.0, 2.0], [4.0, 6.0], [9.0, 12.0]],
            [2, 4, 8]]
    assert [g.numpy().tolist() for g in got] == want
    shapes = [o.shape.as_list() if o.shape.rank is not None else None
              for o in tf.nest.flatten(folds.get_concrete_function().structured_outputs)]
    assert shapes == [[None, 2], [None, 2], [None], [2], [], [None, 2], [None]]
    x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(folds(x)[0] * tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    assert tape.gradient(y, x).numpy().tolist() == [[4.0, 6.0], [3.0, 4.0]]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Trying to access element 0 in a list with 0 elements"):
        folds(tf.zeros([0, 2]))


def test_complex_and_imag_gradients():
    re = tf.constant([1.0, -2.0], tf.float64)
    im = tf.constant([0.5, 3.0], tf.float64)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([re, im])
        z = tf.complex(re, im)
        y = tf.reduce_sum(tf.math.real(z) * 2.0 + tf.math.imag(z) * 5.0)
    np.testing.assert_allclose(tape.gradient(y, re).numpy(), [2.0, 2.0])
    np.testing.assert_allclose(tape.gradient(y, im).numpy(), [5.0, 5.0])


def test_composites_against_numpy():
    rng = np.random.default_rng(1)
    seq = np.sort(rng.uniform(size=(3, 6)), axis=1)
    vals = rng.uniform(size=(3, 4))
    for side in ("left", "right"):
        want = np.stack([np.searchsorted(s, v, side=side) for s, v in zip(seq, vals)])
        np.testing.assert_array_equal(tf.searchsorted(seq, vals, side=side).numpy(), want)
    np.testing.assert_array_equal(tf.unravel_index([5, 7, 0], [3, 4]).numpy(),
                                  np.stack(np.unravel_index([5, 7, 0], (3, 4))))
    a = rng.integers(0, 7, size=20)
    np.testing.assert_array_equal(tf.math.bincount(a).numpy(), np.bincount(a))
    lab, pred = rng.integers(0, 4, size=30), rng.integers(0, 4, size=30)
    cm = np.zeros((4, 4), int)
    np.add.at(cm, (lab, pred), 1)
    np.testing.assert_array_equal(tf.math.confusion_matrix(lab, pred, num_classes=4).numpy(), cm)
    p = rng.permutation(7)
    np.testing.assert_array_equal(tf.math.invert_permutation(p).numpy(), np.argsort(p))
    np.testing.assert_allclose(tf.math.polyval([1.0, -2.0, 3.0], tf.constant([0.5, 2.0])).numpy(),
                               np.polyval([1.0, -2.0, 3.0], [0.5, 2.0]))
    np.testing.assert_array_equal(tf.truncatemod([-7, 7, -7], [3, -3, -3]).numpy(),
                                  np.fmod([-7, 7, -7], [3, -3, -3]))


def test_errors():
    # (TF 2.21's BinaryOp words only Div, Mod, FloorDiv and FloorMod's division by zero)
    with pytest.raises(tf.errors.InternalError, match="Unexpected error in binary operator"):
        tf.truncatemod(tf.constant([1]), tf.constant([0]))
    with pytest.raises(ValueError, match="must be either 'right' or 'left'"):
        tf.searchsorted([1.0], [1.0], side="middle")
    with pytest.raises(tf.errors.InvalidArgumentError, match="is not compatible with expected"):
        tf.ensure_shape(tf.ones([2, 3]), [2, 4])
    with pytest.raises(tf.errors.InvalidArgumentError, match="TensorArray dtype is int32"):
        tf.map_fn(lambda v: tf.cast(v, tf.float32), tf.constant([1, 2]))
    with tf.control_dependencies([tf.no_op()]):
        assert tf.group(tf.constant(1)) is None


def _lrn_ref(x, r, bias, alpha, beta):
    out = np.empty_like(x)
    c = x.shape[-1]
    for idx in np.ndindex(*x.shape):
        d = idx[-1]
        window = sum(x[idx[:-1] + (k,)] ** 2 for k in range(max(0, d - r), min(c, d + r + 1)))
        out[idx] = x[idx] / (bias + alpha * window) ** beta
    return out


def test_lrn_against_a_loop_and_finite_differences():
    x = np.random.default_rng(2).uniform(-1, 1, size=(2, 2, 3, 5)).astype(np.float32)
    np.testing.assert_allclose(tf.nn.lrn(x, 2, 1.5, 0.3, 0.75).numpy(),
                               _lrn_ref(x.astype(np.float64), 2, 1.5, 0.3, 0.75), rtol=2e-6)
    theoretical, numerical = tf.test.compute_gradient(
        lambda v: tf.nn.lrn(v, 1, 1.5, 0.3, 0.75), [x[:1, :1]])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=2e-3)


def test_compute_average_loss_divides_by_the_global_batch(monkeypatch):
    from eagerflow._src.distribute import losses

    loss = tf.constant([1.0, 2.0, 3.0, 6.0])
    assert float(tf.nn.compute_average_loss(loss)) == 3.0
    assert float(tf.nn.compute_average_loss(loss, global_batch_size=8)) == 1.5
    monkeypatch.setattr(losses, "_replicas", lambda caller: 2)
    assert float(tf.nn.compute_average_loss(loss)) == 1.5
    assert float(tf.nn.scale_regularization_loss(tf.constant(3.0))) == 1.5


def test_dynamic_partition_and_stitch_round_trip_and_differentiate():
    data = tf.constant(np.arange(12.0).reshape(6, 2))
    parts = tf.constant([1, 0, 2, 1, 0, 1])
    with tf.GradientTape() as tape:
        tape.watch(data)
        pieces = tf.dynamic_partition(data, parts, 3)
        positions = tf.dynamic_partition(tf.range(6), parts, 3)
        back = tf.dynamic_stitch(positions, pieces)
        loss = tf.reduce_sum(back * np.arange(12.0).reshape(6, 2))
    np.testing.assert_array_equal(back.numpy(), data.numpy())
    np.testing.assert_array_equal(tape.gradient(loss, data).numpy(), np.arange(12.0).reshape(6, 2))
    later_wins = tf.dynamic_stitch([[0, 1], [1]], [[1.0, 2.0], [9.0]])
    np.testing.assert_array_equal(later_wins.numpy(), [1.0, 9.0])


def test_vectorized_map_infers_output_structure():
    out = tf.vectorized_map(lambda r: {"n": tf.reduce_sum(r), "f": tf.cast(r[0], tf.float64)},
                            tf.constant([[1, 2], [3, 4]]))
    np.testing.assert_array_equal(out["n"].numpy(), [3, 7])
    assert out["f"].dtype == tf.float64


def test_random_split_and_fold_in_are_deterministic_and_distinct():
    a = tf.random.split((1, 2), num=4).numpy()
    assert a.shape == (4, 2) and a.dtype == np.int32
    np.testing.assert_array_equal(a, tf.random.split((1, 2), num=4).numpy())
    assert len({tuple(r) for r in a}) == 4
    f = tf.random.fold_in(tf.constant([1, 2], tf.int64), 7).numpy()
    assert f.dtype == np.int32 and f[1] == 7  # data's dtype (a Python int: int32), as TF
    assert not np.array_equal(tf.random.fold_in((1, 2), 8).numpy(), tf.random.fold_in((1, 2), 7))
    full = tf.random.stateless_uniform([4000], seed=(3, 4), minval=None, maxval=None,
                                       dtype=tf.int32).numpy()
    assert full.min() < -2**30 and full.max() > 2**30


def test_ensure_shape_refines_the_static_shape_and_checks_at_run_time():
    @tf.function(input_signature=[tf.TensorSpec([None, None])])
    def f(x):
        y = tf.ensure_shape(x, [None, 3])
        assert y.shape.as_list() == [None, 3]
        return y

    assert f(tf.ones((2, 3))).shape == (2, 3)
    # (TF 2.21's kernel names its input as the graph's node does: the argument "x")
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Shape of tensor x \[2,4\] is not compatible with expected "
                             r"shape \[\?,3\]"):
        f(tf.ones((2, 4)))
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.ensure_shape(x, [2]) * 3.0)
    assert tape.gradient(y, x).numpy().tolist() == [3.0, 3.0]


def test_bitcast_round_trips_and_has_no_gradient():
    x = tf.constant([1.5, -2.0, np.inf], tf.float32)
    back = tf.bitcast(tf.bitcast(x, tf.uint8), tf.float32)
    np.testing.assert_array_equal(back.numpy(), x.numpy())
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.cast(tf.bitcast(x, tf.int32), tf.float32))
    assert tape.gradient(y, x) is None


def test_invert_permutation_of_a_traced_tensor_checks_it_when_the_graph_runs():
    f = tf.function(tf.math.invert_permutation,
                    input_signature=[tf.TensorSpec([None], tf.int32)])
    np.testing.assert_array_equal(f(tf.constant([2, 0, 3, 1])).numpy(), [1, 3, 0, 2])
    assert f(tf.constant([], tf.int32)).shape == (0,)
    for bad, msg in (([0, 0, 1], "0 is duplicated in the input"),
                     ([3, 0, 1], "3 is not between 0 and 3"),
                     ([-1, 0, 1], "-1 is not between 0 and 3")):
        with pytest.raises(tf.errors.InvalidArgumentError, match=msg):
            f(tf.constant(bad))
