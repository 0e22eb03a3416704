"""Records eigen_packets32_golden.npz with real TensorFlow 2.21 (CPU, oneDNN off): float32
sin, cos, rsqrt, reciprocal and the Log gradient of 8,197 inputs (so a tail of 5 past the
last whole packet of 8), and of each prefix of 1 to 17 of them (TF's scalar path and
tails). The inputs: the edges (zeros, denormals, the largest floats, infinities, NaN,
the thresholds of sin's and cos's Payne-Hanek reduction), floats at and next to multiples
of pi/2, random bit patterns and values spread over the exponents. Softmax of
logits of SOFTMAX_SHAPES.

Run: TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_eigen_packets32_golden.py
"""

from __future__ import annotations

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
EDGES = [0.0, -0.0, 1e-45, -1e-45, 1e-40, -1e-40, 1.17549435e-38, -1.17549435e-38,
         3.4028235e38, -3.4028235e38, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0, 0.5,
         1e-20, 1e20, 25965.9, 25966.0, 18837.9, 18838.0, 1e6, 1e10, 1e30]

# Softmax: rows below and above a packet of 8, tensors with and without a tail of values
SOFTMAX_SHAPES = [(64, 37), (5, 13), (3, 4, 9), (1, 7), (9, 8), (20, 3), (17, 1), (2, 300)]


def inputs(n: int = 100008, seed: int = 5) -> np.ndarray:
    r = np.random.default_rng(seed)
    near = (r.integers(-20000, 20000, 20000) * (np.pi / 2)).astype(np.float32)
    near = np.concatenate([near, np.nextafter(near, np.float32(np.inf)),
                           np.nextafter(near, np.float32(-np.inf))])
    bits = r.integers(0, 2**32, 30000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    unif = r.uniform(-10, 10, 10000).astype(np.float32)
    with np.errstate(over="ignore"):
        spread = (np.exp(r.uniform(-100, 100, n)) * r.choice([-1, 1], n)).astype(np.float32)
    full = np.concatenate([np.array(EDGES, np.float32), near, bits, unif, spread])[:n]
    pick = np.random.default_rng(7)
    return np.concatenate([full[:26], pick.choice(full[26:60026], 4400, replace=False),
                           pick.choice(full[60026:], 3771, replace=False)]).astype(np.float32)


def main() -> None:
    x = inputs()
    out = {"x": x}
    for name in ("sin", "cos", "rsqrt", "reciprocal"):
        f = getattr(tf.math, name)
        out[name] = f(tf.constant(x)).numpy()
        out[name + "_prefixes"] = np.concatenate([f(tf.constant(x[:s])).numpy()
                                                  for s in range(1, 18)])
    xt = tf.constant(x)
    with tf.GradientTape() as t:
        t.watch(xt)
        y = tf.math.log(xt)
    out["log_grad"] = t.gradient(y, xt).numpy()
    r = np.random.default_rng(11)
    for i, shape in enumerate(SOFTMAX_SHAPES):
        logits = (r.normal(0, 3, shape) * r.choice([1, 10], shape)).astype(np.float32)
        out[f"softmax{i}_x"], out[f"softmax{i}"] = logits, tf.nn.softmax(logits).numpy()
    np.savez_compressed(os.path.join(HERE, "eigen_packets32_golden.npz"), **out)


if __name__ == "__main__":
    main()
