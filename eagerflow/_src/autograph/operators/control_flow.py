"""Runtime: `if`, `while` and `for` statements of converted code.

Each statement dispatches on what its condition (or iterable) turns out to be:
  - a Python value: the block runs as plain Python would run it;
  - an eager tensor: what TF's converted code runs eagerly: an `if` a tf.cond (a bool
    scalar condition, what the statement sets defined by the branch taken), a `for` over
    it or a `while` whose first test (read in a throwaway graph) is one a tf.while_loop
    (each iteration's variables checked, the final values tensors);
  - a graph tensor, while a graph is being traced: tf.cond / tf.while_loop from
    `eagerflow._src.control_flow`, with the variables the block changes threaded
    through the op by `get_state()` / `set_state(values)`.

The graph forms check what TF's AutoGraph checks, with TF's messages: variables left
unset on one branch, `None` values, nested structures, dtypes and shapes that change
across an iteration.
"""

from __future__ import annotations

import math as math_lib
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.autograph.operators.variables import Undefined, UndefinedReturnValue
from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.control_flow.loops import while_loop
from eagerflow._src.control_flow.subgraph_ops import new_subgraph, trace
from eagerflow._src.control_flow.while_op import build_while
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import array, math
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.math_base import cast, identity
from eagerflow._src.ops.tensor_array import TensorArray

_LIMITATIONS = ("https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/"
                "autograph/g3doc/reference/limitations.md"
                "#consistency-of-control-flow-types")
_WHILE_CHANGED = (
    "The condition of while loop started as non-Tensor, then changed to Tensor. This may "
    "happen either because variables changed type, or when a break or return statement "
    "inside the loop depends on a Tensor condition. In both cases, changing to a TF loop "
    f"should remove the error.\nSee {_LIMITATIONS} for more info.")
_PY_FOR_TENSOR_TEST = (
    "break and return statements which depend on a TF condition are not supported in Python "
    f"for loops. Did you intend to make it a TF loop?\nSee {_LIMITATIONS} for more info.")
_RETURN_IN_LOOP = (
    "a return statement cannot be placed inside this TensorFlow loop; this may happen if a "
    "return statement depends on a static Python condition such as a hyperparameter")


class _Local(threading.local):
    def __init__(self) -> None:
        self.graph_branch_depth = 0  # > 0 while tracing a branch of a graph cond


_local = _Local()


def graph_tensor(x: Any) -> Any:
    """`x` as a graph tensor if it is one (variables read while tracing count), else None."""
    if isinstance(x, Tensor):
        return None if isinstance(x, EagerTensor) else x
    if _state.graph is not None and hasattr(type(x), "_as_tensor"):
        t = x._as_tensor()
        return None if isinstance(t, EagerTensor) else t
    return None


def is_tensor_array(x: Any) -> bool:
    return getattr(x, "_is_tensor_array", False) or (
        type(x).__name__ == "TensorArray" and hasattr(x, "stack"))


# ---------------------------------------------------------------------------------------
# if
# ---------------------------------------------------------------------------------------

def if_stmt(cond: Any, body: Callable, orelse: Callable, get_state: Callable,
            set_state: Callable, symbol_names: tuple, nouts: int) -> None:
    t = graph_tensor(cond)
    if t is not None:
        _tf_if_stmt(t, body, orelse, get_state, set_state, symbol_names, nouts)
    elif isinstance(cond, EagerTensor):
        _eager_if_stmt(cond, body, orelse, get_state, symbol_names, nouts)
    elif cond:
        body()
    else:
        orelse()


def _eager_if_stmt(cond: Any, body: Callable, orelse: Callable, get_state: Callable,
                   symbol_names: tuple, nouts: int) -> None:
    """An `if` on an eager tensor, as TF's converted code runs it: a tf.cond executed
    eagerly, whose condition must be a bool scalar and whose branch taken must define what
    the statement sets (the other branch does not run: no comparison of the two)."""
    if verify_tf_condition(cond, "if statement"):
        body()
        which = "main"
    else:
        orelse()
        which = "else"
    for v, name in zip(get_state()[:nouts], symbol_names[:nouts]):
        if isinstance(v, (Undefined, UndefinedReturnValue)):
            _check_branch_value(v, name, which)


