"""The calls of test_regressions_fuzz28.py (record_fuzz28.py runs them under TF 2.21 and
writes fuzz28_golden.json): complex elementwise ops at special values, and linear algebra
on matrices holding infinities or NaN, singular or near-singular ones.

A case is "source|dtype" or "source|dtype|matrix": source evaluated with `tf`, `np` and the
names namespace() gives (`z`: the 81 complex values whose parts range over special_parts,
`zz`/`ww`: every ordered pair of them; `m`: the named matrix of _mats). Eigen computes
whole packets of values with vector code and the values past them with scalar code, so
each unary op runs twice: on the 81 values padded to a whole number of packets (`zp`, 88
values), and on each value alone (`z[i]`, a scalar: the scalar code)."""

from __future__ import annotations

import numpy as np

CDTYPES = ("complex64", "complex128")
FDTYPES = ("float32", "float64")


def special_parts(dtype: str) -> list:
    """0, -0, 1, -1, the least subnormal, the greatest finite, inf, -inf, NaN (of the part
    dtype of a complex `dtype`)."""
    part = np.finfo(np.dtype(dtype).type(0).real.dtype)
    return [0.0, -0.0, 1.0, -1.0, float(part.smallest_subnormal), float(part.max),
            np.inf, -np.inf, np.nan]


def specials(dtype: str) -> np.ndarray:
    parts = special_parts(dtype)
    out = np.empty(len(parts) ** 2, dtype)
    out.real = np.repeat(parts, len(parts))
    out.imag = np.tile(parts, len(parts))
    return out


UNARY = ["sqrt", "rsqrt", "log", "log1p", "exp", "expm1", "sign", "sin", "cos", "tan", "sinh",
         "cosh", "tanh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "reciprocal",
         "square", "abs", "angle", "real", "imag", "conj", "negative", "sigmoid", "round",
         "rint", "floor", "ceil", "erf", "lgamma", "digamma", "softplus", "is_nan",
         "is_finite", "is_inf", "reciprocal_no_nan", "log_sigmoid", "bessel_i0"]
EXPONENTS = ["0", "1", "2", "3", "-1", "-2", "0.5", "-0.5", "1j", "0.5+0.5j"]
BINARY = ["math.xlogy", "math.xdivy", "math.pow", "math.multiply", "math.divide",
          "math.divide_no_nan", "math.multiply_no_nan", "math.squared_difference",
          "math.maximum", "math.minimum", "math.atan2", "math.floormod", "truncatediv",
          "math.less"]


def complex_cases() -> list:
    cases = []
    for dtype in CDTYPES:
        for op in UNARY:
            cases.append(f"tf.math.{op}(zp)|{dtype}")
            cases.append(f"[tf.math.{op}(v) for v in z]|{dtype}")
        for e in EXPONENTS:
            cases.append(f"tf.math.pow(zp, tf.constant({e}, zp.dtype))|{dtype}")
            cases.append(f"[tf.math.pow(v, tf.constant({e}, v.dtype)) for v in z]|{dtype}")
        for op in BINARY:
            cases.append(f"tf.{op}(zz, ww)|{dtype}")
        cases += [f"tf.reduce_prod(tf.stack([zz, ww]), 0)|{dtype}",
                  f"tf.reduce_prod(tf.stack([zz, ww, zz, ww]), 0)|{dtype}",
                  f"tf.math.reduce_euclidean_norm(zp[:, None], 1)|{dtype}",
                  f"tf.math.reduce_euclidean_norm(tf.stack([zz, ww]), 0)|{dtype}",
                  f"tf.math.reduce_max(zp)|{dtype}",
                  f"tf.math.reduce_logsumexp(zp)|{dtype}"]
    return cases


def _mats(dtype: str) -> dict:
    """Named square matrices (and one tall one), in `dtype`."""
    inf, nan = np.inf, np.nan
    big = float(np.finfo(np.dtype(dtype).type(0).real.dtype).max)
    raw = {
        "identity": [[1, 0], [0, 1]],
        "spd": [[4, 2], [2, 3]],
        "general": [[2, 1], [1, 3]],
        "indefinite": [[1, 2], [2, 1]],
        "singular": [[1, 2], [2, 4]],
        "zero": [[0, 0], [0, 0]],
        "rank2_3x3": [[1, 2, 3], [4, 5, 6], [7, 8, 9]],
        "near_singular": [[1, 1], [1, 1 + 2.0 ** -20]],
        "nan_entry": [[1, nan], [2, 3]],
        "nan_diag": [[nan, 0], [0, 1]],
        "all_nan": [[nan, nan], [nan, nan]],
        "inf_diag": [[inf, 0], [0, 1]],
        "inf_offdiag": [[1, inf], [0, 1]],
        "ninf_lower": [[1, 0], [-inf, 1]],
        "inf_sym": [[2, inf], [inf, 2]],
        "overflow": [[big, big], [big, -big]],
        "lower_zero_diag": [[1, 0], [3, 0]],
    }
    return {k: np.array(v, dtype) for k, v in raw.items()}


