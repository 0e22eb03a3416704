"""TF 1's resource TensorArrays and stacks: the TensorArray*V3 ops and StackV2,
StackPushV2, StackPopV2, StackCloseV2, as TF's kernels run them.

Ops layer, loaded on first use (op_index.py): TF 1 graphs use them (every TF 1 while
loop over a TensorArray, and the stacks of saved values its gradient loop pops), and
tf.raw_ops offers them eagerly. tf.TensorArray itself is tensor_array.py's (TF 2's
TensorList ops over a flow value); these are the older form, in which the array is a
resource: a creator makes a `TensorArrayState` (or a `StackState`) and returns its handle,
a resource tensor holding a core/resource.py ResourceHandle whose target is the state, and
the ops on the handle change it in place. A TensorArray's ops also take and return a float
scalar "flow", which carries no value (always 0) but orders them in a graph, as in TF.

Each run of a creator makes a new array, named as TF's kernel names it: the
tensor_array_name attr (the node's name when empty) and a process-wide count
("TensorArrayV3_0"), the handle's name prefixed with "_tensor_arrays" ("_stacks" for a
stack). The ops check what TF's kernels check, in their order and words; none changes an
array before its checks have passed.

The gradient arrays (TensorArrayGradV3, TensorArrayGradWithShape) are kept on their
forward array, one per `source`: the forward's size, element shape (the given shape
prepended) and dtype, fixed in size, and adding up what is written twice to one index,
as TF's gradient arrays do. Older versions of these ops are TF's refusals: the V2 ones
were removed in GraphDef version 26, and the first ones have ref-typed handles, which
TF's eager mode does not support.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import (
    InvalidArgumentError,
    NotFoundError,
    UnimplementedError,
    shape_str,
)
from eagerflow._src.core.resource import ResourceHandle
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, TFForm, register

TA_KIND = "tensorflow::TensorArray"
STACK_KIND = "tensorflow::Stack"
# TF's hash codes of the resource types, which its wrong-type message shows
_TYPE_HASH = {"tensorflow::Var": 17454915466513971685, TA_KIND: 17404284069006640434,
              STACK_KIND: 11783358439878174618,
              "tensorflow::lookup::LookupInterface": 8115731599990610490}
_TA_IDS = itertools.count()     # TF's TensorArray::tensor_array_counter
_STACK_IDS = itertools.count()  # TF's stack counter
_CONTAINER = "__per_step_0"     # (TF's per-step container: eagerly, step 0)
_F32 = ((), dt.float32)


def _dims_text(dims: tuple | None) -> str:
    """A partial shape as TF's PartialTensorShape prints it: "[?,2]", "<unknown>"."""
    return "<unknown>" if dims is None else shape_str(dims)


def _as_dims(shape: Any) -> tuple | None:
    """A shape attr (None, a TensorShape, a list with None or -1) as a tuple of dims."""
    if shape is None:
        return None
    dims = getattr(shape, "_dims", shape)
    if dims is None:
        return None
    return tuple(None if d is None or int(d) < 0 else int(d) for d in dims)


def _fully_defined(dims: tuple | None) -> bool:
    return dims is not None and all(d is not None for d in dims)


def _object_scalar(value: Any) -> np.ndarray:
    arr = np.empty((), dtype=object)
    arr[()] = value
    return arr


def _handle(state: Any, prefix: str, kind: str) -> np.ndarray:
    return _object_scalar(ResourceHandle(prefix + state.key, CPU_DEVICE, _CONTAINER, kind,
                                         (), state))


# ---------------------------------------------------------------------------------------
# The states.
# ---------------------------------------------------------------------------------------

class _Entry:
    __slots__ = ("value", "written", "read", "cleared")

    def __init__(self) -> None:
        self.value: Any = None
        self.written = self.read = self.cleared = False


