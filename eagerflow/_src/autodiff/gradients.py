"""tf.gradients and tf.hessians: symbolic gradients of the graph being built (inside
tf.function, or a tf.compat.v1 Graph).

Sits in autodiff/, beside the tape. A graph's operations carry what a tape records for
an eager op (OpDef, inputs, outputs, attrs), so the tape's backward pass runs over
them directly; the gradient operations it creates are added to the same graph.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.autodiff.tape import GradientTape, UnconnectedGradients
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops.array import fill, reshape, shape, zeros
from eagerflow._src.ops.graph_constants import graph_constant
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math_base import identity, zeros_like
from eagerflow._src.ops.stacking import stack


class AggregationMethod:
    """`tf.AggregationMethod`: how tf.gradients sums the gradients reaching one tensor.
    eagerflow adds them up one way, whichever is named (TF's values agree up to rounding)."""

    ADD_N = 0
    DEFAULT = ADD_N
    EXPERIMENTAL_TREE = 1
    EXPERIMENTAL_ACCUMULATE_N = 2


# tf.gradients's refusal of an op with no registered gradient (TF 2.21's words)
_NO_GRADIENT = (
    "No gradient defined for operation'{}' (op type: {}). In general every operation must "
    "have an associated `@tf.RegisterGradient` for correct autodiff, which this op is "
    "lacking. If you want to pretend this operation is a constant in your program, you may "
    "insert `tf.stop_gradient`. This can be useful to silence the error in cases where you "
    "know gradients are not needed, e.g. the forward pass of tf.custom_gradient. Please see "
    "more details in https://www.tensorflow.org/api_docs/python/tf/custom_gradient.")


def gradients(ys: Any, xs: Any, grad_ys: Any = None, name: str = "gradients",
              gate_gradients: bool = False, aggregation_method: Any = None,
              stop_gradients: Any = None,
              unconnected_gradients: Any = UnconnectedGradients.NONE) -> list:
    """The sum over `ys` of dy/dx for each x in `xs`, as a list (None where unconnected)."""
    graph = _state.graph
    if graph is None:
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. "
                           "Use tf.GradientTape instead.")
    unconnected = UnconnectedGradients(unconnected_gradients)
    flat_ys, flat_xs = nest.flatten(ys), nest.flatten(xs)
    for s in flat_xs:
        if not (isinstance(s, Tensor) or hasattr(s, "_as_tensor")):
            raise TypeError(f"Expected a tf.Tensor or tf.Variable in xs, got {s!r}")
    seeds = None if grad_ys is None else nest.flatten(grad_ys)
    stops = {id(t) for t in nest.flatten(stop_gradients)} if stop_gradients is not None \
        else set()
    tape = GradientTape(persistent=True)
    # the operations so far, but none that computes a stopped tensor: nothing flows past it
    tape._nodes = [op for op in graph.operations
                   if not any(id(o) in stops for o in op.outputs)]
    tape._grad_scopes = "gated" if gate_gradients else True
    with name_scope(name or "gradients"):  # TF's scope: "gradients/add_grad/Sum", ...
        given = seeds if seeds is not None else [None] * len(flat_ys)
        seeds = [_seed(y, i) if gy is None else _given_seed(gy, i)
                 for i, (y, gy) in enumerate(zip(flat_ys, given))]
        try:
            grads = tape._backward(flat_ys, seeds, flat_xs)
        except LookupError as e:
            node = getattr(e, "node", None)
            if node is None or not str(e).startswith("gradient registry has no entry for"):
                raise
            raise LookupError(_NO_GRADIENT.format(node.name, node.type)) from None
    out = []
    for x in flat_xs:
        g = grads.get(id(x))
        if g is None and unconnected is UnconnectedGradients.ZERO:
            g = zeros_like(x)
        out.append(g)
    return out


def _seed(y: Any, i: int) -> Any:
    """TF's default gradient of the i-th `ys`: ones of its shape ("Shape", a Const when
    known), a Fill named "grad_ys_<i>" of its "Const"."""
    if not isinstance(y, Tensor) or y._dtype.is_complex or not y._dtype.is_floating:
        return None  # (the tape's own seed)
    dims = shape(y)
    with name_scope(f"grad_ys_{i}") as scope:
        return fill(dims, graph_constant(1, y._dtype), name=scope)


def _given_seed(g: Any, i: int) -> Any:
    """A given gradient of the i-th `ys`, as TF's graph takes it: through an Identity named
    "grad_ys_<i>" (IndexedSlices as they are)."""
    if isinstance(g, IndexedSlices):
        return g
    return identity(convert_to_tensor(g), name=f"grad_ys_{i}")


def hessians(ys: Any, xs: Any, gate_gradients: bool = False, aggregation_method: Any = None,
             name: str = "hessians") -> list:
    """For each x in `xs`, the second derivatives of sum(ys) by x: `x.shape + x.shape`
    (a tf.gradients of each entry of the first gradient; graphs only, as tf.gradients)."""
    flat_xs = nest.flatten(xs)
    out = []
    for x, g in zip(flat_xs, gradients(ys, flat_xs, gate_gradients=gate_gradients,
                                       aggregation_method=aggregation_method)):
        if g is None:  # (TF reshapes it, and its graph refuses a None)
            raise ValueError("None values not supported.")
        if not x.shape.is_fully_defined():
            raise ValueError(f"hessians needs a fully known shape for {x!r}")
        flat_g = reshape(g, [-1])
        rows = []
        for j in range(x.shape.num_elements()):
            (second,) = gradients(flat_g[j], [x])
            if second is None:  # (TF's loop writes it to a TensorArray, which refuses it)
                raise ValueError("None values not supported.")
            rows.append(second)
        shape = x.shape.as_list()
        out.append(reshape(stack(rows), shape + shape) if rows else
                   zeros(shape + shape, x.dtype))
    return out
