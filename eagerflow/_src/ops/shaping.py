"""Shape-rearranging ops: reverse, roll, reverse_sequence, and the composite meshgrid.

Sits in ops/ above array.py (padding is in padding.py, above slicing, its adjoint; repeat, a
gather, is in indexing.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OpError, UnimplementedError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import ones, reshape, static_ints
from eagerflow._src.ops.composite_dispatch import dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    Spec,
    as_int_tensor,
    check_runtime_arg,
    check_static,
    needs_runtime,
    runtime_ints,
    shape_arg,
)
from eagerflow._src.ops.eager_errors import decorate, eager_api, slow_inputs
from eagerflow._src.ops.math import negative
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, TFForm, register
from eagerflow._src.ops.wrapper_inputs import index_input, passed_raw

_rng = SampleRNG(6)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


# ---------------------------------------------------------------------------------------
# reverse, roll, reverse_sequence.
# ---------------------------------------------------------------------------------------

def _reverse_infer(x: Any, *dyn: Any, axes: tuple | None) -> list:
    """`axes` None: the input `dyn[0]`, known when the graph runs."""
    if dyn:
        check_runtime_arg("ReverseV2", dyn, "axis")
        return [(x._shape, x._dtype)]
    C.axis_given("ReverseV2", axes, dyn, "axes")
    if isinstance(axes, (int, np.integer)):  # (TF's axis input of one number)
        raise C.fail("ReverseV2", "'dims' must be 1-dimension, not 0")
    if x._shape and not (_state.graph is None and _returned_as_is(x._shape)):
        # (TF reverses a scalar, and eagerly an empty tensor, to itself, whatever the axes)
        r = len(x._shape)
        seen = set()
        for i, a in enumerate(axes):
            if not -r <= a < r:
                raise C.fail("ReverseV2", f"'axis'[{i}] = {a} is out of valid range [0, {r - 1}")
            if a % r in seen:
                raise C.fail("ReverseV2", f"axis {a % r} specified more than once.")
            seen.add(a % r)
    return [(x._shape, x._dtype)]


def _returned_as_is(shape: tuple | None) -> bool:
    """Whether ReverseV2's kernel gives its input back unread: a scalar, or no values."""
    return shape is not None and (shape == () or 0 in shape)


def _reverse_kernel(xp: Any, x: Any, *dyn: Any, axes: tuple | None) -> Any:
    if dyn:  # the run-time axes, checked as static ones are
        static, axes = axes, runtime_ints(dyn[0])
        check_static("ReverseV2", "axis", static, axes)
        _reverse_infer(Spec(x), axes=axes)
    return xp.flip(x, axes).copy() if axes and x.ndim and x.size else x


REVERSE = register(OpDef(
    "ReverseV2", _reverse_infer, _reverse_kernel,
    host_inputs=(1,),  # (axes given when they run: TF's HostMemory("axis"))
    grad=lambda n, g: [bind(REVERSE, (g,) + n.inputs[1:], dict(n.attrs))] +
    [None] * (len(n.inputs) - 1),
    reference=lambda x, *dyn, axes: _reverse_ref(x, tuple(dyn[0].tolist()) if dyn else axes),
    samples=lambda: [
        Sample((_f64(3, 4),), {"axes": (1,)}),
        Sample((_f64(2, 3, 2),), {"axes": (0, -1)}),
        # axes known when the graph runs
        Sample((_f64(2, 3, 2), np.array([-1, 1], np.int64)), {"axes": None},
               grad_inputs=(0,))],
    bad_samples=lambda: [BadSample((np.ones((2, 2)),), {"axes": (2,)}, InvalidArgumentError,
                                   "'axis'[0] = 2 is out of valid range [0, 1"),
                         BadSample((np.ones((2, 2)),), {"axes": (0, 0)}, InvalidArgumentError,
                                   "axis 0 specified more than once.")],
    tf=TFForm(names={"axes": "axis"}),
))


