"""tf.math.cumulative_logsumexp cases shared by record_logsumexp_scan_golden.py (TF 2.21)
and test_logsumexp_scan.py (eagerflow): forward values of random and special inputs in the
four float types, every exclusive/reverse combination and several axes; gradients at
special points and second order; and the errors of bad inputs. Each case is a function of
the `tf` module returning an array, a tuple of arrays, or raising."""

from __future__ import annotations

import itertools

import numpy as np

DTYPES = ("float16", "bfloat16", "float32", "float64")
COMBOS = tuple(itertools.product((False, True), (False, True)))  # (exclusive, reverse)
# -0.0 and denormals (read as zeros by TF's threads), 88 and 3e38 near float32's overflow
SPECIAL = (-np.inf, -1.0, 0.0, -0.0, 2.0, np.inf, np.nan, 1e-40, -1e-40, 88.0, -100.0, 3e38)


def random_input(seed: int, shape: tuple) -> np.ndarray:
    """Normal values, some of them replaced by SPECIAL, and some pairs made close (where
    log1p(exp(mn - mx)) rounds near its largest)."""
    rng = np.random.default_rng(seed)
    x = rng.normal(0.0, 3.0, size=shape)
    flat = x.reshape(-1)
    flat[1::7] = flat[::7][:flat[1::7].size] + rng.normal(0, 1e-3, size=flat[1::7].size)
    m = rng.random(x.shape) < 0.15
    x[m] = rng.choice(np.array(SPECIAL), size=int(m.sum()))
    return x


def triples() -> np.ndarray:
    """Every ordered triple of the special values (a scan of three along axis 1)."""
    vals = (-np.inf, -1.0, 0.0, -0.0, 2.0, np.inf, np.nan, 1e-40)
    return np.array(list(itertools.product(vals, repeat=3)))


def _forward(dtype: str, x: np.ndarray, axis: int, exclusive: bool, reverse: bool):
    return lambda tf: tf.math.cumulative_logsumexp(
        tf.cast(tf.constant(x), getattr(tf, dtype)), axis=axis, exclusive=exclusive,
        reverse=reverse)


def _raw(dtype: str, x: np.ndarray, axis: int, exclusive: bool, reverse: bool):
    return lambda tf: tf.raw_ops.CumulativeLogsumexp(
        x=tf.cast(tf.constant(x), getattr(tf, dtype)), axis=tf.constant(axis, tf.int64),
        exclusive=exclusive, reverse=reverse)


def _gradient(x: np.ndarray, g: np.ndarray, dtype: str, **kw):
    def call(tf):
        t = tf.constant(x, getattr(tf, dtype))
        with tf.GradientTape() as tape:
            tape.watch(t)
            y = tf.math.cumulative_logsumexp(t, **kw)
        return y, tape.gradient(y, t, output_gradients=tf.constant(g, getattr(tf, dtype)))
    return call


def _second_order(x: np.ndarray, g: np.ndarray, **kw):
    """(the scan, the gradient of sum(k * its gradient) by x): TF's gradient differentiated."""
    def call(tf):
        t = tf.constant(x)
        with tf.GradientTape() as outer:
            outer.watch(t)
            with tf.GradientTape() as inner:
                inner.watch(t)
                y = tf.math.cumulative_logsumexp(t, **kw)
            d = inner.gradient(y, t, output_gradients=tf.constant(g))
            s = tf.reduce_sum(d * tf.constant(np.arange(float(x.size)).reshape(x.shape)))
        return y, outer.gradient(s, t)
    return call


def forward_cases() -> dict:
    out = {}
    x2, x3 = random_input(0, (9, 6)), random_input(1, (3, 4, 5))
    for dtype, (ex, rv) in itertools.product(DTYPES, COMBOS):
        tag = f"{dtype} ex={int(ex)} rv={int(rv)}"
        for axis in (0, 1, -1):
            out[f"{tag} 2d axis={axis}"] = _forward(dtype, x2, axis, ex, rv)
        for axis in (0, 1, 2, -2):
            out[f"{tag} 3d axis={axis}"] = _forward(dtype, x3, axis, ex, rv)
        out[f"{tag} triples"] = _forward(dtype, triples(), 1, ex, rv)
        out[f"{tag} raw int64 axis"] = _raw(dtype, x2, 1, ex, rv)
    # no special value anywhere but -inf (eagerflow's one-call path for float32 and float64)
    p2, p1 = np.random.default_rng(4).normal(0, 3, (16, 12)), np.random.default_rng(5).normal(
        0, 20, 400)
    masked = np.where(np.random.default_rng(6).random((12, 10)) < 0.3, -np.inf, p2[:12, :10])
    # zeros of both signs among masked values, and values whose scan sums to zero
    zeros = np.where(np.random.default_rng(7).random((12, 10)) < 0.3, 0.0, masked)
    zeros[:4, 0] = [-np.inf, -0.0, -np.log(2.0), -np.log(2.0)]
    zeros[:3, 1] = [-0.0, -0.0, 1.0]
    zeros[:2, 2] = [0.0, -120.0]
    for dtype, (ex, rv) in itertools.product(("float32", "float64"), COMBOS):
        tag = f"plain {dtype} ex={int(ex)} rv={int(rv)}"
        for axis in (0, 1):
            out[f"{tag} 2d axis={axis}"] = _forward(dtype, p2, axis, ex, rv)
        out[f"{tag} 1d"] = _forward(dtype, p1, 0, ex, rv)
        out[f"masked {dtype} ex={int(ex)} rv={int(rv)}"] = _forward(dtype, masked, 1, ex, rv)
        out[f"zeros {dtype} ex={int(ex)} rv={int(rv)}"] = _forward(dtype, zeros, 0, ex, rv)
    out["float32 [1, 2, 3]"] = lambda tf: tf.math.cumulative_logsumexp([1.0, 2.0, 3.0])
    out["float32 empty axis"] = lambda tf: tf.math.cumulative_logsumexp(tf.zeros((2, 0)), 1)
    out["float32 empty other axis"] = lambda tf: tf.math.cumulative_logsumexp(
        tf.zeros((0, 3)), 1)
    return out


