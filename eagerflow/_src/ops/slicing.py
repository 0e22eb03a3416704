"""tf.slice: TF's Slice op, whose `begin` and `size` may be tensors known only at run time.

Sits in ops/ beside array.py (which holds StridedSlice, `t[key]`). With Python or eager
`begin`/`size`, tf.slice is one StridedSlice with a static spec (the eager fast path and
what graph passes fold). Inside a graph, symbolic `begin`/`size` are inputs of Slice: its
`infer` uses what dynshape folds of them, its kernel checks and reads the runtime values.
SliceGrad (the adjoint: the gradient placed into zeros shaped like the input) takes the
runtime `begin` the same way, so gradients of any order are ops. ConcatV2 with a runtime
axis takes its gradient from here too (windows of the gradient cut with Slice).
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import STRIDED_SLICE, shape
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import as_int_tensor, is_symbolic, partial_value, static_ints
from eagerflow._src.ops.math import _t, cast, floormod
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(41)
_pyslice = builtins.slice  # this module defines tf.slice


def _check_slice(begin: tuple, size: tuple, dims: tuple) -> None:
    """TF's checks of Slice arguments (None: not known yet)."""
    if len(begin) != len(dims) or len(size) != len(dims):
        raise InvalidArgumentError(None, None, f"Expected begin and size arguments to be 1-D "
                                               f"tensors of size {len(dims)}, but got shapes "
                                               f"[{len(begin)}] and [{len(size)}] instead. "
                                               "[Op:Slice]")
    for i, (b, s, d) in enumerate(zip(begin, size, dims)):
        if b is not None and d is not None and not 0 <= b <= d:
            raise C.fail("Slice", f"Expected begin[{i}] in [0, {d}], but got {b}")
        if b is not None and s is not None and d is not None and s != -1 and \
                not 0 <= b + s <= d:
            raise C.fail("Slice", f"Expected size[{i}] in [0, {d - b}], but got {s}")
        if b is None and s is not None and s < -1:
            raise C.fail("Slice", f"Expected size[{i}] >= -1, but got {s}")


def _out_shape(begin: tuple, size: tuple, dims: tuple) -> tuple:
    return tuple(s if s is not None and s != -1 else
                 None if b is None or d is None else d - b
                 for b, s, d in zip(begin, size, dims))


def _vector(t: Any, rank: int | None) -> tuple:
    """What is known of a 1-D argument, one entry per dimension."""
    v = partial_value(t)
    if isinstance(v, list):
        return tuple(v)
    return (None,) * (rank or 0)


def _slice_infer(x: Any, begin_t: Any, size_t: Any) -> list:
    for what, t in (("begin", begin_t), ("size", size_t)):
        if t._dtype not in (dt.int32, dt.int64):
            raise C.fail("Slice", f"Value for attr 'Index' of {t._dtype.name} is not in the list "
                                  "of allowed values: int32, int64")
        if t._shape is not None and len(t._shape) != 1:
            raise C.fail("Slice", f"{what} must be a vector, got shape {C.shape_str(t._shape)}")
    rank = None if x._shape is None else len(x._shape)
    begin, size = _vector(begin_t, rank), _vector(size_t, rank)  # what is known of them
    if x._shape is None:
        return [((None,) * len(size) if size else None, x._dtype)]
    _check_slice(begin, size, x._shape)
    return [(_out_shape(begin, size, x._shape), x._dtype)]


def _runtime(x: Any, b: Any, s: Any) -> tuple:
    begin, size = tuple(int(v) for v in b), tuple(int(v) for v in s)
    _check_slice(begin, size, x.shape)
    return begin, _out_shape(begin, size, x.shape)


def _slice_kernel(xp: Any, x: Any, b: Any, s: Any) -> Any:
    begin, size = _runtime(x, b, s)
    return x[tuple(_pyslice(i, i + n) for i, n in zip(begin, size))].copy()


def _slice_grad(n: Any, g: Any) -> list:
    return [bind(SLICE_GRAD, (g, n.inputs[0], n.inputs[1]), {}), None, None]


def _slice_ref(x: np.ndarray, b: np.ndarray, s: np.ndarray) -> Any:
    idx = [np.arange(int(i), int(i) + (d - int(i) if int(k) == -1 else int(k)))
           for i, k, d in zip(b, s, x.shape)]
    return x[np.ix_(*idx)]


