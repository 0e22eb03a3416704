"""The N-D `Conv` op (tf.conv) and Conv2DBackpropFilterV2 / Conv2DBackpropInputV2.

Sits in the ops layer on top of nn_conv.py, whose kernels these ops call, so that no
convolution is computed twice: `Conv` folds its `batch_dims` leading dims into one batch
dim and runs Conv2D's or Conv3D's kernel (two or three spatial dims, as TF's op allows);
the V2 gradient ops are Conv2DBackpropFilter / Conv2DBackpropInput with the filter (or
input) given as a tensor whose shape is the one the older ops take as a vector.

What TF 2.21 does with these ops, and what eagerflow does instead:
- `Conv` on TF's CPU refuses `groups` > 1, CHANNELS_FIRST and a dilated 3-D convolution,
  as eagerflow's does; TF's XLA (a tf.function(jit_compile=True)) and GPU kernels compute
  them, as eagerflow's do there. TF's CPU aborts the process on a 3-D EXPLICIT padding,
  which eagerflow computes (the validation messages are TF's shape function's).
- TF registers no gradient for any of the three (LookupError from a tape), so neither
  does eagerflow; tf.RegisterGradient may give them one.
- TF 2.21 registers no kernel for the V2 backprops on any device (NotFoundError);
  eagerflow computes what their documentation says, the older ops' results.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import nn_args as A
from eagerflow._src.ops import nn_conv as K
from eagerflow._src.ops import nn_conv_refs as Rf
from eagerflow._src.ops import windows as W
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.elementwise import binary_args
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(47)

_CONV_T = (dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.int32)
_FILTER_V2_T = (dt.float16, dt.bfloat16, dt.float32, dt.float64)  # TF's: no int32 there




# ---------------------------------------------------------------------------------------
# Conv: N-D convolution with extra batch dims and groups.
# ---------------------------------------------------------------------------------------

def _legacy_format(nsp: int, data_format: str) -> str:
    """Conv's CHANNELS_LAST / CHANNELS_FIRST as the Conv2D / Conv3D format of `nsp` dims."""
    if data_format == "CHANNELS_LAST":
        return "NHWC" if nsp == 2 else "NDHWC"
    return "NCHW" if nsp == 2 else "NCDHW"


def _check_window(op: str, nd: int, strides: tuple, dilations: tuple, df: str) -> tuple:
    """Strides and dilations (full rank) with the Conv kernel's messages; the dilations
    with TF's default (empty: all ones) filled in."""
    if len(strides) != nd:
        raise A.fail(op, f"Sliding window strides field must specify {nd} dimensions")
    if any(s <= 0 for s in A.spatial(strides, df)):
        raise A.fail(op, "Spatial strides should be larger than 0.")
    if any(s != 1 for s in A.outer(strides, df)):
        raise A.fail(op, "Current implementation does not support strides in the batch and "
                         "depth dimensions.")
    dil = tuple(dilations) or (1,) * nd
    if len(dil) != nd:
        raise A.fail(op, f"Dilation rates field must specify{nd}dimensions")  # (TF's spacing)
    if any(d <= 0 for d in A.spatial(dil, df)):
        raise A.fail(op, "Dilated rates should be larger than 0.")
    if any(d != 1 for d in A.outer(dil, df)):
        raise A.fail(op, "Current implementation does not support dilation rates in the "
                         "batch and depth dimensions.")
    return dil


