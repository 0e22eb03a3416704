"""Errors raised while a tf.data function runs keep their class and read as TF 2.21's.

The texts were recorded from tensorflow-cpu 2.21.0 iterating the same pipelines:
"Error in user-defined function passed to <Op>Dataset:<n> transformation with iterator:
Iterator::Root::...<Kind>: <the op's message>\\n\\t [[{{node <name>}}]] [Op:IteratorGetNext]"
(the node's full name; a cond branch's or loop body's tagged with that function).
The iterator path names what TF's optimizer made of the pipeline (Prefetch, ParallelMapV2:
tests/data/test_iterator_errors.py checks many more); TF's dataset numbers count every op
it ever named, so they are matched loosely; the rest is compared exactly.
"""

import re

import numpy as np
import pytest

import eagerflow as tf

# (eagerly TF's IteratorGetNext runs as a function named after the element's components,
# one here, and its op wrapper names no name)
GET_NEXT = r"\{\{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/" \
    r"replica:0/task:0/device:CPU:0\}\} "
HEAD = r"Error in user-defined function passed to {op}:\d+ transformation with " \
    r"iterator: Iterator::Root::{path}: "
TAIL = "\n\t [[{{node %s}}]] [Op:IteratorGetNext] name: "
# an assert's node: named under its cond, tagged with the cond's branch function, which TF
# numbers by every function it made (matched loosely, as the dataset numbers)
ASSERT_GUARDED = "%s/Assert/AssertGuard/Assert"
_BRANCH_TAG = re.compile(r"\{\{function_node (\w+)_Assert_AssertGuard_false_\d+\}\}"
                         r"(?=\{\{node \1/)")


def _raised(ds, cls=tf.errors.InvalidArgumentError):
    with pytest.raises(cls) as info:
        list(ds)
    return str(info.value)


def _check(msg, op, path, body, node):
    head = re.match(GET_NEXT + HEAD.format(op=op, path=path), msg)
    assert head, msg
    tail = msg[head.end():]
    if node.endswith("/AssertGuard/Assert"):
        tail, tagged = _BRANCH_TAG.subn("", tail)
        assert tagged == 1, msg
    assert tail == body + TAIL % node


def _i64(v):
    return tf.constant(v, tf.int64)


def test_failed_assert_in_map():
    ds = tf.data.Dataset.range(4).map(
        lambda x: (tf.debugging.assert_less(x, _i64(2), message="too big"), x)[1])
    _check(_raised(ds), "MapDataset", "ParallelMapV2",
           "assertion failed: [too big] [Condition x < y did not "
           "hold element-wise:] [x (args_0:0) = ] [2] [y (Const:0) = ] [2]",
           ASSERT_GUARDED % "assert_less")


def test_check_numerics_and_gather_in_map():
    # TF 2.21: "logbad : Tensor had NaN values" / "indices = 2 is not in [0, 2)"
    ds = tf.data.Dataset.range(4).map(
        lambda x: tf.debugging.check_numerics(tf.math.log(tf.cast(x, tf.float32) - 1.0),
                                              "logbad"))
    _check(_raised(ds), "MapDataset", "Prefetch::Map", "logbad : Tensor had NaN values",
           "CheckNumerics")
    ds = tf.data.Dataset.range(4).map(lambda x: tf.gather(tf.constant([1, 2]), x))
    _check(_raised(ds), "MapDataset", "ParallelMapV2", "indices = 2 is not in [0, 2)",
           "GatherV2")


def test_values_before_the_failing_element_still_arrive():
    it = iter(tf.data.Dataset.range(4).map(lambda x: tf.gather(tf.constant([1, 2]), x)))
    assert [next(it).numpy(), next(it).numpy()] == [1, 2]
    with pytest.raises(tf.errors.InvalidArgumentError, match="indices = 2 is not in"):
        next(it)


def test_bad_reshape_is_invalid_argument_not_a_numpy_error():
    # TF's optimizer folds this reshape away and then reports the component's shape; the
    # reshape's own error is what an unoptimized TF graph raises, and a ValueError from
    # NumPy is never right
    ds = tf.data.Dataset.range(4).map(lambda x: tf.reshape(tf.fill([x + 1], 1.0), [2]))
    _check(_raised(ds), "MapDataset", "ParallelMapV2",
           "Input to reshape is a tensor with 1 values, but the "
           "requested shape has 2", "Reshape")
    f = tf.function(lambda n: tf.reshape(tf.fill([n], 1.0), [2]))
    with pytest.raises(tf.errors.InvalidArgumentError,  # (TF words a lambda's node so)
                       match=r"^\{\{function_node __inference_<lambda>_\d+\}\} Input to reshape "
                             r"is a tensor with 1 values, but the requested shape has 2\n\t "
                             r"\[\[\{\{node Reshape\}\}\]\] \[Op:__inference_<lambda>_\d+\]$"):
        f(tf.constant(1))


