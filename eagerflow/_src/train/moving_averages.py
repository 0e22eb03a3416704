"""tf.train.ExponentialMovingAverage: shadow variables that follow variables' values.

Train layer (beside checkpoints, which save the shadow variables when a program tracks
them): each average is a non-trainable Variable named after its variable, moved by
`apply` as TF moves it, `average -= (average - value) * (1 - decay)`. TF makes each average
in a variable scope of a unique name ("w/ExponentialMovingAverage", then "..._1"), counted
as tf.compat.v1.variable_scope counts (function/scope_counts.py).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.function import scope_counts
from eagerflow._src.ops.math import minimum
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.variables import Variable

_FLOATS = (dt.float16, dt.float32, dt.float64)


def _op_name(var: Variable) -> str:
    return var.name[:-2] if var.name.endswith(":0") else var.name


# TF's collection of the variables given averages (GraphKeys.MOVING_AVERAGE_VARIABLES)
_MOVING = "moving_average_variables"


def _unique_scope(base: str) -> str:
    """`base`, or `base_<n>` when a scope of that name was opened already, as TF's
    variable_scope(None, default_name=base) names it; the name is counted as opened."""
    table = scope_counts.counts()
    name = scope_counts.unique_scope(table, "", base)
    scope_counts.open_scope(table, name)
    return name


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
                # (a name ending in "/" is absolute: TF's scope ignores the name scopes)
                self._averages[var.ref()] = Variable(
                    var.read_value(), trainable=False, dtype=var.dtype,
                    name=_unique_scope(self.average_name(var)) + "/")
                scope_counts.store_graph().add_to_collection(_MOVING, var)
        for var in var_list:
            average = self._averages[var.ref()]
            average.assign_sub((average - var.read_value()) * self._decay_tensor(var.dtype))

    def average(self, var: Any) -> Variable | None:
        """The average of `var`, or None before `apply` was given it."""
        return self._averages.get(var.ref())

    def average_name(self, var: Variable) -> str:
        """The name of `var`'s average: once made, its own; before, "<var's name>/<this
        object's name>"."""
        if var.ref() in self._averages:
            return _op_name(self._averages[var.ref()])
        return f"{_op_name(var)}/{self._name}"

    def variables_to_restore(self, moving_avg_variables: Any = None) -> dict:
        """For restoring averages into the variables themselves: {average's name: var}
        for `moving_avg_variables` (by default the graph's trainable variables and those
        any averager was applied to), and {name: var} for the graph's other variables."""
        g = scope_counts.store_graph()
        if moving_avg_variables is None:
            moving_avg_variables = (g.get_collection("trainable_variables")
                                    + g.get_collection(_MOVING))
        refs = dict.fromkeys(v.ref() for v in moving_avg_variables)
        out = {self.average_name(ref.deref()): ref.deref() for ref in refs}
        averaged = {ref.deref().name for ref in refs}
        for var in g.get_collection("variables"):
            if var.name not in averaged and _op_name(var) not in out:
                out[_op_name(var)] = var
        return out
