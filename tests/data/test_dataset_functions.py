"""Functions that return datasets (flat_map, interleave, group_by_window's reduce_func,
window pipelines) are traced once, as TF traces them: side effects at construction,
symbolic arguments, TF's element_spec, per-element values from the compiled graph; and
the cases that run eagerly per element (counts from symbolic tensors, functions that
iterate a dataset themselves) still give TF's results. Expected values are TF 2.21's."""

import numpy as np
import pytest

import eagerflow as tf


def vals(ds):
    return [e.tolist() if isinstance(e, np.ndarray) else e for e in ds.as_numpy_iterator()]


def test_flat_map_function_is_traced_once_with_symbolic_argument():
    calls = []

    def expand(x):
        calls.append((tf.executing_eagerly(), type(x).__name__))
        return tf.data.Dataset.range(x)

    ds = tf.data.Dataset.range(4).flat_map(expand)
    assert len(calls) == 1 and calls[0][0] is False and calls[0][1] != "EagerTensor"
    assert ds.element_spec == tf.TensorSpec([], tf.int64)
    assert vals(ds) == [0, 0, 1, 0, 1, 2]
    assert vals(ds) == [0, 0, 1, 0, 1, 2]  # iterating again does not call the function
    assert len(calls) == 1


def test_window_arguments_are_variant_dataset_placeholders():
    seen = []

    def batch_window(w):
        seen.append(repr(w))
        return w.batch(2)

    ds = tf.data.Dataset.range(5).window(2).flat_map(batch_window)
    assert seen == ["<_VariantDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, "
                    "name=None)>"]
    assert ds.element_spec == tf.TensorSpec([None], tf.int64)
    assert vals(ds) == [[0, 1], [2, 3], [4]]
    pairs = tf.data.Dataset.zip((tf.data.Dataset.range(4), tf.data.Dataset.range(10, 14)))
    zipped = pairs.window(2, drop_remainder=True).flat_map(
        lambda a, b: tf.data.Dataset.zip((a.batch(2), b.batch(2))))
    assert [(a.tolist(), b.tolist()) for a, b in zipped.as_numpy_iterator()] == [
        ([0, 1], [10, 11]), ([2, 3], [12, 13])]


def test_interleave_template_with_nested_map_capturing_the_element():
    ds = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]).interleave(
        lambda x: tf.data.Dataset.from_tensor_slices(x * 10).map(lambda y: y + x[0]),
        cycle_length=2)
    assert ds.element_spec == tf.TensorSpec([], tf.int32)
    assert vals(ds) == [11, 33, 21, 43]


def test_sparse_element_argument():
    st = tf.SparseTensor([[0, 1], [2, 0]], [5, 7], [3, 2])
    ds = tf.data.Dataset.from_tensor_slices(st).flat_map(
        lambda s: tf.data.Dataset.from_tensor_slices(s.values))
    assert ds._fn.traced and ds.element_spec == tf.TensorSpec([], tf.int32)
    assert vals(ds) == [5, 7]


def test_parallel_interleave_matches_sequential_order():
    def f(x):
        return tf.data.Dataset.from_tensors(x).repeat(3).map(lambda v: v * 100 + x)

    seq = tf.data.Dataset.range(5).interleave(f, cycle_length=3, block_length=2)
    par = tf.data.Dataset.range(5).interleave(f, cycle_length=3, block_length=2,
                                              num_parallel_calls=3, deterministic=True)
    assert seq._fn.traced and par._fn.traced
    expected = []
    for base in ([0, 1, 2], [3, 4]):  # TF's cycle order, block_length 2, 3 elements each
        left = {x: 3 for x in base}
        while any(left.values()):
            for x in base:
                k = min(2, left[x])
                expected += [x * 101] * k
                left[x] -= k
    assert vals(seq) == vals(par) == expected


def test_group_by_window_reduce_func_is_traced():
    calls = []

    def reduce(key, window):
        calls.append(tf.executing_eagerly())
        return window.batch(3).map(lambda b: b + key)

    ds = tf.data.Dataset.range(6).group_by_window(lambda x: x % 2, reduce, window_size=3)
    assert calls == [False]
    assert ds.element_spec == tf.TensorSpec([None], tf.int64)
    assert vals(ds) == [[0, 2, 4], [2, 4, 6]]


def test_nested_flat_map_and_graph_computed_values():
    ds = tf.data.Dataset.range(3).flat_map(
        lambda x: tf.data.Dataset.range(x).flat_map(
            lambda y: tf.data.Dataset.from_tensors(x * 10 + y)))
    assert vals(ds) == [10, 20, 21]
    # A random draw in the function's graph runs per element, not once at the trace.
    tf.random.set_seed(1)
    draws = vals(tf.data.Dataset.range(4).flat_map(
        lambda x: tf.data.Dataset.from_tensors(tf.random.uniform([]))))
    assert len(draws) == 4 and len(set(draws)) == 4


