"""tf.compat.v1.nn's TF 1 forms of TF 2's tf.nn functions: TF 1's parameter names, order and
defaults (`dim`, `value`, `filter`, `rate`, `keep_dims`, `targets`, `t`/`m`/`v`,
`use_cudnn_on_gpu`, `dilations=[1, 1, 1, 1]`, `name` before `axis` or `data_format`), each
old name beside its new one looked up as TF's deprecated_argument_lookup does (the old one
wins; both given is TF's "Cannot specify both" ValueError), then TF 2's function run.
`in_top_k` takes TF 1's order, predictions first. The functions whose TF 1 semantics are
their own (ctc_loss, the fractional pools, the sampled losses' partition strategy) are in
nn_tf1_ops.py.

TF 1 layer (v1/): loaded by tf.compat.v1.nn on first use.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.tf_logging import caller_frame, log_deprecation
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import nn as _nn
from eagerflow._src.ops import (
    nn_conv,
    nn_conv_variants,
    nn_extras,
    nn_loss,
    nn_morphology,
    nn_norm,
    nn_pool,
    nn_pool_argmax,
)
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import _t
from eagerflow._src.v1.tf1_args import deprecated_arg, lookup

_NN = "tensorflow.python.ops.nn_ops"
_NN_IMPL = "tensorflow.python.ops.nn_impl"
_DIM = "dim is deprecated, use axis instead"


# -- softmax, in_top_k, crelu ------------------------------------------------------------------

@dispatch_binding
def softmax(logits: Any, axis: Any = None, name: str | None = None, dim: Any = None) -> Any:
    """`tf.compat.v1.nn.softmax` (and `tf.compat.v1.math.softmax`): TF 1's `dim`."""
    if dim is not None:
        deprecated_arg("softmax", _NN, "dim", _DIM)
    axis = lookup("axis", axis, "dim", dim)
    return _nn.softmax(logits, -1 if axis is None else axis, name)


@dispatch_binding
def log_softmax(logits: Any, axis: Any = None, name: str | None = None, dim: Any = None) -> Any:
    """`tf.compat.v1.nn.log_softmax` (and `tf.compat.v1.math.log_softmax`): TF 1's `dim`."""
    if dim is not None:
        deprecated_arg("log_softmax", _NN, "dim", _DIM)
    axis = lookup("axis", axis, "dim", dim)
    return _nn.log_softmax(logits, -1 if axis is None else axis, name)


@dispatch_binding
def in_top_k(predictions: Any, targets: Any, k: Any, name: str | None = None) -> Any:
    """`tf.compat.v1.nn.in_top_k` (and `.math.in_top_k`): TF 1's order, `predictions`
    first (TF 2's takes `targets` first)."""
    return nn_loss.in_top_k(targets, predictions, k, name)


@dispatch_binding
def crelu(features: Any, name: str | None = None, axis: int = -1) -> Any:
    """`tf.compat.v1.nn.crelu`: TF 1's order (`name` before `axis`)."""
    return _nn.crelu(features, axis, name)


# -- convolutions ------------------------------------------------------------------------------

def _filters(filter: Any, filters: Any) -> Any:  # noqa: A002
    return lookup("filters", filters, "filter", filter)


_formats_shown: set = set()


def _format_notice(data_format: str) -> None:
    """TF's notice for conv1d given a 2-D format (its deprecated_arg_values: eagerly too,
    once per value)."""
    if data_format in _formats_shown:
        return
    _formats_shown.add(data_format)
    frame = caller_frame(2)
    log_deprecation(
        "From %s:%d: calling conv1d (from %s) with data_format=%s is deprecated and will be "
        "removed in a future version.\nInstructions for updating:\n`%s` for data_format is "
        "deprecated, use `%s` instead", frame.f_code.co_filename, frame.f_lineno, _NN,
        data_format, data_format, "NWC" if data_format == "NHWC" else "NCW")


