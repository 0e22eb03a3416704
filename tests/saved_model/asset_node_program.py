"""The graph nodes a SavedModel writes for its assets, as a program either interpreter
runs (`python asset_node_program.py tf|ef DIR`): TF 2.21 names them
"asset_path_initializer", "asset_path_initializer_1", ... in its dependency order, an
asset a function captures first. Prints JSON: the asset_file_def entries, each asset
node's asset_file_def_index, and what the loaded function reads."""

import json
import os
import sys


def facts(tf, sm_class, path):
    for n in "abcd":
        with open(os.path.join(path, f"{n}.txt"), "w") as f:
            f.write(n * 3)
    m = tf.Module()
    m.a = tf.saved_model.Asset(os.path.join(path, "a.txt"))
    m.b = tf.saved_model.Asset(os.path.join(path, "b.txt"))
    m.c = tf.saved_model.Asset(os.path.join(path, "c.txt"))
    m.sub = tf.Module()
    m.sub.d = tf.saved_model.Asset(os.path.join(path, "d.txt"))
    m.f = tf.function(lambda: tf.io.read_file(m.c), input_signature=[])
    tf.saved_model.save(m, os.path.join(path, "sm"))
    sm = sm_class()
    with open(os.path.join(path, "sm", "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    meta = sm.meta_graphs[0]
    return {
        "asset_file_def": [[a.tensor_info.name, a.filename] for a in meta.asset_file_def],
        "indices": [nd.asset.asset_file_def_index for nd in meta.object_graph_def.nodes
                    if nd.WhichOneof("kind") == "asset"],
        "read": tf.saved_model.load(os.path.join(path, "sm")).f().numpy().decode(),
    }


if __name__ == "__main__":
    if sys.argv[1] == "tf":
        import tensorflow as tf
        from tensorflow.core.protobuf import saved_model_pb2
        sm_class = saved_model_pb2.SavedModel
    else:
        import eagerflow as tf
        from eagerflow._src.saved_model.protos import pb
        sm_class = pb().SavedModel
    print(json.dumps(facts(tf, sm_class, sys.argv[2])))
