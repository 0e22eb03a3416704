"""keras.Variable: Keras 3's view of a tf.Variable (a short name, a path, its repr).

A layer weight in Keras 3 is named `kernel` with the path `dense/kernel`, and prints as
`<Variable path=dense/kernel, shape=(3, 2), dtype=float32, value=...>`. Here every Keras
variable *is* a tf.Variable (made the usual way, so tapes, tf.function, checkpoints and
distribution strategies see an ordinary variable, a MirroredVariable under
MirroredStrategy), whose class is switched to a subclass mixing in this Keras face.
`isinstance(v, tf.Variable)` answers False all the same, as TF 2.21's (tf.Variable's
metaclass leaves Keras variables out; eagerflow's code asks `is_tf_variable`).

Sits on backend and ops.variables; layers, metrics and optimizers use `keras_variable`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.autodiff.tape import plain_subclass
from eagerflow._src.core import context
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor, converts_as_array
from eagerflow._src.distribute import values as dist_values
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine import weights_version
from eagerflow._src.keras.engine.layer_helpers import standardize_shape
from eagerflow._src.keras.name_scope import check_name, scoped_path
from eagerflow._src.ops import variables as tf_variables
from eagerflow._src.ops.math import add, subtract
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.operators import _legacy_equality
from eagerflow._src.ops.tiling import broadcast_to

# keras.Variable("zeros", shape) resolves the initializer with initializers.get, but
# initializers.py sits above this module (its random initializers draw from
# SeedGenerators, whose state is a Keras variable), so it hands `get` down as it loads;
# eagerflow.keras loads it with the rest of Keras.
_initializers: list = []


def register_initializers(get: Callable) -> None:
    """Makes `get` (initializers.get) how keras.Variable finds an initializer."""
    _initializers[:] = [get]


# A ShardedVariable's Keras variable is keras/sharded_weights.py's, a subclass of this
# module's Variable: that module hands its maker down as it loads (layer_weights loads it).
_sharded_weight: list = []


def register_sharded_weight(make: Callable) -> None:
    """Makes `make` (sharded_weights.sharded_weight) how keras_variable wraps a
    ShardedVariable."""
    _sharded_weight[:] = [make]


# Keras 3's words for a variable's aggregation and synchronization (what its variables
# answer), and the tf.Variable enums its TF backend makes of them (TF 2's, the V2 names)
_AGGREGATIONS = {"none": tf_variables.VariableAggregationV2.NONE,
                 "sum": tf_variables.VariableAggregationV2.SUM,
                 "mean": tf_variables.VariableAggregationV2.MEAN,
                 "only_first_replica": tf_variables.VariableAggregationV2.ONLY_FIRST_REPLICA}
_SYNCHRONIZATIONS = {"auto": tf_variables.VariableSynchronization.AUTO,
                     "none": tf_variables.VariableSynchronization.NONE,
                     "on_write": tf_variables.VariableSynchronization.ON_WRITE,
                     "on_read": tf_variables.VariableSynchronization.ON_READ}
_AGGREGATION_NAMES = {int(v): k for k, v in _AGGREGATIONS.items()}
_SYNCHRONIZATION_NAMES = {int(v): k for k, v in _SYNCHRONIZATIONS.items()}
_ENUMS = (tf_variables.VariableSynchronization, *tf_variables._AGGREGATION_TYPES)


def _check_callable(value: Any, attribute: str, example: str) -> None:
    if value is not None and not callable(value):
        raise ValueError(f"Invalid value for attribute `{attribute}`. Expected a callable (such "
                         f"as {example} instance) or `None`. Received: {attribute}={value}")


def _keras_mode(value: Any, names: dict, argument: str) -> Any:
    """keras.Variable's `aggregation` or `synchronization` (`argument`) as the tf.Variable
    enum: one of Keras 3's strings `names` holds, None ('none'), or an enum member (as
    eagerflow's own layers pass); anything else refused in Keras 3's words."""
    if isinstance(value, _ENUMS):
        return value
    if value is None:
        return names["none"]
    if isinstance(value, str) and value in names:
        return names[value]
    expected = {"aggregation": "`None`, `'none'`, `'mean'`, `'sum'`, `'only_first_replica'`",
                "synchronization": "`None`, `'none'`, `'on_read'`, `'on_write'`, `'auto'`"}
    raise ValueError(f"Invalid value for argument `{argument}`. Expected one of "
                     f"{expected[argument]}. "
                     f"Received: {argument}={value}")


def _value_assigned(out: Any) -> Any:
    """What Keras 3's assign_add/assign_sub return for a tf.Variable update's result `out`.

    Keras 3 returns the value assigned: eagerly the new value. While a graph is built the
    update stays TF's one op, whose result is the variable's view; a strategy's update in
    cross-replica context gives its distributed values, kept as they are.
    """
    if out is None or _state.graph is not None or not hasattr(out, "_as_tensor"):
        return out
    return out._as_tensor()


class Variable:
    """`keras.Variable(initializer, shape=None, dtype=None, trainable=True, autocast=True,
    aggregation='none', synchronization='auto', name=None, layout=None)`.

    `initializer` is a value, or an initializer (a name or a callable) with `shape`.
    """

    _keras_variable = True  # (so `isinstance(v, tf.Variable)` is False, as in TF 2.21)
    _layout: Any = None  # a keras.distribution.TensorLayout given at creation

    def __new__(cls, initializer: Any, shape: Any = None, dtype: Any = None,
                trainable: bool = True, autocast: bool = True, aggregation: str = "none",
                synchronization: str = "auto", name: str | None = None,
                layout: Any = None, **kwargs: Any) -> Any:
        # (Keras 3 takes backend-specific keywords; its TF backend uses none of them)
        scope = get_stateless_scope()
        if scope is not None and scope.initialize_variables and not (
                isinstance(initializer, str) or callable(initializer) and
                not hasattr(initializer, "dtype")):
            # (Keras 3 defers an initializer's variable to the scope's end; a value's is
            # refused)
            raise ValueError(_CREATED_IN_STATELESS_SCOPE)
        # (Keras 3 takes its automatic name first: a refused variable uses one up)
        name = name or kb.auto_name("Variable")
        check_name(name)
        aggregation = _keras_mode(aggregation, _AGGREGATIONS, "aggregation")
        synchronization = _keras_mode(synchronization, _SYNCHRONIZATIONS, "synchronization")
        if isinstance(initializer, str):  # (an unknown name refused before the shape)
            initializer = _initializers[0](initializer)
        if callable(initializer) and not hasattr(initializer, "dtype"):
            if shape is None:
                raise ValueError("When creating a Variable from an initializer, the `shape` "
                                 "argument should be specified. Received: "
                                 f"initializer={initializer} and shape={shape}")
            shape = full_shape(shape, name)
            # (Keras 3 hands its initializer the dtype's name, floatx's when none is given)
            value = initializer(shape, dtype=_dtype_name(dtype))
        else:
            value = _as_value(initializer, dtype)
        if dtype is not None:
            dtype = _dtype_name(dtype)
        var = tf_variables.Variable(value, trainable=trainable, dtype=dtype, name=name,
                                    aggregation=aggregation, synchronization=synchronization)
        var = keras_variable(var, name, autocast=autocast)
        if layout is not None:  # (read by keras.distribution's get_variable_layout)
            var._layout = layout
        return var

    def __init__(self, initializer: Any, shape: Any = None, dtype: Any = None,
                 trainable: bool = True, autocast: bool = True, aggregation: str = "none",
                 synchronization: str = "auto", name: str | None = None, layout: Any = None,
                 **kwargs: Any) -> None:
        pass  # made by __new__ (this signature is for introspection: Keras's)

    @property
    def name(self) -> str:
        return self._keras_name

    @property
    def path(self) -> str:
        return self._keras_path

    @property
    def value(self) -> Any:
        """The tf.Variable under this Keras variable, as Keras 3 on TF has one (a
        ResourceVariable): here a view of the variable itself (reads and assignments go to
        it; tapes take it and the Keras variable as one variable)."""
        view = self.__dict__.get("_value_view")
        if view is None:
            view = self._value_view = _view_class(type(self))(self, self._name)
        return view

    # Keras 3's flag, settable; the tf.Variable under it keeps the one it was made with
    # (`_trainable`), which is what a tape reads to watch it, as TF's watches its variable
    @property
    def trainable(self) -> bool:
        return self._keras_trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self._keras_trainable = bool(value)
        weights_version.changed()  # (its layers' trainable weights)

    # Keras 3's variables answer its words, not TF's enums (the tf.Variable under one,
    # `value`, answers those)
    @property
    def aggregation(self) -> str:
        return _AGGREGATION_NAMES[int(self._aggregation)]

    @property
    def synchronization(self) -> str:
        # (the mode it was made with: a MirroredVariable's 'auto' is ON_WRITE, while Keras
        # 3 keeps its own words)
        mode = self.__dict__.get("_synchronization_given", self._synchronization)
        return _SYNCHRONIZATION_NAMES[int(mode)]

    # add_weight's regularizer and constraint, kept on the variable as Keras 3 does (an
    # optimizer applies the constraint after each update); settable, callables only
    @property
    def regularizer(self) -> Any:
        return self.__dict__.get("_keras_regularizer")

    @regularizer.setter
    def regularizer(self, value: Any) -> None:
        _check_callable(value, "regularizer", "a `keras.regularizers.Regularizer`")
        self._keras_regularizer = value

    @property
    def constraint(self) -> Any:
        return self._constraint

    @constraint.setter
    def constraint(self, value: Any) -> None:
        _check_callable(value, "constraint", "a `keras.constraints.Constraint`")
        self._constraint = value

    @property
    def overwrite_with_gradient(self) -> bool:
        """Whether an optimizer assigns this variable its gradient instead of a step."""
        return self._keras_overwrite

    @overwrite_with_gradient.setter
    def overwrite_with_gradient(self, value: bool) -> None:
        if not isinstance(value, bool):  # (np.bool_ too, as Keras 3)
            raise TypeError(f"`overwrite_with_gradient` must be a boolean. Received: {value}")
        self._keras_overwrite = value

    # Keras 3's conversions: a scalar only to a Python number, never a truth value, no hash
    # (it defines __eq__, elementwise in keras.ops: `v != None` fails to convert None);
    # iteration is Python's over __getitem__, until the slice fails. (With TF 1's equality
    # by identity, eagerflow's v1 code keys variables by them, as tf.Variables.)
    def __hash__(self) -> int:
        if not _legacy_equality(None):
            raise TypeError("unhashable type: 'Variable'")
        return id(self)

    def __eq__(self, other: Any) -> Any:
        if _legacy_equality(None) or "equal" not in KERAS_ARITHMETIC:
            return super().__eq__(other)
        return KERAS_ARITHMETIC["equal"](self._as_tensor(), other)

    def __ne__(self, other: Any) -> Any:
        if _legacy_equality(None) or "not_equal" not in KERAS_ARITHMETIC:
            return super().__ne__(other)
        return KERAS_ARITHMETIC["not_equal"](self._as_tensor(), other)

    # (no priority over NumPy's: `ndarray + v` is NumPy's sum of v's value, an ndarray)
    __array_priority__ = 0

    # (Keras 3's &, | and ^ are keras.ops' logical ones, whatever the dtype: `v ^ 3` of an
    # int8 variable is a bool tensor; round() is keras.ops.round)
    def __and__(self, other: Any) -> Any:
        return KERAS_ARITHMETIC["logical_and"](self._as_tensor(), other)

    def __rand__(self, other: Any) -> Any:
        return KERAS_ARITHMETIC["logical_and"](other, self._as_tensor())

    def __or__(self, other: Any) -> Any:
        return KERAS_ARITHMETIC["logical_or"](self._as_tensor(), other)

    def __ror__(self, other: Any) -> Any:
        return KERAS_ARITHMETIC["logical_or"](other, self._as_tensor())

    def __xor__(self, other: Any) -> Any:
        return KERAS_ARITHMETIC["logical_xor"](self._as_tensor(), other)

    def __rxor__(self, other: Any) -> Any:
        return KERAS_ARITHMETIC["logical_xor"](other, self._as_tensor())

    def __round__(self, ndigits: int | None = None) -> Any:
        return KERAS_ARITHMETIC["round"](self._as_tensor(), decimals=ndigits or 0)

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        # (Keras 3's variable defines no __format__: object's refuses any format spec)
        raise TypeError("unsupported format string passed to Variable.__format__")

    def __pos__(self) -> Any:
        return self.value  # (Keras 3's: the tf.Variable under it)

    def __deepcopy__(self, memo: dict) -> Any:
        # (Keras 3's copies its attributes: a new tf.Variable of this value, under the
        # same name and path, its flags kept)
        var = keras_variable(super().__deepcopy__(memo), self._keras_name, self._keras_path,
                             self._keras_autocast, self._keras_overwrite)
        var._keras_trainable = self._keras_trainable
        var.regularizer = self.regularizer
        memo[id(self)] = var
        return var

    def __bool__(self) -> bool:
        raise TypeError("A Keras Variable cannot be used as a boolean.")

    def __int__(self) -> int:
        self._refuse_non_scalar()
        return super().__int__()

    def __float__(self) -> float:
        self._refuse_non_scalar()
        return super().__float__()

    def _refuse_non_scalar(self) -> None:
        if self._shape.rank:
            raise TypeError("Only scalar arrays can be converted to Python scalars. Got: "
                            f"shape={self.shape}")

    def __iter__(self) -> Any:
        index = 0
        while True:
            yield self[index]
            index += 1

    # Under a mixed policy ('mixed_float16') a layer's call reads its float variables in
    # the compute dtype (Keras 3's autocast scope, kb.call_context.autocast): the read is
    # cast, so the gradient flows back to the float32 variable through the cast.
    def _autocast_to(self) -> str | None:
        target = kb.call_context.autocast
        if target is None or not self._keras_autocast or not self._dtype.is_floating or \
                self._dtype.name == target:
            return None
        return target

    def _as_tensor(self, dtype: Any = None) -> Any:
        if not _stateless_scopes and kb.call_context.autocast is None:
            return super()._as_tensor(dtype)  # (most reads, in the fewest bytecodes)
        if _stateless_scopes:
            mapped = _stateless_scopes[-1].get_current_value(self)
            if mapped is not None:
                return mapped
        target = self._autocast_to()
        if target is None:
            return super()._as_tensor(dtype)
        ctx = kb.call_context
        ctx.autocast = None  # the read itself is at the variable's own dtype
        try:
            t = super()._as_tensor()
        finally:
            ctx.autocast = target
        t = cast(t, target)
        if dtype is not None and dt.as_dtype(dtype) is not t.dtype:
            raise ValueError(f"Tensor conversion requested dtype {dt.as_dtype(dtype).name} for "
                             f"Tensor with dtype {t.dtype.name}: {t!r}")
        return t

    def _api_read(self, name: str | None = "ReadVariableOp", scope: str | None = None) -> Any:
        """tf.Variable's own read (graph/var_reads.py names it), unless the read is given or
        cast (a stateless scope, an autocast): then _as_tensor's."""
        graph = context._state.graph
        if graph is None or not hasattr(graph, "read_variable") or _stateless_scopes or \
                self._autocast_to() is not None:
            return self._as_tensor()
        return graph.read_variable(self, None if scope else name, scope)

    def _coerce(self, value: Any, op: str) -> Any:
        # Keras 3 converts an assigned tensor to the variable's dtype (TF refuses it)
        if type(value) is EagerTensor and value._dtype is self._dtype and \
                value._shape == self._shape._dims:
            return value  # an optimizer's update: nothing to convert or check
        if isinstance(value, Tensor) and value.dtype is not self._dtype:
            value = cast(value, self._dtype)
        elif not isinstance(value, Tensor) and (self._dtype.is_integer or
                                                self._dtype is dt.bool):
            # (Keras 3 converts a value for an integer or bool variable as it is, then
            # casts it: floats truncated, where TF refuses them)
            value = cast(convert_to_tensor(_as_value(value, None)), self._dtype)
        t = convert_to_tensor(value, dtype=self._dtype)
        if op != "assign":
            if _state.graph is not None or t._shape == tuple(self._arr.shape):
                return super()._coerce(t, op)
            # Keras 3 assigns the sum (difference): its op refuses shapes that do not
            # broadcast, its assign a result of another shape; a smaller delta broadcasts
            old = super()._as_tensor()
            result = add(old, t) if op == "assign_add" else subtract(old, t)
            self._refuse_shape(result)
            return super()._coerce(broadcast_to(t, result.shape), op)
        self._refuse_shape(t)
        return super()._coerce(t, op)

    def _refuse_shape(self, t: Tensor) -> None:
        if not self._shape.is_compatible_with(t.shape):  # (Keras 3's check, before TF's)
            raise ValueError(f"The shape of the target variable and the shape of the target "
                             f"value in `variable.assign(value)` must match. variable.shape="
                             f"{self.shape}, Received: value.shape={t.shape}. Target variable: "
                             f"{self}")

    def numpy(self) -> Any:
        if _stateless_scopes and _stateless_scopes[-1].get_current_value(self) is not None:
            return self._as_tensor().numpy()
        return super().numpy()

    # In a StatelessScope an assignment is recorded there and the variable keeps its value.
    # (assign & co, not `_write`, are overridden: optimizers' fused paths check `_write`.)
    def assign(self, value: Any, use_locking: Any = None, name: str | None = None,
               read_value: bool = True) -> Any:
        # (Keras 3 returns the value assigned, converted to the variable's dtype)
        if type(value) is EagerTensor and value._dtype is self._dtype and \
                value._shape == self._shape._dims and not _stateless_scopes:
            # (a batch norm's moving statistics, every step) where this class's _coerce and
            # the tf.Variable's assign are the plain ones, the value is what both coercions
            # hand back, and the tf.Variable's assign would write it alone: that, directly
            cls = type(self)
            if cls._coerce is _COERCE and super(Variable, cls).assign is _TF_ASSIGN:
                self._write_alone(value, "set")
                tf_variables.mark_read(self)
                return value if read_value else None
        t = self._coerce(value, "assign")
        if not _stateless_scopes:
            # (Keras 3's assigns the tf.Variable it holds, reading it: tapes watch it)
            super().assign(t, use_locking, name, read_value=False)
            tf_variables.mark_read(self)
        else:
            _stateless_scopes[-1].add_update((self, t))
        return t if read_value else None

    def assign_add(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        return self._assign_delta(super().assign_add, "assign_add", operator.add, delta,
                                  use_locking, name, read_value)

    def assign_sub(self, delta: Any, use_locking: Any = None, name: str | None = None,
                   read_value: bool = True) -> Any:
        return self._assign_delta(super().assign_sub, "assign_sub", operator.sub, delta,
                                  use_locking, name, read_value)

    def _assign_delta(self, tf_assign: Callable, op: str, combine: Callable, delta: Any,
                      use_locking: Any, name: str | None, read_value: bool) -> Any:
        """assign_add's or assign_sub's work: the tf.Variable's own (`tf_assign`), or in a
        StatelessScope the value `combine`d with `delta`, recorded there."""
        if not _stateless_scopes and _state.graph is None and \
                isinstance(delta, _PLAIN_VALUES) and (type(delta) is not EagerTensor or
                                                      delta._dtype is not self._dtype):
            # Keras 3 assigns `self + delta`, in its type promotion: an int variable given
            # a float delta gets the sum truncated (the delta is not cast first)
            value = delta if isinstance(delta, Tensor) else convert_to_tensor(
                _as_value(delta, None))
            if self._keras_promotes(value):
                self.assign(combine(self, value))
                return self._as_tensor() if read_value else None
        if not _stateless_scopes:
            out = tf_assign(delta, use_locking, name, read_value)
            if not read_value:  # (as assign: Keras 3's reads the tf.Variable it holds)
                tf_variables.mark_read(self)
            return _value_assigned(out)
        new = combine(self._as_tensor(), self._coerce(delta, op))
        _stateless_scopes[-1].add_update((self, new))
        return new if read_value else None

    @property
    def dtype(self) -> str:
        """Its dtype's name, a str (`'float32'`), as Keras 3 gives it; in a mixed-precision
        layer call, the compute dtype it is read in. (tf-level code reads `_dtype`, or
        `tf.as_dtype(v.dtype)`, which takes either.)"""
        if kb.call_context.autocast is None:  # (most reads, in the fewest bytecodes)
            return self._dtype.name
        target = self._autocast_to()
        return self._dtype.name if target is None else dt.as_dtype(target).name

    def __repr__(self) -> str:
        # (Keras 3 on TF shows no value while a function is traced: its numpy conversion
        # fails there, as in the errors its traced train step raises)
        value = f", value={np.asarray(self.numpy())}" if context.executing_eagerly() else ""
        return f"<Variable path={self.path}, shape={self.shape}, dtype={self._dtype.name}{value}>"

    __str__ = __repr__

    # (tf.Variable refuses these; a Keras variable's give a new tensor, as Keras 3's do)
    def __iadd__(self, other: Any) -> Any:
        return self + other

    def __isub__(self, other: Any) -> Any:
        return self - other

    def __imul__(self, other: Any) -> Any:
        return self * other

    def __itruediv__(self, other: Any) -> Any:
        return self / other

    def __ipow__(self, other: Any) -> Any:
        return self ** other


def _promotes(var: Any, other: Any) -> bool:
    """Whether Keras's own arithmetic answers `var (op) other`: Keras 3's variables apply
    keras.ops (its type promotion), which a tf.Variable's operator gives too unless the
    other operand is of another dtype (a float16 loss times a float32 loss scale: float32),
    or a Python float against an integer variable."""
    mine = dt.as_dtype(var.dtype)  # (under autocast, the dtype it is read in)
    d = getattr(other, "dtype", None)
    if d is not None:
        try:
            return dt.as_dtype(d) is not mine
        except TypeError:
            return False
    return isinstance(other, float) and (mine.is_integer or mine is dt.bool)


# keras.ops' add, subtract, multiply, ... (set by keras/ops/numpy_math.py, which loads
# after this module)
KERAS_ARITHMETIC: dict = {}


def _keras_operator(name: str, op: str, reflected: bool) -> Callable:
    def method(self: Any, other: Any) -> Any:
        if _promotes(self, other) and op in KERAS_ARITHMETIC:
            f = KERAS_ARITHMETIC[op]
            return f(other, self) if reflected else f(self, other)
        return getattr(super(Variable, self), name)(other)
    method.__name__ = name
    return method


# (Variable.assign's direct write: only where these are the methods its class runs)
_COERCE = Variable._coerce
_TF_ASSIGN = tf_variables.Variable.assign

Variable._keras_promotes = _promotes  # (read by the tensors' operators: ops/dispatch.py)
for _name, _op in (("add", "add"), ("sub", "subtract"), ("mul", "multiply"),
                   ("truediv", "true_divide"), ("floordiv", "floor_divide"), ("mod", "mod"),
                   ("pow", "power")):
    setattr(Variable, f"__{_name}__", _keras_operator(f"__{_name}__", _op, False))
    setattr(Variable, f"__r{_name}__", _keras_operator(f"__r{_name}__", _op, True))


class ResourceVariable(tf_variables._UnreadVariable):
    """`keras_variable.value`: the variable under a Keras variable, as TF's
    ResourceVariable is under Keras 3's; a view of the Keras variable (which here is the
    tf.Variable itself), named as it (`'kernel:0'`)."""

    @property
    def _keras_value_of(self) -> Variable:
        return self._unread_of


_view_classes: dict = {}


def _view_class(cls: type) -> type:
    """The class of a Keras variable's `value`: ResourceVariable, or for a variable a
    strategy's scope made a view named as that class, as Keras 3 on TF holds the
    distributed variable: a MirroredVariable or SyncOnReadVariable with its per-replica
    `values`, a ParameterServerStrategy's CachingVariable."""
    wrapped = cls.__mro__[2] if len(cls.__mro__) > 2 else None
    if wrapped is None:
        return ResourceVariable
    mirrored = issubclass(wrapped, dist_values.MirroredVariable)
    if not mirrored and not getattr(wrapped, "_on_parameter_server", False):
        return ResourceVariable
    view = _view_classes.get(wrapped)
    if view is None:
        extra = {"values": property(lambda self: self._unread_of.values)} if mirrored else {}
        view = _view_classes[wrapped] = type(
            wrapped.__name__, (ResourceVariable,),
            {"__module__": ResourceVariable.__module__, **extra})
    return view


def cast_operand(x: Any) -> Any:
    """`x`, or traced, a Keras variable read as Keras 3's TF ops read the operands they
    cast to the compute dtype (keras.ops.matmul): inside tf.cast's name scope
    ("dense_1/Cast/ReadVariableOp"; TF's cast hands a tensor of the dtype back, no Cast
    op), since a Keras variable is no tf.Variable to TF's cast."""
    if isinstance(x, Variable) and context._state.graph is not None:
        return x._api_read(scope="Cast")
    return x


def _as_value(value: Any, dtype: Any) -> Any:
    """A plain value with Keras 3's default dtypes (Python floats float32, ints int32)."""
    if dtype is not None or hasattr(value, "dtype"):
        return value
    if converts_as_array(value):  # (a pandas DataFrame: its array's dtype, as TF's)
        return value
    arr = np.asarray(value)
    if arr.dtype == np.float64 and not isinstance(value, np.ndarray):
        return arr.astype(np.float32)  # (TF's conversion: float32 whatever floatx is)
    if arr.dtype == np.int64 and not isinstance(value, np.ndarray):
        return arr.astype(np.int32)
    return value


def _dtype_name(dtype: Any) -> str:
    """keras.Variable's `dtype` as Keras 3 standardizes it (None is floatx); a name it
    does not know refused in its words."""
    try:
        return kb.standardize_dtype(dtype).name
    except TypeError:
        raise ValueError(f"Invalid dtype: {dtype}") from None


def full_shape(shape: Any, name: str) -> tuple:
    """The shape an initializer fills for the variable `name` (its path from the current
    scope): standardized as Keras 3 does (no float, string or negative dimensions), every
    dimension known."""
    shape = standardize_shape(shape)
    if None in shape:
        raise ValueError("Shapes used to initialize variables must be fully-defined (no "
                         f"`None` dimensions). Received: shape={shape} for variable "
                         f"path='{scoped_path(name)}'")
    return shape


# (what _assign_delta adds in Keras 3's promotion: values, not a strategy's per-replica)
_PLAIN_VALUES = (EagerTensor, np.ndarray, np.generic, list, tuple, int, float)

_keras_classes: dict = {}


def keras_variable(var: Any, name: str | None = None, path: str | None = None,
                   autocast: bool = True, overwrite_with_gradient: bool = False) -> Any:
    """Gives the tf.Variable `var` Keras 3's face: name `name` (or an automatic
    `variable_N`), path `path` (or the current name scope joined to the name), whether
    a mixed-precision layer call reads it in its compute dtype (`autocast`), and whether
    an optimizer assigns its gradient to it instead of a step (float8's scales)."""
    if getattr(var, "_is_sharded_variable", False):  # (a strategy's partitioner made it)
        return _sharded_weight[0](var, name or kb.auto_name("Variable"), path, autocast,
                                  overwrite_with_gradient)
    cls = type(var)
    if not isinstance(var, Variable):
        keras_cls = _keras_classes.get(cls)
        if keras_cls is None:
            keras_cls = _keras_classes[cls] = type(
                "Variable", (Variable, cls), {"__module__": Variable.__module__})
            plain_subclass(keras_cls, cls)
        var.__class__ = keras_cls
    name = name or kb.auto_name("Variable")
    var._keras_name = name
    var._keras_path = path if path is not None else scoped_path(name)
    var._keras_autocast = bool(autocast)
    var._keras_trainable = var._trainable
    var._keras_overwrite = bool(overwrite_with_gradient)
    return var


# ---------------------------------------------------------------------------------------
# keras.StatelessScope: variables read given values, and assignments are collected
# instead of applied (the scope in Keras 3's stateless training steps).
# ---------------------------------------------------------------------------------------

_stateless_scopes: list = []

_CREATED_IN_STATELESS_SCOPE = (
    "You are attempting to create a variable while in a stateless scope. This is disallowed."
    " Make sure that all variables are created before you start using your layer/model "
    "objects.\n\nIn some cases, you might be seeing this error because you need to implement"
    " a `def build(self, input_shape)` method on your layer/model, which will create its "
    "variables.\n\nIn some other cases, you might be seeing this error because you are "
    "instantiating a `Variable` and assigning it to a layer without going through "
    "self.add_variable()/self.add_weight(). Always prefer using these methods (with a "
    "`shape` and `initializer` argument).")


class StatelessScope:
    """`keras.StatelessScope(state_mapping=None, collect_losses=False,
    initialize_variables=True)`: inside it, each variable of `state_mapping` (a list of
    `(variable, value)` pairs) reads as its value, and assignments to any Keras variable
    are kept in the scope (`get_current_value(variable)`) instead of applied. With
    `collect_losses`, losses added by layers are collected in `losses`."""

    def __init__(self, state_mapping: Any = None, collect_losses: bool = False,
                 initialize_variables: bool = True) -> None:
        self.collect_losses = collect_losses
        self.initialize_variables = initialize_variables
        self.losses: list = []
        self.loss_owners: dict = {}  # id(loss) -> the layer that added it
        self.state_mapping: dict = {}
        for k, v in state_mapping or {}:
            if not isinstance(k, Variable):
                raise ValueError("Invalid reference variable in StatelessScope: all keys in "
                                 "argument `mapping` must be Variable instances. Received "
                                 f"instead: {k}")
            v = cast(v._as_tensor(), k._dtype) if isinstance(v, Variable) else \
                convert_to_tensor(v, dtype=k._dtype)
            if tuple(k.shape) != tuple(v.shape):
                raise ValueError("Invalid variable value in StatelessScope: all values in "
                                 "argument `mapping` must be tensors with a shape that matches"
                                 f" the corresponding variable shape. For variable {k}, "
                                 f"received invalid value {v} with shape {tuple(v.shape)}.")
            self.state_mapping[id(k)] = v

    def __enter__(self) -> StatelessScope:
        _stateless_scopes.append(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _stateless_scopes.remove(self)

    def add_loss(self, loss: Any) -> None:
        self.losses.append(loss)

    def add_update(self, update: tuple) -> None:
        variable, value = update
        self.state_mapping[id(variable)] = value

    def get_current_value(self, variable: Any) -> Any:
        """The variable's value in this scope (mapped or assigned), or None."""
        return self.state_mapping.get(id(variable))


def get_stateless_scope() -> StatelessScope | None:
    return _stateless_scopes[-1] if _stateless_scopes else None
