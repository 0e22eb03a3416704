"""More of file_cases_mixes.py's kinds (write, read): a keras.utils.FeatureSpace adapted
and saved on its own and inside a model; registered custom initializers, regularizers,
constraints and activations in a `.keras` file, trained on; AdamW excluding variables from
weight decay, resumed; tf.functions returning None among their outputs; Keras weights files
and TF checkpoints given to the other's loader; LoRA-enabled and int8-quantized layers in
`.keras` files; a learning rate changed after training and a layer's added loss.
file_cases_kinds.py adds them to its CASES
(golden/file_cases_kinds.json holds TF 2.21's reads of its own files, the files TF wrote
are kept in golden/file_cases_kinds/); test_file_cases_mixes.py checks them. Builders take
the `tf` and `keras` modules; this module imports neither."""

from __future__ import annotations

import re

import numpy as np

from tests.interop.file_cases import XS, YS, errors, fit_history
from tests.interop.file_cases_mixes import path
from tests.interop.file_cases_mixes import rounded as _rounded
from tests.saved_model.user_model_cases import outcome


def rounded(x, n=4):
    return _rounded(x, n)


# --- a FeatureSpace -------------------------------------------------------------------------

FEATURES = {"age": np.array([20.0, 35.0, 50.0, 65.0, 35.0, 20.0], "float32"),
            "city": np.array(["paris", "rome", "paris", "oslo", "rome", "lima"]),
            "rooms": np.array([1, 2, 3, 2, 1, 4], "int64")}


def _feature_space(tf, keras):
    fs = keras.utils.FeatureSpace
    space = fs(features={"age": fs.float_normalized(), "city": fs.string_categorical(
                   num_oov_indices=1), "rooms": fs.integer_categorical(num_oov_indices=1)},
               crosses=[fs.cross(("city", "rooms"), crossing_dim=8)],
               output_mode="concat")
    space.adapt(tf.data.Dataset.from_tensor_slices(FEATURES))
    return space


def write_feature_space(tf, keras, d):
    space = _feature_space(tf, keras)
    space.save(path(d, "fs.keras"))


def read_feature_space(tf, keras, d):
    space = keras.models.load_model(path(d, "fs.keras"))
    one = {"age": np.array([40.0], "float32"), "city": np.array(["rome"]),
           "rooms": np.array([3], "int64")}
    return {"batch": outcome(lambda: rounded(space(FEATURES))),
            "one": outcome(lambda: rounded(space(one))),
            "kind": type(space).__name__,
            "config": outcome(lambda: sorted(space.get_config()))}


# --- registered initializers, regularizers, constraints, activations -----------------------

_PARTS: dict = {}


def parts(keras):
    """Registered custom parts of a Dense layer, defined once per `keras`."""
    if id(keras) in _PARTS:
        return _PARTS[id(keras)]
    reg = keras.saving.register_keras_serializable(package="probe10")

    @reg
    class Ramp(keras.initializers.Initializer):
        def __init__(self, step=0.1):
            self.step = step

        def __call__(self, shape, dtype=None):
            n = int(np.prod(shape))
            return keras.ops.reshape(keras.ops.arange(n, dtype=dtype) * self.step, shape)

        def get_config(self):
            return {"step": self.step}

    @reg
    class Centered(keras.regularizers.Regularizer):
        def __init__(self, factor=0.01):
            self.factor = factor

        def __call__(self, x):
            return self.factor * keras.ops.sum(keras.ops.square(x - keras.ops.mean(x)))

        def get_config(self):
            return {"factor": self.factor}

    @reg
    class Clip(keras.constraints.Constraint):
        def __init__(self, bound=0.3):
            self.bound = bound

        def __call__(self, w):
            return keras.ops.clip(w, -self.bound, self.bound)

        def get_config(self):
            return {"bound": self.bound}

    @reg
    def leaky(x):
        return keras.ops.where(x > 0, x, 0.2 * x)

    _PARTS[id(keras)] = (Ramp, Centered, Clip, leaky)
    return _PARTS[id(keras)]


def write_custom_parts_keras(tf, keras, d):
    ramp, centered, clip, leaky = parts(keras)
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, activation=leaky, kernel_initializer=ramp(0.05),
                           kernel_regularizer=centered(0.02), kernel_constraint=clip(0.3),
                           name="h")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="out", kernel_initializer="ones")(h))
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    fit_history(model, XS, YS, epochs=1)
    model.save(path(d, "m.keras"))


