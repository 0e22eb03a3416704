"""String ops that return ragged tensors: split, unicode decode/encode/split/transcode.

Ops layer, after the ragged modules. The primitives are TF's (StringSplitV2,
UnicodeDecode, UnicodeDecodeWithOffsets, UnicodeEncode, UnicodeTranscode), each over a vector
of strings (or code points) and row splits; the public functions reshape any rank of
input, dense or ragged, to those vectors and wrap the results in RaggedTensors, as TF's
Python wrappers do.
"""

from __future__ import annotations

import codecs
import threading
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import composite_dispatch as cd
from eagerflow._src.ops import math, string_ops, string_segment_join
from eagerflow._src.ops.array import concat, expand_dims, reshape
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.elementwise import as_fixed_type, composite_arg
from eagerflow._src.ops.indexing import boolean_mask, gather
from eagerflow._src.ops.math_base import where
from eagerflow._src.ops.packed_strings import Packed, attach, packed_of
from eagerflow._src.ops.ragged_ops import check_splits
from eagerflow._src.ops.ragged_tensor import RaggedTensor
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.sequences import range as range_op
from eagerflow._src.ops.sparse_count_ops import api_scope
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.string_format import as_string
from eagerflow._src.ops.string_format import format as string_format
from eagerflow._src.ops.wrapper_inputs import or_default

# TF 1's StringSplit, bytes_split's op: loaded by its first call
string_split_v1 = lazy_module("eagerflow._src.ops.string_split_v1")

_ENCODINGS = {"UTF-8": "utf-8", "UTF-16-BE": "utf-16-be", "UTF-32-BE": "utf-32-be"}
_ERRORS = ("strict", "replace", "ignore")
_SPLITS = frozenset((dt.int32, dt.int64))


def _strings_vector(op: str, x: Any, what: str = "input") -> None:
    C.check_string(op, x)
    if x._shape is not None and len(x._shape) != 1:
        raise C.fail(op, f"{what} must be a vector, got shape: {C.shape_str(x._shape)}")


def _errors_attrs(op: str, errors: Any, replacement_char: Any, listed: tuple,
                  graph: bool) -> None:
    """The `errors` and `replacement_char` attrs (TF lists the errors in `listed` order;
    `graph`: the node is built in a graph)."""
    C.string_attr_in(op, "errors", errors, listed)
    AV.int_attr(op, replacement_char, "replacement_char")  # (its kernel's int32)
    if not graph:  # (in a graph, the kernel's check as it is made: when the graph runs)
        _replacement_char_range(op, replacement_char)


def _replacement_char_range(op: str, replacement_char: int) -> None:
    """The check TF's kernel makes of its replacement character as it is made."""
    if not 0 <= replacement_char <= 0x10FFFF:
        raise C.fail(op, "replacement_char out of unicode codepoint range")


def _str_attr(op: str, value: Any, what: str) -> str:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if not isinstance(value, str):
        raise TypeError(f"Expected string for argument '{what}' not {value!r}.")
    return value


# ---------------------------------------------------------------------------------------
# StringSplitV2.
# ---------------------------------------------------------------------------------------

def _split_infer(x: Any, sep: Any, *, maxsplit: int = -1) -> list:
    op = "StringSplitV2"
    _strings_vector(op, x)
    if sep._dtype is not dt.string:
        raise C.fail(op, "sep must be a string")
    if sep._shape is not None and sep._shape != ():
        raise C.fail(op, f"sep must be a scalar, got shape: {C.shape_str(sep._shape)}")
    AV.int_attr(op, maxsplit, "maxsplit")
    return [((None, 2), dt.int64), ((None,), dt.string), ((2,), dt.int64)]


def _split_whitespace(joined: bytes, starts: np.ndarray) -> tuple:
    """(pieces, pieces per string) of the whitespace runs of strings laid out in `joined`
    from `starts`, each followed by one whitespace byte: a string's pieces are the words
    starting inside its bytes. The pieces keep the buffer as their packed form."""
    buf = np.frombuffer(joined, np.uint8)
    nonspace = (buf != 32) & ((buf - 9) > 4)  # not " \t\n\v\f\r": bytes.split's and TF's
    first = nonspace.copy()
    first[1:] &= ~nonspace[:-1]
    last = nonspace
    last[:-1] &= ~nonspace[1:]
    word_starts = np.flatnonzero(first)
    packed = Packed(joined, word_starts, np.flatnonzero(last) + 1)
    counts = np.diff(np.searchsorted(word_starts, starts), append=word_starts.size)
    return attach(_pieces(joined, packed), packed), counts


_SAMPLE = 2048


def _pieces(joined: bytes, packed: Packed) -> np.ndarray:
    """The words of `packed` as an object vector. Where words repeat (as in text: a sample
    of the first ones tells), each distinct word is made once and shared, and its grouping
    stays with the packed form for the counts and lookups that follow a split."""
    n = packed.starts.size
    if n > _SAMPLE:
        firsts, _ = packed.subset(np.arange(_SAMPLE)).unique()
        if 2 * firsts.size <= _SAMPLE:
            firsts, inverse = packed.unique()
            return packed.strings(firsts)[inverse]
    return np.fromiter(joined.split(), object, n)


