"""TF's collective ops, as tf.raw_ops runs them: members named by group and instance keys.

CollectiveReduceV2 (V1: CollectiveReduce), CollectiveGatherV2 (CollectiveGather),
CollectiveBcastSendV2 / RecvV2 (CollectiveBcastSend / Recv), CollectiveAllToAllV2,
CollectiveReduceScatterV2, the communicator forms CollectiveInitializeCommunicator,
CollectiveReduceV3 and CollectiveAllToAllV3, and CollectiveAssignGroupV2. Each member
runs the op on its own device (a logical CPU: `tf.config.set_logical_device_configuration`),
usually from its own thread, and they meet in collective_groups.py, which keeps TF's
groups, instances and abort. With group_size 1 an op is its one member's collective.

TF's CPU build has no reduce-scatter implementation: CollectiveReduceScatterV2 aborts as
TF's does. V3 ops take an empty group_assignment only (TF: "not supported yet").
MirroredStrategy's own all-reduce is another op (collective_ops.py), which finds its
replicas in the thread's replica context instead.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    AlreadyExistsError,
    InternalError,
    InvalidArgumentError,
    UnimplementedError,
)
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.resource import ResourceHandle
from eagerflow._src.distribute import collective_groups as G
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.print_v1 import summarize_nested
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_MERGE = {"Add": np.add, "Mul": np.multiply, "Min": np.minimum, "Max": np.maximum}
_KEYS = ("group_size", "group_key", "instance_key")


# -- checks ---------------------------------------------------------------------------------

def _check_attrs(op: str, inputs: tuple, attrs: dict) -> None:
    """TF's checks of the call against the op's definition: string attrs among the values
    it allows, then the inputs' dtypes (each message completed with the definition)."""
    C.string_attrs_allowed(op, attrs)
    for i, x in enumerate(inputs):
        _check_type(op, tf_op_defs.input_type_attr(op, i), x._dtype)


def _check_type(op: str, attr: str | None, d: dt.DType) -> None:
    listed = tf_op_defs.allowed_types(op, attr) if attr else None
    if listed and C.dt_enum(d) not in listed:
        raise C.fail(op, f"Value for attr '{attr}' of {C.dtype_word(d)} is not in the list of "
                         f"allowed values: {tf_op_defs.type_words(listed)}\n\t; NodeDef: "
                         f"{{{{node {op}}}}}")


def _keys(op: str, arrays: tuple, names: tuple = _KEYS, scalar_words: str = ", got ") -> list:
    """The scalar keys a kernel is given as inputs (TF's messages for other shapes)."""
    out = []
    for name, a in zip(names, arrays):
        a = np.asarray(to_host(a))
        if a.ndim:
            raise C.fail(op, f"Unexpected dimensions on input {name}{scalar_words}"
                             f"{C.shape_str(a.shape)}")
        out.append(int(a))
    return out


def _positive(op: str, group_size: int) -> None:
    if group_size <= 0:
        raise C.fail(op, f"group_size must be positive integer but got {group_size}")


def _at_least_rank1(op: str, x: Any, words: str) -> None:
    if x._shape is not None and len(x._shape) == 0:
        raise C.fail(op, words)


# -- the combinations -------------------------------------------------------------------------

