"""The special functions against TF 2.21's CPU kernels, float32 and float64.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON benchmarks/ulp32/special.py record /tmp/tf.npz tf
    .venv/bin/python benchmarks/ulp32/special.py record /tmp/ef.npz ef
    .venv/bin/python benchmarks/ulp32/special.py compare /tmp/tf.npz /tmp/ef.npz
    $EAGERFLOW_TF_PYTHON benchmarks/ulp32/special.py fixture tests/ops/special_bits.npz
    $EAGERFLOW_TF_PYTHON benchmarks/ulp32/special.py lgamma tests/ops/lgamma_bits.npz

Each op runs over one tensor of its inputs (Eigen's packets, 8 floats or 4 doubles at a
time, and the tail) and over its first 7 values as a tensor of 7 (TF's scalar path). The
inputs: zeros, infinities and NaN, denormals, the bounds of the Cephes approximations'
intervals and their neighbours, a dense grid, magnitudes 1e-30..1e30 of both signs, draws.
"""

from __future__ import annotations

import os
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

UNARY = {
    "fresnel_cos": "tf.math.special.fresnel_cos", "fresnel_sin": "tf.math.special.fresnel_sin",
    "spence": "tf.math.special.spence", "dawsn": "tf.math.special.dawsn",
    "i0": "tf.math.bessel_i0", "i0e": "tf.math.bessel_i0e",
    "i1": "tf.math.bessel_i1", "i1e": "tf.math.bessel_i1e",
    "j0": "tf.math.special.bessel_j0", "j1": "tf.math.special.bessel_j1",
    "y0": "tf.math.special.bessel_y0", "y1": "tf.math.special.bessel_y1",
    "k0": "tf.math.special.bessel_k0", "k0e": "tf.math.special.bessel_k0e",
    "k1": "tf.math.special.bessel_k1", "k1e": "tf.math.special.bessel_k1e",
    "expint": "tf.math.special.expint", "digamma": "tf.math.digamma",
    "lgamma": "tf.math.lgamma", "erfinv": "tf.math.erfinv", "ndtri": "tf.math.ndtri",
}
BINARY = {"zeta": "tf.math.zeta", "polygamma": "tf.math.polygamma",
          "igamma": "tf.math.igamma", "igammac": "tf.math.igammac"}
TERNARY = {"betainc": "tf.math.betainc"}
# the bounds of the approximations' intervals (Cephes's and Eigen's)
BOUNDS = [0.5, 1.0, 1.5, 2.0, 2.5625, 1.6, 3.25, 6.25, 5.0, 8.0, 10.0, 25.0, 30.0, 36974.0,
          1e9, 0.0625, 0.135335283236787, 0.25, 0.75, 0.8, 0.9, 0.95, 1 - 0.135335283236787,
          -0.5, -1.0, -2.0, 1e-8, 1e17, 2.0 ** -30, 2.0 ** 30, 88.0, 709.0, 4.0, 3.0]


def unary_inputs(dtype: type, unit: bool) -> np.ndarray:
    rng = np.random.RandomState(5)
    f = np.finfo(dtype)
    specials = [0.0, -0.0, np.inf, -np.inf, np.nan, f.tiny, -f.tiny, f.smallest_subnormal,
                f.max, -f.max, 1.0, -1.0]
    b = np.array(BOUNDS, dtype)
    near = np.concatenate([np.nextafter(b, dtype(np.inf)), np.nextafter(b, dtype(-np.inf)), b])
    near = np.concatenate([near, -near])
    if unit:  # erfinv over (-1, 1), ndtri over (0, 1)
        grid = np.linspace(-1, 1, 8001)
        tiny = np.logspace(-38 if dtype == np.float32 else -300, 0, 800)
        parts = [grid, tiny, 1 - tiny, -tiny, tiny - 1, rng.uniform(-1, 1, 4000),
                 rng.uniform(0, 1, 4000)]
    else:
        grid = np.linspace(-40, 40, 16001)
        mags = np.logspace(-30, 30, 1201)
        parts = [grid, mags, -mags, rng.normal(0, 3, 3000), rng.uniform(0, 100, 2000),
                 rng.uniform(-100, 0, 1000), rng.uniform(-1e4, 1e4, 500),
                 np.round(rng.uniform(-20, 20, 200)) + rng.choice([0, 1e-6, -1e-6], 200)]
    return np.concatenate([np.array(specials, dtype), near] +
                          [np.asarray(p).astype(dtype) for p in parts])


