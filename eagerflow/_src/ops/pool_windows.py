"""Pooling kernels over the sliding-window engine (windows.py): max and average pools of
any rank, TF's NaN rules per rank, max pooling's argmax (MaxPoolWithArgmax and the
gradient's choice of cell), and the gradients. Channels-last arrays `(N, *spatial, C)`,
as windows.py's; ops layer, no OpDefs here (nn_pool.py has them).

On the CPU the windows' taps are added (or compared) a block of images at a time, so
that the block's padded input and output stay in the cache across the taps.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from eagerflow._src.backend import (
    ELEMENTWISE_BLOCK,
    FEW_ZERO_RESULTS,
    add_at,
    elementwise_kernel,
    select,
)
from eagerflow._src.ops.windows import _Kept, geometry, interior, pad, taps


def _lowest(x: Any) -> Any:
    if x.dtype.kind == "f" or x.dtype.kind == "V":  # (bfloat16's kind is "V")
        return -np.inf
    if x.dtype.kind == "b":
        return False
    return np.iinfo(x.dtype).min


# Most bytes of max-pool argmaxes kept for their gradients (see _Kept and max_pool).
KEEP_ARGMAX = 16 * 1024 * 1024
_KEPT_ARGMAX = _Kept(lambda: KEEP_ARGMAX)


def max_pool(xp: Any, x: Any, ks: tuple, strides: tuple, padding: str,
             explicit: tuple, keep: bool = False) -> Any:
    """TF's CPU kernels differ by rank on NaN (both agree elsewhere): 2-D windows take the
    largest non-NaN value and never go below the dtype's lowest finite value (a window of
    NaN or -inf gives that); 3-D windows keep a running `max if max > v else v`, so a NaN
    replaces what came before it and is replaced by what follows.

    With `keep` (2-D, nothing padded), each window's argmax (MaxPoolGrad's choice, see
    _tap_of_max) is found too and kept for max_pool_grad of the same arrays: the
    gradient is then one scatter (TF's MaxPoolWithArgmax, kept out of sight)."""
    ones = (1,) * len(ks)
    outs, pads = geometry(x.shape[1:-1], ks, strides, ones, padding, explicit)
    if any(o <= 0 for o in outs) or x.shape[0] == 0 or x.shape[-1] == 0:
        return xp.zeros((x.shape[0],) + tuple(max(o, 0) for o in outs) + (x.shape[-1],),
                        x.dtype)
    # (3-D: TF's padding cells hold the lowest finite value, which beats a window's -inf)
    fill = np.finfo(x.dtype).min if len(ks) == 3 and x.dtype.kind == "f" else _lowest(x)
    if len(ks) == 2 and xp is np:
        lowest = np.finfo(x.dtype).min if x.dtype.kind == "f" else _lowest(x)
        out = _max_pool_2d(x, ks, strides, outs, pads, lowest, fill)
        if keep and not any(b or a for b, a in pads):
            views = [x[idx] for _, idx in taps(ks, outs, strides, ones)]
            _KEPT_ARGMAX.put((x, out), (ks, strides, pads), _tap_of_max(xp, views, out))
        return out
    xpd = pad(xp, x, pads, fill, temp="pad")
    views = [xpd[idx] for _, idx in taps(ks, outs, strides, ones)]
    if len(ks) == 2:
        # (a device's: the CPU's 2-D pool returned above)
        out = _fmax_of(xp, views, np.finfo(x.dtype).min if x.dtype.kind == "f" else
                       _lowest(x))
        if keep and not any(b or a for b, a in pads):
            _KEPT_ARGMAX.put((x, out), (ks, strides, pads), _tap_of_max(xp, views, out))
        return out
    out = views[0].copy()
    for v in views[1:]:
        out = xp.where(out > v, out, v)
    return out


def _max_pool_2d(x: np.ndarray, ks: tuple, strides: tuple, outs: tuple, pads: tuple,
                 lowest: Any, fill: Any) -> np.ndarray:
    """TF's 2-D CPU max pool: a running value from the lowest finite one that takes each
    cell of the window, in row-major order, only when it is greater (NaNs never; of +0
    and -0, the first). Its value is the window's largest non-NaN value floored at the
    lowest, computed separably by NumPy's fmax (KH - 1 + KW - 1 passes instead of
    KH * KW), down the window's rows first (whole rows: long runs), a block of images at
    a time, each tap over the outputs whose window it reaches inside the image (no padded
    copy). Only a zero's sign depends on the order: where a block holds a -0 and zero
    results, each takes the sign of its window's first zero, found at its own window
    (_first_zero_signs_at) where they are few, else separably (_first_zero_signs)."""
    n, c = x.shape[0], x.shape[-1]
    out = np.empty((n,) + tuple(outs) + (c,), x.dtype)
    spans = [_tap_spans(k, s, o, b, size) for k, s, o, (b, _), size in
             zip(ks, strides, outs, pads, x.shape[1:3])]
    u = _SIGN_BITS.get((x.dtype.kind, x.dtype.itemsize))
    few = []  # the flat indices of zero results whose signs are fixed at their windows
    with np.errstate(invalid="ignore"):
        for a, b in _image_blocks(np, out):
            dest = out[a:b]
            src, along = x[a:b], spans
            if None in spans:  # (explicit pads past a kernel: windows of padding alone)
                src = pad(np, src, pads, fill)
                along = [_tap_spans(k, s, o, 0, size) for k, s, o, size in
                         zip(ks, strides, outs, src.shape[1:3])]
            down = _fmax_spans(src, 1, along[0], strides[0], None)
            _fmax_spans(down, 2, along[1], strides[1], dest)
            np.fmax(dest, lowest, out=dest)  # (windows of NaN and -inf only)
            # (without zero results, or without a -0, every zero is +0 already)
            zero = None if u is None else dest == 0
            if zero is not None and zero.any() and (x[a:b].view(u[0]) == u[1]).any():
                if np.count_nonzero(zero) * math.prod(ks) * FEW_ZERO_RESULTS <= dest.size:
                    few.append(np.flatnonzero(zero) + a * (dest.size // (b - a)))
                else:
                    _first_zero_signs(x[a:b], dest, ks, strides, outs, pads, u)
        if few:  # (a ReLU's output pooled: a few zero results, the gathers for all at once)
            _first_zero_signs_at(x, out, np.concatenate(few), ks, strides, pads, u)
    return out


def _first_zero_signs_at(x: np.ndarray, out: np.ndarray, zeros: np.ndarray, ks: tuple,
                         strides: tuple, pads: tuple, u: tuple) -> None:
    """_first_zero_signs for the zero results at flat indices `zeros` of `out` alone: the
    cells of their windows (a row per tap, in row-major order; cells outside the image
    masked) read by one gather, each result the sign of its column's first zero."""
    _, h, w, c = x.shape
    img, oy, ox, ch = np.unravel_index(zeros, out.shape)
    top, left = oy * strides[0] - pads[0][0], ox * strides[1] - pads[1][0]
    # (taps, results) arrays, the results along the rows: long runs for NumPy
    rows = np.arange(ks[0])[:, None] + top
    cols = np.arange(ks[1])[:, None] + left
    inside = (((rows >= 0) & (rows < h))[:, None] & ((cols >= 0) & (cols < w))).reshape(
        -1, zeros.size)
    at = ((img * h + top) * w + left) * c + ch + (
        (np.arange(ks[0])[:, None] * w + np.arange(ks[1])) * c).reshape(-1, 1)
    cell = x.reshape(-1)[np.where(inside, at, 0)]
    first = (inside & (cell == 0)).argmax(axis=0)  # (each such window holds a zero cell)
    minus = cell[first, np.arange(zeros.size)].view(u[0]) >= u[1]
    flat = out.reshape(-1)  # (a view: out is new)
    flat[zeros] = 0
    flat[zeros[minus]] = -flat[zeros[minus]]


def _reach(k: int, stride: int, outs: int, before: int, size: int) -> list:
    """Per tap along one axis, in order, (first output, end output, first input): the
    outputs whose window reaches inside the image at that tap, and where they read."""
    spans = []
    for t in range(k):
        lo = max(0, -(-(before - t) // stride))
        hi = min(outs, (size - 1 - t + before) // stride + 1)
        spans.append((lo, max(lo, hi), lo * stride + t - before))
    return spans


def _tap_spans(k: int, stride: int, outs: int, before: int, size: int) -> list | None:
    """_reach's spans, the tap reaching inside for every output first, then the others
    widest first (None if no tap reaches inside for every output)."""
    spans = _reach(k, stride, outs, before, size)
    full = next((sp for sp in spans if sp[:2] == (0, outs)), None)
    if full is None:
        return None
    rest = list(spans)
    rest.remove(full)
    return [full] + sorted(rest, key=lambda sp: sp[0] - sp[1])


def _along(a: np.ndarray, axis: int, index: slice) -> np.ndarray:
    return a[(slice(None),) * axis + (index,)]


def _fmax_spans(src: np.ndarray, axis: int, spans: list, stride: int,
                out: Any) -> np.ndarray:
    """The largest non-NaN value over the taps `spans` (_tap_spans) along `axis` of src,
    the outputs `stride` cells apart, into `out` if given: the first two taps' fmax where
    both reach, the full one's values elsewhere, then each further tap where it reaches."""
    def taken(lo: int, hi: int, first: int) -> np.ndarray:
        return _along(src, axis, slice(first, first + (hi - lo - 1) * stride + 1, stride))
    outs = spans[0][1]
    if out is None:
        shape = list(src.shape)
        shape[axis] = outs
        out = np.empty(shape, src.dtype)
    full = taken(*spans[0])
    lo, hi, first = spans[1] if len(spans) > 1 else (0, 0, 0)
    if hi > lo:
        np.fmax(_along(full, axis, slice(lo, hi)), taken(lo, hi, first),
                out=_along(out, axis, slice(lo, hi)))
    for part in (slice(0, lo), slice(hi, outs)):
        np.copyto(_along(out, axis, part), _along(full, axis, part))
    for lo, hi, first in spans[2:]:
        if hi > lo:
            seg = _along(out, axis, slice(lo, hi))
            np.fmax(seg, taken(lo, hi, first), out=seg)
    return out


# A float dtype's unsigned view and the bits of its -0, by (kind, item size): bfloat16's
# kind is "V"
_SIGN_BITS = {(k, n): (u, u(1 << (8 * n - 1))) for k in "fV" for n, u in
              ((2, np.uint16), (4, np.uint32), (8, np.uint64))}


def _fmax_taps(views: list, out: Any) -> np.ndarray:
    """The largest non-NaN value of the views (NaN where all are), into `out` if given."""
    if len(views) == 1:
        if out is None:
            return views[0]
        np.copyto(out, views[0])
        return out
    out = np.fmax(views[0], views[1], out=out)
    for v in views[2:]:
        np.fmax(out, v, out=out)
    return out


def _first_zero_signs(x: np.ndarray, dest: np.ndarray, ks: tuple, strides: tuple,
                      outs: tuple, pads: tuple, u: tuple) -> None:
    """Gives each zero of `dest` the sign of its window's first zero in row-major order
    (TF's running max keeps the first of equal values). Each cell's code, 1 for +0 and 2
    for -0 (0 otherwise), is carried separably as the first nonzero code along each
    window row, then down the rows (each tap over the outputs it reaches inside the
    image, in tap order): one byte a cell."""
    zero = x == 0
    code = zero.view(np.uint8) + (zero & (x.view(u[0]) >= u[1])).view(np.uint8)
    reach = [_reach(k, s, o, b, size) for k, s, o, (b, _), size in
             zip(ks, strides, outs, pads, x.shape[1:3])]
    across = _first_nonzero(code, 2, reach[1], strides[1], outs[1])
    first = _first_nonzero(across, 1, reach[0], strides[0], outs[0])
    dest += 0.0  # (every zero +0: then the -0s)
    np.negative(dest, out=dest, where=(first == 2) & (dest == 0))


def _first_nonzero(code: np.ndarray, axis: int, reach: list, stride: int,
                   outs: int) -> np.ndarray:
    """Per output along `axis` (`outs` of them), the first nonzero code among its taps in
    order (0 where none), each tap over the outputs it reaches (_reach)."""
    shape = list(code.shape)
    shape[axis] = outs
    run = np.zeros(shape, np.uint8)
    for lo, hi, first in reach:
        if hi > lo:
            seg = _along(run, axis, slice(lo, hi))
            seg += (seg == 0) * _along(code, axis, slice(first, first + (hi - lo - 1) *
                                                          stride + 1, stride))
    return run


def _tap_of_max(xp: Any, views: list, y: Any) -> Any:
    """Per window of unpadded `views` (one per tap, row-major), the tap TF's 2-D MaxPoolGrad
    gives the gradient to, given `y`, the windows' largest non-NaN values: the first cell,
    then any later cell strictly greater. That is the first tap equal to `y`, except where
    the first cell is NaN (nothing is greater than it: it keeps the gradient) or no cell
    equals `y` (NaN and -inf only: the first cell again). Comparisons and integer
    arithmetic only: where() and masked copies branch per element, ~40x slower."""
    # (the first cell keeps it where it is not below y: equal to y, or NaN)
    return _first_equal_later_tap(xp, views, y, "<")


def _first_equal_later_tap(xp: Any, views: list, y: Any, first: str) -> Any:
    """Per window, the first tap after the first whose cell equals `y`, where the first
    cell compares with `y` by `first` ("<" or "!="), else (or where no later cell equals
    `y`) the first tap, 0. On a device, float32 and float64 in one kernel (the taps'
    comparisons and selects, as the ufuncs below compute them, one launch for ~4 a tap)."""
    kernel = _tap_kernel(xp, len(views), first, y.dtype)
    if kernel is not None:
        return kernel(y, *views)
    arg = xp.zeros(y.shape, dtype=np.uint8 if len(views) <= 256 else np.int32)
    for t in range(len(views) - 1, 0, -1):  # last to first: the first equal tap stays
        arg -= (views[t] == y) * (arg - t)  # (arg - t wraps around in uint8: still exact)
    arg *= views[0] < y if first == "<" else views[0] != y
    return arg


def _fmax_of(xp: Any, views: list, lowest: Any) -> Any:
    """Per window, `lowest` and then each tap's cell (of `views`, one per tap) by fmax (a
    NaN never taken). On a device, float32 and float64 in one kernel (CUDA's max of two
    floats is the ufunc's fmax: one launch for the fill and one a tap)."""
    v0 = views[0]
    if xp is not np and v0.dtype in _TAP_KERNEL_DTYPES:
        n = len(views)
        source = _FMAX_SOURCES.get(n)
        if source is None:
            source = _FMAX_SOURCES[n] = (
                "T lowest, " + ", ".join(f"T v{t}" for t in range(n)), "T y",
                "T m = lowest; " + "".join(f"m = max(m, v{t}); " for t in range(n)) + "y = m",
                f"eagerflow_max_pool_fmax_{n}")
        return elementwise_kernel(xp, *source)(v0.dtype.type(lowest), *views)
    y = xp.full(v0.shape, lowest, v0.dtype)
    for v in views:
        xp.fmax(y, v, out=y)
    return y


# taps -> _fmax_of's CUDA source; (taps, first's comparison) -> _tap_kernel's (made once
# each)
_FMAX_SOURCES: dict = {}
_TAP_SOURCES: dict = {}
_TAP_KERNEL_DTYPES = frozenset((np.dtype(np.float32), np.dtype(np.float64)))


def _tap_kernel(xp: Any, n: int, first: str, dtype: np.dtype) -> Any:
    """The device's kernel of _first_equal_later_tap for `n` taps (None on the CPU and for
    other dtypes): `tap = v0 <first> y ? (the first later tap equal to y, else 0) : 0`,
    the later taps tried last to first, as the ufuncs' loop."""
    if xp is np or dtype not in _TAP_KERNEL_DTYPES:
        return None
    key = (n, first)
    source = _TAP_SOURCES.get(key)
    if source is None:
        later = "".join(f"a = v{t} == y ? {t} : a; " for t in range(n - 1, 0, -1))
        source = _TAP_SOURCES[key] = (
            "T y, " + ", ".join(f"T v{t}" for t in range(n)),
            f"{'uint8' if n <= 256 else 'int32'} tap",
            f"int a = 0; {later}tap = v0 {first} y ? a : 0",
            f"eagerflow_max_pool_tap_{n}_{'lt' if first == '<' else 'ne'}")
    return elementwise_kernel(xp, *source)


def _real_cells(xp: Any, x: Any, xpd: Any, pads: tuple) -> Any:
    """True on the cells of the padded input that are x's own (None when nothing is
    padded): TF's kernels never pick a padding cell."""
    if not any(b or a for b, a in pads):
        return None
    valid = xp.zeros(xpd.shape[:-1] + (1,), dtype=bool)
    valid[interior(pads, x.shape[1:-1])] = True
    return valid


def _first_argmax(xp: Any, x: Any, xpd: Any, pads: tuple, tap_list: tuple) -> tuple:
    """Per window, (the chosen cell's value, its tap) by TF's 2-D gradient choice: the first
    real (unpadded) cell, then any later cell strictly greater (a NaN in front keeps the
    gradient; ties go first). The values are MaxPoolWithArgmax's output."""
    valid = _real_cells(xp, x, xpd, pads)
    if valid is None:
        found = _first_max_tap(xp, xpd, tap_list)
        if found is not None:
            return found
    best = arg = seen = None
    for t, idx in tap_list:
        v = xpd[idx]
        ok = None if valid is None else valid[idx]
        if best is None:
            best, arg = v.copy(), xp.zeros(v.shape, dtype=np.int32)
            seen = xp.ones(v.shape, dtype=bool) if ok is None else xp.broadcast_to(ok, v.shape)
            continue
        take = v > best
        if ok is not None:
            take = (take | ~seen) & ok
            seen = seen | ok
        best = xp.where(take, v, best)
        arg = xp.where(take, t, arg)
    return best, xp.where(seen, arg, -1)


def _first_max_tap(xp: Any, xpd: Any, tap_list: tuple) -> tuple | None:
    """_first_argmax's (values, taps) when nothing is padded and no window holds a NaN
    (else None): the windows' maxima and _tap_of_max's taps."""
    views = [xpd[idx] for _, idx in tap_list]
    best = views[0].copy()
    for v in views[1:]:
        xp.maximum(best, v, out=best)
    if best.dtype.kind not in "iub" and best.size and xp.isnan(best.max()):  # (max keeps NaN)
        return None
    return best, _tap_of_max(xp, views, best)


def _gpu_first_max(xp: Any, xpd: Any, tap_list: tuple) -> tuple:
    """Per window of floats, (value, tap, found) as TF's GPU kernel (MaxPoolForwardNHWC)
    chooses them: from the dtype's lowest finite value, each cell strictly greater (in
    row-major order) replaces it. So NaN cells are skipped, ties go to the first, and a
    window of NaN, -inf and the lowest value only keeps that value and no cell (`found`
    False: TF's argmax -1). Padding cells (-inf) are never chosen. Nothing is read back."""
    views = [xpd[idx] for _, idx in tap_list]
    lowest = np.finfo(xpd.dtype).min
    y = _fmax_of(xp, views, lowest)  # (fmax skips a NaN, as the kernel's `>` does)
    tap = _first_equal_later_tap(xp, views, y, "!=")  # (the first cell, where it is y)
    return y, tap, y > lowest


def max_pool_argmax(xp: Any, x: Any, ks: tuple, strides: tuple, padding: str,
                    include_batch: bool) -> tuple:
    """2-D (values, flat int64 argmax) of TF's MaxPoolWithArgmax: the cell each window's
    gradient goes to and its value, the index counted over (height, width, channels) of
    one image, or of the whole batch with `include_batch`. On the CPU the cell is the one
    TF's CPU kernel (and MaxPoolGrad) chooses: the first, then any later cell strictly
    greater. On a device, floats are chosen as TF's GPU kernel chooses (_gpu_first_max),
    which differs where a window holds a NaN or nothing above the lowest float; TF runs
    the other dtypes on its CPU kernel, whose choice over them reads nothing back."""
    outs, pads = geometry(x.shape[1:-1], ks, strides, (1, 1), padding, ())
    n, h, w, c = x.shape
    if min(outs) <= 0:
        empty = (n, max(outs[0], 0), max(outs[1], 0), c)
        return xp.zeros(empty, x.dtype), xp.zeros(empty, np.int64)
    xpd = pad(xp, x, pads, _lowest(x))
    tap_list = taps(ks, outs, strides, (1, 1))
    found = None
    if xp is not np and x.dtype.kind == "f":
        best, tap, found = _gpu_first_max(xp, xpd, tap_list)
    else:
        best, tap = _first_argmax(xp, x, xpd, pads, tap_list)
    # flat index = the window's top-left cell + the chosen tap's offset from it
    offsets = xp.asarray([(i * w + j) * c for i in range(ks[0]) for j in range(ks[1])],
                         dtype=np.int64)
    rows = xp.arange(outs[0], dtype=np.int64) * strides[0] - pads[0][0]
    cols = xp.arange(outs[1], dtype=np.int64) * strides[1] - pads[1][0]
    corner = (rows[:, None, None] * w + cols[None, :, None]) * c + xp.arange(c, dtype=np.int64)
    flat = offsets[tap] + corner  # (fancy indexing: 4x faster than take on uint8 taps)
    if include_batch:
        flat += (xp.arange(n, dtype=np.int64) * (h * w * c))[:, None, None, None]
    if found is not None:
        flat = xp.where(found, flat, np.int64(-1))
    return best, flat


def max_pool_grad_argmax(xp: Any, x_shape: tuple, g: Any, flat: Any) -> Any:
    """MaxPoolGradWithArgmax: each gradient added at its window's flat position in the batch,
    in order (windows that share a chosen cell sum in TF's order)."""
    dx = xp.zeros(math.prod(x_shape), dtype=g.dtype)
    add_at(xp, dx, flat, g.reshape(-1))
    return dx.reshape(x_shape)


def max_pool_grad(xp: Any, x: Any, y: Any, g: Any, ks: tuple, strides: tuple, padding: str,
                  explicit: tuple, one: bool = False) -> Any:
    """Each window's gradient goes where TF's CPU kernels send it: in 2-D to one element,
    the argmax of the input alone (`y` is not read, but names the forward whose kept
    argmax is used: see max_pool); in 3-D to every element equal to the window's output
    in `y` (ties each get all of it; an infinite one none: TF's MaxPool3DGrad masks the
    cells whose difference from it is 0). The gradients are scattered one tap at a time
    (NumPy's fancy-index scatter of the same values took twice as long), last tap first:
    that adds the windows sharing a cell in window order onto zeros, TF's sum bit for
    bit. With `one` (XLA's, of any rank), each window's to one element, as in 2-D."""
    ones = (1,) * len(ks)
    outs, pads = geometry(x.shape[1:-1], ks, strides, ones, padding, explicit)
    xpd = pad(xp, x, pads, _lowest(x))
    dxp = xp.zeros(xpd.shape, dtype=g.dtype)
    if g.size and (len(ks) == 2 or one):
        tap_list = taps(ks, outs, strides, ones)
        kept = None if one else _KEPT_ARGMAX.get((x, y), (ks, strides, pads))
        for a, b in _image_blocks(xp, g):  # (a block's arrays stay in the cache: see there)
            tap = kept[a:b] if kept is not None else \
                _argmax_taps(xp, x[a:b], xpd[a:b], pads, tap_list)
            _scatter_chosen(xp, dxp[a:b], g[a:b], tap_list, tap, ks, strides)
    elif g.size:
        tap_list = taps(ks, outs, strides, ones)
        _scatter_taps(xp, dxp, g, tap_list, _equal_cells(xp, x, xpd, y, pads, tap_list),
                      ks, strides)
    if any(b or a for b, a in pads):
        return xp.ascontiguousarray(dxp[interior(pads, x.shape[1:-1])])
    return dxp


def _scatter_taps(xp: Any, dxp: Any, g: Any, tap_list: tuple, hits: list, ks: tuple,
                  strides: tuple) -> None:
    """Adds each window's gradient `g` onto the padded `dxp` at its taps' `hits`."""
    if all(s >= k for s, k in zip(strides, ks)):
        # disjoint windows give each cell one tap: store 0 + g (-0.0 becomes 0.0)
        g0 = g + xp.zeros((), g.dtype)
        for (_, idx), hit in zip(tap_list, hits):
            select(xp, hit, g0, out=dxp[idx])
    else:
        for (_, idx), hit in zip(reversed(tap_list), reversed(hits)):
            # g where hit, not g * hit: an inf or NaN in g reaches only its chosen cell
            dxp[idx] += select(xp, hit, g)


def _scatter_chosen(xp: Any, dxp: Any, g: Any, tap_list: tuple, tap: Any, ks: tuple,
                    strides: tuple) -> None:
    """Adds each window's gradient `g` onto the padded `dxp` at the tap `tap` chose for
    it, as _scatter_taps adds it at its hits. On a device (float32 and float64, windows
    that overlap) one kernel a tap, `d = d + (tap == t ? g : 0)` into the tap's view of
    `dxp` in place, last tap first: the ufuncs' comparison, select, add and copy back."""
    if xp is np or g.dtype not in _TAP_KERNEL_DTYPES or all(
            s >= k for s, k in zip(strides, ks)):
        _scatter_taps(xp, dxp, g, tap_list, [tap == t for t, _ in tap_list], ks, strides)
        return
    kernel = elementwise_kernel(xp, *_ADD_CHOSEN)
    for t, idx in reversed(tap_list):
        kernel(g, tap, t, dxp[idx])


_ADD_CHOSEN = ("T g, I tap, I t", "T d", "d = d + (tap == t ? g : (T)0)",
               "eagerflow_max_pool_add_chosen")


def _argmax_taps(xp: Any, x: Any, xpd: Any, pads: tuple, tap_list: tuple) -> Any:
    """MaxPoolGrad's 2-D choice of tap per window, found again (no kept argmax)."""
    if any(b or a for b, a in pads):
        # (on the CPU by whole taps; a device keeps the general path, which copies no
        # host geometry over)
        first = _first_real_tap(x, xpd, pads, tap_list) if xp is np else None
        if first is None:  # (or a window of padding only: the general path's -1)
            return _first_argmax(xp, x, xpd, pads, tap_list)[1]
        return _padded_tap_of_max(xpd, tap_list, *first)
    views = [xpd[idx] for _, idx in tap_list]
    y = _fmax_of(xp, views, np.finfo(x.dtype).min if x.dtype.kind == "f" else _lowest(x))
    return _tap_of_max(xp, views, y)


def _first_real_tap(x: Any, xpd: Any, pads: tuple, tap_list: tuple) -> tuple | None:
    """(per window position, the first tap on a real cell; per tap, where its cell is real),
    over the spatial dims only (shapes (1, *outs, 1), NumPy arrays: geometry); None when
    some window has none."""
    valid = np.zeros((1,) + xpd.shape[1:-1] + (1,), dtype=bool)
    valid[interior(pads, x.shape[1:-1])] = True
    real = [valid[idx] for _, idx in tap_list]
    first = np.full(real[0].shape, len(tap_list), dtype=np.int32)
    for (t, _), ok in zip(reversed(tap_list), reversed(real)):
        first[ok] = t
    if (first == len(tap_list)).any():
        return None
    return first, real


def _padded_tap_of_max(xpd: Any, tap_list: tuple, first: Any, real: list) -> Any:
    """_first_argmax's taps (NumPy) where padding cells (the dtype's lowest) surround the
    input: the first real cell equal to the windows' largest non-NaN value `y`, or the
    window's first real cell where none is (NaN and -inf only) or where that cell is NaN
    (nothing is greater than it). Comparisons and integer arithmetic over whole taps, as
    _tap_of_max (the general path's where() per tap took ~70 ns a value)."""
    views = [xpd[idx] for _, idx in tap_list]
    y = views[0].copy()
    for v in views[1:]:
        np.fmax(y, v, out=y)  # (padding cells hold the lowest value: never above a real one)
    kind = np.uint8 if len(views) <= 256 else np.int32
    arg = np.broadcast_to(first.astype(kind), y.shape).copy()
    for t in range(len(views) - 1, -1, -1):  # last to first: the first equal tap stays
        hit = views[t] == y
        hit &= real[t]
        arg -= hit * (arg - t)  # (arg - t wraps around in uint8: still exact)
    if y.dtype.kind in "fV":
        for t in np.unique(first).tolist():  # a NaN first cell keeps the gradient
            keep = ~(views[t] < y)
            keep &= first == t
            arg -= keep * (arg - t)
    return arg


def _equal_cells(xp: Any, x: Any, xpd: Any, y: Any, pads: tuple, tap_list: tuple) -> list:
    """Per tap, where its cell is a real one whose difference from its window's `y` is 0
    (MaxPool3DGrad's choice: every tie; none in a NaN window, nor an infinite cell)."""
    valid = _real_cells(xp, x, xpd, pads)
    out = []
    for _, idx in tap_list:
        hit = xp.equal(xpd[idx] - y, 0)
        if valid is not None:
            hit &= valid[idx]
        out.append(hit)
    return out


def max_pool_grad_grad(xp: Any, x: Any, y: Any, gg: Any, ks: tuple, strides: tuple,
                       padding: str, explicit: tuple) -> Any:
    """Gathers `gg` (shaped like x) at each window's first maximal element."""
    ones = (1,) * len(ks)
    outs, pads = geometry(x.shape[1:-1], ks, strides, ones, padding, explicit)
    xpd = pad(xp, x, pads, _lowest(x))
    ggp = pad(xp, gg, pads, 0)
    out = xp.zeros(y.shape, dtype=gg.dtype)
    if y.size:
        taken = xp.zeros(y.shape, dtype=bool)
        valid = _real_cells(xp, x, xpd, pads)
        for _, idx in taps(ks, outs, strides, ones):
            hit = xpd[idx] == y
            if valid is not None:
                hit &= valid[idx]
            hit &= ~taken
            taken |= hit
            out += xp.where(hit, ggp[idx], 0)
    return out


def avg_counts(xp: Any, sizes: tuple, ks: tuple, strides: tuple, padding: str,
               dtype: Any) -> Any:
    """How many real (unpadded) input cells each output window covers: (1, *outs, 1)."""
    ones = (1,) * len(ks)
    outs, pads = geometry(sizes, ks, strides, ones, padding, ())
    total = None
    for i, (o, (b, _), k, s, n) in enumerate(zip(outs, pads, ks, strides, sizes)):
        start = np.arange(o) * s - b
        cnt = np.minimum(start + k, n) - np.maximum(start, 0)
        shape = [1] * (len(outs) + 2)
        shape[i + 1] = o
        cnt = cnt.reshape(shape)
        total = cnt if total is None else total * cnt
    return xp.asarray(np.maximum(total, 1), dtype=dtype)


def avg_pool(xp: Any, x: Any, ks: tuple, strides: tuple, padding: str) -> Any:
    if x.dtype.kind == "V" and x.dtype.itemsize == 2:  # TF's bfloat16 pools in float32
        return avg_pool(xp, x.astype(np.float32), ks, strides, padding).astype(x.dtype)
    ones = (1,) * len(ks)
    outs, pads = geometry(x.shape[1:-1], ks, strides, ones, padding, ())
    if any(o <= 0 for o in outs) or x.shape[0] == 0 or x.shape[-1] == 0:
        return xp.zeros((x.shape[0],) + tuple(max(o, 0) for o in outs) + (x.shape[-1],),
                        x.dtype)
    if xp is np:
        return _avg_pool_cpu(x, ks, strides, outs, pads, padding)
    xpd = pad(xp, x, pads, 0, temp="pad")
    views = [xpd[idx] for _, idx in taps(ks, outs, strides, ones)]
    out = xp.empty((x.shape[0],) + tuple(outs) + (x.shape[-1],), x.dtype)
    blocks = _image_blocks(xp, out)
    # (the counts broadcast over a block's channels: NumPy divides contiguous runs faster)
    counts = xp.broadcast_to(avg_counts(xp, x.shape[1:-1], ks, strides, padding, x.dtype),
                             (blocks[0][1],) + out.shape[1:]).copy()
    for a, b in blocks:
        block = out[a:b]  # (the taps added in turn: TF's order)
        if len(views) > 1:
            xp.add(views[0][a:b], views[1][a:b], out=block)
        else:
            xp.copyto(block, views[0][a:b])
        for v in views[2:]:
            block += v[a:b]
        block /= counts[:b - a]
    return out


def _avg_pool_cpu(x: np.ndarray, ks: tuple, strides: tuple, outs: tuple, pads: tuple,
                  padding: str) -> np.ndarray:
    """TF's CPU average pool: each window's real cells added in row-major order onto +0,
    then divided by their count; each tap added over the outputs whose window it reaches
    inside the image (no padded copy), a block of images at a time (with a stride under
    the window along the last axis, a band of its output rows: the band's input rows,
    their phases and sums stay in the cache across the taps). The first tap's sum is
    x + 0.0, so a window of -0 alone gives +0, as TF's."""
    out = np.empty((x.shape[0],) + tuple(outs) + (x.shape[-1],), x.dtype)
    reach = [_reach(k, s, o, b, size) for k, s, o, (b, _), size in
             zip(ks, strides, outs, pads, x.shape[1:-1])]
    blocks = _image_blocks(np, out)
    counts = np.broadcast_to(avg_counts(np, x.shape[1:-1], ks, strides, padding, x.dtype),
                             (blocks[0][1],) + out.shape[1:]).copy()
    # (bands pay where a row of taps is copied by phases, _avg_plan; elsewhere the taps'
    # loop over more bands costs more than the cache saves)
    rows = max(1, ELEMENTWISE_BLOCK // 2 // (out[:blocks[0][1], 0].size or 1)) \
        if 1 < strides[-1] < ks[-1] else outs[0]
    bands = [slice(r0, min(r0 + rows, outs[0])) for r0 in range(0, outs[0], rows)]
    plans = [_avg_plan(reach, strides, band) for band in bands]  # (the same for each block)
    for a, b in blocks:
        for band, (first_spans, steps) in zip(bands, plans):
            block = out[a:b, band]
            _avg_band(x[a:b], block, first_spans, steps)
            block /= counts[:b - a, band]
    return out


def _avg_band(x: np.ndarray, block: np.ndarray, first_spans: tuple | None,
              steps: list) -> None:
    """One band's sums (an _avg_plan) of the images `x` into `block`."""
    _zero_outside(block, first_spans)
    phases: dict = {}
    for first, dest, cells, phase in steps:
        if phase is not None:  # (row of taps, phase, the copy's index into x)
            if phase[:2] not in phases:
                if phases and next(iter(phases))[0] != phase[0]:
                    phases.clear()  # (a new row of taps: the last one's copies go)
                phases[phase[:2]] = np.ascontiguousarray(x[phase[2]])
            src = phases[phase[:2]][cells]
        else:
            src = x[cells]
        if first:  # (the first tap's outputs: +0 + x; the others' start at +0)
            np.add(src, 0.0, out=block[dest])
        else:
            block[dest] += src


def _span_index(spans: tuple) -> tuple:
    """The index of the outputs `spans` covers, in an (N, *outs, C) block."""
    return (slice(None),) + tuple(slice(lo, hi) for lo, hi, _ in spans)


def _avg_plan(reach: list, strides: tuple, band: slice) -> tuple:
    """_avg_pool_cpu's steps for the output rows `band`, made once for all blocks of
    images: (the first tap's spans, or None where it reaches no output of the band, and
    a list of (first tap?, dest, cells, phase) per tap reaching some output). With a
    stride along the last spatial axis smaller than the window, the cells a tap reads
    there are `stride` apart (runs of C values, slow for NumPy's loops): those of a row of
    taps are first copied into one contiguous array per phase (input column mod stride),
    which its taps then read in long runs (the same cells, added in the same order);
    `phase` is then (row of taps, phase, the copy's index) and `cells` an index into the
    copy, else None and an index into the block's input."""
    s = strides[-1]
    split = 1 < s < len(reach[-1])  # (a stride under the window)
    first_spans, steps, rows = None, [], []
    for t, spans in enumerate(itertools.product(*reach)):
        (lo, hi, first), rest = spans[0], spans[1:]
        lo, hi, first = max(lo, band.start), min(hi, band.stop), \
            first + max(band.start - lo, 0) * strides[0]
        spans = ((lo - band.start, hi - band.start, first),) + rest
        if any(hi <= lo for lo, hi, _ in spans):
            continue
        if t == 0:
            first_spans = spans
        dest = _span_index(spans)
        src = (slice(None),) + tuple(slice(first, first + (hi - lo - 1) * st + 1, st)
                                     for (lo, hi, first), st in zip(spans, strides))
        if not split:
            steps.append((t == 0, dest, src, None))
            continue
        lo, hi, first = spans[-1]
        row = tuple((d.start, d.stop, d.step) for d in src[1:-1])  # (slices: unhashable)
        if not rows or rows[-1] != row:
            rows.append(row)
        cells = (slice(None),) * (len(src) - 1) + (slice(first // s, first // s + hi - lo),)
        steps.append((t == 0, dest, cells, (len(rows), first % s,
                                            src[:-1] + (slice(first % s, None, s),))))
    return first_spans, steps


def _zero_outside(block: np.ndarray, spans: tuple | None) -> None:
    """Zeros in `block` (N, *outs, C) outside the outputs `spans` covers (all if None)."""
    if spans is None:
        block[...] = 0
        return
    for axis, (lo, hi, _) in enumerate(spans, start=1):
        block[(slice(None),) * axis + (slice(0, lo),)] = 0
        block[(slice(None),) * axis + (slice(hi, None),)] = 0


def _image_blocks(xp: Any, out: Any) -> list:
    """(first, end) images of `out` a window loop takes at a time: on the CPU as many as
    keep about ELEMENTWISE_BLOCK output values in the cache across the taps (a 3x3 pool
    of 32x64x64x16 float32: 8 ms over whole tensors, under 3 ms by images); a device
    takes them all."""
    n = out.shape[0]
    per = max(1, math.prod(out.shape[1:]))
    step = n if xp is not np else max(1, ELEMENTWISE_BLOCK // per)
    return [(a, min(a + step, n)) for a in range(0, n, step)]


def avg_pool_grad(xp: Any, in_shape: tuple, g: Any, ks: tuple, strides: tuple,
                  padding: str) -> Any:
    ones = (1,) * len(ks)
    outs, pads = geometry(in_shape[1:-1], ks, strides, ones, padding, ())
    padded = (in_shape[0],) + tuple(s + b + a for s, (b, a) in zip(in_shape[1:-1], pads)) + \
        (in_shape[-1],)
    if g.dtype.kind == "V" and g.dtype.itemsize == 2:  # TF's bfloat16 works in float32
        return avg_pool_grad(xp, in_shape, g.astype(np.float32), ks, strides,
                             padding).astype(g.dtype)
    dxp = xp.zeros(padded, dtype=g.dtype)
    if g.size and g.dtype.itemsize == 2 and xp is np:
        # TF's half-precision loop: each output's gradient times its window's reciprocal
        # (rounded to the type), added to its inputs output by output, each sum rounded
        inv = (1.0 / avg_counts(xp, in_shape[1:-1], ks, strides, padding, np.float64))
        share = g * inv.astype(g.dtype)
        for _, idx in reversed(list(taps(ks, outs, strides, ones))):
            dxp[idx] += share
    elif g.size:
        share = g / avg_counts(xp, in_shape[1:-1], ks, strides, padding, g.dtype)
        tap_list = taps(ks, outs, strides, ones)
        for a, b in _image_blocks(xp, g):  # (each cell's adds in tap order, as before)
            block = dxp[a:b]
            for _, idx in tap_list:
                block[idx] += share[a:b]
    if any(b or a for b, a in pads):
        return xp.ascontiguousarray(dxp[interior(pads, in_shape[1:-1])])
    return dxp
