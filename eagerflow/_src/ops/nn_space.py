"""tf.nn.space_to_depth and tf.nn.depth_to_space (NHWC): each is the other's gradient;
and SpaceToBatchND / BatchToSpaceND (tf.space_to_batch(_nd), tf.batch_to_space), each the
other's gradient, with their first versions SpaceToBatch / BatchToSpace (a square block
attr over a 4-D input), and required_space_to_batch_paddings (TF's LRN op is in
nn_lrn.py).

Sits in the ops layer beside nn.py. The space/batch/depth moves are pure data movement (a
reshape, a transpose and a reshape), so their kernels are exact for every dtype.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
    host_tensor,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import math as mm
from eagerflow._src.ops import nn_space_formats as F
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import as_int_tensor, is_symbolic
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.slicing import getitem
from eagerflow._src.ops.stacking import stack

_rng = SampleRNG(61)


def _check_common(op: str, x: Any, block_size: int, data_format: str = "NHWC") -> None:
    C.attr_at_least(op, "block_size", block_size, 2)
    AV.int_attr(op, block_size, "block_size")  # (its kernel reads it as an int32)
    F.check_format(op, x, block_size, data_format)
    if data_format == "NCHW_VECT_C":  # (a graph's or a device's: a 5-D int8 layout)
        if x._shape is not None and len(x._shape) != 5:
            raise C.fail(op, f"Shape must be rank 5 but is rank {len(x._shape)}")
        return
    if x._shape is not None and len(x._shape) != 4:  # (DepthToSpace's words have colons)
        sep = ":" if op == "DepthToSpace" else ""
        raise C.fail(op, f"Input rank should be{sep} 4 instead of{sep} {len(x._shape)}")


def _s2d_infer(x: Any, block_size: int, data_format: str = "NHWC") -> list:
    _check_common("SpaceToDepth", x, block_size, data_format)
    if x._shape is None or data_format == "NCHW_VECT_C":
        return [(None, x._dtype)]
    return F.channels_first(_s2d_shape(F.nhwc_shape(x._shape, data_format), x._dtype,
                                      block_size), data_format)


def _s2d_shape(shape: tuple, d: dt.DType, block_size: int) -> list:
    n, h, w, c = shape
    if h is not None and w is not None and (h % block_size or w % block_size):
        raise C.fail("SpaceToDepth", f"Image width {w} and height {h} should be divisible by "
                                     f"block_size: {block_size}")
    b = block_size
    return [((n, None if h is None else h // b, None if w is None else w // b,
              None if c is None else c * b * b), d)]


def _s2d_kernel(xp: Any, x: Any, block_size: int) -> Any:
    n, h, w, c = x.shape
    b = block_size
    y = x.reshape(n, h // b, b, w // b, b, c).transpose(0, 1, 3, 2, 4, 5)
    return y.reshape(n, h // b, w // b, b * b * c).copy()


def _s2d_ref(x: np.ndarray, block_size: int, data_format: str = "NHWC") -> np.ndarray:
    n, h, w, c = x.shape
    b = block_size
    out = np.empty((n, h // b, w // b, b * b * c), dtype=x.dtype)
    for i, y, z, d in np.ndindex(*x.shape):
        out[i, y // b, z // b, ((y % b) * b + z % b) * c + d] = x[i, y, z, d]
    return out


def _d2s_infer(x: Any, block_size: int, data_format: str = "NHWC") -> list:
    _check_common("DepthToSpace", x, block_size, data_format)
    if block_size > 46340:  # TF's bound: block_size**2 fits an int32
        raise C.fail("DepthToSpace", f"Block size should be > 1 and <= 46340 but was: "
                                     f"{block_size}")
    if x._shape is None or data_format == "NCHW_VECT_C":
        return [(None, x._dtype)]
    return F.channels_first(_d2s_shape(F.nhwc_shape(x._shape, data_format), x._dtype,
                                      block_size), data_format)


def _d2s_shape(shape: tuple, d: dt.DType, block_size: int) -> list:
    n, h, w, c = shape
    b = block_size
    if c is not None and c % (b * b):
        raise C.fail("DepthToSpace", f"Input depth dimension {c} should be divisible by: {b * b}")
    out = (n, None if h is None else h * b, None if w is None else w * b,
           None if c is None else c // (b * b))
    if None not in out:
        check_finite_size("DepthToSpace", out, d)
    return [(out, d)]


def _d2s_kernel(xp: Any, x: Any, block_size: int) -> Any:
    n, h, w, c = x.shape
    b = block_size
    if x.size == 0:  # no reshape: b*b may not fit an empty axis of a huge block
        return xp.zeros((n, h * b, w * b, c // (b * b)), x.dtype)
    y = x.reshape(n, h, w, b, b, c // (b * b)).transpose(0, 1, 3, 2, 4, 5)
    return y.reshape(n, h * b, w * b, c // (b * b)).copy()


def _d2s_ref(x: np.ndarray, block_size: int, data_format: str = "NHWC") -> np.ndarray:
    n, h, w, c = x.shape
    b = block_size
    oc = c // (b * b)
    out = np.empty((n, h * b, w * b, oc), dtype=x.dtype)
    for i, y, z, d in np.ndindex(*out.shape):
        out[i, y, z, d] = x[i, y // b, z // b, ((y % b) * b + z % b) * oc + d]
    return out


SPACE_TO_DEPTH = register(OpDef(
    "SpaceToDepth", _s2d_infer, F.formatted("SpaceToDepth", _s2d_kernel),
    grad=lambda n, g: [depth_to_space(g, n.attrs["block_size"],
                                      n.attrs.get("data_format", "NHWC"))], reference=_s2d_ref,
    samples=lambda: [Sample((_rng.uniform(-1, 1, size=(2, 4, 6, 3)),), {"block_size": 2}),
                     Sample((np.arange(36, dtype=np.int32).reshape(1, 6, 3, 2),),
                            {"block_size": 3, "data_format": "NHWC"}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((1, 3, 3, 2)),), {"block_size": 2}, InvalidArgumentError,
                  "Image width 3 and height 3 should be divisible by block_size: 2"),
        BadSample((np.ones((4, 4)),), {"block_size": 2}, InvalidArgumentError,
                  "Input rank should be 4 instead of 2"),
        BadSample((np.ones((1, 4, 4, 1)),), {"block_size": 1}, InvalidArgumentError,
                  "must be at least minimum 2"),
        BadSample((np.ones((1, 4, 4, 1)),), {"block_size": 2, "data_format": "NCHW"},
                  NotFoundError, "Could not find device for node: {{node SpaceToDepth}}",
                  cpu_only=True)],  # (a GPU's kernels take NCHW)
))
DEPTH_TO_SPACE = register(OpDef(
    "DepthToSpace", _d2s_infer, F.formatted("DepthToSpace", _d2s_kernel),
    grad=lambda n, g: [space_to_depth(g, n.attrs["block_size"],
                                      n.attrs.get("data_format", "NHWC"))], reference=_d2s_ref,
    samples=lambda: [Sample((_rng.uniform(-1, 1, size=(2, 2, 3, 8)),), {"block_size": 2}),
                     Sample((np.arange(36, dtype=np.int32).reshape(1, 2, 2, 9),),
                            {"block_size": 3, "data_format": "NHWC"}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((1, 1, 2, 3)),), {"block_size": 2}, InvalidArgumentError,
                  "Input depth dimension 3 should be divisible by: 4"),
        BadSample((np.ones((1, 2, 2, 4)),), {"block_size": 2, "data_format": "NCHW"},
                  NotFoundError, "Could not find device for node: {{node DepthToSpace}}",
                  cpu_only=True)],  # (a GPU's kernels take NCHW)
))


@dispatch_binding
@eager_api("input", "block_size:int")  # (a list or NumPy scalar: TF's wrapper's slow path)
def space_to_depth(input: Any, block_size: int, data_format: str = "NHWC",  # noqa: A002
                   name: str | None = None) -> Any:
    """Moves block_size x block_size spatial blocks into the channel axis."""
    return _bind_blocks(SPACE_TO_DEPTH, input, block_size, data_format, name)


@dispatch_binding
@eager_api("input", "block_size:int")  # (a list or NumPy scalar: TF's wrapper's slow path)
def depth_to_space(input: Any, block_size: int, data_format: str = "NHWC",  # noqa: A002
                   name: str | None = None) -> Any:
    """Moves channel groups back into block_size x block_size spatial blocks."""
    return _bind_blocks(DEPTH_TO_SPACE, input, block_size, data_format, name)


def _bind_blocks(op: OpDef, x: Any, block_size: Any, data_format: Any,
                 name: str | None) -> Any:
    """SpaceToDepth or DepthToSpace of `x`, its arguments checked in TF's order."""
    held: list = []
    size = _block_size(block_size, held)  # (TF's wrapper takes its attrs in this order)
    fmt = AV.wrapper_attrs(op.name, data_format=data_format)["data_format"]
    x = _t(x)
    AV.raise_held(held)
    return bind(op, (x,), {"block_size": size, "data_format": fmt}, name)


