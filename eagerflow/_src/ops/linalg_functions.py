"""tf.linalg functions over the decompositions: pinv, matrix_rank and lstsq, lu_reconstruct,
lu_solve and lu_matrix_inverse (from tf.linalg.lu's packed factors), normalize,
tridiagonal_matmul and tridiagonal_solve.

Sits in the ops layer after the linear algebra families (linalg_general's Lu, norms,
sorting's argsort, linalg_solvers' raw ops), as compositions of registered ops: their
gradients are those of the ops they are made of. The tridiagonal functions accept TF's
three layouts ('compact' [..., 3, M] rows superdiagonal, diagonal, subdiagonal; 'sequence'
the three as a tuple; 'matrix' [..., M, M]) and bind TF's TridiagonalSolve and
TridiagonalMatMul, as TF's do; lstsq binds MatrixSolveLs where TF's does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, expand_dims, ones_like, reshape, shape, zeros_like
from eagerflow._src.ops.array import range as range_
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.linalg import matmul, matrix_transpose
from eagerflow._src.ops.linalg_band_part import band_part
from eagerflow._src.ops.linalg_decomp import cholesky, cholesky_solve, triangular_solve
from eagerflow._src.ops.linalg_diag import diag_part, set_diag
from eagerflow._src.ops.linalg_eye import eye
from eagerflow._src.ops.linalg_solvers import (
    matrix_solve_ls,
    tridiagonal_mat_mul,
    tridiagonal_solve_op,
)
from eagerflow._src.ops.linalg_spectral import svd
from eagerflow._src.ops.math import binary_args
from eagerflow._src.ops.math_base import _t, cast, conj, where
from eagerflow._src.ops.misc_ops import broadcast_dynamic_shape
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.norms import norm
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.reduce import reduce_max, reduce_prod, reduce_sum
from eagerflow._src.ops.reshaping import squeeze
from eagerflow._src.ops.sorting import argsort
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tiling import broadcast_to
from eagerflow._src.ops.transposing import INVERT_PERMUTATION

# ---------------------------------------------------------------------------------------
# From the SVD and Cholesky: pinv, matrix_rank, lstsq
# ---------------------------------------------------------------------------------------

def _check_matrix(a: Any) -> None:
    """pinv's and matrix_rank's checks (TF's, in Python, before any op): a float matrix."""
    if not a._dtype.is_floating:
        raise TypeError(f"Input `a` must have `float`-like `dtype` (saw {a._dtype.name}).")
    if a._shape is not None and len(a._shape) < 2:
        raise ValueError(f"Input `a` must have at least 2 dimensions (saw: {len(a._shape)}).")


def _eps(d: dt.DType) -> float:
    return float(np.finfo(d.as_numpy_dtype).eps)


@dispatch_binding
def pinv(a: Any, rcond: Any = None, validate_args: bool = False, name: str | None = None) -> Any:
    """Moore-Penrose pseudo-inverse from the SVD: v / s @ u^H, the singular values at most
    rcond * max(s) made inf (their reciprocals 0, without NaN gradients), as TF's."""
    a = convert_to_tensor(a, name="a")
    _check_matrix(a)
    if rcond is None:
        m, n = a._shape[-2:]
        rcond = 10.0 * max(m, n) * _eps(a._dtype)
    rcond = convert_to_tensor(rcond, dtype=a._dtype, name="rcond")
    s, u, v = svd(a, full_matrices=False, compute_uv=True)
    cutoff = rcond * reduce_max(s, axis=-1)
    s = where(s > expand_dims(cutoff, -1), s, convert_to_tensor(np.inf, dtype=s._dtype))
    out = matmul(v / expand_dims(s, -2), u, adjoint_b=True)
    out.set_shape(a._shape[:-2] + (a._shape[-1], a._shape[-2]))  # (TF's: rcond can't batch)
    return out


@dispatch_binding
def matrix_rank(a: Any, tol: Any = None, validate_args: bool = False,
                name: str | None = None) -> Any:
    """The number of singular values above tol (default eps * max(m, n) * max(s))."""
    a = convert_to_tensor(a, dtype_hint=dt.float32)
    _check_matrix(a)
    s = svd(a, compute_uv=False)
    if tol is None:
        tol = _eps(a._dtype) * cast(max(a._shape[-2:]), a._dtype) * \
            reduce_max(s, axis=-1, keepdims=True)
    return reduce_sum(cast(s > tol, dt.int32), axis=-1)


def _ls_composite(matrix: Any, fast: Any) -> bool:
    """Whether TF's lstsq solves through the normal equations' ops (fast) rather than its
    MatrixSolveLs kernel: never for fast=False; else unless the batch is large against the
    matrices' size and the whole outgrows a cache (its guess, 256000 bytes)."""
    if fast is False:
        return False
    s = matrix._shape
    if s is None or None in s:
        return True
    batch = int(np.prod(s[:-2], dtype=np.int64))
    size = int(np.prod(s, dtype=np.int64)) * matrix._dtype.size
    if not s:  # (TF takes NumPy's least of the matrix dimensions first: of a scalar's none)
        raise ValueError("zero-size array to reduction operation minimum which has no "
                         "identity")
    return not (size > 256000 and batch > min(s[-2:]))


@dispatch_binding
def lstsq(matrix: Any, rhs: Any, l2_regularizer: Any = 0.0, fast: bool = True,
          name: str | None = None) -> Any:
    """Least squares: the normal equations through Cholesky (fast), or TF's MatrixSolveLs
    kernel (fast=False: the minimum-norm solution; or a large batch of small matrices)."""
    matrix = convert_to_tensor(matrix)
    # (TF's refusal, its test as it is: a bool tensor's `!= 0` and a tensor of several
    # values' truth are their errors, a list is not 0)
    if matrix._dtype is dt.complex128 and l2_regularizer != 0:
        raise NotImplementedError("matrix_solve_ls is currently disabled for complex128 and "
                                  "l2_regularizer != 0 due to poor accuracy.")
    if not _ls_composite(matrix, fast):
        l2 = l2_regularizer if isinstance(l2_regularizer, Tensor) else \
            convert_to_tensor(l2_regularizer, dt.float64)
        return matrix_solve_ls(matrix, convert_to_tensor(rhs, dtype_hint=matrix._dtype), l2,
                               fast=True if fast is None else fast, name=name)
    matrix, rhs = binary_args(matrix, rhs)
    if matrix._shape is not None and len(matrix._shape) < 2:
        # (TF reads the matrix's two last dimensions from its shape: there are not two)
        raise IndexError("tuple index out of range")
    m, n = matrix._shape[-2:]
    gram = matmul(matrix, matrix, adjoint_a=m >= n, adjoint_b=m < n)
    # (TF adds the regularizer as given: a tensor, or a number other than 0)
    if isinstance(l2_regularizer, Tensor) or l2_regularizer != 0:
        gram = gram + l2_regularizer * eye(n if m >= n else m,
                                           batch_shape=list(matrix._shape[:-2]),
                                           dtype=matrix._dtype)
    if m >= n:
        return cholesky_solve(cholesky(gram), matmul(matrix, rhs, adjoint_a=True))
    return matmul(matrix, cholesky_solve(cholesky(gram), rhs), adjoint_a=True)


# ---------------------------------------------------------------------------------------
# LU factors
# ---------------------------------------------------------------------------------------


def _lu_args(lower_upper: Any, perm: Any, validate_args: Any) -> tuple:
    """(lower_upper, perm) as tensors, checked as TF checks tf.linalg.lu's factors before
    any op: the ranks, then a square lower_upper. Where a check's ranks are unknown TF
    adds run-time asserts when `validate_args` (a Python bool) is true; eagerly they are
    known, and in a graph the kernels' own checks stand for them."""
    lu = convert_to_tensor(lower_upper, dtype_hint=dt.float32)
    p = convert_to_tensor(perm, dtype_hint=dt.int32)
    r, pr = _rank(lu), _rank(p)
    if r is not None and r < 2:
        raise ValueError("Input `lower_upper` must have at least 2 dimensions.")
    if r is not None and pr is not None and r != pr + 1:
        raise ValueError("`rank(lower_upper)` must equal `rank(perm) + 1`")
    s = lu._shape
    if s is not None and None not in s[:-2] and None not in s[-2:] and s[-2] != s[-1]:
        raise ValueError("`lower_upper` must be square.")
    return lu, p


def _rank(x: Any) -> int | None:
    return None if x._shape is None else len(x._shape)


def _factors(lu: Any) -> tuple:
    """(L with its unit diagonal, U) from tf.linalg.lu's packed `lower_upper`."""
    lower = set_diag(band_part(lu, -1, 0), ones_like(diag_part(lu)))  # (0 x 0 too)
    return lower, band_part(lu, 0, -1)


def _batch_dims(x: Any) -> int:
    return len(x._shape) - 2


@dispatch_binding
def lu_reconstruct(lower_upper: Any, perm: Any, validate_args: bool = False,
                   name: str | None = None) -> Any:
    """The matrix whose tf.linalg.lu is (lower_upper, perm): the rows of L U put back in
    their places (row i of L U is row perm[i] of the matrix)."""
    lu, perm = _lu_args(lower_upper, perm, validate_args)
    lower, upper = _factors(lu)
    product = matmul(lower, upper)
    if len(lu._shape) == 2:  # (TF's InvertPermutation: its checks of perm)
        return gather(product, bind(INVERT_PERMUTATION, (perm,), {}))
    inverse = argsort(perm, axis=-1)  # (a permutation's argsort is its inverse)
    return gather(product, cast(inverse, perm._dtype), axis=-2, batch_dims=_batch_dims(product))


def _permuted_rhs(lu: Any, perm: Any, rhs: Any) -> Any:
    """rhs's rows in perm's order, as TF's lu_solve: a matrix rhs and a vector perm by
    gather; else by gather_nd over the batch shapes of rhs and perm broadcast
    (BroadcastArgs' refusal, and GatherNd's of rhs holding no values but rows to pick)."""
    if rhs._shape is not None and len(rhs._shape) == 2 and perm._shape is not None and \
            len(perm._shape) == 1:
        return gather(rhs, perm, axis=-2)
    rhs_shape = shape(rhs)
    batch = broadcast_dynamic_shape(rhs_shape[:-2], shape(perm)[:-1])
    dm = rhs_shape[-2:]
    full = concat([batch, dm], 0)
    flat_rhs = reshape(broadcast_to(rhs, full), concat([[-1], dm], 0))
    flat_perm = reshape(broadcast_to(perm, full[:-1]), stack([-1, dm[0]]))
    n = reduce_prod(batch)
    rows = broadcast_to(expand_dims(range_(n), -1), stack([n, dm[0]]))
    picked = gather_nd(flat_rhs, stack([rows, flat_perm], axis=-1))
    return reshape(picked, full)


@dispatch_binding
def lu_solve(lower_upper: Any, perm: Any, rhs: Any, validate_args: bool = False,
             name: str | None = None) -> Any:
    """The solution x of A x = rhs, A being the matrix tf.linalg.lu factored."""
    lu, perm = _lu_args(lower_upper, perm, validate_args)
    rhs = convert_to_tensor(rhs, dtype_hint=lu._dtype)
    if rhs._shape is not None and len(rhs._shape) < 2:
        raise ValueError("Input `rhs` must have at least 2 dimensions.")
    if lu._shape and rhs._shape and None not in (lu._shape[-1], rhs._shape[-2]) and \
            lu._shape[-1] != rhs._shape[-2]:
        raise ValueError("`lower_upper.shape[-1]` must equal `rhs.shape[-1]`.")
    permuted = _permuted_rhs(lu, perm, rhs)
    lower, upper = _factors(lu)
    return triangular_solve(upper, triangular_solve(lower, permuted, lower=True), lower=False)


@dispatch_binding
def lu_matrix_inverse(lower_upper: Any, perm: Any, validate_args: bool = False,
                      name: str | None = None) -> Any:
    """The inverse of the matrix tf.linalg.lu factored: lu_solve of the identity."""
    lu, perm = _lu_args(lower_upper, perm, validate_args)
    identity = set_diag(zeros_like(lu), ones_like(diag_part(lu)))  # (shapes known or not)
    return lu_solve(lu, perm, identity)


@dispatch_binding
def normalize(tensor: Any, ord: Any = "euclidean", axis: Any = None,  # noqa: A002
              name: str | None = None) -> tuple:
    """(tensor / its norm, the norm) with tf.norm's `ord` and `axis`, the norm kept with
    size-1 dimensions."""
    x = _t(tensor)
    size = cast(norm(x, ord=ord, axis=axis, keepdims=True), x._dtype)
    return x / size, size


# ---------------------------------------------------------------------------------------
# Tridiagonal matrices
# ---------------------------------------------------------------------------------------


def _matrix_diagonals(diagonals: Any) -> Any:
    """Compact diagonals [..., 3, M] of square matrices (TF's MatrixDiagPartV3 of the three
    bands, the superdiagonal padded at its end, the subdiagonal at its start)."""
    m = _t(diagonals)
    m1, m2 = m._shape[-1], m._shape[-2]
    if m1 and m2 and m1 != m2:
        raise ValueError(f"Expected last two dimensions of diagonals to be same, got {m1} "
                         f"and {m2}")
    return diag_part(m, k=(-1, 1), padding_value=0.0, align="LEFT_RIGHT")


@dispatch_binding
def tridiagonal_matmul(diagonals: Any, rhs: Any, diagonals_format: str = "compact",
                       name: str | None = None) -> Any:
    """The tridiagonal matrix given by `diagonals` times `rhs` [..., M, N] (TF's
    TridiagonalMatMul, each diagonal given as [..., 1, M])."""
    if diagonals_format == "compact":
        three = _compact_rows(diagonals)
    elif diagonals_format == "sequence":
        sup, main, sub = diagonals
        three = (_t(sup), _t(main), _t(sub))
    elif diagonals_format == "matrix":
        d = _matrix_diagonals(diagonals)
        three = (d[..., 0, :], d[..., 1, :], d[..., 2, :])
    else:
        raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")
    return tridiagonal_mat_mul(*(expand_dims(v, -2) for v in three), _t(rhs), name=name)


def _compact_rows(d: Any) -> tuple:
    """TF's d[..., 0, :], d[..., 1, :], d[..., 2, :] of the value as given: a NumPy array's
    own indexing (its IndexError for too few dimensions), Python's TypeError for a list or
    a number, raised here as TF's Python raises it."""
    try:
        return d[..., 0, :], d[..., 1, :], d[..., 2, :]
    except TypeError as e:
        raise TypeError(str(e)) from None


def _sequence_diagonals(diagonals: Any) -> Any:
    """Compact diagonals from (superdiagonal, diagonal, subdiagonal), the outer two of
    length M or M - 1 (then padded where their unused entry goes)."""
    if not isinstance(diagonals, (tuple, list)) or len(diagonals) != 3:
        raise ValueError("Expected diagonals to be a sequence of length 3.")
    sup, main, sub = (_t(v) for v in diagonals)
    if not sub.shape[:-1].is_compatible_with(main.shape[:-1]) or \
            not sup.shape[:-1].is_compatible_with(main.shape[:-1]):
        raise ValueError(f"Tensors representing the three diagonals must have the same shape,"
                         f"except for the last dimension, got {sub.shape}, {main.shape}, "
                         f"{sup.shape}")
    m = main._shape[-1]

    def padded(v: Any, what: str, where: list) -> Any:
        n = v._shape[-1]
        if not n or n == m:
            return v
        if n == m - 1:
            return pad(v, [[0, 0]] * (len(v._shape) - 1) + [where])
        raise ValueError(f"Expected {what} to be have length {m} or {m - 1}, got {n}.")
    sub = padded(sub, "subdiagonal", [1, 0])  # (first, as TF's graph has it)
    return stack([padded(sup, "superdiagonal", [0, 1]), main, sub], axis=-2)


def _check_compact(d: Any, rhs: Any) -> None:
    """TF's static checks of compact diagonals [..., 3, M] and rhs, before any op."""
    dr, rr = _rank(d), _rank(rhs)
    if dr:
        if dr < 2:
            raise ValueError(f"Expected diagonals to have rank at least 2, got {dr}")
        if rr and rr not in (dr, dr - 1):
            raise ValueError(f"Expected the rank of rhs to be {dr - 1} or {dr}, got {rr}")
        if rr and not d.shape[:-2].is_compatible_with(rhs.shape[:dr - 2]):
            raise ValueError(f"Batch shapes {d.shape[:-2]} and {rhs.shape[:dr - 2]} are "
                             "incompatible")
    if dr and d._shape[-2] and d._shape[-2] != 3:
        raise ValueError(f"Expected 3 diagonals got {d._shape[-2]}")


def _check_sides(d: Any, rhs: Any) -> None:
    m, k = d._shape[-1], rhs._shape[-2]
    if m and k and m != k:
        raise ValueError(f"Expected number of left-hand sided and right-hand sides to be "
                         f"equal, got {m} and {k}")


def _rank_read(x: Any) -> None:
    """TF's `x.shape.rank` of an argument as given: Python's AttributeError for what has
    no shape (a list), or a shape with no rank (a NumPy array's tuple)."""
    C.attr_read(x, "shape")
    C.attr_read(x.shape, "rank")


@dispatch_binding
def tridiagonal_solve(diagonals: Any, rhs: Any, diagonals_format: str = "compact",
                      transpose_rhs: bool = False, conjugate_rhs: bool = False,
                      name: str | None = None, partial_pivoting: bool = True,
                      perturb_singular: bool = False) -> Any:
    """The solution x [..., M, K] (or [..., M] for a vector rhs) of T x = rhs, T the
    tridiagonal matrix given by `diagonals` (TF's TridiagonalSolve on its compact form);
    `transpose_rhs` takes rhs as [..., K, M]."""
    if perturb_singular and not partial_pivoting:
        raise ValueError("partial_pivoting must be True if perturb_singular is.")
    if diagonals_format == "compact":
        _rank_read(diagonals)  # (TF reads both ranks unconverted: x.shape.rank)
        d = _t(diagonals)
    elif diagonals_format == "sequence":
        d = _sequence_diagonals(diagonals)
    elif diagonals_format == "matrix":
        d = _matrix_diagonals(diagonals)
    else:
        raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")
    _rank_read(rhs)
    rhs = _t(rhs)
    _check_compact(d, rhs)
    dr, rr = _rank(d), _rank(rhs)
    if rr and dr and rr == dr - 1:  # a vector rhs: one column (transpose_rhs unused)
        if conjugate_rhs:
            rhs = conj(rhs)
        rhs = expand_dims(rhs, -1)
        _check_sides(d, rhs)
        return squeeze(tridiagonal_solve_op(d, rhs, partial_pivoting, perturb_singular,
                                            name), -1)
    if transpose_rhs:
        rhs = matrix_transpose(rhs, conjugate=conjugate_rhs)
    elif conjugate_rhs:
        rhs = conj(rhs)
    _check_sides(d, rhs)
    return tridiagonal_solve_op(d, rhs, partial_pivoting, perturb_singular, name)
