"""The layouts of an op's DTensor results, as TF's SPMD expanders infer them, and the
order in which a sharded reduction or contraction sums its partial results.

Above dtensor/mesh.py; dtensor/tensor.py calls it for each eager op on DTensors. A rule
reads only the OpDef's name and attrs, the input layouts and the inferred output specs:
- shape-keeping and broadcasting ops (elementwise, Softmax, Cast, ...) keep each axis's
  sharding from the inputs that have it (the first one where they disagree);
- MatMul/BatchMatMul keep the non-contracted axes' shardings (rows and columns sharded
  over one mesh dim are both unsharded; a batch axis gives way to them and to the
  contraction's mesh dim); a sharded contraction is summed over the mesh (TF's
  all-reduce): its result is replicated on it;
- reductions drop (or, with keepdims, unshard) the reduced axes;
- Transpose permutes, ExpandDims inserts, Reshape keeps the leading axis's sharding where
  it still splits evenly; StridedSlice keeps the sharding of each axis it reads from start
  to end (`x[:, 0]` of a batch-sharded x stays batch-sharded), drops indexed axes and
  replicates the others and new ones;
- any other op's results are replicated (TF all-gathers what it cannot expand).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core.errors import UnknownError
from eagerflow._src.dtensor.mesh import UNSHARDED, Layout
from eagerflow._src.ops.slicing import _expand_ellipsis

_REDUCTIONS = frozenset({"Sum", "Mean", "Max", "Min", "Prod", "All", "Any", "EuclideanNorm"})
_SUMMED = frozenset({"Sum", "Mean"})
_MATMULS = frozenset({"MatMul", "BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"})


def _specs(layout: Layout | None, rank: int) -> list:
    return list(layout.sharding_specs) if layout is not None else [UNSHARDED] * rank


def _dedupe(specs: list) -> list:
    """A mesh dimension shards one axis at most: later repeats are unsharded."""
    seen = set()
    out = []
    for s in specs:
        if s != UNSHARDED and s in seen:
            s = UNSHARDED
        seen.add(s)
        out.append(s)
    return out


def _broadcast(shapes: list, layouts: list, shape: tuple) -> list:
    """The sharding of each axis of `shape`, broadcast from inputs of `shapes` laid out by
    `layouts`: the first input's that shards the axis (at its full size) with a mesh dim
    not taken yet."""
    rank = len(shape)
    specs = [UNSHARDED] * rank
    for in_shape, layout in zip(shapes, layouts):
        if layout is None:
            continue
        for j, s in enumerate(layout.sharding_specs):
            k = rank - len(in_shape) + j
            if 0 <= k < rank and s != UNSHARDED and specs[k] == UNSHARDED and \
                    in_shape[j] == shape[k] and s not in specs:
                specs[k] = s
    return specs


def _matmul_specs(op: Any, inputs: tuple, layouts: list, attrs: dict) -> list:
    a, b = inputs[0], inputs[1]
    sa, sb = _specs(layouts[0], len(a._shape)), _specs(layouts[1], len(b._shape))
    ta = attrs.get("transpose_a", attrs.get("adj_x", False))
    tb = attrs.get("transpose_b", attrs.get("adj_y", False))
    row = sa[-1] if ta else sa[-2]
    col = sb[-2] if tb else sb[-1]
    left, right = (sa[-2] if ta else sa[-1]), (sb[-1] if tb else sb[-2])
    if UNSHARDED not in (left, right) and left != right:
        # (TF's MatMul SPMD expander refuses a contraction sharded over two mesh dims;
        # tf.matmul of a batch of matrices is its BatchMatMulV2)
        name = "BatchMatMulV2" if op.name == "MatMul" and max(
            len(a._shape), len(b._shape)) > 2 else op.name
        raise UnknownError(None, None, f"<unknown>:0: error: loc(fused[\"{name}:\", "
                           "\"eager_operation\"]): Contracting dimension for matmul has "
                           f"sharding dimension {left} for the left input and {right} for "
                           "the right input which are not equal. This case is currently not "
                           "supported.")
    batch = _matmul_batch(a, b, sa, sb, layouts[0] or layouts[1])
    if row == col != UNSHARDED:  # (TF's expander unshards both: L[x,u] @ L[u,x] is L[u,u])
        row = col = UNSHARDED
    summed = left if left != UNSHARDED else right
    # (a batch axis sharded over a mesh dim the rows, columns or the summed contraction
    # use is unsharded: they keep theirs)
    batch = [UNSHARDED if s in (row, col, summed) else s for s in batch]
    return _dedupe(batch + [row, col])


def _matmul_batch(a: Any, b: Any, sa: list, sb: list, layout: Layout) -> list:
    """The batch axes' shardings of a batch of matrix products, each input's broadcast on
    its own: where the two shard an axis over different mesh dims, the left's, unless the
    right's mesh dim shards another of the left's axes (then unsharded), as TF 2.21's."""
    if len(a._shape) <= 2 and len(b._shape) <= 2:
        return []
    shape = np.broadcast_shapes(tuple(a._shape[:-2]), tuple(b._shape[:-2]))
    mine, theirs = (_broadcast([tuple(t._shape[:-2])], [Layout._make(s[:-2], layout.mesh)],
                               shape) for t, s in ((a, sa), (b, sb)))
    return [x if y in (UNSHARDED, x) else y if x == UNSHARDED else
            x if y not in sa else UNSHARDED for x, y in zip(mine, theirs)]


