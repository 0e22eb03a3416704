"""TF's checkpoint ops: SaveV2, RestoreV2, MergeV2Checkpoints, ShardedFilename,
ShardedFilespec, and TF 1's Save, SaveSlices, Restore, RestoreSlice (tf.raw_ops, and the
nodes of TF 1 Savers' graphs).

Ops layer, over io/. The V2 ops write and read the tensor bundle of tf.train.Checkpoint
(io/tensor_bundle.py: `prefix.index` + `prefix.data-0000k-of-0000n`), the V1 ops TF 1's
one-file table of tensor slices (io/tensor_slices.py), both byte for byte TF's and written
atomically (temporary files, fsync, rename; a bundle's index last). RestoreV2 reads a
prefix that has no index as a V1 file, as TF does. A `shape_and_slices` entry is TF's
slice spec: the full shape, then "start,length" or "-" per dimension ("4 4 0,2:-"); a save
stores the tensor as that slice of the full one and a restore reads that box, put together
from the stored slices it meets. The checks run in TF's kernels' order with their words
and error classes, before any file is touched. Where TF 2.21 aborts the process (a
resource tensor saved, slices of one name of other dtypes or full shapes, a negative
dimension) the input is refused; a bundle merged into itself keeps its merged index (TF
2.21 deletes it with the sources'). None of the ops has a gradient in TF (its registry's
LookupError).
"""

from __future__ import annotations

import functools
import os
import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    OpError,
    shape_str,
)
from eagerflow._src.core.tensor import check_finite_size
from eagerflow._src.io import fileio, tensor_slices
from eagerflow._src.io.file_errors import os_error
from eagerflow._src.io.tensor_bundle import (
    BundleReader,
    BundleWriter,
    box_of,
    data_filename,
    index_bytes,
    index_filename,
    read_index,
)
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.io_ops import file_path
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_SAVE, _RESTORE, _MERGE = "SaveV2", "RestoreV2", "MergeV2Checkpoints"
_FILENAME, _FILESPEC = "ShardedFilename", "ShardedFilespec"


def _fail(op: str, message: str, cls: type = InvalidArgumentError) -> OpError:
    return cls(None, None, f"{message} [Op:{op}]")


def _text(b: Any) -> str:
    """A string tensor's element as TF's messages print it (its bytes)."""
    return b.decode("utf-8", "replace") if isinstance(b, bytes) else str(b)


def no_tensors(op: str, attr: str) -> InvalidArgumentError:
    """TF's refusal of an empty list of tensors (its list attr's minimum of 1)."""
    return InvalidArgumentError(None, None, f"Length for attr '{attr}' of 0 must be at least "
                                            f"minimum 1\n\t; NodeDef: {{{{node {op}}}}}; "
                                            f"{tf_op_defs.summary(op)} [Op:{op}]")


# ---------------------------------------------------------------------------------------
# Slice specs ("4 4 0,2:-")
# ---------------------------------------------------------------------------------------

_INT = re.compile(r"-?[0-9]+")
_INT64 = 2**63


def _int(s: str) -> int | None:
    """TF's strict int64 parse: digits with an optional minus, nothing around them."""
    if not _INT.fullmatch(s):
        return None
    v = int(s)
    return v if -_INT64 <= v < _INT64 else None


def parse_spec(op: str, spec: str) -> tuple:
    """(full shape, [(start, length or -1 for the whole dimension)], the slice's text) of a
    non-empty shape_and_slice spec, refused in the words of TF's parser."""
    parts = spec.split(" ")
    if len(parts) < 2:
        raise _fail(op, f"Need least two elements in shape_and_slice specification: {spec}")
    full = []
    for p in parts[:-1]:
        d = _int(p)
        if d is None:
            raise _fail(op, f"Non numerical dimension in shape_and_slice: {spec}")
        if d < 0:  # (TF 2.21 aborts on it)
            raise _fail(op, f"Dimension {d} must be >= 0")
        full.append(d)
    text = parts[-1]
    extents = []
    for item in (x for x in text.split(":") if x):
        if item == "-":
            extents.append((0, -1))
            continue
        pair = item.split(",")
        nums = [_int(x) for x in pair]
        if len(pair) != 2 or None in nums:
            raise _fail(op, f"Expected a pair of numbers or '-' but got '{item}': string = "
                            f"{text}")
        start, length = nums
        if start < 0 or length <= 0:
            raise _fail(op, f"Expected non-negative start and positive length but got start = "
                            f"{start}, length = {length}: string = {text}")
        extents.append((start, length))
    if len(extents) != len(full):
        raise _fail(op, f"Mismatching ranks: shape = {shape_str(full)}, slice = {text}",
                    InternalError)
    for i, ((start, length), d) in enumerate(zip(extents, full)):
        if length >= 0 and start + length > d:
            raise _fail(op, f"Extent in dimension {i} out of bounds: shape = "
                            f"{shape_str(full)}, slice = {text}", InternalError)
    return full, extents, text


def _slice_shape(full: list, extents: list) -> tuple:
    return tuple(d if n < 0 else n for (_, n), d in zip(extents, full))


