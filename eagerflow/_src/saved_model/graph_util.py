"""tf.compat.v1.graph_util: GraphDef surgery (freezing, extracting, pruning) as TF 2.21's.

Sits in saved_model/ beside graph_def.py, whose GraphDefs (TF's messages) it edits; the
functions read and write GraphDef messages only, as TF's do, so they serve TF's own
GraphDefs too:

- `extract_sub_graph(graph_def, dest_nodes)`: the nodes `dest_nodes` reach through data,
  control and colocation inputs, in the GraphDef's order, with its library and versions;
- `convert_variables_to_constants(sess, graph_def, output_node_names)`: that subgraph
  with each variable (VarHandleOp, VariableV2) a Const of its value in `sess`, each read
  of it an Identity, and the functions an If, While or call passes it to rewritten to
  take the value (the function is renamed `<name>_frozen...`, its resource argument
  becomes the variable's dtype);
- `remove_training_nodes(graph_def, protected_nodes)`: CheckNumerics nodes dropped and
  Identity / StopGradient nodes spliced out where no control edge or colocation names them;
- `tensor_shape_from_node_def_name(graph, name)`, `must_run_on_cpu(node)`.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.graph.ir import Operation
from eagerflow._src.saved_model.attrs import tensor_proto
from eagerflow._src.saved_model.graph_import import import_graph_def
from eagerflow._src.saved_model.protos import pb

_VARIABLE_OPS = {"Assign", "AssignAdd", "AssignSub", "Queue", "ScatterAdd", "ScatterSub",
                 "ScatterUpdate", "TruncatedNormal", "Variable", "VariableV2"}
_HANDLES = ("Variable", "VariableV2", "VarHandleOp")
# node type -> (its function attributes, the input its functions' first argument takes)
_CALLS = {"If": (("then_branch", "else_branch"), 1), "StatelessIf": (("then_branch",
                                                                      "else_branch"), 1),
          "Case": (("branches",), 1), "StatelessCase": (("branches",), 1),
          "While": (("cond", "body"), 0), "StatelessWhile": (("cond", "body"), 0),
          "PartitionedCall": (("f",), 0), "StatefulPartitionedCall": (("f",), 0)}


def _called(node: Any) -> list:
    """The functions a node's attributes name (a Case's branches: a list of them)."""
    out = []
    for av in node.attr.values():
        if av.HasField("func"):
            out.append(av.func.name)
        elif av.HasField("list"):
            out.extend(f.name for f in av.list.func)
    return out


def _is_graph_def(x: Any) -> bool:
    desc = getattr(x, "DESCRIPTOR", None)
    return getattr(desc, "full_name", "").rsplit(".", 1)[-1] == "GraphDef"


def _node_name(n: str) -> str:
    return n[1:] if n.startswith("^") else n.split(":")[0]


def _colocated(node: Any) -> list:
    if "_class" not in node.attr:
        return []
    out = []
    for s in node.attr["_class"].list.s:
        s = s.decode("utf-8")
        out.append(s[5:] if s.startswith("loc:@") else s)
    return out


def extract_sub_graph(graph_def: Any, dest_nodes: Any) -> Any:
    """The subgraph of `graph_def` that can reach any of the nodes `dest_nodes`."""
    if not _is_graph_def(graph_def):
        raise TypeError("graph_def must be a graph_pb2.GraphDef proto, but got "
                        f"type {type(graph_def)}.")
    if isinstance(dest_nodes, str):
        raise TypeError("dest_nodes must be an iterable of strings, but got "
                        f"type {type(dest_nodes)}.")
    inputs: dict = {}
    nodes: dict = {}
    order: dict = {}
    for i, node in enumerate(graph_def.node):
        n = _node_name(node.name)
        nodes[n] = node
        inputs[n] = [_node_name(x) for x in node.input] + _colocated(node)
        order[n] = i
    dest_nodes = list(dest_nodes)
    for d in dest_nodes:
        assert d in nodes, f"{d} is not in graph"  # (TF's AssertionError)
    keep: set = set()
    todo = list(dest_nodes)
    while todo:
        n = todo.pop()
        if n in keep:
            continue
        keep.add(n)
        todo.extend(inputs.get(n, ()))
    out = type(graph_def)()
    for n in sorted(keep, key=lambda k: order[k]):
        out.node.add().CopyFrom(nodes[n])
    out.library.CopyFrom(graph_def.library)
    out.versions.CopyFrom(graph_def.versions)
    return out


def remove_training_nodes(input_graph: Any, protected_nodes: Any = None) -> Any:
    """`input_graph`'s nodes without the ones only training needs (a new GraphDef holding
    the nodes alone, as TF's)."""
    protected = set(protected_nodes or ())
    removed = {n.name for n in input_graph.node
               if n.op == "CheckNumerics" and n.name not in protected}
    kept = []
    for node in input_graph.node:
        if node.name in removed:
            continue
        new = type(node)()
        new.CopyFrom(node)
        del new.input[:]
        new.input.extend(i for i in node.input if i.lstrip("^") not in removed)
        kept.append(new)
    controls: set = set()
    with_controls: set = set()
    colocated: set = set()
    for node in kept:
        for i in node.input:
            if "^" in i:
                controls.add(i.replace("^", ""))
                with_controls.add(node.name)
        colocated.update(_colocated(node))
    splice = {n.name: n.input[0] for n in kept
              if n.op in ("Identity", "StopGradient") and n.name not in protected
              and n.name not in colocated and n.name not in with_controls
              and n.name not in controls}
    out = type(input_graph)()
    for node in kept:
        if node.name in splice:
            continue
        new = out.node.add()
        new.CopyFrom(node)
        del new.input[:]
        for full in node.input:
            name = re.sub(r"^\^", "", full)
            while name in splice:
                full = splice[name]
                name = re.sub(r"^\^", "", full)
            new.input.append(full)
    return out


