"""tf.queue beyond one thread: waits for elements and for room, closing, cancelling, a
RandomShuffleQueue's floor, queues inside tf.function, and the errors of bad arguments.
What a single thread sees (orders, reprs, TF's messages) is checked against TF 2.21's
printed output in tests/guides/guide_queues.py."""

from __future__ import annotations

import re
import threading
import time

import numpy as np
import pytest

import eagerflow as tf

WAIT = 10.0  # seconds a test waits for a thread that must finish (it finishes in ms)


def _waiting_in(q, threads=1):
    """Returns once `threads` threads wait inside q's ops: a thread just started may not
    have reached its wait yet on a loaded machine (a fixed pause could end first, and an
    enqueue begun after a close is refused where a waiting one goes on waiting, as in TF).
    The waits are counted on the queue's condition (CPython's Condition._waiters)."""
    cond = q._queue_ref._cond
    deadline = time.monotonic() + WAIT
    while len(cond._waiters) < threads and time.monotonic() < deadline:
        time.sleep(0.005)
    assert len(cond._waiters) >= threads


def _start(fn, *args):
    out: dict = {}

    def body():
        try:
            out["value"] = fn(*args)
        except Exception as e:  # noqa: BLE001  (the test inspects it)
            out["error"] = e
    t = threading.Thread(target=body, daemon=True)
    t.start()
    return t, out


def test_dequeue_waits_for_a_producer_thread():
    q = tf.queue.FIFOQueue(10, tf.int32, shapes=[[]])
    t, out = _start(q.dequeue_many, 3)
    _waiting_in(q)
    assert t.is_alive()  # nothing to take yet
    q.enqueue_many([[4, 5]])
    _waiting_in(q)
    assert t.is_alive()  # two of three
    q.enqueue(6)
    t.join(WAIT)
    assert not t.is_alive()
    np.testing.assert_array_equal(out["value"].numpy(), [4, 5, 6])
    assert int(q.size()) == 0


def test_enqueue_waits_for_room_and_close_keeps_it_waiting_unless_cancelled():
    q = tf.queue.FIFOQueue(2, tf.float32, shapes=[[]])
    q.enqueue_many([[1.0, 2.0]])
    t, out = _start(q.enqueue, 3.0)
    _waiting_in(q)
    assert t.is_alive()  # full
    assert float(q.dequeue()) == 1.0
    t.join(WAIT)
    assert not t.is_alive() and "error" not in out
    np.testing.assert_array_equal(q.dequeue_many(2).numpy(), [2.0, 3.0])

    q.enqueue_many([[7.0, 8.0]])
    t, out = _start(q.enqueue, 9.0)
    _waiting_in(q)
    q.close()  # a pending enqueue still waits for room
    _waiting_in(q)
    assert t.is_alive()
    assert float(q.dequeue()) == 7.0
    t.join(WAIT)
    assert not t.is_alive() and "error" not in out
    np.testing.assert_array_equal(q.dequeue_up_to(5).numpy(), [8.0, 9.0])


def test_cancel_pending_enqueues_fails_a_waiting_enqueue():
    q = tf.queue.FIFOQueue(1, tf.float32, shapes=[[]])
    q.enqueue(1.0)
    t, out = _start(q.enqueue, 2.0)
    _waiting_in(q)
    q.close(cancel_pending_enqueues=True)
    t.join(WAIT)
    assert isinstance(out["error"], tf.errors.CancelledError)
    assert "is closed" in str(out["error"])
    assert float(q.dequeue()) == 1.0


def test_close_wakes_waiting_dequeues():
    q = tf.queue.FIFOQueue(10, tf.int32, shapes=[[]])
    q.enqueue(1)
    many, many_out = _start(q.dequeue_many, 3)
    up_to, up_to_out = _start(q.dequeue_up_to, 3)
    _waiting_in(q, 2)
    assert many.is_alive() and up_to.is_alive()
    q.close()
    many.join(WAIT)
    up_to.join(WAIT)
    assert not many.is_alive() and not up_to.is_alive()
    # dequeue_up_to takes what is left; dequeue_many fails (whichever ran first)
    results = [o for o in (many_out, up_to_out) if "value" in o]
    errors = [o["error"] for o in (many_out, up_to_out) if "error" in o]
    assert [r["value"].numpy().tolist() for r in results] in ([[1]], [])
    assert all(isinstance(e, tf.errors.OutOfRangeError) for e in errors)


def test_random_shuffle_queue_keeps_min_after_dequeue_until_closed():
    q = tf.queue.RandomShuffleQueue(10, 2, tf.int32, shapes=[[]], seed=3)
    q.enqueue_many([[1, 2, 3]])
    first = int(q.dequeue())
    t, out = _start(q.dequeue)
    _waiting_in(q)
    assert t.is_alive()  # only min_after_dequeue elements left
    q.close()
    t.join(WAIT)
    rest = [int(out["value"])] + q.dequeue_up_to(5).numpy().tolist()
    assert sorted([first] + rest) == [1, 2, 3]


def test_unseeded_random_shuffle_queues_draw_their_own_orders():
    orders = set()
    for _ in range(8):
        q = tf.queue.RandomShuffleQueue(50, 0, tf.int32, shapes=[[]])
        q.enqueue_many([list(range(20))])
        orders.add(tuple(q.dequeue_many(20).numpy().tolist()))
    assert len(orders) > 1
    assert all(sorted(o) == list(range(20)) for o in orders)


