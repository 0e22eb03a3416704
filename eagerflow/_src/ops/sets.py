"""Set ops over the last dimension: tf.sets (intersection, union, difference, size).

Ops layer, after the sparse family. Each row of a set input is the values along its last
dimension: all of them for a dense tensor, the present ones for a SparseTensor (given as
its indices, values and dense shape). TF's four kernels are registered under TF's names:
DenseToDenseSetOperation, DenseToSparseSetOperation and SparseToSparseSetOperation give
each row's result as sorted unique values in a SparseTensor's three parts, of dense shape
[*batch, longest row]; SetSize counts each row's unique values. Integer and string
values only, so there is no gradient.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_TYPES = (dt.int8, dt.int16, dt.int32, dt.int64, dt.uint8, dt.uint16, dt.string)
_HOW: dict[str, Callable] = {
    "intersection": np.intersect1d, "union": np.union1d,
    "a-b": np.setdiff1d, "b-a": lambda a, b: np.setdiff1d(b, a),
}


def _fail(op: str, why: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, f"{why} [Op:{op}]")


def _dims(shape: Any) -> str:
    return ",".join(str(int(d)) for d in shape)


# -- rows of a set input -------------------------------------------------------------------
def _dense_rows(op: str, x: np.ndarray) -> tuple:
    """(batch shape, the rows' values) of a dense set input."""
    if x.ndim < 2:
        raise _fail(op, f"Shape [{_dims(x.shape)}] has rank {x.ndim} < 2")
    return tuple(x.shape[:-1]), list(x.reshape(int(np.prod(x.shape[:-1])), x.shape[-1]))


def _sparse_rows(op: str, indices: np.ndarray, values: np.ndarray, shape: np.ndarray,
                 validate: bool, rank_message: str = "") -> tuple:
    """(batch shape, the rows' values) of a sparse set input, its indices checked as TF
    checks them: in bounds, and (validate_indices) in order and not repeated."""
    shape = shape.astype(np.int64)
    if shape.size < 2:
        raise _fail(op, rank_message or f"Shape [{_dims(shape)}] has rank {shape.size} < 2")
    if (shape < 0).any():
        raise _fail(op, f"Dimension {int(shape[shape < 0][0])} must be >= 0")
    idx = indices.astype(np.int64).reshape(-1, shape.size)
    bad = ((idx < 0) | (idx >= shape)).any(axis=1).nonzero()[0]
    if bad.size:
        i = int(bad[0])
        raise _fail(op, f"indices[{i}] = [{_dims(idx[i])}] is out of bounds: need 0 <= index "
                        f"< [{_dims(shape)}]")
    if validate and len(idx) > 1:
        # each index against the one before: the sign of their first differing coordinate
        step = idx[1:] - idx[:-1]
        first = (step != 0).argmax(axis=1)
        sign = np.sign(step[np.arange(len(step)), first])
        bad = np.flatnonzero(sign <= 0)
        if bad.size:
            i = int(bad[0]) + 1
            if sign[bad[0]] == 0:
                raise _fail(op, f"indices[{i}] = [{_dims(idx[i])}] is repeated")
            raise _fail(op, f"indices[{i}] = [{_dims(idx[i])}] is out of order. Many sparse "
                            f"ops require sorted indices.\n    Use `tf.sparse.reorder` to "
                            f"create a correctly ordered copy.\n\n")
    batch = tuple(int(d) for d in shape[:-1])
    rows = np.ravel_multi_index(tuple(idx[:, :-1].T), batch) if len(idx) else \
        np.zeros(0, np.int64)
    order = np.argsort(rows, kind="stable")
    starts = np.searchsorted(rows[order], np.arange(int(np.prod(batch)) + 1))
    grouped = values[order]
    return batch, [grouped[starts[r]:starts[r + 1]] for r in range(len(starts) - 1)]


def _same_batch(op: str, a: tuple, b: tuple) -> None:
    if a != b:
        raise _fail(op, f"Mismatched shapes [{_dims(a)}] vs [{_dims(b)}]")


def _result(batch: tuple, rows: list, dtype: Any) -> tuple:
    """A SparseTensor's parts holding each row's sorted unique values."""
    counts = np.fromiter(map(len, rows), np.int64, len(rows))
    longest = int(counts.max(initial=0))
    flat_rows = np.repeat(np.arange(len(rows)), counts)
    position = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    lead = np.stack(np.unravel_index(flat_rows, batch), axis=1) if batch else \
        np.zeros((len(flat_rows), 0), np.int64)
    indices = np.concatenate([lead.astype(np.int64), position[:, None]], axis=1)
    values = np.concatenate(rows).astype(dtype) if rows else np.zeros(0, dtype)
    return indices, values, np.array(batch + (longest,), np.int64)


def _check_operation(op: str, set_operation: str) -> None:
    if set_operation not in _HOW:
        raise _fail(op, f"Invalid set_operation {set_operation}.")


# -- the three set operations --------------------------------------------------------------
def _check_sparse(op: str, indices: Any, values: Any, shape: Any) -> Any:
    """A sparse set's three parts checked as TF's kernels check them; returns its rank."""
    si, sv, ss = indices._shape, values._shape, shape._shape
    if indices._dtype is not dt.int64 or shape._dtype is not dt.int64:
        raise _fail(op, "a sparse set's indices and dense shape must be int64")
    if si is not None and len(si) != 2:
        raise _fail(op, f"indices must be a matrix, but got: [{_dims(d or 0 for d in si)}]")
    if sv is not None and len(sv) != 1:
        raise _fail(op, f"vals must be a vec, but got: [{_dims(d or 0 for d in sv)}]")
    if ss is not None and len(ss) != 1:
        raise _fail(op, "Shape must be a 1D tensor.")
    if si is not None and sv is not None and None not in (si[0], sv[0]) and si[0] != sv[0]:
        raise _fail(op, f"indices and values rows (indexing dimension) must match. "
                        f"(indices = {si[0]}, values = {sv[0]})")
    rank = None if ss is None else ss[0]
    if si is not None and None not in (si[1], rank) and si[1] != rank:
        raise _fail(op, "Order length must be SparseTensor rank.")
    return rank


def _check_dense(op: str, x: Any) -> Any:
    if x._shape is not None and len(x._shape) < 2:
        raise _fail(op, f"Shape [{_dims(d or 0 for d in x._shape)}] has rank "
                        f"{len(x._shape)} < 2")
    return None if x._shape is None else len(x._shape)


def _outputs(op: str, d: Any, d2: Any, rank: Any, set_operation: str) -> list:
    """The three outputs' specs, after the checks the three ops share."""
    _check_operation(op, set_operation)
    if d not in _TYPES:
        raise _fail(op, f"Value for attr 'T' of {d.name} is not in the list of allowed "
                        f"values: int8, int16, int32, int64, uint8, uint16, string")
    if d2 is not d:
        raise _fail(op, f"the two sets hold {d.name} and {d2.name}: one dtype expected")
    return [((None, rank), dt.int64), ((None,), d), ((rank,), dt.int64)]


def _dense_dense_infer(a: Any, b: Any, *, set_operation: str,
                       validate_indices: bool = True) -> list:
    op = "DenseToDenseSetOperation"
    if _state.graph is not None:
        _dense_dense_shape_fn(op, a._shape, b._shape)
    rank = _check_dense(op, a)
    _check_dense(op, b)
    return _outputs(op, a._dtype, b._dtype, rank, set_operation)


def _dense_dense_shape_fn(op: str, a: tuple | None, b: tuple | None) -> None:
    """TF's shape function of a dense-dense set operation, traced (graph/shape_errors.py's
    ValueError): the first's rank at least 2, the second's the same, then their groups
    (all but the last dimension) merged."""
    if a is None:
        return
    if len(a) < 2:
        raise _fail(op, f"Shape must be at least rank 2 but is rank {len(a)}")
    if b is None:
        return
    if len(b) != len(a):
        raise _fail(op, f"Shape must be rank {len(a)} but is rank {len(b)}")
    for i, (x, y) in enumerate(zip(a[:-1], b[:-1])):
        if x is not None and y is not None and x != y:
            raise _fail(op, f"Dimension {i} in both shapes must be equal, but are {x} and {y}. "
                            f"Shapes are {_known_dims(a[:-1])} and {_known_dims(b[:-1])}.")


def _known_dims(shape: tuple) -> str:
    """A partly known shape as TF's shape functions print it ("[2,?]")."""
    return "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def _dense_sparse_infer(a: Any, indices: Any, values: Any, shape: Any, *, set_operation: str,
                        validate_indices: bool = True) -> list:
    op = "DenseToSparseSetOperation"
    rank = _check_dense(op, a)
    _check_sparse(op, indices, values, shape)
    return _outputs(op, a._dtype, values._dtype, rank, set_operation)


