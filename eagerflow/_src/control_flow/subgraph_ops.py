"""Ops holding sub-graphs: what they share (tracing a branch or body into a sub-graph, its
captures, the op holding it), and "If" (what tf.cond becomes while a graph is traced) with
its gradient ("While" is in while_op.py, "Case" in case_op.py).

Sits at the bottom of control_flow/, above graph/ (tracing sub-graphs, replay, codegen)
and autodiff/ (gradients differentiate the sub-graphs with a tape). Each branch or body
is traced into a sub-graph whose placeholders are its arguments followed by the tensors
it captures from enclosing graphs; the operation's inputs are the outer values of
those, then the variables the sub-graphs read (so tapes see them). Sub-graphs are
optimized and compiled like functions, on first run. A cond's gradient is a cond of
the branch gradients; a loop's gradient is a loop running the body's gradient
backwards over the loop variables each iteration saw.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src import backend as B
from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.graph import codegen
from eagerflow._src.graph.ir import FuncGraph, Graph
from eagerflow._src.graph.passes import optimize, run_passes
from eagerflow._src.graph.passes.common import copy_graph
from eagerflow._src.graph.replay import replay
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.ops.array import squeeze
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.extension_type import flatten_extensions, pack_extensions
from eagerflow._src.ops.math_base import IDENTITY, zeros_like
from eagerflow._src.ops.registry import OpDef
from eagerflow._src.ops.tensor_list_grads import empty_gradient_list


def _placement() -> Any:
    """The device whose code codegen writes for this thread now: None for NumPy's (the
    CPU's), else the device (a core.device._Device)."""
    place = _state.place
    if _state.xp is np and (place is None or place.backend is B.NUMPY):
        return None
    return place


class SubGraph:
    """A traced branch/body: its graph, compiled on first use on each device into
    `fn(*arrays) -> tuple` for that device's arrays (the same traced function may run under
    another tf.device later, and its If/While kernels then call the bodies there)."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._fns: dict = {}  # id(device or None) -> (device, fn)
        self._fns_drawn: dict = {}
        self._stripped: SubGraph | None = None
        self._passthrough: tuple | None = None

    @property
    def fn(self) -> Callable:
        place = _placement()
        hit = self._fns.get(id(place))
        if hit is None:
            g = optimize(self.graph)
            hit = self._fns[id(place)] = (place, codegen.generate(
                g, g.outputs, self.graph.name, body=True).fn)
        return hit[1]

    @property
    def source(self) -> str:
        g = optimize(self.graph)
        return codegen.generate(g, g.outputs, self.graph.name, body=True).source

    @property
    def drawn(self) -> list:
        """Outputs of the random draws (stateful operations with results) in the graph:
        what a gradient must reuse, not draw again."""
        return [t for node in self.graph.operations if node.op.stateful and node.outputs
                and node.op.replay is None for t in node.outputs]

    @property
    def fn_with_drawn(self) -> Callable:
        """Like `fn`, returning the graph's outputs followed by its `drawn` values."""
        place = _placement()
        hit = self._fns_drawn.get(id(place))
        if hit is None:
            g = copy_graph(self.graph)
            g.outputs = list(g.outputs) + [g.copied_from[id(t)][1] for t in self.drawn]
            g = run_passes(g)
            hit = self._fns_drawn[id(place)] = (place, codegen.generate(
                g, g.outputs, self.graph.name + "_drawn", body=True).fn)
        return hit[1]

    @property
    def passthrough(self) -> tuple | None:
        """The inputs the graph returns as they are (through Identity ops only, nothing
        else run), by index, or None: such a branch (an Assert guard's passing one) needs
        no call."""
        if self._passthrough is None:
            g = self.graph
            where = {id(t): i for i, t in enumerate(g.fed_inputs)}
            idx = []
            for t in g.outputs:
                while t._op.op.name == "Identity":
                    t = t._op.inputs[0]
                idx.append(where.get(id(t)))
            ok = None not in idx and not any(node.op.stateful for node in g.operations)
            self._passthrough = (tuple(idx) if ok else False,)
        return self._passthrough[0] or None

    def without_effects(self) -> SubGraph:
        """The same computation with effect-only operations (prints, assignments) removed:
        what a gradient replays, so that differentiating never repeats an effect."""
        if self._stripped is None:
            self._stripped = SubGraph(strip_effects(self.graph))
        return self._stripped

    def __repr__(self) -> str:
        return f"<subgraph {self.graph.name}: {len(self.graph.operations)} ops>"


