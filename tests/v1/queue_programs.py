"""TF 1 queue-based input pipelines, run by TF 2.21 (recorded by record_queue_golden.py) or
by eagerflow (test_v1_queues.py): `python queue_programs.py tf|eagerflow DIR` prints one
JSON line, each case's observable results (batches, keys, names, errors)."""

import json
import os
import re
import sys

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf

v1 = tf.compat.v1
v1.disable_eager_execution()
DIR = sys.argv[2]
OUT: dict = {}


def val(x):
    if hasattr(x, "tolist"):
        x = x.tolist()
    if isinstance(x, bytes):
        return x.decode()
    if isinstance(x, (list, tuple)):
        return [val(v) for v in x]
    if isinstance(x, dict):
        return {k: val(v) for k, v in sorted(x.items())}
    return x


def err(e):
    # the queue's resource number (a per-process count) and node trace are left out
    last = str(e.message if hasattr(e, "message") else e).strip().splitlines()
    text = [ln for ln in last if "insufficient" in ln or "is closed" in ln or "Reached" in ln]
    msg = (text or last or [""])[-1].strip()
    return [type(e).__name__, re.sub(r"'_\d+_", "'_N_", msg)]


def loop(fetches, n_max=50):
    """Runs the pipeline in a Session with a Coordinator until OutOfRangeError."""
    out = []
    with v1.Session() as s:
        s.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(s, coord)
        try:
            while not coord.should_stop() and len(out) < n_max:
                out.append(val(s.run(fetches)))
        except tf.errors.OutOfRangeError as e:
            out.append(err(e))
        finally:
            coord.request_stop()
        coord.join(threads)
    return out


def case(fn):
    with tf.Graph().as_default():
        try:
            OUT[fn.__name__] = fn()
        except Exception as e:  # noqa: BLE001 - the error is the result
            OUT[fn.__name__] = ["raised"] + err(e)
    return fn


