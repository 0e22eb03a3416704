"""Whole-model files whose objects hold state in odd places, as file_cases_kinds.py's cases
(write, read): tf.data datasets held in lists, tuples and dicts and inside Keras layers
(each saved, as TF saves a held dataset, as an object whose `_variant_tracker` the
functions capture), a loaded model holding datasets saved again (TF's own files and
one's own), a held dataset TF can't serialize (a from_generator, a py_function, a
stateful map: TF's FailedPreconditionError), subclassed Keras models holding sublayers in
list, dict and tuple attributes, variables of every dtype and of unknown shape, nested
modules sharing variables, text-file and dense hash tables. file_cases_kinds.py adds them
to its CASES (golden/file_cases_kinds.json holds TF 2.21's reads of its own files, the
files TF wrote of HOLDER_TF_FILES are kept in golden/file_cases_kinds/);
test_file_cases_holders.py checks them. Builders take the `tf` and `keras` modules; this
module imports neither."""

from __future__ import annotations

import json
import os
import shutil

import numpy as np

from tests.interop.file_cases import errors
from tests.saved_model.user_model_cases import outcome, variable_facts

HERE = os.path.dirname(os.path.abspath(__file__))


def path(d: str, name: str) -> str:
    return os.path.join(d, name)


def _sum(tf, ds):
    return ds.reduce(tf.constant(0, tf.int64), lambda a, x: a + tf.reduce_sum(x))


def _kinds(obj) -> list:
    """A loaded container's items as a user sees them: each one's class name (a loaded
    dataset is a plain restored object in both frameworks)."""
    items = obj.values() if hasattr(obj, "values") and callable(obj.values) else obj
    return [type(v).__name__ for v in items]


# --- datasets in lists, tuples and dicts ------------------------------------------------------

def write_dataset_containers(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.scale = tf.Variable(2, dtype=tf.int64, name="scale")
            self.parts = [tf.data.Dataset.range(4), tf.data.Dataset.range(3).map(lambda x: x * 10)]
            self.by_name = {"a": tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0]).batch(2),
                            "n": 7}
            self.mixed = [tf.Variable(5, dtype=tf.int64, name="five"),
                          tf.data.Dataset.range(2)]

        @tf.function(input_signature=[])
        def total(self):
            s = tf.constant(0, tf.int64)
            for p in self.parts:
                s += _sum(tf, p)
            return s * self.scale + _sum(tf, self.mixed[1]) + self.mixed[0]

        @tf.function(input_signature=[])
        def first(self):
            return self.by_name["a"].take(1).get_single_element()

    tf.saved_model.save(M(), path(d, "sm"))


def read_dataset_containers(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"total": outcome(lambda: m.total()), "first": outcome(lambda: m.first()),
            "parts": outcome(lambda: _kinds(m.parts)),
            "by_name": outcome(lambda: sorted(m.by_name)),
            "mixed": outcome(lambda: _kinds(m.mixed)),
            "trackers": outcome(lambda: [type(p._variant_tracker).__name__ for p in m.parts]),
            "five": outcome(lambda: m.mixed[0]), "root_variables": hasattr(m, "variables")}


