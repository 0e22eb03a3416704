"""tf.image.extract_patches and tf.extract_volume_patches: every window of an image (a
volume) laid out along the channels, as TF's ExtractImagePatches and ExtractVolumePatches.

Ops layer, after image.py; loaded on first use. One kernel serves both (2 or 3 spatial
axes): the input, zero-padded as a convolution's 'SAME' padding pads it, is read through
one index array per spatial axis (window start + offset within the window x rate), which
gathers over `xp`. The output's last axis holds each window's pixels in row-major order of
(offsets..., channel). The gradient scatters each window's gradient back onto the pixels
it read: a segment sum over the same indices, built from public ops, so it has gradients
of its own.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, OutOfRangeError, UnimplementedError
from eagerflow._src.core.tensor import check_finite_size
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import reshape, transpose
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.segment_ops import unsorted_segment_sum

_rng = SampleRNG(89)
_T = frozenset((dt.bfloat16, dt.float16, dt.float32, dt.float64, dt.int8, dt.int16, dt.int32,
                dt.int64, dt.uint8, dt.uint16, dt.uint32, dt.uint64, dt.complex64,
                dt.complex128, dt.bool))
_T_WORDS = ("bfloat16, half, float, double, int8, int16, int32, int64, uint8, uint16, uint32, "
            "uint64, complex64, complex128, bool")
# ExtractVolumePatches' OpDef takes the real types only (no complex, no bool)
_VOLUME_T = _T - {dt.complex64, dt.complex128, dt.bool}
_VOLUME_WORDS = ("float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, "
                 "uint32, uint64")
# ExtractImagePatches' OpDef takes bool, but no CPU kernel does: TF's registrations, in the
# order its NotFoundError lists them
_IMAGE_XLA = ("XLA_CPU_JIT", "T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_BFLOAT16, DT_HALF]")
_IMAGE_CPU = (dt.complex128, dt.complex64, dt.float64, dt.float32, dt.bfloat16, dt.float16,
              dt.int32, dt.int8, dt.uint8, dt.int16, dt.uint16, dt.uint32, dt.int64, dt.uint64)


def _window_axis(size: int, k: int, stride: int, rate: int, padding: str) -> tuple:
    """(number of windows, padding before) along one axis, as a convolution's."""
    eff = k + (k - 1) * (rate - 1)
    if padding == "VALID":
        return max((size - eff + stride) // stride, 0), 0
    out = -(-size // stride)
    return out, max((out - 1) * stride + eff - size, 0) // 2


def _indices(shape: tuple, ks: tuple, strides: tuple, rates: tuple, padding: str) -> tuple:
    """Per spatial axis, [windows, k] positions in the input (outside it: -1), and the
    output's spatial shape."""
    out, idx = [], []
    for size, k, s, r in zip(shape, ks, strides, rates):
        n, before = _window_axis(size, k, s, r, padding)
        pos = np.arange(n)[:, None] * s + np.arange(k)[None, :] * r - before
        idx.append(np.where((pos >= 0) & (pos < size), pos, -1))
        out.append(n)
    return idx, tuple(out)


class _Patches:
    """What differs between the image (2 spatial axes) and volume (3) ops."""

    def __init__(self, name: str, spatial: int, rates: bool) -> None:
        self.name, self.spatial, self.has_rates = name, spatial, rates

    def attrs(self, a: dict) -> tuple:
        rates = a.get("rates", (1,) * (self.spatial + 2))
        return a["ksizes"], a["strides"], rates, a["padding"]

    def check(self, x: Any, ksizes: tuple, strides: tuple, rates: tuple, padding: str) -> None:
        op, rank = self.name, self.spatial + 2
        allowed, words = (_T, _T_WORDS) if self.has_rates else (_VOLUME_T, _VOLUME_WORDS)
        if x._dtype not in allowed:
            raise C.fail(op, f"Value for attr 'T' of {C.dtype_word(x._dtype)} is not in the "
                             f"list of allowed values: {words}\n\t; NodeDef: {{{{node {op}}}}}")
        if padding not in ("SAME", "VALID"):
            raise C.fail(op, f"Value for attr 'padding' of \"{padding}\" is not in the list of "
                             f"allowed values: \"SAME\", \"VALID\"\n\t; NodeDef: {{{{node {op}}}}}")
        lists = (("ksizes", ksizes), ("strides", strides)) + \
            ((("rates", rates),) if self.has_rates else ())
        for what, v in lists:
            if len(v) < rank:
                raise C.fail(op, f"Length for attr '{what}' of {len(v)} must be at least "
                                 f"minimum {rank}\n\t; NodeDef: {{{{node {op}}}}}")
        if x._dtype == dt.bool:  # (the OpDef's checks passed; the kernel lookup fails)
            raise C.no_kernel(op, f"T=DT_BOOL, ksizes={_attr_list(ksizes)}, padding="
                                  f"\"{padding}\", rates={_attr_list(rates)}, "
                                  f"strides={_attr_list(strides)}", _IMAGE_CPU,
                              others=(_IMAGE_XLA,))
        for what, v in lists:  # (its kernel reads them as int32s, as it is made)
            for i in v:
                AV.int_attr(op, i, what)
            if len(v) != rank:
                raise C.fail(op, f"{what} must be {rank}-dimensional")
        if x._shape is not None and len(x._shape) != rank:
            raise C.fail(op, f"input must be {rank}-dimensional{C.shape_str(x._shape)}")
        for what, v in lists:
            if v[0] != 1 or v[-1] != 1:
                raise UnimplementedError(None, None, f"Only support {what} across space. "
                                                     f"[Op:{op}]")
        for what, v in lists:
            if min(v) <= 0:
                raise OutOfRangeError(None, None, f"{what} is out of range. [Op:{op}]")

    def out_shape(self, shape: tuple | None, ksizes: tuple, strides: tuple, rates: tuple,
                  padding: str) -> tuple | None:
        if shape is None:
            return None
        sp = self.spatial
        out = []
        for size, k, s, r in zip(shape[1:1 + sp], ksizes[1:-1], strides[1:-1], rates[1:-1]):
            if size is not None and padding == "VALID":
                _fits(self.name, size, (k - 1) * r + 1, s)
            out.append(None if size is None else _window_axis(size, k, s, r, padding)[0])
        depth = shape[-1]
        return (shape[0], *out, None if depth is None else depth * math.prod(ksizes[1:-1]))


def _attr_list(v: tuple) -> str:
    """A list(int) attr as TF prints a node's: [1, 2, 2, 1]."""
    return "[" + ", ".join(str(int(i)) for i in v) + "]"


def _fits(op: str, size: int, k: int, stride: int) -> None:
    """A VALID window of effective size `k` against its input, as TF's kernels size it:
    C's truncating division, so only a quotient below 0 is refused (a window just past
    the input is an empty output)."""
    n = size - k + stride
    o = n // stride if n >= 0 else -(-n // stride)
    if o < 0:
        raise C.fail(op, f"Computed output size would be negative: {o} [input_size: {size}, "
                         f"effective_filter_size: {k}, stride: {stride}]")


def _infer(p: _Patches) -> Any:
    def infer(x: Any, **a: Any) -> list:
        ks, st, rt, pad = p.attrs(a)
        p.check(x, ks, st, rt, pad)
        out = p.out_shape(x._shape, ks, st, rt, pad)
        if out is not None and None not in out:
            check_finite_size(p.name, out, x._dtype)  # (before the kernel's index arrays)
        return [(out, x._dtype)]
    return infer


def _kernel(p: _Patches) -> Any:
    def kernel(xp: Any, x: Any, **a: Any) -> Any:
        ks, st, rt, pad = p.attrs(a)
        sp = p.spatial
        idx, out = _indices(x.shape[1:1 + sp], ks[1:-1], st[1:-1], rt[1:-1], pad)
        # one zero past the end of each spatial axis stands for every position outside
        padded = xp.zeros((x.shape[0],) + tuple(n + 1 for n in x.shape[1:1 + sp]) +
                          x.shape[-1:], x.dtype)
        padded[(slice(None),) + tuple(slice(0, n) for n in x.shape[1:1 + sp])] = x
        # index arrays broadcast as [windows_1, ..., windows_sp, k_1, ..., k_sp]
        keys = []
        for axis, ix in enumerate(idx):
            shape = [1] * (2 * sp)
            shape[axis], shape[sp + axis] = ix.shape
            keys.append(xp.asarray(ix.reshape(shape)))
        gathered = padded[(slice(None),) + tuple(keys)]  # [b, windows..., k..., depth]
        return gathered.reshape((x.shape[0],) + out + (math.prod(ks[1:-1]) * x.shape[-1],))
    return kernel


def _grad(p: _Patches) -> Any:
    def grad(n: Any, g: Any) -> list:
        """Each window's gradient back onto the pixels it read: a segment sum over the
        flat (pixel) index of every gathered element, windows outside dropped."""
        x = n.inputs[0]
        ks, st, rt, pad = p.attrs(n.attrs)
        sp = p.spatial
        shape = tuple(x._shape)
        spatial, depth = shape[1:1 + sp], shape[-1]
        idx, out = _indices(spatial, ks[1:-1], st[1:-1], rt[1:-1], pad)
        grids = np.meshgrid(*([np.arange(o) for o in out] + [np.arange(k) for k in ks[1:-1]]),
                            indexing="ij")
        positions = [idx[a][grids[a], grids[sp + a]] for a in range(sp)]
        inside = np.all([pos >= 0 for pos in positions], axis=0)
        flat = np.ravel_multi_index([np.where(inside, pos, 0) for pos in positions], spatial)
        pixels = math.prod(spatial)
        segments = np.where(inside, flat, pixels).reshape(-1)  # outside: a dropped segment
        windows = reshape(g, [-1, segments.size, depth])  # [b, windows x k, depth]
        per_pixel = unsorted_segment_sum(transpose(windows, [1, 0, 2]),
                                         segments.astype(np.int32), pixels + 1)
        back = transpose(per_pixel[:pixels], [1, 0, 2])
        return [reshape(back, [-1, *spatial, depth])]
    return grad


def _reference(p: _Patches) -> Any:
    def reference(x: np.ndarray, **a: Any) -> np.ndarray:
        """A loop over windows, offsets and channels."""
        ks, st, rt, pad = p.attrs(a)
        sp = p.spatial
        spatial = x.shape[1:1 + sp]
        geometry = [_window_axis(s, k, t, r, pad) for s, k, t, r in
                    zip(spatial, ks[1:-1], st[1:-1], rt[1:-1])]
        counts = tuple(n for n, _ in geometry)
        out = np.zeros((x.shape[0],) + counts + (math.prod(ks[1:-1]) * x.shape[-1],), x.dtype)
        for b in range(x.shape[0]):
            for w in np.ndindex(*counts):
                values = []
                for off in np.ndindex(*ks[1:-1]):
                    pos = [w[i] * st[1 + i] + off[i] * rt[1 + i] - geometry[i][1]
                           for i in range(sp)]
                    inside = all(0 <= q < s for q, s in zip(pos, spatial))
                    values.extend(x[(b, *pos)] if inside else np.zeros(x.shape[-1], x.dtype))
                out[(b, *w)] = values
        return out
    return reference


def _image_samples() -> list:
    x = _rng.uniform(-1.0, 1.0, (2, 5, 6, 2))
    a = {"ksizes": (1, 2, 3, 1), "strides": (1, 2, 2, 1), "rates": (1, 1, 1, 1),
         "padding": "VALID"}
    return [Sample((x,), a),
            Sample((x,), {**a, "rates": (1, 2, 1, 1), "padding": "SAME"}),
            Sample((x[:1, :3],), {**a, "ksizes": (1, 3, 1, 1), "strides": (1, 1, 3, 1),
                                   "padding": "SAME"}),
            Sample((x,), {**a, "ksizes": (1, 6, 3, 1)}, grad=False),  # no window fits
            Sample((_rng.integers(0, 9, (1, 3, 4, 1)).astype(np.int32),), a, grad=False)]


def _volume_samples() -> list:
    x = _rng.uniform(-1.0, 1.0, (1, 3, 4, 5, 1))
    a = {"ksizes": (1, 2, 2, 3, 1), "strides": (1, 1, 2, 2, 1), "padding": "VALID"}
    return [Sample((x,), a), Sample((x,), {**a, "padding": "SAME"}, second_order=False),
            Sample((x.astype(np.float32),), {**a, "strides": (1, 2, 1, 3, 1),
                                                "padding": "SAME"}, grad=False)]


def _bad(p: _Patches, attrs: dict) -> list:
    rank = p.spatial + 2
    x = np.zeros((1,) + (4,) * p.spatial + (1,), np.float32)
    bad_k = (2,) + attrs["ksizes"][1:]
    return [
        BadSample((x,), {**attrs, "ksizes": bad_k}, UnimplementedError,
                  "Only support ksizes across space."),
        BadSample((x,), {**attrs, "padding": "FULL"}, InvalidArgumentError,
                  "Value for attr 'padding' of \"FULL\""),
        BadSample((x[0],), attrs, InvalidArgumentError, f"input must be {rank}-dimensional"),
        BadSample((x,), {**attrs, "ksizes": attrs["ksizes"][:-1]}, InvalidArgumentError,
                  "must be at least minimum"),
        BadSample((x.astype(object).astype(str).astype(object),), attrs, InvalidArgumentError,
                  "Value for attr 'T' of string")]


_IMAGE = _Patches("ExtractImagePatches", 2, rates=True)
_VOLUME = _Patches("ExtractVolumePatches", 3, rates=False)


def _register(p: _Patches, samples: Any, attrs: dict) -> OpDef:
    return register(OpDef(p.name, _infer(p), _kernel(p), grad=_grad(p), reference=_reference(p),
                          samples=samples, bad_samples=lambda: _bad(p, attrs)))


EXTRACT_IMAGE_PATCHES = _register(_IMAGE, _image_samples, {
    "ksizes": (1, 2, 2, 1), "strides": (1, 1, 1, 1), "rates": (1, 1, 1, 1), "padding": "VALID"})
EXTRACT_VOLUME_PATCHES = _register(_VOLUME, _volume_samples, {
    "ksizes": (1, 2, 2, 2, 1), "strides": (1, 1, 1, 1, 1), "padding": "VALID"})


def _ints(v: Any) -> tuple:
    return tuple(int(i) for i in v)


@dispatch_binding
def extract_patches(images: Any, sizes: Any, strides: Any, rates: Any, padding: str,
                    name: str | None = None) -> Any:
    """`tf.image.extract_patches`: [batch, windows_r, windows_c, kr * kc * depth]."""
    # (TF's function hands its arguments to the op's generated wrapper, which converts
    # them: a list or tuple only, each item by int())
    attrs = AV.wrapper_attrs("ExtractImagePatches", ksizes=sizes, strides=strides, rates=rates,
                             padding=padding)
    return bind(EXTRACT_IMAGE_PATCHES, (_t(images),), attrs, name)


def extract_volume_patches(input: Any, ksizes: Any, strides: Any, padding: str,  # noqa: A002
                           name: str | None = None) -> Any:
    """`tf.extract_volume_patches`: [batch, windows_p, windows_r, windows_c,
    kp * kr * kc * depth]."""
    attrs = AV.wrapper_attrs("ExtractVolumePatches", ksizes=ksizes, strides=strides,
                             padding=padding)
    return bind(EXTRACT_VOLUME_PATCHES, (_t(input),), attrs, name)
