"""A TF 1 graph of reference variables (VariableV2, TF 1's default, what
`tf.compat.v1.disable_v2_behavior()` builds) and the ops updating them in place, written
once for both implementations (`tf` is TensorFlow or eagerflow).

`build_and_save` runs with TF only (eagerflow makes no reference variables): every
optimizer of tf.compat.v1.train on one model, dense (ApplyAdam, ApplyMomentum, ...) and
sparse through an embedding's IndexedSlices gradient (SparseApplyAdagrad, ScatterAdd, ...),
the Apply* ops TF 1 has no optimizer for as raw ops, Assign/AssignAdd/AssignSub, the
Scatter* and ScatterNd* updates, CountUpTo, IsVariableInitialized, a global step, a
tf.compat.v1.metrics accuracy (local variables) and a Saver; trained 3 steps and saved.
`import_and_train` imports that meta graph, restores the checkpoint and trains on: run by
TF (record_ref_meta_golden.py, and the interop test live) and by eagerflow
(test_ref_meta_graph.py), which must see what TF sees.
"""

from __future__ import annotations

import os

import numpy as np

RNG = np.random.default_rng(23)
X = RNG.normal(size=(6, 3)).astype(np.float32)
Y = (X @ np.array([[0.5], [-1.0], [2.0]], np.float32) + 0.25).astype(np.float32)
IDS = np.array([0, 2, 2, 4, 1, 0], np.int32)
W0 = RNG.normal(size=(3, 1)).astype(np.float32)
E0 = (RNG.normal(size=(5, 3)) * 0.1).astype(np.float32)

# name -> the tf.compat.v1.train optimizer (its dense and sparse updates)
OPTIMIZERS = {
    "gd": "GradientDescentOptimizer(0.05)",
    "momentum": "MomentumOptimizer(0.02, 0.9, use_nesterov=True)",
    "adam": "AdamOptimizer(0.01)",
    "adagrad": "AdagradOptimizer(0.05)",
    "rmsprop": "RMSPropOptimizer(0.01, momentum=0.5)",
    "rmsprop_centered": "RMSPropOptimizer(0.01, momentum=0.2, centered=True)",
    "adadelta": "AdadeltaOptimizer(0.5)",
    "ftrl": "FtrlOptimizer(0.05, l1_regularization_strength=0.01)",
    "ftrl_v2": "FtrlOptimizer(0.05, l2_shrinkage_regularization_strength=0.01)",
    "proximal_adagrad": "ProximalAdagradOptimizer(0.05, l1_regularization_strength=0.01)",
    "proximal_gd": "ProximalGradientDescentOptimizer(0.05, l2_regularization_strength=0.01)",
    "adagrad_da": "AdagradDAOptimizer(0.05, global_step=STEP)",
}


def build_and_save(tf, work: str, steps: int = 3) -> dict:
    """Builds the graph (TF only), trains `steps` steps and saves `work`/model (checkpoint
    and .meta); the path and the node types of the graph."""
    tf1 = tf.compat.v1
    tf1.disable_resource_variables()
    with tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, [None, 3], name="x")
        y = tf1.placeholder(tf.float32, [None, 1], name="y")
        ids = tf1.placeholder(tf.int32, [None], name="ids")
        w = tf1.get_variable("w", initializer=W0)
        with tf1.variable_scope("layer"):
            b = tf1.get_variable("b", [1], initializer=tf1.constant_initializer(0.5))
        emb = tf1.get_variable("emb", initializer=E0)
        pred = tf.add(tf.matmul(x + tf.gather(emb, ids), w), b, name="pred")
        loss = tf.reduce_mean(tf.square(pred - y), name="loss")
        step = tf1.train.get_or_create_global_step()
        grads = tf1.train.GradientDescentOptimizer(0.1).compute_gradients(loss)  # (shared)
        for k, (name, opt) in enumerate(OPTIMIZERS.items()):
            o = eval("tf1.train." + opt, {"tf1": tf1, "STEP": step})  # noqa: S307
            tf1.add_to_collection("train_ops", o.apply_gradients(
                grads, global_step=step if k == 0 else None, name=f"train_{name}"))
        _acc, acc_update = tf1.metrics.accuracy(tf.cast(y > 0, tf.int32),
                                                tf.cast(pred > 0, tf.int32), name="acc")
        tf1.add_to_collection("metric_updates", acc_update)
        _extras(tf, tf1)
        saver = tf1.train.Saver()
        with tf1.Session() as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            feed = {x: X, y: Y, ids: IDS}
            for _ in range(steps):
                for t in tf1.get_collection("train_ops"):
                    sess.run(t, feed)
                for op in tf1.get_collection("extras"):  # (one run each: their order)
                    sess.run(op, feed)
                sess.run(acc_update, feed)
            path = saver.save(sess, os.path.join(work, "model"))
        types = sorted({nd.op for nd in g.as_graph_def().node})
    return {"path": path, "types": types}


