"""Control flow for tf.lite's converter: a traced tf.cond ("If"/"StatelessIf") and
tf.while_loop ("While"/"StatelessWhile") lowered to TFLite's IF and WHILE builtins, whose
branches, condition and body become subgraphs of the model, as TF 2.21's converter writes
them:

- IF takes the predicate then the tensors the branches capture; the else branch's subgraph
  is written before the then branch's. A predicate known at conversion inlines the branch it
  picks (TF folds such a cond).
- WHILE carries its loop variables, then the tensors the loop captures (passed through by
  the body); with `maximum_iterations` a counter goes first and the limit after the loop
  variables, the condition testing `counter < limit` AND the loop's own, the body adding 1.
  Condition and body subgraphs follow every IF branch, in the order the loops were met.
- A captured tensor known at conversion (a constant, a variable's value) becomes a constant
  of the subgraphs that read it instead of an input.

Sits beside converter.py, which calls `lower_if`/`lower_while` with its lowering of the
enclosing graph; each subgraph is lowered by a child of it (`low.child(name)`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.control_flow.while_op import while_layout
from eagerflow._src.core import dtypes as dt
from eagerflow._src.lite import schema as S
from eagerflow._src.lite.writer import ConverterError, Op


class Parts:
    """The function subgraphs of a model being converted: IF branches, then loop
    condition/body pairs (TF's order), and a counter per name for unique names."""

    def __init__(self) -> None:
        self.branches: list = []
        self.loops: list = []
        self.names: dict = {}

    def name(self, base: str) -> str:
        n = self.names.get(base, 0)
        self.names[base] = n + 1
        return base if n == 0 else f"{base}_{n}"

    def ordered(self) -> list:
        return self.branches + self.loops


def _np_dtype(x: Any) -> np.dtype:
    return np.dtype(dt.as_dtype(x._dtype).as_numpy_dtype)


def _subgraph(low: Any, graph: Any, name: str, outer: list, extra_in: int = 0) -> Any:
    """A child lowering of `graph` named `name` whose placeholders stand for the outer
    tensors `outer`: a constant outer tensor becomes a constant there, every other one an
    input (named as TF names them, `{name}_arg{i}`). The child's `inputs` are in the
    order of `outer` (constants skipped), its `outputs` the graph's outputs."""
    sub = low.child(name)
    sub.inputs = []
    for ph, y in zip(graph.fed_inputs, outer):
        if id(y) in low.const:
            sub.const[id(ph)] = low.const[id(y)]
        else:
            t = sub.new(f"{name}_arg{len(sub.inputs) + extra_in}", ph._shape, _np_dtype(ph))
            sub.of[id(ph)] = t
            sub.inputs.append(t)
    sub.walk(graph)
    sub.check()
    sub.outputs = [sub.tensor(o) for o in graph.outputs]
    return sub


def _check_dtypes(node: Any, xs: list) -> None:
    for x in xs:
        if _np_dtype(x) not in S.TYPE_OF_DTYPE:
            raise ConverterError(f"op {node.name} ({node.type}) carries a tensor of dtype "
                                 f"{dt.as_dtype(x._dtype).name}, which TFLite's "
                                 "IF and WHILE do not take")


def lower_if(low: Any, node: Any) -> None:
    # (tf.raw_ops.If's node holds no sub-graphs: its branches are its concrete functions)
    then_g, else_g = (getattr(s, "graph", s) for s in node.op.subgraphs) if \
        node.op.subgraphs else (node.attrs[k].graph for k in ("then_branch", "else_branch"))
    n = len(then_g.outputs)
    n_caps = len(then_g.fed_inputs)
    pred, caps = node.inputs[0], list(node.inputs[1:1 + n_caps])
    if any(low.uses.get(id(o), 0) for o in node.outputs[n:]):
        raise ConverterError(f"op {node.name}: a branch's random draws are read")
    if id(pred) in low.const:  # known at conversion: the branch it picks, inlined
        low.inline_graph(then_g if bool(np.ravel(low.const[id(pred)])[0]) else else_g,
                         caps, node.outputs[:n])
        return
    _check_dtypes(node, caps + list(node.outputs[:n]))
    # TF's branch names: the cond's scope, "while/cond" -> "while_cond_false" (an If named
    # by its type under a scope, as an imported graph's may be, by that scope)
    base = node.name
    if base.rsplit("/", 1)[-1].startswith(("StatelessIf", "If")):
        base = base.rsplit("/", 1)[0] if "/" in base else "cond"
    base = base.replace("/", "_")
    else_sub = _subgraph(low, else_g, low.parts.name(f"{base}_false"), caps)
    then_sub = _subgraph(low, then_g, low.parts.name(f"{base}_true"), caps)
    low.parts.branches += [else_sub, then_sub]
    ins = [low.tensor(pred)] + [low.tensor(c) for c in caps if id(c) not in low.const]
    low.emit_many(S.IF, ins, node.outputs[:n], {"_subgraphs": (then_sub, else_sub)})


def _append(sub: Any, code: int, inputs: list, name: str, dtype: Any) -> Any:
    """A new operator of `sub` on `inputs` making one tensor shaped like the first input."""
    t = sub.new(name, (), dtype)
    t.shape, t.signature = inputs[0].shape, inputs[0].signature
    sub.ops.append(Op(code, inputs, [t], {}))
    return t


def lower_while(low: Any, node: Any) -> None:
    if not node.op.subgraphs:
        raise ConverterError(f"op {node.name}: tf.raw_ops.{node.type}'s loop is not converted "
                             "(tf.while_loop's is)")
    cond_g, body_g = (getattr(s, "graph", s) for s in node.op.subgraphs)
    parts = while_layout(node)
    n = len(body_g.outputs)
    loop_in, caps, limit = parts["vars_in"], parts["caps"], parts["limit"]
    if any(low.uses.get(id(o), 0) for o in parts["history"] + parts["drawn"] +
           list(node.outputs[:2 - parts["lead"]])):
        raise ConverterError(f"op {node.name}: the loop's history is read")
    _check_dtypes(node, loop_in + caps + parts["vars_out"])
    live_caps = [c for c in caps if id(c) not in low.const]
    lead = 1 if limit is not None else 0
    cond_name = low.parts.name("while_cond")
    body_name = low.parts.name("while_body")
    cond = _loop_subgraph(low, cond_g, cond_name, loop_in, caps, lead, limit)
    body = _loop_subgraph(low, body_g, body_name, loop_in, caps, lead, limit)
    # the condition: the loop's own, AND counter < limit
    if limit is not None:
        counter, lim = cond.inputs[0], cond.inputs[1 + n]
        below = _append(cond, S.LESS, [counter, lim], "while/Less_1", np.bool_)
        both = _append(cond, S.LOGICAL_AND, [below, cond.outputs[0]], "while/LogicalAnd",
                       np.bool_)
        cond.outputs = [both]
        one = body.constant(np.array(1, np.int32), "arith.constant1")
        step = _append(body, S.ADD, [body.inputs[0], one], "while/add_1", np.int32)
        body.outputs = [step] + body.outputs + [body.inputs[1 + n]]
    body.outputs += body.inputs[lead + n + (1 if limit is not None else 0):]
    low.parts.loops += [cond, body]
    tensors = [low.tensor(x) for x in loop_in]
    outs: list = list(parts["vars_out"])
    if limit is not None:
        zero = low.constant(np.array(0, np.int32), "arith.constant")
        lim_t = low.tensor(limit, np.int32)
        if lim_t.dtype != np.int32:
            raise ConverterError(f"op {node.name}: maximum_iterations must be int32")
        tensors = [zero] + tensors + [lim_t]
    tensors += [low.tensor(c) for c in live_caps]
    low.emit_while(tensors, outs, lead, {"_subgraphs": (cond, body)})


def _loop_subgraph(low: Any, graph: Any, name: str, loop_in: list, caps: list, lead: int,
                   limit: Any) -> Any:
    """The condition or body subgraph: inputs [counter], loop variables, [limit], captures."""
    n = len(loop_in)
    sub = low.child(name)
    sub.inputs = []

    def arg(shape: Any, dtype: Any) -> Any:
        t = sub.new(f"{name}_arg{len(sub.inputs)}", shape, dtype)
        sub.inputs.append(t)
        return t

    if limit is not None:
        arg((), np.int32)
    for ph in graph.fed_inputs[:n]:
        sub.of[id(ph)] = arg(ph._shape, _np_dtype(ph))
    if limit is not None:
        arg((), np.int32)
    for ph, y in zip(graph.fed_inputs[n:], caps):
        if id(y) in low.const:
            sub.const[id(ph)] = low.const[id(y)]
        else:
            sub.of[id(ph)] = arg(ph._shape, _np_dtype(ph))
    sub.walk(graph)
    sub.check()
    sub.outputs = [sub.tensor(o) for o in graph.outputs]
    return sub
