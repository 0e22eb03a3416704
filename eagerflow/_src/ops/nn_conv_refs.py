"""The convolutions' families (what differs between Conv2D, Conv3D and the depthwise
op: the rank, the op names, TF's messages), their plain-loop references and their
OpDefs' samples. ops/nn_conv.py registers the ops from them; nn_conv_nd.py and nn_fused.py
share the references.

Ops layer, below nn_conv.py: the references visit every product term one by one by TF's
rules (SAME's extra padding after, an explicit padding's pairs, dilations, groups), a
second reading of the im2col engine (windows.py) that the registry's suites check it by.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.ops.nn_args import (
    channels_first,
    explicit_pairs,
    full_shape,
    gpu_only_channels_first,
    outer,
    spatial,
)
from eagerflow._src.ops.registry import BadSample, Sample, SampleRNG

rng = SampleRNG(30)  # not numpy.random: it costs import time

_CONV_T = (dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.int32)
_DW_T = (dt.float16, dt.bfloat16, dt.float32, dt.float64)


def f64(*shape: int) -> np.ndarray:
    return rng.uniform(-1, 1, size=shape)


# ---------------------------------------------------------------------------------------
# Op families: per-op messages (TF's wording differs between Conv2D, Conv3D, depthwise).
# ---------------------------------------------------------------------------------------

class Family:
    """What differs between Conv2D, Conv3D and depthwise Conv2D: the rank, the names of the
    forward op and its two gradient ops (input, filter), layouts, and TF's messages."""

    def __init__(self, rank: int, fwd: str, bin_: str, bfil: str, formats: tuple,
                 input_rank_msg: str, filter_rank_msg: str, stride_msg: str,
                 depthwise: bool = False, groups: bool = True, explicit: bool = True,
                 label_in: str = "", label_fil: str = "", types: tuple = _CONV_T) -> None:
        self.rank, self.fwd, self.bin, self.bfil = rank, fwd, bin_, bfil
        self.formats = formats
        self.input_rank_msg, self.filter_rank_msg = input_rank_msg, filter_rank_msg
        self.stride_msg = stride_msg
        self.depthwise, self.groups, self.explicit = depthwise, groups, explicit
        self.label_in, self.label_fil = label_in, label_fil
        self.types = types


CONV2D_F = Family(2, "Conv2D", "Conv2DBackpropInput", "Conv2DBackpropFilter", ("NHWC", "NCHW"),
                   "convolution input must be 4-dimensional: {}",
                   "convolution filter must be 4-dimensional: {}",
                   "Row and column strides should be larger than 0.",
                   label_in="Conv2DCustomBackpropInput", label_fil="Conv2DCustomBackpropFilter")
CONV3D_F = Family(3, "Conv3D", "Conv3DBackpropInputV2", "Conv3DBackpropFilterV2",
                   ("NDHWC", "NCDHW"), "input must be 5-dimensional",
                   "filter must be 5-dimensional", "Spatial strides should be larger than 0.",
                   groups=False, explicit=False, label_in="Conv3DBackpropInputOpV2",
                   label_fil="Conv3DBackpropFilterOpV2", types=_DW_T)
DEPTHWISE_F = Family(2, "DepthwiseConv2dNative", "DepthwiseConv2dNativeBackpropInput",
                      "DepthwiseConv2dNativeBackpropFilter", ("NHWC", "NCHW"),
                      "input must be 4-dimensional{}", "filter must be 4-dimensional: {}",
                      "Stride must be > 0, but got {}", depthwise=True,
                      label_in="DepthwiseConv2DBackpropInput",
                      label_fil="DepthwiseConv2DBackpropFilter", types=_DW_T)


# ---------------------------------------------------------------------------------------
# Plain-loop references (independent of windows.py) and samples.
# ---------------------------------------------------------------------------------------

