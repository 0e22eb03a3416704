"""tf.cond and tf.while_loop as TensorFlow's If and While nodes.

Sits in saved_model/ beside function_export.py, which calls `lower_control_flow` for an
operation holding sub-graphs. An If takes the predicate and the branches' captured
tensors, then a resource argument per variable either branch touches; both branches are
library functions of that one signature. TF's While carries everything the loop uses
as loop variables: eagerflow's loop variables, then the captured tensors and, for
`maximum_iterations`, a counter and the limit (passed through unchanged), then the
variables' resources. The condition and body are small wrapper functions in that
signature around the traced cond and body graphs.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.saved_model.function_export import (
    ExportError,
    FunctionWriter,
    LibraryWriter,
    Ref,
    touched_variables,
)


def lower_control_flow(lib: LibraryWriter, w: FunctionWriter, op: Any) -> list:
    if op.type in ("If", "StatelessIf"):
        return _if(lib, w, op)
    if op.type in ("While", "StatelessWhile"):
        return _while(lib, w, op)
    raise ExportError("eagerflow has no TensorFlow form for this op")


def _union(graphs: list) -> list:
    out: dict = {}
    for g in graphs:
        for v in touched_variables(g):
            out.setdefault(id(v), v)
    return list(out.values())


def _check_unused(w: FunctionWriter, op: Any, n: int, what: str) -> None:
    if any(id(t) in w.consumed for t in op.outputs[n:]):
        raise ExportError(f"the {what} saved for a gradient in this function has no "
                          "TensorFlow form")


def _shapes(ts: list) -> list:
    return [t._shape for t in ts]


def _if(lib: LibraryWriter, w: FunctionWriter, op: Any) -> list:
    then_g, else_g = (getattr(s, "graph", s) for s in op.op.subgraphs)
    n = len(then_g.outputs)
    _check_unused(w, op, n, "random draws of a branch")
    n_caps = len(then_g.inputs)
    variables = _union([then_g, else_g])
    then_name, _ = lib.add(then_g, f"{op.name}_true", resources=variables)
    else_name, _ = lib.add(else_g, f"{op.name}_false", resources=variables)
    caps = [w.ref(x) for x in op.inputs[1:1 + n_caps]]
    stateful = bool(variables) or lib._stateful(then_name) or lib._stateful(else_name)
    outs = then_g.outputs
    return w.node("If" if stateful else "StatelessIf",
                  [w.ref(op.inputs[0]), caps + [w.resource(v) for v in variables]],
                  {"Tout": [t._dtype for t in outs], "then_branch": then_name,
                   "else_branch": else_name, "output_shapes": _shapes(op.outputs[:n])},
                  name=op.name)


def _while(lib: LibraryWriter, w: FunctionWriter, op: Any) -> list:
    cond_g, body_g = (getattr(s, "graph", s) for s in op.op.subgraphs)
    n = len(body_g.outputs)
    _check_unused(w, op, n, "history of a loop")
    n_caps = len(cond_g.inputs) - n
    tensors = [x for x in op.inputs if not is_variable(x)]
    has_limit = len(tensors) == n + n_caps + 1
    variables = _union([cond_g, body_g])
    cond_name, _ = lib.add(cond_g, f"{op.name}_cond_inner", resources=variables)
    body_name, _ = lib.add(body_g, f"{op.name}_body_inner", resources=variables)
    carried = [w.ref(x) for x in tensors[:n + n_caps]]
    if has_limit:
        limit = w.ref(tensors[-1])
        if limit.dtype is not dt.int32:
            limit = w.node("Cast", [limit], {"DstT": dt.int32})[0]
        carried += [w.const(0, dt.int32, name=f"{op.name}/loop_counter"), limit]
    carried += [w.resource(v) for v in variables]
    shapes = [r.shape if r.dtype is not dt.resource else () for r in carried]
    for i, t in enumerate(op.outputs[:n]):
        shapes[i] = t._shape  # the loop variables' invariants
    spec = (carried, n, n_caps, has_limit, len(variables))
    cond = _wrapper(lib, f"{op.name}_cond", spec, cond_name, body=False)
    body = _wrapper(lib, f"{op.name}_body", spec, body_name, body=True)
    stateful = bool(variables) or lib._stateful(cond_name) or lib._stateful(body_name)
    outs = w.node("While" if stateful else "StatelessWhile", [carried],
                  {"cond": cond, "body": body, "output_shapes": shapes,
                   "parallel_iterations": 10}, name=op.name)
    return outs[:n]


def _wrapper(lib: LibraryWriter, base: str, spec: tuple, inner: str, body: bool) -> str:
    """The cond or body function in the While's signature, calling the traced one."""
    carried, n, n_caps, has_limit, n_vars = spec
    fw = lib.new_function(base)
    args = [fw.add_arg(f"loop_var_{i}" if r.dtype is not dt.resource else f"resource_{i}",
                       r.dtype, r.shape) for i, r in enumerate(carried)]
    res = args[len(args) - n_vars:]
    inner_args = args[:n + n_caps] + res
    stateful = lib._stateful(inner)
    out = fw.node("StatefulPartitionedCall" if stateful else "PartitionedCall", [inner_args],
                  {"f": inner, "Tout": [r.dtype for r in args[:n]] if body else [dt.bool]})
    if body:
        outs = out[:n] + args[n:n + n_caps]
        if has_limit:
            i, limit = args[n + n_caps], args[n + n_caps + 1]
            outs += [fw.node("AddV2", [i, fw.const(1, dt.int32)])[0], limit]
        fw.finish(outs + res)
    else:
        keep_going: Ref = out[0]
        if has_limit:
            i, limit = args[n + n_caps], args[n + n_caps + 1]
            below = fw.node("Less", [i, limit])[0]
            keep_going = fw.node("LogicalAnd", [below, keep_going])[0]
        fw.finish([keep_going])
    return fw.fdef.signature.name