def test_global_seed_makes_the_shuffle_repeatable():
    def order():
        tf.random.set_seed(11)
        q = tf.queue.RandomShuffleQueue(50, 0, tf.int32, shapes=[[]])
        q.enqueue_many([list(range(20))])
        return q.dequeue_many(20).numpy().tolist()
    assert order() == order()


def test_queue_ops_inside_tf_function_meet_a_python_thread():
    q = tf.queue.FIFOQueue(4, tf.float32, shapes=[[2]])

    @tf.function
    def consume():
        return tf.reduce_sum(q.dequeue_many(2), axis=0)

    t, out = _start(consume)
    q.enqueue(([1.0, 2.0],))  # (a bare list would be a list of components)
    q.enqueue(tf.constant([3.0, 4.0]))
    t.join(WAIT)
    np.testing.assert_array_equal(out["value"].numpy(), [4.0, 6.0])


def test_priority_queue_orders_by_priority_then_tf_heap_order():
    q = tf.queue.PriorityQueue(20, [tf.int32], shapes=[[]])
    rng = np.random.default_rng(0)
    prios = rng.integers(0, 4, 12)
    for i, p in enumerate(prios):
        q.enqueue((tf.constant(p, tf.int64), i))
    got_p, got_v = q.dequeue_many(12)
    assert got_p.numpy().tolist() == sorted(prios.tolist())
    assert sorted(got_v.numpy().tolist()) == list(range(12))


def test_bad_arguments_raise_tf_errors():
    with pytest.raises(ValueError, match="Shapes must be provided for all components"):
        tf.queue.PaddingFIFOQueue(3, [tf.int32, tf.float32], shapes=[[None]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="at least minimum 1"):
        tf.queue.FIFOQueue(3, [])
    with pytest.raises(ValueError, match="must have names to enqueue a dictionary"):
        tf.queue.FIFOQueue(3, tf.int32).enqueue({"a": 1})
    q = tf.queue.FIFOQueue(3, tf.int32, shapes=[[]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="input #1"):
        q.dequeue_many(tf.constant(1, tf.int64))
    with pytest.raises(TypeError, match="different dtypes"):
        tf.queue.QueueBase.from_list(0, [q, tf.queue.FIFOQueue(3, tf.float32, shapes=[[]])])


_CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def _error(fn) -> str:
    """What `fn` raised, its queue's process-wide number as 'N'."""
    with pytest.raises(tf.errors.OpError) as info:
        fn()
    return re.sub(r"'\d+'", "'N'", str(info.value))


def test_eager_errors_name_the_queue_ops_as_tf():
    # TF 2.21's str() of each, from the same calls: a dequeue's function is named after
    # the queue's components, an enqueue's after those it was given; a dequeue or close
    # is named after the eager queue ("Empty"), an enqueue (made in a name scope) not
    q = tf.queue.FIFOQueue(3, [tf.float32, tf.int32, tf.string], shapes=[[], [], []])
    q.close()
    q.close(cancel_pending_enqueues=True)  # (a close that cancels may come again)
    assert _error(lambda: q.close(name="c")) == (
        f"{{{{function_node __wrapped__QueueCloseV2_device_{_CPU}}}}} Queue 'N' is already "
        "closed. [Op:QueueCloseV2] name: c")
    assert _error(q.dequeue) == (
        f"{{{{function_node __wrapped__QueueDequeueV2_component_types_3_device_{_CPU}}}}} "
        "FIFOQueue 'N' is closed and has insufficient elements (requested 1, current size 0) "
        "[Op:QueueDequeueV2] name: Empty_Dequeue")
    assert _error(lambda: q.enqueue_many(([1.0], [1], ["a"]), name="e")) == (
        f"{{{{function_node __wrapped__QueueEnqueueManyV2_Tcomponents_3_device_{_CPU}}}}} "
        "FIFOQueue 'N' is closed. [Op:QueueEnqueueManyV2] name: ")
    # the queue ops refusing their attrs as they are made: named as the constructor's name
    assert _error(lambda: tf.queue.FIFOQueue(3, [], name="x")) == (
        "Length for attr 'component_types' of 0 must be at least minimum 1\n\t; NodeDef: "
        "{{node FIFOQueueV2}}; Op<name=FIFOQueueV2; signature= -> handle:resource; "
        "attr=component_types:list(type),min=1; attr=shapes:list(shape),default=[],min=0; "
        "attr=capacity:int,default=-1; attr=container:string,default=\"\"; "
        "attr=shared_name:string,default=\"\"; is_stateful=true> [Op:FIFOQueueV2] name: x")
    assert _error(lambda: tf.queue.RandomShuffleQueue(10, 20, [tf.int32], shapes=[[], []],
                                                      name="x")) == (
        f"{{{{function_node __wrapped__RandomShuffleQueueV2_device_{_CPU}}}}} "
        "min_after_dequeue 20 must be < capacity 10 [Op:RandomShuffleQueueV2] name: x")
    # from_list gathers the queues' handles
    assert _error(lambda: tf.queue.QueueBase.from_list(2, [q, q])) == (
        f"{{{{function_node __wrapped__GatherV2_device_{_CPU}}}}} indices = 2 is not in "
        "[0, 2) [Op:GatherV2] name: ")
