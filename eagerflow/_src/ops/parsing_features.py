"""Example features that parse into composite tensors: tf.io.RaggedFeature and
tf.io.SparseFeature, and the public tf.io.parse_example / parse_single_example.

Ops layer, after the ragged family. As in TF, a composite feature is parsed as plain
variable-length features (ParseExampleV2's sparse outputs: its values, its partition
keys, its index keys) and then put together with ordinary ops, so it parses the same
eagerly and inside a tf.function or a tf.data map. A ragged feature's partitions are
each example's own (a RowSplits list starts at 0 in every example); they are turned
into row lengths over the whole batch, innermost first, and checked against the values
they partition. TF checks them only with `validate=True` and otherwise returns a
tensor that reads past an example's values; here they are always checked.
"""

from __future__ import annotations

import collections
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops import parsing_ops as P
from eagerflow._src.ops.array import concat, reshape
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.indexing import boolean_mask, gather, unsorted_segment_sum
from eagerflow._src.ops.math import logical_not, logical_or, maximum
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.reduce import reduce_all, reduce_sum
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.segment_ops import unsorted_segment_max
from eagerflow._src.ops.sparse_functions import reorder

_PARTITION_FIELDS = {"RowSplits": "key", "RowLengths": "key", "RowStarts": "key",
                     "RowLimits": "key", "ValueRowIds": "key", "UniformRowLength": "length"}
_PARTITIONS = tuple(collections.namedtuple(name, [field])
                    for name, field in _PARTITION_FIELDS.items())


class RaggedFeature(collections.namedtuple(
        "RaggedFeature", ["dtype", "value_key", "partitions", "row_splits_dtype", "validate"])):
    """`tf.io.RaggedFeature(dtype, value_key=None, partitions=(), row_splits_dtype=tf.int32,
    validate=False)`: parsed into a RaggedTensor (a Tensor for one Example without
    ragged partitions)."""

    RowSplits, RowLengths, RowStarts, RowLimits, ValueRowIds, UniformRowLength = _PARTITIONS

    def __new__(cls, dtype: Any, value_key: str | None = None, partitions: Any = (),
                row_splits_dtype: Any = dt.int32, validate: bool = False) -> RaggedFeature:
        if value_key is not None:
            if not isinstance(value_key, str):
                raise ValueError(f"Argument `value_key` must be a string; got {value_key}")
            if not value_key:
                raise ValueError("Argument `value_key` must not be empty")
        dtype = dt.as_dtype(dtype)
        if dtype not in (dt.int64, dt.float32, dt.string):
            raise ValueError(f"Argument `dtype` must be int64, float32, or bytes; got {dtype!r}")
        row_splits_dtype = dt.as_dtype(row_splits_dtype)
        if row_splits_dtype not in (dt.int32, dt.int64):
            raise ValueError(f"Argument `row_splits_dtype` must be int32 or int64; got"
                             f"{row_splits_dtype!r}")  # sic: TF's message has no space
        partitions = tuple(partitions)  # iterated as TF does, a single partition's fields too
        for p in partitions:
            if not isinstance(p, _PARTITIONS):
                raise TypeError(f"Argument `partitions` cannot be cast to any of the partition "
                                f"types in {_PARTITIONS}; got: {p!r} with type {type(p)}")
        return super().__new__(cls, dtype, value_key, partitions, row_splits_dtype,
                               validate)


class SparseFeature(collections.namedtuple(
        "SparseFeature", ["index_key", "value_key", "dtype", "size", "already_sorted"])):
    """`tf.io.SparseFeature(index_key, value_key, dtype, size, already_sorted=False)`: the
    values of `value_key` placed at the indices of `index_key` (one key per dimension)."""

    def __new__(cls, index_key: Any, value_key: str, dtype: Any, size: Any,
                already_sorted: bool = False) -> SparseFeature:
        return super().__new__(cls, index_key, value_key, dtype, size, already_sorted)


for _cls in (RaggedFeature, SparseFeature, *_PARTITIONS):
    _cls.__module__ = "eagerflow.io"


# ---------------------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------------------

@dispatch_binding
def parse_example(serialized: Any, features: dict, example_names: Any = None,
                  name: str | None = None) -> dict:
    """`tf.io.parse_example(serialized, features)` for a vector of serialized Examples (a
    scalar one is parsed as by parse_single_example, as TF's op does)."""
    if not features:  # TF's first check, before `serialized` is converted
        raise ValueError(f"Argument `features` cannot be None or falsy. Got {features!s}")
    return _parse(serialized, features, P.is_scalar(serialized), example_names,
                  name or "ParseExample", name)


