"""keras.ops NumPy-style products and linear-algebra helpers: matmul, dot, tensordot,
einsum, inner/outer/vdot, kron, cross, vander, trapezoid, slogdet, corrcoef, correlate.

Integer products compute in floats (as Keras's TensorFlow backend does, for GPUs) and are
cast back to the promoted dtype; int8 x int8 matmul and einsum give int32.
"""

from __future__ import annotations

import string
from typing import Any, Callable

from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.numpy_array import moveaxis
from eagerflow._src.keras.ops.numpy_reduce import Diff
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.keras.variables import cast_operand
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import linalg as tl
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import math_base
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.einsum import einsum as tf_einsum
from eagerflow._src.ops.embedding_sparse import embedding_lookup_sparse
from eagerflow._src.ops.linalg_decomp import cross as tf_cross
from eagerflow._src.ops.linalg_decomp import slogdet as tf_slogdet
from eagerflow._src.ops.math_base import cast, ones_like
from eagerflow._src.ops.misc_ops import broadcast_dynamic_shape, imag
from eagerflow._src.ops.misc_ops import complex as tf_complex
from eagerflow._src.ops.nn_conv import conv1d
from eagerflow._src.ops.padding import pad as tf_pad
from eagerflow._src.ops.sequences import range as tf_range
from eagerflow._src.ops.sparse_functions import fill_empty_rows, sparse_dense_matmul
from eagerflow._src.ops.stacking import stack as tf_stack
from eagerflow._src.ops.tiling import broadcast_to


def _sparse_matmul(x1: Any, x2: Any) -> Any:
    """matmul with a SparseTensor operand, as Keras's TensorFlow backend multiplies: a rank-2
    sparse x1 by an embedding lookup of x2's rows weighted by x1's values (summed per row,
    empty rows filled), a rank-2 sparse x2 by sparse_dense_matmul; the result dense."""
    x1 = x1 if isinstance(x1, SparseTensor) else kd.to_tensor(cast_operand(x1))
    x2 = x2 if isinstance(x2, SparseTensor) else kd.to_tensor(cast_operand(x2))
    s1, s2 = x1.shape, x2.shape
    if isinstance(x1, SparseTensor) and isinstance(x2, SparseTensor) or \
            (x1 if isinstance(x1, SparseTensor) else x2).shape.rank != 2:
        raise NotImplementedError("keras.ops.matmul of a SparseTensor is implemented for a "
                                  "rank-2 SparseTensor times a dense tensor (or the "
                                  "reverse) only")
    compute = kd.result_type(x1.dtype, x2.dtype, float)
    result = kd.result_type(x1.dtype, x2.dtype)
    x1, x2 = cast(x1, compute), cast(x2, compute)
    if isinstance(x1, SparseTensor):
        a, _ = fill_empty_rows(x1, 0)
        ids = SparseTensor(a.indices, a.indices[:, 1], a.dense_shape)
        out = embedding_lookup_sparse(x2, ids, a, combiner="sum")
    else:
        out = sparse_dense_matmul(x1, x2)
    out = cast(out, result)
    out.set_shape(list(s1)[:-1] + list(s2)[-1:])
    return out


@keras_op
def matmul(x1: Any, x2: Any) -> Any:
    if isinstance(x1, SparseTensor) or isinstance(x2, SparseTensor):
        return _sparse_matmul(x1, x2)
    x1, x2 = kd.to_tensor(cast_operand(x1)), kd.to_tensor(cast_operand(x2))
    r1, r2 = len(x1.shape), len(x2.shape)
    if r1 == r2 == 2 and x1.dtype is x2.dtype and x1.dtype.name in ("float32", "float64"):
        return tl.matmul(x1, x2)  # (no promotion or cast to do)
    output_type = None
    if x1.dtype.name == "int8" and x2.dtype.name == "int8" and r1 != 1 and r2 != 1:
        # (as Keras's TF backend: int8 products into int32, tf.matmul's BatchMatMulV3)
        compute, result, output_type = "int8", "int32", "int32"
    else:
        compute = kd.result_type(x1.dtype, x2.dtype, float)
        result = kd.result_type(x1.dtype, x2.dtype)
    x1, x2 = cast(x1, compute), cast(x2, compute)
    if r1 == r2 == 2:
        out = tl.matmul(x1, x2, output_type=output_type)
    elif r2 == 1:
        out = tl.tensordot(x1, x2, axes=1)
    elif r1 == 1:
        out = tl.tensordot(x1, x2, axes=[[0], [-2]])
    elif r2 == 2 and r1 > 2 and output_type is None:
        out = tl.tensordot(x1, x2, axes=[[-1], [0]])
    else:
        out = tl.matmul(x1, x2, output_type=output_type)
    return cast(out, result)


