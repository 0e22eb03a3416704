"""tf.image: resizing (bilinear, nearest, area, bicubic and the scale-and-translate kernels),
dtype conversion, grayscale, standardization (flips and rotations: image_orient.py).

Sits in the ops layer. Every resize method is separable and linear. Nearest is TF's own
gather; bilinear, bicubic, area and the scale-and-translate kernels (lanczos, gaussian,
mitchellcubic, antialiasing) are TF's CPU kernels, bit for bit (image_resample.py). Each
gradient is the transposed map: ResizeXGrad(g) = Ry^T @ g @ Rx, with interpolation
matrices built from the forward's taps (bilinear's and nearest's from TF's sampling rules
here), ScaleAndTranslate's TF's own transposed spans; the gradient's own gradient is the
forward op again (any order). The other functions are composites of public ops, so their
gradients come for free.
"""

from __future__ import annotations

import functools
import math as _pymath
from functools import partial
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import host_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import (
    concat,
    expand_dims,
    shape,
    squeeze,
    zeros,
)
from eagerflow._src.ops.composite_dispatch import binds_first, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import check_runtime_arg, is_symbolic, runtime_attr, shape_arg
from eagerflow._src.ops.image_resample import KERNELS as SAMPLING_KERNELS
from eagerflow._src.ops.image_resample import (
    area_resize,
    bicubic_resize,
    bicubic_resize_grad,
    bilinear,
    cubic_taps,
    resize_scale,
    scale_and_translate,
    scale_and_translate_grad,
)
from eagerflow._src.ops.math_base import (
    _t,
    cast,
)
from eagerflow._src.ops.nn_args import check_t, fail, sized
from eagerflow._src.ops.registry import (
    REGISTRY,
    BadSample,
    OpDef,
    Sample,
    SampleRNG,
    TFForm,
    register,
)
from eagerflow._src.ops.slicing import getitem

_rng = SampleRNG(33)  # not numpy.random: it costs import time
_IMAGE_T = (dt.int8, dt.uint8, dt.int16, dt.uint16, dt.int32, dt.int64, dt.bfloat16, dt.float16,
            dt.float32, dt.float64)
_TABLE = 1024  # TF's bicubic coefficient table resolution


# ---------------------------------------------------------------------------------------
# Interpolation weights: per output index, the input indices and weights it mixes.
# ---------------------------------------------------------------------------------------

def _keys_cubic(x: np.ndarray, a: float = -0.5) -> np.ndarray:
    x = np.abs(x)
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    far = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    return np.where(x < 1, near, np.where(x < 2, far, 0.0))


def _lanczos(r: int) -> Callable:
    def k(x: np.ndarray) -> np.ndarray:
        x = np.abs(x)
        safe = np.where(x == 0, 1.0, x)
        v = r * np.sin(np.pi * safe) * np.sin(np.pi * safe / r) / (np.pi ** 2 * safe * safe)
        return np.where(x == 0, 1.0, np.where(x < r, v, 0.0))
    return k


def _mitchell(x: np.ndarray) -> np.ndarray:
    b = c = 1.0 / 3.0
    x = np.abs(x)
    near = ((12 - 9 * b - 6 * c) * x ** 3 + (-18 + 12 * b + 6 * c) * x ** 2 + (6 - 2 * b)) / 6
    far = ((-b - 6 * c) * x ** 3 + (6 * b + 30 * c) * x ** 2 + (-12 * b - 48 * c) * x +
           (8 * b + 24 * c)) / 6
    return np.where(x < 1, near, np.where(x < 2, far, 0.0))


# kernel_type -> (kernel(|x|), radius) in float64: the suites' reference (_weights_ref);
# the op computes with TF's float32 kernels (image_resample.py)
_REF_KERNELS = {
    "triangle": (lambda x: np.maximum(0.0, 1.0 - np.abs(x)), 1.0),
    "keyscubic": (_keys_cubic, 2.0),
    "lanczos3": (_lanczos(3), 3.0),
    "lanczos5": (_lanczos(5), 5.0),
    "gaussian": (lambda x: np.where(np.abs(x) < 1.5, np.exp(-np.square(x) / 0.5), 0.0), 1.5),
    "mitchellcubic": (_mitchell, 2.0),
    "box": (lambda x: np.where(np.abs(x) < 0.5, 1.0, np.where(np.abs(x) == 0.5, 0.5, 0.0)),
            1.0),
}


