"""tf.nn.conv2d and tf.nn.conv3d given a bad input and a bad padding at once, eagerly and
traced, and the convolution ops' rank errors: which argument TF 2.21 refuses first and in
which words (its conv2d converts the padding list, then reads input.shape, then its op's
wrapper converts the padding and the format, checked eagerly before the inputs' dtypes;
traced, its shape functions refuse a rank as a ValueError naming the node), raw
convolutions given strides None, convolutions and pools whose window is wider than
their input, and pools across the channels. Recorded by
record_conv_arg_order.py (TF's own kernels: oneDNN off) into conv_arg_order_golden.json;
test_conv_arg_order.py checks eagerflow."""

from __future__ import annotations

import re

_INPUTS_2D = ("tf.ones([1,5,5,2])", "tf.ones([1,5,5,2], tf.int64)", "[[[[1., 1.]]]]",
              "np.ones((1,5,5,2))", "'a'", "tf.ones([1,5,5,2], tf.float16)", "tf.ones([5,5,2])")
_INPUTS_3D = ("tf.ones([1,5,5,5,2])", "tf.ones([1,5,5,5,2], tf.int64)", "[[[[[1., 1.]]]]]",
              "np.ones((1,5,5,5,2))", "'a'", "tf.ones([5,5,5,2])")
_PADDINGS = ("'FOO'", "3", "None", "'EXPLICIT'", "[[0,0],[1,1],[1,1],[0,0]]", "b'SAME'",
             "'SAME'")

CALLS = [f"tf.nn.conv2d({x}, tf.ones([3,3,2,2]), 1, {p})" for x in _INPUTS_2D
         for p in _PADDINGS] + \
    [f"tf.nn.conv3d({x}, tf.ones([3,3,3,2,2]), [1,1,1,1,1], {p})" for x in _INPUTS_3D
     for p in _PADDINGS] + [
    "tf.nn.conv2d(tf.ones([1,5,5,2]), tf.ones([3,2,2]), 1, 'SAME')",
    "tf.raw_ops.Conv2D(input=tf.ones([1,1,5,5,2]), filter=tf.ones([3,3,2,2]), "
    "strides=[1,1,1,1], padding='SAME')",
    "tf.nn.conv3d(tf.ones([1,5,5,5,2]), tf.ones([3,3,2,2]), [1,1,1,1,1], 'SAME')",
    "tf.nn.conv3d(tf.ones([5,5,5,2], tf.float64), tf.ones([3,3,3,2,2], tf.float64), "
    "[1,1,1,1,1], 'SAME')",
    "tf.raw_ops.DepthwiseConv2dNative(input=tf.ones([5,5,2]), filter=tf.ones([3,3,2,1]), "
    "strides=[1,1,1,1], padding='SAME')",
    "tf.raw_ops.DepthwiseConv2dNative(input=tf.ones([1,5,5,2]), filter=tf.ones([3,2,1]), "
    "strides=[1,1,1,1], padding='SAME')",
    "tf.nn.conv2d(tf.ones([5,5,2]), tf.ones([3,3,2,2]), 1, [[0,0],[1,1],[1,1],[0,0]], "
    "name='cc')",
    "tf.nn.conv1d(tf.ones([5,2]), tf.ones([3,2,2]), 1, 'SAME')",
    "tf.nn.convolution(tf.ones([5,5,2]), tf.ones([3,3,2,2]))",
    "tf.nn.convolution(tf.ones([1,5,5,2]), tf.ones([3,3,2,2]), 1, 'FOO')",
    "tf.nn.conv2d(tf.ones([1,5,5,2]), tf.ones([3,3,2,2]), 1, 'FOO', name='c')",
] + [f"tf.nn.{f}(tf.ones([1,4,4,1]), {args}'EXPLICIT')" for f, args in (
    ("max_pool2d", "2, 1, "), ("max_pool", "2, 1, "), ("conv2d", "tf.ones([2,2,1,1]), 1, "),
    ("depthwise_conv2d", "tf.ones([2,2,1,1]), [1,1,1,1], "),
    ("conv2d_transpose", "tf.ones([2,2,1,1]), [1,4,4,1], 1, "))] + [
    "tf.nn.max_pool1d(tf.ones([1,4,1]), 2, 1, 'EXPLICIT')"] + [
    # a raw op's list attr given None: its wrapper's TypeError first where it runs (traced;
    # eagerly where another attr sends the call down the fallback), else the op's error
    f"tf.raw_ops.{op}(input=tf.ones([1,5,5,2]), filter=tf.ones([3,3,2,{c}]), strides=None, "
    f"padding={p})" for op, c in (("DepthwiseConv2dNative", 1), ("Conv2D", 2))
    for p in ("3", "'SAME'", "'FOO'", "None")] + [
    "tf.raw_ops.DepthwiseConv2dNative(input=tf.ones([1,5,5,2]), filter=tf.ones([3,3,2,1]), "
    "strides=[1,1,1,1], padding=3)",
    "tf.nn.depthwise_conv2d(tf.ones([1,5,5,2]), tf.ones([3,3,2,1]), None, 3)"] + [
    # a window wider than its input: the kernels' empty output (or their negative size),
    # traced the shape functions' "Negative dimension size" ValueError naming the node
    "tf.nn.conv2d(tf.ones([1,5,5,2]), tf.ones([6,6,2,2]), 1, 'VALID')",
    "tf.nn.conv2d(tf.ones([1,5,5,2]), tf.ones([3,3,2,2]), 1, 'VALID', dilations=3)",
    "tf.nn.conv2d(tf.ones([1,5,5,2]), tf.ones([6,6,2,2]), 1, [[0,0],[0,0],[0,0],[0,0]])",
    "tf.nn.conv3d(tf.ones([1,5,5,5,2]), tf.ones([6,6,6,2,2]), [1,1,1,1,1], 'VALID')",
    "tf.nn.depthwise_conv2d(tf.ones([1,5,5,2]), tf.ones([6,6,2,1]), [1,1,1,1], 'VALID')",
    "tf.raw_ops.MaxPool(input=tf.ones([1,5,5,2]), ksize=[1,6,6,1], strides=[1,1,1,1], "
    "padding='VALID')",
    "tf.raw_ops.MaxPool(input=tf.ones([1,5,5,2]), ksize=[1,6,6,1], strides=[1,1,1,1], "
    "padding='EXPLICIT', explicit_paddings=[0,0,0,0,0,0,0,0])",
    "tf.raw_ops.AvgPool(value=tf.ones([1,5,5,2]), ksize=[1,6,6,1], strides=[1,1,1,1], "
    "padding='VALID')",
    "tf.nn.max_pool2d(tf.ones([1,5,5,2]), 6, 1, 'VALID')",
    "tf.nn.avg_pool3d(tf.ones([1,5,5,5,2]), 6, 1, 'VALID')",
    "tf.raw_ops.MaxPool3D(input=tf.ones([1,5,5,5,2]), ksize=[1,6,6,6,1], "
    "strides=[1,1,1,1,1], padding='VALID')",
    "tf.nn.max_pool2d(tf.ones([1,5,5,2]), 6, 1, 'SAME')"]

