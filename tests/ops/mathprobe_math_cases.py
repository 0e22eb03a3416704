"""mathprobe's groups of tf.math (see mathprobe_cases.py): special functions, segments,
bincount, top_k, confusion matrices, reductions, integer division and a dtype sweep."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np


def _math_special(tf: Any, case: Callable) -> None:
    v = tf.constant(
        [
            0.0,
            1e-30,
            1e-8,
            0.5,
            1.0,
            5.0,
            20.0,
            50.0,
            100.0,
            700.0,
            -1.0,
            -20.0,
            np.inf,
            -np.inf,
            np.nan,
        ],
        tf.float32,
    )
    v64 = tf.cast(v, tf.float64)
    for fn in [
        "bessel_i0",
        "bessel_i0e",
        "bessel_i1",
        "bessel_i1e",
        "bessel_j0",
        "bessel_j1",
        "bessel_k0",
        "bessel_k0e",
        "bessel_k1",
        "bessel_k1e",
        "bessel_y0",
        "bessel_y1",
    ]:
        f = getattr(tf.math.special, fn)
        case(f"{fn} f32", lambda: f(v))
        case(f"{fn} f64", lambda: f(v64))
        case(f"{fn} f16", lambda: f(tf.cast(v, tf.float16)))
    case("bessel int", lambda: tf.math.special.bessel_i0(tf.constant([1, 2])))
    for fn in ["dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence"]:
        f = getattr(tf.math.special, fn)
        case(f"{fn} f32", lambda: f(v))
        case(f"{fn} f64", lambda: f(v64))
    case("erfinv", lambda: tf.math.erfinv(tf.constant([-1.0, -0.999, 0.0, 0.5, 0.9999, 1.0, 1.5])))
    case("ndtri", lambda: tf.math.ndtri(tf.constant([0.0, 1e-10, 0.5, 0.975, 1.0, -0.1])))
    case(
        "ndtri f64", lambda: tf.math.ndtri(tf.constant([0.0, 1e-300, 0.5, 0.975, 1.0], tf.float64))
    )
    case(
        "lgamma edges",
        lambda: tf.math.lgamma(tf.constant([0.0, -0.0, -1.0, -1.5, 1e-40, 1e30, np.inf, -np.inf])),
    )
    case(
        "digamma edges",
        lambda: tf.math.digamma(tf.constant([0.0, -0.0, -1.0, -1.5, 1e-6, 1e30, np.inf, -np.inf])),
    )
    case(
        "polygamma",
        lambda: tf.math.polygamma(
            tf.constant([0.0, 1.0, 2.0, 3.0, 1.5, -1.0]),
            tf.constant([0.5, 0.5, 2.0, 3.0, 1.0, 1.0]),
        ),
    )
    case(
        "polygamma f64",
        lambda: tf.math.polygamma(
            tf.constant([1.0, 4.0], tf.float64), tf.constant([-0.5, 1e-3], tf.float64)
        ),
    )
    case(
        "zeta",
        lambda: tf.math.zeta(
            tf.constant([1.0, 2.0, 0.5, 3.0, 4.0, 1.5]),
            tf.constant([1.0, 1.0, 1.0, -1.0, 0.0, 2.5]),
        ),
    )
    case(
        "betainc",
        lambda: tf.math.betainc(
            tf.constant([0.5, 1.0, 2.0, 0.0, -1.0, 1.0, 1e-3]),
            tf.constant([0.5, 1.0, 3.0, 1.0, 1.0, 0.0, 1e3]),
            tf.constant([0.5, 0.0, 1.0, 0.5, 0.5, 0.5, 0.5]),
        ),
    )
    case(
        "betainc bcast err",
        lambda: tf.math.betainc(
            tf.constant([0.5, 1.0]), tf.constant([0.5, 1.0, 2.0]), tf.constant(0.5)
        ),
    )
    case(
        "betainc scalar bcast",
        lambda: tf.math.betainc(tf.constant(0.5), tf.constant(0.5), tf.constant([0.1, 0.9, 1.1])),
    )
    case(
        "betainc f64",
        lambda: tf.math.betainc(
            tf.constant([2.5, 30.0], tf.float64),
            tf.constant([0.5, 40.0], tf.float64),
            tf.constant([0.3, 0.45], tf.float64),
        ),
    )
    case(
        "igamma",
        lambda: tf.math.igamma(
            tf.constant([0.0, 1.0, 0.5, 100.0, -1.0, 1.0, np.inf, 1.0]),
            tf.constant([1.0, 0.0, 2.0, 99.0, 1.0, -1.0, 1.0, np.inf]),
        ),
    )
    case(
        "igammac",
        lambda: tf.math.igammac(
            tf.constant([0.0, 1.0, 0.5, 100.0, -1.0, 1.0, np.inf, 1.0]),
            tf.constant([1.0, 0.0, 2.0, 99.0, 1.0, -1.0, 1.0, np.inf]),
        ),
    )
    case(
        "igamma f64",
        lambda: tf.math.igamma(
            tf.constant([1e-3, 30.0, 1e4], tf.float64),
            tf.constant([1e-5, 25.0, 1e4 + 5], tf.float64),
        ),
    )
    case("igamma int", lambda: tf.math.igamma(tf.constant([1, 2]), tf.constant([1, 2])))
    case("igamma mixed", lambda: tf.math.igamma(tf.constant([1.0]), tf.constant([1.0], tf.float64)))
    case(
        "igamma f16",
        lambda: tf.math.igamma(tf.constant([1.0], tf.float16), tf.constant([1.0], tf.float16)),
    )
    case(
        "xlogy",
        lambda: tf.math.xlogy(
            tf.constant([0.0, 0.0, 1.0, 2.0]), tf.constant([0.0, np.nan, 0.0, 3.0])
        ),
    )
    case(
        "xlog1py",
        lambda: tf.math.xlog1py(tf.constant([0.0, 0.0, 1.0]), tf.constant([-1.0, np.nan, -1.0])),
    )
    case(
        "xdivy",
        lambda: tf.math.xdivy(tf.constant([0.0, 1.0, 0.0]), tf.constant([0.0, 0.0, np.nan])),
    )
    case(
        "nextafter",
        lambda: tf.math.nextafter(
            tf.constant([0.0, 1.0, 1.0, -0.0, np.inf, np.nan, 3.4e38]),
            tf.constant([1.0, 0.0, 1.0, -1.0, 0.0, 1.0, np.inf]),
        ),
    )
    case(
        "nextafter f64",
        lambda: tf.math.nextafter(
            tf.constant([0.0, 1.0], tf.float64), tf.constant([-1.0, 2.0], tf.float64)
        ),
    )
    case("nextafter int", lambda: tf.math.nextafter(tf.constant([1, 2]), tf.constant([2, 3])))
    case("nextafter bcast", lambda: tf.math.nextafter(tf.constant([1.0, 2.0]), tf.constant(0.0)))
    case(
        "nextafter f16",
        lambda: tf.math.nextafter(tf.constant([1.0], tf.float16), tf.constant([2.0], tf.float16)),
    )
    case("sobol", lambda: tf.math.sobol_sample(2, 3))
    case("sobol skip", lambda: tf.math.sobol_sample(3, 4, skip=10, dtype=tf.float64))
    case("sobol bad", lambda: tf.math.sobol_sample(0, 4))


def _math_segments(tf: Any, case: Callable) -> None:
    case(
        "polyval",
        lambda: tf.math.polyval(
            [tf.constant(2.0), tf.constant(-1.0), tf.constant(0.5)], tf.constant([0.0, 1.5, -2.0])
        ),
    )
    case("polyval empty", lambda: tf.math.polyval([], tf.constant([1.0, 2.0])))
    case("polyval int", lambda: tf.math.polyval([1, 2, 3], tf.constant([2, 3])))
    case(
        "polyval mixed",
        lambda: tf.math.polyval([1.0, tf.constant(2.0, tf.float64)], tf.constant(3.0)),
    )
    case(
        "polyval bcast",
        lambda: tf.math.polyval(
            [tf.constant([1.0, 2.0]), tf.constant(3.0)], tf.constant([[1.0], [2.0]])
        ),
    )
    x = tf.constant([1, 1, 2, 3, 3, 3, 0, 5])
    case("bincount", lambda: tf.math.bincount(x))
    case("bincount weights", lambda: tf.math.bincount(x, weights=tf.range(8.0)))
    case("bincount minlength", lambda: tf.math.bincount(x, minlength=10))
    case("bincount maxlength", lambda: tf.math.bincount(x, maxlength=3))
    case("bincount binary", lambda: tf.math.bincount(x, binary_output=True))
    case("bincount 2d axis-1", lambda: tf.math.bincount(tf.reshape(x, [2, 4]), axis=-1))
    case("bincount 2d axis0", lambda: tf.math.bincount(tf.reshape(x, [2, 4]), axis=0))
    case("bincount neg", lambda: tf.math.bincount(tf.constant([1, -1])))
    case("bincount dtype", lambda: tf.math.bincount(x, dtype=tf.float64))
    case("bincount empty", lambda: tf.math.bincount(tf.constant([], tf.int32)))
    case("bincount int64", lambda: tf.math.bincount(tf.cast(x, tf.int64)))
    case(
        "bincount weights binary",
        lambda: tf.math.bincount(x, weights=tf.range(8.0), binary_output=True),
    )
    case("bincount float", lambda: tf.math.bincount(tf.constant([1.0, 2.0])))
    case("bincount axis bad", lambda: tf.math.bincount(tf.reshape(x, [2, 4]), axis=1))
    case("bincount weights mismatch", lambda: tf.math.bincount(x, weights=tf.range(7.0)))
    data = tf.constant([[1.0, 2], [3, 4], [5, 6], [7, 8], [9, 10]])
    ids = tf.constant([2, 0, 2, 1, 0])
    for fn in [
        "unsorted_segment_sum",
        "unsorted_segment_max",
        "unsorted_segment_min",
        "unsorted_segment_prod",
        "unsorted_segment_mean",
        "unsorted_segment_sqrt_n",
    ]:
        f = getattr(tf.math, fn)
        case(fn, lambda: f(data, ids, 4))
        case(fn + " neg id", lambda: f(data, tf.constant([2, -1, 2, 1, 0]), 3))
        case(fn + " int", lambda: f(tf.cast(data, tf.int32), ids, 3))
        case(
            fn + " 2d ids",
            lambda: f(tf.reshape(tf.range(6.0), [2, 3]), tf.constant([[0, 1, 0], [1, 1, 2]]), 3),
        )
        case(fn + " id oob", lambda: f(data, tf.constant([2, 0, 5, 1, 0]), 3))
        case(fn + " bad shape", lambda: f(data, ids[:3], 3))
        case(fn + " num int64", lambda: f(data, ids, tf.constant(3, tf.int64)))
    for fn in ["segment_sum", "segment_max", "segment_min", "segment_prod", "segment_mean"]:
        f = getattr(tf.math, fn)
        case(fn, lambda: f(data, tf.constant([0, 0, 1, 3, 3])))
        case(fn + " unsorted", lambda: f(data, tf.constant([0, 2, 1, 3, 3])))
        case(fn + " neg", lambda: f(data, tf.constant([-1, 0, 1, 1, 1])))
        case(fn + " empty", lambda: f(tf.zeros([0, 2]), tf.constant([], tf.int32)))
        case(fn + " bad len", lambda: f(data, tf.constant([0, 0, 1])))
    case(
        "cumlse",
        lambda: tf.math.cumulative_logsumexp(tf.constant([1.0, 2.0, -np.inf, 3.0, np.inf])),
    )
    case(
        "cumlse excl rev",
        lambda: tf.math.cumulative_logsumexp(
            tf.constant([[1.0, 2.0, 3.0], [0.5, -1.0, 100.0]]), axis=1, exclusive=True, reverse=True
        ),
    )
    case(
        "cumlse f64",
        lambda: tf.math.cumulative_logsumexp(
            tf.constant([1.0, 1e-10, -1e3], tf.float64), exclusive=True
        ),
    )
    case("cumlse int", lambda: tf.math.cumulative_logsumexp(tf.constant([1, 2])))
    case("cumlse axis bad", lambda: tf.math.cumulative_logsumexp(tf.constant([1.0, 2.0]), axis=1))
    case(
        "cumlse nan",
        lambda: tf.math.cumulative_logsumexp(tf.constant([np.nan, 1.0, np.inf, -np.inf])),
    )
    case(
        "cumsum excl rev",
        lambda: tf.math.cumsum(
            tf.constant([[1, 2, 3], [4, 5, 6]]), axis=1, exclusive=True, reverse=True
        ),
    )
    case("cumprod excl", lambda: tf.math.cumprod(tf.constant([1.0, 2.0, 3.0]), exclusive=True))
    case(
        "cumsum axis tensor int64",
        lambda: tf.math.cumsum(tf.constant([1, 2]), axis=tf.constant(0, tf.int64)),
    )
    case("cumsum bool", lambda: tf.math.cumsum(tf.constant([True, False])))
    case("cumsum axis oob", lambda: tf.math.cumsum(tf.constant([1, 2]), axis=2))


def _math_reduce_mod(tf: Any, case: Callable) -> None:
    case("var int", lambda: tf.math.reduce_variance(tf.constant([1, 2, 3])))
    case("std int", lambda: tf.math.reduce_std(tf.constant([1, 2, 3])))
    case("var bool", lambda: tf.math.reduce_variance(tf.constant([True, False])))
    case(
        "var c64",
        lambda: tf.math.reduce_variance(
            tf.complex(tf.constant([1.0, 2.0]), tf.constant([0.5, -1.0]))
        ),
    )
    case(
        "std c64",
        lambda: tf.math.reduce_std(tf.complex(tf.constant([1.0, 2.0]), tf.constant([0.5, -1.0]))),
    )
    case("var f16", lambda: tf.math.reduce_variance(tf.constant([1.0, 2.0, 4.0], tf.float16)))
    case(
        "var keep axis",
        lambda: tf.math.reduce_variance(
            tf.constant([[1.0, 2.0], [3.0, 5.0]]), axis=0, keepdims=True
        ),
    )
    case("var empty", lambda: tf.math.reduce_variance(tf.zeros([0])))
    case("mean int", lambda: tf.math.reduce_mean(tf.constant([1, 2])))
    case("mean bool", lambda: tf.math.reduce_mean(tf.constant([True, False])))
    case("logsumexp int", lambda: tf.math.reduce_logsumexp(tf.constant([1, 2])))
    case("logsumexp inf", lambda: tf.math.reduce_logsumexp(tf.constant([-np.inf, -np.inf])))
    case("logsumexp inf2", lambda: tf.math.reduce_logsumexp(tf.constant([np.inf, 1.0])))
    x = tf.constant([3, 1, 3, 2, 1, 3, 2])
    case("top_k ties", lambda: tf.math.top_k(x, 4))
    case("top_k unsorted", lambda: tf.math.top_k(x, 4, sorted=False))
    case("top_k k0", lambda: tf.math.top_k(x, 0))
    case("top_k k big", lambda: tf.math.top_k(x, 8))
    case("top_k neg", lambda: tf.math.top_k(x, -1))
    case("top_k nan", lambda: tf.math.top_k(tf.constant([1.0, np.nan, 3.0, np.nan, -np.inf]), 3))
    case("top_k scalar", lambda: tf.math.top_k(tf.constant(1.0), 1))
    case("top_k 2d", lambda: tf.math.top_k(tf.constant([[1, 5, 5, 2], [7, 7, 7, 0]]), 2))
    case("top_k index_type", lambda: tf.math.top_k(x, 2, index_type=tf.int64))
    case("top_k bool", lambda: tf.math.top_k(tf.constant([True, False]), 1))
    case("top_k uint8", lambda: tf.math.top_k(tf.constant([3, 200, 7], tf.uint8), 2))
    case(
        "in_top_k",
        lambda: tf.math.in_top_k(
            tf.constant([2, 0]), tf.constant([[0.1, 0.5, 0.5], [0.3, 0.3, 0.3]]), 1
        ),
    )
    case(
        "in_top_k nan", lambda: tf.math.in_top_k(tf.constant([1]), tf.constant([[0.1, np.nan]]), 1)
    )
    case("in_top_k oob", lambda: tf.math.in_top_k(tf.constant([5]), tf.constant([[0.1, 0.2]]), 1))
    lab = tf.constant([1, 2, 4, 0, 2])
    pred = tf.constant([2, 2, 4, 1, 0])
    case("cm", lambda: tf.math.confusion_matrix(lab, pred))
    case("cm num", lambda: tf.math.confusion_matrix(lab, pred, num_classes=6))
    case(
        "cm weights",
        lambda: tf.math.confusion_matrix(lab, pred, weights=tf.constant([1.0, 2, 3, 4, 5])),
    )
    case("cm dtype", lambda: tf.math.confusion_matrix(lab, pred, dtype=tf.float32))
    case("cm neg", lambda: tf.math.confusion_matrix(tf.constant([-1, 0]), tf.constant([0, 0])))
    case("cm too big", lambda: tf.math.confusion_matrix(lab, pred, num_classes=3))
    case("cm mismatch", lambda: tf.math.confusion_matrix(lab, pred[:4]))
    case(
        "cm float labels",
        lambda: tf.math.confusion_matrix(tf.constant([1.0, 2.0]), tf.constant([1.0, 0.0])),
    )
    case("cm 2d", lambda: tf.math.confusion_matrix(tf.constant([[1], [2]]), tf.constant([1, 0])))
    a = tf.constant([7, -7, 7, -7, 0, 5])
    b = tf.constant([3, 3, -3, -3, 2, 5])
    case("floormod int", lambda: tf.math.floormod(a, b))
    case("truncatemod int", lambda: tf.truncatemod(a, b))
    case("floordiv int", lambda: tf.math.floordiv(a, b))
    case("truncatediv int", lambda: tf.truncatediv(a, b))
    af, bf = tf.cast(a, tf.float32) + 0.5, tf.cast(b, tf.float32)
    case("floormod f", lambda: tf.math.floormod(af, bf))
    case("truncatemod f", lambda: tf.truncatemod(af, bf))
    case("floordiv f", lambda: tf.math.floordiv(af, bf))
    case(
        "floormod zero f",
        lambda: tf.math.floormod(tf.constant([1.0, -1.0, 0.0]), tf.constant([0.0, 0.0, 0.0])),
    )
    case(
        "floormod neg zero",
        lambda: tf.math.floormod(tf.constant([-0.0, 2.0, -2.0]), tf.constant([1.0, -1.0, 1.0])),
    )
    case("floormod int zero", lambda: tf.math.floormod(tf.constant([1]), tf.constant([0])))
    case("truncatemod int zero", lambda: tf.truncatemod(tf.constant([1]), tf.constant([0])))
    case("floordiv int zero", lambda: tf.math.floordiv(tf.constant([1]), tf.constant([0])))
    case("floormod int min", lambda: tf.math.floormod(tf.constant([-(2**31)]), tf.constant([-1])))
    case("floordiv int min", lambda: tf.math.floordiv(tf.constant([-(2**31)]), tf.constant([-1])))
    case(
        "floormod uint8",
        lambda: tf.math.floormod(tf.constant([7, 200], tf.uint8), tf.constant([3, 7], tf.uint8)),
    )
    case(
        "floormod f16",
        lambda: tf.math.floormod(
            tf.constant([7.5, -7.5], tf.float16), tf.constant([2.0, 2.0], tf.float16)
        ),
    )
    case(
        "floormod inf",
        lambda: tf.math.floormod(
            tf.constant([np.inf, 5.0, -5.0]), tf.constant([2.0, np.inf, np.inf])
        ),
    )
    case(
        "truncatemod f16",
        lambda: tf.truncatemod(
            tf.constant([7.5, -7.5], tf.float16), tf.constant([2.0, 2.0], tf.float16)
        ),
    )
    case("mod int8", lambda: tf.math.mod(tf.constant([-7], tf.int8), tf.constant([3], tf.int8)))


def _sweep(tf: Any, case: Callable, dtypes: tuple) -> None:
    names = [
        "abs",
        "acos",
        "acosh",
        "asin",
        "asinh",
        "atan",
        "atanh",
        "bessel_i0",
        "bessel_i0e",
        "bessel_i1",
        "bessel_i1e",
        "ceil",
        "conj",
        "cos",
        "cosh",
        "digamma",
        "erf",
        "erfc",
        "erfcinv",
        "erfinv",
        "exp",
        "expm1",
        "floor",
        "imag",
        "is_finite",
        "is_inf",
        "is_nan",
        "lgamma",
        "log",
        "log1p",
        "log_sigmoid",
        "ndtri",
        "negative",
        "real",
        "reciprocal",
        "reciprocal_no_nan",
        "rint",
        "round",
        "rsqrt",
        "sigmoid",
        "sign",
        "sin",
        "sinh",
        "softplus",
        "softsign",
        "sqrt",
        "square",
        "tan",
        "tanh",
        "angle",
        "cumsum",
        "cumprod",
        "cumulative_logsumexp",
        "reduce_euclidean_norm",
        "reduce_logsumexp",
        "reduce_std",
        "reduce_variance",
        "reduce_mean",
        "reduce_prod",
        "argmax",
        "argmin",
        "top_k",
        "invert_permutation",
        "l2_normalize",
        "count_nonzero",
        "bincount",
        "softmax",
        "log_softmax",
        "special.dawsn",
        "special.expint",
        "special.fresnel_cos",
        "special.fresnel_sin",
        "special.spence",
        "special.bessel_j0",
        "special.bessel_j1",
        "special.bessel_y0",
        "special.bessel_y1",
        "special.bessel_k0",
        "special.bessel_k1",
        "special.bessel_k0e",
        "special.bessel_k1e",
    ]
    bnames = [
        "add",
        "atan2",
        "divide",
        "divide_no_nan",
        "equal",
        "floordiv",
        "floormod",
        "greater",
        "igamma",
        "igammac",
        "maximum",
        "minimum",
        "mod",
        "multiply",
        "multiply_no_nan",
        "nextafter",
        "polygamma",
        "pow",
        "squared_difference",
        "subtract",
        "truediv",
        "xdivy",
        "xlog1py",
        "xlogy",
        "zeta",
        "logical_and",
    ]

    def get(n):
        m = tf.math
        for p in n.split("."):
            m = getattr(m, p)
        return m

    vals = [0.5, -1.5, 2.0, 0.0, 3.25, -0.25, 7.0, 1.0, 9.5]
    for d in dtypes:
        x = (
            tf.cast(tf.constant(vals), d)
            if d != tf.complex64
            else tf.complex(tf.constant(vals), tf.constant(vals[::-1]))
        )
        for n in names:
            if d in (tf.float16, tf.bfloat16) and n.endswith("softmax"):
                continue  # (TF's half softmax is oneDNN's or Eigen's, by TF_ENABLE_ONEDNN_OPTS)
            case(f"{n} {d.name}", lambda: get(n)(x))
        for n in bnames:
            case(f"{n} {d.name}", lambda: get(n)(x, x[::-1]))


def _math_dtype_sweep(tf: Any, case: Callable) -> None:
    _sweep(tf, case, (tf.float16, tf.bfloat16, tf.int32))


def _math_complex_sweep(tf: Any, case: Callable) -> None:
    _sweep(tf, case, (tf.complex64,))


def _math_euclidean_norm(tf: Any, case: Callable) -> None:
    for d in (tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8, tf.uint16, tf.uint32, tf.uint64):
        case(f"en small {d.name}", lambda: tf.math.reduce_euclidean_norm(tf.constant([3, 4], d)))
        case(
            f"en ovf {d.name}",
            lambda: tf.math.reduce_euclidean_norm(tf.constant([100, 100, 100], d)),
        )
        case(
            f"en axis {d.name}",
            lambda: tf.math.reduce_euclidean_norm(
                tf.constant([[100, 3], [100, 4], [120, 0]], d), axis=0
            ),
        )
        case(
            f"en big {d.name}",
            lambda: tf.math.reduce_euclidean_norm(tf.cast(tf.constant([2**31 - 1, 2**20]), d)),
        )
        case(
            f"en 9 {d.name}",
            lambda: tf.math.reduce_euclidean_norm(tf.constant([1, 2, 3, 4, 5, 6, 7, 8, 9], d)),
        )
        case(
            f"en neg {d.name}",
            lambda: tf.math.reduce_euclidean_norm(tf.cast(tf.constant([-3, 4]), d)),
        )
    case(
        "en c64",
        lambda: tf.math.reduce_euclidean_norm(
            tf.complex(tf.constant([3.0, 1.0]), tf.constant([4.0, -1.0]))
        ),
    )
    case("en f16", lambda: tf.math.reduce_euclidean_norm(tf.constant([300.0, 400.0], tf.float16)))
    case("en bf16", lambda: tf.math.reduce_euclidean_norm(tf.constant([3e20, 4e20], tf.bfloat16)))


def _math_euclidean_norm_wrap(tf: Any, case: Callable) -> None:
    case("i32 neg", lambda: tf.math.reduce_euclidean_norm(tf.constant([46341], tf.int32)))
    case("i64 neg", lambda: tf.math.reduce_euclidean_norm(tf.constant([3037000500], tf.int64)))
    case("i8 neg", lambda: tf.math.reduce_euclidean_norm(tf.constant([12], tf.int8)))
    case("i16 neg", lambda: tf.math.reduce_euclidean_norm(tf.constant([200], tf.int16)))
    case("i64 big", lambda: tf.math.reduce_euclidean_norm(tf.constant([3037000499], tf.int64)))
    case("u64 big", lambda: tf.math.reduce_euclidean_norm(tf.constant([2**32 - 1, 5], tf.uint64)))
    case("u32 big", lambda: tf.math.reduce_euclidean_norm(tf.constant([65535, 2], tf.uint32)))
    case(
        "i32 keep",
        lambda: tf.math.reduce_euclidean_norm(
            tf.constant([[3, 4], [46341, 0]], tf.int32), axis=1, keepdims=True
        ),
    )
    case("i32 empty", lambda: tf.math.reduce_euclidean_norm(tf.zeros([0], tf.int32)))


def _math_igamma_half(tf: Any, case: Callable) -> None:
    for d in (tf.float16, tf.bfloat16):
        a = tf.constant([1.0], d)
        case(f"igamma {d.name}", lambda: tf.math.igamma(a, a))
        case(f"igammac {d.name}", lambda: tf.math.igammac(a, a))


def _math_int_division(tf: Any, case: Callable) -> None:
    for d in (tf.int32, tf.int64):
        case(
            f"tm {d.name}",
            lambda: tf.truncatemod(tf.constant([1, 2, 3], d), tf.constant([1, 0, 1], d)),
        )
        case(f"tm scalar {d.name}", lambda: tf.truncatemod(tf.constant(5, d), tf.constant(0, d)))
        case(
            f"tm bcast {d.name}",
            lambda: tf.truncatemod(tf.constant([[1, 2, 3]] * 20, d), tf.constant([0], d)),
        )
        case(
            f"td {d.name}",
            lambda: tf.truncatediv(tf.constant([1, 2, 3], d), tf.constant([1, 0, 1], d)),
        )
        case(
            f"fd {d.name}",
            lambda: tf.math.floordiv(tf.constant([1, 2, 3], d), tf.constant([1, 0, 1], d)),
        )
        case(
            f"fm {d.name}",
            lambda: tf.math.floormod(tf.constant([1, 2, 3], d), tf.constant([1, 0, 1], d)),
        )
        case(
            f"div {d.name}",
            lambda: tf.math.divide(tf.constant([1, 2, 3], d), tf.constant([1, 0, 1], d)),
        )
    case("tm uint8", lambda: tf.truncatemod(tf.constant([1], tf.uint8), tf.constant([0], tf.uint8)))


def _math_misc(tf: Any, case: Callable) -> None:
    v = tf.constant(
        [
            -100.0,
            -20.0,
            -1.5,
            -0.5,
            0.0,
            1e-8,
            0.5,
            2.5,
            15.0,
            20.0,
            88.0,
            100.0,
            np.inf,
            -np.inf,
            np.nan,
            3.0,
        ]
    )
    case("sigmoid", lambda: tf.math.sigmoid(v))
    case("softsign", lambda: tf.math.softsign(v))
    case("lbeta", lambda: tf.math.lbeta(tf.constant([[1.0, 2.0], [0.5, 0.5], [1e-3, 3.0]])))
    case("lbeta empty", lambda: tf.math.lbeta(tf.zeros([2, 0])))
    case("lbeta int", lambda: tf.math.lbeta(tf.constant([1, 2])))
    case("round", lambda: tf.math.round(tf.constant([0.5, 1.5, 2.5, -0.5, -1.5, 2.4999, 1e20])))
    case("round int", lambda: tf.math.round(tf.constant([1, 2])))
    case("rint", lambda: tf.math.rint(tf.constant([0.5, 1.5, 2.5, -0.5, -2.5])))
    case(
        "sign c64",
        lambda: tf.math.sign(
            tf.complex(tf.constant([3.0, 0.0, -1.0]), tf.constant([4.0, 0.0, 1.0]))
        ),
    )
    case("angle real", lambda: tf.math.angle(tf.constant([-1.0, 0.0, 2.0, -0.0])))
    case("conj int", lambda: tf.math.conj(tf.constant([1, 2])))
    case("conj str", lambda: tf.math.conj(tf.constant(["a"])))
    case("real int", lambda: tf.math.real(tf.constant([1, 2])))
    case("truediv int", lambda: tf.math.truediv(tf.constant([1, 2]), tf.constant([2, 0])))
    case(
        "truediv int8",
        lambda: tf.math.truediv(tf.constant([1, 2], tf.int8), tf.constant([2, 0], tf.int8)),
    )
    case(
        "truediv int64",
        lambda: tf.math.truediv(tf.constant([1, 2], tf.int64), tf.constant([3, 0], tf.int64)),
    )
    case("truediv mixed", lambda: tf.math.truediv(tf.constant([1, 2]), tf.constant([2.0, 1.0])))
    case(
        "divide_no_nan",
        lambda: tf.math.divide_no_nan(
            tf.constant([1.0, 0.0, np.inf, np.nan]), tf.constant([0.0, 0.0, 0.0, 0.0])
        ),
    )
    case(
        "divide_no_nan int", lambda: tf.math.divide_no_nan(tf.constant([1, 2]), tf.constant([0, 1]))
    )
    case(
        "multiply_no_nan",
        lambda: tf.math.multiply_no_nan(
            tf.constant([np.inf, np.nan, 1.0]), tf.constant([0.0, 0.0, 2.0])
        ),
    )
    case(
        "add_n",
        lambda: tf.math.add_n(
            [tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]), tf.constant([5.0, 6.0])]
        ),
    )
    case("add_n empty", lambda: tf.math.add_n([]))
    case("add_n mismatch", lambda: tf.math.add_n([tf.constant([1.0, 2.0]), tf.constant([3.0])]))
    case("add_n dtype", lambda: tf.math.add_n([tf.constant([1.0]), tf.constant([3], tf.int32)]))
    case("add_n one", lambda: tf.math.add_n([tf.constant([1, 2])]))
    case("argmax ties", lambda: tf.math.argmax(tf.constant([1, 3, 3, 2])))
    case("argmax nan", lambda: tf.math.argmax(tf.constant([1.0, np.nan, 3.0, np.nan])))
    case("argmin nan", lambda: tf.math.argmin(tf.constant([1.0, np.nan, -3.0])))
    case(
        "argmax int64 out",
        lambda: tf.math.argmax(tf.constant([[1, 3], [4, 2]]), axis=1, output_type=tf.int32),
    )
    case("argmax bad out", lambda: tf.math.argmax(tf.constant([1, 3]), output_type=tf.float32))
    case("argmax empty", lambda: tf.math.argmax(tf.zeros([0])))
    case("argmax bool", lambda: tf.math.argmax(tf.constant([False, True])))
    case("argmax axis oob", lambda: tf.math.argmax(tf.constant([1, 3]), axis=1))
    case(
        "count_nonzero",
        lambda: tf.math.count_nonzero(
            tf.constant([[0, 1], [2, 0]]), axis=0, keepdims=True, dtype=tf.int32
        ),
    )
    case("count_nonzero str", lambda: tf.math.count_nonzero(tf.constant(["", "a", "b"])))
    case(
        "count_nonzero float", lambda: tf.math.count_nonzero(tf.constant([0.0, -0.0, np.nan, 1.0]))
    )
    case("is_non_decreasing", lambda: tf.math.is_non_decreasing(tf.constant([1, 2, 2, 3])))
    case("is_strictly_increasing", lambda: tf.math.is_strictly_increasing(tf.constant([1, 2, 2])))
    case(
        "is_strictly_increasing empty",
        lambda: tf.math.is_strictly_increasing(tf.constant([], tf.float32)),
    )
    case("invert_permutation bad", lambda: tf.math.invert_permutation(tf.constant([0, 2, 2])))
    case("invert_permutation oob", lambda: tf.math.invert_permutation(tf.constant([0, 3])))
    case("invert_permutation 2d", lambda: tf.math.invert_permutation(tf.constant([[0, 1]])))
    case(
        "l2_normalize axes",
        lambda: tf.math.l2_normalize(tf.constant([[3.0, 4.0], [0.0, 0.0]]), axis=[0, 1]),
    )
    case("l2_normalize eps", lambda: tf.math.l2_normalize(tf.constant([1e-7, 0.0]), epsilon=1e-6))
    case("l2_normalize int", lambda: tf.math.l2_normalize(tf.constant([3, 4])))
    case("scalar_mul", lambda: tf.math.scalar_mul(2, tf.constant([1.0, 2.0])))
    case(
        "scalar_mul bad",
        lambda: tf.math.scalar_mul(tf.constant([2.0, 3.0]), tf.constant([1.0, 2.0])),
    )
    case("pow int neg", lambda: tf.math.pow(tf.constant([2, 3]), tf.constant([-1, 2])))
    case("pow int zero neg", lambda: tf.math.pow(tf.constant([0]), tf.constant([-1])))
    case(
        "pow f edge",
        lambda: tf.math.pow(
            tf.constant([0.0, -8.0, -1.0, np.inf, 1.0, np.nan]),
            tf.constant([-1.0, 1.0 / 3, np.inf, 0.0, np.nan, 0.0]),
        ),
    )
    case(
        "pow uint8",
        lambda: tf.math.pow(tf.constant([2, 3], tf.uint8), tf.constant([8, 5], tf.uint8)),
    )
    case(
        "squared_difference int",
        lambda: tf.math.squared_difference(tf.constant([1, -5]), tf.constant([4, 2])),
    )
    case("maximum bool", lambda: tf.math.maximum(tf.constant([True]), tf.constant([False])))
    case("reduce_max empty", lambda: tf.math.reduce_max(tf.zeros([0])))
    case("reduce_min empty int", lambda: tf.math.reduce_min(tf.zeros([0], tf.int32)))
    case("reduce_prod empty", lambda: tf.math.reduce_prod(tf.zeros([0, 2]), axis=0))
    case("reduce_mean empty", lambda: tf.math.reduce_mean(tf.zeros([0])))
    case("reduce_mean int empty", lambda: tf.math.reduce_mean(tf.zeros([0], tf.int32)))
    case("reduce_all axis dup", lambda: tf.math.reduce_all(tf.constant([[True]]), axis=[0, 0]))
    case("reduce_sum axis oob", lambda: tf.math.reduce_sum(tf.ones([2]), axis=3))
    case("reduce_sum axis float", lambda: tf.math.reduce_sum(tf.ones([2]), axis=0.0))
    case("reduce_sum bool", lambda: tf.math.reduce_sum(tf.constant([True, True])))
    case("reduce_any int", lambda: tf.math.reduce_any(tf.constant([1, 0])))
    case(
        "logical_xor",
        lambda: tf.math.logical_xor(tf.constant([True, False]), tf.constant([True, True])),
    )
    case("logical_and int", lambda: tf.math.logical_and(tf.constant([1]), tf.constant([1])))
    case("floor int", lambda: tf.math.floor(tf.constant([1, 2])))
    case("ceil f16", lambda: tf.math.ceil(tf.constant([1.5, -1.5], tf.float16)))
    case("abs int min", lambda: tf.math.abs(tf.constant([-(2**31), -5])))
    case("negative uint", lambda: tf.math.negative(tf.constant([1, 2], tf.uint8)))
    case("sqrt neg", lambda: tf.math.sqrt(tf.constant([-1.0, 4.0])))
    case("sqrt int", lambda: tf.math.sqrt(tf.constant([4])))
    case("rsqrt zero", lambda: tf.math.rsqrt(tf.constant([0.0, -0.0])))
    case("reciprocal int", lambda: tf.math.reciprocal(tf.constant([2, 0, -1])))
    case("exp big", lambda: tf.math.exp(tf.constant([88.8, 89.0, -104.0, -88.0])))
    case("log zero", lambda: tf.math.log(tf.constant([0.0, -0.0, -1.0, 1e-45])))
    case("tan pi2", lambda: tf.math.tan(tf.constant([1.5707964, 1e6, -1e9])))
    case("asin out", lambda: tf.math.asin(tf.constant([1.5, -1.0, 1.0])))
    case("acosh edge", lambda: tf.math.acosh(tf.constant([0.5, 1.0, 1e30])))
    case("atanh edge", lambda: tf.math.atanh(tf.constant([1.0, -1.0, 2.0])))
    case("erfcinv edge", lambda: tf.math.erfcinv(tf.constant([0.0, 2.0, 1.0, -1.0, 1e-30])))
    case(
        "cumprod int",
        lambda: tf.math.cumprod(tf.constant([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])),
    )
    case("cumsum uint8 wrap", lambda: tf.math.cumsum(tf.constant([200, 100, 50], tf.uint8)))
    case("reduce_sum int8 wrap", lambda: tf.math.reduce_sum(tf.constant([100, 100, 100], tf.int8)))
    case("reduce_mean int8", lambda: tf.math.reduce_mean(tf.constant([100, 100, 100], tf.int8)))
    case("reduce_mean uint8", lambda: tf.math.reduce_mean(tf.constant([200, 100, 50], tf.uint8)))
    case("reduce_prod int8", lambda: tf.math.reduce_prod(tf.constant([100, 3], tf.int8)))
    case(
        "reduce_variance f16",
        lambda: tf.math.reduce_variance(tf.constant([100.0, 200.0, 300.0, 400.0], tf.float16)),
    )
    case(
        "reduce_std f64 keep",
        lambda: tf.math.reduce_std(
            tf.constant([[1.0, 2.0], [3.0, 5.0]], tf.float64), axis=-1, keepdims=True
        ),
    )


def _math_counts(tf: Any, case: Callable) -> None:
    data = tf.constant([[1.0, 2], [3, 4], [5, 6]])
    case("uss neg num", lambda: tf.math.unsorted_segment_sum(data, tf.constant([0, 1, 0]), -1))
    case("uss num float", lambda: tf.math.unsorted_segment_sum(data, tf.constant([0, 1, 0]), 2.0))
    case("uss num vec", lambda: tf.math.unsorted_segment_sum(data, tf.constant([0, 1, 0]), [2]))
    case(
        "uss ids float", lambda: tf.math.unsorted_segment_sum(data, tf.constant([0.0, 1.0, 0.0]), 2)
    )
    case(
        "uss ids int64",
        lambda: tf.math.unsorted_segment_sum(data, tf.constant([0, 1, 0], tf.int64), 2),
    )
    case(
        "uss scalar data", lambda: tf.math.unsorted_segment_sum(tf.constant(1.0), tf.constant(0), 2)
    )
    case("uss bool", lambda: tf.math.unsorted_segment_sum(tf.constant([True]), tf.constant([0]), 1))
    case("usmax empty seg", lambda: tf.math.unsorted_segment_max(data, tf.constant([0, 2, 0]), 3))
    case(
        "usmin empty int",
        lambda: tf.math.unsorted_segment_min(
            tf.constant([[1, 2], [3, 4], [5, 6]]), tf.constant([0, 2, 0]), 3
        ),
    )
    case("usprod empty", lambda: tf.math.unsorted_segment_prod(data, tf.constant([0, 2, 0]), 3))
    case("usmean empty", lambda: tf.math.unsorted_segment_mean(data, tf.constant([0, 2, 0]), 3))
    case(
        "ussqrtn int",
        lambda: tf.math.unsorted_segment_sqrt_n(tf.constant([1, 2]), tf.constant([0, 0]), 1),
    )
    case("seg_sum int64 ids", lambda: tf.math.segment_sum(data, tf.constant([0, 0, 2], tf.int64)))
    case(
        "seg_mean int", lambda: tf.math.segment_mean(tf.constant([1, 2, 4]), tf.constant([0, 0, 2]))
    )
    case("seg_max empty gap", lambda: tf.math.segment_max(data, tf.constant([0, 0, 2])))
    case(
        "seg_min empty gap int",
        lambda: tf.math.segment_min(tf.constant([3, 1, 4]), tf.constant([0, 0, 2])),
    )
    case(
        "seg_prod bool",
        lambda: tf.math.segment_prod(tf.constant([True, False]), tf.constant([0, 0])),
    )
    case("seg_sum ids 2d", lambda: tf.math.segment_sum(data, tf.constant([[0, 0, 1]])))
    case("seg_sum scalar", lambda: tf.math.segment_sum(tf.constant(1.0), tf.constant(0)))
    case(
        "bincount 2d weights",
        lambda: tf.math.bincount(
            tf.constant([[1, 2], [2, 2]]), weights=tf.constant([[0.5, 1.0], [2.0, 3.0]]), axis=-1
        ),
    )
    case(
        "bincount 2d binary",
        lambda: tf.math.bincount(
            tf.constant([[1, 2], [2, 2]]), binary_output=True, axis=-1, minlength=4
        ),
    )
    case("bincount 3d", lambda: tf.math.bincount(tf.zeros([2, 2, 2], tf.int32)))
    case("bincount 3d axis -1", lambda: tf.math.bincount(tf.zeros([2, 2, 2], tf.int32), axis=-1))
    case("bincount minlength neg", lambda: tf.math.bincount(tf.constant([1]), minlength=-1))
    case("bincount maxlength 0", lambda: tf.math.bincount(tf.constant([1, 2]), maxlength=0))
    case(
        "bincount weights int",
        lambda: tf.math.bincount(tf.constant([1, 2]), weights=tf.constant([3, 4])),
    )
    case(
        "bincount weights int64 dtype",
        lambda: tf.math.bincount(
            tf.constant([1, 2]), weights=tf.constant([3, 4], tf.int64), dtype=tf.float32
        ),
    )
    case("cm weights int", lambda: tf.math.confusion_matrix([0, 1], [1, 1], weights=[2, 3]))
    case(
        "cm weights float dtype int",
        lambda: tf.math.confusion_matrix([0, 1], [1, 1], weights=tf.constant([2.5, 3.5])),
    )
    case(
        "cm num tensor",
        lambda: tf.math.confusion_matrix([0, 1], [1, 1], num_classes=tf.constant(3)),
    )
    case(
        "cm int64",
        lambda: tf.math.confusion_matrix(
            tf.constant([0, 1], tf.int64), tf.constant([1, 1], tf.int64)
        ),
    )
    case(
        "cm empty",
        lambda: tf.math.confusion_matrix(tf.constant([], tf.int32), tf.constant([], tf.int32)),
    )
    case(
        "cm empty num",
        lambda: tf.math.confusion_matrix(
            tf.constant([], tf.int32), tf.constant([], tf.int32), num_classes=2
        ),
    )
    case("top_k k tensor", lambda: tf.math.top_k(tf.constant([3, 1, 2]), tf.constant(2)))
    case("top_k k int64", lambda: tf.math.top_k(tf.constant([3, 1, 2]), tf.constant(2, tf.int64)))
    case(
        "top_k f16 ties",
        lambda: tf.math.top_k(tf.constant([1.0, 2.0, 2.0, 1.0, -0.0, 0.0], tf.float16), 6),
    )
    case("top_k -0", lambda: tf.math.top_k(tf.constant([0.0, -0.0, 0.0, -0.0]), 4))
    case("sort -0", lambda: tf.sort(tf.constant([0.0, -0.0, 0.0, -0.0, np.nan, 1.0])))
    case(
        "argsort stable",
        lambda: tf.argsort(tf.constant([2, 1, 2, 1, 0]), stable=True, direction="DESCENDING"),
    )
    case("argsort nan", lambda: tf.argsort(tf.constant([2.0, np.nan, 1.0])))
    case("sort bad dir", lambda: tf.sort(tf.constant([1, 2]), direction="UP"))


GROUPS = {
    "math_misc": _math_misc,
    "math_special": _math_special,
    "math_segments": _math_segments,
    "math_reduce_mod": _math_reduce_mod,
    "math_dtype_sweep": _math_dtype_sweep,
    "math_complex_sweep": _math_complex_sweep,
    "math_euclidean_norm": _math_euclidean_norm,
    "math_euclidean_norm_wrap": _math_euclidean_norm_wrap,
    "math_igamma_half": _math_igamma_half,
    "math_int_division": _math_int_division,
    "math_counts": _math_counts,
}