@dispatch_binding
def conv1d(value: Any = None, filters: Any = None, stride: Any = None, padding: Any = None,
           use_cudnn_on_gpu: Any = None, data_format: Any = None, name: str | None = None,
           input: Any = None, dilations: Any = None) -> Any:  # noqa: A002
    """`tf.compat.v1.nn.conv1d`: TF 1's `value` (`input` its newer name) and `use_cudnn_on_gpu`
    (placement only); TF 1 also reads the 2-D formats NHWC and NCHW as NWC and NCW."""
    if data_format in ("NHWC", "NCHW"):
        _format_notice(data_format)
    value = lookup("input", input, "value", value)
    if data_format in (None, "NHWC", "NWC"):
        data_format = "NWC"
    elif data_format in ("NCHW", "NCW"):
        data_format = "NCW"
    else:
        raise ValueError(f"`data_format` must be 'NWC' or 'NCW'. Received: "
                         f"data_format={data_format}")
    return nn_conv.conv1d(value, filters, stride, padding, data_format, dilations, name)


@dispatch_binding
def conv2d(input: Any, filter: Any = None, strides: Any = None,  # noqa: A002
           padding: Any = None, use_cudnn_on_gpu: bool = True, data_format: str = "NHWC",
           dilations: Any = [1, 1, 1, 1],  # noqa: B006 (TF's default)
           name: str | None = None, filters: Any = None) -> Any:
    """`tf.compat.v1.nn.conv2d`: TF 1's `filter` (`filters` its newer name) and
    `use_cudnn_on_gpu` (placement only)."""
    return nn_conv.conv2d(input, _filters(filter, filters), strides, padding,
                          data_format or "NHWC", dilations, name)


@dispatch_binding
def conv2d_transpose(value: Any = None, filter: Any = None, output_shape: Any = None,  # noqa: A002
                     strides: Any = None, padding: Any = "SAME", data_format: str = "NHWC",
                     name: str | None = None, input: Any = None,  # noqa: A002
                     filters: Any = None, dilations: Any = None) -> Any:
    """`tf.compat.v1.nn.conv2d_transpose`: TF 1's `value` and `filter`."""
    value = lookup("input", input, "value", value)
    return nn_conv_variants.conv2d_transpose(value, _filters(filter, filters), output_shape,
                                             strides, padding, data_format, dilations, name)


@dispatch_binding
@tf_name("conv3d_v1")
def conv3d(input: Any, filter: Any = None, strides: Any = None,  # noqa: A002
           padding: Any = None, data_format: str = "NDHWC",
           dilations: Any = [1, 1, 1, 1, 1],  # noqa: B006 (TF's default)
           name: str | None = None, filters: Any = None) -> Any:
    """`tf.compat.v1.nn.conv3d`: TF 1's `filter` (`filters` its newer name)."""
    return nn_conv.conv3d(input, _filters(filter, filters), strides, padding, data_format,
                          dilations, name)


@dispatch_binding
def conv3d_transpose(value: Any, filter: Any = None, output_shape: Any = None,  # noqa: A002
                     strides: Any = None, padding: Any = "SAME", data_format: str = "NDHWC",
                     name: str | None = None, input: Any = None,  # noqa: A002
                     filters: Any = None, dilations: Any = None) -> Any:
    """`tf.compat.v1.nn.conv3d_transpose`: TF 1's `value` and `filter`."""
    filter = _filters(filter, filters)  # noqa: A001
    value = lookup("input", input, "value", value)
    return nn_conv_variants.conv3d_transpose(value, filter, output_shape, strides, padding,
                                             data_format, dilations, name)


@dispatch_binding
def convolution(input: Any, filter: Any, padding: Any, strides: Any = None,  # noqa: A002
                dilation_rate: Any = None, name: str | None = None, data_format: Any = None,
                filters: Any = None, dilations: Any = None) -> Any:
    """`tf.compat.v1.nn.convolution`: TF 1's order (`padding` third) and `dilation_rate`."""
    filter = _filters(filter, filters)  # noqa: A001
    dilation_rate = lookup("dilations", dilations, "dilation_rate", dilation_rate)
    return nn_extras.convolution(input, filter, strides, padding, data_format, dilation_rate,
                                 name)


