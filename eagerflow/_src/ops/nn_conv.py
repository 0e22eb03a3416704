"""Convolutions: Conv2D/Conv3D, depthwise, their input and filter gradients, and tf.nn's
conv1d/conv2d/conv3d/convolution wrappers (the transposed, depthwise and separable ones
and the gradient wrappers: nn_conv_variants.py; tf.nn.convolution's dilated form, TF's
SpaceToBatchND one, and atrous_conv2d: nn_extras.py).

Sits in the ops layer on top of windows.py (the im2col engine), nn_args.py (the
argument checks and layouts every nn family shares) and nn_conv_refs.py (the families,
their plain-loop references and samples). Each TF primitive is one OpDef
whose kernel calls the im2col engine; the gradient ops are primitives too, and
every gradient is written with them, so gradients of any order work:

    Conv2D(x, w)                  -> [BackpropInput(shape(x), w, g), BackpropFilter(x, shape(w), g)]
    BackpropInput(sizes, w, dy)   -> [-, BackpropFilter(g, shape(w), dy), Conv2D(g, w)]
    BackpropFilter(x, sizes, dy)  -> [BackpropInput(shape(x), g, dy), -, Conv2D(x, g)]

Layouts: NHWC and NCHW (NDHWC/NCDHW in 3-D) are both computed; TF's CPU kernels refuse
NCHW, eagerflow computes it as TF does on GPU. Grouped convolution (input depth a
multiple of the filter depth) works as in TF's Conv2D.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops import windows as W
from eagerflow._src.ops.array import (
    concat,
    expand_dims,
    reshape,
    shape,
    shape_n,
    squeeze,
)
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind, wants
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.eager_errors import slow_path
from eagerflow._src.ops.elementwise import binary_args
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.nn_args import (
    ONEDNN_T,
    channels_first,
    check_choice,
    check_explicit,
    check_t,
    convert_padding,
    default_format,
    explicit_pairs,
    fail,
    full_shape,
    get_sequence,
    kept,
    out_size,
    outer,
    shape_tensor,
    sized,
    spatial,
    static_shape_values,
    unimplemented,
)
from eagerflow._src.ops.nn_conv_checks import (
    FORMATS,
    by_fallback,
    check_convolution_args,
    check_depthwise_backprop,
    cpu_dilations,
    device_label,
    empty_on_gpu,
    on_gpu_eagerly,
    op_attrs_first,
    read_shape,
    refuse_on_cpu,
    spatial_dims,
    to_2d_format,
)
from eagerflow._src.ops.nn_conv_refs import (
    CONV2D_F,
    CONV3D_F,
    DEPTHWISE_F,
    Family,
    bfil_reference,
    bin_bad,
    bin_reference,
    conv_reference,
    family_samples,
)
from eagerflow._src.ops.registry import (
    REGISTRY,
    OpDef,
    TFForm,
    register,
)

# Results of the checks and shape inferences below are kept by their arguments (nn_args's
# `kept`): a check's result is None; the keys of forward inferences start with the family,
# of gradients' with "sizes", of checks with the family's forward op.


def _at_run(fam: Family, op: str) -> bool:
    """Whether `op` checks its explicit paddings and its gradient's sizes only when it
    runs: TF's gradient ops do so in their kernels, which a graph runs after tracing (the
    forward ops' shape functions check them while tracing)."""
    return op != fam.fwd and _state.graph is not None


def _check_attrs(fam: Family, op: str, strides: tuple, padding: str, explicit: tuple,
                 data_format: str, dilations: tuple) -> None:
    later = _at_run(fam, op)
    kept((fam.fwd, op, strides, padding, explicit, data_format, dilations, later),
         _check_attrs_now, fam, op, strides, padding, explicit, data_format, dilations, later)


def _check_attrs_now(fam: Family, op: str, strides: tuple, padding: str, explicit: tuple,
                     data_format: str, dilations: tuple, later: bool = False) -> None:
    nd = fam.rank + 2
    if fam.rank == 3 and len(strides) < nd:
        # (the 3-D ops' definitions ask for 5 strides at least: refused before any kernel)
        raise fail(op, f"Length for attr 'strides' of {len(strides)} must be at least "
                       f"minimum {nd}\n\t; NodeDef: {{{{node {op}}}}}")
    # TF's kernels read both as int32 lists when built: the forward convolutions read
    # the dilations first, the gradients and the depthwise one their strides
    read = (("dilations", dilations), ("strides", strides))
    for what, values in read if op == fam.fwd and not fam.depthwise else read[::-1]:
        for v in values:
            AV.int_attr(op, v, what)
    check_choice(op, "padding", padding, ("SAME", "VALID", "EXPLICIT") if fam.explicit
                 else ("SAME", "VALID"))
    check_choice(op, "data_format", data_format, fam.formats)
    if len(strides) != nd:
        raise fail(op, f"Sliding window strides field must specify {nd} dimensions")
    # (the 3-D kernels refuse batch and depth strides and dilations as invalid arguments,
    # the 2-D ones as unimplemented, and word the dilations otherwise; TF's own depthwise
    # kernels refuse such strides as invalid, its default build's oneDNN one as unimplemented)
    refuse = fail if fam.rank == 3 else unimplemented
    if any(s != 1 for s in outer(strides, data_format)):
        raise (fail if fam.depthwise else refuse)(
            op, "Current implementation does not yet support strides in the batch and depth "
                "dimensions.")
    for s in spatial(strides, data_format):
        if s <= 0:
            raise fail(op, f"Stride must be > 0, but got {s}"
                       if fam.rank == 3 and op != fam.fwd else fam.stride_msg.format(s))
    if len(dilations) != nd:
        raise fail(op, "Dilation rates field must specify 5 dimensions" if fam.rank == 3 else
                   f"Sliding window dilations field must specify {nd} dimensions")
    if any(d != 1 for d in outer(dilations, data_format)):
        raise refuse(op, "Current implementation does not yet support "
                         f"{'dilation rates' if fam.rank == 3 else 'dilations'} in the "
                         "batch and depth dimensions.")
    if any(d <= 0 for d in spatial(dilations, data_format)):
        raise fail(op, "Dilated rates should be larger than 0.")
    check_explicit(op, padding, explicit, nd, data_format, values=not later)


