"""Cases shared by record_eigen32_golden.py (TF 2.21) and test_eigen32.py (eagerflow):
each is an expression over `tf` and the inputs below, evaluated by both.
- Pow of float32 results of fewer than 8 values, where TF calls the C library's powf
  (larger ones run Eigen's own pow, which eagerflow does not reproduce);
- Keras 3's Adam (its step size from two Pow of scalars) over 40 steps;
- bfloat16 and float16 sums and means (float32 sums in Eigen's order, eigen_reduce.py)
  over every axis choice of 1-D to 4-D shapes: whole tensors, rows, columns with 16 or
  more rows (by row modulo 4), 3-D middle axes whose packets of outputs straddle two
  rows, size-1 dimensions dropped, keepdims, traced;
- Erf in float32 and float64 (Eigen's rational approximations in both of TF's paths) and
  in the half types, over grids, special values, denormals and sweeps of bit patterns."""

from __future__ import annotations

import hashlib

import numpy as np

F = np.float32

SUM_SHAPES = ((1,), (5,), (8,), (16,), (31,), (32,), (77,), (1000,), (8192,), (3, 5), (37, 53),
              (16, 8), (1000, 16), (16, 1000), (15, 24), (7, 16, 100), (50, 3, 40), (4, 1, 9),
              (2, 17, 3, 8), (33, 1, 8))


def normal(shape: tuple) -> np.ndarray:
    n = int(np.prod(shape))
    return (np.random.RandomState(n % 1000 + len(shape)).standard_normal(n) * 2).astype(
        F).reshape(shape)


def axes_of(shape: tuple) -> list:
    nd = len(shape)
    out: list = [None] + list(range(nd))
    if nd >= 3:
        out += [(0, 1), (1, 2), (0, nd - 1), (nd - 2, nd - 1)]
    return out


def sum_cases() -> dict:
    """name -> (expression, inputs): the inputs are float32, cast to the half type."""
    out = {}
    for d in ("bfloat16", "float16"):
        h = f"tf.cast(r, tf.{d})"
        for shape in SUM_SHAPES:
            r = normal(shape)
            for ax in axes_of(shape):
                for fn in ("reduce_sum", "reduce_mean"):
                    out[f"{d} {fn} {shape} {ax}"] = (f"tf.{fn}({h}, axis={ax!r})", {"r": r})
            out[f"{d} reduce_sum keepdims {shape}"] = (
                f"tf.reduce_sum({h}, axis=-1, keepdims=True)", {"r": r})
        out[f"{d} reduce_mean traced"] = (
            f"tf.function(lambda v: tf.reduce_mean(v, 1))({h})", {"r": normal((7, 16, 100))})
        out[f"{d} reduce_sum of inf and nan"] = (f"tf.reduce_sum({h}, 1)", {
            "r": np.array([[np.inf] * 9, [np.inf, -np.inf] + [1.0] * 7, [np.nan] + [1.0] * 8],
                          F)})
    return out


def pow_inputs() -> tuple:
    """Bases and exponents: Adam's betas, ordinary values, edges (zeros, infinities, NaN,
    negative bases with integer and other exponents, overflow and underflow)."""
    rng = np.random.RandomState(11)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 2.0, -2.0, 10.0,
                        3.4e38, 1e-38], F)
    base = np.concatenate([np.array([0.9, 0.999, 0.99, 0.95], F), special,
                           rng.uniform(0, 3, 300).astype(F), -rng.uniform(0, 3, 50).astype(F),
                           np.exp(rng.uniform(-80, 80, 100)).astype(F)])
    expo = np.concatenate([np.arange(1, 5, dtype=F), special[::-1],
                           rng.uniform(-4, 4, 300).astype(F),
                           np.round(rng.uniform(-5, 5, 50)).astype(F),
                           rng.uniform(-2, 2, 100).astype(F)])
    return base, expo


