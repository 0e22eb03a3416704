"""Traced functions that parse Examples and SequenceExamples with dense features' defaults,
run by TensorFlow 2.21 (golden/make_parse_defaults.py) and by eagerflow
(test_parse_defaults.py); each function takes the `tf` module it runs under.

TF's parse functions make each dense feature's default in the parse's name scope before
the op: a required feature's an empty Const ("Const", "Const_1", ...); a default value a
Const of the value as given, named after the key ("key_<key>", the key's other characters
as "_"), reshaped to the feature's shape ("Reshape/shape", "Reshape"); a
FixedLenSequenceFeature's padding a scalar Const ("Const").
"""

from __future__ import annotations

from typing import Any

FUNCTIONS = ("batch", "single", "sequences", "single_sequence", "padded")


def _features(tf: Any) -> dict:
    return {"x": tf.io.FixedLenFeature([2], tf.float32),
            "y": tf.io.FixedLenFeature([], tf.int64, default_value=7),
            "z w": tf.io.FixedLenFeature([2], tf.string, default_value=["a", "b"]),
            "u": tf.io.FixedLenFeature([2, 1], tf.float32, default_value=[[1.5], [2.5]])}


def module(tf: Any) -> Any:
    feats = _features(tf)
    padded = {"t": tf.io.FixedLenSequenceFeature([2], tf.int64, allow_missing=True),
              "v": tf.io.FixedLenFeature([3], tf.float32, default_value=[1.0, 2.0, 3.0])}
    vec, one = tf.TensorSpec([None], tf.string), tf.TensorSpec([], tf.string)

    def flat(parsed: dict) -> list:
        return [tf.strings.as_string(tf.reshape(parsed[k], [-1])) if parsed[k].dtype != tf.string
                else tf.reshape(parsed[k], [-1]) for k in sorted(parsed)]

    class M(tf.Module):
        @tf.function(input_signature=[vec])
        def batch(self, ser: Any) -> Any:
            return flat(tf.io.parse_example(ser, feats))

        @tf.function(input_signature=[one])
        def single(self, ser: Any) -> Any:
            return flat(tf.io.parse_single_example(ser, feats))

        @tf.function(input_signature=[vec])
        def sequences(self, ser: Any) -> Any:
            return flat(tf.io.parse_sequence_example(ser, feats)[0])

        @tf.function(input_signature=[one])
        def single_sequence(self, ser: Any) -> Any:
            return flat(tf.io.parse_single_sequence_example(ser, feats)[0])

        @tf.function(input_signature=[vec])
        def padded(self, ser: Any) -> Any:
            return flat(tf.io.parse_example(ser, padded))

    return M()


def _protos(tf: Any, name: str) -> Any:
    """Protos of x only (the others take their defaults); `padded`'s of t (2 and 1 rows)."""
    if name == "padded":
        feats = [tf.train.Features(feature={"t": tf.train.Feature(
            int64_list=tf.train.Int64List(value=v))}) for v in ([1, 2, 3, 4], [5, 6])]
    else:
        feats = [tf.train.Features(feature={"x": tf.train.Feature(
            float_list=tf.train.FloatList(value=v))}) for v in ([1.0, 2.0], [3.0, 4.0])]
    if "sequence" in name:
        ser = [tf.train.SequenceExample(context=f).SerializeToString() for f in feats]
    else:
        ser = [tf.train.Example(features=f).SerializeToString() for f in feats]
    return tf.constant(ser[0] if name.startswith("single") else ser)


def run(tf: Any, m: Any) -> dict:
    """What the functions of `m` (the module or its loaded SavedModel) return."""
    return {n: [[v.decode() for v in t.numpy().tolist()]
                for t in getattr(m, n)(_protos(tf, n))] for n in FUNCTIONS}


def structure(saved_model: Any) -> dict:
    """Each function's nodes up to its parse node, in a SavedModel proto (TF's or
    eagerflow's class), sorted by name: [name, op, inputs, and for a Const its dtype enum
    and shape]."""
    fdefs = saved_model.meta_graphs[0].graph_def.library.function
    out = {}
    for name in FUNCTIONS:
        fdef = next(f for f in fdefs if f.signature.name.startswith(f"__inference_{name}_")
                    and f.signature.name[len(name) + 13:].isdigit())
        nodes = []
        for nd in fdef.node_def:
            if not nd.name.startswith("Parse"):
                continue
            row = [nd.name, nd.op, list(nd.input)]
            if nd.op == "Const":
                t = nd.attr["value"].tensor
                row += [nd.attr["dtype"].type, [d.size for d in t.tensor_shape.dim]]
            nodes.append(row)
        out[name] = sorted(nodes)
    return out