def _sparse_sparse_infer(a_indices: Any, a_values: Any, a_shape: Any, b_indices: Any,
                         b_values: Any, b_shape: Any, *, set_operation: str,
                         validate_indices: bool = True) -> list:
    op = "SparseToSparseSetOperation"
    rank = _check_sparse(op, a_indices, a_values, a_shape)
    _check_sparse(op, b_indices, b_values, b_shape)
    return _outputs(op, a_values._dtype, b_values._dtype, rank, set_operation)


def _dense_dense(xp: Any, a: Any, b: Any, *, set_operation: str,
                 validate_indices: bool = True) -> tuple:
    op = "DenseToDenseSetOperation"
    _check_operation(op, set_operation)
    batch, rows_a = _dense_rows(op, a)
    batch_b, rows_b = _dense_rows(op, b)
    _same_batch(op, batch, batch_b)
    how = _HOW[set_operation]
    return _result(batch, [how(x, y) for x, y in zip(rows_a, rows_b)], a.dtype)


def _dense_sparse(xp: Any, a: Any, b_indices: Any, b_values: Any, b_shape: Any, *,
                  set_operation: str, validate_indices: bool = True) -> tuple:
    op = "DenseToSparseSetOperation"
    _check_operation(op, set_operation)
    batch, rows_a = _dense_rows(op, a)
    batch_b, rows_b = _sparse_rows(op, b_indices, b_values, b_shape, validate_indices)
    _same_batch(op, batch, batch_b)
    how = _HOW[set_operation]
    return _result(batch, [how(x, y) for x, y in zip(rows_a, rows_b)], a.dtype)