def verify_tf_condition(cond: Any, tag: str) -> Any:
    """`cond` as the scalar bool tensor a graph `if`/`while` takes, checked as TF's
    AutoGraph checks it: a bool, of one element where its shape says (`[1, 1]`,
    `[None]`), reshaped to a scalar."""
    hint = "to check for None, use `is not None`"
    cond = convert_to_tensor(cond)
    if cond._dtype is not dt.bool:
        raise ValueError(f"condition of {tag} expected to be `tf.bool` scalar, got {cond}; to "
                         f"use as boolean Tensor, use `tf.cast`; {hint}")
    shape = cond._shape
    if shape == ():
        return cond
    if shape is not None and math_lib.prod([d for d in shape if d is not None]) > 1:
        raise ValueError(f"condition of {tag} expected to be `tf.bool` scalar, got {cond}; "
                         f"{hint}")
    return array.reshape(cond, ())


def _tf_if_stmt(pred: Any, body: Callable, orelse: Callable, get_state: Callable,
                set_state: Callable, symbol_names: tuple, nouts: int) -> None:
    pred = verify_tf_condition(pred, "if statement")
    init = get_state()
    results: dict[str, tuple] = {}
    names = symbol_names[:nouts]

    def branch(fn: Callable, which: str) -> Callable:
        def run() -> list:
            set_state(init)
            _local.graph_branch_depth += 1
            try:
                fn()
            finally:
                _local.graph_branch_depth -= 1
            values = get_state()[:nouts]
            for v, name in zip(values, names):
                _check_branch_value(v, name, which)
            values = tuple(_graph_values(v, name) for v, name in zip(values, names))
            results[which] = values
            if len(results) == 2:
                _verify_branches(results["main"], results["else"], names)
            return nest.flatten(values)
        return run

    out = cond(pred, branch(body, "main"), branch(orelse, "else"))
    packed = nest.pack_sequence_as(results["main"], _as_list(out))
    set_state(tuple(packed) + tuple(init[nouts:]))


def tf_cond_value(pred: Any, true_fn: Callable, false_fn: Callable, name: str) -> Any:
    """tf.cond over two lazily computed values (conditional expressions, and/or)."""
    results: dict[str, Any] = {}

    def branch(fn: Callable, which: str) -> Callable:
        def run() -> list:
            _local.graph_branch_depth += 1
            try:
                v = fn()
            finally:
                _local.graph_branch_depth -= 1
            _check_branch_value(v, name, which)
            v = _graph_values(v, name)
            results[which] = v
            if len(results) == 2:
                _verify_branches((results["main"],), (results["else"],), (name,))
            return nest.flatten(v)
        return run

    out = cond(pred, branch(true_fn, "main"), branch(false_fn, "else"))
    return nest.pack_sequence_as(results["main"], _as_list(out))


def _as_list(out: Any) -> list:
    if out is None:
        return []
    if isinstance(out, (list, tuple)):
        return list(out)
    return [out]


def _check_branch_value(v: Any, name: str, which: str) -> None:
    if isinstance(v, UndefinedReturnValue):
        raise ValueError(f"the {which} branch must also have a return statement.")
    if isinstance(v, Undefined):
        raise ValueError(f"'{name}' must also be initialized in the {which} branch")
    if v is None:
        raise ValueError(f"'{name}' is None at the end of the {which} branch.")


def _graph_value(v: Any, name: str) -> Any:
    if isinstance(v, Tensor) or is_tensor_array(v) or isinstance(v, CompositeTensor):
        return v  # (a composite, an Optional: a loop carries its components)
    if hasattr(type(v), "_as_tensor"):
        return v._as_tensor()
    try:
        return convert_to_tensor(v)
    except (TypeError, ValueError) as e:
        raise TypeError(f"'{name}' holds {v!r}, which can't be converted to a Tensor "
                        f"for a TensorFlow control flow statement: {e}") from None


def _graph_values(v: Any, name: str) -> Any:
    return nest.map_structure(lambda x: _graph_value(x, name), v)


