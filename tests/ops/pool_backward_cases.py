"""Max pools' gradients through a tf.function an eager tape recorded, channels first on
the CPU: TF 2.21 builds the function's backward function apart from its forward one, so
its MaxPoolGrad (MaxPool3DGrad) has no MaxPool beside it for oneDNN's rewrite to pair it
with, and the raw kernel refuses channels-first data when the backward function runs
(an InvalidArgumentError naming __inference___backward_f_N_M, the node defined where the
tape recorded the call); a tape inside a tf.function, or over one called from another,
keeps the pair in one graph and computes. Recorded by record_pool_backward.py into
pool_backward_golden.json; test_pool_backward.py checks eagerflow.

The golden holds this file's line numbers (the creation stack TF prints): record it again
after any edit.
"""

from __future__ import annotations

import os
import re


def max_pool2d_nchw(tf, x):
    return tf.nn.max_pool2d(x, 2, 2, "VALID", data_format="NCHW")


def max_pool2d_nchw_scaled(tf, x):
    return tf.nn.max_pool2d(x, 2, 2, "VALID", data_format="NCHW") * 3


def max_pool2d_nhwc(tf, x):
    return tf.nn.max_pool2d(x, 2, 2, "VALID")


def max_pool1d_ncw(tf, x):
    return tf.nn.max_pool1d(x, 2, 2, "VALID", data_format="NCW")


def max_pool3d_ncdhw(tf, x):
    return tf.nn.max_pool3d(x, 2, 2, "VALID", data_format="NCDHW")


def max_pool_v2_tensor_window(tf, x):
    # (traced, its window and strides are tensors the node reads)
    return tf.raw_ops.MaxPoolV2(input=x, ksize=tf.constant([1, 2, 2, 1]),
                                strides=tf.constant([1, 1, 2, 1]), padding="VALID")


def max_pool_v2_nchw(tf, x):
    return tf.raw_ops.MaxPoolV2(input=x, ksize=[1, 1, 2, 2], strides=[1, 1, 2, 2],
                                padding="VALID", data_format="NCHW")


def max_pool_gradient(tf, x):
    # (its gradient's gradient, MaxPoolGradGrad, in the backward function)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool2d(x, 2, 1, "VALID")
    return tape.gradient(y, x)


# (case, dtype, input shape)
CASES = [
    (max_pool2d_nchw, "float32", [2, 3, 4, 4]),
    (max_pool2d_nchw, "float64", [2, 3, 4, 4]),
    (max_pool2d_nchw_scaled, "float32", [2, 3, 4, 4]),
    (max_pool2d_nchw_scaled, "bfloat16", [2, 3, 4, 4]),
    (max_pool2d_nhwc, "float32", [2, 4, 4, 3]),
    (max_pool1d_ncw, "float32", [2, 3, 4]),
    (max_pool3d_ncdhw, "float32", [2, 3, 4, 4, 4]),
    (max_pool_v2_tensor_window, "float32", [2, 3, 4, 2]),
    (max_pool_v2_nchw, "float32", [2, 3, 4, 4]),
    (max_pool_gradient, "float64", [1, 4, 4, 1]),
    (max_pool_gradient, "float32", [1, 4, 4, 1]),
]
# how the tape meets the function: eagerly over its call (XLA's too), inside it, or
# inside another function over its call
WAYS = ("eager_tape", "tape_inside", "nested_call", "eager_tape_xla")


def keys() -> list:
    return [f"{fn.__name__} {dtype} {way}" for fn, dtype, _ in CASES for way in WAYS]


_FRAME = re.compile(r'^File "(.*)", line (\d+), in (.*)$')
_HERE = os.path.basename(__file__)


def _normal(text: str) -> str:
    """`text` with each function's numbers as N and only this file's frames of a creation
    stack, named by the file's name."""
    text = re.sub(r"(__(?:inference|forward)_\w+?)(?:_\d+)+\b", r"\1_N", text)
    text = re.sub(r'File "[^"]*/' + re.escape(_HERE) + '"', f'File "{_HERE}"', text)
    lines = []
    for line in text.split("\n"):
        m = _FRAME.match(line.strip())
        if m is None:
            lines.append(line)
        elif m.group(1).endswith(_HERE):
            lines.append(f'File "{_HERE}", line {m.group(2)}, in {m.group(3)}')
    # (blank lines between frames: those of the frames left out go)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines))


def _eager_tape(tf, f, x):
    with tf.GradientTape() as tape:
        y = f(x)
    return tape.gradient(y, x)


def _tape_inside(tf, fn, x):
    @tf.function
    def both():
        with tf.GradientTape() as tape:
            y = fn(tf, x)
        return tape.gradient(y, x)

    return both()


def _nested_call(tf, f, x):
    @tf.function
    def outer():
        with tf.GradientTape() as tape:
            y = f(x)
        return tape.gradient(y, x)

    return outer()


def run(tf, fn, dtype: str, shape: list, way: str) -> list:
    """The gradient's shape and values, or the error as [class name, message]
    (normalized)."""
    n = 1
    for d in shape:
        n *= d
    x = tf.Variable(tf.cast(tf.reshape(tf.range(n), shape), dtype))

    @tf.function(jit_compile=way == "eager_tape_xla")
    def f(x):
        return fn(tf, x)

    try:
        if way in ("eager_tape", "eager_tape_xla"):
            g = _eager_tape(tf, f, x)
        elif way == "tape_inside":
            g = _tape_inside(tf, fn, x)
        else:
            g = _nested_call(tf, f, x)
    except Exception as e:  # (the recorded outcome)
        return [type(e).__name__, _normal(str(e))]
    return [list(g.shape), g.numpy().ravel().tolist()]
