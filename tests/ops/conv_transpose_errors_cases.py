"""Errors of the transposed convolutions (conv1d/2d/3d_transpose, atrous_conv2d_transpose)
and of the raw 3D backprop ops given bad shapes, strides, channels or paddings, eagerly and
inside tf.function: TF's kernels' words and labels ("Conv3DBackpropInputOp: ..." for the
checks the 3D kernels share with 2D, their own rank and channel checks before them).
Recorded by record_conv_transpose_errors.py into conv_transpose_errors_golden.json;
test_conv_transpose_errors.py checks eagerflow."""

from __future__ import annotations

import re


def _raw(op: str, kinds: str, *dims: str) -> str:
    """A raw 3D backprop op's call: its three operands (kinds "t" a tensor of ones of
    those dims, "v" the sizes as a list), strides of 2, SAME padding."""
    names = ("input_sizes", "filter", "out_backprop") if op.startswith("Conv3DBackpropInput") \
        else ("input", "filter_sizes", "out_backprop")
    if op in ("Conv3DBackpropInput", "Conv3DBackpropFilter"):
        names = ("input", "filter", "out_backprop")
    args = ", ".join(f"{n}=tf.ones({d})" if k == "t" else f"{n}={d}"
                     for n, k, d in zip(names, kinds, dims))
    return f"tf.raw_ops.{op}({args}, strides=[1,2,2,2,1], padding='SAME')"


CALLS = [
    "tf.nn.conv1d_transpose(tf.ones([1,5,3]), tf.ones([2,4,3]), [1,10,4], 2)",
    "tf.nn.conv1d_transpose(tf.ones([1,5,3]), tf.ones([2,4,5]), [1,10,4], 2)",
    "tf.nn.conv1d_transpose(tf.ones([1,5,3]), tf.ones([2,4,3]), [1,11,4], 2)",
    "tf.nn.conv1d_transpose(tf.ones([1,5,3]), tf.ones([2,4,3]), [1,10,5], 2)",
    "tf.nn.conv1d_transpose(tf.ones([1,5,3]), tf.ones([2,4,3]), [1,10,4], 0)",
    "tf.nn.conv1d_transpose(tf.ones([1,5,3]), tf.ones([2,4,3]), [2,10,4], 2)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,5]), [1,10,10,4], 2)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,11,10,4], 2)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,10,10,5], 2)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,10,10,4], 0)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [2,10,10,4], 2)",
    "tf.nn.conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,10,10], 2)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,5]), [1,10,10,10,4], 2)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,3]), [1,11,10,10,4], 2)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,3]), [1,10,10,10,5], 2)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,3]), [1,10,10,10,4], 0)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,3]), [2,10,10,10,4], 2)",
    "tf.nn.conv3d_transpose(tf.ones([1,5,5,5,3]), tf.ones([2,2,2,4,3]), [1,10,10,10], 2)",
    "tf.nn.atrous_conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,5]), [1,5,5,4], 2, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,6,5,4], 2, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,5,5,5], 2, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,5,5,4], 0, 'SAME')",
    "tf.nn.atrous_conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,7,7,4], 2, 'VALID')",
    "tf.nn.atrous_conv2d_transpose(tf.ones([1,5,5,3]), tf.ones([2,2,4,3]), [1,5,5,4], 2, 'FULL')",
    "tf.nn.atrous_conv2d_transpose(tf.ones([2,5,5,3]), tf.ones([2,2,4,3]), [1,5,5,4], 2, 'SAME')",
] + [
    _raw("Conv3DBackpropInputV2", "vtt", "[5,5,5]", "[2,2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropInputV2", "vtt", "[1,10,10,10,4]", "[2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropInputV2", "vtt", "[1,10,10,10,4]", "[2,2,2,4,3]", "[1,5,5,3]"),
    _raw("Conv3DBackpropInputV2", "vtt", "[2,10,10,10,5]", "[2,2,2,4,3]", "[1,5,5,5,6]"),
    _raw("Conv3DBackpropInputV2", "vtt", "[2,11,10,10,4]", "[2,2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropInputV2", "vtt", "[1,10,10,10,4]", "[0,2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropFilterV2", "tvt", "[1,10,10,10,4]", "[2,2,2,4,5]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropFilterV2", "tvt", "[1,10,10,10,5]", "[2,2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropFilterV2", "tvt", "[2,10,10,10,4]", "[2,2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropFilterV2", "tvt", "[1,11,10,10,4]", "[2,2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropFilterV2", "tvt", "[1,10,10,4]", "[2,2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropFilterV2", "tvt", "[1,10,10,10,4]", "[2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropFilterV2", "tvt", "[1,10,10,10,4]", "[2,2,2,4,3]", "[1,5,5,3]"),
    _raw("Conv3DBackpropInput", "ttt", "[1,10,10,10,4]", "[2,2,2,4,5]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropInput", "ttt", "[1,11,10,10,4]", "[2,2,2,4,3]", "[1,5,5,5,3]"),
    _raw("Conv3DBackpropFilter", "ttt", "[1,11,10,10,4]", "[2,2,2,4,3]", "[1,5,5,5,3]"),
]


def traced_too(call: str) -> bool:
    """Whether the call is also run traced: TF 2.21's process aborts tracing a stride of 0
    (a failed check in its shape function); the raw 3D ops are run eagerly only."""
    return ", 0)" not in call and ", 0, " not in call and "raw_ops" not in call


def keys() -> list:
    return [(c, t) for c in CALLS for t in (False, True) if not t or traced_too(c)]


def run(tf, call: str, traced: bool) -> list:
    """The result's shape, or the error as [class name, message's last line] (a traced
    function's number as N)."""
    def f():  # (the tensors made inside: a traced function's own constants)
        return eval(call, {"tf": tf})
    try:
        return (tf.function(f)() if traced else f()).shape.as_list()
    except Exception as e:  # (the recorded outcome)
        text = str(e).strip().splitlines()
        last = re.sub(r"(__inference_\w+?)_\d+\]", r"\1_N]", text[-1].strip()) if text else ""
        return [type(e).__name__, last]
