"""tf.function introspection: FunctionType (what `function_type` returns), AtomicFunction
(ConcreteFunction.inference_fn) and the abstract types of tf.types.experimental.

Sits in the function layer beside polymorphic.py and concrete.py, which build these from
their signatures and traces. A FunctionType is an inspect.Signature (so `.bind` works) whose
parameters carry TF's `optional` and `type_constraint`; it prints as TF prints it: str is
`(x: TensorSpec(...), y: Literal[2]) -> TensorSpec(...)`, repr the "Input Parameters: /
Output Type: / Captures:" block.
"""

from __future__ import annotations

import abc
import collections.abc
import inspect
import typing
import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.tensor_spec import TensorSpec, TypeSpec, VariableSpec, is_tensor_spec
from eagerflow._src.core.type_names import type_repr

# -- tf.types.experimental: the abstract classes eagerflow's functions are instances of --

class Callable(abc.ABC):  # noqa: B024  (TF's: an interface with no required method)
    """Something tf.function made that can be called."""


class GenericFunction(Callable):  # noqa: B024
    """A function that traces per input signature (tf.function's result)."""


class PolymorphicFunction(GenericFunction):  # noqa: B024
    """The class of tf.function's result in TF 2.21."""


class ConcreteFunction(Callable):  # noqa: B024
    """One traced graph for one input signature."""


class AtomicFunctionType(Callable):  # noqa: B024
    """The callable graph inside a ConcreteFunction (ConcreteFunction.inference_fn)."""


class TraceType(abc.ABC):  # noqa: B024
    """The type of a traced value (TensorSpec is one)."""


@typing.runtime_checkable
class SupportsTracingProtocol(typing.Protocol):
    """A value that tells tf.function its own trace type."""

    def __tf_tracing_type__(self, context: Any) -> TraceType:
        ...


TraceType.register(TensorSpec)


def tensor_like(variable_class: type) -> Any:
    """TF's TensorLike: the values a tensor argument accepts."""
    return (Tensor | variable_class | int | float | bool | str | bytes | complex | tuple | list
            | np.ndarray | np.generic)


# -- FunctionType -------------------------------------------------------------------------

