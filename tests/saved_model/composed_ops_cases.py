"""Ops that tf.raw_ops and imported graphs ran as compositions of other calls
(saved_model/tf_composites.py) while eagerflow registers them: Equal, NotEqual, Pad, Split,
Squeeze, EnsureShape and the Optional ops. Each case runs eagerly, inside tf.function, over
inputs whose dims a tf.function's signature leaves unknown, and as a node of an imported
GraphDef; golden/composed_ops.json holds what TF 2.21 gives (make_composed_ops_golden.py).
The helpers take either's `tf`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.saved_model.raw_ops_cases import error, record

# Calls run eagerly and in a tf.function of no arguments.
CALLS = [
    # Equal / NotEqual: incompatible_shape_error=False (TF 2's `==`) gives one bool for
    # shapes that don't broadcast
    "tf.raw_ops.Equal(x=[1, 2, 3], y=[1, 2], incompatible_shape_error=False)",
    "tf.raw_ops.NotEqual(x=np.zeros((2, 3)), y=np.zeros((4, 3)), incompatible_shape_error=False)",
    "tf.raw_ops.NotEqual(x=[[1], [2]], y=[1, 2, 3], incompatible_shape_error=False)",
    "tf.raw_ops.Equal(x=['a', 'b'], y=['a', 'b', 'c'], incompatible_shape_error=False)",
    "tf.raw_ops.Equal(x=[1 + 2j, 3j], y=[1 + 2j, 3], incompatible_shape_error=False)",
    "tf.raw_ops.Equal(x=[True], y=[True, False], incompatible_shape_error=False)",
    "tf.raw_ops.Equal(x=[1, 2, 3], y=[1, 2])",
    "tf.raw_ops.NotEqual(x=[np.nan, 1.0], y=[np.nan, 1.0])",
    # inputs of another dtype: the kernel's error eagerly, TF's graph builder's TypeError
    # while tracing (every raw op's)
    "tf.raw_ops.Equal(x=tf.constant([1, 2]), y=tf.constant([1.0, 2.0]))",
    "tf.raw_ops.Equal(x=[1, 2], y=[1.0, 2.0])",
    "tf.raw_ops.LogicalAnd(x=[True], y=[1])",
    "tf.raw_ops.AddV2(x=[1], y=['a'])",
    "tf.raw_ops.Split(axis=tf.constant(0, tf.int64), value=[1, 2], num_split=2)",
    "tf.raw_ops.Split(axis=1.5, value=[1, 2], num_split=2)",
    "tf.raw_ops.Pad(input=[1, 2], paddings=[[1.0, 0.0]])",
    # Pad: a scalar padded by an empty [0, 2] matrix; strings, int64 paddings
    "tf.raw_ops.Pad(input=5, paddings=np.zeros((0, 2), np.int32))",
    "tf.raw_ops.Pad(input=['a', 'b'], paddings=[[1, 1]])",
    "tf.raw_ops.Pad(input=[[1, 2], [3, 4]], paddings=np.array([[1, 0], [0, 2]], np.int64))",
    "tf.raw_ops.Pad(input=[True], paddings=[[0, 2]])",
    # (refused: eagerly by the kernel, while tracing by TF's shape function, in its words)
    "tf.raw_ops.Pad(input=[1, 2], paddings=[[-1, 0]])",
    "tf.raw_ops.Pad(input=[1, 2], paddings=[[1, 0], [0, 0]])",
    "tf.raw_ops.Pad(input=[1, 2], paddings=[1, 0])",
    "tf.raw_ops.Pad(input=[1, 2], paddings=[[1, 0, 2]])",
    "tf.pad([[1, 2]], [[-1, 0], [2, -3]])",
    "tf.pad([1, 2], [[1, 0, 2]])",
    "tf.pad([1, 2], [[-1, 0]], constant_values=3)",
    "tf.pad([1, 2], [[-1, 0]], mode='REFLECT')",
    # Split: negative split_dim, one that doesn't divide, none in range, num_split 0, a
    # split_dim that is a vector
    "tf.raw_ops.Split(axis=-1, value=[[1, 2], [3, 4]], num_split=2)",
    "tf.raw_ops.Split(axis=0, value=['a', 'b'], num_split=2)",
    "tf.raw_ops.Split(axis=0, value=[1, 2, 3], num_split=2)",
    "tf.raw_ops.Split(axis=-3, value=[[1, 2]], num_split=1)",
    "tf.raw_ops.Split(axis=0, value=5, num_split=1)",
    "tf.raw_ops.Split(axis=0, value=[1, 2], num_split=0)",
    "tf.raw_ops.Split(axis=[0], value=[1, 2], num_split=2)",
    # Squeeze: negative and repeated dims, out of range, not of size 1
    "tf.raw_ops.Squeeze(input=[[1], [2]], axis=[-1])",
    "tf.raw_ops.Squeeze(input=[[[1]]], axis=[0, -3])",
    "tf.raw_ops.Squeeze(input=[[1], [2]], axis=[2])",
    "tf.raw_ops.Squeeze(input=[[1], [2]], axis=[0])",
    "tf.raw_ops.Squeeze(input=np.zeros((1, 0, 1)))",
    # EnsureShape: its shape attr converted as TF's wrapper converts one
    "tf.raw_ops.EnsureShape(input=[[1, 2]], shape=[None, 2])",
    "tf.raw_ops.EnsureShape(input=[[1, 2]], shape=[-1, 2])",
    "tf.raw_ops.EnsureShape(input=[[1, 2]], shape='a')",
    # (TF's fast path, every input a tensor, takes a list of ints as it is: -1 unknown)
    "tf.raw_ops.EnsureShape(input=tf.constant([[1, 2]]), shape=[-1, 2])",
    "tf.raw_ops.EnsureShape(input=tf.constant([[1, 2]]), shape=[-2, 2])",
    "tf.raw_ops.EnsureShape(input=tf.constant([[1, 2]]), shape=2)",
    "tf.raw_ops.EnsureShape(input=tf.constant([[1, 2]]), shape=[2, 1])",
    # (while tracing, TF's shape function merges the shapes; TF 2.21's refuses any shape of
    # unknown rank for an input of known rank)
    "tf.raw_ops.EnsureShape(input=[[1, 2]], shape=None)",
    "tf.ensure_shape(tf.zeros([1, 2]), None)",
    "tf.ensure_shape(tf.zeros([1, 2]), [2])",
    "tf.ensure_shape(tf.zeros([1, 2]), [None, 3])",
    # the Optional ops: TF's checks of the optional a graph's OptionalGetValue reads
    "tf.raw_ops.OptionalGetValue(optional=tf.raw_ops.OptionalFromValue(components=[[1, 2]]), "
    "output_types=[tf.float32], output_shapes=[[2]])",
    "tf.raw_ops.OptionalGetValue(optional=tf.raw_ops.OptionalFromValue(components=[[1, 2]]), "
    "output_types=[tf.int32], output_shapes=[[3]])",
    "tf.raw_ops.OptionalGetValue(optional=tf.raw_ops.OptionalFromValue(components=[[1, 2]]), "
    "output_types=[tf.int32, tf.int32], output_shapes=[[2], [2]])",
    "tf.raw_ops.OptionalGetValue(optional=tf.raw_ops.OptionalNone(), output_types=[tf.int32], "
    "output_shapes=[[2]])",
    "tf.raw_ops.OptionalHasValue(optional=tf.raw_ops.OptionalFromValue(components=[1, 2.0]))",
    "tf.raw_ops.OptionalFromValue(components=[])",
    # (not OptionalGetValue with output_types and output_shapes both empty: TF's eager
    # error names either, run by run)
    "tf.raw_ops.OptionalGetValue(optional=tf.raw_ops.OptionalFromValue(components=[1]), "
    "output_types=[], output_shapes=[[]])",
]

# Calls inside a tf.function whose input signature leaves dims unknown: (the body over
# its arguments x and y, the signature's (shape, dtype) pairs, the calls' arguments).
_I = "int32"
TRACED = [
    *((f"tf.raw_ops.{op}(x=x, y=y, incompatible_shape_error={e})", [([None], _I)] * 2, args)
      for op in ("Equal", "NotEqual") for e in (True, False)
      for args in (([1, 2, 3], [1, 2]), ([1], [1, 3]), ([], [1]))),
    ("x == y", [([None], _I)] * 2, ([1, 2, 3], [1, 2])),
    ("x != y", [([None], _I)] * 2, ([1, 2], [1, 3])),
    ("tf.raw_ops.Equal(x=x, y=y, incompatible_shape_error=False)",
     [(None, _I), ([None, 2], _I)], ([1, 2, 3], [[1, 2]])),
    *(("tf.raw_ops.Pad(input=x, paddings=y)", [(None, _I)] * 2, args) for args in (
        ([1, 2], [[1, 0]]), ([1, 2], [[-1, 0]]), ([1, 2], [[1, 0], [0, 0]]),
        (5, np.zeros((0, 2), np.int32)), ([1, 2], [1, 0]), ([1, 2], [[1, 0, 1]]))),
    ("tf.raw_ops.PadV2(input=x, paddings=y, constant_values=7)",
     [([None], _I), ([None, 2], _I)], ([1, 2], [[2, 1]])),
    *(("tf.raw_ops.Split(axis=x, value=y, num_split=2)", [([], _I), ([None, None], _I)], args)
      for args in ((0, [[1, 2], [3, 4]]), (-1, [[1, 2], [3, 4]]), (2, [[1, 2], [3, 4]]),
                   (0, [[1, 2]]))),
    *(("tf.raw_ops.Split(axis=x, value=y, num_split=2)", [(None, _I)] * 2, args)
      for args in ((0, [1, 2]), ([0], [1, 2]), (0, 5))),
    # (tf.split into a count takes a tensor of unknown rank, as TF's Split does)
    *((f"tf.split(x, 2{axis})[1]", [(None, _I)], (a,)) for axis, a in (
        ("", [1, 2, 3, 4]), ("", [1, 2, 3]), (", axis=1", [1, 2]), (", axis=-1", [[1, 2]]))),
    *(("tf.raw_ops.Squeeze(input=x, axis=[1])", [([None, None], _I)], (a,))
      for a in ([[1], [2]], [[1, 2]])),
    *(("tf.raw_ops.Squeeze(input=x)", [(None, _I)], (a,)) for a in ([[1], [2]], 5)),
    ("tf.raw_ops.EnsureShape(input=x, shape=[2, 2])", [([None, 2], _I)], ([[1, 2], [3, 4]],)),
    # (refused when the graph runs: TF's kernel names its input as the node's input does)
    ("tf.raw_ops.EnsureShape(input=x, shape=[None, 2])", [(None, _I)], ([[1, 2, 3]],)),
    ("tf.ensure_shape(x * 2, [3])", [(None, _I)], ([1, 2],)),
]


def called(tf: Any, expr: str) -> dict:
    """(eagerly, in a tf.function) outcomes of a CALLS expression."""
    scope = {"tf": tf, "np": np}
    return {"eager": outcome(lambda: eval(expr, scope)),
            "traced": outcome(tf.function(eval(f"lambda: {expr}", scope)))}


def traced(tf: Any, body: str, specs: list, args: tuple) -> Any:
    """The outcome of a TRACED case."""
    names = ", ".join("xy"[: len(specs)])
    fn = tf.function(eval(f"lambda {names}: {body}", {"tf": tf, "np": np}),
                     input_signature=[tf.TensorSpec(s, d) for s, d in specs])
    return outcome(lambda: fn(*args))


def outcome(fn: Any) -> Any:
    """A result as raw_ops_cases records one (a list of them for several outputs), or the
    error's class and the line that says why (of a graph's error naming the user's code,
    the line before the node's)."""
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 (the class and message are compared)
        lines = str(e).split("\n")
        if lines[0] == "Graph execution error:":
            why = next((lines[i - 1] for i, line in enumerate(lines) if line.startswith("\t [[")),
                       lines[0])
            return {"error": type(e).__name__, "message": why.strip()}
        return error(e)
    return [record(v) for v in value] if isinstance(value, (list, tuple)) else record(value)