LINALG = [
    "tf.linalg.det(m)", "tf.linalg.logdet(m)", "tf.linalg.slogdet(m)", "tf.linalg.inv(m)",
    "tf.linalg.cholesky(m)", "tf.linalg.solve(m, tf.ones_like(m))",
    "tf.linalg.solve(m, tf.ones_like(m), adjoint=True)",
    "tf.linalg.triangular_solve(m, tf.ones_like(m))",
    "tf.linalg.triangular_solve(m, tf.ones_like(m), lower=False)",
    "tf.linalg.lstsq(m, tf.ones_like(m))", "tf.linalg.lstsq(m, tf.ones_like(m), fast=False)",
    "tf.linalg.lstsq(m, tf.ones_like(m), l2_regularizer=0.5)",
    "tf.linalg.qr(m)", "tf.linalg.qr(m, full_matrices=True)",
    "tf.linalg.svd(m, compute_uv=False)", "tf.linalg.svd(m)",
    "tf.linalg.eig(m)", "tf.linalg.eigvals(m)", "tf.linalg.eigh(m)", "tf.linalg.eigvalsh(m)",
    "tf.linalg.expm(m)", "tf.norm(m)", "tf.norm(m, ord='fro', axis=[-2, -1])",
    "tf.norm(m, ord=1, axis=[-2, -1])", "tf.norm(m, ord=np.inf, axis=[-2, -1])",
    "tf.norm(m, ord=2, axis=[-2, -1])", "tf.linalg.pinv(m)", "tf.linalg.lu(m)",
    "tf.linalg.logm(m)", "tf.linalg.sqrtm(m)", "tf.linalg.trace(m)",
    "tf.linalg.matrix_rank(m)",
]
def linalg_cases() -> list:
    cases = []
    for dtype in FDTYPES + CDTYPES:
        for name in _mats(dtype):
            for expr in LINALG:
                cases.append(f"{expr}|{dtype}|{name}")
    return cases


def namespace(case: str, tf, np_mod) -> tuple:
    """The source of a case and the names it is evaluated with."""
    source, dtype, *rest = case.split("|")
    names = {"tf": tf, "np": np_mod}
    if rest:
        names["m"] = tf.constant(_mats(dtype)[rest[0]])
        return source, names
    z = specials(dtype)
    zp = np.concatenate([z, np.ones(88 - len(z), dtype)])
    # (0-d arrays: TF's eager conversion caches Python scalars by equality, so a -0 would
    # come back as the 0 converted before it)
    names["z"] = [tf.constant(np.array(v)) for v in z]
    names["zp"] = tf.constant(zp)
    names["zz"] = tf.constant(np.repeat(z, len(z)))
    names["ww"] = tf.constant(np.tile(z, len(z)))
    return source, names


def encode(got) -> list:
    """A result (a tensor, or a list or tuple of them) as data: each float part as its
    shortest exact repr ("-0.0", "nan", "inf" included)."""
    if isinstance(got, (list, tuple)):
        return ["seq"] + [encode(g) for g in got]
    a = np.asarray(got.numpy())
    flat = a.reshape(-1)
    if a.dtype.kind == "c":
        values = [[repr(float(v.real)), repr(float(v.imag))] for v in flat]
    elif a.dtype.kind == "f":
        values = [repr(float(v)) for v in flat]
    else:
        values = flat.tolist()
    return ["tensor", a.dtype.name, list(a.shape), values]


def run(case: str, tf, np_mod) -> list:
    source, names = namespace(case, tf, np_mod)
    try:
        with np.errstate(all="ignore"):
            return encode(eval(source, names))
    except Exception as e:  # noqa: BLE001 - the error is the recorded answer
        return ["raise", type(e).__name__, str(e)]
