"""tf.compat.v1.train.Supervisor run by TF 2.21 (record_supervisor_golden.py) or by
eagerflow (test_v1_supervisor.py): `python supervisor_program.py tf|eagerflow` prints one
JSON line: a managed session training a model (the files in its logdir, the checkpoint
state, the events written, the step and values), a second Supervisor restoring it, stops
requested inside the block, errors raised from it or swallowed (OutOfRangeError), a
Supervisor without a logdir, its properties and TF's errors."""

import json
import os
import sys
import tempfile
import time

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf

v1 = tf.compat.v1
train = v1.train
out = {}
errors = {}
try:  # eagerly, before the graph mode the rest runs in
    train.Supervisor()
    errors["eager"] = None
except RuntimeError as e:
    errors["eager"] = [type(e).__name__, str(e)]
v1.disable_eager_execution()


def err(e):
    return [type(e).__name__, str(e).split("\n")[0]]


def build(lr=0.1):
    """A linear model with a global step, a loss summary and a training op."""
    step = train.get_or_create_global_step()
    w = v1.get_variable("w", [2], initializer=v1.constant_initializer([1.0, -1.0]))
    x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
    loss = tf.reduce_sum(tf.square(tf.linalg.matvec(x, w) - 1.0))
    v1.summary.scalar("loss", loss)
    op = train.GradientDescentOptimizer(lr).minimize(loss, global_step=step)
    return step, w, loss, op


def files(d):
    names = sorted(os.listdir(d))
    return [("events.out.tfevents" if n.startswith("events.out.tfevents") else n)
            for n in names]


def events(d):
    """What each event file holds, in words (wall times and rates left out), sorted."""
    got = []
    for n in sorted(os.listdir(d)):
        if not n.startswith("events.out.tfevents"):
            continue
        for e in train.summary_iterator(os.path.join(d, n)):
            if e.HasField("file_version"):
                got.append(["file_version", e.file_version])
            elif e.HasField("graph_def"):
                got.append(["graph_def", e.step])
            elif e.HasField("meta_graph_def"):
                got.append(["meta_graph_def", e.step])
            elif e.HasField("session_log"):
                s = e.session_log
                path = os.path.basename(s.checkpoint_path) if s.checkpoint_path else ""
                got.append(["session_log", s.status, path, e.step])
            elif e.HasField("summary"):
                for v in e.summary.value:
                    value = round(v.simple_value, 4) if v.tag == "loss" else None
                    got.append(["summary", v.tag, value, e.step])
    return sorted(got, key=repr)


def checkpoint_state(d):
    st = train.get_checkpoint_state(d)
    if st is None:
        return None
    return [os.path.basename(st.model_checkpoint_path),
            [os.path.basename(p) for p in st.all_model_checkpoint_paths]]


root = tempfile.mkdtemp()

# 1. a managed session: restore-or-init, services at start, five steps, an explicit save
logdir = os.path.join(root, "run")
with tf.Graph().as_default() as g:
    step, w, loss, op = build()
    sv = train.Supervisor(logdir=logdir, save_model_secs=3600, save_summaries_secs=3600)
    losses = []
    with sv.managed_session() as sess:
        # the services' first round done (a checkpoint, summaries) before training
        deadline = time.time() + 30
        while not os.path.exists(sv.save_path + "-0.index") and time.time() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        first_step = int(sess.run(step))
        for _ in range(5):
            if sv.should_stop():
                break
            losses.append(float(sess.run([loss, op])[0]))
        sv.saver.save(sess, sv.save_path, global_step=sv.global_step)
        trained = sess.run(w).tolist()
        final_step = int(sess.run(step))
    out["train"] = {
        "first_step": first_step, "losses": [round(v, 5) for v in losses],
        "final_step": final_step, "w": [round(v, 5) for v in trained],
        "finalized": g.finalized, "files": files(logdir),
        "checkpoint": checkpoint_state(logdir), "events": events(logdir),
        "save_path": os.path.relpath(sv.save_path, root),
        "is_chief": sv.is_chief, "global_step": sv.global_step.name,
        "ready_op": sv.ready_op.name.split("/")[0], "init_op": sv.init_op.name,
        "local_init_op": sv.local_init_op.name if hasattr(sv, "local_init_op") else None,
        "summary_op": sv.summary_op.name, "saver": type(sv.saver).__name__,
        "secs": [sv.save_summaries_secs, sv.save_model_secs],
        "collections": {k: len(g.get_collection(k)) for k in (
            "ready_op", "init_op", "local_init_op", "savers", "summary_op",
            "global_step")},
    }
    try:
        tf.constant(1.0)
        out["train"]["after_finalize"] = None
    except RuntimeError as e:
        out["train"]["after_finalize"] = err(e)

