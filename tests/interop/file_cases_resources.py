"""SavedModels and `.keras` files of kinds the other file_cases*.py leave out, as
file_cases_kinds.py's cases (write, read): a tf.Module holding a custom
tf.saved_model.experimental.TrackableResource (a hash table made and filled by its own
functions, which the loader runs again); image augmentation layers (RandomFlip,
RandomRotation, RandomContrast, GaussianNoise with their seeds) in `.keras` files and
model.export; a model under the mixed_bfloat16 policy; a keras.layers.Pipeline of
preprocessing layers; functions returning tf.experimental.Optional values. file_cases_kinds.py
adds them to its CASES (golden/file_cases_kinds.json holds TF 2.21's reads of its own files,
the files TF wrote are kept in golden/file_cases_kinds/); test_file_cases_resources.py checks
them. Builders take the `tf` and `keras` modules; this module imports neither."""

from __future__ import annotations

import os
import shutil

import numpy as np

from tests.interop.file_cases import errors, values
from tests.saved_model.user_model_cases import encode, outcome, signature_facts

HERE = os.path.dirname(os.path.abspath(__file__))
IMG = np.linspace(0, 1, 2 * 6 * 6 * 3, dtype="float32").reshape(2, 6, 6, 3)


def path(d: str, name: str) -> str:
    return os.path.join(d, name)


def set_all(model, seed: int) -> None:
    rng = np.random.RandomState(seed)
    for w in model.weights:
        if "float" in str(w.dtype):
            w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype(str(w.dtype)))


def rounded(x, n=4):
    return np.round(np.asarray(x, "float64"), n).tolist()


# --- a custom TrackableResource ------------------------------------------------------------

def _resource_module(tf):
    class Table(tf.saved_model.experimental.TrackableResource):
        """A string -> int64 hash table its own functions make and fill (made and filled
        eagerly here; the loader runs both functions again)."""

        def __init__(self):
            super().__init__()
            self._initialize()

        def _create_resource(self):
            return tf.raw_ops.MutableHashTableV2(key_dtype=tf.string, value_dtype=tf.int64)

        def _initialize(self):
            return tf.raw_ops.LookupTableInsertV2(
                table_handle=self.resource_handle, keys=tf.constant(["a", "b", "c"]),
                values=tf.constant([1, 2, 3], tf.int64))

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = Table()

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def lookup(self, keys):
            return tf.raw_ops.LookupTableFindV2(table_handle=self.table.resource_handle,
                                                keys=keys, default_value=tf.constant(-1, tf.int64))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string),
                                      tf.TensorSpec([None], tf.int64)])
        def insert(self, keys, vals):
            tf.raw_ops.LookupTableInsertV2(table_handle=self.table.resource_handle, keys=keys,
                                           values=vals)
            return tf.raw_ops.LookupTableSizeV2(table_handle=self.table.resource_handle)

        @tf.function(input_signature=[])
        def size(self):
            return tf.raw_ops.LookupTableSizeV2(table_handle=self.table.resource_handle)

    return M()


def write_custom_resource(tf, keras, d):
    m = _resource_module(tf)
    m.insert(tf.constant(["z"]), tf.constant([26], tf.int64))  # (not saved: tables aren't)
    tf.saved_model.save(m, path(d, "sm"), signatures={"lookup": m.lookup, "size": m.size})


