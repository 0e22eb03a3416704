"""Slicing: StridedSlice (what `t[key]` builds), tf.strided_slice and Tensor.__getitem__.
tf.slice (TF's Slice op) is in slice_op.py; padding, whose gradients are slices, in
padding.py, above.

Sits in ops/ above array and indexing (a boolean key is boolean_mask). `t[key]` with a
key of Python values compiles to one StridedSlice with a static spec (the eager fast
path and what graph passes fold). A key or tf.strided_slice arguments holding graph
tensors (a loop counter, a computed bound) become begin/end/strides inputs of the same
StridedSlice (masks stay attrs), as TF does: its `infer` gives TF's partial shape, its
kernel turns the runtime values into StridedSlice's spec, and its gradient is an op of
the same kind.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import SHAPE, fill, ones, shape, zeros
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    as_int_tensor,
    is_symbolic,
    partial_value,
    runtime_ints,
    static_ints,
)
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.graph_constants import graph_constant
from eagerflow._src.ops.indexing import boolean_mask
from eagerflow._src.ops.math_base import _t, cast, ones_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.slice_keys import (
    BAD_INDEX,
    INDEX_DTYPES,
    packed_bools,
    same_index_dtypes,
    static_bound,
)
from eagerflow._src.ops.stacking import PACK

_rng = SampleRNG(41)
_pyslice = builtins.slice  # this module defines tf.slice
_I32 = np.int32


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


# ---------------------------------------------------------------------------------------
# StridedSlice with a static spec: what Tensor.__getitem__ builds from a key of Python values.
# ---------------------------------------------------------------------------------------

def _normalize_key(key: Any) -> tuple:
    if not isinstance(key, tuple):
        key = (key,)
    spec = []
    tensors = 0
    for k in key:
        if k.__class__ is int:  # (the common components first: no check to make)
            spec.append(("i", k))
        elif k is None:
            spec.append(("n",))
        elif k is Ellipsis:
            spec.append(("e",))
        elif isinstance(k, _pyslice):
            parts = (k.start, k.stop, k.step)
            if all(p is None or p.__class__ is int for p in parts):
                spec.append(("s",) + parts)
                continue
            tensors += sum(isinstance(p, EagerTensor) for p in parts)
            spec.append(("s",) + tuple(None if p is None else static_bound(p) for p in parts))
        elif isinstance(k, np.bool_):
            raise TypeError(BAD_INDEX.format(k))
        else:
            tensors += isinstance(k, EagerTensor)
            spec.append(("i", static_bound(k)))
    if key and key[0].__class__ is bool:
        packed_bools(key)
    if tensors > 1:
        same_index_dtypes(key)
    return tuple(spec)


def _expand_ellipsis(spec: tuple, ndim: int) -> tuple:
    consumed = sum(1 for s in spec if s[0] in "is")
    if sum(1 for s in spec if s[0] == "e") > 1:
        raise C.fail("StridedSlice", "Multiple ellipses in slice spec not allowed")
    out = []
    for s in spec:
        if s[0] == "e":
            out += [("s", None, None, None)] * max(ndim - consumed, 0)
        else:
            out.append(s)
    return tuple(out)


_SPEC_LEN = {"i": 2, "s": 4, "n": 1, "e": 1}


def _check_spec(spec: tuple, ndim: int | None) -> None:
    for s in spec:
        if type(s) is not tuple or _SPEC_LEN.get(s[0] if s else None) != len(s):
            raise TypeError(f"malformed slice spec {spec!r} [Op:StridedSlice]")
    if ndim is not None:
        if sum(1 for s in spec if s[0] == "e") > 1:
            raise C.fail("StridedSlice", "Multiple ellipses in slice spec not allowed")
        return  # (_ss_infer checks each dimension's stride in turn, as TF's kernel)
    # a zero stride is named by the input dimension it would step (TF's kernel counts
    # after expanding the ellipsis; a new axis steps none)
    dim = 0
    for s in spec:
        if s[0] == "s" and s[3] == 0:
            raise C.fail("StridedSlice", f"strides[{dim}] must be non-zero")
        if s[0] != "n":
            dim += 1


def _ss_infer(x: Any, spec: tuple) -> list:
    _check_spec(spec, None if x._shape is None else len(x._shape))
    if x._dtype in dt.NARROW_DTYPES:
        masks = spec_vectors(spec)[3]
        C.refuse_narrow("StridedSlice", x._dtype, f"Index=DT_INT32, T={C.dt_enum(x._dtype)}, "
                        + ", ".join(f"{k}={masks[k]}" for k in sorted(masks)))
    if x._shape is None:
        return [(None, x._dtype)]
    spec = _expand_ellipsis(spec, len(x._shape))
    if not x._shape and any(s[0] in "is" for s in spec):
        raise C.fail("StridedSlice", "Attempting to slice scalar input.")
    ndim = len(x._shape)
    if sum(1 for s in spec if s[0] in "is") > ndim:  # (before any dimension's checks)
        raise C.fail("StridedSlice", f"Index out of range using input dim {ndim}; input has "
                                     f"only {ndim} dims")
    out, axis = [], 0
    for s in spec:
        if s[0] == "n":
            out.append(1)
            continue
        d = x._shape[axis]
        if s[0] == "s" and s[3] == 0:
            raise C.fail("StridedSlice", f"strides[{axis}] must be non-zero")
        if s[0] == "i":
            if d is not None and not -d <= s[1] < d:
                shown = s[1] + d if s[1] < 0 else s[1]  # TF reports the wrapped index
                raise C.fail("StridedSlice", f"slice index {shown} of dimension {axis} out of "
                                             "bounds.")
        else:
            out.append(None if d is None else len(builtins.range(*_pyslice(*s[1:]).indices(d))))
        axis += 1
    out += list(x._shape[axis:])
    return [(tuple(out), x._dtype)]


def _numpy_key(spec: tuple) -> tuple:
    return tuple(None if s[0] == "n" else Ellipsis if s[0] == "e" else s[1] if s[0] == "i"
                 else _pyslice(*s[1:]) for s in spec)


def _ss_kernel(xp: Any, x: Any, spec: tuple) -> Any:
    # the trailing Ellipsis keeps a 0-d array (not a bare bytes/number) when every axis is
    # indexed, so string scalars stay object arrays
    try:
        out = x[_numpy_key(spec) + (Ellipsis,)] if not any(s[0] == "e" for s in spec) else \
            x[_numpy_key(spec)]
    except IndexError:  # a shape unknown when traced: TF's error for this spec and shape
        _ss_infer(Spec(x), spec)
        raise
    return out.copy()


def _ss_grad(n: Any, g: Any) -> list:
    return [bind(STRIDED_SLICE_GRAD, (g, n.inputs[0]), {"spec": n.attrs["spec"]})]


def _ss_ref(x: np.ndarray, spec: tuple) -> np.ndarray:
    return np.array(x.tolist())[_numpy_key(spec)]


def _slice_partial(vals: Any, spec: tuple) -> Any:
    if not isinstance(vals, list) or len(spec) != 1 or spec[0][0] not in "is":
        return None
    s = spec[0]
    try:
        return vals[s[1]] if s[0] == "i" else vals[_pyslice(*s[1:])]
    except (IndexError, TypeError):
        return None


def _ss_fold(node: Any, value_of: Any) -> Any:
    """dynshape: a slice of a known vector; one dim picked from a Shape is known when that
    dim is, even where the others are not (TF's shape inference does the same)."""
    x, spec = node.inputs[0], node.attrs["spec"]
    vals = value_of(x)
    producer = getattr(x, "_op", None)
    if vals is None and spec[:1] and spec[0][0] == "i" and producer is not None and \
            producer.op is SHAPE:
        shape = producer.inputs[0]._shape
        vals = None if shape is None else list(shape)
    return _slice_partial(vals, spec)




def _ss_grad_kernel(xp: Any, g: Any, like: Any, spec: tuple) -> Any:
    out = xp.zeros(like.shape, dtype=g.dtype)
    out[_numpy_key(spec)] = g
    return out


def _ss_grad_infer(g: Any, like: Any, spec: tuple) -> list:
    want = _ss_infer(like, spec)[0][0]
    if want is not None and g._shape is not None and (len(want) != len(g._shape) or any(
            a is not None and b is not None and a != b for a, b in zip(want, g._shape))):
        raise C.fail("StridedSliceGrad", f"shape of dy was {C.shape_str(g._shape)} instead of "
                                         f"{C.shape_str(want)}")
    return [(like._shape, g._dtype)]


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
        return _ss_infer(x, masks_spec(bv, ev, sv, masks))
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
    spec = masks_spec(bv, ev, sv, masks)
    _ss_infer(Spec(x), spec)
    if 0 in sv:  # (the masks dropped a shrunk axis's stride)
        raise C.fail("StridedSlice", f"strides[{sv.index(0)}] must be non-zero")
    return spec


def _dyn_kernel(xp: Any, x: Any, b: Any, e: Any, s: Any, **masks: Any) -> Any:
    return _ss_kernel(xp, x, _dyn_spec(x, b, e, s, masks))


def _dyn_grad(n: Any, g: Any) -> list:
    return [bind(DYN_STRIDED_SLICE_GRAD, (g, *n.inputs), dict(n.attrs)), None, None, None]


def _dyn_ref(x: np.ndarray, b: np.ndarray, e: np.ndarray, s: np.ndarray, **masks: Any) -> Any:
    spec = masks_spec(*(tuple(int(v) for v in a) for a in (b, e, s)), masks)
    return _ss_ref(x, spec)


def _dyn_grad_infer(g: Any, x: Any, b: Any, e: Any, s: Any, **masks: Any) -> list:
    want = _dyn_infer(x, b, e, s, **masks)[0][0]
    if want is not None and g._shape is not None and (len(want) != len(g._shape) or any(
            p is not None and q is not None and p != q for p, q in zip(want, g._shape))):
        raise C.fail("StridedSliceGrad", f"shape of dy was {C.shape_str(g._shape)} instead of "
                                         f"{C.shape_str(want)}")
    return [(x._shape, g._dtype)]


def _dyn_grad_kernel(xp: Any, g: Any, x: Any, b: Any, e: Any, s: Any, **masks: Any) -> Any:
    spec = _dyn_spec(x, b, e, s, masks)
    want = _ss_infer(Spec(x), spec)[0][0]
    if tuple(g.shape) != want:
        raise C.fail("StridedSliceGrad", f"shape of dy was {C.shape_str(g.shape)} instead of "
                                         f"{C.shape_str(want)}")
    return _ss_grad_kernel(xp, g, x, spec)


def _dyn_samples() -> list:
    x = (_rng.uniform(-2, 2, size=(4, 5)), np.array([1, 0, 4], _I32),
         np.array([9, 1, 0], _I32), np.array([2, 1, -2], _I32))
    return [Sample(x, {"new_axis_mask": 2}, grad_inputs=(0,)),
            Sample(x[:1] + tuple(v[:2] for v in x[1:]), {"shrink_axis_mask": 2, "begin_mask": 1},
                   grad_inputs=(0,))]


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


def _ss_args(attrs: dict) -> dict:
    """begin, end and strides as `t[key]` makes them in TF's graph: tf.stack's constants
    ("strided_slice/stack", "stack_1", "stack_2")."""
    begin, end, strides, _ = spec_vectors(attrs["spec"])
    return {"begin": (begin, "stack"), "end": (end, "stack"), "strides": (strides, "stack")}


def _strided_slice_to_tf(n: Any, b: Any) -> list:
    if not _static(n.attrs):
        if n.type == "StridedSlice":
            return b.node("StridedSlice", [b.input(i) for i in range(4)], dict(n.attrs))
        return b.node("StridedSliceGrad", [b.shape_of(1)] + [b.input(i) for i in (2, 3, 4)]
                      + [b.input(0)], dict(n.attrs))
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


# -- StridedSlice: one op, TF's, in two forms. Its bounds known when the graph is built (every
# `t[key]` of Python values, and eager calls): the attr `spec`, and x the only input. Bounds
# held by graph tensors (a loop counter, a computed bound): begin/end/strides inputs with
# TF's mask attrs, read at run time. Its adjoint StridedSliceGrad takes the same two forms.

def _static(attrs: dict) -> bool:
    return "spec" in attrs


def _inputs(op: str, v: tuple, a: dict) -> None:
    """The form's inputs: x alone with the attr `spec`, else x with begin, end, strides."""
    want = 0 if _static(a) else 3
    if len(v) != want:
        raise TypeError(f"{op} takes {want + 1} inputs in this form, got {len(v) + 1}")


def _any_infer(x: Any, *v: Any, **a: Any) -> list:
    _inputs("StridedSlice", v, a)
    return _ss_infer(x, a["spec"]) if _static(a) else _dyn_infer(x, *v, **a)


def _any_kernel(xp: Any, x: Any, *v: Any, **a: Any) -> Any:
    return _ss_kernel(xp, x, a["spec"]) if _static(a) else _dyn_kernel(xp, x, *v, **a)


def _any_grad(n: Any, g: Any) -> list:
    return _ss_grad(n, g) if _static(n.attrs) else _dyn_grad(n, g)


def _any_ref(x: np.ndarray, *v: Any, **a: Any) -> Any:
    return _ss_ref(x, a["spec"]) if _static(a) else _dyn_ref(x, *v, **a)


def _any_fold(node: Any, value_of: Any) -> Any:
    return _ss_fold(node, value_of) if _static(node.attrs) else None


def _any_args(attrs: dict) -> dict:
    return _ss_args(attrs) if _static(attrs) else {}


def _ss_samples() -> list:
    return [Sample((_f64(4, 5),), {"spec": (("s", 1, None, None), ("i", -1))}),
            Sample((_f64(4, 5),), {"spec": (("e",), ("s", None, None, -2), ("n",))}),
            Sample((_f64(3, 4, 2),), {"spec": (("i", 0), ("s", 3, 0, -1))})] + _dyn_samples()


def _ss_bad_samples() -> list:
    bounds = (np.array([5], _I32), np.array([6], _I32), np.array([1], _I32))
    return [BadSample((np.ones(3),), {"spec": (("i", 5),)}, InvalidArgumentError,
                      "slice index 5 of dimension 0 out of bounds."),
            BadSample((np.ones(3),), {"spec": (("i", 0), ("i", 0))}, InvalidArgumentError,
                      "Index out of range using input dim 1"),
            BadSample((np.ones(3),) + bounds, {"shrink_axis_mask": 1}, InvalidArgumentError,
                      "slice index 5 of dimension 0 out of bounds.")]


STRIDED_SLICE = register(OpDef(
    "StridedSlice", _any_infer, _any_kernel, grad=_any_grad, reference=_any_ref,
    host_inputs=(1, 2, 3),  # (bounds given when they run: TF's HostMemory begin/end/strides)
    samples=_ss_samples, bad_samples=_ss_bad_samples, fold=_any_fold, tf_shape_fold=True,
    tf=TFForm(export=lambda n, b: _strided_slice_to_tf(n, b),
              load=lambda n: _strided_slice_from_tf(n), graph_args=_any_args),
))
DYN_STRIDED_SLICE = STRIDED_SLICE  # (the form with bounds as inputs: its mask attrs)


def _any_grad_infer(g: Any, x: Any, *v: Any, **a: Any) -> list:
    _inputs("StridedSliceGrad", v, a)
    return _ss_grad_infer(g, x, a["spec"]) if _static(a) else _dyn_grad_infer(g, x, *v, **a)


def _any_grad_kernel(xp: Any, g: Any, x: Any, *v: Any, **a: Any) -> Any:
    return _ss_grad_kernel(xp, g, x, a["spec"]) if _static(a) else \
        _dyn_grad_kernel(xp, g, x, *v, **a)


def _any_grad_grad(n: Any, gg: Any) -> list:
    if _static(n.attrs):
        return [bind(STRIDED_SLICE, (gg,), {"spec": n.attrs["spec"]}), None]
    return [bind(STRIDED_SLICE, (gg, *n.inputs[2:]), dict(n.attrs)), None, None, None, None]


STRIDED_SLICE_GRAD = register(OpDef(
    "StridedSliceGrad", _any_grad_infer, _any_grad_kernel, grad=_any_grad_grad,
    host_inputs=(2, 3, 4),  # (TF's HostMemory begin/end/strides)
    reference=lambda g, x, *v, **a: _any_grad_kernel(np, g, x, *v, **a),
    samples=lambda: [
        Sample((_f64(3), np.zeros((4, 5))), {"spec": (("s", 1, None, None), ("i", -1))},
               grad_inputs=(0,)),
        Sample((_rng.uniform(-2, 2, size=(2, 5)), np.zeros((4, 5)), np.array([1], _I32),
                np.array([4], _I32), np.array([2], _I32)), {}, grad_inputs=(0,))],
    tf=TFForm(export=lambda n, b: _strided_slice_to_tf(n, b),
              load=lambda n: _strided_slice_grad_from_tf(n)),
))
DYN_STRIDED_SLICE_GRAD = STRIDED_SLICE_GRAD


def _has_tensor(v: Any) -> bool:
    if isinstance(v, (list, tuple)):
        return any(_has_tensor(e) for e in v)
    return isinstance(v, Tensor)


def dynamic_strided_slice(x: Any, begin: Any, end: Any, strides: Any, masks: dict,
                          widen: bool = False, name: str | None = None) -> Any:
    """tf.strided_slice inside a graph when begin/end/strides mention symbolic tensors, as
    TF's graph has it: strides left out are `ones_like(begin)`, and the node (named `name`,
    else "StridedSlice") converts the Python lists in its own scope ("StridedSlice/begin":
    a Pack of the list's tensors and Consts). A static spec when every value folds."""
    if strides is None:
        strides = _ones_like(begin, _first_dtype(begin))
    d = None
    with name_scope(name or "StridedSlice") as scope:
        vectors = []
        for what, v in (("begin", begin), ("end", end), ("strides", strides)):
            t = _tf_vector(v, what, d)
            d = d or t._dtype
            vectors.append(t)
        return _strided_slice_node(x, *vectors, masks, scope)


def _strided_slice_node(x: Any, b: Any, e: Any, s: Any, masks: dict, scope: str) -> Any:
    """The StridedSlice named `scope` (exactly) of the three vectors: the static form when
    every value folds (the vectors are its TF inputs all the same), else the bounds as
    inputs."""
    bv, ev, sv = _full(b), _full(e), _full(s)
    if bv is not None and ev is not None and sv is not None:
        g = _state.graph
        # the node's TF inputs are these tensors, not the constants graph/arg_consts.py
        # would make for its spec
        g.next_args = (STRIDED_SLICE, {"begin": b, "end": e, "strides": s})
        try:
            return bind(STRIDED_SLICE, (x,), {"spec": masks_spec(bv, ev, sv, masks)}, scope)
        finally:
            g.next_args = None
    return bind(STRIDED_SLICE, (x, b, e, s), {k: masks.get(k, 0) for k in _MASKS}, scope)


def _first_dtype(*lists: Any) -> Any:
    """The dtype of the first tensor in the lists (TF's conversion of a list takes it)."""
    for v in lists:
        for p in (v if isinstance(v, (list, tuple)) else [v]):
            if isinstance(p, Tensor):
                return p._dtype
    return None


def _tf_vector(parts: Any, name: str, d: Any = None) -> Any:
    """A bound list as TF's graph converts it: a tensor as it is; Python ints only, a Const
    named `name`; else a Pack named `name` of the tensors and Consts `name/<i>` of the ints
    (the dtype the first tensor's, or `d`)."""
    if isinstance(parts, Tensor):
        return as_int_tensor(parts, name)
    if not _has_tensor(parts):
        return graph_constant(list(parts), d or dt.int32, None, name)
    d = _first_dtype(parts)
    with name_scope(name) as scope:
        xs = []
        for i, p in enumerate(parts):
            if isinstance(p, Tensor):
                xs.append(as_int_tensor(p, name) if p._dtype is d else cast(p, d))
            else:
                xs.append(graph_constant(p, d, None, str(i)))
        return bind(PACK, tuple(xs), {"axis": 0}, scope)


def _ones_like(begin: Any, d: Any) -> Any:
    """TF's `ones_like(begin)` (tf.strided_slice's strides when none are given): a Fill
    of ones shaped like the converted `begin` (its "Shape/shape_as_tensor" when known)."""
    with name_scope("ones_like") as scope:
        t = _tf_vector(begin, "tensor", d)
        if t._shape is not None and None not in t._shape:
            dims = graph_constant(list(t._shape), dt.int32, None, "Shape/shape_as_tensor")
        else:
            dims = shape(t)
        return fill(dims, graph_constant(1, t._dtype), name=scope)


def index_vectors(begin: Any, end: Any, strides: Any, widen: bool = False) -> tuple:
    """begin/end/strides as three integer vectors of one dtype; `widen` (t[key], as TF's
    indexing does) makes all three int64 when one is (tf.strided_slice refuses)."""
    args = {"begin": begin, "end": end, "strides": strides}
    ts = {k: as_int_tensor(v, k) for k, v in args.items() if _has_tensor(v)}
    # as TF: Python bounds take the tensors' dtype
    d = next(iter(ts.values()))._dtype if ts else dt.int32
    if strides is None:  # ones of begin's length: a constant when that length is known
        n = ts["begin"]._shape[0] if "begin" in ts and ts["begin"]._shape else \
            len(begin) if "begin" not in ts else None
        ts["strides"] = ones_like(ts["begin"]) if n is None else convert_to_tensor([1] * n, d)
    b, e, s = (ts[k] if k in ts else convert_to_tensor(args[k], dtype=d) for k in args)
    if widen and dt.int64 in (b._dtype, e._dtype, s._dtype):
        b, e, s = (cast(t, dt.int64) for t in (b, e, s))
    return b, e, s


# ---------------------------------------------------------------------------------------
# t[key]: the Python key as StridedSlice (a static spec or bounds as inputs) or a boolean mask.
# ---------------------------------------------------------------------------------------

def is_dynamic(k: Any) -> bool:
    """Whether a key component holds a tensor whose value is not known yet."""
    if isinstance(k, builtins.slice):
        return any(is_dynamic(p) for p in (k.start, k.stop, k.step))
    return isinstance(k, Tensor) and not isinstance(k, EagerTensor)


def _index(v: Any) -> Any:
    """One index or slice bound: a Python int or a scalar integer tensor."""
    if isinstance(v, Tensor):
        if v._shape != () or v._dtype not in INDEX_DTYPES:
            raise TypeError(BAD_INDEX.format(v))
        return v
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise TypeError(BAD_INDEX.format(v))
    return int(v)


def dynamic_getitem(x: Tensor, key: tuple) -> Tensor | None:
    """`x[key]`, or None when no component of the key is a graph tensor. As TF's graph has
    it: the bounds a slice with tensors leaves out are Consts of their dtype and an index
    tensor's end `i + 1`, made first; then, in the scope "strided_slice", the three lists
    packed (stack, stack_1, stack_2: graph_vector's forms), cast to int64 when one is, and
    the StridedSlice named after the scope."""
    if not any(is_dynamic(k) for k in key):
        return None
    begin, end, strides, masks = key_vectors(key, tensors=True)
    with name_scope("strided_slice") as scope:
        vs = [_tf_vector(v, "stack") for v in (begin, end, strides)]
        if any(v._dtype is dt.int64 for v in vs):
            vs = [v if v._dtype is dt.int64 else cast(v, dt.int64) for v in vs]
        return _strided_slice_node(x, *vs, masks, scope)


def key_vectors(key: tuple, tensors: bool = False) -> tuple:
    """A key as TF's begin, end, strides (lists, entries maybe tensors) and masks; with
    `tensors`, the bounds as TF's `[]` makes them in a graph: a slice holding a tensor has
    Consts of its dtype (int64 over int32 over int16) for those left out, an index tensor
    the end `index + 1` (and a stride Const of its dtype when not int32)."""
    begin, end, strides = [], [], []
    masks = dict.fromkeys(_MASKS, 0)
    for i, k in enumerate(key):
        bit = 1 << i
        b, e, s = 0, 0, 1
        if k is None:
            masks["new_axis_mask"] |= bit
        elif k is Ellipsis:
            masks["ellipsis_mask"] |= bit
        elif isinstance(k, builtins.slice):
            parts = [None if p is None else _index(p) for p in (k.start, k.stop, k.step)]
            d = _slice_dtype(parts) if tensors else None
            for j, (p, unset) in enumerate(zip(parts, (0, 0, 1))):
                if p is None:
                    parts[j] = unset if d is None else graph_constant(unset, d)
            b, e, s = parts
            masks["begin_mask"] |= bit if k.start is None else 0
            masks["end_mask"] |= bit if k.stop is None else 0
        else:
            b = _index(k)
            masks["shrink_axis_mask"] |= bit  # (TF's end is the index's next)
            if tensors:
                e = b + 1
                if isinstance(b, Tensor) and b._dtype in (dt.int16, dt.int64):
                    s = graph_constant(1, b._dtype)
        begin.append(b)
        end.append(e)
        strides.append(s)
    return begin, end, strides, masks


def _slice_dtype(parts: list) -> Any:
    """The dtype TF's `[]` gives a slice's missing bounds: its tensors' widest."""
    ds = {p._dtype for p in parts if isinstance(p, Tensor)}
    return next((d for d in (dt.int64, dt.int32, dt.int16) if d in ds), None)


def is_mask_key(key: Any) -> bool:
    """Whether `t[key]` is a boolean mask: a bool array or tensor (TF reads a list of bools
    as a list of indices)."""
    return (isinstance(key, Tensor) and key._dtype is dt.bool) or (
        isinstance(key, np.ndarray) and key.dtype == bool)


def getitem(tensor: Any, key: Any) -> Any:
    x = _t(tensor)
    if key.__class__ is bool:  # (TF takes it for a mask, of no dimension)
        raise ValueError("mask cannot be scalar.")
    if is_mask_key(key):
        return boolean_mask(x, np.array(key) if isinstance(key, list) else key)
    if isinstance(key, list):
        key = tuple(key)  # TF reads a list of indices like a tuple: t[[0, 1]] == t[0, 1]
    if isinstance(key, np.ndarray) or (isinstance(key, Tensor) and key._shape):
        raise TypeError(BAD_INDEX.format(key))
    graph = _state.graph
    if graph is not None and graph.captures_eager and x.__class__ is EagerTensor and \
            id(x) not in graph.converted:
        # TF's `[]` captures an eager tensor before its op: by a name of TF's unique ids
        # (its key a constant or a tensor of the graph alike)
        x = graph.capture(x)
    try:
        spec = _normalize_key(key)
    except TypeError:  # graph tensors in the key (x[i] in a traced loop), else a bad key
        out = dynamic_getitem(x, key if isinstance(key, tuple) else (key,))
        if out is None:
            raise
        return out
    # (TF's `[]` opens the scope "strided_slice" even eagerly: its errors name it)
    return bind(STRIDED_SLICE, (x,), {"spec": spec},
                None if _state.graph is not None else "strided_slice/")


_STRIDED_INDEX = frozenset((dt.int16, dt.int32, dt.int64))


def _check_strided_args(begin: Any, end: Any, strides: Any) -> None:
    """TF's checks of StridedSlice's begin, end and strides given as tensors: their attr
    Index's dtypes, then one dimension each (strides left out: begin's shape)."""
    given = [v for v in (begin, end, strides) if v.__class__ is EagerTensor]
    if not given and isinstance(begin, (list, tuple)) and _state.graph is None:
        # none a tensor: TF's wrapper converts begin first (its dtype is Index's: an empty
        # list's float32 is refused), the others to it (strides: ones like begin)
        lead = convert_to_tensor(begin)
        given = [lead] + [convert_to_tensor(v, lead._dtype) for v in (end, strides)
                          if v is not None]
        strides = None if strides is None else given[-1]
        begin, end = given[:2]
    for v in given:
        if v._dtype not in _STRIDED_INDEX:
            raise C.not_supported("StridedSlice", v._dtype, _STRIDED_INDEX, "Index")
    lengths = {v._shape[0] for v in given if len(v._shape) == 1}
    if any(len(v._shape) != 1 for v in given) or (len(lengths) > 1 and _state.graph is None):
        shapes = [C.shape_str(v._shape) if v.__class__ is EagerTensor else
                  f"[{len(v) if isinstance(v, (list, tuple)) else ''}]" for v in
                  (begin, end, begin if strides is None else strides)]
        raise C.fail("StridedSlice", f"Expected begin, end, and strides to be 1D equal size "
                                     f"tensors, but got shapes {shapes[0]}, {shapes[1]}, and "
                                     f"{shapes[2]} instead.")


@dispatch_binding
@eager_api("input_", "begin", "end", "strides")
def strided_slice(input_: Any, begin: Any, end: Any, strides: Any = None, begin_mask: int = 0,
                  end_mask: int = 0, ellipsis_mask: int = 0, new_axis_mask: int = 0,
                  shrink_axis_mask: int = 0, var: Any = None, name: str | None = None) -> Any:
    """TF's strided slice (`var`, TF 1's way to make the slice assignable, is not used)."""
    # (the masks first, as int attrs: TF's fallback, which an attr its fast path does not
    # take sends the call to, converts them before the inputs; a float truncates)
    begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask = (
        AV.make_int(v, k) for k, v in (
            ("begin_mask", begin_mask), ("end_mask", end_mask), ("ellipsis_mask", ellipsis_mask),
            ("new_axis_mask", new_axis_mask), ("shrink_axis_mask", shrink_axis_mask)))
    if _state.graph is not None and (is_symbolic(begin) or is_symbolic(end) or
                                     is_symbolic(strides)):
        return dynamic_strided_slice(_t(input_), begin, end, strides, dict(
            begin_mask=begin_mask, end_mask=end_mask, ellipsis_mask=ellipsis_mask,
            new_axis_mask=new_axis_mask, shrink_axis_mask=shrink_axis_mask), name=name)
    if strides is None and getattr(begin, "_dtype", None) is dt.string:
        ones(begin._shape, dt.string)  # TF's strides: ones of begin's shape and dtype: refused
    _check_strided_args(begin, end, strides)
    # (TF converts each to a tensor: a None in one is conversion's error)
    begin, end = static_ints(begin, "begin", defined=True), static_ints(end, "end", defined=True)
    strides = static_ints(strides, "strides", defined=True) if strides is not None else \
        (1,) * len(begin)
    key = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << i
        if ellipsis_mask & bit:
            key.append(Ellipsis)
        elif new_axis_mask & bit:
            key.append(None)
        elif shrink_axis_mask & bit:
            key.append(b)
        else:
            key.append(builtins.slice(None if begin_mask & bit else b,
                                      None if end_mask & bit else e, s))
    if _state.graph is None:  # (one StridedSlice op, named as TF's function names it)
        return bind(STRIDED_SLICE, (_t(input_),), {"spec": _normalize_key(tuple(key))}, name)
    return getitem(input_, tuple(key))
