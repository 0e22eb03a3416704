"""Devices: tf.device scopes, canonical names, soft placement, tf.config listings."""

import importlib.util
import re

import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from eagerflow._src.core.device import DeviceSpec, canonical_name

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


@pytest.fixture(autouse=True)
def machine_without_gpus():
    """These tests are about a machine without GPUs: a real or stand-in GPU is hidden."""
    with D.standin_gpus(0):
        yield


def test_listings_are_cpu_only():
    assert tf.config.list_physical_devices() == [
        tf.config.PhysicalDevice(name="/physical_device:CPU:0", device_type="CPU")]
    assert repr(tf.config.list_physical_devices("CPU")[0]) == \
        "PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')"
    assert tf.config.list_physical_devices("GPU") == []
    assert tf.config.experimental.list_physical_devices("GPU") == []
    assert tf.config.list_logical_devices() == [
        tf.config.LogicalDevice(name="/device:CPU:0", device_type="CPU")]
    assert tf.config.get_visible_devices("CPU")[0].name == "/physical_device:CPU:0"
    assert tf.test.gpu_device_name() == ""
    # (a build property, as TF's: whether the CuPy backend is installed, GPU or not)
    assert tf.test.is_built_with_cuda() == (importlib.util.find_spec("cupy") is not None)


@pytest.mark.parametrize("spec", ["/cpu:0", "/CPU:0", "cpu:0", "CPU", "/device:CPU:0", CPU,
                                  "/gpu:0", "/GPU:1", "/device:GPU:0", "/cpu:3", "", "/tpu:0"])
def test_scopes_resolve_with_soft_placement(spec):
    with tf.device(spec):
        x = tf.constant(1.0) + 1
        v = tf.Variable(1.0)
    assert x.device == CPU and v.device == CPU
    assert canonical_name(spec) == CPU


def test_scope_nesting_and_restoring():
    from eagerflow._src.core.context import _state

    with tf.device("/gpu:0"):
        with tf.device(None):
            assert tf.constant(1).device == CPU
        with tf.device("/cpu:0"):
            assert _state.device == CPU
    assert _state.device == CPU and not _state.device_stack


def test_tf_device_is_a_function_returning_a_scope():
    """As TF 2.21's: tf.device is the function device_v2; its scope's __enter__ returns
    None, may be entered again, and parses the name on entry (recorded from TF 2.21)."""
    assert type(tf.device).__name__ == "function" and tf.device.__name__ == "device_v2"
    scope = tf.device("/cpu:0")
    for _ in range(2):
        with scope as entered:
            assert entered is None and tf.constant(1).device == CPU
    with tf.device(DeviceSpec(device_type="CPU", device_index=0)), tf.device(None):
        assert tf.constant(1).device == CPU


def test_bad_device_specs():
    with pytest.raises(RuntimeError, match="tf.device does not support functions."):
        tf.device(lambda op: "/cpu:0")  # (at the call)
    bad = {"xyz": "Unknown attribute 'xyz' is encountered while parsing the device spec: 'xyz'.",
           3: "Expecting a string device name. Got <class 'int'>(3)"}
    for name, message in bad.items():
        scope = tf.device(name)  # (the name is parsed on entry)
        with pytest.raises(ValueError, match=re.escape(message)), scope:
            pass

    @tf.function
    def traced():
        with pytest.raises(AttributeError, match="'int' object has no attribute 'split'"), \
                tf.device(3):
            pass  # (TF's graph scope splits the name as a string)
        with tf.device("/cpu:0"):
            return tf.constant(1.0) + 1

    assert traced().device == CPU


def test_gpu_copy_without_gpu_is_an_error():
    x = tf.constant([1.0])
    assert x.cpu() is x
    with pytest.raises(RuntimeError, match="GPU:0 unknown device."):
        x.gpu()


def test_device_spec():
    s = DeviceSpec.from_string("/job:worker/replica:1/task:2/device:gpu:3")
    assert (s.job, s.replica, s.task, s.device_type, s.device_index) == ("worker", 1, 2, "GPU", 3)
    assert s.to_string() == "/job:worker/replica:1/task:2/device:GPU:3"
    merged = DeviceSpec.from_string("/job:a/cpu:0").make_merged_spec(DeviceSpec(device_index=1))
    assert merged.to_string() == "/job:a/device:CPU:1"
    assert tf.DeviceSpec(device_type="CPU", device_index=0).to_string() == "/device:CPU:0"


def test_memory_growth_and_soft_placement_flags():
    cpu = tf.config.list_physical_devices("CPU")[0]
    with pytest.raises(ValueError, match="Cannot set memory growth on non-GPU and non-Pluggable"):
        tf.config.experimental.set_memory_growth(cpu, True)
    assert tf.config.get_soft_device_placement() is True
