"""Broadcasting with ragged dimensions: tf.broadcast_dynamic_shape and tf.broadcast_to of
DynamicRaggedShapes, and the broadcasting of two ragged operands, or of a ragged one and a
dense one (of a rank up to the ragged one's: aligned with its flat values, row by row; of a
higher rank: both shapes broadcast). ragged_dispatch's elementwise ops, tf.where and
tf.debugging.assert_equal use it.

Ops layer, after ragged_shape (the shapes it broadcasts); the handlers are registered on
import. Each is a composition of registered ops over the row lengths and flat values.
"""

from __future__ import annotations

import builtins
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import array, indexing, math, misc_ops, ragged_legacy_shape, reduce
from eagerflow._src.ops import composite_dispatch as cd
from eagerflow._src.ops import debugging as dbg
from eagerflow._src.ops import ragged_functions as rf
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.math import equal, multiply, subtract
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.misc_ops import UPPER_BOUND
from eagerflow._src.ops.ragged_shape import DynamicRaggedShape, _flatten, _static_len
from eagerflow._src.ops.ragged_tensor import RaggedTensor, _bound
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import range as range_op
from eagerflow._src.ops.stacking import stack as dense_stack
from eagerflow._src.ops.tiling import broadcast_to

# ---------------------------------------------------------------------------------------
# Broadcasting shapes with ragged dimensions: tf.broadcast_dynamic_shape, tf.broadcast_to.
# A shape is seen as one length per element of the dimensions before each dimension; two
# shapes broadcast dimension by dimension from the right, element by element (a length of
# 1 repeats), and each side keeps the index of its element behind every result element.
# ---------------------------------------------------------------------------------------

def _dims(shape: Any) -> list:
    """Per dimension, (each element's length over the elements before it, the length of
    all when it is uniform, else None), as int64 tensors (traced ones too)."""
    if isinstance(shape, DynamicRaggedShape):
        if shape._nrows is None:  # a scalar's shape
            return []
        inner = cast(shape.inner_shape, dt.int64)
        inner_rank = shape.inner_rank
        nrows = cast(shape._nrows, dt.int64)
        dims = [(array.reshape(nrows, [1]), nrows)]
        for splits, length in zip(shape._splits, shape._uniform):
            splits = cast(splits, dt.int64)
            dims.append((subtract(splits[1:], splits[:-1]),
                         None if length is None else cast(length, dt.int64)))
        first = 1
    else:
        inner = cast(convert_to_tensor(shape), dt.int64)
        inner_rank, dims, first = inner.shape[0], [], 0
    if inner_rank is None:
        raise ValueError("broadcasting needs shapes of known rank")
    count = inner[0] if dims else convert_to_tensor(1, dt.int64)
    for j in range(first, inner_rank):
        n = inner[j]
        dims.append((array.fill(array.reshape(count, [1]), n), n))
        count = count * n
    return dims


_ONE = (np.ones(1, np.int64), np.int64(1))
CANNOT_BROADCAST = ("Condition x == y did not hold.\nFirst 1 elements of x:\n[False]\n"
           "First 1 elements of y:\n[ True]")