def _conv_geometry(xshape: tuple | None, wshape: tuple | None, strides: tuple, padding: str,
                   explicit_paddings: tuple, data_format: str, dilations: tuple,
                   batch_dims: int, groups: int, on_cpu: bool = False) -> tuple:
    """Everything Conv checks, in TF's order; returns (output shape or None, the number of
    spatial dims or None, the Conv2D/Conv3D format, the full dilations). `on_cpu`: for
    TF's CPU kernel, which refuses groups other than 1 before it checks anything."""
    op = "Conv"
    A.check_choice(op, "padding", padding, ("SAME", "VALID", "EXPLICIT"))
    A.check_choice(op, "data_format", data_format, ("CHANNELS_FIRST", "CHANNELS_LAST"))
    if on_cpu and groups != 1:
        raise A.unimplemented(op, "Grouped/Depthwise Convolutions are not supported yet.")
    if groups < 1:
        raise A.fail(op, "Groups attribute should be a positive integer")
    if wshape is not None and len(wshape) not in (4, 5):
        raise A.fail(op, f"The filter must be rank 4 or 5 but got {len(wshape)}")
    if xshape is None:
        return None, None, None, None
    nsp = len(xshape) - batch_dims - 1
    if nsp not in (2, 3):
        raise A.fail(op, f"The input must have 2 or 3 spatial dimensions but got {nsp}")
    nd, df = nsp + 2, _legacy_format(nsp, data_format)
    dil = _check_window(op, nd, tuple(strides), tuple(dilations), df)
    A.check_explicit(op, padding, tuple(explicit_paddings), nd, df)
    if wshape is None:
        return None, nsp, df, dil
    if len(wshape) != nd:  # TF reads the filter's depth where a conv of its rank has it
        raise A.fail(op, f"input depth must be evenly divisible by filter depth: "
                         f"{A.outer(xshape[batch_dims - 1:], df)[1]} vs {wshape[nsp]}")
    if 0 in wshape:
        raise A.fail(op, "filter must not have zero elements (i.e. all dimensions must be "
                         "non-zero)")
    inner = xshape[batch_dims - 1:]  # one batch dim, as the Conv2D/Conv3D kernel sees it
    c, cf, o = A.outer(inner, df)[1], wshape[-2], wshape[-1]
    if c is not None:
        # (traced, TF's shape function asks first that the filter's depth divide the
        # input's, worded as the depth error of a conv of groups 1, shape_errors.py)
        if _state.graph is not None and cf and c % cf:
            raise A.fail(op, f"Input depth must be equal to filter depth: {c} vs {cf}")
        if groups == 1 and c != cf:
            raise A.fail(op, f"Input depth must be equal to filter depth: {c} vs {cf}")
        if c % groups:
            raise A.fail(op, "Number of groups should divide input depth")
        if c // groups != cf:
            raise A.fail(op, f"Input depth divided by filter input depth does not match with "
                             f"groups parameter ({groups})")
    if o % groups:
        raise A.fail(op, "Number of groups should divide output depth")
    pairs = A.explicit_pairs(tuple(explicit_paddings), df) if padding == "EXPLICIT" else \
        ((0, 0),) * nsp
    outs = []
    for s, k, st, d, p in zip(A.spatial(inner, df), wshape[:nsp], A.spatial(strides, df),
                              A.spatial(dil, df), pairs):
        # a window larger than the padded input gives an empty output, as TF's kernel
        outs.append(None if s is None else max(0, W.window_geometry(s, k, st, d, padding,
                                                                    p)[0]))
    full = A.full_shape(inner[0], outs, o, df)
    return tuple(xshape[:batch_dims - 1]) + full, nsp, df, dil


def _conv_infer(x: Any, w: Any, strides: tuple, padding: str, explicit_paddings: tuple,
                data_format: str, dilations: tuple, batch_dims: int, groups: int) -> list:
    d = A.check_t("Conv", (x, w), _CONV_T)
    for what, v in (("batch_dims", batch_dims), ("groups", groups)):
        AV.int_attr("Conv", v, what)  # (its kernel reads int32s, as it is made)
    eager_cpu = _state.graph is None and _state.xp is np  # (a graph's kernel refuses at run)
    shape, _, _, _ = _conv_geometry(x._shape, w._shape, strides, padding, explicit_paddings,
                                    data_format, dilations, batch_dims, groups, eager_cpu)
    return [(A.sized("Conv", shape, d) if shape is not None else None, d)]