_I32 = np.int32
SLICE = register(OpDef(
    "Slice", _slice_infer, _slice_kernel, grad=_slice_grad, reference=_slice_ref,
    samples=[Sample((_rng.uniform(-2, 2, size=(4, 5)), np.array([1, 2], _I32),
                     np.array([2, -1], _I32)), grad_inputs=(0,))],
    bad_samples=[BadSample((np.ones((4, 5)), np.array([5, 0], _I32), np.array([1, 1], _I32)),
                           {}, InvalidArgumentError, "Expected begin[0] in [0, 4], but got 5"),
                 BadSample((np.ones((4, 5)), np.array([2, 0], _I32), np.array([3, 1], _I32)),
                           {}, InvalidArgumentError, "Expected size[0] in [0, 2], but got 3")],
))


def _slice_grad_infer(g: Any, x: Any, b: Any) -> list:
    if g._shape is not None and x._shape is not None and len(g._shape) != len(x._shape):
        raise C.fail("SliceGrad", f"gradient rank {len(g._shape)} != input rank "
                                  f"{len(x._shape)}")
    if b._dtype not in (dt.int32, dt.int64):
        raise C.fail("SliceGrad", f"Value for attr 'Index' of {b._dtype.name} is not in the "
                                  "list of allowed values: int32, int64")
    if b._shape is not None and len(b._shape) != 1:
        raise C.fail("SliceGrad", f"begin must be a vector, got shape {C.shape_str(b._shape)}")
    return [(x._shape, g._dtype)]


def _slice_grad_kernel(xp: Any, g: Any, x: Any, b: Any) -> Any:
    begin, _ = _runtime(x, b, g.shape)
    out = xp.zeros(x.shape, dtype=g.dtype)
    out[tuple(_pyslice(i, i + n) for i, n in zip(begin, g.shape))] = g
    return out


def _slice_grad_ref(g: np.ndarray, x: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.zeros(x.shape, g.dtype)
    for idx in np.ndindex(*g.shape):
        out[tuple(int(i) + j for i, j in zip(b, idx))] = g[idx]
    return out


SLICE_GRAD = register(OpDef(
    "SliceGrad", _slice_grad_infer, _slice_grad_kernel,
    grad=lambda n, gg: [slice(gg, n.inputs[2], shape(n.inputs[0])), None, None],
    reference=_slice_grad_ref,
    samples=[Sample((_rng.uniform(-2, 2, size=(2, 3)), np.zeros((4, 5)),
                     np.array([1, 2], _I32)), grad_inputs=(0,))],
))


def slice(input_: Any, begin: Any, size: Any, name: str | None = None) -> Any:  # noqa: A001
    """tf.slice: `size[i]` elements from `begin[i]` on each axis (-1: to the end)."""
    x = _t(input_)
    if _state.graph is not None and (is_symbolic(begin) or is_symbolic(size)):
        b, s = as_int_tensor(begin, "begin"), as_int_tensor(size, "size")
        rank = None if x._shape is None else len(x._shape)
        bv, sv = _vector(b, rank), _vector(s, rank)
        if None in bv or None in sv or x._shape is None:
            return bind(SLICE, (x, b, s), {})
        begin, size = bv, sv  # everything folded: the static StridedSlice
    else:
        begin, size = static_ints(begin, "begin"), static_ints(size, "size")
    if x._shape is not None:
        _check_slice(begin, size, x._shape)
    key = tuple([("s", b, None if s == -1 else b + s, None) for b, s in zip(begin, size)])
    return bind(STRIDED_SLICE, (x,), {"spec": key})


def concat_runtime_grad(n: Any, g: Any) -> list:
    """ConcatV2's gradient when its axis is known at run time: each input's window of `g`
    along that axis, via Slice with runtime bounds."""
    from eagerflow._src.ops.indexing import gather, one_hot

    xs, axis = n.inputs[:-1], cast(n.inputs[-1], dt.int32)
    r = len(xs[0]._shape)
    ax = floormod(axis, convert_to_tensor(r, dtype=dt.int32))
    out, offset = [], convert_to_tensor(0, dtype=dt.int32)
    for x in xs:
        sx = shape(x)
        out.append(slice(g, one_hot(ax, r, on_value=offset, off_value=0, dtype=dt.int32), sx))
        offset = offset + gather(sx, ax)
    return out + [None]
