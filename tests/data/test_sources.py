"""tf.data sources: from_tensors/from_tensor_slices/range/from_generator/zip/concatenate,
sample_from_datasets, choose_from_datasets, list_files, counter, random."""

import collections
import gc
import os
import traceback

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core import device
from eagerflow._src.core.tensor_spec import TensorSpec


def values(ds):
    return [e.numpy() if hasattr(e, "numpy") else e for e in ds]


# ---------------------------------------------------------------------------------------
# from_tensor_slices / from_tensors
# ---------------------------------------------------------------------------------------

DTYPES = [np.float32, np.float64, np.int32, np.int64, np.uint8, np.bool_]


@given(n=st.integers(0, 6), inner=st.lists(st.integers(1, 3), max_size=2),
       dtype=st.sampled_from(DTYPES))
def test_from_tensor_slices_yields_rows(n, inner, dtype):
    arr = (np.arange(n * int(np.prod(inner or [1]))) % 7).astype(dtype).reshape([n] + inner)
    ds = tf.data.Dataset.from_tensor_slices(arr)
    assert ds.element_spec == TensorSpec(inner, tf.as_dtype(dtype))
    assert len(ds) == n
    got = values(ds)
    assert len(got) == n
    for row, g in zip(arr, got):
        np.testing.assert_array_equal(g, row)


def test_from_tensor_slices_nested_structures():
    ds = tf.data.Dataset.from_tensor_slices(({"a": [1, 2], "b": [[1.0], [2.0]]}, [b"x", b"y"]))
    spec = ds.element_spec
    assert spec[0]["a"] == TensorSpec([], tf.int32)
    assert spec[0]["b"] == TensorSpec([1], tf.float32)
    assert spec[1] == TensorSpec([], tf.string)
    elems = list(ds.as_numpy_iterator())
    assert elems[1][0]["a"] == 2 and elems[1][1] == b"y"
    np.testing.assert_array_equal(elems[0][0]["b"], [1.0])


def test_namedtuple_structure_is_kept():
    Point = collections.namedtuple("Point", ["x", "y"])
    ds = tf.data.Dataset.from_tensor_slices(Point([1, 2], [3, 4]))
    first = next(iter(ds))
    assert isinstance(first, Point) and int(first.y) == 3
    # A namedtuple is passed to map functions as one argument (only plain tuples unpack).
    out = ds.map(lambda p: p.x + p.y)
    assert values(out) == [4, 6]


def test_lists_are_tensors_not_structures():
    ds = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]])
    assert ds.element_spec == TensorSpec([2], tf.int32)
    ds = tf.data.Dataset.from_tensors([1, 2, 3])
    assert ds.element_spec == TensorSpec([3], tf.int32) and len(ds) == 1


def test_from_tensor_slices_bad_input():
    with pytest.raises(ValueError, match="Dimensions 2 and 3 are not compatible"):
        tf.data.Dataset.from_tensor_slices(([1, 2], [1, 2, 3]))
    with pytest.raises(ValueError, match="rank >= 1"):
        tf.data.Dataset.from_tensor_slices(5)
    # TF: from_tensors of no tensors is refused by its op; from_tensor_slices by Python.
    for empty in (None, (), {}):
        with pytest.raises(tf.errors.InvalidArgumentError, match="(?s)Length for attr "
                           r"'Toutput_types' of 0 must be at least minimum 1.*TensorDataset"):
            tf.data.Dataset.from_tensors(empty)
    with pytest.raises(ValueError, match="should not be empty"):
        tf.data.Dataset.from_tensor_slices(())
    with pytest.raises(ValueError, match="non-rectangular"):
        tf.data.Dataset.from_tensor_slices([[1], [2, 3]])


