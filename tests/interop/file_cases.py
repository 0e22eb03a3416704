"""Whole-model files a user writes with one framework and reads with the other: `.keras`,
legacy `.h5`, `.weights.h5`, SavedModels (tf.saved_model.save, model.export,
ExportArchive), tf.train.Checkpoint and CheckpointManager directories, and the errors of
files that do not load. Each case is (write, read): `write(tf, keras, d)` saves its files
under the folder `d`, `read(tf, keras, d)` loads them and returns what a user looks at, as
JSON-able data (user_model_cases.encode). file_cases_tf.py runs both halves in TensorFlow
2.21's interpreter, test_file_cases.py in eagerflow's; TF reading its own files is the
reference. Builders take the `tf` and `keras` modules; this module imports neither."""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile

import numpy as np

from tests.saved_model.user_model_cases import encode, outcome, signature_facts, variable_facts

XS = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
YS = np.linspace(0, 1, 16, dtype="float32").reshape(8, 2)
SEQ = np.linspace(-1, 1, 8 * 5 * 3, dtype="float32").reshape(8, 5, 3)
TOKENS = np.array([[3, 1, 4, 0, 0], [2, 2, 0, 0, 0], [5, 1, 1, 3, 2], [1, 0, 0, 0, 0]] * 2,
                  "int32")
TEXTS = ["the cat sat", "the dog ran far", "a cat", "dogs and cats", "the end", "sat down",
         "a b c", "far far away"]

_CUSTOM: dict = {}


def custom(keras):
    """This module's registered classes for this `keras` (package "files"), defined once."""
    if id(keras) in _CUSTOM:
        return _CUSTOM[id(keras)]
    reg = keras.saving.register_keras_serializable(package="files")

    @reg
    class Counting(keras.layers.Layer):
        """A trainable scale, and non-trainable weights a call updates: its count and a
        running mean of its inputs."""

        def __init__(self, momentum=0.5, **kwargs):
            super().__init__(**kwargs)
            self.momentum = momentum

        def build(self, input_shape):
            n = input_shape[-1]
            self.scale = self.add_weight(shape=(n,), initializer="ones", name="scale")
            self.count = self.add_weight(shape=(), initializer="zeros", trainable=False,
                                         name="count")
            self.mean = self.add_weight(shape=(n,), initializer="zeros", trainable=False,
                                        name="mean")

        def call(self, x, training=False):
            if training:
                batch = keras.ops.mean(x, axis=0)
                self.mean.assign(self.mean * self.momentum + batch * (1 - self.momentum))
                self.count.assign_add(1.0)
            return (x - self.mean) * self.scale

        def get_config(self):
            return {**super().get_config(), "momentum": self.momentum}

    @reg
    class Tower(keras.Model):
        """A subclassed model with a config: two Dense layers and a Counting layer."""

        def __init__(self, width=4, out=2, **kwargs):
            super().__init__(**kwargs)
            self.width, self.out = width, out
            self.hidden = keras.layers.Dense(width, activation="relu", name="hidden")
            self.counting = Counting(name="counting")
            self.head = keras.layers.Dense(out, name="head")

        def call(self, x, training=False):
            return self.head(self.counting(self.hidden(x), training=training))

        def get_config(self):
            return {**super().get_config(), "width": self.width, "out": self.out}

    class Unregistered(keras.layers.Layer):
        def call(self, x):
            return x * 2.0

    _CUSTOM[id(keras)] = out = {"Counting": Counting, "Tower": Tower,
                                "Unregistered": Unregistered}
    return out


def set_weights(model, seed: int) -> None:
    """Every trainable weight drawn from a seeded NumPy generator (the frameworks'
    initializers draw differently)."""
    rng = np.random.RandomState(seed)
    for w in model.weights:
        if w.trainable:
            w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype(w.dtype))


def values(weights) -> list:
    return [[w.path, encode(np.asarray(w)), str(w.dtype), bool(w.trainable)] for w in weights]


def fit_history(model, x, y, epochs=2):
    return model.fit(x, y, batch_size=4, epochs=epochs, shuffle=False, verbose=0).history


def errors(fn, d):
    """outcome(fn) with the folder `d` written as {dir}."""
    out = outcome(fn)
    if isinstance(out, dict) and "message" in out:
        out["message"] = out["message"].replace(os.path.abspath(d), "{dir}").replace(d, "{dir}")
    return out


# --- models with adapted preprocessing layers ----------------------------------------------

