"""tf.nn.convolution's own Python checks, made before it picks conv1d/conv2d/conv3d: the
number of spatial dims, the format's lookup, the dilations' and strides' lengths, and for a
dilated call the format's layout and the filter's depth against the input's channels (TF's
order, TF's errors); and TF's depthwise gradient kernels' checks of their sizes. Sits
beside nn_conv.py (which calls them) and nn_extras.py (tf.nn's SpaceToBatchND form of a
dilated convolution, which checks the depth too).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.eager_errors import decorate
from eagerflow._src.ops.nn_args import (
    ONEDNN_T,
    check_sequence_length,
    convert_padding,
    explicit_pairs,
    fail,
    out_size,
    outer,
    refuse_channels_first,
    sequence_items,
    spatial,
    unbool,
)

# TF's GPU kernels of Conv2D's gradients word their shape checks as its slow kernels
# (LaunchConv2DBackpropInputOp, LaunchConv2DBackpropFilterOp for GPUDevice:
# conv_grad_input_ops.cc, conv_grad_filter_ops.cc), its CPU's as its custom ones
_GPU_LABELS = {"Conv2DBackpropInput": "Conv2DSlowBackpropInput",
               "Conv2DBackpropFilter": "Conv2DSlowBackpropFilter"}


def device_label(op: str, label: str) -> str:
    """The label of gradient op `op`'s shape checks' messages (`label`: its CPU kernel's)
    as TF's kernel on the device an eager op runs on gives it."""
    if on_gpu_eagerly():
        return _GPU_LABELS.get(op, label)
    return label


def on_gpu_eagerly() -> bool:
    """Whether an eager op runs on a GPU (device_label's labels, empty_on_gpu's return)."""
    return _state.graph is None and _state.device != CPU_DEVICE


def empty_on_gpu(op: str, in_shape: Any, on_gpu: bool) -> bool:
    """Whether TF's GPU kernel of `op` returns its empty output before any check of the
    shapes: Conv2DBackpropInputOp<GPUDevice> allocates input_sizes' shape and returns where
    it holds no element, before its launcher's checks (conv_grad_input_ops.h; its CPU
    kernel, Conv2DCustomBackpropInput, checks first)."""
    return on_gpu and op == "Conv2DBackpropInput" and in_shape is not None and 0 in in_shape


def check_convolution_args(x: Any, w: Any, r: int, strides: Any, data_format: Any,
                            dilations: Any, padding: Any = None) -> None:
    """tf.nn.convolution's own Python checks, in TF's order: the format looked up in a set
    (an unhashable one is its hash's TypeError: a list's, a tensor's), the lengths of the
    dilations, then the strides, then, where a dilation is not 1, the format's layout and
    the filter's depth."""
    if data_format is not None:
        hash(data_format)
    for value, what in ((dilations, "dilations"), (strides, "strides")):
        if value is not None:
            check_sequence_length(sequence_items(unbool(value)), r, what)
    if dilations is not None:
        check_dilated_depth(x, w, data_format, dilations, padding, strides)


def spatial_dims(x: Any, w: Any) -> int:
    """tf.nn.convolution's number of spatial dimensions, checked as TF checks it."""
    wr = None if w._shape is None else len(w._shape)
    xr = None if x._shape is None else len(x._shape)
    if wr:
        n = wr - 2
    elif xr:
        n = xr - 2
    else:
        raise ValueError("When `num_spatial_dims` is not set, one of `input.shape.rank` or "
                         "`filters.shape.rank` must be known. Received: input.shape="
                         f"{x.shape} of rank {xr} and filters.shape={w.shape} of rank {wr}")
    if n not in (1, 2, 3):
        raise ValueError(f"`num_spatial_dims` must be 1, 2, or 3. Received: num_spatial_dims={n}.")
    return n


_CHANNELS_LAST = frozenset(("NWC", "NHWC", "NDHWC"))
# each rank's formats: channels last (the default), channels first
FORMATS = {1: ("NWC", "NCW"), 2: ("NHWC", "NCHW"), 3: ("NDHWC", "NCDHW")}


def _dilated_format(data_format: Any) -> str | None:
    """The format of a dilated tf.nn.convolution, which TF reads with str.startswith: a
    format that is no string is a TypeError (TF's AttributeError, or TypeError for bytes)."""
    if data_format is None:
        return None
    hash(data_format)  # (TF's lookup in a set comes first: a tensor's TypeError)
    if isinstance(data_format, bytes):
        raise TypeError("startswith first arg must be bytes or a tuple of bytes, not str")
    return C.string_arg(data_format, "data_format", "startswith")


def _check_dilated_format(data_format: str | None, r: int) -> None:
    """At 2 and 3 spatial dims, a string other than that rank's two is TF's ValueError,
    its dilated convolution's last check (a 1-D one is conv1d's to refuse)."""
    if data_format is not None and r in (2, 3) and data_format not in FORMATS[r]:
        last, first = FORMATS[r]
        raise ValueError(f"`data_format` must be '{last}' or '{first}'. Received: "
                         f"data_format={data_format}")


def check_dilated_depth(x: Any, w: Any, data_format: str | None, dilations: Any,
                        padding: Any = "VALID", strides: Any = None) -> None:
    """TF's tf.nn.convolution builds a dilated convolution in Python, which checks the
    filter's rank, the format's layout, the input's rank, then that the filter's input
    depth divides the input's channels (a ValueError), then makes the spatial dilations an
    int32 array (its int()), each at least 1, the strides too, not both over 1; then the
    padding (a list's checks; a rate over 1, a string it knows), the format one of the
    rank's last."""
    # TF reads them through NumPy (its ValueError of a ragged list is TF's too) and compares
    # each with 1 as it is (NaN, inf, a string: dilated)
    rates = _dilation_rates(dilations)
    if all(_is_one(d) for d in rates) or x._shape is None or w._shape is None:
        return
    if len(w._shape) < 2:  # (the spatial dims then the input's)
        raise ValueError(f"`filters.shape.rank` must be `num_spatial_dims + 2`. Received: "
                         f"filters.shape={w.shape} of rank {len(w._shape)} and "
                         f"num_spatial_dims={len(x._shape) - 2}")
    r = len(w._shape) - 2
    data_format = _dilated_format(data_format) if r in FORMATS else None
    first = data_format is not None and data_format not in _CHANNELS_LAST and \
        data_format.startswith("NC")
    if len(x._shape) < r + 2:
        raise ValueError(f"`input.shape.rank` must be >= than `num_spatial_dims + 2`. "
                         f"Received: input.shape={x.shape} of rank {len(x._shape)} and "
                         f"num_spatial_dims={r}")
    c = x._shape[len(x._shape) - r - 1] if first else x._shape[-1]
    depth = w._shape[r]
    if c is not None and depth and c % depth:
        raise ValueError(f"The number of input channels is not divisible by the "
                         f"corresponding number of output filters. Received: input.shape="
                         f"{tuple(x._shape)} with {c} channels and filters.shape="
                         f"{tuple(w._shape)} with {depth} output filters.")
    # then int() of each: its OverflowError of inf and ValueError of NaN or a string are
    # TF's too (what int() refuses as a type, the op's own checks word)
    try:
        [int(d) for d in rates]
    except TypeError:
        return
    arr = _spatial_ints(rates, r, first, "dilation_rate")
    steps = _spatial_ints([1] if strides is None else sequence_items(unbool(strides)), r,
                          first, "strides")
    if (arr > 1).any() and (steps > 1).any():
        raise ValueError(f"`strides > 1` not supported in conjunction with `dilation_rate > 1`"
                         f". Received: strides={steps} and dilation_rate={arr}")
    if isinstance(padding, (list, tuple)):
        convert_padding(padding, r + 2)  # (its checks of the list: an explicit one computes)
    elif (arr == 1).all():  # (rates int() 1: TF's op checks any other padding itself)
        pass
    elif padding == "EXPLICIT":
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit "
                         "padding, `padding` must be a list.")
    elif padding not in ("SAME", "VALID"):
        raise ValueError(f"`padding` must be one of 'SAME' or 'VALID'. Received: "
                         f"padding={padding}")
    _check_dilated_format(data_format, r)


