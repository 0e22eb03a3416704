"""TF's queue and reader ops as tf.raw_ops, on resource handles: queue_raw_programs.py run by
eagerflow gives what TF 2.21 gave (queue_raw_golden.json, record_queue_raw_golden.py):
results, shared queues, TF's errors (signatures, closed queues, `timeout_ms`, which TF
2.21 refuses whatever its value but -1, TF 1's reference-handle ops refused eagerly),
readers' keys and records, units of work, serialized states, missing files and corrupt
records. Below, what threads see: the handle ops wait as tf.queue's do, and closing ends
the waits. No test blocks: each waiting call runs in a thread joined with a timeout."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.record_queue_raw_golden import run

GOLDEN = json.loads((Path(__file__).parent / "queue_raw_golden.json").read_text())
R = tf.raw_ops
WAIT = 10.0  # seconds a test waits for a thread that must finish (it finishes in ms)


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_program_case(ours, case):
    assert ours[case] == GOLDEN[case]


def _start(fn, **kwargs):
    out: dict = {}

    def body():
        try:
            out["value"] = fn(**kwargs)
        except Exception as e:  # noqa: BLE001  (the test inspects it)
            out["error"] = e
    t = threading.Thread(target=body, daemon=True)
    t.start()
    return t, out


def _queue(capacity=-1, dtype=tf.int32):
    return R.FIFOQueueV2(component_types=[dtype], shapes=[[]], capacity=capacity,
                         shared_name=f"q{next(_COUNT)}")


_COUNT = iter(range(10**6))


def test_dequeue_waits_for_an_enqueue_and_close_ends_the_wait():
    q = _queue()
    t, out = _start(R.QueueDequeueManyV2, handle=q, n=2, component_types=[tf.int32])
    t.join(0.2)
    assert t.is_alive()
    R.QueueEnqueueManyV2(handle=q, components=[np.int32([4, 5])])
    t.join(WAIT)
    assert not t.is_alive()
    assert out["value"][0].numpy().tolist() == [4, 5]
    t, out = _start(R.QueueDequeueV2, handle=q, component_types=[tf.int32])
    t.join(0.2)
    assert t.is_alive()
    R.QueueCloseV2(handle=q)
    t.join(WAIT)
    assert isinstance(out["error"], tf.errors.OutOfRangeError)


def test_enqueue_waits_for_room_and_cancelling_fails_it():
    q = _queue(capacity=1)
    R.QueueEnqueueV2(handle=q, components=[np.int32(1)])
    t, out = _start(R.QueueEnqueueV2, handle=q, components=[np.int32(2)])
    t.join(0.2)
    assert t.is_alive()  # full
    assert R.QueueDequeueV2(handle=q, component_types=[tf.int32])[0].numpy() == 1
    t.join(WAIT)
    assert not t.is_alive() and "error" not in out
    t, out = _start(R.QueueEnqueueV2, handle=q, components=[np.int32(3)])
    t.join(0.2)
    R.QueueCloseV2(handle=q, cancel_pending_enqueues=True)
    t.join(WAIT)
    assert isinstance(out["error"], tf.errors.CancelledError)


def test_a_reader_waits_for_work(tmp_path):
    path = tmp_path / "r.tfrecord"
    with tf.io.TFRecordWriter(str(path)) as w:
        w.write(b"only")
    files = _queue(dtype=tf.string)
    reader = R.TFRecordReaderV2()
    t, out = _start(R.ReaderReadV2, reader_handle=reader, queue_handle=files)
    t.join(0.2)
    assert t.is_alive()
    R.QueueEnqueueV2(handle=files, components=[np.array(str(path).encode(), dtype=object)])
    t.join(WAIT)
    assert [x.numpy() for x in out["value"]] == [str(path).encode() + b":0", b"only"]
    t, out = _start(R.ReaderReadV2, reader_handle=reader, queue_handle=files)
    t.join(0.2)
    assert t.is_alive()  # the file ended: the next unit is awaited
    R.QueueCloseV2(handle=files)
    t.join(WAIT)
    assert isinstance(out["error"], tf.errors.OutOfRangeError)
    assert int(R.ReaderNumWorkUnitsCompletedV2(reader_handle=reader)) == 1


def test_raw_queue_ops_inside_tf_function():
    q = _queue()

    @tf.function
    def push_and_count(x):
        R.QueueEnqueueV2(handle=q, components=[x])
        return R.QueueSizeV2(handle=q)

    assert int(push_and_count(tf.constant(5))) == 1
    assert int(push_and_count(tf.constant(6))) == 2
    got = R.QueueDequeueManyV2(handle=q, n=2, component_types=[tf.int32])
    assert got[0].numpy().tolist() == [5, 6]


def _poll(fn, want):
    """fn() once it equals `want` (a thread is getting there), else its last value."""
    deadline = time.monotonic() + WAIT
    got = fn()
    while got != want and time.monotonic() < deadline:
        time.sleep(0.01)
        got = fn()
    return got


@pytest.mark.parametrize("kind", ["fifo", "shuffle"])
def test_a_waiting_dequeue_many_holds_what_it_can_take(kind):
    """TF 2.21: a waiting dequeue of several takes the elements as they come (those above a
    RandomShuffleQueue's floor), so the size leaves them out, and a close refuses it
    naming what it still lacked; the elements go back into the queue."""
    if kind == "fifo":
        q = _queue()
    else:
        q = R.RandomShuffleQueueV2(component_types=[tf.int32], shapes=[[]], capacity=20,
                                   min_after_dequeue=1, seed=1, shared_name="held")
    R.QueueEnqueueManyV2(handle=q, components=[np.int32([1, 2, 3])])
    t, out = _start(R.QueueDequeueManyV2, handle=q, n=5, component_types=[tf.int32])
    want = 0 if kind == "fifo" else 1
    assert _poll(lambda: int(R.QueueSizeV2(handle=q)), want) == want
    R.QueueCloseV2(handle=q)
    t.join(WAIT)
    assert isinstance(out["error"], tf.errors.OutOfRangeError)
    assert ("(requested 2, current size 0)" if kind == "fifo" else
            "(requested 3, current size 1)") in str(out["error"])
    assert int(R.QueueSizeV2(handle=q)) == 3


def test_tf_queue_queue_ref_is_a_handle_the_raw_ops_take():
    q = tf.queue.FIFOQueue(3, tf.int32, shapes=[[]])
    q.enqueue(4)
    assert q.queue_ref.dtype == tf.resource
    assert int(R.QueueSizeV2(handle=q.queue_ref)) == 1
    R.QueueEnqueueV2(handle=q.queue_ref, components=[np.int32(5)])
    assert q.dequeue_many(2).numpy().tolist() == [4, 5]
