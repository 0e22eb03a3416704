"""What a tf.function's graph captures, listed and named as TF 2.21 does.

Sits in graph/, below ir.py, whose Graph mixes `CaptureAccess` in. TF's FuncGraph captures
every tensor that existed before its trace and that the function reads, and lists it in
`captures` (outer tensor, the graph's tensor for it), in the order captured: an eager
tensor of at most EAGER_CONST_THRESHOLD elements of a value dtype as a Const node, a larger
one as a placeholder fed at each call; a variable through its handle's resource
placeholder (graph/var_reads.py); a tensor of an enclosing graph as a placeholder. (A
resource or variant eager tensor, `v.handle` say, stays a Const here: the ops taking a
handle find its variable by it, and a SavedModel binds it to that variable.) What a Python
value converts to while tracing (the 2.0 of `x * 2.0`, a NumPy array) is a constant of the
op taking it, not a capture: core/tensor.py notes those in `converted` (and
`is_scalar_operand` tells its shared Python numbers).

A captured placeholder here holds its eager tensor (CAPTURED): a copy of the graph made to
run it (passes/common.py: run_form) takes it as the constant it stands for, so the
generated code binds it once, as a Const, and a call costs what it did.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.device import host_only
from eagerflow._src.core.tensor import EagerTensor, Tensor, is_scalar_operand
from eagerflow._src.graph.creation_stack import user_frames
from eagerflow._src.ops.registry import OpDef

# TF captures a small eager tensor (this many elements at most, of a value dtype) with a
# Const node, a larger one with a placeholder.
EAGER_CONST_THRESHOLD = 128

_NOT_VALUES = (dt.resource, dt.variant)

# TF's process-wide unique ids: the name of a capture made with no input to name it after
UIDS = itertools.count(1)


def _captured_kernel(xp: Any, value: Any, dtype: Any, shape: Any = None,
                     captured: Any = None) -> Any:
    if xp is np or type(value) is not np.ndarray or host_only(value.dtype):
        return value
    return xp.asarray(value)


# The placeholder of an eager tensor captured by reference: "Placeholder" to whoever looks,
# holding the tensor ("captured") and its host value.
CAPTURED = OpDef("Placeholder", lambda **attrs: [(attrs["shape"], attrs["dtype"])],
                 _captured_kernel, no_fold=True)


class CaptureAccess:
    """Graph's eager inputs and list of captures (mixed into ir.Graph, which defines
    _new_op, _consts, laid_out_consts and the Const op, `_const_op`)."""

    _const_op: OpDef

    def _init_captures(self) -> None:
        # (outer tensor or variable, the tensor standing for it), in the order captured
        self.capture_list: list[tuple] = []
        # whether an eager tensor is captured (a tf.function's trace) or made a constant
        self.captures_eager = False
        # a branch's or loop body's graph: an eager tensor captured is a placeholder fed
        # by the op (control_flow/subgraph_ops.py), whose graph captures it in turn
        self.eager_as_input = False
        self.converted: dict[int, Any] = {}  # id -> eager tensors made from Python values

    def _eager_input(self, x: EagerTensor, const_name: str | None) -> Any:
        """Eager tensor `x` as a tensor of this graph: the capture of a tensor that existed
        before a tf.function's trace, else a constant (a Python number taken by another op
        is a new one: `const_name`, the op's input it feeds, is given then)."""
        hit = self._consts.get(id(x))
        if hit is not None and (const_name is None or not is_scalar_operand(x)):
            return hit[1]
        if self.captures_eager and x.__class__ is EagerTensor and x._dtype not in _NOT_VALUES \
                and id(x) not in self.converted and not is_scalar_operand(x):
            return self._capture_eager(x, const_name)
        sym = self._new_op(self._const_op, (), {"value": to_host(x._arr), "dtype": x._dtype},
                           [(x._shape, x._dtype)], const_name, const_name is None).outputs[0]
        self._consts[id(x)] = (x, sym)
        if x.__class__ is not EagerTensor and getattr(x, "_layout", None) is not None:
            self.laid_out_consts[id(sym)] = x  # (a DTensor: replayed as it is)
        return sym

    def _capture_eager(self, x: EagerTensor, name: str | None) -> Any:
        """`x`, an eager tensor that existed before the trace, captured as TF's tf.function
        captures one: a Const node or a placeholder, named after the input it feeds
        ("mul/y") or by a unique id."""
        named = name is not None
        name = name or str(next(UIDS))
        if self.eager_as_input:  # (an id under the name scopes: "cond/247")
            ph = self.placeholder(x._shape, x._dtype, name, scoped=not named)
            self._consts[id(x)] = self._captures[id(x)] = (x, ph)
            self.capture_list.append((x, ph))
            return ph
        size = 1
        for d in x._shape:
            size *= d
        value = to_host(x._arr)
        if size <= EAGER_CONST_THRESHOLD:
            node = self._new_op(self._const_op, (), {"value": value, "dtype": x._dtype},
                                [(x._shape, x._dtype)], name, False)
        else:
            node = self._new_op(CAPTURED, (), {"shape": x._shape, "dtype": x._dtype,
                                               "value": value, "captured": x},
                                [(x._shape, x._dtype)], name, False)
        node.origin = user_frames()
        sym = node.outputs[0]
        self._consts[id(x)] = (x, sym)
        self.capture_list.append((x, sym))
        return sym

    def capture_as_input(self, x: EagerTensor, name: str) -> Any:
        """`x` bound to a function's captured input `name`: its placeholder, as TF's
        imported functions take what a SavedModel binds to them (run as the constant it
        holds, as a large eager tensor's capture is)."""
        value = to_host(x._arr)
        node = self._new_op(CAPTURED, (), {"shape": x._shape, "dtype": x._dtype,
                                           "value": value, "captured": x},
                            [(x._shape, x._dtype)], name, False)
        sym = node.outputs[0]
        self.capture_list.append((x, sym))
        return sym

    @property
    def captures(self) -> list:
        """(outer tensor, the tensor of this graph capturing it) pairs in the order they
        were captured, as TF's FuncGraph lists them (a variable by its handle)."""
        return [(o if isinstance(o, Tensor) else o.handle, t) for o, t in self.capture_list]

    @property
    def external_captures(self) -> list:
        return [o for o, _ in self.captures]

    @property
    def internal_captures(self) -> list:
        return [t for _, t in self.capture_list]
