"""TF 1's checkpoint file (the V1 format of tf.raw_ops.Save, SaveSlices, Restore and
RestoreSlice): one sorted table (table.py's layout, as a bundle's index), written as TF's
TensorSliceWriter writes it.

Its "" key holds a SavedTensorSlices whose `meta` lists each tensor (name, full shape,
dtype, the slices stored: an empty extent for a whole dimension) and TF's checkpoint
version; every slice's values are a SavedTensorSlices of their own whose `data` names the
tensor and slice and holds a TensorProto with only the dtype's typed value field
(`float_val`, `half_val` bits, (real, imag) pairs...), under the key ordered_code.py
encodes from the name and the extents. The reader opens every file a glob pattern
matches and puts a box of a tensor together from the slices that meet it.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from google.protobuf.message import DecodeError

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.dtypes import dtype_word
from eagerflow._src.core.errors import (
    DataLossError,
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    UnimplementedError,
    shape_str,
)
from eagerflow._src.io import bundle_protos as protos
from eagerflow._src.io import fileio, gfile, ordered_code, table, tensor_proto
from eagerflow._src.io.tensor_bundle import (
    BundleReader,
    assemble,
    box_of,
    index_filename,
    local_prefix,
    meet,
    not_found,
)

CHECKPOINT_VERSION = 1  # TF's TF_CHECKPOINT_VERSION
# the dtypes TF's SaveTypedData serializes (bfloat16: its UnimplementedError; the rest:
# its InvalidArgumentError naming the enum)
_SAVED = frozenset(("float32", "float64", "int32", "uint8", "int16", "int8", "uint16",
                    "int64", "bool", "float16", "complex64", "complex128", "string"))


def _slice_proto(extents: list) -> Any:
    proto = protos.TensorSliceProto()
    for start, length in extents:
        e = proto.extent.add()
        if length >= 0:
            if start:
                e.start = start
            e.length = length
    return proto


def _extents(proto: Any) -> list:
    return [(e.start, e.length if e.HasField("length") else -1) for e in proto.extent]


def debug_string(extents: list) -> str:
    """TF's TensorSlice::DebugString: "-" for a whole dimension, else "start,length"."""
    return ":".join("-" if n < 0 else f"{s},{n}" for s, n in extents)


def check_saveable(dtype: dt.DType) -> None:
    if dtype is dt.bfloat16:
        raise UnimplementedError(None, None, "Saving data type bfloat16 not yet supported")
    if dtype.name not in _SAVED:
        raise InvalidArgumentError(None, None, "Tensor slice serialization not implemented "
                                               f"for dtype {dtype.as_datatype_enum}")


def _values(arr: np.ndarray, dtype: dt.DType) -> bytes:
    """The TensorProto of TF's SaveTypedData: the values in their typed field, nothing else."""
    tp = tensor_proto.message_class()()
    if arr.size:
        tensor_proto.set_values(tp, arr.reshape(-1), dtype)
    return tp.SerializeToString()


def file_bytes(items: list) -> bytes:
    """The file of TF's TensorSliceWriter holding `items`, [(name, full shape, extents,
    array, dtype)] in the order they are added; InternalError in TF's words for a name
    added again with another shape or dtype."""
    top = protos.SavedTensorSlices()
    top.meta.versions.producer = CHECKPOINT_VERSION
    metas: dict = {}
    data: dict = {}
    for name, full, extents, arr, dtype in items:
        check_saveable(dtype)
        meta = metas.get(name)
        if meta is None:
            meta = metas[name] = top.meta.tensor.add(name=name, type=dtype.as_datatype_enum)
            meta.shape.SetInParent()  # (a scalar's shape written empty, as TF writes it)
            for d in full:
                meta.shape.dim.add(size=d)
        else:
            have = [d.size for d in meta.shape.dim]
            if have != list(full):
                raise InternalError(None, None, f"Mismatching shapes: existing tensor = "
                                                f"{shape_str(have)}, trying to add name {name}, "
                                                f"shape = {shape_str(full)}")
            if meta.type != dtype.as_datatype_enum:
                existing = dtype_word(dt.as_dtype(meta.type))
                raise InternalError(None, None, f"Mismatching types: existing type = {existing}, "
                                                f"trying to add name {name}, type = "
                                                f"{dtype_word(dtype)}")
        meta.slice.add().CopyFrom(_slice_proto(extents))
        key = ordered_code.tensor_name_slice(name, extents)
        if key not in data:  # (a slice added twice: TF keeps the first one's values)
            one = protos.SavedTensorSlices()
            one.data.name = name
            one.data.slice.CopyFrom(_slice_proto(extents))
            one.data.data = _values(np.asarray(arr), dtype)
            data[key] = one.SerializeToString()
    tw = table.TableWriter()
    tw.add(b"", top.SerializeToString())
    for key in sorted(data):
        tw.add(key, data[key])
    return tw.finish()


