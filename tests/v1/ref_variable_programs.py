"""TF 1 programs of reference variables, written once for both implementations: each
`program(tf)` builds a graph in which `tf.compat.v1.Variable`/`get_variable` make TF 1's
RefVariables (resource variables switched off, or `use_resource=False`), runs it in a
Session and returns what a user sees (reprs, dtypes, node types and names, values,
errors) as JSON-able values. record_ref_variable_golden.py runs them with TensorFlow
2.21, test_ref_variables.py with eagerflow, and compares. Each program switches resource
variables back on before it returns, and builds in a graph of its own (eager execution
stays on: TF's switch is process-wide).

Run as a script (`python ref_variable_programs.py tf|ef`), it prints the JSON of
`disabled_v2`, which turns `disable_v2_behavior` on for the rest of the process.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile

import numpy as np

X = np.array([[1., 2.], [3., -1.], [0.5, 4.]], np.float32)
Y = np.array([[1.], [0.], [2.]], np.float32)
W0 = np.array([[0.5], [-0.25]], np.float32)
# the TF 1 nodes of a reference variable's graph a program lists (names and types)
_REF_TYPES = ("VariableV2", "Assign", "AssignAdd", "AssignSub", "IsVariableInitialized")


def _err(e: BaseException) -> list:
    """An error as [class, its last line] (TF's text before it names its own frames)."""
    text = getattr(e, "message", None) or str(e)
    lines = [ln for ln in text.splitlines() if ln.strip()]
    last = [ln for ln in lines if not ln.strip().startswith("[[")]
    return [type(e).__name__, last[-1].strip() if last else ""]


def _val(a) -> list | float | int | bool:
    a = np.asarray(a)
    return a.tolist()


@contextlib.contextmanager
def _refs(tf):
    """Resource variables off while a program builds (TF's process-wide switch)."""
    tf.compat.v1.disable_resource_variables()
    try:
        yield
    finally:
        tf.compat.v1.enable_resource_variables()


def _nodes(g, keep=None) -> list:
    return [[n.name, n.op, [i for i in n.input]] for n in g.as_graph_def().node
            if keep is None or keep(n.op)]


def _is_ref_op(op: str) -> bool:
    return op in _REF_TYPES or op.startswith(("Apply", "SparseApply", "Scatter"))


def basics(tf) -> dict:
    tf1 = tf.compat.v1
    out: dict = {}
    with _refs(tf), tf.Graph().as_default() as g:
        v = tf1.Variable(1.0, name="v")
        w = tf1.get_variable("w", initializer=tf.constant([1.0, 2.0, 3.0]))
        i = tf1.get_variable("i", shape=[2], dtype=tf.int32,
                             initializer=tf1.zeros_initializer())
        d = v.dtype
        out["dtype"] = [repr(d), str(d), d.name, repr(d.base_dtype), d.as_datatype_enum,
                        d == tf.float32, d.is_compatible_with(tf.float32),
                        tf.float32.is_compatible_with(d), d.is_floating, repr(i.dtype),
                        repr(tf.as_dtype("float32_ref")), repr(tf.as_dtype(109))]
        out["repr"] = [repr(x) for x in (v, w, i, v.value(), v.read_value(), v._ref(),
                                         v.initial_value, v.op.outputs[0])]
        out["types"] = [v.op.type, v.initializer.type, v.value().op.type, v.value().name,
                        v.name, v.op.name, v.initializer.name, w.initializer.name,
                        v.shape.as_list(), w.get_shape().as_list()]
        a = v.assign(2.0)
        a2 = v.assign_add(1.0)
        a3 = v.assign_sub(0.5, read_value=False)
        a4 = tf1.assign(v, 5.0)
        a5 = tf1.assign_sub(v, 1.0)
        s = tf1.scatter_update(w, [0], [9.0])
        s2 = tf1.scatter_add(w, [1, 1], [1.0, 2.0])
        x = v * 3.0 + w[0]
        out["writes"] = [repr(a), repr(a2), repr(a3), repr(a4), repr(a5), repr(s), repr(s2),
                         a.op.type, s.op.type, s2.op.type, repr(a + 1.0)]
        out["reads"] = [[t.name for t in x.op.inputs[0].op.inputs],
                        [t.name for t in (a + 1.0).op.inputs]]
        init = tf1.is_variable_initialized(v)
        report = tf1.report_uninitialized_variables()
        out["collections"] = [[x.name for x in tf1.global_variables()],
                              [x.name for x in tf1.trainable_variables()]]
        out["nodes"] = _nodes(g, _is_ref_op)
        with tf1.Session() as sess:
            errs = []
            for f in (v.value(), w[0] * 2.0):
                try:
                    sess.run(f)
                except Exception as e:  # noqa: BLE001 - the error is the result
                    errs.append(_err(e))
            out["uninitialized"] = errs + [[b.decode() for b in sess.run(report)],
                                           bool(sess.run(init))]
            fetched = []  # (a fetched reference's error: TF's whole message)
            for f in ([v], [tf.constant(2.0, name="c"), v], {"a": v, "b": v}):
                try:
                    sess.run(f)
                except Exception as e:  # noqa: BLE001 - the error is the result
                    fetched.append([type(e).__name__, e.message])
            out["fetch_errors"] = fetched
            sess.run(tf1.global_variables_initializer())
            out["run"] = [_val(sess.run(f)) for f in (v, a, a2, v, a4, a5, v, x, s, s2, w,
                                                       i, init, v.value())]
            sess.run(a3)
            out["run"].append(_val(sess.run(v)))
            out["report"] = [b.decode() for b in sess.run(report)]
    return out


def writes(tf) -> dict:
    """TF 1's writes of a reference and their refusals while the graph is built: shapes
    that do not merge, a value of another dtype, `validate_shape=False`, CountUpTo, the
    ScatterNd updates, a gather (no sparse_read: its snapshot's GatherV2)."""
    tf1 = tf.compat.v1
    out = []
    with _refs(tf), tf.Graph().as_default() as g:
        v = tf1.Variable([1.0, 2.0], name="v")
        c = tf1.Variable(0, name="c")
        made = []
        for f in (lambda: v.assign([1.0, 2.0, 3.0]), lambda: v.assign_add([1.0, 2.0, 3.0]),
                  lambda: v.assign(tf.constant([1, 2])), lambda: v.assign_add(1.0),
                  lambda: tf1.assign(v, [1.0, 2.0, 3.0], validate_shape=False),
                  lambda: tf1.assign(v, [4.0, 5.0], use_locking=True),
                  lambda: tf1.count_up_to(c, 2), lambda: v.count_up_to(2),
                  lambda: tf1.scatter_nd_update(v, [[0]], [5.0]),
                  lambda: v.scatter_nd_add([[1]], [5.0]), lambda: v.scatter_sub(
                      tf.IndexedSlices(tf.constant([1.0]), tf.constant([0]))),
                  lambda: tf.gather(v, [1]), lambda: v.sparse_read([0]), lambda: v[0]):
            try:
                r = f()
                out.append([repr(r), r.op.type])
                made.append(r)
            except Exception as e:  # noqa: BLE001 - the error is the result
                out.append([type(e).__name__, str(e)])
        nodes = _nodes(g, _is_ref_op)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            values = []
            for t in made:
                try:
                    values.append(_val(sess.run(t)))
                except Exception as e:  # noqa: BLE001 - the error is the result
                    values.append(_err(e))
    return {"made": out, "nodes": nodes, "values": values}


def kinds(tf) -> dict:
    """Which constructors make a reference variable where: each variable's dtype and
    node type (TF: a RefVariable's float32_ref and VariableV2)."""
    tf1 = tf.compat.v1

    def kind(v) -> list:
        if tf.executing_eagerly():
            return [v.dtype.name]
        return [v.dtype.name, v.op.type]

    out: dict = {}
    out["eager"] = kind(tf1.Variable(1.0, use_resource=False))
    with tf.Graph().as_default():
        out["graph"] = [kind(tf1.Variable(1.0, use_resource=False)),
                        kind(tf1.Variable(1.0)), kind(tf.Variable(1.0)),
                        kind(tf1.get_variable("a", [], use_resource=False))]
        with tf1.variable_scope("s", use_resource=False):
            out["scope"] = [kind(tf1.get_variable("b", [])), kind(tf1.Variable(1.0))]
    with _refs(tf), tf.Graph().as_default():
        out["off"] = [kind(tf1.Variable(1.0)), kind(tf.Variable(1.0)),
                      kind(tf1.get_variable("c", [])),
                      kind(tf1.Variable(1.0, use_resource=True)),
                      kind(tf1.get_variable("d", [], use_resource=True)),
                      kind(tf1.train.get_or_create_global_step())]
        with tf1.variable_scope("r", use_resource=True):
            out["off"].append(kind(tf1.get_variable("e", [])))
        out["enabled"] = tf1.resource_variables_enabled()
    return out


_OPTIMIZERS = {
    "gd": lambda t: t.GradientDescentOptimizer(0.1),
    "momentum": lambda t: t.MomentumOptimizer(0.1, 0.9),
    "nesterov": lambda t: t.MomentumOptimizer(0.05, 0.9, use_nesterov=True),
    "adam": lambda t: t.AdamOptimizer(0.1),
    "adagrad": lambda t: t.AdagradOptimizer(0.2),
    "rmsprop": lambda t: t.RMSPropOptimizer(0.05),
    "rmsprop_centered": lambda t: t.RMSPropOptimizer(0.05, momentum=0.5, centered=True),
    "adadelta": lambda t: t.AdadeltaOptimizer(1.0),
    "ftrl": lambda t: t.FtrlOptimizer(0.3, l1_regularization_strength=0.01),
    "proximal_gd": lambda t: t.ProximalGradientDescentOptimizer(
        0.1, l2_regularization_strength=0.1),
    "proximal_adagrad": lambda t: t.ProximalAdagradOptimizer(0.1),
}


def _train(tf, g, train, loss, feed, steps=3) -> dict:
    tf1 = tf.compat.v1
    out: dict = {"nodes": _nodes(g, _is_ref_op), "losses": []}
    with tf1.Session() as sess:
        sess.run(tf1.global_variables_initializer())
        for _ in range(steps):
            out["losses"].append(float(sess.run([train, loss], feed)[1]))
        out["variables"] = {v.op.name: [repr(v), _val(sess.run(v))]
                            for v in tf1.global_variables()}
    return out


def training(tf) -> dict:
    """A linear model trained by each TF 1 optimizer over reference variables: the
    optimizers' nodes (Apply*), the slots, losses and values."""
    tf1 = tf.compat.v1
    out = {}
    for name, make in _OPTIMIZERS.items():
        with _refs(tf), tf.Graph().as_default() as g:
            x = tf1.placeholder(tf.float32, [None, 2], name="x")
            w = tf1.get_variable("w", initializer=tf.constant(W0))
            b = tf1.Variable(0.1, name="b")
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - Y))
            step = tf1.train.get_or_create_global_step()
            train = make(tf1.train).minimize(loss, global_step=step)
            out[name] = _train(tf, g, train, loss, {x: X})
            out[name]["train"] = [train.type, train.name]
    return out


