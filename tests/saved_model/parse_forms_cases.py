"""Traced functions that parse tf.train.Examples (a serving signature's first step), run
by TensorFlow 2.21 (golden/make_parse_forms.py) and by eagerflow
(test_parse_forms.py): each module function takes the `tf` module it runs under.

FUNCTIONS: name -> (input signature's shape, the function). `module(tf)` is a tf.Module
holding them all as tf.functions; `data(tf)` the serialized Examples they are called on.
"""

from __future__ import annotations

from typing import Any


def _feature(tf: Any, v: list) -> Any:
    if not v:  # (an empty step)
        return tf.train.Feature(int64_list=tf.train.Int64List(value=[]))
    if isinstance(v[0], bytes):
        return tf.train.Feature(bytes_list=tf.train.BytesList(value=v))
    if isinstance(v[0], float):
        return tf.train.Feature(float_list=tf.train.FloatList(value=v))
    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))


def example(tf: Any, **f: list) -> bytes:
    return tf.train.Example(features=tf.train.Features(
        feature={k: _feature(tf, v) for k, v in f.items()})).SerializeToString()


def data(tf: Any) -> list:
    """Three Examples: every feature present, some missing (defaults, padding, empty
    ragged rows), and none at all but the required one."""
    return [example(tf, x=[1.0, 2.0], s=[b"a", b"b"], q=[1.0, 2.0, 3.0, 4.0], r=[1, 2, 3],
                    v=[1.0, 2.0, 3.0], l=[2, 1], i=[3, 1], sv=[0.5, 0.25], d=[4]),
            example(tf, x=[3.0, 4.0], r=[4], v=[9.0], l=[1], i=[2], sv=[1.5]),
            example(tf, x=[5.0, 6.0])]


def features(tf: Any) -> dict:
    """One feature of each kind, dense ones with and without defaults."""
    return {
        "x": tf.io.FixedLenFeature([2], tf.float32),
        "s": tf.io.VarLenFeature(tf.string),
        "d": tf.io.FixedLenFeature([], tf.int64, default_value=7),
        "q": tf.io.FixedLenSequenceFeature([2], tf.float32, allow_missing=True,
                                           default_value=-1.0),
        "r": tf.io.RaggedFeature(tf.int64),
        "r2": tf.io.RaggedFeature(tf.float32, value_key="v", row_splits_dtype=tf.int64,
                                  partitions=[tf.io.RaggedFeature.RowLengths("l")]),
        "sp": tf.io.SparseFeature("i", "sv", tf.float32, 10),
        "m": tf.io.FixedLenFeature([1, 2], tf.string, default_value=[["p", "q"]]),
    }


def _every_kind(tf: Any, ser: Any) -> dict:
    return tf.io.parse_example(ser, features(tf))


def _serving(tf: Any, ser: Any) -> dict:
    # the brief's: TF Serving's canonical export
    p = tf.io.parse_example(ser, {"x": tf.io.FixedLenFeature([2], tf.float32),
                                  "s": tf.io.VarLenFeature(tf.string)})
    return {"x": p["x"] * 2.0, "n": tf.sparse.to_dense(p["s"])}


def _single(tf: Any, ser: Any) -> dict:
    return tf.io.parse_single_example(ser, {
        "x": tf.io.FixedLenFeature([2], tf.float32), "r": tf.io.RaggedFeature(tf.int64),
        "s": tf.io.VarLenFeature(tf.string),
        "q": tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True)})


def _names(tf: Any, ser: Any) -> dict:
    # example_names known when traced: a constant of the graph
    return tf.io.parse_example(ser, {"x": tf.io.FixedLenFeature([2], tf.float32)},
                               example_names=["e1", "e2", "e3"])


def sequence_example(tf: Any, context: dict, lists: dict) -> bytes:
    msg = tf.train.SequenceExample(context=tf.train.Features(
        feature={k: _feature(tf, v) for k, v in context.items()}))
    for k, steps in lists.items():
        msg.feature_lists.feature_list[k].feature.extend([_feature(tf, v) for v in steps])
    return msg.SerializeToString()


