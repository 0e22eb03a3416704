"""Resource tensors: a variable's handle (its repr, dtype, device, errors), the raw ops on
handles (ReadVariableOp, Assign*VariableOp, VarHandleOp, VarIsInitializedOp,
DestroyResourceOp) with their values and errors, gradients through a read by handle, and
handles inside tf.function. Shared by record_resource_golden.py (run under TensorFlow)
and test_resource_tensors.py (run under eagerflow).

A variable's handle is named "<variable name>/<n>", n a process-wide count of the
anonymous resources made so far: the cases show it as "<variable name>/N" and record
the steps between consecutive variables instead.
"""

from __future__ import annotations

import re
from typing import Any


def _numbered(text: str) -> str:
    return re.sub(r'name="([^"]*)/\d+"', r'name="\1/N"', text)


def outcome(fn: Any) -> Any:
    """`fn()` shown (a tensor by its repr), or the error it raised: class and message."""
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__, "message": _numbered(str(e))}
    return _numbered(repr(r)) if r is not None else None


def _uid(h: Any) -> int:
    return int(re.search(r'name="[^"]*/(\d+)"', repr(h)).group(1))


def handles(tf: Any) -> dict:
    out: dict = {}
    v = tf.Variable(1.0)
    out["repr"] = outcome(lambda: v.handle)
    out["str"] = _numbered(str(v.handle))
    h = v.handle
    out["facts"] = [type(h).__name__, h.dtype.name, repr(h.dtype), list(h.shape), h.device,
                    h is v.handle, v.assign(2.0).handle is h]
    with tf.name_scope("outer"):
        w = tf.Variable([[1, 2], [3, 4]], name="a/b")
    out["scoped int"] = outcome(lambda: w.handle)
    out["string"] = outcome(lambda: tf.Variable("s").handle)
    out["float64"] = outcome(lambda: tf.Variable(tf.zeros([2, 3], tf.float64)).handle)
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    out["numbering"] = _uid(b.handle) - _uid(a.handle)
    out["numpy"] = outcome(lambda: h.numpy())
    out["bool"] = outcome(lambda: bool(h))
    out["identity"] = outcome(lambda: tf.identity(h))
    return out


def raw_ops(tf: Any) -> dict:
    out: dict = {}
    raw = tf.raw_ops
    v = tf.Variable([1.0, 2.0])
    h = v.handle
    out["read"] = outcome(lambda: raw.ReadVariableOp(resource=h, dtype=tf.float32))
    out["read wrong dtype"] = outcome(lambda: raw.ReadVariableOp(resource=h, dtype=tf.int32))
    out["read a variable"] = outcome(lambda: raw.ReadVariableOp(resource=v, dtype=tf.float32))
    out["read a float"] = outcome(lambda: raw.ReadVariableOp(resource=tf.constant(1.0),
                                                             dtype=tf.float32))
    out["assign"] = outcome(lambda: raw.AssignVariableOp(resource=h, value=[3.0, 4.0]))
    out["after assign"] = outcome(lambda: v)
    out["assign other shape"] = outcome(lambda: raw.AssignVariableOp(resource=h,
                                                                     value=[1.0, 2.0, 3.0]))
    out["after other shape"] = outcome(lambda: raw.ReadVariableOp(resource=h, dtype=tf.float32))
    out["assign validated"] = outcome(lambda: raw.AssignVariableOp(
        resource=h, value=[5.0, 6.0], validate_shape=True))
    out["assign wrong dtype"] = outcome(lambda: raw.AssignVariableOp(resource=h, value=[1, 2, 3]))
    out["assign_add"] = outcome(lambda: raw.AssignAddVariableOp(resource=h,
                                                                value=[1.0, 1.0, 1.0]))
    out["assign_sub wrong shape"] = outcome(lambda: raw.AssignSubVariableOp(resource=h,
                                                                            value=[1.0, 2.0]))
    out["assign_sub"] = outcome(lambda: raw.AssignSubVariableOp(resource=h,
                                                                value=[0.5, 0.5, 0.5]))
    out["after updates"] = outcome(lambda: v.read_value())
    out["initialized"] = outcome(lambda: raw.VarIsInitializedOp(resource=h))
    out["destroy own"] = outcome(lambda: raw.DestroyResourceOp(resource=h,
                                                               ignore_lookup_error=False))
    out["after destroy own"] = outcome(lambda: v + 1.0)
    return out


