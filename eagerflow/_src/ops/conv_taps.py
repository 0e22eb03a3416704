"""CPU convolutions in TF's tap order whose products are exact, summed tap by tap on
channel planes.

Sits in the ops layer under windows.py, whose CPU convolution asks `cpu_forward` first.
TF's kernels, and the BLAS product windows.py computes them with, add each output's
products in tap order onto +0 by fused multiply-adds: each step is one rounding of
acc + x * w. TF's order is the filter's, row by row, except for a float32 image of one
channel with several output channels (a Conv2D, or a depthwise convolution with a
multiplier, which TF runs as one) sliding by one pixel, undilated: then column by
column. (Learned from its outputs: tests/ops/image_bits_cases.py.) windows.conv_forward
then runs the transposed image's convolution, whose rows are the columns.

When the product x * w is exact (w is 0 or a power of two no smaller than one, as in
Sobel's, Prewitt's and Laplace's filters, x finite and small enough not to overflow), a
fused step is the rounding of a plain addition of the product. Adding the taps' products
one by one over whole planes (every pixel of one channel) then gives the same bits without
the im2col matrix (nine copies of the input for a 3 x 3 filter) and a BLAS product of one
or two columns, which runs far below BLAS's speed, in TF's order.

The sum starts at +0, so it is never -0 (x + y is -0 only when both are): adding a zero
weight's product (0 or -0 for a finite x) leaves it as it is, and zero weights are
skipped. Each other tap is one addition or subtraction, of the plane itself or of the
plane times |w|, computed once per channel.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

# images per pass: their planes, the sum and a product in a core's L2 cache, about
_PLANE_BYTES = 1 << 18


def cpu_forward(x: np.ndarray, w: np.ndarray, outs: tuple, pads: tuple, strides: tuple,
                dilations: tuple, bias: Any, relu: bool) -> np.ndarray | None:
    """windows.conv_forward's result of x (N, *S, C) and w (*K, Cf, O) summed here, or
    None where its BLAS product computes it (see the module's docstring)."""
    if w.shape[-2] == 1 and bias is None and not relu:
        return depthwise(x, w, outs, pads, strides, dilations)
    return None


def by_columns(x: np.ndarray, o: int, strides: tuple, dilations: tuple) -> bool:
    """Whether TF sums a convolution's taps column by column: a float32 image (N, H, W, 1)
    of one channel, o > 1 output channels, a filter sliding by one pixel, undilated."""
    return x.shape[-1] == 1 and o > 1 and x.ndim == 4 and x.dtype == np.float32 and \
        all(s == 1 for s in strides) and all(d == 1 for d in dilations)


def exact_weights(w: np.ndarray) -> np.ndarray | None:
    """w as float64 when every value is 0 or +-2**k with k >= 0 (a product by it is
    exact unless it overflows); None otherwise."""
    w = w.astype(np.float64)
    man, exp = np.frexp(w)  # w = man * 2**exp, 0.5 <= |man| < 1 (0 for a zero)
    ok = (w == 0) | ((np.abs(man) == 0.5) & (exp >= 1))
    return w if ok.all() else None


def depthwise(x: np.ndarray, w: np.ndarray, outs: tuple, pads: tuple, strides: tuple,
              dilations: tuple) -> np.ndarray | None:
    """x (N, *S, C) convolved depthwise with w (*K, 1, C*M) -> (N, *outs, C*M), output
    channel c*M + j from input channel c, as windows.conv_forward computes it; None where
    a product might not be exact (see the module's docstring: then conv_forward's BLAS
    product computes it)."""
    if x.dtype not in (np.float32, np.float64):
        return None
    r = len(outs)
    ks, c = w.shape[:r], x.shape[-1]
    mult = w.shape[-1] // c
    weights = exact_weights(w.reshape(math.prod(ks), c, mult))
    if weights is None:
        return None
    # every x finite (a NaN fails both tests) and no product past the dtype's largest
    limit = float(np.finfo(x.dtype).max) / max(float(np.abs(weights).max()), 1.0)
    if not (x.min() >= -limit and x.max() <= limit):
        return None
    n, spatial = x.shape[0], x.shape[1:-1]
    padded = tuple(s + lo + hi for s, (lo, hi) in zip(spatial, pads))
    inside = tuple(slice(lo, lo + s) for s, (lo, _) in zip(spatial, pads))
    order = list(itertools.product(*(range(k) for k in ks)))
    if by_columns(x, c * mult, strides, dilations):
        # (TF then takes the taps column by column: the weights in that order)
        flat = sorted(range(len(order)), key=lambda t: order[t][::-1])
        order, weights = [order[t] for t in flat], weights[flat]
    taps = [(slice(None),) + tuple(slice(p * d, p * d + (o - 1) * s + 1, s)
                                   for p, d, o, s in zip(pos, dilations, outs, strides))
            for pos in order]
    out = np.empty((n,) + tuple(outs) + (c * mult,), x.dtype)
    step = max(1, _PLANE_BYTES // max(math.prod(padded) * x.itemsize, 1))
    fill = np.zeros if any(lo or hi for lo, hi in pads) else np.empty
    for a in range(0, n, step):
        b = min(n, a + step)
        planes = fill((c, b - a) + padded, x.dtype)  # (channels first: each a plane)
        planes[(slice(None), slice(None)) + inside] = np.moveaxis(x[a:b], -1, 0)
        acc = np.empty((b - a,) + tuple(outs), x.dtype)
        for ch in range(c):
            scaled = {1.0: planes[ch]}  # |w| -> the plane times |w|
            for j in range(mult):
                _tap_sum(scaled, taps, weights[:, ch, j].tolist(), acc)
                out[a:b, ..., ch * mult + j] = acc
    return out


def _tap_sum(scaled: dict, taps: list, weights: list, acc: np.ndarray) -> None:
    """acc = the sum, in tap order from +0, of each tap's window of the plane scaled[1.0]
    times its weight (scaled: the plane's exact multiples, added to as needed)."""
    first = True
    for tap, wt in zip(taps, weights):
        if wt == 0:
            continue
        mag = abs(wt)
        if mag not in scaled:
            scaled[mag] = scaled[1.0] * mag
        view = scaled[mag][tap]
        if first:  # +0 + x * w: a -0 product becomes +0
            if wt > 0:
                np.add(view, 0.0, out=acc)
            else:
                np.subtract(0.0, view, out=acc)
            first = False
        elif wt > 0:
            acc += view
        else:
            acc -= view  # (acc + (-x), exactly)
    if first:  # (every weight zero: +0 plus zeros)
        acc[...] = 0
