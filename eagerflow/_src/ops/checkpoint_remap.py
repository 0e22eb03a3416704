"""GenerateVocabRemapping and LoadAndRemapMatrix: TF's ops that warm-start an embedding
or a layer from a checkpoint written for another vocabulary (tf.compat.v1.train.warm_start
with a VocabInfo builds them).

Ops layer, after checkpoint_ops.py (the bundle reader) and lookup_ops.py (vocabulary
files read as TF's text-file tables read them); loaded on first use (op_index.py).

- GenerateVocabRemapping: for each of `num_new_vocab` lines of the new vocabulary from line
  `new_vocab_offset`, the line of the old vocabulary (its first `old_vocab_size`) holding
  the same word, or -1; and how many were found. A word twice in the old vocabulary is
  refused as TF's table refuses it.
- LoadAndRemapMatrix: a [num_rows, num_cols] float32 matrix whose row i is row
  row_remapping[i] of the checkpoint's 2-D float tensor, its columns picked by
  col_remapping (empty: all, in order); rows and columns remapped to a negative id are
  filled, in row-major order, from `initializing_values`, which must hold exactly as many
  values. The checks run in TF's kernel's order with its words; a row out of the stored
  tensor is refused as TF's reader refuses the slice it reads (`max_rows_in_memory` rows
  at a time, from the least row wanted); a column out of it, which TF 2.21 reads from
  beyond its buffer, is refused.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    OpError,
    UnimplementedError,
    shape_str,
)
from eagerflow._src.io.tensor_bundle import BundleReader, index_filename
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.checkpoint_ops import (
    check_strings,
    scratch_path,
    string_scalar,
    write_bundle,
)
from eagerflow._src.ops.lookup_ops import TextFileIndex, read_text_file
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_GVR, _LARM = "GenerateVocabRemapping", "LoadAndRemapMatrix"


def _path(v: Any) -> str:
    v = np.asarray(v).reshape(()).item() if np.ndim(v) == 0 else v
    return v.decode("utf-8", "surrogateescape") if isinstance(v, bytes) else str(v)


def _min(op: str, attrs: dict, minimums: dict) -> None:
    for k, low in minimums.items():
        C.attr_at_least(op, k, AV.make_int(attrs[k], k), low)


# -- GenerateVocabRemapping -----------------------------------------------------------------

_GVR_MINIMUMS = {"new_vocab_offset": 0, "num_new_vocab": 0, "old_vocab_size": -1}


def _gvr_attrs(attrs: dict) -> tuple[list, bool]:
    """The three int attrs as TF 2.21's eager fast path reads them: a Python int past int64
    reads as -1, its OverflowError held until the op has run (any error of the op's comes
    first); then the OpDef's minimums, then the kernel's int32 reads."""
    values, overflow = [], False
    for k, low in _GVR_MINIMUMS.items():
        try:
            v = AV.make_int(attrs[k], k)
        except OverflowError as e:
            if str(e) != "int too big to convert":
                raise
            v, overflow = -1, True
        C.attr_at_least(_GVR, k, v, low)
        values.append(v)
    for k, v in zip(_GVR_MINIMUMS, values):
        AV.int_attr(_GVR, v, k)
    return values, overflow


def _gvr_infer(new_vocab_file: Any, old_vocab_file: Any, *, new_vocab_offset: int,
               num_new_vocab: int, old_vocab_size: int = -1) -> list:
    check_strings(_GVR, (new_vocab_file, old_vocab_file))
    (_, num_new_vocab, _), _ = _gvr_attrs({"new_vocab_offset": new_vocab_offset,
                                           "num_new_vocab": num_new_vocab,
                                           "old_vocab_size": old_vocab_size})
    C.output_count(_GVR, num_new_vocab)
    return [((num_new_vocab,), dt.int64), ((), dt.int32)]


def _words(path: str, size: int | None) -> list:
    keys, _ = read_text_file(path, TextFileIndex.WHOLE_LINE, dt.string,
                             TextFileIndex.LINE_NUMBER, dt.int64, size, "\t", 0, op=_GVR)
    return list(keys)


def _one_file(what: str, path: Any) -> None:
    if np.ndim(path):
        raise C.fail(_GVR, f"{what} should be a single string, but got "
                           f"[{','.join(str(d) for d in np.shape(path))}]")


def _gvr_kernel(xp: Any, new_vocab_file: Any, old_vocab_file: Any, *, new_vocab_offset: int,
                num_new_vocab: int, old_vocab_size: int = -1) -> tuple:
    (new_vocab_offset, num_new_vocab, old_vocab_size), overflow = _gvr_attrs(
        {"new_vocab_offset": new_vocab_offset, "num_new_vocab": num_new_vocab,
         "old_vocab_size": old_vocab_size})
    _one_file("new_vocab_file", new_vocab_file)
    new = _words(_path(new_vocab_file), None)
    if len(new) < new_vocab_offset + num_new_vocab:
        raise C.fail(_GVR, "lookup table size must be larger than last new vocab entry's line")
    _one_file("old_vocab_file", old_vocab_file)  # (checked once the new vocabulary is read)
    index: dict = {}
    for i, w in enumerate(_words(_path(old_vocab_file),
                                 None if old_vocab_size == -1 else old_vocab_size)):
        if w in index:
            raise FailedPreconditionError(
                None, None, f"HashTable has different value for same key. Key "
                            f"{w.decode('utf-8', 'replace')} has {index[w]} and trying to add "
                            f"value {i} [Op:{_GVR}]")
        index[w] = i
    remap = np.array([index.get(w, -1) for w in
                      new[new_vocab_offset:new_vocab_offset + num_new_vocab]], np.int64)
    if overflow:  # (the fast path's held error: the op ran, its outputs are lost)
        raise OverflowError("int too big to convert")
    return xp.asarray(remap), xp.asarray(np.int32((remap >= 0).sum()))


def _gvr_ref(new_vocab_file: Any, old_vocab_file: Any, *, new_vocab_offset: int,
             num_new_vocab: int, old_vocab_size: int = -1) -> tuple:
    with open(_path(new_vocab_file), encoding="utf-8") as f:
        new = f.read().splitlines()[new_vocab_offset:new_vocab_offset + num_new_vocab]
    with open(_path(old_vocab_file), encoding="utf-8") as f:
        old = f.read().splitlines()
    old = old if old_vocab_size < 0 else old[:old_vocab_size]
    remap = np.array([old.index(w) if w in old else -1 for w in new], np.int64)
    return remap, np.int32(np.count_nonzero(remap >= 0))


def _vocab_files() -> tuple:
    old, new = scratch_path("old_vocab.txt"), scratch_path("new_vocab.txt")
    for path, words in ((old, "a\nb\nc\nd\n"), (new, "c\nx\na\nd\ny\n")):
        with open(path, "w", encoding="utf-8") as f:
            f.write(words)
    return string_scalar(new), string_scalar(old)


def _gvr_samples() -> list:
    new, old = _vocab_files()
    return [Sample((new, old), {"new_vocab_offset": 0, "num_new_vocab": 5}, grad=False),
            Sample((new, old), {"new_vocab_offset": 1, "num_new_vocab": 3,
                                "old_vocab_size": 2}, grad=False),
            Sample((new, old), {"new_vocab_offset": 0, "num_new_vocab": 0}, grad=False)]


def _gvr_bad() -> list:
    new, old = _vocab_files()
    missing = string_scalar(scratch_path("no_vocab.txt"))
    return [
        BadSample((new, old), {"new_vocab_offset": 3, "num_new_vocab": 5}, InvalidArgumentError,
                  "lookup table size must be larger than last new vocab entry's line"),
        BadSample((new, old), {"new_vocab_offset": 0, "num_new_vocab": 5, "old_vocab_size": 10},
                  InvalidArgumentError, "Invalid vocab_size in "),
        BadSample((missing, old), {"new_vocab_offset": 0, "num_new_vocab": 5}, NotFoundError,
                  "; No such file or directory"),
        BadSample((old, new), {"new_vocab_offset": 0, "num_new_vocab": -1},
                  InvalidArgumentError, "Value for attr 'num_new_vocab' of -1 must be at least "
                  "minimum 0")]


GENERATE_VOCAB_REMAPPING = register(OpDef(
    _GVR, _gvr_infer, _gvr_kernel, grad=C.no_gradient, reference=_gvr_ref, num_outputs=2,
    samples=_gvr_samples, bad_samples=_gvr_bad, gpu=False,
))


# -- LoadAndRemapMatrix ---------------------------------------------------------------------

def _larm_infer(ckpt_path: Any, old_tensor_name: Any, row_remapping: Any, col_remapping: Any,
                initializing_values: Any, *, num_rows: int, num_cols: int,
                max_rows_in_memory: int = -1) -> list:
    check_strings(_LARM, (ckpt_path, old_tensor_name))
    for i, (x, want) in enumerate(((row_remapping, dt.int64), (col_remapping, dt.int64),
                                   (initializing_values, dt.float32)), 2):
        if x._dtype is not want:
            raise C.wrong_input_dtype(_LARM, i, want, x._dtype)
    _min(_LARM, {"num_rows": num_rows, "num_cols": num_cols}, {"num_rows": 0, "num_cols": 1})
    AV.make_int(max_rows_in_memory, "max_rows_in_memory")
    shape = (num_rows, num_cols)
    C.check_size(_LARM, shape, dt.float32)
    return [(shape, dt.float32)]


def _ids(name: str, remap: np.ndarray, size: int, size_words: str) -> np.ndarray:
    if remap.ndim != 1:
        raise C.fail(_LARM, f"The `{name}` tensor must be 1-D, got a tensor of shape "
                            f"{shape_str(remap.shape)}")
    if remap.size != size:
        raise C.fail(_LARM, size_words.format(n=remap.size))
    return remap


def _no_duplicates(remap: np.ndarray) -> None:
    seen: dict = {}
    for new, old in enumerate(remap.tolist()):
        if old < 0:
            continue
        if old in seen:
            raise UnimplementedError(None, None, f"Old ID {old} is mapped to both new ID "
                                                 f"{seen[old]} and {new}, which is not "
                                                 f"supported. [Op:{_LARM}]")
        seen[old] = new


def _read(path: str, name: str) -> np.ndarray:
    """The whole stored tensor, after TF's checks of its dtype and rank."""
    if not os.path.exists(index_filename(path)):
        raise NotFoundError(None, None, f"{index_filename(path)}; No such file or directory "
                                        f"[Op:{_LARM}]")
    try:
        reader = BundleReader(path)
    except OpError as e:
        raise type(e)(None, None, f"{e.message} [Op:{_LARM}]") from None
    try:
        if not reader.has(name):
            raise NotFoundError(None, None, f"Key {name} not found in checkpoint [Op:{_LARM}]")
        stored, shape = reader.dtype(name), list(reader.shape(name))
        if stored is not dt.float32:
            raise C.fail(_LARM, f"Tensor {name} has invalid type {C.dtype_word(stored)} "
                                f"instead of expected type float")
        if len(shape) != 2:
            raise C.fail(_LARM, f"Tensor {name} has shape {shape_str(shape)} of invalid rank "
                                f"{len(shape)} instead of expected shape of rank 2.")
        return reader.read_region(name, [(0, shape[0]), (0, shape[1])])
    finally:
        reader.close()


