"""tf.custom_gradient: a function whose gradient the user supplies.

The decorated function runs with every tape paused (its inner ops are not
recorded). Its results then pass through one "IdentityN" op whose inputs are the
results, the tensor arguments and the variables the function read, and whose
gradient calls the user's `grad_fn` (nothing flows back through the real ops).
Eagerly that op is recorded on the active tapes; while tracing it is an operation
of the graph, so the custom gradient also holds when the graph is differentiated
later (a tape outside a tf.function, a cond branch, a loop body).

Differentiating a graph replays it (graph/replay.py); `grad_fn` then still refers
to the tensors of the graph it was traced in. The replayed op carries the replay's
mapping, and while `grad_fn` runs, `ir.substituting` makes those old tensors stand
for their replayed values.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import os
from typing import Any, Callable

from eagerflow._src.autodiff.gradients import _NO_GRADIENT
from eagerflow._src.autodiff.tape import GradientTape, UnconnectedGradients
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.graph.captures import substituting
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math import sigmoid, square
from eagerflow._src.ops.math_base import identity, zeros_like
from eagerflow._src.ops.nn import SWISH
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import OpDef, TFForm


class _VariableRecorder:
    """A stand-in tape that only notes which variables were read."""

    def __init__(self) -> None:
        self.variables: dict = {}

    def _on_variable_read(self, var: Any) -> None:
        if var.trainable:
            self.variables.setdefault(id(var), var)

    def _record(self, node: Any) -> None:
        pass

    def _record_op(self, op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> None:
        pass

    def _record_read(self, var: Any, t: Any) -> None:
        self._on_variable_read(var)


def custom_gradient(f: Callable | None = None) -> Callable:
    """Decorator: `f(*x)` returns `(y, grad_fn)`; `grad_fn(*dy)` returns the input gradients
    (and, when `f` read variables, `grad_fn(*dy, variables=...)` returns them and theirs)."""
    if f is None:
        return custom_gradient

    @functools.wraps(f)
    def decorated(*args: Any, **kwargs: Any) -> Any:
        if kwargs and _state.graph is not None:
            raise ValueError("The custom_gradient decorator currently supports keywords "
                             "arguments only when eager execution is enabled.")
        inputs = [convert_to_tensor(a) for a in args]
        # the tapes record the function's own ops too, as TF's do: its results reach the
        # inputs only through the custom gradient, but a gradient reading the function's
        # intermediates is differentiated through them (a second order, by an outer tape)
        saved, recorder = _state.tapes, _VariableRecorder()
        _state.tapes = saved + [recorder]
        try:
            result, grad_fn = f(*inputs, **kwargs)
        finally:
            _state.tapes = saved
        variables = list(recorder.variables.values())
        if variables and not _accepts_variables(grad_fn):
            raise TypeError("@tf.custom_gradient grad_fn must accept keyword argument "
                            f"'variables', since function uses variables: {variables}")
        if _state.graph is None and not _state.tapes:
            return result
        flat = [convert_to_tensor(r) for r in nest.flatten(result)]
        if not flat:
            return result
        outs = bind_custom_gradient(flat, inputs, variables, grad_fn)
        return nest.pack_sequence_as(result, outs)

    return decorated


def grad_pass_through(f: Callable) -> Callable:
    """`f` whose gradient is the identity: the upstream gradients pass to its arguments
    unchanged (and nothing to the variables it reads), as if it were `tf.identity`."""

    @custom_gradient
    def passed(*args: Any, **kwargs: Any) -> tuple:
        def grad(*dys: Any, variables: Any = None) -> Any:
            return dys if variables is None else (dys, [None] * len(variables))
        return f(*args, **kwargs), grad

    return functools.wraps(f)(passed)


def bind_custom_gradient(results: list, inputs: list, variables: list,
                         grad_fn: Callable) -> list:
    """`results` passed through one op whose gradient is `grad_fn` (called as the
    decorator calls it) for `inputs` and `variables`."""
    op = _identity_n(grad_fn, [(t._shape, t._dtype) for t in results], len(inputs), variables)
    outs = bind(op, tuple(results) + tuple(inputs) + tuple(variables), {})
    return list(outs) if isinstance(outs, tuple) else [outs]


def _accepts_variables(grad_fn: Callable) -> bool:
    params = inspect.signature(grad_fn).parameters
    return "variables" in params or any(p.kind == p.VAR_KEYWORD for p in params.values())


def _identity_n(grad_fn: Callable, specs: list, n_inputs: int, variables: list,
                resolve: Callable | None = None) -> OpDef:
    """The op that stands for one call of a custom-gradient function.

    Inputs: the results, the arguments, the variables; outputs: the results. `resolve`
    maps tensors of the graph `grad_fn` was traced in to their values in a replay."""
    n_res = len(specs)

    def kernel(xp: Any, *arrays: Any) -> Any:
        return arrays[0] if n_res == 1 else tuple(arrays[:n_res])

    def grad(node: Any, *dys: Any) -> list:
        with substituting(resolve):
            in_grads, var_grads = _call_grad_fn(grad_fn, dys, n_inputs, variables)
        return [None] * n_res + in_grads + var_grads

    def replay(node: Any, args: tuple, saved: dict, skip_effects: bool, env: dict) -> Any:
        return bind(_identity_n(grad_fn, specs, n_inputs, variables,
                                _chain(resolve, node.graph, env)), args, {})

    # forward_identity: the simplify pass drops it from the forward pass
    return OpDef("IdentityN", lambda *ins: specs, kernel, grad=grad, num_outputs=n_res,
                 replay=replay, forward_identity=True, untracked_inputs=tuple(range(n_res)),
                 tf=TFForm(export=lambda n, b: _to_tf(n, b, grad_fn, n_res, n_inputs,
                                                      variables, resolve)))


def _to_tf(node: Any, b: Any, grad_fn: Callable, n_res: int, n_inputs: int,
           variables: list, resolve: Callable | None = None) -> list:
    """TF's form (tf.saved_model.save with experimental_custom_gradients): IdentityN of the
    results, arguments and variables, its `_gradient_op_type` naming a library function
    that takes a gradient for every output and returns those of the arguments and the
    variables (TF matches them to the node's last inputs)."""
    ins = [b.input(i) for i in range(len(node.inputs))]
    attrs = {}
    if b.library.in_gradient:
        attrs["_gradient_op_type"] = b.library.gradient_op_type()
    elif not b.library.custom_gradients:
        # (its op type stays, naming no saved gradient: TF's loader in another process
        # refuses to differentiate it; in this one the op type names the gradient that
        # tracing registered, as TF's process-wide gradient registry still holds it)
        attrs["_gradient_op_type"] = _register_in_process(grad_fn, n_res, n_inputs,
                                                          variables)
    else:
        def gradient(*dys: Any) -> list:
            with substituting(resolve):
                in_grads, var_grads = _call_grad_fn(grad_fn, dys[:n_res], n_inputs,
                                                    variables)
            return [g if g is not None else zeros_like(d)
                    for g, d in zip(list(in_grads) + list(var_grads), dys[n_res:])]

        attrs["_gradient_op_type"] = b.register_gradient(gradient, node.inputs, n_res)
    return b.node("IdentityN", [ins], attrs)[:n_res]


# Custom gradients saved without their functions (experimental_custom_gradients=False),
# by op type: a SavedModel loaded in the process that saved it still differentiates them,
# as TF's gradient registry keeps each "CustomGradient-<uid>" its tracing registered.
_IN_PROCESS: dict = {}
# (numbered from a random start, so that a file another process saved, whose op types
# this process never registered, names none of this process's gradients)
_UIDS = itertools.count(int.from_bytes(os.urandom(4), "little") << 16)


def _register_in_process(grad_fn: Callable, n_res: int, n_inputs: int,
                         variables: list) -> str:
    op_type = f"CustomGradient-{next(_UIDS)}"
    _IN_PROCESS[op_type] = (grad_fn, n_res, n_inputs, list(variables))
    return op_type


def _unsaved_gradient(n: Any, *gs: Any) -> list:
    entry = _IN_PROCESS.get(n.attrs.get("gradient_op_type"))
    if entry is None:
        raise LookupError(_NO_GRADIENT.format(n.attrs["node_name"], "IdentityN"))
    grad_fn, n_res, n_inputs, variables = entry
    in_grads, var_grads = _call_grad_fn(grad_fn, gs[:n_res], n_inputs, variables)
    return [None] * n_res + list(in_grads) + list(var_grads)


@functools.cache
def _unsaved_op(n: int) -> OpDef:
    """A loaded function's IdentityN of `n` inputs whose custom gradient was not saved
    (experimental_custom_gradients=False): it passes its inputs on, and differentiating it
    fails as TF's loader makes it fail (unless this process traced it: `_IN_PROCESS`);
    saved again, it is such an IdentityN once more, its op type kept."""
    return OpDef(
        "IdentityN", lambda *xs, node_name, gradient_op_type=None:
        [(x._shape, x._dtype) for x in xs],
        lambda xp, *xs, node_name, gradient_op_type=None: xs if n > 1 else xs[0],
        grad=_unsaved_gradient,
        num_outputs=n, tf=TFForm(export=lambda node, b: b.node(
            "IdentityN", [[b.input(i) for i in range(n)]],
            {"_gradient_op_type": node.attrs.get("gradient_op_type")
             or b.library.gradient_op_type()})[:n]))


def unsaved_gradient(xs: list, node_name: str, gradient_op_type: str | None = None) -> list:
    """`xs` through an IdentityN whose gradient was not saved (`node_name`: the loaded
    node's, for the error; `gradient_op_type`: its op type, naming the gradient where this
    process traced it)."""
    out = bind(_unsaved_op(len(xs)), tuple(xs),
               {"node_name": node_name, "gradient_op_type": gradient_op_type})
    return list(out) if len(xs) > 1 else [out]


def _call_grad_fn(grad_fn: Callable, dys: tuple, n_inputs: int, variables: list) -> tuple:
    # one argument per (flattened) output, as TF calls grad_fn(*grad_ys)
    if variables:
        in_grads, var_grads = grad_fn(*dys, variables=variables)
        var_grads = list(var_grads) if isinstance(var_grads, (list, tuple)) else [var_grads]
        if len(var_grads) != len(variables):
            raise ValueError("Must return gradient for each variable from @custom_gradient "
                             "grad_fn.")
    else:
        in_grads, var_grads = grad_fn(*dys), []
    in_grads = list(in_grads) if isinstance(in_grads, (list, tuple)) else [in_grads]
    if len(in_grads) != n_inputs:
        raise ValueError(f"custom_gradient function expected to return {n_inputs} "
                         f"gradients, but returned {len(in_grads)} instead.")
    return in_grads, var_grads


def _chain(prev: Callable | None, graph: Any, env: dict) -> Callable:
    """A resolver: a tensor of the graph `grad_fn` saw -> its value in the replay `env` of
    `graph` (through earlier replays, `prev`, when that graph was itself a replay)."""

    def lookup(x: Any) -> Any:
        hit = env.get(id(x))
        if hit is not None:
            return hit
        src = graph.source_of(x)  # x may belong to the graph `graph` was copied from
        if src is not None:
            return env.get(id(src))
        return None

    def resolve(x: Any) -> Any:
        if prev is not None:
            y = prev(x)
            if y is not None:
                z = lookup(y)
                return y if z is None else z
        return lookup(x)

    return resolve


def recompute_grad(f: Callable) -> Callable:
    """`f` whose gradient recomputes it: the forward pass keeps no intermediates on the
    tape (a custom gradient over the call), and the gradient runs `f` again under a tape
    of its own. The gradient can't itself be differentiated (TF's NotImplementedError)."""

    @custom_gradient
    def recomputing(*args: Any, **kwargs: Any) -> tuple:
        saved = _state.tapes
        _state.tapes = [t for t in saved if type(t) is _VariableRecorder]  # (unrecorded)
        try:
            result = f(*args, **kwargs)
        finally:
            _state.tapes = saved

        def grad(*dresult: Any, variables: Any = None) -> Any:
            @custom_gradient
            def recomputed_grad(*dys: Any) -> tuple:
                with GradientTape() as tape:
                    copies = [identity(a) for a in args]
                    tape.watch(copies)
                    if variables is not None:
                        tape.watch(variables)
                    again = f(*copies, **kwargs)
                grads = tape.gradient(again, copies + list(variables or ()),
                                      output_gradients=list(dys),
                                      unconnected_gradients=UnconnectedGradients.ZERO)

                def transpose(*_: Any, **__: Any) -> Any:
                    # (nothing of the recomputation was kept to differentiate it with)
                    raise NotImplementedError(
                        f"recompute_grad tried to transpose grad of {f.__name__}. Consider "
                        "not using recompute_grad in forward modeautodiff")
                n = len(copies)
                return (grads[:n], grads[n:]) if variables is not None else grads[:n], \
                    transpose

            return recomputed_grad(*dresult)

        return result, grad

    return functools.wraps(f)(recomputing)


@custom_gradient
def _swish(features: Any, beta: Any) -> tuple:
    """tf.nn.silu's forward and TF's gradient of it, in TF's order of operations (the
    sigmoid computed again from the features, not kept from the forward pass)."""
    def grad(dy: Any) -> tuple:
        s = sigmoid(beta * features)
        activation_grad = s * (1.0 + (beta * features) * (1.0 - s))
        beta_grad = reduce_sum(dy * square(features) * s * (1.0 - s))
        return dy * activation_grad, beta_grad

    return features * sigmoid(beta * features), grad


SWISH.append(_swish)