# 2. a new Supervisor on the same logdir restores the explicit save (step 5)
with tf.Graph().as_default():
    step, w, loss, op = build()
    sv = train.Supervisor(logdir=logdir, save_model_secs=0, save_summaries_secs=0)
    with sv.managed_session() as sess:
        out["restore"] = {"step": int(sess.run(step)),
                          "w": [round(v, 5) for v in sess.run(w).tolist()]}
    # (a second event file, unless both writers opened theirs in the same second)
    out["restore"]["checkpoint"] = checkpoint_state(logdir)

# 3. a stop requested inside the block; sv.loop's thread joined by stop
with tf.Graph().as_default():
    step, w, loss, op = build()
    sv = train.Supervisor(logdir=None)
    calls = []
    with sv.managed_session() as sess:
        n = 0
        while not sv.should_stop():
            sess.run(op)
            n += 1
            if n == 3:
                sv.request_stop()
        out["request_stop"] = {"steps": n, "step": int(sess.run(step)),
                               "should_stop": sv.should_stop(), "writer": sv.summary_writer,
                               "save_path": sv.save_path}

# 4. errors raised in the block: ValueError raised again, OutOfRangeError a clean stop
for name, exc in (("value_error", ValueError("boom")),
                  ("out_of_range", tf.errors.OutOfRangeError(None, None, "done"))):
    with tf.Graph().as_default():
        build()
        sv = train.Supervisor(logdir=None)
        try:
            with sv.managed_session() as sess:
                sess.run(train.get_global_step())
                raise exc
            out[name] = {"raised": None, "should_stop": sv.should_stop()}
        except Exception as e:  # noqa: BLE001
            out[name] = {"raised": err(e), "should_stop": sv.should_stop()}

# 5. without start_standard_services: no checkpoint, the graph and events still written
logdir2 = os.path.join(root, "plain")
with tf.Graph().as_default():
    build()
    sv = train.Supervisor(logdir=logdir2)
    with sv.managed_session(start_standard_services=False) as sess:
        sv.summary_computed(sess, sess.run(sv.summary_op))
        out["no_services"] = {"step": int(sess.run(sv.global_step))}
    out["no_services"]["files"] = files(logdir2)
    out["no_services"]["events"] = events(logdir2)

# 6. a Supervisor without a global step, variables or summaries
with tf.Graph().as_default():
    y = tf.constant(2.0) * 3.0
    sv = train.Supervisor(logdir=None)
    with sv.managed_session() as sess:
        out["bare"] = {"value": float(sess.run(y)), "global_step": sv.global_step,
                       "saver": sv.saver, "summary_op": sv.summary_op}

# 7. basic_train_loop: steps until a stop is requested, a new session after an abort
with tf.Graph().as_default():
    build()
    sv = train.Supervisor(logdir=None)
    calls = []

    def train_step(sess, scale, offset=0):
        calls.append(len(calls) * scale + offset)
        if len(calls) == 2:
            raise tf.errors.AbortedError(None, None, "aborted")
        if len(calls) == 4:
            sv.request_stop()

    train.basic_train_loop(sv, train_step, args=[10], kwargs={"offset": 1})
    out["basic_train_loop"] = calls

# 8. errors
with tf.Graph().as_default():
    build()
    sv = train.Supervisor(logdir=None, is_chief=False)
    try:
        sv.start_standard_services(None)
        errors["not_chief_services"] = None
    except RuntimeError as e:
        errors["not_chief_services"] = err(e)
    try:
        sv.summary_computed(None, b"")
        errors["no_writer"] = None
    except RuntimeError as e:
        errors["no_writer"] = err(e)
out["errors"] = errors

print(json.dumps(out))