def _sparse_sparse(xp: Any, a_indices: Any, a_values: Any, a_shape: Any, b_indices: Any,
                   b_values: Any, b_shape: Any, *, set_operation: str,
                   validate_indices: bool = True) -> tuple:
    op = "SparseToSparseSetOperation"
    _check_operation(op, set_operation)
    batch, rows_a = _sparse_rows(op, a_indices, a_values, a_shape, validate_indices)
    batch_b, rows_b = _sparse_rows(op, b_indices, b_values, b_shape, validate_indices)
    _same_batch(op, batch, batch_b)
    how = _HOW[set_operation]
    return _result(batch, [how(x, y) for x, y in zip(rows_a, rows_b)], a_values.dtype)


def _dense_sets(x: np.ndarray) -> tuple:
    """(batch shape, {row position: its values as a Python set}) of a dense set."""
    return x.shape[:-1], {pos: set(x[pos].tolist()) for pos in np.ndindex(*x.shape[:-1])}


def _sparse_sets(indices: np.ndarray, values: np.ndarray, shape: np.ndarray) -> tuple:
    rows: dict = {}
    for i, v in zip(indices.tolist(), values.tolist()):
        rows.setdefault(tuple(i[:-1]), set()).add(v)
    return tuple(shape[:-1].tolist()), rows


