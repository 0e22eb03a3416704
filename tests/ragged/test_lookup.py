"""tf.lookup tables beyond the golden expressions: mutation inside tf.function (program
order), tf.data maps, checkpoints of mutable tables (and TF 2.21 reading ours and we
reading TF's), and the hash of out-of-vocabulary keys against every bucket."""

import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import TF_ENV, TF_PYTHON


def _mutable():
    m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
    m.insert(tf.constant(["a", "b"]), tf.constant([1, 2], tf.int64))
    return m


def test_inserts_and_lookups_in_a_function_run_in_program_order():
    m = _mutable()

    @tf.function
    def f(k):
        before = m.lookup(k)
        m.insert(k, tf.constant([7], tf.int64))
        after = m.lookup(k)
        m.remove(tf.constant(["a"]))
        return before, after, m.size()

    before, after, size = f(tf.constant(["z"]))
    assert before.numpy().tolist() == [-1] and after.numpy().tolist() == [7]
    assert int(size) == 2  # b and z
    before, after, size = f(tf.constant(["q"]))  # the same trace, the table's new state
    assert f.experimental_get_tracing_count() == 1
    assert before.numpy().tolist() == [-1] and int(size) == 3


def test_static_table_in_a_dataset_map_and_a_function_of_ragged_keys():
    t = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        ["the", "cat"], tf.constant([1, 2], tf.int64)), 0)
    ds = tf.data.Dataset.from_tensor_slices(["the cat sat", "cat"]).map(
        lambda s: tf.reduce_sum(t.lookup(tf.strings.split(s))))
    assert [int(v) for v in ds] == [3, 2]

    @tf.function
    def g(s):
        return t.lookup(tf.strings.split(s))

    out = g(tf.constant(["the cat", "a cat the"]))
    assert isinstance(out, tf.RaggedTensor) and out.to_list() == [[1, 2], [0, 2, 1]]


def test_mutable_tables_round_trip_through_checkpoints(tmp_path):
    m = _mutable()
    d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, default_value=-1.0,
                                              empty_key=0, deleted_key=-1,
                                              initial_num_buckets=8)
    d.insert(tf.constant([5, 7], tf.int64), tf.constant([0.5, 0.7]))
    path = tf.train.Checkpoint(m=m, d=d).write(str(tmp_path / "ck"))
    names = dict(tf.train.list_variables(path))
    assert names["m/.ATTRIBUTES/table-keys"] == [2]
    assert names["d/.ATTRIBUTES/table-keys"] == [8, 1]
    m2 = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
    d2 = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, default_value=-1.0,
                                               empty_key=0, deleted_key=-1)
    tf.train.Checkpoint(m=m2, d=d2).read(path).assert_consumed()
    assert m2.lookup(tf.constant(["b", "a", "q"])).numpy().tolist() == [2, 1, -1]
    np.testing.assert_allclose(d2.lookup(tf.constant([7, 5, 9], tf.int64)).numpy(),
                               [0.7, 0.5, -1.0])
    assert int(d2.size()) == 2


def test_dense_table_buckets_grow_past_the_load_factor(tmp_path):
    d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1,
                                              empty_key=0, deleted_key=-1,
                                              initial_num_buckets=4)
    d.insert(tf.range(1, 5, dtype=tf.int64), tf.range(4, dtype=tf.int64))
    path = tf.train.Checkpoint(d=d).write(str(tmp_path / "ck"))
    assert dict(tf.train.list_variables(path))["d/.ATTRIBUTES/table-values"] == [8, 1]


def test_vocabulary_oov_buckets_are_fingerprint_buckets():
    v = tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(
        ["x"], tf.constant([0], tf.int64)), num_oov_buckets=1000)
    words = tf.constant([f"w{i}" for i in range(50)])
    want = tf.strings.to_hash_bucket_fast(words, 1000) + 1
    np.testing.assert_array_equal(v.lookup(words).numpy(), want.numpy())


TF_SCRIPT = r"""
import sys, json
import tensorflow as tf
path, mode = sys.argv[1], sys.argv[2]
if mode == "read":
    m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
    d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1,
                                              empty_key=0, deleted_key=-1)
    tf.train.Checkpoint(m=m, d=d).read(path).assert_consumed()
    print(json.dumps([m.lookup(tf.constant(["a", "b", "c"])).numpy().tolist(),
                      d.lookup(tf.constant([3, 4, 5], tf.int64)).numpy().tolist()]))
else:
    m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
    m.insert(tf.constant(["c", "a"]), tf.constant([30, 10], tf.int64))
    d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1,
                                              empty_key=0, deleted_key=-1)
    d.insert(tf.constant([4], tf.int64), tf.constant([40], tf.int64))
    print(tf.train.Checkpoint(m=m, d=d).write(path))
"""


@pytest.mark.skipif(not os.path.exists(TF_PYTHON), reason="TensorFlow is not installed")
def test_tensorflow_reads_our_tables_and_we_read_its(tmp_path):
    m = _mutable()
    d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1,
                                              empty_key=0, deleted_key=-1)
    d.insert(tf.constant([3, 5], tf.int64), tf.constant([30, 50], tf.int64))
    ours = tf.train.Checkpoint(m=m, d=d).write(str(tmp_path / "ours"))
    run = subprocess.run([TF_PYTHON, "-c", TF_SCRIPT, ours, "read"], capture_output=True,
                         text=True, env=TF_ENV, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip().splitlines()[-1] == "[[1, 2, -1], [30, -1, 50]]"
    run = subprocess.run([TF_PYTHON, "-c", TF_SCRIPT, str(tmp_path / "theirs"), "write"],
                         capture_output=True, text=True, env=TF_ENV, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    m2 = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
    d2 = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1,
                                               empty_key=0, deleted_key=-1)
    tf.train.Checkpoint(m=m2, d=d2).read(run.stdout.strip().splitlines()[-1])
    assert m2.lookup(tf.constant(["a", "b", "c"])).numpy().tolist() == [10, -1, 30]
    assert d2.lookup(tf.constant([4, 5], tf.int64)).numpy().tolist() == [40, -1]