def sparse(tf) -> dict:
    """An embedding trained by TF 1's optimizers over a reference variable: a gather's
    IndexedSlices gradient goes to TF's sparse updates (ScatterAdd, SparseApply*)."""
    tf1 = tf.compat.v1
    out = {}
    for name in ("gd", "momentum", "adam", "adagrad", "rmsprop", "ftrl"):
        with _refs(tf), tf.Graph().as_default() as g:
            table = tf1.get_variable("table", initializer=tf.constant(
                np.arange(12, dtype=np.float32).reshape(6, 2) / 10))
            ids = tf1.placeholder(tf.int32, [None], name="ids")
            rows = tf.gather(table, ids)
            loss = tf.reduce_sum(tf.square(rows - 1.0))
            train = _OPTIMIZERS[name](tf1.train).minimize(loss)
            out[name] = _train(tf, g, train, loss, {ids: [1, 3, 1, 5]})
    return out


def saver(tf) -> dict:
    """A Saver of reference variables: the checkpoint's keys and values, the meta graph's
    VariableDefs and save/restore nodes, and a restore into a new Session."""
    tf1 = tf.compat.v1
    out: dict = {}
    d = tempfile.mkdtemp()
    with _refs(tf), tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, [None, 2], name="x")
        w = tf1.get_variable("w", initializer=tf.constant(W0))
        b = tf1.Variable(0.1, name="b")
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - Y))
        train = tf1.train.MomentumOptimizer(0.1, 0.9).minimize(loss)
        s = tf1.train.Saver()
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            for _ in range(2):
                sess.run(train, {x: X})
            path = s.save(sess, os.path.join(d, "model"))
            trained = [_val(sess.run(v)) for v in (w, b)]
        out["checkpoint"] = {k: [shape, _val(tf.train.load_variable(path, k))]
                             for k, shape in tf.train.list_variables(path)}
        meta = tf1.train.export_meta_graph()
        out["save_nodes"] = [n for n in _nodes(g) if n[0].startswith("save/")]
        defs = []
        for raw in meta.collection_def["variables"].bytes_list.value:
            vd = type(_variable_def_class(tf))()
            vd.ParseFromString(raw)
            defs.append([vd.variable_name, vd.initializer_name, vd.snapshot_name,
                         vd.initial_value_name, vd.is_resource, vd.trainable])
        out["variable_defs"] = defs
        with tf1.Session() as sess:
            s.restore(sess, path)
            out["restored"] = [_val(sess.run(v)) for v in (w, b)]
        out["same"] = out["restored"] == trained
    return out


