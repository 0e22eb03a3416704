"""TF 1's resource TensorArrays and stacks: the TensorArray*V3 ops and StackV2,
StackPushV2, StackPopV2, StackCloseV2, as TF's kernels run them.

Ops layer, loaded on first use (op_index.py): TF 1 graphs use them (every TF 1 while
loop over a TensorArray, and the stacks of saved values its gradient loop pops), and
tf.raw_ops offers them eagerly. tf.TensorArray itself is tensor_array.py's (TF 2's
TensorList ops over a flow value); these are the older form, in which the array is a
resource: a creator makes a `TensorArrayState` (or a `StackState`: tensor_array_state.py)
and returns its handle, a resource tensor holding a core/resource.py ResourceHandle whose
target is the state, and the ops on the handle change it in place. A TensorArray's ops
also take and return a float scalar "flow", which carries no value (a creator's is 0, the
ops writing pass theirs on, as TF's) but orders them in a graph, as in TF.

Each run of a creator makes a new array, named as TF's kernel names it: the
tensor_array_name attr (the node's name when empty) and a process-wide count
("TensorArrayV3_0"), the handle's name prefixed with "_tensor_arrays" ("_stacks" for a
stack). The ops check what TF's kernels check, in their order and words; none changes an
array before its checks have passed.

The gradient arrays (TensorArrayGradV3, TensorArrayGradWithShape) are kept on their
forward array, one per `source`: the forward's size, element shape (the given shape
prepended) and dtype, fixed in size, and adding up what is written twice to one index,
as TF's gradient arrays do. The older versions of these ops, TF's refusals, are
tensor_array_older.py's.

Devices, as TF's GPU kernels: an array or a stack lives where its creator ran (a gradient
array beside its forward array), on a GPU where TF's GPU kernels of all its ops take its
dtype (OpDef.makes_resource), else on CPU:0 (strings, int32); its handle is host data,
and each op on it runs there (held_arrays.run_on_resource). Its items are the device's
arrays, read and made there with nothing copied back (tensor_list_kernels.item_for copies
one made elsewhere); sizes, indices and lengths are host inputs and outputs (TF's
HostMemory), and a stack of int32 or bool keeps its items in host memory, as TF's special
GPU kernels for them do.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.device import current_device, host_only
from eagerflow._src.core.errors import (
    InvalidArgumentError,
    UnimplementedError,
    shape_str,
)
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.resource import ResourceHandle, wrong_type
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.tensor_array_state import (
    StackState,
    TensorArrayState,
    dims_text,
    fully_defined,
)
from eagerflow._src.ops.tensor_list_kernels import item_for
from eagerflow._src.ops.variables import resource_tensor

TA_KIND = "tensorflow::TensorArray"
STACK_KIND = "tensorflow::Stack"
_TA_IDS = itertools.count()     # TF's TensorArray::tensor_array_counter
_STACK_IDS = itertools.count()  # TF's stack counter
_LAST = {"ta": -1, "stack": -1}  # the numbers last taken (what a reference names)
CONTAINER = "__per_step_0"     # (TF's per-step container: eagerly, step 0)
F32 = ((), dt.float32)

# The dtypes TF's GPU kernels of every TensorArray op take: TensorArrayV3, Read and Scatter
# take int64 too, Gather and Concat int32 (in host memory), but Write and Split neither,
# and TF's placer keeps the ops on one array together: an array of another dtype lives
# on CPU:0.
TA_GPU_DTYPES = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.complex64,
                           dt.complex128))
# A stack's: StackV2 takes any, StackPushV2 and StackPopV2 every number type and bool
# (int32 and bool in host memory: _HOST_ITEMS); strings and variants live on CPU:0.
STACK_GPU_DTYPES = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.complex64,
                              dt.complex128, dt.int8, dt.int16, dt.int32, dt.int64, dt.uint8,
                              dt.uint16, dt.uint32, dt.uint64, dt.bool))
_HOST_ITEMS = frozenset((dt.int32, dt.bool))


def _as_dims(shape: Any) -> tuple | None:
    """A shape attr (None, a TensorShape, a list with None or -1) as a tuple of dims."""
    if shape is None:
        return None
    dims = getattr(shape, "_dims", shape)
    if dims is None:
        return None
    return tuple(None if d is None or int(d) < 0 else int(d) for d in dims)



def _handle(state: Any, prefix: str, kind: str) -> np.ndarray:
    """The handle of a state made now: it names the device its creator runs on (where
    dispatch placed it), where its items live."""
    return object_scalar(ResourceHandle(prefix + state.key, current_device().canonical,
                                         CONTAINER, kind, (), state))


def _state_of(op: str, h: Any, cls: type, kind: str) -> Any:
    """The state handle `h` (its kernel's array) names, with TF's error for a handle of
    another kind of resource."""
    hh = h[()] if isinstance(h, np.ndarray) and h.ndim == 0 and h.dtype == object else None
    if not isinstance(hh, ResourceHandle):
        raise C.fail(op, f"Expected a {kind} resource handle")
    target = hh.target
    if not isinstance(target, cls):
        raise C.fail(op, wrong_type(hh.name, hh.kind, kind))
    return target


def _array(op: str, h: Any) -> TensorArrayState:
    ta = _state_of(op, h, TensorArrayState, TA_KIND)
    if ta.closed:
        raise C.fail(op, f"TensorArray {ta.key} has already been closed.")
    return ta


def _stack(op: str, h: Any) -> StackState:
    s = _state_of(op, h, StackState, STACK_KIND)
    if s.closed:
        raise s.fail(op, "has already been closed.")
    return s


def _host(x: Any) -> np.ndarray:
    """A host input as the kernel reads it: on the host (TF's HostMemory), copied there
    where it was given on a device."""
    return np.asarray(to_host(x))


def _scalar_int(op: str, x: Any, what: str) -> int:
    x = _host(x)
    if x.ndim != 0:
        raise C.fail(op, f"{what} must be scalar, but had shape: {shape_str(x.shape)}")
    return int(x)


def _vector(op: str, x: Any, message: str) -> np.ndarray:
    x = _host(x)
    if x.ndim != 1:
        raise C.fail(op, f"{message}{shape_str(x.shape)}")
    return x.astype(np.int64)


def _flow(xp: Any) -> Any:
    """A new array's flow: a float scalar made where its creator runs (TF's GPU kernel
    leaves it unset; its value matters to no op)."""
    return xp.zeros((), np.float32)


def _check_handle(op: str, h: Any, *typed: tuple) -> None:
    """TF's refusal of a handle that is no resource tensor, or of another input (`typed`:
    (position, tensor, the dtype TF's signature fixes)) of another dtype."""
    for i, x, want in ((0, h, dt.resource), *typed):
        if x._dtype is not want:
            raise C.wrong_input_dtype(op, i, want, x._dtype)


# ---------------------------------------------------------------------------------------
# Samples: handles that name a fresh array (or stack) on every use, so that each run of a
# sample (eager, traced, on each backend) starts from the same state.
# ---------------------------------------------------------------------------------------

class _SampleHandle(ResourceHandle):
    """A sample's handle: each op that looks it up finds a new state from `build`, holding
    `values` (the arrays written, in order; None where nothing was), on the device the
    sample runs on (so that the suites run its ops there)."""

    __slots__ = ("build", "values")

    def __init__(self, build: Any, values: list, prefix: str, kind: str) -> None:
        super().__init__(prefix + "sample", CPU_DEVICE, CONTAINER, kind)
        self.build, self.values = build, values

    @property
    def target(self) -> Any:
        return self.build()

    @target.setter
    def target(self, _: Any) -> None:  # (the state is made on each use)
        pass

    @property
    def device(self) -> str:
        return current_device().canonical

    @device.setter
    def device(self, _: str) -> None:  # (the device the sample runs on, on each use)
        pass


def _sample_array(values: list, size: int | None = None, **flags: Any) -> np.ndarray:
    """A sample input: the handle of a float32 TensorArray of `size` entries (the values'
    count by default) holding `values` (None: unwritten)."""
    n = len(values) if size is None else size

    def build() -> TensorArrayState:
        ta = TensorArrayState("sample", dt.float32, n, flags.get("element_shape"),
                              flags.get("dynamic_size", False),
                              flags.get("clear_after_read", True), False)
        for i, v in enumerate(values):
            if v is not None:
                ta.write("", i, v)
        return ta
    return object_scalar(_SampleHandle(build, values, "_tensor_arrays", TA_KIND))


def _sample_stack(values: list, max_size: int = -1) -> np.ndarray:
    def build() -> StackState:
        st = StackState("sample", dt.float32, max_size)
        st.items = list(values)
        return st
    return object_scalar(_SampleHandle(build, values, "_stacks", STACK_KIND))


def _values(h: Any) -> list:
    return h[()].values


def _handle_text(prefix: str, name: str, kind: str, device: str | None = None) -> str:
    """A handle as TF prints it, naming `device` (default: the current one): what a
    creator's reference returns."""
    device = current_device().canonical if device is None else device
    return repr(ResourceHandle(prefix + name, device, CONTAINER, kind))


def _made_on(dtype: Any, gpu_dtypes: frozenset) -> str:
    """The device an array or a stack of `dtype` made now lives on, as TF places it (a
    reference's answer): the current GPU where TF's GPU kernels of its ops take `dtype`."""
    here, d = current_device(), dt.as_dtype(dtype)
    on_gpu = here.device_type == "GPU" and d in gpu_dtypes and not host_only(d._np)
    return here.canonical if on_gpu else CPU_DEVICE


def _m(*rows: Any) -> np.ndarray:
    return np.array(rows, np.float32)


FLOW0 = np.float32(0)


# ---------------------------------------------------------------------------------------
# The TensorArray ops.
# ---------------------------------------------------------------------------------------

TA_ATTRS = ("dtype", "element_shape", "dynamic_size", "clear_after_read",
             "identical_element_shapes", "tensor_array_name")


def _create_infer(size: Any, *, dtype: Any, **_: Any) -> list:
    if size._dtype is not dt.int32:
        raise C.wrong_input_dtype("TensorArrayV3", 0, dt.int32, size._dtype)
    C.dtype_attr("TensorArrayV3", dtype)
    return [((), dt.resource), F32]


def _create_kernel(xp: Any, size: Any, *, dtype: Any, element_shape: Any = None,
                   dynamic_size: bool = False, clear_after_read: bool = True,
                   identical_element_shapes: bool = False,
                   tensor_array_name: Any = "") -> tuple:
    op = "TensorArrayV3"
    n = _scalar_int(op, size, "TensorArray size")
    if n < 0:
        raise C.fail(op, "Size should be >= 0.")
    name = tensor_array_name.decode() if isinstance(tensor_array_name, bytes) else \
        str(tensor_array_name or op)
    C.check_size(op, (n,), dt.int64)
    _LAST["ta"] = next(_TA_IDS)
    state = TensorArrayState(f"{name}_{_LAST['ta']}", dt.as_dtype(dtype), n,
                             _as_dims(element_shape), bool(dynamic_size),
                             bool(clear_after_read), bool(identical_element_shapes))
    return _handle(state, "_tensor_arrays", TA_KIND), _flow(xp)


def _as_handle(x: Any) -> Any:
    """An input given as a variable: its handle. A TF 1 graph's variable has no handle
    value of its own when the graph runs: it is the variable's resource as TF's kernels
    see it, which they refuse as an array or a stack."""
    if not is_variable(x):
        return x
    h = x.handle
    if isinstance(h, EagerTensor):
        return h
    name = getattr(x, "_resource_name", None) or x.name.split(":")[0]
    return resource_tensor(ResourceHandle(name, CPU_DEVICE, "localhost", "tensorflow::Var"),
                           CPU_DEVICE)


def load_form(op: Any, attrs: tuple, named: str | None = None) -> Any:
    """An imported node (or a raw call) of the op: its inputs (a variable as its handle)
    and attrs; `named`: the attr an empty value of which TF fills with the node's name."""
    def load(node: Any) -> Any:
        given = {k: node.attrs[k] for k in attrs if k in node.attrs}
        if named is not None and not given.get(named):
            given[named] = node.name if node.name else op().name
        inputs = tuple(_as_handle(x) for x in node.inputs)
        out = bind(op(), inputs, given)
        return [] if out is None else list(out) if isinstance(out, tuple) else [out]
    return TFForm(load=load, takes_handles=True)


def _first_output(n: int) -> tuple:
    """The host output of a creator (its handle: TF's HostMemory, a host object wherever
    its array lives), of a size, and of a stack's items (int32 and bool in host memory)."""
    return (0,)


TENSOR_ARRAY = register(OpDef(
    "TensorArrayV3", _create_infer, _create_kernel, num_outputs=2, stateful=True,
    makes_resource=("dtype", TA_GPU_DTYPES), host_inputs=(0,), host_outputs=_first_output,
    grad=C.no_gradient, tf=load_form(lambda: TENSOR_ARRAY, TA_ATTRS, "tensor_array_name"),
    reference=lambda size, *, dtype, tensor_array_name="", **_: (
        _handle_text("_tensor_arrays", f"{tensor_array_name or 'TensorArrayV3'}_"
                                       f"{_LAST['ta']}", TA_KIND,
                     _made_on(dtype, TA_GPU_DTYPES)), FLOW0),
    samples=lambda: [Sample((np.int32(3),), {"dtype": dt.float32}, grad=False),
                     Sample((np.int32(0),), {"dtype": dt.int64, "element_shape": (2,),
                                             "dynamic_size": True,
                                             "tensor_array_name": "ta"}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.int32(-1),), {"dtype": dt.float32}, InvalidArgumentError,
                  "Size should be >= 0."),
        BadSample((np.array([1], np.int32),), {"dtype": dt.float32}, InvalidArgumentError,
                  "TensorArray size must be scalar, but had shape: [1]")],
))


def _read_infer(h: Any, index: Any, flow: Any, *, dtype: Any) -> list:
    _check_handle("TensorArrayReadV3", h, (1, index, dt.int32), (2, flow, dt.float32))
    return [(None, dt.as_dtype(dtype))]


def _read_kernel(xp: Any, h: Any, index: Any, flow: Any, *, dtype: Any) -> Any:
    op = "TensorArrayReadV3"
    ta = _array(op, h)
    i = _scalar_int(op, index, "TensorArray index")
    ta.check_dtype(op, dt.as_dtype(dtype), False)
    return ta.read(op, i, xp)


READ = register(OpDef(
    "TensorArrayReadV3", _read_infer, _read_kernel, stateful=True, host_inputs=(1,),
    grad=C.no_gradient, tf=load_form(lambda: READ, ("dtype",)),
    reference=lambda h, index, flow, dtype: _values(h)[int(index)],
    samples=lambda: [
        Sample((_sample_array([_m(1, 2), _m(3, 4)]), np.int32(1), FLOW0),
               {"dtype": dt.float32}, grad=False),
        Sample((_sample_array([_m(5)]), np.int32(0), FLOW0), {"dtype": dt.float32},
               grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_array([_m(1)]), np.int32(1), FLOW0), {"dtype": dt.float32},
                  InvalidArgumentError, "Tried to read from index 1 but array size is: 1"),
        BadSample((_sample_array([_m(1)]), np.int32(0), FLOW0), {"dtype": dt.int32},
                  InvalidArgumentError, "TensorArray dtype is float but Op requested dtype "
                                        "int32."),
        BadSample((_sample_array([None]), np.int32(0), FLOW0), {"dtype": dt.float32},
                  InvalidArgumentError, "Could not read from TensorArray index 0.  "
                                        "Furthermore, the element shape is not fully "
                                        "defined: <unknown>."),
        BadSample((_sample_stack([]), np.int32(0), FLOW0), {"dtype": dt.float32},
                  InvalidArgumentError, "Trying to access a handle's resource using the "
                                        "wrong type.")],
))