def holder_layer(tf, keras):
    class Holder(keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.ds = tf.data.Dataset.range(5).map(lambda x: x * 2)
            self.many = [tf.data.Dataset.range(2), tf.data.Dataset.range(3)]
            self.table = {"z": tf.data.Dataset.range(4)}
            self.w = self.add_weight(shape=(), initializer="ones", name="w")

        def call(self, x):
            n = _sum(tf, self.ds) + _sum(tf, self.table["z"])
            for p in self.many:
                n += _sum(tf, p)
            return x * self.w + tf.cast(n, "float32")

    return Holder(name="holder")


def write_dataset_in_layer(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.layer = holder_layer(tf, keras)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def f(self, x):
            return self.layer(x)

    tf.saved_model.save(M(), path(d, "sm"))


def read_dataset_in_layer(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([1.0, 2.0])
    return {"f": outcome(lambda: m.f(x)),
            "sig": outcome(lambda: m.signatures["serving_default"](x=x)),
            "many": outcome(lambda: _kinds(m.layer.many)),
            "table": outcome(lambda: sorted(m.layer.table)),
            "ds": outcome(lambda: type(m.layer.ds).__name__),
            "w": outcome(lambda: m.layer.w)}


# --- a loaded model holding datasets, saved again ------------------------------------------------

def _resave(tf, src, d):
    """Loads the SavedModel `src`, saves it again as d/sm, and that one again as d/sm2."""
    loaded = tf.saved_model.load(src)
    tf.saved_model.save(loaded, path(d, "sm"))
    tf.saved_model.save(tf.saved_model.load(path(d, "sm")), path(d, "sm2"))


def write_resave_datasets(tf, keras, d):
    write_dataset_containers(tf, keras, path(d, "first"))
    _resave(tf, path(d, "first/sm"), d)
    shutil.rmtree(path(d, "first"))  # (only the files saved again are read)


def read_resave_datasets(tf, keras, d):
    out = read_dataset_containers(tf, keras, d)
    again = tf.saved_model.load(path(d, "sm2"))
    out["again"] = [outcome(lambda: again.total()), outcome(lambda: again.first())]
    return out


def write_resave_tf_dataset(tf, keras, d):
    # the SavedModel TF wrote of file_cases_kinds' dataset_slices_attr (kept), as each
    # framework loads and saves it again
    _resave(tf, path(HERE, "golden/file_cases_kinds/dataset_slices_attr/sm"), d)


def write_resave_tf_containers(tf, keras, d):
    # TF's kept files of dataset_containers above (datasets in a list, a dict, a mixed list)
    _resave(tf, path(HERE, "golden/file_cases_kinds/dataset_containers/sm"), d)


def read_resave_tf_dataset(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm2"))
    return {"loop": outcome(lambda: m.loop()),
            "shifted": outcome(lambda: m.shifted(tf.constant(10, tf.int64))),
            "first": outcome(lambda: m.first()),
            "trackers": sorted(type(getattr(m, n)._variant_tracker).__name__
                               for n in ("ds", "plain") if hasattr(m, n))}


# --- held datasets TF can't serialize: the error saving them ------------------------------------

def _gen():
    yield from range(3)


UNSERIALIZABLE = {
    "generator": lambda tf: tf.data.Dataset.from_generator(
        _gen, output_signature=tf.TensorSpec([], tf.int64)).map(lambda x: x + 1),
    "py_function": lambda tf: tf.data.Dataset.range(3).map(
        lambda x: tf.py_function(lambda v: v * 2, [x], tf.int64)),
    "numpy_function": lambda tf: tf.data.Dataset.range(3).map(
        lambda x: tf.numpy_function(lambda v: v * 2, [x], tf.int64)),
    "random_then_py": lambda tf: tf.data.Dataset.range(3).map(
        lambda x: x + tf.cast(tf.random.uniform([], 0, 5, tf.int32), tf.int64)).map(
        lambda y: tf.py_function(lambda v: v, [y], tf.int64)),
    "in_list": lambda tf: [tf.data.Dataset.range(2), tf.data.Dataset.range(3).map(
        lambda x: x + tf.cast(tf.random.uniform([], 0, 5, tf.int32), tf.int64))],
}


def write_unserializable(tf, keras, d):
    """Each refused save's error, recorded as files a read shows (no SavedModel is
    written)."""
    out = {}
    for name, make in UNSERIALIZABLE.items():
        class M(tf.Module):
            def __init__(self):
                super().__init__()
                self.ds = make(tf)

        out[name] = errors(lambda: tf.saved_model.save(M(), path(d, name)), d)
        out[name + "_written"] = os.path.exists(path(d, f"{name}/saved_model.pb"))
    with open(path(d, "errors.json"), "w") as f:
        json.dump(out, f)


def read_unserializable(tf, keras, d):
    with open(path(d, "errors.json")) as f:
        return json.load(f)


# --- Keras models holding sublayers in containers -----------------------------------------------

def blocks_model(tf, keras):
    class Blocks(keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.blocks = [keras.layers.Dense(3, name="b0"), keras.layers.Dense(2, name="b1")]
            self.head = keras.layers.Dense(1, name="head")
            self.sizes = [1, 2]
            self.named = {"gate": keras.layers.Dense(2, name="gate"),
                          "deep": [keras.layers.Dense(2, name="deep")]}
            self.pair = (keras.layers.Dense(2, name="pair0"), 3)

        def call(self, x):
            h = self.blocks[1](self.blocks[0](x))
            return self.head(h * self.named["gate"](h) + self.pair[0](h))

    model = Blocks(name="blocks")
    model(np.zeros((1, 4), "float32"))
    rng = np.random.RandomState(5)
    for w in model.weights:
        w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype("float32"))
    return model


X4 = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)


def write_keras_containers(tf, keras, d):
    tf.saved_model.save(blocks_model(tf, keras), path(d, "sm"))


def read_keras_containers(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant(X4)
    return {"serve": outcome(lambda: m.signatures["serving_default"](inputs=x)),
            "blocks": outcome(lambda: len(m.blocks)), "sizes": outcome(lambda: len(m.sizes)),
            "named": outcome(lambda: sorted(m.named)), "pair": outcome(lambda: len(m.pair))}


# --- variables of every dtype, of unknown shape; modules sharing them ----------------------------

DTYPES = ("float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64",
          "uint8", "uint16", "bool", "complex64", "complex128", "string")


def _start(dtype):
    if dtype == "string":
        return np.array([b"a", b"bc"], object)
    if dtype == "bool":
        return np.array([True, False])
    if dtype.startswith("complex"):
        return np.array([1 + 2j, -0.5j], dtype)
    return np.array([3, 1], "float32" if dtype == "bfloat16" else dtype)


def write_variable_dtypes(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.vs = {k: tf.Variable(tf.cast(_start(k), k) if k == "bfloat16" else _start(k),
                                      name=k) for k in DTYPES}
            self.free = tf.Variable([1.0, 2.0], shape=tf.TensorShape(None), name="free")
            self.rows = tf.Variable(np.ones((2, 3), "float32"), shape=[None, 3], name="rows")

        @tf.function(input_signature=[])
        def read(self):  # (a complex value as its real and imaginary parts)
            return {k: tf.stack([tf.math.real(v), tf.math.imag(v)]) if k.startswith("complex")
                    else v.read_value() for k, v in self.vs.items()}

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def grow(self, x):
            self.free.assign(x)
            self.rows.assign(tf.concat([self.rows, tf.ones([1, 3])], 0))
            return tf.shape(self.free), tf.shape(self.rows)

    tf.saved_model.save(M(), path(d, "sm"))


def read_variable_dtypes(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"read": outcome(lambda: m.read()),
            "grow": outcome(lambda: m.grow(tf.ones([2, 2]))),
            "after": outcome(lambda: [m.free.read_value(), m.rows.read_value()]),
            "variables": outcome(lambda: sorted([v.name, str(v.shape), v.dtype.name]
                                                for v in [m.free, m.rows, *m.vs.values()]))}


def write_shared_modules(tf, keras, d):
    class Leaf(tf.Module):
        def __init__(self, v, name):
            super().__init__(name=name)
            self.v = v
            self.own = tf.Variable(1.0, name=f"{name}_own")

    class Root(tf.Module):
        def __init__(self):
            super().__init__()
            shared = tf.Variable([1.0, 2.0], name="shared")
            self.left, self.right = Leaf(shared, "left"), Leaf(shared, "right")
            self.leaves = [self.left, self.right, self.left]

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def bump(self, k):
            self.left.v.assign_add([k, k])
            return self.right.v * self.right.own

    tf.saved_model.save(Root(), path(d, "sm"))


def read_shared_modules(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    bumped = outcome(lambda: m.bump(tf.constant(1.5)))
    return {"bumped": bumped, "same": m.left.v is m.right.v,
            "leaves_same": [m.leaves[0] is m.left, m.leaves[2] is m.left],
            "right_v": outcome(lambda: m.right.v),
            "variables": outcome(lambda: variable_facts([m.left.v, m.left.own, m.right.own]))}


# --- tables: one fed by a text file's lines, a dense hash table ----------------------------------

def write_file_tables(tf, keras, d):
    words = path(d, "words.txt")
    with open(words, "w") as f:
        f.write("zero\none\ntwo\nthree\n")

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            init = tf.lookup.TextFileInitializer(
                words, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
                tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER)
            self.ids = tf.lookup.StaticHashTable(init, -1)
            self.vocab = tf.lookup.StaticVocabularyTable(
                tf.lookup.TextFileInitializer(words, tf.string,
                                              tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
                                              tf.lookup.TextFileIndex.LINE_NUMBER), 2)
            self.dense = tf.lookup.experimental.DenseHashTable(
                tf.int64, tf.float32, default_value=-1.0, empty_key=-1, deleted_key=-2,
                initial_num_buckets=8)  # (its checkpoint holds every bucket)
            self.dense.insert(tf.constant([3, 9], tf.int64), tf.constant([0.5, 1.5]))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def lookup(self, words):
            return {"ids": self.ids.lookup(words), "vocab": self.vocab.lookup(words)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
        def dense_get(self, keys):
            return self.dense.lookup(keys)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
        def dense_drop(self, keys):
            self.dense.erase(keys)
            return self.dense.size()

    tf.saved_model.save(M(), path(d, "sm"))
    shutil.move(words, path(d, "moved.txt"))  # (the SavedModel reads its own copy)


def read_file_tables(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    words = tf.constant(["two", "zero", "nine", "three", "zebra"])
    keys = tf.constant([3, 4, 9], tf.int64)
    return {"lookup": outcome(lambda: m.lookup(words)),
            "dense": outcome(lambda: m.dense_get(keys)),
            "drop": outcome(lambda: m.dense_drop(tf.constant([3], tf.int64))),
            "after": outcome(lambda: m.dense_get(keys)),
            "assets": sorted(os.listdir(path(d, "sm/assets")))}


def write_tensor_table(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = tf.lookup.experimental.MutableHashTable(
                tf.string, tf.float32, default_value=[0.0, -1.0])
            self.table.insert(tf.constant(["a", "b"]), tf.constant([[1.0, 2.0], [3.0, 4.0]]))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def get(self, keys):
            return self.table.lookup(keys)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string),
                                      tf.TensorSpec([None, 2], tf.float32)])
        def put(self, keys, values):
            self.table.insert(keys, values)
            return self.table.size()

        @tf.function(input_signature=[])
        def dump(self):  # (an export's order is the table's own: its sums)
            keys, values = self.table.export()
            return tf.size(keys), tf.reduce_sum(values, axis=0)

    tf.saved_model.save(M(), path(d, "sm"))


def read_tensor_table(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    keys = tf.constant(["b", "z", "a"])
    before = outcome(lambda: m.get(keys))
    put = outcome(lambda: m.put(tf.constant(["z"]), tf.constant([[9.0, 8.0]])))
    return {"before": before, "put": put, "after": outcome(lambda: m.get(keys)),
            "dump": outcome(lambda: m.dump())}


def write_traced_kinds(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([1.0, -2.0, 0.5], name="w")

        @tf.function(jit_compile=True, reduce_retracing=True)
        def score(self, x):
            return tf.reduce_sum(x * self.w[: tf.shape(x)[-1]], axis=-1)

        @tf.function(experimental_follow_type_hints=True, reduce_retracing=True)
        def power(self, x: tf.Tensor, k: int):
            return x ** k

    m = M()
    for n in (1, 2, 3):
        m.score(tf.ones([2, n]))
    m.power(2.0, 2)
    m.power(tf.constant([1.0, 3.0]), 3)
    tf.saved_model.save(m, path(d, "sm"))


def read_traced_kinds(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"score": outcome(lambda: m.score(tf.constant([[1.0, 1.0, 2.0], [0.0, 1.0, 1.0]]))),
            "score_short": outcome(lambda: m.score(tf.constant([[4.0], [5.0]]))),
            "score_one_row": outcome(lambda: m.score(tf.constant([[4.0]]))),
            "power": outcome(lambda: m.power(2.0, 2)),
            "power_vec": outcome(lambda: m.power(tf.constant([2.0, -1.0]), 3)),
            "other_k": outcome(lambda: m.power(tf.constant(3.0), 4)),
            "score_traces": outcome(lambda: len(m.score.concrete_functions)),
            "power_traces": outcome(lambda: len(m.power.concrete_functions))}


def write_keras_in_module(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.body = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name="d0")],
                                         name="body")
            self.heads = [keras.layers.Dense(1, name="h0"), keras.layers.Dense(2, name="h1")]
            for layer in self.heads:
                layer.build((None, 3))
            rng = np.random.RandomState(7)
            for w in self.body.weights + [w for h in self.heads for w in h.weights]:
                w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype("float32"))

        @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
        def __call__(self, x):
            h = self.body(x)
            return {"h0": self.heads[0](h), "h1": self.heads[1](h)}

    tf.saved_model.save(M(), path(d, "sm"))


def read_keras_in_module(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant(X4)
    return {"call": outcome(lambda: m(x)),
            "sig": outcome(lambda: m.signatures["serving_default"](x=x)),
            "heads": outcome(lambda: len(m.heads)),
            "body": outcome(lambda: type(m.body).__name__)}


def write_resave_keras_containers(tf, keras, d):
    write_keras_containers(tf, keras, path(d, "first"))
    loaded = tf.saved_model.load(path(d, "first/sm"))
    tf.saved_model.save(loaded, path(d, "sm"), signatures=loaded.signatures)
    shutil.rmtree(path(d, "first"))


TEXTS = ["the cat sat", "a dog ran", "the dog sat down", "cats and dogs"]


def write_lookup_text_export(tf, keras, d):
    vocab = path(d, "colors.txt")
    with open(vocab, "w") as f:
        f.write("red\ngreen\nblue\n")
    colors = keras.layers.StringLookup(vocabulary=vocab, output_mode="int", name="colors")
    vec = keras.layers.TextVectorization(max_tokens=10, output_mode="int",
                                         output_sequence_length=4, name="vec")
    vec.adapt(TEXTS)
    color = keras.Input((1,), dtype="string", name="color")
    text = keras.Input((), dtype="string", name="text")
    emb = keras.layers.Embedding(10, 2, name="emb")(vec(text))
    joined = keras.layers.Concatenate(name="join")(
        [keras.layers.GlobalAveragePooling1D(name="pool")(emb),
         keras.layers.Flatten(name="flat")(keras.layers.Embedding(5, 2, name="cemb")(
             colors(color)))])
    model = keras.Model({"color": color, "text": text},
                        keras.layers.Dense(1, name="out")(joined), name="lookups")
    rng = np.random.RandomState(11)
    for w in model.weights:
        if "float" in str(w.dtype):
            w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype("float32"))
    model.export(path(d, "export"), verbose=False)
    os.remove(vocab)  # (the export reads its own copy)


def read_lookup_text_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "export"))
    inputs = {"color": tf.constant([["blue"], ["pink"], ["red"]]),
              "text": tf.constant(["the cat sat down", "zebra", "dogs and the cat ran far"])}
    return {"serve": outcome(lambda: np.round(m.serve(inputs), 5)),
            "assets": sorted(os.listdir(path(d, "export/assets")))
            if os.path.isdir(path(d, "export/assets")) else []}


# name -> (write, read)
HOLDER_CASES = {
    "dataset_containers": (write_dataset_containers, read_dataset_containers),
    "dataset_in_layer": (write_dataset_in_layer, read_dataset_in_layer),
    "resave_datasets": (write_resave_datasets, read_resave_datasets),
    "resave_tf_dataset": (write_resave_tf_dataset, read_resave_tf_dataset),
    "resave_tf_containers": (write_resave_tf_containers, read_resave_datasets),
    "unserializable": (write_unserializable, read_unserializable),
    "keras_containers": (write_keras_containers, read_keras_containers),
    "variable_dtypes": (write_variable_dtypes, read_variable_dtypes),
    "shared_modules": (write_shared_modules, read_shared_modules),
    "file_tables": (write_file_tables, read_file_tables),
    "tensor_table": (write_tensor_table, read_tensor_table),
    "traced_kinds": (write_traced_kinds, read_traced_kinds),
    "keras_in_module": (write_keras_in_module, read_keras_in_module),
    "resave_keras_containers": (write_resave_keras_containers, read_keras_containers),
    "lookup_text_export": (write_lookup_text_export, read_lookup_text_export),
}

# the cases whose files TF wrote are kept (golden/file_cases_kinds/NAME)
HOLDER_TF_FILES = ("dataset_containers", "dataset_in_layer", "resave_datasets",
                   "keras_containers", "variable_dtypes", "shared_modules", "file_tables",
                   "tensor_table", "traced_kinds", "keras_in_module", "lookup_text_export")

__all__ = ["HOLDER_CASES", "HOLDER_TF_FILES"]
