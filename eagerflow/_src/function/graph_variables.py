"""The variables of a TF 1 graph: their value lives in each Session, set by an initializer.

Sits in function/, below session.py. A `tf.Variable` made while a `tf.Graph` is the
default (not a function being traced; ops/variables.py's `_construct` routes it here) is a
`GraphVariable`, TF 2.21's resource variable in graph mode: a `VarHandleOp` named after
it, an initializer (`name/Assign`, an AssignVariableOp of its initial value) and a read
(`name/Read/ReadVariableOp`) in the graph, and a place in the graph's collections. Its
array is not its own: `_arr` looks it up in the store of the Session that is running
(`RUN.store`, one dict per Session, keyed by the variable's id), so the graph's
ReadVariableOp / AssignVariableOp kernels and generated code, written for eager
variables, read and write the running session's value. A read before the initializer ran
raises TF's FailedPreconditionError ("Could not find variable ..."). TF 1's reference
variable (v1/ref_variable.py) is one too, its nodes (`_make_nodes`) TF 1's.

Assignments are graph operations: `v.assign(x)` returns a `GraphUnreadVariable` whose op
is the assignment and whose value is a read made after it, as TF's `_UnreadVariable`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state, restoring
from eagerflow._src.core.device import device
from eagerflow._src.core.errors import FailedPreconditionError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.graph.ir import ASSIGN, CONST, Graph, Operation, user_frames
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor, get_default_session
from eagerflow._src.ops import variables as V
from eagerflow._src.ops.registry import OpDef


class GraphKeys:
    """`tf.compat.v1.GraphKeys`: the names of TF 1's standard graph collections."""

    GLOBAL_VARIABLES = "variables"
    LOCAL_VARIABLES = "local_variables"
    METRIC_VARIABLES = "metric_variables"
    MODEL_VARIABLES = "model_variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    SUMMARIES = "summaries"
    QUEUE_RUNNERS = "queue_runners"
    TABLE_INITIALIZERS = "table_initializer"
    ASSET_FILEPATHS = "asset_filepaths"
    MOVING_AVERAGE_VARIABLES = "moving_average_variables"
    REGULARIZATION_LOSSES = "regularization_losses"
    CONCATENATED_VARIABLES = "concatenated_variables"
    SAVERS = "savers"
    WEIGHTS = "weights"
    BIASES = "biases"
    ACTIVATIONS = "activations"
    UPDATE_OPS = "update_ops"
    LOSSES = "losses"
    SAVEABLE_OBJECTS = "saveable_objects"
    RESOURCES = "resources"
    LOCAL_RESOURCES = "local_resources"
    TRAINABLE_RESOURCE_VARIABLES = "trainable_resource_variables"
    INIT_OP = "init_op"
    LOCAL_INIT_OP = "local_init_op"
    READY_OP = "ready_op"
    READY_FOR_LOCAL_INIT_OP = "ready_for_local_init_op"
    SUMMARY_OP = "summary_op"
    GLOBAL_STEP = "global_step"
    EVAL_STEP = "eval_step"
    TRAIN_OP = "train_op"
    COND_CONTEXT = "cond_context"
    WHILE_CONTEXT = "while_context"
    VARIABLES = "variables"
    _SUMMARY_COLLECTION = "_SUMMARY_V2"
    _VARIABLE_COLLECTIONS = [
        "variables", "local_variables", "metric_variables", "model_variables",
        "trainable_variables", "moving_average_variables", "concatenated_variables",
        "trainable_resource_variables"]
    _STREAMING_MODEL_PORTS = "streaming_model_ports"


class _Run(threading.local):
    """The variable store of the Session running on this thread (None: none is)."""

    def __init__(self) -> None:
        self.store: dict | None = None


RUN = _Run()


@contextlib.contextmanager
def running(store: dict) -> Iterator[None]:
    """While active, graph variables read and write `store` (a Session's)."""
    saved = RUN.store
    RUN.store = store
    with restoring(lambda: setattr(RUN, "store", saved), lambda: RUN.store is store):
        yield


def _no_kernel(xp: Any, **attrs: Any) -> Any:
    raise TypeError("a variable's handle has no value of its own")


def _is_initialized_kernel(xp: Any, var: Any, **_attrs: Any) -> Any:
    store = RUN.store
    return np.asarray(store is not None and var._key in store)


VAR_HANDLE = OpDef("VarHandleOp", lambda **a: [((), dt.resource)], _no_kernel, no_fold=True)


