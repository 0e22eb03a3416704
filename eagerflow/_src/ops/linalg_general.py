"""Factorizations of general (non-symmetric) square matrices: LU with partial pivoting
(TF's "Lu") and the eigendecomposition (TF's "Eig").

Sits in the ops layer after linalg_decomp.py. Lu's kernel is a row-pivoted elimination over
the batch on the CPU and cuSOLVER's getrf on a GPU, as TF's are; Eig's is, for complex
matrices, TF's own algorithm (Eigen's ComplexEigenSolver, written out below), for real ones
LAPACK's through NumPy (a CPU-only kernel: on a GPU it runs on the CPU by soft placement).
Lu has no gradient, as in TF; Eig's is TF's formula over public ops. References: the
textbook Doolittle loop in plain Python; for Eig, the closed form of 2x2 matrices.
"""

from __future__ import annotations

import cmath
import collections
from typing import Any

import numpy as np

from eagerflow._src.backend import lu_factor, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import expand_dims, shape
from eagerflow._src.ops.complex_quotient import packet_quotient
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.linalg import adjoint, diag, diag_part, matmul
from eagerflow._src.ops.linalg_decomp import (
    _dtype_check,
    _householder,
    _matrix_shape,
    _reflect,
    solve,
)
from eagerflow._src.ops.linalg_eye import eye
from eagerflow._src.ops.math_base import _t, cast, conj, real, zeros_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(41)
_INDEX = frozenset((dt.int32, dt.int64))


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-1.0, 1.0, size=shape)


# ---------------------------------------------------------------------------------------
# LU
# ---------------------------------------------------------------------------------------

# Lu's CPU kernels, as TF lists them for a type it has none for (half)
_LU_KERNELS = tuple(("CPU", f"T in [{t}]; output_idx_type in [{i}]")
                    for i in ("DT_INT64", "DT_INT32")
                    for t in ("DT_COMPLEX128", "DT_COMPLEX64", "DT_DOUBLE", "DT_FLOAT"))
LuResult = collections.namedtuple("Lu", ["lu", "p"])


def _lu_infer(x: Any, output_idx_type: dt.DType) -> list:
    _dtype_check("Lu", x)
    C.dtype_attr("Lu", output_idx_type, "output_idx_type", _INDEX)
    if x._dtype is dt.float16:  # (TF's definition takes it; its CPU has no kernel)
        raise C.no_kernel("Lu", f"T=DT_HALF, output_idx_type={C.dt_enum(output_idx_type)}",
                          others=_LU_KERNELS)
    if x._shape is not None and len(x._shape) < 2:  # Lu's kernel words it without "0"
        raise C.fail("Lu", f"Input tensor must have rank >= 2, got {len(x._shape)}")
    s = _matrix_shape("Lu", x, square=True)
    return [(s, x._dtype), (None if s is None else s[:-1], output_idx_type)]


def _lu_one(a: np.ndarray) -> tuple:
    """Doolittle elimination with the largest remaining pivot in each column."""
    a = a.copy()
    n = a.shape[0]
    perm = np.arange(n)
    for k in range(n):
        column = np.abs(a[k:, k])
        # (Eigen's running maximum from the first: a NaN first stays the pivot, a later one
        # never wins)
        p = k if np.isnan(column[0]) else k + int(np.argmax(np.where(np.isnan(column), -1.0,
                                                                     column)))
        if p != k:
            a[[k, p]] = a[[p, k]]
            perm[[k, p]] = perm[[p, k]]
        # (complex: Eigen's packet quotient, NaN over an infinite pivot)
        a[k + 1:, k] = packet_quotient(a[k + 1:, k], a[k, k]) if a.dtype.kind == "c" else \
            a[k + 1:, k] / a[k, k]
        a[k + 1:, k + 1:] -= np.outer(a[k + 1:, k], a[k, k + 1:])
    if n and not _least_pivot(np.abs(np.diagonal(a))) > 0:
        raise InvalidArgumentError(None, None, "Input is not invertible. [Op:Lu]")
    return a, perm


def _least_pivot(d: np.ndarray) -> Any:
    """The smallest |pivot| as TF's kernel finds it (Eigen's minCoeff): the first, replaced
    by each one less than it, so a NaN first stays (not invertible) and a later one is
    passed over."""
    least = d[0]
    for v in d[1:]:
        if v < least:
            least = v
    return least


def _lu_kernel(xp: Any, x: Any, output_idx_type: dt.DType) -> tuple:
    if xp is not np:
        return _lu_device(xp, x, output_idx_type.as_numpy_dtype)
    lu, perm = np.empty_like(x), np.empty(x.shape[:-1], output_idx_type.as_numpy_dtype)
    if x.size == 0:  # (no matrix to factor, or only 0 x 0 ones: none to loop over)
        return lu, perm
    with np.errstate(all="ignore"):  # inf and nan propagate quietly, as in TF's kernel
        for idx in np.ndindex(*x.shape[:-2]):
            lu[idx], perm[idx] = _lu_one(x[idx])
    return lu, perm