def _spatial_ints(items: list, r: int, first: bool, what: str) -> np.ndarray:
    """A dilated convolution's rates or strides, one per spatial dim (one given for all; a
    full-rank list cut to its spatial items, by the layout), int() of each, each positive."""
    if len(items) == 1:
        items = items * r
    elif len(items) == r + 2:
        items = items[2:] if first else items[1:-1]
    arr = np.array([int(v) for v in items], dtype=np.int32)
    if (arr < 1).any():
        raise ValueError(f"all values of `{what}` must be positive. Received: {what}={arr}")
    return arr


def _dilation_rates(dilations: Any) -> list:
    """tf.nn.convolution's rates as TF iterates them: a number alone is one rate; a 0-d
    array or a scalar tensor cannot be iterated (TF 2.21's TypeErrors, any format)."""
    if isinstance(dilations, (int, float, np.number)):  # (bool is an int)
        return [dilations]
    if isinstance(dilations, np.ndarray) and dilations.ndim == 0:
        raise TypeError("iteration over a 0-d array")
    if isinstance(dilations, Tensor):
        if dilations._shape == ():
            raise TypeError("Cannot iterate over a scalar tensor.")
        if isinstance(dilations, EagerTensor):
            dilations = dilations.numpy()
    return np.ravel(dilations).tolist()

