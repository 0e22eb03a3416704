"""tf.function on DTensors and DVariables, and ops inside default_mesh/run_on: cases run
by dtensor_cases.run (recorded from TF 2.21 by record_dtensor_golden.py), on a 2x2 mesh
of four of the six logical CPUs."""

from __future__ import annotations

import re
from typing import Any

import numpy as np


def functions(tf: Any, show: Any) -> None:
    dtensor = tf.experimental.dtensor
    m = dtensor.create_mesh([("batch", 2), ("model", 2)], devices=[f"CPU:{i}" for i in range(4)])
    L = dtensor.Layout  # noqa: N806

    def lay(t: Any) -> str:
        return dtensor.fetch_layout(t).to_string().split(" mesh:")[0]

    def comps(t: Any) -> list:
        return [c.numpy().round(4).tolist() for c in dtensor.unpack(t)]

    def laid(t: Any) -> tuple:
        return dtensor.is_dtensor(t), lay(t)

    def uid_free(fn: Any) -> Any:  # (a function's op name holds a process-wide counter)
        def call() -> Any:
            try:
                return fn()
            except Exception as e:  # noqa: BLE001 - the error is the case's result
                text = re.sub(r"(__inference_\w+?)_\d+", r"\1_N", str(e))
                return f"{type(e).__name__} {text}"
        return call

    rng = np.random.RandomState(0)
    x = dtensor.copy_to_mesh(tf.constant(rng.randn(4, 6).astype(np.float32)),
                             L(["batch", "unsharded"], m))
    w = dtensor.copy_to_mesh(tf.constant(rng.randn(6, 4).astype(np.float32)),
                             L(["unsharded", "model"], m))

    @tf.function
    def f(a: Any, b: Any) -> Any:
        return tf.nn.relu(tf.matmul(a, b)) + 1.0

    r = f(x, w)
    show("fn", lambda: (lay(r), comps(r)))
    show("fn is_dtensor", lambda: (dtensor.is_dtensor(r), r.device))
    show("fn str", lambda: str(r)[:80])

    @tf.function
    def g(a: Any) -> Any:
        return (tf.reduce_sum(a, axis=0), tf.transpose(a), tf.reduce_mean(a),
                a * tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))

    show("fn layouts", lambda: [lay(t) for t in g(x)])
    show("fn values", lambda: [comps(t) for t in g(x)])

    @tf.function
    def h(a: Any) -> Any:
        return tf.ones((4, 6)) + a

    show("fn ones", lambda: (lay(h(x)), comps(h(x))))

    @tf.function
    def outer(a: Any) -> Any:
        return f(a, w) * 2.0

    show("fn nested capture", lambda: (lay(outer(x)), comps(outer(x))))

    @tf.function
    def cond_fn(a: Any, p: Any) -> Any:
        return tf.cond(p, lambda: a * 2.0, lambda: a - 1.0)

    show("fn cond", lambda: [(lay(cond_fn(x, tf.constant(p))), comps(cond_fn(x, tf.constant(p))))
                             for p in (True, False)])

    @tf.function
    def add(a: Any, c: Any) -> Any:
        return a + c

    show("fn regular input", uid_free(lambda: add(x, tf.ones((4, 6)))))
    show("fn scalar input", lambda: laid(add(x, tf.constant(1.0))))
    show("fn concrete", lambda: lay(f.get_concrete_function(x, w)(x, w)))

    v = dtensor.DVariable(
        dtensor.call_with_layout(tf.zeros, L(["unsharded", "model"], m), shape=(6, 4)))
    v.assign(w)

    @tf.function
    def step(a: Any) -> Any:
        with tf.GradientTape() as t:
            loss = tf.reduce_sum(tf.matmul(a, v))
        grad = t.gradient(loss, v)
        v.assign_sub(0.1 * grad)
        return loss, grad

    res = step(x)
    show("fn step", lambda: (lay(res[0]), float(res[0].numpy()), lay(res[1]), comps(res[1])))
    show("fn step updated", lambda: (lay(v), comps(v.read_value())))

    @tf.function
    def read() -> Any:
        return v.read_value() * 2.0

    show("fn reads dvariable", lambda: (lay(read()), comps(read())))
    a = v.assign(w)
    show("assign result", lambda: (type(a).__name__, dtensor.is_dtensor(a), lay(a)))
    show("assign result read", lambda: (lay(a.read_value()), comps(a.read_value())))
    b = v.assign_add(w)
    show("assign_add result", lambda: (lay(b + 1.0), comps(b + 1.0)))
    with dtensor.run_on(m):
        show("run_on ones", lambda: (laid(tf.ones((2, 2))), comps(tf.ones((2, 2)))))
        show("run_on constant", lambda: laid(tf.constant([1.0, 2.0])))
        show("run_on range", lambda: laid(tf.range(4)))
        show("run_on fill", lambda: laid(tf.fill([2, 3], 2.0)))
        show("run_on stateless", lambda: laid(
            tf.random.stateless_uniform([2], seed=[1, 2])))
        show("run_on with dtensor", lambda: lay(tf.ones((4, 6)) + x))
        show("run_on fn", lambda: laid(read()))
    with dtensor.default_mesh(m):
        show("default_mesh ones", lambda: laid(tf.ones((2, 2))))
        show("default_mesh zeros_like", lambda: laid(tf.zeros_like(x)))
    show("after default_mesh", lambda: dtensor.is_dtensor(tf.ones((2, 2))))
    layout_protos(tf, show)