def _lu_device(xp: Any, x: Any, index: np.dtype) -> tuple:
    """TF's GPU kernel: cuSOLVER's getrf, TF's error where it met an exact zero pivot (a
    NaN pivot passes there), and the permutation made by applying getrf's row swaps in
    order to the identity. Its pivots are LAPACK's: of complex entries the largest
    |re| + |im|, where the CPU's (Eigen's) is the largest modulus."""
    n = x.shape[-1]
    if x.size == 0:
        return x.copy(), xp.zeros(x.shape[:-1], index)
    lu, pivots = lu_factor(xp, x)
    if bool(to_host(xp.any(xp.diagonal(lu, axis1=-2, axis2=-1) == 0))):
        raise InvalidArgumentError(None, None, "Input is not invertible. [Op:Lu]")
    pivots = pivots.reshape(-1, n)
    perm = xp.broadcast_to(xp.arange(n, dtype=index), pivots.shape).copy()
    rows = xp.arange(pivots.shape[0])
    for k in range(n):  # (a launch or two a step, as TF's own kernel loops over the rows)
        there = pivots[:, k]
        moved = perm[rows, there]
        perm[rows, there] = perm[:, k]
        perm[:, k] = moved
    return lu, perm.reshape(x.shape[:-1])


def _lu_ref(x: np.ndarray, output_idx_type: dt.DType) -> tuple:
    lus, perms = [], []
    for idx in np.ndindex(*x.shape[:-2]):
        a = [list(map(float, row)) for row in x[idx]]
        n, perm = len(a), list(range(len(a)))
        for k in range(n):
            p = max(range(k, n), key=lambda i: abs(a[i][k]))
            a[k], a[p] = a[p], a[k]
            perm[k], perm[p] = perm[p], perm[k]
            for i in range(k + 1, n):
                a[i][k] /= a[k][k]
                for j in range(k + 1, n):
                    a[i][j] -= a[i][k] * a[k][j]
        lus.append(a)
        perms.append(perm)
    return (np.array(lus, x.dtype).reshape(x.shape),
            np.array(perms, output_idx_type.as_numpy_dtype).reshape(x.shape[:-1]))


LU = register(OpDef(
    "Lu", _lu_infer, _lu_kernel, reference=_lu_ref, num_outputs=2,
    samples=lambda: [Sample((_f64(3, 3),), {"output_idx_type": dt.int32}, grad=False),
                     Sample((_f64(2, 4, 4),), {"output_idx_type": dt.int64}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"output_idx_type": dt.int32},
                           InvalidArgumentError, "Input matrix must be square."),
                 BadSample((np.ones((2, 2), np.int32),), {"output_idx_type": dt.int32},
                           InvalidArgumentError, "allowed values: double, float, half"),
                 BadSample((np.zeros((2, 2)),), {"output_idx_type": dt.int32},
                           InvalidArgumentError, "Input is not invertible."),
                 # (on a GPU the NaN may be the pivot: only an exact zero one raises there)
                 BadSample((np.array([[np.nan, 1.0], [0.0, 1.0]]),),
                           {"output_idx_type": dt.int32}, InvalidArgumentError,
                           "Input is not invertible.", cpu_only=True)],
))


@eager_api("input", "output_idx_type:type")  # (a list: TF's wrapper's slow path)
def lu(input: Any, output_idx_type: Any = dt.int32, name: str | None = None) -> tuple:  # noqa: A002
    """(lu, p): L (unit diagonal, below) and U packed in one matrix, with input[p] = L U."""
    attrs = AV.wrapper_attrs("Lu", output_idx_type=output_idx_type)
    return LuResult(*bind(LU, (_t(input),), attrs, name))


# ---------------------------------------------------------------------------------------
# Eig
# ---------------------------------------------------------------------------------------

_EIG_T = frozenset((dt.float32, dt.float64, dt.complex64, dt.complex128))
_COMPLEX = frozenset((dt.complex64, dt.complex128))
_COMPLEX_OF = {dt.float32: dt.complex64, dt.float64: dt.complex128,
               dt.complex64: dt.complex64, dt.complex128: dt.complex128}


def _eig_infer(x: Any, compute_v: bool, Tout: dt.DType) -> list:
    _dtype_check("Eig", x, "float, double, complex64, complex128", _EIG_T)
    C.dtype_attr("Eig", Tout, "Tout", _COMPLEX)
    if not isinstance(compute_v, bool):
        raise TypeError(f"Expected bool for argument 'compute_v' not {compute_v!r}. [Op:Eig]")
    if _COMPLEX_OF[x._dtype] is not Tout:
        raise C.fail("Eig", f"Invalid output dtype {Tout.as_datatype_enum} vs "
                            f"{_COMPLEX_OF[x._dtype].as_datatype_enum}")
    s = _matrix_shape("Eig", x, square=True)
    return [(None if s is None else s[:-1], Tout), (s if compute_v else (0,), Tout)]