@dispatch_binding
@eager_api("serialized")
def parse_single_example(serialized: Any, features: dict, example_names: Any = None,
                         name: str | None = None) -> dict:
    """`tf.io.parse_single_example(serialized, features)` for one serialized Example."""
    with P.graph_scope(name or "ParseSingleExample"):  # (`name` passed on, as in TF)
        return _parse(serialized, features, True, example_names, name or "ParseExample", name)


def _parse(serialized: Any, features: Any, single: bool, example_names: Any = None,
           scope: str = "ParseExample", name: str | None = None) -> dict:
    """The parse (its op, named `name` if given, under name scope `scope`), its ragged and
    sparse features made of the parts it read."""
    if not isinstance(features, dict) or not any(
            isinstance(f, (RaggedFeature, SparseFeature)) for f in features.values()):
        return P._run(serialized, features, single, example_names, scope=scope, name=name)
    plain = {k: f for k, f in features.items()
             if not isinstance(f, (RaggedFeature, SparseFeature))}
    groups = keys_read(features)
    for key, dtype in groups["sparse"].items():
        plain.setdefault(key, P.VarLenFeature(dtype))
    # (the sparse keys in TF's order: a SparseFeature's index and value keys at its key)
    parsed = P._run(serialized, plain, single, example_names, ragged_reads(features, groups),
                    [*groups["sparse"], *sorted(k for k in plain if k not in groups["sparse"])],
                    scope, name)
    # composites of a single Example are made as in a batch of one, then unbatched
    parts = {k: _batched(v) if single and isinstance(v, SparseTensor) else v
             for k, v in parsed.items()}
    out = {}
    for key, f in features.items():
        if isinstance(f, RaggedFeature):
            out[key] = _ragged(key, f, parts, single)
        elif isinstance(f, SparseFeature):
            out[key] = _sparse(f, parts, single)
        else:
            out[key] = parsed[key]
    return {k: out[k] for k in output_order(features, groups)}


def ragged_reads(features: dict, groups: dict) -> dict:
    """key -> (dtype, row splits dtype) of each key read as a RaggedFeature's values or
    partitions, in TF's order: the splits' dtype is the first feature's reading it."""
    splits: dict = {}
    for key in sorted(features):
        f = features[key]
        if isinstance(f, RaggedFeature):
            for _, k, _ in _reads(key, f):
                splits.setdefault(k, f.row_splits_dtype)
    return {k: (d, splits[k]) for k, d in groups["ragged"].items()}


def output_order(features: dict, groups: dict) -> list:
    """TF's order of a parse's results: the keys parsed plainly (sparse, dense, then ragged
    ones, as `keys_read` found them), then the other composite features, by key."""
    order = dict.fromkeys([*groups["sparse"], *groups["dense"], *groups["ragged"],
                           *sorted(features)])
    return [k for k in order if k in features]


def keys_read(features: dict) -> dict:
    """The feature keys the parse reads, each group a dict key -> dtype: "dense"
    (FixedLen...), "sparse" (VarLenFeature, SparseFeature) and "ragged" (RaggedFeature: its
    values and partitions). Checked as TF checks them: one dtype per key, and each key
    read in one way only."""
    groups: dict = {"dense": {}, "sparse": {}, "ragged": {}}
    for key in sorted(features):
        for group, k, d in _reads(key, features[key]):
            have = groups[group].setdefault(k, d)
            if have != d:
                raise ValueError(f"Conflicting type <dtype: '{have.name}'> vs <dtype: "
                                 f"'{d.name}'> for feature {k}.")
    dense, sparse, ragged = (list(groups[g]) for g in ("dense", "sparse", "ragged"))
    if set(dense) & set(sparse):
        raise ValueError(f"Dense and sparse keys must not intersect; dense_keys: {dense}, "
                         f"sparse_keys: {sparse}, intersection: {set(dense) & set(sparse)}")
    if set(dense) & set(ragged):  # sic: TF gives this message as a tuple of two parts
        raise ValueError("Dense and ragged keys must not intersect; dense_keys: ",
                         f"{dense}, ragged_keys: {ragged}, intersection: "
                         f"{set(dense) & set(ragged)}")
    if set(ragged) & set(sparse):
        raise ValueError(f"Ragged and sparse keys must not intersect; ragged_keys: {ragged}, "
                         f"sparse_keys: {sparse}, intersection: {set(ragged) & set(sparse)}")
    return groups


