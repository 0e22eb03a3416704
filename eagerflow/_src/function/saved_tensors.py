"""What a traced function's gradient must not recompute, and whether a call of it is
stateful: facts of its graph alone, read by function/concrete.py as it makes a
ConcreteFunction."""

from __future__ import annotations

from eagerflow._src.graph.ir import Graph


def collect_saved(graph: Graph) -> tuple[list, list]:
    """The tensors a gradient must not recompute, with the variable each one reads."""
    saved, saved_vars = [], []
    for node in graph.operations:
        name = node.op.name
        if node.op.save_outputs:  # a loop drawing random numbers
            saved.extend(node.outputs)
            saved_vars.extend([None] * len(node.outputs))
        elif name == "ReadVariableOp":
            saved.append(node.outputs[0])
            saved_vars.append(node.inputs[0])
        elif node.op.fn is not None:
            fn = node.op.fn
            n_out = len(fn.graph.outputs)
            saved.extend(node.outputs[n_out:])
            # (a variable argument's reads: of the variable the call passes)
            passed = {id(p): node.inputs[i] for i, p in fn._var_slots}
            saved_vars.extend(passed.get(id(v), v) for v in fn._saved_vars)
        elif node.op.stateful and node.outputs and node.op.replay is None:
            # a random draw (not control flow, which is replayed without its effects)
            saved.extend(node.outputs)
            saved_vars.extend([None] * len(node.outputs))
    return saved, saved_vars


def has_effects(graph: Graph) -> bool:
    """Whether a call of `graph` is stateful, as TF's StatefulPartitionedCall: it has a
    stateful op, or reads a variable (TF's ReadVariableOp is stateful)."""
    return bool(graph.read_vars) or any(node.op.stateful for node in graph.operations)