def _flow_out(op: str, h: Any, typed: tuple, flow: Any) -> list:
    """The spec of a writing op's flow, its flow input passed on (whatever its shape, as
    TF's kernel passes it), after TF's checks of its inputs' dtypes."""
    _check_handle(op, h, typed, (3, flow, dt.float32))
    return [(flow._shape, dt.float32)]


def _write_infer(h: Any, index: Any, value: Any, flow: Any) -> list:
    return _flow_out("TensorArrayWriteV3", h, (1, index, dt.int32), flow)


def _scatter_infer(h: Any, indices: Any, value: Any, flow: Any) -> list:
    return _flow_out("TensorArrayScatterV3", h, (1, indices, dt.int32), flow)


def _split_infer(h: Any, value: Any, lengths: Any, flow: Any) -> list:
    return _flow_out("TensorArraySplitV3", h, (2, lengths, dt.int64), flow)


def _write_kernel(xp: Any, h: Any, index: Any, value: Any, flow: Any) -> Any:
    op = "TensorArrayWriteV3"
    ta = _array(op, h)
    i = _scalar_int(op, index, "TensorArray index")
    ta.check_dtype(op, _value_dtype(value), True)
    ta.write(op, i, value, xp)
    return flow  # (TF's kernel passes its flow on)


WRITE = register(OpDef(
    "TensorArrayWriteV3", _write_infer, _write_kernel, stateful=True, host_inputs=(1,),
    grad=C.no_gradient, tf=load_form(lambda: WRITE, ()),
    reference=lambda *args: args[-1],
    samples=lambda: [
        Sample((_sample_array([_m(1, 2), None]), np.int32(1), _m(3, 4), FLOW0), grad=False),
        Sample((_sample_array([], dynamic_size=True), np.int32(3), _m(3), FLOW0),
               grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_array([_m(1)]), np.int32(0), _m(2), FLOW0), {},
                  InvalidArgumentError, "Could not write to TensorArray index 0 because it "
                                        "has already been written to."),
        BadSample((_sample_array([None]), np.int32(1), _m(2), FLOW0), {},
                  InvalidArgumentError, "Tried to write to index 1 but array is not "
                                        "resizeable and size is: 1"),
        BadSample((_sample_array([None]), np.int32(0), np.int32(2), FLOW0), {},
                  InvalidArgumentError, "TensorArray dtype is float but Op is trying to "
                                        "write dtype int32."),
        BadSample((_sample_array([None], element_shape=(2,)), np.int32(0), _m(2), FLOW0),
                  {}, InvalidArgumentError, "because the value shape is [1] which is "
                                            "incompatible with the TensorArray's inferred "
                                            "element shape: [2]")],
))


