"""tf.py_function and tf.numpy_function: eager and in graphs, outputs, TF's error classes,
gradients (py_function) in float64 against finite differences."""

import numpy as np
import pytest

import eagerflow as tf


def test_outputs_and_tout_forms():
    one = tf.py_function(lambda a: a * 2, [tf.constant([1.0, 2.0])], tf.float32)
    assert one.numpy().tolist() == [2.0, 4.0]
    pair = tf.py_function(lambda a, b: (a + b, a * b), [1, 2], [tf.int32, tf.int32])
    assert isinstance(pair, list) and [int(t) for t in pair] == [3, 2]
    assert tf.py_function(lambda: None, [], []) == []
    spec = tf.py_function(lambda a: a, [1.0], tf.TensorSpec(None, tf.float32))
    assert float(spec) == 1.0
    n = tf.numpy_function(lambda a: (a * 2).astype(np.int32), [tf.constant([1, 2])], tf.int32)
    assert n.numpy().tolist() == [2, 4]
    got = []
    tf.numpy_function(lambda a: got.append(type(a)) or a, [tf.constant(1)], tf.int32)
    assert got == [np.ndarray]


def test_errors_map_to_tf_classes_with_the_original_as_cause():
    def boom(exc):
        def f(x):
            raise exc
        return f

    cases = [(ValueError("v"), tf.errors.InvalidArgumentError),
             (TypeError("t"), tf.errors.InvalidArgumentError),
             (StopIteration(), tf.errors.OutOfRangeError),
             (NotImplementedError("n"), tf.errors.UnimplementedError),
             (RuntimeError("r"), tf.errors.UnknownError),
             # (TF 2.21's kernel maps Python's own errors; any other, a TF error too, is
             # Unknown)
             (tf.errors.NotFoundError(None, None, "nf"), tf.errors.UnknownError)]
    for exc, cls in cases:
        with pytest.raises(cls) as info:
            tf.py_function(boom(exc), [1], tf.int32)
        assert info.value.__cause__ is exc
        assert f"{type(exc).__name__}:" in str(info.value)
        assert "Traceback (most recent call last)" in str(info.value)
    with pytest.raises(tf.errors.InvalidArgumentError, match="requested dtype int32 for Tensor "
                                                            "with dtype float32"):
        tf.py_function(lambda a: a, [1.0], tf.int32)
    # TF's EagerPyFunc kernel: a count of values that falls short is its own error, one
    # past Tout is cut (names are pyfunc_<n>, TF's registry token)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"pyfunc_\d+ returns 1 values, but expects to see 2 values."):
        tf.py_function(lambda a: a, [1.0], [tf.float32, tf.float32])
    assert tf.py_function(lambda a: (a, a), [1.0], tf.float32).numpy() == 1.0
    with pytest.raises(ValueError, match="Expected func to be callable"):
        tf.py_function(5, [1.0], tf.float32)


def test_runs_each_time_a_graph_runs_with_unknown_shapes():
    calls = []

    def record(a):
        calls.append(float(a))
        return a * 2

    @tf.function
    def f(x):
        y = tf.py_function(record, [x], tf.float32)
        assert y.shape.rank is None
        return y + 1

    assert float(f(tf.constant(1.0))) == 3.0
    assert float(f(tf.constant(2.0))) == 5.0
    assert calls == [1.0, 2.0]
    assert f.experimental_get_tracing_count() == 1


def _cube(a):
    return a * a * a


def test_py_function_gradient_matches_finite_differences():
    x = tf.constant([0.5, -1.5, 2.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.py_function(_cube, [x], tf.float64)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), 3 * x.numpy() ** 2)
    theoretical, numerical = tf.test.compute_gradient(
        lambda v: tf.py_function(_cube, [v], tf.float64), [x])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-6)

    @tf.function
    def grad_in_graph(v):
        with tf.GradientTape() as t:
            t.watch(v)
            out = tf.py_function(_cube, [v], tf.float64)
        return t.gradient(out, v)

    np.testing.assert_allclose(grad_in_graph(x).numpy(), 3 * x.numpy() ** 2)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.numpy_function(lambda a: a * 2, [x], tf.float64)
    assert tape.gradient(y, x) is None  # numpy_function is not differentiable
