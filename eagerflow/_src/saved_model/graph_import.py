"""tf.import_graph_def: a TensorFlow GraphDef built into the current graph.

Sits in saved_model/ over function_import.py, whose LibraryImporter turns TF nodes into the
registry's ops; this module adds what a GraphDef has and a FunctionDef lacks: Placeholder
and Const nodes, inputs named "node" / "node:i", the `name` prefix every imported node
gets, `input_map` (tensors of the caller's graph standing for the GraphDef's tensors) and
`return_elements`. The GraphDef's own function library (a frozen graph's If and While
branches) is imported through the same LibraryImporter.

eagerflow's own `tf.Graph.as_graph_def()` is TF's GraphDef too (saved_model/graph_def.py)
and is imported the same way: a function graph's variables are DT_RESOURCE placeholders
there, as in TF, to be mapped with `input_map`.

A node whose name (prefixed) the graph already has, as an operation's name or a scope,
takes TF's uniquified name: the first name_1, name_2, ... that neither the graph nor the
GraphDef has (TF's importer always uniquifies).

Each node becomes the ops that compute it, and the op producing its first output takes
the node's name (prefixed), so `graph.get_tensor_by_name("import/MatMul:0")` finds it as
in TF. The usual TF 2 use: `tf.compat.v1.wrap_function` around this call, then
`WrappedFunction.prune(feeds, fetches)` (function/wrap.py) to run a frozen graph.
"""

from __future__ import annotations

import contextlib
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.dtypes import dtype_word
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.function import compat_v1
from eagerflow._src.graph.ir import Graph
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.ops.math_base import identity
from eagerflow._src.saved_model import tf_ops, v1_control_flow
from eagerflow._src.saved_model.attrs import attr_value
from eagerflow._src.saved_model.function_import import (
    STRUCTURE,
    LibraryImporter,
    TFNode,
    check_library,
    known_op,
    node_order,
    run_op_node,
)
from eagerflow._src.saved_model.protos import pb

__all__ = ["GraphDefImporter", "check_nodes", "import_graph_def"]



_DT_RESOURCE = 20


def _as_graph_def(graph_def: Any) -> Any:
    """`graph_def` as eagerflow's GraphDef message (any protobuf GraphDef: TF's, TensorBoard's)."""
    cls = pb().GraphDef
    if isinstance(graph_def, cls):
        return graph_def
    desc = getattr(graph_def, "DESCRIPTOR", None)
    if desc is None or getattr(desc, "full_name", "").rsplit(".", 1)[-1] != "GraphDef" \
            or not hasattr(graph_def, "SerializeToString"):
        raise TypeError("Argument `graph_def` must be a GraphDef proto.")
    out = cls()
    out.ParseFromString(graph_def.SerializeToString())
    return out


def _tensor_key(ref: str) -> str:
    """A GraphDef tensor name in its full form: "x" -> "x:0" ("^x" stays a control input)."""
    if ref.startswith("^") or ":" in ref:
        return ref
    return ref + ":0"


def _expected_input_types(nd: Any, attrs: dict) -> list:
    """The dtype enum each input position of node `nd` takes (None where any type)."""
    out: list = []
    for arg in tf_ops.op_def(nd.op).input_arg:
        n = tf_ops.arg_length(arg, attrs)
        if arg.type_list_attr:
            out.extend(attrs[arg.type_list_attr].list.type)
            continue
        if arg.type:
            t = arg.type
        elif arg.type_attr and arg.type_attr in attrs:
            t = attrs[arg.type_attr].type
        else:
            t = None
        out.extend([t] * n)
    return out


def _topological(nodes: list) -> list:
    """GraphDef nodes in an order where each follows its data and control inputs; the
    ValueError TF raises naming how many nodes are left in a cycle."""
    order = node_order(nodes)
    if len(order) != len(nodes):
        raise ValueError(f"{len(nodes) - len(order)} nodes in a cycle")
    return order


