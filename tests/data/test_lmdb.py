"""LMDB: tf.raw_ops.LMDBDataset, ExperimentalLMDBDataset and tf.compat.v1.LMDBReader answer
as TF 2.21's, which has removed LMDB support (lmdb_golden.json, recorded from it by
record_lmdb.py): each refuses with UnimplementedError, eagerly, traced and in a Session,
after the op's checks that come first; TF 1's reader class builds its graph, and an
exported TF 1 graph of it imports, failing when run at its reader node.
"""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.record_lmdb import _calls, _graph_outcome, _reader

GOLDEN = json.loads((Path(__file__).parent / "lmdb_golden.json").read_text())
OPS = ("LMDBDataset", "ExperimentalLMDBDataset")
REMOVED = ("LMDB support is removed from TensorFlow. This API will be deleted in the next "
           "TensorFlow release. If you need LMDB support, please file a GitHub issue.")
V1 = tf.compat.v1


@pytest.mark.parametrize("op", OPS)
def test_dataset_calls_are_tfs(op):
    got, want = _calls(tf, op), GOLDEN["datasets"][op]
    assert got.keys() == want.keys()
    for case in want:
        assert got[case] == want[case], case


def test_dataset_refusal_is_tfs_unimplemented_error():
    with pytest.raises(tf.errors.UnimplementedError) as e:
        tf.raw_ops.LMDBDataset(filenames=["missing.mdb"], output_types=[tf.string],
                               output_shapes=[[]])
    assert e.value.error_code == tf.errors.UNIMPLEMENTED
    assert REMOVED in e.value.message
    assert GOLDEN["datasets"]["LMDBDataset"]["missing file"][0] == "UnimplementedError"


def test_dataset_refused_in_a_tf_function_each_call():
    @tf.function
    def f(names):
        return tf.raw_ops.ExperimentalLMDBDataset(filenames=names, output_types=[tf.string],
                                                  output_shapes=[[]])

    for _ in range(2):  # (traced once, refused when run, each time)
        with pytest.raises(tf.errors.UnimplementedError, match="LMDB support is removed"):
            f(tf.constant(["a.mdb"]))


def test_reader_is_tfs():
    got = _reader(tf)
    # (TF's reader gives a reference and its ops are TF 1's on references; eagerflow's are
    # their V2 forms, on the resource it holds)
    got["ops"] = [t.removesuffix("V2") for t in got["ops"]]
    assert got == GOLDEN["reader"]


def test_reader_refused_eagerly():
    with pytest.raises(RuntimeError) as e:
        V1.LMDBReader()
    assert str(e.value) == GOLDEN["reader"]["eager"][1]


def test_tf_1_graph_of_the_reader_imports_and_fails_at_its_reader():
    # (TF 2.21 built and exported it: LMDBReader and the ops on references, FakeQueue)
    want = GOLDEN["meta"]
    assert want["types"][0] == "LMDBReader" and "ReaderRead" in want["types"]
    with tf.Graph().as_default():
        V1.train.import_meta_graph(str(Path(__file__).parent / "lmdb_reader.meta"))
        with V1.Session() as s:
            # (the queue's ops, which need no reader, run; closed, no read could wait)
            s.run("enqueue", {"names:0": ["a.mdb"]})
            s.run("close")
            got = {k: _graph_outcome(lambda k=k: s.run(k)) for k in want["runs"]}
    assert got == want["runs"]


def test_no_lmdb_library_is_loaded():
    import sys

    assert "lmdb" not in sys.modules
