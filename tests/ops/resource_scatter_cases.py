"""TF's ResourceScatter ops (Add, Sub, Mul, Div, Min, Max, Update) and ResourceScatterNd
ops (Add, Sub, Update, Max, Min), and ResourceGatherNd: the raw ops on a variable's handle
and the Variable methods and functions that emit them, eagerly (values after, errors
word for word, rows before a bad index updated) and traced (each function's GraphDef
nodes: op, inputs). Shared by record_resource_scatter_golden.py (run under TensorFlow)
and test_resource_scatter.py (run under eagerflow)."""

from __future__ import annotations

from typing import Any

import numpy as np

OPS = ("Add", "Sub", "Mul", "Div", "Min", "Max", "Update")
ND_OPS = ("Add", "Sub", "Update", "Max", "Min")


def outcome(fn: Any, var: Any = None) -> Any:
    """`fn()`'s error (class, message) or None, with `var`'s value after it."""
    try:
        r = fn()
        err = None if r is None else repr(type(r).__name__)
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        err = {"error": type(e).__name__, "message": str(e).split("\n")[0]}
    return {"error": err, "after": None if var is None else var.numpy().tolist()}


def raw(tf: Any) -> dict:
    out: dict = {}
    for op in OPS:
        fn = getattr(tf.raw_ops, f"ResourceScatter{op}")
        v = tf.Variable(np.linspace(-2.0, 3.5, 12).reshape(4, 3))
        rows = np.linspace(0.5, 2.0, 6).reshape(2, 3)
        out[f"{op} rows"] = outcome(lambda: fn(resource=v.handle, indices=[2, 2], updates=rows), v)
        out[f"{op} scalar"] = outcome(lambda: fn(resource=v.handle, indices=np.int64([[0], [3]]),
                                                 updates=np.float64(1.5)), v)
        iv = tf.Variable(np.int32([6, -7, 9, 4]))
        out[f"{op} int"] = outcome(lambda: fn(resource=iv.handle, indices=[1, 1, 3],
                                              updates=np.int32([2, -3, 5])), iv)
        out[f"{op} bad index after a row"] = outcome(
            lambda: fn(resource=v.handle, indices=[1, 4], updates=rows), v)
        out[f"{op} negative index"] = outcome(
            lambda: fn(resource=v.handle, indices=[-1], updates=rows[:1]), v)
        out[f"{op} updates shape"] = outcome(
            lambda: fn(resource=v.handle, indices=[0, 1], updates=np.ones(6)), v)
        out[f"{op} updates dtype"] = outcome(
            lambda: fn(resource=v.handle, indices=[0], updates=np.ones((1, 3), np.float32)), v)
        out[f"{op} indices dtype"] = outcome(
            lambda: fn(resource=v.handle, indices=np.int16([0]), updates=rows[:1]), v)
        s = tf.Variable(3.0)
        out[f"{op} scalar variable"] = outcome(
            lambda: fn(resource=s.handle, indices=[0], updates=[1.0]), s)
        b = tf.Variable([True, False])
        out[f"{op} bool"] = outcome(lambda: fn(resource=b.handle, indices=[0, 0],
                                               updates=[False, True]), b)
        f = tf.Variable(tf.constant([1.0, 2.0]))
        out[f"{op} zero update"] = outcome(lambda: fn(resource=f.handle, indices=[1],
                                                      updates=tf.constant([0.0])), f)
    return out


def raw_nd(tf: Any) -> dict:
    """(Updates of the variable's dtype throughout: TF 2.21 aborts the process on others.)"""
    out: dict = {}
    for op in ND_OPS:
        fn = getattr(tf.raw_ops, f"ResourceScatterNd{op}")
        v = tf.Variable(np.linspace(-2.0, 3.5, 12).reshape(4, 3))
        one = np.array([1.5])
        out[f"{op} elements"] = outcome(lambda: fn(ref=v.handle, indices=[[2, 1], [0, 0], [2, 1]],
                                                   updates=np.array([0.5, -1.5, 2.0])), v)
        out[f"{op} rows"] = outcome(lambda: fn(ref=v.handle, indices=np.int64([[3], [1]]),
                                               updates=np.linspace(0, 1, 6).reshape(2, 3)), v)
        out[f"{op} vector indices"] = outcome(lambda: fn(ref=v.handle, indices=[1, 1],
                                                         updates=np.ones((2, 3))), v)
        out[f"{op} bad index among good"] = outcome(
            lambda: fn(ref=v.handle, indices=[[0, 1], [5, 0], [1, 1]],
                       updates=np.array([1.0, 2.0, 3.0])), v)
        out[f"{op} negative index"] = outcome(lambda: fn(ref=v.handle, indices=[[-1, 0]],
                                                         updates=one), v)
        out[f"{op} batch mismatch"] = outcome(lambda: fn(ref=v.handle, indices=[[0, 1], [1, 1]],
                                                         updates=one), v)
        out[f"{op} slice mismatch"] = outcome(lambda: fn(ref=v.handle, indices=[[0], [1]],
                                                         updates=np.ones((2, 2))), v)
        out[f"{op} index depth"] = outcome(lambda: fn(ref=v.handle, indices=[[0, 1, 2]],
                                                      updates=one), v)
        out[f"{op} indices dtype"] = outcome(lambda: fn(ref=v.handle, indices=np.int16([[0]]),
                                                        updates=np.ones((1, 3))), v)
        s = tf.Variable(np.float64(1.0))
        out[f"{op} scalar variable"] = outcome(lambda: fn(ref=s.handle, indices=[[0]],
                                                          updates=one), s)
        iv = tf.Variable(np.int32([1, 2, 3]))
        out[f"{op} int"] = outcome(lambda: fn(ref=iv.handle, indices=[[1], [1], [0]],
                                              updates=np.int32([5, 6, -4])), iv)
        for policy in ("DEFAULT", "ERROR", "IGNORE", "bad"):  # (each on a variable of its own)
            pv = tf.Variable(np.linspace(-2.0, 3.5, 12).reshape(4, 3))
            out[f"{op} bad index, policy {policy}"] = outcome(
                lambda: fn(ref=pv.handle, indices=[[0, 1], [5, 0], [1, -1], [1, 1]],
                           updates=np.array([1.0, 2.0, 3.0, 4.0]), bad_indices_policy=policy),
                pv)
        iv = tf.Variable(np.int32([1, 2, 3]))
        out[f"{op} int, policy IGNORE"] = outcome(
            lambda: fn(ref=iv.handle, indices=[[7], [2]], updates=np.int32([5, 6]),
                       bad_indices_policy="IGNORE"), iv)
    return out