def sequence_data(tf: Any) -> list:
    """Two SequenceExamples: lists of several steps (an empty one among them), and one
    with most features missing."""
    return [sequence_example(tf, {"c": [5], "cs": [b"x", b"y"], "cr": [1.0, 2.0]},
                             {"tok": [[1, 2], [3]], "w": [[1.0, 2.0], [3.0, 4.0]],
                              "req": [[b"a"]], "rg": [[1], [], [2, 3]],
                              "pv": [[1.0, 2.0, 3.0], [4.0]], "pl": [[2, 1], [1]]}),
            sequence_example(tf, {}, {"req": [[b"b"], [b"c"]], "rg": [[4]],
                                      "pv": [[5.0]], "pl": [[1]]})]


def sequence_features(tf: Any) -> tuple:
    """(context features, sequence features): one of each kind TF takes."""
    context = {"c": tf.io.FixedLenFeature([], tf.int64, default_value=3),
               "cs": tf.io.VarLenFeature(tf.string), "cr": tf.io.RaggedFeature(tf.float32)}
    lists = {"tok": tf.io.VarLenFeature(tf.int64),
             "w": tf.io.FixedLenSequenceFeature([2], tf.float32, allow_missing=True),
             "req": tf.io.FixedLenSequenceFeature([], tf.string),
             "rg": tf.io.RaggedFeature(tf.int64, row_splits_dtype=tf.int64),
             "pr": tf.io.RaggedFeature(tf.float32, value_key="pv",
                                       partitions=[tf.io.RaggedFeature.RowLengths("pl")])}
    return context, lists


def _prefixed(*groups: dict) -> dict:
    # (a signature's results: one flat dict)
    return {f"{p}_{k}": v for p, g in zip("cln", groups) for k, v in g.items()}


def _sequence(tf: Any, ser: Any) -> dict:
    return _prefixed(*tf.io.parse_sequence_example(ser, *sequence_features(tf)))


def _single_sequence(tf: Any, ser: Any) -> dict:
    return _prefixed(*tf.io.parse_single_sequence_example(ser, *sequence_features(tf)))


FUNCTIONS = {"every_kind": ([None], _every_kind), "serving": ([None], _serving),
             "single": ([], _single), "names": ([3], _names),
             "sequence": ([None], _sequence), "one_sequence": ([], _single_sequence)}
PARSE_OPS = ("ParseExampleV2", "ParseSequenceExampleV2")


def module(tf: Any) -> Any:
    m = tf.Module()
    for name, (shape, fn) in FUNCTIONS.items():
        setattr(m, name, tf.function(_bound(tf, fn, name),
                                     input_signature=[tf.TensorSpec(shape, tf.string)]))
    return m


def _bound(tf: Any, fn: Any, name: str) -> Any:
    def call(ser: Any) -> dict:
        return fn(tf, ser)
    call.__name__ = name  # (its FunctionDef's: "__inference_<name>_<n>")
    return call


def call_input(tf: Any, name: str) -> Any:
    """What function `name` is called on: the batch, or its first (Sequence)Example."""
    d = sequence_data(tf) if "sequence" in name else data(tf)
    return tf.constant(d[0] if name in ("single", "one_sequence") else d)


def flat(tf: Any, out: dict) -> dict:
    """A function's results as plain lists (a SparseTensor's parts, a RaggedTensor's
    nested rows)."""
    res = {}
    for k, v in out.items():
        if isinstance(v, tf.SparseTensor):
            res[k] = {"indices": v.indices.numpy().tolist(), "values": _plain(v.values),
                      "dense_shape": v.dense_shape.numpy().tolist()}
        elif isinstance(v, tf.RaggedTensor):
            res[k] = {"ragged": _plain(v.flat_values), "splits": [
                s.numpy().tolist() for s in v.nested_row_splits],
                "splits_dtype": v.row_splits.dtype.name}
        else:
            res[k] = {"value": _plain(v), "dtype": v.dtype.name, "shape": list(v.shape)}
    return res