class TensorArrayState:
    """One TensorArray: its entries and TF's flags."""

    def __init__(self, key: str, dtype: dt.DType, size: int, element_shape: tuple | None,
                 dynamic_size: bool, clear_after_read: bool, identical: bool,
                 aggregate: bool = False) -> None:
        self.key, self.dtype = key, dtype
        self.entries = [_Entry() for _ in range(size)]
        self.element_shape = element_shape
        self.dynamic_size, self.clear_after_read = dynamic_size, clear_after_read
        self.identical, self.aggregate = identical, aggregate
        self.closed = False
        self.grads: dict = {}  # source -> the gradient TensorArrayState

    def fail(self, op: str, message: str) -> InvalidArgumentError:
        return C.fail(op, f"TensorArray {self.key}: {message}")

    def check_dtype(self, op: str, d: dt.DType, writing: bool) -> None:
        if d is not self.dtype:
            what = "Op is trying to write dtype" if writing else "Op requested dtype"
            raise C.fail(op, f"TensorArray dtype is {C.dtype_word(self.dtype)} but {what} "
                             f"{C.dtype_word(d)}.")

    def merge_shape(self, op: str, dims: tuple | None) -> None:
        """The element shape merged with `dims` (what a gather says its elements are)."""
        have = self.element_shape
        if dims is None or have == dims:
            return
        if have is not None and not C.compatible(have, dims):
            raise C.fail(op, f"PartialTensorShape: Incompatible shapes during merge: "
                             f"{_dims_text(have)} vs. "
                             f"{_dims_text(dims)}")
        self.element_shape = dims if have is None else \
            tuple(a if a is not None else b for a, b in zip(have, dims))

    def check_write(self, op: str, index: int, shape: tuple) -> None:
        """TF's checks of a write of a value of `shape` to `index` (the array already
        grown to hold it)."""
        n = len(self.entries)
        if index < 0 or (not self.dynamic_size and index >= n):
            raise self.fail(op, f"Tried to write to index {index} but array is not "
                                f"resizeable and size is: {n}")
        if not C.compatible(shape, self.element_shape):
            raise self.fail(op, f"Could not write to TensorArray index {index} because the "
                                f"value shape is {shape_str(shape)} which is incompatible "
                                f"with the TensorArray's inferred element shape: "
                                f"{_dims_text(self.element_shape)} (consider setting "
                                f"infer_shape=False).")
        if index >= n:
            return
        e = self.entries[index]
        if e.read:
            raise self.fail(op, f"Could not write to TensorArray index {index} because it "
                                "has already been read.")
        if e.written and not self.aggregate:
            raise self.fail(op, f"Could not write to TensorArray index {index} because it "
                                "has already been written to.")
        if e.written and e.value.shape != shape:
            raise self.fail(op, f"Could not aggregate to TensorArray index {index} because "
                                f"the existing shape is {shape_str(e.value.shape)} but the "
                                f"new input shape is {shape_str(shape)}.")

    def write(self, op: str, index: int, value: Any) -> None:
        self.check_write(op, index, tuple(value.shape))
        if index >= len(self.entries):
            self.entries.extend(_Entry() for _ in range(index + 1 - len(self.entries)))
        if self.identical and not _fully_defined(self.element_shape):
            self.element_shape = tuple(value.shape)
        e = self.entries[index]
        e.value = e.value + value if e.written else value
        e.written = True

    def read(self, op: str, index: int) -> Any:
        n = len(self.entries)
        if not 0 <= index < n:
            raise C.fail(op, f"Tried to read from index {index} but array size is: {n}")
        e = self.entries[index]
        if e.cleared:
            raise self.fail(op, f"Could not read index {index} twice because it was cleared "
                                "after a previous read (perhaps try setting clear_after_read "
                                "= false?).")
        value = e.value
        if not e.written:
            if not _fully_defined(self.element_shape):
                raise self.fail(op, f"Could not read from TensorArray index {index}.  "
                                    "Furthermore, the element shape is not fully defined: "
                                    f"{_dims_text(self.element_shape)}.  It is possible you "
                                    "are working with a resizeable TensorArray and "
                                    "stop_gradients is not allowing the gradients to be "
                                    "written.  If you set the full element_shape property on "
                                    "the forward TensorArray, the proper all-zeros tensor "
                                    "will be returned instead of incurring this error.")
            C.check_size(op, self.element_shape, self.dtype)
            value = np.zeros(self.element_shape, self.dtype.as_numpy_dtype)
        if self.clear_after_read:
            e.value, e.cleared = None, True
        e.read = True
        return value


class StackState:
    """One stack: its elements (arrays), its dtype and its bound (-1: none)."""

    def __init__(self, key: str, dtype: dt.DType, max_size: int) -> None:
        self.key, self.dtype, self.max_size = key, dtype, max_size
        self.items: list = []
        self.closed = False

    def fail(self, op: str, message: str) -> InvalidArgumentError:
        return C.fail(op, f"Stack[{self.key}] {message}")