def _static_shapes(specs: Any, n: int) -> list:
    """The shapes of a restore's `n` outputs that a graph knows while it is built, as TF's
    shape function gives them: a constant spec's slice shape, else unknown."""
    known = C.known(specs) if C.is_graph_tensor(specs) else None
    if not isinstance(known, (np.ndarray, bytes)):
        return [None] * n
    flat = [_text(x) for x in np.asarray(known, dtype=object).reshape(-1)]
    if len(flat) != n:
        raise _fail(_RESTORE, "The number of shape_and_slice doesn't match tensor outputs.")
    out = []
    for spec in (flat + [""] * n)[:n]:
        try:
            full, extents, _ = parse_spec("", spec) if spec else (None, None, None)
        except OpError as e:  # (TF's shape function parses it: a ValueError there)
            raise InvalidArgumentError(None, None, e.message) from None
        out.append(None if full is None else _slice_shape(full, extents))
    return out


# ---------------------------------------------------------------------------------------
# Input checks shared by SaveV2 and RestoreV2 (TF's ValidateInputs)
# ---------------------------------------------------------------------------------------

def check_strings(op: str, inputs: tuple) -> None:
    """Each of `inputs` a string tensor, or TF's error naming the first that isn't."""
    for i, x in enumerate(inputs):
        if x._dtype is not dt.string:
            raise C.wrong_input_dtype(op, i, dt.string, x._dtype)


def _check_inputs(op: str, prefix: Any, names: Any, specs: Any, count: int) -> None:
    """The shape checks of TF's kernels, where the shapes are known."""
    if prefix._shape is not None and None not in prefix._shape:
        n = C.num_elements(prefix._shape)
        if n != 1:
            raise _fail(op, f"Input prefix should have a single element, got {n} instead.")
    if names._shape is None or specs._shape is None:
        return
    if len(names._shape) != 1 or len(specs._shape) != 1:
        raise _fail(op, f"Input tensor_names and shape_and_slices should be an 1-D tensors, "
                        f"got {shape_str(names._shape)} and {shape_str(specs._shape)} instead.")
    a, b = names._shape[0], specs._shape[0]
    if a is None or b is None:
        return
    if a != b:
        raise _fail(op, f"tensor_names and shape_and_slices have different number of "
                        f"elements: {a} vs. {b}")
    if a != count:
        raise _fail(op, f"Got {a} tensor names but {count} tensors." if op == _SAVE else
                    f"Got {a} tensor names, but {count} expected dtypes.")


def _graph_checks(op: str, ranks: tuple, dims: tuple = ()) -> None:
    """While a graph is built, TF's shape functions' checks (a ValueError there): each
    (input, rank) of `ranks`, then each (input, count) of `dims`, its first dim."""
    if _state.graph is None:
        return
    for x, rank in ranks:
        if x._shape is not None and len(x._shape) != rank:
            raise _fail(op, f"Shape must be rank {rank} but is rank {len(x._shape)}")
    for x, n in dims:
        if x._shape and x._shape[0] is not None and x._shape[0] != n:
            raise _fail(op, f"Dimension must be {n} but is {x._shape[0]}")


def _prefix(op: str, prefix: Any) -> str:
    return file_path(np.asarray(prefix, dtype=object).reshape(-1)[0])


def _names(a: Any) -> list:
    return [_text(x) for x in np.asarray(a, dtype=object).reshape(-1)]


# ---------------------------------------------------------------------------------------
# SaveV2
# ---------------------------------------------------------------------------------------

def _save_infer(prefix: Any, tensor_names: Any, shape_and_slices: Any, *tensors: Any) -> list:
    check_strings(_SAVE, (prefix, tensor_names, shape_and_slices))
    if not tensors:
        raise no_tensors(_SAVE, "dtypes")
    _graph_checks(_SAVE, ((prefix, 0), (tensor_names, 1), (shape_and_slices, 1)),
                  ((tensor_names, len(tensors)), (shape_and_slices, len(tensors))))
    _check_inputs(_SAVE, prefix, tensor_names, shape_and_slices, len(tensors))
    return []


def _save_kernel(xp: Any, prefix: Any, tensor_names: Any, shape_and_slices: Any,
                 *tensors: Any) -> tuple:
    path = _prefix(_SAVE, prefix)
    names, specs = _names(tensor_names), _names(shape_and_slices)
    arrays = [np.asarray(t) for t in tensors]
    plan = []
    for name, spec, arr in zip(names, specs, arrays):
        if spec:
            _slice_of(_SAVE, spec, arr)
        plan.append((name, spec, arr, _dtype_of(arr)))
    write_bundle(_SAVE, path, plan)
    return ()


def _slice_of(op: str, spec: str, arr: np.ndarray) -> tuple:
    """The full shape and the extents of the slice `spec` names, which `arr` must fill."""
    full, extents, _ = parse_spec(op, spec)
    if _slice_shape(full, extents) != arr.shape:
        raise _fail(op, f"Slice in shape_and_slice specification does not match the shape "
                        f"of the tensor to  save: {spec}, tensor: {shape_str(arr.shape)}")
    return full, extents