_EIG_FAILED = "Eigen decomposition was not successful. The input might not be valid. [Op:Eig]"
# Matrices up to this size take TF's algorithms (below); larger ones LAPACK's, whose
# eigenvectors differ from TF's by a phase
_EIG_EXACT_MAX = 32


def _eig_kernel(xp: Any, x: Any, compute_v: bool, Tout: dt.DType) -> tuple:
    out = Tout.as_numpy_dtype
    exact = x.shape[-1] <= _EIG_EXACT_MAX
    # (Eigen's real solver refuses inf and NaN; its complex one runs on them, failing only
    # where its QR sweeps do not converge: an infinite diagonal of a triangular matrix
    # has eigenvalues)
    if not (exact and np.iscomplexobj(x)) and not np.isfinite(x).all():
        raise InvalidArgumentError(None, None, _EIG_FAILED)
    if x.size == 0:
        return np.zeros(x.shape[:-1], out), np.zeros(x.shape if compute_v else (0,), out)
    if exact:
        es = np.empty(x.shape[:-1], out)
        vs = np.empty(x.shape, out)
        with np.errstate(all="ignore"):
            for idx in np.ndindex(*x.shape[:-2]):
                if np.iscomplexobj(x):
                    es[idx], vs[idx] = _complex_eigen_solver(np.asarray(x[idx], out))
                else:
                    es[idx], vs[idx] = _real_eigen_solver(np.array(x[idx]))
        return es, (vs if compute_v else np.zeros((0,), out))
    e, v = np.linalg.eig(x.astype(out))
    return e.astype(out), (v.astype(out) if compute_v else np.zeros((0,), out))


# TF's Eig of a complex matrix is Eigen's ComplexEigenSolver, whose eigenvectors' phases
# (and eigenvalues' order) are its algorithm's: a Householder reduction to Hessenberg form,
# single-shift QR sweeps of Givens rotations to a Schur form T = U^H A U, the eigenvectors
# of T by back substitution, U times those, each normalized, and the eigenvalues sorted by
# magnitude. Written here step for step, in the matrix's own precision.

def _norm1(z: Any) -> Any:
    return abs(z.real) + abs(z.imag)


def _reflect_right(m: np.ndarray, ess: np.ndarray, tau: Any) -> None:
    """m = m (I - tau v v^H), v = [1, ess], in Eigen's order of operations (the reflection
    itself and its application on the left are QR's: linalg_decomp's)."""
    if m.shape[1] == 1:
        m *= 1 - tau
    elif tau != 0:
        tmp = m[:, 1:] @ ess + m[:, 0]
        m[:, 0] -= tau * tmp
        m[:, 1:] -= np.outer(tau * tmp, np.conj(ess))


def _hessenberg(a: np.ndarray) -> tuple:
    """(H, Q) with A = Q H Q^H, H upper Hessenberg."""
    a = a.copy()
    n = a.shape[0]
    reflectors = []
    for i in range(n - 1):
        ess, h, beta = _householder(np, a[i + 1:, i].copy())
        a[i + 1, i] = beta
        a[i + 2:, i] = 0
        reflectors.append((ess, h))
        _reflect(np, a[i + 1:, i + 1:], ess, h)
        _reflect_right(a[:, i + 1:], ess, np.conj(h))
    q = np.eye(n, dtype=a.dtype)
    for k in range(n - 2, -1, -1):  # (Q = H_0^H ... H_{n-2}^H, built from the last)
        ess, h = reflectors[k]
        _reflect(np, q[k + 1:, k + 1:], ess, np.conj(h))
    return a, q


def _givens(p: Any, q: Any) -> tuple:
    """(c, s, r) of the rotation that zeroes q against p, r the entry left in p's place,
    with Eigen's signs."""
    zero = p.dtype.type(0)
    if q == 0:
        c = p.dtype.type(-1 if p.real < 0 else 1)
        return c, zero, c * p
    if p == 0:
        return zero, -q / abs(q), p.dtype.type(abs(q))
    p1, q1 = _norm1(p), _norm1(q)
    if p1 >= q1:
        ps, qs = p / p1, q / p1
        p2, q2 = abs(ps) ** 2, abs(qs) ** 2
        u = np.sqrt(1 + q2 / p2)
        u = -u if p.real < 0 else u
        c = 1 / u
        return p.dtype.type(c), -qs * np.conj(ps) * (c / p2), p * u
    ps, qs = p / q1, q / q1
    u = q1 * np.sqrt(abs(ps) ** 2 + abs(qs) ** 2)
    u = -u if p.real < 0 else u
    pa = abs(p)
    ps = p / pa
    return p.dtype.type(pa / u), -np.conj(ps) * (q / u), ps * u