def _variable_def_class(tf):
    """TF's VariableDef message class (TensorBoard's copy of TF's protos for eagerflow)."""
    if tf.__name__ == "tensorflow":
        from tensorflow.core.framework import variable_pb2
    else:
        from tensorboard.compat.proto import variable_pb2
    return variable_pb2.VariableDef()


def build_and_save(tf, out_dir: str) -> dict:
    """A reference-variable model trained two Adam steps, its checkpoint and .meta written
    to `out_dir` (the interop test has each side import the other's and train on)."""
    tf1 = tf.compat.v1
    with _refs(tf), tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None, 2], name="x")
        w = tf1.get_variable("w", initializer=tf.constant(W0))
        b = tf1.Variable(0.1, name="b")
        loss = tf.identity(tf.reduce_mean(tf.square(tf.matmul(x, w) + b - Y)), name="loss")
        step = tf1.train.get_or_create_global_step()
        train = tf1.train.AdamOptimizer(0.1).minimize(loss, global_step=step, name="train")
        s = tf1.train.Saver()
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            for _ in range(2):
                sess.run(train, {x: X})
            s.save(sess, os.path.join(out_dir, "model"))
            return {"saved": [_val(sess.run(v)) for v in (w, b)]}


def import_and_train(tf, out_dir: str) -> dict:
    """The model `build_and_save` wrote, imported, restored and trained two more steps."""
    tf1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        s = tf1.train.import_meta_graph(os.path.join(out_dir, "model.meta"))
        out = {"types": sorted({g.get_operation_by_name(n).type for n in ("w", "b", "w/Adam")}),
               "variables": [v.name for v in tf1.global_variables()]}
        with tf1.Session() as sess:
            s.restore(sess, os.path.join(out_dir, "model"))
            out["restored"] = [_val(sess.run(n)) for n in ("w:0", "b:0", "global_step:0")]
            losses = [float(sess.run(["train", "loss:0"], {"x:0": X})[1]) for _ in range(2)]
            out["losses"] = losses
            out["trained"] = [_val(sess.run(n)) for n in ("w:0", "b:0", "global_step:0")]
    return out


