"""tf.nn.space_to_depth and tf.nn.depth_to_space (NHWC): each is the other's gradient;
local_response_normalization (lrn), a composite over the channel axis; and
space_to_batch(_nd) / batch_to_space(_nd) with required_space_to_batch_paddings.

Sits in the ops layer beside nn.py. Both are pure data movement (a reshape, a transpose
and a reshape), so their kernels are exact for every dtype.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, UnimplementedError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import reshape, shape, transpose
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import needs_runtime
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math import _t, add_n, cast, equal, square
from eagerflow._src.ops.math import pow as pow_
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.slicing import slice as slice_
from eagerflow._src.ops.stacking import stack

_rng = SampleRNG(61)


def _check_common(op: str, x: Any, block_size: int) -> None:
    if block_size < 2:
        raise C.fail(op, f"Value for attr 'block_size' of {block_size} must be at least "
                         f"minimum 2\n\t; NodeDef: {{{{node {op}}}}}")
    C.int_attr(op, block_size, "block_size")  # (its kernel reads it as an int32)
    if x._shape is not None and len(x._shape) != 4:
        raise C.fail(op, f"Input rank should be 4 instead of {len(x._shape)}")


def _s2d_infer(x: Any, block_size: int) -> list:
    _check_common("SpaceToDepth", x, block_size)
    if x._shape is None:
        return [(None, x._dtype)]
    n, h, w, c = x._shape
    if h is not None and w is not None and (h % block_size or w % block_size):
        raise C.fail("SpaceToDepth", f"Image width {w} and height {h} should be divisible by "
                                     f"block_size: {block_size}")
    b = block_size
    return [((n, None if h is None else h // b, None if w is None else w // b,
              None if c is None else c * b * b), x._dtype)]


def _s2d_kernel(xp: Any, x: Any, block_size: int) -> Any:
    n, h, w, c = x.shape
    b = block_size
    y = x.reshape(n, h // b, b, w // b, b, c).transpose(0, 1, 3, 2, 4, 5)
    return y.reshape(n, h // b, w // b, b * b * c).copy()


def _s2d_ref(x: np.ndarray, block_size: int) -> np.ndarray:
    n, h, w, c = x.shape
    b = block_size
    out = np.empty((n, h // b, w // b, b * b * c), dtype=x.dtype)
    for i, y, z, d in np.ndindex(*x.shape):
        out[i, y // b, z // b, ((y % b) * b + z % b) * c + d] = x[i, y, z, d]
    return out


def _d2s_infer(x: Any, block_size: int) -> list:
    _check_common("DepthToSpace", x, block_size)
    if block_size > 46340:  # TF's bound: block_size**2 fits an int32
        raise C.fail("DepthToSpace", f"Block size should be > 1 and <= 46340 but was: "
                                     f"{block_size}")
    if x._shape is None:
        return [(None, x._dtype)]
    n, h, w, c = x._shape
    b = block_size
    if c is not None and c % (b * b):
        raise C.fail("DepthToSpace", f"Input depth dimension {c} should be divisible by: {b * b}")
    out = (n, None if h is None else h * b, None if w is None else w * b,
           None if c is None else c // (b * b))
    if None not in out:
        check_finite_size("DepthToSpace", out, x._dtype)
    return [(out, x._dtype)]


def _d2s_kernel(xp: Any, x: Any, block_size: int) -> Any:
    n, h, w, c = x.shape
    b = block_size
    if x.size == 0:  # no reshape: b*b may not fit an empty axis of a huge block
        return xp.zeros((n, h * b, w * b, c // (b * b)), x.dtype)
    y = x.reshape(n, h, w, b, b, c // (b * b)).transpose(0, 1, 3, 2, 4, 5)
    return y.reshape(n, h * b, w * b, c // (b * b)).copy()


def _d2s_ref(x: np.ndarray, block_size: int) -> np.ndarray:
    n, h, w, c = x.shape
    b = block_size
    oc = c // (b * b)
    out = np.empty((n, h * b, w * b, oc), dtype=x.dtype)
    for i, y, z, d in np.ndindex(*out.shape):
        out[i, y, z, d] = x[i, y // b, z // b, ((y % b) * b + z % b) * oc + d]
    return out


SPACE_TO_DEPTH = register(OpDef(
    "SpaceToDepth", _s2d_infer, _s2d_kernel,
    grad=lambda n, g: [depth_to_space(g, n.attrs["block_size"])], reference=_s2d_ref,
    samples=lambda: [Sample((_rng.uniform(-1, 1, size=(2, 4, 6, 3)),), {"block_size": 2}),
                     Sample((np.arange(36, dtype=np.int32).reshape(1, 6, 3, 2),), {"block_size": 3},
                            grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((1, 3, 3, 2)),), {"block_size": 2}, InvalidArgumentError,
                  "Image width 3 and height 3 should be divisible by block_size: 2"),
        BadSample((np.ones((4, 4)),), {"block_size": 2}, InvalidArgumentError,
                  "Input rank should be 4 instead of 2"),
        BadSample((np.ones((1, 4, 4, 1)),), {"block_size": 1}, InvalidArgumentError,
                  "must be at least minimum 2")],
))
DEPTH_TO_SPACE = register(OpDef(
    "DepthToSpace", _d2s_infer, _d2s_kernel,
    grad=lambda n, g: [space_to_depth(g, n.attrs["block_size"])], reference=_d2s_ref,
    samples=lambda: [Sample((_rng.uniform(-1, 1, size=(2, 2, 3, 8)),), {"block_size": 2}),
                     Sample((np.arange(36, dtype=np.int32).reshape(1, 2, 2, 9),), {"block_size": 3},
                            grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones((1, 1, 2, 3)),), {"block_size": 2}, InvalidArgumentError,
                  "Input depth dimension 3 should be divisible by: 4")],
))


def _nhwc_only(op: str, data_format: Any) -> None:
    if data_format != "NHWC":
        raise UnimplementedError(None, None, f"Only NHWC data_format is supported on CPU, got "
                                             f"{data_format} [Op:{op}]")


def space_to_depth(input: Any, block_size: int, data_format: str = "NHWC",  # noqa: A002
                   name: str | None = None) -> Any:
    """Moves block_size x block_size spatial blocks into the channel axis."""
    size = _block_size(block_size)  # (TF's wrapper takes its attrs in this order)
    _nhwc_only("SpaceToDepth", data_format)
    return bind(SPACE_TO_DEPTH, (_t(input),), {"block_size": size}, name)


def depth_to_space(input: Any, block_size: int, data_format: str = "NHWC",  # noqa: A002
                   name: str | None = None) -> Any:
    """Moves channel groups back into block_size x block_size spatial blocks."""
    size = _block_size(block_size)  # (TF's wrapper takes its attrs in this order)
    _nhwc_only("DepthToSpace", data_format)
    return bind(DEPTH_TO_SPACE, (_t(input),), {"block_size": size}, name)


def _block_size(value: Any) -> int:
    """TF takes `int(block_size)` (so 2.0 and 2.5 are 2, a tensor or a string its
    TypeError, inf int()'s OverflowError)."""
    C.no_graph_attr(value, "block_size")
    return C.make_int(value, "block_size")


# ---------------------------------------------------------------------------------------
# Local response normalization (a composite over the channel axis).
# ---------------------------------------------------------------------------------------

_LRN_T = frozenset((dt.float16, dt.bfloat16, dt.float32))


# (TF's defaults are ints for bias and alpha: its op wrapper then takes its slow path)
@eager_api("bias:float", "alpha:float", "beta:float")
def local_response_normalization(input: Any, depth_radius: int = 5,  # noqa: A002
                                 bias: float = 1, alpha: float = 1, beta: float = 0.5,
                                 name: str | None = None) -> Any:
    """x / (bias + alpha * sum of x^2 over the 2r+1 nearest channels) ** beta. Checked
    as TF's LRN op: its attrs, then its dtype (no bfloat16 kernel), then its kernel's
    checks."""
    x = _t(input)
    r = C.make_int(depth_radius, "depth_radius")
    bias, alpha, beta = (C.float_attr(v, k) for v, k in ((bias, "bias"), (alpha, "alpha"),
                                                          (beta, "beta")))
    if x._dtype not in _LRN_T:
        raise C.not_supported("LRN", x._dtype, _LRN_T)
    if x._dtype is dt.bfloat16:
        raise NotFoundError(None, None, "Could not find device for node: {{node LRN}} = LRN["
                                        f"T=DT_BFLOAT16, alpha={alpha:g}, beta={beta:g}, "
                                        f"bias={bias:g}, depth_radius={r}]\nAll kernels "
                                        "registered for op LRN:\n  device='XLA_CPU_JIT'; T in "
                                        "[DT_FLOAT, DT_BFLOAT16, DT_HALF]\n  device='CPU'; T "
                                        "in [DT_HALF]\n  device='CPU'; T in [DT_FLOAT]\n "
                                        "[Op:LRN]")
    if x._shape is not None and len(x._shape) != 4:
        raise C.fail("LRN", "in must be 4-dimensional")
    if r < 0:
        raise C.fail("LRN", f"depth_radius = {r} larger than int max")
    channels = x._shape[-1]
    sq = pad(square(x), [[0, 0], [0, 0], [0, 0], [r, r]])
    window = add_n([sq[..., k:k + channels] for k in range(2 * r + 1)])
    scale = cast(bias, x._dtype) + cast(alpha, x._dtype) * window
    return x / pow_(scale, cast(beta, x._dtype))


lrn = local_response_normalization


# ---------------------------------------------------------------------------------------
# space_to_batch / batch_to_space: spatial blocks moved into (and back out of) the batch,
# as a pad, a reshape, a transpose and a reshape (and back, then a crop): compositions, so
# their gradients are each other's.
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


# (TF's CPU kernels of SpaceToBatchND and BatchToSpaceND take every real type)
_NO_SPACE_KERNEL = frozenset((dt.bool, dt.complex64, dt.complex128, dt.string))


def _block_args(op: str, x: Any, block_shape: Any, pads: Any, what: str) -> tuple:
    """(blocks, [lo, hi] pairs) as TF's op checks them, in its order: the type attrs of
    block_shape and `what` (paddings or crops), the kernel for x's dtype, then the
    kernel's shape checks (the values' own checks are each op's)."""
    bt, pt = convert_to_tensor(block_shape), convert_to_tensor(pads)
    pads_attr = "Tcrops" if what == "crops" else "Tpaddings"
    C.check_dtype(op, bt, C.INDEX, "Tblock_shape")
    C.check_dtype(op, pt, C.INDEX, pads_attr)
    if x._dtype in _NO_SPACE_KERNEL:
        raise C.no_kernel(op, f"T={C.dt_enum(x._dtype)}, Tblock_shape={C.dt_enum(bt._dtype)}, "
                              f"{pads_attr}={C.dt_enum(pt._dtype)}")
    blocks, pairs = _ints(bt, "block_shape"), _ints(pt, what)
    if blocks.ndim != 1:
        raise C.fail(op, f"block_shape rank should be 1 instead of {blocks.ndim}")
    m = blocks.size
    if x._shape is not None and len(x._shape) < m + 1:
        raise C.fail(op, f"input rank should be >= {m + 1} instead of {len(x._shape)}")
    if pairs.shape != (m, 2):
        shown = ",".join(str(d) for d in pairs.shape)
        raise C.fail(op, f"{what} should have shape [{m}, 2] instead of [{shown}]")
    if x._shape is None or None in x._shape[:m + 1]:
        raise C.fail(op, f"input rank should be >= {m + 1} with known leading dimensions, "
                         f"got shape {x.shape}")
    return blocks.tolist(), pairs.tolist()


def _s2b_values(op: str, blocks: list, pairs: list) -> None:
    for i, b in enumerate(blocks):
        if b < 1:
            raise C.fail(op, f"All values in block_shape must be positive, got value, {b} at "
                             f"index {i}.")
    if any(v < 0 for p in pairs for v in p):
        raise C.fail(op, "Paddings must be non-negative")


def _runtime(x: Any, block_shape: Any, pads: Any) -> bool:
    """Whether the blocks, the paddings/crops or x's leading dims are known only when the
    graph runs (x's rank is known)."""
    if _state.graph is None or x._shape is None:
        return False
    if needs_runtime([block_shape, pads]):
        return True
    m = convert_to_tensor(block_shape).shape.num_elements()
    return m is not None and None in x._shape[:m + 1]


def _runtime_args(x: Any, block_shape: Any, pads: Any) -> tuple:
    """(blocks, pairs, dims): int32 scalars per spatial dim, [lo, hi] pairs of them, and
    x's dims (its static ones as ints)."""
    blocks = reshape(cast(block_shape, dt.int32), [-1])
    m = blocks._shape[0]
    if m is None:
        raise ValueError("block_shape must have a known length")
    pairs = cast(pads, dt.int32)
    sh = shape(x)
    dims = [sh[i] if d is None else d for i, d in enumerate(x._shape)]
    return [blocks[i] for i in range(m)], [(pairs[i, 0], pairs[i, 1]) for i in range(m)], dims


def _runtime_space_to_batch(x: Any, block_shape: Any, paddings: Any) -> Any:
    """space_to_batch_nd of sizes known when the graph runs: the same pad, reshapes and
    transpose, their shapes computed by the graph; an Assert for divisibility."""
    blocks, pairs, _ = _runtime_args(x, block_shape, paddings)
    m, r = len(blocks), len(x._shape)
    x = pad(x, stack([stack([0, 0])] + [stack(p) for p in pairs] + [stack([0, 0])] *
                     (r - m - 1)))
    sh = shape(x)
    dims = [sh[i] if d is None else d for i, d in enumerate(x._shape)]
    batch, spatial, rest = dims[0], dims[1:m + 1], dims[m + 1:]
    Assert(reduce_all(stack([equal(s % b, 0) for s, b in zip(spatial, blocks)])),
           ["padded_shape is not divisible by block_shape"])
    split = [batch] + [v for s, b in zip(spatial, blocks) for v in (s // b, b)] + rest
    perm = ([2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)]
            + list(range(1 + 2 * m, len(split))))
    moved = transpose(reshape(x, stack(split)), perm)
    total = blocks[0]
    for b in blocks[1:]:
        total = total * b
    return reshape(moved, stack([batch * total] + [s // b for s, b in zip(spatial, blocks)] +
                                rest))


def _runtime_batch_to_space(x: Any, block_shape: Any, crops: Any) -> Any:
    """batch_to_space_nd of sizes known when the graph runs (the inverse's reshapes by the
    graph's shapes, then a Slice for the crops)."""
    blocks, pairs, dims = _runtime_args(x, block_shape, crops)
    m = len(blocks)
    batch, spatial, rest = dims[0], dims[1:m + 1], dims[m + 1:]
    total = blocks[0]
    for b in blocks[1:]:
        total = total * b
    split = blocks + [batch // total] + spatial + rest
    perm = ([m] + [v for i in range(m) for v in (m + 1 + i, i)]
            + list(range(2 * m + 1, len(split))))
    joined = reshape(transpose(reshape(x, stack(split)), perm),
                     stack([batch // total] + [s * b for s, b in zip(spatial, blocks)] + rest))
    begin = [0] + [lo for lo, _ in pairs] + [0] * len(rest)
    size = [-1] + [s * b - lo - hi for (lo, hi), s, b in zip(pairs, spatial, blocks)] + \
        [-1] * len(rest)
    return slice_(joined, stack(begin), stack(size))


@eager_api("input", "block_shape", "paddings")
def space_to_batch_nd(input: Any, block_shape: Any, paddings: Any,  # noqa: A002
                      name: str | None = None) -> Any:
    """The M spatial dims after the batch, padded, cut into block_shape blocks whose
    offsets become part of the batch: `[batch * prod(block_shape), padded / block, ...]`."""
    op = "SpaceToBatchND"
    x = _t(input)
    if _runtime(x, block_shape, paddings):
        return _runtime_space_to_batch(x, block_shape, paddings)
    blocks, pairs = _block_args(op, x, block_shape, paddings, "paddings")
    _s2b_values(op, blocks, pairs)
    m = len(blocks)
    x = pad(x, [[0, 0]] + pairs + [[0, 0]] * (len(x._shape) - m - 1))
    batch, spatial, rest = x._shape[0], list(x._shape[1:m + 1]), list(x._shape[m + 1:])
    for i, (size, b) in enumerate(zip(spatial, blocks)):
        if size % b:
            raise C.fail(op, f"padded_shape[{i}]={size} is not divisible by "
                             f"block_shape[{i}]={b}")
    split = [batch] + [v for s, b in zip(spatial, blocks) for v in (s // b, b)] + rest
    perm = ([2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)]
            + list(range(1 + 2 * m, len(split))))
    moved = transpose(reshape(x, split), perm)
    return reshape(moved, [batch * math.prod(blocks)] +
                   [s // b for s, b in zip(spatial, blocks)] + rest)


@eager_api("input", "block_shape", "crops")
def batch_to_space_nd(input: Any, block_shape: Any, crops: Any,  # noqa: A002
                      name: str | None = None) -> Any:
    """The inverse of space_to_batch_nd: batch blocks put back into the M spatial dims,
    then `crops` cut off: `[batch / prod(block_shape), dim * block - crops, ...]`."""
    op = "BatchToSpaceND"
    x = _t(input)
    if _runtime(x, block_shape, crops):
        return _runtime_batch_to_space(x, block_shape, crops)
    blocks, pairs = _block_args(op, x, block_shape, crops, "crops")
    m = len(blocks)
    batch, spatial, rest = x._shape[0], list(x._shape[1:m + 1]), list(x._shape[m + 1:])
    total = math.prod(blocks)
    # (TF's kernel checks the blocks' product only, not each block)
    if total <= 0:
        raise C.fail(op, f"Product of block sizes must be positive, got {total}")
    if batch % total:
        raise C.fail(op, f"Input batch dimension ({batch}) is not divisible by product of "
                         f"block sizes ({total})")
    if any(v < 0 for p in pairs for v in p):
        raise C.fail(op, "Crops must be non-negative")
    for i, ((lo, hi), s, b) in enumerate(zip(pairs, spatial, blocks)):
        if s * b - lo - hi < 0:
            raise C.fail(op, f"cropped_shape[{i}]={s * b - lo - hi} must be non-negative")
    split = blocks + [batch // total] + spatial + rest
    perm = ([m] + [v for i in range(m) for v in (m + 1 + i, i)]
            + list(range(2 * m + 1, len(split))))
    joined = reshape(transpose(reshape(x, split), perm),
                     [batch // total] + [s * b for s, b in zip(spatial, blocks)] + rest)
    index = (slice(None),) + tuple(slice(lo, s * b - hi) for (lo, hi), s, b in
                                   zip(pairs, spatial, blocks))
    return joined[index]


def batch_to_space(input: Any, block_shape: Any, crops: Any,  # noqa: A002
                   name: str | None = None) -> Any:
    """tf.batch_to_space: batch_to_space_nd, an int block_shape standing for two dims."""
    if isinstance(block_shape, int):  # (TF's: a NumPy integer is a scalar block_shape)
        # (an int past int64 is refused by the conversion of the list, not NumPy's overflow)
        block_shape = np.array([block_shape] * 2, np.int64) if \
            -2**63 <= block_shape < 2**63 else [block_shape] * 2
    return batch_to_space_nd(input, block_shape, crops)


space_to_batch = space_to_batch_nd


def required_space_to_batch_paddings(input_shape: Any, block_shape: Any,
                                     base_paddings: Any = None,
                                     name: str | None = None) -> tuple:
    """(paddings, crops), int32 `[M, 2]`: the least padding past `base_paddings` that makes
    each of `input_shape` divisible by its block, and the crops that undo that extra."""
    # TF's: each an int32 tensor, block_shape a vector of M and the others' shapes
    # compatible with [M] and [M, 2]
    given = [convert_to_tensor(v, dtype=dt.int32, name=what) for v, what in
             ((input_shape, "input_shape"), (block_shape, "block_shape"))]
    if base_paddings is not None:
        given.append(convert_to_tensor(base_paddings, dtype=dt.int32, name="base_paddings"))
    dims = TensorShape(given[1]._shape)
    dims.assert_has_rank(1)
    m = dims[0]
    for t, want in zip(given[::2], ([m], [m, 2])):
        if not TensorShape(t._shape).is_compatible_with(want):
            raise ValueError(f"Shapes {TensorShape(t._shape)} and {want} are incompatible")
    shape = _ints(given[0], "input_shape").reshape(-1)
    blocks = _ints(given[1], "block_shape").reshape(-1)
    base = np.zeros((blocks.size, 2), np.int64) if base_paddings is None else \
        _ints(given[2], "base_paddings")
    if shape.size != blocks.size or base.shape != (blocks.size, 2) or (blocks < 1).any():
        raise ValueError(f"input_shape {shape.tolist()}, block_shape {blocks.tolist()} (all "
                         f"positive) and base_paddings {base.tolist()} [M, 2] must agree in M")
    full = shape + base[:, 0] + base[:, 1]
    extra = (blocks - full % blocks) % blocks
    paddings = np.stack([base[:, 0], base[:, 1] + extra], axis=1).astype(np.int32)
    crops = np.stack([np.zeros_like(extra), extra], axis=1).astype(np.int32)
    return convert_to_tensor(paddings), convert_to_tensor(crops)
