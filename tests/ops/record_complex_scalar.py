"""Records TF 2.21's complex Rsqrt and Log1p (complex64, complex128) on special and random
values, and its complex Cumprod of the special values' grid along either axis (exclusive,
reversed), into complex_scalar_golden.json, for test_complex_scalar.py. Run with TF's Python:
/work/tfref/bin/python tests/ops/record_complex_scalar.py"""

from __future__ import annotations

import json
import pathlib

import numpy as np

PARTS = [0.0, -0.0, 1.0, -1.0, 2.5, -0.5, float("inf"), float("-inf"), float("nan"), 1e-40,
         1e30, -3e38, 1e-300, 3e-39, 1e-310, 1e300, -2e-20]


def inputs() -> np.ndarray:
    """Every pair of special parts, then 400 random values of wide exponents."""
    rng = np.random.default_rng(5)
    n = 400
    re = rng.standard_normal(n) * 10.0 ** rng.integers(-30, 30, n)
    im = rng.standard_normal(n) * 10.0 ** rng.integers(-30, 30, n)
    special = [complex(a, b) for a in PARTS for b in PARTS]
    return np.concatenate([np.array(special), re + 1j * im])


def encode(v: np.ndarray) -> list:
    return [[float(z.real).hex(), float(z.imag).hex()] for z in v]


def main() -> None:
    import tensorflow as tf

    x = inputs()
    out = {"inputs": encode(x), "special": len(PARTS) ** 2}
    with np.errstate(over="ignore"):
        for dtype in ("complex64", "complex128"):
            t = tf.constant(x.astype(dtype))
            for op in ("rsqrt", "log1p"):
                out[f"{op}/{dtype}"] = encode(getattr(tf.math, op)(t).numpy())
            grid = tf.reshape(t[:len(PARTS) ** 2], (len(PARTS), len(PARTS)))
            for axis in (0, 1):
                for exclusive in (False, True):
                    for reverse in (False, True):
                        got = tf.math.cumprod(grid, axis, exclusive, reverse).numpy()
                        out[f"cumprod/{dtype}/{axis}/{exclusive:d}{reverse:d}"] = \
                            encode(got.ravel())
    path = pathlib.Path(__file__).with_name("complex_scalar_golden.json")
    path.write_text(json.dumps(out, indent=0) + "\n")


if __name__ == "__main__":
    main()
