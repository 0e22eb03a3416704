"""Shape-rearranging ops: pad (constant and mirror), reverse, roll, reverse_sequence,
and the composites repeat and meshgrid.

Mirror padding has an adjoint op (MirrorPadGrad folds the padded border back onto
the input), so its gradients of any order are ops too.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import check_finite_size, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import (
    reshape,
    reshape_like,
    shape,
    stack,
    static_ints,
    tile,
    zeros,
)
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    as_int_tensor,
    check_runtime_arg,
    is_symbolic,
    partial_value,
    runtime_ints,
)
from eagerflow._src.ops.math import _t, multiply
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register

_rng = SampleRNG(6)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


# ---------------------------------------------------------------------------------------
# pad.
# ---------------------------------------------------------------------------------------

def _check_paddings_matrix(op: str, paddings: Any) -> None:
    """TF checks first that paddings is an [n, 2] matrix, whatever the input's rank."""
    rows = paddings if isinstance(paddings, (tuple, list)) else None
    if rows is not None and all(isinstance(r, (tuple, list)) and len(r) == 2 for r in rows):
        return
    if rows is None:
        shape: tuple = ()
    elif rows and isinstance(rows[0], (tuple, list)):
        shape = (len(rows), len(rows[0]))
    else:
        shape = (len(rows),)
    raise C.fail(op, f"paddings must be a matrix with 2 columns: {C.shape_str(shape)}")


def _pad_shape(op: str, x: Any, paddings: tuple, check_size: bool = True) -> tuple | None:
    _check_paddings_matrix(op, paddings)
    if x._shape is None:
        return None
    if len(paddings) != len(x._shape):
        raise C.fail(op, f"The first dimension of paddings must be the rank of inputs"
                         f"[{len(paddings)},2] {C.shape_str(x._shape)}")
    for lo, hi in paddings:
        if (lo is not None and lo < 0) or (hi is not None and hi < 0):
            raise C.fail(op, f"Paddings must be non-negative: {lo} {hi}")
    out = tuple(None if d is None or lo is None or hi is None else d + lo + hi
                for d, (lo, hi) in zip(x._shape, paddings))
    if check_size and None not in out:
        check_finite_size(op, out, x._dtype)
    return out


def _padv2_infer(x: Any, value: Any, *dyn: Any, paddings: tuple) -> list:
    if dyn:
        check_runtime_arg("PadV2", dyn, "paddings", rank=2)
    C.same_dtype("PadV2", (x, value), C.ALL)
    if value._shape not in ((), None):
        raise C.fail("PadV2", f"constant_values must be a scalar. Shape of constant_values: "
                              f"{C.shape_str(value._shape)}")
    return [(_pad_shape("PadV2", x, paddings), x._dtype)]


def _padv2_kernel(xp: Any, x: Any, value: Any, *dyn: Any, paddings: tuple) -> Any:
    if dyn:  # runtime paddings, checked as infer checks static ones
        flat = runtime_ints(dyn[0])
        paddings = tuple(zip(flat[::2], flat[1::2]))
        _pad_shape("PadV2", Spec(x), paddings)
    out = xp.full(tuple(d + lo + hi for d, (lo, hi) in zip(x.shape, paddings)), value,
                  dtype=x.dtype)
    out[tuple(slice(lo, lo + d) for d, (lo, _) in zip(x.shape, paddings))] = x
    return out


def _padv2_grad(n: Any, g: Any) -> list:
    from eagerflow._src.ops.array import getitem, shape

    if len(n.inputs) > 2:  # runtime paddings: the input's window starts at paddings[:, 0]
        from eagerflow._src.ops.slicing import slice as slice_op

        return [slice_op(g, n.inputs[2][:, 0], shape(n.inputs[0])), None, None]
    key = tuple(slice(lo, -hi if hi else None) for lo, hi in n.attrs["paddings"])
    return [getitem(g, key), None]


def _padv2_ref(x: np.ndarray, value: np.ndarray, paddings: tuple) -> np.ndarray:
    shape = tuple(d + lo + hi for d, (lo, hi) in zip(x.shape, paddings))
    out = np.empty(shape, dtype=x.dtype)
    for pos in np.ndindex(*shape):
        src = tuple(p - lo for p, (lo, _) in zip(pos, paddings))
        inside = all(0 <= s < d for s, d in zip(src, x.shape))
        out[pos] = x[src] if inside else value
    return out


