"""More of test_probe_interop.py's cases: what users do with SavedModels and Keras files
beyond saving and loading them once. tf.saved_model.save with SaveOptions (custom
gradients kept or not, function aliases, debug info); a tf.Module holding nested dicts and
lists of variables, its functions taking nested structures; a loaded SavedModel fine-tuned
(gradients through its restored functions) and saved again; a loaded SavedModel restored
from a tf.train.Checkpoint; an ExportArchive of several endpoints (a traced tf.function, a
layer tracked and served, a state-updating endpoint) and variable collections; .keras files
of Keras layers registered with keras.saving.register_keras_serializable. Built alike by
either framework (each builder takes the `tf` and `keras` modules); imports neither.

Module cases are (build, probe) as module_cases.py's; PATH_PROBES get the SavedModel's
path instead of the loaded object; KERAS_CASES are (kind, build, probe) as keras_cases.py's.
"""

from __future__ import annotations

import os
import tempfile

import numpy as np

from tests.saved_model.user_model_cases import concrete_facts, encode, outcome, signature_facts

XS = np.linspace(-1, 1, 12, dtype="float32").reshape(4, 3)


# --- SaveOptions: custom gradients, function aliases, debug info -------------------------

def _clipped_module(tf):
    class Clipped(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([1.5, -0.5, 2.0], name="w")

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def f(self, x):
            @tf.custom_gradient
            def clip_grad(y):
                def grad(dy):
                    return tf.clip_by_value(dy, -0.1, 0.1)
                return y * y, grad
            return tf.reduce_sum(clip_grad(x * self.w[0]))

        @tf.function(input_signature=[tf.TensorSpec([], tf.int32, name="i")])
        def pick(self, i):
            return tf.gather(self.w, i)

    return Clipped()


def build_options_all(tf, keras, d):
    m = _clipped_module(tf)
    options = tf.saved_model.SaveOptions(experimental_custom_gradients=True,
                                         function_aliases={"picker": m.pick},
                                         save_debug_info=True)
    return m, {"serving_default": m.f, "pick": m.pick}, options


def build_options_plain(tf, keras, d):
    m = _clipped_module(tf)
    options = tf.saved_model.SaveOptions(experimental_custom_gradients=False,
                                         save_debug_info=False)
    return m, {"serving_default": m.f}, options


def _grads(tf, m, sig=False):
    x = tf.constant([1.0, -2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = m.signatures["serving_default"](x=x)["output_0"] if sig else m.f(x)
    return tape.gradient(y, [x, m.w])


def probe_options(tf, m):
    return {"f": outcome(lambda: m.f(tf.constant([1.0, 2.0]))),
            "grads": outcome(lambda: _grads(tf, m)),
            "sig_grads": outcome(lambda: _grads(tf, m, sig=True)),
            "pick": outcome(lambda: m.pick(tf.constant(2))),
            "signatures": signature_facts(m, tf)}


def probe_options_files(tf, path):
    """The aliases TF's loader gives back, and whether debug info was written."""
    loaded = tf.saved_model.load(path, options=tf.saved_model.LoadOptions(
        experimental_load_function_aliases=True))
    aliases = getattr(loaded, "function_aliases", {})
    return {"aliases": sorted(aliases),
            "alias_call": outcome(lambda: aliases["picker"](tf.constant(1))),
            "debug_info": os.path.exists(os.path.join(path, "debug",
                                                      "saved_model_debug_info.pb"))}


# --- nested containers of variables, nested input structures -------------------------------

def build_nested_containers(tf, keras, d):
    class Nest(tf.Module):
        def __init__(self):
            super().__init__()
            self.params = {"dense": {"kernel": tf.Variable([[1.0, 2.0], [3.0, 4.0]],
                                                           name="kernel"),
                                     "bias": tf.Variable([0.5, -0.5], name="bias")},
                           "scales": [tf.Variable(2.0, name="s0"),
                                      tf.Variable(-1.0, name="s1")]}
            self.layers = [{"w": tf.Variable([1.0, 1.0], name="w0")},
                           [tf.Variable(3, name="count"), tf.Variable([1.0], name="tail")]]

        @tf.function(input_signature=[{
            "x": tf.TensorSpec([None, 2], tf.float32, name="x"),
            "extra": [tf.TensorSpec([2], tf.float32, name="e0"),
                      (tf.TensorSpec([], tf.int32, name="k"),
                       tf.TensorSpec([None], tf.string, name="tags"))]}])
        def apply(self, inputs):
            p = self.params
            h = tf.matmul(inputs["x"], p["dense"]["kernel"]) + p["dense"]["bias"]
            e0, (k, tags) = inputs["extra"]
            h = h * p["scales"][0] + e0 * p["scales"][1] + self.layers[0]["w"]
            return {"h": h, "n": k + self.layers[1][0],
                    "tags": tf.strings.join([tags, "x"], separator="-"),
                    "total": tf.reduce_sum(h), "tail": self.layers[1][1] * 2.0}

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def bump(self, delta):
            for v in self.params["scales"]:
                v.assign_add(delta)
            self.layers[1][0].assign_add(1)
            return [v.read_value() for v in self.params["scales"]]

    m = Nest()
    return m, {"serving_default": m.apply, "bump": m.bump}


def _nested_inputs(tf):
    return {"x": tf.constant([[1.0, 0.0], [0.5, -1.0]]),
            "extra": [tf.constant([0.25, 0.75]), (tf.constant(4), tf.constant(["a", "b"]))]}


def probe_nested_containers(tf, m):
    inputs = _nested_inputs(tf)
    out = {"apply": outcome(lambda: m.apply(inputs)),
           "cf": outcome(lambda: {k: v for k, v in concrete_facts(
               m.apply.get_concrete_function(), tf).items() if k != "pretty"}),
           "kernel": outcome(lambda: m.params["dense"]["kernel"]),
           "keys": sorted(m.params), "n_layers": len(m.layers),
           "count": outcome(lambda: m.layers[1][0]),
           "sig": outcome(lambda: m.signatures["serving_default"](
               x=inputs["x"], e0=inputs["extra"][0], k=inputs["extra"][1][0],
               tags=inputs["extra"][1][1])),
           "sig_inputs": outcome(lambda: sorted(
               m.signatures["serving_default"].structured_input_signature[1]))}
    out["bump"] = outcome(lambda: m.bump(tf.constant(0.5)))
    out["after_bump"] = outcome(lambda: m.apply(inputs))
    out["count_after"] = outcome(lambda: m.layers[1][0])
    return out


# --- fine-tuning a loaded SavedModel, then saving it again -----------------------------------

def build_finetune(tf, keras, d):
    class Regressor(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[0.5], [-1.0], [0.25]], name="w")
            self.b = tf.Variable([0.1], name="b")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
        def __call__(self, x):
            return tf.tanh(tf.matmul(x, self.w) + self.b)

    m = Regressor()
    return m, {"serving_default": m.__call__}


def probe_finetune(tf, m):
    return {"call": outcome(lambda: m(tf.constant(XS))),
            "trainable": outcome(lambda: [v.name for v in m.trainable_variables])}


def probe_finetune_resaved(tf, path):
    """Loads, takes 3 SGD steps through the restored function's gradients, saves the
    loaded object again (with this framework), loads that and calls it."""
    loaded = tf.saved_model.load(path)
    x, y = tf.constant(XS), tf.constant(XS[:, :1] * 0.5)
    losses = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(loaded(x) - y))
        grads = tape.gradient(loss, [loaded.w, loaded.b])
        for v, g in zip([loaded.w, loaded.b], grads):
            v.assign_sub(0.5 * g)
        losses.append(loss)
    out = {"losses": outcome(lambda: losses), "w": outcome(lambda: loaded.w)}
    with tempfile.TemporaryDirectory() as d:
        again = os.path.join(d, "again")
        tf.saved_model.save(loaded, again)
        back = tf.saved_model.load(again)
        out["resaved_call"] = outcome(lambda: back(x))
        out["resaved_sig"] = outcome(lambda: back.signatures["serving_default"](x=x))
        out["resaved_vars"] = outcome(lambda: sorted(v.name for v in back.variables))
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(back(x) - y))
        out["resaved_grads"] = outcome(lambda: tape.gradient(loss, [back.w, back.b]))
    return out


