"""Sorted segment reductions (tf.math.segment_sum, _mean, _prod) against TF 2.21's CPU
kernels, float16, bfloat16, float32 and float64, and complex sums: writes the test fixture
tests/ops/segment_order.npz.

    $EAGERFLOW_TF_PYTHON benchmarks/ulp32/segments.py fixture tests/ops/segment_order.npz
    .venv/bin/python benchmarks/ulp32/segments.py time

TF reduces each segment by Eigen along its rows: four accumulators on 16 rows or more
(eigen_reduce.segment_fold). The cases: segments of 1 to 67 rows (15 to 19 around the
four accumulators' start) in a shuffled order with empty ones between; runs of equal
segments; one of 1,030 rows; rows of 1, 3, 9 and 3 x 5 values. Each case's prod is of
1 + x / 65536 (a half type's: 1 + x / 64; see inputs()). Half types stored as float32.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"


def cases() -> dict:
    """name -> (data, segment ids)."""
    rng = np.random.default_rng(2021)
    out = {}
    for dtype in (np.float32, np.float64):
        name = np.dtype(dtype).name
        for inner in ((), (3,), (9,), (3, 5)):
            lens = rng.permutation([1, 2, 3, 5, 8, 13, 15, 16, 17, 18, 19, 21, 24, 40, 67])
            ids = np.repeat(np.arange(lens.size) * 2 + (np.arange(lens.size) % 3 == 0), lens)
            out[f"{name}_random_{'x'.join(map(str, inner)) or 'vector'}"] = (
                _draw(rng, (ids.size,) + inner, dtype), ids.astype(np.int32))
        for segs, rows, inner in ((12, 20, (10,)), (8, 50, ()), (6, 17, (4, 2))):
            out[f"{name}_equal_{rows}"] = (_draw(rng, (segs * rows,) + inner, dtype),
                                           np.repeat(np.arange(segs), rows).astype(np.int64))
        complex_type, inner = {np.float32: (np.complex64, 5), np.float64: (np.complex128, 3)}[dtype]
        lens = rng.permutation([1, 2, 3, 15, 16, 17, 18, 19, 24, 40])
        ids = np.repeat(np.arange(lens.size), lens).astype(np.int32)
        out[f"{np.dtype(complex_type).name}_random_{inner}"] = (
            _draw(rng, (ids.size, inner), dtype) + 1j * _draw(rng, (ids.size, inner), dtype)
        ).astype(complex_type), ids
        long = np.array([0] * 1030 + [1, 2, 2], np.int32)
        out[f"{name}_long"] = (_draw(rng, (long.size, 9 if dtype is np.float32 else 4),
                                     dtype), long)
    for half in ("float16", "bfloat16"):  # (float32 values the half type holds)
        lens = rng.permutation([1, 2, 3, 15, 16, 17, 18, 19, 24, 40])
        ids = np.repeat(np.arange(lens.size), lens).astype(np.int32)
        x = (rng.standard_normal((ids.size, 9)) * 10).astype(np.float32)
        x = x.astype(np.float16).astype(np.float32) if half == "float16" else \
            (x.view(np.uint32) & 0xFFFF0000).view(np.float32)
        out[f"{half}_random_9"] = (x, ids)
    return out


def _draw(rng: np.random.Generator, shape: tuple, dtype: type) -> np.ndarray:
    scale = rng.choice(np.array([1.0, 1000.0]), shape)
    return (rng.standard_normal(shape) * scale).astype(dtype)


def fixture(path: str) -> None:
    import tensorflow as tf
    arrays = {}
    for name, (x, ids) in cases().items():
        arrays.update({f"{name}/x": x, f"{name}/ids": ids})
        data, p = inputs(tf, name, x)
        for op, arg in (("sum", data), ("mean", data), ("prod", p)):
            out = getattr(tf.math, "segment_" + op)(arg, ids)
            arrays[f"{name}/{op}"] = (tf.cast(out, tf.float32) if out.dtype.size == 2
                                      else out).numpy()
    np.savez_compressed(path, **arrays)


def inputs(tf: Any, name: str, x: np.ndarray) -> tuple:
    """A case's data and the values its prod takes, 1 + x / 65536 (near 1: TF flushes
    denormals, which a product of 1,030 wider values reached); a half type's (named first
    in `name`) cast from float32, its prod of 1 + x / 64."""
    half = name.split("_")[0]
    if half in ("float16", "bfloat16"):
        return tf.cast(x, half), tf.cast(1 + x / np.float32(64), half)
    return x, x.dtype.type(1) + x / x.dtype.type(65536)


def timing() -> None:
    """Segment sums' times: 10,000 x 100 and 100,000 x 100 into 1,000 segments, 1M values
    into 1,000 (best of 7)."""
    import eagerflow as tf
    rng = np.random.default_rng(0)
    for rows, inner in ((10_000, (100,)), (100_000, (100,)), (1_000_000, ())):
        x = tf.constant(rng.standard_normal((rows,) + inner).astype(np.float32))
        ids = tf.constant(np.repeat(np.arange(1000, dtype=np.int32), rows // 1000))
        best = min(_seconds(tf.math.segment_sum, x, ids) for _ in range(7))
        print(f"{rows} x {inner}: {best * 1e3:.2f} ms")


def _seconds(f, *args) -> float:
    t = time.perf_counter()
    f(*args).numpy()
    return time.perf_counter() - t


if __name__ == "__main__":
    fixture(sys.argv[2]) if sys.argv[1] == "fixture" else timing()
