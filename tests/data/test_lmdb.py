"""LMDB files: tf.raw_ops.LMDBDataset, ExperimentalLMDBDataset and tf.compat.v1.LMDBReader,
reading databases py-lmdb writes.

TF 2.21 has taken its LMDB kernels out (lmdb_golden.json, recorded from it: every op fails
with UnimplementedError); eagerflow reads the files as TF's kernels did: each file's
records in key order, file after file, keys and values as strings. What TF 2.21 still does
(its op checks, TF 1's reader class and its eager refusal) is checked against the golden.
"""

import json
from pathlib import Path

import pytest

import eagerflow as tf

lmdb = pytest.importorskip("lmdb")

GOLDEN = json.loads((Path(__file__).parent / "lmdb_golden.json").read_text())
STR = tf.TensorSpec([], tf.string)
OPS = ("LMDBDataset", "ExperimentalLMDBDataset")


def _write(path, records):
    env = lmdb.open(str(path), subdir=False, map_size=1 << 20)
    with env.begin(write=True) as txn:
        for k, v in records:
            txn.put(k, v)
    env.close()
    return str(path)


@pytest.fixture
def dbs(tmp_path):
    (tmp_path / "junk.mdb").write_bytes(b"not an LMDB file" * 512)
    return {"a": _write(tmp_path / "a.mdb", [(b"b", b"2"), (b"a", b"1"), (b"c", b"")]),
            "b": _write(tmp_path / "b.mdb", [(b"z", b"\x00\xff"), (b"y", b"25")]),
            "empty": _write(tmp_path / "empty.mdb", []),
            "junk": str(tmp_path / "junk.mdb"), "missing": str(tmp_path / "missing.mdb")}


def _dataset(op, files):
    v = getattr(tf.raw_ops, op)(filenames=files, output_types=[tf.string] * 2,
                                output_shapes=[[], []])
    return v, tf.data.experimental.from_variant(v, (STR, STR))


@pytest.mark.parametrize("op", OPS)
def test_dataset_reads_files_in_order_each_in_key_order(op, dbs):
    v, ds = _dataset(op, [dbs["b"], dbs["empty"], dbs["a"]])
    assert ds.element_spec == (STR, STR)
    assert list(ds.as_numpy_iterator()) == [
        (b"y", b"25"), (b"z", b"\x00\xff"), (b"a", b"1"), (b"b", b"2"), (b"c", b"")]
    # (an ExperimentalX op runs X's kernel, which its debug text names)
    assert repr(v) == "<tf.Tensor: shape=(), dtype=variant, value=<LMDBDatasetOp::Dataset>>"
    # a scalar file name, and iterating twice reads again
    _, one = _dataset(op, dbs["a"])
    assert [k for k, _ in one] == [b"a", b"b", b"c"] == [k for k, _ in one]


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("bad, words", [("missing", "No such file or directory"),
                                        ("junk", "MDB_INVALID: File is not an LMDB file")])
def test_dataset_error_at_the_bad_file(op, dbs, bad, words):
    _, ds = _dataset(op, [dbs["a"], dbs[bad]])
    it = iter(ds)
    assert [next(it)[0].numpy() for _ in range(3)] == [b"a", b"b", b"c"]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        next(it)
    assert f"{dbs[bad]}: {words} [Op:IteratorGetNext]" in e.value.message


@pytest.mark.parametrize("op", OPS)
def test_dataset_checks_are_tfs(op, dbs):
    want = GOLDEN["datasets"][op]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(tf.raw_ops, op)(filenames=[dbs["a"]], output_types=[], output_shapes=[])
    assert e.value.message == want["no shapes"][1]
    with pytest.raises(TypeError, match=want["int names"][1].replace("[", r"\[")):
        getattr(tf.raw_ops, op)(filenames=[1], output_types=[tf.string] * 2,
                                output_shapes=[[], []])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="`filenames` must be a scalar or a vector."):
        _dataset(op, [[dbs["a"]]])


def test_tf_2_21_has_taken_the_kernels_out():
    # (recorded, so a later TF that reads again shows here; eagerflow reads)
    for op in OPS:
        assert GOLDEN["datasets"][op]["read"][0] == "UnimplementedError"
    assert GOLDEN["reader"]["read"][1].startswith("LMDB support is removed from TensorFlow")


def test_dataset_in_a_function_and_a_pipeline(dbs):
    @tf.function
    def count(files):
        v = tf.raw_ops.LMDBDataset(filenames=files, output_types=[tf.string] * 2,
                                   output_shapes=[[], []])
        ds = tf.data.experimental.from_variant(v, (STR, STR))
        return ds.reduce(tf.constant(0, tf.int64), lambda n, kv: n + 1)

    assert int(count(tf.constant([dbs["a"], dbs["b"]]))) == 5
    _, ds = _dataset("LMDBDataset", [dbs["a"]])
    got = list(ds.map(lambda k, v: tf.strings.join([k, v], "=")).batch(2).as_numpy_iterator())
    assert [list(b) for b in got] == [[b"a=1", b"b=2"], [b"c="]]