def initialized(tf) -> dict:
    """`initialized_value()`: a reference variable's cond on a new IsVariableInitialized
    (its nodes, its value before and after the initializer and an assign); a resource graph
    variable's refusal."""
    tf1 = tf.compat.v1
    out = {}
    g = tf.Graph()
    with g.as_default():
        v = tf1.Variable([1.0, 2.0], use_resource=False, name="v")
        before = {n.name for n in g.as_graph_def().node}
        iv = v.initialized_value()
        out["repr"] = repr(iv)
        out["nodes"] = _nodes(g, None)
        out["nodes"] = [n for n in out["nodes"] if n[0] not in before]
        with tf1.Session() as sess:
            try:
                out["uninitialized"] = _val(sess.run(iv))
            except Exception as e:  # noqa: BLE001 - the error is the outcome
                out["uninitialized"] = [type(e).__name__,
                                        "Attempting to use uninitialized value v" in str(e)]
            sess.run(v.initializer)
            out["initialized"] = _val(sess.run(iv))
            sess.run(v.assign([5.0, 6.0]))
            out["assigned"] = _val(sess.run(iv))
        r = tf1.Variable(1.0, use_resource=True, name="r")
        try:
            r.initialized_value()
        except Exception as e:  # noqa: BLE001
            out["resource"] = [type(e).__name__, str(e)]
    return out


