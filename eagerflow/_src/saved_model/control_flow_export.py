"""cond, switch_case and while_loop as TensorFlow's If, Case and While nodes, with their
branches, conds and bodies as library FunctionDefs of TF's signatures (function_export.py's
LibraryWriter lowers an op holding sub-graphs through `lower_control_flow`): an If's or
Case's captured tensors and handles in the order its branches first captured them, named
as TF's cond_v2 names them; a While's counter and limit, loop variables and captures
named as TF's while_v2 names them, its cond and body calling the traced ones.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.control_flow.subgraph_ops import first_captured, loop_order
from eagerflow._src.control_flow.while_op import while_layout
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.saved_model.export_refs import ExportError, Ref, touched_captures
from eagerflow._src.saved_model.resource_reads import READ_ONLY, read_only_inputs

# what TF's cond_v2, switch_case and while_v2 set on their nodes outside XLA, and in it
_LOWERED = {"_lower_using_switch_merge": True}
_IN_XLA = {"_xla_propagate_compile_time_consts": True}


def _lowering(w: Any) -> dict:
    return _IN_XLA if w.xla else _LOWERED


def lower_control_flow(lib: Any, w: Any, op: Any) -> list:
    if op.type in ("If", "StatelessIf"):
        return _if(lib, w, op)
    if op.type in ("Case", "StatelessCase"):
        return _case(lib, w, op)
    if op.type in ("While", "StatelessWhile"):
        return _while(lib, w, op)
    raise ExportError("eagerflow has no TensorFlow form for this op")


def _union(lib: Any, graphs: list) -> list:
    out: dict = {}
    for g in graphs:
        for v in touched_captures(g, lib.assets, lib.tables):
            out.setdefault(id(v), v)
    return list(out.values())


def _check_unused(w: Any, op: Any, n: int, what: str) -> None:
    if any(id(t) in w.consumed for t in op.outputs[n:]):
        raise ExportError(f"the {what} saved for a gradient in this function has no "
                          "TensorFlow form")


def _shapes(ts: list) -> list:
    return [t._shape for t in ts]


def _captured_names(g: Any, outer: list) -> list:
    """A branch's arguments' `_user_specified_name`s as TF's cond_v2 gives them: the name of
    the operation of the tensor each captures, none for one the branch leaves unused (a
    placeholder standing in for what the other branch captures)."""
    used = {id(x) for op in g.operations for x in op.inputs} | {id(t) for t in g.outputs}
    return [x._op.name if id(ph) in used else None for ph, x in zip(g.fed_inputs, outer)]


def _arg_names(g: Any, outer: list, scope: str, inputs: list | None = None,
               unused: Any = None) -> list:
    """A branch's arguments named as TF's cond_v2 names the placeholders it captures with:
    after the first node using one and the tensor it captures ("cond/add/x", made unique
    among the branch's names), "cond/Placeholder" for one only another branch uses
    (`inputs`: the placeholders, if not all of g's; `unused(x)`: another name for one
    `g` leaves unused)."""
    first: dict = {}
    for o in g.operations:
        # (a tf.print's tensors are TF's StringFormat's inputs: its lowering writes that)
        user = o.name if o.type != "PrintV2" else \
            "/".join(o.name.split("/")[:-1] + ["StringFormat"])
        for x in o.tf_inputs or o.inputs:
            first.setdefault(id(x), user)
    # (an eager tensor's placeholder is named after the input it feeds, "cond/add/y")
    eager = {id(ph) for x, ph in g._captures.values() if type(x) is EagerTensor}
    out = []
    for ph, x in zip(g.fed_inputs if inputs is None else inputs, outer):
        user = first.get(id(ph))
        if user is None or ph._op.name.rsplit("/", 1)[-1].startswith("unused_capture"):
            out.append(f"{scope}/Placeholder" if unused is None else unused(x))
        elif id(ph) in eager or _named_under(ph._op.name, f"{user}/{x._op.name}"):
            out.append(ph._op.name)  # (named so when captured: TF's name)
        else:
            out.append(g.unique_name(f"{user}/{x._op.name}", scoped=False, mark=False))
    return out


def _named_under(name: str, base: str) -> bool:
    """Whether a placeholder's `name` is `base` made unique ("cond/mul/y_1"): it was named
    under the op using it when it captured its tensor."""
    return name == base or (name.startswith(base + "_") and name[len(base) + 1:].isdigit())


def _branches(lib: Any, w: Any, op: Any, graphs: list,
              bases: list) -> tuple:
    """An If's or Case's branches written as library functions of TF's signature: their
    captured tensors and resources in the order the branches first captured them
    (`first_captured`); returns (their names, the node's inputs after its first)."""
    n_caps = len(graphs[0].fed_inputs)
    resources = _union(lib, graphs)
    outer = op.inputs[1:1 + n_caps]
    layout = first_captured(graphs, n_caps, resources)
    names = [lib.add(g, base, resources=resources, specified=_captured_names(g, outer),
                     input_names=_arg_names(g, outer, op.name), layout=layout,
                     branch=op.name)[0] for g, base in zip(graphs, bases)]
    ins = [w.ref(outer[x]) if kind == "t" else w.capture(x) for kind, x in layout]
    return names, ins, bool(resources) or any(lib._stateful(name) for name in names)


def _if(lib: Any, w: Any, op: Any) -> list:
    then_g, else_g = (getattr(s, "graph", s) for s in op.op.subgraphs)
    n = len(then_g.outputs)
    _check_unused(w, op, n, "random draws of a branch")
    (then_name, else_name), ins, stateful = _branches(
        lib, w, op, [then_g, else_g], [f"{op.name}_true", f"{op.name}_false"])
    return w.node("If" if stateful else "StatelessIf", [w.ref(op.inputs[0]), ins],
                  {"Tout": [t._dtype for t in then_g.outputs], "then_branch": then_name,
                   "else_branch": else_name, "output_shapes": _shapes(op.outputs[:n]),
                   **_lowering(w),
                   READ_ONLY: read_only_inputs(lib.library, [then_name, else_name], 1)},
                  name=op.name)


def _case(lib: Any, w: Any, op: Any) -> list:
    """A Case as TF's: the branch index, then what the branches capture (tensors and a
    resource per variable any branch touches); each branch a library function of that
    signature."""
    graphs = [getattr(s, "graph", s) for s in op.op.subgraphs]
    n = len(graphs[0].outputs)
    _check_unused(w, op, n, "random draws of a branch")
    names, ins, stateful = _branches(lib, w, op, graphs,
                                     [f"{op.name}_branch{k}" for k in range(len(graphs))])
    return w.node("Case" if stateful else "StatelessCase", [w.ref(op.inputs[0]), ins],
                  {"Tout": [t._dtype for t in graphs[0].outputs], "branches": names,
                   "output_shapes": _shapes(op.outputs[:n]), **_lowering(w),
                   READ_ONLY: read_only_inputs(lib.library, names, 1)}, name=op.name)


def _while(lib: Any, w: Any, op: Any) -> list:
    """A While as TF's: its loop counter and limit, the loop variables, the captured
    tensors, then the variables' resources, each passed through by the body; the cond and
    body call the traced ones (which take the loop variables and the captured tensors),
    the counter counting and the limit limiting where one was given, as TF's."""
    cond_g, body_g = (getattr(s, "graph", s) for s in op.op.subgraphs)
    parts = while_layout(op)
    n, lead = len(parts["vars_in"]), parts["lead"]
    m = 2 + n - lead
    _check_unused(w, op, m, "history of a loop")
    variables = _union(lib, [cond_g, body_g])
    cond_name, _ = lib.add(cond_g, f"{op.name}_cond_inner", resources=variables,
                           by_nodes=True)
    body_name, _ = lib.add(body_g, f"{op.name}_body_inner", resources=variables,
                           by_nodes=True)
    tensors = [x for x in op.inputs if not is_variable(x)]
    carried = [w.ref(x) for x in tensors] + [w.capture(v) for v in variables]
    perm = _capture_places(cond_g, body_g, len(parts["caps"]), variables)
    carried[m:] = [carried[m + i] for i in perm]
    shapes = [r.shape if r.dtype is not dt.resource else () for r in carried]
    for i, t in enumerate(op.outputs[:m]):
        shapes[i] = t._shape  # the loop variables' invariants
    spec = (carried, n, perm, lead, parts["limit"] is not None)
    names = _loop_arg_names(op, cond_g, body_g, parts, variables)
    cond = _wrapper(lib, f"{op.name}_cond", spec, cond_name, body=False, names=names)
    body = _wrapper(lib, f"{op.name}_body", spec, body_name, body=True, names=names)
    stateful = bool(variables) or lib._stateful(cond_name) or lib._stateful(body_name)
    return w.node("While" if stateful else "StatelessWhile", [carried],
                  {"cond": cond, "body": body, "output_shapes": shapes,
                   "parallel_iterations": 10, "_num_original_outputs": len(carried),
                   **_lowering(w), READ_ONLY: read_only_inputs(lib.library, [cond, body])},
                  name=op.name)[:m]


def _capture_places(cond_g: Any, body_g: Any, n_caps: int, variables: list) -> list:
    """The order in which a While takes its captured tensors (`n_caps`, first) and its
    `variables` (after them): TF's while_v2 passes them as the cond, then the body,
    first captured each (loop_order, as the traced graph shows the While's inputs)."""
    order = loop_order([cond_g, body_g])
    keys = list(dict.fromkeys(k for g in (cond_g, body_g) for k in g._captures))
    if len(keys) != n_caps:  # (a loop not traced here: its captures as they are)
        keys = [None] * n_caps
    places = [(order.get(("t", k), 0), 0) for k in keys]
    places += [(order.get(("v", id(v)), 0), 1) for v in variables]
    return sorted(range(len(places)), key=places.__getitem__)


def _loop_arg_names(op: Any, cond_g: Any, body_g: Any, parts: dict, variables: list) -> Any:
    """The names of a While's cond's and body's arguments as TF's while_v2 names them:
    its counter and limit ("while_while_loop_counter"), its loop variables ("while/
    Placeholder", _1, ...), then what it captures, named in each function after the node
    using it first ("while/Less/n"; a handle after the placeholder it is read through), in
    the body with "_0" (its result passing it on has the name), in the cond
    "<cond>___redundant_placeholder<k>" where it is unused. Returns names(body, fname)."""
    scope, n_loop = op.name, len(parts["vars_in"])
    caps = parts["caps"]
    head = [f"{scope}/{scope}/loop_counter", f"{scope}/{scope}/maximum_iterations"]
    head += [f"{scope}/Placeholder"] * (2 + n_loop - parts["lead"] - 2)
    used = {}
    for g, key in ((cond_g, False), (body_g, True)):
        tensors = _arg_names(g, caps, scope, g.fed_inputs[n_loop:], lambda x: None)
        ph = getattr(g, "_resources", {})
        res = [ph[id(v)].name if id(v) in ph else None for v in variables]
        used[key] = tensors + res
    outer = [x._op.name for x in caps] + [None] * len(variables)

    def names(body: bool, fname: str) -> list:
        out, k = list(head), 0
        for name, x in zip(used[body], outer):
            if body:
                out.append((name or f"{scope}/{x or 'resource'}") + "_0")
            elif name is None:
                out.append(f"{scope}_{fname}___redundant_placeholder{k}")
                k += 1
            else:
                out.append(name)
        return out
    return names


def _wrapper(lib: Any, base: str, spec: tuple, inner: str, body: bool,
             names: Any) -> str:
    """The cond or body function in the While's signature, calling the traced one: its
    arguments and results named as TF's (`names`: _loop_arg_names')."""
    carried, n, perm, lead, has_limit = spec
    m = 2 + n - lead
    fw = lib.new_function(base)
    fw.by_nodes = True
    arg_names = names(body, fw.fdef.signature.name)
    arg_names[m:] = [arg_names[m + i] for i in perm]
    args = [fw.add_arg(name, r.dtype, r.shape, specified=None)
            for name, r in zip(arg_names, carried)]
    captured = [args[m + perm.index(i)] for i in range(len(perm))]  # (tensors, variables)
    counter, limit = args[0], args[1]
    inner_args = args[:lead] + args[2:m] + captured
    stateful = lib._stateful(inner)
    out = fw.node("StatefulPartitionedCall" if stateful else "PartitionedCall", [inner_args],
                  {"f": inner, "Tout": [r.dtype for r in args[:lead] + args[2:m]] if body
                   else [dt.bool], READ_ONLY: read_only_inputs(lib.library, [inner])})
    if body:
        count = out[0] if lead else fw.node("AddV2", [counter, fw.const(1, counter.dtype)])[0]
        scope = base[:-len("_body")].replace("/", "_").lower()
        rets = [f"{scope}_identity"] + [f"{scope}_identity_{i}" for i in range(1, m)]
        rets += [a.name[:-2] for a in args[m:]]  # (what it passes on: "while_add_y")
        fw.finish([count, limit] + out[lead:n] + args[m:], rets)
    else:
        keep_going: Ref = out[0]
        if has_limit:
            below = fw.node("Less", [counter, limit])[0]
            keep_going = fw.node("LogicalAnd", [below, keep_going])[0]
        fw.finish([keep_going], [base[:-len("_cond")].replace("/", "_").lower() + "_identity"])
    return fw.fdef.signature.name
