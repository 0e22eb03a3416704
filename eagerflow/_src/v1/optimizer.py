"""TF 1's `tf.compat.v1.train.Optimizer`, its global step, GradientDescent and Momentum.

Sits in v1/, over autodiff/ (tf.gradients in a graph, GradientTape eagerly) and
variable_scope.py (the global step is a get_variable). `minimize` is `compute_gradients`
then `apply_gradients`: slots made for the variables that have a gradient (named as TF
names them: "w/Momentum", "w/Adam_1"), hyperparameters made tensors (`_prepare`), one
update per variable, dispatched as TF 2.21's update processors do for its resource
variables (a dense gradient to `_resource_apply_dense`, an IndexedSlices to
`_resource_apply_sparse_duplicate_indices`, which sums repeated rows and calls
`_resource_apply_sparse`; a constraint applied after a dense update), `_finish` (Adam's
powers of beta), then the global step's increment after all of it. The built-ins' updates
are TF's training ops (ops/training_ops.py, ops/sparse_training_ops.py; GradientDescent's
sparse one a ResourceScatterAdd). In a graph the result is an operation that Session.run
runs; eagerly the updates happen as they are made.
"""

from __future__ import annotations

import contextlib
from typing import Any

from eagerflow._src.autodiff.gradients import gradients
from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys, GraphVariable, init_scope
from eagerflow._src.function.polymorphic import eager_scope
from eagerflow._src.ops.array import shape, zeros
from eagerflow._src.ops.control_deps import control_dependencies, group
from eagerflow._src.ops.control_deps import tuple as tuple_
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.indexing import unsorted_segment_sum
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.sparse_training_ops import apply_sparse, resource_scatter_add
from eagerflow._src.ops.training_ops import apply_op
from eagerflow._src.ops.unique_one_hot import unique
from eagerflow._src.ops.variables import Variable, VariableAggregation
from eagerflow._src.v1 import variable_scope as vs
from eagerflow._src.v1.initializers import Zeros
from eagerflow._src.v1.ref_variable import RefVariable

_FLOATS = (dt.float16, dt.bfloat16, dt.float32, dt.float64)


def _graph_mode() -> bool:
    g = _state.graph
    return g is not None and not g.building_function


def _var_key(var: Any) -> int:
    return var._unique_id


def _op_name(var: Any) -> str:
    return var.name.split(":")[0]


def _deduplicate_indexed_slices(values: Any, indices: Any) -> tuple:
    """(the rows of repeated indices summed, in order of first appearance; those indices)."""
    unique_indices, positions = unique(indices)
    return unsorted_segment_sum(values, positions, shape(unique_indices)[0]), unique_indices


# What apply_gradients does with a gradient for each kind of variable (TF's update
# processors): a resource variable's dense gradient goes to _resource_apply_dense, an
# IndexedSlices to _resource_apply_sparse_duplicate_indices; a TF 1 reference variable's
# to _apply_dense and _apply_sparse_duplicate_indices.

def _update_variable(opt: Optimizer, g: Any, v: Any) -> Any:
    constraint = getattr(v, "constraint", None)
    ref = getattr(v, "_ref_nodes", False)
    if isinstance(g, IndexedSlices):
        if constraint is not None:
            raise RuntimeError("Cannot use a constraint function on a sparse variable.")
        if ref:
            return opt._apply_sparse_duplicate_indices(g, v)
        return opt._resource_apply_sparse_duplicate_indices(g.values, v, g.indices)
    update = opt._apply_dense(g, v) if ref else opt._resource_apply_dense(g, v)
    if constraint is None:
        return update
    with control_dependencies([update] if update is not None else []):
        return v.assign(constraint(v))


def _update_tensor(opt: Optimizer, g: Any, v: Any) -> Any:
    raise NotImplementedError("Trying to update a Tensor ", v)


def _processor(v: Any) -> Any:
    if isinstance(v, Tensor):
        return _update_tensor
    if hasattr(v, "_as_tensor"):
        return _update_variable
    raise NotImplementedError("Trying to optimize unsupported type ", v)


