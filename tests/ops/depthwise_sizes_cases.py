"""tf.nn.depthwise_conv2d_backprop_input / _filter given input_sizes / filter_sizes of a
wrong length, rank, type or value, eagerly and inside tf.function: recorded from TF 2.21
by record_depthwise_sizes.py (depthwise_sizes_golden.json), checked by
test_depthwise_sizes.py. The input is 1x4x4x2, the filter 2x2x2x3, the output gradient
1x3x3x6 (VALID, stride 1); each case replaces the sizes one call is given."""

from __future__ import annotations

from typing import Any

from tests.golden_io import error_core

INPUT_SIZES = ([1, 4, 4, 2], [1, 4, 4], [1, 4, 4, 2, 1], [], [4], [1, 4, 4, 3], [1, 5, 4, 2],
               [1, 4, 5, 2], [2, 4, 4, 2], [1, 4, 4, -2], [1, -4, 4, 2], [0, 4, 4, 2],
               [[1, 4, 4, 2]], [1, 2**32 + 4, 4, 2], [1.0, 4, 4, 2])
FILTER_SIZES = ([2, 2, 2, 3], [2, 2, 2], [2, 2, 2, 3, 1], [], [2, 2, 3, 3], [3, 2, 2, 3],
                [2, 3, 2, 3], [2, 2, 2, 2], [2, 2, 2, -3], [-2, 2, 2, 3], [0, 2, 2, 3],
                [[2, 2, 2, 3]], [2, 2, 2, 2**32 + 3], [2.0, 2, 2, 3])

CASES = [f"input {s} {mode}" for s in INPUT_SIZES for mode in ("eager", "traced")] + \
    [f"filter {s} {mode}" for s in FILTER_SIZES for mode in ("eager", "traced")]


def outcome(tf: Any, case: str) -> str:
    """What the case's call does: `error_core` of its error, or "ok" and the shape."""
    kind, rest = case.split(" ", 1)
    sizes, mode = eval(rest.rsplit(" ", 1)[0]), rest.rsplit(" ", 1)[1]
    x, f, dy = tf.ones([1, 4, 4, 2]), tf.ones([2, 2, 2, 3]), tf.ones([1, 3, 3, 6])
    if kind == "input":
        def call():
            return tf.nn.depthwise_conv2d_backprop_input(sizes, f, dy, [1, 1, 1, 1], "VALID")
    else:
        def call():
            return tf.nn.depthwise_conv2d_backprop_filter(x, sizes, dy, [1, 1, 1, 1], "VALID")
    try:
        out = call() if mode == "eager" else tf.function(call, autograph=False)()
    except Exception as e:  # noqa: BLE001 (the error is the outcome)
        return error_core(e)
    return f"ok {list(out.shape)}"
