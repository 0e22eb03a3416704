"""Operations: functions applied to KerasTensors outside any layer (keras.ops calls and
Python operators such as `x * 2`), recorded as weightless nodes of the functional graph and
named as Keras 3 names them (`multiply`, `get_item`).

An operation's output spec comes from tracing its function into a scratch graph, as a
tf.function traces: shapes known from constants (`fill(shape(x))`), control flow and ops
whose outputs depend on their inputs' values all infer as they do in a TF graph, which is
what Keras 3's TF backend reports for `ops.gcd(x, y)` or `ops.unique(x)` on KerasTensors.
Errors propagate as they are, as Keras 3's `symbolic_call` lets them.

This module also installs KerasTensor's Python operators, which make Operations (layers:
keras_tensor.py sits below base_layer.py); input_layer.py, where functional graphs
start, imports it."""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.keras_tensor import (
    KerasTensor,
    SymbolicTensor,
    in_symbolic_scope,
    trace_symbolic,
)
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.math_base import cast


class _OperationType(type):
    """Every Keras 3 layer is an Operation (`isinstance(Dense(2), keras.Operation)`); here
    Operation derives from Layer, so the base answers for layers too."""

    def __instancecheck__(cls, obj: Any) -> bool:
        if cls is Operation and isinstance(obj, Layer):
            return True
        return type.__instancecheck__(cls, obj)

    def __subclasscheck__(cls, sub: type) -> bool:
        if cls is Operation and isinstance(sub, type) and issubclass(sub, Layer):
            return True
        return type.__subclasscheck__(cls, sub)