PADV2 = register(OpDef(
    "PadV2", _padv2_infer, _padv2_kernel, grad=_padv2_grad, reference=_padv2_ref,
    samples=[Sample((_f64(2, 3), np.float64(0.0)), {"paddings": ((1, 0), (0, 2))},
                    grad_inputs=(0,)),
             Sample((_f64(3), np.float64(9.0)), {"paddings": ((2, 2),)}, grad_inputs=(0,)),
             Sample((np.array([[1, 2]], np.int32), np.int32(7)), {"paddings": ((0, 1), (1, 1))},
                    grad=False)],
    bad_samples=[BadSample((np.ones((2, 2)), np.float64(0)), {"paddings": ((1, 1),)},
                           InvalidArgumentError, "The first dimension of paddings must be the "
                                                 "rank of inputs[1,2] [2,2]"),
                 BadSample((np.ones((2, 2)), np.float64(0)), {"paddings": ((-1, 1), (0, 0))},
                           InvalidArgumentError, "Paddings must be non-negative: -1 1")],
))


def _mirror_infer(x: Any, paddings: tuple, mode: str, op: str = "MirrorPad") -> list:
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise C.fail(op, f"mode must be either REFLECT or SYMMETRIC, got {mode!r}")
    out = _pad_shape(op, x, paddings, check_size=False)  # the mirror bounds come first
    if x._shape is not None:
        off = 0 if mode == "SYMMETRIC" else 1
        for d, (lo, hi) in zip(x._shape, paddings):
            if d is None:
                continue
            if lo > d - off or hi > d - off:
                if mode == "SYMMETRIC":
                    raise C.fail(op, f"paddings must be no greater than the dimension "
                                     f"size: {lo}, {hi} greater than {d}")
                raise C.fail(op, f"paddings must be less than the dimension size: "
                                 f"{lo}, {hi} not less than {d}")
    if out is not None and None not in out:
        check_finite_size(op, out, x._dtype)
    return [(out, x._dtype)]


def _mirror_grad_infer(g: Any, like: Any, paddings: tuple, mode: str) -> list:
    """`like` and `paddings` must be a valid MirrorPad whose output has `g`'s shape."""
    C.check_dtype("MirrorPadGrad", g, C.NUMERIC)  # summed: no strings or bools
    [(padded, _)] = _mirror_infer(like, paddings, mode, "MirrorPadGrad")
    if not C.compatible(padded, g._shape):
        raise C.fail("MirrorPadGrad", f"gradient shape {C.shape_str(g._shape)} != padded shape "
                                      f"{C.shape_str(padded)}")
    return [(like._shape, g._dtype)]


def _mirror_kernel(xp: Any, x: Any, paddings: tuple, mode: str) -> Any:
    return xp.pad(x, paddings, mode="reflect" if mode == "REFLECT" else "symmetric")


def _mirror_source(n: int, lo: int, hi: int, mode: str) -> np.ndarray:
    """For each padded position along an axis, the input index it copies."""
    off = 1 if mode == "REFLECT" else 0
    before = [lo - i - 1 + off for i in range(lo)]  # position i < lo mirrors lo - i (- 1)
    after = [n - 1 - off - j for j in range(hi)]
    return np.array(before + list(range(n)) + after, dtype=np.int64)


def _mirror_grad_kernel(xp: Any, g: Any, like: Any, paddings: tuple, mode: str) -> Any:
    out = g
    for axis, (lo, hi) in enumerate(paddings):
        n = like.shape[axis]
        src = _mirror_source(n, lo, hi, mode)
        acc = xp.zeros(out.shape[:axis] + (n,) + out.shape[axis + 1:], dtype=g.dtype)
        np.add.at(np.moveaxis(acc, axis, 0), src, np.moveaxis(out, axis, 0))
        out = acc
    return out


