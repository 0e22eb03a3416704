"""TF's Optional ops run eagerly (tf.raw_ops.OptionalFromValue, OptionalNone,
OptionalHasValue, OptionalGetValue), and the optional value IteratorGetNextAsOptional gives.

Data layer, beside iterator_ops.py. An optional's value is a TensorList of its components
(empty: no value), printed as TF prints its OptionalVariant. The ops below give TF's checks
and messages eagerly, in traced graphs and in imported ones (the If/Case gradients TF saves
wrap each branch's intermediates in OptionalFromValue, or OptionalNone for the other
branch's, and the gradient's branch unwraps them).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, shape_str
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.print_v1 import summarize_nested
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.tensor_list_kernels import TensorListValue

_GET_VALUE = "OptionalGetValue"


class OptionalValue(TensorListValue):
    """An optional's value: the list of its components (host arrays), with their dtypes."""

    def __new__(cls, items: Any, dtypes: tuple = ()) -> OptionalValue:
        # (no element dtype: a list of components of several dtypes, read item by item)
        self = super().__new__(cls, items)
        self.dtypes = tuple(dtypes)
        return self

    @property  # type: ignore[override]
    def variant_text(self) -> str:
        if not self:
            return "<OptionalVariant<None>>"
        # (TF's debug text shows the last component only)
        return f"<OptionalVariant<values: ({tensor_text(self[-1], self.dtypes[-1])})>>"


def tensor_text(a: Any, dtype: Any) -> str:
    """A tensor as TF's Tensor::DebugString writes it: "Tensor<type: int64 shape: [2] values:
    1 2>"."""
    a = np.asarray(a)
    if dtype is dt.variant:
        shown = [getattr(v, "variant_text", "<unknown>") for v in a.reshape(-1)[:3]]
        values = " ".join(shown) + ("..." if a.size > 3 else "")
    else:
        values = summarize_nested(a, 3)
    shape = "[" + ",".join(str(d) for d in a.shape) + "]"
    return f"Tensor<type: {C.dtype_word(dtype)} shape: {shape} values: {values}>"


def optional_array(components: Any, dtypes: tuple) -> np.ndarray:
    """A 0-d variant array holding the optional of `components` (none: no value); a
    variant lives on the host, so device arrays are copied there."""
    out = np.empty((), object)
    out[()] = OptionalValue(tuple(to_host(c) for c in components), dtypes)
    return out


def _optional_of(op: str, a: Any) -> OptionalValue:
    if getattr(a, "ndim", 0):
        raise C.fail(op, f"Input to {op} must be a scalar tensor containing an OptionalVariant "
                         "object.")
    held = a[()] if isinstance(a, np.ndarray) and a.dtype == object else a
    if not isinstance(held, OptionalValue):
        raise C.fail(op, f"Input to {op} must be an OptionalVariant object.")
    return held


_FORM = TFForm(takes_handles=True)
_V = ((), dt.variant)


# -- OptionalFromValue, OptionalNone --------------------------------------------------------

def _from_value_infer(*components: Any, **attrs: Any) -> list:
    if not components and _state.graph is not None:  # (a graph's builder checks the attr)
        raise ValueError("Attr 'Toutput_types' of 'OptionalFromValue' Op passed list of "
                         "length 0 less than minimum 1.")
    if not components:
        raise C.fail("OptionalFromValue", "Length for attr 'Toutput_types' of 0 must be at "
                                          "least minimum 1\n\t; NodeDef: {{node "
                                          "OptionalFromValue}}")
    return [_V]


def _from_value(xp: Any, *components: Any, Toutput_types: tuple = ()) -> np.ndarray:
    return optional_array(components, tuple(Toutput_types))


_I = np.array([1, 2], np.int32)
_F = np.array([[1.5], [2.5]], np.float32)
_S = np.array([b"a", b"bc"], object)

FROM_VALUE = register(OpDef(
    "OptionalFromValue", _from_value_infer, _from_value, gpu=False, tf=_FORM,
    reference=lambda *c, Toutput_types: optional_array(c, tuple(Toutput_types)),
    samples=lambda: [Sample((_I, _F), {"Toutput_types": (dt.int32, dt.float32)}, grad=False),
                     Sample((_S,), {"Toutput_types": (dt.string,)}, grad=False)],
))

NONE = register(OpDef(
    "OptionalNone", lambda: [_V], lambda xp: optional_array((), ()), gpu=False, tf=_FORM,
    reference=lambda: optional_array((), ()), samples=lambda: [Sample((), {}, grad=False)],
))


# -- OptionalHasValue, OptionalGetValue -----------------------------------------------------

def _has_value(xp: Any, optional: Any) -> np.ndarray:
    return np.array(bool(_optional_of("OptionalHasValue", optional)))


def _check_lengths(op: str, types: tuple, shapes: tuple) -> None:
    """TF's minimum of one output, in the OpDef's order: a graph's builder refuses it with a
    ValueError. (Eagerly, with both lists empty, TF names either, run by run.)"""
    if types and shapes:
        return
    C.list_attr_at_least(op, "output_types" if not types else "output_shapes", 0, 1)


