"""tf.strings: elementwise string ops over `string` tensors (object arrays of bytes).

Sits in the ops layer. Each primitive is an OpDef (no gradients: strings are not
differentiable) whose kernel maps a Python function over the elements; the byte-wise ones
(case changes, a character-class regex replace) run once over all the strings joined by
NULs and keep that buffer as the result's packed form (packed_strings), which split,
unique and table lookups read without a Python call per string. Case changes are
ASCII-only and lengths count bytes unless asked for UTF-8 characters, as in TF. Splits
into RaggedTensors are in ragged_strings.
"""

from __future__ import annotations

import collections.abc
import functools
import re
import unicodedata
from pathlib import Path
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError, OutOfRangeError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    convert_to_tensor,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import binds_first, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import slow_inputs, slow_path, slow_type, wrapped_name
from eagerflow._src.ops.elementwise import as_fixed_type, binary_args, composite_arg
from eagerflow._src.ops.packed_strings import Packed, attach, packed_of
from eagerflow._src.ops.regex_ops import REGEX_FULL_MATCH, REGEX_REPLACE, re2_template, replacer
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.wrapper_inputs import passed_raw

re2 = lazy_module("eagerflow._src.ops.re2")  # RE2 patterns: loaded by the first regex op

_WORDS = np.array([[b"Hello World", b"  tab\tEnd \n"], [b"caf\xc3\xa9", b""]], dtype=object)


def _map(fn: Callable, out: Any = object) -> Callable:
    """`fn` over each element, one Python call per element of a list (no per-element NumPy
    indexing, which would cost more than most string functions)."""
    def apply(x: np.ndarray) -> np.ndarray:
        res = np.empty(x.size, dtype=out)
        res[:] = [fn(v) for v in x.reshape(-1).tolist()]
        return res.reshape(x.shape)
    return apply


def _as_tensor(x: Any, op: str | None = None, arg: str = "input") -> Any:
    """An input TF's signature types string, converted as TF's op wrappers convert it:
    a tensor as it is (the op refuses another dtype), anything else to string (a Python
    value that is not one a TypeError, "Cannot convert [1] to EagerTensor of dtype
    string"; a NumPy array of numbers a ValueError). `op`, `arg`: TF's names of the op and
    its input, which TF's graph builder's refusal of a composite (a SparseTensor) quotes."""
    return as_fixed_type(x, dt.string, arg=composite_arg(x, op, arg))


def _joined(x: np.ndarray, fn: Callable) -> np.ndarray | None:
    """`fn` applied to all strings of `x` at once, joined by NUL bytes (for byte-wise
    functions that keep NULs and never join two strings' bytes), or None when a string
    holds a NUL. A vector's result keeps that joined buffer as its packed form; where `fn`
    changed nothing, the result holds `x`'s own strings."""
    packed = packed_of(x)
    if packed is not None and packed.sep == b"\x00":
        whole = packed.buf
    else:
        packed = None
        values = x.reshape(-1).tolist()
        whole = b"\x00".join(values)
        if whole.count(b"\x00") != len(values) - 1:
            return None
    done = fn(whole)
    if done == whole:
        res = x.reshape(-1).copy()
    else:
        out = done.split(b"\x00")
        if len(out) != x.size:
            return None
        res = np.fromiter(out, object, x.size)
    if x.ndim != 1:
        return res.reshape(x.shape)
    if packed is not None and len(done) == len(whole) and _nuls_at(done, packed.ends[:-1]):
        return attach(res, Packed(done, packed.starts, packed.ends, b"\x00"))
    return attach(res, Packed.joined(done, b"\x00", x.size))


def _nuls_at(buf: bytes, at: np.ndarray) -> bool:
    """Whether the NULs of `buf` are exactly at `at` (then a result of the same length
    keeps its input's offsets, as case changes do)."""
    return buf.count(b"\x00") == at.size and bool((np.frombuffer(buf, np.uint8)[at] == 0).all())


def _unary_string(name: str, fn: Callable, out_dtype: dt.DType, ref: Callable,
                  attrs: dict | None = None, batch: Callable | None = None,
                  whole: Callable | None = None, check: Callable | None = None) -> OpDef:
    """A string op applying `fn(value, **attrs)` to each element; `batch(**attrs)`, when
    given, makes the per-element function once per call (a compiled regex); `whole(**attrs)`
    a function of all the strings joined (see _joined), or None where it does not apply;
    `check(**attrs)`: the checks TF's kernel makes of its attrs as it is made (eagerly, or
    when a graph runs: not while tracing)."""
    np_out = object if out_dtype is dt.string else out_dtype.as_numpy_dtype
    attrs = attrs or {}

    def infer(x: Any, **kw: Any) -> list:
        C.check_string(name, x)
        for k, v in kw.items():  # the str attrs (pattern, rewrite, ...) must be strings
            if isinstance(attrs.get(k), str) and not isinstance(v, str):
                raise TypeError(f"Expected string for argument '{k}' not {v!r}. [Op:{name}]")
        return [(x._shape, out_dtype)]

    def kernel(xp: Any, x: Any, **kw: Any) -> Any:
        if check is not None:
            check(**kw)
        joined = whole(**kw) if whole is not None and x.size else None
        if joined is not None:
            out = _joined(x, joined)
            if out is not None:
                return out
        return _map(batch(**kw) if batch is not None else (lambda v: fn(v, **kw)), np_out)(x)

    def reference(x: np.ndarray, **kw: Any) -> np.ndarray:
        return np.array([ref(v, **kw) for v in x.reshape(-1)], dtype=np_out).reshape(x.shape)

    return register(OpDef(
        name, infer, kernel, reference=reference,
        samples=lambda: [Sample((_WORDS,), dict(attrs), grad=False)],
        bad_samples=lambda: [
            BadSample((np.ones(2, np.int32),), dict(attrs), InvalidArgumentError,
                      "was expected to be a string tensor but is a int32 tensor")]))