def _split_pieces(x: np.ndarray, sep: bytes, maxsplit: int) -> tuple:
    """(pieces, pieces per string) of every string's split."""
    if not sep and maxsplit < 0 and x.size:
        packed = packed_of(x)
        if packed is not None and packed.sep is not None:  # the separators become spaces
            buf = np.frombuffer(packed.buf + b" ", np.uint8).copy()
            buf[packed.ends] = 32
            return _split_whitespace(buf.tobytes(), packed.starts)
        strings = x.tolist()
        sizes = np.fromiter(map(len, strings), np.int64, len(strings)) + 1
        return _split_whitespace(b" ".join(strings) + b" ", np.cumsum(sizes) - sizes)
    strings = x.tolist()
    s, n = sep if sep else None, -1 if maxsplit < 0 else maxsplit
    rows = [v.split(s, n) for v in strings] if s is not None or n < 0 else \
        [_split_whitespace_max(v, n) for v in strings]
    lengths = np.fromiter(map(len, rows), np.int64, len(rows))
    values = np.empty(int(lengths.sum()), object)
    values[:] = [p for r in rows for p in r]
    return values, lengths


def _split_whitespace_max(v: bytes, n: int) -> list:
    """TF's whitespace split with a maxsplit: maxsplit 0 keeps the string whole; after n
    pieces the rest (leading whitespace removed) is one more piece, even when empty."""
    if n == 0:
        return [v]
    parts = v.split(None, n)
    return parts + [b""] if len(parts) == n else parts


def _split_kernel(xp: Any, x: Any, sep: Any, *, maxsplit: int = -1) -> tuple:
    if x.ndim != 1:  # (a rank unknown when traced: TF's kernel checks it)
        raise C.fail("StringSplitV2", f"input must be a vector, got shape: "
                                      f"{C.shape_str(x.shape)}")
    values, lengths = _split_pieces(x, sep[()] if isinstance(sep, np.ndarray) else sep,
                                    maxsplit)
    check_finite_size("StringSplitV2", (values.size, 2), dt.int64)
    starts = np.cumsum(lengths) - lengths
    idx = np.empty((values.size, 2), np.int64)
    idx[:, 0] = np.repeat(np.arange(x.shape[0], dtype=np.int64), lengths)
    np.subtract(np.arange(values.size, dtype=np.int64), starts[idx[:, 0]], out=idx[:, 1])
    shape = np.array([x.shape[0], int(lengths.max()) if x.shape[0] else 0], np.int64)
    return idx, values, shape


def _split_ref(x: np.ndarray, sep: np.ndarray, maxsplit: int = -1) -> tuple:
    idx, vals, width = [], [], 0
    for i, v in enumerate(x):
        text = v.decode("latin-1")
        s = sep[()].decode("latin-1") or None
        parts = text.split(s, maxsplit) if maxsplit >= 0 else text.split(s)
        width = max(width, len(parts))
        for j, p in enumerate(parts):
            idx.append([i, j])
            vals.append(p.encode("latin-1"))
    return (np.array(idx, np.int64).reshape(-1, 2), np.array(vals, object),
            np.array([len(x), width], np.int64))


_LINES = np.array([b"hello world", b"a  b c", b"", b" \tx\ny z "], dtype=object)
STRING_SPLIT_V2 = register(OpDef(
    "StringSplitV2", _split_infer, _split_kernel, reference=_split_ref, num_outputs=3,
    gpu=False, samples=lambda: [
        Sample((_LINES, np.array(b"", dtype=object)), grad=False),
        Sample((_LINES, np.array(b" ", dtype=object)), {"maxsplit": 1}, grad=False),
        Sample((np.array([b"a,b,,c", b"x"], dtype=object), np.array(b",", dtype=object)),
               grad=False),
        Sample((np.array([b"a\x01 b", b"", b" c "], dtype=object),
                np.array(b"", dtype=object)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([[b"a"]], dtype=object), np.array(b" ", dtype=object)),
                  {}, C.InvalidArgumentError, "input must be a vector"),
        BadSample((_LINES, np.array([b" "], dtype=object)), {},
                  C.InvalidArgumentError, "sep must be a scalar")],
))


# ---------------------------------------------------------------------------------------
# UnicodeDecode / UnicodeDecodeWithOffsets.
# ---------------------------------------------------------------------------------------

_MARK = "\ud800"  # a lone surrogate: never the result of a valid decode, marks bad bytes
_bad_ranges = threading.local()


def _record_bad_bytes(e: UnicodeDecodeError) -> tuple:
    _bad_ranges.spans.append((e.start, e.end))
    return _MARK, e.end


codecs.register_error("eagerflow-mark-bad-bytes", _record_bad_bytes)
_WIDTH = {"utf_8": None, "utf_16_be": 2, "utf_16_le": 2, "utf_32_be": 4, "utf_32_le": 4}