def infer(op: Any, inputs: tuple, layouts: list, attrs: dict, specs: list, mesh: Any) -> list:
    """The layout of each of the op's results."""
    name = op.name
    out = []
    for shape, _ in specs:
        shape = tuple(shape)
        rank = len(shape)
        first = next(((t, lay) for t, lay in zip(inputs, layouts) if lay is not None))
        src = _specs(first[1], len(first[0]._shape))
        if name in _MATMULS and len(inputs) >= 2:
            s = _matmul_specs(op, inputs, layouts, attrs)
        elif name in _REDUCTIONS:
            axes = [a % max(len(src), 1) for a in attrs.get("axes", ())]
            if attrs.get("keepdims"):
                s = [UNSHARDED if i in axes else x for i, x in enumerate(src)]
            else:
                s = [x for i, x in enumerate(src) if i not in axes]
        elif name in ("ArgMax", "ArgMin"):
            axis = attrs.get("axis", 0) % len(src)
            s = [x for i, x in enumerate(src) if i != axis]
        elif name == "Transpose":
            s = [src[p] for p in attrs["perm"]]
        elif name == "Reshape":
            s = _reshape_specs(first[0]._shape, src, shape, mesh)
        elif name == "StridedSlice" and "spec" in attrs:
            s = _slice_specs(tuple(first[0]._shape), src, attrs["spec"])
            s = [x if x == UNSHARDED or d % mesh.dim_size(x) == 0 else UNSHARDED
                 for x, d in zip(s, shape)]  # (TF refuses an uneven split there)
        elif all(lay is None or len(t._shape) <= rank for t, lay in zip(inputs, layouts)) and \
                _broadcasts_to(inputs, layouts, shape):
            s = _broadcast([t._shape for t in inputs], layouts, shape)
        else:
            s = [UNSHARDED] * rank
        if len(s) != rank:
            s = [UNSHARDED] * rank
        out.append(Layout._make(_dedupe(s), mesh))
    return out


def _broadcasts_to(inputs: tuple, layouts: list, shape: tuple) -> bool:
    try:
        return all(np.broadcast_shapes(tuple(t._shape), shape) == shape
                   for t, lay in zip(inputs, layouts) if lay is not None)
    except ValueError:
        return False


