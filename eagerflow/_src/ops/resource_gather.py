"""TF's ResourceGather: the rows of a variable, what `tf.gather(v, ...)` (axis 0),
`v.sparse_read(...)` and `tf.nn.embedding_lookup(v, ...)` run on a variable, eagerly, in a
traced function and in a TF 1 graph, and what tf.raw_ops.ResourceGather runs.

Sits in ops/ over indexing.py (GatherV2's checks and adjoint) and below
variable_scatter.py, which installs `Variable.sparse_read` (the public `tf.gather` of a
variable calls it, as TF's does). The op's first input is the variable: its handle
eagerly (a raw call, a registry sample), the variable itself in a graph, which a function
captures as TF's does ("Gather/resource"; graph/var_reads.py names the node). A tape that
sees the variable records the gather against it: its gradient is TF's IndexedSlices of the
variable, built in a graph with TF's ops (the variable's shape, the indices' Size, ...).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, constant, expand_dims, reshape
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.dispatch import bind, bind_at
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.indexing import GATHER_GRAD, _check_indices, _check_range, take
from eagerflow._src.ops.reduce import size
from eagerflow._src.ops.registry import BadSample, OpDef, Resource, Sample, TFForm, register
from eagerflow._src.ops.reshaping import RESHAPE
from eagerflow._src.ops.variables import op_variable, record_read, replay_read, variable_of

_OP = "ResourceGather"
_INDICES = frozenset((dt.int32, dt.int64))


def _infer(h: Any, indices: Any, *, dtype: Any, batch_dims: int = 0,
           **_attrs: Any) -> list:
    var = op_variable(h, _OP)
    _check_indices(_OP, indices, "Tindices", _INDICES)
    dtype = dt.as_dtype(dtype)
    if var is not None and dt.as_dtype(var.dtype) is not dtype:
        raise C.wrong_read_dtype(_OP, dtype, dt.as_dtype(var.dtype))
    if batch_dims < 0:
        raise C.fail(_OP, f"batch_dims is negative ({batch_dims})")
    ps = None if var is None else var.shape._dims
    is_ = indices._shape
    if ps is None or is_ is None:
        return [(None, dtype)]
    _check_batch(ps, is_, batch_dims)
    out = tuple(is_) + tuple(ps[batch_dims + 1:])
    if None not in out:
        check_finite_size(_OP, out, dtype)
    return [(out, dtype)]


def _check_batch(ps: tuple, is_: tuple, batch_dims: int) -> None:
    """The params' rank and the batch dims both share. (TF's kernel aborts the process
    on indices of fewer dims or a batch that differs: GatherV2's words for the latter.)"""
    if len(ps) <= batch_dims:
        raise C.fail(_OP, "params must be at least 1 dimensional" if not batch_dims else
                     f"params must have at least {batch_dims + 1} dimensions")
    if len(is_) < batch_dims:
        raise C.fail(_OP, f"batch_dims ({batch_dims}) must be less than or equal to "
                          f"indices.rank ({len(is_)})")
    for i in range(batch_dims):
        if None not in (ps[i], is_[i]) and ps[i] != is_[i]:
            raise C.fail(_OP, f"params.shape[{i}]: {ps[i]} should be equal to "
                              f"indices.shape[{i}]: {is_[i]}")


def _kernel(xp: Any, h: Any, indices: Any, *, batch_dims: int = 0, **_attrs: Any) -> Any:
    var = op_variable(h, _OP)
    arr = var._arr
    if not arr.ndim:
        raise C.fail(_OP, "params must be at least 1 dimensional")
    if not batch_dims and type(arr) is np.ndarray and type(indices) is np.ndarray:
        _check_range(_OP, indices, arr.shape[0])  # (a host variable: the common case)
        rows = arr.take(indices, axis=0)
    else:
        rows = _rows_where_it_lives(var, arr, indices, batch_dims)
    if (type(rows) is np.ndarray) is not (xp is np):
        # (a variable elsewhere than the op was placed: a TF 1 Session's, held on the host,
        # read by a graph run on a GPU)
        rows = D.to_device(rows, D.lookup(_state.device))
    return rows


