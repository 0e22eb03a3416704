"""Pooling: MaxPool/AvgPool in 2-D and 3-D with their gradient ops, and tf.nn's
max_pool*/avg_pool*/pool wrappers (MaxPoolWithArgmax is in nn_pool_argmax.py).

Sits in the ops layer on windows.py, pool_windows.py and nn_args.py. The kernels loop
over the window's taps (a few vectorized maximum/add calls over blocks of images), never
over pixels. Semantics as TF:
SAME average pooling divides by the number of real (unpadded) cells in each window,
and a max-pool gradient goes to the first maximal cell of each window in row-major
order (ties do not split it). Gradients of any order:

    MaxPool(x)               -> [MaxPoolGrad(x, y, g)]
    MaxPoolGrad(x, y, dy)    -> [-, -, MaxPoolGradGrad(x, y, g)]
    MaxPoolGradGrad(x, y, d) -> [-, -, MaxPoolGrad(x, y, g)]
    AvgPool(x)               -> [AvgPoolGrad(shape(x), g)]
    AvgPoolGrad(s, dy)       -> [-, AvgPool(g)]
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from functools import partial
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import OpError, UnimplementedError
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import pool_windows as PW
from eagerflow._src.ops import pool_xla as PX
from eagerflow._src.ops import windows as W
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import expand_dims, squeeze
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_name, slow_path
from eagerflow._src.ops.math import add, maximum
from eagerflow._src.ops.math_base import _t, zeros_like
from eagerflow._src.ops.nn_args import (
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
    no_registered_kernel,
    out_size,
    outer,
    python_format,
    refuse_channels_first,
    scope_name,
    shape_tensor,
    sized,
    spatial,
    static_shape_values,
    unbool,
    unimplemented,
    xla_explicit,
)
from eagerflow._src.ops.nn_pool_refs import (
    Pool,
    avg_grad_ref,
    avg_ref,
    max_grad_grad_ref,
    max_grad_ref,
    max_ref,
    pool_samples,
)
from eagerflow._src.ops.registry import (
    REGISTRY,
    OpDef,
    TFForm,
    register,
)
from eagerflow._src.ops.slicing import getitem

_MAX_T = (dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.int32, dt.int64, dt.uint8,
          dt.int16, dt.int8, dt.uint16)
_AVG_T = (dt.float16, dt.bfloat16, dt.float32, dt.float64)
# TF's definitions of MaxPool3D and MaxPool3DGrad (T and TInput) take no float64; that of
# MaxPool3DGradGrad every real type
_MAX3D_T = (dt.float16, dt.bfloat16, dt.float32)
_REAL_T = _MAX_T + (dt.uint32, dt.uint64)


POOL2D = Pool(2, "", ("NHWC", "NCHW"), True, _MAX_T)
POOL3D = Pool(3, "3D", ("NDHWC", "NCDHW"), False, _MAX3D_T)

# TF 2.21's CPU runs the 3-D pools and their gradients on bfloat16 and float only (a Keras
# mixed_float16 3-D pooling fails so; float64 too, where the op's definition takes it);
# XLA's types, which its NotFoundError lists first, are these
_XLA_3D = {"MaxPool3D": "T in [DT_FLOAT, DT_BFLOAT16, DT_HALF]",
           "AvgPool3D": "T in [DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, DT_HALF]",
           "MaxPool3DGrad": "TInput in [DT_FLOAT, DT_BFLOAT16, DT_HALF]; "
                            "T in [DT_FLOAT, DT_BFLOAT16, DT_HALF]",
           "MaxPool3DGradGrad": "T in [DT_FLOAT]",
           "AvgPool3DGrad": "T in [DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, DT_HALF]"}


def _refuse_3d(op: str, d: Any, ksize: tuple, strides: tuple, padding: str,
               data_format: str, d_input: Any = None) -> None:
    """TF's refusal of a 3-D pooling of a type its CPU has no kernel for (`d_input`:
    MaxPool3DGrad's TInput, which its kernels take equal to T): eagerly its NotFoundError
    when the op is placed, listing XLA's types too; in a graph its InvalidArgumentError
    when the node runs (nn_args.no_registered_kernel), by the kernel (_refuse_3d_run), and
    not under TF's XLA, which computes them."""
    if _state.graph is not None or not _unkernelled_3d(op, d, d_input, _state.xp is np):
        return
    raise C.no_kernel(op, _attrs_3d(d, d_input, ksize, strides, padding, data_format),
                      others=_kernels_3d(op, d_input))


def _refuse_3d_run(op: str, xp: Any, d: Any, ksize: tuple, strides: tuple, padding: str,
                   data_format: str, d_input: Any = None) -> None:
    """_refuse_3d's error of a graph's node, raised by its kernel (NumPy dtypes `d`,
    `d_input`) on the CPU, outside XLA."""
    if xp is not np or _state.xla or op not in _XLA_3D:
        return
    d, d_input = dt.from_numpy(d), d_input and dt.from_numpy(d_input)
    if not _unkernelled_3d(op, d, d_input, True):
        return
    raise no_registered_kernel(op, _attrs_3d(d, d_input, ksize, strides, padding, data_format),
                               _kernels_3d(op, d_input))


def _unkernelled_3d(op: str, d: Any, d_input: Any, on_cpu: bool) -> bool:
    """Whether TF has no kernel of 3-D pooling `op` for these types: its CPU's take bfloat16
    and float, its GPU's half too (float64 neither: a GPU's refusal then also lists GPU
    kernels, which this message leaves out)."""
    kernelled = (dt.bfloat16, dt.float32) if on_cpu else (dt.bfloat16, dt.float32, dt.float16)
    return op in _XLA_3D and not (d in kernelled and d_input in (None, d))


def _attrs_3d(d: Any, d_input: Any, ksize: tuple, strides: tuple, padding: str,
              data_format: str) -> str:
    """The node's attrs as TF prints them (in a graph's error TF's order varies from run to
    run; here always the eager one)."""
    types = f"T={C.dt_enum(d)}, " + (f"TInput={C.dt_enum(d_input)}, " if d_input else "")
    return (f'{types}data_format="{data_format}", ksize=[{", ".join(map(str, ksize))}], '
            f'padding="{padding}", strides=[{", ".join(map(str, strides))}]')


def _kernels_3d(op: str, d_input: Any) -> tuple:
    """TF's registrations of the op, as its errors list them: XLA's, then the CPU's."""
    return (("XLA_CPU_JIT", _XLA_3D[op]),) + tuple(
        ("CPU", f"T in [{t}]" + (f"; TInput in [{t}]" if d_input else ""))
        for t in ("DT_BFLOAT16", "DT_FLOAT"))