def _conv_kernel(xp: Any, x: Any, w: Any, strides: tuple, padding: str,
                 explicit_paddings: tuple, data_format: str, dilations: tuple,
                 batch_dims: int, groups: int) -> Any:
    on_cpu = xp is np and not _state.xla  # (TF's CPU kernel; its XLA's computes all)
    shape, nsp, df, dil = _conv_geometry(x.shape, w.shape, strides, padding,
                                         explicit_paddings, data_format, dilations,
                                         batch_dims, groups, on_cpu)
    if 0 in shape or not x.size:  # nothing to compute (and the engine wants windows that
        # fit; an empty input's padded windows hold only the padding's zeros)
        return xp.zeros(shape, x.dtype)
    if on_cpu:
        _refuse_on_cpu(nsp, df, dil, x.dtype)
    lead = x.shape[:batch_dims]
    x1 = x.reshape((math.prod(lead),) + x.shape[batch_dims:])
    fam = K.CONV2D_F if nsp == 2 else K.CONV3D_F
    y = K.conv_kernel(fam, xp, x1, w, tuple(strides), padding, tuple(explicit_paddings), df,
                      dil, conv_op=True)
    return y.reshape(shape)


def _refuse_on_cpu(nsp: int, df: str, dil: tuple, dtype: Any) -> None:
    """TF's CPU Conv kernel's refusals of what its Conv2D / Conv3D kernels cannot compute
    (`df`: their format), in their words and for every dtype (no oneDNN kernel computes
    this op): channels-first data, a dilated 3-D convolution."""
    legacy = "Conv2D" if nsp == 2 else "Conv3D"
    A.refuse_channels_first(legacy, dtype, df, onednn=False, shown="Conv")
    if nsp == 3 and any(d != 1 for d in dil):
        raise A.fail("Conv", "CPU implementation of Conv3D currently only supports dilated "
                             "rates of 1.")


def _conv_reference(x: np.ndarray, w: np.ndarray, strides: tuple, padding: str,
                    explicit_paddings: tuple, data_format: str, dilations: tuple,
                    batch_dims: int, groups: int) -> np.ndarray:
    """Conv2D's plain-loop reference (nn_conv.py) over the batch dims folded into one."""
    nsp = w.ndim - 2
    fam = K.CONV2D_F if nsp == 2 else K.CONV3D_F
    x1 = x.reshape((-1,) + x.shape[batch_dims:])
    y = Rf.conv_reference(fam)(x1, w, strides=tuple(strides), padding=padding,
                                explicit_paddings=tuple(explicit_paddings),
                                data_format=_legacy_format(nsp, data_format),
                                dilations=tuple(dilations) or (1,) * (nsp + 2))
    return y.reshape(x.shape[:batch_dims] + y.shape[1:])


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-1, 1, size=shape)


def _conv_attrs(strides: tuple, padding: str = "SAME", explicit: tuple = (),
                data_format: str = "CHANNELS_LAST", dilations: tuple = (), batch_dims: int = 1,
                groups: int = 1) -> dict:
    return dict(strides=strides, padding=padding, explicit_paddings=explicit,
                data_format=data_format, dilations=dilations, batch_dims=batch_dims,
                groups=groups)


def _conv_samples() -> list:
    i32 = np.arange(2 * 4 * 4 * 2, dtype=np.int32).reshape(2, 4, 4, 2) % 7 - 3
    return [
        Sample((_f64(2, 5, 4, 2), _f64(3, 2, 2, 3)), _conv_attrs((1, 1, 1, 1)), grad=False),
        Sample((_f64(2, 3, 6, 5, 2), _f64(2, 3, 2, 2)),
               _conv_attrs((1, 2, 1, 1), "VALID", batch_dims=2), grad=False),
        Sample((_f64(1, 4, 5, 5), _f64(2, 2, 2, 6)),  # (TF's CPU refuses groups and
               _conv_attrs((1, 1, 2, 1), "SAME", data_format="CHANNELS_FIRST",  # this
                           dilations=(1, 1, 1, 2), groups=2), grad=False, gpu_only=True),
        Sample((_f64(1, 3, 4, 3, 2), _f64(2, 2, 2, 2, 3)),
               _conv_attrs((1, 1, 1, 1, 1), "EXPLICIT", (0, 0, 1, 0, 0, 2, 1, 1, 0, 0)),
               grad=False),
        Sample((i32, (np.arange(3 * 3 * 2 * 3) % 5 - 2).astype(np.int32).reshape(3, 3, 2, 3)),
               _conv_attrs((1, 1, 1, 1)), grad=False),
        Sample((_f64(2, 2, 2, 2), _f64(3, 3, 2, 1)), _conv_attrs((1, 1, 1, 1), "VALID"),
               grad=False),  # a window larger than the input: an empty output
    ]


