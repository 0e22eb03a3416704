"""Writes lmdb_golden.json: what TF 2.21 does with its LMDB entry points
(tf.raw_ops.LMDBDataset, ExperimentalLMDBDataset, tf.compat.v1.LMDBReader), and
lmdb_reader.meta: a TF 1 graph of an LMDBReader reading a queue of file names fed to it.

TF 2.21 has removed LMDB support: each op's kernel refuses with UnimplementedError
(eagerly, in a tf.function, in a Session), after the op's checks that come first; TF 1's
reader class still builds its graph. Nothing is read, so the file names need not exist
(no LMDB library is needed).

    .venv-peers/bin/python tests/data/record_lmdb.py
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402


def _outcome(f):
    try:
        return ["ok", repr(f())]
    except Exception as e:  # noqa: BLE001 - any error is a fact to record
        return [type(e).__name__, getattr(e, "message", str(e))]


def _graph_outcome(f):
    """A graph's run: its error's class and the words after where the node was defined
    (TF's traceback lines, which name this script, left out)."""
    kind, text = _outcome(f)
    if text.startswith("Graph execution error:"):
        text = text.split("\n\n")[-1] if "Node: '" not in text else \
            text[text.index("Node: '"):]
        text = re.sub(r"__inference_\w+_\d+", "__inference_f", text)
    return [kind, text]


def _calls(tf, op):
    raw = getattr(tf.raw_ops, op)
    two = {"output_types": [tf.string] * 2, "output_shapes": [[], []]}
    cases = {
        "missing file": dict(filenames="no/such/file.mdb", **two),
        "files": dict(filenames=["a.mdb", "b.mdb"], **two),
        "file tensor": dict(filenames=tf.constant(["a.mdb"]), **two),
        "no files": dict(filenames=tf.constant([], tf.string), **two),
        "rank 2": dict(filenames=[["a.mdb"]], **two),
        "attrs of other lengths": dict(filenames=["a.mdb"], output_types=[tf.string],
                                       output_shapes=[[3], []]),
        "no types": dict(filenames=["a.mdb"], output_types=[], output_shapes=[]),
        "no shapes": dict(filenames=["a.mdb"], output_types=[tf.string], output_shapes=[]),
        "int tensor": dict(filenames=tf.constant([1]), **two),
        "int names": dict(filenames=[1], **two),
    }
    out = {k: _outcome(lambda kw=kw: raw(**kw)) for k, kw in cases.items()}

    @tf.function
    def f(names):
        v = raw(filenames=names, **two)
        ds = tf.data.experimental.from_variant(v, (tf.TensorSpec([], tf.string),) * 2)
        return ds.reduce(tf.constant(0, tf.int64), lambda n, kv: n + 1)

    out["traced"] = _graph_outcome(lambda: f(tf.constant(["a.mdb"])))
    with tf.Graph().as_default():
        v = raw(filenames=["a.mdb"], **two)
        out["graph"] = [v.op.type, v.dtype.name, v.shape.as_list()]
        with tf.compat.v1.Session() as s:
            out["session"] = _graph_outcome(lambda: s.run(v))
    return out


def _reader(tf):
    with tf.Graph().as_default():
        r = tf.compat.v1.LMDBReader(name="db")
        q = tf.compat.v1.FIFOQueue(4, tf.string)
        key, value = r.read(q)
        keys, _ = r.read_up_to(q, 2)
        produced, done = r.num_records_produced(), r.num_work_units_completed()
        reset, state = r.reset(), r.serialize_state()
        out = {"reader_ref": [r.reader_ref.op.type, r.reader_ref.op.name],
               "supports_serialize": r.supports_serialize,
               "ops": [key.op.type, keys.op.type, produced.op.type, done.op.type, reset.type,
                       state.op.type]}
        with tf.compat.v1.Session() as s:
            s.run(q.enqueue_many([["a.mdb"]]))
            out["runs"] = {k: _graph_outcome(lambda t=t: s.run(t)) for k, t in [
                ("ref", r.reader_ref), ("read", [key, value]), ("read_up_to", keys),
                ("produced", produced), ("done", done), ("reset", reset),
                ("serialize", state)]}
    out["eager"] = _outcome(lambda: tf.compat.v1.LMDBReader())
    return out


def _meta(tf):
    """The reader's TF 1 graph, exported; its nodes' types, and its runs imported."""
    path = os.path.join(HERE, "lmdb_reader.meta")
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
        tf.compat.v1.train.export_meta_graph(path, graph=g)
    out = {"types": [op.type for op in g.get_operations()]}
    with tf.Graph().as_default():
        tf.compat.v1.train.import_meta_graph(path)
        with tf.compat.v1.Session() as s:
            s.run("enqueue", {"names:0": ["a.mdb"]})
            s.run("close")
            out["runs"] = {k: _graph_outcome(lambda k=k: s.run(k)) for k in (
                "read:0", "read_up_to:1", "produced:0", "done:0", "reset", "db:0")}
    return out


def main():
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")
    golden = {"datasets": {op: _calls(tf, op) for op in ("LMDBDataset",
                                                         "ExperimentalLMDBDataset")},
              "reader": _reader(tf), "meta": _meta(tf)}
    write_json(os.path.join(HERE, "lmdb_golden.json"), golden, end="\n", indent=1)


if __name__ == "__main__":
    main()
