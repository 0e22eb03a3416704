"""Matrices whose determinant and slogdet sign TF's CPU kernels give as signed zeros,
infinities or NaNs (det_sign_golden.json, written by record_det_sign_golden.py): singular
matrices whose pivoted LU swaps rows or not, zero and -0.0 entries, a batch, and inf/NaN
entries, each in float32, float64 and complex128 (complex64 for some)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

INF, NAN = math.inf, math.nan
MATRICES = {
    "singular_swapped": [[1.0, 2.0], [2.0, 4.0]],
    "singular_unswapped": [[2.0, 4.0], [1.0, 2.0]],
    "singular_negative_pivot": [[-1.0, 2.0], [-2.0, 4.0]],
    "zeros": [[0.0, 0.0], [0.0, 0.0]],
    "negative_zeros": [[-0.0, 0.0], [0.0, -0.0]],
    "negative_zero_pivot": [[-0.0, 0.0], [0.0, 1.0]],
    "negative_then_zero": [[-1.0, 0.0], [0.0, 0.0]],
    "zero_row_first": [[0.0, 0.0], [1.0, 2.0]],
    "zero_column": [[0.0, 1.0], [0.0, 2.0]],
    "rank2_3x3": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]],
    "rank1_3x3": [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0], [3.0, 3.0, 3.0]],
    "swapped_3x3": [[0.0, 1.0, 2.0], [0.0, 3.0, 4.0], [1.0, 5.0, 6.0]],
    "permutation": [[0.0, 1.0], [1.0, 0.0]],
    "regular": [[1.5, 2.5], [3.5, 0.7]],
    "diag_7": [[7.0, 0.0], [0.0, 1.0]],
    "tiny": [[1e-30, 0.0], [0.0, 1e-30]],
    "huge": [[1e30, 0.0], [0.0, 1e30]],
    "nan": [[NAN, 1.0], [1.0, 1.0]],
    "inf": [[INF, 1.0], [1.0, 1.0]],
    "batch": [[[1.0, 2.0], [2.0, 4.0]], [[1.0, 2.0], [3.0, 4.0]], [[-1.0, 0.0], [0.0, 0.0]]],
}
DTYPES = ["float32", "float64", "complex64", "complex128"]
# complex LU over an infinite pivot: TF's complex division makes NaNs that NumPy's does not
SKIP = {("inf", "complex64"), ("inf", "complex128")}
CASES = [(name, dtype) for name in MATRICES for dtype in DTYPES if (name, dtype) not in SKIP]


def plain(t: Any) -> list:
    """A result as [real, imag] pairs (JSON keeps -0.0, inf and NaN)."""
    a = np.asarray(t).astype(np.complex128).reshape(-1)
    return [[float(v.real), float(v.imag)] for v in a]