def _check_tinput(op: str, x: Any, y: Any = None, attr: str = "TInput") -> Any:
    """MaxPool3DGrad's type attr `attr` of its input `x` (and `y`, the same), with TF's
    words: its definition's list has no float64."""
    d = x._dtype
    if y is not None and y._dtype is not d:
        raise C.wrong_input_dtype(op, 1, d, y._dtype)
    if d not in _MAX3D_T:
        raise fail(op, f"Value for attr '{attr}' of {C.dtype_word(d)} is not in the list of "
                       f"allowed values: half, bfloat16, float\n\t; NodeDef: {{{{node {op}}}}}")
    return d


def _check_choices(p: Pool, op: str, padding: str, data_format: str, is_max: bool) -> None:
    check_choice(op, "padding", padding, ("SAME", "VALID", "EXPLICIT")
                 if p.explicit and is_max else ("SAME", "VALID"))
    check_choice(op, "data_format", data_format,
                 p.formats + ("NCHW_VECT_C",) if op == "MaxPool" else p.formats)


def _check_pool_attrs(p: Pool, op: str, shape: tuple | None, ksize: tuple, strides: tuple,
                      padding: str, explicit: tuple, data_format: str, is_max: bool,
                      dtype: Any = np.float32) -> None:
    if _state.graph is None and not _state.xla:
        # (eagerly, outside XLA, the checks depend on their arguments and the scope's
        # device alone: a model's pooling passes them once, not every step, ~1,000
        # bytecodes a call; a refusal is never kept, so a bad call raises every time)
        C.kept(("pool attrs", p, op, shape, ksize, strides, padding, explicit, data_format,
                is_max, dtype, _state.device), _pool_attr_checks, p, op, shape, ksize,
               strides, padding, explicit, data_format, is_max, dtype)
    else:
        _pool_attr_checks(p, op, shape, ksize, strides, padding, explicit, data_format,
                          is_max, dtype)


def _pool_attr_checks(p: Pool, op: str, shape: tuple | None, ksize: tuple, strides: tuple,
                      padding: str, explicit: tuple, data_format: str, is_max: bool,
                      dtype: Any) -> None:
    nd = p.rank + 2
    _check_choices(p, op, padding, data_format, is_max)
    if op == "MaxPool" and (data_format == "NCHW_VECT_C" or _state.graph is None):
        _refuse_cpu_format(data_format, padding, dtype, _state.device == CPU_DEVICE)
    for what, values in (("ksize", ksize), ("strides", strides)):  # (read as int32s first)
        for v in values:
            AV.int_attr(op, v, what)
    if len(ksize) != nd:
        raise fail(op, f"Sliding window ksize field must specify {nd} dimensions")
    if len(strides) != nd:
        raise fail(op, f"Sliding window stride field must specify {nd} dimensions")
    if (ksize[0] != 1 or strides[0] != 1) and not _xla_windows(op) and \
            not (_state.graph is not None and op in _RUN_CHECKED):
        raise unimplemented(op, "Pooling is not yet supported on the batch dimension.")
    if shape is not None and len(shape) != nd:
        raise fail(op, f"tensor_in_shape must have {p.rank} spatial dimensions. {len(shape)} 0"
                   if p.rank == 2 and op not in (p.max_grad, p.max_grad_grad) else
                   f"tensor_in must be {nd}-dimensional")
    if any(k <= 0 for k in ksize):
        if is_max:
            raise fail(op, "Sliding window ksize must be positive." + (
                " The specified or inferred ksize is: " + ",".join(str(k) for k in ksize)
                if p.ksize_hint else ""))
        raise fail(op, f"ksize must be a positive int32 value, got:{min(ksize)}")
    for s in strides:
        if s <= 0:
            raise fail(op, f"Stride must be > 0, but got {s}")
    if (outer(ksize, data_format)[1] != 1 or outer(strides, data_format)[1] != 1) and \
            not (_state.graph is not None and op in _RUN_CHECKED) and not _xla_windows(op):
        _check_depth_window(p, op, shape, ksize, strides, padding, data_format)
    if p.explicit and is_max:
        check_explicit(op, padding, explicit, nd, data_format)
        if _state.graph is None:  # (TF's shape functions leave it to the kernel, at run)
            check_window_paddings(op, padding, explicit, ksize, data_format)


# The pools whose window across the channels TF's kernels check when they run (traced,
# their shape functions take it: the node fails when it runs), and which TF's XLA computes
# over any of the four dimensions (its reduce window)
_RUN_CHECKED = ("MaxPool", "MaxPoolV2", "AvgPool")
_XLA_WINDOWS = (*_RUN_CHECKED, "MaxPoolGrad", "AvgPoolGrad")


def _xla_windows(op: str) -> bool:
    """Whether `op` pools over any dimension here: under TF's XLA (its run, or the trace
    of a tf.function(jit_compile=True)), the 2-D pools' and their gradients' reduce
    windows (AvgPoolGrad's over the batch XLA refuses as it compiles: xla_batch_window)."""
    return op in _XLA_WINDOWS and (_state.xla or bool(getattr(_state.graph, "jit_compile",
                                                                  None)))


def xla_batch_window(attrs: dict) -> tuple | None:
    """TF's XLA AvgPoolGrad kernel's refusal of a window or stride over the batch."""
    if attrs["ksize"][0] == 1 and attrs["strides"][0] == 1:
        return None
    return UnimplementedError, "Pooling is not yet supported on the batch dimension."


def _run_checks(p: Pool, op: str, shape: tuple, ksize: tuple, strides: tuple,
                padding: str, data_format: str) -> bool:
    """A traced pool's checks of a window over the batch or across the channels, when its
    node runs (an eager op's infer checked them); whether XLA pools over them
    (what TF's kernels refuse, XLA computes: _xla_pool)."""
    if outer(ksize, data_format) == (1, 1) and outer(strides, data_format) == (1, 1):
        return False
    if _state.xla:
        return True
    if ksize[0] != 1 or strides[0] != 1:
        raise unimplemented(op, "Pooling is not yet supported on the batch dimension.")
    _check_depth_window(p, op, shape, ksize, strides, padding, data_format)
    return False


def _outer_window(ksize: tuple, strides: tuple, data_format: str) -> bool:
    return outer(ksize, data_format) != (1, 1) or outer(strides, data_format) != (1, 1)


def _as_image(ksize: tuple, data_format: str) -> tuple:
    """A window (or strides) over all four dimensions, channels last: pool_xla.py's."""
    return (ksize[0],) + spatial(ksize, data_format) + (outer(ksize, data_format)[1],)


def _xla_pool(xp: Any, pool: Any, x: Any, ksize: tuple, strides: tuple, padding: str,
              data_format: str) -> Any:
    """XLA's pool of `x` over all four dimensions (pool_xla.py's `pool`)."""
    y = pool(xp, _cl(x, data_format), _as_image(ksize, data_format),
             _as_image(strides, data_format), padding)
    return _back(xp, xp.ascontiguousarray(y), data_format)