@dispatch_binding
def depthwise_conv2d(input: Any, filter: Any, strides: Any, padding: Any,  # noqa: A002
                     rate: Any = None, name: str | None = None, data_format: Any = None,
                     dilations: Any = None) -> Any:
    """`tf.compat.v1.nn.depthwise_conv2d`: TF 1's `rate` (`dilations` its newer name)."""
    rate = lookup("dilations", dilations, "rate", rate)
    return nn_extras.depthwise_conv2d(input, filter, strides, padding, data_format, rate, name)


@dispatch_binding
def separable_conv2d(input: Any, depthwise_filter: Any, pointwise_filter: Any,  # noqa: A002
                     strides: Any, padding: Any, rate: Any = None, name: str | None = None,
                     data_format: Any = None, dilations: Any = None) -> Any:
    """`tf.compat.v1.nn.separable_conv2d`: TF 1's `rate` (`dilations` its newer name)."""
    rate = lookup("dilations", dilations, "rate", rate)
    return nn_extras.separable_conv2d(input, depthwise_filter, pointwise_filter, strides,
                                      padding, data_format, rate, name)


@dispatch_binding
@tf_name("dilation2d_v1")
def dilation2d(input: Any, filter: Any = None, strides: Any = None,  # noqa: A002
               rates: Any = None, padding: Any = None, name: str | None = None,
               filters: Any = None, dilations: Any = None) -> Any:
    """`tf.compat.v1.nn.dilation2d`: TF's Dilation2D op with TF 1's `filter` and `rates`
    (NHWC only, as the op is)."""
    filter = _filters(filter, filters)  # noqa: A001
    rates = lookup("dilations", dilations, "rates", rates)
    return nn_morphology.dilation2d(input, filter, strides, padding, "NHWC", rates, name)


@dispatch_binding
def erosion2d(value: Any, kernel: Any, strides: Any, rates: Any, padding: Any,
              name: str | None = None) -> Any:
    """`tf.compat.v1.nn.erosion2d`: TF 1's `kernel` and `rates` (TF 2's `filters` and
    `dilations`), NHWC."""
    return nn_morphology.erosion2d(value, kernel, strides, padding, "NHWC", rates, name)


# -- pooling -----------------------------------------------------------------------------------

@dispatch_binding
def avg_pool(value: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NHWC",
             name: str | None = None, input: Any = None) -> Any:  # noqa: A002
    """`tf.compat.v1.nn.avg_pool` and `.avg_pool2d` (one function in TF 1): 2-D average
    pooling with TF 1's `value` (`input` its newer name)."""
    value = lookup("input", input, "value", value)
    return nn_pool.avg_pool2d(value, ksize, strides, padding, data_format or "NHWC", name)


@dispatch_binding
def max_pool(value: Any, ksize: Any, strides: Any, padding: Any, data_format: str = "NHWC",
             name: str | None = None, input: Any = None) -> Any:  # noqa: A002
    """`tf.compat.v1.nn.max_pool`: 2-D max pooling with TF 1's `value`."""
    value = lookup("input", input, "value", value)
    return nn_pool.max_pool2d(value, ksize, strides, padding, data_format or "NHWC", name)


@dispatch_binding
@tf_name("max_pool_with_argmax_v1")
def max_pool_with_argmax(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
                         data_format: str = "NHWC", Targmax: Any = None,  # noqa: N803
                         name: str | None = None, output_dtype: Any = None,
                         include_batch_in_index: bool = False) -> Any:
    """`tf.compat.v1.nn.max_pool_with_argmax`: TF's MaxPoolWithArgmax with TF 1's `Targmax`
    (`output_dtype` its newer name); `ksize` and `strides` are the op's lists of four, as
    TF 1 passes them (TF 2's also takes one number or two)."""
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")
    Targmax = lookup("output_dtype", output_dtype, "Targmax", Targmax)  # noqa: N806
    attrs = AV.wrapper_attrs("MaxPoolWithArgmax", ksize=ksize, strides=strides, padding=padding,
                             Targmax=dt.int64 if Targmax is None else Targmax,
                             include_batch_in_index=include_batch_in_index)
    out = bind(nn_pool_argmax.MAX_POOL_WITH_ARGMAX, (_t(input),), attrs, name)
    return nn_pool_argmax.MaxPoolWithArgmaxOutput(*out)


