"""`tf.compat.v1.train.ProfilerHook` in a MonitoredTrainingSession, and a Session run with
FULL_TRACE RunOptions, run by TF 2.21 (record_profiler_hook_golden.py) or eagerflow
(test_v1_profiler_hook.py): `python profiler_hook_program.py tf|eagerflow DIR` prints one
JSON line: the files each run leaves (timeline-STEP.json every N steps, none within
save_secs), the Chrome trace structure a user reads (traceEvents: the process names, each
op's event keys, the train op's node), the event file's tagged run metadata, the hook's
log lines, and TF's errors. Timings and the ops TF's runtime adds (_SOURCE, _Arg, its
Switch/Merge) are not compared: only what both have (show_memory's tensor and allocator
events by their structure and timing rules). Nor are TF's dataflow arrows (between its
executor's threads: eagerflow runs a step on one)."""

import glob
import json
import logging
import os
import re
import shutil
import sys
import warnings

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf
import numpy as np

warnings.simplefilter("ignore")
ROOT = sys.argv[2]
v1 = tf.compat.v1
v1.disable_eager_execution()
out = {}
logged = []


class Keep(logging.Handler):
    def emit(self, record):
        msg = record.getMessage()
        if "timeline" in msg:
            logged.append(msg.replace(ROOT, "DIR"))


logging.getLogger("tensorflow").addHandler(Keep())
logging.getLogger("tensorflow").setLevel(logging.INFO)


def err(e):
    return [type(e).__name__, str(e).split("\n")[0]]


def listing(d):
    return sorted("events.out.tfevents.*" if f.startswith("events.out.tfevents.") else f
                  for f in os.listdir(d))


def tagged(d):
    """The event file's tagged run metadata: tag, and whether it holds step stats."""
    from tensorboard.compat.proto import config_pb2, event_pb2
    from tensorboard.compat.tensorflow_stub.pywrap_tensorflow import PyRecordReader_New
    res = []
    for path in sorted(glob.glob(os.path.join(d, "events.out.tfevents.*"))):
        reader = PyRecordReader_New(path.encode())
        while True:
            try:
                reader.GetNext()
            except Exception:  # noqa: BLE001 (the end of the file)
                break
            ev = event_pb2.Event.FromString(reader.record())
            if ev.HasField("tagged_run_metadata"):
                md = config_pb2.RunMetadata.FromString(ev.tagged_run_metadata.run_metadata)
                res.append([ev.tagged_run_metadata.tag, ev.step,
                            [s.device for s in md.step_stats.dev_stats],
                            len(md.step_stats.dev_stats[0].node_stats) > 0])
    return res


def trace_summary(path):
    """What a user of the Chrome trace relies on, not the timings nor TF's own nodes."""
    with open(path) as f:
        text = f.read()
    t = json.loads(text)
    events = t["traceEvents"]
    meta = [e for e in events if e["ph"] == "M"]
    ops = [e for e in events if e["ph"] == "X"]
    train = [[e["name"], e["args"]["op"], e["pid"]] for e in ops
             if e["args"]["name"] == "GradientDescent"]
    return {"keys": sorted(t), "indent": text[:20], "metadata": meta,
            "op_keys": sorted({tuple(sorted(e)) for e in ops}),
            "cats": sorted({e["cat"] for e in ops}), "pids": sorted({e["pid"] for e in ops}),
            "times_ints": all(isinstance(e["ts"], int) and isinstance(e["dur"], int)
                              and e["dur"] >= 0 for e in ops),
            "args_named": all(e["args"]["op"] == e["name"] and "name" in e["args"]
                              for e in ops),
            "train_op": train, "memory": memory_summary(events)}


def lives(events, by):
    """Each tensor made when its op starts, described a microsecond before the op ends,
    gone no earlier than made."""
    ops = {e["args"]["name"]: e for e in events if e["ph"] == "X"}
    res = []
    for n, o, d in zip(*[sorted(by[ph], key=lambda e: e["id"]) for ph in "NOD"]):
        op = ops[n["name"].split(":")[0]]
        res.append(n["ts"] == op["ts"] and o["ts"] == op["ts"] + op["dur"] - 1
                   and d["ts"] >= n["ts"])
    return all(res)