def read_custom_resource(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    keys = tf.constant(["a", "c", "z", "q"])
    out = {"kind": type(m.table).__name__ if hasattr(m, "table") else None,
           "handle": outcome(lambda: m.table.resource_handle.dtype.name),
           "lookup": outcome(lambda: m.lookup(keys)),
           "size": outcome(lambda: m.size()),
           "inserted": outcome(lambda: m.insert(tf.constant(["q"]), tf.constant([7], tf.int64))),
           "after": outcome(lambda: m.lookup(keys)),
           "signatures": signature_facts(m, tf),
           "sig_lookup": outcome(lambda: m.signatures["lookup"](keys=tf.constant(["b", "x"]))),
           "bad_dtype": errors(lambda: m.lookup(tf.constant([1, 2])), d)}
    return out


def _resave(tf, src, d):
    """Loads the SavedModel `src`, saves it again as d/sm, and that one again as d/sm2."""
    tf.saved_model.save(tf.saved_model.load(src), path(d, "sm"))
    tf.saved_model.save(tf.saved_model.load(path(d, "sm")), path(d, "sm2"))


def write_resave_resource(tf, keras, d):
    # a loaded custom resource saved again (TF's re-save wraps the restored creator's
    # call in a function of its own), twice
    write_custom_resource(tf, keras, path(d, "first"))
    _resave(tf, path(d, "first/sm"), d)
    shutil.rmtree(path(d, "first"))


def write_resave_tf_resource(tf, keras, d):
    # the SavedModel TF wrote of custom_resource (kept), as each framework saves it again
    _resave(tf, path(HERE, "golden/file_cases_kinds/custom_resource/sm"), d)


def _table_facts(tf, m):
    keys = tf.constant(["a", "c", "z", "q"])
    return {"kind": type(m.table).__name__ if hasattr(m, "table") else None,
            "lookup": outcome(lambda: m.lookup(keys)),
            "size": outcome(lambda: m.size()),
            "inserted": outcome(lambda: m.insert(tf.constant(["q"]), tf.constant([7], tf.int64))),
            "after": outcome(lambda: m.lookup(keys)),
            "signatures": signature_facts(m, tf)}


def read_resave_resource(tf, keras, d):
    out = _table_facts(tf, tf.saved_model.load(path(d, "sm")))
    out["again"] = _table_facts(tf, tf.saved_model.load(path(d, "sm2")))
    return out


def _traced_module(tf):
    class Table(tf.saved_model.experimental.TrackableResource):
        """A table whose handle is first made while a tf.function traces (TF makes it in
        that graph: each call of that trace makes a table of its own)."""

        def _create_resource(self):
            return tf.raw_ops.MutableHashTableV2(key_dtype=tf.string, value_dtype=tf.int64)

        def _initialize(self):
            return tf.raw_ops.LookupTableInsertV2(
                table_handle=self.resource_handle, keys=tf.constant(["a", "b"]),
                values=tf.constant([1, 2], tf.int64))

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = Table()

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def lookup(self, keys):
            return tf.raw_ops.LookupTableFindV2(table_handle=self.table.resource_handle,
                                                keys=keys, default_value=tf.constant(-1, tf.int64))

    return M()


def write_traced_resource(tf, keras, d):
    # the handle made by a call's trace (that call sees a new, empty table), then by the
    # save's own trace of the function
    called = _traced_module(tf)
    np.save(path(d, "called.npy"), called.lookup(tf.constant(["a", "q"])).numpy())
    tf.saved_model.save(called, path(d, "called"))
    tf.saved_model.save(_traced_module(tf), path(d, "saved"))


def read_traced_resource(tf, keras, d):
    out = {"called_before": np.load(path(d, "called.npy")).tolist()}
    keys = tf.constant(["a", "b", "q"])
    for name in ("called", "saved"):
        m = tf.saved_model.load(path(d, name))
        out.update({f"{name}_kind": type(m.table).__name__ if hasattr(m, "table") else None,
                    f"{name}_lookup": outcome(lambda: m.lookup(keys)),
                    f"{name}_again": outcome(lambda: m.lookup(keys)),
                    f"{name}_signatures": signature_facts(m, tf),
                    f"{name}_serve": outcome(
                        lambda: m.signatures["serving_default"](keys=keys))})
    return out


# --- image augmentation layers -------------------------------------------------------------

def _augment_model(keras):
    return keras.Sequential([
        keras.Input((6, 6, 3), name="img"),
        keras.layers.RandomFlip("horizontal", seed=1, name="flip"),
        keras.layers.RandomRotation(0.1, fill_mode="constant", seed=2, name="rotate"),
        keras.layers.RandomContrast(0.2, seed=3, name="contrast"),
        keras.layers.GaussianNoise(0.1, seed=4, name="noise"),
        keras.layers.Conv2D(2, 3, name="conv"),
        keras.layers.GlobalAveragePooling2D(name="pool"),
        keras.layers.Dense(2, name="out")], name="augment")


_AUGMENT_KEYS = ("mode", "factor", "fill_mode", "interpolation", "value_range", "stddev",
                 "seed", "fill_value")


def _augment_facts(model) -> dict:
    layers = []
    for layer in model.layers:
        cfg = layer.get_config()
        layers.append([type(layer).__name__, layer.name,
                       {k: encode(cfg[k]) for k in _AUGMENT_KEYS if k in cfg}])
    return {"layers": layers,
            "weights": sorted([w.path, list(w.shape), str(w.dtype)] for w in model.weights),
            "trainable": sorted(w.path for w in model.trainable_weights)}


def write_augment_keras(tf, keras, d):
    model = _augment_model(keras)
    set_all(model, 8)
    model.save(path(d, "m.keras"))


def read_augment_keras(tf, keras, d):
    model = keras.saving.load_model(path(d, "m.keras"))
    return {**_augment_facts(model),
            "values": [[p, rounded(v["tensor"]) if "tensor" in v else v, dt, tr]
                       for p, v, dt, tr in values(model.trainable_weights)],
            "predict": rounded(model.predict(IMG, verbose=0)),
            "call": outcome(lambda: rounded(model(IMG, training=False)))}


def write_augment_export(tf, keras, d):
    model = _augment_model(keras)
    set_all(model, 8)
    model.export(path(d, "sm"), verbose=False)


def read_augment_export(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant(IMG)

    def served():  # (the augmentation layers augment: two calls differ, as TF's)
        a, b = np.asarray(m.serve(x)), np.asarray(m.serve(x))
        return [list(a.shape), str(a.dtype), bool(not np.allclose(a, b))]

    return {"serve": outcome(served),
            "unaugmented": outcome(lambda: rounded(m.serve(tf.zeros([1, 6, 6, 3])))),
            "signatures": signature_facts(m, tf),
            "n_vars": len(m.variables), "n_trainable": len(m.trainable_variables)}


# --- mixed_bfloat16 ------------------------------------------------------------------------

def write_bfloat16_keras(tf, keras, d):
    keras.config.set_dtype_policy("mixed_bfloat16")
    try:
        inp = keras.Input((3,), name="x")
        h = keras.layers.Dense(4, activation="relu", name="h")(inp)
        out = keras.layers.Dense(2, dtype="float32", name="y")(h)
        model = keras.Model(inp, out)
    finally:
        keras.config.set_dtype_policy("float32")
    set_all(model, 3)
    model.compile(optimizer="adam", loss="mse")
    model.save(path(d, "m.keras"))
    model.export(path(d, "sm"), verbose=False)


def read_bfloat16_keras(tf, keras, d):
    x = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], "float32")
    model = keras.saving.load_model(path(d, "m.keras"))
    sm = tf.saved_model.load(path(d, "sm"))
    return {"policies": [[layer.name, layer.dtype_policy.name, str(layer.compute_dtype),
                          str(layer.variable_dtype)] for layer in model.layers],
            "global_policy": keras.config.dtype_policy().name,
            "weights": sorted([w.path, str(w.dtype)] for w in model.weights),
            "hidden": outcome(lambda: model.get_layer("h")(x)),
            "predict": rounded(model.predict(x, verbose=0), 3),
            "optimizer": type(model.optimizer).__name__,
            "serve": outcome(lambda: sm.serve(tf.constant(x))),
            "signatures": signature_facts(sm, tf)}