def strip_effects(graph: Graph) -> Graph:
    g = copy_graph(graph)
    kept = []
    for node in g.operations:
        if node.op.stateful and not node.outputs:
            continue
        lighter = node.op.without_effects
        if lighter is not None:
            node.op = lighter()
        kept.append(node)
    g.operations = kept
    return g


class _scope:  # noqa: N801
    """Builds in `graph` (a branch's or body's): its ops are named under the name scope of
    the op holding it ("while/add", "cond/mul"), as TF names them."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def __enter__(self) -> Graph:
        st = _state
        self._saved = (st.graph, st.tapes, st.name_scopes)
        st.graph, st.tapes = self.graph, []
        path = getattr(self.graph, "scope_path", None)
        if path is not None:
            st.name_scopes = [path] if path else []
        return self.graph

    def __exit__(self, *exc: Any) -> None:
        _state.graph, _state.tapes, _state.name_scopes = self._saved


class _under:  # noqa: N801
    """The name scope `path` (absolute) while ops of the current graph are made."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __enter__(self) -> None:
        self._saved = _state.name_scopes
        _state.name_scopes = [self.path] if self.path else []

    def __exit__(self, *exc: Any) -> None:
        _state.name_scopes = self._saved


_subgraph_ids = itertools.count(1)


def op_scope(name: str) -> str:
    """The name of a cond's or loop's op, made unique in the graph being built: the name
    scope its branches' or body's ops are named under ("cond", "while_1", "outer/cond")."""
    return _state.graph.unique_name(name)


def new_subgraph(scope: str, kind: str, scoped: bool = True) -> FuncGraph:
    """A branch's or a loop's graph, named as TF names them (`while_body_12`, `cond_true_3`:
    the op's name scope, what it is, a process-wide count); its ops are named under
    `scope` (`scoped` False: under the name scopes open where it is traced)."""
    outer = _state.graph
    g = FuncGraph(f"{scope}/{kind}_{next(_subgraph_ids)}".replace("/", "_"), parent=outer)
    g.allow_variable_creation = getattr(outer, "allow_variable_creation", True)
    g.scope_path = scope if scoped else None
    # In a tf.function, an eager tensor a branch or body reads is one of its captured
    # inputs, as an outer tensor is: the op then takes it, and the function captures it.
    g.captures_eager = g.eager_as_input = getattr(outer, "captures_eager", False)
    return g


def _identity(x: Any) -> Any:
    """`x` through an Identity op named as TF names a branch's or body's output."""
    return bind(IDENTITY, (x,), {}, "Identity")


def _to_output(graph: Graph, x: Any) -> SymbolicTensor:
    if hasattr(x, "_as_tensor") and not isinstance(x, Tensor):
        x = x._as_tensor()
    if not isinstance(x, Tensor):
        x = convert_to_tensor(x)
    if graph._pending_reads:  # a variable returned: read as the branch's result, by no op
        graph.settle_reads()
    return graph.capture(x)


def trace(fn: Callable, graph: FuncGraph, args: tuple = ()) -> Any:
    with _scope(graph):
        out = fn(*args)
        if graph._pending_reads:  # (reads no op consumed keep the names they were made with)
            graph.settle_reads()
        return out


def _finish_inputs(graphs: list, lead: list) -> list:
    """Gives every graph the same inputs: its `lead` placeholders, then one placeholder per
    outer tensor captured by any of them. Returns the outer tensors."""
    outer: dict = {}
    for g in graphs:
        for key, (t, _) in g._captures.items():
            outer.setdefault(key, t)
    for g, own in zip(graphs, lead):
        phs = list(own)
        for key, t in outer.items():
            hit = g._captures.get(key)
            if hit is None:
                ph = g.placeholder(t._shape, t._dtype, "unused_capture")
                g._captures[key] = (t, ph)
                hit = (t, ph)
            phs.append(hit[1])
        g.fed_inputs = phs
    return list(outer.values())


