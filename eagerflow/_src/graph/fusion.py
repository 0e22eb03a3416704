"""Kernel fusion for GPUs: trees of elementwise ops (and such a tree feeding a Sum or
Mean) become one generated CUDA kernel.

Sits in graph/, beside codegen (which compiles graphs for NumPy). `plan(graph)` finds the
groups: an elementwise op (one whose OpDef carries a `cuda` expression, or whose kernel is
a NumPy ufunc CUDA has: CUDA_UFUNCS; AddN of one shape) joins the groups of the producers
whose only consumer it is (as many as the kernel's parameters allow: a batch norm's
composite gradient summed by AddN is one kernel), so every value inside a group dies
there and the group computes one output, element by element, from its external inputs
(broadcast as NumPy broadcasts them: a Tile of size-1 dims joins as its input read so).
A group of one op stays an ordinary op. A sum over leading axes stays out
(backend.sums_as_product: a product with ones sums those). Each group's CUDA source
(`Group.source`: CuPy's ElementwiseKernel or ReductionKernel arguments) is made once per
graph; the device backend compiles it once per source text (backend/cupy.py) and caches
it. The strict stand-in runs the same source through its
CuPy kernels, which interpret the CUDA C over NumPy (backend/strict_cuda.py), so CI checks
the plan, the source text and its results without a GPU.

Float math (with bool and int32/int64 comparisons and selections) fuses: CUDA's math
functions are overloaded for float32 and float64; so do casts between float types.
float16 and bfloat16 values are read and written as CuPy's `float16`/`bfloat16` classes
and computed in float, each op's result rounded to its half type, as the ops' own kernels
round a ufunc's: a fused chain of those gives their bits. An op whose own half kernel
composes several rounded steps (Rsqrt, Sigmoid, SquaredDifference, the safe gradients)
rounds once here, within one unit in the last place of it. Reductions of half types stay
apart (CuPy sums them in float, which a fused reduction would have to be told).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from eagerflow._src.backend import sums_as_product, to_host
from eagerflow._src.graph.ir import CONST, Graph
from eagerflow._src.graph.passes.common import uses as count_uses
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor

# NumPy ufunc name -> the CUDA C expression of the same function over {0}, {1}. (CUDA's
# math functions take floats only, `fabs(int)` being ambiguous under NVRTC: `abs`, `max`
# and `min` are the ones overloaded for integers too. Maximum and Minimum, which resolve
# ties as TF's CPU kernel does and so have no ufunc, give theirs as the OpDef's `cuda`.)
CUDA_UFUNCS = {
    "add": "({0} + {1})", "subtract": "({0} - {1})", "multiply": "({0} * {1})",
    "true_divide": "({0} / {1})", "divide": "({0} / {1})",
    "negative": "(-{0})", "absolute": "abs({0})",
    "square": "({0} * {0})", "sqrt": "sqrt({0})", "reciprocal": "(1 / {0})",
    "exp": "exp({0})", "expm1": "expm1({0})", "log": "log({0})", "log1p": "log1p({0})",
    "sin": "sin({0})", "cos": "cos({0})", "tan": "tan({0})", "tanh": "tanh({0})",
    "sinh": "sinh({0})", "cosh": "cosh({0})", "arcsin": "asin({0})", "arccos": "acos({0})",
    "arctan": "atan({0})", "floor": "floor({0})", "ceil": "ceil({0})",
    "equal": "({0} == {1})", "not_equal": "({0} != {1})", "less": "({0} < {1})",
    "less_equal": "({0} <= {1})", "greater": "({0} > {1})", "greater_equal": "({0} >= {1})",
    "logical_and": "({0} && {1})", "logical_or": "({0} || {1})", "logical_not": "(!{0})",
}
# Types a fused kernel computes in: NumPy dtype name -> CUDA C type.
CUDA_TYPES = {"float32": "float", "float64": "double", "int32": "int", "int64": "long long",
              "bool": "bool"}
# Half types: NumPy dtype name -> CuPy's kernel class (computed in float).
HALF_TYPES = {"float16": "float16", "bfloat16": "bfloat16"}
REDUCTIONS = {"Sum": "sum", "Mean": "mean"}  # reductions a group may end in
MAX_INPUTS = 24  # a kernel's parameters, with room to spare


def cuda_expression(op: Any) -> str | None:
    """The op as a CUDA C expression over its inputs {0}, {1}, ..., or None."""
    expr = getattr(op, "cuda", None)
    if expr is not None:
        return expr
    uf = op.ufunc
    return CUDA_UFUNCS.get(uf.__name__) if isinstance(uf, np.ufunc) else None


def _fusable(node: Any) -> bool:
    if node.op.name == "Cast":
        return _fusable_cast(node)
    if node.op.name == "Tile":
        return _broadcasting_tile(node)
    if node.op.name == "AddN":  # (its inputs one shape: no broadcast; few enough)
        shapes = {x._shape for x in node.inputs}
        return len(shapes) == 1 and None not in shapes and len(node.inputs) < MAX_INPUTS and \
            all(_typed(t) for t in list(node.inputs) + list(node.outputs))
    return (not node.attrs and len(node.outputs) == 1 and not node.op.stateful
            and cuda_expression(node.op) is not None
            and all(_typed(t) for t in list(node.inputs) + list(node.outputs)))


def _broadcasting_tile(node: Any) -> bool:
    """A Tile that repeats only size-1 dims (a Mean's gradient, as TF writes it: the mean's
    gradient over the whole input) is a broadcast: in a kernel, its input read as NumPy
    broadcasts it, never written out at full size."""
    x, y = node.inputs[0], node.outputs[0]
    if not (_typed(x) and _typed(y)) or x._shape is None or y._shape is None:
        return False
    multiples = node.attrs.get("multiples")
    return multiples is not None and len(multiples) == len(x._shape) and \
        all(m == 1 or d == 1 for m, d in zip(multiples, x._shape))


def _fusable_cast(node: Any) -> bool:
    """A Cast between float types (a mixed precision step's): the C conversion of the
    value to the result's type, rounded as every op's half result is. Not a double to a
    half type: CuPy's half classes convert a double through float, two roundings where
    NumPy's cast makes one."""
    x, y = node.inputs[0], node.outputs[0]
    if not (_typed(x) and _typed(y)) or x._dtype._np.kind not in "fV" or \
            y._dtype._np.kind not in "fV":
        return False
    return not (x._dtype._np.name == "float64" and y._dtype._np.name in HALF_TYPES)


def _typed(t: Any, half: bool = True) -> bool:
    if type(t) is not SymbolicTensor or t._dtype._np is None:
        return False
    name = t._dtype._np.name
    return name in CUDA_TYPES or (half and name in HALF_TYPES)


def _ctype(dtype: Any) -> str:
    """The C type a fused kernel computes `dtype` in (float for the half types)."""
    return CUDA_TYPES.get(dtype._np.name, "float")


@dataclass
class Group:
    """Fused ops: `nodes` in graph order, the last one (or `reduction`) giving `output`."""

    nodes: list
    reduction: Any = None
    inputs: list = field(default_factory=list)   # external tensors, kernel parameter order
    consts: dict = field(default_factory=dict)   # id(tensor) -> C literal of a 0-d constant
    source: dict = field(default_factory=dict)

    @property
    def output(self) -> SymbolicTensor:
        return (self.reduction or self.nodes[-1]).outputs[0]

    @property
    def ops(self) -> list:
        return [n.op.name for n in self.nodes] + \
            ([self.reduction.op.name] if self.reduction is not None else [])


def plan(graph: Graph) -> list:
    """The fusion groups of `graph` (two ops or more each), with their CUDA source."""
    uses = count_uses(graph)  # (a graph output counts: it escapes its group)
    order = {id(n): i for i, n in enumerate(graph.operations)}
    group_of: dict = {}  # id(node) -> Group
    groups: list = []
    for node in graph.operations:
        if node.op.name in REDUCTIONS and _fusable_reduction(node):
            src = node.inputs[0]._op
            g = group_of.get(id(src))
            if g is not None and g.reduction is None and uses[id(node.inputs[0])] == 1 and \
                    g.nodes[-1] is src:
                g.reduction = node
                group_of[id(node)] = g
            continue
        if not _fusable(node):
            continue
        joined: list = []  # the groups whose ends this node alone consumes
        for x in () if node.op.name == "Tile" else node.inputs:  # (its input: a parameter)
            g = group_of.get(id(x._op))
            if g is None or any(g is j for j in joined) or g.reduction is not None or \
                    uses[id(x)] != 1 or g.nodes[-1] is not x._op:
                continue
            if not joined or len(_external(
                    [n for j in (*joined, g) for n in j.nodes] + [node])) <= MAX_INPUTS:
                joined.append(g)
        mine = joined[0] if joined else None
        if len(joined) > 1:  # (a tree, an AddN of gradients say: the branches' ops join, in
            # graph order, which keeps each op after its inputs)
            mine.nodes = sorted((n for j in joined for n in j.nodes), key=lambda n: order[id(n)])
            for g in joined[1:]:
                for n in g.nodes:
                    group_of[id(n)] = mine
                g.nodes = []
        if mine is None:
            mine = Group([])
            groups.append(mine)
        mine.nodes.append(node)
        group_of[id(node)] = mine
    for g in groups:
        _unless_shaped_by_tiles(g)
    fused = [g for g in groups if len(g.nodes) + (g.reduction is not None) > 1]
    return [g for g in fused if _finish(g)]


def _unless_shaped_by_tiles(g: Group) -> None:
    """Drops a group's Tiles (its leaves: each reads a parameter) where its other
    parameters do not broadcast to its result's shape (a kernel's shape is its inputs'
    broadcast), or where it ends in a reduction: those Tiles run as ops of their own."""
    if not any(n.op.name == "Tile" for n in g.nodes):
        return
    if g.reduction is not None:  # (a reduction kernel's inputs are its shape)
        g.nodes = [n for n in g.nodes if n.op.name != "Tile"]
        return
    inside = {id(t) for n in g.nodes for t in n.outputs}
    shapes = [x._shape for n in g.nodes if n.op.name != "Tile" for x in n.inputs
              if id(x) not in inside]
    shapes += [n.inputs[0]._shape for n in g.nodes if n.op.name == "Tile"]
    want = g.nodes[-1].outputs[0]._shape
    try:
        fits = None not in want and np.broadcast_shapes(*map(tuple, shapes)) == tuple(want)
    except (TypeError, ValueError):  # (a shape not known, or not broadcasting)
        fits = False
    if not fits:
        g.nodes = [n for n in g.nodes if n.op.name != "Tile"]


def _external(nodes: list) -> set:
    """The ids of the tensors `nodes` read that none of them makes (scalar constants,
    which become literals, left out): a group's kernel parameters."""
    inside = {id(t) for n in nodes for t in n.outputs}
    return {id(x) for n in nodes for x in n.inputs
            if id(x) not in inside and not (x._op.op is CONST and x._shape == ())}


def _fusable_reduction(node: Any) -> bool:
    """(not a sum over leading axes, a batch norm's (0, 1, 2) of NHWC: a product with
    ones sums those, a reduction kernel takes 200 times as long)"""
    x = node.inputs[0]
    return _typed(x, half=False) and _typed(node.outputs[0], half=False) and \
        x._dtype._np.kind == "f" and x._shape is not None and len(node.inputs) == 1 and \
        not sums_as_product(tuple(x._shape), x._dtype._np, tuple(node.attrs["axes"]))


def _finish(g: Group) -> bool:
    """Sets the group's inputs and source; False when it cannot be one kernel."""
    inside = {id(t) for n in g.nodes for t in n.outputs}
    temps: dict = {}  # id(tensor) -> its local variable in the device function
    lines = []
    for k, node in enumerate(g.nodes):
        args = []
        for x in node.inputs:
            if id(x) in inside:
                args.append(temps[id(x)])
            elif x._op.op is CONST and x._shape == ():
                args.append(g.consts.setdefault(id(x), _literal(x._op.attrs["value"], x._dtype)))
            else:
                if not any(x is y for y in g.inputs):
                    g.inputs.append(x)
                args.append(f"x{next(i for i, y in enumerate(g.inputs) if y is x)}")
        t = node.outputs[0]
        temps[id(t)] = f"t{k}"
        half = HALF_TYPES.get(t._dtype._np.name)
        expr = _expression(node, half).format(*args)
        if half is not None:  # (the op's result, rounded as its own kernel rounds it)
            expr = f"(float)({half})({expr})"
        lines.append(f"    {_ctype(t._dtype)} t{k} = {expr};  // {node.op.name}")
    if len(g.inputs) > MAX_INPUTS or not g.inputs:
        return False
    last = g.nodes[-1].outputs[0]
    out = g.output
    in_params = ", ".join(f"{x._dtype._np.name} x{i}" for i, x in enumerate(g.inputs))
    out_params = f"{out._dtype._np.name} y"
    params = ", ".join(f"{_ctype(x._dtype)} x{i}" for i, x in enumerate(g.inputs))
    body = "\n".join(lines)
    digest = hashlib.sha1(f"{params}|{out_params}|{body}|{g.ops}".encode()).hexdigest()[:12]
    name = f"eagerflow_fused_{digest}"
    # the group as one device function: each op's value a local, the last one returned
    preamble = (f"__device__ __forceinline__ {_ctype(last._dtype)} {name}_f("
                f"{params}) {{\n{body}\n    return {temps[id(last)]};\n}}\n")
    call = f"{name}_f({', '.join(f'x{i}' for i in range(len(g.inputs)))})"
    if g.reduction is None:
        g.source = {"kind": "elementwise", "in_params": in_params, "out_params": out_params,
                    "operation": f"y = {call}", "name": name, "preamble": preamble}
    else:
        ctype = CUDA_TYPES[out._dtype._np.name]
        post = "y = a" if g.reduction.op.name == "Sum" else \
            f"y = a / ({ctype})(_in_ind.size() / _out_ind.size())"
        g.source = {"kind": "reduction", "in_params": in_params, "out_params": out_params,
                    "map_expr": call, "reduce_expr": "a + b", "post_map_expr": post,
                    "identity": "0", "name": name, "preamble": preamble,
                    "axis": tuple(g.reduction.attrs["axes"]),
                    "keepdims": bool(g.reduction.attrs["keepdims"])}
    return True


def _expression(node: Any, half: str | None) -> str:
    """The node's CUDA expression over {0}, {1}, ...: a Cast is C's conversion (by the
    variable it is assigned to), AddN its inputs added left to right, as its kernel adds
    (each sum of a half type rounded to it, as each of its kernel's adds is)."""
    name = node.op.name
    if name in ("Cast", "Tile"):  # (a Tile here: its input read broadcast)
        return "({0})"
    if name == "AddN":
        expr = "{0}"
        for i in range(1, len(node.inputs)):
            expr = f"({expr} + {{{i}}})"
            if half is not None and i < len(node.inputs) - 1:  # (the last: by the caller)
                expr = f"(float)({half}){expr}"
        return expr
    return cuda_expression(node.op)


def _literal(value: Any, dtype: Any) -> str:
    """A 0-d constant as a typed C literal (so float32 math stays in float)."""
    v = to_host(value).item()
    ctype = _ctype(dtype)
    if ctype == "bool":
        return "true" if v else "false"
    if isinstance(v, float) and not np.isfinite(v):  # (CuPy's constants: NVRTC has no NAN)
        const = ("CUDART_NAN" if v != v else "CUDART_INF") + ("_F" if ctype == "float" else "")
        return f"(({ctype}){'-' if v < 0 else ''}{const})"
    return f"(({ctype}){v!r})"


def cuda_text(g: Group) -> str:
    """The group's kernel as readable text: its device function and how it is launched."""
    s = g.source
    head = f"// {s['name']}: {' -> '.join(g.ops)}\n{s['preamble']}"
    if s["kind"] == "elementwise":
        return f"{head}elementwise ({s['in_params']}) -> ({s['out_params']}): {s['operation']};"
    return (f"{head}reduction ({s['in_params']}) -> ({s['out_params']}): map {s['map_expr']}; "
            f"reduce {s['reduce_expr']}; {s['post_map_expr']}; identity {s['identity']}; "
            f"axis={s['axis']} keepdims={s['keepdims']}")


def launch(run: Any, group: Group, arrays: list) -> Any:
    """`run(group.source, arrays)`, the backend's launch of the group's kernel. A kernel
    broadcasts all its operands at once, and refuses them all in one message; TF's ops run
    one by one, and the first that cannot broadcast its own inputs fails: that node's
    refusal, its two shapes in NumPy's words, is raised instead (graph_errors words it)."""
    try:
        return run(group.source, arrays)
    except ValueError as e:
        found = _first_unbroadcastable(group, [a.shape for a in arrays])
        if found is None:
            raise
        node, shapes = found
        error = ValueError("operands could not be broadcast together with shapes "
                           + " ".join(str(tuple(s)) for s in shapes))
        error._fused_node = node.name
        raise error from e


def _first_unbroadcastable(group: Group, shapes: list) -> tuple | None:
    """(the first of the group's nodes whose inputs do not broadcast, their shapes), the
    group's external inputs being of `shapes`; None where each node's do."""
    known = {id(t): tuple(s) for t, s in zip(group.inputs, shapes)}
    for node in group.nodes:
        ins = [known.get(id(x), ()) for x in node.inputs]  # (a literal: a 0-d constant)
        try:
            known[id(node.outputs[0])] = np.broadcast_shapes(*ins)
        except ValueError:
            return node, ins
    return None