@keras_op
def dot(x1: Any, x2: Any) -> Any:
    x1, x2 = kd.to_tensor(x1), kd.to_tensor(x2)
    result = kd.result_type(x1.dtype, x2.dtype)
    compute = kd.result_type(result, float)
    x1, x2 = cast(x1, compute), cast(x2, compute)
    if len(x1.shape) == 0 or len(x2.shape) == 0:
        out = x1 * x2
    elif len(x2.shape) == 1:
        out = tl.tensordot(x1, x2, axes=[[-1], [-1]])
    else:
        out = tl.tensordot(x1, x2, axes=[[-1], [-2]])
    return cast(out, result)


_TENSORDOT_NATIVE = ("int32", "int64", "float16", "float32", "float64", "bfloat16",
                     "complex64", "complex128")


@keras_op
def tensordot(x1: Any, x2: Any, axes: Any = 2) -> Any:
    x1, x2 = kd.to_tensor(x1), kd.to_tensor(x2)
    result = kd.result_type(x1.dtype, x2.dtype)
    compute = result if result in _TENSORDOT_NATIVE else kd.result_type(result, float)
    out = tl.tensordot(cast(x1, compute), cast(x2, compute), axes=axes)
    return cast(out, result)


def _normalize_subscripts(subscripts: str) -> str:
    """Letters renamed in order of appearance (a, b, c, ...), as Keras does before einsum."""
    mapping: dict = {}
    out = []
    for c in subscripts:
        if c in string.ascii_letters:
            c = mapping.setdefault(c, string.ascii_letters[len(mapping)])
        out.append(c)
    return "".join(out)


# Keras's TF backend runs the two-operand contractions its layers use (EinsumDense,
# MultiHeadAttention) as tf.matmul, the operands transposed and reshaped around it, so an
# int8 pair multiplies into int32 there, and a bad shape is MatMul's error. Each entry:
# the operands' transform around the product, after their letters were renamed in order.
def _mm(x: Any, y: Any, out: Any) -> Any:
    return tl.matmul(x, y, output_type=out)


def _swap_last(t: Any) -> Any:
    return ta.transpose(t, [1, 0])


_EINSUM_MATMUL: dict = {
    "a,b->ab": lambda x, y, o: _mm(ta.expand_dims(x, -1), ta.expand_dims(y, 0), o),
    "ab,b->a": lambda x, y, o: ta.squeeze(_mm(x, ta.expand_dims(y, -1), o), axis=-1),
    "ab,bc->ac": _mm,
    "ab,cb->ac": lambda x, y, o: _mm(x, _swap_last(y), o),
    "abc,cd->abd": _mm,
    "abc,dc->abd": lambda x, y, o: _mm(x, _swap_last(y), o),
    "abcd,abde->abce": _mm,
    "abcd,abed->abce": lambda x, y, o: _mm(x, ta.transpose(y, [0, 1, 3, 2]), o),
    "abcd,acbe->adbe": lambda x, y, o: ta.transpose(
        _mm(ta.transpose(x, [0, 1, 3, 2]), ta.transpose(y, [0, 2, 1, 3]), o), [0, 2, 1, 3]),
    "abcd,adbe->acbe": lambda x, y, o: ta.transpose(
        _mm(x, ta.transpose(y, [0, 2, 1, 3]), o), [0, 2, 1, 3]),
    "abcd,aecd->acbe": lambda x, y, o: _mm(ta.transpose(x, [0, 2, 1, 3]),
                                           ta.transpose(y, [0, 2, 3, 1]), o),
    "abcd,aecd->aceb": lambda x, y, o: ta.transpose(
        _mm(ta.transpose(x, [0, 2, 1, 3]), ta.transpose(y, [0, 2, 3, 1]), o), [0, 1, 3, 2]),
}


# The contractions that reshape: their sizes (None where a shape leaves one unknown: then
# tf.einsum runs), read by unpacking the shapes as the letters name them (an operand of
# another rank fails that unpacking, Python's ValueError, as in Keras).
def _sizes_abc_cde(x: Any, y: Any) -> tuple:
    (_, b, c1), (c2, d, e) = tuple(x.shape), tuple(y.shape)
    return b, c1 or c2, d, e