def _check_channels(fam: Family, op: str, c: Any, fshape: tuple, label: str = "",
                    late_groups: bool = False) -> None:
    """Input depth `c` against filter (*K, Cf, O) or depthwise (*K, C, M); the groups
    against the output depth unless `late_groups` (_late_groups)."""
    cf, o = fshape[-2], fshape[-1]
    if c is None or cf is None:
        return
    pre = f"{label}: " if label else ""
    if fam.depthwise:
        if c != cf:
            raise fail(op, f"{pre}input and filter must have the same depth: {c} vs {cf}"
                       if not label else f"{pre}input and filter must have the same depth")
        return
    if cf <= 0:
        raise fail(op, f"filter depth must be stricly positive, got {cf}")
    if c == 0:  # 0 // cf groups: nothing to convolve, and no way to split the output
        raise fail(op, f"{pre}grouped convolution must have at least one group: 0 groups")
    if c % cf:
        raise fail(op, f"{pre}input depth must be evenly divisible by filter depth" if label
                   else ("Input" if fam.rank == 3 else "input") +
                   f" depth must be evenly divisible by filter depth: {c} vs {cf}")
    if not fam.groups and c != cf:
        raise fail(op, f"{pre}Number of channels in filter ({cf}) must match last dimension "
                       f"of input ({c})" if not label else
                   f"{pre}input depth must be evenly divisible by filter depth")
    if not label and not late_groups:
        _check_groups(op, c, cf, o)