def test_failed_assert_in_filter():
    ds = tf.data.Dataset.range(4).filter(
        lambda x: (tf.debugging.assert_greater_equal(x, _i64(2)), x > 0)[1])
    _check(_raised(ds), "FilterDataset", "Prefetch::Filter",
           "assertion failed: [Condition x >= y did "
           "not hold element-wise:] [x (args_0:0) = ] [0] [y (Const:0) = ] [2]",
           ASSERT_GUARDED % "assert_greater_equal")


def test_error_in_flat_map_function():
    ds = tf.data.Dataset.range(4).flat_map(
        lambda x: tf.data.Dataset.from_tensors(tf.gather(tf.constant([1, 2]), x)))
    _check(_raised(ds), "FlatMapDataset", "Prefetch::FlatMap",
           "indices = 2 is not in [0, 2)", "GatherV2")


def test_error_inside_an_interleaved_dataset_names_the_innermost_function():
    # TF 2.21: "...passed to MapDataset:20 transformation with iterator:
    # Iterator::Root::Prefetch::Interleave[1]::Map: assertion failed: ..."
    def inner(x):
        return tf.data.Dataset.from_tensors(x).map(
            lambda y: (tf.debugging.assert_equal(y, _i64(0)), y)[1])

    ds = tf.data.Dataset.range(4).interleave(inner, cycle_length=2)
    _check(_raised(ds), "MapDataset", r"Prefetch::Interleave\[1\]::Map",
           "assertion failed: [Condition x == "
           "y did not hold element-wise:] [x (args_0:0) = ] [1] [y (Const:0) = ] [0]",
           ASSERT_GUARDED % "assert_equal_1")


def test_python_exception_in_py_function_is_unknown_error():
    def boom(x):
        raise RuntimeError("boom from python")

    ds = tf.data.Dataset.range(2).map(lambda x: tf.py_function(boom, [x], tf.int64))
    msg = _raised(ds, tf.errors.UnknownError)
    assert re.match(GET_NEXT + HEAD.format(op="MapDataset", path="Prefetch::Map") +
                    "RuntimeError: boom from python\n"
                    "Traceback", msg), msg
    assert "raise RuntimeError(\"boom from python\")" in msg
    assert msg.endswith("\n\t [[{{node EagerPyFunc}}]] [Op:IteratorGetNext] name: ")


def test_python_exception_while_tracing_surfaces_at_construction():
    def boom(x):
        raise RuntimeError("boom from python")

    with pytest.raises(RuntimeError, match="boom from python"):
        tf.data.Dataset.range(2).map(boom)


def test_parallel_map_names_its_own_dataset_op():
    # TF 2.21: "...passed to ParallelMapDatasetV2:7 transformation with iterator:
    # Iterator::Root::ParallelMapV2: indices = 2 is not in [0, 2)"
    ds = tf.data.Dataset.range(4).map(lambda x: tf.gather(tf.constant([1, 2]), x),
                                      num_parallel_calls=2)
    _check(_raised(ds), "ParallelMapDatasetV2", "ParallelMapV2", "indices = 2 is not in [0, 2)",
           "GatherV2")


def test_map_fused_into_its_batch_passes_the_error_unworded():
    # TF fuses map+batch, and its fused kernel does not name the function (TF 2.21:
    # "inf : Tensor had Inf values\n\t [[{{node CheckNumerics}}]] [Op:IteratorGetNext]")
    logs = tf.data.Dataset.range(4).map(lambda x: tf.math.log(tf.cast(x, tf.float32)))
    ds = logs.map(lambda x: tf.debugging.check_numerics(x, "inf")).batch(2)
    assert re.fullmatch(GET_NEXT + re.escape("inf : Tensor had Inf values" +
                                             TAIL % "CheckNumerics"), _raised(ds))
    vectorized = logs.map(lambda x: tf.sqrt(x) * 2.0).batch(2)  # runs once per batch
    assert [b.shape for b in vectorized] == [(2,), (2,)]
    ds = logs.batch(2).map(lambda x: tf.debugging.check_numerics(x, "inf"))  # not fused
    _check(_raised(ds), "MapDataset", "Prefetch::Map",
           "inf : Tensor had Inf values", "CheckNumerics")
    options = tf.data.Options()
    options.experimental_optimization.apply_default_optimizations = False
    ds = logs.map(lambda x: tf.debugging.check_numerics(x, "inf")).batch(2)
    _check(_raised(ds.with_options(options)), "MapDataset", "BatchV2::Map",
           "inf : Tensor had Inf values",
           "CheckNumerics")


def test_ignore_errors_still_skips_failing_elements():
    ds = tf.data.Dataset.range(4).map(lambda x: tf.gather(tf.constant([1, 2]), x))
    got = [v.numpy() for v in ds.ignore_errors()]
    np.testing.assert_array_equal(got, [1, 2])


def test_error_inside_tf_function_iteration_is_invalid_argument():
    ds = tf.data.Dataset.range(4).map(lambda x: tf.gather(tf.constant([1, 2]), x))

    @tf.function
    def total():
        s = tf.constant(0)
        for v in ds:
            s += v
        return s

    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Error in user-defined function passed to MapDataset:\d+ "
                             r"transformation with iterator: Iterator::Root::[\w:]*Map\w*: "
                             r"indices = 2 is not in \[0, 2\)"):
        total()
