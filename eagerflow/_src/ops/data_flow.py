"""tf.dynamic_partition and tf.dynamic_stitch: TF's DynamicPartition, DynamicStitch and
ParallelDynamicStitch ops, whose outputs are sized by their inputs' values.

Sits in the ops layer after indexing (the gradients gather). They are primitives, not
compositions, because TF 1 graphs hold them as nodes whose values are known only when the
graph runs: `embedding_lookup` of a partitioned variable routes ids to their parts with
DynamicPartition and puts the rows back with ParallelDynamicStitch, and TF's gradients of
reductions over run-time shapes build the reduced shape with DynamicStitch. Each kernel
checks its values as TF's CPU kernel does, with TF's messages, before computing.
Gradients are TF's: a partition's is the stitch of the parts' gradients, a stitch's the
gather of its gradient at each input's indices (every input, where indices repeat too).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.shape import TensorShape, dims_text
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    check_finite_size,
    convert_to_tensor,
    host_tensor,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import concat, reshape
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.composite_dispatch import dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, slow_inputs
from eagerflow._src.ops.elementwise import as_fixed_type
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import floordiv, floormod, maximum
from eagerflow._src.ops.math_base import _t, cast, where, zeros_like
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.reduce import size as size_of
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.stacking import stack

_rng = SampleRNG(58)
_INDEX = frozenset((dt.int32,))


# ---------------------------------------------------------------------------------------
# DynamicPartition: data[partitions == p] for each p.
# ---------------------------------------------------------------------------------------

def _check_count(num_partitions: int) -> None:
    if num_partitions > 2**31 - 1:  # TF's attr is an int32: a list that long cannot be built
        raise ValueError(f"Number of outputs is too big: {num_partitions}")
    C.output_count("DynamicPartition", num_partitions)


def _partition_infer(data: Any, partitions: Any, num_partitions: int) -> list:
    op = "DynamicPartition"
    C.check_dtype(op, partitions, _INDEX, "partitions")
    _check_count(num_partitions)
    C.attr_at_least(op, "num_partitions", num_partitions, 1)  # (its OpDef's min=1)
    d, p = data._shape, partitions._shape
    if _state.graph is not None and d is not None and p is not None:
        C.merge_prefix(op, d, p)  # (traced: its shape function's words)
    if d is not None and p is not None:
        if len(d) < len(p) or any(a is not None and b is not None and a != b
                                  for a, b in zip(d, p)):
            raise C.fail(op, f"data.shape must start with partitions.shape, got data.shape = "
                             f"{dims_text(d)}, partitions.shape = {dims_text(p)}")
    rest = None if d is None or p is None else (None,) + tuple(d[len(p):])
    return [(rest, data._dtype)] * num_partitions


def _partition_kernel(xp: Any, data: Any, partitions: Any, num_partitions: int) -> tuple:
    if data.shape[:partitions.ndim] != partitions.shape:
        raise C.fail("DynamicPartition", f"data.shape must start with partitions.shape, got "
                     f"data.shape = {dims_text(data.shape)}, partitions.shape = "
                     f"{dims_text(partitions.shape)}")
    flat = partitions.reshape(-1)
    bad = (flat < 0) | (flat >= num_partitions)
    if bool(bad.any()):
        i = int(xp.flatnonzero(bad)[0])
        pos = ",".join(str(int(v)) for v in np.unravel_index(i, partitions.shape))
        raise C.fail("DynamicPartition", f"partitions[{pos}] = {int(flat[i])} is not in "
                                         f"[0, {num_partitions})")
    rows = data.reshape((flat.size,) + data.shape[partitions.ndim:])
    return tuple(rows[flat == k] for k in range(num_partitions))


def _partition_ref(data: np.ndarray, partitions: np.ndarray, num_partitions: int) -> tuple:
    outs: list = [[] for _ in range(num_partitions)]
    rows = data.reshape((partitions.size,) + data.shape[partitions.ndim:])
    for row, p in zip(rows, partitions.reshape(-1).tolist()):
        outs[p].append(row)
    return tuple(np.array(o, data.dtype).reshape((len(o),) + rows.shape[1:]) for o in outs)


def _partition_grad(n: Any, *gs: Any) -> list:
    data, parts = n.inputs
    gs = [g if g is not None else zeros_like(o) for g, o in zip(gs, n.outputs)]
    positions = reshape(range_(size_of(parts)), shape_of(parts))
    where = dynamic_partition(positions, parts, n.attrs["num_partitions"])
    return [reshape(parallel_dynamic_stitch(where, gs), shape_of(data)), None]


def _partition_samples() -> list:
    u = _rng.uniform
    return [Sample((u(-1.0, 1.0, (6, 2)), np.array([1, 0, 2, 1, 0, 1], np.int32)),
                   {"num_partitions": 3}, grad_inputs=(0,)),
            Sample((u(-1.0, 1.0, (2, 3)), np.array([[0, 1, 1], [3, 0, 1]], np.int32)),
                   {"num_partitions": 4}, grad_inputs=(0,)),
            Sample((np.arange(4, dtype=np.int32), np.array([0, 0, 0, 0], np.int32)),
                   {"num_partitions": 2}, grad=False)]


DYNAMIC_PARTITION = register(OpDef(
    "DynamicPartition", _partition_infer, _partition_kernel, grad=_partition_grad,
    arity=lambda ins, attrs: {"num_partitions": attrs["num_partitions"]},
    reference=_partition_ref, samples=_partition_samples,
    bad_samples=lambda: [
        BadSample((np.ones(2, np.float32), np.array([0, 5], np.int32)), {"num_partitions": 2},
                  Exception, "partitions[1] = 5 is not in [0, 2)"),
        BadSample((np.ones((1, 2), np.float32), np.array([0, 1], np.int32)),
                  {"num_partitions": 2}, Exception, "data.shape must start with"),
        BadSample((np.ones(2, np.float32), np.array([0, 1], np.int64)), {"num_partitions": 2},
                  Exception)],
    num_outputs=-1,
))


@dispatchable
@slow_inputs("data", "partitions")
def dynamic_partition(data: Any, partitions: Any, num_partitions: int,
                      name: str | None = None) -> list:
    """[data[partitions == i] for i in range(num_partitions)] (partitions may be rank k)."""
    # (TF's op wrapper reads the attr, with int(), before it converts the inputs)
    AV.no_graph_attr(num_partitions, "num_partitions")
    given = num_partitions
    try:
        num_partitions = AV.make_int(num_partitions, "num_partitions")
    except OverflowError as e:  # (past int64: TF's fast path reads the count as -1)
        if str(e) != "int too big to convert":
            raise
        raise ValueError("Number of outputs is too big: -1") from None
    slow = not AV.fast_path_ints(given)  # (TF's fallback converts tensors too)
    x, p = _t(data), as_fixed_type(partitions, dt.int32, slow)
    return list(bind(DYNAMIC_PARTITION, (x, p), {"num_partitions": num_partitions}, name))


# ---------------------------------------------------------------------------------------
# DynamicStitch / ParallelDynamicStitch: merged[indices[m][i]] = data[m][i].
# ---------------------------------------------------------------------------------------

def _no_indices(op: str) -> None:
    """TF's refusal of a stitch of no lists: while a graph is built its op-def library's
    (N's minimum is 1); eagerly no CPU kernel takes the node, whose T is unset (the first
    TF tries is its qint32 one)."""
    if _state.graph is not None:
        raise ValueError(f"List argument 'indices' to '{op}' Op with length 0 shorter than "
                         "minimum length 1.")
    raise C.no_values_kernel(
        op, "N=0", f'op: "{op}" device_type: "CPU" constraint {{ name: "T" allowed_values '
                   f'{{ list {{ type: DT_QINT32 }} }} }} host_memory_arg: "indices"')


def _stitch_infer(op: str) -> Any:
    def infer(*args: Any) -> list:
        n = len(args) // 2
        if n < 1:
            _no_indices(op)
        if len(args) != 2 * n:
            raise C.fail(op, "needs one `data` tensor per `indices` tensor")
        idx, data = args[:n], args[n:]
        C.same_dtype(op, data, C.ALL | C.QUANTIZED, first_index=n)
        suffix = None
        for m, (i, d) in enumerate(zip(idx, data)):
            C.check_dtype(op, i, _INDEX, "indices")
            if i._shape is None or d._shape is None:
                continue
            if _state.graph is not None:  # (traced: its shape function's words)
                C.merge_prefix(op, d._shape, i._shape)
                if suffix is not None:
                    C.merge_shapes(op, suffix[1], tuple(d._shape[len(i._shape):]))
            if len(d._shape) < len(i._shape) or any(
                    a is not None and b is not None and a != b
                    for a, b in zip(d._shape, i._shape)):
                raise C.fail(op, f"data[{m}].shape = {dims_text(d._shape)} does not start with "
                                 f"indices[{m}].shape = {dims_text(i._shape)}")
            tail = tuple(d._shape[len(i._shape):])
            if suffix is None:
                suffix = (m, tail)
            elif len(suffix[1]) != len(tail) or any(
                    a is not None and b is not None and a != b
                    for a, b in zip(suffix[1], tail)):
                k = suffix[0]
                raise C.fail(op, f"Need data[{k}].shape[{len(idx[k]._shape)}:] = data[{m}]."
                                 f"shape[{len(i._shape)}:], got data[{k}].shape = "
                                 f"{dims_text(data[k]._shape)}, data[{m}].shape = "
                                 f"{dims_text(d._shape)}, indices[{k}].shape = "
                                 f"{dims_text(idx[k]._shape)}, indices[{m}].shape = "
                                 f"{dims_text(i._shape)}")
        return [(None if suffix is None else (None,) + suffix[1], data[0]._dtype)]
    return infer


def _stitch_kernel(op: str) -> Any:
    def kernel(xp: Any, *args: Any) -> Any:
        n = len(args) // 2
        # (the indices are read on the host on any device, as TF's kernels take them in
        # host memory: sizing the result and checking them costs no device sync)
        idx, data = [to_host(i) for i in args[:n]], args[n:]
        rows, suffix = [], None
        for m, (i, d) in enumerate(zip(idx, data)):
            if d.shape[:i.ndim] != i.shape:
                raise C.fail(op, f"data[{m}].shape = {dims_text(d.shape)} does not start with "
                                 f"indices[{m}].shape = {dims_text(i.shape)}")
            tail = d.shape[i.ndim:]
            if suffix is None:
                suffix = (m, tail)
            elif tail != suffix[1]:
                k = suffix[0]
                raise C.fail(op, f"Need data[{k}].shape[{idx[k].ndim}:] = data[{m}].shape"
                                 f"[{i.ndim}:], got data[{k}].shape = {dims_text(data[k].shape)}, "
                                 f"data[{m}].shape = {dims_text(d.shape)}, indices[{k}].shape = "
                                 f"{dims_text(idx[k].shape)}, indices[{m}].shape = "
                                 f"{dims_text(i.shape)}")
            rows.append(d.reshape((i.size,) + tail))
        flat = [i.reshape(-1) for i in idx]
        for f in flat:
            neg = np.flatnonzero(f < 0)
            if neg.size:  # (TF's message names the position within its indices tensor)
                raise C.fail(op, f"indices[{int(neg[0])}] is out of range")
        size = max((int(f.max()) + 1 for f in flat if f.size), default=0)
        check_finite_size(op, (size,) + suffix[1], dt.as_dtype(data[0].dtype))
        out = xp.zeros((size,) + suffix[1], data[0].dtype)  # rows no index names stay 0
        if xp is np:
            for f, r in zip(flat, rows):  # a later input's row wins, and a later one within it
                out[f] = r
            return out
        # (a device's scatter leaves unspecified which of a repeated index's rows lands: as
        # TF's GPU kernel does, the host finds the row that lands at each index, the last,
        # and the device copies those rows alone)
        every = np.concatenate(flat)
        if every.size:
            last, at = np.unique(every[::-1], return_index=True)
            out[xp.asarray(last)] = xp.concatenate(rows)[xp.asarray(every.size - 1 - at)]
        return out
    return kernel


def _stitch_ref(*args: np.ndarray) -> np.ndarray:
    n = len(args) // 2
    merged: dict = {}
    tail = None
    for i, d in zip(args[:n], args[n:]):
        tail = d.shape[i.ndim:]
        for k, row in zip(i.reshape(-1).tolist(), d.reshape((i.size,) + tail)):
            merged[k] = row
    size = max(merged, default=-1) + 1
    out = np.zeros((size,) + tail, args[n].dtype)
    for k, row in merged.items():
        out[k] = row
    return out


def _stitch_grad(n: Any, g: Any) -> list:
    k = len(n.inputs) // 2
    return [None] * k + [gather(g, i) for i in n.inputs[:k]]


def _stitch_form(op: str) -> TFForm:
    """TF writes a stitch's indices and data as two lists of N tensors each."""
    def export(n: Any, b: Any) -> list:
        k = len(n.inputs) // 2
        return b.node(op, [[b.input(i) for i in range(k)],
                           [b.input(i) for i in range(k, 2 * k)]])
    return TFForm(export=export)


