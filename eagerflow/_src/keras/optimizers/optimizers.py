"""The concrete Keras optimizers: their slots and update rules.

Sits on optimizer.py (the shared machinery). Each `update_step` is TF 2.21's update
rule written with public ops in the variable's dtype; slot names are TF 2.x's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core.context import _state
from eagerflow._src.core.dtypes import as_dtype
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.py_conversion import scalar_array
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor, host_scalar
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.optimizers import flat
from eagerflow._src.keras.optimizers import slices as sp
from eagerflow._src.keras.optimizers.optimizer import Optimizer, base_args
from eagerflow._src.keras.variables import keras_variable
from eagerflow._src.ops import math as m
from eagerflow._src.ops.eager_errors import slow_path
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.nn_fused import adam_alpha, fused_adam, fused_rmsprop, fused_sgd
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.variables import Variable


def _c(value: Any, dtype: Any) -> Any:
    """A hyperparameter cast to the variable's dtype.

    Like TF's Keras, a Python float becomes a float32 tensor first, so float64 variables
    see float32-rounded betas in the bias corrections (TF's exact values).
    """
    arr = scalar_array(value, None) if type(value) in (int, float) else None
    if arr is not None:  # computed on the host: a scalar argument of GPU kernels
        d = as_dtype(dtype)
        return host_scalar(arr.astype(d.as_numpy_dtype), d)
    return cast(convert_to_tensor(value), dtype)


def _adam_moments(mv: Any, vv: Any, gradient: Any, one_minus_b1: Any,
                  one_minus_b2: Any) -> None:
    """Adam's moment updates, as Keras writes them: m += (g - m)(1 - beta_1) and
    v += (g^2 - v)(1 - beta_2)."""
    _first_moment(mv, gradient, one_minus_b1)
    _second_moment(vv, gradient, one_minus_b2)


def _first_moment(mv: Any, gradient: Any, one_minus_b1: Any) -> None:
    """m += (g - m)(1 - beta_1)."""
    try:
        mv.assign_add(sp.subtract(gradient, mv._as_tensor()) * one_minus_b1)
    except OpError as e:  # (TF's Sub, given Keras's variable, runs by its slow path)
        raise slow_path(e) from None


def _second_moment(vv: Any, gradient: Any, one_minus_b2: Any) -> None:
    """v += (g^2 - v)(1 - beta_2)."""
    vv.assign_add(sp.subtract(sp.square(gradient), vv._as_tensor()) * one_minus_b2)


def _beta_powers(opt: Optimizer, dtype: Any, *betas: Any) -> list:
    """Each beta to the power t, this step's count, in `dtype` (the bias corrections)."""
    t = opt._local_step(dtype)
    return [m.pow(_c(beta, dtype), t) for beta in betas]


def _adam_alpha(lr: Any, b1p: Any, b2p: Any) -> Any:
    """Adam's bias-corrected step size, lr * sqrt(1 - beta_2^t) / (1 - beta_1^t)."""
    return lr * m.sqrt(1 - b2p) / (1 - b1p)


class _Moments(Optimizer):
    """What Adam, Adamax, Nadam, Lamb and ScheduleFreeAdamW share: `beta_1`, `beta_2` and
    `epsilon`, and a first and a second moment per variable, kept in the lists Keras names
    `_moment_lists` (the first starting as `_first_moment_init`)."""

    _moment_lists = ("_momentums", "_velocities")
    _first_moment_init = "zeros"

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-7, name: str | None = None, **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon

    def _slot_groups(self) -> list:
        first, second = self._moment_lists
        return super()._slot_groups() + [[("m", first, self._first_moment_init),
                                          ("v", second, "zeros")]]

    def get_config(self) -> dict:
        return dict(super().get_config(), beta_1=self.beta_1, beta_2=self.beta_2,
                    epsilon=self.epsilon)


class SGD(Optimizer):
    """Gradient descent, with optional (Nesterov) momentum."""

    def __init__(self, learning_rate: Any = 0.01, momentum: float = 0.0,
                 nesterov: bool = False, weight_decay: float | None = None,
                 clipnorm: float | None = None, clipvalue: float | None = None,
                 global_clipnorm: float | None = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, **base_args(locals()))
        if not isinstance(momentum, (int, float)) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum = momentum
        self.nesterov = nesterov
        self._flat_layouts: dict = {}  # flat.py's buffers, by dtype

    def _slot_groups(self) -> list:
        return super()._slot_groups() + [
            [("momentum" if self.momentum != 0 else None, "momentums", "zeros")]]

    def _update_steps(self, grads: list, variables: list) -> None:
        if self.momentum != 0 and type(self.momentum) is float and \
                type(self).update_step is SGD.update_step and flat.eager():
            grads, variables = flat.flat_steps(
                self._flat_layouts, grads, variables,
                lambda v: (self.get_slot(v, "momentum"),), self._flat_update)
        super()._update_steps(grads, variables)

    def _flat_update(self, grads: list, layout: Any, buffers: tuple) -> None:
        flat.sgd_update(grads, layout, buffers, self._lr(layout.variables[0].dtype),
                        self.momentum, self.nesterov)

    _applies_slices = True

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        if self.momentum != 0 and type(self.momentum) is float and _state.graph is None \
                and _state.xp is not np and not sp.is_rows(gradient) \
                and gradient.shape == variable.shape:
            # eagerly on a device: one kernel for the composite below (nn_fused._FusedSGD;
            # on the CPU the composite adds into the variable in place); a gradient of
            # another shape meets the composite's refusal, TF's Sub's
            mom = self.get_slot(variable, "momentum")
            var2, mom2 = fused_sgd(variable._as_tensor(), mom._as_tensor(), gradient,
                                   learning_rate, self.momentum, self.nesterov)
            mom.assign(mom2)
            variable.assign(var2)
        elif self.momentum != 0:
            mom = self.get_slot(variable, "momentum")
            mu = _c(self.momentum, variable.dtype)
            mom.assign(sp.subtract(mom._as_tensor() * mu, sp.multiply(gradient, learning_rate)))
            if self.nesterov:
                variable.assign_add(sp.subtract(mom._as_tensor() * mu,
                                                sp.multiply(gradient, learning_rate)))
            else:
                variable.assign_add(mom._as_tensor())
        else:
            self.assign_sub(variable, sp.multiply(gradient, learning_rate))

    def get_config(self) -> dict:
        return dict(super().get_config(), momentum=self.momentum, nesterov=self.nesterov)


class Adam(_Moments):
    """Adam (with the AMSGrad variant)."""

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-07, amsgrad: bool = False,
                 weight_decay: float | None = None, clipnorm: float | None = None,
                 clipvalue: float | None = None, global_clipnorm: float | None = None,
                 use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate, beta_1, beta_2, epsilon, **base_args(locals()))
        self.amsgrad = amsgrad
        self._flat_layouts: dict = {}  # flat.py's buffers, by dtype

    def _slot_groups(self) -> list:
        groups = super()._slot_groups()
        return groups + [[("vhat", "_velocity_hats", "zeros")]] if self.amsgrad else groups

    def _alpha(self, lr: Any, dtype: Any) -> Any:
        key = ("alpha", dtype)
        if key not in self._coef:
            alpha = self._host_alpha(lr, dtype) if flat.eager_cpu() else None
            if alpha is None and self._alpha_kernel():
                # on a device (eagerly or traced for one): one kernel, not nine launches
                # (and eagerly two copies of the betas onto the device)
                alpha = adam_alpha(lr, self._step_count(), self.beta_1, self.beta_2)
            if alpha is None:
                alpha = _adam_alpha(lr, *_beta_powers(self, dtype, self.beta_1, self.beta_2))
            self._coef[key] = alpha
        return self._coef[key]

    def _alpha_kernel(self) -> bool:
        """Whether the step size is _AdamAlpha's (ops on a device, float betas)."""
        return _state.xp is not np and type(self.beta_1) is float and \
            type(self.beta_2) is float

    def _host_alpha(self, lr: Any, dtype: Any) -> Any:
        """`_alpha`'s ops computed directly on their 0-d host arrays, by the same NumPy
        functions their kernels call (Add, Cast, Pow, Sub, Sqrt, Mul, RealDiv), so the
        value is the same bits; None where that path does not apply. Eagerly, dispatching
        those ten scalar ops took longer than the rest of a small model's Adam update."""
        d = as_dtype(dtype)
        npd = d.as_numpy_dtype
        it = self._iterations._as_tensor()._arr
        if (npd not in (np.float32, np.float64) or self.gradient_accumulation_steps
                or type(lr) is not EagerTensor or type(lr._arr) is not np.ndarray
                or lr._dtype is not d or type(it) is not np.ndarray):
            return None
        t = np.add(it, np.int64(1)).astype(npd)
        one = np.array(1, npd)  # the `1 - ...` operand
        b1p = m.POW.kernel(np, _c(self.beta_1, d)._arr, t)  # (TF's Pow of scalars: powf)
        b2p = m.POW.kernel(np, _c(self.beta_2, d)._arr, t)
        num = np.multiply(lr._arr, np.sqrt(np.subtract(one, b2p)))
        return host_scalar(np.true_divide(num, np.subtract(one, b1p)).astype(npd, copy=False), d)

    def _update_steps(self, grads: list, variables: list) -> None:
        if type(self).update_step is Adam.update_step and not self.amsgrad and \
                all(type(b) in (float, int) for b in (self.beta_1, self.beta_2, self.epsilon)) \
                and flat.eager():
            # the small variables together, a dtype at a time (flat.py)
            grads, variables = flat.flat_steps(
                self._flat_layouts, grads, variables,
                lambda v: (self.get_slot(v, "m"), self.get_slot(v, "v")), self._flat_update)
        super()._update_steps(grads, variables)

    def _flat_update(self, grads: list, layout: Any, buffers: tuple) -> None:
        # (where the step size is _AdamAlpha's, the in-place update computes it itself)
        step = self._step_count() if self._alpha_kernel() else None
        flat.adam_update(grads, layout, buffers, self._lr(layout.variables[0].dtype), step,
                         self._alpha, self.beta_1, self.beta_2, self.epsilon)

    _applies_slices = True

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        alpha = self._alpha(learning_rate, variable.dtype)
        mv, vv = self.get_slot(variable, "m"), self.get_slot(variable, "v")
        # (a gradient of another shape takes Keras's ops, whose Sub refuses it as TF's)
        if not self.amsgrad and not sp.is_rows(gradient) and \
                tuple(gradient.shape) == tuple(variable.shape) and \
                all(type(b) in (float, int) for b in (self.beta_1, self.beta_2, self.epsilon)):
            # one kernel for the composite below (the same floats: see nn_fused._FusedAdam)
            m2, v2, step = fused_adam(mv._as_tensor(), vv._as_tensor(), gradient, alpha,
                                      self.beta_1, self.beta_2, self.epsilon)
            mv.assign(m2)
            vv.assign(v2)
            variable.assign_sub(step)
            return
        _adam_moments(mv, vv, gradient, 1 - self.beta_1, 1 - self.beta_2)
        v = vv._as_tensor()
        if self.amsgrad:
            vhat = self.get_slot(variable, "vhat")
            vhat.assign(m.maximum(vhat._as_tensor(), v))
            v = vhat._as_tensor()
        variable.assign_sub((mv._as_tensor() * alpha) / (m.sqrt(v) + self.epsilon))

    def get_config(self) -> dict:
        return dict(super().get_config(), amsgrad=self.amsgrad)


