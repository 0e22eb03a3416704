"""tf.slice: TF's Slice op, whose `begin` and `size` may be tensors known only at run time.

Sits in ops/ beside array.py (which holds StridedSlice, `t[key]`). With Python or eager
`begin`/`size`, tf.slice is one StridedSlice with a static spec (the eager fast path and
what graph passes fold). Inside a graph, symbolic `begin`/`size` are inputs of Slice: its
`infer` uses what dynshape folds of them, its kernel checks and reads the runtime values.
SliceGrad (the adjoint: the gradient placed into zeros shaped like the input) takes the
runtime `begin` the same way, so gradients of any order are ops. ConcatV2 with a runtime
axis takes its gradient from here too (windows of the gradient cut with Slice).
tf.strided_slice with symbolic `begin`/`end`/`strides` is the same pattern: they become
inputs of DynamicStridedSlice (masks stay attrs), whose `infer` gives TF's partial shape
and whose kernel turns the runtime values into StridedSlice's spec.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import array as A
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import SLICE_GRAD as STRIDED_SLICE_GRAD
from eagerflow._src.ops.array import STRIDED_SLICE, shape, zeros
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    as_int_tensor,
    is_symbolic,
    partial_value,
    runtime_ints,
    static_ints,
)
from eagerflow._src.ops.math import _t, cast, floormod, ones_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register

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
    tf=TFForm(export=lambda n, b: _slice_grad_to_tf(b)),
))


def _slice_grad_to_tf(b: Any) -> list:
    """SliceGrad in TF's ops: the gradient padded with `begin` before and the rest after."""
    begin = b.input(2)
    if begin.dtype is not dt.int32:
        begin = b.node("Cast", [begin], {"DstT": dt.int32})[0]
    after = b.node("Sub", [b.node("Sub", [b.shape_of(1), begin])[0], b.shape_of(0)])[0]
    return b.node("Pad", [b.input(0), b.node("Pack", [[begin, after]], {"axis": 1})[0]])


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


_MASKS = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")


def masks_spec(begin: tuple, end: tuple, strides: tuple, masks: dict) -> tuple:
    """TF's begin/end/strides vectors and bit masks as StridedSlice's spec (one entry each)."""
    bm, em, elm, nm, sm = (masks.get(k, 0) for k in _MASKS)
    spec = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << i
        if elm & bit:
            spec.append(("e",))
        elif nm & bit:
            spec.append(("n",))
        elif sm & bit:
            spec.append(("i", b))
        else:
            spec.append(("s", None if bm & bit else b, None if em & bit else e, s))
    return tuple(spec)


def _full(v: Any) -> tuple | None:
    """A vector's value when every entry is known at trace time (TF's rule), else None."""
    v = partial_value(v)
    return tuple(v) if isinstance(v, list) and None not in v else None


def _dyn_infer(x: Any, b: Any, e: Any, s: Any, **masks: Any) -> list:
    for what, t in (("begin", b), ("end", e), ("strides", s)):
        if t._dtype not in (dt.int32, dt.int64):
            raise C.fail("StridedSlice", f"Value for attr 'Index' of {t._dtype.name} is not in "
                                         "the list of allowed values: int32, int64")
        if t._dtype is not b._dtype:
            raise TypeError(f"Input '{what}' of 'StridedSlice' Op has type {t._dtype.name} that "
                            f"does not match type {b._dtype.name} of argument 'begin'.")
        if t._shape is not None and len(t._shape) != 1:
            raise ValueError(f"Shape must be rank 1 but is rank {len(t._shape)} for '{what}' "
                             "of 'StridedSlice'")
    n = None
    for t in (b, e, s):  # TF merges the three lengths at graph construction
        m = None if t._shape is None else t._shape[0]
        if n is not None and m is not None and m != n:
            raise ValueError(f"Dimension 0 in both shapes must be equal, but are {n} and {m}. "
                             f"Shapes are [{n}] and [{m}]. for 'StridedSlice'")
        n = m if n is None else n
    bv, ev, sv = _full(b), _full(e), _full(s)
    if x._shape is None or sv is None:  # as TF: nothing is inferred without the strides
        return [(None, x._dtype)]
    if 0 in sv:
        raise C.fail("StridedSlice", f"strides[{sv.index(0)}] must be non-zero")
    if bv is not None and ev is not None:
        return A._slice_infer(x, masks_spec(bv, ev, sv, masks))
    # begin or end unknown: a dim is known only when both masks cover it (TF's rule)
    spec = masks_spec((0,) * len(sv), (0,) * len(sv), sv, masks)
    bm, em = masks.get("begin_mask", 0), masks.get("end_mask", 0)
    full = [bm & em & (1 << i) != 0 for i in range(len(sv))]
    consumed = sum(1 for k in spec if k[0] in "is")
    out, axis = [], 0
    for k, whole in zip(spec, full):
        if k[0] == "n":
            out.append(1)
        elif k[0] == "e":
            n = max(len(x._shape) - consumed, 0)
            out += list(x._shape[axis:axis + n])
            axis += n
        else:
            if axis >= len(x._shape):
                raise C.fail("StridedSlice", f"Index out of range using input dim {axis}; "
                                             f"input has only {len(x._shape)} dims")
            d = x._shape[axis]
            if k[0] == "s":
                out.append(len(range(*_pyslice(None, None, k[3]).indices(d)))
                           if whole and d is not None else None)
            axis += 1
    return [(tuple(out) + tuple(x._shape[axis:]), x._dtype)]