def _check_groups(op: str, c: Any, cf: Any, o: Any) -> None:
    if None not in (c, cf, o) and cf > 0 and c % cf == 0 and o % (c // cf):
        raise fail(op, f"output depth must be evenly divisible by number of groups: {o} vs "
                       f"{c // cf}")


def _late_groups(fam: Family, dtype: Any) -> bool:
    """Whether Conv2D's groups are checked after its output's size: TF's own CPU kernel
    (float64, int32; oneDNN takes the others) returns an empty output before it asks
    (eagerly: its graph's shape function asks first)."""
    return fam is CONV2D_F and _state.graph is None and not on_gpu_eagerly() and \
        dtype.name not in ONEDNN_T + ("float16",)


def _out_channels(fam: Family, fshape: tuple) -> Any:
    if fam.depthwise:
        return None if None in fshape[-2:] else fshape[-2] * fshape[-1]
    return fshape[-1]


def _forward_shape(fam: Family, op: str, xshape: tuple, fshape: tuple, strides: tuple,
                   padding: str, explicit: tuple, data_format: str, dilations: tuple) -> tuple:
    ks = fshape[:fam.rank]
    pairs = explicit_pairs(explicit, data_format) if padding == "EXPLICIT" else \
        ((0, 0),) * fam.rank
    outs = tuple(out_size(op, s, k, st, d, padding, p, op == fam.fwd) if k is not None
                 else None for s, k, st, d, p in zip(spatial(xshape, data_format), ks,
                                           spatial(strides, data_format),
                                           spatial(dilations, data_format), pairs))
    return full_shape(outer(xshape, data_format)[0], outs, _out_channels(fam, fshape), data_format)


def _engine_args(strides: tuple, padding: str, explicit: tuple, data_format: str,
                 dilations: tuple) -> tuple:
    """(channels first, spatial strides, spatial dilations, padding, explicit pairs): a
    kernel's attrs as windows.py takes them (checked by then), kept by their values."""
    try:
        return _kept_engine_args(strides, padding, explicit, data_format, dilations)
    except TypeError:  # (unhashable attrs, lists: worked out every time)
        return _kept_engine_args.__wrapped__(strides, padding, explicit, data_format,
                                             dilations)


@lru_cache(maxsize=256)  # (a training step asks the same few, every step)
def _kept_engine_args(strides: tuple, padding: str, explicit: tuple, data_format: str,
                      dilations: tuple) -> tuple:
    ex = explicit_pairs(explicit, data_format) if padding == "EXPLICIT" else ()
    return (channels_first(data_format), spatial(strides, data_format),
            spatial(dilations, data_format), padding, ex)


def _as_grouped(fam: Family, w: Any) -> Any:
    """Depthwise filter (*K, C, M) as a grouped conv filter (*K, 1, C*M)."""
    if not fam.depthwise:
        return w
    return w.reshape(w.shape[:-2] + (1, w.shape[-2] * w.shape[-1]))


# ---------------------------------------------------------------------------------------
# The three ops of a family: the forward convolution and its two gradient ops. Each
# function takes the family first; _register_family binds it with functools.partial.
# ---------------------------------------------------------------------------------------

def conv_infer(fam: Family, x: Any, w: Any, strides: tuple, padding: str,
               explicit_paddings: tuple, data_format: str, dilations: tuple) -> list:
    shape, d = kept((fam, x._dtype, w._dtype, x._shape, w._shape, strides, padding,
                      explicit_paddings, data_format, dilations, _state.graph is None,
                      on_gpu_eagerly()),
                     _conv_infer_now, fam, x, w,
                     strides, padding, explicit_paddings, data_format, dilations)
    return [(shape if shape is None else sized(fam.fwd, shape, d), d)]


def _conv_infer_now(fam: Family, x: Any, w: Any, strides: tuple, padding: str,
                    explicit_paddings: tuple, data_format: str, dilations: tuple) -> tuple:
    """(output shape or None, dtype): conv_infer's checks, a pure function of the
    operands' dtypes and shapes and the attrs (the memory check is conv_infer's)."""
    op, r = fam.fwd, fam.rank
    d = check_t(op, (x, w), fam.types)
    _check_attrs(fam, op, strides, padding, explicit_paddings, data_format, dilations)
    for t, msg in ((x, fam.input_rank_msg), (w, fam.filter_rank_msg)):
        if t._shape is not None and len(t._shape) != r + 2:
            # (traced, TF's shape function refuses it: a ValueError naming the node)
            raise fail(op, f"Shape must be rank {r + 2} but is rank {len(t._shape)}"
                       if _state.graph is not None else msg.format(C.shape_str(t._shape)))
    if x._shape is None or w._shape is None:
        return None, d
    return _checked_forward_shape(fam, op, x._shape, w._shape, strides, padding,
                                  explicit_paddings, data_format, dilations, d), d


def _checked_forward_shape(fam: Family, op: str, xshape: tuple, fshape: tuple,
                           strides: tuple, padding: str, explicit: tuple, data_format: str,
                           dilations: tuple, dtype: Any) -> tuple:
    if not fam.depthwise and 0 in fshape[:fam.rank]:
        raise fail(op, "filter must not have zero elements (i.e. all dimensions must be "
                       "non-zero)")
    # (eagerly the groups after the output's size, a negative one refused first, and TF's
    # own kernel returns an empty output before it asks (_late_groups); TF's shape function
    # asks them first)
    c, late, kernel = outer(xshape, data_format)[1], _late_groups(fam, dtype), \
        _state.graph is None
    _check_channels(fam, op, c, fshape, late_groups=kernel)
    shape = _forward_shape(fam, op, xshape, fshape, strides, padding, explicit, data_format,
                           dilations)
    if kernel and not fam.depthwise and not (late and 0 in shape):
        _check_groups(op, c, fshape[-2], fshape[-1])
    return shape


def conv_kernel(fam: Family, xp: Any, x: Any, w: Any, strides: tuple, padding: str,
                explicit_paddings: tuple, data_format: str, dilations: tuple,
                conv_op: bool = False) -> Any:
    if xp is np and not conv_op:  # (the N-D Conv op's refusals are its own: nn_conv_nd)
        refuse_on_cpu(fam.fwd, x.dtype, data_format, dilations, fam is CONV3D_F)
    cf, st, dl, pad, ex = _engine_args(strides, padding, explicit_paddings, data_format,
                                       dilations)
    # (eagerly under a tape, what a library convolution made of w is kept for the input
    # gradient, which conv_grad's GRADIENT_OF names it for; a channels-first result is a
    # copy, which no gradient names)
    out = W.conv_forward(xp, W.to_channels_last(x, cf), _as_grouped(fam, w), st, dl, pad, ex,
                         keep=True, keep_filter=bool(_state.tapes) and not cf)
    return xp.ascontiguousarray(W.from_channels_last(out, cf)) if cf else out


def conv_grad(fam: Family, n: Any, g: Any) -> list:
    x, w = n.inputs
    if _state.graph is not None and not fam.depthwise:
        # TF's graph: the ShapeN of input and filter, and both gradients whichever the tape
        # wants (the optimized graph prunes one nothing reads)
        in_sizes, filter_sizes = shape_n([x, w])
        return [bind(REGISTRY[fam.bin], (in_sizes, w, g), n.attrs),
                bind(REGISTRY[fam.bfil], (x, filter_sizes, g), n.attrs)]
    dx = None
    if wants(n, 0):
        # (eagerly, the input gradient of n's forward, whose record held w since; traced,
        # a depthwise one: its result has no array)
        W.GRADIENT_OF.made = getattr(n.outputs[0], "_arr", None)
        try:
            dx = bind(REGISTRY[fam.bin], (shape_tensor(x), w, g), n.attrs)
        finally:
            W.GRADIENT_OF.made = None
    return [dx,
            bind(REGISTRY[fam.bfil], (x, shape_tensor(w), g), n.attrs) if wants(n, 1) else None]


def _check_backprop(fam: Family, op: str, label: str, in_shape: tuple | None,
                    fshape: tuple | None, dyshape: tuple | None, a: dict,
                    kernel: bool = False) -> None:
    """A gradient op's shapes against each other, worded as on its device (the output
    gradient's sizes when it runs, _at_run; a dilated depthwise one's in its `kernel`)."""
    label = device_label(op, label)
    later = not kernel and (_at_run(fam, op) or
                            (fam.depthwise and any(d != 1 for d in a["dilations"])))
    kept((fam.fwd, op, label, in_shape, fshape, dyshape, *a.values(), later),
         _check_backprop_now, fam, op, label, in_shape, fshape, dyshape, a, later)


def _check_backprop_now(fam: Family, op: str, label: str, in_shape: tuple | None,
                        fshape: tuple | None, dyshape: tuple | None, a: dict,
                        later: bool = False) -> None:
    r, df = fam.rank, a["data_format"]
    if in_shape is None or fshape is None or dyshape is None:
        return
    if fam.depthwise:
        check_depthwise_backprop(op, label, in_shape, fshape, dyshape, a, later)
        return
    if fam is CONV3D_F:
        _check_3d_backprop(op, in_shape, fshape, dyshape, df)
        label = label.removesuffix("V2")  # (TF's shared 3D checks name the V1 kernels)
    elif len(fshape) != r + 2:
        raise fail(op, fam.filter_rank_msg.format(C.shape_str(fshape)))
    if len(dyshape) != r + 2:
        raise fail(op, f"out_backprop must be {r + 2}-dimensional")
    n_in, c_in = outer(in_shape, df)
    n_dy, c_dy = outer(dyshape, df)
    if fam is not CONV3D_F:
        _check_depths(fam, op, label, fshape, c_in, c_dy)
    if None not in (n_in, n_dy) and n_in != n_dy:
        raise fail(op, f"{label}: input and out_backprop must have the same batch size. "
                       f"Input batch: {n_in}, outbackprop batch: {n_dy}, batch_dim: 0")
    if later:
        return
    pairs = explicit_pairs(a["explicit_paddings"], df) if a["padding"] == "EXPLICIT" \
        else ((0, 0),) * r
    dims = range(2, r + 2) if channels_first(df) else range(1, r + 1)
    for i, s, k, st, dl, p, actual in zip(dims, spatial(in_shape, df), fshape[:r],
                                          spatial(a["strides"], df),
                                          spatial(a["dilations"], df), pairs,
                                          spatial(dyshape, df)):
        if None in (s, k, actual):
            continue
        computed = out_size(op, s, k, st, dl, a["padding"], p)
        if computed != actual:
            raise fail(op, f"{label}: Size of out_backprop doesn't match computed: actual = "
                           f"{actual}, computed = {computed} spatial_dim: {i} input: {s} "
                           f"filter: {k} output: {actual} stride: {st} dilation: {dl}")


def _check_depths(fam: Family, op: str, label: str, fshape: tuple, c_in: Any,
                  c_dy: Any) -> None:
    """A 2D (or depthwise) gradient op's filter against its input's and output gradient's
    depths, in its kernel's words (`label`)."""
    if 0 in fshape[:fam.rank]:
        raise fail(op, f"{label}: filter must not have zero elements (i.e. all dimensions "
                       f"must be non-zero)")
    out_depth = _out_channels(fam, fshape)
    if None not in (c_dy, out_depth) and c_dy != out_depth:
        raise fail(op, f"{label}: filter and out_backprop must have the same out_depth")
    _check_channels(fam, op, c_in, fshape, label)


def _check_3d_backprop(op: str, in_shape: tuple, fshape: tuple, dyshape: tuple,
                       df: str) -> None:
    """TF's Conv3DBackpropInputV2 / FilterV2 kernels' own checks, before the dimensions
    they share with 2D: each operand's rank, then the filter's input and output depths
    against the input's and the output gradient's (a filter with a zero dimension runs)."""
    for what, dims in (("input", in_shape), ("filter_sizes", fshape),
                       ("out_backprop", dyshape)):
        if len(dims) != 5:
            raise fail(op, f"{what} tensor must have 5 dimensions")
    for what, c, f in (("input", outer(in_shape, df)[1], fshape[3]),
                       ("out_backprop", outer(dyshape, df)[1], fshape[4])):
        if None not in (c, f) and c != f:
            raise fail(op, f"{what} and filter_sizes must have the same number of channels. "
                           f"Got {c} for {what} and {f} for filter_sizes")


def _sizes(op: str, sizes: Any, want: int, what: str) -> tuple | None:
    """The static values of a gradient op's `input_sizes` / `filter_sizes`, checked (int32,
    the signature's type, but for Conv3DBackpropInputV2's Tshape attr)."""
    if op == "Conv3DBackpropInputV2":
        C.check_dtype(op, sizes, C.INDEX, "Tshape")
    elif sizes._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 0 if what == "input_sizes" else 1, dt.int32,
                                  sizes._dtype)
    if sizes._shape is not None and len(sizes._shape) != 1 and "Depthwise" in op:
        # (its shape function's words, a ValueError, in a graph; eagerly its kernel's,
        # which it shares with Conv2D's)
        raise fail(op, f"Shape must be rank 1 but is rank {len(sizes._shape)}"
                   if _state.graph is not None else
                   f"{op.replace('DepthwiseConv2dNative', 'Conv2D')}: {what} input must be "
                   f"1-dim, not {len(sizes._shape)}")
    if sizes._shape is not None and len(sizes._shape) != 1:
        raise fail(op, f"{what} must be 1-dimensional, got shape {C.shape_str(sizes._shape)}")
    vals = static_shape_values(sizes)
    if vals is None:  # traced: what is known of it (None entries where unknown), as TF
        known = partial_value(sizes)
        vals = tuple(known) if isinstance(known, list) else None
    # (eagerly TF's 3D kernels check the rank the values make: _check_3d_backprop)
    if vals is not None and len(vals) != want and "Depthwise" in op:
        if _state.graph is not None:  # (its shape function's, a ValueError; eagerly the
            # kernel's words for the shape the values make: check_depthwise_backprop)
            raise fail(op, f"Shape must be rank {want} but is rank {len(vals)}")
    elif vals is not None and len(vals) != want and not (
            op.startswith("Conv3D") and _state.graph is None):
        raise fail(op, f"{op} requires {what} to contain {want} values, but got: {len(vals)}")
    bad = next((i for i, v in enumerate(vals or ()) if v is not None and v < 0), None)
    if bad is not None:  # (TF's words: its shape function's in a graph, else the kernel's)
        if _state.graph is not None:
            raise ValueError(f"Invalid value in tensor used for shape: {vals[bad]}")
        raise fail(op, f"Dimension {bad} of {what} must be >= 0" if "Depthwise" in op else
                   f"Dimension {vals[bad]} must be >= 0")
    return vals


