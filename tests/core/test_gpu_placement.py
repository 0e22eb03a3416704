"""Devices as TF 2.21 has them on a GPU machine, tested on the strict stand-in posing as
GPUs (core/device.py's standin_gpus, or EAGERFLOW_STANDIN_GPUS in a subprocess): GPU:0 by
default, tf.device scopes, copies on use, host copies for NumPy, variables staying where
they were made, soft placement of host-only ops, tf.config's GPU APIs, placement logging,
and checkpoints moving between devices."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend.strict import StrictArray
from eagerflow._src.core import device as D
from eagerflow._src.core import tf_logging
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY
from tests.child_env import pythonpath

CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"
GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
GPU1 = "/job:localhost/replica:0/task:0/device:GPU:1"


@pytest.fixture
def gpus():
    with D.standin_gpus(2) as backend:
        yield backend


def test_listings_and_default_placement(gpus):
    assert tf.config.list_physical_devices("GPU") == [
        tf.config.PhysicalDevice("/physical_device:GPU:0", "GPU"),
        tf.config.PhysicalDevice("/physical_device:GPU:1", "GPU")]
    assert [d.name for d in tf.config.list_logical_devices()] == [
        "/device:CPU:0", "/device:GPU:0", "/device:GPU:1"]
    assert tf.test.gpu_device_name() == "/device:GPU:0"
    x = tf.constant([1.0, 2.0])
    y = x * 2 + 1
    assert x.device == GPU0 and y.device == GPU0
    assert type(y._arr) is StrictArray  # really on the device, not a relabelled host array
    np.testing.assert_array_equal(y.numpy(), [3.0, 5.0])


@pytest.mark.parametrize("spec,want", [("/GPU:0", GPU0), ("/gpu:0", GPU0), ("/gpu:1", GPU1),
                                       ("/device:GPU:1", GPU1), ("/CPU:0", CPU0),
                                       ("/cpu:0", CPU0), ("/gpu:7", GPU0), ("", GPU0),
                                       ("/job:localhost", GPU0)])
def test_scopes_place_ops_and_new_tensors(gpus, spec, want):
    with tf.device(spec):
        c = tf.constant(3.0)
        r = tf.maximum(tf.zeros([2]), c) + c
    assert c.device == want and r.device == want
    assert (type(r._arr) is np.ndarray) == (want == CPU0)


def test_inputs_from_another_device_are_copied_on_use(gpus):
    with tf.device("/cpu:0"):
        a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.device("/gpu:1"):
        b = tf.constant([[1.0], [1.0]])
    c = tf.matmul(a, b)  # on GPU:0, from CPU:0 and GPU:1
    assert c.device == GPU0 and c._arr.device == 0
    np.testing.assert_array_equal(c.numpy(), [[3.0], [7.0]])
    with tf.device("/cpu:0"):
        d = c + b  # GPU arrays come to the host: the CPU kernels refuse device arrays
    assert d.device == CPU0 and type(d._arr) is np.ndarray
    np.testing.assert_array_equal(d.numpy(), [[4.0], [8.0]])
    assert a.gpu(1).device == GPU1 and c.cpu().device == CPU0
    np.testing.assert_array_equal(c.cpu().numpy(), c.numpy())


def test_numpy_interop_copies_to_the_host(gpus):
    t = tf.constant([1.0, 4.0])
    assert type(t.numpy()) is np.ndarray
    np.testing.assert_array_equal(np.asarray(t), [1.0, 4.0])
    np.testing.assert_array_equal(np.sqrt(t), [1.0, 2.0])
    assert float(tf.reduce_sum(t)) == 5.0 and int(tf.constant(3)) == 3
    assert bool(tf.constant(True)) and [int(v) for v in tf.constant([1, 2])] == [1, 2]
    assert "numpy=array([1., 4.], dtype=float32)" in repr(t)
    s = tf.constant(5)
    assert list(range(10))[s] == 5  # __index__ through the host


def test_variables_live_where_they_were_made(gpus):
    v = tf.Variable([1.0, 2.0])
    with tf.device("/cpu:0"):
        w = tf.Variable([10.0, 20.0])
        v.assign_add([1.0, 1.0])  # the update runs where the variable is
    assert v.device == GPU0 and w.device == CPU0
    assert type(v._arr) is StrictArray and type(w._arr) is np.ndarray
    w.assign(v)  # a GPU value written into a CPU variable: copied
    assert w.device == CPU0 and type(w._arr) is np.ndarray
    np.testing.assert_array_equal(w.numpy(), [2.0, 3.0])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v * w)
    g = tape.gradient(loss, [v, w])
    assert g[0].device == GPU0
    np.testing.assert_array_equal(g[0].numpy(), [2.0, 3.0])
    assert "numpy=array([2., 3.], dtype=float32)" in repr(v)


def test_host_only_ops_run_on_cpu_by_soft_placement(gpus, tmp_path):
    s = tf.strings.join([tf.constant("a"), tf.constant("b")])
    assert s.device == CPU0 and s.numpy() == b"ab"
    n = tf.strings.length(s)
    assert n.device == CPU0 and int(n) == 2
    path = str(tmp_path / "f.txt")
    tf.io.write_file(path, "hi")
    assert tf.io.read_file(path).device == CPU0
    x = tf.strings.to_number(tf.constant(["1.5"])) + tf.constant([1.0])
    assert x.device == GPU0 and x.numpy()[0] == 2.5
    # string scalars are host arrays, not host numbers a device's ufunc takes (a real
    # GPU found StructuredTensor's == sending two to CuPy's `equal`)
    from eagerflow._src.ops.math import equal
    e = equal(tf.constant(b"x"), tf.constant(b"x"))
    assert e.device == CPU0 and bool(e)
    s = tf.experimental.StructuredTensor.from_pyval({"a": b""})
    assert bool(s == tf.nest.pack_sequence_as(s, tf.nest.flatten(s, expand_composites=True),
                                              expand_composites=True))


def test_host_placed_ops_check_their_sizes_against_host_memory(gpus, monkeypatch):
    # a GPU of 64 KiB: ops placed on the host by soft placement must not ask it
    monkeypatch.setattr(gpus, "too_big", lambda nbytes: nbytes > 1 << 16)
    text = tf.constant([" ".join(["w"] * 10_000)])
    indices, values, _ = bind(REGISTRY["StringSplitV2"], (text, tf.constant("")),
                              {"maxsplit": -1})  # 160 KB of indices
    assert indices.device == CPU0 and values.shape == [10_000]
    numbers = tf.strings.as_string(tf.range(1000), width=100)  # refused past 164 KB
    assert numbers.device == CPU0 and numbers.numpy()[7] == b" " * 99 + b"7"
    grams = tf.strings.ngrams(values, 2)  # 10 KB of strings, refused past 80 KB
    assert grams.device == CPU0 and grams.shape == [9_999]
    with pytest.raises(tf.errors.ResourceExhaustedError, match=r"GPU:0 by allocator GPU_0_bfc"):
        tf.zeros([1 << 15])  # the GPU's own ops still ask it


def test_visible_devices_memory_and_growth(gpus):
    gpu = tf.config.list_physical_devices("GPU")[0]
    tf.config.experimental.set_memory_growth(gpu, True)
    assert tf.config.experimental.get_memory_growth(gpu) is True
    info = tf.config.experimental.get_memory_info("GPU:0")
    assert set(info) == {"current", "peak"}
    assert tf.config.experimental.get_memory_usage("GPU:0") == info["current"]
    with pytest.raises(ValueError, match="Allocator stats not available for device 'CPU:0'"):
        tf.config.experimental.get_memory_info("CPU:0")  # as TF: the host keeps no counts
    assert tf.config.experimental.get_device_details(gpu) == {}  # the stand-in has none
    with pytest.raises(ValueError, match="No matching devices found for 'GPU:5'"):
        tf.config.experimental.get_memory_info("GPU:5")
    with pytest.raises(ValueError, match="Failed parsing device name: 'GPU'"):
        tf.config.experimental.get_memory_info("GPU")
    tf.config.set_visible_devices([tf.config.list_physical_devices("CPU")[0]])
    assert tf.config.list_logical_devices("GPU") == []
    assert tf.constant(1.0).device == CPU0  # nothing visible: back to the CPU
    with tf.device("/gpu:0"):
        assert tf.constant(1.0).device == CPU0


def test_log_device_placement_lines(gpus, capsys, monkeypatch):
    # (TF's C++ INFO lines: shown whatever TF_CPP_MIN_LOG_LEVEL the tests run under)
    monkeypatch.setitem(tf_logging._AT_IMPORT, "cpp_level", 0)
    tf.debugging.set_log_device_placement(True)
    try:
        x = tf.constant([1.0, 2.0])
        x + x
        tf.reduce_sum(x)
        with tf.device("/cpu:0"):
            tf.exp(x)
        tf.strings.join(["a", "b"])
    finally:
        tf.debugging.set_log_device_placement(False)
    lines = [ln.split("] ", 1)[1] for ln in capsys.readouterr().err.splitlines()]
    assert lines == [f"Executing op AddV2 in device {GPU0}", f"Executing op Sum in device {GPU0}",
                     f"Executing op Exp in device {CPU0}",
                     f"Executing op StringJoin in device {CPU0}"]
    tf.constant(1.0) + 1.0
    assert capsys.readouterr().err == ""


def test_checkpoints_move_between_devices(gpus, tmp_path):
    v = tf.Variable([1.0, 2.0, 3.0])
    prefix = tf.train.Checkpoint(v=v).save(str(tmp_path / "gpu"))
    with tf.device("/cpu:0"):
        w = tf.Variable(tf.zeros([3]))
    tf.train.Checkpoint(v=w).restore(prefix)
    assert w.device == CPU0 and type(w._arr) is np.ndarray
    np.testing.assert_array_equal(w.numpy(), [1.0, 2.0, 3.0])
    w.assign([7.0, 8.0, 9.0])
    prefix = tf.train.Checkpoint(v=w).save(str(tmp_path / "cpu"))
    tf.train.Checkpoint(v=v).restore(prefix)
    assert v.device == GPU0 and type(v._arr) is StrictArray
    np.testing.assert_array_equal(v.numpy(), [7.0, 8.0, 9.0])


def test_the_standin_refuses_what_cupy_refuses(gpus):
    t = tf.constant([1.0, 2.0])
    with pytest.raises(TypeError, match="Implicit conversion to a NumPy array is not allowed"):
        np.asarray(t._arr)
    with pytest.raises(TypeError):
        np.exp(t._arr)  # NumPy's functions refuse device arrays
    with pytest.raises(TypeError, match="Unsupported type"):
        gpus.xp.add(t._arr, np.ones(2, np.float32))
    with pytest.raises(AttributeError, match="CuPy has none"):
        gpus.xp.errstate  # noqa: B018 - NumPy has it, CuPy does not
    with tf.device("/gpu:1"):
        u = tf.constant([1.0, 2.0])
    with pytest.raises(ValueError, match="different from the current device"):
        gpus.xp.add(t._arr, u._arr)  # arrays of two devices: a missing copy
    with pytest.raises(TypeError, match="Unsupported dtype"):
        gpus.xp.asarray(np.array(["a"]))
    for text in (b"a", "a", np.bytes_(b"a")):  # CuPy's scalars are numbers only
        with pytest.raises(TypeError, match="Unsupported type"):
            gpus.xp.equal(text, text)


def _run(code: str, **env: str) -> str:
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                       text=True, env={**os.environ, "PYTHONPATH": pythonpath(),
                           **env}, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_standin_gpus_from_the_environment():
    out = _run("""
        import eagerflow as tf
        print(tf.config.list_physical_devices("GPU"))
        print(tf.constant(1.0).device, tf.identity(tf.constant("s")).device)
    """, EAGERFLOW_STANDIN_GPUS="1").splitlines()
    assert out[0] == "[PhysicalDevice(name='/physical_device:GPU:0', device_type='GPU')]"
    assert out[1] == f"{GPU0} {CPU0}"


def test_no_gpu_means_no_cupy_import():
    out = _run("""
        import sys
        import eagerflow as tf
        tf.constant(1.0) + 1.0
        print(tf.config.list_physical_devices("GPU"), "cupy" in sys.modules)
    """, EAGERFLOW_STANDIN_GPUS="", CUDA_VISIBLE_DEVICES="")  # a machine without GPUs
    assert out.strip() == "[] False"
