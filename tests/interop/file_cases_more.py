"""More of file_cases.py's whole-model files: what goes wrong (Lambda layers and safe_mode,
files without their variables, wrong tags, paths and suffixes, checkpoints restored before
the model is built), models reloaded through keras.layers.TFSMLayer, multi-output compiled
models with a learning-rate schedule and loss weights, SavedModel signatures of tuples and
single tensors, and the reader of a checkpoint's tensors. Cases as file_cases.py's
(write, read); imports neither framework."""

from __future__ import annotations

import os
import shutil

import numpy as np

from tests.interop.file_cases import XS, YS, errors, fit_history, set_weights, values
from tests.saved_model.user_model_cases import encode, outcome, signature_facts


def write_lambda_keras(tf, keras, d):
    inp = keras.Input((3,), name="x")
    out = keras.layers.Lambda(lambda t: t * 2.0 + 1.0, name="affine")(inp)
    keras.Model(inp, out).save(os.path.join(d, "m.keras"))


def read_lambda_keras(tf, keras, d):
    path = os.path.join(d, "m.keras")
    out = {"safe": errors(lambda: keras.models.load_model(path), d)}
    out["unsafe"] = outcome(lambda: keras.models.load_model(path, safe_mode=False)(
        tf.constant(XS[:2])))
    return out


def write_saved_model_damaged(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([1.0, 2.0])

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
        def f(self, x):
            return x * self.v

    tf.saved_model.save(M(), os.path.join(d, "ok"))
    shutil.copytree(os.path.join(d, "ok"), os.path.join(d, "no_vars"))
    shutil.rmtree(os.path.join(d, "no_vars", "variables"))
    os.makedirs(os.path.join(d, "no_pb"))
    shutil.copytree(os.path.join(d, "ok", "variables"), os.path.join(d, "no_pb", "variables"))


def _call_f(loaded, x):
    # (the loaded object held while its function runs: TF deletes the variables of one
    # that is gone, "Called a function referencing variables which have been deleted")
    return loaded.f(x)


def read_saved_model_damaged(tf, keras, d):
    j = lambda *p: os.path.join(d, *p)  # noqa: E731
    return {"no_vars": errors(lambda: tf.saved_model.load(j("no_vars")).f(
                tf.constant([1.0, 1.0])), d),
            "no_pb": errors(lambda: tf.saved_model.load(j("no_pb")), d),
            "wrong_tags": errors(lambda: tf.saved_model.load(j("ok"), tags=["train"]), d),
            "right_tags": outcome(lambda: _call_f(tf.saved_model.load(j("ok"), tags="serve"),
                                                  tf.constant([3.0, 4.0]))),
            "missing": errors(lambda: tf.saved_model.load(j("nowhere")), d),
            "contains": [tf.saved_model.contains_saved_model(j(n))
                         for n in ("ok", "no_vars", "no_pb", "nowhere")]}


def write_save_errors(tf, keras, d):
    pass


def read_save_errors(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="s")
    j = lambda *p: os.path.join(d, *p)  # noqa: E731
    return {"save_no_suffix": errors(lambda: model.save(j("model")), d),
            "save_weights_h5": errors(lambda: model.save_weights(j("w.h5")), d),
            "save_weights_ckpt": errors(lambda: model.save_weights(j("w.ckpt")), d),
            "load_weights_missing": errors(lambda: model.load_weights(j("gone.weights.h5")), d),
            "load_weights_ckpt": errors(lambda: model.load_weights(j("w.ckpt")), d),
            "restore_missing": errors(lambda: tf.train.Checkpoint(
                m=model).restore(j("nothing", "ckpt")), d),
            "list_missing": errors(lambda: tf.train.list_variables(j("nothing")), d),
            "latest_missing": outcome(lambda: tf.train.latest_checkpoint(j("nothing")))}


def small_model(keras, seed=3):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name="a"),
                              keras.layers.Dense(2, name="b")], name="small")
    set_weights(model, seed)
    return model


def write_deferred_restore(tf, keras, d):
    tf.train.Checkpoint(model=small_model(keras)).write(os.path.join(d, "ck"))


