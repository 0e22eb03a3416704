"""Keras 3's newer optimizers: Adafactor, Muon and ScheduleFreeAdamW.

Sits on optimizer.py (the shared machinery: clipping, weight decay, EMA, accumulation)
beside optimizers.py. Each `update_step` is Keras 3.15's rule written with public ops in
the variable's dtype, with Python hyperparameters cast to it where Keras casts them, so
that the steps agree with Keras's to the float32 rounding; the variables (names, paths,
order) are those a Keras 3 checkpoint or .keras file holds.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.keras.optimizers import slices as sp
from eagerflow._src.keras.optimizers.optimizer import Optimizer, _base_name, base_args
from eagerflow._src.keras.optimizers.optimizers import (
    _adam_alpha,
    _adam_moments,
    _beta_powers,
    _c,
    _Moments,
    _second_moment,
)
from eagerflow._src.keras.variables import keras_variable
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as m
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.reduce import reduce_mean, reduce_sum
from eagerflow._src.ops.variables import Variable


def _rms(x: Any) -> Any:
    return m.sqrt(sp.mean(sp.square(x)))


class Adafactor(Optimizer):
    """Adafactor (Shazeer & Stern, 2018): the second moment of a matrix kept as its row
    and column means, steps clipped by their RMS and scaled by the variable's."""

    _applies_slices = True

    def __init__(self, learning_rate: Any = 0.001, beta_2_decay: float = -0.8,
                 epsilon_1: float = 1e-30, epsilon_2: float = 0.001,
                 clip_threshold: float = 1.0, relative_step: bool = True,
                 weight_decay: float | None = None, clipnorm: float | None = None,
                 clipvalue: float | None = None, global_clipnorm: float | None = None,
                 use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, **base_args(locals()))
        self.beta_2_decay = beta_2_decay
        self.epsilon_1 = epsilon_1
        self.epsilon_2 = epsilon_2
        self.clip_threshold = clip_threshold
        self.relative_step = relative_step

    def _build_more(self, variables: list) -> None:
        # per variable: its row factor, its column factor, its velocity (Keras's order)
        rows, columns, velocities = (self.__dict__.get(a) or self._empty_node(a, [])
                                     for a in ("_r", "_c", "_v"))
        for var in variables:
            name = _base_name(var)
            if var.shape.rank < 2:
                # unused placeholders, plain int32 scalars as in Keras (so their paths are
                # those of the scope they are built in)
                factors = [keras_variable(Variable(np.int32(0), trainable=False, dtype=dt.int32,
                                                   name=name), name, self._plain_path(name))
                           for _ in range(2)]
            else:
                shape = tuple(var.shape.as_list())
                factors = [self._factor(var, shape[:-1]),
                           self._factor(var, shape[:-2] + shape[-1:])]
            for slot_name, factor, slots in zip(("vr", "vc"), factors, (rows, columns)):
                slots.append(self._register_slot(var, slot_name, factor))
            velocities.append(self.add_slot(var, "v"))

    def _factor(self, var: Any, shape: tuple) -> Variable:
        npd = dt.as_dtype(var.dtype).as_numpy_dtype
        name = _base_name(var)
        return keras_variable(Variable(np.zeros(shape, npd), trainable=False, dtype=var.dtype,
                                       name=f"{self._name}/{name}"), name, f"{self._name}/{name}")

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        dtype = variable.dtype
        t = self._local_step(dtype)
        # (`relative_step` caps the rate at 1/sqrt(t), which rho caps it at anyway)
        rho = m.minimum(learning_rate, 1 / m.sqrt(t))
        alpha = m.maximum(_c(self.epsilon_2, dtype), _rms(variable._as_tensor())) * rho
        grad_sq = sp.add(sp.square(gradient), self.epsilon_1)
        beta_2 = 1 - m.pow(t, _c(self.beta_2_decay, dtype))
        v = self.get_slot(variable, "v")
        if variable.shape.rank >= 2:
            r, c = self.get_slot(variable, "vr"), self.get_slot(variable, "vc")
            r.assign(beta_2 * r._as_tensor() + (1 - beta_2) * reduce_mean(grad_sq, axis=-1))
            c.assign(beta_2 * c._as_tensor() + (1 - beta_2) * reduce_mean(grad_sq, axis=-2))
            r_t = r._as_tensor()
            v.assign(A.expand_dims(r_t / reduce_mean(r_t, axis=-1, keepdims=True), -1)
                     * A.expand_dims(c._as_tensor(), -2))
        else:
            v.assign(beta_2 * v._as_tensor() + (1 - beta_2) * grad_sq)
        u = sp.divide(gradient, m.sqrt(v._as_tensor()))
        u_hat = sp.divide(u, m.maximum(_c(1.0, dtype), _rms(u) / self.clip_threshold))
        self.assign_sub(variable, sp.multiply(alpha, u_hat))

    def get_config(self) -> dict:
        return dict(super().get_config(), beta_2_decay=self.beta_2_decay,
                    epsilon_1=self.epsilon_1, epsilon_2=self.epsilon_2,
                    clip_threshold=self.clip_threshold, relative_step=self.relative_step)


