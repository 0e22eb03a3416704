"""TensorFlow reads what eagerflow writes and the reverse (runs only where TF is installed).

One TensorFlow process (started once for the module) reads eagerflow's checkpoint and
event file, restores the checkpoint into tf.Variables and tf.Modules, and writes its own
checkpoints for eagerflow to read. TensorFlow's interpreter is found as
tests/tf_reference.py says.
"""

import base64
import json
import os
import subprocess

import numpy as np
import pytest
from ckpt_fakes import Module

import eagerflow as tf
from eagerflow._src.io import table
from tests.tf_reference import TF_ENV, TF_PYTHON

pytestmark = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                                reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")

TF_SCRIPT = r'''
import base64, json, os, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf

d = sys.argv[1]
out = {}

def enc(v):
    v = np.asarray(v)
    if v.dtype == object or v.dtype.kind == "S":
        return {"s": [base64.b64encode(bytes(x)).decode() for x in v.reshape(-1)],
                "shape": list(v.shape)}
    if v.dtype.kind == "c":
        return {"c": [[float(x.real), float(x.imag)] for x in v.reshape(-1)],
                "shape": list(v.shape), "dtype": str(v.dtype)}
    return {"v": v.reshape(-1).tolist(), "shape": list(v.shape), "dtype": str(v.dtype)}

# 1. eagerflow's checkpoint, read by key
prefix = tf.train.latest_checkpoint(os.path.join(d, "ef"))
out["latest"] = prefix
r = tf.train.load_checkpoint(prefix)
out["listed"] = tf.train.list_variables(prefix)
out["values"] = {k: enc(r.get_tensor(k)) for k, _ in out["listed"]
                 if k != "_CHECKPOINTABLE_OBJECT_GRAPH"}
out["dtypes"] = {k: v.name for k, v in r.get_variable_to_dtype_map().items()}

# 2. ... and restored object by object into tf.Variables and tf.Modules
m = tf.Module()
m.w = tf.Variable(tf.zeros([2, 3]))
m.layers = [tf.Variable(0, dtype=tf.int64), tf.Module()]
m.layers[1].s = tf.Variable([b"", b""])
ck = tf.train.Checkpoint(x=tf.Variable(0.0), h=tf.Variable(tf.zeros([4], tf.float16)),
                         b=tf.Variable([False, False]), m=m)
ck.restore(prefix).assert_consumed()
out["restored"] = {"x": enc(ck.x.numpy()), "h": enc(ck.h.numpy()), "b": enc(ck.b.numpy()),
                   "w": enc(m.w.numpy()), "l0": enc(m.layers[0].numpy()),
                   "s": enc(m.layers[1].s.numpy()), "save_counter": int(ck.save_counter.numpy())}

# 3. TensorFlow's own checkpoints for eagerflow
tm = tf.Module()
tm.kernel = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))
tm.names = tf.Variable(["ab", "", "cde"])
tm.sub = [tf.Module(), tf.Variable(np.array([1 + 2j], np.complex128))]
tm.sub[0].count = tf.Variable(7, dtype=tf.int64)
tck = tf.train.Checkpoint(model=tm, step=tf.Variable(3))
mgr = tf.train.CheckpointManager(tck, os.path.join(d, "tf"), max_to_keep=2)
for i in range(3):
    tck.step.assign_add(1)
    mgr.save()
out["tf_latest"] = mgr.latest_checkpoint
big = tf.train.Checkpoint(**{f"v{i:03d}": tf.Variable(np.full(50, i, np.float32))
                             for i in range(400)})
out["tf_big"] = big.write(os.path.join(d, "tfbig", "b"))

# 3b. lists filled after assignment: TF restores ours when the elements appear, and saves its own
lm = tf.Module()
lm.blocks = []
lm.table = {}
lst = tf.train.Checkpoint(m=lm).read(os.path.join(d, "ef_lists", "l"))
lm.blocks.append(tf.Variable(0.0))
lm.blocks.append(tf.Module())
lm.blocks[1].w = tf.Variable([0.0, 0.0])
lm.table["k"] = tf.Variable(0, dtype=tf.int64)
lst.assert_consumed()
out["lists_restored"] = [float(lm.blocks[0].numpy()), lm.blocks[1].w.numpy().tolist(),
                         int(lm.table["k"].numpy())]
tl = tf.Module()
tl.blocks = []
tl.blocks.append(tf.Variable(3.5))
tl.blocks.append([tf.Variable([1, 2, 3])])
out["tf_lists"] = tf.train.Checkpoint(m=tl).write(os.path.join(d, "tf_lists", "l"))

# 4. eagerflow's event file through TF's reader
events = []
for fn in sorted(os.listdir(os.path.join(d, "logs"))):
    for e in tf.compat.v1.train.summary_iterator(os.path.join(d, "logs", fn)):
        if e.HasField("file_version"):
            events.append({"file_version": e.file_version})
        for v in e.summary.value:
            if v.metadata.plugin_data.plugin_name == "graph_run_metadata_graph":
                from tensorflow.core.protobuf import config_pb2
                rm = config_pb2.RunMetadata.FromString(tf.make_ndarray(v.tensor).item())
                events.append({"step": e.step, "tag": v.tag, "graphs": [
                    [[n.name, n.op, list(n.input)] for n in fg.pre_optimization_graph.node]
                    for fg in rm.function_graphs]})
                continue
            events.append({"step": e.step, "tag": v.tag,
                           "plugin": v.metadata.plugin_data.plugin_name,
                           "value": enc(tf.make_ndarray(v.tensor))})
out["events"] = events
print("JSON" + json.dumps(out))
'''