def _dyn_spec(x: Any, b: Any, e: Any, s: Any, masks: dict) -> tuple:
    """The runtime spec, validated as the static op validates its attr."""
    bv, ev, sv = runtime_ints(b), runtime_ints(e), runtime_ints(s)
    if not len(bv) == len(ev) == len(sv):
        raise C.fail("StridedSlice", "Expected begin, end, and strides to be 1D equal size "
                                     "tensors, but got shapes "
                                     f"[{len(bv)}], [{len(ev)}], and [{len(sv)}] instead.")
    if 0 in sv:  # checked before the masks drop a shrunk axis's stride
        raise C.fail("StridedSlice", f"strides[{sv.index(0)}] must be non-zero")
    spec = masks_spec(bv, ev, sv, masks)
    A._slice_infer(Spec(x), spec)
    return spec


def _dyn_kernel(xp: Any, x: Any, b: Any, e: Any, s: Any, **masks: Any) -> Any:
    return A._slice_kernel(xp, x, _dyn_spec(x, b, e, s, masks))


def _dyn_grad(n: Any, g: Any) -> list:
    return [bind(DYN_STRIDED_SLICE_GRAD, (g, *n.inputs), dict(n.attrs)), None, None, None]


def _dyn_ref(x: np.ndarray, b: np.ndarray, e: np.ndarray, s: np.ndarray, **masks: Any) -> Any:
    spec = masks_spec(*(tuple(int(v) for v in a) for a in (b, e, s)), masks)
    return A._slice_ref(x, spec)


def _dyn_grad_infer(g: Any, x: Any, b: Any, e: Any, s: Any, **masks: Any) -> list:
    want = _dyn_infer(x, b, e, s, **masks)[0][0]
    if want is not None and g._shape is not None and (len(want) != len(g._shape) or any(
            p is not None and q is not None and p != q for p, q in zip(want, g._shape))):
        raise C.fail("StridedSliceGrad", f"shape of dy was {C.shape_str(g._shape)} instead of "
                                         f"{C.shape_str(want)}")
    return [(x._shape, g._dtype)]


def _dyn_grad_kernel(xp: Any, g: Any, x: Any, b: Any, e: Any, s: Any, **masks: Any) -> Any:
    spec = _dyn_spec(x, b, e, s, masks)
    want = A._slice_infer(Spec(x), spec)[0][0]
    if tuple(g.shape) != want:
        raise C.fail("StridedSliceGrad", f"shape of dy was {C.shape_str(g.shape)} instead of "
                                         f"{C.shape_str(want)}")
    return A._slice_grad_kernel(xp, g, x, spec)


# No bad_samples: its errors name StridedSlice, as TF's do (the registry suite wants the
# OpDef's own name); tests/function/test_dynamic_index.py checks them through tf.function.
_SS_SAMPLE = (_rng.uniform(-2, 2, size=(4, 5)), np.array([1, 0, 4], _I32),
              np.array([9, 1, 0], _I32), np.array([2, 1, -2], _I32))
DYN_STRIDED_SLICE = register(OpDef(
    "DynamicStridedSlice", _dyn_infer, _dyn_kernel, grad=_dyn_grad, reference=_dyn_ref,
    samples=[Sample(_SS_SAMPLE, {"new_axis_mask": 2}, grad_inputs=(0,)),
             Sample(_SS_SAMPLE[:1] + tuple(v[:2] for v in _SS_SAMPLE[1:]),
                    {"shrink_axis_mask": 2, "begin_mask": 1}, grad_inputs=(0,))],
))

DYN_STRIDED_SLICE_GRAD = register(OpDef(
    "DynamicStridedSliceGrad", _dyn_grad_infer, _dyn_grad_kernel,
    grad=lambda n, gg: [bind(DYN_STRIDED_SLICE, (gg, *n.inputs[2:]), dict(n.attrs)),
                        None, None, None, None],
    reference=lambda g, x, b, e, s, **m: _dyn_grad_kernel(np, g, x, b, e, s, **m),
    samples=[Sample((_rng.uniform(-2, 2, size=(2, 5)), np.zeros((4, 5)), np.array([1], _I32),
                     np.array([4], _I32), np.array([2], _I32)), {}, grad_inputs=(0,))],
))


# -- how TF's graphs write the strided slices: begin/end/strides vectors and bit masks ------

