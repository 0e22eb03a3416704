"""Python operators on tensors and variables, all expressed with the public ops.

Sits at the top of ops/. Installed once on `Tensor` (so eager and symbolic tensors share
them) and on `Variable` (which converts itself with `_as_tensor`), together with the
rest of core's Tensor protocol that is made of ops: iteration (Unpack) and the packing
of nested lists holding tensors (Pack).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    SYMBOLIC_ITER_MSG,
    InvalidArgumentError,
    OperatorNotAllowedInGraphError,
)
from eagerflow._src.core.py_conversion import install_list_packing
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import dispatch
from eagerflow._src.ops import math as m
from eagerflow._src.ops.bitwise import (
    BITWISE_AND,
    BITWISE_OR,
    BITWISE_XOR,
    bitwise_and,
    bitwise_or,
    bitwise_xor,
    invert,
)
from eagerflow._src.ops.graph_conversion_errors import conversion_error, first_misfit
from eagerflow._src.ops.linalg import matmul_operator
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.slice_update import variable_getitem
from eagerflow._src.ops.slicing import getitem
from eagerflow._src.ops.sparse_operators import install as install_sparse
from eagerflow._src.ops.stacking import pack, stack_nested, unstack
from eagerflow._src.ops.variables import Variable


def _args(op: Any, x: Any, y: Any) -> tuple:
    """binary_args, a failed conversion worded as TF's graph builder words it while tracing
    (`op`'s, or `op(x)`'s where it depends on x)."""
    try:
        return m.binary_args(x, y)
    except (TypeError, ValueError) as e:
        err = conversion_error(op(x) if callable(op) else op, x, y, None, e)
        if err is e:
            raise
        raise err from None


def _logical_or_bitwise(logical: Callable, bitwise: Callable, node: str, ops: tuple
                        ) -> Callable:
    def which(x: Any) -> Any:
        return ops[0] if getattr(x, "_dtype", None) is dt.bool else ops[1]

    def op(x: Any, y: Any) -> Any:
        x, y = _args(which, x, y)
        name = node if _state.graph is not None else None  # (eagerly: the error's, none)
        return logical(x, y, name) if x._dtype is dt.bool else bitwise(x, y, name)
    return op


def _invert(x: Any) -> Any:
    x = convert_to_tensor(x)
    return m.logical_not(x) if x._dtype is dt.bool else invert(x)


def _legacy_equality(x: Any) -> bool:
    """Whether `==` compares by identity, as TF 1's: tensor equality disabled, or the
    outermost context (outside the functions being traced) a TF 1 graph, or `x` a TF 1
    graph's tensor (TF's tensor_equals)."""
    if not Tensor._USE_EQUALITY:
        return True
    g = _state.graph
    while g is not None and g.building_function:
        g = g.parent
    if g is not None:
        return True
    op = getattr(x, "_op", None)
    return op is not None and not op.graph.building_function


def _compared(fn: Callable, op: Any, x: Any, y: Any, unequal: bool) -> Any:
    """`==` / `!=` as TF 2's: its Equal / NotEqual with incompatible_shape_error=False,
    so shapes that don't broadcast compare unequal, one bool. In a graph that is TF's node,
    whose kernel decides it when the graph runs (dims unknown while tracing); eagerly the
    plain op, whose shape error gives the bool."""
    if _state.graph is not None:
        return dispatch.bind(op, (x, y), {"incompatible_shape_error": False})
    try:
        return fn(x, y)
    except InvalidArgumentError as e:
        if "Incompatible shapes" in str(e):
            return convert_to_tensor(unequal)
        raise


def _eq(x: Any, y: Any) -> Any:
    if y is None:
        return False
    if _legacy_equality(x):
        return x is y
    if isinstance(y, CompositeTensor):
        return NotImplemented  # y's own `==` (a RaggedTensor's: elementwise)
    x, y = _args(m.EQUAL, x, y)
    return _compared(m.equal, m.EQUAL, x, y, False)


def _ne(x: Any, y: Any) -> Any:
    if y is None:
        return True
    if _legacy_equality(x):
        return x is not y
    if isinstance(y, CompositeTensor):
        return NotImplemented
    x, y = _args(m.NOT_EQUAL, x, y)
    return _compared(m.not_equal, m.NOT_EQUAL, x, y, True)


_and = _logical_or_bitwise(m.logical_and, bitwise_and, "and", (m.LOGICAL_AND, BITWISE_AND))
_or = _logical_or_bitwise(m.logical_or, bitwise_or, "or", (m.LOGICAL_OR, BITWISE_OR))
# (TF's logical xor is (x | y) & ~(x & y): a failed conversion is LogicalOr's)
_xor = _logical_or_bitwise(m.logical_xor, bitwise_xor, "xor", (m.LOGICAL_OR, BITWISE_XOR))


def _bool_mul(x: Any, y: Any, name: str | None, error: Exception) -> Any:
    """TF's `*` where a bool tensor is either operand (its op, Mul, has no bool kernel):
    both operands cast to int32, multiplied, the product cast back to bool, so a float
    operand is truncated first (`[True] * 0.5` is False). A variable on the left is read
    first; on the right it is not a tensor to TF, so `int_tensor * bool_variable` raises.
    The other calls that raised raise as they did."""
    if isinstance(x, Variable):
        x = x._as_tensor()
    if not any(isinstance(t, Tensor) and t._dtype is dt.bool for t in (x, y)):
        raise conversion_error(m.MUL, x, y, None, error) from None
    if y is None and not isinstance(x, EagerTensor):  # (traced, TF's Cast words it so)
        raise ValueError("Tried to convert 'x' to a tensor and failed. Error: None values not "
                         "supported.")
    product = m.multiply(cast(x, dt.int32), cast(y, dt.int32), name or "mul")
    return cast(product, dt.bool)


def _mul_args(x: Any, y: Any) -> tuple:
    """binary_args, except that a value is not converted to a bool tensor's dtype: TF's
    `bool_tensor * value` casts the value to int32 instead (_bool_mul)."""
    for t, other in ((x, y), (y, x)):
        if isinstance(t, Tensor) and t._dtype is dt.bool and not isinstance(other, Tensor):
            raise TypeError("a bool tensor's product")  # (_bool_mul answers it)
    return m.binary_args(x, y)


def _pos(x: Any) -> Any:
    """TF's tensors and variables have no unary plus: Python's TypeError, named as TF's."""
    kind = ("tensorflow.python.framework.ops.EagerTensor" if isinstance(x, EagerTensor) else
            "ResourceVariable" if isinstance(x, Variable) else "SymbolicTensor")
    raise TypeError(f"bad operand type for unary +: '{kind}'")


