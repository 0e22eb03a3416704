"""Sliding-window engine shared by convolution and pooling (ops layer, no OpDefs here).

Everything works on channels-last arrays `(N, *spatial, C)` with any number of
spatial dims, so the 1-D, 2-D and 3-D ops of nn_conv.py and nn_pool.py share one
implementation. Convolution is im2col: an `as_strided` view of the padded input
gives every window without copying, one reshape copies those windows into a
matrix, and a single BLAS matmul contracts it with the filter. The input gradient
is col2im: one matmul back to columns, then one strided add per kernel tap (a
handful of vectorized adds, never a loop over pixels or channels). Large batches
are processed in chunks so that the column matrix stays within a fixed budget.
"""

from __future__ import annotations

import functools
import itertools
import math
import threading
import weakref
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from eagerflow._src.backend import (
    block_bytes,
    conv_engine,
    elementwise_kernel,
    keep_temporaries,
    lanes,
    matmul,
    matmul_rows,
    matmul_t_rows,
    ml_types,
    product_scope,
    run_blocks,
    scratch,
)
from eagerflow._src.backend import relu as max_zero
from eagerflow._src.ops import conv_taps
from eagerflow._src.ops.windows_cuda import col2im_source, gather_source

# Largest column matrix (bytes) built at once; bigger batches are processed in chunks.
COLS_BUDGET = 64 * 1024 * 1024
# Usual column block (bytes): small enough to stay in a core's L2 cache (see _blocks).
BLOCK_BYTES = 1024 * 1024
# Most bytes of im2col matrices kept for filter gradients (see _Kept).
KEEP = 32 * 1024 * 1024


# ---------------------------------------------------------------------------------------
# Geometry.
# ---------------------------------------------------------------------------------------