def _value_dtype(value: Any) -> dt.DType:
    return dt.string if value.dtype == object else dt.as_dtype(value.dtype)


def _stack_values(op: str, xp: Any, values: list) -> Any:
    """The values read (arrays of `xp`), stacked, with TF's error where their shapes
    differ."""
    first = values[0].shape
    for k, v in enumerate(values):
        if v.shape != first:
            raise C.fail(op, f"TensorArray has inconsistent shapes.  Index 0 has shape: "
                             f"{shape_str(first)} but index {k} has shape: "
                             f"{shape_str(v.shape)}")
    return xp.stack(values)


def _gather_infer(h: Any, indices: Any, flow: Any, *, dtype: Any,
                  element_shape: Any = None) -> list:
    _check_handle("TensorArrayGatherV3", h, (1, indices, dt.int32), (2, flow, dt.float32))
    es = _as_dims(element_shape)
    return [(None if es is None else (None, *es), dt.as_dtype(dtype))]


def _gather_kernel(xp: Any, h: Any, indices: Any, flow: Any, *, dtype: Any,
                   element_shape: Any = None) -> Any:
    op = "TensorArrayGatherV3"
    ta = _array(op, h)
    idx = _vector(op, indices, "Expected indices to be a vector, but received shape: ")
    d = dt.as_dtype(dtype)
    ta.check_dtype(op, d, False)
    ta.merge_shape(op, _as_dims(element_shape))
    if idx.size == 0:
        return _empty(op, xp, _as_dims(element_shape), d, "element shape", "packing")
    values = [ta.read(op, int(i), xp) for i in idx]
    return _stack_values(op, xp, values)


