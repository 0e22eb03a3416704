"""tf.strings.unsorted_segment_join (and the ragged reduce_join over it): TF's
UnsortedSegmentJoin, which joins the strings of each segment with a separator.

Sits in the ops layer after string_ops.py, whose separator check it shares.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OutOfRangeError
from eagerflow._src.core.tensor import Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.elementwise import as_fixed_type
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.string_ops import separator_attr
from eagerflow._src.ops.wrapper_inputs import passed_raw


def _segment_join_infer(x: Any, ids: Any, num_segments: Any, *, separator: bytes) -> list:
    op = "UnsortedSegmentJoin"
    separator_attr(op, separator)
    # (TF checks the type attrs, then the string input)
    if ids._dtype not in C.INDEX:
        raise C.not_supported(op, ids._dtype, C.INDEX, "Tindices")
    if num_segments._dtype not in C.INDEX:
        raise C.not_supported(op, num_segments._dtype, C.INDEX, "Tnumsegments")
    C.check_string(op, x)
    xs, is_ = x._shape, ids._shape
    if _state.graph is not None:
        _shape_fn(num_segments._shape, xs, is_)
    if num_segments._shape not in ((), None):
        raise C.fail(op, "Number of segments must be a scalar")
    if xs is None or is_ is None:
        return [(None, dt.string)]
    if len(is_) > len(xs):
        raise OutOfRangeError(None, None, f"Invalid segment_id rank {len(is_)} for input with "
                                          f"{len(xs)} dimension(s) [Op:{op}]")
    _check_ids_shape(op, xs, is_)
    n = C.known(num_segments)  # (a graph's constant too, as TF's shape function reads it)
    if hasattr(n, "_dtype"):
        n = getattr(n, "_arr", None)
    return [((None if n is None else int(n),) + tuple(xs[len(is_):]), dt.string)]


def _shape_fn(n: tuple | None, xs: tuple | None, is_: tuple | None) -> None:
    """TF's shape function's checks (its ValueError as a graph is built): a scalar
    num_segments, then the ids' shape a prefix of the input's."""
    op = "UnsortedSegmentJoin"
    if n is not None and len(n) != 0:
        raise C.fail(op, f"Shape must be rank 0 but is rank {len(n)}")
    if xs is None or is_ is None:
        return
    C.merge_prefix(op, xs, is_)


def _check_ids_shape(op: str, xs: tuple, is_: tuple) -> None:
    """The segment ids' shape a prefix of the input's (dims unknown pass)."""
    for i, (d, s) in enumerate(zip(xs, is_)):
        if d is not None and s is not None and d != s:
            # (TF's kernel words the input's side as the input's rank)
            raise C.fail(op, f"Segment dimension is {s} while input dimension is {len(xs)} "
                             f"in rank {i}")


def _segment_join_kernel(xp: Any, x: Any, ids: Any, num_segments: Any, *,
                         separator: bytes) -> Any:
    op = "UnsortedSegmentJoin"
    n = int(num_segments)
    if n < 0:
        raise C.fail(op, f"Number of segments must be non-negative but got {n}")
    if ids.ndim == 0:  # (TF's kernel, after num_segments: a graph's run-time error)
        raise C.fail(op, "Segment_id cannot have rank 0")
    _check_ids_shape(op, x.shape, ids.shape)
    inner = x.shape[ids.ndim:]
    check_finite_size(op, (n,) + inner, dt.string)
    flat_ids = ids.reshape(-1)
    if flat_ids.size and (flat_ids.min() < 0 or flat_ids.max() >= n):  # (TF drops none)
        raise C.fail(op, "segment_ids are not allowed to exceed num_segments or to have "
                         "negative values.")
    # only the segments some row goes to are joined: the others stay empty, so the work
    # follows the input's size, not num_segments' (which may be 2**31 with no rows)
    groups: dict = {}
    rows = x.reshape((flat_ids.size,) + inner)  # (-1 is ambiguous when inner is empty)
    for i, s in enumerate(flat_ids.tolist()):
        groups.setdefault(s, []).append(rows[i])
    out = np.full((n,) + inner, b"", object)
    for s, parts in groups.items():
        for idx in np.ndindex(*inner):
            out[(s,) + idx] = separator.join(p[idx] if inner else p for p in parts)
    return out


def _segment_join_ref(x: np.ndarray, ids: np.ndarray, num_segments: np.ndarray,
                      separator: bytes) -> np.ndarray:
    out = np.full((int(num_segments),) + x.shape[ids.ndim:], None, dtype=object)
    for pos in np.ndindex(*ids.shape):
        s = int(ids[pos])
        for rest in np.ndindex(*x.shape[ids.ndim:]):
            cur = out[(s,) + rest]
            v = x[pos + rest]
            out[(s,) + rest] = v if cur is None else cur + separator + v
    out[np.equal(out, None)] = b""
    return out


UNSORTED_SEGMENT_JOIN = register(OpDef(
    "UnsortedSegmentJoin", _segment_join_infer, _segment_join_kernel,
    reference=_segment_join_ref,
    gpu=False, samples=lambda: [
        Sample((np.array([b"a", b"b", b"c", b"d"], dtype=object),
                np.array([1, 0, 1, 0], np.int32), np.array(3, np.int32)),
               {"separator": b"-"}, grad=False),
        Sample((np.array([[b"Hello World", b"  tab\tEnd \n"], [b"caf\xc3\xa9", b""]], dtype=object),
                np.array([0, 0], np.int64), np.array(1, np.int64)),
               {"separator": b""}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([b"a"], dtype=object), np.array([2], np.int32),
                   np.array(2, np.int32)), {"separator": b""}, InvalidArgumentError,
                  "segment_ids are not allowed to exceed num_segments"),
        BadSample((np.array([b"a"], dtype=object), np.array([-1], np.int32),
                   np.array(2, np.int32)), {"separator": b""}, InvalidArgumentError,
                  "or to have negative values")],
))


@dispatch_binding
@eager_api("inputs", "segment_ids", "num_segments")
def unsorted_segment_join(inputs: Any, segment_ids: Any, num_segments: Any,
                          separator: str = "", name: str | None = None) -> Any:
    """`tf.strings.unsorted_segment_join`: joins the strings of each segment."""
    separator = AV.wrapper_attrs("UnsortedSegmentJoin", separator=separator)["separator"]
    sep = separator.encode() if isinstance(separator, str) else bytes(separator)
    ids = segment_ids if isinstance(segment_ids, Tensor) else convert_to_tensor(segment_ids)
    n = num_segments if isinstance(num_segments, Tensor) else convert_to_tensor(num_segments)
    if isinstance(inputs, CompositeTensor):  # (TF's graph builder's refusal first)
        as_fixed_type(inputs, dt.string, arg=("UnsortedSegmentJoin", "inputs"))
    wrapper_inputs.slow_typed_inputs(passed_raw(inputs, segment_ids, num_segments),
                                     (inputs, dt.string))
    return bind(UNSORTED_SEGMENT_JOIN, (as_fixed_type(inputs, dt.string), ids, n),
                {"separator": sep}, name)
