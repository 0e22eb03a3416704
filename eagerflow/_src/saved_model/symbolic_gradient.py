"""tf.raw_ops.SymbolicGradient: the gradient of function `f`, `input` being f's arguments
then a gradient for each of its results; its results are the gradients of f's arguments.

TF 2.21 runs it only inside a graph (eagerly its function runtime finds no such function
and says so by the op's name); there it is one node of TF's, whose kernel differentiates
`f` with eagerflow's tape. TF refuses a call whose inputs or Tout don't match f's
signature (or whose `f` captures tensors) when it runs, naming the op only; an argument
no result depends on gets zeros; and TF registers no gradient of the op itself.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.backend import to_host
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.function.concrete import ConcreteFunction
from eagerflow._src.ops.array import reshape, zeros
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import OpDef, TFForm

NAME = "SymbolicGradient"


def symbolic_gradient(inputs: list, attrs: dict, name: str | None = None) -> list:
    """The op's outputs: eagerly TF's refusal, in a graph its node."""
    eager = _state.graph is None
    for attr, n in (("Tin", len(inputs)), ("Tout", len(attrs["Tout"]))):
        if n < 1 and eager:
            raise InvalidArgumentError(None, None, f"Length for attr '{attr}' of 0 must be at "
                                                   f"least minimum 1\n\t; NodeDef: {{{{node "
                                                   f"{NAME}}}}}; Op<name={NAME}; signature="
                                                   "input: -> output:; attr=Tin:list(type),"
                                                   "min=1; attr=Tout:list(type),min=1; attr="
                                                   "f:func>")
        if n < 1:  # (TF's graph wrapper's words)
            raise ValueError(f"Attr '{attr}' of '{NAME}' Op passed list of length 0 less "
                             "than minimum 1.")
    fn = attrs["f"]
    if eager:
        what = NAME if isinstance(fn, ConcreteFunction) else \
            f"No gradient defined for op: {_name_of(fn)}"
        raise NotFoundError(None, None, f"{{{{function_node __wrapped__{NAME}_Tin_"
                                        f"{len(inputs)}_Tout_{len(attrs['Tout'])}_device_"
                                        f"{CPU_DEVICE}}}}} {what}")
    if not isinstance(fn, ConcreteFunction):
        raise NotFoundError(None, None, f"No gradient defined for op: {_name_of(fn)}")
    n = len(attrs["Tout"])
    op = dataclasses.replace(_OP, num_outputs=n)
    res = bind(op, tuple(inputs), dict(attrs), name)
    return [res] if n == 1 else list(res)


def _name_of(fn: Any) -> str:
    py = getattr(fn, "python_function", None)
    return py.__name__ if py is not None else fn.decode() if isinstance(fn, bytes) else str(fn)


def _infer(*inputs: Any, Tin: Any, Tout: Any, f: Any) -> list:
    """TF's shapes: those of the first inputs (f's arguments), whatever f declares."""
    return [(x._shape if i < len(inputs) else None, d)
            for i, (x, d) in enumerate(zip(list(inputs) + [None] * len(Tout), Tout))]


def _kernel(xp: Any, *arrays: Any, Tin: Any, Tout: Any, f: Any) -> Any:
    saved = _state.graph, _state.tapes
    _state.graph, _state.tapes = None, []  # (its own tape's work: no op of anyone else's)
    try:
        tensors = [EagerTensor(to_host(a), d) for a, d in zip(arrays, Tin)]
        out = _gradients(f, tensors, list(Tout))
    finally:
        _state.graph, _state.tapes = saved
    arrs = tuple(xp.asarray(t._arr) for t in out)
    return arrs[0] if len(arrs) == 1 else arrs


def _floaty(d: Any) -> bool:
    return d.is_floating or d.is_complex


def _gradients(fn: ConcreteFunction, tensors: list, tout: list) -> list:
    args, outs = list(fn.inputs), list(fn.outputs)
    n = len(args)
    xs, dys = tensors[:n], tensors[n:]
    fits = (len(tensors) == n + len(outs) and len(tout) == n and
            all(a._dtype is x._dtype is d for a, x, d in zip(args, xs, tout)) and
            all(o._dtype is dy._dtype for o, dy in zip(outs, dys)))
    if not fits:  # (TF's runtime can't instantiate the gradient function: it names the op)
        raise NotFoundError(None, None, NAME)
    dys = [_as_shaped(dy, y) for dy, y in zip(dys, outs)]
    sources = [x for x in xs if _floaty(x._dtype)]
    with GradientTape(watch_accessed_variables=False) as tape:
        for x in sources:
            tape.watch(x)
        ys = list(fn.call_flat_outputs(xs))
    pairs = [(y, dy) for y, dy in zip(ys, dys) if _floaty(y._dtype)]
    grads = iter(tape.gradient([y for y, _ in pairs], sources,
                               output_gradients=[dy for _, dy in pairs],
                               unconnected_gradients="zero") if pairs and sources else
                 [zeros(x.shape, x.dtype) for x in sources])
    # (an integer argument's gradient: zeros, where TF carries its gradient functions'
    # integer arithmetic through)
    return [next(grads) if _floaty(x._dtype) else zeros(x.shape, x.dtype) for x in xs]


def _as_shaped(dy: Any, y: Any) -> Any:
    """A result's gradient as TF's gradient function reshapes it to the result's shape (a
    result of unknown shape: taken as it is)."""
    shape = y._shape
    if shape is None or any(d is None for d in shape):
        return dy
    want = int(np.prod(shape, dtype=np.int64))
    if dy._arr.size != want:
        raise InvalidArgumentError(None, None, f"Input to reshape is a tensor with "
                                               f"{dy._arr.size} values, but the requested "
                                               f"shape has {want}")
    return reshape(dy, shape)


def _no_gradient(node: Any, *gs: Any) -> list:
    raise LookupError(f"gradient registry has no entry for: {NAME}")


def _export(node: Any, w: Any) -> list:
    return w.node(NAME, [[w.ref(x) for x in node.inputs]], dict(node.attrs), name=node.name)


_OP = OpDef(NAME, _infer, _kernel, grad=_no_gradient, no_fold=True, tf=TFForm(export=_export))
