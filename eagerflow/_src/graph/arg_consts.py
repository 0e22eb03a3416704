"""The inputs of a graph node as TF's graph holds them: the constants TF makes for the
arguments that eagerflow's ops hold as attrs.

Sits in graph/, below ir.py (which asks it while a node is added). TF's op takes an axis,
a shape or a permutation as an input tensor; an API call given a Python value converts it
to a Const named after the node and the argument ("Sum/reduction_indices",
"concat/axis", "Reshape/shape", "transpose/perm"). eagerflow's kernels take such values as
attrs, so these constants only show the node as TF's graph has it: they are real
operations of the traced graph (get_operations, as_graph_def, the node's TF inputs in
`Operation.tf_inputs`), but no eagerflow op reads them, so the optimized graph drops them
and a call never computes them.

Which inputs they are comes from TF's signature of the op (graph/type_errors.py's table)
and the OpDef's TFForm: `names` maps an attr to the TF argument it is, `graph_args`
gives the values an op holds in another form (StridedSlice's spec).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.graph.type_errors import dtype_word, signature
from eagerflow._src.ops.registry import OpDef


@functools.cache
def _tf_args(op_name: str) -> tuple | None:
    """(TF's input arguments, {type attr: its default dtype}) of `op_name`."""
    sig = signature(op_name)
    if sig is None:
        return None
    defaults = {a["name"]: a["defaultValue"]["type"] for a in sig.get("attr", ())
                if a.get("type") == "type" and "type" in a.get("defaultValue", {})}
    return tuple(sig.get("inputArg", ())), defaults


def _partial(v: Any) -> bool:
    return v is None or (isinstance(v, (tuple, list)) and any(e is None for e in v))


def _dtype(arg: dict, defaults: dict, value: np.ndarray) -> dt.DType:
    enum = arg.get("type") or defaults.get(arg.get("typeAttr", ""))
    if enum is not None:
        return dt.as_dtype(dtype_word(enum))
    return dt.int32 if value.dtype.kind in "iu" else dt.as_dtype(value.dtype)


@functools.cache
def _attrs_are_inputs(op: OpDef, keys: tuple) -> bool:
    """Whether any of `op`'s attrs named `keys` is one of TF's input arguments of its node
    (Sum's axis), asked once per op and set of attrs: most ops' attrs are TF's attrs too
    (MatMul's transpose_a), and their nodes have no constant to plan."""
    known = _tf_args(op.name)
    if known is None:
        return False
    names = op.tf.names if op.tf is not None else {}
    return any(a["name"] in {names.get(k, k) for k in keys} for a in known[0])


def plan(op: OpDef, attrs: dict, n_inputs: int, given: dict | None = None) -> list | None:
    """TF's inputs of a node of `op` with `attrs` and `n_inputs` eagerflow inputs, in TF's
    order: ("in", i, argument) for eagerflow's input i ("values_0" for a list's element),
    ("const", name, value, dtype, under_node) for a constant to make ("<node>/<name>", or
    `name` in the current scope) and ("tensor", t) for a graph tensor the API read the
    argument from. `given`: what the API says of its arguments ({TF argument: a tensor or
    (value, name in the current scope)}). None when TF's node takes only the eagerflow
    inputs, or its signature is not known or does not map onto them."""
    form = op.tf
    custom = form is not None and form.graph_args is not None
    if not custom and not given and not _attrs_are_inputs(op, tuple(attrs)):
        return None
    known = _tf_args(op.name)
    if known is None:
        return None
    args, defaults = known
    given = {k: (v[0], v[1], v[1] is None) if isinstance(v, tuple) else (v, "tensor")
             for k, v in (given or {}).items()}
    if custom:
        given = {**{k: (v, n, True) for k, (v, n) in form.graph_args(attrs).items()}, **given}
    names = form.names if form is not None else {}
    by_tf = {names.get(k, k): k for k in attrs}
    consts: dict = {}
    dyn: list = []  # TF arguments held as attrs only partly known: the trailing inputs
    for a in args:
        name = a["name"]
        if name in given:
            consts[name] = given[name]
        elif name in by_tf:
            v = attrs[by_tf[name]]
            if _partial(v):
                dyn.append(name)
            else:
                consts[name] = (v, None, True)
    if not consts and not dyn:
        return None
    plain = [a for a in args if a["name"] not in consts and a["name"] not in dyn]
    lists = [a for a in plain if "numberAttr" in a or "typeListAttr" in a]
    n_plain = n_inputs - len(dyn)
    n_list = n_plain - (len(plain) - len(lists))
    if len(lists) > 1 or n_list < 0 or (not lists and n_list):
        return None
    out: list = []
    pos = 0
    for a in args:
        name = a["name"]
        if name in consts:
            value, const_name, *under = consts[name]
            under = under[0] if under else True
            if const_name == "tensor":
                out.append(("tensor", value))
                continue
            try:
                arr = np.asarray(value)
            except (ValueError, TypeError, NotImplementedError):
                # (not one array of numbers: no TF argument of this form)
                return None
            if arr.dtype == object:
                return None
            d = _dtype(a, defaults, arr)
            out.append(("const", const_name or name, arr.astype(d.as_numpy_dtype), d, under))
        elif name in dyn:
            out.append(("in", n_plain + dyn.index(name), name))
        elif "numberAttr" in a or "typeListAttr" in a:
            out.extend(("in", pos + k, f"{name}_{k}") for k in range(n_list))
            pos += n_list
        else:
            out.append(("in", pos, name))
            pos += 1
    return out


def read_tensor(reads: list, value: np.ndarray) -> Any:
    """The graph tensor whose known value the API read into the attr that holds `value`:
    of `reads`, those made for this node (Graph.known_reads), the latest of equal integers,
    taken; None if none."""
    if value.dtype.kind not in "iu" and value.size:  # (an empty shape reads as floats)
        return None
    for k in range(len(reads) - 1, -1, -1):
        t, v = reads[k]
        if (v.dtype.kind in "iu" or not v.size) and v.size == value.size and \
                np.array_equal(v.reshape(-1), value.reshape(-1)):
            del reads[k]
            return t
    return None


def in_tf_order(operations: list, start: int, made: dict) -> None:
    """Puts the operations made for one node since `start` (its inputs' constants, TF's
    argument constants) in the order TF makes them: `made` maps an operation to its
    argument's position among TF's inputs (operations not in it keep theirs, first)."""
    tail = operations[start:]
    if len(tail) > 1:
        # an operation made on another's output (a tfdbg probe) stays after it
        at: dict = {}
        for o in tail:
            at[id(o)] = made.get(id(o), max(
                (at.get(id(getattr(x, "_op", None)), -1) for x in o.inputs), default=-1))
        tail.sort(key=lambda o: at[id(o)])
        operations[start:] = tail


def tf_inputs(graph: Any, plan: list, ins: tuple, start: int, node: str,
              const_op: OpDef) -> tuple:
    """The inputs of the node named `node` as TF's (`plan`'s), from its inputs `ins` and
    the constants made now, with `const_op` (Const), in `graph`; the operations made for
    the node since `start` are put in TF's order."""
    out, made = [], {}
    for k, entry in enumerate(plan):
        if entry[0] == "in":
            t = ins[entry[1]]
        elif entry[0] == "tensor":
            t = graph.capture(entry[1])
        else:
            _, cname, value, dtype, under = entry
            t = read_tensor(graph.known_reads, value) if under else None
            if t is None:
                t = graph._new_op(const_op, (), {"value": value, "dtype": dtype},
                                  [(value.shape, dtype)], f"{node}/{cname}" if under
                                  else cname, not under).outputs[0]
                graph.shown_only.add(id(t._op))
            if not under:  # (made by TF's API before its op converts any input: first)
                out.append(t)
                continue
        made.setdefault(id(getattr(t, "_op", t)), k)
        out.append(t)
    in_tf_order(graph.operations, start, made)
    graph.known_reads = []
    return tuple(out)
