"""tf.strings.as_string (AsString: numbers, bools and strings as text, printf's formats)
and tf.strings.format (StringFormat: tensors summarized into a template).

Sits right after string_ops.py in tests/test_layering.py's OPS_ORDER.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, check_finite_size, convert_to_tensor, is_tensor
from eagerflow._src.core.type_names import type_name
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import binds_first, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import slow_inputs
from eagerflow._src.ops.printing import format_tensor
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.string_ops import _WORDS


def _check_as_string_format(scientific: bool, shortest: bool, fill: str) -> None:
    """AsString's checks of its format attributes, in its kernel's order (strings too)."""
    if len(fill) > 1:
        raise C.fail("AsString", "Fill string must be one or fewer characters")
    if scientific and shortest:
        raise C.fail("AsString", "Cannot select both scientific and shortest notation")
    if fill and fill not in " +-0#":
        raise C.fail("AsString", f'Fill argument not supported: "{fill}"')


def _as_string_infer(x: Any, precision: int = -1, scientific: bool = False,
                     shortest: bool = False, width: int = -1, fill: str = "") -> list:
    d = x._dtype
    if d is dt.string or d is dt.variant or d is dt.resource:
        raise C.fail("AsString", f"Value for attr 'T' of {d.name} is not in the list of "
                                 f"allowed values")
    # (TF's checks, in its kernel's order: its int attrs read as int32 first)
    AV.int_attr("AsString", precision, "precision")
    AV.int_attr("AsString", width, "width")
    return [(x._shape, dt.string)]


def _check_as_string_options(dtype: np.dtype, precision: int, scientific: bool,
                             shortest: bool, fill: str) -> None:
    """AsString's kernel's checks of its options (a traced one's run-time errors): an
    integer's or bool's options refused before the fill's and the notation's."""
    if dtype.kind in "iub":  # (TF's kernel formats these with no such options)
        if scientific or shortest:
            raise C.fail("AsString", "scientific and shortest format not supported for "
                                     f"datatype {dtype.name}")
        if precision >= 0:
            raise C.fail("AsString", f"precision not supported for datatype {dtype.name}")
    _check_as_string_format(scientific, shortest, fill)


def _as_string_format(kind: str, precision: int, scientific: bool, shortest: bool,
                      width: int, fill: str) -> str:
    """TF's printf format: `fill` as the flag, then width, precision and conversion."""
    spec = "%" + fill + (str(width) if width > -1 else "")
    if kind == "i":
        return spec + "d"
    if precision > -1:
        spec += f".{precision}"
    return spec + ("e" if scientific else "g" if shortest else "f")


def _printf(spec: str, v: float) -> str:
    """C's printf of one double: Python's % but for inf and NaN, which C pads with spaces
    whatever the 0 flag, and prints with NaN's sign ("-nan")."""
    if math.isfinite(v):
        return spec % v
    spec = spec.replace("%0", "%", 1)
    if math.isnan(v) and math.copysign(1.0, v) < 0:
        return (spec % -math.inf).replace("inf", "nan")
    return spec % v


def _denormal_bound(dtype: np.dtype) -> float:
    """The smallest normal magnitude of the float a TF CPU kernel reads `dtype`'s values as:
    it runs with denormals flushed to zero (float32's for float32, bfloat16 and complex64,
    float64's for float64 and complex128; a float16 converts to a normal float32: none)."""
    if dtype.name == "bfloat16":
        return float(np.finfo(np.float32).tiny)
    if dtype.kind not in "fc" or dtype == np.float16:
        return 0.0
    return float(np.finfo(np.float64).tiny) if dtype in (np.float64, np.complex128) else \
        float(np.finfo(np.float32).tiny)


def _flushed(v: float, tiny: float) -> float:
    return math.copysign(0.0, v) if abs(v) < tiny else v


def _as_string_kernel(xp: Any, arr: Any, precision: int, scientific: bool, shortest: bool,
                      width: int, fill: str) -> Any:
    _check_as_string_options(arr.dtype, precision, scientific, shortest, fill)
    # each string is at least `width` and `precision` characters: refuse what cannot fit
    per = max(width, 0) + max(precision, 0) + 64
    check_finite_size("AsString", (arr.size, per), dt.uint8)
    kind = "b" if arr.dtype == bool else "i" if arr.dtype.kind in "iu" else \
        "c" if arr.dtype.kind == "c" else "f"
    spec = _as_string_format(kind, precision, scientific, shortest, width, fill)
    tiny = _denormal_bound(arr.dtype)
    out = np.empty(arr.shape, dtype=object)
    for idx in np.ndindex(*arr.shape):
        v = arr[idx]
        if kind == "b":
            s = "true" if v else "false"
        elif kind == "i":
            s = spec % int(v)
        elif kind == "c":
            s = f"({_printf(spec, _flushed(float(v.real), tiny))}," \
                f"{_printf(spec, _flushed(float(v.imag), tiny))})"
        else:
            s = _printf(spec, _flushed(float(v), tiny))
        out[idx] = s.encode()
    return out


def _as_string_ref(arr: np.ndarray, precision: int, scientific: bool, shortest: bool,
                   width: int, fill: str) -> np.ndarray:
    def one(v: Any) -> bytes:
        if arr.dtype == bool:
            return b"true" if v else b"false"
        if arr.dtype.kind in "iu":
            text = str(int(v))
        else:
            text = "{:.{p}f}".format(float(v), p=6 if precision < 0 else precision)
        return text.rjust(width, "0" if fill == "0" else " ").encode() if width > 0 else \
            text.encode()
    return np.array([one(v) for v in arr.reshape(-1)], dtype=object).reshape(arr.shape)


_AS_STRING_DEFAULTS = {"precision": -1, "scientific": False, "shortest": False, "width": -1,
                       "fill": ""}
AS_STRING = register(OpDef(
    "AsString", _as_string_infer, _as_string_kernel, reference=_as_string_ref,
    gpu=False,  # (TF registers its CPU kernel only: a GPU's input is copied to the host)
    samples=lambda: [
        Sample((np.array([1.5, -2.25, 1e7]),), dict(_AS_STRING_DEFAULTS), grad=False),
        Sample((np.array([[3, -41]], np.int32),), {**_AS_STRING_DEFAULTS, "width": 4},
               grad=False),
        Sample((np.array([True, False]),), dict(_AS_STRING_DEFAULTS), grad=False),
        Sample((np.array([0.125], np.float32),), {**_AS_STRING_DEFAULTS, "precision": 2},
               grad=False)],
    bad_samples=lambda: [BadSample((_WORDS,), dict(_AS_STRING_DEFAULTS), InvalidArgumentError,
                                   "Value for attr 'T' of string")],
))


def _strings_as_string(x: Any, scientific: bool, shortest: bool, width: int,
                       fill: str) -> Any:
    """AsString of strings, as TF 2.21's kernel: its fill checks, then each string right-
    aligned in `width` (printf's %s: a '-' fill aligns left); precision has no effect."""
    fill = str(fill)
    _check_as_string_format(scientific, shortest, fill)
    if int(width) < 0 or not isinstance(x, EagerTensor):
        return x
    spec = b"%" + (b"-" if fill == "-" else b"") + str(int(width)).encode() + b"s"
    flat = [spec % bytes(v) for v in np.asarray(x._numpy(), dtype=object).reshape(-1)]
    out = np.empty(len(flat), dtype=object)
    out[:] = flat
    return convert_to_tensor(out.reshape(np.shape(x._numpy())), dtype=dt.string)


@dispatchable
@slow_inputs("input")
def as_string(input: Any, precision: int = -1, scientific: bool = False,  # noqa: A002
              shortest: bool = False, width: int = -1, fill: str = "",
              name: str | None = None) -> Any:
    """Formats numbers (floats as %f, 6 decimals by default) and bools as strings; strings
    are returned as they are (TF 2.21's Python does so)."""
    # (the attrs first: TF's, a string input's too)
    a = AV.wrapper_attrs("AsString", precision=precision, scientific=scientific,
                         shortest=shortest, width=width, fill=fill)
    x = convert_to_tensor(input)
    if x._dtype is dt.string:
        return _strings_as_string(x, a["scientific"], a["shortest"], a["width"], a["fill"])
    return bind(AS_STRING, (x,), a, name)


# ---------------------------------------------------------------------------------------
# StringFormat: tf.strings.format.
# ---------------------------------------------------------------------------------------

def _format_infer(*xs: Any, template: str, placeholder: str, summarize: int) -> list:
    for what, v in (("template", template), ("placeholder", placeholder)):
        if not isinstance(v, str):
            raise TypeError(f"Expected string for argument '{what}' not {v!r}. "
                            f"[Op:StringFormat]")
    if not placeholder or template.count(placeholder) != len(xs):
        n = template.count(placeholder) if placeholder else len(template) + 1
        raise C.fail("StringFormat", f"num placeholders in template and num inputs must "
                                     f"match: {n} vs {len(xs)}")
    return [((), dt.string)]


def _format_kernel(xp: Any, *arrays: Any, template: str, placeholder: str,
                   summarize: int) -> Any:
    pieces = template.split(placeholder)
    text = pieces[0] + "".join(format_tensor(np.asarray(a), summarize) + p
                               for a, p in zip(arrays, pieces[1:]))
    out = np.empty((), object)
    out[()] = text.encode("utf-8", "surrogateescape")  # string elements' raw bytes kept
    return out


def _format_ref(*arrays: Any, template: str, placeholder: str, summarize: int) -> Any:
    """The samples' forms: a vector of ints (`[1 2 3]`) and a scalar string (`"s"`)."""
    def text(a: np.ndarray) -> str:
        if a.dtype == object:
            return '"' + a[()].decode() + '"'
        return "[" + " ".join(str(int(v)) for v in a) + "]"
    pieces = template.split(placeholder)
    return np.array((pieces[0] + "".join(text(a) + p for a, p in zip(arrays, pieces[1:])))
                    .encode(), dtype=object)


STRING_FORMAT = register(OpDef(
    "StringFormat", _format_infer, _format_kernel, reference=_format_ref, gpu=False,
    arity=lambda ins, attrs: {"T": len(ins)},
    samples=lambda: [Sample((np.arange(3, dtype=np.int32), np.array(b"s", dtype=object)),
                            {"template": "x={} y={}.", "placeholder": "{}", "summarize": 3},
                            grad=False)],
    bad_samples=lambda: [BadSample((np.arange(3),), {"template": "{} {}", "placeholder": "{}",
                                                     "summarize": 3}, InvalidArgumentError,
                                   "num placeholders in template and num inputs must match")],
))


@dispatchable
@binds_first
def format(template: str, inputs: Any, placeholder: str = "{}",  # noqa: A001
           summarize: int = 3, name: str | None = None) -> Any:
    """`tf.strings.format`: each placeholder of `template` replaced by a tensor printed as
    tf.print prints it (`summarize` items at each end of a dimension)."""
    # (TF wraps one tensor in a list and takes anything else as a sequence: its len())
    xs = [inputs] if is_tensor(inputs) else inputs
    # (TF's Python counts the placeholders first: template.count(placeholder))
    if not isinstance(template, (str, bytes)) and not hasattr(template, "count"):
        raise C.no_attribute(template, "count")
    if isinstance(template, str) and not isinstance(placeholder, str):
        raise TypeError(f"must be str, not {type_name(placeholder)}")
    if template.count(placeholder) != len(xs):
        raise ValueError(f"The template expects {template.count(placeholder)} tensors, but "
                         f"the inputs only has {len(xs)}. Please ensure the number of "
                         "placeholders in template matches inputs length.")
    for what, v in (("template", template), ("placeholder", placeholder)):
        if not isinstance(v, (str, bytes)):  # (the op's attrs)
            raise TypeError(f"Expected string for argument '{what}' not {v!r}.")
    xs = list(xs)
    try:
        ins = tuple(convert_to_tensor(x) for x in xs)
    except (TypeError, ValueError):
        if _state.graph is None:
            raise
        raise wrapper_inputs.list_invalid_error("StringFormat", "inputs", xs) from None
    return bind(STRING_FORMAT, ins,
                {"template": template, "placeholder": placeholder,
                 "summarize": int(summarize)}, name)