def _backprop_infer(fam: Family, op: str, sizes: Any, t: Any, dy: Any, attrs: tuple) -> list:
    """A gradient op's output: its input_sizes / filter_sizes values, checked with its
    `attrs` (strides, padding, explicit paddings, data format, dilations) and its dtypes
    against the other operand `t` (the filter, or the input) and dy. An eager sizes tensor
    (host int32, as shape_tensor makes it) is checked once per values, dtypes and shapes."""
    arr = getattr(sizes, "_arr", None)
    if arr.__class__ is not np.ndarray or arr.ndim != 1:  # (traced, on a device, or bad)
        vals, d = _backprop_infer_now(fam, op, sizes, t, dy, attrs)
    else:
        vals, d = kept(("sizes", op, tuple(arr.tolist()), sizes._dtype, sizes._shape,
                        t._dtype, dy._dtype, t._shape, dy._shape, attrs, _at_run(fam, op),
                        on_gpu_eagerly()),
                       _backprop_infer_now, fam, op, sizes, t, dy, attrs)
    return [(sized(op, vals, d) if vals is not None else (None,) * (fam.rank + 2), d)]


def _backprop_infer_now(fam: Family, op: str, sizes: Any, t: Any, dy: Any,
                        attrs: tuple) -> tuple:
    d = _backprop_dtypes(fam, op, sizes, t, dy)
    return _check_sizes_now(fam, op, sizes, t._shape, dy._shape, *attrs), d