def test_from_tensor_slices_of_tensors_and_sparse():
    t = tf.constant([[1, 2], [3, 4], [5, 6]])
    assert [list(v) for v in values(tf.data.Dataset.from_tensor_slices(t))] == [[1, 2], [3, 4],
                                                                              [5, 6]]
    sp = tf.SparseTensor([[0, 1], [2, 0]], [7, 8], [3, 2])
    rows = list(tf.data.Dataset.from_tensor_slices(sp))
    dense = [tf.sparse.to_dense(r).numpy().tolist() for r in rows]
    assert dense == [[0, 7], [0, 0], [8, 0]]


# ---------------------------------------------------------------------------------------
# range / counter / random
# ---------------------------------------------------------------------------------------

@given(start=st.integers(-10, 10), stop=st.integers(-10, 10),
       step=st.integers(-4, 4).filter(bool))
def test_range_matches_python(start, stop, step):
    ds = tf.data.Dataset.range(start, stop, step)
    assert values(ds) == list(range(start, stop, step))
    assert int(ds.cardinality()) == len(range(start, stop, step))


def test_range_dtype_and_errors():
    ds = tf.data.Dataset.range(3, output_type=tf.int32)
    assert ds.element_spec.dtype == tf.int32 and next(iter(ds)).dtype == tf.int32
    with pytest.raises(tf.errors.InvalidArgumentError, match="step must be a non-zero"):
        tf.data.Dataset.range(0, 10, 0)
    with pytest.raises(TypeError, match="Cannot convert 1.5"):
        tf.data.Dataset.range(1.5)
    assert repr(tf.data.Dataset.range(2)) == (
        "<_RangeDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>")


def test_counter_and_random():
    assert values(tf.data.Dataset.counter(5, 2).take(3)) == [5, 7, 9]
    assert int(tf.data.Dataset.counter().cardinality()) == tf.data.INFINITE_CARDINALITY
    a = values(tf.data.Dataset.random(seed=4).take(5))
    b = values(tf.data.Dataset.random(seed=4).take(5))
    assert a == b and len(set(a)) == 5


# ---------------------------------------------------------------------------------------
# from_generator
# ---------------------------------------------------------------------------------------

def test_from_generator_signature_and_args():
    def gen(n, word):
        assert isinstance(word, bytes)
        for i in range(int(n)):
            yield i, word * i

    ds = tf.data.Dataset.from_generator(
        gen, args=(3, "ab"),
        output_signature=(TensorSpec((), tf.int32), TensorSpec((), tf.string)))
    assert list(ds.as_numpy_iterator()) == [(0, b""), (1, b"ab"), (2, b"abab")]
    # Each iteration calls the generator again.
    assert len(list(ds)) == 3
    assert int(ds.cardinality()) == tf.data.UNKNOWN_CARDINALITY


def test_from_generator_output_types_and_shapes():
    ds = tf.data.Dataset.from_generator(lambda: iter([[1, 2], [3, 4]]), output_types=tf.int64,
                                        output_shapes=[2])
    assert ds.element_spec == TensorSpec([2], tf.int64)
    assert [v.tolist() for v in ds.as_numpy_iterator()] == [[1, 2], [3, 4]]
    ds = tf.data.Dataset.from_generator(lambda: iter([1]), output_types=(tf.int32, tf.int64))
    assert ds.element_spec[0].shape.rank is None
    with pytest.raises(TypeError, match="output_signature"):
        tf.data.Dataset.from_generator(lambda: iter([1]))


def test_from_generator_bad_elements():
    def mixed():
        yield (1, 2)
        yield 3

    ds = tf.data.Dataset.from_generator(
        mixed, output_signature=(TensorSpec((), tf.int32), TensorSpec((), tf.int32)))
    it = iter(ds)
    assert [int(v) for v in next(it)] == [1, 2]
    with pytest.raises(tf.errors.InvalidArgumentError, match="did not match the expected "
                       r"structure. The expected structure was \(tf.int32, tf.int32\)"):
        next(it)
    shape_ds = tf.data.Dataset.from_generator(lambda: iter([1, [1, 2]]),
                                              output_signature=TensorSpec((), tf.int32))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"element of shape \(2,\) where an "
                       r"element of shape \(\) was expected"):
        list(shape_ds)
    with pytest.raises(tf.errors.InvalidArgumentError, match="could not be converted"):
        list(tf.data.Dataset.from_generator(lambda: iter(["a"]),
                                            output_signature=TensorSpec((), tf.int32)))


