"""Traced functions that parse Examples and SequenceExamples named by a tensor the function
takes (`example_names` known only when it runs), run by TensorFlow 2.21
(golden/make_parse_names.py) and by eagerflow (test_parse_names.py); each function takes
the `tf` module it runs under.

`module(tf)` is a tf.Module of four tf.functions of (serialized, names): parse_example,
parse_sequence_example, parse_single_example and parse_single_sequence_example of one
FixedLenFeature "x". TF's parse node takes the names argument as its `names` (or
`debug_name`) input; its kernel names each proto by it in its messages and refuses names
of another shape than the protos'.
"""

from __future__ import annotations

from typing import Any

FUNCTIONS = ("batch", "sequences", "single", "single_sequence")
PARSE_OPS = ("ParseExampleV2", "ParseSequenceExampleV2")


def _floats(tf: Any, v: list) -> Any:
    return tf.train.Features(feature={"x": tf.train.Feature(
        float_list=tf.train.FloatList(value=v))})


def protos(tf: Any, values: list, sequence: bool) -> list:
    """Serialized Examples (or SequenceExamples, the values their context's) of x."""
    if sequence:
        return [tf.train.SequenceExample(context=_floats(tf, v)).SerializeToString()
                for v in values]
    return [tf.train.Example(features=_floats(tf, v)).SerializeToString() for v in values]


def module(tf: Any) -> Any:
    feats = {"x": tf.io.FixedLenFeature([2], tf.float32)}
    vec, one = tf.TensorSpec([None], tf.string), tf.TensorSpec([], tf.string)

    class M(tf.Module):
        @tf.function(input_signature=[vec, vec])
        def batch(self, ser: Any, names: Any) -> Any:
            return tf.io.parse_example(ser, feats, example_names=names)["x"]

        @tf.function(input_signature=[vec, vec])
        def sequences(self, ser: Any, names: Any) -> Any:
            return tf.io.parse_sequence_example(ser, feats, example_names=names)[0]["x"]

        @tf.function(input_signature=[one, one])
        def single(self, ser: Any, name: Any) -> Any:
            return tf.io.parse_single_example(ser, feats, example_names=name)["x"]

        @tf.function(input_signature=[one, one])
        def single_sequence(self, ser: Any, name: Any) -> Any:
            return tf.io.parse_single_sequence_example(ser, feats, example_name=name)[0]["x"]

    return M()


def _args(tf: Any, name: str, values: list, names: list) -> tuple:
    ser = protos(tf, values, "sequence" in name)
    if name.startswith("single"):
        return tf.constant(ser[0]), tf.constant(names[0])
    return tf.constant(ser), tf.constant(names)


# (function, x of each proto, names): parsed, then refused (a proto's x of 1 value, names
# of another count than the protos')
GOOD = {"batch": ([[1.0, 2.0], [3.0, 4.0]], ["a", "b"]),
        "sequences": ([[1.0, 2.0], [3.0, 4.0]], ["a", "b"]),
        "single": ([[5.0, 6.0]], ["only"]), "single_sequence": ([[7.0, 8.0]], ["only"])}
BAD = {"batch_value": ("batch", [[1.0], [3.0, 4.0]], ["a", "b"]),
       "batch_names": ("batch", [[1.0, 2.0], [3.0, 4.0]], ["a"]),
       "sequences_names": ("sequences", [[1.0, 2.0], [3.0, 4.0]], ["a"])}


def run(tf: Any, m: Any) -> dict:
    """What the functions of `m` (the module or its loaded SavedModel) return, and the
    error class and message (its first line) of each bad call."""
    out = {"good": {n: getattr(m, n)(*_args(tf, n, *GOOD[n])).numpy().tolist()
                    for n in FUNCTIONS}, "bad": {}}
    for case, (n, values, names) in BAD.items():
        try:
            getattr(m, n)(*_args(tf, n, values, names))
            out["bad"][case] = None
        except Exception as e:  # noqa: BLE001 - the class and message recorded
            lines = [ln for ln in str(e).splitlines() if ln.strip()]
            out["bad"][case] = [type(e).__name__, lines[-2] if len(lines) > 1 else lines[-1]]
    return out


def structure(saved_model: Any) -> dict:
    """Each function's parse node in a SavedModel proto (TF's or eagerflow's class): its
    name (TF's name scopes) and its first two inputs (the function's serialized and
    names arguments)."""
    fdefs = saved_model.meta_graphs[0].graph_def.library.function
    out = {}
    for name in FUNCTIONS:
        fdef = next(f for f in fdefs if f.signature.name.startswith(f"__inference_{name}_")
                    and f.signature.name[len(name) + 13:].isdigit())
        node = next(n for n in fdef.node_def if n.op in PARSE_OPS)
        out[name] = {"name": node.name, "op": node.op, "inputs": list(node.input[:2]),
                     "args": [a.name for a in fdef.signature.input_arg]}
    return out