# windows and strides across the channels: the 2-D max pools pool across them (a window
# dividing the channels, as wide as its stride), the rest refuse them
DEPTH_CALLS = [
    f"tf.raw_ops.{op}({arg}=tf.reshape(tf.range(96.) * 7 % 96, [2,3,4,4]), "
    f"ksize=[1,{k}], strides=[1,{s}], padding={p})"
    for op, arg in (("MaxPool", "input"), ("MaxPoolV2", "input"), ("AvgPool", "value"))
    for k, s, p in (("1,1,2", "1,1,2", "'VALID'"), ("1,1,2", "1,1,2", "'SAME'"),
                    ("1,1,4", "1,1,4", "'VALID'"), ("1,1,3", "1,1,3", "'VALID'"),
                    ("1,1,2", "1,1,1", "'VALID'"), ("1,1,1", "1,1,2", "'VALID'"),
                    ("2,1,2", "1,1,2", "'VALID'"))] + [
    "tf.raw_ops.MaxPool(input=tf.ones([2,3,4,4]), ksize=[1,1,1,2], strides=[1,1,1,2], "
    "padding='EXPLICIT', explicit_paddings=[0,0,0,0,0,0,0,0])",
    "tf.raw_ops.MaxPool(input=tf.ones([2,3,4,4]), ksize=[1,2,1,1], strides=[1,2,1,1], "
    "padding='VALID', data_format='NCHW')",
    "tf.raw_ops.MaxPool(input=tf.cast(tf.reshape(tf.range(96) * 7 % 96, [2,3,4,4]), "
    "tf.int32), ksize=[1,1,1,2], strides=[1,1,1,2], padding='VALID')",
    "tf.nn.max_pool2d(tf.reshape(tf.range(96.) * 7 % 96, [2,3,4,4]), [1,1,1,2], [1,1,1,2], "
    "'VALID')",
    "tf.raw_ops.MaxPoolGrad(orig_input=tf.ones([1,3,4,4]), orig_output=tf.ones([1,3,4,2]), "
    "grad=tf.ones([1,3,4,2]), ksize=[1,1,1,2], strides=[1,1,1,2], padding='VALID')",
    "tf.raw_ops.MaxPoolGradGrad(orig_input=tf.ones([1,3,4,4]), orig_output=tf.ones([1,3,4,2]),"
    " grad=tf.ones([1,3,4,4]), ksize=[1,1,1,2], strides=[1,1,1,2], padding='VALID')",
    "tf.raw_ops.MaxPool3D(input=tf.ones([1,2,3,4,4]), ksize=[1,1,1,1,2], "
    "strides=[1,1,1,1,2], padding='VALID')"] + [
    f"tf.raw_ops.MaxPool(input=tf.reshape([np.nan, 1, 1, np.nan, -np.inf, np.nan, 2, 3], "
    f"[1,1,1,8]), ksize=[1,1,1,{k}], strides=[1,1,1,{k}], padding='VALID')" for k in (2, 4)]
