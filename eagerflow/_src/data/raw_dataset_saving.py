"""TF's dataset ops that write and read TF's snapshot format: SaveDataset, SaveDatasetV2,
LoadDataset and SnapshotDatasetV2.

Data layer, over save_load.py and snapshot.py (what `Dataset.save`, `Dataset.load` and
`Dataset.snapshot` write and read) and dataset_variants.py. As TF's kernels: SaveDataset
writes the runs and the metadata but no element spec (that file is the public `save`'s:
so `Dataset.load` of a raw op's save needs its element_spec); SaveDatasetV2 gives its
input's elements and writes them as an iterator reads them (here once it has read them
all); `shard_func` gives each element's shard (a scalar int64) where `use_shard_func`;
LoadDataset reads the run the metadata names, its elements packed as output_types and
output_shapes say; SnapshotDatasetV2 writes its input under the pipeline's fingerprint
(or `hash` where `hash_valid`) on its first complete pass and reads it back after.

`reader_func` takes the dataset of the shards' datasets: a function that takes it as a
variant (an imported graph's library function) is called on it; eagerflow's tf.function
takes no dataset as an argument, so a concrete function of no such input leaves TF's
default reader. (TF's reader_prefix / writer_prefix, a file system's prefixes, are
ignored.)
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import FailedPreconditionError, InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import (
    dataset_methods,  # noqa: F401 (the methods built on)
    save_load,
)
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    DatasetVariant,
    as_element_fn,
    check_signature,
    concrete_of,
    dataset_of,
    flat_input,
    flat_specs,
    others_of,
    range_variant,
    structure_of,
    tf_attrs_load,
)
from eagerflow._src.data.iterators import ElementIterator, IterContext, ListIterator
from eagerflow._src.data.raw_dataset_extra import listed_op
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.data.snapshot import SnapshotDataset, not_a_directory
from eagerflow._src.function.polymorphic import function
from eagerflow._src.io.file_errors import os_error
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_VARIANT = TensorSpec([], dt.variant)
_SHARD_BAD = "`shard_func` must return a scalar int64."


def _path(value: Any) -> str:
    """The path input (TF's file system takes "" for the working folder)."""
    name = np.asarray(value)[()]
    return (os.fsdecode(name) if isinstance(name, bytes) else str(name)) or "."


def _load_path(op: str, value: Any) -> str:
    """The path to read, with TF's error where no file can be there (TF's file system ends
    a name at a NUL)."""
    path = _path(value)
    if "\0" in path:
        raise NotFoundError(None, None, f"Could not find metadata file [{path}] [Op:{op}]")
    return path


def _compression(value: Any) -> str:
    return save_load._compression(value.decode() if isinstance(value, bytes) else value)


def _concrete_of(fn: Any, specs: list) -> Any:
    cf = concrete_of(fn, specs)
    if not hasattr(cf, "call_flat_outputs"):
        raise TypeError(f"Expected a function for a func attribute, got {fn!r}")
    return cf


def _shard_fn(op: str, ds: DatasetV2, shard_func: Any, others: tuple, types: tuple,
              use: bool) -> Callable | None:
    """The element's shard as TF's op computes it (None: all in shard 0), its result
    checked as TF's kernel checks it."""
    if not use or shard_func is None:
        return None
    args = others_of(others, types)
    cf = _concrete_of(shard_func, list(flat_specs(ds)) + [TensorSpec(a.shape, a.dtype)
                                                          for a in args])
    outs = list(getattr(cf, "outputs", None) or [])
    if outs and (len(outs) != 1 or outs[0].dtype is not dt.int64):
        raise C.fail(op, _SHARD_BAD)
    return as_element_fn(shard_func, flat_specs(ds), args)


def refuse_nul(op: str, path: str) -> None:
    """TF's error for a path to write with a NUL: its file system ends the name there, and
    fails on what is left."""
    if "\0" in path:
        raise FailedPreconditionError(None, None, f"{path.split(chr(0))[0]} [Op:{op}]")


def write(op: str, ds: DatasetV2, path: str, compression: str, shard: Callable | None) -> None:
    """`save_load.save` of a flat dataset, leaving no element spec file where there was
    none (TF's kernels write none), with TF's errors for a path no folder can be made at."""
    refuse_nul(op, path)
    spec = os.path.join(path, save_load.SPEC_FILE)
    try:
        had = os.path.exists(spec)
        save_load.save(ds, path, compression, shard)
    except (FileExistsError, NotADirectoryError):
        raise not_a_directory(path, op) from None
    except OSError as e:
        raise os_error(e, path, op) from None
    if not had and os.path.exists(spec):
        os.remove(spec)


# -- SaveDataset, SaveDatasetV2 ----------------------------------------------------------------

def _save(xp: Any, input_dataset: Any, path: Any, *others: Any, compression: Any = "",
          shard_func: Any = None, use_shard_func: bool = True, Tshard_func_args: tuple = (),
          **_: Any) -> tuple:
    op = "SaveDataset"
    ds = flat_input(op, input_dataset)
    shard = _shard_fn(op, ds, shard_func, others, Tshard_func_args, use_shard_func)
    write(op, ds, _path(path), _compression(compression), shard)
    return ()


class _Elements(DatasetV2):
    """Elements already read (flat tuples), as a dataset of `structure`."""

    def __init__(self, items: list, structure: Any) -> None:
        super().__init__((), structure)
        self._items = items

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return ListIterator(self._items)

    def _cardinality(self) -> int:
        return len(self._items)


class SavingDataset(DatasetV2):
    """SaveDatasetV2's dataset: its input's elements; a pass that reads them all writes
    them."""

    _repr_name = "_SaveV2Dataset"

    def __init__(self, input_dataset: DatasetV2, path: str, compression: str,
                 shard: Callable | None) -> None:
        super().__init__((input_dataset,), input_dataset._structure)
        self._path, self._comp, self._shard = path, compression, shard

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        refuse_nul("MakeIterator", self._path)
        return _SavingIterator(self, self._inputs[0]._make_iterator(ctx))

    def _cardinality(self) -> int:
        return self._inputs[0]._cardinality()


class _SavingIterator(ElementIterator):
    __slots__ = ("_ds", "_it", "_seen")

    def __init__(self, ds: SavingDataset, it: ElementIterator) -> None:
        self._ds, self._it, self._seen = ds, it, []

    def __next__(self) -> tuple:
        try:
            element = next(self._it)
        except StopIteration:
            ds = self._ds
            if self._seen is not None:
                items, self._seen = self._seen, None
                write("IteratorGetNext", _Elements(items, ds._structure), ds._path,
                      ds._comp, ds._shard)
            raise
        self._seen.append(element)
        return element

    def close(self) -> None:
        self._it.close()


def _save_v2(op: str, input_dataset: Any, path: Any, *others: Any, compression: Any = "",
             shard_func: Any = None, use_shard_func: bool = True, Tshard_func_args: tuple = (),
             **_: Any) -> tuple:
    ds = flat_input(op, input_dataset)
    shard = _shard_fn(op, ds, shard_func, others, Tshard_func_args, use_shard_func)
    return SavingDataset(ds, _path(path), _compression(compression), shard), \
        "SaveV2DatasetOp::Dataset"


def _concrete(fn: Callable) -> Any:
    return function(fn).get_concrete_function(TensorSpec([], dt.int64))


_FOLDER: list = []  # (the samples' one temporary folder, removed at exit)
_NAMES = itertools.count()


def _temp(name: str) -> np.ndarray:
    """A new path for a sample to write, in a temporary folder of its own."""
    if not _FOLDER:
        _FOLDER.append(tempfile.mkdtemp(prefix="eagerflow_save_"))
        atexit.register(shutil.rmtree, _FOLDER[0], True)
    return np.array(os.path.join(_FOLDER[0], f"{name}_{next(_NAMES)}").encode(), object)


def _save_attrs(**kw: Any) -> dict:
    return dict(shard_func=_concrete(lambda x: x % 2), Tshard_func_args=(), **kw)


def _save_samples() -> list:
    return [Sample((range_variant(5), _temp("a")), _save_attrs(), grad=False),
            Sample((range_variant(3), _temp("b")),
                   _save_attrs(use_shard_func=False, compression="GZIP"), grad=False)]


def _to_int32(x: Any) -> Any:
    return cast(x, dt.int32)


def _save_bad() -> list:
    return [BadSample((range_variant(5), np.array([b"x"], object)), _save_attrs(),
                      InvalidArgumentError, "path must be a scalar"),
            BadSample((range_variant(5), _temp("c")),
                      dict(_save_attrs(), shard_func=_concrete(_to_int32)),
                      InvalidArgumentError, _SHARD_BAD)]


def _no_output_infer(name: str) -> Callable:
    def infer(*ins: Any, **attrs: Any) -> list:
        check_signature(name, ins, attrs)
        if ins[1]._shape != ():
            raise C.fail(name, "path must be a scalar")
        return []
    return infer


def _saved_reference(v: Any, path: Any, *_: Any, **__: Any) -> tuple:
    return ()


SAVE = register(OpDef(
    "SaveDataset", _no_output_infer("SaveDataset"), _save, num_outputs=0, stateful=True,
    gpu=False, tf=TFForm(load=tf_attrs_load("SaveDataset"), takes_handles=True,
                         takes_funcs=True),
    reference=_saved_reference, samples=_save_samples, bad_samples=_save_bad))
SAVE_V2 = listed_op(
    "SaveDatasetV2", _save_v2, funcs=True, scalars=(None, "path"),
    reference=lambda v, *_, **__: elements_variant(v[()].elements()),
    samples=lambda: [Sample(s.inputs, dict(s.attrs, **I64_ATTRS), grad=False)
                     for s in _save_samples()],
    bad_samples=lambda: [replace(b, attrs=dict(b.attrs, **I64_ATTRS)) for b in _save_bad()])


# -- LoadDataset -------------------------------------------------------------------------------

def reader_of(op: str, reader_func: Any, others: tuple, types: tuple) -> Callable | None:
    """`reader_func` as a function of the dataset of the shards' datasets (None: TF's
    default reader)."""
    if reader_func is None:
        return None
    args = others_of(others, types)
    cf = _concrete_of(reader_func, [_VARIANT] + [TensorSpec(a.shape, a.dtype) for a in args])
    inputs = getattr(cf, "inputs", None)
    if inputs is not None and len(inputs) < 1 + len(args):
        return None  # (a concrete function of no dataset argument: see the module's doc)

    def read(datasets: DatasetV2) -> DatasetV2:
        out = cf.call_flat_outputs([datasets._variant_tensor, *args])
        if len(out) != 1:
            raise InvalidArgumentError(None, None, "reader_func returns more than one "
                                                   "argument. [Op:IteratorGetNext]")
        value = out[0]
        if isinstance(value, DatasetV2):
            return value
        return dataset_of(op, value._arr if isinstance(value, EagerTensor) else value)

    return read


def _load(op: str, path: Any, *others: Any, output_types: tuple = (), output_shapes: tuple = (),
          compression: Any = "", reader_func: Any = None, Treader_func_args: tuple = (),
          **_: Any) -> tuple:
    reader = reader_of(op, reader_func, others, Treader_func_args)
    spec = structure_of(tuple(output_types), tuple(output_shapes))
    return save_load.LoadDataset(_load_path(op, path), spec, _compression(compression), reader,
                                 trace=reader is None), \
        "LoadDatasetOp::Dataset"


class Interleaving:
    """A stand-in for an imported graph's reader_func (what eagerflow's tf.function cannot
    trace: a dataset argument): the interleave of the shards, one at a time."""

    def concrete_for(self, specs: list) -> Interleaving:
        return self

    def call_flat_outputs(self, tensors: list) -> tuple:
        return (one_at_a_time(dataset_of("LoadDataset", tensors[0]._arr))._variant_tensor,)


def _saved(n: int, shards: int) -> np.ndarray:
    path = _temp("saved")
    write("SaveDataset", DatasetV2.range(n), _path(path), "", lambda x: x % shards)
    return path


def _load_reference(path: Any, *_: Any, **__: Any) -> DatasetVariant:
    ds = save_load.LoadDataset(_path(path), TensorSpec([], dt.int64), "", one_at_a_time)
    return elements_variant(DatasetVariant(ds, "").elements())


def one_at_a_time(datasets: DatasetV2) -> DatasetV2:
    return datasets.interleave(lambda x: x, cycle_length=1)


LOAD = listed_op(
    "LoadDataset", _load, funcs=True, scalars=("path",),
    reference=_load_reference,
    samples=lambda: [Sample((_saved(5, 3),), dict(I64_ATTRS, reader_func=Interleaving(),
                                                  Treader_func_args=()), grad=False)],
    bad_samples=lambda: [BadSample((np.array([b"x"], object),), dict(
        I64_ATTRS, reader_func=Interleaving(), Treader_func_args=()), InvalidArgumentError,
        "path must be a scalar"), BadSample((_temp("missing"),), dict(
            I64_ATTRS, reader_func=Interleaving(), Treader_func_args=()), NotFoundError,
            "Could not find metadata file")])


# -- SnapshotDatasetV2 -------------------------------------------------------------------------

def _snapshot(op: str, input_dataset: Any, path: Any, *others: Any, compression: Any = "",
              reader_func: Any = None, shard_func: Any = None, Treader_func_args: tuple = (),
              Tshard_func_args: tuple = (), hash_valid: bool = False, **attrs: Any) -> tuple:
    ds = flat_input(op, input_dataset)
    refuse_nul(op, _path(path))  # (TF's fails as it is iterated)
    n = len(Treader_func_args)
    reader = reader_of(op, reader_func, others[:n], Treader_func_args)
    shard = _shard_fn(op, ds, shard_func, others[n:], Tshard_func_args, True) or 1
    name = compression.decode() if isinstance(compression, bytes) else compression
    snap = SnapshotDataset(ds, _path(path), shard, name, reader, trace=reader is None)
    if hash_valid:
        snap._hash = int(attrs.get("hash", 0)) & 0xFFFFFFFFFFFFFFFF
        snap._hash_dir = os.path.join(snap._path, str(snap._hash))
    return snap, "SnapshotDatasetOp::Dataset"


def _snapshot_attrs(**kw: Any) -> dict:
    return dict(I64_ATTRS, reader_func=Interleaving(), shard_func=_concrete(lambda x: x % 2),
                Treader_func_args=(), Tshard_func_args=(), **kw)


SNAPSHOT_V2 = listed_op(
    "SnapshotDatasetV2", _snapshot, funcs=True, scalars=(None, "path"),
    reference=lambda v, *_, **__: elements_variant(v[()].elements()),
    samples=lambda: [Sample((range_variant(5), _temp("snap")), _snapshot_attrs(), grad=False),
                     Sample((range_variant(4), _temp("snap")),
                            _snapshot_attrs(hash_valid=True, hash=123, compression="GZIP"),
                            grad=False)],
    bad_samples=lambda: [BadSample((range_variant(5), np.array([b"x"], object)),
                                   _snapshot_attrs(), InvalidArgumentError,
                                   "path must be a scalar")])