def _empty(op: str, xp: Any, dims: tuple | None, d: dt.DType, what: str, doing: str) -> Any:
    if not fully_defined(dims):
        raise UnimplementedError(None, None, f"TensorArray has size zero, but {what} "
                                             f"{dims_text(dims)} is not fully defined. "
                                             "Currently only static shapes are supported "
                                             f"when {doing} zero-size TensorArrays. [Op:{op}]")
    C.check_size(op, (0, *dims), d)
    return xp.zeros((0, *dims), d.as_numpy_dtype)


GATHER = register(OpDef(
    "TensorArrayGatherV3", _gather_infer, _gather_kernel, stateful=True, host_inputs=(1,),
    grad=C.no_gradient, tf=load_form(lambda: GATHER, ("dtype", "element_shape")),
    reference=lambda h, indices, flow, dtype, element_shape=None: np.stack(
        [_values(h)[int(i)] for i in indices]) if np.size(indices) else
    np.zeros((0, *element_shape), np.float32),
    samples=lambda: [
        Sample((_sample_array([_m(1, 2), _m(3, 4), _m(5, 6)], clear_after_read=False),
                np.array([2, 0, 2], np.int32), FLOW0), {"dtype": dt.float32}, grad=False),
        Sample((_sample_array([_m(1)]), np.zeros((0,), np.int32), FLOW0),
               {"dtype": dt.float32, "element_shape": (2, 3)}, grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_array([_m(1)]), np.zeros((1, 1), np.int32), FLOW0),
                  {"dtype": dt.float32}, InvalidArgumentError,
                  "Expected indices to be a vector, but received shape: [1,1]"),
        BadSample((_sample_array([_m(1), _m(1, 2)]), np.array([0, 1], np.int32), FLOW0),
                  {"dtype": dt.float32}, InvalidArgumentError,
                  "TensorArray has inconsistent shapes.  Index 0 has shape: [1] but index 1 "
                  "has shape: [2]"),
        BadSample((_sample_array([_m(1)]), np.zeros((0,), np.int32), FLOW0),
                  {"dtype": dt.float32}, UnimplementedError,
                  "TensorArray has size zero, but element shape <unknown> is not fully "
                  "defined.")],
))


