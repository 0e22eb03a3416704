"""SavedModels whose functions write summaries, between eagerflow and TensorFlow 2.21 both
ways (runs only where TensorFlow is installed).

TF saves a trackable file writer (tf.summary.create_file_writer(...,
experimental_trackable=True)) as a resource object: `_create_resource` makes its
SummaryWriter handle, `_initialize` runs CreateSummaryFileWriter on it with the logdir and
queue settings as captured constants, and the saved function writes through WriteSummary
nodes taking the writer's handle (a histogram's buckets computed by TF's own graph ops).
Loading it, eagerflow creates the writer's event file with `_initialize` and the loaded
function writes the events TF's loaded function writes. eagerflow saves its trackable
writer in the same form, which TF loads and writes through.
"""

import glob
import json
import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.summary import events_reader
from tests.tf_reference import TF_ENV, TF_PYTHON

pytestmark = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                                reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")

TF_SCRIPT = r'''
import os, sys
import tensorflow as tf

d = sys.argv[1]


class M(tf.Module):
    def __init__(self):
        self.w = tf.summary.create_file_writer(os.path.join(d, "logs"),
                                               experimental_trackable=True)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.int64)])
    def f(self, x, step):
        with self.w.as_default():
            tf.summary.scalar("loss", x, step=step)
            tf.summary.histogram("h", [x, 2.0 * x, 0.5], step=step)
            tf.summary.text("t", "hello", step=step)
            with tf.summary.record_if(x > 1.0):
                tf.summary.scalar("big", x, step=step)
        return x * 2.0


m = M()
tf.saved_model.save(m, os.path.join(d, "sm"))
loaded = tf.saved_model.load(os.path.join(d, "sm"))
for x, step in ((3.0, 5), (0.5, 6)):
    loaded.f(tf.constant(x), tf.constant(step, tf.int64))
'''


def _values(path):
    """Each event's (step, [(tag, metadata, tensor)]) of one event file (the header and
    wall times left out)."""
    out = []
    for e in events_reader.summary_iterator(path):
        if not e.HasField("summary"):
            continue
        out.append((e.step, [(v.tag, v.metadata.SerializeToString(),
                              v.tensor.SerializeToString()) for v in e.summary.value]))
    return out


def test_a_tf_saved_model_writing_summaries_loads_and_writes_tfs_events(tmp_path):
    subprocess.run([TF_PYTHON, "-c", TF_SCRIPT, str(tmp_path)], check=True, env=TF_ENV,
                   capture_output=True)
    logs = tmp_path / "logs"
    before = set(glob.glob(str(logs / "events.out.tfevents.*")))
    m = tf.saved_model.load(str(tmp_path / "sm"))
    mine = set(glob.glob(str(logs / "events.out.tfevents.*"))) - before
    assert len(mine) == 1  # (the loaded writer's `_initialize` made its file)
    for x, step in ((3.0, 5), (0.5, 6)):
        assert float(m.f(tf.constant(x), tf.constant(step, tf.int64))) == 2.0 * x
    ours = _values(mine.pop())
    theirs = [v for p in before if _values(p) for v in _values(p)]
    assert ours == theirs
    assert [s for s, _ in ours] == [5, 5, 5, 5, 6, 6, 6]
    assert json.dumps(sorted({t for _, vs in ours for t, _, _ in vs})) == \
        '["big", "h", "loss", "t"]'
    np.testing.assert_equal(len(ours), 7)


TF_LOAD = r'''
import sys
import tensorflow as tf

m = tf.saved_model.load(sys.argv[1])
for x, step in ((3.0, 5), (0.5, 6)):
    m.f(tf.constant(x), tf.constant(step, tf.int64))
'''


class _Module(tf.Module):
    def __init__(self, logdir):
        self.w = tf.summary.create_file_writer(logdir, experimental_trackable=True)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.int64)])
    def f(self, x, step):
        with self.w.as_default():
            tf.summary.scalar("loss", x, step=step)
            tf.summary.text("t", "hello", step=step)
            tf.summary.write("raw", [x, x], step=step)
            with tf.summary.record_if(x > 1.0):
                tf.summary.scalar("big", x, step=step)
        return x * 2.0


def test_our_saved_model_writing_summaries_loads_in_tf_and_writes_our_events(tmp_path):
    logs = tmp_path / "logs"
    m = _Module(str(logs))
    for x, step in ((3.0, 5), (0.5, 6)):
        m.f(tf.constant(x), tf.constant(step, tf.int64))
    m.w.flush()
    (ours,) = glob.glob(str(logs / "events.out.tfevents.*"))
    tf.saved_model.save(m, str(tmp_path / "sm"))
    subprocess.run([TF_PYTHON, "-c", TF_LOAD, str(tmp_path / "sm")], check=True, env=TF_ENV,
                   capture_output=True)
    (theirs,) = set(glob.glob(str(logs / "events.out.tfevents.*"))) - {ours}
    assert _values(theirs) == _values(ours)
    assert [s for s, _ in _values(ours)] == [5, 5, 5, 5, 6, 6, 6]


TF_GRAPH = r'''
import os, sys
import tensorflow as tf

d = sys.argv[1]
g = tf.Graph()
with g.as_default():
    w = tf.raw_ops.SummaryWriter(name="my_writer")
    other = tf.raw_ops.SummaryWriter(shared_name="shared", name="other")
    tf.raw_ops.CreateSummaryFileWriter(writer=w, logdir=os.path.join(d, "g"), max_queue=10,
                                       flush_millis=100000, filename_suffix=".v2")
    x = tf.compat.v1.placeholder(tf.float32, [], name="x")
    tf.raw_ops.WriteScalarSummary(writer=w, step=7, tag="loss", value=x, name="write")
    tf.raw_ops.FlushSummaryWriter(writer=w, name="flush")
    tf.raw_ops.CloseSummaryWriter(writer=w, name="close")
    tf.raw_ops.WriteScalarSummary(writer=other, step=1, tag="a", value=1.0, name="other_write")
open(os.path.join(d, "graph.pb"), "wb").write(g.as_graph_def().SerializeToString())
'''


def test_a_tf_graph_of_writer_ops_runs_in_a_session(tmp_path):
    subprocess.run([TF_PYTHON, "-c", TF_GRAPH, str(tmp_path)], check=True, env=TF_ENV,
                   capture_output=True)
    gd = tf.compat.v1.GraphDef()
    gd.ParseFromString((tmp_path / "graph.pb").read_bytes())
    g = tf.Graph()
    with g.as_default():
        tf.graph_util.import_graph_def(gd, name="")
    with tf.compat.v1.Session(graph=g) as sess:
        sess.run("CreateSummaryFileWriter")
        sess.run("write", {"x:0": 2.5})
        sess.run("flush")
        # (TF 2.21's words: a writer never created, then one closed; a graph's writer of no
        # shared_name is named "")
        with pytest.raises(tf.errors.NotFoundError,
                           match="Resource localhost/shared/N10tensorflow22Summary"):
            sess.run("other_write")
        sess.run("close")
        with pytest.raises(tf.errors.NotFoundError,
                           match="Resource localhost//N10tensorflow22SummaryWriterInterfaceE "
                                 "does not exist."):
            sess.run("write", {"x:0": 1.0})
    (path,) = glob.glob(str(tmp_path / "g" / "events.out.tfevents.*"))
    got = [e for e in events_reader.summary_iterator(path) if e.HasField("summary")]
    assert [(e.step, e.summary.value[0].tag, e.summary.value[0].simple_value)
            for e in got] == [(7, "loss", 2.5)]