def _ascii_case(upper: bool) -> Callable:
    table = bytes.maketrans(b"abcdefghijklmnopqrstuvwxyz", b"ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if not upper:
        table = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
    unicode_case = str.upper if upper else str.lower

    def case(v: bytes, encoding: str = "") -> bytes:
        if encoding:  # "utf-8": Unicode's full case mapping (ICU's: ß upper is SS) of the
            # string up to its first NUL (TF hands ICU a C string), each ill-formed UTF-8
            # sequence one U+FFFD (ICU's maximal subparts, as Python's "replace" marks them)
            text = v.split(b"\x00", 1)[0].decode("utf-8", errors="replace")
            return unicode_case(text).encode("utf-8")
        return v.translate(table)  # (NULs kept: usable on joined strings)
    return case


def _case_whole(upper: bool) -> Callable:
    ascii_case = _ascii_case(upper)
    return lambda encoding: ascii_case if not encoding else None


def _str_attr(value: Any, what: str) -> str:
    """A string attr as TF's op wrapper reads it (bytes too), before any input is
    converted; anything else its TypeError."""
    if type(value) is str:
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    raise TypeError(f"Expected string for argument '{what}' not {value!r}.")


def _case_encoding(op: str) -> Callable:
    """StringLower's / StringUpper's kernel's check of its encoding."""
    def check(encoding: str) -> None:
        if encoding not in ("", "utf-8"):
            raise C.fail(op, f"only utf-8 or '' (no encoding) is supported, received {encoding}")
    return check


_TRAIL_BYTES = bytes(range(0x80, 0xC0))


def _length(v: bytes, unit: str) -> int:
    # TF counts the bytes that start a character: all but UTF-8's trail bytes
    return len(v.translate(None, _TRAIL_BYTES)) if unit == "UTF8_CHAR" else len(v)


STRING_LOWER = _unary_string("StringLower", _ascii_case(False), dt.string,
                             lambda v, encoding: bytes(c + 32 if 65 <= c <= 90 else c for c in v),
                             {"encoding": ""}, whole=_case_whole(False),
                             check=_case_encoding("StringLower"))
STRING_UPPER = _unary_string("StringUpper", _ascii_case(True), dt.string,
                             lambda v, encoding: bytes(c - 32 if 97 <= c <= 122 else c for c in v),
                             {"encoding": ""}, whole=_case_whole(True),
                             check=_case_encoding("StringUpper"))
STRING_STRIP = _unary_string("StringStrip", lambda v: v.strip(b" \t\n\v\f\r"), dt.string,
                             lambda v: v.decode("latin-1").strip(" \t\n\v\f\r").encode("latin-1"))
STRING_LENGTH = _unary_string("StringLength", _length, dt.int32,
                              lambda v, unit: sum(1 for c in v if unit == "BYTE" or
                                                  (c & 0xC0) != 0x80),
                              {"unit": "UTF8_CHAR"})




def _regex_replace(v: bytes, pattern: str, rewrite: str, replace_global: bool) -> bytes:
    return _regex_replacer(pattern, rewrite, replace_global)(v)


def _regex_replace_ref(v: bytes, pattern: str, rewrite: str, replace_global: bool) -> bytes:
    out, pos, done = b"", 0, False
    template = re2_template(rewrite, re.compile(pattern).groups)
    for m in re.finditer(pattern.encode(), v) if template is not None else ():
        if done:
            break
        out += v[pos:m.start()] + m.expand(template.encode())
        pos = m.end()
        done = not replace_global
    return out + v[pos:]


_CHAR_CLASS = re.compile(r"\[(?:[^\]\\]|\\.)+\]\+?")  # (no `*`: no empty matches)


def _regex_joined(pattern: str, rewrite: str, replace_global: bool) -> Callable | None:
    """For a pattern that is one character class (TextVectorization's punctuation), the
    replacement over all strings joined by NULs: each match stays inside one string when the
    class excludes NUL. None for any other pattern."""
    if not replace_global or not _CHAR_CLASS.fullmatch(pattern):
        return None
    rx = re2.compile_re2(pattern, "StaticRegexReplace")
    template = re2_template(rewrite, rx.groups)
    if template is None or rx.empty or rx.fullmatch(b"\x00") or "\x00" in template:
        return None
    if not rx.unicode and not template and pattern.isascii():
        # deleting each byte of the class deletes every run
        gone = bytes(b for b in range(128) if rx.fullmatch(bytes([b])))
        return lambda whole: whole.translate(None, gone)
    return rx.replacer(template, True)


def _regex_replacer(pattern: str, rewrite: str, replace_global: bool) -> Callable:
    """_regex_replace with the pattern compiled once (for a whole tensor): RE2's matching
    and replacement (re2.py)."""
    return replacer(pattern, rewrite, replace_global, "StaticRegexReplace")


def _regex_full_match(v: bytes, pattern: str) -> bool:
    return re2.compile_re2(pattern, "StaticRegexFullMatch").fullmatch(v)


STATIC_REGEX_REPLACE = _unary_string(
    "StaticRegexReplace", _regex_replace, dt.string, _regex_replace_ref,
    {"pattern": "([aeiou])([a-z]?)", "rewrite": "<\\0|\\2\\1\\\\>", "replace_global": True},
    batch=_regex_replacer, whole=_regex_joined,
    check=lambda pattern, **_: re2.compile_re2(pattern, "StaticRegexReplace"))
STATIC_REGEX_FULL_MATCH = _unary_string(
    "StaticRegexFullMatch", _regex_full_match,
    dt.bool, lambda v, pattern: bool(re.match(b"(?:" + pattern.encode() + b")\\Z", v)),
    {"pattern": "[A-Za-z ]+"},
    batch=lambda pattern: re2.compile_re2(pattern, "StaticRegexFullMatch").fullmatch,
    check=lambda pattern: re2.compile_re2(pattern, "StaticRegexFullMatch"))


_INT_TEXT = re.compile(r"\s*[+-]?[0-9]+\s*")
_UINT_TEXT = re.compile(r"\s*\+?[0-9]+\s*")  # (TF's unsigned parsing takes no '-', not even -0)
_HEX_TEXT = re.compile(r"\s*[+-]?0[xX]")
_INT_RANGE = {dt.int32: (-2**31, 2**31 - 1), dt.int64: (-2**63, 2**63 - 1),
              dt.uint32: (0, 2**32 - 1), dt.uint64: (0, 2**64 - 1)}


# a NaN with a payload, which TF's float parsing (C's from_chars) reads as NaN
_NAN_PAYLOAD = re.compile(r"\s*([+-]?nan)\([0-9A-Za-z_]*\)\s*", re.IGNORECASE | re.ASCII)


def _to_number(v: bytes, out_type: dt.DType) -> Any:
    """TF's safe_strto*: decimal integers in range; floats as strtod reads them (hex too,
    "nan(...)" too), of ASCII only (no other script's digits or spaces, which Python's float
    takes), no digit separators; whitespace around either."""
    text = v.decode("utf-8", errors="replace")
    try:
        if out_type.is_floating:
            nan = _NAN_PAYLOAD.fullmatch(text)
            if nan:  # (its payload may hold "_")
                return float(nan.group(1))
            if "_" in text or not text.isascii():
                raise ValueError(text)
            try:
                return float(text)
            except ValueError:
                if not _HEX_TEXT.match(text):
                    raise
                return float.fromhex(text.strip())
        if (_UINT_TEXT if out_type in (dt.uint32, dt.uint64) else _INT_TEXT).fullmatch(text):
            lo, hi = _INT_RANGE[out_type]
            if lo <= int(text) <= hi:
                return int(text)
        raise ValueError(text)
    except ValueError:
        raise InvalidArgumentError(None, None, _unconvertible_text(v)) from None


def _unconvertible_text(v: bytes) -> str:
    """TF's message, its C string (up to a NUL) holding the string's raw bytes: invalid
    UTF-8 kept as surrogate escapes, so that the message's final form, eager or a traced
    function's, is Python's UnicodeDecodeError of it whole (errors.c_text), its position
    counted from that form's own prefix."""
    raw = b"StringToNumberOp could not correctly convert string: " + v
    return raw.split(b"\0")[0].decode("utf-8", "surrogateescape") + " [Op:StringToNumber]"


def _to_number_infer(x: Any, out_type: dt.DType) -> list:
    C.dtype_attr("StringToNumber", out_type, "out_type",
                 frozenset((dt.float32, dt.float64, dt.int32, dt.int64, dt.uint32,
                            dt.uint64)))
    C.check_string("StringToNumber", x)  # (after the attr's allowed values, as TF's runtime)
    return [(x._shape, out_type)]


STRING_TO_NUMBER = register(OpDef(
    "StringToNumber", _to_number_infer,
    lambda xp, x, out_type: _map(lambda v: _to_number(v, out_type),
                                 out_type.as_numpy_dtype)(x),
    reference=lambda x, out_type: np.array([float(v) if out_type.is_floating else int(v)
                                            for v in x.reshape(-1)],
                                           out_type.as_numpy_dtype).reshape(x.shape),
    samples=lambda: [Sample((np.array([b"1.5", b"-2", b" 3e2"], dtype=object),),
                            {"out_type": dt.float32}, grad=False),
                     Sample((np.array([[b"7", b"-12"]], dtype=object),), {"out_type": dt.int64},
                            grad=False)],
    bad_samples=lambda: [BadSample((np.array([b"x"], dtype=object),), {"out_type": dt.float32},
                                   InvalidArgumentError, "could not correctly convert string: x")],
))


@functools.lru_cache(maxsize=1)
def _script_runs() -> tuple:
    """unicode_scripts.txt (ICU's script of every code point, as runs): the first code
    point of each run and the run's script."""
    rows = [line.split() for line in
            Path(__file__).with_name("unicode_scripts.txt").read_text().splitlines()
            if line and not line.startswith("#")]
    return (np.array([int(start, 16) for start, _ in rows], np.int64),
            np.array([int(script) for _, script in rows], np.int32))


def _unicode_script_infer(x: Any) -> list:
    if x._dtype is not dt.int32:
        raise C.wrong_input_dtype("UnicodeScript", 0, dt.int32, x._dtype)
    return [(x._shape, dt.int32)]


def _unicode_script_kernel(xp: Any, x: np.ndarray) -> np.ndarray:
    starts, scripts = _script_runs()
    out = scripts[np.searchsorted(starts, x, side="right") - 1]
    return np.where((x < 0) | (x > 0x10FFFF), np.int32(-1), out)


def _unicode_script_ref(x: np.ndarray) -> np.ndarray:
    """Python's Unicode database names a letter by its script for the common scripts;
    the rest (and anything Python's Unicode version lacks) is left out as -2."""
    prefixes = {"LATIN ": 25, "GREEK ": 14, "CYRILLIC ": 8, "HEBREW ": 19, "ARABIC ": 2,
                "CJK UNIFIED IDEOGRAPH-": 17, "HANGUL SYLLABLE ": 18, "HIRAGANA ": 20,
                "KATAKANA ": 22, "DEVANAGARI ": 10, "THAI ": 38}
    out = np.full(x.shape, -2, np.int32)
    for i, c in np.ndenumerate(x):
        if not 0 <= c <= 0x10FFFF:
            out[i] = -1
            continue
        ch = chr(int(c))
        name = unicodedata.name(ch, "")
        if unicodedata.category(ch).startswith("L") and "LETTER" in name or \
                name.startswith(("CJK UNIFIED", "HANGUL SYLLABLE")):
            out[i] = next((v for p, v in prefixes.items() if name.startswith(p)), -2)
    return out


UNICODE_SCRIPT = register(OpDef(
    "UnicodeScript", _unicode_script_infer, _unicode_script_kernel,
    reference=_unicode_script_ref, gpu=False,
    samples=lambda: [Sample((np.array([[65, 0x3B1, 0x5D0], [0x4E00, 0xAC00, 0x430]],
                                      np.int32),), {}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([65], np.int64),), {}, InvalidArgumentError,
                  "cannot compute UnicodeScript as input #0(zero-based) was expected to be "
                  "a int32 tensor but is a int64 tensor")],
))


