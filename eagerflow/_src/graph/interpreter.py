"""The reference executor: runs a graph operation by operation with the OpDefs' kernels.

Sits at the bottom of graph/: it needs only what graph tensors and operations have
(`t._op`, `node.inputs`, ...), so ir.py can evaluate with it (a variable's initial value
inside tf.function). It is deliberately simple (a dict from tensor to array):
the generated code (codegen.py) must agree with it, and it evaluates constant
subgraphs (constant folding, variable initial values) and Session.run fetches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops.checks import is_graph_tensor
from eagerflow._src.ops.dispatch import run_on


def run_op(node: Any, values: dict, xp: Any = None) -> None:
    """Runs one operation, storing its outputs in `values` (keyed by id of the tensor)."""
    args = []
    for x in node.inputs:
        if is_graph_tensor(x):
            args.append(values[id(x)])
        else:
            args.append(x)  # a variable (ReadVariableOp's input)
    if xp is None and _state.xp is not np:  # on a GPU: placed as the eager op would be
        out, _ = run_on(_state.place, node.op, args, node.attrs,
                        [t._dtype for t in node.outputs])
    else:
        out = node.op.kernel(xp if xp is not None else _state.xp, *args, **node.attrs)
    outs = node.outputs
    if len(outs) == 1 and node.op.num_outputs == 1:
        values[id(outs[0])] = out
    else:
        for t, v in zip(outs, out):
            values[id(t)] = v


def run_graph(graph: Any, inputs: list, outputs: list | None = None) -> list:
    """Executes every operation of `graph` in order (effects included) and returns the
    arrays of `outputs` (default: graph.outputs)."""
    values: dict = {}
    for t, a in zip(graph.fed_inputs, inputs):
        values[id(t)] = a
    fed = set(values)
    for node in graph.operations:
        if node.outputs and all(id(t) in fed for t in node.outputs):
            continue
        run_op(node, values)
    outs = graph.outputs if outputs is None else outputs
    return [values[id(t)] if is_graph_tensor(t) else t for t in outs]


def ancestors(fetches: list, stop: set | None = None) -> list:
    """Operations needed to compute `fetches` (ids in `stop` are fed), in graph order."""
    need: set = set()
    stack = [t._op for t in fetches if is_graph_tensor(t) and id(t) not in (stop or ())]
    while stack:
        node = stack.pop()
        if node._id in need:
            continue
        need.add(node._id)
        for x in node.inputs:
            if is_graph_tensor(x) and id(x) not in (stop or ()):
                stack.append(x._op)
    ops: list = []
    graphs = {id(t._op.graph): t._op.graph for t in fetches if is_graph_tensor(t)}
    for g in graphs.values():
        ops.extend(o for o in g.operations if o._id in need)
    return ops


def any_ancestor(t: Any, test: Callable[[Any], bool]) -> bool:
    """Whether an operation `ancestors([t])` lists passes `test`, found without listing them
    all: the walk ends at the first (a tensor computed from a placeholder meets one within
    its depth, where the list costs the whole graph)."""
    graph = t._op.graph
    seen: set = set()
    stack = [t._op]
    while stack:
        node = stack.pop()
        if node._id in seen:
            continue
        seen.add(node._id)
        if node.graph is graph and test(node):
            return True
        stack.extend(x._op for x in node.inputs if is_graph_tensor(x))
    return False


def evaluate(fetches: list, feeds: dict | None = None) -> list:
    """The values of symbolic `fetches`, given `feeds` (id of tensor -> array)."""
    values: dict = dict(feeds or {})
    for node in ancestors(fetches, set(values)):
        if node.type == "Placeholder":
            raise InvalidArgumentError(
                None, None, f"You must feed a value for placeholder tensor '{node.name}' with "
                f"dtype {node.attrs['dtype'].name}"
                + ("" if node.attrs["shape"] is None else
                   " and shape [" + ",".join("?" if d is None else str(d)
                                             for d in node.attrs["shape"]) + "]"))
        run_op(node, values)
    return [values[id(t)] if is_graph_tensor(t) else t for t in fetches]