def _taps(method: str, n_in: int, n_out: int, align: bool = False, half: bool = True) -> tuple:
    """(index, weight) arrays of shape (n_out, taps); weight 0 marks an unused tap.
    `align`/`half`: TF's align_corners and half_pixel_centers (TF 1's resize ops; TF 2's
    resize is half-pixel, corners not aligned)."""
    f32 = np.float32
    i = np.arange(n_out)
    scale = resize_scale(n_in, n_out, align)
    fi = i.astype(f32)
    if method == "bilinear":
        src = (fi + f32(0.5)) * scale - f32(0.5) if half else fi * scale
        fl = np.floor(src)
        lo = np.maximum(fl, 0).astype(np.int64)
        hi = np.minimum(np.ceil(src), n_in - 1).astype(np.int64)
        frac = (src - fl).astype(np.float64)
        return np.stack([lo, hi], 1), np.stack([1 - frac, frac], 1)
    if method == "nearest":
        src = (fi + f32(0.5)) * scale if half else fi * scale
        # aligned corners round halves away from zero (roundf), the others floor
        fl = np.floor(src)
        idx = fl + (src - fl >= f32(0.5)) if align else fl
        idx = np.maximum(np.minimum(idx, n_in - 1), 0)
        return idx.astype(np.int64)[:, None], np.ones((n_out, 1))
    if method == "bicubic":  # (the forward's own taps: its gradient's matrix)
        return cubic_taps(n_in, n_out, align, half)
    raise ValueError(f"no interpolation matrix for {method!r}")


@functools.lru_cache(maxsize=256)
def interpolation_matrix(method: str, n_in: int, n_out: int, align: bool = False,
                         half: bool = True) -> np.ndarray:
    """R (n_out, n_in) with output = R @ input along one axis (cached, read-only)."""
    idx, w = _taps(method, n_in, n_out, align, half)
    r = np.zeros((n_out, n_in))
    np.add.at(r, (np.repeat(np.arange(n_out), idx.shape[1]), idx.ravel()), w.ravel())
    r.flags.writeable = False
    return r


def _apply(xp: Any, x: Any, ry: Any, rx: Any) -> Any:
    """Ry @ x @ Rx^T over the (H, W) axes of x (N, H, W, C), as two matmuls (the host's
    interpolation matrices copied to x's device)."""
    n, h, w, c = x.shape
    ry, rx = xp.asarray(ry), xp.asarray(rx)
    t = xp.matmul(ry, x.reshape(n, h, w * c))                   # (N, h', W*C)
    t = xp.matmul(rx, t.reshape(n * ry.shape[0], w, c))         # (N*h', w', C)
    return t.reshape(n, ry.shape[0], rx.shape[0], c)


# ---------------------------------------------------------------------------------------
# Resize ops.
# ---------------------------------------------------------------------------------------

def _out_dtype(d: dt.DType, method: str) -> dt.DType:
    if method in ("scale_and_translate", "bicubic", "area"):
        return dt.float32  # (TF's kernel reads each value as a float, whatever its type)
    if method == "nearest" or d in (dt.float16, dt.bfloat16, dt.float32, dt.float64):
        return d  # TF's ops return float32; tf.image.resize casts (see there)
    return dt.float32


def _matrices(method: str, h: int, w: int, size: tuple, a: dict, dtype: Any) -> tuple:
    mode = _mode(a)
    ry = interpolation_matrix(method, h, size[0], *mode).astype(dtype)
    rx = interpolation_matrix(method, w, size[1], *mode).astype(dtype)
    return ry, rx


def _sampling(a: dict) -> tuple:
    """(kernel_type, antialias, scale, translation) of a ScaleAndTranslate node's attrs: TF's
    op defaults, and tf.image.resize's scale (None: the output's size over the input's)
    and translation where the node was given none."""
    return (a.get("kernel_type", "lanczos3"), a.get("antialias", True), a.get("scale"),
            a.get("translation", (0.0, 0.0)))


def _mode(a: dict) -> tuple:
    """(align_corners, half_pixel_centers) of a resize node's attrs; a node without them
    is TF 2's resize (half-pixel centers, corners not aligned)."""
    return bool(a.get("align_corners", False)), bool(a.get("half_pixel_centers", True))


def _check_out_size(op: str, size: Any) -> None:
    """The `size` attr: two positive Python ints (the output's height and width; None
    where a traced size is known only at run time). A TF node's size input of another
    shape comes as its nested tuples (a scalar as an int): refused as TF's kernel refuses
    the tensor."""
    what = "output_shape_t" if op == "ScaleAndTranslate" else "shape_t"
    if isinstance(size, (int, np.integer)) and not isinstance(size, bool) or \
            isinstance(size, tuple) and any(isinstance(s, tuple) for s in size):
        raise fail(op, f"{what} must be 1-dimensional{C.shape_str(np.shape(size))}")
    if not isinstance(size, tuple) or not all(
            s is None or isinstance(s, (int, np.integer)) and not isinstance(s, bool)
            for s in size):
        raise TypeError(f"size must be a tuple of two ints, got {size!r} [Op:{op}]")
    if len(size) != 2:
        raise fail(op, f"{what} must have two elements[{len(size)}]")
    if any(s is not None and s <= 0 for s in size):
        raise fail(op, "output dimensions must be positive")


