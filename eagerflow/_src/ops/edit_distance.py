"""tf.edit_distance: Levenshtein distances between the sequences of two SparseTensors.

Ops layer, loaded on first use. The EditDistance op takes both sparse tensors as their
(indices, values, dense_shape) parts, as TF's does. A sequence is the values sharing all
but the last index, in the order they come; the output has the larger of the two dense
shapes without its last dimension, 0 where neither tensor has a sequence. Normalized, a
distance is divided by the truth's length (inf for a hypothesis against an empty truth,
as TF).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_OP = "EditDistance"


def _infer(h_idx: Any, h_val: Any, h_shape: Any, t_idx: Any, t_val: Any, t_shape: Any,
           normalize: bool) -> list:
    for i, x in ((0, h_idx), (2, h_shape), (3, t_idx), (5, t_shape)):
        if x._dtype is not dt.int64:
            raise C.fail(_OP, f"cannot compute {_OP} as input #{i}(zero-based) was expected to "
                              f"be a int64 tensor but is a {C.dtype_word(x._dtype)} tensor")
    C.same_dtype(_OP, (h_val, t_val), C.ALL, first_index=3)
    for what, s in (("hypothesis", h_shape), ("truth", t_shape)):
        if s._shape is not None and len(s._shape) != 1:
            raise C.fail(_OP, f"{what}_shape should be a vector, but got shape: "
                              f"{C.shape_str(s._shape)}")
    ranks = [None if s._shape is None else s._shape[0] for s in (h_shape, t_shape)]
    for what, r in (("truth", ranks[1]), ("hypothesis", ranks[0])):
        if r is not None and r < 2:
            raise C.fail(_OP, f"Input SparseTensors must have rank at least 2, but {what}_shape "
                              f"rank is: {r}")
    if None not in ranks and ranks[0] != ranks[1]:
        raise C.fail(_OP, f"Expected truth and hypothesis to have matching ranks, but their "
                          f"shapes are: [{ranks[1]}] and [{ranks[0]}]")
    rank = ranks[0] if ranks[0] is not None else ranks[1]
    return [(None if rank is None else (None,) * (rank - 1), dt.float32)]


def _sequences(idx: np.ndarray, val: np.ndarray) -> dict:
    groups: dict = {}
    for row, v in zip(idx.tolist(), val.reshape(-1).tolist()):
        groups.setdefault(tuple(row[:-1]), []).append(v)
    return groups


def _levenshtein(a: list, b: list) -> int:
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def _kernel(xp: Any, h_idx: Any, h_val: Any, h_shape: Any, t_idx: Any, t_val: Any,
            t_shape: Any, normalize: bool) -> np.ndarray:
    hs, ts = np.asarray(h_shape), np.asarray(t_shape)
    for what, s, idx in (("hypothesis", hs, h_idx), ("truth", ts, t_idx)):
        if idx.ndim != 2 or idx.shape[1] != s.size:
            raise C.fail(_OP, f"{what}_indices should be a matrix with {s.size} columns, but "
                              f"got shape: {C.shape_str(idx.shape)}")
        if (s < 0).any():
            raise C.fail(_OP, f"{what}_shape has a negative dimension: {s.tolist()}")
    out_shape = tuple(int(d) for d in np.maximum(hs, ts)[:-1])
    C.check_size(_OP, out_shape, dt.float32)
    out = np.zeros(out_shape, np.float32)
    hyp, truth = _sequences(np.asarray(h_idx), h_val), _sequences(np.asarray(t_idx), t_val)
    for key in set(hyp) | set(truth):
        if any(k < 0 or k >= d for k, d in zip(key, out_shape)):
            raise C.fail(_OP, f"Index {list(key)} is out of bounds of the output shape "
                              f"{list(out_shape)}")
        a, b = hyp.get(key, []), truth.get(key, [])
        dist = float(_levenshtein(a, b))
        if normalize:
            dist = dist / len(b) if b else np.inf
        out[key] = dist
    return out


def _ref(h_idx: Any, h_val: Any, h_shape: Any, t_idx: Any, t_val: Any, t_shape: Any,
         normalize: bool) -> np.ndarray:
    """By recursion over the two sequences (memoized), per output position."""
    out = np.zeros(tuple(np.maximum(h_shape, t_shape)[:-1]), np.float32)
    for pos in np.ndindex(*out.shape):
        a = [v for r, v in zip(h_idx.tolist(), h_val.tolist()) if tuple(r[:-1]) == pos]
        b = [v for r, v in zip(t_idx.tolist(), t_val.tolist()) if tuple(r[:-1]) == pos]

        @functools.cache
        def d(i: int, j: int, a: tuple = tuple(a), b: tuple = tuple(b)) -> int:
            if not i or not j:
                return i + j
            return min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] != b[j - 1]))

        dist = float(d(len(a), len(b)))
        out[pos] = (dist / len(b) if b else (np.inf if a else 0.0)) if normalize else dist
    return out


def _i64(x: Any) -> np.ndarray:
    return np.asarray(x, np.int64)


_H = (_i64([[0, 0, 0], [1, 0, 0]]), np.array([b"a", b"b"], dtype=object), _i64([2, 1, 1]))
_T = (_i64([[0, 1, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0]]),
      np.array([b"a", b"b", b"c", b"a"], dtype=object), _i64([2, 2, 2]))
_H2 = (_i64([[0, 0], [0, 1], [0, 2], [2, 0], [3, 1]]), np.array([1, 2, 3, 4, 7], np.int32),
       _i64([4, 3]))
_T2 = (_i64([[0, 0], [0, 1], [1, 0], [3, 0], [3, 1]]), np.array([1, 3, 5, 7, 7], np.int32),
       _i64([4, 2]))

EDIT_DISTANCE = register(OpDef(
    _OP, _infer, _kernel, reference=_ref, gpu=False,
    samples=lambda: [Sample(_H + _T, {"normalize": True}, grad=False),
                     Sample(_H + _T, {"normalize": False}, grad=False),
                     Sample(_H2 + _T2, {"normalize": True}, grad=False),
                     Sample(_T2 + _H2, {"normalize": False}, grad=False)],
    bad_samples=lambda: [
        BadSample(_H2 + (_T2[0], _T2[1].astype(np.float32), _T2[2]), {"normalize": True},
                  C.InvalidArgumentError, "cannot compute EditDistance as input #4(zero-based) "
                                          "was expected to be a int32 tensor but is a float"),
        BadSample(_H2 + (_i64([[0, 0, 0]]), np.array([1], np.int32), _i64([3, 2, 1])),
                  {"normalize": True}, C.InvalidArgumentError,
                  "Expected truth and hypothesis to have matching ranks, but their shapes are: "
                  "[3] and [2]"),
        BadSample((_i64([[0]]), np.array([1], np.int32), _i64([1])) * 2, {"normalize": True},
                  C.InvalidArgumentError, "Input SparseTensors must have rank at least 2"),
        BadSample(_H2 + (_i64([[0, 0, 0]]), np.array([1], np.int32), _i64([3, 2])),
                  {"normalize": True}, C.InvalidArgumentError,
                  "truth_indices should be a matrix with 2 columns")],
))


@dispatch_binding
def edit_distance(hypothesis: Any, truth: Any, normalize: bool = True,
                  name: str = "edit_distance") -> Any:
    """Levenshtein distance between the sequences of `hypothesis` and `truth`
    (SparseTensors of one rank), divided by the truth's lengths when `normalize`."""
    if not isinstance(hypothesis, SparseTensor):
        raise TypeError("Hypothesis must be a SparseTensor.")
    if not isinstance(truth, SparseTensor):
        raise TypeError("Truth must be a SparseTensor.")
    parts = (hypothesis.indices, hypothesis.values, hypothesis.dense_shape,
             truth.indices, truth.values, truth.dense_shape)
    return bind(EDIT_DISTANCE, parts, {"normalize": bool(normalize)}, name)
