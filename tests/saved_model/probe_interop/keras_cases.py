"""Keras models saved as SavedModels (model.export, keras.export.ExportArchive,
tf.saved_model.save) and as Keras 3 files (.keras, .weights.h5), built alike by TensorFlow's
Keras or eagerflow's (each builder takes the `tf` and `keras` modules), and the probes a
user runs on what loads. test_probe_interop.py saves each with both frameworks and loads
each file with both. Imports neither framework itself.

A case is (kind, build, probe): kind "export" (build returns a model or an ExportArchive),
"save" (tf.saved_model.save of the model), "keras" (model.save to a .keras file) or
"weights" (model.save_weights to a .weights.h5 file, loaded into a fresh build of the
model whose weights are all zero).
"""

from __future__ import annotations

import numpy as np

from tests.saved_model.user_model_cases import encode, outcome, signature_facts, variable_facts

_CUSTOM: dict = {}


def custom(keras):
    """The custom classes for this `keras` (defined and registered once per framework)."""
    if id(keras) in _CUSTOM:
        return _CUSTOM[id(keras)]

    @keras.saving.register_keras_serializable(package="probe")
    class ScaledDense(keras.layers.Layer):
        def __init__(self, units, scale=1.0, **kwargs):
            super().__init__(**kwargs)
            self.units, self.scale = units, scale

        def build(self, input_shape):
            self.kernel = self.add_weight(shape=(input_shape[-1], self.units),
                                          initializer="ones", name="kernel")
            self.offset = self.add_weight(shape=(self.units,), initializer="zeros",
                                          name="offset")

        def call(self, x):
            return keras.ops.matmul(x, self.kernel) * self.scale + self.offset

        def get_config(self):
            return {**super().get_config(), "units": self.units, "scale": self.scale}

    @keras.saving.register_keras_serializable(package="probe")
    class Residual(keras.Model):
        def __init__(self, width=3, **kwargs):
            super().__init__(**kwargs)
            self.width = width
            self.inner = ScaledDense(width, scale=0.5, name="inner")
            self.out = keras.layers.Dense(2, name="out")

        def call(self, x):
            return self.out(x + self.inner(x))

        def get_config(self):
            return {**super().get_config(), "width": self.width}

    class Clip(keras.layers.Layer):  # not registered: loaded with custom_objects
        def __init__(self, bound=1.0, **kwargs):
            super().__init__(**kwargs)
            self.bound = bound

        def call(self, x):
            return keras.ops.clip(x, -self.bound, self.bound)

        def get_config(self):
            return {**super().get_config(), "bound": self.bound}

    _CUSTOM[id(keras)] = out = {"ScaledDense": ScaledDense, "Residual": Residual, "Clip": Clip}
    return out


def set_weights(model, seed):
    """Every weight of `model` drawn from a seeded NumPy generator (the frameworks'
    initializers draw differently)."""
    rng = np.random.RandomState(seed)
    for w in model.weights:
        if w.trainable:
            w.assign(rng.uniform(-1, 1, tuple(w.shape)).astype(w.dtype))


def zero_weights(model):
    for w in model.weights:
        w.assign(np.zeros(tuple(w.shape), w.dtype))


XS = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
YS = np.array([0, 1, 2, 1, 0, 2, 2, 1])


def export_facts(tf, m, x, key):
    """What a user probes on an exported model: serve, its signature, the variables."""
    return {"serve": outcome(lambda: m.serve(x)),
            "sig": outcome(lambda: m.signatures["serving_default"](**{key: x})),
            "signatures": signature_facts(m, tf),
            "variables": outcome(lambda: variable_facts(m.variables)),
            "n_trainable": len(m.trainable_variables),
            "n_non_trainable": len(m.non_trainable_variables)}


# --- preprocessing layers inside exported models ---------------------------------------

def build_normalization(tf, keras):
    inp = keras.Input((3,), name="x")
    norm = keras.layers.Normalization(name="norm")
    norm.adapt(np.array([[1.0, 10.0, -2.0], [3.0, 30.0, 2.0], [5.0, 20.0, 0.0]], "float32"))
    model = keras.Model(inp, keras.layers.Dense(2, name="head")(norm(inp)))
    set_weights(model, 1)
    return model


def probe_normalization(tf, keras, m):
    return export_facts(tf, m, tf.constant(XS[:3] * 10), "x")


