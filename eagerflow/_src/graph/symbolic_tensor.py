"""SymbolicTensor: an output of a graph's Operation, with a shape and a dtype but no value.

Graph layer, under ir.py (whose Operations make them). Asking a symbolic tensor for a
value (bool, iteration, int, NumPy) raises TF's errors; `eval` runs it in the default v1
Session, whose stack is kept here beside the tensors (function/session.py pushes it).
WeakSymbolicTensor is its weakly typed handle (TF's GraphWeakTensor).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    SYMBOLIC_BOOL_MSG,
    SYMBOLIC_ITER_MSG,
    OperatorNotAllowedInGraphError,
)
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, register_weak_class, weak_text
from eagerflow._src.graph.creation_stack import user_frame

if TYPE_CHECKING:
    from eagerflow._src.graph.ir import Graph, Operation


def _not_allowed(msg: str) -> OperatorNotAllowedInGraphError:
    err = OperatorNotAllowedInGraphError(msg)
    where = user_frame()
    if where is not None and hasattr(err, "add_note"):
        err.add_note(f"  The symbolic tensor was used here: {where}")
    return err


def bool_refused() -> OperatorNotAllowedInGraphError:
    """TF's error for a symbolic tensor's truth asked in Python (for library code that
    asks it of a tensor eagerflow does not build: Keras's lookup table size)."""
    return _not_allowed(SYMBOLIC_BOOL_MSG)


# The v1 Sessions made default (`with sess.as_default()`, InteractiveSession), innermost
# last: kept beside the graphs, as TF does, for a tensor's eval(); function/compat_v1.py
# defines Session.
_session_stack: list = []


def get_default_session() -> Any:
    return _session_stack[-1] if _session_stack else None


class SymbolicTensor(Tensor):
    """An output of an Operation in a Graph: a shape (dims may be None) and a dtype, no value."""

    __slots__ = ("_op", "_index", "_shape", "_dtype", "__weakref__")

    def __init__(self, op: Operation, index: int, shape: tuple | None, dtype: dt.DType) -> None:
        self._op = op
        self._index = index
        self._shape = None if shape is None else tuple(shape)
        self._dtype = dtype

    @property
    def op(self) -> Operation:
        return self._op

    @property
    def graph(self) -> Graph:
        return self._op.graph

    @property
    def value_index(self) -> int:
        return self._index

    @property
    def name(self) -> str:
        return f"{self._op.name}:{self._index}"

    @property
    def device(self) -> str:
        """Its operation's device name (TF's: "" where no scope named one)."""
        op = self._op
        return getattr(op, "_device", "") if op is not None else ""

    @property
    def ndim(self) -> int:
        if self._shape is None:
            raise ValueError("Cannot take the rank of a tensor with unknown rank.")
        return len(self._shape)

    @property
    def dtype(self) -> dt.DType:
        d = self._dtype
        return d._as_ref if self._op.op.ref_output else d  # (a TF 1 op's reference)

    def consumers(self) -> list:
        return [o for o in self._op.graph.operations if any(x is self for x in o.inputs)]

    def __hash__(self) -> int:
        # TF 1.x graph tensors are dict keys (feed_dict); inside functions, as eagerly, not
        # (unless tf.compat.v1.disable_tensor_equality made every tensor hashable).
        if Tensor._USE_EQUALITY and self._op.graph.building_function:
            raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")
        return id(self)

    def set_shape(self, shape: Any) -> None:
        merged = self.shape.merge_with(TensorShape(shape))
        self._shape = merged._dims

    def __repr__(self) -> str:
        # (TF's repr shows an unknown rank as "<unknown>"; its str leaves the shape out)
        shape = " shape=<unknown>" if self._shape is None else f" shape={self.shape}"
        return f"<tf.Tensor '{self.name}'{shape} dtype={self.dtype.name}>"

    def __str__(self) -> str:
        shape = "" if self._shape is None else f"shape={self.shape}, "
        return f'Tensor("{self.name}", {shape}dtype={self.dtype.name})'

    # A symbolic tensor has no value: bool(), int(), len(), iteration, NumPy and .numpy()
    # raise TF's errors, whoever calls them. Op wrappers that read an argument's value
    # while the graph is built (an axis, a size given as a tensor) ask for it
    # (ops/checks.py: known, which asks the graph's known_value), as TF's read theirs with
    # `constant_value`.

    def __bool__(self) -> bool:
        raise _not_allowed(SYMBOLIC_BOOL_MSG)

    def __iter__(self) -> Iterator:
        raise _not_allowed(SYMBOLIC_ITER_MSG)

    def __len__(self) -> int:
        raise TypeError(f"len is not well defined for a symbolic Tensor ({self.name}). Please "
                        "call `x.shape` rather than `len(x)` for shape information.")

    # TF's SymbolicTensor has none of these: Python's own TypeErrors (the base Tensor's
    # eager versions are overridden with them)
    def __index__(self) -> int:
        raise TypeError(f"'{type(self).__name__}' object cannot be interpreted as an integer")

    def __int__(self) -> int:
        raise TypeError("int() argument must be a string, a bytes-like object or a real "
                        f"number, not '{type(self).__name__}'")

    def __float__(self) -> float:
        raise TypeError("float() argument must be a string or a real number, not "
                        f"'{type(self).__name__}'")

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        raise NotImplementedError(
            f"Cannot convert a symbolic tf.Tensor ({self.name}) to a numpy array. This error may "
            "indicate that you're trying to pass a Tensor to a NumPy call, which is not supported.")

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def eval(self, feed_dict: dict | None = None, session: Any = None) -> Any:
        sess = session or get_default_session()
        if sess is None:
            raise ValueError("Cannot evaluate tensor using `eval()`: No default session is "
                             "registered. Use `with sess.as_default()` or pass an explicit "
                             "session to `eval(session=sess)`")
        return sess.run(self, feed_dict)


class WeakSymbolicTensor(SymbolicTensor):
    """A traced weakly typed tensor (TF's GraphWeakTensor, core/promotion.py): a handle on
    one of the graph's tensors that says it is weak. The graph itself holds only plain
    SymbolicTensors: `capture` takes a handle back to its tensor."""

    __slots__ = ()
    _weak = True

    def __repr__(self) -> str:
        return weak_text(SymbolicTensor.__repr__(self))

    def __str__(self) -> str:
        return weak_text(SymbolicTensor.__str__(self))


register_weak_class(SymbolicTensor, WeakSymbolicTensor, ("_op", "_index", "_shape", "_dtype"))
