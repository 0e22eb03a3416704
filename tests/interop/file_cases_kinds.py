"""A further round of whole-model files, in kinds the other file_cases*.py leave out:
tf.Modules whose functions follow type hints, reduce retracing, take defaults outside an
input signature, loop over TensorArrays, compute gradients inside, draw from a
tf.random.Generator, run jit-compiled, hold a tf.data dataset or a table that two
functions share, take ragged and sparse inputs; Keras models with image, n-gram tf-idf,
Discretization and inverted lookup preprocessing, separable/depthwise/dilated
convolutions, group and unit normalization, ConvLSTM1D, stacked RNN cells with states,
stateful LSTMs, Transformer blocks with causal masks and EinsumDense, SpectralNormalization,
regularizer losses, sparse inputs, mixed_float16 with its LossScaleOptimizer, custom layers
with build and compile configs of their own, and the optimizers' state of RMSprop, Nadam,
Adagrad, Adamax, Lion and Ftrl resuming training (and file_cases_holders.py's cases:
state held in odd places; file_cases_resources.py's: custom resources, augmentation
layers, mixed_bfloat16, Pipelines, Optional results). Cases are (write, read) as in
file_cases.py; test_file_cases_kinds.py runs them (golden/file_cases_kinds.json holds TF
2.21's reads of its own files, golden/file_cases_kinds/ the files TF wrote of TF_FILES).
Builders take the `tf` and `keras` modules; this module imports neither."""

from __future__ import annotations

import os
import re

import numpy as np

from tests.interop.file_cases import XS, YS, errors, fit_history, values
from tests.interop.file_cases_exports import EXPORT_CASES, EXPORT_TF_FILES
from tests.interop.file_cases_holders import HOLDER_CASES, HOLDER_TF_FILES
from tests.interop.file_cases_mixes import MIX_CASES, MIX_TF_FILES
from tests.interop.file_cases_mixes_more import MORE_MIX_CASES, MORE_MIX_TF_FILES
from tests.interop.file_cases_resources import RESOURCE_CASES, RESOURCE_TF_FILES
from tests.interop.file_cases_saved import SAVED_CASES, SAVED_TF_FILES
from tests.interop.file_cases_serving import SERVING_CASES, SERVING_TF_FILES
from tests.interop.file_cases_training import TRAINING_CASES, TRAINING_TF_FILES
from tests.saved_model.user_model_cases import encode, outcome, signature_facts, variable_facts

IMG = np.linspace(0, 1, 2 * 6 * 6 * 3, dtype="float32").reshape(2, 6, 6, 3)
SEQ = np.linspace(-1, 1, 4 * 5 * 3, dtype="float32").reshape(4, 5, 3)
TEXTS = ["the cat sat on the mat", "the dog sat", "a cat and a dog", "the end",
         "cat cat dog", "on the mat"]


def set_all(model, seed: int) -> None:
    """Every float weight, trainable or not, drawn from a seeded NumPy generator (the
    frameworks' initializers draw differently)."""
    rng = np.random.RandomState(seed)
    for w in model.weights:
        if "float" in str(w.dtype):
            w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype(str(w.dtype)))


def path(d: str, name: str) -> str:
    return os.path.join(d, name)


def rounded(x, n=5):
    return np.round(np.asarray(x, "float64"), n).tolist()


def slots(optimizer) -> list:
    """An optimizer's variables: path (without the numbers a process gives a second
    optimizer of a class, a second unnamed variable) and value."""
    return [[_unnumbered(v.path), rounded(np.asarray(v), 3)] for v in optimizer.variables]


def _unnumbered(name: str) -> str:
    """`name` without the counts Keras appends to auto-named objects (adam_1, variable_2),
    which number each process's objects of a kind."""
    return re.sub(r"^(\w+?)_\d+(/|$)", r"\1\2", re.sub(r"/variable_\d+$", "/variable", name))


def concrete_list(fn) -> list:
    """A (restored) function's concrete functions as printed, sorted."""
    return sorted(fn.pretty_printed_concrete_signatures().split("\n\n"))


# --- tf.Modules ------------------------------------------------------------------------

def write_type_hints(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(3.0, name="v")

        @tf.function(experimental_follow_type_hints=True)
        def f(self, x: tf.Tensor, n: int = 2):
            return x * self.v * n

    m = M()
    for x in (1.0, 2.0, 5.0):  # python floats become one float32 scalar trace
        m.f(x)
    m.f(tf.constant([1.0, 2.0]), 4)
    tf.saved_model.save(m, path(d, "sm"))


def read_type_hints(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"scalar": outcome(lambda: m.f(tf.constant(7.0))),
            "python_two": outcome(lambda: m.f(2.0)),
            "vector": outcome(lambda: m.f(tf.constant([1.0, -1.0]), 4)),
            "other_n": outcome(lambda: m.f(tf.constant([1.0, -1.0]), 5)),
            "traces": outcome(lambda: concrete_list(m.f))}


def write_reduce_retracing(tf, keras, d):
    class M(tf.Module):
        @tf.function(reduce_retracing=True)
        def total(self, x):
            return tf.reduce_sum(x * x)

    m = M()
    for n in (2, 3, 4, 5):
        m.total(tf.ones([n]))
    tf.saved_model.save(m, path(d, "sm"))


def read_reduce_retracing(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"seven": outcome(lambda: m.total(tf.range(7.0))),
            "two": outcome(lambda: m.total(tf.constant([3.0, 4.0]))),
            "matrix": outcome(lambda: m.total(tf.ones([2, 2]))),
            "traces": outcome(lambda: concrete_list(m.total))}


def write_signature_defaults(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def f(self, x, k=2, offset=0.5):
            return {"y": x * k + offset, "n": tf.size(x)}

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"serving_default": m.f})