def _num_outputs(nd: Any) -> int:
    if nd.op in v1_control_flow.CONTROL_FLOW_OPS:
        return v1_control_flow.num_outputs(nd.op)
    return len(tf_ops.output_names(nd.op, tf_ops.with_defaults(nd.op, nd.attr)))


def check_nodes(nodes: Any, allowed: frozenset = frozenset()) -> None:
    """TF's checks before anything is built: unique names, known inputs, known ops (or
    `allowed` ones, which the caller builds)."""
    names: set = set()
    for nd in nodes:
        if nd.name in names:
            raise ValueError(f"Node '{nd.name}' is not unique")
        names.add(nd.name)
    for nd in nodes:
        for ref in nd.input:
            base = ref.lstrip("^").split(":")[0]
            if base not in names:
                raise ValueError(f"Node '{nd.name}': Unknown input node '{ref}'")
    for nd in nodes:
        if nd.op in v1_control_flow.CONTROL_FLOW_OPS or nd.op in allowed:
            continue
        if not known_op(nd.op):
            raise NotFoundError(None, None, f"Op type not registered '{nd.op}' in binary "
                                            f"running on eagerflow: node {nd.name} of the "
                                            "GraphDef uses an op eagerflow does not implement.")
        for a in tf_ops.op_def(nd.op).attr:
            if a.name not in nd.attr and not a.HasField("default_value"):
                raise ValueError(f"NodeDef missing attr '{a.name}' from Op<name={nd.op}; ...>; "
                                 f"NodeDef: {{{{node {nd.name}}}}}")


def _with_prefixes(names: Any) -> set:
    """The names and every scope they sit in ("a/b/c" -> a/b/c, a/b, a)."""
    out: set = set()
    for n in names:
        parts = n.split("/")
        out.update("/".join(parts[:k]) for k in range(1, len(parts) + 1))
    return out


def _uniquified(g: Graph, prefix: str, names: list) -> dict:
    """{node name: new name} for the GraphDef nodes whose names (under `prefix`) an
    operation of `g` already has or sits under, as TF's importer uniquifies them: the
    first name_1, name_2, ... neither `g` nor the GraphDef has (as a name or a scope)."""
    taken = _with_prefixes(op.name for op in g.operations)
    if not taken:
        return {}
    full = (lambda n: f"{prefix}/{n}") if prefix else (lambda n: n)
    ours = _with_prefixes(full(n) for n in names)
    out = {}
    for n in names:
        if full(n) not in taken:
            continue
        k = 1
        while full(f"{n}_{k}") in taken or full(f"{n}_{k}") in ours:
            k += 1
        out[n] = f"{n}_{k}"
    return out


