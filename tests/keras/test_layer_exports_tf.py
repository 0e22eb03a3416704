"""Every layer class of kprobe15's sweep exported by eagerflow (`model.export`, a model of
one call made by keras_file_cases.layer_model) is served by real TF 2.21 with eagerflow's
outputs in inference (a random augmentation layer's served augmenting, as Keras 3's export
serves it: the shapes of an augmenting call's; skipped without TensorFlow). The cells,
whose call returns a list of states, are refused by the export's signature in TF's words,
as Keras 3.15 refuses them."""

import inspect
import json
import os
import pickle
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.keras import keras_file_cases as C
from tests.keras.kprobe15.cases_layers import LAYERS
from tests.keras.kprobe15.prelude import _LAYER
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

pytestmark = pytest.mark.skipif(not HAVE_TF_PYTHON,
                                reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")

# the layers whose sweep model Keras 3.15 cannot export (a cell's list of states) or make
REFUSED = {"GRUCell", "LSTMCell", "SimpleRNNCell"}

TF_SCRIPT = r'''
import json, os, pickle, sys
import numpy as np, tensorflow as tf
d = sys.argv[1]
out = {}
for name in json.load(open(os.path.join(d, "names.json"))):
    inputs = pickle.load(open(os.path.join(d, name + ".pkl"), "rb"))
    loaded = tf.saved_model.load(os.path.join(d, name))  # (held while its function runs)
    served = loaded.serve([tf.constant(v) for v in inputs])
    out[name] = [np.asarray(t).tolist() for t in tf.nest.flatten(served)]
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''


def _samples() -> dict:
    env = {"keras": keras, "np": np}
    exec(_LAYER, env)
    return {name: eval(LAYERS[name][1], env) for name in LAYERS}


def _augments(layer) -> bool:
    """Whether the layer's call defaults to training=True (a random augmentation layer's,
    which Keras 3's export, serving the model's call without `training`, runs augmenting)."""
    p = inspect.signature(layer.call).parameters.get("training")
    return p is not None and p.default is True


def test_tensorflow_serves_every_layers_export(tmp_path):
    samples, want, names, augmenting = _samples(), {}, [], set()
    for name in sorted(LAYERS):
        keras.backend.clear_session()
        keras.utils.set_random_seed(1)
        try:
            model = C.layer_model(keras, name)
        except Exception:  # noqa: BLE001 (keras_layer_files_golden.json: Keras fails too)
            continue
        sample = samples[name]
        values = [np.asarray(v) for v in (sample if isinstance(sample, list) else [sample])]
        try:
            outputs = model([tf.constant(v) for v in values], training=False)
        except Exception:  # noqa: BLE001 (HashedCrossing's sweep sample is a pair, not a list)
            continue
        if name in REFUSED:
            with pytest.raises(ValueError, match="Outputs for functions used as signatures"):
                model.export(str(tmp_path / name), verbose=False)
            continue
        model.export(str(tmp_path / name), verbose=False)
        with open(tmp_path / f"{name}.pkl", "wb") as f:
            pickle.dump(values, f)
        if any(_augments(layer) for layer in model.layers):
            augmenting.add(name)  # (its served call's outputs: those of a call augmenting)
            outputs = model([tf.constant(v) for v in values])
        want[name] = [np.asarray(t) for t in tf.nest.flatten(outputs)]
        names.append(name)
    (tmp_path / "names.json").write_text(json.dumps(names))
    assert len(names) > 130
    served = run_tf_script(TF_SCRIPT, tmp_path, Path(os.path.dirname(C.__file__)))
    for name in names:
        assert len(served[name]) == len(want[name]), name
        for got, ours in zip(served[name], want[name]):
            if name in augmenting:  # (random values: their shape)
                assert np.asarray(got).shape == ours.shape, name
                continue
            np.testing.assert_allclose(np.asarray(got, dtype=ours.dtype), ours, rtol=1e-5,
                                       atol=1e-6, err_msg=name)


TF_EXPORTS = r'''
import json, os, pickle, sys
import numpy as np, tensorflow as tf
d = sys.argv[1]
sys.path.insert(0, sys.argv[2])
sys.path.insert(0, os.path.dirname(os.path.dirname(sys.argv[2])))
from tests.keras import keras_file_cases as C
out = {}
for name in json.load(open(os.path.join(d, "names.json"))):
    tf.keras.backend.clear_session()
    tf.keras.utils.set_random_seed(1)
    C.layer_model(tf.keras, name).export(os.path.join(d, "tf_" + name), verbose=False)
    inputs = pickle.load(open(os.path.join(d, name + ".pkl"), "rb"))
    loaded = tf.saved_model.load(os.path.join(d, "tf_" + name))
    served = loaded.serve([tf.constant(v) for v in inputs])
    out[name] = [np.asarray(t).tolist() for t in tf.nest.flatten(served)]
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''


def test_we_serve_every_layers_tensorflow_export_as_tensorflow_does(tmp_path):
    """TF's exports use ops eagerflow composes on import (the augmentations' projective
    transforms, the spectrograms' real FFTs, the color layers' HSV conversions); their
    outputs, random augmentations included, are the ones TF serves from its own files."""
    samples, names = _samples(), []
    keras_made = json.loads((Path(__file__).parent / "keras_layer_files_golden.json")
                            .read_text())["layers"]
    for name in sorted(LAYERS):
        if name in REFUSED or "error" in keras_made.get(name, {"error": None}):
            continue  # (models Keras 3.15 cannot make or export)
        sample = samples[name]
        values = [np.asarray(v) for v in (sample if isinstance(sample, list) else [sample])]
        if name == "HashedCrossing":  # (its sweep sample is a pair, not a list of inputs)
            continue
        with open(tmp_path / f"{name}.pkl", "wb") as f:
            pickle.dump(values, f)
        names.append(name)
    (tmp_path / "names.json").write_text(json.dumps(names))
    served = run_tf_script(TF_EXPORTS, tmp_path, Path(os.path.dirname(C.__file__)))
    for name in names:
        loaded = tf.saved_model.load(str(tmp_path / f"tf_{name}"))
        with open(tmp_path / f"{name}.pkl", "rb") as f:
            inputs = pickle.load(f)
        ours = tf.nest.flatten(loaded.serve([tf.constant(v) for v in inputs]))
        assert len(ours) == len(served[name]), name
        for got, want in zip(ours, served[name]):
            np.testing.assert_allclose(np.asarray(got), np.asarray(want, dtype=got.dtype.name),
                                       rtol=1e-4, atol=1e-4, err_msg=name)