def _xla_grad_shape(op: str, x: Any, dy: Any, ksize: tuple, strides: tuple, padding: str,
                    explicit: tuple, data_format: str) -> None:
    """XLA's MaxPoolGrad refuses a gradient not shaped as its pool of `x` (over all four
    dimensions) in its own words."""
    if padding == "EXPLICIT":  # (XLA refuses it as it compiles: xla_explicit)
        return
    ks, st = _as_image(ksize, data_format), _as_image(strides, data_format)
    if PX.out_shape(_cl(x, data_format).shape, ks, st, padding, False) != \
            _cl(dy, data_format).shape:
        raise unimplemented(op, "The output dimensions do not match the other input values.")


def _xla_max_grad(xp: Any, x: Any, dy: Any, ksize: tuple, strides: tuple, padding: str,
                  data_format: str) -> Any:
    """XLA's MaxPoolGrad over all four dimensions."""
    ks, st = _as_image(ksize, data_format), _as_image(strides, data_format)
    return _back(xp, PX.max_pool_grad(xp, _cl(x, data_format), _cl(dy, data_format), ks, st,
                                      padding), data_format)


def _xla_avg_grad(xp: Any, sizes: Any, dy: Any, ksize: tuple, strides: tuple,
                  padding: str, data_format: str) -> Any:
    n = tuple(int(v) for v in sizes)
    shape = (n[0],) + spatial(n, data_format) + (outer(n, data_format)[1],)
    out = PX.avg_pool_grad(xp, shape, _cl(dy, data_format), _as_image(ksize, data_format),
                           _as_image(strides, data_format), padding)
    return _back(xp, out, data_format)


# TF's kernels' refusals of a window or stride across the channels (the max pool's
# gradients, the average pools', every 3-D one: all but the 2-D max pools)
_DEPTH_REFUSALS = {
    **dict.fromkeys(("MaxPoolGrad", "MaxPoolGradV2"),
                    "MaxPoolingGrad is not yet supported on the depth dimension."),
    **dict.fromkeys(("MaxPoolGradGrad", "MaxPoolGradGradV2"),
                    "MaxPoolingGradGrad is not yet supported on the depth dimension."),
    **dict.fromkeys(("AvgPool", "AvgPoolGrad"),
                    "Non-spatial pooling is not yet supported. Volunteers? :)"),
    **dict.fromkeys(("MaxPool3D", "AvgPool3D", "MaxPool3DGrad", "AvgPool3DGrad",
                     "MaxPool3DGradGrad"),
                    "Pooling is not yet supported on the depth dimension.")}


def _check_depth_window(p: Pool, op: str, shape: tuple | None, ksize: tuple, strides: tuple,
                        padding: str, data_format: str) -> None:
    """A window or stride across the channels, as TF's kernels take it: the 2-D max pools
    pool across them (a window of channels alone, dividing them, as wide as its stride:
    _depth_max), a depth stride under a window of one channel unread (AvgPool checks the
    window as they do, then refuses it); the other ops refuse it in their words."""
    if op in _DEPTH_REFUSALS and op != "AvgPool":
        raise unimplemented(op, _DEPTH_REFUSALS[op])
    if op not in ("MaxPool", "MaxPoolV2", "AvgPool"):  # (the argmax pools)
        raise unimplemented(op, "Depthwise max pooling is not supported")
    k, s = outer(ksize, data_format)[1], outer(strides, data_format)[1]
    if k == 1:
        return
    if op == "MaxPool" and _state.graph is None and _state.device == CPU_DEVICE:
        # (oneDNN pools no channels: TF's own kernel runs, which refuses channels-first data)
        refuse_channels_first(op, np.float32, data_format, onednn=False)
    if spatial(ksize, data_format) != (1,) * p.rank:
        raise unimplemented(op, "MaxPooling supports exactly one of pooling across depth or "
                                "pooling across width/height.")
    if shape is not None and outer(shape, data_format)[1] is not None and \
            outer(shape, data_format)[1] % k:
        raise unimplemented(op, "Depthwise max pooling requires the depth window to evenly "
                                "divide the input depth")
    if s != k:
        raise unimplemented(op, "Depthwise max pooling requires the depth window to equal "
                                "the depth stride")
    if op == "AvgPool":
        raise unimplemented(op, _DEPTH_REFUSALS[op])
    if padding == "EXPLICIT":
        raise unimplemented(op, "Depthwise max pooling does not support explicit padding.")


