"""TF's CPU resize kernels, bit for bit with TF 2.21: ScaleAndTranslate (tf.image.resize's
lanczos3, lanczos5, gaussian and mitchellcubic methods, and antialiased bilinear and
bicubic: TF's "triangle" and "keyscubic" kernels) and its gradient, ResizeBilinear,
ResizeBicubic and ResizeArea (TF 1's sampling modes included).

Sits in the ops layer under image.py. Each is separable: per axis, each output index
reads a few inputs with weights worked out as TF's kernel works them out, in float32,
and the image is gathered rows first, then columns (`gather`), each output the float32
sum of its weighted taps in TF's order: a float32 product and a float32 addition per
tap, as TF's loops add (its build contracts none into a fused multiply-add).

- ScaleAndTranslate: each output reads a run of consecutive inputs (`spans`) from the
  inverse scale, each kernel's own float formula (the C library's `sinf` for Lanczos,
  double `exp` for the Gaussian) and the weights scaled by the reciprocal of their float
  sum; its gradient gathers along the transposed spans (`grad_spans`).
- ResizeBilinear: each row lerped along x, then the rows along y (`bilinear`).
- ResizeBicubic: four taps from TF's table of 1,025 cubic coefficients (`cubic_taps`).
- ResizeArea: a box's overlap with each input, the inner taps added unweighted
  (`area_resize`).

Checked against TF 2.21's results bit for bit (tests/ops/test_image_resample.py).
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import ELEMENTWISE_BLOCK, add_at, c_float_function, table

_F32 = np.float32
_PI = _F32(3.14159265359)  # (TF's kPI, as a float)
_TINY_SUM = _F32(1000) * np.finfo(_F32).tiny  # below it TF leaves a span's weights zero


# ---------------------------------------------------------------------------------------
# ScaleAndTranslate's sampling kernels and spans.
# ---------------------------------------------------------------------------------------

def _sinf(x: np.ndarray) -> np.ndarray:
    """The C library's sinf of each float32 value (TF's Lanczos calls it; NumPy's own
    float32 sine differs in the last place for some)."""
    fn = c_float_function("sinf")
    if fn is None:
        return np.sin(x)
    return np.array([fn(v) for v in x.ravel().tolist()], _F32).reshape(x.shape)


def _lanczos(radius: int) -> Callable[[np.ndarray], np.ndarray]:
    r = _F32(radius)

    def kernel(x: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            v = r * _sinf(_PI * x) * _sinf(_PI * x / r) / (_PI * _PI * x * x)
        # (TF takes 1 for |x| <= 1e-3, compared in double: the limit of sin(x) / x)
        return np.where(x > r, _F32(0), np.where(x.astype(np.float64) <= 1e-3, _F32(1), v))
    return kernel


def _gaussian(x: np.ndarray) -> np.ndarray:
    # sigma = 0.5: exp(-x*x / (2 sigma^2)) in double, -x*x a float product
    v = np.array([math.exp(t / 0.5) for t in (-x * x).astype(np.float64).ravel().tolist()], _F32)
    return np.where(x >= _F32(1.5), _F32(0), v.reshape(x.shape))


def _keys_cubic(x: np.ndarray) -> np.ndarray:
    near = ((_F32(1.5) * x - _F32(2.5)) * x) * x + _F32(1)
    far = ((_F32(-0.5) * x + _F32(2.5)) * x - _F32(4)) * x + _F32(2)
    return np.where(x >= _F32(2), _F32(0), np.where(x >= _F32(1), far, near))


def _mitchell_cubic(x: np.ndarray) -> np.ndarray:
    near = (((_F32(7) / _F32(6)) * x - _F32(2)) * x) * x + _F32(8) / _F32(9)
    far = (((_F32(-7) / _F32(18)) * x + _F32(2)) * x - _F32(10) / _F32(3)) * x + \
        _F32(16) / _F32(9)
    return np.where(x >= _F32(2), _F32(0), np.where(x >= _F32(1), far, near))


def _triangle(x: np.ndarray) -> np.ndarray:
    return np.where(x < _F32(1), _F32(1) - x, _F32(0))


def _box(x: np.ndarray) -> np.ndarray:
    return np.where(x < _F32(0.5), _F32(1), np.where(x == _F32(0.5), _F32(0.5), _F32(0)))


# kernel_type -> (kernel of |x| over float32 arrays, radius)
KERNELS: dict = {
    "lanczos1": (_lanczos(1), 1.0),
    "lanczos3": (_lanczos(3), 3.0),
    "lanczos5": (_lanczos(5), 5.0),
    "gaussian": (_gaussian, 1.5),
    "box": (_box, 1.0),
    "triangle": (_triangle, 1.0),
    "keyscubic": (_keys_cubic, 2.0),
    "mitchellcubic": (_mitchell_cubic, 2.0),
}


@functools.lru_cache(maxsize=256)
def spans(kernel_type: str, n_out: int, n_in: int, scale: float, translation: float,
          antialias: bool) -> tuple:
    """(starts (n_out,), weights (n_out, span)) of one axis: output i is the sum over j
    of weights[i, j] * input[starts[i] + j], for the taps inside the input. `scale` and
    `translation` are TF's inputs of the op (tf.image.resize's: n_out / n_in and 0).
    Cached, read-only."""
    kernel, radius = KERNELS[kernel_type]
    inv_scale = _F32(1.0 / float(_F32(scale)))  # (TF: 1.0 / scale in double, kept float)
    inv_translate = -inv_scale * _F32(translation)
    kernel_scale = max(inv_scale, _F32(1)) if antialias else _F32(1)
    reach = _F32(radius) * kernel_scale
    span = min(2 * math.ceil(reach) + 1, n_in) if np.isfinite(reach) else n_in
    sample = (np.arange(n_out).astype(_F32) + _F32(0.5)) * inv_scale + inv_translate
    # a sample outside the image reads nothing (NaN, from a NaN translation, included)
    inside = (sample >= 0) & (sample <= n_in)
    sample = np.where(inside, sample, _F32(0))
    with np.errstate(invalid="ignore", over="ignore"):
        first = np.clip(np.ceil(sample - reach - _F32(0.5)), 0, n_in - 1).astype(np.int64)
        end = np.clip(np.floor(sample + reach - _F32(0.5)), 0, n_in - 1).astype(np.int64) + 1
        src = first[:, None] + np.arange(span)
        pos = (src.astype(_F32) + _F32(0.5)) - sample[:, None]
        weights = np.where(src < end[:, None],
                           kernel(np.abs(pos * (_F32(1) / kernel_scale))), _F32(0))
    total = np.zeros(n_out, _F32)
    for j in range(span):  # (summed in order, as TF's float total)
        total = total + weights[:, j]
    kept = inside & (np.abs(total) >= _TINY_SUM)  # (a tiny sum leaves the weights zero)
    with np.errstate(divide="ignore", invalid="ignore"):
        weights = np.where(kept[:, None], weights * (_F32(1) / total)[:, None], _F32(0))
    return _frozen(np.where(inside, first, 0)), _frozen(weights.astype(_F32))


@functools.lru_cache(maxsize=256)
def grad_spans(kernel_type: str, n_out: int, n_in: int, scale: float, translation: float,
               antialias: bool) -> tuple:
    """The forward's spans transposed: (starts (n_in,), weights (n_in, span)) mapping the
    gradient of the n_out outputs onto the n_in inputs, as TF's gradient builds them (for
    each input, the outputs that read it with a nonzero weight, from the first)."""
    starts, weights = spans(kernel_type, n_out, n_in, scale, translation, antialias)
    out_idx, tap = np.nonzero(weights)
    in_idx = starts[out_idx] + tap
    inside = in_idx < n_in
    out_idx, in_idx, w = out_idx[inside], in_idx[inside], weights[out_idx[inside], tap[inside]]
    first = np.full(n_in, n_out, np.int64)
    np.minimum.at(first, in_idx, out_idx)
    last = np.full(n_in, -1, np.int64)
    np.maximum.at(last, in_idx, out_idx)
    read = last >= 0
    span = int((last - first + 1)[read].max()) if read.any() else 0
    first = np.where(read, first, 0)
    g = np.zeros((n_in, span), _F32)
    g[in_idx, out_idx - first[in_idx]] = w  # (each pair once: no sum needed)
    return _frozen(first), _frozen(g)


def _frozen(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


def _rows_view(x: Any, axis: int) -> tuple:
    """(x, c): x (N, H, W, C) as sampled along `axis` here. Along the columns (axis 2) x is
    viewed as (N, H, W * C) and each output column becomes its C values (c: `_per_value`),
    so that NumPy's loops run along whole rows: a weight broadcast over C alone runs them
    C values at a time."""
    if axis == 1:
        return x, 1
    n, h, w, c = x.shape
    return x.reshape(n, h, w * c), c


def _per_value(c: int, index: np.ndarray, *per_output: np.ndarray) -> tuple:
    """An axis's per-output index and tables as per value of a (N, H, W * C) view: output
    o's channel k reads value index * c + k, with o's table entries."""
    if c == 1:
        return (index, *per_output)
    flat = (index[:, None] * c + np.arange(c)).ravel()
    return (flat, *(np.repeat(t, c, axis=0) for t in per_output))


def _unview(out: Any, width: int, like: tuple) -> Any:
    """A (N, H, width * C) result back as (N, H, width, C) (`like`: the input's shape;
    C may be 0)."""
    return out if out.ndim == 4 else out.reshape(out.shape[:2] + (width, like[3]))


def gather(xp: Any, x: Any, axis: int, starts: np.ndarray, weights: np.ndarray,
           n_in: int) -> Any:
    """x (float32, N, H, W, C) resampled along `axis` (1 or 2) by the spans (starts,
    weights) of an axis of n_in: each output the float32 sum of its taps in order, from
    zero; a tap past the input's end is not added (nor its 0 * value)."""
    like = x.shape
    x, c = _rows_view(x, axis)
    shape = [1] * x.ndim
    shape[axis] = len(starts) * c
    out_shape = list(x.shape)
    out_shape[axis] = len(starts) * c
    out = xp.zeros(tuple(out_shape), _F32)
    # (a tap past the input's end has weight 0: of finite values it adds exactly 0, as a
    # sum from +0 is never -0, so only NaN and inf need such taps left out)
    finite = bool(xp.isfinite(x).all())
    for j in range(weights.shape[1]):
        idx = starts + j
        inside = idx < n_in
        if not inside.any():
            continue
        idx, w, inside = _per_value(c, np.minimum(idx, n_in - 1), weights[:, j], inside)
        term = xp.take(x, xp.asarray(idx), axis=axis)
        term *= xp.asarray(w.reshape(shape))
        if finite or inside.all():
            out += term
        else:
            out = xp.where(xp.asarray(inside.reshape(shape)), out + term, out)
    return _unview(out, len(starts), like)