def _read_vars(graphs: list, written: bool = False) -> list:
    """The variables `graphs` read (`written`: or only write: the handles TF's op takes
    for them all)."""
    out: dict = {}
    for g in graphs:
        for v in g.read_vars.values():
            out.setdefault(id(v), v)
        for node in g.operations:
            if node.op.name == "ReadVariableOp":
                v = node.inputs[0]
                out.setdefault(id(v), v)
    if written:
        for g in graphs:
            for v in g.variable_map.values():
                out.setdefault(id(v), v)
    return list(out.values())


def first_captured(graphs: list, n_caps: int, resources: list) -> list:
    """TF's order of what an If's or Case's branches (`graphs`) capture: ("t", i) for
    their i-th captured tensor (each graph's `inputs[i]`), ("r", obj) for a variable (or
    table, asset) of `resources`, in the order each branch in turn first captured them
    (TF's cond_v2 passes them so); what no branch captured itself after, in order."""
    out: dict = {}
    for g in graphs:
        made = [(ph._op._id, ("t", i)) for i, ph in enumerate(g.fed_inputs[:n_caps])
                if not ph._op.name.rsplit("/", 1)[-1].startswith("unused_capture")]
        made += [(ph._id, ("r", key)) for key, ph in getattr(g, "_resources", {}).items()]
        for _, key in sorted(made):
            out.setdefault(key, None)
    for i in range(n_caps):
        out.setdefault(("t", i), None)
    by_id = {id(r): r for r in resources}
    for r in resources:
        out.setdefault(("r", id(r)), None)
    return [(kind, x if kind == "t" else by_id[x]) for kind, x in out if kind == "t" or
            x in by_id]


def _capture_passed(op: OpDef, graphs: list, variables: list, first: int,
                    n_caps: int | None = None) -> None:
    """The variables passed to the If or While just made of `op` captured by the
    function's graph where that node is the first to touch them (var_reads.py), named
    after their places in TF's `input` list of the op, from `first` on: what its
    branches or bodies (`graphs`) capture, in the order each first touched it. With
    `n_caps` (an If's or Case's captured tensors), the node shows its inputs in that
    order, as TF's (`tf_inputs`: the node's own stay grouped)."""
    graph = _state.graph
    if not hasattr(graph, "capture_passed") or not (variables or n_caps):
        return
    node = next((o for o in reversed(graph.operations) if o.op is op), None)
    if node is None:
        return
    if n_caps is not None:
        layout = first_captured(graphs, n_caps, variables)
        caps = node.inputs[1:1 + n_caps]
        node.tf_inputs = (node.inputs[0],) + tuple(caps[x] if kind == "t" else x
                                                   for kind, x in layout)
        order = {id(x): k for k, (kind, x) in enumerate(layout) if kind == "r"}
    else:
        order = {key[1]: k for key, k in loop_order(graphs).items() if key[0] == "v"}
    if variables:
        graph.capture_passed(node, [(v, first + order.get(id(v), 0)) for v in variables])


def loop_order(graphs: list) -> dict:
    """TF's order of what a loop's cond and body (`graphs`) capture, each in turn in the
    order it first captured them: ("t", key) for an outer tensor (its key in the graphs'
    `_captures`), ("v", id) for a variable, each to its place among them."""
    order: dict = {}
    for g in graphs:
        made = [(ph._op._id, ("t", key)) for key, (_, ph) in g._captures.items()
                if not ph._op.name.rsplit("/", 1)[-1].startswith("unused_capture")]
        made += [(ph._id, ("v", key)) for key, ph in getattr(g, "_resources", {}).items()]
        for _, key in sorted(made):
            order.setdefault(key, len(order))
    return order