def tensor_shape_from_node_def_name(graph: Any, input_name: str) -> Any:
    """The static shape of the tensor a NodeDef input string names ("x" is "x:0")."""
    canonical = input_name if ":" in input_name else input_name + ":0"
    return graph.get_tensor_by_name(canonical).get_shape()


def must_run_on_cpu(node: Any, pin_variables_on_cpu: bool = False) -> bool:
    """Whether TF would place `node` (an Operation or a NodeDef) on the CPU: int32 and
    string constants, int32 stitches and casts from int32, and with
    `pin_variables_on_cpu` TF 1's variable ops."""
    if isinstance(node, Operation):  # (its node in the graph's GraphDef, as TF's node_def)
        node = next(n for n in node.graph.as_graph_def().node if n.name == node.name)
    else:
        assert type(node).__name__ == "NodeDef"  # (TF's assertion)
    op = node.op

    def dtype(key: str) -> Any:
        return dt.as_dtype(node.attr[key].type) if node.attr[key].type else None
    if pin_variables_on_cpu and op in _VARIABLE_OPS:
        return True
    if op == "Const":
        return dtype("dtype") in (dt.string, dt.int32)
    if op in ("DynamicStitch", "ParallelDynamicStitch"):
        return dtype("T") is dt.int32
    if op == "Cast":
        return dtype("SrcT") is dt.int32
    return False


# -- freezing ------------------------------------------------------------------------------

def _should_convert(name: str, allow: Any, deny: Any) -> bool:
    return (allow is None or name in allow) and (deny is None or name not in deny)


def convert_variables_to_constants(sess: Any, input_graph_def: Any, output_node_names: Any,
                                   variable_names_whitelist: Any = None,
                                   variable_names_blacklist: Any = None) -> Any:
    """`input_graph_def`'s subgraph computing `output_node_names`, its variables frozen
    into constants of their values in `sess`."""
    gd = extract_sub_graph(input_graph_def, output_node_names)
    chosen = [n for n in gd.node if n.op in _HANDLES and
              _should_convert(n.name, variable_names_whitelist, variable_names_blacklist)]
    names = [n.name + ("/Read/ReadVariableOp" if n.op == "VarHandleOp" else "") + ":0"
             for n in chosen]
    values = dict(zip((n.name for n in chosen), sess.run(names))) if names else {}
    return _Freezer(gd, {n.name: (np.asarray(values[n.name]), dt.as_dtype(n.attr["dtype"].type))
                         for n in chosen}).run()


