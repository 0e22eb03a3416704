"""Logical devices (one CPU split in two, as TF allows)."""

import os
import subprocess
import sys
import textwrap

import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from tests.child_env import pythonpath


def _run(code: str) -> str:
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                       text=True, env={**os.environ, "PYTHONPATH": pythonpath(),
                           "CUDA_VISIBLE_DEVICES": "", "EAGERFLOW_STANDIN_GPUS": ""},
                       timeout=120)  # a machine without GPUs
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
    with D.standin_gpus(0), tf.device("/gpu:0"):  # a machine without GPUs
        t = tf.constant(1.0)
    assert t.device == "/job:localhost/replica:0/task:0/device:CPU:0"
    cpu = tf.config.list_physical_devices("CPU")[0]
    with pytest.raises(ValueError, match="non-GPU"):
        tf.config.experimental.set_memory_growth(cpu, True)
    assert tf.config.get_logical_device_configuration(cpu) is None
