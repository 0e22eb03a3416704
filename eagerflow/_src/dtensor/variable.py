"""tf.experimental.dtensor.DVariable: a tf.Variable whose value is laid out over a mesh.

Above dtensor/tensor.py. The variable keeps the global value (ops/variables.py's array)
and the layout of its initial DTensor; each eager read is a DTensor with that layout, so
ops on it propagate layouts as on any DTensor, and writes keep the layout (TF relayouts
a written DTensor to the variable's). A regular tensor written to it is TF's error.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.dtensor import tensor as _dt
from eagerflow._src.ops.dispatch import Node
from eagerflow._src.ops.variables import READ, Variable


class DVariable(Variable):
    """A variable laid out over a mesh: `DVariable(initial DTensor, ...)`."""

    def __init__(self, initial_value: Any, *args: Any, dtype: Any = None, **kwargs: Any) -> None:
        if callable(initial_value):
            initial_value = initial_value()
        layout = getattr(initial_value, "_layout", None)
        if layout is None:
            raise InvalidArgumentError(None, None, "Neither layout nor DTensor initial value "
                                                   "are provided.")
        self._layout = layout
        super().__init__(initial_value, *args, dtype=dtype, **kwargs)

    @property
    def layout(self) -> Any:
        return self._layout

    def _as_tensor(self, dtype: Any = None) -> Any:
        st = _state.__dict__
        if st["graph"] is not None:
            return super()._as_tensor(dtype)
        if dtype is not None and dt.as_dtype(dtype) is not self._dtype:
            return super()._as_tensor(dtype)  # (its error)
        t = _dt.make(self._arr, self._dtype, self._layout)
        if st["tapes"]:  # the read recorded as Variable's own
            node = Node(READ, (self,), (t,), {})
            for tape in list(st["tapes"]):
                tape._on_variable_read(self)
                tape._record(node)
        return t

    def _coerce(self, value: Any, what: str) -> Any:
        _check_written(value, what)
        return super()._coerce(value, what)

    # dtensor.enable_save_as_bf16 sets it: a float32 value is checkpointed as bfloat16
    save_as_bf16 = False

    def _assign_restored(self, value: Any) -> Any:
        """A value read from a checkpoint, laid out as this variable (TF's DTensor
        restore reads each variable's value with its layout; a bfloat16 one saved for a
        float32 variable comes back as float32)."""
        value = _dt.convert_to_tensor(value)
        if value._dtype is dt.bfloat16 and self._dtype is dt.float32:
            value = _dt.EagerTensor(np.asarray(value._numpy()).astype(np.float32), dt.float32)
        return self.assign(_dt.copy_to_mesh(value, self._layout))

    def __repr__(self) -> str:
        t = self._as_tensor()
        return (f"<tf.Variable '{self.name}' shape={self.shape} dtype={self.dtype.name}, "
                f"value={_dt._value_text(t)}, layout=\"{self._layout.to_string()}\">")


_OPS = {"assign": "AssignVariableOp", "assign_add": "AssignAddVariableOp",
        "assign_sub": "AssignSubVariableOp"}


def _check_written(value: Any, what: str) -> None:
    if isinstance(value, _dt.DTensor) or _state.graph is not None:
        return
    op = type("Op", (), {"name": _OPS.get(what, "AssignVariableOp")})
    _dt._check_inputs(op, (None, _dt.convert_to_tensor(value)))