def _broadcast(dx: list, dy: list, why: str = "") -> tuple:
    """(result dims, index of x's element behind each innermost result element, y's)."""
    r = builtins.max(len(dx), len(dy))
    dx, dy = [_ONE] * (r - len(dx)) + dx, [_ONE] * (r - len(dy)) + dy
    ix = iy = convert_to_tensor(np.zeros(1, np.int64))
    out = []
    for layer, ((ax, ux), (ay, uy)) in enumerate(zip(dx, dy)):
        ax, ay = convert_to_tensor(ax), convert_to_tensor(ay)
        lx, ly = indexing.gather(ax, ix), indexing.gather(ay, iy)
        known = [None if u is None else partial_value(convert_to_tensor(u)) for u in (ux, uy)]
        if None not in known and 1 not in known and known[0] != known[1] and \
                (layer == 0 or not why):
            # (TF asserts that two uniform dimensions can broadcast: a False against True;
            # broadcast_to, `why`, compares the inner ones' lengths)
            raise InvalidArgumentError(None, None, why + CANNOT_BROADCAST)
        x_is_1, y_is_1 = _repeats(lx, ux), _repeats(ly, uy)
        # (broadcasting two shapes compares a ragged dimension's partitions; broadcast_to
        # the lengths)
        _assert_same(where(x_is_1, ly, lx), where(y_is_1, lx, ly),
                     (ux is None or uy is None) and not why, ux is None and uy is not None, why)
        res = where(x_is_1, ly, lx)
        out.append((res, _size(ux, uy, known)))
        ends = cumsum(res)
        j = range_op(ends[-1] if _static_len(res) != 0 else np.int64(0), dtype=dt.int64)
        parent = _bound(UPPER_BOUND, ends, j)
        j = subtract(j, indexing.gather(subtract(ends, res), parent))
        ix = _step(ax, ix, parent, x_is_1, j)
        iy = _step(ay, iy, parent, y_is_1, j)
    return out, ix, iy


def _assert_same(x: Tensor, y: Tensor, ragged: bool, y_first: bool, why: str) -> None:
    """TF's check that both sides broadcast to the same lengths: the lengths, or (`ragged`:
    a ragged dimension of two broadcast shapes) the two row partitions as row splits, the
    side whose dimension was uniform first (`y_first`: y's, against a ragged x)."""
    message = why.rstrip("\n") or None
    if not ragged:
        dbg.assert_equal(x, y, message=message)
        return
    zero = convert_to_tensor(np.zeros(1, np.int64))
    x, y = (array.concat([zero, cumsum(v)], 0) for v in ((y, x) if y_first else (x, y)))
    dbg.assert_equal(x, y, message=message)


def _size(ux: Any, uy: Any, known: list) -> Any:
    """The result's length where it is uniform, else None, as TF's static shapes have it:
    a ragged side stays ragged (against a uniform 1 or any other length); two uniform ones
    give the one not 1, statically known only where both are."""
    if ux is None or uy is None:
        return None
    if known[0] == 1:
        return uy
    if known[1] == 1:
        return ux
    if None not in known:
        return uy
    return where(equal(ux, 1), uy, ux)


def _repeats(lengths: Tensor, uniform: Any) -> Tensor:
    """Where a side's dimension repeats to the other's length: only a uniform dimension of
    size 1 does (as in TF, the rows of length 1 of a ragged dimension don't)."""
    return equal(lengths, 1 if uniform is not None else -1)


def _step(a: Tensor, index: Tensor, parent: Tensor, is_1: Tensor, j: Tensor) -> Tensor:
    """The element of one side behind each result element of the next dimension: its
    first element in that dimension plus the result's position (0 where it repeats)."""
    starts = indexing.gather(cumsum(a, exclusive=True), index)
    return indexing.gather(starts, parent) + where(indexing.gather(is_1, parent),
                                                   array.zeros_like(j), j)


def _as_shape(dims: list, num_row_partitions: int, dtype: dt.DType,
              static_rows: bool = False) -> DynamicRaggedShape:
    if not dims:
        return DynamicRaggedShape.from_lengths([], dtype=dtype)
    nrows = cast(dims[0][1], dtype)
    splits, uniform = [], []
    # (TF's outer splits of a row count known while tracing, a dense shape's broadcast)
    rows = partial_value(nrows) if static_rows else None
    for row, size in dims[1:num_row_partitions + 1]:
        level = cast(array.concat([np.zeros(1, np.int64), cumsum(row)], 0), dtype)
        if isinstance(rows, (int, np.integer)) and _static_len(level) is None:
            level.set_shape([int(rows) + 1])
        rows = None
        splits.append(level)
        uniform.append(None if size is None else cast(size, dtype))
    sizes = [cast(size, dtype) for _, size in dims[num_row_partitions + 1:]]
    inner = [splits[-1][-1]] + sizes if splits else [nrows] + sizes
    return DynamicRaggedShape(nrows, splits, uniform, dense_stack(inner))