def _decode_one(op: str, v: bytes, codec: str, errors: str, repl: int, ctrl: bool) -> tuple:
    """(code points, byte offsets) of one string."""
    skipped = 0
    for bom, name in _BOMS.get(codec, ()):  # (an order-less UTF-16/32: ICU drops the BOM)
        if v.startswith(bom):
            v, codec, skipped = v[len(bom):], name.replace("-", "_"), len(bom)
            break
    _bad_ranges.spans = []
    text = v.decode(codec, "eagerflow-mark-bad-bytes")
    spans = _bad_ranges.spans
    cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), "<u4").astype(np.int64)
    bad = cps == 0xD800
    if bad.any() and errors == "strict":
        raise C.fail(op, "Invalid formatting on input string")
    width = _WIDTH.get(codec, 0)
    if width is None:  # UTF-8 byte lengths from the code points
        lengths = 1 + (cps >= 0x80) + (cps >= 0x800) + (cps >= 0x10000)
    elif width:
        lengths = np.where(cps >= 0x10000, 2 * width if width == 2 else width, width)
    else:  # another encoding: each character's own byte length
        lengths = np.array([len(c.encode(codec)) if c != _MARK else 0 for c in text],
                           np.int64).reshape(-1)
    if bad.any():
        lengths[bad] = [e - s for s, e in spans]
    if skipped and len(lengths):  # ICU reads the BOM with the first character
        lengths[0] += skipped
    offsets = (np.cumsum(lengths) - lengths).astype(np.int64)
    if ctrl:  # a control character is replaced, or dropped as an error under "ignore"
        control = (cps < 0x20) & ~bad
        cps = np.where(control, repl, cps)
        if errors == "ignore":
            bad = bad | control
    if errors == "ignore":
        return cps[~bad], offsets[~bad]
    return np.where(bad, repl, cps), offsets


def _decode_infer(x: Any, *, input_encoding: str, errors: str = "replace",
                  replacement_char: int = 65533, replace_control_characters: bool = False,
                  Tsplits: dt.DType = dt.int64, offsets: bool = False) -> list:
    op = "UnicodeDecodeWithOffsets" if offsets else "UnicodeDecode"
    _strings_vector(op, x)
    _input_codec(op, _str_attr(op, input_encoding, "input_encoding"))
    _errors_attrs(op, errors, replacement_char, _ERRORS, C.is_graph_tensor(x))
    C.dtype_attr(op, Tsplits, "Tsplits", _SPLITS)
    n = None if x._shape is None or x._shape[0] is None else x._shape[0] + 1
    specs = [((n,), Tsplits), ((None,), dt.int32)]
    return specs + [((None,), dt.int64)] if offsets else specs


def _decode_kernel(xp: Any, x: Any, *, input_encoding: str, errors: str = "replace",
                   replacement_char: int = 65533, replace_control_characters: bool = False,
                   Tsplits: dt.DType = dt.int64, offsets: bool = False) -> tuple:
    op = "UnicodeDecodeWithOffsets" if offsets else "UnicodeDecode"
    _replacement_char_range(op, replacement_char)
    codec = _input_codec(op, input_encoding)
    rows = [_decode_one(op, v, codec, errors, replacement_char, replace_control_characters)
            for v in x]
    splits = np.zeros(len(rows) + 1, np.int64)
    np.cumsum([len(r[0]) for r in rows], out=splits[1:])
    cps = np.concatenate([r[0] for r in rows]) if rows else np.zeros(0, np.int64)
    out = (splits.astype(Tsplits.as_numpy_dtype), cps.astype(np.int32))
    if offsets:
        starts = np.concatenate([r[1] for r in rows]) if rows else np.zeros(0, np.int64)
        return out + (starts.astype(np.int64),)
    return out


def _decode_ref(x: np.ndarray, input_encoding: str, errors: str = "replace",
                replacement_char: int = 65533, replace_control_characters: bool = False,
                Tsplits: dt.DType = dt.int64, offsets: bool = False) -> tuple:
    """UTF-8 only: a byte-by-byte decoder (maximal subparts replaced, as ICU and Python)."""
    splits, cps, starts = [0], [], []
    for v in x:
        i = 0
        while i < len(v):
            b = v[i]
            n = 1 if b < 0x80 else 2 if 0xC2 <= b < 0xE0 else 3 if 0xE0 <= b < 0xF0 else \
                4 if 0xF0 <= b < 0xF5 else 0
            good = n > 0 and i + n <= len(v)
            if good and n > 1:
                try:
                    cp = ord(v[i:i + n].decode("utf-8"))
                except UnicodeDecodeError:
                    good = False
            elif good:
                cp = b
            if not good:  # a maximal subpart of a valid sequence counts as one error
                j = i + 1
                while n > 1 and j < min(i + n, len(v)) and 0x80 <= v[j] < 0xC0:
                    try:
                        v[i:j + 1].decode("utf-8")
                    except UnicodeDecodeError as e:
                        if e.reason != "unexpected end of data":
                            break
                    j += 1
                cp, n = replacement_char, j - i
                if errors == "ignore":
                    i += n
                    continue
            if replace_control_characters and cp < 0x20:
                if errors == "ignore":
                    i += n
                    continue
                cp = replacement_char
            cps.append(cp)
            starts.append(i)
            i += n
        splits.append(len(cps))
    out = (np.array(splits, Tsplits.as_numpy_dtype), np.array(cps, np.int32))
    return out + (np.array(starts, np.int64),) if offsets else out


