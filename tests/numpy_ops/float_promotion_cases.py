"""tnp's float functions given ints and bools without numpy behavior (TF casts them by the
tensor's `astype`, which only experimental_enable_numpy_behavior() gives: its
AttributeError), with it (floats), and tf.math's real-only functions given complex values
(a Python complex takes TF's wrapper's slow path: its error names no name), eagerly and
inside tf.function. Recorded by record_float_promotion.py into float_promotion_golden.json;
test_float_promotion.py checks eagerflow."""

from __future__ import annotations

import re

# each an expression of tf, tnp and np
CASES = [
    "tnp.angle(True, deg=True)", "tnp.angle(True)", "tnp.angle(1, deg=True)",
    "tnp.angle(-1.5, deg=True)", "tnp.angle(1+1j, deg=True)", "tnp.angle([True, False])",
    "tnp.angle(np.array([1, -2], np.int8), deg=True)", "tnp.sin(1)", "tnp.cbrt(True)",
    "tnp.log1p([0, 0])", "tnp.sqrt(np.float32(4))",
    "tf.math.erf(tf.constant(1+1j))", "tf.math.erf(1+1j)", "tf.math.erf([1+1j])",
    "tf.math.erfc(1+1j)", "tf.math.lgamma(1+1j)", "tf.math.erf(tf.constant(1))",
    "tf.math.erf([1, 2])", "tf.math.exp('a')", "tf.math.erf(1.5)",
]


def run(tf, tnp, np, expr: str, traced: bool, numpy_behavior: bool) -> list:
    """The result's value (as a list) and dtype, or the error as [class name, message's
    last line] (a traced function's number as N)."""
    def f():
        return eval(expr, {"tf": tf, "tnp": tnp, "np": np})
    try:
        if numpy_behavior:
            tnp.experimental_enable_numpy_behavior()
        out = tf.function(f)() if traced else f()
        return [np.asarray(out.numpy()).tolist(), out.dtype.name]
    except Exception as e:  # (the recorded outcome)
        text = str(e).strip().splitlines()
        last = re.sub(r"(__inference_\w+?)_\d+\]", r"\1_N]", text[-1].strip()) if text else ""
        return [type(e).__name__, last]


def keys() -> list:
    return [(c, t, b) for c in CASES for t in (False, True) for b in (False, True)
            if b is False or c.startswith("tnp.")]
