"""TF 1's helpers over a graph's variables: collections, initializers, reports, assigns.

Sits near the bottom of v1/, over variable_scope.py and ref_variable.py. The collections
are the default graph's (GraphKeys names); eagerly they are empty, as TF 2's, and the
initializers are no-ops.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.autodiff.gradients import gradients as gradients_v2
from eagerflow._src.autodiff.tape import UnconnectedGradients
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys, GraphVariable
from eagerflow._src.graph.ir import Operation
from eagerflow._src.ops.array import constant
from eagerflow._src.ops.control_deps import group, no_op
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.indexing import boolean_mask
from eagerflow._src.ops.math import logical_not
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.variables import Variable, VariableAggregation, VariableSynchronization
from eagerflow._src.v1.ref_variable import RefVariable, wants_ref
from eagerflow._src.v1.variable_scope import get_variable_scope

_VARIABLES = "tensorflow.python.ops.variables"  # (where TF's deprecation notices say these are)


def _collection(key: str, scope: str | None) -> list:
    return get_default_graph().get_collection(key, scope)


def global_variables(scope: str | None = None) -> list:
    return _collection(GraphKeys.GLOBAL_VARIABLES, scope)


def all_variables() -> list:
    deprecated_call("all_variables", _VARIABLES, "Please use tf.global_variables instead.",
                    date="2017-03-02")
    return global_variables()


def local_variables(scope: str | None = None) -> list:
    return _collection(GraphKeys.LOCAL_VARIABLES, scope)


def trainable_variables(scope: str | None = None) -> list:
    return _collection(GraphKeys.TRAINABLE_VARIABLES, scope)


def model_variables(scope: str | None = None) -> list:
    return _collection(GraphKeys.MODEL_VARIABLES, scope)


def moving_average_variables(scope: str | None = None) -> list:
    return _collection(GraphKeys.MOVING_AVERAGE_VARIABLES, scope)


def get_collection(key: str, scope: str | None = None) -> list:
    return _collection(key, scope)


def get_collection_ref(key: str) -> list:
    return get_default_graph().get_collection_ref(key)


def add_to_collection(name: str, value: Any) -> None:
    get_default_graph().add_to_collection(name, value)


def add_to_collections(names: Any, value: Any) -> None:
    get_default_graph().add_to_collections(names, value)


def variables_initializer(var_list: Any, name: str = "init") -> Operation | None:
    """The operation running the initializers of `var_list` (a NoOp when it is empty)."""
    if _state.graph is None:
        return None  # (eagerly a variable is initialized when it is made)
    inits = [v.initializer for v in var_list if isinstance(v, GraphVariable)]
    return group(*inits, name=name) if inits else no_op(name=name)


def global_variables_initializer() -> Operation | None:
    return variables_initializer(global_variables(), name="init")


def local_variables_initializer() -> Operation | None:
    return variables_initializer(local_variables(), name="init")


def tables_initializer(name: str = "init_all_tables") -> Operation | None:
    """The operation running the graph's table initializers (a NoOp when it has none)."""
    if _state.graph is None:
        return None
    inits = get_collection(GraphKeys.TABLE_INITIALIZERS)
    return group(*inits, name=name) if inits else no_op(name=name)


def initialize_all_variables() -> Operation | None:
    deprecated_call("initialize_all_variables", _VARIABLES,
                    "Use `tf.global_variables_initializer` instead.", date="2017-03-02")
    return global_variables_initializer()


def initialize_variables(var_list: Any, name: str = "init") -> Operation | None:
    deprecated_call("initialize_variables", _VARIABLES,
                    "Use `tf.variables_initializer` instead.", date="2017-03-02")
    return variables_initializer(var_list, name=name)


def initialize_local_variables() -> Operation | None:
    deprecated_call("initialize_local_variables", _VARIABLES,
                    "Use `tf.local_variables_initializer` instead.", date="2017-03-02")
    return local_variables_initializer()


def is_variable_initialized(variable: Any) -> Any:
    if isinstance(variable, GraphVariable):
        return variable.is_initialized()
    return convert_to_tensor(True)


def assert_variables_initialized(var_list: Any = None) -> Any:
    return None  # (TF 1's ref variables only: resource variables return None too)


def report_uninitialized_variables(var_list: Any = None,
                                   name: str = "report_uninitialized_variables") -> Any:
    """A string tensor of the names of the variables of `var_list` (default: the global
    and local ones) not initialized when it runs."""
    if var_list is None:
        var_list = global_variables() + local_variables()
    var_list = list(var_list)
    with name_scope(name):
        if not var_list:
            return constant(np.array([], dtype=object), dtype=dt.string)
        mask = logical_not(stack([is_variable_initialized(v) for v in var_list]))
        names = constant(np.array([v.name.split(":")[0].encode() for v in var_list],
                                  dtype=object))
        return boolean_mask(names, mask)


