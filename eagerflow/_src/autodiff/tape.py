"""tf.GradientTape: records the ops connected to watched tensors, then runs them backwards.

A tape tracks tensors (and variables) by identity. An op is recorded when one of
its inputs is tracked; its outputs then become tracked. Gradients are computed by
walking the recorded nodes in reverse and calling each OpDef's `grad`, which uses
public ops, so an outer tape records the backward pass (higher-order gradients).
The tape holds references to everything it recorded, so identities stay unique.
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import operator
from typing import Any, Iterator

import numpy as np

from eagerflow._src.autodiff.gradient_registry import USER_GRADIENTS, user_gradient
from eagerflow._src.autodiff.walk_order import _tape_order, _tf_order
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state, executing_eagerly
from eagerflow._src.core.dtypes import variant
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor, make_weak
from eagerflow._src.graph.ir import READ_VAR
from eagerflow._src.ops.array import concat, ones, reshape, shape, zeros
from eagerflow._src.ops.control_deps import tuple as tuple_
from eagerflow._src.ops.debugging import get_logger
from eagerflow._src.ops.dispatch import Node
from eagerflow._src.ops.indexed_slices import MADE as SLICES_MADE
from eagerflow._src.ops.indexed_slices import IndexedSlices, densify
from eagerflow._src.ops.math import add
from eagerflow._src.ops.math_base import IDENTITY, ONES_LIKE, add_n, cast, ones_like, zeros_like
from eagerflow._src.ops.registry import OpDef, note_filled_zeros
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tensor_list_grads import add_gradient_lists
from eagerflow._src.ops.variables import READ, ResourceVariable, Variable, variable_of

# The op a custom gradient's results pass through, on a tape that watches none of its
# arguments (see GradientTape._record)
_PASS_THROUGH = OpDef("Identity", lambda *specs: list(specs), lambda xp, *a: a,
                      grad=lambda node, *dys: list(dys))


_WARNED_INSIDE = [False]  # gradient() of a persistent tape inside its context, warned


class UnconnectedGradients(enum.Enum):
    NONE = "none"
    ZERO = "zero"


# variant: a TensorArray's flow, whose gradient is the list of its elements' gradients
_DIFFERENTIABLE = frozenset(d for d in dt._ALL if d.is_floating or d.is_complex) | {variant}


# ReadVariableOp's gradient (the identity), which _backward applies inline
_READ_GRAD = READ.grad
# gradient functions that hand their gradient on unchanged, so an IndexedSlices stays one
# through them (as TF's Identity); besides these, those of ops whose OpDef says grad_slices
# take one as it is, and every other one gets a dense gradient (_takes_slices)
_SPARSE_THROUGH = frozenset((READ.grad, READ_VAR.grad, IDENTITY.grad))
_ONE_NEEDED = (True,)
# getattr's and is_not's further arguments, mapped over a node's outputs or gradients
_DTYPE_ATTR = itertools.repeat("_dtype")
_GET_DTYPE = operator.attrgetter("_dtype")
_NONES = itertools.repeat(None)



def _is_weak(t: Any) -> bool:
    return getattr(t, "_weak", False)

def _differentiable(t: Any) -> bool:
    d = getattr(t, "_dtype", None)  # a tensor's or a variable's DType
    if d.__class__ is not dt.DType:
        d = dt.as_dtype(t.dtype)
    return d in _DIFFERENTIABLE


def _track(tracked: set, outputs: Any) -> None:
    """Adds the recorded op's outputs of differentiable dtypes to a tape's `tracked` ids."""
    if _DIFFERENTIABLE.issuperset(map(getattr, outputs, _DTYPE_ATTR, _NONES)):
        tracked.update(map(id, outputs))  # (every output's dtype differentiable, in C)
        return
    for o in outputs:
        if _differentiable(o):
            tracked.add(id(o))


def _accumulate(a: Any, b: Any) -> Any:
    """The sum of two gradients of one tensor: IndexedSlices concatenate (as TF's), a mix
    of sparse and dense is dense."""
    if a.__class__ is IndexedSlices or b.__class__ is IndexedSlices:
        if a.__class__ is b.__class__:  # the later-recorded use's rows last, as in TF
            return IndexedSlices(concat([b.values, a.values], 0),
                                 concat([b.indices, cast(a.indices, b.indices.dtype)], 0),
                                 b.dense_shape)
        return add(_dense(a), _dense(b))
    if a._dtype is variant:
        return add_gradient_lists(a, b)
    return add(a, b)


def _aggregate(gs: list) -> Any:
    """The sum of a tensor's gradients as TF makes it in a graph: one AddN of them all
    (IndexedSlices and TensorArray flows summed their own way)."""
    if len(gs) == 1:
        return gs[0]
    if all(g.__class__ is IndexedSlices for g in gs):  # their rows in turn, as TF's
        kinds = {g.indices.dtype for g in gs}
        return IndexedSlices(concat([g.values for g in gs], 0),
                             concat([g.indices if len(kinds) == 1 else
                                     cast(g.indices, dt.int64) for g in gs], 0),
                             gs[0].dense_shape)
    if all(g.__class__ is not IndexedSlices and g._dtype is not variant for g in gs):
        return add_n(gs)
    if all(g.__class__ is IndexedSlices or g._dtype is not variant for g in gs):
        if _state.graph is None:
            return add_n([_dense(g) for g in gs])
        # (TF's AddN converts the IndexedSlices inside its scope, each its "inputs_<i>")
        with name_scope("AddN") as scope:
            dense = [densify(g.values, g.indices, g.dense_shape, f"inputs_{i}")
                     if g.__class__ is IndexedSlices else g for i, g in enumerate(gs)]
        return add_n(dense, name=scope)
    out = gs[0]
    for g in gs[1:]:
        out = _accumulate(out, g)
    return out


def _takes_slices(op: Any, grad_fn: Any) -> bool:
    """Whether `grad_fn`, `op`'s gradient function, takes an IndexedSlices output gradient
    as it is (else the tape hands it the dense tensor)."""
    return grad_fn in _SPARSE_THROUGH or grad_fn is getattr(op, "grad", None) and \
        getattr(op, "grad_slices", False)


def _gated(dxs: Any) -> Any:
    """tf.gradients' gate_gradients: an op's input gradients, when more than one, each
    released once all are computed (TF's tuple: "tuple/control_dependency", ...)."""
    got = [g for g in dxs if g is not None]
    if len(got) < 2 or any(not isinstance(g, Tensor) for g in got):
        return dxs  # (IndexedSlices are not gated)
    return tuple_(list(dxs))


def _dense(g: Any) -> Any:
    """A gradient as a tensor, for a gradient function (which takes dense ones)."""
    return g._as_tensor() if g.__class__ is IndexedSlices else g


def _is_leaf(x: Any) -> bool:
    """A single tensor or variable (not a structure of them): the common argument."""
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor")


# The classes of the common sources and targets: each instance a leaf (_is_leaf), neither
# ragged nor weak, its own _variable_key, and its `_dtype` a DType (Keras's variable
# classes join them: plain_subclass)
_PLAIN_SOURCES = {EagerTensor, Variable, ResourceVariable}


def plain_subclass(cls: type, base: type) -> None:
    """Takes `cls`, a subclass of `base` that adds no view of another variable (Keras's
    variable class over a tf.Variable's), down the tape's fast paths where `base` goes."""
    if base in _PLAIN_SOURCES:
        _PLAIN_SOURCES.add(cls)


def _is_ragged(x: Any) -> bool:
    """A ragged tensor: watched, and differentiated by, its flat values (TF's gradient
    components of a RaggedTensor)."""
    return hasattr(x, "flat_values") and hasattr(x, "with_flat_values")


def _check_jacobian(tape: Any, target: Any, use_pfor: bool, what: str) -> None:
    """The refusals jacobian and batch_jacobian share, in TF's order: a used or unentered
    tape, a target without a shape, and an eager loop on a tape that is not persistent
    (TF runs a Jacobian without pfor as a loop of gradient calls, which eagerly needs a
    persistent tape; eagerflow's loop does not, but refuses as TF does)."""
    batch = what.startswith("batch_jacobian")
    if (tape._used and not tape._persistent) or not tape._entered:
        err = _reused()
        if batch:  # (TF's batch_jacobian words run "to" and "compute" together)
            err = RuntimeError(str(err).replace("used to compute", "used tocompute"))
        raise err
    if not hasattr(target, "shape") or isinstance(target, (list, tuple, dict)):
        raise _no_shape(target)
    if batch and target.shape.rank == 0:
        # (TF's batch_jacobian reads a scalar target's first dimension, out of its list)
        raise IndexError("list index out of range")
    if not use_pfor and not tape._persistent and executing_eagerly():
        raise RuntimeError(f"GradientTape must be created with persistent=True to compute the "
                           f"{what} experimental_use_pfor set to False.")


def _unconnected(value: Any) -> UnconnectedGradients:
    """`unconnected_gradients` as the enum (its value's string, 'none' or 'zero', accepted)."""
    if type(value) is UnconnectedGradients:
        return value
    try:
        return UnconnectedGradients(value)
    except ValueError:
        raise ValueError(f"Unknown value for unconnected_gradients: {value!r}") from None


def _refuse_sparse(x: Any) -> None:
    """A SparseTensor is neither a source nor a target (TF's composite gradients know
    none for it), as TF refuses it."""
    if isinstance(x, SparseTensor):
        raise ValueError("Type SparseTensor is not supported as a gradient source or "
                         "gradient target.")


def _not_differentiable(x: Any) -> Exception:
    """What TF raises for a gradient target or source that is neither a tensor, a variable
    nor a composite: its tape reads the object's dtype (None and strings fail as a DType,
    other objects as an attribute), then an array's tensor id."""
    if x is None or isinstance(x, str):
        return TypeError(f"Cannot convert the argument `type_value`: {x!r} to a TensorFlow "
                         "DType.")
    if isinstance(x, np.ndarray):
        return AttributeError("'numpy.ndarray' object has no attribute '_id'")
    return AttributeError(f"'{type(x).__name__}' object has no attribute 'dtype'")


def _no_shape(target: Any) -> AttributeError:
    """TF's jacobian reads `target.shape` before anything else."""
    return AttributeError(f"'{type(target).__name__}' object has no attribute 'shape'")


def _reused() -> RuntimeError:
    """TF's error for a second gradient/jacobian call on a non-persistent tape."""
    return RuntimeError("A non-persistent GradientTape can only be used to compute one set "
                        "of gradients (or jacobians)")


def _variable_key(x: Any) -> Any:
    """The object a tape tracks for `x`: an assignment's result (`v.assign(...)`: TF's
    _UnreadVariable, v's handle) for v, a Keras variable for its `.value`, else `x`."""
    x = getattr(x, "_unread_of", x)
    return getattr(x, "_keras_value_of", x)


def _listed(var: Any) -> Any:
    """How watched_variables lists `var`, a variable a tape watched: a Keras variable (or
    an assignment's result on one) as its `.value`, the tf.Variable TF's tapes see; any
    other as itself (an assignment's result as TF's 'UnreadVariable')."""
    key = _variable_key(var)
    return key.value if getattr(key, "_keras_variable", False) else var


def _handle_of(source: Any) -> Any:
    """The handle a source's gradient may reach: itself if a resource tensor (a function's
    handle argument), a variable's handle if made; else None."""
    if getattr(source, "_dtype", None) is dt.resource:
        return source
    return getattr(source, "__dict__", {}).get("_handle_tensor")


def _as_source(s: Any) -> Any:
    """The variable a source that is its handle (`v.handle`) names, else the source: TF's
    tape knows a variable by its handle, so a gradient with respect to either is one."""
    if getattr(s, "_dtype", None) is dt.resource and isinstance(s, Tensor):
        var = variable_of(s)
        if var is not None and var.__dict__.get("_handle_tensor") is s:
            return var
    return s


def _with_handle_grad(grads: dict, source: Any, g: Any) -> Any:
    """`g`, a variable source's gradient, plus what reached its handle (a function it was
    passed to reads it through the handle): TF's variable is its handle."""
    h = getattr(source, "__dict__", {}).get("_handle_tensor")  # (a variable's)
    hg = grads.get(id(h)) if h is not None else None
    if hg is None:
        return g
    return hg if g is None else add(g, hg)


class GradientTape:
    """Records operations for automatic differentiation."""

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True) -> None:
        self._persistent = persistent
        self._watch_accessed_variables = watch_accessed_variables
        self._reset_state()
        self._recording = False
        self._used = False
        self._entered = False  # TF's tape exists once entered: a gradient before is refused
        # tf.gradients' tape names each op's gradient as TF's ("gated": and gates them)
        self._grad_scopes: bool | str = False
        # a backward function's tape names each op's gradient as TF's backward function
        # does ("gradients/<the forward op>_grad/"), in the tape's order
        self._function_scopes = False

    def _reset_state(self) -> None:
        # ids of the watched tensors/variables and of the recorded ops' outputs, only those of
        # a dtype gradients flow through (an argmax's indices stay out, and with them the ops
        # that only they would connect: their gradients would skip such an input anyway)
        self._tracked: set = set()
        self._roots: set = set()       # ids of the watched tensors/variables alone (ditto)
        self._nodes: list = []         # recorded Nodes, in execution order
        self._keep: list = []          # references that keep the tracked ids unique
        self._watched_vars: dict = {}  # id -> variable, in watch order
        self._handle_grads = False     # a variable's handle is watched (tape.watch(v.handle))

    # -- context -----------------------------------------------------------------------
    def __enter__(self) -> GradientTape:
        self._push()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._recording:
            self._pop()

    def _push(self) -> None:
        if self._recording:
            raise ValueError("Tape is still recording, This can happen if you try to re-enter "
                             "an already-active tape.")
        _state.tapes.append(self)
        self._recording = True
        self._entered = True

    def _pop(self) -> None:
        _state.tapes.remove(self)
        self._recording = False

    @contextlib.contextmanager
    def stop_recording(self) -> Iterator[None]:
        """Temporarily stops recording operations on this tape."""
        if not self._entered or (self._used and not self._persistent):  # (no tape in TF)
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        if not self._recording:  # an exited tape, or one already stopped (TF's wording)
            raise ValueError("Tape is not recording.")
        self._pop()
        try:
            yield
        finally:
            self._push()

    def reset(self) -> None:
        """Clears everything recorded so far (the tape keeps recording)."""
        if not self._recording:  # (TF pops and pushes its tape: only a recording one)
            raise ValueError("Tape is not recording.")
        self._reset_state()
        self._used = False

    # -- watching ----------------------------------------------------------------------
    def watch(self, tensor: Any) -> None:
        flat = nest.flatten(tensor)
        for t in flat:
            # a Keras 3 variable is not a tf.Variable, and TF's tape refuses it (its
            # `.value` is the tf.Variable to watch); reading it still records
            if getattr(t, "_keras_variable", False):
                raise ValueError(f"Passed in object {t} of type {type(t).__name__!r}, not "
                                 "tf.Tensor or tf.Variable or ExtensionType.")
        self._watch(flat)

    def _watch(self, tensor: Any) -> None:
        """`watch` that also takes Keras variables (the package's own gradient plumbing)."""
        for t in nest.flatten(tensor):
            if _is_ragged(t):
                t = t.flat_values
            if hasattr(t, "_as_tensor") and hasattr(t, "assign"):  # a Variable
                self._watch_variable(t)
                continue
            var = variable_of(t) if getattr(t, "_dtype", None) is dt.resource else None
            if var is not None:
                # a variable's handle: its reads by handle are recorded for the variable;
                # as in TF, the variable is not listed among the watched ones
                if _differentiable(var):
                    self._tracked.add(id(var))
                    self._roots.add(id(var))
                    self._watch_handle(t)  # (a function may take the handle)
                self._keep.append(var)
                continue
            if not isinstance(t, Tensor) and hasattr(t, "_type_spec"):
                # another composite (a SparseTensor): its components watched, as TF's
                self._watch(t._type_spec._to_components(t))
                continue
            if not isinstance(t, Tensor):
                raise ValueError(f"Passed in object {t} of type {type(t).__name__!r}, not "
                                 "tf.Tensor or tf.Variable or ExtensionType.")
            if not _differentiable(t):
                get_logger().warning(
                    "The dtype of the watched tensor must be floating (e.g. tf.float32), got "
                    f"{t._dtype!r}")
            else:
                self._tracked.add(id(t))
                self._roots.add(id(t))
            self._keep.append(t)

    def _watch_variable(self, var: Any) -> None:
        # a Keras variable and its `.value` (the tf.Variable TF's tapes see) are one
        # variable, tracked as the Keras one (its reads name it) and listed as the value
        # (_listed); an assignment's result is its variable, listed as itself (TF's
        # 'UnreadVariable')
        plain = var.__class__ in _PLAIN_SOURCES  # (its own key, its `_dtype` a DType)
        key = var if plain else _variable_key(var)
        i = id(key)
        watched = self._watched_vars
        if i in watched:  # (every read of a watched variable comes here)
            return
        watched[i] = var  # (which keeps the variable, itself or through its view: i unique)
        if key._dtype in _DIFFERENTIABLE if plain else _differentiable(key):
            self._tracked.add(i)
            self._roots.add(i)

    def _watch_handle(self, h: Any) -> None:
        """Records what reads the variable through handle `h` (a function it is passed to:
        the gradient reaching `h` is the variable's)."""
        self._handle_grads = True
        self._tracked.add(id(h))
        self._roots.add(id(h))
        self._keep.append(h)

    def watched_variables(self) -> tuple:
        return tuple(map(_listed, self._watched_vars.values()))

    # -- recording (called by dispatch and Variable reads) ---------------------------
    def _record_op(self, op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> None:
        """_record(Node(op, inputs, outputs, attrs)), the Node made only where this tape
        keeps it (dispatch.record's call when this tape is the only one: every eager op
        under a tape comes here)."""
        tracked = self._tracked
        if tracked.isdisjoint(map(id, inputs)):
            return
        if op.shape_inputs or op.untracked_inputs:
            self._record(Node(op, inputs, outputs, attrs))
            return
        self._nodes.append(Node(op, inputs, outputs, attrs))
        # (the common case inline, not a call: every op a tape records passes here)
        if _DIFFERENTIABLE.issuperset(map(getattr, outputs, _DTYPE_ATTR, _NONES)):
            tracked.update(map(id, outputs))
        else:
            _track(tracked, outputs)

    def _record(self, node: Any) -> None:
        tracked = self._tracked
        if tracked.isdisjoint(map(id, node.inputs)):  # (in C: once per op under a tape)
            return
        # (inputs read for their shapes alone, TF's Shape, which no gradient crosses, and a
        # custom gradient's results don't record an op by themselves)
        skip = node.op.shape_inputs or node.op.untracked_inputs
        if skip and all(id(x) not in tracked for i, x in enumerate(node.inputs)
                        if i not in skip):
            if not node.op.untracked_inputs:
                return
            # a custom gradient whose arguments this tape doesn't watch: its results pass
            # through (TF copies them with Identity ops, which such a tape records)
            n = len(node.op.untracked_inputs)
            node = Node(_PASS_THROUGH, node.inputs[:n], node.outputs, {})
        self._nodes.append(node)
        _track(tracked, node.outputs)

    def _on_variable_read(self, var: Any) -> None:
        # (the flag the tf.Variable was made with, as TF's tape reads it: a Keras
        # variable's settable `trainable` is Keras's own)
        if self._watch_accessed_variables and var._trainable:
            self._watch_variable(var)

    def _record_read(self, var: Any, t: Any) -> None:
        """_on_variable_read(var) then _record of var's read, `t` (its tensor): a deep
        model reads hundreds of variables a step, each through here (the read's Node made
        only where this tape records it)."""
        i = id(var)
        tracked = self._tracked
        # (_trainable: as _on_variable_read reads it)
        if i not in self._watched_vars and self._watch_accessed_variables and var._trainable:
            if var.__class__ in _PLAIN_SOURCES:  # _watch_variable's plain case, inline:
                self._watched_vars[i] = var  # (each variable's first read of a step)
                if var._dtype in _DIFFERENTIABLE:
                    tracked.add(i)
                    self._roots.add(i)
            else:
                self._watch_variable(var)  # (a view's key is not its id: watched by its key)
        if i in tracked:
            self._nodes.append(Node(READ, (var,), (t,), {}))
            if t._dtype in _DIFFERENTIABLE:
                tracked.add(id(t))

    # -- gradients ---------------------------------------------------------------------
    def gradient(self, target: Any, sources: Any, output_gradients: Any = None,
                 unconnected_gradients: Any = UnconnectedGradients.NONE) -> Any:
        """d(target)/d(sources), shaped like `sources`."""
        if (self._used and not self._persistent) or not self._entered:
            raise _reused()
        if self._recording and self._persistent and not _WARNED_INSIDE[0]:
            _WARNED_INSIDE[0] = True  # (TF warns the first time only)
            get_logger().warning(
                "Calling GradientTape.gradient on a persistent tape inside its context is "
                "significantly less efficient than calling it outside the context (it causes "
                "the gradient ops to be recorded on the tape, leading to increased CPU and "
                "memory usage). Only call GradientTape.gradient inside the context if you "
                "actually want to trace the gradient in order to compute higher order "
                "derivatives.")
        if target is None:
            raise TypeError("Argument `target` should be a list or nested structure of Tensors, "
                            "Variables or CompositeTensors to be differentiated, but received "
                            "None.")
        unconnected = unconnected_gradients if unconnected_gradients.__class__ is \
            UnconnectedGradients else _unconnected(unconnected_gradients)
        # The common call: a tensor or variable, or a flat list or tuple of them
        # (model.trainable_variables), of the plain classes: none ragged, weak or Keras's,
        # so none needs the checks below, nor a nest walk.
        plain = type(sources) in _PLAIN_SOURCES or (
            type(sources) in (list, tuple) and _PLAIN_SOURCES.issuperset(map(type, sources)))
        single = type(sources) in _PLAIN_SOURCES or (
            not plain and (_is_leaf(sources) or _is_ragged(sources)))
        flat = not single and type(sources) in (list, tuple) and (
            plain or all(map(_is_leaf, sources)))
        flat_sources = [sources] if single else list(sources) if flat else nest.flatten(sources)
        if dt.resource in set(map(getattr, flat_sources, _DTYPE_ATTR, _NONES)):
            flat_sources = [_as_source(s) for s in flat_sources]
            plain = False  # (a handle's variable, of any class)
        raggeds = {} if plain else {i: s for i, s in enumerate(flat_sources) if _is_ragged(s)}
        if raggeds:  # differentiated by their flat values, the gradient made ragged again
            flat_sources = [s.flat_values if i in raggeds else s
                            for i, s in enumerate(flat_sources)]
        if not plain:
            for s in flat_sources:
                refusal = getattr(type(s), "_tape_source_refusal", None)
                if refusal is not None:  # (a source TF's tape cannot read: a Keras
                    raise refusal()  # weight over a ShardedVariable)
        if not flat:
            for s in flat_sources:
                _refuse_sparse(s)
                if not _is_leaf(s):
                    raise _not_differentiable(s) if not hasattr(s, "_type_spec") else \
                        ValueError(f"Passed in object {s} of type {type(s).__name__!r}, "
                                   "not tf.Tensor or tf.Variable or ExtensionType.")
        if type(target) in _PLAIN_SOURCES:
            targets = [target]
        else:
            targets = [target] if isinstance(target, Tensor) else nest.flatten(target)
            for t in targets:
                _refuse_sparse(t)
                if not (_is_leaf(t) or hasattr(t, "_type_spec")):
                    raise _not_differentiable(t)
        out_grads = None if output_gradients is None else nest.flatten(output_gradients)
        if not self._persistent:
            self._used = True
        pause = self._recording and not self._persistent  # its own backward pass unrecorded
        if pause:
            self._pop()
        try:
            grads = self._backward(targets, out_grads, flat_sources)
        finally:
            if pause:
                self._push()
        result = list(map(grads.get, map(id, flat_sources if plain else
                                         map(_variable_key, flat_sources))))
        if self._handle_grads:  # (a function given a watched variable's handle: summed in)
            result = [_with_handle_grad(grads, s, g) for s, g in zip(flat_sources, result)]
        if unconnected is UnconnectedGradients.ZERO:
            result = [zeros_like(s) if g is None else g for s, g in zip(flat_sources, result)]
        if not plain and any(map(_is_weak, flat_sources)):  # (weak: its gradient too, as TF's)
            result = [make_weak(g) if _is_weak(s) and isinstance(g, Tensor) else g
                      for s, g in zip(flat_sources, result)]
        for i, rt in raggeds.items():
            result[i] = None if result[i] is None else rt.with_flat_values(result[i])
        if not self._persistent:
            self._release()
        if single:
            return result[0]
        if flat:
            return result if type(sources) is list else tuple(result)
        return nest.pack_sequence_as(sources, result)

    def _release(self) -> None:
        """Drops the record of a used non-persistent tape (watched_variables() still answers)."""
        watched = self._watched_vars
        self._reset_state()
        self._watched_vars = watched

    @contextlib.contextmanager
    def _paused_unless_persistent(self) -> Iterator[None]:
        if self._recording and not self._persistent:
            self._pop()
            try:
                yield
            finally:
                self._push()
        else:
            yield

    def _backward(self, targets: list, out_grads: list | None, sources: list) -> dict:
        grads: dict = {}
        # In a graph, gradients are built as TF builds them: each tensor's kept apart and
        # summed by one AddN when its op's turn comes. tf.gradients also walks in TF's order,
        # builds every input's gradient and names them "<op>_grad"; a tape names them
        # "gradient_tape/<the op's scope>/"
        tracing = _state.graph is not None and not self._grad_scopes
        parts: dict | None = {} if self._grad_scopes or tracing else None
        targets = [t if isinstance(t, Tensor) or _is_leaf(t) else convert_to_tensor(t)
                   for t in targets] if parts is not None else targets
        for i, t in enumerate(targets):
            # a variable as the target is its own source (TF matches them by handle)
            key = id(t) if _is_leaf(t) else None
            t = convert_to_tensor(t) if not isinstance(t, Tensor) else t
            key = id(t) if key is None else key
            g = out_grads[i] if out_grads is not None and out_grads[i] is not None else \
                _filled(t, 1, tracing)
            if g.__class__ is not EagerTensor:  # (a tensor converts to itself)
                g = convert_to_tensor(g, dtype_hint=t._dtype)
            if parts is not None:
                parts.setdefault(key, []).append(g)
                continue
            grads[key] = g if key not in grads else add(grads[key], g)
        # Only nodes downstream of a source can contribute. `live`: the ids of the sources
        # and of what depends on them, of the dtypes gradients flow through (as tracked).
        if _PLAIN_SOURCES.issuperset(map(type, sources)):  # (each its own key, with a DType)
            live = set(map(id, itertools.compress(sources, map(
                _DIFFERENTIABLE.__contains__, map(_GET_DTYPE, sources)))))
        else:
            live = {id(_variable_key(s)) for s in sources if _differentiable(s)}
        if self._handle_grads:  # what reaches a source's handle (tape.watch(v.handle))
            live.update(id(h) for h in map(_handle_of, sources) if h is not None)
        if not self._grad_scopes:
            # a source this tape neither watched nor recorded the making of gets no
            # gradient (None, as TF's), though a recorded op read it (tf.gradients' own
            # tape, which recorded nothing, takes the graph's operations)
            live &= self._tracked
        roots = self._roots
        if roots and roots <= live:
            # Every watched tensor or variable is a source (the common call: gradients for
            # all the variables used), so every recorded node is downstream of one: the
            # walk below would keep them all, and live would be what the tape tracks.
            # (Nodes that tf.gradients sets on a tape of its own have no roots: walked.)
            relevant = list(self._nodes)  # (a copy: a persistent tape may record more)
            live |= self._tracked
        else:
            relevant = []
            for node in self._nodes:
                for x in node.inputs:
                    if id(x) in live:
                        relevant.append(node)
                        for o in node.outputs:
                            if _differentiable(o):
                                live.add(id(o))
                        break
        stops: frozenset = frozenset()
        scoped = self._grad_scopes
        if scoped:
            relevant, stops = _tf_order(self._nodes, relevant, targets, sources)
        elif tracing:
            relevant = _tape_order(self._nodes, relevant, targets)
        if parts is None:  # eagerly: each node's gradient function, the last node first
            _walk_eager(reversed(relevant), grads, live)
            return grads
        # In a graph: TF's order, each tensor's gradients summed when its op's turn comes
        for node in relevant:
            for o in node.outputs:
                got = parts.pop(id(o), None)
                if got is not None:
                    grads[id(o)] = _aggregate(got)
            if id(node) in stops:  # a source's op: its gradient is the result
                continue
            op = node.op
            grad_fn = _grad_fn(op)
            if grad_fn is None:
                continue
            outs = node.outputs
            if len(outs) == 1:
                g = grads.get(id(outs[0]))
                if g is None:
                    continue
                if grad_fn is _READ_GRAD:
                    i = id(node.inputs[0])
                    if i in live:
                        node.needs = _ONE_NEEDED
                        parts.setdefault(i, []).append(g)
                    continue
                if g.__class__ is IndexedSlices and not _takes_slices(op, grad_fn):
                    g = g._as_tensor()
                gs: Any = (g,)
            else:
                gs = _output_grads(op, outs, grads, tracing)
                if gs is None:
                    continue
            needs = tuple(map(live.__contains__, map(id, node.inputs)))
            # (TF's graph has every input's gradient: tf.gradients asks a node for them all)
            node.needs = (True,) * len(needs) if scoped else needs
            try:
                if scoped:  # tf.gradients: each op's under "<its name>_grad"
                    with name_scope(f"{node.name}_grad"), _after(op, gs):
                        dxs = grad_fn(node, *gs)
                        if scoped == "gated":
                            dxs = _gated(dxs)
                else:
                    with name_scope(_function_scope(node) if self._function_scopes else
                                    _tape_scope(node)), _after(op, gs):
                        dxs = grad_fn(node, *gs)
            except LookupError as e:  # an op without a gradient: tf.gradients names it
                e.node = node
                raise
            for x, g in itertools.compress(zip(node.inputs, dxs), needs):
                if g is not None:  # (summed when their tensor's op comes: above)
                    parts.setdefault(id(x), []).append(g)
        if parts:  # the sources' gradients not summed yet (no op of theirs was visited)
            for s in sources:
                got = parts.pop(id(_variable_key(s)), None)
                if got is not None:
                    grads[id(_variable_key(s))] = _aggregate(got)
        return grads

    def jacobian(self, target: Any, sources: Any, unconnected_gradients: Any =
                 UnconnectedGradients.NONE, parallel_iterations: Any = None,
                 experimental_use_pfor: bool = True) -> Any:
        """The full Jacobian: shape target.shape + source.shape for each source."""
        _check_jacobian(self, target, experimental_use_pfor,
                        "jacobian with eager execution enabled and with ")
        unconnected_gradients = _vectorized(unconnected_gradients, experimental_use_pfor,
                                            "jacobian")
        target = convert_to_tensor(target)
        flat_sources = nest.flatten(sources)
        n = 1
        for d in target._shape:
            n *= d
        rows: list = [[] for _ in flat_sources]
        with self._paused_unless_persistent():
            for i in range(n):
                # seeds shaped like the target: no reshape op that the tape (possibly no
                # longer recording) would have to have seen
                seed = _one_hot(n, i, target)
                grads = self._backward([target], [seed], flat_sources)
                for k, s in enumerate(flat_sources):
                    g = grads.get(id(_variable_key(s)))
                    rows[k].append(g if g is not None else None)
        if not self._persistent:
            self._used = True
        out = []
        for k, s in enumerate(flat_sources):
            s_shape = tuple(s.shape)
            if n == 0 or all(r is None for r in rows[k]):
                if unconnected_gradients == UnconnectedGradients.ZERO or n == 0:
                    out.append(zeros(tuple(target._shape) + s_shape, dtype=s.dtype))
                else:
                    out.append(None)
                continue
            filled = [r if r is not None else zeros_like(s) for r in rows[k]]
            out.append(reshape(stack(filled), tuple(target._shape) + s_shape))
        return nest.pack_sequence_as(sources, out)

    def batch_jacobian(self, target: Any, source: Any, unconnected_gradients: Any =
                       UnconnectedGradients.NONE, parallel_iterations: Any = None,
                       experimental_use_pfor: bool = True) -> Any:
        """Per-example Jacobians: shape [batch] + target.shape[1:] + source.shape[1:]."""
        _check_jacobian(self, target, experimental_use_pfor,
                        "batch_jacobian with eager execution enabled and  with")
        target = convert_to_tensor(target)
        target.shape.with_rank_at_least(2)
        if source is not None:
            source.shape.with_rank_at_least(2)
        _vectorized(unconnected_gradients, experimental_use_pfor, "batch_jacobian")
        b = target._shape[0]
        if source.shape[0] != b:
            raise ValueError(f"Need first dimension of target shape ({target.shape}) and source "
                             f"shape ({source.shape}) to match.")
        per = 1
        for d in target._shape[1:]:
            per *= d
        cols = []
        with self._paused_unless_persistent():
            for j in range(per):
                seed = _column_seed(b, per, j, target)
                grads = self._backward([target], [seed], [source])
                g = grads.get(id(_variable_key(source)))
                if g is None:  # TF fills unconnected batch jacobians with zeros either way
                    g = zeros_like(source)
                cols.append(g)
        if not self._persistent:
            self._used = True
        out = stack(cols, axis=1)
        return reshape(out, (b,) + tuple(target._shape[1:]) + tuple(source.shape[1:]))


def _vectorized(unconnected: Any, use_pfor: bool, what: str) -> UnconnectedGradients:
    """`unconnected` as the enum; a bad one fails as TF's vectorized Jacobian reports any
    failure of its gradient (a loop of gradient calls: the gradient's own error)."""
    try:
        return _unconnected(unconnected)
    except ValueError as e:
        if not use_pfor:
            raise
        raise ValueError(f"Encountered an exception while vectorizing the {what} computation. "
                         "Vectorization can be disabled by setting experimental_use_pfor to "
                         "False.") from e


def _grad_fn(op: Any) -> Any:
    """The gradient function of `op`: tf.RegisterGradient's where one replaces it."""
    if USER_GRADIENTS and op.name in USER_GRADIENTS:
        user = USER_GRADIENTS[op.name]
        return None if user is None else user_gradient(user)
    return op.grad


def _output_grads(op: Any, outs: tuple, grads: dict, tracing: bool) -> list | None:
    """The gradients reaching the outputs `outs` of a node of `op` of several outputs (a
    missing one zeros, or None where the op takes None), or None where none reaches."""
    gs = list(map(grads.get, map(id, outs)))
    got = list(map(operator.is_not, gs, _NONES))  # (in C, as the checks below)
    if not any(got):
        return None
    if IndexedSlices in map(type, gs) or not all(got) and not all(map(
            op.none_grads.__contains__,
            itertools.compress(itertools.count(), map(operator.not_, got)))):
        # (unless every gradient is dense and every missing one may stay None: a batch
        # normalization's statistics, in C)
        # (a TensorArray flow's missing gradient stays None: an empty list)
        none_ok = op.none_grads
        gs = [_dense(g) if g is not None or o._dtype is variant else
              None if i in none_ok else _filled(o, 0, tracing)
              for i, (g, o) in enumerate(zip(gs, outs))]
    return gs


def _walk_eager(nodes: Any, grads: dict, live: set) -> None:
    """The eager backward pass over `nodes` (last first): each node's gradient function
    called with its outputs' gradients in `grads` (keyed by id), its inputs' summed into
    `grads`, for the inputs in `live` (node.needs). Every kept node of a training step
    passes here: written for the commonest, one output and a variable's read."""
    get = grads.get
    for node in nodes:
        op = node.op
        grad_fn = op.grad if not USER_GRADIENTS else _grad_fn(op)
        if grad_fn is None:
            continue
        outs = node.outputs
        if len(outs) == 1:
            g = get(id(outs[0]))
            if g is None:
                continue
            if grad_fn is _READ_GRAD:
                # a variable read (one per variable a step uses): its gradient is the
                # output's, handed to the variable here without the general path's call,
                # zip and needs tuple
                i = id(node.inputs[0])
                if i in live:
                    node.needs = _ONE_NEEDED
                    grads[i] = _accumulate(grads[i], g) if i in grads else g
                continue
            if g.__class__ is IndexedSlices and not _takes_slices(op, grad_fn):
                g = g._as_tensor()
            gs: Any = (g,)
        else:
            gs = _output_grads(op, outs, grads, False)
            if gs is None:
                continue
        node.needs = needs = tuple(map(live.__contains__, map(id, node.inputs)))
        try:
            dxs = grad_fn(node, *gs)
        except LookupError as e:  # an op without a gradient (named by tf.gradients)
            e.node = node
            raise
        pairs = itertools.compress(zip(node.inputs, dxs), needs)
        if SLICES_MADE[0] and len(dxs) > 1 and IndexedSlices in map(type, dxs):
            # the last input's first, so that of a tensor taken twice, the rows of its
            # first use come first (each gradient is put before those summed so far), as TF's
            # (no gradient can be IndexedSlices before the process has made one)
            pairs = reversed(list(pairs))
        for x, g in pairs:
            if g is not None:
                i = id(x)
                grads[i] = _accumulate(grads[i], g) if i in grads else g


@contextlib.contextmanager
def _after(op: Any, gs: Any) -> Any:
    """In a graph, while `op`'s gradient function runs: its ops wait on the output
    gradients `gs` where TF's gradient function makes them under control_dependencies
    (OpDef.grad_after_grads; the graph leaves out those that take a gradient already)."""
    graph = _state.graph
    if not op.grad_after_grads or graph is None:
        yield
        return
    ops = [g._op for g in gs if g is not None and getattr(g, "_op", None) is not None
           and g._op.graph is graph]
    graph.push_control_dependencies(ops)
    try:
        yield
    finally:
        graph.pop_control_dependencies()


def _function_scope(node: Any) -> str:
    """The absolute name scope TF's backward function builds `node`'s gradient under:
    "gradients/<its op's name>_grad/"."""
    made = getattr(node.outputs[0], "op", None) if node.outputs else None
    return f"gradients/{made.name}_grad/" if made is not None else "gradients/"


def _tape_scope(node: Any) -> str:
    """The absolute name scope a tape builds `node`'s gradient under in a graph, as TF's:
    "gradient_tape/" and the scopes its op was made in ("gradient_tape/outer/mul_1/")."""
    made = getattr(node.outputs[0], "op", None) if node.outputs else None
    scopes = getattr(made, "scope", None)
    return "gradient_tape/" + "".join(s + "/" for s in scopes) if scopes else "gradient_tape/"


def _filled(t: Tensor, value: int, tape_names: bool = False) -> Tensor:
    """ones_like(t) (the default output gradient) or zeros_like(t) (that of an output no
    gradient reached); `tape_names`: in a graph, as a GradientTape makes them there (TF's
    ones or zeros of a static shape, else ones of its Shape or ZerosLike, each under its
    "_like" name). For an eager NumPy tensor it is made directly: no tape wants it
    (OnesLike and ZerosLike have no gradient), and it is a tenth of a tiny gradient's
    time when run as an op; so are the ones of a tensor on the scope's device (a loss's
    seed on a GPU: OnesLike's kernel, TF's one fill, without the op's dispatch)."""
    if type(t) is EagerTensor and type(t._arr) is np.ndarray and t._arr.dtype.kind in "fc":
        a = np.zeros(t._shape, t._arr.dtype) if value == 0 else np.empty(t._shape, t._arr.dtype)
        if value != 0:
            a.fill(1)  # (np.ones is this in Python code of NumPy's own: 1.7 us against 0.3)
        return EagerTensor(a, t._dtype, _state.device)  # where ones_like would put it
    if value != 0 and type(t) is EagerTensor and _state.xp is not np and \
            t._device == _state.device and t._arr.__class__ is _state.place.backend.array_type \
            and t._arr.dtype.kind in "fc":
        return EagerTensor(ONES_LIKE.kernel(_state.xp, t._arr), t._dtype, t._device)
    if value != 0 and type(t) is EagerTensor and t._dtype is variant:
        # (TF's eager tape converts the 1 to the target's dtype: a TensorMap's, a list's)
        raise TypeError("Cannot convert 1 to EagerTensor of dtype variant")
    # (on a device or in a trace, zeros a gradient function can tell apart unread). No tape
    # records them: TF makes them from the shape alone, so a recording outer tape never
    # sees them depend on `t` (which would connect a constant gradient to its sources)
    saved, _state.tapes = _state.tapes, []
    try:
        if tape_names and t.shape.is_fully_defined():
            made = (zeros if value == 0 else ones)(t.shape, t._dtype)
        elif tape_names and value != 0:
            with name_scope("ones_like") as scope:
                made = ones(shape(t, name="Shape"), t._dtype, name=scope)
        else:
            made = zeros_like(t) if value == 0 else ones_like(t)
        return note_filled_zeros(made) if value == 0 else made
    finally:
        _state.tapes = saved


def _one_hot(n: int, i: int, like: Tensor) -> Tensor:
    a = np.zeros((n,), dtype=like._dtype.as_numpy_dtype)
    a[i] = 1
    return EagerTensor(a.reshape(like._shape))


def _column_seed(b: int, per: int, j: int, like: Tensor) -> Tensor:
    a = np.zeros((b, per), dtype=like._dtype.as_numpy_dtype)
    a[:, j] = 1
    return EagerTensor(a.reshape(like._shape))