def _state_of(op: str, h: Any, cls: type, kind: str) -> Any:
    """The state handle `h` (its kernel's array) names, with TF's error for a handle of
    another kind of resource."""
    hh = h[()] if isinstance(h, np.ndarray) and h.ndim == 0 and h.dtype == object else None
    if not isinstance(hh, ResourceHandle):
        raise C.fail(op, f"Expected a {kind} resource handle")
    target = hh.target
    if not isinstance(target, cls):
        raise C.fail(op, f"Trying to access a handle's resource using the wrong type. The "
                         f"handle points to a resource (name '{hh.name}') of type "
                         f"'{hh.kind}' (hash code {_TYPE_HASH.get(hh.kind, 0)}) but you are "
                         f"trying to access the resource as type '{kind}' (hash code "
                         f"{_TYPE_HASH[kind]})")
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


def _scalar_int(op: str, x: Any, what: str) -> int:
    if np.ndim(x) != 0:
        raise C.fail(op, f"{what} must be scalar, but had shape: {shape_str(np.shape(x))}")
    return int(to_host(x))


def _vector(op: str, x: Any, message: str) -> np.ndarray:
    if np.ndim(x) != 1:
        raise C.fail(op, f"{message}{shape_str(np.shape(x))}")
    return np.asarray(to_host(x)).astype(np.int64)


def _flow() -> np.ndarray:
    return np.float32(0.0)


def _check_handle(op: str, h: Any) -> None:
    if h._dtype is not dt.resource:
        raise C.wrong_input_dtype(op, 0, dt.resource, h._dtype)


# ---------------------------------------------------------------------------------------
# The TensorArray ops.
# ---------------------------------------------------------------------------------------

_TA_ATTRS = ("dtype", "element_shape", "dynamic_size", "clear_after_read",
             "identical_element_shapes", "tensor_array_name")


def _create_infer(size: Any, *, dtype: Any, **_: Any) -> list:
    C.dtype_attr("TensorArrayV3", dtype)
    return [((), dt.resource), _F32]


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
    state = TensorArrayState(f"{name}_{next(_TA_IDS)}", dt.as_dtype(dtype), n,
                             _as_dims(element_shape), bool(dynamic_size),
                             bool(clear_after_read), bool(identical_element_shapes))
    return _handle(state, "_tensor_arrays", TA_KIND), _flow()


def _load(op: Any, attrs: tuple, named: str | None = None) -> Any:
    """An imported node (or a raw call) of the op: its inputs (a variable as its handle)
    and attrs; `named`: the attr an empty value of which TF fills with the node's name."""
    def load(node: Any) -> Any:
        given = {k: node.attrs[k] for k in attrs if k in node.attrs}
        if named is not None and not given.get(named):
            given[named] = node.name if node.name else op().name
        inputs = tuple(getattr(x, "handle", x) if not hasattr(x, "_dtype") else x
                       for x in node.inputs)
        out = bind(op(), inputs, given)
        return [] if out is None else list(out) if isinstance(out, tuple) else [out]
    return TFForm(load=load, takes_handles=True)


TENSOR_ARRAY = register(OpDef(
    "TensorArrayV3", _create_infer, _create_kernel, num_outputs=2, stateful=True, gpu=False,
    grad=C.no_gradient, tf=_load(lambda: TENSOR_ARRAY, _TA_ATTRS, "tensor_array_name"),
    bad_samples=lambda: [
        BadSample((np.int32(-1),), {"dtype": dt.float32}, InvalidArgumentError,
                  "Size should be >= 0."),
        BadSample((np.array([1], np.int32),), {"dtype": dt.float32}, InvalidArgumentError,
                  "TensorArray size must be scalar, but had shape: [1]")],
))


def _read_infer(h: Any, index: Any, flow: Any, *, dtype: Any) -> list:
    _check_handle("TensorArrayReadV3", h)
    return [(None, dt.as_dtype(dtype))]


def _read_kernel(xp: Any, h: Any, index: Any, flow: Any, *, dtype: Any) -> Any:
    op = "TensorArrayReadV3"
    ta = _array(op, h)
    i = _scalar_int(op, index, "TensorArray index")
    ta.check_dtype(op, dt.as_dtype(dtype), False)
    return ta.read(op, i)


READ = register(OpDef(
    "TensorArrayReadV3", _read_infer, _read_kernel, stateful=True, gpu=False,
    grad=C.no_gradient, tf=_load(lambda: READ, ("dtype",)),
))