def _check_pair(op: str, pair: Any, positive: bool) -> None:
    """A ScaleAndTranslate node's scale or translation (its nested tuples): two floats,
    positive ones for a scale, as TF's kernel reads them."""
    if np.ndim(pair) != 1:
        raise fail(op, f"t must be 1-dimensional{C.shape_str(np.shape(pair))}")
    if len(pair) != 2:
        raise fail(op, f"t must have two elements[{len(pair)}]")
    if positive and not all(v > 0 for v in pair):  # (NaN is not)
        raise fail(op, "Scale must be greater than zero.")


def _check_kernel_attrs(op: str, a: dict) -> None:
    """ScaleAndTranslate's extra attrs: a known kernel name and a boolean antialias."""
    if "kernel_type" in a:
        kt = a["kernel_type"]
        if not isinstance(kt, str) or kt not in SAMPLING_KERNELS:
            raise fail(op, f"Unrecognized kernel type: {kt}")
    for k in ("antialias", "align_corners", "half_pixel_centers"):
        if k in a and not isinstance(a[k], (bool, np.bool_)):
            raise TypeError(f"Expected bool for argument '{k}' not {a[k]!r}. [Op:{op}]")
    if a.get("align_corners") and a.get("half_pixel_centers", not op.startswith("ResizeArea")):
        raise fail(op, "If half_pixel_centers is True, align_corners must be False.")


def _check_sampling(op: str, a: dict) -> None:
    """A ScaleAndTranslate node's own scale and translation, where it has them."""
    if "scale" in a:
        _check_pair(op, a["scale"], True)
    if "translation" in a:
        _check_pair(op, a["translation"], False)


def _check_resize_grad(op: str, grads: Any, original: Any, size: tuple) -> tuple | None:
    """`original` is a 4-D image of positive height and width whose resize to `size` has
    `grads`'s height and width; returns the gradient's shape: the original's height and
    width, the gradient's batch and channels (TF's kernels read no more of the original,
    so a batch or depth unlike its is taken as the gradient's)."""
    os_, gs = original._shape, grads._shape
    if os_ is None:
        return None
    if len(os_) != 4:
        raise fail(op, f"original_image must be 4-dimensional{C.shape_str(os_)}")
    if any(d == 0 for d in os_[1:3]):
        raise fail(op, "original dimensions must be positive")
    gs = (None,) * 4 if gs is None else gs
    want = (gs[0], size[0], size[1], gs[3])
    if not C.compatible(want, gs):
        raise fail(op, f"input_grad shape {C.shape_str(gs)} does not match the resize of "
                       f"original_image {C.shape_str(os_)} to {list(size)}")
    out = (gs[0], os_[1], os_[2], gs[3])
    if None not in out:
        sized(op, out, original._dtype)
    return out


class _Resize:
    """One resize family: the forward op (ResizeBilinear, ...) and its gradient op, named
    `name` and `name + "Grad"`, interpolating with `method`."""

    def __init__(self, name: str, method: str) -> None:
        self.name, self.grad_name, self.method = name, name + "Grad", method


def resize_infer(r: _Resize, images: Any, *dyn: Any, size: tuple, **a: Any) -> list:
    # dyn: the size as an input, read at run time; `size` then holds what is known of it
    name = r.name
    if dyn:
        check_runtime_arg(name, dyn, "size")
    d = check_t(name, (images,), _IMAGE_T)
    _check_kernel_attrs(name, a)
    if images._shape is not None and len(images._shape) != 4:
        raise fail(name, f"input must be 4-dimensional{C.shape_str(images._shape)}")
    _check_out_size(name, size)
    if images._shape is not None:
        if images._shape[3] == 0:
            raise fail(name, "image must have at least one channel")
        for d_in in images._shape[1:3]:
            if d_in == 0:
                raise fail(name, "input image must be of non-zero size")
    _check_sampling(name, a)
    shape = None if images._shape is None else \
        (images._shape[0], size[0], size[1], images._shape[3])
    if shape is not None:
        sized(name, shape, _out_dtype(d, r.method))
    return [(shape, _out_dtype(d, r.method))]


def resize_kernel(r: _Resize, xp: Any, images: Any, *dyn: Any, size: tuple, **a: Any) -> Any:
    if dyn:
        size = runtime_attr(r.name, partial(resize_infer, r), (images,), dyn, "size", size, **a)
    n, h, w, c = images.shape
    out_t = _out_dtype(dt.as_dtype(images.dtype), r.method).as_numpy_dtype
    if not n or not c:  # an empty batch: no taps to build, however large `size` is
        return xp.zeros((n, size[0], size[1], c), out_t)
    if r.method == "nearest":
        iy = _taps("nearest", h, size[0], *_mode(a))[0][:, 0]
        ix = _taps("nearest", w, size[1], *_mode(a))[0][:, 0]
        return images[:, xp.asarray(iy)][:, :, xp.asarray(ix)]
    if r.method == "bilinear":
        # (TF's kernel reads every corner as a float, float64 ones rounded too)
        x = images.astype(np.float32, copy=False)
        if tuple(size) == (h, w):  # TF's kernel copies a resize to the same size: no lerp
            return x.astype(out_t, copy=True)  # (inf stays inf, -0.0 stays -0.0)
        return bilinear(xp, x, size, *_mode(a)).astype(out_t, copy=False)
    if r.method == "scale_and_translate":
        return scale_and_translate(xp, images, size, *_sampling(a))
    if r.method == "bicubic":
        return bicubic_resize(xp, images, size, *_mode(a))
    return area_resize(xp, images, size, _mode(a)[0])


