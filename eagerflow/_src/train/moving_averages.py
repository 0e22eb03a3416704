"""tf.train.ExponentialMovingAverage: shadow variables that follow variables' values.

Train layer (beside checkpoints, which save the shadow variables when a program tracks
them): each average is a non-trainable Variable named after its variable, moved by
`apply` as TF moves it, `average -= (average - value) * (1 - decay)`.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops.math import minimum
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.variables import Variable

_FLOATS = (dt.float16, dt.float32, dt.float64)


def _op_name(var: Variable) -> str:
    return var.name[:-2] if var.name.endswith(":0") else var.name


class ExponentialMovingAverage:
    """Moving averages of variables: `apply(vars)` moves each var's average toward its
    value by `1 - decay`; with `num_updates`, the decay is at most
    `(1 + num_updates) / (10 + num_updates)`, so early averages follow faster."""

    def __init__(self, decay: Any, num_updates: Any = None, zero_debias: bool = False,
                 name: str = "ExponentialMovingAverage") -> None:
        self._decay = decay
        self._num_updates = num_updates
        # TF debiases only the averages of tensors (which start at zero); averages of
        # variables start at the variable's value, and eager mode averages variables only
        self._zero_debias = zero_debias
        self._name = name
        self._averages: dict = {}

    @property
    def name(self) -> str:
        return self._name

    def _decay_tensor(self, dtype: dt.DType) -> Any:
        """1 - decay, as TF computes it: in Python when decay is a number, else in float32."""
        if self._num_updates is None:
            return cast(1.0 - self._decay, dtype)
        n = cast(self._num_updates, dt.float32)
        decay = minimum(cast(self._decay, dt.float32), (1.0 + n) / (10.0 + n))
        return cast(1.0 - decay, dtype)

    def apply(self, var_list: Any = None) -> None:
        """Creates the averages of `var_list`'s variables (at their values) the first time,
        and moves every average toward its variable's value."""
        var_list = list(var_list or [])
        for var in var_list:
            if not isinstance(var, Variable):
                raise TypeError("tf.train.ExponentialMovingAverage does not support "
                                "non-Variable tensors when eager execution is enabled.")
            if var.dtype.base_dtype not in _FLOATS:
                raise TypeError(f"The variables must be half, float, or double: {var.name}")
        for var in var_list:
            if var.ref() not in self._averages:
                self._averages[var.ref()] = Variable(
                    var.read_value(), trainable=False, dtype=var.dtype,
                    name=self.average_name(var))
        for var in var_list:
            average = self._averages[var.ref()]
            average.assign_sub((average - var.read_value()) * self._decay_tensor(var.dtype))

    def average(self, var: Any) -> Variable | None:
        """The average of `var`, or None before `apply` was given it."""
        return self._averages.get(var.ref())

    def average_name(self, var: Variable) -> str:
        """The name of `var`'s average: "<var's name>/<this object's name>"."""
        return f"{_op_name(var)}/{self._name}"

    def variables_to_restore(self, moving_avg_variables: Any = None) -> dict:
        """For restoring averages into the variables themselves: {average's name: var}."""
        refs = self._averages if moving_avg_variables is None else \
            [v.ref() for v in moving_avg_variables]
        return {self.average_name(ref.deref()): ref.deref() for ref in refs}