def test_readers_over_symbolic_file_names(tmp_path):
    for k in range(2):
        with tf.io.TFRecordWriter(str(tmp_path / f"r{k}.tfrecord")) as w:
            for i in range(3):
                w.write(f"f{k}r{i}".encode())
        (tmp_path / f"t{k}.txt").write_text("".join(f"t{k}l{i}\n" for i in range(2)))
    calls = []

    def records(name):
        calls.append(tf.executing_eagerly())
        return tf.data.TFRecordDataset(name)

    files = tf.data.Dataset.list_files(str(tmp_path / "*.tfrecord"), shuffle=False)
    ds = files.interleave(records, cycle_length=2)
    assert calls == [False]
    assert vals(ds) == [b"f0r0", b"f1r0", b"f0r1", b"f1r1", b"f0r2", b"f1r2"]
    lines = tf.data.Dataset.list_files(str(tmp_path / "*.txt"), shuffle=False).flat_map(
        tf.data.TextLineDataset)
    assert vals(lines) == [b"t0l0", b"t0l1", b"t1l0", b"t1l1"]
    # A failed trace runs the function eagerly, which raises TF's error at the first element.
    with pytest.raises(TypeError, match="tf.string"):
        vals(tf.data.Dataset.range(2).flat_map(lambda x: tf.data.TextLineDataset(x)))


def test_counts_from_the_element_are_read_when_the_pipeline_runs():
    calls = []

    def rep(x):
        calls.append(tf.executing_eagerly())
        return tf.data.Dataset.from_tensors(x).repeat(x)

    ds = tf.data.Dataset.range(1, 4).flat_map(rep)
    assert ds._fn.traced and calls == [False]
    assert vals(ds) == [1, 2, 2, 3, 3, 3]
    assert ds.element_spec == tf.TensorSpec([], tf.int64)
    grown = tf.data.Dataset.range(3).flat_map(
        lambda x: tf.data.Dataset.from_tensor_slices(tf.range(x)).batch(x + 1))
    assert grown._fn.traced and grown.element_spec == tf.TensorSpec([None], tf.int64)
    assert vals(grown) == [[0], [0, 1]]
    sliced = tf.data.Dataset.range(4).flat_map(
        lambda x: tf.data.Dataset.range(10).skip(x).take(2))
    assert vals(sliced) == [0, 1, 1, 2, 2, 3, 3, 4]
    # Values are TF 2.21's for the same pipelines.
    sharded = tf.data.Dataset.range(1, 4).flat_map(
        lambda x: tf.data.Dataset.range(x * 2).shard(x, 0))
    assert sharded._fn.traced and vals(sharded) == [0, 1, 0, 2, 0, 3]
    padded = tf.data.Dataset.range(1, 3).flat_map(
        lambda x: tf.data.Dataset.range(4).padded_batch(x + 1))
    assert padded._fn.traced and padded.element_spec == tf.TensorSpec([None], tf.int64)
    assert vals(padded) == [[0, 1], [2, 3], [0, 1, 2], [3]]
    windows = tf.data.Dataset.range(1, 3).flat_map(
        lambda x: tf.data.Dataset.range(4).window(x).flat_map(lambda w: w.batch(2)))
    assert windows._fn.traced and vals(windows) == [[0], [1], [2], [3], [0, 1], [2, 3]]
    shuffled = tf.data.Dataset.range(1, 4).flat_map(
        lambda x: tf.data.Dataset.range(x).shuffle(x, seed=1).prefetch(2))
    assert shuffled._fn.traced and sorted(vals(shuffled)) == [0, 0, 0, 1, 1, 2]
    # as TF 2.21: prefetch compares its size with AUTOTUNE for a bool attr, which a tensor's
    # comparison is not
    # (TF raises it when the function is traced; eagerflow, tracing only where it can, when
    # the function runs)
    with pytest.raises(TypeError, match="Expected bool for argument 'legacy_autotune'"):
        vals(tf.data.Dataset.range(1, 4).flat_map(lambda x: tf.data.Dataset.range(x).prefetch(x)))
    zero = tf.data.Dataset.range(2).flat_map(lambda x: tf.data.Dataset.range(5).batch(x))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Batch size must be greater"):
        vals(zero)  # as TF: the size is checked when the pipeline runs