class AdamW(Adam):
    """Adam with decoupled weight decay (default 0.004)."""

    def __init__(self, learning_rate: Any = 0.001, weight_decay: float | None = 0.004,
                 beta_1: float = 0.9, beta_2: float = 0.999, epsilon: float = 1e-07,
                 amsgrad: bool = False, clipnorm: float | None = None,
                 clipvalue: float | None = None, global_clipnorm: float | None = None,
                 use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2,
                         epsilon=epsilon, amsgrad=amsgrad, **base_args(locals()))
        # (checked once built, as Keras does: the refused optimizer has taken its name,
        # so the next AdamW is adam_w_<n+1>)
        if self.weight_decay is None:
            raise ValueError("Argument `weight_decay` must be a float. Received: "
                             "weight_decay=None")


class RMSprop(Optimizer):
    """RMSprop, with optional momentum and centering."""

    def __init__(self, learning_rate: Any = 0.001, rho: float = 0.9, momentum: float = 0.0,
                 epsilon: float = 1e-07, centered: bool = False,
                 weight_decay: float | None = None, clipnorm: float | None = None,
                 clipvalue: float | None = None, global_clipnorm: float | None = None,
                 use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, **base_args(locals()))
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def _slot_groups(self) -> list:
        return super()._slot_groups() + [
            [("rms", "_velocities", "zeros")],
            [("momentum" if self.momentum > 0 else None, "_momentums", "zeros")],
            [("mg" if self.centered else None, "_average_gradients", "zeros")]]

    _applies_slices = True

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        rho = self.rho
        rms = self.get_slot(variable, "rms")
        if not self.centered and type(rho) in (float, int) and \
                type(self.epsilon) in (float, int) and not sp.is_rows(gradient) and \
                tuple(gradient.shape) == tuple(variable.shape):  # (else TF's AddV2 error)
            # one kernel for the composite below (the same floats: nn_fused._FusedRMSprop)
            rms2, increment = fused_rmsprop(rms._as_tensor(), gradient, learning_rate, rho,
                                            self.epsilon)
            rms.assign(rms2)
        else:
            rms.assign(sp.add(rms._as_tensor() * rho,
                              sp.multiply(sp.square(gradient), 1 - rho)))
            if self.centered:
                mg = self.get_slot(variable, "mg")
                mg.assign(sp.add(mg._as_tensor() * rho, sp.multiply(gradient, 1 - rho)))
                denom = rms._as_tensor() - m.square(mg._as_tensor()) + self.epsilon
            else:
                denom = rms._as_tensor() + self.epsilon
            increment = sp.divide(sp.multiply(learning_rate, gradient), m.sqrt(denom))
        if self.momentum > 0:
            mom = self.get_slot(variable, "momentum")
            mom.assign(sp.add(mom._as_tensor() * self.momentum, increment))
            variable.assign_sub(mom._as_tensor())
        else:
            self.assign_sub(variable, increment)

    def get_config(self) -> dict:
        return dict(super().get_config(), rho=self.rho, momentum=self.momentum,
                    epsilon=self.epsilon, centered=self.centered)