def _flow_infer(op: str) -> Any:
    def infer(h: Any, *_: Any, **__: Any) -> list:
        _check_handle(op, h)
        return [_F32]
    return infer


def _write_kernel(xp: Any, h: Any, index: Any, value: Any, flow: Any) -> np.ndarray:
    op = "TensorArrayWriteV3"
    ta = _array(op, h)
    i = _scalar_int(op, index, "TensorArray index")
    ta.check_dtype(op, dt.as_dtype(value.dtype) if value.dtype != object else dt.string, True)
    ta.write(op, i, value)
    return _flow()


WRITE = register(OpDef(
    "TensorArrayWriteV3", _flow_infer("TensorArrayWriteV3"), _write_kernel, stateful=True,
    gpu=False, grad=C.no_gradient, tf=_load(lambda: WRITE, ()),
))


def _value_dtype(value: Any) -> dt.DType:
    return dt.string if value.dtype == object else dt.as_dtype(value.dtype)


def _stack_values(op: str, values: list) -> Any:
    """The values read, stacked, with TF's error where their shapes differ."""
    first = values[0].shape
    for k, v in enumerate(values):
        if v.shape != first:
            raise C.fail(op, f"TensorArray has inconsistent shapes.  Index 0 has shape: "
                             f"{shape_str(first)} but index {k} has shape: "
                             f"{shape_str(v.shape)}")
    return np.stack(values)


def _gather_infer(h: Any, indices: Any, flow: Any, *, dtype: Any,
                  element_shape: Any = None) -> list:
    _check_handle("TensorArrayGatherV3", h)
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
        return _empty(op, _as_dims(element_shape), d, "element shape", "packing")
    values = [ta.read(op, int(i)) for i in idx]
    return _stack_values(op, values)


def _empty(op: str, dims: tuple | None, d: dt.DType, what: str, doing: str) -> np.ndarray:
    if not _fully_defined(dims):
        raise UnimplementedError(None, None, f"TensorArray has size zero, but {what} "
                                             f"{_dims_text(dims)} is not fully defined. "
                                             "Currently only static shapes are supported "
                                             f"when {doing} zero-size TensorArrays. [Op:{op}]")
    C.check_size(op, (0, *dims), d)
    return np.zeros((0, *dims), d.as_numpy_dtype)


GATHER = register(OpDef(
    "TensorArrayGatherV3", _gather_infer, _gather_kernel, stateful=True, gpu=False,
    grad=C.no_gradient, tf=_load(lambda: GATHER, ("dtype", "element_shape")),
))


def _scatter_kernel(xp: Any, h: Any, indices: Any, value: Any, flow: Any) -> np.ndarray:
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
    for k, i in enumerate(idx):
        ta.write(op, int(i), value[k])
    return _flow()


SCATTER = register(OpDef(
    "TensorArrayScatterV3", _flow_infer("TensorArrayScatterV3"), _scatter_kernel,
    stateful=True, gpu=False, grad=C.no_gradient, tf=_load(lambda: SCATTER, ()),
))


def _concat_infer(h: Any, flow: Any, *, dtype: Any, element_shape_except0: Any = None) -> list:
    _check_handle("TensorArrayConcatV3", h)
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
        return (_empty(op, _as_dims(element_shape_except0), d, "element_shape_except0",
                       "concatenating"), np.zeros((0,), np.int64))
    values = [ta.read(op, i) for i in range(len(ta.entries))]
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
    return np.concatenate(values), np.array([v.shape[0] for v in values], np.int64)


CONCAT = register(OpDef(
    "TensorArrayConcatV3", _concat_infer, _concat_kernel, num_outputs=2, stateful=True,
    gpu=False, grad=C.no_gradient,
    tf=_load(lambda: CONCAT, ("dtype", "element_shape_except0")),
))


def _split_kernel(xp: Any, h: Any, value: Any, lengths: Any, flow: Any) -> np.ndarray:
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
        ta.write(op, i, value[start:start + int(k)])
        start += int(k)
    return _flow()


SPLIT = register(OpDef(
    "TensorArraySplitV3", _flow_infer("TensorArraySplitV3"), _split_kernel, stateful=True,
    gpu=False, grad=C.no_gradient, tf=_load(lambda: SPLIT, ()),
))


def _size_infer(h: Any, flow: Any) -> list:
    _check_handle("TensorArraySizeV3", h)
    return [((), dt.int32)]


