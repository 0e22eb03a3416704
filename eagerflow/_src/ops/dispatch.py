"""bind(): the only way an op runs.

Eager: `infer` validates, the `kernel` computes, results are wrapped, and the op
is recorded on the active tapes only when some tape is active. While a graph is
being traced, the op is handed to that graph instead, which returns symbolic
outputs from `infer`. Nothing else happens on this path.
"""

from __future__ import annotations

import operator
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
    # The thread state's own dict: one thread-local lookup instead of one per attribute.
    st = _state.__dict__
    graph = st["graph"]
    if graph is not None:
        outputs = graph.add_op(op, inputs, attrs)
        if st["tapes"]:
            record(op, inputs, outputs, attrs)
        return outputs[0] if op.num_outputs == 1 else outputs
    try:
        # unrolled for the common arities: cheaper than a comprehension or map()
        n = len(inputs)
        if n == 2:
            arrays = (inputs[0]._arr, inputs[1]._arr)
        elif n == 1:
            arrays = (inputs[0]._arr,)
        else:
            arrays = tuple(map(_array_of, inputs))
    except AttributeError:
        raise TypeError(f"{op.name}: a symbolic tensor from a graph was passed to an eager op; "
                        "graph tensors can't be used outside the function that made them") \
            from None
    if attrs:
        specs = op.infer(*inputs, **attrs)
        out = op.kernel(st["xp"], *arrays, **attrs)
    else:
        specs = op.infer(*inputs)
        uf = op.ufunc
        if uf is not None and st["xp"] is np:  # the kernel is exactly this ufunc
            out = uf(*arrays)
        else:
            out = op.kernel(st["xp"], *arrays)
    if op.num_outputs == 1:
        if type(out) is not _ndarray:
            # (a bytes scalar, e.g. two strings added, stays an object array, not |S)
            out = np.asarray(out) if type(out) is not bytes else np.array(out, dtype=object)
        d = specs[0][1]
        if out.dtype is d._np:
            # EagerTensor.__init__ inlined: this is the hottest line of the eager path
            t = _new(EagerTensor)
            t._arr = out
            t._shape = out.shape
            t._dtype = d
            t._device = st["device"]
        else:  # a kernel that disagrees with its declared dtype keeps its own
            t = EagerTensor(out, None, st["device"])
        if st["tapes"]:
            record(op, inputs, (t,), attrs)
        return t
    dev = st["device"]
    outputs = tuple(_wrap(o, s[1], dev) for o, s in zip(out, specs))
    if st["tapes"]:
        record(op, inputs, outputs, attrs)
    return outputs


def _wrap(out: Any, d: Any, dev: str) -> EagerTensor:
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    return EagerTensor(out, d if out.dtype is d._np else None, dev)


_array_of = operator.attrgetter("_arr")
_ndarray = np.ndarray
_new = object.__new__


def record(op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> None:
    node = Node(op, inputs, outputs, attrs)
    for tape in st_tapes():
        tape._record(node)


def st_tapes() -> list:
    return list(_state.tapes)