def read_signature_defaults(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([1.0, 2.0, 3.0])
    return {"call": outcome(lambda: m.f(x)),
            "extra": errors(lambda: m.f(x, 3), d),
            "sig": outcome(lambda: m.signatures["serving_default"](x=x)),
            "signatures": signature_facts(m, tf)}


def write_tensor_array(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def running(self, x):
            ta = tf.TensorArray(tf.float32, size=tf.size(x), element_shape=[])
            total = tf.constant(0.0)
            for i in tf.range(tf.size(x)):
                total += x[i]
                ta = ta.write(i, total)
            return ta.stack()

        @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
        def squares(self, n):
            ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
            i = tf.constant(0)
            while i < n:
                ta = ta.write(i, i * i)
                i += 1
            return ta.stack()

    tf.saved_model.save(M(), path(d, "sm"))


def read_tensor_array(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"running": outcome(lambda: m.running(tf.constant([1.0, 2.0, 3.0, 4.0]))),
            "empty": outcome(lambda: m.running(tf.zeros([0]))),
            "squares": outcome(lambda: m.squares(tf.constant(5))),
            "none": outcome(lambda: m.squares(tf.constant(0)))}


def write_tape_inside(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[0.5, -1.0], [2.0, 0.25]], name="w")

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def grads(self, x):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.tanh(x @ self.w) ** 2)
            g = tape.gradient(loss, self.w)
            return {"loss": loss, "grad": g}

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def step(self, x):
            out = self.grads(x)
            self.w.assign_sub(0.1 * out["grad"])
            return out["loss"]

    tf.saved_model.save(M(), path(d, "sm"))