def _reverse_ref(x: np.ndarray, axes: tuple) -> np.ndarray:
    flipped = [a % x.ndim for a in axes]
    return np.array([x[tuple(x.shape[k] - 1 - p[k] if k in flipped else p[k]
                             for k in range(x.ndim))]
                     for p in np.ndindex(*x.shape)]).reshape(x.shape)


# TF's first version: a bool per dimension (an input, read on the host), the dimensions
# to reverse; a scalar is itself whatever the flags

def _reverse_v1_graph_shapes(x: Any, dims: Any) -> None:
    """TF's shape function's checks (a graph's ValueError): dims a vector, as many flags as
    the input has dims (a scalar too, which the kernel lets through), at most 8."""
    if dims._shape is not None and len(dims._shape) != 1:
        raise C.fail("Reverse", f"Shape must be rank 1 but is rank {len(dims._shape)}")
    n = None if dims._shape is None else dims._shape[0]
    if n is not None and x._shape is not None and len(x._shape) != n:
        raise C.fail("Reverse", f"Shape must be rank {n} but is rank {len(x._shape)}")
    if n is not None and n > 8:
        raise C.fail("Reverse", "reverse does not work on tensors with more than 8 dimensions")


def _reverse_v1_infer(x: Any, dims: Any) -> list:
    if dims._dtype is not dt.bool:
        raise C.wrong_input_dtype("Reverse", 1, dt.bool, dims._dtype)
    if _state.graph is not None:
        _reverse_v1_graph_shapes(x, dims)
        return [(x._shape, x._dtype)]
    if x._shape == ():
        return [(x._shape, x._dtype)]
    if dims._shape is not None and len(dims._shape) != 1:
        raise C.fail("Reverse", f"'dims' must be 1-dimension, not {len(dims._shape)}")
    if x._shape is not None and dims._shape is not None and dims._shape[0] is not None:
        if len(x._shape) != dims._shape[0]:
            raise C.fail("Reverse", f"'dims' must have the same number of values as 'input' has "
                                    f"dimensions. 'input' has {len(x._shape)}'dims' has "
                                    f"{dims._shape[0]} values")
        if len(x._shape) > 8:
            raise UnimplementedError(None, None, "reverse is not implemented for tensors of "
                                                 "rank > 8. [Op:Reverse]")
        if x._shape[0] == 0:
            raise C.fail("Reverse", "Invalid input first dimension. Found 0.")
    return [(x._shape, x._dtype)]


def _reverse_v1_kernel(xp: Any, x: Any, dims: Any) -> Any:
    flags = to_host(dims)
    _reverse_v1_infer(Spec(x), Spec(flags))
    return _reverse_kernel(xp, x, axes=tuple(np.flatnonzero(flags).tolist()) if x.ndim else ())


REVERSE_V1 = register(OpDef(
    "Reverse", _reverse_v1_infer, _reverse_v1_kernel,
    grad=lambda n, g: [bind(REVERSE_V1, (g, n.inputs[1]), {}), None],
    reference=lambda x, dims: _reverse_ref(x, tuple(np.flatnonzero(dims).tolist()))
    if x.ndim else x.copy(),
    samples=lambda: [
        Sample((_f64(3, 4), np.array([False, True])), grad_inputs=(0,)),
        Sample((_f64(2, 3, 2), np.array([True, False, True])), grad_inputs=(0,)),
        Sample((np.array([b"a", b"b"], object), np.array([True])), grad=False),
        Sample((np.float64(2.0), np.zeros(0, bool)), grad_inputs=(0,))],
    bad_samples=lambda: [
        BadSample((np.ones((2, 2)), np.array([True])), {}, InvalidArgumentError,
                  "'dims' must have the same number of values as 'input' has dimensions. "
                  "'input' has 2'dims' has 1 values"),
        BadSample((np.ones(2), np.array([[True]])), {}, InvalidArgumentError,
                  "'dims' must be 1-dimension, not 2"),
        BadSample((np.ones((1,) * 9), np.ones(9, bool)), {}, UnimplementedError,
                  "reverse is not implemented for tensors of rank > 8.")],
    host_inputs=(1,),
))