def capture_eager_passed(caps: list, places: list, scope: str) -> list:
    """The eager tensors among `caps` (what an If, Case or While passes its graphs)
    captured by the function being traced, as TF's op converts its inputs: each named
    after its place in the op's `input` list ("cond/input_2"; `places`, one per capture),
    a Const up to 128 elements, a placeholder beyond (graph/captures.py), in the order of
    those places. Returns `caps` with them replaced; (place, node) of each made."""
    graph = _state.graph
    made = []
    if not getattr(graph, "captures_eager", False):
        return made
    for k, i in sorted((k, i) for i, k in enumerate(places)):
        x = caps[i]
        if type(x) is EagerTensor:
            n = len(graph.operations)
            caps[i] = graph.capture(x, f"{scope}/input_{k}")
            if len(graph.operations) > n:
                made.append((k, graph.operations[n]))
    return made


def list_passed_in_order(node: Any, made: list, places: dict) -> None:
    """The resource placeholders an If, Case or While (`node`) captured listed among the
    eager captures `made` for it (capture_eager_passed) by their places in its `input`
    list (`places`: id(placeholder) -> place), as TF converts the op's inputs in order."""
    before = getattr(_state.graph, "_listed_before", None)
    phs = before.get(id(node)) if before is not None and made else None
    if not phs:
        return
    keep = []
    for ph in phs:
        k = places.get(id(ph))
        later = next((nd for j, nd in made if k is not None and j > k), None)
        if later is None:
            keep.append(ph)
        else:
            before.setdefault(id(later), []).append(ph)
    before[id(node)] = keep


def capture_branch_inputs(graphs: list, caps: list, variables: list, scope: str) -> list:
    """capture_eager_passed for an If's or Case's branches (`graphs`): the places of
    `caps` in TF's `input` list (first_captured's order)."""
    layout = first_captured(graphs, len(caps), variables)
    places = [0] * len(caps)
    for k, (kind, x) in enumerate(layout):
        if kind == "t":
            places[x] = k
    return capture_eager_passed(caps, places, scope)


def list_branch_inputs(op: OpDef, graphs: list, variables: list, n_caps: int,
                       made: list) -> None:
    """list_passed_in_order for the If or Case of `op` just made."""
    graph = _state.graph
    node = next((o for o in reversed(graph.operations) if o.op is op), None)
    resources = getattr(graph, "_resources", None)
    if node is None or not made or resources is None:
        return
    layout = first_captured(graphs, n_caps, variables)
    places = {id(resources[id(x)]): k for k, (kind, x) in enumerate(layout)
              if kind == "r" and id(x) in resources}
    list_passed_in_order(node, made, places)


def _register_reads(variables: list) -> None:
    g = _state.graph
    for v in variables:
        g.variable_map.setdefault(id(v), v)
        g.read_vars.setdefault(id(v), v)
        for tape in list(_state.tapes):
            tape._on_variable_read(v)


def _has_effects(graphs: list) -> bool:
    return any(n.op.stateful for g in graphs for n in g.operations)


def _merge_shape(a: Any, b: Any) -> Any:
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b))


# ---------------------------------------------------------------------------------------
# If
# ---------------------------------------------------------------------------------------

