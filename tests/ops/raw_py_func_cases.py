"""tf.raw_ops.PyFunc, PyFuncStateless and EagerPyFunc called by hand: a token no function
is registered under fails when the op runs (eagerly, in a tf.function); eagerly a
PyFuncStateless of no outputs does not run (TF's eager op is a function of it, whose
unused stateless node is pruned); in a graph the stateful two of no outputs return their
Operation (TF's wrapper returns the op when a stateful op's outputs are empty), which a
tf.function may not return. Shared by test_raw_py_func.py (eagerflow) and
record_raw_py_func.py (TensorFlow 2.21), each calling `outcomes(tf)` with its own `tf`.
No eagerflow imports: TF's interpreter loads this file too."""

import re

OPS = ("PyFunc", "PyFuncStateless", "EagerPyFunc")
TOKEN = "no_such_callback_0"  # (pyfunc_N may be registered by an earlier test)


def _first_line(e):
    """The error's class and first line (the rest is the traceback of TF's own code)."""
    return [type(e).__name__, re.sub(r"0x[0-9a-f]+", "0x?", str(e).splitlines()[0])]


def _eager(tf, op):
    fn = getattr(tf.raw_ops, op)
    out = {}
    for case, kw in {"one": dict(input=[tf.constant(1.0)], Tout=[tf.float32]),
                     "none": dict(input=[], Tout=[]),
                     "in_only": dict(input=[tf.constant(1)], Tout=[]),
                     "out_only": dict(input=[], Tout=[tf.int32])}.items():
        try:
            out[f"{op} eager {case}"] = ["ok", repr(fn(token=TOKEN, **kw))]
        except Exception as e:  # noqa: BLE001 - the error is the outcome
            out[f"{op} eager {case}"] = _first_line(e)
    return out


def _graph(tf, op):
    fn = getattr(tf.raw_ops, op)
    out = {}
    with tf.Graph().as_default():
        for case, tout in {"none": [], "one": [tf.float32]}.items():
            r = fn(input=[], token=TOKEN, Tout=tout)
            out[f"{op} graph {case}"] = [type(r).__name__, getattr(r, "type", None)]

    @tf.function
    def returns_it(x):
        return fn(input=[x], token=TOKEN, Tout=[])

    try:
        out[f"{op} function none"] = ["ok", repr(returns_it(tf.constant(1.0)))]
    except Exception as e:  # noqa: BLE001
        out[f"{op} function none"] = _first_line(e)

    @tf.function
    def one(x):
        return fn(input=[x], token=TOKEN, Tout=[tf.float32])

    try:
        out[f"{op} function one"] = ["ok", repr(one(tf.constant(1.0)))]
    except Exception as e:  # noqa: BLE001
        lines = str(e).splitlines()
        # (TF's graph error: where the node was made, then the kernel's error)
        out[f"{op} function one"] = [type(e).__name__, lines[0],
                                     next(ln for ln in lines if "ValueError" in ln)]
    return out


def outcomes(tf):
    """{"op mode case": [error class, first line] or ["ok", repr] or [type, op type]}."""
    out = {}
    for op in OPS:
        out[f"{op} exists"] = [hasattr(tf.raw_ops, op)]
        out.update(_eager(tf, op))
        out.update(_graph(tf, op))
    return out