def _scatter_kernel(xp: Any, h: Any, indices: Any, value: Any, flow: Any) -> Any:
    op = "TensorArrayScatterV3"
    ta = _array(op, h)
    ta.check_dtype(op, _value_dtype(value), True)
    if value.ndim == 0:
        raise C.fail(op, "Input value for unpack must be at least a vector but received "
                         "shape: []")
    idx = _vector(op, indices, "Expected indices to be a vector, but received shape: ")
    if idx.size != value.shape[0]:
        raise C.fail(op, f"Expected len(indices) == values.shape[0], but saw: {idx.size} vs. "
                         f"{value.shape[0]}")
    top = int(idx.max()) if idx.size else -1
    n = len(ta.entries)
    if not ta.dynamic_size and top >= n:
        raise C.fail(op, f"Max scatter index must be < array size ({top} vs. {n})")
    ta.grow(op, top + 1)
    for k, i in enumerate(idx):
        ta.write(op, int(i), value[k], xp)
    return flow


SCATTER = register(OpDef(
    "TensorArrayScatterV3", _scatter_infer, _scatter_kernel, stateful=True,
    host_inputs=(1,), grad=C.no_gradient, tf=load_form(lambda: SCATTER, ()),
    reference=lambda *args: args[-1],
    samples=lambda: [
        Sample((_sample_array([None, None, None]), np.array([2, 0], np.int32),
                _m([1, 2], [3, 4]), FLOW0), grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_array([None, None]), np.array([0, 1], np.int32), _m([1, 2]),
                   FLOW0), {}, InvalidArgumentError,
                  "Expected len(indices) == values.shape[0], but saw: 2 vs. 1"),
        BadSample((_sample_array([None, None]), np.array([0, 2], np.int32), _m(1, 2),
                   FLOW0), {}, InvalidArgumentError,
                  "Max scatter index must be < array size (2 vs. 2)"),
        BadSample((_sample_array([None]), np.array([0], np.int32), np.float32(1), FLOW0),
                  {}, InvalidArgumentError,
                  "Input value for unpack must be at least a vector but received shape: []")],
))


def _concat_infer(h: Any, flow: Any, *, dtype: Any, element_shape_except0: Any = None) -> list:
    _check_handle("TensorArrayConcatV3", h, (1, flow, dt.float32))
    rest = _as_dims(element_shape_except0)
    return [(None if rest is None else (None, *rest), dt.as_dtype(dtype)),
            ((None,), dt.int64)]