def _decode_op(offsets: bool) -> OpDef:
    name = "UnicodeDecodeWithOffsets" if offsets else "UnicodeDecode"
    words = np.array([b"h\xc3\xa9llo", b"\xff\xfeab", b"a\xe2\x82", b"", b"\xf0\x9f\x98\x80!"],
                     dtype=object)
    return register(OpDef(
        name, lambda x, **a: _decode_infer(x, offsets=offsets, **a),
        lambda xp, x, **a: _decode_kernel(xp, x, offsets=offsets, **a),
        reference=lambda x, **a: _decode_ref(x, offsets=offsets, **a),
        num_outputs=3 if offsets else 2,
        gpu=False, samples=lambda: [
            Sample((words,), {"input_encoding": "UTF-8"}, grad=False),
            Sample((words,), {"input_encoding": "UTF-8", "errors": "ignore",
                              "Tsplits": dt.int32}, grad=False),
            Sample((np.array([b"a\x01b"], dtype=object),),
                   {"input_encoding": "UTF-8", "replace_control_characters": True,
                    "replacement_char": 63}, grad=False),
            # (TF drops control characters as errors under "ignore")
            Sample((np.array([b"a\x01b\xff\x1f"], dtype=object),),
                   {"input_encoding": "UTF-8", "replace_control_characters": True,
                    "errors": "ignore"}, grad=False)],
        bad_samples=lambda: [
            BadSample((np.array([b"\xff"], dtype=object),),
                      {"input_encoding": "UTF-8", "errors": "strict"},
                      C.InvalidArgumentError, "Invalid formatting on input string"),
            BadSample((np.array([b"a"], dtype=object),), {"input_encoding": "bogus"},
                      C.InvalidArgumentError, "Could not create converter")],
    ))


UNICODE_DECODE = _decode_op(False)
UNICODE_DECODE_WITH_OFFSETS = _decode_op(True)


# ---------------------------------------------------------------------------------------
# UnicodeEncode.
# ---------------------------------------------------------------------------------------

def _encode_infer(values: Any, splits: Any, *, output_encoding: str, errors: str = "replace",
                  replacement_char: int = 65533) -> list:
    op = "UnicodeEncode"
    _str_attr(op, output_encoding, "output_encoding")  # (TF's wrapper reads attrs first)
    _str_attr(op, errors, "errors")
    if values._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 0, dt.int32, values._dtype)
    C.check_rank(op, values, 1, "input_values")
    C.check_rank(op, splits, 1, "input_splits")
    if splits._dtype not in _SPLITS:
        raise C.fail(op, "input_splits must be int32 or int64")
    graph = C.is_graph_tensor(values)
    C.string_attr_in(op, "output_encoding", output_encoding, tuple(_ENCODINGS))
    _errors_attrs(op, errors, replacement_char, _ERRORS[::-1], graph)
    n = None if splits._shape is None or splits._shape[0] is None else \
        max(splits._shape[0] - 1, 0)
    return [((n,), dt.string)]


def _valid(cp: int) -> bool:
    return 0 <= cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF


def _encode_kernel(xp: Any, values: Any, splits: Any, *, output_encoding: str,
                   errors: str = "replace", replacement_char: int = 65533) -> Any:
    _replacement_char_range("UnicodeEncode", replacement_char)
    check_splits("UnicodeEncode", splits, values.shape[0], "input_splits")
    codec = _ENCODINGS[output_encoding]
    out = np.empty(max(len(splits) - 1, 0), object)
    for i in range(len(out)):
        chars = []
        for cp in values[splits[i]:splits[i + 1]].tolist():
            if not _valid(cp):
                if errors == "strict":
                    raise C.fail("UnicodeEncode", "Code point is out of range for Unicode, or "
                                                  "is a surrogate.")
                if errors == "ignore":
                    continue
                cp = replacement_char
            chars.append(chr(cp))
        out[i] = "".join(chars).encode(codec)
    return out


def _encode_ref(values: np.ndarray, splits: np.ndarray, output_encoding: str,
                errors: str = "replace", replacement_char: int = 65533) -> np.ndarray:
    rows = []
    for i in range(len(splits) - 1):
        b = b""
        for cp in values[splits[i]:splits[i + 1]]:
            cp = int(cp)
            if not _valid(cp):
                if errors == "ignore":
                    continue
                cp = replacement_char
            b += chr(cp).encode(_ENCODINGS[output_encoding])
        rows.append(b)
    return np.array(rows, dtype=object)


UNICODE_ENCODE = register(OpDef(
    "UnicodeEncode", _encode_infer, _encode_kernel, reference=_encode_ref,
    gpu=False, samples=lambda: [
        Sample((np.array([104, 233, 0x1F600, -5, 0xD800], np.int32),
                np.array([0, 2, 3, 5], np.int64)), {"output_encoding": "UTF-8"},
               grad=False),
        Sample((np.array([104, 233, 0x1F600], np.int32), np.array([0, 1, 3], np.int32)),
               {"output_encoding": "UTF-16-BE", "errors": "ignore"}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([104, -1], np.int32), np.array([0, 2], np.int64)),
                  {"output_encoding": "UTF-8", "errors": "strict"},
                  C.InvalidArgumentError, "Code point is out of range"),
        BadSample((np.array([104], np.int32), np.array([0, 2], np.int64)),
                  {"output_encoding": "UTF-8"}, C.InvalidArgumentError,
                  "must match the number of values")],
))