def _reference_of(a: tuple, b: tuple, set_operation: str, dtype: Any) -> tuple:
    """Python sets over each row of sets `a` and `b` ((batch shape, rows) each)."""
    (batch, ra), (_, rb) = a, b
    pick = {"intersection": lambda p, q: p & q, "union": lambda p, q: p | q,
            "a-b": lambda p, q: p - q, "b-a": lambda p, q: q - p}[set_operation]
    out = {pos: sorted(pick(ra.get(pos, set()), rb.get(pos, set())))
           for pos in np.ndindex(*batch)}
    longest = max((len(v) for v in out.values()), default=0)
    idx = [list(pos) + [j] for pos, v in out.items() for j in range(len(v))]
    vals = [x for v in out.values() for x in v]
    return (np.array(idx, np.int64).reshape(-1, len(batch) + 1), np.array(vals, dtype),
            np.array(tuple(batch) + (longest,), np.int64))


def _dense_dense_ref(a: np.ndarray, b: np.ndarray, set_operation: str,
                     validate_indices: bool = True) -> tuple:
    return _reference_of(_dense_sets(a), _dense_sets(b), set_operation, a.dtype)


def _dense_sparse_ref(a: np.ndarray, *b: np.ndarray, set_operation: str,
                      validate_indices: bool = True) -> tuple:
    return _reference_of(_dense_sets(a), _sparse_sets(*b), set_operation, a.dtype)


def _sparse_sparse_ref(*ab: np.ndarray, set_operation: str,
                       validate_indices: bool = True) -> tuple:
    return _reference_of(_sparse_sets(*ab[:3]), _sparse_sets(*ab[3:]), set_operation,
                         ab[1].dtype)


def _set_samples(dense_first: bool, sparse_second: bool) -> Callable:
    def build() -> list:
        a = np.array([[1, 2, 3], [4, 5, 6]], np.int32)
        b = np.array([[1, 3, 5], [4, 7, 6]], np.int32)
        sb = (np.array([[0, 0], [0, 1], [1, 0]], np.int64), np.array([3, 9, 2], np.int32),
              np.array([2, 4], np.int64))
        sa = (np.array([[0, 1], [1, 0], [1, 2]], np.int64), np.array([2, 4, 4], np.int32),
              np.array([2, 3], np.int64))
        first = (a,) if dense_first else sa
        second = sb if sparse_second else (b,)
        words = np.array([[b"b", b"a"], [b"c", b"c"]], object)
        out = [Sample(first + second, {"set_operation": how, "validate_indices": True},
                      grad=False) for how in _HOW]
        if dense_first and not sparse_second:
            out.append(Sample((words, np.array([[b"a", b"c"], [b"d", b"c"]], object)),
                              {"set_operation": "union", "validate_indices": True},
                              grad=False))
        return out
    return build


