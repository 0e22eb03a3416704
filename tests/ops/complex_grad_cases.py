"""Gradients of complex inputs: every differentiable op that takes complex64/complex128,
with a complex upstream gradient, as TF 2.21 computes them (for a holomorphic f, TF's
gradient is g * conj(f'(x)); a non-holomorphic one, such as abs or real, has its own).

Each case is a function of the `tf` module (TensorFlow or eagerflow) returning the values to
compare: the forward result(s) and the tape's gradients (None where there is none).
record_complex_grad_golden.py runs them under TensorFlow 2.21 and writes
complex_grad_golden.json; test_complex_grads.py checks eagerflow against it.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

_C = {"c64": np.complex64, "c128": np.complex128}


def _cplx(dtype: Any, shape: tuple, seed: int, lo: float = -1.0, hi: float = 1.0) -> np.ndarray:
    """Complex values of `shape`, real and imaginary parts in [lo, hi]."""
    r = np.random.default_rng(seed)
    n = int(np.prod(shape))
    return (r.uniform(lo, hi, n) + 1j * r.uniform(lo, hi, n)).reshape(shape).astype(dtype)


def _upstream(tf: Any, y: Any) -> Any:
    """A fixed upstream gradient of y's shape and dtype: complex where y is."""
    n = int(np.prod(y.shape))
    v = (np.arange(1, n + 1) % 5 + 1) * 0.25
    if y.dtype.is_complex:
        v = v * (0.6 - 0.8j)
    return tf.constant(v.reshape(tuple(y.shape)).astype(y.dtype.as_numpy_dtype))


def _grads(f: Callable, *xs: Any) -> Callable:
    """The case: f(tf, *inputs), its output(s) and the inputs' gradients under upstream
    gradients of _upstream."""
    def run(tf: Any) -> list:
        ts = [tf.constant(x) for x in xs]
        with tf.GradientTape() as tape:
            for t in ts:
                tape.watch(t)
            y = f(tf, *ts)
        ys = list(y) if isinstance(y, (list, tuple)) else [y]
        gs = tape.gradient(ys, ts, output_gradients=[_upstream(tf, v) for v in ys])
        return ys + [None if g is None else tf.convert_to_tensor(g) for g in gs]
    return run


def _nested(f: Callable, x: Any) -> Callable:
    """The gradient of f's gradient (both under _upstream's gradients): second order."""
    def run(tf: Any) -> list:
        t = tf.constant(x)
        with tf.GradientTape() as outer:
            outer.watch(t)
            with tf.GradientTape() as inner:
                inner.watch(t)
                y = f(tf, t)
            g = inner.gradient(y, t, output_gradients=_upstream(tf, y))
        return [y, g, outer.gradient(g, t, output_gradients=_upstream(tf, g))]
    return run


def _second(op: str, seed: int, dtype: Any) -> Callable:
    """The gradient of one of TF's gradient ops (TanhGrad, SqrtGrad...) as the raw op."""
    y, dy = _cplx(dtype, (2, 3), seed, 0.3, 1.2), _cplx(dtype, (2, 3), seed + 1)
    return _grads(lambda tf, a, b: getattr(tf.raw_ops, op)(y=a, dy=b), y, dy)