def _rows_where_it_lives(var: Any, arr: Any, indices: Any, batch_dims: int) -> Any:
    # (TF's kernel runs where the variable lives: the rows are taken there; a GPU's gives
    # zeros for an index out of range, as tf.gather's, where the CPU's raises)
    place = D.lookup(var._device)
    xp = place.xp
    if not batch_dims:
        return take(xp, _OP, arr, D.to_device(indices, place), 0, check_empty=True)
    ids = to_host(indices)
    # (batch_dims b: row ids within each of the leading b entries, shared by both)
    _check_batch(arr.shape, ids.shape, batch_dims)
    b = int(np.prod(arr.shape[:batch_dims], dtype=np.int64))
    rows = arr.reshape((b,) + arr.shape[batch_dims:])
    # (each entry's count of ids spelled out: -1 cannot be solved for when b is 0)
    flat = ids.reshape((b, int(np.prod(ids.shape[batch_dims:], dtype=np.int64))))
    _check_range(_OP, ids, arr.shape[batch_dims])
    picked = rows[xp.arange(b)[:, None], D.to_device(flat, place)]
    return xp.ascontiguousarray(picked.reshape(ids.shape + arr.shape[batch_dims + 1:]))


def _grad(n: Any, g: Any) -> list:
    """TF's IndexedSlices of the variable: g's rows by the flat indices, its dense shape
    the variable's (a constant where known). While a graph is built, with TF's ops (the
    indices' Size, its ExpandDims, the row shape sliced off and concatenated), so a
    gradient graph names them as TF's; eagerly, two reshapes."""
    h, indices = n.inputs
    var = h if not isinstance(h, Tensor) else op_variable(h, _OP)
    dims = var.shape._dims if var is not None else None
    known = dims is not None and None not in dims
    if n.attrs.get("batch_dims"):  # (no TF gradient of its own: the dense adjoint)
        return [bind(GATHER_GRAD, (g, indices, var.value()),
                     {"axis": n.attrs["batch_dims"], "batch_dims": n.attrs["batch_dims"]}),
                None]
    if _state.graph is None and known and indices._shape is not None:
        n = int(np.prod(indices._shape, dtype=np.int64))  # (eager: the shapes are known)
        return [IndexedSlices(bind(RESHAPE, (g,), {"shape": (n, *dims[1:])}),
                              bind(RESHAPE, (indices,), {"shape": (n,)}),
                              convert_to_tensor(np.array(dims, np.int32))), None]
    shape = constant(dims, dt.int32) if known else shape_of(var.value())
    count = expand_dims(size(indices), 0)
    values = reshape(g, concat([count, shape[1:]], 0))
    return [IndexedSlices(values, reshape(indices, count), shape), None]


def _reference(v: np.ndarray, indices: np.ndarray, *, batch_dims: int = 0,
               **_a: Any) -> tuple:
    out = np.empty(indices.shape + v.shape[batch_dims + 1:], v.dtype)
    for pos in np.ndindex(*indices.shape):
        out[pos] = v[pos[:batch_dims] + (int(indices[pos]),)]
    return out, v


def _samples() -> list:
    v = np.linspace(-2.0, 3.5, 15).reshape(5, 3)
    f64 = {"dtype": dt.float64}
    return [Sample((Resource(v), np.array([4, 0, 4], np.int32)), f64),
            Sample((Resource(v[:, 0].copy()), np.array([[3, 1], [0, 0]], np.int64)), f64),
            Sample((Resource(v.reshape(5, 3, 1)), np.array(2, np.int32)), f64),
            Sample((Resource(v[:4]), np.array([[2], [0], [1], [2]], np.int32)),
                   {"dtype": dt.float64, "batch_dims": 1}, grad=False),
            Sample((Resource(np.array([6, -7, 9], np.int32)), np.array([2, 2], np.int32)),
                   {"dtype": dt.int32})]


