"""Flat buffers for an eager Adam or SGD-with-momentum step: one update over all small
variables of a dtype.

Sits under optimizers.py (Adam and SGD call it) and over ops (the update is _FusedAdam's
or _FusedSGD's kernel). An eager train step of a small model spends more time calling
the update once per variable (a kernel and two or three assignments each) than
computing it; PyTorch's foreach/fused optimizers answer this by updating every
parameter at once, and so does this module. The small variables of one dtype (and their
slots: Adam's m and v, SGD's momentum) hold views of flat buffers; a step concatenates
the gradients, runs the update once over the buffers and points each variable and slot
at its slice of the new buffers.

The results are those of the per-variable path, bit for bit: the update is elementwise
(each element sees the same float operations in the same order), and the variable's new
value is computed as the per-variable path's assignment computes it (Adam's `assign_sub`
of the step; SGD's kernel gives the new value itself). On the CPU new buffers are made
every step, so values read earlier keep theirs, as with `assign`. On a device the update
writes last step's buffers in place where nothing but this module, the variables and the
slots refers to them or to their views (`_Layout.writable`: no tensor read from a
variable is alive, as TF's in-place updates of a buffer whose reference count is one);
the views then stay as they are, saving a slice and a reshape per variable and slot
every step (ResNet-50: 856 CuPy calls). Otherwise new buffers are made and sliced anew.
When some variable or slot was assigned from elsewhere since the last step (its array
is no longer the view this module left), the buffers are gathered afresh.
Large variables stay on the per-variable path: their kernels dwarf the call overhead,
and gathering them would add a copy.

On a GPU the same holds with launches for calls: the per-variable path launches a kernel
(and Adam's subtraction) per variable, plus the Python of its assignments; the flat path
two for the group (the gradients gathered by one concatenation, with zero gaps from a
buffer made once; the update, which for Adam subtracts the step too: _FusedAdamApply).
A GPU's kernels are cheap next to a launch far beyond the CPU's SMALL, so there a
variable is small up to DEVICE_SMALL.
"""

from __future__ import annotations

import itertools
import operator
import sys
import types
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.ops.nn_fused import (
    adam_apply_in_place,
    adam_step_in_place,
    fused_adam_apply,
    fused_sgd,
    sgd_in_place,
)
from eagerflow._src.ops.variables import Variable

# Variables of at most this many elements are updated together (their per-variable
# overhead, ~30 us, is then over a tenth of their kernel's time).
SMALL = 1 << 16
# On a device: up to this many times SMALL (4M elements: every variable of ResNet-50).
DEVICE_FACTOR = 64
# Each variable's slice starts at a multiple of this many elements (64-byte aligned for
# float32), so that kernels reading a variable see an aligned array as before.
ALIGN = 16


