"""More of file_cases_keras.py's cases (write, read): optimizer state restored by
load_weights, optimizer options through a `.keras` file, export archives and TFSMLayer,
model.export's input signatures, tf.function defaults and unknown dimensions, signature
output names, checkpoints of Keras objects, one model in every file format, sharded
weights. Builders take the `tf` and `keras` modules; this module imports neither."""

from __future__ import annotations

import json
import os

import numpy as np

from tests.interop.file_cases import XS, YS, fit_history, set_weights, values
from tests.interop.file_cases_keras import (
    SEQ4,
    batchnorm_model,
    errors,
    nested_block_model,
    nested_three,
    registered,
)
from tests.saved_model.user_model_cases import outcome, signature_facts

# --- optimizer state --------------------------------------------------------------------------

def opt_model(keras, optimizer):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3, activation="tanh",
                                                                    name="h"),
                              keras.layers.Dense(2, name="o")], name="om")
    set_weights(model, 44)
    model.compile(optimizer, "mse")
    return model


def write_optimizer_load_weights(tf, keras, d):
    model = opt_model(keras, keras.optimizers.Adam(0.02, amsgrad=True))
    fit_history(model, XS, YS, epochs=2)
    model.save_weights(os.path.join(d, "m.weights.h5"))
    model.save(os.path.join(d, "m.keras"))


def _opt_facts(m):
    return {"iterations": int(np.asarray(m.optimizer.iterations)),
            "opt_vars": [[v.path.partition("/")[2], encode_array(v)]
                         for v in m.optimizer.variables]}


def encode_array(v):
    return np.round(np.asarray(v).astype("float64"), 6).tolist()


def read_optimizer_load_weights(tf, keras, d):
    built = opt_model(keras, keras.optimizers.Adam(0.02, amsgrad=True))
    built.optimizer.build(built.trainable_variables)
    built.load_weights(os.path.join(d, "m.weights.h5"))
    out = {"built": _opt_facts(built)}
    out["built"]["continued"] = outcome(lambda: fit_history(built, XS, YS, epochs=1))
    unbuilt = opt_model(keras, keras.optimizers.Adam(0.02, amsgrad=True))
    out["unbuilt"] = errors(lambda: unbuilt.load_weights(os.path.join(d, "m.weights.h5")), d)
    out["unbuilt_iterations"] = int(np.asarray(unbuilt.optimizer.iterations))
    from_keras = opt_model(keras, keras.optimizers.Adam(0.02, amsgrad=True))
    from_keras.optimizer.build(from_keras.trainable_variables)
    from_keras.load_weights(os.path.join(d, "m.keras"))
    out["from_keras"] = _opt_facts(from_keras)
    sgd = opt_model(keras, keras.optimizers.SGD(0.1, momentum=0.9))
    sgd.optimizer.build(sgd.trainable_variables)
    out["other_optimizer"] = errors(lambda: sgd.load_weights(os.path.join(d, "m.weights.h5")),
                                    d)
    return out


def write_optimizer_options(tf, keras, d):
    opt = keras.optimizers.AdamW(0.01, weight_decay=0.05, clipnorm=0.5, use_ema=True,
                                 ema_momentum=0.9, ema_overwrite_frequency=3,
                                 gradient_accumulation_steps=2)
    model = opt_model(keras, opt)
    fit_history(model, XS, YS, epochs=2)
    model.save(os.path.join(d, "m.keras"))


def read_optimizer_options(tf, keras, d):
    m = keras.models.load_model(os.path.join(d, "m.keras"))
    keys = ("clipnorm", "use_ema", "ema_momentum", "ema_overwrite_frequency",
            "gradient_accumulation_steps", "weight_decay")
    return {"config": {k: v for k, v in m.optimizer.get_config().items() if k in keys},
            **_opt_facts(m), "weights": values(m.weights),
            "continued": outcome(lambda: fit_history(m, XS, YS, epochs=1)),
            "after": values(m.weights)}


