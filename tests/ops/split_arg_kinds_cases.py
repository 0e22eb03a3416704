"""tf.split's axis and num_or_size_splits of odd kinds: a float, bool, string, None,
vector or NumPy axis; sizes that are floats, tensors, empty, negative, with -1 twice or
not filling the axis, counts of 0 and below; eagerly and inside tf.function. Recorded by
record_split_arg_kinds.py into split_arg_kinds_golden.json; test_split_arg_kinds.py checks
eagerflow."""

from __future__ import annotations

import re

# (num_or_size_splits, axis), each an expression of np and tf; x is a 4x6 float32 matrix
CASES = [
    ("2", "1.0"), ("2", "True"), ("2", "[1]"), ("2", "tf.constant([1])"), ("2", "1.5"),
    ("2", "np.float32(1)"), ("2", "'1'"), ("2", "None"), ("2", "tf.constant(1.0)"),
    ("2", "np.int64(1)"), ("2", "tf.constant(1, tf.int64)"), ("2", "np.array(1.5)"),
    ("2.0", "1"), ("2.5", "1"), ("True", "1"), ("tf.constant(2)", "1"),
    ("tf.constant(2.0)", "1"), ("np.float32(2)", "1"), ("'2'", "1"), ("0", "1"), ("-2", "1"),
    ("[1.0, 5.0]", "1"), ("tf.constant([1.0, 5.0])", "1"), ("[]", "1"), ("[True, 5]", "1"),
    ("np.array([[2, 4]])", "1"), ("[2, 4]", "[1]"), ("[2, 4]", "np.float32(1)"),
    ("[-1]", "1"), ("[5]", "1"), ("[6]", "1"), ("[7]", "1"), ("[-1, -3]", "1"),
    ("[0, -1]", "1"), ("[-1, 0]", "1"), ("[-3, -1]", "1"), ("[-1, 2, -1]", "1"),
    ("[3, -2, 5]", "1"), ("[-2, 8]", "1"), ("[1, 2]", "1"), ("[-1, 7]", "1"), ("[7, -1]", "1"),
    ("[2, -2, 6]", "1"), ("[-1, -1]", "1"), ("[-1, 6]", "1"), ("[-1, 6, 1]", "1"),
    ("tf.constant([-1, -1])", "1"), ("tf.constant([2, -2, 6])", "1"), ("[3, 3]", "1"),
]
# TF 2.21's shape function aborts the process on these, traced (a rank-2 size_splits)
NOT_TRACED = {("np.array([[2, 4]])", "1")}


def run(tf, np, case: tuple, traced: bool) -> list:
    """The pieces' shapes, or the error as [class name, message's last line] (a traced
    function's number as N)."""
    def split():  # (the arguments made inside: a traced function's own constants)
        x = tf.reshape(tf.range(24.0), [4, 6])
        nos, axis = (eval(e, {"np": np, "tf": tf}) for e in case)
        return tf.split(x, nos, axis=axis)
    try:
        out = tf.function(split)() if traced else split()
        return [o.shape.as_list() for o in out]
    except Exception as e:  # (the recorded outcome)
        text = str(e).strip().splitlines()
        last = re.sub(r"(__inference_\w+?)_\d+\]", r"\1_N]", text[-1].strip()) if text else ""
        return [type(e).__name__, last]


def keys() -> list:
    return [(c, t) for c in CASES for t in (False, True) if not (t and c in NOT_TRACED)]