class Optimizer:
    """`tf.compat.v1.train.Optimizer`: the base of TF 1's optimizers."""

    GATE_NONE = 0
    GATE_OP = 1
    GATE_GRAPH = 2

    def __init__(self, use_locking: bool, name: str,
                 use_own_namescope_for_non_slot_vars: bool = False) -> None:
        if not name:
            raise ValueError("Must specify the optimizer name")
        self._own_namescope = use_own_namescope_for_non_slot_vars
        self._use_locking = use_locking
        self._name = name
        self._slots: dict = {}
        self._non_slot_dict: dict = {}

    def get_name(self) -> str:
        return self._name

    # -- the two halves of minimize -------------------------------------------------------
    def minimize(self, loss: Any, global_step: Any = None, var_list: Any = None,
                 gate_gradients: int = GATE_OP, aggregation_method: Any = None,
                 colocate_gradients_with_ops: bool = False, name: str | None = None,
                 grad_loss: Any = None) -> Any:
        grads_and_vars = self.compute_gradients(
            loss, var_list=var_list, gate_gradients=gate_gradients,
            aggregation_method=aggregation_method,
            colocate_gradients_with_ops=colocate_gradients_with_ops, grad_loss=grad_loss)
        if not [v for g, v in grads_and_vars if g is not None]:
            raise ValueError(
                "No gradients provided for any variable, check your graph for ops that do not "
                "support gradients, between variables "
                f"{[str(v) for _, v in grads_and_vars]} and loss {loss}.")
        return self.apply_gradients(grads_and_vars, global_step=global_step, name=name)

    def compute_gradients(self, loss: Any, var_list: Any = None, gate_gradients: int = GATE_OP,
                          aggregation_method: Any = None,
                          colocate_gradients_with_ops: bool = False,
                          grad_loss: Any = None) -> list:
        """[(gradient, variable)] of `loss` (a callable eagerly) for `var_list` (default:
        the trainable variables)."""
        if callable(loss):
            with GradientTape() as tape:
                if var_list is not None:
                    for v in nest.flatten(var_list):
                        tape.watch(v)
                value = loss()
            if var_list is None:
                var_list = tape.watched_variables()
            var_list = nest.flatten(var_list)
            return list(zip(tape.gradient(value, var_list, grad_loss), var_list))
        if _state.graph is None:
            raise RuntimeError("`loss` passed to Optimizer.compute_gradients should be a "
                               "function when eager execution is enabled.")
        if gate_gradients not in (self.GATE_NONE, self.GATE_OP, self.GATE_GRAPH):
            raise ValueError("gate_gradients must be one of: Optimizer.GATE_NONE, "
                             f"Optimizer.GATE_OP, Optimizer.GATE_GRAPH.  Not {gate_gradients}")
        self._assert_valid_dtypes([loss] + ([grad_loss] if grad_loss is not None else []))
        if var_list is None:
            g = get_default_graph()
            var_list = (g.get_collection(GraphKeys.TRAINABLE_VARIABLES)
                        + g.get_collection(GraphKeys.TRAINABLE_RESOURCE_VARIABLES))
        else:
            var_list = nest.flatten(var_list)
        if not var_list:
            raise ValueError("No variables to optimize.")
        grads = gradients(loss, var_list, grad_ys=grad_loss,
                          gate_gradients=gate_gradients == self.GATE_OP,
                          aggregation_method=aggregation_method)
        if gate_gradients == self.GATE_GRAPH and \
                all(g is None or isinstance(g, Tensor) for g in grads):
            grads = tuple_(grads)  # every gradient released once all are made
        grads_and_vars = list(zip(grads, var_list))
        self._assert_valid_dtypes([v for g, v in grads_and_vars if g is not None])
        return grads_and_vars

    def apply_gradients(self, grads_and_vars: Any, global_step: Any = None,
                        name: str | None = None) -> Any:
        grads_and_vars = tuple(grads_and_vars)
        if not grads_and_vars:
            raise ValueError("No variables provided.")
        converted = []
        for g, v in grads_and_vars:
            if g is not None and not isinstance(g, (Tensor, IndexedSlices)):
                try:
                    g = convert_to_tensor(g)
                except (TypeError, ValueError):
                    raise TypeError("Gradient must be convertible to a Tensor or "
                                    f"IndexedSlices, or None: {g}") from None
            converted.append((g, v, _processor(v)))
        var_list = [v for g, v, _ in converted if g is not None]
        if not var_list:
            raise ValueError("No gradients provided for any variable: "
                             f"{[str(v) for _, v, _ in converted]}.")
        graph_mode = _graph_mode()
        # (made outside any tf.function being traced, as TF's init_scope does)
        with init_scope(_state.graph) if graph_mode else eager_scope():
            self._create_slots(var_list)
        update_ops = []
        with name_scope(name or self._name) as scope:
            scope_name = scope or self._name  # ("Adam/": the final op takes the scope's name)
            self._prepare()
            for g, v, update in converted:
                if g is None:
                    continue
                with name_scope("update_" + (_op_name(v) if graph_mode else "")):
                    update_ops.append(update(self, g, v))
            if global_step is None:
                apply_updates = self._finish(update_ops, scope_name)
            else:
                with control_dependencies([self._finish(update_ops, "update")]):
                    apply_updates = global_step.assign_add(
                        convert_to_tensor(1, dtype=global_step.dtype), name=scope_name,
                        read_value=False)
        if graph_mode:
            if isinstance(apply_updates, Tensor):
                apply_updates = apply_updates.op
            train_ops = get_default_graph().get_collection_ref(GraphKeys.TRAIN_OP)
            if all(apply_updates is not t for t in train_ops):
                train_ops.append(apply_updates)
        return apply_updates

    # -- what subclasses define -----------------------------------------------------------
    def _create_slots(self, var_list: list) -> None:
        pass

    def _prepare(self) -> None:
        pass

    def _apply_dense(self, grad: Any, var: Any) -> Any:
        raise NotImplementedError()

    def _resource_apply_dense(self, grad: Any, handle: Any) -> Any:
        raise NotImplementedError()

    def _resource_apply_sparse_duplicate_indices(self, grad: Any, handle: Any,
                                                 indices: Any) -> Any:
        """Repeated indices' rows summed first, then `_resource_apply_sparse`."""
        summed, unique_indices = _deduplicate_indexed_slices(grad, indices)
        return self._resource_apply_sparse(summed, handle, unique_indices)

    def _resource_apply_sparse(self, grad: Any, handle: Any, indices: Any) -> Any:
        raise NotImplementedError()

    def _apply_sparse_duplicate_indices(self, grad: Any, var: Any) -> Any:
        summed, unique_indices = _deduplicate_indexed_slices(grad.values, grad.indices)
        return self._apply_sparse(IndexedSlices(summed, unique_indices, grad.dense_shape),
                                  var)

    def _apply_sparse(self, grad: Any, var: Any) -> Any:
        raise NotImplementedError()

    def _finish(self, update_ops: list, name_scope: str) -> Any:
        if not _graph_mode():
            return None
        return group(*update_ops, name=name_scope)

    def _valid_dtypes(self) -> set:
        return set(_FLOATS)

    def _assert_valid_dtypes(self, tensors: list) -> None:
        valid = self._valid_dtypes()
        for t in tensors:
            d = dt.as_dtype(t.dtype).base_dtype
            if d not in valid:
                raise ValueError(f"Invalid type {d!r} for {t.name.split(':')[0]}, expected: "
                                 f"{[v for v in _FLOATS if v in valid]}.")

    def _call_if_callable(self, param: Any) -> Any:
        return param() if callable(param) else param

    # -- slots ----------------------------------------------------------------------------
    def get_slot(self, var: Any, name: str) -> Any:
        named = self._slots.get(name)
        if not named:
            return None
        return named.get(_var_key(var))

    def get_slot_names(self) -> list:
        return sorted(self._slots)

    def variables(self) -> list:
        """The optimizer's variables (slots and others) of the current graph, by name."""
        g = _state.graph
        found = [v for (_, vg), v in self._non_slot_dict.items() if vg is g]
        for named in self._slots.values():
            found.extend(v for v in named.values() if getattr(v, "_graph", None) is g)
        return sorted(found, key=lambda v: v.name)

    def _slot_dict(self, slot_name: str) -> dict:
        return self._slots.setdefault(slot_name, {})

    def _get_or_make_slot(self, var: Any, val: Any, slot_name: str, op_name: str) -> Any:
        named = self._slot_dict(slot_name)
        key = _var_key(var)
        if key not in named:
            named[key] = _make_slot(var, val, op_name)
        return named[key]

    def _zeros_slot(self, var: Any, slot_name: str, op_name: str) -> Any:
        named = self._slot_dict(slot_name)
        key = _var_key(var)
        if key not in named:
            named[key] = _make_slot(var, lambda: zeros(var.shape, var.dtype.base_dtype),
                                    op_name)
        return named[key]

    def _get_or_make_slot_with_initializer(self, var: Any, initializer: Any, shape: Any,
                                           dtype: Any, slot_name: str, op_name: str) -> Any:
        named = self._slot_dict(slot_name)
        key = _var_key(var)
        if key not in named:
            named[key] = _make_slot(var, lambda: initializer(shape.as_list(), dtype=dtype),
                                    op_name)
        return named[key]

    def _create_non_slot_variable(self, initial_value: Any, name: str, colocate_with: Any
                                  ) -> Any:
        g = _state.graph
        key = (name, g)
        v = self._non_slot_dict.get(key)
        if v is None:
            with name_scope(f"{self._name}/" if self._own_namescope else ""):
                # (a reference variable where the variable it goes with is one, as TF's)
                kind = RefVariable if getattr(colocate_with, "_ref_nodes", False) else Variable
                v = kind(initial_value, name=name, trainable=False)
            self._non_slot_dict[key] = v
        return v

    def _get_non_slot_variable(self, name: str, graph: Any = None) -> Any:
        return self._non_slot_dict.get((name, graph))  # (None: the eager ones)

    def _non_slot_variables(self) -> list:
        return list(self._non_slot_dict.values())


