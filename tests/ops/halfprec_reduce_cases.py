"""The half-precision reduction cases shared by record_halfprec_reduce_golden.py (run with
TF 2.21) and test_halfprec_reduce.py (run with eagerflow): Sum, Mean, reduce_variance,
moments, BiasAddGrad, Cumsum, L2Loss, Softmax and LogSoftmax (and the gradients of Sum,
Mean and the softmaxes) of float16 and bfloat16 tensors over the shapes and
axes where TF's Eigen kernels take their different orders (whole tensors below and above a
packet, four packets and the tree's leaf; rows; columns below and above 16 rows and 8
columns; three dimensions with the middle or outer axes reduced; four, transposed), on
values of both signs and several scales, and on tensors holding infinities, NaNs,
subnormals and values whose sums overflow. Each case's results are kept as bit patterns.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

DTYPES = ("float16", "bfloat16")

# (name, shape, axes or None); axes None sums everything
SHAPES: list = [((n,), None) for n in (1, 5, 8, 13, 31, 32, 33, 64, 100, 255, 1000, 1601,
                                          3000, 8193)]
SHAPES += [(s, a) for s in ((32, 16), (32, 4), (7, 33), (100, 3), (3, 100), (16, 17),
                            (15, 40), (64, 64), (2, 1700)) for a in ((0,), (1,))]
SHAPES += [((4, 20, 24), (1,)), ((4, 20, 24), (0, 2)), ((4, 20, 24), (0, 1)),
           ((4, 20, 24), (1, 2)), ((3, 1, 40), (0,)), ((2, 3, 4, 17), (0, 2)),
           ((2, 3, 4, 17), (1, 3)), ((6, 5, 16), (0, 1, 2))]

# value mixes: (scale, specials put at fixed places)
MIXES = {"normal": (1.0, ()), "wide": (3000.0, ()),
         "special": (1.0, ("inf", "-inf", "nan", "tiny", "-tiny", "big"))}


def values(shape: tuple, mix: str, dtype: str) -> np.ndarray:
    """Deterministic float32 values (no RNG: a multiplicative hash of the position)."""
    n = int(np.prod(shape))
    k = np.arange(n, dtype=np.uint64)
    u = ((k * np.uint64(2654435761) + np.uint64(12345)) % np.uint64(1 << 32)).astype(np.float64)
    v = (u / 2.0 ** 32 - 0.5) * 4.0
    scale, specials = MIXES[mix]
    v = v * scale * (1 + (k % 7 == 0) * 9.0)
    tiny = 2.0 ** -20 if dtype == "float16" else 2.0 ** -130
    big = 60000.0 if dtype == "float16" else 3e38
    fill = {"inf": np.inf, "-inf": -np.inf, "nan": np.nan, "tiny": tiny, "-tiny": -tiny,
            "big": big}
    for i, s in enumerate(specials):
        if n > 3 * i + 1:
            v[(3 * i + 1) * n // 19] = fill[s]
    if mix == "special" and n >= 4:  # a run of large values: sums past the type's range
        v[n // 2:n // 2 + max(2, n // 5)] = big / 3
    return v.astype(np.float32).reshape(shape)


def _sum(tf: Any, x: Any, axes: Any) -> Any:
    return tf.reduce_sum(x, axis=axes)


def _mean(tf: Any, x: Any, axes: Any) -> Any:
    return tf.reduce_mean(x, axis=axes)


def _mean_keep(tf: Any, x: Any, axes: Any) -> Any:
    return tf.reduce_mean(x, axis=axes, keepdims=True)


def _variance(tf: Any, x: Any, axes: Any) -> Any:
    return tf.math.reduce_variance(x, axis=axes)


def _moments(tf: Any, x: Any, axes: Any) -> Any:
    m, v = tf.nn.moments(x, axes=list(range(len(x.shape))) if axes is None else list(axes))
    return tf.concat([tf.reshape(m, [-1]), tf.reshape(v, [-1])], 0)


def _bias_grad(tf: Any, x: Any, axes: Any) -> Any:
    return tf.raw_ops.BiasAddGrad(out_backprop=x)


def _bias_grad_nchw(tf: Any, x: Any, axes: Any) -> Any:
    return tf.raw_ops.BiasAddGrad(out_backprop=x, data_format="NCHW")


def _cumsum(tf: Any, x: Any, axes: Any) -> Any:
    return tf.math.cumsum(x, axis=0 if axes is None else axes[0])


def _l2_loss(tf: Any, x: Any, axes: Any) -> Any:
    return tf.nn.l2_loss(x)


def _softmax(tf: Any, x: Any, axes: Any) -> Any:
    return tf.nn.softmax(x)


def _log_softmax(tf: Any, x: Any, axes: Any) -> Any:
    return tf.nn.log_softmax(x)


def _grad_of(f: Callable) -> Callable:
    """The gradient of f(x) for an upstream gradient of values of both signs."""
    def run(tf: Any, x: Any, axes: Any) -> Any:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(tf, x, axes)
        g = values(tuple(y.shape), "normal", x.dtype.name) * 2 + 0.25
        return tape.gradient(y, x, output_gradients=tf.cast(tf.constant(g), x.dtype))
    return run


def _rows(s: tuple, a: Any) -> bool:
    return len(s) == 2 and a == (1,) or len(s) == 1 and a is None


# op name -> (f(tf, x, axes), which shapes it takes)
OPS: dict[str, tuple[Callable, Callable]] = {
    "sum": (_sum, lambda s, a: True),
    "mean": (_mean, lambda s, a: True),
    "mean_keepdims": (_mean_keep, lambda s, a: len(s) == 3),
    "reduce_variance": (_variance, lambda s, a: len(s) <= 2),
    "moments": (_moments, lambda s, a: len(s) <= 2),
    "bias_add_grad": (_bias_grad, lambda s, a: len(s) >= 2 and a == (0,)),
    "bias_add_grad_nchw": (_bias_grad_nchw, lambda s, a: len(s) >= 3 and a == (1,)),
    "cumsum": (_cumsum, lambda s, a: (a is None or len(a) == 1) and np.prod(s) <= 1000),
    "l2_loss": (_l2_loss, lambda s, a: a is None),
    "prod": (lambda tf, x, a: tf.reduce_prod(x * tf.cast(0.6, x.dtype), axis=a),
             lambda s, a: a is None or a == tuple(range(len(s) - len(a), len(s)))),
    "euclidean_norm": (lambda tf, x, a: tf.math.reduce_euclidean_norm(x, axis=a),
                       lambda s, a: len(s) <= 2),
    "softmax": (_softmax, _rows),
    "log_softmax": (_log_softmax, _rows),
    "softmax_grad": (_grad_of(_softmax), _rows),
    "log_softmax_grad": (_grad_of(_log_softmax), _rows),
    "sum_grad": (_grad_of(_sum), lambda s, a: len(s) == 2),
    "mean_grad": (_grad_of(_mean), lambda s, a: len(s) == 2),
}


def _net_values(tf: Any, shape: tuple, scale: float, dtype: Any) -> Any:
    n = int(np.prod(shape))
    v = (np.sin(np.arange(n, dtype=np.float64) * scale) * 2).astype(np.float32)
    return tf.cast(tf.constant(v.reshape(shape)), dtype)


def _net(f: Callable, shapes: tuple) -> Callable:
    """f over inputs of `shapes`, and the gradients of each for an upstream gradient."""
    def run(tf: Any, dtype: Any) -> Any:
        xs = [_net_values(tf, s, 0.9 + 0.37 * i, dtype) for i, s in enumerate(shapes)]
        with tf.GradientTape() as tape:
            for x in xs:
                tape.watch(x)
            y = f(tf, *xs)
        g = _net_values(tf, tuple(y.shape), 0.21, dtype)
        grads = tape.gradient(y, xs, output_gradients=g)
        return tf.concat([tf.reshape(t, [-1]) for t in [y] + grads], 0)
    return run


# Matrix products, convolutions and pools with their gradients (the accumulations of
# TF's CPU kernels: float32 accumulators rounded once for MatMul and Conv2D and their
# gradients; AvgPool's gradient output by output in the half type for float16)
NETS: dict[str, Callable] = {
    "matmul 32x8x16": _net(lambda tf, a, b: tf.matmul(a, b), ((32, 8), (8, 16))),
    "matmul 16x300x8": _net(lambda tf, a, b: tf.matmul(a, b), ((16, 300), (300, 8))),
    "matmul_t 12x40x9": _net(lambda tf, a, b: tf.matmul(a, b, transpose_b=True),
                             ((12, 40), (9, 40))),
    "batch_matmul 4x8x30x6": _net(lambda tf, a, b: tf.matmul(a, b), ((4, 8, 30), (4, 30, 6))),
    "einsum ij,jk": _net(lambda tf, a, b: tf.einsum("ij,jk->ik", a, b), ((32, 40), (40, 7))),
    "einsum bij,bkj": _net(lambda tf, a, b: tf.einsum("bij,bkj->bik", a, b),
                           ((3, 5, 12), (3, 4, 12))),
    "sparse_xent": _net(lambda tf, x: tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=np.arange(x.shape[0]) * 7 % x.shape[1], logits=x), ((32, 40),)),
    "sparse_xent 4 classes": _net(lambda tf, x: tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=np.arange(x.shape[0]) % 4, logits=x), ((32, 4),)),
    "xent": _net(lambda tf, x: tf.nn.softmax_cross_entropy_with_logits(
        labels=tf.cast(tf.constant(np.tile(np.array([0.5, 0.25, 0.125, 0.125] + [0.0] * 36,
                                                    np.float32), (32, 1))), x.dtype),
        logits=x), ((32, 40),)),
    "conv2d same": _net(lambda tf, x, w: tf.nn.conv2d(x, w, 1, "SAME"),
                        ((2, 9, 9, 3), (3, 3, 3, 5))),
    "conv2d valid strided": _net(lambda tf, x, w: tf.nn.conv2d(x, w, 2, "VALID"),
                                 ((2, 9, 9, 3), (3, 3, 3, 5))),
    "max_pool": _net(lambda tf, x: tf.nn.max_pool2d(x, 2, 2, "VALID"), ((2, 9, 9, 3),)),
    "avg_pool valid": _net(lambda tf, x: tf.nn.avg_pool2d(x, 2, 2, "VALID"), ((2, 9, 9, 3),)),
    "avg_pool same": _net(lambda tf, x: tf.nn.avg_pool2d(x, 3, 1, "SAME"), ((2, 9, 9, 3),)),
}


def case_names() -> list:
    out = []
    for op, (_, takes) in OPS.items():
        for shape, axes in SHAPES:
            if takes(shape, axes):
                for mix in MIXES:
                    if mix == "special" and "softmax" in op:
                        continue  # (rows with an infinity or NaN: see the test)
                    if mix != "wide" or op in ("sum", "mean", "bias_add_grad"):
                        out.append(f"{op} {'x'.join(map(str, shape))} {axes} {mix}")
    return out + [f"net {n}" for n in NETS]


def parse(name: str) -> tuple:
    op, shape, rest = name.split(" ", 2)
    axes_text, mix = rest.rsplit(" ", 1)
    axes = None if axes_text == "None" else tuple(int(a) for a in axes_text.strip("(),").split(",")
                                                  if a.strip())
    return op, tuple(int(d) for d in shape.split("x")), axes, mix


def run_case(tf: Any, name: str, dtype: str) -> dict:
    """{"bits": results' bit patterns (NaNs folded to the type's quiet NaN)} or the error."""
    try:
        if name.startswith("net "):
            y = NETS[name[4:]](tf, getattr(tf, dtype))
        else:
            op, shape, axes, mix = parse(name)
            x = tf.cast(tf.constant(values(shape, mix, dtype)), getattr(tf, dtype))
            y = OPS[op][0](tf, x, axes)
    except Exception as e:  # noqa: BLE001 - TF's refusal is the recorded result
        return {"error": [type(e).__name__, str(e).split(" name: ")[0]]}
    bits = tf.bitcast(tf.reshape(y, [-1]), tf.uint16).numpy().astype(np.int64)
    bits[tf.math.is_nan(tf.reshape(y, [-1])).numpy()] = 0x7E00 if dtype == "float16" else 0x7FC0
    return {"dtype": y.dtype.name, "bits": bits.tolist()}
