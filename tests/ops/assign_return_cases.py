"""What tf.Variable.assign / assign_add / assign_sub return, eagerly and while a
tf.function is traced, with read_value True and False: the type's name and repr of each
(shared by record_assign_return_golden.py, run under TensorFlow, and
test_assign_return.py, run under eagerflow)."""

from __future__ import annotations

from typing import Any

METHODS = ("assign", "assign_add", "assign_sub")


def _shown(r: Any) -> str:
    return f"{type(r).__name__} {r!r}"


def run(tf: Any) -> dict:
    out: dict = {}
    v = tf.Variable([1.0, 2.0])
    for m in METHODS:
        for rv in (True, False):
            out[f"eager {m} read_value={rv}"] = _shown(getattr(v, m)([1.0, 1.0], read_value=rv))
    r = v.assign([3.0, 4.0])
    out["eager result"] = [r.name, r is v, r.handle is v.handle, isinstance(r, tf.Variable)]
    r.assign_add([1.0, 1.0])  # assigning the result assigns the variable
    out["eager through result"] = v.numpy().tolist()
    out["eager slice"] = _shown(v[0].assign(9.0))
    out["eager int"] = _shown(tf.Variable(3).assign_add(1))

    @tf.function
    def f() -> Any:
        for m in METHODS:
            for rv in (True, False):
                r = getattr(v, m)([1.0, 1.0], read_value=rv)
                out[f"graph {m} read_value={rv}"] = _shown(r)
        op = v.assign([5.0, 6.0], read_value=False)
        out["graph op"] = [op.type, op.name, len(op.outputs)]
        with tf.control_dependencies([op]):
            return v.read_value() + 0.0

    out["graph value"] = f().numpy().tolist()

    @tf.function
    def g() -> Any:
        return v.assign_add([1.0, 1.0], read_value=False)

    try:
        g()
    except Exception as e:  # noqa: BLE001 - the class and message are the result
        out["graph return op"] = [type(e).__name__, str(e).split(" at 0x")[0]]

    # a Keras 3 variable returns the value it assigned (eagerly)
    k = tf.keras.Variable([1.0, 2.0])
    for m in METHODS:
        out[f"keras {m}"] = _shown(getattr(k, m)([1.0, 1.0]))
    t = tf.constant([5.0, 6.0])
    out["keras assign returns its tensor"] = k.assign(t) is t
    return out