def gradient_cases() -> dict:
    inf, nan = np.inf, np.nan
    points = {
        "minus inf": ([-inf, -inf, 0.0, 1.0], [1.0, -2.0, 0.5, 0.0]),
        "plus inf": ([0.0, inf, 1.0, 2.0], [1.0, 1.0, -1.0, 2.0]),
        "nan": ([1.0, nan, 2.0, -1.0], [0.5, 0.5, 0.5, 0.5]),
        "zero and negative g": ([0.5, -0.5, 3.0, 1.0], [0.0, -1.0, 0.0, -3.0]),
        "large": ([80.0, 85.0, 88.0, 60.0], [1.0, 1.0, 1.0, 1.0]),
    }
    out = {}
    for (name, (x, g)), dtype, (ex, rv) in itertools.product(points.items(),
                                                           ("float32", "float64"), COMBOS):
        out[f"{name} {dtype} ex={int(ex)} rv={int(rv)}"] = _gradient(
            np.array(x), np.array(g), dtype, exclusive=ex, reverse=rv)
    for dtype in ("float16", "bfloat16"):
        out[f"half {dtype}"] = _gradient(np.array([1.0, -inf, 2.0, 0.5, 0.25]),
                                         np.array([1.0, -2.0, 0.0, 3.0, 0.5]), dtype,
                                         exclusive=True)
    for ex, rv in COMBOS:
        out[f"second order ex={int(ex)} rv={int(rv)}"] = _second_order(
            np.random.default_rng(11).normal(size=6), np.array([1.0, 0.0, -1.0, 2.0, 0.0, -3.0]),
            exclusive=ex, reverse=rv)
    x = random_input(2, (4, 5))
    x[~np.isfinite(x)] = 0.5
    g = np.random.default_rng(3).normal(size=(4, 5))
    for (ex, rv), axis in itertools.product(COMBOS, (0, 1)):
        out[f"random float64 axis={axis} ex={int(ex)} rv={int(rv)}"] = _gradient(
            x, g, "float64", axis=axis, exclusive=ex, reverse=rv)
    return out


def error_cases() -> dict:
    ones = np.ones((2, 2), np.float32)
    return {
        "int32": lambda tf: tf.math.cumulative_logsumexp([1, 2]),
        "int64 raw": lambda tf: tf.raw_ops.CumulativeLogsumexp(
            x=tf.constant([1, 2], tf.int64), axis=0),
        "complex64": lambda tf: tf.math.cumulative_logsumexp(tf.constant([1j], tf.complex64)),
        "bool": lambda tf: tf.raw_ops.CumulativeLogsumexp(x=tf.constant([True]), axis=0),
        "axis 2": lambda tf: tf.math.cumulative_logsumexp(ones, axis=2),
        "axis -3": lambda tf: tf.math.cumulative_logsumexp(ones, axis=-3),
        "scalar": lambda tf: tf.math.cumulative_logsumexp(tf.constant(3.0)),
        "float axis": lambda tf: tf.raw_ops.CumulativeLogsumexp(x=ones, axis=tf.constant(1.0)),
        # several axes: the kernel's error (the wrapper's slow path for a Python list)
        "axis list": lambda tf: tf.math.cumulative_logsumexp(ones, axis=[1]),
        "axis tensor": lambda tf: tf.math.cumulative_logsumexp(ones, axis=tf.constant([1])),
        "axis matrix": lambda tf: tf.math.cumulative_logsumexp(ones, axis=tf.constant([[0]])),
        "raw axis list": lambda tf: tf.raw_ops.CumulativeLogsumexp(x=ones, axis=[1, 0]),
        # the same checks of TF's other scans, which share them
        "cumsum axis tuple": lambda tf: tf.math.cumsum(ones, axis=(1,)),
        "cumsum axis array": lambda tf: tf.math.cumsum(ones, axis=np.array([1])),
        "cumprod axis list": lambda tf: tf.math.cumprod(ones, axis=[0]),
        "raw cumsum axis tensor": lambda tf: tf.raw_ops.Cumsum(x=ones, axis=tf.constant([1])),
    }