def _dtype_of(arr: np.ndarray) -> dt.DType:
    return dt.string if arr.dtype == object else dt.as_dtype(arr.dtype)


def write_bundle(op: str, path: str, plan: list) -> None:
    """Writes the tensors of `plan` ([(name, spec, array, dtype)]) as one bundle at `path`,
    all or nothing; the folder must exist, as for TF's writer."""
    folder = os.path.dirname(path)
    if folder and not os.path.isdir(folder):
        raise os_error(FileNotFoundError(), folder, op)
    try:
        writer = BundleWriter(path)
    except OSError as e:
        raise os_error(e, e.filename or path, op) from None
    name = None
    try:
        for name, spec, arr, dtype in plan:
            writer.add(name, arr, dtype, spec=spec)
        writer.finish()
    except BaseException as e:
        writer.abort()
        if isinstance(e, ValueError):  # (TF 2.21 aborts on slices of other dtypes or shapes)
            raise _fail(op, f"Adding duplicate key: {name}") from None
        if isinstance(e, OpError):
            raise _fail(op, e.message, type(e)) from None
        if isinstance(e, OSError):
            raise os_error(e, e.filename or path, op) from None
        raise


def _save_ref(prefix: Any, tensor_names: Any, shape_and_slices: Any, *tensors: Any) -> tuple:
    return ()


def scratch_path(name: str) -> str:
    return os.path.join(os.environ.get("TMPDIR") or "/tmp",  # noqa: S108 - samples' files
                        f"eagerflow_{name}_{os.getpid()}")


def _s(*values: Any) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = [v.encode() if isinstance(v, str) else v for v in values]
    return out


def string_scalar(v: Any) -> np.ndarray:
    out = np.empty((), dtype=object)
    out[()] = v.encode() if isinstance(v, str) else v
    return out


SAVE_V2 = register(OpDef(
    _SAVE, _save_infer, _save_kernel, reference=_save_ref, num_outputs=0, stateful=True,
    gpu=False, grad=C.no_gradient,
    arity=lambda ins, attrs: {"dtypes": len(ins) - 3},
    samples=lambda: [
        Sample((string_scalar(scratch_path("save_v2")), _s("a", "b"), _s("", "4 3 1,2:-"),
                np.arange(6, dtype=np.float32).reshape(2, 3), np.ones((2, 3), np.int64)),
               grad=False)],
    bad_samples=lambda: [
        BadSample((string_scalar(scratch_path("save_v2_bad")), _s("a", "b"), _s("", ""),
                   np.float32(1)), {}, InvalidArgumentError, "Got 2 tensor names but 1 tensors."),
        BadSample((string_scalar(scratch_path("save_v2_bad")), _s("a", "a"), _s("", ""),
                   np.float32(1), np.float32(2)), {}, InvalidArgumentError,
                  "Adding duplicate key: a"),
        BadSample((string_scalar(scratch_path("save_v2_bad")), _s("a"), _s("4 4 0,1:-"),
                   np.ones((2, 4), np.float32)), {}, InvalidArgumentError,
                  "does not match the shape of the tensor to  save: 4 4 0,1:-, tensor: [2,4]"),
        BadSample((_s("a", "b"), _s("a"), _s(""), np.float32(1)), {}, InvalidArgumentError,
                  "Input prefix should have a single element, got 2 instead.")],
))


# ---------------------------------------------------------------------------------------
# RestoreV2
# ---------------------------------------------------------------------------------------

def _dtypes(dtypes: Any) -> tuple:
    if not isinstance(dtypes, (list, tuple)):
        raise TypeError(f"Expected list for 'dtypes' argument to 'restore_v2' Op, not "
                        f"{dtypes!r}.")
    return tuple(C.dtype_attr(_RESTORE, d, "dtypes") for d in dtypes)


def _restore_infer(prefix: Any, tensor_names: Any, shape_and_slices: Any, *,
                   dtypes: tuple) -> list:
    dtypes = _dtypes(dtypes)
    if not dtypes:
        raise no_tensors(_RESTORE, "dtypes")
    C.output_count(_RESTORE, len(dtypes))
    check_strings(_RESTORE, (prefix, tensor_names, shape_and_slices))
    _graph_checks(_RESTORE, ((prefix, 0), (tensor_names, 1), (shape_and_slices, 1)))
    a, b = tensor_names._shape, shape_and_slices._shape
    if _state.graph is not None and a and b and None not in (a[0], b[0]) and a[0] != b[0]:
        raise _fail(_RESTORE, f"Dimension 0 in both shapes must be equal, but are {a[0]} and "
                              f"{b[0]}. Shapes are {shape_str(a)} and {shape_str(b)}.")
    shapes = _static_shapes(shape_and_slices, len(dtypes))
    _check_inputs(_RESTORE, prefix, tensor_names, shape_and_slices, len(dtypes))
    return list(zip(shapes, dtypes))