class Adagrad(Optimizer):
    """Adagrad: per-coordinate rates from the accumulated squared gradients."""

    _applies_slices = True

    def __init__(self, learning_rate: Any = 0.001, initial_accumulator_value: float = 0.1,
                 epsilon: float = 1e-07, weight_decay: float | None = None,
                 clipnorm: float | None = None, clipvalue: float | None = None,
                 global_clipnorm: float | None = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, **base_args(locals()))
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def _slot_groups(self) -> list:
        return super()._slot_groups() + [
            [("accumulator", "_accumulators", float(self.initial_accumulator_value))]]

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        acc = self.get_slot(variable, "accumulator")
        self.assign_add(acc, sp.square(gradient))
        self.assign_sub(variable, sp.divide(sp.multiply(learning_rate, gradient),
                                            m.sqrt(acc._as_tensor() + self.epsilon)))

    def get_config(self) -> dict:
        return dict(super().get_config(), initial_accumulator_value=self.initial_accumulator_value,
                    epsilon=self.epsilon)


class Adadelta(Optimizer):
    """Adadelta: step sizes from running averages of squared gradients and updates."""

    _applies_slices = True

    def __init__(self, learning_rate: Any = 0.001, rho: float = 0.95, epsilon: float = 1e-07,
                 weight_decay: float | None = None, clipnorm: float | None = None,
                 clipvalue: float | None = None, global_clipnorm: float | None = None,
                 use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, **base_args(locals()))
        self.rho = rho
        self.epsilon = epsilon

    def _slot_groups(self) -> list:
        return super()._slot_groups() + [[("accum_grad", "_accumulated_grads", "zeros"),
                                          ("accum_var", "_accumulated_delta_vars", "zeros")]]

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        rho, eps = self.rho, self.epsilon
        ag, av = self.get_slot(variable, "accum_grad"), self.get_slot(variable, "accum_var")
        ag.assign(sp.add(ag._as_tensor() * rho, sp.multiply(sp.square(gradient), 1 - rho)))
        delta = sp.negative(sp.divide(sp.multiply(m.sqrt(av._as_tensor() + eps), gradient),
                                      m.sqrt(ag._as_tensor() + eps)))
        av.assign(sp.add(av._as_tensor() * rho, sp.multiply(sp.square(delta), 1 - rho)))
        self.assign_add(variable, sp.multiply(learning_rate, delta))

    def get_config(self) -> dict:
        return dict(super().get_config(), rho=self.rho, epsilon=self.epsilon)


