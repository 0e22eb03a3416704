"""Functions of a square matrix: tf.linalg.expm, sqrtm (TF's MatrixSquareRoot) and logm
(TF's MatrixLogarithm), and eigh_tridiagonal.

Sits in the ops layer after the linear algebra families (it composes linalg's matmul and
linalg_decomp's solve and eigh); loaded on first use. Three OpDefs:

- "MatrixExponential": Padé approximation with scaling and squaring (Higham 2005), as TF's
  Python function computes it (tf.linalg.expm is a composite there): over `xp` for a whole
  batch at once, each matrix taking its own degree and power of two, the approximants
  evaluated in TF's order of operations, a batch with any norm not finite all NaN (a
  saved function holds TF's composite instead: saved_model/composite_export.py). Its
  gradient is the adjoint Fréchet derivative, the top-right block of the exponential of
  [[A^H, G], [0, A^H]], so every order of derivative is the op again.
- "MatrixSquareRoot" and "MatrixLogarithm": through the eigendecomposition A = V D V^-1
  (LAPACK's, so CPU-only kernels, as Eig), with a Denman-Beavers iteration where V is too
  ill-conditioned for that (defective matrices). TF computes them through a Schur form;
  the principal branch is the same, and a real matrix with a negative real eigenvalue has
  no real square root: TF's answer is all NaN, and so is this one. The square root's
  gradient solves TF's Sylvester equation S^T X + X S^T = G through the Kronecker sum;
  the logarithm has none, as in TF.

eigh_tridiagonal is a composition: the dense Hermitian matrix and eigh.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, expand_dims, reshape, shape, transpose
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, raised_eagerly
from eagerflow._src.ops.indexing import boolean_mask
from eagerflow._src.ops.linalg import adjoint, diag, matmul, matrix_transpose
from eagerflow._src.ops.linalg_decomp import _dtype_check, _matrix_shape, solve
from eagerflow._src.ops.linalg_eye import eye
from eagerflow._src.ops.linalg_spectral import eigh, eigvalsh
from eagerflow._src.ops.math import abs as abs_
from eagerflow._src.ops.math import logical_and, sqrt, square
from eagerflow._src.ops.math_base import _t, cast, conj, real, zeros_like
from eagerflow._src.ops.reduce import reduce_max, reduce_sum
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(67)
_FLOATS = frozenset((dt.float16, dt.float32, dt.float64, dt.complex64, dt.complex128))
_COMPLEX = frozenset((dt.complex64, dt.complex128))


def _well_posed(n: int, batch: tuple = (), complex_: bool = False) -> np.ndarray:
    """Matrices with eigenvalues near n (positive real part): away from every branch cut."""
    a = _rng.uniform(-1.0, 1.0, batch + (n, n)) + n * np.eye(n)
    if complex_:
        a = a + 1j * _rng.uniform(-0.5, 0.5, batch + (n, n))
    return a


# ---------------------------------------------------------------------------------------
# The exponential: Padé approximants with scaling and squaring, over xp
# ---------------------------------------------------------------------------------------

# Padé coefficients b_0..b_m (Higham 2005, table 10.2) and the 1-norms below which each
# degree is used: per matrix, the first degree whose bound its norm is under, else the top
# degree after scaling by 2^-s, as TF's Python function selects them (double precision
# goes to 13, single precision stops at 7).
_PADE = {
    3: (120.0, 60.0, 12.0, 1.0),
    5: (30240.0, 15120.0, 3360.0, 420.0, 30.0, 1.0),
    7: (17297280.0, 8648640.0, 1995840.0, 277200.0, 25200.0, 1512.0, 56.0, 1.0),
    9: (17643225600.0, 8821612800.0, 2075673600.0, 302702400.0, 30270240.0, 2162160.0,
        110880.0, 3960.0, 90.0, 1.0),
    13: (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
         129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0,
         40840800.0, 960960.0, 16380.0, 182.0, 1.0),
}
THETA_DOUBLE = {3: 1.495585217958292e-2, 5: 2.539398330063230e-1, 7: 9.504178996162932e-1,
                 9: 2.097847961257068, 13: 5.371920351148152}
THETA_SINGLE = {3: 4.258730016922831e-1, 5: 1.880152677804762, 7: 3.925724783138660}


def pade(xp: Any, a: Any, m: int, eye_: Any = None) -> tuple:
    """(U, V), the odd and even parts of the degree-m Padé approximant, exp(a) ~
    (V - U)^-1 (V + U), evaluated in TF's order of operations (the same rounding): the
    even powers by products of a^2, degree 13 through a^6 (Higham's scheme). Over arrays
    (`xp`), or over tensors given their identity matrices `eye_` (saved_model's TF form
    of the op, which writes the composite TF's function is)."""
    b = _PADE[m]
    if eye_ is None:
        eye_ = xp.broadcast_to(xp.eye(a.shape[-1], dtype=a.dtype), a.shape)
    top = 3 if m == 13 else m // 2
    p = [eye_, a @ a]  # p[k] = a^(2k), each the last times a^2
    while len(p) <= top:
        p.append(p[-1] @ p[1])
    if m == 13:
        i, a2, a4, a6 = p
        inner_u = a6 @ (a6 + b[11] * a4 + b[9] * a2)
        u = a @ (inner_u + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * i)
        inner_v = a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2)
        return u, inner_v + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * i
    # U = a (a^(m-1) + ... + b_1), V = b_(m-1) a^(m-1) + ... + b_0, summed from the top
    odd, even = p[top], b[m - 1] * p[top]
    for k in range(top - 1, -1, -1):
        odd = odd + b[2 * k + 1] * p[k]
        even = even + b[2 * k] * p[k]
    return a @ odd, even


def _expm_kernel(xp: Any, x: Any) -> Any:
    if x.size == 0:
        return xp.array(x, copy=True)
    with np.errstate(all="ignore"):  # inf and nan propagate quietly, as in TF
        return _expm(xp, x.astype(np.float32) if x.dtype == np.float16 else x
                     ).astype(x.dtype, copy=False)


def _expm(xp: Any, x: Any) -> Any:
    """TF's scaling and squaring, matrix by matrix: each takes the degree its own 1-norm
    selects, the top degree with 2^s scaling (s = floor(log2(norm / bound)), at least 0)
    and s squarings; any norm not finite makes the whole batch NaN."""
    thetas = THETA_SINGLE if x.dtype in (np.float32, np.complex64) else THETA_DOUBLE
    norms = xp.max(xp.sum(xp.abs(x), axis=-2), axis=-1)  # each matrix's 1-norm
    real = norms.dtype.type
    degrees = sorted(thetas)
    top = degrees[-1]
    log2 = xp.log(real(2.0))
    squarings = xp.maximum(xp.floor(xp.log(norms / real(thetas[top])) / log2), real(0))
    # (one read back: the norms' range picks the degrees, the squarings' count the loop)
    lo, hi, steps = (float(v) for v in to_host(
        xp.stack([xp.min(norms), xp.max(norms), xp.max(squarings)])))
    if not math.isfinite(hi):  # (NaN included: max propagates it)
        return xp.full(x.shape, np.nan, x.dtype)
    # (only the degrees some matrix selects: the norms are ordered, so those from the
    # smallest norm's to the largest's)
    used = [m for m in degrees if m == top or real(thetas[m]) > real(lo)]
    used = used[:next((i + 1 for i, m in enumerate(used) if real(hi) < real(thetas[m])),
                      len(used))]
    u = v = None
    for m in reversed(used):  # (the first bound a norm is under wins)
        a = x / (real(2.0) ** squarings).astype(x.dtype)[..., None, None] if m == top else x
        um, vm = pade(xp, a, m)
        if u is None:
            u, v = um, vm
        else:
            under = (norms < real(thetas[m]))[..., None, None]
            u, v = xp.where(under, um, u), xp.where(under, vm, v)
    out = xp.linalg.solve(-u + v, u + v)
    for i in range(int(steps)):
        out = xp.where((real(i) < squarings)[..., None, None], out @ out, out)
    return out


def _expm_grad(n: Any, g: Any) -> list:
    """The adjoint Fréchet derivative L(A^H, G): the top-right block of
    exp([[A^H, G], [0, A^H]]). None where the batch's largest 1-norm is not finite (an
    empty batch's is -inf): TF's function then returns a NaN fill made apart from the
    input (its eager cond runs only that branch), so its tape has no gradient there (a
    traced function's cond is differentiated through as before)."""
    x = n.inputs[0]
    if isinstance(x, EagerTensor) and x._shape[-2:] != (0, 0):
        a = to_host(x._arr)
        with np.errstate(all="ignore"):
            norm = np.max(np.sum(np.abs(a), axis=-2), initial=-np.inf)
        if not np.isfinite(norm):
            return [None]
    ah = adjoint(x)
    top = concat([ah, g], -1)
    bottom = concat([zeros_like(ah), ah], -1)
    k = shape(ah)[-1]
    return [expm(concat([top, bottom], -2))[..., :k, k:]]


def _expm_infer(x: Any) -> list:
    _dtype_check("MatrixExponential", x, "double, float, half, complex64, complex128", _FLOATS)
    return [(_matrix_shape("MatrixExponential", x, square=True), x._dtype)]


def _expm_ref(x: np.ndarray) -> np.ndarray:
    from scipy.linalg import expm as scipy_expm  # the independent reference (test extra)

    return scipy_expm(x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)
                      ).astype(x.dtype)