# --- keras.layers.Pipeline -----------------------------------------------------------------

def write_pipeline_keras(tf, keras, d):
    pipe = keras.layers.Pipeline([
        keras.layers.Rescaling(0.5, offset=1.0, name="scale"),
        keras.layers.Normalization(mean=[1.0, 2.0], variance=[4.0, 1.0], name="norm")],
        name="pipe")
    inp = keras.Input((2,), name="x")
    model = keras.Model(inp, keras.layers.Dense(1, name="y")(pipe(inp)))
    set_all(model, 5)
    model.save(path(d, "m.keras"))


def read_pipeline_keras(tf, keras, d):
    x = np.array([[2.0, 4.0], [0.0, -2.0]], "float32")
    model = keras.saving.load_model(path(d, "m.keras"))
    pipe = model.get_layer("pipe")
    return {"class": type(pipe).__name__,
            "inner": [[type(layer).__name__, layer.name] for layer in pipe.layers],
            "pipe": outcome(lambda: pipe(x)),
            "predict": rounded(model.predict(x, verbose=0)),
            "weights": sorted([w.path, list(w.shape)] for w in model.weights),
            "config": [sorted(layer["config"]) for layer in pipe.get_config()["layers"]]}


# --- tf.experimental.Optional results ------------------------------------------------------

def write_optional_outputs(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def maybe(self, x):
            return tf.cond(tf.size(x) > 0,
                           lambda: tf.experimental.Optional.from_value(x * 2.0),
                           lambda: tf.experimental.Optional.empty(
                               tf.TensorSpec([None], tf.float32)))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def unwrap(self, x):
            opt = self.maybe(x)
            return tf.cond(opt.has_value(), opt.get_value, lambda: tf.constant([-1.0]))

    m = M()
    tf.saved_model.save(m, path(d, "sm"), signatures={"unwrap": m.unwrap})


def read_optional_outputs(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    some, none = tf.constant([1.5, 2.0]), tf.constant([], tf.float32)

    def opened(opt):
        return [bool(opt.has_value()), encode(opt.get_value()) if opt.has_value() else None,
                type(opt.element_spec).__name__]

    return {"some": outcome(lambda: opened(m.maybe(some))),
            "none": outcome(lambda: opened(m.maybe(none))),
            "unwrap_some": outcome(lambda: m.unwrap(some)),
            "unwrap_none": outcome(lambda: m.unwrap(none)),
            "bad_shape": errors(lambda: m.maybe(tf.constant([[1.0]])), d),
            "outputs": outcome(lambda: m.maybe.concrete_functions[0].structured_outputs),
            "signatures": signature_facts(m, tf),
            "sig_unwrap": outcome(lambda: m.signatures["unwrap"](x=some))}


RESOURCE_CASES = {
    "custom_resource": (write_custom_resource, read_custom_resource),
    "resave_resource": (write_resave_resource, read_resave_resource),
    "resave_tf_resource": (write_resave_tf_resource, read_resave_resource),
    "traced_resource": (write_traced_resource, read_traced_resource),
    "augment_keras": (write_augment_keras, read_augment_keras),
    "augment_export": (write_augment_export, read_augment_export),
    "bfloat16_keras": (write_bfloat16_keras, read_bfloat16_keras),
    "pipeline_keras": (write_pipeline_keras, read_pipeline_keras),
    "optional_outputs": (write_optional_outputs, read_optional_outputs),
}
RESOURCE_TF_FILES = tuple(RESOURCE_CASES)

__all__ = ["RESOURCE_CASES", "RESOURCE_TF_FILES"]
