"""TF's queue and reader ops called eagerly as tf.raw_ops, run by TF 2.21 (recorded by
record_queue_raw_golden.py) or by eagerflow (test_queue_raw_ops.py):
`python queue_raw_programs.py tf|eagerflow DIR` prints one JSON line, each call's result or
error (class and message; resource numbers and protobuf's debug-text marker, which vary
from run to run, normalized)."""

import itertools
import json
import os
import re
import signal
import sys

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf

import numpy as np  # noqa: E402

signal.alarm(120)  # (a call that blocks for ever ends the program, not the test run)
R = tf.raw_ops
os.chdir(sys.argv[2])
OUT: dict = {}
_NAMES = itertools.count()


def val(x):
    if hasattr(x, "numpy"):
        x = x.numpy()
    if hasattr(x, "tolist"):
        x = x.tolist()
    if isinstance(x, bytes):
        return x.decode("latin-1")
    if isinstance(x, (list, tuple)):
        return [val(v) for v in x]
    return x


def norm(text):
    text = re.sub(r"_\d+_", "_N_", text)
    return re.sub(r"goo\.gle/debug\w*\s*\n", "<debug>\n", text)


def case(label, fn):
    try:
        OUT[label] = val(fn())
    except Exception as e:  # noqa: BLE001 - the error is the result
        OUT[label] = [type(e).__name__, norm(str(e))]


def handle_name(h):
    """The name a handle's ResourceHandle holds (normalized) and its kind."""
    text = repr(h.numpy() if hasattr(h, "numpy") else h)
    name = re.search(r'name="([^"]*)"', text).group(1)
    kind = re.search(r'type="([^"]*)"', text).group(1)
    return [norm(name), kind]


def files_queue(items, close=True):
    h = R.FIFOQueueV2(component_types=[tf.string], shapes=[[]],
                      shared_name=f"work{next(_NAMES)}")
    R.QueueEnqueueManyV2(handle=h, components=[np.array(items, dtype=object)])
    if close:
        R.QueueCloseV2(handle=h)
    return h


FT = [tf.float32, tf.string]

# -- queues --
q = R.FIFOQueueV2(component_types=FT, shapes=[[2], []], capacity=3)
case("fifo handle", lambda: handle_name(q))
case("same attrs: the same queue", lambda: (
    R.QueueEnqueueV2(handle=q, components=[np.float32([1, 2]), b"a"]),
    R.QueueSizeV2(handle=R.FIFOQueueV2(component_types=FT, shapes=[[2], []],
                                       capacity=3)))[1])
case("enqueue dtype", lambda: R.QueueEnqueueV2(handle=q, components=[np.float64([1, 2]), b"a"]))
case("enqueue shape", lambda: R.QueueEnqueueV2(handle=q, components=[np.float32([1, 2, 3]),
                                                                     b"a"]))
case("enqueue count", lambda: R.QueueEnqueueV2(handle=q, components=[np.float32([1, 2])]))
case("enqueue many", lambda: R.QueueEnqueueManyV2(
    handle=q, components=[np.float32([[3, 4], [5, 6]]), np.array([b"b", b"c"], dtype=object)]))
case("enqueue timeout", lambda: R.QueueEnqueueV2(handle=q, components=[np.float32([1, 2]), b"a"],
                                                 timeout_ms=50))
case("size full", lambda: R.QueueSizeV2(handle=q))
case("dequeue", lambda: R.QueueDequeueV2(handle=q, component_types=FT))
case("dequeue types", lambda: R.QueueDequeueV2(handle=q, component_types=[tf.float32]))
case("dequeue types 2", lambda: R.QueueDequeueV2(handle=q, component_types=[tf.int32,
                                                                            tf.string]))