def preprocessing_model(tf, keras):
    num = keras.Input((3,), name="num")
    color = keras.Input((1,), dtype="string", name="color")
    text = keras.Input((), dtype="string", name="text")
    norm = keras.layers.Normalization(name="norm")
    norm.adapt(XS * 3 + 1)
    disc = keras.layers.Discretization(num_bins=3, output_mode="one_hot", name="disc")
    disc.adapt(XS[:, 0])
    lookup = keras.layers.StringLookup(output_mode="one_hot", name="lookup")
    lookup.adapt(np.array([["red"], ["green"], ["blue"], ["red"]]))
    vec = keras.layers.TextVectorization(max_tokens=12, output_mode="multi_hot", name="vec")
    vec.adapt(TEXTS)
    h = keras.layers.Concatenate(name="cat")([
        norm(num), disc(keras.layers.Reshape((), name="first")(num[:, :1])),
        keras.layers.Flatten(name="flat")(lookup(color)), vec(text)])
    model = keras.Model({"num": num, "color": color, "text": text},
                        keras.layers.Dense(2, name="out")(h))
    set_weights(model, 1)
    return model


def preprocessing_inputs(tf):
    return {"num": tf.constant(XS[:4]), "color": tf.constant([["red"], ["pink"], ["blue"], [""]]),
            "text": tf.constant(["the cat", "far zebra", "", "a dog and a cat"])}


def preprocessing_facts(tf, keras, m):
    return {"predict": outcome(lambda: m(preprocessing_inputs(tf))),
            "vocab": outcome(lambda: m.get_layer("lookup").get_vocabulary()),
            "text_vocab": outcome(lambda: m.get_layer("vec").get_vocabulary()),
            "bins": outcome(lambda: [float(b) for b in m.get_layer("disc").bin_boundaries]),
            "mean": outcome(lambda: np.asarray(m.get_layer("norm").mean))}


def write_preprocessing_keras(tf, keras, d):
    preprocessing_model(tf, keras).save(os.path.join(d, "m.keras"))


def read_preprocessing_keras(tf, keras, d):
    return preprocessing_facts(tf, keras, keras.models.load_model(os.path.join(d, "m.keras")))


def write_preprocessing_export(tf, keras, d):
    preprocessing_model(tf, keras).export(os.path.join(d, "export"), verbose=False)


def read_preprocessing_export(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "export"))
    x = preprocessing_inputs(tf)
    return {"serve": outcome(lambda: m.serve(x)),
            "sig": outcome(lambda: m.signatures["serving_default"](**x)),
            "signatures": signature_facts(m, tf),
            "variables": outcome(lambda: variable_facts(m.variables))}


def write_preprocessing_saved(tf, keras, d):
    tf.saved_model.save(preprocessing_model(tf, keras), os.path.join(d, "saved"))


def read_preprocessing_saved(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "saved"))
    x = preprocessing_inputs(tf)
    return {"sig": outcome(lambda: m.signatures["serving_default"](**x)),
            "signatures": signature_facts(m, tf)}


# --- recurrent models with masks ----------------------------------------------------------

def bidirectional_model(tf, keras, cell="gru"):
    layer = {"gru": keras.layers.GRU, "lstm": keras.layers.LSTM}[cell]
    inp = keras.Input((5,), dtype="int32", name="tokens")
    h = keras.layers.Embedding(6, 3, mask_zero=True, name="emb")(inp)
    h = keras.layers.Bidirectional(layer(4, return_sequences=True, name=cell), name="bi")(h)
    h = keras.layers.Bidirectional(layer(2, name=f"{cell}2"), merge_mode="sum", name="bi2")(h)
    model = keras.Model(inp, keras.layers.Dense(2, name="out")(h))
    set_weights(model, 2)
    return model


def recurrent_facts(tf, keras, m):
    return {"predict": outcome(lambda: m.predict(TOKENS, verbose=0)),
            "paths": [w.path for w in m.weights]}


def write_bigru_keras(tf, keras, d):
    bidirectional_model(tf, keras, "gru").save(os.path.join(d, "m.keras"))


def read_bigru_keras(tf, keras, d):
    return recurrent_facts(tf, keras, keras.models.load_model(os.path.join(d, "m.keras")))


def masked_bilstm(tf, keras):
    # (Masking rather than Embedding(mask_zero=True): Keras 3 writes the latter's mask as
    # a NotEqual op layer into a legacy .h5 file, which it then cannot load)
    inp = keras.Input((5, 3), name="steps")
    h = keras.layers.Masking(0.0, name="mask")(inp)
    h = keras.layers.Bidirectional(keras.layers.LSTM(3, name="lstm"), name="bi")(h)
    model = keras.Model(inp, keras.layers.Dense(2, name="out")(h))
    set_weights(model, 2)
    return model


def write_bilstm_h5(tf, keras, d):
    masked_bilstm(tf, keras).save(os.path.join(d, "m.h5"))


def read_bilstm_h5(tf, keras, d):
    m = keras.models.load_model(os.path.join(d, "m.h5"))
    return {"predict": outcome(lambda: m.predict(masked_x(), verbose=0)),
            "paths": [w.path for w in m.weights]}


