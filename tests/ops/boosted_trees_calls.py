"""Running boosted_trees_cases' calls and writing their results down alike under TF
(record_boosted_trees_golden.py) and eagerflow (test_boosted_trees_ops.py)."""

from __future__ import annotations

import re
from typing import Any


def error(e: BaseException) -> dict:
    """An error as its class and full message, the traced function's generated name
    ("__inference_g_123") written as "__inference_g"."""
    return {"error": type(e).__name__,
            "message": re.sub(r"__inference_(\w+?)_\d+", r"__inference_\1", str(e))}


def eager(tf: Any, op: str, kwargs: dict) -> Any:
    """The eager call's results' dtypes and shapes, or its error."""
    try:
        out = getattr(tf.raw_ops, op)(**kwargs)
    except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
        return error(e)
    return specs(tf, out)


def specs(tf: Any, out: Any) -> list:
    if out is None or not hasattr(out, "__len__") and not hasattr(out, "shape"):
        return []  # (an op of no outputs: TF gives an Operation or None)
    return [[None if t.shape.rank is None else t.shape.as_list(), t.dtype.name]
            for t in tf.nest.flatten(out)]


def traced(tf: Any, op: str, kwargs: dict) -> dict:
    """The traced call's output specs and what running the function raises."""
    seen: dict = {}

    @tf.function
    def g() -> Any:
        out = getattr(tf.raw_ops, op)(**kwargs)
        seen["specs"] = specs(tf, out)
        return None if not seen["specs"] else tf.nest.flatten(out)

    try:
        g()
        return {"specs": seen.get("specs"), "run": None}
    except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
        return {"specs": seen.get("specs"), "run": error(e)}
