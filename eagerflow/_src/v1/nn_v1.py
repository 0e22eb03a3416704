"""tf.compat.v1.nn's own functions: TF 1's layers of ops and TF 1's names of TF 2's ops.

Sits in v1/ (loaded with tf.compat.v1.nn). `xw_plus_b` and `relu_layer` are TF 1's
one-line layers, named as TF names them (the scope's MatMul, the BiasAdd or Relu named
after the scope); the convolution backprops and `depthwise_conv2d_native` are TF's ops
under TF 1's argument lists (`use_cudnn_on_gpu`, `filter` or `filters`, four dilations);
the `_v2` names are TF 2's functions, as TF 2.21's tf.compat.v1.nn holds them.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import nn_conv, nn_conv_variants, quantized_nn_ops, unavailable_ops
from eagerflow._src.ops.array import constant
from eagerflow._src.ops.candidate_sampling import (
    log_uniform_candidate_sampler,
    uniform_candidate_sampler,
)
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.elementwise import binary_args
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.nn import bias_add, relu
from eagerflow._src.ops.nn_ctc import ctc_loss as ctc_loss_v2
from eagerflow._src.ops.nn_ctc_beam import (
    ctc_beam_search_decoder as ctc_beam_search_decoder_v2,
)
from eagerflow._src.ops.nn_loss import softmax_cross_entropy_with_logits as _softmax_xent
from eagerflow._src.ops.nn_norm import fused_batch_norm
from eagerflow._src.ops.nn_pool import avg_pool as avg_pool_v2
from eagerflow._src.ops.nn_pool import max_pool as max_pool_v2
from eagerflow._src.ops.variables import is_tf_variable


def _named(value: Any, name: str) -> Any:
    """`value` as a tensor, a constant named `name` in the scope where it is not one (as
    TF's convert_to_tensor names it)."""
    if isinstance(value, Tensor) or is_tf_variable(value):
        return value
    return constant(value, name=name)


@dispatch_binding
def xw_plus_b(x: Any, weights: Any, biases: Any, name: str | None = None) -> Any:
    """matmul(x, weights) + biases: `xw_plus_b/MatMul`, then the BiasAdd `xw_plus_b`."""
    with name_scope(name or "xw_plus_b") as scope:
        x, weights, biases = _named(x, "x"), _named(weights, "weights"), _named(biases, "biases")
        mm = matmul(x, weights)
        return bias_add(mm, biases, name=scope or None)


@dispatch_binding
def relu_layer(x: Any, weights: Any, biases: Any, name: str | None = None) -> Any:
    """relu(matmul(x, weights) + biases), the Relu named after the scope."""
    with name_scope(name or "relu_layer") as scope:
        x, weights, biases = _named(x, "x"), _named(weights, "weights"), _named(biases, "biases")
        return relu(bias_add(matmul(x, weights), biases), name=scope or None)


@dispatch_binding
@tf_name("softmax_cross_entropy_with_logits_v2_helper")
def softmax_cross_entropy_with_logits_v2(labels: Any, logits: Any, axis: Any = None,
                                         name: str | None = None, dim: Any = None) -> Any:
    """TF 2's softmax_cross_entropy_with_logits, with TF 1's deprecated `dim`."""
    if axis is not None and dim is not None:
        raise ValueError("Cannot specify both 'dim' and 'axis'.")
    axis = dim if axis is None else axis
    return _softmax_xent(labels, logits, -1 if axis is None else axis, name)


@dispatch_binding
def conv2d_backprop_filter(input: Any, filter_sizes: Any, out_backprop: Any,  # noqa: A002
                           strides: Any, padding: Any, use_cudnn_on_gpu: bool = True,
                           data_format: str = "NHWC",
                           dilations: Any = [1, 1, 1, 1],  # noqa: B006 (TF's default)
                           name: str | None = None) -> Any:
    """TF's Conv2DBackpropFilter: the gradient of conv2d for its filter."""
    return nn_conv_variants.conv2d_backprop_filter(input, filter_sizes, out_backprop, strides,
                                                   padding, data_format, dilations, name)


@dispatch_binding
def conv2d_backprop_input(input_sizes: Any, filter: Any = None,  # noqa: A002
                          out_backprop: Any = None, strides: Any = None, padding: Any = None,
                          use_cudnn_on_gpu: bool = True, data_format: str = "NHWC",
                          dilations: Any = [1, 1, 1, 1],  # noqa: B006 (TF's default)
                          name: str | None = None, filters: Any = None) -> Any:
    """TF's Conv2DBackpropInput: the gradient of conv2d for its input."""
    if filter is not None and filters is not None:
        raise ValueError("Cannot specify both 'filter' and 'filters'.")
    filters = filter if filters is None else filters
    return nn_conv_variants.conv2d_backprop_input(input_sizes, filters, out_backprop, strides,
                                                  padding, data_format, dilations, name)


def conv3d_backprop_filter_v2(input: Any, filter_sizes: Any, out_backprop: Any,  # noqa: A002
                              strides: Any, padding: str, data_format: str = "NDHWC",
                              dilations: Any = [1, 1, 1, 1, 1],  # noqa: B006 (TF's default)
                              name: str | None = None) -> Any:
    """TF's Conv3DBackpropFilterV2: the gradient of conv3d for its filter. TF's generated
    wrapper: the strides and dilations are the op's lists of five as given, not expanded."""
    a = AV.wrapper_attrs("Conv3DBackpropFilterV2", strides=strides, padding=padding,
                         data_format=data_format, dilations=dilations)
    a["explicit_paddings"] = ()
    x, dy = binary_args(input, out_backprop)
    sizes = nn_conv_variants._sizes_tensor(filter_sizes)
    return bind(nn_conv.CONV3D_BACKPROP_FILTER, (x, sizes, dy), a, name)


conv3d_backprop_filter = conv3d_backprop_filter_v2


@dispatch_binding
def depthwise_conv2d_native(input: Any, filter: Any, strides: Any, padding: Any,  # noqa: A002
                            data_format: str = "NHWC",
                            dilations: Any = [1, 1, 1, 1],  # noqa: B006 (TF's default)
                            name: str | None = None) -> Any:
    """TF's DepthwiseConv2dNative: each channel convolved with its own filters. TF's
    generated wrapper: its attrs as given (lists not expanded, bytes read as strings)."""
    a = AV.wrapper_attrs("DepthwiseConv2dNative", strides=strides, padding=padding,
                         data_format=data_format, dilations=dilations, explicit_paddings=None)
    x, w = binary_args(input, filter)
    return bind(nn_conv.DEPTHWISE, (x, w), a, name)


def _range(v: Any) -> Any:
    return convert_to_tensor(v, dtype=_dt.float32)


def _ints(v: Any) -> list:
    return [int(i) for i in v]


@dispatch_binding
@eager_api("input", "min_input", "max_input")
def quantized_avg_pool(input: Any, min_input: Any, max_input: Any, ksize: Any,  # noqa: A002
                       strides: Any, padding: str, name: str | None = None) -> tuple:
    """TF's QuantizedAvgPool: (output, min_output, max_output)."""
    return bind(quantized_nn_ops.QUANTIZED_AVG_POOL,
                (convert_to_tensor(input), _range(min_input), _range(max_input)),
                {"ksize": _ints(ksize), "strides": _ints(strides), "padding": padding}, name)


@dispatch_binding
@eager_api("input", "min_input", "max_input")
def quantized_max_pool(input: Any, min_input: Any, max_input: Any, ksize: Any,  # noqa: A002
                       strides: Any, padding: str, name: str | None = None) -> tuple:
    """TF's QuantizedMaxPool: (output, min_output, max_output)."""
    return bind(quantized_nn_ops.QUANTIZED_MAX_POOL,
                (convert_to_tensor(input), _range(min_input), _range(max_input)),
                {"ksize": _ints(ksize), "strides": _ints(strides), "padding": padding}, name)


@dispatch_binding
@eager_api("input", "filter", "min_input", "max_input", "min_filter", "max_filter")
def quantized_conv2d(input: Any, filter: Any, min_input: Any, max_input: Any,  # noqa: A002
                     min_filter: Any, max_filter: Any, strides: Any, padding: str,
                     out_type: Any = _dt.qint32,
                     dilations: Any = [1, 1, 1, 1],  # noqa: B006 (TF's default)
                     name: str | None = None) -> tuple:
    """TF's QuantizedConv2D: (output, min_output, max_output)."""
    return bind(quantized_nn_ops.QUANTIZED_CONV2D,
                (convert_to_tensor(input), convert_to_tensor(filter), _range(min_input),
                 _range(max_input), _range(min_filter), _range(max_filter)),
                {"out_type": _dt.as_dtype(out_type), "strides": _ints(strides),
                 "padding": padding, "dilations": _ints(dilations)}, name)


@dispatch_binding
@eager_api("features", "max_value", "min_features", "max_features")
def quantized_relu_x(features: Any, max_value: Any, min_features: Any, max_features: Any,
                     out_type: Any = _dt.quint8, name: str | None = None) -> tuple:
    """TF's QuantizedReluX, which TF 2.21 has no kernel for: its NotFoundError, eagerly."""
    return bind(unavailable_ops.NO_KERNEL["QuantizedReluX"],
                (convert_to_tensor(features), _range(max_value), _range(min_features),
                 _range(max_features)), {"out_type": _dt.as_dtype(out_type)}, name)


depthwise_conv2d_native_backprop_filter = nn_conv_variants.depthwise_conv2d_backprop_filter
depthwise_conv2d_native_backprop_input = nn_conv_variants.depthwise_conv2d_backprop_input

__all__ = [
    "avg_pool_v2", "conv2d_backprop_filter", "conv2d_backprop_input", "conv3d_backprop_filter",
    "conv3d_backprop_filter_v2", "ctc_beam_search_decoder_v2", "ctc_loss_v2",
    "depthwise_conv2d_native", "depthwise_conv2d_native_backprop_filter",
    "depthwise_conv2d_native_backprop_input", "fused_batch_norm",
    "log_uniform_candidate_sampler", "max_pool_v2", "quantized_avg_pool", "quantized_conv2d",
    "quantized_max_pool", "quantized_relu_x", "relu_layer",
    "softmax_cross_entropy_with_logits_v2", "uniform_candidate_sampler",
    "xw_plus_b",
]
