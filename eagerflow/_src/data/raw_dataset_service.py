"""TF's tf.data service ops: RegisterDataset (V1: an int64 id, V2: a string id),
DataServiceDataset (V1-V4) and DistributedSave, wired to eagerflow's service (service.py).

Data layer, over service.py and dataset_variants.py. As TF's kernels: the address and
protocol must be non-empty, the ids, address and names scalars, max_outstanding_requests
positive or -1, target_workers one TF knows; a DataServiceDataset finds its dataset as it
is made (NotFoundError for an id not registered). The processing mode is TF's serialized
ProcessingModeDef (its sharding_policy; TF's Python also hands "parallel_epochs" or
"distributed_epoch"). As service.py's servers, the dispatcher must run in this process.
A consumer_index or num_consumers of -1, and an empty job_name, are none. A compressed
dataset's uncompress_fn (V3, V4) is not called: eagerflow's service sends elements as
they are. DistributedSave's metadata is TF's serialized DistributedSnapshotMetadata (the
element spec's StructuredValue bytes, the compression), written into the snapshot as
given, as TF's dispatcher writes it (none given: empty metadata and spec files).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import NotFoundError, UnavailableError
from eagerflow._src.data import service
from eagerflow._src.data.dataset_variants import dataset_op, flat_input, structure_of
from eagerflow._src.data.raw_dataset_extra import listed_op
from eagerflow._src.data.structure import Structure
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import OpDef, register
from eagerflow._src.ops.serialization import wire_fields

_POLICIES = {0: service.ShardingPolicy.OFF, 1: service.ShardingPolicy.DYNAMIC,
             2: service.ShardingPolicy.FILE, 3: service.ShardingPolicy.DATA,
             4: service.ShardingPolicy.FILE_OR_DATA, 5: service.ShardingPolicy.HINT}


def _scalar_text(op: str, value: Any, arg: str) -> str:
    if np.ndim(value):
        raise C.fail(op, f"{arg} must be a scalar")
    v = np.asarray(value, object)[()]
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)


def _non_empty(op: str, value: Any, arg: str) -> str:
    text = _scalar_text(op, value, arg)
    if not text:
        raise C.fail(op, f"{arg} must be non-empty.")
    return text


def _dispatcher(op: str, address: str) -> Any:
    try:
        return service._find_dispatcher(address)
    except UnavailableError as e:  # (TF's names its op)
        e._message = f"{e._message} [Op:{op}]"
        e.args = (e._message,) + e.args[1:]
        raise


# -- RegisterDataset, RegisterDatasetV2 ----------------------------------------------------------

def _register(op: str) -> Any:
    def kernel(xp: Any, dataset: Any, address: Any, protocol: Any, *,
               requested_dataset_id: str = "", **_: Any) -> np.ndarray:
        ds = flat_input(op, dataset)
        where = _non_empty(op, address, "address")
        _non_empty(op, protocol, "protocol")
        wanted = requested_dataset_id.decode() if isinstance(requested_dataset_id, bytes) \
            else requested_dataset_id
        found = _dispatcher(op, where)._register(ds, wanted or None)
        if op == "RegisterDataset":
            return np.int64(int(found))
        return np.array(found.encode(), object)
    return kernel


def _register_op(op: str, out: Any) -> OpDef:
    base = dataset_op(op, lambda *_, **__: None)
    return register(OpDef(op, lambda *ins, **attrs: base.infer(*ins, **attrs) and
                          [((), out)], _register(op), stateful=True, gpu=False, tf=base.tf))


REGISTER = _register_op("RegisterDataset", dt.int64)
REGISTER_V2 = _register_op("RegisterDatasetV2", dt.string)


# -- DistributedSave -------------------------------------------------------------------------------

def _save_text(value: Any, arg: str) -> str:
    """DistributedSave's scalar, non-empty string input (TF's wording, not RegisterDataset's)."""
    if np.ndim(value):
        raise C.fail(_SAVE, f"{arg} must be a scalar")
    text = _scalar_text(_SAVE, value, arg)
    if not text:
        raise C.fail(_SAVE, f"{arg} must be nonempty")
    return text


