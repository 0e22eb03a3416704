"""Pools and morphology ops that TF's XLA refuses to compile in a
tf.function(jit_compile=True) where TF's eager kernels compute them: a max pool's explicit
padding (its kernel's UnimplementedError), the max pools' second gradients of any dtype but
float32, the argmax pools, the fractional pools and dilation2d (no XLA kernel: XLA's
InvalidArgumentError naming the node and where user code made it), with the same calls
that XLA compiles beside them; traced without XLA, the argmax pools' second gradients
(MaxPoolGradGradWithArgmax has no CPU kernel; MaxPoolGradWithArgmax no gradient).
Recorded by record_xla_refusals.py into xla_refusals_golden.json; test_xla_refusals.py
checks eagerflow.

Each case's function is defined here, not evaluated from text, so that the creation stack
TF prints ("The op is created at:") lists this file's frames; `run` keeps those (their
path as this file's name: the recorder's and pytest's own frames differ). The golden holds
this file's line numbers: record it again after any edit.
"""

from __future__ import annotations

import os
import re

K4 = dict(ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1], padding="VALID")
K5 = dict(ksize=[1, 2, 2, 2, 1], strides=[1, 1, 1, 1, 1], padding="VALID")
PADS = [[0, 0], [1, 1], [1, 1], [0, 0]]
EXPLICIT = dict(ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1], padding="EXPLICIT",
                explicit_paddings=[0, 0, 1, 1, 1, 1, 0, 0])


def max_pool2d_explicit(tf, x):
    return tf.nn.max_pool2d(x, 2, 1, PADS)


def max_pool2d_same(tf, x):
    return tf.nn.max_pool2d(x, 2, 1, "SAME")


def max_pool_explicit_scoped(tf, x):
    with tf.name_scope("scope"):
        return tf.nn.max_pool(x, 2, 1, PADS)


def raw_max_pool_explicit(tf, x):
    return tf.raw_ops.MaxPool(input=x, **EXPLICIT)


def raw_max_pool_grad_explicit(tf, x, y):
    return tf.raw_ops.MaxPoolGrad(orig_input=x, orig_output=y, grad=y, **EXPLICIT)


def max_pool_grad_grad(tf, x):
    y = tf.raw_ops.MaxPool(input=x, **K4)
    return tf.raw_ops.MaxPoolGradGrad(orig_input=x, orig_output=y, grad=x, **K4)


def max_pool_grad_grad_named(tf, x):
    y = tf.raw_ops.MaxPool(input=x, **K4)
    return tf.raw_ops.MaxPoolGradGrad(orig_input=x, orig_output=y, grad=x, name="mine", **K4)


def max_pool_grad_grad_v2(tf, x):
    y = tf.raw_ops.MaxPool(input=x, **K4)
    return tf.raw_ops.MaxPoolGradGradV2(orig_input=x, orig_output=y, grad=x, **K4)


def max_pool3d_grad_grad(tf, x):
    y = tf.raw_ops.MaxPool3D(input=x, **K5)
    return tf.raw_ops.MaxPool3DGradGrad(orig_input=x, orig_output=y, grad=x, **K5)


