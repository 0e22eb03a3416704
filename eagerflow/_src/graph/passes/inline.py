"""Inlining: a call of a traced function is replaced by the function's operations.

Nested tf.functions then optimize as one graph (folding and CSE across the call,
no call overhead). A Call's outputs are the callee's outputs then its saved tensors,
so both map to the callee's (copied) tensors.

The maps are keyed by id(tensor), as every pass's: a nested call's node, made here and
expanded in place of being kept, is held until the pass ends, so that no tensor made
after it is freed can take the id of one of its outputs (and with it their stand-ins).
"""

from __future__ import annotations

from eagerflow._src.graph.ir import PLACEHOLDER, Graph, Operation
from eagerflow._src.graph.passes.common import rewire, run_form, substitute_inputs
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor

MAX_DEPTH = 64


def _expand(graph: Graph, node: Operation, repl: dict, out: list, depth: int,
            expanded: list) -> None:
    substitute_inputs(node, repl)
    if node.op.graph_form is not None:
        # (its form chosen again from the inlined inputs, as TF's graph rewrites choose a
        # kernel once calls are inlined: a MaxPoolGrad of a called function's MaxPool)
        node.op = node.op.graph_form(node.inputs, node.attrs)
    fn = node.op.fn
    # (a tf.function(jit_compile=True) stays a call, as TF never inlines one: its code
    # runs as XLA's, ConcreteFunction._generate)
    if fn is None or depth > MAX_DEPTH or getattr(fn.graph, "jit_compile", None):
        out.append(node)
        return
    expanded.append(node)  # its outputs' ids stay in repl: they must not be reused
    inner = fn.graph
    env: dict = {}
    for ph, x in zip(inner.fed_inputs, node.inputs):
        env[id(ph)] = x
    # a variable argument's stand-in: the variable the call passes (an input or attr)
    passed = {id(p): node.inputs[i] for i, p in getattr(fn, "_var_slots", ())}
    for op in inner.operations:
        if op.op is PLACEHOLDER and id(op.outputs[0]) in env:
            continue
        ins = tuple(env.get(id(x), x) if type(x) is SymbolicTensor else
                    passed.get(id(x), x) for x in op.inputs)
        kind, attrs = run_form(op.op, op.attrs)
        if passed and any(id(v) in passed for v in attrs.values()):
            attrs = {k: passed.get(id(v), v) for k, v in attrs.items()}
        new = Operation(graph, kind, ins, attrs,
                        graph.unique_name(f"{node.name}/{op.name}", scoped=False))
        new.origin = op.origin
        new.outputs = tuple(SymbolicTensor(new, i, t._shape, t._dtype)
                            for i, t in enumerate(op.outputs))
        _expand(graph, new, repl, out, depth + 1, expanded)
        for a, b in zip(op.outputs, new.outputs):
            env[id(a)] = repl.get(id(b), b)
    targets = list(inner.outputs) + list(fn._saved)
    for t, src in zip(node.outputs, targets):
        repl[id(t)] = env.get(id(src), src)


def inline_calls(graph: Graph) -> Graph:
    if not any(n.op.fn is not None for n in graph.operations):
        return graph
    repl: dict = {}
    out: list = []
    expanded: list = []
    for node in graph.operations:
        _expand(graph, node, repl, out, 0, expanded)
    graph.operations = out
    rewire(graph, repl)
    return graph
