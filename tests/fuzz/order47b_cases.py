"""order47b's cases, each a Python expression over `tf` (shared by record_cases.py order47b, run
under TensorFlow 2.21, and test_regressions_order47b.py, run under eagerflow): one or two
bad arguments of tf.nn.depthwise_conv2d and of tf.nn.convolution, the first check TF's
function makes deciding the error."""

from __future__ import annotations

import json
from typing import Any

from recorded import outcome  # type: ignore[import-not-found]

_BAD = {
    "x": ("'a'", "None", "[[1.]]", "tf.ones([5, 5, 2])", "tf.ones([1, 5, 5, 2], tf.int32)"),
    "f": ("'a'", "None", "[[1.]]", "tf.ones([3, 3, 2])",
          "tf.ones([3, 3, 2, 2], tf.float64)"),
    "strides": ("'a'", "None", "1", "2", "[1, 2]", "[2, 1, 1, 1]", "1.5", "[1, 'a', 1, 1]"),
    "padding": ("'FOO'", "3", "None", "'same'", "[[0, 0], [1, 1], [1, 1], [0, 0]]",
                "[[1, 1]]"),
    "data_format": ("'junk'", "3", "'NCHW'", "b'NHWC'"),
    "dilations": ("'a'", "0", "-1", "[2, 2]", "[1, 2, 2, 1]", "1.5"),
}
_CALLS = {  # function: its good arguments, by our names of them
    "tf.nn.depthwise_conv2d": {"x": ("input", "tf.ones([1, 5, 5, 2])"),
                               "f": ("filter", "tf.ones([3, 3, 2, 2])"),
                               "strides": ("strides", "[1, 1, 1, 1]"),
                               "padding": ("padding", "'SAME'")},
    "tf.nn.convolution": {"x": ("input", "tf.ones([1, 5, 5, 2])"),
                          "f": ("filters", "tf.ones([3, 3, 2, 2])")},
}


# (values TF's op refuses as not among an attr's allowed ones, a string input's dtype too:
# of two such, which TF names differs from process to process, its attrs checked in a hash
# map's order)
_NOT_ALLOWED = {"tf.ones([1, 5, 5, 2], tf.int32)", "'FOO'", "'same'", "'junk'"}


def _not_allowed(arg: str, value: str) -> bool:
    return value in _NOT_ALLOWED or (arg == "x" and value == "'a'")


def _grid(fn: str) -> list:
    """Each bad value alone, then each pair of bad values of two arguments (but two values
    TF's op refuses as not allowed)."""
    good = _CALLS[fn]
    names = list(_BAD)
    out = []
    for i, first in enumerate(names):
        for second in [None] + names[i + 1:]:
            for a in _BAD[first]:
                for b in _BAD[second] if second else (None,):
                    if _not_allowed(first, a) and b in _NOT_ALLOWED:
                        continue
                    kw = {name: v for name, v in good.values()}
                    kw[good.get(first, (first,))[0]] = a
                    if second:
                        kw[good.get(second, (second,))[0]] = b
                    out.append(f"{fn}(" + ", ".join(f"{k}={v}" for k, v in kw.items()) + ")")
    return out


CASES = _grid("tf.nn.depthwise_conv2d") + _grid("tf.nn.convolution")


def run(tf: Any) -> dict:
    """source -> its outcome (recorded.outcome's form), for each case."""
    scope = {"tf": tf}
    out = {src: outcome(lambda src=src: eval(src, scope)) for src in CASES}  # noqa: S307
    return json.loads(json.dumps(out, default=repr))
