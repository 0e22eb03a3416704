"""Python ints past int32 given for the index-like arguments of TF's functions (a shape,
an axis, multiples, k, sizes), eagerly and inside tf.function: recorded from TF 2.21 by
record_huge_ints.py (huge_ints_golden.json), checked by test_huge_ints.py.

Eagerly TF's op wrappers convert a Python int given alone for an input whose type attr
defaults to int32 to an int32, wrapping it (2**32 is 0), and a list that holds one to the
int64 it infers; some kernels read an int64 as an int32 (Roll's axis); an int attr is
checked against int32's range (OneHot's axis). Traced, the ints become int64 constants
that the shape functions read whole. Each call is an expression over `tf`, `x` (a 3x4
float32 matrix), `z` (a 0x4 one) and `v` (the int); its outcome is the error's class and
the core of its message, or the result's shape, dtype and first values.
"""

from __future__ import annotations

from typing import Any

from tests.golden_io import error_core

# name -> the int (5 and -3: the same calls' checks within int32)
VALUES = {"5": 5, "-3": -3, "2**31": 2**31, "2**32": 2**32, "2**32+1": 2**32 + 1,
          "-2**31-1": -2**31 - 1, "2**63-1": 2**63 - 1, "2**64": 2**64}

# name (function.argument) -> the call, over `tf`, `x`, `z` and `v`
CALLS = {
    "reshape.shape": "tf.reshape(x, v)",
    "reshape.list": "tf.reshape(x, [v])",
    "reshape.list2": "tf.reshape(x, [v, -1])",
    "fill.dims": "tf.fill(v, 1.0)",
    "fill.list": "tf.fill([v, 0], 1.0)",
    "zeros.shape": "tf.zeros([v, 0])",
    "ones.shape": "tf.ones([v, 0])",
    "repeat.repeats": "tf.repeat(z, v, axis=0)",
    "repeat.repeats_x": "tf.repeat(x, v, axis=0)",
    "roll.axis": "tf.roll(x, 1, v)",
    "roll.shift": "tf.roll(x, v, 0)",
    "transpose.perm": "tf.transpose(x, [v, 0])",
    "tile.multiples": "tf.tile(z, [v, 1])",
    "slice.begin": "tf.slice(x, [v, 0], [1, 1])",
    "slice.size": "tf.slice(x, [0, 0], [v, 1])",
    "one_hot.on_value": "tf.one_hot([0, 1], 3, on_value=v)",
    "one_hot.axis": "tf.one_hot([0, 1], 3, axis=v)",
    "split.sizes": "tf.split(x, [v, 3 - v], axis=0)",
    "range.start": "tf.range(v, v + 3)",
    "range.delta": "tf.range(0, 3, v)",
    "reduce_sum.axis": "tf.reduce_sum(x, v)",
    "reduce_max.list": "tf.reduce_max(x, [0, v], keepdims=True)",
    "top_k.k": "tf.math.top_k(x, v).values",
}

# (call, value) pairs not run: TF allocates gigabytes for them
SKIP = {("fill.dims", "-2**31-1"), ("repeat.repeats_x", "-2**31-1")}

CASES = [f"{call} {value} {mode}" for call in CALLS for value in VALUES
         if (call, value) not in SKIP for mode in ("eager", "traced")]


def scope(tf: Any) -> dict:
    """The names the calls use, over the module `tf` (TensorFlow or eagerflow)."""
    import numpy as np

    return {"tf": tf, "x": tf.constant(np.arange(12, dtype=np.float32).reshape(3, 4)),
            "z": tf.zeros([0, 4])}


def outcome(env: dict, call: str, value: str, mode: str) -> str:
    """What `CALLS[call]` does with `VALUES[value]`, eagerly or in a tf.function of `x` and
    `z`: `error_core` of its error, or "ok shape dtype first values"."""
    tf, local = env["tf"], dict(env, v=VALUES[value])
    expr = CALLS[call]
    try:
        if mode == "eager":
            r = eval(expr, local)
        else:
            fn = tf.function(lambda x, z: eval(expr, dict(local, x=x, z=z)),
                             autograph=False)
            r = fn(env["x"], env["z"])
    except Exception as e:  # noqa: BLE001 (the error is the outcome)
        return error_core(e)
    n = r.shape.num_elements()
    head = r.numpy().ravel()[:4].tolist() if 0 < n < 100 else []
    return f"ok {list(r.shape)} {r.dtype.name} {head}"
