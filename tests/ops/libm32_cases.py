"""Cases shared by record_libm32_golden.py (TF 2.21) and test_libm32.py (eagerflow): the
float32 functions TF's CPU kernels compute with the C library's function on tensors of
fewer than 8 values (lgamma on every value), over inputs that reach every branch of
those functions: zeros, infinities, NaN, denormals (flushed by TF's threads), the exp/log
edges, values beside multiples of pi/2, huge and tiny magnitudes, and ordinary draws."""

from __future__ import annotations

import hashlib

import numpy as np

F = np.float32

FUNCTIONS = ("tf.sin", "tf.cos", "tf.tan", "tf.exp", "tf.math.log", "tf.math.log1p",
             "tf.math.expm1", "tf.asin", "tf.acos", "tf.atan", "tf.sinh", "tf.cosh",
             "tf.asinh", "tf.acosh", "tf.atanh", "tf.math.lgamma")


def inputs() -> np.ndarray:
    """294 float32 values (a multiple of 7: the 7-value tensors take them in turn)."""
    sp = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1e-40, -1e-40, 3e-39,
          1.1754942e-38, -1.1754942e-38, 1.1754944e-38, -1.1754944e-38, 3.4028235e38,
          -3.4028235e38, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1e-8, -1e-8, 1e-4, -1e-4, 0.999,
          -0.999, 1.0000001, 1.5, 10.0, -10.0, 20.0, -20.0, 1e10, -1e10, 1e20, 3e30,
          -87.3, -87.5, -88.0, -88.72, -89.0, -100.0, -103.0, -103.9, -104.0, 88.72, 88.73,
          89.0, 9.0, -9.0, 0.6931472, 127.0, -126.0]
    k = np.array([1, 2, 3, 4, 5, 7, 10, 100, 1000, 12345], np.float64)
    near = (k * np.pi / 2).astype(F)
    near = np.concatenate([near, np.nextafter(near, F(np.inf)), np.nextafter(near, F(0))])
    rng = np.random.RandomState(21)
    parts = [np.array(sp, F), near, (rng.standard_normal(90) * 3).astype(F),
             rng.uniform(-1, 1, 60).astype(F), rng.uniform(1, 30, 20).astype(F),
             (np.logspace(-30, 30, 40) * np.where(np.arange(40) % 2, 1, -1)).astype(F)]
    x = np.concatenate(parts)
    return x[:294]


def bits(y: np.ndarray) -> list:
    """float32 results as hex bit patterns, every NaN as one (payloads are no fact)."""
    y = np.asarray(y, F).reshape(-1)
    return ["nan" if np.isnan(v) else format(int(b), "08x")
            for v, b in zip(y.tolist(), y.view(np.uint32).tolist())]


# Functions whose gradient TF computes with another of FUNCTIONS (sin's is cos, ...)
GRADIENTS = ("tf.sin", "tf.cos", "tf.exp", "tf.math.expm1", "tf.sinh", "tf.cosh")


# The half types: the same functions (and rsqrt, whose scalar path rounds the square root
# first) over every bit pattern as one tensor (Eigen's packets, or the C library on every
# value where Eigen has no packet function), and over every 17th one as 7-value tensors
# (TF's scalar path: the float32 function rounded once).
HALF_TYPES = ("float16", "bfloat16")
HALF_FUNCTIONS = FUNCTIONS[:-1] + ("tf.math.rsqrt",)  # (float16 lgamma: test_halfprec.py)
STRIDE = 17


def half_inputs(tf, dtype: str, stride: int = 1):
    bits = np.arange(0, 65536, stride, dtype=np.uint16)
    return tf.bitcast(tf.constant(bits), getattr(tf, dtype))


def half_bits(tf, y) -> np.ndarray:
    """Result bit patterns, each NaN as 0x7fff (payloads are no fact)."""
    bits = tf.bitcast(y, tf.uint16).numpy().astype(np.int64)
    bits[tf.math.is_nan(y).numpy()] = 0x7FFF
    return bits


def half_case(tf, name: str, dtype: str, small: bool) -> dict:
    """{"sha256", "head"} of `name`'s results over the inputs, as one tensor or 7 at a time."""
    fn = eval(name, {"tf": tf})
    if small:
        x = half_inputs(tf, dtype, STRIDE)
        n = int(x.shape[0])
        bits = np.concatenate([half_bits(tf, fn(x[i:i + 7])) for i in range(0, n, 7)])
    else:
        bits = half_bits(tf, fn(half_inputs(tf, dtype)))
    return {"sha256": hashlib.sha256(bits.astype("<u2").tobytes()).hexdigest(),
            "head": bits[:: max(1, bits.size // 64)].tolist()}


def schedule_rates(keras) -> dict:
    """Keras 3's cosine learning-rate schedules at every 7th step: each a scalar cos."""
    cases = {"CosineDecay": keras.optimizers.schedules.CosineDecay(0.1, 1000, alpha=0.01),
             "CosineDecayRestarts": keras.optimizers.schedules.CosineDecayRestarts(
                 0.05, 300, t_mul=2.0, m_mul=0.9)}
    return {f"keras {name} rates": bits([np.float32(s(i)) for i in range(0, 1001, 7)])
            for name, s in cases.items()}
