"""Records a TF 1 graph of the first parsing ops with TensorFlow 2.21, for
tests/saved_model/test_parse_v1_models.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_parse_v1_models.py`. One graph, built in TF 1 graph mode as
an Estimator's serving input receiver builds its own, holds ParseExample (V1: keys as
tensors, a dense feature of unknown first dimension read as a sequence),
ParseSingleExample, ParseSequenceExample (V1) and ParseSingleSequenceExample,
DecodePaddedRaw and StringSplit, the nodes TF 2.21's public functions no longer write.
It is written twice under parse_v1/: as a GraphDef (graph.pb) and as a SavedModel of
tf.compat.v1.saved_model.Builder (a ref variable scaling a parsed feature, one
"serving_default" signature). parse_v1.json holds the feeds, the fetched tensors' names
and what TF computed: by running the GraphDef the TF 2 way (wrap_function around
import_graph_def, then prune), and by calling the SavedModel's signature.
"""

import os
import shutil
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import encode_array, write_json  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "parse_v1")
v1 = tf.compat.v1
raw = tf.raw_ops


def _feature(v):
    if isinstance(v[0], bytes):
        return tf.train.Feature(bytes_list=tf.train.BytesList(value=v))
    if isinstance(v[0], float):
        return tf.train.Feature(float_list=tf.train.FloatList(value=v))
    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))


def example(**f):
    return tf.train.Example(features=tf.train.Features(
        feature={k: _feature(v) for k, v in f.items()})).SerializeToString()


def sequence_example(context, lists):
    msg = tf.train.SequenceExample(context=tf.train.Features(
        feature={k: _feature(v) for k, v in context.items()}))
    for k, steps in lists.items():
        msg.feature_lists.feature_list[k].feature.extend([_feature(v) for v in steps])
    return msg.SerializeToString()


FEEDS = {
    "examples": np.array([example(x=[1.0, 2.0], tags=[b"a", b"b"], seq=[3, 4, 5]),
                          example(x=[0.5, -1.0], seq=[7])], dtype=object),
    "sequences": np.array([sequence_example({"n": [4]}, {"tok": [[1, 2], [3]],
                                                         "w": [[0.5], [1.5]]}),
                           sequence_example({"n": [6]}, {"w": [[2.5]]})], dtype=object),
    "raw": np.array([b"\x01\x00\x02", b"\x03\x00\x04\x00\x05\x00"], dtype=object),
    "text": np.array([b"hello big  world", b"", b"a,b"], dtype=object),
}