def _depth_max(xp: Any, x: Any, k: int) -> Any:
    """TF's depthwise max pooling of channels-last `x`: each run of `k` channels' running
    maximum, a value taken only where it is greater (a NaN first stays; one after a number
    is passed over)."""
    w = x.reshape(x.shape[:-1] + (x.shape[-1] // k, k))
    y = w[..., 0]
    for i in range(1, k):
        y = xp.where(w[..., i] > y, w[..., i], y)
    return xp.ascontiguousarray(y)


def _refuse_cpu_format(data_format: str, padding: str, dtype: Any, cpu: bool) -> None:
    """TF's CPU MaxPool kernel's refusal, before its other checks, of NCHW_VECT_C (which
    eagerflow computes nowhere: TF's GPU's qint8 layout) and, on the CPU (`cpu`), of NCHW
    but for oneDNN's float32 and bfloat16 (NumPy's `dtype`) without explicit paddings, which
    oneDNN takes none of."""
    if data_format == "NCHW_VECT_C":
        raise fail("MaxPool", "Default MaxPoolingOp only supports NHWC on device type CPU")
    if cpu:
        refuse_channels_first("MaxPool", dtype, data_format, onednn=padding != "EXPLICIT")


def _refuse_eager_gradient(op: str, d: dt.DType, data_format: str) -> None:
    """TF's CPU max-pool gradient kernels refuse channels-first data of every dtype, as
    an eager op does; a graph's node refuses it when it runs, but where it is paired with
    its MaxPool (_paired_form): oneDNN's gradient runs then, which takes float32 and
    bfloat16 as the forward op does."""
    if _state.graph is None and _state.device == CPU_DEVICE:
        refuse_channels_first(op, d.as_numpy_dtype, data_format, onednn=False)


def check_window_paddings(op: str, padding: str, explicit: tuple, ksize: tuple,
                          data_format: str) -> None:
    """TF's max-pool kernels' refusal of an explicit padding as wide as the window."""
    if padding != "EXPLICIT":
        return
    sides = (("Top", "Bottom"), ("Left", "Right"))  # (TF's names: rows, then columns)
    for (b, a), k, names in zip(explicit_pairs(explicit, data_format),
                                spatial(ksize, data_format), sides):
        for side, v in zip(names, (b, a)):
            if v >= k:
                raise fail(op, f"{side} padding {v} needs to be smaller than the window size "
                               f"{k}")


def _out_shape(op: str, xshape: tuple, ksize: tuple, strides: tuple, padding: str,
               explicit: tuple, data_format: str, r: int, d: dt.DType = dt.float32,
               shape_fn: bool = False) -> tuple:
    pairs = explicit_pairs(explicit, data_format) if padding == "EXPLICIT" else ((0, 0),) * r
    outs = tuple(out_size(op, s, k, st, 1, padding, pr, shape_fn) for s, k, st, pr in
                 zip(spatial(xshape, data_format), spatial(ksize, data_format),
                     spatial(strides, data_format), pairs))
    n, c = outer(xshape, data_format)
    if c is not None and outer(ksize, data_format)[1] > 1:  # (a max pool across channels)
        # (TF's shape function pools the channels as a spatial dimension: a depth window
        # its kernels refuse, XLA's computes, _xla_pool)
        c = out_size(op, c, outer(ksize, data_format)[1], outer(strides, data_format)[1], 1,
                     padding, (0, 0), shape_fn)
    if padding == "SAME" and None not in outs:
        # the kernel pads the input to (out - 1) * stride + ksize: refuse a padded temporary
        # too large for memory (a huge window) before allocating it
        padded = tuple(None if s is None else max(s, (o - 1) * st + k) for s, o, k, st in
                       zip(spatial(xshape, data_format), outs, spatial(ksize, data_format),
                           spatial(strides, data_format)))
        sized(op, full_shape(n, padded, c, data_format), d)
    return sized(op, full_shape(n, outs, c, data_format), d)


def _engine(ksize: tuple, strides: tuple, padding: str, explicit: tuple,
            data_format: str) -> tuple:
    ex = explicit_pairs(explicit, data_format) if padding == "EXPLICIT" else ()
    return spatial(ksize, data_format), spatial(strides, data_format), padding, ex


def _cl(x: Any, data_format: str) -> Any:
    return W.to_channels_last(x, channels_first(data_format))


def _back(xp: Any, y: Any, data_format: str) -> Any:
    cf = channels_first(data_format)
    return xp.ascontiguousarray(W.from_channels_last(y, cf)) if cf else y


def _check_like(op: str, t: Any, want: tuple | None, what: str) -> None:
    _check_shape_like(op, t._shape, want, what)


def _check_shape_like(op: str, shape: tuple | None, want: tuple | None, what: str) -> None:
    if not C.compatible(want, shape):
        raise fail(op, f"Expected {what} shape to be {C.shape_str(want)}, but got "
                       f"{C.shape_str(shape)}")


# ---------------------------------------------------------------------------------------
# The ops of a family: MaxPool, its gradient and its gradient's gradient; AvgPool and its
# gradient. Each function takes the family first; _register_pool binds it with
# functools.partial.
# ---------------------------------------------------------------------------------------

def max_pool_infer(p: Pool, x: Any, ksize: tuple, strides: tuple, padding: str,
                   explicit_paddings: tuple, data_format: str) -> list:
    d = check_t(p.max, (x,), p.max_types)
    _check_pool_attrs(p, p.max, x._shape, ksize, strides, padding, explicit_paddings,
                      data_format, True, d.as_numpy_dtype)
    _refuse_3d(p.max, d, ksize, strides, padding, data_format)
    if x._shape is None:
        return [(None, d)]
    # (MaxPoolV2's shape function words it with its ksize and strides inputs' values,
    # shape_errors._max_pool_v2; eagerly its kernel's words)
    return [(_out_shape(p.max, x._shape, ksize, strides, padding, explicit_paddings,
                        data_format, p.rank, d,
                        shape_fn=p.max != "MaxPoolV2" or _state.graph is not None), d)]


def max_pool_kernel(p: Pool, xp: Any, x: Any, ksize: tuple, strides: tuple, padding: str,
                    explicit_paddings: tuple, data_format: str, keep: bool = False) -> Any:
    _refuse_3d_run(p.max, xp, x.dtype, ksize, strides, padding, data_format)
    if p.max == "MaxPool":  # (traced, its check is the kernel's, at run)
        _refuse_cpu_format(data_format, padding, x.dtype, xp is np)
    check_window_paddings(p.max, padding, explicit_paddings, ksize, data_format)
    if _run_checks(p, p.max, x.shape, ksize, strides, padding, data_format):
        return _xla_pool(xp, PX.max_pool, x, ksize, strides, padding, data_format)
    if outer(ksize, data_format)[1] > 1:  # (a window of channels alone: _check_depth_window)
        return _back(xp, _depth_max(xp, _cl(x, data_format), outer(ksize, data_format)[1]),
                     data_format)
    ks, st, pad, ex = _engine(ksize, strides, padding, explicit_paddings, data_format)
    keep = keep and not channels_first(data_format)  # (the arrays the gradient will see)
    return _back(xp, PW.max_pool(xp, _cl(x, data_format), ks, st, pad, ex, keep), data_format)


def max_pool_grad(p: Pool, n: Any, g: Any) -> list:
    return [bind(REGISTRY[p.max_grad], (n.inputs[0], n.outputs[0], g), n.attrs)]


def max_pool_grad_infer(p: Pool, x: Any, y: Any, dy: Any, ksize: tuple, strides: tuple,
                        padding: str, explicit_paddings: tuple, data_format: str) -> list:
    op = p.max_grad
    if p.rank == 3:  # (its inputs are TInput, its gradient T: each checked as TF names it)
        d_in = _check_tinput(op, x, y)
        d = _check_tinput(op, dy, attr="T")
    else:
        d = d_in = check_t(op, (x, y, dy), p.max_types)
    if _state.graph is not None:
        # TF's shape function checks the attrs' values and the input's rank alone: its
        # kernel checks the rest when the node runs (max_pool_grad_kernel)
        _check_choices(p, op, padding, data_format, True)
        if x._shape is not None and len(x._shape) != p.rank + 2:
            raise fail(op, f"Shape must be rank {p.rank + 2} but is rank {len(x._shape)}")
        return [(x._shape, d)]
    _check_pool_attrs(p, op, x._shape, ksize, strides, padding, explicit_paddings, data_format,
                      True)
    _refuse_3d(op, d, ksize, strides, padding, data_format, d_in)
    _refuse_eager_gradient(op, d, data_format)
    _check_grad_shapes(p, op, x._shape, y._shape, dy._shape, ksize, strides, padding,
                       explicit_paddings, data_format)
    return [(x._shape, d)]


def _check_grad_shapes(p: Pool, op: str, xshape: tuple | None, yshape: tuple | None,
                       dyshape: tuple | None, ksize: tuple, strides: tuple, padding: str,
                       explicit: tuple, data_format: str) -> None:
    """A max-pool gradient's orig_output and grad of the pool's output shape."""
    if xshape is not None and None not in xshape:
        want = _out_shape(op, xshape, ksize, strides, padding, explicit, data_format, p.rank)
        _check_shape_like(op, yshape, want, "orig_output")
        _check_shape_like(op, dyshape, want, "grad")


def max_pool_grad_kernel(p: Pool, xp: Any, x: Any, y: Any, dy: Any, ksize: tuple,
                         strides: tuple, padding: str, explicit_paddings: tuple,
                         data_format: str, onednn: bool = False, checks: bool = True) -> Any:
    # (`checks`: a graph's node checks here, when it runs, what its shape function leaves;
    # an eager op's infer checked them already, max_pool_grad_infer: its OpDef's kernel
    # checks nothing, its graph forms' do, _paired_form)
    if checks:
        _check_pool_attrs(p, p.max_grad, x.shape, ksize, strides, padding, explicit_paddings,
                          data_format, True)
        check_window_paddings(p.max_grad, padding, explicit_paddings, ksize, data_format)
        if xp is np:  # (`onednn`: its graph form paired with a MaxPool, _paired_form)
            refuse_channels_first(p.max_grad, x.dtype, data_format, onednn)
        _refuse_3d_run(p.max_grad, xp, dy.dtype, ksize, strides, padding, data_format, x.dtype)
        if _state.xla:
            _xla_grad_shape(p.max_grad, x, dy, ksize, strides, padding, explicit_paddings,
                            data_format)
        else:
            _check_grad_shapes(p, p.max_grad, x.shape, y.shape, dy.shape, ksize, strides,
                               padding, explicit_paddings, data_format)
    if _state.xla and _outer_window(ksize, strides, data_format):
        return _xla_max_grad(xp, x, dy, ksize, strides, padding, data_format)
    ks, st, pad, ex = _engine(ksize, strides, padding, explicit_paddings, data_format)
    xc = _cl(x, data_format)
    out = PW.max_pool_grad(xp, xc, _orig_output(xp, xc, y, data_format, ks, st, pad, ex),
                           _cl(dy, data_format), ks, st, pad, ex)
    return _back(xp, out, data_format)


def _orig_output(xp: Any, xc: Any, y: Any, data_format: str, ks: tuple, st: tuple, pad: str,
                 ex: tuple) -> Any:
    """The pool's output a max-pool gradient kernel reads (channels-last, of `xc`, its
    channels-last input): `y` as given, or under TF's XLA (`_state.xla`) the pool of `xc`
    recomputed, since XLA's gradients select each window's maximum in the input itself
    (an orig_output that is not the pool's does not matter there)."""
    if _state.xla:
        return PW.max_pool(xp, xc, ks, st, pad, ex)
    return _cl(y, data_format)


def _paired_form(p: Pool, forms: dict, ins: tuple, attrs: dict) -> OpDef:
    """MaxPoolGrad's (or MaxPool3DGrad's) OpDef for a graph's node: oneDNN's gradient
    (`forms["onednn"]`: channels-first float32 and bfloat16 computed) where its orig_output
    is a MaxPool's output, maybe through Identity ops, as TF's graph rewrites pair the two;
    else the raw op's (`forms["alone"]`), which refuses channels-first data in every dtype,
    as eagerly (each checking its inputs as it runs). A MaxPool a backward function
    replays (Graph.replays_forward) pairs with none: TF's backward function of a
    tf.function an eager tape recorded takes the pool's output as an input."""
    y = ins[1]
    made = getattr(getattr(y, "_op", None), "op", None)  # (the OpDef of y's node)
    while made is not None and made.name == "Identity":
        y = y._op.inputs[0]
        made = getattr(getattr(y, "_op", None), "op", None)
    paired = made is not None and made.name in (p.max, f"_{p.max}KeepArgmax") and \
        not y._op.graph.replays_forward
    return forms["onednn" if paired and channels_first(attrs["data_format"]) else "alone"]


def max_pool_grad_grad(p: Pool, n: Any, g: Any) -> list:
    x, y, _ = n.inputs
    return [zeros_like(x), zeros_like(y), bind(REGISTRY[p.max_grad_grad], (x, y, g), n.attrs)]


def max_pool_grad_grad_infer(p: Pool, x: Any, y: Any, gg: Any, ksize: tuple, strides: tuple,
                             padding: str, explicit_paddings: tuple, data_format: str) -> list:
    op = p.max_grad_grad
    d = check_t(op, (x, y, gg), _REAL_T if p.rank == 3 else p.max_types)
    _check_pool_attrs(p, op, x._shape, ksize, strides, padding, explicit_paddings, data_format,
                      True)
    _refuse_3d(op, d, ksize, strides, padding, data_format)
    _refuse_eager_gradient(op, d, data_format)
    if p.rank == 3 and x._shape is not None and 0 in x._shape:  # (TF's 3-D kernel refuses it)
        raise fail(op, f"received empty tensor tensor_in: Tensor<type: {C.dtype_word(d)} "
                       f"shape: {C.shape_str(x._shape)} values: >")
    _check_like(op, gg, x._shape, "grad")
    if x._shape is not None and None not in x._shape:
        want = _out_shape(op, x._shape, ksize, strides, padding, explicit_paddings,
                          data_format, p.rank)
        _check_like(op, y, want, "orig_output")
        return [(want, d)]
    return [(y._shape, d)]


def max_pool_grad_grad_kernel(p: Pool, xp: Any, x: Any, y: Any, gg: Any, ksize: tuple,
                              strides: tuple, padding: str, explicit_paddings: tuple,
                              data_format: str) -> Any:
    if xp is np:  # (oneDNN has no second gradient: refused in every dtype, traced too)
        refuse_channels_first(p.max_grad_grad, x.dtype, data_format, onednn=False)
    _refuse_3d_run(p.max_grad_grad, xp, x.dtype, ksize, strides, padding, data_format)
    check_window_paddings(p.max_grad_grad, padding, explicit_paddings, ksize, data_format)
    ks, st, pad, ex = _engine(ksize, strides, padding, explicit_paddings, data_format)
    xc = _cl(x, data_format)
    out = PW.max_pool_grad_grad(xp, xc, _orig_output(xp, xc, y, data_format, ks, st, pad, ex),
                                _cl(gg, data_format), ks, st, pad, ex)
    return _back(xp, out, data_format)


def max_pool_grad_grad_grad(p: Pool, n: Any, g: Any) -> list:
    x, y, _ = n.inputs
    return [zeros_like(x), zeros_like(y), bind(REGISTRY[p.max_grad], (x, y, g), n.attrs)]


def avg_pool_infer(p: Pool, x: Any, ksize: tuple, strides: tuple, padding: str,
                   data_format: str) -> list:
    d = check_t(p.avg, (x,), _AVG_T)
    _check_pool_attrs(p, p.avg, x._shape, ksize, strides, padding, (), data_format, False)
    _refuse_3d(p.avg, d, ksize, strides, padding, data_format)
    if x._shape is None:
        return [(None, d)]
    return [(_out_shape(p.avg, x._shape, ksize, strides, padding, (), data_format, p.rank, d,
                        shape_fn=True), d)]


def avg_pool_kernel(p: Pool, xp: Any, x: Any, ksize: tuple, strides: tuple, padding: str,
                    data_format: str) -> Any:
    if xp is np and p.rank == 2:
        refuse_channels_first(p.avg, x.dtype, data_format)
    _refuse_3d_run(p.avg, xp, x.dtype, ksize, strides, padding, data_format)
    if p.rank == 2 and _run_checks(p, p.avg, x.shape, ksize, strides, padding, data_format):
        return _xla_pool(xp, PX.avg_pool, x, ksize, strides, padding, data_format)
    ks, st, pad, _ = _engine(ksize, strides, padding, (), data_format)
    return _back(xp, PW.avg_pool(xp, _cl(x, data_format), ks, st, pad), data_format)


def avg_pool_grad(p: Pool, n: Any, g: Any) -> list:
    return [bind(REGISTRY[p.avg_grad], (shape_tensor(n.inputs[0]), g), n.attrs)]


def avg_pool_grad_infer(p: Pool, sizes: Any, dy: Any, ksize: tuple, strides: tuple,
                        padding: str, data_format: str) -> list:
    op, r = p.avg_grad, p.rank
    d = check_t(op, (dy,), _AVG_T)
    C.check_dtype(op, sizes, C.INDEX)
    vals = static_shape_values(sizes)
    if vals is not None and len(vals) != r + 2:
        raise fail(op, f"orig_input_shape must have {r + 2} elements")
    _check_pool_attrs(p, op, vals, ksize, strides, padding, (), data_format, False)
    _refuse_3d(op, d, ksize, strides, padding, data_format)
    if vals is not None and dy._shape is not None and None not in dy._shape:
        want = _out_shape(op, vals, ksize, strides, padding, (), data_format, r)
        if want != dy._shape:
            raise fail(op, f"Expected grad shape to be {C.shape_str(want)}, but got "
                           f"{C.shape_str(dy._shape)}")
    return [(vals if vals is not None else (None,) * (r + 2), d)]


def avg_pool_grad_kernel(p: Pool, xp: Any, sizes: Any, dy: Any, ksize: tuple, strides: tuple,
                         padding: str, data_format: str) -> Any:
    if xp is np and p.rank == 2:
        refuse_channels_first(p.avg_grad, dy.dtype, data_format)
    _refuse_3d_run(p.avg_grad, xp, dy.dtype, ksize, strides, padding, data_format)
    if p.rank == 2 and _state.xla and _outer_window(ksize, strides, data_format):
        return _xla_avg_grad(xp, sizes, dy, ksize, strides, padding, data_format)
    ks, st, pad, _ = _engine(ksize, strides, padding, (), data_format)
    shape = tuple(int(v) for v in sizes)
    cl_shape = (shape[0],) + spatial(shape, data_format) + (outer(shape, data_format)[1],)
    return _back(xp, PW.avg_pool_grad(xp, cl_shape, _cl(dy, data_format), ks, st, pad),
                 data_format)


def avg_pool_grad_grad(p: Pool, n: Any, g: Any) -> list:
    return [None, bind(REGISTRY[p.avg], (g,), n.attrs)]


def _register_pool(p: Pool) -> tuple:
    s = functools.cache(partial(pool_samples, p))  # drawn together, when asked
    # TF's 3-D max pools and MaxPoolGradGrad have no explicit padding
    no_explicit = TFForm(fixed={"explicit_paddings": ()})
    form = None if p.explicit else no_explicit
    max_ = register(OpDef(p.max, partial(max_pool_infer, p), partial(max_pool_kernel, p),
                          grad=partial(max_pool_grad, p), reference=max_ref(p),
                          samples=lambda: s()["max"], bad_samples=lambda: s()["max_bad"],
                          tf=form, xla_refuses=partial(xla_explicit, "pooling ops")))
    if p.rank == 2:
        # MaxPool that keeps each window's argmax for its gradient (see pool_windows.max_pool),
        # bound in MaxPool's place where that gradient may follow: eagerly under a tape
        # (max_pool2d), and in a graph that holds it (graph/passes/fuse.py). The rest is
        # MaxPool's (its errors too: MaxPool's bad samples), and TF's graphs write it as
        # MaxPool.
        register(OpDef(f"_{p.max}KeepArgmax", max_.infer, partial(max_pool_kernel, p, keep=True),
                       grad=max_.grad, reference=max_.reference, samples=lambda: s()["max"],
                       xla_refuses=max_.xla_refuses,
                       tf=TFForm(export=lambda n, b: b.node(p.max, [b.input(0)], n.attrs))))
    # MaxPoolGrad's forms: a graph's node runs oneDNN's or the raw op's kernel, each
    # checking what TF's kernels check when it runs (_paired_form: its forms, which an
    # inlining pass chooses again); the eager op, checked by its infer, checks nothing more
    forms: dict = {}
    onednn = forms["onednn"] = OpDef(
        p.max_grad, partial(max_pool_grad_infer, p), partial(max_pool_grad_kernel, p,
                                                             onednn=True),
        grad=partial(max_pool_grad_grad, p), reference=max_grad_ref(p), tf=form,
        xla_refuses=partial(xla_explicit, "maxpoolgrad"),
        graph_form=partial(_paired_form, p, forms))
    forms["alone"] = replace(onednn, kernel=partial(max_pool_grad_kernel, p))
    register(replace(onednn, kernel=partial(max_pool_grad_kernel, p, checks=False),
                     samples=lambda: s()["max_grad"]))
    register(OpDef(p.max_grad_grad, partial(max_pool_grad_grad_infer, p),
                   partial(max_pool_grad_grad_kernel, p),
                   grad=partial(max_pool_grad_grad_grad, p), reference=max_grad_grad_ref(p),
                   samples=lambda: s()["max_grad_grad"], tf=no_explicit,
                   xla_types=("float32",)))  # (XLA's, of every TF type its CPU's compute)
    avg = register(OpDef(p.avg, partial(avg_pool_infer, p), partial(avg_pool_kernel, p),
                         grad=partial(avg_pool_grad, p), reference=avg_ref(p),
                         samples=lambda: s()["avg"], bad_samples=lambda: s()["avg_bad"]))
    register(OpDef(p.avg_grad, partial(avg_pool_grad_infer, p), partial(avg_pool_grad_kernel, p),
                   host_inputs=(0,),  # (TF's HostMemory("orig_input_shape"))
                   grad=partial(avg_pool_grad_grad, p), reference=avg_grad_ref(p),
                   samples=lambda: s()["avg_grad"],
                   xla_refuses=xla_batch_window if p.rank == 2 else None))
    return max_, avg


MAX_POOL, AVG_POOL = _register_pool(POOL2D)
MAX_POOL_GRAD, MAX_POOL_KEEP = REGISTRY["MaxPoolGrad"], REGISTRY["_MaxPoolKeepArgmax"]
# (a graph's node of a MaxPoolGrad that no MaxPool pairs with: the raw op's kernel, checked)
MAX_POOL_GRAD_ALONE = MAX_POOL_GRAD.graph_form.args[1]["alone"]
MAX_POOL3D, AVG_POOL3D = _register_pool(POOL3D)


# ---------------------------------------------------------------------------------------
# Public API.
# ---------------------------------------------------------------------------------------

def _pool_attrs(p: Pool, ksize: Any, strides: Any, padding: Any, data_format: str,
                is_max: bool) -> dict:
    r = p.rank
    ci = 1 if channels_first(python_format(data_format)) else r + 1
    if is_max:
        _refuse_vect_c_explicit(padding, data_format)
    pad, ex = convert_padding(padding, r + 2, converts=is_max and r < 3)  # (as TF's Python)
    a = dict(ksize=get_sequence(ksize, r, ci, "ksize"),
             strides=get_sequence(strides, r, ci, "strides"), padding=pad,
             data_format=data_format)
    # (then its generated wrapper's conversion of them, before the input: an int list and
    # a string, else a TypeError naming the argument; ints and a str, the common call,
    # need none)
    if pad.__class__ is not str or not all(
            v.__class__ is int for v in (*a["ksize"], *a["strides"])):
        AV.wrapper_attrs(p.max if is_max else p.avg, ksize=a["ksize"], strides=a["strides"],
                         padding=pad)
    if is_max:
        a["explicit_paddings"] = ex
    elif ex:
        a["padding"] = "EXPLICIT"  # refused by AvgPool's padding check, as in TF
    return a


def _refuse_vect_c_explicit(padding: Any, data_format: Any) -> None:
    """TF's max-pool functions' refusal of explicit paddings for NCHW_VECT_C."""
    if isinstance(padding, (list, tuple)) and data_format == "NCHW_VECT_C":
        raise ValueError(f"`data_format='NCHW_VECT_C'` is not supported with explicit "
                         f"padding. Received: padding={padding}")


@dispatch_binding
def max_pool2d(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
               data_format: str = "NHWC", name: str | None = None) -> Any:
    st = _state.__dict__
    # eagerly under a tape, the gradient may follow: keep the argmax for it
    op = MAX_POOL_KEEP if st["tapes"] and st["graph"] is None else MAX_POOL
    df = default_format(data_format, "NHWC")
    attrs = _pool_attrs(POOL2D, ksize, strides, padding, df, True)  # (before the input)
    x = wrapper_inputs.op_input("MaxPool", input)
    # (TF's op is made in its "MaxPool2d" scope: eagerly its errors name no name)
    return bind(op, (x,), attrs, scope_name(name, "MaxPool2d"))


@dispatch_binding
def avg_pool2d(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
               data_format: str = "NHWC", name: str | None = None) -> Any:
    return _avg_pool2d(input, ksize, strides, padding, data_format,
                       scope_name(name, "AvgPool2D"))


def _avg_pool2d(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
                data_format: str = "NHWC", name: str | None = None) -> Any:
    """AvgPool as TF's generated wrapper runs it, given `name` (tf.nn.avg_pool's 2-D)."""
    df = default_format(data_format, "NHWC")
    attrs = _pool_attrs(POOL2D, ksize, strides, padding, df, False)  # (before the input)
    return bind(AVG_POOL, (_t(input),), attrs, name)


@dispatch_binding
def max_pool3d(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
               data_format: str = "NDHWC", name: str | None = None) -> Any:
    return _max_pool3d(input, ksize, strides, padding, data_format, eager_name(name))


def _max_pool3d(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
                data_format: str = "NDHWC", name: str | None = None) -> Any:
    """MaxPool3D as TF's generated wrapper runs it, given `name` (tf.nn.max_pool's 3-D)."""
    df = default_format(data_format, "NDHWC")
    attrs = _pool_attrs(POOL3D, ksize, strides, padding, df, True)  # (before the input)
    return bind(MAX_POOL3D, (_t(input),), attrs, name)


@dispatch_binding
def avg_pool3d(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
               data_format: str = "NDHWC", name: str | None = None) -> Any:
    return _avg_pool3d(input, ksize, strides, padding, data_format, eager_name(name))


def _avg_pool3d(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
                data_format: str = "NDHWC", name: str | None = None) -> Any:
    """AvgPool3D as TF's generated wrapper runs it, given `name` (tf.nn.avg_pool's 3-D)."""
    df = default_format(data_format, "NDHWC")
    attrs = _pool_attrs(POOL3D, ksize, strides, padding, df, False)  # (before the input)
    return bind(AVG_POOL3D, (_t(input),), attrs, name)


def _pool1d(fn: Any, input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
            data_format: str, name: str | None, default: str) -> Any:
    """1-D pooling as TF computes it: 2-D pooling over a unit height, NHWC for "NWC" and
    NCHW for any other format (the channel index read from its "NC" prefix, the height
    inserted after the first dimension: "NHWC" pools a [N, W, 1, C] tensor as NCHW, and
    TF's CPU then refuses it, or its oneDNN build computes it as eagerflow does). Traced,
    the pool is TF's node `name` (or `default`), its reshapes in that scope."""
    if data_format is not None and not isinstance(data_format, (str, bytes)):
        C.attr_read(data_format, "startswith")  # (TF's channel index comes first)
    data_format = python_format("NWC" if data_format is None else data_format)
    ci = 1 if data_format.startswith("NC") else 2
    k = (1,) + get_sequence(ksize, 1, ci, "ksize")
    s = (1,) + get_sequence(strides, 1, ci, "strides")
    if isinstance(padding, (list, tuple)) and fn is max_pool2d:  # (TF's avg_pool1d: none)
        # (three pairs, as TF converts them, then a zero pair before them)
        ex = convert_padding(padding, 3)[1]
        padding = [[0, 0]] + [list(ex[i:i + 2]) for i in range(0, 6, 2)]
    axis = 1 if data_format == "NWC" else 2
    df = "NHWC" if data_format == "NWC" else "NCHW"
    with wrapper_scope(name, default) as scope:
        return squeeze(fn(expand_dims(_t(input), axis), k, s, padding, df, name=scope), [axis])


@dispatch_binding
def max_pool1d(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
               data_format: str = "NWC", name: str | None = None) -> Any:
    return _pool1d(max_pool2d, input, ksize, strides, padding, data_format, name, "MaxPool1d")


@dispatch_binding
def avg_pool1d(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
               data_format: str = "NWC", name: str | None = None) -> Any:
    return _pool1d(avg_pool2d, input, ksize, strides, padding, data_format, name, "AvgPool1D")


def _by_rank(fns: tuple, input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
             data_format: str | None, name: str | None) -> Any:
    # (a NumPy array goes on as it is: TF's function reads its rank, and the op it picks
    # converts it, MaxPool with its float preferred; what has no shape is Python's error)
    C.attr_read(input, "shape")
    x = input if isinstance(input, np.ndarray) else _t(input)
    n = x.ndim if isinstance(x, np.ndarray) else None if x._shape is None else len(x._shape)
    if n not in (3, 4, 5):
        raise ValueError(f"`input.shape.rank` must be 3, 4 or 5. Received: "
                         f"input.shape={x.shape} of rank {n}.")
    fn = fns[n - 3]
    if data_format is None:
        return fn(x, ksize, strides, padding, name=name)
    return fn(x, ksize, strides, padding, data_format, name=name)


@dispatch_binding
def max_pool(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
             data_format: str | None = None, name: str | None = None) -> Any:
    """Max pooling of rank 1, 2 or 3, picked from the rank of `input`."""
    # (TF's hands the 3-D op its name; the 1-D and 2-D functions open a scope)
    _refuse_vect_c_explicit(padding, data_format)
    return _by_rank((max_pool1d, max_pool2d, _max_pool3d), input, ksize, strides, padding,
                    data_format, name)


@dispatch_binding
def avg_pool(input: Any, ksize: Any, strides: Any, padding: Any,  # noqa: A002
             data_format: str | None = None, name: str | None = None) -> Any:
    """Average pooling of rank 1, 2 or 3, picked from the rank of `input`."""
    # (TF's hands the 2-D and 3-D ops its name; the 1-D function opens a scope)
    return _by_rank((avg_pool1d, _avg_pool2d, _avg_pool3d), input, ksize, strides, padding,
                    data_format, name)


def _dilated_pool(x: Any, window: tuple, dil: tuple, pooling_type: str,
                  data_format: str | None) -> Any:
    """VALID, stride-1 pooling over dilated windows, built from slices of the input."""
    cf = data_format is not None and channels_first(data_format)
    sizes = x._shape[2:] if cf else x._shape[1:-1]
    outs = [s - (k - 1) * d for s, k, d in zip(sizes, window, dil)]
    if any(o <= 0 for o in outs):
        raise ValueError(f"Computed output size would be negative for input spatial shape "
                         f"{list(sizes)}, window {list(window)} and dilations {list(dil)}")
    acc = None
    for pos in np.ndindex(*window):
        sl = tuple(slice(p_ * d, p_ * d + o) for p_, d, o in zip(pos, dil, outs))
        key = (slice(None), slice(None)) + sl if cf else (slice(None),) + sl + (slice(None),)
        part = getitem(x, key)
        acc = part if acc is None else (maximum(acc, part) if pooling_type == "MAX"
                                        else add(acc, part))
    if pooling_type == "AVG":
        acc = acc / math.prod(window)
    return acc


def _strides_and_rates(n: int, strides: Any, rates: Any) -> tuple:
    """tf.nn.pool's strides and dilation rates as TF checks them, the rates first: n of
    each (None: ones), as int32 arrays (NumPy's int()), each at least 1, not both over 1."""
    out = []
    for value, what in ((rates, "dilation_rate"), (strides, "strides")):
        if value is None:
            value = [1] * n
        elif len(value) != n:  # (TF's len(): a number's TypeError)
            raise ValueError(f"`len({what})` should be {n}. Received: {what}={value} of "
                             f"length {len(value)}")
        arr = np.array(value, dtype=np.int32)
        if (arr < 1).any():
            raise ValueError(f"all values of `{what}` must be positive. Received: "
                             f"{what}={arr}")
        out.append(arr)
    dl, st = out
    if (st > 1).any() and (dl > 1).any():
        raise ValueError(f"`strides > 1` not supported in conjunction with `dilation_rate > "
                         f"1`. Received: strides={st} and dilation_rate={dl}")
    return st, dl


def pool(input: Any, window_shape: Any, pooling_type: str, strides: Any = None,  # noqa: A002
         padding: str = "VALID", data_format: str | None = None, dilations: Any = None,
         name: str | None = None) -> Any:
    """N-D max or average pooling with optional dilated (atrous) windows."""
    # (TF reads pooling_type first: its str method names the scope)
    pooling_type = C.string_arg(pooling_type, "pooling_type", "lower")
    x = _t(input)
    r = len(window_shape)  # (TF's len(): a number's TypeError)
    if r not in (1, 2, 3):
        raise ValueError(f"`len(window_shape)` must be 1, 2, or 3. Received: "
                         f"window_shape={window_shape} of length {r}")
    if x._shape is not None and len(x._shape) != r + 2:
        raise ValueError(f"Shape {tuple(x._shape)} must have rank {r + 2}")
    st, dl = _strides_and_rates(r, strides, dilations)
    if padding == "SAME" and (dl > 1).any():
        raise ValueError(f"pooling with 'SAME' padding is not implemented for "
                         f"`dilation_rate` > 1. Received: padding=SAME and dilation_rate={dl}")
    window = AV.int_list(unbool(window_shape), "window_shape")
    if (st > np.array(window)).any():
        raise ValueError(f"`strides` > `window_shape` not supported due to inconsistency "
                         f"between CPU and GPU implementations. Received: strides={st} "
                         f"and window_shape={window_shape}")
    if pooling_type not in ("MAX", "AVG"):
        raise ValueError(f"{r}-D {pooling_type} pooling is not supported.")
    if r == 1 and data_format not in (None, "NWC", "NCW"):
        raise ValueError(f"data_format must be either 'NWC' or 'NCW'. Received: "
                         f"data_format={data_format}")
    st, dl = tuple(int(v) for v in st), tuple(int(v) for v in dl)
    if any(d > 1 for d in dl) and padding not in ("SAME", "VALID"):
        # (TF's with_space_to_batch's check)
        raise ValueError(f"`padding` must be one of 'SAME' or 'VALID'. Received: "
                         f"padding={padding}")
    try:
        return _pool_ops(x, window, pooling_type, st, dl, padding, data_format)
    except OpError as e:  # (TF's strides reach its ops as NumPy ints: their slow path,
        # whose errors name no name)
        raise slow_path(e) from None


def _pool_ops(x: Any, window: list, pooling_type: str, st: tuple, dl: tuple, padding: str,
              data_format: str | None) -> Any:
    if any(d > 1 for d in dl):
        return _dilated_pool(x, window, dl, pooling_type, data_format)
    fn = {("MAX", 1): max_pool1d, ("MAX", 2): max_pool2d, ("MAX", 3): max_pool3d,
          ("AVG", 1): avg_pool1d, ("AVG", 2): avg_pool2d, ("AVG", 3): avg_pool3d}[
        (pooling_type, len(window))]
    if data_format is None:
        return fn(x, window, st, padding)
    return fn(x, window, st, padding, data_format)