# ---------------------------------------------------------------------------------------
# Public functions.
# ---------------------------------------------------------------------------------------

@dispatchable
@slow_inputs("input")
def lower(input: Any, encoding: str = "", name: str | None = None) -> Any:  # noqa: A002
    attrs = AV.wrapper_attrs("StringLower", encoding=encoding)
    return bind(STRING_LOWER, (_as_tensor(input, "StringLower"),), attrs, name)


@dispatchable
@slow_inputs("input")
def upper(input: Any, encoding: str = "", name: str | None = None) -> Any:  # noqa: A002
    attrs = AV.wrapper_attrs("StringUpper", encoding=encoding)
    return bind(STRING_UPPER, (_as_tensor(input, "StringUpper"),), attrs, name)


@dispatchable
@slow_inputs("input")
def strip(input: Any, name: str | None = None) -> Any:  # noqa: A002
    return bind(STRING_STRIP, (_as_tensor(input, "StringStrip"),), {}, name)


@dispatchable
@binds_first
@slow_inputs("input")
def length(input: Any, unit: str = "BYTE", name: str | None = None) -> Any:  # noqa: A002
    unit = _unit_attr("StringLength", unit)
    return bind(STRING_LENGTH, (_as_tensor(input, "StringLength"),), {"unit": unit}, name)