class Muon(Optimizer):
    """Muon: momentum steps of 2-D weights orthogonalized by Newton-Schulz iterations;
    the other variables (not 2-D, embeddings, `exclude_layers`) take AdamW's step."""

    def __init__(self, learning_rate: Any = 0.001, adam_beta_1: float = 0.9,
                 adam_beta_2: float = 0.999, adam_weight_decay: float = 0.004,
                 epsilon: float = 1e-7, weight_decay: float = 0.004, clipnorm: Any = None,
                 clipvalue: Any = None, global_clipnorm: Any = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: Any = None,
                 loss_scale_factor: Any = None, gradient_accumulation_steps: Any = None,
                 name: str | None = None, exclude_layers: Any = None,
                 exclude_embeddings: bool = True, muon_a: float = 3.4445,
                 muon_b: float = -4.7750, muon_c: float = 2.0315, adam_lr_ratio: float = 1,
                 momentum: float = 0.95, ns_steps: int = 5, nesterov: bool = True,
                 rms_rate: float | None = 0.2, **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, **base_args(locals()))
        self.adam_beta_1 = adam_beta_1
        self.adam_beta_2 = adam_beta_2
        self.epsilon = epsilon
        self.muon_a, self.muon_b, self.muon_c = muon_a, muon_b, muon_c
        self.adam_lr_ratio = adam_lr_ratio
        self.momentum = momentum
        self.ns_steps = ns_steps
        self.nesterov = nesterov
        self.exclude_embeddings = exclude_embeddings
        self.exclude_layers = exclude_layers or []  # (a list is tracked, as in Keras 3)
        self.adam_weight_decay = adam_weight_decay
        self.rms_rate = rms_rate

    def _should_use_adamw(self, variable: Any) -> bool:
        if variable.shape.rank != 2:
            return True
        path = getattr(variable, "path", None) or _base_name(variable)
        if self.exclude_embeddings and "embedding" in path.lower():
            return True
        return any(re.search(keyword, path) for keyword in self.exclude_layers)

    def _build_more(self, variables: list) -> None:
        # one momentum per variable, then a velocity for AdamW's (None for Muon's)
        momentums, velocities = (self.__dict__.get(a) or self._empty_node(a, [])
                                 for a in ("momentums", "adam_velocities"))
        for var in variables:
            momentums.append(self.add_slot(var, "m"))
            velocities.append(self.add_slot(var, "v") if self._should_use_adamw(var) else None)

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        if self._should_use_adamw(variable):
            self._adamw_step(gradient, variable, learning_rate * self.adam_lr_ratio)
        else:
            self._muon_step(gradient, variable, learning_rate)

    def _muon_step(self, gradient: Any, variable: Any, lr: Any) -> None:
        mom = self.get_slot(variable, "m")
        mom.assign_add(gradient + mom._as_tensor() * (self.momentum - 1))
        g = gradient + self.momentum * mom._as_tensor() if self.nesterov else mom._as_tensor()
        update = lr * self.zeropower_via_newtonschulz5(g, self.ns_steps)
        variable.assign_sub(self.lr_adjust(update))

    def _adamw_step(self, gradient: Any, variable: Any, lr: Any) -> None:
        alpha = _adam_alpha(lr, *_beta_powers(self, variable.dtype, self.adam_beta_1,
                                              self.adam_beta_2))
        mom, vel = self.get_slot(variable, "m"), self.get_slot(variable, "v")
        _adam_moments(mom, vel, gradient, 1 - self.adam_beta_1, 1 - self.adam_beta_2)
        variable.assign_sub((mom._as_tensor() * alpha) / (m.sqrt(vel._as_tensor())
                                                          + self.epsilon))

    @staticmethod
    def transpose_last_axis(x: Any) -> Any:
        rank = len(x.shape)
        return A.transpose(x, list(range(rank - 2)) + [rank - 1, rank - 2])

    def lr_adjust(self, x: Any) -> Any:
        """Scales a Muon step to AdamW's RMS (Moonlight's rule); as it is without
        `rms_rate`."""
        if self.rms_rate is None:
            return x
        scale = m.sqrt(cast(max(x._shape[0], x._shape[1]), x.dtype))
        return x * scale * self.rms_rate

    def zeropower_via_newtonschulz5(self, x: Any, steps: int) -> Any:
        """`x` orthogonalized by `steps` quintic Newton-Schulz iterations (coefficients
        `muon_a`, `muon_b`, `muon_c`), after scaling its Frobenius norm to at most 1."""
        shape = tuple(x.shape)
        if len(shape) < 2:
            raise ValueError("Expected gradient or momentum to have at least 2 dimensions. "
                             f"Received: shape={shape}")
        a, b, c = self.muon_a, self.muon_b, self.muon_c
        tall = shape[-2] > shape[-1]
        if tall:
            x = self.transpose_last_axis(x)
        x = x / (m.sqrt(reduce_sum(m.square(x), axis=[-2, -1], keepdims=True)) + 1e-7)
        for _ in range(steps):
            gram = matmul(x, self.transpose_last_axis(x))
            poly = b * gram + matmul(c * gram, gram)
            x = a * x + matmul(poly, x)
        return self.transpose_last_axis(x) if tall else x

    def _apply_weight_decay(self, variables: list) -> None:
        # AdamW's variables decay by `adam_weight_decay`, Muon's by `weight_decay`
        for v in variables:
            if not self._use_weight_decay(v):
                continue
            decay = self.adam_weight_decay if self._should_use_adamw(v) else self.weight_decay
            if decay is None:
                continue
            x = v._as_tensor()
            v.assign(x - x * _c(decay, v.dtype) * self._lr(v.dtype))

    def get_config(self) -> dict:
        return dict(super().get_config(), adam_beta_1=self.adam_beta_1,
                    adam_beta_2=self.adam_beta_2, epsilon=self.epsilon,
                    exclude_layers=_plain(self.exclude_layers), muon_a=self.muon_a,
                    muon_b=self.muon_b, muon_c=self.muon_c, adam_lr_ratio=self.adam_lr_ratio,
                    momentum=self.momentum, ns_steps=self.ns_steps, nesterov=self.nesterov,
                    exclude_embeddings=self.exclude_embeddings,
                    adam_weight_decay=self.adam_weight_decay, rms_rate=self.rms_rate)