def _block_size(value: Any, held: list) -> int:
    """TF takes `int(block_size)` (so 2.0 and 2.5 are 2, a tensor or a string its
    TypeError, inf int()'s OverflowError); an int past int64's OverflowError is `held`
    until the input has converted (AV.raise_held)."""
    AV.no_graph_attr(value, "block_size")
    try:
        return AV.make_int(value, "block_size")
    except OverflowError as e:
        held.append(AV.past_int64(e))
        return -1



# ---------------------------------------------------------------------------------------
# SpaceToBatchND / BatchToSpaceND and their first versions SpaceToBatch / BatchToSpace:
# spatial blocks moved into (and back out of) the batch. Each takes its blocks and its
# paddings (crops) as input tensors, read on the host, and checks them as TF's kernels do,
# in their order (so a graph's runtime values are checked as an eager call's).
# ---------------------------------------------------------------------------------------

def _ints(value: Any, what: str) -> np.ndarray:
    """An integer argument (list, array or tensor) as an int64 array; TypeError otherwise."""
    t = convert_to_tensor(value)
    if not t._dtype.is_integer:
        raise TypeError(f"`{what}` must be integers, got {value!r}")
    v = C.known(t)  # (a graph tensor: its value while the graph is built)
    if isinstance(v, Tensor) and not isinstance(v, EagerTensor):
        raise TypeError(f"`{what}` must be known when the op is built; got a symbolic tensor")
    return np.asarray(v).astype(np.int64)