def _slice_specs(in_shape: tuple, src: list, spec: tuple) -> list:
    """A basic slice's layout, as TF's: an axis read from its start to its end (`:`, `::2`)
    keeps its sharding, an indexed one goes, one read from elsewhere or a new one is
    replicated."""
    out, axis = [], 0
    for s in _expand_ellipsis(spec, len(src)):
        if s[0] == "n":
            out.append(UNSHARDED)
            continue
        if s[0] == "s" and axis < len(src):
            start, stop, step = s[1:]
            whole = start in (None, 0) and (step is None or (isinstance(step, int) and step > 0)) \
                and (stop is None or (isinstance(stop, int) and stop >= in_shape[axis]))
            out.append(src[axis] if whole else UNSHARDED)
        axis += 1
    return out + list(src[axis:])


def _reshape_specs(in_shape: tuple, src: list, shape: tuple, mesh: Any) -> list:
    """TF keeps a sharded leading axis through a reshape whose leading axis it still splits
    (the rest replicated)."""
    out = [UNSHARDED] * len(shape)
    if in_shape and shape and src and src[0] != UNSHARDED:
        n = mesh.dim_size(src[0])
        if shape[0] % n == 0 and (shape[0] // n) * int(np.prod(shape[1:], dtype=np.int64)) == \
                (in_shape[0] // n) * int(np.prod(in_shape[1:], dtype=np.int64)):
            out[0] = src[0]
    return out


# -- computing: TF's partial results summed over the mesh -----------------------------------

def _shards(mesh: Any, spec: str) -> int:
    return 1 if spec == UNSHARDED else mesh.dim_size(spec)


def compute(op: Any, arrays: tuple, attrs: dict, layouts: list) -> Any:
    """The op's kernel over the global arrays; a Sum/Mean over sharded axes and a MatMul
    over a sharded contraction add their per-shard partial results in mesh order, as the
    devices' all-reduce does."""
    name = op.name
    lay = layouts[0]
    if name in _SUMMED and lay is not None:
        axes = sorted(a % arrays[0].ndim for a in attrs.get("axes", ()))
        sharded = [a for a in axes if _shards(lay.mesh, lay.sharding_specs[a]) > 1]
        if sharded:
            return _partial_reduce(op, arrays[0], attrs, axes, sharded, lay)
    if name == "MatMul" and len(arrays) == 2:
        a, b = arrays
        la, lb = layouts
        # (the contracted axes, of a batch of matrices too)
        ka = -2 if attrs.get("transpose_a") else -1
        kb = -1 if attrs.get("transpose_b") else -2
        spec = la.sharding_specs[ka] if la is not None else UNSHARDED
        if spec == UNSHARDED and lb is not None:
            spec = lb.sharding_specs[kb]
        mesh = (la or lb).mesh
        n = _shards(mesh, spec)
        if n > 1 and a.shape[ka] % n == 0:
            parts = [op.kernel(np, pa, pb, **attrs)
                     for pa, pb in zip(np.split(a, n, axis=ka), np.split(b, n, axis=kb))]
            total = parts[0]
            for p in parts[1:]:
                total = total + p
            return total
    return op.kernel(np, *arrays, **attrs)


def _partial_reduce(op: Any, x: np.ndarray, attrs: dict, axes: list, sharded: list,
                    lay: Layout) -> Any:
    """Each device reduces its block; the blocks' results are summed in mesh order."""
    mesh = lay.mesh
    counts = [_shards(mesh, lay.sharding_specs[a]) for a in sharded]
    local = dict(attrs, keepdims=True)
    total = None
    for idx in np.ndindex(*counts):
        sl = [slice(None)] * x.ndim
        for a, i, n in zip(sharded, idx, counts):
            k = x.shape[a] // n
            sl[a] = slice(i * k, (i + 1) * k)
        part = op.kernel(np, x[tuple(sl)], **local)
        total = part if total is None else total + part
    if op.name == "Mean":
        total = (total / np.asarray(int(np.prod(counts)), total.dtype)).astype(total.dtype)
    if not attrs.get("keepdims"):
        total = total.reshape([d for i, d in enumerate(total.shape) if i not in axes])
    return total
