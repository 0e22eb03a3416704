"""Training state in files, in kinds the other file_cases*.py leave out, as
file_cases_kinds.py's cases (write, read): tf.train.Checkpoints of mutable and dense hash
tables, of objects under dict keys that checkpoint keys escape ("/", ".", spaces), of three
Keras optimizers' slots read back with tf.train.load_checkpoint and list_variables and
restored into optimizers not yet built; Keras models with a custom train_step saved by
tf.saved_model.save and as `.keras`; `.keras` files of lookup, hashing, character
TextVectorization and given-statistics Normalization layers; a Lambda inside a nested
model (safe_mode). file_cases_kinds.py adds them to its CASES (golden/file_cases_kinds.json
holds TF 2.21's reads of its own files, the files TF wrote are kept in
golden/file_cases_kinds/); test_file_cases_training.py checks them. Builders take the `tf`
and `keras` modules; this module imports neither."""

from __future__ import annotations

import os
import re

import numpy as np

from tests.interop.file_cases import XS, YS, errors, fit_history
from tests.saved_model.user_model_cases import outcome, signature_facts


def path(d: str, name: str) -> str:
    return os.path.join(d, name)


def rounded(x, n=5):
    return np.round(np.asarray(x, "float64"), n).tolist()


def _reader_facts(tf, prefix: str) -> dict:
    """What tf.train.load_checkpoint and list_variables show of a checkpoint (the object
    graph's own entry left out of the values: its bytes are a serialized proto)."""
    reader = tf.train.load_checkpoint(prefix)
    dtypes = reader.get_variable_to_dtype_map()
    shapes = reader.get_variable_to_shape_map()
    keys = sorted(k for k in shapes if k != "_CHECKPOINTABLE_OBJECT_GRAPH")
    return {"list": sorted([k, s] for k, s in tf.train.list_variables(prefix)),
            "dtypes": {k: dtypes[k].name for k in keys},
            "shapes": {k: list(shapes[k]) for k in keys},
            "has_graph": reader.has_tensor("_CHECKPOINTABLE_OBJECT_GRAPH")}


def _values(reader, keys) -> dict:
    """The tensors of `keys`, a string tensor's entries sorted (a hash table's order is
    its own)."""
    out = {}
    for k in keys:
        v = np.asarray(reader.get_tensor(k))
        out[k] = sorted(x.decode() for x in v.ravel()) if v.dtype == object else \
            sorted(v.ravel().tolist()) if "table" in k else rounded(v)
    return out


def _unnumbered(name: str) -> str:
    """A Keras variable path less the count Keras gives a process's second optimizer of a
    class (sgd_1/iteration)."""
    return re.sub(r"^(\w+?)_\d+/", r"\1/", name)


# --- checkpoints ---------------------------------------------------------------------------

def _tables(tf):
    words = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
    vectors = tf.lookup.experimental.MutableHashTable(tf.string, tf.float32,
                                                      default_value=[0.0, 0.0])
    dense = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, default_value=-1.0,
                                                  empty_key=-1, deleted_key=-2,
                                                  initial_num_buckets=4)
    return words, vectors, dense