def _concat_kernel(xp: Any, h: Any, flow: Any, *, dtype: Any,
                   element_shape_except0: Any = None) -> tuple:
    op = "TensorArrayConcatV3"
    ta = _array(op, h)
    d = dt.as_dtype(dtype)
    ta.check_dtype(op, d, False)
    if not ta.entries:
        return (_empty(op, xp, _as_dims(element_shape_except0), d, "element_shape_except0",
                       "concatenating"), np.zeros((0,), np.int64))
    if fully_defined(ta.element_shape):  # (unwritten entries read as zeros)
        C.check_size(op, (len(ta.entries), *ta.element_shape), d)
    values = [ta.read(op, i, xp) for i in range(len(ta.entries))]
    first = values[0].shape
    for k, v in enumerate(values):
        if v.ndim == 0:
            raise C.fail(op, f"Concat saw a scalar shape at index {k} but requires at least "
                             "vectors.  Did you mean to call pack?")
        if v.shape[1:] != first[1:]:
            raise C.fail(op, f"TensorArray has inconsistent shapes.  Index 0 has "
                             f"(excepting dimension 0) shape: {shape_str(first[1:])} but "
                             f"index {k} has (excepting dimension 0) shape: "
                             f"{shape_str(v.shape[1:])}")
    # (the lengths in host memory, as TF's GPU kernel gives them)
    return xp.concatenate(values), np.array([v.shape[0] for v in values], np.int64)


CONCAT = register(OpDef(
    "TensorArrayConcatV3", _concat_infer, _concat_kernel, num_outputs=2, stateful=True,
    host_outputs=lambda n: (1,), grad=C.no_gradient,
    tf=load_form(lambda: CONCAT, ("dtype", "element_shape_except0")),
    reference=lambda h, flow, dtype, element_shape_except0=None: (
        np.concatenate(_values(h)), np.array([len(v) for v in _values(h)], np.int64)),
    samples=lambda: [
        Sample((_sample_array([_m([1, 2], [3, 4]), _m([5, 6])]), FLOW0),
               {"dtype": dt.float32}, grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_array([np.float32(1)]), FLOW0), {"dtype": dt.float32},
                  InvalidArgumentError, "Concat saw a scalar shape at index 0 but requires "
                                        "at least vectors.  Did you mean to call pack?"),
        BadSample((_sample_array([]), FLOW0), {"dtype": dt.float32}, UnimplementedError,
                  "TensorArray has size zero, but element_shape_except0 <unknown> is not "
                  "fully defined.")],
))


def _split_kernel(xp: Any, h: Any, value: Any, lengths: Any, flow: Any) -> Any:
    op = "TensorArraySplitV3"
    ta = _array(op, h)
    if value.ndim == 0:
        raise C.fail(op, "Expected value to be at least a vector, but received shape: []")
    lens = _vector(op, lengths, "Expected lengths to be a vector, received shape: ")
    total = int(lens.sum()) if lens.size else 0
    if total != value.shape[0]:
        raise C.fail(op, f"Expected sum of lengths to be equal to values.shape[0], but sum of "
                         f"lengths is {total} and value's shape is: {shape_str(value.shape)}")
    n = len(ta.entries)
    if not ta.dynamic_size and n != lens.size:
        raise C.fail(op, f"TensorArray's size is not equal to the size of lengths ({n} vs. "
                         f"{lens.size}), and the TensorArray is not marked as dynamically "
                         "resizeable")
    ta.check_dtype(op, _value_dtype(value), True)
    if (lens < 0).any():
        raise C.fail(op, "Expected lengths to be non-negative")
    start = 0
    for i, k in enumerate(lens):
        ta.write(op, i, value[start:start + int(k)], xp)
        start += int(k)
    return flow


SPLIT = register(OpDef(
    "TensorArraySplitV3", _split_infer, _split_kernel, stateful=True, host_inputs=(2,),
    grad=C.no_gradient, tf=load_form(lambda: SPLIT, ()),
    reference=lambda *args: args[-1],
    samples=lambda: [
        Sample((_sample_array([None, None]), _m(1, 2, 3), np.array([1, 2], np.int64),
                FLOW0), grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_array([None, None]), _m(1, 2, 3), np.array([1, 1], np.int64),
                   FLOW0), {}, InvalidArgumentError,
                  "Expected sum of lengths to be equal to values.shape[0], but sum of lengths "
                  "is 2 and value's shape is: [3]"),
        BadSample((_sample_array([None, None]), _m(1, 2, 3), np.array([1, 1, 1], np.int64),
                   FLOW0), {}, InvalidArgumentError,
                  "TensorArray's size is not equal to the size of lengths (2 vs. 3), and the "
                  "TensorArray is not marked as dynamically resizeable")],
))


def _size_infer(h: Any, flow: Any) -> list:
    _check_handle("TensorArraySizeV3", h, (1, flow, dt.float32))
    return [((), dt.int32)]


SIZE = register(OpDef(
    "TensorArraySizeV3", _size_infer,
    lambda xp, h, flow: np.int32(len(_array("TensorArraySizeV3", h).entries)),
    stateful=True, host_outputs=_first_output, grad=C.no_gradient,
    tf=load_form(lambda: SIZE, ()),
    reference=lambda h, flow: np.int32(len(_values(h))),
    samples=lambda: [Sample((_sample_array([None, _m(1), None]), FLOW0), grad=False)],
))


def _close_infer(h: Any) -> list:
    _check_handle("TensorArrayCloseV3", h)
    return []


def _close_kernel(xp: Any, h: Any) -> tuple:
    ta = _state_of("TensorArrayCloseV3", h, TensorArrayState, TA_KIND)
    ta.closed = True
    ta.entries = []
    return ()