# (TF's CPU kernels of these ops take every real type)
_NO_SPACE_KERNEL = frozenset((dt.bool, dt.complex64, dt.complex128, dt.string))
_SPACE_CPU_T = "DOUBLE FLOAT BFLOAT16 HALF INT32 INT8 UINT8 INT16 UINT16 UINT32 INT64 UINT64"
_MAX_MOVED_DIMS = 4  # TF's kernels: the spatial dims a call really moves


def _i64(v: int) -> int:
    """`v` wrapped as TF's int64 arithmetic leaves it."""
    return (v + 2**63) % 2**64 - 2**63


def _cdiv(a: int, b: int) -> tuple:
    """C++'s quotient and remainder (truncated toward zero)."""
    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    return q, a - q * b


def _value(t: Any) -> Any:
    """An integer input's value where it is known (eager, or a graph's constant); None."""
    if isinstance(t, EagerTensor):
        return t._numpy().astype(np.int64)
    v = C.known(t)
    return None if isinstance(v, Tensor) else np.asarray(v).astype(np.int64)


def _space_shapes(op: str, x: Any, block_shape: Any, pads: Any, what: str) -> int | None:
    """The shape checks of TF's kernels, in their order: block_shape a vector of M, x of
    rank M + 1 at least, `what` (paddings or crops) [M, 2]; M where known."""
    bs = block_shape._shape
    if bs is not None and len(bs) != 1:
        raise C.fail(op, f"block_shape rank should be 1 instead of {len(bs)}")
    m = None if bs is None else bs[0]
    if m is None:
        return None
    if x._shape is not None and len(x._shape) < m + 1:
        raise C.fail(op, f"input rank should be >= {m + 1} instead of {len(x._shape)}")
    ps = pads._shape
    if ps is not None and (len(ps) != 2 or ps[0] not in (m, None) or ps[1] not in (2, None)):
        shown = ",".join("?" if d is None else str(d) for d in ps)
        raise C.fail(op, f"{what} should have shape [{m}, 2] instead of [{shown}]")
    return m


def _moved(blocks: list, pairs: list) -> range:
    """The spatial dims a call moves: TF's kernels fold the leading and trailing ones of
    block 1 and no padding (crops) into the dims beside them."""
    lo, hi = 0, len(blocks)
    while lo < hi and blocks[lo] == 1 and pairs[lo] == [0, 0]:
        lo += 1
    while hi > lo and blocks[hi - 1] == 1 and pairs[hi - 1] == [0, 0]:
        hi -= 1
    return range(lo, hi)


def _too_many(op: str, moved: range) -> None:
    if len(moved) > _MAX_MOVED_DIMS:
        raise C.fail(op, f"Maximum number of non-combined block dimensions is {len(moved)} "
                         f"but must not exceed {_MAX_MOVED_DIMS}")


def _s2b_out(op: str, dims: tuple, blocks: list, pairs: list) -> tuple:
    """SpaceToBatchND's output dims (None where x's is unknown), checked as TF's kernel."""
    moved = _moved(blocks, pairs)
    product = 1
    for i, b in enumerate(blocks):
        if b < 1:
            raise C.fail(op, f"All values in block_shape must be positive, got value, {b} at "
                             f"index {i}.")
        product = _i64(product * b)
    if product <= 0:
        raise C.fail(op, f"Product of block sizes must be positive, got {product}")
    _too_many(op, moved)
    out = [None if dims[0] is None else dims[0] * product, *dims[1:moved.start + 1]]
    for i in moved:
        (lo, hi), b, size = pairs[i], blocks[i], dims[i + 1]
        if lo < 0 or hi < 0:
            raise C.fail(op, "Paddings must be non-negative")
        if size is None:
            out.append(None)
            continue
        padded = _i64(size + lo + hi)
        q, r = _cdiv(padded, b)
        if r:
            raise C.fail(op, f"padded_shape[{i}]={padded} is not divisible by "
                             f"block_shape[{i}]={b}")
        if q < 0:
            raise C.fail(op, f"Expected a non-negative size, got {q}")
        out.append(q)
    return tuple(out + list(dims[moved.stop + 1:]))


