"""tf.strings.ngrams: the StringNGrams primitive and its public function.

Ops layer, after ragged_strings (whose string-vector checks it shares). StringNGrams
joins the ngrams of each row of a vector of strings, given by row splits; `ngrams`
reshapes any rank of input, dense or ragged, to that vector and wraps the result in a
RaggedTensor (or back into a dense tensor for a dense input), as TF's Python wrapper does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import Tensor, check_finite_size
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, reshape
from eagerflow._src.ops.array import shape as shape_op
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.ragged_strings import _SPLITS, _str_attr, _string_input, _strings_vector
from eagerflow._src.ops.ragged_tensor import RaggedTensor
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

# ---------------------------------------------------------------------------------------
# StringNGrams.
# ---------------------------------------------------------------------------------------

def _ngrams_infer(data: Any, splits: Any, *, separator: str, ngram_widths: tuple,
                  left_pad: str, right_pad: str, pad_width: int,
                  preserve_short_sequences: bool) -> list:
    op = "StringNGrams"
    _strings_vector(op, data, "data")
    C.check_rank(op, splits, 1, "data_splits")
    if splits._dtype not in _SPLITS:
        raise C.fail(op, "data_splits must be int32 or int64")
    for what, v in (("separator", separator), ("left_pad", left_pad), ("right_pad", right_pad)):
        _str_attr(op, v, what)
    # (no widths at all is allowed: each row then has no ngrams, as TF's kernel makes)
    if not isinstance(ngram_widths, (tuple, list)) or \
            any(type(w) is not int or not 1 <= w < 2**31 for w in ngram_widths):
        raise C.fail(op, f"ngram_widths must be positive integers, got {ngram_widths!r}")
    if type(pad_width) is not int:
        raise TypeError(f"Expected int for argument 'pad_width' not {pad_width!r}. [Op:{op}]")
    if not -(2**31) <= pad_width < 2**31:
        raise C.fail(op, f"pad_width must fit in an int32, got {pad_width}")
    return [((None,), dt.string), (splits._shape, splits._dtype)]


def _ngrams_of(tokens: list, widths: tuple, sep: bytes, left: bytes, right: bytes,
               pad_width: int, preserve: bool) -> list:
    out = []
    for w in widths:
        p = min(w - 1 if pad_width < 0 else pad_width, w - 1)
        padded = [left] * p + tokens + [right] * p
        out += [sep.join(padded[i:i + w]) for i in range(max(0, len(padded) - w + 1))]
    if preserve and not out and tokens:
        # a sequence too short for any ngram yields one, of all of it and its padding
        p = max(pad_width, 0)
        out.append(sep.join([left] * p + tokens + [right] * p))
    return out


def _check_ngram_splits(op: str, splits: Any, size: int) -> None:
    """TF's StringNGrams checks of the splits, in its order: from 0, each at least the one
    before and at most the data's size, the last that size."""
    if splits.size == 0:
        return
    prev = int(splits[0])
    if prev != 0:
        raise C.fail(op, f"First split value must be 0, got {prev}")
    for value in splits[1:].tolist():
        if not prev <= value <= size:
            raise C.fail(op, f"Invalid split value {value}, must be in [{prev}, {size}]")
        prev = value
    if prev != size:
        raise C.fail(op, f"Last split value must be data size. Expected {size}, got {prev}")


def _ngrams_kernel(xp: Any, data: Any, splits: Any, *, separator: str, ngram_widths: tuple,
                   left_pad: str, right_pad: str, pad_width: int,
                   preserve_short_sequences: bool) -> tuple:
    op = "StringNGrams"
    _check_ngram_splits(op, splits, data.shape[0])
    if data.shape[0] == 0 or splits.size == 0:  # (TF's: no data, no ngrams, even padded)
        return np.empty(0, object), np.zeros(splits.shape, splits.dtype)
    # the output's size before any of it is built (huge widths or pads are refused)
    lengths = np.diff(splits.astype(np.int64)).tolist()  # Python ints: no overflow
    count = len(lengths)
    for w in ngram_widths:
        p = min(w - 1 if pad_width < 0 else pad_width, w - 1)
        count += sum(max(0, n + 2 * p - w + 1) for n in lengths)
    longest = max(lengths, default=0) + 2 * max(max(pad_width, 0),
                                                max(ngram_widths, default=1) - 1)
    check_finite_size(op, (count,), dt.string)
    check_finite_size(op, (longest,), dt.string)
    enc = [s.encode() if isinstance(s, str) else s for s in (separator, left_pad, right_pad)]
    rows = [_ngrams_of(list(data[a:b]), tuple(ngram_widths), *enc, pad_width,
                       preserve_short_sequences)
            for a, b in zip(splits[:-1].tolist(), splits[1:].tolist())]
    out = np.empty(sum(len(r) for r in rows), object)
    out[:] = [g for r in rows for g in r]
    new_splits = np.zeros(len(splits), splits.dtype)
    np.cumsum([len(r) for r in rows], out=new_splits[1:])
    return out, new_splits