def _stitch_samples() -> list:
    i32 = np.int32
    u = _rng.uniform
    return [Sample((np.array([0, 2], i32), np.array([1, 3], i32), u(-1.0, 1.0, (2, 3)),
                    u(-1.0, 1.0, (2, 3))), grad_inputs=(2, 3)),
            Sample((np.array([[1, 0], [3, 2]], i32), np.array([5], i32), u(-1.0, 1.0, (2, 2)),
                    u(-1.0, 1.0, (1,))), grad_inputs=(2, 3)),
            Sample((np.array([4, 0], i32), np.array([1.5, -2.0])), grad_inputs=(1,))]


def _stitch_bad() -> list:
    f = np.ones
    return [BadSample((np.array([0, -1], np.int32), f(2, np.float32)), {}, Exception,
                      "indices[1] is out of range"),
            BadSample((np.array([0, 1], np.int32), f(1, np.float32)), {}, Exception,
                      "data[0].shape = [1] does not start with indices[0].shape"),
            BadSample((np.array([0], np.int32), np.array([1], np.int32), f(1, np.float32),
                       f((1, 2), np.float32)), {}, Exception, "Need data[0]"),
            BadSample((np.array([0], np.int64), f(1, np.float32)), {}, Exception)]


def _stitch_indices(n: int) -> tuple:
    """The positions of a stitch's indices among its n inputs: the first half."""
    return tuple(range(n // 2))


DYNAMIC_STITCH = register(OpDef(
    "DynamicStitch", _stitch_infer("DynamicStitch"), _stitch_kernel("DynamicStitch"),
    arity=lambda ins, attrs: {"N": len(ins) // 2},
    host_inputs=_stitch_indices,  # (TF's GPU kernel: HostMemory("indices"))
    grad=_stitch_grad, reference=_stitch_ref, samples=_stitch_samples,
    bad_samples=_stitch_bad, tf=_stitch_form("DynamicStitch"),
))
PARALLEL_DYNAMIC_STITCH = register(OpDef(
    "ParallelDynamicStitch", _stitch_infer("ParallelDynamicStitch"),
    _stitch_kernel("ParallelDynamicStitch"), grad=_stitch_grad, reference=_stitch_ref,
    arity=lambda ins, attrs: {"N": len(ins) // 2},
    samples=_stitch_samples, bad_samples=_stitch_bad,
    gpu=False,  # (TF's GPU kernel is its CPU one, over host memory: indices, data, merged)
    tf=_stitch_form("ParallelDynamicStitch"),
))


def _stitch(op: OpDef, indices: Any, data: Any, name: str | None) -> Any:
    # (TF converts Python indices as int32, made on the host, where its kernels read them;
    # a tensor of another dtype is refused as the op's input, by its place among the op's
    # inputs)
    if _state.graph is None and wrapper_inputs.passed_raw(*indices, *data):
        idx, vals = _stitch_slow_path(op, indices, data)
    else:
        idx = [i if isinstance(i, Tensor) else host_tensor(i, dt.int32) for i in indices]
        vals = [_t(d) for d in data]
    if len(idx) != len(vals):
        raise ValueError(f"List argument 'data' to '{_SNAKE[op.name]}' Op with length "
                         f"{len(vals)} must match length {len(idx)} of argument 'indices'.")
    for k, i in enumerate(idx):
        if i._dtype is not dt.int32:
            if _state.graph is not None:  # (TF's graph builder: its signature's TypeError)
                raise TypeError(f"Tensors in list passed to 'indices' of '{op.name}' Op have "
                                f"types [{', '.join(t._dtype.name for t in idx)}] that do not "
                                f"match expected type int32.")
            raise C.wrong_input_dtype(op.name, k, dt.int32, i._dtype)
    out = bind(op, tuple(idx) + tuple(vals), {}, name)
    if not isinstance(out, EagerTensor) and isinstance(out, Tensor) and out._shape is not None:
        known = [C.known(i) for i in idx]  # TF sizes the result when every index is known
        if not any(isinstance(v, Tensor) and not isinstance(v, EagerTensor) for v in known):
            flat = [np.asarray(v._numpy() if isinstance(v, EagerTensor) else v).reshape(-1)
                    for v in known]
            rows = max((int(f.max()) + 1 for f in flat if f.size), default=0)
            out.set_shape((rows,) + tuple(out._shape[1:]))
    return out


_SNAKE = {"DynamicStitch": "dynamic_stitch", "ParallelDynamicStitch": "parallel_dynamic_stitch"}


def _stitch_slow_path(op: OpDef, indices: Any, data: Any) -> tuple:
    """TF's wrapper's slow path (a list among the inputs): the lengths checked, the data
    converted to one dtype (a tensor's among them, else the first's), then the indices to
    int32 (a tensor of another dtype is the conversion's ValueError)."""
    if len(data) != len(indices):
        raise ValueError(f"List argument 'data' to '{_SNAKE[op.name]}' Op with length "
                         f"{len(data)} must match length {len(indices)} of argument 'indices'.")
    vals = wrapper_inputs.op_inputs(op.name, tuple(data), "T", slow=True)
    idx = [convert_to_tensor(i, dtype=dt.int32) if isinstance(i, Tensor) else
           host_tensor(i, dt.int32) for i in indices]
    return idx, vals


@eager_api("indices[]", "data[]")
def dynamic_stitch(indices: Any, data: Any, name: str | None = None) -> Any:
    """merged[indices[m][i]] = data[m][i]; a later entry wins where indices repeat, and
    rows no index names are zeros."""
    for arg, v in (("indices", indices), ("data", data)):
        # (what TF's fast path can't take as a list, a number or a string, goes down its
        # slow path, which asks for a list or tuple: indices first)
        if not isinstance(v, (list, tuple, Tensor, np.ndarray)):
            raise TypeError(f"Expected list for '{arg}' argument to 'dynamic_stitch' Op, "
                            f"not {v!r}.")
    wrapper_inputs.check_list_input(indices, "N")
    wrapper_inputs.check_list_input(data, "N")
    wrapper_inputs.check_not_scalar_tensor(indices, "dynamic_stitch", "indices")
    wrapper_inputs.check_not_scalar_tensor(data, "dynamic_stitch", "data")
    return _stitch(DYNAMIC_STITCH, indices, data, name)


def parallel_dynamic_stitch(indices: Any, data: Any, name: str | None = None) -> Any:
    """dynamic_stitch as TF's ParallelDynamicStitch op (what embedding lookups emit)."""
    return _stitch(PARALLEL_DYNAMIC_STITCH, indices, data, name)




# ---------------------------------------------------------------------------------------
# Lookups in a table split into parts (TF 1's partitioned variables, a list of shards).
# ---------------------------------------------------------------------------------------

def sharded_gather(params: list, ids: Any, partition_strategy: str) -> Any:
    """The rows `ids` of the table whose parts are `params` (two or more), as TF's
    embedding_lookup routes them: "mod" puts id i in part i % n at row i // n; "div" gives
    each part a run of consecutive ids (the first total % n parts one more). Each part is
    gathered once (so a variable's gradient is its rows'), the rows put back in order by
    ParallelDynamicStitch and shaped ids.shape + the parts' row shape."""
    n = len(params)
    flat = reshape(ids, [-1])
    positions = range_(size_of(flat))
    if partition_strategy == "mod":
        assign = floormod(flat, n)
        new_ids = floordiv(flat, n)
    elif partition_strategy == "div":
        rows = [p.shape[0] for p in params]
        if all(r is not None for r in rows):
            total: Any = convert_to_tensor(sum(rows), dtype=flat._dtype)
        else:
            total = reduce_sum(cast(stack([shape_of(p)[0] for p in params]), flat._dtype))
        per = floordiv(total, n)
        extras = floormod(total, n)
        assign = maximum(floordiv(flat, per + 1), floordiv(flat - extras, per))
        new_ids = where(assign < extras, floormod(flat, per + 1),
                        floormod(flat - extras, per))
    else:
        raise ValueError(f"Unrecognized partition strategy: {partition_strategy}.Must be one "
                         "of either `mod` or `div`.")
    assign = cast(assign, dt.int32)
    gather_ids = dynamic_partition(new_ids, assign, n)
    where_to = dynamic_partition(positions, assign, n)
    found = parallel_dynamic_stitch(where_to, [gather(p, i) for p, i in zip(params, gather_ids)])
    row = TensorShape(params[0].shape[1:])
    for p in params[1:]:
        row = row.merge_with(TensorShape(p.shape[1:]))
    dims = row.as_list() if row.is_fully_defined() else shape_of(params[0])[1:]
    out = reshape(found, concat([shape_of(ids), dims], 0))
    if isinstance(out, Tensor) and not isinstance(out, EagerTensor):
        out.set_shape(TensorShape(ids.shape).concatenate(row))
    return out


__all__ = ["dynamic_partition", "dynamic_stitch", "parallel_dynamic_stitch", "sharded_gather"]