def var_handle_op(tf: Any) -> dict:
    out: dict = {}
    raw = tf.raw_ops
    h = raw.VarHandleOp(dtype=tf.float32, shape=[2], container="rc_a", shared_name="x")
    out["repr"] = outcome(lambda: h)
    out["default container"] = outcome(lambda: raw.VarHandleOp(dtype=tf.int64, shape=[None, 3]))
    out["unknown rank"] = outcome(lambda: raw.VarHandleOp(dtype=tf.int64, shape=None,
                                                          shared_name="u"))
    out["initialized before"] = outcome(lambda: raw.VarIsInitializedOp(resource=h))
    out["read before"] = outcome(lambda: raw.ReadVariableOp(resource=h, dtype=tf.float32))
    out["destroy before"] = outcome(lambda: raw.DestroyResourceOp(resource=h,
                                                                  ignore_lookup_error=False))
    out["assign"] = outcome(lambda: raw.AssignVariableOp(resource=h, value=[1.0, 2.0]))
    out["initialized"] = outcome(lambda: raw.VarIsInitializedOp(resource=h))
    same = raw.VarHandleOp(dtype=tf.float32, shape=[2], container="rc_a", shared_name="x")
    out["read by another handle"] = outcome(lambda: raw.ReadVariableOp(resource=same,
                                                                       dtype=tf.float32))
    out["assign_add"] = outcome(lambda: raw.AssignAddVariableOp(resource=same, value=[1.0, 1.0]))
    out["read after add"] = outcome(lambda: raw.ReadVariableOp(resource=h, dtype=tf.float32))
    other = raw.VarHandleOp(dtype=tf.float32, shape=[2], container="rc_a", shared_name="y")
    out["read missing in container"] = outcome(lambda: raw.ReadVariableOp(resource=other,
                                                                          dtype=tf.float32))
    out["destroy"] = outcome(lambda: raw.DestroyResourceOp(resource=h))
    out["read destroyed"] = outcome(lambda: raw.ReadVariableOp(resource=same, dtype=tf.float32))
    out["destroy again"] = outcome(lambda: raw.DestroyResourceOp(resource=h,
                                                                 ignore_lookup_error=False))
    out["destroy again ignored"] = outcome(lambda: raw.DestroyResourceOp(resource=h))
    z = raw.VarHandleOp(dtype=tf.float32, shape=[2], container="rc_b", shared_name="z")
    out["assign another dtype"] = outcome(lambda: raw.AssignVariableOp(resource=z, value=[1, 2]))
    out["read as assigned"] = outcome(lambda: raw.ReadVariableOp(resource=z, dtype=tf.int32))
    out["add of another dtype"] = outcome(lambda: raw.AssignAddVariableOp(resource=z,
                                                                          value=[1.0, 2.0]))
    return out


def gradients(tf: Any) -> dict:
    out: dict = {}
    raw = tf.raw_ops
    with tf.GradientTape() as tape:
        x = tf.Variable(3.0)
        y = raw.ReadVariableOp(resource=x.handle, dtype=tf.float32) ** 2
    out["unwatched"] = outcome(lambda: tape.gradient(y, x))
    x = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = raw.ReadVariableOp(resource=x.handle, dtype=tf.float32) ** 2
    out["read before"] = outcome(lambda: tape.gradient(y, x))
    with tf.GradientTape() as tape:
        tape.watch(x.handle)
        y = raw.ReadVariableOp(resource=x.handle, dtype=tf.float32) ** 2
    out["watched handle"] = outcome(lambda: tape.gradient(y, x))
    out["watched variables"] = [_numbered(repr(w)) for w in tape.watched_variables()]
    with tf.GradientTape() as tape:
        y = x * raw.ReadVariableOp(resource=x.handle, dtype=tf.float32)
    out["read and watched by use"] = outcome(lambda: tape.gradient(y, x))
    return out