def _check_rows(remap: np.ndarray, shape: tuple, per_read: int) -> None:
    """TF reads rows [least wanted, most wanted] in slices of `per_read` rows (all at once
    for a non-positive one): the first slice past the stored rows is refused."""
    wanted = remap[remap >= 0]
    if not wanted.size or int(wanted.max()) < shape[0]:
        return
    lo, hi = int(wanted.min()), int(wanted.max())
    step = hi - lo + 1 if per_read <= 0 else per_read
    start = lo
    while start + min(step, hi + 1 - start) <= shape[0]:
        start += step
    raise InternalError(None, None, f"Extent in dimension 0 out of bounds: shape = "
                                    f"{shape_str(shape)}, slice = {start},"
                                    f"{min(step, hi + 1 - start)}:- [Op:{_LARM}]")


def _larm_kernel(xp: Any, ckpt_path: Any, old_tensor_name: Any, row_remapping: Any,
                 col_remapping: Any, initializing_values: Any, *, num_rows: int,
                 num_cols: int, max_rows_in_memory: int = -1) -> Any:
    rows = _ids("row_remapping", np.asarray(row_remapping), num_rows,
                "Size of row_remapping is {n} instead of being equal to num_rows=" +
                str(num_rows))
    cols = np.asarray(col_remapping)
    given_cols = cols.size > 0
    # (an empty one of another rank, which crashes TF's kernel, is refused as a given one)
    if given_cols or cols.ndim != 1:
        _ids("col_remapping", cols, num_cols, "Provided col_remapping, but its size is {n} "
             f"instead of being equal to num_cols={num_cols}")
    _no_duplicates(rows)
    _no_duplicates(cols)
    name = _path(old_tensor_name)
    old = np.asarray(_read(_path(ckpt_path), name))
    if not given_cols:
        if old.shape[1] != num_cols:
            raise C.fail(_LARM, f"Tensor {name} has shape {shape_str(old.shape)}, where the "
                                f"size of its 2nd dimension is {old.shape[1]} instead of being "
                                f"equal to num_cols={num_cols}")
        cols = np.arange(num_cols)
    _check_rows(rows, old.shape, max_rows_in_memory)
    if cols.size and int(cols.max()) >= old.shape[1]:
        raise C.fail(_LARM, f"col_remapping holds column {int(cols.max())} of tensor {name}, "
                            f"which has {old.shape[1]}")
    init = np.asarray(initializing_values, np.float32).reshape(-1)
    out = np.zeros((num_rows, num_cols), np.float32)
    have_rows, have_cols = rows >= 0, cols >= 0
    out[np.ix_(have_rows, have_cols)] = old[np.ix_(rows[have_rows], cols[have_cols])]
    missing = ~(have_rows[:, None] & have_cols[None, :])  # (row-major, as TF fills them)
    n = int(missing.sum())
    if init.size < n:
        raise C.fail(_LARM, f"initializing_values contained {init.size} elements, but more "
                            f"missing values remain.")
    if init.size > n:
        raise C.fail(_LARM, f"initializing_values contained {init.size} elements, but only "
                            f"{n} elements were used to fill in missing values.")
    out[missing] = init
    return xp.asarray(out)