@dispatch_binding
def pool(input: Any, window_shape: Any, pooling_type: str, padding: str,  # noqa: A002
         dilation_rate: Any = None, strides: Any = None, name: str | None = None,
         data_format: Any = None, dilations: Any = None) -> Any:
    """`tf.compat.v1.nn.pool`: TF 1's order (`padding` fourth) and `dilation_rate`."""
    dilation_rate = lookup("dilations", dilations, "dilation_rate", dilation_rate)
    return nn_extras.pool(input, window_shape, pooling_type, strides, padding, data_format,
                          dilation_rate, name)


# -- moments, losses, batch norm ---------------------------------------------------------------

def _keep(keep_dims: Any, keepdims: Any) -> bool:
    keep_dims = lookup("keepdims", keepdims, "keep_dims", keep_dims)
    return False if keep_dims is None else keep_dims


@dispatch_binding
def moments(x: Any, axes: Any, shift: Any = None, name: str | None = None,
            keep_dims: Any = None, keepdims: Any = None) -> tuple:
    """`tf.compat.v1.nn.moments`: TF 1's `keep_dims` (and order: `name` before it)."""
    return nn_norm.moments(x, axes, shift, _keep(keep_dims, keepdims), name)


@dispatch_binding
def sufficient_statistics(x: Any, axes: Any, shift: Any = None, keep_dims: Any = None,
                          name: str | None = None, keepdims: Any = None) -> tuple:
    """`tf.compat.v1.nn.sufficient_statistics`: TF 1's `keep_dims`, fourth."""
    return nn_norm.sufficient_statistics(x, axes, shift, _keep(keep_dims, keepdims), name)


@dispatch_binding
def weighted_moments(x: Any, axes: Any, frequency_weights: Any, name: str | None = None,
                     keep_dims: Any = None, keepdims: Any = None) -> tuple:
    """`tf.compat.v1.nn.weighted_moments`: TF 1's `keep_dims` (after `name`)."""
    return nn_norm.weighted_moments(x, axes, frequency_weights, _keep(keep_dims, keepdims), name)


@dispatch_binding
def sparse_softmax_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                             name: str | None = None) -> Any:
    """`tf.compat.v1.nn.sparse_softmax_cross_entropy_with_logits`: both arguments by keyword
    in TF 1 (each defaults to None, and a missing one is TF's ValueError, nn_loss's)."""
    return nn_loss.sparse_softmax_cross_entropy_with_logits(labels, logits, name)


@dispatch_binding
def weighted_cross_entropy_with_logits(labels: Any = None, logits: Any = None,
                                       pos_weight: Any = None, name: str | None = None,
                                       targets: Any = None) -> Any:
    """`tf.compat.v1.nn.weighted_cross_entropy_with_logits`: TF 1's `targets` (`labels`
    its newer name)."""
    if targets is not None:
        deprecated_arg("weighted_cross_entropy_with_logits", _NN_IMPL, "targets",
                       "targets is deprecated, use labels instead")
    labels = lookup("labels", labels, "targets", targets)
    return nn_loss.weighted_cross_entropy_with_logits(labels, logits, pos_weight, name)


@dispatch_binding
def batch_norm_with_global_normalization(t: Any = None, m: Any = None, v: Any = None,
                                         beta: Any = None, gamma: Any = None,
                                         variance_epsilon: Any = None,
                                         scale_after_normalization: Any = None,
                                         name: str | None = None, input: Any = None,  # noqa: A002
                                         mean: Any = None, variance: Any = None) -> Any:
    """`tf.compat.v1.nn.batch_norm_with_global_normalization`: TF 1's `t`, `m` and `v`
    (`input`, `mean` and `variance` their newer names): batch_normalization, scaled by
    `gamma` only with `scale_after_normalization`."""
    t = lookup("input", input, "t", t)
    m = lookup("mean", mean, "m", m)
    v = lookup("variance", variance, "v", v)
    return nn_extras.batch_norm_with_global_normalization(
        t, m, v, beta, gamma, variance_epsilon, scale_after_normalization, name)
