"""tf.switch_case while a graph is built: one "Case" (or "StatelessCase") op holding every
branch traced as a sub-graph, as TF 2.21's cond_v2.indexed_case builds it, and its
gradient, a Case of the branches' gradients.

Sits in control_flow/ above subgraph_ops.py, whose branch tracing, captures, random-draw
bookkeeping and branch gradients it shares with the If op, and below conditionals.py
(tf.switch_case). The op is named by its scope ("switch_case/indexed_case"), its branches'
ops under it, its results leave through Identity ops ("switch_case/indexed_case/Identity").
Its inputs are the branch index, the tensors any branch captures, then the variables they
read; an index out of [0, N) runs the last branch (TF's Case kernel; tf.switch_case makes
`default` that branch).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.control_flow.subgraph_ops import (
    SubGraph,
    _branch_grad,
    _branch_output,
    _capture_passed,
    _check_scalar_pred,
    _finish_inputs,
    _floaty,
    _has_effects,
    _holding_op,
    _identity,
    _is_ta,
    _merge_shape,
    _read_vars,
    _register_reads,
    _scope,
    _shown,
    _under,
    capture_branch_inputs,
    list_branch_inputs,
    new_subgraph,
    op_scope,
    trace,
)
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.extension_type import flatten_extensions, pack_extensions
from eagerflow._src.ops.registry import OpDef


def build_case(index: Tensor, fns: list, name: str = "indexed_case") -> Any:
    """`fns[index]()` (the last one for an index out of range) as one Case op named `name`
    (made unique under the current name scopes)."""
    scope = op_scope(name)
    graphs = [new_subgraph(scope, f"branch{k}") for k in range(len(fns))]
    results = [trace(fn, g) for fn, g in zip(fns, graphs)]
    flats = [flatten_extensions(r) for r in results]
    # (TF asserts first that the numbers of outputs agree, a composite one output there)
    counts = [len(nest.flatten(r)) for r in results]
    if len(set(counts)) != 1:
        raise AssertionError(counts)
    for g, flat in zip(graphs, flats):  # (each leaves through Identity ops, as TF's)
        with _scope(g):
            g.outputs = [_identity(_branch_output(g, x)) for x in flat if x is not None]
    _check_same_outputs([_shown(r, f, g) for r, f, g in zip(results, flats, graphs)], graphs)
    caps = _finish_inputs(graphs, [[] for _ in graphs])
    variables = _read_vars(graphs, written=True)
    stateful = _has_effects(graphs)
    if index._dtype is not dt.int32:  # (TF's op wrapper's, once the op is made)
        kind = "Case" if stateful or variables else "StatelessCase"
        raise TypeError(f"Input 'branch_index' of '{kind}' Op has type {index._dtype.name} "
                        "that does not match expected type of int32.")
    _register_reads(_read_vars(graphs))
    specs = []
    for k, t in enumerate(graphs[0].outputs):
        shape = t._shape
        for g in graphs[1:]:
            shape = _merge_shape(shape, g.outputs[k]._shape)
        specs.append((shape, t._dtype))
    op = case_op([SubGraph(g) for g in graphs], specs, len(caps), stateful, bool(variables))
    made = capture_branch_inputs(graphs, caps, variables, scope)
    res = bind(op, (index, *caps, *variables), {}, scope + "/")
    outs = list(res) if isinstance(res, tuple) else [res]
    # (TF's `input` list: after the index)
    _capture_passed(op, graphs, variables, 0, len(caps))
    list_branch_inputs(op, graphs, variables, len(caps), made)
    with _under(scope):
        outs[:len(specs)] = [_identity(t) for t in outs[:len(specs)]]
    it = iter(outs)
    # a TensorArray leaves the case as the first branch's, holding the Case's flow
    flat = [None if x is None else x._with_flow(next(it)) if _is_ta(x) else next(it)
            for x in flats[0]]
    return pack_extensions(results[0], flat)


def _check_same_outputs(shown: list, graphs: list) -> None:
    """TF's check of the branches' results against the first branch's, in its words."""
    def error(b: int, detail: str) -> TypeError:
        return TypeError(f"branches[0] and branches[{b}] arguments to tf.switch_case must have "
                         "the same number, type, and overall structure of return values.\n\n"
                         f"branches[0] output: {shown[0]}\nbranches[{b}] output: {shown[b]}\n\n"
                         f"Error details:\n{detail}")

    for b in range(1, len(graphs)):
        try:
            nest.assert_same_structure(shown[0], shown[b], expand_composites=True)
        except (ValueError, TypeError) as e:
            raise error(b, str(e)) from None
        if len(graphs[0].outputs) != len(graphs[b].outputs):
            raise ValueError(f"Lengths of branch outputs of case must match.\n"
                             f"len(graphs[0].outputs): {len(graphs[0].outputs)}\n"
                             f"len(graphs[{b}].outputs): {len(graphs[b].outputs)}\n")
        for x, y in zip(graphs[0].outputs, graphs[b].outputs):
            if x._dtype is not y._dtype:
                raise error(b, f"{x} and {y} have different types")


