"""keras.applications models load the weight files real Keras 3 writes for the same
architecture (its .weights.h5, and the Keras 2 layout of its whole-model .h5, the layout
of Keras's ImageNet weight files), and then compute what Keras computes (skips without
TensorFlow)."""

import json

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

# (architecture, keyword arguments): small ones, with their special layers (Rescaling,
# hard-swish and squeeze-excitation; Normalization's adapted statistics; fused blocks)
CASES = [("MobileNetV3Small", {"input_shape": (32, 32, 3), "classes": 7,
                               "classifier_activation": None}),
         ("EfficientNetB0", {"include_top": False, "input_shape": (32, 32, 3),
                             "pooling": "avg"}),
         ("EfficientNetV2B0", {"include_top": False, "input_shape": (32, 32, 3),
                               "pooling": "max"})]

TF_SCRIPT = r"""
import json, sys
import numpy as np
import keras
work = sys.argv[1]
cases = json.load(open(f"{work}/cases.json"))
x = np.load(f"{work}/x.npy")
out = {}
for i, (arch, kwargs) in enumerate(cases):
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in kwargs.items()}
    model = getattr(keras.applications, arch)(weights=None, **kwargs)
    rng = np.random.default_rng(i)
    for w in model.weights:  # every variable away from its initial value
        if w.dtype == "int64":
            w.assign(np.array(5, "int64"))
        elif "variance" in w.path:
            w.assign(rng.uniform(0.5, 2.0, w.shape).astype("float32"))
        else:
            w.assign(w.numpy() + rng.normal(0, 0.05, w.shape).astype("float32"))
    model.save_weights(f"{work}/{i}.weights.h5")
    model.save(f"{work}/{i}.h5")  # Keras 2's layout, weights under model_weights/
    out[arch] = model.predict(x, verbose=0).tolist()
json.dump(out, open(f"{work}/out.json", "w"))
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not "
                    "installed")
def test_keras_weight_files_load(tmp_path):
    x = np.random.default_rng(7).uniform(0, 255, (2, 32, 32, 3)).astype("float32")
    np.save(tmp_path / "x.npy", x)
    (tmp_path / "cases.json").write_text(json.dumps(CASES))
    want = run_tf_script(TF_SCRIPT, tmp_path, tmp_path)
    for i, (arch, kwargs) in enumerate(CASES):
        model = getattr(tf.keras.applications, arch)(weights=str(tmp_path / f"{i}.h5"),
                                                     **kwargs)
        np.testing.assert_allclose(model.predict(x, verbose=0), want[arch], rtol=2e-4,
                                   atol=2e-4, err_msg=f"{arch} from Keras 2's layout")
        for w in model.weights:
            w.assign(np.zeros(w.shape, w.dtype))
        model.load_weights(str(tmp_path / f"{i}.weights.h5"))
        np.testing.assert_allclose(model.predict(x, verbose=0), want[arch], rtol=2e-4,
                                   atol=2e-4, err_msg=f"{arch} from a .weights.h5")