def _extras(tf, tf1) -> None:
    """The ref ops no optimizer of TF 1 emits, in collection "extras" (one run each step)."""
    f32 = tf.float32
    with tf1.variable_scope("misc"):
        v = tf1.get_variable("v", initializer=np.arange(1.0, 7.0, dtype=np.float32))
        m = tf1.get_variable("m", initializer=np.full([4, 2], 2.0, np.float32))
        c = tf1.get_variable("counter", [], tf.int32, initializer=tf1.zeros_initializer())
        a = tf1.get_variable("a", initializer=np.array([1.0, -2.0], np.float32))
        slots = [tf1.get_variable(f"s{i}", initializer=np.full([2], 0.1 * (i + 1), np.float32))
                 for i in range(4)]
    g = tf.constant([0.5, -0.25])
    ops = [
        tf1.assign_sub(v, tf.ones([6]) * 0.5),
        tf1.scatter_update(v, [0], [3.0]), tf1.scatter_add(v, [1, 1], [1.0, 2.0]),
        tf1.scatter_sub(v, [2], [0.5]), tf1.scatter_mul(v, [3], [1.5]),
        tf1.scatter_div(v, [4], [2.0]), tf1.scatter_max(v, [5], [4.0]),
        tf1.scatter_min(v, [0], [2.5]),
        tf1.scatter_nd_update(m, [[0, 1]], [7.0]), tf1.scatter_nd_add(m, [[1]], [[1.0, 2.0]]),
        tf1.scatter_nd_sub(m, [[2, 0]], [0.5]),
        tf.raw_ops.ScatterNdMax(ref=m, indices=[[3, 0]], updates=[9.0]),
        tf.raw_ops.ScatterNdMin(ref=m, indices=[[3, 1]], updates=[-1.0]),
        tf.identity(tf1.count_up_to(c, 100), name="counted"),
        tf.raw_ops.ApplyAdaMax(var=a, m=slots[0], v=slots[1], beta1_power=0.9, lr=0.1,
                               beta1=0.9, beta2=0.99, epsilon=1e-7, grad=g),
        tf.raw_ops.ApplyAddSign(var=a, m=slots[2], lr=0.1, alpha=1.0, sign_decay=0.5,
                                beta=0.9, grad=g),
        tf.raw_ops.ApplyPowerSign(var=a, m=slots[3], lr=0.1, logbase=np.float32(np.e),
                                  sign_decay=0.5, beta=0.9, grad=g),
        tf.raw_ops.ApplyAdagradV2(var=a, accum=slots[0], lr=0.1, epsilon=1e-7, grad=g),
        tf1.assign_add(a, tf.constant([0.125, 0.125], f32)),
    ]
    for op in ops:
        tf1.add_to_collection("extras", op)
    tf1.add_to_collection("checks", tf1.is_variable_initialized(v))
    p = tf1.placeholder(f32, [None], name="p")
    tf1.add_to_collection("checks", tf1.assign(a, p, name="bad_assign"))
    tf1.add_to_collection("checks", tf1.assign(v, p, validate_shape=False, name="reshape"))


def _err(e: BaseException) -> list:
    """The error's class and TF's kernel words (the line naming the failing node's value)."""
    words = [ln for ln in str(e).splitlines()
             if ln.startswith(("Attempting", "Assign requires"))]
    return [type(e).__name__, words[:1]]


def _values(tf1, sess, variables: list) -> dict:
    return {v.name: np.asarray(sess.run(v)).tolist() for v in variables}


