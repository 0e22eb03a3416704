"""TF's ImageProjectiveTransformV3: each output pixel (x, y) (of the output's own size, the
input's unless given) reads the input at
((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1, mapped into the
image by the fill mode (constant, nearest, reflect, wrap) and sampled nearest or
bilinearly, as gathers of the input. Keras's affine and perspective warps use it, and the
importer of TF's graphs runs TF's op with it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import nd_indexing as tnd
from eagerflow._src.ops.math_base import cast, ones_like, where
from eagerflow._src.ops.sequences import range as tf_range
from eagerflow._src.ops.shape_queries import dims
from eagerflow._src.ops.stacking import stack as tf_stack
from eagerflow._src.ops.tiling import broadcast_to


def _trunc(x: Any) -> Any:
    return where(x < 0, tm.ceil(x), tm.floor(x))


def _fill_coordinate(c: Any, size: int, mode: str) -> Any:
    """TF's map_coordinate for one axis (constant leaves the coordinate to the reader)."""
    if mode == "constant":
        return c
    last = float(size - 1)
    if mode == "nearest" or size <= 1:
        return tm.clip_by_value(c, 0.0, max(last, 0.0))
    if mode == "reflect":  # d c b a | a b c d | d c b a
        period = 2.0 * size
        low = c + period * _trunc(-c / period) * cast(c < -period, c.dtype)
        low = where(low < -size, low + period, -low - 1)
        high = c - period * _trunc(c / period)
        high = where(high >= size, period - high - 1, high)
        c = where(c < 0, low, where(c > last, high, c))
    else:  # wrap: a b c d | a b c d
        low = c + size * (_trunc(-c / last) + 1)
        high = c - size * _trunc(c / last)
        c = where(c < 0, low, where(c > last, high, c))
    return tm.clip_by_value(c, 0.0, last)


def _read(images: Any, ys: Any, xs: Any, fill: Any) -> Any:
    """images[b, y, x, :] for integer coordinate maps [batch, H, W] (fill outside)."""
    batch, height, width = dims(images)[:3]
    inside = tm.logical_and(tm.logical_and(ys >= 0, ys < height),
                            tm.logical_and(xs >= 0, xs < width))
    yi = cast(tm.clip_by_value(ys, 0.0, float(height - 1)), "int32")
    xi = cast(tm.clip_by_value(xs, 0.0, float(width - 1)), "int32")
    rows = broadcast_to(tf_range(batch)[:, None, None], dims(yi))
    values = tnd.gather_nd(images, tf_stack([rows, yi, xi], axis=-1))
    return where(inside[..., None], values, fill)


def projective_transform(images: Any, transforms: Any, interpolation: str, fill_mode: str,
                         fill_value: Any, output_size: tuple | None = None) -> Any:
    """ImageProjectiveTransformV3 of [batch, H, W, C] images (H and W known) by [batch, 8]
    or [1, 8] transforms, into images of `output_size` (out_height, out_width), or of
    their own size."""
    batch, height, width = dims(images)[:3]
    t = cast(transforms, "float32")
    t = broadcast_to(t, [batch, 8]) if len(t.shape) == 2 else t
    out_h, out_w = output_size if output_size is not None else (height, width)
    ys, xs = np.meshgrid(np.arange(out_h, dtype="float32"), np.arange(out_w, dtype="float32"),
                         indexing="ij")
    ys, xs = ta.constant(ys)[None], ta.constant(xs)[None]

    def col(i: int) -> Any:
        return t[:, i][:, None, None]

    k = col(6) * xs + col(7) * ys + 1.0
    safe_k = where(tm.equal(k, 0.0), ones_like(k), k)
    src_x = _fill_coordinate((col(0) * xs + col(1) * ys + col(2)) / safe_k, width, fill_mode)
    src_y = _fill_coordinate((col(3) * xs + col(4) * ys + col(5)) / safe_k, height, fill_mode)
    work = cast(images, "float32")
    fill = cast(fill_value, "float32")
    if interpolation == "nearest":
        # std::round: halves away from zero
        out = _read(work, tm.sign(src_y) * tm.floor(tm.abs(src_y) + 0.5),
                    tm.sign(src_x) * tm.floor(tm.abs(src_x) + 0.5), fill)
    else:
        y0, x0 = tm.floor(src_y), tm.floor(src_x)
        y1, x1 = y0 + 1, x0 + 1
        wy0, wy1 = (y1 - src_y)[..., None], (src_y - y0)[..., None]
        wx0, wx1 = (x1 - src_x)[..., None], (src_x - x0)[..., None]
        top = wx0 * _read(work, y0, x0, fill) + wx1 * _read(work, y0, x1, fill)
        bottom = wx0 * _read(work, y1, x0, fill) + wx1 * _read(work, y1, x1, fill)
        out = wy0 * top + wy1 * bottom
    out = where(tm.equal(k, 0.0)[..., None], fill, out)
    return cast(out, images.dtype)