def read_tape_inside(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([[1.0, 2.0], [-0.5, 0.5]])
    first = outcome(lambda: m.grads(x))
    losses = [outcome(lambda: m.step(x)) for _ in range(3)]
    return {"grads": first, "losses": losses, "w": outcome(lambda: m.w)}


def write_generator(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.gen = tf.random.Generator.from_seed(42)

        @tf.function(input_signature=[])
        def draw(self):
            return self.gen.uniform([3])

    m = M()
    m.draw()
    tf.saved_model.save(m, path(d, "sm"))


def read_generator(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    state0 = outcome(lambda: m.gen.state)
    draws = [outcome(lambda: m.draw()) for _ in range(2)]
    return {"state0": state0, "draws": draws, "state": outcome(lambda: m.gen.state),
            "variables": outcome(lambda: variable_facts(m.variables))}


def write_jit(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(np.arange(6, dtype="float32").reshape(3, 2), name="w")

        @tf.function(jit_compile=True, input_signature=[tf.TensorSpec([None, 3])])
        def f(self, x):
            return tf.nn.softmax(x @ self.w)

    tf.saved_model.save(M(), path(d, "sm"))


def read_jit(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"f": outcome(lambda: m.f(tf.constant(XS[:3]))),
            "signatures": signature_facts(m, tf)}


def write_dataset_attr(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.scale = tf.Variable(2, dtype=tf.int64, name="scale")
            self.ds = tf.data.Dataset.range(6).map(lambda x: x * 10).batch(4)

        @tf.function(input_signature=[])
        def total(self):
            return self.ds.reduce(tf.constant(0, tf.int64),
                                  lambda acc, b: acc + tf.reduce_sum(b)) * self.scale

    tf.saved_model.save(M(), path(d, "sm"))


def read_dataset_attr(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"total": outcome(lambda: m.total()),
            "batches": outcome(lambda: [b.tolist() for b in m.ds.as_numpy_iterator()]),
            "spec": outcome(lambda: m.ds.element_spec),
            "cardinality": outcome(lambda: m.ds.cardinality())}


def write_dataset_slices_attr(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.offset = tf.Variable(0.5, name="offset")
            self.ds = tf.data.Dataset.from_tensor_slices(
                {"x": np.arange(6, dtype="float32"), "k": np.array([1, 2, 3, 1, 2, 3])}
            ).map(lambda e: e["x"] * tf.cast(e["k"], tf.float32)).batch(2)
            self.plain = tf.data.Dataset.range(3)

        @tf.function(input_signature=[])
        def loop(self):
            acc = tf.constant(0.0)
            for b in self.ds:
                acc += tf.reduce_sum(b)
            return acc + self.offset

        @tf.function(input_signature=[tf.TensorSpec([], tf.int64)])
        def shifted(self, n):
            return self.plain.map(lambda x: x + n).reduce(tf.constant(0, tf.int64),
                                                          lambda a, x: a + x)

        @tf.function(input_signature=[])
        def first(self):
            return self.ds.take(1).get_single_element()

    tf.saved_model.save(M(), path(d, "sm"))


def read_dataset_slices_attr(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"loop": outcome(lambda: m.loop()),
            "shifted": outcome(lambda: m.shifted(tf.constant(10, tf.int64))),
            "first": outcome(lambda: m.first()),
            "nodes": sorted(n for n in ("ds", "plain") if hasattr(m, n)),
            "trackers": sorted(type(getattr(m, n)._variant_tracker).__name__
                               for n in ("ds", "plain") if hasattr(m, n))}


def write_shared_table(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string),
                                      tf.TensorSpec([None], tf.int64)])
        def put(self, keys, vals):
            self.table.insert(keys, vals)
            return self.table.size()

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def get(self, keys):
            return self.table.lookup(keys)

    m = M()
    m.put(tf.constant(["a", "b"]), tf.constant([1, 2], tf.int64))
    tf.saved_model.save(m, path(d, "sm"))


def read_shared_table(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    keys = tf.constant(["a", "b", "c"])
    before = outcome(lambda: m.get(keys))
    size = outcome(lambda: m.put(tf.constant(["c", "a"]), tf.constant([30, 10], tf.int64)))
    return {"before": before, "size": size, "after": outcome(lambda: m.get(keys)),
            "signatures": signature_facts(m, tf)}


def write_ragged_module(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.emb = tf.Variable(np.linspace(-1, 1, 12, dtype="float32").reshape(6, 2),
                                   name="emb")

        @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int64, 1)])
        def pool(self, ids):
            vecs = tf.ragged.map_flat_values(tf.gather, self.emb, ids)
            return {"mean": tf.reduce_mean(vecs, axis=1), "lengths": ids.row_lengths()}

        @tf.function(input_signature=[tf.SparseTensorSpec([None, 6], tf.float32)])
        def project(self, sp):
            return tf.sparse.sparse_dense_matmul(sp, self.emb)

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"pool": m.pool, "project": m.project})


def read_ragged_module(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    ids = tf.ragged.constant([[0, 1, 5], [2], [3, 3]], tf.int64)
    sp = tf.sparse.SparseTensor([[0, 1], [1, 5], [2, 0]], [1.0, 2.0, -1.0], [3, 6])
    return {"pool": outcome(lambda: m.pool(ids)), "project": outcome(lambda: m.project(sp)),
            "sig_pool": outcome(lambda: m.signatures["pool"](
                ids=ids.values, ids_1=ids.row_splits)),
            "sig_project": outcome(lambda: m.signatures["project"](
                sp=sp.indices, sp_1=sp.values, sp_2=sp.dense_shape)),
            "signatures": signature_facts(m, tf)}


def write_string_ragged(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def words(self, text):
            clean = tf.strings.regex_replace(tf.strings.lower(text), "[^a-z ]", "")
            split = tf.strings.split(clean)
            return {"words": split, "padded": split.to_tensor("<pad>"),
                    "count": split.row_lengths()}

    tf.saved_model.save(M(), path(d, "sm"))


def read_string_ragged(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"words": outcome(lambda: m.words(tf.constant(["Hello, World!", "a  B c", ""])))}


# --- Keras preprocessing models ------------------------------------------------------------

def image_model(tf, keras):
    inp = keras.Input((6, 6, 3), name="image")
    x = keras.layers.Rescaling(2.0, offset=-1.0, name="rescale")(inp)
    x = keras.layers.Resizing(4, 4, interpolation="bilinear", name="resize")(x)
    x = keras.layers.CenterCrop(3, 3, name="crop")(x)
    x = keras.layers.Conv2D(2, 2, name="conv")(x)
    model = keras.Model(inp, keras.layers.Flatten(name="flat")(x), name="image")
    set_all(model, 1)
    return model


def write_image_export(tf, keras, d):
    image_model(tf, keras).export(path(d, "export"), verbose=False)


def read_image_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "export"))
    return {"serve": outcome(lambda: m.serve(tf.constant(IMG))),
            "signatures": signature_facts(m, tf),
            "variables": outcome(lambda: variable_facts(m.variables))}


def ngram_model(tf, keras):
    vec = keras.layers.TextVectorization(max_tokens=12, ngrams=2, output_mode="tf_idf",
                                         name="vec")
    vec.adapt(TEXTS)
    inp = keras.Input((), dtype="string", name="text")
    model = keras.Model(inp, keras.layers.Dense(2, name="out")(vec(inp)), name="ngrams")
    set_all(model, 2)
    return model


def write_ngrams_keras(tf, keras, d):
    ngram_model(tf, keras).save(path(d, "m.keras"))


def read_ngrams_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    vec = m.get_layer("vec")
    return {"vocab": vec.get_vocabulary(), "config": _config_items(vec.get_config(), (
                "ngrams", "output_mode", "max_tokens", "split", "standardize")),
            "predict": outcome(lambda: np.round(m.predict(tf.constant(TEXTS[:3] + ["zebra"]),
                                                          verbose=0), 5)),
            "vector": outcome(lambda: np.round(vec(tf.constant(["the cat sat"])), 5))}


def _config_items(config, keys):
    return {k: config.get(k) for k in keys}


def write_ngrams_export(tf, keras, d):
    ngram_model(tf, keras).export(path(d, "export"), verbose=False)


def read_ngrams_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "export"))
    assets = sorted(os.listdir(path(d, "export/assets"))) if os.path.isdir(
        path(d, "export/assets")) else []
    return {"serve": outcome(lambda: m.serve(tf.constant(["the cat", "dog dog mat"]))),
            "signatures": signature_facts(m, tf), "assets": assets,
            "variables": outcome(lambda: variable_facts(m.variables))}


