"""tf.autodiff.ForwardAccumulator: forward-mode autodiff (Jacobian-vector products).

Autodiff layer, beside tape.py. While active, an accumulator sits among the tapes and sees
every op as it runs; for an op with a tangent on some input it computes the output tangents
at once, from the op's own gradient by the double-backward trick (TF's way for ops without
a forward function): the gradient is linear in the output cotangent u, so
jvp = d/du <grad(u), tangents>. That is only ops, so the tangents are themselves recorded by
the tapes and accumulators around this one: forward-over-backward (Hessian-vector
products), backward-over-forward and nested accumulators all work, in tf.function too.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.autodiff.tape import GradientTape, UnconnectedGradients, _differentiable
from eagerflow._src.core import nest, tf_logging
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops.dispatch import Node
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math import add, multiply
from eagerflow._src.ops.math_base import ones_like, zeros_like
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.variables import READ


class ForwardAccumulator:
    """`with tf.autodiff.ForwardAccumulator(primals, tangents) as acc: y = f(primals)`,
    then `acc.jvp(y)` is the derivative of y along the tangents."""

    def __init__(self, primals: Any, tangents: Any) -> None:
        seen: set = set()
        for p in nest.flatten(primals):
            if id(p) in seen:  # (TF's message leaves its placeholder unfilled)
                raise ValueError("Tensor {} was specified as a primal multiple times. This "
                                 "may indicate an error. If it was intended, please sum the "
                                 "corresponding tangents.")
            seen.add(id(p))
        self._tangents: dict = {}
        self._keep: list = []  # what the ids above refer to stays alive
        nest.map_structure(self._watch, primals, tangents)
        self._active = False

    def _watch(self, p: Any, t: Any) -> None:
        if getattr(p, "_keras_variable", False):
            # a Keras 3 variable's dtype is a string, which TF's accumulator asks for
            # `is_floating`: its `.value` (the tf.Variable) is what TF can watch
            raise AttributeError("'str' object has no attribute 'is_floating'")
        # (TF asks the primal as given for its dtype: a Python number has none and a NumPy
        # dtype no is_floating, Python's AttributeErrors)
        if not p.dtype.is_floating:
            tf_logging.log_first_n(tf_logging.WARN, "The dtype of the watched primal must be "
                                   "floating (e.g. tf.float32), got %r", 5, p.dtype)
        t = convert_to_tensor(t, dtype=p.dtype)
        # reads of a view (a Keras variable's `.value`, an assignment's UnreadVariable)
        # are its variable's, as TF watches the handle
        self._set(getattr(p, "_unread_of", p), t)

    def _set(self, x: Any, tangent: Any) -> None:
        self._tangents[id(x)] = tangent
        self._keep.append(x)

    # -- a tape's interface: dispatch and variable reads report here while active --------
    def __enter__(self) -> ForwardAccumulator:
        if self._active:
            raise ValueError("Accumulator is already recording.")
        _state.tapes.append(self)
        self._active = True
        return self

    def __exit__(self, *exc: Any) -> None:
        if self in _state.tapes:
            _state.tapes.remove(self)
        self._active = False

    def _on_variable_read(self, var: Any) -> None:
        pass

    def _record_read(self, var: Any, t: Any) -> None:
        self._record(Node(READ, (var,), (t,), {}))

    def _record_op(self, op: Any, inputs: tuple, outputs: tuple, attrs: dict) -> None:
        self._record(Node(op, inputs, outputs, attrs))

    def _record(self, node: Any) -> None:
        tangents = [self._tangents.get(id(x)) for x in node.inputs]
        if all(t is None for t in tangents) or node.op.grad is None:
            return
        outs = [o for o in node.outputs if _differentiable(o)]
        if not outs:
            return
        tapes = _state.tapes
        at = tapes.index(self)
        del tapes[at]  # the tangents' own ops are not this accumulator's to see
        try:
            out_tangents = self._jvp(node, tangents)
        finally:
            tapes.insert(at, self)
        for o, t in zip(node.outputs, out_tangents):
            if t is not None:
                self._set(o, t)

    def _jvp(self, node: Any, tangents: list) -> list:
        # the gradient is linear in u, so any u will do: ones, since some gradient
        # functions skip an output whose cotangent is all zeros (an unused output)
        us = [ones_like(o) for o in node.outputs]
        saved_needs = node.needs
        node.needs = tuple(t is not None for t in tangents)
        try:
            with GradientTape(persistent=True) as inner:
                for u, o in zip(us, node.outputs):
                    if _differentiable(o):
                        inner.watch(u)
                cotangents = node.op.grad(node, *us)
                total = None
                for c, t in zip(cotangents, tangents):
                    if c is None or t is None:
                        continue
                    term = reduce_sum(multiply(c, t))
                    total = term if total is None else add(total, term)
        finally:
            node.needs = saved_needs
        if total is None:
            return [None] * len(us)
        # (a tangent is dense, as in TF, also where a gather's gradient is an IndexedSlices)
        return [_dense(inner.gradient(total, u)) if _differentiable(o) else None
                for u, o in zip(us, node.outputs)]

    # -- results ------------------------------------------------------------------------
    def jvp(self, primals: Any, unconnected_gradients: Any = UnconnectedGradients.NONE) -> Any:
        """The tangent of each tensor in `primals` (None, or zeros with
        unconnected_gradients=ZERO, for one that does not depend on the watched primals)."""
        zero = UnconnectedGradients(unconnected_gradients) is UnconnectedGradients.ZERO

        def one(x: Any) -> Any:
            t = self._tangents.get(_tracked_id(x))
            if t is None and zero:
                return zeros_like(x)
            return t

        return nest.map_structure(one, primals)


def _tracked_id(x: Any) -> Any:
    """The key of x's tangent: a tensor's or variable's id. TF's accumulator reads `_id`
    from anything else, so a Python or NumPy value fails with Python's AttributeError."""
    if isinstance(x, Tensor) or hasattr(x, "_as_tensor"):
        return id(x)
    return x._id


def _dense(g: Any) -> Any:
    return g._as_tensor() if isinstance(g, IndexedSlices) else g