def _sizes_abc_dce(x: Any, y: Any) -> tuple:
    (_, b, c1), (d, c2, e) = tuple(x.shape), tuple(y.shape)
    return b, c1 or c2, d, e


def _sizes_abc_dec(x: Any, y: Any) -> tuple:
    (_, b, c1), (d, e, c2) = tuple(x.shape), tuple(y.shape)
    return b, c1 or c2, d, e


def _sizes_abcd_cde(x: Any, y: Any) -> tuple:
    (_, b, c1, d1), (c2, d2, e) = tuple(x.shape), tuple(y.shape)
    return b, c1 or c2, d1 or d2, e


def _sizes_abcd_ced(x: Any, y: Any) -> tuple:
    (_, b, c1, d1), (c2, e, d2) = tuple(x.shape), tuple(y.shape)
    return b, c1 or c2, d1 or d2, e


def _sizes_abcd_ecd(x: Any, y: Any) -> tuple:
    (_, b, c1, d1), (e, c2, d2) = tuple(x.shape), tuple(y.shape)
    return b, c1 or c2, d1 or d2, e


def _sizes_abcde_aebf(x: Any, y: Any) -> tuple:
    (_, b1, c, d, e1), (_, e2, b2, f) = tuple(x.shape), tuple(y.shape)
    return b1 or b2, c, d, e1 or e2, f


def _sizes_abcde_afce(x: Any, y: Any) -> tuple:
    (_, b, c1, d, e1), (_, f, c2, e2) = tuple(x.shape), tuple(y.shape)
    return b, c1 or c2, d, e1 or e2, f


def _split_out(y_perm: list | None) -> Callable:
    """abc x (c, d, e) -> abde: y's contracted letter first, the rest flattened."""
    def run(x: Any, y: Any, o: Any, n: tuple) -> Any:
        b, c, d, e = n
        y = ta.reshape(y if y_perm is None else ta.transpose(y, y_perm), [c, -1])
        return ta.reshape(_mm(x, y, o), [-1, b, d, e])
    return run


def _merge_in(y_perm: list | None) -> Callable:
    """abcd x (c, d, e) -> abe: x's two contracted letters flattened into one."""
    def run(x: Any, y: Any, o: Any, n: tuple) -> Any:
        b, c, d, e = n
        y = y if y_perm is None else ta.transpose(y, y_perm)
        return _mm(ta.reshape(x, [-1, b, c * d]), ta.reshape(y, [-1, e]), o)
    return run


def _abcde_aebf(x: Any, y: Any, o: Any, n: tuple) -> Any:
    b, c, d, e, f = n
    out = _mm(ta.reshape(x, [-1, b, c * d, e]), ta.transpose(y, [0, 2, 1, 3]), o)
    return ta.transpose(ta.reshape(out, [-1, b, c, d, f]), [0, 3, 1, 2, 4])


def _abcde_afce(x: Any, y: Any, o: Any, n: tuple) -> Any:
    b, c, d, e, f = n
    x = ta.reshape(ta.transpose(x, [0, 2, 3, 1, 4]), [-1, c, d * b, e])
    return ta.reshape(_mm(x, ta.transpose(y, [0, 2, 3, 1]), o), [-1, c, d, b, f])


_EINSUM_MATMUL_SIZED: dict = {
    "abc,cde->abde": (_sizes_abc_cde, _split_out(None)),
    "abc,dce->abde": (_sizes_abc_dce, _split_out([1, 0, 2])),
    "abc,dec->abde": (_sizes_abc_dec, _split_out([2, 0, 1])),
    "abcd,cde->abe": (_sizes_abcd_cde, _merge_in(None)),
    "abcd,ced->abe": (_sizes_abcd_ced, _merge_in([0, 2, 1])),
    "abcd,ecd->abe": (_sizes_abcd_ecd, _merge_in([1, 2, 0])),
    "abcde,aebf->adbcf": (_sizes_abcde_aebf, _abcde_aebf),
    "abcde,afce->acdbf": (_sizes_abcde_afce, _abcde_afce),
}


def _as_matmul(subscripts: str, operands: list) -> Callable | None:
    """The product Keras runs `subscripts` as (a function of the two operands and the
    output type), or None for tf.einsum."""
    if subscripts in _EINSUM_MATMUL:
        return _EINSUM_MATMUL[subscripts]
    if subscripts not in _EINSUM_MATMUL_SIZED:
        return None
    sizes, run = _EINSUM_MATMUL_SIZED[subscripts]
    n = sizes(*operands)
    if None in n:
        return None
    return lambda x, y, o: run(x, y, o, n)