def bucket_model(tf, keras):
    data = np.array([[0.1, 5.0], [0.4, 9.0], [0.7, 1.0], [0.9, 3.0], [0.2, 7.0]], "float32")
    disc = keras.layers.Discretization(num_bins=3, name="bins")
    disc.adapt(data)
    ids = keras.layers.IntegerLookup(name="ids")
    ids.adapt(np.array([4, 8, 8, 15, 16, 23, 42, 42, 42], "int64"))
    num = keras.Input((2,), name="num")
    cat = keras.Input((2,), dtype="int64", name="cat")
    binned = keras.layers.CategoryEncoding(3, output_mode="multi_hot", name="enc")(disc(num))
    looked = keras.layers.Embedding(ids.vocabulary_size(), 2, name="emb")(ids(cat))
    joined = keras.layers.Concatenate(name="join")(
        [binned, keras.layers.Flatten(name="flat")(looked)])
    model = keras.Model({"num": num, "cat": cat}, keras.layers.Dense(1, name="out")(joined),
                        name="buckets")
    set_all(model, 3)
    return model


BUCKET_IN = {"num": np.array([[0.0, 10.0], [0.5, 2.0], [1.0, 6.0]], "float32"),
             "cat": np.array([[42, 7], [8, 8], [16, 4]], "int64")}


def write_buckets_keras(tf, keras, d):
    bucket_model(tf, keras).save(path(d, "m.keras"))


def read_buckets_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    return {"predict": outcome(lambda: np.round(m.predict(BUCKET_IN, verbose=0), 5)),
            "bins": outcome(lambda: np.round(m.get_layer("bins").bin_boundaries, 5)),
            "ids": outcome(lambda: m.get_layer("ids").get_vocabulary()),
            "paths": [w.path for w in m.weights]}


def write_buckets_export(tf, keras, d):
    bucket_model(tf, keras).export(path(d, "export"), verbose=False)


def read_buckets_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "export"))
    x = {k: tf.constant(v) for k, v in BUCKET_IN.items()}
    return {"serve": outcome(lambda: m.serve(x)),
            "sig": outcome(lambda: m.signatures["serving_default"](**x)),
            "signatures": signature_facts(m, tf)}


def write_invert_export(tf, keras, d):
    words = keras.layers.StringLookup(vocabulary=["red", "green", "blue"], invert=True,
                                      name="words")
    ints = keras.layers.IntegerLookup(vocabulary=[10, 20, 30], invert=True, name="ints")
    i = keras.Input((3,), dtype="int64", name="i")
    model = keras.Model(i, {"word": words(i), "int": ints(i)}, name="invert")
    model.export(path(d, "export"), verbose=False)


def read_invert_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "export"))
    i = tf.constant([[0, 1, 2], [3, 4, 1]], tf.int64)
    return {"serve": outcome(lambda: m.serve(i)), "signatures": signature_facts(m, tf)}


# --- Keras layers ----------------------------------------------------------------------

def conv_model(tf, keras):
    inp = keras.Input((6, 6, 3), name="image")
    x = keras.layers.SeparableConv2D(4, 3, depth_multiplier=2, padding="same", name="sep")(inp)
    x = keras.layers.DepthwiseConv2D(2, strides=2, name="depth")(x)
    x = keras.layers.GroupNormalization(groups=2, name="group")(x)
    x = keras.layers.Reshape((9, 4), name="seq")(x)
    x = keras.layers.Conv1D(3, 2, dilation_rate=2, padding="causal", name="dilated")(x)
    x = keras.layers.UnitNormalization(name="unit")(x)
    out = keras.layers.GlobalMaxPooling1D(name="pool")(x)
    model = keras.Model(inp, out, name="conv")
    set_all(model, 4)
    return model


def write_conv_keras(tf, keras, d):
    conv_model(tf, keras).save(path(d, "m.keras"))


def read_conv_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    return {"predict": outcome(lambda: np.round(m.predict(IMG, verbose=0), 5)),
            "paths": [w.path for w in m.weights]}


def write_conv_h5(tf, keras, d):
    conv_model(tf, keras).save(path(d, "m.h5"))


def read_conv_h5(tf, keras, d):
    m = keras.models.load_model(path(d, "m.h5"))
    return {"predict": outcome(lambda: np.round(m.predict(IMG, verbose=0), 5)),
            "names": [w.name for w in m.weights]}


def conv_lstm_model(tf, keras):
    inp = keras.Input((3, 5, 2), name="frames")
    x = keras.layers.ConvLSTM1D(2, 2, padding="same", return_sequences=True, name="clstm")(inp)
    model = keras.Model(inp, keras.layers.Flatten(name="flat")(x), name="clstm")
    return model


def write_conv_lstm_weights(tf, keras, d):
    model = conv_lstm_model(tf, keras)
    set_all(model, 5)
    model.save_weights(path(d, "m.weights.h5"))


