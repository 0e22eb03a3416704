"""Linear algebra: matmul (with transpose/adjoint flags and batch broadcasting), conj.

MatMul follows BatchMatMulV2: rank >= 2 operands, leading dims broadcast. The
kernel is a single BLAS call (`xp.matmul`) so large products run at NumPy speed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math import _t, binary_args, sum_to
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_rng = np.random.default_rng(3)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _matmul_infer(a: Any, b: Any, transpose_a: bool, transpose_b: bool) -> list:
    d = C.same_dtype("MatMul", (a, b), C.NUMERIC - {dt.int8, dt.uint8, dt.uint16, dt.uint32,
                                                     dt.uint64, dt.int16})
    if a._shape is None or b._shape is None:
        return [(None, d)]
    for x in (a, b):
        if len(x._shape) < 2:
            raise C.fail("MatMul", f"In[0] and In[1] ndims must be == 2: {len(x._shape)}"
                         if len(a._shape) < 3 and len(b._shape) < 3 else
                         f"In[0] and In[1] must have rank >= 2, got {len(x._shape)}")
    m, k1 = a._shape[-2:][::-1] if transpose_a else a._shape[-2:]
    k2, n = b._shape[-2:][::-1] if transpose_b else b._shape[-2:]
    if k1 is not None and k2 is not None and k1 != k2:
        if len(a._shape) == 2 and len(b._shape) == 2:
            raise C.fail("MatMul", f"Matrix size-incompatible: In[0]: {C.shape_str(a._shape)}, "
                                   f"In[1]: {C.shape_str(b._shape)}")
        raise C.fail("MatMul", f"Matrix size-incompatible: In[0]: {C.shape_str(a._shape)}, "
                               f"In[1]: {C.shape_str(b._shape)}")
    batch = C.broadcast("MatMul", a._shape[:-2], b._shape[:-2])
    return [(batch + (m, n), d)]


def _mt(x: Any, flag: bool) -> Any:
    return x.swapaxes(-1, -2) if flag else x


def _matmul_kernel(xp: Any, a: Any, b: Any, transpose_a: bool, transpose_b: bool) -> Any:
    return xp.matmul(_mt(a, transpose_a), _mt(b, transpose_b))


def _matmul_grad(n: Any, g: Any) -> list:
    a, b = n.inputs
    ta, tb = n.attrs["transpose_a"], n.attrs["transpose_b"]
    if not ta and not tb:
        ga, gb = matmul(g, b, transpose_b=True), matmul(a, g, transpose_a=True)
    elif not ta and tb:
        ga, gb = matmul(g, b), matmul(g, a, transpose_a=True)
    elif ta and not tb:
        ga, gb = matmul(b, g, transpose_b=True), matmul(a, g)
    else:
        ga, gb = matmul(b, g, transpose_a=True, transpose_b=True), \
            matmul(g, a, transpose_a=True, transpose_b=True)
    return [sum_to(ga, a), sum_to(gb, b)]


def _matmul_ref(a: np.ndarray, b: np.ndarray, transpose_a: bool, transpose_b: bool) -> np.ndarray:
    a, b = _mt(a, transpose_a), _mt(b, transpose_b)
    a2, b2 = np.broadcast_arrays(a[..., :, :, None], b[..., None, :, :])
    out = np.zeros(a2.shape[:-3] + (a.shape[-2], b.shape[-1]), dtype=a.dtype)
    for idx in np.ndindex(*out.shape):
        out[idx] = sum(a2[idx[:-2] + (idx[-2], k, idx[-1])] * b2[idx[:-2] + (idx[-2], k, idx[-1])]
                       for k in range(a.shape[-1]))
    return out


MATMUL = register(OpDef(
    "MatMul", _matmul_infer, _matmul_kernel, grad=_matmul_grad, reference=_matmul_ref,
    samples=[Sample((_f64(2, 3), _f64(3, 4)), {"transpose_a": False, "transpose_b": False}),
             Sample((_f64(3, 2), _f64(4, 3)), {"transpose_a": True, "transpose_b": True}),
             Sample((_f64(2, 3), _f64(4, 3)), {"transpose_a": False, "transpose_b": True}),
             Sample((_f64(3, 2), _f64(3, 4)), {"transpose_a": True, "transpose_b": False}),
             Sample((_f64(2, 1, 2, 3), _f64(4, 3, 2)), {"transpose_a": False,
                                                         "transpose_b": False})],
    bad_samples=[BadSample((np.ones((2, 3)), np.ones((2, 3))),
                           {"transpose_a": False, "transpose_b": False}, InvalidArgumentError,
                           "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]"),
                 BadSample((np.ones(2), np.ones(2)), {"transpose_a": False, "transpose_b": False},
                           InvalidArgumentError, "ndims must be == 2")],
))


def matmul(a: Any, b: Any, transpose_a: bool = False, transpose_b: bool = False,
           adjoint_a: bool = False, adjoint_b: bool = False, a_is_sparse: bool = False,
           b_is_sparse: bool = False, output_type: Any = None, name: str | None = None) -> Any:
    a, b = binary_args(a, b)
    if adjoint_a:
        if transpose_a:
            raise ValueError("Only one of transpose_a and adjoint_a can be True.")
        a, transpose_a = conj(a), True
    if adjoint_b:
        if transpose_b:
            raise ValueError("Only one of transpose_b and adjoint_b can be True.")
        b, transpose_b = conj(b), True
    out = bind(MATMUL, (a, b), {"transpose_a": bool(transpose_a), "transpose_b": bool(transpose_b)})
    if output_type is not None and dt.as_dtype(output_type) is not out._dtype:
        from eagerflow._src.ops.math import cast

        out = cast(out, output_type)
    return out


CONJ = register(OpDef(
    "Conj", lambda x: [(x._shape, C.check_dtype("Conj", x, C.COMPLEX))], lambda xp, x: xp.conj(x),
    grad=lambda n, g: [conj(g)], reference=lambda x: np.array([complex(v).conjugate() for v in
                                                               x.ravel()]).reshape(x.shape),
    samples=[Sample((_f64(3) + 1j * _f64(3),), grad=False)],
))


def conj(x: Any, name: str | None = None) -> Any:
    x = _t(x)
    if not x._dtype.is_complex:
        if not x._dtype.is_numeric:
            raise TypeError(f"Expected numeric or variant tensor, got dtype {x._dtype!r}.")
        return x
    return bind(CONJ, (x,), {})
