"""A TF 1 input pipeline exported as a meta graph by TF 2.21 and imported by
tf.compat.v1.train.import_meta_graph (record_queue_meta_golden.py, test_queue_meta_graph.py).

`python queue_meta_programs.py tf export DIR` builds the pipelines with TF and writes
DIR/pipeline.meta; `... tf|eagerflow nodes` prints the queue, reader and accumulator
nodes that building them makes; `python queue_meta_programs.py tf|eagerflow run META DIR` writes the
records into DIR, imports META there and runs its pipelines in a Session, their queue
runners started with a Coordinator, printing one JSON line:

- "fifo": TFRecordReader over string_input_producer(num_epochs=2, shuffle=False) into
  train.batch of (key, value): every batch in TF's order, then the OutOfRangeError;
- "shuffled": a second reader into shuffle_batch (allow_smaller_final_batch): every record
  once, compared as a multiset (the order depends on the threads' timing);
- "lines": TextLineReader(skip_header_lines=1).read_up_to into batch(enqueue_many=True,
  allow_smaller_final_batch=True), in order;
- "accumulator": a ConditionalAccumulator's two gradients applied, taken (their mean);
- the queue runners the meta graph's collection held, and the local variables.
"""

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

signal.alarm(120)  # (a pipeline that never ends ends the program, not the test run)
v1 = tf.compat.v1
RECORDS = [b"rec%d" % i for i in range(5)]
LINES = b"header\nl1\nl2\r\nl3\nl4\nl5"


def build():
    """The pipelines, in the default graph (TF 1's resource variables: epoch counters)."""
    files = v1.train.string_input_producer(["records.tfrecord"], num_epochs=2,
                                           shuffle=False, name="files")
    key, value = v1.TFRecordReader(name="reader").read(files)
    v1.train.batch([key, value], 4, name="fifo")
    files2 = v1.train.string_input_producer(["records.tfrecord"], num_epochs=1,
                                            shuffle=False, name="files2")
    _, value2 = v1.TFRecordReader(name="reader2").read(files2)
    v1.train.shuffle_batch([value2], 3, capacity=20, min_after_dequeue=2, seed=5,
                           allow_smaller_final_batch=True, name="shuffled")
    lines = v1.train.string_input_producer(["lines.txt"], num_epochs=1, shuffle=False,
                                           name="line_files")
    keys, texts = v1.TextLineReader(skip_header_lines=1, name="text").read_up_to(lines, 2)
    v1.train.batch([keys, texts], 2, enqueue_many=True, allow_smaller_final_batch=True,
                   name="lines")
    acc = v1.ConditionalAccumulator(tf.float32, shape=[2], name="acc")
    acc.apply_grad([1., 2.], local_step=0, name="acc_apply")
    acc.apply_grad([3., 6.], local_step=0, name="acc_apply_2")
    acc.take_grad(2, name="acc_take")
    acc.num_accumulated(name="acc_count")


def export(out_dir):
    v1.disable_v2_behavior()
    v1.enable_resource_variables()
    g = tf.Graph()
    with g.as_default():
        build()
        v1.train.export_meta_graph(os.path.join(out_dir, "pipeline.meta"), graph=g)


def val(x):
    if hasattr(x, "tolist"):
        x = x.tolist()
    if isinstance(x, bytes):
        return x.decode()
    if isinstance(x, (list, tuple)):
        return [val(v) for v in x]
    return x


def err(e):
    # (the counts it names depend on whether the last dequeue began before the queue
    # closed, a race in TF as here)
    lines = [ln for ln in str(e.message).splitlines() if "insufficient" in ln]
    text = re.sub(r"'_\d+_", "'_N_", (lines or [""])[0].strip())
    return [type(e).__name__, text.split(" (requested")[0]]


def drain(sess, fetches):
    out = []
    try:
        while len(out) < 50:
            out.append(val(sess.run(fetches)))
    except tf.errors.OutOfRangeError as e:
        out.append(err(e))
    return out


def run(meta, work_dir):
    if sys.argv[1] == "tf":
        v1.disable_v2_behavior()
    os.chdir(work_dir)
    with tf.io.TFRecordWriter("records.tfrecord") as w:
        for r in RECORDS:
            w.write(r)
    with open("lines.txt", "wb") as f:
        f.write(LINES)
    out = {}
    with tf.Graph().as_default() as g:
        saver = v1.train.import_meta_graph(meta)
        out["saver"] = saver is not None
        out["queue_runners"] = sorted(
            [qr.name, len(qr.enqueue_ops), qr.close_op.name, qr.cancel_op.name]
            for qr in v1.get_collection(v1.GraphKeys.QUEUE_RUNNERS))
        out["local_variables"] = sorted(v.name for v in v1.local_variables())

        def t(name):
            return g.get_tensor_by_name(name)
        with v1.Session() as sess:
            sess.run(v1.local_variables_initializer())
            coord = v1.train.Coordinator()
            threads = v1.train.start_queue_runners(sess, coord)
            out["fifo"] = drain(sess, [t("fifo:0"), t("fifo:1")])
            shuffled = drain(sess, t("shuffled:0"))
            out["shuffled"] = sorted(v for batch in shuffled[:-1] for v in batch) + \
                [shuffled[-1]]
            out["shuffled_batches"] = [len(b) for b in shuffled[:-1]]
            out["lines"] = drain(sess, [t("lines:0"), t("lines:1")])
            sess.run([g.get_operation_by_name("acc_apply"),
                      g.get_operation_by_name("acc_apply_2")])
            out["accumulator"] = [val(sess.run(t("acc_count:0"))),
                                  val(sess.run(t("acc_take:0"))),
                                  val(sess.run(t("acc_count:0")))]
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
            out["threads_alive"] = sum(th.is_alive() for th in threads)
    print(json.dumps(out))


def nodes():
    """The queue, reader and accumulator nodes build() makes, (type, name) sorted."""
    if sys.argv[1] == "tf":
        v1.disable_v2_behavior()
        v1.enable_resource_variables()
    g = tf.Graph()
    with g.as_default():
        build()
    kinds = ("Queue", "Reader", "Accumulator", "CountUpTo")
    print(json.dumps(sorted([o.type, o.name] for o in g.get_operations()
                            if any(k in o.type for k in kinds))))


if __name__ == "__main__":
    if sys.argv[2] == "export":
        export(sys.argv[3])
    elif sys.argv[2] == "nodes":
        nodes()
    else:
        run(os.path.abspath(sys.argv[3]), sys.argv[4])