def read_conv_lstm_weights(tf, keras, d):
    m = conv_lstm_model(tf, keras)
    m.load_weights(path(d, "m.weights.h5"))
    x = np.linspace(-1, 1, 2 * 3 * 5 * 2, dtype="float32").reshape(2, 3, 5, 2)
    return {"predict": outcome(lambda: np.round(m.predict(x, verbose=0), 5)),
            "weights": values(m.weights)}


def stacked_model(tf, keras):
    inp = keras.Input((5, 3), name="seq")
    masked = keras.layers.Masking(0.0, name="mask")(inp)
    cells = [keras.layers.GRUCell(4, name="gru_cell"),
             keras.layers.LSTMCell(3, name="lstm_cell")]
    seq, *states = keras.layers.RNN(cells, return_sequences=True, return_state=True,
                                    go_backwards=True, name="stack")(masked)
    last = keras.layers.SimpleRNN(2, name="simple")(seq)
    model = keras.Model(inp, {"last": last, "gru_state": states[0], "lstm_h": states[1][0]},
                        name="stacked")
    set_all(model, 6)
    return model


def _masked_seq():
    x = SEQ.copy()
    x[1, 3:] = 0.0
    x[3, 1:] = 0.0
    return x


def write_stacked_keras(tf, keras, d):
    stacked_model(tf, keras).save(path(d, "m.keras"))


def read_stacked_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    out = m.predict(_masked_seq(), verbose=0)
    return {"predict": {k: rounded(v) for k, v in sorted(out.items())},
            "paths": [w.path for w in m.weights],
            "config": [c["class_name"] for c in m.get_layer("stack").get_config()["cell"][
                "config"]["cells"]]}


def write_stateful_lstm_export(tf, keras, d):
    inp = keras.Input(batch_shape=(2, 3, 2), name="x")
    model = keras.Model(inp, keras.layers.LSTM(2, stateful=True, name="lstm")(inp))
    set_all(model, 7)
    model.export(path(d, "export"), verbose=False)


def read_stateful_lstm_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "export"))
    x = tf.constant(np.linspace(-1, 1, 12, dtype="float32").reshape(2, 3, 2))
    first = outcome(lambda: m.serve(x))
    return {"first": first, "second": outcome(lambda: m.serve(x)),
            "wrong_batch": outcome(lambda: m.serve(x[:1])),
            # (a seed generator's name carries the process's count of them)
            "variables": outcome(lambda: [[re.sub(r"seed_generator_\d+", "seed_generator", n),
                                           *rest] for n, *rest in variable_facts(m.variables)]),
            "signatures": signature_facts(m, tf)}


def transformer_model(tf, keras):
    inp = keras.Input((4, 6), name="tokens")
    att = keras.layers.MultiHeadAttention(2, 3, name="mha")(inp, inp, use_causal_mask=True)
    x = keras.layers.LayerNormalization(name="ln1")(inp + att)
    ff = keras.layers.EinsumDense("abc,cd->abd", output_shape=(None, 8), bias_axes="d",
                                  activation="gelu", name="ff1")(x)
    ff = keras.layers.EinsumDense("abd,dc->abc", output_shape=(None, 6), name="ff2")(ff)
    out = keras.layers.LayerNormalization(name="ln2")(x + ff)
    model = keras.Model(inp, out, name="block")
    set_all(model, 8)
    return model


TOK = np.linspace(-1, 1, 2 * 4 * 6, dtype="float32").reshape(2, 4, 6)


def write_transformer_keras(tf, keras, d):
    transformer_model(tf, keras).save(path(d, "m.keras"))


def read_transformer_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    return {"predict": outcome(lambda: np.round(m.predict(TOK, verbose=0), 4)),
            "paths": [w.path for w in m.weights]}


def write_transformer_export(tf, keras, d):
    transformer_model(tf, keras).export(path(d, "export"), verbose=False)


def read_transformer_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "export"))
    return {"serve": outcome(lambda: tf.round(m.serve(tf.constant(TOK)) * 1e4)),
            "signatures": signature_facts(m, tf),
            "variables": outcome(lambda: variable_facts(m.variables))}


def spectral_model(tf, keras):
    inp = keras.Input((3,), name="x")
    sn = keras.layers.SpectralNormalization(keras.layers.Dense(4, name="inner"),
                                            power_iterations=2, name="sn")
    model = keras.Model(inp, keras.layers.Dense(1, name="out")(sn(inp)), name="spectral")
    set_all(model, 9)
    return model


def write_spectral_keras(tf, keras, d):
    model = spectral_model(tf, keras)
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    fit_history(model, XS, YS[:, :1], epochs=1)
    model.save(path(d, "m.keras"))


def read_spectral_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    return {"predict": outcome(lambda: np.round(m.predict(XS, verbose=0), 5)),
            "weights": [[p, rounded(v, 5)] for p, v in
                        ((w.path, np.asarray(w)) for w in m.weights)],
            "trained": outcome(lambda: fit_history(m, XS, YS[:, :1], epochs=1))}