def _rotate_rows(m: np.ndarray, i: int, c: Any, s: Any, cols: slice) -> None:
    """Rows i, i+1 of m times the rotation's adjoint, from the left (its entries
    conj(c) and -s, as Eigen applies them)."""
    x, y = m[i, cols].copy(), m[i + 1, cols].copy()
    m[i, cols] = np.conj(c) * x + np.conj(-s) * y
    m[i + 1, cols] = s * x + c * y


def _rotate_cols(m: np.ndarray, i: int, c: Any, s: Any, rows: slice) -> None:
    """Columns i, i+1 of m times the rotation, from the right (its transpose's entries c
    and -conj(s) applied, as Eigen applies them)."""
    x, y = m[rows, i].copy(), m[rows, i + 1].copy()
    m[rows, i] = c * x + (-s) * y
    m[rows, i + 1] = np.conj(s) * x + np.conj(c) * y


def _schur_shift(t: np.ndarray, iu: int, it: int) -> Any:
    """The shift of a QR sweep ending at row iu: the eigenvalue of the trailing 2x2 block
    nearer its last entry (an exceptional one on the 10th and 20th tries)."""
    if it in (10, 20):
        return t.dtype.type(abs(t[iu, iu - 1].real) + abs(t[iu - 1, iu - 2].real))
    block = t[iu - 1:iu + 1, iu - 1:iu + 1]
    scale = np.abs(block).sum()
    b = block / scale
    prod = b[0, 1] * b[1, 0]
    diff = b[0, 0] - b[1, 1]
    disc = np.sqrt(diff * diff + 4 * prod)
    det = b[0, 0] * b[1, 1] - prod
    trace = b[0, 0] + b[1, 1]
    e1, e2 = (trace + disc) / 2, (trace - disc) / 2
    n1, n2 = _norm1(e1), _norm1(e2)
    if n1 > n2:
        e2 = det / e1
    elif n2 != 0:
        e1 = det / e2
    return scale * (e1 if _norm1(e1 - b[1, 1]) < _norm1(e2 - b[1, 1]) else e2)


def _complex_schur(a: np.ndarray) -> tuple:
    """(T, U) with A = U T U^H, T upper triangular."""
    n = a.shape[0]
    if n == 1:
        return a.copy(), np.eye(1, dtype=a.dtype)
    t, u = _hessenberg(a)
    eps = np.finfo(a.real.dtype).eps

    def negligible(i: int) -> bool:
        if _norm1(t[i + 1, i]) <= (_norm1(t[i, i]) + _norm1(t[i + 1, i + 1])) * eps:
            t[i + 1, i] = 0
            return True
        return False

    iu, it, total = n - 1, 0, 0
    while True:
        while iu > 0 and negligible(iu - 1):
            it, iu = 0, iu - 1
        if iu == 0:
            return t, u
        it, total = it + 1, total + 1
        if total > 30 * n:
            raise InvalidArgumentError(None, None, _EIG_FAILED)
        il = iu - 1
        while il > 0 and not negligible(il - 1):
            il -= 1
        # a sweep of rotations: the first makes a bulge below the subdiagonal, the rest
        # chase it down to row iu
        c, s, _ = _givens(t[il, il] - _schur_shift(t, iu, it), t[il + 1, il])
        _rotate_rows(t, il, c, s, slice(il, n))
        _rotate_cols(t, il, c, s, slice(0, min(il + 2, iu) + 1))
        _rotate_cols(u, il, c, s, slice(0, n))
        for i in range(il + 1, iu):
            c, s, t[i, i - 1] = _givens(t[i, i - 1], t[i + 1, i - 1])
            t[i + 1, i - 1] = 0
            _rotate_rows(t, i, c, s, slice(i, n))
            _rotate_cols(t, i, c, s, slice(0, min(i + 2, iu) + 1))
            _rotate_cols(u, i, c, s, slice(0, n))


def _complex_eigen_solver(a: np.ndarray) -> tuple:
    """(eigenvalues, unit eigenvectors as columns) of one complex matrix, as TF's."""
    t, u = _complex_schur(a)
    n = a.shape[0]
    values = np.diagonal(t).copy()
    # X with T X = X diag(T), unit upper triangular; equal eigenvalues divide by a small
    # number instead of zero
    small = np.finfo(a.real.dtype).eps * max(np.linalg.norm(t), np.finfo(a.real.dtype).tiny)
    x = np.zeros((n, n), a.dtype)
    for k in range(n - 1, -1, -1):
        x[k, k] = 1
        for i in range(k - 1, -1, -1):
            v = -t[i, k]
            if k - i - 1 > 0:
                v -= t[i, i + 1:k] @ x[i + 1:k, k]
            z = t[i, i] - t[k, k]
            if z == 0:
                z = a.dtype.type(complex(small, z.imag))
            # (0 over the small z is 0, as C++'s complex division gives it; NumPy's squares a
            # denormal z to 0 and makes NaN: a zero matrix's vectors are the identity's)
            x[i, k] = v / z if v != 0 else 0
    vectors = u @ x
    vectors /= np.linalg.norm(vectors, axis=0).astype(a.real.dtype)
    for i in range(n):  # (by magnitude, the first of equal ones kept first)
        k = i + int(np.argmin(np.abs(values[i:])))
        if k != i:
            values[[i, k]] = values[[k, i]]
            vectors[:, [i, k]] = vectors[:, [k, i]]
    return values, vectors