def _shape_attr(shape: Any) -> tuple | None:
    """One of `output_shapes` as TF's op reads it: an int n is the shape [n] (TF's wrapper
    makes it a TensorShape, which refuses a negative one), a list's -1 an unknown dim, and a
    dim below -1 TF's check of the attr's error (before the kernel runs)."""
    if shape is None:
        return None
    if isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
        if shape < 0:
            raise ValueError(f"Error converting output_shapes to a TensorShape: Dimension "
                             f"{shape} must be >= 0.")
        return (int(shape),)
    dims = tuple(shape)
    if any(d is not None and d < -1 for d in dims):
        raise C.fail(_GET_VALUE, f"Shape {shape_str(dims)} has dimensions with values below "
                                 f"-1 (where -1 means unknown)")
    return tuple(None if d is None or d == -1 else int(d) for d in dims)


def _get_value_infer(optional: Any, *, output_types: tuple, output_shapes: tuple) -> list:
    _check_lengths(_GET_VALUE, output_types, output_shapes)
    output_types = wrapper_inputs.type_list_attr(_GET_VALUE, output_types, "output_types")
    return [(_shape_attr(s), d) for d, s in zip(output_types, output_shapes)]


def check_components(op: str, value: OptionalValue, types: tuple, shapes: tuple) -> None:
    """TF's check that an optional's components are of `types` and `shapes` (those it
    has, as IteratorGetNextAsOptional checks its element)."""
    for i, (a, have, d, want) in enumerate(zip(value, value.dtypes, types, shapes)):
        if have is not d:
            raise C.fail(op, f"The given optional does not match the expected type for "
                             f"component {i}. Expected: {C.dtype_word(d)}. Actual: "
                             f"{C.dtype_word(have)}.")
        if want is not None and (len(want) != a.ndim or any(
                w is not None and w != n for w, n in zip(want, a.shape))):
            raise C.fail(op, f"The given optional does not match the expected shape for "
                             f"component {i}. Expected: {_dims(want)}. Actual: "
                             f"{_dims(a.shape)}.")


def _dims(dims: Any) -> str:
    return "[" + ",".join("?" if d is None else str(d) for d in dims) + "]"


def _get_value(xp: Any, optional: Any, *, output_types: tuple, output_shapes: tuple) -> Any:
    value = _optional_of(_GET_VALUE, optional)
    if len(output_types) != len(output_shapes):
        raise C.fail(_GET_VALUE, f"output_types and output_shapes must be same length, got:\n"
                                 f"output_types: {len(output_types)}\noutput_shapes: "
                                 f"{len(output_shapes)}")
    if not value:
        raise C.fail(_GET_VALUE, "The given optional does not have a value.")
    if len(value) != len(output_types):
        raise C.fail(_GET_VALUE, f"The given optional has {len(value)} components, expected "
                                 f"{len(output_types)}")
    shapes = tuple(_shape_attr(s) for s in output_shapes)
    check_components(_GET_VALUE, value, tuple(output_types), shapes)
    return tuple(value)


def _sample_optional(components: tuple, dtypes: tuple) -> np.ndarray:
    return optional_array(components, dtypes)


def _not_optional() -> np.ndarray:
    out = np.empty((), object)  # (a TensorList's: an optional's list is one of its own)
    out[()] = TensorListValue((), dt.int32)
    return out


_GET_ATTRS = {"output_types": (dt.int32, dt.float32), "output_shapes": ((2,), (2, 1))}

HAS_VALUE = register(OpDef(
    "OptionalHasValue", lambda optional: [((), dt.bool)], _has_value, gpu=False, tf=_FORM,
    reference=lambda o: np.array(bool(o[()])),
    samples=lambda: [Sample((_sample_optional((_I,), (dt.int32,)),), grad=False),
                     Sample((_sample_optional((), ()),), grad=False)],
    bad_samples=lambda: [
        BadSample((_not_optional(),), {}, InvalidArgumentError,
                  "Input to OptionalHasValue must be an OptionalVariant object."),
        BadSample((np.array([_sample_optional((), ())[()]] * 2, object),), {},
                  InvalidArgumentError, "Input to OptionalHasValue must be a scalar tensor "
                                        "containing an OptionalVariant object.")],
))

GET_VALUE = register(OpDef(
    _GET_VALUE, _get_value_infer, _get_value, num_outputs=-1, gpu=False, tf=_FORM,
    arity=lambda ins, attrs: {"output_types": len(attrs["output_types"])},
    reference=lambda o, **_: tuple(o[()]),
    samples=lambda: [Sample((_sample_optional((_I, _F), (dt.int32, dt.float32)),),
                            _GET_ATTRS, grad=False),
                     Sample((_sample_optional((_S,), (dt.string,)),),
                            {"output_types": (dt.string,), "output_shapes": (None,)},
                            grad=False)],
    bad_samples=lambda: [
        BadSample((_sample_optional((), ()),), _GET_ATTRS, InvalidArgumentError,
                  "The given optional does not have a value."),
        BadSample((_sample_optional((_I, _F), (dt.int32, dt.float32)),),
                  {"output_types": (dt.int32,), "output_shapes": ((2,),)}, InvalidArgumentError,
                  "The given optional has 2 components, expected 1"),
        BadSample((_sample_optional((_I, _F), (dt.int32, dt.float32)),),
                  {"output_types": (dt.int32, dt.float32), "output_shapes": ((2,), (3, 1))},
                  InvalidArgumentError, "The given optional does not match the expected shape for "
                             "component 1. Expected: [3,1]. Actual: [2,1]."),
    ],
))

BY_NAME = {op.name: op for op in (FROM_VALUE, NONE, HAS_VALUE, GET_VALUE)}
