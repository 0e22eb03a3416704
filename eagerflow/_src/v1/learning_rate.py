"""TF 1's learning-rate decays (`tf.compat.v1.train.exponential_decay`, ...).

Sits in v1/, over the math ops. Each is TF's schedule of the global step, computed in
the learning rate's dtype in TF's order of operations. In a graph it returns the decayed
rate as a tensor of the step (so it follows the step as training runs); eagerly, as
TF 2's, a function of no arguments that reads the step when called.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops.math import ceil, cos, equal, exp, floor, log, minimum, sqrt
from eagerflow._src.ops.math import pow as pow_
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.random import normal


def _schedule(fn: Callable, global_step: Any, what: str) -> Any:
    if _state.graph is None:
        return functools.partial(fn, global_step)
    return fn(global_step)


def _step(step: Any, dtype: Any) -> Any:
    if step is None:
        raise ValueError("None values not supported.")  # (TF's conversion of None)
    return cast(convert_to_tensor(step), dtype)


def exponential_decay(learning_rate: Any, global_step: Any, decay_steps: Any,
                      decay_rate: Any, staircase: bool = False, name: str | None = None) -> Any:
    """learning_rate * decay_rate ^ (global_step / decay_steps) (the exponent floored
    when `staircase`)."""
    def fn(step: Any) -> Any:
        lr = convert_to_tensor(learning_rate)
        p = _step(step, lr.dtype) / cast(decay_steps, lr.dtype)
        if staircase:
            p = floor(p)
        return lr * pow_(cast(decay_rate, lr.dtype), p)
    return _schedule(fn, global_step, "exponential_decay")


def natural_exp_decay(learning_rate: Any, global_step: Any, decay_steps: Any,
                      decay_rate: Any, staircase: bool = False, name: str | None = None) -> Any:
    """learning_rate * exp(-decay_rate * global_step / decay_steps)."""
    def fn(step: Any) -> Any:
        lr = convert_to_tensor(learning_rate)
        rate = exp(-cast(decay_rate, lr.dtype))
        p = _step(step, lr.dtype) / cast(decay_steps, lr.dtype)
        if staircase:
            p = floor(p)
        return lr * pow_(rate, p)
    return _schedule(fn, global_step, "natural_exp_decay")


def inverse_time_decay(learning_rate: Any, global_step: Any, decay_steps: Any,
                       decay_rate: Any, staircase: bool = False, name: str | None = None) -> Any:
    """learning_rate / (1 + decay_rate * global_step / decay_steps)."""
    def fn(step: Any) -> Any:
        lr = convert_to_tensor(learning_rate)
        p = _step(step, lr.dtype) / cast(decay_steps, lr.dtype)
        if staircase:
            p = floor(p)
        return lr / (1.0 + cast(decay_rate, lr.dtype) * p)
    return _schedule(fn, global_step, "inverse_time_decay")


def polynomial_decay(learning_rate: Any, global_step: Any, decay_steps: Any,
                     end_learning_rate: float = 0.0001, power: float = 1.0, cycle: bool = False,
                     name: str | None = None) -> Any:
    """From learning_rate to end_learning_rate along (1 - step / decay_steps) ^ power; with
    `cycle`, decay_steps grows to the next multiple of itself past the step."""
    def fn(step: Any) -> Any:
        lr = convert_to_tensor(learning_rate)
        d = lr.dtype
        end, p_ = cast(end_learning_rate, d), cast(power, d)
        s = _step(step, d)
        steps = cast(decay_steps, d)
        if cycle:
            mult = where(equal(s, 0), cast(1.0, d), ceil(s / decay_steps))
            steps = steps * mult
        else:
            s = minimum(s, steps)
        p = s / steps
        return (lr - end) * pow_(1 - p, p_) + end
    return _schedule(fn, global_step, "polynomial_decay")


def piecewise_constant(x: Any, boundaries: Any, values: Any, name: str | None = None) -> Any:
    """values[0] up to boundaries[0], values[i] after boundaries[i - 1] up to boundaries[i],
    values[-1] past the last boundary."""
    if len(values) != len(boundaries) + 1:
        raise ValueError("The length of boundaries should be 1 less than the length of values")

    def fn(step: Any) -> Any:
        s = convert_to_tensor(step)
        vals = [convert_to_tensor(v) for v in values]
        out = vals[-1]
        for b, v in zip(reversed(boundaries), reversed(vals[:-1])):
            out = where(s <= cast(b, s.dtype), v, out)
        return out
    if _state.graph is None:
        return functools.partial(fn, x)
    return fn(x)


def cosine_decay(learning_rate: Any, global_step: Any, decay_steps: Any, alpha: float = 0.0,
                 name: str | None = None) -> Any:
    """learning_rate * ((1 - alpha) * (1 + cos(pi * step / decay_steps)) / 2 + alpha)."""
    def fn(step: Any) -> Any:
        lr = convert_to_tensor(learning_rate)
        d = lr.dtype
        steps = cast(decay_steps, d)
        done = minimum(_step(step, d), steps) / steps
        cosine = 0.5 * (1.0 + cos(cast(math.pi, d) * done))
        return lr * ((1 - alpha) * cosine + alpha)
    return _schedule(fn, global_step, "cosine decay")


def cosine_decay_restarts(learning_rate: Any, global_step: Any, first_decay_steps: Any,
                          t_mul: float = 2.0, m_mul: float = 1.0, alpha: float = 0.0,
                          name: str | None = None) -> Any:
    """Cosine decay restarted after first_decay_steps, each period t_mul times longer and
    m_mul times lower (SGDR)."""
    def fn(step: Any) -> Any:
        lr = convert_to_tensor(learning_rate)
        d = lr.dtype
        frac = _step(step, d) / cast(first_decay_steps, d)
        if t_mul == 1.0:
            restart = floor(frac)
            frac = frac - restart
        else:
            tm = cast(t_mul, d)
            restart = floor(log(1.0 - frac * (1.0 - tm)) / log(tm))
            sum_r = (1.0 - pow_(tm, restart)) / (1.0 - tm)
            frac = (frac - sum_r) / pow_(tm, restart)
        m_fac = pow_(cast(m_mul, d), restart)
        cosine = 0.5 * m_fac * (1.0 + cos(cast(math.pi, d) * frac))
        return lr * ((1 - alpha) * cosine + alpha)
    return _schedule(fn, global_step, "cosine decay restarts")


def linear_cosine_decay(learning_rate: Any, global_step: Any, decay_steps: Any,
                        num_periods: float = 0.5, alpha: float = 0.0, beta: float = 0.001,
                        name: str | None = None) -> Any:
    """learning_rate * ((alpha + linear) * cosine + beta), linear falling from 1 to 0."""
    return _linear_cosine(learning_rate, global_step, decay_steps, num_periods, alpha, beta,
                          None, "linear cosine decay")


def noisy_linear_cosine_decay(learning_rate: Any, global_step: Any, decay_steps: Any,
                              initial_variance: float = 1.0, variance_decay: float = 0.55,
                              num_periods: float = 0.5, alpha: float = 0.0, beta: float = 0.001,
                              name: str | None = None) -> Any:
    """linear_cosine_decay with normal noise of variance
    initial_variance / (1 + step) ^ variance_decay added to its linear part (a new draw
    each call)."""
    return _linear_cosine(learning_rate, global_step, decay_steps, num_periods, alpha, beta,
                          (initial_variance, variance_decay), "noisy linear cosine decay")


def _linear_cosine(learning_rate: Any, global_step: Any, decay_steps: Any, num_periods: float,
                   alpha: float, beta: float, noise: tuple | None, what: str) -> Any:
    def fn(step: Any) -> Any:
        lr = convert_to_tensor(learning_rate)
        d = lr.dtype
        steps = cast(decay_steps, d)
        if step is None:  # (TF's schedule casts it: a conversion's words, not _step's)
            raise ValueError("Attempt to convert a value (None) with an unsupported type "
                             "(<class 'NoneType'>) to a Tensor.")
        s = minimum(_step(step, d), steps)
        linear = (steps - s) / steps
        if noise is not None:
            variance = cast(noise[0], d) / pow_(1.0 + s, cast(noise[1], d))
            # (TF draws float32 noise: a float64 rate fails its conversion of the stddev)
            linear = linear + normal(linear.shape, stddev=sqrt(variance))
        frac = 2.0 * num_periods * (s / steps)
        cosine = 0.5 * (1.0 + cos(cast(math.pi, d) * frac))
        return lr * ((alpha + linear) * cosine + beta)
    return _schedule(fn, global_step, what)