class Literal:
    """The trace type of a Python value: prints as Literal[value]."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"Literal[{self.value!r}]"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Literal) and type(other.value) is type(self.value) and \
            other.value == self.value

    def __hash__(self) -> int:
        return hash(repr(self))


TraceType.register(Literal)


def literal_accepts(default: Any, value: Any) -> bool:
    """Whether TF's Literal[default] (a parameter an input signature leaves to its default)
    takes `value`: an equal value (2.0 for 2), a bool only for a bool."""
    if value is default:
        return True
    if isinstance(value, bool) != isinstance(default, bool):
        return False
    try:
        return bool(value == default)
    except (TypeError, ValueError):  # (an array's comparison has no single truth)
        return False


def _spec(x: Any, arg: str | None) -> TensorSpec:
    """The spec of a traced value, without the name tracing gave an unnamed spec (the
    argument's), as TF shows it."""
    if isinstance(x, VariableSpec):  # (a variable argument's: shown as it is)
        return x
    default = arg is not None and (x.name == arg or str(x.name).startswith(arg + "_"))
    return TensorSpec(x.shape, x.dtype, None if default else x.name)


class UnknownArgument:
    """What a ConcreteFunction's structured_input_signature holds for an argument traced by
    a weak reference (an object of no trace type of its own, a TensorShape), as TF's: the
    object is not kept alive by the trace, whose type then matches nothing once it dies."""

    __slots__ = ("_ref",)

    def __init__(self, obj: Any) -> None:
        self._ref = weakref.ref(obj)

    def accepts(self, value: Any) -> bool:
        """Whether `value` binds to it: the traced object, or one equal to it, while alive
        (TF's Weakref cast)."""
        obj = self._ref()
        return obj is not None and (value is obj or bool(value == obj))


def type_text(x: Any, arg: str | None = None) -> str:
    """A value's trace type as TF prints it: TensorSpec(...), Tuple[...], Literal[3]."""
    if is_tensor_spec(x):
        return repr(_spec(x, arg))
    if isinstance(x, Tensor):
        return repr(TensorSpec(x.shape, x.dtype))
    if isinstance(x, CompositeTensor):
        return repr(x._type_spec)
    if isinstance(x, (CompositeSpec, TypeSpec)):  # (an IteratorSpec too)
        return repr(x)
    if getattr(x, "_is_distributed_value", False) and hasattr(type(x), "_type_spec"):
        # per-replica results: their spec's name around each replica's (PerReplicaSpec)
        return f"{type(x._type_spec).__name__}(" + ", ".join(
            type_text(v, arg) for v in x.values) + ")"
    if isinstance(x, list):
        return "List[" + ", ".join(type_text(v, arg) for v in x) + "]"
    if isinstance(x, tuple) and hasattr(x, "_fields"):  # a namedtuple: its name and fields
        return f"{type(x).__name__}[" + ", ".join(
            f"[{f!r}, {type_text(v, arg)}]" for f, v in zip(x._fields, x)) + "]"
    if isinstance(x, tuple):
        return "Tuple[" + ", ".join(type_text(v, arg) for v in x) + "]"
    if isinstance(x, dict):
        return "Dict[" + ", ".join(f"[{k!r}, {type_text(v, arg)}]" for k, v in x.items()) + "]"
    if isinstance(x, np.generic) and x.dtype.kind not in "USO":
        return repr(TensorSpec((), x.dtype))
    if isinstance(x, UnknownArgument):  # (its repr's ")" is TF's)
        return f"Weakref[{x._ref!r}])"
    if hasattr(x, "_as_tensor") and hasattr(x, "assign"):  # (a variable: traced by identity)
        return repr(Literal(x))
    try:  # an object traced by identity: TF's Weakref type (its repr's ")" is TF's)
        return f"Weakref[{weakref.ref(x)!r}])"
    except TypeError:
        return repr(Literal(x))


class _Typed:
    """A type constraint that prints as TF's (the structure's types, not its values)."""

    def __init__(self, value: Any, arg: str | None = None) -> None:
        self.value, self._text = value, type_text(value, arg)

    def __repr__(self) -> str:
        return self._text


def trace_type(value: Any, arg: str | None = None) -> Any:
    """The type constraint of a traced value: a TensorSpec for a tensor, else printable."""
    if is_tensor_spec(value):
        return _spec(value, arg)
    if isinstance(value, Tensor):
        return TensorSpec.from_tensor(value)
    return _Typed(value, arg)


class Parameter(inspect.Parameter):
    """A parameter with TF's `optional` (it has a default) and `type_constraint`."""

    __slots__ = ("_optional", "_type_constraint")

    def __init__(self, name: str, kind: Any, optional: bool, type_constraint: Any,
                 default: Any = inspect.Parameter.empty) -> None:
        super().__init__(name, kind, default=default)
        self._optional = optional
        self._type_constraint = type_constraint

    @property
    def optional(self) -> bool:
        return self._optional

    @property
    def type_constraint(self) -> Any:
        return self._type_constraint

    def __repr__(self) -> str:
        return (f"Parameter(name={self.name}, kind={self.kind.name}, optional={self.optional}, "
                f"type_constraint={self.type_constraint!r})")

    def __str__(self) -> str:
        if self.kind is self.VAR_POSITIONAL:
            return f"*{self.name}"
        if self.kind is self.VAR_KEYWORD:
            return f"**{self.name}"
        if self.type_constraint is not None:
            shown = f"{self.name}: {self.type_constraint!r}"
            return shown + " = <captured_default_value>" if self.optional else shown
        return f"{self.name}=<captured_default_value>" if self.optional else self.name


class FunctionType(inspect.Signature):
    """A function's parameters (with their trace types once traced), output and captures."""

    def __init__(self, parameters: list, output: Any = None, captures: dict | None = None,
                 output_text: str | None = None) -> None:
        super().__init__(parameters, __validate_parameters__=False)
        self._output = output
        self._output_text = output_text
        self._captures = dict(captures or {})

    @property
    def output(self) -> Any:
        return self._output

    @property
    def captures(self) -> dict:
        return self._captures

    def __str__(self) -> str:
        # inspect's separators: "/" after positional-only parameters, "*" before keyword-only
        # ones when there is no *args
        parts, params = [], list(self.parameters.values())
        for i, p in enumerate(params):
            if p.kind is p.KEYWORD_ONLY and not any(q.kind is q.VAR_POSITIONAL for q in params) \
                    and (i == 0 or params[i - 1].kind is not p.KEYWORD_ONLY):
                parts.append("*")
            parts.append(str(p))
            if p.kind is p.POSITIONAL_ONLY and (i + 1 == len(params) or
                                                params[i + 1].kind is not p.POSITIONAL_ONLY):
                parts.append("/")
        text = "(" + ", ".join(parts) + ")"
        return text if self._output_text is None else f"{text} -> {self._output_text}"

    def __repr__(self) -> str:
        lines = ["Input Parameters:"]
        lines += [f"  {p.name} ({p.kind.name}): {p.type_constraint!r}"
                  for p in self.parameters.values()]
        lines += ["Output Type:", f"  {self._output_text}", "Captures:"]
        lines += [f"  {k}: {v!r}" for k, v in self._captures.items()] or ["  None"]
        return "\n".join(lines)


def untraced(signature: inspect.Signature | None, input_signature: Any) -> FunctionType:
    """A tf.function's own FunctionType: its Python parameters, typed by input_signature
    when it has one."""
    if signature is None:
        return FunctionType([])
    specs = list(input_signature) if input_signature is not None else None
    params = []
    for i, p in enumerate(signature.parameters.values()):
        typed = None
        if specs is not None and i < len(specs) and p.kind in (p.POSITIONAL_ONLY,
                                                              p.POSITIONAL_OR_KEYWORD):
            typed = specs[i] if is_tensor_spec(specs[i]) else _Typed(specs[i], p.name)
        elif specs is not None and p.default is not p.empty:
            typed = Literal(p.default)  # (left to its default: TF's literal type)
        params.append(Parameter(p.name, p.kind, p.default is not p.empty, typed, p.default))
    return FunctionType(params)


class AtomicFunction:
    """The single graph a ConcreteFunction runs (`inference_fn`): called with the traced
    parameters, or flat with its tensor inputs (`call_flat`)."""

    def __init__(self, concrete: Any) -> None:
        self._concrete = concrete
        self.name = concrete.function_op_name.encode()

    @property
    def function_type(self) -> FunctionType:
        return self._concrete.function_type

    @property
    def graph(self) -> Any:
        return self._concrete.graph

    @property
    def cached_definition(self) -> Any:
        return self._concrete.graph

    @property
    def children(self) -> list:
        return []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.function_type.bind(*args, **kwargs)  # TF's arity check first
        return self._concrete(*args, **kwargs)

    def call_flat(self, *args: Any) -> list:
        out = self._concrete._call_flat(list(args))
        return list(nest.flatten(out))

    def __str__(self) -> str:
        return f"<AtomicFunction> {self.name.decode()}{self.function_type}"

    def __repr__(self) -> str:
        return (f"AtomicFunction(name={self.name!r},\nfunction_type={self.function_type!r},\n"
                f"children=[],\ncached_graph=FuncGraph(name={self._concrete._name}, "
                f"id={id(self._concrete.graph)}))")


AtomicFunctionType.register(AtomicFunction)


def extension_cast_reason(spec: CompositeSpec, value: Any) -> str | None:
    """Why a value that is not of an extension type's class does not bind to its spec, in
    TF's words (TF's spec reads the value's `__dict__[field]`: a KeyError naming the first
    field, or the AttributeError of a value without a `__dict__`); None for a value of it."""
    cls = getattr(spec, "_value_class", None)
    if cls is None or isinstance(value, cls):
        return None
    if isinstance(value, (Tensor, CompositeTensor)) or hasattr(value, "__dict__"):
        return repr(cls._tf_fields[0]) if cls._tf_fields else None
    return f"{type(value).__name__!r} object has no attribute '__dict__'"


def sanitize_arg_name(name: str) -> str:
    """A parameter name as TF's FunctionType makes it of a keyword that is not a Python
    identifier (a signature's input "Feature-1" is the parameter `Feature_1`, "2x" is
    `arg_2x`): other characters than letters and digits as "_", "arg_" before one that
    starts otherwise than with a letter."""
    swapped = "".join(c if c.isalnum() else "_" for c in name)
    return swapped if swapped[:1].isalpha() else "arg_" + swapped


def structure_cast_reason(spec: Any, value: Any) -> str | None:
    """Why `value` does not fit the list, tuple or dict structure of an input signature's
    `spec`, in TF's words (its trace types' casts: a list or tuple only for its own kind,
    a mapping only with the same keys); None where it fits or where the leaves decide."""
    if isinstance(spec, tuple) and hasattr(spec, "_fields"):
        if not isinstance(value, tuple):
            return None  # (nest's structure check words it)
        if type(value) is not type(spec):
            return f"Cannot cast {value!r} to type {type(spec)!r}."
        pairs: Any = zip(spec, value)
        return next((r for s, v in pairs if (r := structure_cast_reason(s, v)) is not None),
                    None)
    if isinstance(spec, list):
        if not isinstance(value, list):
            return f"Can not cast {value!r} to list type."
        if len(value) != len(spec):
            return "object of type 'Tuple' has no len()"  # (TF's List cast says so)
        pairs = zip(spec, value)
    elif isinstance(spec, tuple):
        if not isinstance(value, tuple):
            return f"Can not cast {value!r} to tuple type."
        if len(value) != len(spec):
            return f"Expected {value} to have length of {len(spec)}"
        pairs = zip(spec, value)
    elif isinstance(spec, dict):
        if not isinstance(value, collections.abc.Mapping):
            return f"Can not cast {value!r} to a Dict type."
        if set(value) != set(spec):
            return f"{value!r} has different keys with the TraceType {type_text(spec)}."
        pairs = ((s, value[k]) for k, s in spec.items())
    elif is_tensor_spec(spec) and isinstance(value, collections.abc.Mapping):
        return (f"Attempt to convert a value ({value!r}) with an unsupported type "
                f"({type_repr(value)}) to a Tensor.")
    else:
        return None
    return next((r for s, v in pairs if (r := structure_cast_reason(s, v)) is not None), None)


def components_fit(spec: CompositeSpec, value: Any) -> bool:
    """Whether a composite `value` of `spec`'s kind binds to it as TF binds it, by its
    components: a SparseTensor whose known dense shape differs from the spec's static
    shape binds (the spec's shape is the one the function sees)."""
    if not isinstance(value, CompositeTensor) or type(value._type_spec) is not type(spec):
        return False
    want = list(spec._component_specs)
    got = list(value._type_spec._to_components(value))
    return len(want) == len(got) and all(
        part.dtype is cs.dtype and cs.shape.is_compatible_with(part.shape)
        for cs, part in zip(want, got))


def composite_cast_reason(spec: CompositeSpec, value: Any) -> str:
    """Why `value` does not bind to the composite `spec`, in TF's words: a component count
    that differs (a dense tensor, another ragged rank) is nest's structure mismatch over
    the components; otherwise the first component that does not fit, or the whole."""
    want = list(spec._component_specs)
    if isinstance(spec, SparseTensorSpec) and isinstance(value, (Tensor, CompositeTensor)) \
            and not isinstance(value, SparseTensor):
        # (TF reads the value's parts as a SparseTensor's, the first its indices)
        return f"'{type(value).__name__}' object has no attribute 'indices'"
    if isinstance(value, Tensor):
        got: list | None = [value]
    elif isinstance(value, CompositeTensor) and type(value._type_spec) is type(spec):
        got = list(value._type_spec._to_components(value))
    elif isinstance(value, SparseTensor):  # (a ragged spec's: one part, the value)
        got = [value]
    elif not isinstance(value, CompositeTensor):
        try:  # (a ragged spec's components of any other value: the value, as flat values)
            got = list(spec._to_components(value))
        except (AttributeError, TypeError, ValueError):
            got = None
    else:
        got = None
    if got is not None:
        try:
            nest.assert_same_structure(want, got)
        except (ValueError, TypeError) as e:
            return str(e)
    if got is not None and isinstance(value, CompositeTensor):
        for cs, part in zip(want, got):
            if part.dtype is not cs.dtype or not cs.shape.is_compatible_with(part.shape):
                return f"Can not cast {TensorSpec(part.shape, part.dtype)!r} to {cs!r}"
    return f"Can not cast {value!r} to {spec!r}"


def endpoint_text(name: str, args: list, outputs: Any, captures: dict) -> str:
    """An exported endpoint as Keras 3 prints it after writing a SavedModel: `args` are
    (label, value) pairs, `captures` its function's (FunctionType.captures)."""
    lines = [f"* Endpoint '{name}'"]
    lines += [f"  {label}: {type_text(a)}" for label, a in args]
    lines += ["Output Type:", f"  {type_text(outputs)}", "Captures:"]
    caps = [f"  {k}: {v!r}" for k, v in captures.items()]
    return "\n".join(lines + (caps or ["  None"]))


def saved_artifact_text(filepath: Any, blocks: list) -> str:
    """Keras 3's note after an export: the folder, then each endpoint's `endpoint_text`."""
    return (f"Saved artifact at '{filepath}'. The following endpoints are available:\n\n"
            + "\n\n".join(blocks))
