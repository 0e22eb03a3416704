"""tf.debugging assert messages recorded under TF 2.21 by record_edges.py
(assert_messages_golden.json) and checked by test_edges_vs_tf.py: each case is an
expression over `tf`; "traced:" runs it inside a tf.function with `x` a float32 [3]
argument, which the function returns (the graph names TF's messages give), else eagerly.
The whole message is kept: an eager op's with TF's "{{function_node __wrapped__...}} "
prefix and " name: ..." suffix."""

from __future__ import annotations

import re
from typing import Any

CASES = [
    "tf.debugging.assert_non_positive(tf.constant([1, 0, -1]))",
    "tf.debugging.assert_non_positive(tf.constant([1.5, -1.0]), message='m', summarize=1)",
    "tf.debugging.assert_non_negative(tf.constant([1, 0, -1]))",
    "tf.debugging.assert_positive(tf.constant([1, 0, -1]))",
    "traced:tf.debugging.assert_non_positive(x)",
    "traced:tf.debugging.assert_positive(-x)",
    "tf.debugging.assert_proper_iterable(tf.constant([1]).numpy())",
    "tf.debugging.assert_proper_iterable('abc')",
    "tf.debugging.assert_proper_iterable(5)",
    "tf.debugging.assert_rank(tf.constant([1.0]), 2)",
    "tf.debugging.assert_rank_at_least(tf.constant([1.0]), 3, message='m')",
    "tf.debugging.assert_rank_in(tf.constant([1.0]), [0, 2])",
    "traced:tf.debugging.assert_rank(x, 2)",
    "traced:tf.debugging.assert_rank_at_least(x, 3, message='need')",
    "traced:tf.debugging.assert_rank_in(x, [0, 2])",
]


def run(tf: Any, expr: str) -> Any:
    if expr.startswith("traced:"):
        body = expr[len("traced:"):]
        def traced(x: Any) -> Any:
            eval(body, {"tf": tf, "x": x})
            return x

        return tf.function(traced)(tf.constant([1.0, 2.0, 3.0]))
    return eval(expr, {"tf": tf})


def message(e: BaseException) -> str:
    m = str(e)
    # a traced error: TF's own message after the user frames; the frames name this file
    if m.startswith("in user code:"):
        m = m.strip().split("\n")[-1].strip()
    m = re.sub(r"\n\t \[\[\{\{node [^}]*\}\}\]\]", "", m)  # graph node names: TF's scopes
    return re.sub(r" \[Op:__inference_[^\]]*\]$", "", m.split("\n\n")[-1] if m.startswith(
        "Graph execution error") else m)


def outcome(tf: Any, expr: str) -> dict:
    try:
        value = run(tf, expr)
    except Exception as e:  # noqa: BLE001 (the error is the recorded result)
        return {"error": type(e).__name__, "message": message(e)}
    return {"value": repr(value)}
