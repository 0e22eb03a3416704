"""Records tnp_golden.json: every call of tnp_cases.py run by real TF's tf.experimental.numpy.

    /work/tfref/bin/python tests/numpy_ops/make_tnp_golden.py

Each result is its values (tests.golden_io.encode_array, a list for several tensors), a
Python value's repr, or the error's class and message.
"""

from __future__ import annotations

import inspect
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
import tensorflow.experimental.numpy as tnp  # noqa: E402

from tests.golden_io import encode_array, write_json  # noqa: E402
from tests.numpy_ops.tnp_cases import (  # noqa: E402
    BEHAVIOR_CASES,
    CASES,
    MATRIX_CASES,
    PLAIN_CASES,
    PREFER_F32_CASES,
    scope,
)


def encode(value: object) -> dict:
    if isinstance(value, tf.Tensor):
        return {"tensor": encode_array(value.numpy())}
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, tf.Tensor) for v in value):
        return {"tensors": [encode_array(v.numpy()) for v in value]}
    if isinstance(value, tf.DType):
        return {"repr": repr(value)}
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], tf.Tensor):
        return {"tensors": [encode_array(np.asarray(v)) for v in value]}
    return {"repr": repr(value)}


def signatures(namespace: object, prefix: str = "") -> dict:
    """Each function's parameters: name, default's repr, kind."""
    out = {}
    for name in dir(namespace):
        f = getattr(namespace, name)
        if not name.startswith("_") and inspect.isfunction(f):
            out[prefix + name] = [[p.name, None if p.default is p.empty else repr(p.default),
                                   p.kind.name] for p in inspect.signature(f).parameters.values()]
    return out


def record(cases: list) -> dict:
    out = {}
    for expr in cases:
        try:
            out[expr] = encode(eval(expr, scope(tf, tnp, np)))
        except Exception as e:  # noqa: BLE001 - the error is the recorded fact
            out[expr] = {"error": type(e).__name__, "message": str(e)}
    return out


def main() -> None:
    golden = {"tf_version": tf.__version__, "plain": record(PLAIN_CASES),
              "signatures": {**signatures(tnp), **signatures(tnp.random, "random.")}}
    tnp.experimental_enable_numpy_behavior()
    golden["cases"] = record(CASES)
    golden["matrix"] = record(MATRIX_CASES)
    golden["behavior"] = record(BEHAVIOR_CASES)
    tnp.experimental_enable_numpy_behavior(prefer_float32=True)
    golden["prefer_float32"] = record(PREFER_F32_CASES)
    write_json(os.path.join(os.path.dirname(__file__), "tnp_golden.json"), golden,
               indent=0, end="\n")


if __name__ == "__main__":
    main()
