"""tf.keras.optimizers.schedules: learning rates as functions of the step.

Sits above ops: every schedule computes with public ops on the (possibly symbolic)
step, so a schedule called inside tf.function becomes part of the traced graph.
"""

from __future__ import annotations

import math
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import serialization as ser
from eagerflow._src.ops import math as m
from eagerflow._src.ops.math_base import cast, where


def _f(x: Any, dtype: Any = dt.float32) -> Any:
    t = convert_to_tensor(x)
    return t if t._dtype is dtype else cast(t, dtype)


class LearningRateSchedule:
    """Base class: `schedule(step)` returns the learning rate for that step."""

    def __call__(self, step: Any) -> Any:
        raise NotImplementedError(f"Learning rate schedule '{self.__class__.__name__}' must "
                                  "override `__call__(self, step)`.")

    def get_config(self) -> dict:
        raise NotImplementedError(f"Learning rate schedule '{self.__class__.__name__}' must "
                                  "override `get_config()` in order to be serializable.")

    @classmethod
    def from_config(cls, config: dict) -> LearningRateSchedule:
        return cls(**config)


def _check_steps(value: Any, arg: str = "decay_steps") -> None:
    """Keras 3's check (in each decaying schedule's constructor) of its period."""
    if value <= 0:
        raise ValueError(f"Argument `{arg}` must be > 0. Received: {arg}={value}")


class _RateDecay(LearningRateSchedule):
    """The attributes and config shared by the schedules that decay `initial_learning_rate`
    by `decay_rate` per `decay_steps` (ExponentialDecay, InverseTimeDecay)."""

    def __init__(self, initial_learning_rate: Any, decay_steps: Any, decay_rate: Any,
                 staircase: bool, name: str) -> None:
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def _periods(self, step: Any) -> Any:
        """`step / decay_steps` in float32, floored when `staircase`."""
        p = _f(step) / _f(self.decay_steps)
        return m.floor(p) if self.staircase else p

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "decay_rate": self.decay_rate,
                "staircase": self.staircase, "name": self.name}


class ExponentialDecay(_RateDecay):
    """`initial_learning_rate * decay_rate ** (step / decay_steps)` (floored if staircase)."""

    def __init__(self, initial_learning_rate: Any, decay_steps: Any, decay_rate: Any,
                 staircase: bool = False, name: str = "ExponentialDecay") -> None:
        _check_steps(decay_steps)
        super().__init__(initial_learning_rate, decay_steps, decay_rate, staircase, name)

    def __call__(self, step: Any) -> Any:
        lr = _f(self.initial_learning_rate)
        return lr * m.pow(_f(self.decay_rate), self._periods(step))


class PiecewiseConstantDecay(LearningRateSchedule):
    """`values[i]` while `boundaries[i-1] < step <= boundaries[i]`."""

    def __init__(self, boundaries: list, values: list, name: str = "PiecewiseConstant") -> None:
        if len(boundaries) != len(values) - 1:
            raise ValueError("The length of boundaries should be 1 less than the length of "
                             f"values. Received: boundaries={boundaries} of length "
                             f"{len(boundaries)}, and values={values} of length {len(values)}.")
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step: Any) -> Any:
        # Keras's sum of each interval's value times whether the step is in it (cast to the
        # first value's dtype): unsorted boundaries add values up, and values of another
        # dtype than the first are refused by the multiplication (TF's Mul error)
        x = convert_to_tensor(step)
        bounds = [cast(convert_to_tensor(b), x._dtype) for b in self.boundaries]
        vals = [convert_to_tensor(v) for v in self.values]
        d = vals[0]._dtype
        out = convert_to_tensor(0, d)
        out += cast(x <= bounds[0], d) * vals[0]
        out += cast(x > bounds[-1], d) * vals[-1]
        for low, high, v in zip(bounds[:-1], bounds[1:], vals[1:-1]):
            out += cast((x > low) & (x <= high), d) * v
        return out

    def get_config(self) -> dict:
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    """Polynomial decay from `initial_learning_rate` to `end_learning_rate` over decay_steps."""

    def __init__(self, initial_learning_rate: Any, decay_steps: Any,
                 end_learning_rate: Any = 0.0001, power: Any = 1.0, cycle: bool = False,
                 name: str = "PolynomialDecay") -> None:
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name
        _check_steps(decay_steps)

    def __call__(self, step: Any) -> Any:
        lr0, end = _f(self.initial_learning_rate), _f(self.end_learning_rate)
        s = _f(step)
        ds = _f(self.decay_steps)
        if self.cycle:
            # The decay restarts every multiple of decay_steps (step 0 keeps the first cycle).
            mult = where(m.equal(s, 0.0), _f(1.0), m.ceil(s / ds))
            ds = ds * mult
        else:
            s = m.minimum(s, ds)
        frac = (_f(1.0) - s / ds)
        return (lr0 - end) * m.pow(frac, _f(self.power)) + end

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "end_learning_rate": self.end_learning_rate,
                "power": self.power, "cycle": self.cycle, "name": self.name}