class _Freezer:
    """Rewrites one GraphDef: variables as constants, reads as Identities."""

    def __init__(self, gd: Any, frozen: dict) -> None:
        self.gd, self.frozen = gd, frozen
        self.fdefs = {f.signature.name: f for f in gd.library.function}
        self.made: dict = {}   # (function, frozen argument indices) -> new function

    def run(self) -> Any:
        out = type(self.gd)()
        out.versions.CopyFrom(self.gd.versions)
        # the frozen handles by node name: (dtype, shape) of their values
        env = {name: (dtype, v.shape) for name, (v, dtype) in self.frozen.items()}
        for node in self.gd.node:
            new = out.node.add()
            if node.name in self.frozen:
                value, dtype = self.frozen[node.name]
                new.name, new.op = node.name, "Const"
                new.attr["dtype"].type = dtype.as_datatype_enum
                new.attr["value"].tensor.CopyFrom(tensor_proto(pb(), value, dtype))
                continue
            new.CopyFrom(node)
            self._rewrite(new, [_resource_source(i, env) for i in node.input], env)
        by_name = {**self.fdefs, **{f.signature.name: f for f in self.made.values()}}
        for name in self._reachable(out.node, by_name):
            out.library.function.add().CopyFrom(by_name[name])
        return out

    def _rewrite(self, node: Any, sources: list, env: dict) -> None:
        """`node` (a copy) taking values where it took frozen handles."""
        hit = [i for i, s in enumerate(sources) if s is not None]
        if not hit:
            return
        if node.op == "ReadVariableOp":
            dtype = node.attr["dtype"].type  # (the read's own, as TF keeps it)
            node.op = "Identity"
            del node.attr["dtype"]
            node.attr["T"].type = dtype
            return
        call = _CALLS.get(node.op)
        if call is None:
            raise ValueError(f"Can't freeze node {node.name} ({node.op}): it takes the "
                             f"variable {sources[hit[0]]}'s handle, not its value")
        attrs, first = call
        args = {i - first: env[sources[i]] for i in hit}
        for a in attrs:
            av = node.attr[a]
            for f in (av.list.func if av.HasField("list") else [av.func]):
                f.name = self._function(f.name, args)
        types = "Tin" if "Tin" in node.attr else "T"
        for k, (dtype, _) in args.items():
            node.attr[types].list.type[k] = dtype.as_datatype_enum
        if node.op in ("While", "StatelessWhile"):
            for k, (_, shape) in args.items():  # (the handle passes through: the value now)
                out = node.attr["output_shapes"].list.shape[k]
                out.Clear()
                for d in shape:
                    out.dim.add(size=d)

    def _function(self, name: str, args: dict) -> str:
        """The copy of function `name` whose arguments `args` (index -> (dtype, shape))
        are values."""
        key = (name, tuple(sorted((k, v[0].name, v[1]) for k, v in args.items())))
        if key in self.made:
            return self.made[key].signature.name
        old = self.fdefs[name]
        fd = type(old)()
        fd.CopyFrom(old)
        stem = f"{name}_frozen"
        new_name, n = stem, 0
        while new_name in self.fdefs or any(f.signature.name == new_name
                                            for f in self.made.values()):
            n += 1
            new_name = f"{stem}_{n}"
        fd.signature.name = new_name
        self.made[key] = fd
        env = {}
        for k, (dtype, shape) in args.items():
            arg = fd.signature.input_arg[k]
            arg.type = dtype.as_datatype_enum
            del arg.handle_data[:]
            env[arg.name] = (dtype, shape)
        for node in fd.node_def:
            self._rewrite(node, [_resource_source(i, env) for i in node.input], env)
        for out in fd.signature.output_arg:  # a loop body passing the handle on
            src = _resource_source(fd.ret[out.name], env)
            if src is not None and out.type == dt.resource.as_datatype_enum:
                out.type = env[src][0].as_datatype_enum
        # (a read made an Identity: its output is "output", no longer "value")
        reads = {n.name for n in fd.node_def if n.op == "Identity" and
                 n.name in {m.name for m in old.node_def if m.op == "ReadVariableOp"}}
        for node in fd.node_def:
            for i, x in enumerate(node.input):
                if x.split(":")[0] in reads and ":value:" in x:
                    node.input[i] = x.replace(":value:", ":output:")
        for k, v in list(fd.ret.items()):
            if v.split(":")[0] in reads and ":value:" in v:
                fd.ret[k] = v.replace(":value:", ":output:")
        return new_name

    @staticmethod
    def _reachable(nodes: Any, by_name: dict) -> list:
        """The functions `nodes` call, directly or through others, in `by_name`'s order."""
        seen: list = []
        todo = [f for n in nodes for f in _called(n)]
        while todo:
            f = todo.pop(0)
            if f in seen or f not in by_name:
                continue
            seen.append(f)
            todo.extend(g for n in by_name[f].node_def for g in _called(n))
        return sorted(seen, key=lambda f: list(by_name).index(f))


def _resource_source(inp: str, env: dict) -> str | None:
    """The frozen handle (a node or argument name of `env`) input `inp` reads, if any."""
    if inp.startswith("^"):
        return None
    name = inp.split(":")[0]
    return name if name in env else None


__all__ = ["convert_variables_to_constants", "extract_sub_graph", "import_graph_def",
           "must_run_on_cpu", "remove_training_nodes", "tensor_shape_from_node_def_name"]