def write_table_checkpoint(tf, keras, d):
    words, vectors, dense = _tables(tf)
    words.insert(tf.constant(["b", "a", "c"]), tf.constant([2, 1, 3], tf.int64))
    words.remove(tf.constant(["c"]))
    vectors.insert(tf.constant(["x", "y"]), tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    dense.insert(tf.constant([5, 7, 9], tf.int64), tf.constant([0.5, 0.7, 0.9]))
    dense.erase(tf.constant([7], tf.int64))
    tf.train.Checkpoint(words=words, vectors=vectors, dense=dense).write(path(d, "ck"))


def read_table_checkpoint(tf, keras, d):
    prefix = path(d, "ck")
    words, vectors, dense = _tables(tf)
    status = tf.train.Checkpoint(words=words, vectors=vectors, dense=dense).read(prefix)
    reader = tf.train.load_checkpoint(prefix)
    return {"reader": _reader_facts(tf, prefix),
            "table_keys": _values(reader, ["words/.ATTRIBUTES/table-keys",
                                           "words/.ATTRIBUTES/table-values",
                                           "vectors/.ATTRIBUTES/table-keys"]),
            "consumed": outcome(lambda: status.assert_consumed() is status),
            "words": outcome(lambda: words.lookup(tf.constant(["a", "b", "c"]))),
            "vectors": outcome(lambda: vectors.lookup(tf.constant(["y", "z"]))),
            "dense": outcome(lambda: dense.lookup(tf.constant([5, 7, 9, 11], tf.int64))),
            "sizes": outcome(lambda: [words.size(), vectors.size(), dense.size()]),
            "other_dtype": errors(lambda: tf.train.Checkpoint(
                words=tf.lookup.experimental.MutableHashTable(tf.string, tf.float32, -1.0))
                .read(prefix).expect_partial(), d)}


def _module(tf):
    class Inner(tf.Module):
        def __init__(self):
            super().__init__()
            self.bias = tf.Variable([0.5, -0.5], name="bias")

    return Inner


def _escaped_objects(tf, scale: float):
    inner = _module(tf)()
    inner.bias.assign(np.array([0.5, -0.5], "float32") * scale)
    weights = {"a/b": tf.Variable(1.0 * scale), "c.d": tf.Variable([2.0 * scale, 3.0]),
               "with space": tf.Variable(4 * int(scale), dtype=tf.int64),
               "..": tf.Variable(5.0 * scale)}
    listed = [tf.Variable(6.0 * scale), tf.Variable([[7.0 * scale]])]
    return {"weights": weights, "listed": listed, "inner": inner}


def write_escaped_keys(tf, keras, d):
    tf.train.Checkpoint(**_escaped_objects(tf, 2.0)).write(path(d, "ck"))


def read_escaped_keys(tf, keras, d):
    prefix = path(d, "ck")
    objects = _escaped_objects(tf, 1.0)
    status = tf.train.Checkpoint(**objects).read(prefix)
    reader = tf.train.load_checkpoint(prefix)
    return {"reader": _reader_facts(tf, prefix),
            "consumed": outcome(lambda: status.assert_consumed() is status),
            "missing_key": errors(lambda: reader.get_tensor("weights/a/b"), d),
            "no_checkpoint": errors(lambda: tf.train.load_checkpoint(d), d),
            "extra_object": errors(lambda: tf.train.Checkpoint(
                **objects, more=tf.Variable(1.0)).read(prefix).assert_consumed(), d),
            "matched": outcome(lambda: tf.train.Checkpoint(
                **objects, more=tf.Variable(1.0)).read(prefix)
                .assert_existing_objects_matched() is not None),
            "weights": {k: outcome(lambda v=v: v) for k, v in objects["weights"].items()},
            "listed": outcome(lambda: list(objects["listed"])),
            "inner": outcome(lambda: objects["inner"].bias)}


def _optimizers(keras):
    return {"sgd": keras.optimizers.SGD(0.1, momentum=0.9),
            "rms": keras.optimizers.RMSprop(0.01, centered=True, momentum=0.5),
            "adagrad": keras.optimizers.Adagrad(0.1)}


def _small_models(keras):
    out = {}
    for i, name in enumerate(("sgd", "rms", "adagrad")):
        m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")],
                             name=f"m_{name}")
        m.layers[0].kernel.assign(np.linspace(-1, 1, 6, dtype="float32").reshape(3, 2) + i)
        out[name] = m
    return out


