"""TF's LMDB dataset ops, LMDBDataset and ExperimentalLMDBDataset, as TF 2.21 answers
them: it has removed LMDB support, and each op's kernel refuses with UnimplementedError
whatever it is given (a missing file, a name of any rank), after TF's checks that come
first (a list attr of no entries, an input that is no string).

Data layer, loaded on first use. Eagerly the call fails; a traced call (a tf.function, a
TF 1 graph, an imported one) builds its node, of TF's variant output, which fails when
run, as TF's does. No LMDB file is ever read.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.data.dataset_variants import dataset_op
from eagerflow._src.data.raw_dataset_shared import string_array, typed_inputs
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.reader_ops import LMDB_REMOVED
from eagerflow._src.ops.registry import BadSample, register


def _refuse(op: str, *_: Any, **__: Any) -> Any:
    raise UnimplementedError(None, None, f"{LMDB_REMOVED} [Op:{op}]")


def _infer(op: str) -> Any:
    def infer(filenames: Any, output_types: Any = (), output_shapes: Any = (), **_: Any) -> list:
        for attr, v in (("output_types", output_types), ("output_shapes", output_shapes)):
            C.list_attr_at_least(op, attr, len(v), 1)  # (TF's attr checks, the first it makes)
        return typed_inputs(op, (filenames,), (dt.string,))
    return infer


_ATTRS = {"output_types": [dt.string, dt.string], "output_shapes": [(), ()]}


def _bad_samples(op: str) -> list:
    def refused(filenames: Any, attrs: dict = _ATTRS) -> BadSample:
        return BadSample((filenames,), attrs, UnimplementedError, LMDB_REMOVED)

    return [refused(string_array("missing.mdb")),
            refused(np.array([b"a.mdb", b"b.mdb"], object)),
            refused(np.array([[b"a.mdb"]], object)),  # (TF checks no rank)
            refused(string_array("a.mdb"), {"output_types": [dt.string],
                                            "output_shapes": [(3,), ()]}),
            BadSample((string_array("a.mdb"),), {"output_types": [], "output_shapes": []},
                      InvalidArgumentError,
                      "Length for attr 'output_types' of 0 must be at least minimum 1"),
            BadSample((string_array("a.mdb"),), {"output_types": [dt.string],
                                                 "output_shapes": []},
                      InvalidArgumentError,
                      "Length for attr 'output_shapes' of 0 must be at least minimum 1"),
            BadSample((np.array([1], np.int32),), _ATTRS, InvalidArgumentError,
                      f"cannot compute {op} as input #0(zero-based) was expected to be a "
                      "string tensor but is a int32 tensor")]


def _op(name: str) -> Any:
    return register(dataset_op(name, _refuse, infer=_infer(name),
                               bad_samples=lambda: _bad_samples(name)))


LMDB_DATASET = _op("LMDBDataset")
EXPERIMENTAL_LMDB_DATASET = _op("ExperimentalLMDBDataset")
# (every call refused: no sample runs; TF 1's reader too, ops/reader_ops.py)
REFUSING = frozenset({"LMDBDataset", "ExperimentalLMDBDataset", "LMDBReader"})