def _mirror_ref(x: np.ndarray, paddings: tuple, mode: str) -> np.ndarray:
    srcs = [_mirror_source(d, lo, hi, mode) for d, (lo, hi) in zip(x.shape, paddings)]
    shape = tuple(len(s) for s in srcs)
    out = np.empty(shape, dtype=x.dtype)
    for pos in np.ndindex(*shape):
        out[pos] = x[tuple(int(s[p]) for s, p in zip(srcs, pos))]
    return out


MIRROR_PAD = register(OpDef(
    "MirrorPad", _mirror_infer, _mirror_kernel,
    grad=lambda n, g: [bind(MIRROR_PAD_GRAD, (g, n.inputs[0]), dict(n.attrs))],
    reference=_mirror_ref,
    samples=[Sample((_f64(3, 4),), {"paddings": ((1, 2), (2, 1)), "mode": "REFLECT"}),
             Sample((_f64(2, 3),), {"paddings": ((1, 1), (2, 3)), "mode": "SYMMETRIC"})],
    bad_samples=[BadSample((np.ones((2, 2)),), {"paddings": ((2, 0), (0, 0)),
                                                 "mode": "REFLECT"}, InvalidArgumentError,
                           "paddings must be less than the dimension size: 2, 0 not less "
                           "than 2"),
                 BadSample((np.ones((2, 2)),), {"paddings": ((3, 0), (0, 0)),
                                                 "mode": "SYMMETRIC"}, InvalidArgumentError,
                           "paddings must be no greater than the dimension size: 3, 0 greater "
                           "than 2")],
))

MIRROR_PAD_GRAD = register(OpDef(
    "MirrorPadGrad",  # the adjoint of MirrorPad: folds the border back onto the input
    _mirror_grad_infer, _mirror_grad_kernel,
    grad=lambda n, dy: [bind(MIRROR_PAD, (dy,), dict(n.attrs)), None],
    reference=lambda g, like, paddings, mode: _mirror_grad_ref(g, like, paddings, mode),
    samples=[Sample((_f64(6, 7), np.zeros((3, 4))), {"paddings": ((1, 2), (2, 1)),
                                                     "mode": "REFLECT"}, grad_inputs=(0,))],
    tf=TFForm(export=lambda n, b: b.node("MirrorPadGrad", [b.input(0), b.const(
        n.attrs["paddings"], dt.int32)], {"mode": n.attrs["mode"]}),
        load=lambda n: _mirror_grad_tf(n)),
))


def _mirror_grad_tf(n: Any) -> Any:
    """TF's MirrorPadGrad gives the paddings, not the input: zeros of its shape stand in."""
    paddings = n.const(1)
    if paddings is None:
        raise n.fail("eagerflow needs the paddings of MirrorPadGrad known at import")
    g = n.inputs[0]
    dims = shape(g)
    sizes = stack([dims[i] - int(lo) - int(hi) for i, (lo, hi) in enumerate(paddings)])
    like = zeros(sizes, g.dtype)
    return bind(MIRROR_PAD_GRAD, (g, like), {"paddings": tuple(map(tuple, paddings.tolist())),
                                              "mode": n.attrs["mode"]})


def _mirror_grad_ref(g: np.ndarray, like: np.ndarray, paddings: tuple, mode: str) -> np.ndarray:
    srcs = [_mirror_source(d, lo, hi, mode) for d, (lo, hi) in zip(like.shape, paddings)]
    out = np.zeros(like.shape, dtype=g.dtype)
    for pos in np.ndindex(*g.shape):
        out[tuple(int(s[p]) for s, p in zip(srcs, pos))] += g[pos]
    return out