def spec_vectors(spec: tuple) -> tuple:
    """StridedSlice's spec as TF's begin, end, strides vectors and masks (masks_spec's
    inverse)."""
    begin, end, strides = [], [], []
    masks = dict.fromkeys(_MASKS, 0)
    for i, k in enumerate(spec):
        bit = 1 << i
        b, e, st = 0, 0, 1
        if k[0] == "e":
            masks["ellipsis_mask"] |= bit
        elif k[0] == "n":
            masks["new_axis_mask"] |= bit
        elif k[0] == "i":
            masks["shrink_axis_mask"] |= bit
            b, e = k[1], k[1] + 1
        else:
            _, b, e, st = k
            if b is None:
                masks["begin_mask"] |= bit
                b = 0
            if e is None:
                masks["end_mask"] |= bit
                e = 0
            st = 1 if st is None else st
        begin.append(b)
        end.append(e)
        strides.append(st)
    return begin, end, strides, masks


def _strided_slice_to_tf(n: Any, b: Any) -> list:
    begin, end, strides, masks = spec_vectors(n.attrs["spec"])
    wide = any(abs(v) > 2**31 - 1 for v in begin + end + strides)
    d = dt.int64 if wide else dt.int32
    vectors = [b.const(v, d) for v in (begin, end, strides)]
    if n.type == "StridedSlice":
        return b.node("StridedSlice", [b.input(0)] + vectors, masks)
    return b.node("StridedSliceGrad", [b.shape_of(1)] + vectors + [b.input(0)], masks)


def _strided_slice_from_tf(n: Any) -> Any:
    masks = {k: n.attrs[k] for k in _MASKS}
    if all(n.const(i) is not None for i in (1, 2, 3)):
        b, e, s = (tuple(n.const(i).tolist()) for i in (1, 2, 3))
        return bind(STRIDED_SLICE, (n.inputs[0],), {"spec": masks_spec(b, e, s, masks)})
    return bind(DYN_STRIDED_SLICE, tuple(n.inputs), masks)


def _strided_slice_grad_from_tf(n: Any) -> Any:
    masks = {k: n.attrs[k] for k in _MASKS}
    dy = n.inputs[4]
    like = zeros(n.value(0), dy.dtype)  # TF gives the input's shape; zeros stand for it
    if all(n.const(i) is not None for i in (1, 2, 3)):
        b, e, s = (tuple(n.const(i).tolist()) for i in (1, 2, 3))
        return bind(STRIDED_SLICE_GRAD, (dy, like), {"spec": masks_spec(b, e, s, masks)})
    return bind(DYN_STRIDED_SLICE_GRAD, (dy, like) + tuple(n.inputs[1:4]), masks)


STRIDED_SLICE.tf = TFForm(export=_strided_slice_to_tf, load=_strided_slice_from_tf)
STRIDED_SLICE_GRAD.tf = TFForm(export=_strided_slice_to_tf, load=_strided_slice_grad_from_tf)
DYN_STRIDED_SLICE.tf = TFForm(export=lambda n, b: b.node(
    "StridedSlice", [b.input(i) for i in range(4)], dict(n.attrs)))
DYN_STRIDED_SLICE_GRAD.tf = TFForm(export=lambda n, b: b.node(
    "StridedSliceGrad", [b.shape_of(1)] + [b.input(i) for i in (2, 3, 4)] + [b.input(0)],
    dict(n.attrs)))


def _has_tensor(v: Any) -> bool:
    if isinstance(v, (list, tuple)):
        return any(_has_tensor(e) for e in v)
    return isinstance(v, Tensor)


def dynamic_strided_slice(x: Any, begin: Any, end: Any, strides: Any, masks: dict,
                          widen: bool = False) -> Any:
    """tf.strided_slice inside a graph when begin/end/strides mention symbolic tensors: a
    static StridedSlice when every value folds, else DynamicStridedSlice. `widen` (t[key],
    as TF's indexing does) makes all three int64 when one is; tf.strided_slice refuses."""
    args = {"begin": begin, "end": end, "strides": strides}
    ts = {k: as_int_tensor(v, k) for k, v in args.items() if _has_tensor(v)}
    d = next(iter(ts.values()))._dtype  # as TF: Python bounds take the tensors' dtype
    if strides is None:  # ones of begin's length: a constant when that length is known
        n = ts["begin"]._shape[0] if "begin" in ts and ts["begin"]._shape else \
            len(begin) if "begin" not in ts else None
        ts["strides"] = ones_like(ts["begin"]) if n is None else convert_to_tensor([1] * n, d)
    b, e, s = (ts[k] if k in ts else convert_to_tensor(args[k], dtype=d) for k in args)
    if widen and dt.int64 in (b._dtype, e._dtype, s._dtype):
        b, e, s = (cast(t, dt.int64) for t in (b, e, s))
    bv, ev, sv = _full(b), _full(e), _full(s)
    if bv is not None and ev is not None and sv is not None:
        return bind(STRIDED_SLICE, (x,), {"spec": masks_spec(bv, ev, sv, masks)})
    return bind(DYN_STRIDED_SLICE, (x, b, e, s), {k: masks.get(k, 0) for k in _MASKS})


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
