"""tf.range's dtypes and values, shared by record_range_dtype_golden.py (real TF 2.21) and
test_range_dtypes.py: each case's dtype and values (bfloat16's as their bits), or its error.
Element i is start + i * delta in the range's dtype and the length is computed in that
dtype; Python bounds convert straight to a given dtype; with none, the greatest of the
arguments' dtypes wins."""

from typing import Any

import numpy as np

CASES = {
    "py_float32": "tf.range(1, 2, 0.3)",
    "py_float32_neg": "tf.range(2.5, -1, -0.45)",
    "py_float32_long": "tf.range(1e3, 1e3 + 1, 0.013)",
    "py_float32_from_neg": "tf.range(-3, 4, 0.37)",
    "float16_tenth": "tf.range(0.0, 1.0, 0.1, dtype=tf.float16)",
    "float16_ints": "tf.range(1, 4, dtype='float16')",
    "float16_odd": "tf.range(0.1, 5, 0.7, dtype=tf.float16)",
    "bfloat16_steps": "tf.range(0.1, 5, 0.7, dtype=tf.bfloat16)",
    "float64_py": "tf.range(1, 2, 0.3, dtype=tf.float64)",
    "float64_tenth": "tf.range(0, 1, 0.1, dtype=tf.float64)",
    "np_float64_start": "tf.range(np.float64(0.1), 1, 0.3)",
    "np_int64_limit": "tf.range(np.int64(3))",
    "tensors_promote": "tf.range(tf.constant(1), tf.constant(3.5))",
    "tensor_int64_py": "tf.range(tf.constant(1, tf.int64), 4)",
    "tensor_float16_int64": "tf.range(tf.constant(1.0, tf.float16), tf.constant(3, tf.int64))",
    "tensor_cast_down": "tf.range(tf.constant(1.5, tf.float64), 3, dtype=tf.float32)",
    "float_delta_int_dtype": "tf.range(0, 5, 0.5, dtype=tf.int32)",
    "int8_tensor_refused": "tf.range(tf.constant(-3, tf.int8), tf.constant(-120, tf.int8))",
    "float_limit_only": "tf.range(5.5)",
}


def outcome(tf: Any, expr: str) -> Any:
    try:
        r = eval(expr, {"tf": tf, "np": np})
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return [type(e).__name__, str(e)]
    a = r.numpy()
    if r.dtype.name == "bfloat16":
        return [r.dtype.name, a.view(np.uint16).tolist()]
    return [r.dtype.name, a.tolist()]


def record(tf: Any) -> dict:
    return {name: outcome(tf, expr) for name, expr in CASES.items()}