def _distributed_save(xp: Any, dataset: Any, directory: Any, address: Any, *,
                      metadata: Any = "", **_: Any) -> tuple:
    ds = flat_input(_SAVE, dataset)
    path = _save_text(directory, "directory")
    where = _save_text(address, "address")
    raw = metadata if isinstance(metadata, bytes) else str(metadata).encode()
    fields = wire_fields(raw)
    if fields is None:
        raise C.fail(_SAVE, "Failed to parse DistributedSnapshotMetadata from string: "
                            f"{raw.decode('utf-8', 'replace')}")
    spec, compression = fields.get(1, b""), fields.get(2, b"")
    _dispatcher(_SAVE, where)._snapshot(ds, path, compression, spec)
    return ()


_SAVE = "DistributedSave"
_SAVE_BASE = dataset_op(_SAVE, lambda *_, **__: None)
DISTRIBUTED_SAVE = register(OpDef(
    _SAVE, lambda *ins, **attrs: _SAVE_BASE.infer(*ins, **attrs) and [], _distributed_save,
    num_outputs=0, stateful=True, gpu=False, tf=_SAVE_BASE.tf))


# -- DataServiceDataset (V1-V4) ------------------------------------------------------------------

def _policy(op: str, processing_mode: Any) -> service.ShardingPolicy:
    text = np.asarray(processing_mode, object)[()]
    raw = text if isinstance(text, bytes) else str(text).encode()
    named = service._MODES.get(raw.decode("utf-8", "replace"))
    if named is not None:
        return named
    fields = wire_fields(raw)
    if fields is None:
        raise C.fail(op, "Failed to parse ProcessingModeDef from string: "
                         f"{raw.decode('utf-8', 'replace')}")
    policy = _POLICIES.get(int(fields.get(1, 0)))
    if policy is None:
        raise C.fail(op, f"Unrecognized sharding policy: {fields.get(1)}")
    return policy


def _data_service(op: str, dataset_id: Any, processing_mode: Any, address: Any, protocol: Any,
                  job_name: Any, *rest: Any, output_types: tuple = (),
                  output_shapes: tuple = (), target_workers: Any = "AUTO",
                  **_: Any) -> tuple:
    consumer_index = num_consumers = -1
    if op != "DataServiceDataset":  # (V2 on: consumer_index, num_consumers)
        consumer_index, num_consumers, rest = rest[0], rest[1], rest[2:]
    max_outstanding = rest[0]
    key = _scalar_text(op, dataset_id, "dataset_id")
    policy = _policy(op, processing_mode)
    where = _non_empty(op, address, "address")
    _non_empty(op, protocol, "protocol")
    job = _scalar_text(op, job_name, "job_name")
    outstanding = int(np.asarray(max_outstanding).reshape(-1)[0])
    if outstanding <= 0 and outstanding != -1:
        raise C.fail(op, "max_outstanding_requests must be positive or -1")
    workers = target_workers.decode() if isinstance(target_workers, bytes) else \
        str(target_workers)
    if workers.upper() not in ("AUTO", "ANY", "LOCAL"):
        raise C.fail(op, f"Unrecognized target workers: {workers}")
    dispatcher = _dispatcher(op, where)
    if key not in dispatcher._datasets:
        raise NotFoundError(None, None, f"Dataset id {key} not found. It must be registered "
                                        f"with `register_dataset` before calling "
                                        f"`from_dataset_id`. [Op:{op}]")
    index, count = int(np.asarray(consumer_index)), int(np.asarray(num_consumers))
    structure = Structure(structure_of(tuple(output_types), tuple(output_shapes)))
    ds = service._DataServiceDataset(where, key, policy, structure, job or None,
                                     None if index < 0 else index,
                                     None if count < 0 else count, workers)
    return ds, "DataServiceDatasetOp::Dataset"


DATA_SERVICE = {op: listed_op(op, _data_service, funcs=op in ("DataServiceDatasetV3",
                                                             "DataServiceDatasetV4"))
                for op in ("DataServiceDataset", "DataServiceDatasetV2", "DataServiceDatasetV3",
                           "DataServiceDatasetV4")}

# (ops whose samples would need a dispatcher running: tests/data/test_raw_dataset_service.py)
NO_SAMPLES = ("RegisterDataset", "RegisterDatasetV2", _SAVE, *DATA_SERVICE)