def write_optimizer_slots(tf, keras, d):
    models, opts = _small_models(keras), _optimizers(keras)
    x = tf.constant(XS[:4])
    for name, m in models.items():
        for _ in range(2):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(m(x)))
            grads = tape.gradient(loss, m.trainable_variables)
            opts[name].apply_gradients(zip(grads, m.trainable_variables))
    tf.train.Checkpoint(models=models, optimizers=opts).write(path(d, "ck"))


def read_optimizer_slots(tf, keras, d):
    prefix = path(d, "ck")
    models, opts = _small_models(keras), _optimizers(keras)
    # (the optimizers not built: their variables restored when built, as TF defers them)
    status = tf.train.Checkpoint(models=models, optimizers=opts).read(prefix)
    reader = tf.train.load_checkpoint(prefix)
    slot_keys = sorted(k for k in reader.get_variable_to_shape_map()
                       if k.startswith("optimizers/"))
    before = {k: int(o.iterations.numpy()) for k, o in opts.items()}
    for name, o in opts.items():
        o.build(models[name].trainable_variables)
    return {"reader": _reader_facts(tf, prefix),
            "slot_values": _values(reader, slot_keys),
            "iterations_before_build": before,
            "built": {k: [[_unnumbered(v.path), rounded(v.numpy(), 4)] for v in o.variables]
                      for k, o in opts.items()},
            "consumed": outcome(lambda: status.assert_consumed() is status),
            "kernels": {k: rounded(m.layers[0].kernel.numpy(), 4) for k, m in models.items()},
            "other_class": _unnumbered_error(errors(
                lambda: _other_class_restore(tf, keras, prefix), d))}


def _unnumbered_error(out):
    if isinstance(out, dict) and "message" in out:  # (adam_1/...: a process's second Adam)
        out["message"] = re.sub(r"\badam_\d+/", "adam/", out["message"])
    return out


def _other_class_restore(tf, keras, prefix):
    """An Adam (built) restoring what an SGD saved: TF's assert_consumed names what is
    left unrestored."""
    models = _small_models(keras)
    opt = keras.optimizers.Adam(0.1)
    opt.build(models["sgd"].trainable_variables)
    status = tf.train.Checkpoint(models=models, optimizers={"sgd": opt}).read(prefix)
    status.assert_existing_objects_matched()
    return [[_unnumbered(v.path), rounded(v.numpy(), 4)] for v in opt.variables]


def _sharded_objects(tf, scale: float):
    return {f"v{i}": tf.Variable(tf.fill([64], float(i) * scale)) for i in range(4)}


def write_sharded_checkpoint(tf, keras, d):
    ck = tf.train.Checkpoint(**_sharded_objects(tf, 2.0))
    policy = tf.train.experimental.MaxShardSizePolicy(max_shard_size=600)
    ck.write(path(d, "shards/ck"),
             options=tf.train.CheckpointOptions(experimental_sharding_callback=policy))
    ck.save(path(d, "async/ck"), options=tf.train.CheckpointOptions(enable_async=True))
    ck.sync()


def read_sharded_checkpoint(tf, keras, d):
    out = {"files": {k: sorted(os.listdir(path(d, k))) for k in ("shards", "async")},
           "latest": outcome(lambda: os.path.basename(tf.train.latest_checkpoint(
               path(d, "async"))))}
    for key, prefix in (("shards", path(d, "shards/ck")), ("async", path(d, "async/ck-1"))):
        objects = _sharded_objects(tf, 1.0)
        status = tf.train.Checkpoint(**objects).read(prefix)
        out[key] = {"reader": _reader_facts(tf, prefix),
                    "consumed": outcome(lambda: status.assert_consumed() is status),
                    "values": {k: float(v.numpy()[0]) for k, v in objects.items()}}
    return out


# --- Keras models with a custom train_step -------------------------------------------------

_CLASSES: dict = {}