def _verify_branches(main: tuple, other: tuple, names: tuple) -> None:
    for a, b, name in zip(main, other, names):
        try:
            nest.assert_same_structure(a, b, check_types=False)
        except (ValueError, TypeError) as e:
            raise TypeError(f"'{name}' must have the same nested structure in the main and "
                            f"else branches:\n\n{e}") from None
        for x, y in zip(nest.flatten(a), nest.flatten(b)):
            dx, dy = getattr(x, "dtype", None), getattr(y, "dtype", None)
            if dx is not None and dy is not None and dx != dy:
                raise TypeError(f"'{name}' has dtype {dx.name} in the main branch, but dtype "
                                f"{dy.name} in the else branch")


# ---------------------------------------------------------------------------------------
# while / for
# ---------------------------------------------------------------------------------------

def while_stmt(test: Callable, body: Callable, get_state: Callable, set_state: Callable,
               symbol_names: tuple, opts: dict) -> None:
    # The first test runs in a throwaway sub-graph, eagerly too (TF does the same): if it
    # turns out to be a tensor, the loop runs the test again as a TF loop's condition.
    cond = _discarded_trace(test)
    if _state.graph is None and _is_tensor_like(cond):
        _eager_tf_while(test, body, get_state, set_state, symbol_names, opts)
        return
    if graph_tensor(cond) is None:
        # Python's loop, the first condition reused so that it is evaluated exactly once
        # per iteration, as in the original.
        while True:
            if graph_tensor(cond) is not None:
                raise NotImplementedError(_WHILE_CHANGED)
            if not cond:
                return
            body()
            cond = test()
    _tf_loop(lambda: verify_tf_condition(test(), "while loop"), body, get_state, set_state,
             symbol_names, opts, None)


def for_stmt(iter_: Any, extra_test: Callable | None, body: Callable, get_state: Callable,
             set_state: Callable, symbol_names: tuple, opts: dict) -> None:
    t = graph_tensor(iter_)
    if t is None and _state.graph is not None and isinstance(iter_, EagerTensor):
        t = iter_  # (an eager tensor captured by a trace: TF's loop reads it by index too)
    if t is not None:
        if _is_graph_range(t):
            tf_loop(extra_test, body, get_state, set_state, symbol_names, opts,
                    _RangeSource(t, symbol_names, opts.get("iterate_names")))
            return
        _tf_loop(extra_test, body, get_state, set_state, symbol_names, opts, t)
        return
    if _state.graph is None and _eager_tensor(iter_) is not None:
        _eager_for(_eager_tensor(iter_), extra_test, body, get_state, set_state, symbol_names,
                   opts)
        return
    hook = getattr(type(iter_), "_ag_for_stmt", None)
    if hook is not None and _state.graph is not None:
        hook(iter_, extra_test, body, get_state, set_state, symbol_names, opts)
        return
    if extra_test is None:
        for x in iter_:
            body(x)
        return
    if not _py_test(extra_test()):
        return
    for x in iter_:
        body(x)
        if not _py_test(extra_test()):
            break


def _py_test(v: Any) -> Any:
    if graph_tensor(v) is not None:
        raise NotImplementedError(_PY_FOR_TENSOR_TEST)
    return v


class _CountingSource:
    """What a graph loop runs over: nothing (a `while`), or the rows of a tensor (`for`).

    The protocol (see also tf.data's loops over datasets, which implement it): `init()`
    gives the leading loop variables; `more(prefix)` the loop's own condition (or None);
    `step(prefix, body, ...)` runs one iteration and returns the next leading variables;
    `trial(body)` runs the body once for a trial iteration; `max_iterations` bounds the
    loop when it has no other test."""

    max_iterations: Any = None

    def __init__(self, iterated: Any = None) -> None:
        self._iterated = iterated
        self._elements = None
        if iterated is None:
            return
        if iterated.shape.rank == 0:  # (TF's len() of it, which asks its graph's Shape)
            raise ValueError("len requires a non-scalar tensor, got one of shape "
                             f"{array.shape(iterated)}")
        dim = iterated.shape[0] if iterated.shape.rank is not None else None
        n = dim if dim is not None else array.shape(iterated)[0]
        self.max_iterations = n
        # Element i of the iterated tensor, read with a tensor index inside the loop.

        known = isinstance(n, int)
        self._elements = TensorArray(iterated.dtype, size=n if known else 0,
                                     dynamic_size=not known, element_shape=iterated.shape[1:],
                                     clear_after_read=False).unstack(iterated)

    def init(self) -> list:
        return [convert_to_tensor(0)]

    def more(self, prefix: list) -> Any:
        if self._iterated is None:
            return None

        return math.less(prefix[0], self.max_iterations)

    def _run(self, i: Any, body: Callable) -> None:
        if self._iterated is None:
            body()
        else:
            body(self._elements.read(i))

    def step(self, prefix: list, body: Callable, get_state: Callable, set_state: Callable,
             symbol_names: tuple) -> list:
        self._run(prefix[0], body)
        return [prefix[0] + 1]  # (TF's operator: "while/add_1")

    def trial(self, body: Callable) -> None:
        self._run(convert_to_tensor(0), body)


