"""TF 1's summary ops: ScalarSummary, HistogramSummary, TensorSummaryV2 and MergeSummary.

Sits in summary/, over protos.py and encoders.py; the public functions that build them
(tf.compat.v1.summary.scalar, merge_all, ...) are in v1_training/summary_v1.py. Each op
returns a serialized `Summary` protocol buffer as a string scalar, which a Session fetches
and a FileWriter writes; MergeSummary joins several into one. A histogram is TF's legacy
`HistogramProto`: counts over TF's fixed bucket edges (+-1e-12 * 1.1**k up to 1e20, 0 and
+-DBL_MAX), runs of empty buckets collapsed into one, as TensorBoard reads them.
"""

from __future__ import annotations

import bisect
import functools
import sys
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import errors
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.summary import encoders, protos

_DBL_MAX = sys.float_info.max


@functools.lru_cache(maxsize=1)
def bucket_limits() -> np.ndarray:
    """TF's default histogram bucket edges (lib/histogram): 1e-12 grown by 1.1 until 1e20,
    mirrored to negatives, 0 between them and +-DBL_MAX at the ends."""
    pos = []
    v = 1.0e-12
    while v < 1.0e20:  # (repeated products, not powers: TF's edges to the last bit)
        pos.append(v)
        v *= 1.1
    pos.append(_DBL_MAX)
    return np.array([-x for x in reversed(pos)] + [0.0] + pos, np.float64)


def fill_histogram(h: Any, values: np.ndarray) -> Any:
    """`h` (a HistogramProto) made the histogram of `values` (finite float64s) as TF
    encodes it, empty buckets collapsed."""
    limits = bucket_limits()
    counts = np.bincount(np.searchsorted(limits, values, side="right"),
                         minlength=len(limits))[:len(limits)].astype(np.float64)
    listed = values.tolist()
    # (in order, as TF adds each value: the first of 0.0 and -0.0 is the min and max)
    h.min = min(listed, default=_DBL_MAX)
    h.max = max(listed, default=-_DBL_MAX)
    h.num = float(values.size)
    h.sum = float(sum(listed))
    h.sum_squares = float(sum(v * v for v in listed))
    i, n = 0, len(limits)
    while i < n:
        end, count = limits[i], counts[i]
        i += 1
        if count <= 0.0:
            while i < n and counts[i] <= 0.0:
                end, count = limits[i], counts[i]
                i += 1
        h.bucket_limit.append(float(end))
        h.bucket.append(float(count))
    return h


def _pb() -> Any:
    return protos.get()


def _string(*shapes: Any) -> list:
    return [((), dt.string)]


def _tag(arr: Any) -> str:
    t = np.asarray(arr).reshape(-1)[0]
    return t.decode("utf-8", "replace") if isinstance(t, bytes) else str(t)


def _summary_bytes(summary: Any) -> np.ndarray:
    return np.array(summary.SerializeToString(), dtype=object)


def _real_values_infer(op: str, arg: str, tag: Any, values: Any) -> list:
    """A string tag and real values (TF's `T: realnumbertypes`): a scalar string summary."""
    if tag._dtype is not dt.string:
        raise TypeError(f"Input '{arg}' of '{op}' Op has type {tag._dtype.name} that "
                        f"does not match expected type of string.")
    if not (values._dtype.is_floating or values._dtype.is_integer) or values._dtype is dt.bool:
        raise TypeError(f"Value passed to parameter 'values' has DataType {values._dtype.name} "
                        f"not in list of allowed values: float32, float64, int32, uint8, "
                        f"int16, int8, int64, bfloat16, uint16, float16, uint32, uint64")
    return _string()


# -- ScalarSummary ---------------------------------------------------------------------------
def _scalar_infer(tags: Any, values: Any) -> list:
    return _real_values_infer("ScalarSummary", "tags", tags, values)