def _b2s_out(op: str, dims: tuple, blocks: list, pairs: list) -> tuple:
    """BatchToSpaceND's output dims (None where x's is unknown), checked as TF's kernel
    (which checks the blocks' product, not each block)."""
    moved = _moved(blocks, pairs)
    product = 1
    for b in blocks:
        product = _i64(product * b)
    if product <= 0:
        raise C.fail(op, f"Product of block sizes must be positive, got {product}")
    if dims[0] is not None and dims[0] % product:
        raise C.fail(op, f"Input batch dimension ({dims[0]}) is not divisible by product of "
                         f"block sizes ({product})")
    _too_many(op, moved)
    out = [None if dims[0] is None else dims[0] // product, *dims[1:moved.start + 1]]
    for i in moved:
        (lo, hi), b, size = pairs[i], blocks[i], dims[i + 1]
        if lo < 0 or hi < 0:
            raise C.fail(op, "Crops must be non-negative")
        if size is None:
            out.append(None)
            continue
        cropped = _i64(size * b - lo - hi)
        if cropped < 0:
            raise C.fail(op, f"cropped_shape[{i}]={cropped} must be non-negative")
        out.append(cropped)
    return tuple(out + list(dims[moved.stop + 1:]))


def _space_infer(op: str, x: Any, block_shape: Any, pads: Any, what: str,
                 pads_attr: str, out: Callable, node: str) -> list:
    """The checks of TF's op in its order (the index types, the kernel for x's dtype, the
    shapes, then the values where known) and the output spec."""
    C.check_dtype(op, block_shape, C.INDEX, "Tblock_shape")
    C.check_dtype(op, pads, C.INDEX, pads_attr)
    if x._dtype in _NO_SPACE_KERNEL:
        # (TF lists XLA's kernel, then a CPU one per T: the real numbers)
        xla = f"{pads_attr} in [DT_INT32, DT_INT64]; Tblock_shape in [DT_INT32, DT_INT64]; " \
              f"T in [{C.XLA_TYPES}]"
        raise C.no_kernel(op, node.format(T=C.dt_enum(x._dtype), P=C.dt_enum(pads._dtype),
                                          B=C.dt_enum(block_shape._dtype)),
                          others=[("XLA_CPU_JIT", xla)] + [("CPU", f"T in [{t}]")
                                                           for t in C.enums(_SPACE_CPU_T)])
    m = _space_shapes(op, x, block_shape, pads, what)
    if x._shape is None:
        return [(None, x._dtype)]
    if m is None:
        return [((None,) * len(x._shape), x._dtype)]
    blocks, pairs = _value(block_shape), _value(pads)
    dims = x._shape
    if pairs is None:  # (TF's shape function: the batch from known blocks, the rest kept)
        dims, pairs = (dims[0],) + (None,) * m + tuple(dims[m + 1:]), np.zeros((m, 2), int)
    if blocks is None:
        return [((None,) * (m + 1) + tuple(dims[m + 1:]), x._dtype)]
    shape = out(op, dims, blocks.tolist(), pairs.tolist())
    if None not in shape:
        check_finite_size(op, shape, x._dtype)
    return [(shape, x._dtype)]


_S2B_NODE = "T={T}, Tblock_shape={B}, Tpaddings={P}"
_B2S_NODE = "T={T}, Tblock_shape={B}, Tcrops={P}"


def _s2b_nd_infer(x: Any, block_shape: Any, paddings: Any) -> list:
    return _space_infer("SpaceToBatchND", x, block_shape, paddings, "paddings", "Tpaddings",
                        _s2b_out, _S2B_NODE)


def _b2s_nd_infer(x: Any, block_shape: Any, crops: Any) -> list:
    return _space_infer("BatchToSpaceND", x, block_shape, crops, "crops", "Tcrops", _b2s_out,
                        _B2S_NODE)


def _s2b_compute(xp: Any, op: str, x: Any, blocks: list, pairs: list) -> Any:
    shape = _s2b_out(op, x.shape, blocks, pairs)
    check_finite_size(op, shape, dt.as_dtype(x.dtype))
    if x.size == 0 or 0 in shape:  # (all padding, or nothing)
        return xp.zeros(shape, x.dtype)
    m = len(blocks)
    full = (x.shape[0],) + tuple(d + lo + hi for d, (lo, hi) in zip(x.shape[1:m + 1], pairs)) \
        + x.shape[m + 1:]
    padded = xp.zeros(full, x.dtype)
    padded[(slice(None),) + tuple(slice(lo, lo + d) for d, (lo, _) in
                                  zip(x.shape[1:m + 1], pairs))] = x
    batch, spatial, rest = full[0], full[1:m + 1], full[m + 1:]
    split = (batch,) + tuple(v for s, b in zip(spatial, blocks) for v in (s // b, b)) + rest
    perm = ([2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)]
            + list(range(1 + 2 * m, len(split))))
    return padded.reshape(split).transpose(perm).reshape(shape).copy()


def _b2s_compute(xp: Any, op: str, x: Any, blocks: list, pairs: list) -> Any:
    shape = _b2s_out(op, x.shape, blocks, pairs)
    check_finite_size(op, shape, dt.as_dtype(x.dtype))
    if x.size == 0 or 0 in shape:
        return xp.zeros(shape, x.dtype)
    m = len(blocks)
    batch, spatial, rest = x.shape[0], x.shape[1:m + 1], x.shape[m + 1:]
    total = math.prod(blocks)
    split = tuple(blocks) + (batch // total,) + spatial + rest
    perm = ([m] + [v for i in range(m) for v in (m + 1 + i, i)]
            + list(range(2 * m + 1, len(split))))
    joined = x.reshape(split).transpose(perm).reshape(
        (batch // total,) + tuple(s * b for s, b in zip(spatial, blocks)) + rest)
    index = (slice(None),) + tuple(slice(lo, s * b - hi) for (lo, hi), s, b in
                                   zip(pairs, spatial, blocks))
    return joined[index].copy()


def _host_ints(arr: Any) -> list:
    return to_host(arr).astype(np.int64).tolist()


def _s2b_nd_kernel(xp: Any, x: Any, block_shape: Any, paddings: Any) -> Any:
    return _s2b_compute(xp, "SpaceToBatchND", x, _host_ints(block_shape),
                        _host_ints(paddings))


def _b2s_nd_kernel(xp: Any, x: Any, block_shape: Any, crops: Any) -> Any:
    return _b2s_compute(xp, "BatchToSpaceND", x, _host_ints(block_shape), _host_ints(crops))


def _s2b_ref(x: np.ndarray, blocks: Any, pads: Any) -> np.ndarray:
    """Element by element: output batch k * N + n (k the block offset, row-major over the
    blocks) at position p holds the padded input at p * block + offset."""
    blocks, pads = np.asarray(blocks).tolist(), np.asarray(pads).tolist()
    m, n = len(blocks), x.shape[0]
    padded = np.pad(x, [(0, 0)] + [tuple(p) for p in pads] + [(0, 0)] * (x.ndim - 1 - m))
    sizes = [padded.shape[1 + i] // b for i, b in enumerate(blocks)]
    out = np.zeros((n * math.prod(blocks),) + tuple(sizes) + padded.shape[1 + m:], x.dtype)
    for offsets in np.ndindex(*blocks):
        k = int(np.ravel_multi_index(offsets, blocks)) if blocks else 0
        for pos in np.ndindex(*sizes):
            src = tuple(p * b + o for p, b, o in zip(pos, blocks, offsets))
            out[(slice(k * n, (k + 1) * n),) + pos] = padded[(slice(None),) + src]
    return out


def _b2s_ref(x: np.ndarray, blocks: Any, crops: Any) -> np.ndarray:
    """The inverse of _s2b_ref's layout, then the crops cut off."""
    blocks, crops = np.asarray(blocks).tolist(), np.asarray(crops).tolist()
    m, total = len(blocks), math.prod(blocks)
    n = x.shape[0] // total
    sizes = x.shape[1:m + 1]
    full = np.zeros((n,) + tuple(s * b for s, b in zip(sizes, blocks)) + x.shape[1 + m:],
                    x.dtype)
    for offsets in np.ndindex(*blocks):
        k = int(np.ravel_multi_index(offsets, blocks)) if blocks else 0
        for pos in np.ndindex(*sizes):
            dst = tuple(p * b + o for p, b, o in zip(pos, blocks, offsets))
            full[(slice(None),) + dst] = x[(slice(k * n, (k + 1) * n),) + pos]
    return full[(slice(None),) + tuple(slice(lo, d - hi) for (lo, hi), d in
                                       zip(crops, full.shape[1:m + 1]))]


def _i32(v: Any) -> np.ndarray:
    return np.asarray(v, np.int32)


SPACE_TO_BATCH_ND = register(OpDef(
    "SpaceToBatchND", _s2b_nd_infer, _s2b_nd_kernel, host_inputs=(1, 2),
    grad=lambda n, g: [batch_to_space_nd(g, n.inputs[1], n.inputs[2]), None, None],
    reference=_s2b_ref,
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, size=(2, 4, 3, 2)), _i32([2, 3]), _i32([[1, 1], [0, 0]])),
               grad_inputs=(0,)),
        Sample((_rng.uniform(-1, 1, size=(1, 3, 2)), np.int64([2]), np.int64([[0, 1]])),
               grad_inputs=(0,)),
        Sample((np.arange(24, dtype=np.int32).reshape(2, 2, 3, 2), _i32([1, 3]),
                _i32([[0, 0], [0, 0]])), grad=False),
        Sample((np.arange(6, dtype=np.uint16).reshape(1, 6, 1), _i32([]),
                np.zeros((0, 2), np.int32)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4, 6, 3)), _i32([3, 3]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "padded_shape[0]=4 is not divisible by "
                                        "block_shape[0]=3"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, -3]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "All values in block_shape must be positive, got "
                                        "value, -3 at index 1."),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 3]), _i32([[0, -1], [0, 0]])), {},
                  InvalidArgumentError, "Paddings must be non-negative"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 3]), _i32([[0, 0]])), {},
                  InvalidArgumentError, "paddings should have shape [2, 2] instead of [1,2]"),
        BadSample((np.ones((4, 6)), _i32([2, 3]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "input rank should be >= 3 instead of 2"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([[2, 3]]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "block_shape rank should be 1 instead of 2"),
        BadSample((np.ones((1, 2, 2, 1)), np.int64([2, 2**62]),
                   np.int64([[0, 0], [0, 2**62 - 2]])), {}, InvalidArgumentError,
                  "Product of block sizes must be positive, got -9223372036854775808"),
        BadSample((np.ones((1, 2, 2, 2, 2, 2, 1)), _i32([2] * 5), _i32([[0, 0]] * 5)), {},
                  InvalidArgumentError, "Maximum number of non-combined block dimensions is "
                                        "5 but must not exceed 4"),
        BadSample((np.ones((1, 2, 2, 1), bool), _i32([2, 2]), _i32([[0, 0], [0, 0]])), {},
                  NotFoundError, "SpaceToBatchND[T=DT_BOOL, Tblock_shape=DT_INT32, "
                                 "Tpaddings=DT_INT32]"),
        BadSample((np.ones((1, 2, 2, 1)), np.float32([2, 2]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "Value for attr 'Tblock_shape' of float is not in the "
                                        "list of allowed values: int32, int64")],
))
BATCH_TO_SPACE_ND = register(OpDef(
    "BatchToSpaceND", _b2s_nd_infer, _b2s_nd_kernel, host_inputs=(1, 2),
    grad=lambda n, g: [space_to_batch_nd(g, n.inputs[1], n.inputs[2]), None, None],
    reference=_b2s_ref,
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, size=(6, 2, 3, 2)), _i32([2, 3]), _i32([[1, 2], [0, 1]])),
               grad_inputs=(0,)),
        Sample((_rng.uniform(-1, 1, size=(4, 3, 2)), np.int64([2]), np.int64([[0, 0]])),
               grad_inputs=(0,)),
        Sample((np.arange(24, dtype=np.int64).reshape(4, 2, 3, 1), _i32([2, 2]),
                _i32([[0, 0], [2, 1]])), grad=False),
        Sample((np.arange(6, dtype=np.int8).reshape(2, 3, 1), _i32([1]), _i32([[1, 0]])),
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 2]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "Input batch dimension (2) is not divisible by "
                                        "product of block sizes (4)"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([0, 2]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "Product of block sizes must be positive, got 0"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([-1, -2]), _i32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "cropped_shape[0]=-4 must be non-negative"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 1]), _i32([[0, -1], [0, 0]])), {},
                  InvalidArgumentError, "Crops must be non-negative"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 1]), _i32([[0, 0, 0]])), {},
                  InvalidArgumentError, "crops should have shape [2, 2] instead of [1,3]"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([2, 1]), np.float32([[0, 0], [0, 0]])), {},
                  InvalidArgumentError, "Value for attr 'Tcrops' of float is not in the "
                                        "list of allowed values: int32, int64")],
))