# --- restoring a loaded SavedModel from a tf.train.Checkpoint ---------------------------------

def build_checkpointed(tf, keras, d):
    class Counter(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = {"a": tf.Variable([1.0, 2.0], name="a"),
                          "b": tf.Variable(5, dtype=tf.int64, name="b")}
            self.child = tf.Module()
            self.child.v = tf.Variable(-3.0, name="v")

        @tf.function(input_signature=[])
        def read(self):
            return {"a": tf.identity(self.table["a"]), "b": tf.identity(self.table["b"]),
                    "v": tf.identity(self.child.v)}

    m = Counter()
    return m, {"serving_default": m.read}


def probe_checkpointed(tf, m):
    return {"read": outcome(lambda: m.read())}


def probe_checkpoint_restore(tf, path):
    """A loaded object's state written with tf.train.Checkpoint, then restored into a
    second load of the SavedModel (and into a new object of the same shape)."""
    first = tf.saved_model.load(path)
    first.table["a"].assign([10.0, 20.0])
    first.child.v.assign(7.0)
    out = {}
    with tempfile.TemporaryDirectory() as d:
        prefix = tf.train.Checkpoint(model=first).write(os.path.join(d, "ckpt"))
        out["keys"] = sorted(k for k, _ in tf.train.list_variables(prefix))
        second = tf.saved_model.load(path)
        out["before"] = outcome(lambda: second.read())
        status = tf.train.Checkpoint(model=second).restore(prefix)
        out["matched"] = outcome(lambda: status.assert_existing_objects_matched() is status)
        out["after"] = outcome(lambda: second.read())
        fresh = tf.Module()
        fresh.table = {"a": tf.Variable([0.0, 0.0]), "b": tf.Variable(0, dtype=tf.int64)}
        fresh.child = tf.Module()
        fresh.child.v = tf.Variable(0.0)
        tf.train.Checkpoint(model=fresh).read(prefix).expect_partial()
        out["fresh"] = outcome(lambda: [fresh.table["a"], fresh.table["b"], fresh.child.v])
    return out


MODULE_CASES = {
    "options_all": (build_options_all, probe_options),
    "options_plain": (build_options_plain, probe_options),
    "nested_containers": (build_nested_containers, probe_nested_containers),
    "finetune": (build_finetune, probe_finetune),
    "checkpointed": (build_checkpointed, probe_checkpointed),
}

PATH_PROBES = {"options_all": probe_options_files, "options_plain": probe_options_files,
               "finetune": probe_finetune_resaved, "checkpointed": probe_checkpoint_restore}


# --- an ExportArchive of several endpoints ---------------------------------------------------

def build_archive_endpoints(tf, keras):
    inp = keras.Input((3,), name="x")
    norm = keras.layers.BatchNormalization(name="bn")
    h = keras.layers.Dense(4, activation="relu", name="h")(norm(inp))
    model = keras.Model(inp, keras.layers.Dense(2, name="y")(h))
    rng = np.random.RandomState(21)
    for w in model.weights:
        w.assign(rng.uniform(0.5, 1.5, tuple(w.shape)).astype(w.dtype))
    head = keras.layers.Dense(1, name="head")
    head.build((None, 2))
    head.kernel.assign([[0.5], [-2.0]])
    calls = tf.Variable(0, dtype=tf.int64, name="calls")

    @tf.function
    def logits(x):
        return model(x, training=False)

    logits(tf.constant(XS))  # traced once: served without an input_signature
    spec = [tf.TensorSpec([None, 3], tf.float32, name="x")]

    def counted(x):
        calls.assign_add(tf.cast(tf.shape(x)[0], tf.int64))
        return {"y": model(x, training=False), "calls": tf.identity(calls)}

    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint("logits", logits)
    archive.track_and_add_endpoint("head", head, [tf.TensorSpec([None, 2], tf.float32,
                                                                name="z")])
    archive.add_endpoint("counted", counted, input_signature=spec)
    archive.add_variable_collection("stats", [norm.moving_mean, norm.moving_variance])
    archive.add_variable_collection("counters", [calls])
    return archive


def probe_archive_endpoints(tf, keras, m):
    x = tf.constant(XS)
    out = {"logits": outcome(lambda: m.logits(x)),
           "head": outcome(lambda: m.head(tf.constant([[1.0, 2.0]]))),
           "counted": outcome(lambda: m.counted(x)),
           "counted_again": outcome(lambda: m.counted(x[:1])),
           "stats": outcome(lambda: list(m.stats)),
           "counters": outcome(lambda: list(m.counters)),
           "signatures": signature_facts(m, tf),
           "sig_head": outcome(lambda: m.signatures["head"](z=tf.constant([[0.0, 1.0]]))),
           "n_vars": len(m.variables), "n_trainable": len(m.trainable_variables)}
    out["sig_logits"] = outcome(lambda: m.signatures["serving_default"](
        **{sorted(m.signatures["serving_default"].structured_input_signature[1])[0]: x}))
    return out


# --- .keras files of registered custom layers ---------------------------------------------------

_REGISTERED: dict = {}


def registered(keras):
    """The registered classes for this `keras` (made once per framework)."""
    if id(keras) in _REGISTERED:
        return _REGISTERED[id(keras)]

    @keras.saving.register_keras_serializable(package="probe_wf", name="Gate")
    class GatedDense(keras.layers.Layer):
        def __init__(self, units, activation="tanh", **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self.activation = keras.activations.get(activation)
            self.value = keras.layers.Dense(units, name="value")
            self.gate = keras.layers.Dense(units, activation="sigmoid", name="gate")

        def build(self, input_shape):
            self.value.build(input_shape)
            self.gate.build(input_shape)
            self.mix = self.add_weight(shape=(self.units,), initializer="ones", name="mix")

        def call(self, x):
            return self.activation(self.value(x)) * self.gate(x) * self.mix

        def get_config(self):
            return {**super().get_config(), "units": self.units,
                    "activation": keras.activations.serialize(self.activation)}

    @keras.saving.register_keras_serializable(package="probe_wf")
    def scaled_mse(y_true, y_pred):
        return keras.ops.mean(keras.ops.square(y_true - y_pred)) * 2.0

    @keras.saving.register_keras_serializable(package="probe_wf")
    class Tower(keras.Model):
        def __init__(self, widths=(4, 2), **kwargs):
            super().__init__(**kwargs)
            self.widths = list(widths)
            self.blocks = [GatedDense(w, name=f"gate_{i}") for i, w in enumerate(widths)]

        def call(self, x):
            for block in self.blocks:
                x = block(x)
            return x

        def get_config(self):
            return {**super().get_config(), "widths": self.widths}

    _REGISTERED[id(keras)] = out = {"GatedDense": GatedDense, "Tower": Tower,
                                    "scaled_mse": scaled_mse}
    return out


def _set_weights(model, seed):
    rng = np.random.RandomState(seed)
    for w in model.weights:
        w.assign(rng.uniform(-1, 1, tuple(w.shape)).astype(w.dtype))


def build_registered_functional(tf, keras):
    r = registered(keras)
    inp = keras.Input((3,), name="x")
    h = r["GatedDense"](4, activation="relu", name="gated")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="out")(h))
    _set_weights(model, 31)
    model.compile(keras.optimizers.Adam(0.01), loss=r["scaled_mse"])
    model.fit(XS, XS[:, :2], epochs=2, batch_size=2, shuffle=False, verbose=0)
    return model


