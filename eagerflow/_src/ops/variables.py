"""tf.Variable: mutable state with tensor semantics.

A Variable holds a backend array and replaces it on assignment (reads taken earlier
keep their values). Reading it inside a GradientTape records a `ReadVariableOp`
node whose input is the variable itself, so gradients with respect to a variable
are gradients with respect to all of its reads. While a graph is being traced,
reads and assignments are handed to that graph. `v.handle` is TF's resource tensor for
the variable (a ResourceHandle naming it); the raw ops on handles find the variable
through it (`handle_variable`; ops/resource_ops.py).
"""

from __future__ import annotations

import contextlib
import enum
import functools
import itertools
import operator
import sys
import threading
import types
from typing import Any, Iterator

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InternalError,
    InvalidArgumentError,
    NotFoundError,
)
from eagerflow._src.core.name_scope import scoped_name
from eagerflow._src.core.py_conversion import refuse_in_sequence
from eagerflow._src.core.resource import RESOURCES, ResourceHandle, wrong_type
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Reference, Tensor, convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops import dispatch
from eagerflow._src.ops.checks import wrong_input_dtype, wrong_read_dtype
from eagerflow._src.ops.dispatch import Node
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.registry import BadSample, OpDef, Resource, Sample, TFForm, register

_uid = itertools.count(1)
# TF's numbering of the anonymous resources a process makes: a variable's handle is named
# "<variable name>/<n>" (n from 0, taken when the variable is made)
_handle_uids = itertools.count(0)
_new = object.__new__



def _read_load(node: Any) -> list:
    """tf.raw_ops.ReadVariableOp(resource=handle, dtype=...): the value of the variable the
    handle names, TF's errors where it names none or one of another dtype. A handle known
    only when the graph runs (a function's argument, a VarHandleOp's output) is read by
    the ReadVariableOp node of the graph."""
    h, want = node.inputs[0], node.attrs["dtype"]
    if not is_tf_variable(h) and held_handle(h) is None:
        return [dispatch.bind(READ, (h,), {"dtype": want})]
    var = handle_variable(h, "ReadVariableOp")
    _check_read(var, want)
    graph = _state.graph
    if graph is not None and hasattr(graph, "read_variable"):
        return [graph.read_variable(var, "ReadVariableOp", placed=True)]
    t = EagerTensor(var._arr, var._dtype, var._device)
    # recorded for the tapes that watch the variable; unlike the variable's own reads, a
    # read through its handle does not make a tape watch it (as in TF)
    node = Node(READ, (var,), (t,), {})
    for tape in list(_state.tapes or ()):
        tape._record(node)
    return [t]


def _check_read(var: Any, want: dt.DType) -> None:
    if want is not var._dtype:
        raise wrong_read_dtype("ReadVariableOp", want, var._dtype)


def _read_infer(v: Any, dtype: Any = None) -> list:
    if dtype is None:  # a variable's read, as a tape records it
        return [(tuple(v.shape), v.dtype)]
    check_handle("ReadVariableOp", 0, v)
    # a handle's: the shape its handle data says, if known (a function's argument: the
    # handle it was traced for, as TF's)
    held = held_handle(v)
    data = held.dtypes_and_shapes if held is not None else \
        getattr(getattr(getattr(v, "_op", None), "graph", None), "handle_data", {}).get(id(v))
    return [(data[0][1] if data else None, dt.as_dtype(dtype))]


def _read_kernel(xp: Any, v: Any, dtype: Any = None) -> Any:
    if dtype is None:
        return v
    var = handle_variable(EagerTensor(v, dt.resource), "ReadVariableOp")
    _check_read(var, dt.as_dtype(dtype))
    return D.to_device(var._arr, D.lookup(_state.device)) \
        if type(var._arr) is not type(xp.zeros(0)) else var._arr


def check_handle(op: str, index: int, h: Any) -> None:
    """TF's refusal of input `index` of `op`, a resource handle, given another tensor."""
    if h._dtype is not dt.resource:
        raise wrong_input_dtype(op, index, dt.resource, h._dtype)


def _read_samples() -> list:
    return [Sample((Resource(np.linspace(-1.0, 2.0, 6).reshape(2, 3)),), {"dtype": dt.float64}),
            # (the gradient check runs in float64: the float64 sample's)
            Sample((Resource(np.array(2.5, np.float32)),), {"dtype": dt.float32}, grad=False),
            Sample((Resource(np.array([[1, -2]], np.int64)),), {"dtype": dt.int64})]


def _read_bad_samples() -> list:
    return [BadSample((Resource(np.ones(2)),), {"dtype": dt.float32}, InvalidArgumentError,
                      "Trying to read variable with wrong dtype. Expected float got double"),
            BadSample((np.ones(2, np.float32),), {"dtype": dt.float32}, InvalidArgumentError,
                      "cannot compute ReadVariableOp as input #0(zero-based) was expected to "
                      "be a resource tensor but is a float tensor")]