def pad(tensor: Any, paddings: Any, mode: str = "CONSTANT", constant_values: Any = 0,
        name: str | None = None) -> Any:
    """Pads with a constant, or by mirroring (REFLECT excludes the edge, SYMMETRIC repeats it)."""
    x = _t(tensor)
    mode = C.string_arg(mode, "mode").upper()
    if mode not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
        raise ValueError(f'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", '
                         f'or "SYMMETRIC". Received `mode` = {mode}')
    if mode == "CONSTANT" and _state.graph is not None and is_symbolic(paddings):
        return _pad_runtime(x, paddings, constant_values)
    arr = np.asarray(paddings if not hasattr(paddings, "_arr") else paddings._arr)
    if arr.dtype.kind not in "iu" and arr.size:
        raise InvalidArgumentError(None, None, f"Value for attr 'Tpaddings' of "
                                               f"{dt.as_dtype(arr.dtype).name} is not in the list "
                                               "of allowed values: int32, int64 [Op:Pad]")
    if arr.ndim != 2 or arr.shape[-1] != 2:
        raise InvalidArgumentError(None, None, f"paddings must be a matrix with 2 columns: "
                                               f"{C.shape_str(arr.shape)} [Op:Pad]")
    pads = tuple((int(a), int(b)) for a, b in arr.reshape(-1, 2))
    if mode == "CONSTANT":
        return bind(PADV2, (x, _pad_value(x, constant_values)), {"paddings": pads})
    return bind(MIRROR_PAD, (x,), {"paddings": pads, "mode": mode})


def _pad_runtime(x: Any, paddings: Any, constant_values: Any) -> Any:
    """tf.pad in a graph with paddings known at run time: PadV2 takes them as an input."""
    t = as_int_tensor(paddings, "paddings")
    if t._shape is not None and (len(t._shape) != 2 or t._shape[1] not in (2, None)):
        raise ValueError(f"Shape must be rank 2 with 2 columns for 'paddings', got "
                         f"{C.shape_str(t._shape)}")
    rows = partial_value(t)
    rank = len(x._shape) if x._shape is not None else None
    if not isinstance(rows, list):
        rows = [None] * (rank or 0)
    pads = tuple(tuple(r) if isinstance(r, list) else (None, None) for r in rows)
    value = _pad_value(x, constant_values)
    if pads and all(None not in p for p in pads):  # folded: the static op
        return bind(PADV2, (x, value), {"paddings": pads})
    return bind(PADV2, (x, value, t), {"paddings": pads})


def _pad_value(x: Any, constant_values: Any) -> Any:
    if x._dtype is dt.string and isinstance(constant_values, int) and constant_values == 0:
        return convert_to_tensor(b"")
    return convert_to_tensor(constant_values, dtype_hint=x._dtype)


# ---------------------------------------------------------------------------------------
# expand_dims with an axis (or a rank) known only at run time.
# ---------------------------------------------------------------------------------------

def _expand_dims_infer(x: Any, axis: Any) -> list:
    if axis._dtype not in (dt.int32, dt.int64):
        raise C.fail("ExpandDims", f"Value for attr 'Tdim' of {axis._dtype.name} is not in the "
                                   "list of allowed values: int32, int64")
    if axis._shape is not None and C.num_elements(axis._shape) not in (None, 1):
        raise C.fail("ExpandDims", f"'dim' must be a tensor with a single value, got shape "
                                   f"{C.shape_str(axis._shape)}")
    a = partial_value(axis)
    a = a[0] if isinstance(a, list) and len(a) == 1 else a
    if x._shape is None or not isinstance(a, int):
        return [(None, x._dtype)]  # TF: unknown rank unless the axis folds
    r = len(x._shape)
    if not -r - 1 <= a <= r:
        raise C.fail("ExpandDims", f"Tried to expand dim index {a} for tensor with {r} "
                                   "dimensions.")
    a = a + r + 1 if a < 0 else a
    return [(tuple(x._shape[:a]) + (1,) + tuple(x._shape[a:]), x._dtype)]


def _expand_dims_kernel(xp: Any, x: Any, axis: Any) -> Any:
    a, r = int(np.asarray(axis).reshape(-1)[0]), x.ndim
    if not -r - 1 <= a <= r:
        raise C.fail("ExpandDims", f"Tried to expand dim index {a} for tensor with {r} "
                                   "dimensions.")
    return xp.expand_dims(x, a)


