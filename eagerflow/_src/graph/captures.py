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

import contextlib
import itertools
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.device import host_only
from eagerflow._src.core.errors import InaccessibleTensorError
from eagerflow._src.core.tensor import EagerTensor, Tensor, is_scalar_operand
from eagerflow._src.graph.creation_stack import frame_lines, user_frames
from eagerflow._src.graph.type_errors import input_arg_names
from eagerflow._src.ops.checks import num_elements
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
    """Graph's eager inputs, its captures of enclosing graphs' tensors and their list
    (mixed into ir.Graph, which defines _new_op, _node_name, placeholder, capture, parent,
    _consts, _captures, _capture_alias, copied_from, laid_out_consts and the Const op,
    `_const_op`)."""

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
        if self.captures_eager and self._made_before(x):
            return self._capture_eager(x, const_name)
        self.refuse_eager(x, const_name)
        sym = self._new_op(self._const_op, (), {"value": to_host(x._arr), "dtype": x._dtype},
                           [(x._shape, x._dtype)], const_name, const_name is None).outputs[0]
        self._consts[id(x)] = (x, sym)
        if x.__class__ is not EagerTensor and getattr(x, "_layout", None) is not None:
            self.laid_out_consts[id(sym)] = x  # (a DTensor: replayed as it is)
        return sym

    def _made_before(self, x: Any) -> bool:
        """Whether eager tensor `x` holds a value made before this graph (not one converted
        from a Python value while it is built, nor a shared Python number's)."""
        return x.__class__ is EagerTensor and x._dtype not in _NOT_VALUES \
            and id(x) not in self.converted and not is_scalar_operand(x)

    def refuse_eager(self, x: Any, name: str | None = None) -> None:
        """TF's TF 1 graph's refusal of an eager tensor made before it, which it captures
        none of (a tf.function's trace captures it): its RuntimeError, prefixed with `name`
        (what TF's op wrapper or convert_to_tensor names it) where given."""
        if self._made_before(x) and not self.captures_eager and not self.building_function \
                and not self.eager_as_input:
            arg = "" if name is None else f"{name.rpartition('/')[2]}: "
            raise RuntimeError(f"{arg}Attempting to capture an EagerTensor without building "
                               "a function.")

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
        value = to_host(x._arr)
        if num_elements(x._shape) <= EAGER_CONST_THRESHOLD:
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

    def _capture_named(self, op: OpDef, inputs: tuple, attrs: dict, name: str | None,
                       plan: list | None = None) -> tuple:
        """The inputs captured, a new constant named after the input it feeds as TF names
        a value its op wrapper converts: "add/y" for the 1.0 of `x + 1.0`, "concat/values_0"
        for a list element (TF's argument names, from `plan` where the op has one; "Const"
        where they don't map)."""
        if plan is not None:
            args = [None] * len(inputs)
            for entry in plan:
                if entry[0] == "in":
                    args[entry[1]] = entry[2]
        else:
            args = input_arg_names(op.name, len(inputs), attrs)
        node = self._node_name(op, name)
        names = [None] * len(inputs) if args is None else [f"{node}/{a}" for a in args]
        # TF's op wrapper converts its eager inputs first and captures an enclosing
        # graph's tensors when it makes the op, after them, under its name (a branch's
        # arguments show it: "cond/mul/mul" for the `y` of `y * v`)
        out = [self.capture(x, n) if isinstance(x, EagerTensor) else None
               for x, n in zip(inputs, names)]
        return tuple(self.capture(x, n, node) if y is None else y
                     for x, n, y in zip(inputs, names, out))

    def _out_of_scope(self, x: Any) -> Exception:
        """TF's error for a tensor of another graph: InaccessibleTensorError, saying where
        it was made, for one of a graph nested in this one (a loop's body, a branch, left
        in a Python object); a TypeError for one of a graph that has ended."""
        home = x._op.graph
        head = (f"{x!r} is out of scope and cannot be used here. Use return values, explicit "
                "Python locals or TensorFlow collections to access it.\nPlease see "
                "https://www.tensorflow.org/guide/function#all_outputs_of_a_tffunction_must_be"
                "_return_values for more information.\n\n")
        inner = home
        while inner is not None and inner is not self:
            inner = getattr(inner, "parent", None)
        if inner is None:
            return TypeError(f"{head}The tensor {x!r} cannot be accessed from here, because "
                             f"it was defined in {home!r}, which is out of scope.")
        where = "\n".join(frame_lines(x._op.origin, "    "))
        return InaccessibleTensorError(
            f"{head}{x!r} was defined here:\n{where}\n\nThe tensor {x!r} cannot be accessed "
            f"from {self!r}, because it was defined in {home!r}, which is out of scope.")

    def _capture_outer(self, x: Any, op_scope: str | None = None) -> Any:
        """`x`, a tensor of an enclosing graph, captured by a placeholder named after its
        operation; under the name of the op taking it (`op_scope`), as TF captures it
        while it makes that op ("cond/mul/mul" for a branch's `y * v`)."""
        for resolve in reversed(_substitutions.stack):
            v = resolve(x)
            if v is not None:
                return self.capture(v)
        hit = self._captures.get(id(x))
        if hit is not None:
            return hit[1]
        alias = self._capture_alias.get(id(x))
        if alias is not None:
            return alias
        g = self.parent
        while g is not None and g is not x._op.graph:
            g = g.parent
        if g is None:  # TF's error (raised as it is, not restated as the user code's)
            e = self._out_of_scope(x)
            e.ag_pass_through = True
            raise e
        key = id(x)
        if self.parent is not None and self.parent is not x._op.graph:
            x = self.parent._capture_outer(x)  # thread it through the enclosing graphs
        if op_scope is None:
            ph = self.placeholder(x._shape, x._dtype, name=x._op.name)
        else:
            ph = self.placeholder(x._shape, x._dtype, f"{op_scope}/{x._op.name}",
                                  scoped=False)
        self._captures[id(x)] = (x, ph)
        self.capture_list.append((x, ph))
        if key != id(x):
            self._capture_alias[key] = ph
        return ph

    def source_of(self, x: Any) -> Any:
        """The tensor of this graph that stands for `x`: a copy of it (when this graph is a
        copy of x's graph) or the placeholder capturing it; None if there is none."""
        hit = self.copied_from.get(id(x))
        if hit is not None and hit[0] is x:
            return hit[1]
        hit = self._captures.get(id(x))
        if hit is not None and hit[0] is x:
            return hit[1]
        return self._capture_alias.get(id(x))

    def feed_captures(self) -> list:
        """The tensors of enclosing graphs this graph captured, their placeholders put
        after its inputs, as a call feeds them (a new `fed_inputs` list)."""
        outer = [o for o, _ in self._captures.values()]
        if outer:
            self.fed_inputs = list(self.fed_inputs) + [ph for _, ph in self._captures.values()]
        return outer

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


class _Substitutions(threading.local):
    def __init__(self) -> None:
        self.stack: list = []


_substitutions = _Substitutions()


@contextlib.contextmanager
def substituting(resolve: Any) -> Iterator[None]:
    """While active, a tensor of another graph that `resolve` maps to a value is used as
    that value instead of being captured (a custom gradient replayed elsewhere)."""
    if resolve is None:
        yield
        return
    _substitutions.stack.append(resolve)
    try:
        yield
    finally:
        _substitutions.stack.pop()