def dec(d):
    if "s" in d:
        return np.array([base64.b64decode(x) for x in d["s"]], dtype=object).reshape(d["shape"])
    if "c" in d:
        return np.array([complex(a, b) for a, b in d["c"]], dtype=d["dtype"]).reshape(d["shape"])
    return np.array(d["v"], dtype=d["dtype"]).reshape(d["shape"])


@pytest.fixture(scope="module")
def tf_run(tmp_path_factory):
    d = tmp_path_factory.mktemp("interop")
    m = Module(w=tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3) / 7),
               layers=[tf.Variable(2**40, dtype=tf.int64),
                       Module(s=tf.Variable([b"\x00bin\xff", "h\u00e9".encode()]))])
    ck = tf.train.Checkpoint(x=tf.Variable(np.float32(1.25)),
                             h=tf.Variable(np.array([0.5, -1, 65504, 1e-4], np.float16)),
                             b=tf.Variable([True, False]), m=m)
    ck.save(str(d / "ef" / "ck"))
    m.w.assign(np.full((2, 3), 9, np.float32))  # the second save is the latest
    ck.save(str(d / "ef" / "ck"))
    w = tf.summary.create_file_writer(str(d / "logs"))
    with w.as_default():
        for step in (1, 2):
            tf.summary.scalar("loss", 1.0 / step, step=step)
        tf.summary.histogram("weights", np.arange(10.0), step=2, buckets=5)
        tf.summary.text("note", "hello", step=3)
        tf.summary.image("img", np.ones((1, 2, 3, 3), np.float32), step=4)
        tf.summary.trace_on(graph=True)
        tf.function(lambda x: tf.nn.relu(x) * 2.0)(tf.ones([3]))
        tf.summary.trace_export("fn_graph", step=5)
    w.close()
    lm = Module(blocks=[], table={})
    lm.blocks.append(tf.Variable(1.5))
    lm.blocks.append(Module())
    lm.blocks[1].w = tf.Variable([2.0, 3.0])
    lm.table["k"] = tf.Variable(7, dtype=tf.int64)
    tf.train.Checkpoint(m=lm).write(str(d / "ef_lists" / "l"))
    proc = subprocess.run([TF_PYTHON, "-c", TF_SCRIPT, str(d)], capture_output=True, text=True,
                          timeout=600, env=TF_ENV)
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("JSON")]
    assert proc.returncode == 0 and line, proc.stderr[-3000:]
    return d, json.loads(line[0][4:]), ck


def test_tensorflow_lists_every_variable_with_its_exact_value(tf_run):
    d, out, ck = tf_run
    assert out["latest"].endswith("ck-2")
    ours = tf.train.list_variables(out["latest"])
    assert [(k, s) for k, s in out["listed"]] == [(k, s) for k, s in ours]
    reader = tf.train.load_checkpoint(out["latest"])
    for key, enc in out["values"].items():
        want = np.asarray(reader.get_tensor(key))
        got = dec(enc)
        assert got.shape == want.shape, key
        if want.dtype == object:
            assert [bytes(x) for x in got.reshape(-1)] == [bytes(x) for x in want.reshape(-1)]
        else:
            assert got.dtype == want.dtype, key
            np.testing.assert_array_equal(got, want)
    assert out["dtypes"]["h/.ATTRIBUTES/VARIABLE_VALUE"] == "float16"
    assert out["dtypes"]["m/layers/1/s/.ATTRIBUTES/VARIABLE_VALUE"] == "string"


