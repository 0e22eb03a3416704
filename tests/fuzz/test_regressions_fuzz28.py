"""Complex elementwise ops at special values, and linear algebra on matrices holding
infinities or NaN (singular and near-singular ones too), against TF 2.21's CPU results
recorded by record_fuzz28.py (fuzz28_cases.py lists the calls).

What is compared: raised errors (class and whole message); results' dtypes and shapes;
per value part, NaN against NaN (not its payload or sign), infinities and zeros with their
signs, finite values to a relative tolerance (and, for linear algebra, an absolute one
scaled by the matrix: the rounding noise of a singular matrix's zero pivot, singular value
or eigenvalue is Eigen's pivoting, not a fact to match).

What is not compared, and why:
- values whose input has a denormal part, and denormal results against zeros: TF's CPU
  threads flush denormals (FTZ and DAZ) in every kernel; eagerflow keeps IEEE arithmetic
  (NumPy's) but where a complex kernel flushes as TF's (complex_quotient.py,
  complex_scalar.py, libm_complex.py);
- the upper triangle of a failed Cholesky: TF fills the lower one with NaN (zeros for
  complex) and leaves the rest of its output uninitialized;
- the signs and phases of singular and eigen vectors and of QR's factors (any unit
  multiple is a right answer; LAPACK and Eigen choose differently): their magnitudes are
  compared.
KNOWN lists the differences found and left, each with its reason (strict xfails: a fix
turns them into failures to remove from the list)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from fuzz28_cases import complex_cases, linalg_cases, run, special_parts

import eagerflow as tf

GOLDEN = json.loads(Path(__file__).with_name("fuzz28_golden.json").read_text())
# (results whose vectors are only defined up to a unit factor: compared in magnitude)
_UP_TO_UNITS = ("tf.linalg.svd(m)", "tf.linalg.eig(m)", "tf.linalg.eigh(m)", "tf.linalg.qr(")
_C = ("complex64", "complex128")


def _known(sources: tuple, dtypes: tuple, matrices: tuple | None, reason: str) -> dict:
    return {"|".join((src, d) + ((mat,) if mat else ())): reason for src in sources
            for d in dtypes for mat in (matrices or (None,))}


KNOWN: dict = {
    **_known(("tf.math.sigmoid(zp)", "[tf.math.sigmoid(v) for v in z]"), _C, None,
             "the signs of zero imaginary parts at real inputs (TF: sigmoid(1 - 0i) is "
             "0.73 - 0i, sigmoid(max - 0i) 1 + 0i): no formula tried (1 / (1 + exp(-z)) by "
             "C's, Eigen's or a real-over-complex quotient, e^z / (1 + e^z)) gives them all; "
             "and at 0 + max i, 1 + cos(max) cancels, magnifying a last-place difference "
             "(4e-12)"),
    **_known(("tf.math.exp(zp)",), ("complex64",), None,
             "exp(-inf +- inf i): Eigen's packet cexp takes the zeros' signs from the NaN "
             "its sincos makes of +-inf (x86's default NaN is negative: -0 - 0i and "
             "-0 + 0i); a NaN's sign is not matched"),
    **_known(("tf.math.divide_no_nan(zz, ww)",), _C, None,
             "the signs of zero quotients (0 / (-0 + i) is 0 + 0i in TF): neither Eigen's "
             "packet quotient nor C's division gives TF's DivNoNan's"),
    **_known(("tf.linalg.svd(m)",), ("float32", "float64"), ("overflow",),
             "column norms overflow: Eigen's singular vectors of [[max, max], [max, -max]] "
             "are its scaling's, not the matrix's"),
    **_known(("tf.linalg.inv(m)", "tf.linalg.solve(m, tf.ones_like(m))"),
             ("complex128",), ("rank2_3x3",),
             "TF's LU (Eigen's PartialPivLU in its build) finds an exact zero last pivot "
             "of [[1, 2, 3], [4, 5, 6], [7, 8, 9]] in double precision (not invertible); "
             "LAPACK's leaves 1.1e-16 (a real matrix of a few rows takes TF's own steps, "
             "eigen_lu.eigen_small_solve, and finds the zero)"),
    **_known(("tf.linalg.logm(m)",), _C, ("singular", "rank2_3x3"),
             "a zero eigenvalue's rounding noise decides the logarithm: TF's Schur form "
             "sees 0 (NaN) or another noise than eagerflow's eigendecomposition"),
    **_known(("tf.linalg.sqrtm(m)",), _C, ("rank2_3x3",),
             "the square root magnifies a zero eigenvalue's rounding noise (1e-16 -> "
             "1e-8), which is each algorithm's own"),
    **_known(("tf.linalg.logm(m)",), ("complex64",), ("near_singular", "overflow"),
             "float32 noise of an eigenvalue near 0 (near_singular), and Schur steps that "
             "overflow (TF: NaN) where the eigendecomposition does not"),
    **_known(("tf.linalg.sqrtm(m)",), _C, ("overflow",),
             "entries near the greatest finite value: TF's Schur recurrence and "
             "eagerflow's eigendecomposition overflow at different steps"),
}


def _part(a: str, b: str, rtol: float, atol: float, tiny: float) -> bool:
    x, y = float(a), float(b)
    if np.isnan(x) or np.isnan(y):
        return bool(np.isnan(x) and np.isnan(y))
    x, y = (v * 0 if abs(v) < tiny else v for v in (x, y))  # (a flushed denormal)
    if x == 0 or y == 0 or np.isinf(x) or np.isinf(y):
        if atol and abs(x - y) <= atol and np.isfinite(x) and np.isfinite(y):
            return True  # (linear algebra's rounding noise about a zero)
        return x == y and np.signbit(x) == np.signbit(y)
    return abs(x - y) <= rtol * max(abs(x), abs(y)) + atol


def _magnitudes(values: list) -> list:
    if values and isinstance(values[0], list):
        return [repr(abs(complex(float(r), float(i)))) for r, i in values]
    return [repr(abs(float(v))) for v in values]


class _Rules:
    """How one case's values are compared (fixed per case, see the module's docstring)."""

    def __init__(self, case: str) -> None:
        source, dtype, *matrix = case.split("|")
        wide = dtype in ("float64", "complex128")
        self.rtol, self.atol = (1e-12 if wide else 1e-5), 0.0
        self.tiny = np.finfo(np.float64 if wide else np.float32).tiny
        self.skip = self._denormal_inputs(dtype) if not matrix else set()
        self.units = any(source.startswith(p) for p in _UP_TO_UNITS)
        self.upper_free = source == "tf.linalg.cholesky(m)"
        if matrix:
            self.rtol = 1e-9 if wide else 1e-4
            self.atol = 4096 * np.finfo(np.float64 if wide else np.float32).eps

    @staticmethod
    def _denormal_inputs(dtype: str) -> set:
        n = len(special_parts(dtype))
        denormal = 4  # (special_parts' least subnormal)
        return {i for i in range(n * n) if i // n == denormal or i % n == denormal}

    def skipped(self, i: int, count: int) -> bool:
        n2 = len(special_parts("float32")) ** 2
        if count == n2 * n2:  # (every ordered pair of the special values)
            return i // n2 in self.skip or i % n2 in self.skip
        return i in self.skip


def _differences(got: list, want: list, rules: _Rules, index: int | None = None) -> list:
    if got[0] != want[0] or got[0] == "raise":
        return [] if got == want else [(got, want)]
    if got[0] == "seq":
        if len(got) != len(want):
            return [(got, want)]
        out = []
        for k, (g, w) in enumerate(zip(got[1:], want[1:])):
            if k in rules.skip:  # (a list of each special value's result)
                continue
            out += _differences(g, w, rules, k)
        return out
    if got[1:3] != want[1:3]:
        return [(got[:3], want[:3])]
    g_values, w_values = got[3], want[3]
    if rules.units:
        g_values, w_values = _magnitudes(g_values), _magnitudes(w_values)
    lower = _lower_mask(want) if rules.upper_free and _failed(want) else None
    out = []
    for i, (g, w) in enumerate(zip(g_values, w_values)):
        if index is None and rules.skipped(i, len(g_values)) or lower is not None and \
                not lower[i]:
            continue
        if isinstance(g, list):
            same = all(_part(a, b, rules.rtol, rules.atol, rules.tiny) for a, b in zip(g, w))
        elif isinstance(g, str):
            same = _part(g, w, rules.rtol, rules.atol, rules.tiny)
        else:
            same = g == w
        if not same:
            out.append((i if index is None else index, g, w))
    return out


def _failed(want: list) -> bool:
    """Whether TF's Cholesky failed: NaN in its lower triangle (real), or anything but
    zeros above the diagonal (its uninitialized memory: complex failures leave zeros
    below)."""
    n = want[2][-1]
    for i, v in enumerate(want[3]):
        parts = v if isinstance(v, list) else [v]
        if "nan" in parts or (i % n > i // n and any(float(p) != 0 for p in parts)):
            return True
    return False


def _lower_mask(want: list) -> list:
    n = want[2][-1]
    return [i % n <= i // n for i in range(len(want[3]))]


def _params(cases: list) -> list:
    return [pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=KNOWN[c]))
            if c in KNOWN else c for c in cases]


def _check(case: str) -> None:
    diffs = _differences(run(case, tf, np), GOLDEN[case], _Rules(case))
    assert not diffs, diffs[:4]


@pytest.mark.parametrize("case", _params(complex_cases()))
def test_complex_special_values(case):
    _check(case)


@pytest.mark.parametrize("case", _params(linalg_cases()))
def test_linalg_on_special_matrices(case):
    _check(case)