def _eig_grad(n: Any, g_e: Any, g_v: Any) -> list:
    """With A = V diag(e) V^-1: dA = V^-H (diag(g_e) + F * (V^H g_V - V^H V diag(Re(diag(
    V^H g_V))))) V^H, F[i, j] = 1 / conj(e_j - e_i) off the diagonal (the last term keeps
    the eigenvectors' unit norms); real inputs take the real part."""
    x = n.inputs[0]
    e, v = n.outputs
    if not n.attrs["compute_v"]:  # (eigvals: the eigenvectors made again, as TF's gradient)
        (e, v), g_v = bind(EIG, (x,), {**n.attrs, "compute_v": True}), None
    vh = adjoint(v)
    mid = diag(g_e) if g_e is not None else zeros_like(matmul(vh, v))
    if g_v is not None:
        gap = expand_dims(e, -2) - expand_dims(e, -1)
        off = 1 - eye(shape(e)[-1], dtype=e.dtype)
        f = conj(off / (gap + (1 - off)))
        vgv = matmul(vh, g_v)
        norms = diag(cast(real(diag_part(vgv)), e.dtype))
        mid = mid + f * (vgv - matmul(matmul(vh, v), norms))
    grad = solve(vh, matmul(mid, vh))
    return [grad if x._dtype.is_complex else cast(real(grad), x._dtype)]


def _eig_ref(x: np.ndarray, compute_v: bool, Tout: dt.DType) -> tuple:
    """2x2 matrices in closed form: the roots of the characteristic polynomial, each with
    the unit null vector of A - e I; order and phases are the kernel's (eigenvectors are
    defined up to a unit complex factor, taken from TF's algorithm)."""
    out = Tout.as_numpy_dtype
    es, vs = [], []
    for idx in np.ndindex(*x.shape[:-2]):
        (a, b), (c, d) = x[idx].tolist()
        root = cmath.sqrt((a - d) ** 2 + 4 * b * c)
        pair = [(a + d + root) / 2, (a + d - root) / 2]
        lapack_e, lapack_v = (_complex_eigen_solver(x[idx].astype(out))
                              if np.iscomplexobj(x) else _real_eigen_solver(np.array(x[idx])))
        pair.sort(key=lambda e: int(np.argmin(np.abs(lapack_e - e))))
        cols = []
        for k, e in enumerate(pair):
            col = np.array([b, e - a]) if abs(b) > abs(c) else np.array([e - d, c])
            col = col / np.linalg.norm(col)
            phase = np.vdot(col, lapack_v[:, k])
            cols.append(col * phase / abs(phase))
        es.append(pair)
        vs.append(np.array(cols, complex).T)
    e = np.array(es, out).reshape(x.shape[:-1])
    return e, (np.array(vs, out).reshape(x.shape) if compute_v else np.zeros((0,), out))


EIG = register(OpDef(
    "Eig", _eig_infer, _eig_kernel, grad=_eig_grad, reference=_eig_ref, num_outputs=2,
    gpu=False,
    samples=lambda: [
        Sample((np.array([[4.0, 3.0], [6.0, 3.0]]),), {"compute_v": True,
                                                       "Tout": dt.complex128}, grad=False),
        Sample((_f64(3, 2, 2),), {"compute_v": True, "Tout": dt.complex128}, grad=False),
        Sample((np.array([[0.0, -1.0], [1.0, 0.0]]),), {"compute_v": False,
                                                        "Tout": dt.complex128}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"compute_v": True, "Tout": dt.complex128},
                           InvalidArgumentError, "Input matrix must be square."),
                 BadSample((np.ones((2, 2), np.int32),), {"compute_v": True, "Tout": dt.complex64},
                           InvalidArgumentError, "allowed values: float, double, complex64"),
                 BadSample((np.ones((2, 2)),), {"compute_v": True, "Tout": dt.complex64},
                           InvalidArgumentError, "Invalid output dtype 8 vs 18"),
                 BadSample((np.array([[np.nan, 1.0], [0.0, 1.0]]),),
                           {"compute_v": True, "Tout": dt.complex128},
                           InvalidArgumentError, "Eigen decomposition was not successful")],
))


def _eig_out_dtype(tensor: Any) -> Any:
    """The complex dtype of Eig's results. TF's Python picks it from the argument's own
    `dtype` before converting it (a list, a str or a Python number has none: Python's
    AttributeError), for the four dtypes Eig takes and no other: its local variable is
    then unbound."""
    try:
        dtype = dt.as_dtype(tensor.dtype)
    except TypeError:
        dtype = None
    if dtype not in _COMPLEX_OF:
        raise UnboundLocalError("cannot access local variable 'out_dtype' where it is not "
                                "associated with a value")
    return _COMPLEX_OF[dtype]


