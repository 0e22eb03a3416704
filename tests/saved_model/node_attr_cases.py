"""Programs whose saved FunctionDefs' call, control-flow and py_func nodes are compared,
op and TF's underscore attrs (golden/make_node_attrs.py records TF 2.21's,
test_node_attrs.py compares eagerflow's): each built with `tf` TF's or eagerflow's and
`np` NumPy."""

import re
from typing import Any

# (the node ops compared, and the attrs of theirs and of their functions compared)
OPS = ("PyFunc", "PyFuncStateless", "EagerPyFunc", "If", "StatelessIf", "Case",
       "StatelessCase", "While", "StatelessWhile", "PartitionedCall", "StatefulPartitionedCall")
NODE_ATTRS = ("_read_only_resource_inputs", "_XlaMustCompile", "_lower_using_switch_merge",
              "_xla_propagate_compile_time_consts", "_collective_manager_ids", "config_proto")
# (and those compared of the main graph's calls: the signatures', initializers', creators')
MAIN_ATTRS = (*NODE_ATTRS, "_output_shapes", "_has_manual_control_dependencies")
FUNCTION_ATTRS = ("_XlaMustCompile", "_noinline")


def _numpy(tf: Any, np: Any, stateful: bool) -> Any:
    return lambda x: tf.numpy_function(np.sin, [x], tf.float32, stateful=stateful)


def build(tf: Any, np: Any, name: str) -> Any:
    m = tf.Module()
    vec = [tf.TensorSpec([2], tf.float32)]
    if name == "numpy_stateless":
        m.f = tf.function(_numpy(tf, np, False), input_signature=vec)
    elif name == "numpy_stateful":
        m.f = tf.function(_numpy(tf, np, True), input_signature=vec)
    elif name == "py_function":
        m.f = tf.function(lambda x: tf.py_function(np.sin, [x], tf.float32),
                          input_signature=vec)
    elif name == "table_lookup":  # (the main graph's table initializer call)
        m.v = tf.Variable(1.0)
        init = tf.lookup.KeyValueTensorInitializer(tf.constant(["a", "b"]),
                                                   tf.constant([1, 2], tf.int64))
        m.t = tf.lookup.StaticHashTable(init, -1)
        m.f = tf.function(lambda x: (m.v * x, m.t.lookup(tf.constant(["a"]))),
                          input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    elif name == "ragged_output":  # (a composite's components: the call's outputs)
        m.f = tf.function(lambda x: {"a": x, "r": tf.RaggedTensor.from_row_lengths(x, [1, 1])},
                          input_signature=vec)
    elif name in _STATE:
        m.v = tf.Variable(1.0)
        m.f = tf.function(_STATE[name](tf, m.v), input_signature=[tf.TensorSpec([], tf.float32)],
                          jit_compile=_JIT.get(name))
    else:
        raise KeyError(name)
    return m


def _nested(tf: Any, v: Any, jit: bool | None = None) -> Any:
    inner = tf.function(lambda x: _STATE["cond_read"](tf, v)(x), jit_compile=jit)
    return lambda x: inner(x) + 1.0


# (functions of a variable `v` and a scalar `x`: reading it, writing it, or not touching it)
_STATE = {
    "cond_read": lambda tf, v: lambda x: tf.cond(x > 0, lambda: v * x, lambda: x),
    "cond_write": lambda tf, v: lambda x: tf.cond(x > 0, lambda: v.assign_add(x),
                                                  lambda: v.read_value()),
    "cond_stateless": lambda tf, v: lambda x: tf.cond(x > 0, lambda: x * 2.0, lambda: x),
    "case_read": lambda tf, v: lambda x: tf.switch_case(
        tf.cast(x, tf.int32), [lambda: v * 2.0, lambda: v + 1.0]),
    # (the loop adding v to s: no tensor captured, so that its variables are TF's)
    "while_read": lambda tf, v: lambda x: tf.while_loop(
        lambda i, s: i < 3, lambda i, s: (i + 1, s + v), [0, x])[1],
    "while_write": lambda tf, v: lambda x: tf.while_loop(
        lambda i, s: i < 3, lambda i, s: (i + 1, s + v.assign_add(1.0)), [0, x])[1],
    "nested_call_read": _nested,
    # (loops capturing a tensor and a variable: the While takes them as first captured)
    "while_var_then_tensor": lambda tf, v: _captures_both(tf, lambda c, s: s + v + c[0]),
    "while_tensor_then_var": lambda tf, v: _captures_both(tf, lambda c, s: s + c[0] + v),
    "while_cond_captures": lambda tf, v: lambda x: (lambda c: tf.while_loop(
        lambda i, s: s < v * c[1], lambda i, s: (i + 1, s + c[0]), [0, x])[1])(
        tf.constant([1.0, 2.0])),
}
def _captures_both(tf: Any, step: Any) -> Any:
    # (the function using c before its loop: it takes c before v, as TF's; it doesn't yet
    # where only the loop captures c)
    c = tf.constant([1.0, 2.0])
    return lambda x: tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, step(c, s)),
                                   [0, x * c[1]])[1]


