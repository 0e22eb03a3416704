"""Whole-model files of Keras models and tf.Modules not in file_cases*.py: registered
layers whose configs nest other layers, custom losses and metrics given back through
custom_objects, Sequential models built after their layers, dict inputs and outputs,
wrappers and attention layers, BatchNormalization's moving statistics; and files that
must not load: truncated or damaged ones, configs missing a field, configs that name
code (none of which runs). file_cases_keras_state.py holds the rest (optimizer state,
exports, tf.Modules, checkpoints). Cases as file_cases.py's (write, read);
test_file_cases_keras.py runs them all. Builders take the `tf` and `keras` modules; this
module imports neither."""

from __future__ import annotations

import json
import os
import re
import zipfile

import numpy as np

from tests.interop.file_cases import XS, YS, fit_history, set_weights, values
from tests.interop.file_cases import errors as _errors
from tests.saved_model.user_model_cases import outcome

SEQ4 = np.linspace(-1, 1, 4 * 5 * 4, dtype="float32").reshape(4, 5, 4)
_REGISTERED: dict = {}


def registered(keras):
    """This module's registered classes for this `keras` (package "save7"), defined once."""
    if id(keras) in _REGISTERED:
        return _REGISTERED[id(keras)]
    reg = keras.saving.register_keras_serializable

    @reg(package="save7", name="Block")
    class Block(keras.layers.Layer):
        """A layer made of the layers its config gives: an inner layer serialized into
        the config and rebuilt by from_config, and an activation given by name."""

        def __init__(self, inner=None, activation="tanh", **kwargs):
            super().__init__(**kwargs)
            self.inner = inner if inner is not None else keras.layers.Dense(3, name="in")
            self.activation = keras.activations.get(activation)
            self.gate = keras.layers.Dense(3, activation="sigmoid", name="gate")

        def build(self, input_shape):
            # (an inner layer from a config comes built: building it again would add
            # its weights twice, which Keras refuses)
            if not self.inner.built:
                self.inner.build(input_shape)
            self.gate.build(input_shape)

        def call(self, x):
            return self.activation(self.inner(x)) * self.gate(x)

        def compute_output_shape(self, input_shape):
            return input_shape[:-1] + (3,)

        def get_config(self):
            return {**super().get_config(),
                    "inner": keras.saving.serialize_keras_object(self.inner),
                    "activation": keras.activations.serialize(self.activation)}

        @classmethod
        def from_config(cls, config):
            config = dict(config)
            config["inner"] = keras.saving.deserialize_keras_object(config["inner"])
            return cls(**config)

    @reg(package="save7")
    def cube_loss(y_true, y_pred):
        return keras.ops.mean(keras.ops.abs(y_true - y_pred) ** 3, axis=-1)

    _REGISTERED[id(keras)] = out = {"Block": Block, "cube_loss": cube_loss}
    return out


