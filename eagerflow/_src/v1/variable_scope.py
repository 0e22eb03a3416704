"""`tf.compat.v1.variable_scope` and `get_variable`: TF 1's named, shareable variables.

Sits in v1/, over function/graph_variables.py. Each graph has one store (kept in the
graph, as TF keeps it in a collection): the variables `get_variable` made, by full name,
the current `VariableScope`, and how many times each scope name was opened (what makes
`variable_scope(None, default_name="d")` unique: "d", "d_1", ...). A scope's name
prefixes the variables made in it; its `reuse` (True, AUTO_REUSE, or None: inherited)
says whether `get_variable` returns an existing variable, makes one, or refuses with
TF's ValueError. Entering a scope also opens a name scope (unique in the graph: "s",
then "s_1"), for the ops made inside. Eagerly, as TF 2, every `get_variable` makes a
new variable (no store keeps them).
"""

from __future__ import annotations

import contextlib
import enum
import inspect
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.function import scope_counts
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.ops import initializers as init_v2
from eagerflow._src.ops.slice_op import slice as slice_
from eagerflow._src.ops.variables import Variable, VariableAggregation, VariableSynchronization
from eagerflow._src.v1 import initializers as init_v1
from eagerflow._src.v1 import partitioned
from eagerflow._src.v1.ref_variable import RefVariable, ref_requested, wants_ref


class _ReuseMode(enum.Enum):
    AUTO_REUSE = 1


AUTO_REUSE = _ReuseMode.AUTO_REUSE


class VariableScope:
    """A variable scope: its name, reuse mode and the defaults of get_variable inside."""

    def __init__(self, reuse: Any, name: str = "", initializer: Any = None,
                 regularizer: Any = None, caching_device: Any = None, partitioner: Any = None,
                 custom_getter: Any = None, name_scope: str = "", dtype: Any = dt.float32,
                 use_resource: Any = None, constraint: Any = None) -> None:
        self._name = name
        self._reuse = reuse
        self._initializer = initializer
        self._regularizer = regularizer
        self._caching_device = caching_device
        self._partitioner = partitioner
        self._custom_getter = custom_getter
        self._name_scope = name_scope
        self._dtype = dt.as_dtype(dtype)
        self._use_resource = use_resource
        self._constraint = constraint

    name = property(lambda self: self._name)
    original_name_scope = property(lambda self: self._name_scope)
    reuse = property(lambda self: self._reuse)
    initializer = property(lambda self: self._initializer)
    dtype = property(lambda self: self._dtype)
    use_resource = property(lambda self: self._use_resource)
    regularizer = property(lambda self: self._regularizer)
    caching_device = property(lambda self: self._caching_device)
    partitioner = property(lambda self: self._partitioner)
    custom_getter = property(lambda self: self._custom_getter)
    constraint = property(lambda self: self._constraint)

    def reuse_variables(self) -> None:
        self._reuse = True

    def set_initializer(self, initializer: Any) -> None:
        self._initializer = initializer

    def set_dtype(self, dtype: Any) -> None:
        self._dtype = dt.as_dtype(dtype)

    def set_use_resource(self, use_resource: Any) -> None:
        self._use_resource = use_resource

    def set_regularizer(self, regularizer: Any) -> None:
        self._regularizer = regularizer

    def set_caching_device(self, caching_device: Any) -> None:
        self._caching_device = caching_device

    def set_partitioner(self, partitioner: Any) -> None:
        self._partitioner = partitioner

    def set_custom_getter(self, custom_getter: Any) -> None:
        self._custom_getter = custom_getter

    def get_collection(self, name: str) -> list:
        scope = self._name + "/" if self._name else ""
        return get_default_graph().get_collection(name, scope)

    def trainable_variables(self) -> list:
        return self.get_collection(GraphKeys.TRAINABLE_VARIABLES)

    def global_variables(self) -> list:
        return self.get_collection(GraphKeys.GLOBAL_VARIABLES)

    def local_variables(self) -> list:
        return self.get_collection(GraphKeys.LOCAL_VARIABLES)

    def get_variable(self, var_store: Any, name: str, shape: Any = None, dtype: Any = None,
                     initializer: Any = None, regularizer: Any = None,
                     reuse: Any = None, trainable: Any = None, collections: Any = None,
                     caching_device: Any = None, partitioner: Any = None,
                     validate_shape: bool = True, use_resource: Any = None,
                     custom_getter: Any = None, constraint: Any = None,
                     synchronization: Any = VariableSynchronization.AUTO,
                     aggregation: Any = VariableAggregation.NONE) -> Any:
        """`name` in this scope, with the scope's defaults for what is not given."""
        full = f"{self._name}/{name}" if self._name else name
        if reuse is None:
            reuse = self._reuse
        if initializer is None:
            initializer = self._initializer
        if regularizer is None:
            regularizer = self._regularizer
        if constraint is None:
            constraint = self._constraint
        if partitioner is None:
            partitioner = self._partitioner
        if dtype is None:
            dtype = self._dtype
        if use_resource is None:
            use_resource = self._use_resource
        getter = custom_getter if custom_getter is not None else self._custom_getter
        kwargs = dict(shape=shape, dtype=dtype, initializer=initializer,
                      regularizer=regularizer, reuse=reuse, trainable=trainable,
                      collections=collections, caching_device=caching_device,
                      partitioner=partitioner, validate_shape=validate_shape,
                      use_resource=use_resource, constraint=constraint,
                      synchronization=synchronization, aggregation=aggregation)
        if getter is not None:
            if not callable(getter):
                raise ValueError(f"Passed a custom_getter which is not callable: {getter}")
            return getter(var_store.get_variable, full, **kwargs)
        return var_store.get_variable(full, **kwargs)