@dispatch_binding
@eager_api("tensor")  # (a list or NumPy scalar: TF's wrapper's slow path)
def eig(tensor: Any, name: str | None = None) -> tuple:
    """(eigenvalues, eigenvectors as columns), complex, of square matrices."""
    out_dtype = _eig_out_dtype(tensor)
    return bind(EIG, (_t(tensor),), {"compute_v": True, "Tout": out_dtype}, name)


@dispatch_binding
@eager_api("tensor")  # (a list or NumPy scalar: TF's wrapper's slow path)
def eigvals(tensor: Any, name: str | None = None) -> Any:
    out_dtype = _eig_out_dtype(tensor)
    return bind(EIG, (_t(tensor),), {"compute_v": False, "Tout": out_dtype}, name)[0]


# TF's Eig of a real matrix is Eigen's EigenSolver: the matrix scaled by its largest entry,
# Householder-reduced to Hessenberg form, Francis double-shift QR steps to a real Schur
# form (2x2 blocks for complex pairs), the Schur form's eigenvectors by back substitution
# (EISPACK's hqr2), U times those; a complex pair's vectors are re +- i im, each column
# normalized. Written here step for step, in the matrix's own precision.

def _givens_real(p: Any, q: Any) -> tuple:
    """(c, s) of the real rotation that zeroes q against p, with Eigen's signs."""
    one, zero = p.dtype.type(1), p.dtype.type(0)
    if q == 0:
        return (-one if p < 0 else one), zero
    if p == 0:
        return zero, (one if q < 0 else -one)
    if abs(p) > abs(q):
        t = q / p
        u = np.sqrt(1 + t * t)
        c = 1 / (-u if p < 0 else u)
        return c, -t * c
    t = p / q
    u = np.sqrt(1 + t * t)
    s = -1 / (-u if q < 0 else u)
    return -t * s, s


def _francis_step(t: np.ndarray, u: np.ndarray, il: int, iu: int, shift: list,
                  eps: Any) -> None:
    """One double-shift QR step on rows il..iu: the first reflection from the shifts,
    started as low as the matrix allows, then the bulge chased down with 3-reflections."""
    v = np.zeros(3, t.dtype)
    im = iu - 2
    while True:
        tmm = t[im, im]
        r, s = shift[0] - tmm, shift[1] - tmm
        v[0] = (r * s - shift[2]) / t[im + 1, im] + t[im, im + 1]
        v[1] = t[im + 1, im + 1] - tmm - r - s
        v[2] = t[im + 2, im + 1]
        if im == il:
            break
        lhs = t[im, im - 1] * (abs(v[1]) + abs(v[2]))
        rhs = v[0] * (abs(t[im - 1, im - 1]) + abs(tmm) + abs(t[im + 1, im + 1]))
        if abs(lhs) < eps * rhs:
            break
        im -= 1
    for k in range(im, iu - 1):
        ess, tau, beta = _householder(np, v.copy() if k == im else t[k:k + 3, k - 1].copy())
        if beta != 0:
            if k == im and k > il:
                t[k, k - 1] = -t[k, k - 1]
            elif k != im:
                t[k, k - 1] = beta
            _reflect(np, t[k:k + 3, k:], ess, tau)
            _reflect_right(t[:min(iu, k + 3) + 1, k:k + 3], ess, tau)
            _reflect_right(u[:, k:k + 3], ess, tau)
    ess, tau, beta = _householder(np, t[iu - 1:iu + 1, iu - 2].copy())
    if beta != 0:
        t[iu - 1, iu - 2] = beta
        _reflect(np, t[iu - 1:iu + 1, iu - 1:], ess, tau)
        _reflect_right(t[:iu + 1, iu - 1:iu + 1], ess, tau)
        _reflect_right(u[:, iu - 1:iu + 1], ess, tau)
    for i in range(im + 2, iu + 1):  # (round-off below the subdiagonal)
        t[i, i - 2] = 0
        if i > im + 2:
            t[i, i - 3] = 0


def _split_two_rows(t: np.ndarray, u: np.ndarray, iu: int, exshift: Any) -> None:
    """Rows iu-1, iu decoupled: a block of real eigenvalues rotated upper triangular."""
    n = t.shape[0]
    p = t.dtype.type(0.5) * (t[iu - 1, iu - 1] - t[iu, iu])
    q = p * p + t[iu, iu - 1] * t[iu - 1, iu]
    t[iu, iu] += exshift
    t[iu - 1, iu - 1] += exshift
    if q >= 0:
        z = np.sqrt(abs(q))
        c, s = _givens_real(p + z if p >= 0 else p - z, t[iu, iu - 1])
        _rotate_rows(t, iu - 1, c, s, slice(iu - 1, n))
        _rotate_cols(t, iu - 1, c, s, slice(0, iu + 1))
        t[iu, iu - 1] = 0
        _rotate_cols(u, iu - 1, c, s, slice(0, n))
    if iu > 1:
        t[iu - 1, iu - 2] = 0


