"""TF 1's functions that TF 2.21 keeps in `tf.compat.v1` behind a deprecation notice: the
`to_*` casts, `div`, `arg_max`/`arg_min`, `multinomial`, `sparse_to_dense`, `py_func`,
`batch_gather`. Each computes as TF's and, on its first call in a process, logs TF's
notice (core/tf_logging.py's `deprecated_call`: the function's name, the TF module it
lives in, its removal date and instructions, as TF's `deprecation.deprecated` words them).

TF 1 layer (v1/): loaded by `tf.compat.v1` on first use.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.control_flow.py_function import numpy_function
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops import nn_loss, random, sparse_ops
from eagerflow._src.ops.array import reshape
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import floordiv, realdiv
from eagerflow._src.ops.math_base import cast, stop_gradient
from eagerflow._src.ops.nn import dropout as nn_dropout
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.reduce import argmax, argmin

_MATH = "tensorflow.python.ops.math_ops"
_USE_CAST = "Use `tf.cast` instead."


def _cast_to(dtype: dt.DType, fname: str, op_name: str) -> Callable:
    def to(x: Any, name: str = op_name) -> Any:
        deprecated_call(fname, _MATH, _USE_CAST)
        return cast(x, dtype, name=name)

    to.__name__ = to.__qualname__ = fname
    to.__doc__ = f"`tf.compat.v1.{fname}`: `x` cast to {dtype.name} (deprecated in TF)."
    return dispatch_binding(to)


to_float = _cast_to(dt.float32, "to_float", "ToFloat")
to_double = _cast_to(dt.float64, "to_double", "ToDouble")
to_int32 = _cast_to(dt.int32, "to_int32", "ToInt32")
to_int64 = _cast_to(dt.int64, "to_int64", "ToInt64")
to_bfloat16 = _cast_to(dt.bfloat16, "to_bfloat16", "ToBFloat16")
to_complex64 = _cast_to(dt.complex64, "to_complex64", "ToComplex64")
to_complex128 = _cast_to(dt.complex128, "to_complex128", "ToComplex128")


@dispatch_binding
def div(x: Any, y: Any, name: str | None = None) -> Any:
    """`tf.compat.v1.div`: Python 2's division, a RealDiv of floats and complex numbers and a
    FloorDiv of integers; `y` converted to `x`'s dtype."""
    deprecated_call("div", _MATH, "Deprecated in favor of operator or tf.math.divide.")
    x = convert_to_tensor(x)
    try:
        y = convert_to_tensor(y, dtype=x.dtype)
    except ValueError as e:  # (a tensor of another dtype: TF's error names the input)
        raise ValueError(f"y: {e}") from None
    if x.dtype.is_floating or x.dtype.is_complex:
        return realdiv(x, y, name=name)
    return floordiv(x, y, name=name)


def arg_max(input: Any, dimension: Any, output_type: Any = dt.int64,  # noqa: A002
            name: str | None = None) -> Any:
    """`tf.compat.v1.arg_max`: TF's ArgMax op under its TF 1 name."""
    deprecated_call("arg_max", "tensorflow.python.ops.gen_math_ops",
                    "Use `tf.math.argmax` instead")
    return argmax(input, dimension, output_type=output_type, name=name)


def arg_min(input: Any, dimension: Any, output_type: Any = dt.int64,  # noqa: A002
            name: str | None = None) -> Any:
    """`tf.compat.v1.arg_min`: TF's ArgMin op under its TF 1 name."""
    deprecated_call("arg_min", "tensorflow.python.ops.gen_math_ops",
                    "Use `tf.math.argmin` instead")
    return argmin(input, dimension, output_type=output_type, name=name)


@dispatch_binding
def multinomial(logits: Any, num_samples: Any, seed: Any = None, name: str | None = None,
                output_dtype: Any = None) -> Any:
    """`tf.compat.v1.multinomial`: `tf.random.categorical` under its TF 1 name."""
    deprecated_call("multinomial", "tensorflow.python.ops.random_ops",
                    "Use `tf.random.categorical` instead.")
    return random.multinomial(logits, num_samples, seed=seed, name=name, output_dtype=output_dtype)


@dispatch_binding
def sparse_to_dense(sparse_indices: Any, output_shape: Any, sparse_values: Any,
                    default_value: Any = 0, validate_indices: bool = True,
                    name: str | None = None) -> Any:
    """`tf.compat.v1.sparse_to_dense`: TF's SparseToDense op of its four inputs."""
    deprecated_call("sparse_to_dense", "tensorflow.python.ops.sparse_ops",
                    "Create a `tf.sparse.SparseTensor` and use `tf.sparse.to_dense` instead.")
    indices = convert_to_tensor(sparse_indices)
    if indices.shape.rank in (0, 1):  # (one index, or one coordinate per value: TF's kernel
        indices = reshape(indices, [-1, 1])  # takes both as the matrix's rows)
    shape = convert_to_tensor(output_shape, dtype_hint=indices.dtype)
    values = convert_to_tensor(sparse_values)
    default = convert_to_tensor(default_value, dtype=values.dtype)
    return bind(sparse_ops.SPARSE_TO_DENSE, (indices, shape, values, default),
                {"validate_indices": bool(validate_indices)}, name)