def _ngrams_ref(data: np.ndarray, splits: np.ndarray, separator: str, ngram_widths: tuple,
                left_pad: str, right_pad: str, pad_width: int,
                preserve_short_sequences: bool) -> tuple:
    grams, out_splits = [], [0]
    sep = separator.encode()
    for a, b in zip(splits[:-1], splits[1:]):
        row = [t.decode() for t in data[a:b]]
        made = []
        for w in ngram_widths:
            p = w - 1 if pad_width < 0 else min(pad_width, w - 1)
            seq = [left_pad] * p + row + [right_pad] * p
            for i in range(len(seq) - w + 1):
                made.append(sep.decode().join(seq[i:i + w]).encode())
        if not made and preserve_short_sequences and row:
            p = max(pad_width, 0)
            made.append(sep.decode().join([left_pad] * p + row + [right_pad] * p).encode())
        grams += made
        out_splits.append(len(grams))
    return np.array(grams, dtype=object), np.array(out_splits, splits.dtype)


_TOKENS = np.array([b"a", b"b", b"c", b"d", b"e", b"f"], dtype=object)
_NG = {"separator": " ", "left_pad": "<", "right_pad": ">", "preserve_short_sequences": False}
STRING_NGRAMS = register(OpDef(
    "StringNGrams", _ngrams_infer, _ngrams_kernel, reference=_ngrams_ref, num_outputs=2,
    gpu=False, samples=lambda: [
        Sample((_TOKENS, np.array([0, 3, 3, 4, 6], np.int64)),
               {**_NG, "ngram_widths": (2,), "pad_width": 0}, grad=False),
        Sample((_TOKENS, np.array([0, 3, 3, 4, 6], np.int32)),
               {**_NG, "ngram_widths": (1, 3), "pad_width": -1}, grad=False),
        Sample((_TOKENS, np.array([0, 1, 6], np.int64)),
               {**_NG, "ngram_widths": (3,), "pad_width": 0,
                "preserve_short_sequences": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((_TOKENS[:2], np.array([0, 3], np.int64)),
                  {**_NG, "ngram_widths": (2,), "pad_width": 0},
                  C.InvalidArgumentError, "Invalid split value 3, must be in [0, 2]"),
        BadSample((_TOKENS[:2], np.array([0, 1], np.int64)),
                  {**_NG, "ngram_widths": (2,), "pad_width": 0},
                  C.InvalidArgumentError, "Last split value must be data size")],
))

# ---------------------------------------------------------------------------------------
# The public function.
# ---------------------------------------------------------------------------------------

@dispatch_binding  # (TF's dispatcher binds the arguments first: its binding errors)
def ngrams(data: Any, ngram_width: Any, separator: str = " ", pad_values: Any = None,
           padding_width: Any = None, preserve_short_sequences: bool = False,
           name: str | None = None) -> Any:
    """`tf.strings.ngrams`: the ngrams of each innermost row, joined by `separator`."""
    if pad_values is None:
        left = right = ""
    elif isinstance(pad_values, (list, tuple)):
        if not all(isinstance(v, (str, bytes)) for v in pad_values[:2]):
            raise TypeError("pad_values must be a string, tuple of strings, or None.")
        left, right = pad_values[0], pad_values[1]
    elif isinstance(pad_values, (str, bytes)):
        left = right = pad_values
    else:
        raise TypeError("pad_values must be a string, tuple of strings, or None.")
    if padding_width is not None and padding_width < 1:
        raise ValueError("padding_width must be greater than 0.")
    if padding_width is not None and pad_values is None:
        raise ValueError("pad_values must be provided if padding_width is set.")
    x = _string_input(data, "data")
    dense_shape = None
    if isinstance(x, Tensor):
        rank = x.shape.rank
        if rank is None:
            raise ValueError("Rank of data must be known.")
        if rank == 0:
            raise ValueError("Data must have rank>0")
        if rank == 1:
            row = RaggedTensor.from_row_starts(x, [0], validate=False)
            return ngrams(row, ngram_width, separator, pad_values, padding_width,
                          preserve_short_sequences)[0]
        dense_shape = shape_op(x, out_type=dt.int64)[:-1]
        x = RaggedTensor.from_tensor(x, ragged_rank=rank - 1)
    if x.ragged_rank > 1:
        out = x.with_values(ngrams(x.values, ngram_width, separator, pad_values,
                                   padding_width, preserve_short_sequences))
    else:
        widths = tuple(ngram_width) if isinstance(ngram_width, (list, tuple)) else \
            (ngram_width,)
        if any(w < 1 for w in widths):
            # (%-formatted as TF's: a tuple of widths is the format's arguments, and a
            # tuple of more than one raises Python's TypeError in its stead)
            raise ValueError("All ngram_widths must be greater than 0. Got %s"  # noqa: UP031
                             % ngram_width)
        width = 0 if pad_values is None else -1 if padding_width is None else padding_width
        grams, splits = bind(STRING_NGRAMS, (x.flat_values, x.row_splits), {
            "separator": separator, "ngram_widths": tuple(int(w) for w in widths),
            "left_pad": left, "right_pad": right, "pad_width": int(width),
            "preserve_short_sequences": AV.bool_attr(preserve_short_sequences,
                                                     "preserve_short_sequences")})
        out = RaggedTensor.from_row_splits(grams, splits, validate=False)
    if dense_shape is not None:  # a dense input gives a dense result
        return reshape(out.flat_values, concat([dense_shape, [-1]], 0))
    return out
