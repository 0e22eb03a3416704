"""TF 1's adaptive optimizers: Adam, Adagrad, RMSProp, Adadelta, Ftrl, and the proximal ones.

Sits in v1/, over optimizer.py. Each dense update is TF's training op (ResourceApplyAdam,
...Adagrad, ...RMSProp / ...CenteredRMSProp, ...Adadelta, ...Ftrl / ...FtrlV2,
...ProximalGradientDescent, ...ProximalAdagrad: ops/training_ops.py), and an IndexedSlices
gradient's the matching sparse one (ResourceSparseApply*: ops/sparse_training_ops.py; Adam:
TF 1's decays of every row of m and v, ResourceScatterAdds and reads), as TF 1's graph has
them; slots and their names ("w/Adam", "w/Adam_1", "beta1_power") and initial values are
TF 1's.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops.array import constant, ones
from eagerflow._src.ops.checks import wrong_input_dtype
from eagerflow._src.ops.control_deps import control_dependencies, group
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.math import maximum, sqrt
from eagerflow._src.ops.math_base import cast, identity
from eagerflow._src.ops.sparse_training_ops import SPECS as SPARSE
from eagerflow._src.ops.sparse_training_ops import apply_sparse, resource_scatter_add
from eagerflow._src.ops.training_ops import apply_op
from eagerflow._src.v1.optimizer import (
    Optimizer,
    _graph_mode,
    apply_gradient_descent,
    apply_momentum,
    ref_dense,
    ref_sparse,
)


def _t(x: Any, var: Any) -> Any:
    return cast(convert_to_tensor(x), var.dtype.base_dtype)


def _filled(var: Any, value: float) -> Any:
    """`value` in var's shape and dtype: one constant (TF's constant_op.constant)."""
    return constant(value, var.dtype.base_dtype, var.shape.as_list())


def _tensors(opt: Optimizer, names: str, *values: Any) -> list:
    """The hyperparameters as tensors (called first where callable), as `_prepare`s make
    them: named `names` (space-separated; in a graph, TF's Const names)."""
    return [convert_to_tensor_v2(opt._call_if_callable(v), name=n)
            for n, v in zip(names.split(), values)]


def _check_accumulator(initial_accumulator_value: float) -> None:
    if initial_accumulator_value <= 0.0:
        raise ValueError("initial_accumulator_value must be positive: "
                         f"{initial_accumulator_value}")


# How TF 1's optimizers start a slot at `value` (each var's initial value, as TF's
# graphs make it): "const" its constant_initializer ("<slot>/Initializer/Const"), "ones"
# its ones_initializer ("Initializer/ones"), "scaled" ones times the value
# ("Initializer/ones", "Initializer/mul"), "given" a constant made first, outside the
# slot (the slot takes it as it is).
def _full_slots(opt: Optimizer, var_list: list, value: float, slot_name: str,
                op_name: str, how: str = "const") -> None:
    """Each variable's slot `slot_name`, starting at `value` everywhere."""
    for v in var_list:
        opt._get_or_make_slot(v, _slot_start(v, value, how), slot_name, op_name)


def _slot_start(v: Any, value: float, how: str) -> Any:
    if how == "given":
        return _filled(v, value)
    if how == "ones":
        return lambda: ones(v.shape.as_list(), v.dtype.base_dtype)
    if how == "scaled":
        return lambda: ones(v.shape.as_list(), v.dtype.base_dtype) * value
    return lambda: _filled(v, value)


def _same_dtypes(op: str, first: int, inputs: list) -> None:
    """TF's dense proximal updates pass their hyperparameters uncast: the op's inputs
    (numbered from `first`) must share the first's dtype, as its signature demands."""
    name0, t0 = inputs[0]
    for i, (name, t) in enumerate(inputs[1:], first + 1):
        if t.dtype != t0.dtype:
            if _state.graph is not None:  # (building a graph: the op's TypeError)
                raise TypeError(f"Input '{name}' of '{op}' Op has type {t.dtype.name} that "
                                f"does not match type {t0.dtype.name} of argument '{name0}'.")
            raise wrong_input_dtype(op, i, t0.dtype, t.dtype)


# TF's training ops (ops/training_ops.py), as the optimizers and an imported graph's
# training ops run them: scalars in var's dtype.

def apply_adam(var: Any, m: Any, v: Any, b1p: Any, b2p: Any, lr: Any, b1: Any, b2: Any,
               eps: Any, grad: Any, use_locking: bool = False) -> Any:
    return apply_op("ResourceApplyAdam", (var, m, v), (b1p, b2p, lr, b1, b2, eps, grad),
                    use_locking=use_locking)


def apply_adagrad(var: Any, acc: Any, lr: Any, grad: Any, use_locking: bool = False) -> Any:
    return apply_op("ResourceApplyAdagrad", (var, acc), (lr, grad), use_locking=use_locking)


def apply_rms_prop(var: Any, mg: Any, ms: Any, mom: Any, lr: Any, rho: Any, momentum: Any,
                   eps: Any, grad: Any, use_locking: bool = False) -> Any:
    if mg is not None:
        return apply_op("ResourceApplyCenteredRMSProp", (var, mg, ms, mom),
                        (lr, rho, momentum, eps, grad), use_locking=use_locking)
    return apply_op("ResourceApplyRMSProp", (var, ms, mom), (lr, rho, momentum, eps, grad),
                    use_locking=use_locking)


def _nesterov_refused(a: dict) -> None:
    if a.get("use_nesterov"):
        raise NotImplementedError("ResourceApplyAdam with use_nesterov=True (TF 1's "
                                  "optimizers never write it) is not supported")


def _sparse_apply(name: str) -> Any:
    """An imported graph's sparse training op `name` run on (inputs, attrs)."""
    n = len(SPARSE[name].resources)
    return lambda i, a: apply_sparse(name, tuple(i[:n]), tuple(i[n:]), **{
        k: bool(v) for k, v in a.items() if k in ("use_locking", *SPARSE[name].flags)})


# An imported graph's training ops (inputs: variables, then tensors; attrs), TF's names.
APPLY = {
    "ResourceApplyGradientDescent": lambda i, a: apply_gradient_descent(*i),
    "ResourceApplyMomentum": lambda i, a: apply_momentum(
        i[0], i[1], i[2], i[3], i[4], bool(a.get("use_nesterov"))),
    "ResourceApplyAdam": lambda i, a: (_nesterov_refused(a), apply_adam(*i))[1],
    "ResourceApplyAdagrad": lambda i, a: apply_adagrad(*i),
    "ResourceApplyRMSProp": lambda i, a: apply_rms_prop(i[0], None, *i[1:]),
    "ResourceApplyCenteredRMSProp": lambda i, a: apply_rms_prop(*i),
    # the sparse ones: TF's ops, a repeated index's rows applied in turn as TF's kernels do
    "ResourceScatterAdd": lambda i, a: resource_scatter_add(*i),
    **{name: _sparse_apply(name) for name in SPARSE},
}


def _read_named(v: Any) -> Any:
    """A graph variable's read of its own ("ReadVariableOp" in the current scope; a
    reference variable's snapshot, as TF's operators read it); a tensor as it is."""
    if getattr(v, "_ref_nodes", False):
        return v._as_tensor()
    return v._as_tensor(named=True) if hasattr(v, "_as_tensor") else v


def _read_with(assigned: Any) -> Any:
    """An assignment in a TF 1 graph with its read made now (a resource variable's, as TF
    2.21 makes it); a reference variable's is the reference itself."""
    return assigned.read_now() if hasattr(assigned, "read_now") else assigned


def _decay_and_add(slot: Any, indices: Any, rows: Any, decay: Any, read: Callable) -> Any:
    """TF 1's sparse Adam's slot update: slot = slot * decay, then `rows` scattered in at
    `indices`; the slot's value after both (`read` is _read_named in a TF 1 graph)."""
    if read is not _read_named:
        slot.assign(slot * decay, read_value=False)
        resource_scatter_add(slot, indices, rows)
        return slot.read_value()
    decayed = _read_with(slot.assign(read(slot) * decay))
    with control_dependencies([decayed.op]):
        added = resource_scatter_add(slot, indices, rows)
        if slot._ref_nodes:  # (TF 1's: the reference after the scatter)
            return added.outputs[0]
        with control_dependencies([added]):
            return read(slot)


class AdamOptimizer(Optimizer):
    """Adam (Kingma and Ba), with TF 1's bias-corrected step size and beta powers."""

    def __init__(self, learning_rate: Any = 0.001, beta1: float = 0.9, beta2: float = 0.999,
                 epsilon: float = 1e-8, use_locking: bool = False, name: str = "Adam",
                 use_own_namescope_for_non_slot_vars: bool = False) -> None:
        super().__init__(use_locking, name, use_own_namescope_for_non_slot_vars)
        self._lr, self._beta1, self._beta2, self._epsilon = learning_rate, beta1, beta2, epsilon

    def _get_beta_accumulators(self) -> tuple:
        g = _state.graph if _graph_mode() else None
        return (self._get_non_slot_variable("beta1_power", g),
                self._get_non_slot_variable("beta2_power", g))

    def _create_slots(self, var_list: list) -> None:
        first = min(var_list, key=lambda v: v.name)
        self._create_non_slot_variable(self._beta1, "beta1_power", first)
        self._create_non_slot_variable(self._beta2, "beta2_power", first)
        for v in var_list:
            self._zeros_slot(v, "m", self._name)
            self._zeros_slot(v, "v", self._name)

    def _prepare(self) -> None:
        self._lr_t, self._beta1_t, self._beta2_t, self._epsilon_t = _tensors(
            self, "learning_rate beta1 beta2 epsilon", self._lr, self._beta1, self._beta2,
            self._epsilon)

    def _resource_apply_dense(self, grad: Any, var: Any) -> Any:
        b1p, b2p = self._get_beta_accumulators()
        dtype = var.dtype.base_dtype
        return apply_adam(var, self.get_slot(var, "m"), self.get_slot(var, "v"),
                          cast(b1p, dtype), cast(b2p, dtype), _t(self._lr_t, var),
                          _t(self._beta1_t, var), _t(self._beta2_t, var),
                          _t(self._epsilon_t, var), grad, self._use_locking)

    def _resource_apply_sparse(self, grad: Any, var: Any, indices: Any) -> Any:
        """TF 1's sparse Adam: every row of m and v decays (an assignment), the gradient's
        rows are added (ResourceScatterAdd), and var moves by the bias-corrected step
        everywhere; in a graph TF's nodes, reads and control edges."""
        b1p, b2p = self._get_beta_accumulators()
        lr_t, b1, b2, eps = (_t(x, var) for x in (self._lr_t, self._beta1_t, self._beta2_t,
                                                   self._epsilon_t))
        graph = _graph_mode()
        dtype = var.dtype.base_dtype
        read = _read_named if graph else (lambda v: cast(v, dtype))
        if b1p.dtype.base_dtype != dtype:  # (a float64 variable's: the powers cast first, as TF's)
            b1p, b2p = cast(b1p, dtype), cast(b2p, dtype)
            read = _read_named if graph else (lambda t: t)

        def one() -> Any:  # (each subtraction's own constant, as TF's graph has them)
            return convert_to_tensor(np.ones((), dtype.as_numpy_dtype))  # (a graph's Const)
        lr = lr_t * sqrt(one() - read(b2p)) / (one() - read(b1p))
        m_t = _decay_and_add(self.get_slot(var, "m"), indices, grad * (one() - b1), b1, read)
        v_t = _decay_and_add(self.get_slot(var, "v"), indices, (grad * grad) * (one() - b2),
                             b2, read)
        v_sqrt = sqrt(v_t)
        update = var.assign_sub(lr * m_t / (v_sqrt + eps), read_value=graph)
        if not graph:
            return None
        _read_with(update)
        return group(update.op, m_t.op, v_t.op)

    _apply_dense, _apply_sparse = ref_dense, ref_sparse

    def _finish(self, update_ops: list, name_scope: str) -> Any:
        b1p, b2p = self._get_beta_accumulators()
        if not _graph_mode():
            b1p.assign(b1p * self._beta1_t, read_value=False)
            b2p.assign(b2p * self._beta2_t, read_value=False)
            return None
        # (as TF's graph: each power read by its own API, assigned, and the assignment's
        # read made with it)
        with control_dependencies([u for u in update_ops if u is not None]):
            up1 = _read_with(b1p.assign(_read_named(b1p) * self._beta1_t))
            up2 = _read_with(b2p.assign(_read_named(b2p) * self._beta2_t))
        return group(*update_ops, up1.op, up2.op, name=name_scope)


class AdagradOptimizer(Optimizer):
    """accum += grad^2; var -= lr * grad * rsqrt(accum)."""

    def __init__(self, learning_rate: Any, initial_accumulator_value: float = 0.1,
                 use_locking: bool = False, name: str = "Adagrad") -> None:
        _check_accumulator(initial_accumulator_value)
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial_accumulator_value = initial_accumulator_value

    def _create_slots(self, var_list: list) -> None:
        _full_slots(self, var_list, self._initial_accumulator_value, "accumulator",
                    self._name)

    def _prepare(self) -> None:
        self._lr_t, = _tensors(self, "learning_rate", self._learning_rate)

    def _resource_apply_dense(self, grad: Any, var: Any) -> Any:
        return apply_adagrad(var, self.get_slot(var, "accumulator"), _t(self._lr_t, var),
                             grad, self._use_locking)

    def _resource_apply_sparse(self, grad: Any, var: Any, indices: Any) -> Any:
        return apply_sparse("ResourceSparseApplyAdagrad",
                            (var, self.get_slot(var, "accumulator")),
                            (_t(self._lr_t, var), grad, indices), use_locking=self._use_locking)

    _apply_dense, _apply_sparse = ref_dense, ref_sparse


class RMSPropOptimizer(Optimizer):
    """ms += (grad^2 - ms)(1 - decay); mom = mom * momentum + lr * grad / sqrt(ms + eps);
    var -= mom (centered: ms - mg^2 in the root, mg the running mean of grad)."""

    def __init__(self, learning_rate: Any, decay: float = 0.9, momentum: float = 0.0,
                 epsilon: float = 1e-10, use_locking: bool = False, centered: bool = False,
                 name: str = "RMSProp") -> None:
        super().__init__(use_locking, name)
        self._learning_rate, self._decay = learning_rate, decay
        self._momentum, self._epsilon, self._centered = momentum, epsilon, centered

    def _create_slots(self, var_list: list) -> None:
        for v in var_list:
            # TF 1's RMSProp starts its mean square at one
            _full_slots(self, [v], 1.0, "rms", self._name, "ones")
            if self._centered:
                self._zeros_slot(v, "mg", self._name)
            self._zeros_slot(v, "momentum", self._name)

    def _prepare(self) -> None:
        self._lr_t, self._decay_t, self._momentum_t, self._epsilon_t = _tensors(
            self, "learning_rate decay momentum epsilon", self._learning_rate, self._decay,
            self._momentum, self._epsilon)

    def _slots_and_scalars(self, var: Any) -> list:
        return [self.get_slot(var, "mg") if self._centered else None,
                self.get_slot(var, "rms"), self.get_slot(var, "momentum"),
                _t(self._lr_t, var), _t(self._decay_t, var), _t(self._momentum_t, var),
                _t(self._epsilon_t, var)]

    def _resource_apply_dense(self, grad: Any, var: Any) -> Any:
        return apply_rms_prop(var, *self._slots_and_scalars(var), grad, self._use_locking)

    def _resource_apply_sparse(self, grad: Any, var: Any, indices: Any) -> Any:
        mg, *slots = self._slots_and_scalars(var)
        name = "ResourceSparseApplyRMSProp" if mg is None else \
            "ResourceSparseApplyCenteredRMSProp"
        held = (var, *([] if mg is None else [mg]), *slots[:2])
        return apply_sparse(name, held, (*slots[2:], grad, indices),
                            use_locking=self._use_locking)

    _apply_dense, _apply_sparse = ref_dense, ref_sparse


class AdadeltaOptimizer(Optimizer):
    """accum = rho accum + (1 - rho) grad^2; update = sqrt(accum_update + eps) *
    rsqrt(accum + eps) * grad; var -= lr * update; accum_update = rho accum_update +
    (1 - rho) update^2."""

    def __init__(self, learning_rate: Any = 0.001, rho: float = 0.95, epsilon: float = 1e-8,
                 use_locking: bool = False, name: str = "Adadelta") -> None:
        super().__init__(use_locking, name)
        self._lr, self._rho, self._epsilon = learning_rate, rho, epsilon

    def _create_slots(self, var_list: list) -> None:
        for v in var_list:
            self._zeros_slot(v, "accum", self._name)
            self._zeros_slot(v, "accum_update", self._name)

    def _prepare(self) -> None:
        self._lr_t, self._rho_t, self._epsilon_t = _tensors(self, "lr rho epsilon", self._lr,
                                                            self._rho, self._epsilon)

    def _resource_apply_sparse(self, grad: Any, var: Any, indices: Any) -> Any:
        return apply_sparse("ResourceSparseApplyAdadelta",
                            (var, self.get_slot(var, "accum"), self.get_slot(var, "accum_update")),
                            (_t(self._lr_t, var), _t(self._rho_t, var),
                             _t(self._epsilon_t, var), grad, indices),
                            use_locking=self._use_locking)

    _apply_dense, _apply_sparse = ref_dense, ref_sparse

    def _resource_apply_dense(self, grad: Any, var: Any) -> Any:
        return apply_op("ResourceApplyAdadelta",
                        (var, self.get_slot(var, "accum"), self.get_slot(var, "accum_update")),
                        (_t(self._lr_t, var), _t(self._rho_t, var), _t(self._epsilon_t, var),
                         grad), use_locking=self._use_locking)


class FtrlOptimizer(Optimizer):
    """FTRL-Proximal (McMahan et al.): TF's ApplyFtrl, or ApplyFtrlV2 with L2 shrinkage."""

    def __init__(self, learning_rate: Any, learning_rate_power: float = -0.5,
                 initial_accumulator_value: float = 0.1,
                 l1_regularization_strength: float = 0.0,
                 l2_regularization_strength: float = 0.0, use_locking: bool = False,
                 name: str = "Ftrl", accum_name: str | None = None,
                 linear_name: str | None = None,
                 l2_shrinkage_regularization_strength: float = 0.0,
                 beta: float | None = None) -> None:
        super().__init__(use_locking, name)
        if initial_accumulator_value < 0.0:
            raise ValueError(f"initial_accumulator_value {initial_accumulator_value:f} "
                             "needs to be positive or zero")
        if learning_rate_power > 0.0:
            raise ValueError(f"learning_rate_power {learning_rate_power:f} "
                             "needs to be negative or zero")
        if l1_regularization_strength < 0.0:
            raise ValueError(f"l1_regularization_strength {l1_regularization_strength:f} "
                             "needs to be positive or zero")
        if l2_regularization_strength < 0.0:
            raise ValueError(f"l2_regularization_strength {l2_regularization_strength:f} "
                             "needs to be positive or zero")
        if l2_shrinkage_regularization_strength < 0.0:
            raise ValueError(f"l2_shrinkage_regularization_strength "
                             f"{l2_shrinkage_regularization_strength:f} needs to be positive or "
                             "zero")
        self._learning_rate = learning_rate
        self._learning_rate_power = learning_rate_power
        self._initial_accumulator_value = initial_accumulator_value
        self._l1 = l1_regularization_strength
        self._l2 = l2_regularization_strength
        self._beta = 0.0 if beta is None else beta
        self._l2_shrinkage = l2_shrinkage_regularization_strength
        self._accum_name, self._linear_name = accum_name, linear_name

    def _create_slots(self, var_list: list) -> None:
        for v in var_list:
            _full_slots(self, [v], self._initial_accumulator_value, "accum",
                        self._accum_name or self._name, "scaled")
            self._zeros_slot(v, "linear", self._linear_name or self._name)

    def _prepare(self) -> None:
        c = self._call_if_callable
        lr = c(self._learning_rate)
        self._lr_t = convert_to_tensor_v2(lr, name="learning_rate")
        self._l1_t = convert_to_tensor_v2(c(self._l1), name="l1_regularization_strength")
        # (TF adds beta / (2 lr) to the L2 strength, so that its ops need no beta)
        self._l2_t = convert_to_tensor_v2(
            c(self._l2) + self._beta / (2.0 * maximum(lr, 1e-36)),
            name="adjusted_l2_regularization_strength")
        self._beta_t = convert_to_tensor_v2(self._beta, name="beta")
        self._shrink_t = convert_to_tensor_v2(c(self._l2_shrinkage),
                                              name="l2_shrinkage_regularization_strength")
        self._power_t = convert_to_tensor_v2(c(self._learning_rate_power),
                                             name="learning_rate_power")

    def _resource_apply_sparse(self, grad: Any, var: Any, indices: Any) -> Any:
        slots = (var, self.get_slot(var, "accum"), self.get_slot(var, "linear"))
        lr, l1, l2 = _t(self._lr_t, var), _t(self._l1_t, var), _t(self._l2_t, var)
        power = _t(self._power_t, var)
        if self._l2_shrinkage <= 0.0:
            return apply_sparse("ResourceSparseApplyFtrl", slots,
                                (grad, indices, lr, l1, l2, power), use_locking=self._use_locking)
        return apply_sparse("ResourceSparseApplyFtrlV2", slots,
                            (grad, indices, lr, l1, l2, _t(self._shrink_t, var), power),
                            use_locking=self._use_locking)

    _apply_dense, _apply_sparse = ref_dense, ref_sparse

    def _resource_apply_dense(self, grad: Any, var: Any) -> Any:
        """TF's ApplyFtrl, or ApplyFtrlV2 where the L2 shrinkage is positive."""
        slots = (var, self.get_slot(var, "accum"), self.get_slot(var, "linear"))
        lr, l1, l2 = _t(self._lr_t, var), _t(self._l1_t, var), _t(self._l2_t, var)
        power = _t(self._power_t, var)
        if self._l2_shrinkage <= 0.0:
            return apply_op("ResourceApplyFtrl", slots, (grad, lr, l1, l2, power),
                            use_locking=self._use_locking)
        return apply_op("ResourceApplyFtrlV2", slots,
                        (grad, lr, l1, l2, _t(self._shrink_t, var), power),
                        use_locking=self._use_locking)


class _Proximal(Optimizer):
    """What the proximal optimizers share: the rate and the L1 and L2 strengths as tensors,
    and TF's Resource(Sparse)ApplyProximal<_KIND> over the variable and its `_SLOTS`,
    whose dense op names the rate and the gradient `_ARG_NAMES`."""

    _KIND = ""
    _SLOTS: tuple = ()
    _ARG_NAMES = ("", "")

    def _prepare(self) -> None:
        self._lr_t, self._l1_t, self._l2_t = _tensors(
            self, "learning_rate l1_regularization_strength l2_regularization_strength",
            self._learning_rate, self._l1, self._l2)

    def _refs(self, var: Any) -> tuple:
        return (var,) + tuple(self.get_slot(var, s) for s in self._SLOTS)

    def _resource_apply_dense(self, grad: Any, var: Any) -> Any:
        op = f"ResourceApplyProximal{self._KIND}"
        rate, gradient = self._ARG_NAMES
        _same_dtypes(op, 1 + len(self._SLOTS),
                     [(rate, self._lr_t), ("l1", self._l1_t), ("l2", self._l2_t),
                      (gradient, grad)])
        return apply_op(op, self._refs(var), (self._lr_t, self._l1_t, self._l2_t, grad),
                        use_locking=self._use_locking)

    def _resource_apply_sparse(self, grad: Any, var: Any, indices: Any) -> Any:
        return apply_sparse(f"ResourceSparseApplyProximal{self._KIND}", self._refs(var),
                            (_t(self._lr_t, var), _t(self._l1_t, var), _t(self._l2_t, var),
                             grad, indices), use_locking=self._use_locking)

    _apply_dense, _apply_sparse = ref_dense, ref_sparse


class ProximalGradientDescentOptimizer(_Proximal):
    """Gradient descent, then the proximal step of L1 and L2 (FOBOS)."""

    _KIND = "GradientDescent"
    _ARG_NAMES = ("alpha", "delta")

    def __init__(self, learning_rate: Any, l1_regularization_strength: float = 0.0,
                 l2_regularization_strength: float = 0.0, use_locking: bool = False,
                 name: str = "ProximalGradientDescent") -> None:
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._l1, self._l2 = l1_regularization_strength, l2_regularization_strength


class ProximalAdagradOptimizer(_Proximal):
    """Adagrad's step size, then the proximal step of L1 and L2."""

    _KIND = "Adagrad"
    _SLOTS = ("accumulator",)
    _ARG_NAMES = ("lr", "grad")

    def __init__(self, learning_rate: Any, initial_accumulator_value: float = 0.1,
                 l1_regularization_strength: float = 0.0,
                 l2_regularization_strength: float = 0.0, use_locking: bool = False,
                 name: str = "ProximalAdagrad") -> None:
        _check_accumulator(initial_accumulator_value)
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial_accumulator_value = initial_accumulator_value
        self._l1, self._l2 = l1_regularization_strength, l2_regularization_strength

    def _create_slots(self, var_list: list) -> None:
        _full_slots(self, var_list, self._initial_accumulator_value, "accumulator",
                    self._name, "given")


class AdagradDAOptimizer(Optimizer):
    """Adagrad Dual Averaging (Xiao): TF's ApplyAdagradDA over the gradients accumulated
    since the start, each step's global step (plus one) its input."""

    def __init__(self, learning_rate: Any, global_step: Any,
                 initial_gradient_squared_accumulator_value: float = 0.1,
                 l1_regularization_strength: float = 0.0,
                 l2_regularization_strength: float = 0.0, use_locking: bool = False,
                 name: str = "AdagradDA") -> None:
        if initial_gradient_squared_accumulator_value <= 0.0:
            raise ValueError("initial_gradient_squared_accumulator_value must be positive: "
                             f"{initial_gradient_squared_accumulator_value}")
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial_gradient_squared_accumulator_value = \
            initial_gradient_squared_accumulator_value
        self._l1, self._l2 = l1_regularization_strength, l2_regularization_strength
        self._global_step = global_step
        self._global_step_on_worker: Any = None

    def _create_slots(self, var_list: list) -> None:
        for v in var_list:  # (TF's: both constants, then both slots)
            g, gg = _filled(v, 0.0), _filled(v, self._initial_gradient_squared_accumulator_value)
            self._get_or_make_slot(v, g, "gradient_accumulator", self._name)
            self._get_or_make_slot(v, gg, "gradient_squared_accumulator", self._name)

    def _prepare(self) -> None:
        self._lr_t = convert_to_tensor_v2(self._learning_rate, name="learning_rate")
        # (TF's copy of the global step, for a worker: the step this update counts)
        self._global_step_on_worker = identity(self._global_step) + 1

    def _inputs(self, grad: Any) -> tuple:
        """lr, l1, l2 in the gradient's dtype (the strengths as TF's casts of Python floats
        make them: "Cast/x"), and the step."""
        step = identity(self._global_step_on_worker)
        strengths = []
        for value in (self._l1, self._l2):
            with name_scope("Cast"):
                strengths.append(convert_to_tensor_v2(value, dtype=grad.dtype, name="x"))
        return (cast(self._lr_t, grad.dtype), *strengths, step)

    def _resource_apply_dense(self, grad: Any, var: Any) -> Any:
        slots = (var, self.get_slot(var, "gradient_accumulator"),
                 self.get_slot(var, "gradient_squared_accumulator"))
        return apply_op("ResourceApplyAdagradDA", slots, (grad, *self._inputs(grad)),
                        use_locking=self._use_locking)

    def _resource_apply_sparse(self, grad: Any, var: Any, indices: Any) -> Any:
        slots = (var, self.get_slot(var, "gradient_accumulator"),
                 self.get_slot(var, "gradient_squared_accumulator"))
        return apply_sparse("ResourceSparseApplyAdagradDA", slots,
                            (grad, indices, *self._inputs(grad)),
                            use_locking=self._use_locking)

    _apply_dense, _apply_sparse = ref_dense, ref_sparse
