"""Modules whose signatures look tables up, for test_table_signature_shapes.py: each is
saved, and the shapes its saved_model.pb gives the signatures' outputs are read back,
with the traced functions' output shapes beside them. `run(tf, SavedModel, workdir)`
runs under TensorFlow 2.21 (record_table_signature_shapes.py) or eagerflow alike.
"""

from __future__ import annotations

import os


def _shape(tensor_shape):
    return None if tensor_shape.unknown_rank else [d.size for d in tensor_shape.dim]


def _shape_text(shape):
    return None if shape.rank is None else list(shape.as_list())


def cases(tf):
    """name -> (module, its signatures)."""
    out = {}

    class Mutable(tf.Module):
        def __init__(self):
            super().__init__()
            self.t = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
            self.v = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32,
                                                            [0.0, 0.0, 0.0])

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def words(self, w):
            self.t.insert(w, self.t.lookup(w) + 1)
            return {"count": self.t.lookup(w), "size": self.t.size()}

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int64)])
        def vectors(self, k):
            return {"rows": self.v.lookup(k), "twice": 2.0 * self.v.lookup(k)}

        @tf.function(input_signature=[tf.TensorSpec(None, tf.string)])
        def any_rank(self, w):
            return self.t.lookup(w)

        @tf.function(input_signature=[])
        def dump(self):
            keys, values = self.t.export()
            return {"keys": keys, "values": values}

    m = Mutable()
    out["mutable"] = (m, {"words": m.words, "vectors": m.vectors, "any_rank": m.any_rank,
                          "dump": m.dump})

    class Dense(tf.Module):
        def __init__(self):
            super().__init__()
            self.t = tf.lookup.experimental.DenseHashTable(
                tf.int64, tf.int64, default_value=-1, empty_key=0, deleted_key=-1)

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.int64)])
        def find(self, k):
            return self.t.lookup(k)

    d = Dense()
    out["dense"] = (d, {"find": d.find})

    class Static(tf.Module):
        def __init__(self):
            super().__init__()
            self.t = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
                tf.constant([1, 2], tf.int64), tf.constant([10.0, 20.0])), -1.0)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
        def find(self, k):
            return {"v": self.t.lookup(k), "n": self.t.size()}

    s = Static()
    out["static"] = (s, {"find": s.find})

    class Nested(tf.Module):
        def __init__(self):
            super().__init__()
            self.t = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, 0)

        @tf.function
        def inner(self, w):
            return self.t.lookup(w)

        @tf.function(input_signature=[tf.TensorSpec([None, None], tf.string)])
        def outer(self, w):
            return self.inner(w) * 2

    n = Nested()
    out["nested"] = (n, {"outer": n.outer})
    return out


def run(tf, saved_model_cls, workdir):
    """name -> {signature: {output: [saved shape, traced shape]}} (a shape: its dims,
    -1 or None for an unknown one; None for an unknown rank)."""
    result = {}
    for name, (module, sigs) in cases(tf).items():
        path = os.path.join(workdir, name)
        tf.saved_model.save(module, path, signatures=sigs)
        proto = saved_model_cls()
        with open(os.path.join(path, "saved_model.pb"), "rb") as f:
            proto.ParseFromString(f.read())
        defs = proto.meta_graphs[0].signature_def
        result[name] = {}
        for key, fn in sorted(sigs.items()):
            traced = fn.get_concrete_function().structured_outputs
            if not isinstance(traced, dict):
                traced = {"output_0": traced}
            result[name][key] = {k: [_shape(v.tensor_shape), _shape_text(traced[k].shape)]
                                 for k, v in sorted(defs[key].outputs.items())}
    return result