CLOSE = register(OpDef(
    "TensorArrayCloseV3", _close_infer, _close_kernel, num_outputs=0, stateful=True,
    grad=C.no_gradient, tf=load_form(lambda: CLOSE, ()),
    reference=lambda h: (), samples=lambda: [Sample((_sample_array([_m(1)]),), grad=False)],
))


def _grad_infer(h: Any, flow: Any, *, source: Any) -> list:
    _check_handle("TensorArrayGradV3", h, (1, flow, dt.float32))
    return [((), dt.resource), F32]


def _grad_shape_infer(h: Any, flow: Any, shape: Any, *, source: Any) -> list:
    _check_handle("TensorArrayGradWithShape", h, (1, flow, dt.float32), (2, shape, dt.int32))
    return [((), dt.resource), F32]


def _grad_array(op: str, xp: Any, h: Any, source: Any, prepend: tuple) -> tuple:
    hh = h[()] if isinstance(h, np.ndarray) and h.ndim == 0 else None
    # (TF's gradient kernel takes only a forward array's handle, by its name)
    if isinstance(hh, ResourceHandle) and not hh.name.startswith("_tensor_arrays"):
        raise C.fail(op, f"Wrong input container. {hh.name}")
    ta = _array(op, h)
    source = source.decode() if isinstance(source, bytes) else str(source)
    g = ta.grads.get(source)
    if g is None:
        es = None if ta.element_shape is None else prepend + ta.element_shape
        g = ta.grads[source] = TensorArrayState(f"{ta.key}@{source}", ta.dtype,
                                                len(ta.entries), es, False, True,
                                                ta.identical, aggregate=True)
    return _handle(g, "_tensor_array_grads", TA_KIND), _flow(xp)


# (a gradient array is made beside its forward array: held_arrays.make_resource)
_GRAD_ARRAY = (None, TA_GPU_DTYPES)


GRAD = register(OpDef(
    "TensorArrayGradV3", _grad_infer,
    lambda xp, h, flow, source: _grad_array("TensorArrayGradV3", xp, h, source, ()),
    num_outputs=2, stateful=True, makes_resource=_GRAD_ARRAY, host_outputs=_first_output,
    grad=C.no_gradient,
    tf=load_form(lambda: GRAD, ("source",)),
    reference=lambda h, flow, source: (
        _handle_text("_tensor_array_grads", f"sample@{source}", TA_KIND), FLOW0),
    samples=lambda: [Sample((_sample_array([_m(1)]), FLOW0), {"source": "gradients"},
                            grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_stack([]), FLOW0), {"source": "g"}, InvalidArgumentError,
                  "Wrong input container. _stackssample")],
))


def _grad_shape_kernel(xp: Any, h: Any, flow: Any, shape: Any, source: Any) -> tuple:
    op = "TensorArrayGradWithShape"
    shape = _host(shape)
    if shape.ndim != 1:
        raise C.fail(op, f"shape must be a vector of {{int32,int64}}, got shape "
                         f"{shape_str(shape.shape)}")
    prepend = tuple(None if int(d) < 0 else int(d) for d in shape)
    return _grad_array(op, xp, h, source, prepend)


GRAD_WITH_SHAPE = register(OpDef(
    "TensorArrayGradWithShape", _grad_shape_infer, _grad_shape_kernel,
    num_outputs=2, stateful=True, makes_resource=_GRAD_ARRAY, host_inputs=(2,),
    host_outputs=_first_output, grad=C.no_gradient,
    tf=load_form(lambda: GRAD_WITH_SHAPE, ("source",)),
    reference=lambda h, flow, shape, source: (
        _handle_text("_tensor_array_grads", f"sample@{source}", TA_KIND), FLOW0),
    samples=lambda: [Sample((_sample_array([_m(1)]), FLOW0, np.array([4], np.int32)),
                            {"source": "g"}, grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_array([_m(1)]), FLOW0, np.array([[4]], np.int32)),
                  {"source": "g"}, InvalidArgumentError,
                  "shape must be a vector of {int32,int64}, got shape [1,1]")],
))


# ---------------------------------------------------------------------------------------
# The stack ops.
# ---------------------------------------------------------------------------------------

def _stack_infer(max_size: Any, *, elem_type: Any, stack_name: Any = "") -> list:
    if max_size._dtype is not dt.int32:
        raise C.wrong_input_dtype("StackV2", 0, dt.int32, max_size._dtype)
    C.dtype_attr("StackV2", elem_type, "elem_type")
    return [((), dt.resource)]


def _stack_kernel(xp: Any, max_size: Any, *, elem_type: Any, stack_name: Any = "") -> Any:
    op = "StackV2"
    max_size = _host(max_size)
    if max_size.ndim != 0:
        raise C.fail(op, f"Stack size must be a scalar, but had shape: "
                         f"{shape_str(max_size.shape)}")
    name = stack_name.decode() if isinstance(stack_name, bytes) else str(stack_name or op)
    _LAST["stack"] = next(_STACK_IDS)
    state = StackState(f"{name}_{_LAST['stack']}", dt.as_dtype(elem_type), int(max_size))
    return _handle(state, "_stacks", STACK_KIND)