_TIDX_DIMS = ("ReverseV2", "Tidx", "'dims' must be 1-dimension, not {rank}", "vector")


@dispatchable
@slow_inputs("tensor", "axis")
def reverse(tensor: Any, axis: Any, name: str | None = None) -> Any:
    x = _t(tensor)
    if _state.graph is not None:
        if isinstance(axis, (int, np.integer)) or getattr(axis, "_shape", None) == ():
            raise C.fail("ReverseV2", _TIDX_DIMS[2].format(rank=0))
        if needs_runtime(axis):  # TF's axis input
            return bind(REVERSE, (x, as_int_tensor(axis, "axis")), {"axes": None}, name)
    # (eagerly TF's kernel gives a scalar or an empty tensor back before it reads the axes'
    # shape: only their type is checked then)
    dims = _TIDX_DIMS[:2] if _state.graph is None and _returned_as_is(x._shape) else \
        _TIDX_DIMS
    return bind(REVERSE, (x,), {"axes": static_ints(axis, "axis", dims, (tensor,))}, name)


def _roll_infer(x: Any, *dyn: Any, shift: tuple | None, axis: tuple | None) -> list:
    """`shift` or `axis` None: an input known when the graph runs (shift's first)."""
    runtime = (shift is None) + (axis is None)
    if len(dyn) != runtime:  # (a call bound by hand: TF's op always has both inputs)
        raise C.fail("Roll", f"expected {runtime} runtime shift and axis inputs (one for each "
                             f"attr that is None), got {len(dyn)}")
    if x._shape == ():  # (the kernel's first check)
        raise C.fail("Roll", "input must be 1-D or higher")
    for t in dyn:
        check_runtime_arg("Roll", (t,), "shift and axis", len(t._shape or ()))
        if t._shape is not None and len(t._shape) > 1:
            raise C.fail("Roll", "shift must be a scalar or a 1-D vector")
    if shift is None or axis is None:
        return [(x._shape, x._dtype)]
    if len(shift) != len(axis):
        raise C.fail("Roll", "shift and axis must have the same size")
    if x._shape is not None:
        r = len(x._shape)
        for a in AV.int32s(axis):
            if not -r <= a < r:  # (TF's kernel names a negative axis plus the rank)
                raise C.fail("Roll", f"axis {a + r if a < 0 else a} is out of range")
    return [(x._shape, x._dtype)]


def _roll_kernel(xp: Any, x: Any, *dyn: Any, shift: tuple | None,
                 axis: tuple | None) -> Any:
    if dyn:  # the run-time shift and axis, checked as static ones are
        it = iter(dyn)
        shift = runtime_ints(next(it)) if shift is None else shift
        axis = runtime_ints(next(it)) if axis is None else axis
        _roll_infer(Spec(x), shift=shift, axis=axis)
    return xp.roll(x, AV.int32s(shift), AV.int32s(axis)) if axis else x.copy()



def _roll_grad(n: Any, g: Any) -> list:
    shift, dyn = n.attrs["shift"], n.inputs[1:]
    if shift is None:  # rolled back by the negated run-time shift
        return [bind(ROLL, (g, negative(dyn[0])) + dyn[1:], n.attrs)] + [None] * len(dyn)
    return [bind(ROLL, (g,) + dyn, {**n.attrs, "shift": tuple(-s for s in shift)})] + \
        [None] * len(dyn)


