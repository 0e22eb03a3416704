"""bind(): the only way an op runs.

Eager: `infer` validates, the `kernel` computes, results are wrapped, and the op
is recorded on the active tapes only when some tape is active. While a graph is
being traced, the op is handed to that graph instead, which returns symbolic
outputs from `infer`. Nothing else happens on this path.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor


class Node:
    """One executed op: what tapes record and what gradient functions receive."""

    # `needs`: set by a tape right before it calls the op's gradient, one bool per input
    # (False: no gradient is wanted for it, so a gradient function may skip computing
    # it, as TF's skip_input_indices). None means "all inputs".
    __slots__ = ("op", "inputs", "outputs", "attrs", "needs")

    def __init__(self, op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> None:
        self.op = op
        self.inputs = inputs
        self.outputs = outputs
        self.attrs = attrs
        self.needs = None

    def __repr__(self) -> str:
        return f"Node({self.op.name})"


def bind(op: Any, inputs: tuple, attrs: dict) -> Any:
    """Runs `op` on `inputs` (tensors) with `attrs`; returns a tensor or a tuple of them."""
    st = _state
    if st.graph is not None:
        outputs = st.graph.add_op(op, inputs, attrs)
    else:
        op.infer(*inputs, **attrs)
        try:
            arrays = [t._arr for t in inputs]
        except AttributeError:
            raise TypeError(f"{op.name}: a symbolic tensor from a graph was passed to an eager op; "
                            "graph tensors can't be used outside the function that made them") \
                from None
        out = op.kernel(st.xp, *arrays, **attrs)
        dev = st.device
        if op.num_outputs == 1:
            if type(out) is not np.ndarray:
                out = np.asarray(out)
            outputs = (EagerTensor(out, None, dev),)
        else:
            outputs = tuple(EagerTensor(o if type(o) is np.ndarray else np.asarray(o), None, dev)
                            for o in out)
    if st.tapes:
        record(op, inputs, outputs, attrs)
    return outputs[0] if op.num_outputs == 1 else outputs


def record(op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> None:
    node = Node(op, inputs, outputs, attrs)
    for tape in st_tapes():
        tape._record(node)


def st_tapes() -> list:
    return list(_state.tapes)