class GraphDefImporter(LibraryImporter):
    """Imports one GraphDef's nodes into the graph being built."""

    def __init__(self, gd: Any, graph: Graph, prefix: str, input_map: dict) -> None:
        super().__init__(gd.library, "the GraphDef")
        self.gd = gd
        self.graph = graph
        self.prefix = prefix
        self.input_map = input_map
        self.env: dict = {}        # "node:i" -> tensor of the graph
        self.consts: dict = {}     # "node:i" -> NumPy value, where known at import
        self.ops: dict = {}        # node name -> its Operation (None: a node without one)
        self.n_outputs: dict = {}  # node name -> how many outputs it has

    renamed: dict = {}  # GraphDef node name -> the name it takes, where that collides

    def full_name(self, name: str) -> str:
        name = self.renamed.get(name, name)
        return f"{self.prefix}/{name}" if self.prefix else name

    def run(self) -> None:
        g = self.graph
        self.renamed = _uniquified(g, self.prefix, [nd.name for nd in self.gd.node])
        for nd in self.gd.node:  # the nodes' names, taken before any helper op is named
            g.unique_name(self.full_name(nd.name), scoped=False)
        if v1_control_flow.has_control_flow(self.gd.node):
            v1_control_flow.raise_control_flow(self, list(self.gd.node))
            return
        for nd in _topological(list(self.gd.node)):
            self._graph_node(nd)

    def _input(self, nd: Any, ref: str, expected: Any, pos: int) -> tuple:
        key = _tensor_key(ref)
        mapped = self.input_map.get(key)
        if mapped is not None:
            if expected is not None and mapped._dtype.as_datatype_enum != expected:
                raise ValueError(f"Input {pos} of node {self.full_name(nd.name)} was passed "
                                 f"{dtype_word(mapped._dtype)} from {mapped.name} incompatible "
                                 f"with expected {dtype_word(dt.as_dtype(expected))}.")
            return mapped, None
        base, _, idx = key.rpartition(":")
        if int(idx) >= self.n_outputs.get(base, 0):
            raise ValueError(f"Node '{nd.name}': Connecting to invalid output {idx} of source "
                             f"node {base} which has {self.n_outputs.get(base, 0)} outputs.")
        x = self.env[key]
        if expected == _DT_RESOURCE and type(x) in (SymbolicTensor, EagerTensor) and \
                x._dtype is not dt.resource:
            # (a handle taken from a tensor of values: TF's importer refuses the node)
            raise ValueError(f"Input {pos} of node {self.full_name(nd.name)} was passed "
                             f"{dtype_word(x._dtype)} from {key} incompatible with expected "
                             "resource.")
        return x, self.consts.get(key)

    def _graph_node(self, nd: Any) -> None:
        g = self.graph
        attrs_pb = tf_ops.with_defaults(nd.op, nd.attr)
        attrs = self.func_attrs(nd.op, {k: attr_value(v) for k, v in attrs_pb.items()
                                        if not k.startswith("_")})
        data_refs = [r for r in nd.input if not r.startswith("^")]
        expected = _expected_input_types(nd, attrs_pb)
        inputs, known = [], []
        for pos, ref in enumerate(data_refs):
            x, c = self._input(nd, ref, expected[pos] if pos < len(expected) else None, pos)
            inputs.append(x)
            known.append(c)
        start = len(g.operations)
        name = self.full_name(nd.name)
        out_consts: list | None = None
        if nd.op == "Placeholder":
            shape = attrs.get("shape")
            outs = [g.placeholder(None if shape is None else tuple(shape), attrs["dtype"], name)]
        elif nd.op == "Const":
            value = attrs["value"]
            outs = [g.constant(value, attrs["dtype"])]
            out_consts = [value]
        elif nd.op == "Identity":
            outs = [identity(inputs[0])]
            out_consts = [known[0]]
        elif nd.op == "NoOp":
            outs = []
        else:
            node = TFNode(nd, inputs, known, attrs)
            node.gradient_op_type = nd.attr["_gradient_op_type"].s.decode() \
                if "_gradient_op_type" in nd.attr else None
            try:
                if nd.op in STRUCTURE:
                    outs, out_consts = self._outputs(node)
                else:
                    res = run_op_node(node)
                    outs = list(res) if isinstance(res, (tuple, list)) else [res]
            except InvalidArgumentError as e:
                raise ValueError(e.message) from None
        outs = [x if isinstance(x, Tensor) and not isinstance(x, EagerTensor)
                else g.capture(x) for x in outs]
        n = len(tf_ops.output_names(nd.op, attrs_pb))
        if len(outs) != n:
            raise ValueError(f"Node {name} ({nd.op}) gave {len(outs)} outputs, TF's op has {n}")
        self.n_outputs[nd.name] = n
        for i, t in enumerate(outs):
            self.env[f"{nd.name}:{i}"] = t
            if out_consts is not None and out_consts[i] is not None:
                self.consts[f"{nd.name}:{i}"] = out_consts[i]
        # the op computing the node's first output carries the node's name
        made = g.operations[start:]
        op = outs[0].op if outs and isinstance(outs[0], SymbolicTensor) else None
        if not outs and made and not made[-1].outputs:
            op = made[-1]  # (a node of no outputs: the operation its load made last)
        if op is not None and any(o is op for o in made):
            op.name = name
            self.ops[nd.name] = op
        else:
            self.ops[nd.name] = None

    def element(self, spec: str) -> Any:
        """One of `return_elements`: a tensor ("node:i") or an operation ("node")."""
        if not isinstance(spec, str):
            raise TypeError(f"expected string or bytes-like object, got "
                            f"'{type(spec).__name__}'")
        if ":" in spec:
            if spec in self.input_map:  # as TF: a mapped tensor is returned as its stand-in
                return self.input_map[spec]
            base, _, idx = spec.rpartition(":")
            if base not in self.n_outputs:
                raise ValueError(f"Requested return tensor '{spec}' not found in graph def")
            n = self.n_outputs[base]
            if not idx.isdigit() or int(idx) >= n:
                raise ValueError(f"Invalid return output {idx} of node '{base}', which has "
                                 f"{n} output(s)")
            return self.env[f"{base}:{int(idx)}"]
        if spec not in self.ops:
            raise ValueError(f"Requested return node '{spec}' not found in graph def")
        op = self.ops[spec]
        if op is None:
            raise ValueError(f"Requested return node '{spec}' has no operation in eagerflow's "
                             "graph (a node without outputs)")
        return op