def pair_inputs(dtype: type, op: str) -> tuple:
    rng = np.random.RandomState(7)
    if op == "polygamma":
        a = rng.randint(0, 6, 6000).astype(dtype)
        a[:50] = rng.uniform(-2, 8, 50)
    elif op == "zeta":
        a = np.concatenate([rng.uniform(1, 10, 5000), rng.uniform(-3, 1, 200),
                            rng.randint(2, 40, 800)]).astype(dtype)
    else:
        a = np.concatenate([rng.exponential(3, 4000), rng.uniform(0, 200, 1500),
                            np.array([0, -1, np.inf, np.nan, 1e-20, 1e20] * 10),
                            rng.uniform(0, 1, 440)]).astype(dtype)
    x = np.concatenate([rng.exponential(3, 4000), rng.uniform(0, 200, 1500),
                        rng.uniform(-5, 60, 500)]).astype(dtype)
    rng.shuffle(x)
    return a[:6000], x[:6000]


def betainc_inputs(dtype: type) -> tuple:
    rng = np.random.RandomState(9)
    n = 6000
    a = np.concatenate([rng.exponential(5, n // 2), rng.uniform(0, 1, n // 4),
                        rng.uniform(0, 300, n // 4)]).astype(dtype)
    b = rng.permutation(a)
    x = np.concatenate([rng.uniform(0, 1, n - 40), np.array([0, 1, -0.5, 1.5, np.nan] * 8)])
    return a, b, x.astype(dtype)


def cases() -> list:
    """(key, expression, inputs) for every op and dtype."""
    out = []
    for dtype in (np.float32, np.float64):
        d = np.dtype(dtype).name
        for op, expr in UNARY.items():
            out.append((f"{op}|{d}", expr, (unary_inputs(dtype, op in ("erfinv", "ndtri")),)))
        for op, expr in BINARY.items():
            out.append((f"{op}|{d}", expr, pair_inputs(dtype, op)))
        for op, expr in TERNARY.items():
            out.append((f"{op}|{d}", expr, betainc_inputs(dtype)))
    return out


def record(path: str, who: str) -> None:
    if who == "tf":
        import tensorflow as tf
    else:
        sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__)))))
        import eagerflow as tf
    res = {}
    only = sys.argv[4] if len(sys.argv) > 4 else ""
    for key, expr, args in cases():
        if only and only not in key:
            continue
        fn = eval(expr, {"tf": tf})
        with np.errstate(all="ignore"):
            res[key] = fn(*[tf.constant(a) for a in args]).numpy()
            res[key + "|7"] = fn(*[tf.constant(a[:7]) for a in args]).numpy()
    np.savez(path, **res)


# The ops tests/ops/test_special_bits.py checks against TF's values
FIXTURE_OPS = ("fresnel_cos", "fresnel_sin", "spence", "dawsn", "expint", "digamma", "i0",
               "i0e", "i1", "i1e", "k0", "k0e", "k1", "k1e", "j0", "j1", "y0", "y1", "ndtri",
               "erfinv")


def fixture(path: str) -> None:
    """TF's values for tests/ops/special_bits.npz (run by TF's Python): per op and dtype
    the specials, the intervals' bounds and their neighbours, and 48 draws as one tensor
    of 264 values (whole packets), and 7 draws as a tensor of 7 (TF's scalar path)."""
    import tensorflow as tf
    res = {}
    for dtype in (np.float32, np.float64):
        d = np.dtype(dtype).name
        for op in FIXTURE_OPS:
            x = unary_inputs(dtype, op in ("erfinv", "ndtri"))
            head = 12 + 6 * len(BOUNDS)
            pick = np.random.RandomState(11).choice(np.arange(head, x.size), 55, replace=False)
            x = np.concatenate([x[:head], x[pick]])
            fn = eval(UNARY[op], {"tf": tf})
            res[f"{op}|{d}|x"] = x[:-7]
            res[f"{op}|{d}|y"] = fn(tf.constant(x[:-7])).numpy()
            res[f"{op}|{d}|x7"] = x[-7:]
            res[f"{op}|{d}|y7"] = fn(tf.constant(x[-7:])).numpy()
        for op in ("zeta", "polygamma"):  # (pairs: the first 264 and the next 7)
            a, x = pair_inputs(dtype, op)
            fn = eval(BINARY[op], {"tf": tf})
            res[f"{op}|{d}|a"], res[f"{op}|{d}|x"] = a[:264], x[:264]
            res[f"{op}|{d}|y"] = fn(tf.constant(a[:264]), tf.constant(x[:264])).numpy()
            res[f"{op}|{d}|a7"], res[f"{op}|{d}|x7"] = a[264:271], x[264:271]
            res[f"{op}|{d}|y7"] = fn(tf.constant(a[264:271]), tf.constant(x[264:271])).numpy()
    np.savez_compressed(path, **res)