def second_gradient(tf, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.nn.max_pool2d(x, 2, 1, "VALID")
        g = inner.gradient(y, x)
    return outer.gradient(g, x)


def explicit_and_grad_grad(tf, x):
    a = tf.nn.max_pool2d(x, 2, 1, PADS)
    return a, max_pool_grad_grad(tf, x)


def max_pool_with_argmax(tf, x):
    return tf.nn.max_pool_with_argmax(x, 2, 1, "VALID")


def max_pool_grad_with_argmax(tf, x):
    y, argmax = tf.raw_ops.MaxPoolWithArgmax(input=x, **K4)
    return tf.raw_ops.MaxPoolGradWithArgmax(input=x, grad=y, argmax=argmax, **K4)


def max_pool_grad_grad_with_argmax(tf, x):
    y, argmax = tf.raw_ops.MaxPoolWithArgmax(input=x, **K4)
    return tf.raw_ops.MaxPoolGradGradWithArgmax(input=x, grad=x, argmax=argmax, **K4)


def second_gradient_with_argmax(tf, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y, _ = tf.nn.max_pool_with_argmax(x, 2, 1, "VALID")
        g = inner.gradient(y, x)
    return outer.gradient(g, x)


def fractional_max_pool(tf, x):
    return tf.raw_ops.FractionalMaxPool(value=x, pooling_ratio=[1.0, 1.5, 1.5, 1.0])[0]


def dilation2d(tf, x):
    return tf.nn.dilation2d(x, tf.ones([2, 2, 1], x.dtype), [1, 1, 1, 1], "VALID", "NHWC",
                            [1, 1, 1, 1])


def erosion2d(tf, x):
    return tf.nn.erosion2d(x, tf.ones([2, 2, 1], x.dtype), [1, 1, 1, 1], "VALID", "NHWC",
                           [1, 1, 1, 1])


def _window(ksize, strides, padding="VALID"):
    return dict(ksize=ksize, strides=strides, padding=padding)


# XLA's pools over the batch and the channels (its reduce windows), which TF's kernels
# refuse but for the depthwise max pool
def max_pool_depth(tf, x):
    return tf.raw_ops.MaxPool(input=x, **_window([1, 1, 1, 3], [1, 1, 1, 3]))


def max_pool_depth_and_rows(tf, x):
    return tf.raw_ops.MaxPool(input=x, **_window([1, 2, 1, 2], [1, 1, 1, 2]))


def max_pool_depth_same(tf, x):
    return tf.raw_ops.MaxPool(input=x, **_window([1, 1, 1, 4], [1, 1, 1, 1], "SAME"))


def max_pool_batch(tf, x):
    return tf.raw_ops.MaxPool(input=x, **_window([2, 1, 1, 1], [1, 1, 1, 1]))


def avg_pool_depth(tf, x):
    return tf.raw_ops.AvgPool(value=x, **_window([1, 1, 1, 3], [1, 1, 1, 3]))


def avg_pool_depth_same(tf, x):
    return tf.raw_ops.AvgPool(value=x, **_window([1, 1, 2, 3], [1, 1, 1, 2], "SAME"))


def avg_pool_batch(tf, x):
    return tf.raw_ops.AvgPool(value=x, **_window([2, 1, 1, 1], [1, 1, 1, 1]))


def _gradient(tf, x, pool):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = pool(tf, x)
    return tape.gradient(y, x)


def max_pool_depth_gradient(tf, x):
    return _gradient(tf, x, lambda tf, x: tf.raw_ops.MaxPool(
        input=x, **_window([1, 1, 1, 3], [1, 1, 1, 1], "SAME")))


def max_pool_depth_and_rows_gradient(tf, x):
    return _gradient(tf, x, max_pool_depth_and_rows)


def avg_pool_depth_gradient(tf, x):
    return _gradient(tf, x, avg_pool_depth)


def avg_pool_depth_same_gradient(tf, x):
    return _gradient(tf, x, avg_pool_depth_same)


def avg_pool_batch_gradient(tf, x):
    return _gradient(tf, x, avg_pool_batch)


def max_pool_batch_gradient(tf, x):
    return _gradient(tf, x, max_pool_batch)


def max_pool_grad_misshaped(tf, x):
    return tf.raw_ops.MaxPoolGrad(orig_input=x, orig_output=tf.ones([2, 2, 3, 6]),
                                  grad=tf.ones([2, 2, 2, 6]), **_window([1, 2, 2, 1],
                                                                         [1, 1, 1, 1]))


# (case, dtype, input shapes)
CASES = [
    (max_pool2d_explicit, "float32", ([1, 4, 4, 1],)),
    (max_pool2d_explicit, "float64", ([1, 4, 4, 1],)),
    (max_pool2d_explicit, "int32", ([1, 4, 4, 1],)),
    (max_pool2d_same, "float32", ([1, 4, 4, 1],)),
    (max_pool_explicit_scoped, "float32", ([1, 4, 4, 1],)),
    (raw_max_pool_explicit, "bfloat16", ([1, 4, 4, 1],)),
    (raw_max_pool_grad_explicit, "float32", ([1, 4, 4, 1], [1, 5, 5, 1])),
    (max_pool_grad_grad, "float32", ([1, 4, 4, 1],)),
    (max_pool_grad_grad, "float64", ([1, 4, 4, 1],)),
    (max_pool_grad_grad, "float16", ([1, 4, 4, 1],)),
    (max_pool_grad_grad, "bfloat16", ([1, 4, 4, 1],)),
    (max_pool_grad_grad, "int32", ([1, 4, 4, 1],)),
    (max_pool_grad_grad_named, "float64", ([1, 4, 4, 1],)),
    (max_pool_grad_grad_v2, "float64", ([1, 4, 4, 1],)),
    (max_pool_grad_grad_v2, "float32", ([1, 4, 4, 1],)),
    (max_pool3d_grad_grad, "float32", ([1, 4, 4, 4, 1],)),
    (max_pool3d_grad_grad, "bfloat16", ([1, 4, 4, 4, 1],)),
    (second_gradient, "float32", ([1, 4, 4, 1],)),
    (second_gradient, "float64", ([1, 4, 4, 1],)),
    (explicit_and_grad_grad, "float64", ([1, 4, 4, 1],)),
    (max_pool_with_argmax, "float32", ([1, 4, 4, 1],)),
    (max_pool_grad_with_argmax, "float32", ([1, 4, 4, 1],)),
    (max_pool_grad_grad_with_argmax, "float32", ([1, 4, 4, 1],)),
    (second_gradient_with_argmax, "float32", ([1, 4, 4, 1],)),
    (fractional_max_pool, "float32", ([1, 4, 4, 1],)),
    (dilation2d, "float32", ([1, 4, 4, 1],)),
    (erosion2d, "float32", ([1, 4, 4, 1],)),
    *((fn, "float32", ([2, 3, 4, 6],)) for fn in (
        max_pool_depth, max_pool_depth_and_rows, max_pool_depth_same, max_pool_batch,
        avg_pool_depth, avg_pool_depth_same, avg_pool_batch, max_pool_depth_gradient,
        max_pool_depth_and_rows_gradient, avg_pool_depth_gradient,
        avg_pool_depth_same_gradient, avg_pool_batch_gradient, max_pool_batch_gradient,
        max_pool_grad_misshaped)),
]


def keys() -> list:
    return [f"{fn.__name__} {dtype} jit={jit}" for fn, dtype, _ in CASES
            for jit in (True, False)]


_FRAME = re.compile(r'^File "(.*)", line (\d+), in (.*)$')
_HERE = os.path.basename(__file__)


def _normal(text: str) -> str:
    """`text` with each traced function's number as N, a graph's "No OpKernel" attrs in
    order (TF lists them in an order that varies from run to run) and only this file's
    frames of a creation stack, named by the file's name."""
    text = re.sub(r"(__inference_\w+?)_\d+\b", r"\1_N", text)
    text = re.sub(r"(?<=with these attrs: \[)(.*?)(?=\]\n)", lambda m: ", ".join(
        sorted(re.split(r", (?=[A-Za-z_]+=)", m.group(1)))), text)
    text = re.sub(r'File "[^"]*/' + re.escape(_HERE) + '"', f'File "{_HERE}"', text)
    lines = []
    for line in text.split("\n"):
        m = _FRAME.match(line.strip())  # (a graph execution error's frames are indented)
        if m is None:
            lines.append(line)
        elif m.group(1).endswith(_HERE):
            lines.append(f'File "{_HERE}", line {m.group(2)}, in {m.group(3)}')
    # (blank lines between frames: those of the frames left out go)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines))


def run(tf, fn, dtype: str, shapes: tuple, jit: bool) -> list:
    """The outputs' shapes, or the error as [class name, message] (normalized)."""
    args = [tf.cast(tf.reshape(tf.range(_size(s)), s), dtype) for s in shapes]
    def compiled(*a):
        return fn(tf, *a)

    try:
        out = tf.function(compiled, jit_compile=jit)(*args)
    except Exception as e:  # (the recorded outcome)
        return [type(e).__name__, _normal(str(e))]
    # (the values too of the pools over the batch and channels XLA computes)
    return [list(t.shape) if fn not in _VALUED else [list(t.shape), t.numpy().ravel().tolist()]
            for t in tf.nest.flatten(out)]


_VALUED = {max_pool_depth, max_pool_depth_and_rows, max_pool_depth_same, max_pool_batch,
           avg_pool_depth, avg_pool_depth_same, avg_pool_batch, max_pool_depth_gradient,
           max_pool_depth_and_rows_gradient, avg_pool_depth_gradient}


def _size(shape: list) -> int:
    n = 1
    for d in shape:
        n *= d
    return n
