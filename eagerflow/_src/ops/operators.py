"""Python operators on tensors and variables, all expressed with the public ops.

Sits at the top of ops/. Installed once on `Tensor` (so eager and symbolic tensors share
them) and on `Variable` (which converts itself with `_as_tensor`), together with the
rest of core's Tensor protocol that is made of ops: iteration (Unpack) and the packing
of nested lists holding tensors (Pack).
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor, install_list_packing
from eagerflow._src.ops import dispatch
from eagerflow._src.ops import math as m
from eagerflow._src.ops.linalg import matmul_operator
from eagerflow._src.ops.slicing import getitem
from eagerflow._src.ops.stacking import pack, stack_nested, unstack
from eagerflow._src.ops.variables import Variable


def _logical_or_bitwise(logical: Callable, bitwise: Callable, node: str) -> Callable:
    def op(x: Any, y: Any) -> Any:
        x, y = m.binary_args(x, y)
        return logical(x, y, node) if x._dtype is dt.bool else bitwise(x, y, node)
    return op


def _invert(x: Any) -> Any:
    x = convert_to_tensor(x)
    return m.logical_not(x) if x._dtype is dt.bool else m.invert(x)


def _eq(x: Any, y: Any) -> Any:
    if y is None:
        return False
    x, y = m.binary_args(x, y)
    try:
        return m.equal(x, y)
    except InvalidArgumentError as e:  # TF answers False for shapes that don't broadcast
        if "Incompatible shapes" in str(e):
            return convert_to_tensor(False)
        raise


def _ne(x: Any, y: Any) -> Any:
    if y is None:
        return True
    x, y = m.binary_args(x, y)
    try:
        return m.not_equal(x, y)
    except InvalidArgumentError as e:
        if "Incompatible shapes" in str(e):
            return convert_to_tensor(True)
        raise


_and = _logical_or_bitwise(m.logical_and, m.bitwise_and, "and")
_or = _logical_or_bitwise(m.logical_or, m.bitwise_or, "or")
_xor = _logical_or_bitwise(m.logical_xor, m.bitwise_xor, "xor")


def _swap(f: Callable) -> Callable:
    """The reflected operator `other (op) self`: `other` must fit self's dtype (a
    TypeError otherwise, even for `+`, as in TF)."""
    def r(self: Any, other: Any) -> Any:
        a, b = m.binary_args(other, self)
        return f(a, b)
    return r


def _named(op: Any, node: str, convert: Callable = m.binary_args) -> Callable:
    """The operator's own function of `op`: the same as the public one, but its traced
    node is named as TF names the operator's ("add" for x + y, where tf.add makes "Add")."""
    return dispatch.binary(op, convert, node=node)


_BINARY = {
    "add": _named(m.ADD, "add", m.binary_args_hint), "sub": _named(m.SUB, "sub"),
    "mul": _named(m.MUL, "mul"), "truediv": m.truediv, "floordiv": m.floordiv,
    "mod": _named(m.FLOORMOD, "mod"), "pow": _named(m.POW, "pow"), "matmul": matmul_operator,
    "and": _and, "or": _or, "xor": _xor,
}


def install(cls: type) -> None:
    for name, f in _BINARY.items():
        setattr(cls, f"__{name}__", f)  # f(x, y, ...) doubles as the method: one frame less
        setattr(cls, f"__r{name}__", _swap(f))
    cls.__neg__ = m.negative  # f(x, name=None) doubles as the method, as above
    cls.__pos__ = lambda self: self
    cls.__abs__ = lambda self: m.abs(self)
    cls.__invert__ = lambda self: _invert(self)
    cls.__lt__ = lambda self, other: m.less(self, other)
    cls.__le__ = lambda self, other: m.less_equal(self, other)
    cls.__gt__ = lambda self, other: m.greater(self, other)
    cls.__ge__ = lambda self, other: m.greater_equal(self, other)
    cls.__eq__ = lambda self, other: _eq(self, other)
    cls.__ne__ = lambda self, other: _ne(self, other)
    cls.__getitem__ = lambda self, key: getitem(self, key)


def _iter(self: EagerTensor) -> Any:
    if not self._shape:
        raise TypeError("Cannot iterate over a scalar tensor.")
    return iter(unstack(self))


install(Tensor)
install(Variable)
EagerTensor.__iter__ = _iter
install_list_packing(stack_nested, pack)