class _Store:
    """A graph's variables made by get_variable, its current scope and scope counts."""

    def __init__(self) -> None:
        self.vars: dict = {}
        self.partitioned: dict = {}
        self.current = VariableScope(False)
        self.keeps = False  # (keeps eager variables: while a template's call holds it)

    @property
    def counts(self) -> dict:
        """The scope counts (scope_counts.py's: the default graph's, eagerly and in a
        tf.function, which share them with the averages TF names in such scopes)."""
        return scope_counts.counts()

    @counts.setter
    def counts(self, saved: dict) -> None:
        table = scope_counts.counts()
        table.clear()
        table.update(saved)

    def open(self, name: str) -> None:
        scope_counts.open_scope(self.counts, name)

    def get_variable(self, name: str, shape: Any = None, dtype: Any = dt.float32,
                     initializer: Any = None, regularizer: Any = None, reuse: Any = None,
                     trainable: Any = None, collections: Any = None, caching_device: Any = None,
                     partitioner: Any = None, validate_shape: bool = True,
                     use_resource: Any = None, custom_getter: Any = None,
                     constraint: Any = None,
                     synchronization: Any = VariableSynchronization.AUTO,
                     aggregation: Any = VariableAggregation.NONE) -> Any:
        dtype = dt.as_dtype(dtype)
        if partitioner is not None:
            if not callable(partitioner):
                raise ValueError(f"Partitioner must be callable, but received: {partitioner}")
            return self._partitioned(name, partitioner, shape, dtype, initializer, reuse,
                                     dict(regularizer=regularizer, trainable=trainable,
                                          collections=collections,
                                          validate_shape=validate_shape,
                                          constraint=constraint,
                                          synchronization=synchronization,
                                          aggregation=aggregation))
        from_value = initializer is not None and not callable(initializer)
        if shape is not None and from_value:
            raise ValueError("If initializer is a constant, do not specify shape.")
        if shape is not None:
            shape = TensorShape(shape)
        if name in self.vars:
            if reuse is False or reuse is None:
                raise ValueError(f"Variable {name} already exists, disallowed. Did you mean to "
                                 "set reuse=True or reuse=tf.AUTO_REUSE in VarScope?")
            found = self.vars[name]
            if shape is not None and not shape.is_compatible_with(found.shape):
                raise ValueError(f"Trying to share variable {name}, but specified shape {shape} "
                                 f"and found shape {found.shape}.")
            if not dtype.is_compatible_with(found.dtype):  # (a reference's: its base type)
                raise ValueError(f"Trying to share variable {name}, but specified dtype "
                                 f"{dtype.name} and found dtype {found.dtype.name}.")
            return found
        if reuse is True:
            raise ValueError(f"Variable {name} does not exist, or was not created with "
                             "tf.get_variable(). Did you mean to set reuse=tf.AUTO_REUSE in "
                             "VarScope?")
        if initializer is None:
            if shape is None:
                raise ValueError(f"Variable {name} did not get an initializer, so its `shape` "
                                 "argument must be specified.")
            initializer = _default_initializer(name, dtype)
        if from_value:
            init_val: Any = initializer
            var_dtype = None
        else:
            if isinstance(initializer, type):
                initializer = initializer()
            if shape is not None and shape.is_fully_defined():
                dims, init_fn = shape.as_list(), initializer

                def init_val() -> Any:
                    return init_fn(dims, dtype=dtype)
                var_dtype = dtype
            else:
                raise ValueError("The initializer passed is not valid. It should be a callable "
                                 "with no arguments and the shape should not be provided or an "
                                 "instance of `tf.keras.initializers.*' and `shape` should be "
                                 "fully defined.")
        if trainable is None:
            trainable = synchronization != VariableSynchronization.ON_READ
        kwargs: dict = {}
        if _state.graph is not None and not _state.graph.building_function:
            kwargs["collections"] = collections
        if getattr(_state.graph, "building_function", False) and ref_requested(use_resource):
            # (TF's get_variable makes a reference variable's initial value eagerly there,
            # then asks for its op)
            raise AttributeError("Tensor.op is undefined when eager execution is enabled.")
        with name_scope(""):  # the variable's name is the scope's, not the name scope's
            kind = RefVariable if wants_ref(use_resource) else Variable
            v = kind(init_val, trainable=trainable, name=name, dtype=var_dtype,
                     validate_shape=validate_shape, constraint=constraint,
                     synchronization=synchronization, aggregation=aggregation,
                     shape=shape if shape is not None and not from_value else None, **kwargs)
        if "collections" in kwargs or self.keeps:
            self.vars[name] = v
        if regularizer is not None:
            with name_scope(name + "/Regularizer/"):
                loss = regularizer(v)
            if loss is not None:
                get_default_graph().add_to_collection(GraphKeys.REGULARIZATION_LOSSES, loss)
        return v


    def _partitioned(self, name: str, partitioner: Any, shape: Any, dtype: dt.DType,
                     initializer: Any, reuse: Any, kwargs: dict) -> Any:
        """TF's partitioned variable `name`: its parts made (or found) one by one."""
        if name in self.vars:
            raise ValueError(f"A partitioner was provided, but an unpartitioned version of "
                             f"the variable was found: {name}.  Perhaps a variable of the "
                             "same name was already created without partitioning?")
        shape = TensorShape(shape)
        from_value = initializer is not None and not callable(initializer)
        if from_value:
            initializer = convert_to_tensor(initializer, dtype=dtype)
            shape = shape.merge_with(initializer.shape)
        partitions = partitioned.call_partitioner(partitioner, shape, dtype)
        found = self.partitioned.get(name)
        if found is not None:
            if reuse is False or reuse is None:
                raise ValueError(f"Partitioned variable with name {name} already exists. Did "
                                 "you mean to set reuse=True or reuse=tf.AUTO_REUSE in "
                                 "VarScope?")
            if not shape.is_compatible_with(found.get_shape()):
                raise ValueError(f"Trying to reuse partitioned variable {name}, but specified "
                                 f"shape {shape} and found shape {found.get_shape()}.")
            if not dtype.is_compatible_with(found.dtype):  # (a reference's: its base type)
                raise ValueError(f"Trying to reuse partitioned variable {name}, but specified "
                                 f"dtype {dtype.name} and found dtype {found.dtype.name}.")
            if found._get_partitions() != partitions:
                raise ValueError(f"Trying to reuse partitioned variable {name}, but specified "
                                 f"partitions {partitions} and found partitions "
                                 f"{found._get_partitions()}.")
            return found
        if reuse is True:
            raise ValueError(f"PartitionedVariable {name} does not exist, or was not created "
                             "with tf.get_variable(). Did you mean to set reuse=False or "
                             "reuse=tf.AUTO_REUSE in VarScope?")
        full = shape.as_list()
        parts = []
        for i, (offset, part_shape) in enumerate(partitioned.slices(full, partitions)):
            info = partitioned.PartitionInfo(full, offset)
            if from_value:
                init: Any = slice_(initializer, offset, part_shape)
                init_shape = None
            else:
                init = _with_partition_info(initializer, info) if initializer is not None \
                    else None
                init_shape = part_shape
            part = self.get_variable(f"{name}/part_{i}", shape=init_shape, dtype=dtype,
                                     initializer=init if init is not None else
                                     _with_partition_info(_default_initializer(name, dtype),
                                                          info), reuse=reuse, **kwargs)
            part._save_slice_info = partitioned.SaveSliceInfo(name, full, offset, part_shape)
            parts.append(part)
        pv = self.partitioned[name] = partitioned.PartitionedVariable(name, shape, dtype,
                                                                      parts, partitions)
        return pv


