"""SavedModels of functions that return a variable's handle, read and write through one,
or take handles as arguments: saved by eagerflow and loaded by eagerflow and by real
TensorFlow 2.21, and the same functions saved by TensorFlow loaded here. A returned
handle names the loaded variable (test_user_models.py loads TF's own module doing so);
a handle argument may name any variable of the caller."""

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

        @tf.function(input_signature=[tf.TensorSpec([], tf.resource)])
        def double(self, h):
            return tf.raw_ops.ReadVariableOp(resource=h, dtype=tf.float32) * 2.0

        @tf.function(input_signature=[tf.TensorSpec([], tf.resource),
                                      tf.TensorSpec([2], tf.float32)])
        def add_to(self, h, x):
            tf.raw_ops.AssignAddVariableOp(resource=h, value=x)
            return tf.raw_ops.VarIsInitializedOp(resource=h)

    return M()


def _check_handle_arguments(m):
    v = tf.Variable([3.0, 4.0])
    np.testing.assert_array_equal(m.double(v.handle).numpy(), [6.0, 8.0])
    assert m.add_to(v.handle, tf.constant([1.0, 1.0])).numpy()
    np.testing.assert_array_equal(v.numpy(), [4.0, 5.0])


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
    _check_handle_arguments(m)


def test_a_resaved_handle_function_still_returns_the_handle(saved, tmp_path):
    tf.saved_model.save(tf.saved_model.load(saved), str(tmp_path / "again"))
    m = tf.saved_model.load(str(tmp_path / "again"))
    read = tf.raw_ops.ReadVariableOp(resource=m.handle(), dtype=tf.float32)
    np.testing.assert_array_equal(read.numpy(), [1.0, 2.0])
    _check_handle_arguments(m)


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
v = tf.Variable([3.0, 4.0])
out["double"] = m.double(v.handle).numpy().tolist()
out["add_to"] = bool(m.add_to(v.handle, tf.constant([1.0, 1.0])).numpy())
out["argument variable"] = v.numpy().tolist()
print(json.dumps(out))
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tensorflow_loads_eagerflows_handle_functions(saved):
    proc = subprocess.run([TF_PYTHON, "-c", _TF_PROBE, saved], capture_output=True, text=True,
                          env=TF_ENV, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got == {"dtype": "resource", "read": [1.0, 2.0], "added": [2.0, 3.0],
                   "variable": [2.0, 3.0], "names the variable": True, "double": [6.0, 8.0],
                   "add_to": True, "argument variable": [4.0, 5.0]}


_TF_WRITER = """
import sys
import tensorflow as tf
class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([1.0, 2.0])
    @tf.function(input_signature=[])
    def handle(self):
        return self.w.handle
    @tf.function(input_signature=[tf.TensorSpec([], tf.resource)])
    def double(self, h):
        return tf.raw_ops.ReadVariableOp(resource=h, dtype=tf.float32) * 2.0
    @tf.function(input_signature=[tf.TensorSpec([], tf.resource), tf.TensorSpec([2], tf.float32)])
    def add_to(self, h, x):
        tf.raw_ops.AssignAddVariableOp(resource=h, value=x)
        return tf.raw_ops.VarIsInitializedOp(resource=h)
tf.saved_model.save(M(), sys.argv[1])
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tensorflows_handle_functions_load_here(tmp_path):
    proc = subprocess.run([TF_PYTHON, "-c", _TF_WRITER, str(tmp_path / "tf")],
                          capture_output=True, text=True, env=TF_ENV, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    m = tf.saved_model.load(str(tmp_path / "tf"))
    read = tf.raw_ops.ReadVariableOp(resource=m.handle(), dtype=tf.float32)
    np.testing.assert_array_equal(read.numpy(), [1.0, 2.0])
    _check_handle_arguments(m)
