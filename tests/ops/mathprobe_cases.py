"""TF 2.21's tf.image, tf.signal, tf.linalg and tf.math on small user programs (the
mathprobe groups): resizing, crops, NMS of every kind, image metrics and colours; STFT,
framing, FFT lengths, DCT and mel matrices; solvers, decompositions, diagonals, norms,
einsum and banded solves; special functions, segments, bincount, top_k, confusion
matrices, integer division and a dtype sweep of tf.math. Shared by record_mathprobe.py
(run under TensorFlow) and test_mathprobe.py (under eagerflow): each group calls `case`
with a name and a function of no arguments, whose result or error `run` records at once.
Left out: what TF leaves undefined (a float cast past an integer type's range, a
Cholesky factor of a matrix that is not positive definite), and what TF's oneDNN switch
changes (half softmax, some error texts)."""

from __future__ import annotations

import hashlib
import re
from typing import Any, Callable

import numpy as np

from tests.ops import mathprobe_image_cases, mathprobe_math_cases, mathprobe_signal_linalg_cases

# Groups whose values come from LAPACK or an FFT, complex64's arithmetic, or sums in
# another order (an einsum's): compared within float tolerances; the others bit for bit
TOLERANT = frozenset(
    (
        "image_metrics",
        "signal_stft",
        "signal_fft",
        "signal_mel",
        "linalg_solvers",
        "linalg_decomp",
        "linalg_banded",
        "math_complex_sweep",
        "linalg_einsum",
        "signal_linalg_misc",
        "signal_edges",
    )
)
_FULL = 48  # (larger exact results are recorded by a hash of their values)


def _values(a: np.ndarray, exact: bool) -> dict:
    if a.dtype.kind in "fc":
        a = np.where(np.isnan(a), np.nan, a)  # (NaN's sign and payload: not compared)
        if a.dtype.kind == "c":
            a = np.stack([a.real, a.imag], -1)
        a = a.astype(np.float64)
    if exact and a.size > _FULL:
        return {"sha256": hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()}
    return {"values": a.ravel().tolist()}


def _encode(value: Any, exact: bool) -> Any:
    if isinstance(value, (list, tuple)):
        return [_encode(v, exact) for v in value]
    if hasattr(value, "numpy") and hasattr(value, "dtype") and hasattr(value, "shape"):
        a = np.asarray(value.numpy())
        return {"dtype": value.dtype.name, "shape": list(a.shape), **_values(a, exact)}
    return repr(value)


def _error(e: BaseException) -> dict:
    return {
        "error": type(e).__name__,
        "message": re.sub(r" at 0x[0-9a-f]+", " at 0xADDRESS", str(e)),
    }


def run(tf: Any) -> dict:
    """{group: {case: outcome}} of every group run with `tf`."""
    out: dict = {}
    for name, group in GROUPS.items():
        got: dict = {}
        exact = name not in TOLERANT

        def case(key: str, fn: Callable, got: dict = got, exact: bool = exact) -> None:
            try:
                got[key] = _encode(fn(), exact)
            except Exception as e:  # noqa: BLE001 (the error is the outcome)
                got[key] = _error(e)

        with np.errstate(all="ignore"):
            group(tf, case)
        out[name] = got
    return out


GROUPS = {
    **mathprobe_image_cases.GROUPS,
    **mathprobe_signal_linalg_cases.GROUPS,
    **mathprobe_math_cases.GROUPS,
}
