"""The dtype sweep of TF's public functions, shared by tests/record_sweep_goldens.py (TF 2.21)
and test_api_sweep.py (eagerflow).

Every public function of the namespaces below is called with one, two and three tensors of
each of 16 dtypes (as many as it takes positionally before `name`), in two shapes (a
vector and a 2x2 matrix; an image for tf.image). Most calls are wrong on purpose: a tensor
where an axis, a shape or a flag belongs, a dtype an op has no kernel for. What a user
relies on is that each call does what TF's does: the same result, or the same error class
and message. The plan (which functions, with how many tensors) is TF's, recorded with the
outcomes, so a function whose signature here differs from TF's is called as TF's is.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import numpy as np

from tests.sweeps import message, show

DTYPES = ("float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64",
          "uint8", "uint16", "uint32", "uint64", "complex64", "complex128", "bool", "string")
NAMESPACES = ("tf", "tf.math", "tf.linalg", "tf.nn", "tf.strings", "tf.bitwise", "tf.signal",
              "tf.image", "tf.dtypes", "tf.random")
# Functions the sweep leaves out: they take functions or contexts, not tensors, change
# global state, or load native libraries.
SKIP = frozenset((
    "tf.print", "tf.py_function", "tf.numpy_function", "tf.function", "tf.while_loop",
    "tf.map_fn", "tf.scan", "tf.foldl", "tf.foldr", "tf.vectorized_map", "tf.cond", "tf.case",
    "tf.switch_case", "tf.custom_gradient", "tf.recompute_grad", "tf.init_scope",
    "tf.control_dependencies", "tf.name_scope", "tf.device", "tf.no_gradient",
    "tf.executing_eagerly", "tf.get_logger", "tf.register_tensor_conversion_function",
    "tf.load_library", "tf.load_op_library", "tf.random.set_seed",
    "tf.random.get_global_generator", "tf.random.set_global_generator", "tf.group", "tf.tuple",
    "tf.import_graph_def", "tf.dtypes.as_dtype", "tf.as_dtype", "tf.image.decode_jxl"))
SHAPES = {"v": [1, 2], "m": [[2, 1], [1, 3]], "i": [[[1], [2]], [[3], [4]]]}


def plan(tf: Any) -> list:
    """[function, tensors it takes (at most 3), input shapes] for each function, each
    function object once (under its first name)."""
    out, seen = [], set()
    for ns in NAMESPACES:
        mod = eval(ns, {"tf": tf})
        for name in sorted(dir(mod)):
            full, f = f"{ns}.{name}", getattr(mod, name)
            if name.startswith("_") or inspect.isclass(f) or inspect.ismodule(f) \
                    or not callable(f) or full in SKIP or id(f) in seen:
                continue
            seen.add(id(f))
            n = 0
            for p in inspect.signature(f).parameters.values():
                if p.name == "name" or p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                    break
                n += 1
            if n:
                out.append([full, min(3, n), ["v", "m", "i"] if ns == "tf.image" else ["v", "m"]])
    return out


def cases(plan_: list) -> list:
    """Each call of the plan: (function, tensors, shape, dtype)."""
    return [(full, k, shape, dt) for full, n, shapes in plan_ for shape in shapes
            for k in range(1, n + 1) for dt in DTYPES]


def make(tf: Any, dtype: str, shape: str) -> Any:
    base = np.array(SHAPES[shape])
    if dtype == "string":
        return tf.constant(np.vectorize(lambda v: "abcd"[v - 1])(base))
    if dtype == "bool":
        return tf.constant(base % 2 == 1)
    return tf.cast(tf.constant(base), getattr(tf, dtype))


def _random(full: str) -> bool:
    """A stateful random function: its values are compared elsewhere (test_random_golden)."""
    return "random" in full and "stateless" not in full


def outcome(tf: Any, full: str, k: int, shape: str, dtype: str) -> str:
    args = [make(tf, dtype, shape) for _ in range(k)]
    return called(tf, full, lambda: args)


def called(tf: Any, full: str, make_args: Callable) -> str:
    """The outcome of `full` called with make_args()'s arguments: its result shown (a
    stateful random draw's values left out), or its error (making the arguments too)."""
    try:
        args = make_args()
        r = eval(full, {"tf": tf})(*args)
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return message(e)
    s = show(r)
    return s.rsplit(",", 1)[0] if _random(full) and s.startswith("T(") else s


def record(tf: Any, cases_: Callable = cases, outcome_: Callable = outcome) -> tuple:
    """The outcomes' texts, and the plan with each function's outcomes (in cases' order)
    as indices into them (`cases_` and `outcome_`: a sweep's own calls of the plan)."""
    table: dict = {}
    rows = [[full, n, shapes, [table.setdefault(outcome_(tf, *c), len(table))
                                for c in cases_([[full, n, shapes]])]]
            for full, n, shapes in plan(tf)]
    return list(table), rows