def in_function(tf) -> dict:
    """A reference variable asked for inside a tf.function: TF's errors ("in user code")."""
    tf1 = tf.compat.v1
    makers = {
        "Variable": lambda: tf1.Variable(1.0, use_resource=False),
        "get_variable": lambda: tf1.get_variable("w", shape=[], use_resource=False),
        "scope": lambda: _scoped_get(tf1, "s", "w"),
    }
    out = {}
    for name, make in makers.items():
        def f(make=make):
            return make().read_value()
        try:
            out[name] = ["ok", repr(tf.function(f)())]
        except Exception as e:  # noqa: BLE001
            out[name] = _err(e)
    with _refs(tf):
        try:
            out["disabled"] = ["ok", repr(tf.function(lambda: tf1.get_variable(
                "d", shape=[]).read_value())())]
        except Exception as e:  # noqa: BLE001
            out["disabled"] = _err(e)
    return out


def _scoped_get(tf1, scope, name):
    with tf1.variable_scope(scope, use_resource=False):
        return tf1.get_variable(name, shape=[])


def disabled_v2(tf) -> dict:
    """After `disable_v2_behavior` (process-wide): the default graph's variables."""
    tf1 = tf.compat.v1
    tf1.disable_v2_behavior()
    v = tf1.Variable(1.0, name="v")
    g = tf1.get_variable("g", shape=[2], initializer=tf1.zeros_initializer())
    t = tf.Variable(1.0, name="t")
    r = tf1.Variable(1.0, name="r", use_resource=True)
    return {"kinds": [[repr(x), x.op.type] for x in (v, g, t, r)],
            "enabled": tf1.resource_variables_enabled()}


PROGRAMS = {"basics": basics, "writes": writes, "kinds": kinds, "training": training,
            "sparse": sparse, "saver": saver, "initialized": initialized,
            "in_function": in_function}


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    if sys.argv[1] == "tf":
        import tensorflow as tf_module
    else:
        import eagerflow as tf_module
    print(json.dumps(disabled_v2(tf_module)))