def functions(tf: Any) -> dict:
    out: dict = {}
    raw = tf.raw_ops
    v = tf.Variable([1.0, 2.0])

    @tf.function
    def step(delta):
        raw.AssignAddVariableOp(resource=v.handle, value=delta)
        return raw.ReadVariableOp(resource=v.handle, dtype=tf.float32) * 2.0

    out["first call"] = outcome(lambda: step(tf.constant([1.0, 1.0])))
    out["second call"] = outcome(lambda: step(tf.constant([0.5, 0.5])))
    out["variable"] = outcome(lambda: v.read_value())
    cf = step.get_concrete_function(tf.TensorSpec([2], tf.float32))
    out["captures"] = [c.dtype.name for c in cf.captured_inputs]
    out["captured is the handle"] = [c is v.handle for c in cf.captured_inputs]

    @tf.function
    def grad():
        with tf.GradientTape() as tape:
            tape.watch(v.handle)
            y = tf.reduce_sum(raw.ReadVariableOp(resource=v.handle, dtype=tf.float32) ** 2)
        return tape.gradient(y, v)

    out["gradient in function"] = outcome(grad)
    return out


def handle_arguments(tf: Any) -> dict:
    """tf.functions taking handles as arguments: traced once for any handle, each read
    shaped by the handle data of the one it was traced for."""
    out: dict = {}
    raw = tf.raw_ops
    v, w = tf.Variable([1.0, 2.0]), tf.Variable([5.0, 6.0, 7.0])

    @tf.function
    def double(h):
        return raw.ReadVariableOp(resource=h, dtype=tf.float32) * 2.0

    out["call"] = outcome(lambda: double(v.handle))
    out["another variable"] = outcome(lambda: double(w.handle))
    out["traces"] = double.experimental_get_tracing_count()
    cf = double.get_concrete_function(v.handle)
    out["signature"] = re.sub(r"(?m)^  -?\d+: ", "  ID: ", cf.pretty_printed_signature())
    out["operations"] = [(o.name, o.type) for o in cf.graph.get_operations()]
    out["outputs"] = [repr(t) for t in cf.outputs]

    @tf.function
    def add(h, x):
        raw.AssignAddVariableOp(resource=h, value=x)
        return raw.VarIsInitializedOp(resource=h)

    out["assign through argument"] = outcome(lambda: add(v.handle, tf.constant([1.0, 1.0])))
    out["after"] = outcome(lambda: v.read_value())

    @tf.function
    def made_inside():
        h = raw.VarHandleOp(dtype=tf.float32, shape=[2], container="rc_f", shared_name="k")
        raw.AssignVariableOp(resource=h, value=[3.0, 4.0])
        return raw.ReadVariableOp(resource=h, dtype=tf.float32)

    out["VarHandleOp in a function"] = outcome(made_inside)
    x = tf.Variable(3.0)

    @tf.function
    def square(h):
        return raw.ReadVariableOp(resource=h, dtype=tf.float32) ** 2

    with tf.GradientTape() as tape:
        y = square(x.handle)
    out["gradient unwatched"] = outcome(lambda: tape.gradient(y, x))
    with tf.GradientTape() as tape:
        tape.watch(x.handle)
        y = square(x.handle)
    out["gradient watched handle"] = outcome(lambda: tape.gradient(y, x))
    with tf.GradientTape() as tape:
        tape.watch(x.handle)
        y = square(x.handle) + x * x
    out["plus a read by the variable"] = outcome(lambda: tape.gradient(y, x))
    with tf.GradientTape() as tape:
        tape.watch(x.handle)
        y = square(x.handle) + raw.ReadVariableOp(resource=x.handle, dtype=tf.float32)
    out["plus a read by handle"] = outcome(lambda: tape.gradient(y, [x]))
    return out


def run(tf: Any) -> dict:
    return {"handles": handles(tf), "raw_ops": raw_ops(tf), "var_handle_op": var_handle_op(tf),
            "gradients": gradients(tf), "functions": functions(tf),
            "handle_arguments": handle_arguments(tf)}