case("dequeue timeout", lambda: R.QueueDequeueV2(handle=q, component_types=FT, timeout_ms=0))
case("dequeue many", lambda: R.QueueDequeueManyV2(handle=q, n=2, component_types=FT))
case("dequeue many negative", lambda: R.QueueDequeueManyV2(handle=q, n=-1, component_types=FT))
case("is closed", lambda: R.QueueIsClosedV2(handle=q))
case("enqueue again", lambda: R.QueueEnqueueV2(handle=q, components=[np.float32([7, 8]), b"z"]))
case("close", lambda: R.QueueCloseV2(handle=q))
case("close again", lambda: R.QueueCloseV2(handle=q))
case("close again cancelling", lambda: R.QueueCloseV2(handle=q, cancel_pending_enqueues=True))
case("is closed now", lambda: R.QueueIsClosedV2(handle=q))
case("enqueue closed", lambda: R.QueueEnqueueV2(handle=q, components=[np.float32([1, 2]), b"a"]))
case("dequeue up to closed", lambda: R.QueueDequeueUpToV2(handle=q, n=5, component_types=FT))
case("dequeue closed empty", lambda: R.QueueDequeueV2(handle=q, component_types=FT))
case("dequeue many closed empty", lambda: R.QueueDequeueManyV2(handle=q, n=3,
                                                              component_types=FT))
case("dequeue up to closed empty", lambda: R.QueueDequeueUpToV2(handle=q, n=3,
                                                               component_types=FT))
u = R.FIFOQueueV2(component_types=[tf.int32])
case("unknown shapes enqueue", lambda: R.QueueEnqueueV2(handle=u, components=[np.int32([1, 2])]))
case("unknown shapes dequeue many", lambda: R.QueueDequeueManyV2(handle=u, n=1,
                                                                component_types=[tf.int32]))
case("unknown shapes dequeue", lambda: R.QueueDequeueV2(handle=u, component_types=[tf.int32]))
case("no components", lambda: R.FIFOQueueV2(component_types=[]))
case("shapes of other count", lambda: R.FIFOQueueV2(component_types=[tf.int32],
                                                    shapes=[[1], [2]]))
case("min_after_dequeue", lambda: R.RandomShuffleQueueV2(component_types=[tf.int32],
                                                         capacity=5, min_after_dequeue=5))
rs = R.RandomShuffleQueueV2(component_types=[tf.int32], shapes=[[]], capacity=20,
                            min_after_dequeue=2, seed=3, seed2=4)
R.QueueEnqueueManyV2(handle=rs, components=[np.arange(10, dtype=np.int32)])
case("shuffled (min_after_dequeue)", lambda: R.QueueDequeueManyV2(handle=rs, n=5,
                                                                 component_types=[tf.int32]))
rs2 = R.RandomShuffleQueueV2(component_types=[tf.int32], shapes=[[]], capacity=100, seed=7,
                             seed2=9)
R.QueueEnqueueManyV2(handle=rs2, components=[np.arange(20, dtype=np.int32)])
case("shuffled stream", lambda: R.QueueDequeueManyV2(handle=rs2, n=20,
                                                    component_types=[tf.int32]))
pq = R.PriorityQueueV2(component_types=[tf.string], shapes=[[]])
case("priority handle", lambda: handle_name(pq))
case("priority enqueue", lambda: R.QueueEnqueueManyV2(
    handle=pq, components=[np.int64([3, 1, 2]), np.array([b"c", b"a", b"b"], dtype=object)]))
case("priority dequeue", lambda: R.QueueDequeueManyV2(handle=pq, n=3,
                                                     component_types=[tf.int64, tf.string]))
case("priority of no shapes", lambda: R.PriorityQueueV2(component_types=[tf.string],
                                                        shapes=[]))
pf = R.PaddingFIFOQueueV2(component_types=[tf.int32], shapes=[[-1]])
R.QueueEnqueueV2(handle=pf, components=[np.int32([1])])
R.QueueEnqueueV2(handle=pf, components=[np.int32([1, 2, 3])])
case("padded batch", lambda: R.QueueDequeueManyV2(handle=pf, n=2, component_types=[tf.int32]))
case("padding of no shapes", lambda: R.PaddingFIFOQueueV2(component_types=[tf.int32]))
case("variable's handle", lambda: R.QueueSizeV2(handle=tf.Variable(1.0).handle))
case("shared", lambda: handle_name(R.FIFOQueueV2(component_types=[tf.int32],
                                                 shared_name="zz")))