def _partitions(shape: Any, rank: int) -> int:
    """How many of the last `rank` dimensions' row partitions `shape` brings."""
    if not isinstance(shape, DynamicRaggedShape):
        return 0
    return shape.num_row_partitions + rank - shape.rank if shape.num_row_partitions else 0


def _broadcast_shapes(shape_x: Any, shape_y: Any) -> tuple:
    """(the broadcast shape, the index of x's element behind each of its elements, y's)."""
    dims, ix, iy = _broadcast(_dims(shape_x), _dims(shape_y))
    ragged = [s for s in (shape_x, shape_y) if isinstance(s, DynamicRaggedShape)]
    parts = builtins.max(_partitions(shape_x, len(dims)), _partitions(shape_y, len(dims)))
    parts = builtins.max([parts] + [i for i, (_, size) in enumerate(dims) if size is None])
    return _as_shape(dims, parts, ragged[0].dtype, len(ragged) == 1), ix, iy


def _broadcast_dynamic_shape(shape_x: Any, shape_y: Any) -> DynamicRaggedShape:
    if all(isinstance(s, DynamicRaggedShape) and s.num_row_partitions
           for s in (shape_x, shape_y)) and shape_x.dtype != shape_y.dtype:
        raise ValueError("Dtypes don't match")  # (TF casts only a shape with no partitions)
    return _broadcast_shapes(shape_x, shape_y)[0]


def broadcast_pair(x: Any, y: Any) -> tuple:
    """Two operands, at least one ragged, of different ragged ranks (or a dense one of a
    higher rank than the ragged one's) broadcast to one shape, as TF's elementwise ops do:
    (x's scalars, y's scalars, each flat in the order of the result's elements, and the
    result's shape)."""
    def shape_of(v: Any) -> Any:
        return DynamicRaggedShape.from_tensor(v) if isinstance(v, RaggedTensor) else \
            array.shape(v, out_type=dt.int64)
    shape, ix, iy = _broadcast_shapes(shape_of(x), shape_of(y))
    return (indexing.gather(_flatten(x), ix), indexing.gather(_flatten(y), iy), shape)


def broadcast_all(values: list) -> list:
    """Tensors and ragged tensors, at least one ragged, each broadcast to the shape of all
    (ragged tensors of one partition, whose flat values then align)."""
    def shape_of(v: Any) -> Any:
        return DynamicRaggedShape.from_tensor(v) if isinstance(v, RaggedTensor) else \
            array.shape(v)
    ragged = next(v for v in values if isinstance(v, RaggedTensor))
    shape = shape_of(ragged)
    for v in values:
        if v is not ragged:
            shape = _broadcast_shapes(shape, shape_of(v))[0] if isinstance(
                shape, DynamicRaggedShape) else _broadcast_shapes(shape_of(v), shape)[0]
    return [_broadcast_to(v, shape) for v in values]


def _broadcast_to(input: Any, shape: Any, name: str | None = None) -> Any:  # noqa: A002
    """`input` repeated along the dimensions where `shape` is longer (a ragged `shape`: a
    RaggedTensor of that shape)."""
    source = input if isinstance(input, RaggedTensor) else convert_to_tensor(input)
    if isinstance(source, RaggedTensor) and isinstance(shape, DynamicRaggedShape) and \
            shape.num_row_partitions and source.row_splits.dtype != shape.dtype:
        raise ValueError("Cannot coerce row_splits.dtype")
    target = _dims(shape)
    source_dims = _dims(DynamicRaggedShape.from_tensor(source)) if \
        isinstance(source, RaggedTensor) else _dims(array.shape(source))
    why = "Cannot broadcast\n"
    dims, index, _ = _broadcast(source_dims, target, why)
    for (a, _), (b, _) in zip(dims, target):  # the result is the target shape itself
        if None not in (_static_len(a), _static_len(b)) and _static_len(a) != _static_len(b):
            raise InvalidArgumentError(None, None, why + "Condition x == y did not hold.")
        dbg.assert_equal(a, b, message=why.rstrip("\n"))
    values = indexing.gather(_flatten(source), index)
    if not isinstance(shape, DynamicRaggedShape):
        return array.reshape(values, shape)
    values = array.reshape(values, shape.inner_shape)
    return shape._as_ragged(values) if shape.num_row_partitions else values