def _conv_bad() -> list:
    x, w = np.ones((2, 5, 5, 4)), np.ones((3, 3, 4, 6))
    ok = _conv_attrs((1, 1, 1, 1))
    e = InvalidArgumentError
    return [
        BadSample((np.ones((5, 5, 4)), w), ok, e, "must have 2 or 3 spatial dimensions but "
                                                  "got 1"),
        BadSample((x, np.ones((3, 3, 4))), ok, e, "The filter must be rank 4 or 5 but got 3"),
        BadSample((x, w), _conv_attrs((1, 1, 1)), e, "strides field must specify 4 dimensions"),
        BadSample((x, w), _conv_attrs((1, 0, 1, 1)), e, "Spatial strides should be larger"),
        BadSample((x, w), _conv_attrs((2, 1, 1, 1)), e, "does not support strides in the batch"),
        BadSample((x, w), _conv_attrs((1, 1, 1, 1), dilations=(1, 1)), e,
                  "Dilation rates field must specify4dimensions"),
        BadSample((x, w), _conv_attrs((1, 1, 1, 1), dilations=(1, 1, 1, 2)), e,
                  "does not support dilation rates in the batch and depth"),
        BadSample((x, np.ones((3, 3, 3, 6))), ok, e,
                  "Input depth must be equal to filter depth: 4 vs 3"),
        # (TF's CPU refuses groups before checking them; a trace checks them first,
        # tests/ops/opsgap_cases.py)
        BadSample((x, np.ones((3, 3, 2, 6))), {**ok, "groups": 3}, UnimplementedError,
                  "Grouped/Depthwise Convolutions are not supported yet.", cpu_only=True),
        BadSample((x, np.ones((0, 3, 4, 6))), ok, e, "filter must not have zero elements"),
        BadSample((x, w), _conv_attrs((1, 1, 1, 1), "EXPLICIT", (0, 0, 1)), e,
                  "explicit_paddings attribute must contain 8 values, but got: 3"),
        BadSample((x, w), {**ok, "data_format": "NHWC"}, e,
                  "Value for attr 'data_format' of \"NHWC\""),
        BadSample((x, w.astype(np.float32)), ok, e,
                  "was expected to be a double tensor but is a float tensor"),
        BadSample((x.astype(np.int64), w.astype(np.int64)), ok, e,
                  "Value for attr 'T' of int64 is not in the list of allowed values"),
    ]


CONV = register(OpDef(
    "Conv", _conv_infer, _conv_kernel, grad=C.no_gradient, reference=_conv_reference,
    samples=_conv_samples, bad_samples=_conv_bad,
))


@eager_api("strides:ints", "explicit_paddings:ints", "dilations:ints")
def conv(input: Any, filter: Any, strides: Any, padding: str,  # noqa: A002
         explicit_paddings: Any = [],  # noqa: B006 (TF's defaults)
         data_format: str = "CHANNELS_LAST", dilations: Any = [],  # noqa: B006
         batch_dims: int = 1, groups: int = 1, name: str | None = None) -> Any:
    """tf.conv: the N-D `Conv` op (2 or 3 spatial dims, `batch_dims` leading batch dims,
    `groups` channel groups; `data_format` CHANNELS_LAST or CHANNELS_FIRST)."""
    attrs = AV.wrapper_attrs("Conv", strides=strides, padding=padding,
                             explicit_paddings=explicit_paddings, data_format=data_format,
                             dilations=dilations, batch_dims=batch_dims, groups=groups)
    x, w = binary_args(input, filter)
    return bind(CONV, (x, w), attrs, name)


# ---------------------------------------------------------------------------------------
# Conv2DBackpropFilterV2 / Conv2DBackpropInputV2: the filter or input as a tensor.
# ---------------------------------------------------------------------------------------

