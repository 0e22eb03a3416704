"""Dataset.cache(filename)'s files, in TF's form: a tensor bundle (a checkpoint's
format) at `filename`, so that TF reads eagerflow's cache and eagerflow reads TF's.

Data layer, over io/tensor_bundle.py and io/variant.py. Element i's component j is the
bundle's tensor "%7d_%Nd" (i, j; N: the digits of the last component's index), its dtype and
shape its own; a SparseTensor component is a variant vector of its three tensors, each a
"tensorflow::Tensor" (as tf.data holds it). The element count is the keys' count over
the component count. While it fills, the cache is written as the bundle of shard 0
("<filename>_0", TF's writer's shard), which is moved to `filename` once complete (TF
merges its shards there); the index written last marks a complete cache.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import DataLossError
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.io import tensor_bundle, tensor_proto, variant
from eagerflow._src.io.filesystems import native

# (TF pads element indices to the digits of its most elements, 10 ** 7 - 1)
_INDEX_WIDTH = 7


def shard_prefix(prefix: str) -> str:
    """The bundle a filling cache is written to (its lockfile: this and ".lockfile")."""
    return f"{prefix}_0"


def key(i: int, j: int, components: int) -> str:
    return f"{i:{_INDEX_WIDTH}d}_{j:{len(str(components - 1))}d}"


def write_element(writer: tensor_bundle.BundleWriter, i: int, flat: tuple) -> None:
    for j, c in enumerate(flat):
        k = key(i, j, len(flat))
        if isinstance(c, SparseTensor):
            parts = [(c.indices._arr, _dt.int64), (c.values._arr, c.dtype),
                     (c.dense_shape._arr, _dt.int64)]
            writer.add(k, _sparse_blobs(parts), _dt.variant)
        else:
            writer.add(k, to_host(c._arr), c.dtype)


def _sparse_blobs(parts: list) -> np.ndarray:
    cls = variant.message_class()
    out = np.empty(3, dtype=object)
    for n, (arr, dtype) in enumerate(parts):
        msg = cls(type_name=variant.TENSOR)
        msg.tensors.append(tensor_proto.field_layout(np.asarray(to_host(arr)), dtype))
        out[n] = msg.SerializeToString()
    return out


def commit(prefix: str, elements: int) -> None:
    """Moves the complete shard's bundle to `prefix`: its data, then its index (a cache of
    no elements has no data file, as TF's merge of its shards leaves none)."""
    prefix = native(prefix)
    shard = shard_prefix(prefix)
    data = tensor_bundle.data_filename(shard)
    if elements:
        os.replace(data, tensor_bundle.data_filename(prefix))
    else:
        os.remove(data)
    os.replace(tensor_bundle.index_filename(shard), tensor_bundle.index_filename(prefix))


def count(reader: tensor_bundle.BundleReader, components: int) -> int:
    return len(reader.keys()) // max(components, 1)


def filled(prefix: str) -> bool:
    """Whether the cache at `prefix` is complete (its index, written last, is there)."""
    return os.path.exists(native(tensor_bundle.index_filename(prefix)))


def elements_in(prefix: str, components: int) -> int:
    reader = tensor_bundle.BundleReader(prefix)
    try:
        return count(reader, components)
    finally:
        reader.close()


def read_element(reader: tensor_bundle.BundleReader, i: int, specs: tuple) -> tuple:
    out = []
    for j, spec in enumerate(specs):
        k = key(i, j, len(specs))
        dtype = reader.dtype(k)
        if isinstance(spec, SparseTensorSpec) and dtype is _dt.variant:
            out.append(_sparse(reader.read(k), spec, k))
        elif not isinstance(spec, SparseTensorSpec) and dtype is spec.dtype:
            out.append(EagerTensor(reader.read(k), dtype, CPU_DEVICE))
        else:
            raise _mismatch(k, spec)
    return tuple(out)


def _sparse(blobs: np.ndarray, spec: SparseTensorSpec, k: str) -> SparseTensor:
    cls = variant.message_class()
    arrays = []
    for blob in np.asarray(blobs, dtype=object).reshape(-1):
        msg = cls()
        msg.ParseFromString(bytes(blob))
        arrays.append(tensor_proto.to_ndarray(msg.tensors[0]))
    if len(arrays) != 3:
        raise _mismatch(k, spec)
    return SparseTensor._from_arrays(arrays[0], arrays[1], arrays[2], spec.dtype)


def _mismatch(k: str, spec: Any) -> DataLossError:
    return DataLossError(None, None, f"Cache entry {k} does not match the dataset's element "
                                     f"spec {spec!r}")