def _is_graph_range(t: Any) -> bool:
    op = getattr(t, "op", None)
    return getattr(op, "type", None) == "Range" and op.graph is _state.graph


class _RangeSource:
    """What a graph `for` over `tf.range(start, limit, delta)` runs over, as TF's AutoGraph
    runs it: the iterate itself is the loop's first variable, from `start` by `delta`, so
    the range is never made (a loop over tf.range(10**9) holds one number, not a billion).

    Same protocol as _CountingSource. TF also computes the range's length (its loop bound
    under XLA only); those ops stay in the graph, unused, as in TF's."""

    def __init__(self, r: Any, symbol_names: tuple, iterate_names: str | None) -> None:
        self._start, self._limit, self._delta = r.op.inputs
        self.max_iterations = None
        self._range_len()
        # a loop variable first set by the loop itself enters it as `start`, as in TF
        self.initial = {iterate_names: self._start} if iterate_names in symbol_names else {}

    def _range_len(self) -> Any:
        # ceil((limit - start) / delta), at least 0, in TF's ops and names
        dist = self._limit - self._start
        whole = dist // self._delta
        part = cast(math.not_equal(dist % self._delta, array.zeros_like(whole)),
                         dist.dtype)
        n = whole + part
        return math.maximum(n, array.zeros_like(n))

    def init(self) -> list:
        return [self._start]

    def more(self, prefix: list) -> Any:
        i = prefix[0]
        delta = self._delta.op.attrs.get("value") if self._delta.op.type == "Const" else None
        if delta is not None:
            return math.less(i, self._limit) if delta >= 0 else math.greater(i, self._limit)
        return math.logical_or(
            math.logical_and(math.greater_equal(self._delta, 0), math.less(i, self._limit)),
            math.logical_and(math.less(self._delta, 0), math.greater(i, self._limit)))

    def step(self, prefix: list, body: Callable, get_state: Callable, set_state: Callable,
             symbol_names: tuple) -> list:
        body(prefix[0])
        return [prefix[0] + self._delta]

    def trial(self, body: Callable) -> None:
        body(self._start)


def _tf_loop(test: Callable | None, body: Callable, get_state: Callable,
             set_state: Callable, symbol_names: tuple, opts: dict, iterated: Any) -> None:
    """A graph while loop; `iterated` is the tensor a `for` loop runs over, else None."""
    tf_loop(test, body, get_state, set_state, symbol_names, opts, _CountingSource(iterated))