STACK = register(OpDef(
    "StackV2", _stack_infer, _stack_kernel, stateful=True,
    makes_resource=("elem_type", STACK_GPU_DTYPES), host_inputs=(0,),
    host_outputs=_first_output, grad=C.no_gradient,
    tf=load_form(lambda: STACK, ("elem_type", "stack_name"), "stack_name"),
    reference=lambda max_size, *, elem_type, stack_name="": _handle_text(
        "_stacks", f"{stack_name or 'StackV2'}_{_LAST['stack']}", STACK_KIND,
        _made_on(elem_type, STACK_GPU_DTYPES)),
    samples=lambda: [Sample((np.int32(-1),), {"elem_type": dt.float32}, grad=False),
                     Sample((np.int32(4),), {"elem_type": dt.string, "stack_name": "s"},
                            grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([1], np.int32),), {"elem_type": dt.float32}, InvalidArgumentError,
                  "Stack size must be a scalar, but had shape: [1]")],
))


def _push_infer(h: Any, elem: Any, *, swap_memory: bool = False) -> list:
    _check_handle("StackPushV2", h)
    return [(elem._shape, elem._dtype)]


def _push_kernel(xp: Any, h: Any, elem: Any, *, swap_memory: bool = False) -> Any:
    op = "StackPushV2"
    s = _stack(op, h)
    d = _value_dtype(elem)
    if d is not s.dtype:
        raise C.fail(op, f"Must have type {s.dtype.as_datatype_enum} but got "
                         f"{d.as_datatype_enum}")
    if 0 <= s.max_size <= len(s.items):
        raise s.fail(op, f"overflowed its max_size ({s.max_size})")
    held = _stack_item(xp, s, elem)
    s.items.append(held)
    return held  # (TF's kernel passes the element on)


def _stack_item(xp: Any, s: StackState, a: Any) -> Any:
    """An item of stack `s` as its kernels on `xp`'s device hold and give it: int32 and
    bool in host memory (TF's GPU kernels for them), the rest an array of `xp`."""
    return to_host(a) if s.dtype in _HOST_ITEMS else item_for(xp, a)


PUSH = register(OpDef(
    "StackPushV2", _push_infer, _push_kernel, stateful=True, as_is_inputs=(1,),
    host_outputs=_first_output, grad=C.no_gradient,
    tf=load_form(lambda: PUSH, ("swap_memory",)),
    reference=lambda h, elem, swap_memory=False: elem,
    samples=lambda: [Sample((_sample_stack([]), _m(1, 2)), grad=False),
                     Sample((_sample_stack([_m(1)], 2), np.float32(3)),
                            {"swap_memory": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_stack([_m(1)], 1), _m(2)), {}, InvalidArgumentError,
                  "Stack[sample] overflowed its max_size (1)"),
        BadSample((_sample_stack([]), np.int32(2)), {}, InvalidArgumentError,
                  "Must have type 1 but got 3")],
))


def _pop_infer(h: Any, *, elem_type: Any) -> list:
    _check_handle("StackPopV2", h)
    return [(None, dt.as_dtype(elem_type))]


def _pop_kernel(xp: Any, h: Any, *, elem_type: Any) -> Any:
    op = "StackPopV2"
    s = _stack(op, h)
    d = dt.as_dtype(elem_type)
    if not s.items:
        raise s.fail(op, "is empty when calling Pop().")
    value = s.items.pop()  # (TF's kernel pops before it checks the type: the value is lost)
    if d is not s.dtype:
        raise C.fail(op, f"Type mismatch: actual {C.dtype_word(s.dtype)} vs. expect "
                         f"{C.dtype_word(d)}")
    return _stack_item(xp, s, value)


POP = register(OpDef(
    "StackPopV2", _pop_infer, _pop_kernel, stateful=True, host_outputs=_first_output,
    grad=C.no_gradient,
    tf=load_form(lambda: POP, ("elem_type",)),
    reference=lambda h, elem_type: _values(h)[-1],
    samples=lambda: [Sample((_sample_stack([_m(1), _m(2, 3)]),), {"elem_type": dt.float32},
                            grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_stack([]),), {"elem_type": dt.float32}, InvalidArgumentError,
                  "Stack[sample] is empty when calling Pop()."),
        BadSample((_sample_stack([_m(1)]),), {"elem_type": dt.int32}, InvalidArgumentError,
                  "Type mismatch: actual float vs. expect int32")],
))


def _stack_close_kernel(xp: Any, h: Any) -> tuple:
    s = _state_of("StackCloseV2", h, StackState, STACK_KIND)
    s.closed, s.items = True, []
    return ()


STACK_CLOSE = register(OpDef(
    "StackCloseV2", lambda h: (_check_handle("StackCloseV2", h), [])[1], _stack_close_kernel,
    num_outputs=0, stateful=True, grad=C.no_gradient,
    tf=load_form(lambda: STACK_CLOSE, ()),
    reference=lambda h: (), samples=lambda: [Sample((_sample_stack([_m(1)]),), grad=False)],
))
