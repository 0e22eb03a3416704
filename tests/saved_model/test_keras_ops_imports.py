"""Every keras.ops function of Keras 3.15 that takes one float matrix (kprobe15's names),
traced by real TF 2.21 into a SavedModel's tf.function, loads and runs here with the values
TF's own load gives (skipped without TensorFlow). Its graphs use TF ops eagerflow composes
on import (MatrixSetDiagV3 over a bool eye, MatrixDiagV3 with sizes left -1, GatherV2 along
axis -1, ...)."""

from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

pytestmark = pytest.mark.skipif(not HAVE_TF_PYTHON,
                                reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")

F = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], "float32")
# singular vectors are defined up to sign: TF's Eigen and eagerflow's LAPACK choose apart
KNOWN = {"ops.svd", "ops.linalg.svd"}

TF_SCRIPT = r'''
import json, os, sys
import numpy as np, tensorflow as tf, keras
d = sys.argv[1]
names = json.load(open(os.path.join(sys.argv[2], "kprobe15", "names.json")))
F = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], "float32")
out = {}
for ns in ["ops", "ops.nn", "ops.numpy", "ops.linalg", "ops.image"]:
    module = eval("keras." + ns)
    for name in names[ns]:
        fn = getattr(module, name, None)
        if not callable(fn) or name[0].isupper():
            continue
        try:
            y = fn(tf.constant(F))
        except Exception:
            continue
        if not all(tf.is_tensor(t) for t in tf.nest.flatten(y)):
            continue
        m = tf.Module()
        m.f = tf.function((lambda g: (lambda x: g(x)))(fn),
                          input_signature=[tf.TensorSpec([2, 3], tf.float32)])
        key = ns + "." + name
        try:
            tf.saved_model.save(m, os.path.join(d, key))
        except Exception:
            continue
        loaded = tf.saved_model.load(os.path.join(d, key))
        out[key] = [np.asarray(t).tolist() for t in tf.nest.flatten(loaded.f(tf.constant(F)))]
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''


def test_tensorflows_traces_of_keras_ops_run_here_as_in_tensorflow(tmp_path):
    served = run_tf_script(TF_SCRIPT, tmp_path, Path(__file__).resolve().parents[1] / "keras")
    assert len(served) > 250
    failed = []
    for key, want in sorted(served.items()):
        loaded = tf.saved_model.load(str(tmp_path / key))
        got = [np.asarray(t) for t in tf.nest.flatten(loaded.f(tf.constant(F)))]
        same = len(got) == len(want) and all(
            g.shape == np.shape(w) and np.allclose(g, np.asarray(w, dtype=g.dtype), rtol=1e-5,
                                                   atol=1e-6, equal_nan=True)
            for g, w in zip(got, want))
        if not same:
            failed.append(key)
    assert sorted(failed) == sorted(KNOWN & set(served))