def _read_box(op: str, reader: Any, name: str, extents: list, shape: tuple, want: Any,
              missing: str) -> np.ndarray:
    """The region `extents` of tensor `name` from either format's reader; `missing`: the
    words for slices that don't cover it."""
    box = box_of(extents, shape)
    check_finite_size(op, tuple(b - a for a, b in box), want)  # (a damaged file's)
    try:
        arr = reader.read_region(name, box)
    except OpError as e:
        raise _fail(op, e.message, type(e)) from None
    if arr is None:
        raise _fail(op, missing)
    return arr


def read_bundle(op: str, path: str, names: list, specs: list, dtypes: tuple) -> list:
    """The tensors `names` read from the bundle at `path`, each the box of its spec
    ("": whole), checked against `dtypes` and the stored shapes in TF's words."""
    if not os.path.exists(index_filename(path)):
        return read_slices(op, path, names, specs, dtypes)  # (TF 1's file, as TF falls back)
    try:
        reader = BundleReader(path)
    except OpError as e:
        raise _fail(op, e.message, type(e)) from None
    try:
        out = []
        for name, spec, want in zip(names, specs, dtypes):
            if not reader.has(name):
                raise _fail(op, f"Key {name} not found in checkpoint", NotFoundError)
            stored = reader.dtype(name)
            if stored is not want:
                raise _fail(op, f"tensor_name = {name}; expected dtype {C.dtype_word(want)} "
                                f"does not equal original dtype {C.dtype_word(stored)}")
            shape = reader.shape(name)
            if spec:
                full, extents, _ = parse_spec(op, spec)
                if full != shape:
                    raise _fail(op, f"tensor_name = {name}; shape in shape_and_slice spec "
                                    f"{shape_str(full)} does not match the shape stored in "
                                    f"checkpoint: {shape_str(shape)}")
            else:
                extents = [(0, -1)] * len(shape)
            out.append(_read_box(op, reader, name, extents, shape, want,
                                 f"Does not have sufficient slices for partitioned tensor "
                                 f"{name} to restore in slice_spec: "
                                 f"{tensor_slices.debug_string(extents)}"))
        return out
    finally:
        reader.close()


def _restore_kernel(xp: Any, prefix: Any, tensor_names: Any, shape_and_slices: Any, *,
                    dtypes: tuple) -> tuple:
    return tuple(read_bundle(_RESTORE, _prefix(_RESTORE, prefix), _names(tensor_names),
                             _names(shape_and_slices), tuple(dtypes)))


def _restore_ref(prefix: Any, tensor_names: Any, shape_and_slices: Any, *,
                 dtypes: tuple) -> tuple:
    """Reads the index and data files directly: each tensor whole, its spec's box cut
    out of it by NumPy."""
    path = _prefix(_RESTORE, prefix)
    _, entries = read_index(path)
    out = []
    for name, spec, d in zip(_names(tensor_names), _names(shape_and_slices), dtypes):
        e = entries[name.encode()]
        with open(data_filename(path, e.shard_id, 1), "rb") as f:
            f.seek(e.offset)
            raw = f.read(e.size)
        shape = [x.size for x in e.shape.dim]
        arr = np.frombuffer(raw, dtype=np.dtype(d.as_numpy_dtype).newbyteorder("<"))
        arr = arr.astype(d.as_numpy_dtype).reshape(shape)
        if spec:
            full, extents, _ = parse_spec(_RESTORE, spec)
            arr = arr[tuple(slice(s, None if n < 0 else s + n) for s, n in extents)]
        out.append(arr)
    return tuple(out)


def _restore_samples() -> list:
    # the file SaveV2's sample writes (an array of every dtype the sample holds)
    path = scratch_path("restore_v2")
    write_bundle(_RESTORE, path, [
        ("x", "", np.arange(12, dtype=np.float64).reshape(3, 4), dt.float64),
        ("y", "", np.array([1, -2, 3], np.int16), dt.int16)])
    return [Sample((string_scalar(path), _s("x", "y", "x"), _s("", "", "3 4 1,2:-"),),
                   {"dtypes": (dt.float64, dt.int16, dt.float64)}, grad=False)]


def _restore_bad() -> list:
    path = _restore_samples()[0].inputs[0]
    return [
        BadSample((path, _s("z"), _s("")), {"dtypes": (dt.float64,)}, NotFoundError,
                  "Key z not found in checkpoint"),
        BadSample((path, _s("x"), _s("")), {"dtypes": (dt.float32,)}, InvalidArgumentError,
                  "tensor_name = x; expected dtype float does not equal original dtype double"),
        BadSample((path, _s("x"), _s("4 4 0,1:-")), {"dtypes": (dt.float64,)},
                  InvalidArgumentError, "tensor_name = x; shape in shape_and_slice spec [4,4] "
                  "does not match the shape stored in checkpoint: [3,4]"),
        BadSample((path, _s("x"), _s("3 4 2,2:-")), {"dtypes": (dt.float64,)}, InternalError,
                  "Extent in dimension 0 out of bounds: shape = [3,4], slice = 2,2:-"),
        BadSample((path, _s("x"), _s("3 4 x:-")), {"dtypes": (dt.float64,)},
                  InvalidArgumentError, "Expected a pair of numbers or '-' but got 'x'"),
        BadSample((path, _s("x", "y"), _s("")), {"dtypes": (dt.float64,)},
                  InvalidArgumentError, "different number of elements: 2 vs. 1"),
        BadSample((string_scalar(scratch_path("nowhere")), _s("x"), _s("")),
                  {"dtypes": (dt.float64,)}, NotFoundError, "Unsuccessful TensorSliceReader "
                  "constructor: Failed to find any matching files for")]