def _backprop_dtypes(fam: Family, op: str, sizes: Any, t: Any, dy: Any) -> Any:
    """A gradient op's dtype, its inputs checked in the order of TF's signature:
    input_sizes (#0), filter (#1), out_backprop (#2) for the input's gradient; input
    (#0), filter_sizes (#1), out_backprop (#2) for the filter's. The sizes are int32, or
    of the op's Tshape attr where it has one (Conv3DBackpropInputV2)."""
    if op == fam.bin:
        _sizes_dtype(op, sizes, 0)
        return check_t(op, (t, dy), fam.types, at=(1, 2))
    check_t(op, (t,), fam.types)
    _sizes_dtype(op, sizes, 1)
    return check_t(op, (t, dy), fam.types, at=(0, 2))


def _sizes_dtype(op: str, sizes: Any, index: int) -> None:
    attr = tf_op_defs.input_type_attr(op, index)
    if attr is not None:
        C.check_dtype(op, sizes, C.INDEX, attr)
    elif sizes._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, index, dt.int32, sizes._dtype)


def _check_sizes_now(fam: Family, op: str, sizes: Any, shape: tuple | None,
                     dyshape: tuple | None, strides: tuple, padding: str, explicit: tuple,
                     data_format: str, dilations: tuple) -> tuple | None:
    r = fam.rank
    _check_attrs(fam, op, strides, padding, explicit, data_format, dilations)
    a = dict(strides=strides, padding=padding, explicit_paddings=explicit,
             data_format=data_format, dilations=dilations)
    if op == fam.bin:
        vals = _sizes(op, sizes, r + 2, "input_sizes")
        if not empty_on_gpu(op, vals, on_gpu_eagerly()):
            _check_backprop(fam, op, fam.label_in, vals, shape, dyshape, a)
        return vals
    vals = _sizes(op, sizes, r + 2, "filter_sizes")
    if shape is not None and len(shape) != r + 2 and not (fam is CONV3D_F and
                                                          _state.graph is None) and \
            not fam.depthwise:  # (its kernel's words: check_depthwise_backprop)
        raise fail(op, f"input must be {r + 2}-dimensional")
    _check_backprop(fam, op, fam.label_fil, shape, vals, dyshape, a)
    return vals


def _check_run(fam: Family, op: str, label: str, in_shape: tuple, fshape: tuple,
               dyshape: tuple, strides: tuple, padding: str, explicit: tuple,
               data_format: str, dilations: tuple) -> None:
    """A gradient kernel's checks of what tracing left to it (_at_run): the explicit
    paddings' values, the output gradient's sizes (kept: eagerly, infer's answer)."""
    check_explicit(op, padding, explicit, fam.rank + 2, data_format)
    _check_backprop(fam, op, label, tuple(in_shape), tuple(fshape), tuple(dyshape),
                    dict(strides=strides, padding=padding, explicit_paddings=explicit,
                         data_format=data_format, dilations=dilations), kernel=True)