def _is_one(d: Any) -> bool:
    try:
        return bool(d == 1)
    except (TypeError, ValueError):
        return False


def check_depthwise_backprop(op: str, label: str, in_shape: tuple, fshape: tuple,
                             dyshape: tuple, a: dict, later: bool) -> None:
    """TF's depthwise gradient kernels' checks, in their order and words (`label`): the
    three ranks, the batch, the input's depth against the filter's, the filter's depths
    against the output gradient's, then (unless `later`: when it runs) its rows and
    columns against those the input, filter, stride and dilation make (dilations of 1 but
    on a GPU: cpu_dilations). `a`: the op's attrs."""
    for what, dims in (("input", in_shape), ("filter", fshape), ("out_backprop", dyshape)):
        if len(dims) != 4:
            raise fail(op, f"{label}: {what} must be 4-dimensional")
    df = a["data_format"]
    (n_in, c_in), (n_dy, c_dy) = outer(in_shape, df), outer(dyshape, df)
    if None not in (n_in, n_dy) and n_in != n_dy:
        raise fail(op, f"{label}: input and out_backprop must have the same batch size")
    if None not in (c_in, fshape[2]) and c_in != fshape[2]:
        raise fail(op, f"{label}: input and filter must have the same in_depth")
    if None not in (c_in, fshape[3], c_dy) and fshape[3] * c_in != c_dy:
        raise fail(op, f"{label}: depth_multiplier * in_depth not equal to out_depth")
    if later:
        return
    pairs = explicit_pairs(a["explicit_paddings"], df) if a["padding"] == "EXPLICIT" \
        else ((0, 0),) * 2
    for what, s, k, st, dl, p, actual in zip(("rows", "cols"), spatial(in_shape, df),
                                             fshape[:2], spatial(a["strides"], df),
                                             spatial(a["dilations"], df), pairs,
                                             spatial(dyshape, df)):
        computed = out_size(op, s, k, st, dl, a["padding"], p)
        if None not in (computed, actual) and computed != actual:
            raise fail(op, f"{label}: Number of {what} of out_backprop doesn't match "
                           f"computed: actual = {actual}, computed = {computed}")


