"""TF's ResourceGatherNd: the slices of a variable at index vectors, what `tf.gather_nd(v,
...)` and `v.gather_nd(...)` run on a variable (eagerly and in a traced function), and
tf.raw_ops runs.

Sits in ops/ over nd_indexing.py (GatherNd's slicing) and below variable_scatter.py,
which installs `Variable.gather_nd`. The op's first input is the variable: its handle
eagerly (a raw call, a registry sample), the variable itself in a graph, which a function
captures as TF's does ("GatherNd/resource"). A tape that sees the variable records the
gather against it, as TF's tapes record a variable's gathers: its gradient is TF's, an
IndexedSlices for index vectors of one coordinate, the dense scatter of the gradient
otherwise.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import reshape
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.dispatch import bind, bind_at
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.nd_indexing import _gather_nd_one, scatter_nd
from eagerflow._src.ops.registry import BadSample, OpDef, Resource, Sample, TFForm, register
from eagerflow._src.ops.variables import op_variable, record_read, replay_read, variable_of

_OP = "ResourceGatherNd"
_INDICES = frozenset((dt.int32, dt.int64))


def _variable(x: Any) -> Any:
    return op_variable(x, _OP)


def _infer(h: Any, indices: Any, *, dtype: Any, **_attrs: Any) -> list:
    var = _variable(h)
    if indices._dtype not in _INDICES:
        raise C.not_supported(_OP, indices._dtype, _INDICES, "Tindices")
    dtype = dt.as_dtype(dtype)
    if var is not None and dt.as_dtype(var.dtype) is not dtype:
        raise C.wrong_read_dtype(_OP, dtype, dt.as_dtype(var.dtype))
    ps = None if var is None else var.shape._dims
    is_ = indices._shape
    if ps is None or is_ is None:
        return [(None, dtype)]
    if len(is_) < 1:
        raise C.fail(_OP, "indices must be at least a vector")
    k = is_[-1]
    if k is not None and k > len(ps):
        raise C.fail(_OP, f"index innermost dimension length must be <= params rank; saw: "
                          f"{k} vs. {len(ps)}")
    return [(tuple(is_[:-1]) + tuple(ps[k or 0:]), dtype)]


def _kernel(xp: Any, h: Any, indices: Any, **_attrs: Any) -> Any:
    var = _variable(h)
    # (TF's kernel runs where the variable lives: the slices are taken there, the indices
    # read on the host for their check)
    place = D.lookup(var._device)
    xp = place.xp
    arr = var._arr
    ids = to_host(indices)
    k = ids.shape[-1]
    flat = ids.reshape(math.prod(ids.shape[:-1]), k)  # (k may be 0: whole slices)
    bad = ((flat < 0) | (flat >= np.array(arr.shape[:k], dtype=np.int64))).any(axis=1) \
        if k else np.zeros(len(flat), bool)
    if bad.any():
        i = int(bad.nonzero()[0][0])
        pos = ",".join(str(int(p)) for p in np.unravel_index(i, ids.shape[:-1]))
        vec = ", ".join(str(int(v)) for v in flat[i])
        raise C.fail(_OP, f"indices[{pos}] = [{vec}] does not index into param shape "
                          f"{C.shape_str(arr.shape)}, node name: {_OP}")
    out = _gather_nd_one(xp, arr, D.to_device(indices, place))
    # (ascontiguousarray makes a scalar, one vector's element, a vector of one)
    return xp.ascontiguousarray(out).reshape(out.shape)


def _grad(n: Any, g: Any) -> list:
    """TF's: IndexedSlices of the rows where each index vector has one coordinate (indices
    [n, 1]), the gradient scattered into the variable's shape otherwise."""
    var, indices = n.inputs
    var = _variable(var) if isinstance(var, Tensor) else var  # (a handle: its variable)
    dims = var.shape._dims
    is_ = indices._shape
    rows = is_ is not None and len(is_) == 2 and is_[-1] == 1
    # (ScatterNd takes the shape in its indices' dtype; the slices' shape is int32)
    d = dt.int64 if indices._dtype is dt.int64 and not rows else dt.int32
    shape = convert_to_tensor(np.array(dims, d.as_numpy_dtype)) if dims is not None and \
        None not in dims else shape_of(var.value(), out_type=d)
    if rows:
        return [IndexedSlices(g, reshape(indices, [-1]), shape), None]
    return [scatter_nd(indices, g, shape), None]


