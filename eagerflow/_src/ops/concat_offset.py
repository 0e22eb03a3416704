"""ConcatOffset: where each input of a concat starts in its result (ConcatV2's gradient
slices the output gradient there, as TF's graphs do: ops/array.py).

Ops layer, before array: it imports the op machinery only.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register


def _concat_offset_infer(concat_dim: Any, *shapes: Any) -> list:
    # (TF's shape function takes any shapes: each offset is shaped as its input; the
    # values are checked when the op runs)
    if len(shapes) < 2:
        raise C.fail("ConcatOffset", f"Value for attr 'N' of {len(shapes)} must be at least "
                                     "minimum 2\n\t; NodeDef: {{node ConcatOffset}}")
    if concat_dim._dtype is not dt.int32:
        raise C.wrong_input_dtype("ConcatOffset", 0, dt.int32, concat_dim._dtype)
    d = C.same_dtype("ConcatOffset", shapes, C.INDEX, first_index=1)
    return [(s._shape, d) for s in shapes]


def _summarized(v: list) -> str:
    """A shape vector as TF's kernel messages print a tensor: "[2 3]", ten entries at most."""
    return "[" + " ".join(map(str, v[:10])) + ("..." if len(v) > 10 else "") + "]"


def _concat_offset_kernel(xp: Any, concat_dim: Any, *shapes: Any) -> tuple:
    op = "ConcatOffset"
    if concat_dim.ndim != 0:
        raise C.fail(op, "Concat dim tensor should be a scalar integer, but got shape "
                         f"{C.shape_str(concat_dim.shape)}")
    first = to_host(shapes[0]).reshape(-1).tolist()  # (Python ints: quicker to compare)
    dims, given = len(first), int(concat_dim)
    axis = given + dims if given < 0 else given
    if not 0 <= axis < dims:
        raise C.fail(op, f"Concat dim is out of range: {given} vs. {dims}")
    out, start = [], 0
    for i, s in enumerate(shapes):
        if s.ndim != 1:  # (TF numbers this one among the op's inputs, concat_dim first)
            raise C.fail(op, f"input {i + 1} should be a vector, but got shape "
                             f"{C.shape_str(s.shape)}")
        if s.size != dims:
            raise C.fail(op, f"input {i} should contain {dims} elements, but got {s.size}")
        v = to_host(s).tolist()
        if any(v[k] != first[k] for k in range(dims) if k != axis):
            raise C.fail(op, f"All dimensions except {axis} must match. Input {i} has shape "
                             f"{_summarized(v)} and doesn't match input 0 with shape "
                             f"{_summarized(first)}.")
        offset = np.zeros(dims, s.dtype)
        offset[axis] = start
        start += v[axis]
        out.append(xp.asarray(offset))
    return tuple(out)


def _concat_offset_ref(concat_dim: np.ndarray, *shapes: np.ndarray) -> tuple:
    # each offset: the sizes of the inputs before it along the axis, as a one-hot vector
    axis = int(concat_dim) % shapes[0].size
    sizes = np.array([int(s[axis]) for s in shapes])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    return tuple((np.arange(s.size) == axis).astype(s.dtype) * b for s, b in zip(shapes, starts))


_I32 = np.int32
CONCAT_OFFSET = register(OpDef(
    "ConcatOffset", _concat_offset_infer, _concat_offset_kernel, reference=_concat_offset_ref,
    arity=lambda ins, attrs: {"N": len(ins) - 1}, num_outputs=-1, gpu=False,
    samples=lambda: [
        Sample((np.array(1, _I32), np.array([2, 3], _I32), np.array([2, 5], _I32),
                np.array([2, 1], _I32)), grad=False),
        Sample((np.array(-3, _I32), np.array([4, 1, 3], np.int64),
                np.array([2, 1, 3], np.int64)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array(2, _I32), np.array([2, 3], _I32), np.array([2, 5], _I32)), {},
                  InvalidArgumentError, "Concat dim is out of range: 2 vs. 2"),
        BadSample((np.array(1, _I32), np.array([2, 3], _I32), np.array([3, 5], _I32)), {},
                  InvalidArgumentError, "All dimensions except 1 must match. Input 1 has "
                  "shape [3 5] and doesn't match input 0 with shape [2 3]."),
        BadSample((np.array(0, _I32), np.array([2, 3], _I32), np.array([2], _I32)), {},
                  InvalidArgumentError, "input 1 should contain 2 elements, but got 1"),
        BadSample((np.array([0], _I32), np.array([2, 3], _I32), np.array([2, 3], _I32)), {},
                  InvalidArgumentError, "Concat dim tensor should be a scalar integer"),
        BadSample((np.array(0, _I32), np.array([2, 3], _I32), np.array([2, 3], np.int64)), {},
                  InvalidArgumentError, "was expected to be a int32 tensor but is a int64"),
        BadSample((np.array(0, _I32), np.array([2, 3], _I32)), {},
                  InvalidArgumentError, "Value for attr 'N' of 1 must be at least minimum 2")],
))