def _make_slot(var: Any, init: Any, op_name: str) -> Any:
    """A slot of `var`, named after it as TF names it ("w/Adam", then "w/Adam_1")."""
    kind = RefVariable if getattr(var, "_ref_nodes", False) else Variable  # (var's kind)
    with name_scope(""):
        return kind(init, name=f"{_op_name(var)}/{op_name}", trainable=False,
                    dtype=var.dtype.base_dtype)


# The built-in optimizers' hooks for TF 1's reference variables (which this project has
# none of): the resource variables' updates.

def ref_dense(self: Optimizer, grad: Any, var: Any) -> Any:
    return self._resource_apply_dense(grad, var)


def ref_sparse(self: Optimizer, grad: Any, var: Any) -> Any:
    return self._resource_apply_sparse(grad.values, var, grad.indices)


class GradientDescentOptimizer(Optimizer):
    """var -= learning_rate * grad."""

    def __init__(self, learning_rate: Any, use_locking: bool = False,
                 name: str = "GradientDescent") -> None:
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._learning_rate_tensor: Any = None

    def _prepare(self) -> None:
        lr = self._call_if_callable(self._learning_rate)
        self._learning_rate_tensor = convert_to_tensor_v2(lr, name="learning_rate")

    def _resource_apply_dense(self, grad: Any, handle: Any) -> Any:
        return apply_gradient_descent(handle, cast(self._learning_rate_tensor, grad.dtype),
                                      grad, self._use_locking)

    def _resource_apply_sparse_duplicate_indices(self, grad: Any, handle: Any,
                                                 indices: Any) -> Any:
        # (TF's GD scatters the rows as they come: repeated ones add up in turn)
        lr = cast(self._learning_rate_tensor, grad.dtype)
        return resource_scatter_add(handle, indices, -grad * lr)

    _apply_dense = ref_dense

    def _apply_sparse_duplicate_indices(self, grad: Any, var: Any) -> Any:
        # (TF 1's on a reference variable: the rows times the rate subtracted, ScatterSub)
        lr = cast(self._learning_rate_tensor, var.dtype.base_dtype)
        return var.scatter_sub(IndexedSlices(grad.values * lr, grad.indices, grad.dense_shape),
                               use_locking=self._use_locking)


