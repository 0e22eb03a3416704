"""SavedModels whose functions capture eager tensors, built alike by TensorFlow or
eagerflow, what a user sees of a loaded function's captures, and the parts of the
saved_model.pb that say how they are saved (golden/make_captured_constants.py records TF
2.21's; test_captured_constants.py checks eagerflow's against them). Imports neither
framework itself.

`build`: a function capturing a variable, a small eager tensor (TF captures it with a
Const) and a large one (with a placeholder), served as the default signature.
`build_nested`: a function `g` calling another `f` that captured a small and a large
tensor (g captures them in turn, by unique ids, before its own variable and an int32
scalar), and reusing the small one; `g` served as signature "g".
"""

import re

import numpy as np


def build(tf):
    m = tf.Module()
    m.v = tf.Variable([1.0, 2.0])
    c = tf.constant([3.0, 4.0])
    big = tf.constant(np.arange(200, dtype=np.float32))

    @tf.function(input_signature=[tf.TensorSpec([2])])
    def f(x):
        return x * m.v + c + tf.reduce_sum(big)

    m.f = f
    return m


def build_nested(tf):
    m = tf.Module()
    m.v = tf.Variable(2.0)
    c = tf.constant([1.0, 2.0])
    k = tf.constant(3)
    big = tf.constant(np.ones((20, 10), np.float32))

    @tf.function(input_signature=[tf.TensorSpec([2])])
    def f(x):
        return x * c + tf.reduce_sum(big)

    @tf.function(input_signature=[tf.TensorSpec([2])])
    def g(x):
        return f(x) * m.v + tf.cast(k, tf.float32) + c

    m.f, m.g = f, g
    return m


# name -> (builder, the signatures to save with: None, or the name of the function served
# under its own name)
CASES = {"build": (build, None), "build_nested": (build_nested, "g")}


def save(tf, name, path):
    make, signature = CASES[name]
    m = make(tf)
    tf.saved_model.save(m, str(path), signatures=None if signature is None else
                        {signature: getattr(m, signature)})


def _name(t) -> str:
    return t.name


def probe(tf, loaded, fn="f") -> dict:
    cf = getattr(loaded, fn).concrete_functions[0]
    return {
        "captured_inputs": [[c.dtype.name, c.shape.as_list(),
                             None if c.dtype == tf.resource else c.numpy().tolist()]
                            for c in cf.captured_inputs],
        "inputs": [_name(t) for t in cf.inputs],
        "graph_inputs": [_name(t) for t in cf.graph.inputs],
        "internal_captures": [_name(t) for t in cf.graph.internal_captures],
        "external_is_captured_input": [a is b for a, b in
                                       zip(cf.graph.external_captures, cf.captured_inputs)],
        "variables": [v.name for v in cf.variables],
        "call": getattr(loaded, fn)(tf.constant([1.0, 1.0])).numpy().tolist(),
    }


def probes(tf, loaded) -> dict:
    """`probe` of each tf.function of a loaded case, by name."""
    return {fn: probe(tf, loaded, fn) for fn in ("f", "g") if hasattr(loaded, fn)}


def _stem(name: str) -> str:
    """A library function's name without its unique id ("__inference_f_18": "__inference_f")."""
    return re.sub(r"_\d+$", "", name)


def _specified(attrs) -> object:
    """An argument's `_user_specified_name`: None when it has none, "<id>" for a process-wide
    unique id (a capture no input names), else the name."""
    if "_user_specified_name" not in attrs:
        return None
    s = attrs["_user_specified_name"].s.decode()
    return "<id>" if s.isdigit() else s


def structure(saved_model) -> dict:
    """What a SavedModel proto (TF's or eagerflow's message class) says of the captured
    constants, in fields both write deterministically: each object's kind and children
    (a constant's Const node and registered name, a concrete function's dependencies),
    each saved concrete function's bound inputs and its FunctionDef's arguments (name,
    dtype enum, user-specified name), the main graph's Const nodes the constants name
    (dtype enum, shape), and the inputs of the node calling each signature."""
    meta = saved_model.meta_graphs[0]
    og = meta.object_graph_def
    fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
    nodes = []
    consts = set()
    for n in og.nodes:
        kind = n.WhichOneof("kind")
        entry = {"kind": kind, "children": [[c.node_id, c.local_name] for c in n.children]}
        if kind == "constant":
            entry["operation"] = n.constant.operation
            entry["registered_name"] = n.registered_name
            consts.add(n.constant.operation)
        elif kind == "bare_concrete_function":
            entry["function"] = _stem(n.bare_concrete_function.concrete_function_name)
            entry["dependencies"] = [[d.node_id, d.local_name] for d in n.dependencies]
        elif kind == "function":
            entry["functions"] = [_stem(f) for f in n.function.concrete_functions]
        nodes.append(entry)
    functions = {}
    for name, cf in og.concrete_functions.items():
        fdef = fdefs[name]
        functions[_stem(name)] = {
            "bound_inputs": list(cf.bound_inputs),
            "args": [[a.name, a.type, _specified(fdef.arg_attr[i].attr) if i in fdef.arg_attr
                      else None] for i, a in enumerate(fdef.signature.input_arg)]}
    graph = {n.name: n for n in meta.graph_def.node}
    constants = {name: [graph[name].attr["dtype"].type,
                        [d.size for d in graph[name].attr["value"].tensor.tensor_shape.dim]]
                 for name in sorted(consts)}
    calls = {}
    for key, sig in sorted(meta.signature_def.items()):
        if key == "__saved_model_init_op":
            continue
        out = next(iter(sig.outputs.values())).name.split(":")[0]
        calls[key] = list(graph[out].input)
    return {"nodes": nodes, "functions": functions, "constants": constants,
            "signature_calls": calls}