def _s2b_infer(x: Any, paddings: Any, block_size: int) -> list:
    _first_version_checks("SpaceToBatch", x, paddings, block_size, "Tpaddings")
    return _space_infer("SpaceToBatch", x, _pair(block_size), paddings, "paddings",
                        "Tpaddings", _s2b_out, "T={T}, Tpaddings={P}, " +
                        f"block_size={block_size}")


def _b2s_infer(x: Any, crops: Any, block_size: int) -> list:
    _first_version_checks("BatchToSpace", x, crops, block_size, "Tidx")
    return _space_infer("BatchToSpace", x, _pair(block_size), crops, "crops", "Tidx",
                        _b2s_out, "T={T}, Tidx={P}, " + f"block_size={block_size}")


def _first_version_checks(op: str, x: Any, pads: Any, block_size: int, attr: str) -> None:
    """SpaceToBatch's and BatchToSpace's own: block_size an int32 attr of 2 at least, the
    index type, then (after the kernel's lookup) x of rank 4."""
    C.attr_at_least(op, "block_size", block_size, 2)
    AV.int_attr(op, block_size, "block_size")
    C.check_dtype(op, pads, C.INDEX, attr)
    if x._dtype not in _NO_SPACE_KERNEL and x._shape is not None and len(x._shape) != 4:
        raise C.fail(op, f"Input rank should be: 4instead of: {len(x._shape)}")


