"""cuSPARSE's tridiagonal solvers on the strict stand-in (backend layer; see strict.py), as
NumPy models of their answers: gtsv2 eliminates with partial pivoting (LAPACK's gtsv
scheme), gtsv2_nopivot and gtsv2StridedBatch without (the Thomas algorithm). cuSPARSE
reorders the arithmetic (cyclic reduction, SPIKE), so its solutions equal these within
rounding; like them, it raises nothing for a singular system, whose solution keeps the
infs and NaNs of its division by a zero pivot."""

from __future__ import annotations

import numpy as np


def gtsv(dl: np.ndarray, d: np.ndarray, du: np.ndarray, b: np.ndarray,
         pivoting: bool) -> np.ndarray:
    """The solutions (batch, m, k) of T x = b for tridiagonal T: dl, d, du (batch, m) its
    sub-, main and superdiagonals (dl[:, 0] and du[:, -1] unused), b (batch, m, k)."""
    with np.errstate(all="ignore"):  # (a device raises no floating-point flags)
        if pivoting:
            return _pivoting(dl, d, du, b)
        return _thomas(dl, d, du, b)


def _pivoting(dl: np.ndarray, d: np.ndarray, du: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Gaussian elimination, rows i and i + 1 swapped where the subdiagonal's entry is
    larger than the pivot: U keeps a second superdiagonal (u2) for the rows swapped."""
    m = d.shape[1]
    x = b.copy()
    u0, u1, u2 = d.copy(), du.copy(), np.zeros_like(d)
    u1[:, -1] = 0
    for i in range(m - 1):
        below = dl[:, i + 1]
        swap = np.abs(below) > np.abs(u0[:, i])
        # (row i + 1 less f times row i, after the swap where there is one)
        top0 = np.where(swap, below, u0[:, i])
        top1 = np.where(swap, d[:, i + 1], u1[:, i])
        top2 = np.where(swap, u1[:, i + 1], 0)
        low0 = np.where(swap, u0[:, i], below)
        low1 = np.where(swap, u1[:, i], d[:, i + 1])
        low2 = np.where(swap, 0, u1[:, i + 1])
        xt = np.where(swap[:, None], x[:, i + 1], x[:, i])
        xl = np.where(swap[:, None], x[:, i], x[:, i + 1])
        f = low0 / top0
        u0[:, i], u1[:, i], u2[:, i] = top0, top1, top2
        u0[:, i + 1] = low1 - f * top1
        u1[:, i + 1] = low2 - f * top2
        x[:, i], x[:, i + 1] = xt, xl - f[:, None] * xt
    for i in range(m - 1, -1, -1):
        row = x[:, i]
        if i + 1 < m:
            row = row - u1[:, i, None] * x[:, i + 1]
        if i + 2 < m:
            row = row - u2[:, i, None] * x[:, i + 2]
        x[:, i] = row / u0[:, i, None]
    return x


def _thomas(dl: np.ndarray, d: np.ndarray, du: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Elimination down the diagonal without row swaps, then back substitution."""
    m = d.shape[1]
    x = b.copy()
    c = np.zeros_like(d)  # the superdiagonal of U, its diagonal scaled to ones
    pivot = d[:, 0]
    c[:, 0] = du[:, 0] / pivot
    x[:, 0] = b[:, 0] / pivot[:, None]
    for i in range(1, m):
        pivot = d[:, i] - dl[:, i] * c[:, i - 1]
        if i + 1 < m:
            c[:, i] = du[:, i] / pivot
        x[:, i] = (b[:, i] - dl[:, i, None] * x[:, i - 1]) / pivot[:, None]
    for i in range(m - 2, -1, -1):
        x[:, i] = x[:, i] - c[:, i, None] * x[:, i + 1]
    return x