class Adamax(_Moments):
    """Adamax: Adam with the infinity norm."""

    _applies_slices = True

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-07, weight_decay: float | None = None,
                 clipnorm: float | None = None, clipvalue: float | None = None,
                 global_clipnorm: float | None = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate, beta_1, beta_2, epsilon, **base_args(locals()))

    _keras_slot_names = {"m": "momentum", "v": "norm"}
    _moment_lists = ("_m", "_u")

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        (b1p,) = _beta_powers(self, variable.dtype, self.beta_1)
        mv, u = self.get_slot(variable, "m"), self.get_slot(variable, "v")
        _first_moment(mv, gradient, 1 - self.beta_1)
        u.assign(sp.maximum(u._as_tensor() * self.beta_2, sp.absolute(gradient)))
        variable.assign_sub((learning_rate * mv._as_tensor())
                            / ((1 - b1p) * (u._as_tensor() + self.epsilon)))


class Nadam(_Moments):
    """Adam with Nesterov momentum (and the 0.96-decayed momentum schedule)."""

    _applies_slices = True

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-07, weight_decay: float | None = None,
                 clipnorm: float | None = None, clipvalue: float | None = None,
                 global_clipnorm: float | None = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate, beta_1, beta_2, epsilon, **base_args(locals()))
        self._u_product = None

    def _build_more(self, variables: list) -> None:
        if self._u_product is None:
            # (Keras 3 makes it a plain Variable: an automatic name, variable_N, taken from
            # the global count, and the path of the scope it is built in: none when built
            # directly, the optimizer's when apply builds it)
            name = kb.auto_name("Variable")
            self._u_product = self._own_variable("_u_product", keras_variable(
                Variable(1.0, trainable=False, dtype=variables[0].dtype,
                         name=f"{self._name}/momentum_cache"), name, self._plain_path(name)))

    def _checkpoint_aliases(self) -> dict:
        aliases = super()._checkpoint_aliases()
        if self._u_product is not None:
            aliases["momentum_cache"] = self._u_product
        return aliases

    def _before_update(self, variables: list) -> None:
        up = self._u_product
        step = cast(self._step_count() + 1, up.dtype)
        up.assign(up._as_tensor() * self.beta_1 * (1.0 - 0.5 * m.pow(_c(0.96, up.dtype), step)))

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        dt_ = variable.dtype
        t, t1 = self._local_step(dt_), self._local_step(dt_, 2)
        decay, b1 = _c(0.96, dt_), _c(self.beta_1, dt_)
        u_t = b1 * (1.0 - 0.5 * m.pow(decay, t))
        u_t1 = b1 * (1.0 - 0.5 * m.pow(decay, t1))
        u_prod = cast(self._u_product._as_tensor(), dt_)
        u_prod1 = u_prod * u_t1
        b2 = _c(self.beta_2, dt_)
        b2p = m.pow(b2, t)
        mv, vv = self.get_slot(variable, "m"), self.get_slot(variable, "v")
        # TF's Nadam takes 1 - beta in the variable's dtype (unlike Adam's Python floats).
        _adam_moments(mv, vv, gradient, 1 - b1, 1 - b2)
        m_hat = sp.add((u_t1 * mv._as_tensor()) / (1 - u_prod1),
                       sp.divide(sp.multiply(1 - u_t, gradient), 1 - u_prod))
        v_hat = vv._as_tensor() / (1 - b2p)
        variable.assign_sub((m_hat * learning_rate) / (m.sqrt(v_hat) + self.epsilon))