cd.register(broadcast_to, _broadcast_to)
cd.register(misc_ops.broadcast_dynamic_shape, _broadcast_dynamic_shape)


# ---------------------------------------------------------------------------------------
# The elementwise ops' operands: a dense one aligned with a ragged one's flat values, two
# ragged ones of alike partitions, a dense one of a higher rank; and tf.where's
# (ragged_dispatch's handlers call them).
# ---------------------------------------------------------------------------------------

def gathered(rt: RaggedTensor, other: Any) -> Any:
    """rt's flat values as an operand beside `other` (a dense or ragged one): gathered (each
    value its own index) where `other`'s rank is at least theirs, since TF then broadcasts the two
    shapes and gathers both operands' flat values (so rt's gradient is an IndexedSlices);
    as they are where `other` broadcasts against their inner dimensions alone."""
    values = rt.flat_values
    rank = other.shape.rank if isinstance(other, (Tensor, RaggedTensor)) or \
        hasattr(other, "_as_tensor") else np.ndim(other)
    if rank is None or values.shape.rank is None or rank < values.shape.rank:
        return values
    return indexing.gather(values, _positions(rt))


def _positions(rt: RaggedTensor) -> Tensor:
    """Indices 0..n-1 of rt's n flat values; traced, of a length statically unknown (TF's
    broadcast gathers by indices computed from the rows' ids: as many as rt's last
    partition's value_rowids, a length known when the graph runs)."""
    d = rt.row_splits_dtype
    of = rt.flat_values if _state.graph is None else rt.nested_value_rowids()[-1]
    return range_op(array.shape(of, out_type=d)[0])


def alike_partitions(x: RaggedTensor, y: RaggedTensor) -> bool:
    """Whether x's and y's row splits are alike, level by level: the same, or of the same
    known lengths, which TF then requires to be equal (its assert names the splits). Other
    lengths (row counts that broadcast or differ) are for the broadcasting path."""
    pairs = list(zip(x.nested_row_splits, y.nested_row_splits))
    if all(rf.same_splits(a, b) for a, b in pairs):
        return True
    if any(a.shape[0] is None or a.shape[0] != b.shape[0] for a, b in pairs):
        return False
    for a, b in pairs:
        if not rf.same_splits(a, b):
            dbg.assert_equal(a, b)
    return True


def aligned(rt: RaggedTensor, other: Any, dtype: Any = None, higher: bool = False
            ) -> Tensor | None:
    """A dense operand broadcast to the flat values of `rt` (TF's ragged broadcasting); a
    Python value takes `dtype` (rt's by default). An operand of a rank above rt's: None
    where `higher` (the elementwise ops then broadcast both shapes), else refused."""
    return _align(rt, other, dtype, higher, False)[1]


def aligned_rows(rt: RaggedTensor, other: Any) -> tuple:
    """The elementwise ops' `aligned` (of `higher`): (rt, its one row repeated where it may
    have one and a dense operand of its rank more, known when a traced function runs, as
    TF's broadcast repeats it; the operand aligned with that)."""
    return _align(rt, other, None, True, True)


