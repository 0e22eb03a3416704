"""SavedModels of functions that return a variable's handle or read and write through one:
saved by eagerflow and loaded by eagerflow and by real TensorFlow 2.21 (which must give
the handle of the loaded variable, as for its own SavedModels: test_user_models.py loads
TF's), the handle naming the loaded variable, not the saved one."""

from __future__ import annotations

import json
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON


def _module():
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([1.0, 2.0])

        @tf.function(input_signature=[])
        def handle(self):
            return self.w.handle

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
        def add_through_handle(self, delta):
            tf.raw_ops.AssignAddVariableOp(resource=self.w.handle, value=delta)
            return tf.raw_ops.ReadVariableOp(resource=self.w.handle, dtype=tf.float32)

    return M()


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    path = tmp_path_factory.mktemp("handles") / "m"
    tf.saved_model.save(_module(), str(path))
    return str(path)


def test_a_loaded_function_returns_the_loaded_variables_handle(saved):
    m = tf.saved_model.load(saved)
    h = m.handle()
    assert h.dtype == tf.resource and h.shape == () and 'type="tensorflow::Var"' in repr(h)
    read = tf.raw_ops.ReadVariableOp(resource=h, dtype=tf.float32)
    np.testing.assert_array_equal(read.numpy(), [1.0, 2.0])
    tf.raw_ops.AssignVariableOp(resource=h, value=[5.0, 6.0])  # writes the loaded variable
    np.testing.assert_array_equal(m.w.numpy(), [5.0, 6.0])
    np.testing.assert_array_equal(m.add_through_handle(tf.constant([1.0, 1.0])).numpy(),
                                  [6.0, 7.0])
    np.testing.assert_array_equal(m.w.numpy(), [6.0, 7.0])


def test_a_resaved_handle_function_still_returns_the_handle(saved, tmp_path):
    tf.saved_model.save(tf.saved_model.load(saved), str(tmp_path / "again"))
    m = tf.saved_model.load(str(tmp_path / "again"))
    read = tf.raw_ops.ReadVariableOp(resource=m.handle(), dtype=tf.float32)
    np.testing.assert_array_equal(read.numpy(), [1.0, 2.0])


_TF_PROBE = """
import json, sys
import tensorflow as tf
m = tf.saved_model.load(sys.argv[1])
h = m.handle()
out = {"dtype": h.dtype.name, "read": tf.raw_ops.ReadVariableOp(resource=h,
       dtype=tf.float32).numpy().tolist(),
       "added": m.add_through_handle(tf.constant([1.0, 1.0])).numpy().tolist(),
       "variable": m.w.numpy().tolist(),
       "names the variable": h is m.w.handle or repr(h) == repr(m.w.handle)}
print(json.dumps(out))
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tensorflow_loads_eagerflows_handle_functions(saved):
    proc = subprocess.run([TF_PYTHON, "-c", _TF_PROBE, saved], capture_output=True, text=True,
                          env=TF_ENV, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got == {"dtype": "resource", "read": [1.0, 2.0], "added": [2.0, 3.0],
                   "variable": [2.0, 3.0], "names the variable": True}
