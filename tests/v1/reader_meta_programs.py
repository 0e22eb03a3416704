"""TF 1 input pipelines of TF's reader dataset ops, exported as a meta graph by TF 2.21 and
imported by tf.compat.v1.train.import_meta_graph (record_reader_meta_golden.py,
test_reader_meta_graph.py), written once for both implementations.

`export(tf, path)` (TF only) builds, in a TF 1 graph, initializable iterators over:
- "rec": tf.raw_ops.TFRecordDataset of a string placeholder "names" (TFRecordDataset);
- "csv": tf.data.experimental.CsvDataset of a placeholder "csv_names" (CSVDatasetV2);
- "list": tf.data.experimental.from_list of vectors of two lengths (ListDataset);
- "sql": tf.data.experimental.SqlDataset of a placeholder "db" (SqlDataset),
and writes them to `path` with tf.compat.v1.train.export_meta_graph. The files they read
are fed, so the meta graph names none.

`run(tf, path, folder)` writes the files into `folder`, imports the meta graph into a new
graph and runs each iterator to its end in a Session: the elements' reprs in order.
"""

from __future__ import annotations

import os
import sqlite3

FETCHES = {"rec": "rec_next:0", "csv": ["csv_a:0", "csv_b:0", "csv_c:0"],
           "list": "list_next:0", "sql": ["sql_a:0", "sql_b:0"]}


def export(tf, path: str) -> list:
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        names = v1.placeholder(tf.string, [None], name="names")
        records = tf.raw_ops.TFRecordDataset(filenames=names, compression_type="",
                                             buffer_size=tf.constant(0, tf.int64))
        _iterate(v1, g, tf.data.experimental.from_variant(records, tf.TensorSpec([], tf.string)),
                 "rec_next")
        csv_names = v1.placeholder(tf.string, [None], name="csv_names")
        _iterate(v1, g, tf.data.experimental.CsvDataset(
            csv_names, [tf.constant([0]), tf.constant([-1.0]), tf.constant(["z"])],
            header=True), "csv_a", "csv_b", "csv_c")
        _iterate(v1, g, tf.data.experimental.from_list([[1, 2], [3]]), "list_next")
        db = v1.placeholder(tf.string, [], name="db")
        _iterate(v1, g, tf.data.experimental.SqlDataset("sqlite", db, "SELECT a, b FROM t",
                                                        (tf.int64, tf.string)),
                 "sql_a", "sql_b")
        v1.train.export_meta_graph(path)
        return sorted({o.type for o in g.get_operations()})


def _iterate(v1, g, ds, *names: str) -> None:
    it = v1.data.make_initializable_iterator(ds)
    nxt = it.get_next()
    for name, t in zip(names, nxt if isinstance(nxt, tuple) else (nxt,)):
        v1.identity(t, name=name)
    g.add_to_collection("inits", it.initializer)


def _files(tf, folder: str) -> dict:
    rec = os.path.join(folder, "a.tfrecord")
    with tf.io.TFRecordWriter(rec) as w:
        for r in (b"x", b"yz"):
            w.write(r)
    csv_file = os.path.join(folder, "a.csv")
    with open(csv_file, "wb") as f:
        f.write(b"a,b,c\n1,2.5,x\n3,,\"q,r\"\n")
    db = os.path.join(folder, "a.db")
    c = sqlite3.connect(db)
    c.execute("CREATE TABLE t (a INTEGER, b TEXT)")
    c.execute("INSERT INTO t VALUES (1, 'p'), (2, 'q')")
    c.commit()
    c.close()
    return {"names:0": [rec, rec], "csv_names:0": [csv_file], "db:0": db}


def run(tf, path: str, folder: str) -> dict:
    v1 = tf.compat.v1
    feed = _files(tf, folder)
    out = {}
    with tf.Graph().as_default() as g:
        v1.train.import_meta_graph(path)
        with v1.Session() as s:
            s.run(g.get_collection("inits"), feed)
            for key, fetch in FETCHES.items():
                got = []
                while True:
                    try:
                        got.append(repr(s.run(fetch)))
                    except tf.errors.OutOfRangeError:
                        break
                out[key] = got
    return out