def resize_grad(r: _Resize, n: Any, g: Any) -> list:
    if len(n.inputs) > 1:  # a runtime size: the gradient's own spatial dims
        return [bind(REGISTRY[r.grad_name], (g, n.inputs[0]), {**n.attrs, "size": None}), None]
    return [bind(REGISTRY[r.grad_name], (g, n.inputs[0]), n.attrs)]


def resize_grad_infer(r: _Resize, grads: Any, original: Any, size: tuple, **a: Any) -> list:
    name = r.grad_name
    # (TF registers ScaleAndTranslateGrad for float only)
    sat = r.method == "scale_and_translate"
    check_t(name, (grads,), (dt.float32,) if sat else
            (dt.float16, dt.bfloat16, dt.float32, dt.float64))
    _check_kernel_attrs(name, a)
    if grads._shape is not None and len(grads._shape) != 4:
        raise fail(name, f"input_grad must be 4-dimensional{C.shape_str(grads._shape)}")
    if original._dtype is not dt.float32 if sat else not original._dtype.is_floating:
        raise fail(name, f"Value for attr 'T' of {original._dtype.name} is not in the list of "
                         "allowed values: " + ("float" if sat else "float, bfloat16, half, double"))
    if sat:
        return _sat_grad_infer(name, grads, original, a)
    if size is None:  # a runtime size (see resize_grad): the gradient's own spatial dims
        size = tuple(grads._shape[1:3]) if grads._shape is not None else (None, None)
    _check_out_size(name, size)
    return [(_check_resize_grad(name, grads, original, size), original._dtype)]


def _sat_grad_infer(name: str, grads: Any, original: Any, a: dict) -> list:
    """ScaleAndTranslateGrad's output, as TF's kernel makes it: the original image's
    height and width, the gradient's batch and channels (TF checks no more of them)."""
    os_, gs = original._shape, grads._shape
    if os_ is not None and len(os_) != 4:
        raise fail(name, f"original_image must be 4-dimensional{C.shape_str(os_)}")
    _check_sampling(name, a)
    if os_ is None or gs is None:
        return [(None, original._dtype)]
    _check_derived_scale(name, gs, a)
    shape = (gs[0], os_[1], os_[2], gs[3])
    if None not in shape:
        sized(name, shape, original._dtype)
    return [(shape, original._dtype)]


def _check_derived_scale(name: str, gs: tuple, a: dict) -> None:
    """A node without its own scale (tf.image.resize's gradient) scales by the gradient's
    size over the image's: a gradient of no rows or columns is a scale of 0 (or NaN over
    an empty image), which TF's kernel refuses as any scale not above zero."""
    if "scale" not in a and (gs[1] == 0 or gs[2] == 0):
        raise fail(name, "Scale must be greater than zero.")


def resize_grad_kernel(r: _Resize, xp: Any, grads: Any, original: Any, size: tuple | None,
                       **a: Any) -> Any:
    if r.method == "scale_and_translate":
        _check_derived_scale(r.grad_name, grads.shape, a)  # (a graph's unknown dims, now)
        g = scale_and_translate_grad(xp, grads, original.shape, *_sampling(a))
        return g.astype(original.dtype, copy=False)
    size = grads.shape[1:3] if size is None else size
    _, h, w, _ = original.shape
    if r.method == "bicubic":
        with np.errstate(invalid="ignore", over="ignore"):
            g = bicubic_resize_grad(xp, grads, (h, w), *_mode(a))
        return g.astype(original.dtype, copy=False)
    ry, rx = _matrices(r.method, h, w, size, a, grads.dtype)
    return _apply(xp, grads, ry.T, rx.T).astype(original.dtype, copy=False)


def resize_grad_grad(r: _Resize, n: Any, gg: Any) -> list:
    if n.attrs["size"] is None:
        size = getitem(shape(n.inputs[0]), slice(1, 3))
        return [bind(REGISTRY[r.name], (gg, size), {**n.attrs, "size": (None, None)}), None]
    return [bind(REGISTRY[r.name], (gg,), n.attrs), None]