def _with_partition_info(initializer: Any, info: Any) -> Any:
    """`initializer` told which partition it makes, where it takes `partition_info`."""
    if isinstance(initializer, type):
        initializer = initializer()
    try:
        takes = "partition_info" in inspect.signature(initializer).parameters
    except (TypeError, ValueError):
        takes = False
    if not takes:
        return initializer

    def init(shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        return initializer(shape, dtype=dtype, partition_info=info)
    return init


def _default_initializer(name: str, dtype: dt.DType) -> Any:
    if dtype.is_floating:
        return init_v1.glorot_uniform_initializer()
    if dtype.is_integer or dtype.is_unsigned or dtype.is_bool:
        return init_v2.Zeros()
    raise ValueError(f"An initializer for variable {name} of {dtype.base_dtype!r} is required")


_EAGER_STORE = _Store()


def _store() -> _Store:
    g = _state.graph
    if g is None:
        return _EAGER_STORE
    store = getattr(g, "_v1_variable_store", None)
    if store is None:
        store = g._v1_variable_store = _Store()
    return store


def get_variable_scope() -> VariableScope:
    return _store().current


def get_variable(name: str, shape: Any = None, dtype: Any = None, initializer: Any = None,
                 regularizer: Any = None, trainable: Any = None, collections: Any = None,
                 caching_device: Any = None, partitioner: Any = None,
                 validate_shape: bool = True, use_resource: Any = None,
                 custom_getter: Any = None, constraint: Any = None,
                 synchronization: Any = VariableSynchronization.AUTO,
                 aggregation: Any = VariableAggregation.NONE) -> Any:
    """The variable `name` of the current variable scope: an existing one where the scope
    reuses, a new one otherwise (TF's ValueError where that is not allowed)."""
    store = _store()
    return store.current.get_variable(
        store, name, shape=shape, dtype=dtype, initializer=initializer,
        regularizer=regularizer, trainable=trainable, collections=collections,
        caching_device=caching_device, partitioner=partitioner, validate_shape=validate_shape,
        use_resource=use_resource, custom_getter=custom_getter, constraint=constraint,
        synchronization=synchronization, aggregation=aggregation)


def get_local_variable(name: str, shape: Any = None, dtype: Any = None,
                       initializer: Any = None, regularizer: Any = None,
                       trainable: bool = False, collections: Any = None,
                       caching_device: Any = None, partitioner: Any = None,
                       validate_shape: bool = True, use_resource: Any = None,
                       custom_getter: Any = None, constraint: Any = None,
                       synchronization: Any = VariableSynchronization.AUTO,
                       aggregation: Any = VariableAggregation.NONE) -> Any:
    """get_variable of a variable in the LOCAL_VARIABLES collection, not trainable."""
    collections = list(collections or []) + [GraphKeys.LOCAL_VARIABLES]
    return get_variable(name, shape=shape, dtype=dtype, initializer=initializer,
                        regularizer=regularizer, trainable=False, collections=collections,
                        caching_device=caching_device, partitioner=partitioner,
                        validate_shape=validate_shape, use_resource=use_resource,
                        custom_getter=custom_getter, constraint=constraint,
                        synchronization=synchronization, aggregation=aggregation)


class variable_scope:  # noqa: N801 - TF's public name
    """`with tf.compat.v1.variable_scope(name_or_scope, default_name, ...) as scope:`."""

    def __init__(self, name_or_scope: Any, default_name: str | None = None,
                 values: Any = None, initializer: Any = None, regularizer: Any = None,
                 caching_device: Any = None, partitioner: Any = None,
                 custom_getter: Any = None, reuse: Any = None, dtype: Any = None,
                 use_resource: Any = None, constraint: Any = None,
                 auxiliary_name_scope: bool = True) -> None:
        if default_name is None and name_or_scope is None:
            raise TypeError("If default_name is None then name_or_scope is required")
        if reuse is False:
            reuse = None
        if not (reuse is True or reuse is None or reuse is AUTO_REUSE):
            raise ValueError("The reuse parameter must be True or False or None.")
        if not isinstance(auxiliary_name_scope, bool):
            raise TypeError("The auxiliary_name_scope must be `True` or `False`, while get "
                            f"{auxiliary_name_scope}")
        if name_or_scope is not None and not isinstance(name_or_scope, (VariableScope, str)):
            raise TypeError("VariableScope: name_or_scope must be a string or VariableScope.")
        self._name_or_scope = name_or_scope
        self._default_name = default_name
        self._defaults = dict(initializer=initializer, regularizer=regularizer,
                              caching_device=caching_device, partitioner=partitioner,
                              custom_getter=custom_getter, dtype=dtype,
                              use_resource=use_resource, constraint=constraint)
        self._reuse = reuse
        self._aux = auxiliary_name_scope
        self._stack: list = []

    def __enter__(self) -> VariableScope:
        stack = contextlib.ExitStack()
        self._stack.append(stack)
        try:
            return self._enter(stack)
        except BaseException:
            self._stack.pop().close()
            raise

    def _enter(self, stack: contextlib.ExitStack) -> VariableScope:
        store = _store()
        old = store.current
        arg = self._name_or_scope
        if arg is None and self._reuse is True:
            raise ValueError("reuse=True cannot be used without a name_or_scope")
        # the name scope of the ops made inside
        if not self._aux:
            scope_text = stack.enter_context(
                name_scope("/".join(_state.name_scopes) + "/" if _state.name_scopes else ""))
        elif arg is None:
            scope_text = stack.enter_context(name_scope(self._default_name))
        else:
            short = arg if isinstance(arg, str) else arg.name.split("/")[-1]
            scope_text = stack.enter_context(name_scope(short)) if short else ""
        if isinstance(arg, VariableScope):
            new_name = arg.name
            reuse = arg.reuse if not self._reuse else self._reuse
            base = arg
            original = arg.original_name_scope
            saved_counts = dict(store.counts)
        else:
            if arg is None:
                arg = _unique_scope(store, old, self._default_name)
            new_name = f"{old.name}/{arg}" if old.name else arg
            reuse = self._reuse or old.reuse
            base = old
            original = scope_text
            saved_counts = None
        scope = VariableScope(reuse, name=new_name, initializer=base.initializer,
                              regularizer=base.regularizer,
                              caching_device=base.caching_device,
                              partitioner=base.partitioner, custom_getter=base.custom_getter,
                              name_scope=original, dtype=base.dtype,
                              use_resource=base.use_resource,
                              constraint=base.constraint if isinstance(arg, VariableScope)
                              else self._defaults["constraint"])
        for key in ("initializer", "regularizer", "caching_device", "partitioner",
                    "custom_getter", "dtype", "use_resource"):
            value = self._defaults[key]
            if value is not None:
                getattr(scope, f"set_{key}")(value)
        store.open(new_name)

        def restore() -> None:
            if store.current is not scope:
                raise RuntimeError("Improper nesting of variable_scope.")
            if saved_counts is not None:
                store.counts = saved_counts
            store.current = old
        stack.callback(restore)
        store.current = scope
        return scope

    def __exit__(self, *exc: Any) -> None:
        self._stack.pop().__exit__(*exc)


def _unique_scope(store: _Store, current: VariableScope, prefix: str) -> str:
    return scope_counts.unique_scope(store.counts, current.name, prefix)


def variable_op_scope(values: Any, name_or_scope: Any, default_name: str | None = None,
                      initializer: Any = None, regularizer: Any = None,
                      caching_device: Any = None, partitioner: Any = None,
                      custom_getter: Any = None, reuse: Any = None, dtype: Any = None,
                      use_resource: Any = None, constraint: Any = None) -> variable_scope:
    """TF 1's older spelling of variable_scope (values first)."""
    return variable_scope(name_or_scope, default_name=default_name, values=values,
                          initializer=initializer, regularizer=regularizer,
                          caching_device=caching_device, partitioner=partitioner,
                          custom_getter=custom_getter, reuse=reuse, dtype=dtype,
                          use_resource=use_resource, constraint=constraint)


def no_regularizer(_: Any) -> None:
    """Use this function to prevent regularization of variables."""
    return None