def _scalar_kernel(xp: Any, tags: Any, values: Any) -> np.ndarray:
    tags, values = np.asarray(tags), np.asarray(values)
    if tags.shape != values.shape:
        raise errors.invalid(
            "ScalarSummary", f"tags and values are not the same shape: "
                        f"{errors.shape_str(tags.shape)} != {errors.shape_str(values.shape)}"
                        f"{' (tag ' + repr(_tag(tags)) + ')' if tags.size else ''}")
    s = _pb().Summary()
    for t, v in zip(tags.reshape(-1).tolist(), values.reshape(-1).tolist()):
        s.value.add(tag=t.decode("utf-8", "replace") if isinstance(t, bytes) else str(t),
                    simple_value=float(v))
    return _summary_bytes(s)


def _scalar_reference(tags: Any, values: Any) -> np.ndarray:
    pb = _pb()
    pairs = zip(np.asarray(tags).reshape(-1), np.asarray(values).reshape(-1))
    s = pb.Summary(value=[pb.Summary.Value(tag=t.decode(), simple_value=float(v))
                          for t, v in pairs])
    return _summary_bytes(s)


SCALAR_SUMMARY = register(OpDef(
    "ScalarSummary", _scalar_infer, _scalar_kernel, grad=None, gpu=False,
    reference=_scalar_reference,
    samples=lambda: [Sample((np.array(b"loss", object), np.float32(1.5)), {}, grad=False),
                     Sample((np.array([b"a", b"b"], object), np.array([1, 2], np.int32)), {},
                            grad=False)],
    bad_samples=lambda: [BadSample((np.array(b"t", object), np.array([1.0, 2.0], np.float32)),
                                   {}, errors.InvalidArgumentError, "not the same shape")],
))


# -- HistogramSummary ------------------------------------------------------------------------
def _histogram_infer(tag: Any, values: Any) -> list:
    return _real_values_infer("HistogramSummary", "tag", tag, values)


def histogram_summary(op: str, tag: Any, values: Any) -> Any:
    """The `Summary` of HistogramSummary's kernel (`op`: the op TF names in its errors)."""
    tag = np.asarray(tag)
    if tag.shape != ():
        raise errors.invalid(op, "tags must be scalar")
    vals = np.asarray(values, np.float64).reshape(-1)
    bad = ~np.isfinite(vals)
    if bad.any():
        first = vals[np.argmax(bad)]
        kind = "Nan" if np.isnan(first) else "Infinity"
        raise errors.invalid(op, f"{kind} in summary histogram for: {_tag(tag)}")
    s = _pb().Summary()
    fill_histogram(s.value.add(tag=_tag(tag)).histo, vals)
    return s


def _histogram_kernel(xp: Any, tag: Any, values: Any) -> np.ndarray:
    return _summary_bytes(histogram_summary("HistogramSummary", tag, values))


def _histogram_reference(tag: Any, values: Any) -> np.ndarray:
    """The histogram counted value by value (bisect over the edges), then encoded."""
    limits = bucket_limits().tolist()
    counts = [0.0] * len(limits)
    vals = [float(v) for v in np.asarray(values).reshape(-1)]
    for v in vals:
        counts[bisect.bisect_right(limits, v)] += 1.0
    s = _pb().Summary()
    h = s.value.add(tag=_tag(tag)).histo
    h.min = min(vals, default=_DBL_MAX)
    h.max = max(vals, default=-_DBL_MAX)
    h.num, h.sum, h.sum_squares = len(vals), sum(vals), sum(v * v for v in vals)
    run_end = None
    for limit, count in zip(limits, counts):
        if count > 0:
            if run_end is not None:
                h.bucket_limit.append(run_end)
                h.bucket.append(0.0)
                run_end = None
            h.bucket_limit.append(limit)
            h.bucket.append(count)
        else:
            run_end = limit
    if run_end is not None:
        h.bucket_limit.append(run_end)
        h.bucket.append(0.0)
    return _summary_bytes(s)


