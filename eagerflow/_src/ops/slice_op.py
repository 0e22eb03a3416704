"""TF's Slice op (tf.slice: `size` elements from `begin` along each axis) and its adjoint
SliceGrad (the gradient placed into zeros shaped like the input).

Inside a graph, symbolic `begin`/`size` are inputs of Slice: its `infer` uses what
dynshape folds of them, its kernel checks and reads the runtime values. SliceGrad takes
the runtime `begin` the same way, so gradients of any order are ops.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import GRAPH_SLICE, shape
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import as_int_tensor, is_symbolic, partial_value, static_ints
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.slicing import STRIDED_SLICE

_rng = SampleRNG(42)
_pyslice = builtins.slice  # this module defines tf.slice


def _check_slice(begin: tuple, size: tuple, dims: tuple, shapes: tuple = (None, None)) -> None:
    """TF's checks of Slice arguments (None: not known yet). `shapes`: those of begin and
    size where given as tensors (a matrix is refused, not read flat)."""
    bs, ss = (s if s is not None else (len(v),) for s, v in zip(shapes, (begin, size)))
    if len(begin) != len(dims) or len(size) != len(dims) or len(bs) != 1 or len(ss) != 1:
        raise InvalidArgumentError(None, None, f"Expected begin and size arguments to be 1-D "
                                               f"tensors of size {len(dims)}, but got shapes "
                                               f"{C.shape_str(bs)} and {C.shape_str(ss)} "
                                               "instead. [Op:Slice]")
    for i, (b, s, d) in enumerate(zip(begin, size, dims)):
        if d == 0 and b is not None and s is not None:
            # (TF's kernel words an empty dimension's check apart: both must be 0, a -1
            # size taken as what is left of it)
            s = -b if s == -1 else s
            if b != 0 or s != 0:
                raise C.fail("Slice", f"Expected begin[{i}] == 0 (got {b}) and size[{i}] == 0 "
                                      f"(got {s}) when input.dim_size({i}) == 0")
        if b is not None and d is not None and not 0 <= b <= d:
            raise C.fail("Slice", f"Expected begin[{i}] in [0, {d}], but got {b}")
        if b is not None and s is not None and d is not None and s != -1 and \
                not 0 <= s <= d - b:
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
    if None in size:  # as TF's shape function: sizes not all known, a -1 is unknown too
        return [(tuple(None if s == -1 else s for s in size), x._dtype)]
    return [(_out_shape(begin, size, x._shape), x._dtype)]


def _runtime(x: Any, b: Any, s: Any) -> tuple:
    # (as Python ints, from any array module; SliceGrad gives its gradient's shape tuple)
    begin, size = tuple(b.tolist()), tuple(s.tolist() if hasattr(s, "tolist") else s)
    _check_slice(begin, size, x.shape)
    return begin, _out_shape(begin, size, x.shape)


def _slice_kernel(xp: Any, x: Any, b: Any, s: Any) -> Any:
    begin, size = _runtime(x, b, s)
    return x[tuple(_pyslice(i, i + n) for i, n in zip(begin, size))].copy()


def _slice_grad(n: Any, g: Any) -> list:
    return [bind(SLICE_GRAD, (g, n.inputs[0], n.inputs[1]), {}), None, None]


def _slice_rewrite(node: Any) -> Any:
    """A Slice by constant begin and size of a tensor whose shape is known is the static
    StridedSlice tf.slice makes of them (the simplify pass): its graph then reads no
    vectors when it runs. (ConcatV2's gradient in a graph is such Slices.) One the op
    would refuse stays, to raise its error then."""
    x, b, s = node.inputs
    begin, size = _const_ints(b), _const_ints(s)
    if begin is None or size is None or x._shape is None or None in x._shape:
        return None
    try:
        _check_slice(begin, size, x._shape)
    except InvalidArgumentError:
        return None
    return STRIDED_SLICE, (x,), {"spec": _slice_spec(begin, size)}


def _const_ints(t: Any) -> tuple | None:
    node = getattr(t, "_op", None)
    if node is None or node.op.name != "Const":
        return None
    return tuple(int(v) for v in np.asarray(node.attrs["value"]).reshape(-1))


def _slice_ref(x: np.ndarray, b: np.ndarray, s: np.ndarray) -> Any:
    idx = [np.arange(int(i), int(i) + (d - int(i) if int(k) == -1 else int(k)))
           for i, k, d in zip(b, s, x.shape)]
    return x[np.ix_(*idx)]


_I32 = np.int32
SLICE = register(OpDef(
    "Slice", _slice_infer, _slice_kernel, grad=_slice_grad, reference=_slice_ref,
    host_inputs=(1, 2),  # (TF's HostMemory("begin"), HostMemory("size"))
    rewrite=_slice_rewrite,
    samples=lambda: [Sample((_rng.uniform(-2, 2, size=(4, 5)), np.array([1, 2], _I32),
                             np.array([2, -1], _I32)), grad_inputs=(0,))],
    bad_samples=lambda: [
        BadSample((np.ones((4, 5)), np.array([5, 0], _I32), np.array([1, 1], _I32)),
                  {}, InvalidArgumentError, "Expected begin[0] in [0, 4], but got 5"),
        BadSample((np.ones((4, 5)), np.array([2, 0], _I32), np.array([3, 1], _I32)),
                  {}, InvalidArgumentError, "Expected size[0] in [0, 2], but got 3")],
))


def _graph_slice(x: Any, begin: Any, size: Any) -> Any:
    """A Slice node of graph tensors begin and size (ConcatV2's gradient in a graph)."""
    return bind(SLICE, (x, begin, size), {})


GRAPH_SLICE[0] = _graph_slice


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
    # (TF's graph for it pads the gradient by `begin`, Slice's HostMemory input, and the
    # input's shape: Pad's HostMemory("paddings"); of the input, its shape alone is read)
    host_inputs=(2,), shape_inputs=(1,),
    grad=lambda n, gg: [slice(gg, n.inputs[2], shape(n.inputs[0])), None, None],
    reference=_slice_grad_ref,
    samples=lambda: [Sample((_rng.uniform(-2, 2, size=(2, 3)), np.zeros((4, 5)),
                             np.array([1, 2], _I32)), grad_inputs=(0,))],
    tf=TFForm(export=lambda n, b: _slice_grad_to_tf(b)),
))


