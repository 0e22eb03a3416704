"""Keras models holding random augmentation layers (and Dropout) served by `model.export`
and `tf.saved_model.save`, each a function of the `tf` and `keras` modules it runs on:
TF 2.21's outcomes are export_augment_golden.json (record_export_augment_golden.py), and
test_export_augment.py checks eagerflow's against them. Keras 3 serves the model's call
without `training`: each layer takes its call's default (the augmentation layers'
training=True: two served calls differ; Dropout's False)."""

import os
import tempfile

import numpy as np

DATA = np.random.default_rng(0).uniform(0, 1, (2, 6, 6, 1)).astype("float32")

LAYERS = {
    "flip": lambda keras: keras.layers.RandomFlip("horizontal", seed=1),
    "rotation": lambda keras: keras.layers.RandomRotation(0.3, seed=2),
    "elastic": lambda keras: keras.layers.RandomElasticTransform(seed=3),
    "contrast": lambda keras: keras.layers.RandomContrast(0.3, seed=4),
    "dropout": lambda keras: keras.layers.Dropout(0.5, seed=5),
}


def _model(keras, kind):
    keras.utils.set_random_seed(0)
    inp = keras.Input((6, 6, 1))
    x = keras.layers.Flatten()(LAYERS[kind](keras)(inp))
    out = keras.layers.Dense(3, kernel_initializer=keras.initializers.RandomNormal(seed=6),
                             use_bias=False)(x)
    return keras.Model(inp, out)


def _served(tf, keras, kind, save):
    """What the saved function computes: [equal to the model's inference call (of 4
    calls), whether the calls differ, the output's shape, the first call's values (the
    draws of the layer's seed, TF's)]."""
    model = _model(keras, kind)
    inference = np.asarray(model(DATA, training=False))
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "m")
        if save:
            tf.saved_model.save(model, path)
            fn = tf.saved_model.load(path).signatures["serving_default"]
            outs = [np.asarray(next(iter(fn(tf.constant(DATA)).values()))) for _ in range(4)]
        else:
            model.export(path, verbose=False)
            loaded = tf.saved_model.load(path)
            outs = [np.asarray(loaded.serve(tf.constant(DATA))) for _ in range(4)]
    return [sum(bool(np.allclose(o, inference, atol=1e-5)) for o in outs),
            any(not np.allclose(o, outs[0], atol=1e-5) for o in outs), list(outs[0].shape),
            outs[0].tolist()]


def outcome(call):
    """{"value": ...} or {"error": class name, "message": the first line of str(error)}
    (its details name the process's own functions and handles)."""
    try:
        return {"value": call()}
    except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
        return {"error": type(e).__name__, "message": str(e).splitlines()[0]}


def cases(tf, keras):
    out = {}
    for kind in LAYERS:
        out[f"export_{kind}"] = lambda kind=kind: _served(tf, keras, kind, False)
        out[f"saved_model_save_{kind}"] = lambda kind=kind: _served(tf, keras, kind, True)
    return out
