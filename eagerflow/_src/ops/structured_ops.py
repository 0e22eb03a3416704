"""The TF ops that take StructuredTensors (TF's structured_array_ops): tf.shape, tf.size,
tf.rank, tf.zeros_like / tf.ones_like, tf.expand_dims, tf.gather, tf.concat,
tf.random.shuffle and tf.identity (TF's for every composite); every other op refuses a
StructuredTensor as TF does (it cannot become a tensor).

Ops layer, after structured_tensor.py. The handlers go first in composite_dispatch's
hooks (and before the elementwise ones), so a StructuredTensor argument, alone or in a
list, reaches its handler before the ragged and extension-type dispatch look at it.
An op over fields applies to each leaf field (recursively through nested structures) and
to a zero tensor of the structure's own shape, which gives the result's shape.

TF 2.21 registers these handlers only once tensorflow.python.ops.structured's
structured_array_ops module is imported (`import tensorflow` does not import it); here
they are always on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import has_composite
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import array, indexing, math_base, random, reduce, stacking
from eagerflow._src.ops import composite_dispatch as CD
from eagerflow._src.ops import extension_dispatch as et
from eagerflow._src.ops import ragged_functions as rf
from eagerflow._src.ops import structured_shape as ss
from eagerflow._src.ops import structured_tensor as stt
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.ragged import RaggedTensor, RowPartition
from eagerflow._src.ops.sequences import range as range_op
from eagerflow._src.ops.structured_tensor import StructuredTensor, _positive_axis


def _no_len() -> ValueError:
    # (TF's conversion of a StructuredTensor to a tensor: it indexes like a sequence)
    return ValueError("TypeError: object of type 'StructuredTensor' has no len()\n")


# -- the handlers ------------------------------------------------------------------------

def shape(input: StructuredTensor, out_type: Any = None, name: str | None = None  # noqa: A002
          ) -> Any:
    return input._ragged_shape.with_dtype(dt.int32 if out_type is None else out_type)


def size(input: StructuredTensor, out_type: Any = None, name: str | None = None  # noqa: A002
         ) -> Tensor:
    out_type = dt.int32 if out_type is None else dt.as_dtype(out_type)
    if not input.row_partitions:
        n = input.nrows()
        return cast(1 if n is None else n, out_type)
    return cast(input.row_partitions[-1].nvals(), out_type)


def rank(input: StructuredTensor, name: str | None = None) -> Tensor:  # noqa: A002
    return convert_to_tensor(input.rank, dt.int32)


def _filled(fill: Any) -> Any:
    def like(input: StructuredTensor, dtype: Any = None, name: str | None = None,  # noqa: A002
             layout: Any = None) -> Any:
        if layout is not None and not layout.is_fully_replicated():
            raise ValueError(f"StructuredTensor only allows replicated layout. got {layout}")
        d = dt.float32 if dtype is None else dt.as_dtype(dtype)
        if not input.row_partitions:
            n = input.nrows()
            return fill([] if n is None else array.reshape(n, [1]), d)
        parts = input.row_partitions
        out: Any = fill(array.reshape(parts[-1].nvals(), [1]), d)
        for p in reversed(parts):
            out = RaggedTensor._make(out, p.row_splits(), uniform_row_length=p.uniform_row_length())
        return out
    return like


zeros_like = _filled(array.zeros)
ones_like = _filled(array.ones)


def expand_dims(input: StructuredTensor, axis: Any, name: str | None = None  # noqa: A002
                ) -> StructuredTensor:
    st = input
    axis = _positive_axis(axis, st.rank + 1, "axis")
    fields = {k: array.expand_dims(v, axis) for k, v in st._fields.items()}
    new_shape = st.shape[:axis].concatenate([1]).concatenate(st.shape[axis:])
    parts = ss.expanded_partitions(st._ragged_shape, axis, st.rank)
    return StructuredTensor.from_fields(fields, shape=new_shape, row_partitions=parts,
                                        nrows=st.nrows() if axis > 0 else 1)


def gather(params: StructuredTensor, indices: Any, validate_indices: Any = None,
           axis: Any = None, batch_dims: int = 0, name: str | None = None) -> Any:
    if axis is None:
        axis = batch_dims
    axis = _positive_axis(axis, params.shape.rank, "axis")
    if not isinstance(indices, RaggedTensor):
        indices = convert_to_tensor(indices)

    def leaf(values: list) -> Any:
        return indexing.gather(values[0], indices, validate_indices=validate_indices,
                               axis=axis, batch_dims=batch_dims)
    return _extend_op([params], leaf)


def concat(values: Any, axis: Any, name: str = "concat") -> Any:
    _check_concat(values)
    axis = _positive_axis(axis, values[0].rank, "axis")

    def leaf(vs: list) -> Any:
        return array.concat(vs, axis)
    return _extend_op(values, leaf)


def shuffle(value: StructuredTensor, seed: Any = None, name: str | None = None
            ) -> StructuredTensor:
    if value.rank == 0:
        raise ValueError("Cannot shuffle a scalar StructuredTensor")
    index = random.shuffle(range_op(value.nrows()), seed=seed)
    return gather(value, index, axis=0)


def identity(input: StructuredTensor, name: str | None = None  # noqa: A002
             ) -> StructuredTensor:
    spec = input._type_spec
    return spec._from_components([math_base.identity(t) for t in spec._to_components(input)])


def stack_rows(rows: list, like: Any) -> StructuredTensor:
    """StructuredTensors of one schema stacked into one of rank + 1 (tf.map_fn's results),
    each field as `like`'s (the elements mapped over) when it has it: a ragged field stacks
    ragged, a dense one dense."""
    first = rows[0]
    fields = {}
    for k in first.field_names():
        column = [r.field_value(k) for r in rows]
        kind = like.field_value(k) if isinstance(like, StructuredTensor) and \
            k in like.field_names() else None
        if isinstance(column[0], StructuredTensor):
            fields[k] = stack_rows(column, kind)
        elif isinstance(kind, RaggedTensor) or isinstance(column[0], RaggedTensor) or (
                kind is None and len({c.shape for c in column}) > 1):
            # (splits as the mapped field's, else map_fn's default spec's int64: stacking
            # dense rows alone gives int32 ones)
            splits = kind.row_splits.dtype if isinstance(kind, RaggedTensor) else \
                column[0].row_splits.dtype if isinstance(column[0], RaggedTensor) else dt.int64
            fields[k] = rf.stack(column).with_row_splits_dtype(splits)
        else:
            fields[k] = stacking.stack(column)
    if not fields:
        return concat([expand_dims(r, 0) for r in rows], 0)
    return StructuredTensor.from_fields(fields, shape=[len(rows)] + [None] * first.rank)


# -- applying an op field by field --------------------------------------------------------

def _extend_op(values: Any, leaf_op: Any) -> Any:
    if not isinstance(values, Sequence):
        raise ValueError("Expected a list")
    if not values:
        raise ValueError("List cannot be empty")
    first = values[0]
    if not isinstance(first, StructuredTensor):
        return leaf_op(values)
    like = _like(leaf_op([_dense_if_uniform(zeros_like(v, dtype=dt.int32)) for v in values]))
    if not first.field_names():
        return like
    fields = {k: _extend_op([v.field_value(k) for v in values], leaf_op)
              for k in first.field_names()}
    return StructuredTensor.from_fields(fields, shape=like.shape)


def _dense_if_uniform(t: Any) -> Any:
    """A ragged tensor of uniform rows as the dense one it is (the same shape for the op
    that gives the result's shape; eagerflow's ragged gather takes only axis 0)."""
    while isinstance(t, RaggedTensor) and t.uniform_row_length is not None:
        t = t.to_tensor()
    return t


def _like(t: Any) -> StructuredTensor:
    """A StructuredTensor with no fields, of the shape of `t`."""
    if isinstance(t, RaggedTensor):
        return StructuredTensor.from_fields({}, shape=t.shape, row_partitions=_partitions(t))
    if t.shape.is_fully_defined():
        return StructuredTensor.from_fields({}, shape=t.shape)
    if t.shape.rank is None:
        raise ValueError("Can't build StructuredTensor w/ unknown rank")
    if t.shape.rank == 1:
        return StructuredTensor.from_fields({}, shape=t.shape, nrows=array.shape(t)[0])
    return StructuredTensor.from_fields({}, shape=t.shape, row_partitions=_partitions(t))


def _partitions(t: Any) -> tuple:
    """Every row partition of `t`, its dense dimensions' as uniform ones."""
    out = []
    while isinstance(t, RaggedTensor):
        out.append(RowPartition(t.row_splits, t.uniform_row_length))
        t = t.values
    rank = t.shape.rank
    if rank is not None and rank > 1:
        dense = ss.with_partitions(ss.of_field(t, dt.int64), rank - 1)
        out += list(dense.row_partitions)
    return tuple(out)


def _paths(st: StructuredTensor) -> set:
    out = {()}
    for k in st.field_names():
        v = st.field_value(k)
        if isinstance(v, StructuredTensor):
            out |= {(k,) + p for p in _paths(v)}
        else:
            out.add((k,))
    return out


def _ranks(st: StructuredTensor) -> dict:
    out = {(): st.rank}
    for k in st.field_names():
        v = st.field_value(k)
        if isinstance(v, StructuredTensor):
            out.update({(k,) + p: r for p, r in _ranks(v).items()})
    return out


def _check_concat(values: Any) -> None:
    if not isinstance(values, Sequence):
        raise ValueError("values must be a list of StructuredTensors (not a list)")
    if not values:
        raise ValueError("values must not be an empty list")
    for st in values:
        if not isinstance(st, StructuredTensor):
            raise ValueError("values must be a list of StructuredTensors")
    paths = [_paths(st) for st in values]
    diff: set = set()
    for other in paths[1:]:
        diff |= paths[0].symmetric_difference(other)
    if diff:
        raise ValueError("Some paths are present in some, but not all, structured tensors: "
                         f"{diff!r}")
    ranks = [_ranks(st) for st in values]
    if any(r != ranks[0] for r in ranks[1:]):
        raise ValueError("Ranks of sub-message do not match")


# -- dispatch ----------------------------------------------------------------------------

_HANDLERS = {
    array.shape: shape, reduce.size: size, array.rank: rank,
    math_base.zeros_like: zeros_like, math_base.ones_like: ones_like,
    array.expand_dims: expand_dims, indexing.gather: gather, array.concat: concat,
    random.shuffle: shuffle, math_base.identity: identity,
}


def _hook(api: Any, args: tuple, kwargs: dict) -> Any:
    if not has_composite(args, StructuredTensor) and \
            not has_composite(kwargs.values(), StructuredTensor):
        return NotImplemented
    out = et._dispatch_api(api, args, kwargs)  # (the user's dispatch_for_api targets)
    if out is not et._NONE:
        return out
    handler = _HANDLERS.get(api)
    if handler is None:
        raise _no_len()
    return handler(*args, **kwargs)


def _chain_elementwise() -> None:
    unary_before, binary_before = CD.elementwise.unary, CD.elementwise.binary

    def unary(f: Any, x: Any, **kwargs: Any) -> Any:
        if isinstance(x, StructuredTensor):
            out = et._dispatch_api(f, (x,), kwargs)
            if out is et._NONE:
                raise _no_len()
            return out
        return unary_before(f, x, **kwargs)

    def binary(f: Any, x: Any, y: Any, **kwargs: Any) -> Any:
        if has_composite((x, y), StructuredTensor):
            out = et._dispatch_api(f, (x, y), kwargs)
            if out is et._NONE:
                raise _no_len()
            return out
        return binary_before(f, x, y, **kwargs)
    CD.elementwise.unary, CD.elementwise.binary = unary, binary


CD.FIRST_HOOKS.insert(0, _hook)
stt.STACK_ROWS[:] = [stack_rows]
_chain_elementwise()
