"""fuzz48's cases (the differential draw of fuzz48_draw.py, reduced), each a Python
expression over `tf`, `np` and `T` (a tensor from dtype, shape and values): shared by
record_cases.py fuzz48, run under TensorFlow 2.21, and test_regressions_fuzz48.py, run under
eagerflow. Each answer is its result's dtypes, shapes and values, or its error's class and
whole message."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
from fuzz48_draw import T
from recorded import outcome  # type: ignore[import-not-found]

# Gather/GatherV2 of an empty output read no index (TF's kernel gathers only when the
# indices, the dims before the axis and those after it all hold values); ResourceGather
# checks them whatever the output
GATHER = [
    "tf.gather(tf.zeros([1, 0]), [0, 5], axis=0)",
    "tf.gather(T('bool', [1, 0], []), T('int32', [3], [0, 1, 1]), axis=0)",
    "tf.gather(tf.zeros([0, 4]), [5, -1], axis=1)",
    "tf.gather(T('int16', [0, 4, 1], []), T('int32', [2], [-1, 2]), axis=1)",
    "tf.gather(tf.zeros([2, 0, 3]), [[7], [1]], axis=2, batch_dims=1)",
    "tf.gather(tf.zeros([2, 3, 0]), [[7], [1]], axis=1, batch_dims=1)",
    "tf.gather(tf.zeros([1, 0, 3]), [[7]], axis=2, batch_dims=1)",
    "tf.gather(tf.zeros([2, 3, 1]), [[7], [1]], axis=1, batch_dims=1)",
    "tf.gather(tf.zeros([0, 3], tf.string), [5], axis=1)",
    "tf.gather(tf.zeros([0]), [1])",
    "tf.gather(tf.zeros([3, 2]), tf.zeros([0], tf.int32) + 9, axis=0)",
    "tf.raw_ops.Gather(params=tf.zeros([1, 0]), indices=[0, 5])",
    "tf.Variable(tf.zeros([1, 0])).sparse_read([0, 5])",
    "tf.Variable(tf.zeros([2, 0])).sparse_read([[5]])",
]

# ArgMin's output_type: TF 2.21's ArgMin takes int32 and int64 only (ArgMax int16 and
# uint16 too)
ARG = [f"tf.math.{fn}(T('int8', [2, 2], [2, -2, 3, 64]), axis={ax}, output_type=tf.{d})"
       for fn in ("argmin", "argmax") for ax in (0, -1)
       for d in ("int16", "uint16", "int32", "int64", "int8", "uint8")] + [
    "tf.raw_ops.ArgMin(input=T('float32', [3], [1, 0, 2]), dimension=0, output_type=tf.int16)",
    "tf.raw_ops.ArgMax(input=T('float32', [3], [1, 0, 2]), dimension=0, output_type=tf.uint16)"]

# gather_nd over batch dims: an index out of range is named at its position in the indices
# with their batch dims merged (TF's batch_gather_nd reshapes them so)
GATHER_ND = [
    "tf.gather_nd(T('bfloat16', [1, 3, 2], [0.0579, -2.686, -1.469, 1.044, 3.0, -1.0]), "
    "T('int64', [1, 3, 2, 1], [1, 1, 1, 1, 3, 2]), batch_dims=2)",
    "tf.gather_nd(tf.zeros([4, 4, 3]), tf.fill([4, 4, 2, 1], 3), batch_dims=2)",
    "tf.gather_nd(tf.zeros([2, 3, 4]), [[[0, 1], [5, 0]], [[0, 0], [0, 0]]], batch_dims=1)",
    "tf.gather_nd(tf.zeros([2, 3, 4]), [[[0, 1], [0, 0]], [[0, 0], [0, 9]]], batch_dims=1)",
    "tf.gather_nd(tf.zeros([2, 2, 3, 4]), tf.fill([2, 2, 1, 2], 3), batch_dims=2)",
]

# dct/idct of half, complex and empty inputs refused where TF's steps refuse them: a
# type I's real FFT of the even extension (its message shows that tensor), the twiddles'
# tf.complex before a type II's FFT, a type III's orthonormal weights (a Pad of -1 for an
# empty signal) before its twiddles
DCT = [f"tf.signal.{fn}(T('{d}', [1, {n}], {[1.5] * n}), type={ty}, norm={nm})"
       for d in ("float16", "bfloat16", "complex64", "float32") for n in (0, 1, 3)
       for ty in (1, 2, 3, 4) for nm in ("None", "'ortho'") for fn in ("dct", "idct")
       if not (d == "float32" and n == 3)]  # (float32's values: FFT rounding, not here)

# complex products as Eigen's (TF's x86 build: no FMA): (ac - bd) + (ad + bc)i, each step
# rounded; NumPy's multiply fuses them (a quarter of its products a unit in the last place
# off, z * conj(z)'s imaginary part rounding where TF's is 0)
PRODUCT = [f"{fn}(Z('{d}', {seed}, {n}), Z('{d}', {seed + 1}, {n}))"
           for fn in ("tf.multiply", "tf.math.squared_difference")
           for d in ("complex64", "complex128") for seed, n in ((1, 3), (2, 16))] + [
    f"(lambda z: z * tf.math.conj(z))(Z('{d}', 3, 9))" for d in ("complex64", "complex128")] + [
    f"tf.math.square(Z('{d}', 4, 9))" for d in ("complex64", "complex128")] + [
    "tf.math.squared_difference(T('complex128', [], [(-1.56+1e+30j)]), "
    "T('complex128', [], [(-3-1j)]))",
    "tf.math.multiply_no_nan(Z('complex64', 5, 8), Z('complex64', 6, 8))"]

# unsorted segment reductions of empty data read no segment id (TF's kernels return
# first); the mean and sqrt_n count rows of ones, which are not empty
SEGMENTS = [f"tf.math.unsorted_segment_{op}({data}, {ids}, num_segments={n})"
            for op in ("sum", "prod", "max", "min", "mean", "sqrt_n")
            for data, ids, n in (("tf.zeros([2, 0, 4])", "[-1, 2]", 1),
                                 ("tf.zeros([2, 0])", "[5, 2]", 0),
                                 ("T('uint64', [2, 2, 0], [])", "[1, -1]", 1),
                                 ("tf.zeros([2, 3])", "[5, 2]", 0))]

# DenseBincount over rows names the last negative value in row-major order; its 1-D
# output's allocation is named by its own shape
BINCOUNT = [
    "tf.math.bincount(T('int64', [4, 1], [-9, 1, 3, -5]), maxlength=2, axis=-1)",
    "tf.math.bincount(T('int32', [2, 2], [-9, -3, 3, -5]), axis=-1)",
    "tf.math.bincount(T('int32', [2, 3], [-1, -2, 1, -3, -4, 2]), axis=-1)",
    "tf.math.bincount(T('int32', [3, 2], [-1, -2, 1, 0, 0, 0]), axis=-1, minlength=3)",
    "tf.math.bincount(T('int32', [4], [-9, 1, 3, -5]))",
    "tf.math.bincount(T('int64', [1], [4611686018427387904]))",
    "tf.math.bincount(T('int64', [1, 1], [4611686018427387904]), axis=-1)",
    "tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode='multi_hot')("
    "T('int32', [2, 2], [-9, -3, 3, -5]))"]

# a half first input of an op whose OpDef takes it but whose CPU has no kernel: TF's
# kernel lookup (by the first input's dtype) refuses it before the second input's dtype
# or the shapes are checked
NO_KERNEL = [f"tf.{fn}(T('{d}', [2], [1, 2]), {y})"
             for fn in ("math.igamma", "math.igammac", "truncatemod")
             for d in ("float16", "bfloat16")
             for y in ("T('bool', [2], [False, True])", "T('float32', [2], [1, 2])",
                       f"T('{d}', [3], [1, 2, 3])", f"T('{d}', [2], [1, 2])")] + [
    "tf.math.igamma(T('float32', [2], [1, 2]), T('float16', [3], [1, 2, 3]))",
    "tf.truncatemod(T('float32', [2], [1, 2]), T('bfloat16', [2], [1, 2]))",
    "tf.truncatemod(T('int8', [2], [1, 2]), T('int8', [2], [1, 2]))",
    "tf.truncatemod(T('complex64', [2], [1, 2]), T('float16', [2], [1, 2]))"]

# rgb_to_hsv's value and least channel as TF's kernel folds the three channels (Eigen's
# reducers): a NaN channel is taken, and the next channel replaces it
_PIXELS = [[math.nan, -2.5, 1e-08], [1.0, math.nan, 0.5], [0.5, 1.0, math.nan],
           [math.nan, math.nan, 0.25], [math.nan, 0.25, math.nan], [0.25, math.nan, math.nan],
           [-math.inf] * 3, [math.inf] * 3, [1.0, math.nan, 1.0], [math.nan, 1.0, math.nan],
           [math.inf, math.nan, -math.inf], [0.3, 0.7, -0.0], [-0.0, 0.0, -0.0],
           [2.0, math.inf, 0.5], [-1.0, math.nan, -2.0], [0.7, 0.3, 0.3]]
HSV = [f"tf.image.rgb_to_hsv(T('{d}', [{len(_PIXELS)}, 3], {sum(_PIXELS, [])}))"
       for d in ("float16", "bfloat16", "float32", "float64")]

# Tile of uint16 (no CPU kernel): TF's kernel returns a 0-d input, an input its multiples
# leave as it is and an empty output before it looks for one
TILE = [f"tf.tile(T('uint16', {shp}, {list(range(int(np.prod(shp))))}), {m})"
        for shp, m in (([2, 1, 1], [1, 2, 2]), ([2, 1, 1], [0, 2, 2]), ([0, 1, 1], [1, 2, 2]),
                       ([2, 1, 1], [1, 1, 1]), ([], []), ([2, 0], [1, 3]), ([1, 2], [2, 1]))] + [
    "tf.repeat(T('uint16', [1, 4, 1], [65535, 0, 0, 1]), 0, axis=0)",
    "tf.repeat(T('uint16', [1, 4, 1], [65535, 0, 0, 1]), 2, axis=0)",
    "tf.tile(T('uint16', [2, 1], [1, 3]), tf.constant([1, 1], tf.int64))"]

# float16 inverses as float32's steps rounded back: a NaN or an infinity refused, or
# solved, as float32's (Eigen's LU), small matrices by TF's own solve
INVERSE = [f"tf.linalg.inv(T('float16', {shp}, {vals}))" for shp, vals in (
    ([2, 2, 2], [math.inf, -2.0, 3.0, 0.8297, math.nan, 3.794, -1.0, 0.1855]),
    ([2, 2], [math.nan, 3.794, -1.0, 0.1855]), ([2, 2], [math.inf, -2.0, 3.0, 0.8297]),
    ([2, 2], [1.0, 2.0, 2.0, 4.0]), ([3, 3], [0.3, -1.2, 2.0, 1.5, 0.25, -0.7, 2.2, 0.9, 1.1]),
    ([3, 3], [0.3, -1.2, 2.0, 1.5, -math.inf, -0.7, 2.2, 0.9, 1.1]),
    ([1, 1], [0.0]), ([4, 4], [float(v) for v in
                               ((np.arange(16) * 7919 % 97) / 24.0 - 2.0)]))]

# tf.repeat by several counts: uint16 refused by the Tile of the largest count (unless it
# leaves the input as it is or empty); an input with no first dimension repeated past
# axis 0 refused by TF's set_shape (its repeated dimension's static size 0)
REPEAT = [f"tf.repeat(T('{d}', {shp}, {list(range(int(np.prod(shp))))}), {reps}, axis={ax})"
          for d, shp, reps, ax in (
              ("uint16", [2], [1, 1], 0), ("uint16", [2], [0, 0], 0), ("uint16", [2], [1, 2], 0),
              ("uint16", [2], [-1, 1], 0), ("uint16", [2], [1, 2, 3], 0),
              ("uint16", [2, 2], [1, 1], 1), ("uint16", [2], 1, 0), ("uint16", [0, 2], [1, 3], 1),
              ("float32", [0, 2, 3], [1, 3], 1), ("float32", [2, 0, 2], [1, 3], 2),
              ("float32", [0, 2], [0, 0], 1), ("float32", [0, 2], [-1, 2], 1),
              ("float32", [0, 2], 3, 1), ("float32", [0, 1], [2], 1),
              ("int32", [0, 3, 2], [1, 0, 2], -2))]

# complex norms as TF's composites: tf.norm the square root of the sum of x * conj(x) (a
# complex one: NaN imaginary parts where ab overflows), l2_normalize each part scaled alone
_BIG = "T('complex64', [2], [(2.2+3.4e+38j), (1e+30+0.0309j)])"
_INF = "T('complex128', [3, 1], [(0.1362+0j), (0.5108-0j), (-inf+0.524j)])"
NORMS = [f"tf.norm({_BIG})", f"tf.norm({_BIG}, keepdims=True)", f"tf.linalg.normalize({_BIG})",
         f"tf.nn.l2_normalize({_BIG})", f"tf.nn.l2_normalize({_INF})", f"tf.norm({_INF})",
         f"tf.norm({_INF}, axis=0)", f"tf.linalg.normalize({_INF})"] + [
    # (complex128's: a complex64 sum of many values is within 2 ulp, in another order)
    f"tf.norm(Z('complex128', {seed}, 6), axis={ax})" for seed, ax in ((21, 0), (22, -1))] + [
    f"tf.nn.l2_normalize(Z('{d}', 23, 5))" for d in ("complex64", "complex128")]

# p-norms take ord as given: an integer tensor's int power, then 1.0 / ord refused
NORMS += [f"tf.linalg.norm(T('{d}', [3], [1, 2, 3]), ord={o})"
          for d, o in (("int32", "3"), ("int8", "3.0"), ("int64", "2.5"), ("float32", "3"),
                       ("float16", "3"), ("complex64", "3"), ("float64", "np.float32(3)"))]

CASES = (GATHER + ARG + GATHER_ND + DCT + PRODUCT + SEGMENTS + BINCOUNT + NO_KERNEL + HSV +
         TILE + INVERSE + REPEAT + NORMS)


def Z(dtype: str, seed: int, n: int) -> Any:  # noqa: N802 - as T
    """A complex tensor's values (parts of mixed size), made from `seed` (in the scope)."""
    r = np.random.default_rng(seed)
    parts = r.standard_normal((2, n)) * 10.0 ** r.integers(-3, 4, (2, n))
    return (parts[0] + 1j * parts[1]).astype(dtype)


def _answer(tf: Any, src: str) -> Any:
    """outcome's answer, an error with its whole message (outcome keeps the first line)."""
    scope = {"tf": tf, "np": np, "nan": math.nan, "inf": math.inf,
             "T": lambda *a: T(tf, *a), "Z": lambda *a: tf.constant(Z(*a))}
    try:
        value = eval(src, scope)  # noqa: S307
    except Exception as e:  # noqa: BLE001 - the error is the answer
        return ("raise", type(e).__name__, str(e))
    return outcome(lambda: value)


def run(tf: Any) -> dict:
    """source -> its answer, as JSON keeps it, for each case."""
    out = {src: _answer(tf, src) for src in CASES}
    return json.loads(json.dumps(out, default=repr))