_UNARY: dict = {
    # name: (function, low, high) of the inputs' real and imaginary parts
    "neg": (lambda tf, x: tf.negative(x), -1, 1),
    "sign": (lambda tf, x: tf.sign(x), -1, 1),
    "square": (lambda tf, x: tf.square(x), -1, 1),
    "sqrt": (lambda tf, x: tf.sqrt(x), 0.3, 1.5),
    "rsqrt": (lambda tf, x: tf.math.rsqrt(x), 0.3, 1.5),
    "reciprocal": (lambda tf, x: tf.math.reciprocal(x), 0.3, 1.5),
    "inv": (lambda tf, x: tf.raw_ops.Inv(x=x), 0.3, 1.5),
    "exp": (lambda tf, x: tf.exp(x), -1, 1),
    "expm1": (lambda tf, x: tf.math.expm1(x), -1, 1),
    "log": (lambda tf, x: tf.math.log(x), 0.3, 1.5),
    "log1p": (lambda tf, x: tf.math.log1p(x), -0.5, 1),
    "sin": (lambda tf, x: tf.sin(x), -1, 1),
    "cos": (lambda tf, x: tf.cos(x), -1, 1),
    "tan": (lambda tf, x: tf.tan(x), -0.7, 0.7),
    "asin": (lambda tf, x: tf.asin(x), -0.6, 0.6),
    "acos": (lambda tf, x: tf.acos(x), -0.6, 0.6),
    "atan": (lambda tf, x: tf.atan(x), -0.6, 0.6),
    "sinh": (lambda tf, x: tf.sinh(x), -1, 1),
    "cosh": (lambda tf, x: tf.cosh(x), -1, 1),
    "tanh": (lambda tf, x: tf.tanh(x), -1, 1),
    "asinh": (lambda tf, x: tf.asinh(x), -0.6, 0.6),
    "acosh": (lambda tf, x: tf.acosh(x), 1.2, 2),
    "atanh": (lambda tf, x: tf.atanh(x), -0.6, 0.6),
    "sigmoid": (lambda tf, x: tf.sigmoid(x), -1, 1),
    "abs": (lambda tf, x: tf.abs(x), -1, 1),
    "conj": (lambda tf, x: tf.math.conj(x), -1, 1),
    "real": (lambda tf, x: tf.math.real(x), -1, 1),
    "imag": (lambda tf, x: tf.math.imag(x), -1, 1),
    "angle": (lambda tf, x: tf.math.angle(x), 0.2, 1),
    "reduce_sum": (lambda tf, x: tf.reduce_sum(x, axis=1), -1, 1),
    "reduce_mean": (lambda tf, x: tf.reduce_mean(x, axis=0), -1, 1),
    "reduce_prod": (lambda tf, x: tf.reduce_prod(x, axis=1), -1, 1),
    "reduce_prod_all": (lambda tf, x: tf.reduce_prod(x), -1, 1),
    "cumsum": (lambda tf, x: tf.math.cumsum(x, axis=1, reverse=True), -1, 1),
    "cumprod": (lambda tf, x: tf.math.cumprod(x, axis=1), -1, 1),
    "cumprod_exclusive": (lambda tf, x: tf.math.cumprod(x, axis=1, exclusive=True), -1, 1),
    "segment_prod": (lambda tf, x: tf.math.unsorted_segment_prod(x, [1, 0], 3), -1, 1),
    "segment_sum": (lambda tf, x: tf.math.unsorted_segment_sum(x, [1, 1], 2), -1, 1),
    "reverse": (lambda tf, x: tf.reverse(x, [1]), -1, 1),
    "add_n": (lambda tf, x: tf.add_n([x, x * x]), -1, 1),
    "norm": (lambda tf, x: tf.norm(x), -1, 1),
    "euclidean_norm": (lambda tf, x: tf.math.reduce_euclidean_norm(x, axis=1), -1, 1),
    "reduce_variance": (lambda tf, x: tf.math.reduce_variance(x, axis=0), -1, 1),
    "reduce_std": (lambda tf, x: tf.math.reduce_std(x), -1, 1),
    "l2_normalize": (lambda tf, x: tf.math.l2_normalize(x, axis=1), -1, 1),
    "bias_add": (lambda tf, x: tf.nn.bias_add(x, x[0]), -1, 1),
    "transpose_conj": (lambda tf, x: tf.transpose(x, conjugate=True), -1, 1),
    "fft": (lambda tf, x: tf.signal.fft(x), -1, 1),
    "ifft": (lambda tf, x: tf.signal.ifft(x), -1, 1),
    "fft2d": (lambda tf, x: tf.signal.fft2d(x), -1, 1),
    "ifft2d": (lambda tf, x: tf.signal.ifft2d(x), -1, 1),
    "fft3d": (lambda tf, x: tf.signal.fft3d(x[None]), -1, 1),
    "ifft3d": (lambda tf, x: tf.signal.ifft3d(x[None]), -1, 1),
    "cast": (lambda tf, x: tf.cast(x, tf.complex128 if x.dtype == tf.complex64
                                      else tf.complex64), -1, 1),
}

