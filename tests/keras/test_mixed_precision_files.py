""".keras files of models compiled under mixed_float16, whose optimizer Keras 3 wraps in
a LossScaleOptimizer: the file holds the optimizer as given to compile (Adam) and the
wrapper's variables with its inner optimizer's as a group of their own, as Keras 3
writes them; loading compiles the model with that optimizer, which then refuses the
wrapper's variables with Keras 3's warning (TF 2.21 does the same with its own files).
Without TensorFlow the file's layout is checked; with it, each side loads the other's."""

import io
import json
import zipfile

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

# Builds, trains and saves the model; `tf` is either framework.
BUILD = """
def build_and_save(tf, path):
    keras = tf.keras
    keras.utils.set_random_seed(5)
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                              keras.layers.Dense(3, dtype="float32")])
        m.compile(keras.optimizers.Adam(1e-2),
                  keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        rng = np.random.default_rng(0)
        m.fit(rng.normal(size=(16, 6)).astype("float32"), rng.integers(0, 3, 16), epochs=1,
              batch_size=8, verbose=0)
        m.save(path)
        return type(m.optimizer).__name__
    finally:
        keras.mixed_precision.set_global_policy("float32")


def load(tf, path):
    m = tf.keras.models.load_model(path)
    return type(m.optimizer).__name__, int(m.optimizer.iterations.numpy())
"""
_env: dict = {"np": np}
exec(BUILD, _env)  # noqa: S102  (the source above)


def layout(path: str) -> dict:
    """The file's compile_config optimizer class and its optimizer groups' sizes."""
    import h5py

    z = zipfile.ZipFile(path)
    config = json.loads(z.read("config.json"))
    with h5py.File(io.BytesIO(z.read("model.weights.h5")), "r") as f:
        groups = {g: len(f[g]) for g in ("optimizer/vars", "optimizer/inner_optimizer/vars")
                  if g in f}
    return {"optimizer": config["compile_config"]["optimizer"]["class_name"], "groups": groups}


def test_the_file_holds_the_given_optimizer_and_the_inner_ones_group(tmp_path):
    path = str(tmp_path / "m.keras")
    assert _env["build_and_save"](tf, path) == "LossScaleOptimizer"
    # the wrapper's variables (its own four, then Adam's ten) and Adam's again
    assert layout(path) == {"optimizer": "Adam", "groups": {
        "optimizer/vars": 14, "optimizer/inner_optimizer/vars": 10}}
    # Keras 3's UserWarning ('adam', or 'adam_N' after other tests' optimizers in this
    # process)
    with pytest.warns(UserWarning, match=r"Skipping variable loading for optimizer "
                      r"'adam(_\d+)?', because it has 10 variables whereas the saved "
                      r"optimizer has 14 variables\."):
        assert _env["load"](tf, path) == ("Adam", 0)


_TF_SCRIPT = BUILD + """
import json, sys
import numpy as np
import tensorflow as tf
work, ours = sys.argv[1], sys.argv[2] + "/ours.keras"
out = {"saved": build_and_save(tf, work + "/tf.keras"), "loaded_ours": load(tf, ours)}
json.dump(out, open(work + "/out.json", "w"))
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is absent")
def test_files_cross_with_keras(tmp_path):
    ours = tmp_path / "ours"
    ours.mkdir()
    _env["build_and_save"](tf, str(ours / "ours.keras"))
    got = run_tf_script(_TF_SCRIPT, tmp_path, ours)
    assert got["saved"] == "LossScaleOptimizer"
    assert got["loaded_ours"] == ["Adam", 0]  # Keras loads ours as its own
    assert layout(str(tmp_path / "tf.keras")) == layout(str(ours / "ours.keras"))
    assert _env["load"](tf, str(tmp_path / "tf.keras")) == ("Adam", 0)