def write_file(path: str, items: list) -> None:
    """Writes `items` (as file_bytes) to `path` atomically: a temporary file beside it,
    fsynced, renamed over it. The folder must exist, as for TF's writer."""
    data = file_bytes(items)
    folder = os.path.dirname(path)
    if folder and not os.path.isdir(folder):
        # TF's error names its temporary file
        raise FileNotFoundError(2, "No such file or directory",
                                f"{path}.tempstate{int.from_bytes(os.urandom(8), 'little') >> 1}")
    fileio.atomic_write(path, data, "slices")


def is_v1(prefix: str) -> bool:
    """Whether `prefix` names TF 1's files (no bundle index; TF reads them by pattern)."""
    return not os.path.exists(index_filename(prefix)) and \
        any(os.path.isfile(f) for f in gfile.matches(prefix))


def open_reader(prefix: str) -> Any:
    """A reader of the checkpoint at `prefix`: its bundle, or TF 1's files it matches where
    it has no index (as TF's CheckpointReader falls back)."""
    prefix = local_prefix(prefix)
    return SlicesReader(prefix) if is_v1(prefix) else BundleReader(prefix)


class SlicesReader:
    """The tensors of every V1 checkpoint file `pattern` matches (TF's TensorSliceReader)."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        files = gfile.matches(pattern)
        if not files:
            raise not_found(pattern)
        self.tensors: dict = {}  # name -> (shape, dtype, [(extents, file index)])
        self._tables = []
        for f in files:
            self._tables.append(self._open(f))

    def _open(self, path: str) -> dict:
        with open(path, "rb") as fh:
            raw = fh.read()
        opened = f"Unable to open table file {path}: DATA_LOSS: "
        later = ": perhaps your file is in a different file format and you need to use a " \
                "different restore operator?"
        if len(raw) < table.FOOTER_SIZE:
            raise DataLossError(None, None, f"{opened}file is too short to be an sstable{later}")
        if int.from_bytes(raw[-8:], "little") != table.MAGIC:
            raise DataLossError(None, None, f"{opened}not an sstable (bad magic number){later}")
        items = table.read_table(raw, path)
        top = protos.SavedTensorSlices()
        try:
            top.ParseFromString(items.get(b"", b""))
        except DecodeError:
            raise DataLossError(None, None, f"Unable to parse the metadata of {path}") from None
        index = len(self._tables)
        for meta in top.meta.tensor:
            shape = [d.size for d in meta.shape.dim]
            dtype = dt.as_dtype(meta.type)
            have = self.tensors.setdefault(meta.name, (shape, dtype, []))
            if have[0] != shape or have[1] is not dtype:
                raise InternalError(None, None, f"Mismatching shapes or types of {meta.name} "
                                                f"in {path}")
            for sl in meta.slice:
                ext = _extents(sl)
                for other, _ in have[2]:
                    if meet(box_of(ext, shape), box_of(other, shape)) is not None:
                        raise InternalError(None, None, f"Overlapping slices: existing slice "
                                                        f"= {debug_string(other)}, new slice = "
                                                        f"{debug_string(ext)}")
                have[2].append((ext, index))
        return items

    # -- BundleReader's interface (tf.train.load_checkpoint, TF 1's Saver) ------------------
    def keys(self) -> list:
        return sorted(self.tensors)

    def has(self, key: str) -> bool:
        return key in self.tensors

    def dtype(self, key: str) -> dt.DType:
        return self.tensors[key][1]

    def shape(self, key: str) -> list:
        return list(self.tensors[key][0])

    def read(self, key: str) -> np.ndarray:
        if key not in self.tensors:
            raise NotFoundError(None, None, f"Key {key} not found in checkpoint")
        out = self.read_region(key, [(0, d) for d in self.tensors[key][0]])
        if out is None:
            raise InvalidArgumentError(None, None, "Error copying slice data")
        return out

    def close(self) -> None:
        pass

    def read_region(self, name: str, box: list) -> np.ndarray | None:
        """The box ([(start, stop)] per dimension) of tensor `name`; None where the stored
        slices do not cover it."""
        shape, dtype, slices = self.tensors[name]

        def part(extents: list, index: int) -> Any:
            bounds = box_of(extents, shape)

            def read() -> np.ndarray | None:
                raw = self._tables[index].get(ordered_code.tensor_name_slice(name, extents))
                if raw is None:
                    return None  # (TF's CopySliceData fails: "Error copying slice data")
                one = protos.SavedTensorSlices()
                tp = tensor_proto.message_class()()
                try:
                    one.ParseFromString(raw)
                    tp.ParseFromString(one.data.data)
                except DecodeError:
                    raise DataLossError(None, None, f"Corrupted data of {name} in "
                                                    f"{self.pattern}") from None
                tp.dtype = dtype.as_datatype_enum
                for lo, hi in bounds:
                    tp.tensor_shape.dim.add(size=hi - lo)
                if tensor_proto.value_count(tp) != int(np.prod([hi - lo for lo, hi in bounds])):
                    return None
                return tensor_proto.to_ndarray(tp)
            return bounds, read

        return assemble(box, np.dtype(object if dtype is dt.string else dtype.as_numpy_dtype),
                        [part(extents, index) for extents, index in slices])