ROLL = register(OpDef(
    "Roll", _roll_infer, _roll_kernel, grad=_roll_grad,
    reference=lambda x, shift, axis: _roll_ref(x, shift, axis),
    samples=lambda: [Sample((_f64(5),), {"shift": (2,), "axis": (0,)}),
                     Sample((_f64(3, 4),), {"shift": (1, -5), "axis": (0, 1)}),
                     Sample((_f64(3, 4),), {"shift": (1, 2), "axis": (1, 1)})],
    bad_samples=lambda: [
        BadSample((np.ones((2, 2)),), {"shift": (1,), "axis": (2,)},
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


_TSHIFT = ("Roll", "Tshift", "shift must be a scalar or a 1-D vector. Found: {shape}")
_TAXIS = ("Roll", "Taxis", "axis must be a scalar or a 1-D vector. Found: {shape}")


@dispatch_binding
@eager_api("input", "shift", "axis")
def roll(input: Any, shift: Any, axis: Any, name: str | None = None) -> Any:  # noqa: A002
    if _state.graph is None:
        x, s = _t(input), _roll_ints(shift, "shift", _TSHIFT)
        a = _roll_ints(axis, "axis", _TAXIS)
        # (TF's kernel, after the input's rank: equal shapes, a scalar no [1])
        if x._shape != () and _rank(shift) != _rank(axis):
            try:
                raise C.fail("Roll", "shift and axis must have the same size")
            except OpError as e:
                raise decorate(e, None, (), {}, _state.device, name) from None
        return bind(ROLL, (x,), {"shift": s, "axis": a}, name)
    (s, ds), (a, da) = shape_arg(shift, "shift", _TSHIFT), shape_arg(axis, "axis", _TAXIS)
    return bind(ROLL, (_t(input),) + ds + da, {"shift": None if ds else s,
                                               "axis": None if da else a}, name)


def _rank(value: Any) -> int:
    shape = getattr(value, "_shape", None)
    return len(shape) if shape is not None else np.ndim(value)


def _roll_ints(value: Any, what: str, attr: tuple) -> tuple:
    """Roll's shift or axis as ints: a NumPy value as TF's wrapper hands it on, of its own
    dtype (Tshift and Taxis have no default to cast it to: an int16 one refused)."""
    if isinstance(value, (np.ndarray, np.generic)):
        value = index_input("Roll", value, attr[1])
    return static_ints(value, what, attr)


def _reverse_seq_infer(x: Any, lengths: Any, seq_axis: int, batch_axis: int) -> list:
    C.check_dtype("ReverseSequence", lengths, C.INDEX, "Tlen")
    op = "ReverseSequence"
    # (TF's kernel's checks, in its order, batch_dim's first; its attrs keep TF 1's names
    # seq_dim, batch_dim, read as int32s)
    C.int32_attr(op, "batch_dim", (batch_axis,))
    C.int32_attr(op, "seq_dim", (seq_axis,))
    if batch_axis < 0:
        raise C.fail(op, f"Invalid batch_dim {batch_axis}")
    if seq_axis < 0:
        raise C.fail(op, f"Invalid seq_dim {seq_axis}")
    if lengths._shape is not None and len(lengths._shape) != 1:
        raise C.fail(op, f"seq_lengths must be 1-dim, not {len(lengths._shape)}")
    if seq_axis == batch_axis:
        raise C.fail(op, f"batch_dim == seq_dim == {seq_axis}")
    if x._shape is not None:
        r = len(x._shape)
        for what, a in (("seq_dim", seq_axis), ("batch_dim", batch_axis)):
            if a >= r:
                raise C.fail(op, f"{what} must be < input rank ( {a} vs. {r})")
        n, want = (lengths._shape or (None,))[0], x._shape[batch_axis]
        if n is not None and want is not None and n != want:
            raise C.fail(op, f"Length of seq_lengths != input.dims({batch_axis}), "
                             f"({n} vs. {want})")
    return [(x._shape, x._dtype)]


def _reverse_seq_kernel(xp: Any, x: Any, lengths: Any, seq_axis: int, batch_axis: int) -> Any:
    n = x.shape[seq_axis]
    if xp is np:  # (TF's CPU kernel checks the lengths; its GPU kernel reads none back)
        for i, s in enumerate(lengths):
            if s < 0 or s > n:
                raise InvalidArgumentError(
                    None, None, f"seq_lens({i}) {'<' if s < 0 else '>'} "
                                f"{'0' if s < 0 else f'input.dims({seq_axis})'}"
                                " [Op:ReverseSequence]")
    pos = xp.arange(n)[None, :]
    # (on a GPU, as TF's: a negative length reverses nothing; one past the sequence, whose
    # cells TF's kernel reads from beyond the row, reverses the whole row here)
    s = xp.minimum(lengths.astype(np.int64), n)[:, None]
    src = xp.where(pos < s, s - 1 - pos, pos)  # [batch, seq]: each cell's source
    moved = xp.moveaxis(x, (batch_axis, seq_axis), (0, 1))
    out = xp.take_along_axis(moved, src.reshape(src.shape + (1,) * (moved.ndim - 2)), axis=1)
    return xp.moveaxis(out, (0, 1), (batch_axis, seq_axis))


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
    samples=lambda: [
        Sample((_f64(2, 4), np.array([2, 3], np.int32)), {"seq_axis": 1, "batch_axis": 0},
               grad_inputs=(0,)),
        Sample((_f64(4, 3, 2), np.array([4, 0, 1], np.int64)),
               {"seq_axis": 0, "batch_axis": 1}, grad_inputs=(0,))],
    bad_samples=lambda: [BadSample((np.ones((2, 3)), np.array([4, 3], np.int32)),
                                   {"seq_axis": 1, "batch_axis": 0}, InvalidArgumentError,
                                   "seq_lens(0) > input.dims(1)", cpu_only=True)],
    tf=TFForm(names={"seq_axis": "seq_dim", "batch_axis": "batch_dim"}),
))


def _int_attr(value: Any, what: str) -> int:
    if C.is_graph_tensor(value):
        raise TypeError(f"Expected int for argument '{what}' not {value!r}.")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise TypeError(f"Expected int for argument '{what}' not {value!r}.") from None


def _past_int64(slow: bool) -> int:
    if not slow:
        raise OverflowError("int too big to convert")
    return -1


@dispatch_binding
@eager_api("input", "seq_lengths")
def reverse_sequence(input: Any, seq_lengths: Any, seq_axis: int | None = None,  # noqa: A002
                     batch_axis: int | None = None, name: str | None = None) -> Any:
    # TF's op wrapper takes its attrs seq_dim (required: None is refused) and batch_dim
    # (None: 0) with int(), before the inputs; the op refuses negative ones
    seq_axis, batch_axis = _int_attr(seq_axis, "seq_dim"), _int_attr(
        0 if batch_axis is None else batch_axis, "batch_dim")
    # (an int past int64: the fast path's OverflowError; a Python list input takes the slow
    # path, which hands the kernel the C conversion's -1)
    slow = passed_raw(input) or passed_raw(seq_lengths)
    seq_axis, batch_axis = (a if -2**63 <= a < 2**63 else _past_int64(slow)
                            for a in (seq_axis, batch_axis))
    x, lengths = _t(input), _t(seq_lengths)
    return bind(REVERSE_SEQUENCE, (x, lengths), {"seq_axis": seq_axis, "batch_axis": batch_axis},
                name)


# ---------------------------------------------------------------------------------------
# Composites: meshgrid.
# ---------------------------------------------------------------------------------------

def meshgrid(*args: Any, **kwargs: Any) -> list:
    """Coordinate grids; `indexing` is "xy" (Cartesian, the default) or "ij" (matrix)."""
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:  # (TF names the first)
        raise TypeError(f"'{next(iter(kwargs))}' is an invalid keyword argument for this "
                        "function")
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
    # (as TF multiplies them, by the operator: bools by logical_and, and another dtype by
    # its reflected product)
    return [o * full for o in outs]
