"""SparseMatMul: TF's product of two float32 or bfloat16 matrices into float32.

tf.matmul runs it (not MatMul) for 2-D operands when one is bfloat16 and the other of
another dtype (but int8 and uint8, which go to MatMul and are refused there), or when
`a_is_sparse`/`b_is_sparse` flag float32/bfloat16 operands of any rank; two bfloat16
operands then get their float32 product cast back. The flags only promise zeros to TF's
kernel: the product is the same. TF marks the op deprecated, and tf.matmul logs so the
first time it runs it (`route`); tf.raw_ops.SparseMatMul does not.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src import backend as blas
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind, wants
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_OP = "SparseMatMul"
_TYPES = frozenset((dt.float32, dt.bfloat16))
_rng = SampleRNG(41)


def _infer(a: Any, b: Any, transpose_a: bool, transpose_b: bool, a_is_sparse: bool,
           b_is_sparse: bool) -> list:
    C.check_dtype(_OP, b, _TYPES, "Tb")
    C.check_dtype(_OP, a, _TYPES, "Ta")
    sa, sb = a._shape, b._shape
    if sa is not None and len(sa) != 2:
        raise C.fail(_OP, "a is not a matrix")
    if sb is not None and len(sb) != 2:
        raise C.fail(_OP, "b is not a matrix")
    if sa is None or sb is None:
        return [(None, dt.float32)]
    m, k = sa[::-1] if transpose_a else sa
    k2, n = sb[::-1] if transpose_b else sb
    if k is not None and k2 is not None and k != k2:
        raise C.fail(_OP, f"Matrix size incompatible: a: {C.shape_str(sa)}, b: "
                          f"{C.shape_str(sb)}")
    return [((m, n), dt.float32)]


def _kernel(xp: Any, a: Any, b: Any, transpose_a: bool, transpose_b: bool, a_is_sparse: bool,
            b_is_sparse: bool) -> Any:
    a, b = a.astype(np.float32, copy=False), b.astype(np.float32, copy=False)
    a, b = (a.T if transpose_a else a), (b.T if transpose_b else b)
    # TF's kernel walks the sparse operand's nonzeros (a's where both are flagged): a zero
    # there skips its terms, so 0 * inf adds nothing. A dense product differs only where
    # the other operand is not finite.
    other = b if a_is_sparse else a if b_is_sparse else None
    if other is None or bool(xp.isfinite(other).all()):
        return blas.matmul(xp, a, b)
    return _skipping_zeros(xp, a, b, a if a_is_sparse else b)


def _skipping_zeros(xp: Any, a: Any, b: Any, sparse: Any) -> Any:
    """a @ b summing only the terms where `sparse` (a or b) is nonzero, a block of rows
    at a time (each block's terms are a (rows, k, n) array)."""
    m, n = a.shape[0], b.shape[1]
    out = xp.empty((m, n), np.float32)
    step = max(1, (1 << 22) // max(1, a.shape[1] * n))
    with np.errstate(invalid="ignore", over="ignore"):  # (inf - inf is NaN, silently as TF)
        for i in range(0, m, step):
            terms = a[i:i + step, :, None] * b[None]
            keep = (sparse[i:i + step, :, None] if sparse is a else sparse[None]) != 0
            out[i:i + step] = xp.where(keep, terms, np.float32(0)).sum(axis=1)
    return out


def _product(x: Any, y: Any, tx: bool, ty: bool) -> Any:
    return bind(SPARSE_MATMUL, (x, y), {"transpose_a": tx, "transpose_b": ty,
                                        "a_is_sparse": False, "b_is_sparse": False})


def _grad(n: Any, g: Any) -> list:
    """Each operand's gradient a SparseMatMul of g with the other, cast to its dtype (as
    TF's: a bfloat16 operand's gradient is bfloat16)."""
    a, b = n.inputs
    ta, tb = n.attrs["transpose_a"], n.attrs["transpose_b"]
    ga = gb = None
    if wants(n, 0):
        ga = _product(b, g, tb, True) if ta else _product(g, b, False, not tb)
        ga = cast(ga, a._dtype)
    if wants(n, 1):
        gb = _product(g, a, True, ta) if tb else _product(a, g, not ta, False)
        gb = cast(gb, b._dtype)
    return [ga, gb]


def _reference(a: np.ndarray, b: np.ndarray, transpose_a: bool, transpose_b: bool,
               a_is_sparse: bool, b_is_sparse: bool) -> np.ndarray:
    a, b = a.astype(np.float64), b.astype(np.float64)
    a, b = (a.T if transpose_a else a), (b.T if transpose_b else b)
    out = np.zeros((a.shape[0], b.shape[1]))
    for i, j, k in np.ndindex(a.shape[0], b.shape[1], a.shape[1]):
        if not ((a_is_sparse and a[i, k] == 0) or
                (b_is_sparse and not a_is_sparse and b[k, j] == 0)):
            out[i, j] += a[i, k] * b[k, j]
    return out.astype(np.float32)


def _attrs(ta: bool = False, tb: bool = False, sa: bool = False, sb: bool = False) -> dict:
    return {"transpose_a": ta, "transpose_b": tb, "a_is_sparse": sa, "b_is_sparse": sb}


def _samples() -> list:
    def f32(*shape: int) -> np.ndarray:
        x = _rng.uniform(-2, 2, size=shape).astype(np.float32)
        x[x < -1] = 0  # (zeros, which the flags promise)
        return x
    # (float32 only, so no float64 finite differences: tests/ops/test_sparse_matmul.py
    # checks the gradients in float32 and against TF's)
    return [Sample((f32(2, 3), f32(3, 4)), _attrs(), grad=False),
            Sample((f32(3, 2), f32(3, 4)), _attrs(ta=True, sa=True), grad=False),
            Sample((f32(2, 3), f32(4, 3)), _attrs(tb=True, sb=True), grad=False),
            Sample((f32(3, 2), f32(4, 3)), _attrs(True, True, True, True), grad=False),
            Sample((f32(0, 3), f32(3, 2)), _attrs(), grad=False)]


def _bad_samples() -> list:
    m = np.ones((2, 2), np.float32)
    return [BadSample((np.ones((2, 2), np.int32), m), _attrs(), InvalidArgumentError,
                      "Value for attr 'Ta' of int32 is not in the list of allowed values: "
                      "float, bfloat16"),
            BadSample((m, np.ones((2, 2), np.float16)), _attrs(), InvalidArgumentError,
                      "Value for attr 'Tb' of half is not in the list of allowed values: "
                      "float, bfloat16"),
            BadSample((np.ones((2, 2, 2), np.float32), m), _attrs(), InvalidArgumentError,
                      "a is not a matrix"),
            BadSample((m, np.ones(2, np.float32)), _attrs(), InvalidArgumentError,
                      "b is not a matrix"),
            BadSample((m, np.ones((3, 2), np.float32)), _attrs(), InvalidArgumentError,
                      "Matrix size incompatible: a: [2,2], b: [3,2]")]


SPARSE_MATMUL = register(OpDef(
    _OP, _infer, _kernel, grad=_grad, reference=_reference, samples=_samples,
    bad_samples=_bad_samples, gpu=False,  # (TF registers CPU kernels only: soft placement)
))


def routes_here(a: Any, b: Any, a_is_sparse: bool, b_is_sparse: bool, batched: bool) -> bool:
    """Whether tf.matmul of these operands (after conversion) runs SparseMatMul."""
    da, db = a._dtype, b._dtype
    if (a_is_sparse or b_is_sparse) and da in _TYPES and db in _TYPES:
        return True
    bytes_ = (dt.int8, dt.uint8)
    return not batched and da is not db and (
        (da is dt.bfloat16 and db not in bytes_) or (db is dt.bfloat16 and da not in bytes_))


def takes_pair(a: Any, b: Any) -> bool:
    """routes_here for tensors of known ranks given without flags (tf.matmul's fast path
    and `@`, which refuse the pair first)."""
    sa, sb = a._shape, b._shape
    return sa is not None and sb is not None and routes_here(
        a, b, False, False, len(sa) > 2 or len(sb) > 2)


def route(a: Any, b: Any, transpose_a: bool, transpose_b: bool, a_is_sparse: bool,
          b_is_sparse: bool, name: str | None) -> Any:
    """tf.matmul's SparseMatMul (see routes_here), with TF's deprecation notice, which
    names the caller's line as TF's names its own matmul's."""
    deprecated_call("sparse_mat_mul", "tensorflow.python.ops.gen_math_ops",
                    "Use `tf.linalg.matmul` instead")
    # (a graph's node is named as tf.matmul's scope: "MatMul" unless named)
    node = None if _state.graph is None else name or "MatMul"
    out = bind(SPARSE_MATMUL, (a, b), _attrs(bool(transpose_a), bool(transpose_b),
                                             bool(a_is_sparse), bool(b_is_sparse)), node)
    if a._dtype is dt.bfloat16 and b._dtype is dt.bfloat16:
        out = cast(out, dt.bfloat16, name=None if node is None else f"{out.op.name}/Cast")
    return out