_BINARY: dict = {
    # name: (function, y's shape, low, high of y's parts)
    "add": (lambda tf, x, y: x + y, (3,), -1, 1),
    "sub": (lambda tf, x, y: x - y, (3,), -1, 1),
    "mul": (lambda tf, x, y: x * y, (3,), -1, 1),
    "mul_same_shape": (lambda tf, x, y: x * y, (2, 3), -1, 1),
    "div": (lambda tf, x, y: x / y, (3,), 0.3, 1.5),
    "raw_div": (lambda tf, x, y: tf.raw_ops.Div(x=x, y=y), (2, 3), 0.3, 1.5),
    "div_no_nan": (lambda tf, x, y: tf.math.divide_no_nan(x, y), (3,), 0.3, 1.5),
    "multiply_no_nan": (lambda tf, x, y: tf.math.multiply_no_nan(x, y), (3,), -1, 1),
    "pow": (lambda tf, x, y: tf.pow(x, y), (3,), 0.3, 1.2),
    "squared_difference": (lambda tf, x, y: tf.math.squared_difference(x, y), (3,), -1, 1),
    "xlogy": (lambda tf, x, y: tf.math.xlogy(x, y), (3,), 0.3, 1.5),
    "xdivy": (lambda tf, x, y: tf.math.xdivy(x, y), (3,), 0.3, 1.5),
    "xlog1py": (lambda tf, x, y: tf.math.xlog1py(x, y), (3,), 0.3, 1.5),
    "matmul": (lambda tf, x, y: tf.matmul(x, y), (3, 2), -1, 1),
    "matmul_adjoint": (lambda tf, x, y: tf.matmul(x, y, adjoint_a=True, adjoint_b=True),
                       (2, 3), -1, 1),
    "matmul_transpose": (lambda tf, x, y: tf.matmul(x, y, transpose_a=True, adjoint_b=True),
                         (4, 3), -1, 1),
    "batch_matmul": (lambda tf, x, y: tf.matmul(x[None], y[None]), (3, 4), -1, 1),
    "batch_matmul_adjoint": (lambda tf, x, y: tf.matmul(x[None], y[None], adjoint_a=True),
                             (3, 4), -1, 1),
    "einsum": (lambda tf, x, y: tf.einsum("ij,jk->ik", x, y), (3, 2), -1, 1),
    "tensordot": (lambda tf, x, y: tf.tensordot(x, y, 1), (3, 2), -1, 1),
    "complex": (lambda tf, x, y: tf.complex(tf.math.real(x), tf.math.imag(y)), (2, 3), -1, 1),
    "raw_batch_matmul_v3": (lambda tf, x, y: tf.raw_ops.BatchMatMulV3(
        x=x[None], y=y[None], Tout=x.dtype, adj_x=True, adj_y=False), (3, 4), -1, 1),
    "raw_batch_matmul_v2": (lambda tf, x, y: tf.raw_ops.BatchMatMulV2(
        x=x[None], y=y[None], adj_x=False, adj_y=True), (4, 3), -1, 1),
    "raw_matmul_transpose": (lambda tf, x, y: tf.raw_ops.MatMul(
        a=x, b=y, transpose_a=True, transpose_b=True), (4, 3), -1, 1),
}


# functions of one input, over tf.raw_ops' earlier versions of ops (their own seeds: the
# cases above keep theirs)
_VERSIONS: dict = {
    "adjoint": lambda tf, x: tf.linalg.adjoint(x),
    "raw_conjugate_transpose": lambda tf, x: tf.raw_ops.ConjugateTranspose(
        x=x[None], perm=[2, 0, 1]),
    "raw_reverse": lambda tf, x: tf.raw_ops.Reverse(tensor=x, dims=[True, False]),
    "raw_gather": lambda tf, x: tf.convert_to_tensor(tf.raw_ops.Gather(params=x,
                                                                       indices=[1, 1, 0])),
    "raw_matrix_set_diag_v2": lambda tf, x: tf.raw_ops.MatrixSetDiagV2(
        input=x, diagonal=x[0, :2] * 2, k=1),
}