def build(sess):
    """The graph's inputs and outputs (name -> tensor), its variable initialized."""
    ins = {k: v1.placeholder(tf.string, [None], name=k) for k in FEEDS}
    scale = v1.Variable(2.0, name="scale")
    e = raw.ParseExample(
        serialized=ins["examples"], names=[], sparse_keys=["tags"], dense_keys=["x", "seq"],
        dense_defaults=[tf.zeros([0], tf.float32), tf.constant(-1, tf.int64)],
        sparse_types=[tf.string], dense_shapes=[[2], tf.TensorShape([None])])
    one = raw.ParseSingleExample(
        serialized=ins["examples"][0], dense_defaults=[tf.constant([9.0, 9.0])], num_sparse=1,
        sparse_keys=["seq"], dense_keys=["x"], sparse_types=[tf.int64], dense_shapes=[[2]])
    s = raw.ParseSequenceExample(
        serialized=ins["sequences"], debug_name=[], context_dense_defaults=[
            tf.zeros([0], tf.int64)],
        feature_list_dense_missing_assumed_empty=["w"], context_sparse_keys=[],
        context_dense_keys=["n"], feature_list_sparse_keys=["tok"],
        feature_list_dense_keys=["w"], Ncontext_sparse=0, Ncontext_dense=1,
        Nfeature_list_sparse=1, Nfeature_list_dense=1, context_sparse_types=[],
        feature_list_dense_types=[tf.float32], context_dense_shapes=[[]],
        feature_list_sparse_types=[tf.int64], feature_list_dense_shapes=[[1]])
    ss = raw.ParseSingleSequenceExample(
        serialized=ins["sequences"][0], feature_list_dense_missing_assumed_empty=[],
        context_sparse_keys=["n"], context_dense_keys=[], feature_list_sparse_keys=[],
        feature_list_dense_keys=["w"], context_dense_defaults=[],
        debug_name="", context_sparse_types=[tf.int64], feature_list_dense_types=[tf.float32],
        context_dense_shapes=[], feature_list_sparse_types=[], feature_list_dense_shapes=[[]])
    split = raw.StringSplit(input=ins["text"], delimiter=" ,", skip_empty=True)
    outs = {
        "tags_indices": e.sparse_indices[0], "tags_values": e.sparse_values[0],
        "tags_shape": e.sparse_shapes[0], "x": e.dense_values[0] * scale,
        "seq": e.dense_values[1],
        "one_seq_indices": one.sparse_indices[0], "one_seq_values": one.sparse_values[0],
        "one_x": one.dense_values[0],
        "n": s.context_dense_values[0], "tok_indices": s.feature_list_sparse_indices[0],
        "tok_values": s.feature_list_sparse_values[0],
        "tok_shape": s.feature_list_sparse_shapes[0], "w": s.feature_list_dense_values[0],
        "w_lengths": s.feature_list_dense_lengths[0],
        "single_n_values": ss.context_sparse_values[0],
        "single_n_shape": ss.context_sparse_shapes[0], "single_w": ss.feature_list_dense_values[0],
        "padded": raw.DecodePaddedRaw(input_bytes=ins["raw"], fixed_length=4,
                                      out_type=tf.int16),
        "split_indices": split.indices, "split_values": split.values,
        "split_shape": split.shape,
    }
    outs = {k: tf.identity(v, name=f"out_{k}") for k, v in outs.items()}
    sess.run(v1.global_variables_initializer())
    return ins, outs


def run_frozen(graph_def, inputs, outputs, feeds):
    def imports():
        v1.import_graph_def(graph_def, name="")
    wrapped = v1.wrap_function(imports, [])
    g = wrapped.graph
    fn = wrapped.prune([g.as_graph_element(n) for n in inputs],
                       [g.as_graph_element(n) for n in outputs])
    return [o.numpy() for o in fn(*[tf.constant(x) for x in feeds])]


def main() -> None:
    shutil.rmtree(HERE, ignore_errors=True)
    os.makedirs(HERE)
    golden = {"feeds": {k: encode_array(v) for k, v in FEEDS.items()}}
    with tf.Graph().as_default() as g, v1.Session(graph=g) as sess:
        ins, outs = build(sess)
        frozen = v1.graph_util.convert_variables_to_constants(
            sess, g.as_graph_def(), [t.op.name for t in outs.values()])
        tf.io.write_graph(frozen, HERE, "graph.pb", as_text=False)
        builder = v1.saved_model.Builder(os.path.join(HERE, "saved_model"))
        info = v1.saved_model.utils.build_tensor_info
        builder.add_meta_graph_and_variables(sess, ["serve"], signature_def_map={
            "serving_default": v1.saved_model.signature_def_utils.build_signature_def(
                {k: info(t) for k, t in ins.items()}, {k: info(t) for k, t in outs.items()},
                "tensorflow/serving/predict")}, strip_default_attrs=True)
        builder.save()
    names = sorted(outs)
    golden["ops"] = sorted({n.op for n in frozen.node})
    golden["inputs"] = [f"{k}:0" for k in FEEDS]
    golden["outputs"] = {k: f"out_{k}:0" for k in names}
    got = run_frozen(frozen, golden["inputs"], [golden["outputs"][k] for k in names],
                     list(FEEDS.values()))
    golden["graph_def"] = {k: encode_array(v) for k, v in zip(names, got)}
    loaded = tf.saved_model.load(os.path.join(HERE, "saved_model"))
    res = loaded.signatures["serving_default"](**{k: tf.constant(v) for k, v in FEEDS.items()})
    golden["saved_model"] = {k: encode_array(v.numpy()) for k, v in res.items()}
    write_json(os.path.join(HERE, "parse_v1.json"), golden, end="\n", indent=1)


if __name__ == "__main__":
    main()