def write(name, data):
    path = os.path.join(DIR, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


CSV = [write(f"f{i}.csv", ("a,b\n" + "".join(f"{i*10+j},{j}.5\n" for j in range(3))).encode())
       for i in range(2)]


@case
def csv_batches():
    fq = v1.train.string_input_producer(CSV, num_epochs=2, shuffle=False)
    k, v = v1.TextLineReader(skip_header_lines=1).read(fq)
    a, b = v1.decode_csv(v, record_defaults=[[0], [0.0]])
    ba, bb = v1.train.batch([a, b], batch_size=4, allow_smaller_final_batch=True)
    g = v1.get_default_graph()
    return {"names": [fq.name, ba.name, bb.name, str(ba.shape), k.name, v.name],
            "runners": [qr.name for qr in g.get_collection(v1.GraphKeys.QUEUE_RUNNERS)],
            "runner_ops": [[o.name for o in qr.enqueue_ops] + [qr.close_op.name,
                           qr.cancel_op.name] for qr in
                           g.get_collection(v1.GraphKeys.QUEUE_RUNNERS)],
            "locals": [x.name for x in v1.local_variables()],
            "summaries": [x.name for x in g.get_collection(v1.GraphKeys.SUMMARIES)],
            "run": loop([ba, bb])}


@case
def csv_keys():
    fq = v1.train.string_input_producer(CSV[:1], num_epochs=1, shuffle=False)
    k, v = v1.TextLineReader().read(fq)
    return [[os.path.basename(r[0]) if isinstance(r[0], str) else r[0]] + r[1:]
            for r in loop([k, v])]


@case
def tfrecord_read_up_to():
    paths = []
    for i, comp in enumerate(["", "GZIP"]):
        path = os.path.join(DIR, f"r{i}.tfrecord")
        with v1.python_io.TFRecordWriter(path, v1.python_io.TFRecordOptions(comp)) as w:
            for j in range(4):
                w.write(f"rec{i}-{j}".encode() * (j + 1))
        paths.append(path)
    back = [val(list(v1.python_io.tf_record_iterator(p, v1.python_io.TFRecordOptions(c))))
            for p, c in zip(paths, ["", "GZIP"])]
    fq = v1.train.string_input_producer(paths[:1], num_epochs=1, shuffle=False)
    k, v = v1.TFRecordReader().read_up_to(fq, 3)
    fq2 = v1.train.string_input_producer(paths[1:], num_epochs=1, shuffle=False)
    k2, v2 = v1.TFRecordReader(options=v1.python_io.TFRecordOptions("GZIP")).read(fq2)
    strip = lambda rows: [[[os.path.basename(x) for x in r[0]], r[1]] if len(r) == 2
                          and isinstance(r[0], list) else r for r in rows]
    return {"iterator": back, "up_to": strip(loop([k, v])),
            "gzip": [[os.path.basename(r[0]), r[1]] if len(r) == 2 else r
                     for r in loop([k2, v2])]}


@case
def fixed_whole_identity():
    path = write("fixed.bin", b"HHabcdefghijF")
    fq = v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    k, v = v1.FixedLengthRecordReader(3, header_bytes=2, footer_bytes=1).read(fq)
    fq2 = v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    k2, v2 = v1.FixedLengthRecordReader(4, header_bytes=2, hop_bytes=3).read(fq2)
    fq3 = v1.train.string_input_producer([path, CSV[0]], num_epochs=1, shuffle=False)
    k3, v3 = v1.WholeFileReader().read(fq3)
    fq4 = v1.train.string_input_producer(["x", "yy"], num_epochs=2, shuffle=False)
    k4, v4 = v1.IdentityReader().read(fq4)
    base = lambda rows: [[os.path.basename(r[0]), r[1]] if r[0] not in ("OutOfRangeError",)
                         else r for r in rows]
    return {"fixed": base(loop([k, v])), "hop": base(loop([k2, v2])),
            "whole": base(loop([k3, v3])), "identity": loop([k4, v4])}


@case
def range_slice_join():
    rq = v1.train.range_input_producer(5, num_epochs=1, shuffle=False)
    i = rq.dequeue()
    x, y = v1.train.slice_input_producer([tf.constant([[1, 2], [3, 4], [5, 6]]),
                                          tf.constant(["a", "b", "c"])], num_epochs=1,
                                         shuffle=False)
    bx, by = v1.train.batch_join([[x, y]], batch_size=2, allow_smaller_final_batch=True)
    d = v1.train.batch({"p": i, "q": i * 2}, batch_size=5)
    return {"slice": loop([bx, by]), "dict": loop(d),
            "names": [bx.name, d["p"].name, str(d["p"].shape), str(bx.shape)]}


@case
def shuffle_batch_multiset():
    x = v1.train.range_input_producer(20, num_epochs=1, shuffle=False).dequeue()
    b = v1.train.shuffle_batch([x], batch_size=4, capacity=12, min_after_dequeue=3, seed=7,
                               allow_smaller_final_batch=True)
    rows = loop(b)
    got = sorted(v for r in rows[:-1] for v in r)
    return {"multiset": got, "sizes": [len(r) for r in rows[:-1]], "end": rows[-1],
            "name": b.name, "summaries": [x.name for x in
                                          v1.get_collection(v1.GraphKeys.SUMMARIES)]}


@case
def graph_queues():
    q = v1.FIFOQueue(5, [tf.int32, tf.string], shapes=[[], []])
    enq = q.enqueue_many([[1, 2, 3], ["a", "b", "c"]])
    deq = q.dequeue_many(2)
    pq = v1.PaddingFIFOQueue(4, [tf.int32], shapes=[[None]])
    p1, p2 = pq.enqueue([[1, 2, 3]]), pq.enqueue([[4]])
    pd = pq.dequeue_many(2)
    prq = v1.PriorityQueue(5, [tf.string], shapes=[[]])
    pr = [prq.enqueue([tf.constant(p, tf.int64), s]) for p, s in [(3, "c"), (1, "a"), (2, "b")]]
    prd = prq.dequeue_many(3)
    res = {"names": [q.name, enq.name, enq.type, deq[0].name, pq.name, q.size().name,
                     q.close().name, prq.name]}
    with v1.Session() as s:
        s.run(enq)
        res["deq"] = val(s.run(deq))
        res["size"] = val(s.run(q.size()))
        s.run([p1])
        s.run([p2])
        res["padded"] = val(s.run(pd))
        s.run(pr)
        res["priority"] = val(s.run(prd))
        s.run(q.close())
        res["closed"] = val(s.run(q.is_closed()))
        res["last"] = val(s.run(q.dequeue_up_to(4)))
        try:
            s.run(deq)
        except tf.errors.OutOfRangeError as e:
            res["empty"] = err(e)
        try:
            s.run(enq)
        except tf.errors.CancelledError as e:
            res["enq_closed"] = err(e)
    return res


@case
def errors():
    out = {}
    for name, fn in [
            ("empty_files", lambda: v1.train.string_input_producer([])),
            ("zero_epochs", lambda: v1.train.limit_epochs(tf.constant(1), num_epochs=0)),
            ("undefined_shape", lambda: v1.train.batch([v1.placeholder(tf.float32, [None])],
                                                        batch_size=2)),
            ("no_session", lambda: v1.train.start_queue_runners()),
            ("no_tensors", lambda: v1.train.batch([], batch_size=2)),
            ("bad_element_shape", lambda: v1.train.input_producer(
                v1.placeholder(tf.int32, [None, None])))]:
        try:
            fn()
            out[name] = "ok"
        except Exception as e:  # noqa: BLE001 - the error is the result
            out[name] = err(e)
    return out


@case
def limit_epochs_counts():
    t = v1.train.limit_epochs(tf.constant([1, 2]), num_epochs=2)
    out = []
    with v1.Session() as s:
        s.run(v1.local_variables_initializer())
        for _ in range(3):
            try:
                out.append(val(s.run(t)))
            except tf.errors.OutOfRangeError as e:
                out.append(err(e))
    return {"runs": out, "locals": [x.name for x in v1.local_variables()]}


@case
def manip_spectral():
    with v1.Session() as s:
        return val(s.run([v1.manip.roll([1, 2, 3, 4], 1, 0), v1.manip.tile([[1, 2]], [2, 1]),
                          v1.manip.reverse([1, 2, 3], [0]),
                          v1.manip.gather_nd([[1, 2], [3, 4]], [[1, 0]]),
                          tf.math.real(v1.spectral.fft(tf.constant([1, 2, 3, 4],
                                                                    tf.complex64))),
                          v1.spectral.rfft([1.0, 0.0, -1.0, 0.0])[:1].shape.as_list()
                          if False else tf.shape(v1.spectral.rfft([1.0, 0.0, -1.0, 0.0]))]))


@case
def maybe_batches():
    x = v1.train.range_input_producer(10, num_epochs=1, shuffle=False).dequeue()
    b = v1.train.maybe_batch([x], tf.equal(x % 3, 0), batch_size=2,
                             allow_smaller_final_batch=True)
    rows = tf.reshape(tf.range(12), [6, 2])
    m = v1.train.maybe_batch([rows], [True, False, True, True, False, True], batch_size=3,
                             enqueue_many=True)
    y = v1.train.range_input_producer(6, num_epochs=1, shuffle=False).dequeue()
    y2 = v1.train.range_input_producer(6, num_epochs=1, shuffle=False).dequeue()
    j = v1.train.maybe_batch_join([[y], [y2 * 10]], tf.constant(True), batch_size=2,
                                  allow_smaller_final_batch=True)
    z = v1.train.range_input_producer(30, num_epochs=1, shuffle=False).dequeue()
    sb = v1.train.maybe_shuffle_batch([z], 4, 10, 2, tf.equal(z % 2, 1), seed=3,
                                      allow_smaller_final_batch=True)
    z2 = v1.train.range_input_producer(8, num_epochs=1, shuffle=False).dequeue()
    sj = v1.train.maybe_shuffle_batch_join([[z2 + 100]], 4, 10, 2, True, seed=3,
                                           allow_smaller_final_batch=True)
    shuffled = loop(sb)
    joined = loop(sj)
    return {"filtered": loop(b), "rows": loop(m, n_max=3), "join": sorted(
        v for r in loop(j)[:-1] for v in r), "names": [b.name, m.name, sb.name, sj.name,
                                                       str(m.shape)],
            "shuffled": sorted(v for r in shuffled[:-1] for v in r),
            "joined": sorted(v for r in joined[:-1] for v in r)}


@case
def maybe_errors():
    out = {}
    x = tf.constant([1, 2])
    for name, fn in [
            ("vector_keep", lambda: v1.train.maybe_batch([x[0]], [True], batch_size=2)),
            ("matrix_keep", lambda: v1.train.maybe_batch([x], [[True]], batch_size=2,
                                                         enqueue_many=True)),
            ("unknown_keep", lambda: v1.train.maybe_batch(
                [x], v1.placeholder(tf.bool), batch_size=2, enqueue_many=True))]:
        try:
            fn()
            out[name] = "ok"
        except Exception as e:  # noqa: BLE001 - the error is the result
            out[name] = err(e)
    return out


print(json.dumps(OUT, sort_keys=True))