def _v2_attrs(strides: tuple, padding: str, explicit_paddings: tuple, data_format: str,
              dilations: tuple) -> dict:
    return dict(strides=strides, padding=padding, explicit_paddings=explicit_paddings,
                data_format=data_format, dilations=dilations)


def _backprop_v2_infer(op: str, types: Any, of_filter: bool, x: Any, w: Any, dy: Any,
                       **a: Any) -> list:
    """Both V2 backprops: the input, filter and output gradient checked as the V1 op's, the
    result shaped as the filter (of_filter) or the input."""
    d = A.check_t(op, (x, w, dy), types)
    K._check_attrs(K.CONV2D_F, op, a["strides"], a["padding"], a["explicit_paddings"],
                   a["data_format"], a["dilations"])
    if x._shape is not None and len(x._shape) != 4:
        raise A.fail(op, "input must be 4-dimensional")
    label = K.CONV2D_F.label_fil if of_filter else K.CONV2D_F.label_in
    K._check_backprop(K.CONV2D_F, op, label, x._shape, w._shape, dy._shape, a)
    return [(w._shape if of_filter else x._shape, d)]


def _filter_v2_infer(x: Any, w: Any, dy: Any, **a: Any) -> list:
    return _backprop_v2_infer("Conv2DBackpropFilterV2", _FILTER_V2_T, True, x, w, dy, **a)


def _filter_v2_kernel(xp: Any, x: Any, w: Any, dy: Any, **a: Any) -> Any:
    return K.backprop_filter_kernel(K.CONV2D_F, xp, x, w.shape, dy, **a,
                                   op="Conv2DBackpropFilterV2")


def _filter_v2_reference(x: np.ndarray, w: np.ndarray, dy: np.ndarray, **a: Any) -> np.ndarray:
    return Rf.bfil_reference(K.CONV2D_F)(x, np.array(w.shape), dy, **a)


def _input_v2_infer(x: Any, w: Any, dy: Any, **a: Any) -> list:
    return _backprop_v2_infer("Conv2DBackpropInputV2", _CONV_T, False, x, w, dy, **a)


def _input_v2_kernel(xp: Any, x: Any, w: Any, dy: Any, **a: Any) -> Any:
    return K.backprop_input_kernel(K.CONV2D_F, xp, x.shape, w, dy, **a,
                                  op="Conv2DBackpropInputV2")


def _input_v2_reference(x: np.ndarray, w: np.ndarray, dy: np.ndarray, **a: Any) -> np.ndarray:
    return Rf.bin_reference(K.CONV2D_F)(np.array(x.shape), w, dy, **a)


def _v2_samples() -> list:
    """Conv2D's backprop cases: layouts, strides, dilations, explicit and grouped."""
    out = []
    for xs, ws, kw in [((2, 5, 4, 2), (3, 2, 2, 3), dict(padding="SAME")),
                       ((1, 6, 5, 2), (2, 3, 2, 3), dict(padding="VALID", strides=(2, 1))),
                       ((1, 2, 5, 5), (2, 2, 2, 3), dict(padding="SAME", strides=2, dil=(1, 2),
                                                         df="NCHW")),
                       ((1, 4, 3, 2), (3, 2, 2, 3), dict(padding="EXPLICIT",
                                                         explicit=(1, 0, 2, 1))),
                       ((1, 4, 3, 4), (2, 2, 2, 4), dict(padding="SAME"))]:
        a = Rf.sample_attrs(2, kw.pop("df", "NHWC"), **kw)
        x, w = _f64(*xs), _f64(*ws)
        dy = _f64(*Rf.ref_out_shape(K.CONV2D_F, xs, ws, a))
        out.append(Sample((x, w, dy), a, grad=False))
    return out