class MomentumOptimizer(Optimizer):
    """accum = accum * momentum + grad; var -= lr * accum (Nesterov: lr * (grad + momentum *
    accum))."""

    def __init__(self, learning_rate: Any, momentum: Any, use_locking: bool = False,
                 name: str = "Momentum", use_nesterov: bool = False) -> None:
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._momentum = momentum
        self._use_nesterov = use_nesterov

    def _create_slots(self, var_list: list) -> None:
        for v in var_list:
            self._zeros_slot(v, "momentum", self._name)

    def _prepare(self) -> None:
        self._learning_rate_tensor = convert_to_tensor_v2(
            self._call_if_callable(self._learning_rate), name="learning_rate")
        self._momentum_tensor = convert_to_tensor_v2(self._call_if_callable(self._momentum),
                                                     name="momentum")

    def _resource_apply_dense(self, grad: Any, var: Any) -> Any:
        return apply_momentum(var, self.get_slot(var, "momentum"),
                              cast(self._learning_rate_tensor, grad.dtype), grad,
                              cast(self._momentum_tensor, grad.dtype), self._use_nesterov,
                              self._use_locking)

    def _resource_apply_sparse(self, grad: Any, var: Any, indices: Any) -> Any:
        return apply_sparse("ResourceSparseApplyMomentum", (var, self.get_slot(var, "momentum")),
                            (cast(self._learning_rate_tensor, grad.dtype), grad, indices,
                             cast(self._momentum_tensor, grad.dtype)),
                            use_nesterov=self._use_nesterov, use_locking=self._use_locking)

    _apply_dense, _apply_sparse = ref_dense, ref_sparse