def read_custom_parts_keras(tf, keras, d):
    parts(keras)
    m = keras.models.load_model(path(d, "m.keras"))
    h = m.get_layer("h")
    cfg = h.get_config()
    return {"config": outcome(lambda: [cfg[k] for k in ("activation", "kernel_initializer",
                                                        "kernel_regularizer",
                                                        "kernel_constraint")]),
            "losses": outcome(lambda: rounded(m.losses, 5)),
            "predict": outcome(lambda: rounded(m.predict(XS[:3], verbose=0))),
            "trained": outcome(lambda: [rounded(fit_history(m, XS, YS, epochs=1)["loss"]),
                                        rounded(h.kernel)])}


# --- AdamW excluding variables from weight decay -------------------------------------------

def write_adamw_excluded_keras(tf, keras, d):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, name="h", kernel_initializer="ones", bias_initializer="ones")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="out", kernel_initializer="ones")(h))
    opt = keras.optimizers.AdamW(0.05, weight_decay=0.2)
    opt.exclude_from_weight_decay(var_names=["bias"])
    model.compile(optimizer=opt, loss="mse")
    fit_history(model, XS, YS, epochs=1)
    model.save(path(d, "m.keras"))


def read_adamw_excluded_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    return {"config": outcome(lambda: {k: v for k, v in m.optimizer.get_config().items()
                                       if "decay" in k}),
            "trained": outcome(lambda: [rounded(fit_history(m, XS, YS, epochs=1)["loss"]),
                                        [rounded(w) for w in m.weights]])}


# --- None among a function's outputs -----------------------------------------------------

def write_none_outputs(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def f(self, x):
            return {"a": x * 2.0, "b": None, "c": (x + 1.0, None, [None, x])}

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32, name="x")])
        def nothing(self, x):
            tf.debugging.assert_non_negative(x)
            return None

    tf.saved_model.save(M(), path(d, "sm"))


def _unnumbered(out: dict) -> dict:
    """An error outcome without its " [Op:__inference_..._<n>]" (each process numbers its
    functions)."""
    return {**out, "message": re.sub(r" \[Op:[^\]]*\]$", "", out.get("message", ""))}


def read_none_outputs(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"f": outcome(lambda: m.f(tf.constant([1.0, 2.0]))),
            "outputs": outcome(lambda: m.f.concrete_functions[0].structured_outputs),
            "nothing": outcome(lambda: m.nothing(tf.constant(1.0))),
            "nothing_bad": _unnumbered(outcome(lambda: m.nothing(tf.constant(-1.0)))),
            "signatures": outcome(lambda: sorted(m.signatures))}


# --- weights files given to the other kind's loader --------------------------------------

def _weights_model(keras):
    inp = keras.Input((3,), name="x")
    model = keras.Model(inp, keras.layers.Dense(2, name="out", kernel_initializer="ones",
                                                bias_initializer="zeros")(inp))
    return model


def write_weights_crossed(tf, keras, d):
    model = _weights_model(keras)
    model.get_layer("out").bias.assign([0.5, -0.5])
    model.save(path(d, "m.keras"))
    model.save_weights(path(d, "m.weights.h5"))
    tf.train.Checkpoint(model=model).write(path(d, "ck"))


def read_weights_crossed(tf, keras, d):
    def loaded(file):
        model = _weights_model(keras)
        model.load_weights(path(d, file))
        return rounded(model.get_layer("out").bias)

    def into_checkpoint():
        model = _weights_model(keras)
        tf.train.Checkpoint(model=model).read(path(d, "ck")).assert_consumed()
        return rounded(model.get_layer("out").bias)

    return {"from_keras": errors(lambda: loaded("m.keras"), d),
            "from_weights": errors(lambda: loaded("m.weights.h5"), d),
            "from_checkpoint": errors(lambda: loaded("ck"), d),
            "from_index": errors(lambda: loaded("ck.index"), d),
            "checkpoint": errors(into_checkpoint, d),
            "save_h5": errors(lambda: _weights_model(keras).save_weights(path(d, "w.h5")), d),
            "save_ckpt": errors(lambda: _weights_model(keras).save_weights(path(d, "w")), d)}


# --- LoRA and int8-quantized layers -------------------------------------------------------