def _trainer_class(tf, keras):
    """A Model subclass whose train_step is its own (a tape, a loss tracker), registered
    once per framework."""
    if keras.__name__ in _CLASSES:
        return _CLASSES[keras.__name__]

    @keras.saving.register_keras_serializable(package="probe5")
    class Trainer(keras.Model):
        def __init__(self, units=2, **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self.hidden = keras.layers.Dense(4, activation="tanh", name="hidden")
            self.out = keras.layers.Dense(units, name="out")
            self.loss_tracker = keras.metrics.Mean(name="loss")

        def call(self, x):
            return self.out(self.hidden(x))

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            self.loss_tracker.update_state(loss)
            return {"loss": self.loss_tracker.result()}

        @property
        def metrics(self):
            return [self.loss_tracker]

        def get_config(self):
            return {**super().get_config(), "units": self.units}

    _CLASSES[keras.__name__] = Trainer
    return Trainer


def _set_all(model, seed):
    rng = np.random.RandomState(seed)
    for w in model.weights:
        if "float" in str(w.dtype) and len(w.shape):
            w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype(str(w.dtype)))


def _trained(tf, keras):
    model = _trainer_class(tf, keras)(name="trainer")
    model(tf.constant(XS[:1]))
    _set_all(model, 21)
    model.compile(optimizer=keras.optimizers.SGD(0.1))
    history = fit_history(model, XS, YS, epochs=2)
    return model, history


def write_train_step_saved(tf, keras, d):
    model, _ = _trained(tf, keras)
    tf.saved_model.save(model, path(d, "sm"))


