"""ScatterNdNonAliasingAdd: `input` with `updates` added at `indices`, into a new tensor.

Ops layer, loaded on first use (op_index.py). TF runs it with its ScatterNdUpdate kernel
given a copy of `input`, so its rules are those of ResourceScatterNdAdd
(resource_scatter.py), not TensorScatterAdd's: the same shape checks and words, a vector
of indices applies its first index only, bools add as a logical or; and the
`bad_indices_policy` attr of the nd scatters (IGNORE skips indices out of range).
Its gradient is TF's: the output's gradient for `input`, gathered at `indices` for
`updates`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import add_at, to_host
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.nd_indexing import (
    GATHER_ND,
    _check_policy,
    _nd_bounds,
    _skips_on_device,
    scatter_skipping,
)
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.resource_scatter import nd_shapes

_OP = "ScatterNdNonAliasingAdd"
_TYPES = C.NUMERIC | C.BOOL


def _merge_text(what_a: str, a: tuple, what_b: str, b: tuple) -> str | None:
    """TF's shape function's refusal to merge dims `a` of `what_a` with `b` of `what_b`."""
    if len(a) != len(b):
        why = f"Shapes must be equal rank, but are {len(a)} and {len(b)}"
    else:
        bad = [(j, x, y) for j, (x, y) in enumerate(zip(a, b))
               if x is not None and y is not None and x != y]
        if not bad:
            return None
        j, x, y = bad[0]
        why = (f"Dimension {j} in both shapes must be equal, but are {x} and {y}. Shapes "
               f"are {C.shape_str(a)} and {C.shape_str(b)}.")
    return f"{what_a} = {C.shape_str(a)} must match {what_b} = {C.shape_str(b)}: {why}"


def _graph_shapes(shape: tuple | None, is_: tuple | None, us: tuple | None) -> None:
    """TF's shape function (met while tracing): rank checks, an empty input, then the
    indices' outer dims against the updates', the updates' slices against the input's."""
    if shape is not None and not shape:
        raise C.fail(_OP, "Shape must be at least rank 1 but is rank 0")
    if is_ is not None and not is_:
        raise C.fail(_OP, "Shape must be at least rank 1 but is rank 0")
    if us is not None and not us:
        raise C.fail(_OP, "Shape must be at least rank 1 but is rank 0")
    if shape is None or is_ is None or us is None:
        return
    sizes = [None if None in s else int(np.prod(s)) for s in (shape, is_, us)]
    if sizes[0] == 0 and (sizes[1] or sizes[2]):
        raise C.fail(_OP, "Indices and updates specified for empty input")
    outer, k = len(is_) - 1, is_[-1]
    text = _merge_text(f"Dimensions [0,{outer}) of indices[shape={C.shape_str(is_)}]",
                       is_[:outer], f"dimensions [0,{outer}) of updates[shape="
                       f"{C.shape_str(us)}]", us[:outer])
    if text is None and k is not None:
        text = _merge_text(f"Dimensions [{k},{len(shape)}) of input[shape="
                           f"{C.shape_str(shape)}]", shape[k:],
                           f"dimensions [{outer},{len(us)}) of updates[shape="
                           f"{C.shape_str(us)}]", us[outer:])
    if text is not None:
        raise C.fail(_OP, text)


def _infer(x: Any, indices: Any, updates: Any, bad_indices_policy: str = "") -> list:
    if x._dtype is not updates._dtype:
        raise C.wrong_input_dtype(_OP, 2, x._dtype, updates._dtype)
    C.check_dtype(_OP, x, _TYPES)
    C.check_dtype(_OP, indices, C.INDEX, "Tindices")
    if _state.graph is not None:
        _graph_shapes(x._shape, indices._shape, updates._shape)
    return [(x._shape, x._dtype)]


def _vectors(indices: np.ndarray, updates: np.ndarray, shape: tuple) -> tuple:
    """(index vectors, their update slices): a vector of indices is one index of depth 1,
    its first (TF's kernel counts the vectors by indices.shape[:-1])."""
    if indices.ndim > 1:
        k = indices.shape[-1]
        flat = indices.reshape(-1, k)
        return flat, updates.reshape((len(flat),) + shape[k:])
    return indices.reshape(-1, 1)[:1], updates.reshape((-1,) + shape[1:])[:1]


def _kernel(xp: Any, x: Any, indices: Any, updates: Any, bad_indices_policy: str = "") -> Any:
    _check_policy(_OP, bad_indices_policy, x, indices)
    nd_shapes(_OP, TensorShape(x.shape), TensorShape(indices.shape), TensorShape(updates.shape))
    k = indices.shape[-1] if indices.ndim > 1 else 1
    vectors = int(np.prod(indices.shape[:-1])) if indices.ndim > 1 else 1
    if indices.ndim > 1 and vectors and (x.size == 0 or not k):
        raise C.fail(_OP, f"Indices and updates specified for empty output.  indices shape: "
                          f"{C.shape_str(indices.shape)}")
    if indices.ndim > 1 and not 1 <= k <= 7:
        raise C.fail(_OP, f"Only indices.shape[-1] values between 1 and 5 are currently "
                          f"supported.  Requested rank: {k}")
    flat, rows = _vectors(indices, updates, x.shape)
    base = x.astype(np.int32) if x.dtype == bool else x  # (bools add as ints: a logical or)
    add = rows.astype(np.int32) if x.dtype == bool else rows
    if _skips_on_device(xp, flat, bad_indices_policy):
        # TF's GPU kernel skips a vector out of range where it lands: nothing read back
        out = scatter_skipping(xp, base, x.shape, base.dtype, flat, add, "add")
        return out > 0 if x.dtype == bool else out
    ids = np.asarray(to_host(flat))  # (TF's error names the vector by indices' shape)
    bad = _nd_bounds(_OP, ids.reshape(indices.shape) if indices.ndim > 1 else ids, x.shape,
                     policy=bad_indices_policy)
    if bad is not None and bad.any():  # (IGNORE: the vectors out of range are skipped)
        ids, add = ids[~bad], add[xp.asarray(~bad)]
    out = base.copy()
    with np.errstate(all="ignore"):
        add_at(xp, out, tuple(xp.asarray(ids.T)), add)
    return out > 0 if x.dtype == bool else out


def _grad(node: Any, g: Any) -> list:
    return [g, None, bind(GATHER_ND, (g, node.inputs[1]), {"batch_dims": 0})]


def _reference(x: np.ndarray, indices: np.ndarray, updates: np.ndarray,
               bad_indices_policy: str = "") -> np.ndarray:
    out = x.copy()
    k = indices.shape[-1] if indices.ndim > 1 else 1
    n = indices.size // k if indices.ndim > 1 else min(indices.size, 1)
    for j in range(n):
        vec = [int(v) for v in indices.reshape(-1, k)[j]]
        if not all(0 <= v < d for v, d in zip(vec, x.shape)):
            continue
        row = updates.reshape((-1,) + x.shape[k:])[j]
        for pos in np.ndindex(*x.shape[k:]):
            at = tuple(vec) + pos
            out[at] = (out[at] or row[pos]) if x.dtype == bool else out[at] + row[pos]
    return out


def _f64(*shape: int) -> np.ndarray:
    n = int(np.prod(shape))
    return np.linspace(-1.5, 2.5, n).reshape(shape)


def _samples() -> list:
    return [
        Sample((_f64(5), np.array([[1], [3], [1]], np.int32), _f64(3)), grad_inputs=(0, 2)),
        Sample((_f64(2, 3), np.array([[1, 0], [0, 2]], np.int64), _f64(2)),
               grad_inputs=(0, 2)),
        Sample((_f64(3, 2).astype(np.float32), np.array([[2], [0]], np.int32),
                _f64(2, 2).astype(np.float32)), grad_inputs=(0, 2)),
        Sample((np.array([True, False, False]), np.array([[1], [2]], np.int32),
                np.array([True, False])), grad=False),
        Sample((np.array([127, 2], np.int8), np.array([[0]], np.int32),
                np.array([1], np.int8)), grad=False),
        Sample((_f64(4), np.array([[4], [1]], np.int32), _f64(2)),
               {"bad_indices_policy": "IGNORE"}, grad=False)]


def _bad_samples() -> list:
    IAE = InvalidArgumentError  # noqa: N806
    v = np.zeros(4, np.float32)
    return [
        BadSample((v, np.array([[4]], np.int32), np.ones(1, np.float32)), {}, IAE,
                  "indices[0] = [4] does not index into shape [4]", cpu_only=True),
        BadSample((v, np.array([[1]], np.int32), np.ones(2, np.float32)), {}, IAE,
                  "Dimensions [0,1) of indices[shape=[1,1]] = 1 must match dimensions [0,1) "
                  "of updates[shape=[2]] = 2"),
        BadSample((np.zeros((2, 2), np.float32), np.array([[1]], np.int32),
                   np.ones((1, 3), np.float32)), {}, IAE,
                  "Dimensions [1,2) of input[shape=[2,2]] must match dimensions [1,2) of "
                  "updates[shape=[1,3]]"),
        BadSample((np.float32(1), np.array([[0]], np.int32), np.ones(1, np.float32)), {}, IAE,
                  "Output must be at least 1-D, got shape: []"),
        BadSample((np.zeros(0, np.float32), np.array([[0]], np.int32),
                   np.ones(1, np.float32)), {}, IAE,
                  "Indices and updates specified for empty output.  indices shape: [1,1]"),
        BadSample((v, np.array([[1]], np.int32), np.ones(1, np.float32)),
                  {"bad_indices_policy": "bad"}, IAE,
                  "Unknown bad indices handling attribute: bad"),
        BadSample((v, np.array([[0]], np.int16), np.ones(1, np.float32)), {}, IAE,
                  "Value for attr 'Tindices' of int16 is not in the list of allowed values: "
                  "int32, int64"),
        BadSample((v, np.array([[0]], np.int32), np.ones(1, np.int32)), {}, IAE,
                  "cannot compute ScatterNdNonAliasingAdd as input #2(zero-based) was "
                  "expected to be a float tensor but is a int32 tensor")]


SCATTER_ND_NON_ALIASING_ADD = register(OpDef(
    _OP, _infer, _kernel, grad=_grad, reference=_reference,
    samples=_samples, bad_samples=_bad_samples))
