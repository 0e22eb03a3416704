"""Learning-rate schedules given int, float and float64 arguments, and int, float and
variable steps (schedule_dtypes_golden.json, written by make_schedule_dtypes_golden.py).

Keras 3 computes a schedule in the dtype of its `initial_learning_rate` as a tensor, so an
int rate means int arithmetic (pi cast to 3, a decay rate 0.5 cast to 0) and, where an int
tensor meets a float one, TF's errors. Each case is an expression over `S`
(keras.optimizers.schedules), `np` and `keras`; `outcome` turns what it gives or raises into
plain data the same way for both frameworks."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

_STEPS = ["0", "3", "7", "12", "np.float32(2.5)", "keras.Variable(3, dtype='int64')"]

_SCHEDULES = [
    "S.CosineDecay(1, 10)", "S.CosineDecay(1.0, 10)", "S.CosineDecay(np.float64(1), 10)",
    "S.CosineDecay(1, 10, alpha=0.1)", "S.CosineDecay(1.0, 10, alpha=1)",
    "S.CosineDecay(1, 10, warmup_target=2, warmup_steps=4)",
    "S.CosineDecay(1.0, 10, warmup_target=2, warmup_steps=4)",
    "S.CosineDecay(0.5, 10, warmup_target=2.0, warmup_steps=4.0)",
    "S.CosineDecay(np.float64(0.5), 10, warmup_target=1, warmup_steps=4)",
    "S.ExponentialDecay(1, 3, 0.5)", "S.ExponentialDecay(2, 3, 3)",
    "S.ExponentialDecay(1.0, 3, 0.5)", "S.ExponentialDecay(1, 3, 0.5, staircase=True)",
    "S.ExponentialDecay(np.float64(1), 3.0, 0.5, staircase=True)",
    "S.InverseTimeDecay(1, 2, 0.5)", "S.InverseTimeDecay(4, 2, 1)",
    "S.InverseTimeDecay(1.0, 2, 0.5, staircase=True)",
    "S.InverseTimeDecay(np.float64(1), 2, 1)",
    "S.PolynomialDecay(1, 4)", "S.PolynomialDecay(1.0, 4)", "S.PolynomialDecay(8, 4, 2, 2)",
    "S.PolynomialDecay(1, 4, cycle=True)", "S.PolynomialDecay(1.0, 4, power=0.5, cycle=True)",
    "S.PolynomialDecay(np.float64(1), 4, 0, cycle=True)",
    "S.CosineDecayRestarts(1, 3)", "S.CosineDecayRestarts(1, 3, t_mul=1)",
    "S.CosineDecayRestarts(1, 3, t_mul=1.0)", "S.CosineDecayRestarts(1.0, 3)",
    "S.CosineDecayRestarts(1.0, 3, t_mul=1, m_mul=0.5, alpha=0.1)",
    "S.CosineDecayRestarts(np.float64(1), 3, m_mul=0.5)",
    "S.PiecewiseConstantDecay([3, 6], [1, 2, 3])",
    "S.PiecewiseConstantDecay([3, 6], [1.0, 0.5, 0.1])",
    "S.PiecewiseConstantDecay([3.0, 6.0], [1.0, 0.5, 0.1])",
    "S.PiecewiseConstantDecay([3, 6], [np.float64(1), 0.5, 0.1])",
]

CASES = [f"{s}({step})" for s in _SCHEDULES for step in _STEPS]


def outcome(call: Any) -> dict:
    """What `call()` gives (dtype name and value to 6 significant digits) or raises (class
    and message, with the addresses of the functions it names masked)."""
    try:
        value = call()
    except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
        return {"error": type(e).__name__, "message": re.sub(r" at 0x[0-9a-f]+", "", str(e))}
    arr = np.asarray(value)
    return {"dtype": arr.dtype.name, "value": float(f"{float(arr):.6g}")}