def backprop_input_infer(fam: Family, sizes: Any, w: Any, dy: Any, strides: tuple,
                         padding: str, explicit_paddings: tuple, data_format: str,
                         dilations: tuple) -> list:
    return _backprop_infer(fam, fam.bin, sizes, w, dy,
                           (strides, padding, explicit_paddings, data_format, dilations))


def backprop_input_kernel(fam: Family, xp: Any, sizes: Any, w: Any, dy: Any, strides: tuple,
                          padding: str, explicit_paddings: tuple, data_format: str,
                          dilations: tuple, op: str = "") -> Any:
    if xp is np and not op:  # (`op`: Conv2DBackpropInputV2, which computes it here)
        refuse_on_cpu(fam.bin, w.dtype, data_format, dilations, fam is CONV3D_F, True,
                      conv2d=fam is CONV2D_F)
    dilations = cpu_dilations(fam.depthwise, xp, dilations)
    cf, st, dl, pad, ex = _engine_args(strides, padding, explicit_paddings, data_format,
                                       dilations)
    in_shape = tuple(map(int, sizes))
    if empty_on_gpu(fam.bin, in_shape, xp is not np):
        return xp.zeros(in_shape, dy.dtype)
    _check_run(fam, fam.bin, fam.label_in, in_shape, w.shape, dy.shape, strides, padding,
               explicit_paddings, data_format, dilations)
    cl_shape = (in_shape[0], *in_shape[2:], in_shape[1]) if cf else in_shape
    out = W.conv_input_grad(xp, _as_grouped(fam, w), W.to_channels_last(dy, cf), cl_shape,
                            st, dl, pad, ex, W.GRADIENT_OF.made)
    return xp.ascontiguousarray(W.from_channels_last(out, cf)) if cf else out


def backprop_input_grad(fam: Family, n: Any, g: Any) -> list:
    _, w, dy = n.inputs
    return [None,
            bind(REGISTRY[fam.bfil], (g, shape_tensor(w), dy), n.attrs) if wants(n, 1) else None,
            bind(REGISTRY[fam.fwd], (g, w), n.attrs) if wants(n, 2) else None]


def backprop_filter_infer(fam: Family, x: Any, sizes: Any, dy: Any, strides: tuple,
                          padding: str, explicit_paddings: tuple, data_format: str,
                          dilations: tuple) -> list:
    return _backprop_infer(fam, fam.bfil, sizes, x, dy,
                           (strides, padding, explicit_paddings, data_format, dilations))


def backprop_filter_kernel(fam: Family, xp: Any, x: Any, sizes: Any, dy: Any, strides: tuple,
                           padding: str, explicit_paddings: tuple, data_format: str,
                           dilations: tuple, op: str = "") -> Any:
    if xp is np and not op:  # (`op`: Conv2DBackpropFilterV2, which computes it here)
        refuse_on_cpu(fam.bfil, x.dtype, data_format, dilations, fam is CONV3D_F, True,
                      conv2d=fam is CONV2D_F)
    dilations = cpu_dilations(fam.depthwise, xp, dilations)
    cf, st, dl, pad, ex = _engine_args(strides, padding, explicit_paddings, data_format,
                                       dilations)
    fshape = tuple(map(int, sizes))
    _check_run(fam, fam.bfil, fam.label_fil, x.shape, fshape, dy.shape, strides, padding,
               explicit_paddings, data_format, dilations)
    cfil = 1 if fam.depthwise else fshape[-2]
    out = W.conv_filter_grad(xp, W.to_channels_last(x, cf), W.to_channels_last(dy, cf),
                             fshape[:fam.rank], st, dl, pad, ex, cfil, fam.depthwise)
    return out.reshape(fshape)


def backprop_filter_grad(fam: Family, n: Any, g: Any) -> list:
    x, _, dy = n.inputs
    return [bind(REGISTRY[fam.bin], (shape_tensor(x), g, dy), n.attrs) if wants(n, 0) else None,
            None, bind(REGISTRY[fam.fwd], (x, g), n.attrs) if wants(n, 2) else None]


def _register_family(fam: Family) -> tuple:
    samples = cache(partial(family_samples, fam))  # drawn together, when asked
    # TF's 3-D convolutions have no explicit padding
    form = None if fam.explicit else TFForm(fixed={"explicit_paddings": ()})
    fwd = register(OpDef(fam.fwd, partial(conv_infer, fam), partial(conv_kernel, fam),
                         grad=partial(conv_grad, fam), reference=conv_reference(fam),
                         samples=lambda: samples()[0], bad_samples=lambda: samples()[1],
                         tf=form))
    bin_ = register(OpDef(fam.bin, partial(backprop_input_infer, fam),
                          partial(backprop_input_kernel, fam),
                          grad=partial(backprop_input_grad, fam),
                          reference=bin_reference(fam), samples=lambda: samples()[2],
                          bad_samples=partial(bin_bad, fam), tf=form, host_inputs=(0,)))
    bfil = register(OpDef(fam.bfil, partial(backprop_filter_infer, fam),
                          partial(backprop_filter_kernel, fam),
                          grad=partial(backprop_filter_grad, fam),
                          reference=bfil_reference(fam), samples=lambda: samples()[3],
                          tf=form, host_inputs=(1,)))
    return fwd, bin_, bfil