def _align(rt: RaggedTensor, other: Any, dtype: Any, higher: bool, rows: bool) -> tuple:
    dtype = dtype or rt.dtype
    if isinstance(other, Tensor) or hasattr(other, "_as_tensor"):
        y = convert_to_tensor(other)
    else:
        # (as TF: rt's dtype where the value fits it, else its own; the op then refuses it)
        y = convert_to_tensor(other, dtype_hint=dtype)
    rank, inner = rt.shape.rank, rt.flat_values.shape.rank
    if y.shape.rank is None or rank is None or inner is None:
        raise ValueError("broadcasting a dense tensor against a RaggedTensor needs known ranks")
    if y.shape.rank <= inner - 1:
        return rt, y  # broadcasts against the uniform inner dimensions of the flat values
    if y.shape.rank > rank or (higher and _one_row_against_more(rt, y)):
        if higher:
            return rt, None  # (the caller broadcasts both shapes)
        raise ValueError(f"A dense tensor of rank {y.shape.rank} can't broadcast to a "
                         f"RaggedTensor of rank {rank}")
    # (TF broadcasts the two shapes: uniform inner dimensions of known sizes that differ,
    # neither 1, its check that they can broadcast)
    for a, b in zip(rt.flat_values.shape[1:], y.shape[y.shape.rank - inner + 1:]):
        if a is not None and b is not None and a != b and 1 not in (a, b):
            raise InvalidArgumentError(None, None, CANNOT_BROADCAST)
    # leading dimensions of 1 broadcast against the outer rows
    exact = y.shape.rank == rank
    checked = rows and exact and _rows_at_run_time(rt, y)
    if checked:
        rt = _repeat_one_row(rt, y)
    for _ in range(rank - y.shape.rank):
        y = array.expand_dims(y, 0)
    level: Any = rt
    size = int(np.prod([1 if d is None else d for d in y.shape]))  # (the dense values)
    while isinstance(level, RaggedTensor):
        outer = level is rt
        y, exact = _one_level(level, y, exact, outer, size, checked and outer)
        level = level.values
    return rt, y


def _one_row_against_more(rt: RaggedTensor, y: Tensor) -> bool:
    """Whether rt has one row (known while tracing) and y, of its rank, more: TF then
    repeats rt's row as it broadcasts the two shapes (row by row alignment keeps rt's)."""
    n0 = y.shape[0]
    return y.shape.rank == rt.shape.rank and n0 is not None and n0 != 1 and \
        rt.row_splits.shape[0] == 2


def _rows_at_run_time(rt: RaggedTensor, y: Tensor) -> bool:
    """Whether rt may have one row and y (of its rank) more, known only when the traced
    function runs."""
    rows, n0 = rt.row_splits.shape[0], y.shape[0]
    return n0 != 1 and rows in (None, 2) and (n0 is None or rows is None)


def _repeat_one_row(rt: RaggedTensor, y: Tensor) -> RaggedTensor:
    """rt with its rows repeated to y's count where it has one (TF's broadcast of the two
    shapes, after its check that the row counts broadcast: either is 1, or they agree)."""
    d = rt.row_splits_dtype
    n, nrows, one = cast(array.shape(y), d)[0], rt.nrows(), convert_to_tensor(1, d)
    dbg.assert_equal(math.logical_or(math.logical_or(math.equal(n, one), math.equal(
        nrows, one)), math.equal(n, nrows)), convert_to_tensor(True))
    index = range_op(math.maximum(n, nrows)) * cast(math.not_equal(nrows, one), d)
    return rf.gather_rows(rt, index)


