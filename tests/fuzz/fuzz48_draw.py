"""fuzz48's differential draw: calls of commonly used public functions (tf.math, tf.nn's
activations and losses, reductions, sorting, segment and scatter ops, tf.image, tf.strings,
tf.linalg, tf.signal) over dtype edge cases (uint*, int8/16, float16/bfloat16, complex),
empty and 0-d shapes and special values (NaN, inf, -0, extremes), written as Python source
over `tf`, `np` and `T` (a tensor from dtype, shape and values), run under eagerflow and
under TF 2.21 and compared.

    python tests/fuzz/fuzz48_draw.py SEED N OUT.txt   (eagerflow's Python; TF's found by
                                                      tests/tf_reference.py)

The calls that differ are listed in OUT.txt; those kept as regressions live in
fuzz48_cases.py (recorded by record_cases.py fuzz48)."""

from __future__ import annotations

import json
import math
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent

FLOATS = ("float16", "bfloat16", "float32", "float64")
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
COMPLEX = ("complex64", "complex128")
ALL = FLOATS + INTS + COMPLEX + ("bool",)


def T(tf: Any, dtype: str, shape: list, values: list) -> Any:
    """A tensor of `dtype` and `shape` holding `values` (bfloat16 through float32; values
    past a narrow type's range are its infinities, as NumPy casts them, quietly)."""
    if dtype == "bfloat16":
        with np.errstate(over="ignore"):
            return tf.cast(np.array(values, "float32").reshape(shape), tf.bfloat16)
    if dtype == "string":
        return tf.constant(np.array(values, object).reshape(shape))
    with np.errstate(over="ignore"):
        arr = np.array(values, dtype).reshape(shape)
    return tf.constant(arr)


_SPECIAL = (math.nan, math.inf, -math.inf, -0.0, 0.0, 1e30, -1e30, 3.4e38, 65504.0,
            70000.0, 1e-8, 0.5, -0.5, 1.5, 2.5, -2.5)


def _float(r: random.Random, special: bool) -> float:
    if special and r.random() < 0.3:
        return r.choice(_SPECIAL)
    return r.choice((round(r.uniform(-4, 4), 3), float(r.randint(-3, 3)),
                     round(r.uniform(0, 1), 4)))