def memory_summary(events):
    """show_memory's events: tensors' lives on the Tensors track, the allocators' bytes."""
    by = {ph: [e for e in events if e["ph"] == ph] for ph in "NODC"}
    if not by["N"]:
        return None
    snap = by["O"][0]["args"]["snapshot"]["tensor_description"]
    return {ph: {"keys": sorted({tuple(sorted(e)) for e in es}),
                 "cats": sorted({e["cat"] for e in es}),
                 "pids": sorted({e["pid"] for e in es})} for ph, es in by.items()} | {
        "counts": [len(by["N"]) == len(by["O"]) == len(by["D"]),
                   len(by["C"]) == 2 * len(by["N"])],
        "ends_at_zero": all(v == 0 for v in by["C"][-1]["args"].values()),
        "counter_named": all(list(e["args"]) == [e["name"]] for e in by["C"]),
        "snapshot": ["dtype: DT_" in snap, "requested_bytes: " in snap,
                     "allocator_name: " in snap],
        "lives": lives(events, by),
        "order": re.sub(r"(NO)+", "NO", re.sub(r"(.)\1+", r"\1",
                                               "".join(e["ph"] for e in events)))}


def model():
    gs = v1.train.get_or_create_global_step()
    x = v1.placeholder(tf.float32, [2, 3], name="x")
    w = v1.get_variable("w", [3, 1])
    loss = tf.reduce_sum(tf.matmul(x, w), name="loss")
    train = v1.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=gs)
    return x, train


def train_with(name, steps, exact=True, **hook_args):
    """A MonitoredTrainingSession's `steps` with a ProfilerHook: the files, event file and
    log lines (not `exact`: only that it traced more than once, when the steps it traces
    depend on the race in TF's executor between the step's update and the hook's read of
    the global step)."""
    d = os.path.join(ROOT, name)
    shutil.rmtree(d, ignore_errors=True)
    del logged[:]
    with tf.Graph().as_default():
        x, train = model()
        hook = v1.train.ProfilerHook(output_dir=d, **hook_args)
        with v1.train.MonitoredTrainingSession(hooks=[hook], save_summaries_steps=None,
                                               save_checkpoint_secs=None,
                                               log_step_count_steps=None) as sess:
            for _ in range(steps):
                sess.run(train, {x: np.ones((2, 3), np.float32)})
    v1.summary.FileWriterCache.clear()  # (its writers flushed and closed)
    timelines = sorted(glob.glob(os.path.join(d, "timeline-*.json")))
    first = trace_summary(timelines[0]) if timelines else None
    if not exact:
        return {"several": len(timelines) >= 2, "first": first}
    return {"files": listing(d), "tagged": tagged(d), "logged": list(logged), "first": first}


out["save_steps_2"] = train_with("steps2", 6, save_steps=2)
out["save_steps_3"] = train_with("steps3", 7, False, save_steps=3, show_dataflow=False,
                                 show_memory=True)
out["save_secs_long"] = train_with("secs", 4, save_secs=3600)


def session_trace():
    """A plain Session run asked for a FULL_TRACE: its RunMetadata's step stats."""
    with tf.Graph().as_default():
        x, train = model()
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            md = v1.RunMetadata()
            sess.run(train, {x: np.ones((2, 3), np.float32)},
                     options=v1.RunOptions(trace_level=v1.RunOptions.FULL_TRACE),
                     run_metadata=md)
            plain = v1.RunMetadata()
            sess.run(train, {x: np.ones((2, 3), np.float32)}, run_metadata=plain)
    names = {n.node_name for d in md.step_stats.dev_stats for n in d.node_stats}
    return {"devices": [d.device for d in md.step_stats.dev_stats],
            "has_train_node": "GradientDescent" in names,
            "untraced_devices": len(plain.step_stats.dev_stats)}


out["session_full_trace"] = session_trace()


def error(name, **kw):
    d = os.path.join(ROOT, "err_" + name)
    shutil.rmtree(d, ignore_errors=True)
    try:
        with tf.Graph().as_default():
            v1.train.ProfilerHook(output_dir=d, **kw)
        res = None
    except Exception as e:  # noqa: BLE001
        res = err(e)
    return [res, os.path.isdir(d)]  # (the writer's directory: made before the check)


def no_global_step():
    d = os.path.join(ROOT, "no_step")
    with tf.Graph().as_default():
        x = v1.placeholder(tf.float32, [2], name="x")
        y = x * 2.0
        hook = v1.train.ProfilerHook(save_steps=1, output_dir=d)
        try:
            with v1.train.MonitoredSession(hooks=[hook]) as sess:
                sess.run(y, {x: [1.0, 2.0]})
        except Exception as e:  # noqa: BLE001
            return err(e)


out["errors"] = {"both": error("both", save_steps=2, save_secs=3),
                 "neither": error("neither"),
                 "no_global_step": no_global_step()}
print(json.dumps(out))