def _linalg(dtype: Any, seed: int) -> dict:
    a = _cplx(dtype, (3, 3), seed) + 2 * np.eye(3, dtype=dtype)  # well conditioned
    b = _cplx(dtype, (3, 2), seed + 1)
    spd = (a @ a.conj().T + np.eye(3)).astype(dtype)  # Hermitian, positive definite
    tri = np.tril(a)
    near_one = (np.eye(3) + 0.2 * _cplx(dtype, (3, 3), seed + 2)).astype(dtype)
    return {
        "det": _grads(lambda tf, x: tf.linalg.det(x), a),
        "slogdet": _grads(lambda tf, x: tf.linalg.slogdet(x), a),
        "logdet": _grads(lambda tf, x: tf.linalg.logdet(x), spd),
        "inv": _grads(lambda tf, x: tf.linalg.inv(x), a),
        "solve": _grads(lambda tf, x, y: tf.linalg.solve(x, y), a, b),
        "solve_adjoint": _grads(lambda tf, x, y: tf.linalg.solve(x, y, adjoint=True), a, b),
        "triangular_solve": _grads(lambda tf, x, y: tf.linalg.triangular_solve(x, y), tri, b),
        "triangular_solve_upper_adjoint": _grads(
            lambda tf, x, y: tf.linalg.triangular_solve(x, y, lower=False, adjoint=True),
            np.triu(a), b),
        "banded_triangular_solve": _grads(
            lambda tf, x, y: tf.linalg.banded_triangular_solve(x, y), a[:2], b),
        "cholesky": _grads(lambda tf, x: tf.linalg.cholesky(x), spd),
        "qr": _grads(lambda tf, x: tf.linalg.qr(x), a),
        "eigvalsh": _grads(lambda tf, x: tf.linalg.eigvalsh(x), spd),
        "eigh_vectors_abs": _grads(lambda tf, x: tf.abs(tf.linalg.eigh(x)[1]), spd),
        "eigvals": _grads(lambda tf, x: tf.linalg.eigvals(x), a),
        "svd_values": _grads(lambda tf, x: tf.linalg.svd(x, compute_uv=False), a),
        "svd_vectors_abs": _grads(lambda tf, x: [tf.abs(v) for v in tf.linalg.svd(x)], a),
        "svd_tall_vectors_abs": _grads(lambda tf, x: [tf.abs(v) for v in tf.linalg.svd(x)],
                                       a[:, :2]),
        "svd_wide_vectors_abs": _grads(lambda tf, x: [tf.abs(v) for v in tf.linalg.svd(x)],
                                       b.T),
        "qr_wide": _grads(lambda tf, x: tf.linalg.qr(x), b.T),
        "expm": _grads(lambda tf, x: tf.linalg.expm(x), 0.5 * a),
        "sqrtm": _grads(lambda tf, x: tf.linalg.sqrtm(x), near_one),
        "trace": _grads(lambda tf, x: tf.linalg.trace(x), a),
        "matvec": _grads(lambda tf, x, y: tf.linalg.matvec(x, y[:, 0], adjoint_a=True), a, b),
        "adjoint": _grads(lambda tf, x: tf.linalg.adjoint(x), a),
    }


def _cases() -> dict:
    cases: dict = {}
    for tag, dtype in _C.items():
        for i, (name, (f, lo, hi)) in enumerate(sorted(_UNARY.items())):
            cases[f"{name}_{tag}"] = _grads(f, _cplx(dtype, (2, 3), 10 + i, lo, hi))
        for i, (name, (f, shape, lo, hi)) in enumerate(sorted(_BINARY.items())):
            x = _cplx(dtype, (2, 3), 100 + i, 0.3 if name == "pow" else -1, 1.2)
            if name.startswith(("matmul_adjoint", "matmul_transpose", "batch_matmul_adj",
                                "raw_batch_matmul_v3", "raw_matmul")):
                x = _cplx(dtype, (3, 2), 100 + i)
            cases[f"{name}_{tag}"] = _grads(f, x, _cplx(dtype, shape, 200 + i, lo, hi))
        for i, op in enumerate(("SqrtGrad", "RsqrtGrad", "ReciprocalGrad", "InvGrad",
                                "TanhGrad", "SigmoidGrad")):
            cases[f"{op}_{tag}"] = _second(op, 300 + i, dtype)
        for i, (name, f) in enumerate(sorted(_VERSIONS.items())):
            cases[f"{name}_{tag}"] = _grads(f, _cplx(dtype, (2, 3), 600 + i))
        cases.update({f"linalg_{k}_{tag}": v for k, v in _linalg(dtype, 400).items()})
        for i, name in enumerate(("sin", "exp", "tanh", "sigmoid", "sqrt", "rsqrt", "log",
                                  "reciprocal", "asin", "pow")):
            f, lo, hi = _UNARY.get(name, (lambda tf, x: tf.pow(x, x), 0.3, 1.2))
            cases[f"second_{name}_{tag}"] = _nested(f, _cplx(dtype, (2, 3), 500 + i, lo, hi))
    return cases


CASES: dict = _cases()