def _larm_ref(ckpt_path: Any, old_tensor_name: Any, row_remapping: Any, col_remapping: Any,
              initializing_values: Any, *, num_rows: int, num_cols: int,
              max_rows_in_memory: int = -1) -> np.ndarray:
    reader = BundleReader(_path(ckpt_path))
    name = _path(old_tensor_name)
    shape = list(reader.shape(name))
    old = reader.read_region(name, [(0, shape[0]), (0, shape[1])])
    reader.close()
    cols = list(col_remapping) or list(range(num_cols))
    fill = iter(np.asarray(initializing_values).tolist())
    out = np.zeros((num_rows, num_cols), np.float32)
    for i, r in enumerate(np.asarray(row_remapping).tolist()):
        for j, c in enumerate(cols):
            out[i, j] = old[r, c] if r >= 0 and c >= 0 else next(fill)
    return out


def _ckpt() -> tuple:
    path = scratch_path("load_and_remap")
    write_bundle("SaveV2", path, [
        ("w", "", np.arange(12, dtype=np.float32).reshape(4, 3), dt.float32),
        ("d", "", np.arange(4, dtype=np.float64), dt.float64),
        ("v", "", np.arange(4, dtype=np.float32), dt.float32)])
    return string_scalar(path), string_scalar("w")