# ---------------------------------------------------------------------------------------
# UnicodeTranscode: strings of any shape from one encoding to another.
# ---------------------------------------------------------------------------------------

# BOMs of the encodings named without a byte order: ICU reads one and drops it, and reads
# big-endian without one (Python's "utf-16" would take the machine's order)
_BOMS = {"utf_16": ((b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"), (b"", "utf-16-be")),
         "utf_32": ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
                    (b"", "utf-32-be"))}


def _input_codec(op: str, encoding: str) -> str:
    """Python's codec of an input encoding ICU would convert from (text encodings only).
    TF hands ICU the attr as a C string: it ends at a NUL."""
    encoding = encoding.partition("\0")[0]
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        info = None
    if info is None or not getattr(info, "_is_text_encoding", True):
        raise C.fail(op, f"Could not create converter for input encoding: {encoding}")
    return info.name.replace("-", "_")


def _transcode_infer(x: Any, *, input_encoding: str, output_encoding: str,
                     errors: str = "replace", replacement_char: int = 65533,
                     replace_control_characters: bool = False) -> list:
    op = "UnicodeTranscode"
    C.check_string(op, x)
    _input_codec(op, _str_attr(op, input_encoding, "input_encoding"))
    graph = C.is_graph_tensor(x)
    C.string_attr_in(op, "output_encoding", output_encoding, tuple(_ENCODINGS))
    _errors_attrs(op, errors, replacement_char, _ERRORS, graph)
    return [(x._shape, dt.string)]


def _transcode_one(v: bytes, codec: str, out: str, errors: str, repl: str, ctrl: bool) -> bytes:
    for bom, name in _BOMS.get(codec, ()):
        if v.startswith(bom):
            v, codec = v[len(bom):], name
            break
    text = v.decode(codec, "eagerflow-mark-bad-bytes")  # bad bytes: _MARK, one per error
    if _MARK in text:
        if errors == "strict":
            raise C.fail("UnicodeTranscode", "Invalid formatting on input string")
        text = text.replace(_MARK, "" if errors == "ignore" else repl)
    if ctrl and any(c < " " for c in text):  # TF's transcoder counts them as errors
        if errors == "strict":
            raise C.fail("UnicodeTranscode", "Invalid formatting on input string")
        gone = "" if errors == "ignore" else repl
        text = "".join(gone if c < " " else c for c in text)
    return text.encode(out)


def _transcode_kernel(xp: Any, x: Any, *, input_encoding: str, output_encoding: str,
                      errors: str = "replace", replacement_char: int = 65533,
                      replace_control_characters: bool = False) -> np.ndarray:
    _replacement_char_range("UnicodeTranscode", replacement_char)
    codec = _input_codec("UnicodeTranscode", input_encoding)
    out_codec = _ENCODINGS[output_encoding]
    # (a surrogate has no encoding: TF's converter writes U+FFFD in its place)
    repl = "\ufffd" if 0xD800 <= replacement_char < 0xE000 else chr(replacement_char)
    arr = np.asarray(x, dtype=object)
    out = np.empty(arr.shape, dtype=object)
    flat = out.reshape(-1)
    for k, v in enumerate(arr.reshape(-1)):
        _bad_ranges.spans = []
        flat[k] = _transcode_one(bytes(v), codec, out_codec, errors, repl,
                                 replace_control_characters)
    return out


def _transcode_ref(x: np.ndarray, input_encoding: str, output_encoding: str,
                   errors: str = "replace", replacement_char: int = 65533,
                   replace_control_characters: bool = False) -> np.ndarray:
    """Through UnicodeDecode's byte-by-byte UTF-8 reference and code point encoding."""
    flat = np.asarray(x, dtype=object).reshape(-1)
    splits, cps = _decode_ref(flat, "UTF-8", errors, replacement_char,
                              replace_control_characters)
    rows = [b"".join(chr(c).encode(_ENCODINGS[output_encoding])
                     for c in cps[splits[i]:splits[i + 1]]) for i in range(len(flat))]
    out = np.empty(len(rows), dtype=object)
    out[:] = rows
    return out.reshape(np.shape(x))


_MIXED = np.array([[b"h\xc3\xa9llo", b"\xff\xfeab"], [b"a\xe2\x82", b"\xf0\x9f\x98\x80\x01"]],
                  dtype=object)
UNICODE_TRANSCODE = register(OpDef(
    "UnicodeTranscode", _transcode_infer, _transcode_kernel, reference=_transcode_ref,
    gpu=False, samples=lambda: [
        Sample((_MIXED,), {"input_encoding": "UTF-8", "output_encoding": "UTF-16-BE"},
               grad=False),
        Sample((_MIXED,), {"input_encoding": "UTF-8", "output_encoding": "UTF-8",
                           "errors": "ignore", "replace_control_characters": True},
               grad=False),
        Sample((_MIXED[0],), {"input_encoding": "UTF-8", "output_encoding": "UTF-32-BE",
                              "replacement_char": 63}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([b"a\xff"], dtype=object),),
                  {"input_encoding": "UTF-8", "output_encoding": "UTF-8", "errors": "strict"},
                  C.InvalidArgumentError, "Invalid formatting on input string"),
        BadSample((np.array([b"a\x01"], dtype=object),),
                  {"input_encoding": "UTF-8", "output_encoding": "UTF-8", "errors": "strict",
                   "replace_control_characters": True},
                  C.InvalidArgumentError, "Invalid formatting on input string"),
        BadSample((np.array([b"a"], dtype=object),),
                  {"input_encoding": "bogus", "output_encoding": "UTF-8"},
                  C.InvalidArgumentError, "Could not create converter for input encoding: "
                                          "bogus"),
        BadSample((np.array([b"a"], dtype=object),),
                  {"input_encoding": "UTF-8", "output_encoding": "UTF-16-LE"},
                  C.InvalidArgumentError, "Value for attr 'output_encoding' of \"UTF-16-LE\""),
        BadSample((np.array([1], np.int32),),
                  {"input_encoding": "UTF-8", "output_encoding": "UTF-8"},
                  C.InvalidArgumentError, "was expected to be a string tensor")],
))