class InverseTimeDecay(_RateDecay):
    """`initial_learning_rate / (1 + decay_rate * step / decay_steps)`."""

    def __init__(self, initial_learning_rate: Any, decay_steps: Any, decay_rate: Any,
                 staircase: bool = False, name: str = "InverseTimeDecay") -> None:
        _check_steps(decay_steps)
        super().__init__(initial_learning_rate, decay_steps, decay_rate, staircase, name)

    def __call__(self, step: Any) -> Any:
        p = self._periods(step)
        return _f(self.initial_learning_rate) / (_f(1.0) + _f(self.decay_rate) * p)


class CosineDecay(LearningRateSchedule):
    """Cosine decay to `alpha * initial_learning_rate`, after an optional linear warmup."""

    def __init__(self, initial_learning_rate: Any, decay_steps: Any, alpha: Any = 0.0,
                 name: str = "CosineDecay", warmup_target: Any = None,
                 warmup_steps: Any = 0) -> None:
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_target = warmup_target
        self.warmup_steps = warmup_steps
        _check_steps(decay_steps)

    def _decay(self, s: Any, lr: Any) -> Any:
        frac = m.minimum(s, _f(self.decay_steps)) / _f(self.decay_steps)
        cos = _f(0.5) * (_f(1.0) + m.cos(_f(math.pi) * frac))
        return lr * ((_f(1.0) - _f(self.alpha)) * cos + _f(self.alpha))

    def __call__(self, step: Any) -> Any:
        s = _f(step)
        lr0 = _f(self.initial_learning_rate)
        if self.warmup_target is None:
            return self._decay(s, lr0)
        target, ws = _f(self.warmup_target), _f(self.warmup_steps)
        warm = lr0 + (target - lr0) * (s / m.maximum(ws, _f(1.0)))
        return where(s < ws, warm, self._decay(m.maximum(s - ws, _f(0.0)), target))

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "alpha": self.alpha, "name": self.name,
                "warmup_target": self.warmup_target, "warmup_steps": self.warmup_steps}


class CosineDecayRestarts(LearningRateSchedule):
    """SGDR: cosine decay that restarts, each period `t_mul` times longer, `m_mul` lower."""

    def __init__(self, initial_learning_rate: Any, first_decay_steps: Any, t_mul: float = 2.0,
                 m_mul: float = 1.0, alpha: float = 0.0, name: str = "SGDRDecay") -> None:
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul = t_mul
        self._m_mul = m_mul
        self.alpha = alpha
        self.name = name
        _check_steps(first_decay_steps, "first_decay_steps")

    def __call__(self, step: Any) -> Any:
        lr0 = _f(self.initial_learning_rate)
        frac = _f(step) / _f(self.first_decay_steps)
        t_mul, m_mul, alpha = _f(self._t_mul), _f(self._m_mul), _f(self.alpha)
        if self._t_mul == 1.0:
            i_restart = m.floor(frac)
            frac = frac - i_restart
        else:
            # Restart i begins at (t_mul**i - 1) / (t_mul - 1) periods.
            i_restart = m.floor(m.log(_f(1.0) - frac * (_f(1.0) - t_mul)) / m.log(t_mul))
            sum_r = (_f(1.0) - m.pow(t_mul, i_restart)) / (_f(1.0) - t_mul)
            frac = (frac - sum_r) / m.pow(t_mul, i_restart)
        m_fac = m.pow(m_mul, i_restart)
        cos = _f(0.5) * m_fac * (_f(1.0) + m.cos(_f(math.pi) * frac))
        return lr0 * ((_f(1.0) - alpha) * cos + alpha)

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate,
                "first_decay_steps": self.first_decay_steps, "t_mul": self._t_mul,
                "m_mul": self._m_mul, "alpha": self.alpha, "name": self.name}


_ALL = {c.__name__: c for c in (ExponentialDecay, PiecewiseConstantDecay, PolynomialDecay,
                                InverseTimeDecay, CosineDecay, CosineDecayRestarts)}


def serialize(learning_rate_schedule: LearningRateSchedule) -> dict:
    return ser.serialize_keras_object(learning_rate_schedule)


def deserialize(config: dict, custom_objects: dict | None = None) -> LearningRateSchedule:
    return ser.deserialize_keras_object(config, module_objects=_ALL,
                                        custom_objects=custom_objects)