def methods(tf: Any) -> dict:
    out: dict = {}
    for op in OPS:
        v = tf.Variable(np.arange(12.0).reshape(4, 3))
        m = getattr(v, f"scatter_{op.lower()}")
        delta = tf.IndexedSlices(tf.constant(np.full((3, 3), 2.0)), tf.constant([3, 0, 3]))
        out[f"scatter_{op.lower()}"] = outcome(lambda: m(delta).numpy().tolist(), v)
        out[f"compat scatter_{op.lower()}"] = outcome(
            lambda: getattr(tf.compat.v1, f"scatter_{op.lower()}")(
                v, [1], np.array([[5.0, 5.0, 5.0]])).numpy().tolist(), v)
        out[f"compat scatter_{op.lower()} float32 rows"] = outcome(
            lambda: getattr(tf.compat.v1, f"scatter_{op.lower()}")(
                v, [1], tf.constant([[5.0, 5.0, 5.0]])), v)
    return out


def graphs(tf: Any) -> dict:
    out: dict = {}
    for op in OPS:
        v = tf.Variable(np.arange(12.0).reshape(4, 3))

        @tf.function
        def f(i, op=op):
            delta = tf.IndexedSlices(tf.ones([2, 3], tf.float64), i)
            return getattr(v, f"scatter_{op.lower()}")(delta)

        cf = f.get_concrete_function(tf.TensorSpec([2], tf.int32))
        out[op] = [[n.op, list(n.input)] for n in cf.graph.as_graph_def().node
                   if n.op not in ("NoOp", "Identity")]
        out[f"{op} runs"] = f(tf.constant([3, 1])).numpy().tolist()
    for op in ND_OPS:
        v = tf.Variable(np.arange(12.0).reshape(4, 3))

        @tf.function
        def g(i, op=op):
            return getattr(v, f"scatter_nd_{op.lower()}")(i, tf.ones([2], tf.float64))

        cf = g.get_concrete_function(tf.TensorSpec([2, 2], tf.int32))
        out[f"Nd{op}"] = [[n.op, list(n.input)] for n in cf.graph.as_graph_def().node
                          if n.op not in ("NoOp", "Identity")]
        out[f"Nd{op} runs"] = g(tf.constant([[3, 1], [0, 2]])).numpy().tolist()
        nd = getattr(v, f"scatter_nd_{op.lower()}")
        out[f"Nd{op} method"] = outcome(
            lambda: nd([[1, 1], [1, 1]], [2.0, 3.0]).numpy().tolist(), v)
    return out


def gather_nd(tf: Any) -> dict:
    out: dict = {}
    v = tf.Variable(np.arange(12.0).reshape(4, 3))

    def show(fn: Any) -> Any:
        try:
            r = fn()
        except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
            return {"error": type(e).__name__, "message": str(e).split("\n")[0]}
        if hasattr(r, "indices"):
            return ["IndexedSlices", r.indices.numpy().tolist(), r.values.numpy().tolist(),
                    r.dense_shape.numpy().tolist(), r.dense_shape.dtype.name]
        return [type(r).__name__, r.numpy().tolist(), r.dtype.name]

    out["elements"] = show(lambda: tf.gather_nd(v, [[1, 2], [1, 2], [0, 0]]))
    out["rows"] = show(lambda: v.gather_nd(tf.constant([[3], [1]], tf.int64)))
    out["raw"] = show(lambda: tf.raw_ops.ResourceGatherNd(resource=v.handle, indices=[[1, 1]],
                                                          dtype=tf.float64))
    for key, idx in (("bad list", [[5, 0]]), ("bad tensor", tf.constant([[5, 0]])),
                     ("too deep", [[0, 0, 0]])):
        out[key] = show(lambda idx=idx: tf.gather_nd(v, idx))
    out["raw int16"] = show(lambda: tf.raw_ops.ResourceGatherNd(
        resource=v.handle, indices=np.int16([[0, 0]]), dtype=tf.float64))

    def grad(idx: Any) -> Any:
        with tf.GradientTape() as t:
            y = tf.reduce_sum(v.gather_nd(idx) * 2.0)
        return t.gradient(y, v)

    out["grad elements"] = show(lambda: grad([[1, 2], [1, 2], [0, 0]]))
    out["grad rows"] = show(lambda: grad([[3], [1], [3]]))

    @tf.function
    def f(i):
        return tf.gather_nd(v, i)

    cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.int32))
    out["graph"] = [[n.op, list(n.input)] for n in cf.graph.as_graph_def().node
                    if n.op not in ("NoOp", "Identity")]
    out["graph runs"] = show(lambda: f(tf.constant([[3, 2], [0, 1]])))
    return out


def run(tf: Any) -> dict:
    return {"raw": raw(tf), "raw_nd": raw_nd(tf), "methods": methods(tf), "graphs": graphs(tf),
            "gather_nd": gather_nd(tf)}