CONV2D, CONV2D_BACKPROP_INPUT, CONV2D_BACKPROP_FILTER = _register_family(CONV2D_F)
CONV3D, CONV3D_BACKPROP_INPUT, CONV3D_BACKPROP_FILTER = _register_family(CONV3D_F)
DEPTHWISE, DEPTHWISE_BACKPROP_INPUT, DEPTHWISE_BACKPROP_FILTER = _register_family(DEPTHWISE_F)


# ---------------------------------------------------------------------------------------
# Public API.
# ---------------------------------------------------------------------------------------

def _channel_index(data_format: str, nd: int) -> int:
    return 1 if channels_first(data_format) else nd - 1


def _conv_attrs(r: int, strides: Any, padding: Any, data_format: str, dilations: Any,
                converts: bool = True) -> dict:
    """A convolution op's attrs from the public arguments (a new dict: callers add to it;
    `converts`: convert_padding's). A layer passes the same Python values every call: their
    expansion and checks are kept by value (plain ints and strings only)."""
    key = (r, _plain(strides), padding if type(padding) is str else _NOT_PLAIN,
           data_format if type(data_format) is str else _NOT_PLAIN, _plain(dilations),
           converts)  # (converting, "EXPLICIT" is refused)
    attrs = _CONV_ATTRS.get(key)
    if attrs is None:
        ci = _channel_index(data_format, r + 2)
        pad, ex = convert_padding(padding, r + 2, converts)
        attrs = dict(strides=get_sequence(strides, r, ci, "strides"), padding=pad,
                     explicit_paddings=ex, data_format=data_format,
                     dilations=get_sequence(dilations, r, ci, "dilations"))
        if _NOT_PLAIN not in key:
            if len(_CONV_ATTRS) >= 256:
                _CONV_ATTRS.clear()
            _CONV_ATTRS[key] = attrs
    return dict(attrs)


_CONV_ATTRS: dict = {}  # _conv_attrs's results by their plain arguments
_NOT_PLAIN, _INT_ONLY = object(), frozenset((int,))


def _dilated(dilations: Any) -> bool:
    """Whether TF's tf.nn.convolution takes its dilated form: a Python or NumPy number, or
    a list of them, not all equal to 1 (anything else: its undilated op's to refuse)."""
    items = list(dilations) if isinstance(dilations, (list, tuple)) else [dilations]
    return all(isinstance(v, (int, float, np.integer, np.floating)) for v in items) and \
        not all(v == 1 for v in items)


def _plain(v: Any) -> Any:
    """`v` as a key if None, an int or a list/tuple of ints (no bools, NumPy ints, tensors)."""
    cls = type(v)
    if cls is tuple or cls is list:
        return tuple(v) if _INT_ONLY.issuperset(map(type, v)) else _NOT_PLAIN
    return v if v is None or cls is int else _NOT_PLAIN


def _batch_squeezed(x: Any, inner: int, run: Callable) -> Any:
    """`run(x)`, where x may have several batch dims before its `inner` ones (spatial and
    channel dims, in either layout), as TF's convolutions take them: merged into one for
    `run`, then restored on its result."""
    shp = x._shape
    if shp is None or len(shp) <= inner + 1:
        return run(x)
    if None not in shp:
        y = run(reshape(x, (-1,) + shp[-inner:]))
        if y._shape is not None and None not in y._shape:
            return reshape(y, shp[:-inner] + y._shape[1:])
        outer = shp[:-inner]
    else:
        dims = shape(x)
        outer = dims[:-inner]
        y = run(reshape(x, concat([[-1], dims[-inner:]], 0)))
    return reshape(y, concat([outer, shape(y)[1:]], 0))


@dispatch_binding
def conv2d(input: Any, filters: Any, strides: Any, padding: Any,  # noqa: A002
           data_format: str = "NHWC", dilations: Any = None, name: str | None = None) -> Any:
    """2-D convolution of `input` (NHWC or NCHW, with any number of batch dims) with
    `filters` [h, w, in, out]."""
    try:
        attrs = _conv_attrs(2, strides, padding, default_format(data_format, "NHWC"),
                            dilations)
    except (TypeError, OverflowError):
        # (TF expands the strides and dilations unread, reads input.shape, then its op's
        # wrapper int()s their items: what int() refuses comes after a shapeless input)
        read_shape(input)
        raise
    read_shape(input)
    # (its op's wrapper converts the padding and the format, checked eagerly, before the
    # inputs)
    op_attrs_first("Conv2D", name, padding=attrs["padding"], data_format=attrs["data_format"])
    x, w = _conv_args(input, filters)
    return _conv2d(x, w, attrs, name)


def _conv_args(input: Any, filters: Any) -> tuple:  # noqa: A002
    """The input and filters of Conv2D/Conv3D's generated wrapper: eagerly its fast path's
    pair (a NumPy input takes a tensor filter's dtype); traced, TF's op-def library
    converts the input first, on its own (a float64 array stays float64: the filter's
    other dtype is then the node's TypeError), and the filter to the input's dtype."""
    if _state.graph is not None and not isinstance(input, Tensor) and \
            not hasattr(input, "_as_tensor"):
        input = _t(input)  # noqa: A001
    return binary_args(input, filters)