# ---------------------------------------------------------------------------------------
# Public functions: any rank, dense or ragged.
# ---------------------------------------------------------------------------------------

def _string_input(x: Any, what: str = "input") -> Any:
    """`x` as a string tensor, as TF's split and ngrams convert it (to a string tensor
    or ragged tensor): a Python value that is not strings is a TypeError
    (as_fixed_type), a tensor of another dtype a ValueError naming the argument `what`."""
    if isinstance(x, RaggedTensor):
        if x.dtype is not dt.string:
            raise ValueError(f"Tensor conversion requested dtype string for RaggedTensor with "
                             f"dtype {x.dtype.name}: {x!r}.")
        return x
    if isinstance(x, Tensor):
        if x.dtype is not dt.string:
            raise ValueError(f"{what}: Tensor conversion requested dtype string for Tensor with "
                             f"dtype {x.dtype.name}: {x!r}")
        return x
    return as_fixed_type(x, dt.string)


def _decode_input(x: Any) -> Any:
    """The input of tf.strings.unicode_decode: TF converts it with no dtype (an empty list
    is float32), and leaves a dtype other than string to its UnicodeDecode op to refuse."""
    return x if isinstance(x, (RaggedTensor, Tensor)) else convert_to_tensor(x)


@cd.dispatch_binding
def split(input: Any, sep: Any = None, maxsplit: int = -1,  # noqa: A002
          name: str | None = None) -> Any:
    """`tf.strings.split`: a RaggedTensor with one more (ragged) dimension of pieces."""
    with api_scope(name or "StringSplit"):  # (TF's: its nodes "StringSplit/...")
        return _split(input, sep, maxsplit)


def _split(input: Any, sep: Any, maxsplit: int) -> Any:  # noqa: A002
    x = _string_input(input)
    if isinstance(x, RaggedTensor):
        return x.with_flat_values(split(x.flat_values, sep, maxsplit))
    rank = x.shape.rank
    if rank == 0:
        return split(stack([x]), sep, maxsplit)[0]
    if rank is not None and rank > 1:
        return split(RaggedTensor.from_tensor(x), sep, maxsplit)
    s = convert_to_tensor(b"" if sep is None else sep, dtype=dt.string)
    AV.no_graph_attr(maxsplit, "maxsplit")
    idx, values, shape = bind(STRING_SPLIT_V2, (x, s),
                              {"maxsplit": AV.make_int(-1 if maxsplit is None else maxsplit,
                                                       "maxsplit")})  # (None: the default)
    return RaggedTensor.from_value_rowids(values, idx[:, 0], shape[0], validate=False)


def _as_ragged_rows(x: Any) -> Any:
    """A rank > 1 input as a RaggedTensor whose flat values are a vector."""
    rank = x.shape.rank
    if rank is None:
        raise ValueError("Rank of `input` must be statically known.")
    if rank > 1:
        if not isinstance(x, RaggedTensor):
            return RaggedTensor.from_tensor(x, ragged_rank=rank - 1)
        if x.ragged_rank < rank - 1:
            return x.with_flat_values(RaggedTensor.from_tensor(
                x.flat_values, ragged_rank=rank - x.ragged_rank - 1))
    return x


def _decode(x: Any, input_encoding: str, errors: str, replacement_char: int,
            replace_control_characters: bool, with_offsets: bool) -> Any:
    x = _as_ragged_rows(_decode_input(x))
    rank = x.shape.rank
    flat = reshape(x.flat_values if isinstance(x, RaggedTensor) else x, [-1])
    op = UNICODE_DECODE_WITH_OFFSETS if with_offsets else UNICODE_DECODE
    out = bind(op, (flat,), {"input_encoding": _str_attr(op.name, input_encoding,
                                                          "input_encoding"),
                             "errors": or_default(op.name, "errors", errors),
                             "replacement_char": or_default(op.name, "replacement_char",
                                                        replacement_char),
                             "replace_control_characters": bool(replace_control_characters)})
    splits, parts = out[0], out[1:]
    if rank == 0:
        results = list(parts)
    else:
        results = [RaggedTensor.from_row_splits(p, splits, validate=False) for p in parts]
        if rank > 1:
            results = [x.with_flat_values(r) for r in results]
    return tuple(results) if with_offsets else results[0]


