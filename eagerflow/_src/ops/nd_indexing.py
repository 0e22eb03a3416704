"""N-dimensional indexing ops: gather_nd, scatter_nd, tensor_scatter_nd_* and unravel_index.

Sits in ops/ after indexing.py (whose index checks and per-batch helper it shares). They
come in adjoint pairs (GatherNd / TensorScatterAdd, ScatterNd / GatherNd), so each one's
gradient is the other. Every index vector is checked against the shape it indexes before
the kernel touches memory: out of range is TF's InvalidArgumentError naming the vector TF
names, or, with `bad_indices_policy="IGNORE"`, a vector left out.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import add_at, scatter_fold, to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_element_count,
    check_finite_size,
    convert_to_tensor,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import concat, reshape, static_ints
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import check_runtime_arg, needs_runtime, runtime_attr, shape_arg
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.indexing import _INDEX_TYPES, _batched, _check_indices, _f64
from eagerflow._src.ops.math import negative
from eagerflow._src.ops.math_base import _t, zeros_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.variables import Variable


def _nd_check_dtypes(op: str, indices: Any) -> None:
    _check_indices(op, indices)


def _gather_nd_infer(params: Any, indices: Any, batch_dims: int,
                     bad_indices_policy: str = "") -> list:
    _nd_check_dtypes("GatherNd", indices)
    _check_policy("GatherNd", bad_indices_policy, params, indices)
    ps, is_ = params._shape, indices._shape
    if ps is None or is_ is None:
        return [(None, params._dtype)]
    if len(ps) < 1:  # (TF's kernel: params first)
        raise C.fail("GatherNd", "params must be at least a vector")
    if len(is_) < 1:
        raise C.fail("GatherNd", "indices must be at least a vector")
    if not 0 <= batch_dims < len(is_) or batch_dims > len(ps):
        raise C.fail("GatherNd", f"batch_dims ({batch_dims}) must be non-negative and less than "
                                 f"the rank of indices ({len(is_)}) and of params ({len(ps)})")
    for i in range(batch_dims):
        if ps[i] is not None and is_[i] is not None and ps[i] != is_[i]:
            raise C.fail("GatherNd", f"params.shape[{i}]: {ps[i]} should be equal to "
                                     f"indices.shape[{i}]: {is_[i]}")
    k = is_[-1]
    if k is not None and k > len(ps) - batch_dims:
        raise C.fail("GatherNd", f"index innermost dimension length must be <= params rank; "
                                 f"saw: {k} vs. {len(ps) - batch_dims}")
    out = tuple(is_[:-1]) + tuple(ps[batch_dims + (k or 0):])
    return [(out, params._dtype)]


# What the gather/scatter ops do with an index vector out of range, by their
# `bad_indices_policy`: raise ("", "DEFAULT" and "ERROR" on the CPU) or leave it out
# ("IGNORE": a gather gives zeros there, a scatter drops that update).
_POLICIES = ("", "DEFAULT", "ERROR", "IGNORE")

# GatherNd's kernels as TF 2.21's CPU build lists them when none takes a node: XLA's
# (types in its order), then the CPU's, one per (Tparams, Tindices) pair, each for the
# known policies only, in its registration order.
_GATHER_ND_XLA = f"Tindices in [DT_INT32, DT_INT16, DT_INT64]; Tparams in [{C.XLA_TYPES}]"
# ScatterNd's and TensorScatterUpdate's CPU kernels: these types, int64 then int32 indices
_SCATTER_CPU_T = ("BOOL", "STRING", "COMPLEX128", "COMPLEX64", "DOUBLE", "FLOAT", "BFLOAT16",
                  "HALF", "INT32", "INT8", "UINT8", "INT16", "UINT16", "UINT32", "INT64",
                  "UINT64")


def _no_scatter_kernel(op: str, t: dt.DType, indices: Any, policy: str,
                       xla_indices: str) -> Exception:
    """TF's NotFoundError for ScatterNd / TensorScatterUpdate of indices whose dtype their
    OpDef takes (int16, uint16) but no CPU kernel does (`xla_indices`: XLA's list)."""
    return C.no_kernel(op, f"T={C.dt_enum(t)}, Tindices={C.dt_enum(indices._dtype)}, "
                           f'bad_indices_policy="{policy}"',
                       others=[("XLA_CPU_JIT", f"Tindices in [{xla_indices}]; T in "
                                               f"[{C.XLA_TYPES}]")] +
                       [("CPU", f"T in [DT_{p}]; Tindices in [DT_{i}]")
                        for p in _SCATTER_CPU_T for i in ("INT64", "INT32")])
# TensorScatterAdd/Sub's CPU kernels, in TF's order (Max/Min's: all but the complex ones)
_SCATTER_ADD_CPU_T = ("COMPLEX128", "COMPLEX64", "DOUBLE", "FLOAT", "BFLOAT16", "HALF", "INT32",
                      "INT8", "UINT8", "INT16", "UINT16", "UINT32", "INT64", "UINT64")


def _no_typed_scatter_kernel(op: str, mode: str, t: dt.DType, indices: Any,
                             policy: str) -> Exception:
    """TF's NotFoundError for TensorScatterAdd/Sub/Max/Min of a T their OpDefs take (any
    type) but no CPU kernel does (bool, string; complex for max and min). TF lists the XLA
    kernel first, but last for Sub."""
    xla = [("XLA_CPU_JIT", f"Tindices in [DT_INT32, DT_INT64]; T in [{C.XLA_TYPES}]")]
    cpu = [("CPU", f"T in [DT_{p}]; Tindices in [DT_{i}]")
           for p in _SCATTER_ADD_CPU_T[2 if mode in ("max", "min") else 0:]
           for i in ("INT64", "INT32")]
    node = f'T={C.dt_enum(t)}, Tindices={C.dt_enum(indices._dtype)}, bad_indices_policy="{policy}"'
    if mode == "sub":
        return C.no_kernel(op, node, others=cpu, later=xla)
    return C.no_kernel(op, node, others=xla + cpu)


_GATHER_ND_CPU_PARAMS = (
    "FLOAT8_E4M3FN", "FLOAT8_E5M2", "QINT32", "QUINT8", "QINT8", "VARIANT", "RESOURCE",
    "STRING", "BOOL", "COMPLEX128", "COMPLEX64", "DOUBLE", "FLOAT", "BFLOAT16", "HALF",
    "INT32", "INT8", "UINT8", "INT16", "UINT16", "UINT32", "INT64", "UINT64")


def _gather_nd_kernels() -> list:
    """(device, constraints) of each GatherNd kernel, in TF's order (C.no_kernel's)."""
    policies = ", ".join(f'"{p}"' for p in _POLICIES)
    return [("XLA_CPU_JIT", _GATHER_ND_XLA)] + [
        ("CPU", f"Tparams in [DT_{p}]; Tindices in [DT_{i}]; bad_indices_policy in "
                f"[{policies}]")
        for p in _GATHER_ND_CPU_PARAMS for i in ("INT64", "INT32", "INT16")]


def _check_policy(op: str, policy: str, params: Any, indices: Any) -> None:
    if policy in _POLICIES:
        return
    if op == "GatherNd":  # (TF registers GatherNd's kernels for the known policies only)
        raise C.no_kernel(op, f"Tindices={C.dt_enum(indices._dtype)}, Tparams="
                              f'{C.dt_enum(params._dtype)}, bad_indices_policy="{policy}"',
                          others=_gather_nd_kernels())
    raise C.fail(op, f"Unknown bad indices handling attribute: {policy}")


def _nd_bounds(op: str, indices: Any, shape: tuple, word: str = "shape",
               policy: str = "", batch_dims: int = 0) -> Any:
    """Raises TF's error for an index vector out of range (TF names the last one, its
    batch coordinates in front); with the IGNORE policy, returns instead which vectors
    are (a flat mask; None when none can be)."""
    k = indices.shape[-1]
    if k == 0:  # empty index vectors select whole slices: nothing can be out of range
        return None
    flat = indices.reshape(-1, k)
    inner = shape[batch_dims:batch_dims + k]
    bad = sum((flat[:, j] >= int(d)) for j, d in enumerate(inner)) + (flat < 0).any(axis=1)
    if policy == "IGNORE":
        return bad.astype(bool)
    if bad.any():
        i = int(bad.nonzero()[0][-1])
        pos = [int(p) for p in np.unravel_index(i, indices.shape[:-1])]
        vec = ", ".join(str(v) for v in pos[:batch_dims] + [int(v) for v in flat[i]])
        if batch_dims:  # (TF's batch_gather_nd merges the batch dims into one first)
            pos = [int(np.ravel_multi_index(pos[:batch_dims], indices.shape[:batch_dims]))] + \
                pos[batch_dims:]
        suffix = ", node name: GatherNd" if op == "GatherNd" else ""
        raise InvalidArgumentError(None, None, f"indices[{','.join(map(str, pos))}] = [{vec}] "
                                               f"does not index into {word} "
                                               f"{C.shape_str(shape)}{suffix} [Op:{op}]")


def _gather_nd_one(xp: Any, params: Any, indices: Any) -> Any:
    k = indices.shape[-1]
    key = tuple(xp.moveaxis(indices, -1, 0)) if k else ()
    out = params[key] if k else xp.broadcast_to(params, indices.shape[:-1] + params.shape).copy()
    return out


def _gather_nd_kernel(xp: Any, params: Any, indices: Any, batch_dims: int,
                      bad_indices_policy: str = "") -> Any:
    out_shape = indices.shape[:-1] + params.shape[batch_dims + indices.shape[-1]:]
    if params.size == 0 and math.prod(indices.shape[:-1]) > 0:  # (TF checks this first)
        raise InvalidArgumentError(None, None, f"Requested more than 0 entries, but params is "
                                               f"empty.  Params shape: "
                                               f"{C.shape_str(params.shape)} [Op:GatherNd]")
    policy = bad_indices_policy
    if xp is not np and policy in ("", "DEFAULT"):
        policy = "IGNORE"  # (TF's GPU kernel gives zeros there, as tf.gather_nd documents)
    bad = _nd_bounds("GatherNd", indices, params.shape, "param shape", policy, batch_dims)
    # (IGNORE: gather from index 0, then zero those rows; a device does both unasked, as
    # asking whether any is out of range would read the answer back)
    fix = bad is not None and (xp is not np or bool(bad.any()))
    if fix:
        if params.size == 0:
            return xp.zeros(out_shape, params.dtype)
        indices = xp.where(bad.reshape(indices.shape[:-1] + (1,)), 0, indices)
    if batch_dims == 0:
        out = _gather_nd_one(xp, params, indices)
    else:
        parts = _batched(lambda p, i: _gather_nd_one(xp, p, i), params, indices, batch_dims)
        out = xp.stack(parts).reshape(out_shape) if parts else xp.zeros(out_shape, params.dtype)
    if fix:
        rows = bad.reshape(indices.shape[:-1] + (1,) * (out.ndim - indices.ndim + 1))
        out = xp.where(rows, xp.zeros((), out.dtype), out)
    return out


def _gather_nd_grad(n: Any, g: Any) -> list:
    params, indices = n.inputs
    b = n.attrs["batch_dims"]
    if b:  # each index vector gets its batch coordinates in front: a plain scatter then
        lead = indices._shape[:-1] if indices._shape is not None else None
        if lead is None or None in lead:
            raise NotImplementedError("gather_nd gradient with batch_dims > 0 needs the "
                                      "indices' shape")
        coords = np.moveaxis(np.indices(lead)[:b], 0, -1)
        coords = EagerTensor(coords.astype(indices._dtype.as_numpy_dtype))
        indices = concat([coords, indices], -1)
    # (with the default policy whatever the node's, as TF's gradient: it raises for an
    # index out of range even where the forward op ignored it)
    return [bind(SCATTER_ADD, (zeros_like(params), indices, g), {}), None]


def _gather_nd_ref(params: np.ndarray, indices: np.ndarray, batch_dims: int,
                   bad_indices_policy: str = "") -> np.ndarray:
    k = indices.shape[-1]
    out_shape = indices.shape[:-1] + params.shape[batch_dims + k:]
    out = np.zeros(out_shape, dtype=params.dtype)
    for pos in np.ndindex(*indices.shape[:-1]):
        vec = tuple(int(v) for v in indices[pos])
        if all(0 <= v < d for v, d in zip(vec, params.shape[batch_dims:])):
            out[pos] = params[pos[:batch_dims] + vec]
    return out


GATHER_ND = register(OpDef(
    "GatherNd", _gather_nd_infer, _gather_nd_kernel, grad=_gather_nd_grad,
    reference=_gather_nd_ref,
    samples=lambda: [
        Sample((_f64(3, 4), np.array([[2, 1], [0, 3], [2, 1]], np.int32)),
               {"batch_dims": 0}),
        Sample((_f64(3, 4, 2), np.array([[[1]], [[0]]], np.int64)), {"batch_dims": 0}),
        Sample((_f64(2, 3, 2), np.array([[1], [0]], np.int32)), {"batch_dims": 1}),
        Sample((_f64(2, 3, 2), np.array([[[1, 0], [1, 0]], [[0, 1], [2, 1]]], np.int64)),
               {"batch_dims": 1}),
        Sample((_f64(3, 4), np.array([[2, 1], [3, 0], [0, -1]], np.int32)),
               {"batch_dims": 0, "bad_indices_policy": "IGNORE"}, grad=False),
        Sample((_f64(2, 3, 2), np.array([[[1, 0], [5, 0]], [[0, 1], [2, 1]]], np.int64)),
               {"batch_dims": 1, "bad_indices_policy": "IGNORE"}, grad=False)],
    bad_samples=lambda: [
        # (TF's CPU kernel's check: its GPU kernel gives zeros there)
        BadSample((np.ones((2, 2)), np.array([[2, 0]], np.int32)), {"batch_dims": 0},
                  InvalidArgumentError, "indices[0] = [2, 0] does not index into "
                                        "param shape [2,2]", cpu_only=True),
        BadSample((np.ones((2, 2)), np.array([[1, 0, 0]], np.int32)),
                  {"batch_dims": 0}, InvalidArgumentError,
                  "index innermost dimension length must be <= params rank; saw: 3 "
                  "vs. 2"),
        BadSample((np.ones((2, 2)), np.array([[1, 0]], np.int32)),
                  {"batch_dims": 0, "bad_indices_policy": "bad"}, NotFoundError,
                  'bad_indices_policy="bad"')],
    tf=TFForm(fixed={"batch_dims": 0}),
))


@dispatchable
@binds_first
def gather_nd(params: Any, indices: Any, batch_dims: int = 0, name: str | None = None,
              bad_indices_policy: str = "") -> Any:
    if needs_runtime(batch_dims):  # TF's wrapper compares it with 0 in Python: refused
        if getattr(_state.graph, "building_function", False):
            bool(batch_dims == 0)
        raise TypeError(f"Argument `batch_dims` must be an int; got {batch_dims}")
    batch_dims = AV.int_arg(batch_dims, "batch_dims")
    if batch_dims == 0:
        return _gather_nd(params, indices, name, bad_indices_policy)
    return _batch_gather_nd(_t(params), _t(indices), batch_dims, name, bad_indices_policy)


@eager_api("params", "indices")
def _gather_nd(params: Any, indices: Any, name: str | None, bad_indices_policy: str) -> Any:
    """tf.gather_nd without batch dimensions: TF hands params and indices to its op's
    wrapper as they were given (a Python list takes the wrapper's slow path)."""
    # (the attr first: TF's fallback, which an attr its fast path does not take sends the
    # call to, converts it before the inputs)
    if isinstance(bad_indices_policy, Tensor):  # (TF's Python compares it with "" first:
        bad_indices_policy == ""  # noqa: B015 - a tensor of no string, its conversion error)
    bad_indices_policy = AV.wrapper_attrs(
        "GatherNd", bad_indices_policy=bad_indices_policy)["bad_indices_policy"]
    if isinstance(params, Variable) and not bad_indices_policy:
        # (as TF's: a variable gathers its own slices, its ResourceGatherNd: resource_gather_nd)
        return params.gather_nd(indices, name)
    return bind(GATHER_ND, (_t(params), _t(indices)),
                {"batch_dims": 0, "bad_indices_policy": bad_indices_policy}, name)


def _batch_gather_nd(params: Any, indices: Any, batch_dims: int, name: str | None,
                     bad_indices_policy: str) -> Any:
    """tf.gather_nd over `batch_dims` leading dimensions. TF's Python checks them and
    runs its ops on tensors it made, inside a name scope of `name` (empty eagerly): their
    errors take the fast path and name no name."""
    if batch_dims < 0:
        raise ValueError("tf.gather_nd does not allow negative batch_dims.")
    for t, what in ((indices, "indices"), (params, "params")):
        if t._shape is not None and batch_dims >= len(t._shape):
            raise ValueError(f"Argument `batch_dims` = {batch_dims} must be less than "
                             f"rank(`{what}`) = {len(t._shape)}")
    ps, is_ = params._shape, indices._shape
    if isinstance(indices, EagerTensor) and ps is not None and is_ is not None and \
            None not in ps[:batch_dims] and None not in is_ and \
            math.prod(ps[:batch_dims]) != math.prod(is_[:batch_dims]):
        # TF's batch_gather_nd reshapes the indices to the params' batch first, to a
        # shape it computed (a tensor): its Reshape's error
        reshape(indices, convert_to_tensor([math.prod(ps[:batch_dims]), *is_[batch_dims:]]))
    return bind(GATHER_ND, (params, indices),
                {"batch_dims": batch_dims, "bad_indices_policy": bad_indices_policy},
                name if _state.graph is not None else None)


def _scatter_outer(op: str, is_: tuple | None, us: tuple | None) -> None:
    """The indices' outer dimensions against the updates' (checked by TF's shape function
    too, when the output's shape is known only as the graph runs)."""
    if is_ is None or us is None or not is_:
        return
    outer = len(is_) - 1
    for i in range(outer):
        a, b = is_[i], us[i] if i < len(us) else None
        if i >= len(us) or a is not None and b is not None and a != b:
            raise C.fail(op, f"Dimensions [0,{outer}) of indices[shape={C.shape_str(is_)}] must "
                             f"match dimensions [0,{outer}) of updates[shape={C.shape_str(us)}]")


def _check_scatter_ranks(op: str, is_: tuple, us: tuple) -> None:
    """The first of ScatterNd's and the TensorScatter ops' shape checks: indices and updates
    of rank one at least."""
    if len(is_) < 1:
        raise C.fail(op, f"Indices shape must have rank at least one. Found:{C.shape_str(is_)}")
    if len(us) < 1:
        raise C.fail(op, f"Updates shape must have rank at least one. Found:{C.shape_str(us)}")


def _scatter_shapes(op: str, indices: Any, updates: Any, shape: tuple | None) -> None:
    """ScatterNd's shape checks in its kernel's order and words: ranks, an empty output,
    the indices' outer dimensions against the updates', then the slices against `shape`."""
    is_, us = indices._shape, updates._shape
    if is_ is None or us is None or shape is None:
        return
    _check_scatter_ranks(op, is_, us)
    n_i, n_u = _known_size(is_), _known_size(us)
    if n_i is not None and n_u is not None and not (n_i == 0 and n_u == 0) and not (
            len(shape) and n_i and n_u):
        raise C.fail(op, "Indices and updates specified for empty output shape")
    _scatter_outer(op, is_, us)
    outer = len(is_) - 1
    ix = is_[-1]
    if ix is None:
        return
    if len(us) - outer != len(shape) - ix or any(
            a is not None and a != b for a, b in zip(us[outer:], shape[ix:])):
        raise C.fail(op, f"Dimensions [{ix},{len(shape)}) of input[shape={C.shape_str(shape)}] "
                         f"must match dimensions [{outer},{len(us)}) of updates[shape="
                         f"{C.shape_str(us)}]")
    if n_i and None not in shape and not _known_size(tuple(shape)):
        raise C.fail(op, f"Indices and updates specified for empty output.  indices shape: "
                         f"{C.shape_str(is_)}")


def _scatter_nd_infer(indices: Any, updates: Any, *dyn: Any, shape: tuple | None,
                      bad_indices_policy: str = "") -> list:
    _nd_check_dtypes("ScatterNd", indices)
    _check_policy("ScatterNd", bad_indices_policy, updates, indices)
    # (TF's CPU kernel is registered for every type: strings are summed by concatenation)
    C.check_dtype("ScatterNd", updates, C.NUMERIC | C.BOOL | frozenset((dt.string,)))
    if indices._dtype is dt.int16:
        raise _no_scatter_kernel("ScatterNd", updates._dtype, indices, bad_indices_policy,
                                 "DT_INT32, DT_INT16, DT_INT64")
    if dyn:  # a shape known when the graph runs (`shape`: what is known of it)
        check_runtime_arg("ScatterNd", dyn, "shape")
        if shape is None or None in shape:
            _scatter_outer("ScatterNd", indices._shape, updates._shape)
            return [(shape, updates._dtype)]
    check_element_count("ScatterNd", shape)
    _scatter_shapes("ScatterNd", indices, updates, shape)
    check_finite_size("ScatterNd", shape, updates._dtype)
    return [(shape, updates._dtype)]


def last_updates(xp: Any, rows: Any, size: int, updates: Any) -> Any:
    """`updates` (n, ...) with each one replaced by the last of those at its row: `rows`
    (n,) numbers in [0, size). A device's scatter of repeated rows stores any one of
    their values (CuPy's, as TF's GPU kernels, leaves it open); of these, whichever
    lands is the last, as on the CPU. Each row's last position by an atomic maximum,
    then a gather: nothing is read back."""
    if xp is np or rows.shape[0] < 2:  # (NumPy's store: the last lands)
        return updates
    last = xp.zeros(size, np.int64)
    xp.maximum.at(last, rows, xp.arange(rows.shape[0], dtype=np.int64))
    return updates[last[rows]]


def _last_at(xp: Any, shape: tuple, key: tuple, updates: Any) -> Any:
    """last_updates for a store of `updates` at `key` (index arrays, in range, over the
    leading dims of an array of `shape`), their rows numbered on the device."""
    n, k = math.prod(key[0].shape), len(key)
    rows = key[0].reshape(n)
    if k > 1 or rows.dtype.itemsize < 8:  # (row numbers past 2**31 need 64 bits)
        rows = rows.astype(np.int64)
    for c, d in zip(key[1:], shape[1:k]):
        rows = rows * d + c.reshape(n)
    want = key[0].shape + tuple(shape[k:])
    if updates.shape != want:
        updates = xp.broadcast_to(updates, want)
    flat = updates.reshape((n,) + tuple(shape[k:]))
    return last_updates(xp, rows, math.prod(shape[:k]), flat).reshape(want)


def _scatter_into(xp: Any, out: Any, indices: Any, updates: Any, mode: str) -> Any:
    key = tuple(xp.moveaxis(indices, -1, 0))
    if mode == "add":
        add_at(xp, out, key, updates)
    elif mode == "update":  # later duplicates win, as TF's CPU kernel does
        if xp is not np and key:
            updates = _last_at(xp, out.shape, key, updates)
        out[key] = updates
    elif mode in ("max", "min"):
        # as TF: an update replaces the value only if it beats it (a NaN never; a NaN stays)
        nan = xp.isnan(out) if out.dtype.kind in "fc" else None
        if nan is not None:
            updates = xp.where(xp.isnan(updates), -np.inf if mode == "max" else np.inf, updates)
        out = scatter_fold(xp, "maximum" if mode == "max" else "minimum", out, key, updates)
        if nan is not None:
            out[nan] = np.nan
    elif mode in ("fmax", "fmin"):
        # as TF's GPU atomics (GpuAtomicMax/Min: CUDA's max and min of floats are fmaxf
        # and fminf): a NaN loses to a number on either side, so a cell is NaN only where
        # it and all its updates are; the fold is order-free. (A 32- or 64-bit integer:
        # CuPy's atomic kernel, written out for the toolchain audit; others sort and scan)
        if out.dtype.kind in "iu" and out.dtype.itemsize >= 4:
            if mode == "fmax":
                xp.maximum.at(out, key, updates)
            else:
                xp.minimum.at(out, key, updates)
        else:
            out = scatter_fold(xp, mode, out, key, updates)
    return out


def _kept(xp: Any, op: str, indices: Any, updates: Any, shape: tuple, policy: str) -> tuple:
    """The index vectors (and their updates) a scatter applies: all, or (IGNORE) those in
    range; raises TF's error for one out of range otherwise, on the CPU: TF's GPU kernels
    ignore such a vector (as tf.scatter_nd documents)."""
    if xp is not np and policy in ("", "DEFAULT"):
        policy = "IGNORE"
    bad = _nd_bounds(op, indices, shape, policy=policy)
    if bad is None or not bad.any():
        return indices, updates
    keep = ~bad
    lead = indices.shape[:-1]
    n = math.prod(lead)  # (counted: -1 is ambiguous when a slice is empty)
    return (indices.reshape(n, indices.shape[-1])[keep],
            updates.reshape((n,) + updates.shape[len(lead):])[keep])


def _skips_on_device(xp: Any, indices: Any, policy: str) -> bool:
    """Whether a scatter runs as TF's GPU kernel does, skipping an index vector out of
    range where it lands, without reading the indices back: on a device, for index
    vectors of one coordinate or more, unless the ERROR policy asks for the check."""
    return xp is not np and indices.shape[-1] > 0 and policy in ("", "DEFAULT", "IGNORE")


def scatter_skipping(xp: Any, base: Any, shape: tuple, dtype: Any, indices: Any,
                      updates: Any, mode: str) -> Any:
    """The scatter of `updates` at `indices` into `base` (None: zeros of `shape` and
    `dtype`) on a device, as TF's GPU kernel runs it: each index vector becomes its row
    of the leading dims flattened, one out of range the row past the end, which the
    result leaves out. Nothing is read back. `mode`: "add", "update" (a repeated index:
    its last update lands, as on the CPU, where TF's GPU kernel lands any one:
    last_updates), "max"/"min" (TF's CPU rule for a NaN) or "fmax"/"fmin" (its GPU
    atomics' rule)."""
    k = indices.shape[-1]
    lead, tail = shape[:k], tuple(shape[k:])
    rows = math.prod(lead)
    # (as unsigned numbers, a negative coordinate is past every row too)
    vectors = indices.reshape(math.prod(indices.shape[:-1]), k).astype(np.uint64)
    key, bad = None, None
    for j, d in enumerate(lead):
        c = vectors[:, j]
        out = c >= np.uint64(d)
        bad = out if bad is None else bad | out
        key = c if key is None else key * np.uint64(d) + c
    key = xp.where(bad, np.uint64(rows), key).view(np.int64)
    grown = xp.zeros((rows + 1,) + tail, dtype) if base is None else \
        xp.empty((rows + 1,) + tail, dtype)
    if base is not None:
        grown[:rows] = base.reshape((rows,) + tail)
    # (one update row per index vector, counted: -1 is ambiguous when a slice is empty)
    _scatter_into(xp, grown, key[:, None], updates.reshape((len(vectors),) + tail), mode)
    return grown[:rows].reshape(shape)


def _scatter_nd_kernel(xp: Any, indices: Any, updates: Any, *dyn: Any, shape: tuple | None,
                       bad_indices_policy: str = "") -> Any:
    if dyn:
        shape = runtime_attr("ScatterNd", _scatter_nd_infer, (indices, updates), dyn, "shape",
                             shape, bad_indices_policy=bad_indices_policy)
    if _skips_on_device(xp, indices, bad_indices_policy):
        return scatter_skipping(xp, None, tuple(shape), updates.dtype, indices, updates,
                                 "add")
    indices, updates = _kept(xp, "ScatterNd", indices, updates, shape, bad_indices_policy)
    # (a string output starts empty and adds by concatenation, each update in turn)
    zeros = np.full(shape, b"", object) if updates.dtype == object else \
        xp.zeros(shape, dtype=updates.dtype)
    return _scatter_into(xp, zeros, indices, updates, "add")


def _scatter_ref(base: np.ndarray, indices: np.ndarray, updates: np.ndarray,
                 mode: str) -> np.ndarray:
    """(Index vectors out of range are skipped: the IGNORE policy; the others raise first.)"""
    out = base.copy()
    k = indices.shape[-1]
    for pos in np.ndindex(*indices.shape[:-1]):
        key = tuple(int(v) for v in indices[pos])
        if not all(0 <= v < d for v, d in zip(key, out.shape)):
            continue
        tail = updates[pos] if updates.ndim > len(pos) else updates[pos]
        for sub in np.ndindex(*out.shape[k:]):
            u = tail[sub] if sub else tail
            if mode == "add":
                out[key + sub] += u
            elif mode == "update":
                out[key + sub] = u
            elif mode == "max":
                out[key + sub] = max(out[key + sub], u)
            else:
                out[key + sub] = min(out[key + sub], u)
    return out


SCATTER_ND = register(OpDef(
    "ScatterNd", _scatter_nd_infer, _scatter_nd_kernel,
    grad=lambda n, g: [None, bind(GATHER_ND, (g, n.inputs[0]), {"batch_dims": 0})] +
    [None] * (len(n.inputs) - 2),
    reference=lambda indices, updates, shape, bad_indices_policy="": _scatter_ref(
        np.zeros(shape, updates.dtype), indices, updates, "add"),
    samples=lambda: [
        Sample((np.array([[1], [3], [1]], np.int32), _f64(3)), {"shape": (5,)},
               grad_inputs=(1,)),
        Sample((np.array([[1, 0], [0, 2]], np.int64), _f64(2, 4)), {"shape": (2, 3, 4)},
               grad_inputs=(1,)),
        Sample((np.array([[1], [7], [-1], [1]], np.int32), _f64(4)),
               {"shape": (5,), "bad_indices_policy": "IGNORE"}, grad=False)],
    bad_samples=lambda: [
        # (TF's CPU kernel's check: its GPU kernel ignores that vector)
        BadSample((np.array([[5]], np.int32), np.ones(1)), {"shape": (5,)},
                  InvalidArgumentError, "indices[0] = [5] does not index into shape "
                                        "[5]", cpu_only=True),
        BadSample((np.array([[1]], np.int32), np.ones(2)), {"shape": (5,)},
                  InvalidArgumentError, "Dimensions [0,1) of indices[shape=[1,1]] must "
                                        "match dimensions [0,1) of updates[shape=[2]]"),
        BadSample((np.array([[1]], np.int32), np.ones(1)), {"shape": (-5,)},
                  InvalidArgumentError, "must be >= 0"),
        BadSample((np.array([[1]], np.int32), np.ones(1)),
                  {"shape": (5,), "bad_indices_policy": "bad"}, InvalidArgumentError,
                  "Unknown bad indices handling attribute: bad")],
))


@eager_api("indices", "updates", "shape")
def scatter_nd(indices: Any, updates: Any, shape: Any, bad_indices_policy: str = "",
               name: str | None = None) -> Any:
    attrs = AV.wrapper_attrs("ScatterNd", bad_indices_policy=bad_indices_policy)
    if shape.__class__ is EagerTensor and shape._dtype in _INDEX_TYPES and \
            not isinstance(indices, Tensor):  # (TF converts the indices to the shape's dtype)
        i = convert_to_tensor(indices, dtype=shape._dtype)
    else:
        i = _t(indices)
    if shape.__class__ is EagerTensor and (shape._dtype is not i._dtype or
                                           i._dtype not in _INDEX_TYPES):
        # TF's attr Tindices is set by the indices, then shape must have their dtype
        C.check_dtype("ScatterNd", i, _INDEX_TYPES, "Tindices")
        raise C.wrong_input_dtype("ScatterNd", 2, i._dtype, shape._dtype)
    static, dyn = shape_arg(shape) if _state.graph is not None else (static_ints(shape), ())
    return bind(SCATTER_ND, (i, _t(updates)) + dyn, {"shape": static, **attrs}, name)


def _known_size(shape: tuple) -> int | None:
    return None if None in shape else math.prod(shape)  # (exact: a shape may pass int64)


def _tensor_scatter_shapes(op: str, shape: tuple | None, is_: tuple | None,
                           us: tuple | None) -> None:
    """TensorScatter* shape checks, in the order TF's kernel makes them."""
    if shape is None or is_ is None or us is None:
        return
    _check_scatter_ranks(op, is_, us)
    sizes = [_known_size(s) for s in (shape, is_, us)]
    # nothing may be scattered into an empty tensor, and indices and updates are empty together
    if None not in sizes and not (sizes[1] == sizes[2] == 0) and 0 in sizes:
        raise C.fail(op, "Indices and updates specified for empty output shape")
    outer, k = len(is_) - 1, is_[-1]
    if len(us) < outer or any(a is not None and b is not None and a != b
                              for a, b in zip(is_[:outer], us)):
        raise C.fail(op, f"Outer dimensions of indices and update must match. Indices shape: "
                         f"{C.shape_str(is_)}, updates shape:{C.shape_str(us)}")
    if k is None:
        return
    if len(us) - outer != len(shape) - k:
        raise C.fail(op, f"Inner dimensions of output shape must match inner dimensions of "
                         f"updates shape. Output: {C.shape_str(shape)} updates: "
                         f"{C.shape_str(us)}")
    if any(a is not None and b is not None and a != b for a, b in zip(us[outer:], shape[k:])):
        n = len(shape) - k
        raise C.fail(op, f"The inner {n} dimensions of output.shape={C.shape_str(shape)} must "
                         f"match the inner {n} dimensions of updates.shape={C.shape_str(us)}")
    if not shape:
        raise C.fail(op, f"Output must be at least 1-D, got shape: {C.shape_str(shape)}")
    if len(is_) == 1:  # the kernel then reads a vector of indices as is_[0] 1-element indices
        if is_[0] is not None and us[0] is not None and is_[0] != us[0]:
            raise C.fail(op, f"Dimensions [0,1) of indices[shape={C.shape_str(is_)}] = {is_[0]} "
                             f"must match dimensions [0,1) of updates[shape={C.shape_str(us)}] "
                             f"= {us[0]}")
        if len(us) != len(shape) or any(a is not None and b is not None and a != b
                                        for a, b in zip(us[1:], shape[1:])):
            raise C.fail(op, f"Dimensions [1,{len(shape)}) of input[shape={C.shape_str(shape)}] "
                             f"must match dimensions [1,{len(us)}) of updates[shape="
                             f"{C.shape_str(us)}]")
        k = 1
    if not 1 <= k <= 7:
        raise C.fail(op, f"Only indices.shape[-1] values between 1 and 5 are currently "
                         f"supported.  Requested rank: {k}")


# TensorScatterMax/Min on a device fold as TF's GPU kernels' atomics (GpuAtomicMax/Min,
# CUDA's fmax/fmin: a NaN, in the tensor or an update, loses to a number)
_ON_DEVICE = {"max": "fmax", "min": "fmin"}


def _tensor_scatter(op_name: str, mode: str) -> Any:
    # TF's CPU kernels: any type for update, numbers for add/sub, real numbers for max/min
    allowed = {"update": C.ALL, "add": C.NUMERIC, "sub": C.NUMERIC}.get(mode, C.REALS)
    # TF's OpDefs: update's indices may be int16 or uint16 too (no CPU kernel takes them)
    tindices = C.INDEX | {dt.int16, dt.uint16} if mode == "update" else C.INDEX

    def infer(tensor: Any, indices: Any, updates: Any, bad_indices_policy: str = "") -> list:
        C.check_dtype(op_name, indices, tindices, "Tindices")
        if tensor._dtype not in allowed:  # (any T in TF's OpDef: the kernel look-up fails)
            raise _no_typed_scatter_kernel(op_name, mode, tensor._dtype, indices,
                                           bad_indices_policy)
        _check_policy(op_name, bad_indices_policy, tensor, indices)
        if tensor._dtype is not updates._dtype:
            raise C.fail(op_name, f"cannot compute {op_name} as input #2(zero-based) was "
                                  f"expected to be a {C.dtype_word(tensor._dtype)} tensor but "
                                  f"is a {C.dtype_word(updates._dtype)} tensor")
        if indices._dtype not in C.INDEX:
            raise _no_scatter_kernel(op_name, tensor._dtype, indices, bad_indices_policy,
                                     "DT_INT32, DT_INT16, DT_INT64, DT_UINT16")
        _tensor_scatter_shapes(op_name, tensor._shape, indices._shape, updates._shape)
        return [(tensor._shape, tensor._dtype)]

    def kernel(xp: Any, tensor: Any, indices: Any, updates: Any,
               bad_indices_policy: str = "") -> Any:
        # (a device's max and min are TF's GPU atomics, CUDA's fmax/fmin: a NaN loses)
        how = "add" if mode == "sub" else _ON_DEVICE.get(mode, mode) if xp is not np else mode
        if _skips_on_device(xp, indices, bad_indices_policy):
            return scatter_skipping(xp, tensor, tensor.shape, tensor.dtype, indices,
                                     -updates if mode == "sub" else updates, how)
        indices, updates = _kept(xp, op_name, indices, updates, tensor.shape,
                                 bad_indices_policy)
        return _scatter_into(xp, tensor.copy(), indices,
                             -updates if mode == "sub" else updates, how)

    def grad(n: Any, g: Any) -> list:
        tensor, indices, updates = n.inputs
        gu = bind(GATHER_ND, (g, indices), {"batch_dims": 0})  # (default policy, as TF)
        if mode == "add":
            return [g, None, gu]
        if mode == "sub":
            return [g, None, negative(gu)]
        if mode == "update":
            return [bind(SCATTER_UPDATE, (g, indices, zeros_like(updates)), {}), None, gu]
        return [None, None, None]

    ref_mode = "add" if mode == "sub" else mode

    def samples() -> list:
        out = [Sample((_f64(5), np.array([[1], [3]], np.int32), _f64(2)), grad_inputs=(0, 2)),
               Sample((_f64(3, 2), np.array([[2], [0]], np.int64), _f64(2, 2)),
                      grad_inputs=(0, 2)),
               Sample((_f64(5), np.array([[1], [9], [-2]], np.int32), _f64(3)),
                      {"bad_indices_policy": "IGNORE"}, grad=False)]
        return [Sample(s.inputs, s.attrs, grad=False) for s in out] if mode in ("max", "min") \
            else out

    return register(OpDef(
        op_name, infer, kernel, grad=grad,
        reference=lambda t, i, u, bad_indices_policy="": _scatter_ref(
            t, i, -u if mode == "sub" else u, ref_mode),
        samples=samples,
        # (TF's CPU kernel's check: its GPU kernel ignores that vector)
        bad_samples=lambda: [BadSample((np.ones(4), np.array([[4]], np.int32), np.ones(1)), {},
                                       InvalidArgumentError, "indices[0] = [4] does not index into "
                                                             "shape [4]", cpu_only=True)],
    ))


SCATTER_UPDATE = _tensor_scatter("TensorScatterUpdate", "update")
SCATTER_ADD = _tensor_scatter("TensorScatterAdd", "add")
SCATTER_SUB = _tensor_scatter("TensorScatterSub", "sub")
SCATTER_MAX = _tensor_scatter("TensorScatterMax", "max")
SCATTER_MIN = _tensor_scatter("TensorScatterMin", "min")


def _ts(op: OpDef) -> Any:
    def f(tensor: Any, indices: Any, updates: Any, bad_indices_policy: str = "",
          name: str | None = None) -> Any:
        attrs = AV.wrapper_attrs(op.name, bad_indices_policy=bad_indices_policy)
        # (TF's wrapper: tensor and updates share T, the first tensor's dtype among them; a
        # NumPy array cast to it)
        t, u = wrapper_inputs.op_inputs(op.name, (tensor, updates), "T",
                                        wrapper_inputs.passed_raw(tensor, indices, updates))
        return bind(op, (t, _t(indices), u), attrs, name)
    f.__name__ = op.name
    return f


@dispatch_binding
@eager_api("tensor", "indices", "updates")
def tensor_scatter_nd_update(tensor: Any, indices: Any, updates: Any,
                             name: str | None = None) -> Any:
    """(TF's Python function has no `bad_indices_policy`, though its op does.)"""
    return _tensor_scatter_nd_update(tensor, indices, updates, "", name)


_tensor_scatter_nd_update = _ts(SCATTER_UPDATE)
# (a list among their inputs sends TF's wrappers down their slow path, as update's)
tensor_scatter_nd_add = eager_api("tensor", "indices", "updates")(_ts(SCATTER_ADD))
tensor_scatter_nd_sub = eager_api("tensor", "indices", "updates")(_ts(SCATTER_SUB))
tensor_scatter_nd_max = eager_api("tensor", "indices", "updates")(_ts(SCATTER_MAX))
tensor_scatter_nd_min = eager_api("tensor", "indices", "updates")(_ts(SCATTER_MIN))


# ---------------------------------------------------------------------------------------
# unravel_index.
# ---------------------------------------------------------------------------------------

def _unravel_infer(indices: Any, dims: Any) -> list:
    d = C.check_dtype("UnravelIndex", indices, C.INDEX, "Tidx")
    if dims._dtype is not d:
        raise C.wrong_input_dtype("UnravelIndex", 1, d, dims._dtype)
    # (TF's kernel words the dims' check as the indices', quoting both shapes)
    if indices._shape is not None and len(indices._shape) > 1:
        raise C.fail("UnravelIndex", f"The indices can only be scalar or vector, got "
                                     f"\"{C.shape_str(indices._shape)}\"")
    if dims._shape is not None and len(dims._shape) != 1:
        raise C.fail("UnravelIndex", f"The indices can only be 1-D, got "
                                     f"\"{C.shape_str(dims._shape)}\"")
    n = None if dims._shape is None else dims._shape[0]
    if indices._shape is None:
        return [(None, d)]
    return [((n,) + tuple(indices._shape), d)]


def _unravel_kernel(xp: Any, indices: Any, dims: Any) -> Any:
    if indices.size == 0:  # (TF's kernel refuses no indices first, showing the tensor)
        raise InvalidArgumentError(None, None, (
            f"received empty tensor indices: Tensor<type: {indices.dtype.name} shape: "
            f"{C.shape_str(indices.shape)} values: > [Op:UnravelIndex]"))
    if (dims <= 0).any():  # (TF's kernel checks each dim in turn)
        host = to_host(dims)
        i = int(np.argmax(host <= 0))
        d = int(host[i])
        raise InvalidArgumentError(None, None, (
            f"Input dims cannot contain a dim of zero, but dims contains zero at index {i}"
            if d == 0 else f"Input dims cannot be negative. Got dim = {d} at index {i}")
            + " [Op:UnravelIndex]")
    total = int(dims.astype(np.int64).prod())
    # (TF's kernel bounds the indices above only: a negative one is unravelled by C's
    # truncating division and remainder, -1 of [3, 4] being [0, -1])
    if (indices >= total).any():
        raise InvalidArgumentError(None, None, "index is out of bound as with dims "
                                               "[Op:UnravelIndex]")
    if dims.size == 0:  # no dims: every in-bounds index has no coordinates
        return xp.zeros((0,) + indices.shape, indices.dtype)
    sizes = [int(v) for v in to_host(dims)]
    idx = indices.astype(np.int64)
    sign, mag = xp.where(idx < 0, -1, 1), xp.abs(idx)
    strides = np.cumprod([1] + sizes[:0:-1])[::-1]
    return xp.stack([xp.fmod(sign * (mag // int(st)), d)
                     for st, d in zip(strides, sizes)]).astype(indices.dtype)


def _unravel_ref(indices: np.ndarray, dims: np.ndarray) -> np.ndarray:
    flat = indices.reshape(-1).tolist()
    out = np.empty((len(dims), len(flat)), dtype=indices.dtype)
    for j, v in enumerate(flat):
        for i in range(len(dims) - 1, -1, -1):
            d = int(dims[i])
            q = -(-v // d) if v < 0 else v // d  # (C's truncating quotient, as TF's)
            out[i, j], v = v - q * d, q
    return out.reshape((len(dims),) + indices.shape)


UNRAVEL_INDEX = register(OpDef(
    "UnravelIndex", _unravel_infer, _unravel_kernel, reference=_unravel_ref,
    gpu=False,  # (TF registers its CPU kernel only: a GPU's inputs are placed on CPU:0)
    samples=lambda: [
        Sample((np.array([5, 7, 0, 11], np.int32), np.array([3, 4], np.int32)), grad=False),
        Sample((np.array(23, np.int64), np.array([2, 3, 4], np.int64)), grad=False)],
    bad_samples=lambda: [BadSample((np.array([12], np.int32), np.array([3, 4], np.int32)), {},
                                   InvalidArgumentError, "index is out of bound as with dims"),
                         BadSample((np.array([1], np.int32), np.array([3, 4], np.int64)), {},
                                   InvalidArgumentError, "expected to be a int32 tensor")],
))


@eager_api("indices", "dims")
def unravel_index(indices: Any, dims: Any, name: str | None = None) -> Any:
    indices, dims = wrapper_inputs.op_inputs("UnravelIndex", (indices, dims))
    return bind(UNRAVEL_INDEX, (indices, dims), {}, name)