def read_deferred_restore(tf, keras, d):
    # restored into layers before they are built: the values wait for the weights
    model = keras.Sequential([keras.layers.Dense(4, name="a"), keras.layers.Dense(2, name="b")],
                             name="small")
    status = tf.train.Checkpoint(model=model).read(os.path.join(d, "ck"))
    before = errors(lambda: status.assert_consumed(), d)
    y = model(tf.constant(XS[:2]))
    return {"before": before, "after": outcome(lambda: status.assert_consumed() and None),
            "y": outcome(lambda: y), "weights": values(model.weights)}


def write_checkpoint_reader(tf, keras, d):
    model = small_model(keras)
    opt = keras.optimizers.SGD(0.1, momentum=0.9)
    opt.apply_gradients(zip([tf.ones_like(w) for w in model.trainable_variables],
                            model.trainable_variables))
    tf.train.Checkpoint(model=model, optimizer=opt, note=tf.Variable("hello")).save(
        os.path.join(d, "ck"))


def read_checkpoint_reader(tf, keras, d):
    path = tf.train.latest_checkpoint(d)
    reader = tf.train.load_checkpoint(path)
    shapes = reader.get_variable_to_shape_map()
    dtypes = reader.get_variable_to_dtype_map()
    keys = sorted(k for k in shapes if k != "_CHECKPOINTABLE_OBJECT_GRAPH")
    return {"path": os.path.basename(path),
            "keys": [[k, list(shapes[k]), dtypes[k].name] for k in keys],
            "tensors": {k: encode(reader.get_tensor(k)) for k in keys},
            "has": [reader.has_tensor(keys[0]), reader.has_tensor("nope")],
            "missing": errors(lambda: reader.get_tensor("nope"), d)}


def export_model(keras):
    inp = keras.Input((3,), name="x")
    model = keras.Model(inp, keras.layers.Dense(2, activation="softmax", name="p")(inp))
    set_weights(model, 4)
    return model


def write_tfsm_layer(tf, keras, d):
    export_model(keras).export(os.path.join(d, "export"), verbose=False)


def read_tfsm_layer(tf, keras, d):
    layer = keras.layers.TFSMLayer(os.path.join(d, "export"), call_endpoint="serve")
    inp = keras.Input((3,), name="x")
    model = keras.Model(inp, keras.layers.Dense(1, name="head")(layer(inp)))
    set_weights(model, 5)
    return {"layer": outcome(lambda: layer(tf.constant(XS[:2]))),
            "model": outcome(lambda: model(tf.constant(XS[:2]))),
            "weights": [[w.path.partition("/")[2], bool(w.trainable)] for w in layer.weights],
            "bad_endpoint": errors(lambda: keras.layers.TFSMLayer(
                os.path.join(d, "export"), call_endpoint="nope"), d)}


def multi_output_model(tf, keras):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, activation="relu", name="h")(inp)
    model = keras.Model(inp, {"reg": keras.layers.Dense(2, name="reg")(h),
                              "cls": keras.layers.Dense(3, activation="softmax", name="cls")(h)})
    set_weights(model, 6)
    schedule = keras.optimizers.schedules.ExponentialDecay(0.05, decay_steps=2, decay_rate=0.5)
    model.compile(keras.optimizers.RMSprop(schedule, momentum=0.5),
                  loss={"reg": "mse", "cls": "sparse_categorical_crossentropy"},
                  loss_weights={"reg": 0.3, "cls": 1.0},
                  metrics={"cls": ["accuracy"], "reg": ["mae"]})
    return model


CLS = np.array([0, 1, 2, 1, 0, 2, 2, 1])


def write_multi_output_keras(tf, keras, d):
    model = multi_output_model(tf, keras)
    fit_history(model, XS, {"reg": YS, "cls": CLS})
    model.save(os.path.join(d, "m.keras"))


def read_multi_output_keras(tf, keras, d):
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    y = {"reg": YS, "cls": CLS}
    return {"lr": float(np.asarray(m.optimizer.learning_rate)),
            "iterations": int(np.asarray(m.optimizer.iterations)),
            "evaluate": outcome(lambda: m.evaluate(XS, y, verbose=0, return_dict=True)),
            "continued": outcome(lambda: fit_history(m, XS, y)),
            "lr_after": float(np.asarray(m.optimizer.learning_rate))}


