"""A float32 (and an int32) variable's assign, assign_add, assign_sub and scatter_add given
values of another dtype or shape, eagerly and inside tf.function: TF 2.21's conversion
ValueError for another dtype, its kernels' (eager) and shape functions' (traced) words for
another shape. Recorded by record_variable_update.py into variable_update_golden.json;
test_variable_update.py checks eagerflow."""

from __future__ import annotations

import re

# each an expression of v (float32 [1., 2.]), vi (int32 [1, 2]), tf and np
CASES = [
    "v.assign_add(tf.constant([1.0, 2.0], tf.float64))",
    "v.assign_sub(tf.constant([1.0, 2.0], tf.float64))",
    "v.assign(tf.constant([1.0, 2.0], tf.float64))",
    "v.assign_add(tf.constant([1, 2]))", "v.assign_add(np.array([1.0, 2.0]))",
    "v.assign_add([1.0, 2.0])", "vi.assign_add(tf.constant([1.0, 2.0]))",
    "v.assign_add(tf.constant([1.0, 2.0], tf.float16))",
    "v.scatter_add(tf.IndexedSlices(tf.constant([1.0], tf.float64), tf.constant([0])))",
    "v.assign_add(tf.constant([1.0, 2.0, 3.0]))", "v.assign_sub(tf.constant([1.0, 2.0, 3.0]))",
    "v.assign(tf.constant([1.0, 2.0, 3.0]))", "v.assign_add(tf.constant([[1.0, 2.0]]))",
    "v.assign_add(tf.constant(1.0))", "v.assign_sub(tf.constant([[1.0], [2.0]]))",
    "v.assign_add(tf.constant([1.0, 2.0]), read_value=False)",
]


def run(tf, np, expr: str, traced: bool) -> list:
    """The variable's value after the update (both start over), or the error as [class
    name, message's last line] (a traced function's number as N)."""
    v, vi = tf.Variable([1.0, 2.0]), tf.Variable([1, 2])

    def update():
        eval(expr, {"tf": tf, "np": np, "v": v, "vi": vi})
    try:
        tf.function(update)() if traced else update()
        return [v.numpy().tolist(), vi.numpy().tolist()]
    except Exception as e:  # (the recorded outcome)
        text = str(e).strip().splitlines()
        last = re.sub(r"(__inference_\w+?)_\d+\]", r"\1_N]", text[-1].strip()) if text else ""
        return [type(e).__name__, last]
