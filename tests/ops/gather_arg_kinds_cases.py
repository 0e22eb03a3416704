"""tf.gather's batch_dims and axis given as other things than Python ints: lists, tuples,
tensors (scalar, vector, float), NumPy scalars and arrays, floats, bools, strings, None,
eagerly and inside tf.function. Recorded by record_gather_arg_kinds.py into
gather_arg_kinds_golden.json; test_gather_arg_kinds.py checks eagerflow."""

from __future__ import annotations

import re

# each an expression of np and tf making the argument
KINDS = ["[1]", "(1,)", "tf.constant(1)", "tf.constant([1])", "np.int64(1)", "1.0", "1.5",
         "True", "None", "[]", "'1'", "np.array(1)", "np.array([1])",
         "tf.constant(1, tf.int64)", "tf.constant(1.0)", "tf.constant(1, tf.uint8)", "[1, 2]",
         "tf.constant([[1]])", "np.float32(1)", "-1", "-3", "3"]
WAYS = ("batch_dims", "axis", "axis_with_batch_dims")


def run(tf, np, expr: str, way: str, traced: bool) -> list:
    """The gather's values as a nested list, or its error as [class name, message's last
    line] (a traced function's number as N)."""
    v = eval(expr, {"np": np, "tf": tf})
    params = tf.reshape(tf.range(24), [2, 3, 4])
    indices = tf.constant([[0, 1], [2, 0]])
    kw = {"batch_dims": v} if way == "batch_dims" else \
        {"axis": v} if way == "axis" else {"axis": v, "batch_dims": 1}

    def gather():
        return tf.gather(params, indices, **kw)
    try:
        out = tf.function(gather)() if traced else gather()
        return out.numpy().tolist()
    except Exception as e:  # (the recorded outcome; a traced function's number left out)
        text = str(e).strip().splitlines()
        last = re.sub(r"(__inference_\w+?)_\d+\]", r"\1_N]", text[-1].strip()) if text else ""
        return [type(e).__name__, last]