case("shared of other types", lambda: R.FIFOQueueV2(component_types=[tf.float32],
                                                    shared_name="zz"))
case("shared of other capacity", lambda: R.FIFOQueueV2(component_types=[tf.int32], capacity=4,
                                                       shared_name="zz"))
# TF 1's ops on reference handles
for name, kw in [("FIFOQueue", dict(component_types=[tf.int32])),
                 ("RandomShuffleQueue", dict(component_types=[tf.int32])),
                 ("PaddingFIFOQueue", dict(component_types=[tf.int32])),
                 ("PriorityQueue", dict(shapes=[])), ("FakeQueue", dict(resource=q)),
                 ("TFRecordReader", {}), ("TextLineReader", {}), ("WholeFileReader", {}),
                 ("IdentityReader", {}), ("FixedLengthRecordReader", dict(record_bytes=2)),
                 ("LMDBReader", {}),
                 ("QueueEnqueue", dict(handle=q, components=[1])),
                 ("QueueEnqueueMany", dict(handle=q, components=[[1]])),
                 ("QueueDequeue", dict(handle=q, component_types=[tf.int32])),
                 ("QueueDequeueMany", dict(handle=q, n=1, component_types=[tf.int32])),
                 ("QueueDequeueUpTo", dict(handle=q, n=1, component_types=[tf.int32])),
                 ("QueueSize", dict(handle=q)), ("QueueClose", dict(handle=q)),
                 ("QueueIsClosed", dict(handle=q)),
                 ("ReaderRead", dict(reader_handle=q, queue_handle=q)),
                 ("ReaderReadUpTo", dict(reader_handle=q, queue_handle=q, num_records=1)),
                 ("ReaderReset", dict(reader_handle=q)),
                 ("ReaderNumRecordsProduced", dict(reader_handle=q)),
                 ("ReaderNumWorkUnitsCompleted", dict(reader_handle=q)),
                 ("ReaderSerializeState", dict(reader_handle=q)),
                 ("ReaderRestoreState", dict(reader_handle=q, state=b""))]:
    case(f"ref {name}", lambda: getattr(R, name)(**kw))

# -- readers --
with tf.io.TFRecordWriter("a.tfrecord") as w:
    for i in range(5):
        w.write(b"rec%d" % i)
with open("a.tfrecord", "rb") as f:
    head = f.read()[:30]
with open("bad.tfrecord", "wb") as f:
    f.write(head + b"\0" * 20)
with open("t.txt", "wb") as f:
    f.write(b"h\nl1\r\nl2\nl3")
with open("f.bin", "wb") as f:
    f.write(b"HHabcdefgFF")

fq = files_queue([b"a.tfrecord", b"a.tfrecord", b"missing.tfrecord", b"bad.tfrecord"],
                 close=False)
r = R.TFRecordReaderV2()
case("reader handle", lambda: handle_name(r))
case("read", lambda: R.ReaderReadV2(reader_handle=r, queue_handle=fq))
case("produced", lambda: R.ReaderNumRecordsProducedV2(reader_handle=r))
case("serialize tfrecords", lambda: R.ReaderSerializeStateV2(reader_handle=r))
case("restore tfrecords (resets)", lambda: R.ReaderRestoreStateV2(reader_handle=r, state=b"x"))
case("read after the reset", lambda: R.ReaderReadV2(reader_handle=r, queue_handle=fq))
case("read up to 3", lambda: R.ReaderReadUpToV2(reader_handle=r, queue_handle=fq,
                                                num_records=3))
case("read up to 10 (the unit's end)", lambda: R.ReaderReadUpToV2(reader_handle=r,
                                                                   queue_handle=fq,
                                                                   num_records=10))