def _reference(v: np.ndarray, indices: np.ndarray, **_a: Any) -> tuple:
    k = indices.shape[-1]
    out = np.empty(indices.shape[:-1] + v.shape[k:], v.dtype)
    for pos in np.ndindex(*indices.shape[:-1]):
        out[pos] = v[tuple(int(x) for x in indices[pos])]
    return out, v


def _samples() -> list:
    v = np.linspace(-2.0, 3.5, 12).reshape(4, 3)
    return [Sample((Resource(v), np.array([[2, 1], [0, 0], [2, 1]], np.int32)),
                   {"dtype": dt.float64}),
            Sample((Resource(v), np.array([[3], [1]], np.int64)), {"dtype": dt.float64}),
            Sample((Resource(v.astype(np.float32)), np.array([[[1, 2]], [[3, 0]]], np.int32)),
                   {"dtype": dt.float32}, grad=False),
            Sample((Resource(np.array([6, -7, 9], np.int32)), np.array([[2], [2]], np.int32)),
                   {"dtype": dt.int32})]


def _bad_samples() -> list:
    v = Resource(np.zeros((4, 3)))
    f64 = {"dtype": dt.float64}
    return [
        BadSample((v, np.array([[5, 0]], np.int32)), f64, InvalidArgumentError,
                  "indices[0] = [5, 0] does not index into param shape [4,3], node name: "
                  "ResourceGatherNd"),
        BadSample((v, np.array([[0, 0, 0]], np.int32)), f64, InvalidArgumentError,
                  "index innermost dimension length must be <= params rank; saw: 3 vs. 2"),
        BadSample((v, np.array([[0, 0]], np.int16)), f64, InvalidArgumentError,
                  "Value for attr 'Tindices' of int16 is not in the list of allowed values: "
                  "int32, int64"),
        BadSample((np.ones(2, np.float32), np.array([[0]], np.int32)), {"dtype": dt.float32},
                  InvalidArgumentError, "cannot compute ResourceGatherNd as input "
                                        "#0(zero-based) was expected to be a resource tensor "
                                        "but is a float tensor")]


def _load(node: Any) -> list:
    h, indices = node.inputs
    return [gather_nd(h, indices)]


def _export(node: Any, w: Any) -> list:
    return w.node(_OP, [w.resource(node.inputs[0]), w.input(1)], dict(node.attrs),
                  name=node.name)


RESOURCE_GATHER_ND = register(OpDef(
    _OP, _infer, _kernel, grad=_grad, stateful=True, no_fold=True,
    host_inputs=(1,), reference=_reference, samples=_samples, bad_samples=_bad_samples,
    tf=TFForm(load=_load, export=_export, takes_handles=True),
    # (a function's gradient replays its graph: the slices it read, still the variable's)
    replay_saved=replay_read,
))


def gather_nd(target: Any, indices: Any, name: str | None = None) -> Tensor:
    """TF's ResourceGatherNd of `target` (a variable, or a resource tensor naming one):
    eagerly on its handle (recorded against the variable by the tapes that see it), in a
    graph a node taking the variable, named "GatherNd" as TF's wrapper names it."""
    var = target if not isinstance(target, Tensor) else variable_of(target)
    indices = convert_to_tensor(indices)
    dtype = dt.as_dtype(var.dtype) if var is not None else None
    attrs = {"dtype": dtype, "Tindices": indices._dtype}
    graph = _state.graph
    if var is None:  # (a handle known only when the graph runs)
        return bind(RESOURCE_GATHER_ND, (target, indices), attrs, name)
    if graph is None:
        h = var.handle
        out = bind_at(var._device, RESOURCE_GATHER_ND, (h, indices), attrs, name)
        if _state.tapes:
            record_read(RESOURCE_GATHER_ND, var, h, (indices,), out, attrs)
        return out
    graph.variable_map.setdefault(id(var), var)
    graph.read_vars.setdefault(id(var), var)
    out = graph.add_op(RESOURCE_GATHER_ND, (var, graph.capture(indices)), attrs,
                       name or "GatherNd")[0]
    node = out._op
    if getattr(graph, "building_function", False):
        graph._capture_resource(var, node, "resource")
    for tape in list(_state.tapes or ()):
        tape._on_variable_read(var)
        tape._record(node)
    return out