def unregistered(keras):
    """A loss function, a Metric and a subclassed model nobody registered. (Names no
    other test registers: Keras finds a bare function name among every registered
    "package>name", a leftover of its 3.6 files.)"""
    def halved_sq_error(y_true, y_pred):
        return keras.ops.mean(keras.ops.square(y_true - y_pred), axis=-1) * 0.5

    class MaxError(keras.metrics.Metric):
        def __init__(self, name="max_error", **kwargs):
            super().__init__(name=name, **kwargs)
            self.worst = self.add_variable(shape=(), initializer="zeros", name="worst")

        def update_state(self, y_true, y_pred, sample_weight=None):
            self.worst.assign(keras.ops.maximum(self.worst,
                                                keras.ops.max(keras.ops.abs(y_true - y_pred))))

        def result(self):
            return self.worst

    class TwoHeads(keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.body = keras.layers.Dense(4, activation="relu", name="body")
            self.left = keras.layers.Dense(2, name="left")
            self.right = keras.Sequential([keras.layers.Dense(3, name="r1"),
                                           keras.layers.Dense(1, name="r2")], name="right")

        def call(self, x):
            h = self.body(x)
            return self.left(h), self.right(h)

    return {"halved_sq_error": halved_sq_error, "MaxError": MaxError, "TwoHeads": TwoHeads}


def errors(fn, d):
    """file_cases.errors, its message without what each process numbers its own way: a
    traced function's counter (`__inference_f_123`), a class's module path (Keras's
    `keras.src.layers.core.dense.Dense`, eagerflow's own), an HDF5 file's byte sizes, a
    variable's full name (`sgd_2/iteration`: the optimizers made so far)."""
    out = _errors(fn, d)
    if isinstance(out, dict) and "message" in out:
        text = re.sub(r"(__inference_\w+?)_\d+", r"\1_N", out["message"])
        text = re.sub(r"<class '[\w.]+\.(\w+)'>", r"<class '\1'>", text)
        text = re.sub(r'full_name: "[^"]*"', 'full_name: "N"', text)
        out["message"] = re.sub(r"eof = \d+, (.*) stored_eof = \d+", r"eof = N, \1 stored_eof = N",
                                text)
    return out


def _names(weights_file):
    """The dataset paths of a `.weights.h5` file, read with h5py when it is installed
    (eagerflow's own tests run without it: then None)."""
    try:
        import h5py
    except ImportError:
        return None
    out = []
    with h5py.File(weights_file, "r") as f:
        f.visititems(lambda name, obj: out.append(name) if hasattr(obj, "shape") else None)
    return out


# --- custom objects ------------------------------------------------------------------------

def nested_block_model(keras):
    block = registered(keras)["Block"]
    inp = keras.Input((4,), name="x")
    h = block(inner=keras.layers.Dense(3, use_bias=False, name="proj"), activation="relu",
              name="block")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="out")(h), name="blocks")
    set_weights(model, 31)
    return model


def write_nested_config_keras(tf, keras, d):
    nested_block_model(keras).save(os.path.join(d, "m.keras"))


def read_nested_config_keras(tf, keras, d):
    registered(keras)
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    block = m.get_layer("block")
    cfg = block.get_config()
    with zipfile.ZipFile(os.path.join(d, "m.keras")) as z:
        layers = json.loads(z.read("config.json"))["config"]["layers"]
    return {"class": type(block).__name__,
            "registered": keras.saving.get_registered_name(type(block)),
            "inner": [cfg["inner"]["class_name"], cfg["inner"]["config"]["use_bias"],
                      cfg["activation"]],
            "file_entry": [[layer["class_name"], layer.get("registered_name")]
                           for layer in layers],
            "predict": outcome(lambda: m.predict(XS[:, :2].repeat(2, axis=1), verbose=0)),
            "paths": [w.path for w in m.weights]}


def compiled_custom(keras):
    u = unregistered(keras)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="cc")
    set_weights(model, 32)
    model.compile(keras.optimizers.SGD(0.1), loss=u["halved_sq_error"], metrics=[u["MaxError"]()])
    fit_history(model, XS, YS, epochs=1)
    return model


def write_custom_objects_keras(tf, keras, d):
    compiled_custom(keras).save(os.path.join(d, "m.keras"))


def read_custom_objects_keras(tf, keras, d):
    path = os.path.join(d, "m.keras")
    u = unregistered(keras)
    out = {"bare": errors(lambda: keras.models.load_model(path), d)}
    m = keras.models.load_model(path, custom_objects={"halved_sq_error": u["halved_sq_error"],
                                                      "MaxError": u["MaxError"]})
    out["loss"] = m.loss.__name__
    out["evaluate"] = outcome(lambda: m.evaluate(XS, YS, verbose=0, return_dict=True))
    out["continued"] = outcome(lambda: fit_history(m, XS, YS, epochs=1))
    with keras.saving.custom_object_scope({"halved_sq_error": u["halved_sq_error"],
                                           "MaxError": u["MaxError"]}):
        scoped = keras.models.load_model(path)
    out["scoped"] = outcome(lambda: scoped.predict(XS[:2], verbose=0))
    out["uncompiled"] = outcome(lambda: keras.models.load_model(path, compile=False)
                                .predict(XS[:2], verbose=0))
    return out


