"""The shapes of a signature's outputs as TF's exported graph infers them.

SavedModel layer, over graph/ir and the ops. TF writes a signature's outputs with the
shapes of the call op in the exported graph: the traced function's output shapes merged
with what shape inference of the function's body gives there. The two differ where the
exported graph knows more than the trace did: it makes the tables again with their
creator ops, whose handles carry the tables' key and value shapes (table_handles
`with_handle_data`), while the trace's captured tables carried none (a lookup of unknown
shape in the trace is, in the SavedModel, the keys' shape and the value's).

`refined_shapes` infers a graph again with that knowledge: each node touching a table,
or taking a tensor whose shape came out better, runs its OpDef's `infer` again (through a
nested function call too), and its outputs keep the traced shape merged with the new one.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.graph.ir import Graph
from eagerflow._src.ops.table_handles import with_handle_data
from eagerflow._src.ops.table_state import TableState


def merge(traced: tuple | None, inferred: tuple | None) -> tuple | None:
    """TF's set_shape of a call's output: the traced shape merged with the inferred one
    (the traced shape where they disagree)."""
    if traced is None:
        return inferred
    if inferred is None or len(inferred) != len(traced):
        return traced
    out = []
    for a, b in zip(traced, inferred):
        if a is not None and b is not None and a != b:
            return traced
        out.append(a if a is not None else b)
    return tuple(out)


def refined_shapes(graph: Any, args: list | None = None) -> dict:
    """id(tensor) -> its shape where inference with the tables' handle data (and `args`,
    better shapes for `graph.inputs`, None for as traced) improves on the traced shape."""
    better: dict = {}
    for ph, shape in zip(graph.fed_inputs, args or ()):
        if shape is not None and shape != ph._shape:
            better[id(ph)] = shape
    scratch = Graph("export_shapes")
    for node in graph.operations:
        ins = node.inputs
        if not _body_of(node) and \
                not any(isinstance(x, TableState) or id(x) in better for x in ins):
            continue
        inferred = _infer_node(node, ins, better, scratch)
        if inferred is None:
            continue
        for out, shape in zip(node.outputs, inferred):
            new = merge(out._shape, shape)
            if new != out._shape:
                better[id(out)] = new
    return better


def _body_of(node: Any) -> bool:
    """Whether the node calls a traced function (whose body TF's inference enters)."""
    return hasattr(getattr(node.op, "fn", None), "graph")


def _infer_node(node: Any, ins: tuple, better: dict, scratch: Graph) -> list | None:
    """The node's output shapes inferred again from its inputs' better shapes, or None
    where its inference does not take them (TF keeps the traced shapes then)."""
    if _body_of(node):  # a call: its body, with the better shapes (and its own tables)
        fn = node.op.fn
        inner = fn.graph
        found = refined_shapes(inner, [better.get(id(x)) for x in ins[:len(inner.fed_inputs)]])
        outs = list(inner.outputs) + list(getattr(fn, "_saved", ()))
        return [found.get(id(t), t._shape) for t in outs]
    args = []
    for x in ins:
        if isinstance(x, TableState):
            args.append(with_handle_data(x))
        elif id(x) in better:
            args.append(scratch.placeholder(better[id(x)], x._dtype))
        else:
            args.append(x)
    try:
        specs = node.op.infer(*args, **node.attrs)
    except Exception:  # noqa: BLE001 (a refinement TF's inference would refuse: as traced)
        return None
    return [s[0] for s in specs]