HISTOGRAM_SUMMARY = register(OpDef(
    "HistogramSummary", _histogram_infer, _histogram_kernel, grad=None, gpu=False,
    reference=_histogram_reference,
    samples=lambda: [Sample((np.array(b"h", object), np.array([1.0, -2.0, 0.0], np.float32)),
                            {}, grad=False),
                     Sample((np.array(b"h", object), np.zeros((0,), np.float64)), {},
                            grad=False)],
    bad_samples=lambda: [BadSample((np.array(b"h", object), np.array([1.0, np.nan])), {},
                                   errors.InvalidArgumentError, "Nan in summary histogram"),
                         BadSample((np.array(b"h", object), np.array([np.inf])), {},
                                   errors.InvalidArgumentError, "Infinity in summary")],
))


# -- TensorSummaryV2 -------------------------------------------------------------------------
def _tensor_infer(tag: Any, tensor: Any, serialized_summary_metadata: Any) -> list:
    if tag._dtype is not dt.string or serialized_summary_metadata._dtype is not dt.string:
        raise TypeError("Input 'tag' and 'serialized_summary_metadata' of 'TensorSummaryV2' "
                        "Op must be strings")
    return _string()


def _tensor_kernel(xp: Any, tag: Any, tensor: Any, serialized_summary_metadata: Any
                   ) -> np.ndarray:
    tag, arr = np.asarray(tag), np.asarray(tensor)
    meta = np.asarray(serialized_summary_metadata)
    if tag.shape != ():
        raise errors.invalid("TensorSummaryV2", "tag must be scalar")
    if meta.shape != ():
        raise errors.invalid("TensorSummaryV2", "serialized_summary_metadata must be scalar")
    pb = _pb()
    s = pb.Summary()
    v = s.value.add(tag=_tag(tag))
    try:
        v.metadata.ParseFromString(bytes(meta[()]))
    except Exception:  # noqa: BLE001, S110 (protobuf's DecodeError, whichever backend)
        pass  # TF ignores the parse's failure: the metadata is what parsed before it
    dtype = dt.string if arr.dtype == object or arr.dtype.kind in "SU" else \
        dt.from_numpy(arr.dtype)
    v.tensor.CopyFrom(encoders.tensor_proto(pb, arr, dtype))
    return _summary_bytes(s)


def _tensor_reference(tag: Any, tensor: Any, serialized_summary_metadata: Any) -> np.ndarray:
    pb = _pb()
    arr = np.asarray(tensor)
    tp = pb.TensorProto(tensor_shape=pb.TensorShapeProto(
        dim=[pb.TensorShapeProto.Dim(size=int(d)) for d in arr.shape]))
    if arr.dtype == object:
        tp.dtype = dt.string.as_datatype_enum
        tp.string_val.extend(bytes(x) for x in arr.reshape(-1))
    else:
        tp.dtype = dt.from_numpy(arr.dtype).as_datatype_enum
        tp.tensor_content = arr.astype(arr.dtype.newbyteorder("<")).tobytes()
    meta = pb.SummaryMetadata.FromString(bytes(np.asarray(serialized_summary_metadata)[()]))
    s = pb.Summary(value=[pb.Summary.Value(tag=_tag(tag), metadata=meta, tensor=tp)])
    return _summary_bytes(s)


TENSOR_SUMMARY = register(OpDef(
    "TensorSummaryV2", _tensor_infer, _tensor_kernel, grad=None, gpu=False,
    reference=_tensor_reference,
    samples=lambda: [Sample((np.array(b"t", object), np.array([1.5, 2.5], np.float32),
                             np.array(b"", object)), {}, grad=False),
                     Sample((np.array(b"t", object), np.array(b"hi", object),
                             np.array(b"", object)), {}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([b"t"], object), np.array([1.5]), np.array(b"", object)), {},
                  errors.InvalidArgumentError, "tag must be scalar"),
        BadSample((np.array(b"t", object), np.array([1.5]), np.array([], object)), {},
                  errors.InvalidArgumentError, "serialized_summary_metadata must be scalar")],
))


# -- MergeSummary ----------------------------------------------------------------------------
def _merge_infer(*inputs: Any) -> list:
    if not inputs:
        raise ValueError("List argument 'inputs' to 'MergeSummary' Op with length 0 shorter "
                         "than minimum length 1.")
    for x in inputs:
        if x._dtype is not dt.string:
            raise TypeError(f"Input 'inputs' of 'MergeSummary' Op has type {x._dtype.name} "
                            f"that does not match expected type of string.")
    return _string()