def _slice_grad_to_tf(b: Any) -> list:
    """SliceGrad in TF's ops: the gradient padded with `begin` before and the rest after."""
    begin = b.input(2)
    if begin.dtype is not dt.int32:
        begin = b.node("Cast", [begin], {"DstT": dt.int32})[0]
    after = b.node("Sub", [b.node("Sub", [b.shape_of(1), begin])[0], b.shape_of(0)])[0]
    return b.node("Pad", [b.input(0), b.node("Pack", [[begin, after]], {"axis": 1})[0]])


_INDEX = ("Slice", "Index")


@dispatch_binding
@eager_api("input_", "begin", "size")
def slice(input_: Any, begin: Any, size: Any, name: str | None = None) -> Any:  # noqa: A001
    """tf.slice: `size[i]` elements from `begin[i]` on each axis (-1: to the end)."""
    x = _t(input_)
    if _state.graph is not None and (is_symbolic(begin) or is_symbolic(size)):
        b, s = as_int_tensor(begin, "begin"), as_int_tensor(size, "size")
        rank = None if x._shape is None else len(x._shape)
        bv, sv = _vector(b, rank), _vector(s, rank)
        if None in bv or None in sv or x._shape is None:
            return bind(SLICE, (x, b, s), {}, name)
        begin, size = bv, sv  # everything folded: the static StridedSlice
        shapes = (None, None)
    else:
        if not _plain(begin) or not _plain(size):  # (converted as TF's wrapper does)
            begin, size = wrapper_inputs.index_inputs("Slice", (begin, size), "Index")
        shapes = tuple(v._shape if v.__class__ is EagerTensor else None for v in (begin, size))
        lead = begin  # (size converts to the dtype begin gave Index: int32 wraps it)
        begin, size = static_ints(begin, "begin", _INDEX), static_ints(size, "size", _INDEX)
        size = wrapper_inputs.matching_ints(lead, size)
    if x._shape is not None:
        _check_slice(begin, size, x._shape, shapes)
    return bind(STRIDED_SLICE, (x,), {"spec": _slice_spec(begin, size)}, name)


def _plain(value: Any) -> bool:
    """Whether `value` is a list of Python ints (or an eager tensor): what a slice's begin
    and size mostly are, read as they are. (An empty list is not: TF converts it to a
    float32 tensor, which the Index attr refuses.)"""
    return value.__class__ is EagerTensor or isinstance(value, (list, tuple)) and \
        len(value) > 0 and all(type(v) is int for v in value)


def _slice_spec(begin: tuple, size: tuple) -> tuple:
    """The StridedSlice spec of a slice by `begin` and `size` (-1: to the end)."""
    return tuple([("s", b, None if s == -1 else b + s, None) for b, s in zip(begin, size)])


