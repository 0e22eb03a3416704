"""TF 1's StringSplit: tf.compat.v1.string_split's op.

Ops layer, after string_ops. Each string of a vector is split at every byte of the
delimiter (an empty delimiter: into its bytes), its empty tokens dropped when skip_empty;
an empty string gives no token at all. The tokens come out as a SparseTensor's parts:
[row, position] indices, the tokens, and the shape [rows, most tokens in a row].
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.py_conversion import object_vector
from eagerflow._src.core.tensor import check_finite_size
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_OP = "StringSplit"
_BYTES = np.array([bytes([b]) for b in range(256)] + [b""], dtype=object)[:-1]  # (1-byte
# strings by their byte: a byte split's tokens, looked up at once; the empty string keeps
# NumPy from making a bytes array of the list)


def _infer(x: Any, delimiter: Any, *, skip_empty: bool) -> list:
    for i, t in enumerate((x, delimiter)):
        if t._dtype is not dt.string:
            raise C.wrong_input_dtype(_OP, i, dt.string, t._dtype)
    if x._shape is not None and len(x._shape) != 1:
        raise C.fail(_OP, f"input must be a vector, got shape: {C.shape_str(x._shape)}")
    if delimiter._shape is not None and len(delimiter._shape) != 0:
        raise C.fail(_OP, f"delimiter must be a scalar, got shape: "
                          f"{C.shape_str(delimiter._shape)}")
    return [((None, 2), dt.int64), ((None,), dt.string), ((2,), dt.int64)]


def _tokens(s: bytes, delimiter: bytes, skip_empty: bool) -> list:
    if not s:
        return []
    parts = re.split(b"[" + b"".join(re.escape(delimiter[i:i + 1])
                                     for i in range(len(delimiter))) + b"]", s)
    return [p for p in parts if p] if skip_empty else parts


def _kernel(xp: Any, x: Any, delimiter: Any, *, skip_empty: bool) -> tuple:
    d = bytes(np.asarray(delimiter, dtype=object).reshape(-1)[0])
    strings = [bytes(s) for s in np.asarray(x, dtype=object).reshape(-1)]
    if not d:
        return _byte_tokens(strings)
    rows = [_tokens(s, d, skip_empty) for s in strings]
    check_finite_size(_OP, (sum(map(len, rows)), 2), dt.int64)
    idx = [(i, j) for i, r in enumerate(rows) for j in range(len(r))]
    values = np.empty(len(idx), dtype=object)
    values[:] = [t for r in rows for t in r]
    return (np.asarray(idx, np.int64).reshape(-1, 2), values,
            np.asarray([len(rows), max((len(r) for r in rows), default=0)], np.int64))


def _byte_tokens(strings: list) -> tuple:
    """StringSplit's outputs for an empty delimiter: each string's bytes, row by row (all
    at once: tf.strings.bytes_split splits millions of bytes so)."""
    lens = np.fromiter(map(len, strings), np.int64, len(strings))
    check_finite_size(_OP, (int(lens.sum()), 2), dt.int64)  # (its largest output, first)
    values = _BYTES[np.frombuffer(b"".join(strings), np.uint8)]
    idx = np.empty((values.size, 2), np.int64)  # (each byte's row, then its place in it)
    idx[:, 0] = np.repeat(np.arange(len(strings), dtype=np.int64), lens)
    np.subtract(np.arange(values.size, dtype=np.int64), (np.cumsum(lens) - lens)[idx[:, 0]],
                out=idx[:, 1])
    return idx, values, np.asarray([len(strings), lens.max(initial=0)], np.int64)


def _reference(x: np.ndarray, delimiter: np.ndarray, *, skip_empty: bool) -> tuple:
    """Independent path: a byte-by-byte scan."""
    d = set(bytes(delimiter[()]))
    idx, values, longest = [], [], 0
    for i, s in enumerate(x):
        s, row, cur = bytes(s), [], b""
        for c in s:
            if not d:
                row.append(bytes([c]))
            elif c in d:
                row.append(cur)
                cur = b""
            else:
                cur += bytes([c])
        if d and s:
            row.append(cur)
        if skip_empty or not d:
            row = [t for t in row if t]
        idx += [[i, j] for j in range(len(row))]
        values += row
        longest = max(longest, len(row))
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return (np.array(idx, np.int64).reshape(-1, 2), out,
            np.array([len(x), longest], np.int64))


STRING_SPLIT = register(OpDef(
    _OP, _infer, _kernel, reference=_reference, num_outputs=3, gpu=False,
    samples=lambda: [
        Sample((object_vector([b"a b  c", b"", b"d"]), np.array(b" ", object)),
               {"skip_empty": True}, grad=False),
        Sample((object_vector([b"a,b;c", b"x;;y", b";"]), np.array(b",;", object)),
               {"skip_empty": False}, grad=False),
        Sample((object_vector([b"abc", b"", b"d"]), np.array(b"", object)), {"skip_empty": False},
               grad=False),
        Sample((object_vector([]), np.array(b" ", object)), {"skip_empty": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((object_vector([b"a"]).reshape(1, 1), np.array(b" ", object)),
                  {"skip_empty": True}, InvalidArgumentError, "input must be a vector"),
        BadSample((np.array(b"a b", object), np.array(b" ", object)), {"skip_empty": True},
                  InvalidArgumentError, "input must be a vector, got shape: []"),
        BadSample((object_vector([b"a"]), object_vector([b" "])), {"skip_empty": True},
                  InvalidArgumentError, "delimiter must be a scalar")],
))