def write_output_structures(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def single(self, x):
            return x + 1.0

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def pair(self, x):
            return x * 2.0, tf.reduce_sum(x)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x"),
                                      tf.TensorSpec([], tf.int32, name="k")])
        def listed(self, x, k):
            return [tf.cast(k, tf.float32) * x, {"n": tf.size(x)}]

    m = M()
    tf.saved_model.save(m, os.path.join(d, "sm"), signatures={
        "single": m.single, "pair": m.pair, "serving_default": m.single})


def read_output_structures(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    x = tf.constant([1.0, 2.0])
    return {"signatures": signature_facts(m, tf),
            "single": outcome(lambda: m.signatures["single"](x=x)),
            "pair": outcome(lambda: m.signatures["pair"](x=x)),
            "pair_fn": outcome(lambda: m.pair(x)),
            "listed_fn": outcome(lambda: m.listed(x, tf.constant(3))),
            "positional": errors(lambda: m.signatures["single"](x), d)}


def write_weights_skip(tf, keras, d):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, name="a")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="b")(h))
    set_weights(model, 7)
    model.save(os.path.join(d, "m.h5"))
    model.save_weights(os.path.join(d, "m.weights.h5"))


def read_weights_skip(tf, keras, d):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, name="a")(inp)
    model = keras.Model(inp, keras.layers.Dense(5, name="b")(h))
    for w in model.weights:
        w.assign(np.zeros(tuple(w.shape), w.dtype))
    out = {"strict": errors(lambda: model.load_weights(os.path.join(d, "m.weights.h5")), d)}
    out["skip"] = errors(lambda: model.load_weights(os.path.join(d, "m.weights.h5"),
                                                    skip_mismatch=True), d)
    out["skipped"] = values(model.weights)
    out["h5_by_name"] = errors(lambda: model.load_weights(os.path.join(d, "m.h5"),
                                                          by_name=True, skip_mismatch=True), d)
    out["h5_loaded"] = values(model.weights)
    return out


CASES = {
    "lambda_keras": (write_lambda_keras, read_lambda_keras),
    "saved_model_damaged": (write_saved_model_damaged, read_saved_model_damaged),
    "save_errors": (write_save_errors, read_save_errors),
    "deferred_restore": (write_deferred_restore, read_deferred_restore),
    "checkpoint_reader": (write_checkpoint_reader, read_checkpoint_reader),
    "tfsm_layer": (write_tfsm_layer, read_tfsm_layer),
    "multi_output_keras": (write_multi_output_keras, read_multi_output_keras),
    "output_structures": (write_output_structures, read_output_structures),
    "weights_skip": (write_weights_skip, read_weights_skip),
}


# --- batch 3: vocabulary files, lookup layers, own variables, iterators -------------------

def lookups_model(tf, keras, d):
    vocab = os.path.join(d, "words.txt")
    with open(vocab, "w") as f:
        f.write("red\ngreen\nblue\n")
    words = keras.Input((2,), dtype="string", name="words")
    ints = keras.Input((2,), dtype="int64", name="ints")
    s = keras.layers.StringLookup(vocabulary=vocab, output_mode="multi_hot", name="s")(words)
    i = keras.layers.IntegerLookup(vocabulary=[7, 9, 11], output_mode="count", name="i")(ints)
    h = keras.layers.Hashing(num_bins=5, salt=3, name="hash")(words)
    c = keras.layers.CategoryEncoding(num_tokens=5, output_mode="multi_hot", name="enc")(h)
    x = keras.layers.HashedCrossing(num_bins=4, output_mode="one_hot", name="cross")(
        (words[:, 0], ints[:, 0]))
    joined = keras.layers.Concatenate(name="join")(
        [keras.ops.cast(t, "float32") for t in (s, i, c, x)])
    model = keras.Model({"words": words, "ints": ints}, keras.layers.Dense(2, name="out")(joined))
    set_weights(model, 21)
    return model


def lookups_x(tf):
    return {"words": tf.constant([["red", "pink"], ["blue", "blue"], ["", "green"]]),
            "ints": tf.constant([[7, 8], [11, 11], [0, 9]], tf.int64)}