def regularized_model(tf, keras):
    reg = keras.saving.register_keras_serializable(package="kinds")

    @reg
    class Penalty(keras.layers.Layer):
        """Adds 0.1 * mean(|x|) to the model's losses in each call."""

        def call(self, x):
            self.add_loss(0.1 * keras.ops.mean(keras.ops.abs(x)))
            return x

    inp = keras.Input((3,), name="x")
    x = keras.layers.Dense(4, kernel_regularizer=keras.regularizers.L2(0.01),
                           activity_regularizer=keras.regularizers.L1(0.001), name="h")(inp)
    x = Penalty(name="pen")(x)
    out = keras.layers.Dense(2, bias_regularizer=keras.regularizers.L1L2(0.02, 0.03),
                             name="out")(x)
    model = keras.Model(inp, out, name="regularized")
    set_all(model, 10)
    return model


def write_regularized_keras(tf, keras, d):
    model = regularized_model(tf, keras)
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    model.save(path(d, "m.keras"))


def read_regularized_keras(tf, keras, d):
    regularized_model(tf, keras)  # registers Penalty
    m = keras.models.load_model(path(d, "m.keras"))
    m(XS)
    return {"losses": outcome(lambda: sorted(round(float(v), 6) for v in m.losses)),
            "evaluate": outcome(lambda: round(m.evaluate(XS, YS, verbose=0), 5)),
            "trained": outcome(lambda: fit_history(m, XS, YS, epochs=2)),
            "regularizers": m.get_layer("h").get_config()["kernel_regularizer"]}


def write_sparse_input_export(tf, keras, d):
    inp = keras.Input((5,), sparse=True, name="sp")
    model = keras.Model(inp, keras.layers.Dense(2, name="out")(inp), name="sparse")
    set_all(model, 11)
    model.export(path(d, "export"), verbose=False)


def read_sparse_input_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "export"))
    sp = tf.sparse.SparseTensor([[0, 1], [0, 4], [2, 2]], [1.0, -2.0, 3.0], [3, 5])
    return {"serve_sparse": _classes_bare(outcome(lambda: m.serve(sp))),
            "serve_dense": outcome(lambda: m.serve(tf.sparse.to_dense(sp))),
            "signatures": signature_facts(m, tf)}


def _classes_bare(out):
    """An outcome with the classes its message names without their modules (each
    framework's own package)."""
    if isinstance(out, dict) and "message" in out:
        out["message"] = re.sub(r"<class '[\w.]+\.(\w+)'>", r"<class '\1'>", out["message"])
    return out


def write_archive_lookup(tf, keras, d):
    lookup = keras.layers.StringLookup(vocabulary=["a", "b", "c"], name="lookup")
    lookup(tf.constant(["a"]))  # (an archive tracks built layers only)
    dense = keras.layers.Dense(2, name="dense")
    dense.build((None, 3))
    dense.kernel.assign(np.arange(6, dtype="float32").reshape(3, 2) / 4)
    archive = keras.export.ExportArchive()
    archive.track(lookup)
    archive.track(dense)
    archive.add_endpoint("ids", lambda s: lookup(s),
                         input_signature=[tf.TensorSpec([None], tf.string, name="s")])
    archive.add_endpoint(
        "scores", lambda inp: {"y": dense(inp["x"]) * inp["w"]},
        input_signature=[{"x": tf.TensorSpec([None, 3], tf.float32, name="x"),
                          "w": tf.TensorSpec([], tf.float32, name="w")}])
    archive.add_variable_collection("head", [dense.kernel])
    archive.write_out(path(d, "archive"), verbose=False)


def read_archive_lookup(tf, keras, d):
    m = tf.saved_model.load(path(d, "archive"))
    return {"ids": outcome(lambda: m.ids(tf.constant(["c", "z", "a"]))),
            "scores": outcome(lambda: m.scores({"x": tf.constant(XS[:2]),
                                                "w": tf.constant(2.0)})),
            "head": outcome(lambda: variable_facts(m.head)),
            "signatures": signature_facts(m, tf)}


# --- custom layers with build and compile configs; optimizers' state --------------------

_REG: dict = {}


def registered(keras):
    """This module's registered classes (package "kinds"), once per framework."""
    if id(keras) in _REG:
        return _REG[id(keras)]
    reg = keras.saving.register_keras_serializable(package="kinds")

    @reg
    class Gate(keras.layers.Layer):
        """Builds its weights from a build config it writes (the input's width)."""

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.width = None

        def build(self, input_shape):
            self.width = int(input_shape[-1])
            self.gate = self.add_weight(shape=(self.width,), initializer="ones", name="gate")
            self.seen = self.add_weight(shape=(), initializer="zeros", trainable=False,
                                        name="seen")

        def call(self, x):
            return x * keras.ops.sigmoid(self.gate) + self.seen

        def get_build_config(self):
            return {"width": self.width}

        def build_from_config(self, config):
            self.build((None, config["width"]))

    @reg
    class Block(keras.layers.Layer):
        """Nested sublayers (a Dense and a Gate) and a non-trainable step."""

        def __init__(self, units=3, **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self.dense = keras.layers.Dense(units, name="dense")
            self.gate = Gate(name="gate")

        def build(self, input_shape):
            self.dense.build(input_shape)
            self.gate.build((None, self.units))
            self.step = self.add_weight(shape=(), initializer="zeros", trainable=False,
                                        dtype="int64", name="step")

        def call(self, x, training=False):
            if training:
                self.step.assign_add(1)
            return self.gate(self.dense(x))

        def get_config(self):
            return {**super().get_config(), "units": self.units}

    @reg
    class Tuned(keras.Model):
        """Keeps a compile config of its own (a loss weight) next to Keras's."""

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.block = Block(3, name="block")
            self.head = keras.layers.Dense(2, name="head")
            self.loss_weight = 1.0

        def call(self, x, training=False):
            return self.head(self.block(x, training=training))

        def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, **kwargs):
            return self.loss_weight * keras.ops.mean((y - y_pred) ** 2)

        def get_compile_config(self):
            return {**super().get_compile_config(), "loss_weight": self.loss_weight}

        def compile_from_config(self, config):
            config = dict(config)
            weight = config.pop("loss_weight")
            super().compile_from_config(config)
            self.loss_weight = weight

    _REG[id(keras)] = out = {"Gate": Gate, "Block": Block, "Tuned": Tuned}
    return out


