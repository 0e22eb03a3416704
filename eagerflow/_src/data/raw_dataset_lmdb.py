"""TF's LMDB dataset ops: LMDBDataset and ExperimentalLMDBDataset, the (key, value)
string pairs of every record of the LMDB files given, file after file, each file's in key
order (TF's kernel, which TF 2.21 has taken out: there both ops fail with its
UnimplementedError, where eagerflow reads the files).

Data layer, loaded on first use, over io/lmdb_file.py (py-lmdb, the `lmdb` extra). A file
opens as the iterator reaches it (InvalidArgumentError where it is missing or no LMDB
file, at that element). The ops' samples read small databases written to a temporary
folder.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset import UNKNOWN, DatasetV2
from eagerflow._src.data.dataset_variants import dataset_op
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.raw_dataset_shared import typed_inputs
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.data.readers import string_scalar
from eagerflow._src.data.structure import Structure
from eagerflow._src.io import lmdb_file
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, Sample, register

_OP = " [Op:IteratorGetNext]"


class _Records(ElementIterator):
    """The files' records, each file opened when the one before it ends."""

    __slots__ = ("_files", "_records")

    def __init__(self, files: list) -> None:
        self._files = files[::-1]
        self._records: Any = None

    def __next__(self) -> tuple:
        while True:
            if self._records is None:
                if not self._files:
                    raise StopIteration
                try:
                    self._records = lmdb_file.open_records(self._files.pop())
                except OpError as e:
                    raise type(e)(None, None, e.message + _OP) from None
            rec = next(self._records, None)
            if rec is not None:
                return string_scalar(rec[0]), string_scalar(rec[1])
            self._records = None

    def close(self) -> None:
        self._records = None


class LMDBDataset(DatasetV2):
    """The (key, value) records of LMDB files, file after file, each in key order."""

    def __init__(self, files: list) -> None:
        spec = TensorSpec([], dt.string)
        super().__init__((), Structure((spec, spec)))
        self._files = files

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _Records(list(self._files))

    def _cardinality(self) -> int:
        return UNKNOWN


def _lmdb(op: str, filenames: Any, **_: Any) -> DatasetV2:
    if np.ndim(filenames) > 1:
        raise C.fail(op, "`filenames` must be a scalar or a vector.")
    return LMDBDataset([os.fsdecode(f) if isinstance(f, bytes) else str(f)
                        for f in np.asarray(filenames, object).reshape(-1)])


def _reference(filenames: Any, **_: Any) -> Any:
    import lmdb  # (the test extra has it)

    out = []
    for name in np.asarray(filenames, object).reshape(-1):
        env = lmdb.open(os.fsdecode(name), subdir=False, readonly=True, lock=False)
        with env.begin() as txn:
            out += [[np.array(k, object), np.array(v, object)] for k, v in txn.cursor()]
        env.close()
    return elements_variant(out)


# -- the samples' databases --

_FILES: dict = {}
RECORDS = {"a.mdb": [(b"b", b"2"), (b"a", b"1"), (b"c", b"")],
           "b.mdb": [(b"z", b"\x00\xff"), (b"y", b"25")],
           "empty.mdb": []}


def write_lmdb(path: str, records: list) -> None:
    """An LMDB file (no subdirectory) holding `records`."""
    import lmdb

    env = lmdb.open(path, subdir=False, map_size=1 << 20)
    with env.begin(write=True) as txn:
        for key, value in records:
            txn.put(key, value)
    env.close()


def sample_db(leaf: str) -> np.ndarray:
    """The sample database `leaf`'s name (a string scalar array); "junk.mdb" is no
    database, "missing.mdb" is not there."""
    if not _FILES:
        folder = tempfile.mkdtemp(prefix="eagerflow_lmdb_samples_")
        atexit.register(shutil.rmtree, folder, True)
        for name, records in RECORDS.items():
            write_lmdb(os.path.join(folder, name), records)
        with open(os.path.join(folder, "junk.mdb"), "wb") as f:
            f.write(b"not an LMDB file" * 512)
        _FILES["folder"] = folder
    return np.array(os.path.join(_FILES["folder"], leaf).encode(), object)


def _samples() -> list:
    both = np.array([sample_db("b.mdb")[()], sample_db("empty.mdb")[()],
                     sample_db("a.mdb")[()]], object)
    attrs = {"output_types": [dt.string, dt.string], "output_shapes": [(), ()]}
    return [Sample((sample_db("a.mdb"),), attrs, grad=False), Sample((both,), attrs, grad=False)]


def _bad_samples() -> list:
    attrs = {"output_types": [dt.string, dt.string], "output_shapes": [(), ()]}
    return [BadSample((np.array([[sample_db("a.mdb")[()]]], object),), attrs,
                      InvalidArgumentError, "`filenames` must be a scalar or a vector."),
            BadSample((sample_db("a.mdb"),), {"output_types": [], "output_shapes": []},
                      InvalidArgumentError,
                      "Length for attr 'output_types' of 0 must be at least minimum 1")]


def _infer(op: str) -> Any:
    def infer(filenames: Any, output_types: Any = (), output_shapes: Any = (), **_: Any) -> list:
        for attr, v in (("output_types", output_types), ("output_shapes", output_shapes)):
            if not v:  # (TF's attr check, its first)
                raise C.fail(op, f"Length for attr '{attr}' of 0 must be at least minimum 1"
                                 f"\n\t; NodeDef: {{{{node {op}}}}}")
        return typed_inputs(op, (filenames,), (dt.string,))
    return infer


def _op(name: str) -> Any:
    return register(dataset_op(
        name, _lmdb, kernel_name="LMDBDataset", reference=_reference, infer=_infer(name),
        samples=_samples, bad_samples=_bad_samples))


LMDB_DATASET = _op("LMDBDataset")
EXPERIMENTAL_LMDB_DATASET = _op("ExperimentalLMDBDataset")