def write_bilstm_export(tf, keras, d):
    bidirectional_model(tf, keras, "lstm").export(os.path.join(d, "export"), verbose=False)


def read_bilstm_export(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "export"))
    return {"serve": outcome(lambda: m.serve(tf.constant(TOKENS))),
            "signatures": signature_facts(m, tf)}


def masking_model(tf, keras):
    inp = keras.Input((5, 3), name="steps")
    h = keras.layers.Masking(0.0, name="mask")(inp)
    h = keras.layers.LSTM(4, return_sequences=True, name="lstm")(h)
    model = keras.Model(inp, keras.layers.TimeDistributed(keras.layers.Dense(2), name="td")(h))
    set_weights(model, 3)
    return model


def masked_x():
    x = SEQ.copy()
    x[:, 3:] = 0
    x[1, 1:] = 0
    return x


def write_masking_weights(tf, keras, d):
    masking_model(tf, keras).save_weights(os.path.join(d, "m.weights.h5"))


def read_masking_weights(tf, keras, d):
    m = masking_model(tf, keras)
    m.load_weights(os.path.join(d, "m.weights.h5"))
    return {"predict": outcome(lambda: m.predict(masked_x(), verbose=0))}


# --- attention, nested and shared layers --------------------------------------------------

def attention_model(tf, keras):
    inp = keras.Input((5, 4), name="seq")
    att = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3, name="mha")(inp, inp)
    h = keras.layers.LayerNormalization(name="ln1")(inp + att)
    ff = keras.layers.Dense(4, activation="gelu", name="ff")(h)
    h = keras.layers.LayerNormalization(epsilon=1e-3, name="ln2")(h + ff)
    out = keras.layers.Dense(2, name="out")(keras.layers.GlobalAveragePooling1D(name="pool")(h))
    model = keras.Model(inp, out)
    set_weights(model, 4)
    return model


SEQ4 = np.linspace(-1, 1, 4 * 5 * 4, dtype="float32").reshape(4, 5, 4)


def write_attention_keras(tf, keras, d):
    attention_model(tf, keras).save(os.path.join(d, "m.keras"))


def read_attention_keras(tf, keras, d):
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    return {"predict": outcome(lambda: m.predict(SEQ4, verbose=0)),
            "paths": [w.path for w in m.weights]}


def write_attention_export(tf, keras, d):
    attention_model(tf, keras).export(os.path.join(d, "export"), verbose=False)


def read_attention_export(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "export"))
    return {"serve": outcome(lambda: m.serve(tf.constant(SEQ4))),
            "signatures": signature_facts(m, tf),
            "variables": outcome(lambda: variable_facts(m.variables))}


def shared_model(tf, keras):
    inner_in = keras.Input((3,), name="inner_in")
    inner = keras.Model(inner_in, keras.layers.Dense(4, activation="tanh", name="enc")(inner_in),
                        name="encoder")
    a = keras.Input((3,), name="a")
    b = keras.Input((3,), name="b")
    shared = keras.layers.Dense(2, name="shared")
    ea, eb = inner(a), inner(b)
    out = keras.layers.Subtract(name="diff")([shared(ea), shared(eb)])
    model = keras.Model([a, b], [out, keras.layers.Dot(axes=1, name="dot")([ea, eb])])
    set_weights(model, 5)
    return model


def shared_facts(tf, keras, m):
    return {"predict": outcome(lambda: m([tf.constant(XS[:3]), tf.constant(XS[3:6])])),
            "layers": [layer.name for layer in m.layers],
            "paths": [w.path for w in m.weights],
            "encoder": outcome(lambda: m.get_layer("encoder")(tf.constant(XS[:2])))}


def write_shared_keras(tf, keras, d):
    shared_model(tf, keras).save(os.path.join(d, "m.keras"))


def read_shared_keras(tf, keras, d):
    return shared_facts(tf, keras, keras.models.load_model(os.path.join(d, "m.keras")))


def write_shared_h5(tf, keras, d):
    shared_model(tf, keras).save(os.path.join(d, "m.h5"))


def read_shared_h5(tf, keras, d):
    return shared_facts(tf, keras, keras.models.load_model(os.path.join(d, "m.h5")))


# --- registered subclassed models and custom layers --------------------------------------

def tower(tf, keras):
    model = custom(keras)["Tower"](width=4, out=2, name="tower")
    model(XS[:1])
    set_weights(model, 6)
    model.compile(keras.optimizers.Adam(0.01), "mse")
    model.fit(XS, YS, batch_size=4, epochs=1, shuffle=False, verbose=0)
    return model