RESTORE_V2 = register(OpDef(
    _RESTORE, _restore_infer, _restore_kernel, reference=_restore_ref, num_outputs=-1,
    stateful=True, gpu=False, grad=C.no_gradient,
    arity=lambda ins, attrs: {"dtypes": len(attrs["dtypes"])},
    samples=_restore_samples, bad_samples=_restore_bad,
))


# ---------------------------------------------------------------------------------------
# MergeV2Checkpoints
# ---------------------------------------------------------------------------------------

def _merge_infer(checkpoint_prefixes: Any, destination_prefix: Any, *,
                 delete_old_dirs: bool = True, allow_missing_files: bool = False) -> list:
    AV.bool_attr(delete_old_dirs, "delete_old_dirs")
    AV.bool_attr(allow_missing_files, "allow_missing_files")
    check_strings(_MERGE, (checkpoint_prefixes, destination_prefix))
    _graph_checks(_MERGE, ((checkpoint_prefixes, 1), (destination_prefix, 0)))
    s = checkpoint_prefixes._shape
    if s is not None and len(s) != 1:
        raise _fail(_MERGE, f"Input checkpoint_prefixes should be an 1-D tensor, got "
                            f"{shape_str(s)} instead.")
    s = destination_prefix._shape
    if s is not None and len(s) != 0:
        raise _fail(_MERGE, f"Input destination_prefix should be a scalar tensor, got "
                            f"{shape_str(s)} instead.")
    return []


def merge_bundles(op: str, prefixes: list, dest: str, delete_old_dirs: bool,
                  allow_missing_files: bool) -> None:
    """TF's MergeBundles: the bundles at `prefixes` become one at `dest` (their data files
    renamed to its, in order; one index of all their entries), their indexes deleted."""
    found = []
    for p in prefixes:
        if os.path.isfile(index_filename(p)):
            found.append(p)
        elif not allow_missing_files:
            raise _fail(op, f"allow_missing_files was set to false and {p} did not exist."
                            f"NOT_FOUND: {p} not found")
    if not found:
        raise _fail(op, "At least one prefix checkpoint file must exist, but none existed.")
    merged: dict = {}
    moves = []
    for p in found:  # (every index read and checked before any file moves)
        try:
            header, entries = read_index(p)
        except OpError as e:
            raise _fail(op, e.message, type(e)) from None
        base = len(moves)
        for key, entry in entries.items():
            if key in merged:
                raise _fail(op, f"Duplicate tensor keyed by {_text(key)} encountered, when "
                                f"merging prefix: {p}")
            entry.shard_id += base
            merged[key] = entry
        moves += [data_filename(p, s, header.num_shards) for s in range(header.num_shards)]
    folder = os.path.dirname(dest)
    try:
        for i, old in enumerate(moves):
            os.replace(old, data_filename(dest, i, len(moves)))
        fileio.atomic_write(index_filename(dest), index_bytes(len(moves), merged), "index")
        for p in found:
            if p != dest:  # (TF 2.21 deletes the merged index too: a bundle merged into itself)
                os.remove(index_filename(p))
    except OSError as e:
        raise os_error(e, e.filename or dest, op) from None
    if delete_old_dirs:
        for d in dict.fromkeys(os.path.dirname(p) for p in found):
            if d and d != folder:
                try:
                    os.rmdir(d)  # (only an emptied folder goes, as TF's DeleteDir)
                except OSError:
                    pass


def _merge_kernel(xp: Any, checkpoint_prefixes: Any, destination_prefix: Any, *,
                  delete_old_dirs: bool = True, allow_missing_files: bool = False) -> tuple:
    merge_bundles(_MERGE, [file_path(p) for p in np.asarray(checkpoint_prefixes).reshape(-1)],
                  file_path(destination_prefix), delete_old_dirs, allow_missing_files)
    return ()


def _merge_samples() -> list:
    # (a bundle merged into itself: the same files after each run; tests/ops/
    # test_checkpoint_ops.py merges others)
    path = scratch_path("merge")
    write_bundle(_MERGE, path, [("t", "", np.arange(3, dtype=np.int32), dt.int32)])
    return [Sample((_s(path), string_scalar(path)),
                   {"delete_old_dirs": False, "allow_missing_files": False}, grad=False)]


MERGE_V2_CHECKPOINTS = register(OpDef(
    _MERGE, _merge_infer, _merge_kernel, reference=lambda *a, **k: (), num_outputs=0,
    stateful=True, gpu=False, grad=C.no_gradient,
    samples=_merge_samples,
    bad_samples=lambda: [
        BadSample((_s(scratch_path("merge_none")), string_scalar(scratch_path("merged_bad"))),
                  {"delete_old_dirs": True, "allow_missing_files": False},
                  InvalidArgumentError, "allow_missing_files was set to false and "),
        BadSample((_s(), string_scalar(scratch_path("merged_bad"))),
                  {"delete_old_dirs": True, "allow_missing_files": True},
                  InvalidArgumentError, "At least one prefix checkpoint file must exist, but "
                                        "none existed."),
        BadSample((string_scalar("a"), string_scalar("b")), {"delete_old_dirs": True,
                                                "allow_missing_files": False},
                  InvalidArgumentError, "Input checkpoint_prefixes should be an 1-D tensor, "
                                        "got [] instead.")],
))


