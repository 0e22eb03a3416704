"""The half-precision cases shared by record_halfprec_golden.py (run with TF 2.21) and
test_halfprec.py (run with eagerflow): each op of float16 and bfloat16 over every one of
the 65,536 bit patterns of the type (normals, subnormals, both zeros, the largest values,
infinities and NaNs), so a kernel that rounds once where TF rounds twice cannot hide.

The golden keeps, per case, a hash of all 65,536 results (NaNs folded to one pattern: TF
does not promise their payloads), a hash of those of the inputs that are not tiny (see `tiny`),
and the results on a spread of 600 inputs, readable when a case fails, or TF's error
where TF has no kernel for the type.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable

import numpy as np

DTYPES = ("float16", "bfloat16")


def _nn(name: str) -> Callable:
    return lambda tf, x: getattr(tf.nn, name)(x)


def _math(name: str) -> Callable:
    return lambda tf, x: getattr(tf.math, name)(x)


# name -> f(tf, x); each is compared bit for bit with TF's results over all inputs
CASES: dict[str, Callable] = {
    "rsqrt": _math("rsqrt"),
    "sigmoid": _math("sigmoid"),
    "softplus": _math("softplus"),
    "log_sigmoid": _math("log_sigmoid"),
    "selu": _nn("selu"),
    "elu": _nn("elu"),
    "silu": _nn("silu"),
    "gelu": lambda tf, x: tf.nn.gelu(x),
    "gelu_approximate": lambda tf, x: tf.nn.gelu(x, approximate=True),
    "exp": _math("exp"),
    "log": _math("log"),
    "tanh": _math("tanh"),
    "expm1": _math("expm1"),
    "log1p": _math("log1p"),
    "sin": _math("sin"),
    "cos": _math("cos"),
    "erf": _math("erf"),
    "erfc": _math("erfc"),
    "sqrt": _math("sqrt"),
    "reciprocal": _math("reciprocal"),
    "square": _math("square"),
    "softsign": _nn("softsign"),
    "relu": _nn("relu"),
    "rint": _math("rint"),
    "erfinv": _math("erfinv"),
    "ndtri": _math("ndtri"),
    "bessel_i0e": _math("bessel_i0e"),
    "bessel_i1e": _math("bessel_i1e"),
    "truncatemod": lambda tf, x: tf.truncatemod(x, x),
    "floordiv": lambda tf, x: tf.math.floordiv(x, tf.cast(0.37, x.dtype)),
    "floormod": lambda tf, x: tf.math.floormod(x, tf.cast(0.37, x.dtype)),
    "lgamma": _math("lgamma"),
    "digamma": _math("digamma"),
}

def _upstream(tf: Any, x: Any) -> Any:
    """A gradient flowing into an op's output: 16 values of both signs and several scales
    (normals, one subnormal of either type) repeated along the inputs."""
    g = np.array([0.7, -1.3, 3.0, -0.02, 1e-4, 250.0, -7.5, 1.0, 0.5, -0.001, 60.0, -2.2,
                  0.33, 9e-3, -45.0, 1.1e-7], np.float32)
    return tf.cast(tf.constant(np.tile(g, 65536 // 16)), x.dtype)


def _grad(f: Callable) -> Callable:
    def run(tf: Any, x: Any) -> Any:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(tf, x)
        return tape.gradient(y, x, output_gradients=_upstream(tf, x))
    return run


for _name in ("relu", "sigmoid", "tanh", "softplus", "elu", "selu", "gelu", "exp", "log",
              "sqrt", "rsqrt", "square", "erf", "softsign", "silu"):
    CASES[f"grad {_name}"] = _grad(CASES[_name])
CASES["grad relu6"] = _grad(lambda tf, x: tf.nn.relu6(x))
CASES["grad leaky_relu"] = _grad(lambda tf, x: tf.nn.leaky_relu(x))

# The spread of inputs whose values the golden keeps: every 109th pattern, and the edges.
_EDGES = {
    "float16": (0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x7BFF,
                0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x4900, 0xC900),
    "bfloat16": (0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x0080, 0x3F80, 0xBF80, 0x7F7F,
                 0xFF7F, 0x7F80, 0xFF80, 0x7FC0, 0x4100, 0xC100),
}
SPREAD = {d: np.array(sorted(set(range(0, 65536, 109)) | set(e)), np.int64)
          for d, e in _EDGES.items()}
_NAN = {"float16": 0x7E00, "bfloat16": 0x7FC0}


def all_inputs(tf: Any, dtype: str) -> Any:
    """Every bit pattern of `dtype`, as a tensor of it."""
    return tf.bitcast(tf.constant(np.arange(65536, dtype=np.uint16)), getattr(tf, dtype))


def result_bits(tf: Any, y: Any, dtype: str) -> np.ndarray:
    """The results' bit patterns, each NaN folded to the type's quiet NaN."""
    bits = tf.bitcast(y, tf.uint16).numpy().astype(np.int64)
    nan = tf.math.is_nan(y).numpy()
    bits[nan] = _NAN[dtype]
    return bits


def tiny(dtype: str) -> np.ndarray:
    """Which of the 65,536 inputs are nonzero and below twice the type's smallest normal
    (its denormals and the normals whose halves are denormal)."""
    bits = np.arange(65536)
    exp_field = (bits >> 10) & 0x1F if dtype == "float16" else (bits >> 7) & 0xFF
    return (exp_field <= 1) & ((bits & 0x7FFF) != 0)


def digest(bits: np.ndarray) -> str:
    return hashlib.sha256(bits.astype("<u2").tobytes()).hexdigest()


def run_case(tf: Any, name: str, dtype: str) -> dict:
    """{"sha256", "spread"} of the case's results, or {"error": [class, message]}."""
    try:
        y = CASES[name](tf, all_inputs(tf, dtype))
        bits = result_bits(tf, y, dtype)
    except Exception as e:  # noqa: BLE001 - TF's refusal is the recorded result
        return {"error": [type(e).__name__, str(e)]}  # (the whole message, as users see it)
    return {"sha256": digest(bits), "sha256_not_tiny": digest(bits[~tiny(dtype)]),
            "spread": bits[SPREAD[dtype]].tolist()}