# The node a tape records for a variable's read (its input: the variable), and the op of
# a read through a handle known only when a graph runs (its input: the handle; `dtype`
# given; its gradient reaches the handle, a watched variable's: autodiff/tape.py). Stateful:
# two reads of one handle are not merged across an assignment.
READ = register(OpDef(
    "ReadVariableOp", _read_infer, _read_kernel,
    grad=lambda n, g: [g], stateful=True,
    reference=lambda v, dtype: (v.astype(dtype.as_numpy_dtype), v),
    samples=_read_samples, bad_samples=_read_bad_samples,
    tf=TFForm(load=_read_load, takes_handles=True),
))


class _Enum(enum.IntEnum):
    """TF's variable enums print as enums (`<VariableSynchronization.AUTO: 0>`); they stay
    ints here so the protos and distribute code that store them need no conversion."""

    __str__ = enum.Enum.__str__
    __format__ = enum.Enum.__format__


class VariableSynchronization(_Enum):
    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregationV2(_Enum):
    """tf.VariableAggregation (TF 2's enum, named VariableAggregationV2 as TF names it)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3


class VariableAggregation(_Enum):
    """tf.compat.v1.VariableAggregation, and what a variable made without an aggregation
    reports (TF's default); equal to the V2 member of the same value."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3
    ONLY_FIRST_TOWER = 3  # TF 1's alias of ONLY_FIRST_REPLICA


_AGGREGATION_TYPES = (VariableAggregation, VariableAggregationV2)


def as_aggregation(aggregation: Any, name: str | None = None) -> Any:
    """A variable's aggregation as TF keeps it: the enum member given (V1 or V2), other
    values refused with TF's message."""
    if aggregation is None:
        return VariableAggregation.NONE
    if isinstance(aggregation, _AGGREGATION_TYPES):
        return aggregation
    if isinstance(aggregation, (int, np.integer)) and not isinstance(aggregation, bool) and \
            0 <= int(aggregation) <= 3:
        return VariableAggregation(int(aggregation))
    raise ValueError(f"Invalid variable aggregation mode: {aggregation} for variable: {name}")


def _scoped_name(name: str | None) -> str:
    """The variable's name under the name scopes, as TF's name_scope makes it: "" or a name
    ending in "/" is an absolute scope, taken as it is (its slash dropped)."""
    if name is None:
        return scoped_name("Variable")
    if not isinstance(name, str):
        raise ValueError("name for name_scope must be a string.")
    if name == "" or name.endswith("/"):
        return name[:-1]
    return scoped_name(name)


_creators = threading.local()


def _creator_stack() -> list:
    stack = getattr(_creators, "stack", None)
    if stack is None:
        stack = _creators.stack = []
    return stack


def _creator_defaults() -> dict:
    """The arguments TF hands a variable creator when the caller left them out."""
    return {"initial_value": None, "trainable": None, "validate_shape": True,
            "caching_device": None, "name": None, "variable_def": None, "dtype": None,
            "import_scope": None, "constraint": None,
            "synchronization": VariableSynchronization.AUTO,
            "aggregation": VariableAggregation.NONE, "shape": None,
            "experimental_enable_variable_lifting": None}


def current_creators() -> list:
    """This thread's creator scopes, innermost last (for threads that act on its behalf)."""
    return list(_creator_stack())


def inherit_creators(creators: list) -> None:
    """Gives this thread (a replica's) the creator scopes of the thread that started it."""
    _creators.stack = list(creators)


@contextlib.contextmanager
def variable_creator_scope(variable_creator: Any) -> Iterator[None]:
    """tf.variable_creator_scope: `creator(next_creator, **kwargs)` intercepts tf.Variable()."""
    stack = _creator_stack()
    stack.append(variable_creator)
    try:
        yield
    finally:
        stack.remove(variable_creator)


class _VariableMeta(type):
    """Routes `tf.Variable(...)` through the active creator scopes (distribution strategies),
    and answers `isinstance(v, tf.Variable)` False for a Keras variable, as TF 2.21 does
    (Keras 3's Variable wraps a tf.Variable). Here a Keras variable *is* one, so tapes,
    tf.function, checkpoints and strategies take it as they are; eagerflow's own code asks
    `is_tf_variable`, which counts it."""

    def __instancecheck__(cls, obj: Any) -> bool:
        return type.__instancecheck__(cls, obj) and (
            not getattr(obj, "_keras_variable", False) or getattr(cls, "_keras_variable", False))

    def __subclasscheck__(cls, sub: type) -> bool:
        return type.__subclasscheck__(cls, sub) and (
            not getattr(sub, "_keras_variable", False) or getattr(cls, "_keras_variable", False))

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        stack = _creator_stack() if cls is Variable else None
        if not stack:
            return _construct(cls, args, kwargs)
        if args:
            kwargs["initial_value"] = args[0]
            if len(args) > 1:
                raise TypeError("tf.Variable takes its arguments after initial_value by keyword "
                                "when a variable creator scope is active")
        kwargs = {**_creator_defaults(), **kwargs}  # a creator sees every argument, as TF's

        def make(i: int) -> Any:
            if i < 0:
                return lambda **kw: _construct(cls, (), kw)
            nxt = make(i - 1)
            return lambda **kw: stack[i](nxt, **kw)

        return make(len(stack) - 1)(**kwargs)


# The class of the variables a TF 1 graph makes (function/graph_variables.py registers
# it): their value lives in each Session, set by their initializer.
GRAPH_VARIABLE_CLASS: list = []


def _construct(cls: type, args: tuple, kwargs: dict) -> Any:
    """`cls(*args, **kwargs)`; a tf.Variable made while a TF 1 graph is the default (not
    a function being traced) is that graph's variable."""
    if cls is Variable and GRAPH_VARIABLE_CLASS:
        g = _state.graph
        if g is not None and not getattr(g, "building_function", True):
            return type.__call__(GRAPH_VARIABLE_CLASS[0], *args, **kwargs)
    return type.__call__(ResourceVariable if cls is Variable else cls, *args, **kwargs)


def is_tf_variable(x: Any, cls: type | None = None) -> bool:
    """Whether `x` is a tf.Variable (an instance of `cls`, by default any) to eagerflow's own
    code: Keras variables included, which a user's isinstance leaves out."""
    return type.__instancecheck__(cls or Variable, x)


def _note_creation(var: Any) -> None:
    """Tells the function being traced that it creates `var` (made in its graph, or in an
    init_scope or Keras symbolic scope within it, as TF's creator scopes see both)."""
    for graph in (_state.graph, *reversed(_state.lifted)):
        if hasattr(graph, "create_variable_hook") and getattr(graph, "records_variables", True):
            graph.create_variable_hook(var)
            return


class Variable(metaclass=_VariableMeta):
    """tf.Variable(initial_value, trainable=True, name=None, dtype=None, shape=None)."""

    _ref_nodes = False  # (a TF 1 reference variable's graph nodes: v1/ref_variable.py)

    __array_priority__ = 100
    _keras_variable = False  # (keras/variables.py's class says True; a hit costs less)

    def __init__(self, initial_value: Any = None, trainable: bool | None = None,
                 validate_shape: bool = True, caching_device: Any = None, name: str | None = None,
                 variable_def: Any = None, dtype: Any = None, import_scope: Any = None,
                 constraint: Any = None, synchronization: int = VariableSynchronization.AUTO,
                 aggregation: int = VariableAggregation.NONE, shape: Any = None,
                 experimental_enable_variable_lifting: bool = True) -> None:
        if initial_value is None:
            raise ValueError("The `initial_value` arg to `tf.Variable` must be specified except "
                             "when you are not providing a `variable_def`. You provided neither.")
        if constraint is not None and not callable(constraint):
            raise ValueError(f"Argument `constraint` must be None or a callable. a callable. Got "
                             f"a {type(constraint)}:  {constraint}")
        if callable(initial_value):
            initial_value = initial_value()
        _note_creation(self)
        if dtype is None and isinstance(initial_value, Tensor) and \
                initial_value._dtype.is_quantized:
            dtype = initial_value._dtype  # (its array reads as the plain integers)
        value = _initial_array(initial_value, dtype)
        self._dtype = dt.as_dtype(dtype) if dtype is not None else dt.from_numpy(value.dtype)
        if self._dtype is dt.qint16 or self._dtype is dt.quint16:
            # TF's CPU has no variable kernels for these two (it has for qint8/quint8/qint32)
            raise InvalidArgumentError(
                None, None, f"No OpKernel was registered to support Op 'AssignVariableOp' used "
                            f"by {{{{node AssignVariableOp}}}} with these attrs: [dtype="
                            f"DT_{self._dtype.name.upper()}, validate_shape=false] "
                            f"[Op:AssignVariableOp]")
        # on the device of the scope it is made in (host-only dtypes stay on CPU:0)
        self._arr, self._device = D.place_array(value)
        self._shape = TensorShape(shape) if shape is not None else TensorShape._known(value.shape)
        if shape is not None and not self._shape.is_compatible_with(value.shape):
            raise ValueError(f"In this `tf.Variable` creation, the initial value's shape "
                             f"({TensorShape(value.shape)}) is not compatible with the explicitly "
                             f"supplied `shape` argument ({shape}).")
        # (validate_shape=False changes nothing eagerly in TF 2: the shape stays the value's)
        self._trainable = True if trainable is None else trainable  # (kept as given, as TF)
        if synchronization == VariableSynchronization.ON_READ and trainable is None:
            self._trainable = False
        self._name = _scoped_name(name) + ":0"
        self._constraint = constraint
        if synchronization is None:
            synchronization = VariableSynchronization.AUTO
        try:
            self._synchronization = VariableSynchronization(synchronization)
        except ValueError:
            raise ValueError(f"Invalid variable synchronization mode: {synchronization} for "
                             f"variable: {name}") from None
        self._aggregation = as_aggregation(aggregation, name)
        self._unique_id = next(_uid)
        self._handle_uid = next(_handle_uids)
        if isinstance(initial_value, Tensor) and not hasattr(initial_value, "_arr"):
            init = getattr(initial_value.graph, "initialize_on_first_call", None)
            if init is not None and init(self, initial_value) and shape is None:
                self._shape = TensorShape(initial_value._shape)

    # -- reading -----------------------------------------------------------------------
    def _as_tensor(self, dtype: Any = None) -> Tensor:
        if dtype is not None and dt.as_dtype(dtype) is not self._dtype:
            raise _conversion_error(dtype, self)  # (TF's checks before it reads)
        st = _state.__dict__  # (one thread-local lookup: this runs on every use of a variable)
        graph = st["graph"]
        if graph is not None and hasattr(graph, "read_variable"):
            t = graph.read_variable(self)
        else:
            # EagerTensor(self._arr, self._dtype, self._device) inlined, as dispatch makes
            # its results: a deep model reads hundreds of variables a step
            t = _new(EagerTensor)
            t._arr = a = self._arr
            t._shape = a.shape
            t._dtype = self._dtype
            t._device = self._device
            tapes = st["tapes"]
            if tapes:
                if len(tapes) == 1:  # (the common case, as in dispatch.record)
                    tapes[0]._record_read(self, t)
                else:
                    for tape in list(tapes):  # (a copy: a recording tape may push or pop)
                        tape._record_read(self, t)
        return t

    def _api_read(self, name: str | None = "ReadVariableOp", scope: str | None = None) -> Tensor:
        """The value, read by the variable's own API: traced, a read named `name`, or
        "ReadVariableOp" in the name scope `scope` (not named by the op that consumes it,
        as a conversion's read is: graph/var_reads.py)."""
        graph = _state.graph
        if graph is not None and hasattr(graph, "read_variable") and \
                type(self)._as_tensor is Variable._as_tensor:
            return graph.read_variable(self, None if scope else name, scope)
        return self._as_tensor()  # (a class reading itself otherwise: its own read)

    def read_value(self) -> Tensor:
        t = self._api_read(scope="Read")
        if _state.graph is not None and type(t) is not EagerTensor:
            return identity(t)  # (TF's read_value returns an Identity of its read)
        return t

    def read_value_no_copy(self) -> Tensor:
        """The value (a read never copies here: an assignment replaces the array)."""
        return self._api_read(scope="Read")

    def value(self) -> Tensor:
        return self._api_read()

    def is_initialized(self, name: str | None = None) -> Tensor:
        return convert_to_tensor(True)  # (a variable gets its value when it is created)

    def initialized_value(self) -> Tensor:
        raise NotImplementedError  # (TF 2's eager variables raise it, without a message)

    @property
    def initializer(self) -> None:
        return None  # (TF 1's initializer op; an eager variable has none)

    def set_shape(self, shape: Any) -> None:
        """Narrows the static shape to `shape` (ValueError where they differ)."""
        self._shape = self._shape.merge_with(TensorShape(shape))

    def numpy(self) -> Any:
        a = self._arr
        if type(a) is not np.ndarray:
            a = to_host(a)  # the copy from the device is the copy
            return a[()] if a.ndim == 0 else a
        return a[()] if a.ndim == 0 else a.copy()

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        refuse_in_sequence()  # (no element of a Python list that tf.constant converts)
        return np.asarray(to_host(self._arr), dtype=dtype)

    # -- writing -----------------------------------------------------------------------
    def _coerce(self, value: Any, op: str) -> Tensor:
        # TF's rules: Python values must fit the variable's dtype (TypeError), tensors
        # of another dtype are refused (ValueError), NumPy data is cast
        if type(value) is EagerTensor and value._dtype is self._dtype and \
                value._shape == self._shape._dims and self._dtype not in NO_ARITHMETIC:
            return value  # an optimizer's update: nothing to convert or check
        t = convert_to_tensor(value, dtype=self._dtype)
        if op != "assign" and _state.graph is None:
            kernel = "AssignAddVariableOp" if op == "assign_add" else "AssignSubVariableOp"
            if self._dtype in NO_ARITHMETIC:
                raise raised_eagerly(no_update_kernel(kernel, self._dtype))
            # TF checks an update in its kernel, with no broadcasting: the shapes must be equal
            have = tuple(self._arr.shape)
            if t._shape != have:
                raise raised_eagerly(InvalidArgumentError(
                    None, None, f"Cannot update variable with shape [{','.join(map(str, have))}] "
                    f"using a Tensor with shape [{','.join(map(str, t._shape))}], shapes must "
                    f"be equal. [Op:{kernel}]"))
            return t
        if op == "assign" and not self._shape.is_compatible_with(t.shape):
            raise ValueError(f"Cannot {op} value to variable ' {self._name}': Shape mismatch."
                             f"The variable shape {self._shape}, and the assigned value shape "
                             f"{t.shape} are incompatible.")
        return t

    def _write(self, t: Tensor, mode: str, read: bool = True) -> Any:
        """Writes `t` (`mode`: set, add or sub): the variable as read after it, or eagerly
        None where not `read` (see _write_alone)."""
        graph = _state.graph
        if graph is not None and hasattr(graph, "assign_variable"):
            out = graph.assign_variable(self, t, mode)
            return _unread(self) if out is self else out  # (TF's _UnreadVariable, traced too)
        arr = t._arr
        if t._device != self._device:  # values from another device are copied here
            arr = D.to_device(arr, D.lookup(self._device))
        if mode != "set" and _update_in_place(self, arr, mode):
            return _unread(self) if read else None
        if mode == "add":
            arr = self._arr + arr
        elif mode == "sub":
            arr = self._arr - arr
        elif arr is self._arr or not arr.flags.owndata or arr.base is not None:
            arr = arr.copy()
        self._arr = arr.astype(self._arr.dtype, copy=False)
        return _unread(self) if read else None

    def _write_alone(self, t: Tensor, mode: str) -> Any:
        """An assignment with read_value=False: eagerly a write alone, as TF's (no read of
        the variable: no tensor of it, and the tapes recording do not watch it), bar where
        a subclass writes its own way; the assign operation in a graph."""
        if _state.graph is not None or type(self)._write is not _WRITE:
            self._write(t, mode)
            return _assign_op()
        return _WRITE(self, t, mode, False)

    def assign(self, value: Any, use_locking: Any = None, name: str | None = None,
               read_value: bool = True) -> Any:
        t = self._coerce(value, "assign")
        return self._write(t, "set") if read_value else self._write_alone(t, "set")

    def assign_add(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        t = self._coerce(delta, "assign_add")
        return self._write(t, "add") if read_value else self._write_alone(t, "add")

    def assign_sub(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        t = self._coerce(delta, "assign_sub")
        return self._write(t, "sub") if read_value else self._write_alone(t, "sub")

    # -- properties --------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self) -> dt.DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return self._shape

    def get_shape(self) -> TensorShape:
        return self._shape

    @property
    def ndim(self) -> int:
        return self._shape.rank

    @property
    def trainable(self) -> bool:
        return self._trainable

    @property
    def device(self) -> str:
        return self._device

    @property
    def constraint(self) -> Any:
        return self._constraint

    @property
    def synchronization(self) -> int:
        return self._synchronization

    @property
    def aggregation(self) -> int:
        return self._aggregation

    @property
    def handle(self) -> Any:
        """The variable's resource tensor (dtype resource, TF's anonymous "tensorflow::Var"
        handle), made on first use; it keeps the variable alive, as TF's does."""
        h = self.__dict__.get("_handle_tensor")
        if h is None:
            h = self._handle_tensor = variable_handle(self)
        return h

    @property
    def initial_value(self) -> Tensor:
        raise RuntimeError("This property is not supported when eager execution is enabled.")

    @property
    def op(self) -> Any:  # (an eager variable's handle is an eager tensor: TF's error)
        raise AttributeError("Tensor.op is undefined when eager execution is enabled.")

    @property
    def graph(self) -> Any:
        raise AttributeError("Tensor.graph is undefined when eager execution is enabled.")

    def ref(self) -> Reference:
        return Reference(self)

    def experimental_ref(self) -> Reference:
        deprecated_call("Variable.experimental_ref", "tensorflow.python.ops.variables",
                        "Use ref() instead.")
        return Reference(self)

    # (__eq__, __ne__ and __hash__, which tensor equality switches, are ops/operators.py's)

    def __repr__(self) -> str:
        if _state.graph is not None:  # inside a trace TF shows no value, as not eager
            return f"<tf.Variable '{self._name}' shape={self._shape} dtype={self._dtype.name}>"
        a = to_host(self._arr)
        text = repr(a.item()) if a.ndim == 0 else repr(a)
        if "\n" in text:
            text = "\n" + text
        return (f"<tf.Variable '{self._name}' shape={self._shape} dtype={self._dtype.name}, "
                f"numpy={text}>")

    def __bool__(self) -> bool:
        # (TF's reads the value: an empty one is False; while tracing the read is symbolic,
        # refused as TF's)
        return bool(self._as_tensor())

    def __int__(self) -> int:
        return int(to_host(self._arr))

    def __float__(self) -> float:
        return float(to_host(self._arr))

    def __iter__(self):
        return iter(self._as_tensor())

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)  # "{}".format(v) shows the variable, as in TF
        # (TF's variable defines no __format__: object's refuses any format spec)
        raise TypeError("unsupported format string passed to ResourceVariable.__format__")

    def __copy__(self) -> Variable:
        return self

    def __deepcopy__(self, memo: dict) -> Variable:
        v = Variable(self.numpy(), trainable=self._trainable, name=self._name.split(":")[0],
                     dtype=self._dtype)
        memo[id(self)] = v
        return v

    def __reduce__(self) -> tuple:
        # (pickled as TF pickles one: a new variable of its value, name and trainability)
        return functools.partial(Variable, initial_value=self.numpy(),
                                 trainable=self._trainable, name=self._name.split(":")[0],
                                 dtype=self._dtype, constraint=self._constraint), ()

    # TF 1's graph-mode methods, which TF 2 keeps: eagerly, they refuse
    def eval(self, session: Any = None) -> Any:
        raise RuntimeError("This operation is not supported when eager execution is enabled.")

    def to_proto(self, export_scope: Any = None) -> Any:
        raise RuntimeError("This operation is not supported when eager execution is enabled.")

    def load(self, value: Any, session: Any = None) -> None:
        deprecated_call("Variable.load", "tensorflow.python.ops.variables",
                        "Prefer Variable.assign which has equivalent behavior in 2.X.")
        self.assign(value)


def _refs(holder: Any) -> int:
    """sys.getrefcount of `holder`'s `_arr` attribute (None's when it has none)."""
    return sys.getrefcount(holder.__dict__.get("_arr"))


# _refs of an array that nothing but its holder's attribute refers to (this interpreter's
# count, the call's own references included: measured, not assumed)
_SOLE = _refs(types.SimpleNamespace(_arr=np.empty(0)))


# Dtypes TF's AssignAddVariableOp and AssignSubVariableOp have no kernel for
NO_ARITHMETIC = frozenset((dt.bool, dt.string, dt.resource, dt.variant))
_UPDATE_KERNELS = ("COMPLEX128", "COMPLEX64", "DOUBLE", "FLOAT", "BFLOAT16", "HALF", "INT32",
                   "INT8", "UINT8", "INT16", "UINT16", "UINT32", "INT64", "UINT64")
_UPDATE_XLA = ("FLOAT", "DOUBLE", "INT32", "UINT8", "INT16", "INT8", "COMPLEX64", "INT64",
               "BFLOAT16", "UINT16", "COMPLEX128", "HALF", "UINT32", "UINT64")


def no_update_kernel(op: str, dtype: dt.DType) -> InvalidArgumentError:
    """TF's refusal of an add or subtract update of a variable of `dtype` (its kernels
    listed as TF lists them: XLA's last for the add, first for the subtract)."""
    regs = [f"  device='{dev}'; dtype in [DT_{k}]" for dev in ("DEFAULT", "CPU")
            for k in _UPDATE_KERNELS]
    xla = f"  device='XLA_CPU_JIT'; dtype in [{', '.join('DT_' + k for k in _UPDATE_XLA)}]"
    regs = [*regs, xla] if op == "AssignAddVariableOp" else [xla, *regs]
    return InvalidArgumentError(
        None, None, f"No OpKernel was registered to support Op '{op}' used by {{{{node {op}}}}}"
        f" with these attrs: [dtype=DT_{dtype.name.upper()}]\nRegistered devices: [CPU]\n"
        "Registered kernels:\n" + "\n".join(regs) + f"\n\n\t [[{op}]] [Op:{op}]")


def sole_holder(var: Any) -> bool:
    """Whether nothing but `var` refers to its array (no tensor read from it shares it),
    so that writing the array in place changes no value anyone else sees."""
    return _refs(var) == _SOLE


def _update_in_place(var: Variable, arr: Any, mode: str) -> bool:
    """Adds or subtracts `arr` into `var`'s array in place when nothing else can see that
    array (False: not done). TF's AssignAddVariableOp/AssignSubVariableOp do the same: in
    place when the variable's buffer has no other reference, into a new buffer otherwise.
    Here: a CPU array that is no view and that no tensor read from the variable, view or
    buffer refers to. An optimizer step then makes no new array per variable. On a GPU
    the same, by the device's ufunc into the old array (one launch, as the new array's
    would be, and no allocation)."""
    if not sole_holder(var):
        return False
    old = var._arr
    cls = old.__class__
    if (arr.__class__ is not cls or old.base is not None or old.shape != arr.shape
            or old.dtype != arr.dtype):
        return False
    if cls is np.ndarray:
        if not old.flags.writeable:
            return False
        (np.add if mode == "add" else np.subtract)(old, arr, out=old)
        return True
    place = D.lookup(var._device)
    if not place.backend.holds(old, place.physical):  # (no array of a known device)
        return False
    xp = place.xp
    (xp.add if mode == "add" else xp.subtract)(old, arr, out=old)
    return True


_UNREAD_FIELDS = ("_dtype", "_shape", "_trainable", "_constraint", "_synchronization",
                  "_aggregation", "_device", "_unique_id")
_unread_fields = operator.attrgetter(*_UNREAD_FIELDS)


class ResourceVariable(Variable):
    """What `tf.Variable(...)` makes, as TF 2's (`type(v).__name__` is 'ResourceVariable',
    as the guides print); `tf.Variable` itself is the base its subclasses share."""


class UninitializedVariable(ResourceVariable):
    """The class of the variables tf.saved_model.load restores (TF makes them uninitialized
    and assigns the checkpoint's values; `type(v).__name__` shows it)."""


class _UnreadVariable(Variable):
    """What assign, assign_add and assign_sub return eagerly, as in TF: the variable itself
    under the name 'UnreadVariable', read only when used (so later assignments show), and
    assignable in turn (`v.assign(1.0).assign_add(2.0)` updates v)."""

    def __init__(self, of: Variable, name: str = "UnreadVariable") -> None:
        # (one per eager assignment: _UNREAD_FIELDS read in one C call and stored one by
        # one; an update of self.__dict__ builds the instance's dict first: 1.1 us vs 0.2)
        (self._dtype, self._shape, self._trainable, self._constraint, self._synchronization,
         self._aggregation, self._device, self._unique_id) = _unread_fields(of)
        self._unread_of = of
        self._name = name

    @property
    def _arr(self) -> Any:
        return self._unread_of._arr

    def _as_tensor(self, dtype: Any = None) -> Tensor:
        var = self._unread_of
        if dtype is not None and dt.as_dtype(dtype) is not var._dtype:
            raise _conversion_error(dtype, self)  # (TF's names the unread variable)
        st = _state.__dict__
        if st["graph"] is not None or not st["tapes"] or \
                type(var)._as_tensor is not Variable._as_tensor:
            return var._as_tensor(dtype)
        # TF's _UnreadVariable reads without marking its variable accessed: the tapes that
        # watch the variable already (an assignment made under a tape watched it) record
        # the read, and no tape starts watching it here
        t = EagerTensor(var._arr, var._dtype, var._device)
        node = Node(READ, (var,), (t,), {})
        for tape in list(st["tapes"]):
            tape._record(node)
        return t

    def _api_read(self, name: str | None = "ReadVariableOp", scope: str | None = None) -> Tensor:
        if _state.graph is None:
            return self._as_tensor()  # (`u.value()`, `u.read_value()`: its own read)
        return self._unread_of._api_read(name, scope)

    def _write(self, t: Tensor, mode: str) -> Any:
        return self._unread_of._write(t, mode)

    @property
    def name(self) -> str:
        return self._name

    @property
    def handle(self) -> Any:
        return self._unread_of.handle

    @property
    def device(self) -> str:  # (a variable may report a device of its own: a ps task's)
        return self._unread_of.device


def resource_tensor(handle: ResourceHandle, device: str) -> EagerTensor:
    """The scalar tensor of dtype resource that holds `handle`, on `device`."""
    arr = np.empty((), dtype=object)
    arr[()] = handle
    return EagerTensor(arr, dt.resource, device)


def variable_handle(var: Variable) -> EagerTensor:
    """`var`'s handle as TF 2 makes it: named after the variable and its creation number,
    in the "Anonymous" container, declaring its dtype and shape."""
    uid = var.__dict__.get("_handle_uid")
    if uid is None:  # (a variable made without Variable.__init__: numbered on first use)
        uid = var._handle_uid = next(_handle_uids)
    base = var._name[:-2] if var._name.endswith(":0") else var._name
    handle = ResourceHandle(f"{base}/{uid}", var.device, "Anonymous", "tensorflow::Var",
                            ((var._dtype, var._shape._dims),), var)
    return resource_tensor(handle, var.device)


def held_handle(h: Any) -> ResourceHandle | None:
    """The ResourceHandle a resource tensor holds (an eager one, or the constant a graph
    captured it as); None for anything else."""
    if not isinstance(h, Tensor) or h._dtype is not dt.resource:
        return None
    arr = getattr(h, "_arr", None)
    if arr is None:
        arr = getattr(getattr(h, "_op", None), "attrs", {}).get("value")
    held = arr[()] if isinstance(arr, np.ndarray) and arr.ndim == 0 else None
    return held if isinstance(held, ResourceHandle) else None


def variable_of(h: Any) -> Any:
    """The variable resource tensor `h` names, None where it names none (yet)."""
    held = held_handle(h)
    if held is None:
        return None
    var = held.target if held.target is not None else \
        RESOURCES.lookup(held.container, held.name)
    return var if is_tf_variable(var) else None




def handle_variable(h: Any, op: str) -> Any:
    """The variable `h` (a resource tensor, or a variable) names; for a handle of none (a
    VarHandleOp's never assigned, or destroyed, or a table's) the error op `op`'s kernel
    raises in TF: ReadVariableOp's FailedPreconditionError, a training op's InternalError,
    any other op's resource lookup error (NotFoundError; InvalidArgumentError for a
    resource of another type)."""
    if is_tf_variable(h):
        return h
    var = variable_of(h)
    if var is None:
        held = held_handle(h)
        c, name = held.container, held.name
        why, error = RESOURCES.missing(c, name, "N10tensorflow3VarE"), NotFoundError
        if RESOURCES.lookup(c, name) is not None:  # a resource of another kind (a table)
            why, error = wrong_type(name, held.kind, "tensorflow::Var"), InvalidArgumentError
        elif why.startswith("Container"):
            why += f" (Could not find resource: {c}/{name})"
        if op.startswith(("ResourceApply", "ResourceSparseApply")):
            raise InternalError(None, None, f"Invalid variable reference. [Op:{op}]")
        if op != "ReadVariableOp":
            raise error(None, None, f"{why} [Op:{op}]")
        raise FailedPreconditionError(
            None, None, f"Could not find variable {name}. This could mean that the variable "
                        f"has been deleted. In TF1, it can also mean the variable is "
                        f"uninitialized. Debug info: container={c}, status error message="
                        f"{why} [Op:{op}]")
    return var


def op_variable(x: Any, op: str) -> Any:
    """The variable an op's resource input `x` names (its handle, its handle's array, the
    variable itself); None: a handle known only when a graph runs. A tensor of another
    dtype is TF's refusal of the input."""
    arr = x if x.__class__ is np.ndarray else \
        x._arr if x.__class__ is EagerTensor and x._dtype is dt.resource else None
    if arr is not None and arr.dtype == object and not arr.ndim:
        var = getattr(arr[()], "target", None)  # (a variable's own handle: its target)
        if var is not None and is_tf_variable(var):
            return var
    if isinstance(x, np.ndarray):
        return handle_variable(EagerTensor(x, dt.resource), op)
    if not isinstance(x, Tensor):
        return x
    if x._dtype is not dt.resource:
        raise wrong_input_dtype(op, 0, dt.resource, x._dtype)
    return handle_variable(x, op) if held_handle(x) is not None else None


def record_read(op: OpDef, var: Any, h: Any, rest: tuple, out: Any, attrs: dict) -> None:
    """An eager `op` run on variable `var`'s handle `h` (and `rest`), recorded by the
    tapes against the variable, as TF's tapes record a variable's reads; a tape that
    watches the handle itself recorded it already, when it ran."""
    node = Node(op, (var, *rest), (out,), attrs)
    for tape in list(_state.tapes):
        tape._on_variable_read(var)
        if id(h) not in tape._tracked:
            tape._record(node)


_STAND_INS: dict = {}


def replay_read(node: Any, args: tuple, values: list) -> Any:
    """The replay_saved hook of an op reading a variable (its first input): a function's
    gradient replays its graph, where the values it read forward stand in for the op's,
    still differentiable to the variable by the op's own gradient."""
    op = node.op
    stand_in = _STAND_INS.get(op.name)
    if stand_in is None:
        n_out = op.num_outputs

        def grad(n: Any, *gs: Any) -> list:
            own = Node(op, n.inputs[:-n_out], n.outputs, n.attrs)
            return [*op.grad(own, *gs), *([None] * n_out)]

        stand_in = _STAND_INS[op.name] = OpDef(
            op.name, lambda *ins, **_: [(v._shape, v._dtype) for v in ins[-n_out:]],
            lambda xp, *arrays, **_: arrays[-1] if n_out == 1 else arrays[-n_out:],
            grad=grad, num_outputs=n_out, no_fold=True)
    return dispatch.bind(stand_in, (*args, *values), node.attrs)


def _assign_op() -> Any:
    """What an assignment with read_value=False returns: nothing eagerly, the assign
    operation in a graph being built (as TF's)."""
    graph = _state.graph
    if graph is None:
        return None
    node, graph.last_assign = getattr(graph, "last_assign", None), None
    return node


def _unread(var: Variable) -> _UnreadVariable:
    """_UnreadVariable(var) without the variable metaclass's creator-scope check, which
    only tf.Variable(...) itself takes (one per eager assignment), and mark_read's marking
    (inlined: an optimizer's every update comes here)."""
    tapes = _state.tapes
    if tapes:
        for tape in list(tapes):
            tape._on_variable_read(var)
    return type.__call__(_UnreadVariable, var)


def mark_read(var: Variable) -> None:
    """As TF's, an assignment whose value is read marks the variable accessed: the tapes
    recording watch it."""
    tapes = _state.tapes
    if tapes:
        for tape in list(tapes):
            tape._on_variable_read(var)


def _conversion_error(dtype: Any, var: Any) -> ValueError:
    """TF's refusal to convert a variable to another dtype (its conversion function's words,
    which take no name: tf.convert_to_tensor's `name` is no prefix here, as it is for a
    tensor). The variable shows as a tf.Variable: a Keras variable's is the tf.Variable
    it holds in TF, not Keras' own repr."""
    return ValueError(f"Incompatible type conversion requested to type "
                      f"{dt.as_dtype(dtype).name} for `tf.Variable of type {var._dtype.name}. "
                      f"(Variable: {Variable.__repr__(var)})")


_WRITE = Variable._write  # (a subclass with its own takes it: see _write_alone)
dispatch.VARIABLE_BASE.append(Variable)  # (binary ops read variable operands directly)


def _initial_array(value: Any, dtype: Any) -> np.ndarray:
    if is_tf_variable(value):
        value = value._as_tensor()
    if isinstance(value, Tensor):
        t = value
        if dtype is not None and dt.as_dtype(dtype) is not t._dtype:
            raise ValueError(f"initial_value: Tensor conversion requested dtype "
                             f"{dt.as_dtype(dtype).name} for Tensor with dtype {t._dtype.name}: "
                             f"{t!r}")
        if not hasattr(t, "_arr"):
            # Created while tracing: the initial value is lifted out of the graph, as TF does.
            lift = getattr(getattr(t, "graph", None), "lift_to_eager", None)
            if lift is None:
                raise ValueError("A variable's initial value must be computable eagerly; "
                                 "create variables outside tf.function or during its first "
                                 "trace")
            t = lift(t)
        return _host_copy(t._arr)
    t = convert_to_tensor(value, dtype=dtype)
    return _host_copy(t._arr)


def _host_copy(arr: Any) -> np.ndarray:
    return arr.copy() if type(arr) is np.ndarray else to_host(arr)