# (the jit_compile of these, by name, a function of _STATE or the same with "jit_":
# TF's XLA context reaches the functions and branches a jit-compiled function traces)
_JIT = {"jit_cond": True, "jit_false_cond": False, "jit_case_read": True,
        "jit_while_read": True, "jit_nested_call_read": True}
_STATE.update({
    "jit_cond": _STATE["cond_read"], "jit_false_cond": _STATE["cond_read"],
    "jit_case_read": _STATE["case_read"], "jit_while_read": _STATE["while_read"],
    "jit_nested_call_read": _nested,
    "jit_inner": lambda tf, v: _nested(tf, v, True),
})
NAMES = ("numpy_stateless", "numpy_stateful", "py_function", "table_lookup", "ragged_output",
         *_STATE)
# (the programs whose loaded functions are saved again: their XLA attrs kept)
RESAVED = ("jit_cond", "jit_false_cond", "jit_while_read", "jit_inner", "cond_read")
_XLA = ("_XlaMustCompile", "_xla_propagate_compile_time_consts", "_noinline")


# (the programs whose loops take a tensor and a variable: run loaded, by TF and eagerflow)
LOOPS = ("while_var_then_tensor", "while_tensor_then_var", "while_cond_captures")


def run(tf: Any, loaded: Any) -> float:
    """What a loaded program of _STATE computes for x = 0.5 (tf_runs.run_in_tf's)."""
    return float(loaded.f(tf.constant(0.5)).numpy())


def _value(v: Any) -> Any:
    kind = v.WhichOneof("value")
    if kind == "list" and len(v.list.shape):  # (shapes as lists of dims, -1 unknown)
        return [None if s.unknown_rank else [d.size for d in s.dim] for s in v.list.shape]
    value = list(v.list.i) if kind == "list" else getattr(v, kind)
    return value.hex() if isinstance(value, bytes) else value  # (a ConfigProto's bytes)


def summary(saved_model_pb: str, saved_model_class: Any) -> dict:
    """{"nodes": each compared node's [op, {attr: value}] (of the main graph and the
    functions), "functions": the compared attrs of each function holding some, sorted} of
    the SavedModel at `saved_model_pb`: its saver's functions and their calls left out
    (they hold none of these), and its loops' conds and bodies (eagerflow's call the
    traced ones from functions of TF's signatures: calls of its own; TF's hold no
    compared node here)."""
    sm = saved_model_class()
    with open(saved_model_pb, "rb") as f:
        sm.ParseFromString(f.read())
    graph = sm.meta_graphs[0].graph_def
    funcs = []
    nodes = _nodes(graph.node, MAIN_ATTRS)  # (the main graph's: the signatures' calls, ...)
    for fd in graph.library.function:
        if re.search("_traced_|while_(cond|body)", fd.signature.name):
            continue
        funcs.append({k: _value(fd.attr[k]) for k in FUNCTION_ATTRS if k in fd.attr})
        nodes += _nodes(fd.node_def)
    key = repr
    return {"nodes": sorted(nodes, key=key), "functions": sorted(filter(None, funcs), key=key)}


def _nodes(node_defs: Any, attrs: tuple = NODE_ATTRS) -> list:
    return [[n.op, {k: _value(n.attr[k]) for k in attrs if k in n.attr}]
            for n in node_defs if n.op in OPS and "_traced_" not in n.attr["f"].func.name]


def xla_summary(saved_model_pb: str, saved_model_class: Any) -> dict:
    """The distinct XLA attrs of `summary`'s nodes and functions holding some, sorted: what a
    SavedModel saved again from a loaded one keeps (its other calls are its loader's)."""
    whole = summary(saved_model_pb, saved_model_class)
    nodes = [[op, {k: v for k, v in a.items() if k in _XLA}] for op, a in whole["nodes"]]
    funcs = [{k: v for k, v in a.items() if k in _XLA} for a in whole["functions"]]
    return {"nodes": _distinct(n for n in nodes if n[1]),
            "functions": _distinct(f for f in funcs if f)}


def _distinct(items: Any) -> list:
    return sorted({repr(x): x for x in items}.values(), key=repr)