def _weights_ref(method: str, n_in: int, n_out: int, i: int, kernel_type: str = "",
                 antialias: bool = False, align: bool = False, half: bool = True) -> list:
    """[(index, weight)] for output `i`, written as scalar loops (the suites' reference)."""
    f32 = np.float32
    scale = f32(n_in - 1) / f32(n_out - 1) if align and n_out > 1 and n_in > 1 else \
        f32(n_in) / f32(n_out)
    if method == "nearest":
        src = float((f32(i) + f32(0.5)) * scale if half else f32(i) * scale)
        j = int(_pymath.floor(src + 0.5) if align else _pymath.floor(src))
        return [(max(min(j, n_in - 1), 0), 1.0)]
    if method == "bilinear":
        src = float((f32(i) + f32(0.5)) * scale - f32(0.5) if half else f32(i) * scale)
        lo, frac = _pymath.floor(src), src - _pymath.floor(src)
        return [(max(lo, 0), 1 - frac), (min(_pymath.ceil(src), n_in - 1), frac)]
    if method == "area":
        s = float(scale) if align else n_in / n_out
        out, x = [], int(_pymath.floor(i * s))
        while x < (i + 1) * s:
            out.append((min(x, n_in - 1), (min((i + 1) * s, x + 1) - max(i * s, x)) / s))
            x += 1
        return out
    if method == "bicubic":
        src = float((f32(i) + f32(0.5)) * scale - f32(0.5) if half else f32(i) * scale)
        base = _pymath.floor(src)
        t = round((src - base) * _TABLE) / _TABLE
        if not half:  # TF 1's: a = -0.75, edge taps clamped
            return [(min(max(base + k, 0), n_in - 1),
                     float(_keys_cubic(np.array(k - t), -0.75))) for k in (-1, 0, 1, 2)]
        taps = [(base + k, float(_keys_cubic(np.array(k - t)))) for k in (-1, 0, 1, 2)]
        taps = [(j, wt) for j, wt in taps if 0 <= j < n_in]
        total = sum(wt for _, wt in taps)
        return [(j, wt / total) for j, wt in taps]
    kernel, radius = _REF_KERNELS[kernel_type]
    inv = f32(1.0) / (f32(n_out) / f32(n_in))
    ks = max(inv, f32(1.0)) if antialias else f32(1.0)
    sample = (f32(i) + f32(0.5)) * inv  # float32 positions, as TF's kernel
    lo = min(max(_pymath.ceil(sample - f32(radius) * ks - f32(0.5)), 0), n_in - 1)
    hi = min(max(_pymath.floor(sample + f32(radius) * ks - f32(0.5)), 0), n_in - 1)
    taps = [(j, float(kernel(np.array(abs((f32(j) + f32(0.5) - sample) * (f32(1.0) / ks)),
                                      np.float64))))
            for j in range(lo, hi + 1)]
    total = sum(wt for _, wt in taps)
    return [(j, wt / total) for j, wt in taps] if total else taps


def _resize_ref(method: str) -> Callable:
    def ref(images: np.ndarray, size: tuple, **a: Any) -> np.ndarray:
        n, h, w, c = images.shape
        out_t = _out_dtype(dt.as_dtype(images.dtype), method).as_numpy_dtype
        out = np.zeros((n, size[0], size[1], c))
        kt, aa = a.get("kernel_type", ""), a.get("antialias", False)
        for i in range(size[0]):
            for j in range(size[1]):
                for yi, wy in _weights_ref(method, h, size[0], i, kt, aa, *_mode(a)):
                    for xi, wx in _weights_ref(method, w, size[1], j, kt, aa, *_mode(a)):
                        out[:, i, j, :] += wy * wx * images[:, yi, xi, :]
        return out.astype(out_t)
    return ref


def _resize_grad_ref(method: str) -> Callable:
    def ref(grads: np.ndarray, original: np.ndarray, size: tuple, **a: Any) -> np.ndarray:
        _, h, w, _ = original.shape
        dx = np.zeros(original.shape, original.dtype)
        kt, aa = a.get("kernel_type", ""), a.get("antialias", False)
        for i in range(size[0]):
            for j in range(size[1]):
                for yi, wy in _weights_ref(method, h, size[0], i, kt, aa, *_mode(a)):
                    for xi, wx in _weights_ref(method, w, size[1], j, kt, aa, *_mode(a)):
                        dx[:, yi, xi, :] += wy * wx * grads[:, i, j, :]
        return dx
    return ref