def _reads(key: str, f: Any) -> list:
    """(group, key, dtype) of each feature key that feature `f` reads."""
    if isinstance(f, SparseFeature):
        index_keys = f.index_key if isinstance(f.index_key, list) else [f.index_key]
        return [("sparse", k, dt.int64) for k in index_keys] + [
            ("sparse", f.value_key, dt.as_dtype(f.dtype))]
    if isinstance(f, RaggedFeature):
        return [("ragged", f.value_key or key, f.dtype)] + [
            ("ragged", p.key, dt.int64) for p in f.partitions
            if not isinstance(p, RaggedFeature.UniformRowLength)]
    group = "sparse" if isinstance(f, P.VarLenFeature) else "dense"
    return [(group, key, dt.as_dtype(f.dtype))]


def _batched(st: SparseTensor) -> SparseTensor:
    """A single Example's [n] sparse output as the [1, n] output of a batch of one."""
    indices = concat([st.indices * 0, st.indices], 1)
    return SparseTensor(indices, st.values, concat([cast([1], dt.int64), st.dense_shape], 0))


# -- SparseFeature ------------------------------------------------------------------------

def _sparse(f: SparseFeature, parsed: dict, single: bool) -> SparseTensor:
    keys = f.index_key if isinstance(f.index_key, list) else [f.index_key]
    sizes = _sizes(f)
    values = parsed[f.value_key]
    ids = [parsed[k] for k in keys]
    for k, st in zip(keys, ids):
        have, want = st.values.shape[0], values.values.shape[0]
        if have is not None and want is not None and have != want:
            raise ValueError(f"Dimensions {have} and {want} are not compatible")
        # TF pairs indices and values across Example boundaries; here each Example's own
        check(reduce_all(_equal(st.indices, values.indices)),
              f"SparseFeature: index key {k!r} and value key {f.value_key!r} differ in "
              "their number of values in some Example")
    rows = values.indices[:, :1]
    indices = concat([rows] + [reshape(st.values, [-1, 1]) for st in ids], 1)
    dense_shape = concat([values.dense_shape[:1], cast(sizes, dt.int64)], 0)
    st = SparseTensor(indices, values.values, dense_shape)
    if not f.already_sorted:
        st = reorder(st)
    if single:
        st = SparseTensor(st.indices[:, 1:], st.values, st.dense_shape[1:])
    return st


def _sizes(f: SparseFeature) -> list:
    """The dense size of each index dimension: a list for a list of index keys, else an int."""
    if isinstance(f.index_key, list):
        if not isinstance(f.size, (list, tuple)):
            raise TypeError(f"vocab_size has to be a list of Tensors or Python ints. Found "
                            f"{type(f.size)}")
        return list(f.size)
    if not isinstance(f.size, int) or isinstance(f.size, bool):
        raise TypeError(f"vocab_size has to be a Tensor or Python int. Found {type(f.size)}")
    return [f.size]


def check(condition: Any, message: str) -> None:
    """Raises InvalidArgumentError(message) unless `condition` (a bool tensor) holds:
    now when it is known, else when the traced function runs (an Assert op)."""
    if isinstance(condition, EagerTensor):
        if not bool(condition.numpy()):
            raise InvalidArgumentError(None, None, message)
    else:
        Assert(condition, [message])


def _equal(a: Any, b: Any) -> Any:
    """Elementwise a == b of two int64 tensors whose shapes may differ (False then)."""
    if a.shape.is_fully_defined() and b.shape.is_fully_defined():
        if a.shape != b.shape:
            return cast([False], dt.bool)
    return a == b


# -- RaggedFeature ------------------------------------------------------------------------

def _ragged(key: str, f: RaggedFeature, parsed: dict, single: bool) -> Any:
    values, owners, n = _owned(*parsed[f.value_key or key], single)

    def partition(k: str) -> tuple:
        return _owned(*parsed[k], single)[:2]

    rt, rows = partitioned(key, f, values, owners, n, partition)
    if single:
        return rt
    return RaggedTensor.from_row_lengths(rt, cast(rows, f.row_splits_dtype), validate=False)


def _owned(values: Any, splits: Any, single: bool) -> tuple:
    """A ragged key's (values, the Example owning each (int64), how many Examples) from
    the op's values and row splits (none for a single Example: one owner)."""
    if single:
        splits = concat([cast([0], dt.int64), shape_of(values, out_type=dt.int64)], 0)
    rows = RaggedTensor.from_row_splits(values, splits, validate=False).value_rowids()
    return values, cast(rows, dt.int64), cast(shape_of(splits, out_type=dt.int64)[0] - 1,
                                              dt.int64)


