"""Writes lmdb_golden.json: what TF 2.21 does with LMDB files (tf.raw_ops.LMDBDataset,
ExperimentalLMDBDataset, tf.compat.v1.LMDBReader) on small databases py-lmdb writes, and
lmdb_reader.meta: a TF 1 graph of an LMDBReader reading a queue of file names fed to it.

TF 2.21 has taken its LMDB kernels out: every op fails with its UnimplementedError, which
the golden records (eagerflow reads the files instead, as TF's kernels did); the graph
that TF 1's reader builds, and the ops' checks before the kernel, are TF's still.

    .venv-peers/bin/python tests/data/record_lmdb.py
"""

import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402


def _outcome(f):
    try:
        return ["ok", repr(f())]
    except Exception as e:  # noqa: BLE001 - any error is a fact to record
        return [type(e).__name__, getattr(e, "message", str(e))]


def _datasets(tf, path):
    out = {}
    for op in ("LMDBDataset", "ExperimentalLMDBDataset"):
        raw = getattr(tf.raw_ops, op)
        out[op] = {
            "read": _outcome(lambda raw=raw: raw(filenames=[path], output_types=[tf.string] * 2,
                                                 output_shapes=[[], []])),
            "missing": _outcome(lambda raw=raw: raw(filenames=[path + ".x"],
                                                    output_types=[tf.string] * 2,
                                                    output_shapes=[[], []])),
            "no shapes": _outcome(lambda raw=raw: raw(filenames=[path], output_types=[],
                                                      output_shapes=[])),
            "int names": _outcome(lambda raw=raw: raw(filenames=[1],
                                                      output_types=[tf.string] * 2,
                                                      output_shapes=[[], []])),
        }
    return out


def _reader(tf, path):
    with tf.Graph().as_default():
        r = tf.compat.v1.LMDBReader(name="db")
        q = tf.compat.v1.FIFOQueue(4, tf.string)
        key, value = r.read(q)
        keys, _ = r.read_up_to(q, 2)
        out = {"reader_ref": [r.reader_ref.op.type, r.reader_ref.op.name],
               "supports_serialize": r.supports_serialize,
               "ops": [key.op.type, keys.op.type, r.num_records_produced().op.type,
                       r.num_work_units_completed().op.type, r.reset().type,
                       r.serialize_state().op.type]}
        with tf.compat.v1.Session() as s:
            s.run(q.enqueue_many([[path]]))
            out["read"] = _outcome(lambda: s.run([key, value]))
    out["read"][1] = out["read"][1].split("\n")[-2].strip() if out["read"][0] != "ok" \
        else out["read"][1]
    out["eager"] = _outcome(lambda: tf.compat.v1.LMDBReader())
    return out


def _meta(tf):
    """The reader's TF 1 graph, exported; its nodes' types."""
    with tf.Graph().as_default() as g:
        r = tf.compat.v1.LMDBReader(name="db")
        q = tf.compat.v1.FIFOQueue(8, tf.string, name="files")
        names = tf.compat.v1.placeholder(tf.string, [None], name="names")
        q.enqueue_many([names], name="enqueue")
        q.close(name="close")
        r.read(q, name="read")
        r.read_up_to(q, 2, name="read_up_to")
        r.num_records_produced(name="produced")
        r.num_work_units_completed(name="done")
        r.reset(name="reset")
        tf.compat.v1.train.export_meta_graph(os.path.join(HERE, "lmdb_reader.meta"), graph=g)
    return [op.type for op in g.get_operations()]


def main():
    import lmdb
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "a.mdb")
    env = lmdb.open(path, subdir=False, map_size=1 << 20)
    with env.begin(write=True) as txn:
        txn.put(b"b", b"2")
        txn.put(b"a", b"1")
    env.close()
    golden = {"datasets": _datasets(tf, path), "reader": _reader(tf, path),
              "meta_types": _meta(tf)}
    text = repr(golden).replace(folder, "FOLDER")
    write_json(os.path.join(HERE, "lmdb_golden.json"), eval(text), end="\n", indent=1)


if __name__ == "__main__":
    main()