def build_string_lookup(tf, keras):
    inp = keras.Input((3,), dtype="string", name="tokens")
    lookup = keras.layers.StringLookup(output_mode="multi_hot", num_oov_indices=1,
                                       name="lookup")
    lookup.adapt(np.array([["a", "b", "c"], ["a", "a", "d"], ["b", "e", "a"]]))
    ids = keras.layers.StringLookup(vocabulary=["x", "y"], mask_token="", name="ids")(inp)
    hot = lookup(inp)
    model = keras.Model(inp, {"score": keras.layers.Dense(1, name="head")(hot), "ids": ids})
    set_weights(model, 2)
    return model


def probe_string_lookup(tf, keras, m):
    x = tf.constant([["a", "zz", "x"], ["", "y", "b"]])
    return {**export_facts(tf, m, x, "tokens")}


def build_text_saved(tf, keras):
    vec = keras.layers.TextVectorization(max_tokens=8, output_mode="tf_idf", name="vec")
    vec.adapt(["the cat sat", "the dog sat down", "a cat"])
    inp = keras.Input((), dtype="string", name="text")
    model = keras.Model(inp, keras.layers.Dense(2, name="head")(vec(inp)))
    set_weights(model, 3)
    return model


def probe_text_saved(tf, keras, m):
    sig = m.signatures["serving_default"]
    key = sorted(sig.structured_input_signature[1])[0]
    text = tf.constant(["the cat", "zebra down", ""])
    return {"sig": outcome(lambda: sig(**{key: text})),
            "signatures": signature_facts(m, tf)}


# --- mixed precision, custom layers, export archives -------------------------------------

def build_mixed_export(tf, keras):
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        inp = keras.Input((3,), name="x")
        h = keras.layers.Dense(4, activation="relu", name="hidden")(inp)
        out = keras.layers.Dense(2, dtype="float32", name="out")(h)
        model = keras.Model(inp, {"logits": out, "hidden": h})
    finally:
        keras.mixed_precision.set_global_policy("float32")
    set_weights(model, 4)
    return model


def probe_mixed_export(tf, keras, m):
    return export_facts(tf, m, tf.constant(XS[:2]), "x")


def build_custom_export(tf, keras):
    c = custom(keras)
    inp = keras.Input((3,), name="x")
    h = c["ScaledDense"](4, scale=2.0, name="scaled")(inp)
    model = keras.Model(inp, c["Clip"](0.5, name="clip")(h))
    set_weights(model, 5)
    return model


def probe_custom_export(tf, keras, m):
    return export_facts(tf, m, tf.constant(XS[:4]), "x")


class _ExportWith:
    """A model whose export() passes an input signature of its own (Keras 3's argument)."""

    def __init__(self, model, input_signature):
        self.model, self.input_signature = model, input_signature

    def export(self, path, verbose=False):
        self.model.export(path, verbose=verbose, input_signature=self.input_signature)


def build_export_signature(tf, keras):
    inp = keras.Input((None, 3), name="seq")
    h = keras.layers.GlobalMaxPooling1D(name="pool")(keras.layers.Dense(4, name="d")(inp))
    model = keras.Model(inp, keras.layers.Dense(2, name="y")(h))
    set_weights(model, 14)
    return _ExportWith(model, [tf.TensorSpec([None, 5, 3], tf.float32, name="steps")])


def probe_export_signature(tf, keras, m):
    x = tf.constant(np.linspace(-2, 2, 30, dtype="float32").reshape(2, 5, 3))
    return {**export_facts(tf, m, x, "steps"),
            "wrong_steps": outcome(lambda: m.serve(tf.zeros([2, 4, 3])))}