def write_registered_loss_keras(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="rl")
    set_weights(model, 33)
    model.compile(keras.optimizers.Adam(0.05), loss=registered(keras)["cube_loss"],
                  metrics=[registered(keras)["cube_loss"], "mse"])
    fit_history(model, XS, YS, epochs=1)
    model.save(os.path.join(d, "m.keras"))


def read_registered_loss_keras(tf, keras, d):
    registered(keras)
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    with zipfile.ZipFile(os.path.join(d, "m.keras")) as z:
        compile_config = json.loads(z.read("config.json"))["compile_config"]
    # (its shared_object_id left out: an address)
    return {"loss_entry": {k: v for k, v in compile_config["loss"].items()
                           if k != "shared_object_id"},
            "evaluate": outcome(lambda: m.evaluate(XS, YS, verbose=0, return_dict=True)),
            "iterations": int(np.asarray(m.optimizer.iterations))}


# --- code in files: never run ----------------------------------------------------------------

def _rewrite_keras(src, dst, edit, member="config.json"):
    """Copies the .keras archive `src` to `dst` with its `member` passed through `edit` (a
    function that changes the parsed JSON in place, or returns new bytes; None drops the
    member)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == member:
                if edit is None:
                    continue
                parsed = json.loads(data)
                new = edit(parsed)
                data = new if isinstance(new, bytes) else json.dumps(parsed).encode()
            zout.writestr(item, data)


def _set_first_layer(tree, **fields):
    tree["config"]["layers"][1].update(fields)


def write_code_in_config(tf, keras, d):
    inp = keras.Input((3,), name="x")
    model = keras.Model(inp, keras.layers.Dense(2, name="d")(inp))
    src = os.path.join(d, "m.keras")
    model.save(src)
    marker = os.path.join(d, "ran")
    _rewrite_keras(src, os.path.join(d, "os_system.keras"), lambda c: _set_first_layer(
        c, module="os", class_name="system", config=f"touch {marker}", registered_name=None))
    _rewrite_keras(src, os.path.join(d, "builtin_eval.keras"), lambda c: _set_first_layer(
        c, module="builtins", class_name="function", config="eval", registered_name=None))
    _rewrite_keras(src, os.path.join(d, "activation_eval.keras"), lambda c: c["config"][
        "layers"][1]["config"].update(activation={
            "module": "builtins", "class_name": "function", "config": "exec",
            "registered_name": "function"}))
    _rewrite_keras(src, os.path.join(d, "numpy_cls.keras"), lambda c: _set_first_layer(
        c, module="numpy", class_name="ndarray", registered_name=None))


def read_code_in_config(tf, keras, d):
    out = {name: errors(lambda: keras.models.load_model(os.path.join(d, name + ".keras")), d)
           for name in ("os_system", "builtin_eval", "activation_eval", "numpy_cls")}
    out["unsafe_os_system"] = errors(lambda: keras.models.load_model(
        os.path.join(d, "os_system.keras"), safe_mode=False), d)
    out["ran"] = os.path.exists(os.path.join(d, "ran"))
    return out


def write_lambda_variants(tf, keras, d):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Lambda(lambda t: t + 1.0, output_shape=(3,), name="anon")(inp)
    keras.Model(inp, h).save(os.path.join(d, "anon.keras"))
    keras.Model(inp, h).save(os.path.join(d, "anon.h5"))
    named = keras.layers.Lambda(keras.activations.relu, name="relu_fn")(inp)
    keras.Model(inp, named).save(os.path.join(d, "named.keras"))


def read_lambda_variants(tf, keras, d):
    j = lambda n: os.path.join(d, n)  # noqa: E731
    return {"keras_safe": errors(lambda: keras.models.load_model(j("anon.keras")), d),
            "h5_safe": errors(lambda: keras.models.load_model(j("anon.h5")), d),
            "named_fn": errors(lambda: keras.models.load_model(j("named.keras"))(
                tf.constant(XS[:2])), d)}


# --- damaged files ------------------------------------------------------------------------------

def _truncate(path, keep):
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data[:int(len(data) * keep)])


def write_truncated_files(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="t")
    for name in ("half.keras", "head.keras"):
        model.save(os.path.join(d, name))
    model.save_weights(os.path.join(d, "half.weights.h5"))
    model.save(os.path.join(d, "half.h5"))
    _truncate(os.path.join(d, "half.keras"), 0.5)
    _truncate(os.path.join(d, "head.keras"), 0.1)
    _truncate(os.path.join(d, "half.weights.h5"), 0.5)
    _truncate(os.path.join(d, "half.h5"), 0.5)
    with open(os.path.join(d, "empty.keras"), "wb"):
        pass


def read_truncated_files(tf, keras, d):
    j = lambda n: os.path.join(d, n)  # noqa: E731
    fresh = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="t")
    return {"half_keras": errors(lambda: keras.models.load_model(j("half.keras")), d),
            "head_keras": errors(lambda: keras.models.load_model(j("head.keras")), d),
            "empty_keras": errors(lambda: keras.models.load_model(j("empty.keras")), d),
            "half_h5": errors(lambda: keras.models.load_model(j("half.h5")), d),
            "half_weights": errors(lambda: fresh.load_weights(j("half.weights.h5")), d)}


def write_damaged_saved_model(tf, keras, d):
    m = tf.Module()
    m.v = tf.Variable([1.0, 2.0, 3.0], name="v")
    m.f = tf.function(lambda x: x * m.v, input_signature=[tf.TensorSpec([3], tf.float32)])
    for name in ("pb_half", "pb_garbage", "data_gone", "index_half"):
        tf.saved_model.save(m, os.path.join(d, name))
    _truncate(os.path.join(d, "pb_half", "saved_model.pb"), 0.5)
    with open(os.path.join(d, "pb_garbage", "saved_model.pb"), "wb") as f:
        f.write(b"\x08\x96\x01 this is not a protocol buffer \xff\xff")
    os.remove(os.path.join(d, "data_gone", "variables", "variables.data-00000-of-00001"))
    _truncate(os.path.join(d, "index_half", "variables", "variables.index"), 0.5)


def read_damaged_saved_model(tf, keras, d):
    def call(name):
        loaded = tf.saved_model.load(os.path.join(d, name))
        return loaded.f(tf.constant([1.0, 1.0, 1.0]))

    return {name: errors(lambda: call(name), d) for name in
            ("pb_half", "pb_garbage", "data_gone", "index_half")}


def write_damaged_checkpoint(tf, keras, d):
    ck = tf.train.Checkpoint(v=tf.Variable([1.0, 2.0]), n=tf.Variable(3, dtype=tf.int64))
    for name in ("ok", "index_half", "data_gone", "data_half"):
        ck.write(os.path.join(d, name, "ck"))
    _truncate(os.path.join(d, "index_half", "ck.index"), 0.5)
    os.remove(os.path.join(d, "data_gone", "ck.data-00000-of-00001"))
    _truncate(os.path.join(d, "data_half", "ck.data-00000-of-00001"), 0.5)


def read_damaged_checkpoint(tf, keras, d):
    def restore(name):
        v, n = tf.Variable([0.0, 0.0]), tf.Variable(0, dtype=tf.int64)
        tf.train.Checkpoint(v=v, n=n).read(os.path.join(d, name, "ck")).assert_consumed()
        return [v.numpy().tolist(), int(n.numpy())]

    return {name: errors(lambda: restore(name), d)
            for name in ("ok", "index_half", "data_gone", "data_half")}


def write_missing_fields(tf, keras, d):
    inp = keras.Input((3,), name="x")
    model = keras.Model(inp, keras.layers.Dense(2, name="d")(inp), name="mf")
    set_weights(model, 34)
    src = os.path.join(d, "m.keras")
    model.save(src)
    _rewrite_keras(src, os.path.join(d, "no_class.keras"), lambda c: c.pop("class_name"))
    _rewrite_keras(src, os.path.join(d, "no_config.keras"), lambda c: c.pop("config"))
    _rewrite_keras(src, os.path.join(d, "no_layer_config.keras"),
                   lambda c: c["config"]["layers"][1].pop("config"))
    _rewrite_keras(src, os.path.join(d, "no_units.keras"),
                   lambda c: c["config"]["layers"][1]["config"].pop("units"))
    _rewrite_keras(src, os.path.join(d, "empty_config.keras"), lambda c: c.clear())
    _rewrite_keras(src, os.path.join(d, "bad_json.keras"), lambda c: b"{not json")
    _rewrite_keras(src, os.path.join(d, "no_config_json.keras"), None)
    _rewrite_keras(src, os.path.join(d, "no_metadata.keras"), None, "metadata.json")
    _rewrite_keras(src, os.path.join(d, "keras2_metadata.keras"),
                   lambda m: m.update(keras_version="2.15.0"), "metadata.json")
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(
            os.path.join(d, "no_weights.keras"), "w") as zout:
        for item in zin.infolist():
            if item.filename != "model.weights.h5":
                zout.writestr(item, zin.read(item.filename))


MISSING = ("no_class", "no_config", "no_layer_config", "no_units", "empty_config",
           "bad_json", "no_config_json", "no_metadata", "keras2_metadata", "no_weights")


def read_missing_fields(tf, keras, d):
    out = {name: errors(lambda: keras.models.load_model(os.path.join(d, name + ".keras"))
                        .predict(XS[:1], verbose=0), d) for name in MISSING}
    # (load_weights reads the archive's weights only, whatever its config)
    inp = keras.Input((3,), name="x")
    fresh = keras.Model(inp, keras.layers.Dense(2, name="d")(inp), name="mf")
    for name in ("bad_json", "no_config_json", "keras2_metadata", "no_weights"):
        out["weights_" + name] = errors(lambda: fresh.load_weights(
            os.path.join(d, name + ".keras")) or fresh.predict(XS[:1], verbose=0), d)
    return out


# --- model structures ---------------------------------------------------------------------------

def write_sequential_deferred(tf, keras, d):
    called = keras.Sequential([keras.layers.Dense(4, activation="relu", name="a"),
                               keras.layers.Dense(2, name="b")], name="called")
    called(XS[:1])
    set_weights(called, 35)
    called.save(os.path.join(d, "called.keras"))
    called.save(os.path.join(d, "called.h5"))
    built = keras.Sequential(name="built")
    built.add(keras.layers.Dense(3, name="c"))
    built.build((None, 3))
    set_weights(built, 36)
    built.save(os.path.join(d, "built.keras"))
    built.save_weights(os.path.join(d, "built.weights.h5"))
    keras.Sequential([keras.layers.Dense(2, name="u")], name="unbuilt").save(
        os.path.join(d, "unbuilt.keras"))


def read_sequential_deferred(tf, keras, d):
    j = lambda n: os.path.join(d, n)  # noqa: E731
    out = {}
    for name in ("called.keras", "called.h5", "built.keras"):
        m = keras.models.load_model(j(name))
        out[name] = {"built": m.built, "inputs": outcome(lambda: [list(t.shape)
                                                                  for t in m.inputs]),
                     "layers": [layer.name for layer in m.layers],
                     "predict": outcome(lambda: m.predict(XS[:2], verbose=0))}
    unbuilt = keras.models.load_model(j("unbuilt.keras"))
    out["unbuilt"] = [unbuilt.built, len(unbuilt.weights),
                      outcome(lambda: unbuilt(tf.ones([1, 5])).shape)]
    fresh = keras.Sequential([keras.layers.Dense(3, name="c")], name="built")
    out["weights_unbuilt"] = errors(lambda: fresh.load_weights(j("built.weights.h5")), d)
    fresh.build((None, 3))
    fresh.load_weights(j("built.weights.h5"))
    out["weights_built"] = values(fresh.weights)
    return out


def dict_io_model(keras):
    a = keras.Input((3,), name="alpha")
    b = keras.Input((2,), name="beta")
    h = keras.layers.Dense(4, activation="tanh", name="h")(
        keras.layers.Concatenate(name="cat")([a, b]))
    model = keras.Model({"alpha": a, "beta": b},
                        {"sum": keras.layers.Dense(1, name="sum")(h),
                         "prob": keras.layers.Dense(2, activation="softmax", name="prob")(h)},
                        name="dict_io")
    set_weights(model, 37)
    model.compile(keras.optimizers.SGD(0.1), loss={"sum": "mae", "prob": "mse"},
                  metrics={"prob": ["mae"]})
    return model


DICT_X = {"alpha": XS, "beta": XS[:, :2] * 2}
DICT_Y = {"sum": YS[:, :1], "prob": YS}


def write_dict_io_keras(tf, keras, d):
    model = dict_io_model(keras)
    fit_history(model, DICT_X, DICT_Y, epochs=1)
    model.save(os.path.join(d, "m.keras"))


def read_dict_io_keras(tf, keras, d):
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    return {"input_names": [t.name for t in m.inputs],
            "output_names": m.output_names,
            "predict": outcome(lambda: m.predict(DICT_X, verbose=0)),
            "swapped": outcome(lambda: m({"beta": DICT_X["beta"][:2],
                                          "alpha": DICT_X["alpha"][:2]})),
            "evaluate": outcome(lambda: m.evaluate(DICT_X, DICT_Y, verbose=0,
                                                   return_dict=True)),
            "missing_key": errors(lambda: m({"alpha": DICT_X["alpha"][:2]}), d)}


def nested_three(keras):
    inner = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name="i1"),
                              keras.layers.Dense(3, name="i2")], name="inner")
    mid_in = keras.Input((4,), name="mid_in")
    mid = keras.Model(mid_in, keras.layers.Add(name="add")([inner(mid_in),
                                                           keras.layers.Dense(3, name="skip")(
                                                               mid_in)]), name="mid")
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, name="pre")(inp)
    model = keras.Model(inp, keras.layers.Dense(1, name="post")(mid(h)), name="outer")
    set_weights(model, 38)
    return model


def write_nested_models(tf, keras, d):
    model = nested_three(keras)
    model.save_weights(os.path.join(d, "m.weights.h5"))
    model.save(os.path.join(d, "m.keras"))
    model.get_layer("mid").save_weights(os.path.join(d, "mid.weights.h5"))


def read_nested_models(tf, keras, d):
    fresh = nested_three(keras)
    for w in fresh.weights:
        w.assign(np.zeros(tuple(w.shape), w.dtype))
    fresh.load_weights(os.path.join(d, "m.weights.h5"))
    loaded = keras.models.load_model(os.path.join(d, "m.keras"))
    other = nested_three(keras)
    other.get_layer("mid").load_weights(os.path.join(d, "mid.weights.h5"))
    return {"fresh": outcome(lambda: fresh.predict(XS, verbose=0)),
            "loaded": outcome(lambda: loaded.predict(XS, verbose=0)),
            "inner_layers": [la.name for la in loaded.get_layer("mid").layers],
            "inner_weights": values(loaded.get_layer("mid").get_layer("inner").weights),
            "mid_only": values(other.get_layer("mid").weights)}


def write_subclassed_weights(tf, keras, d):
    model = unregistered(keras)["TwoHeads"](name="two")
    model(XS[:1])
    set_weights(model, 39)
    model.save_weights(os.path.join(d, "m.weights.h5"))
    with open(os.path.join(d, "want.json"), "w") as f:
        json.dump([np.asarray(t).tolist() for t in model(XS[:2])], f)


def read_subclassed_weights(tf, keras, d):
    cls = unregistered(keras)["TwoHeads"]
    fresh = cls(name="two")
    out = {"unbuilt": errors(lambda: fresh.load_weights(os.path.join(d, "m.weights.h5")), d)}
    fresh(XS[:1])
    fresh.load_weights(os.path.join(d, "m.weights.h5"))
    with open(os.path.join(d, "want.json")) as f:
        want = json.load(f)
    out["outputs"] = outcome(lambda: fresh(XS[:2]))
    out["same"] = bool(np.allclose([np.asarray(t) for t in fresh(XS[:2])][0], want[0],
                                   atol=1e-6))
    out["weights"] = values(fresh.weights)
    out["save_h5"] = errors(lambda: fresh.save(os.path.join(d, "whole.h5")), d)
    out["save_keras"] = errors(lambda: fresh.save(os.path.join(d, "whole.keras")), d)
    return out


def write_wrappers(tf, keras, d):
    inp = keras.Input((4, 6, 6, 1), name="frames")
    h = keras.layers.TimeDistributed(keras.layers.Conv2D(2, 3, name="conv"), name="tconv")(inp)
    h = keras.layers.TimeDistributed(keras.layers.GlobalMaxPooling2D(), name="tpool")(h)
    fwd = keras.layers.SimpleRNN(3, return_sequences=True, name="fwd")
    back = keras.layers.GRU(3, return_sequences=True, go_backwards=True, name="back")
    h = keras.layers.Bidirectional(fwd, backward_layer=back, merge_mode="mul", name="bi")(h)
    model = keras.Model(inp, keras.layers.TimeDistributed(keras.layers.Dense(1, name="one"),
                                                                name="td")(h))
    set_weights(model, 40)
    model.save(os.path.join(d, "m.keras"))
    model.save(os.path.join(d, "m.h5"))


FRAMES = np.linspace(-1, 1, 2 * 4 * 6 * 6, dtype="float32").reshape(2, 4, 6, 6, 1)


def read_wrappers(tf, keras, d):
    out = {}
    for name in ("m.keras", "m.h5"):
        m = keras.models.load_model(os.path.join(d, name))
        bi = m.get_layer("bi")
        out[name] = {"predict": outcome(lambda: m.predict(FRAMES, verbose=0)),
                     "paths": [w.path for w in m.weights],
                     "backward": [type(bi.backward_layer).__name__, bi.backward_layer.name,
                                  bi.merge_mode]}
    return out


def write_bidirectional_none(tf, keras, d):
    inp = keras.Input((5, 3), name="seq")
    outs = keras.layers.Bidirectional(keras.layers.LSTM(2, return_state=True, name="l"),
                                      merge_mode=None, name="bi")(inp)
    model = keras.Model(inp, outs)
    set_weights(model, 41)
    model.save(os.path.join(d, "m.keras"))
    model.save_weights(os.path.join(d, "m.weights.h5"))


def read_bidirectional_none(tf, keras, d):
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    return {"n_outputs": len(m.outputs),
            "predict": outcome(lambda: m.predict(SEQ4[:, :, :3], verbose=0)),
            "names": _names(os.path.join(d, "m.weights.h5"))}


def attention_layers_model(keras):
    q = keras.Input((4, 3), name="q")
    v = keras.Input((5, 3), name="v")
    dot = keras.layers.Attention(use_scale=True, score_mode="concat", name="att")
    add = keras.layers.AdditiveAttention(use_scale=True, name="add")
    mha = keras.layers.MultiHeadAttention(2, 2, value_dim=3, attention_axes=(1,),
                                          output_shape=4, name="mha")
    a = dot([q, v])
    b = add([q, v])
    c, scores = mha(q, v, return_attention_scores=True)
    causal = keras.layers.MultiHeadAttention(1, 2, name="causal")(q, q, use_causal_mask=True)
    model = keras.Model([q, v], [keras.layers.Concatenate(name="cat")([a, b, c, causal]),
                                 scores])
    set_weights(model, 42)
    return model


Q = np.linspace(-1, 1, 2 * 4 * 3, dtype="float32").reshape(2, 4, 3)
V = np.linspace(1, -1, 2 * 5 * 3, dtype="float32").reshape(2, 5, 3)


def write_attention_layers(tf, keras, d):
    model = attention_layers_model(keras)
    model.save(os.path.join(d, "m.keras"))
    model.save_weights(os.path.join(d, "m.weights.h5"))


def read_attention_layers(tf, keras, d):
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    fresh = attention_layers_model(keras)
    fresh.load_weights(os.path.join(d, "m.weights.h5"))
    return {"loaded": outcome(lambda: m.predict([Q, V], verbose=0)),
            "fresh": outcome(lambda: fresh([Q, V])),
            "paths": [w.path for w in m.weights],
            "att": {k: v for k, v in m.get_layer("att").get_config().items()
                    if k in ("use_scale", "score_mode", "dropout")}}


def batchnorm_model(keras, trainable=True):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name="d"),
                              keras.layers.BatchNormalization(momentum=0.5, name="bn"),
                              keras.layers.Dense(1, name="o")], name="bnm")
    set_weights(model, 43)
    model.get_layer("bn").trainable = trainable
    return model


def write_batchnorm_stats(tf, keras, d):
    model = batchnorm_model(keras)
    model.compile(keras.optimizers.SGD(0.05), "mse")
    fit_history(model, XS * 3 + 1, YS[:, :1], epochs=2)
    model.save(os.path.join(d, "m.keras"))
    model.save_weights(os.path.join(d, "m.weights.h5"))
    tf.train.Checkpoint(model=model).write(os.path.join(d, "ck"))
    model.get_layer("bn").trainable = False
    model.save(os.path.join(d, "frozen.keras"))


def read_batchnorm_stats(tf, keras, d):
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    bn = m.get_layer("bn")
    x = XS[:4] * 2
    out = {"moving": values(bn.non_trainable_weights),
           "inference": outcome(lambda: m(x, training=False)),
           "training": outcome(lambda: m(x, training=True)),
           "moved": values(bn.non_trainable_weights)}
    fresh = batchnorm_model(keras)
    fresh.load_weights(os.path.join(d, "m.weights.h5"))
    out["weights_file"] = values(fresh.get_layer("bn").weights)
    ck = batchnorm_model(keras)
    # (the checkpoint holds the compiled model's optimizer too, which `ck` has not)
    status = tf.train.Checkpoint(model=ck).read(os.path.join(d, "ck"))
    out["unconsumed"] = errors(lambda: status.assert_consumed(), d)
    status.assert_existing_objects_matched()
    out["checkpoint"] = values(ck.get_layer("bn").weights)
    frozen = keras.models.load_model(os.path.join(d, "frozen.keras"))
    out["frozen"] = [frozen.get_layer("bn").trainable, len(frozen.trainable_weights),
                     outcome(lambda: frozen(x, training=True))]
    return out


CASES = {
    "nested_config_keras": (write_nested_config_keras, read_nested_config_keras),
    "custom_objects_keras": (write_custom_objects_keras, read_custom_objects_keras),
    "registered_loss_keras": (write_registered_loss_keras, read_registered_loss_keras),
    "code_in_config": (write_code_in_config, read_code_in_config),
    "lambda_variants": (write_lambda_variants, read_lambda_variants),
    "truncated_files": (write_truncated_files, read_truncated_files),
    "damaged_saved_model": (write_damaged_saved_model, read_damaged_saved_model),
    "damaged_checkpoint": (write_damaged_checkpoint, read_damaged_checkpoint),
    "missing_fields": (write_missing_fields, read_missing_fields),
    "sequential_deferred": (write_sequential_deferred, read_sequential_deferred),
    "dict_io_keras": (write_dict_io_keras, read_dict_io_keras),
    "nested_models": (write_nested_models, read_nested_models),
    "subclassed_weights": (write_subclassed_weights, read_subclassed_weights),
    "wrappers": (write_wrappers, read_wrappers),
    "bidirectional_none": (write_bidirectional_none, read_bidirectional_none),
    "attention_layers": (write_attention_layers, read_attention_layers),
    "batchnorm_stats": (write_batchnorm_stats, read_batchnorm_stats),
}

# the cases whose files TF 2.21 wrote are kept in golden/file_cases_keras/NAME (recorded
# with the golden JSON), so eagerflow reads TF's own files without TF installed
TF_FILES = ("custom_objects_keras", "dict_io_keras", "function_defaults",
            "nested_config_keras", "optimizer_load_weights", "signature_outputs",
            "unknown_dims")


def all_cases() -> dict:
    """This module's cases and file_cases_keras_state.py's (test_file_cases_keras.py's)."""
    from tests.interop import file_cases_keras_state

    return {**CASES, **file_cases_keras_state.CASES}
