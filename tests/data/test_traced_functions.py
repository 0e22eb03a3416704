"""tf.data functions are traced once with tf.function semantics: Python side effects at
trace time, symbolic arguments (`.numpy()` refused with TF's error), AutoGraph control
flow, element_spec from the traced outputs, variables and random draws read when the
graph runs, state dtypes of scan/reduce checked at construction, sparse components.
Functions that return datasets: test_dataset_functions.py."""

import numpy as np
import pytest

import eagerflow as tf


def vals(ds):
    return [e.tolist() if isinstance(e, np.ndarray) else e for e in ds.as_numpy_iterator()]


def test_python_side_effects_happen_once_at_construction():
    seen = []

    def f(x):
        seen.append(("map", x.shape, tf.executing_eagerly()))
        return x * 2

    def p(x):
        seen.append(("filter",))
        return x > 1

    ds = tf.data.Dataset.range(5).map(f).filter(p)
    assert seen == [("map", tf.TensorShape([]), False), ("filter",)]
    assert vals(ds) == [2, 4, 6, 8]
    assert vals(ds) == [2, 4, 6, 8]
    assert len(seen) == 2
    red = []
    tf.data.Dataset.range(4).reduce(np.int64(0), lambda s, x: red.append(1) or s + x)
    tf.data.Dataset.range(4).scan(np.int64(0), lambda s, x: red.append(1) or (s + x, x))
    assert len(red) == 2


def test_arguments_are_symbolic_and_numpy_is_refused_like_tf():
    with pytest.raises(AttributeError, match="'SymbolicTensor' object has no attribute 'numpy'"):
        tf.data.Dataset.range(3).map(lambda x: x.numpy())
    with pytest.raises(AttributeError, match="in user code"):
        tf.data.Dataset.range(3).map(lambda x: x.numpy())

    def show(x):
        assert str(x) == 'Tensor("args_0:0", shape=(), dtype=int64)'
        return x

    tf.data.Dataset.range(3).map(show)


def test_autograph_converts_tensor_control_flow():
    def f(x):
        if x > 1:
            y = x * 10
        else:
            y = -x
        total = tf.constant(0, tf.int64)
        for i in tf.range(x):
            total += i
        return y, total

    assert vals(tf.data.Dataset.range(4).map(f)) == [(0, 0), (-1, 0), (20, 1), (30, 3)]


def test_element_spec_comes_from_the_traced_outputs():
    ds = tf.data.Dataset.range(1, 4).map(lambda n: (tf.range(n), tf.zeros([2, 3])))
    assert ds.element_spec == (tf.TensorSpec([None], tf.int64), tf.TensorSpec([2, 3]))
    assert [a.tolist() for a, _ in ds.as_numpy_iterator()] == [[0], [0, 1], [0, 1, 2]]
    named = tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [[1.0], [2.0]]}).map(
        lambda d: {"sum": tf.cast(d["a"], tf.float32) + d["b"][0]})
    assert named.element_spec == {"sum": tf.TensorSpec([], tf.float32)}
    assert [e["sum"] for e in named.as_numpy_iterator()] == [2.0, 4.0]


def test_variables_are_read_when_the_graph_runs_and_draws_differ_per_element():
    v = tf.Variable(1, dtype=tf.int64)
    ds = tf.data.Dataset.range(3).map(lambda x: x + v)
    assert vals(ds) == [1, 2, 3]
    v.assign(10)
    assert vals(ds) == [10, 11, 12]
    draws = vals(tf.data.Dataset.range(50).map(lambda x: tf.random.uniform([])))
    assert len(set(draws)) == 50


def test_map_may_call_a_tf_function():
    @tf.function
    def square(x):
        return x * x

    assert vals(tf.data.Dataset.range(4).map(square)) == [0, 1, 4, 9]


def test_scan_and_reduce_state_types_are_checked_at_construction():
    ds = tf.data.Dataset.range(3)
    with pytest.raises(TypeError, match="The element types for the new state must match the "
                                        "initial state. Expected <dtype: 'int32'> but got "
                                        "<dtype: 'float32'>"):
        ds.reduce(0, lambda s, x: tf.cast(x, tf.float32))
    with pytest.raises(TypeError, match=r"Invalid `scan_func`. The element types for the new "
                                        r"state must match the initial state. Expected "
                                        r"<dtype: 'int32'>, got <dtype: 'float32'>"):
        ds.scan(0, lambda s, x: (tf.cast(x, tf.float32), x))
    with pytest.raises(TypeError, match="should return a pair"):
        ds.scan(np.int64(0), lambda s, x: s + x)
    # A state that grows is traced again with an unknown dim, as TF does.
    grown = ds.scan(tf.constant([0], tf.int64),
                    lambda s, x: (tf.concat([s, tf.reshape(x, [1])], 0), s))
    assert grown.element_spec == tf.TensorSpec([None], tf.int64)
    assert vals(grown) == [[0], [0, 0], [0, 0, 1]]


def test_sparse_components_are_traced():
    st = tf.SparseTensor([[0, 1], [2, 0]], [5, 7], [3, 2])
    ds = tf.data.Dataset.from_tensor_slices(st)
    same = ds.map(lambda s: s)
    assert same.element_spec == tf.SparseTensorSpec([2], tf.int32)
    dense = ds.map(lambda s: tf.sparse.to_dense(s))
    assert dense.element_spec.dtype == tf.int32
    assert vals(dense) == [[0, 5], [0, 0], [7, 0]]
    # (TF 2.21's as_numpy_iterator gives a SparseTensor's dense array)
    rows = [s.tolist() for s in same.as_numpy_iterator()]
    assert rows == [[0, 5], [0, 0], [7, 0]]


def test_tracing_errors_surface_at_construction():
    # int64 + float is refused when traced, before any element is read. (TF's graph
    # builder says TypeError; eagerflow's ops raise InvalidArgumentError in graphs too.)
    with pytest.raises((TypeError, tf.errors.InvalidArgumentError), match="AddV2"):
        tf.data.Dataset.range(3).map(lambda x: x + 1.5)
    with pytest.raises(tf.errors.InvalidArgumentError, match="output_shapes. of 0"):
        tf.data.Dataset.range(3).map(lambda x: ())