@cd.dispatch_binding
def unicode_decode(input: Any, input_encoding: str, errors: str = "replace",  # noqa: A002
                   replacement_char: int = 65533, replace_control_characters: bool = False,
                   name: str | None = None) -> Any:
    """`tf.strings.unicode_decode`: the code points of each string (int32, ragged)."""
    with api_scope(name or "UnicodeDecode"):
        return _decode(input, input_encoding, errors, replacement_char,
                       replace_control_characters, False)


@cd.dispatch_binding
def unicode_decode_with_offsets(input: Any, input_encoding: str,  # noqa: A002
                                errors: str = "replace", replacement_char: int = 65533,
                                replace_control_characters: bool = False,
                                name: str | None = None) -> tuple:
    """`tf.strings.unicode_decode_with_offsets`: code points and their byte offsets."""
    with api_scope(name or "UnicodeDecodeWithOffsets"):
        return _decode(input, input_encoding, errors, replacement_char,
                       replace_control_characters, True)


@cd.dispatch_binding
def unicode_encode(input: Any, output_encoding: str, errors: str = "replace",  # noqa: A002
                   replacement_char: int = 65533, name: str | None = None) -> Any:
    """`tf.strings.unicode_encode`: the innermost dimension of code points, as strings."""
    with api_scope(name or "UnicodeEncode"):  # (TF's: its nodes "UnicodeEncode/...")
        return _encode(input, output_encoding, or_default("UnicodeEncode", "errors", errors),
                       or_default("UnicodeEncode", "replacement_char", replacement_char))


def _encode(input: Any, output_encoding: str, errors: str,  # noqa: A002
            replacement_char: int) -> Any:
    # (TF converts the code points with no dtype: its UnicodeEncode refuses one not int32)
    x = input if isinstance(input, (RaggedTensor, Tensor)) else convert_to_tensor(input)
    rank = x.shape.rank
    if rank is None:
        raise ValueError("Rank of input_tensor must be statically known.")
    if isinstance(x, RaggedTensor):
        if x.flat_values.shape.rank > 1:
            return x.with_flat_values(_encode(x.flat_values, output_encoding, errors,
                                              replacement_char))
        if x.ragged_rank > 1:
            return x.with_values(_encode(x.values, output_encoding, errors, replacement_char))
        return bind(UNICODE_ENCODE, (x.values, x.row_splits),
                    {"output_encoding": output_encoding, "errors": errors,
                     "replacement_char": replacement_char})
    if rank == 0:
        raise ValueError("input_tensor's rank must be at least 1.")
    if rank == 1:
        row = RaggedTensor.from_row_splits(x, stack([0, shape_op(x)[0]]), validate=False)
        return reshape(_encode(row, output_encoding, errors, replacement_char), [])
    if rank == 2:
        return _encode(RaggedTensor.from_tensor(x), output_encoding, errors, replacement_char)
    rows = reshape(x, stack([-1, shape_op(x)[-1]]))
    return reshape(_encode(rows, output_encoding, errors, replacement_char), shape_op(x)[:-1])