def build_archive(tf, keras):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, activation="tanh", name="h")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="y")(h))
    set_weights(model, 6)
    feats = keras.Model(inp, h)
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint("predict", model.call,
                         input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
    archive.add_endpoint("features", lambda x: {"h": feats(x), "norm": tf.norm(feats(x))},
                         input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
    archive.add_variable_collection("kernels", [w for w in model.weights if "kernel" in w.path])
    return archive


def probe_archive(tf, keras, m):
    x = tf.constant(XS[:3])
    return {"predict": outcome(lambda: m.predict(x)),
            "features": outcome(lambda: m.features(x)),
            "kernels": outcome(lambda: sorted([list(v.shape) for v in m.kernels])),
            "signatures": signature_facts(m, tf),
            "sig_features": outcome(lambda: m.signatures["features"](x=x))}


def build_subclassed_saved(tf, keras):
    model = custom(keras)["Residual"](width=3, name="residual")
    model(XS[:1])
    set_weights(model, 13)
    return model


def probe_subclassed_saved(tf, keras, m):
    sig = m.signatures["serving_default"]
    key = sorted(sig.structured_input_signature[1])[0]
    return {"sig": outcome(lambda: sig(**{key: tf.constant(XS[:2])})),
            "signatures": signature_facts(m, tf)}


# --- .keras files with compile state --------------------------------------------------

def train(model, x, y, epochs=2):
    model.fit(x, y, epochs=epochs, batch_size=4, shuffle=False, verbose=0)


def _value(v):
    """A Keras variable's value (Keras 3's variables give their dtype as a string), with
    its dtype's name."""
    a = np.asarray(v)
    return encode(a) | {"dtype": str(v.dtype)}


def compiled_facts(tf, keras, m, x, y):
    """Predictions, the restored optimizer and compile state, and one more training step
    (its loss and weights)."""
    out = {"predict": outcome(lambda: m.predict(x, verbose=0)),
           "optimizer": [type(m.optimizer).__name__, int(m.optimizer.iterations.numpy())],
           # (in order, unnamed: their names hold the optimizer's and the layers' names,
           # which count what the process made so far: "sgd_1/iteration", "dense_2_...")
           "opt_vars": outcome(lambda: [_value(v) for v in m.optimizer.variables]),
           "weights": outcome(lambda: [_value(w) for w in m.weights])}
    out["step"] = outcome(lambda: m.train_on_batch(x, y, return_dict=True))
    out["weights_after"] = outcome(lambda: [_value(w) for w in m.weights])
    return out


def build_sequential_keras(tf, keras):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5, activation="relu"),
                              keras.layers.BatchNormalization(),
                              keras.layers.Dense(3, activation="softmax")], name="seq")
    set_weights(model, 7)
    model.compile(keras.optimizers.SGD(0.05, momentum=0.9), "sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    train(model, XS, YS)
    return model


def probe_sequential_keras(tf, keras, m):
    return compiled_facts(tf, keras, m, XS, YS)


def build_functional_keras(tf, keras):
    a = keras.Input((3,), name="a")
    b = keras.Input((2,), name="b")
    h = keras.layers.Dense(4, activation="relu", name="h")(keras.layers.Concatenate()([a, b]))
    model = keras.Model({"a": a, "b": b}, {"cls": keras.layers.Dense(3, name="cls")(h),
                                           "reg": keras.layers.Dense(1, name="reg")(h)})
    set_weights(model, 8)
    model.compile(keras.optimizers.RMSprop(0.01),
                  loss={"cls": keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                        "reg": "mse"},
                  loss_weights={"cls": 1.0, "reg": 0.5}, metrics={"reg": ["mae"]})
    train(model, _functional_x(), _functional_y())
    return model


def _functional_x():
    return {"a": XS, "b": XS[:, :2] * 2}


def _functional_y():
    return {"cls": YS, "reg": XS[:, :1]}


def probe_functional_keras(tf, keras, m):
    return compiled_facts(tf, keras, m, _functional_x(), _functional_y())


def build_subclassed_keras(tf, keras):
    model = custom(keras)["Residual"](width=3, name="residual")
    model(XS[:1])
    set_weights(model, 9)
    model.compile(keras.optimizers.Adam(0.02), "mse")
    train(model, XS, XS[:, :2])
    return model


def probe_subclassed_keras(tf, keras, m):
    out = compiled_facts(tf, keras, m, XS, XS[:, :2])
    out["class"] = type(m).__name__
    out["config_width"] = m.get_config().get("width")
    out["inner"] = [type(m.inner).__name__, m.inner.scale]
    return out


def build_schedule_keras(tf, keras):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="elu"),
                              keras.layers.Dense(2)], name="scheduled")
    set_weights(model, 15)
    schedule = keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5,
                                                           staircase=True)
    model.compile(keras.optimizers.Adam(schedule, clipnorm=0.5, amsgrad=True),
                  keras.losses.Huber(delta=0.5),
                  metrics=["mae", keras.metrics.RootMeanSquaredError()])
    train(model, XS, XS[:, :2] * 3)
    return model


def probe_schedule_keras(tf, keras, m):
    out = compiled_facts(tf, keras, m, XS, XS[:, :2] * 3)
    out["lr"] = outcome(lambda: m.optimizer.learning_rate)
    out["schedule"] = type(m.optimizer._learning_rate).__name__ \
        if hasattr(m.optimizer, "_learning_rate") else None
    out["loss"] = [type(m.loss).__name__, m.loss.get_config().get("delta")]
    out["evaluate"] = outcome(lambda: m.evaluate(XS, XS[:, :2] * 3, verbose=0,
                                                 return_dict=True))
    return out