# ---------------------------------------------------------------------------------------
# ResizeBilinear, ResizeBicubic and ResizeArea.
# ---------------------------------------------------------------------------------------

def resize_scale(n_in: int, n_out: int, align_corners: bool) -> np.float32:
    """TF's CalculateResizeScale: the input's size over the output's, or with the corners
    aligned (in - 1) / (out - 1), where both sizes exceed one (TF 2.21 aligns no corner of
    a one-pixel input)."""
    if align_corners and n_out > 1 and n_in > 1:
        return _F32(n_in - 1) / _F32(n_out - 1)
    return _F32(n_in) / _F32(n_out)


@functools.lru_cache(maxsize=256)
def _lerps(n_in: int, n_out: int, align: bool, half: bool) -> tuple:
    """TF's CachedInterpolation of one axis: lower and upper source rows and the float32
    weight of the upper one (cached: read-only)."""
    f32 = _F32
    fi = np.arange(n_out).astype(f32)
    scale = resize_scale(n_in, n_out, align)
    src = (fi + f32(0.5)) * scale - f32(0.5) if half else fi * scale
    fl = np.floor(src)
    lo = np.maximum(fl, 0).astype(np.int64)
    hi = np.minimum(np.ceil(src), n_in - 1).astype(np.int64)
    return tuple(map(_frozen, (lo, hi, (src - fl).astype(f32))))


