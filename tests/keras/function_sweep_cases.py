"""The dtype sweep of tf.keras' functions, shared by record_function_sweep_golden.py
(TF 2.21 + Keras 3.15) and test_function_sweep.py (eagerflow): every function of
tf.keras.losses, tf.keras.metrics and tf.keras.activations, called with tensors of 8
dtypes (y_true and y_pred of every pair for the two-argument ones) as vectors, 0/1
matrices and probability rows. Outcomes are written as tests/core/api_sweep_cases.py
writes them.
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np

from tests.sweeps import message, show

DTYPES = ("float16", "bfloat16", "float32", "float64", "int32", "int64", "uint8", "bool")
NAMESPACES = ("losses", "metrics", "activations")
SHAPES = {"v": [1, 0], "m": [[1, 0], [0, 1]], "p": [[0.2, 0.8], [0.6, 0.4]]}


def functions(keras: Any) -> list:
    """(namespace.name, how many tensors it takes: 1 or 2) for each function."""
    out = []
    for ns in NAMESPACES:
        mod = getattr(keras, ns)
        for name in sorted(dir(mod)):
            f = getattr(mod, name)
            if name.startswith("_") or inspect.isclass(f) or inspect.ismodule(f) \
                    or not callable(f) or name in ("get", "serialize", "deserialize"):
                continue
            required = [p for p in inspect.signature(f).parameters.values()
                        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                                                p.POSITIONAL_OR_KEYWORD)]
            out.append((f"{ns}.{name}", 2 if len(required) >= 2 else 1))
    return out


def cases(keras: Any) -> list:
    """(function, y_true's dtype or the input's, y_pred's dtype or None, shape)."""
    return [(full, d1, d2, s) for full, n in functions(keras) for d1 in DTYPES
            for d2 in (DTYPES if n == 2 else (None,)) for s in SHAPES]


def make(tf: Any, dtype: str, shape: str) -> Any:
    a = np.array(SHAPES[shape])
    if dtype == "bool":
        return tf.constant(a > 0.5)
    return tf.cast(tf.constant(a), getattr(tf, dtype))


def outcome(tf: Any, full: str, d1: str, d2: str | None, shape: str) -> str:
    ns, name = full.split(".")
    # (the first of two is a label: 0/1 rows where the second holds probabilities)
    args = [make(tf, d1, "m" if shape == "p" else shape)]
    if d2 is not None:
        args.append(make(tf, d2, shape))
    try:
        return show(getattr(getattr(tf.keras, ns), name)(*args))
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return message(e)