DENSE_TO_DENSE = register(OpDef(
    "DenseToDenseSetOperation", _dense_dense_infer, _dense_dense,
    reference=_dense_dense_ref, num_outputs=3, gpu=False,
    samples=_set_samples(True, False),
    bad_samples=lambda: [
        BadSample((np.array([1, 2], np.int32), np.array([[1]], np.int32)),
                  {"set_operation": "union"}, InvalidArgumentError, "has rank 1 < 2"),
        BadSample((np.array([[1]], np.int32), np.array([[1], [2]], np.int32)),
                  {"set_operation": "union"}, InvalidArgumentError,
                  "Mismatched shapes [1] vs [2]"),
        BadSample((np.array([[1]], np.int32), np.array([[1]], np.int32)),
                  {"set_operation": "xor"}, InvalidArgumentError, "Invalid set_operation xor"),
        BadSample((np.array([[1.0]]), np.array([[1.0]])), {"set_operation": "union"},
                  InvalidArgumentError, "not in the list of allowed values")],
))
DENSE_TO_SPARSE = register(OpDef(
    "DenseToSparseSetOperation", _dense_sparse_infer, _dense_sparse,
    reference=_dense_sparse_ref, num_outputs=3, gpu=False,
    samples=_set_samples(True, True),
    bad_samples=lambda: [
        BadSample((np.array([[1, 2]], np.int32), np.array([[0, 1]], np.int64),
                   np.array([3], np.int32), np.array([2, 5], np.int64)),
                  {"set_operation": "union"}, InvalidArgumentError,
                  "Mismatched shapes [1] vs [2]")],
))
SPARSE_TO_SPARSE = register(OpDef(
    "SparseToSparseSetOperation", _sparse_sparse_infer, _sparse_sparse,
    reference=_sparse_sparse_ref, num_outputs=3, gpu=False,
    samples=_set_samples(False, True),
    bad_samples=lambda: [
        BadSample((np.array([[0, 5]], np.int64), np.array([3], np.int32),
                   np.array([2, 3], np.int64), np.array([[0, 1]], np.int64),
                   np.array([3], np.int32), np.array([2, 3], np.int64)),
                  {"set_operation": "union"}, InvalidArgumentError,
                  "indices[0] = [0,5] is out of bounds: need 0 <= index < [2,3]"),
        BadSample((np.array([[0, 1], [0, 0]], np.int64), np.array([3, 1], np.int32),
                   np.array([1, 3], np.int64), np.array([[0, 1]], np.int64),
                   np.array([3], np.int32), np.array([1, 3], np.int64)),
                  {"set_operation": "union"}, InvalidArgumentError, "is out of order")],
))


# -- SetSize ---------------------------------------------------------------------------------
def _size_infer(indices: Any, values: Any, shape: Any, *, validate_indices: bool = True) -> list:
    rank = _check_sparse("SetSize", indices, values, shape)
    if values._dtype not in _TYPES:
        raise _fail("SetSize", f"Value for attr 'T' of {values._dtype.name} is not in the list "
                               f"of allowed values: int8, int16, int32, int64, uint8, uint16, "
                               f"string")
    arr = getattr(shape, "_arr", None)
    if arr is not None:
        if arr.size < 2:
            raise _fail("SetSize", f"Invalid rank {arr.size}.")
        if (arr < 0).any():
            raise _fail("SetSize", f"Dimension {int(arr[arr < 0][0])} must be >= 0")
        out = tuple(int(d) for d in to_host(arr)[:-1])
        check_finite_size("SetSize", out, dt.int32)  # (TF's OOM before its output)
        return [(out, dt.int32)]
    return [(None if rank is None else (None,) * (rank - 1), dt.int32)]


def _size_kernel(xp: Any, indices: Any, values: Any, shape: Any, *,
                 validate_indices: bool = True) -> Any:
    batch, rows = _sparse_rows("SetSize", indices, values, shape, validate_indices,
                               f"Invalid rank {shape.size}.")
    counts = [len(np.unique(r)) for r in rows]
    return np.array(counts, np.int32).reshape(batch)


def _size_reference(indices: np.ndarray, values: np.ndarray, shape: np.ndarray,
                    validate_indices: bool = True) -> np.ndarray:
    out = np.zeros(tuple(shape[:-1].tolist()), np.int32)
    seen: dict = {}
    for i, v in zip(indices.tolist(), values.tolist()):
        seen.setdefault(tuple(i[:-1]), set()).add(v)
    for pos, vs in seen.items():
        out[pos] = len(vs)
    return out


SET_SIZE = register(OpDef(
    "SetSize", _size_infer, _size_kernel, reference=_size_reference, gpu=False,
    samples=lambda: [
        Sample((np.array([[0, 0, 0], [0, 1, 1], [0, 1, 2]], np.int64),
                np.array([3, 1, 1], np.int32), np.array([1, 2, 3], np.int64)),
               {"validate_indices": True}, grad=False),
        Sample((np.zeros((0, 2), np.int64), np.zeros(0, object), np.array([2, 3], np.int64)),
               {"validate_indices": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[0, 0], [0, 0]], np.int64), np.array([3, 3], np.int32),
                   np.array([2, 3], np.int64)), {"validate_indices": True},
                  InvalidArgumentError, "indices[1] = [0,0] is repeated"),
        BadSample((np.array([[0]], np.int64), np.array([3], np.int32), np.array([2], np.int64)),
                  {"validate_indices": True}, InvalidArgumentError, "Invalid rank 1.")],
))