def _one_level(rt: RaggedTensor, y: Tensor, exact: bool, outer: bool, size: int,
               rows_checked: bool = False) -> tuple:
    """`y` (rows aligned with rt's rows, or one row) re-rowed to align with rt.values, and
    whether no dimension of y was broadcast so far (TF takes a dense dimension longer than
    1 against a ragged one only then: the dense tensor as a ragged one of rt's shape, its
    `size` values against rt's flat values; `rows_checked`: the row counts were checked)."""
    d = rt.row_splits_dtype
    n0, d1 = y.shape[0], y.shape[1]
    if n0 is None or d1 is None:
        return _one_level_at_run_time(rt, y, rows_checked), False
    nrows = rt.nrows()
    if rows_checked:
        pass
    elif n0 != 1 and outer:  # (TF asserts that the row counts can broadcast: True)
        dbg.assert_equal(math.equal(nrows, convert_to_tensor(n0, d)), convert_to_tensor(True))
    elif n0 != 1:
        dbg.assert_equal(nrows, convert_to_tensor(n0, d))
    rowids = rt.value_rowids()
    if n0 == 1:
        rowids = rowids * convert_to_tensor(0, d)
        exact = exact and rt._is_eager() and int(nrows) == 1
    if d1 == 1:
        inner = [-1 if s is None else s for s in y.shape[2:]]
        return indexing.gather(array.reshape(y, [n0] + inner), rowids), False
    if rt.uniform_row_length is None or exact:
        # every row must hold d1 values: the splits of a uniform partition (TF's check) ...
        dbg.assert_equal(range_op(nrows + convert_to_tensor(1, d)) *
                         convert_to_tensor(d1, d), rt.row_splits)
    if exact:
        return array.reshape(y, [n0 * d1] + [-1 if s is None else s for s in y.shape[2:]]), True
    if rt.uniform_row_length is not None:
        # (a uniform partition is a dense dimension to TF's broadcast: its check that the
        # sizes agree, then y's row, or rows, repeated to rt's rows)
        dbg.assert_equal(math.equal(rt.uniform_row_length, convert_to_tensor(d1, d)),
                         convert_to_tensor(True))
        rows = range_op(nrows) * convert_to_tensor(int(n0 != 1), d)
        y = indexing.gather(y, rows)
        return array.reshape(y, [-1] + [-1 if s is None else s for s in y.shape[2:]]), False
    # ... and a broadcast dense dimension against a ragged one TF 2.21 refuses: its check of
    # the dense tensor's values against the flat values
    # (values as many as the flat values pass it: y's values are then theirs, in order)
    message = "Last row partition does not match flat_values."
    dbg.assert_equal(convert_to_tensor(size, d), rt.nested_row_splits[-1][-1], message=message)
    y = array.reshape(y, [n0 * d1] + [-1 if s is None else s for s in y.shape[2:]])
    if _state.graph is not None:  # (traced, TF's gathered values: of a length unknown)
        y = indexing.gather(y, _positions(rt))
    return y, False


def _one_level_at_run_time(rt: RaggedTensor, y: Tensor, rows_checked: bool = False
                           ) -> Tensor:
    """_one_level of a `y` whose sizes are known only when the traced function runs (TF's
    broadcast, decided then): value j of ragged row r takes y[r, j], row 0 where y has one
    row and column 0 where it has one column. The checks, as TF's: y's rows broadcast
    against rt's (a LogicalOr of the two cases); more than one column needs every row of
    that length and y's values as many as the flat values."""
    d = rt.row_splits_dtype
    dims = cast(array.shape(y), d)
    n, width = dims[0], dims[1]
    one, nrows = convert_to_tensor(1, d), rt.nrows()
    if not rows_checked:
        dbg.assert_equal(math.logical_or(math.equal(n, one), math.equal(n, nrows)),
                         convert_to_tensor(True))
    columns = math.not_equal(width, one)
    dbg.assert_equal(math.logical_or(math.logical_not(columns), reduce.reduce_all(
        math.equal(rt.row_lengths(), width))), convert_to_tensor(True))
    total = rt.nested_row_splits[-1][-1]
    message = "Last row partition does not match flat_values."
    if rt.shape[1] is None:  # (a row length known while tracing is a uniform dimension)
        dbg.assert_equal(where(columns, reduce.reduce_prod(dims), total), total,
                         message=message)
    rowids = rt.value_rowids()
    position = range_op(cast(array.shape(rowids)[0], d)) - indexing.gather(rt.row_splits, rowids)
    at = rowids * cast(math.not_equal(n, one), d) * width + position * cast(columns, d)
    rows = array.reshape(y, array.concat([convert_to_tensor([-1], dt.int32),
                                          array.shape(y)[2:]], 0))
    return indexing.gather(rows, at)