def _unit_attr(op: str, unit: Any) -> str:
    """A `unit` attr: "BYTE" or "UTF8_CHAR", else TF's refusal of the attr's value."""
    unit = _str_attr(wrapper_inputs.or_default(op, "unit", unit), "unit")
    C.string_attr_in(op, "unit", unit, ("BYTE", "UTF8_CHAR"))
    return unit


@dispatchable
@binds_first
@slow_inputs("input")
def regex_replace(input: Any, pattern: str, rewrite: str,  # noqa: A002
                  replace_global: bool = True, name: str | None = None) -> Any:
    # (the attr first, a bool only: TF's fast path refuses anything else, and its fallback
    # checks the attrs before it converts the inputs)
    attrs = AV.wrapper_attrs("RegexReplace", replace_global=replace_global)
    if not (isinstance(pattern, (str, bytes)) and isinstance(rewrite, (str, bytes))):
        # a pattern or rewrite given as a tensor: TF's RegexReplace, which takes them as
        # inputs (a Python string pattern is then a constant, which sends TF's wrapper
        # down its slow path)
        if isinstance(input, CompositeTensor):  # (TF's graph builder's refusal first)
            _as_tensor(input, "RegexReplace")
        wrapper_inputs.slow_strings(input, pattern, rewrite)
        try:
            return bind(REGEX_REPLACE, (_as_tensor(input, "RegexReplace"), _as_tensor(pattern),
                                        _as_tensor(rewrite)), attrs, name)
        except OpError as e:
            raise (slow_path(e) if passed_raw(pattern, rewrite) else e) from None
    return bind(STATIC_REGEX_REPLACE, (_as_tensor(input, "StaticRegexReplace"),),
                {"pattern": _attr_text(pattern), "rewrite": _attr_text(rewrite), **attrs}, name)


@dispatchable
@binds_first
@slow_inputs("input")
def regex_full_match(input: Any, pattern: str, name: str | None = None) -> Any:  # noqa: A002
    if not isinstance(pattern, (str, bytes)):  # a tensor pattern: TF's RegexFullMatch
        if isinstance(input, CompositeTensor):  # (TF's graph builder's refusal first)
            _as_tensor(input, "RegexFullMatch")
        slow = wrapper_inputs.slow_strings(input, pattern)  # (a list among them: TF's slow path)
        try:
            return bind(REGEX_FULL_MATCH, (_as_tensor(input, "RegexFullMatch"),
                                           _as_tensor(pattern)), {}, name)
        except OpError as e:
            raise (slow_path(e) if slow else e) from None
    return bind(STATIC_REGEX_FULL_MATCH, (_as_tensor(input, "StaticRegexFullMatch"),),
                {"pattern": _attr_text(pattern)}, name)


def _attr_text(value: str | bytes) -> str:
    """A static regex attr given as bytes, as TF's attr holds them: raw, invalid UTF-8
    bytes kept as surrogate escapes (RE2 refuses them in a pattern, copies them from a
    rewrite)."""
    return value.decode("utf-8", "surrogateescape") if isinstance(value, bytes) else value


