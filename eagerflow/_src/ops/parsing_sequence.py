"""Reading tf.train.SequenceExample protos: what TF's SequenceExample parse ops share.

Ops layer, after parsing_features; parsing_sequence_v1 (TF 1's ops) and parsing_sequence_v2
(TF's ParseSequenceExampleV2 and the public tf.io.parse_sequence_example) use it. Each
feature list is read with its steps: its values flat, its number of steps per
SequenceExample and of values per step (and an independent reference of that, protobuf's
JSON mapping read with plain loops). A RaggedFeature's list is put together from those
with ordinary ops: a RaggedTensor [batch, (steps), ...] whose partitions act within each
step.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.ops import parsing_features as F
from eagerflow._src.ops import parsing_ops as P
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.reduce import reduce_all

example_pb = lazy_module("eagerflow._src.io.example_pb")
base64 = lazy_module("base64")  # the reference's bytes values, in JSON

_OP = "ParseSequenceExampleV2"


# ---------------------------------------------------------------------------------------
# The op
# ---------------------------------------------------------------------------------------

def _step_values(step: Any, key: str, t: int, dtype: dt.DType) -> list:
    kind = step.WhichOneof("kind")
    if kind is None:
        return []
    if kind != P._KIND[dtype]:
        raise InvalidArgumentError(None, None, f"Name: <unknown>, Feature list: {key}, Index: "
                                   f"{t}.  Data types don't match. Expected type: "
                                   f"{P._WORD[dtype]} [Op:{_OP}]")
    return list(getattr(step, kind).value)


def _read(messages: list, key: str, dtype: dt.DType) -> tuple:
    """One feature list of every message: (values, steps per message (-1: no such list),
    values per step)."""
    values, steps, counts = [], [], []
    for m in messages:
        lists = m.feature_lists.feature_list
        feature = lists[key].feature if key in lists else []
        steps.append(len(feature) if key in lists else -1)
        for t, step in enumerate(feature):
            v = _step_values(step, key, t, dtype)
            values.extend(v)
            counts.append(len(v))
    return values, steps, counts


def _check_steps(key: str, shape: tuple | None, required: bool, steps: list,
                 counts: list) -> None:
    """A dense list's presence (when required) and its steps' sizes, message by message."""
    per_step = None if shape is None else int(np.prod(shape, dtype=np.int64))
    at = 0
    for n_steps in steps:
        if n_steps < 0 and required:
            raise InvalidArgumentError(
                None, None, f"Name: <unknown>, Feature list '{key}' is required but could "
                "not be found.  Did you mean to include it in "
                f"feature_list_dense_missing_assumed_empty or feature_list_dense_defaults? "
                f"[Op:{_OP}]")
        for t in range(max(n_steps, 0)):
            if per_step is not None and counts[at + t] != per_step:
                raise InvalidArgumentError(
                    None, None, f"Name: <unknown>, Key: {key}, Index: {t}.  Number of "
                    f"values != expected.  values size: {counts[at + t]} but output shape: "
                    f"[{','.join(str(d) for d in shape)}] [Op:{_OP}]")
        at += max(n_steps, 0)


def _reference(serialized: np.ndarray, *, list_keys: tuple, list_types: tuple,
               list_shapes: tuple, list_required: tuple) -> tuple:
    """Independent path: protobuf's JSON mapping of each message, read with plain loops."""
    from google.protobuf import json_format

    docs = [json_format.MessageToDict(example_pb.SequenceExample.FromString(bytes(b)))
            for b in np.asarray(serialized).reshape(-1)]
    context = np.empty(len(docs), dtype=object)
    context[:] = [example_pb.Example(features=json_format.ParseDict(
        d.get("context", {}), example_pb.Features())).SerializeToString() for d in docs]
    outs: list = [context.reshape(np.shape(serialized))]
    json_kind = {dt.int64: "int64List", dt.float32: "floatList", dt.string: "bytesList"}
    for key, dtype in zip(list_keys, list_types):
        values, steps, counts = [], [], []
        for d in docs:
            feature = d.get("featureLists", {}).get("featureList", {}).get(key, {})
            steps.append(len(feature.get("feature", [])))
            for step in feature.get("feature", []):
                raw = step.get(json_kind[dtype], {}).get("value", [])
                counts.append(len(raw))
                values += [base64.b64decode(x) if dtype is dt.string else x for x in raw]
        npd = object if dtype is dt.string else dtype.as_numpy_dtype
        outs += [np.array(values, dtype=npd).reshape(-1), np.array(steps, np.int64),
                 np.array(counts, np.int64)]
    return tuple(outs)