def _bad_samples() -> list:
    f64 = {"dtype": dt.float64}
    return [
        # (TF's CPU kernel's checks: its GPU kernel gives zeros for such an index)
        BadSample((Resource(np.ones((3, 2))), np.array([0, 5], np.int32)), f64,
                  InvalidArgumentError, "indices[1] = 5 is not in [0, 3)", cpu_only=True),
        BadSample((Resource(np.ones(3)), np.array([-1], np.int32)), f64,
                  InvalidArgumentError, "indices[0] = -1 is not in [0, 3)", cpu_only=True),
        BadSample((Resource(np.ones(3)), np.array([1], np.int16)), f64, InvalidArgumentError,
                  "Value for attr 'Tindices' of int16 is not in the list of allowed values: "
                  "int32, int64"),
        BadSample((Resource(np.array(1.0)), np.array([0], np.int32)), f64,
                  InvalidArgumentError, "params must be at least 1 dimensional"),
        BadSample((np.ones(2, np.float32), np.array([0], np.int32)), {"dtype": dt.float32},
                  InvalidArgumentError, "cannot compute ResourceGather as input "
                                        "#0(zero-based) was expected to be a resource tensor "
                                        "but is a float tensor")]


def _load(node: Any) -> list:
    """The op on a handle (tf.raw_ops'): where its variable lives, recorded by the tapes
    that watch the handle only (no variable's read, as in TF)."""
    h, indices = node.inputs
    var = variable_of(h)
    if var is None:
        return [bind(RESOURCE_GATHER, (h, indices), dict(node.attrs))]
    return [bind_at(var._device, RESOURCE_GATHER, (h, indices), dict(node.attrs))]


def _export(node: Any, w: Any) -> list:
    a = node.attrs
    attrs = {k: a[k] for k in ("batch_dims", "validate_indices", "dtype", "Tindices")}
    return w.node(_OP, [w.resource(node.inputs[0]), w.input(1)], attrs)


RESOURCE_GATHER = register(OpDef(
    _OP, _infer, _kernel, grad=_grad, stateful=True, no_fold=True,
    reference=_reference, samples=_samples, bad_samples=_bad_samples,
    tf=TFForm(load=_load, export=_export, takes_handles=True),
    # (a function's gradient replays its graph: the rows it read, still the variable's)
    replay_saved=replay_read,
))


def _attrs(var: Any, indices: Tensor) -> dict:
    return {"batch_dims": 0, "validate_indices": True, "dtype": dt.as_dtype(var.dtype),
            "Tindices": indices._dtype}


def resource_gather(target: Any, indices: Any, name: str | None = None,
                    colocate: bool = False) -> Tensor:
    """The rows `indices` of `target` (a variable, or a resource tensor naming one): TF's
    ResourceGather, eagerly on its handle (recorded against the variable by the tapes that
    see it), in a graph a node taking the variable, named `name` or "Gather" as TF's
    `sparse_read` names it; `colocate`: an embedding lookup's node, colocated with the
    handle it captures first."""
    var = target if not isinstance(target, Tensor) else variable_of(target)
    graph = _state.graph
    if var is None:  # (a handle known only when the graph runs)
        indices = convert_to_tensor(indices)
        attrs = {"batch_dims": 0, "validate_indices": True, "dtype": None,
                 "Tindices": indices._dtype}
        return bind(RESOURCE_GATHER, (target, indices), attrs, name)
    indices = convert_to_tensor(indices)
    if graph is not None:
        return graph.gather_variable(RESOURCE_GATHER, var, indices, name or "Gather",
                                     colocate)
    attrs = _attrs(var, indices)
    h = var.handle
    out = bind_at(var._device, RESOURCE_GATHER, (h, indices), attrs, name)
    if _state.tapes:
        record_read(RESOURCE_GATHER, var, h, (indices,), out, attrs)
    return out