def write_tower_keras(tf, keras, d):
    tower(tf, keras).save(os.path.join(d, "m.keras"))


def read_tower_keras(tf, keras, d):
    custom(keras)
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    return {"class": type(m).__name__, "config": outcome(lambda: {
                k: v for k, v in m.get_config().items() if k in ("width", "out", "name")}),
            "predict": outcome(lambda: m.predict(XS, verbose=0)),
            "weights": values(m.weights),
            "continued": outcome(lambda: fit_history(m, XS, YS)),
            "after": values(m.non_trainable_weights)}


def write_tower_saved(tf, keras, d):
    tf.saved_model.save(tower(tf, keras), os.path.join(d, "saved"))


def read_tower_saved(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "saved"))
    sig = m.signatures["serving_default"]
    key = sorted(sig.structured_input_signature[1])[0]
    return {"sig": outcome(lambda: sig(**{key: tf.constant(XS[:1])})),
            "signatures": signature_facts(m, tf),
            "variables": outcome(lambda: variable_facts(m.variables))}


def counting_model(tf, keras):
    inp = keras.Input((3,), name="x")
    h = custom(keras)["Counting"](momentum=0.25, name="counting")(inp)
    model = keras.Model(inp, keras.layers.Dense(1, name="out")(h))
    set_weights(model, 7)
    model.compile("sgd", "mse")
    model.fit(XS, YS[:, :1], batch_size=4, epochs=1, shuffle=False, verbose=0)
    return model


def write_counting_keras(tf, keras, d):
    counting_model(tf, keras).save(os.path.join(d, "m.keras"))


def read_counting_keras(tf, keras, d):
    custom(keras)
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    return {"weights": values(m.weights),
            "trainable": [w.path for w in m.trainable_weights],
            "non_trainable": [w.path for w in m.non_trainable_weights],
            "predict": outcome(lambda: m.predict(XS[:2], verbose=0))}


def write_counting_weights(tf, keras, d):
    counting_model(tf, keras).save_weights(os.path.join(d, "m.weights.h5"))


def read_counting_weights(tf, keras, d):
    inp = keras.Input((3,), name="x")
    h = custom(keras)["Counting"](momentum=0.25, name="counting")(inp)
    m = keras.Model(inp, keras.layers.Dense(1, name="out")(h))
    m.load_weights(os.path.join(d, "m.weights.h5"))
    return {"weights": values(m.weights)}


# --- compiled models: optimizer state and metrics ---------------------------------------

def compiled_model(tf, keras, optimizer):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu",
                                                                    name="hidden"),
                              keras.layers.Dense(2, name="head")], name="compiled")
    set_weights(model, 8)
    model.compile(optimizer, "mse", metrics=["mae", keras.metrics.RootMeanSquaredError()])
    fit_history(model, XS, YS)
    return model


def compiled_facts(tf, keras, m):
    out = {"optimizer": type(m.optimizer).__name__,
           "config": outcome(lambda: {k: v for k, v in m.optimizer.get_config().items()
                                      if k in ("learning_rate", "weight_decay", "beta_1",
                                               "amsgrad")}),
           "iterations": int(np.asarray(m.optimizer.iterations)),
           # (the optimizer's own name left out: "adam_2" counts the optimizers made so far)
           "opt_vars": [[v.path.partition("/")[2], encode(np.asarray(v))]
                        for v in m.optimizer.variables],
           "evaluate": outcome(lambda: m.evaluate(XS, YS, verbose=0, return_dict=True)),
           "metrics_names": outcome(lambda: m.metrics_names)}
    out["continued"] = outcome(lambda: fit_history(m, XS, YS))
    out["weights_after"] = values(m.weights)
    return out


def write_adam_keras(tf, keras, d):
    compiled_model(tf, keras, keras.optimizers.Adam(0.01, amsgrad=True)).save(
        os.path.join(d, "m.keras"))


def read_adam_keras(tf, keras, d):
    return compiled_facts(tf, keras, keras.models.load_model(os.path.join(d, "m.keras")))


def write_adamw_keras(tf, keras, d):
    compiled_model(tf, keras, keras.optimizers.AdamW(0.02, weight_decay=0.1)).save(
        os.path.join(d, "m.keras"))


def read_adamw_keras(tf, keras, d):
    return compiled_facts(tf, keras, keras.models.load_model(os.path.join(d, "m.keras")))


def write_adam_h5(tf, keras, d):
    compiled_model(tf, keras, keras.optimizers.Adam(0.01)).save(os.path.join(d, "m.h5"))