def _resize_samples(method: str, extra: dict) -> tuple:
    # The forwards but nearest's compute in float32 only, as TF's kernels: no float64
    # numeric gradient check applies to them (tests/ops/test_image_resample.py checks
    # their gradients as the forwards' adjoints, and the results against TF's bits), and
    # the float64 reference matches their float32 sums to their rounding. So do the
    # gradient ops of ScaleAndTranslate, ResizeBicubic and ResizeArea; ResizeBilinear's
    # and ResizeNearestNeighbor's sum in the gradient's type.
    single = method != "nearest"
    single_grad = method in ("scale_and_translate", "bicubic", "area")
    f, fg = (np.float32 if single else np.float64), (np.float32 if single_grad else np.float64)
    rtol, g_rtol = (1e-4 if single else Sample.rtol), (1e-4 if single_grad else Sample.rtol)
    img = _rng.uniform(-1, 1, (1, 5, 4, 2)).astype(f)
    sizes = [(3, 6), (7, 3), (5, 4)]
    samples = [Sample((img,), {"size": s, **extra}, grad=not single, rtol=rtol) for s in sizes]
    samples.append(Sample((_rng.integers(0, 255, (1, 4, 4, 1)).astype(np.uint8),),
                          {"size": (3, 6), **extra}, grad=False, rtol=rtol))
    g_samples = [Sample((_rng.uniform(-1, 1, (1,) + s + (2,)).astype(fg),
                         np.zeros(img.shape, fg)),
                        {"size": s, **extra}, grad=not single_grad, grad_inputs=(0,),
                        rtol=g_rtol)
                 for s in sizes[:2]]
    for mode in _v1_modes(method):  # TF 1's sampling: legacy centers, aligned corners
        samples += [Sample((img,), {"size": s, **mode}, grad=not single, rtol=rtol)
                    for s in ((3, 6), (7, 1))]
        # (not drawn from _rng: the other ops' samples keep their draws)
        grads = np.linspace(-1, 1, 42).reshape(1, 7, 3, 2).astype(fg)
        g_samples.append(Sample((grads, np.zeros(img.shape, fg)), {"size": (7, 3), **mode},
                                grad=not single_grad, grad_inputs=(0,), rtol=g_rtol))
    return samples, g_samples


def _v1_modes(method: str) -> tuple:
    """The align_corners/half_pixel_centers attrs TF 1's resize ops take besides TF 2's."""
    if method == "area":
        return ({"align_corners": True},)
    if method == "scale_and_translate":
        return ()
    return ({"align_corners": True, "half_pixel_centers": False},
            {"align_corners": False, "half_pixel_centers": False})


def _resize_bad(extra: dict, method: str) -> list:
    return [BadSample((np.ones((1, 4, 4, 1)),), {"size": (0, 2), **extra}, InvalidArgumentError,
                      "output dimensions must be positive"),
            BadSample((np.ones((4, 4, 1)),), {"size": (2, 2), **extra}, InvalidArgumentError,
                      "input must be 4-dimensional"),
            BadSample((np.ones((1, 4, 4, 1), bool),), {"size": (2, 2), **extra},
                      InvalidArgumentError, "Value for attr 'T' of bool")] + \
        ([BadSample((np.ones((1, 4, 4, 1)),), {"size": (2, 2), "align_corners": True,
                                               "half_pixel_centers": True},
                    InvalidArgumentError, "If half_pixel_centers is True, align_corners must "
                    "be False.")] if len(_v1_modes(method)) == 2 else [])




def _register_resize(name: str, method: str, extra: dict) -> OpDef:
    """The resize op `name` and its gradient op; `extra`: attrs its samples take. TF 2.21
    registers no gradient for ResizeArea: it has none here either (LookupError)."""
    r = _Resize(name, method)
    samples = functools.cache(partial(_resize_samples, method, extra))  # drawn together
    form, g_form = _resize_tf_forms(name, method, lambda: (op, grad_op))
    # (TF has GPU kernels for the bilinear and nearest resizes only: the others run on
    # the CPU under a GPU scope too)
    gpu = method in ("bilinear", "nearest")
    op = register(OpDef(name, partial(resize_infer, r), partial(resize_kernel, r),
                        grad=C.no_gradient if method == "area" else partial(resize_grad, r),
                        reference=_resize_ref(method), samples=lambda: samples()[0],
                        bad_samples=partial(_resize_bad, extra, method),
                        tf=form, gpu=gpu))
    grad_op = None
    if method == "area":
        return op
    grad_op = register(OpDef(r.grad_name, partial(resize_grad_infer, r),
                             partial(resize_grad_kernel, r), grad=partial(resize_grad_grad, r),
                             reference=_resize_grad_ref(method), samples=lambda: samples()[1],
                             tf=g_form, gpu=gpu))
    return op


