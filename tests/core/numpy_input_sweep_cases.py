"""The NumPy-input sweep of TF's public functions, shared by
tests/core/record_numpy_input_sweep.py (TF 2.21) and test_numpy_input_sweep.py (eagerflow).

api_sweep_cases.py calls every public function of TF's tensor namespaces with tensors;
this sweep calls each with what users hand it as often: NumPy arrays (float64 by NumPy's
default) and nested Python lists. TF's generated op wrappers convert such an input with
the op's type-attr default as the preferred dtype (a float64 array given to an op whose
T defaults to float becomes float32), while a tensor keeps its dtype; a function whose
Python converts its inputs itself does as its Python says. Each function (api_sweep_cases'
plan, recorded with the outcomes) is called:

- with 1..n non-tensor arguments ("A"), each a NumPy array of one of NP_KINDS or a nested
  list of Python floats or ints, in the plan's shapes;
- where it takes two or more, with a non-tensor first argument and tensors after it
  ("B"), and the reverse ("C"), for MIXED's pairs (a non-tensor kind, the tensors' dtype):
  there a tensor's dtype fixes the attr the non-tensor is converted to.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.core import api_sweep_cases
from tests.core.api_sweep_cases import SHAPES, called

NP_KINDS = ("float16", "float32", "float64", "int32", "int64", "uint8", "complex64",
            "complex128", "bool")
KINDS = NP_KINDS + ("floats", "ints")  # (the last two: nested Python lists)
# (non-tensor kind, tensor dtype) of the mixed calls
MIXED = (("float64", "float32"), ("float32", "float64"), ("int64", "int32"),
         ("floats", "float64"))


def cases(plan_: list) -> list:
    """Each call of the plan: (function, form, count, shape, kind)."""
    out = []
    for full, n, shapes in plan_:
        for shape in shapes:
            out += [(full, "A", k, shape, kind) for k in range(1, n + 1) for kind in KINDS]
            if n >= 2:
                out += [(full, form, n, shape, f"{a}/{b}") for form in "BC" for a, b in MIXED]
    return out


def value(kind: str, shape: str) -> Any:
    """A non-tensor argument of `kind` in `shape` (SHAPES' values)."""
    base = np.array(SHAPES[shape])
    if kind == "floats":
        return base.astype(float).tolist()
    if kind == "ints":
        return base.tolist()
    if kind == "bool":
        return base % 2 == 1
    return base.astype(kind)


def args(tf: Any, form: str, k: int, shape: str, kind: str) -> list:
    if form == "A":
        return [value(kind, shape) for _ in range(k)]
    plain, tensor = kind.split("/")
    t = tf.constant(np.array(SHAPES[shape]).astype(tensor))
    if form == "B":
        return [value(plain, shape)] + [t] * (k - 1)
    return [t] + [value(plain, shape) for _ in range(k - 1)]


def outcome(tf: Any, full: str, form: str, k: int, shape: str, kind: str) -> str:
    return called(tf, full, lambda: args(tf, form, k, shape, kind))


def record(tf: Any) -> tuple:
    """The outcomes' texts, and the plan with each function's outcomes (in cases' order)
    as indices into them."""
    return api_sweep_cases.record(tf, cases, outcome)