# TF's training ops (ops/training_ops.py), as the optimizers and an imported graph's
# training ops run them: lr and momentum in var's dtype.

def apply_gradient_descent(var: Any, lr: Any, grad: Any, use_locking: bool = False) -> Any:
    return apply_op("ResourceApplyGradientDescent", (var,), (lr, grad), use_locking=use_locking)


def apply_momentum(var: Any, accum: Any, lr: Any, grad: Any, momentum: Any,
                   use_nesterov: bool = False, use_locking: bool = False) -> Any:
    return apply_op("ResourceApplyMomentum", (var, accum), (lr, grad, momentum),
                    use_nesterov=use_nesterov, use_locking=use_locking)


# ---------------------------------------------------------------------------------------
# The global step.
# ---------------------------------------------------------------------------------------

def get_global_step(graph: Any = None) -> Any:
    """The graph's global step variable (its GLOBAL_STEP collection), or None."""
    g = graph if graph is not None else get_default_graph()
    found = g.get_collection(GraphKeys.GLOBAL_STEP)
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise TypeError("Multiple tensors in global_step collection.")
    return None


def create_global_step(graph: Any = None) -> Any:
    g = graph if graph is not None else get_default_graph()
    if get_global_step(g) is not None:
        raise ValueError('"global_step" already exists.')
    if _state.graph is None:
        return Variable(0, dtype=dt.int64, trainable=False, name=GraphKeys.GLOBAL_STEP,
                        aggregation=VariableAggregation.ONLY_FIRST_REPLICA)
    with g.as_default() if _state.graph is not g else contextlib.nullcontext():
        with name_scope(""):
            return vs.get_variable(GraphKeys.GLOBAL_STEP, shape=[], dtype=dt.int64,
                                   initializer=Zeros(), trainable=False,
                                   aggregation=VariableAggregation.ONLY_FIRST_REPLICA,
                                   collections=[GraphKeys.GLOBAL_VARIABLES,
                                                GraphKeys.GLOBAL_STEP])


def get_or_create_global_step(graph: Any = None) -> Any:
    g = graph if graph is not None else get_default_graph()
    step = get_global_step(g)
    if step is None:
        step = create_global_step(g)
    return step


def global_step(sess: Any, global_step_tensor: Any) -> int:
    """The global step's value, as a Python int (eagerly, the variable's)."""
    if _state.graph is None and sess is None:
        return int(global_step_tensor.numpy())
    return int(sess.run(global_step_tensor))


def assert_global_step(global_step_tensor: Any) -> None:
    if not (isinstance(global_step_tensor, (Tensor, GraphVariable)) or
            hasattr(global_step_tensor, "_as_tensor")):
        raise TypeError(f"Existing \"global_step\" must be a Variable or Tensor: "
                        f"{global_step_tensor}.")
    if not global_step_tensor.dtype.is_integer:
        raise TypeError(f"Existing \"global_step\" does not have integer type: "
                        f"{global_step_tensor.dtype}")
    if global_step_tensor.shape.ndims != 0 and global_step_tensor.shape.is_fully_defined():
        raise TypeError(f"Existing \"global_step\" is not scalar: {global_step_tensor.shape}")