SIZE = register(OpDef(
    "TensorArraySizeV3", _size_infer,
    lambda xp, h, flow: np.int32(len(_array("TensorArraySizeV3", h).entries)),
    stateful=True, gpu=False, grad=C.no_gradient, tf=_load(lambda: SIZE, ()),
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
    gpu=False, grad=C.no_gradient, tf=_load(lambda: CLOSE, ()),
))


def _grad_infer(op: str) -> Any:
    def infer(h: Any, *_: Any, source: Any) -> list:
        _check_handle(op, h)
        return [((), dt.resource), _F32]
    return infer


def _grad_array(op: str, h: Any, source: Any, prepend: tuple) -> tuple:
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
    return _handle(g, "_tensor_array_grads", TA_KIND), _flow()


GRAD = register(OpDef(
    "TensorArrayGradV3", _grad_infer("TensorArrayGradV3"),
    lambda xp, h, flow, source: _grad_array("TensorArrayGradV3", h, source, ()),
    num_outputs=2, stateful=True, gpu=False, grad=C.no_gradient,
    tf=_load(lambda: GRAD, ("source",)),
))


def _grad_shape_kernel(xp: Any, h: Any, flow: Any, shape: Any, source: Any) -> tuple:
    op = "TensorArrayGradWithShape"
    if np.ndim(shape) != 1:
        raise C.fail(op, f"shape must be a vector of {{int32,int64}}, got shape "
                         f"{shape_str(np.shape(shape))}")
    prepend = tuple(None if int(d) < 0 else int(d) for d in to_host(shape))
    return _grad_array(op, h, source, prepend)


GRAD_WITH_SHAPE = register(OpDef(
    "TensorArrayGradWithShape", _grad_infer("TensorArrayGradWithShape"), _grad_shape_kernel,
    num_outputs=2, stateful=True, gpu=False, grad=C.no_gradient,
    tf=_load(lambda: GRAD_WITH_SHAPE, ("source",)),
))


# ---------------------------------------------------------------------------------------
# The stack ops.
# ---------------------------------------------------------------------------------------

def _stack_infer(max_size: Any, *, elem_type: Any, stack_name: Any = "") -> list:
    C.dtype_attr("StackV2", elem_type, "elem_type")
    return [((), dt.resource)]


def _stack_kernel(xp: Any, max_size: Any, *, elem_type: Any, stack_name: Any = "") -> Any:
    op = "StackV2"
    if np.ndim(max_size) != 0:
        raise C.fail(op, f"Stack size must be a scalar, but had shape: "
                         f"{shape_str(np.shape(max_size))}")
    name = stack_name.decode() if isinstance(stack_name, bytes) else str(stack_name or op)
    state = StackState(f"{name}_{next(_STACK_IDS)}", dt.as_dtype(elem_type),
                       int(to_host(max_size)))
    return _handle(state, "_stacks", STACK_KIND)