def test_tensorflow_restores_our_checkpoint_into_modules(tf_run):
    d, out, ck = tf_run
    r = out["restored"]
    assert dec(r["x"]) == np.float32(1.25)
    np.testing.assert_array_equal(dec(r["h"]), ck.h.numpy())
    np.testing.assert_array_equal(dec(r["b"]), [True, False])
    np.testing.assert_array_equal(dec(r["w"]), np.full((2, 3), 9, np.float32))
    assert int(dec(r["l0"])) == 2**40
    assert list(dec(r["s"])) == [b"\x00bin\xff", "h\u00e9".encode()]
    assert r["save_counter"] == 2


def test_we_restore_tensorflows_checkpoints(tf_run):
    d, out, _ = tf_run
    latest = tf.train.latest_checkpoint(str(d / "tf"))
    assert latest == out["tf_latest"]
    assert tf.train.CheckpointManager(tf.train.Checkpoint(), str(d / "tf"), 2).checkpoints == \
        [str(d / "tf" / "ckpt-2"), str(d / "tf" / "ckpt-3")]
    tm = Module(kernel=tf.Variable(np.zeros((2, 3), np.float32)), names=tf.Variable(["", "", ""]),
                sub=[Module(count=tf.Variable(0, dtype=tf.int64)),
                     tf.Variable(np.zeros(1, np.complex128))])
    step = tf.Variable(0)
    ck = tf.train.Checkpoint(model=tm, step=step)
    ck.restore(latest).assert_consumed()
    np.testing.assert_array_equal(tm.kernel.numpy(), np.arange(6).reshape(2, 3))
    assert list(tm.names.numpy()) == [b"ab", b"", b"cde"]
    assert int(tm.sub[0].count) == 7 and tm.sub[1].numpy()[0] == 1 + 2j
    assert int(step) == 6 and int(ck.save_counter) == 3


def test_tensorflows_index_tables_are_rebuilt_byte_for_byte(tf_run):
    d, out, _ = tf_run
    for prefix in (out["tf_latest"], out["tf_big"]):
        raw = open(prefix + ".index", "rb").read()
        items = table.read_table(raw, prefix)
        w = table.TableWriter()
        for k, v in items.items():
            w.add(k, v)
        assert w.finish() == raw
    big = tf.train.load_checkpoint(out["tf_big"])
    assert len(big.get_variable_to_shape_map()) == 401  # spans several table blocks
    np.testing.assert_array_equal(big.get_tensor("v399/.ATTRIBUTES/VARIABLE_VALUE"),
                                  np.full(50, 399, np.float32))


def test_tensorflow_reads_our_event_file(tf_run):
    _, out, _ = tf_run
    ev = out["events"]
    assert ev[0] == {"file_version": "brain.Event:2"}
    scalars = [(e["step"], float(dec(e["value"]))) for e in ev if e.get("tag") == "loss"]
    assert scalars == [(1, 1.0), (2, 0.5)]
    (hist,) = [e for e in ev if e.get("tag") == "weights"]
    assert hist["plugin"] == "histograms"
    np.testing.assert_array_equal(dec(hist["value"])[:, 2], [2, 2, 2, 2, 2])
    (note,) = [e for e in ev if e.get("tag") == "note"]
    assert note["step"] == 3 and list(dec(note["value"]).reshape(-1)) == [b"hello"]
    (img,) = [e for e in ev if e.get("tag") == "img"]
    vals = list(dec(img["value"]))
    assert vals[:2] == [b"3", b"2"] and vals[2].startswith(b"\x89PNG")


def test_lists_filled_later_restore_both_ways(tf_run):
    _, out, _ = tf_run
    assert out["lists_restored"] == [1.5, [2.0, 3.0], 7]
    tl = Module(blocks=[])
    status = tf.train.Checkpoint(m=tl).read(out["tf_lists"])
    tl.blocks.append(tf.Variable(0.0))
    tl.blocks.append([tf.Variable([0, 0, 0])])
    status.assert_consumed()
    assert float(tl.blocks[0]) == 3.5 and tl.blocks[1][0].numpy().tolist() == [1, 2, 3]


def test_tensorflow_reads_our_traced_graph(tf_run):
    _, out, _ = tf_run
    (ev,) = [e for e in out["events"] if e.get("tag") == "fn_graph"]
    assert ev["step"] == 5
    assert ev["graphs"] == [[["x", "_Arg", []], ["Relu", "Relu", ["x"]], ["mul/y", "Const", []],
                             ["mul", "Mul", ["Relu", "mul/y"]], ["Identity", "Identity", ["mul"]],
                             ["identity_RetVal", "_Retval", ["Identity"]]]]