@keras_op
def einsum(subscripts: str, *operands: Any, **kwargs: Any) -> Any:
    operands = kd.leaf_tensors(operands)
    subscripts = _normalize_subscripts(subscripts)
    names = sorted({x.dtype.name for x in operands})
    output_type = None
    if names == ["int8"]:
        compute, result, output_type = "int8", "int32", "int32"
    else:
        result = compute = kd.result_type(*names)
    product = _as_matmul(subscripts, operands)
    if product is not None and not kwargs:
        if "int" in compute and output_type is None:  # (tf.matmul: ints only into int32)
            compute = kb.floatx()
        return cast(product(*[cast(x, compute) for x in operands], output_type), result)
    if "int" in compute:
        compute = kb.floatx()
    out = tf_einsum(subscripts, *[cast(x, compute) for x in operands], **kwargs)
    return cast(out, result)


def _float_product_pair(x1: Any, x2: Any) -> tuple:
    x1, x2 = kd.to_tensor(x1), kd.to_tensor(x2)
    result = kd.result_type(x1.dtype, x2.dtype)
    compute = kd.result_type(result, float)
    return cast(x1, compute), cast(x2, compute), result


@keras_op
def inner(x1: Any, x2: Any) -> Any:
    x1, x2, result = _float_product_pair(x1, x2)
    if len(x1.shape) == 0 or len(x2.shape) == 0:
        return cast(x1 * x2, result)
    return cast(tl.tensordot(x1, x2, axes=[[-1], [-1]]), result)


@keras_op
def vdot(x1: Any, x2: Any) -> Any:
    x1, x2, result = _float_product_pair(x1, x2)
    return cast(dot(ta.reshape(x1, [-1]), ta.reshape(x2, [-1])), result)


@keras_op
def outer(x1: Any, x2: Any) -> Any:
    x1, x2 = kd.promote_tensors(x1, x2)
    column, row = ta.reshape(x1, [-1, 1]), ta.reshape(x2, [-1])
    if x1.dtype.name == "bool":  # TF's `*` on bools multiplies them as int32
        return cast(cast(column, "int32") * cast(row, "int32"), "bool")
    return column * row


@keras_op
def kron(x1: Any, x2: Any) -> Any:
    """Each x1[i] * x2 placed in its block: interleave the axes, multiply, merge pairs."""
    x1, x2 = kd.promote_tensors(x1, x2)
    r1, r2 = len(x1.shape), len(x2.shape)
    for _ in range(r2 - r1):
        x1 = ta.expand_dims(x1, 0)
    for _ in range(r1 - r2):
        x2 = ta.expand_dims(x2, 0)
    s1, s2 = ta.shape(x1), ta.shape(x2)
    a = ta.reshape(x1, ta.reshape(tf_stack([s1, ones_like(s1)], axis=1), [-1]))
    b = ta.reshape(x2, ta.reshape(tf_stack([ones_like(s2), s2], axis=1), [-1]))
    return ta.reshape(tm.multiply(a, b), s1 * s2)  # (the op: bools refused, as Keras on TF)


@keras_op
def cross(x1: Any, x2: Any, axisa: int = -1, axisb: int = -1, axisc: int = -1,
          axis: int | None = None) -> Any:
    x1, x2 = kd.promote_tensors(x1, x2)
    if axis is not None:
        axisa = axisb = axisc = axis
    x1, x2 = moveaxis(x1, axisa, -1), moveaxis(x2, axisb, -1)
    n1, n2 = static_shape(x1)[-1], static_shape(x2)[-1]

    def as_3d(x: Any, n: int) -> Any:
        if n != 2:
            return x
        return tf_pad(x, [[0, 0]] * (len(x.shape) - 1) + [[0, 1]])

    x1, x2 = as_3d(x1, n1), as_3d(x2, n2)
    # (as Keras's TF backend: BroadcastArgs of the two shapes as tuples, TF's error where
    # they don't broadcast)
    both = broadcast_dynamic_shape(static_shape(x1), static_shape(x2))
    c = tf_cross(broadcast_to(x1, both), broadcast_to(x2, both))
    if n1 == 2 and n2 == 2:
        return c[..., 2]
    return moveaxis(c, -1, axisc)