# ---------------------------------------------------------------------------------------
# ShardedFilename, ShardedFilespec
# ---------------------------------------------------------------------------------------

def _scalars(op: str, named: tuple) -> None:
    for name, x, want in named:
        if x._dtype is not want:
            i = [n for n, _, _ in named].index(name)
            raise C.wrong_input_dtype(op, i, want, x._dtype)
    _graph_checks(op, tuple((x, 0) for _, x, _ in named))
    for name, x, _ in named:
        if x._shape is not None and len(x._shape) != 0:
            raise _fail(op, f"{name} must be a scalar, got shape {shape_str(x._shape)}")


def _basename(b: Any) -> bytes:
    v = b[()] if isinstance(b, np.ndarray) else b
    return bytes(v).split(b"\0", 1)[0]  # (TF formats it as a C string)


def _filename_infer(basename: Any, shard: Any, num_shards: Any) -> list:
    _scalars(_FILENAME, (("basename", basename, dt.string), ("shard", shard, dt.int32),
                         ("num_shards", num_shards, dt.int32)))
    return [((), dt.string)]


def _filename_kernel(xp: Any, basename: Any, shard: Any, num_shards: Any) -> np.ndarray:
    return string_scalar(_basename(basename) + b"-%05d-of-%05d" % (int(shard), int(num_shards)))


def _filename_ref(basename: Any, shard: Any, num_shards: Any) -> np.ndarray:
    return string_scalar(_basename(basename) + f"-{int(shard):05}-of-{int(num_shards):05}".encode())


SHARDED_FILENAME = register(OpDef(
    _FILENAME, _filename_infer, _filename_kernel, reference=_filename_ref, gpu=False,
    samples=lambda: [
        Sample((string_scalar("a/b"), np.int32(3), np.int32(12)), grad=False),
        Sample((string_scalar(b"x\xff"), np.int32(123456), np.int32(-5)), grad=False)],
    bad_samples=lambda: [
        BadSample((_s("a", "b"), np.int32(1), np.int32(2)), {}, InvalidArgumentError,
                  "basename must be a scalar, got shape [2]"),
        BadSample((string_scalar("a"), np.array([1], np.int32), np.int32(2)), {},
                  InvalidArgumentError, "shard must be a scalar, got shape [1]"),
        BadSample((string_scalar("a"), np.int64(1), np.int32(2)), {}, InvalidArgumentError,
                  "input #1(zero-based) was expected to be a int32 tensor")],
))


def _filespec_infer(basename: Any, num_shards: Any) -> list:
    _scalars(_FILESPEC, (("basename", basename, dt.string),
                         ("num_shards", num_shards, dt.int32)))
    return [((), dt.string)]


def _filespec_kernel(xp: Any, basename: Any, num_shards: Any) -> np.ndarray:
    return string_scalar(_basename(basename) + b"-?????-of-%05d" % int(num_shards))


def _filespec_ref(basename: Any, num_shards: Any) -> np.ndarray:
    return string_scalar(_basename(basename) + f"-?????-of-{int(num_shards):05}".encode())


SHARDED_FILESPEC = register(OpDef(
    _FILESPEC, _filespec_infer, _filespec_kernel, reference=_filespec_ref, gpu=False,
    samples=lambda: [Sample((string_scalar("a/b"), np.int32(12)), grad=False),
                     Sample((string_scalar("c"), np.int32(-12)), grad=False)],
    bad_samples=lambda: [
        BadSample((string_scalar("a"), np.array([3], np.int32)), {}, InvalidArgumentError,
                  "num_shards must be a scalar, got shape [1]")],
))


# ---------------------------------------------------------------------------------------
# TF 1's checkpoint file: Save, SaveSlices, Restore, RestoreSlice (io/tensor_slices.py)
# ---------------------------------------------------------------------------------------

_SAVE1, _SAVE_SLICES, _RESTORE1, _RESTORE_SLICE = "Save", "SaveSlices", "Restore", "RestoreSlice"


def _save1_infer(filename: Any, tensor_names: Any, *rest: Any, op: str) -> list:
    fixed = 3 if op == _SAVE_SLICES else 2
    check_strings(op, (filename, tensor_names) + rest[:fixed - 2])
    data = rest[fixed - 2:]
    if not data:
        raise no_tensors(op, "T")
    _graph_checks(op, ((filename, 0),), ((tensor_names, len(data)),) +
                  (((rest[0], len(data)),) if op == _SAVE_SLICES else ()))
    n = C.num_elements(filename._shape)
    if n is not None and n != 1:
        raise _fail(op, f"Input 0 (filename) must be a string scalar; got a tensor of {n}"
                        "elements")
    names = C.num_elements(tensor_names._shape)
    if names is not None and names != len(data):
        raise _fail(op, f"Expected totally {names + fixed} inputs as input #1 (which is a "
                        f"string tensor of saved names) contains {names} names, but received "
                        f"{len(data) + fixed} inputs")
    specs = C.num_elements(rest[0]._shape) if op == _SAVE_SLICES else names
    if names is not None and specs is not None and specs != names:
        raise _fail(op, f"Expected {names} elements for the tensor shapes and slices but got "
                        f"{specs}")
    return []