def _registered_facts(tf, keras, m, x, y):
    out = {"predict": outcome(lambda: m.predict(x, verbose=0)),
           "classes": [type(layer).__name__ for layer in m.layers],
           "loss": getattr(m.loss, "__name__", type(m.loss).__name__),
           "weights": outcome(lambda: [[w.path, encode(np.asarray(w))] for w in m.weights]),
           "opt_iterations": int(m.optimizer.iterations.numpy())}
    out["step"] = outcome(lambda: m.train_on_batch(x, y, return_dict=True))
    out["after"] = outcome(lambda: m.predict(x, verbose=0))
    return out


def probe_registered_functional(tf, keras, m):
    out = _registered_facts(tf, keras, m, XS, XS[:, :2])
    gated = m.get_layer("gated")
    out["gated_config"] = {k: gated.get_config()[k] for k in ("units", "activation")}
    out["registered_name"] = keras.saving.get_registered_name(type(gated))
    return out


def build_registered_subclassed(tf, keras):
    model = registered(keras)["Tower"](widths=(3, 2), name="tower")
    model(XS[:1])
    _set_weights(model, 32)
    model.compile(keras.optimizers.SGD(0.1), loss="mse")
    return model


def probe_registered_subclassed(tf, keras, m):
    out = _registered_facts(tf, keras, m, XS, XS[:, :2])
    out["class"] = type(m).__name__
    out["widths"] = m.get_config().get("widths")
    out["blocks"] = [[type(b).__name__, b.units] for b in m.blocks]
    return out


KERAS_CASES = {
    "archive_endpoints": ("export", build_archive_endpoints, probe_archive_endpoints),
    "registered_functional": ("keras", build_registered_functional,
                              probe_registered_functional),
    "registered_subclassed": ("keras", build_registered_subclassed,
                              probe_registered_subclassed),
}