def write_build_config_keras(tf, keras, d):
    cls = registered(keras)
    inp = keras.Input((3,), name="x")
    block = cls["Block"](4, name="block")
    model = keras.Model(inp, cls["Gate"](name="outer_gate")(block(inp)), name="gated")
    set_all(model, 12)
    block.step.assign(5)
    model.save(path(d, "m.keras"))
    lone = cls["Gate"](name="lone")
    lone.build((None, 5))
    set_all(lone, 13)
    lone_model = keras.Sequential([lone], name="lone_seq")
    lone_model.save(path(d, "lone.keras"))


def read_build_config_keras(tf, keras, d):
    registered(keras)
    m = keras.models.load_model(path(d, "m.keras"))
    lone = keras.models.load_model(path(d, "lone.keras"))
    return {"predict": outcome(lambda: np.round(m.predict(XS, verbose=0), 5)),
            "weights": values(m.weights),
            "lone_built": lone.layers[0].built, "lone_width": lone.layers[0].width,
            "lone_weights": values(lone.weights),
            "lone_predict": outcome(lambda: np.round(
                lone.predict(np.ones((1, 5), "float32"), verbose=0), 5))}


def write_compile_config_keras(tf, keras, d):
    model = registered(keras)["Tuned"](name="tuned")
    model(XS[:1])
    set_all(model, 14)
    model.loss_weight = 0.5
    model.compile(optimizer=keras.optimizers.Adam(0.01))
    fit_history(model, XS, YS, epochs=1)
    model.save(path(d, "m.keras"))


def read_compile_config_keras(tf, keras, d):
    registered(keras)
    m = keras.models.load_model(path(d, "m.keras"))
    return {"loss_weight": m.loss_weight, "step": outcome(lambda: np.asarray(m.block.step)),
            "iterations": outcome(lambda: np.asarray(m.optimizer.iterations)),
            "optimizer": outcome(lambda: {k: v for k, v in m.optimizer.get_config().items()
                                          if k in ("learning_rate", "beta_1")}),
            "optimizer_name": _unnumbered(m.optimizer.name),
            "trained": outcome(lambda: fit_history(m, XS, YS, epochs=2)),
            "step_after": outcome(lambda: np.asarray(m.block.step))}


def _optimizer_case(make):
    """(write, read) of a small model trained one epoch with the optimizer `make(keras)`
    makes, saved as .keras; read resumes training and shows the optimizer's variables."""

    def model_of(keras):
        inp = keras.Input((3,), name="x")
        h = keras.layers.Dense(4, activation="tanh", name="h")(inp)
        return keras.Model(inp, keras.layers.Dense(2, name="out")(h), name="opt")

    def write(tf, keras, d):
        model = model_of(keras)
        set_all(model, 15)
        model.compile(optimizer=make(keras), loss="mse")
        fit_history(model, XS, YS, epochs=1)
        model.save(path(d, "m.keras"))

    def read(tf, keras, d):
        m = keras.models.load_model(path(d, "m.keras"))
        return {"optimizer": m.optimizer.__class__.__name__, "slots": slots(m.optimizer),
                "trained": outcome(lambda: fit_history(m, XS, YS, epochs=2))}

    return write, read


OPTIMIZERS = {
    "rmsprop_centered_keras": lambda k: k.optimizers.RMSprop(0.01, momentum=0.5,
                                                             centered=True),
    "nadam_keras": lambda k: k.optimizers.Nadam(0.01),
    "adagrad_keras": lambda k: k.optimizers.Adagrad(0.1, initial_accumulator_value=0.2),
    "adamax_keras": lambda k: k.optimizers.Adamax(0.02),
    "lion_keras": lambda k: k.optimizers.Lion(0.001),
    "ftrl_keras": lambda k: k.optimizers.Ftrl(0.1, l1_regularization_strength=0.01),
    "amsgrad_keras": lambda k: k.optimizers.Adam(0.01, amsgrad=True),
    "sgd_nesterov_clip_keras": lambda k: k.optimizers.SGD(0.05, momentum=0.9, nesterov=True,
                                                          clipnorm=0.5),
}


def mixed_model(tf, keras):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, activation="relu", name="h", dtype="mixed_float16")(inp)
    out = keras.layers.Dense(2, name="out", dtype="float32")(h)
    model = keras.Model(inp, out, name="mixed")
    set_all(model, 16)
    return model