def _pair(block_size: int) -> Any:
    """block_size as the block_shape [b, b] the first versions' kernels use: a host
    tensor, whose value the checks read without a copy from a device."""
    return host_tensor(np.array([block_size] * 2, np.int64))


def _s2b_kernel(xp: Any, x: Any, paddings: Any, block_size: int) -> Any:
    return _s2b_compute(xp, "SpaceToBatch", x, [block_size] * 2, _host_ints(paddings))


def _b2s_kernel(xp: Any, x: Any, crops: Any, block_size: int) -> Any:
    return _b2s_compute(xp, "BatchToSpace", x, [block_size] * 2, _host_ints(crops))


SPACE_TO_BATCH = register(OpDef(
    "SpaceToBatch", _s2b_infer, _s2b_kernel, host_inputs=(1,),
    grad=lambda n, g: [batch_to_space_nd(g, _block_pair(n), n.inputs[1]), None],
    reference=lambda x, pads, block_size: _s2b_ref(x, [block_size] * 2, pads),
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, size=(1, 4, 3, 2)), _i32([[0, 0], [1, 0]])),
               {"block_size": 2}, grad_inputs=(0,)),
        Sample((np.arange(27, dtype=np.int32).reshape(1, 3, 3, 3), np.int64([[0, 0], [0, 0]])),
               {"block_size": 3}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4, 6, 3)), _i32([[0, 0], [0, 0]])), {"block_size": 1},
                  InvalidArgumentError, "Value for attr 'block_size' of 1 must be at least "
                                        "minimum 2"),
        BadSample((np.ones((4, 6, 3)), _i32([[0, 0], [0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "Input rank should be: 4instead of: 3"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([[0, 0], [0, 1]])), {"block_size": 2},
                  InvalidArgumentError, "padded_shape[1]=7 is not divisible by "
                                        "block_shape[1]=2"),
        BadSample((np.ones((2, 4, 6, 3)), _i32([[0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "paddings should have shape [2, 2] instead of [1,2]")],
))
BATCH_TO_SPACE = register(OpDef(
    "BatchToSpace", _b2s_infer, _b2s_kernel, host_inputs=(1,),
    grad=lambda n, g: [space_to_batch_nd(g, _block_pair(n), n.inputs[1]), None],
    reference=lambda x, crops, block_size: _b2s_ref(x, [block_size] * 2, crops),
    samples=lambda: [
        Sample((_rng.uniform(-1, 1, size=(4, 2, 3, 2)), _i32([[0, 1], [1, 0]])),
               {"block_size": 2}, grad_inputs=(0,)),
        Sample((np.arange(18, dtype=np.int32).reshape(9, 1, 2, 1), np.int64([[0, 0], [1, 2]])),
               {"block_size": 3}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((2, 4, 6, 3)), _i32([[0, 0], [0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "Input batch dimension (2) is not divisible by "
                                        "product of block sizes (4)"),
        BadSample((np.ones((4, 2, 2, 1)), _i32([[3, 3], [0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "cropped_shape[0]=-2 must be non-negative"),
        BadSample((np.ones((4, 2, 2, 1)), np.float32([[0, 0], [0, 0]])), {"block_size": 2},
                  InvalidArgumentError, "Value for attr 'Tidx' of float is not in the list")],
))


def _block_pair(node: Any) -> np.ndarray:
    """The first versions' block_size as TF's gradient hands it on: [b, b], int64."""
    return np.array([node.attrs["block_size"]] * 2, np.int64)


def _index_input(op: str, value: Any, attr: str, what: str, slow: bool) -> Any:
    """An index argument as TF's op wrapper converts it for type attr `attr` (int32 by
    default: an empty list or a NumPy array of floats cast to it, wrapper_inputs.
    index_value; a list holding graph tensors packed). Its dtype is the op's check, once
    every input is converted."""
    if isinstance(value, Tensor):
        return value
    if isinstance(value, (list, tuple)) and is_symbolic(value):
        return as_int_tensor(value, what)
    default, allowed = wrapper_inputs.attr_default(op, attr)
    return wrapper_inputs.index_value(value, default, slow, allowed)


@eager_api("input", "block_shape", "paddings")
def space_to_batch_nd(input: Any, block_shape: Any, paddings: Any,  # noqa: A002
                      name: str | None = None) -> Any:
    """The M spatial dims after the batch, padded, cut into block_shape blocks whose
    offsets become part of the batch: `[batch * prod(block_shape), padded / block, ...]`."""
    slow = wrapper_inputs.passed_raw(input, block_shape, paddings)
    return bind(SPACE_TO_BATCH_ND, (
        _t(input), _index_input("SpaceToBatchND", block_shape, "Tblock_shape", "block_shape",
                                slow),
        _index_input("SpaceToBatchND", paddings, "Tpaddings", "paddings", slow)), {}, name)


@eager_api("input", "block_shape", "crops")
def batch_to_space_nd(input: Any, block_shape: Any, crops: Any,  # noqa: A002
                      name: str | None = None) -> Any:
    """The inverse of space_to_batch_nd: batch blocks put back into the M spatial dims,
    then `crops` cut off: `[batch / prod(block_shape), dim * block - crops, ...]`."""
    slow = wrapper_inputs.passed_raw(input, block_shape, crops)
    return bind(BATCH_TO_SPACE_ND, (
        _t(input), _index_input("BatchToSpaceND", block_shape, "Tblock_shape", "block_shape",
                                slow),
        _index_input("BatchToSpaceND", crops, "Tcrops", "crops", slow)), {}, name)


@dispatch_binding
def batch_to_space(input: Any, block_shape: Any, crops: Any,  # noqa: A002
                   name: str | None = None) -> Any:
    """tf.batch_to_space: batch_to_space_nd, an int block_shape standing for two dims."""
    if isinstance(block_shape, int):  # (TF's: a NumPy integer is a scalar block_shape)
        # (an int past int64 is refused by the conversion of the list, not NumPy's overflow)
        block_shape = np.array([block_shape] * 2, np.int64) if \
            -2**63 <= block_shape < 2**63 else [block_shape] * 2
    return batch_to_space_nd(input, block_shape, crops)


@dispatch_binding
def space_to_batch(input: Any, block_shape: Any, paddings: Any,  # noqa: A002
                   name: str | None = None) -> Any:
    """tf.space_to_batch: space_to_batch_nd, though a function of its own (TF's is)."""
    return space_to_batch_nd(input, block_shape, paddings, name)


def required_space_to_batch_paddings(input_shape: Any, block_shape: Any,
                                     base_paddings: Any = None,
                                     name: str | None = None) -> tuple:
    """(paddings, crops), int32 `[M, 2]`: the least padding past `base_paddings` that makes
    each of `input_shape` divisible by its block, and the crops that undo that extra. Known
    while the graph is built they are constants; otherwise (a shape known when the graph
    runs, tf.shape's) TF's ops compute them."""
    with name_scope(name or "required_space_to_batch_paddings"):
        # TF's: each an int32 tensor, block_shape a vector of M and the others' shapes
        # compatible with [M] and [M, 2]
        given = [convert_to_tensor(v, dtype=dt.int32, name=what) for v, what in
                 ((input_shape, "input_shape"), (block_shape, "block_shape"))]
        dims = TensorShape(given[1]._shape)
        dims.assert_has_rank(1)
        m = dims[0]
        if m == 0:  # (TF's early answer, before it reads the other two)
            return tuple(convert_to_tensor(np.zeros((0, 2), np.int32)) for _ in range(2))
        if base_paddings is not None:
            given.append(convert_to_tensor(base_paddings, dtype=dt.int32,
                                           name="base_paddings"))
        for t, want in zip(given[::2], ([m], [m, 2])):
            if not TensorShape(t._shape).is_compatible_with(want):
                raise ValueError(f"Shapes {TensorShape(t._shape)} and {want} are incompatible")
        if any(C.is_graph_tensor(C.known(t)) for t in given):
            if base_paddings is None:
                given.append(convert_to_tensor(np.zeros((m, 2), np.int32)))
            return _run_time_paddings(*given, m)
        return _known_paddings(given, base_paddings is None)


def _known_paddings(given: list, no_base: bool) -> tuple:
    """required_space_to_batch_paddings of values known now: NumPy's arithmetic (TF's
    Python computes these from their constant values)."""
    shape = _ints(given[0], "input_shape").reshape(-1)
    blocks = _ints(given[1], "block_shape").reshape(-1)
    base = np.zeros((blocks.size, 2), np.int64) if no_base else _ints(given[2], "base_paddings")
    if shape.size != blocks.size or base.shape != (blocks.size, 2):
        raise ValueError(f"input_shape {shape.tolist()}, block_shape {blocks.tolist()} and "
                         f"base_paddings {base.tolist()} [M, 2] must agree in M")
    full = shape + base[:, 0] + base[:, 1]
    # (a block of 0 is NumPy's remainder by zero, 0 with its warning, and a negative one
    # its floored mod)
    extra = (blocks - full % blocks) % blocks
    paddings = np.stack([base[:, 0], base[:, 1] + extra], axis=1).astype(np.int32)
    crops = np.stack([np.zeros_like(extra), extra], axis=1).astype(np.int32)
    return convert_to_tensor(paddings), convert_to_tensor(crops)


def _run_time_paddings(shape: Any, blocks: Any, base: Any, m: int) -> tuple:
    """required_space_to_batch_paddings as the graph's ops (TF's: slices of the base
    paddings, AddV2, FloorMod and Sub on the vectors, each row Packed from their items),
    for a shape or block known only when the graph runs."""
    start, end = getitem(base, (slice(None), 0)), getitem(base, (slice(None), 1))
    full = mm.add(mm.add(shape, start, name="add"), end, name="add")
    extra = mm.floormod(mm.subtract(blocks, mm.floormod(full, blocks, name="mod"),
                                    name="sub"), blocks, name="mod")
    end = mm.add(end, extra, name="add")
    paddings = _rows([[getitem(start, i), getitem(end, i)] for i in range(m)], "paddings")
    return paddings, _rows([[0, getitem(extra, i)] for i in range(m)], "crops")


def _rows(rows: list, name: str) -> Any:
    """A Pack of rows each Packed from its items, as TF's Pack converts a list of lists
    (the rows in its scope: "paddings/0", "paddings/1", ...)."""
    graph = _state.graph
    with name_scope(name if graph is None else graph.unique_name(name, mark=False) + "/"):
        packed = [stack(row, name=str(k)) for k, row in enumerate(rows)]
    return stack(packed, name=name)
