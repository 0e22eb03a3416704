"""fuzz49's cases (the differential draw of fuzz49_draw.py, reduced), each a Python
expression over `tf`, `np` and `T` (a tensor from dtype, shape and values): shared by
record_cases.py fuzz49, run under TensorFlow 2.21, and test_regressions_fuzz49.py, run under
eagerflow. Each answer is its result's dtypes, shapes and values, or its error's class and
whole message."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
from fuzz48_draw import T
from recorded import outcome  # type: ignore[import-not-found]

inf = math.inf

R = "tf.raw_ops"

# Roll's kernel asks for equal shapes of shift and axis (a scalar is not a [1] vector), after
# the input's rank and before the axes' range; a raw list or int names no name
_X = "tf.ones([3])"
ROLL = [
    f"tf.roll({_X}, 1, [0])", f"tf.roll({_X}, [1], 0)", f"tf.roll({_X}, 1, 0)",
    f"tf.roll({_X}, [1], [0])", f"tf.roll({_X}, 1, [5])", f"tf.roll({_X}, [1, 2], 0)",
    "tf.roll(tf.ones([]), 1, [0])", f"tf.roll({_X}, tf.constant(1), [0])",
    f"tf.roll({_X}, tf.constant(1), tf.constant([0]))",
    f"tf.roll({_X}, tf.constant(1), tf.constant([0]), name='rr')",
    f"tf.roll({_X}, 1, [0], name='rr')",
    f"tf.roll({_X}, np.int32(1), np.array([0], np.int32))",
    f"tf.roll({_X}, tf.constant([1]), tf.constant(0))",
    "tf.roll(T('int8', [1, 4], [-1, 1, -5, 2]), 0, [0])",
    "tf.roll(T('uint16', [2, 2], [0, 1, 3, 65535]), 5, [-3])",
]

# GatherV2's kernel checks batch_dims against the params' rank before the axis
GATHER = [
    "tf.gather(T('int32', [2], [2, 1]), [[0], [1]], batch_dims=-1)",
    "tf.gather(T('int32', [2], [2, 1]), [[0], [1]], batch_dims=1)",
    "tf.gather(T('float16', [2, 1], [0.6226, 0.907]), T('int32', [2, 1], [4, 5]), "
    "batch_dims=2, axis=-2)",
    "tf.gather(tf.ones([2, 2, 2]), tf.zeros([2, 2], tf.int32), batch_dims=2, axis=1)",
    "tf.gather(tf.ones([2, 2, 2]), tf.zeros([2, 2, 2], tf.int32), batch_dims=3, axis=2)",
]

# Dilation2D's kernel refuses a VALID window past the input (GetWindowedOutputSize's words;
# the size a C division toward zero), rows before columns; an empty output is computed
_D = "[1, 1, 1, 1], 'VALID', 'NHWC'"
DILATION = [
    f"tf.nn.dilation2d(tf.ones([1, 3, 1, 1]), tf.ones([3, 3, 1]), {_D}, [1, 2, 1, 1])",
    f"tf.nn.dilation2d(tf.ones([1, 3, 4, 1]), tf.ones([3, 3, 1]), {_D}, [1, 2, 1, 1])",
    "tf.nn.dilation2d(tf.ones([1, 3, 4, 1]), tf.ones([3, 3, 1]), [1, 2, 2, 1], 'VALID', "
    "'NHWC', [1, 2, 1, 1])",
    f"tf.nn.dilation2d(tf.ones([1, 2, 1, 1]), tf.ones([3, 3, 1]), {_D}, [1, 1, 1, 1])",
    f"tf.nn.dilation2d(tf.ones([1, 2, 2, 1]), tf.ones([3, 3, 1]), {_D}, [1, 1, 1, 1])",
    f"tf.nn.dilation2d(tf.ones([1, 4, 1, 1], tf.float64), tf.ones([3, 3, 1], tf.float64), "
    f"{_D}, [1, 1, 1, 1])",
    f"tf.nn.erosion2d(tf.ones([1, 1, 5, 2]), tf.ones([3, 3, 2]), {_D}, [1, 1, 1, 1])",
    f"tf.nn.erosion2d(T('float16', [1, 1, 1, 2], [0.0, 0.604]), tf.zeros([3, 3, 2], "
    f"tf.float16), {_D}, [1, 1, 1, 1])",
]

# CTCLoss: each sequence's labels as given (before any collapse) against its steps, the
# batch index run into TF's next sentence; a raw list of lengths names no name
_SP = "tf.sparse.SparseTensor({}, tf.constant({}, tf.int32), [2, 3])"
_LOGITS = "T('float32', [3, 2, 4], [0.1 * i for i in range(24)])"
_V1 = "tf.compat.v1.nn.ctc_loss"
CTC = [
    f"tf.nn.ctc_loss({_SP.format([[0, 1]], [3])}, {_LOGITS}, None, [3, 3], blank_index=-1)",
    f"tf.nn.ctc_loss({_SP.format([[0, 1]], [3])}, {_LOGITS}, None, tf.constant([3, 3]), "
    "blank_index=-1)",
    f"tf.nn.ctc_loss({_SP.format([[0, 1]], [3])}, {_LOGITS}, None, [3, 3, 3], "
    "blank_index=-1)",
    f"tf.nn.ctc_loss({_SP.format([[0, 1], [1, 1]], [3, 2])}, {_LOGITS}, None, [3, 0], "
    "blank_index=-1)",
    f"tf.nn.ctc_loss({_SP.format([[0, 1], [1, 1]], [3, 2])}, {_LOGITS}, None, "
    "tf.constant([3, 0]), blank_index=-1)",
    f"tf.nn.ctc_loss({_SP.format([[0, 1], [1, 1], [1, 2]], [3, 2, 1])}, {_LOGITS}, None, "
    "tf.constant([3, 1]), blank_index=-1)",
    f"tf.nn.ctc_loss({_SP.format([[0, 1], [1, 1], [1, 2]], [2, 2, 2])}, {_LOGITS}, None, "
    "tf.constant([3, 1]), blank_index=-1)",
    f"{_V1}({_SP.format([[0, 0], [1, 0], [1, 1]], [0, 1, 1])}, {_LOGITS}, [3, 1], "
    "preprocess_collapse_repeated=True)",
    f"{_V1}({_SP.format([[0, 0], [1, 0], [1, 1]], [0, 1, 1])}, {_LOGITS}, [3, 1], "
    "preprocess_collapse_repeated=True, ignore_longer_outputs_than_inputs=True)",
    f"{_V1}({_SP.format([[0, 0], [1, 0], [1, 1]], [0, 1, 2])}, {_LOGITS}, [3, 1])",
    # (dense labels: TF's composite multiplies the log-probabilities by the labels' one-hot,
    # whose batches then fail to broadcast)
    "tf.nn.ctc_loss(tf.constant([[1, 2, 1], [1, 0, 1]]), tf.zeros([4, 2, 3]), [1, 1], [4, 4], "
    "logits_time_major=False, blank_index=0)",
    "tf.nn.ctc_loss(tf.constant([[1, 2, 1], [1, 0, 1]]), tf.zeros([4, 3, 3]), [1, 1], "
    "[4, 4, 4], blank_index=0)",
    "tf.nn.ctc_loss(tf.constant([[1, 2], [1, 0], [0, 1]]), tf.zeros([4, 2, 5]), [1, 1, 2], "
    "[4, 4], blank_index=2)",
]

# BandedTriangularSolve refuses a matrix whose first diagonal's least magnitude, Eigen's
# minCoeff (a NaN kept only where it comes first), is not above zero
_B = "tf.linalg.banded_triangular_solve"
BANDED = [
    f"{_B}(T('complex64', [3, 1], [complex(-2.076, 0.0641), complex(-1.0, -2.0), "
    "complex(0.3577, nan)]), T('complex64', [1, 2], [complex(-2.0, 0.0154), "
    "complex(70000.0, 0.8106)]), lower=False, adjoint=True)",
    f"{_B}(T('float32', [1, 2], [nan, 1.0]), tf.ones([2, 1]))",
    f"{_B}(T('float32', [1, 2], [1.0, nan]), tf.ones([2, 1]))",
    f"{_B}(T('float32', [1, 3], [2.0, nan, 0.0]), tf.ones([3, 1]))",
    f"{_B}(T('float64', [1, 3], [nan, 1.0, 2.0]), tf.ones([3, 1], tf.float64))",
    f"{_B}(T('float64', [2, 3], [0.0, 1.0, 1.0, nan, 1.0, 2.0]), tf.ones([3, 1], "
    "tf.float64), lower=False)",
    f"{_B}(T('float32', [1, 2], [inf, -inf]), tf.ones([2, 1]))",
]

# TF's own Conv2D gradient kernels (float64, and int32's input gradient), which its default
# build's oneDNN does not replace, refuse any dilation when built, before the sizes
_W64 = "tf.ones([2, 2, 1, 2], tf.float64)"
CONV_GRAD = [
    "tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1], tf.float64), tf.ones([2, 2, 2, 1], "
    "tf.float64), [1, 4, 4, 2], 1, 'VALID', dilations=2)",
    "tf.nn.conv1d_transpose(tf.ones([1, 2, 1], tf.float64), tf.ones([2, 2, 1], tf.float64), "
    "[1, 4, 2], 1, 'VALID', dilations=2)",
    f"{R}.Conv2DBackpropFilter(input=tf.ones([1, 4, 4, 1], tf.float64), "
    "filter_sizes=[2, 2, 1, 2], out_backprop=tf.ones([1, 2, 2, 2], tf.float64), "
    "strides=[1, 1, 1, 1], padding='VALID', dilations=[1, 2, 2, 1])",
    f"{R}.Conv2DBackpropInput(input_sizes=[1, 4, 4, 1], filter={_W64}, "
    "out_backprop=tf.ones([1, 2, 2, 2], tf.float64), strides=[1, 1, 1, 1], "
    "padding='VALID', dilations=[1, 2, 2, 1])",
    f"{R}.Conv2DBackpropInput(input_sizes=[1, 4, 4, 1], filter=tf.ones([2, 2, 1, 2], "
    "tf.int32), out_backprop=tf.ones([1, 2, 2, 2], tf.int32), strides=[1, 1, 1, 1], "
    "padding='VALID', dilations=[1, 2, 2, 1])",
    "tf.nn.conv2d(tf.ones([1, 4, 4, 1], tf.float64), tf.ones([2, 2, 1, 2], tf.float64), 1, "
    "'VALID', dilations=2)",
]

# TF's own Conv2D kernel (float64, int32) returns an empty output before it checks the
# groups against the output depth; oneDNN's (float32, bfloat16, half) checks them first
_G = "tf.nn.conv2d(tf.ones([{}, 4, 2, 4], tf.{}), tf.ones([{}, 1, 2, {}], tf.{}), 1, 'VALID')"
GROUPS = [_G.format(n, d, k, o, d) for n, k, o in ((2, 5, 1), (2, 3, 1), (0, 3, 1), (2, 5, 3),
                                                  (2, 3, 3), (2, 3, 2))
          for d in ("float64", "int32")] + [
    "tf.raw_ops.Conv2D(input=tf.ones([2, 4, 2, 4], tf.float64), filter=tf.ones([5, 1, 2, 1], "
    "tf.float64), strides=[1, 1, 1, 1], padding='VALID')",
    # (a negative output size is refused before the groups, by every kernel)
    "tf.nn.conv2d(tf.ones([1, 2, 2, 4], tf.float64), tf.ones([7, 1, 2, 1], tf.float64), 2, "
    "'VALID')",
    "tf.nn.conv2d(tf.ones([1, 2, 2, 4], tf.float64), tf.ones([3, 1, 2, 1], tf.float64), 2, "
    "'VALID', dilations=3)",
    "tf.nn.conv2d(tf.ones([1, 2, 2, 4], tf.float64), tf.ones([7, 1, 3, 1], tf.float64), 2, "
    "'VALID')",
    "tf.function(lambda: tf.nn.conv2d(tf.ones([2, 4, 2, 4], tf.float64), tf.ones([5, 1, 2, 1], "
    "tf.float64), 1, 'VALID'))()"]

# float32 LRN: a square or a band's sum past float32's range makes its channels' norm
# infinite (results 0; past 384 channels TF's running sum leaves NaN behind the infinity)
_LRN = "tf.nn.local_response_normalization(T('float32', [1, 1, 1, {}], {}), {})"
LRN = [_LRN.format(len(v), v, kw) for v, kw in (
    ([2.5, 1.0, 0.912, 0.6433, 3.4e38, 0.7702], "depth_radius=2, bias=1.0, alpha=1.0, beta=0.5"),
    ([1.0, 2.0, 3.4e38, 1.0, 0.5], "depth_radius=1, bias=1.0, alpha=1.0, beta=0.5"),
    ([1.5e19, 1.5e19, 1.0, 1.0, 0.5], "depth_radius=1, bias=1.0, alpha=1.0, beta=1.0"),
    ([1.5e19, 1.0, 1.0, 1.0, 0.5], "depth_radius=1, bias=1.0, alpha=2.0, beta=1.0"),
    ([inf, 1.0, 1.0, 1.0, 0.5], "depth_radius=1, bias=1.0, alpha=1.0, beta=0.5"),
    ([3.4e38, 1.0, 1.0, 1.0, 0.5], "depth_radius=1, bias=3e38, alpha=1.0, beta=0.5"))] + [
    "tf.nn.local_response_normalization(tf.concat([T('float32', [1, 1, 1, 3], "
    "[3.4e38, 1.0, 2.0]), tf.ones([1, 1, 1, 400])], -1), depth_radius=2, bias=1.0, alpha=1.0, "
    "beta=0.5)[..., :8]"]

# half Rsqrt: Eigen's packets of 8 give float32's 1/sqrt rounded once, the values past the
# last whole packet its scalar path (the square root rounded to the type first)
_R = [1.2, 1.715, 2.2, 2.29, 2.31, 2.5, 3.0, 3.2, 3.375, 4.56, 4.6, 5.0, 5.5, 6.3, 7.11, 9.9,
      17.5, 0.35]
RSQRT = [f"tf.math.rsqrt(T({d!r}, [{n}], {_R[:n]}))" for d in ("float16", "bfloat16")
         for n in (7, 8, 9, 12, 15, 17, 18)] + [
    f"tf.math.rsqrt(T('float16', [3, 3, 2], {_R}))",
    "tf.nn.l2_normalize(T('float16', [3, 3], [0.5, -1.0, 2.0, 0.3, 0.1, 3.67, 0.05, 1.0, "
    "0.78]), axis=0)"]

# tf.nn.pool hands its pooling op strides that are NumPy ints: TF's slow path, whose errors
# name no name (whatever `name` is given)
_P = "T({!r}, {}, [-4.0, -4.0, 2.0, -3.0])"
POOL = [f"tf.nn.pool({_P.format(d, s)}, {w}, {k!r}, padding='VALID'{extra})"
        for d, s, w, k, extra in (
            ("int32", [1, 1, 4, 1], [3, 3], "MAX", ", strides=[1, 1]"),
            ("float32", [1, 1, 4, 1], [3, 3], "MAX", ""),
            ("float64", [1, 1, 4, 1], [3, 3], "AVG", ""),
            ("float64", [1, 1, 4, 1], [3, 3], "MAX", ", name='pp'"),
            ("float64", [1, 1, 1, 4, 1], [3, 1, 1], "AVG", ""),
            ("float64", [1, 1, 1, 4, 1], [3, 1, 1], "MAX", ""),
            ("float64", [1, 1, 4, 1], [3, 3], "MAX", ", dilations=[2, 1]"),
            ("float64", [1, 1, 4, 1], [2, 2], "MAX", ", data_format='NCHW'"),
            ("float64", [1, 4, 1], [5], "MAX", ""), ("float64", [1, 4, 1], [5], "AVG", ""))]

# GetWindowedOutputSize divides as C does, toward zero: a VALID window past the input by
# less than a stride is an empty output, and a negative size is the quotient truncated
_O = "tf.ones({}, tf.float64)"
WINDOW = [f"tf.nn.conv2d({_O.format([1, 1, 1, 1])}, {_O.format([k, 1, 1, 1])}, 2, 'VALID')"
          for k in (3, 4, 5, 6)] + [
    f"tf.nn.conv2d({_O.format([1, 2, 2, 1])}, {_O.format([3, 1, 1, 1])}, 2, 'VALID', "
    "dilations=3)",
    f"tf.nn.conv2d({_O.format([1, 1, 1, 1])}, {_O.format([4, 1, 1, 1])}, 2, "
    "[[0, 0], [0, 0], [0, 0], [0, 0]])",
    f"tf.nn.conv1d({_O.format([1, 1, 1])}, {_O.format([4, 1, 1])}, 2, 'VALID')",
    f"tf.nn.avg_pool2d({_O.format([1, 1, 1, 1])}, [4, 1], 2, 'VALID')",
    f"tf.nn.max_pool2d({_O.format([1, 1, 1, 1])}, [6, 1], 2, 'VALID')",
    f"tf.nn.max_pool2d({_O.format([1, 1, 1, 1])}, [4, 1], 2, 'VALID')",
    f"tf.nn.max_pool_with_argmax({_O.format([1, 1, 1, 1])}, [4, 1], 2, 'VALID')",
    f"tf.nn.dilation2d({_O.format([1, 1, 1, 1])}, {_O.format([4, 1, 1])}, [1, 2, 2, 1], "
    "'VALID', 'NHWC', [1, 1, 1, 1])",
    f"tf.image.extract_patches({_O.format([1, 1, 1, 1])}, [1, 4, 1, 1], [1, 2, 2, 1], "
    "[1, 1, 1, 1], 'VALID')",
    f"{R}.Conv2DBackpropInput(input_sizes=[1, 1, 1, 1], filter={_O.format([4, 1, 1, 1])}, "
    f"out_backprop={_O.format([1, 0, 1, 1])}, strides=[1, 2, 2, 1], padding='VALID')",
    f"{R}.AvgPoolGrad(orig_input_shape=[1, 1, 1, 1], grad={_O.format([1, 0, 1, 1])}, "
    "ksize=[1, 4, 1, 1], strides=[1, 2, 2, 1], padding='VALID')"]

CASES = WINDOW + POOL + ROLL + GATHER + DILATION + CTC + BANDED + CONV_GRAD + GROUPS + LRN + RSQRT


def _answer(tf: Any, src: str) -> Any:
    """outcome's answer, an error with its whole message (outcome keeps the first line)."""
    scope = {"tf": tf, "np": np, "nan": math.nan, "inf": math.inf,
             "T": lambda *a: T(tf, *a)}
    try:
        value = eval(src, scope)  # noqa: S307
    except Exception as e:  # noqa: BLE001 - the error is the answer
        return ("raise", type(e).__name__, str(e))
    return outcome(lambda: value)


def run(tf: Any) -> dict:
    """source -> its answer, as JSON keeps it, for each case."""
    out = {src: _answer(tf, src) for src in CASES}
    return json.loads(json.dumps(out, default=repr))