def _swap(f: Callable) -> Callable:
    """The reflected operator `other (op) self`: `other` must fit self's dtype (a
    TypeError otherwise, even for `+`, as in TF)."""
    def r(self: Any, other: Any) -> Any:
        try:
            a, b = m.binary_args(other, self)
        except TypeError as e:
            value = self._as_tensor() if isinstance(self, Variable) else self
            if isinstance(value, EagerTensor) or not str(e).startswith("Cannot convert"):
                raise
            # traced, TF's conversion words it as its graph-mode convert_to_tensor does
            bad = first_misfit(other, self.dtype)
            raise TypeError(f"Expected {self.dtype.name}, but got {bad!r} of type "
                            f"'{type(bad).__name__}'.") from None
        return f(a, b)
    return r


def _named(op: Any, node: str, convert: Callable = m.binary_args,
           reflect: str | None = None) -> Callable:
    """The operator's own function of `op`: the same as the public one, but its traced
    node is named as TF names the operator's ("add" for x + y, where tf.add makes "Add")."""
    return dispatch.binary(op, convert, node=node, reflect=reflect)


# A float tensor divided by a Python float or a tensor of its dtype is RealDiv itself:
# truediv's checks and casts decide nothing there, so the operator goes straight to it
_realdiv = dispatch.binary(m.REALDIV, m.binary_args_hint, node="truediv")
_FLOAT_IDS = frozenset(map(id, (dt.float16, dt.bfloat16, dt.float32, dt.float64)))


