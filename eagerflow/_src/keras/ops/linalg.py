"""keras.ops.linalg: decompositions (cholesky, qr, svd, eig, eigh, lu_factor), inverses
and solves, determinants, norms, rank, least squares, and jvp.

Keras checks shapes before TensorFlow does (rank >= 2, square matrices, compatible right
hand sides) and raises ValueError with its own words; those checks are here.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.core import nest
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.numpy_array import moveaxis
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import linalg as tl
from eagerflow._src.ops import linalg_decomp as tld
from eagerflow._src.ops import linalg_functions as tlf
from eagerflow._src.ops import linalg_general as tlg
from eagerflow._src.ops import linalg_spectral as tls
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops import sorting as tsort
from eagerflow._src.ops.debugging import check_numerics
from eagerflow._src.ops.linalg_eye import eye as tf_eye
from eagerflow._src.ops.math_base import add_n, cast, conj, ones_like, where, zeros_like


def _assert_2d(*arrays: Any) -> None:
    for a in arrays:
        if len(a.shape) < 2:
            raise ValueError(f"Expected input to have rank >= 2. Received input with shape "
                             f"{a.shape}.")


def _assert_square(*arrays: Any) -> None:
    for a in arrays:
        m, n = a.shape[-2:]
        if m != n:
            raise ValueError(f"Expected a square matrix. Received non-square input with shape "
                             f"{a.shape}")


def _assert_1d(*arrays: Any) -> None:
    for a in arrays:
        if len(a.shape) < 1:
            raise ValueError(f"Expected input to have rank >= 1. Received scalar input {a}.")


def _assert_compatible(a: Any, b: Any) -> None:
    if len(a.shape) == len(b.shape) and a.shape[-2] != b.shape[-2]:
        raise ValueError("Incompatible shapes between `a` and `b`. Expected `a.shape[-2] == "
                         f"b.shape[-2]`. Received: a.shape={a.shape}, b.shape={b.shape}")
    if len(a.shape) == len(b.shape) - 1 and a.shape[-1] != b.shape[-1]:
        raise ValueError("Incompatible shapes between `a` and `b`. Expected `a.shape[-1] == "
                         f"b.shape[-1]`. Received: a.shape={a.shape}, b.shape={b.shape}")


def _square_matrix(x: Any) -> Any:
    x = kd.to_tensor(x)
    _assert_2d(x)
    _assert_square(x)
    return x


@keras_op
def cholesky(x: Any, upper: bool = False) -> Any:
    x = _square_matrix(x)
    try:
        out = check_numerics(tld.cholesky(x), "Cholesky")
    except Exception as e:  # Keras words every failure so
        raise ValueError(f"Cholesky decomposition failed: {e}") from None
    return tl.adjoint(out) if upper else out


@keras_op
def cholesky_inverse(x: Any, upper: bool = False) -> Any:
    x = _square_matrix(x)
    try:
        eye = tf_eye(x.shape[-1], dtype=x.dtype)
        inv_chol = tld.triangular_solve(x, eye, lower=not upper)
        if upper:
            return tl.matmul(inv_chol, inv_chol, transpose_b=True)
        return tl.matmul(inv_chol, inv_chol, transpose_a=True)
    except Exception as e:
        raise ValueError(f"Cholesky inverse failed: {e}") from None


@keras_op
def det(x: Any) -> Any:
    return tl.det(_square_matrix(x))


@keras_op
def eig(x: Any) -> tuple:
    return tlg.eig(_square_matrix(x))


@keras_op
def eigh(x: Any) -> tuple:
    return tls.eigh(_square_matrix(x))


@keras_op
def inv(x: Any) -> Any:
    return tl.inv(_square_matrix(x))


@keras_op
def lu_factor(x: Any) -> tuple:
    x = kd.to_tensor(x)
    _assert_2d(x)
    try:
        _assert_square(x)
    except ValueError as e:
        raise ValueError(f"LU decomposition failed: {e}. LU decomposition is only supported "
                         "for square matrices in Tensorflow.") from None
    lu, p = tlg.lu(x)
    return lu, tsort.argsort(p)  # (the inverse permutation)


@keras_op
def qr(x: Any, mode: str = "reduced") -> tuple:
    if mode not in ("reduced", "complete"):
        raise ValueError("`mode` argument value not supported. Expected one of {'reduced', "
                         f"'complete'}}. Received: mode={mode}")
    return tld.qr(kd.to_tensor(x), full_matrices=mode == "complete")  # (TF's Qr namedtuple)


def _solver(tf_solve: Callable, a: Any, b: Any) -> Any:
    a, b = kd.to_tensor(a), kd.to_tensor(b)
    _assert_2d(a)
    _assert_square(a)
    _assert_1d(b)
    _assert_compatible(a, b)
    if len(b.shape) == len(a.shape) - 1:
        return ta.squeeze(tf_solve(a, ta.expand_dims(b, -1)), axis=-1)
    return tf_solve(a, b)


@keras_op
def solve(a: Any, b: Any) -> Any:
    return _solver(tld.solve, a, b)


@keras_op
def solve_triangular(a: Any, b: Any, lower: bool = False) -> Any:
    return _solver(lambda m, r: tld.triangular_solve(m, r, lower=lower), a, b)


@keras_op
def svd(x: Any, full_matrices: bool = True, compute_uv: bool = True) -> Any:
    x = kd.to_tensor(x)
    _assert_2d(x)
    if not compute_uv:
        return tls.svd(x, full_matrices=full_matrices, compute_uv=False)
    s, u, v = tls.svd(x, full_matrices=full_matrices, compute_uv=True)
    return u, s, tl.adjoint(v)


@keras_op
def lstsq(a: Any, b: Any, rcond: Any = None) -> Any:
    """The minimum-norm least-squares solution through the SVD (singular values below
    rcond times the largest dropped)."""
    a, b = kd.to_tensor(a), kd.to_tensor(b)
    if a.shape[0] != b.shape[0]:
        raise ValueError("Leading dimensions of input arrays must match")
    vector = len(b.shape) == 1
    if vector:
        b = b[:, None]
    if len(a.shape) != 2:
        raise TypeError(f"{len(a.shape)}-dimensional array given. Array must be "
                        "two-dimensional")
    if len(b.shape) != 2:
        raise TypeError(f"{len(b.shape)}-dimensional array given. Array must be one or "
                        "two-dimensional")
    m, n = a.shape
    eps = float(np.finfo(a.dtype.name).eps)
    rcond = eps * max(n, m) if rcond is None else where(rcond < 0, eps, rcond)
    u, s, vt = svd(a, full_matrices=False)
    keep = s >= cast(rcond, s.dtype) * s[0]
    safe = cast(where(keep, s, ones_like(s)), a.dtype)
    s_inv = where(keep, 1 / safe, zeros_like(safe))[:, None]
    x = tl.matmul(ta.transpose(conj(vt)), s_inv * tl.matmul(ta.transpose(conj(u)), b))
    return ta.reshape(x, [-1]) if vector else x


@keras_op
def matrix_rank(x: Any, tol: Any = None) -> Any:
    return tlf.matrix_rank(kd.to_tensor(x), tol=tol)


@keras_op
def pinv(x: Any, rcond: Any = None) -> Any:
    return tlf.pinv(kd.to_tensor(x), rcond=rcond)


def _vector_norm(x: Any, ord: Any, axis: Any, keepdims: bool) -> Any:  # noqa: A002
    if ord is None or ord == 2:
        return tm.sqrt(tr.reduce_sum(x * conj(x), axis=axis, keepdims=keepdims))
    if ord == float("inf"):
        return tr.reduce_max(tm.abs(x), axis=axis, keepdims=keepdims)
    if ord == float("-inf"):
        return tr.reduce_min(tm.abs(x), axis=axis, keepdims=keepdims)
    if ord == 0:
        return tr.reduce_sum(cast(tm.not_equal(x, cast(0, x.dtype)), x.dtype), axis=axis,
                             keepdims=keepdims)
    if isinstance(ord, str):
        raise ValueError(f"Invalid `ord` argument for vector norm. Received: ord={ord}")
    p = kd.to_tensor(ord, x.dtype)
    total = tr.reduce_sum(tm.pow(tm.abs(x), p), axis=axis, keepdims=keepdims)
    return tm.pow(total, 1.0 / p)


def _matrix_norm(x: Any, ord: Any, axis: tuple, keepdims: bool) -> Any:  # noqa: A002
    ndim = len(x.shape)
    row, col = (a + ndim if a < 0 else a for a in axis)
    if ord is None or ord == "fro":
        return tm.sqrt(tr.reduce_sum(x * conj(x), axis=axis, keepdims=keepdims))
    if ord in (1, -1, float("inf"), float("-inf")):
        # 1-norms: the max (min) column sum; inf-norms: the max (min) row sum
        summed, other = (row, col) if ord in (1, -1) else (col, row)
        if not keepdims and other > summed:
            other -= 1
        pick = tr.reduce_max if ord in (1, float("inf")) else tr.reduce_min
        return pick(tr.reduce_sum(tm.abs(x), axis=summed, keepdims=keepdims), axis=other,
                    keepdims=keepdims)
    if ord in ("nuc", 2, -2):
        s = tls.svd(moveaxis(x, axis, (-2, -1)), compute_uv=False)
        out = {2: tr.reduce_max, -2: tr.reduce_min, "nuc": tr.reduce_sum}[ord](s, axis=-1)
        if keepdims:
            out = ta.expand_dims(ta.expand_dims(out, axis[0]), axis[1])
        return out
    raise ValueError(f"Invalid `ord` argument for matrix norm. Received: ord={ord}")


@keras_op
def norm(x: Any, ord: Any = None, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A002
    x = kd.to_tensor(x)
    ndim = len(x.shape)
    axes = tuple(range(ndim)) if axis is None else (axis,) if isinstance(axis, int) \
        else tuple(axis)
    if any(a < -ndim or a >= ndim for a in axes):
        raise ValueError("All `axis` values must be in the range [-ndim, ndim). Received "
                         f"inputs with ndim={ndim}, while axis={axes}")
    x = kd.cast(x, kb.floatx() if x.dtype.name == "int64" else kd.result_type(x.dtype, float))
    if len(axes) == 1:
        return _vector_norm(x, ord, axes[0], keepdims)
    if len(axes) == 2:
        return _matrix_norm(x, ord, axes, keepdims)
    raise ValueError(f"Invalid axis values. Received: axis={axes}")


def jvp(fun: Callable, primals: Any, tangents: Any, has_aux: bool = False) -> tuple:
    """Forward-mode product J v, computed by reverse mode twice: with u a dummy cotangent,
    g(u) = u^T J is linear in u, and J v is the gradient of g(u) . v with respect to u."""
    given = nest.flatten(primals)
    for p in given:  # (Keras casts each tangent to its primal's dtype, then TF's
        # ForwardAccumulator reads that dtype's is_floating: a Python number has no dtype,
        # a NumPy value's dtype no is_floating)
        C.attr_read(p, "dtype")
    for p in given:
        C.attr_read(p.dtype, "is_floating")
    flat_p = [kd.to_tensor(p) for p in given]
    flat_t = [cast(kd.to_tensor(t), p.dtype) for t, p in zip(nest.flatten(tangents), flat_p)]
    with GradientTape(persistent=True) as outer:
        with GradientTape(persistent=True) as inner:
            for p in flat_p:
                inner.watch(p)
            args = nest.pack_sequence_as(primals, flat_p)
            result = fun(*args)
            out, aux = result if has_aux else (result, None)
        flat_out = nest.flatten(out)
        dummies = [zeros_like(o) for o in flat_out]
        for d in dummies:
            outer.watch(d)
        vjps = inner.gradient(flat_out, flat_p, output_gradients=dummies)
        dot = add_n([tr.reduce_sum(g * t) for g, t in zip(vjps, flat_t) if g is not None]) \
            if any(g is not None for g in vjps) else None
    flat_jvp = [zeros_like(o) if dot is None else outer.gradient(dot, d)
                for o, d in zip(flat_out, dummies)]
    flat_jvp = [zeros_like(o) if j is None else j for o, j in zip(flat_out, flat_jvp)]
    tangents_out = nest.pack_sequence_as(out, flat_jvp)
    return (out, tangents_out, aux) if has_aux else (out, tangents_out)