class Ftrl(Optimizer):
    """FTRL-Proximal, with L1/L2 and L2-shrinkage regularization."""

    _applies_slices = True

    def __init__(self, learning_rate: Any = 0.001, learning_rate_power: float = -0.5,
                 initial_accumulator_value: float = 0.1,
                 l1_regularization_strength: float = 0.0,
                 l2_regularization_strength: float = 0.0,
                 l2_shrinkage_regularization_strength: float = 0.0, beta: float = 0.0,
                 weight_decay: float | None = None, clipnorm: float | None = None,
                 clipvalue: float | None = None, global_clipnorm: float | None = None,
                 use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, **base_args(locals()))
        if initial_accumulator_value < 0.0:
            raise ValueError("`initial_accumulator_value` needs to be positive or zero. "
                             "Received: initial_accumulator_value="
                             f"{initial_accumulator_value}.")
        if learning_rate_power > 0.0:
            raise ValueError("`learning_rate_power` needs to be negative or zero. Received: "
                             f"learning_rate_power={learning_rate_power}.")
        for arg, val in (("l1_regularization_strength", l1_regularization_strength),
                         ("l2_regularization_strength", l2_regularization_strength),
                         ("l2_shrinkage_regularization_strength",
                          l2_shrinkage_regularization_strength)):
            if val < 0.0:
                raise ValueError(f"`{arg}` needs to be positive or zero. Received: {arg}={val}.")
        self.learning_rate_power = learning_rate_power
        self.initial_accumulator_value = initial_accumulator_value
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength
        self.l2_shrinkage_regularization_strength = l2_shrinkage_regularization_strength
        self.beta = beta

    def _slot_groups(self) -> list:
        return super()._slot_groups() + [
            [("accumulator", "_accumulators", float(self.initial_accumulator_value)),
             ("linear", "_linears", "zeros")]]

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        lr = learning_rate
        p = self.learning_rate_power
        l2 = self.l2_regularization_strength + self.beta / (2.0 * lr)
        acc, lin = self.get_slot(variable, "accumulator"), self.get_slot(variable, "linear")
        x = variable._as_tensor()
        g2 = sp.add(gradient, x * (2 * self.l2_shrinkage_regularization_strength))
        old = acc._as_tensor()
        new = sp.add(old, sp.square(gradient))
        lin.assign_add(g2 - ((m.pow(new, _c(-p, x.dtype)) - m.pow(old, _c(-p, x.dtype))) / lr)
                       * x)
        quadratic = m.pow(new, _c(-p, x.dtype)) / lr + 2 * l2
        l1 = self.l1_regularization_strength
        lin_t = lin._as_tensor()
        variable.assign((m.clip_by_value(lin_t, -l1, l1) - lin_t) / quadratic)
        acc.assign(new)

    def get_config(self) -> dict:
        return dict(super().get_config(), learning_rate_power=self.learning_rate_power,
                    initial_accumulator_value=self.initial_accumulator_value,
                    l1_regularization_strength=self.l1_regularization_strength,
                    l2_regularization_strength=self.l2_regularization_strength,
                    l2_shrinkage_regularization_strength=(
                        self.l2_shrinkage_regularization_strength),
                    beta=self.beta)


