"""MaxPool gradients at their edges, run unchanged on TensorFlow and on eagerflow
(tests/ops/test_pool.py compares the two bit for bit).

Ties (the first maximum of a window takes the gradient), NaN first and later in a
window, windows of -inf only, inf/NaN/-0.0 in the output gradient, and cells shared by
three or more overlapping windows (their sum's order). This module imports neither
framework; `grad_bits` takes the `tf` module.
"""

from __future__ import annotations

import numpy as np

# (name, ksize, strides, padding)
GEOMETRIES = [("2x2_s2_valid", 2, 2, "VALID"), ("3x3_s2_valid", 3, 2, "VALID"),
              ("3x3_s1_valid", 3, 1, "VALID"), ("2x3_s1_same", (2, 3), 1, "SAME"),
              ("3x3_s2_same", 3, 2, "SAME")]


def inputs(dtype: str) -> tuple:
    """(x, a function of y's shape giving dy), with every edge above in them."""
    rng = np.random.default_rng(3)
    x = rng.integers(0, 3, (2, 7, 8, 3)).astype(dtype)  # many ties
    x[0, 0, 0, 0] = x[0, 2, 3, 1] = x[1, 5, 1, 0] = np.nan
    x[1, 0:3, 0:3, 2] = -np.inf
    x[1, 4, 4, 0] = np.inf

    def dy(shape: tuple) -> np.ndarray:
        g = np.random.default_rng(4).standard_normal(shape).astype(dtype)
        g[0, 0, 0, 0], g[1, 0, 0, 1], g[0, 1, 1, 2] = np.inf, np.nan, -0.0
        g[1, 1, :, :] = -0.0
        return g
    return x, dy


def grad_bits(tf, k, s, p, dtype: str, function: bool) -> list:
    """The gradient of max_pool2d(x) for dy, eagerly or in a tf.function, as the bits of
    its elements (NaN payloads and the sign of zero included)."""
    x, dy = inputs(dtype)
    xt = tf.constant(x)
    g = tf.constant(dy(tuple(tf.nn.max_pool2d(xt, k, s, p).shape)))

    def f(xt, g):
        with tf.GradientTape() as tape:
            tape.watch(xt)
            y = tf.nn.max_pool2d(xt, k, s, p)
        return tape.gradient(y, xt, output_gradients=g)
    out = (tf.function(f) if function else f)(xt, g).numpy()
    return out.view(np.uint32 if dtype == "float32" else np.uint64).reshape(-1).tolist()
