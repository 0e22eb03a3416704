"""The strict stand-in's model of TensorFloat-32 in cuBLAS (backend layer; see strict.py):
each thread's math mode, as the real backend sets it on the thread's cuBLAS handle, and
the rounding of a product's operands while it is TF32.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import numpy as np


class _MathMode(threading.local):
    """Each thread's cuBLAS math mode: while `tf32`, its cuBLAS calls on float32 and
    complex64 data round their operands to TensorFloat-32 (in_tf32), a model of tensor
    cores (exact products of the rounded inputs, added in float32)."""
    tf32 = False


MATH_MODE = _MathMode()


def set_mode(on: bool) -> None:
    """The calling thread's math mode: TF32 where `on`, unless NVIDIA_TF32_OVERRIDE=0, with
    which NVIDIA's libraries never use TF32 whatever their caller asks."""
    MATH_MODE.tf32 = on and os.environ.get("NVIDIA_TF32_OVERRIDE") != "0"


def tf32_round(a: np.ndarray) -> np.ndarray:
    """float32 (complex64) values rounded to TensorFloat-32's 10 bits of mantissa: the
    low 13 bits rounded to nearest, ties away from zero (PTX's cvt.rna.tf32.f32); inf
    and NaN kept, the largest values rounded up to inf."""
    if a.dtype == np.complex64:
        return tf32_round(a.view(np.float32)).view(np.complex64)
    bits = np.ascontiguousarray(a).view(np.uint32)
    finite = (bits & 0x7F800000) != 0x7F800000
    return np.where(finite, (bits + 0x1000) & 0xFFFFE000, bits).view(np.float32)


def in_tf32(fn: Callable) -> Callable:
    """`fn`, a cuBLAS call over NumPy arrays, with float32 and complex64 operands
    rounded to TensorFloat-32 while the thread's math mode is TF32."""
    def call(*args: Any, **kwargs: Any) -> Any:
        if MATH_MODE.tf32:
            args = tuple(tf32_round(a) if isinstance(a, np.ndarray) and a.dtype.char in "fF"
                         else a for a in args)
        return fn(*args, **kwargs)

    call.__name__ = getattr(fn, "__name__", "cublas")
    return call