def build_cond(pred: Tensor, true_fn: Callable, false_fn: Callable, name: str | None) -> Any:
    """A cond's If under a name scope of its own, `name` made unique ("cond_1/"); None:
    in the current scope, the If named by its type (TF's gradient of a cond)."""
    if pred._dtype is not dt.bool:
        raise TypeError(f"pred must be a bool tensor, got {pred._dtype!r}")
    pred = scalar_pred(pred)
    scope = op_scope(name) if name is not None else "/".join(_state.name_scopes)
    tg, fg = new_subgraph(scope, "true"), new_subgraph(scope, "false")
    t_res = trace(true_fn, tg)
    f_res = trace(false_fn, fg)
    # (TF's cond_v2 asserts first that the numbers of outputs agree, a composite (a
    # RaggedTensor) one output there, None one too; their structures are compared next)
    counts = [len(nest.flatten(r)) for r in (t_res, f_res)]
    if counts[0] != counts[1]:
        raise AssertionError(counts)
    t_flat = flatten_extensions(t_res)
    f_flat = flatten_extensions(f_res)
    # each branch's results leave it through Identity ops ("cond/Identity"), as in TF
    with _scope(tg):
        tg.outputs = [_identity(_branch_output(tg, x)) for x in t_flat if x is not None]
    with _scope(fg):
        fg.outputs = [_identity(_branch_output(fg, x)) for x in f_flat if x is not None]
    t_shown, f_shown = _shown(t_res, t_flat, tg), _shown(f_res, f_flat, fg)
    mismatch = (f"true_fn and false_fn arguments to tf.cond must have the same number, type, "
                f"and overall structure of return values.\n\ntrue_fn output: {t_shown}\n"
                f"false_fn output: {f_shown}\n\nError details:\n")
    try:  # (TF's words show the branches' outputs: "cond/Identity:0")
        nest.assert_same_structure(t_shown, f_shown, expand_composites=True)
    except (ValueError, TypeError) as e:
        raise TypeError(mismatch + str(e)) from None
    if len(tg.outputs) != len(fg.outputs):  # (a None where the other branch has a tensor)
        raise ValueError(f"Lengths of branch outputs of cond must match.\nlen(graphs[0]."
                         f"outputs): {len(tg.outputs)}\nlen(graphs[1].outputs): "
                         f"{len(fg.outputs)}\n")
    for a, b in zip(tg.outputs, fg.outputs):
        if a._dtype is not b._dtype:
            raise TypeError(f"{mismatch}{a} and {b} have different types")
    caps = _finish_inputs([tg, fg], [[], []])
    variables = _read_vars([tg, fg], written=True)
    _register_reads(_read_vars([tg, fg]))
    specs = [(_merge_shape(a._shape, b._shape), a._dtype) for a, b in zip(tg.outputs, fg.outputs)]
    op = _if_op(SubGraph(tg), SubGraph(fg), specs, len(caps), _has_effects([tg, fg]),
                bool(variables))
    made = capture_branch_inputs([tg, fg], caps, variables, scope)
    res = bind(op, (pred, *caps, *variables), {}, None if name is None else scope + "/")
    outs = list(res) if isinstance(res, tuple) else [res]
    # (TF's `input` list: after the pred)
    _capture_passed(op, [tg, fg], variables, 0, len(caps))
    list_branch_inputs(op, [tg, fg], variables, len(caps), made)
    with _under(scope):
        outs[:len(specs)] = [_identity(t) for t in outs[:len(specs)]]
    it = iter(outs)
    # a TensorArray leaves the cond as the true branch's, holding the If's flow
    flat = [None if x is None else x._with_flow(next(it)) if _is_ta(x) else next(it)
            for x in t_flat]
    return pack_extensions(t_res, flat)


def _shown(res: Any, flat: list, graph: Graph) -> Any:
    """A branch's results as TF's cond error shows them: its outputs, in their structure."""
    it = iter(graph.outputs)
    return pack_extensions(res, [None if x is None else next(it) for x in flat])


def scalar_pred(pred: Tensor) -> Tensor:
    """A cond's or loop's predicate squeezed to a scalar as TF squeezes it (a Squeeze op
    unless it is already a scalar): `[1, 1]` and `[None, None]` pass; a predicate of
    several elements fails when the op runs."""
    return pred if pred._shape == () else squeeze(pred)


def _passed(xp: Any, v: Any) -> Any:
    """A value a branch returns as it was given: an array where it lives (a list too)."""
    return v if type(v) in B.ARRAY_TYPES else xp.asarray(v)


def _check_scalar_pred(pred: Any) -> None:
    if pred.ndim:
        # (TF lowers the If to a Switch, whose kernel words this)
        raise InvalidArgumentError(None, None, "The second input must be a scalar, but it has "
                                   f"shape [{','.join(str(d) for d in pred.shape)}]")


def _is_ta(x: Any) -> bool:
    return getattr(x, "_is_tensor_array", False)


def _branch_output(graph: Graph, x: Any) -> SymbolicTensor:
    """A branch's result as its graph's output: a TensorArray by its flow, as a loop's."""
    return graph.capture(x._flow_tensor()) if _is_ta(x) else _to_output(graph, x)