def pow_cases() -> dict:
    """name -> (expression, inputs, positions compared)."""
    base, expo = pow_inputs()
    out = {}
    for i in range(0, base.size, 7):  # 7 values: all in the C library's path
        out[f"pow 7 @{i}"] = ("tf.pow(x, y)", {"x": base[i:i + 7], "y": expo[i:i + 7]},
                              slice(None))
    out["pow scalars"] = ("tf.stack([tf.pow(a, b) for a, b in zip(tf.unstack(x), tf.unstack(y))])",
                          {"x": base[:60], "y": expo[:60]}, slice(None))
    out["pow broadcast"] = ("tf.pow(x, y)", {"x": base[:2].reshape(2, 1), "y": expo[:3]},
                            slice(None))
    out["pow scalar steps"] = ("tf.stack([tf.pow(x[0], tf.cast(t, tf.float32)) for t in "
                               "range(1, 201)])", {"x": base[:1]}, slice(None))
    return out


ADAM = """
keras.utils.set_random_seed(3)
v = keras.Variable(r)
opt = keras.optimizers.Adam(learning_rate=0.01, beta_1=B1)
out = []
for step in range(40):
    g = tf.constant(r * (0.5 + 0.01 * step) - 0.3)
    opt.apply_gradients([(g, v)])
    out.append(v.numpy().copy())
result = np.stack(out)
"""


def adam_cases() -> dict:
    r = normal((13,))
    return {f"adam beta_1={b}": (ADAM.replace("B1", str(b)), {"r": r}) for b in (0.9, 0.5)}


def digest(y: np.ndarray) -> str:
    if y.dtype == np.float64:
        bits = y.reshape(-1).view(np.uint64).copy()
        bits[np.isnan(y.reshape(-1))] = 0x7FF8000000000000
        return hashlib.sha256(bits.astype("<u8").tobytes()).hexdigest()
    bits = np.ascontiguousarray(y, F).reshape(-1).view(np.uint32).copy()
    bits[np.isnan(np.asarray(y, F).reshape(-1))] = 0x7FC00000  # (NaN payloads aside)
    return hashlib.sha256(bits.astype("<u4").tobytes()).hexdigest()


def record(y: np.ndarray) -> dict:
    """A result's shape, hash of its bits and first values: float64 as itself, the rest as
    float32."""
    y = np.asarray(y.numpy() if hasattr(y, "numpy") else y)
    y = y if y.dtype == np.float64 else y.astype(F)
    return {"shape": list(y.shape), "sha256": digest(y),
            "head": [v.hex() for v in y.reshape(-1)[:16].astype(np.float64).tolist()]}


def erf_inputs(dtype: type) -> np.ndarray:
    """A grid over [-6, 6], the edges of Eigen's branches and clamps, zeros, denormals,
    tiny normals, huge values, infinities, NaN, and a sweep of bit patterns."""
    info = np.finfo(dtype)
    edges = [0.0, -0.0, 1.0, -1.0, 3.832506856900711, 4.0, -4.0, 16.0, 27.9, 28.1, 1e10,
             -1e30, float(info.max), float(info.tiny), -float(info.tiny),
             float(info.smallest_subnormal), -float(info.smallest_subnormal),
             float(info.tiny) / 3, float(np.inf), float(-np.inf), float(np.nan)]
    grid = np.linspace(-6, 6, 12001)
    itype = np.uint32 if dtype == np.float32 else np.uint64
    step = (2 ** (8 * np.dtype(dtype).itemsize)) // 50021
    sweep = (np.arange(50021, dtype=np.uint64) * np.uint64(step)).astype(itype).view(dtype)
    return np.concatenate([np.array(edges, dtype), grid.astype(dtype), sweep])


def erf_cases() -> dict:
    """name -> (expression, inputs)."""
    out = {}
    for d in ("float32", "float64"):
        x = erf_inputs(np.dtype(d).type)
        out[f"erf {d}"] = ("tf.math.erf(x)", {"x": x})
        out[f"erf {d}, 7 values"] = ("tf.math.erf(x)", {"x": x[:7]})
        out[f"erf {d}, traced"] = ("tf.function(lambda v: tf.math.erf(v) * 2)(x)",
                                   {"x": x[21:4000]})
    bits = np.arange(65536, dtype=np.uint16)
    for d in ("float16", "bfloat16"):
        out[f"erf {d}, every value"] = (f"tf.cast(tf.math.erf(tf.bitcast(x, tf.{d})), tf.float32)",
                                        {"x": bits})
    return out
