"""Resource tensors against TensorFlow 2.21's recorded behaviour (resource_golden.json,
written by record_resource_golden.py from resource_cases.py): a variable's handle, the
raw ops on handles with their values and errors, gradients through reads by handle,
handles inside tf.function."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.resource_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "resource_golden.json").read_text())
CASES = [(group, key) for group in GOLDEN for key in GOLDEN[group]]
GOT: dict = {}


_GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"


def _as_recorded(value):
    """`value` with GPU:0 named CPU:0 where a GPU is the default device (the stand-in's
    run): the variables are made there, their handles name it and their ops run there, as
    TF's with a GPU; the recorder ran without one."""
    if isinstance(value, str):
        return value.replace(_GPU0, _GPU0[:-5] + "CPU:0")
    if isinstance(value, list):
        return [_as_recorded(v) for v in value]
    if isinstance(value, dict):
        return {k: _as_recorded(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}/{k}" for g, k in CASES])
def test_resource_tensors_behave_as_tf(group, key):
    if not GOT:
        got = json.loads(json.dumps(run(tf)))
        GOT.update(_as_recorded(got) if tf.config.list_physical_devices("GPU") else got)
    assert GOT[group][key] == GOLDEN[group][key]


def test_handles_of_gpu_variables_on_the_stand_in():
    """A GPU variable's handle names its device; the ops on it run there, eagerly and in
    a function run on the GPU or on the host (the strict stand-in poses as the GPU, and
    refuses a NumPy ufunc on its arrays)."""
    import numpy as np

    from eagerflow._src.core import device as D

    with D.standin_gpus(1):
        v = tf.Variable([1.0, 2.0])
        h = v.handle
        assert h.device == v.device == "/job:localhost/replica:0/task:0/device:GPU:0"
        assert 'device="/job:localhost/replica:0/task:0/device:GPU:0"' in repr(h)
        tf.raw_ops.AssignAddVariableOp(resource=h, value=[1.0, 1.0])
        read = tf.raw_ops.ReadVariableOp(resource=h, dtype=tf.float32)
        np.testing.assert_array_equal(read.numpy(), [2.0, 3.0])

        @tf.function
        def double(handle):
            return tf.raw_ops.ReadVariableOp(resource=handle, dtype=tf.float32) * 2.0

        on_gpu = double(h)
        with tf.device("CPU:0"):
            on_cpu = double(h)
        assert on_gpu.device.endswith("GPU:0") and on_cpu.device.endswith("CPU:0")
        np.testing.assert_array_equal(on_gpu.numpy(), [4.0, 6.0])
        np.testing.assert_array_equal(on_cpu.numpy(), [4.0, 6.0])
