"""Parsing serialized tf.train.SequenceExample protos: tf.io.parse_sequence_example and
parse_single_sequence_example.

Ops layer, after parsing_features. One host op, ParseSequenceExampleV2 (TF's name, with
outputs of its own), splits each SequenceExample: its context re-serialized as an Example
(then parsed by ParseExampleV2, so context features behave exactly as parse_example's),
and for each feature list read, its values flat, its number of steps per SequenceExample
and of values per step. Those are put together with ordinary ops, as parse_example puts
composite features together: a VarLenFeature into a SparseTensor [batch, steps, values],
a FixedLenSequenceFeature into a dense tensor padded over the steps (with its lengths),
a RaggedFeature into a RaggedTensor [batch, (steps), ...] whose partitions act within
each step.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import parsing_features as F
from eagerflow._src.ops import parsing_ops as P
from eagerflow._src.ops.array import concat, reshape
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import counted_as, slow_path
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

example_pb = lazy_module("eagerflow._src.io.example_pb")
base64 = lazy_module("base64")  # the reference's bytes values, in JSON

_OP = "ParseSequenceExampleV2"


# ---------------------------------------------------------------------------------------
# The op
# ---------------------------------------------------------------------------------------

def _messages(serialized: Any) -> list:
    from google.protobuf.message import DecodeError

    out = []
    for b in np.asarray(serialized).reshape(-1):
        msg = example_pb.SequenceExample()
        try:
            msg.ParseFromString(bytes(b))
        except (DecodeError, TypeError, ValueError):
            raise InvalidArgumentError(None, None, f"Invalid protocol message input, example "
                                       f"id: <unknown> [Op:{_OP}]") from None
        out.append(msg)
    return out


def _step_values(step: Any, key: str, t: int, dtype: dt.DType) -> list:
    kind = step.WhichOneof("kind")
    if kind is None:
        return []
    if kind != P._KIND[dtype]:
        raise InvalidArgumentError(None, None, f"Name: <unknown>, Feature list: {key}, Index: "
                                   f"{t}.  Data types don't match. Expected type: "
                                   f"{P._WORD[dtype]} [Op:{_OP}]")
    return list(getattr(step, kind).value)


def _kernel(xp: Any, serialized: Any, *, list_keys: tuple, list_types: tuple,
            list_shapes: tuple, list_required: tuple) -> Any:
    messages = _messages(serialized)
    context = np.empty(len(messages), dtype=object)
    context[:] = [example_pb.Example(features=m.context).SerializeToString() for m in messages]
    outs: list = [context.reshape(np.shape(serialized))]
    # TF checks every value's type first, then message by message each list's presence
    # and its steps' sizes
    read = [_read(messages, key, dtype) for key, dtype in zip(list_keys, list_types)]
    for key, shape, required, (_, steps, counts) in zip(list_keys, list_shapes,
                                                        list_required, read):
        _check_steps(key, shape, required, steps, counts)
    for dtype, (values, steps, counts) in zip(list_types, read):
        outs += [P._array(values, dtype, (len(values),)),
                 np.asarray([max(n, 0) for n in steps], np.int64), np.asarray(counts, np.int64)]
    return tuple(outs)


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


def _infer(serialized: Any, *, list_keys: tuple, list_types: tuple, list_shapes: tuple,
           list_required: tuple) -> list:
    shape = P.check_serialized(_OP, serialized)
    n = len(list_keys)
    if any(len(v) != n for v in (list_types, list_shapes, list_required)):
        raise InvalidArgumentError(None, None, f"len(list_keys) != len(list_types), "
                                   f"len(list_shapes) or len(list_required) [Op:{_OP}]")
    list_types = tuple(C.make_type(d, "list_types") for d in list_types)  # (TF's wrapper)
    for d in list_types:
        if d not in P._KIND:
            raise InvalidArgumentError(None, None, f"Value for attr 'Tdense' of {d.name} is not "
                                       f"in the list of allowed values: float, int64, string "
                                       f"[Op:{_OP}]")
    batch = None if shape is None else (1 if len(shape) == 0 else shape[0])
    specs: list = [(shape, dt.string)]
    for d in list_types:
        specs += [((None,), d), ((batch,), dt.int64), ((None,), dt.int64)]
    return specs


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


def _attrs(*lists: tuple) -> dict:
    return {"list_keys": tuple(x[0] for x in lists), "list_types": tuple(x[1] for x in lists),
            "list_shapes": tuple(x[2] for x in lists),
            "list_required": tuple(x[3] for x in lists)}


def _samples() -> list:
    s = P._strings(_sequence_example({"n": [2]}, {"tok": [[1, 2], [3]], "w": [[b"a"]]}),
                   _sequence_example({}, {"tok": [[4]], "f": [[0.5, 1.5]]}))
    return [
        Sample((s,), _attrs(("tok", dt.int64, None, False), ("w", dt.string, None, False)),
               grad=False),
        Sample((s,), _attrs(("f", dt.float32, (2,), False)), grad=False),
        Sample((np.array(s[0], dtype=object),), _attrs(("tok", dt.int64, None, False)),
               grad=False),
    ]


def _bad_samples() -> list:
    s = P._strings(_sequence_example({}, {"tok": [[1, 2], [3]]}))
    return [
        BadSample((s,), _attrs(("tok", dt.float32, None, False)), InvalidArgumentError,
                  "Data types don't match"),
        BadSample((s,), _attrs(("tok", dt.int64, (2,), False)), InvalidArgumentError,
                  "Number of values != expected"),
        BadSample((s,), _attrs(("zz", dt.int64, (), True)), InvalidArgumentError,
                  "is required but could not be found"),
        BadSample((P._strings(b"\xff\xff garbage"),), _attrs(), InvalidArgumentError,
                  "Invalid protocol message input"),
        BadSample((s.reshape(1, 1),), _attrs(), InvalidArgumentError, "scalar or vector"),
    ]


PARTS = register(OpDef(_OP, _infer, _kernel, reference=_reference,
                       num_outputs=-1, samples=_samples, bad_samples=_bad_samples, gpu=False))


# ---------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------

def parse_sequence_example(serialized: Any, context_features: dict | None = None,
                           sequence_features: dict | None = None, example_names: Any = None,
                           name: str | None = None) -> tuple:
    """`tf.io.parse_sequence_example`: (context, feature_lists, feature_list_lengths) of a
    vector of serialized SequenceExamples."""
    return _parse(serialized, context_features, sequence_features, single=False)


def parse_single_sequence_example(serialized: Any, context_features: dict | None = None,
                                  sequence_features: dict | None = None,
                                  example_name: Any = None, name: str | None = None) -> tuple:
    """`tf.io.parse_single_sequence_example`: (context, feature_lists) of one serialized
    SequenceExample."""
    return _parse(serialized, context_features, sequence_features, single=True)[:2]


def _parse(serialized: Any, context_features: Any, sequence_features: Any,
           single: bool) -> tuple:
    # TF's checks: both empty (or None) refused, then the context's keys read and its
    # features' kinds checked before the lists' (a non-dict is .keys()'s AttributeError)
    if not (context_features or sequence_features):
        raise ValueError("Both `context_features` and `sequence_features` argument are None, "
                         "but at least one should have values.")
    _check_kinds(context_features, (P.VarLenFeature, P.FixedLenFeature, F.RaggedFeature))
    _check_kinds(sequence_features,
                 (P.VarLenFeature, P.FixedLenSequenceFeature, F.RaggedFeature))
    sequence_features = sequence_features or {}
    lists = _reads(sequence_features)
    order = F.output_order(sequence_features, F.keys_read(sequence_features))
    t = P.serialized_tensor(serialized, single)
    keys = list(lists)
    try:
        outs = bind(PARTS, (t,), _attrs(*((k, *lists[k]) for k in keys)))
    except OpError as e:
        # worded as TF's op, which parses the context too: its function is named after
        # the keys of each kind, and its wrapper, handed them as Python lists, takes its
        # slow path (no name)
        slow_path(counted_as(e, _OP, _lengths(context_features or {}, sequence_features)))
        raise
    parts = {k: outs[1 + 3 * i: 4 + 3 * i] for i, k in enumerate(keys)}
    context = {} if not context_features else \
        (F.parse_single_example if single else F.parse_example)(outs[0], context_features)
    features, lengths = {}, {}
    for key in order:
        f = sequence_features[key]
        if isinstance(f, P.FixedLenSequenceFeature):
            features[key], lengths[key] = _dense(f, *parts[key], single)
        elif isinstance(f, P.VarLenFeature):
            features[key] = _sparse(*parts[key], single)
        else:
            features[key] = _ragged(key, f, parts, single)
    return context, features, lengths


def _lengths(context: dict, feature_lists: dict) -> dict:
    """The lengths of TF's ParseSequenceExampleV2's list attrs: its context's keys read
    as dense, sparse and ragged ones (as parse_example reads them), and its feature
    lists' (FixedLenSequenceFeature: dense, VarLenFeature: sparse, RaggedFeature: its
    values and partitions)."""
    ctx = F.keys_read(context) if context else {"dense": {}, "sparse": {}, "ragged": {}}
    fl: dict = {"dense": 0, "sparse": 0, "ragged": 0}
    for f in feature_lists.values():
        if isinstance(f, P.FixedLenSequenceFeature):
            fl["dense"] += 1
        elif isinstance(f, P.VarLenFeature):
            fl["sparse"] += 1
    fl["ragged"] = len(F.keys_read(feature_lists)["ragged"]) if feature_lists else 0
    return {"Ncontext_sparse": len(ctx["sparse"]), "context_sparse_types": len(ctx["sparse"]),
            "Tcontext_dense": len(ctx["dense"]),
            "context_ragged_value_types": len(ctx["ragged"]),
            "context_ragged_split_types": len(ctx["ragged"]),
            "Nfeature_list_sparse": fl["sparse"], "feature_list_sparse_types": fl["sparse"],
            "Nfeature_list_dense": fl["dense"], "feature_list_dense_types": fl["dense"],
            "feature_list_ragged_value_types": fl["ragged"],
            "feature_list_ragged_split_types": fl["ragged"]}


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


def _steps(values: Any, steps: Any, counts: Any) -> RaggedTensor:
    """[batch, (steps), (values)] of a feature list's parts."""
    return RaggedTensor.from_row_lengths(RaggedTensor.from_row_lengths(
        values, counts, validate=False), steps, validate=False)


def _sparse(values: Any, steps: Any, counts: Any, single: bool) -> Any:
    rt = _steps(values, steps, counts)
    return (rt.values if single else rt).to_sparse()


def _dense(f: Any, values: Any, steps: Any, counts: Any, single: bool) -> tuple:
    shape = [int(x) for x in f.shape]
    rows = reshape(values, concat([cast([-1], dt.int64), cast(shape, dt.int64)], 0))
    if single:
        return rows, steps[0]
    return RaggedTensor.from_row_lengths(rows, steps, validate=False).to_tensor(), steps


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