def _merge_kernel(xp: Any, *inputs: Any) -> np.ndarray:
    pb = _pb()
    merged = pb.Summary()
    seen: set = set()
    for x in inputs:
        for data in np.asarray(x, dtype=object).reshape(-1).tolist():
            part = pb.Summary()
            try:
                part.ParseFromString(data if isinstance(data, bytes) else str(data).encode())
            except Exception:  # noqa: BLE001 (protobuf's DecodeError, whichever backend)
                raise errors.invalid(
                    "MergeSummary", "Could not parse one of the summary inputs") from None
            for value in part.value:
                if value.tag and value.tag in seen:
                    raise errors.invalid(
                        "MergeSummary", f"Duplicate tag {value.tag} found in summary inputs ")
                seen.add(value.tag)
                merged.value.add().CopyFrom(value)
    return _summary_bytes(merged)


def _merge_samples() -> list:
    pb = _pb()
    a = pb.Summary()
    a.value.add(tag="a", simple_value=1.0)
    b = pb.Summary()
    b.value.add(tag="b", simple_value=2.0)
    return [Sample((np.array(a.SerializeToString(), object),
                    np.array([b.SerializeToString()], object)), {}, grad=False)]


def _merge_bad() -> list:
    pb = _pb()
    a = pb.Summary()
    a.value.add(tag="a", simple_value=1.0)
    s = np.array(a.SerializeToString(), object)
    return [BadSample((s, s), {}, errors.InvalidArgumentError, "Duplicate tag a")]


def _merge_reference(*inputs: Any) -> np.ndarray:
    pb = _pb()
    parts = [pb.Summary.FromString(b) for x in inputs
             for b in np.asarray(x, dtype=object).reshape(-1).tolist()]
    return _summary_bytes(pb.Summary(value=[v for part in parts for v in part.value]))


MERGE_SUMMARY = register(OpDef(
    "MergeSummary", _merge_infer, _merge_kernel, grad=None, gpu=False,
    reference=_merge_reference,
    arity=lambda inputs, attrs: {"N": len(inputs)},
    samples=_merge_samples, bad_samples=_merge_bad,
))


# -- TensorSummary ---------------------------------------------------------------------------
# TF 1's first tensor summary: the tensor under no tag, its value named by the node that made
# it (eagerly the op's own name); description, labels and display_name are kept in no
# field of what TF 2.21's kernel writes.
_NO_PROTO = frozenset((dt.resource, dt.variant))


def _tensor_v1_infer(tensor: Any, description: str = "", labels: tuple = (),
                     display_name: str = "") -> list:
    if tensor._dtype in _NO_PROTO:
        raise errors.op_error(errors.UnimplementedError, "TensorSummary",
                              f"eagerflow writes no {tensor._dtype.name} tensor into a summary")
    return _string()


def _tensor_v1_summary(arr: np.ndarray) -> np.ndarray:
    pb = _pb()
    s = pb.Summary()
    v = s.value.add(node_name="TensorSummary")
    dtype = dt.string if arr.dtype == object or arr.dtype.kind in "SU" else \
        dt.from_numpy(arr.dtype)
    v.tensor.CopyFrom(encoders.tensor_proto(pb, arr, dtype))
    return _summary_bytes(s)


def _tensor_v1_kernel(xp: Any, tensor: Any, description: str = "", labels: tuple = (),
                      display_name: str = "") -> np.ndarray:
    return _tensor_v1_summary(np.asarray(tensor))


TENSOR_SUMMARY_V1 = register(OpDef(
    "TensorSummary", _tensor_v1_infer, _tensor_v1_kernel, grad=None, gpu=False,
    reference=lambda tensor, **_: _tensor_v1_summary(np.asarray(tensor)),
    samples=lambda: [Sample((np.array([1.5, 2.5], np.float32),), {}, grad=False),
                     Sample((np.array(b"hi", object),), {"description": "d",
                                                         "labels": ("a",),
                                                         "display_name": "n"}, grad=False)],
))