def _failing_generator():
    yield 1
    raise KeyError("boom")


def test_generator_errors_surface_with_original_traceback():
    ds = tf.data.Dataset.from_generator(_failing_generator,
                                        output_signature=TensorSpec((), tf.int32))
    it = iter(ds.prefetch(2))  # raised on the prefetch thread, re-raised here
    assert int(next(it)) == 1
    # as TF's PyFunc restates it (guide_data_generators records TF's): the Python error
    # and its traceback in the message, the error itself as the cause
    # (eagerly, the error of TF's IteratorGetNext function, one component)
    with pytest.raises(tf.errors.UnknownError,
                       match=r"^\{\{function_node __wrapped__IteratorGetNext_output_types_1_"
                             r"device_[^}]*\}\} KeyError: 'boom'\nTraceback") as info:
        next(it)
    assert "in _failing_generator" in info.value.message
    assert isinstance(info.value.__cause__, KeyError)
    frames = [f.name for f in traceback.extract_tb(info.value.__cause__.__traceback__)]
    assert "_failing_generator" in frames
    with pytest.raises(StopIteration):  # a generator that raised is finished
        next(it)


def test_generator_closed_when_iteration_stops_early():
    closed = []

    def gen():
        try:
            yield from range(100)
        finally:
            closed.append(True)

    ds = tf.data.Dataset.from_generator(gen, output_signature=TensorSpec((), tf.int64))
    for i, _ in enumerate(ds):
        if i == 2:
            break
    assert closed == [True]
    list(ds.take(1))
    assert closed == [True, True]


def test_a_generator_the_collector_closes_itself_during_a_trace_adds_no_op():
    """The collector may finalize a generator object itself (not through the iterator
    holding it): its `finally` runs where the collection runs, here inside a trace, and
    runs eagerly there (core.context's gc callback), adding nothing to the graph."""
    seen = []

    def gen():
        try:
            yield 1
        finally:
            seen.append((tf.executing_eagerly(), int(tf.constant(1) + 1)))

    def f(x):
        gc.collect()
        return x + 1

    g = gen()
    next(g)
    cycle = [g]
    cycle.append(cycle)
    gc.disable()
    try:
        del g, cycle
        graph = tf.function(f).get_concrete_function(tf.TensorSpec([], tf.float32)).graph
    finally:
        gc.enable()
    assert [o.type for o in graph.get_operations()] == ["Placeholder", "Const", "AddV2",
                                                         "Identity"]
    assert seen == [(True, 2)]


def test_generator_closed_by_the_collector_during_a_trace_runs_eagerly():
    """An iterator in a reference cycle is closed whenever the collector runs, here
    inside a trace: the generator's cleanup runs eagerly, as TF's runtime runs it, and
    none of its ops joins the traced graph."""
    seen = []

    def gen():
        try:
            yield from range(10)
        finally:
            seen.append((tf.executing_eagerly(), int(tf.constant(1) + 1)))

    def f(x):
        gc.collect()
        return x + 1

    it = iter(tf.data.Dataset.from_generator(gen, output_signature=TensorSpec((), tf.int64)))
    next(it)
    cycle = [it]
    cycle.append(cycle)
    gc.disable()
    try:
        del it, cycle
        graph = tf.function(f).get_concrete_function(tf.TensorSpec([], tf.float32)).graph
    finally:
        gc.enable()
    assert [o.type for o in graph.get_operations()] == ["Placeholder", "Const", "AddV2",
                                                         "Identity"]
    assert seen == [(True, 2)]


