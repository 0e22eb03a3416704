"""Python's operators between a bool tensor and numbers, lists, NumPy arrays, tensors and
variables of other dtypes, both ways round, eager and inside tf.function, whose outcomes
bool_operator_golden.json records from TF 2.21 (by record_bool_operator_golden.py) and
test_bool_operators.py checks eagerflow against: `*` computes (TF's operator casts both
sides to int32 and the product back to bool), `/` refuses bool with a TypeError, unary `+`
does not exist, the rest raise their op's errors.

`outcomes(tf)` runs them with whichever module is passed as `tf`."""

import operator
import re

import numpy as np

OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
             "//": operator.floordiv, "%": operator.mod, "**": operator.pow,
             "&": operator.and_, "|": operator.or_, "^": operator.xor, "<": operator.lt,
             "<=": operator.le, ">": operator.gt, ">=": operator.ge, "@": operator.matmul,
             "==": operator.eq, "!=": operator.ne}
UNARY = {"-": operator.neg, "~": operator.invert, "abs": abs, "+": operator.pos}


def operands(tf):
    return {
        "int": 2, "int0": 0, "float": 2.5, "float_half": 0.5, "true": True,
        "int32": tf.constant([1, 0]), "int64": tf.constant([3, 2], tf.int64),
        "float32": tf.constant([0.5, 2.0]), "float64": tf.constant([1.5, -1.0], tf.float64),
        "uint8": tf.constant([1, 2], tf.uint8), "bool": tf.constant([True, True]),
        "complex128": tf.constant([1 + 1j, 0j]), "np_bool": np.array([True, False]),
        "np_int": np.array([1, 2]), "np_float": np.array([0.2, 3.0]), "list_int": [1, 0],
        "list_bool": [True, False], "int_column": tf.constant([[0], [3]]),
        "var_int": tf.Variable([1, 2]), "var_bool": tf.Variable([False, True]),
        "none": None,
    }


def normalize(message):
    """An error's message without what only says where it came from: tf.function's "in
    user code" frame, TF's kernel-function prefix and the " name: " TF appends to eager
    errors."""
    if message.startswith("in user code:"):
        message = message.rstrip().rsplit("\n\n", 1)[-1].strip()
        message = re.sub(r"^\w+: ", "", message)
    message = re.sub(r"^\{\{function_node [^}]*\}\} ", "", message)
    return re.sub(r" name: $", "", message).strip()


def _outcome(f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 (the outcome recorded is the error)
        return {"error": type(e).__name__, "message": normalize(str(e))}
    if isinstance(r, np.ndarray):
        return {"numpy": r.dtype.name, "value": r.tolist()}
    if isinstance(r, bool):
        return {"python": r}
    return {"dtype": r.dtype.name, "value": np.asarray(r.numpy()).tolist()}


def outcomes(tf):
    """'<op> <operand> <l|r> <eager|traced>' -> what happened."""
    b = tf.constant([True, False])
    out = {}
    for mode in ("eager", "traced"):
        for sym, op in OPERATORS.items():
            for name, other in operands(tf).items():
                for side in ("l", "r"):
                    def call(x, other=other, side=side, op=op):
                        return op(x, other) if side == "l" else op(other, x)
                    if mode == "traced":
                        call = tf.function(call)
                    out[f"{sym} {name} {side} {mode}"] = _outcome(lambda: call(b))
        for sym, op in UNARY.items():
            f = op if mode == "eager" else tf.function(lambda x, op=op: op(x))
            out[f"unary{sym} {mode}"] = _outcome(lambda: f(b))
        v = tf.Variable([True, False])
        f = operator.pos if mode == "eager" else tf.function(lambda: +v)
        out[f"unary+ variable {mode}"] = _outcome(lambda: f(v) if mode == "eager" else f())
    return out