def _plain(t: Any) -> list:
    return [x.decode() if isinstance(x, bytes) else x for x in t.numpy().reshape(-1).tolist()]


def keras_exports(tf: Any, keras: Any, saved: str, archived: str) -> None:
    """A Keras model (y = x0 + x1) whose serving function parses Examples, written both
    ways Keras 3 allows: tf.saved_model.save with that function as its signature, and an
    ExportArchive endpoint (model.export() writes the model's own call only)."""
    inputs = keras.Input((2,))
    model = keras.Model(inputs, keras.layers.Dense(1, kernel_initializer="ones",
                                                   bias_initializer="zeros")(inputs))
    spec = [tf.TensorSpec([None], tf.string)]

    def parsed(ser: Any) -> Any:
        return model(tf.io.parse_example(ser, {"x": tf.io.FixedLenFeature([2], tf.float32)})["x"])

    serve = tf.function(lambda ser: {"y": parsed(ser)}, input_signature=spec)
    tf.saved_model.save(model, saved, signatures={"serving_default": serve})
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint("serve", parsed, input_signature=spec)
    archive.write_out(archived, verbose=False)


def keras_results(tf: Any, saved: str, archived: str) -> dict:
    x = tf.constant(data(tf))
    a, b = tf.saved_model.load(saved), tf.saved_model.load(archived)
    return {"signature": a.signatures["serving_default"](x)["y"].numpy().tolist(),
            "endpoint": b.serve(x).numpy().tolist()}


def raw_calls(tf: Any) -> dict:
    """tf.raw_ops.ParseExampleV2 / ParseSequenceExampleV2 calls, by name: each a batch and
    a scalar (one proto), every output list (the sequence op's ragged splits over the
    batch are left out of its scalar call: TF's kernel leaves them uninitialized)."""
    d, s = data(tf), sequence_data(tf)
    ex = dict(names=[], sparse_keys=["s"], dense_keys=["d", "x"], ragged_keys=["r", "l"],
              dense_defaults=[tf.constant(7, tf.int64), tf.zeros([0])], num_sparse=1,
              sparse_types=[tf.string], ragged_value_types=[tf.int64, tf.int64],
              ragged_split_types=[tf.int32, tf.int64], dense_shapes=[[], [2]])
    seq = dict(debug_name=[], context_sparse_keys=["cs"], context_dense_keys=["c"],
               context_ragged_keys=["cr"], feature_list_sparse_keys=["tok"],
               feature_list_dense_keys=["w"], feature_list_ragged_keys=["rg"],
               feature_list_dense_missing_assumed_empty=[True],
               context_dense_defaults=[tf.constant(3, tf.int64)], Ncontext_sparse=1,
               context_sparse_types=[tf.string], context_ragged_value_types=[tf.float32],
               context_ragged_split_types=[tf.int32], context_dense_shapes=[[]],
               Nfeature_list_sparse=1, Nfeature_list_dense=1,
               feature_list_dense_types=[tf.float32], feature_list_sparse_types=[tf.int64],
               feature_list_ragged_value_types=[tf.int64],
               feature_list_ragged_split_types=[tf.int64], feature_list_dense_shapes=[[2]])
    out = {}
    for name, ser in (("example_batch", tf.constant(d)), ("example_one", tf.constant(d[0]))):
        out[name] = _raw(tf.raw_ops.ParseExampleV2(serialized=ser, **ex), ())
    for name, ser in (("sequence_batch", tf.constant(s)), ("sequence_one", tf.constant(s[0]))):
        skip = ("context_ragged_row_splits", "feature_list_ragged_outer_splits") \
            if name == "sequence_one" else ()
        out[name] = _raw(tf.raw_ops.ParseSequenceExampleV2(serialized=ser, **seq), skip)
    return out


def _raw(result: Any, skip: tuple) -> dict:
    return {k: [{"value": _plain(t), "shape": list(t.shape), "dtype": t.dtype.name}
                for t in v] for k, v in result._asdict().items() if k not in skip}