@eager_api("input")
def unicode_transcode(input: Any, input_encoding: str, output_encoding: str,  # noqa: A002
                      errors: str = "replace", replacement_char: int = 65533,
                      replace_control_characters: bool = False, name: str | None = None) -> Any:
    """`tf.strings.unicode_transcode`: each string re-encoded from `input_encoding` (any
    encoding Python's codecs know) into UTF-8, UTF-16-BE or UTF-32-BE; bad input bytes are
    replaced, dropped or refused as `errors` says."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(unicode_transcode(
            input.flat_values, input_encoding, output_encoding, errors, replacement_char,
            replace_control_characters))
    attrs = AV.wrapper_attrs(  # (TF's wrapper reads its attrs first)
        "UnicodeTranscode", input_encoding=input_encoding, output_encoding=output_encoding,
        errors=errors, replacement_char=replacement_char,
        replace_control_characters=replace_control_characters)
    x = input if isinstance(input, Tensor) else as_fixed_type(
        input, dt.string, arg=composite_arg(input, "UnicodeTranscode", "input"))
    return bind(UNICODE_TRANSCODE, (x,), attrs, name)


def _split_chars(codepoints: Any, encoding: str, errors: str, replacement_char: int) -> Any:
    one = codepoints.with_flat_values(expand_dims(codepoints.flat_values, -1)) \
        if isinstance(codepoints, RaggedTensor) else expand_dims(codepoints, -1)
    return unicode_encode(one, encoding, errors, replacement_char)


@cd.dispatch_binding
def unicode_split(input: Any, input_encoding: str, errors: str = "replace",  # noqa: A002
                  replacement_char: int = 65533, name: str | None = None) -> Any:
    """`tf.strings.unicode_split`: each string as its characters (re-encoded)."""
    with api_scope(name or "UnicodeSplit"):  # (TF's: its nodes "UnicodeSplit/...")
        cps = _decode(input, input_encoding, errors, replacement_char, False, False)
        return _split_chars(cps, input_encoding, errors, replacement_char)


@cd.dispatch_binding
def unicode_split_with_offsets(input: Any, input_encoding: str,  # noqa: A002
                               errors: str = "replace", replacement_char: int = 65533,
                               name: str | None = None) -> tuple:
    with api_scope(name or "UnicodeSplitWithOffsets"):
        cps, starts = _decode(input, input_encoding, errors, replacement_char, False, True)
        return _split_chars(cps, input_encoding, errors, replacement_char), starts


@cd.dispatch_binding
def bytes_split(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """`tf.strings.bytes_split`: each string as its bytes."""
    # (TF converts the input with no dtype preferred: an empty list is float32's)
    x = input if isinstance(input, (RaggedTensor, Tensor)) else convert_to_tensor(input)
    if x.dtype is not dt.string:
        # (TF converts the input with no dtype, then asks for the (flat values') strings)
        flat = x.flat_values if isinstance(x, RaggedTensor) else x
        # (TF's, as a vector: a matrix's rows made ragged, down to its flat values)
        flat = reshape(flat, [1] if flat.shape.rank == 0 else [-1])
        raise ValueError(f"Tensor conversion requested dtype string for Tensor with dtype "
                         f"{flat.dtype.name}: {flat!r}")
    if isinstance(x, RaggedTensor):
        return x.with_flat_values(bytes_split(x.flat_values))
    rank = x.shape.rank
    if rank is None:
        raise ValueError("input must have a statically-known rank.")
    if rank == 0:
        return bytes_split(stack([x]))[0]
    if rank > 1:
        return bytes_split(RaggedTensor.from_tensor(x))
    # (as TF's: StringSplit's tokens at an empty delimiter, rows counted at run time,
    # so a traced result's row_splits have no static length)
    indices, values, dense_shape = bind(string_split_v1.STRING_SPLIT,
                                        (x, convert_to_tensor("")), {"skip_empty": False})
    return RaggedTensor.from_value_rowids(values, indices[:, 0], nrows=dense_shape[0],
                                          validate=False)


# ---------------------------------------------------------------------------------------
# tf.strings.format of ragged tensors: "[[1, 2], [], [3]]".
# ---------------------------------------------------------------------------------------

def _format(template: str, inputs: Any, placeholder: str = "{}", summarize: int = 3,
            name: str | None = None) -> Any:
    """Each ragged input written as nested lists (items by tf.strings.as_string, strings
    quoted), each dense one as tf.strings.format writes it, joined with the template."""
    xs = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
    if not any(isinstance(x, RaggedTensor) for x in xs):
        # (TF dispatches ragged inputs only: a SparseTensor is the dense op's to refuse)
        return string_format.__wrapped_api__(template, inputs, placeholder, summarize, name)
    count = template.count(placeholder)
    if count != len(xs):
        raise ValueError(f"num placeholders in template and num inputs must match: {count} "
                         f"vs {len(xs)}")
    if summarize != -1 and not (isinstance(summarize, int) and summarize > 0):
        raise ValueError(f"Expected summarize to be -1 or a positive int, got {summarize!r}")
    pieces = template.split(placeholder)
    parts: list = [pieces[0]]
    # the dense form undispatched: an input it refuses (a SparseTensor) is its error, not
    # another round through this handler
    dense = string_format.__wrapped_api__
    for x, piece in zip(xs, pieces[1:]):
        parts += [_ragged_text(x, summarize) if isinstance(x, RaggedTensor) else
                  dense("{}", [x], summarize=summarize), piece]
    return string_ops.join(parts)


def _ragged_text(rt: RaggedTensor, n: int) -> Tensor:
    flat = rt.flat_values
    if flat.dtype is dt.string:
        text = string_ops.join(["'", string_ops.regex_replace(flat, r"(['\\])", r"\\\1"), "'"])
    else:
        text = as_string(flat)
    while text.shape.rank > 1:  # the flat values' inner dimensions, innermost first
        dims = shape_op(text, rt.row_splits_dtype)
        rows = RaggedTensor.from_tensor(reshape(text, concat([[-1], dims[-1:]], 0)))
        text = reshape(_rows_text(rows.values, rows, n), dims[:-1])
    levels = [rt]
    while isinstance(levels[-1].values, RaggedTensor):
        levels.append(levels[-1].values)
    for level in reversed(levels):
        text = _rows_text(text, level, n)
    whole = RaggedTensor.from_row_lengths(text, expand_dims(shape_op(text)[0], 0))
    return _rows_text(text, whole, n)[0]


def _rows_text(values: Tensor, rt: RaggedTensor, n: int) -> Tensor:
    """Each row of `rt`, whose items are the strings `values`, as "[a, b, c]"; a row
    longer than 2n shows its first and last n items around "..." (all when n is -1)."""
    d = rt.row_splits_dtype
    rowids = rt.value_rowids()
    if n >= 0:
        pos = range_op(shape_op(values, d)[0]) - gather(rt.row_starts(), rowids)
        length = gather(rt.row_lengths(), rowids)
        long = math.greater(length, 2 * n)
        keep = math.logical_or(math.logical_not(long), math.logical_or(
            math.less_equal(pos, n), math.greater_equal(pos, length - n)))
        values = where(math.logical_and(long, math.equal(pos, n)),
                            convert_to_tensor(b"..."), values)
        values, rowids = boolean_mask(values, keep), boolean_mask(rowids, keep)
    joined = string_segment_join.unsorted_segment_join(values, rowids, rt.nrows(), separator=", ")
    return string_ops.join(["[", joined, "]"])


cd.register(string_format, _format)