case("completed", lambda: R.ReaderNumWorkUnitsCompletedV2(reader_handle=r))
case("read up to 0", lambda: R.ReaderReadUpToV2(reader_handle=r, queue_handle=fq,
                                                num_records=0))
case("read missing", lambda: R.ReaderReadV2(reader_handle=r, queue_handle=fq))
case("read after missing", lambda: R.ReaderReadV2(reader_handle=r, queue_handle=fq))
case("read corrupt", lambda: R.ReaderReadV2(reader_handle=r, queue_handle=fq))
case("read corrupt again", lambda: R.ReaderReadV2(reader_handle=r, queue_handle=fq))
R.QueueCloseV2(handle=fq)
case("read up to corrupt", lambda: R.ReaderReadUpToV2(reader_handle=r, queue_handle=fq,
                                                      num_records=2))
case("reset", lambda: R.ReaderResetV2(reader_handle=r))
case("produced after reset", lambda: R.ReaderNumRecordsProducedV2(reader_handle=r))
case("read closed", lambda: R.ReaderReadV2(reader_handle=r, queue_handle=fq))
case("read up to closed", lambda: R.ReaderReadUpToV2(reader_handle=r, queue_handle=fq,
                                                     num_records=2))
tr = R.TextLineReaderV2(skip_header_lines=1)
case("text lines", lambda: R.ReaderReadUpToV2(reader_handle=tr, queue_handle=files_queue(
    [b"t.txt"]), num_records=10))
case("serialize text lines", lambda: R.ReaderSerializeStateV2(reader_handle=tr))
case("negative header lines", lambda: R.TextLineReaderV2(skip_header_lines=-1))
wr = R.WholeFileReaderV2()
case("whole file", lambda: R.ReaderReadV2(reader_handle=wr, queue_handle=files_queue(
    [b"t.txt", b"f.bin"])))
case("serialize whole file", lambda: R.ReaderSerializeStateV2(reader_handle=wr))
case("fixed length", lambda: R.ReaderReadUpToV2(
    reader_handle=R.FixedLengthRecordReaderV2(header_bytes=2, record_bytes=3, footer_bytes=2),
    queue_handle=files_queue([b"f.bin"]), num_records=10))
case("fixed length hops", lambda: R.ReaderReadUpToV2(
    reader_handle=R.FixedLengthRecordReaderV2(record_bytes=3, hop_bytes=2),
    queue_handle=files_queue([b"f.bin"]), num_records=10))
case("fixed length tail", lambda: R.ReaderReadUpToV2(
    reader_handle=R.FixedLengthRecordReaderV2(record_bytes=4),
    queue_handle=files_queue([b"f.bin"]), num_records=10))
case("fixed length serialize", lambda: R.ReaderSerializeStateV2(
    reader_handle=R.FixedLengthRecordReaderV2(record_bytes=4)))
case("negative header bytes", lambda: R.FixedLengthRecordReaderV2(record_bytes=2,
                                                                  header_bytes=-1))
iq = files_queue([b"w1", b"w2", b"w3"])
ir = R.IdentityReaderV2()
case("identity", lambda: R.ReaderReadV2(reader_handle=ir, queue_handle=iq))
case("identity serialize", lambda: R.ReaderSerializeStateV2(reader_handle=ir))
saved = R.ReaderSerializeStateV2(reader_handle=ir)
case("identity again", lambda: R.ReaderReadV2(reader_handle=ir, queue_handle=iq))
case("identity restore", lambda: R.ReaderRestoreStateV2(reader_handle=ir, state=saved))
case("identity restored", lambda: R.ReaderSerializeStateV2(reader_handle=ir))
case("identity after restore", lambda: R.ReaderReadV2(reader_handle=ir, queue_handle=iq))
case("restore junk", lambda: R.ReaderRestoreStateV2(reader_handle=ir, state=b"junk"))
case("after junk", lambda: R.ReaderSerializeStateV2(reader_handle=ir))
case("restore more finished", lambda: R.ReaderRestoreStateV2(reader_handle=ir,
                                                             state=b"\x08\x01\x10\x03"))