def _sequence_example(context: dict, lists: dict) -> bytes:
    def feature(v: list) -> Any:
        if v and isinstance(v[0], bytes):
            return example_pb.Feature(bytes_list=example_pb.BytesList(value=v))
        if v and isinstance(v[0], float):
            return example_pb.Feature(float_list=example_pb.FloatList(value=v))
        return example_pb.Feature(int64_list=example_pb.Int64List(value=v))

    msg = example_pb.SequenceExample(
        context=example_pb.Features(feature={k: feature(v) for k, v in context.items()}))
    for k, steps in lists.items():
        msg.feature_lists.feature_list[k].feature.extend([feature(v) for v in steps])
    return msg.SerializeToString()


def _check_kinds(features: Any, kinds: tuple) -> None:
    for key in sorted(features.keys()) if features else ():
        f = features[key]
        if not isinstance(f, kinds):
            raise ValueError(f"Unsupported {type(f).__name__} {f!r} for key '{key}'")


def _reads(features: dict) -> dict:
    """key -> (dtype, per-step shape or None, required) of each feature list read, checked
    as parse_example checks its keys."""
    for key, f in features.items():
        if not isinstance(f, (P.FixedLenSequenceFeature, P.VarLenFeature, F.RaggedFeature)):
            raise ValueError(f"Unsupported {type(f).__name__} {f!r} for key '{key}'")
    reads: dict = {}
    for key in sorted(features):
        f = features[key]
        if isinstance(f, P.FixedLenSequenceFeature):
            if f.default_value is not None:
                raise ValueError(f"Value feature_list.dense_defaults[{key}] must be None")
            d = P._dtype_of(f, key)
            reads[key] = (d, tuple(int(x) for x in f.shape), not f.allow_missing)
        elif isinstance(f, P.VarLenFeature):
            reads[key] = (P._dtype_of(f, key), None, False)
        elif isinstance(f, F.RaggedFeature):
            reads[f.value_key or key] = (f.dtype, None, False)
            for p in f.partitions:
                if not isinstance(p, F.RaggedFeature.UniformRowLength):
                    reads[p.key] = (dt.int64, None, False)
    return reads


def _ragged(key: str, f: Any, parts: dict, single: bool) -> Any:
    """Each step's values partitioned (the partitions' feature lists step for step)."""
    values, steps, counts = parts[f.value_key or key]
    step_of = RaggedTensor.from_row_lengths(values, counts, validate=False).value_rowids()
    total = shape_of(counts, out_type=dt.int64)[0]

    def partition(k: str) -> tuple:
        v, k_steps, k_counts = parts[k]
        F.check(reduce_all(k_steps == steps),
                f"Key: {key}. Feature list {k} has not one step per step of "
                f"{f.value_key or key}")
        return v, RaggedTensor.from_row_lengths(v, k_counts, validate=False).value_rowids()

    rt, rows = F.partitioned(key, f, values, cast(step_of, dt.int64), total, partition)
    rt = RaggedTensor.from_row_lengths(rt, cast(rows, f.row_splits_dtype), validate=False)
    if single:
        return rt
    return RaggedTensor.from_row_lengths(rt, cast(steps, f.row_splits_dtype), validate=False)