def window_geometry(size: int, k: int, stride: int, dilation: int, padding: str,
                    explicit: tuple = (0, 0)) -> tuple:
    """(output size, pad before, pad after) of one spatial dim, as TF computes them.

    May return a negative output size (VALID/EXPLICIT with a window larger than the
    padded input): callers turn that into TF's "Computed output size would be
    negative" error.
    """
    eff = (k - 1) * dilation + 1
    if padding == "SAME":
        out = (size + stride - 1) // stride
        need = max(0, (out - 1) * stride + eff - size)
        return out, need // 2, need - need // 2
    before, after = explicit if padding == "EXPLICIT" else (0, 0)
    # (TF's C division: toward zero, so a window past the input by less than a stride is
    # an empty output, not a negative one)
    num = size + before + after - eff + stride
    return (num // stride if num >= 0 else -(-num // stride)), before, after


@functools.lru_cache(maxsize=256)  # (a training step asks the same few, every step)
def geometry(sizes: tuple, ks: tuple, strides: tuple, dilations: tuple, padding: str,
             explicit: tuple) -> tuple:
    """Output sizes and (before, after) pads for all spatial dims (arguments: tuples)."""
    outs, pads = [], []
    for i, (s, k, st, d) in enumerate(zip(sizes, ks, strides, dilations)):
        o, b, a = window_geometry(s, k, st, d, padding,
                                  explicit[i] if padding == "EXPLICIT" else (0, 0))
        outs.append(o)
        pads.append((b, a))
    return tuple(outs), tuple(pads)


# ---------------------------------------------------------------------------------------
# Layout.
# ---------------------------------------------------------------------------------------

def to_channels_last(x: Any, channels_first: bool) -> Any:
    if not channels_first:
        return x
    return x.transpose((0,) + tuple(range(2, x.ndim)) + (1,))


def from_channels_last(x: Any, channels_first: bool) -> Any:
    if not channels_first:
        return x
    return x.transpose((0, x.ndim - 1) + tuple(range(1, x.ndim - 1)))


def pad(xp: Any, x: Any, pads: tuple, value: Any = 0, temp: str | None = None) -> Any:
    """`x` (N, *spatial, C) with spatial pads filled with `value`; with `temp`, the
    result is a scratch buffer of that name (only for kernel-internal temporaries)."""
    if not any(b or a for b, a in pads):
        return x
    shape = (x.shape[0],) + tuple(s + b + a for s, (b, a) in zip(x.shape[1:-1], pads)) + \
        (x.shape[-1],)
    if temp is None:
        out = xp.full(shape, value, dtype=x.dtype)
    else:
        out = scratch(xp, temp, shape, x.dtype)
        for i, (b, a) in enumerate(pads):  # fill only the borders
            lo = [slice(None)] * len(shape)
            hi = [slice(None)] * len(shape)
            lo[i + 1], hi[i + 1] = slice(0, b), slice(shape[i + 1] - a, shape[i + 1])
            out[tuple(lo)] = value
            out[tuple(hi)] = value
    out[interior(pads, x.shape[1:-1])] = x
    return out


def interior(pads: tuple, sizes: tuple) -> tuple:
    """The index of the unpadded region inside a padded (N, *spatial, C) array."""
    return (slice(None),) + tuple(slice(b, b + s) for (b, _), s in zip(pads, sizes)) + \
        (slice(None),)


def windows(xp: Any, xpad: Any, outs: tuple, ks: tuple, strides: tuple,
            dilations: tuple) -> Any:
    """A read-only view (N, *outs, *ks, C) of every window of a padded input."""
    st = xpad.strides
    r = len(outs)
    shape = (xpad.shape[0],) + tuple(outs) + tuple(ks) + (xpad.shape[-1],)
    strides_ = (st[0],) + tuple(st[1 + i] * strides[i] for i in range(r)) + \
        tuple(st[1 + i] * dilations[i] for i in range(r)) + (st[-1],)
    if xp is not np:  # CuPy's as_strided has no read-only views
        return xp.lib.stride_tricks.as_strided(xpad, shape, strides_)
    return np.lib.stride_tricks.as_strided(xpad, shape, strides_, writeable=False)


@functools.lru_cache(maxsize=512)  # (a training step asks the same few, every step)
def taps(ks: tuple, outs: tuple, strides: tuple, dilations: tuple, row0: int = 0) -> tuple:
    """(flat tap index, index into the padded input) for each kernel tap; `row0` shifts
    the first spatial dim, for a block of output rows starting there (arguments: tuples)."""
    shift = (row0 * strides[0],) + (0,) * (len(ks) - 1)
    return tuple((t, (slice(None),) + tuple(
        slice(p * d + h, p * d + h + (o - 1) * s + 1, s) for p, d, o, s, h in
        zip(pos, dilations, outs, strides, shift)) + (slice(None),))
        for t, pos in enumerate(itertools.product(*(range(k) for k in ks))))


class _Kept(threading.local):
    """What this thread's recent forward kernels kept for their gradient kernels: a
    training step's backward pass follows its forward on the same thread, so each
    layer's gradient finds what its forward computed (a convolution's im2col matrix, a
    max pooling's argmax).

    Entries name their arrays by weak reference (a freed array is never taken for a
    new one at the same address) and a geometry key; arrays behind tensors are never
    written in place, so a matching entry holds what was computed from those arrays. At
    most `budget()` bytes are kept, oldest dropped first, and entries whose arrays are
    gone (inference: nothing will ask) are dropped at the next put.
    """

    def __init__(self, budget: Callable[[], int]) -> None:
        self.budget = budget
        self.entries: list = []  # (weak refs to the arrays, key, kept array)

    def put(self, arrays: tuple, key: tuple, value: Any) -> None:
        live = [e for e in self.entries if all(r() is not None for r in e[0]) and not
                (_same(e[0], arrays) and e[1] == key)]
        live.append((tuple(weakref.ref(a) for a in arrays), key, value))
        budget = self.budget()
        while sum(e[2].nbytes for e in live) > budget:
            live.pop(0)
        self.entries = live

    def get(self, arrays: tuple, key: tuple) -> Any:
        """What was kept for `arrays` under `key`, or None."""
        for refs, k, value in self.entries:
            if k == key and _same(refs, arrays):
                return value
        return None


def _same(refs: tuple, arrays: tuple) -> bool:
    return len(refs) == len(arrays) and all(r() is a for r, a in zip(refs, arrays))


_KEPT = _Kept(lambda: KEEP)


class _GradientOf(threading.local):
    """The forward convolution's result whose input gradient this thread computes now, for
    a gradient op that cannot name it (Conv2DBackpropInput takes sizes, filter and dy):
    the forward's gradient function sets it around that op's call (nn_conv.conv_grad), the
    op's kernel passes it on as conv_input_grad's `made`. None otherwise."""

    made: Any = None


GRADIENT_OF = _GradientOf()


def _columns(xp: Any, view: Any, rows: int, width: int) -> Any:
    """A contiguous (rows, width) copy of a window view (the im2col matrix)."""
    cols = scratch(xp, "cols", view.shape, view.dtype)
    cols[...] = view
    return cols.reshape(rows, width)


class _Im2col:
    """The im2col matrix of a padded input (N, *S, C), built one block at a time.

    Two layouts of the same (rows, kk*C) matrix: row-major (each row one window, a copy
    of an `as_strided` view whose contiguous runs are kw*C elements), or, for few
    channels, tap-major (each kernel tap one contiguous row of the transposed matrix,
    copied from a channels-first input in runs of a whole output row). With one
    channel the row-major runs are just kw elements long and the tap-major copy is
    ~7x faster; BLAS takes either layout without a copy.
    """

    def __init__(self, xp: Any, xpad: Any, outs: tuple, ks: tuple, strides: tuple,
                 dilations: tuple, tap_major: bool) -> None:
        self.xp, self.outs, self.ks = xp, outs, ks
        self.strides, self.dilations = strides, dilations
        self.c = xpad.shape[-1]
        self.width = math.prod(ks) * self.c
        self.tap_major = tap_major
        if tap_major:  # (C, N, *S): with one channel, a free view
            # (moveaxis by transpose's axes: NumPy's moveaxis runs ~400 bytecodes a call)
            last = xpad.ndim - 1
            self.src = xp.ascontiguousarray(xpad.transpose((last, *range(last))))
        else:
            self.src = windows(xp, xpad, outs, ks, strides, dilations)

    def block(self, blk: Block, kept: Any = None) -> Any:
        """A block's (rows, kk*C) matrix. With `kept` (a whole matrix from `whole`),
        written into that matrix's rows."""
        a, b, r0, r1, rows = blk
        if not self.tap_major:
            view = self.src[a:b, r0:r1]
            if kept is None:
                return _columns(self.xp, view, rows.stop - rows.start, self.width)
            dest = kept[rows]
            dest.reshape(view.shape)[...] = view
            return dest
        block = (r1 - r0,) + self.outs[1:]
        kk = self.width // self.c
        if kept is None:
            buf = scratch(self.xp, "cols", (kk, self.c, b - a) + block, self.src.dtype)
        else:
            dest = _kept_block(kept, True, blk)
            # a view, as reshape gives whenever one exists (NumPy 2.5 deprecates setting
            # .shape, which refused to copy): the taps below write through it into dest
            buf = dest.T.reshape((kk, self.c, b - a) + block)
        for t, idx in taps(self.ks, block, self.strides, self.dilations, r0):
            buf[t] = self.src[(slice(None), slice(a, b)) + idx[1:-1]]
        return dest if kept is not None else buf.reshape(self.width, -1).T

    def whole(self, n: int) -> Any:
        """An empty matrix for all n images' windows, in this layout."""
        m = n * math.prod(self.outs)
        shape = (self.width, m) if self.tap_major else (m, self.width)
        return self.xp.empty(shape, self.src.dtype)


class _DeviceIm2col:
    """_Im2col on a device: a block's row-major matrix gathered by one kernel launch
    from the unpadded input (CuPy would run a pad fill, a copy into it and a copy of the
    window view, or a copy per kernel tap, for the same matrix)."""

    tap_major = False

    def __init__(self, xp: Any, x: Any, pads: tuple, outs: tuple, ks: tuple,
                 strides: tuple, dilations: tuple) -> None:
        self.xp, self.x = xp, x
        self.width = math.prod(ks) * x.shape[-1]
        self.kernel = elementwise_kernel(xp, *gather_source(x.shape, outs, ks, strides,
                                                             dilations, pads))

    def block(self, blk: Block, kept: Any = None) -> Any:
        rows = blk.rows.stop - blk.rows.start
        cols = scratch(self.xp, "cols", (rows, self.width), self.x.dtype)
        self.kernel(self.x, np.int64(blk.rows.start), cols)
        return cols


def _device_gather(xp: Any, dtype: Any) -> bool:
    """Whether im2col runs as one gather kernel: on a device, for C's types and the half
    types (CuPy's float16/bfloat16 classes: the gather moves their values as they are,
    and col2im's sums round each tap's add to them as the strided adds do)."""
    return xp is not np and (np.dtype(dtype) in _GATHER_TYPES or dtype in ml_types.HALF_TYPES)


_GATHER_TYPES = frozenset(map(np.dtype, ("float32", "float64", "int32", "int64")))


def _make_im2col(xp: Any, x: Any, pads: tuple, outs: tuple, ks: tuple, strides: tuple,
                 dilations: tuple, tap_major: bool) -> Any:
    if _device_gather(xp, x.dtype):
        return _DeviceIm2col(xp, x, pads, outs, ks, strides, dilations)
    return _Im2col(xp, pad(xp, x, pads, temp="pad"), outs, ks, strides, dilations, tap_major)


def _tap_major(c: int, groups: int, itemsize: int) -> bool:
    """Whether the tap-major layout pays: few channels (short row-major runs)."""
    return groups == 1 and c * itemsize <= 16


class Block(NamedTuple):
    """A block of the column matrix from _blocks: images a..b, first output dim r0..r1,
    which are `rows` of the whole (N * prod(outs), kk*C) matrix (and of the output's
    (N * prod(outs), O) rows)."""

    a: int
    b: int
    r0: int
    r1: int
    rows: slice


def _blocks(xp: Any, n: int, outs: tuple, cell_bytes: int, w_bytes: int) -> tuple:
    """The blocks of the column matrix: whole images while they fit the block budget,
    else bands of output rows.

    Blocks are sized to stay in the L2 cache (BLOCK_BYTES), so that the im2col copy and
    the matmul reading it meet there instead of in main memory; with a large filter
    (which every block's matmul reads again) blocks grow to 8x the filter, and never
    past COLS_BUDGET. A GPU takes much larger blocks (backend.block_bytes).
    """
    return _block_list(block_bytes(xp, min(COLS_BUDGET, max(BLOCK_BYTES, 8 * w_bytes))), n,
                       outs, cell_bytes)


@functools.lru_cache(maxsize=256)  # (a training step asks the same few, every step)
def _block_list(budget: int, n: int, outs: tuple, cell_bytes: int) -> tuple:
    rows, cells = outs[0], math.prod(outs[1:])  # (cells: matrix rows per output row)
    per_row = max(cells * cell_bytes, 1)
    per_image = per_row * rows
    if per_image <= budget:
        step = max(1, budget // max(per_image, 1))
        bands = [(i, min(n, i + step), 0, rows) for i in range(0, n, step)]
    else:
        band = max(1, budget // per_row)
        bands = [(i, i + 1, r, min(rows, r + band)) for i in range(n)
                 for r in range(0, rows, band)]
    return tuple(Block(a, b, r0, r1, slice((a * rows + r0) * cells, ((b - 1) * rows + r1) * cells))
                 for a, b, r0, r1 in bands)


# ---------------------------------------------------------------------------------------
# Convolution (grouped; depthwise is the case of one input channel per group).
# ---------------------------------------------------------------------------------------

def _grouped_cols(cols: Any, kk: int, groups: int, cf: int) -> Any:
    """(M, kk*C) columns -> (G, M, kk*Cf): each group's own slice of channels."""
    m = cols.shape[0]
    return cols.reshape(m, kk, groups, cf).transpose(2, 0, 1, 3).reshape(groups, m, kk * cf)


def _grouped_filter(w: Any, kk: int, groups: int) -> Any:
    """(*K, Cf, O) filter -> (G, kk*Cf, O/G)."""
    cf, o = w.shape[-2:]
    return w.reshape(kk, cf, groups, o // groups).transpose(2, 0, 1, 3).reshape(
        groups, kk * cf, o // groups)


def add_last_axis(xp: Any, x: Any, b: Any, out: Any = None) -> Any:
    """`x + b` with b (C,) along x's last axis (into `out` when given: may be x).

    NumPy runs a broadcast add one C-long row at a time; with few channels that inner
    loop is too short to pay for itself, so a contiguous x is added as rows of W*C
    against b tiled W times (~1.8x faster on the guide CNN's activations). The sums
    are the same float additions either way.
    """
    c = x.shape[-1] if x.ndim else 0
    if (xp is not np or x.ndim < 3 or c >= 256 or x.size < (1 << 14) or b.shape != (c,)
            or not x.flags.c_contiguous or (out is not None and not out.flags.c_contiguous)
            or np.result_type(x, b) != x.dtype):
        return xp.add(x, b, out=out)
    k = x.shape[-2]
    rows = x.reshape(-1, k * c)
    res = xp.add(rows, xp.tile(b, k), out=None if out is None else out.reshape(rows.shape))
    return res.reshape(x.shape) if out is None else out


# _epilogue's kernels, by (bias, relu): relu keeps a NaN, as maximum(x, 0) does.
_EPILOGUE_CUDA = {
    (True, True): ("T x, T b", "T y", "T v = x + b; y = v < (T)0 ? (T)0 : v",
                   "eagerflow_bias_relu"),
    (True, False): ("T x, T b", "T y", "y = x + b", "eagerflow_bias"),
    (False, True): ("T x", "T y", "y = x < (T)0 ? (T)0 : x", "eagerflow_relu"),
}


def _epilogue(xp: Any, bias: Any, relu: bool, outs: tuple, dtype: Any) -> Callable | None:
    """`relu(dest + bias)` in place for each output block `dest` of one convolution, as
    the separate BiasAdd and Relu kernels compute it (None: nothing to do). Blocks are
    bands of whole output rows, so with two or more spatial dims the bias is tiled
    along a row once here (add_last_axis's faster add), not again in every block."""
    if bias is None and not relu:
        return None
    if xp is not np and np.dtype(dtype) in (np.float32, np.float64) and (
            bias is None or bias.dtype == dtype):
        # one launch on a device for the bias add and the relu (the same float addition)
        kernel = elementwise_kernel(xp, *_EPILOGUE_CUDA[bias is not None, relu])
        return (lambda dest: kernel(dest, bias, dest)) if bias is not None else \
            (lambda dest: kernel(dest, dest))
    tiled = None
    if (bias is not None and xp is np and len(outs) >= 2 and bias.ndim == 1
            and bias.shape[0] < 256 and bias.dtype == dtype):
        # (np.tile's, by the array's own methods: NumPy's tile runs ~250 bytecodes a call)
        tiled = bias.reshape(1, -1).repeat(outs[-1], axis=0).reshape(-1)

    def apply(dest: Any) -> None:
        if tiled is not None:
            rows = dest.reshape(-1, tiled.shape[0])
            np.add(rows, tiled, out=rows)
        elif bias is not None:
            add_last_axis(xp, dest, bias, out=dest)
        if relu:
            max_zero(xp, dest, out=dest)
    return apply


def _kept_block(kept: Any, tap_major: bool, block: Block) -> Any:
    """A block's (rows, kk*C) matrix within a whole matrix from _Im2col.whole."""
    return kept[:, block.rows].T if tap_major else kept[block.rows]


def _kept_key(x: Any, ks: tuple, strides: tuple, dilations: tuple, padding: str,
              explicit: tuple) -> tuple:
    return (x.shape, x.dtype, tuple(ks), strides, dilations, padding, explicit)


# The sizes the convolution kernels below work out from their operands' shapes and
# attrs, kept by them (a training step asks the same few every step, and on a device
# the rest of a call is little more than cuDNN's).

@functools.lru_cache(maxsize=256)
def _forward_dims(xshape: tuple, wshape: tuple, strides: tuple, dilations: tuple,
                  padding: str, explicit: tuple, at: tuple | None) -> tuple:
    """conv_forward's (r, ks, cf, o, c, groups, n, kk, outs, pads, work): `work` whether
    the output has elements, each a sum of some."""
    r = len(xshape) - 2
    ks, cf, o = wshape[:r], wshape[-2], wshape[-1]
    c = xshape[-1]
    groups = c // cf
    outs, pads = at if at is not None else \
        geometry(xshape[1:-1], ks, strides, dilations, padding, explicit)
    n = xshape[0]
    kk = math.prod(ks)
    return r, ks, cf, o, c, groups, n, kk, outs, pads, bool(n * math.prod(outs) * o * kk * c)


@functools.lru_cache(maxsize=256)
def _filter_grad_dims(xshape: tuple, gshape: tuple, ks: tuple, strides: tuple,
                      dilations: tuple, padding: str, explicit: tuple, cf: int) -> tuple:
    """conv_filter_grad's (c, o, groups, outs, pads, kk, m, n, work): `work` whether the
    gradient is a sum of any products."""
    c, o = xshape[-1], gshape[-1]
    groups = c // cf
    outs, pads = geometry(xshape[1:-1], ks, strides, dilations, padding, explicit)
    kk, m, n = math.prod(ks), math.prod(outs), xshape[0]
    return c, o, groups, outs, pads, kk, m, n, bool(math.prod(gshape) and kk * c and m)


@functools.lru_cache(maxsize=256)
def _input_grad_dims(wshape: tuple, gshape: tuple, in_shape: tuple, strides: tuple,
                     dilations: tuple, padding: str, explicit: tuple) -> tuple:
    """conv_input_grad's (r, ks, cf, o, c, groups, outs, pads, work): `work` whether the
    gradient has elements and g any."""
    r = len(in_shape) - 2
    ks, cf, o = wshape[:r], wshape[-2], wshape[-1]
    c = in_shape[-1]
    groups = c // cf
    outs, pads = geometry(in_shape[1:-1], ks, strides, dilations, padding, explicit)
    return r, ks, cf, o, c, groups, outs, pads, bool(math.prod(gshape) and c and o)


def conv_forward(xp: Any, x: Any, w: Any, strides: tuple, dilations: tuple, padding: str,
                 explicit: tuple, bias: Any = None, relu: bool = False,
                 keep: bool = False, at: tuple | None = None, keep_filter: bool = False) -> Any:
    """x (N, *S, C) conv w (*K, Cf, O) -> (N, *outs, O); C = G * Cf. With `bias` (O,)
    and `relu`, each output block gets `relu(block + bias)` while it is still in cache
    (the fused kernel of a traced Conv2D -> BiasAdd -> Relu: see nn_fused.py). With
    `keep`, an im2col matrix of at most KEEP bytes is built whole and kept
    for conv_filter_grad of the same input (see _Kept), unless other processes share
    the machine's caches now (backend.keep_temporaries). `at` (outs, pads) gives the
    geometry instead of `padding` (a device's gather takes negative pads: crops). With
    `keep_filter`, a library convolution keeps what it made of w for conv_input_grad's
    `made` (cuDNN: the filter in its layout, see backend/cudnn.py)."""
    r, ks, cf, o, c, groups, n, kk, outs, pads, work = _forward_dims(
        x.shape, w.shape, strides, dilations, padding, explicit, at)
    if work and (bias is None or (bias.ndim == 1 and bias.dtype == x.dtype)):
        engine = conv_engine(xp, x.dtype, r, groups)
        if engine is not None:  # cuDNN (a GPU with the binding installed), epilogue included
            out = engine.forward(x, w, outs, strides, dilations, pads, bias, relu,
                                 keep_filter)
            if out is not None:  # (None: no cuDNN engine takes it)
                return out
    if xp is np and work and at is None:  # (TF's tap order, exact products: conv_taps.py)
        out = conv_taps.cpu_forward(x, w, outs, pads, strides, dilations, bias, relu)
        if out is not None:
            return out
        if conv_taps.by_columns(x, o, strides, dilations) and min(ks) > 1:
            # TF sums these taps column by column: the transposed image's, row by row (its
            # windows are not kept: the filter gradient's sum runs over the pixels in order)
            out = conv_forward(np, x.swapaxes(1, 2), w.swapaxes(0, 1), strides[::-1],
                               dilations[::-1], padding, explicit, bias, relu,
                               at=(outs[::-1], pads[::-1]))
            return np.ascontiguousarray(out.swapaxes(1, 2))
    out = xp.empty((n,) + outs + (o,), dtype=x.dtype)
    if out.size == 0:
        return out
    epilogue = _epilogue(xp, bias, relu, outs, out.dtype)
    if kk * c == 0:
        out[...] = 0
        if epilogue is not None:
            epilogue(out)
        return out
    im2col = _make_im2col(xp, x, pads, outs, ks, strides, dilations,
                          _tap_major(c, groups, x.itemsize))
    w2 = w.reshape(kk * c, o) if groups == 1 else _grouped_filter(w, kk, groups)
    blocks = _blocks(xp, n, outs, kk * c * x.itemsize, w.nbytes)
    out2 = out.reshape(-1, o)  # (a view: out is new)
    kept = None
    if keep and xp is np and groups == 1 and out.size // o * kk * c * x.itemsize <= \
            KEEP and keep_temporaries(xp):
        kept = im2col.whole(n)

    def one(block: Block) -> None:
        cols = im2col.block(block, kept)
        dest = out2[block.rows]
        if groups == 1:
            matmul_rows(xp, cols, w2, dest)
        else:
            res = matmul(xp, _grouped_cols(cols, kk, groups, cf), w2, tf32=True)  # (G, M, O/G)
            dest[...] = res.transpose(1, 0, 2).reshape(dest.shape)
        if epilogue is not None:
            epilogue(dest)

    first = blocks[0].rows
    with product_scope(xp, (first.stop - first.start) * kk * cf * o):
        run_blocks(xp, one, blocks, lanes(xp, out.size * kk * cf, len(blocks)))
    if kept is not None:
        _KEPT.put((x,), _kept_key(x, ks, strides, dilations, padding, explicit), kept)
    return out


def conv_filter_grad(xp: Any, x: Any, g: Any, ks: tuple, strides: tuple, dilations: tuple,
                     padding: str, explicit: tuple, cf: int, depthwise: bool = False) -> Any:
    """d loss / d filter for conv_forward, given g (N, *outs, O); a `depthwise` one
    (DepthwiseConv2dNativeBackpropFilter) on the CPU summed as TF's kernel sums it."""
    c, o, groups, outs, pads, kk, m, n, work = _filter_grad_dims(
        x.shape, g.shape, ks, strides, dilations, padding, explicit, cf)
    if depthwise and xp is np and work and all(d == 1 for d in dilations):
        dw = conv_taps.depthwise_filter_grad(x, g, ks, strides, outs, pads)
        if dw is not None:
            return dw.reshape(tuple(ks) + (cf, o))
    engine = conv_engine(xp, x.dtype, len(ks), groups) if work else None
    dw = None if engine is None else engine.filter_grad(x, g, ks, strides, dilations, pads)
    if dw is not None:  # cuDNN (a GPU with the binding installed, an engine for it)
        return dw
    shape = (kk * c, o) if groups == 1 else (groups, kk * cf, o // groups)
    # on a device the first block's product is the sum's start (a fill and an add less)
    dw = None if xp is not np and work else xp.zeros(shape, dtype=x.dtype)
    if work:
        tap_major = _tap_major(c, groups, x.itemsize)
        # (only a CPU's forward keeps its matrix: conv_forward)
        kept = _KEPT.get((x,), _kept_key(x, ks, strides, dilations, padding, explicit)) \
            if groups == 1 and xp is np else None
        if kept is None:
            im2col = _make_im2col(xp, x, pads, outs, ks, strides, dilations, tap_major)
            tap_major = im2col.tap_major
        blocks = _blocks(xp, n, outs, kk * c * x.itemsize, math.prod(shape) * x.itemsize)
        g2 = g.reshape(-1, o)
        n_lanes = lanes(xp, g.size * kk * cf, len(blocks))

        def lane(j: int) -> Any:
            """The sum over every n_lanes-th block from j (a fixed order: see
            backend/numpy.py's helper threads)."""
            acc = None
            for block in blocks[j::n_lanes]:
                if kept is not None:
                    cols = _kept_block(kept, tap_major, block)
                else:
                    cols = im2col.block(block)
                gb = g2[block.rows]
                if groups == 1:
                    part = matmul_t_rows(xp, cols, gb)
                else:
                    gc = _grouped_cols(cols, kk, groups, cf)               # (G, M, kk*Cf)
                    gg = gb.reshape(-1, groups, o // groups).transpose(1, 0, 2)  # (G, M, O/G)
                    part = matmul(xp, gc.transpose(0, 2, 1), gg, tf32=True)
                if acc is None:
                    acc = part
                else:
                    acc += part
            return acc

        first = blocks[0].rows
        with product_scope(xp, (first.stop - first.start) * kk * cf * o):
            for part in run_blocks(xp, lane, range(n_lanes), n_lanes):
                if dw is None:
                    dw = part
                else:
                    dw += part
    if groups == 1:
        return dw.reshape(tuple(ks) + (cf, o))
    # (G, kk, Cf, O/G) -> (kk, Cf, G, O/G) -> (*K, Cf, O)
    dw = dw.reshape(groups, kk, cf, o // groups).transpose(1, 2, 0, 3)
    return xp.ascontiguousarray(dw).reshape(tuple(ks) + (cf, o))


def _pad_or_crop(xp: Any, x: Any, pads: tuple) -> Any:
    """Spatial pads of (N, *S, C); negative amounts crop."""
    crop = (slice(None),) + tuple(slice(max(-b, 0), s - max(-a, 0))
                                  for (b, a), s in zip(pads, x.shape[1:-1])) + (slice(None),)
    return pad(xp, x[crop], tuple((max(b, 0), max(a, 0)) for b, a in pads), temp="gq")


def _input_grad_as_conv(xp: Any, w: Any, g: Any, in_shape: tuple, dilations: tuple,
                        pads: tuple) -> Any:
    """Stride-1 input gradient as a convolution of the padded output gradient with the
    spatially flipped, transposed filter: the same im2col + one matmul as the forward."""
    flip, grouped, axes, flipped, unit, qpads, sizes = _as_conv_dims(w.shape, in_shape,
                                                                     dilations, pads)
    gather = _device_gather(xp, g.dtype)  # (which pads and crops g as it reads it)
    gq = g if gather else _pad_or_crop(xp, g, qpads)
    wt = w[flip].reshape(grouped).transpose(axes).reshape(flipped)
    return conv_forward(xp, gq, xp.ascontiguousarray(wt), unit, dilations, "VALID", (),
                        at=(sizes, qpads) if gather else None)


@functools.lru_cache(maxsize=256)  # (a training step asks the same few, every step)
def _as_conv_dims(wshape: tuple, in_shape: tuple, dilations: tuple, pads: tuple) -> tuple:
    """_input_grad_as_conv's (the filter's spatial flip, its (*K, Cf, G, O/G) shape, the
    axes that make that (*K, O/G, G, Cf), its (*K, O/G, G*Cf) shape, unit strides, the
    pads (negative: crops) of g, the input's spatial sizes)."""
    r = len(in_shape) - 2
    ks, cf, o = tuple(wshape[:r]), wshape[-2], wshape[-1]
    groups = in_shape[-1] // cf
    ext = tuple((k - 1) * d for k, d in zip(ks, dilations))
    qpads = tuple((e - b, e - a) for e, (b, a) in zip(ext, pads))
    return ((slice(None, None, -1),) * r, ks + (cf, groups, o // groups),
            tuple(range(r)) + (r + 2, r + 1, r), ks + (o // groups, groups * cf), (1,) * r,
            qpads, tuple(in_shape[1:-1]))


def conv_input_grad(xp: Any, w: Any, g: Any, in_shape: tuple, strides: tuple,
                    dilations: tuple, padding: str, explicit: tuple, made: Any = None) -> Any:
    """d loss / d input for conv_forward, given g (N, *outs, O). `made`: that forward's
    result, where it kept its filter (`keep_filter`) and the caller holds what it read.

    Stride 1: a convolution (see _input_grad_as_conv). Otherwise col2im: one matmul back
    to columns, then one strided add per kernel tap.
    """
    r, ks, cf, o, c, groups, outs, pads, work = _input_grad_dims(
        w.shape, g.shape, in_shape, strides, dilations, padding, explicit)
    if not (work and math.prod(ks)):
        # (a filter with no taps has padding of its own that can be negative)
        return xp.zeros(tuple(in_shape), dtype=g.dtype)
    engine = conv_engine(xp, g.dtype, r, groups)
    dx = None if engine is None else engine.input_grad(w, g, in_shape, strides, dilations,
                                                       pads, made)
    if dx is not None:  # cuDNN (a GPU with the binding installed, an engine for it)
        return dx
    if all(s == 1 for s in strides):
        return _input_grad_as_conv(xp, w, g, in_shape, dilations, pads)
    if g.dtype.itemsize == 2 and xp is np and g.dtype.kind in "fV":
        # TF's half-precision kernel adds the taps' float32 products in float32 and rounds
        # the input gradient once
        return conv_input_grad(xp, w.astype(np.float32), g.astype(np.float32), in_shape,
                               strides, dilations, padding, explicit).astype(g.dtype)
    kk, n = math.prod(ks), in_shape[0]
    if groups == 1 and _device_gather(xp, g.dtype) and \
            len(_blocks(xp, n, outs, kk * c * g.itemsize, w.nbytes)) == 1:
        # on a device: the columns' product, then one kernel summing each input element's
        # taps (instead of a fill, a strided add per tap and the interior's copy)
        dcols = matmul(xp, g.reshape(-1, o), w.reshape(kk * c, o).T, tf32=True)  # (M, kk*C)
        dx = xp.empty(tuple(in_shape), g.dtype)
        elementwise_kernel(xp, *col2im_source(
            tuple(in_shape[1:-1]), c, tuple(outs), tuple(ks), tuple(strides),
            tuple(dilations), tuple(b for b, _ in pads)))(dcols, dx)
        return dx
    padded = (n,) + tuple(s + b + a for s, (b, a) in zip(in_shape[1:-1], pads)) + (c,)
    dxp = xp.zeros(padded, dtype=g.dtype)
    w2 = w.reshape(kk * c, o) if groups == 1 else _grouped_filter(w, kk, groups)
    for a, b, r0, r1, _ in _blocks(xp, n, outs, kk * c * g.itemsize, w.nbytes):
        g2 = g[a:b, r0:r1].reshape(-1, o)
        if groups == 1:
            dcols = matmul(xp, g2, w2.T, tf32=True)               # (M, kk*C)
        else:
            gg = g2.reshape(-1, groups, o // groups).transpose(1, 0, 2)
            dcols = matmul(xp, gg, w2.transpose(0, 2, 1), tf32=True)  # (G, M, kk*Cf)
            dcols = dcols.reshape(groups, -1, kk, cf).transpose(1, 2, 0, 3)
        block = (r1 - r0,) + outs[1:]
        dcols = dcols.reshape((b - a,) + block + (kk, c))
        part = dxp[a:b]
        for t, idx in taps(ks, block, strides, dilations, r0):
            part[idx] += dcols[..., t, :]
    if any(b or a for b, a in pads):
        return xp.ascontiguousarray(dxp[interior(pads, in_shape[1:-1])])
    return dxp