@dispatchable
@binds_first
@slow_inputs("input", "out_type:type")
def to_number(input: Any, out_type: Any = dt.float32, name: str | None = None) -> Any:  # noqa: A002
    slow = passed_raw(input) or slow_type(out_type)
    # (read by TF's op wrapper, as its attr: None its default)
    out_type = AV.wrapper_attrs("StringToNumber", out_type=out_type)["out_type"]
    wrapper_inputs.slow_typed_inputs(slow, (input, dt.string))  # (its slow path's conversion)
    x = _as_tensor(input, "StringToNumber", "string_tensor")
    return bind(STRING_TO_NUMBER, (x,), {"out_type": out_type}, name)


def _eager_strings(x: Any, fn: str) -> np.ndarray:
    t = _as_tensor(x)
    C.check_string(fn, t)
    if not hasattr(t, "_arr"):
        raise TypeError(f"tf.strings.{fn} needs its input known when the op is built")
    return t._numpy()


def _join_kernel(xp: Any, *arrays: Any, separator: bytes) -> Any:
    # (inputs of one shape, or scalars: checked here too for shapes a graph knew only in
    # part, as TF's kernel checks them when the graph runs)
    shaped = [a.shape for a in arrays if a.shape != ()]
    for other in shaped[1:]:
        if other != shaped[0]:
            raise C.fail("StringJoin", f"Input shapes do not match: {C.shape_str(shaped[0])} "
                                       f"vs. {C.shape_str(other)}")
    bs = np.broadcast_arrays(*arrays)
    out = np.empty(bs[0].shape, dtype=object)
    for idx in np.ndindex(*out.shape):
        out[idx] = separator.join(b[idx] for b in bs)
    return out


def _join_infer(*xs: Any, separator: bytes) -> list:
    """Inputs of one shape, or scalars (TF broadcasts nothing else)."""
    separator_attr("StringJoin", separator)
    shape: Any = ()
    for i, x in enumerate(xs):
        if x._dtype is not dt.string:
            raise C.fail("StringJoin", f"cannot compute StringJoin as input #{i}(zero-based) was "
                                       f"expected to be a string tensor but is a "
                                       f"{C.dtype_word(x._dtype)} tensor")
        if x._shape == ():
            continue
        if shape != () and not C.compatible(shape, x._shape):
            if _state.graph is not None and shape is not None:  # (its shape function's
                C.merge_shapes("StringJoin", shape, x._shape)  # ValueError: shape_errors.py)
            raise C.fail("StringJoin", f"Input shapes do not match: {C.shape_str(shape)} vs. "
                                       f"{C.shape_str(x._shape)}")
        shape = x._shape if shape == () or shape is None else shape
    return [(shape, dt.string)]


STRING_JOIN = register(OpDef(
    "StringJoin", _join_infer, _join_kernel,
    arity=lambda ins, attrs: {"N": len(ins)},
    reference=lambda *xs, separator: np.vectorize(lambda *v: separator.join(v),
                                                  otypes=[object])(*xs),
    samples=lambda: [
        Sample((_WORDS, np.array(b"!", dtype=object)), {"separator": b"-"}, grad=False),
        Sample((_WORDS, _WORDS[::-1]), {"separator": b""}, grad=False)],
    bad_samples=lambda: [BadSample((_WORDS, np.ones(2, np.int32)), {"separator": b""},
                           InvalidArgumentError, "input #1(zero-based)")],
    # TF joins inputs of one shape (or scalars): broadcast first
    tf=TFForm(export=lambda n, b: b.node("StringJoin", [b.broadcast_inputs()],
                                         {"separator": n.attrs["separator"]})),
))


def _join_sequence(inputs: Any) -> bool:
    """Whether TF 2.21's fast path reads `inputs` as StringJoin's list: a sequence (a
    tensor's rows too), not a NumPy array, set, dict or iterator, nor a non-empty str."""
    if isinstance(inputs, (Tensor, list, tuple)):
        return True
    if isinstance(inputs, np.ndarray):  # (an empty one only: no items, an empty list)
        return inputs.ndim > 0 and len(inputs) == 0
    if isinstance(inputs, (str, bytes, bytearray)):
        return not inputs
    return isinstance(inputs, collections.abc.Sequence)


@dispatchable
@binds_first
@slow_inputs("inputs[]")
def join(inputs: Any, separator: str = "", name: str | None = None) -> Any:
    """Elementwise concatenation of the (broadcast) inputs with `separator`."""
    separator = "" if separator is None else separator  # (TF's fast path: the default)
    if not isinstance(separator, (str, bytes)):
        if not isinstance(inputs, (list, tuple)):  # (TF's slow path asks for a list first)
            raise TypeError(f"Expected list for 'inputs' argument to 'string_join' Op, not "
                            f"{inputs!r}.")
        raise TypeError(f"Expected string for argument 'separator' not {separator!r}.")
    # (after the attr: TF's fast path reads that first)
    wrapper_inputs.check_list_input(inputs, "N")
    if not _join_sequence(inputs):  # (TF's fast path gave up: its slow path's refusal)
        raise TypeError(f"Expected list for 'inputs' argument to 'string_join' Op, not "
                        f"{inputs!r}.")
    sep = separator.encode() if isinstance(separator, str) else bytes(separator)
    if isinstance(inputs, (list, tuple, np.ndarray)) and not len(inputs):  # (TF's: "")
        return convert_to_tensor("")
    try:
        xs = tuple(_as_tensor(x) for x in inputs)
    except (TypeError, ValueError) as e:
        if isinstance(inputs, (list, tuple)):
            if _state.graph is not None:  # (TF's graph builder names each item's dtype)
                raise wrapper_inputs.list_type_error("StringJoin", "inputs", inputs, dt.string,
                                                     e) from None
            raise
        # (TF's fast path takes any sequence of strings; where it fails, its slow path
        # asks for a list)
        raise TypeError(f"Expected list for 'inputs' argument to 'string_join' Op, not "
                        f"{inputs!r}.") from None
    if not xs:  # (any other empty sequence, an empty tensor's rows: TF's fast path's "")
        return convert_to_tensor("")
    return bind(STRING_JOIN, xs, {"separator": sep}, name)