EXPM = register(OpDef(
    "MatrixExponential", _expm_infer, _expm_kernel, grad=_expm_grad, reference=_expm_ref,
    samples=lambda: [
        Sample((_rng.uniform(-1.0, 1.0, (3, 3)),)),
        Sample((_rng.uniform(-2.0, 2.0, (2, 4, 4)),), second_order=False),
        Sample((np.array([[0.0, 6.0], [-6.0, 0.0]]),)),  # needs squarings
        Sample((_rng.uniform(-1.0, 1.0, (2, 2)) + 1j * _rng.uniform(-1.0, 1.0, (2, 2)),),
               grad=False),  # complex gradients: against TF's in test_linalg_matfunc.py
        Sample((np.zeros((0, 0)),), grad=False),
        Sample((np.diag([1e-4, -1e-4]).astype(np.float32),), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)),), {}, InvalidArgumentError, "Input matrix must be square."),
        BadSample((np.ones(3),), {}, InvalidArgumentError, "must have rank >= 2"),
        BadSample((np.ones((2, 2), np.int32),), {}, InvalidArgumentError,
                  "allowed values: double, float, half, complex64, complex128")],
))


@dispatch_binding
def expm(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """`tf.linalg.expm`: the matrix exponential of each [..., M, M] matrix."""
    x = _t(input)
    s = x._shape
    if s is not None and s[-2:] == (0, 0):  # (TF's: its own exponential, whatever its dtype)
        return x
    if x._dtype not in _FLOATS or x._dtype is dt.float16 or (s is not None and (
            len(s) < 2 or None not in s[-2:] and s[-1] != s[-2])):
        return _expm_as_tf_fails(x, name)
    return bind(EXPM, (x,), {}, name)


def _expm_as_tf_fails(x: Any, name: str | None) -> Any:
    """expm where TF's Python function fails on its way (or, for a vector of one, gives a
    1x1 matrix): the ops it runs first, in its order, raise its errors. The matrices
    batched, their l1 norm (Abs refuses unsigned, bool and string), then its dtype check,
    its first MatMul (a vector, a matrix not square), and its MatrixSolve, which has no
    half kernel."""
    y = reshape(x, [-1] + list(x._shape[-2:]))
    norm = reduce_max(reduce_sum(abs_(y), axis=len(y._shape) - 2), axis=-1)
    if x._dtype not in _FLOATS:
        raise ValueError("tf.linalg.expm does not support matrices of type "
                         f"<dtype: '{x._dtype.name}'>")
    matmul(y, y)
    if isinstance(norm, EagerTensor) and not np.isfinite(
            np.max(norm.numpy(), initial=-np.inf)):
        # (TF's cond solves only where the largest norm is finite: else (an empty batch, an
        # inf or a NaN) NaN of the input's shape, no MatrixSolve run; a vector of one's
        # batched as a 1x1 matrix)
        out = tuple(x._shape[:-2]) + tuple(y._shape[-2:])
        return convert_to_tensor(np.full(out, np.nan, x._dtype.as_numpy_dtype))
    try:
        _dtype_check("MatrixSolve", y, no_half=", adjoint=false")
    except OpError as e:  # (TF's MatrixSolve op, run eagerly: its error reads so)
        raise raised_eagerly(e, "") from None
    return bind(EXPM, (y,), {}, name)


# ---------------------------------------------------------------------------------------
# Square root and logarithm through the eigendecomposition
# ---------------------------------------------------------------------------------------

def _denman_beavers(a: np.ndarray, steps: int = 60) -> np.ndarray:
    """sqrt(a) by the scaled product form of the Denman-Beavers iteration: Y -> sqrt(a),
    M -> I. For defective matrices, where eigenvectors can't be trusted. NaN when it
    does not converge (a singular matrix)."""
    n = a.shape[0]
    y, m = a.copy(), a.copy()
    ident = np.eye(n, dtype=a.dtype)
    for _ in range(steps):
        try:
            m_inv = np.linalg.inv(m)
        except np.linalg.LinAlgError:
            return np.full_like(a, np.nan)
        mu = abs(np.linalg.det(m)) ** (-1.0 / (2 * n))
        if not np.isfinite(mu):
            return np.full_like(a, np.nan)
        y = mu * y @ (ident + m_inv / mu**2) / 2
        m = (ident + (mu**2 * m + m_inv / mu**2) / 2) / 2
        if np.linalg.norm(m - ident, 1) < 1e-14:
            break
    return y


def _by_eigen(a: np.ndarray, scalar: Any, defective: Any, real: bool) -> np.ndarray:
    """f(a) for one matrix: V f(D) V^-1, or `defective(a)` when V is not well-conditioned.
    `real`: a real input, whose negative real eigenvalues leave no real answer (all NaN,
    as TF's real Schur form gives)."""
    e, v = np.linalg.eig(a)
    if real and np.any((e.imag == 0) & (e.real < 0)):
        return np.full(a.shape, np.nan)
    if scalar is np.sqrt and np.count_nonzero(e == 0) > 1:
        return np.full(a.shape, np.nan)  # TF's Schur recurrence divides by 0 + 0 there
    e, v = e.astype(np.complex128), v.astype(np.complex128)
    if np.linalg.cond(v) < 1e4:  # else accuracy ~ cond(V) eps is lost
        return np.linalg.solve(v.T, (v * scalar(e)).T).T
    return defective(a.astype(np.complex128))


def _log_defective(a: np.ndarray) -> np.ndarray:
    """Inverse scaling and squaring: log(a) = 2^k log(a^(1/2^k)), with a^(1/2^k) near I,
    where the series 2 (Z + Z^3/3 + ...) of Z = (R - I)(R + I)^-1 converges fast."""
    ident = np.eye(a.shape[0], dtype=a.dtype)
    k = 0
    while np.linalg.norm(a - ident, 1) > 0.25 and k < 60:
        a, k = _denman_beavers(a), k + 1
    if not np.all(np.isfinite(a)):
        return np.full_like(a, np.nan)
    z = np.linalg.solve((a + ident).T, (a - ident).T).T
    z2, term, out = z @ z, z, np.zeros_like(z)
    for j in range(1, 80, 2):
        out += term / j
        term = term @ z2
        if np.linalg.norm(term, 1) < 1e-17:
            break
    return 2.0**(k + 1) * out


def _host_kernel(scalar: Any, defective: Any) -> Any:
    def kernel(xp: Any, x: Any) -> Any:
        real = x.dtype.kind != "c"
        work = x.astype(np.float64 if real else np.complex128)
        out = np.empty(x.shape, np.complex128)
        if x.size == 0:  # (no matrix, or 0 x 0 ones only: none to loop over)
            return out.real.astype(x.dtype) if real else out.astype(x.dtype)
        with np.errstate(all="ignore"):  # inf and nan propagate quietly, as in TF
            for idx in np.ndindex(*x.shape[:-2]):
                if not np.all(np.isfinite(work[idx])):
                    out[idx] = np.nan
                elif x.shape[-1]:
                    out[idx] = _by_eigen(work[idx], scalar, defective, real)
        if not real:  # (TF's complex NaN: NaN in both parts)
            out[np.isnan(out)] = complex(np.nan, np.nan)
        return (out.real if real else out).astype(x.dtype)
    return kernel


def _sqrtm_infer(x: Any) -> list:
    _dtype_check("MatrixSquareRoot", x, "double, float, half, complex64, complex128",
                 _FLOATS, no_half="")
    return [(_matrix_shape("MatrixSquareRoot", x, square=True), x._dtype)]


def _kron(a: Any, b: Any) -> Any:
    """Batched Kronecker products of square matrices: [i*n + k, j*n + l] is a[i, j] b[k, l]."""
    n, r = shape(a)[-1], len(a._shape)
    outer = expand_dims(expand_dims(a, -1), -1) * expand_dims(expand_dims(b, -3), -3)
    outer = transpose(outer, list(range(r - 2)) + [r - 2, r, r - 1, r + 1])
    return reshape(outer, concat([shape(a)[:-2], [n * n, n * n]], 0))


def _sqrtm_grad(n: Any, g: Any) -> list:
    """X with S^T X + X S^T = G (S the square root): in row-major vec form,
    (S^T (x) I + I (x) S) vec(X) = vec(G). (TF's formula: for complex matrices it takes
    the transpose where the adjoint would be the conjugate-linear convention.)"""
    s = n.outputs[0]
    k = shape(s)[-1]
    ident = eye(k, dtype=s.dtype) + zeros_like(s)
    ksum = _kron(matrix_transpose(s), ident) + _kron(ident, s)
    lead = shape(g)[:-2]
    vec = reshape(g, concat([lead, [k * k, 1]], 0))
    return [reshape(solve(ksum, vec), shape(g))]


def _sqrtm_ref(x: np.ndarray) -> np.ndarray:
    from scipy.linalg import sqrtm as scipy_sqrtm  # the independent reference (test extra)

    out = np.empty(x.shape, np.complex128)
    for idx in np.ndindex(*x.shape[:-2]):
        out[idx] = scipy_sqrtm(x[idx].astype(np.complex128))
    return (out if x.dtype.kind == "c" else out.real).astype(x.dtype)


SQRTM = register(OpDef(
    "MatrixSquareRoot", _sqrtm_infer, _host_kernel(np.sqrt, _denman_beavers), grad=_sqrtm_grad,
    reference=_sqrtm_ref, gpu=False,
    samples=lambda: [
        Sample((_well_posed(3),)),
        Sample((_well_posed(2, (2,)),), second_order=False),
        Sample((_well_posed(2, complex_=True),), grad=False),
        Sample((np.array([[4.0, 1.0], [0.0, 4.0]]),)),  # defective
        Sample((np.array([[0.0, -1.0], [1.0, 0.0]]) * 2,), grad=False),  # complex eigenvalues
        Sample((_well_posed(3).astype(np.float32),), grad=False),
        Sample((np.zeros((2, 0, 0)),), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 3)),), {}, InvalidArgumentError, "Input matrix must be square."),
        BadSample((np.ones((2, 2), np.int32),), {}, InvalidArgumentError,
                  "allowed values: double, float, half, complex64, complex128")],
))