def case_op(branches: list, specs: list, n_caps: int, stateful: bool,
            reads: bool = False) -> OpDef:
    """The Case op of `branches` (SubGraphs taking the captured tensors); `reads`: a branch
    reads a variable, which makes it TF's stateful "Case" by name."""
    n = len(specs)
    last = len(branches) - 1
    # then the random draws of each branch (the untaken ones' are dummies), for gradients
    drawn = [b.drawn for b in branches]
    out_specs = specs + [(t._shape, t._dtype) for d in drawn for t in d]

    def infer(index: Any, *rest: Any) -> list:
        return out_specs

    def kernel(xp: Any, index: Any, *rest: Any) -> Any:
        _check_scalar_pred(index)
        k = int(index)
        if not 0 <= k <= last:
            k = last
        branch = branches[k]
        if len(out_specs) == n:
            through = branch.passthrough
            if through is not None:  # (its inputs returned: no call)
                return xp.asarray(rest[through[0]]) if n == 1 else \
                    tuple(xp.asarray(rest[i]) for i in through)
            out = branch.fn(*rest[:n_caps])
            return out[0] if n == 1 else out
        out = branch.fn_with_drawn(*rest[:n_caps])
        draws: tuple = ()
        for j, d in enumerate(drawn):
            draws += tuple(out[n:]) if j == k else \
                tuple(xp.zeros((), t._dtype.as_numpy_dtype) for t in d)
        return (*out[:n], *draws)

    return _holding_op(
        "Case" if stateful or reads else "StatelessCase", infer, kernel, len(out_specs),
        stateful, lambda op, node, *gs: _case_grad(op, node, gs, n_caps, n), tuple(branches),
        saves=len(out_specs) > n,
        strip=lambda: case_op([b.without_effects() for b in branches], specs, n_caps,
                              _has_effects([b.without_effects().graph for b in branches]),
                              reads))


def _case_grad(op: OpDef, node: Any, gs: tuple, n_caps: int, n: int) -> list:
    """The gradients of a Case's captured tensors and variables: a Case on the same index
    of each branch's gradient (replaying the branch with the forward pass's draws)."""
    index = node.inputs[0]
    caps = list(node.inputs[1:1 + n_caps])
    variables = list(node.inputs[1 + n_caps:])
    if not any(_floaty(c) for c in caps) and not variables:
        return [None] * len(node.inputs)
    draws = list(node.outputs[n:])
    fns: list[Callable] = []
    for b in op.subgraphs:
        m = len(b.drawn)
        fns.append(_branch_grad(b, caps, variables, list(gs), draws[:m]))
        draws = draws[m:]
    res = build_case(index, fns)
    res = list(res) if isinstance(res, (list, tuple)) else [res]
    it = iter(res)
    out: list = [None]
    out.extend(next(it) if _floaty(c) else None for c in caps)
    out.extend(next(it) for _ in variables)
    return out