EXPAND_DIMS = register(OpDef(
    "ExpandDims", _expand_dims_infer, _expand_dims_kernel,
    grad=lambda n, g: [reshape_like(g, n.inputs[0]), None],
    reference=lambda x, axis: x.reshape(x.shape[:int(axis) % (x.ndim + 1)] + (1,) +
                                        x.shape[int(axis) % (x.ndim + 1):]),
    samples=[Sample((_f64(2, 3), np.int32(1)), grad_inputs=(0,)),
             Sample((_f64(2, 3), np.int32(-1)), grad_inputs=(0,))],
    bad_samples=[BadSample((np.ones((2, 3)), np.int32(4)), {}, InvalidArgumentError,
                           "Tried to expand dim index 4 for tensor with 2 dimensions.")],
))


def expand_dims_runtime(x: Any, axis: Any) -> Any:
    """ExpandDims with `axis` as an input: the graph reads it when it runs."""
    return bind(EXPAND_DIMS, (x, as_int_tensor(axis, "axis")), {})


# ---------------------------------------------------------------------------------------
# reverse, roll, reverse_sequence.
# ---------------------------------------------------------------------------------------

def _reverse_infer(x: Any, axes: tuple) -> list:
    if x._shape is not None:
        r = len(x._shape)
        seen = set()
        for i, a in enumerate(axes):
            if not -r <= a < r:
                raise C.fail("ReverseV2", f"'axis'[{i}] = {a} is out of valid range [0, {r - 1}")
            if a % r in seen:
                raise C.fail("ReverseV2", f"axis {a % r} specified more than once.")
            seen.add(a % r)
    return [(x._shape, x._dtype)]


REVERSE = register(OpDef(
    "ReverseV2", _reverse_infer, lambda xp, x, axes: xp.flip(x, axes).copy() if axes else x,
    grad=lambda n, g: [bind(REVERSE, (g,), dict(n.attrs))],
    reference=lambda x, axes: np.array([x[tuple(x.shape[k] - 1 - p[k] if k in
                                                [a % x.ndim for a in axes] else p[k]
                                                for k in range(x.ndim))]
                                        for p in np.ndindex(*x.shape)]).reshape(x.shape),
    samples=[Sample((_f64(3, 4),), {"axes": (1,)}), Sample((_f64(2, 3, 2),), {"axes": (0, -1)})],
    bad_samples=[BadSample((np.ones((2, 2)),), {"axes": (2,)}, InvalidArgumentError,
                           "'axis'[0] = 2 is out of valid range [0, 1"),
                 BadSample((np.ones((2, 2)),), {"axes": (0, 0)}, InvalidArgumentError,
                           "axis 0 specified more than once.")],
    tf=TFForm(names={"axes": "axis"}),
))


def reverse(tensor: Any, axis: Any, name: str | None = None) -> Any:
    x = _t(tensor)
    if isinstance(axis, (int, np.integer)) or (hasattr(axis, "_shape") and axis._shape == ()):
        raise InvalidArgumentError(None, None, "'dims' must be 1-dimension, not 0 [Op:ReverseV2]")
    return bind(REVERSE, (x,), {"axes": static_ints(axis, "axis")})


def _roll_infer(x: Any, shift: tuple, axis: tuple) -> list:
    if len(shift) != len(axis):
        raise C.fail("Roll", "shift and axis must have the same size")
    if x._shape is not None:
        r = len(x._shape)
        for a in axis:
            if not -r <= a < r:
                raise C.fail("Roll", f"axis {a} is out of range")
    return [(x._shape, x._dtype)]


ROLL = register(OpDef(
    "Roll", _roll_infer, lambda xp, x, shift, axis: xp.roll(x, shift, axis) if axis else x.copy(),
    grad=lambda n, g: [bind(ROLL, (g,), {"shift": tuple(-s for s in n.attrs["shift"]),
                                         "axis": n.attrs["axis"]})],
    reference=lambda x, shift, axis: _roll_ref(x, shift, axis),
    samples=[Sample((_f64(5),), {"shift": (2,), "axis": (0,)}),
             Sample((_f64(3, 4),), {"shift": (1, -5), "axis": (0, 1)}),
             Sample((_f64(3, 4),), {"shift": (1, 2), "axis": (1, 1)})],
    bad_samples=[BadSample((np.ones((2, 2)),), {"shift": (1,), "axis": (2,)},
                           InvalidArgumentError, "axis 2 is out of range"),
                 BadSample((np.ones(4),), {"shift": (1, 2), "axis": (0,)}, InvalidArgumentError,
                           "shift and axis must have the same size")],
))