def read_adam_h5(tf, keras, d):
    # (Keras 3.15 cannot compile the training config it wrote: the metric "mse" comes back
    # as keras.metrics.mse, which it refuses; users load such files with compile=False)
    compiled = errors(lambda: keras.models.load_model(os.path.join(d, "m.h5")), d)
    m = keras.models.load_model(os.path.join(d, "m.h5"), compile=False)
    m.compile(keras.optimizers.Adam(0.01), "mse", metrics=["mae"])
    return {"compiled": compiled,"predict": outcome(lambda: m.predict(XS, verbose=0)),
            "optimizer": type(m.optimizer).__name__,
            "evaluate": outcome(lambda: m.evaluate(XS, YS, verbose=0, return_dict=True)),
            "continued": outcome(lambda: fit_history(m, XS, YS, epochs=1))}


# --- ExportArchive with custom endpoints --------------------------------------------------

def archive(tf, keras):
    inp = keras.Input((None, 3), name="seq")
    h = keras.layers.Dense(4, activation="tanh", name="h")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="y")(h))
    set_weights(model, 9)
    a = keras.export.ExportArchive()
    a.track(model)
    a.add_endpoint("serve", model.call,
                   input_signature=[tf.TensorSpec([None, None, 3], tf.float32, name="seq")])
    a.add_endpoint("pooled", lambda seq, weights: {
        "mean": tf.reduce_mean(model(seq), axis=1),
        "weighted": tf.einsum("bt,btk->bk", weights, model(seq))},
        input_signature=[tf.TensorSpec([None, 5, 3], tf.float32, name="seq"),
                         tf.TensorSpec([None, 5], tf.float32, name="weights")])
    a.add_variable_collection("heads", model.get_layer("y").weights)
    return a


def write_archive(tf, keras, d):
    archive(tf, keras).write_out(os.path.join(d, "archive"), verbose=False)


def read_archive(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "archive"))
    w = tf.constant(np.linspace(0, 1, 10, dtype="float32").reshape(2, 5))
    return {"serve": outcome(lambda: m.serve(tf.constant(SEQ[:2, :4]))),
            "pooled": outcome(lambda: m.pooled(tf.constant(SEQ[:2]), w)),
            "sig_pooled": outcome(lambda: m.signatures["pooled"](seq=tf.constant(SEQ[:2]),
                                                                 weights=w)),
            "heads": outcome(lambda: variable_facts(m.heads)),
            "signatures": signature_facts(m, tf),
            "wrong_shape": outcome(lambda: m.pooled(tf.constant(SEQ[:2, :4]), w))}


def dict_output_model(tf, keras):
    a = keras.Input((3,), name="a")
    b = keras.Input((2,), name="b")
    h = keras.layers.Concatenate(name="join")([a, b])
    model = keras.Model({"a": a, "b": b}, {
        "logits": keras.layers.Dense(3, name="logits")(h),
        "score": keras.layers.Dense(1, activation="sigmoid", name="score")(h)})
    set_weights(model, 10)
    return model


def output_names(tf, m, x):
    sig = m.signatures["serving_default"]
    return {"inputs": outcome(lambda: sig.structured_input_signature),
            "outputs": outcome(lambda: sig.structured_outputs),
            "call": outcome(lambda: sig(**x))}


def write_dict_export(tf, keras, d):
    dict_output_model(tf, keras).export(os.path.join(d, "export"), verbose=False)


def read_dict_export(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "export"))
    return output_names(tf, m, {"a": tf.constant(XS[:2]), "b": tf.constant(YS[:2])})


def write_dict_saved(tf, keras, d):
    tf.saved_model.save(dict_output_model(tf, keras), os.path.join(d, "saved"))


def read_dict_saved(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "saved"))
    return output_names(tf, m, {"a": tf.constant(XS[:2]), "b": tf.constant(YS[:2])})


def write_sequential_export(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="only")])
    set_weights(model, 11)
    model.export(os.path.join(d, "export"), verbose=False)


def read_sequential_export(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "export"))
    key = sorted(m.signatures["serving_default"].structured_input_signature[1])[0]
    # (the input's name counts the Keras tensors the process made: keras_tensor_N)
    named = output_names(tf, m, {key: tf.constant(XS[:2])})
    named["inputs"] = re.sub(r"keras_tensor_\d+", "keras_tensor_N", json.dumps(named["inputs"]))
    return {"key": re.sub(r"\d+$", "N", key), **named,
            "serve_concretes": len(m.serve.concrete_functions)}


# --- tf.Modules ---------------------------------------------------------------------------

