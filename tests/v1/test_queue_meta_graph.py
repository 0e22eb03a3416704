"""A TF 1 input pipeline that TF 2.21 exported as a meta graph (golden/meta/queues/,
record_queue_meta_golden.py: string_input_producer, TFRecordReader and TextLineReader,
batch, shuffle_batch; a ConditionalAccumulator) imports with
tf.compat.v1.train.import_meta_graph: its queue, reader and accumulator nodes run as the
registry's ops, the meta graph's QueueRunnerDefs become queue
runners that start_queue_runners starts with a Coordinator, and a Session's fetches give
TF's batches of the records written in the test (TF's order where it is deterministic;
the shuffled pipeline as a multiset), then the OutOfRangeError at the epochs' end, every
queue runner's thread ending (golden/v1_queue_meta.json). The interop test exports the
pipelines with TF itself and runs the same file in both. The programs run in
subprocesses, each ended after two minutes should a pipeline never end."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON
from tests.v1.record_queue_meta_golden import FIXTURE, nodes, run

HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / "golden" / "v1_queue_meta.json").read_text())
META = str(Path(FIXTURE) / "pipeline.meta")
v1 = tf.compat.v1


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow", META)


@pytest.mark.parametrize("key", sorted(set(GOLDEN) - {"nodes"}))
def test_imported_pipeline_runs_as_tf(ours, key):
    assert ours[key] == GOLDEN[key]


def test_pipelines_built_here_have_tfs_nodes():
    """The same pipelines built by eagerflow's TF 1 functions: TF's queue, reader and
    accumulator nodes (FIFOQueueV2, TFRecordReaderV2, ...), of TF's names."""
    assert nodes(sys.executable, "eagerflow") == GOLDEN["nodes"]


def test_each_session_runs_its_own_queues(tmp_path, monkeypatch):
    """Two Sessions on one imported graph: each has its own queues and readers (TF keeps a
    graph's resources per Session)."""
    monkeypatch.chdir(tmp_path)
    with tf.io.TFRecordWriter("records.tfrecord") as w:
        for i in range(5):
            w.write(b"rec%d" % i)
    with tf.Graph().as_default() as g:
        v1.train.import_meta_graph(META)
        size = g.get_tensor_by_name("fifo/fifo_queue_Size:0")
        enqueue = g.get_operation_by_name("files/files_EnqueueMany")
        with v1.Session() as a, v1.Session() as b:
            for s in (a, b):
                s.run(v1.local_variables_initializer())
            a.run(enqueue)
            files_size = g.get_tensor_by_name("files/files_Size:0")
            assert [a.run(files_size), b.run(files_size)] == [1, 0]
            assert [a.run(size), b.run(size)] == [0, 0]


def test_imported_queue_runner_of_a_missing_file_stops_the_coordinator(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # (no records.tfrecord here)
    with tf.Graph().as_default() as g:
        v1.train.import_meta_graph(META)
        batch = g.get_tensor_by_name("fifo:0")
        with v1.Session() as sess:
            sess.run(v1.local_variables_initializer())
            coord = v1.train.Coordinator()
            threads = v1.train.start_queue_runners(sess, coord)
            assert coord.wait_for_stop(10)
            with pytest.raises(tf.errors.NotFoundError, match="records.tfrecord; No such file"):
                coord.join(threads, stop_grace_period_secs=10)
            # the runner's cancel closed the batch queue: the fetch ends, as in TF
            with pytest.raises(tf.errors.OutOfRangeError):
                sess.run(batch)


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's interpreter")
def test_interop_tf_exported_pipeline_runs_the_same(tmp_path):
    subprocess.run([TF_PYTHON, str(HERE / "queue_meta_programs.py"), "tf", "export",
                    str(tmp_path)], check=True, env=TF_ENV, capture_output=True, timeout=300)
    meta = str(tmp_path / "pipeline.meta")
    theirs = run(TF_PYTHON, "tf", meta)
    ours = run(sys.executable, "eagerflow", meta)
    assert ours == theirs
    np.testing.assert_equal(ours["shuffled_batches"], [3, 2])


def test_import_scope_prefixes_the_queue_runners(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lines.txt").write_bytes(b"header\nl1\nl2\n")
    with tf.io.TFRecordWriter("records.tfrecord") as w:  # (the other pipelines' input)
        w.write(b"rec")
    with tf.Graph().as_default() as g:
        v1.train.import_meta_graph(META, import_scope="imp")
        runners = v1.get_collection(v1.GraphKeys.QUEUE_RUNNERS)
        assert all(qr.name.startswith("imp/") for qr in runners)
        lines = g.get_tensor_by_name("imp/lines:1")
        with v1.Session() as sess:
            sess.run(v1.local_variables_initializer())
            coord = v1.train.Coordinator()
            threads = v1.train.start_queue_runners(sess, coord)
            assert sess.run(lines).tolist() == [b"l1", b"l2"]
            with pytest.raises(tf.errors.OutOfRangeError):
                sess.run(lines)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