@eager_api("input")  # (a list: TF's wrapper's slow path)
def matrix_square_root(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """`tf.linalg.sqrtm` (and tf.matrix_square_root): the principal square root of each
    [..., M, M] matrix (NaN where a real matrix has none)."""
    return bind(SQRTM, (_t(input),), {}, name)


sqrtm = matrix_square_root


def _logm_infer(x: Any) -> list:
    _dtype_check("MatrixLogarithm", x, "complex64, complex128", _COMPLEX)
    return [(_matrix_shape("MatrixLogarithm", x, square=True), x._dtype)]


def _logm_ref(x: np.ndarray) -> np.ndarray:
    from scipy.linalg import logm as scipy_logm  # the independent reference (test extra)

    out = np.empty(x.shape, np.complex128)
    for idx in np.ndindex(*x.shape[:-2]):
        out[idx] = scipy_logm(x[idx].astype(np.complex128))
    return out.astype(x.dtype)


LOGM = register(OpDef(
    "MatrixLogarithm", _logm_infer, _host_kernel(np.log, _log_defective), reference=_logm_ref,
    gpu=False,
    samples=lambda: [
        Sample((_well_posed(3, complex_=True),), grad=False),
        Sample((_well_posed(2, (2,), complex_=True).astype(np.complex64),), grad=False),
        Sample((np.array([[2.0, 1.0], [0.0, 2.0]], np.complex128),), grad=False),  # defective
        Sample((np.array([[-1.0, 0.0], [0.0, 1.0]], np.complex128),), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 2)),), {}, InvalidArgumentError,
                  "allowed values: complex64, complex128"),
        BadSample((np.ones((1, 3), np.complex64),), {}, InvalidArgumentError,
                  "Input matrix must be square.")],
))


