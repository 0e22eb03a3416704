"""tf.Variable arguments of a tf.function, traced by their type as TF 2.21 traces them.

Sits at the bottom of function/ (signature.py keys calls with it, trace_io.py makes the
trace's stand-ins, concrete.py binds them at each call). A variable argument is keyed
by its VariableSpec: shape, dtype, trainability and an alias id, the place of its first
occurrence among the call's distinct variables (so `f(a, a)` and `f(a, b)` are two
traces, and `f(b, b)` reuses `f(a, a)`'s). The trace sees an `ArgumentVariable` in its
place: a variable whose graph nodes are made as any variable's, but whose value is that
of the variable bound to it for the call being run, in this thread. The function's graph
takes it by a resource placeholder named after the argument, which a call feeds with the
variable passed (or its handle); a Keras variable is no tf.Variable to TF's tracing, and
is traced as the tensor it reads.
"""

from __future__ import annotations

import threading
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.tensor_spec import VariableSpec
from eagerflow._src.ops.variables import ResourceVariable, _UnreadVariable, variable_of


def is_variable(x: Any) -> bool:
    """Whether `x` is a variable of any kind (tf.Variable, Keras, distributed: whatever
    reads as a tensor and can be assigned), not a tensor."""
    return hasattr(x, "_as_tensor") and hasattr(x, "assign") and not isinstance(x, Tensor)


def is_variable_argument(x: Any) -> bool:
    """Whether tf.function traces `x` by a VariableSpec: a resource variable (an
    assignment's unread variable included). Not a Keras variable (TF converts one to a
    tensor), nor a distributed or DTensor variable (traced by identity, captured: TF
    keys those by types of their own)."""
    return (type.__instancecheck__(ResourceVariable, x) or type(x) is _UnreadVariable or
            type(x) is SpecVariable) and not getattr(x, "_keras_variable", False)


def variable_key(var: Any, flat: list, relax: bool) -> tuple:
    """The cache key of variable `var`: its VariableSpec's fields (relaxed, its shape
    left out, as tensors'), its alias id its place among the distinct variables of the
    call's flat inputs so far, where it is appended on its first occurrence."""
    if type(var) is _UnreadVariable:  # (what an assignment returned: its variable)
        var = var._unread_of
    k = 0
    for x in flat:
        if x is var:
            break
        if is_variable_argument(x):
            k += 1
    else:
        flat.append(var)
    return ("var", var._dtype, None if relax else var._shape._dims, bool(var.trainable), k)


def variable_spec(var: Any, shape: Any, alias: int | None) -> VariableSpec:
    """The VariableSpec a trace shows for `var` (its shape `shape`, maybe relaxed; a
    VariableSpec given keeps its alias id, None included, as TF shows it)."""
    if isinstance(var, SpecVariable):
        alias = var.alias_id
    return VariableSpec(TensorShape(shape), var._dtype, bool(var.trainable), alias)


class SpecVariable:
    """A VariableSpec given to get_concrete_function (or a saved trace's signature traced
    again by tf.saved_model.save): traced as a variable of that spec, has no value."""

    __slots__ = ("_shape", "_dtype", "trainable", "alias_id")
    name = "Variable:0"
    device = _device = ""  # (placed where the trace places it)
    synchronization = aggregation = _synchronization = _aggregation = 0

    def __init__(self, spec: VariableSpec) -> None:
        self._shape, self._dtype = spec.shape, spec.dtype
        self.trainable, self.alias_id = spec.trainable, spec.alias_id

    @property
    def dtype(self) -> Any:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return self._shape

    def _as_tensor(self) -> None:  # (what makes it a variable to the tracing machinery)
        raise TypeError("A VariableSpec has no value")

    def assign(self, value: Any) -> None:
        raise TypeError("A VariableSpec has no value")


class ArgumentVariable(ResourceVariable):
    """The variable a trace sees for a variable argument: the argument's shape, dtype,
    name and trainability, its value read and written through the variable bound to it
    in this thread (by `binding`) while the traced function runs."""

    def __init__(self, like: Any, shape: Any, handle: Any) -> None:
        # (no Variable.__init__: nothing is created, so no creator scope sees it)
        self._dtype = like._dtype
        self._shape = TensorShape(shape)
        self._trainable = like.trainable
        self._name = like.name
        self._constraint = getattr(like, "_constraint", None)
        self._synchronization = like._synchronization  # (the enums: a Keras variable's
        self._aggregation = like._aggregation  # public ones are Keras's strings)
        self._unique_id = getattr(like, "_unique_id", id(self))
        self._traced_device = like.device
        self._bound = threading.local()
        self._bound.var = like  # (bound to the traced argument while the trace runs)
        self.placeholder = handle  # the graph's resource placeholder standing for it

    def bound(self) -> Any:
        """The variable bound to it in this thread (AttributeError outside a call: code
        generation, which asks what array a variable holds, then finds none)."""
        try:
            return self._bound.var
        except AttributeError:
            raise AttributeError("A traced function's variable argument has no value "
                                 "outside a call of that function") from None

    @property
    def _arr(self) -> Any:
        return self.bound()._arr

    @_arr.setter
    def _arr(self, value: Any) -> None:
        self.bound()._arr = value

    @property
    def _device(self) -> str:
        var = getattr(self._bound, "var", None)
        return self._traced_device if var is None else var._device

    @property
    def device(self) -> str:
        return self._device

    @property
    def handle(self) -> Any:
        return self.placeholder


def stand_in(graph: Any, like: Any, shape: Any, placeholder: Any) -> ArgumentVariable:
    """The stand-in of a variable argument like `like` (a variable, or a SpecVariable),
    of shape `shape`, that `graph` takes by the resource placeholder `placeholder`."""
    proxy = ArgumentVariable(like, shape, placeholder)
    graph._resources[id(proxy)] = placeholder._op  # (its reads and writes capture nothing)
    graph._placeheld[id(placeholder._op)] = proxy
    return proxy


def as_variable(value: Any, op: str) -> Any:
    """The variable a call passes for a variable parameter: a variable, or a handle."""
    if type(value) is _UnreadVariable:
        return value._unread_of
    if is_variable(value):
        return value
    if isinstance(value, Tensor) and value._dtype is dt.resource:
        var = variable_of(value)
        if var is not None:
            return var
    raise TypeError(f"{op}: expected a variable or its handle, got {value!r}")


class binding:  # noqa: N801 (a context manager, named as one)
    """Binds each (ArgumentVariable, variable) pair for the duration of a call, in this
    thread, and restores the previous bindings after (a nested or repeated call)."""

    __slots__ = ("_pairs", "_saved")

    def __init__(self, pairs: list) -> None:
        self._pairs = pairs

    def __enter__(self) -> None:
        saved = []
        for proxy, var in self._pairs:
            local = proxy._bound
            saved.append(getattr(local, "var", None))
            local.var = var
        self._saved = saved

    def __exit__(self, *exc: Any) -> None:
        for (proxy, _), old in zip(self._pairs, self._saved):
            if old is None:
                del proxy._bound.var
            else:
                proxy._bound.var = old
