"""tf.bitwise: the bitwise ops of integers (Invert, BitwiseAnd/Or/Xor) and the shifts
(LeftShift, RightShift, with TF's clamped shift counts).

Declared through ops/elementwise.py's factories as math.py's ops are; nothing below
uses them, so they sit after math.py in tests/test_layering.py's OPS_ORDER.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.ops import checks as C
from eagerflow._src.ops import dispatch
from eagerflow._src.ops.elementwise import _binary, _elementwise_ref, _unary, binary_args
from eagerflow._src.ops.graph_constants import first_input
from eagerflow._src.ops.registry import Sample

INVERT = _unary("Invert", "invert", C.INTS, None, _elementwise_ref(lambda a: ~a))
BITWISE_AND = _binary("BitwiseAnd", lambda xp, x, y: xp.bitwise_and(x, y), C.INTS, None,
                      _elementwise_ref(lambda a, b: a & b), ufunc=np.bitwise_and)
BITWISE_OR = _binary("BitwiseOr", lambda xp, x, y: xp.bitwise_or(x, y), C.INTS, None,
                     _elementwise_ref(lambda a, b: a | b), ufunc=np.bitwise_or)
BITWISE_XOR = _binary("BitwiseXor", lambda xp, x, y: xp.bitwise_xor(x, y), C.INTS, None,
                      _elementwise_ref(lambda a, b: a ^ b), ufunc=np.bitwise_xor)


def _shift_kernel(left: bool) -> Callable:
    def kernel(xp: Any, x: Any, y: Any) -> Any:
        # TF clamps the shift into [0, bits - 1]: shifting by more keeps the sign (right) or
        # the last bit (left); NumPy would give 0 or -1 past the width instead
        bits = x.dtype.itemsize * 8
        y = xp.clip(y, 0, bits - 1).astype(x.dtype, copy=False)
        return (xp.left_shift if left else xp.right_shift)(x, y)
    return kernel


def _shift_ref(left: bool) -> Callable:
    def ref(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        bits = x.dtype.itemsize * 8
        xb, yb = np.broadcast_arrays(x, y)
        out = np.empty(xb.shape, x.dtype)
        for idx in np.ndindex(*out.shape):
            a, s = int(xb[idx]), min(max(int(yb[idx]), 0), bits - 1)
            v = (a << s) % (1 << bits) if left else a >> s  # Python's >> is arithmetic
            if x.dtype.kind == "i" and v >= 1 << (bits - 1):
                v -= 1 << bits
            out[idx] = v
        return out
    return ref


_SHIFTS = Sample((np.array([[1, -1, 3, -8], [7, 2**30, -(2**31), 5]], np.int32),
                  np.array([[2, 31, 33, 1], [-1, 2, 40, 0]], np.int32)), grad=False)
LEFT_SHIFT = _binary("LeftShift", _shift_kernel(True), C.INTS, None, _shift_ref(True),
                     extra_samples=(_SHIFTS,))
RIGHT_SHIFT = _binary("RightShift", _shift_kernel(False), C.INTS, None, _shift_ref(False),
                      extra_samples=(_SHIFTS, Sample((np.array([255, 16], np.uint8),
                                                      np.array([9, 2], np.uint8)), grad=False)))


invert = dispatch.unary(INVERT, first_input(INVERT.name))  # (a generated wrapper: names its input)
bitwise_and, bitwise_or, bitwise_xor = (dispatch.binary(op, binary_args)
                                        for op in (BITWISE_AND, BITWISE_OR, BITWISE_XOR))
left_shift, right_shift = (dispatch.binary(op, binary_args) for op in (LEFT_SHIFT, RIGHT_SHIFT))