def separator_attr(op: str, separator: Any) -> None:
    if not isinstance(separator, bytes):
        raise TypeError(f"Expected string for argument 'separator' not {separator!r}. [Op:{op}]")


def _axes_list(axes: Any) -> list:
    return [] if axes is None else [int(axes)] if np.ndim(axes) == 0 else [int(a) for a in axes]


def _reduce_join_infer(x: Any, *dyn: Any, axes: tuple | None, keepdims: bool,
                       separator: bytes) -> list:
    """(axes: an attr where known when the op is built, else its last input)"""
    C.check_string("ReduceJoin", x)
    if dyn and dyn[0]._dtype is not dt.int32:
        raise C.wrong_input_dtype("ReduceJoin", 1, dt.int32, dyn[0]._dtype)
    separator_attr("ReduceJoin", separator)
    if x._shape is None or dyn:  # (axes known when it runs: TF's shape is unknown)
        return [(None, dt.string)]
    n = len(x._shape)
    # (TF's shape function checks the range; its kernel, when it runs, duplicates too)
    _check_join_axes(axes, n, duplicates=_state.graph is None)
    axes = C.reduction_axes("ReduceJoin", axes, n)
    shape = tuple(1 if a in axes else d for a, d in enumerate(x._shape) if keepdims or
                  a not in axes)
    return [(shape, dt.string)]


def _check_join_axes(axes: tuple | None, n: int, duplicates: bool = True) -> None:
    """TF's checks of the axes of an input of rank `n` (a scalar has no axis to join
    along)."""
    for a in _axes_list(axes):
        if not -n <= a < n:
            raise OutOfRangeError(None, None, f"Invalid reduction dimension {a} for input "
                                              f"with {n} dimension(s) [Op:ReduceJoin]")
    if not duplicates:
        return
    seen = set()
    for a in _axes_list(axes):
        if a % n in seen:
            raise C.fail("ReduceJoin", f"Duplicate reduction dimension {a}")
        seen.add(a % n)


def _reduce_join_kernel(xp: Any, x: Any, *dyn: Any, axes: tuple | None, keepdims: bool,
                        separator: bytes) -> Any:
    if dyn:
        axes = tuple(np.asarray(dyn[0]).reshape(-1).tolist())
    _check_join_axes(axes, x.ndim)
    # joined along the axes in their order, the first given first (so it varies fastest);
    # all axes: the last first (row-major)
    order = [a % x.ndim for a in _axes_list(axes)] if axes is not None else \
        list(range(x.ndim))[::-1]
    axes = C.reduction_axes("ReduceJoin", axes, x.ndim)
    rest = [a for a in range(x.ndim) if a not in axes]
    # (no -1 in the shape: an empty `rest` is ambiguous)
    moved = np.transpose(x, rest + list(dict.fromkeys(order[::-1]))).reshape(
        [x.shape[a] for a in rest] + [int(np.prod([x.shape[a] for a in axes], dtype=np.int64))])
    out = np.empty(moved.shape[:-1], dtype=object)
    for idx in np.ndindex(*out.shape):
        out[idx] = separator.join(moved[idx])
    if keepdims:
        out = out.reshape([1 if a in axes else x.shape[a] for a in range(x.ndim)])
    return out


def _reduce_join_ref(x: np.ndarray, *dyn: Any, axes: tuple | None, keepdims: bool,
                     separator: bytes) -> np.ndarray:
    if dyn:
        axes = tuple(np.asarray(dyn[0]).reshape(-1).tolist())
    out = x
    order = list(range(x.ndim))[::-1] if axes is None else \
        [a % x.ndim for a in _axes_list(axes)]
    for k, a in enumerate(order):  # each join removes its axis: later ones shift down
        at = a - sum(1 for b in order[:k] if b < a)
        out = np.apply_along_axis(lambda v: np.array(separator.join(v), dtype=object), at, out)
    if keepdims:
        out = np.asarray(out, dtype=object).reshape(
            [1 if a in order else d for a, d in enumerate(x.shape)])
    return np.asarray(out, dtype=object)


REDUCE_JOIN = register(OpDef(
    "ReduceJoin", _reduce_join_infer, _reduce_join_kernel, reference=_reduce_join_ref,
    samples=lambda: [
        Sample((_WORDS,), {"axes": (1,), "keepdims": False, "separator": b","},
               grad=False),
        Sample((_WORDS,), {"axes": None, "keepdims": True, "separator": b""}, grad=False)],
    bad_samples=lambda: [BadSample((_WORDS,), {"axes": (2,), "keepdims": False, "separator": b""},
                                   OutOfRangeError, "Invalid reduction dimension")],
    tf=TFForm(names={"axes": "reduction_indices", "keepdims": "keep_dims"},
              export=lambda n, b: _reduce_join_tf(n, b)),
))


def _reduce_join_tf(n: Any, b: Any) -> list:
    """TF joins along the given axes in their order, as this kernel; no axes means all of
    them, the last first (row-major)."""
    if len(n.inputs) > 1:  # (axes given at run time: the node's input)
        return b.node("ReduceJoin", [b.input(0), b.input(1)], {
            "keep_dims": n.attrs["keepdims"], "separator": n.attrs["separator"]})
    axes = n.attrs["axes"]
    if axes is None:
        shape = b.static_shape(0)
        if shape is None:
            raise ValueError("ReduceJoin of every axis of an input of unknown rank")
        axes = range(len(shape) - 1, -1, -1)
    order = b.const(_axes_list(axes), dt.int32)
    return b.node("ReduceJoin", [b.input(0), order], {"keep_dims": n.attrs["keepdims"],
                                                      "separator": n.attrs["separator"]})