def test_without_py_lmdb_the_error_names_the_extra(dbs, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "lmdb", None)
    _, ds = _dataset("LMDBDataset", [dbs["a"]])
    with pytest.raises(tf.errors.UnimplementedError, match=r"eagerflow\[lmdb\]"):
        list(ds)


# -- tf.compat.v1.LMDBReader ------------------------------------------------------------------

V1 = tf.compat.v1


def test_reader_graph_is_tfs():
    want = GOLDEN["reader"]
    with tf.Graph().as_default():
        r = V1.LMDBReader(name="db")
        assert [r.reader_ref.op.type, r.reader_ref.op.name] == want["reader_ref"]
        assert r.supports_serialize is want["supports_serialize"]


def test_reader_refused_eagerly():
    with pytest.raises(RuntimeError) as e:
        V1.LMDBReader()
    assert str(e.value) == GOLDEN["reader"]["eager"][1]


def test_reader_reads_queued_files(dbs):
    with tf.Graph().as_default():
        r = V1.LMDBReader()
        q = V1.FIFOQueue(10, tf.string)
        key, value = r.read(q)
        keys, values = r.read_up_to(q, 2)
        produced, done = r.num_records_produced(), r.num_work_units_completed()
        reset = r.reset()
        with V1.Session() as s:
            s.run(q.enqueue_many([[dbs["a"], dbs["empty"], dbs["b"], dbs["missing"],
                                   dbs["junk"]]]))
            s.run(q.close())
            assert s.run([key, value]) == [b"a", b"1"]
            # (a read up to n stops at the end of a file once it holds a record)
            got = s.run([keys, values])
            assert [list(x) for x in got] == [[b"b", b"c"], [b"2", b""]]
            got = s.run([keys, values])
            assert [list(x) for x in got] == [[b"y", b"z"], [b"25", b"\x00\xff"]]
            assert s.run([produced, done]) == [5, 2]
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match="missing.mdb: No such file or directory"):
                s.run(key)
            with pytest.raises(tf.errors.InvalidArgumentError, match="MDB_INVALID"):
                s.run(key)
            with pytest.raises(tf.errors.OutOfRangeError, match="is closed"):
                s.run(key)
            s.run(reset)
            assert s.run([produced, done]) == [0, 0]
            with pytest.raises(tf.errors.UnimplementedError, match="Reader SerializeState"):
                s.run(r.serialize_state())



def test_tf_1_graph_of_the_reader_imports_and_reads(dbs):
    # (TF 2.21 built and exported it: LMDBReader and the ops on references, FakeQueue)
    assert GOLDEN["meta_types"][0] == "LMDBReader" and "ReaderRead" in GOLDEN["meta_types"]
    with tf.Graph().as_default():
        V1.train.import_meta_graph(str(Path(__file__).parent / "lmdb_reader.meta"))
        with V1.Session() as s:
            s.run("enqueue", {"names:0": [dbs["a"], dbs["empty"], dbs["b"]]})
            s.run("close")
            assert s.run(["read:0", "read:1"]) == [b"a", b"1"]
            assert [list(x) for x in s.run(["read_up_to:0", "read_up_to:1"])] == [
                [b"b", b"c"], [b"2", b""]]
            assert [list(x) for x in s.run(["read_up_to:0", "read_up_to:1"])] == [
                [b"y", b"z"], [b"25", b"\x00\xff"]]
            assert s.run(["produced:0", "done:0"]) == [5, 2]
            with pytest.raises(tf.errors.OutOfRangeError):
                s.run("read:0")
            s.run("reset")
            assert s.run("produced:0") == 0


def test_one_file_read_by_many_at_once(dbs):
    # (LMDB opens a file once per process: the readers share it)
    def records(f):
        return _dataset("LMDBDataset", f)[1].map(lambda k, v: k)

    ds = tf.data.Dataset.from_tensor_slices([dbs["a"]] * 4).interleave(
        records, cycle_length=4, num_parallel_calls=4)
    assert sorted(ds.as_numpy_iterator()) == sorted([b"a", b"b", b"c"] * 4)
    _, one = _dataset("LMDBDataset", [dbs["a"]])
    first, second = iter(one), iter(one)
    assert [next(first)[0].numpy(), next(second)[0].numpy(), next(first)[0].numpy()] == [
        b"a", b"a", b"b"]
