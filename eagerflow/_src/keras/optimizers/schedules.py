"""tf.keras.optimizers.schedules: learning rates as functions of the step.

Sits above ops: every schedule computes with keras.ops and tensor operators on the (possibly
symbolic) step, so a schedule called inside tf.function becomes part of the traced graph.
As Keras 3's do, a schedule computes in the dtype its `initial_learning_rate` takes as a
tensor (float32 for a Python float, int32 for an int, float64 for a NumPy float64): its
other arguments and the step are cast to that dtype, so an int rate means int arithmetic
(pi becomes 3, a decay rate of 0.5 becomes 0), a `/` of two int32 tensors gives float64
(TF's true division) and an int32 tensor meeting a float one raises TF's error. The order of
the operations below is therefore part of the behaviour.
"""

from __future__ import annotations

import math
from typing import Any

from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.ops import core as kc
from eagerflow._src.keras.ops import numpy_array as ka
from eagerflow._src.keras.ops import numpy_math as km


def _rate_and_dtype(initial_learning_rate: Any) -> tuple[Any, Any]:
    """The rate as a tensor and its dtype, in which the whole schedule computes."""
    lr = kc.convert_to_tensor(initial_learning_rate)
    return lr, lr.dtype


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

    def _parts(self, step: Any) -> tuple[Any, Any, Any]:
        """The rate, decay rate (both in the rate's dtype) and `step / decay_steps` (TF's
        true division of the two cast to that dtype, so float64 for ints), floored when
        `staircase`."""
        lr, dtype = _rate_and_dtype(self.initial_learning_rate)
        rate = kc.cast(self.decay_rate, dtype)
        p = kc.cast(step, dtype) / kc.cast(self.decay_steps, dtype)
        return lr, rate, km.floor(p) if self.staircase else p

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
        lr, rate, p = self._parts(step)
        return km.multiply(lr, km.power(rate, p))


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
        x = kc.convert_to_tensor(step)
        bounds = [kc.cast(kc.convert_to_tensor(b), x.dtype) for b in self.boundaries]
        vals = [kc.convert_to_tensor(v) for v in self.values]
        d = vals[0].dtype
        out = ka.array(0, dtype=d)
        out += kc.cast(x <= bounds[0], d) * vals[0]
        out += kc.cast(x > bounds[-1], d) * vals[-1]
        for low, high, v in zip(bounds[:-1], bounds[1:], vals[1:-1]):
            out += kc.cast((x > low) & (x <= high), d) * v
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
        lr, dtype = _rate_and_dtype(self.initial_learning_rate)
        end, power = kc.cast(self.end_learning_rate, dtype), kc.cast(self.power, dtype)
        s, ds = kc.cast(step, dtype), kc.cast(self.decay_steps, dtype)
        if self.cycle:
            # The decay restarts every multiple of decay_steps (step 0 keeps the first
            # cycle); the multiplier divides by the Python decay_steps, as Keras's does.
            mult = ka.where(km.equal(s, 0), 1.0, km.ceil(s / self.decay_steps))
            ds = km.multiply(ds, mult)
        else:
            s = km.minimum(s, ds)
        p = km.divide(s, ds)
        return km.add(km.multiply(lr - end, km.power(1 - p, power)), end)

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
        lr, rate, p = self._parts(step)
        one = kc.cast(ka.array(1), lr.dtype)
        return km.divide(lr, km.add(one, km.multiply(rate, p)))


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

    def _decay(self, s: Any, decay_steps: Any, lr: Any, dtype: Any) -> Any:
        """`lr` times the cosine's fall over `s / decay_steps`, floored at alpha (pi in
        `dtype`, so 3 for an int rate)."""
        pi = ka.array(math.pi, dtype=dtype)
        cos = 0.5 * (1.0 + km.cos(km.multiply(pi, km.divide(s, decay_steps))))
        return km.multiply(lr, (1 - self.alpha) * cos + self.alpha)

    def __call__(self, step: Any) -> Any:
        lr, dtype = _rate_and_dtype(self.initial_learning_rate)
        ds, s = kc.cast(self.decay_steps, dtype), kc.cast(step, dtype)
        if self.warmup_target is None:
            return self._decay(km.minimum(s, ds), ds, lr, dtype)
        target, ws = kc.cast(self.warmup_target, dtype), kc.cast(self.warmup_steps, dtype)
        s = km.minimum(s, ds + ws)
        # Only the branch taken runs eagerly: an int rate fails in the warmup's line
        # (int32 times the float64 of `s / ws`) but not in the decay after it.
        return kc.cond(s < ws, lambda: (target - lr) * (s / ws) + lr,
                       lambda: self._decay(s - ws, ds, target, dtype))

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
        lr, dtype = _rate_and_dtype(self.initial_learning_rate)
        first = kc.cast(self.first_decay_steps, dtype)
        alpha, t_mul = kc.cast(self.alpha, dtype), kc.cast(self._t_mul, dtype)
        m_mul = kc.cast(self._m_mul, dtype)
        frac = kc.cast(step, dtype) / first

        def periodic() -> tuple[Any, Any]:
            i_restart = km.floor(frac)
            return i_restart, frac - i_restart

        def geometric() -> tuple[Any, Any]:
            # Restart i begins at (t_mul**i - 1) / (t_mul - 1) periods.
            log_arg = kc.cast(1.0 - frac * (1.0 - t_mul), dtype)
            i_restart = km.floor(km.log(log_arg) / km.log(t_mul))
            sum_r = km.divide(1.0 - km.power(t_mul, i_restart), 1.0 - t_mul)
            return i_restart, km.divide(km.subtract(frac, sum_r), km.power(t_mul, i_restart))

        # (lambdas, so that an error inside names them as Keras's does)
        i_restart, frac = kc.cond(km.equal(t_mul, 1.0), lambda: periodic(),
                                  lambda: geometric())
        pi = ka.array(math.pi, dtype=dtype)
        cos = 0.5 * km.power(m_mul, i_restart) * (1.0 + km.cos(km.multiply(pi, frac)))
        return km.multiply(lr, km.add(km.multiply(1 - alpha, cos), alpha))

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