def _unit_rows(rt: RaggedTensor) -> bool:
    """Whether rt's uniform row length is 1 (as known now: an eager one's)."""
    u = rt.uniform_row_length
    return isinstance(u, EagerTensor) and int(u._numpy()) == 1


def unit_rows_broadcast(x: RaggedTensor, y: Any) -> bool:
    """Whether a uniform partition of row length 1 in x (or in y, where ragged) meets a
    dimension of another size in the other: TF broadcasts it as a dense dimension of 1,
    the two shapes to one (broadcast_pair), where aligning rows would refuse it."""
    def partitions(rt: Any) -> list:
        out = []
        while isinstance(rt, RaggedTensor):
            out.append(rt)
            rt = rt.values
        return out
    px = partitions(x)
    if isinstance(y, RaggedTensor):
        py = partitions(y)
        return any((_unit_rows(a) or _unit_rows(b)) and not rf.same_splits(a.row_splits,
                                                                            b.row_splits)
                   for a, b in zip(px, py))
    if isinstance(y, Tensor):
        shape = y.shape.as_list() if y.shape.rank is not None else None
    else:  # (a Python value: its nesting, unconverted; a bad one is aligned_rows' to refuse)
        try:
            shape = list(np.shape(y))
        except ValueError:
            return False
    if shape is None or x.shape.rank is None or len(shape) < x.shape.rank - 1:
        return False
    dims = [1] * (x.shape.rank - len(shape)) + shape
    return any(_unit_rows(a) and d is not None and d != 1 for a, d in zip(px, dims[1:]))


def check_one_uniform_row(x: RaggedTensor, y: RaggedTensor, out: Any) -> None:
    """TF 2.21's refusal of a uniform partition of one row broadcast against a ragged one
    of more rows (of rank 2): its broadcast keeps that operand's flat values as they are,
    and their count, unlike the result's, fails its check of the last row partition."""
    for a, b in ((x, y), (y, x)):
        if a.ragged_rank == b.ragged_rank == 1 and a.uniform_row_length is not None and \
                b.uniform_row_length is None and a._is_eager() and int(a.nrows()) == 1 \
                and int(b.nrows()) != 1:
            d = a.row_splits_dtype
            dbg.assert_equal(cast(array.shape(a.flat_values, out_type=d)[0], d),
                             cast(array.shape(out, out_type=d)[0], d),
                             message="Last row partition does not match flat_values.")


def least_uniform(x: RaggedTensor, y: RaggedTensor) -> RaggedTensor:
    """Of two ragged tensors of alike partitions, the one whose partition the broadcast of
    their shapes keeps: a dimension stays uniform only where both are (TF's broadcast of
    two DynamicRaggedShapes); x where neither's uniform levels hold the other's."""
    def levels(rt: RaggedTensor) -> set:
        out, level = set(), rt
        for i in range(rt.ragged_rank):
            if level.uniform_row_length is not None:
                out.add(i)
            level = level.values
        return out
    ux, uy = levels(x), levels(y)
    return y if uy < ux else x


def same_rank(x: RaggedTensor, y: RaggedTensor) -> bool:
    """Whether two ragged tensors of one ragged rank have one rank: their flat values'
    (read from the static shapes, no TensorShape built: the elementwise fast path)."""
    a, b = x.flat_values._shape, y.flat_values._shape
    return a is None or b is None or len(a) == len(b)