def refuse_on_cpu(op: str, dtype: Any, data_format: str, dilations: tuple, conv3d: bool,
                  gradient: bool = False, conv2d: bool = False) -> None:
    """TF 2.21's CPU refusals of a convolution kernel's (run after the shape checks): of
    channels-first data (nn_args.refuse_channels_first), then of a dilated 3-D one
    (`conv3d`: Conv3D, `op`, and its `gradient` ops) where its default build has no
    oneDNN kernel to compute it, float64 or half (TF's own kernels compute no dilation;
    TF's N-D Conv op refuses any dtype, nn_conv_nd.py), and of a dilated Conv2D gradient
    (`conv2d` and `gradient`) of a type oneDNN does not compute (float64, int32: TF's own
    kernels, whose constructors refuse any dilation). TF's XLA computes them all
    (`_state.xla`: the run of a tf.function(jit_compile=True))."""
    refuse_channels_first(op, dtype, data_format)
    if conv2d and gradient and not _state.xla and any(d != 1 for d in dilations) and \
            np.dtype(dtype).name not in ONEDNN_T + ("float16",):
        raise fail(op, "Current CPU implementations do not yet support dilation rates larger "
                       "than 1.")
    if not conv3d or all(d == 1 for d in dilations) or np.dtype(dtype).name in ONEDNN_T or \
            _state.xla:
        return
    if gradient:
        raise fail(op, "Current CPU implementation does not yet support dilation rates "
                       "larger than 1.")
    raise fail(op, "CPU implementation of Conv3D currently only supports dilated rates of 1.")


def cpu_dilations(depthwise: bool, xp: Any, dilations: tuple) -> tuple:
    """The dilations a gradient kernel computes with: TF's CPU depthwise gradient kernels
    read no dilations, with oneDNN on or off (they check the sizes and compute undilated:
    tf.nn's dilated depthwise convolution reaches them undilated, through SpaceToBatchND; a
    raw dilated DepthwiseConv2dNative's gradient, as TF's, is then not its derivative); the
    others' own."""
    return (1,) * len(dilations) if depthwise and xp is np else dilations


def read_shape(value: Any) -> None:
    """TF's conv2d and conv3d read `input.shape` after their Python-side argument checks and
    before the op converts anything: a value without one (a list, a string, None) is
    Python's AttributeError."""
    if not hasattr(value, "shape"):
        raise AttributeError(f"'{type(value).__name__}' object has no attribute 'shape'")


def to_2d_format(data_format: str | None) -> str:
    """conv1d's format as the 2-D one TF runs it in."""
    if data_format in (None, "NWC", "NHWC"):
        return "NHWC"
    if data_format in ("NCW", "NCHW"):
        return "NCHW"
    raise ValueError(f"`data_format` must be 'NWC' or 'NCW'. Received: data_format={data_format}")


def op_attrs_first(op: str, name: Any = None, **given: Any) -> dict:
    """The attrs `given` to a convolution op, converted as TF's generated wrapper converts
    them before it reads the inputs (each a TypeError: the strides, the padding, the data
    format, in its order), then, eagerly, checked as its op checks them before the inputs'
    dtypes (the strings' allowed values, worded as the op's eager error with its OpDef and
    its `name`; traced, TF's op-def library checks the inputs first)."""
    attrs = AV.wrapper_attrs(op, **given)
    if _state.graph is None:
        try:
            C.string_attrs_allowed(op, attrs)
        except OpError as e:
            raise decorate(e, None, (), {}, _state.device, name) from None
    return attrs


def by_fallback(strides: Any, dilations: Any) -> bool:
    """Whether TF's generated wrapper of a convolution op runs it by its fallback, whose
    errors name no name: a strides or dilations item its fast path takes as no int (a
    float)."""
    given = [v for v in (strides, dilations) if v is not None]
    return not AV.fast_path_ints(*(i for v in given for i in sequence_items(v)))
