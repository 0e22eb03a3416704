"""tf.raw_ops.Inv and InvGrad: TF's older names of Reciprocal and ReciprocalGrad, ops of
their own (their errors, NotFoundError's kernel list and graph nodes name them), whose
outcomes inv_golden.json records from TF 2.21 (by record_inv_golden.py) and test_inv.py
checks eagerflow against.

`cases(tf)` returns {key: a call taking no argument}, run with whichever module is passed
as `tf`; `outcome` turns what a call gives into what the golden holds.
"""

import numpy as np

from tests.ops.fidelity_gaps_cases import outcome  # noqa: F401 (the golden's form)


def _value(t):
    return f"{t.dtype.name} {t.shape} {t.numpy().tolist()}"


def _graph_ops(tf, fn, *args):
    g = tf.function(fn).get_concrete_function(*args).graph
    return str([op.type for op in g.get_operations()])


def _grads(tf, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.raw_ops.Inv(x=x)
        g = inner.gradient(y, x)
    return f"{_value(g)} {_value(outer.gradient(g, x))}"


def _inv_grad_grads(tf, y, dy):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([y, dy])
        z = tf.raw_ops.InvGrad(y=y, dy=dy)
    return [_value(g) for g in tape.gradient(z, [y, dy])]


def _traced_grad(tf, x):
    def f(t):
        with tf.GradientTape() as tape:
            tape.watch(t)
            y = tf.raw_ops.Inv(x=t)
        return tape.gradient(y, t)
    return _graph_ops(tf, f, x)


def cases(tf):
    inv, inv_grad = tf.raw_ops.Inv, tf.raw_ops.InvGrad
    values = [2.0, 4.0, -0.5, 3.0]
    out = {f"inv/{d}": (lambda d=d: _value(inv(x=tf.constant(values, dtype=d))))
           for d in ("float32", "float64", "float16", "bfloat16")}
    out["inv/complex64"] = lambda: _value(inv(x=tf.constant([1 + 1j, 3 - 2j], "complex64")))
    # (exact values only: TF divides complex numbers by Eigen's formulas, whose last bits
    # and signed zeros Reciprocal's NumPy kernel does not reproduce yet)
    out["inv/complex128"] = lambda: _value(inv(x=tf.constant([1 + 1j, 0.5 - 0.5j],
                                                             "complex128")))
    out["inv/edges"] = lambda: _value(inv(x=tf.constant([0.0, -0.0, np.inf, np.nan, 1e-39])))
    out["inv/matrix"] = lambda: _value(inv(x=tf.constant([[1.0, 8.0], [0.25, -2.0]])))
    out["inv/list"] = lambda: _value(inv(x=[2.0, 4.0]))
    out["inv/numpy"] = lambda: _value(inv(x=np.array([5.0], np.float64), name="named"))
    for d in ("int8", "int16", "int32", "int64"):  # (TF's CPU has no integer kernel)
        out[f"inv/{d}"] = lambda d=d: _value(inv(x=tf.constant([2, 4], dtype=d)))
    out["inv/bool"] = lambda: inv(x=tf.constant([True]))
    out["inv/string"] = lambda: inv(x=tf.constant(["a"]))
    out["inv/uint8"] = lambda: inv(x=tf.constant([2], tf.uint8))
    out["inv/positional"] = lambda: inv(tf.constant([2.0]))
    out["inv/unknown_keyword"] = lambda: inv(x=tf.constant([2.0]), y=1)
    out["inv/missing"] = lambda: inv()
    out["inv/grads"] = lambda: _grads(tf, tf.constant([2.0, -4.0, 0.5]))
    out["inv/graph"] = lambda: _graph_ops(tf, lambda t: inv(x=t), tf.constant([2.0]))
    out["inv/graph_grad"] = lambda: _traced_grad(tf, tf.constant([2.0]))
    out["inv/traced_value"] = lambda: _value(tf.function(lambda t: inv(x=t))(
        tf.constant([8.0, 0.5])))
    y, dy = [0.5, -0.25, 2.0, 0.0], [1.0, 2.0, 0.0, 3.0]
    for d in ("float32", "float64", "float16", "bfloat16"):
        out[f"inv_grad/{d}"] = lambda d=d: _value(inv_grad(y=tf.constant(y, dtype=d),
                                                           dy=tf.constant(dy, dtype=d)))
    out["inv_grad/complex64"] = lambda: _value(inv_grad(
        y=tf.constant([0.5 + 1j], "complex64"), dy=tf.constant([1 + 2j], "complex64")))
    out["inv_grad/zero_dy"] = lambda: _value(inv_grad(y=tf.constant([0.0, np.inf, np.nan]),
                                                      dy=tf.constant([0.0, 0.0, 0.0])))
    out["inv_grad/int32"] = lambda: inv_grad(y=tf.constant([2]), dy=tf.constant([2]))
    out["inv_grad/dtypes"] = lambda: inv_grad(y=tf.constant([0.5]),
                                              dy=tf.constant([1.0], tf.float64))
    out["inv_grad/grads"] = lambda: str(_inv_grad_grads(tf, tf.constant([0.5, -2.0]),
                                                        tf.constant([1.0, 3.0])))
    out["inv_grad/graph"] = lambda: _graph_ops(tf, lambda a, b: inv_grad(y=a, dy=b),
                                               tf.constant([2.0]), tf.constant([1.0]))
    return out