def refuse_int32_ragged_alignment(rt: RaggedTensor, dense: Any) -> None:
    """TF's eager broadcast of int32-split `rt` against a dense operand of a lower rank
    that has a size other than 1 against one of rt's partitioned dimensions (ragged or
    uniform): it multiplies the dense shape's int64 sizes by the int32 row splits' sizes,
    and its Mul refuses them (with int64 row splits, the broadcast's own checks)."""
    if rt.row_splits_dtype is not dt.int32 or not rt._is_eager():
        return
    shape = convert_to_tensor(dense).shape
    if shape.rank is None or not 0 < shape.rank < rt.shape.rank:
        return
    offset = rt.shape.rank - shape.rank
    if any(shape[k] not in (None, 1) and 1 <= k + offset <= rt.ragged_rank
           for k in builtins.range(shape.rank)):
        multiply(convert_to_tensor(np.int64(1)), convert_to_tensor(np.int32(1)))


def broadcast_apply(f: Callable, x: Any, y: Any, **kwargs: Any) -> Any:
    """f of a ragged operand and a dense one of a higher rank: both broadcast to one
    ragged shape (TF's broadcast of a DynamicRaggedShape against a dense shape: the dense
    dimensions on the left become uniform row partitions)."""
    rt, dense = (x, y) if isinstance(x, RaggedTensor) else (y, x)
    if rt.row_splits_dtype is dt.int32 and rt._is_eager() and \
            convert_to_tensor(dense).shape.rank > rt.shape.rank:
        # (TF's eager broadcast multiplies the dense shape's int64 sizes by the int32 row
        # splits' sizes: its Mul refuses them; traced, it casts them first)
        multiply(convert_to_tensor(np.int64(1)), convert_to_tensor(np.int32(1)))
    xv, yv, shape = broadcast_pair(x, y)
    return shape._as_ragged(array.reshape(f(xv, yv, **kwargs), shape.inner_shape))


def where_legacy_uniform(rt: RaggedTensor, dense: list) -> RaggedTensor:
    """tf.where's result as TF's legacy broadcast shapes it: a uniform dimension keeps its
    size only where a dense operand gives it (known, not 1); elsewhere its partition is
    ragged, the same splits."""
    rank = rt.shape.rank

    def given(dim: int) -> bool:
        return any(dim >= rank - v.shape.rank and v.shape[dim - rank + v.shape.rank]
                   not in (None, 1) for v in dense)
    levels, out = [], rt
    while isinstance(out, RaggedTensor):
        levels.append(out)
        out = out.values
    for k in builtins.range(len(levels) - 1, -1, -1):
        length = levels[k]._uniform_row_length if given(k + 1) else None
        out = RaggedTensor._make(out, levels[k].row_splits, uniform_row_length=length)
    return out


def same_partitions(parts: list) -> bool:
    """Whether ragged tensors of known splits are partitioned alike."""
    first = [s._numpy() for s in parts[0].nested_row_splits]
    return all(len(p.nested_row_splits) == len(first) and all(
        np.array_equal(a, b._numpy()) for a, b in zip(first, p.nested_row_splits))
        for p in parts[1:])


def where_shape(v: Any) -> ragged_legacy_shape.LegacyShape | None:
    """tf.where's shape of an operand (TF's RaggedTensorDynamicShape.from_tensor), where
    its sizes are known (None in a graph)."""
    if isinstance(v, RaggedTensor):
        levels = [v.row_splits, *v.nested_row_splits[1:]]
        if not all(isinstance(s, EagerTensor) for s in levels) or None in v.flat_values.shape:
            return None
        lengths = [np.diff(s._numpy()) for s in levels]
        return ragged_legacy_shape.LegacyShape([len(lengths[0]), *lengths],
                                               v.flat_values.shape[1:])
    shape = np.shape(v) if not isinstance(v, Tensor) else v.shape
    if not isinstance(v, (EagerTensor, int, float, bool, list, tuple)) or None in shape:
        return None
    return ragged_legacy_shape.LegacyShape([], list(shape))
