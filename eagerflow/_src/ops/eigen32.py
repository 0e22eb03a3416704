"""float32 kernels computed as TF 2.21's CPU (Eigen) kernels compute them, where that is
cheap.

Sits in the ops layer beside halfprec.py and eigen_reduce.py, under math.py and
nn_fused.py. TF's float32 Pow runs Eigen's own pow over whole packets of 8 floats and
the C library's powf on the values past the last whole packet (all of them in a tensor
of fewer than 8 values, a scalar's included: Keras's Adam takes its step size from two
such scalars); powf's result is the double power rounded once, and TF's threads flush
a denormal result (FTZ). The unary functions of fewer than 8 values are libm32.py's
(the C library's, as TF's scalar path); over larger tensors the other float32 kernels
stay NumPy's: TF's algorithms for exp, log, tanh, sums and the cross-entropies are
reproduced in benchmarks/ulp32 (candidates.py), at costs docs/ulp32.md lists. Checked
against TF 2.21 by tests/ops/test_eigen32.py (eigen32_golden.json,
record_eigen32_golden.py).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

_F32 = np.float32
_F64 = np.float64
_TINY = _F32(2.0 ** -126)
_P = 8


_TINY_F = float(_TINY)


def powf(x: Any, y: Any) -> Any:
    """The C library's powf, as TF's scalar path calls it: the double power rounded once
    (correctly rounded, as glibc's powf is on TF's inputs), a denormal result flushed."""
    r = np.asarray(np.power(x.astype(_F64), y.astype(_F64)), _F32)
    if r.ndim == 0:  # (Python's compares: cheaper than NumPy's on a few values)
        tiny = 0 < abs(float(r)) < _TINY_F
    else:
        tiny = any(0 < abs(t) < _TINY_F for t in r.reshape(-1).tolist())
    return np.where(np.abs(r) < _TINY, r * _F32(0), r) if tiny else r


def pow(x: Any, y: Any) -> Any:  # noqa: A001 (TF's name)
    """TF's float32 Pow where its result has fewer than 8 values (a scalar's, Adam's): all
    in Eigen's scalar path, the C library's powf. Larger results keep NumPy's float32
    power: TF's runs Eigen's own pow (double-float steps) over whole packets and powf on
    the last size % 8 values, which are left to NumPy too (their separate computation
    cost more than the op)."""
    if x.shape == y.shape:
        return powf(x, y) if x.size < _P else np.power(x, y)
    if x.size < _P and y.size < _P and math.prod(np.broadcast_shapes(x.shape, y.shape)) < _P:
        return powf(*np.broadcast_arrays(x, y))
    return np.power(x, y)