def module(tf, d):
    vocab = os.path.join(d, "vocab.tsv")
    with open(vocab, "w") as f:
        f.write("apple\t3\nbanana\t7\ncherry\t-1\n")

    class Service(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(np.arange(6, dtype="float32").reshape(3, 2) / 4, name="w")
            self.calls = tf.Variable(0, dtype=tf.int64, name="calls")
            self.vocab_file = tf.saved_model.Asset(vocab)
            self.table = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
                vocab, tf.string, 0, tf.int64, 1, delimiter="\t"), default_value=-100)

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
        def project(self, x):
            self.calls.assign_add(1)
            return {"y": tf.matmul(x, self.w), "norm": tf.norm(x, axis=1)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="fruit")])
        def price(self, fruit):
            return self.table.lookup(fruit)

        @tf.function(input_signature=[])
        def vocab_path(self):
            return tf.strings.split(self.vocab_file.asset_path, "/")[-1]

        @tf.function
        def scale(self, x, factor=2.0, *, shift=None):
            out = x * factor
            return out if shift is None else out + shift

        @tf.function
        def nested(self, inputs):
            a, (b, c) = inputs["pair"]
            return {"sum": a + b, "prod": inputs["k"] * c, "list": [a, c]}

    m = Service()
    m.scale.get_concrete_function(tf.TensorSpec([None], tf.float32))
    m.scale.get_concrete_function(tf.TensorSpec([None, None], tf.float32), 3.0)
    m.scale.get_concrete_function(tf.TensorSpec([2], tf.float32), shift=tf.TensorSpec([],
                                                                                     tf.float32))
    m.nested({"pair": (tf.constant([1.0]), (tf.constant([2.0]), tf.constant([3.0]))),
              "k": tf.constant(4.0)})
    return m


def write_module(tf, keras, d):
    m = module(tf, d)
    tf.saved_model.save(m, os.path.join(d, "module"), signatures={
        "serving_default": m.project, "price": m.price,
        "vocab": m.vocab_path.get_concrete_function()})
    os.remove(os.path.join(d, "vocab.tsv"))  # (the SavedModel has its own copy)


def read_module_signatures(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "module"))
    x = tf.constant(XS[:2])
    return {"signatures": signature_facts(m, tf),
            "serving_default": outcome(lambda: m.signatures["serving_default"](x=x)),
            "price": outcome(lambda: m.signatures["price"](
                fruit=tf.constant(["banana", "kiwi", "cherry"]))),
            "vocab": outcome(lambda: m.signatures["vocab"]()),
            "calls": outcome(lambda: m.calls.read_value()),
            "asset": outcome(lambda: os.path.basename(m.vocab_file.asset_path.numpy()))}


def read_module_polymorphic(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "module"))
    return {"concretes": sorted(repr(f.structured_input_signature)
                                for f in m.scale.concrete_functions),
            "vector": outcome(lambda: m.scale(tf.constant([1.0, 2.0, 3.0]))),
            "matrix": outcome(lambda: m.scale(tf.constant([[1.0], [2.0]]), 3.0)),
            "shifted": outcome(lambda: m.scale(tf.constant([1.0, 2.0]),
                                               shift=tf.constant(0.5))),
            "no_match": outcome(lambda: m.scale(tf.constant([1.0, 2.0]), 5.0)),
            "no_match_dtype": outcome(lambda: m.scale(tf.constant([1, 2])))}


def read_module_nested(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "module"))
    inp = {"pair": (tf.constant([5.0]), (tf.constant([6.0]), tf.constant([7.0]))),
           "k": tf.constant(2.0)}
    return {"nested": outcome(lambda: m.nested(inp)),
            "concrete": outcome(lambda: m.nested.concrete_functions[0].structured_outputs),
            "project": outcome(lambda: m.project(tf.constant(XS[:1]))),
            "price": outcome(lambda: m.price(tf.constant(["apple"])))}


def write_module_keras_inside(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")])
    set_weights(model, 12)

    class Wrapper(tf.Module):
        def __init__(self):
            super().__init__()
            self.model = model
            self.temperature = tf.Variable(2.0, name="temperature")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="features")])
        def probabilities(self, features):
            return {"probs": tf.nn.softmax(self.model(features) / self.temperature)}

    w = Wrapper()
    tf.saved_model.save(w, os.path.join(d, "wrapped"),
                        signatures={"serving_default": w.probabilities})


def read_module_keras_inside(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "wrapped"))
    return {"probs": outcome(lambda: m.probabilities(tf.constant(XS[:3]))),
            "sig": outcome(lambda: m.signatures["serving_default"](features=tf.constant(XS[:1]))),
            "signatures": signature_facts(m, tf),
            "temperature": outcome(lambda: m.temperature)}


# --- checkpoints -----------------------------------------------------------------------------

def _trained_state(tf, keras, steps):
    """A model, an Adam optimizer and a step counter after `steps` tape steps."""
    # (every name given: a default one counts the layers the process made so far)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="tanh",
                                                                    name="hidden"),
                              keras.layers.Dense(2, name="head")], name="stepped")
    set_weights(model, 13)
    opt = keras.optimizers.Adam(0.05)
    step = tf.Variable(0, dtype=tf.int64, name="step")
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(XS) - YS) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        step.assign_add(1)
    return model, opt, step


