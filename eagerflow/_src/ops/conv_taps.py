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

A depthwise convolution of multiplier one is summed here whatever its filter
(depthwise_rounded): the product windows.py computes it with is one output column per
channel, which NumPy hands to BLAS's matrix-vector product, and that adds each output's
rounded products in tap order onto +0, no fused step (so do TF's CPU kernels: the same
bits). Whole taps over a block of images give those sums without the columns.

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
from numpy.lib.stride_tricks import as_strided

from eagerflow._src.backend import lanes, run_blocks

# images per pass: their planes, the sum and a product in a core's L2 cache, about
_PLANE_BYTES = 1 << 18


def cpu_forward(x: np.ndarray, w: np.ndarray, outs: tuple, pads: tuple, strides: tuple,
                dilations: tuple, bias: Any, relu: bool) -> np.ndarray | None:
    """windows.conv_forward's result of x (N, *S, C) and w (*K, Cf, O) summed here, or
    None where its BLAS product computes it (see the module's docstring)."""
    if w.shape[-2] == 1 and bias is None and not relu:
        out = depthwise(x, w, outs, pads, strides, dilations)
        if out is None:
            out = depthwise_rounded(x, w, outs, pads, strides, dilations)
        return out
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


def depthwise_rounded(x: np.ndarray, w: np.ndarray, outs: tuple, pads: tuple,
                      strides: tuple, dilations: tuple) -> np.ndarray | None:
    """x (N, *S, C) convolved depthwise with w (*K, 1, C), a multiplier of one, float32 or
    float64: each output the sum in tap order, from +0, of its taps' products, each
    product rounded and then added (no fused step). That is what windows.conv_forward's
    product of each channel's (M, K) columns by its (K, 1) filter computes (NumPy's
    matmul without BLAS for a single output column), and TF's CPU kernel's bits; here
    over whole taps, a block of images at a time, without the columns (8x32x32x64 by
    3x3: 5.8 ms as products, 2 ms here). None for other filters (their BLAS product's
    fused steps), and where an output row is one value wide: a column block of one row
    is a dot product to NumPy, BLAS's, summed in its own order."""
    if x.dtype not in (np.float32, np.float64) or w.shape[-1] != x.shape[-1] or \
            not outs or outs[-1] < 2:
        return None
    r = len(outs)
    ks, c, n = w.shape[:r], x.shape[-1], x.shape[0]
    weights = w.reshape(math.prod(ks), c)
    padded = tuple(s + lo + hi for s, (lo, hi) in zip(x.shape[1:-1], pads))
    inside = (slice(None),) + tuple(slice(lo, lo + s) for s, (lo, _) in
                                    zip(x.shape[1:-1], pads)) + (slice(None),)
    taps = [(slice(None),) + tuple(slice(p * d, p * d + (o - 1) * s + 1, s)
                                   for p, d, o, s in zip(pos, dilations, outs, strides))
            + (slice(None),) for pos in itertools.product(*(range(k) for k in ks))]
    # along the last spatial axis by one pixel, a window's row is one run of values: the
    # weights repeated along it (NumPy's loop over a broadcast row of C runs far slower)
    rows = strides[-1] == 1 and r > 0
    lanes = np.tile(weights, (1, outs[-1])) if rows else weights
    out = np.empty((n,) + tuple(outs) + (c,), x.dtype)
    step = max(1, _PLANE_BYTES // max(math.prod(padded) * c * x.itemsize, 1))
    held = np.zeros((min(step, n),) + padded + (c,), x.dtype) if any(
        lo or hi for lo, hi in pads) else None
    product = np.empty((min(step, n),) + tuple(outs) + (c,), x.dtype)
    with np.errstate(all="ignore"):
        for a in range(0, n, step):
            b = min(n, a + step)
            src = x[a:b]
            if held is not None:
                held[(slice(0, b - a),) + inside[1:]] = src
                src = held[:b - a]
            acc, tmp = out[a:b], product[:b - a]
            for k, tap in enumerate(taps):
                view, dest = src[tap], (acc if k == 0 else tmp)
                if rows:
                    view, dest = _runs(view), _runs(dest)
                np.multiply(view, lanes[k], out=dest)
                if k == 0:
                    acc += 0.0  # (+0 + x * w: a -0 product becomes +0)
                else:
                    acc += tmp
            if np.isnan(acc).any():
                _first_nans(src, taps, weights, acc)
    return out


# A NaN's quiet bit, and the NaN x86 makes of inf - inf or 0 * inf, by item size
_QUIET = {4: (np.uint32, 1 << 22, 0xFFC00000), 8: (np.uint64, 1 << 51, 0xFFF8000000000000)}


def _first_nans(src: np.ndarray, taps: list, weights: np.ndarray, acc: np.ndarray) -> None:
    """Gives each NaN of `acc` (depthwise_rounded's sums) the NaN that the scalar sum in
    tap order ends with: a NaN sum stays that NaN, so the first step whose sum is NaN
    decides: its product's NaN where the product is one (x's, quieted, where x is NaN,
    else w's), or x86's default NaN (inf - inf). Which of two NaNs NumPy's vector loops
    keep follows their layout, so the sums' own NaNs are not taken."""
    u, quiet, default = _QUIET[acc.dtype.itemsize]
    quiet, default = u(quiet), u(default)
    undecided = np.isnan(acc)
    bits = np.empty(acc.shape, u)
    total = np.zeros_like(acc)
    for k, tap in enumerate(taps):
        x, w = src[tap], weights[k]
        product = x * w
        total += product
        now = np.isnan(total) & undecided
        if now.any():
            mine = np.where(np.isnan(x), x.view(u) | quiet,
                            np.where(np.isnan(w), w.view(u) | quiet, default))
            bits[now] = np.where(np.isnan(product), mine, default)[now]
            undecided &= ~now
    nan = np.isnan(acc)
    acc[nan] = bits[nan].view(acc.dtype)


def _runs(a: np.ndarray) -> np.ndarray:
    """(N, ..., W, C) with W * C in one run -> a view (N, ..., W * C)."""
    return a.reshape(a.shape[:-2] + (a.shape[-2] * a.shape[-1],))


# ---------------------------------------------------------------------------------------
# DepthwiseConv2dNativeBackpropFilter as TF's CPU kernel sums it.
# ---------------------------------------------------------------------------------------

# products per pass (a block of output rows of every image): they and their sums in cache
_GRAD_CHUNK_BYTES = 1 << 20


def depthwise_filter_grad(x: np.ndarray, g: np.ndarray, ks: tuple, strides: tuple,
                          outs: tuple, pads: tuple) -> np.ndarray | None:
    """d loss / d filter of a depthwise 2-D convolution of x (N, H, W, C) whose output
    gradient is g (N, OH, OW, C*M), as TF's CPU kernel sums it (float32 and float64,
    undilated): for each image, each tap and output channel, the rounded products g * x
    added pixel by pixel, row by row, onto +0 (no fused step); then the images' sums
    added in order onto +0. Returns (KH * KW, C*M); None for other dtypes (the caller's
    BLAS path) and a single tap of one channel (NumPy would sum that one column pairwise).

    The products of a block of output rows of every image lie (N, pixels, taps *
    channels): one add.reduce over the pixels adds each column in pixel order (its inner
    loop runs over the columns). Were a reduction to start from the first product rather
    than +0 (NumPy's start from +0), the sums would differ only where ours is -0 and TF's
    +0 (TF's never is -0), which the final + 0.0 settles."""
    if x.dtype not in (np.float32, np.float64) or len(ks) != 2:
        return None
    n, (oh, ow), o = x.shape[0], outs, g.shape[-1]
    kh, kw = ks
    width = kh * kw * o
    if width < 2 or n * oh * ow == 0:
        return None
    xp = _padded_channels(x, pads, o // x.shape[-1], strides, ks, outs)
    view = _grad_view(xp, ks, strides, outs)
    tile = kw if strides[1] == 1 else 0
    per_image = oh * ow * width * x.itemsize
    rows = max(1, min(oh, _GRAD_CHUNK_BYTES // max(per_image // oh, 1)))
    step = max(1, _GRAD_CHUNK_BYTES // max(per_image, 1))  # images per pass
    sums = np.empty((n, width), x.dtype)

    def images(first: int) -> None:  # (images apart: the backend may run them side by side)
        last = min(n, first + step)
        gg = _g_rows(g[first:last], tile, 0, oh)  # (g tiled a step of images at a time)
        _image_sums(view[first:last], gg, rows, sums[first:last])
    starts = range(0, n, step)
    with np.errstate(all="ignore"):
        run_blocks(np, images, starts, lanes(np, g.size * kh * kw, len(starts)))
        total = np.add.reduce(sums, axis=0) if n > 1 else sums[0].copy()
        total += 0.0
        if np.isnan(total).any():
            _grad_nans(view, g, tile, sums, total, rows)
    return total.reshape(kh * kw, o)


def _image_sums(view: np.ndarray, gg: np.ndarray, rows: int, sums: np.ndarray) -> None:
    """sums[b] = image b's products g * x (g first: TF's order of operands) added pixel by
    pixel from the first, `rows` output rows at a time."""
    n, oh = view.shape[:2]
    width = sums.shape[1]
    prod = np.empty((n, min(rows, oh)) + view.shape[2:], sums.dtype)
    with np.errstate(all="ignore"):  # (a helper thread's own: overflows give inf, as TF's)
        for r0 in range(0, oh, rows):
            r1 = min(oh, r0 + rows)
            block = prod[:, :r1 - r0]
            np.multiply(gg[:, r0:r1], view[:, r0:r1], out=block)
            flat = block.reshape(n, -1, width)
            if r0:  # (the rows before: their sum comes first, as the sum goes on)
                np.add(flat[:, 0], sums, out=flat[:, 0])
            np.add.reduce(flat, axis=1, out=sums)


def _padded_channels(x: np.ndarray, pads: tuple, mult: int, strides: tuple, ks: tuple,
                     outs: tuple) -> np.ndarray:
    """x zero-padded (TF's input buffer takes 0 outside the image) to every window's
    reach, each channel repeated `mult` times (output channel c*M + j reads channel c)."""
    (top, _), (left, _) = pads
    need = [(o - 1) * s + k for o, s, k in zip(outs, strides, ks)]
    h, w = x.shape[1:3]
    if mult > 1:
        x = np.repeat(x, mult, axis=-1)
    if (top, left) == (0, 0) and need[0] <= h and need[1] <= w:
        return np.ascontiguousarray(x)  # (_grad_views reads a window's row as one run)
    out = np.zeros((x.shape[0], max(need[0], top + h), max(need[1], left + w), x.shape[-1]),
                   x.dtype)
    out[:, top:top + h, left:left + w] = x
    return out


def _grad_view(xp: np.ndarray, ks: tuple, strides: tuple, outs: tuple) -> np.ndarray:
    """Every window of xp for every output pixel, without a copy: sliding by one column,
    (N, OH, OW, KH, KW * C), a window's row of taps one run of values; otherwise
    (N, OH, OW, KH, KW, C)."""
    (kh, kw), (sh, sw), (oh, ow) = ks, strides, outs
    n, c = xp.shape[0], xp.shape[-1]
    s0, s1, s2, s3 = xp.strides
    if sw == 1:
        return as_strided(xp, (n, oh, ow, kh, kw * c), (s0, sh * s1, s2, s1, s3))
    return as_strided(xp, (n, oh, ow, kh, kw, c), (s0, sh * s1, sw * s2, s1, s2, s3))


def _g_rows(g: np.ndarray, tile: int, r0: int, r1: int) -> np.ndarray:
    """g's output rows r0 .. r1 - 1 shaped to multiply _grad_view's: repeated `tile`
    times along a window row's run, or broadcast over the taps (tile 0)."""
    part = g[:, r0:r1]
    return np.tile(part, tile)[:, :, :, None, :] if tile else part[:, :, :, None, None, :]


def _grad_nans(view: np.ndarray, g: np.ndarray, tile: int, sums: np.ndarray,
               total: np.ndarray, rows: int) -> None:
    """Gives each NaN of `total` TF's NaN (checked against TF 2.21). An image's sum adds
    each product first (product + sum): the last NaN product wins, x86's default NaN
    where none is one (inf - inf). A product g * x is g's NaN, quieted, where g is one,
    else x's, else the default (0 * inf). The images' sums are added onto the total
    (total + sum): the first NaN wins."""
    u, quiet, default = _QUIET[total.dtype.itemsize]
    quiet, default = u(quiet), u(default)
    n, oh = sums.shape[0], view.shape[1]
    width = sums.shape[1]
    last = np.full(sums.shape, default, u)  # each image's last NaN product, or the default
    for r0 in range(0, oh, rows):
        r1 = min(oh, r0 + rows)
        gv = np.broadcast_to(_g_rows(g, tile, r0, r1), view[:, r0:r1].shape).reshape(
            n, -1, width)
        xv = view[:, r0:r1].reshape(n, -1, width)
        bits = np.where(np.isnan(gv), gv.view(u) | quiet,
                        np.where(np.isnan(xv), xv.view(u) | quiet, default))
        nan = np.isnan(gv * xv)
        seen = nan.any(axis=1)
        at = nan.shape[1] - 1 - nan[:, ::-1].argmax(axis=1)  # (the last NaN of the block)
        pick = np.take_along_axis(bits, at[:, None], axis=1)[:, 0]
        last[seen] = pick[seen]
    acc = np.zeros(width, total.dtype)
    decided = np.zeros(width, bool)
    out = np.empty(width, u)
    for b in range(n):
        s = np.where(np.isnan(sums[b]), last[b].view(total.dtype), sums[b])
        now = ~decided & (np.isnan(s) | np.isnan(acc + s))
        out[now] = np.where(np.isnan(s), s.view(u), default)[now]
        decided |= now
        acc = acc + s
    total[decided] = out[decided].view(total.dtype)