def read_train_step_saved(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    public = {k: sorted(a for a in dir(o) if not a.startswith("_"))
              for k, o in (("root", m), ("hidden", m.hidden), ("optimizer", m.optimizer))}
    return {"signatures": signature_facts(m, tf),
            "serve": outcome(lambda: np.round(m.signatures["serving_default"](
                tf.constant(XS[:1]))["output_0"].numpy(), 4)),
            "serve_batch": errors(lambda: m.signatures["serving_default"](tf.constant(XS[:2])),
                                  d),
            "public": public,
            "bias": outcome(lambda: np.round(m.hidden.bias.numpy(), 4)),
            "momentums": outcome(lambda: [[list(v.shape), rounded(v.numpy(), 4)]
                                          for v in m.optimizer.momentums]),
            "call_parameters": outcome(lambda: list(m.call_signature_parameters)),
            "keras_refuses": errors(lambda: keras.models.load_model(path(d, "sm")), d)}


def write_train_step_keras(tf, keras, d):
    model, _ = _trained(tf, keras)
    model.save(path(d, "m.keras"))


def read_train_step_keras(tf, keras, d):
    _trainer_class(tf, keras)
    m = keras.models.load_model(path(d, "m.keras"))
    return {"class": type(m).__name__, "units": m.units,
            "predict": outcome(lambda: np.round(m.predict(XS[:3], verbose=0), 4)),
            "optimizer": [type(m.optimizer).__name__,
                          outcome(lambda: int(m.optimizer.iterations.numpy()))],
            "metrics": [mt.name for mt in m.metrics],
            "more": outcome(lambda: np.round(fit_history(m, XS, YS, epochs=2)["loss"], 4))}


# --- preprocessing layers' state in .keras files ------------------------------------------

def _preprocessing(tf, keras):
    words = keras.Input((3,), dtype="string", name="words")
    ids = keras.Input((2,), dtype="int64", name="ids")
    text = keras.Input((1,), dtype="string", name="text")
    nums = keras.Input((2,), name="nums")
    counts = keras.layers.StringLookup(vocabulary=["a", "b", "c"], num_oov_indices=2,
                                       mask_token="", output_mode="count", name="counts")(words)
    hot = keras.layers.IntegerLookup(vocabulary=[10, 20, 30], vocabulary_dtype="int64",
                                     output_mode="multi_hot", name="hot")(ids)
    hashed = keras.layers.Hashing(num_bins=5, salt=7, name="hashed")(words)
    chars = keras.layers.TextVectorization(split="character", output_sequence_length=6,
                                           standardize="lower", name="chars")
    chars.adapt(["Abc", "bcd", "xyz"])
    norm = keras.layers.Normalization(mean=[1.0, -1.0], variance=[4.0, 0.25], name="norm")
    back = keras.layers.Normalization(invert=True, name="back")
    back.adapt(np.array([[0.0, 2.0], [2.0, 6.0], [4.0, 4.0]], "float32"))
    outs = {"counts": counts, "hot": hot, "hashed": hashed, "chars": chars(text),
            "norm": norm(nums), "back": back(nums)}
    return keras.Model({"words": words, "ids": ids, "text": text, "nums": nums}, outs,
                       name="pre")


def _pre_inputs(tf):
    return {"words": tf.constant([["a", "zz", ""], ["c", "c", "q"]]),
            "ids": tf.constant([[20, 99], [10, 10]], tf.int64),
            "text": tf.constant([["aBz"], ["dcbaxyzq"]]),
            "nums": tf.constant([[1.0, 0.0], [3.0, -1.5]])}


def write_preprocessing_state(tf, keras, d):
    _preprocessing(tf, keras).save(path(d, "m.keras"))


def read_preprocessing_state(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    out = outcome(lambda: {k: (np.round(v, 4) if "float" in str(v.dtype) else v)
                           for k, v in m(_pre_inputs(tf)).items()})
    return {"outputs": out,
            "vocabularies": {n: outcome(lambda n=n: m.get_layer(n).get_vocabulary())
                             for n in ("counts", "hot", "chars")},
            "configs": {n: outcome(lambda n=n: {k: v for k, v in m.get_layer(n).get_config()
                                                .items() if k in ("num_oov_indices", "mask_token",
                                                                  "output_mode", "salt",
                                                                  "num_bins", "split", "invert",
                                                                  "output_sequence_length")})
                        for n in ("counts", "hot", "hashed", "chars", "back")},
            "back_stats": outcome(lambda: [np.round(np.asarray(m.get_layer("back").mean), 4),
                                           np.round(np.asarray(m.get_layer("back").variance),
                                                    4)])}


def write_lambda_nested(tf, keras, d):
    inner_in = keras.Input((3,), name="inner_x")
    inner = keras.Model(inner_in, keras.layers.Lambda(lambda t: t * 3.0 - 1.0,
                                                      name="shift")(inner_in), name="inner")
    inp = keras.Input((3,), name="x")
    out = keras.layers.Dense(2, name="d", kernel_initializer="ones")(inner(inp))
    keras.Model(inp, out, name="outer").save(path(d, "m.keras"))


def read_lambda_nested(tf, keras, d):
    p = path(d, "m.keras")
    return {"safe": errors(lambda: keras.models.load_model(p), d),
            "unsafe": outcome(lambda: keras.models.load_model(p, safe_mode=False)(
                tf.constant(XS[:2]))),
            "compile_false": errors(lambda: keras.models.load_model(p, compile=False), d)}


TRAINING_CASES = {
    "table_checkpoint": (write_table_checkpoint, read_table_checkpoint),
    "escaped_keys": (write_escaped_keys, read_escaped_keys),
    "optimizer_slots": (write_optimizer_slots, read_optimizer_slots),
    "sharded_checkpoint": (write_sharded_checkpoint, read_sharded_checkpoint),
    "train_step_saved": (write_train_step_saved, read_train_step_saved),
    "train_step_keras": (write_train_step_keras, read_train_step_keras),
    "preprocessing_state": (write_preprocessing_state, read_preprocessing_state),
    "lambda_nested": (write_lambda_nested, read_lambda_nested),
}

# the cases whose files TF wrote are kept (each small) for eagerflow to read without TF
TRAINING_TF_FILES = tuple(TRAINING_CASES)

__all__ = ["TRAINING_CASES", "TRAINING_TF_FILES"]