@functools.lru_cache(maxsize=256)
def _bilinear_plan(h: int, w: int, c: int, size: tuple, align_corners: bool,
                   half_pixel: bool) -> tuple:
    """ResizeBilinear's tables for one geometry (read-only): the input rows some output
    row reads, each output row's top and bottom among them, its y weight, and each output
    column's left and right values and x weight as flat indices and weights of a row of
    W * C values (a weight per value: an operand broadcast over C alone runs NumPy's
    loops three values at a time)."""
    ylo, yhi, yl = _lerps(h, size[0], align_corners, half_pixel)
    xlo, xhi, xl = _lerps(w, size[1], align_corners, half_pixel)
    rows = np.unique(np.concatenate([ylo, yhi]))
    chan = np.arange(c)
    out = (rows, np.searchsorted(rows, ylo), np.searchsorted(rows, yhi), yl[:, None],
           (xlo[:, None] * c + chan).ravel(), (xhi[:, None] * c + chan).ravel(),
           np.repeat(xl, c))
    return tuple(map(_frozen, out))


def bilinear(xp: Any, x: Any, size: tuple, align_corners: bool, half_pixel: bool) -> Any:
    """ResizeBilinear of float32 or float64 images `x` as TF's CPU kernel rounds it: the
    top and bottom rows lerped along x, then those along y (an interpolation matrix
    product sums the four weighted corners, which differs in the last bit and flips uint8
    results rounded by Keras' Resizing). TF lerps an input row along x for each output
    row that reads it; here each is lerped once, the same values."""
    n, h, w, c = x.shape
    # (each geometry's tables made once, and copied to a device once: table)
    plan = tuple(table(xp, v) for v in _bilinear_plan(h, w, c, tuple(size), align_corners,
                                                      half_pixel))
    out = xp.empty((n, size[0], size[1] * c), x.dtype)
    # on the host an image or a few at a time: the passes' temporaries stay in cache
    step = n if xp is not np else max(1, ELEMENTWISE_BLOCK * 2 // (h * w * c))
    for first in range(0, n, step):
        _bilinear_images(xp, x[first:first + step], plan, out[first:first + step])
    return out.reshape(n, size[0], size[1], c)


def _bilinear_images(xp: Any, x: Any, plan: tuple, out: Any) -> None:
    """bilinear's values of images `x` into `out` (images, rows, columns * channels)."""
    rows, top, bottom, yl, left, right, xl = plan
    n, h, w, c = x.shape
    if rows.shape[0] < h:  # (a downscale reads some rows only)
        x = xp.take(x, rows, axis=1)
    x = x.reshape(n, -1, w * c)
    lerped, d = xp.take(x, left, axis=2), xp.take(x, right, axis=2)
    d -= lerped
    d *= xl
    lerped += d  # each row: left + (right - left) * x_lerp
    t, b = xp.take(lerped, top, axis=1), xp.take(lerped, bottom, axis=1)
    b -= t
    b *= yl
    xp.add(b, t, out=out)  # top + (bottom - top) * y_lerp


def bilinear_resize(xp: Any, images: Any, size: tuple, align_corners: bool) -> Any:
    """ResizeBilinear's values with its legacy coordinates (no half-pixel centers), float64
    images lerped in float64 (FusedResizeAndPadConv2D's resize)."""
    x = images.astype(np.float64 if images.dtype == np.float64 else np.float32, copy=False)
    return bilinear(xp, x, size, align_corners, False)


@functools.cache
def _cubic_table(a: float) -> np.ndarray:
    """TF's coefficient table (1,025 rows): the cubic's near and far weights at each
    1/1024 step, computed in double from the float step, kept float."""
    x = (np.arange(1025) / 1024).astype(_F32).astype(np.float64)
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    x = (x + 1.0).astype(_F32).astype(np.float64)
    far = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    return _frozen(np.stack([near, far], 1).astype(_F32))


@functools.lru_cache(maxsize=256)
def cubic_taps(n_in: int, n_out: int, align_corners: bool, half_pixel: bool) -> tuple:
    """(indices, weights), each (n_out, 4): ResizeBicubic's taps of one axis. Half-pixel
    centers take Keys' cubic (a = -0.5), weigh taps outside the input zero and scale the
    rest by the reciprocal of their float sum; TF 1's legacy centers take a = -0.75 and
    repeat the edge pixels."""
    table = _cubic_table(-0.5 if half_pixel else -0.75)
    scale = resize_scale(n_in, n_out, align_corners)
    x = np.arange(n_out).astype(_F32)
    loc = (x + _F32(0.5)) * scale - _F32(0.5) if half_pixel else x * scale
    base = np.floor(loc)
    offset = np.rint((loc - base) * _F32(1024)).astype(np.int64)  # (lrintf: half to even)
    w = np.stack([table[offset, 1], table[offset, 0], table[1024 - offset, 0],
                  table[1024 - offset, 1]], 1)
    idx = base.astype(np.int64)[:, None] + np.arange(-1, 3)
    clamped = np.clip(idx, 0, n_in - 1)
    if half_pixel:
        w = np.where(clamped == idx, w, _F32(0))
        total = ((w[:, 0] + w[:, 1]) + w[:, 2]) + w[:, 3]
        big = np.abs(total) >= _TINY_SUM
        with np.errstate(divide="ignore", invalid="ignore"):
            w = np.where(big[:, None], w * (_F32(1) / total)[:, None], w)
    return _frozen(clamped), _frozen(w.astype(_F32))


def _tap_sum(xp: Any, x: Any, axis: int, idx: np.ndarray, w: np.ndarray) -> Any:
    """sum over j of w[:, j] * x[idx[:, j]] along `axis`, in float32, from the first
    product (not from zero: a first product of -0 stays -0, as in TF's sums)."""
    like = x.shape
    x, c = _rows_view(x, axis)
    shape = [1] * x.ndim
    shape[axis] = idx.shape[0] * c
    out = None
    for j in range(idx.shape[1]):
        i, wj = _per_value(c, idx[:, j], w[:, j])
        term = xp.take(x, xp.asarray(i), axis=axis)
        term *= xp.asarray(wj.reshape(shape))
        if out is None:
            out = term
        else:
            out += term
    return _unview(out, idx.shape[0], like)


def bicubic_resize(xp: Any, images: Any, size: tuple, align_corners: bool,
                   half_pixel: bool) -> Any:
    """TF's ResizeBicubic of images (N, H, W, C) to `size`, in float32."""
    _, h, w, _ = images.shape
    x = images.astype(_F32, copy=False)
    x = _tap_sum(xp, x, 1, *cubic_taps(h, size[0], align_corners, half_pixel))
    return _tap_sum(xp, x, 2, *cubic_taps(w, size[1], align_corners, half_pixel))


def bicubic_resize_grad(xp: Any, grads: Any, hw: tuple, align_corners: bool,
                        half_pixel: bool) -> Any:
    """TF's ResizeBicubicGrad: grads (N, h, w, C) of a ResizeBicubic of (N, H, W, C) images,
    `hw` (H, W), sent back through the forward's taps, in float32. Each of an output's 16
    taps receives its gradient times the two weights, a tap of weight 0 too (so an inf or
    NaN gradient reaches exactly the taps TF's loop adds it to), rows first, then columns
    (the same products, summed in another order)."""
    n, oh, ow, c = grads.shape
    g = grads.astype(_F32, copy=False)
    yi, yw = cubic_taps(hw[0], oh, align_corners, half_pixel)
    xi, xw = cubic_taps(hw[1], ow, align_corners, half_pixel)
    rows = xp.zeros((n, hw[0], ow, c), _F32)
    for j in range(yi.shape[1]):
        add_at(xp, rows, (slice(None), xp.asarray(yi[:, j])),
               g * xp.asarray(yw[:, j].reshape(1, -1, 1, 1)))
    out = xp.zeros((n, hw[0], hw[1], c), _F32)
    for j in range(xi.shape[1]):
        add_at(xp, out, (slice(None), slice(None), xp.asarray(xi[:, j])),
               rows * xp.asarray(xw[:, j].reshape(1, 1, -1, 1)))
    return out


@functools.lru_cache(maxsize=256)
def area_taps(n_in: int, n_out: int, align_corners: bool) -> tuple:
    """(indices, weights, counts, scale) of one axis of ResizeArea: output i covers
    [i * scale, (i + 1) * scale) of the input; its taps are the inputs that box meets
    (indices clamped into the input), weighted by the part of each it covers (a whole
    one: 1), `counts[i]` of them (the rest of the row is padding)."""
    scale = resize_scale(n_in, n_out, align_corners)
    lo = np.arange(n_out).astype(_F32) * scale
    hi = np.arange(1, n_out + 1).astype(_F32) * scale
    first = np.floor(lo).astype(np.int64)
    counts = np.ceil(hi).astype(np.int64) - first
    width = max(int(counts.max()), 1)
    i = first[:, None] + np.arange(width)
    fi, fi1 = i.astype(_F32), (i + 1).astype(_F32)
    lo, hi = lo[:, None], hi[:, None]
    w = np.where(fi < lo, np.where(fi1 > hi, scale, fi1 - lo),
                 np.where(fi1 > hi, hi - fi, _F32(1)))
    w = np.where(np.arange(width) < counts[:, None], w, _F32(0)).astype(_F32)
    return _frozen(np.clip(i, 0, n_in - 1)), _frozen(w), _frozen(counts), scale


def area_resize(xp: Any, images: Any, size: tuple, align_corners: bool) -> Any:
    """TF's ResizeArea of images (N, H, W, C) to `size`, in float32: per input row, each
    output column's sum (its first and last taps weighted, the inner ones added as they
    are), then per output row the sum of those row sums weighted, from zero, times
    1 / (the two scales' product)."""
    _, h, w, _ = images.shape
    x, c = _rows_view(images.astype(_F32, copy=False), 2)
    xi, xw, xn, sx = area_taps(w, size[1], align_corners)

    def column(j: int) -> tuple:  # (tap j's values, weights, last-tap and in-box masks)
        i, wj, last, used = _per_value(c, xi[:, j], xw[:, j], xn - 1 == j, j < xn)
        return (xp.take(x, xp.asarray(i), axis=2), *(xp.asarray(t.reshape(1, 1, -1))
                                                     for t in (wj, last, used)))

    v, wj, _, _ = column(0)
    cols = v * wj
    for j in range(1, xi.shape[1]):
        v, wj, last, used = column(j)
        cols = xp.where(used, cols + xp.where(last, v * wj, v), cols)
    cols = _unview(cols, xi.shape[0], images.shape)
    yi, yw, yn, sy = area_taps(h, size[0], align_corners)
    out = xp.zeros(cols.shape[:1] + (size[0],) + cols.shape[2:], _F32)
    for j in range(yi.shape[1]):
        term = xp.take(cols, xp.asarray(yi[:, j]), axis=1) * \
            xp.asarray(yw[:, j].reshape(1, -1, 1, 1))
        out = xp.where(xp.asarray((j < yn).reshape(1, -1, 1, 1)), out + term, out)
    with np.errstate(divide="ignore"):
        scale = _F32(1.0 / np.float64(sy * sx))  # (double 1.0 over the float product)
    return out * scale


# ---------------------------------------------------------------------------------------
# ScaleAndTranslate and its gradient, from the spans above.
# ---------------------------------------------------------------------------------------

def scale_and_translate(xp: Any, images: Any, size: tuple, kernel_type: str, antialias: bool,
                        scale: tuple | None = None, translation: tuple = (0.0, 0.0)) -> Any:
    """TF's ScaleAndTranslate of images (N, H, W, C) to `size`, in float32 (TF reads each
    value as a float): `scale` per axis (None: size over the input's, tf.image.resize's)
    and `translation`."""
    _, h, w, _ = images.shape
    sy, sx = scale if scale is not None else (_F32(size[0]) / _F32(h), _F32(size[1]) / _F32(w))
    rows = spans(kernel_type, size[0], h, float(sy), float(translation[0]), antialias)
    cols = spans(kernel_type, size[1], w, float(sx), float(translation[1]), antialias)
    x = gather(xp, images.astype(_F32, copy=False), 1, *rows, h)
    return gather(xp, x, 2, *cols, w)


def scale_and_translate_grad(xp: Any, grads: Any, original_shape: tuple, kernel_type: str,
                             antialias: bool, scale: tuple | None = None,
                             translation: tuple = (0.0, 0.0)) -> Any:
    """TF's ScaleAndTranslateGrad: grads (N, h, w, C) of a ScaleAndTranslate of an image
    of `original_shape` mapped back onto it, in float32."""
    _, h, w, _ = original_shape
    oh, ow = grads.shape[1:3]
    sy, sx = scale if scale is not None else (_F32(oh) / _F32(h), _F32(ow) / _F32(w))
    rows = grad_spans(kernel_type, oh, h, float(sy), float(translation[0]), antialias)
    cols = grad_spans(kernel_type, ow, w, float(sx), float(translation[1]), antialias)
    x = gather(xp, grads.astype(_F32, copy=False), 1, *rows, oh)
    return gather(xp, x, 2, *cols, ow)