def _if_op(then_g: SubGraph, else_g: SubGraph, specs: list, n_caps: int,
           stateful: bool, reads: bool = False) -> OpDef:
    """The If op of a cond; `reads`: a branch reads a variable, which makes it TF's
    stateful "If" by name (reads are no effects here: nothing else changes)."""
    n = len(specs)
    # then the random draws of each branch (the untaken one's are dummies), for gradients
    drawn = [then_g.drawn, else_g.drawn]
    out_specs = specs + [(t._shape, t._dtype) for t in drawn[0] + drawn[1]]

    def infer(pred: Any, *rest: Any) -> list:
        return out_specs

    def kernel(xp: Any, pred: Any, *rest: Any) -> Any:
        _check_scalar_pred(pred)
        taken = bool(pred)
        branch = then_g if taken else else_g
        if len(out_specs) == n:
            through = branch.passthrough
            if through is not None:  # (its inputs returned: no call, as asserts pass)
                return _passed(xp, rest[through[0]]) if n == 1 else \
                    tuple(_passed(xp, rest[i]) for i in through)
            out = branch.fn(*rest[:n_caps])
            return out[0] if n == 1 else out
        out = branch.fn_with_drawn(*rest[:n_caps])
        untaken = drawn[1] if taken else drawn[0]
        dummies = tuple(xp.zeros((), t._dtype.as_numpy_dtype) for t in untaken)
        draws = out[n:] + dummies if taken else dummies + out[n:]
        return (*out[:n], *draws)

    return _holding_op(
        "If" if stateful or reads else "StatelessIf", infer, kernel, len(out_specs), stateful,
        lambda op, node, *gs: _if_grad(op, node, gs, n_caps, n), (then_g, else_g),
        saves=len(out_specs) > n,
        strip=lambda: _if_op(then_g.without_effects(), else_g.without_effects(), specs, n_caps,
                             _has_effects([then_g.without_effects().graph,
                                           else_g.without_effects().graph]), reads))


def _holding_op(name: str, infer: Callable, kernel: Callable, num_outputs: int, stateful: bool,
                grad: Callable, subgraphs: tuple, saves: bool, strip: Callable) -> OpDef:
    """An op holding `subgraphs` (never folded). `grad(op, node, *gs)` is its gradient;
    `strip()` builds the same op with effect-only operations removed (what a gradient
    replays, so that differentiating never repeats an effect). With `saves`, its outputs
    hold random draws, which the gradient of an enclosing function must reuse, not draw
    again: the op's results are saved, and in the replay an op holding them stands in,
    with the same gradient."""
    cache: list = []

    def without_effects() -> OpDef:
        if not op.stateful:
            return op
        if not cache:
            cache.append(strip())
        return cache[0]

    def replay(node: Any, args: tuple, saved: dict, skip_effects: bool, env: dict) -> Any:
        return bind(without_effects() if skip_effects else op, args, node.attrs)

    def replay_saved(node: Any, args: tuple, values: list) -> Any:
        return _replay_saved(op, node, args, values)

    op = OpDef(name, infer, kernel, grad=lambda node, *gs: grad(op, node, *gs),
               num_outputs=num_outputs, stateful=stateful, subgraphs=subgraphs, no_fold=True,
               without_effects=without_effects, replay=replay, save_outputs=saves,
               replay_saved=replay_saved if saves else None)
    return op


def _branch_grad(sub: SubGraph, caps: list, variables: list, gs: list,
                 draws: list) -> Callable:
    def f() -> list:
        # the output gradients taken first: TF's gradient If lists them before the forward
        # values its branches read (tf.gradients inside the branch starts from them)
        g_in = [_state.graph.capture(g) if type(g) is SymbolicTensor and _floaty(o) else g
                for o, g in zip(sub.graph.outputs, gs)]
        with GradientTape(watch_accessed_variables=False) as tape:
            for c in caps:
                if _floaty(c):
                    tape.watch(c)
            for v in variables:
                tape._watch(v)
            # the forward pass's random draws, not new ones
            env = replay(sub.graph, caps, {id(d): v for d, v in zip(sub.drawn, draws)})
        targets, grads = [], []
        for o, g in zip(sub.graph.outputs, g_in):
            t = env[id(o)]
            if _floaty(t) and g is not None:
                targets.append(t)
                grads.append(g)
        sources = [c for c in caps if _floaty(c)] + list(variables)
        res = tape.gradient(targets, sources, output_gradients=grads) if targets else \
            [None] * len(sources)
        return [r if r is not None else _zero_gradient(s) for r, s in zip(res, sources)]
    return f