def write_lookups_keras(tf, keras, d):
    lookups_model(tf, keras, d).save(os.path.join(d, "m.keras"))
    os.remove(os.path.join(d, "words.txt"))  # (the .keras file holds the vocabulary)


def read_lookups_keras(tf, keras, d):
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    return {"predict": outcome(lambda: m(lookups_x(tf))),
            "vocab": outcome(lambda: m.get_layer("s").get_vocabulary()),
            "int_vocab": outcome(lambda: m.get_layer("i").get_vocabulary())}


def write_lookups_export(tf, keras, d):
    lookups_model(tf, keras, d).export(os.path.join(d, "export"), verbose=False)
    os.remove(os.path.join(d, "words.txt"))


def read_lookups_export(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "export"))
    return {"serve": outcome(lambda: m.serve(lookups_x(tf))),
            "signatures": signature_facts(m, tf)}


def recurrent_conv_model(tf, keras):
    inp = keras.Input((6, 3), name="seq")
    # (no bias before the BatchNormalization: its gradient is rounding noise, which
    # Nadam's normalized steps blow up differently in each framework)
    h = keras.layers.Conv1D(4, 3, padding="causal", use_bias=False, name="conv")(inp)
    h = keras.layers.BatchNormalization(name="bn")(h)
    h = keras.layers.GRU(3, reset_after=False, return_sequences=True, name="gru")(h)
    h = keras.layers.SimpleRNN(2, go_backwards=True, name="rnn")(h)
    model = keras.Model(inp, keras.layers.Dense(1, name="out")(h))
    set_weights(model, 22)
    model.compile(keras.optimizers.Nadam(0.01), "mse")
    x = np.linspace(-1, 1, 8 * 6 * 3, dtype="float32").reshape(8, 6, 3)
    fit_history(model, x, YS[:, :1])
    return model, x


def write_recurrent_conv_weights(tf, keras, d):
    model, _ = recurrent_conv_model(tf, keras)
    model.save_weights(os.path.join(d, "m.weights.h5"))
    model.save(os.path.join(d, "m.keras"))


def read_recurrent_conv_weights(tf, keras, d):
    model, x = recurrent_conv_model(tf, keras)
    model.load_weights(os.path.join(d, "m.weights.h5"))
    loaded = keras.models.load_model(os.path.join(d, "m.keras"))
    return {"weights": values(model.weights),
            "predict": outcome(lambda: model.predict(x, verbose=0)),
            "loaded": outcome(lambda: loaded.predict(x, verbose=0)),
            "opt_vars": [v.path.partition("/")[2] for v in loaded.optimizer.variables]}


def write_keras_saved_call(tf, keras, d):
    inp = keras.Input((3,), name="x")
    model = keras.Model(inp, keras.layers.Dense(2, name="d")(inp), name="plain")
    set_weights(model, 23)
    tf.saved_model.save(model, os.path.join(d, "saved"))


def read_keras_saved_call(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "saved"))
    return {"callable": callable(m),
            "call": outcome(lambda: m(tf.constant(XS[:2]))),
            "attrs": sorted(a for a in dir(m) if not a.startswith("_") and a not in (
                "graph_debug_info", "tensorflow_version", "tensorflow_git_version")),
            "trainable": outcome(lambda: [list(v.shape) for v in m.trainable_variables])}


def write_manager_interval(tf, keras, d):
    step = tf.Variable(0, dtype=tf.int64)
    v = tf.Variable(1.0)
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=v, step=step),
                                         os.path.join(d, "run"), max_to_keep=None,
                                         step_counter=step, checkpoint_interval=3)
    saved = []
    for _ in range(8):
        step.assign_add(1)
        v.assign(v * 2.0)
        saved.append(manager.save(check_interval=True))
    with open(os.path.join(d, "saved.txt"), "w") as f:
        f.write("\n".join(os.path.basename(p) if p else "-" for p in saved))


def read_manager_interval(tf, keras, d):
    run = os.path.join(d, "run")
    step, v = tf.Variable(0, dtype=tf.int64), tf.Variable(0.0)
    ckpt = tf.train.Checkpoint(v=v, step=step)
    manager = tf.train.CheckpointManager(ckpt, run, max_to_keep=None)
    ckpt.restore(manager.latest_checkpoint)
    with open(os.path.join(d, "saved.txt")) as f:
        saved = f.read().split("\n")
    return {"saved": saved, "kept": [os.path.basename(p) for p in manager.checkpoints],
            "v": float(v.numpy()), "step": int(step.numpy()),
            "save_counter": int(ckpt.save_counter.numpy())}


