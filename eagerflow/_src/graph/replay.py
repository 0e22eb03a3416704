"""Replaying a graph through `bind`: its operations run again in the current context.

Sits in graph/, above ir. Eagerly, a replay executes the graph op by op; while
tracing, it copies the graph into the graph being built; in both cases active
tapes record what runs. That is how gradients of graphs are built: a called
function, a cond branch or a loop body is replayed under a tape and the tape
differentiates the replay, using the same OpDef gradients as eager code.

`saved` maps tensors of the replayed graph to values that must not be recomputed:
variable reads and the outputs of stateful ops (random draws) taken when the graph
ran forward. With `skip_effects`, operations that only have effects (assignments,
prints, asserts) are not replayed: a gradient must not repeat them.
"""

from __future__ import annotations

from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.graph.ir import Graph
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.ops.dispatch import bind

_ASSIGNS = {"AssignVariableOp": "assign", "AssignAddVariableOp": "assign_add",
            "AssignSubVariableOp": "assign_sub"}


def replay(graph: Graph, inputs: list, saved: dict | None = None,
           skip_effects: bool = True, env: dict | None = None,
           keep_names: bool = False) -> dict:
    """Replays `graph` with `inputs` for graph.inputs; returns id(old tensor) -> new value.
    With `keep_names`, each operation made again takes its node's name (a prune's copy)."""
    env = {} if env is None else env
    saved = saved or {}
    for ph, v in zip(graph.fed_inputs, inputs):
        env[id(ph)] = v
    for node in graph.operations:
        name = node.op.name
        outs = node.outputs
        if name == "Placeholder":
            if "captured" in node.attrs:  # (a captured eager tensor: taken as it is)
                env.setdefault(id(outs[0]), node.attrs["captured"])
                continue
            if id(outs[0]) not in env:
                raise ValueError(f"replay of {graph.name}: placeholder {node.name} has no value")
            continue
        if outs and all(id(o) in saved for o in outs):
            hook = node.op.replay_saved
            if hook is None:
                for o in outs:
                    env[id(o)] = saved[id(o)]
                continue
            # saved, yet differentiable: the op's hook stands in with the saved values
            args = tuple(env[id(x)] if type(x) is SymbolicTensor else x for x in node.inputs)
            res = hook(node, args, [saved[id(o)] for o in outs])
            for o, v in zip(outs, res if isinstance(res, tuple) else (res,)):
                env[id(o)] = v
            continue
        if name == "Const":
            src = getattr(graph, "laid_out_consts", {}).get(id(outs[0]))
            env[id(outs[0])] = src if src is not None else \
                EagerTensor(node.attrs["value"], node.attrs["dtype"])
            continue
        if name == "ReadVariableOp" and type(node.inputs[0]) is not SymbolicTensor:
            env[id(outs[0])] = node.inputs[0]._as_tensor()  # (a handle's: bound below)
            continue
        args = tuple(env[id(x)] if type(x) is SymbolicTensor else x for x in node.inputs)
        if name in _ASSIGNS and "var" in node.attrs:  # (a handle's: bound below)
            if not skip_effects:
                getattr(node.attrs["var"], _ASSIGNS[name])(args[0])
            continue
        if node.op.stateful and not outs and skip_effects:
            continue
        sub = node.op.replay
        if sub is not None:
            res = sub(node, args, saved, skip_effects, env)
        else:
            res = bind(node.op, args, node.attrs, node.name if keep_names else None)
        if len(outs) == 1 and node.op.num_outputs == 1:
            env[id(outs[0])] = res
        else:
            for o, v in zip(outs, res):
                env[id(o)] = v
    return env