def _resize_tf_forms(name: str, method: str, ops: Callable) -> tuple:
    """How TF's graphs write a resize and its gradient. These ops compute tf.image.resize
    (TF 2): half-pixel centers, corners not aligned. ScaleAndTranslate takes the scale
    (output over input size) and a zero translation as inputs; the gradients' output size
    is their input's own (ResizeNearestNeighborGrad takes the original size instead of the
    original image). ResizeArea has no gradient (TF 2.21 registers none)."""
    grad_name = name + "Grad"

    def tf_attrs(a: dict) -> dict:
        # TF's OpDefs default half_pixel_centers to False (TF 1's); a node without these
        # attrs is TF 2's resize
        align, half = _mode(a)
        return {"align_corners": align} if method == "area" else \
            {"align_corners": align, "half_pixel_centers": half}

    def mode_attrs(tf_a: dict) -> dict:
        # the attrs an imported node binds: none for TF 2's mode
        align = bool(tf_a.get("align_corners", False))
        if method == "area":
            return {"align_corners": True} if align else {}
        half = bool(tf_a.get("half_pixel_centers", False))
        return {} if half and not align else {"align_corners": align, "half_pixel_centers": half}

    def scale(b: Any, size: Any, original: int) -> Any:
        spatial = b.node("Cast", [b.shape_of(original, 1, 3)], {"DstT": dt.float32})[0]
        return b.node("RealDiv", [b.node("Cast", [size], {"DstT": dt.float32})[0], spatial])[0]

    def st_inputs(n: Any, b: Any, size: Any, original: int) -> list:
        # (the node's own scale and translation, else tf.image.resize's)
        a = n.attrs
        sc = b.const(list(a["scale"]), dt.float32) if "scale" in a else scale(b, size, original)
        return [sc, b.const(list(a.get("translation", (0.0, 0.0))), dt.float32)]

    def st_export(n: Any, b: Any) -> list:
        size = b.input(1) if len(n.inputs) > 1 else b.const(list(n.attrs["size"]), dt.int32)
        return b.node(name, [b.input(0), size, *st_inputs(n, b, size, 0)],
                      {"kernel_type": n.attrs["kernel_type"],
                       "antialias": n.attrs["antialias"]})

    def st_grad_export(n: Any, b: Any) -> list:
        return b.node(grad_name, [b.input(0), b.input(1),
                                  *st_inputs(n, b, b.shape_of(0, 1, 3), 1)],
                      {"kernel_type": n.attrs["kernel_type"], "antialias": n.attrs["antialias"]})

    def st_attrs(n: Any) -> dict:
        # a scale computed at run time is tf.image.resize's (output over input size);
        # the translation must be known when the node is loaded
        sc, tr = n.const(2), n.const(3)
        if tr is None:
            raise n.fail("eagerflow computes ScaleAndTranslate with a translation known when "
                         "it is loaded only")
        attrs = {"kernel_type": n.attrs["kernel_type"], "antialias": n.attrs["antialias"],
                 "translation": AV.const_attr(tr)}
        return attrs if sc is None else {**attrs, "scale": AV.const_attr(sc)}

    def st_load(n: Any) -> Any:
        size = n.value(1)
        if isinstance(size, np.ndarray):
            return bind(ops()[0], (n.inputs[0],), {"size": AV.const_attr(size), **st_attrs(n)})
        return bind(ops()[0], (n.inputs[0], size), {"size": (None, None), **st_attrs(n)})

    def st_grad_load(n: Any) -> Any:
        return bind(ops()[1], (n.inputs[0], n.inputs[1]), {"size": None, **st_attrs(n)})

    def grad_export(n: Any, b: Any) -> list:
        second = b.shape_of(1, 1, 3) if method == "nearest" else b.input(1)
        return b.node(grad_name, [b.input(0), second], tf_attrs(n.attrs))

    def grad_load(n: Any) -> Any:
        g = n.inputs[0]
        if method == "nearest":  # TF gives the original size: an image of zeros stands in
            dims = shape(g)
            original = zeros(concat([dims[:1], cast(n.value(1), dt.int32), dims[3:]], 0),
                             g.dtype)
        else:
            original = n.inputs[1]
        attrs = {k: n.attrs[k] for k in ("kernel_type", "antialias") if k in n.attrs}
        return bind(ops()[1], (g, original), {"size": None, **attrs, **mode_attrs(n.attrs)})

    def export(n: Any, b: Any) -> list:
        size = b.input(1) if len(n.inputs) > 1 else b.const(list(n.attrs["size"]), dt.int32)
        out = b.node(name, [b.input(0), size], tf_attrs(n.attrs))
        want = n.outputs[0]._dtype  # TF's op gives float32 where this one keeps the input's
        return out if out[0].dtype is want else b.node("Cast", out, {"DstT": want})

    def load(n: Any) -> Any:
        size = n.value(1)
        static = isinstance(size, np.ndarray)
        out = bind(ops()[0], (n.inputs[0],) if static else (n.inputs[0], size),
                   {"size": AV.const_attr(size) if static else (None, None),
                    **mode_attrs(n.attrs)})
        return out if method == "nearest" or out.dtype is dt.float32 else \
            cast(out, dt.float32)

    if method == "scale_and_translate":
        return (TFForm(export=st_export, load=st_load),
                TFForm(export=st_grad_export, load=st_grad_load))
    form = TFForm(export=export, load=load)
    if method == "area":
        return form, None
    return form, TFForm(export=grad_export, load=grad_load)


RESIZE_BILINEAR = _register_resize("ResizeBilinear", "bilinear", {})
RESIZE_NEAREST = _register_resize("ResizeNearestNeighbor", "nearest", {})
RESIZE_AREA = _register_resize("ResizeArea", "area", {})
RESIZE_BICUBIC = _register_resize("ResizeBicubic", "bicubic", {})
SCALE_AND_TRANSLATE = _register_resize("ScaleAndTranslate", "scale_and_translate",
                                       {"kernel_type": "lanczos3", "antialias": True})


