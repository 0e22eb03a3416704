"""Models whose `.keras` archives are compared entry by entry with Keras 3.15's: shared by
test_keras_file_layout.py (eagerflow) and record_keras_file_golden.py (TF 2.21's tf.keras),
each building them with its own `keras`: MODELS, and `layer_model` for each layer class of
kprobe15's sweep (made with its defaults, on keras.Input tensors of its sample's shape).

`archive_facts` reads what a user's tools see of an archive: its entries in order (with the
1980 date Keras gives its JSON entries), the config with each `shared_object_id` replaced
by the order its object first appears in (the ids are addresses), and the weights file's
groups and datasets."""

from __future__ import annotations

import base64
import io
import json
import marshal
import zipfile

import numpy as np

TEXTS = ["the cat sat", "a dog ran far away", "the bird", "cats and dogs", "ran away"]
PROBE_TEXTS = ["the cat", "zzz dogs ran"]


def _relu(x):
    return x * (x > 0)


def functional_shared(keras):
    """One initializer and one regularizer instance given to two layers; a layer used
    twice; a layer with its own float32 policy; a compiled model."""
    init = keras.initializers.GlorotUniform(seed=1)
    reg = keras.regularizers.L2(0.01)
    inp = keras.Input((4,))
    x = keras.layers.Dense(3, kernel_initializer=init, kernel_regularizer=reg,
                           activation=_relu)(inp)
    x = keras.layers.Dense(3, kernel_initializer=init, bias_regularizer=reg,
                           activation="relu")(x)
    shared = keras.layers.Dense(3)
    x = shared(shared(x))
    x = keras.layers.Dense(2, dtype="float32")(x)
    model = keras.Model(inp, x)
    model.compile(keras.optimizers.Adam(), loss=keras.losses.MeanSquaredError(),
                  metrics=[keras.metrics.MeanAbsoluteError()])
    return model


def sequential(keras):
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(2)])


def nested(keras):
    inner = keras.Sequential([keras.layers.Dense(2), keras.layers.Dense(2)])
    inp = keras.Input((3,))
    return keras.Model(inp, keras.layers.Dense(2)(inner(inp)))


def mixed_policy(keras):
    """Built under the global mixed_float16 policy (restored after)."""
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2),
                                 keras.layers.Dense(2, dtype="float32")])
    finally:
        keras.mixed_precision.set_global_policy("float32")


def tf_idf(keras):
    """TextVectorization and StringLookup in tf_idf mode: the idf weights go to the
    weights file (under `idf_weights`), the adapted vocabularies to assets/."""
    keras.utils.set_random_seed(0)
    vec = keras.layers.TextVectorization(max_tokens=20, output_mode="tf_idf", ngrams=2)
    vec.adapt(TEXTS)
    words = keras.layers.StringLookup(output_mode="tf_idf")
    words.adapt(" ".join(TEXTS).split())
    inp = keras.Input(shape=(), dtype="string")
    split = keras.Input(shape=(3,), dtype="string")
    x = keras.layers.Dense(3, kernel_initializer="ones")(vec(inp))
    return keras.Model([inp, split], [x, words(split)])


def tf_idf_inputs(tf):
    return [tf.constant(PROBE_TEXTS), tf.constant([["the", "cat", "zzz"], ["ran", "a", "a"]])]


def legacy_layers(keras):
    """tf.keras's own classes (Keras's legacy ThresholdedReLU, AlphaDropout, RandomHeight
    and RandomWidth), which its configs place in `keras._legacy.layers`."""
    return keras.Sequential([keras.Input((4, 4, 1)), keras.layers.ThresholdedReLU(0.5),
                             keras.layers.AlphaDropout(0.2), keras.layers.RandomHeight(0.1),
                             keras.layers.RandomWidth(0.1)])


MODELS = {"functional_shared": functional_shared, "sequential": sequential,
          "nested": nested, "mixed_policy": mixed_policy, "tf_idf": tf_idf,
          "legacy_layers": legacy_layers}
# the models whose values are the same in both frameworks (constant or adapted weights,
# or none): saved by each and loaded by the other
INTEROP = ("tf_idf", "legacy_layers")


def outputs(model, tf, name):
    """The model's inference outputs on fixed inputs, as nested lists (float32 rounded to 6
    places)."""
    if name == "tf_idf":
        out = model(tf_idf_inputs(tf), training=False)
    else:
        shape = [2] + list(model.inputs[0].shape[1:])
        out = [model(tf.constant(np.linspace(-1, 1, int(np.prod(shape)), dtype="float32")
                                 .reshape(shape)), training=False)]
    return [np.round(np.asarray(o, dtype="float64"), 6).tolist() for o in out]


def layer_model(keras, name):
    """A functional model of one call of layer class `name` as kprobe15's sweep makes it
    (tests/keras/kprobe15/cases_layers.py: its arguments, sample input and call keywords)."""
    from tests.keras.kprobe15.cases_layers import LAYERS
    from tests.keras.kprobe15.prelude import _LAYER

    env = {"keras": keras, "np": np}
    exec(_LAYER, env)
    args, sample, call = LAYERS[name]
    layer = eval(f"keras.layers.{name}({args})", env)
    value = eval(sample, env)
    values = value if isinstance(value, list) else [value]
    inputs = [keras.Input(np.shape(v)[1:], dtype=keras.backend.standardize_dtype(
        np.asarray(v).dtype)) for v in values]
    keywords = eval(f"dict({call})", env)
    outputs = layer(inputs if isinstance(value, list) else inputs[0], **keywords)
    return keras.Model(inputs, outputs)


def with_code_facts(node):
    """`node` (a config) with each Lambda's marshalled function given as what it holds
    (_code_facts)."""
    if isinstance(node, dict):
        if node.get("class_name") == "__lambda__":
            return dict(node, config=dict(node["config"], code=_code_facts(
                node["config"]["code"])))
        return {k: with_code_facts(v) for k, v in node.items()}
    if isinstance(node, list):
        return [with_code_facts(v) for v in node]
    return node


def _numbered_ids(node, ids):
    if isinstance(node, dict):
        return {k: ids.setdefault(v, len(ids)) if k == "shared_object_id" else
                _numbered_ids(v, ids) for k, v in node.items()}
    if isinstance(node, list):
        return [_numbered_ids(v, ids) for v in node]
    return node


def _code_facts(code: str) -> list:
    """A Lambda's marshalled function as what it holds: marshal's bytes also depend on the
    reference counts of the strings it writes (one shared elsewhere in the process is
    written as a back-reference), so the same function serializes differently from run to
    run."""
    c = marshal.loads(base64.b64decode(code))
    return [c.co_name, c.co_argcount, list(c.co_varnames), list(c.co_names),
            [repr(k) for k in c.co_consts], c.co_code.hex()]


def archive_facts(path, h5py):
    with zipfile.ZipFile(path) as z:
        entries = [[i.filename, i.date_time[0] == 1980, i.compress_type]
                   for i in z.infolist()]
        config = with_code_facts(_numbered_ids(json.loads(z.read("config.json")), {}))
        weights = []
        with h5py.File(io.BytesIO(z.read("model.weights.h5")), "r") as f:
            f.visititems(lambda name, obj: weights.append(
                [name, list(getattr(obj, "shape", ()) or ()) if hasattr(obj, "shape")
                 else None]))
        metadata = sorted(json.loads(z.read("metadata.json")))
    return {"entries": entries, "config": config, "weights": weights, "metadata": metadata}