def _i64(*values: int) -> np.ndarray:
    return np.array(values, np.int64)


def _f32(*values: float) -> np.ndarray:
    return np.array(values, np.float32)


def _larm_samples() -> list:
    path, w = _ckpt()
    return [
        Sample((path, w, _i64(2, -1, 0), _i64(), _f32(100, 101, 102)),
               {"num_rows": 3, "num_cols": 3}, grad=False),
        Sample((path, w, _i64(2, -1, 0), _i64(1, -1), _f32(100, 101, 102, 103)),
               {"num_rows": 3, "num_cols": 2, "max_rows_in_memory": 1}, grad=False),
        Sample((path, w, _i64(-5, 3), _i64(), _f32(1, 2, 3)),
               {"num_rows": 2, "num_cols": 3}, grad=False),
        Sample((path, w, _i64(), _i64(), _f32()), {"num_rows": 0, "num_cols": 3}, grad=False)]


def _larm_bad() -> list:
    path, w = _ckpt()
    base = {"num_rows": 3, "num_cols": 3}

    def bad(rows: Any, cols: Any, init: Any, error: type, words: str, name: Any = w,
            ckpt: Any = path, **attrs: Any) -> BadSample:
        return BadSample((ckpt, name, rows, cols, init), {**base, **attrs}, error, words)

    return [
        bad(_i64(2, -1, 0), _i64(), _f32(100), InvalidArgumentError,
            "initializing_values contained 1 elements, but more missing values remain."),
        bad(_i64(2, -1, 0), _i64(), _f32(1, 2, 3, 4, 5), InvalidArgumentError,
            "initializing_values contained 5 elements, but only 3 elements were used to fill "
            "in missing values."),
        bad(_i64(0), _i64(), _f32(), NotFoundError, "Key nope not found in checkpoint",
            name=string_scalar("nope"), num_rows=1),
        bad(_i64(7), _i64(), _f32(), InternalError, "Extent in dimension 0 out of bounds: "
            "shape = [4,3], slice = 7,1:-", num_rows=1),
        bad(_i64(0, 9, 2), _i64(), _f32(), InternalError, "Extent in dimension 0 out of "
            "bounds: shape = [4,3], slice = 4,2:-", max_rows_in_memory=2),
        bad(_i64(0, 9, 2), _i64(), _f32(), InternalError, "Extent in dimension 0 out of "
            "bounds: shape = [4,3], slice = 0,10:-"),
        bad(_i64(0, 1), _i64(), _f32(), InvalidArgumentError,
            "Size of row_remapping is 2 instead of being equal to num_rows=1", num_rows=1),
        bad(np.zeros((1, 1), np.int64), _i64(), _f32(), InvalidArgumentError,
            "The `row_remapping` tensor must be 1-D, got a tensor of shape [1,1]", num_rows=1),
        bad(_i64(0), _i64(), _f32(), InvalidArgumentError, "Tensor w has shape [4,3], where "
            "the size of its 2nd dimension is 3 instead of being equal to num_cols=2",
            num_rows=1, num_cols=2),
        bad(_i64(0), _i64(0, 1, 2), _f32(), InvalidArgumentError, "Provided col_remapping, "
            "but its size is 3 instead of being equal to num_cols=2", num_rows=1, num_cols=2),
        bad(_i64(0, 0), _i64(), _f32(), UnimplementedError, "Old ID 0 is mapped to both new "
            "ID 0 and 1, which is not supported.", num_rows=2),
        bad(_i64(0), _i64(0, 0), _f32(), UnimplementedError, "Old ID 0 is mapped to both new "
            "ID 0 and 1, which is not supported.", num_rows=1, num_cols=2),
        bad(_i64(0), _i64(), _f32(), NotFoundError, ".index; No such file or directory",
            ckpt=string_scalar(scratch_path("load_and_remap_none")),
            num_rows=1),
        bad(_i64(0), _i64(), _f32(), InvalidArgumentError, "Tensor d has invalid type double "
            "instead of expected type float", name=string_scalar("d"), num_rows=1, num_cols=4),
        bad(_i64(0), _i64(), _f32(), InvalidArgumentError, "Tensor v has shape [4] of invalid "
            "rank 1 instead of expected shape of rank 2.", name=string_scalar("v"),
            num_rows=1, num_cols=4)]


LOAD_AND_REMAP_MATRIX = register(OpDef(
    _LARM, _larm_infer, _larm_kernel, grad=C.no_gradient, reference=_larm_ref,
    samples=_larm_samples, bad_samples=_larm_bad, stateful=True, gpu=False,
))
