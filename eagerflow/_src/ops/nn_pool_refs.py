"""The pools' plain-loop references and their OpDefs' samples (ops/nn_pool.py registers
them; nn_pool_v2.py and nn_pool_argmax.py share them), and `Pool`: what differs between
the 2-D and 3-D pools.

Ops layer, below nn_pool.py: each reference visits every window cell by cell, by TF's
rules (SAME's extra padding after, VALID's none, an explicit padding's pairs), so the
vectorized kernels of pool_windows.py are checked against a second, plain reading.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import numpy as np

from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, UnimplementedError
from eagerflow._src.ops.nn_args import (
    channels_first,
    explicit_pairs,
    full_shape,
    get_sequence,
    gpu_only_channels_first,
    outer,
    spatial,
)
from eagerflow._src.ops.registry import BadSample, Sample, SampleRNG

rng = SampleRNG(31)  # not numpy.random: it costs import time


class Pool:
    """What differs between 2-D and 3-D pooling: the rank, the op names, the layouts."""

    def __init__(self, rank: int, suffix: str, formats: tuple, explicit: bool,
                 max_types: tuple) -> None:
        self.rank, self.formats, self.explicit = rank, formats, explicit
        self.max, self.avg = f"MaxPool{suffix}", f"AvgPool{suffix}"
        self.max_grad, self.max_grad_grad = f"MaxPool{suffix}Grad", f"MaxPool{suffix}GradGrad"
        self.avg_grad = f"AvgPool{suffix}Grad"
        self.max_types = max_types
        self.ksize_hint = True  # (MaxPoolV2's message leaves out the ksize it was given)



def windows_ref(p: Pool, xshape: tuple, a: dict) -> tuple:
    """(output shape, [(y_index, [x_index, ...]) for every output cell]) by TF's rules."""
    df = a["data_format"]
    cf = channels_first(df)
    sizes, ks, st = spatial(xshape, df), spatial(a["ksize"], df), spatial(a["strides"], df)
    pad = a["padding"]
    pairs = explicit_pairs(a.get("explicit_paddings", ()), df) if pad == "EXPLICIT" else None
    outs, befores = [], []
    for i, (s, k, t) in enumerate(zip(sizes, ks, st)):
        if pad == "SAME":
            o = -(-s // t)
            befores.append(max(0, (o - 1) * t + k - s) // 2)
        else:
            b, e = pairs[i] if pairs else (0, 0)
            o = (s + b + e - k) // t + 1
            befores.append(b)
        outs.append(o)
    n, c = outer(xshape, df)
    cells = []
    for b in range(n):
        for ch in range(c):
            for opos in np.ndindex(*outs):
                members = []
                for kpos in np.ndindex(*ks):  # row-major: the order TF scans a window in
                    ipos = tuple(o_ * t + kp - bf for o_, t, kp, bf in
                                 zip(opos, st, kpos, befores))
                    if all(0 <= i < s for i, s in zip(ipos, sizes)):
                        members.append((b, ch) + ipos if cf else (b,) + ipos + (ch,))
                cells.append(((b, ch) + opos if cf else (b,) + opos + (ch,), members))
    return full_shape(n, outs, c, df), cells


def max_ref(p: Pool) -> Any:
    def ref(x: np.ndarray, **a: Any) -> np.ndarray:
        shape, cells = windows_ref(p, x.shape, a)
        y = np.zeros(shape, x.dtype)
        for yi, members in cells:
            y[yi] = max(x[m] for m in members)
        return y
    return ref


def first_max(x: np.ndarray, members: list) -> tuple:
    best = members[0]
    for m in members[1:]:
        if x[m] > x[best]:
            best = m
    return best


def max_grad_ref(p: Pool) -> Any:
    def ref(x: np.ndarray, y: np.ndarray, dy: np.ndarray, **a: Any) -> np.ndarray:
        _, cells = windows_ref(p, x.shape, a)
        dx = np.zeros(x.shape, dy.dtype)
        for yi, members in cells:
            dx[first_max(x, members)] += dy[yi]
        return dx
    return ref


def max_grad_grad_ref(p: Pool) -> Any:
    def ref(x: np.ndarray, y: np.ndarray, gg: np.ndarray, **a: Any) -> np.ndarray:
        shape, cells = windows_ref(p, x.shape, a)
        out = np.zeros(shape, gg.dtype)
        for yi, members in cells:
            out[yi] = gg[first_max(x, members)]
        return out
    return ref


def avg_ref(p: Pool) -> Any:
    def ref(x: np.ndarray, **a: Any) -> np.ndarray:
        shape, cells = windows_ref(p, x.shape, a)
        y = np.zeros(shape, x.dtype)
        for yi, members in cells:
            y[yi] = sum(x[m] for m in members) / len(members)
        return y
    return ref


def avg_grad_ref(p: Pool) -> Any:
    def ref(sizes: np.ndarray, dy: np.ndarray, **a: Any) -> np.ndarray:
        shape = tuple(int(s) for s in sizes)
        _, cells = windows_ref(p, shape, a)
        dx = np.zeros(shape, dy.dtype)
        for yi, members in cells:
            for m in members:
                dx[m] += dy[yi] / len(members)
        return dx
    return ref


def pattrs(p: Pool, df: str, k: Any, s: Any, padding: str, explicit: tuple = (),
            is_max: bool = True) -> dict:
    r = p.rank
    ci = 1 if channels_first(df) else r + 1
    a = dict(ksize=get_sequence(k, r, ci, "ksize"), strides=get_sequence(s, r, ci, "strides"),
             padding=padding, data_format=df)
    if is_max:
        if explicit:
            ex = (0, 0, 0, 0) + explicit if channels_first(df) else (0, 0) + explicit + (0, 0)
        else:
            ex = ()
        a["explicit_paddings"] = ex
    return a


def distinct(*shape: int) -> np.ndarray:
    """Values without ties (max-pool gradients are only smooth away from ties)."""
    n = math.prod(shape)
    return (rng.permutation(n) / n * 4 - 2).reshape(shape)


def pool_samples(p: Pool) -> dict:
    last, first = p.formats
    if p.rank == 2:
        configs = [(last, (2, 5, 4, 2), 2, 1, "SAME"), (last, (1, 5, 5, 2), 3, 2, "SAME"),
                   (first, (1, 2, 6, 5), (2, 3), (2, 1), "VALID"),
                   (last, (1, 4, 4, 1), (4, 2), 2, "SAME")]
    else:
        configs = [(last, (1, 3, 4, 3, 2), 2, 1, "SAME"), (first, (1, 2, 4, 3, 4), 2, 2, "VALID")]
    s = {k: [] for k in ("max", "max_grad", "max_grad_grad", "avg", "avg_grad")}
    # TF's CPU pools 3-D in float32 only (float64 refused): no float64 gradient checks
    # there (the 2-D ops', the same window code, have them; test_pool.py checks the 3-D
    # gradients in float32)
    f, grad, rtol = (np.float64, True, 2e-6) if p.rank == 2 else \
        (np.float32, False, 1e-4)
    for df, shape, k, st, pad in configs:
        x = distinct(*shape).astype(f)
        am = pattrs(p, df, k, st, pad)
        aa = pattrs(p, df, k, st, pad, is_max=False)
        s["max"].append(Sample((x,), am, grad=grad, rtol=rtol))
        y = max_ref(p)(x, **am).astype(f)
        s["max_grad"].append(Sample((x, y, rng.uniform(-1, 1, y.shape).astype(f)), am,
                                    grad_inputs=(2,), grad=grad, rtol=rtol))
        s["max_grad_grad"].append(Sample((x, y, rng.uniform(-1, 1, x.shape).astype(f)), am,
                                         grad_inputs=(2,), grad=grad, rtol=rtol))
        s["avg"].append(Sample((x,), aa, grad=grad, rtol=rtol))
        s["avg_grad"].append(Sample((np.array(shape, np.int32),
                                     rng.uniform(-1, 1, y.shape).astype(f)), aa, grad=grad,
                                    rtol=rtol))
    if p.explicit:
        x = distinct(1, 4, 3, 2)
        s["max"].append(Sample((x,), pattrs(p, last, 2, 1, "EXPLICIT", (1, 0, 0, 1))))
    xs = (1,) + (4,) * p.rank + (2,)
    ones = partial(np.ones, dtype=f)
    ok = pattrs(p, last, 2, 1, "SAME")
    oka = pattrs(p, last, 2, 1, "SAME", is_max=False)
    bad = [BadSample((ones(xs),), {**ok, "ksize": (1,) + (0,) * p.rank + (1,)},
                     InvalidArgumentError, "ksize"),
           BadSample((ones(xs),), {**ok, "strides": (1,) + (0,) * p.rank + (1,)},
                     InvalidArgumentError, "Stride must be > 0, but got 0"),
           BadSample((ones(xs),), {**ok, "padding": "FOO"}, InvalidArgumentError,
                     "Value for attr 'padding' of \"FOO\""),
           BadSample((ones(xs),), {**ok, "ksize": (2,) + (1,) * (p.rank + 1)},
                     UnimplementedError, "batch dimension"),
           BadSample((ones(xs[1:]),), ok, InvalidArgumentError, "dimensional" if p.rank == 3
                     else "tensor_in_shape must have 2 spatial dimensions"),
           BadSample((ones(xs),), pattrs(p, last, 6, 1, "VALID"), InvalidArgumentError,
                     "Computed output size would be negative")]
    s["max_bad"] = bad + [BadSample((np.ones(xs, bool),), ok, InvalidArgumentError,
                                    "Value for attr 'T' of bool")]
    if p.explicit:
        s["max_bad"].append(BadSample((ones(xs),), pattrs(p, last, 2, 1, "EXPLICIT",
                                                              (0, 2, 0, 0)),
                                      InvalidArgumentError, "Bottom padding 2 needs to be smaller "
                                                            "than the window size 2"))
    s["avg_bad"] = [BadSample(b.inputs, {k: v for k, v in b.attrs.items()
                                         if k != "explicit_paddings"}, b.error, b.match)
                    for b in bad] + [BadSample((np.ones(xs, np.int32),), oka,
                                               InvalidArgumentError, "Value for attr 'T' of int32")]
    if p.rank == 3:  # (float64: outside MaxPool3D's definition; AvgPool3D's, without a kernel)
        s["max_bad"].append(BadSample((np.ones(xs),), ok, InvalidArgumentError,
                                      "Value for attr 'T' of double"))
        s["avg_bad"].append(BadSample((np.ones(xs),), oka, NotFoundError,
                                      "Could not find device for node: {{node AvgPool3D}}"))
    # (TF's CPU refuses their channels-first data: the 3-D gradients of a max pool in any
    # dtype, eagerly, the 2-D ops in float64)
    refused = ("max_grad", "max_grad_grad") if p.rank == 3 else \
        ("max", "max_grad", "max_grad_grad", "avg", "avg_grad")
    for k in refused:
        s[k] = gpu_only_channels_first(s[k])
    return s