@eager_api("input")  # (a list or NumPy scalar: TF's wrapper's slow path)
def logm(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """`tf.linalg.logm`: the principal logarithm of each complex [..., M, M] matrix."""
    return bind(LOGM, (_t(input),), {}, name)


# ---------------------------------------------------------------------------------------
# eigh_tridiagonal: a composition
# ---------------------------------------------------------------------------------------

def _gershgorin_as_tf(alpha: Any, beta: Any) -> None:
    """The first steps of TF's eigh_tridiagonal (its bisection's Gershgorin bounds), whose
    ops refuse what it refuses, in its order: the types matching, |beta| (Square and Abs
    refuse bool, string and unsigned), a float type, then alpha plus the off-diagonal
    row sums (a beta of another length than alpha's less one: AddV2's shapes)."""
    if alpha.dtype != beta.dtype:
        raise ValueError("'alpha' and 'beta' must have the same type.")
    if alpha.dtype.is_complex:
        beta_abs = sqrt(real(conj(beta) * beta))
        alpha = real(alpha)
    else:
        square(beta)
        beta_abs = abs_(beta)
    if not alpha.dtype.is_floating or alpha.dtype is dt.bfloat16:  # (NumPy's finfo's types)
        raise ValueError(f"data type {alpha.dtype.as_numpy_dtype} not inexact")
    if alpha._shape:  # (a scalar beta: its slice's refusal)
        alpha + concat([beta_abs[:1], beta_abs[:-1] + beta_abs[1:], beta_abs[-1:]], axis=0)


@dispatch_binding
def eigh_tridiagonal(alpha: Any, beta: Any, eigvals_only: bool = True, select: str = "a",
                     select_range: Any = None, tol: Any = None,
                     name: str | None = None) -> Any:
    """`tf.linalg.eigh_tridiagonal`: eigenvalues (ascending; and eigenvectors as columns)
    of the Hermitian tridiagonal matrix with diagonal `alpha` and subdiagonal `beta`
    (superdiagonal conj(beta)). `select`: 'a' all, 'i' the indices
    select_range[0]..select_range[1], 'v' the values in (select_range[0], select_range[1]].
    Computed densely through eigh (TF uses bisection and inverse iteration): eigenvectors
    may differ from TF's by a sign (a unit complex factor)."""
    # (in TF's order: alpha's length read first, a scalar's IndexError; one entry or none
    # is alpha's real part, beta unread; then the types, the bounds, and only then select)
    alpha = convert_to_tensor(alpha)
    if alpha._shape is not None and not alpha._shape:
        raise IndexError("tuple index out of range")
    if alpha._shape is not None and alpha._shape[0] is not None and alpha._shape[0] <= 1:
        return real(alpha)  # (TF's Real of it: a bool or string its TypeError)
    beta = convert_to_tensor(beta)
    _gershgorin_as_tf(alpha, beta)
    if select not in ("a", "i", "v"):
        raise ValueError("'select must have a value in {'a', 'i', 'v'}.")
    a_shape, b_shape = alpha._shape, beta._shape
    if len(a_shape) != 1 or len(b_shape) != 1:
        raise ValueError("eigh_tridiagonal takes 1-D `alpha` and `beta`; got shapes "
                         f"{C.shape_str(a_shape)} and {C.shape_str(b_shape)}")
    if a_shape[0] is not None and b_shape[0] is not None and b_shape[0] != a_shape[0] - 1:
        raise ValueError(f"`beta` must have one entry fewer than `alpha`: {b_shape[0]} vs. "
                         f"{a_shape[0]}")
    beta = cast(beta, alpha.dtype)
    matrix = diag(alpha) + diag(beta, k=-1) + diag(conj(beta), k=1)
    real_alpha = cast(alpha, alpha.dtype.real_dtype) if alpha.dtype.is_complex else alpha
    if eigvals_only:
        values, vectors = eigvalsh(matrix), None
    else:
        values, vectors = eigh(matrix)
    values = cast(values, real_alpha.dtype)
    if select == "i":
        lo, hi = (int(v) for v in select_range)
        values = values[lo:hi + 1]
        vectors = None if vectors is None else vectors[:, lo:hi + 1]
    elif select == "v":
        lo, hi = (cast(convert_to_tensor(v), values.dtype) for v in select_range)
        keep = logical_and(values > lo, values <= hi)
        values = boolean_mask(values, keep)
        vectors = None if vectors is None else boolean_mask(vectors, keep, axis=1)
    if vectors is None or a_shape[0] == 1:  # TF gives the eigenvalues alone for one entry
        return values
    return values, vectors
