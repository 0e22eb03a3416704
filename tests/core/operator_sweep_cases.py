"""The operator sweep, shared by tests/record_sweep_goldens.py (TF 2.21) and
test_operator_sweep.py (eagerflow): every Python operator a tensor has, on tensors of 16
dtypes against each other and against Python and NumPy values on either side, and `[]`
with keys of one, two and three components of every kind TF's indexing meets (indices,
slices, tensors, masks, lists, NumPy values, and wrong ones). Python dispatches `x + y`
through both operands' methods, so what a user sees is the pair's outcome: a result, or
an error's class and first line (api_sweep_cases says how each is written down).
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from tests.core.api_sweep_cases import DTYPES
from tests.sweeps import message, show

BINARY = {"add": operator.add, "sub": operator.sub, "mul": operator.mul,
          "truediv": operator.truediv, "floordiv": operator.floordiv, "mod": operator.mod,
          "pow": operator.pow, "matmul": operator.matmul, "and": operator.and_,
          "or": operator.or_, "xor": operator.xor, "lt": operator.lt, "le": operator.le,
          "eq": operator.eq, "ne": operator.ne, "gt": operator.gt, "ge": operator.ge}
UNARY = {"neg": operator.neg, "pos": operator.pos, "invert": operator.invert, "abs": abs}
PYTHON = {"int": 2, "float": 1.5, "bool": True, "complex": 1j, "str": "x", "list": [1, 2],
          "np.float32": np.float32(2), "np.int64": np.int64(2),
          "np.array": np.array([1.0, 2.0])}


# `[]`'s key components, by name (built per framework: some are tensors)
INDEX = ("0", "-1", "5", "-4", "1.0", "True", "None", "...", ":", "1:", "::-1", "::0", "-10:10",
         "1.5:", "t1:", "t0", "t64", "tfloat", "tbool", "tvec", "tboolvec", "[0,1]",
         "[True,False]", "np.int32", "np.vec", "np.boolvec", "str", "t2d", "tuint8", "tint16")
# (every pair of components, and the third one after `k, :`)
THIRD_AFTER = ("0", ":", "...", "None", "tvec", "t0")


def _index_component(tf: Any, name: str) -> Any:
    return {
        "0": 0, "-1": -1, "5": 5, "-4": -4, "1.0": 1.0, "True": True, "None": None,
        "...": Ellipsis, ":": slice(None), "1:": slice(1, None), "::-1": slice(None, None, -1),
        "::0": slice(None, None, 0), "-10:10": slice(-10, 10), "1.5:": slice(1.5, None),
        "t1:": slice(tf.constant(1), None), "t0": tf.constant(0), "t64": tf.constant(1, tf.int64),
        "tfloat": tf.constant(1.0), "tbool": tf.constant(True), "tvec": tf.constant([0, 1]),
        "tboolvec": tf.constant([True, False]), "[0,1]": [0, 1], "[True,False]": [True, False],
        "np.int32": np.int32(1), "np.vec": np.array([0, 1]), "np.boolvec": np.array([True, False]),
        "str": "a", "t2d": tf.constant([[0, 1]]), "tuint8": tf.constant(1, tf.uint8),
        "tint16": tf.constant(1, tf.int16)}[name]


def make(tf: Any, dtype: str) -> Any:
    if dtype == "string":
        return tf.constant(["a", "b"])
    if dtype == "bool":
        return tf.constant([True, False])
    return tf.cast(tf.constant([3, 2]), getattr(tf, dtype))


def cases() -> list:
    """(operator, left operand, right operand): a dtype names a tensor, `py:` a value."""
    out = [(op, d, None) for op in UNARY for d in DTYPES]
    for op in BINARY:
        for d in DTYPES:
            out += [(op, d, e) for e in DTYPES]
            for p in PYTHON:
                out += [(op, d, f"py:{p}"), (op, f"py:{p}", d)]
    for base in ("x", "v"):
        out += [("getitem", base, k) for k in INDEX]
        out += [("getitem", base, f"{a},{b}") for a in INDEX for b in INDEX]
        out += [("getitem", base, f"{a},:,{b}") for a in THIRD_AFTER for b in INDEX]
    return out


def outcome(tf: Any, op: str, left: str, right: str | None) -> str:
    def value(side: str) -> Any:
        return PYTHON[side[3:]] if side.startswith("py:") else make(tf, side)

    try:
        if op == "getitem":  # x: a 2x3x4 tensor, v: a vector of 5
            t = tf.reshape(tf.range(24), [2, 3, 4]) if left == "x" else tf.range(5)
            key = [_index_component(tf, k) for k in _split(right)]
            r = t[key[0] if len(key) == 1 else tuple(key)]
        elif right is None:
            r = UNARY[op](value(left))
        else:
            r = BINARY[op](value(left), value(right))
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return message(e)
    return show(r)


def _split(key: str) -> list:
    """A key's component names ("[0,1],:" has two)."""
    out, depth, part = [], 0, ""
    for ch in key:
        depth += (ch == "[") - (ch == "]")
        if ch == "," and depth == 0:
            out.append(part)
            part = ""
        else:
            part += ch
    return [*out, part]