def _roll_ref(x: np.ndarray, shift: tuple, axis: tuple) -> np.ndarray:
    total = [0] * x.ndim
    for s, a in zip(shift, axis):
        total[a % x.ndim] += s
    out = np.empty_like(x)
    for pos in np.ndindex(*x.shape):
        out[tuple((p + t) % d for p, t, d in zip(pos, total, x.shape))] = x[pos]
    return out


def roll(input: Any, shift: Any, axis: Any, name: str | None = None) -> Any:  # noqa: A002
    return bind(ROLL, (_t(input),), {"shift": static_ints(shift, "shift"),
                                     "axis": static_ints(axis, "axis")})


def _reverse_seq_infer(x: Any, lengths: Any, seq_axis: int, batch_axis: int) -> list:
    C.check_dtype("ReverseSequence", lengths, C.INDEX, "Tlen")
    if x._shape is not None:
        r = len(x._shape)
        if not 0 <= seq_axis < r or not 0 <= batch_axis < r or seq_axis == batch_axis:
            raise C.fail("ReverseSequence", f"Invalid seq_axis {seq_axis} or batch_axis "
                                            f"{batch_axis} for an input of rank {r}")
        if lengths._shape is not None and (len(lengths._shape) != 1 or
                                           lengths._shape[0] != x._shape[batch_axis]):
            got = lengths._shape[0] if lengths._shape else 0
            raise C.fail("ReverseSequence", f"Length of seq_lengths != input.dims("
                                            f"{batch_axis}), ({got} vs. {x._shape[batch_axis]})")
    return [(x._shape, x._dtype)]


def _reverse_seq_kernel(xp: Any, x: Any, lengths: Any, seq_axis: int, batch_axis: int) -> Any:
    n = x.shape[seq_axis]
    for i, s in enumerate(lengths):
        if s < 0 or s > n:
            raise InvalidArgumentError(None, None, f"seq_lens({i}) {'<' if s < 0 else '>'} "
                                                   f"{'0' if s < 0 else f'input.dims({seq_axis})'}"
                                                   " [Op:ReverseSequence]")
    pos = np.arange(n)[None, :]
    s = lengths.astype(np.int64)[:, None]
    src = np.where(pos < s, s - 1 - pos, pos)  # [batch, seq]: the source index of each cell
    moved = np.moveaxis(x, (batch_axis, seq_axis), (0, 1))
    out = np.take_along_axis(moved, src.reshape(src.shape + (1,) * (moved.ndim - 2)), axis=1)
    return np.moveaxis(out, (0, 1), (batch_axis, seq_axis))


def _reverse_seq_ref(x: np.ndarray, lengths: np.ndarray, seq_axis: int,
                     batch_axis: int) -> np.ndarray:
    out = x.copy()
    for pos in np.ndindex(*x.shape):
        s = int(lengths[pos[batch_axis]])
        if pos[seq_axis] < s:
            src = list(pos)
            src[seq_axis] = s - 1 - pos[seq_axis]
            out[pos] = x[tuple(src)]
    return out


REVERSE_SEQUENCE = register(OpDef(
    "ReverseSequence", _reverse_seq_infer, _reverse_seq_kernel,
    grad=lambda n, g: [bind(REVERSE_SEQUENCE, (g, n.inputs[1]), dict(n.attrs)), None],
    reference=_reverse_seq_ref,
    samples=[Sample((_f64(2, 4), np.array([2, 3], np.int32)), {"seq_axis": 1, "batch_axis": 0},
                    grad_inputs=(0,)),
             Sample((_f64(4, 3, 2), np.array([4, 0, 1], np.int64)),
                    {"seq_axis": 0, "batch_axis": 1}, grad_inputs=(0,))],
    bad_samples=[BadSample((np.ones((2, 3)), np.array([4, 3], np.int32)),
                           {"seq_axis": 1, "batch_axis": 0}, InvalidArgumentError,
                           "seq_lens(0) > input.dims(1)")],
    tf=TFForm(names={"seq_axis": "seq_dim", "batch_axis": "batch_dim"}),
))


