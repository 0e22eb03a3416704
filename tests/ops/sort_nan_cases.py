"""The tf.sort / tf.argsort / tf.math.top_k calls on rows holding NaN, infinities and
signed zeros (and top_k's unsorted order on rows without them) whose results
sort_nan_golden.json records from TF 2.21 (by record_sort_nan_golden.py) and
test_sort_nan.py checks eagerflow against: where each NaN lands is TF's CPU kernel's
doing (ops/topk_order.py), for every k, both directions, float16/bfloat16/float32/
float64, eager and inside tf.function, and rows long enough for Eigen's reduction to
split them (k == 1) and for std::sort to partition them.

`cases(tf)` runs them with whichever module is passed as `tf`."""

import numpy as np

NAN, INF = float("nan"), float("inf")

ROWS = [
    [NAN, 1, 2], [1, NAN, 2], [1, 2, NAN], [3, NAN, 1, NAN, 2], [NAN, NAN],
    [NAN, -INF, INF, -0.0, 0.0, NAN, 1], [-0.0, 0.0, -0.0, 0.0], [0.0, -0.0],
    [2, 2, NAN, 2, -INF, NAN, 2, INF, -0.0], [NAN], [INF, NAN, -INF],
]
DTYPES = ("float16", "bfloat16", "float32", "float64")


def _special(rng, shape, frac):
    """Small integers (many ties) with `frac` of them NaN, infinities and zeros."""
    x = rng.randint(-3, 4, shape).astype(np.float64)
    hit = rng.uniform(size=shape) < frac
    x[hit] = rng.choice([NAN, NAN, INF, -INF, 0.0, -0.0], size=int(hit.sum()))
    return x


def _long(rng, n, rows, where):
    """Rows of n normal draws with NaN at the given positions (negative: from the end)."""
    x = rng.normal(size=(rows, n))
    for r in range(rows):
        for p in where[r % len(where)]:
            x[r, p] = NAN
    return x


def _all_calls(tf, out, key, x, ks):
    out[f"{key}/sort"] = tf.sort(x)
    out[f"{key}/sort_desc"] = tf.sort(x, direction="DESCENDING")
    out[f"{key}/argsort"] = tf.argsort(x)
    out[f"{key}/argsort_stable"] = tf.argsort(x, stable=True)
    out[f"{key}/argsort_desc"] = tf.argsort(x, direction="DESCENDING")
    for k in ks:
        for srt in (True, False):
            v, i = tf.math.top_k(x, k, sorted=srt)
            out[f"{key}/top{k}{'' if srt else '_unsorted'}"] = v
            out[f"{key}/top{k}{'' if srt else '_unsorted'}_i"] = i


def cases(tf, dtypes=DTYPES):
    """name -> result of one call (bfloat16's left out unless `dtypes` names it)."""
    out = {}
    for dtype in dtypes:  # (each dtype draws from its own seed: any subset draws the same)
        d, rng = getattr(tf, dtype), np.random.RandomState(11 + DTYPES.index(dtype))
        for r, row in enumerate(ROWS):
            x = tf.cast(tf.constant(row, tf.float64), d)
            n = len(row)
            _all_calls(tf, out, f"{dtype}/row{r}", x, sorted({1, min(2, n), max(n - 1, 1), n}))
        for shape, frac in (((3, 7), 0.3), ((2, 17), 0.2), ((2, 40), 0.5), ((1, 100), 0.1)):
            x = tf.cast(tf.constant(_special(rng, shape, frac)), d)
            n = shape[-1]
            _all_calls(tf, out, f"{dtype}/rand{shape[0]}x{n}", x,
                       sorted({1, 2, 5, n // 2, n - 1, n}))
        x = tf.cast(tf.constant(_special(rng, (6, 3), 0.4)), d)
        out[f"{dtype}/axis0/sort"] = tf.sort(x, axis=0)
        out[f"{dtype}/axis0/argsort_desc"] = tf.argsort(x, axis=0, direction="DESCENDING")
    # long rows: Eigen's packets, scalar tail and halving (k == 1), introsort (k == n)
    packets = {"float16": 8 * 200, "bfloat16": 8 * 128, "float32": 8 * 1024,
               "float64": 4 * 1024}
    for dtype in dtypes:
        d, leaf = getattr(tf, dtype), packets[dtype]
        rng = np.random.RandomState(21 + DTYPES.index(dtype))
        for n in (leaf - 1, leaf + 1, 2 * leaf + 5):
            where = [[-1], [n // 2 - 1, n // 2], [3, -3], [-2], [7]]
            x = tf.cast(tf.constant(_long(rng, n, 5, where)), d)
            out[f"{dtype}/long{n}/top1_i"] = tf.math.top_k(x, 1).indices
        out[f"{dtype}/long/argsort_desc"] = tf.argsort(x[:2, :300], direction="DESCENDING")
        x = tf.cast(tf.constant(_special(rng, (2, 1000), 0.05)), d)
        out[f"{dtype}/wide/argsort"] = tf.argsort(x)
        out[f"{dtype}/wide/top37_i"] = tf.math.top_k(x, 37).indices
    # sorted=False without NaN: the heap's order, on rows long enough for most columns
    # to be screened out, with ties (int32) and without (float32, both signs)
    rng = np.random.RandomState(41)
    for name, x in (("int32", tf.constant(rng.randint(-20, 20, (3, 700)), tf.int32)),
                    ("float32", tf.constant(rng.normal(size=(4, 2000)), tf.float32)),
                    ("rising", tf.range(500.0)), ("falling", -tf.range(500.0))):
        for k in (2, 3, 17, 64, x.shape[-1] - 1):
            out[f"heap/{name}/top{k}_unsorted_i"] = tf.math.top_k(x, k, sorted=False).indices
    # the same kernel inside tf.function, the shape unknown when traced
    spec = [tf.TensorSpec([None, None], tf.float32)]
    traced = {
        "sort": tf.function(lambda x: tf.sort(x), input_signature=spec),
        "argsort_desc": tf.function(lambda x: tf.argsort(x, direction="DESCENDING"),
                                    input_signature=spec),
        "top3_i": tf.function(lambda x: tf.math.top_k(x, 3).indices, input_signature=spec),
        "top1_i": tf.function(lambda x: tf.math.top_k(x, 1).indices, input_signature=spec),
    }
    x = tf.constant(_special(np.random.RandomState(31), (4, 9), 0.4), tf.float32)
    for name, fn in traced.items():
        out[f"traced/{name}"] = fn(x)
    return out
