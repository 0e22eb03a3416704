"""Keras 3's save_own_variables / load_own_variables: the defaults write and read a layer's
variables as "0", "1", ...; a layer's overrides are what `.keras` and `.weights.h5` files
go through, both ways with Keras on TF 2.21."""

from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.own_variables_layer import model
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

keras = tf.keras
ONES = np.ones((1, 3), "float32")


def test_defaults_write_and_read_the_variables_in_order():
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    store = {}
    layer.save_own_variables(store)
    assert list(store) == ["0", "1"]
    np.testing.assert_array_equal(np.asarray(store["0"]), layer.kernel.numpy())
    other = keras.layers.Dense(2)
    other.build((None, 3))
    other.load_own_variables({k: np.asarray(v) for k, v in store.items()})
    np.testing.assert_array_equal(other.kernel.numpy(), layer.kernel.numpy())
    with pytest.raises(ValueError, match=r"^Layer 'dense_\d+' expected 2 variables, but "
                                         r"received 1 variables during loading"):
        other.load_own_variables({"0": store["0"]})


@pytest.mark.parametrize("suffix", [".keras", ".weights.h5"])
def test_overrides_carry_a_layers_own_state(tmp_path, suffix):
    m = model(keras)
    path = str(tmp_path / f"m{suffix}")
    if suffix == ".keras":
        m.save(path)
        loaded = keras.models.load_model(path)
    else:
        m.save_weights(path)
        loaded = keras.Model.from_config(m.get_config())
        loaded.load_weights(path)
    np.testing.assert_array_equal(loaded.layers[-1].table, [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(loaded(ONES).numpy(), [[9.0, 9.0]])


_KERAS_SCRIPT = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from pathlib import Path

import numpy as np
import keras
from own_variables_layer import make, model
work = Path(sys.argv[1])
make(keras)  # (registers the layer's class)
loaded = keras.models.load_model(str(work / "ours.keras"))
model(keras).save(str(work / "keras.keras"))
out = {"output": np.asarray(loaded(np.ones((1, 3), "float32"))).tolist(),
       "table": np.asarray(loaded.layers[-1].table).tolist()}
(work / "out.json").write_text(json.dumps(out))
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's interpreter")
def test_keras_files_both_ways_with_keras(tmp_path):
    model(keras).save(str(tmp_path / "ours.keras"))
    got = run_tf_script(_KERAS_SCRIPT, tmp_path, Path(__file__).parent)
    assert got == {"output": [[9.0, 9.0]], "table": [1.0, 2.0, 3.0]}
    theirs = keras.models.load_model(str(tmp_path / "keras.keras"))
    np.testing.assert_array_equal(theirs.layers[-1].table, [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(theirs(ONES).numpy(), [[9.0, 9.0]])