CALLS += DEPTH_CALLS
# a NumPy input beside a filter of another dtype: eagerly the input takes the filter's
# (the generated wrappers' fast path), traced TF's op-def library converts it on its own
# and the node's TypeError names both; tf.nn.conv1d expands each alone, eagerly too
CALLS += [f"tf.nn.conv2d(np.ones((1,5,5,2), np.{t}), tf.ones([3,3,2,2]), 1, 'SAME')"
          for t in ("float16", "int32")] + [
    "tf.nn.conv2d(np.ones((1,5,5,2)), tf.ones([3,3,2,2]), 1, 'SAME', dilations=2)",
    "tf.nn.conv2d(tf.ones([1,5,5,2]), np.ones((3,3,2,2)), 1, 'SAME')",
    "tf.nn.conv2d(tf.ones([1,5,5,2], tf.float64), np.ones((3,3,2,2), np.float32), 1, 'SAME')",
    "tf.nn.conv2d(np.ones((1,5,5,2)), np.ones((3,3,2,2), np.float32), 1, 'SAME')",
    "tf.nn.conv3d(tf.ones([1,5,5,5,2]), np.ones((3,3,3,2,2)), [1,1,1,1,1], 'SAME')",
    "tf.nn.conv1d(np.ones((1,5,2)), tf.ones([3,2,2]), 1, 'SAME')",
    "tf.nn.conv1d(tf.ones([1,5,2]), np.ones((3,2,2)), 1, 'SAME')",
    "tf.nn.convolution(np.ones((1,5,5,2)), tf.ones([3,3,2,2]), padding='SAME')",
    "tf.raw_ops.Conv2D(input=np.ones((1,5,5,2)), filter=tf.ones([3,3,2,2]), "
    "strides=[1,1,1,1], padding='SAME')"]
# MaxPoolV2's window wider than its input: traced, its shape function's words (its window
# and strides as the Consts its wrapper makes, their values computed)
CALLS += [f"tf.raw_ops.MaxPoolV2(input=tf.ones([2,3,4,6]), ksize=[1,5,{k},1], "
          f"strides=[1,1,1,1], padding={p}{f})" for k, p, f in (
              (5, "'VALID'", ""), (2, "'VALID'", ", name='mp'"), (9, "'VALID'", ""),
              (5, "'SAME'", ""))]


def keys() -> list:
    return [(c, t) for c in CALLS for t in (False, True)]


def run(tf, np, call: str, traced: bool) -> list:
    """The result's shape (and, of a few values, the values: NaN as its repr), or the error
    as [class name, its message's last line] (a traced function's number as N; TF's traced
    "in user code" frame gone: the error's own line)."""
    def f():  # (the tensors made inside: a traced function's own constants)
        return eval(call, {"tf": tf, "np": np})  # noqa: S307 - the calls above
    try:
        y = tf.function(f)() if traced else f()
        if y.shape.num_elements() <= 8:
            return [list(y.shape), [repr(v) for v in np.ravel(y.numpy()).tolist()]]
        return list(y.shape)
    except Exception as e:  # (the recorded outcome)
        lines = [line.strip() for line in str(e).strip().splitlines() if line.strip()]
        last = lines[-1] if lines else ""
        last = re.sub(r"(__inference_\w+?)_\d+\]", r"\1_N]", last)
        return [type(e).__name__, last.removeprefix(f"{type(e).__name__}: ")]
