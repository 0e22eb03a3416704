"""The "While" op (what tf.while_loop becomes while a graph is traced) and its gradient.

Sits in control_flow/ over subgraph_ops.py (sub-graph tracing, captures and the op
holding them, shared with "If"). The body and the condition are traced into sub-graphs
whose placeholders are the loop variables followed by the tensors they capture; the
operation's inputs are the outer values of those, then the variables they read. A loop's
gradient is a loop running the body's gradient backwards over the loop variables each
iteration saw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.control_flow.subgraph_ops import (
    SubGraph,
    _capture_passed,
    _finish_inputs,
    _floaty,
    _has_effects,
    _holding_op,
    _identity,
    _read_vars,
    _register_reads,
    _scope,
    _to_output,
    _under,
    capture_eager_passed,
    list_passed_in_order,
    loop_order,
    new_subgraph,
    op_scope,
    scalar_pred,
    trace,
)
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.graph.replay import replay
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.ops.array import zeros
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.extension_type import flatten_extensions, pack_extensions
from eagerflow._src.ops.graph_constants import assert_compatible
from eagerflow._src.ops.math import add
from eagerflow._src.ops.math_base import zeros_like
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec
from eagerflow._src.ops.registry import OpDef
from eagerflow._src.ops.tensor_list_grads import (
    GRAD_READ,
    add_gradient_lists,
    empty_gradient_list,
)

L = lazy_module("eagerflow._src.ops.tensor_list_ops")  # (the histories' reads: gradients)


def as_args(loop_vars: Any) -> tuple:
    """Loop variables as the arguments of cond and body (a lone value, or a namedtuple,
    is one argument)."""
    if isinstance(loop_vars, (list, tuple)) and not hasattr(loop_vars, "_fields"):
        return tuple(loop_vars)
    return (loop_vars,)


def _loop_vars(structure: Any, single: bool) -> list:
    """The loop variables, one entry each (a RaggedTensor one, not its components)."""
    return [structure] if single else nest.flatten(structure)


def _component_invariants(structure: Any, shape_invariants: Any, single: bool) -> list:
    """The shape invariants, one per tensor carried: a RaggedTensor's invariant (a
    TensorShape or its spec) gives each of its components', as TF's spec of that shape,
    dtype and ragged rank does (the flat values' inner dims, splits of any length)."""
    inv = nest.flatten(shape_invariants) if not single else [shape_invariants]
    vars_ = _loop_vars(structure, single)
    if len(inv) != len(vars_):
        return inv  # (refused by the count check that follows)
    out = []
    for x, s in zip(vars_, inv):
        if isinstance(x, RaggedTensor) and isinstance(s, (TensorShape, RaggedTensorSpec)):
            spec = s if isinstance(s, RaggedTensorSpec) else RaggedTensorSpec(
                s, x.dtype, x.ragged_rank, x.row_splits.dtype)
            out.extend(c.shape for c in spec._component_specs)
        else:
            out.append(s)
    return out


def _ragged_loop_shapes(structure: Any, single: bool, flat_t: list) -> list | None:
    """Each carried tensor's loop shape where a loop variable is ragged (its spec's
    component shapes; the others' own), else None."""
    vars_ = _loop_vars(structure, single)
    if not any(isinstance(x, RaggedTensor) for x in vars_):
        return None
    out: list = []
    for x in vars_:
        if isinstance(x, RaggedTensor):
            out.extend(c.shape._dims for c in x._type_spec._component_specs)
        else:
            n = len(flatten_extensions(x))
            out.extend(t._shape for t in flat_t[len(out):len(out) + n])
    return out


def build_while(cond: Callable, body: Callable, loop_vars: Any, shape_invariants: Any,
                maximum_iterations: Any, name: str, lead_names: tuple = ()) -> Any:
    """tf.while_loop in a graph: one While op named `name` (made unique) holding the traced
    cond and body, whose placeholders are named as TF's ("while/Placeholder", ...; the
    first ones `lead_names` under the loop's name, as TF's "while/while/loop_counter")."""
    single = not (isinstance(loop_vars, (list, tuple)) and not hasattr(loop_vars, "_fields"))
    structure = loop_vars
    flat_in = flatten_extensions(structure)
    ta_meta = [x if getattr(x, "_is_tensor_array", False) else None for x in flat_in]
    flat_t = [x._flow_tensor() if m is not None else _as_loop_tensor(x)
              for x, m in zip(flat_in, ta_meta)]
    if shape_invariants is not None:
        inv = _component_invariants(structure, shape_invariants, single)
        inv_shapes = [TensorShape(s)._dims if s is not None else None for s in inv]
        if len(inv_shapes) != len(flat_t):
            raise ValueError("shape_invariants must have the same structure as loop_vars")
        for t, s in zip(flat_t, inv_shapes):
            if not TensorShape(s).is_compatible_with(t.shape):
                label = t.name if isinstance(t, SymbolicTensor) else "Const:0"
                raise ValueError(f"The shape invariant specified for {label} "
                                 f"is not compatible with the initial shape of the loop "
                                 f"variable. It enters the loop with shape {t.shape}, but the "
                                 f"specified shape invariant is {TensorShape(s)}.")
    else:
        # (a RaggedTensor's components loop with its spec's shapes: flat values and inner
        # splits of any length, as TF's)
        inv_shapes = _ragged_loop_shapes(structure, single, flat_t) or \
            [t._shape for t in flat_t]

    # (a Python value enters the loop as a constant of the enclosing graph, "Const"; a
    # loop counter of AutoGraph's as TF's own, "while/loop_counter")
    k = len(lead_names)
    flat_t[k:] = [_state.graph.capture(t) for t in flat_t[k:]]
    scope = op_scope(name)
    # TF's own loop counter and limit lead the op's inputs ("while/loop_counter", of the
    # limit's type; "while/maximum_iterations", -1 where none is given, which then limits
    # nothing), made in that order; an AutoGraph counter (`lead_names`) is that counter
    limit = convert_to_tensor(-1 if maximum_iterations is None else
                              _int32_limit(maximum_iterations), dt.int32)
    if not isinstance(limit, SymbolicTensor):
        limit = _state.graph.capture(limit, f"{scope}/maximum_iterations")
    flat_t[:k] = [_state.graph.capture(t, f"{scope}/{n}") for t, n in zip(flat_t, lead_names)]
    counter = flat_t[0] if k else _state.graph.capture(
        convert_to_tensor(0, dtype=limit._dtype), f"{scope}/loop_counter")
    cg, bg = new_subgraph(scope, "cond"), new_subgraph(scope, "body")

    def placeholders(g: FuncGraph) -> tuple:
        base = scope.rsplit("/", 1)[-1]
        names = [f"{base}/{n}" for n in lead_names]
        names += ["Placeholder"] * (len(flat_t) - len(names))
        with _under(scope):  # "while/Placeholder", "while/Placeholder_1", ...
            # (the names of TF's counter and limit arguments, "while/while/loop_counter",
            # taken: a loop inside makes "while/while/loop_counter_1")
            for n in ("loop_counter", "maximum_iterations")[k:]:
                g.unique_name(f"{base}/{n}")
            phs = [g.placeholder(s, t._dtype, n) for t, s, n in zip(flat_t, inv_shapes, names)]
        vals = [m._with_flow(p) if m is not None else p for p, m in zip(phs, ta_meta)]
        return phs, pack_extensions(structure, vals)

    c_phs, c_vals = placeholders(cg)
    b_phs, b_vals = placeholders(bg)
    c_out = trace(cond, cg, as_args(c_vals) if not single else (c_vals,))
    with _scope(cg):
        c_t = _to_output(cg, c_out)
        if c_t._dtype is not dt.bool:
            raise TypeError(f"cond must return a boolean scalar tensor, got {c_t._dtype!r}")
        c_t = scalar_pred(c_t)
        cg.outputs = [_identity(c_t)]
    b_out = trace(body, bg, as_args(b_vals) if not single else (b_vals,))
    if not single and not nest.is_nested(b_out):
        b_out = [b_out]
    nest.assert_same_structure(b_out, structure, check_types=False)  # (TF's order and words)
    # (then composites: a ragged variable stays ragged, of its spec's ragged rank and dtypes)
    nest.assert_same_structure(b_out, structure, check_types=False, expand_composites=True)
    b_flat = flatten_extensions(b_out)
    with _scope(bg):
        outs = []
        for x, m in zip(b_flat, ta_meta):
            outs.append(x._flow_tensor() if m is not None else _to_output(bg, x))
        # (TF's body has two results of its own first, its loop counter and its limit:
        # "while/Identity" and "while/Identity_1"; the loop's variables follow, as theirs)
        lead = [_identity(bg.capture(o)) for o in outs[:len(lead_names)]]
        for _ in range(2 - min(len(lead), 2)):
            bg.unique_name("Identity")
        bg.outputs = lead + [_identity(bg.capture(o)) for o in outs[len(lead):]]
    for t_in, t_out, s in zip(flat_t, bg.outputs, inv_shapes):
        label = t_in.name if isinstance(t_in, SymbolicTensor) else "Const:0"
        if t_out._dtype is not t_in._dtype:
            raise TypeError(f"Loop var {label} enters the loop with type {t_in._dtype} but "
                            f"has type {t_out._dtype} after 1 iteration. {label} type should "
                            "remain constant.")
        if not TensorShape(s).is_compatible_with(TensorShape(t_out._shape)):
            raise ValueError(
                f"Input tensor `{label}` enters the loop with shape {TensorShape(t_in._shape)}, "
                f"but has shape {TensorShape(t_out._shape)} after one iteration. To allow the "
                "shape to vary across iterations, use the `shape_invariants` argument of "
                "tf.while_loop to specify a less-specific shape.")
    caps = _finish_inputs([cg, bg], [c_phs, b_phs])
    variables = _read_vars([cg, bg], written=True)
    _register_reads(_read_vars([cg, bg]))
    n = len(flat_t)
    op = _while_op(SubGraph(cg), SubGraph(bg), [(s, t._dtype) for t, s in zip(flat_t, inv_shapes)],
                   n, len(caps), maximum_iterations is not None, _has_effects([cg, bg]),
                   bool(variables), k)
    # (TF's `input` list: its loop counter and limit, the loop variables, the captures)
    first = 2 + n - k
    order = loop_order([cg, bg])
    keys = list(dict.fromkeys(key for g in (cg, bg) for key in g._captures))
    made = capture_eager_passed(caps, [first + order.get(("t", key), 0) for key in keys],
                                scope)
    ins = (counter, limit, *flat_t[k:], *caps, *variables)
    res = list(bind(op, ins, {"keep_history": False}, scope + "/"))
    res = res[:k] + res[2:2 + n - k]  # (the loop variables' results: "while:2", ...)
    _capture_passed(op, [cg, bg], variables, first)
    _show_loop_inputs(op, ins[:first], caps, keys, variables, order, made)
    # a TensorArray leaves the loop with the element shape its writes in the body gave it
    vals = [b._with_flow(r) if m is not None else r for r, m, b in zip(res, ta_meta, b_flat)]
    out = pack_extensions(structure, vals)
    return out  # the loop variables' structure (TF's return_same_structure)


def _show_loop_inputs(op: OpDef, lead: tuple, caps: list, keys: list, variables: list,
                      order: dict, made: list) -> None:
    """The While of `op` just made shows its captures (`caps`, by `keys`) and variables
    in TF's order (loop_order), after its `lead` inputs, as TF's op takes them; their
    placeholders and constants are listed in that order."""
    graph = _state.graph
    node = next((o for o in reversed(graph.operations) if o.op is op), None)
    if node is None or not (caps or variables):
        return
    places = [(order.get(("t", key), 0), 0, x) for key, x in zip(keys, caps)]
    places += [(order.get(("v", id(v)), 0), 1, v) for v in variables]
    node.tf_inputs = tuple(lead) + tuple(x for _, _, x in sorted(places, key=lambda p: p[:2]))
    resources = getattr(graph, "_resources", None)
    if resources is not None:
        first = len(lead)
        list_passed_in_order(node, made, {id(resources[id(v)]): first + k for k, _, v in places
                                          if id(v) in resources})


# a loop's final counts (read-only: results shared by every call), made once
_COUNTS = tuple(np.asarray(k, np.int32) for k in range(256))
for _c in _COUNTS:
    _c.flags.writeable = False


def _int32_limit(value: Any) -> Any:
    """`maximum_iterations`, checked as TF converts it (to an int32 tensor)."""
    if isinstance(value, Tensor):
        if value._dtype is not dt.int32:
            raise ValueError("maximum_iterations: Tensor conversion requested dtype int32 for "
                             f"Tensor with dtype {value._dtype.name}: {value!r}")
    else:
        assert_compatible(value, dt.int32)
    return value


def _as_loop_tensor(x: Any) -> Tensor:
    if hasattr(x, "_as_tensor") and not isinstance(x, Tensor):
        return x._as_tensor()
    return x if isinstance(x, Tensor) else convert_to_tensor(x)


def _while_op(cond_g: SubGraph, body_g: SubGraph, specs: list, n: int, n_caps: int,
              has_limit: bool, stateful: bool, reads: bool = False, lead: int = 0) -> OpDef:
    """The While op of `cond_g` and `body_g` (taking the `n` loop variables, then the
    `n_caps` captured tensors). Its inputs are TF's: the loop counter and the limit, the
    loop variables, the captured tensors, the variables; with `lead` (an AutoGraph loop
    counter) the first loop variable is the counter. Its outputs: the counter's and the
    limit's, the loop variables', then their histories and the body's random draws."""
    # (the histories: per loop variable the value entering each iteration, as a
    # TensorArray flow (a tuple of arrays), kept only when a gradient asked for it; then,
    # the same way, each random draw of the body, which the gradient reuses)
    n_drawn = len(body_g.drawn)
    body_g.loop_layout = (lead, has_limit)  # (what while_layout reads)
    count_spec = specs[0] if lead else None
    out_specs = [count_spec, None] + specs[lead:] + [((), dt.variant)] * (n + n_drawn)

    def infer(counter: Any, limit: Any, *ins: Any, **attrs: Any) -> list:
        return [count_spec or ((), counter._dtype), ((), limit._dtype)] + out_specs[2:]

    n_vars = n - lead  # (the loop variables' inputs after the counter and the limit)

    def kernel(xp: Any, counter: Any, limit: Any, *ins: Any, keep_history: bool) -> tuple:
        vs = (counter, *ins[:n_vars]) if lead else ins[:n]
        caps = ins[n_vars:n_vars + n_caps]
        left = int(limit) - int(counter) if has_limit else None  # (iterations to go)
        c = cond_g.fn
        b = body_g.fn_with_drawn if keep_history and n_drawn else body_g.fn
        hist: list = []
        drawn: list = []
        i = 0
        while (left is None or i < left) and c(*vs, *caps)[0]:
            if keep_history:
                hist.append(vs)
            vs = b(*vs, *caps)
            if keep_history and n_drawn:
                drawn.append(vs[n:])
                vs = vs[:n]
            i += 1  # (an AutoGraph counter counts as TF's: by one)
        if lead:
            count = vs[0]
        else:  # (TF's counter is int32, as the limit, and enters at 0: build_while's)
            count = _COUNTS[i] if xp is np and i < len(_COUNTS) else \
                xp.asarray(i, counter.dtype)
        return (count, limit, *vs[lead:],
                *(tuple(h[j] for h in hist) for j in range(n)),
                *(tuple(d[k] for d in drawn) for k in range(n_drawn)))

    return _holding_op(
        "While" if stateful or reads else "StatelessWhile", infer, kernel,
        2 + 2 * n - lead + n_drawn, stateful,
        lambda op, node, *gs: _while_grad(op, node, gs, n, n_caps, lead), (cond_g, body_g),
        saves=bool(n_drawn),
        strip=lambda: _while_op(cond_g.without_effects(), body_g.without_effects(), specs, n,
                                n_caps, has_limit, _has_effects([cond_g.without_effects().graph,
                                                                 body_g.without_effects().graph]),
                                reads, lead))


def while_layout(node: Any) -> dict:
    """A While node's parts: "vars_in" and "vars_out" (its loop variables' inputs and
    results, in its cond's and body's order: an AutoGraph counter first), "caps" (the
    captured tensors), "variables", "history" and "drawn" (the columns of the histories and
    of the random draws), "lead" (1: the first loop variable is the counter), "limit" (the
    limit's input where one was given, else None)."""
    cond_sub, body_sub = node.op.subgraphs
    n = len(body_sub.graph.outputs)
    n_caps = len(cond_sub.graph.fed_inputs) - n
    lead, has_limit = body_sub.loop_layout
    ins, outs = list(node.inputs), list(node.outputs)
    m = 2 + n - lead
    return {"vars_in": ins[:lead] + ins[2:m], "vars_out": outs[:lead] + outs[2:m],
            "caps": ins[m:m + n_caps], "variables": ins[m + n_caps:],
            "history": outs[m:m + n], "drawn": outs[m + n:], "lead": lead,
            "limit": ins[1] if has_limit else None}


def _while_grad(op: OpDef, node: Any, gs: tuple, n: int, n_caps: int, lead: int) -> list:
    """The gradient of a loop is a loop: it walks the recorded history backwards, each
    iteration differentiating one replay of the body. Being an ordinary while_loop itself,
    it can be differentiated again (higher order)."""
    node.attrs["keep_history"] = True
    body = op.subgraphs[1].graph
    m = 2 + n - lead  # (the inputs and outputs as while_layout reads them)
    at = list(range(lead)) + list(range(2, m))  # the loop variables' places
    loop_in = [node.inputs[i] for i in at]
    loop_out = [node.outputs[i] for i in at]
    caps = list(node.inputs[m:m + n_caps])
    variables = list(node.inputs[m + n_caps:])
    fl = [j for j in range(n) if _floaty(loop_in[j])]
    fc = [k for k in range(n_caps) if _floaty(caps[k])]
    if not fl and not fc and not variables:
        return [None] * len(node.inputs)
    history = node.outputs[m:m + n]
    g_hist = [gs[m + j] for j in range(n)]
    n_iter = bind(L.LENGTH, (history[0],), {}) if n else None
    srcs = [caps[k] for k in fc] + variables

    def zero(t: Any) -> Any:
        if not isinstance(t, Tensor):  # a variable (a Keras 3 one's dtype is its name)
            return zeros(t.shape, t.dtype)
        return empty_gradient_list() if t._dtype is dt.variant else zeros_like(t)

    def cond(k: Any, *_: Any) -> Any:
        return k < n_iter

    def step(k: Any, *carried: Any) -> tuple:
        g, acc = list(carried[:len(fl)]), list(carried[len(fl):])
        t = n_iter - 1 - k
        vs = [L.get_item_of(history[j], t, loop_out[j]._shape, loop_in[j]._dtype)
              for j in range(n)]
        drawn = {id(d): L.get_item_of(col, t, d._shape, d._dtype)
                 for d, col in zip(op.subgraphs[1].drawn, node.outputs[m + n:])}
        with GradientTape(watch_accessed_variables=False) as tape:
            tape._watch([vs[j] for j in fl] + srcs)  # (Keras 3 variables among them)
            env = replay(body, vs + caps, drawn)
        targets = [env[id(body.outputs[j])] for j in fl]
        res = tape.gradient(targets, [vs[j] for j in fl] + srcs, output_gradients=g)
        new_g = []
        for i, j in enumerate(fl):
            r = res[i] if res[i] is not None else zero(vs[j])
            # what reached this iteration's input through the history itself
            new_g.append(r if g_hist[j] is None else
                         _plus(r, bind(GRAD_READ, (g_hist[j], t, vs[j]), {})))
        new_acc = [a if r is None else _plus(a, r) for a, r in zip(acc, res[len(fl):])]
        return (k + 1, *new_g, *new_acc)

    g0 = [gs[at[j]] if gs[at[j]] is not None else zero(loop_out[j]) for j in fl]
    acc0 = [zero(x) for x in srcs]
    invariants = [TensorShape([])] + [TensorShape(loop_out[j]._shape) for j in fl] + \
        [TensorShape(x._shape if isinstance(x, Tensor) else x.shape) for x in srcs]
    out = build_while(cond, step, [convert_to_tensor(0)] + g0 + acc0, invariants, None,
                      "while")[1:]
    grads: list = [None] * len(node.inputs)
    for i, j in enumerate(fl):
        grads[at[j]] = out[i]
    for i, k in enumerate(fc):
        grads[m + k] = out[len(fl) + i]
    for i in range(len(variables)):
        grads[len(node.inputs) - len(variables) + i] = out[len(fl) + len(fc) + i]
    return grads


def _plus(a: Any, b: Any) -> Any:
    return add_gradient_lists(a, b) if a._dtype is dt.variant else add(a, b)


