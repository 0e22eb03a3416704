"""Linear algebra: matmul (with transpose/adjoint flags and batch broadcasting), the
composites over it (tensordot, matvec, adjoint), inverse and determinant, diagonals and
bands, eye. Einsum is in einsum.py, above this module.

MatMul follows BatchMatMulV2: rank >= 2 operands, leading dims broadcast. The
kernel is a single BLAS call (`xp.matmul`) so large products run at NumPy speed.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from eagerflow._src import backend as blas
from eagerflow._src.backend import linalg_errors
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import has_composite
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, OpError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.name_scope import name_scope, wrapper_scope
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor, output_shape_sized
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import (
    composite_dispatch,
    dispatch,
    halfprec,
    matmul_flags,
    sparse_matmul,
)
from eagerflow._src.ops import registry as R
from eagerflow._src.ops.array import (
    expand_dims,
    reshape,
    squeeze,
    transpose,
)
from eagerflow._src.ops.array import (
    shape as array_shape,
)
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind, wants
from eagerflow._src.ops.dynshape import Spec
from eagerflow._src.ops.eager_errors import eager_api, passed_raw, slow_path
from eagerflow._src.ops.eigen_lu import (
    eigen_det,
    eigen_lu_invertible,
    eigen_lu_solve,
    eigen_small_solve,
    fits_small_solve,
)
from eagerflow._src.ops.elementwise import binary_args_hint
from eagerflow._src.ops.graph_constants import scope_name
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.linalg_diag import (  # noqa: F401  (re-exported: their old home)
    MATRIX_DIAG,
    MATRIX_DIAG_PART,
    diag,
    diag_part,
)
from eagerflow._src.ops.math import (
    sum_to,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    conj,
)
from eagerflow._src.ops.reduce import reduce_prod, reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.stacking import stack

# (ListDiff, tensordot's check of a tensor of axes: loaded on first use)
indexing_versions = lazy_module("eagerflow._src.ops.indexing_versions")
_rng = SampleRNG(3)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


_MATMUL_T = C.NUMERIC - {dt.int8, dt.uint8, dt.uint16, dt.uint32, dt.uint64, dt.int16}
_MATMUL_IDS = frozenset(id(d) for d in _MATMUL_T)  # DTypes are singletons
# TF's definitions of MatMul and BatchMatMulV2 take the unsigned types, which have no CPU
# kernel (NotFoundError); BatchMatMulV2 takes int16 too, which has one
_MATMUL_DEF_T = C.NUMERIC - {dt.int8, dt.int16}
_BATCH_MATMUL_DEF_T = C.NUMERIC - {dt.int8}
_MATMUL_CPU = (dt.int64, dt.int32, dt.int16, dt.float64, dt.float32, dt.bfloat16, dt.float16,
               dt.complex128, dt.complex64)
_MATMUL_XLA = ("T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, "
               "DT_COMPLEX128, DT_HALF]")
_BATCH_MATMUL_XLA = ("T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_COMPLEX64, "
                     "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, "
                     "DT_UINT64]")


def _matmul_infer(a: Any, b: Any, transpose_a: bool, transpose_b: bool) -> list:
    d, sa, sb = a._dtype, a._shape, b._shape
    if d is b._dtype and id(d) in _MATMUL_IDS and sa is not None and sb is not None and \
            len(sa) == 2 == len(sb):  # two matrices (a gradient's transposed products)
        m, k1 = (sa[1], sa[0]) if transpose_a else sa
        k2, n = (sb[1], sb[0]) if transpose_b else sb
        if k1 == k2 and k1 is not None:
            return [(output_shape_sized("MatMul", (m, n), d), d)]
    # TF's tf.matmul runs BatchMatMulV2 when either operand has more than two dims, and
    # its messages (and the op they name) are that kernel's; MatMul's are its reference
    # kernel's (oneDNN's word a vector operand differently)
    batched = sa is not None and sb is not None and (len(sa) > 2 or len(sb) > 2)
    op = "BatchMatMulV2" if batched else "MatMul"
    allowed = _BATCH_MATMUL_DEF_T if batched else _MATMUL_DEF_T
    # (eagerly TF looks its kernel up by a's dtype before it checks b's: uint8 @ half is
    # NotFoundError; a graph's builder checks the signature first)
    d = a._dtype if _state.graph is None else C.same_dtype(op, (a, b), allowed)
    if d in allowed and d not in _MATMUL_T and not (batched and d is dt.int16):
        ta, tb = str(transpose_a).lower(), str(transpose_b).lower()
        flags = (f"adj_x={ta}, adj_y={tb}, grad_x=false, grad_y=false" if batched else
                 f"grad_a=false, grad_b=false, transpose_a={ta}, transpose_b={tb}")
        raise C.no_kernel(op, f"T={C.dt_enum(d)}, {flags}", _MATMUL_CPU, others=(
            ("XLA_CPU_JIT", _BATCH_MATMUL_XLA if batched else _MATMUL_XLA),))
    d = C.same_dtype(op, (a, b), allowed)
    if sa is None or sb is None:
        return [(None, d)]
    out = _product_shape(op, a, b, transpose_a, transpose_b, batched)
    return [(output_shape_sized(op, out, d), d)]


def _product_shape(op: str, a: Any, b: Any, transpose_a: bool, transpose_b: bool,
                   batched: bool) -> tuple:
    """The shape of a @ b (known ranks), checked as op's kernel checks it (`batched`: TF's
    batch kernel, which words a missing matrix dimension its own way)."""
    ranks = (len(a._shape), len(b._shape))
    if min(ranks) < 2 and _state.graph is None and not batched:
        raise C.fail(op, f"In[0] and In[1] ndims must be == 2: {ranks[0]}"
                     if ranks[0] == ranks[1] else
                     f"In[0] and In[1] has different ndims: {C.shape_str(a._shape)} vs. "
                     f"{C.shape_str(b._shape)}")
    for i, x in enumerate((a, b)):
        if len(x._shape) < 2:
            if _state.graph is not None:  # TF's shape functions (a ValueError, graph/ir.py)
                raise C.fail(op, f"Shape must be {'at least ' if batched else ''}rank 2 but "
                                 f"is rank {len(x._shape)}")
            raise C.fail(op, f"In[{i}] ndims must be >= 2: {len(x._shape)}")
    if batched and _state.graph is None:
        try:
            C.broadcast(op, a._shape[:-2], b._shape[:-2])
        except InvalidArgumentError:
            raise C.fail(op, "In[0] and In[1] must have compatible batch dimensions: "
                             f"{C.shape_str(a._shape)} vs. {C.shape_str(b._shape)}") from None
    m, k1 = a._shape[-2:][::-1] if transpose_a else a._shape[-2:]
    k2, n = b._shape[-2:][::-1] if transpose_b else b._shape[-2:]
    if k1 is not None and k2 is not None and k1 != k2:
        raise C.fail(op, f"Matrix size-incompatible: In[0]: {C.shape_str(a._shape)}, "
                         f"In[1]: {C.shape_str(b._shape)}")
    return C.broadcast("MatMul", a._shape[:-2], b._shape[:-2]) + (m, n)


def _mt(x: Any, flag: bool) -> Any:
    return x.swapaxes(-1, -2) if flag else x


def _matmul_kernel(xp: Any, a: Any, b: Any, transpose_a: bool, transpose_b: bool) -> Any:
    if a.ndim < 2 or b.ndim < 2 or \
            a.shape[-2 if transpose_a else -1] != b.shape[-1 if transpose_b else -2]:
        # operands whose inner dims were unknown when traced (a tf.function relaxed to
        # (None, None)): TF's kernel error, not NumPy's "shapes not aligned"
        _matmul_infer(Spec(a), Spec(b), transpose_a, transpose_b)
    if transpose_a:
        a = a.swapaxes(-1, -2)
    if transpose_b:
        b = b.swapaxes(-1, -2)
    if a.dtype.itemsize == 2 and xp is np and a.dtype.kind in "fV":
        return halfprec.matmul(a, b)
    if xp is np and a.size * b.shape[-1] <= blas.SMALL_MACS:  # tiny: no threading logic
        if a.ndim == 2 and b.ndim == 2:
            return a.dot(b)  # the same product; NumPy's matmul costs ~1 us more per call
        return xp.matmul(a, b)
    return blas.matmul(xp, a, b, tf32=True)


def _matmul_grad(n: Any, g: Any) -> list:
    """Only the wanted products: a dense layer's input is usually data, and a tape that
    wants no gradient for it skips a product as large as the forward one."""
    a, b = n.inputs
    ta, tb = n.attrs["transpose_a"], n.attrs["transpose_b"]
    # (matrices: each product has its input's shape; batches may have been broadcast)
    batched = a._shape is None or b._shape is None or len(a._shape) + len(b._shape) != 4
    ga = gb = None
    # (complex inputs: each product takes the other operand's conjugate, as TF's; conj adds
    # no op for real dtypes)
    if wants(n, 0):
        cb = conj(b)
        ga = matmul(cb, g, transpose_a=tb, transpose_b=True) if ta else \
            matmul(g, cb, transpose_b=not tb)
        ga = sum_to(ga, a) if batched else ga
    if wants(n, 1):
        ca = conj(a)
        gb = matmul(g, ca, transpose_a=True, transpose_b=ta) if tb else \
            matmul(ca, g, transpose_a=not ta)
        gb = sum_to(gb, b) if batched else gb
    return [ga, gb]


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
    samples=lambda: [Sample((_f64(2, 3), _f64(3, 4)), {"transpose_a": False, "transpose_b": False}),
                     Sample((_f64(3, 2), _f64(4, 3)), {"transpose_a": True, "transpose_b": True}),
                     Sample((_f64(2, 3), _f64(4, 3)), {"transpose_a": False, "transpose_b": True}),
                     Sample((_f64(3, 2), _f64(3, 4)), {"transpose_a": True, "transpose_b": False}),
                     Sample((_f64(2, 1, 2, 3), _f64(4, 3, 2)), {"transpose_a": False,
                                                                 "transpose_b": False})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)), np.ones((2, 3))),
                  {"transpose_a": False, "transpose_b": False}, InvalidArgumentError,
                  "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]"),
        BadSample((np.ones(2), np.ones(2)), {"transpose_a": False, "transpose_b": False},
                  InvalidArgumentError, "In[0] and In[1] ndims must be == 2: 1")],
    tf=TFForm(export=lambda n, b: _matmul_tf(n, b)),
))


def _matmul_tf(n: Any, b: Any) -> list:
    """TF's MatMul multiplies matrices; batches (broadcast) are BatchMatMulV2, whose adj_x
    and adj_y conjugate too (so complex transposes conjugate first)."""
    ta, tb = n.attrs["transpose_a"], n.attrs["transpose_b"]
    ranks = [len(t._shape) if t._shape is not None else None for t in n.inputs]
    if ranks == [2, 2]:
        return b.node("MatMul", [b.input(0), b.input(1)], {"transpose_a": ta, "transpose_b": tb})
    x, y = b.input(0), b.input(1)
    if x.dtype.is_complex and ta:
        x = b.node("Conj", [x])[0]
    if y.dtype.is_complex and tb:
        y = b.node("Conj", [y])[0]
    return b.node("BatchMatMulV2", [x, y], {"adj_x": ta, "adj_y": tb})


# BatchMatMulV3: the batch product whose operands and result may differ in dtype (Ta, Tb,
# Tout), which tf.matmul runs when given an output_type other than an operand's (Keras's
# int8 matmul into int32). Its OpDef takes these types; TF's CPU kernels compute only
# _V3_KERNELS, as (Ta, Tb, Tout) in the order TF lists them (its GPU's half too).
_V3_IN = frozenset((dt.bfloat16, dt.float16, dt.float32, dt.float64, dt.uint8, dt.int8,
                    dt.int16, dt.int32, dt.int64, dt.complex64, dt.complex128))
_V3_OUT = _V3_IN - {dt.uint8, dt.int8}
_V3_KERNELS = (
    *((a, b, dt.bfloat16) for a, b in ((dt.uint8, dt.bfloat16), (dt.int8, dt.bfloat16),
                                         (dt.bfloat16, dt.uint8), (dt.bfloat16, dt.int8))),
    *((a, b, dt.int32) for a, b in ((dt.uint8, dt.uint8), (dt.int8, dt.uint8),
                                      (dt.uint8, dt.int8), (dt.int8, dt.int8))),
    *((d, d, d) for d in (dt.int64, dt.int32, dt.int16, dt.float64, dt.float32, dt.bfloat16,
                          dt.complex128, dt.complex64)))
_V3_XLA = ("Tout in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_COMPLEX64, DT_INT64, "
           "DT_BFLOAT16, DT_COMPLEX128, DT_HALF]; " + "; ".join(
               f"{t} in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
               f"DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF]"
               for t in ("Tb", "Ta")))


def _v3_infer(x: Any, y: Any, adj_x: bool, adj_y: bool, Tout: Any) -> list:  # noqa: N803
    op = "BatchMatMulV3"
    out = dt.as_dtype(Tout)
    # (where several fail, which one TF names depends on what its process ran before: a
    # fresh one names Tb for tf.matmul of two bool matrices into int32, as here)
    if out not in _V3_OUT:
        raise C.not_supported(op, out, _V3_OUT, "Tout")
    C.check_dtype(op, y, _V3_IN, "Tb")
    C.check_dtype(op, x, _V3_IN, "Ta")
    if (x._dtype, y._dtype, out) not in _V3_KERNELS and \
            R.lacks_kernel(op, (x._dtype, y._dtype, out)):
        raise C.no_kernel(op, f"Ta={C.dt_enum(x._dtype)}, Tb={C.dt_enum(y._dtype)}, "
                              f"Tout={C.dt_enum(out)}, adj_x={str(adj_x).lower()}, "
                              f"adj_y={str(adj_y).lower()}, grad_x=false, grad_y=false",
                          others=[("XLA_CPU_JIT", _V3_XLA)] + [
                              ("CPU", f"Ta in [{C.dt_enum(a)}]; Tb in [{C.dt_enum(b)}]; "
                                      f"Tout in [{C.dt_enum(o)}]") for a, b, o in _V3_KERNELS])
    if x._shape is None or y._shape is None:
        return [(None, out)]
    return [(_product_shape(op, x, y, adj_x, adj_y, True), out)]


def _v3_kernel(xp: Any, x: Any, y: Any, adj_x: bool, adj_y: bool, Tout: Any) -> Any:
    out = dt.as_dtype(Tout).as_numpy_dtype
    if x.dtype != y.dtype or x.dtype.itemsize == 1:
        # a byte operand (TF's only mixed kernels): both in Tout, where bytes are exact
        # (int32: the products summed in int32; bfloat16: its own product)
        x, y = x.astype(out, copy=False), y.astype(out, copy=False)
    if x.dtype.kind == "c":  # (adj: the conjugate transpose)
        x, y = (xp.conj(x) if adj_x else x), (xp.conj(y) if adj_y else y)
    return _matmul_kernel(xp, x, y, adj_x, adj_y).astype(out, copy=False)


def _v3_grad(n: Any, g: Any) -> list:
    """As BatchMatMulV2's: each operand's gradient is a product with the other, summed
    over the batch dimensions it was broadcast along, in its own dtype."""
    x, y = n.inputs
    ax, ay = n.attrs["adj_x"], n.attrs["adj_y"]
    gx = gy = None
    if wants(n, 0):
        gx = matmul(y, g, adjoint_a=ay, adjoint_b=True) if ax else \
            matmul(g, y, adjoint_b=not ay)
        gx = cast(sum_to(gx, x), x._dtype)
    if wants(n, 1):
        gy = matmul(g, x, adjoint_a=True, adjoint_b=ax) if ay else \
            matmul(x, g, adjoint_a=not ax)
        gy = cast(sum_to(gy, y), y._dtype)
    return [gx, gy]


def _v3_ref(x: np.ndarray, y: np.ndarray, adj_x: bool, adj_y: bool, Tout: Any) -> np.ndarray:
    x = np.conj(_mt(x, adj_x)) if adj_x else x
    y = np.conj(_mt(y, adj_y)) if adj_y else y
    return _matmul_ref(x.astype(np.int64) if x.dtype.kind in "iu" else x,
                       y.astype(np.int64) if y.dtype.kind in "iu" else y, False, False
                       ).astype(dt.as_dtype(Tout).as_numpy_dtype)


def _v3_samples() -> list:
    i8 = _rng.integers(-128, 128, size=(2, 3, 4)).astype(np.int8)
    u8 = _rng.integers(0, 256, size=(4, 5)).astype(np.uint8)
    return [Sample((i8, u8), {"adj_x": False, "adj_y": False, "Tout": dt.int32}, grad=False),
            Sample((u8, i8), {"adj_x": True, "adj_y": True, "Tout": dt.int32}, grad=False),
            Sample((_f64(3, 2), _f64(2, 3, 4)), {"adj_x": True, "adj_y": False,
                                                 "Tout": dt.float64}),
            Sample((_f64(2, 3) + 1j * _f64(2, 3), _f64(4, 3) + 1j * _f64(4, 3)),
                   {"adj_x": False, "adj_y": True, "Tout": dt.complex128}, grad=False)]


def _v3_bad_samples() -> list:
    def attrs(tout: Any) -> dict:
        return {"adj_x": False, "adj_y": False, "Tout": tout}
    i8 = np.ones((2, 3), np.int8)
    return [BadSample((i8, i8), attrs(dt.int32), InvalidArgumentError,
                      "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]"),
            BadSample((np.ones(2, np.int8), i8), attrs(dt.int32), InvalidArgumentError,
                      "In[0] ndims must be >= 2: 1"),
            BadSample((np.ones((2, 2), bool), i8), attrs(dt.int32), InvalidArgumentError,
                      "Value for attr 'Ta' of bool is not in the list of allowed values"),
            BadSample((i8, i8.T), attrs(dt.uint8), InvalidArgumentError,
                      "Value for attr 'Tout' of uint8 is not in the list of allowed values: "
                      "bfloat16, half, float, double, int16, int32, int64, complex64, "
                      "complex128"),
            BadSample((i8, i8.T), attrs(dt.int64), NotFoundError,
                      "Could not find device for node: {{node BatchMatMulV3}} = BatchMatMulV3["
                      "Ta=DT_INT8, Tb=DT_INT8, Tout=DT_INT64, adj_x=false, adj_y=false, "
                      "grad_x=false, grad_y=false]\nAll kernels registered for op "
                      "BatchMatMulV3:\n  device='XLA_CPU_JIT'; Tout in [DT_FLOAT, ")]


BATCH_MATMUL_V3 = register(OpDef(
    "BatchMatMulV3", _v3_infer, _v3_kernel, grad=_v3_grad, reference=_v3_ref,
    samples=_v3_samples, bad_samples=_v3_bad_samples,
    # (TF's GPU kernels: each of half, bfloat16, float and double into itself)
    gpu_only_types=frozenset(((dt.float16,) * 3,)),
    tf=TFForm(tf_attrs={"grad_x": False, "grad_y": False}),
))


# Shared, never mutated: building the attrs dict is a measurable part of a tiny matmul.
_MATMUL_ATTRS = {(ta, tb): {"transpose_a": ta, "transpose_b": tb}
                 for ta in (False, True) for tb in (False, True)}
_BIG_PRODUCT = 4 << 20  # (elements below which no product is big: _plain_infer's fast test)


def _plain_infer(a: Any, b: Any) -> list:
    """_matmul_infer without transposes, the common case (two known matrices of one
    allowed dtype) checked first."""
    d, sa, sb = a._dtype, a._shape, b._shape
    if d is b._dtype and id(d) in _MATMUL_IDS and sa is not None and sb is not None and \
            len(sa) == 2 == len(sb) and sa[1] == sb[0] and sa[1] is not None:
        if (sa[0] or 0) * (sb[1] or 0) > _BIG_PRODUCT:  # (an outer product's, refused
            output_shape_sized("MatMul", (sa[0], sb[1]), d)  # before NumPy allocates it)
        return [((sa[0], sb[1]), d)]
    if d is not b._dtype and sparse_matmul.takes_pair(a, b):
        C.same_dtype("MatMul", (a, b), _MATMUL_DEF_T)  # (refused: `@` then takes SparseMatMul)
    return _matmul_infer(a, b, False, False)


def _plain_kernel(a: Any, b: Any) -> Any:
    if a.ndim == 2 and b.ndim == 2 and a.size * b.shape[1] <= blas.SMALL_MACS:
        return a.dot(b)  # the same product; NumPy's matmul costs ~1 us more per call
    return _matmul_kernel(np, a, b, False, False)


def _matmul_args(a: Any, b: Any) -> tuple:
    """tf.matmul's conversion: `a` as it is, then `b` with a's dtype as its hint (so
    tf.matmul([[1, 2]], floats) is int32 against float, where `@` converts the list to
    the tensor's dtype)."""
    if type(a) is EagerTensor and type(b) is EagerTensor:
        return a, b
    a = convert_to_tensor(a, name="a")
    return a, b if type(b) is EagerTensor else convert_to_tensor(b, dtype_hint=a._dtype,
                                                                 name="b")


_matmul_args.converts_first = True  # (dispatch.binary reads it)

# `a @ b` and tf.matmul(a, b) without flags: MatMul through dispatch's two-input fast path
# (also the `@` operator itself: operators.py). TF's tf.matmul opens a name scope: its
# eager errors name none.
plain_matmul = dispatch.binary(MATMUL, _matmul_args, _MATMUL_ATTRS[False, False],
                                _plain_infer, _plain_kernel, scoped=True)


def _mixed_operator(a: Any, b: Any, name: str | None, e: Exception) -> Any:
    """`a @ b` that MatMul refused: tf.matmul's SparseMatMul where a bfloat16 matrix meets
    another dtype, else the error."""
    if isinstance(a, Tensor) and isinstance(b, Tensor) and sparse_matmul.takes_pair(a, b):
        return sparse_matmul.route(a, b, False, False, False, False, name or "matmul")
    raise e


matmul_operator = dispatch.binary(MATMUL, binary_args_hint, _MATMUL_ATTRS[False, False],
                                  _plain_infer, _plain_kernel, node="matmul",
                                  fallback=_mixed_operator)


def _sparse_after_all(a: Any, b: Any) -> bool:
    """Whether tf.matmul's fast path refused a pair that SparseMatMul takes."""
    try:
        a, b = _matmul_args(a, b)
    except (TypeError, ValueError):
        return False
    return sparse_matmul.takes_pair(a, b)


def _pair_first(api: Any) -> Any:
    """tf.matmul's `api` with the common call, two operands alone and eagerly, straight on
    MatMul's fast path: no ten flags to bind and check. A pair that path refuses goes the
    whole way, which raises the error again or hands the pair on (a composite operand's
    handler, SparseMatMul)."""
    @functools.wraps(api)
    def matmul(*args: Any, **kwargs: Any) -> Any:
        if len(args) == 2 and not kwargs and _state.graph is None:
            try:
                return plain_matmul(args[0], args[1], None)
            except (TypeError, ValueError, InvalidArgumentError):
                pass
        return api(*args, **kwargs)
    return matmul


@_pair_first
@dispatch_binding
def matmul(a: Any, b: Any, transpose_a: bool = False, transpose_b: bool = False,
           adjoint_a: bool = False, adjoint_b: bool = False, a_is_sparse: bool = False,
           b_is_sparse: bool = False, output_type: Any = None, grad_a: bool = False,
           grad_b: bool = False, name: str | None = None) -> Any:
    """a @ b over the inner two dimensions (a_is_sparse, b_is_sparse, grad_a and grad_b are
    TF's hints to its kernels: the product is the same without them)."""
    if transpose_a is False and transpose_b is False and grad_a is False and \
            grad_b is False and not (adjoint_a or adjoint_b or a_is_sparse or b_is_sparse
                                     or output_type is not None) and (
                _state.graph is None or dt.bfloat16 not in (
                    getattr(a, "_dtype", None), getattr(b, "_dtype", None))):
        # (traced, a bfloat16 operand goes the long way, which names a SparseMatMul node
        # as TF's; eagerly the fast path's refusal hands the pair on)
        try:
            return plain_matmul(a, b, name)
        except (TypeError, ValueError, InvalidArgumentError):
            # (a composite operand's handler below, or a bfloat16 matrix beside another
            # dtype: SparseMatMul)
            if not (has_composite((a, b)) or _sparse_after_all(a, b)):
                raise
    if (a.__class__ is not EagerTensor or b.__class__ is not EagerTensor) and \
            has_composite((a, b)):  # a RaggedTensor operand: its handler (ragged_dispatch.py)
        return composite_dispatch.handler_of(matmul)(
            a, b, transpose_a=transpose_a, transpose_b=transpose_b, adjoint_a=adjoint_a,
            adjoint_b=adjoint_b, a_is_sparse=a_is_sparse, b_is_sparse=b_is_sparse,
            output_type=output_type, name=name)
    if transpose_a and adjoint_a or transpose_b and adjoint_b:
        x = "a" if transpose_a and adjoint_a else "b"
        raise ValueError(f"Only one of `transpose_{x}` and `adjoint_{x}` can be True. "
                         f"Received `transpose_{x}`=True, `adjoint_{x}`=True.")
    a, b = _matmul_args(a, b)
    v3 = output_type is not None and (dt.as_dtype(output_type) is not a._dtype or
                                      dt.as_dtype(output_type) is not b._dtype)
    sparse = (a_is_sparse or b_is_sparse or a._dtype is not b._dtype) and \
        sparse_matmul.routes_here(a, b, a_is_sparse, b_is_sparse, _batched(a, b))
    if transpose_a.__class__ is not bool or transpose_b.__class__ is not bool or \
            adjoint_a is not False or adjoint_b is not False or a_is_sparse is not False or \
            b_is_sparse is not False or grad_a is not False or grad_b is not False:
        # (not the common call, whose flags pass: the transposes bools, the rest False)
        matmul_flags.check((transpose_a, transpose_b, adjoint_a, adjoint_b, a_is_sparse,
                            b_is_sparse, grad_a, grad_b),
                           _batched(a, b) and not (a_is_sparse or b_is_sparse), sparse, v3)
    if adjoint_a:
        a, transpose_a = conj(a), True
    if adjoint_b:
        b, transpose_b = conj(b), True
    if sparse:
        return sparse_matmul.route(a, b, transpose_a, transpose_b, a_is_sparse, b_is_sparse,
                                   name)
    if v3:  # (TF's tf.matmul: an output_type other than an operand's is BatchMatMulV3's Tout)
        try:
            return bind(BATCH_MATMUL_V3, (a, b), {"adj_x": bool(transpose_a),
                                                  "adj_y": bool(transpose_b),
                                                  "Tout": dt.as_dtype(output_type)},
                        name if _state.graph is not None else None)
        except OpError as e:
            if passed_raw(output_type):  # a dtype's name: TF's wrapper's slow path
                slow_path(e)
            raise
    return bind(MATMUL, (a, b), _MATMUL_ATTRS[bool(transpose_a), bool(transpose_b)],
                name if _state.graph is not None else None)


def _batched(a: Any, b: Any) -> bool:
    """Whether tf.matmul takes a batch product (an operand of unknown rank or above 2)."""
    return a._shape is None or b._shape is None or len(a._shape) > 2 or len(b._shape) > 2


# ---------------------------------------------------------------------------------------
# Composites over matmul: tensordot, matrix_transpose, adjoint, matvec.
# ---------------------------------------------------------------------------------------

def _axes_list(axes: Any, ndim: int, what: str) -> list:
    out = []
    for a in axes:
        a = int(a)
        i = a + ndim if a < 0 else a
        if not -ndim <= i < ndim:  # (TF indexes the shape's list with it, once a negative
            raise IndexError("list index out of range")  # one has the rank added)
        if i < 0:  # (TF's goes on with the list's wrapped index, to another error)
            raise ValueError(f"'{what}' axis {a} is out of range for a tensor of rank {ndim}")
        out.append(i)
    return out


def _no_float_axes(axes: Any) -> None:
    """TF indexes the shape's list with each axis of a list: a float is the list's
    TypeError, not a contraction over int(axis) (inf was int()'s OverflowError)."""
    for row in axes:
        for i in row if isinstance(row, (list, tuple)) else ():
            if isinstance(i, (float, np.floating)):
                kind = type(i)
                where = "" if kind.__module__ == "builtins" else f"{kind.__module__}."
                raise TypeError(f"list indices must be integers or slices, not "
                                f"{where}{kind.__name__}")


def _tensor_axes(row: Any, t: Any) -> list:
    """One operand's axes read from an int32 tensor of axes (given as a tensor or a NumPy
    array, a float cast as NumPy casts it: inf and NaN are int32's least), as TF's tensor
    path reads them: a negative axis counted from the end; then its ListDiff of the axes
    from range(rank), which refuses any but a vector, its GatherV2 of the shape at them (one
    out of range) and its Transpose of `t` by the free axes and them (an axis twice), each
    in TF 2.21's words (tests/fuzz/test_regressions_seed1460574140.py, ..._seed2236067977.py)."""
    rank = len(t._shape)
    if len(row._shape) != 1:
        indexing_versions.list_diff(convert_to_tensor(np.arange(rank, dtype=np.int32)), row)
    idx = row._numpy().astype(np.int64)
    idx = np.where(idx >= 0, idx, idx + rank)
    if ((idx < 0) | (idx >= rank)).any():
        gather(convert_to_tensor(np.array(list(t._shape), np.int32)),
               convert_to_tensor(idx.astype(np.int32)))
    if len(set(idx.tolist())) != len(idx):
        free = [i for i in range(rank) if i not in idx]
        transpose(t, convert_to_tensor(np.array(free + idx.tolist(), np.int32)))
    return [int(i) for i in idx]


@dispatch_binding
def tensordot(a: Any, b: Any, axes: Any, name: str | None = None) -> Any:
    """Contracts `a` and `b` over `axes` (an int N, or a pair of axis lists)."""
    a, b = convert_to_tensor(a, name="a"), convert_to_tensor(b, name="b")  # (as TF: apart)
    ra, rb = len(a._shape), len(b._shape)
    # (an eager tensor is no integral type to TF's Python, even a scalar one: it is read as
    # an int32 tensor of axes below, its [0] then StridedSlice's refusal of a scalar)
    traced_scalar = isinstance(axes, Tensor) and not isinstance(axes, EagerTensor) and \
        not axes._shape
    if isinstance(axes, (int, np.integer)) or traced_scalar:
        if traced_scalar and not axes._dtype.is_integer:
            raise TypeError(f"'axes' must be an integer tensor, got {axes!r}.")
        n = int(axes)
        # (TF checks `a`'s rank only: `b`'s axes past its rank fail where its shape list is
        # indexed, Python's IndexError)
        if n < 0:
            raise ValueError(f"`axes` must be at least 0. Received: {n}.")
        if n > ra:
            raise ValueError(f"`axes` must not be larger than the number of dimensions of "
                             f"tensor {a}.  Received {n}, vs tensor dimensions {ra}.")
        a_axes, b_axes = list(range(ra - n, ra)), list(range(n))
    else:
        if isinstance(axes, (EagerTensor, np.ndarray)):
            # (TF reads a tensor or an array of axes as int32: its [0] and [1], the first
            # operand's read and moved before the second's)
            axes = convert_to_tensor(axes, dtype=dt.int32, name="axes")
            first, second = axes[0], axes[1]
            axes = [_tensor_axes(first, a)]
            axes.append(_tensor_axes(second, b))
        elif isinstance(axes, Tensor):  # (a graph's tensor of axes: read as int32)
            axes = convert_to_tensor(axes, dtype=dt.int32, name="axes")
        pair = [list(np.asarray(x).reshape(-1)) if not isinstance(x, (int, np.integer)) else [x]
                for x in axes]
        if len(pair) != 2:
            raise ValueError(f"`axes` must be an integer or have length 2. Received {axes}.")
        if isinstance(axes, (list, tuple)) and not all(
                isinstance(x, (int, np.integer)) for x in axes):
            for x in axes:  # (TF takes each one's len() then: "... 'float' has no len()")
                if isinstance(x, (int, float, np.integer, np.floating)):
                    len(x)
        if len(pair[0]) != len(pair[1]):
            raise ValueError(f"Different number of contraction axes `a` and `b`, "
                             f"{len(pair[0])} != {len(pair[1])}.")
        _no_float_axes(axes)
        a_axes, b_axes = _axes_list(pair[0], ra, "a"), _axes_list(pair[1], rb, "b")
    free_a = [i for i in range(ra) if i not in a_axes]
    free_b = [i for i in range(rb) if i not in b_axes]
    a2 = reshape(transpose(a, free_a + a_axes), [_dims_size(a, free_a), _dims_size(a, a_axes)])
    size_b = [_dims_size(b, b_axes), _dims_size(b, free_b)]  # (read before b moves, as TF)
    b2 = reshape(transpose(b, b_axes + free_b), size_b)
    out = matmul(a2, b2)
    sizes = [_dim(a, i) for i in free_a] + [_dim(b, i) for i in free_b]
    if all(isinstance(s, int) for s in sizes):
        return reshape(out, sizes)
    return reshape(out, stack([cast(s, dt.int32) for s in sizes]) if sizes else [])


def _dim(t: Any, i: int) -> Any:
    """Axis i's size: an int where the shape knows it, else a scalar tensor (traced)."""
    d = list(t._shape)[i] if t._shape is not None else None  # (a list, as TF reads it)
    return int(d) if d is not None else array_shape(t)[i]


def _dims_size(t: Any, axes: list) -> Any:
    """The product of the axes' sizes, an int or (some unknown while tracing) a tensor."""
    dims = [_dim(t, i) for i in axes]
    if all(isinstance(d, int) for d in dims):
        return int(np.prod(dims, dtype=np.int64))
    return reduce_prod(stack([cast(d, dt.int32) for d in dims]))


@dispatch_binding
def matrix_transpose(a: Any, name: str = "matrix_transpose", conjugate: bool = False) -> Any:
    a = _t(a)
    r = len(a._shape)
    if r < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` "
                         f"= {a.numpy() if hasattr(a, 'numpy') else a} with shape: {a.shape}")
    perm = list(range(r - 2)) + [r - 1, r - 2]
    if _state.graph is None:
        return transpose(a, perm, conjugate=conjugate)
    with name_scope(scope_name(name, "matrix_transpose") + "/"):  # (TF's graphs' names)
        return transpose(a, perm, conjugate=conjugate)


@dispatch_binding
def adjoint(matrix: Any, name: str | None = None) -> Any:
    if _state.graph is None:
        return matrix_transpose(matrix, conjugate=True)
    with name_scope(scope_name(name, "adjoint") + "/"):
        return matrix_transpose(matrix, conjugate=True)


@dispatch_binding
def matvec(a: Any, b: Any, transpose_a: bool = False, adjoint_a: bool = False,
           a_is_sparse: bool = False, b_is_sparse: bool = False, name: str | None = None) -> Any:
    # (as TF's: b made a column on its own, so a list takes its own dtype, not a's)
    return squeeze(matmul(a, expand_dims(b, -1), transpose_a=transpose_a, adjoint_a=adjoint_a,
                          a_is_sparse=a_is_sparse, b_is_sparse=b_is_sparse), axis=-1)


# ---------------------------------------------------------------------------------------
# Square-matrix ops: inverse and determinant.
# ---------------------------------------------------------------------------------------

def _square_infer(op: str, allowed: frozenset, no_half: bool = False) -> Any:
    """`no_half`: the op takes half but TF's CPU has no kernel for it (NotFoundError)."""
    def infer(x: Any, **attrs: Any) -> list:
        C.check_dtype(op, x, allowed)
        if no_half and x._dtype is dt.float16:
            raise C.no_kernel(op, "T=DT_HALF", (dt.complex128, dt.complex64, dt.float64,
                                                dt.float32))  # (as linalg_decomp's)
        s = x._shape
        if s is not None:
            if len(s) < 2:
                raise C.fail(op, f"Input tensor 0 must have rank >= 2, got {len(s)}")
            if s[-1] is not None and s[-2] is not None and s[-1] != s[-2]:
                raise C.fail(op, "Input matrix must be square.")
        return [(s if op == "MatrixInverse" else (None if s is None else s[:-2]), x._dtype)]
    return infer


def _inv_kernel(xp: Any, x: Any, adjoint: bool) -> Any:
    if xp is np and x.size and x.dtype == np.float16:  # (float32's steps, rounded back: a
        # NaN or infinity refused or solved as float32's)
        return _inv_kernel(xp, x.astype(np.float32), adjoint).astype(np.float16)
    if xp is not np or not x.size:
        return _lapack_inv(xp, x, adjoint)
    m = np.conj(np.swapaxes(x, -1, -2)) if adjoint else x
    if fits_small_solve(m):  # (TF's own steps, a solve of the identity: its last bits)
        out, ok = eigen_small_solve(m, np.broadcast_to(np.eye(m.shape[-1], dtype=m.dtype),
                                                       m.shape))
        if not ok.all():
            raise InvalidArgumentError(None, None, "Input is not invertible. [Op:MatrixInverse]")
        return out
    odd = ~np.isfinite(m).all(axis=(-2, -1))
    if not odd.any():
        return _lapack_inv(xp, x, adjoint)
    # a matrix holding inf or NaN: Eigen's LU, as TF's CPU kernel (LAPACK the others)
    places = [i for i in np.ndindex(odd.shape) if odd[i]]
    if not all(eigen_lu_invertible(m[i]) for i in places):
        raise InvalidArgumentError(None, None, "Input is not invertible. [Op:MatrixInverse]")
    eye = np.eye(m.shape[-1], dtype=m.dtype)
    out = _lapack_inv(xp, np.where(odd[..., None, None], eye, m), False)
    with np.errstate(all="ignore"):
        for i in places:
            out[i] = eigen_lu_solve(m[i], eye)
    return out


def _lapack_inv(xp: Any, x: Any, adjoint: bool) -> Any:
    if adjoint:
        x = xp.conj(x.swapaxes(-1, -2))
    try:
        # LAPACK has no half precision: invert in float32, round back (as TF's CPU kernel)
        # (NumPy inverts a float32 in float64: an inverse past float32's range is inf, cast
        # back quietly as TF's kernel returns it)
        with linalg_errors(xp), np.errstate(over="ignore"):
            out = xp.linalg.inv(x.astype(np.float32) if x.dtype == np.float16 else x)
    except np.linalg.LinAlgError:
        raise InvalidArgumentError(None, None, "Input is not invertible. [Op:MatrixInverse]") \
            from None
    return out.astype(x.dtype, copy=False)


def _inv_grad(n: Any, g: Any) -> list:
    ainv = n.outputs[0]
    if n.attrs["adjoint"]:
        return [-matmul(ainv, matmul(g, ainv, adjoint_a=True))]
    return [-matmul(ainv, matmul(g, ainv, adjoint_b=True), adjoint_a=True)]


def _inv_ref(x: np.ndarray, adjoint: bool) -> np.ndarray:
    """Gauss-Jordan elimination, one matrix at a time."""
    if adjoint:
        x = np.conj(np.swapaxes(x, -1, -2))
    out = np.empty_like(x)
    for idx in np.ndindex(*x.shape[:-2]):
        a = [list(map(float, row)) for row in x[idx]]
        m = len(a)
        inv = [[1.0 if i == j else 0.0 for j in range(m)] for i in range(m)]
        for c in range(m):
            p = max(range(c, m), key=lambda r: abs(a[r][c]))
            a[c], a[p], inv[c], inv[p] = a[p], a[c], inv[p], inv[c]
            piv = a[c][c]
            a[c] = [v / piv for v in a[c]]
            inv[c] = [v / piv for v in inv[c]]
            for r in range(m):
                if r != c:
                    f = a[r][c]
                    a[r] = [v - f * w for v, w in zip(a[r], a[c])]
                    inv[r] = [v - f * w for v, w in zip(inv[r], inv[c])]
        out[idx] = inv
    return out


_WELL = np.array([[2.0, 0.5, 0.1], [0.3, 1.5, -0.4], [0.2, -0.1, 1.8]])

MATRIX_INVERSE = register(OpDef(
    "MatrixInverse", _square_infer("MatrixInverse", C.FLOAT_COMPLEX - {dt.bfloat16}),
    _inv_kernel, grad=_inv_grad, reference=_inv_ref,
    samples=lambda: [Sample((_WELL + 0.1 * _f64(3, 3),), {"adjoint": False}),
                     Sample((np.stack([_WELL, _WELL.T + 0.2 * _f64(3, 3)]),), {"adjoint": True})],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"adjoint": False}, InvalidArgumentError,
                                   "Input matrix must be square."),
                         BadSample((np.ones(3),), {"adjoint": False}, InvalidArgumentError,
                                   "Input tensor 0 must have rank >= 2, got 1"),
                         BadSample((np.ones((2, 2), np.int32),), {"adjoint": False},
                                   InvalidArgumentError, "int32"),
                         BadSample((np.array([[1.0, 2.0], [2.0, 4.0]]),), {"adjoint": False},
                                   InvalidArgumentError, "Input is not invertible.")],
))


@eager_api("input")  # (a list: TF's wrapper's slow path)
def inv(input: Any, adjoint: bool = False, name: str | None = None) -> Any:  # noqa: A002
    # (the attr first: TF's fast path refuses a bad one, or a bad input, and its fallback
    # checks the attrs before it converts the inputs)
    attrs = AV.wrapper_attrs("MatrixInverse", adjoint=adjoint)
    return bind(MATRIX_INVERSE, (_t(input),), attrs, name)


def _det_kernel(xp: Any, x: Any) -> Any:
    if x.shape[-1] == 0:
        return xp.ones(x.shape[:-2], dtype=x.dtype)
    if xp is np:  # TF's CPU kernel's own LU (signed zeros, inf) rather than LAPACK's
        return eigen_det(x).astype(x.dtype, copy=False)
    with np.errstate(all="ignore"):  # a nan/inf determinant is returned silently, as in TF
        return xp.asarray(xp.linalg.det(x)).astype(x.dtype, copy=False)


def _det_grad(n: Any, g: Any) -> list:
    x, d = n.inputs[0], n.outputs[0]
    # (complex: TF's gradient is g * det * inv(x)^H, the determinant not conjugated)
    scale = reshape(g * d, list(d._shape) + [1, 1])
    return [scale * matrix_transpose(inv(x), conjugate=True)]


def _det_ref(x: np.ndarray) -> np.ndarray:
    """Cofactor expansion along the first row."""
    def det(m: list) -> float:
        if len(m) == 0:
            return 1.0
        if len(m) == 1:
            return m[0][0]
        return sum((-1) ** j * m[0][j] * det([row[:j] + row[j + 1:] for row in m[1:]])
                   for j in range(len(m)))
    out = np.empty(x.shape[:-2], dtype=x.dtype)
    for idx in np.ndindex(*x.shape[:-2]):
        out[idx] = det([list(r) for r in x[idx].tolist()])
    return out


MATRIX_DETERMINANT = register(OpDef(
    # TF's CPU kernels: float, double, complex (no half)
    "MatrixDeterminant", _square_infer("MatrixDeterminant", C.FLOAT_COMPLEX - {dt.bfloat16},
                                       no_half=True),
    _det_kernel, grad=_det_grad, reference=_det_ref,
    samples=lambda: [Sample((_WELL + 0.1 * _f64(3, 3),)),
                     Sample((np.stack([_WELL[:2, :2], _WELL[1:, 1:]]),))],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)),), {}, InvalidArgumentError,
                  "Input matrix must be square."),
        BadSample((np.ones((2, 2), np.int32),), {}, InvalidArgumentError, "int32")],
))


@eager_api("input")  # (a list: TF's wrapper's slow path)
def det(input: Any, name: str | None = None) -> Any:  # noqa: A002
    return bind(MATRIX_DETERMINANT, (_t(input),), {}, name)


@dispatch_binding
def trace(x: Any, name: str | None = None) -> Any:
    # (TF's wrapper scope: eagerly no scope, its name unread; a graph's names)
    with wrapper_scope(name, "Trace") as scope:
        # (converted first, as TF's: a list's errors are then the diag_part wrapper's
        # fast path's, which names it)
        return reduce_sum(diag_part(convert_to_tensor(x, name="x")), axis=[-1], name=scope)