def layout_protos(tf: Any, show: Any) -> None:
    """Layout/Mesh as TF's protos and strings, and call_with_layout's layout landing on the
    ops its function runs eagerly."""
    dtensor = tf.experimental.dtensor
    m = dtensor.create_mesh([("batch", 2), ("model", 2)], devices=[f"CPU:{i}" for i in range(4)])
    L = dtensor.Layout  # noqa: N806
    lb = L(["batch", "unsharded"], m)
    p = lb.as_proto()
    show("layout proto", lambda: str(p))
    show("layout proto bytes", lambda: p.SerializeToString().hex())
    show("layout from_proto", lambda: L.from_proto(p) == lb)
    show("mesh proto", lambda: str(m.as_proto()))
    show("mesh from_proto", lambda: dtensor.Mesh.from_proto(m.as_proto()) == m)
    show("layout from_proto bad", lambda: L.from_proto("abc"))
    show("mesh from_proto bad", lambda: dtensor.Mesh.from_proto(p))
    show("to_string round trips", lambda: [L.from_string(x.to_string()) == x for x in [
        lb, L.replicated(m, 0), L.batch_sharded(m, "batch", 3), L.inner_sharded(m, "model", 2),
        lb.to_parted()]])
    show("parted", lambda: (lb.to_parted().to_string()[:60], lb.to_parted().type))
    show("parted proto", lambda: str(lb.to_parted().as_proto()).splitlines()[-1])
    show("parted from_proto", lambda: L.from_proto(lb.to_parted().as_proto()).type)
    show("maximal on a mesh", lambda: L.from_string(L.from_single_device_mesh(
        dtensor.create_mesh([("x", 1)], devices=["CPU:0"])).to_string()))

    def comps(t: Any) -> list:
        return [c.numpy().round(4).tolist() for c in dtensor.unpack(t)]

    @tf.function
    def twos() -> Any:
        return tf.ones((4, 4)) * 2.0

    show("call_with_layout function", lambda: comps(dtensor.call_with_layout(twos, lb)))
    show("call_with_layout eager ops", lambda: comps(dtensor.call_with_layout(
        lambda: tf.ones((4, 4)) * 2.0, lb)))
    show("call_with_layout reshape", lambda: dtensor.call_with_layout(
        tf.reshape, lb, tf.range(6), (3, 2)))
    show("call_with_layout ones", lambda: dtensor.call_with_layout(tf.ones, lb, (3, 2)))
    show("call_with_layout internal op", lambda: dtensor.call_with_layout(
        tf.random.stateless_normal, lb, (4, 2), seed=(1, 2)))
    show("call_with_layout stateless function", lambda: comps(dtensor.call_with_layout(
        tf.function(tf.random.stateless_uniform), lb, (4, 2), seed=(1, 2))))