class Lion(Optimizer):
    """Lion: steps of the learning rate along the sign of an interpolated momentum."""

    _applies_slices = True

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.99,
                 weight_decay: float | None = None, clipnorm: float | None = None,
                 clipvalue: float | None = None, global_clipnorm: float | None = None,
                 use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, **base_args(locals()))
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        if beta_1 <= 0 or beta_1 > 1:
            raise ValueError("Argument `beta_1` must be in the [0, 1] range. Otherwise, the "
                             f"optimizer degenerates to SignSGD. Received: beta_1={beta_1}.")

    def _slot_groups(self) -> list:
        return super()._slot_groups() + [[("m", "_momentums", "zeros")]]

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        b1, b2 = _c(self.beta_1, variable.dtype), _c(self.beta_2, variable.dtype)
        mv = self.get_slot(variable, "m")
        mt = mv._as_tensor()
        variable.assign_sub(learning_rate * m.sign(sp.add(mt * b1,
                                                          sp.multiply(gradient, 1.0 - b1))))
        mv.assign(sp.add(mt * b2, sp.multiply(gradient, 1.0 - b2)))

    def get_config(self) -> dict:
        return dict(super().get_config(), beta_1=self.beta_1, beta_2=self.beta_2)


class Lamb(_Moments):
    """LAMB: Adam's bias-corrected step, scaled per variable by the ratio of the variable's
    norm to the step's (1 where either norm is 0)."""

    _applies_slices = True

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-07, weight_decay: float | None = None,
                 clipnorm: float | None = None, clipvalue: float | None = None,
                 global_clipnorm: float | None = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate, beta_1, beta_2, epsilon, **base_args(locals()))

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        b1p, b2p = _beta_powers(self, variable.dtype, self.beta_1, self.beta_2)
        mv, v = self.get_slot(variable, "m"), self.get_slot(variable, "v")
        _adam_moments(mv, v, gradient, 1 - self.beta_1, 1 - self.beta_2)
        step = (mv._as_tensor() / (1.0 - b1p)) / (m.sqrt(v._as_tensor() / (1.0 - b2p))
                                                  + self.epsilon)
        w_norm = m.sqrt(reduce_sum(m.pow(variable._as_tensor(), 2)))
        g_norm = m.sqrt(reduce_sum(m.pow(step, 2)))
        one = _c(1.0, variable.dtype)
        ratio = where(w_norm > 0, where(g_norm > 0, w_norm / g_norm, one), one)
        variable.assign_sub(ratio * learning_rate * step)

