"""Grayscale morphology: tf.nn.dilation2d (the Dilation2D op and its two backprop ops) and
tf.nn.erosion2d, its dual.

Sits in the ops layer after nn_conv.py and loads on first use (op_index.py). Dilation is a
max-plus "convolution": output[b, y, x, c] is the largest input[b, y*sh + i*rh - top,
x*sw + j*rw - left, c] + filter[i, j, c] over the filter taps (i, j) inside the input. The
gradient flows to the tap that won (the first one, in row-major tap order, on ties), as
TF's does. Kernels loop over the filter taps, each a strided slice of the padded input, so
they are array code over `xp`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.name_scope import wrapper_scope
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.elementwise import binary_args
from eagerflow._src.ops.nn_args import out_size
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.shaping import reverse

_rng = SampleRNG(101)
_T = C.REALS


def _geometry(op: str, x_shape: tuple, f_shape: tuple, strides: Any, rates: Any,
              padding: str) -> tuple:
    """((out_h, out_w), (top, left), (pad_h, pad_w)): the output size, the padding before,
    and the padded input's size."""
    _, ih, iw, _ = x_shape
    fh, fw, _ = f_shape
    sh, sw, rh, rw = strides[1], strides[2], rates[1], rates[2]
    eh, ew = fh + (fh - 1) * (rh - 1), fw + (fw - 1) * (rw - 1)
    if padding == "SAME":
        oh, ow = -(-ih // sh), -(-iw // sw)
        top = max((oh - 1) * sh + eh - ih, 0) // 2
        left = max((ow - 1) * sw + ew - iw, 0) // 2
    else:
        oh, ow = max(0, -(-(ih - eh + 1) // sh)), max(0, -(-(iw - ew + 1) // sw))
        top = left = 0
    pad_h = max(ih + top, (oh - 1) * sh + eh) if oh else ih
    pad_w = max(iw + left, (ow - 1) * sw + ew) if ow else iw
    return (oh, ow), (top, left), (pad_h, pad_w)


def _check_attrs(op: str, strides: Any, rates: Any, padding: str) -> None:
    for name, v in (("strides", strides), ("rates", rates)):
        C.list_attr_at_least(op, name, len(v), 4)
    C.string_attr_in(op, "padding", padding, ("SAME", "VALID"))
    if strides[0] != 1 or strides[3] != 1:
        raise UnimplementedError(None, None, f"Stride is only supported across spatial "
                                             f"dimensions. [Op:{op}]")
    if rates[0] != 1 or rates[3] != 1:
        raise UnimplementedError(None, None, f"Rate is only supported across spatial "
                                             f"dimensions. [Op:{op}]")


def _check(op: str, x: Any, f: Any, strides: Any, rates: Any, padding: str) -> tuple | None:
    """Validates; returns the output shape when the input shapes are known."""
    C.same_dtype(op, (x, f), _T)
    _check_attrs(op, strides, rates, padding)
    if x._shape is not None and len(x._shape) != 4:
        raise C.fail(op, f"input must be 4-dimensional{C.shape_str(x._shape)}")
    if f._shape is not None and len(f._shape) != 3:
        raise C.fail(op, f"filter must be 3-dimensional: {C.shape_str(f._shape)}")
    if x._shape is None or f._shape is None or None in x._shape or None in f._shape:
        return None
    if x._shape[3] != f._shape[2]:
        raise C.fail(op, f"input and filter must have the same depth: {x._shape[3]} vs "
                         f"{f._shape[2]}")
    if padding == "VALID":  # (TF's kernel: GetWindowedOutputSize's negative-size refusal)
        for i in (1, 2):
            out_size(op, x._shape[i], f._shape[i - 1], strides[i], rates[i], padding, (0, 0))
    (oh, ow), _, _ = _geometry(op, x._shape, f._shape, strides, rates, padding)
    return (x._shape[0], oh, ow, x._shape[3])


def _infer(x: Any, f: Any, strides: Any, rates: Any, padding: str) -> list:
    out = _check("Dilation2D", x, f, strides, rates, padding)
    return [(out if out is not None else (None,) * 4, x._dtype)]


def _lowest(dtype: Any) -> Any:
    """TF's starting maximum, Eigen's NumTraits<T>::lowest(): the lowest finite value (a
    float's -max)."""
    return dt.as_dtype(np.dtype(dtype)).min


def _taps(xp: Any, x: Any, f: Any, strides: Any, rates: Any, padding: str):
    """Yields (tap index, (i, j), the padded input's slice of that tap, its inside mask,
    the padded shape and the slices), one tap after another."""
    (oh, ow), (top, left), (ph, pw) = _geometry("", x.shape, f.shape, strides, rates, padding)
    n, ih, iw, c = x.shape
    padded = xp.zeros((n, ph, pw, c), x.dtype)
    padded[:, top:top + ih, left:left + iw, :] = x
    inside = xp.zeros((ph, pw), bool)
    inside[top:top + ih, left:left + iw] = True
    sh, sw, rh, rw = strides[1], strides[2], rates[1], rates[2]
    for i in range(f.shape[0]):
        for j in range(f.shape[1]):
            rows = slice(i * rh, i * rh + (oh - 1) * sh + 1, sh)
            cols = slice(j * rw, j * rw + (ow - 1) * sw + 1, sw)
            yield i * f.shape[1] + j, (i, j), padded[:, rows, cols, :], \
                inside[rows, cols][None, :, :, None], (rows, cols), (n, ph, pw, c)


def _winners(xp: Any, x: Any, f: Any, strides: Any, rates: Any, padding: str) -> tuple:
    """(the maxima, the index of the first tap reaching each), as TF's loop finds them: from
    the lowest finite value, a tap replacing it only when greater, so NaN and -inf never win
    (an output none wins stays the lowest finite value, its index -1)."""
    (oh, ow), _, _ = _geometry("", x.shape, f.shape, strides, rates, padding)
    shape = (x.shape[0], oh, ow, x.shape[3])
    best = xp.full(shape, _lowest(x.dtype), x.dtype)
    arg = xp.full(shape, -1, np.int64)
    if 0 in shape:
        return best, arg
    for t, (i, j), window, inside, _, _ in _taps(xp, x, f, strides, rates, padding):
        cand = xp.where(inside, window + f[i, j], xp.asarray(_lowest(x.dtype), x.dtype))
        better = inside & (cand > best)
        best = xp.where(better, cand, best)
        arg = xp.where(better, t, arg)
    return best, arg


def _quiet(kernel: Any) -> Any:
    """The kernel with NumPy's overflow warnings off: integer sums wrap, as TF's do."""
    def run(xp: Any, *args: Any, **attrs: Any) -> Any:
        with np.errstate(all="ignore"):
            return kernel(xp, *args, **attrs)
    return run


@_quiet
def _kernel(xp: Any, x: Any, f: Any, strides: Any, rates: Any, padding: str) -> Any:
    return _winners(xp, x, f, strides, rates, padding)[0]


def _ref(x: np.ndarray, f: np.ndarray, strides: Any, rates: Any, padding: str) -> np.ndarray:
    (oh, ow), (top, left), _ = _geometry("", x.shape, f.shape, strides, rates, padding)
    out = np.empty((x.shape[0], oh, ow, x.shape[3]), x.dtype)
    for b, y, z, c in np.ndindex(*out.shape):
        vals = [x[b, yy, zz, c] + f[i, j, c]
                for i in range(f.shape[0]) for j in range(f.shape[1])
                for yy, zz in [(y * strides[1] + i * rates[1] - top,
                                z * strides[2] + j * rates[2] - left)]
                if 0 <= yy < x.shape[1] and 0 <= zz < x.shape[2]]
        out[b, y, z, c] = max(vals)
    return out


@_quiet
def _backprop_input_kernel(xp: Any, x: Any, f: Any, g: Any, strides: Any, rates: Any,
                           padding: str) -> Any:
    _, arg = _winners(xp, x, f, strides, rates, padding)
    (_, _), (top, left), (ph, pw) = _geometry("", x.shape, f.shape, strides, rates, padding)
    # (in the padded input's coordinates, cropped at the end; an empty filter has no taps,
    # but its outputs still send their gradients, all unwon, to their windows' corners)
    grad = xp.zeros((x.shape[0], ph, pw, x.shape[3]), g.dtype)
    for t, _, _, _, (rows, cols), _ in _taps(xp, x, f, strides, rates, padding):
        grad[:, rows, cols, :] += xp.where(arg == t, g, xp.zeros((), g.dtype))
    for (y, z), (r, c) in _unwon(arg, strides, top, left, x.shape):
        grad[:, r, c, :] += xp.where(arg[:, y, z, :] < 0, g[:, y, z, :], xp.zeros((), g.dtype))
    return grad[:, top:top + x.shape[1], left:left + x.shape[2], :].copy()


def _unwon(arg: Any, strides: Any, top: int, left: int, x_shape: tuple) -> list:
    """((y, z), (row, col)) for each output position some output of which no tap won, and
    where TF's input backprop sends its gradient then: the window's first row and column
    inside the input (in padded coordinates). A window starting past the input's last row
    or column (an empty filter's, VALID) sends its gradient nowhere, as TF's (2.21's
    results: it is dropped)."""
    hit = np.argwhere(np.asarray(to_host((arg < 0).any(axis=(0, 3)))))
    corners = [((int(y), int(z)), (max(int(y) * strides[1], top),
                                   max(int(z) * strides[2], left))) for y, z in hit]
    return [(out, (r, c)) for out, (r, c) in corners
            if r - top < x_shape[1] and c - left < x_shape[2]]


@_quiet
def _backprop_filter_kernel(xp: Any, x: Any, f: Any, g: Any, strides: Any, rates: Any,
                            padding: str) -> Any:
    _, arg = _winners(xp, x, f, strides, rates, padding)
    out = xp.zeros(f.shape, g.dtype)
    if arg.size == 0:
        return out
    for t, (i, j), *_ in _taps(xp, x, f, strides, rates, padding):
        # (an output no tap won: TF's filter backprop sends it to tap (0, 0))
        won = (arg == t) | (arg < 0) if t == 0 else arg == t
        out[i, j] = xp.where(won, g, xp.zeros((), g.dtype)).sum(axis=(0, 1, 2))
    return out


def _ref_winner(x: np.ndarray, f: np.ndarray, out_pos: tuple, strides: Any, rates: Any,
                corner: tuple) -> tuple:
    """(input position, filter tap) of the first tap reaching an output's maximum, by a loop
    over the taps (the references' independent search)."""
    b, y, z, c = out_pos
    best, where = None, None
    for i, j in np.ndindex(*f.shape[:2]):
        yy = y * strides[1] + i * rates[1] - corner[0]
        zz = z * strides[2] + j * rates[2] - corner[1]
        if 0 <= yy < x.shape[1] and 0 <= zz < x.shape[2]:
            v = x[b, yy, zz, c] + f[i, j, c]
            if best is None or v > best:
                best, where = v, ((b, yy, zz, c), (i, j, c))
    return where


def _backprop_ref(which: int):
    def ref(x: np.ndarray, f: np.ndarray, g: np.ndarray, strides: Any, rates: Any,
            padding: str) -> np.ndarray:
        (oh, ow), corner, _ = _geometry("", x.shape, f.shape, strides, rates, padding)
        out = np.zeros(x.shape if which == 0 else f.shape, g.dtype)
        for pos in np.ndindex(x.shape[0], oh, ow, x.shape[3]):
            out[_ref_winner(x, f, pos, strides, rates, corner)[which]] += g[pos]
        return out
    return ref


def _backprop_infer(which: int):
    op = ("Dilation2DBackpropInput", "Dilation2DBackpropFilter")[which]

    def infer(x: Any, f: Any, g: Any, strides: Any, rates: Any, padding: str) -> list:
        out = _check(op, x, f, strides, rates, padding)
        C.same_dtype(op, (x, f, g), _T)
        if out is not None and g._shape is not None and None not in g._shape and \
                tuple(g._shape) != out:
            raise C.fail(op, "out_backprop has incompatible size.")
        return [((x if which == 0 else f)._shape, x._dtype)]
    return infer


@_quiet
def _winner_gather_kernel(xp: Any, x: Any, f: Any, v: Any, strides: Any, rates: Any,
                          padding: str, part: str) -> Any:
    """Per output, v at its winning input position (part "input", v shaped like x) or at
    its winning filter tap (part "filter", v shaped like the filter): the adjoint of the
    backprop ops, and the derivative of Dilation2D along v."""
    _, arg = _winners(xp, x, f, strides, rates, padding)
    out = xp.zeros(arg.shape, v.dtype)
    if arg.size == 0:
        return out
    picked = _taps(xp, v, f, strides, rates, padding) if part == "input" else \
        _taps(xp, x, f, strides, rates, padding)
    for t, (i, j), window, *_ in picked:
        value = window if part == "input" else v[i, j]
        out = xp.where((arg == t) | (arg < 0) if t == 0 and part == "filter" else arg == t,
                       value, out)
    if part == "input":  # (where no tap won: the backprop's position, see _unwon)
        (_, _), (top, left), _ = _geometry("", x.shape, f.shape, strides, rates, padding)
        for (y, z), (r, c) in _unwon(arg, strides, top, left, x.shape):
            out[:, y, z, :] = xp.where(arg[:, y, z, :] < 0, v[:, r - top, c - left, :],
                                       out[:, y, z, :])
    return out


def _winner_gather_ref(x: np.ndarray, f: np.ndarray, v: np.ndarray, strides: Any, rates: Any,
                       padding: str, part: str) -> np.ndarray:
    (oh, ow), corner, _ = _geometry("", x.shape, f.shape, strides, rates, padding)
    out = np.zeros((x.shape[0], oh, ow, x.shape[3]), v.dtype)
    for pos in np.ndindex(*out.shape):
        out[pos] = v[_ref_winner(x, f, pos, strides, rates, corner)[part == "filter"]]
    return out


def _winner_gather_infer(x: Any, f: Any, v: Any, strides: Any, rates: Any, padding: str,
                         part: str) -> list:
    op = "Dilation2DWinnerGather"
    out = _check(op, x, f, strides, rates, padding)
    C.same_dtype(op, (x, f, v), _T)
    if part not in ("input", "filter"):
        raise C.fail(op, f"part must be 'input' or 'filter', got {part!r}")
    like = x if part == "input" else f
    if not C.compatible(v._shape, like._shape):
        raise C.fail(op, f"v must be shaped like the {part}: {C.shape_str(v._shape)} vs. "
                         f"{C.shape_str(like._shape)}")
    return [(out if out is not None else (None,) * 4, v._dtype)]


def _winner_gather_grad(n: Any, g: Any) -> list:
    x, f, _ = n.inputs
    attrs = {k: n.attrs[k] for k in ("strides", "rates", "padding")}
    back = DILATION2D_BACKPROP_INPUT if n.attrs["part"] == "input" else \
        DILATION2D_BACKPROP_FILTER
    return [None, None, bind(back, (x, f, g), attrs)]


def _backprop_grad(part: str):
    def grad(n: Any, g: Any) -> list:
        x, f, _ = n.inputs
        return [None, None, bind(DILATION2D_WINNER_GATHER, (x, f, g), {**n.attrs,
                                                                      "part": part})]
    return grad


def _dilation_grad(n: Any, g: Any) -> list:
    x, f = n.inputs
    attrs = n.attrs
    return [bind(DILATION2D_BACKPROP_INPUT, (x, f, g), attrs),
            bind(DILATION2D_BACKPROP_FILTER, (x, f, g), attrs)]


def _attrs(s: int = 1, r: int = 1, padding: str = "SAME", s2: int | None = None,
           r2: int | None = None) -> dict:
    return {"strides": [1, s, s if s2 is None else s2, 1],
            "rates": [1, r, r if r2 is None else r2, 1], "padding": padding}


def _samples() -> list:
    u = _rng.uniform
    return [Sample((u(-1, 1, size=(2, 5, 4, 2)), u(-1, 1, size=(2, 3, 2))), _attrs(),
                   second_order=False),
            Sample((u(-1, 1, size=(1, 6, 5, 2)), u(-1, 1, size=(3, 2, 2))),
                   _attrs(2, 1, "VALID", s2=1, r2=2), second_order=False),
            Sample((u(-1, 1, size=(1, 5, 5, 1)), u(-1, 1, size=(2, 2, 1))),
                   _attrs(2, 2, "SAME"), second_order=False),
            Sample((_rng.integers(-9, 9, size=(1, 4, 4, 2)).astype(np.int32),
                    _rng.integers(-9, 9, size=(2, 2, 2)).astype(np.int32)), _attrs(),
                   grad=False),
            Sample((np.zeros((1, 3, 3, 1)), np.zeros((4, 1, 1))), _attrs(padding="VALID"),
                   grad=False)]


def _bad(op: str, extra: tuple = ()) -> list:
    x, f = np.ones((1, 4, 4, 2)), np.ones((2, 2, 2))
    return [BadSample((x, np.ones((2, 2, 3))) + extra, _attrs(), InvalidArgumentError,
                      "input and filter must have the same depth: 2 vs 3"),
            BadSample((np.ones((4, 4, 2)), f) + extra, _attrs(), InvalidArgumentError,
                      "input must be 4-dimensional[4,4,2]"),
            BadSample((x, f) + extra, {**_attrs(), "strides": [2, 1, 1, 1]},
                      UnimplementedError, "Stride is only supported across spatial dimensions."),
            BadSample((x, f) + extra, {**_attrs(), "rates": [1, 1, 1, 2]},
                      UnimplementedError, "Rate is only supported across spatial dimensions."),
            BadSample((x, f) + extra, _attrs(padding="FULL"), InvalidArgumentError,
                      "Value for attr 'padding' of \"FULL\" is not in the list of allowed values"),
            BadSample((x, f.astype(np.float32)) + extra, _attrs(), InvalidArgumentError,
                      f"cannot compute {op} as input #1(zero-based) was expected to be a double "
                      f"tensor but is a float tensor")]


DILATION2D = register(OpDef(
    "Dilation2D", _infer, _kernel, grad=_dilation_grad, reference=_ref, samples=_samples,
    bad_samples=lambda: _bad("Dilation2D"),
    xla_types=(),  # (TF's XLA has no kernel of it)
))


def _backprop_samples(which: int):
    def samples() -> list:
        out = []
        for s in _samples()[:4]:
            x, f = s.inputs
            (oh, ow), _, _ = _geometry("", x.shape, f.shape, s.attrs["strides"],
                                       s.attrs["rates"], s.attrs["padding"])
            g = _rng.uniform(-1, 1, size=(x.shape[0], oh, ow, x.shape[3])).astype(x.dtype)
            # (linear in the cotangent g, its only differentiable input)
            out.append(Sample((x, f, g), s.attrs, grad=x.dtype.kind == "f",
                              grad_inputs=(2,)))
        return out
    return samples


DILATION2D_BACKPROP_INPUT = register(OpDef(
    "Dilation2DBackpropInput", _backprop_infer(0), _backprop_input_kernel,
    grad=_backprop_grad("input"), reference=_backprop_ref(0), samples=_backprop_samples(0),
    bad_samples=lambda: _bad("Dilation2DBackpropInput", (np.ones((1, 4, 4, 2)),)),
    xla_types=(),  # (TF's XLA has no kernel of it)
))
DILATION2D_BACKPROP_FILTER = register(OpDef(
    "Dilation2DBackpropFilter", _backprop_infer(1), _backprop_filter_kernel,
    grad=_backprop_grad("filter"), reference=_backprop_ref(1), samples=_backprop_samples(1),
    bad_samples=lambda: _bad("Dilation2DBackpropFilter", (np.ones((1, 4, 4, 2)),)),
    xla_types=(),  # (TF's XLA has no kernel of it)
))


def _morph_args(input: Any, filters: Any, strides: Any, padding: str,  # noqa: A002
                data_format: str, dilations: Any) -> tuple:
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")
    x, f = binary_args(input, filters)
    return x, f, {"strides": [int(v) for v in strides], "rates": [int(v) for v in dilations],
                  "padding": padding}


@dispatch_binding
def dilation2d(input: Any, filters: Any, strides: Any, padding: str,  # noqa: A002
               data_format: str, dilations: Any, name: str | None = None) -> Any:
    """Grayscale dilation: the max over the filter's taps of input + filter (NHWC)."""
    x, f, attrs = _morph_args(input, filters, strides, padding, data_format, dilations)
    return bind(DILATION2D, (x, f), attrs, name)


@dispatch_binding
def erosion2d(value: Any, filters: Any, strides: Any, padding: str, data_format: str,
              dilations: Any, name: str | None = None) -> Any:
    """Grayscale erosion: the min over the filter's taps of value - filter, i.e.
    -dilation2d(-value, the filter reversed in both spatial axes)."""
    x, f, attrs = _morph_args(value, filters, strides, padding, data_format, dilations)
    with wrapper_scope(name, "erosion2d") as scope:  # (traced, TF's node is the scope's)
        return -bind(DILATION2D, (-x, reverse(f, [0, 1])), attrs, scope)


def _gather_samples() -> list:
    out = []
    for s in _samples()[:4]:
        x, f = s.inputs
        for part, like in (("input", x), ("filter", f)):
            v = _rng.uniform(-1, 1, size=like.shape).astype(x.dtype)
            out.append(Sample((x, f, v), {**s.attrs, "part": part},
                              grad=x.dtype.kind == "f", grad_inputs=(2,)))
    return out


# eagerflow's own gradient helper (TF has none: its backprop ops have no gradient)
DILATION2D_WINNER_GATHER = register(OpDef(
    "Dilation2DWinnerGather", _winner_gather_infer, _winner_gather_kernel,
    grad=_winner_gather_grad, reference=_winner_gather_ref, samples=_gather_samples,
    bad_samples=lambda: [BadSample((np.ones((1, 4, 4, 2)), np.ones((2, 2, 3)),
                                    np.ones((1, 4, 4, 2))), {**_attrs(), "part": "input"},
                                   InvalidArgumentError, "input and filter must have the same "
                                                         "depth: 2 vs 3")],
))