def _truediv(x: Any, y: Any, name: str | None = None) -> Any:
    if x.__class__ is EagerTensor and id(x._dtype) in _FLOAT_IDS and (
            y.__class__ is float or y.__class__ is EagerTensor and y._dtype is x._dtype):
        return _realdiv(x, y, name)
    # (Keras's promotion: see dispatch.binary's `reflect`)
    if getattr(y, "_keras_variable", False) and dispatch._reflects(x, y):
        return y.__rtruediv__(x)
    try:
        return m.truediv(x, y, name)
    except (TypeError, ValueError) as e:
        # as TF's operator: y's own reflected operator is tried before the error is raised
        # (a NumPy array divides a bool tensor as NumPy does); failing, the error stands
        if not isinstance(y, np.ndarray):
            raise
        try:
            out = y.__rtruediv__(x)
        except (TypeError, ValueError):
            raise e from None
        if out is NotImplemented:
            raise
        return out


_BINARY = {
    "add": _named(m.ADD, "add", m.binary_args_hint), "sub": _named(m.SUB, "sub",
                                                                   reflect="__rsub__"),
    "mul": dispatch.binary(m.MUL, _mul_args, node="mul", fallback=_bool_mul,
                           reflect="__rmul__"),
    "truediv": _truediv,
    "floordiv": dispatch.binary(m.FLOORDIV, m.binary_args, reflect="__rfloordiv__"),
    "mod": _named(m.FLOORMOD, "mod", reflect="__rmod__"),
    "pow": _named(m.POW, "pow", reflect="__rpow__"), "matmul": matmul_operator,
    "and": _and, "or": _or, "xor": _xor,
}


def install(cls: type) -> None:
    for name, f in _BINARY.items():
        setattr(cls, f"__{name}__", f)  # f(x, y, ...) doubles as the method: one frame less
        setattr(cls, f"__r{name}__", _swap(f))
    cls.__neg__ = m.negative  # f(x, name=None) doubles as the method, as above
    cls.__pos__ = _pos
    cls.__abs__ = lambda self: m.abs(self)
    cls.__invert__ = lambda self: _invert(self)
    cls.__lt__ = lambda self, other: m.less(self, other)
    cls.__le__ = lambda self, other: m.less_equal(self, other)
    cls.__gt__ = lambda self, other: m.greater(self, other)
    cls.__ge__ = lambda self, other: m.greater_equal(self, other)
    cls.__eq__ = lambda self, other: _eq(self, other)
    cls.__ne__ = lambda self, other: _ne(self, other)
    cls.__getitem__ = lambda self, key: getitem(self, key)


def _reading_first(f: Callable) -> Callable:
    """A variable's operator as TF's: traced, the variable is read by its own API first
    (a "ReadVariableOp" of its own, not one named under the operator's op, as a converted
    operand's is), then the tensor's operator runs; eagerly the read is the same."""
    def method(self: Any, *other: Any) -> Any:  # (an operator: no keywords to pass on)
        if _state.graph is None:
            return f(self, *other)
        return f(self._api_read(), *other)
    return method


def _install_variable() -> None:
    """Tensor's operators on Variable, those TF's Variable reads itself first for
    wrapped by _reading_first (TF's `abs(v)`, `v == x` and `v != x` convert v inside their
    op, as a function does)."""
    install(Variable)
    for name in _BINARY:
        for method in (f"__{name}__", f"__r{name}__"):
            setattr(Variable, method, _reading_first(getattr(Variable, method)))
    for method in ("__neg__", "__invert__", "__lt__", "__le__", "__gt__", "__ge__"):
        setattr(Variable, method, _reading_first(getattr(Variable, method)))
    Variable.__getitem__ = variable_getitem  # its slices take `assign`, as TF's do
    Variable.__eq__ = _variable_eq
    Variable.__ne__ = _variable_ne
    Variable.__hash__ = _variable_hash


