"""Ops whose eager call TF 2.21's CPU refuses for a dtype (NotFoundError: no CPU kernel),
split by whether its GPU kernels take that dtype (REGISTER_KERNEL_BUILDER lines of the
op's kernel in TF 2.21; TF_CALL_GPU_NUMBER_TYPES: half, bfloat16, float, double). Each
case runs the same code under TF and eagerflow (`tf` either module); gpu_only_kernels_
golden.json (record_gpu_only_kernels_golden.py) holds TF's CPU error for each."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

_R = np.random.RandomState(48)
IMAGE = _R.uniform(0.05, 1.0, (2, 3, 4, 3))
LEFT, RIGHT = _R.uniform(-1, 1, (2, 3, 4)), _R.uniform(-1, 1, (2, 4, 5))
SPD = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 2.0]])
POSITIVE = _R.uniform(0.5, 2.0, (2, 3))
NONZERO = np.array([1.0, -1.0, 2.0, -3.0, 7.0])  # (whole: an int op's input too)


def _c(tf: Any, a: np.ndarray, d: str) -> Any:
    return tf.constant(a.astype(np.float32), getattr(tf, d)) if d == "bfloat16" else \
        tf.constant(a.astype(d))


# name (the op's, then the dtype where one op has several cases): (the call of `tf` on
# inputs of dtype d, d, whether TF's GPU has a kernel for it)
CASES: dict[str, tuple[Callable, str, bool]] = {
    # TF's GPU kernels: float and half (adjust_contrast_op.cc, adjust_hue_op.cc,
    # adjust_saturation_op.cc); its CPU's: float
    "AdjustContrastv2": (lambda tf, d: tf.image.adjust_contrast(_c(tf, IMAGE, d), 1.7),
                         "float16", True),
    "AdjustHue": (lambda tf, d: tf.image.adjust_hue(_c(tf, IMAGE, d), 0.2), "float16", True),
    "AdjustSaturation": (lambda tf, d: tf.image.adjust_saturation(_c(tf, IMAGE, d), 0.6),
                         "float16", True),
    # matmul_op_real.cc: the GPU's (Ta, Tb, Tout) kernels take half, its CPU's don't
    "BatchMatMulV3": (lambda tf, d: tf.raw_ops.BatchMatMulV3(
        x=_c(tf, LEFT, d), y=_c(tf, RIGHT, d), Tout=getattr(tf, d)), "float16", True),
    # gpu_op_reciprocal.cc (MLIR-generated) and cwise_op_reciprocal.cc: the GPU's take
    # int64 (1 / x, truncated), the CPU's no int
    "Reciprocal int64": (lambda tf, d: tf.math.reciprocal(_c(tf, NONZERO, d)), "int64", True),
    "Inv int64": (lambda tf, d: tf.raw_ops.Inv(x=_c(tf, NONZERO, d)), "int64", True),
    # TF's GPU lacks these too
    "Reciprocal int32": (lambda tf, d: tf.math.reciprocal(_c(tf, NONZERO, d)), "int32",
                         False),
    "LRN": (lambda tf, d: tf.nn.local_response_normalization(_c(tf, IMAGE, d)),
            "bfloat16", False),  # (lrn_op.cc: GPU float only)
    "Lu": (lambda tf, d: tf.linalg.lu(_c(tf, SPD, d)), "float16", False),
    "Cholesky": (lambda tf, d: tf.linalg.cholesky(_c(tf, SPD, d)), "float16", False),
    "MatrixDeterminant": (lambda tf, d: tf.linalg.det(_c(tf, SPD, d)), "float16", False),
    "Igamma": (lambda tf, d: tf.math.igamma(_c(tf, POSITIVE, d), _c(tf, POSITIVE, d)),
               "float16", False),
    "Diag": (lambda tf, d: tf.linalg.tensor_diag(_c(tf, POSITIVE[0], d)), "bfloat16", False),
    "Dawsn": (lambda tf, d: tf.math.special.dawsn(_c(tf, POSITIVE, d)), "float16", False),
    # cwise_op_ndtri.cc: float and double on both (no MLIR-generated kernel either)
    "Erfinv": (lambda tf, d: tf.math.erfinv(_c(tf, POSITIVE / 4, d)), "bfloat16", False),
    "Erfinv half": (lambda tf, d: tf.math.erfinv(_c(tf, POSITIVE / 4, d)), "float16", False),
    "Ndtri half": (lambda tf, d: tf.math.ndtri(_c(tf, POSITIVE / 4, d)), "float16", False),
    # cwise_op_rint.cc: CPU float and double; the GPU's MLIR-generated kernels
    # (gpu_op_rint.cc) take half too
    "Rint half": (lambda tf, d: tf.math.rint(_c(tf, POSITIVE * 3, d)), "float16", True),
    "BandedTriangularSolve": (lambda tf, d: tf.linalg.banded_triangular_solve(
        _c(tf, SPD[:2], d), _c(tf, SPD[:, :1], d)), "float16", False),
}