def write_iterator_checkpoint(tf, keras, d):
    ds = tf.data.Dataset.range(10).map(lambda x: x * 3).batch(3)
    it = iter(ds)
    next(it)
    tf.train.Checkpoint(it=it).write(os.path.join(d, "ck"))


def read_iterator_checkpoint(tf, keras, d):
    ds = tf.data.Dataset.range(10).map(lambda x: x * 3).batch(3)
    it = iter(ds)

    def rest():
        tf.train.Checkpoint(it=it).read(os.path.join(d, "ck")).assert_consumed()
        return [x.numpy().tolist() for x in it]

    return {"rest": outcome(rest)}


def write_string_variable_tables(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.label = tf.Variable("cat", name="label")
            self.table = tf.lookup.experimental.DenseHashTable(
                tf.int64, tf.float32, default_value=-1.0, empty_key=-1, deleted_key=-2)
            self.table.insert(tf.constant([3, 5, 8], tf.int64), tf.constant([0.5, 1.5, 2.5]))
            self.table.remove(tf.constant([5], tf.int64))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64, name="k")])
        def get(self, k):
            return {"v": self.table.lookup(k), "label": self.label, "n": self.table.size()}

    m = M()
    tf.saved_model.save(m, os.path.join(d, "sm"))


def read_string_variable_tables(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    return {"get": outcome(lambda: m.get(tf.constant([3, 5, 8, 9], tf.int64))),
            "label": outcome(lambda: m.label)}


def write_archive_errors(tf, keras, d):
    pass


def read_archive_errors(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="s")
    a = keras.export.ExportArchive()
    out = {"untracked": errors(lambda: a.add_endpoint(
        "f", model.call, input_signature=[tf.TensorSpec([None, 3], tf.float32)]), d)}
    a.track(model)
    out["no_signature"] = errors(lambda: a.add_endpoint("g", lambda x: model(x)), d)
    out["no_endpoint"] = errors(lambda: keras.export.ExportArchive().write_out(
        os.path.join(d, "empty_archive"), verbose=False), d)
    unbuilt = keras.Sequential([keras.layers.Dense(2)], name="unbuilt")
    out["unbuilt_export"] = errors(lambda: unbuilt.export(os.path.join(d, "u"), verbose=False),
                                   d)
    return out


CASES.update({
    "lookups_keras": (write_lookups_keras, read_lookups_keras),
    "lookups_export": (write_lookups_export, read_lookups_export),
    "recurrent_conv_weights": (write_recurrent_conv_weights, read_recurrent_conv_weights),
    "keras_saved_call": (write_keras_saved_call, read_keras_saved_call),
    "manager_interval": (write_manager_interval, read_manager_interval),
    "iterator_checkpoint": (write_iterator_checkpoint, read_iterator_checkpoint),
    "string_variable_tables": (write_string_variable_tables, read_string_variable_tables),
    "archive_errors": (write_archive_errors, read_archive_errors),
})


def write_unbuilt_load(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="s")
    model.save(os.path.join(d, "m.keras"))
    model.save_weights(os.path.join(d, "w.weights.h5"))
    with open(os.path.join(d, "bad.keras"), "w") as f:
        f.write("not a zip file")


def read_unbuilt_load(tf, keras, d):
    # (Keras 3 refuses an unbuilt model before it opens a .keras or .weights.h5 file)
    def unbuilt():
        return keras.Sequential([keras.layers.Dense(2, name="d")], name="s")

    out = {f: errors(lambda: unbuilt().load_weights(os.path.join(d, f)), d)
           for f in ("m.keras", "w.weights.h5", "bad.keras", "missing.keras")}
    out["by_name"] = errors(lambda: unbuilt().load_weights(os.path.join(d, "m.keras"),
                                                           by_name=True), d)
    return out


CASES["unbuilt_load"] = (write_unbuilt_load, read_unbuilt_load)