class _Layout:
    """Where each variable of a group lives in the flat buffers, and the views this
    module last gave the variables and their slots (to see whether they still hold)."""

    def __init__(self, variables: tuple, slots: tuple) -> None:
        self.variables = variables
        self.slots = slots  # (a tuple of slot variables per variable: Adam's (m, v))
        slices, shapes = [], []
        end = 0
        for v in variables:
            n = v._arr.size
            slices.append(slice(end, end + n))
            shapes.append(v._arr.shape)
            end += -(-n // ALIGN) * ALIGN
        self.size = end
        # each variable's slice of the buffers and its shape (the loops over them run as
        # C calls: they run every step, once per variable)
        self.slices, self.shapes = tuple(slices), tuple(shapes)
        first = variables[0]._arr
        self.array_type = first.__class__  # (NumPy's, or the variables' device's)
        # on a device: the array module, and the zeros that pad each variable's gradient
        # to its aligned slice, made once (None where the slice needs none), and which of
        # the interleaved (gradient, padding) pieces a gather concatenates
        self.xp = None if self.array_type is np.ndarray else D.lookup(variables[0]._device).xp
        self.gaps: tuple = ()
        self.keep: tuple = ()
        if self.xp is not None:
            zeros = self.xp.zeros(ALIGN, first.dtype)
            gaps = [-(s.stop - s.start) % ALIGN for s in slices]
            self.gaps = tuple(zeros[:gap] if gap else None for gap in gaps)
            self.keep = tuple(itertools.chain.from_iterable((True, bool(gap)) for gap in gaps))
        # the variables' and each slot's: the owners, the views last given them, the
        # flat buffers those are slices of (in that order: variables, then each slot)
        self.owners = (variables,) + tuple(zip(*slots))
        self.views: tuple | None = None
        self.buffers: tuple | None = None
        # where the update may write the buffers in place (a device's float32 or float64:
        # the in-place kernels', see nn_fused), each buffer's reference count when nothing
        # but the layout and its views' bases refers to it (set by install)
        self.in_place = self.xp is not None and first.dtype in _IN_PLACE_DTYPES
        self.buffer_refs: tuple = ()

    def current(self) -> tuple:
        """The flat buffers (variables', then each slot's): last step's when every array
        is still the view it was given, else gathered from the arrays as they are now."""
        if self.views is not None and self.unchanged():
            return self.buffers
        return tuple(self.gather([x._arr for x in owners]) for owners in self.owners)

    def unchanged(self) -> bool:
        """Whether every variable and slot still holds the view last given it (in C calls:
        this runs every step)."""
        return not any(any(map(operator.is_not, map(_ARR, owners), views))
                       for owners, views in zip(self.owners, self.views))

    def install(self, buffers: tuple) -> None:
        """Points every variable and slot at its slice of the new `buffers` (one per
        owner group, as `current` gives them)."""
        views = tuple(self.scatter(b) for b in buffers)
        for owners, arrays in zip(self.owners, views):
            any(map(setattr, owners, itertools.repeat("_arr"), arrays))  # (each x._arr = a)
        self.views, self.buffers = views, buffers
        if self.in_place:  # (CuPy's views refer to their buffer as `base`; some arrays not)
            self.buffer_refs = tuple(_BUFFER_REFS + sum(w.base is b for w in ws)
                                     for b, ws in zip(buffers, views))

    def writable(self, buffers: tuple) -> bool:
        """Whether the update may write `buffers` in place: they are the installed ones
        (so every variable and slot holds its view, as `current` found), of a dtype the
        in-place kernels take, and nothing else refers to a buffer or a view (no tensor
        read from a variable or slot, no view of one, is alive: measured by reference
        counts, in C calls, as variables.sole_holder measures a variable's array)."""
        return (self.in_place and buffers is self.buffers
                and all(map(operator.eq, _refcounts(buffers), self.buffer_refs))
                and all(all(map(operator.eq, _refcounts(views), itertools.repeat(_VIEW_REFS)))
                        for views in self.views))

    def gather(self, arrays: list) -> Any:
        flat = map(_FLATTENED, arrays)  # (each a.reshape(-1))
        if self.xp is not None:  # a device: one launch, not a fill and a copy per array
            pieces = list(itertools.compress(
                itertools.chain.from_iterable(zip(flat, self.gaps)), self.keep))
            # (one array needs no gathering: nothing writes into the buffers)
            return pieces[0] if len(pieces) == 1 else self.xp.concatenate(pieces)
        out = np.zeros(self.size, arrays[0].dtype)  # (the gaps stay zero: finite updates)
        any(map(out.__setitem__, self.slices, flat))  # (each out[lo:hi] = a.reshape(-1))
        return out

    def scatter(self, flat: Any) -> list:
        """Each variable's view of `flat`: flat[lo:hi].reshape(shape)."""
        return list(map(operator.call, map(getattr, map(flat.__getitem__, self.slices),
                                           itertools.repeat("reshape")), self.shapes))


_FLATTENED = operator.methodcaller("reshape", -1)
_IN_PLACE_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def _refcounts(arrays: Any) -> list:
    """sys.getrefcount of each of `arrays` (a tuple or list that holds them)."""
    return list(map(sys.getrefcount, arrays))


# _refcounts of an object held by nothing but its container: a buffer in the layout's
# tuple; and of one held by its container and one attribute: a view in the layout's list
# and a variable's `_arr` (this interpreter's counts, measured, not assumed)
_BUFFER_REFS = _refcounts((object(),))[0]


def _view_refs() -> int:
    held = types.SimpleNamespace(_arr=object())
    return _refcounts([held._arr])[0]


_VIEW_REFS = _view_refs()


def reusable(layouts: dict, grads: list, variables: list) -> _Layout | None:
    """Last step's layout when it serves this step as it is, else None (the per-variable
    checks below decide). It serves when it is the only group and holds exactly
    `variables`, in order, each variable and slot still holding the view this module left
    (so still a small plain CPU array of the group's dtype and shape, as `eligible` found
    it), none given a constraint since, no mixed-precision scope open, and each gradient a
    dense CPU tensor of its variable's dtype, shape and device: a step of a model whose
    variables all take the flat path then checks each variable in a few C calls."""
    if len(layouts) != 1 or kb.call_context.autocast is not None:
        return None
    (layout,) = layouts.values()
    if layout.views is None or len(variables) != len(layout.variables) or \
            any(map(operator.is_not, variables, layout.variables)) or not layout.unchanged():
        return None
    dtype, dev, at = variables[0]._dtype, variables[0]._device, layout.array_type
    if dev != _state.device:  # (the update runs where the ops run now)
        return None
    # (each variable's array is the view of its layout's shape, as `unchanged` found; the
    # checks of every gradient and variable run as C calls, one kind of check at a time)
    if not all(map(operator.is_, map(type, grads), itertools.repeat(EagerTensor))):
        return None
    if not (all(map(operator.is_, map(_DTYPE, grads), itertools.repeat(dtype)))
            and all(map(operator.eq, map(_DEVICE, grads), itertools.repeat(dev)))
            and all(map(operator.is_, map(type, map(_ARR, grads)), itertools.repeat(at)))
            and all(map(operator.eq, map(_SHAPE, grads), layout.shapes))
            and all(map(operator.is_, map(getattr, variables, itertools.repeat("constraint"),
                                          itertools.repeat(None)), itertools.repeat(None)))):
        return None
    return layout


_ARR = operator.attrgetter("_arr")
_DTYPE = operator.attrgetter("_dtype")
_DEVICE = operator.attrgetter("_device")
_SHAPE = operator.attrgetter("_arr.shape")


def eligible(v: Any, g: Any, slots: tuple) -> bool:
    """Whether `v` (with gradient `g` and its `slots`) can take the flat path: a
    small plain variable on the device ops run on now (the CPU, or a GPU) with a dense
    gradient of its own dtype, shape and device, no constraint, and plain slots like it."""
    a = v._arr
    at = a.__class__
    if not (v._device == _state.device and g.__class__ is EagerTensor
            and a.size <= (SMALL if at is np.ndarray else SMALL * DEVICE_FACTOR)
            and g._dtype is v._dtype and g._arr.__class__ is at
            and g._arr.shape == a.shape and g._device == v._device
            and type(v)._write is Variable._write and getattr(v, "constraint", None) is None
            and (getattr(v, "_autocast_to", None) is None or v._autocast_to() is None)):
        return False
    return all(_plain_like(s, v) for s in slots)


def _plain_like(s: Any, v: Any) -> bool:
    return (type(s)._write is Variable._write and s._arr.__class__ is v._arr.__class__
            and s._arr.shape == v._arr.shape and s._dtype is v._dtype
            and s._device == v._device)


def eager_cpu() -> bool:
    """Eager, on NumPy, with no tape recording (the flat path records nothing)."""
    st = _state
    return st.graph is None and st.xp is np and not st.tapes


def eager() -> bool:
    """Eager, on any device, with no tape recording: where the flat path may run."""
    st = _state
    return st.graph is None and not st.tapes


def flat_steps(layouts: dict, grads: list, variables: list, slots_of: Callable,
               update: Callable) -> tuple:
    """Runs `update(grads, layout, buffers)` once per dtype over the variables that can
    take the flat path, two or more (`slots_of(variable)` gives a variable's slots): their
    _Layout and its flat buffers as they are now (_Layout.current); returns the gradients
    and variables left for the per-variable path."""
    layout = reusable(layouts, grads, variables)
    if layout is not None:
        # last step's single group, unchanged (see reusable: its checks are current's and
        # _layout's, made once)
        update(grads, layout, layout.buffers)
        return [], []
    groups: dict = {}
    rest: tuple = ([], [])
    for g, v in zip(grads, variables):
        slots = slots_of(v)
        if eligible(v, g, slots):
            group = groups.setdefault(v._dtype, ([], [], []))
            for part, x in zip(group, (g, v, slots)):
                part.append(x)
        else:
            rest[0].append(g)
            rest[1].append(v)
    for gs, vs, slots in groups.values():
        if len(vs) == 1:  # alone, its gradient's gather would only add a copy
            rest[0].append(gs[0])
            rest[1].append(vs[0])
        else:
            layout = _layout(layouts, vs, tuple(slots))
            update(gs, layout, layout.current())
    return rest


def _layout(layouts: dict, variables: list, slots: tuple) -> _Layout:
    """The cached layout of `variables` and their `slots`, made anew when they changed."""
    key = variables[0]._dtype
    layout = layouts.get(key)
    if layout is None or len(layout.variables) != len(variables) or \
            any(map(operator.is_not, layout.variables, variables)) or \
            any(map(operator.is_not, itertools.chain.from_iterable(slots),
                    itertools.chain.from_iterable(layout.slots))):
        layout = layouts[key] = _Layout(tuple(variables), slots)
    return layout


def adam_update(grads: list, layout: _Layout, buffers: tuple, lr: Any, step: Any,
                alpha_of: Callable, beta_1: float, beta_2: float, epsilon: float) -> None:
    """One Adam step over the variables of `layout` (one dtype, all eligible) and their
    (m, v) slots, whose flat buffers are `buffers` (see flat_steps), of step size
    `alpha_of(lr, dtype)` (the variables' dtype); given the step count `step` (not None),
    the in-place update computes that step size from `lr` and `step` in its own launch
    where it can (as _AdamAlpha's kernel)."""
    key, dev = layout.variables[0]._dtype, layout.variables[0]._device
    g = layout.gather(list(map(_ARR, grads)))
    writable = layout.writable(buffers)  # (before anything else holds them)
    if writable and step is not None and _on(lr, key, dev) and _on(step, dt.int64, dev):
        adam_step_in_place(layout.xp, buffers[1], buffers[2], g, lr._arr, step._arr,
                           buffers[0], beta_1, beta_2, epsilon)
        return
    alpha = alpha_of(lr, layout.variables[0].dtype)
    if writable and _on(alpha, key, dev):
        adam_apply_in_place(layout.xp, buffers[1], buffers[2], g, alpha._arr, buffers[0],
                            beta_1, beta_2, epsilon)
        return
    var, m, v = buffers
    # (the new values subtract the step as assign_sub does, in the update's launch)
    m2, v2, var2 = fused_adam_apply(
        EagerTensor(m, key, dev), EagerTensor(v, key, dev), EagerTensor(g, key, dev), alpha,
        EagerTensor(var, key, dev), beta_1, beta_2, epsilon)
    layout.install((var2._arr, m2._arr, v2._arr))


def sgd_update(grads: list, layout: _Layout, buffers: tuple, lr: Any, momentum: float,
               nesterov: bool) -> None:
    """One step of SGD with momentum over the variables of `layout` (one dtype, all
    eligible) and their (momentum,) slots, whose flat buffers are `buffers` (see
    flat_steps): _FusedSGD's kernel over them."""
    key, dev = layout.variables[0]._dtype, layout.variables[0]._device
    g = layout.gather(list(map(_ARR, grads)))
    if layout.writable(buffers) and _on(lr, key, dev):  # (as adam_update)
        sgd_in_place(layout.xp, buffers[0], buffers[1], g, lr._arr, momentum, nesterov)
        return
    var, mom = buffers
    var2, mom2 = fused_sgd(EagerTensor(var, key, dev), EagerTensor(mom, key, dev),
                           EagerTensor(g, key, dev), lr, momentum, nesterov)
    layout.install((var2._arr, mom2._arr))


def _on(scalar: Any, dtype: Any, dev: str) -> bool:
    """Whether `scalar` (a step size) is a tensor of `dtype` on `dev`, as the in-place
    kernels take it (the op's path converts and copies any other, or refuses it)."""
    return type(scalar) is EagerTensor and scalar._dtype is dtype and scalar._device == dev