# ---------------------------------------------------------------------------------------
# zip / concatenate / sample / choose
# ---------------------------------------------------------------------------------------

def test_zip_structures_and_cardinality():
    a, b = tf.data.Dataset.range(5), tf.data.Dataset.range(3).map(lambda x: x * 10)
    z = tf.data.Dataset.zip((a, b))
    assert list(z.as_numpy_iterator()) == [(0, 0), (1, 10), (2, 20)]
    assert len(z) == 3
    d = tf.data.Dataset.zip({"x": a, "y": (b, a)})
    e = next(iter(d))
    assert set(e) == {"x", "y"} and int(e["y"][0]) == 0
    assert values(tf.data.Dataset.zip(a, b).map(lambda x, y: x + y)) == [0, 11, 22]
    with pytest.raises(TypeError, match="Python `list` is not supported"):
        tf.data.Dataset.zip([a, b])
    with pytest.raises(TypeError, match="encountered object of type"):
        tf.data.Dataset.zip((a, 1))


def test_concatenate():
    a = tf.data.Dataset.from_tensor_slices([[1, 2]])
    b = tf.data.Dataset.from_tensor_slices([[3, 4, 5]])
    c = a.concatenate(b)
    assert c.element_spec == TensorSpec([None], tf.int32)
    assert [v.tolist() for v in c.as_numpy_iterator()] == [[1, 2], [3, 4, 5]]
    assert len(c) == 2
    with pytest.raises(TypeError, match="Incompatible dataset elements"):
        a.concatenate(tf.data.Dataset.range(3))


def test_sample_from_datasets_seeded_and_weighted():
    a = tf.data.Dataset.from_tensors(0).repeat(2000)
    b = tf.data.Dataset.from_tensors(1).repeat(2000)
    s1 = values(tf.data.Dataset.sample_from_datasets([a, b], [0.8, 0.2], seed=3).take(1000))
    s2 = values(tf.data.Dataset.sample_from_datasets([a, b], [0.8, 0.2], seed=3).take(1000))
    assert s1 == s2
    assert 0.72 < s1.count(0) / 1000 < 0.88
    # Exhausted inputs drop out; all elements of both come out.
    both = tf.data.Dataset.sample_from_datasets([tf.data.Dataset.range(3),
                                                 tf.data.Dataset.range(10, 15)], seed=1)
    assert sorted(values(both)) == [0, 1, 2, 10, 11, 12, 13, 14]
    stop = tf.data.Dataset.sample_from_datasets([tf.data.Dataset.range(0),
                                                 tf.data.Dataset.range(5)], seed=1,
                                                stop_on_empty_dataset=True)
    assert len(values(stop)) < 5
    with pytest.raises(ValueError, match="same length"):
        tf.data.Dataset.sample_from_datasets([a, b], weights=[0.5])
    with pytest.raises(ValueError, match="should not be empty"):
        tf.data.Dataset.sample_from_datasets([])


def test_choose_from_datasets():
    ds = [tf.data.Dataset.range(3), tf.data.Dataset.range(3).map(lambda x: x * 10)]
    choice = tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0], tf.int64))
    assert values(tf.data.Dataset.choose_from_datasets(ds, choice)) == [0, 0, 10, 1]
    with pytest.raises(TypeError, match="scalar `tf.int64`"):
        tf.data.Dataset.choose_from_datasets(ds, tf.data.Dataset.from_tensor_slices([0, 1]))
    bad = tf.data.Dataset.from_tensor_slices(tf.constant([0, 5], tf.int64))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Selector index out of range: 5"):
        list(tf.data.Dataset.choose_from_datasets(ds, bad))
    short = [tf.data.Dataset.range(3), tf.data.Dataset.range(1)]
    choice = tf.data.Dataset.from_tensor_slices(tf.constant([1, 1, 0], tf.int64))
    assert values(tf.data.Dataset.choose_from_datasets(short, choice)) == [0]
    assert values(tf.data.Dataset.choose_from_datasets(short, choice,
                                                       stop_on_empty_dataset=False)) == [0, 0]