def _variable_eq(self: Variable, other: Any) -> Any:
    # (TF's Variable.__eq__: identity in TF 1's modes, else elementwise on its value)
    if _legacy_equality(None):
        return self is other
    if other is None:
        _refuse_none(m.EQUAL, self)
    return _eq(self, other)


def _variable_ne(self: Variable, other: Any) -> Any:
    if _legacy_equality(None):
        return self is not other
    if other is None:
        _refuse_none(m.NOT_EQUAL, self)
    return _ne(self, other)


def _refuse_none(op: Any, v: Variable) -> None:
    """TF's Variable hands a None it is compared with to its op, whose conversion refuses
    it (a tensor's `==` answers False first): eagerly convert_to_tensor's ValueError,
    traced the graph builder's, after reading the variable."""
    _args(op, v if _state.graph is None else v._api_read(), None)


def _variable_hash(self: Variable) -> int:
    if not _legacy_equality(None):
        raise TypeError("Variable is unhashable. Instead, use variable.ref() as the key. "
                        f"(Variable: {self!r})")
    return id(self)


def enable_tensor_equality() -> None:
    """`tf.compat.v1.enable_tensor_equality`: TF 2's elementwise `==` (tensors and
    variables unhashable; the default)."""
    Tensor._USE_EQUALITY = True


def disable_tensor_equality() -> None:
    """`tf.compat.v1.disable_tensor_equality`: TF 1's `==` by identity; variables and
    graph tensors hashable (an eager tensor stays unhashable, as TF's)."""
    Tensor._USE_EQUALITY = False


def _iter(self: EagerTensor) -> Any:
    if _state.graph is not None:  # (TF's too while a graph is built: AutoGraph's `for`
        # iterates a captured one in the graph, control_flow.for_stmt)
        raise OperatorNotAllowedInGraphError(SYMBOLIC_ITER_MSG)
    if not self._shape:
        raise TypeError("Cannot iterate over a scalar tensor.")
    return iter(unstack(self))


# TF's variables refuse these in-place operators (x += 1 would not update the variable);
# the other ones (//=, %=, @=, &=, ...) give a new tensor, as for tensors. (Keras
# variables, whose class mixes keras.Variable in first, give new tensors for all.)
_IN_PLACE = {
    "iadd": "`variable += value` with `tf.Variable`s is not supported. Use "
            "`variable.assign_add(value)` to modify the variable, or `out = variable + "
            "value` if you need to get a new output Tensor.",
    # (sic: TF's message for -= suggests `variable * value`)
    "isub": "`variable -= value` with `tf.Variable`s is not supported. Use "
            "`variable.assign_sub(value)` to modify the variable, or `out = variable * "
            "value` if you need to get a new output Tensor.",
    **{f"i{name}": f"`var {sym}= value` with `tf.Variable`s is not supported. Use "
                   f"`var.assign(var {sym} value)` to modify the variable, or `out = var "
                   f"{sym} value` if you need to get a new output Tensor."
       for name, sym in (("mul", "*"), ("truediv", "/"), ("pow", "**"))},
}


def _refuse_in_place(message: str) -> Callable:
    def refuse(self: Variable, other: Any) -> Any:
        raise RuntimeError(message)
    return refuse


install(Tensor)
_install_variable()
for _name, _message in _IN_PLACE.items():
    setattr(Variable, f"__{_name}__", _refuse_in_place(_message))
EagerTensor.__iter__ = _iter
install_list_packing(stack_nested, pack)
install_sparse()