def _reduce(merge_op: str, final_op: str, n: int) -> Any:
    def combine(values: list) -> list:
        out = values[0].copy()
        for v in values[1:]:
            out = _MERGE[merge_op](out, v).astype(out.dtype, copy=False)
        if final_op == "Div":
            if out.dtype.kind in "iu":  # (C++'s division: toward zero)
                out = (np.sign(out) * (np.abs(out) // n)).astype(out.dtype)
            else:
                out = (out / np.asarray(n, out.dtype)).astype(out.dtype, copy=False)
        return [out] * len(values)
    return combine


def _gather(values: list) -> list:
    return [np.concatenate(values, axis=0)] * len(values)


def _all_to_all(values: list) -> list:
    n = len(values)
    return [np.concatenate([np.array_split(v, n, axis=0)[r] for v in values], axis=0)
            for r in range(n)]


def _broadcast(op: str, instance_key: Any, n: int) -> Any:
    def combine(values: list) -> list:
        sources = [v for is_source, v in values if is_source]
        if not sources:
            raise G.abort(op, InternalError, f"Instance {instance_key} found no source for "
                                             "broadcast.  This could mean that there were "
                                             f"group_size={n} BcastRecvs but no BcastSend.")
        return [sources[0]] * n
    return combine


def _timeout(attrs: dict) -> float:
    return float(attrs.get("timeout_seconds", 0.0) or 0.0)


def _meet(op: str, keys: list, kind: int, x: Any, shape: tuple, combine: Any,
          attrs: dict, value: Any = None) -> Any:
    """This member's result: `x` (or `value`, standing for it) met with its peers'. The
    members' values meet on the host; the result goes to this member's device."""
    group_size, group_key, instance_key = keys
    mine = to_host(x) if value is None else (value[0], to_host(value[1]))
    out = G.meet(op, group_key, group_size, instance_key,
                 (kind, dt.as_dtype(x.dtype).as_datatype_enum, tuple(shape)), mine, combine,
                 _timeout(attrs))
    return D.to_device(out, D.current_device())


# -- V2: keys as inputs -----------------------------------------------------------------------

def _v2_infer(op: str, rank1: str = "") -> Any:
    def infer(x: Any, *rest: Any, **attrs: Any) -> list:
        _check_attrs(op, (x,) + rest[:3], attrs)
        if rank1:
            _at_least_rank1(op, x, rank1)
        shape = x._shape
        if op in ("CollectiveGatherV2", "CollectiveReduceScatterV2") and shape is not None:
            shape = (None, *shape[1:])
        return [(shape, x._dtype)]
    return infer


def _reduce_v2_kernel(xp: Any, x: Any, *args: Any, merge_op: str = "Add",
                      final_op: str = "Id", **attrs: Any) -> Any:
    op = "CollectiveReduceV2"
    keys = _keys(op, args[:3])
    _positive(op, keys[0])
    return _meet(op, keys, G.REDUCTION, x, x.shape, _reduce(merge_op, final_op, keys[0]),
                 attrs)


def _gather_v2_kernel(xp: Any, x: Any, *args: Any, **attrs: Any) -> Any:
    op = "CollectiveGatherV2"
    keys = _keys(op, args[:3])
    _positive(op, keys[0])
    return _meet(op, keys, G.GATHER, x, (x.shape[0] * keys[0], *x.shape[1:]), _gather, attrs)


def _all_to_all_v2_kernel(xp: Any, x: Any, *args: Any, **attrs: Any) -> Any:
    op = "CollectiveAllToAllV2"
    keys = _keys(op, args[:3])
    _positive(op, keys[0])
    _all_to_all_rows(op, x, keys[0])
    return _meet(op, keys, G.ALL_TO_ALL, x, x.shape, _all_to_all, attrs)


def _all_to_all_rows(op: str, x: Any, group_size: int) -> None:
    rows = x.shape[0] if x.ndim else 1
    if rows != group_size:
        raise G.refuse(op, InvalidArgumentError, f"input to all-to-all first dimension size "
                                                 f"({rows}) must be the same as the group "
                                                 f"size ({group_size})")


def _reduce_scatter_v2_kernel(xp: Any, x: Any, *args: Any, **attrs: Any) -> Any:
    op = "CollectiveReduceScatterV2"
    keys = _keys(op, args[:3])
    _positive(op, keys[0])
    G.check_not_aborted(op)  # (TF's CPU build registers no implementation of it)
    raise G.refuse(op, InternalError, "CollectiveRegistry::Lookup did not find collective "
                                      "implementation undef")


def _bcast_send_v2_kernel(xp: Any, x: Any, *args: Any, **attrs: Any) -> Any:
    op = "CollectiveBcastSendV2"
    keys = _keys(op, args[:3])
    _positive(op, keys[0])
    return _meet(op, keys, G.BROADCAST, x, x.shape, _broadcast(op, keys[2], keys[0]), attrs,
                 value=(True, x))


def _bcast_recv_v2_infer(*args: Any, T: Any = dt.float32, shape: Any = None,
                         **attrs: Any) -> list:
    op = "CollectiveBcastRecvV2"
    _check_type(op, "T", dt.as_dtype(T))
    known = partial_value(args[3]) if len(args) > 3 else None
    out = tuple(known) if isinstance(known, list) else None
    return [(out, dt.as_dtype(T))]


def _bcast_recv_v2_kernel(xp: Any, *args: Any, T: Any = dt.float32, **attrs: Any) -> Any:
    op = "CollectiveBcastRecvV2"
    keys = _keys(op, args[:3])
    _positive(op, keys[0])
    shape = tuple(int(d) for d in np.asarray(to_host(args[3])).reshape(-1))
    empty = np.zeros(shape, dt.as_dtype(T).as_numpy_dtype)
    return _meet(op, keys, G.BROADCAST, empty, shape, _broadcast(op, keys[2], keys[0]), attrs,
                 value=(False, empty))


# -- V1: keys as attrs ------------------------------------------------------------------------

def _v1_keys(op: str, attrs: dict) -> list:
    keys = [int(attrs.get(k, 0)) for k in _KEYS]
    _positive(op, keys[0])
    return keys


def _v1_infer(op: str) -> Any:
    def infer(*inputs: Any, **attrs: Any) -> list:
        _check_attrs(op, inputs, attrs)
        if op == "CollectiveBcastRecv":
            d = dt.as_dtype(attrs.get("T", dt.float32))
            _check_type(op, "T", d)
            return [(_attr_shape(attrs.get("shape")), d)]
        x = inputs[0]
        if op == "CollectiveGather":
            shape = _attr_shape(attrs.get("shape"))
            if shape and shape[0] is not None:
                shape = (shape[0] * int(attrs.get("group_size", 1)), *shape[1:])
            return [(shape, x._dtype)]
        return [(x._shape, x._dtype)]
    return infer


def _attr_shape(shape: Any) -> tuple | None:
    if shape is None:
        return None
    dims = getattr(shape, "dims", shape)
    if dims is None:
        return None
    return tuple(None if d is None or int(d) < 0 else int(d) for d in dims)


def _reduce_v1_kernel(xp: Any, x: Any, *, merge_op: str = "Add", final_op: str = "Id",
                      **attrs: Any) -> Any:
    op = "CollectiveReduce"
    keys = _v1_keys(op, attrs)
    return _meet(op, keys, G.REDUCTION, x, x.shape, _reduce(merge_op, final_op, keys[0]),
                 attrs)


def _gather_v1_kernel(xp: Any, x: Any, **attrs: Any) -> Any:
    op = "CollectiveGather"
    keys = _v1_keys(op, attrs)
    if not x.ndim:
        raise C.fail(op, "input should have rank > 0, received 0")
    return _meet(op, keys, G.GATHER, x, (x.shape[0] * keys[0], *x.shape[1:]), _gather, attrs)


def _bcast_send_v1_kernel(xp: Any, x: Any, **attrs: Any) -> Any:
    op = "CollectiveBcastSend"
    keys = _v1_keys(op, attrs)
    declared = _attr_shape(attrs.get("shape"))
    if declared is not None and declared != tuple(x.shape):
        raise InternalError(None, None, "Declared shape of op CollectiveBcastSend: Broadcast(1) "
                                        f"does not match shape of input [Op:{op}]")
    return _meet(op, keys, G.BROADCAST, x, x.shape, _broadcast(op, keys[2], keys[0]), attrs,
                 value=(True, x))


def _bcast_recv_v1_kernel(xp: Any, *, T: Any = dt.float32, **attrs: Any) -> Any:
    op = "CollectiveBcastRecv"
    keys = _v1_keys(op, attrs)
    shape = tuple(d or 0 for d in _attr_shape(attrs.get("shape")) or ())
    empty = np.zeros(shape, dt.as_dtype(T).as_numpy_dtype)
    return _meet(op, keys, G.BROADCAST, empty, shape, _broadcast(op, keys[2], keys[0]), attrs,
                 value=(False, empty))


# -- communicators (V3) and group assignment ---------------------------------------------------

_COMMUNICATOR = "tensorflow::(anonymous namespace)::CollectiveGroupResource"
_MANGLED = "N10tensorflow12_GLOBAL__N_123CollectiveGroupResourceE"


class _Communicator:
    """A member's place in a group: its key, size and rank, and a count of its collectives
    (the instance each call meets its peers at)."""

    def __init__(self, group_key: int, rank: int, group_size: int) -> None:
        self.group_key, self.rank, self.group_size = group_key, rank, group_size
        self.calls = itertools.count()


def _init_kernel(xp: Any, group_key: Any, rank: Any, group_size: Any, **attrs: Any) -> Any:
    op = "CollectiveInitializeCommunicator"
    key, r, n = _keys(op, (group_key, rank, group_size), ("group_key", "rank", "group_size"),
                      ". It shoulbe a scalar, got tensor with shape ")  # (sic)
    _positive(op, n)
    if r >= n:
        raise C.fail(op, f"rank must be less than group size but got {r} >= {n}")
    here = G.here()
    name = f"{key}:r{r:04d}"
    with G.lock:
        if (here, key, r) in G.communicators:
            raise AlreadyExistsError(None, None, f"Resource collective_op_group/{name}/"
                                                 f"{_MANGLED} [Op:{op}]")
        comm = G.communicators[(here, key, r)] = _Communicator(key, r, n)
    return object_scalar(ResourceHandle(name, here, "collective_op_group", _COMMUNICATOR,
                                        target=comm))


def _communicator(op: str, handle: Any) -> _Communicator:
    h = np.asarray(handle, dtype=object).reshape(-1)[0] if np.size(handle) else None
    comm = getattr(h, "target", None)
    if not isinstance(comm, _Communicator):
        raise C.fail(op, "communicator must be a handle made by "
                         "CollectiveInitializeCommunicator")
    return comm


def _v3(op: str, kind: int, combine: Any) -> Any:
    def kernel(xp: Any, x: Any, communicator: Any, group_assignment: Any, **attrs: Any) -> Any:
        if np.size(to_host(group_assignment)):
            raise UnimplementedError(None, None, "Group assignments are not supported yet. "
                                                 f"[Op:{op}]")
        comm = _communicator(op, communicator)
        if kind == G.ALL_TO_ALL:
            _all_to_all_rows(op, x, comm.group_size)
        keys = [comm.group_size, comm.group_key, ("V3", next(comm.calls))]
        return _meet(op, keys, kind, x, x.shape, combine(attrs, comm.group_size), attrs)
    return kernel


def _assign_group_kernel(xp: Any, group_assignment: Any, device_index: Any,
                         base_key: Any) -> tuple:
    op = "CollectiveAssignGroupV2"
    ga = np.asarray(to_host(group_assignment))
    if ga.ndim != 2:
        raise C.fail(op, "group_assignment must be a 2-d Tensor, but received tensor of "
                         f"shape: {C.shape_str(ga.shape)}")
    index = np.asarray(to_host(device_index))
    if index.ndim:
        raise C.fail(op, "device_index must be a scalar, but received tensor of shape: "
                         f"{C.shape_str(index.shape)}")
    for row, members in enumerate(ga):
        if int(index) in members.tolist():
            return (xp.asarray(ga.shape[1], dtype=np.int32),
                    xp.asarray(int(to_host(base_key)) + row, dtype=np.int32))
    raise C.fail(op, f"device_index {int(index)} is not found in group_assignment "
                     f"Tensor<type: int32 shape: {C.shape_str(ga.shape)} values: "
                     f"{_values_text(ga)}>")


def _values_text(a: np.ndarray) -> str:
    """TF's Tensor::DebugString values: the first three, in nested brackets."""
    return summarize_nested(a, 3)


# -- registration ----------------------------------------------------------------------------

_sample_keys = itertools.count(1_000_001)  # (each sample its own group: no instance clashes)


def _k(*dims: int, dtype: Any = np.float32) -> np.ndarray:
    return np.arange(1, 1 + int(np.prod(dims)), dtype=dtype).reshape(dims)


def _v2_inputs(x: np.ndarray, group_size: int = 1) -> tuple:
    return (x, np.int32(group_size), np.int32(next(_sample_keys)), np.int32(1))


def _tokens(inputs: tuple, attrs: dict) -> dict:
    return {"Nordering_token": len(inputs) - 4}


def _loader(name: str) -> Any:
    return lambda node: bind(REGISTRY_OPS[name], tuple(node.inputs), dict(node.attrs))


def _op(name: str, infer: Any, kernel: Any, samples: Any = (), bad: Any = (),
        reference: Any = None, n: int = 1, arity: Any = None) -> OpDef:
    return register(OpDef(name, infer, kernel, grad=None, reference=reference, samples=samples,
                          bad_samples=bad, num_outputs=n, stateful=True, arity=arity,
                          tf=TFForm(load=_loader(name), takes_handles=True)))


def _same(x: Any, *rest: Any, **attrs: Any) -> Any:
    return x.copy()


_REDUCE_BAD = (lambda: [
    BadSample(_v2_inputs(np.array([True])), {"merge_op": "Add", "final_op": "Id"},
              InvalidArgumentError, "Value for attr 'T' of bool is not in the list of allowed "
                                    "values: bfloat16, float, half, double, int32, int64"),
    BadSample(_v2_inputs(_k(2)), {"merge_op": "Sum", "final_op": "Id"}, InvalidArgumentError,
              "Value for attr 'merge_op' of \"Sum\" is not in the list of allowed values"),
    BadSample((_k(2), np.int32(0), np.int32(5), np.int32(1)), {"merge_op": "Add",
                                                               "final_op": "Id"},
              InvalidArgumentError, "group_size must be positive integer but got 0"),
])

REGISTRY_OPS: dict = {}
REGISTRY_OPS["CollectiveReduceV2"] = _op(
    "CollectiveReduceV2", _v2_infer("CollectiveReduceV2"), _reduce_v2_kernel, reference=_same,
    arity=_tokens, bad=_REDUCE_BAD,
    samples=lambda: [Sample(_v2_inputs(_k(2, 3)), {"merge_op": "Add", "final_op": "Id"},
                            grad=False),
                     Sample(_v2_inputs(_k(4, dtype=np.int32)), {"merge_op": "Max",
                                                                "final_op": "Div"},
                            grad=False)])
REGISTRY_OPS["CollectiveGatherV2"] = _op(
    "CollectiveGatherV2",
    _v2_infer("CollectiveGatherV2", "Shape must be at least rank 1 but is rank 0"),
    _gather_v2_kernel, reference=_same, arity=_tokens,
    samples=lambda: [Sample(_v2_inputs(_k(2, 3)), grad=False)],
    bad=lambda: [BadSample(_v2_inputs(np.array([True])), {}, InvalidArgumentError,
                           "Value for attr 'T' of bool is not in the list of allowed values"),
                 BadSample(_v2_inputs(np.float32(1)), {}, InvalidArgumentError,
                           "Shape must be at least rank 1 but is rank 0")])
REGISTRY_OPS["CollectiveAllToAllV2"] = _op(
    "CollectiveAllToAllV2", _v2_infer("CollectiveAllToAllV2"), _all_to_all_v2_kernel,
    reference=_same, arity=_tokens,
    samples=lambda: [Sample(_v2_inputs(_k(1, 3)), grad=False)])
REGISTRY_OPS["CollectiveReduceScatterV2"] = _op(
    "CollectiveReduceScatterV2",
    _v2_infer("CollectiveReduceScatterV2", "Shape must be at least rank 1 but is rank 0"),
    _reduce_scatter_v2_kernel, arity=_tokens)
REGISTRY_OPS["CollectiveBcastSendV2"] = _op(
    "CollectiveBcastSendV2", _v2_infer("CollectiveBcastSendV2"), _bcast_send_v2_kernel,
    reference=_same, samples=lambda: [Sample(_v2_inputs(_k(3)), grad=False)],
    bad=lambda: [BadSample(_v2_inputs(np.array(["a"], object)), {}, InvalidArgumentError,
                           "Value for attr 'T' of string is not in the list of allowed values")])
REGISTRY_OPS["CollectiveBcastRecvV2"] = _op(
    "CollectiveBcastRecvV2", _bcast_recv_v2_infer, _bcast_recv_v2_kernel)


def _v1_attrs(**more: Any) -> dict:
    return {"group_size": 1, "group_key": next(_sample_keys), "instance_key": 1, **more}


REGISTRY_OPS["CollectiveReduce"] = _op(
    "CollectiveReduce", _v1_infer("CollectiveReduce"), _reduce_v1_kernel, reference=_same,
    samples=lambda: [Sample((_k(2, 2),), _v1_attrs(merge_op="Mul", final_op="Div",
                                                   subdiv_offsets=(0,)), grad=False)],
    bad=lambda: [BadSample((_k(2),), _v1_attrs(merge_op="Add", final_op="Id", group_size=0,
                                               subdiv_offsets=()),
                           InvalidArgumentError, "group_size must be positive integer")])
REGISTRY_OPS["CollectiveGather"] = _op(
    "CollectiveGather", _v1_infer("CollectiveGather"), _gather_v1_kernel, reference=_same,
    samples=lambda: [Sample((_k(2, 2),), _v1_attrs(shape=(2, 2)), grad=False)],
    bad=lambda: [BadSample((np.float32(1),), _v1_attrs(shape=()), InvalidArgumentError,
                           "input should have rank > 0, received 0")])
REGISTRY_OPS["CollectiveBcastSend"] = _op(
    "CollectiveBcastSend", _v1_infer("CollectiveBcastSend"), _bcast_send_v1_kernel,
    reference=_same, samples=lambda: [Sample((_k(3),), _v1_attrs(shape=(3,)), grad=False)],
    bad=lambda: [BadSample((_k(3),), _v1_attrs(shape=(2,)), InternalError,
                           "Declared shape of op CollectiveBcastSend")])
REGISTRY_OPS["CollectiveBcastRecv"] = _op(
    "CollectiveBcastRecv", _v1_infer("CollectiveBcastRecv"), _bcast_recv_v1_kernel)


def _init_infer(*inputs: Any, **attrs: Any) -> list:
    _check_attrs("CollectiveInitializeCommunicator", inputs, attrs)
    return [((), dt.resource)]


def _v3_infer(op: str) -> Any:
    def infer(x: Any, communicator: Any, group_assignment: Any, **attrs: Any) -> list:
        _check_attrs(op, (x,), attrs)
        return [(x._shape, x._dtype)]
    return infer


REGISTRY_OPS["CollectiveInitializeCommunicator"] = _op(
    "CollectiveInitializeCommunicator", _init_infer, _init_kernel,
    bad=lambda: [BadSample((np.int32(5), np.int32(3), np.int32(1)), {}, InvalidArgumentError,
                           "rank must be less than group size but got 3 >= 1")])
REGISTRY_OPS["CollectiveReduceV3"] = _op(
    "CollectiveReduceV3", _v3_infer("CollectiveReduceV3"),
    _v3("CollectiveReduceV3", G.REDUCTION,
        lambda attrs, n: _reduce(attrs.get("reduction", "Add"), "Id", n)))
REGISTRY_OPS["CollectiveAllToAllV3"] = _op(
    "CollectiveAllToAllV3", _v3_infer("CollectiveAllToAllV3"),
    _v3("CollectiveAllToAllV3", G.ALL_TO_ALL, lambda attrs, n: _all_to_all))


def _assign_infer(*inputs: Any, **attrs: Any) -> list:
    return [((), dt.int32), ((), dt.int32)]


REGISTRY_OPS["CollectiveAssignGroupV2"] = _op(
    "CollectiveAssignGroupV2", _assign_infer, _assign_group_kernel, n=2,
    reference=lambda ga, index, base: (np.int32(ga.shape[1]),
                                       np.int32(base + next(
                                           r for r, row in enumerate(ga) if index in row))),
    samples=lambda: [Sample((np.array([[0, 1], [2, 3]], np.int32), np.int32(2), np.int32(100)),
                            grad=False)],
    bad=lambda: [BadSample((np.array([0, 1], np.int32), np.int32(0), np.int32(5)), {},
                           InvalidArgumentError, "group_assignment must be a 2-d Tensor")])


# no sample: a receiver alone finds no broadcast's source, TF's CPU build has no
# reduce-scatter, and a communicator is a resource each member makes once
# (tests/distribute/test_tf_collectives.py runs them between members)
NO_SAMPLES = frozenset(("CollectiveBcastRecv", "CollectiveBcastRecvV2",
                        "CollectiveReduceScatterV2", "CollectiveInitializeCommunicator",
                        "CollectiveReduceV3", "CollectiveAllToAllV3"))