def import_and_train(tf, path: str, steps: int = 2) -> dict:
    """Imports `path`.meta into a new graph, restores `path` and trains `steps` more steps
    (every train op, the extras and the metric's update); what the program sees."""
    tf1 = tf.compat.v1
    out: dict = {}
    with tf.Graph().as_default() as g:
        saver = tf1.train.import_meta_graph(path + ".meta")
        out["global"] = [v.name for v in tf1.global_variables()]
        out["trainable"] = [v.name for v in tf1.trainable_variables()]
        out["local"] = [v.name for v in tf1.local_variables()]
        out["shapes"] = [v.shape.as_list() for v in tf1.global_variables()]
        loss = g.get_tensor_by_name("loss:0")
        feed = {"x:0": X, "y:0": Y, "ids:0": IDS}
        check, bad, reshape = tf1.get_collection("checks")
        with tf1.Session() as sess:
            out["uninitialized"] = sorted(
                s.decode() for s in sess.run(tf1.report_uninitialized_variables()))
            out["initialized_before"] = bool(sess.run(check))
            errors = {}
            for key, fetch in (("read", "w/read:0"), ("loss", "loss:0")):
                try:
                    sess.run(fetch, feed)
                    errors[key] = None
                except Exception as e:  # noqa: BLE001
                    # (which of loss's variables is read first is the runtime's choice)
                    errors[key] = _err(e) if key == "read" else type(e).__name__
            saver.restore(sess, path)
            sess.run(tf1.local_variables_initializer())
            out["initialized_after"] = bool(sess.run(check))
            out["restored"] = _values(tf1, sess, tf1.global_variables())
            losses, counted = [], []
            for _ in range(steps):
                for t in tf1.get_collection("train_ops"):
                    sess.run(t, feed)
                    losses.append(float(sess.run(loss, feed)))
                for op in tf1.get_collection("extras"):
                    sess.run(op, feed)
                counted.append(int(sess.run("misc/counter:0")))
                out["accuracy"] = float(sess.run(tf1.get_collection("metric_updates")[0],
                                                 feed))
            out["losses"], out["counted"] = losses, counted
            out["trained"] = _values(tf1, sess, tf1.global_variables())
            out["step"] = int(sess.run(tf1.train.get_global_step()))
            try:
                sess.run(bad, {"p:0": [1.0, 2.0, 3.0]})
                errors["validate_shape"] = None
            except Exception as e:  # noqa: BLE001
                errors["validate_shape"] = _err(e)
            out["reshaped"] = np.asarray(sess.run(reshape, {"p:0": [1.0, 2.0, 3.0]})).tolist()
            out["after_reshape"] = np.asarray(sess.run("misc/v:0")).tolist()
            out["errors"] = errors
    return out


def train_round(tf, path: str, save_to: str | None = None) -> dict:
    """Imports `path`.meta, restores `path`, runs every train op once: the loss then
    (and, given `save_to`, the Saver's save of the graph there: its path)."""
    tf1 = tf.compat.v1
    feed = {"x:0": X, "y:0": Y, "ids:0": IDS}
    out: dict = {}
    with tf.Graph().as_default():
        saver = tf1.train.import_meta_graph(path + ".meta")
        with tf1.Session() as sess:
            saver.restore(sess, path)
            sess.run(tf1.local_variables_initializer())
            for t in tf1.get_collection("train_ops"):
                sess.run(t, feed)
            out["loss"] = float(sess.run("loss:0", feed))
            if save_to is not None:
                out["path"] = saver.save(sess, save_to)
    return out


def build_small(tf, path: str) -> None:
    """A graph (TF only) of the rarer ref ops: TemporaryVariable and
    DestroyTemporaryVariable, RefIdentity, the old Variable op; its meta graph at `path`."""
    from tensorflow.python.ops import gen_state_ops  # (TF's ops without a public API)

    tf1 = tf.compat.v1
    tf1.disable_resource_variables()
    with tf.Graph().as_default():
        w = tf1.get_variable("w", initializer=np.array([1.0, 2.0], np.float32))
        tmp = gen_state_ops.temporary_variable([2], tf.float32, var_name="tmp")
        added = tf1.assign_add(tf1.assign(tmp, [1.0, 2.0]), [10.0, 10.0])
        gen_state_ops.destroy_temporary_variable(added, var_name="tmp", name="destroyed")
        tf1.assign_add(tf.raw_ops.RefIdentity(input=w), [0.5, 0.5], name="through_ref")
        old = tf.raw_ops.Variable(shape=[2], dtype=tf.float32, name="old")
        tf.multiply(tf1.assign(old, [3.0, 4.0], name="old_init"), 2.0, name="twice")
        tf1.train.export_meta_graph(path)


def run_small(tf, path: str) -> dict:
    """Imports build_small's meta graph and runs its ops in turn: what each gives."""
    tf1 = tf.compat.v1
    out: dict = {}
    with tf.Graph().as_default() as g:
        tf1.train.import_meta_graph(path)
        with tf1.Session() as sess:
            sess.run(g.get_operation_by_name("w/Assign"))
            for name in ("destroyed:0", "through_ref:0", "w:0", "twice:0", "old:0"):
                out[name] = np.asarray(sess.run(g.get_tensor_by_name(name))).tolist()
    return out