case("restore inconsistent", lambda: R.ReaderRestoreStateV2(reader_handle=ir,
                                                            state=b"\x08\x01\x18\x05"))
case("restore empty", lambda: R.ReaderRestoreStateV2(reader_handle=ir, state=b""))
case("after empty", lambda: R.ReaderSerializeStateV2(reader_handle=ir))
case("restore vector", lambda: R.ReaderRestoreStateV2(reader_handle=ir, state=[b"", b""]))
case("queue as reader", lambda: R.ReaderReadV2(reader_handle=iq, queue_handle=iq))
case("reader as queue", lambda: R.QueueSizeV2(handle=ir))
ints = R.FIFOQueueV2(component_types=[tf.int32], shapes=[[]], shared_name="ints")
R.QueueEnqueueV2(handle=ints, components=[np.int32(3)])
case("read of ints", lambda: R.ReaderReadV2(reader_handle=R.IdentityReaderV2(),
                                            queue_handle=ints))
pairs = R.FIFOQueueV2(component_types=[tf.string, tf.string], shared_name="pairs")
R.QueueEnqueueV2(handle=pairs, components=[b"a", b"b"])
case("read of pairs", lambda: R.ReaderReadV2(reader_handle=R.IdentityReaderV2(),
                                             queue_handle=pairs))
vectors = R.FIFOQueueV2(component_types=[tf.string], shared_name="vectors")
R.QueueEnqueueV2(handle=vectors, components=[np.array([b"a", b"b"], dtype=object)])
case("read of a vector", lambda: R.ReaderReadV2(reader_handle=R.IdentityReaderV2(),
                                                queue_handle=vectors))
r1, r2 = R.TFRecordReaderV2(), R.TFRecordReaderV2()
case("each creator call a new reader", lambda: [handle_name(r1)[0] != handle_name(r2)[0]])

# -- conditional accumulators (TF 2.21 deadlocks on a take of the wrong dtype, aborts on an
# apply of one and on non-scalar steps: not called) --
v1 = tf.compat.v1
acc = v1.ConditionalAccumulator(tf.float32, shape=[2], shared_name="A")
case("accumulator name and dtype", lambda: [acc.name, acc.dtype.name])
case("accumulator handle", lambda: handle_name(acc.accumulator_ref))
case("accumulated none", lambda: acc.num_accumulated())
case("apply", lambda: acc.apply_grad([1., 2.], local_step=0))
case("apply again", lambda: acc.apply_grad([3., 4.], local_step=0))
case("accumulated two", lambda: acc.num_accumulated())
case("take the mean", lambda: acc.take_grad(2))
case("accumulated after take", lambda: acc.num_accumulated())
case("set global step", lambda: acc.set_global_step(5))
case("apply stale", lambda: acc.apply_grad([1., 2.], local_step=2))
case("stale dropped", lambda: acc.num_accumulated())
case("apply of other shape", lambda: acc.apply_grad([1., 2., 3.], local_step=5))
case("apply float64 values", lambda: acc.apply_grad(np.float64([1., 2.]), local_step=5))
case("take negative", lambda: acc.take_grad(-1))
case("take none", lambda: R.ResourceAccumulatorTakeGradient(handle=acc.accumulator_ref,
                                                            num_required=0, dtype=tf.float32))
case("raw apply", lambda: R.ResourceAccumulatorApplyGradient(
    handle=acc.accumulator_ref, local_step=np.int64(7), gradient=np.float32([1, 1])))
case("raw apply of other shape", lambda: R.ResourceAccumulatorApplyGradient(
    handle=acc.accumulator_ref, local_step=np.int64(7), gradient=np.float32([1, 1, 1])))