_PY_FUNC = """tf.py_func is deprecated in TF V2. Instead, there are two
    options available in V2.
    - tf.py_function takes a python function which manipulates tf eager
    tensors instead of numpy arrays. It's easy to convert a tf eager tensor to
    an ndarray (just call tensor.numpy()) but having access to eager tensors
    means `tf.py_function`s can use accelerators such as GPUs as well as
    being differentiable using a gradient tape.
    - tf.numpy_function maintains the semantics of the deprecated tf.py_func
    (it is not differentiable, and manipulates numpy arrays). It drops the
    stateful argument making all functions stateful.
    """


def py_func(func: Callable, inp: Any, Tout: Any, stateful: bool = True,  # noqa: N803
            name: str | None = None) -> Any:
    """`tf.compat.v1.py_func`: `tf.numpy_function` under its TF 1 name."""
    deprecated_call("py_func", "tensorflow.python.ops.script_ops", _PY_FUNC)
    return numpy_function(func, inp, Tout, stateful=stateful, name=name)


@dispatch_binding
def batch_gather(params: Any, indices: Any, name: str | None = None) -> Any:
    """`tf.compat.v1.batch_gather`: a gather over all of `indices`' leading dims (ragged
    params or indices: TF's ragged dispatch, the same gather without the warning)."""
    if isinstance(params, RaggedTensor) or isinstance(indices, RaggedTensor):
        return gather(params, indices, batch_dims=indices.shape.rank - 1, name=name)
    deprecated_call("batch_gather", "tensorflow.python.ops.array_ops",
                    "`tf.batch_gather` is deprecated, please use `tf.gather` with "
                    "`batch_dims=tf.rank(indices) - 1` instead.", date="2017-10-25")
    indices = convert_to_tensor(indices)
    if indices.shape.rank is None:
        raise ValueError("batch_gather does not allow indices with unknown shape.")
    return gather(params, indices, batch_dims=indices.shape.rank - 1, name=name)


_SOFTMAX_XENT = """
Future major versions of TensorFlow will allow gradients to flow
into the labels input on backprop by default.

See `tf.nn.softmax_cross_entropy_with_logits_v2`.
"""


@dispatch_binding
def softmax_cross_entropy_with_logits(labels: Any = None, logits: Any = None, dim: int = -1,
                                      name: str | None = None, axis: Any = None) -> Any:
    """`tf.compat.v1.nn.softmax_cross_entropy_with_logits`: TF 2's with no gradient into
    `labels` (TF 1's), `dim` the axis (`axis` its newer name)."""
    deprecated_call("softmax_cross_entropy_with_logits", "tensorflow.python.ops.nn_ops",
                    _SOFTMAX_XENT)
    if dim is None:  # (TF's lookup: `dim`, which defaults to -1, wins; both is an error)
        dim = axis
    elif axis is not None:
        raise ValueError("Cannot specify both 'dim' and 'axis'.")
    if labels is None or logits is None:
        raise ValueError("Both `labels` and `logits` must be provided for "
                         f"softmax_cross_entropy_with_logitsReceived: labels={labels} and "
                         f"logits={logits}")
    if _state.graph is None:
        return nn_loss.softmax_cross_entropy_with_logits(labels=stop_gradient(labels),
                                                         logits=logits, axis=dim, name=name)
    # (TF's graph: its own scope, the labels' StopGradient and the op named by it)
    with name_scope(name or "softmax_cross_entropy_with_logits_sg") as scope:
        labels = stop_gradient(labels, name="labels_stop_gradient")
        return nn_loss.softmax_cross_entropy_with_logits(labels=labels, logits=logits,
                                                         axis=dim, name=scope)


def dropout(x: Any, keep_prob: Any = None, noise_shape: Any = None, seed: Any = None,
            name: str | None = None, rate: Any = None) -> Any:
    """`tf.compat.v1.nn.dropout`: TF 2's with TF 1's `keep_prob` (rate = 1 - keep_prob).
    (TF's notice for `keep_prob` prints only in graph mode or before its eager context
    starts; not given here.)"""
    try:
        from_keep_prob = 1. - keep_prob if keep_prob is not None else None
    except TypeError:
        raise ValueError("`keep_prob` must be a floating point number or Tensor. Received: "
                         f"keep_prob={keep_prob}") from None
    if from_keep_prob is not None:  # (TF's lookup: the old argument wins; both is an error)
        if rate is not None:
            raise ValueError("Cannot specify both 'keep_prob' and 'rate'.")
        rate = from_keep_prob
    if rate is None:
        raise ValueError(f"`rate` must be provided. Received: rate={rate}")
    return nn_dropout(x, rate, noise_shape=noise_shape, seed=seed, name=name)
