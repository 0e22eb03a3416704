"""Code generation: an optimized graph becomes one straight-line Python function.

Sits at the top of graph/. Every operation becomes one line over raw arrays:
elementwise ops whose kernel is exactly a NumPy ufunc are emitted as that ufunc (or
as a Python operator when the operands are scalars, where NumPy's scalar arithmetic
is several times faster than a ufunc call); every other op calls its OpDef kernel.
Constants, variables and kernels are bound in the function's globals, so a call
costs one Python call plus the kernels. Large elementwise results whose buffer dies
at the next elementwise op are reused in place (`out=`), which saves the allocation
and a pass over memory.
"""

from __future__ import annotations

import itertools
import keyword
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.graph.ir import Graph, SymbolicTensor
from eagerflow._src.ops.checks import num_elements

# Ops whose kernel is `xp.<ufunc>(inputs...)` with no dtype adjustment.
UFUNCS = {
    "AddV2": "add", "Sub": "subtract", "Mul": "multiply", "Neg": "negative",
    "Square": "square", "Sqrt": "sqrt", "Exp": "exp", "Expm1": "expm1", "Log": "log",
    "Log1p": "log1p", "Sin": "sin", "Cos": "cos", "Tan": "tan", "Tanh": "tanh", "Sinh": "sinh",
    "Cosh": "cosh", "Asin": "arcsin", "Acos": "arccos", "Atan": "arctan", "Maximum": "maximum",
    "Minimum": "minimum", "Equal": "equal", "NotEqual": "not_equal", "Less": "less",
    "LessEqual": "less_equal", "Greater": "greater", "GreaterEqual": "greater_equal",
    "LogicalAnd": "logical_and", "LogicalOr": "logical_or", "LogicalNot": "logical_not",
    "Floor": "floor", "Ceil": "ceil", "Sign": "sign", "Reciprocal": "reciprocal",
}
# Python operators with the same meaning as the ufunc, used for scalar operands.
OPERATORS = {"AddV2": "({0} + {1})", "Sub": "({0} - {1})", "Mul": "({0} * {1})", "Neg": "(-{0})",
             "Less": "({0} < {1})", "LessEqual": "({0} <= {1})", "Greater": "({0} > {1})",
             "GreaterEqual": "({0} >= {1})", "Maximum": None, "Minimum": None}
ALIASES = {"Identity", "StopGradient"}
INPLACE_MIN_ELEMENTS = 1 << 14

_fn_ids = itertools.count()


def _scalar_ok(d: Any) -> bool:
    return (d.is_floating or d.is_integer or d.is_bool or d.is_complex) and d.name != "bfloat16"


def _safe(name: str) -> str:
    s = "".join(c if c.isalnum() else "_" for c in name)
    if not s or s[0].isdigit() or keyword.iskeyword(s):
        s = "f_" + s
    return s


class Generated:
    """A compiled graph: `fn(*arrays)` and the source it was compiled from."""

    __slots__ = ("fn", "source", "name")

    def __init__(self, fn: Callable, source: str, name: str) -> None:
        self.fn = fn
        self.source = source
        self.name = name