def write_checkpoint(tf, keras, d):
    model, opt, step = _trained_state(tf, keras, 3)
    tf.train.Checkpoint(model=model, optimizer=opt, step=step).save(os.path.join(d, "ckpt"))


def read_checkpoint(tf, keras, d):
    model, opt, step = _trained_state(tf, keras, 0)
    opt.build(model.trainable_variables)
    path = tf.train.latest_checkpoint(d)
    status = tf.train.Checkpoint(model=model, optimizer=opt, step=step).restore(path)
    out = {"latest": os.path.basename(path),
           "consumed": outcome(lambda: status.assert_consumed() and None),
           "step": outcome(lambda: step.read_value()),
           "iterations": int(np.asarray(opt.iterations)),
           "weights": values(model.weights),
           "keys": sorted([k, s] for k, s in tf.train.list_variables(path)
                          if k != "_CHECKPOINTABLE_OBJECT_GRAPH")}
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(XS) - YS) ** 2)
    opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables),
                            model.trainable_variables))
    out["next"] = [float(loss), values(model.weights)]
    return out


def write_checkpoint_manager(tf, keras, d):
    v = tf.Variable([1.0, 2.0], name="v")
    step = tf.Variable(0, dtype=tf.int64)
    ckpt = tf.train.Checkpoint(v=v, step=step)
    manager = tf.train.CheckpointManager(ckpt, os.path.join(d, "run"), max_to_keep=2,
                                         checkpoint_name="model")
    for i in range(4):
        v.assign_add([1.0, -1.0])
        step.assign_add(1)
        manager.save(checkpoint_number=10 * (i + 1))


def read_checkpoint_manager(tf, keras, d):
    run = os.path.join(tempfile.mkdtemp(), "run")  # (a copy: this reader saves into it)
    shutil.copytree(os.path.join(d, "run"), run)
    v = tf.Variable([0.0, 0.0], name="v")
    step = tf.Variable(0, dtype=tf.int64)
    ckpt = tf.train.Checkpoint(v=v, step=step)
    manager = tf.train.CheckpointManager(ckpt, run, max_to_keep=3, checkpoint_name="model")
    restored = manager.restore_or_initialize()
    state = tf.train.get_checkpoint_state(run)
    out = {"restored": os.path.basename(restored or ""),
           "latest": os.path.basename(manager.latest_checkpoint),
           "kept": [os.path.basename(p) for p in manager.checkpoints],
           "state": [os.path.basename(state.model_checkpoint_path),
                     [os.path.basename(p) for p in state.all_model_checkpoint_paths]],
           "files": sorted(os.listdir(run)),
           "v": outcome(lambda: v.read_value()), "step": outcome(lambda: step.read_value())}
    v.assign_add([0.5, 0.5])
    manager.save()
    out["after_save"] = sorted(os.listdir(run))
    return out


def write_checkpoint_missing(tf, keras, d):
    tf.train.Checkpoint(a=tf.Variable(1.0), sub=tf.train.Checkpoint(b=tf.Variable([2.0]))
                        ).write(os.path.join(d, "ck"))


def read_checkpoint_missing(tf, keras, d):
    path = os.path.join(d, "ck")
    a, c = tf.Variable(0.0), tf.Variable(5.0)
    status = tf.train.Checkpoint(a=a, c=c).read(path)
    out = {"a": outcome(lambda: a.read_value()), "c": outcome(lambda: c.read_value()),
           "consumed": errors(lambda: status.assert_consumed(), d),
           "matched": errors(lambda: status.assert_existing_objects_matched(), d)}
    wrong = tf.Variable([0.0, 0.0])
    out["wrong_shape"] = errors(lambda: tf.train.Checkpoint(a=wrong).read(path), d)
    return out


# --- files that do not load -----------------------------------------------------------------

def write_bad_files(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")])
    model.save_weights(os.path.join(d, "m.weights.h5"))
    model.save(os.path.join(d, "m.keras"))
    with open(os.path.join(d, "text.keras"), "w") as f:
        f.write("not a zip file")
    os.makedirs(os.path.join(d, "empty"))
    inp = keras.Input((3,), name="x")
    odd = keras.Model(inp, custom(keras)["Unregistered"](name="odd")(inp))
    odd.save(os.path.join(d, "odd.keras"))


def read_bad_files(tf, keras, d):
    j = lambda name: os.path.join(d, name)  # noqa: E731
    bigger = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d"),
                               keras.layers.Dense(1, name="e")], name="bigger")
    other = keras.Sequential([keras.Input((4,)), keras.layers.Dense(
        2, kernel_initializer="ones", name="d")], name="other")
    return {
        "no_extension": errors(lambda: keras.models.load_model(j("m")), d),
        "not_a_zip": errors(lambda: keras.models.load_model(j("text.keras")), d),
        "unregistered": errors(lambda: keras.models.load_model(j("odd.keras")), d),
        "saved_model_of_empty_dir": errors(lambda: tf.saved_model.load(j("empty")), d),
        "weights_into_bigger": errors(lambda: bigger.load_weights(j("m.weights.h5")), d),
        "weights_of_other_shape": errors(lambda: other.load_weights(j("m.weights.h5")), d),
        "keras_into_other_shape": errors(lambda: other.load_weights(j("m.keras")), d),
        "weights_wrong_suffix": errors(lambda: other.load_weights(j("m.h6")), d),
    }


