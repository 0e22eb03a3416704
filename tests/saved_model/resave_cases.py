"""A loaded SavedModel saved again: its object graph, node for node (kind, identifier,
children), for a tf.Module, the same file saved a third time, and a Keras model. Shared by
test_resave_graph.py (eagerflow) and record_resave_graph.py (TensorFlow 2.21), each
calling `outcomes(tf)` with its own `tf`. No eagerflow imports: TF's interpreter loads
this file too."""

import os
import tempfile


def _saved_model_proto(tf):
    if tf.__name__ == "eagerflow":
        from eagerflow._src.saved_model.protos import pb

        return pb().SavedModel()
    from tensorflow.core.protobuf import saved_model_pb2

    return saved_model_pb2.SavedModel()


def _nodes(tf, path):
    """[[kind, user object identifier, [[child id, local name], ...]], ...]"""
    sm = _saved_model_proto(tf)
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    out = []
    for nd in sm.meta_graphs[0].object_graph_def.nodes:
        kind = nd.WhichOneof("kind")
        ident = nd.user_object.identifier if kind == "user_object" else ""
        out.append([kind, ident, [[c.node_id, c.local_name] for c in nd.children]])
    return out


def _module(tf):
    class Scaled(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(3.0)
            self.sub = tf.Module()
            self.sub.w = tf.Variable([1.0, 2.0])

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def f(self, x):
            return x * self.v + tf.reduce_sum(self.sub.w)

    return Scaled()


def _keras(tf):
    keras = tf.keras
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.layers[0].kernel.assign([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    return model


def outcomes(tf):
    """{save: its object graph, or what a loaded copy computes}."""
    out = {}
    with tempfile.TemporaryDirectory() as d:
        def path(name):
            return os.path.join(d, name)

        tf.saved_model.save(_module(tf), path("module"))
        tf.saved_model.save(tf.saved_model.load(path("module")), path("module_resaved"))
        tf.saved_model.save(tf.saved_model.load(path("module_resaved")),
                            path("module_resaved_twice"))
        tf.saved_model.save(_keras(tf), path("keras"))
        tf.saved_model.save(tf.saved_model.load(path("keras")), path("keras_resaved"))
        for name in ("module", "module_resaved", "module_resaved_twice", "keras",
                     "keras_resaved"):
            out[name] = _nodes(tf, path(name))
        again = tf.saved_model.load(path("module_resaved_twice"))
        out["module_resaved_twice_f"] = float(again.f(tf.constant(2.0)))
        k = tf.saved_model.load(path("keras_resaved"))
        out["keras_resaved_serve"] = k.signatures["serving_default"](
            tf.constant([[1.0, 2.0, 3.0]]))["output_0"].numpy().tolist()
        out["keras_resaved_factories"] = [
            type(k._self_saveable_object_factories).__name__ != "NoneType",
            len(k._self_saveable_object_factories)]
    return out