case("raw accumulated", lambda: R.ResourceAccumulatorNumAccumulated(handle=acc.accumulator_ref))
case("raw take", lambda: R.ResourceAccumulatorTakeGradient(handle=acc.accumulator_ref,
                                                           num_required=1, dtype=tf.float32))
case("raw set step back", lambda: R.ResourceAccumulatorSetGlobalStep(
    handle=acc.accumulator_ref, new_global_step=np.int64(1)))
case("apply after step back", lambda: acc.apply_grad([1., 2.], local_step=1))
case("apply older", lambda: acc.apply_grad([1., 2.], local_step=0))
case("accumulated", lambda: acc.num_accumulated())
case("take advances the step", lambda: (acc.take_grad(1), acc.apply_grad([5., 5.], 1),
                                        acc.num_accumulated())[2])
summed = v1.ConditionalAccumulator(tf.float32, reduction_type="SUM", shared_name="B")
case("sum apply", lambda: summed.apply_grad([1., 2.]))
case("sum apply of other shape", lambda: summed.apply_grad([1., 2., 3.]))
case("sum apply again", lambda: summed.apply_grad([10., 20.]))
case("take the sum", lambda: summed.take_grad(1))
halves = R.ResourceConditionalAccumulator(dtype=tf.float16, shape=[2], shared_name="H")
R.ResourceAccumulatorApplyGradient(handle=halves, local_step=np.int64(0),
                                   gradient=np.float16([60000, 0.1]))
R.ResourceAccumulatorApplyGradient(handle=halves, local_step=np.int64(0),
                                   gradient=np.float16([60000, 0.2]))
case("half mean overflows", lambda: R.ResourceAccumulatorTakeGradient(
    handle=halves, num_required=2, dtype=tf.float16))
partial = R.ResourceConditionalAccumulator(dtype=tf.float32, shape=[2, -1], shared_name="P")
case("partial shape refused", lambda: R.ResourceAccumulatorApplyGradient(
    handle=partial, local_step=np.int64(0), gradient=np.float32([[1, 2, 3]])))
case("partial shape taken", lambda: R.ResourceAccumulatorApplyGradient(
    handle=partial, local_step=np.int64(0), gradient=np.float32([[1, 2, 3], [4, 5, 6]])))
case("partial shape fixed", lambda: R.ResourceAccumulatorApplyGradient(
    handle=partial, local_step=np.int64(0), gradient=np.float32([[1, 2], [4, 5]])))
case("reduction MAX", lambda: v1.ConditionalAccumulator(tf.float32, reduction_type="MAX"))
case("string accumulator", lambda: v1.ConditionalAccumulator(tf.string))
case("int32 accumulator", lambda: v1.ConditionalAccumulator(tf.int32))
case("same attrs: one accumulator", lambda: [
    handle_name(R.ResourceConditionalAccumulator(dtype=tf.float64, shape=[3]))[0] ==
    handle_name(R.ResourceConditionalAccumulator(dtype=tf.float64, shape=[3]))[0]])
case("queue as accumulator", lambda: R.ResourceAccumulatorNumAccumulated(handle=q))
case("accumulator as queue", lambda: R.QueueSizeV2(handle=acc.accumulator_ref))
for name, kw in [("ConditionalAccumulator", dict(dtype=tf.float32, shape=[2])),
                 ("SparseConditionalAccumulator", dict(dtype=tf.float32, shape=[2])),
                 ("AccumulatorNumAccumulated", dict(handle=q)),
                 ("AccumulatorSetGlobalStep", dict(handle=q, new_global_step=1)),
                 ("AccumulatorTakeGradient", dict(handle=q, num_required=1, dtype=tf.float32)),
                 ("AccumulatorApplyGradient", dict(handle=q, local_step=1, gradient=[1.])),
                 ("SparseAccumulatorTakeGradient", dict(handle=q, num_required=1,
                                                        dtype=tf.float32))]:
    case(f"ref {name}", lambda: getattr(R, name)(**kw))
print(json.dumps(OUT))