def _ref_value_kernel(xp: Any, *, var: Any, **_attrs: Any) -> Any:
    return xp.asarray(to_host(var._arr))  # (on the device the node was placed on)


# An imported TF 1 reference variable's node: its output is the variable's value (TF's
# ref, fetched as "w:0"), read when the node runs
REF_VARIABLE = OpDef("VariableV2", lambda **a: [(a["var"].shape._dims, a["var"]._dtype)],
                     _ref_value_kernel, no_fold=True, stateful=True, ref_output=True)
# (its answer is the host's, as TF's GPU kernel keeps it in host memory: run on CPU:0)
VAR_IS_INITIALIZED = OpDef("VarIsInitializedOp", lambda var, **a: [((), dt.bool)],
                           _is_initialized_kernel, no_fold=True, gpu=False)
# (the same question of a reference variable: TF 1's op)
IS_VARIABLE_INITIALIZED = dataclasses.replace(VAR_IS_INITIALIZED, name="IsVariableInitialized")


def _exact_op(g: Graph, op: OpDef, inputs: tuple, attrs: dict, specs: list,
              name: str) -> Operation:
    """An operation named exactly `name` (a variable's handle takes its scope's name)."""
    node = Operation(g, op, inputs, attrs, name)
    node.outputs = tuple(SymbolicTensor(node, i, s, d) for i, (s, d) in enumerate(specs))
    node.origin = user_frames()
    g.place(node)
    g.operations.append(node)
    return node


@contextlib.contextmanager
def init_scope(g: Graph) -> Iterator[None]:
    """TF's init_scope in a graph: no control dependencies for what is made inside."""
    g.push_control_dependencies(None)
    try:
        yield
    finally:
        g.pop_control_dependencies()


def uninitialized_error(var: Any, store: dict | None) -> FailedPreconditionError:
    """TF's error for a resource variable read before its initializer ran in a session
    (the container does not exist until some variable of the session is initialized)."""
    name = var._shared_name
    if var._is_ref:  # (a TF 1 reference variable: its kernel's words)
        return FailedPreconditionError(None, None, f"Attempting to use uninitialized value "
                                                   f"{name}")
    detail = (f"Container localhost does not exist. (Could not find resource: localhost/{name})"
              if not store else f"Resource localhost/{name}/N10tensorflow3VarE does not exist.")
    return FailedPreconditionError(
        None, None, f"Could not find variable {name}. This could mean that the variable has "
                    "been deleted. In TF1, it can also mean the variable is uninitialized. "
                    f"Debug info: container=localhost, status error message={detail}")