def _v2_bad(op: str) -> list:
    a = _v2_attrs((1, 1, 1, 1), "VALID", (), "NHWC", (1, 1, 1, 1))
    x, w = np.ones((1, 4, 4, 2)), np.ones((2, 2, 2, 3))
    e = InvalidArgumentError
    bad = [BadSample((x, w, np.ones((1, 2, 2, 3))), a, e,
                     "Size of out_backprop doesn't match computed"),
           BadSample((x, w, np.ones((1, 3, 3, 4))), a, e, "must have the same out_depth"),
           BadSample((x, w, np.ones((1, 3, 3, 3))), {**a, "strides": (1, 1, 1)}, e,
                     "strides field must specify 4 dimensions"),
           BadSample((x, w, np.ones((1, 3, 3, 3), np.float32)), a, e,
                     "was expected to be a double tensor but is a float tensor")]
    if op == "Conv2DBackpropFilterV2":
        bad.append(BadSample((x.astype(np.int32), w.astype(np.int32),
                              np.ones((1, 3, 3, 3), np.int32)), a, e,
                             "Value for attr 'T' of int32 is not in the list"))
    return bad


CONV2D_BACKPROP_FILTER_V2 = register(OpDef(
    "Conv2DBackpropFilterV2", _filter_v2_infer, _filter_v2_kernel, grad=C.no_gradient,
    reference=_filter_v2_reference, samples=_v2_samples,
    bad_samples=lambda: _v2_bad("Conv2DBackpropFilterV2"),
))
CONV2D_BACKPROP_INPUT_V2 = register(OpDef(
    "Conv2DBackpropInputV2", _input_v2_infer, _input_v2_kernel, grad=C.no_gradient,
    reference=_input_v2_reference, samples=_v2_samples,
    bad_samples=lambda: _v2_bad("Conv2DBackpropInputV2"),
))


def _backprop_v2(op: OpDef, input: Any, filter: Any, out_backprop: Any,  # noqa: A002
                 strides: Any, padding: str, use_cudnn_on_gpu: bool, explicit_paddings: Any,
                 data_format: str, dilations: Any, name: str | None) -> Any:
    a = AV.wrapper_attrs(op.name, strides=strides, padding=padding,
                         use_cudnn_on_gpu=use_cudnn_on_gpu, explicit_paddings=explicit_paddings,
                         data_format=data_format, dilations=dilations)
    del a["use_cudnn_on_gpu"]  # (a hint to TF's GPU kernels: eagerflow has no such choice)
    x = convert_to_tensor(input)
    w = convert_to_tensor(filter, dtype_hint=x._dtype)
    dy = convert_to_tensor(out_backprop, dtype_hint=x._dtype)
    return bind(op, (x, w, dy), a, name)


def conv2d_backprop_filter_v2(input: Any, filter: Any, out_backprop: Any,  # noqa: A002
                              strides: Any, padding: str, use_cudnn_on_gpu: bool = True,
                              explicit_paddings: Any = [],  # noqa: B006 (TF's defaults)
                              data_format: str = "NHWC",
                              dilations: Any = [1, 1, 1, 1],  # noqa: B006
                              name: str | None = None) -> Any:
    """tf.conv2d_backprop_filter_v2: Conv2D's filter gradient, of `filter`'s shape
    (`use_cudnn_on_gpu` is a hint to TF's GPU kernels; eagerflow has no such choice)."""
    return _backprop_v2(CONV2D_BACKPROP_FILTER_V2, input, filter, out_backprop, strides,
                        padding, use_cudnn_on_gpu, explicit_paddings, data_format, dilations,
                        name)


def conv2d_backprop_input_v2(input: Any, filter: Any, out_backprop: Any,  # noqa: A002
                             strides: Any, padding: str, use_cudnn_on_gpu: bool = True,
                             explicit_paddings: Any = [],  # noqa: B006 (TF's defaults)
                             data_format: str = "NHWC",
                             dilations: Any = [1, 1, 1, 1],  # noqa: B006
                             name: str | None = None) -> Any:
    """tf.conv2d_backprop_input_v2: Conv2D's input gradient, of `input`'s shape."""
    return _backprop_v2(CONV2D_BACKPROP_INPUT_V2, input, filter, out_backprop, strides,
                        padding, use_cudnn_on_gpu, explicit_paddings, data_format, dilations,
                        name)