# Imported GraphDef nodes over placeholders of unknown shape: (op, attrs, the placeholders'
# dtypes, feeds); each node's one output (Split's first) is fetched.
_DT = {"int32": 3, "float32": 1, "string": 7}
IMPORTED = [
    *(("Equal", {"T": ("type", 3), "incompatible_shape_error": ("b", e)}, [_I, _I], feeds)
      for e in (True, False) for feeds in (([1, 2, 3], [1, 2]), ([[1], [2]], [1, 2]))),
    ("NotEqual", {"T": ("type", 7), "incompatible_shape_error": ("b", False)},
     ["string", "string"], (["a"], ["a", "b", "c"])),
    *(("Pad", {"T": ("type", 3), "Tpaddings": ("type", 3)}, [_I, _I], feeds)
      for feeds in (([1, 2], [[1, 2]]), (5, np.zeros((0, 2), np.int32)), ([1, 2], [[-1, 0]]))),
    *(("Split", {"T": ("type", 3), "num_split": ("i", 2)}, [_I, _I], feeds)
      for feeds in ((1, [[1, 2], [3, 4]]), (-2, [[1, 2], [3, 4]]), (0, [1, 2, 3]))),
    *(("Squeeze", {"T": ("type", 3), "squeeze_dims": ("list_i", dims)}, [_I], feeds)
      for dims, feeds in (([-1], ([[1], [2]],)), ([], ([[[1]]],)), ([0], ([[1, 2]],)))),
    *(("EnsureShape", {"T": ("type", 3), "shape": ("shape", [None, 2])}, [_I], feeds)
      for feeds in (([[1, 2]],), ([[1, 2, 3]],))),
]