# -- tf.sets ---------------------------------------------------------------------------------
def _as_set(x: Any, which: str, check: bool = True) -> Any:
    """A set argument as a SparseTensor or a dense tensor, of a supported dtype where
    `check` asks (TF checks only `a`'s: `b` need only match it)."""
    t = x if isinstance(x, SparseTensor) else convert_to_tensor(x)
    d = t.values.dtype if isinstance(t, SparseTensor) else t.dtype
    if check and d not in _TYPES:
        # (in TF's frozenset's order: its DTypes hash as their enums)
        supported = ", ".join(f"tf.{x.name}" for x in
                              sorted(_TYPES, key=lambda t: t.as_datatype_enum))
        raise TypeError(f"'{which}' has invalid dtype `{d}` not in supported dtypes: "
                        f"`frozenset({{{supported}}})`.")
    return t


def _validate_attr(value: Any) -> bool:
    """validate_indices as TF's op wrappers take the attr: None is its default (True),
    anything but a bool their TypeError."""
    return True if value is None else AV.bool_attr(value, "validate_indices")


def _operation(a: Any, b: Any, how: str, validate_indices: bool) -> SparseTensor:
    a, b = _as_set(a, "a"), _as_set(b, "b", check=False)
    da = a.values.dtype if isinstance(a, SparseTensor) else a.dtype
    db = b.values.dtype if isinstance(b, SparseTensor) else b.dtype
    if da is not db:
        raise TypeError(f"Types don't match, {da} vs {db}.")
    if isinstance(a, SparseTensor) and not isinstance(b, SparseTensor):
        # TF's kernels take a dense set first: swap, and the difference's direction with it
        a, b = b, a
        how = {"a-b": "b-a", "b-a": "a-b"}.get(how, how)
    attrs = {"set_operation": how,
             "validate_indices": _validate_attr(validate_indices)}
    if isinstance(a, SparseTensor):
        op, args = SPARSE_TO_SPARSE, (a.indices, a.values, a.dense_shape, b.indices, b.values,
                                      b.dense_shape)
    elif isinstance(b, SparseTensor):
        op, args = DENSE_TO_SPARSE, (a, b.indices, b.values, b.dense_shape)
    else:
        op, args = DENSE_TO_DENSE, (a, b)
    indices, values, shape = bind(op, args, attrs)
    return SparseTensor(indices, values, shape)


@dispatch_binding
def set_intersection(a: Any, b: Any, validate_indices: bool = True) -> SparseTensor:
    """`tf.sets.intersection`: each row's values present in both `a` and `b`, sorted."""
    return _operation(a, b, "intersection", validate_indices)


@dispatch_binding
def set_union(a: Any, b: Any, validate_indices: bool = True) -> SparseTensor:
    """`tf.sets.union`: each row's values present in `a` or `b`, sorted."""
    return _operation(a, b, "union", validate_indices)


@dispatch_binding
def set_difference(a: Any, b: Any, aminusb: bool = True,
                   validate_indices: bool = True) -> SparseTensor:
    """`tf.sets.difference`: each row's values of `a` not in `b` (or of `b` not in `a`)."""
    return _operation(a, b, "a-b" if aminusb else "b-a", validate_indices)


@dispatch_binding
def set_size(a: Any, validate_indices: bool = True) -> Any:
    """`tf.sets.size`: the number of unique values in each row of a SparseTensor."""
    if not isinstance(a, SparseTensor):  # (converted first, as TF's: its errors, its str)
        raise TypeError(f"Expected `SparseTensor`, got {convert_to_tensor(a)!s}.")
    _as_set(a, "a")
    return bind(SET_SIZE, (a.indices, a.values, a.dense_shape),
                {"validate_indices": _validate_attr(validate_indices)})