@dispatchable
@binds_first
@slow_inputs("axis")
def reduce_join(inputs: Any, axis: Any = None, keepdims: bool = False, separator: str = "",
                name: str | None = None) -> Any:
    """Joins the strings along `axis` (all axes by default)."""
    # (TF converts the input with no dtype first: the op refuses one not string, after its
    # wrapper reads the attrs, None their defaults, then the axes)
    x = inputs if isinstance(inputs, Tensor) else convert_to_tensor(inputs)
    a = AV.wrapper_attrs("ReduceJoin", keep_dims=keepdims, separator=separator)
    keepdims, separator = a["keep_dims"], a["separator"]
    sep = separator.encode() if isinstance(separator, str) else bytes(separator)
    if _state.graph is None:
        return _reduce_join(x, axis, keepdims, sep, name)
    with name_scope("ReduceJoin"):  # (TF's: its node "ReduceJoin/ReduceJoin")
        return _reduce_join(x, axis, keepdims, sep, name)


def _reduce_join(x: Any, axis: Any, keepdims: bool, sep: bytes, name: str | None) -> Any:
    if axis is None:
        axes = None
    else:  # (axes given as a list: TF's slow path converts x to string, its ValueError)
        wrapper_inputs.slow_typed_inputs(passed_raw(axis), (x, dt.string))
        C.check_string("ReduceJoin", x)
        if isinstance(axis, EagerTensor):
            if axis._dtype is not dt.int32:
                raise C.wrong_input_dtype("ReduceJoin", 1, dt.int32, axis._dtype)
            axes = tuple(axis._numpy().reshape(-1).tolist())
        elif isinstance(axis, Tensor):  # (a graph's: its value when the graph is built)
            value = C.known(axis)
            if isinstance(value, Tensor):  # (known when it runs: the op's input)
                return bind(REDUCE_JOIN, (x, value), {"axes": None, "keepdims": keepdims,
                                                      "separator": sep}, name)
            axes = tuple(int(a) for a in np.atleast_1d(value))
        else:
            axes = tuple(convert_to_tensor(axis, dtype=dt.int32)._numpy().reshape(-1).tolist())
    return bind(REDUCE_JOIN, (x,), {"axes": axes, "keepdims": keepdims, "separator": sep},
                name)


def _substr_infer(x: Any, pos: Any, n: Any, unit: str) -> list:
    if pos._dtype not in C.INDEX:  # (TF checks the type attr before the string input)
        raise C.not_supported("Substr", pos._dtype, C.INDEX)
    C.check_string("Substr", x)
    C.same_dtype("Substr", (pos, n), C.INDEX)
    if not C.compatible(pos._shape, n._shape):
        raise C.fail("Substr", f"pos and len should have the same shape, got: "
                               f"{C.shape_str(pos._shape)} vs. {C.shape_str(n._shape)}")
    return [(C.broadcast("Substr", C.broadcast("Substr", x._shape, pos._shape), n._shape),
             dt.string)]


def _substr_kernel(xp: Any, x: Any, pos: Any, n: Any, unit: str) -> Any:
    xs, p, n = np.broadcast_arrays(x, pos, n)
    if unit == "BYTE":
        return _byte_substr(xs, p, n)
    out = np.empty(xs.shape, dtype=object)
    for k, idx in enumerate(np.ndindex(*xs.shape)):
        v = xs[idx]
        # UTF8_CHAR: characters start at the bytes that are no trail bytes (TF's count,
        # which takes invalid UTF-8 byte by byte)
        starts = [i for i, c in enumerate(v) if c & 0xC0 != 0x80] if unit == "UTF8_CHAR" \
            else None
        size = len(starts) if starts is not None else len(v)
        start = int(p[idx]) + (size if int(p[idx]) < 0 else 0)
        count = int(n[idx])  # (a negative byte length is TF's npos: the rest of the string)
        # (TF's characters counted back from the end take a negative length as no window at
        # all: out of range, where from the front it is an empty substring)
        if not 0 <= start <= size or (starts is not None and int(p[idx]) < 0 and count < 0):
            # (TF names the string in its byte-unit message only)
            raise InvalidArgumentError(None, None, _pos_out_of_range(int(p[idx]), v, k, unit))
        if starts is None:
            out[idx] = v[start:] if count < 0 else v[start:start + count]
        else:
            stop = min(start + max(count, 0), size)
            out[idx] = v[starts[start] if start < size else len(v):
                         starts[stop] if stop < size else len(v)]
    return out