def write_mixed_keras(tf, keras, d):
    model = mixed_model(tf, keras)
    model.compile(optimizer=keras.optimizers.LossScaleOptimizer(
        keras.optimizers.SGD(0.1), initial_scale=256.0), loss="mse")
    fit_history(model, XS, YS, epochs=1)
    model.save(path(d, "m.keras"))


def read_mixed_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    return {"optimizer": m.optimizer.__class__.__name__,
            "policies": [[layer.name, layer.dtype_policy.name] for layer in m.layers],
            "predict": outcome(lambda: np.round(m.predict(XS, verbose=0), 2)),
            "slots": slots(m.optimizer),
            "trained": outcome(lambda: np.round(
                fit_history(m, XS, YS, epochs=1)["loss"], 3))}


# name -> (write, read)
CASES = {
    "type_hints": (write_type_hints, read_type_hints),
    "reduce_retracing": (write_reduce_retracing, read_reduce_retracing),
    "signature_defaults": (write_signature_defaults, read_signature_defaults),
    "tensor_array": (write_tensor_array, read_tensor_array),
    "tape_inside": (write_tape_inside, read_tape_inside),
    "generator": (write_generator, read_generator),
    "jit": (write_jit, read_jit),
    "dataset_attr": (write_dataset_attr, read_dataset_attr),
    "dataset_slices_attr": (write_dataset_slices_attr, read_dataset_slices_attr),
    "shared_table": (write_shared_table, read_shared_table),
    "ragged_module": (write_ragged_module, read_ragged_module),
    "string_ragged": (write_string_ragged, read_string_ragged),
    "image_export": (write_image_export, read_image_export),
    "ngrams_keras": (write_ngrams_keras, read_ngrams_keras),
    "ngrams_export": (write_ngrams_export, read_ngrams_export),
    "buckets_keras": (write_buckets_keras, read_buckets_keras),
    "buckets_export": (write_buckets_export, read_buckets_export),
    "invert_export": (write_invert_export, read_invert_export),
    "conv_keras": (write_conv_keras, read_conv_keras),
    "conv_h5": (write_conv_h5, read_conv_h5),
    "conv_lstm_weights": (write_conv_lstm_weights, read_conv_lstm_weights),
    "stacked_keras": (write_stacked_keras, read_stacked_keras),
    "stateful_lstm_export": (write_stateful_lstm_export, read_stateful_lstm_export),
    "transformer_keras": (write_transformer_keras, read_transformer_keras),
    "transformer_export": (write_transformer_export, read_transformer_export),
    "spectral_keras": (write_spectral_keras, read_spectral_keras),
    "regularized_keras": (write_regularized_keras, read_regularized_keras),
    "sparse_input_export": (write_sparse_input_export, read_sparse_input_export),
    "archive_lookup": (write_archive_lookup, read_archive_lookup),
    "build_config_keras": (write_build_config_keras, read_build_config_keras),
    "compile_config_keras": (write_compile_config_keras, read_compile_config_keras),
    "mixed_keras": (write_mixed_keras, read_mixed_keras),
    **{name: _optimizer_case(make) for name, make in OPTIMIZERS.items()},
    **HOLDER_CASES,
    **SAVED_CASES,
    **SERVING_CASES,
    **TRAINING_CASES,
    **EXPORT_CASES,
    **RESOURCE_CASES,
    **MIX_CASES,
    **MORE_MIX_CASES,
}

# cases whose files TF wrote are kept in golden/file_cases_kinds/NAME, for eagerflow to
# read without TF (the modules', and a few Keras files)
TF_FILES = ("type_hints", "reduce_retracing", "signature_defaults", "tensor_array",
            "tape_inside", "generator", "jit", "dataset_attr", "dataset_slices_attr",
            "shared_table", "stateful_lstm_export", "build_config_keras", "compile_config_keras",
            "nadam_keras", "mixed_keras", "ngrams_keras", "conv_h5", *HOLDER_TF_FILES,
            *SAVED_TF_FILES, *SERVING_TF_FILES, *TRAINING_TF_FILES,
            *EXPORT_TF_FILES, *RESOURCE_TF_FILES, *MIX_TF_FILES,
            *MORE_MIX_TF_FILES)

# the tf.Module cases (test_file_cases_kinds.py), the Keras models' ones
# (test_file_cases_kinds_keras.py), the optimizers' state
# (test_file_cases_kinds_optimizers.py) and file_cases_holders.py's
# (test_file_cases_holders.py): four files, each within CI's time for one
MODULE_CASES = ("type_hints", "reduce_retracing", "signature_defaults", "tensor_array",
                "tape_inside", "generator", "jit", "dataset_attr", "dataset_slices_attr",
                "shared_table", "ragged_module", "string_ragged")
OPTIMIZER_CASES = tuple(OPTIMIZERS)
KERAS_CASES = tuple(name for name in CASES
                    if name not in MODULE_CASES + OPTIMIZER_CASES + tuple(HOLDER_CASES)
                    + tuple(SAVED_CASES) + tuple(SERVING_CASES) + tuple(TRAINING_CASES)
                    + tuple(EXPORT_CASES) + tuple(RESOURCE_CASES) + tuple(MIX_CASES)
                    + tuple(MORE_MIX_CASES))

__all__ = ["CASES", "KERAS_CASES", "MODULE_CASES", "OPTIMIZER_CASES", "TF_FILES", "encode"]
