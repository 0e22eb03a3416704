"""fuzz48b's cases (the differential draw of fuzz48b_draw.py, reduced), each a Python
expression over `tf`, `np` and `T` (a tensor from dtype, shape and values): shared by
record_cases.py fuzz48b, run under TensorFlow 2.21, and test_regressions_fuzz48b.py, run under
eagerflow. Each answer is its result's dtypes, shapes and values, or its error's class and
whole message."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
from fuzz48_draw import T
from recorded import outcome  # type: ignore[import-not-found]

R = "tf.raw_ops"

# DenseBincount's kernel checks the weights' shape first (before the size's sign and the
# values'); SparseBincount of a vector checks the values' sign before the weights' size
BINCOUNT = [
    "tf.math.bincount(T('int32', [2], [-5, -4]), weights=T('float64', [3], [0.5, 1, -2]), "
    "minlength=7)",
    "tf.math.bincount(T('int64', [1], [-9223372036854775808]), weights=T('float64', [3], "
    "[0.5, 1, -2]), minlength=3, dtype=tf.float32)",
    f"{R}.DenseBincount(input=[[-1, 2], [0, 1]], size=3, weights=[1.0, 2.0, 3.0])",
    f"{R}.DenseBincount(input=[[-1, 2], [0, 1]], size=3, weights=[1.0, 2.0, 3.0], "
    "binary_output=True)",
    f"{R}.DenseBincount(input=[-1, 2], size=-3, weights=[1.0, 2.0, 3.0])",
    f"{R}.DenseBincount(input=[[1, 2], [0, 1]], size=-3, weights=[1.0, 2.0, 3.0])",
    f"{R}.DenseBincount(input=[-1, 2], size=3, weights=[[1.0, 2.0]])",
    f"{R}.DenseBincount(input=[-1, 2], size=3, weights=tf.zeros([0, 3]))",
    f"{R}.DenseBincount(input=[1, 2], size=3, weights=tf.zeros([0]))",
    f"{R}.Bincount(arr=[-1, 2], size=3, weights=[1.0, 2.0, 3.0])",
    f"{R}.SparseBincount(indices=[[0]], values=[-1], dense_shape=[3], size=3, "
    "weights=[1.0, 2.0])",
    f"{R}.SparseBincount(indices=[[0]], values=[1], dense_shape=[3], size=3, "
    "weights=[1.0, 2.0])",
]

# CropAndResize's kernel words its rank refusal "boxes must be 2-D, got: [...]" (its
# gradients' kernels "boxes must be 2-D[...]")
CROP = [
    "tf.image.crop_and_resize(T('float16', [1, 1, 2, 1], [3.687, -2.0]), [], [], [3, 1], "
    "method='nearest', extrapolation_value=-1.0)",
    "tf.image.crop_and_resize(tf.zeros([1, 1, 2, 1]), tf.zeros([2, 4, 1]), [0, 0], [3, 1])",
    f"{R}.CropAndResizeGradImage(grads=tf.zeros([1, 1, 1, 1]), boxes=tf.zeros([4]), "
    "box_ind=[0], image_size=[1, 2, 2, 1], T=tf.float32)",
]

# to_tensor's default value is TF's zeros((), dtype): False for bool values
RAGGED = [
    "tf.RaggedTensor.from_row_lengths(T('bool', [1], [False]), [0, 1])"
    ".to_tensor(shape=[3, None])",
    "tf.RaggedTensor.from_row_lengths(T('bool', [3], [True, False, True]), [2, 0, 1])"
    ".to_tensor()",
    "tf.RaggedTensor.from_row_lengths(T('bool', [1], [True]), [0, 1]).to_tensor(shape=[3, 2])",
]

# ScatterNd's CPU kernel takes every type: strings summed by concatenation, in order
SCATTER = [
    "tf.scatter_nd([[0], [0], [2]], tf.constant(['a', 'b', 'c']), [3])",
    "tf.scatter_nd([[1, 0]], tf.constant([['x', 'y']]), [2, 1, 2])",
    "tf.scatter_nd(T('int64', [2, 2], [4, 1, 2, 3]), T('string', [2, 2], "
    "['-7', 'a,b,,c', '  9 ', 'nan']), [2, 1, 2])",
    f"{R}.ScatterNd(indices=[[5]], updates=tf.constant(['a']), shape=[2])",
    "tf.scatter_nd([[1], [1]], tf.constant([True, True]), [2])",
]

# overlap_and_add sums its pieces with reduce_sum (Sum refuses bool and string), unless
# frame_step is the frame length (a reshape)
OVERLAP = [
    "tf.signal.overlap_and_add(T('bool', [0, 1], []), 2)",
    "tf.signal.overlap_and_add(tf.zeros([2, 1], tf.bool), 2)",
    "tf.signal.overlap_and_add(tf.zeros([2, 3], tf.string), 2)",
    "tf.signal.overlap_and_add(tf.zeros([2, 2], tf.bool), 2)",
]

# DrawBoundingBoxes: each corner a float product made an int64 toward zero (-0.72 is 0)
_IMG = "tf.zeros([1, {}, {}, 1])"
DRAW = [f"tf.image.draw_bounding_boxes({_IMG.format(h, w)}, [[{box}]], [[1.0, 0.0, 0.0]])"
        for h, w, box in ((4, 5, [0.06, 0.2, -0.08, 0.67]), (4, 5, [0.45, 0.67, 0.23, 1.33]),
                          (5, 5, [0.11, -0.18, 0.64, 0.38]), (5, 5, [-0.2, -0.3, -0.1, 0.5]),
                          (3, 3, [-0.49, -0.49, 0.99, 0.99]), (5, 5, [0.52, -0.0, 0.52, 0.6]))]

# TF's wrappers pad no input holding an empty dimension: the FFT kernel's check of each
# inner dimension then refuses one holding values but fewer than the transform's
FFT = [
    "tf.signal.rfft(tf.zeros([1, 0, 6]), [8])", "tf.signal.rfft(tf.zeros([0, 3]), [5])",
    "tf.signal.rfft(tf.zeros([0, 6]), [4])", "tf.signal.rfft(tf.zeros([2, 0]), [4])",
    "tf.signal.irfft(tf.zeros([0, 2], tf.complex64), [8])",
    "tf.signal.irfft(tf.zeros([0, 5], tf.complex64), [8])",
    "tf.signal.rfft2d(tf.zeros([0, 2, 3]), [4, 3])",
    "tf.signal.rfft2d(tf.zeros([0, 4, 2]), [4, 3])",
    "tf.signal.irfft2d(tf.zeros([0, 2, 2], tf.complex64), [4, 6])",
    "tf.signal.rfft3d(tf.zeros([0, 2, 3, 1]), [2, 3, 4])",
    "tf.signal.stft(T('float32', [1, 0], []), 6, 4, fft_length=None, pad_end=False)",
    # (an N-D transform's check is its own, of its input: an axis cropped to 0 is none)
    "tf.signal.rfft2d(T('float32', [1, 3], [0.8369, 0.7214, 1.0]), fft_length=[0, 4])",
    "tf.signal.irfft2d(T('complex64', [1, 3], [1, 2, 3]), fft_length=[0, 8])",
    "tf.signal.rfft2d(tf.zeros([2, 0]), fft_length=[3, 4])",
    "tf.signal.rfft3d(tf.ones([1, 2, 3]), fft_length=[0, 3, 6])",
]

# lu_solve permutes rhs by gather only for a matrix rhs and a vector perm; else by gather_nd
# over the batch shapes broadcast (a batch of one, or none, spread over the other's)
_LU = "tf.linalg.lu(T('float64', [2, 2, 2], [2.0, 1.0, 4.0, 3.0, 0.5, 2.0, 1.0, -1.0]))"
_LU1 = "tf.linalg.lu(T('float32', [2, 2], [1.0, 0.0, 2.0, 4.0]))"  # (exact in binary)
LU_SOLVE = [
    f"tf.linalg.lu_solve(*{_LU}, tf.zeros([2, 2, 0], tf.float64))",
    f"tf.linalg.lu_solve(*{_LU}, tf.zeros([0, 2, 1], tf.float64))",
    f"tf.linalg.lu_solve(*{_LU}, T('float64', [1, 2, 1], [1.0, -2.0]))",
    f"tf.linalg.lu_solve(*{_LU}, T('float64', [2, 1], [1.0, -2.0]))",
    f"tf.linalg.lu_solve(*{_LU}, T('float64', [3, 2, 2, 1], [1.0, -2.0] * 6))",
    f"tf.linalg.lu_solve(*{_LU1}, T('float32', [3, 2, 1], [1.0, -2.0, 0.5, 4.0, 3.0, 1.0]))",
    f"tf.linalg.lu_solve(*{_LU1}, tf.zeros([3, 2, 0]))",
    f"tf.linalg.lu_solve(*{_LU1}, tf.zeros([2, 0]))",
    f"tf.linalg.lu_matrix_inverse(*{_LU})",
]

# TF's CPU Cast under its threads' FTZ/DAZ: float32 (and bfloat16) -> float64 and -> bool
# read subnormals as zero; float64 -> float32/bfloat16/complex64 flush inputs and results;
# bits and copies (float32 -> bfloat16 or complex64, bfloat16 -> float32) keep them
_SUB32 = "T('float32', [4], [1e-40, -1e-40, 1.17549e-38, 3e-39])"
_SUB64 = "T('float64', [4], [1e-40, -3e-39, 1e-310, 1.17549e-38])"
_SUBBF = f"tf.cast({_SUB32}, tf.bfloat16)"
_SUBC = "T('complex64', [2], [complex(1e-40, -1e-40), complex(2.0, 3e-39)])"
_SUBC128 = "T('complex128', [2], [complex(1e-40, -1e-310), complex(-3e-39, 2.0)])"
CAST = [f"tf.cast({src}, tf.{d})" for src, ds in (
    (_SUB32, ("float64", "bool", "bfloat16", "complex64", "complex128", "float16", "float32")),
    (_SUB64, ("float32", "bool", "bfloat16", "complex64", "complex128", "float64", "float16")),
    (_SUBBF, ("float64", "bool", "float32", "complex64", "complex128", "float16")),
    (_SUBC, ("complex128", "float64", "float32", "bool", "bfloat16")),
    (_SUBC128, ("complex64", "float32", "float64", "bool", "bfloat16"))) for d in ds] + [
    f"tf.saturate_cast({_SUB32}, tf.float64)", f"tf.bitcast({_SUBBF}, tf.int16)",
    "tf.cast(T('float32', [2], [1e-05, -3e-06]), tf.float16)"]

CASES = BINCOUNT + CROP + RAGGED + SCATTER + OVERLAP + DRAW + FFT + LU_SOLVE + CAST


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