class ScheduleFreeAdamW(_Moments):
    """Schedule-free AdamW (Defazio et al., 2024): no learning-rate schedule; the weights
    interpolate between an Adam-style iterate (the momentum slot, which starts at the
    weights) and its running average."""

    _first_moment_init = "value"

    def __init__(self, learning_rate: Any = 0.0025, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-08, warmup_steps: int = 0,
                 weight_decay: float | None = None, clipnorm: float | None = None,
                 clipvalue: float | None = None, global_clipnorm: float | None = None,
                 use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: int | None = None,
                 loss_scale_factor: float | None = None,
                 gradient_accumulation_steps: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate, beta_1, beta_2, epsilon, **base_args(locals()))
        self.warmup_steps = warmup_steps

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        dtype = variable.dtype
        t = self._local_step(dtype)
        beta_1, beta_2 = _c(self.beta_1, dtype), _c(self.beta_2, dtype)
        lr = learning_rate
        if self.warmup_steps > 0:
            lr = lr * m.minimum(t / _c(self.warmup_steps, dtype), 1.0)
        mom, vel = self.get_slot(variable, "m"), self.get_slot(variable, "v")
        _second_moment(vel, gradient, 1 - beta_2)
        denom = m.sqrt(vel._as_tensor() / (1 - m.pow(beta_2, t))) + _c(self.epsilon, dtype)
        mom.assign_sub((lr * gradient) / denom)
        z = mom._as_tensor()
        weight = 1.0 / t
        # Keras 3 on TF means the momentum before this step here, but reads its variable
        # after the update above: the steps below are TF's, with the new momentum
        x_old = (variable._as_tensor() - (1 - beta_1) * z) / beta_1
        x_new = (1 - weight) * x_old + weight * z
        variable.assign((1 - beta_1) * z + beta_1 * x_new)

    def get_config(self) -> dict:
        return dict(super().get_config(), warmup_steps=self.warmup_steps)


def _plain(value: Any) -> Any:
    """A tracked list as the plain list Keras's configs hold."""
    return list(value) if isinstance(value, list) else value
