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
from eagerflow._src.ops import math as m
from eagerflow._src.ops.linalg import plain_matmul
from eagerflow._src.ops.slicing import getitem
from eagerflow._src.ops.stacking import pack, stack_nested, unstack
from eagerflow._src.ops.variables import Variable


def _logical_or_bitwise(logical: Callable, bitwise: Callable) -> Callable:
    def op(x: Any, y: Any) -> Any:
        x, y = m.binary_args(x, y)
        return logical(x, y) if x._dtype is dt.bool else bitwise(x, y)
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


_and = _logical_or_bitwise(m.logical_and, m.bitwise_and)
_or = _logical_or_bitwise(m.logical_or, m.bitwise_or)
_xor = _logical_or_bitwise(m.logical_xor, m.bitwise_xor)


def _swap(f: Callable) -> Callable:
    """The reflected operator `other (op) self`: `other` must fit self's dtype (a
    TypeError otherwise, even for `+`, as in TF)."""
    def r(self: Any, other: Any) -> Any:
        a, b = m.binary_args(other, self)
        return f(a, b)
    return r


_BINARY = {
    "add": m.add, "sub": m.subtract, "mul": m.multiply, "truediv": m.truediv,
    "floordiv": m.floordiv, "mod": m.floormod, "pow": m.pow, "matmul": plain_matmul,
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
