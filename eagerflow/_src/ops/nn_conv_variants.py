"""tf.nn's convolution variants over nn_conv.py's ops: the transposed convolutions
(conv1d/2d/3d_transpose, conv_transpose: the input gradient op), depthwise and separable
convolutions, and the raw gradient wrappers (conv2d_backprop_input/filter and their
depthwise forms).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops.array import concat, expand_dims, squeeze, static_ints
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.elementwise import as_fixed_type, binary_args
from eagerflow._src.ops.graph_constants import scope_name
from eagerflow._src.ops.nn_args import (
    UNIT_DILATIONS,
    convert_padding,
    default_format,
    fail,
    full_shape,
    get_sequence,
    outer,
    static_shape_values,
)
from eagerflow._src.ops.nn_conv import (
    CONV2D_BACKPROP_FILTER,
    CONV2D_BACKPROP_INPUT,
    CONV2D_F,
    CONV3D_BACKPROP_INPUT,
    CONV3D_F,
    DEPTHWISE,
    DEPTHWISE_BACKPROP_FILTER,
    DEPTHWISE_BACKPROP_INPUT,
    _channel_index,
    _conv_attrs,
    conv2d,
)
from eagerflow._src.ops.nn_conv_checks import op_attrs_first, to_2d_format
from eagerflow._src.ops.nn_conv_refs import Family


def _sizes_tensor(value: Any, tshape: bool = False, arg: tuple | None = None) -> Any:
    """A gradient op's sizes input as TF's wrapper converts it: an int32 input (the
    signature's, except Conv3DBackpropInputV2's `tshape` Tshape, int64 for values past
    int32) takes a list past int32 wrapped, as TF's eager conversion casts it; a tensor
    as given (another dtype is the op's refusal). `arg`, (op, input) as TF's signature
    names them: what is no list of ints is converted to int32 as TF's wrapper converts
    it (a float its TypeError, nested lists a matrix the op refuses)."""
    if isinstance(value, Tensor):
        return value
    try:
        vals = static_ints(value, "output_shape")  # (past int64: the conversion's error)
    except TypeError:
        if arg is None:
            raise
        return as_fixed_type(value, dt.int32, False, arg)
    if None in vals:
        raise ValueError(f"output_shape must be a list of int64 values, got {list(vals)}")
    if any(not -2**63 <= v < 2**63 for v in vals):
        convert_to_tensor(value)  # (an int past int64: the conversion's ValueError, TF's)
    wide = tshape and any(not -2**31 <= v < 2**31 for v in vals)
    # (converted: a TF 1 graph's Const, where an eager tensor from before it is refused)
    return convert_to_tensor(np.array(vals, np.int64).astype(np.int64 if wide else np.int32))


def _scoped_node(name: str | None, default: str) -> str | None:
    """The name of the op a TF transposed convolution makes in the name scope it opens
    (`name`, else `default`): the scope's own name while a graph is built ("/"-ended:
    exactly that), none eagerly."""
    return None if _state.graph is None else scope_name(name, default) + "/"


def _full_input_sizes(fam: Family, sizes: Any, w: Any, dy: Any, data_format: str) -> Any:
    """TF also accepts just the spatial sizes; batch and depth then come from dy and w
    (not its 3D kernels: their rank check refuses them)."""
    if fam is CONV3D_F:
        return sizes
    vals = static_shape_values(sizes)
    r = fam.rank
    if vals is not None and len(vals) == r and w._shape is not None and dy._shape is not None \
            and len(w._shape) == r + 2 and len(dy._shape) == r + 2:  # (else the op says why)
        depth = w._shape[-2] if not fam.depthwise else w._shape[-2]
        full = full_shape(outer(dy._shape, data_format)[0], vals, depth, data_format)
        return EagerTensor(np.array(full, sizes.dtype.as_numpy_dtype))
    if vals is not None and len(vals) != r + 2:
        raise fail(fam.bin, f"{fam.bin} requires input_sizes to contain {r + 2} values or {r} "
                            f"values, but got: {len(vals)}")
    return sizes


# (TF's generated wrappers given a list of sizes take their slow path: no " name: ")
@eager_api("input_sizes")
def conv2d_backprop_input(input_sizes: Any, filters: Any, out_backprop: Any, strides: Any,
                          padding: Any, data_format: str = "NHWC", dilations: Any = None,
                          name: str | None = None) -> Any:
    """TF's Conv2DBackpropInput through its TF 1 wrapper: the padding converted (a list is
    explicit), the other attrs as its generated wrapper takes them (lists as given, bytes
    read as strings, None the op's default)."""
    return _conv2d_backprop_input(input_sizes, filters, out_backprop,
                                  _backprop_attrs("Conv2DBackpropInput", strides, padding,
                                                  data_format, dilations), name)


def _conv2d_backprop_input(input_sizes: Any, filters: Any, out_backprop: Any, a: dict,
                           name: str | None = None) -> Any:
    w, dy = binary_args(filters, out_backprop)
    sizes = _full_input_sizes(CONV2D_F, _sizes_tensor(input_sizes, arg=(
        "Conv2DBackpropInput", "input_sizes")), w, dy, a["data_format"])
    return bind(CONV2D_BACKPROP_INPUT, (sizes, w, dy), a, name)


@eager_api("filter_sizes")
def conv2d_backprop_filter(input: Any, filter_sizes: Any, out_backprop: Any,  # noqa: A002
                           strides: Any, padding: Any, data_format: str = "NHWC",
                           dilations: Any = None, name: str | None = None) -> Any:
    """TF's Conv2DBackpropFilter through its TF 1 wrapper (see conv2d_backprop_input)."""
    a = _backprop_attrs("Conv2DBackpropFilter", strides, padding, data_format, dilations)
    x, dy = binary_args(input, out_backprop)
    return bind(CONV2D_BACKPROP_FILTER, (x, _sizes_tensor(filter_sizes), dy), a, name)


# (TF's transposed convolutions hand the output shape to their op in a name scope)
@dispatch_binding
@eager_api("output_shape", scoped=True)
def conv2d_transpose(input: Any, filters: Any, output_shape: Any, strides: Any,  # noqa: A002
                     padding: Any = "SAME", data_format: str = "NHWC", dilations: Any = None,
                     name: str | None = None) -> Any:
    """The gradient of conv2d with respect to its input, used as a layer (deconvolution)."""
    a = _conv_attrs(2, strides, padding, default_format(data_format, "NHWC"), dilations)
    return _conv2d_backprop_input(output_shape, filters, input, a,
                                  _scoped_node(name, "conv2d_transpose"))


@dispatch_binding
@eager_api("output_shape", scoped=True)
def conv3d_transpose(input: Any, filters: Any, output_shape: Any, strides: Any,  # noqa: A002
                     padding: Any = "SAME", data_format: str = "NDHWC", dilations: Any = None,
                     name: str | None = None) -> Any:
    df = default_format(data_format, "NDHWC")
    w, dy = binary_args(filters, input)
    a = _conv_attrs(3, strides, padding, df, dilations)
    sizes = _full_input_sizes(CONV3D_F, _sizes_tensor(output_shape, tshape=True), w, dy, df)
    return bind(CONV3D_BACKPROP_INPUT, (sizes, w, dy), a, _scoped_node(name, "conv3d_transpose"))


@dispatch_binding
def conv1d_transpose(input: Any, filters: Any, output_shape: Any, strides: Any,  # noqa: A002
                     padding: Any = "SAME", data_format: str = "NWC", dilations: Any = None,
                     name: str | None = None) -> Any:
    df = to_2d_format(data_format)
    spatial_axis = 2 if df == "NCHW" else 1
    if isinstance(output_shape, Tensor) and not isinstance(output_shape, EagerTensor):
        # known when the graph runs (a traced batch size): the unit axis joined in a graph
        shape: Any = concat([output_shape[:spatial_axis], [1], output_shape[spatial_axis:]], 0)
    else:
        shape = list(static_ints(output_shape, "output_shape"))
        if len(shape) != 3:
            raise ValueError(f"output_shape must have length 3, got {len(shape)}")
        shape.insert(spatial_axis, 1)
    ci = _channel_index(df, 3)
    st = get_sequence(strides, 1, ci, "strides")
    dl = get_sequence(dilations, 1, ci, "dilations")
    st = (1,) + st if df == "NHWC" else st[:2] + (1,) + st[2:]
    dl = (1,) + dl if df == "NHWC" else dl[:2] + (1,) + dl[2:]
    w, dy = binary_args(filters, input)
    # (TF converts the output shape first: its op's fast path, " name: " in its errors)
    a = _backprop_attrs("Conv2DBackpropInput", st, padding, df, dl)
    out = _conv2d_backprop_input(shape, expand_dims(w, 0), expand_dims(dy, spatial_axis), a,
                                 _scoped_node(name, "conv1d_transpose"))
    return squeeze(out, [spatial_axis])


@dispatch_binding
def conv_transpose(input: Any, filters: Any, output_shape: Any, strides: Any,  # noqa: A002
                   padding: Any = "SAME", data_format: str | None = None, dilations: Any = None,
                   name: str | None = None) -> Any:
    """Transposed convolution of rank 1, 2 or 3, picked from the length of output_shape."""
    n = len(static_ints(output_shape, "output_shape")) if not (
        isinstance(output_shape, Tensor) and not isinstance(output_shape, EagerTensor)) \
        else output_shape._shape[0]
    fn = {3: conv1d_transpose, 4: conv2d_transpose, 5: conv3d_transpose}.get(n)
    if fn is None:
        raise ValueError(f"`output_shape` must be of length 3, 4 or 5. Received: "
                         f"output_shape={output_shape} of length {n}.")
    node = _scoped_node(name, "conv_transpose")  # (its scope's name is the op's)
    if data_format is None:
        return fn(input, filters, output_shape, strides, padding, dilations=dilations,
                  name=node)
    return fn(input, filters, output_shape, strides, padding, data_format, dilations, node)


def depthwise_conv2d(input: Any, filter: Any, strides: Any, padding: Any,  # noqa: A002
                     data_format: str | None = None, dilations: Any = None,
                     name: str | None = None) -> Any:
    """Each input channel convolved with its own `channel_multiplier` filters, its attrs
    checked before its inputs (_depthwise_attrs)."""
    df = default_format(data_format, "NHWC")
    pad, ex = convert_padding(padding, 4)
    strides = _depthwise_attrs(strides, pad, df)
    x, w = binary_args(input, filter)
    ci = _channel_index(df, 4)
    return bind(DEPTHWISE, (x, w), dict(strides=strides, padding=pad,
                                        explicit_paddings=ex, data_format=df,
                                        dilations=get_sequence(dilations, 2, ci, "dilations")),
                # (traced, the op is named as the scope TF opens; eagerly as it is given)
                name if _state.graph is None else _scoped_node(name, "depthwise"))


def _depthwise_attrs(strides: Any, padding: Any, data_format: Any) -> tuple:
    """DepthwiseConv2dNative's strides, its attrs checked in TF's order (op_attrs_first):
    eagerly TF's fast path takes strides None as an empty list (the op's refusal of its
    length), but where it refuses another attr its Python fallback, like the traced
    wrapper, refuses the None first."""
    try:
        if strides is None and _state.graph is not None:
            raise TypeError
        return op_attrs_first("DepthwiseConv2dNative", strides=strides, padding=padding,
                              data_format=data_format)["strides"]
    except TypeError:
        if strides is None:
            raise TypeError("Expected list for 'strides' argument to "
                            "'depthwise_conv2d_native' Op, not None.") from None
        raise


def _backprop_attrs(op: str, strides: Any, padding: Any, data_format: Any,
                    dilations: Any) -> dict:
    """The attrs of a public 2-D backprop (the depthwise ones, TF 1's conv2d ones): TF's
    generated wrappers, which convert their list attrs (a list or tuple only, not a
    tensor; bytes read as strings) before reading any input; the padding converted as
    TF 1's conv2d wrappers convert it (a list is explicit)."""
    pad, ex = convert_padding(padding, 4)
    a = AV.wrapper_attrs(op, strides=strides, padding=pad, data_format=data_format,
                         dilations=dilations)
    return dict(a, padding=pad, explicit_paddings=ex)


@dispatch_binding
@eager_api("input_sizes")
def depthwise_conv2d_backprop_input(input_sizes: Any, filter: Any,  # noqa: A002
                                    out_backprop: Any, strides: Any, padding: Any,
                                    data_format: str = "NHWC", dilations: Any = UNIT_DILATIONS,
                                    name: str | None = None) -> Any:
    a = _backprop_attrs("DepthwiseConv2dNativeBackpropInput", strides, padding,
                                  data_format, dilations)
    w, dy = binary_args(filter, out_backprop)
    sizes = _sizes_tensor(input_sizes, arg=("DepthwiseConv2dNativeBackpropInput",
                                            "input_sizes"))
    return bind(DEPTHWISE_BACKPROP_INPUT, (sizes, w, dy), a, name)


@dispatch_binding
@eager_api("filter_sizes")
def depthwise_conv2d_backprop_filter(input: Any, filter_sizes: Any,  # noqa: A002
                                     out_backprop: Any, strides: Any, padding: Any,
                                     data_format: str = "NHWC", dilations: Any = UNIT_DILATIONS,
                                     name: str | None = None) -> Any:
    a = _backprop_attrs("DepthwiseConv2dNativeBackpropFilter", strides, padding,
                                  data_format, dilations)
    x, dy = binary_args(input, out_backprop)
    sizes = _sizes_tensor(filter_sizes, arg=("DepthwiseConv2dNativeBackpropFilter",
                                             "filter_sizes"))
    return bind(DEPTHWISE_BACKPROP_FILTER, (x, sizes, dy), a, name)


def separable_conv2d(input: Any, depthwise_filter: Any, pointwise_filter: Any,  # noqa: A002
                     strides: Any, padding: Any, data_format: str | None = None,
                     dilations: Any = None, name: str | None = None) -> Any:
    """A depthwise convolution followed by a 1x1 convolution mixing the channels (the
    depthwise kernel's own dilations: tf.nn's is nn_extras's)."""
    return separable_with(depthwise_conv2d, input, depthwise_filter, pointwise_filter, strides,
                          padding, data_format, dilations, name)


def separable_with(depthwise: Callable, input: Any, depthwise_filter: Any,  # noqa: A002
                   pointwise_filter: Any, strides: Any, padding: Any, data_format: str | None,
                   dilations: Any, name: str | None) -> Any:
    """`depthwise` (a depthwise_conv2d) followed by a 1x1 convolution mixing the channels."""
    # (TF converts the three in order, then checks the pointwise filter's static shape)
    input, depthwise_filter = convert_to_tensor(input), convert_to_tensor(depthwise_filter)  # noqa: A001
    pw = convert_to_tensor(pointwise_filter)
    if pw._shape is not None:
        if len(pw._shape) != 4:
            raise ValueError(f"Shape {pw.shape} must have rank 4")
        for d in pw._shape[:2]:
            if d not in (1, None):
                raise ValueError(f"Dimensions {d} and 1 are not compatible")
    # (TF's depthwise step names its op "depthwise": eagerly its errors end with it)
    depth = depthwise(input, depthwise_filter, strides, padding, data_format, dilations,
                      "depthwise" if _state.graph is None else None)
    return conv2d(depth, pw, 1, "VALID", data_format or "NHWC")


__all__ = ["conv2d_transpose", "conv1d_transpose", "conv3d_transpose", "conv_transpose",
           "depthwise_conv2d", "separable_conv2d", "conv2d_backprop_input",
           "conv2d_backprop_filter", "depthwise_conv2d_backprop_input",
           "depthwise_conv2d_backprop_filter"]