def build_rnn_keras(tf, keras):
    inp = keras.Input((5,), dtype="int32", name="ids")
    h = keras.layers.Embedding(7, 3, mask_zero=True, name="emb")(inp)
    h = keras.layers.LSTM(4, name="lstm")(h)
    model = keras.Model(inp, keras.layers.Dense(2, name="out")(h))
    set_weights(model, 16)
    model.compile(keras.optimizers.SGD(0.1), "mse")
    train(model, _rnn_x(), XS[:, :2])
    return model


def _rnn_x():
    return (np.arange(40).reshape(8, 5) * 3 % 7).astype("int32") * (np.arange(5) < 4)


def probe_rnn_keras(tf, keras, m):
    return compiled_facts(tf, keras, m, _rnn_x(), XS[:, :2])


def build_custom_objects_keras(tf, keras):
    c = custom(keras)
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, name="d")(inp)
    model = keras.Model(inp, c["ScaledDense"](2, scale=3.0, name="s")(c["Clip"](0.25)(h)))
    set_weights(model, 10)
    model.compile("adam", "mae")
    return model


def probe_custom_objects_keras(tf, keras, m):
    return {"predict": outcome(lambda: m.predict(XS, verbose=0)),
            "layers": [type(layer).__name__ for layer in m.layers],
            "loss": outcome(lambda: m.evaluate(XS, XS[:, :2], verbose=0))}


def build_preprocessing_keras(tf, keras):
    words = keras.Input((2,), dtype="string", name="words")
    nums = keras.Input((3,), name="nums")
    lookup = keras.layers.StringLookup(output_mode="count", name="lookup")
    lookup.adapt(np.array([["red", "blue"], ["red", "green"]]))
    norm = keras.layers.Normalization(axis=-1, name="norm")
    norm.adapt(XS * 3 + 1)
    h = keras.layers.Concatenate()([lookup(words), norm(nums)])
    model = keras.Model([words, nums], keras.layers.Dense(1, name="out")(h))
    set_weights(model, 11)
    return model


def probe_preprocessing_keras(tf, keras, m):
    words = np.array([["red", "pink"], ["blue", "blue"]])
    return {"predict": outcome(lambda: m([tf.constant(words), tf.constant(XS[:2])])),
            "vocab": outcome(lambda: m.get_layer("lookup").get_vocabulary()),
            "mean": outcome(lambda: m.get_layer("norm").mean)}


def build_nested_weights(tf, keras):
    c = custom(keras)
    inner = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name="in_d"),
                              keras.layers.LayerNormalization(name="ln")], name="inner")
    inp = keras.Input((3,), name="x")
    h = c["ScaledDense"](3, name="scaled")(inner(inp))
    model = keras.Model(inp, keras.layers.Dense(2, name="head")(h))
    return model


def probe_nested_weights(tf, keras, m):
    return {"predict": outcome(lambda: m(tf.constant(XS[:3]))),
            "weights": outcome(lambda: [[w.path, _value(w)] for w in m.weights])}


# name -> (kind, build, probe)
CASES = {
    "normalization_export": ("export", build_normalization, probe_normalization),
    "string_lookup_export": ("export", build_string_lookup, probe_string_lookup),
    "text_saved": ("save", build_text_saved, probe_text_saved),
    "subclassed_saved": ("save", build_subclassed_saved, probe_subclassed_saved),
    "mixed_export": ("export", build_mixed_export, probe_mixed_export),
    "custom_export": ("export", build_custom_export, probe_custom_export),
    "archive": ("export", build_archive, probe_archive),
    "export_signature": ("export", build_export_signature, probe_export_signature),
    "sequential_keras": ("keras", build_sequential_keras, probe_sequential_keras),
    "functional_keras": ("keras", build_functional_keras, probe_functional_keras),
    "subclassed_keras": ("keras", build_subclassed_keras, probe_subclassed_keras),
    "schedule_keras": ("keras", build_schedule_keras, probe_schedule_keras),
    "rnn_keras": ("keras", build_rnn_keras, probe_rnn_keras),
    "custom_objects_keras": ("keras", build_custom_objects_keras, probe_custom_objects_keras),
    "preprocessing_keras": ("keras", build_preprocessing_keras, probe_preprocessing_keras),
    "nested_weights": ("weights", build_nested_weights, probe_nested_weights),
}