def tf_loop(test: Callable | None, body: Callable, get_state: Callable, set_state: Callable,
            symbol_names: tuple, opts: dict, source: Any) -> None:
    """A graph while loop over `source` (see _CountingSource), `test` its extra condition
    (a `while` test, or a `for` loop's break flag)."""
    init = list(get_state())
    initial = getattr(source, "initial", {})
    init = [initial[s] if s in initial and isinstance(v, Undefined) else v
            for v, s in zip(init, symbol_names)]
    for v in init:
        if isinstance(v, UndefinedReturnValue):
            raise NotImplementedError(_RETURN_IN_LOOP)

    # (None before the loop is, as for TF's AutoGraph, a variable the body will define)
    pending = [k for k, v in enumerate(init) if isinstance(v, Undefined) or v is None]
    if pending:
        init = _init_from_first_iteration(init, pending, symbol_names, get_state, set_state,
                                          source.trial, body)

    entry = [_loop_entry_value(v, s) for v, s in zip(init, symbol_names)]
    invariants = _shape_invariants(init, entry, opts)
    flat_entry = nest.flatten(entry, expand_composites=True)
    prefix0 = source.init()
    k = len(prefix0)
    # A variable the body defines needs one iteration at least: as TF's AutoGraph, the loop
    # carries a flag that an iteration ran (after the source's own variables), checked after
    ran = [convert_to_tensor(False)] if pending else []
    loop_vars = prefix0 + ran + flat_entry

    def unpack(vals: tuple) -> list:
        return nest.pack_sequence_as(entry, list(vals), expand_composites=True)

    def cond_fn(*vals: Any) -> Any:
        prefix, state = list(vals[:k]), vals[k + len(ran):]
        set_state(tuple(unpack(state)))
        more = source.more(prefix)
        if test is None:
            return more
        t = test()
        if graph_tensor(t) is None:
            t = convert_to_tensor(bool(t))
        return t if more is None else math.logical_and(more, t)

    def body_fn(*vals: Any) -> list:
        prefix, state = list(vals[:k]), vals[k + len(ran):]
        set_state(tuple(unpack(state)))
        nxt = source.step(prefix, body, get_state, set_state, symbol_names)
        new = list(get_state())
        out = []
        for before, after, name, inv in zip(entry, new, symbol_names, invariants):
            out.append(_verify_loop_var(before, after, name, inv))
        return list(nxt) + [convert_to_tensor(True)] * len(ran) + nest.flatten(
            out, expand_composites=True)

    kwargs = {}
    if opts.get("maximum_iterations") is not None:
        kwargs["maximum_iterations"] = opts["maximum_iterations"]
    elif source.max_iterations is not None and test is None:
        kwargs["maximum_iterations"] = source.max_iterations
    if opts.get("parallel_iterations") is not None:
        kwargs["parallel_iterations"] = opts["parallel_iterations"]
    if any(inv is not None for inv in nest.flatten(invariants)):
        flat_inv = [p.shape for p in prefix0 + ran] + [
            inv if inv is not None else getattr(v, "shape", None)
            for v, inv in zip(flat_entry, _flat_invariants(entry, invariants))]
        kwargs["shape_invariants"] = flat_inv
    if type(source) is _CountingSource and source._iterated is None:
        # a `while` statement's count of iterations is TF's own loop counter, and named so
        # (its placeholder "while/while/loop_counter", the loop's variables "while/Placeholder")
        if kwargs.get("parallel_iterations", 1) < 1:
            raise TypeError("'parallel_iterations' must be a positive integer.")
        final = build_while(cond_fn, body_fn, loop_vars, kwargs.get("shape_invariants"),
                            kwargs.get("maximum_iterations"), "while",
                            lead_names=("loop_counter",))
    else:
        final = while_loop(cond_fn, body_fn, loop_vars, **kwargs)
    final = _as_list(final)
    if ran:
        names = ", ".join(symbol_names[i] for i in pending)
        with control_dependencies([Assert(final[k], [
                f"loop must iterate at least once to initialize {names}"])]):
            final = final[:k + 1] + [identity(v) if isinstance(v, Tensor) else v
                                     for v in final[k + 1:]]
    set_state(tuple(unpack(final[k + len(ran):])))


def _init_from_first_iteration(init: list, pending: list, names: tuple, get_state: Callable,
                               set_state: Callable, trial: Callable, body: Callable) -> list:
    """Variables first set inside the loop take their type from a trial iteration, then
    start from zeros of that type, as TF's AutoGraph does."""
    # Lists are copied: the trial's appends must not reach the real loop's initial values.
    trial_state = tuple(list(v) if isinstance(v, list) else v for v in init)

    def run_trial() -> list:
        set_state(trial_state)
        trial(body)
        return list(get_state())

    try:
        first = _discarded_trace(run_trial)
    except (UnboundLocalError, TypeError, ValueError, KeyError) as e:
        # (as TF's AutoGraph: the variables are then refused as they stood before the loop,
        # an undefined one with what the trial ran into)
        set_state(tuple(init))
        k = pending[0]  # (the first of them is named)
        if init[k] is None:
            raise ValueError(f"'{names[k]}' is not allowed to be None before the loop") from None
        raise ValueError(f"'{names[k]}' must be defined before the loop\nNote: AutoGraph "
                         f"tried to define it automatically, but ran into a "
                         f"{type(e).__name__}: {e}") from None
    set_state(tuple(init))
    out = list(init)
    for k in pending:
        v, name = first[k], names[k]
        if (isinstance(v, (Undefined, UndefinedReturnValue)) or v is None) and init[k] is None:
            continue  # (still None: refused as None before the loop)
        if isinstance(v, (Undefined, UndefinedReturnValue)) or v is None:
            raise ValueError(f"'{name}' must be defined before the loop.")
        out[k] = nest.map_structure(lambda x: _zeros_like_spec(x, name), v)
    return out


