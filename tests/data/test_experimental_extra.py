"""tf.data.experimental's at, pad_to_cardinality, tables from datasets, SHARD_HINT and
enable_debug_mode, as TF 2.21 has them (outputs and messages recorded from TF 2.21)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import eagerflow as tf
from tests.child_env import pythonpath

E = tf.data.experimental


def test_at_reads_by_position_where_tf_can():
    assert int(E.at(tf.data.Dataset.range(10).map(lambda x: x * 2), 2)) == 4
    np.testing.assert_array_equal(E.at(tf.data.Dataset.range(10).batch(3), 2), [6, 7, 8])
    with pytest.raises(tf.errors.OutOfRangeError, match=r"Index out of range \[0, 2\):2"):
        E.at(tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]), 2)
    with pytest.raises(tf.errors.OutOfRangeError, match=r"Index out of range \[0, 10\):-1"):
        E.at(tf.data.Dataset.range(10), -1)
    with pytest.raises(tf.errors.UnimplementedError, match="Random access is not implemented "
                                                           "for dataset FilterDataset"):
        E.at(tf.data.Dataset.range(10).filter(lambda x: x > 2), 2)
    with pytest.raises(tf.errors.FailedPreconditionError, match="has infinite cardinality, "
                                                                "which does not support"):
        E.at(tf.data.Dataset.range(3).repeat(), 2)


def test_pad_to_cardinality_adds_zero_elements_and_a_mask():
    d = tf.data.Dataset.from_tensor_slices({"a": [1, 2]}).apply(E.pad_to_cardinality(4))
    got = list(d.as_numpy_iterator())
    assert [(int(e["a"]), bool(e["valid"])) for e in got] == [(1, True), (2, True),
                                                            (0, False), (0, False)]
    assert int(d.cardinality()) == 4
    with pytest.raises(ValueError, match=r"must have a cardinalty less than the target "
                                         r"cardinality \(3\), but has cardinality 5"):
        tf.data.Dataset.range(5).map(lambda x: {"x": x}).apply(E.pad_to_cardinality(3))
    with pytest.raises(ValueError, match="must have a known cardinalty, but has cardinality -2"):
        tf.data.Dataset.range(5).filter(lambda x: x > 1).map(lambda x: {"x": x}).apply(
            E.pad_to_cardinality(3))


def test_tables_from_datasets():
    t = E.table_from_dataset(tf.data.Dataset.from_tensor_slices((["a", "b"], [1, 2])),
                             default_value=-1)
    np.testing.assert_array_equal(t.lookup(tf.constant(["a", "z"])), [1, -1])
    t2 = E.index_table_from_dataset(tf.data.Dataset.from_tensor_slices(["x", "y"]),
                                    num_oov_buckets=2)
    np.testing.assert_array_equal(t2.lookup(tf.constant(["y", "q"])), [1, 3])  # TF's bucket
    t3 = E.index_table_from_dataset(tf.data.Dataset.from_tensor_slices(["x", "y"]))
    assert t3.lookup(tf.constant(["y", "q"])).numpy().tolist() == [1, -1]
    init = E.DatasetInitializer(tf.data.Dataset.from_tensor_slices(([1, 2], [3.0, 4.0])))
    np.testing.assert_array_equal(
        tf.lookup.StaticHashTable(init, -1.0).lookup(tf.constant([2, 5])), [4.0, -1.0])
    with pytest.raises(tf.errors.FailedPreconditionError, match="HashTable has different "
                                                                "value for same key. Key a"):
        E.table_from_dataset(tf.data.Dataset.from_tensor_slices((["a", "a"], [1, 2])),
                             default_value=-1)
    with pytest.raises(TypeError, match="object of type 'TensorSpec' has no len()"):
        E.DatasetInitializer(tf.data.Dataset.range(3))
    assert E.SHARD_HINT == -1


def test_debug_mode_runs_functions_per_element_after_one_trace(tmp_path):
    script = textwrap.dedent('''
        import eagerflow as tf
        tf.data.experimental.enable_debug_mode()

        def f(x):
            print("called", x)
            return x + 1

        print(list(tf.data.Dataset.range(3).map(f).as_numpy_iterator()))
    ''')
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    # TF 2.21 prints exactly this
    assert out.stdout == ('called Tensor("args_0:0", shape=(), dtype=int64)\n'
                          "called tf.Tensor(0, shape=(), dtype=int64)\n"
                          "called tf.Tensor(1, shape=(), dtype=int64)\n"
                          "called tf.Tensor(2, shape=(), dtype=int64)\n"
                          "[np.int64(1), np.int64(2), np.int64(3)]\n")


def test_group_by_reducer_folds_each_key_and_outputs_in_key_order():
    r = E.Reducer(init_func=lambda k: k * 100, reduce_func=lambda s, x: s + x,
                  finalize_func=lambda s: s)
    d = tf.data.Dataset.range(20).map(lambda x: 19 - x).apply(
        E.group_by_reducer(lambda x: x % 7, r))
    assert [int(v) for v in d] == [21, 124, 227, 330, 433, 536, 619]  # TF's order and values
    mean = E.Reducer(init_func=lambda _: (tf.constant(0, tf.int64), tf.constant(0, tf.int64)),
                     reduce_func=lambda s, x: (s[0] + x, s[1] + 1),
                     finalize_func=lambda s, c: s // c)
    d = tf.data.Dataset.range(10).apply(E.group_by_reducer(lambda x: x % 3, mean))
    assert [int(v) for v in d] == [4, 4, 5]

    @tf.function
    def total():
        return d.reduce(tf.constant(0, tf.int64), lambda a, b: a + b)

    assert int(total()) == 13


def test_group_by_reducer_refuses_what_tf_refuses():
    r = E.Reducer(init_func=lambda k: k, reduce_func=lambda s, x: s + x,
                  finalize_func=lambda s: s)
    with pytest.raises(ValueError, match=r"Invalid `key_func`. Expected `key_func` to return a "
                                         r"scalar tf.int64 tensor, but instead `key_func` has "
                                         r"output types=<dtype: 'int32'> and shapes=\(\)."):
        tf.data.Dataset.range(3).apply(E.group_by_reducer(lambda x: tf.cast(x, tf.int32), r))
    bad = E.Reducer(init_func=lambda k: tf.constant(0, tf.int64),
                    reduce_func=lambda s, x: tf.cast(s, tf.float32), finalize_func=lambda s: s)
    with pytest.raises(TypeError, match="Invalid `reducer`. The element types for the new state "
                                        "<dtype: 'float32'> do not match the element types of "
                                        "the old state <dtype: 'int64'>."):
        tf.data.Dataset.range(3).apply(E.group_by_reducer(lambda x: x % 3, bad))


def _examples(n):
    return [tf.train.Example(features=tf.train.Features(feature={
        "a": tf.train.Feature(int64_list=tf.train.Int64List(value=[i, i + 1]))}))
        .SerializeToString() for i in range(n)]


def test_parse_example_dataset_parses_batches_of_examples_as_tf():
    feats = {"a": tf.io.FixedLenFeature([2], tf.int64)}
    ds = tf.data.Dataset.from_tensor_slices(_examples(3)).batch(2)
    parsed = ds.apply(E.parse_example_dataset(feats, num_parallel_calls=2, deterministic=True))
    assert repr(parsed) == ("<_ParseExampleDataset element_spec={'a': TensorSpec(shape=(None, "
                            "2), dtype=tf.int64, name=None)}>")
    assert [b["a"].numpy().tolist() for b in parsed] == [[[0, 1], [1, 2]], [[2, 3]]]
    fixed = tf.data.Dataset.from_tensor_slices([_examples(2)]).apply(E.parse_example_dataset(feats))
    assert repr(fixed.element_spec) == "{'a': TensorSpec(shape=(2, 2), dtype=tf.int64, name=None)}"
    sparse = ds.apply(E.parse_example_dataset({"a": tf.io.VarLenFeature(tf.int64)}))
    assert repr(sparse.element_spec) == "{'a': SparseTensorSpec(TensorShape([None, None]), " \
        "tf.int64)}"
    ragged = ds.apply(E.parse_example_dataset({"a": tf.io.RaggedFeature(tf.int64)}))
    assert repr(ragged.element_spec) == "{'a': RaggedTensorSpec(TensorShape([None, None]), " \
        "tf.int64, 1, tf.int32)}"


def test_parse_example_dataset_refusals_as_tf():
    feats = {"a": tf.io.FixedLenFeature([2], tf.int64)}
    with pytest.raises(ValueError, match=r"^Argument `features` is required, but not "
                                         r"specified.$"):
        E.parse_example_dataset(None)
    apply = E.parse_example_dataset(feats)
    for ds, spec in [
            (tf.data.Dataset.from_tensor_slices(_examples(1)),
             "TensorSpec(shape=(), dtype=tf.string, name=None)"),
            (tf.data.Dataset.range(3), "TensorSpec(shape=(), dtype=tf.int64, name=None)"),
            (tf.data.Dataset.from_tensor_slices([[_examples(2)]]),
             "TensorSpec(shape=(1, 2), dtype=tf.string, name=None)"),
            (tf.data.Dataset.from_tensor_slices((_examples(1), [1])).batch(1),
             "(TensorSpec(shape=(None,), dtype=tf.string, name=None), TensorSpec(shape=(None,), "
             "dtype=tf.int32, name=None))")]:
        with pytest.raises(TypeError) as e:
            ds.apply(apply)
        assert str(e.value) == ("Input dataset should be a dataset of vectors of strings. "
                                f"Instead it is `{spec}`.")
