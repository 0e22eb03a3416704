"""Logical devices (one CPU split in two, as TF allows) and the array-backend seam."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as dev
from eagerflow._src.ops.registry import all_ops
from eagerflow._src.testing import op_harness as H

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> str:
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                       text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_split_cpu_into_logical_devices_and_place_ops():
    out = _run("""
        import eagerflow as tf
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(
            cpu, [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])
        print(tf.config.list_logical_devices())
        print(len(tf.config.list_physical_devices("CPU")))
        with tf.device("/cpu:1"):
            t = tf.constant(1.0)
            u = tf.identity(t)
        print(t.device)
        with tf.device("/cpu:0"):
            print(tf.identity(u).device)
        s = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
        print(s.extended.worker_devices)
        try:
            one = [tf.config.LogicalDeviceConfiguration()]
            tf.config.set_logical_device_configuration(cpu, one)
        except RuntimeError as e:
            print("RuntimeError:", e)
    """).splitlines()
    assert out[0] == ("[LogicalDevice(name='/device:CPU:0', device_type='CPU'), "
                      "LogicalDevice(name='/device:CPU:1', device_type='CPU')]")
    assert out[1] == "1"
    assert out[2] == "/job:localhost/replica:0/task:0/device:CPU:1"
    assert out[3] == "/job:localhost/replica:0/task:0/device:CPU:0"  # identity copies across
    assert "CPU:1" in out[4] and "CPU:0" in out[4]
    assert out[5] == "RuntimeError: Virtual devices cannot be modified after being initialized"


def test_gpu_request_falls_back_to_cpu_and_memory_growth_rules():
    with tf.device("/gpu:0"):
        t = tf.constant(1.0)
    assert t.device == "/job:localhost/replica:0/task:0/device:CPU:0"
    cpu = tf.config.list_physical_devices("CPU")[0]
    with pytest.raises(ValueError, match="non-GPU"):
        tf.config.experimental.set_memory_growth(cpu, True)
    assert tf.config.get_logical_device_configuration(cpu) is None


class _WrappedNumpy:
    """A test backend: NumPy behind a wrapper that records which functions kernels call."""

    def __init__(self) -> None:
        self.calls: set = set()

    def __getattr__(self, name: str):
        target = getattr(np, name)
        if callable(target) and not isinstance(target, type):
            return _Recorded(self.calls, name, target)
        return target


class _Recorded:
    """A NumPy function (or ufunc, with .reduce and friends) that notes its use."""

    def __init__(self, calls: set, name: str, target) -> None:
        self._calls, self._name, self._target = calls, name, target

    def __call__(self, *args, **kwargs):
        self._calls.add(self._name)
        return self._target(*args, **kwargs)

    def __getattr__(self, attr: str):
        self._calls.add(self._name)
        return getattr(self._target, attr)


@pytest.fixture
def test_backend():
    backend = _WrappedNumpy()
    dev.register_device("XPU", 0, backend)
    try:
        yield backend
    finally:
        dev.unregister_device("XPU", 0)


SAMPLES = [(op, s) for op in sorted(all_ops(), key=lambda o: o.name)
           for s in op.samples[:1] if not op.stateful]


def test_registry_runs_on_a_second_backend(test_backend):
    """Every op's kernel runs through the device's array module with the same results."""
    for op, sample in SAMPLES:
        want = H.run(op, sample)
        with tf.device("/device:XPU:0"):
            got = H.run(op, sample)
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert g.device == "/job:localhost/replica:0/task:0/device:XPU:0", op.name
            np.testing.assert_array_equal(np.asarray(g._arr), np.asarray(w._arr),
                                          err_msg=op.name)
    # the seam is real: kernels reached the backend's functions (not NumPy directly)
    assert {"add", "matmul", "exp", "transpose"} <= test_backend.calls