def _zeros_like_spec(x: Any, name: str) -> Any:
    """Zeros with the dtype and shape of `x`, a value from the trial (another graph)."""
    if is_tensor_array(x):
        raise ValueError(f"'{name}' must be defined before the loop.")
    x = _graph_value(x, name)
    dims = [0 if d is None else d for d in (x.shape.as_list() if x.shape.rank is not None
                                            else [])]
    return array.zeros(dims, x.dtype)


def _discarded_trace(fn: Callable) -> Any:
    """Runs `fn` into a throwaway sub-graph, so that nothing it builds (stateful ops
    included) reaches the graph being traced."""
    return trace(fn, new_subgraph("autograph", "trial", scoped=False))


def _loop_entry_value(v: Any, name: str) -> Any:
    if v is None:
        raise ValueError(f"'{name}' is not allowed to be None before the loop")
    return _graph_values(v, name)


def _shape_invariants(init: list, entry: list, opts: dict) -> list:
    """Per loop variable: a structure of TensorShapes (or None) from set_loop_options."""
    pairs = opts.get("shape_invariants") or ()

    out = []
    for v, e in zip(init, entry):
        flat_v = nest.flatten(v)
        flat_e = nest.flatten(e)
        invs = []
        for orig in (flat_v if len(flat_v) == len(flat_e) else [None] * len(flat_e)):
            inv = None
            for var, shape in pairs:
                if var is orig or (hasattr(orig, "_as_tensor") and var is orig):
                    inv = TensorShape(shape)
            invs.append(inv)
        out.append(nest.pack_sequence_as(e, invs) if nest.is_nested(e) else invs[0])
    return out


def _flat_invariants(entry: list, invariants: list) -> list:
    out = []
    for e, inv in zip(entry, invariants):
        n = len(nest.flatten(e))
        out.extend(nest.flatten(inv) if nest.is_nested(inv) else [inv] * n)
    return out


def _verify_loop_var(before: Any, after: Any, name: str, invariant: Any) -> Any:
    if after is None:
        raise ValueError(f"'{name}' is None at the end of the iteration.")
    if isinstance(after, Undefined):
        raise ValueError(f"'{name}' must be defined before the loop.")
    if is_tensor_array(before):
        if isinstance(after, list):  # appended to as a Python list inside the graph loop
            for x in after:
                before = before.write(before.size(), x)
            return before
        return after
    try:
        nest.assert_same_structure(before, after, check_types=False)
    except (ValueError, TypeError) as e:
        raise TypeError(f"'{name}' does not have the same nested structure after one "
                        f"iteration.\n\n{e}") from None
    after = _graph_values(after, name)
    flat_before = nest.flatten(before, expand_composites=True)
    flat_inv = nest.flatten(invariant) if nest.is_nested(invariant) else \
        [invariant] * len(flat_before)
    for b, a, inv in zip(flat_before, nest.flatten(after, expand_composites=True), flat_inv):
        if not is_tensor_array(b):
            _check_iteration_leaf(name, b, a, inv if inv is not None else b.shape)
    return after


def _check_iteration_leaf(name: str, before: Any, after: Any, allowed: Any) -> None:
    """TF's checks of a loop variable's tensor after one iteration (graph or eager): the
    dtype it entered with, and a shape fitting `allowed` (None: no shape check here)."""
    if before.dtype != after.dtype:
        raise TypeError(f"'{name}' has dtype {before.dtype.name} before the loop, but dtype "
                        f"{after.dtype.name} after one iteration")
    if allowed is not None and not _is_subshape(after.shape, allowed):
        raise ValueError(
            f"'{name}' has shape {before.shape} before the loop, but shape {after.shape} "
            "after one iteration. Use tf.autograph.experimental.set_loop_options to set "
            "shape invariants.")


