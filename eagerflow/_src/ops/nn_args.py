"""What the nn ops share about their arguments: TF's error forms, the dtype and attr checks,
data layouts (NHWC/NCHW and their 1-D and 3-D kin), window padding and output sizes, and
the expansion of tf.nn's strides/dilations/padding arguments to an op's attrs.

Sits in the ops layer after array.py and windows.py (whose window geometry gives the output
sizes), below every nn family: the convolutions (nn_conv.py, nn_conv_nd.py), pooling,
normalization, losses and CTC, and image.py, which word their errors the same way.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.tensor import EagerTensor, check_finite_size
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops import windows as W
from eagerflow._src.ops.array import shape
from eagerflow._src.ops.checks import kept  # noqa: F401 the nn families' import
from eagerflow._src.ops.dynshape import partial_value

# ---------------------------------------------------------------------------------------
# Errors and checks.
# ---------------------------------------------------------------------------------------

def fail(op: str, msg: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, f"{msg} [Op:{op}]")


def unimplemented(op: str, msg: str) -> UnimplementedError:
    return UnimplementedError(None, None, f"{msg} [Op:{op}]")


def check_t(op: str, xs: tuple, allowed: tuple, at: tuple | None = None) -> dt.DType:
    """One dtype for all `xs`, from `allowed`, with TF's messages: the first input's dtype
    checked first (TF's eager op takes T from it and refuses a T out of its list, or out
    of its definition's list, before it compares the other inputs with it). `at`: the
    inputs' positions among the op's (Conv2DBackpropInput's filter and out_backprop are
    #1 and #2, after input_sizes); by default 0, 1, ..."""
    d0 = xs[0]._dtype
    listed = tf_op_defs.allowed_types(op, "T")  # (TF's own list)
    if id(d0) not in map(id, allowed) or \
            listed is not None and C.dt_enum(d0) not in listed:
        # (DTypes are singletons; `in` would call __eq__)
        names = ", ".join(C.dtype_word(d) for d in allowed)
        if listed is not None and C.dt_enum(d0) not in listed:
            names = tf_op_defs.type_words(listed)
        # (TF's first line ends at the list; the node it refused follows, then its OpDef)
        raise fail(op, f"Value for attr 'T' of {C.dtype_word(d0)} is not in the list of "
                       "allowed values: "
                       f"{names}\n\t; NodeDef: {{{{node {op}}}}}")
    for i, x in enumerate(xs[1:], 1):
        if x._dtype is not d0:
            raise C.wrong_input_dtype(op, i if at is None else at[i], d0, x._dtype)
    return d0


def check_choice(op: str, attr: str, value: Any, allowed: tuple) -> None:
    """A string attr's value among `allowed`, or TF's error: its op wrapper's TypeError for
    a value that is no string, the op's InvalidArgumentError for another string."""
    if not isinstance(value, (str, bytes, np.ndarray, np.generic)):  # (a tensor: TF's
        raise TypeError(f"Expected string for argument '{attr}' not {value!r}.")  # wrapper)
    chosen = value in allowed  # (an array: NumPy's truth error, as where TF's Python
    # compares the value with its strings first)
    if not isinstance(value, (str, bytes)):
        raise TypeError(f"Expected string for argument '{attr}' not {value!r}.")
    if not chosen:
        C.string_attr_in(op, attr, value, allowed)


# ---------------------------------------------------------------------------------------
# Layouts, padding and output sizes.
# ---------------------------------------------------------------------------------------

def python_format(data_format: Any) -> Any:
    """`data_format` as TF's Python wrappers take it (conv2d, the transposed convolutions,
    depthwise_conv2d, bias_add, the 2-D and 3-D pools): they test
    `data_format.startswith("NC")`, which bytes fail with str's TypeError (TF's generated
    wrappers, conv3d's, read bytes as the string instead). Anything else is returned for
    the usual checks (a value of another type: eagerflow's TypeError, where TF's is
    Python's AttributeError of .startswith; tests/fuzz/test_regressions_inputs.py)."""
    if isinstance(data_format, bytes):
        raise TypeError("startswith first arg must be bytes or a tuple of bytes, not str")
    return data_format


def default_format(data_format: Any, default: str) -> str:
    """python_format's check, None taken as `default` (as TF's wrappers take it: a falsy
    "" is checked by the op, not taken as the default)."""
    data_format = python_format(data_format)
    return default if data_format is None else data_format


def channels_first(data_format: str) -> bool:
    if data_format.__class__ is str:  # (the common case, asked several times an op)
        return data_format.startswith("NC")
    return C.string_arg(data_format, "data_format", "startswith").startswith("NC")


# TF 2.21's CPU kernels of the convolutions and poolings take channels-last data only, each
# refusing channels-first data in words of its own; oneDNN's kernels, which its CPU build
# runs instead of some of them, compute channels-first float32 and bfloat16 (ONEDNN_T)
_CHANNELS_LAST_ONLY = {
    "Conv2D": (UnimplementedError, "The Conv2D op currently only supports the NHWC tensor "
                                   "format on the CPU. The op was given the format: NCHW"),
    "Conv2DBackpropInput": (InvalidArgumentError,
                            "Conv2DCustomBackpropInputOp only supports NHWC."),
    "Conv2DBackpropFilter": (InvalidArgumentError,
                             "Conv2DCustomBackpropFilterOp only supports NHWC."),
    "Conv3D": (InvalidArgumentError, "CPU implementation of Conv3D currently only supports "
                                     "the NHWC tensor format."),
    "Conv3DBackpropInputV2": (InvalidArgumentError,
                              "Conv3DBackpropInputOpV2 only supports NDHWC on the CPU."),
    "Conv3DBackpropFilterV2": (InvalidArgumentError,
                               "Conv3DBackpropFilterOpV2 only supports NDHWC on the CPU."),
    "DepthwiseConv2dNative": (UnimplementedError, "Depthwise convolution on CPU is only "
                                                  "supported for NHWC format"),
    "MaxPool": (InvalidArgumentError, "Default MaxPoolingOp only supports NHWC on device type "
                                      "CPU"),
    "MaxPoolGrad": (InvalidArgumentError, "Default MaxPoolingGradOp only supports NHWC on "
                                          "device type CPU"),
    "MaxPoolGradGrad": (InvalidArgumentError, "Default MaxPoolingGradGradOp only supports "
                                              "NHWC on device type CPU"),
    "AvgPool": (InvalidArgumentError, "Default AvgPoolingOp only supports NHWC on device type "
                                      "CPU"),
    "AvgPoolGrad": (InvalidArgumentError, "Default AvgPoolingGradOp only supports NHWC on "
                                          "device type CPU"),
    "MaxPool3DGrad": (InvalidArgumentError, "Default MaxPooling3dGradOp only supports NDHWC "
                                            "on device type CPU"),
    # (TF's words, a space missing)
    "MaxPool3DGradGrad": (InvalidArgumentError, "Default MaxPooling3dGradGradOp only "
                                                "supportsNDHWC on CPU device type"),
}
for _op in ("DepthwiseConv2dNativeBackpropInput", "DepthwiseConv2dNativeBackpropFilter"):
    _CHANNELS_LAST_ONLY[_op] = _CHANNELS_LAST_ONLY["DepthwiseConv2dNative"]
ONEDNN_T = ("float32", "bfloat16")


def refuse_channels_first(op: str, dtype: Any, data_format: str, onednn: bool = True,
                          shown: str | None = None) -> None:
    """TF's CPU kernel's refusal of channels-first data, unless `onednn` and `dtype` (a
    NumPy dtype) is one oneDNN computes; `shown`: the op the message names, where it is
    not `op` (the N-D Conv op refuses in Conv2D's and Conv3D's words). An op run on a
    GPU computes them: the kernels call this on the CPU only (`xp is np`); so does TF's
    XLA (`_state.xla`: the run of a tf.function(jit_compile=True))."""
    if not channels_first(data_format) or onednn and np.dtype(dtype).name in ONEDNN_T or \
            _state.xla:
        return
    cls, msg = _CHANNELS_LAST_ONLY[op]
    raise cls(None, None, f"{msg} [Op:{shown or op}]")


def xla_explicit(what: str, attrs: dict) -> tuple | None:
    """TF's XLA max pool kernels' refusal of explicit padding (the op's words: `what`),
    which its CPU kernels compute."""
    if attrs.get("padding") != "EXPLICIT":
        return None
    return UnimplementedError, f"XLA does not support {what} with explicit padding."


def scope_name(name: str | None, default: str) -> str | None:
    """The name of the op a TF function makes in its own name scope (`with
    name_scope(name, default) as scope: op(..., name=scope)`, as tf.nn.max_pool2d's):
    traced, that scope's ("MaxPool2d/": the node takes it exactly, and a tape names its
    gradient under it), or a scope's name as given; eagerly none (TF's scope is empty)."""
    graph = _state.graph
    if graph is None:
        return None
    return name if name and name.endswith("/") else graph.unique_name(name or default) + "/"


def no_registered_kernel(op: str, node_attrs: str, kernels: tuple) -> InvalidArgumentError:
    """TF's refusal of a graph's node whose attrs no kernel takes, raised as the node runs
    (eagerly it is C.no_kernel's NotFoundError, as the op is placed): `node_attrs` as TF
    prints them, then each registration, (device, constraints) pairs (none: TF's words for
    none). TF lists XLA's
    kernels first once its eager context is up (in a TF 2 program, always: a TF 1
    Session's graph run before any eager op lists the CPU's alone)."""
    lines = "".join(f"\n  device='{dev}'; {c}" for dev, c in kernels) or \
        "\n  <no registered kernels>"
    return InvalidArgumentError(
        None, None, f"No OpKernel was registered to support Op '{op}' used by {{{{node {op}}}}}"
                    f" with these attrs: [{node_attrs}]\nRegistered devices: [CPU]\n"
                    f"Registered kernels:{lines}")


def gpu_only_channels_first(samples: list) -> list:
    """`samples`, those of channels-first data marked `gpu_only`: the suites compute
    in float64, which TF's CPU kernels refuse so (refuse_channels_first)."""
    return [replace(s, gpu_only=True)
            if s.attrs.get("data_format", "").startswith("NC") else s
            for s in samples]


def spatial(values: tuple, data_format: str) -> tuple:
    return tuple(values[2:]) if channels_first(data_format) else tuple(values[1:-1])


def outer(values: tuple, data_format: str) -> tuple:
    """(batch, channel) entries of a full-rank attr or shape."""
    return (values[0], values[1]) if channels_first(data_format) else (values[0], values[-1])


def full_shape(n: Any, sp: tuple, c: Any, data_format: str) -> tuple:
    return (n, c) + tuple(sp) if channels_first(data_format) else (n,) + tuple(sp) + (c,)


def explicit_pairs(explicit: tuple, data_format: str) -> tuple:
    pairs = tuple((explicit[2 * i], explicit[2 * i + 1]) for i in range(len(explicit) // 2))
    return spatial(pairs, data_format)


def check_explicit(op: str, padding: str, explicit: tuple, nd: int, data_format: str,
                   values: bool = True) -> None:
    """The explicit paddings' count, and (`values`) each one's value."""
    if padding != "EXPLICIT":
        if explicit:
            raise fail(op, "explicit_paddings attribute must be empty if the padding attribute "
                           "is not EXPLICIT")
        return
    if len(explicit) != 2 * nd:
        raise fail(op, f"explicit_paddings attribute must contain {2 * nd} values, but got: "
                       f"{len(explicit)}")
    if not values:
        return
    if any(p < 0 for p in explicit):
        raise fail(op, "All elements of explicit_paddings must be nonnegative")
    pairs = tuple((explicit[2 * i], explicit[2 * i + 1]) for i in range(nd))
    if any(outer(pairs, data_format)[k] != (0, 0) for k in (0, 1)):
        raise fail(op, "Nonzero explicit padding in the batch or depth dimensions is not "
                       "supported")


def out_size(op: str, size: Any, k: int, stride: int, dil: int, padding: str,
             pair: tuple, shape_fn: bool = False) -> Any:
    """One output dim (None when the size or the window is unknown), raising TF's
    negative-size error; `shape_fn` (a forward op's): while a graph is built, TF's shape
    function's refusal of a window wider than the (padded) input, which its kernel takes
    (an empty output)."""
    if size is None or k is None:
        return None
    eff = (k - 1) * dil + 1
    if shape_fn and padding != "SAME" and _state.graph is not None and \
            size + pair[0] + pair[1] < eff:
        raise fail(op, f"Negative dimension size caused by subtracting {eff} from "
                       f"{size + pair[0] + pair[1]}")
    o, _, _ = W.window_geometry(size, k, stride, dil, padding, pair)
    if o < 0:
        raise fail(op, f"Computed output size would be negative: {o} [input_size: {size}, "
                       f"effective_filter_size: {(k - 1) * dil + 1}, stride: {stride}]")
    return o


def sized(op: str, shape: tuple, d: dt.DType) -> tuple:
    """`shape`, after refusing (ResourceExhaustedError) one too large for memory."""
    if None not in shape:
        check_finite_size(op, shape, d)
    return shape


def static_shape_values(t: Any) -> tuple | None:
    """Values of a shape-valued int tensor when known (eager, or folded while tracing:
    a captured constant), else None."""
    if isinstance(t, EagerTensor):
        return tuple(int(v) for v in t._numpy().reshape(-1))  # (a sync if on a device)
    v = partial_value(t)
    return tuple(v) if isinstance(v, list) and None not in v else None


def shape_tensor(x: Any) -> Any:
    """The runtime shape of `x` as an int32 tensor (a constant when fully known)."""
    if x._shape is not None and None not in x._shape:
        # in host memory whatever the device, as TF keeps a GPU's int32 shapes: the ops
        # that take it (host_inputs) read it without a device round trip
        return EagerTensor(np.array(x._shape, dtype=np.int32), dt.int32, _state.device)
    return shape(x)


# ---------------------------------------------------------------------------------------
# tf.nn's strides, dilations and padding arguments, expanded to an op's attrs.
# ---------------------------------------------------------------------------------------

def unbool(value: Any) -> Any:
    """A window attr with its Python bools as ints: TF's list(int) attrs take a bool as the
    int it is (strides=[True, True], as Keras's layers may pass them)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (list, tuple)):
        return [int(v) if isinstance(v, bool) else v for v in value]
    return value


def _one_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) or (
        isinstance(value, EagerTensor) and not value._shape and value._dtype.is_integer)


def sequence_items(value: Any) -> list:
    """A window attr's items as TF lists them before converting any: an int alone, what has
    no len() (a float) wrapped, anything else iterated (a string's characters; a scalar
    tensor of another dtype: its TypeError)."""
    if _one_int(value) or not hasattr(value, "__len__"):
        return [value]
    return list(value)


def check_sequence_length(items: list, n: int, name: str) -> None:
    """TF's length rule of a window attr given per dim: 1, n or n + 2 items (the message
    lists the items as given, before any conversion)."""
    if len(items) not in (1, n, n + 2):
        raise ValueError(f"{name} should be of length 1, {n} or {n + 2}. Received: "
                         f"{name}={items} of length {len(items)}")


# TF's default dilations of its 2-D ops' generated wrappers: a list, as their signatures show
UNIT_DILATIONS = [1, 1, 1, 1]


def get_sequence(value: Any, n: int, channel_index: int, name: str,
                 attr: str | None = None) -> tuple:
    """TF's expansion of an int / n-list / (n+2)-list attr to the full rank: `name` its
    argument's, `attr` the op's attr's whose wrapper converts each item (`name` if None)."""
    if value is None:
        value = 1
    value = unbool(value)
    if _one_int(value):
        vals = (AV.int_arg(value, name),)
    else:
        items = sequence_items(value)
        check_sequence_length(items, n, name)
        vals = tuple(AV.make_int(v, attr or name) for v in items)  # (the op wrapper's int())
    if len(vals) == n + 2:
        return vals
    if len(vals) == 1:
        vals = vals * n
    out = [1] * (n + 2)
    spots = [i for i in range(n + 2) if i not in (0, channel_index)]
    for i, v in zip(spots, vals):
        out[i] = v
    return tuple(out)


def convert_padding(padding: Any, nd: int, converts: bool = True) -> tuple:
    """(padding string, flat explicit paddings) from a string or a list of pairs, as TF's
    convert_padding (conv2d's, max_pool2d's: `converts`) converts it: it first compares the
    value with "EXPLICIT", so a tensor's `==` (its Equal op: an int tensor's conversion
    error, a graph tensor's refusal as a bool) comes before anything else. Without
    `converts` (conv1d, convolution, avg_pool, the 3-D pools) anything but a string is
    left to the op wrapper's TypeError (check_choice)."""
    if not converts:
        return (padding.decode() if isinstance(padding, bytes) else padding), ()
    if not isinstance(padding, (list, tuple)) and padding == "EXPLICIT":  # (not bytes)
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit "
                         "padding, `padding` must be a list.")
    if isinstance(padding, (list, tuple)):
        # (TF checks each element before the list's length)
        for i, pair in enumerate(padding):
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                what = f"of size {len(pair)}" if isinstance(pair, (list, tuple)) else \
                    f"of type {type(pair)}"
                raise ValueError(f"When `padding` is a list, each element of `padding` must be "
                                 f"a list/tuple of size 2. Received: padding={padding} with "
                                 f"element at index {i} {what}")
        if len(padding) != nd:
            raise ValueError(f"When padding is a list, it must be of size {nd}. Received: "
                             f"padding={padding} of size {len(padding)}")
        return "EXPLICIT", tuple(int(v) for pair in padding for v in pair)
    if isinstance(padding, bytes):
        padding = padding.decode()
    return padding, ()