def _real_schur(a: np.ndarray) -> tuple:
    """(T, U) with A = U T U^T, T quasi upper triangular."""
    n = a.shape[0]
    dtype = a.dtype.type
    tiny, eps = np.finfo(a.dtype).tiny, np.finfo(a.dtype).eps
    scale = np.abs(a).max()
    if scale < tiny:
        return np.zeros_like(a), np.eye(n, dtype=a.dtype)
    t, u = _hessenberg(a / scale)
    norm = dtype(0)
    for j in range(n):
        norm += np.abs(t[:min(n, j + 2), j]).sum()
    zero = max(norm * eps * eps, tiny)
    iu, it, total, exshift = n - 1, 0, 0, dtype(0)
    while norm != 0 and iu >= 0:
        il = iu
        while il > 0 and abs(t[il, il - 1]) > max((abs(t[il - 1, il - 1]) +
                                                   abs(t[il, il])) * eps, zero):
            il -= 1
        if il == iu:  # one eigenvalue
            t[iu, iu] = t[iu, iu] + exshift
            if iu > 0:
                t[iu, iu - 1] = 0
            iu, it = iu - 1, 0
        elif il == iu - 1:  # two
            _split_two_rows(t, u, iu, exshift)
            iu, it = iu - 2, 0
        else:
            shift = [t[iu, iu], t[iu - 1, iu - 1], t[iu, iu - 1] * t[iu - 1, iu]]
            if it > 0 and it % 16 == 0:  # exceptional shifts, in turn
                if it % 32:
                    exshift += shift[0]
                    for i in range(iu + 1):
                        t[i, i] -= shift[0]
                    s = abs(t[iu, iu - 1]) + abs(t[iu - 1, iu - 2])
                    shift = [dtype(0.75) * s, dtype(0.75) * s, dtype(-0.4375) * s * s]
                else:
                    s = (shift[1] - shift[0]) / dtype(2)
                    s = s * s + shift[2]
                    if s > 0:
                        s = np.sqrt(s)
                        s = -s if shift[1] < shift[0] else s
                        s = shift[0] - shift[2] / (s + (shift[1] - shift[0]) / dtype(2))
                        exshift += s
                        for i in range(iu + 1):
                            t[i, i] -= s
                        shift = [dtype(0.964)] * 3
            it, total = it + 1, total + 1
            if total > 40 * n:
                raise InvalidArgumentError(None, None, _EIG_FAILED)
            _francis_step(t, u, il, iu, shift, eps)
    return t * scale, u


def _schur_values(t: np.ndarray, cdtype: Any) -> np.ndarray:
    """The eigenvalues of a real Schur form: its diagonal, and each 2x2 block's pair."""
    n = t.shape[0]
    values = np.zeros(n, cdtype)
    i = 0
    while i < n:
        if i == n - 1 or t[i + 1, i] == 0:
            values[i] = t[i, i]
            i += 1
            continue
        p = t.dtype.type(0.5) * (t[i, i] - t[i + 1, i + 1])
        t0, t1 = t[i + 1, i], t[i, i + 1]
        top = max(abs(p), max(abs(t0), abs(t1)))  # (scaled: no overflow)
        z = top * np.sqrt(abs((p / top) * (p / top) + (t0 / top) * (t1 / top)))
        values[i] = cdtype(complex(t[i + 1, i + 1] + p, z))
        values[i + 1] = cdtype(complex(t[i + 1, i + 1] + p, -z))
        i += 2
    return values


def _schur_vectors(t: np.ndarray, values: np.ndarray, cdtype: Any) -> bool:
    """The real Schur form's eigenvectors by back substitution, in t's upper triangle
    (a complex pair's real and imaginary parts in its two columns). False, t untouched,
    where the form is zero: Eigen then leaves the Schur vectors themselves as the
    eigenvectors (a zero matrix's are the identity's columns)."""
    n = t.shape[0]
    eps = np.finfo(t.dtype).eps
    norm = t.dtype.type(0)
    for j in range(n):
        norm += np.abs(t[j, max(j - 1, 0):]).sum()
    if norm == 0:
        return False
    k = n - 1
    while k >= 0:
        p, q = values[k].real, values[k].imag
        if q == 0:
            last_r = last_w = t.dtype.type(0)
            low = k
            t[k, k] = 1
            for i in range(k - 1, -1, -1):
                w = t[i, i] - p
                r = t[i, low:k + 1] @ t[low:k + 1, k]
                if values[i].imag < 0:
                    last_w, last_r = w, r
                    continue
                low = i
                if values[i].imag == 0:
                    t[i, k] = -r / w if w != 0 else -r / (eps * norm)
                else:
                    x, y = t[i, i + 1], t[i + 1, i]
                    re = values[i].real - p
                    tt = (x * last_r - last_w * r) / (re * re + values[i].imag * values[i].imag)
                    t[i, k] = tt
                    t[i + 1, k] = (-r - w * tt) / x if abs(x) > abs(last_w) else \
                        (-last_r - y * tt) / last_w
                big = abs(t[i, k])
                if (eps * big) * big > 1:
                    t[i:, k] /= big
        elif q < 0 and k > 0:
            _pair_vectors(t, values, k, p, q, eps, norm, cdtype)
            k -= 1
        k -= 1
    return True


