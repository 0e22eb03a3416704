"""TF 1's SparseTensorsMap: AddSparseToTensorsMap and AddManySparseToTensorsMap keep
SparseTensors in a map and hand back int64 keys (handles) that a queue can carry;
TakeManySparseFromTensorsMap takes them out again, joined under a new first dimension.

Ops layer, loaded on first use, after sparse_serialization (whose checks AddMany shares,
word for word). A map is named as TF's kernels name it: its `shared_name`, else an add's
node name (eagerly the op's name: every eager add of one op shares a map), else a take's
private name "_<n>_<node>" (eagerly one per op and attrs, as TF's cached kernel keeps it),
so an unshared take finds nothing an add put in. Keys count from 0 in each map. Eagerly
the maps live as long as the process; a TF 1 Session's runs see maps of their own (TF
keeps them in the Session's resource manager), kept in its store.

TF's orders: an add of many gives the rows holding entries their keys first, in order,
then the empty rows; a take removes every key it finds, in order, up to the first missing
one, before it checks the dtypes and ranks: a take that fails has still used them up.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.queue_state import session_store
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.sparse_serialization import check_components, check_sparse
from eagerflow._src.ops.table_handles import CreatorNode, resource_name

_ADD, _ADD_MANY, _TAKE = ("AddSparseToTensorsMap", "AddManySparseToTensorsMap",
                          "TakeManySparseFromTensorsMap")
_INT64_MAX = 2**63 - 1


class SparseTensorsMap:
    """One map: key -> (indices, values, dense shape, values' dtype)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.next_key = 0
        self.items: dict = {}
        self._lock = threading.Lock()

    def add(self, parts: list) -> list:
        with self._lock:
            keys = list(range(self.next_key, self.next_key + len(parts)))
            self.next_key += len(parts)
            self.items.update(zip(keys, parts))
            return keys

    def take(self, op: str, keys: list) -> list:
        with self._lock:
            out = []
            for k in keys:
                part = self.items.pop(k, None)
                if part is None:
                    raise C.fail(op, f"Unable to find SparseTensor: {k} in map: {self.name}")
                out.append(part)
            return out


_EAGER: dict = {}  # (container, name) -> the process's maps
_MAPS_LOCK = threading.Lock()


def _map(op: str, container: str, shared_name: str, node: CreatorNode | None,
         attrs: dict) -> SparseTensorsMap:
    container = container or "localhost"
    if shared_name:
        name = shared_name
    elif op != _TAKE:  # (TF's adds default to their node's name, a take to a private one)
        name = node.name if node is not None else op
    elif node is not None:
        name = node.private_name()
    else:
        name = resource_name(op, (), container, "", False, None, attrs)
    store = session_store()
    maps, key = (_EAGER, (container, name)) if store is None else \
        (store, ("sparse_tensors_map", container, name))
    with _MAPS_LOCK:
        found = maps.get(key)
        if found is None:
            found = maps[key] = SparseTensorsMap(name)
    return found


def _host(x: Any) -> np.ndarray:
    return np.asarray(x)


def _check_shape(op: str, dims: np.ndarray) -> None:
    """TF's TensorShape of the dense shape: no negative dim, no int64 overflow."""
    total = 1
    for d in dims.tolist():
        if d < 0:
            raise C.fail(op, f"Dimension {d} must be >= 0")
    for d in dims.tolist():
        total *= d
        if total > _INT64_MAX:
            shown = ",".join(str(int(v)) for v in dims)
            raise C.fail(op, f"Shape [{shown}] would have more than 2**63 - 1 elements")


def _values_dtype(values: Any) -> dt.DType:
    return dt.string if values.dtype == object else dt.as_dtype(values.dtype)


# ---------------------------------------------------------------------------------------
# AddSparseToTensorsMap: one SparseTensor, one key.
# ---------------------------------------------------------------------------------------

def _add_infer(indices: Any, values: Any, shape: Any, *, container: str = "",
               shared_name: str = "", node: Any = None) -> list:
    check_components(_ADD, indices, values, shape)
    return [((), dt.int64)]


def _add_kernel(xp: Any, indices: Any, values: Any, shape: Any, *, container: str = "",
                shared_name: str = "", node: Any = None) -> np.ndarray:
    idx, vals, dims = _host(indices), _host(values), _host(shape)
    _check_shape(_ADD, dims)
    if idx.shape[0] != vals.shape[0]:
        raise C.fail(_ADD, f"indices and values rows (indexing dimension) must match. "
                           f"(indices = {idx.shape[0]}, values = {vals.shape[0]})")
    if idx.shape[1] != dims.size:
        raise C.fail(_ADD, "Order length must be SparseTensor rank.")
    m = _map(_ADD, container, shared_name, node, {})
    return np.int64(m.add([(idx.copy(), vals.copy(), dims.copy(), _values_dtype(vals))])[0])


# ---------------------------------------------------------------------------------------
# AddManySparseToTensorsMap: a key per row of the first dimension.
# ---------------------------------------------------------------------------------------

def _many_infer(indices: Any, values: Any, shape: Any, *, container: str = "",
                shared_name: str = "", node: Any = None) -> list:
    check_components(_ADD_MANY, indices, values, shape)
    return [((None,), dt.int64)]


def _many_kernel(xp: Any, indices: Any, values: Any, shape: Any, *, container: str = "",
                 shared_name: str = "", node: Any = None) -> np.ndarray:
    op = _ADD_MANY
    idx, vals, dims = _host(indices), _host(values), _host(shape)
    shown = C.shape_str(idx.shape)
    if vals.shape[0] != idx.shape[0]:
        raise C.fail(op, f"Number of values must match first dimension of indices. Got "
                         f"{vals.shape[0]} values, indices shape: {shown}")
    if dims.size != idx.shape[1]:
        raise C.fail(op, f"Number of dimensions must match second dimension of indices. Got "
                         f"{dims.size} dimensions, indices shape: {shown}")
    if dims.size < 2:
        raise C.fail(op, f"Rank of input SparseTensor should be > 1, but saw rank: {dims.size}")
    check_sparse(op, idx, dims)
    n = int(dims[0])
    C.check_size(op, (n,), dt.int64)  # (TF 2.21 tries to allocate a huge batch's keys)
    d = _values_dtype(vals)
    rows = idx[:, 0]
    full, starts = np.unique(rows, return_index=True)  # (the indices are sorted)
    bounds = list(starts) + [len(rows)]
    parts = [(idx[a:b, 1:].copy(), vals[a:b].copy(), dims[1:].copy(), d)
             for a, b in zip(bounds, bounds[1:])]
    unused = np.ones(n, bool)
    unused[full] = False
    empty = np.flatnonzero(unused)
    # (one empty SparseTensor for every empty row: nothing ever writes to a stored one)
    blank = (np.zeros((0, dims.size - 1), np.int64), vals[:0].copy(), dims[1:].copy(), d)
    keys = _map(op, container, shared_name, node, {}).add(parts + [blank] * len(empty))
    out = np.empty(n, np.int64)
    out[np.concatenate([full, empty]).astype(np.int64)] = keys
    return out


# ---------------------------------------------------------------------------------------
# TakeManySparseFromTensorsMap: the SparseTensors of some keys, joined.
# ---------------------------------------------------------------------------------------

def _take_infer(handles: Any, *, dtype: Any, container: str = "", shared_name: str = "",
                node: Any = None) -> list:
    if handles._dtype is not dt.int64:
        raise C.wrong_input_dtype(_TAKE, 0, dt.int64, handles._dtype)
    if handles._shape is not None and len(handles._shape) != 1:
        raise C.fail(_TAKE, f"sparse_handles should be a vector but received shape "
                            f"{C.shape_str(handles._shape)}")
    return [((None, None), dt.int64), ((None,), dt.as_dtype(dtype)), ((None,), dt.int64)]


def _take_kernel(xp: Any, handles: Any, *, dtype: Any, container: str = "",
                 shared_name: str = "", node: Any = None) -> tuple:
    op = _TAKE
    keys = _host(handles)
    if keys.ndim != 1:
        raise C.fail(op, f"sparse_handles should be a vector but received shape "
                         f"{C.shape_str(keys.shape)}")
    if keys.size == 0:
        raise C.fail(op, "Must have at least 1 serialized SparseTensor, but input matrix has "
                         "0 rows")
    want = dt.as_dtype(dtype)
    m = _map(op, container, shared_name, node, {"dtype": want})
    parts = m.take(op, [int(k) for k in keys])
    rank = None
    for k, (_, _, dims, got) in enumerate(parts):
        if got is not want:
            raise C.fail(op, f"Requested SparseTensor of type {C.dtype_word(want)} but "
                             f"SparseTensor[{k}].values.dtype() == {C.dtype_word(got)}")
        if rank is not None and dims.size + 1 != rank:
            raise C.fail(op, f"Inconsistent rank across SparseTensors: rank prior to "
                             f"SparseTensor[{k}] was: {rank} but rank of SparseTensor[{k}] "
                             f"is: {dims.size + 1}")
        rank = dims.size + 1
    indices = [np.concatenate([np.full((len(i), 1), k, np.int64), i], 1)
               for k, (i, _, _, _) in enumerate(parts)]
    np_dtype = object if want is dt.string else want.as_numpy_dtype
    values = np.concatenate([v for _, v, _, _ in parts]).astype(np_dtype)
    dims = np.max([p[2] for p in parts], axis=0) if rank > 1 else np.zeros(0, np.int64)
    return (np.concatenate(indices, 0).reshape(-1, rank), values,
            np.concatenate([[len(parts)], dims]).astype(np.int64))


# ---------------------------------------------------------------------------------------
# The registered ops, their TF form (a graph's node keeps a kernel of its own) and samples.
# ---------------------------------------------------------------------------------------

def _load(get: Any, names: tuple) -> Any:
    def load(node: Any) -> Any:
        attrs = {k: node.attrs[k] for k in names if k in node.attrs}
        if _state.graph is None:
            return bind(get(), tuple(node.inputs), attrs)
        kernel = CreatorNode()
        out = bind(get(), tuple(node.inputs), dict(attrs, node=kernel))
        kernel.op = (out[0] if isinstance(out, (tuple, list)) else out)._op
        return out
    return load


def _i64(x: Any) -> np.ndarray:
    return np.asarray(x, np.int64)


_SAMPLE_MAP = "sample_tensors_map"


class _Replenished(SparseTensorsMap):
    """The samples' map: the generic suites take the same keys many times, and each must
    find a SparseTensor; a key it lacks holds [[1]] -> 2.5 of shape [3]."""

    def take(self, op: str, keys: list) -> list:
        with self._lock:
            for k in keys:
                self.items.setdefault(k, (_i64([[1]]), np.float32([2.5]), _i64([3]),
                                          dt.float32))
        return super().take(op, keys)


def _take_samples() -> list:
    with _MAPS_LOCK:
        _EAGER.setdefault(("localhost", _SAMPLE_MAP), _Replenished(_SAMPLE_MAP))
    return [Sample((_i64([0, 1]),), {"dtype": dt.float32, "shared_name": _SAMPLE_MAP},
                   grad=False)]


def _ref_take(handles: np.ndarray, *, dtype: Any, **_attrs: Any) -> tuple:
    n = len(handles)
    return (np.array([[k, 1] for k in range(n)], np.int64), np.full(n, 2.5, np.float32),
            _i64([n, 3]))


def _handle_ref(indices: np.ndarray, values: np.ndarray, shape: np.ndarray,
                **_attrs: Any) -> np.ndarray:
    return np.int64(0)  # (a key: the generic suites check its shape and dtype)


def _many_ref(indices: np.ndarray, values: np.ndarray, shape: np.ndarray,
              **_attrs: Any) -> np.ndarray:
    return np.zeros(int(shape[0]), np.int64)


_SPARSE = (_i64([[0, 1], [2, 0], [2, 3]]), np.float32([1.5, -2.0, 3.0]), _i64([3, 4]))
_ATTRS = ("container", "shared_name")

ADD = register(OpDef(
    _ADD, _add_infer, _add_kernel, stateful=True, nondeterministic=True, gpu=False,
    host_inputs=(0, 1, 2), reference=_handle_ref,
    samples=lambda: [Sample(_SPARSE, {"shared_name": "sample_add"}, grad=False),
                     Sample((_i64([[1, 0]]), np.array([b"s"], object), _i64([2, 2])),
                            grad=False)],
    bad_samples=lambda: [
        BadSample((_i64([0]), np.float32([1.0]), _i64([2])), {}, Exception,
                  "Input indices should be a matrix but received shape [1]"),
        BadSample((_i64([[0, 1]]), np.float32([1.0, 2.0]), _i64([2, 3])), {}, Exception,
                  "indices and values rows (indexing dimension) must match. (indices = 1, "
                  "values = 2)"),
        BadSample((_i64([[0, 1]]), np.float32([1.0]), _i64([-2, 3])), {}, Exception,
                  "Dimension -2 must be >= 0"),
        BadSample((_i64([[0, 1]]), np.float32([1.0]), _i64([2, 3, 4])), {}, Exception,
                  "Order length must be SparseTensor rank.")],
    tf=TFForm(load=_load(lambda: ADD, _ATTRS)),
))

ADD_MANY = register(OpDef(
    _ADD_MANY, _many_infer, _many_kernel, stateful=True, nondeterministic=True, gpu=False,
    host_inputs=(0, 1, 2), reference=_many_ref,
    samples=lambda: [Sample(_SPARSE, {"shared_name": "sample_add"}, grad=False)],
    bad_samples=lambda: [
        BadSample((_i64([[0, 1]]), np.float32([1.0, 2.0]), _i64([2, 3])), {}, Exception,
                  "Number of values must match first dimension of indices. Got 2 values, "
                  "indices shape: [1,2]"),
        BadSample((_i64([[0]]), np.float32([1.0]), _i64([2])), {}, Exception,
                  "Rank of input SparseTensor should be > 1, but saw rank: 1"),
        BadSample((_i64([[1, 0], [0, 1]]), np.float32([1.0, 2.0]), _i64([2, 3])), {},
                  Exception, "indices[1] = [0,1] is out of order.")],
    tf=TFForm(load=_load(lambda: ADD_MANY, _ATTRS)),
))

TAKE = register(OpDef(
    _TAKE, _take_infer, _take_kernel, num_outputs=3, stateful=True, gpu=False,
    host_inputs=(0,), reference=_ref_take, samples=_take_samples,
    bad_samples=lambda: [
        BadSample((_i64(0),), {"dtype": dt.float32}, Exception,
                  "sparse_handles should be a vector but received shape []"),
        BadSample((_i64([]),), {"dtype": dt.float32}, Exception,
                  "Must have at least 1 serialized SparseTensor, but input matrix has 0 rows"),
        BadSample((_i64([7]),), {"dtype": dt.float32, "shared_name": "no_such_map"},
                  Exception, "Unable to find SparseTensor: 7 in map: no_such_map")],
    tf=TFForm(load=_load(lambda: TAKE, _ATTRS + ("dtype",))),
))
