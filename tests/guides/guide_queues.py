# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# tf.queue as TF 2 code uses it eagerly: the four queue classes, their orders (FIFO,
# padding, priority ties, a seeded shuffle), names, closing, and the errors TF raises.
# Queue resource numbers are stripped from error texts: they count every resource of the
# process.
import re

import tensorflow as tf


def attempt(f):
    try:
        out = f()
        print(out)
    except Exception as e:
        text = re.sub(r"'\d+'", "'N'", str(e))
        print(type(e).__name__ + ":", text)


q = tf.queue.FIFOQueue(3, tf.float32, shapes=[[]])
print(q.name, q.dtypes, q.shapes, q.names)
print(q.enqueue(1.0), q.enqueue_many([[2.0, 3.0]]), q.size())
print(q.dequeue()); print(q.dequeue_many(2)); print(q.is_closed())
q.close(); print(q.is_closed())
attempt(lambda: q.dequeue()); attempt(lambda: q.enqueue(1.0))
attempt(lambda: q.dequeue_many(2)); attempt(lambda: q.dequeue_up_to(2))
print(q.size())

named = tf.queue.FIFOQueue(10, [tf.int32, tf.string], shapes=[[], [2]], names=["a", "b"])
print(named.names, named.shapes, named.dtypes)
named.enqueue({"a": 1, "b": ["x", "y"]})
named.enqueue_many({"a": [2, 3], "b": [["p", "q"], ["r", "s"]]})
print(named.dequeue()); print(named.dequeue_up_to(2))
attempt(lambda: named.enqueue({"a": 1.5, "b": ["x", "y"]}))
attempt(lambda: named.enqueue({"a": 1, "b": ["x"]}))
attempt(lambda: named.enqueue([1, ["x", "y"]]))
attempt(lambda: named.enqueue({"a": 1}))
named.enqueue({"a": 7, "b": ["x", "y"]}); named.close()
print(named.dequeue_up_to(5))
attempt(lambda: named.dequeue_up_to(5))

padded = tf.queue.PaddingFIFOQueue(5, [tf.string, tf.float32], shapes=[[None], [None, 2]])
padded.enqueue((["a", "b"], [[1.0, 2.0]])); padded.enqueue((["c"], [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
print(padded.dequeue_many(2))
attempt(lambda: padded.enqueue((["a", "b"], [[1.0, 2.0, 3.0]])))

pq = tf.queue.PriorityQueue(10, [tf.string], shapes=[[]])
print(pq.dtypes, pq.shapes)
for p, s in [(2, "a"), (1, "b"), (2, "c"), (1, "d"), (2, "e"), (0, "f")]:
    pq.enqueue((tf.constant(p, tf.int64), s))
print(pq.dequeue_many(6))
attempt(lambda: pq.enqueue(("a", "b")))
attempt(lambda: pq.enqueue((tf.constant(1, tf.int32), "b")))

for seed in (1, 5):
    rq = tf.queue.RandomShuffleQueue(10, 3, [tf.int32], shapes=[[]], seed=seed)
    rq.enqueue_many([[1, 2, 3, 4, 5, 6]])
    print(rq.dequeue(), rq.dequeue_many(2), rq.size())
    rq.close(); print(rq.dequeue_up_to(5))
    attempt(lambda: rq.dequeue())
attempt(lambda: tf.queue.RandomShuffleQueue(10, 20, [tf.int32]))

small = tf.queue.FIFOQueue(3, tf.float32, shapes=[[]])
print(small.dequeue_many(0))
attempt(lambda: small.enqueue(tf.constant(1, tf.int32)))
attempt(lambda: small.enqueue_many([1.0]))
attempt(lambda: small.dequeue_many(-1))
attempt(lambda: tf.queue.FIFOQueue(3, [tf.float32, tf.int32], shapes=[[], []]).enqueue_many(([1.0, 2.0], [1])))
attempt(lambda: tf.queue.FIFOQueue(3, [tf.float32], shapes=[[], []]))
attempt(lambda: tf.queue.FIFOQueue(3, [tf.float32], names=["a", "b"]))
attempt(lambda: tf.queue.FIFOQueue(3, tf.float32).dequeue_many(1))

loose = tf.queue.FIFOQueue(3, tf.float32)
loose.enqueue([1.0, 2.0]); loose.enqueue(tf.constant([1.0, 2.0]))
print(loose.dequeue(), loose.dequeue())
loose.close(cancel_pending_enqueues=True); print(loose.is_closed())

queues = [tf.queue.FIFOQueue(3, tf.float32, shapes=[[]]) for _ in range(2)]
chosen = tf.queue.QueueBase.from_list(1, queues)
print(type(chosen).__name__, chosen.dtypes)
chosen.enqueue(4.0); print(queues[1].size(), queues[0].size())

traced = tf.queue.FIFOQueue(3, tf.float32, shapes=[[]])


@tf.function
def through_queue(x):
    traced.enqueue(x)
    traced.enqueue(x + 1)
    return traced.dequeue() * 2, traced.size()


print(through_queue(tf.constant(5.0)), through_queue(tf.constant(6.0)))
print(traced.dequeue_many(2))