class ResizeMethod:
    """The `method` names tf.image.resize accepts."""

    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


_SAT = ("lanczos3", "lanczos5", "gaussian", "mitchellcubic")


def _image_rank(images: Any, what: str = "images", ranks: tuple = (3, 4)) -> int:
    n = None if images._shape is None else len(images._shape)
    if n not in ranks:
        if ranks == (3, 4):
            raise ValueError(f"'{what}' must have either 3 or 4 dimensions.")
        raise ValueError(f"'{what}' (shape {tuple(images._shape)}) must be at least "
                         "three-dimensional.")
    return n


def _size_arg(size: Any) -> tuple:
    """`(static, dynamic)` for resize's `size` (dynamic: a graph tensor, an op input)."""
    if _state.graph is not None and is_symbolic(size):
        vals, dyn = shape_arg(size, "size")
        if vals is not None and len(vals) != 2:
            raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
        return vals or (None, None), dyn
    try:  # (TF converts it to int32: an int64 tensor or floats are refused)
        t = host_tensor(size, dt.int32)  # (TF's HostMemory("size"): made on the host)
    except (TypeError, ValueError):
        raise ValueError("'size' must be a 1-D int32 Tensor") from None
    if t._shape is None or len(t._shape) != 1 or t._shape[0] != 2:
        raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
    return tuple(int(v) for v in np.asarray(t.numpy())), ()


def check_size_dims(size: tuple) -> None:
    """TF's resize wrappers read a constant `size` as a TensorShape before any op: a value
    below -1 (-1 is an unknown dim, left to the kernel) is its Dimension's ValueError, the
    first such one named. A size partly known while tracing is left to the kernel, as in
    TF."""
    if None in size:
        return
    bad = next((v for v in size if v < -1), None)
    if bad is not None:
        raise ValueError(f"Dimension {bad} must be >= 0")


@dispatchable
@binds_first
def resize(images: Any, size: Any, method: str = ResizeMethod.BILINEAR,
           preserve_aspect_ratio: bool = False, antialias: bool = False,
           name: str | None = None) -> Any:
    """Resizes 3-D or 4-D images to `size` with the given interpolation `method`."""
    x = _t(images)
    rank = _image_rank(x)
    if rank == 3:
        x = expand_dims(x, 0)
    (h_out, w_out), dyn = _size_arg(size)
    if preserve_aspect_ratio and dyn:
        raise NotImplementedError("resize with preserve_aspect_ratio needs a size known when "
                                  "the function is traced")
    if preserve_aspect_ratio:
        h, w = x._shape[1], x._shape[2]
        f = min(np.float32(h_out) / np.float32(h), np.float32(w_out) / np.float32(w))
        h_out = int(np.rint(np.float32(f) * np.float32(h)))
        w_out = int(np.rint(np.float32(f) * np.float32(w)))
    check_size_dims((h_out, w_out))  # (TF reads the size kept, or the one scaled to keep
    sz = (h_out, w_out)  # the aspect ratio: [-3, -4] is -4 then)
    if method != ResizeMethod.NEAREST_NEIGHBOR and x._dtype is not dt.float32 and \
            x._dtype in _IMAGE_T:
        # TF's kernels read each value as a float and give float32 unrounded (these ops
        # keep a half or double input's dtype): the cast is that read. A dtype the ops
        # don't take (bool, complex, uint32, string) goes to the op uncast, which refuses
        # it with TF's attr error
        x = cast(x, dt.float32)
    if method == ResizeMethod.BILINEAR and not antialias:
        out = bind(RESIZE_BILINEAR, (x,) + dyn, {"size": sz})
    elif method == ResizeMethod.BILINEAR or (method == ResizeMethod.BICUBIC and antialias) or \
            method in _SAT:
        kt = {"bilinear": "triangle", "bicubic": "keyscubic"}.get(method, method)
        out = bind(SCALE_AND_TRANSLATE, (x,) + dyn, {"size": sz, "kernel_type": kt,
                                               "antialias": bool(antialias)})
    elif method == ResizeMethod.NEAREST_NEIGHBOR:
        out = bind(RESIZE_NEAREST, (x,) + dyn, {"size": sz})
    elif method == ResizeMethod.BICUBIC:
        out = bind(RESIZE_BICUBIC, (x,) + dyn, {"size": sz})
    elif method == ResizeMethod.AREA:
        out = bind(RESIZE_AREA, (x,) + dyn, {"size": sz})
    else:
        raise ValueError(f"Resize method is not implemented: {method}")
    if method != ResizeMethod.NEAREST_NEIGHBOR and out._dtype is not dt.float32:
        out = cast(out, dt.float32)  # TF's resize returns float32 for every other method
    return squeeze(out, [0]) if rank == 3 else out