def _is_subshape(shape: Any, allowed: Any) -> bool:
    """Whether `shape` fits `allowed` (None dims of `allowed` admit anything)."""
    if allowed.rank is None:
        return True
    if shape.rank != allowed.rank:
        return False
    return all(b is None or a == b for a, b in zip(shape.as_list(), allowed.as_list()))


# ---------------------------------------------------------------------------------------
# while / for over eager tensors
# ---------------------------------------------------------------------------------------
# TF's converted code runs a `for` over an eager tensor, or a `while` whose first test (read
# in a throwaway graph) is a tensor, as a tf.while_loop executed eagerly: Python's loop over
# the body, each iteration's variables checked against those it started with (nested
# structure, dtype, shape), a variable the loop first sets defined by a trial iteration in
# a graph, the final values tensors.

_PY_SCALARS = (bool, int, float, str, np.ndarray)
_LEGAL_LOOP_TYPES = "Tensor, int, float, bool or a list, tuple or dict thereof"


def _is_tensor_like(x: Any) -> bool:
    return isinstance(x, Tensor) or hasattr(type(x), "_as_tensor")


def _eager_tensor(x: Any) -> Any:
    """`x` as an eager tensor (an eager variable's value), else None."""
    if isinstance(x, EagerTensor):
        return x
    if hasattr(type(x), "_as_tensor") and not isinstance(x, Tensor):
        t = x._as_tensor()
        return t if isinstance(t, EagerTensor) else None
    return None


def _eager_for(iter_: Any, extra_test: Callable | None, body: Callable,
               get_state: Callable, set_state: Callable, symbol_names: tuple,
               opts: dict) -> None:
    """A `for` over the rows of an eager tensor, read from a TensorArray by an index the
    loop carries first (named "<internal iterate>", as in TF's messages)."""
    if iter_._shape == ():
        raise ValueError("len requires a non-scalar tensor, got one of shape []")
    n = iter_._shape[0]
    rows = TensorArray(iter_.dtype, size=n).unstack(iter_)
    index = 0

    def aug_get_state() -> tuple:
        return (index,) + tuple(get_state())

    def aug_set_state(values: Any) -> None:
        nonlocal index
        index, *rest = values
        set_state(tuple(rest))

    def aug_body() -> None:
        nonlocal index
        body(rows.read(index))
        index += 1

    def aug_test() -> Any:
        more = index < n
        return more if extra_test is None else cond(more, extra_test, lambda: False)

    _eager_tf_while(aug_test, aug_body, aug_get_state, aug_set_state,
                    ("<internal iterate>",) + tuple(symbol_names), opts)


def _eager_tf_while(test: Callable, body: Callable, get_state: Callable,
                    set_state: Callable, symbol_names: tuple, opts: dict) -> None:
    init = tuple(get_state())
    nulls = [_is_null(v) for v in init]
    invariants = _eager_invariants(init, opts)
    first = any(nulls)  # (then the loop carries a flag that an iteration ran, first)
    if first:
        names = ", ".join("the function return value" if isinstance(v, UndefinedReturnValue)
                          else name for name, v, null in zip(symbol_names, init, nulls)
                          if null)
        init = _eager_defaults(body, get_state, set_state, init, nulls, symbol_names)
    lead = (False,) if first else ()

    def aug_test(*values: Any) -> Any:
        set_state(values[len(lead):])
        return verify_tf_condition(test(), "while loop")

    def aug_body(*values: Any) -> tuple:
        entry = values[len(lead):]
        set_state(entry)
        body()
        new = tuple(get_state())
        for args in zip(symbol_names, init, entry, new, invariants):
            _verify_eager_var(*args)
        return (True,) * len(lead) + new

    kwargs = {k: opts[k] for k in ("maximum_iterations", "parallel_iterations")
              if opts.get(k) is not None}
    final = list(while_loop(aug_test, aug_body, lead + init, **kwargs))
    if first:
        Assert(final[0], [f"loop must iterate at least once to initialize {names}"])
        final = final[1:]
    set_state(tuple(final))


