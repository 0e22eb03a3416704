"""MatrixSolve and MatrixInverse of small matrices, shared by record_small_solve_golden.py
(TensorFlow 2.21) and test_small_solve_golden.py (eagerflow): random matrices of 1 to 20
rows, float32/float64/complex64/complex128, one and a batch of three, adjoint or not, one,
two and (real) five right-hand sides (so each of the rows of Eigen's GEBP kernel: pairs of
packets, one, half of one, the rest); singular ones (a row repeated: a zero pivot),
near-singular ones (a row repeated with one part nudged by an ulp), one with a denormal
pivot (TF's threads read it as 0), ones holding an infinity and a NaN, a NaN pivot over
zeros, and a batch holding one singular matrix. Inputs are drawn by NumPy here, so both
sides see the same bits."""

from __future__ import annotations

from typing import Any

import numpy as np

DTYPES = ("float32", "float64", "complex64", "complex128")
SIZES = range(1, 21)


def _random(dtype: str, shape: tuple, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    v = rng.normal(size=shape)
    if dtype.startswith("complex"):
        v = v + 1j * rng.normal(size=shape)
    return v.astype(dtype)


def _singular(dtype: str, n: int, nudge: bool) -> np.ndarray:
    """A matrix whose last row repeats its first (exactly, or one part an ulp apart)."""
    a = _random(dtype, (n, n), 1000 + n)
    a[-1] = a[0]
    if nudge:
        part = a[-1:, :1].real if dtype.startswith("complex") else a[-1:, :1]
        part[...] = np.nextafter(part, np.inf)
    return a


def inputs() -> dict:
    """name -> (op, matrix, right-hand sides or None, adjoint)."""
    out = {}
    for d in DTYPES:
        for n in SIZES:
            for batch in ((), (3,)):
                a = _random(d, batch + (n, n), n)
                tag = f"{d}_{n}_{'batch' if batch else 'one'}"
                for rhs in (1, 2, 5) if d.startswith("float") else (1, 2):
                    b = _random(d, batch + (n, rhs), 100 * n + rhs)
                    for adj in (False, True):
                        out[f"solve_{tag}_{rhs}_{adj:d}"] = ("solve", a, b, adj)
                for adj in (False, True):
                    out[f"inv_{tag}_{adj:d}"] = ("inv", a, None, adj)
        for n in (2, 3, 8, 9, 16, 17):
            for nudge in (False, True):
                a = _singular(d, n, nudge)
                b = _random(d, (n, 1), 7)
                out[f"solve_{d}_{n}_{'near' if nudge else 'singular'}"] = ("solve", a, b, False)
                out[f"inv_{d}_{n}_{'near' if nudge else 'singular'}"] = ("inv", a, None, False)
        for n in (3, 12, 16):  # (an infinity and a NaN: TF's own steps spread them)
            a = _random(d, (n, n), 2000 + n)
            a[n // 2, 1], a[n - 1, n // 3] = np.inf, np.nan
            out[f"solve_{d}_{n}_nonfinite"] = ("solve", a, _random(d, (n, 2), 8), False)
        for n in (3, 12):  # (a NaN pivot over zeros: Eigen divides by it all the same)
            a = np.eye(n, dtype=d)
            a[1, 1], a[1, 2] = np.nan, 1
            out[f"solve_{d}_{n}_nan_pivot"] = ("solve", a, _random(d, (n, 2), 9), False)
        batch = np.stack([_random(d, (4, 4), 5), _singular(d, 4, False)])
        out[f"inv_{d}_batch_singular"] = ("inv", batch, None, False)
        tiny = np.array([[np.finfo(d).tiny / 4, 1.0], [1.0, 1e-2]], d)
        out[f"solve_{d}_denormal_pivot"] = ("solve", tiny, np.ones((2, 1), d), False)
    return out


def run(tf: Any, case: tuple) -> Any:
    """What TF (or eagerflow) gives for one case: its array, or [class, message]."""
    op, a, b, adj = case
    try:
        if op == "solve":
            return tf.linalg.solve(a, b, adjoint=adj).numpy()
        return tf.linalg.inv(a, adjoint=adj).numpy()
    except Exception as e:  # noqa: BLE001 - the error is the recorded result
        return [type(e).__name__, str(e)]