class Operation(Layer, metaclass=_OperationType):
    """`keras.Operation(name=None)`: a stateless computation (`call`) that, applied to
    KerasTensors, becomes a node of a functional graph with the outputs
    `compute_output_spec` gives (by default: `call` traced). Unlike a layer it converts
    and casts nothing; in a functional model it is listed in `operations`, not `layers`."""

    _frames_call_errors = False  # errors propagate as they are
    _checks_call_args = False  # (it takes Python values by position: `2 - x`)
    _warns_of_dropped_masks = False  # (Keras 3's operations ignore masks, without a word)

    def __init__(self, name: str | None = None) -> None:
        super().__init__(name=name)
        self._autocast = False

    def call(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError  # (Keras 3's bare one: an operation defines its own)

    def _convert_inputs(self, inputs: Any) -> Any:
        return inputs  # the function converts its arguments (`2 - x`: 2 stays a Python int)


    def _static_shapes(self) -> bool:
        return False

    def _maybe_build(self, inputs: Any, *args: Any, **kwargs: Any) -> None:
        self.built = True  # nothing to build; the first argument may be einsum's subscripts

    def _symbolic_outputs(self, inputs: Any, rest: tuple, kwargs: dict, spec: Any) -> Any:
        if _defines(type(self), "compute_output_spec"):
            return self.compute_output_spec(inputs, *rest, **kwargs)
        return trace_symbolic(self.call, (inputs, *rest), kwargs)

    def get_config(self) -> dict:
        return {"name": self.name}

    def __repr__(self) -> str:
        return f"<Operation name={self.name}>"


def _defines(cls: type, name: str) -> bool:
    """Whether a subclass of Operation (not Operation or Layer) defines `name`."""
    for klass in cls.__mro__:
        if klass is Operation:
            return False
        if name in vars(klass):
            return True
    return False


def is_operation(x: Any) -> bool:
    """Whether `x` is an operation rather than a layer (keras.Operation answers True for
    both): a keras.ops call, an operator on KerasTensors, or a user's Operation."""
    return type.__instancecheck__(Operation, x)


class FunctionOperation(Operation):
    """A function applied to KerasTensors outside any layer (a keras.ops call, or an
    operator such as `x * 2`): a weightless node of the functional graph, named and shown
    as Keras 3 names and shows its operations (`multiply (Multiply)`).

    As Keras 3's operation classes do, it keeps the function's parameters other than its
    operands (`axis`, `keepdims`) as its own config; its node holds the operands."""

    def __init__(self, function: Callable, **kwargs: Any) -> None:
        options = kwargs.pop("options", None)
        super().__init__(**kwargs)
        self.function = function
        self._options = dict(options or {})
        self._leading = _leading_parameters(function)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not self._options:
            args, kwargs, options = _split_options(self.function, type(self).__name__,
                                                     args, kwargs)
            self._options = options
        return super().__call__(*args, **kwargs)

    def _apply(self, fn: Callable, args: tuple, kwargs: dict) -> Any:
        """`fn` given the operands and the options: those its signature takes before its
        operands (einsum's subscripts) by position, the rest by keyword."""
        lead = [self._options[n] for n in self._leading if n in self._options]
        named = {k: v for k, v in self._options.items() if k not in self._leading}
        return fn(*lead, *args, **kwargs, **named)

    def call(self, *args: Any, **kwargs: Any) -> Any:
        return self._apply(self.function, args, kwargs)

    keras_spec: Callable | None = None  # (keras_op's `spec`: Keras 3's rule for the outputs)
    keras_sparse: Callable | None = None  # (whether Keras 3 marks its output sparse)

    def _symbolic_outputs(self, inputs: Any, rest: tuple, kwargs: dict, spec: Any) -> Any:
        out = self._output_specs(inputs, rest, kwargs)
        if self.keras_sparse is not None and isinstance(out, SymbolicTensor) and \
                self._apply(self.keras_sparse, (inputs, *rest), kwargs):
            return KerasTensor(out._shape, out._dtype, sparse=True)
        return out

    def _output_specs(self, inputs: Any, rest: tuple, kwargs: dict) -> Any:
        if self.keras_spec is not None:
            out = self._apply(self.keras_spec, (inputs, *rest), kwargs)
            if out is not NotImplemented:  # (a rule that only checks: the op traced)
                return out
        out = trace_symbolic(lambda *a, **k: self._apply(self.function, a, k), (inputs, *rest),
                             kwargs)
        # (Keras 3's operations give their outputs' specs as plain tuples, where TF's
        # function returns a named one: top_k's TopKV2, qr's Qr)
        return tuple(out) if isinstance(out, tuple) and hasattr(out, "_fields") else out

    def get_config(self) -> dict:
        return {"name": self.name, **self._options}

    @classmethod
    def from_config(cls, config: dict) -> FunctionOperation:
        """The operation again from its config (clone_model's round trip, as Keras 3's
        operation classes make theirs): the function keras.ops registered for the class,
        the config's options."""
        if cls.__name__ not in _FUNCTIONS:
            return super().from_config(config)
        options = dict(config)
        name = options.pop("name", None)
        return cls(_FUNCTIONS[cls.__name__], name=name, options=options)

    def serialize(self) -> dict:
        """Its entry in a functional model's config, as Keras 3 writes an operation."""
        module = _KERAS_MODULES.get(getattr(self.function, "__module__", "").rpartition(".")[2],
                                    "numpy")
        module = module if module.startswith("keras.") else f"keras.src.ops.{module}"
        return {"module": module, "class_name": type(self).__name__,
                "config": self.get_config(), "registered_name": type(self).__name__}



# eagerflow's keras.ops modules -> Keras 3's (`keras.src.ops.numpy`), for configs
_KERAS_MODULES = {"numpy_array": "numpy", "numpy_linear": "numpy", "numpy_math": "numpy",
                  "numpy_reduce": "numpy", "nn": "nn", "nn_conv": "nn", "core": "core",
                  "math": "math", "linalg": "linalg", "image": "image",
                  "image_geometry": "image",
                  "activations": "keras.src.activations.activations"}  # (relu's ReLU)

# class name -> the function its operations apply (keras.ops registers its functions),
# so a functional config's operations can be made again
_FUNCTIONS: dict = {}


def register_operation(class_name: str, function: Callable) -> None:
    _FUNCTIONS[class_name] = function


def operation_from_config(config: dict) -> FunctionOperation:
    """An operation from its entry in a functional model's config."""
    class_name = config["class_name"]
    if class_name not in _FUNCTIONS:
        raise ValueError(f"Could not locate operation '{class_name}' (module "
                         f"{config.get('module')!r}): it is not a keras.ops operation")
    return operation_class(class_name).from_config(config.get("config") or {})


# Which parameters of a keras.ops function are its Keras operation's operands (`call`
# arguments, which its node holds) rather than its config: per operation class, as Keras
# 3's signatures have them (tests/keras/keras3/make_op_operands.py writes the file)
_OPERANDS: dict = json.loads(Path(__file__).with_name("op_operands.json").read_text())


def _operands(class_name: str, sig: inspect.Signature) -> set:
    """The operand parameters of `class_name`'s function: Keras 3's where it has the
    operation (and names them as `sig` does), else those with no default."""
    names = _OPERANDS.get(class_name)
    if names and all(n in sig.parameters for n in names):
        return set(names)
    return {name for name, p in sig.parameters.items() if p.default is p.empty}


def _leading_parameters(function: Callable) -> tuple:
    """The parameters a function with variadic operands (einsum's `*operands`) takes
    before them: its operation keeps them as options, passed back by position."""
    try:
        params = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return ()
    kinds = [p.kind for p in params]
    if inspect.Parameter.VAR_POSITIONAL not in kinds:
        return ()
    return tuple(p.name for p in params[:kinds.index(inspect.Parameter.VAR_POSITIONAL)])


def _split_options(function: Callable, class_name: str, args: tuple, kwargs: dict) -> tuple:
    """(args, kwargs, options): a call's arguments, those of the operation's own parameters
    (all but the operands, defaults included) taken out as its options."""
    try:
        sig = inspect.signature(function)
        bound = sig.bind(*args, **kwargs)
    except (TypeError, ValueError):
        return args, kwargs, {}
    if any(p.kind is p.VAR_POSITIONAL for p in sig.parameters.values()):
        return _split_variadic(sig, bound)
    bound.apply_defaults()
    operands = _operands(class_name, sig)
    options: dict = {}
    keep_args: list = []
    keep_kwargs: dict = {}
    for name, value in bound.arguments.items():
        param = sig.parameters[name]
        if param.kind is param.VAR_KEYWORD:
            keep_kwargs.update(value)
        elif name not in operands and not _holds_keras_tensor(value):
            options[name] = value
        elif param.kind is param.KEYWORD_ONLY or options or keep_kwargs:
            keep_kwargs[name] = value  # (after an option is taken out: by keyword)
        else:
            keep_args.append(value)
    return tuple(keep_args), keep_kwargs, options


def _split_variadic(sig: inspect.Signature, bound: inspect.BoundArguments) -> tuple:
    """A variadic function's call (einsum's): the operands as the arguments, what comes
    before them (the subscripts, no KerasTensor) as options, as Keras 3's Einsum holds
    them; any keyword arguments kept."""
    args: tuple = ()
    kwargs: dict = {}
    options: dict = {}
    for name, value in bound.arguments.items():
        kind = sig.parameters[name].kind
        if kind is inspect.Parameter.VAR_POSITIONAL:
            args = tuple(value)
        elif kind is inspect.Parameter.VAR_KEYWORD:
            kwargs.update(value)
        elif _holds_keras_tensor(value):
            return bound.args, bound.kwargs, {}  # (a tensor there: the call kept as given)
        else:
            options[name] = value
    return args, kwargs, options


def _holds_keras_tensor(value: Any) -> bool:
    if isinstance(value, KerasTensor):
        return True
    return isinstance(value, (list, tuple)) and any(_holds_keras_tensor(v) for v in value)


@functools.cache
def operation_class(class_name: str) -> type:
    """The Operation subclass named as Keras 3's (`Add`, `GetItem`): its instances are
    named `add`, `get_item`, ... by the usual automatic naming."""
    return type(class_name, (FunctionOperation,), {"__module__": Operation.__module__})


# ---------------------------------------------------------------------------------------
# Python operators on KerasTensors (`x * 2`, `a + b`, `x[:, 0]`) outside any layer: each
# becomes an operation node of the functional graph named as Keras 3 names them
# (`multiply`, `get_item`, ...).
# ---------------------------------------------------------------------------------------

_OPERATIONS = {
    "add": "Add", "radd": "Add", "sub": "Subtract", "rsub": "Subtract", "mul": "Multiply",
    "rmul": "Multiply", "matmul": "Matmul", "rmatmul": "Matmul", "truediv": "TrueDivide",
    "rtruediv": "TrueDivide", "floordiv": "FloorDivide", "rfloordiv": "FloorDivide",
    "mod": "Mod", "rmod": "Mod", "pow": "Power", "rpow": "Power", "neg": "Negative",
    "abs": "Absolute", "lt": "Less", "le": "LessEqual", "gt": "Greater", "ge": "GreaterEqual",
    "ne": "NotEqual", "and": "LogicalAnd", "rand": "LogicalAnd", "or": "LogicalOr",
    "ror": "LogicalOr", "xor": "LogicalXor", "rxor": "LogicalXor", "invert": "LogicalNot",
    "getitem": "GetItem",
}


def _as_bool(x: Any) -> Any:
    return cast(convert_to_tensor(x), "bool")


# Keras 3's `&`, `|`, `^` and `~` on KerasTensors are logical operations of any dtype
# (keras.ops.logical_and and co., which cast their operands to bool), not TF's bitwise
# ones
_LOGICAL: dict = {
    "and": lambda x, y: tm.logical_and(_as_bool(x), _as_bool(y)),
    "or": lambda x, y: tm.logical_or(_as_bool(x), _as_bool(y)),
    "xor": lambda x, y: tm.logical_xor(_as_bool(x), _as_bool(y)),
    "invert": lambda x: tm.logical_not(_as_bool(x)),
}


def _function(name: str) -> Callable:
    """What the operation of `x.__<name>__` applies, its parameters named as keras.ops
    names operands; `2 - x` is subtract(2, x), as Keras 3 records it."""
    if name in _LOGICAL:
        return _named(_LOGICAL[name], name)
    forward = getattr(Tensor, f"__{name}__")
    if f"r{name}" in _OPERATIONS:
        reflected = getattr(Tensor, f"__r{name}__")

        def apply(x: Any, y: Any) -> Any:
            return forward(x, y) if isinstance(x, Tensor) else reflected(y, x)
    elif name in ("neg", "abs", "invert"):
        def apply(x: Any) -> Any:  # type: ignore[misc]
            return forward(x)
    else:  # comparisons, and getitem(x, key)
        def apply(x: Any, y: Any) -> Any:  # type: ignore[misc]
            return forward(x, y)
    apply.__name__ = name
    return apply


def _getitem_check(x: Any, key: Any) -> Any:
    """Keras 3's GetItem rule, for the errors it raises before any op runs: a key of other
    than ints, slices, None and one Ellipsis (alone or in a tuple or list), more indices
    than axes, or an int outside its known axis. The shape itself is then traced."""
    shape = list(x._shape) if x._shape is not None else None
    if isinstance(key, int):
        keys = [key]
    elif isinstance(key, (tuple, list)):
        keys = list(key)
    else:
        raise ValueError(f"Unsupported key type for array slice. Received: `{key}`")
    if shape is None:
        return NotImplemented
    shown = tuple(shape)
    if keys.count(Ellipsis) > 1:
        raise ValueError(f"Slice should only have one ellipsis. Received: `{key}`")
    if Ellipsis not in keys:
        keys.append(Ellipsis)
    while keys:
        sub = keys.pop(0)
        if sub is Ellipsis:
            consumed = len(shape) - (len(keys) - keys.count(None))
            shape = shape[consumed:]
            continue
        if sub is None:
            continue
        if not shape:
            raise ValueError(f"Array has shape {shown} but slice has to many indices. "
                             f"Received: `{key}`")
        length = shape.pop(0)
        if isinstance(sub, int):
            index = sub if sub >= 0 or length is None else sub + length
            if length is not None and not 0 <= index < length:
                raise ValueError(f"Array has shape {shown} but out-of-bounds index {key} "
                                 "was requested.")
        elif not isinstance(sub, slice):
            raise ValueError(f"Unsupported key type for array slice. Received: `{key}`")
    return NotImplemented


_SPECS: dict = {"getitem": _getitem_check}


def _named(fn: Callable, name: str) -> Callable:
    def apply(*args: Any) -> Any:
        return fn(*args)
    apply.__name__ = name
    return apply


def _operator(name: str) -> Any:
    dunder = f"__{name}__"
    op_name = _OPERATIONS[name]
    forward = name[1:] if name.startswith("r") and name[1:] in _OPERATIONS else None
    function = _function(forward or name)
    register_operation(op_name, function)
    cls = operation_class(op_name)
    spec = _SPECS.get(name)
    if spec is not None:
        cls.keras_spec = staticmethod(spec)

    def method(self: KerasTensor, *args: Any) -> Any:
        if in_symbolic_scope():
            return getattr(Tensor, dunder)(self, *args)
        if forward is not None:
            return cls(function)(args[0], self)
        return cls(function)(self, *args)

    method.__name__ = dunder
    return method


_ROUND = operation_class("Round")


def _round(self: KerasTensor, ndigits: Any = None) -> Any:
    """`round(x, ndigits)` is keras.ops.round(x, ndigits or 0): a Round operation holding
    `decimals` in its config, as Keras 3's. keras/ops registers the function (it loads
    after this module, which it imports)."""
    function = _FUNCTIONS["Round"]
    if in_symbolic_scope():
        return function(self, ndigits or 0)
    return _ROUND(function)(self, ndigits or 0)


for _name in _OPERATIONS:
    setattr(KerasTensor, f"__{_name}__", _operator(_name))
KerasTensor.__round__ = _round