def _is_null(v: Any) -> bool:
    return v is None or isinstance(v, (Undefined, UndefinedReturnValue))


def _eager_invariants(init: tuple, opts: dict) -> list:
    """The shape invariant set_loop_options gave each loop variable (None where none)."""
    pairs = opts.get("shape_invariants") or ()
    return [next((TensorShape(shape) for var, shape in pairs if var is v), None)
            for v in init]


def _eager_defaults(body: Callable, get_state: Callable, set_state: Callable, init: tuple,
                    nulls: list, names: tuple) -> tuple:
    """Initial values for the variables the loop first sets, read off a trial iteration
    staged in a throwaway graph (Python scalars entering it as placeholders), as TF's
    AutoGraph makes them: zeros of a tensor's dtype and shape, a Python number's zero."""
    first, note = None, None

    def trial() -> tuple:
        set_state(nest.map_structure(_trial_placeholder, init))
        body()
        return tuple(get_state())

    try:
        first = _discarded_trace(trial)
        init = tuple(nest.map_structure(_default_like, f) if null and not _is_null(f) else v
                     for v, f, null in zip(init, first, nulls))
    except (UnboundLocalError, TypeError, ValueError, KeyError) as e:
        note = ("Note: AutoGraph tried to define it automatically, but ran into a "
                f"{type(e).__name__}: {e}")
    finally:
        set_state(init)
    for name, v, f in zip(names, init, first or (None,) * len(init)):
        if isinstance(v, UndefinedReturnValue):
            if f:
                raise ValueError("the return value from a TensorFlow loop may only be a "
                                 f"{_LEGAL_LOOP_TYPES}; got {type(f)}")
            raise NotImplementedError(_RETURN_IN_LOOP)
        if v is None:
            raise ValueError(f"'{name}' is not allowed to be None before the loop")
        if isinstance(v, Undefined):
            raise ValueError(f"'{name}' must be defined before the loop" +
                             (f"\n{note}" if note else ""))
    return init


def _trial_placeholder(v: Any) -> Any:
    if isinstance(v, _PY_SCALARS + (np.generic,)):
        t = convert_to_tensor(v)
        return _state.graph.placeholder(t._shape, t._dtype, "Placeholder")
    return v


def _default_like(v: Any) -> Any:
    if isinstance(v, (bool, int, float)):
        return type(v)(0)
    if isinstance(v, Tensor):
        dims = () if v.shape.rank is None else [d or 0 for d in v.shape.as_list()]
        return array.zeros(dims, v.dtype)
    return v


def _verify_eager_var(name: str, init: Any, entry: Any, exit_: Any, invariant: Any) -> None:
    """What TF checks of a loop variable after each iteration run eagerly."""
    if exit_ is None:
        raise ValueError(f"'{name}' is None at the end of the iteration.")
    try:
        nest.assert_same_structure(entry, exit_, expand_composites=True)
    except (ValueError, TypeError) as e:
        raise TypeError(f"'{name}' does not have the same nested structure after one "
                        f"iteration.\n\n{e}") from None
    invs = [None] * len(nest.flatten(entry)) if invariant is None else [invariant]
    for i, a, b, inv in zip(nest.flatten(init), nest.flatten(entry), nest.flatten(exit_),
                            invs):
        _verify_eager_leaf(name, *(convert_to_tensor(x) if isinstance(x, _PY_SCALARS) else x
                                   for x in (i, a, b)), inv)


def _verify_eager_leaf(name: str, init: Any, entry: Any, exit_: Any, invariant: Any) -> None:
    if not (isinstance(entry, Tensor) and isinstance(exit_, Tensor)):
        return
    _check_iteration_leaf(name, entry, exit_, entry.shape if invariant is None else None)
    if invariant is None:
        return
    if not _is_subshape(init.shape, invariant):
        raise ValueError(f"'{name}' has shape {init.shape} before the loop, which does not "
                         f"conform with the shape invariant {invariant}.")
    if not _is_subshape(exit_.shape, invariant):
        raise ValueError(f"'{name}' has shape {exit_.shape} after one iteration, which does "
                         f"not conform with the shape invariant {invariant}.")