@keras_op
def vander(x: Any, N: int | None = None, increasing: bool = False) -> Any:
    if len(x.shape) != 1:
        raise ValueError(f"Input tensor must be 1-dimensional. Received: input.shape={x.shape}")
    if N is not None:
        if not isinstance(N, int):
            raise TypeError(f"Argument `N` must be of type `int`. Received: N={N} of type "
                            f"{type(N)}")
        if N < 0:
            raise ValueError(f"Argument 'N' must be nonnegative. Received: N={N}")
    if not isinstance(increasing, bool):
        raise TypeError(f"Argument `increasing` must be of type `bool`. Received: "
                        f"increasing={increasing} of type {type(increasing)}")
    x = kd.to_tensor(x)
    result = kd.result_type(x.dtype)
    n = static_shape(x)[0] if N is None else N
    powers = tf_range(n) if increasing else tf_range(n - 1, -1, -1)
    compute = kd.result_type(x.dtype, "float32")
    out = tm.pow(cast(ta.expand_dims(x, -1), compute), cast(powers, compute))
    return cast(out, result)


@keras_op
def trapezoid(y: Any, x: Any = None, dx: float = 1.0, axis: int = -1) -> Any:
    y = kd.to_tensor(y)
    dtype = kd.result_type(y.dtype, float)
    y = cast(y, dtype)
    def to_last(t: Any) -> Any:
        # (axis -1 left as it is, as Keras's TF backend: a scalar reaches the slicing, and
        # StridedSlice's error)
        return t if axis == -1 else moveaxis(t, axis, -1)

    if x is None:
        widths = cast(dx, dtype)
    else:
        # (the backend's diff, as Keras's trapezoid calls it: no Diff operation's framing)
        widths = to_last(Diff(1, axis).call(kd.to_tensor(x, dtype)))
    y = to_last(y)
    heights = 0.5 * (y[..., 1:] + y[..., :-1])
    return tr.reduce_sum(heights * widths, axis=-1)


@keras_op
def slogdet(x: Any) -> tuple:
    return tuple(tf_slogdet(kd.to_tensor(x)))


@keras_op
def corrcoef(x: Any) -> Any:
    name = x.dtype.name if hasattr(x.dtype, "name") else str(x.dtype)
    dtype = kb.floatx() if name in ("bool", "int8", "int16", "int32", "uint8", "uint16",
                                    "uint32") else None
    x = kd.to_tensor(x, dtype)
    if len(x.shape) == 0:
        return ta.constant(float("nan"), dtype=kb.floatx())
    centered = x - tr.reduce_mean(x, axis=-1, keepdims=True)
    n = cast(ta.shape(x)[-1], x.dtype)
    cov = tl.matmul(centered, centered, adjoint_b=True) / (n - cast(1, x.dtype))
    std = tm.sqrt(math_base.real(tl.diag_part(cov)))
    corr = cov / cast(tl.tensordot(std, std, axes=0), cov.dtype)
    real = tm.clip_by_value(math_base.real(corr), -1.0, 1.0)
    if corr.dtype.is_complex:
        return tf_complex(real, tm.clip_by_value(imag(corr), -1.0, 1.0))
    return real


@keras_op
def correlate(x1: Any, x2: Any, mode: str = "valid") -> Any:
    """NumPy's correlate: x2 slid over x1, as a one-channel VALID convolution."""
    x1, x2 = kd.to_tensor(x1), kd.to_tensor(x2)
    dtype = kd.result_type(x1.dtype, x2.dtype)
    dtype = "float64" if dtype == "int64" else \
        dtype if dtype in ("bfloat16", "float16", "float64") else "float32"
    x1, x2 = cast(x1, dtype), cast(x2, dtype)
    n, m = static_shape(x1)[0], static_shape(x2)[0]

    def valid(a: Any) -> Any:
        # (each reshaped by its first dim, as Keras's TF backend: a 2-D input is Reshape's
        # error)
        out = conv1d(ta.reshape(a, (1, static_shape(a)[0], 1)),
                     ta.reshape(x2, (static_shape(x2)[0], 1, 1)),
                     stride=1, padding="VALID")
        return ta.squeeze(out, axis=[0, 2])

    if mode == "valid":
        return valid(x1)
    if mode not in ("full", "same"):
        raise ValueError(f"Invalid mode: '{mode}'. Mode must be one of: 'full', 'same', "
                         "'valid'.")
    edge = max(m - 1, 0)
    full = valid(tf_pad(x1, [[edge, edge]]))
    if mode == "full":
        return full
    keep = max(n, m)
    start = (n + m - 1 - keep) // 2
    return full[start:start + keep]