class GraphVariable(V.Variable):
    """`tf.Variable` in a TF 1 graph (TF's ResourceVariable in graph mode)."""

    _is_ref = False  # a TF 1 reference variable (VariableV2: ref_import.py, v1/ref_variable.py)

    def __init__(self, initial_value: Any = None, trainable: bool | None = None,
                 validate_shape: bool = True, caching_device: Any = None, name: str | None = None,
                 variable_def: Any = None, dtype: Any = None, import_scope: Any = None,
                 constraint: Any = None, synchronization: int = V.VariableSynchronization.AUTO,
                 aggregation: int = V.VariableAggregation.NONE, shape: Any = None,
                 experimental_enable_variable_lifting: bool = True,
                 collections: Any = None) -> None:
        if initial_value is None:
            raise ValueError("The `initial_value` arg to `tf.Variable` must be specified except "
                             "when you are not providing a `variable_def`. You provided neither.")
        if constraint is not None and not callable(constraint):
            raise ValueError(f"The `constraint` argument must be a callable. Got {constraint}")
        g = _state.graph
        self._graph = g
        if collections is None:
            collections = [GraphKeys.GLOBAL_VARIABLES]
        if not isinstance(collections, (list, tuple, set)):
            raise ValueError(f"collections argument to Variable constructor must be a list, "
                             f"tuple, or set. Got {collections} of type {type(collections)}")
        self._trainable = True if trainable is None else bool(trainable)
        if synchronization == V.VariableSynchronization.ON_READ and trainable is None:
            self._trainable = False
        collections = list(collections)
        if self._trainable and GraphKeys.TRAINABLE_VARIABLES not in collections:
            collections.append(GraphKeys.TRAINABLE_VARIABLES)
        with init_scope(g):
            if isinstance(name, str) and name.endswith("/"):
                scope = name[:-1]  # an absolute scope is the name as it is, as TF's
            else:
                scope = g.unique_name(name or "Variable")  # the scope its ops are made in
            with name_scope(scope + "/"):
                # (the initial value is made outside the device scopes, as TF makes it)
                with name_scope("Initializer") if not self._is_ref or \
                        callable(initial_value) else contextlib.nullcontext(), device(None):
                    value = initial_value() if callable(initial_value) else initial_value
                    if V.is_tf_variable(value):
                        value = value._as_tensor()
                    init = convert_to_tensor(value, dtype=dtype)
                    if isinstance(init, EagerTensor):
                        init = g._new_op(CONST, (), {"value": init._numpy(),
                                                        "dtype": init._dtype},
                                         [(init._shape, init._dtype)], "initial_value").outputs[0]
                self._dtype = init._dtype
                self._np_dtype = np.dtype(init._dtype.as_numpy_dtype)
                self._shape = TensorShape(init._shape) if shape is None else TensorShape(shape)
                if shape is not None and not self._shape.is_compatible_with(init.shape):
                    raise ValueError(f"In this `tf.Variable` creation, the initial value's shape "
                                     f"({init.shape}) is not compatible with the explicitly "
                                     f"supplied `shape` argument ({TensorShape(shape)}).")
                if not validate_shape:
                    self._shape = TensorShape(None)
                self._shared_name = scope
                self._name = scope + ":0"
                self._device = ""
                self._constraint = constraint
                self._synchronization = V.VariableSynchronization(synchronization)
                self._aggregation = V.as_aggregation(aggregation, name)
                self._unique_id = next(V._uid)
                self._initial_value = init
                self._make_nodes(g, scope, init)
        g.variable_map.setdefault(id(self), self)
        g.add_to_collections(collections, self)

    def _make_nodes(self, g: Graph, scope: str, init: Tensor) -> None:
        """Its nodes, TF's resource variable's: the handle, its check, its initializer and
        a read."""
        self._handle_op = _exact_op(g, VAR_HANDLE, (), {"shared_name": scope,
                                                        "dtype": self._dtype},
                                    [((), dt.resource)], scope)
        self._is_init = _exact_op(g, VAR_IS_INITIALIZED, (self,), {}, [((), dt.bool)],
                                  f"{scope}/IsInitialized/VarIsInitializedOp").outputs[0]
        with g.colocated(self._handle_op):  # (as TF's: where the handle is)
            self._initializer_op = _exact_op(g, ASSIGN["set"], (init,), {"var": self}, [],
                                             f"{scope}/Assign")
            self._graph_element = g.read_variable(self, "Read/ReadVariableOp", placed=True)

    @classmethod
    def imported(cls, g: Graph, name: str, dtype: Any, shape: Any,
                 ref: str | None = None) -> GraphVariable:
        """A variable of a graph being imported (a meta graph's VarHandleOp `name`; `ref`:
        the op of a TF 1 reference variable's node, VariableV2, its node then TF's ref:
        the variable's value): its initializer, read
        and initial value are the imported graph's, which the importer sets
        (`_initializer_op`, `_graph_element`, `_initial_value`)."""
        self = cls.__new__(cls)
        self._graph = g
        self._trainable = False
        self._dtype = dt.as_dtype(dtype)
        self._np_dtype = np.dtype(self._dtype.as_numpy_dtype)
        self._shape = TensorShape(shape)
        self._shared_name = name
        self._name = name + ":0"
        self._device = ""
        self._constraint = None
        self._synchronization = V.VariableSynchronization.AUTO
        self._aggregation = V.VariableAggregation.NONE
        self._unique_id = next(V._uid)
        self._is_ref = ref is not None
        if self._is_ref:
            self._handle_op = _exact_op(g, REF_VARIABLE, (), {"var": self},
                                        [(self._shape._dims, self._dtype)], name)
        else:
            self._handle_op = _exact_op(g, VAR_HANDLE, (), {"shared_name": name,
                                                            "dtype": self._dtype},
                                        [((), dt.resource)], name)
        self._initial_value = self._initializer_op = self._graph_element = None
        self._is_init = None
        g.variable_map.setdefault(id(self), self)
        return self

    def is_initialized_op(self, name: str) -> SymbolicTensor:
        """A VarIsInitializedOp of this variable named `name` (an imported graph's)."""
        op = IS_VARIABLE_INITIALIZED if self._is_ref else VAR_IS_INITIALIZED
        attrs = {"dtype": self._dtype} if self._is_ref else {}
        t = _exact_op(self._graph, op, (self,), attrs, [((), dt.bool)], name).outputs[0]
        if self._is_init is None:
            self._is_init = t
        return t

    # -- the value: the running session's -----------------------------------------------
    # An imported VarHandleOp whose shared_name a variable of the graph already has is the
    # same resource in TF's runtime: its values are that variable's (meta_graph_import).
    _alias_of: Any = None

    @property
    def _key(self) -> int:
        """Where a Session keeps the value: the variable's id, or its alias's."""
        alias = self._alias_of
        return self._unique_id if alias is None else alias._key

    @property
    def _arr(self) -> Any:
        store = RUN.store
        try:
            return store[self._key]  # type: ignore[index]
        except (KeyError, TypeError):
            raise uninitialized_error(self, store) from None

    @_arr.setter
    def _arr(self, value: Any) -> None:
        store = RUN.store
        if store is None:
            raise RuntimeError(f"Variable {self._shared_name} can only be assigned in a Session")
        store[self._key] = value

    def _as_tensor(self, dtype: Any = None, named: bool = False) -> Tensor:
        """Its value in the default graph: a conversion's read, named by the op that
        takes it as TF's ("MatMul/ReadVariableOp"); `named`: a read of its own
        ("ReadVariableOp" in the current scope)."""
        if dtype is not None and dt.as_dtype(dtype) is not self._dtype:
            raise ValueError(f"Tensor conversion requested dtype {dt.as_dtype(dtype).name} for "
                             f"Tensor with dtype {self._dtype.name}: {self!r}")
        g = _state.graph
        if g is None:
            raise ValueError(f"{self!r} belongs to a graph: use it inside that graph, or "
                             "fetch it with Session.run")
        if g is not self._graph and getattr(g, "building_function", False):
            return g.read_variable(self)  # a tf.function traced in this graph reads it
        if g is not self._graph:
            raise ValueError(f"Tensor {self!r} must be from the same graph as the ops that "
                             "use it.")
        return g.read_variable(self, "ReadVariableOp", placed=True) if named else \
            g.read_variable(self)

    def _write(self, t: Tensor, mode: str, name: str | None = None) -> Any:
        g = self._graph
        if _state.graph is not g:
            raise ValueError(f"{self!r} must be assigned in its own graph")
        node = g._new_op(ASSIGN[mode], (g.capture(t),), {"var": self}, [], name)
        node.origin = user_frames()
        return GraphUnreadVariable(self, node)

    def _written_by(self, node: Operation) -> Any:
        """What a write of it by `node` returns (a ResourceScatter op's, ops/
        resource_scatter.py): the variable read after it."""
        return GraphUnreadVariable(self, node)

    def assign(self, value: Any, use_locking: Any = None, name: str | None = None,
               read_value: bool = True) -> Any:
        out = self._write(self._coerce(value, "assign"), "set", name)
        return out if read_value else out.op

    def assign_add(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        out = self._write(self._coerce(delta, "assign_add"), "add", name)
        return out if read_value else out.op

    def assign_sub(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        out = self._write(self._coerce(delta, "assign_sub"), "sub", name)
        return out if read_value else out.op

    # -- TF 1's members ----------------------------------------------------------------
    @property
    def graph(self) -> Graph:
        return self._graph

    @property
    def op(self) -> Operation:
        return self._handle_op

    @property
    def handle(self) -> Any:
        return self._handle_op.outputs[0]

    @property
    def initializer(self) -> Operation:
        return self._initializer_op

    @property
    def initial_value(self) -> Tensor:
        return self._initial_value

    @property
    def device(self) -> str:
        return self._handle_op._device

    def value(self) -> Tensor:
        return self._as_tensor()

    def read_value(self) -> Tensor:
        return self._as_tensor(named=True)

    def _api_read(self, name: str | None = "ReadVariableOp", scope: str | None = None) -> Tensor:
        """The value read by the variable's own API in its graph (an operator's: TF's
        `v * 3.0` reads v as "ReadVariableOp" in the current scope, not as "mul/..." the
        way a converted operand is read)."""
        g = _state.graph
        if g is not self._graph:
            return self._as_tensor()
        return g.read_variable(self, None if scope else name, scope)

    def is_initialized(self, name: str | None = None) -> Tensor:
        if self._is_init is None:  # (an imported reference variable: TF makes one now)
            return self.is_initialized_op(self._graph.unique_name(name or
                                                                  "IsVariableInitialized"))
        return self._is_init

    def initialized_value(self) -> Tensor:
        raise NotImplementedError  # (TF 2.21's, without a word, for a resource variable)

    def eval(self, session: Any = None) -> Any:
        from_session = session if session is not None else _default_session()
        return from_session.run(self)

    def load(self, value: Any, session: Any = None) -> None:
        """Sets the variable's value in `session` (the default one) without a graph op."""
        sess = session if session is not None else _default_session()
        arr = np.array(convert_to_tensor(value, dtype=self._dtype)._numpy())
        if not self._shape.is_compatible_with(arr.shape):
            raise ValueError(f"Cannot feed value of shape {arr.shape} for Tensor "
                             f"{self._graph_element.name}, which has shape {self._shape}")
        sess._values[self._key] = arr

    def numpy(self) -> Any:
        raise NotImplementedError("numpy() is only available when eager execution is enabled.")

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        raise NotImplementedError(
            f"Cannot convert a symbolic tf.Variable ({self._name}) to a numpy array.")

    def __repr__(self) -> str:
        return f"<tf.Variable '{self._name}' shape={self._shape} dtype={self._dtype.name}>"

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: Any) -> bool:  # type: ignore[override]
        return self is other  # (a TF 1 graph's variables compare by identity, as TF's)

    def __ne__(self, other: Any) -> bool:  # type: ignore[override]
        return self is not other

    def __bool__(self) -> bool:
        raise TypeError("Using a graph variable as a Python `bool` is not allowed in graph "
                        "execution.")

    def __deepcopy__(self, memo: dict) -> Any:
        raise NotImplementedError("A TF 1 graph's variable can't be deep-copied")


class GraphUnreadVariable(GraphVariable):
    """What an assignment of a graph variable returns: the assignment (`op`), read when
    used or fetched (a read made after it), as TF's `_UnreadVariable`."""

    def __init__(self, of: GraphVariable, assign: Operation) -> None:
        self.__dict__.update(of.__dict__)
        self._unread_of = of
        self._assign_op = assign
        self._name = assign.name
        self._read = None

    @property
    def op(self) -> Operation:
        return self._assign_op

    @property
    def _graph_element(self) -> SymbolicTensor:  # type: ignore[override]
        if self._read is None:
            # TF makes this read with the assignment in a TF 1 graph, so a Session fetches
            # it after the graph is finalized (a MonitoredSession's): made late, it is
            # still added then
            g = self._graph
            finalized, g._finalized = g._finalized, False
            try:
                self._read = self._as_tensor()
            finally:
                g._finalized = finalized
        return self._read

    @_graph_element.setter
    def _graph_element(self, value: Any) -> None:
        pass  # (copied from the variable: its own is made on first use)

    def read_now(self) -> GraphUnreadVariable:
        """This assignment's read made now, named "ReadVariableOp" in the current scope, as
        TF 2.21 makes it with the assignment in a TF 1 graph (its optimizers' `_finish`)."""
        g = self._graph
        g.push_control_dependencies([self._assign_op])
        try:
            self._read = self._unread_of._as_tensor(named=True)
        finally:
            g.pop_control_dependencies()
        return self

    def _as_tensor(self, dtype: Any = None) -> Tensor:
        g = self._graph
        g.push_control_dependencies([self._assign_op])
        try:
            return self._unread_of._as_tensor(dtype)
        finally:
            g.pop_control_dependencies()

    def _api_read(self, name: str | None = "ReadVariableOp", scope: str | None = None) -> Tensor:
        g = self._graph
        g.push_control_dependencies([self._assign_op])
        try:
            return self._unread_of._api_read(name, scope)
        finally:
            g.pop_control_dependencies()

    def _write(self, t: Tensor, mode: str, name: str | None = None) -> Any:
        g = self._graph
        g.push_control_dependencies([self._assign_op])
        try:
            return self._unread_of._write(t, mode, name)
        finally:
            g.pop_control_dependencies()


def _default_session() -> Any:
    sess = get_default_session()
    if sess is None:
        raise ValueError("Cannot evaluate tensor using `eval()`: No default session is "
                         "registered. Use `with sess.as_default()` or pass an explicit session "
                         "to `eval(session=sess)`")
    return sess


V.GRAPH_VARIABLE_CLASS.append(GraphVariable)