def _check_input_map(input_map: Any) -> dict:
    if input_map is None:
        return {}
    if not isinstance(input_map, dict):
        raise TypeError(f"Argument `input_map` must be a dictionary. Obtained "
                        f"{type(input_map).__name__}")
    bad = [k for k in input_map if not isinstance(k, str)]
    if bad:
        raise TypeError(f"All keys for argument `input_map` must be strings. Obtained keys: "
                        f"{bad}")
    return dict(input_map)


def import_graph_def(graph_def: Any, input_map: dict | None = None,
                     return_elements: Any = None, name: str | None = None,
                     op_dict: Any = None, producer_op_list: Any = None) -> list | None:
    """Imports the nodes of `graph_def` into the current graph (the default graph when
    executing eagerly). `input_map` maps tensor names of `graph_def` ("x:0", or "x" for
    "x:0") to tensors that replace them; `return_elements` names the tensors ("node:i")
    and operations ("node") to return, in a list; None when not given. Every node is
    named `name`/node ("import" by default, made unique; "" for none, "scope/" as given).
    `op_dict` and `producer_op_list` are accepted for TF's signature and unused."""
    del op_dict, producer_op_list  # deprecated in TF too: ops come from the registry
    gd = _as_graph_def(graph_def)
    input_map = _check_input_map(input_map)
    if name is not None and not isinstance(name, str):
        raise TypeError(f"expected string or bytes-like object, got '{type(name).__name__}'")
    graph = _state.graph
    if graph is None:
        graph = compat_v1.get_default_graph()
    with graph.as_default() if _state.graph is None else contextlib.nullcontext():
        check_nodes(gd.node)
        roots = [av.func.name for nd in gd.node for av in nd.attr.values()
                 if av.HasField("func")]
        if roots:
            check_library(gd.library, roots, "the GraphDef")
        node_names = {nd.name: nd for nd in gd.node}
        mapped: dict = {}
        missing = []
        for key, value in input_map.items():
            full = _tensor_key(key)
            base, _, idx = full.rpartition(":")
            nd = node_names.get(base.lstrip("^"))
            if nd is None or not idx.isdigit() or int(idx) >= _num_outputs(nd):
                missing.append(full)
                continue
            mapped[full] = value
        if missing:
            raise ValueError("Attempted to map inputs that were not found in graph_def: "
                             f"[{', '.join(sorted(missing))}]")
        if name == "":
            prefix = ""
        elif name is not None and name.endswith("/"):
            prefix = name[:-1]
        else:
            prefix = graph.unique_name(name or "import")
        converted = {}
        for key, value in mapped.items():
            if not isinstance(value, Tensor):
                value = convert_to_tensor(value)
            converted[key] = graph.capture(value) if isinstance(value, Tensor) else value
        importer = GraphDefImporter(gd, graph, prefix, converted)
        shows, graph.shows_tf_inputs = graph.shows_tf_inputs, False
        try:  # (the GraphDef's nodes come with their own inputs)
            importer.run()
        finally:
            graph.shows_tf_inputs = shows
        if return_elements is None:
            return None
        return [importer.element(r) for r in return_elements]