def _adapted_model(keras):
    inp = keras.Input((3,), name="x")
    tokens = keras.Input((4,), dtype="int32", name="tokens")
    emb = keras.layers.Embedding(6, 3, name="emb")(tokens)
    pooled = keras.layers.GlobalAveragePooling1D(name="pool")(emb)
    h = keras.layers.Dense(4, name="h")(keras.layers.Concatenate(name="cat")([inp, pooled]))
    model = keras.Model([inp, tokens], keras.layers.Dense(2, name="out")(h), name="adapted")
    rng = np.random.RandomState(21)
    for w in model.weights:
        w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype("float32"))
    return model


ADAPT_INPUTS = [XS[:4], np.array([[1, 2, 3, 0], [4, 5, 0, 0], [1, 1, 1, 1], [0, 0, 0, 0]],
                                 "int32")]


def write_lora_quantized_keras(tf, keras, d):
    lora = _adapted_model(keras)
    lora.get_layer("h").enable_lora(2)
    lora.get_layer("emb").enable_lora(2)
    for w in lora.weights:  # (the adapters start at zero: give them values to keep)
        if "lora" in w.path:
            w.assign(np.full(tuple(w.shape), 0.1, "float32"))
    lora.save(path(d, "lora.keras"))
    quantized = _adapted_model(keras)
    quantized.quantize("int8")
    quantized.save(path(d, "int8.keras"))


def read_lora_quantized_keras(tf, keras, d):
    out = {}
    for name in ("lora", "int8"):
        def facts(name=name):
            m = keras.models.load_model(path(d, name + ".keras"))
            return [rounded(m.predict(ADAPT_INPUTS, verbose=0)),
                    [[w.path, str(w.dtype), list(w.shape)] for w in m.weights],
                    {k: v for k, v in m.get_layer("h").get_config().items()
                     if k in ("lora_rank", "lora_alpha", "dtype")}]
        out[name] = outcome(facts)
    return out


# --- a changed learning rate and a layer's added loss ---------------------------------------

_LOSSY: dict = {}


def lossy(keras):
    """A registered layer adding an activity loss in its call, defined once per `keras`."""
    if id(keras) in _LOSSY:
        return _LOSSY[id(keras)]

    @keras.saving.register_keras_serializable(package="probe10")
    class Lossy(keras.layers.Layer):
        def __init__(self, rate=0.1, **kwargs):
            super().__init__(**kwargs)
            self.rate = rate

        def call(self, x):
            self.add_loss(self.rate * keras.ops.mean(keras.ops.abs(x)))
            return x

        def get_config(self):
            return {**super().get_config(), "rate": self.rate}

    _LOSSY[id(keras)] = Lossy
    return Lossy


def write_lr_and_loss_keras(tf, keras, d):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, name="h", kernel_initializer="ones")(inp)
    out = keras.layers.Dense(2, name="out", kernel_initializer="ones")(lossy(keras)(0.5)(h))
    model = keras.Model(inp, out, name="lossy_model")
    model.compile(optimizer=keras.optimizers.RMSprop(0.01), loss="mse")
    fit_history(model, XS, YS, epochs=1)
    model.optimizer.learning_rate = 0.002  # (a user's change after training)
    model.save(path(d, "m.keras"))


def read_lr_and_loss_keras(tf, keras, d):
    lossy(keras)
    m = keras.models.load_model(path(d, "m.keras"))
    return {"lr": outcome(lambda: [rounded(m.optimizer.learning_rate, 6),
                                   m.optimizer.get_config()["learning_rate"]]),
            "losses": outcome(lambda: [m(XS[:2]) is not None, rounded(m.losses, 5)]),
            "trained": outcome(lambda: [rounded(fit_history(m, XS, YS, epochs=1)["loss"]),
                                        rounded(m.get_layer("h").kernel)])}


# name -> (write, read)
MORE_MIX_CASES = {
    "feature_space": (write_feature_space, read_feature_space),
    "custom_parts_keras": (write_custom_parts_keras, read_custom_parts_keras),
    "adamw_excluded_keras": (write_adamw_excluded_keras, read_adamw_excluded_keras),
    "none_outputs": (write_none_outputs, read_none_outputs),
    "weights_crossed": (write_weights_crossed, read_weights_crossed),
    "lora_quantized_keras": (write_lora_quantized_keras, read_lora_quantized_keras),
    "lr_and_loss_keras": (write_lr_and_loss_keras, read_lr_and_loss_keras),
}
MORE_MIX_TF_FILES = tuple(MORE_MIX_CASES)
