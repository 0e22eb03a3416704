"""TFRecords and tf.train.Examples exchanged with real TensorFlow (run in a subprocess).

Skipped when no TensorFlow interpreter is available (tests/tf_reference.py).
"""

import json
import os
import subprocess
import textwrap

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import TF_ENV, TF_PYTHON

ROWS = [
    {"i": [1, -2, 2**40], "f": [0.5, -1.25], "b": [b"x\x00", b""]},
    {"i": [0], "f": [3.0, 4.0], "b": [b"\xff\x00\x01"]},
    {"i": [7, 0], "f": [0.0, 0.0], "b": []},
]

TF_SCRIPT = textwrap.dedent("""
    import json, sys
    import tensorflow as tf
    folder = sys.argv[1]
    spec = {"i": tf.io.VarLenFeature(tf.int64), "f": tf.io.FixedLenFeature([2], tf.float32),
            "b": tf.io.VarLenFeature(tf.string)}
    out = {}
    for comp in ["", "GZIP", "ZLIB"]:
        ds = tf.data.TFRecordDataset(f"{folder}/ours_{comp or 'NONE'}.tfrecord", comp)
        rows = []
        for rec in ds:
            ex = tf.io.parse_single_example(rec, spec)
            rows.append({"i": ex["i"].values.numpy().tolist(), "f": ex["f"].numpy().tolist(),
                         "b": [v.hex() for v in ex["b"].values.numpy().tolist()]})
        out[comp or "NONE"] = rows
    opts = tf.io.TFRecordOptions(compression_type="GZIP")
    with tf.io.TFRecordWriter(f"{folder}/theirs.tfrecord", opts) as w:
        for k in range(3):
            ex = tf.train.Example(features=tf.train.Features(feature={
                "k": tf.train.Feature(int64_list=tf.train.Int64List(value=[k, k * 10])),
                "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"n%d" % k])),
                "w": tf.train.Feature(float_list=tf.train.FloatList(value=[k / 4]))}))
            w.write(ex.SerializeToString())
    print(json.dumps(out))
""")


def _tf_available() -> bool:
    return os.path.exists(TF_PYTHON)


def _example(row):
    return tf.train.Example(features=tf.train.Features(feature={
        "i": tf.train.Feature(int64_list=tf.train.Int64List(value=row["i"])),
        "f": tf.train.Feature(float_list=tf.train.FloatList(value=row["f"])),
        "b": tf.train.Feature(bytes_list=tf.train.BytesList(value=row["b"])),
    }))


@pytest.fixture(scope="module")
def exchanged(tmp_path_factory):
    if not _tf_available():
        pytest.skip("TensorFlow interpreter not available")
    folder = tmp_path_factory.mktemp("interop")
    for comp in ["", "GZIP", "ZLIB"]:
        with tf.io.TFRecordWriter(str(folder / f"ours_{comp or 'NONE'}.tfrecord"),
                                  tf.io.TFRecordOptions(compression_type=comp)) as w:
            for row in ROWS:
                w.write(_example(row).SerializeToString())
    proc = subprocess.run([TF_PYTHON, "-c", TF_SCRIPT, str(folder)], capture_output=True,
                          text=True, timeout=300,
                          env=TF_ENV)
    if proc.returncode != 0 and "No module named 'tensorflow'" in proc.stderr:
        pytest.skip("tensorflow is not importable")
    assert proc.returncode == 0, proc.stderr[-3000:]
    return folder, json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("comp", ["NONE", "GZIP", "ZLIB"])
def test_tensorflow_reads_our_records(exchanged, comp):
    _, read_by_tf = exchanged
    want = [{"i": r["i"], "f": r["f"], "b": [b.hex() for b in r["b"]]} for r in ROWS]
    assert read_by_tf[comp] == want


def test_we_read_tensorflows_records(exchanged):
    folder, _ = exchanged
    spec = {"k": tf.io.FixedLenFeature([2], tf.int64), "name": tf.io.VarLenFeature(tf.string),
            "w": tf.io.FixedLenFeature([], tf.float32)}
    ds = tf.data.TFRecordDataset(str(folder / "theirs.tfrecord"), compression_type="GZIP")
    rows = list(ds.map(lambda s: tf.io.parse_single_example(s, spec)))
    assert [r["k"].numpy().tolist() for r in rows] == [[0, 0], [1, 10], [2, 20]]
    assert [r["name"].values.numpy().tolist() for r in rows] == [[b"n0"], [b"n1"], [b"n2"]]
    np.testing.assert_allclose([float(r["w"]) for r in rows], [0.0, 0.25, 0.5])
    batch = tf.io.parse_example(next(iter(ds.batch(3))), spec)
    assert batch["k"].shape == (3, 2)