def _conv2d(x: Any, w: Any, attrs: dict, name: str | None) -> Any:
    if x._shape is not None and len(x._shape) > 4:
        return _batch_squeezed(x, 3, lambda v: bind(CONV2D, (v, w), attrs, name))
    return bind(CONV2D, (x, w), attrs, name)


@dispatch_binding
def conv3d(input: Any, filters: Any, strides: Any, padding: Any,  # noqa: A002
           data_format: str = "NDHWC", dilations: Any = None, name: str | None = None) -> Any:
    """3-D convolution. TF's tf.nn.conv3d is its generated wrapper of Conv3D: the strides
    and dilations are the op's lists of five as given (an int or an array is refused, not
    expanded), the padding a string (bytes read as one, as the format)."""
    read_shape(input)
    attrs = AV.wrapper_attrs("Conv3D", strides=strides, padding=padding,
                             data_format=data_format, dilations=dilations)
    x, w = _conv_args(input, filters)
    return _conv3d(x, w, dict(attrs, explicit_paddings=()), name)


def _conv3d(x: Any, w: Any, attrs: dict, name: str | None) -> Any:
    if x._shape is not None and len(x._shape) > 5:
        return _batch_squeezed(x, 4, lambda v: bind(CONV3D, (v, w), attrs, name))
    return bind(CONV3D, (x, w), attrs, name)


@dispatch_binding
def conv1d(input: Any, filters: Any, stride: Any, padding: Any,  # noqa: A002
           data_format: str = "NWC", dilations: Any = None, name: str | None = None) -> Any:
    """1-D convolution, computed as TF does: a 2-D convolution over a unit height. Traced,
    TF's nodes: the input's ExpandDims, the filters', the Conv2D and the Squeeze, in the
    scope `name` (or "conv1d"), whose name the Conv2D takes."""
    df = to_2d_format(data_format)
    # (TF's conv1d expands each of them on its own: a float64 array with float32 filters
    # is Conv2D's dtype error, eagerly too)
    x, w = _t(input), _t(filters)
    spatial_axis = -2 if df == "NCHW" else -3  # (TF's, counted from the channel's end)
    ci = _channel_index(df, 3)
    st = get_sequence(stride, 1, ci, "stride", attr="strides")  # (Conv2D's attr converts)
    dl = get_sequence(dilations, 1, ci, "dilations")
    st = (1,) + st if df == "NHWC" else st[:2] + (1,) + st[2:]
    dl = (1,) + dl if df == "NHWC" else dl[:2] + (1,) + dl[2:]
    pad, ex = convert_padding(padding, 4, converts=False)  # (TF's conv1d: a string only)
    attrs = dict(strides=st, padding=pad, explicit_paddings=ex, data_format=df, dilations=dl)
    with wrapper_scope(name, "conv1d") as scope:
        x = expand_dims(x, spatial_axis)
        w = expand_dims(w, 0)
        try:
            y = _batch_squeezed(x, 3, lambda v: bind(CONV2D, (v, w), attrs, scope))
        except OpError as e:
            raise (slow_path(e) if by_fallback(stride, dilations) else e) from None
        return squeeze(y, [spatial_axis])


def convolution(input: Any, filters: Any, strides: Any = None,  # noqa: A002
                padding: Any = "VALID", data_format: str | None = None, dilations: Any = None,
                name: str | None = None) -> Any:
    """N-D convolution (N = 1, 2, 3): N is the rank of `filters` less 2 (of `input`, where
    the filters' rank is 0 or unknown), as TF picks it."""
    x = _t(input)
    if not isinstance(filters, Tensor):
        filters = _t(filters)
    r = spatial_dims(x, filters)
    check_convolution_args(x, filters, r, strides, data_format, dilations, padding)
    # TF names the node after its "convolution" scope in a graph; eagerly it names none
    name = (name or "convolution") if _state.graph is not None else None
    # (only None is the default layout: another format, even a falsy one, is checked)
    df = FORMATS[r][0] if data_format is None else data_format
    if r == 1:
        return conv1d(x, filters, strides, padding, df, dilations, name)
    # (TF expands the strides and dilations itself, a format not a string channels first;
    # its ops take the format as given, reading bytes as the string)
    laid = df if isinstance(df, str) else FORMATS[r][1]
    if isinstance(df, bytes):
        df = C.string_arg(df, "data_format")
    # (a dilation not 1, compared as given, is TF's dilated form: its Convolution class,
    # which int()s the rates and takes a padding list, as tf.nn.conv2d does)
    attrs = dict(_conv_attrs(r, strides, padding, laid, dilations, _dilated(dilations)),
                 data_format=df)
    op_attrs_first("Conv3D" if r == 3 else "Conv2D", padding=attrs["padding"],
                   data_format=df)
    x, w = binary_args(x, filters)
    try:
        return (_conv3d if r == 3 else _conv2d)(x, w, attrs, name)
    except OpError as e:  # (dilated, TF's own form hands its op lists: the fallback too)
        slow = by_fallback(strides, dilations) or any(d != 1 for d in attrs["dilations"])
        raise (slow_path(e) if slow else e) from None


__all__ = ["conv1d", "conv2d", "conv3d", "convolution"]