def test_functions_that_need_eager_values_run_per_element_and_stay_correct():
    # A dataset iterated inside the function, or a count no deferred transformation takes
    # (a shuffle buffer): the function runs eagerly once per element.
    sums = tf.data.Dataset.range(3).window(2).flat_map(
        lambda w: tf.data.Dataset.from_tensors(w.reduce(tf.constant(0, tf.int64),
                                                        lambda s, v: s + v)))
    assert not sums._fn.traced
    assert vals(sums) == [1, 2]

    def either(x):  # a tensor-dependent `if` choosing between datasets (TF 2.21's values)
        if x > 1:
            return tf.data.Dataset.range(x)
        else:
            return tf.data.Dataset.from_tensors(x * 100)

    chosen = tf.data.Dataset.range(4).flat_map(either)
    assert not chosen._fn.traced
    assert vals(chosen) == [0, 100, 0, 1, 0, 1, 2]
    with pytest.raises((TypeError, tf.errors.InvalidArgumentError), match="AddV2"):
        vals(tf.data.Dataset.range(2).flat_map(lambda x: tf.data.Dataset.range(x + 1.5)))
    whole = tf.data.Dataset.range(5).window(2).flat_map(lambda w: w.batch(w.cardinality()))
    assert not whole._fn.traced
    assert vals(whole) == [[0, 1], [2, 3], [4]]
    calls = []

    def cycled(x):
        calls.append(tf.executing_eagerly())
        return tf.data.Dataset.range(x * 2).interleave(
            lambda v: tf.data.Dataset.from_tensors(v).repeat(2), cycle_length=x)

    ds = tf.data.Dataset.range(1, 3).flat_map(cycled)
    assert not ds._fn.traced
    assert vals(ds) == [0, 0, 1, 1] + [0, 1, 0, 1, 2, 3, 2, 3]
    assert calls[-2:] == [True, True]


def test_repeat_count_from_a_tf_function_argument():
    @tf.function
    def total(n):
        s = tf.constant(0, tf.int64)
        for v in tf.data.Dataset.range(3).repeat(n):
            s += v
        return s

    assert int(total(tf.constant(2, tf.int64))) == 6
    assert int(total(tf.constant(3, tf.int64))) == 9


def test_non_dataset_results_and_symbolic_misuse_fail_at_construction():
    with pytest.raises(TypeError, match=r"The `map_func` argument must return a `Dataset` "
                                        r"object\. Got <class 'tuple'>\."):
        tf.data.Dataset.range(3).flat_map(lambda x: [x])
    # (TF names a returned tensor's type by making one, which fails in its repr)
    with pytest.raises(AttributeError, match="'Tensor' object has no attribute '_name'"):
        tf.data.Dataset.range(3).interleave(lambda x: x)
    with pytest.raises(TypeError, match=r"Invalid `reduce_func`\. `reduce_func` must return a "
                                        r"single `tf.data.Dataset` object but its return type "
                                        r"is TensorSpec\(shape=\(\), dtype=tf.int64"):
        tf.data.Dataset.range(3).group_by_window(lambda x: x % 2, lambda k, w: k,
                                                 window_size=2)
    with pytest.raises(AttributeError, match="numpy"):
        tf.data.Dataset.range(3).flat_map(lambda x: tf.data.Dataset.range(x.numpy()))


def test_flat_map_built_inside_tf_function_reads_its_arguments():
    @tf.function
    def total(n):
        ds = tf.data.Dataset.range(3).flat_map(
            lambda x: tf.data.Dataset.from_tensors(x + n).repeat(2))
        s = tf.constant(0, tf.int64)
        for v in ds:
            s += v
        return s

    assert int(total(tf.constant(10, tf.int64))) == 2 * (0 + 1 + 2 + 30)
    assert int(total(tf.constant(1, tf.int64))) == 2 * (0 + 1 + 2 + 3)

    @tf.function
    def nested(n):  # the innermost function reads the tf.function's argument directly
        ds = tf.data.Dataset.range(2).flat_map(
            lambda x: tf.data.Dataset.range(2).flat_map(
                lambda y: tf.data.Dataset.from_tensors(n * 100 + x * 10 + y)))
        s = tf.constant(0, tf.int64)
        for v in ds:
            s += v
        return s

    assert int(nested(tf.constant(1, tf.int64))) == 400 + 0 + 1 + 10 + 11

    @tf.function
    def returned(n):  # returned, the pipeline is fed the call's value (TF's _VariantDataset)
        return tf.data.Dataset.range(2).flat_map(lambda x: tf.data.Dataset.from_tensors(n))

    assert [int(v) for v in returned(tf.constant(1, tf.int64))] == [1, 1]


def test_early_stop_of_traced_interleave_leaks_no_thread():
    import gc
    import threading

    before = threading.active_count()
    ds = tf.data.Dataset.range(100).interleave(
        lambda x: tf.data.Dataset.from_tensors(x).repeat(50), cycle_length=4,
        num_parallel_calls=4)
    it = iter(ds)
    assert [int(next(it)) for _ in range(3)] == [0, 1, 2]
    del it
    gc.collect()
    assert threading.active_count() == before