# name -> (write, read)
CASES = {
    "preprocessing_keras": (write_preprocessing_keras, read_preprocessing_keras),
    "preprocessing_export": (write_preprocessing_export, read_preprocessing_export),
    "preprocessing_saved": (write_preprocessing_saved, read_preprocessing_saved),
    "bigru_keras": (write_bigru_keras, read_bigru_keras),
    "bilstm_h5": (write_bilstm_h5, read_bilstm_h5),
    "bilstm_export": (write_bilstm_export, read_bilstm_export),
    "masking_weights": (write_masking_weights, read_masking_weights),
    "attention_keras": (write_attention_keras, read_attention_keras),
    "attention_export": (write_attention_export, read_attention_export),
    "shared_keras": (write_shared_keras, read_shared_keras),
    "shared_h5": (write_shared_h5, read_shared_h5),
    "tower_keras": (write_tower_keras, read_tower_keras),
    "tower_saved": (write_tower_saved, read_tower_saved),
    "counting_keras": (write_counting_keras, read_counting_keras),
    "counting_weights": (write_counting_weights, read_counting_weights),
    "adam_keras": (write_adam_keras, read_adam_keras),
    "adamw_keras": (write_adamw_keras, read_adamw_keras),
    "adam_h5": (write_adam_h5, read_adam_h5),
    "archive": (write_archive, read_archive),
    "dict_export": (write_dict_export, read_dict_export),
    "dict_saved": (write_dict_saved, read_dict_saved),
    "sequential_export": (write_sequential_export, read_sequential_export),
    "module_signatures": (write_module, read_module_signatures),
    "module_polymorphic": (write_module, read_module_polymorphic),
    "module_nested": (write_module, read_module_nested),
    "module_keras_inside": (write_module_keras_inside, read_module_keras_inside),
    "checkpoint": (write_checkpoint, read_checkpoint),
    "checkpoint_manager": (write_checkpoint_manager, read_checkpoint_manager),
    "checkpoint_missing": (write_checkpoint_missing, read_checkpoint_missing),
    "bad_files": (write_bad_files, read_bad_files),
}


def all_cases() -> dict:
    """This module's cases, file_cases_more.py's and file_cases_state.py's."""
    from tests.interop import file_cases_more, file_cases_state

    return {**CASES, **file_cases_more.CASES, **file_cases_state.CASES}


# Cases whose files or outcomes tell whether the machine has a GPU: a loaded variable's
# default device (variable_policy: TF's LoadOptions keep no saved device by default), and
# Keras's jit_compile="auto" resolved in a written model's compile config (bfloat16_keras:
# True where a GPU is; TF reading it then runs predict through XLA). TF's recorders ran
# without one, so eagerflow writes and reads these with its GPU hidden.
GPU_LESS_CASES = frozenset({"variable_policy", "bfloat16_keras"})


def _machine(tf, name: str):
    """The machine case `name` runs on in eagerflow: one without a GPU for GPU_LESS_CASES
    (tests/gpu_target.gpu_less), else the default; TF's interpreter runs as it is."""
    import contextlib

    if name not in GPU_LESS_CASES or tf.__name__ != "eagerflow":
        return contextlib.nullcontext()
    from tests.gpu_target import gpu_less

    return gpu_less()


def run_case(tf, keras, name: str, folder: str, write: bool, cases: dict | None = None) -> dict:
    """Writes case `name` of `cases` (all_cases() by default) into `folder` (when
    `write`), or reads its files: its result, or the error the writing or reading raised."""
    writer, reader = (cases or all_cases())[name]
    os.makedirs(folder, exist_ok=True)
    keras.utils.set_random_seed(0)
    try:
        with _machine(tf, name):
            if write:
                writer(tf, keras, folder)
                return {}
            return encode_json(reader(tf, keras, folder))
    except Exception as e:  # noqa: BLE001 (a failure is a result to compare)
        return {"error": f"{type(e).__name__}: {e}"[:2000]}


def encode_json(out):
    import json

    return json.loads(json.dumps(out))