def reverse_sequence(input: Any, seq_lengths: Any, seq_axis: int | None = None,  # noqa: A002
                     batch_axis: int | None = None, name: str | None = None) -> Any:
    x = _t(input)
    r = len(x._shape)
    # negative axes count from the end; out-of-range ones are left for the op to refuse
    seq_axis = 0 if seq_axis is None else C.int_arg(seq_axis, "seq_axis")
    batch_axis = 0 if batch_axis is None else C.int_arg(batch_axis, "batch_axis")
    seq_axis += r if -r <= seq_axis < 0 else 0
    batch_axis += r if -r <= batch_axis < 0 else 0
    lengths = _t(seq_lengths)
    if lengths._dtype not in C.INDEX:
        lengths = convert_to_tensor(seq_lengths, dtype=dt.int64)
    return bind(REVERSE_SEQUENCE, (x, lengths), {"seq_axis": seq_axis, "batch_axis": batch_axis})


# ---------------------------------------------------------------------------------------
# Composites: repeat, meshgrid.
# ---------------------------------------------------------------------------------------

def repeat(input: Any, repeats: Any, axis: Any = None, name: str | None = None) -> Any:  # noqa: A002
    """Repeats each element `repeats` times along `axis` (the flattened input when None)."""
    from eagerflow._src.ops.array import expand_dims
    from eagerflow._src.ops.indexing import gather

    x = _t(input)
    if axis is None:
        x, axis = reshape(x, [-1]), 0
    axis = C.int_arg(axis, "axis")
    r = len(x._shape)
    ax = C.norm_axis("Repeat", axis, r)
    reps = np.asarray(C.int_list(repeats, "repeats")).reshape(
        np.shape(getattr(repeats, "_arr", repeats)))
    if reps.ndim <= 1 and reps.size == 1:  # one count for every element
        k = int(reps.reshape(-1)[0])
        tiled = tile(expand_dims(x, ax + 1), [1] * (ax + 1) + [k] + [1] * (r - ax - 1))
        shape = list(x._shape)
        shape[ax] = shape[ax] * k if k >= 0 else -1
        return reshape(tiled, shape)
    if reps.ndim != 1 or reps.shape[0] != x._shape[ax]:
        raise ValueError(f"Dimensions {x._shape[ax]} and {reps.shape[0]} are not compatible")
    if (reps < 0).any():
        raise InvalidArgumentError(None, None, f"Expected repeats >= 0, but got {reps.tolist()} "
                                               "[Op:Repeat]")
    # the output's size before building its index: huge counts are refused, not allocated
    total = int(reps.astype(object).sum())
    out = tuple(x._shape[:ax]) + (total,) + tuple(x._shape[ax + 1:])
    check_finite_size("Repeat", out if None not in out else (total,), x._dtype)
    check_finite_size("Repeat", (total,), dt.int64)
    index = np.repeat(np.arange(x._shape[ax]), reps.astype(np.int64))
    return gather(x, convert_to_tensor(index.astype(np.int64)), axis=ax)


def meshgrid(*args: Any, **kwargs: Any) -> list:
    """Coordinate grids; `indexing` is "xy" (Cartesian, the default) or "ij" (matrix)."""
    from eagerflow._src.ops.array import ones

    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"Invalid keywords: {', '.join(kwargs)}")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Argument `indexing` parameter must be either 'xy' or 'ij', got "
                         f"'{indexing}'")
    xs = [reshape(_t(a), [-1]) for a in args]
    n = len(xs)
    if n == 0:
        return []
    sizes = [x._shape[0] for x in xs]
    outs = []
    for i, x in enumerate(xs):
        shape = [1] * n
        shape[i] = -1
        outs.append(reshape(x, shape))
    if indexing == "xy" and n > 1:
        outs = [reshape(o, [1, -1] + [1] * (n - 2)) if i == 0 else
                reshape(o, [-1, 1] + [1] * (n - 2)) if i == 1 else o for i, o in enumerate(outs)]
        sizes[0], sizes[1] = sizes[1], sizes[0]
    full = ones(sizes, dtype=xs[0]._dtype)
    return [multiply(o, full) for o in outs]