def _ref_geometry(fam: Family, xshape: tuple, fshape: tuple, a: dict) -> tuple:
    """Output sizes and the pad before each spatial dim, written out from TF's rules."""
    df = a["data_format"]
    outs, befores = [], []
    pairs = explicit_pairs(a["explicit_paddings"], df) if a["padding"] == "EXPLICIT" else \
        ((0, 0),) * fam.rank
    for s, k, st, dl, p in zip(spatial(xshape, df), fshape[:fam.rank], spatial(a["strides"], df),
                               spatial(a["dilations"], df), pairs):
        eff = (k - 1) * dl + 1
        if a["padding"] == "SAME":
            o = -(-s // st)
            before = max(0, (o - 1) * st + eff - s) // 2
        else:
            before = p[0]
            o = (s + p[0] + p[1] - eff) // st + 1
        outs.append(o)
        befores.append(before)
    return outs, befores


def _ref_loop(fam: Family, xshape: tuple, fshape: tuple, a: dict, visit: Any) -> None:
    """Calls visit(x_index, f_index, y_index) for every product term of the convolution."""
    df = a["data_format"]
    cf = channels_first(df)
    r = fam.rank
    outs, befores = _ref_geometry(fam, xshape, fshape, a)
    n, c = outer(xshape, df)
    sp_in = spatial(xshape, df)
    strides, dils = spatial(a["strides"], df), spatial(a["dilations"], df)
    if fam.depthwise:
        mult = fshape[-1]
        chans = [(ci, ci, m, ci * mult + m) for ci in range(c) for m in range(mult)]
    else:
        cfil, o = fshape[-2], fshape[-1]
        og = o // (c // cfil)
        chans = [(g * cfil + j, j, oc, oc) for oc in range(o) for g in [oc // og]
                 for j in range(cfil)]
    for b in range(n):
        for opos in np.ndindex(*outs):
            for kpos in np.ndindex(*fshape[:r]):
                ipos = [op_ * st + kp * dl - bf for op_, st, kp, dl, bf in
                        zip(opos, strides, kpos, dils, befores)]
                if not all(0 <= i < s for i, s in zip(ipos, sp_in)):
                    continue
                for ci, fc, fo, oc in chans:
                    xi = (b, ci) + tuple(ipos) if cf else (b,) + tuple(ipos) + (ci,)
                    yi = (b, oc) + tuple(opos) if cf else (b,) + tuple(opos) + (oc,)
                    visit(xi, tuple(kpos) + (fc, fo), yi)


def ref_out_shape(fam: Family, xshape: tuple, fshape: tuple, a: dict) -> tuple:
    outs, _ = _ref_geometry(fam, xshape, fshape, a)
    oc = fshape[-2] * fshape[-1] if fam.depthwise else fshape[-1]
    return full_shape(xshape[0], outs, oc, a["data_format"])


def conv_reference(fam: Family) -> Any:
    def ref(x: np.ndarray, w: np.ndarray, **a: Any) -> np.ndarray:
        y = np.zeros(ref_out_shape(fam, x.shape, w.shape, a), dtype=x.dtype)

        def visit(xi: tuple, fi: tuple, yi: tuple) -> None:
            y[yi] += x[xi] * w[fi]
        _ref_loop(fam, x.shape, w.shape, a, visit)
        return y
    return ref


def _undilated_gradient_sample(fam: Family, op: str, ins: tuple, a: dict) -> Sample:
    """A dilated depthwise gradient op's sample as TF's CPU kernels compute it: undilated,
    the output gradient of the undilated size (on CPU:0 only: the GPU's kernels dilate)."""
    x_shape = tuple(ins[0]) if op == fam.bin else ins[0].shape
    w_shape = ins[1].shape if op == fam.bin else tuple(ins[1])
    dy = f64(*ref_out_shape(fam, x_shape, w_shape, _undilated(a)))
    return Sample((*ins[:2], dy), a, grad=False, cpu_only=True)


def _undilated(a: dict) -> dict:
    return {**a, "dilations": (1,) * len(a["dilations"])}


def bin_reference(fam: Family) -> Any:
    def ref(sizes: np.ndarray, w: np.ndarray, dy: np.ndarray, **a: Any) -> np.ndarray:
        dx = np.zeros(tuple(int(s) for s in sizes), dtype=dy.dtype)
        a = _undilated(a) if fam.depthwise else a  # (TF's CPU kernel reads no dilations)

        def visit(xi: tuple, fi: tuple, yi: tuple) -> None:
            dx[xi] += dy[yi] * w[fi]
        _ref_loop(fam, dx.shape, w.shape, a, visit)
        return dx
    return ref


def bfil_reference(fam: Family) -> Any:
    def ref(x: np.ndarray, sizes: np.ndarray, dy: np.ndarray, **a: Any) -> np.ndarray:
        dw = np.zeros(tuple(int(s) for s in sizes), dtype=dy.dtype)
        a = _undilated(a) if fam.depthwise else a  # (TF's CPU kernel reads no dilations)

        def visit(xi: tuple, fi: tuple, yi: tuple) -> None:
            dw[fi] += dy[yi] * x[xi]
        _ref_loop(fam, x.shape, dw.shape, a, visit)
        return dw
    return ref


def sample_attrs(r: int, df: str, strides: Any = 1, padding: str = "VALID", dil: Any = 1,
           explicit: tuple = ()) -> dict:
    st = (strides,) * r if isinstance(strides, int) else tuple(strides)
    dl = (dil,) * r if isinstance(dil, int) else tuple(dil)
    if channels_first(df):
        full = lambda v: (1, 1) + v  # noqa: E731
        ex = ((0, 0, 0, 0) + tuple(explicit)) if explicit else ()
    else:
        full = lambda v: (1,) + v + (1,)  # noqa: E731
        ex = ((0, 0) + tuple(explicit) + (0, 0)) if explicit else ()
    return dict(strides=full(st), padding=padding, explicit_paddings=ex, data_format=df,
                dilations=full(dl))


def family_samples(fam: Family) -> tuple:
    r = fam.rank
    df_last, df_first = fam.formats
    fw = (lambda *k: f64(*k, 2, 2)) if fam.depthwise else (lambda *k: f64(*k, 2, 3))
    if r == 2:
        configs = [(df_last, (2, 5, 4, 2), (3, 2), dict(padding="SAME")),
                   (df_last, (1, 6, 5, 2), (2, 3), dict(padding="VALID", strides=(2, 1))),
                   (df_first, (1, 2, 5, 5), (2, 2), dict(padding="SAME", strides=2, dil=(1, 2))),
                   (df_last, (1, 4, 4, 2), (2, 2), dict(padding="VALID", dil=2))]
        if fam.explicit:
            configs.append((df_last, (1, 4, 3, 2), (3, 2),
                            dict(padding="EXPLICIT", explicit=(1, 0, 2, 1), strides=(1, 2))))
    else:
        configs = [(df_last, (1, 3, 4, 3, 2), (2, 2, 2), dict(padding="SAME")),
                   (df_first, (1, 2, 4, 3, 3), (2, 1, 2), dict(padding="VALID", strides=2))]
    if r == 2 and not fam.depthwise:  # the guide CNN's kind: 16 channels, 3 rows, stride 1
        configs += [(df_last, (1, 3, 4, 16), (3, 1, 16, 16), dict(padding="SAME")),
                    (df_first, (1, 16, 3, 9), (3, 2, 16, 16), dict(padding="VALID"))]
    samples, bin_s, bfil_s = [], [], []
    for df, xs, ks, kw in configs:
        a, o2 = sample_attrs(r, df, **kw), len(ks) == r  # (16 channels: first order, no filter)
        k = (lambda *p: {}) if o2 else (lambda *p: {"second_order": False, "grad_inputs": p})
        x, w = f64(*xs), fw(*ks) if o2 else f64(*ks)
        dy = f64(*ref_out_shape(fam, x.shape, w.shape, a))  # no reference run at import
        if fam.depthwise and kw.get("dil", 1) not in (1, (1, 1)):
            # (TF's CPU depthwise gradient kernels read no dilations: the forward op's
            # gradient is not its derivative there, and the gradient ops compute undilated,
            # as the references do; of channels-first data, which they refuse, none)
            samples.append(Sample((x, w), a, grad=False))
            if df == df_first:
                continue
            bin_s.append(_undilated_gradient_sample(fam, fam.bin, (np.array(xs, np.int32), w), a))
            bfil_s.append(_undilated_gradient_sample(fam, fam.bfil,
                                                     (x, np.array(w.shape, np.int32)), a))
            continue
        if r == 2 and not fam.depthwise and kw.get("dil", 1) != 1 and df == df_last:
            # (TF's CPU Conv2D gradient kernels, float64's its own, refuse any dilation
            # (nn_conv_checks.refuse_on_cpu): the gradients are a GPU's)
            samples += [Sample((x, w), a, grad=False), Sample((x, w), a, gpu_only=True)]
            bin_s.append(Sample((np.array(xs, np.int32), w, dy), a, gpu_only=True, **k(2)))
            bfil_s.append(Sample((x, np.array(w.shape, np.int32), dy), a, gpu_only=True,
                                 **k(0, 2)))
            continue
        samples.append(Sample((x, w), a, **k(0)))
        bin_s.append(Sample((np.array(xs, np.int32), w, dy), a, **k(2)))
        bfil_s.append(Sample((x, np.array(w.shape, np.int32), dy), a, **k(0, 2)))
    ok = sample_attrs(r, df_last, padding="SAME")
    if not fam.depthwise and fam.groups:  # grouped: 4 input channels, filter depth 2
        samples.append(Sample((f64(1, 4, 3, 4), f64(2, 2, 2, 4)), ok))
    xs, ws = (1,) + (4,) * r + (2,), (2,) * r + (2, 3)
    bad = [BadSample((np.ones(xs), np.ones((2,) * r + (3, 3))), ok, InvalidArgumentError,
                     "must have the same depth" if fam.depthwise else "evenly divisible"),
           BadSample((np.ones(xs), np.ones((6,) * r + (2, 2 if fam.depthwise else 3))),
                     sample_attrs(r, df_last),
                     InvalidArgumentError, "Computed output size would be negative"),
           BadSample((np.ones(xs[1:]), np.ones(ws)), ok, InvalidArgumentError, "dimensional"),
           BadSample((np.ones(xs), np.ones(ws)),
                     sample_attrs(r, df_last, strides=0, padding="SAME"), InvalidArgumentError,
                     "0"),
           BadSample((np.ones(xs), np.ones(ws)), sample_attrs(r, df_last, dil=0, padding="SAME"),
                     InvalidArgumentError, "Dilated rates should be larger than 0."),
           BadSample((np.ones(xs), np.ones(ws)), {**ok, "padding": "FOO"}, InvalidArgumentError,
                     "Value for attr 'padding' of \"FOO\""),
           BadSample((np.ones(xs), np.ones(ws)), {**ok, "data_format": "NWHC"},
                     InvalidArgumentError, "Value for attr 'data_format' of \"NWHC\""),
           BadSample((np.ones(xs), np.ones(ws, np.float32)), ok, InvalidArgumentError,
                     "was expected to be a double tensor but is a float tensor"),
           BadSample((np.ones(xs, np.int64), np.ones(ws, np.int64)), ok, InvalidArgumentError,
                     "Value for attr 'T' of int64 is not in the list of allowed values"),
           BadSample((np.ones(xs), np.ones(ws)), {**ok, "strides": (2,) + (1,) * (r + 1)},
                     InvalidArgumentError if r == 3 or fam.depthwise else UnimplementedError,
                     "strides in the batch and depth dimensions")]
    if fam.explicit:
        bad.append(BadSample((np.ones(xs), np.ones(ws)),
                             sample_attrs(r, df_last, padding="EXPLICIT", explicit=(-1, 0) * r),
                             InvalidArgumentError, "must be nonnegative"))
    mark = gpu_only_channels_first
    return mark(samples), bad, mark(bin_s), mark(bfil_s)


def bin_bad(fam: Family) -> list:
    r = fam.rank
    a = sample_attrs(r, fam.formats[0], padding="VALID")
    oc = 4 if fam.depthwise else 3
    w = np.ones((2,) * r + (2, 2 if fam.depthwise else 3))
    # (TF's 3D kernels check ranks and depths in their own words first, its depthwise
    # gradient kernels all in theirs: check_depthwise_backprop)
    depths, sizes = ("must have the same number of channels", "input tensor must have 5 "
                     "dimensions") if fam is CONV3D_F else (
        "depth_multiplier * in_depth not equal to out_depth", "input must be 4-dimensional") \
        if fam.depthwise else ("must have the same out_depth", "values, but got: 3")
    computed = "Number of rows of out_backprop doesn't match computed" if fam.depthwise \
        else "Size of out_backprop doesn't match computed"
    return [BadSample((np.array((1,) + (4,) * r + (2,), np.int32), w,
                       np.ones((1,) + (2,) * r + (oc,))), a, InvalidArgumentError, computed),
            BadSample((np.array((1,) + (4,) * r + (2,), np.int32), w,
                       np.ones((1,) + (3,) * r + (oc + 1,))), a, InvalidArgumentError, depths),
            BadSample((np.array((1, 4, 2), np.int32), w,
                       np.ones((1,) + (3,) * r + (oc,))), a, InvalidArgumentError, sizes)]