def partitioned(key: str, f: RaggedFeature, values: Any, owners: Any, n: Any,
                partition: Any) -> tuple:
    """`values`, each owned by one of `n` owners (an Example, or one step of a feature list;
    `owners[i]` is value i's, in order), with `f`'s partitions applied within each owner.
    `partition(k)` gives a keyed partition's (values, owners). Returns the partitioned
    tensor and how many rows of it each owner has."""
    counts = _count(owners, n)
    rt: Any = values
    ragged_inside = False  # whether a ragged partition lies inside the current level
    for p in reversed(f.partitions):
        if isinstance(p, RaggedFeature.UniformRowLength):
            counts = _uniform(key, p, counts)
            rt = RaggedTensor.from_uniform_row_length(rt, p.length, validate=False) \
                if ragged_inside else reshape(rt, concat([[-1, p.length], _inner(rt)], 0))
            continue
        lengths, counts = _lengths(key, p, *partition(p.key), counts, n)
        rt = RaggedTensor.from_row_lengths(rt, cast(lengths, f.row_splits_dtype),
                                           validate=False)
        ragged_inside = True
    return rt, counts


def _inner(rt: Any) -> Any:
    """The dimensions after the first of a dense tensor's shape, as a tensor."""
    return shape_of(rt, out_type=dt.int64)[1:]


def _count(owners: Any, n: Any) -> Any:
    """How many values each of n owners has (owners: each value's)."""
    return unsorted_segment_sum(owners * 0 + 1, owners, n)


def _uniform(key: str, p: Any, counts: Any) -> Any:
    n = p.length
    if not isinstance(n, int) or n <= 0:
        raise ValueError(f"Feature {key}: UniformRowLength's length must be a positive int; "
                         f"got {n!r}")
    check(reduce_all(counts % n == 0),
          f"Key: {key}. UniformRowLength({n}) does not divide an Example's values")
    return counts // n


def _lengths(key: str, p: Any, v: Any, ex: Any, counts: Any, batch: Any) -> tuple:
    """(row lengths over the batch, rows per owner) of one ragged partition (its values v,
    ex: each one's owner), checked against `counts`, the items each owner has inside it."""
    n = _count(ex, batch)
    first = _first_of_example(ex)
    kind = type(p).__name__
    if kind == "RowLengths":
        lengths, rows = v, n
    elif kind == "RowLimits":
        lengths, rows = v - _previous(v, first), n
    elif kind == "RowStarts":
        lengths, rows = _next(v, ex, counts) - v, n
    elif kind == "RowSplits":
        check(reduce_all(boolean_mask(v, first) == 0),
              f"Key: {key}. An Example's RowSplits ({p.key}) must start with 0")
        lengths, rows = boolean_mask(v - _previous(v, first), logical_not(first)), \
            maximum(n - 1, 0)
    else:  # ValueRowIds: one row id per item, sorted
        check(reduce_all(n == counts),
              f"Key: {key}. An Example has not one ValueRowIds ({p.key}) per value")
        check(reduce_all(v >= 0), f"Key: {key}. A ValueRowIds ({p.key}) is negative")
        check(reduce_all(logical_or(first, v - _previous(v, first) >= 0)),
              f"Key: {key}. An Example's ValueRowIds ({p.key}) are not sorted")
        rows = unsorted_segment_max(v + 1, ex, batch)
        rows = maximum(rows, 0)
        start = cumsum(rows, exclusive=True)
        lengths = unsorted_segment_sum(v * 0 + 1, v + gather(start, ex), reduce_sum(rows))
        return lengths, rows
    check(reduce_all(lengths >= 0),
          f"Key: {key}. An Example's {kind} ({p.key}) give a negative row length")
    check(reduce_all(_sums(lengths, rows) == counts),
          f"Key: {key}. An Example's {kind} ({p.key}) do not match its number of values")
    return lengths, rows


def _first_of_example(ex: Any) -> Any:
    """True where a value is its Example's first (ex: each value's Example, sorted)."""
    return concat([ex[:1] == ex[:1], ex[1:] != ex[:-1]], 0)  # [] when there are none


def _previous(v: Any, first: Any) -> Any:
    """Each value's predecessor within its Example (0 for the first)."""
    shifted = concat([v[:1] * 0, v[:-1]], 0)
    return shifted * cast(logical_not(first), v.dtype)


def _next(v: Any, ex: Any, counts: Any) -> Any:
    """Each value's successor within its Example (the Example's count for the last)."""
    last = concat([ex[1:] != ex[:-1], ex[:1] == ex[:1]], 0)
    shifted = concat([v[1:], v[:1] * 0], 0)
    return shifted * cast(logical_not(last), v.dtype) + \
        gather(counts, ex) * cast(last, v.dtype)


def _sums(lengths: Any, rows: Any) -> Any:
    """Each Example's sum of its row lengths (`rows[b]` consecutive lengths each)."""
    total = concat([cast([0], lengths.dtype), cumsum(lengths)], 0)
    return gather(total, cumsum(rows)) - gather(total, cumsum(rows, exclusive=True))