def assign(ref: Any, value: Any, validate_shape: Any = None, use_locking: Any = None,
           name: str | None = None) -> Any:
    if isinstance(ref, RefVariable):  # (TF 1's Assign: its flags are attrs)
        return ref._written("set", value, use_locking, name, True, validate_shape is not False)
    return ref.assign(value, name=name)


def assign_add(ref: Any, value: Any, use_locking: Any = None, name: str | None = None) -> Any:
    if isinstance(ref, RefVariable):
        return ref.assign_add(value, use_locking, name)
    return ref.assign_add(value, name=name)


def assign_sub(ref: Any, value: Any, use_locking: Any = None, name: str | None = None) -> Any:
    if isinstance(ref, RefVariable):
        return ref.assign_sub(value, use_locking, name)
    return ref.assign_sub(value, name=name)


def scatter_add(ref: Any, indices: Any, updates: Any, use_locking: bool = False,
                name: str | None = None) -> Any:
    """`ref`'s rows at `indices` plus `updates` (repeated rows add up), as its
    scatter_add."""
    return ref.scatter_add(IndexedSlices(updates, indices), use_locking, name)


def scatter_sub(ref: Any, indices: Any, updates: Any, use_locking: bool = False,
                name: str | None = None) -> Any:
    return ref.scatter_sub(IndexedSlices(updates, indices), use_locking, name)


def scatter_mul(ref: Any, indices: Any, updates: Any, use_locking: bool = False,
                name: str | None = None) -> Any:
    return ref.scatter_mul(IndexedSlices(updates, indices), use_locking, name)


def scatter_div(ref: Any, indices: Any, updates: Any, use_locking: bool = False,
                name: str | None = None) -> Any:
    return ref.scatter_div(IndexedSlices(updates, indices), use_locking, name)


def scatter_min(ref: Any, indices: Any, updates: Any, use_locking: bool = False,
                name: str | None = None) -> Any:
    return ref.scatter_min(IndexedSlices(updates, indices), use_locking, name)


def scatter_max(ref: Any, indices: Any, updates: Any, use_locking: bool = False,
                name: str | None = None) -> Any:
    return ref.scatter_max(IndexedSlices(updates, indices), use_locking, name)


def scatter_update(ref: Any, indices: Any, updates: Any, use_locking: bool = True,
                   name: str | None = None) -> Any:
    return ref.scatter_update(IndexedSlices(updates, indices), use_locking, name)


class _VariableV1Meta(type(Variable)):
    def __call__(cls, initial_value: Any = None, trainable: Any = None, collections: Any = None,
                 validate_shape: bool = True, caching_device: Any = None,
                 name: str | None = None, variable_def: Any = None, dtype: Any = None,
                 expected_shape: Any = None, import_scope: Any = None, constraint: Any = None,
                 use_resource: Any = None,
                 synchronization: Any = VariableSynchronization.AUTO,
                 aggregation: Any = VariableAggregation.NONE, shape: Any = None) -> Any:
        kwargs: dict = dict(initial_value=initial_value, trainable=trainable,
                            validate_shape=validate_shape, caching_device=caching_device,
                            name=name, variable_def=variable_def, dtype=dtype,
                            import_scope=import_scope, constraint=constraint,
                            synchronization=synchronization, aggregation=aggregation,
                            shape=shape)
        g = _state.graph
        if collections is not None and g is not None and not g.building_function:
            kwargs["collections"] = collections
        if use_resource is None:  # (the variable scope's, as TF's default creator reads it)
            use_resource = get_variable_scope().use_resource
        return RefVariable(**kwargs) if wants_ref(use_resource) else Variable(**kwargs)


class VariableV1(Variable, metaclass=_VariableV1Meta):
    """`tf.compat.v1.Variable`: TF 1's argument order (collections third); it makes a
    tf.Variable (a graph's variable in a TF 1 graph), as TF 2.21's does."""

    def __init__(self, initial_value: Any = None, trainable: Any = None,
                 collections: Any = None, validate_shape: bool = True,
                 caching_device: Any = None, name: str | None = None,
                 variable_def: Any = None, dtype: Any = None, expected_shape: Any = None,
                 import_scope: Any = None, constraint: Any = None, use_resource: Any = None,
                 synchronization: Any = VariableSynchronization.AUTO,
                 aggregation: Any = VariableAggregation.NONE, shape: Any = None) -> None:
        raise TypeError("VariableV1 makes tf.Variable objects")  # (its metaclass does)


def gradients(ys: Any, xs: Any, grad_ys: Any = None, name: str = "gradients",
              colocate_gradients_with_ops: bool = False, gate_gradients: bool = False,
              aggregation_method: Any = None, stop_gradients: Any = None,
              unconnected_gradients: Any = UnconnectedGradients.NONE) -> list:
    """`tf.compat.v1.gradients`: tf.gradients with TF 1's argument order."""
    return gradients_v2(ys, xs, grad_ys=grad_ys, name=name, gate_gradients=gate_gradients,
                        aggregation_method=aggregation_method, stop_gradients=stop_gradients,
                        unconnected_gradients=unconnected_gradients)
