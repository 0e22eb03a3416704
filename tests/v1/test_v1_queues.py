"""TF 1's queue-based input pipelines as TF 2.21 runs them (golden/v1_queues.json, recorded
by record_queue_golden.py): queue_programs.py run by eagerflow gives TF's batches, reader
keys and records (text lines, TFRecords plain and GZIP, fixed-length, whole files,
identity), graph names, queue runners, local variables, summaries, the OutOfRangeError
that ends each loop, the errors, and logs TF's deprecation notices. A seeded
shuffle_batch is compared as a multiset (its order is the Philox stream's, not checked)."""

import json
import sys
from pathlib import Path

import pytest

import eagerflow as tf
from tests.v1.record_queue_golden import run

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_queues.json").read_text())
v1 = tf.compat.v1


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("case", sorted(GOLDEN["results"]))
def test_program_case(ours, case):
    assert ours["results"][case] == GOLDEN["results"][case]


def test_deprecation_notices(ours):
    assert ours["notices"] == GOLDEN["notices"]


def test_eager_refusals():
    # (the program runs with eager execution disabled; eagerly TF refuses these)
    with pytest.raises(RuntimeError, match="not supported when eager execution is enabled"):
        v1.train.string_input_producer(["a"])
    with pytest.raises(ValueError, match="Queue-using input pipelines are not supported"):
        v1.train.batch([tf.constant(1)], batch_size=2)
    with pytest.raises(RuntimeError, match="Queues are not compatible with eager execution"):
        v1.train.start_queue_runners()
    with pytest.raises(RuntimeError, match="Readers are not supported"):
        v1.TextLineReader()


def test_each_session_has_its_own_queue():
    """A graph's queue and reader hold their contents per Session, as TF's resources do."""
    with tf.Graph().as_default():
        q = v1.FIFOQueue(3, [tf.int32], shapes=[[]])
        enq = q.enqueue_many([[1, 2, 3]])
        with v1.Session() as s1, v1.Session() as s2:
            s1.run(enq)
            assert s1.run(q.size()) == 3 and s2.run(q.size()) == 0
            s2.run(q.close())
            assert s1.run(q.dequeue()) == 1
            with pytest.raises(tf.errors.OutOfRangeError):
                s2.run(q.dequeue())


def test_queue_runner_reports_errors_to_coordinator(tmp_path):
    """A reader's missing file stops the Coordinator with TF's NotFoundError, which join
    raises."""
    with tf.Graph().as_default():
        fq = v1.train.string_input_producer([str(tmp_path / "missing.csv")], shuffle=False)
        _, value = v1.TextLineReader().read(fq)
        batch = v1.train.batch([value], batch_size=2)
        with v1.Session() as s:
            coord = v1.train.Coordinator()
            threads = v1.train.start_queue_runners(s, coord)
            coord.wait_for_stop(5)
            with pytest.raises(tf.errors.NotFoundError, match="missing.csv"):
                coord.join(threads)
            assert batch.shape.as_list() == [2]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_closing_the_session_ends_its_runner_threads():
    """Without a Coordinator, closing the Session (TF cancels its pending work) ends the
    QueueRunner threads waiting on a full queue; a cancelled enqueue is the runner's
    exception (raised in its thread, as TF's)."""
    with tf.Graph().as_default():
        x = v1.train.range_input_producer(1000, shuffle=False, capacity=4).dequeue()
        b = v1.train.batch([x], batch_size=2, capacity=4)
        s = v1.Session()
        threads = v1.train.start_queue_runners(s)
        assert s.run(b).tolist() == [0, 1]
        s.close()
        for t in threads:
            t.join(5)
        assert not any(t.is_alive() for t in threads)
        raised = [e for qr in v1.get_collection(v1.GraphKeys.QUEUE_RUNNERS)
                  for e in qr.exceptions_raised]
        assert all(isinstance(e, tf.errors.CancelledError) for e in raised)