def imported(tf: Any, op: str, attrs: dict, dtypes: list, feeds: tuple) -> Any:
    """The outcome of an IMPORTED case: the node in a GraphDef over placeholders "p0", ...
    of unknown shape, imported and run the TF 2 way (wrap_function, prune)."""
    gd = tf.compat.v1.GraphDef()
    names = [f"p{i}" for i in range(len(dtypes))]
    for name, d in zip(names, dtypes):
        nd = gd.node.add(name=name, op="Placeholder")
        nd.attr["dtype"].type = _DT[d]
        nd.attr["shape"].shape.unknown_rank = True
    nd = gd.node.add(name="node", op=op, input=names)
    for k, (kind, v) in attrs.items():
        if kind == "list_i":
            nd.attr[k].list.i.extend(v)
        elif kind == "shape":
            for dim in v:
                nd.attr[k].shape.dim.add(size=-1 if dim is None else dim)
        else:
            setattr(nd.attr[k], kind, v)

    def graph() -> None:
        tf.compat.v1.import_graph_def(gd, name="")

    wrapped = tf.compat.v1.wrap_function(graph, [])
    g = wrapped.graph
    fn = wrapped.prune([g.as_graph_element(f"{n}:0") for n in names],
                       g.as_graph_element("node:0"))
    return outcome(lambda: fn(*[tf.constant(f, getattr(tf, d)) for f, d in zip(feeds, dtypes)]))


def record_all(tf: Any) -> dict:
    """Every case's outcome under `tf`, keyed as golden/composed_ops.json keys them."""
    return {
        "calls": {expr: called(tf, expr) for expr in CALLS},
        "traced": [traced(tf, *case) for case in TRACED],
        "imported": [imported(tf, *case) for case in IMPORTED],
    }