def test_list_files(tmp_path):
    for name in ["b.txt", "a.txt", "c.csv"]:
        (tmp_path / name).write_text("x")
    ds = tf.data.Dataset.list_files(str(tmp_path / "*.txt"), shuffle=False)
    assert [os.path.basename(p.decode()) for p in ds.as_numpy_iterator()] == ["a.txt", "b.txt"]
    shuffled = tf.data.Dataset.list_files(str(tmp_path / "*"), seed=1)
    assert sorted(values(shuffled)) == sorted(os.fsencode(str(p)) for p in tmp_path.iterdir())
    with pytest.raises(tf.errors.InvalidArgumentError, match="No files matched pattern"):
        tf.data.Dataset.list_files(str(tmp_path / "*.none"))


def test_root_tensor_spec_works_as_output_signature():
    # tf.TensorSpec (tf.function's class) and tf.data's element specs are interchangeable.
    ds = tf.data.Dataset.from_generator(lambda: iter([[1, 2], [3, 4]]),
                                        output_signature=tf.TensorSpec([None], tf.int32))
    assert ds.element_spec == tf.TensorSpec([None], tf.int32)
    assert tf.TensorSpec([None], tf.int32) == ds.element_spec
    assert hash(ds.element_spec) == hash(tf.TensorSpec([None], tf.int32))
    assert [v.tolist() for v in ds.as_numpy_iterator()] == [[1, 2], [3, 4]]
    double = tf.function(lambda x: x * 2, input_signature=[ds.element_spec])
    assert double(tf.constant([1, 2])).numpy().tolist() == [2, 4]


def test_csv_dataset_errors_name_cpu_with_a_gpu(tmp_path):
    # (TF's dataset ops have no GPU kernel: with a GPU as the default device its
    # CSVDatasetV2 and the iterator's IteratorGetNext still run on CPU:0, as their errors say)
    path = tmp_path / "p.csv"
    path.write_text("1,2,3\n")
    head = "{{function_node __wrapped__%s_output_types_2_device_/job:localhost/replica:0/" \
        "task:0/device:CPU:0}} "
    with device.standin_gpus(1):
        assert tf.config.list_logical_devices("GPU")
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            tf.data.experimental.CsvDataset(str(path), [0.0, 0.0], select_cols=[0])
        assert str(e.value) == head % "CSVDatasetV2" + \
            "select_cols should match output size [Op:CSVDatasetV2] name: "
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            next(iter(tf.data.experimental.CsvDataset(str(path), [0.0, 0.0])))
        assert str(e.value) == head % "IteratorGetNext" + \
            "Expect 2 fields but have more in record [Op:IteratorGetNext] name: "


def test_csv_record_defaults_equal_to_a_field_type_stand_for_it(tmp_path):
    # TF 2.21 asks whether a default is `in` its five types, which compares by DType
    # equality: 7 (DT_STRING's enum) and 9 (DT_INT64's) are types, a required column; 0
    # and 1.5 are default values
    path = tmp_path / "fonts.csv"
    path.write_text("font,a,b\nA,1,2\nB,,4\n")
    ds = tf.data.experimental.CsvDataset(str(path), record_defaults=[tf.string, 0, 7],
                                         header=True)
    assert [s.dtype for s in ds.element_spec] == [tf.string, tf.int32, tf.string]
    assert list(ds.as_numpy_iterator()) == [(b"A", 1, b"2"), (b"B", 0, b"4")]
    ds = tf.data.experimental.CsvDataset(str(path), record_defaults=[tf.string, 9, 1.5],
                                         header=True)
    assert [s.dtype for s in ds.element_spec] == [tf.string, tf.int64, tf.float32]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Field 1 is required but missing"):
        list(ds)