STACK = register(OpDef(
    "StackV2", _stack_infer, _stack_kernel, stateful=True, gpu=False, grad=C.no_gradient,
    tf=_load(lambda: STACK, ("elem_type", "stack_name"), "stack_name"),
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
    s.items.append(elem)
    return elem


PUSH = register(OpDef(
    "StackPushV2", _push_infer, _push_kernel, stateful=True, gpu=False, grad=C.no_gradient,
    tf=_load(lambda: PUSH, ("swap_memory",)),
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
    return value


POP = register(OpDef(
    "StackPopV2", _pop_infer, _pop_kernel, stateful=True, gpu=False, grad=C.no_gradient,
    tf=_load(lambda: POP, ("elem_type",)),
))


def _stack_close_kernel(xp: Any, h: Any) -> tuple:
    s = _state_of("StackCloseV2", h, StackState, STACK_KIND)
    s.closed, s.items = True, []
    return ()


STACK_CLOSE = register(OpDef(
    "StackCloseV2", lambda h: (_check_handle("StackCloseV2", h), [])[1], _stack_close_kernel,
    num_outputs=0, stateful=True, gpu=False, grad=C.no_gradient,
    tf=_load(lambda: STACK_CLOSE, ()),
))


# ---------------------------------------------------------------------------------------
# The older versions: TF's refusals. The first ones' handles are refs (a Python error in
# TF's eager wrappers); the V2 ones were removed in GraphDef version 26, but for
# TensorArrayCloseV2, which does nothing, and TensorArrayConcatV2, which looks its string
# handle up (and finds none: no array has one).
# ---------------------------------------------------------------------------------------

_V = (None, None)  # (an output of the dtype attr, shape unknown)
# op -> (its eager wrapper's name, its ref argument, its attrs, its outputs: "h" a string
# handle pair, "f" a flow, "v" a value of dtype `dtype` (or `elem_type`), "e" the element
# pushed, "l" the lengths)
_OLDER = {
    "TensorArray": ("tensor_array", "handle", _TA_ATTRS, "h"),
    "TensorArrayRead": ("tensor_array_read", "handle", ("dtype",), "v"),
    "TensorArrayWrite": ("tensor_array_write", "handle", (), "f"),
    "TensorArrayGather": ("tensor_array_gather", "handle", ("dtype", "element_shape"), "v"),
    "TensorArrayScatter": ("tensor_array_scatter", "handle", (), "f"),
    "TensorArrayConcat": ("tensor_array_concat", "handle",
                          ("dtype", "element_shape_except0"), "vl"),
    "TensorArraySplit": ("tensor_array_split", "handle", (), "f"),
    "TensorArraySize": ("tensor_array_size", "handle", (), "s"),
    "TensorArrayClose": ("tensor_array_close", "handle", (), ""),
    "TensorArrayGrad": ("tensor_array_grad", "grad_handle", ("source",), "h"),
    "TensorArrayPack": ("tensor_array_pack", "handle", ("dtype", "element_shape"), "v"),
    "TensorArrayUnpack": ("tensor_array_unpack", "handle", (), "f"),
    "Stack": ("stack", "handle", ("elem_type", "stack_name"), "h"),
    "StackPush": ("stack_push", "handle", ("swap_memory",), "e"),
    "StackPop": ("stack_pop", "handle", ("elem_type",), "v"),
    "StackClose": ("stack_close", "handle", (), ""),
    "TensorArrayV2": (None, None, _TA_ATTRS, "h"),
    "TensorArrayReadV2": (None, None, ("dtype",), "v"),
    "TensorArrayWriteV2": (None, None, (), "f"),
    "TensorArrayGatherV2": (None, None, ("dtype", "element_shape"), "v"),
    "TensorArrayScatterV2": (None, None, (), "f"),
    "TensorArraySplitV2": (None, None, (), "f"),
    "TensorArraySizeV2": (None, None, (), "s"),
    "TensorArrayGradV2": (None, None, ("source",), "h"),
    "TensorArrayConcatV2": (None, None, ("dtype", "element_shape_except0"), "vl"),
    "TensorArrayCloseV2": (None, None, (), ""),
}


def _older_infer(outs: str) -> Any:
    def infer(*ins: Any, **attrs: Any) -> list:
        d = attrs.get("dtype", attrs.get("elem_type"))
        specs = {"h": ((2,), dt.string), "f": _F32, "s": ((), dt.int32),
                 "l": ((None,), dt.int64), "e": None,
                 "v": (None, None if d is None else dt.as_dtype(d))}
        return [(ins[1]._shape, ins[1]._dtype) if k == "e" else specs[k] for k in outs]
    return infer


def _older_kernel(op: str, wrapper: str | None, ref: str | None) -> Any:
    def kernel(xp: Any, *ins: Any, **attrs: Any) -> tuple:
        if wrapper is not None:
            raise RuntimeError(f"{wrapper} op does not support eager execution. Arg '{ref}' "
                               "is a ref.")
        if op == "TensorArrayCloseV2":
            return ()
        if op == "TensorArrayConcatV2":
            h = ins[0]
            if np.shape(h) != (2,):
                raise C.fail(op, f"Tensor array handle must be 2-element vector, but had "
                                 f"shape: {shape_str(np.shape(h))}")
            name = "".join(bytes(x).decode("utf-8", "replace") for x in h)
            raise NotFoundError(None, None, f"Resource {_CONTAINER}/{name}/"
                                            f"N10tensorflow11TensorArrayE does not exist. "
                                            f"[Op:{op}]")
        raise UnimplementedError(None, None, f"Op {op} is not available in GraphDef version "
                                             f"2474. It has been removed in version 26. Use "
                                             f"{op[:-2]}V3. [Op:{op}]")
    return kernel


OLDER = {op: register(OpDef(
    op, _older_infer(outs), _older_kernel(op, wrapper, ref), num_outputs=len(outs),
    stateful=True, gpu=False, grad=C.no_gradient,
    tf=_load(lambda op=op: OLDER[op], attrs),
)) for op, (wrapper, ref, attrs, outs) in _OLDER.items()}