def _byte_substr(xs: np.ndarray, p: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Substr by bytes, its positions checked all at once (tf.strings.bytes_split takes a
    substring of each of millions of bytes): the first out of range is TF's error."""
    vs = xs.ravel().tolist()
    sizes = np.fromiter(map(len, vs), np.int64, len(vs))
    pos = p.ravel().astype(np.int64)
    starts = pos + np.where(pos < 0, sizes, 0)
    bad = np.flatnonzero((starts < 0) | (starts > sizes))
    if bad.size:
        k = int(bad[0])
        raise InvalidArgumentError(None, None, _pos_out_of_range(int(pos[k]), vs[k], k, "BYTE"))
    out = np.empty(len(vs), dtype=object)
    # (a negative length is TF's npos: the rest of the string)
    out[:] = [v[s:] if c < 0 else v[s:s + c]
              for v, s, c in zip(vs, starts.tolist(), n.ravel().tolist())]
    return out.reshape(xs.shape)


def _substr_ref(x: np.ndarray, pos: np.ndarray, n: np.ndarray, unit: str) -> np.ndarray:
    def one(v: bytes, p: int, m: int) -> bytes:
        chars = list(v.decode("utf-8")) if unit == "UTF8_CHAR" else [v[i:i + 1] for i in
                                                                    range(len(v))]
        p = p + len(chars) if p < 0 else p
        got = chars[p:p + m]
        return "".join(got).encode("utf-8") if unit == "UTF8_CHAR" else b"".join(got)
    return np.vectorize(one, otypes=[object])(x, pos, n)


def _pos_out_of_range(pos: int, v: bytes, index: int, unit: str) -> str:
    """TF's message, its C string read as UTF-8: the string's raw bytes between b'...', cut
    at a NUL byte (invalid UTF-8 in it is Python's UnicodeDecodeError, as TF's, of the whole
    C message: its positions count from the eager function's prefix, which Substr, a host
    op, always names CPU:0 in)."""
    if unit == "UTF8_CHAR":
        return f"pos {pos} out of range for string at index {index} [Op:Substr]"
    raw = b"pos %d out of range for string b'%s' at index %d" % (pos, v, index)
    head = f"{{{{function_node {wrapped_name('Substr')}_device_{CPU_DEVICE}}}}} "
    return (head.encode() + raw.split(b"\0")[0]).decode("utf-8")[len(head):] + " [Op:Substr]"


SUBSTR = register(OpDef(
    "Substr", _substr_infer, _substr_kernel, reference=_substr_ref,
    gpu=False,  # (TF registers its CPU kernel only: a GPU's input is copied to the host)
    samples=lambda: [Sample((_WORDS[:1], np.array([0, 2], np.int32), np.array([3, 1], np.int32)),
                            {"unit": "BYTE"}, grad=False),
                     Sample((np.array([b"caf\xc3\xa9", b"na\xc3\xafve"], dtype=object),
                             np.array(-2, np.int64), np.array(1, np.int64)),
                            {"unit": "UTF8_CHAR"}, grad=False)],
    bad_samples=lambda: [BadSample((np.array(b"hello", dtype=object), np.array(10, np.int32),
                            np.array(3, np.int32)), {"unit": "BYTE"}, InvalidArgumentError,
                           "pos 10 out of range for string b'hello' at index 0")],
    tf=TFForm(export=lambda n, b: b.node("Substr", b.broadcast_inputs(),
                                         {"unit": n.attrs["unit"]})),
))


@dispatchable
@binds_first
@slow_inputs("input", "pos", "len")
def substr(input: Any, pos: Any, len: Any, unit: str = "BYTE",  # noqa: A002
           name: str | None = None) -> Any:
    """input[pos:pos + len] elementwise (pos may be negative, counting from the end)."""
    # (pos and len share Substr's type attr T: the one given as a tensor, else pos, sets
    # it, and a Python value for the other that does not fit it is a TypeError)
    # (the unit's type first, TF's fallback's; its value as the op runs; None: the default)
    _str_attr(wrapper_inputs.or_default("Substr", "unit", unit), "unit")
    p, n = binary_args(pos, len)
    wrapper_inputs.slow_typed_inputs(passed_raw(input, pos, len), (input, dt.string))
    x, unit = _as_tensor(input, "Substr"), _unit_attr("Substr", unit)
    if _state.graph is not None:
        _substr_shape_fn(x, p, n, {"input": input, "pos": pos, "len": len}, unit, name)
    return bind(SUBSTR, (x, p, n), {"unit": unit}, name)


def _substr_shape_fn(x: Tensor, p: Tensor, n: Tensor, given: dict, unit: str,
                     name: str | None) -> None:
    """TF's shape function of a Substr node, as a graph is built: pos of len's rank (where
    that is known), then each of pos's dimensions len's (an unknown one -1 in both: equal
    only to another unknown), a ValueError naming the node and its inputs."""
    def dims(t: Tensor) -> str:
        return "?" if t._shape is None else C.shape_str(t._shape)
    reason = None
    if n._shape is not None and p._shape is not None and len(p._shape) != len(n._shape):
        reason = f"Shape must be rank {len(n._shape)} but is rank {len(p._shape)}"
    elif p._shape is not None:
        theirs = n._shape if n._shape is not None else (None,) * len(p._shape)
        if any((a if a is not None else -1) != (b if b is not None else -1)
               for a, b in zip(p._shape, theirs)):
            reason = f"pos and len shapes must match: {dims(p)} vs. {dims(n)}"
    if reason is None:
        return
    node = _state.graph.unique_name(name or "Substr", mark=False)
    args = ", ".join(t.name[:-2] if C.is_graph_tensor(t) and t.name.endswith(":0") else
                     getattr(t, "name", "") if C.is_graph_tensor(t) else f"{node}/{arg}"
                     for arg, t in given.items())
    raise ValueError(f"{reason} for '{{{{node {node}}}}} = Substr[T={C.dt_enum(p._dtype)}, "
                     f"unit=\"{unit}\"]({args})' with input shapes: {dims(x)}, {dims(p)}, "
                     f"{dims(n)}.")


@dispatchable
def unicode_script(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """`tf.strings.unicode_script`: the ICU script code of each int32 code point (0 for
    Common, 25 for Latin, ...; -1 outside 0..0x10FFFF)."""
    return bind(UNICODE_SCRIPT, (as_fixed_type(
        input, dt.int32, arg=composite_arg(input, "UnicodeScript", "input")),), {}, name)