def _save1_kernel(xp: Any, filename: Any, tensor_names: Any, *rest: Any, op: str) -> tuple:
    specs = _names(rest[0]) if op == _SAVE_SLICES else None
    data = [np.asarray(a) for a in rest[1:]] if op == _SAVE_SLICES else \
        [np.asarray(a) for a in rest]
    names = _names(tensor_names)
    items = []
    for i in sorted(range(len(names)), key=lambda i: (names[i], i)):  # (TF sorts by name)
        arr, spec = data[i], specs[i] if specs else ""
        full, extents = list(arr.shape), [(0, -1)] * arr.ndim
        if spec:
            full, extents = _slice_of(op, spec, arr)
        items.append((names[i], full, extents, arr, _dtype_of(arr)))
    path = _prefix(op, filename)
    try:
        tensor_slices.write_file(path, items)
    except OpError as e:
        raise _fail(op, e.message, type(e)) from None
    except OSError as e:
        raise os_error(e, e.filename or path, op) from None
    return ()


def read_slices(op: str, pattern: str, names: list, specs: list, dtypes: tuple) -> list:
    """The tensors `names` of the TF 1 checkpoint files `pattern` matches, each the box of
    its spec ("": whole), checked as TF's RestoreTensor checks them."""
    try:
        reader = tensor_slices.SlicesReader(pattern)
    except OpError as e:
        raise _fail(op, e.message, type(e)) from None
    except OSError as e:
        raise os_error(e, e.filename or pattern, op) from None
    out = []
    for name, spec, want in zip(names, specs, dtypes):
        if name not in reader.tensors:
            raise _fail(op, f'Tensor name "{name}" not found in checkpoint files {pattern}',
                        NotFoundError)
        shape, stored, _ = reader.tensors[name]
        if stored is not want:
            raise _fail(op, f"Expected to restore a tensor of type {C.dtype_word(want)}, got a "
                            f"tensor of type {C.dtype_word(stored)} instead: tensor_name = "
                            f"{name}")
        extents = [(0, -1)] * len(shape)
        if spec:
            full, extents, _ = parse_spec(op, spec)
            if full != shape:
                raise _fail(op, f"Shape in shape_and_slice spec does not match the shape in "
                                f"the save file: {shape_str(full)}, save file shape: "
                                f"{shape_str(shape)}")
        out.append(_read_box(op, reader, name, extents, shape, want,
                             "Error copying slice data"))
    return out


def _restore1_infer(file_pattern: Any, tensor_name: Any, *spec: Any, dt: Any,
                    preferred_shard: int = -1, op: str) -> list:
    dtype = C.dtype_attr(op, dt, "dt")
    AV.int_attr(op, preferred_shard, "preferred_shard", 64)
    check_strings(op, (file_pattern, tensor_name) + spec)
    _graph_checks(op, tuple((x, 0) for x in (file_pattern, tensor_name) + spec))
    n = C.num_elements(file_pattern._shape)
    if n is not None and n != 1:
        raise _fail(op, f"Input 0 (file_pattern) must be a string scalar; got a tensor of {n} "
                        "elements")
    if C.num_elements(tensor_name._shape) == 0:
        raise _fail(op, "Input 1 (file_pattern) must be a have at least 1 elements")
    return [(_static_shapes(spec[0], 1)[0] if spec else None, dtype)]


def _restore1_kernel(xp: Any, file_pattern: Any, tensor_name: Any, *spec: Any, dt: Any,
                     preferred_shard: int = -1, op: str) -> np.ndarray:
    specs = _names(spec[0])[:1] if spec else [""]
    return read_slices(op, _prefix(op, file_pattern), _names(tensor_name)[:1], specs or [""],
                       (dt,))[0]


def _restore1_ref(file_pattern: Any, tensor_name: Any, *spec: Any, dt: Any,
                  preferred_shard: int = -1, op: str) -> np.ndarray:
    """The whole tensor read from the one file's table, its spec's box cut by NumPy."""
    raw = open(_prefix(op, file_pattern), "rb").read()  # noqa: SIM115 - a test reference
    items = tensor_slices.table.read_table(raw, "ref")
    one = tensor_slices.protos.SavedTensorSlices()
    name = _names(tensor_name)[0]
    for key, value in items.items():
        if key:
            one.ParseFromString(value)
            if one.data.name == name:
                break
    tp = tensor_slices.tensor_proto.message_class()()
    tp.ParseFromString(one.data.data)
    top = tensor_slices.protos.SavedTensorSlices()
    top.ParseFromString(items[b""])
    meta = next(m for m in top.meta.tensor if m.name == name)
    tp.dtype = meta.type
    tp.tensor_shape.ParseFromString(meta.shape.SerializeToString())
    arr = tensor_slices.tensor_proto.to_ndarray(tp)
    if spec and _names(spec[0])[0]:
        _, extents, _ = parse_spec(op, _names(spec[0])[0])
        arr = arr[tuple(slice(s, None if n < 0 else s + n) for s, n in extents)]
    return arr