def _int(r: random.Random, dtype: str, special: bool) -> int:
    info = np.iinfo(dtype)
    if special and r.random() < 0.25:
        return int(r.choice((info.min, info.max, 0, info.max // 2 + 1)))
    lo = max(int(info.min), -5)
    return r.randint(lo, 5)


class _Complex(complex):
    """A complex value whose source is complex(re, im): its repr's "infj" or "nanj" names
    nothing Python knows."""

    def __repr__(self) -> str:
        return f"complex({self.real!r}, {self.imag!r})"


def values(r: random.Random, dtype: str, n: int, special: bool = True) -> list:
    if dtype in FLOATS:
        return [_float(r, special) for _ in range(n)]
    if dtype in COMPLEX:
        return [_Complex(_float(r, special), _float(r, special)) for _ in range(n)]
    if dtype == "bool":
        return [r.random() < 0.5 for _ in range(n)]
    if dtype == "string":
        return [r.choice(("", "a", "Ab c", " x ", "3.5", "-7", "1e5", "nan", "\u00e9t\u00e9",
                          "0x1F", "inf", "12345678901234567890", "  9 ", "a,b,,c"))
                for _ in range(n)]
    return [_int(r, dtype, special) for _ in range(n)]


def shape(r: random.Random, max_rank: int = 3, min_rank: int = 0) -> list:
    rank = r.randint(min_rank, max_rank)
    return [r.choice((0, 1, 2, 3, 3, 4)) if r.random() < 0.15 else r.randint(1, 4)
            for _ in range(rank)]


def tensor(r: random.Random, dtype: str, shp: list | None = None, special: bool = True) -> str:
    shp = shape(r) if shp is None else shp
    n = int(np.prod(shp)) if shp else 1
    return f"T({dtype!r}, {shp}, {values(r, dtype, n, special)!r})"


def _axis(r: random.Random, rank: int) -> str:
    choices = ["None"] + [str(a) for a in range(-rank, rank)] + [str(rank)]
    if rank >= 2:
        choices += [f"[{0}, {rank - 1}]", f"[{-1}, 0]", "[]"]
    return r.choice(choices)


def _pick(r: random.Random, dtypes: tuple) -> str:
    return r.choice(dtypes) if r.random() < 0.92 else r.choice(ALL)


UNARY = {
    "tf.math.abs": ALL, "tf.math.negative": ALL, "tf.math.sign": ALL, "tf.math.square": ALL,
    "tf.math.sqrt": FLOATS + COMPLEX, "tf.math.rsqrt": FLOATS + COMPLEX,
    "tf.math.exp": FLOATS + COMPLEX, "tf.math.expm1": FLOATS + COMPLEX,
    "tf.math.log": FLOATS + COMPLEX, "tf.math.log1p": FLOATS + COMPLEX,
    "tf.math.sin": FLOATS + COMPLEX, "tf.math.cos": FLOATS, "tf.math.tan": FLOATS,
    "tf.math.asin": FLOATS, "tf.math.acos": FLOATS, "tf.math.atan": FLOATS,
    "tf.math.sinh": FLOATS, "tf.math.cosh": FLOATS, "tf.math.tanh": FLOATS + COMPLEX,
    "tf.math.asinh": FLOATS, "tf.math.acosh": FLOATS, "tf.math.atanh": FLOATS,
    "tf.math.erf": FLOATS, "tf.math.erfc": FLOATS, "tf.math.erfinv": FLOATS,
    "tf.math.ndtri": FLOATS, "tf.math.lgamma": FLOATS, "tf.math.digamma": FLOATS,
    "tf.math.reciprocal": FLOATS + INTS + COMPLEX, "tf.math.reciprocal_no_nan": FLOATS + COMPLEX,
    "tf.math.round": FLOATS + INTS, "tf.math.rint": FLOATS, "tf.math.floor": FLOATS,
    "tf.math.ceil": FLOATS, "tf.math.is_nan": FLOATS, "tf.math.is_inf": FLOATS,
    "tf.math.is_finite": FLOATS, "tf.math.sigmoid": FLOATS + COMPLEX,
    "tf.math.log_sigmoid": FLOATS, "tf.math.softplus": FLOATS, "tf.nn.softsign": FLOATS,
    "tf.nn.relu": FLOATS + INTS, "tf.nn.relu6": FLOATS + INTS, "tf.nn.elu": FLOATS,
    "tf.nn.selu": FLOATS, "tf.nn.gelu": FLOATS, "tf.nn.silu": FLOATS,
    "tf.nn.leaky_relu": FLOATS + INTS, "tf.math.bessel_i0e": FLOATS,
    "tf.math.bessel_i1e": FLOATS, "tf.math.bessel_i0": FLOATS, "tf.math.bessel_i1": FLOATS,
    "tf.math.special.dawsn": FLOATS, "tf.math.special.expint": FLOATS,
    "tf.math.special.fresnel_cos": FLOATS, "tf.math.special.spence": FLOATS,
    "tf.math.special.bessel_j0": FLOATS, "tf.math.special.bessel_y1": FLOATS,
    "tf.math.real": ALL, "tf.math.imag": ALL, "tf.math.angle": ALL, "tf.math.conj": ALL,
    "tf.math.logical_not": ("bool",), "tf.bitwise.invert": INTS,
    "tf.math.softmax": FLOATS, "tf.math.log_softmax": FLOATS, "tf.nn.l2_loss": FLOATS,
    "tf.math.zero_fraction": ALL, "tf.math.count_nonzero": ALL,
    "tf.math.reduce_std": FLOATS + COMPLEX, "tf.math.reduce_variance": FLOATS + COMPLEX,
    "tf.nn.l2_normalize": FLOATS + COMPLEX, "tf.math.cumulative_logsumexp": FLOATS,
}
UNARY_EXTRA = {  # extra keyword choices of some
    "tf.nn.gelu": ["approximate=True", "approximate=False"],
    "tf.nn.leaky_relu": ["alpha=0.3", "alpha=-1.5", "alpha=2.0", "alpha=0"],
    "tf.math.softmax": ["axis=0", "axis=-1", "axis=1"],
    "tf.math.log_softmax": ["axis=0", "axis=-1", "axis=1"],
    "tf.math.count_nonzero": ["axis=0", "keepdims=True", "axis=-1, dtype=tf.int32"],
    "tf.math.reduce_std": ["axis=0", "axis=-1, keepdims=True"],
    "tf.math.reduce_variance": ["axis=0", "axis=[0, 1]"],
    "tf.nn.l2_normalize": ["axis=0", "axis=-1", "epsilon=0.0"],
    "tf.math.cumulative_logsumexp": ["axis=0", "exclusive=True", "reverse=True",
                                     "axis=-1, exclusive=True, reverse=True"],
    "tf.math.round": [],
}

BINARY = {
    "tf.math.add": ALL, "tf.math.subtract": ALL, "tf.math.multiply": ALL,
    "tf.math.divide": ALL, "tf.math.truediv": ALL, "tf.math.floordiv": FLOATS + INTS,
    "tf.math.floormod": FLOATS + INTS, "tf.truncatediv": INTS + FLOATS,
    "tf.truncatemod": INTS + FLOATS, "tf.math.pow": FLOATS + INTS + COMPLEX,
    "tf.math.maximum": FLOATS + INTS, "tf.math.minimum": FLOATS + INTS,
    "tf.math.squared_difference": FLOATS + INTS + COMPLEX, "tf.math.atan2": FLOATS,
    "tf.math.divide_no_nan": FLOATS + COMPLEX, "tf.math.multiply_no_nan": FLOATS + COMPLEX,
    "tf.math.igamma": FLOATS, "tf.math.igammac": FLOATS, "tf.math.zeta": FLOATS,
    "tf.math.polygamma": FLOATS, "tf.math.xlogy": FLOATS + COMPLEX,
    "tf.math.xdivy": FLOATS + COMPLEX, "tf.math.xlog1py": FLOATS + COMPLEX,
    "tf.math.nextafter": ("float32", "float64"), "tf.math.equal": ALL,
    "tf.math.not_equal": ALL, "tf.math.less": FLOATS + INTS, "tf.math.greater_equal": FLOATS + INTS,
    "tf.bitwise.bitwise_and": INTS, "tf.bitwise.bitwise_xor": INTS,
    "tf.bitwise.left_shift": INTS, "tf.bitwise.right_shift": INTS,
    "tf.math.logical_xor": ("bool",), "tf.math.betainc": FLOATS,
}

REDUCE = ("tf.math.reduce_sum", "tf.math.reduce_prod", "tf.math.reduce_mean",
          "tf.math.reduce_max", "tf.math.reduce_min", "tf.math.reduce_logsumexp",
          "tf.math.reduce_euclidean_norm", "tf.math.reduce_any", "tf.math.reduce_all")


def _unary(r: random.Random, name: str) -> str:
    d = _pick(r, UNARY[name])
    kw = UNARY_EXTRA.get(name, [])
    extra = (", " + r.choice(kw)) if kw and r.random() < 0.7 else ""
    return f"{name}({tensor(r, d)}{extra})"


def _broadcast_pair(r: random.Random) -> tuple:
    a = shape(r, 3)
    b = list(a)
    if r.random() < 0.4 and b:
        b = [1 if r.random() < 0.4 else s for s in b[r.randint(0, len(b)):]]
    return (a, b) if r.random() < 0.5 else (b, a)


def _binary(r: random.Random, name: str) -> str:
    d = _pick(r, BINARY[name])
    a, b = _broadcast_pair(r)
    d2 = d if r.random() < 0.9 else r.choice(ALL)
    if name == "tf.math.betainc":
        return f"{name}({tensor(r, d, a)}, {tensor(r, d, a)}, {tensor(r, d, a)})"
    return f"{name}({tensor(r, d, a)}, {tensor(r, d2, b)})"


def _reduce(r: random.Random, name: str) -> str:
    d = "bool" if name.endswith(("any", "all")) and r.random() < 0.8 else _pick(r, ALL)
    shp = shape(r, 3)
    kw = [f"axis={_axis(r, len(shp))}"] if r.random() < 0.8 else []
    if r.random() < 0.4:
        kw.append("keepdims=True")
    return f"{name}({tensor(r, d, shp)}{''.join(', ' + k for k in kw)})"


def _arg(r: random.Random) -> str:
    name = r.choice(("tf.math.argmax", "tf.math.argmin"))
    shp = shape(r, 3, 1)
    d = _pick(r, FLOATS + INTS + ("bool",))
    kw = f", axis={r.randint(-len(shp), len(shp) - 1)}" if r.random() < 0.7 else ""
    if r.random() < 0.3:
        kw += f", output_type=tf.{r.choice(('int32', 'int64', 'int16', 'uint16'))}"
    return f"{name}({tensor(r, d, shp)}{kw})"


def _cum(r: random.Random) -> str:
    name = r.choice(("tf.math.cumsum", "tf.math.cumprod"))
    shp = shape(r, 3, 1)
    d = _pick(r, FLOATS + INTS + COMPLEX)
    kw = f", axis={r.randint(-len(shp), len(shp) - 1)}"
    kw += r.choice(("", ", exclusive=True", ", reverse=True", ", exclusive=True, reverse=True"))
    return f"{name}({tensor(r, d, shp)}{kw})"


def _sort(r: random.Random) -> str:
    shp = shape(r, 3, 1)
    d = _pick(r, FLOATS + INTS)
    x = tensor(r, d, shp)
    k = r.randint(0, (shp[-1] if shp else 1) + 1)
    direction = r.choice(("'ASCENDING'", "'DESCENDING'"))
    return r.choice((
        f"tf.sort({x}, axis={r.randint(-len(shp), len(shp) - 1)}, direction={direction})",
        f"tf.argsort({x}, axis={r.randint(-len(shp), len(shp) - 1)}, direction={direction}, "
        f"stable={r.random() < 0.5})",
        f"tf.math.top_k({x}, k={k}, sorted={r.random() < 0.7})",
        f"tf.math.approx_max_k({x}, k={k})", f"tf.math.approx_min_k({x}, k={k})",
        f"tf.math.in_top_k(targets={tensor(r, 'int32', shp[:1], special=False)}, "
        f"predictions={tensor(r, 'float32', shp[:1] + [3])}, k={r.randint(0, 3)})"))


def _unique(r: random.Random) -> str:
    n = r.randint(0, 6)
    d = _pick(r, FLOATS + INTS + ("string", "bool"))
    x = tensor(r, d, [n])
    fn = r.choice(("tf.unique", "tf.unique_with_counts"))
    idx = r.choice(("", ", out_idx=tf.int64"))
    if r.random() < 0.4:
        d = _pick(r, ("int32", "int64", "int8", "uint8", "float32"))
        arr = tensor(r, d, shape(r, 2), special=r.random() < 0.3)
        kws = [k for k in ("weights=None", "minlength=3", "maxlength=2", "binary_output=True",
                           r.choice(("axis=-1", "axis=0")), "dtype=tf.float64")
               if r.random() < 0.3]
        return f"tf.math.bincount({arr}{''.join(', ' + k for k in kws)})"
    return f"{fn}({x}{idx})"


def _segment(r: random.Random) -> str:
    n = r.randint(0, 5)
    rest = shape(r, 2)
    d = _pick(r, FLOATS + INTS + COMPLEX)
    data = tensor(r, d, [n] + rest)
    ids = sorted(r.randint(0, 3) for _ in range(n))
    if r.random() < 0.1 and ids:
        ids[0] = -1
    sorted_ops = ("sum", "mean", "max", "min", "prod")
    if r.random() < 0.5:
        op = r.choice(sorted_ops)
        return f"tf.math.segment_{op}({data}, T('int32', [{n}], {ids}))"
    op = r.choice(sorted_ops[:2] + ("max", "min", "prod", "sqrt_n"))
    ids = [r.randint(-1, 3) for _ in range(n)]
    return (f"tf.math.unsorted_segment_{op}({data}, T('int64', [{n}], {ids}), "
            f"num_segments={r.randint(0, 4)})")


def _gather(r: random.Random) -> str:
    shp = shape(r, 3, 1)
    d = _pick(r, ALL)
    params = tensor(r, d, shp)
    rank = len(shp)
    bd = r.randint(0, max(rank - 1, 0)) if r.random() < 0.5 else 0
    if r.random() < 0.5:
        axis = r.randint(bd, rank - 1) if rank > bd else 0
        ishape = shp[:bd] + [r.randint(0, 3)]
        hi = shp[axis] if axis < rank else 1
        idx = [r.randint(-1 if r.random() < 0.1 else 0, hi) for _ in range(int(np.prod(ishape)))]
        return (f"tf.gather({params}, T('int32', {ishape}, {idx}), axis={axis}, "
                f"batch_dims={bd})")
    depth = r.randint(1, max(rank - bd, 1))
    ishape = shp[:bd] + [r.randint(0, 2), depth]
    idx = [r.randint(0, 3) for _ in range(int(np.prod(ishape)))]
    return f"tf.gather_nd({params}, T('int64', {ishape}, {idx}), batch_dims={bd})"


def _scatter(r: random.Random) -> str:
    shp = shape(r, 3, 1)
    d = _pick(r, FLOATS + INTS + COMPLEX)
    depth = r.randint(1, len(shp))
    n = r.randint(0, 3)
    idx = [r.randint(0, 3) for _ in range(n * depth)]
    ushape = [n] + shp[depth:]
    fn = r.choice(("tf.tensor_scatter_nd_update", "tf.tensor_scatter_nd_add",
                   "tf.tensor_scatter_nd_sub", "tf.tensor_scatter_nd_max",
                   "tf.tensor_scatter_nd_min", "scatter_nd"))
    ix = f"T('int32', {[n, depth]}, {idx})"
    if fn == "scatter_nd":
        return f"tf.scatter_nd({ix}, {tensor(r, d, ushape)}, {shp})"
    return f"{fn}({tensor(r, d, shp)}, {ix}, {tensor(r, d, ushape)})"


def _loss(r: random.Random) -> str:
    d = _pick(r, FLOATS)
    shp = shape(r, 2, 1)
    a, b = tensor(r, d, shp), tensor(r, d, shp)
    labels = [r.randint(-1 if r.random() < 0.1 else 0, shp[-1])
              for _ in range(int(np.prod(shp[:-1])))]
    return r.choice((
        f"tf.nn.sigmoid_cross_entropy_with_logits(labels={a}, logits={b})",
        f"tf.nn.softmax_cross_entropy_with_logits(labels={a}, logits={b})",
        f"tf.nn.sparse_softmax_cross_entropy_with_logits(labels=T('int32', {shp[:-1]}, "
        f"{labels}), logits={b})",
        f"tf.nn.weighted_cross_entropy_with_logits(labels={a}, logits={b}, pos_weight=1.5)",
        f"tf.nn.log_poisson_loss({a}, {b}, compute_full_loss={r.random() < 0.5})",
        f"tf.nn.moments({a}, axes=[{len(shp) - 1}], keepdims={r.random() < 0.5})",
        f"tf.nn.softmax({a}, axis={r.randint(-len(shp), len(shp) - 1)})",
        f"tf.math.reduce_logsumexp({a}, axis=-1)",
        f"tf.nn.compute_average_loss({tensor(r, d, [shp[0]])})",
        f"tf.nn.scale_regularization_loss({tensor(r, d, [])})"))


_IMAGE_TYPES = ("uint8", "float32", "int16", "uint16", "float16")
_RESIZE = ("bilinear", "nearest", "bicubic", "area", "lanczos3", "mitchellcubic", "gaussian")


_NUMBER_TYPES = ("float32", "float64", "int32", "int64")


def _image(r: random.Random) -> str:
    d = _pick(r, ("float32", "float16", "float64", "uint8", "int32", "bfloat16"))
    h, w = r.randint(1, 4), r.randint(1, 4)
    img3 = tensor(r, d, [h, w, 3], special=r.random() < 0.4)
    img1 = tensor(r, d, [r.randint(1, 2), h, w, r.choice((1, 2, 3))], special=r.random() < 0.4)
    return r.choice((
        f"tf.image.rgb_to_grayscale({img3})", f"tf.image.rgb_to_hsv({img3})",
        f"tf.image.hsv_to_rgb({img3})", f"tf.image.rgb_to_yuv({img3})",
        f"tf.image.yuv_to_rgb({img3})", f"tf.image.rgb_to_yiq({img3})",
        f"tf.image.adjust_brightness({img3}, {r.choice((0.1, -0.5, 2.0))})",
        f"tf.image.adjust_contrast({img3}, {r.choice((0.5, 2.0, -1.0))})",
        f"tf.image.adjust_saturation({img3}, {r.choice((0.5, 2.0, 0.0))})",
        f"tf.image.adjust_hue({img3}, {r.choice((0.1, -0.3, 0.5))})",
        f"tf.image.adjust_gamma({img3}, {r.choice((0.5, 2.0, 1))}, {r.choice((1, 0.5))})",
        f"tf.image.flip_left_right({img1})", f"tf.image.rot90({img1}, k={r.randint(-1, 5)})",
        f"tf.image.per_image_standardization({img1})", f"tf.image.image_gradients({img1})",
        f"tf.image.sobel_edges({img1})", f"tf.image.total_variation({img1})",
        f"tf.image.convert_image_dtype({img3}, tf.{r.choice(_IMAGE_TYPES)}, "
        f"saturate={r.random() < 0.5})",
        f"tf.image.resize({img1}, [{r.randint(1, 5)}, {r.randint(1, 5)}], method="
        f"{r.choice(_RESIZE)!r}, "
        f"antialias={r.random() < 0.3})",
        f"tf.image.central_crop({img1}, {r.choice((0.5, 1.0, 0.3))})",
        f"tf.image.psnr({img1}, {img1}, max_val=255)",
        f"tf.image.grayscale_to_rgb({tensor(r, d, [h, w, 1])})"))


def _string(r: random.Random) -> str:
    s = tensor(r, "string", shape(r, 2))
    return r.choice((
        f"tf.strings.length({s}, unit={r.choice(('BYTE', 'UTF8_CHAR'))!r})",
        f"tf.strings.substr({s}, {r.randint(-3, 3)}, {r.randint(0, 4)}, "
        f"unit={r.choice(('BYTE', 'UTF8_CHAR'))!r})",
        f"tf.strings.upper({s})", f"tf.strings.lower({s})", f"tf.strings.strip({s})",
        f"tf.strings.to_number({s}, out_type=tf.{r.choice(_NUMBER_TYPES)})",
        f"tf.strings.to_hash_bucket_fast({s}, {r.randint(1, 7)})",
        f"tf.strings.to_hash_bucket_strong({s}, {r.randint(1, 7)}, [1, 2])",
        f"tf.strings.regex_replace({s}, {r.choice(('a', '[0-9]', '^ ', 's*'))!r}, 'Z', "
        f"replace_global={r.random() < 0.5})",
        f"tf.strings.regex_full_match({s}, {r.choice(('a.*', '[0-9]+', ''))!r})",
        f"tf.strings.reduce_join({s}, axis={r.choice((None, 0, -1))}, separator='|')",
        f"tf.strings.split({s}, sep={r.choice((None, ',', ' '))!r})",
        f"tf.strings.as_string({tensor(r, r.choice(FLOATS[2:] + INTS[:4] + ('bool',)), [3])}, "
        f"precision={r.choice((-1, 0, 3))}, scientific={r.random() < 0.3}, "
        f"shortest={r.random() < 0.3}, width={r.choice((-1, 5))}, fill={r.choice(('', '0'))!r})",
        f"tf.strings.unicode_decode({s}, 'UTF-8')",
        f"tf.strings.bytes_split({s})", f"tf.strings.format('{{}} and {{}}', [{s}, 3])",
        "tf.strings.unicode_script(T('int32', [3], [65, 1488, -1]))"))


def _linalg(r: random.Random) -> str:
    d = _pick(r, ("float32", "float64", "complex64", "complex128", "float16", "int32"))
    n = r.randint(0, 3)
    b = [r.randint(1, 2)] if r.random() < 0.3 else []
    m = tensor(r, d, b + [n, n], special=r.random() < 0.3)
    v = tensor(r, d, b + [n], special=r.random() < 0.3)
    ordc = r.choice(("'euclidean'", "1", "2", "np.inf", "'fro'", "0.5", "3"))
    return r.choice((
        f"tf.linalg.det({m})", f"tf.linalg.slogdet({m})", f"tf.linalg.inv({m})",
        f"tf.linalg.trace({m})", f"tf.linalg.logdet({m})", f"tf.linalg.diag_part({m})",
        f"tf.linalg.band_part({m}, {r.randint(-1, 2)}, {r.randint(-1, 2)})",
        f"tf.linalg.norm({v}, ord={ordc})",
        f"tf.linalg.norm({m}, ord={ordc}, axis=[-2, -1])",
        f"tf.linalg.matmul({m}, {m})", f"tf.linalg.matvec({m}, {v})",
        f"tf.linalg.cross({tensor(r, d, [3])}, {tensor(r, d, [3])})",
        f"tf.linalg.tensor_diag_part({m})", f"tf.linalg.pinv({m})",
        f"tf.linalg.matrix_rank({m})", f"tf.linalg.adjoint({m})",
        f"tf.linalg.global_norm([{v}, {m}])", f"tf.linalg.expm({m})",
        f"tf.linalg.lu_matrix_inverse(*tf.linalg.lu({m}))",
        f"tf.linalg.cholesky({m})", f"tf.linalg.eigvalsh({m})",
        f"tf.linalg.normalize({v})", f"tf.linalg.diag({v}, k={r.randint(-1, 1)})",
        f"tf.linalg.set_diag({m}, {v})", f"tf.linalg.tensordot({m}, {m}, {r.randint(0, 2)})",
        f"tf.einsum('...ij,...jk->...ik', {m}, {m})"))


def _signal(r: random.Random) -> str:
    d = _pick(r, ("float32", "float64", "complex64", "complex128", "float16"))
    n = r.randint(0, 6)
    x = tensor(r, d, [r.randint(1, 2), n] if r.random() < 0.4 else [n])
    fl = f"[{r.randint(0, 7)}]"
    return r.choice((
        f"tf.signal.fft({x})", f"tf.signal.ifft({x})", f"tf.signal.rfft({x})",
        f"tf.signal.rfft({x}, fft_length={fl})", f"tf.signal.irfft({x})",
        f"tf.signal.irfft({x}, fft_length={fl})", f"tf.signal.fftshift({x})",
        f"tf.signal.ifftshift({x}, axes={r.choice((0, -1))})",
        f"tf.signal.dct({x}, type={r.randint(1, 4)}, norm={r.choice((None, 'ortho'))!r})",
        f"tf.signal.idct({x}, type={r.randint(1, 4)}, norm={r.choice((None, 'ortho'))!r})",
        f"tf.signal.frame({x}, {r.randint(1, 3)}, {r.randint(1, 3)}, pad_end={r.random() < 0.5})",
        f"tf.signal.hann_window({r.randint(0, 5)}, periodic={r.random() < 0.5})",
        f"tf.signal.hamming_window({r.randint(0, 5)}, periodic={r.random() < 0.5})",
        f"tf.signal.kaiser_window({r.randint(0, 5)}, beta={r.choice((0.0, 6.0, 12.0))})",
        f"tf.signal.vorbis_window({r.randint(0, 5)})",
        f"tf.signal.overlap_and_add({tensor(r, d, [2, 3])}, {r.randint(1, 3)})"))


def _misc(r: random.Random) -> str:
    d = _pick(r, ALL)
    x = tensor(r, d, shape(r, 2))
    to = r.choice(ALL)
    return r.choice((
        f"tf.cast({x}, tf.{to})", f"tf.saturate_cast({x}, tf.{to})",
        f"tf.clip_by_value({x}, {r.choice((-1, 0, -1.5))}, {r.choice((1, 2, 0.5))})",
        f"tf.clip_by_norm({x}, {r.choice((1.0, 0.5, 0.0))})",
        f"tf.one_hot({tensor(r, r.choice(('int32', 'int64', 'uint8')), [3], special=False)}, "
        f"{r.randint(0, 4)}, on_value={r.choice((1, 2.5, -1))}, off_value={r.choice((0, 0.5))})",
        f"tf.math.confusion_matrix({tensor(r, 'int32', [3], special=False)}, "
        f"{tensor(r, 'int32', [3], special=False)}, num_classes={r.choice((None, 6))})",
        f"tf.histogram_fixed_width({x}, [{r.choice((-1.0, 0.0))}, {r.choice((1.0, 5.0))}], "
        f"nbins={r.randint(1, 5)})",
        f"tf.math.floormod({x}, {tensor(r, d, [])})",
        f"tf.linspace({r.choice((0.0, -1.0))}, {r.choice((1.0, 3.0))}, {r.randint(0, 4)})",
        f"tf.range({r.choice((0, 1, -2, 0.5))}, {r.choice((5, 1, -3, 2.5))}, "
        f"{r.choice((1, 2, -1, 0.5))}, dtype=tf.{r.choice(_NUMBER_TYPES + ('uint8', 'int8'))})",
        f"tf.math.polyval([{x}, {x}], {x})", f"tf.math.add_n([{x}, {x}])",
        f"tf.math.accumulate_n([{x}, {x}])", f"tf.reverse({x}, [0])",
        f"tf.math.lbeta({x})", f"tf.math.log_sigmoid({x})", "tf.math.sobol_sample(2, 3)",
        f"tf.roll({x}, {r.randint(-3, 3)}, 0)", f"tf.math.reduce_max({x})",
        f"tf.math.abs({x})"))


def _array(r: random.Random) -> str:
    d = _pick(r, ALL)
    shp = shape(r, 3, 1)
    x = tensor(r, d, shp)
    n = shp[0]
    mask = values(r, "bool", n)
    mode = r.choice(("'CONSTANT'", "'REFLECT'", "'SYMMETRIC'"))
    pads = [[r.randint(0, 2), r.randint(0, 2)] for _ in shp]
    sorted_vals = sorted(values(r, "float32", 5, special=False))
    return r.choice((
        f"tf.pad({x}, {pads}, mode={mode})",
        f"tf.pad({x}, {pads}, constant_values={r.choice((0, 1, -1))})",
        f"tf.boolean_mask({x}, {mask})", f"tf.where({tensor(r, 'bool', shp)}, {x}, {x})",
        f"tf.where({tensor(r, 'bool', shp)})", f"tf.tile({x}, {[r.randint(0, 2) for _ in shp]})",
        f"tf.repeat({x}, {r.randint(0, 3)}, axis={r.randint(-len(shp), len(shp) - 1)})",
        f"tf.roll({x}, {r.randint(-4, 4)}, axis={r.randint(-len(shp), len(shp) - 1)})",
        f"tf.searchsorted(T('float32', [5], {sorted_vals}), "
        f"{tensor(r, 'float32', [r.randint(0, 4)])}, side={r.choice(('left', 'right'))!r})",
        f"tf.reverse_sequence({tensor(r, d, [2, 3])}, {[r.randint(0, 3), r.randint(0, 3)]}, 1, 0)",
        f"tf.math.reduce_sum({tensor(r, r.choice(('int8', 'uint8', 'int16')), shp)})",
        f"tf.math.reduce_prod({tensor(r, r.choice(('int8', 'uint8', 'int32')), shp)})",
        f"tf.math.cumsum({tensor(r, r.choice(('int8', 'uint16', 'int64')), shp)})",
        f"tf.concat([{x}, {x}], {r.randint(-len(shp), len(shp) - 1)})",
        f"tf.stack([{x}, {x}], {r.randint(-len(shp) - 1, len(shp))})",
        f"tf.transpose({x})", f"tf.squeeze({x})", f"tf.expand_dims({x}, -1)",
        f"tf.math.segment_sum({x}, {sorted(r.randint(0, 2) for _ in range(n))})",
        f"tf.nn.max_pool1d({tensor(r, _pick(r, FLOATS), [1, r.randint(1, 5), 2])}, "
        f"{r.randint(1, 3)}, {r.randint(1, 2)}, {r.choice(('SAME', 'VALID'))!r})",
        f"tf.nn.avg_pool1d({tensor(r, _pick(r, FLOATS), [1, r.randint(1, 5), 2])}, "
        f"{r.randint(1, 3)}, {r.randint(1, 2)}, {r.choice(('SAME', 'VALID'))!r})",
        f"tf.clip_by_global_norm([{tensor(r, 'float32', shp)}], {r.choice((1.0, 0.0, 5.0))})",
        f"tf.math.reduce_mean({tensor(r, r.choice(INTS), shp)})",
        f"tf.nn.bias_add({tensor(r, d, [2, 3])}, {tensor(r, d, [3])})",
        f"tf.math.round({tensor(r, _pick(r, FLOATS), shp)})",
        f"tf.cast({tensor(r, _pick(r, FLOATS), shp)}, tf.{r.choice(INTS + ('bool',))})"))


DRAWS = ([lambda r, n=n: _unary(r, n) for n in UNARY] +
         [lambda r, n=n: _binary(r, n) for n in BINARY] +
         [lambda r, n=n: _reduce(r, n) for n in REDUCE] +
         [_arg, _cum] + [_sort] * 4 + [_unique] * 3 + [_segment] * 4 + [_gather] * 4 +
         [_scatter] * 4 + [_loss] * 5 + [_image] * 8 + [_string] * 8 + [_linalg] * 8 +
         [_signal] * 6 + [_misc] * 6 + [_array] * 12)


def draw(seed: int, n: int) -> list:
    r = random.Random(seed)
    return [r.choice(DRAWS)(r) for _ in range(n)]


def _summ(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return [type(v).__name__] + [_summ(x) for x in v]
    if hasattr(v, "flat_values") and hasattr(v, "nested_row_splits"):
        return ("ragged", _summ(v.flat_values), [_summ(s) for s in v.nested_row_splits])
    if hasattr(v, "indices") and hasattr(v, "dense_shape"):
        return ("sparse", _summ(v.indices), _summ(v.values), _summ(v.dense_shape))
    if hasattr(v, "numpy") and hasattr(v, "dtype"):
        a = np.asarray(v.numpy())
        if v.dtype.name == "bfloat16":
            a = a.astype(np.float32)
        return (v.dtype.name, a)
    return ("py", repr(v))


def run(tf: Any, cases: list) -> list:
    scope = {"tf": tf, "np": np, "nan": math.nan, "inf": math.inf,
             "T": lambda *a: T(tf, *a)}
    out = []
    for src in cases:
        try:
            out.append(("ok", _summ(eval(src, scope))))  # noqa: S307
        except Exception as e:  # noqa: BLE001 - the error is the answer
            lines = str(e).strip().splitlines()
            out.append(("raise", type(e).__name__, lines[0] if lines else ""))
    return out


def _same_values(a: np.ndarray, b: np.ndarray) -> str | None:
    if a.dtype != b.dtype or a.shape != b.shape:
        return f"array {a.dtype}{a.shape} vs TF {b.dtype}{b.shape}"
    if a.dtype.kind in "fc":
        for part in ((np.real, np.imag) if a.dtype.kind == "c" else (np.real,)):
            x, y = part(a).astype(np.float64), part(b).astype(np.float64)
            if not np.array_equal(np.isnan(x), np.isnan(y)):
                return "NaN pattern"
            fin = ~np.isnan(x)
            if not np.array_equal(np.isinf(x[fin]) * np.sign(x[fin]),
                                  np.isinf(y[fin]) * np.sign(y[fin])):
                return "infinities"
            ok = np.isfinite(x)
            tol = {"float16": 2e-3, "float32": 3e-6, "complex64": 3e-6}.get(a.dtype.name, 1e-12)
            if not np.allclose(x[ok], y[ok], rtol=tol, atol=tol * 1e-3):
                return "values"
            if not (np.array_equal(x, y, equal_nan=True)
                    and np.array_equal(np.signbit(x[fin]), np.signbit(y[fin]))):
                return "bits"
        return None
    return None if np.array_equal(a, b) else "values"


def compare(ours: Any, theirs: Any) -> str | None:
    """How two outcomes differ (None when they agree)."""
    if ours[0] != theirs[0]:
        return f"class: {ours[:3] if ours[0] == 'raise' else 'ok'} vs TF " \
               f"{theirs[:3] if theirs[0] != 'ok' else 'ok'}"
    if ours[0] == "raise":
        if ours[1] != theirs[1]:
            return f"class: {ours[1]} vs TF {theirs[1]}"
        return None if ours[2] == theirs[2] else f"message: {ours[2]!r} vs TF {theirs[2]!r}"
    return _tree(ours[1], theirs[1])


def _tree(a: Any, b: Any) -> str | None:
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for x, y in zip(a, b):
            d = _tree(x, y)
            if d:
                return d
        return None
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == 2 and len(b) == 2 \
            and isinstance(a[1], np.ndarray):
        if a[0] != b[0]:
            return f"dtype {a[0]} vs TF {b[0]}"
        return _same_values(a[1], b[1])
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for x, y in zip(a, b):
            d = _tree(x, y)
            if d:
                return d
        return None
    return None if repr(a) == repr(b) else f"structure {repr(a)[:80]} vs TF {repr(b)[:80]}"


def _tf_side(cases_path: str, out_path: str, start: int) -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import tensorflow as tf

    cases = json.loads(Path(cases_path).read_text())
    tf.constant(0)
    with open(out_path, "ab") as f:  # (one record a case: a crash loses none before it)
        for src in cases[start:]:
            pickle.dump(run(tf, [src])[0], f)
            f.flush()


def _load(path: Path) -> list:
    out = []
    with open(path, "rb") as f:
        while True:
            try:
                out.append(pickle.load(f))
            except EOFError:
                return out


def theirs(tf_python: str, cases: list, tmp: Path) -> list:
    """TF's outcomes; a case that kills TF's process is ("crash", signal)."""
    cases_path, out = tmp.with_suffix(".cases.json"), tmp.with_suffix(".tf.pkl")
    cases_path.write_text(json.dumps(cases))
    out.unlink(missing_ok=True)
    got: list = []
    while len(got) < len(cases):
        rc = subprocess.run([tf_python, __file__, "--tf", str(cases_path), str(out),
                             str(len(got))], check=False).returncode
        got = _load(out) if out.exists() else []
        if rc != 0 and len(got) < len(cases):
            with open(out, "ab") as f:
                pickle.dump(("crash", rc, ""), f)
            got = _load(out)
    return got


def report_round(draw_cases: Any) -> None:
    """A round's command line (seed, count, report path): the cases `draw_cases(seed, n)`
    draws run under eagerflow and TF, and the report lists those that differ."""
    seed, n, report = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    sys.path[:0] = [str(HERE.parents[1])]
    import eagerflow as tf
    from tests.tf_reference import TF_PYTHON

    cases = draw_cases(seed, n)
    tf_out = theirs(TF_PYTHON, cases, Path(report))
    ours = run(tf, cases)
    lines = []
    for src, a, b in zip(cases, ours, tf_out):
        d = compare(a, b)
        if d:
            lines.append(f"{d}\n    {src}")
    Path(report).write_text("\n".join(lines) + "\n")
    print(f"{n} cases, {len(lines)} differ")


if __name__ == "__main__":
    if sys.argv[1] == "--tf":
        _tf_side(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        report_round(draw)