def generate(graph: Graph, outputs: list | None = None, name: str = "graph_fn",
             wrap: bool = False, inplace: bool = True) -> Generated:
    """Compiles `graph` into `fn(*input_arrays) -> tuple` of arrays (or of EagerTensors
    when `wrap`). `outputs` defaults to graph.outputs; its entries may be non-graph
    values (returned as they are)."""
    outputs = list(graph.outputs if outputs is None else outputs)
    ns: dict = {"__name__": "eagerflow._generated", "_xp": _state.xp, "_np": np,
                "_asarray": np.asarray, "_ET": EagerTensor}
    names: dict = {}          # id(tensor) -> expression
    scalar: set = set()       # ids of tensors held as NumPy scalars
    fresh: set = set()        # ids of tensors whose buffer the function allocated
    counter = itertools.count()
    lines: list[str] = []

    def bind_global(prefix: str, value: Any) -> str:
        key = f"_{prefix}{next(counter)}"
        ns[key] = value
        return key

    # Uses of every tensor, for in-place buffer reuse.
    use_count: dict = {}
    for node in graph.operations:
        for x in node.inputs:
            if type(x) is SymbolicTensor:
                use_count[id(x)] = use_count.get(id(x), 0) + 1
    escaped = {id(t) for t in outputs if type(t) is SymbolicTensor}

    args = []
    for i, t in enumerate(graph.inputs):
        a = f"a{i}"
        args.append(a)
        names[id(t)] = a
    for i, t in enumerate(graph.inputs):
        if t._shape == () and _scalar_ok(t._dtype):
            lines.append(f"a{i} = a{i}[()]")
            scalar.add(id(t))

    n_before, prev = len(lines), ""

    def ref(x: Any) -> str:
        if type(x) is SymbolicTensor:
            return names[id(x)]
        return bind_global("v", x)

    for node in graph.operations:
        if lines and n_before < len(lines):
            lines[-1] += f"  # {prev}"
        n_before = len(lines)
        prev = f"{node.op.name} {node.name!r}"
        opname = node.op.name
        outs = node.outputs
        if opname == "Placeholder":
            if id(outs[0]) not in names:
                raise ValueError(f"placeholder {node.name} is not an input of graph {graph.name}")
            continue
        if opname == "Const":
            value = node.attrs["value"]
            if value.ndim == 0 and _scalar_ok(node.attrs["dtype"]):
                names[id(outs[0])] = bind_global("c", value[()])
                scalar.add(id(outs[0]))
            else:
                names[id(outs[0])] = bind_global("c", value)
            continue
        if opname in ALIASES and len(node.inputs) == 1:
            src = node.inputs[0]
            names[id(outs[0])] = ref(src)
            if id(src) in scalar:
                scalar.add(id(outs[0]))
            continue
        if opname == "ReadVariableOp":
            var = node.inputs[0]
            t = f"t{next(counter)}"
            lines.append(f"{t} = {ref(var)}._arr")
            names[id(outs[0])] = t
            continue
        ins = [ref(x) for x in node.inputs]
        t_out = [f"t{next(counter)}" for _ in outs]
        uf = UFUNCS.get(opname)
        all_scalar = bool(node.inputs) and all(
            type(x) is SymbolicTensor and id(x) in scalar for x in node.inputs)
        if uf is not None and len(outs) == 1:
            tmpl = OPERATORS.get(opname)
            if all_scalar and tmpl:
                lines.append(f"{t_out[0]} = " + tmpl.format(*ins))
                scalar.add(id(outs[0]))
            else:
                fname = bind_global("u", getattr(np, uf))
                target = _inplace_target(node, use_count, fresh, escaped) if inplace else None
                if target is not None:
                    lines.append(f"{t_out[0]} = {fname}({', '.join(ins)}, out={names[id(target)]})")
                else:
                    lines.append(f"{t_out[0]} = {fname}({', '.join(ins)})")
                if all_scalar and outs[0]._shape == ():
                    scalar.add(id(outs[0]))
                fresh.add(id(outs[0]))
            names[id(outs[0])] = t_out[0]
            continue
        # Generic: call the OpDef kernel.
        kname = bind_global("k", node.op.kernel)
        parts = ["_xp"] + ins
        for k, v in node.attrs.items():
            parts.append(f"{k}={bind_global('a', v)}")
        call = f"{kname}({', '.join(parts)})"
        if not outs:
            lines.append(call)
        elif len(outs) == 1 and node.op.num_outputs == 1:
            lines.append(f"{t_out[0]} = {call}")
        else:
            lines.append(f"{', '.join(t_out)}{',' if len(t_out) == 1 else ''} = {call}")
        for t, tn in zip(outs, t_out):
            names[id(t)] = tn

    if lines and n_before < len(lines):
        lines[-1] += f"  # {prev}"
    rets = []
    for t in outputs:
        expr = ref(t) if type(t) is SymbolicTensor else bind_global("o", t)
        if type(t) is SymbolicTensor:
            if (t._shape is None or t._shape == ()) and t._dtype is not dt.variant:
                expr = f"_asarray({expr})"  # not a TensorArray flow: a tuple stays one
            if wrap:
                expr = f"_ET({expr}, {bind_global('d', t._dtype)})"
        rets.append(expr)
    fn_name = _safe(name) + f"_{next(_fn_ids)}"
    body = lines + [f"return ({', '.join(rets)}{',' if len(rets) == 1 else ''})"]
    source = f"def {fn_name}({', '.join(args)}):\n" + "".join(f"    {ln}\n" for ln in body)
    code = compile(source, f"<tf.function {name}>", "exec")
    exec(code, ns)  # noqa: S102 - our own generated source
    fn = ns[fn_name]
    return Generated(fn, source, fn_name)


def _inplace_target(node: Any, use_count: dict, fresh: set, escaped: set) -> Any:
    """An input whose buffer this elementwise op may overwrite, or None."""
    out = node.outputs[0]
    size = num_elements(out._shape)
    if size is None or size < INPLACE_MIN_ELEMENTS:
        return None
    for x in node.inputs:
        if (type(x) is SymbolicTensor and id(x) in fresh and use_count.get(id(x)) == 1
                and id(x) not in escaped and x._shape == out._shape and x._dtype is out._dtype):
            return x
    return None