def _v1_file() -> str:
    path = scratch_path("v1_checkpoint")
    tensor_slices.write_file(path, [
        ("x", [3, 4], [(0, -1), (0, -1)], np.arange(12, dtype=np.float64).reshape(3, 4),
         dt.float64),
        ("y", [3], [(0, -1)], _s("a", "", "ccc"), dt.string)])
    return path


def _save1_samples(op: str) -> list:
    path = string_scalar(scratch_path(op.lower()))
    if op == _SAVE_SLICES:
        return [Sample((path, _s("b", "a"), _s("", "4 3 1,2:-"), np.float32(2.5),
                        np.ones((2, 3), np.int64)), grad=False)]
    return [Sample((path, _s("b", "a"), np.float32(2.5), np.ones((2, 3), np.int64)),
                   grad=False)]


for _op in (_SAVE1, _SAVE_SLICES):
    _fixed = 3 if _op == _SAVE_SLICES else 2
    register(OpDef(
        _op, functools.partial(_save1_infer, op=_op), functools.partial(_save1_kernel, op=_op),
        reference=lambda *a: (), num_outputs=0, stateful=True, gpu=False, grad=C.no_gradient,
        arity=functools.partial(lambda ins, attrs, k: {"T": len(ins) - k}, k=_fixed),
        samples=functools.partial(_save1_samples, _op),
        bad_samples=functools.partial(lambda op: [
            BadSample((string_scalar(scratch_path("save1_bad")), _s("a", "b")) +
                      ((_s("", ""),) if op == _SAVE_SLICES else ()) + (np.float32(1),), {},
                      InvalidArgumentError, "(which is a string tensor of saved names) contains "
                                            "2 names, but received"),
            BadSample((_s("a", "b"), _s("a")) + ((_s(""),) if op == _SAVE_SLICES else ()) +
                      (np.float32(1),), {}, InvalidArgumentError,
                      "Input 0 (filename) must be a string scalar; got a tensor of 2elements"),
            BadSample((string_scalar(scratch_path("save1_bad")), _s("a")) +
                      ((_s(""),) if op == _SAVE_SLICES else ()) + (np.array([7], np.uint32),),
                      {}, InvalidArgumentError,
                      "Tensor slice serialization not implemented for dtype 22")], _op),
    ))


def _restore1_samples(op: str) -> list:
    path = string_scalar(_v1_file())
    if op == _RESTORE_SLICE:
        return [Sample((path, string_scalar("x"), string_scalar("3 4 1,2:0,3")),
                       {"dt": dt.float64, "preferred_shard": -1}, grad=False),
                Sample((path, string_scalar("y"), string_scalar("")),
                       {"dt": dt.string, "preferred_shard": 0}, grad=False)]
    return [Sample((path, string_scalar("x")), {"dt": dt.float64, "preferred_shard": -1},
                   grad=False),
            Sample((path, string_scalar("y")), {"dt": dt.string, "preferred_shard": 3},
                   grad=False)]


def _restore1_bad(op: str) -> list:
    path = string_scalar(_v1_file())
    spec = (string_scalar(""),) if op == _RESTORE_SLICE else ()
    out = [
        BadSample((path, string_scalar("z")) + spec, {"dt": dt.float64, "preferred_shard": -1},
                  NotFoundError, 'Tensor name "z" not found in checkpoint files'),
        BadSample((path, string_scalar("x")) + spec, {"dt": dt.float32, "preferred_shard": -1},
                  InvalidArgumentError, "Expected to restore a tensor of type float, got a "
                  "tensor of type double instead: tensor_name = x"),
        BadSample((_s("a", "b"), string_scalar("x")) + spec, {"dt": dt.float64,
                                                        "preferred_shard": -1},
                  InvalidArgumentError, "Input 0 (file_pattern) must be a string scalar; got "
                                        "a tensor of 2 elements")]
    if op == _RESTORE_SLICE:
        out.append(BadSample((path, string_scalar("x"), string_scalar("4 4 0,1:-")),
                             {"dt": dt.float64, "preferred_shard": -1}, InvalidArgumentError,
                             "Shape in shape_and_slice spec does not match the shape in the "
                             "save file: [4,4], save file shape: [3,4]"))
    return out


for _op in (_RESTORE1, _RESTORE_SLICE):
    register(OpDef(
        _op, functools.partial(_restore1_infer, op=_op),
        functools.partial(_restore1_kernel, op=_op),
        reference=functools.partial(_restore1_ref, op=_op), stateful=True, gpu=False,
        grad=C.no_gradient, samples=functools.partial(_restore1_samples, _op),
        bad_samples=functools.partial(_restore1_bad, _op),
    ))