def _pair_vectors(t: np.ndarray, values: np.ndarray, k: int, p: Any, q: Any, eps: Any,
                  norm: Any, cdtype: Any) -> None:
    """Back substitution for the complex pair ending at column k."""
    last_ra = last_sa = last_w = t.dtype.type(0)
    low = k - 1
    if abs(t[k, k - 1]) > abs(t[k - 1, k]):
        t[k - 1, k - 1] = q / t[k, k - 1]
        t[k - 1, k] = -(t[k, k] - p) / t[k, k - 1]
    else:
        cc = cdtype(complex(0, -t[k - 1, k])) / cdtype(complex(t[k - 1, k - 1] - p, q))
        t[k - 1, k - 1], t[k - 1, k] = cc.real, cc.imag
    t[k, k - 1], t[k, k] = 0, 1
    for i in range(k - 2, -1, -1):
        ra = t[i, low:k + 1] @ t[low:k + 1, k - 1]
        sa = t[i, low:k + 1] @ t[low:k + 1, k]
        w = t[i, i] - p
        if values[i].imag < 0:
            last_w, last_ra, last_sa = w, ra, sa
            continue
        low = i
        if values[i].imag == 0:
            cc = cdtype(complex(-ra, -sa)) / cdtype(complex(w, q))
            t[i, k - 1], t[i, k] = cc.real, cc.imag
        else:
            x, y = t[i, i + 1], t[i + 1, i]
            re = values[i].real - p
            vr = re * re + values[i].imag * values[i].imag - q * q
            vi = re * t.dtype.type(2) * q
            if vr == 0 and vi == 0:
                vr = eps * norm * (abs(w) + abs(q) + abs(x) + abs(y) + abs(last_w))
            cc = cdtype(complex(x * last_ra - last_w * ra + q * sa,
                                x * last_sa - last_w * sa - q * ra)) / cdtype(complex(vr, vi))
            t[i, k - 1], t[i, k] = cc.real, cc.imag
            if abs(x) > abs(last_w) + abs(q):
                t[i + 1, k - 1] = (-ra - w * t[i, k - 1] + q * t[i, k]) / x
                t[i + 1, k] = (-sa - w * t[i, k] - q * t[i, k - 1]) / x
            else:
                cc = cdtype(complex(-last_ra - y * t[i, k - 1], -last_sa - y * t[i, k])) / \
                    cdtype(complex(last_w, q))
                t[i + 1, k - 1], t[i + 1, k] = cc.real, cc.imag
        big = max(abs(t[i, k - 1]), abs(t[i, k]))
        if (eps * big) * big > 1:
            t[i:, k - 1:k + 1] /= big


def _real_eigen_solver(a: np.ndarray) -> tuple:
    """(eigenvalues, unit eigenvectors as columns) of one real matrix, as TF's."""
    n = a.shape[0]
    cdtype = np.result_type(a.dtype, np.complex64).type
    t, u = (a.copy(), np.eye(1, dtype=a.dtype)) if n == 1 else _real_schur(a)
    values = _schur_values(t, cdtype)
    if not np.isfinite(values).all():
        raise InvalidArgumentError(None, None, _EIG_FAILED)
    with np.errstate(over="ignore", invalid="ignore"):  # (norms of huge entries: inf)
        solved = _schur_vectors(t, values, cdtype)
    for j in range(n - 1 if solved else -1, -1, -1):  # (U times the Schur form's vectors)
        u[:, j] = u[:, :j + 1] @ t[:j + 1, j]
    out = np.zeros((n, n), cdtype)
    precision = 2 * np.finfo(a.dtype).eps
    j = 0
    while j < n:
        if abs(values[j].imag) <= abs(values[j].real) * precision or j + 1 == n:
            out[:, j].real = u[:, j]
            out[:, j] /= np.linalg.norm(out[:, j])
            j += 1
            continue
        out[:, j].real = out[:, j + 1].real = u[:, j]
        out[:, j].imag, out[:, j + 1].imag = u[:, j + 1], -u[:, j + 1]
        out[:, j] /= np.linalg.norm(out[:, j])
        out[:, j + 1] /= np.linalg.norm(out[:, j + 1])
        j += 2
    return values, out