# --- exports ----------------------------------------------------------------------------------

def write_archive_track(tf, keras, d):
    enc = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="e")], name="enc")
    dec = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, name="r")], name="dec")
    set_weights(enc, 45)
    set_weights(dec, 46)
    a = keras.export.ExportArchive()
    a.track(enc)
    a.track(dec)
    a.add_endpoint("encode", enc.call, input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    a.add_endpoint("round_trip", lambda x: {"code": enc(x), "back": dec(enc(x))},
                   input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
    a.add_endpoint("by_dict", lambda inputs: dec(inputs["code"]) * inputs["gain"],
                   input_signature=[{"code": tf.TensorSpec([None, 2], tf.float32),
                                     "gain": tf.TensorSpec([], tf.float32)}])
    a.add_variable_collection("decoder", dec.weights)
    a.write_out(os.path.join(d, "archive"), verbose=False)


def read_archive_track(tf, keras, d):
    path = os.path.join(d, "archive")
    m = tf.saved_model.load(path)
    x = tf.constant(XS[:2])
    layer = keras.layers.TFSMLayer(path, call_endpoint="round_trip")
    return {"encode": outcome(lambda: m.encode(x)),
            "round_trip": outcome(lambda: m.round_trip(x)),
            "by_dict": outcome(lambda: m.by_dict({"code": tf.constant(XS[:2, :2]),
                                                  "gain": tf.constant(2.0)})),
            "decoder": outcome(lambda: sorted(list(v.shape) for v in m.decoder)),
            "signatures": sorted(m.signatures),
            "tfsm": outcome(lambda: layer(x)),
            "tfsm_weights": len(layer.weights)}


def write_tfsm_in_model(tf, keras, d):
    inp = keras.Input((3,), name="x")
    model = keras.Model(inp, {"a": keras.layers.Dense(2, name="a")(inp),
                              "b": keras.layers.Dense(1, name="b")(inp)})
    set_weights(model, 47)
    model.export(os.path.join(d, "export"), verbose=False)


def read_tfsm_in_model(tf, keras, d):
    path = os.path.join(d, "export")
    sig = keras.layers.TFSMLayer(path, call_endpoint="serving_default", name="sig")
    serve = keras.layers.TFSMLayer(path, call_endpoint="serve", trainable=False, name="srv")
    inp = keras.Input((3,), name="x")
    served = serve(inp)  # (a dict: its values joined in key order)
    wrapped = keras.Model(inp, keras.layers.Concatenate(name="c")(
        [served[k] for k in sorted(served)]))
    return {"sig": outcome(lambda: sig(tf.constant(XS[:2]))),
            "serve": outcome(lambda: serve(tf.constant(XS[:2]))),
            "wrapped": outcome(lambda: wrapped(tf.constant(XS[:2]))),
            "trainable": [len(sig.trainable_weights), len(serve.trainable_weights),
                          len(serve.non_trainable_weights)],
            "config": {k: v for k, v in sig.get_config().items()
                       if k in ("call_endpoint", "call_training_endpoint")},
            "save": errors(lambda: wrapped.save(os.path.join(d, "w.keras")), d),
            "reload": errors(lambda: keras.models.load_model(os.path.join(d, "w.keras")), d),
            "reload_unsafe": errors(lambda: keras.models.load_model(
                os.path.join(d, "w.keras"), safe_mode=False)(tf.constant(XS[:2])), d)}


def write_export_signature(tf, keras, d):
    inp = keras.Input((None, 3), name="seq")
    model = keras.Model(inp, keras.layers.GlobalAveragePooling1D(name="p")(
        keras.layers.Dense(2, name="d")(inp)))
    set_weights(model, 48)
    model.export(os.path.join(d, "any"), verbose=False,
                 input_signature=[tf.TensorSpec([None, None, 3], tf.float32, name="steps")])
    model.export(os.path.join(d, "fixed"), verbose=False,
                 input_signature=[tf.TensorSpec([2, 4, 3], tf.float32)])


def read_export_signature(tf, keras, d):
    out = {}
    for name in ("any", "fixed"):
        m = tf.saved_model.load(os.path.join(d, name))
        out[name] = {"signatures": signature_facts(m, tf),
                     "serve": outcome(lambda: m.serve(tf.constant(SEQ4[:2, :4, :3]))),
                     "other": errors(lambda: m.serve(tf.constant(SEQ4[:3, :2, :3])), d)}
    return out


# --- tf.Modules ----------------------------------------------------------------------------------

def write_function_defaults(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(2.0, name="v")

        @tf.function
        def f(self, x, bias=None, training=False, scale=1.0):
            y = x * self.v * scale
            if bias is not None:
                y = y + bias
            return y * 10.0 if training else y

    m = M()
    m.f(tf.constant([1.0, 2.0]))
    m.f(tf.constant([1.0, 2.0]), training=True)
    m.f(tf.constant([[1.0]]), bias=tf.constant(0.5))
    m.f(tf.constant([1.0]), scale=3.0)
    tf.saved_model.save(m, os.path.join(d, "sm"))


def read_function_defaults(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    x = tf.constant([3.0, 4.0])
    return {"plain": outcome(lambda: m.f(x)),
            "training": outcome(lambda: m.f(x, training=True)),
            "training_kw_false": outcome(lambda: m.f(x, training=False)),
            "bias": outcome(lambda: m.f(tf.constant([[2.0], [3.0]]), bias=tf.constant(1.0))),
            "scale": outcome(lambda: m.f(tf.constant([5.0]), scale=3.0)),
            "scale_other": errors(lambda: m.f(tf.constant([5.0]), scale=4.0), d),
            "positional": outcome(lambda: m.f(x, None, True)),
            "n_concrete": len(m.f.concrete_functions),
            "signatures": sorted(m.signatures)}


def write_unknown_dims(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(np.arange(6, dtype="float32").reshape(3, 2), name="w")

        @tf.function
        def project(self, x):
            return {"y": tf.matmul(x, self.w), "rows": tf.shape(x)[0]}

        @tf.function
        def total(self, x):
            return tf.reduce_sum(x, axis=-1)

    m = M()
    batch = m.project.get_concrete_function(tf.TensorSpec([None, 3], tf.float32, name="x"))
    m.total.get_concrete_function(tf.TensorSpec([None, None], tf.float32))
    m.total.get_concrete_function(tf.TensorSpec(None, tf.int32))
    tf.saved_model.save(m, os.path.join(d, "sm"), signatures={"serving_default": batch})


def read_unknown_dims(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    sig = m.signatures["serving_default"]
    return {"signature": signature_facts(m, tf),
            "outputs": outcome(lambda: sig.structured_outputs),
            "output_shapes": outcome(lambda: {k: v.shape.as_list()
                                              for k, v in sig.structured_outputs.items()}),
            "batch1": outcome(lambda: sig(x=tf.constant(XS[:1]))),
            "batch5": outcome(lambda: sig(x=tf.constant(XS[:5]))),
            "wide": errors(lambda: sig(x=tf.ones([2, 4])), d),
            "total2d": outcome(lambda: m.total(tf.ones([2, 3]))),
            "total3d_int": outcome(lambda: m.total(tf.ones([2, 2, 2], tf.int32))),
            "total1d_float": errors(lambda: m.total(tf.ones([4])), d),
            "concretes": sorted(repr(f.structured_input_signature)
                                for f in m.total.concrete_functions)}


def write_signature_outputs(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def triple(self, x):
            return x, x * 2.0, tf.cast(x, tf.int32)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def named(self, x):
            return {"z_last": x, "a_first": x + 1.0, "Mixed_Case": -x}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def as_list(self, x):
            return [x, x]

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def nested(self, x):
            return {"a": (x, x)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def nothing(self, x):
            return None

    m = M()
    tf.saved_model.save(m, os.path.join(d, "sm"), signatures={
        "triple": m.triple, "named": m.named, "as_list": m.as_list})
    for name in ("nested", "nothing"):
        with open(os.path.join(d, name + ".txt"), "w") as f:
            f.write(json.dumps(errors(lambda: tf.saved_model.save(
                m, os.path.join(d, name), signatures={"s": getattr(m, name)}), d)))


def read_signature_outputs(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    x = tf.constant([1.0, 2.0])
    out = {"signatures": signature_facts(m, tf)}
    for name in ("triple", "named", "as_list"):
        out[name] = outcome(lambda: m.signatures[name](x=x))
    for name in ("nested", "nothing"):
        with open(os.path.join(d, name + ".txt")) as f:
            out["save_" + name] = json.loads(f.read())
    return out


def write_checkpoint_keras_objects(tf, keras, d):
    model = batchnorm_model(keras)
    opt = keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True)
    opt.apply_gradients(zip([tf.ones_like(w) * 0.1 for w in model.trainable_variables],
                            model.trainable_variables))
    metric = keras.metrics.Mean(name="avg")
    metric.update_state([1.0, 2.0, 6.0])
    with open(os.path.join(d, "metric.txt"), "w") as f:
        f.write(json.dumps(errors(lambda: tf.train.Checkpoint(metric=metric), d)))
    tf.train.Checkpoint(model=model, opt=opt).write(os.path.join(d, "ck"))


def read_checkpoint_keras_objects(tf, keras, d):
    path = os.path.join(d, "ck")
    model = batchnorm_model(keras)
    opt = keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True)
    opt.build(model.trainable_variables)
    status = tf.train.Checkpoint(model=model, opt=opt).read(path)
    with open(os.path.join(d, "metric.txt")) as f:
        metric = json.loads(f.read())
    return {"consumed": errors(lambda: status.assert_consumed() and None, d),
            "metric": metric,
            "iterations": int(np.asarray(opt.iterations)),
            "opt_vars": [encode_array(v) for v in opt.variables],
            "keys": sorted(k for k, _ in tf.train.list_variables(path)
                           if k != "_CHECKPOINTABLE_OBJECT_GRAPH")}


def write_keras_file_copies(tf, keras, d):
    # one model, every whole-model and weights format, for the same call
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, activation="elu", name="a")(inp)
    h = keras.layers.Dropout(0.5, name="drop")(h)
    model = keras.Model(inp, keras.layers.Dense(2, activation="softmax", name="b")(h),
                        name="copies")
    set_weights(model, 49)
    model.save(os.path.join(d, "m.keras"))
    model.save(os.path.join(d, "m.h5"))
    model.save_weights(os.path.join(d, "m.weights.h5"))
    tf.saved_model.save(model, os.path.join(d, "saved"))
    tf.train.Checkpoint(model=model).write(os.path.join(d, "ck"))


def read_keras_file_copies(tf, keras, d):
    j = lambda n: os.path.join(d, n)  # noqa: E731
    x = tf.constant(XS[:3])
    out = {"keras": outcome(lambda: keras.models.load_model(j("m.keras"))(x)),
           "h5": outcome(lambda: keras.models.load_model(j("m.h5"))(x)),
           "saved": outcome(lambda: tf.saved_model.load(j("saved"))(x))}
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dropout(0.5, name="drop")(keras.layers.Dense(4, activation="elu",
                                                                  name="a")(inp))
    fresh = keras.Model(inp, keras.layers.Dense(2, activation="softmax", name="b")(h))
    fresh.load_weights(j("m.weights.h5"))
    out["weights"] = outcome(lambda: fresh(x))
    tf.train.Checkpoint(model=fresh).read(j("ck")).assert_consumed()
    out["checkpoint"] = outcome(lambda: fresh(x))
    out["h5_weights_into_fresh"] = errors(lambda: fresh.load_weights(j("m.h5")), d)
    return out


def write_training_endpoint(tf, keras, d):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dropout(0.5, seed=1, name="drop")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="d")(h), name="dropping")
    set_weights(model, 50)
    a = keras.export.ExportArchive()
    a.track(model)
    spec = [tf.TensorSpec([None, 3], tf.float32, name="x")]
    a.add_endpoint("infer", lambda x: model(x, training=False), input_signature=spec)
    a.add_endpoint("train", lambda x: tf.shape(model(x, training=True)),
                   input_signature=spec)
    a.write_out(os.path.join(d, "archive"), verbose=False)


def read_training_endpoint(tf, keras, d):
    path = os.path.join(d, "archive")
    layer = keras.layers.TFSMLayer(path, call_endpoint="infer", call_training_endpoint="train")
    x = tf.constant(XS[:2])
    return {"inference": outcome(lambda: layer(x)),
            "training": outcome(lambda: layer(x, training=True)),
            "config": {k: v for k, v in layer.get_config().items()
                       if k in ("call_endpoint", "call_training_endpoint")},
            "no_training_endpoint": errors(lambda: keras.layers.TFSMLayer(
                path, call_endpoint="infer", call_training_endpoint="nope"), d)}


def write_custom_h5(tf, keras, d):
    model = nested_block_model(keras)
    model.compile(keras.optimizers.SGD(0.05), loss=registered(keras)["cube_loss"])
    fit_history(model, XS[:, :2].repeat(2, axis=1), YS, epochs=1)
    model.save(os.path.join(d, "m.h5"))


def read_custom_h5(tf, keras, d):
    x = XS[:, :2].repeat(2, axis=1)
    registered(keras)
    m = keras.models.load_model(os.path.join(d, "m.h5"))
    return {"class": type(m.get_layer("block")).__name__,
            "loss": getattr(m.loss, "__name__", repr(m.loss)),
            "predict": outcome(lambda: m.predict(x, verbose=0)),
            "evaluate": outcome(lambda: m.evaluate(x, YS, verbose=0)),
            "weights": values(m.weights)}


def write_sharded_weights(tf, keras, d):
    model = nested_three(keras)
    # (max_shard_size in GB: 200 bytes a file)
    model.save_weights(os.path.join(d, "m.weights.json"), max_shard_size=2e-7)


def read_sharded_weights(tf, keras, d):
    fresh = nested_three(keras)
    for w in fresh.weights:
        w.assign(np.zeros(tuple(w.shape), w.dtype))
    fresh.load_weights(os.path.join(d, "m.weights.json"))
    with open(os.path.join(d, "m.weights.json")) as f:
        index = json.load(f)
    return {"files": sorted(os.listdir(d)),
            "index_keys": sorted(index),
            "weights": values(fresh.weights),
            "predict": outcome(lambda: fresh.predict(XS[:2], verbose=0))}


CASES = {
    "optimizer_load_weights": (write_optimizer_load_weights, read_optimizer_load_weights),
    "optimizer_options": (write_optimizer_options, read_optimizer_options),
    "archive_track": (write_archive_track, read_archive_track),
    "tfsm_in_model": (write_tfsm_in_model, read_tfsm_in_model),
    "export_signature": (write_export_signature, read_export_signature),
    "function_defaults": (write_function_defaults, read_function_defaults),
    "unknown_dims": (write_unknown_dims, read_unknown_dims),
    "signature_outputs": (write_signature_outputs, read_signature_outputs),
    "checkpoint_keras_objects": (write_checkpoint_keras_objects, read_checkpoint_keras_objects),
    "keras_file_copies": (write_keras_file_copies, read_keras_file_copies),
    "training_endpoint": (write_training_endpoint, read_training_endpoint),
    "custom_h5": (write_custom_h5, read_custom_h5),
    "sharded_weights": (write_sharded_weights, read_sharded_weights),
}