def _zero_gradient(t: Any) -> Any:
    """No gradient as a value: zeros, or for a TensorArray's flow an empty list (a branch
    that never reads the array)."""
    return empty_gradient_list() if isinstance(t, Tensor) and t._dtype is dt.variant else \
        zeros_like(t)


def _floaty(t: Any) -> bool:
    """Whether gradients flow through `t`: floats, complex, and TensorArray flows."""
    d = t._dtype if isinstance(t, Tensor) else t.dtype
    return d.is_floating or d.is_complex or d is dt.variant


def _if_grad(op: OpDef, node: Any, gs: tuple, n_caps: int, n: int) -> list:
    then_g, else_g = op.subgraphs
    pred = node.inputs[0]
    caps = list(node.inputs[1:1 + n_caps])
    variables = list(node.inputs[1 + n_caps:])
    gs = list(gs)
    float_caps = [c for c in caps if _floaty(c)]
    if not float_caps and not variables:
        return [None] * len(node.inputs)
    m1 = len(then_g.drawn)
    draws = list(node.outputs[n:])
    res = build_cond(pred, _branch_grad(then_g, caps, variables, gs, draws[:m1]),
                     _branch_grad(else_g, caps, variables, gs, draws[m1:]), None)
    res = list(res) if isinstance(res, (list, tuple)) else [res]
    it = iter(res)
    out: list = [None]
    for c in caps:
        out.append(next(it) if _floaty(c) else None)
    out.extend(next(it) for _ in variables)
    return out


class _NodeView:
    """The forward op's inputs and (saved) outputs, as its gradient function reads a node."""

    def __init__(self, inputs: tuple, outputs: tuple) -> None:
        self.inputs, self.outputs, self.attrs, self.needs = inputs, outputs, {}, None


def without_gradient(op: OpDef) -> OpDef:
    """`op` (an If or While) without a gradient, and never replayed by one: its results are
    saved like those of any stateful operation (a loop over a dataset's iterator, which
    must not read the iterator again, as TF's ReduceDataset)."""
    def replay_saved(node: Any, args: tuple, values: list) -> Any:
        return _replay_saved(new, node, args, values)

    new = dataclasses.replace(op, grad=lambda node, *gs: [None] * len(node.inputs), replay=None,
                              without_effects=None,
                              replay_saved=replay_saved if op.save_outputs else None)
    return new


def _replay_saved(op: OpDef, node: Any, args: tuple, values: list) -> Any:
    k = len(args)
    specs = [(t._shape, t._dtype) for t in node.outputs]

    def grad(n2: Any, *gs: Any) -> list:
        view = _NodeView(tuple(n2.inputs[:k]), tuple(n2.outputs))
        return list(op.grad(view, *gs)) + [None] * len(values)  # (op.grad: may be None's)

    saved_op = OpDef("Saved" + op.name, lambda *ins: specs, lambda xp, *a: tuple(a[k:]),
                     grad=grad, num_outputs=len(specs), no_fold=True)
    return bind(saved_op, tuple(args) + tuple(values), {})


# ---------------------------------------------------------------------------------------
# The guard of a graph Assert
# ---------------------------------------------------------------------------------------

def assert_guard(cond: Tensor, assert_fn: Callable) -> Any:
    """TF's guard of an Assert in a function's graph: a cond "Assert/AssertGuard" whose
    false branch runs the Assert, so that a failure names the node
    "Assert/AssertGuard/Assert"; each branch passes the condition through Identity ops
    ("AssertGuard/Identity", "AssertGuard/Identity_1"). Returns the Identity operation of
    its result, as TF's Assert returns. (Installed by function/concrete.py, where every
    function graph is traced: see ops/debugging.py's set_assert_guard.)"""
    if cond._dtype is not dt.bool or cond._shape != ():  # (the Assert op's own error)
        return assert_fn()

    def failed() -> Any:
        assert_fn()
        return _identity(cond)

    return build_cond(cond, lambda: _identity(cond), failed, "AssertGuard").op