def lgamma_inputs(dtype: type) -> np.ndarray:
    """Lgamma's inputs for tests/ops/lgamma_bits.npz: every 8th of unary_inputs' (specials
    and denormals first), then glibc's intervals' bounds (fdlibm's words of |x|, the tiny
    bound, 8, Stirling's end, -2 and the end of lgamma_neg) and their neighbours, values
    within 2**20 ulps (float: 2**12) of 1 and of 2, negative non-integers of each range."""
    rng = np.random.RandomState(13)
    base = unary_inputs(dtype, False)
    if dtype == np.float64:
        words = [0x3FECCCCC, 0x3FE76944, 0x3FCDA661, 0x3FFBB4C3, 0x3FF3B4C4, 0x3FD00000]
        bounds = [float(np.array(w << 32, np.int64).view(np.float64)) for w in words]
        bounds += [2.0 ** -70, 2.0 ** 58, -28.0, -2.0 ** 52]
        steps = rng.randint(-2 ** 20, 2 ** 20, 400) * 2.0 ** -52
    else:
        words = [0x3F666666, 0x3F3B4A20, 0x3E6D3308, 0x3FDDA618, 0x3F9DA620, 0x3E800000]
        bounds = np.array(words, np.uint32).view(np.float32).tolist()
        bounds += [2.0 ** -30, 2.0 ** 26, -15.0, -2.0 ** 23]
        steps = rng.randint(-2 ** 12, 2 ** 12, 400) * 2.0 ** -23
    bounds += [8.0, 2.0, 1.0, 0.25, 3.0, 7.0, -2.0]
    b = np.array(bounds + [-v for v in bounds], dtype)
    near = np.concatenate([b, np.nextafter(b, dtype(np.inf)), np.nextafter(b, dtype(-np.inf))])
    top = np.log(np.finfo(dtype).max) - 1
    parts = [base[:12], base[12::8], near, 1 + steps, 2 + 2 * steps,
             rng.uniform(-2, 0, 300), rng.uniform(-28, -2, 300),
             -np.exp(rng.uniform(np.log(28), top, 300)), np.exp(rng.uniform(-top, top, 300)),
             -(rng.randint(0, 10 ** 6, 100) + 0.5)]
    return np.concatenate([np.asarray(v).astype(dtype) for v in parts])


def lgamma_fixture(path: str) -> None:
    """TF's Lgamma of lgamma_inputs() as one tensor per dtype (run by TF's Python)."""
    import tensorflow as tf
    res = {}
    for dtype, d in ((np.float64, "64"), (np.float32, "32")):
        x = lgamma_inputs(dtype)
        res["x" + d], res["y" + d] = x, tf.math.lgamma(tf.constant(x)).numpy()
    np.savez_compressed(path, **res)


def ulps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    it = np.int32 if a.dtype == np.float32 else np.int64
    mask = it(-1) ^ np.iinfo(it).min

    def key(v: np.ndarray) -> np.ndarray:
        i = v.view(it).astype(np.int64)
        return np.where(i < 0, -(i & mask), i)
    with np.errstate(over="ignore"):
        return np.abs(key(a) - key(b))


def compare(tf_path: str, ef_path: str) -> None:
    t, e = np.load(tf_path), np.load(ef_path)
    print("| op | dtype | values | differ | max ulp |\n| --- | --- | --- | --- | --- |")
    for key in t.files:
        if key.endswith("|7") or key not in e.files:
            continue
        a = np.concatenate([t[key].ravel(), t[key + "|7"].ravel()])
        b = np.concatenate([e[key].ravel(), e[key + "|7"].ravel()])
        it = np.uint32 if a.dtype == np.float32 else np.uint64
        bad = (a.view(it) != b.view(it)) & ~(np.isnan(a) & np.isnan(b))
        u = np.where(bad & np.isfinite(a) & np.isfinite(b), ulps(a, b), 0)
        nonfinite = int((bad & ~(np.isfinite(a) & np.isfinite(b))).sum())
        op, d = key.split("|")
        extra = f" (+{nonfinite} inf/nan)" if nonfinite else ""
        print(f"| {op} | {d} | {a.size} | {100 * bad.mean():.2f}%{extra} | {u.max()} |")


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "fixture":
        fixture(sys.argv[2])
    elif sys.argv[1] == "lgamma":
        lgamma_fixture(sys.argv[2])
    else:
        compare(sys.argv[2], sys.argv[3])
