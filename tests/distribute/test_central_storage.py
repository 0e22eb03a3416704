"""CentralStorageStrategy against TF 2.21: central_storage_cases.py's scenarios, run here
and compared with what they returned under TF (strategies_golden.json, recorded by
record_strategies_golden.py): devices, variables, replica writes and their errors,
run/reduce/input, a custom loop, Keras fit/evaluate/predict and checkpoints."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.core import device
from tests.distribute import central_storage_cases as cases

GOLDEN = json.loads((Path(__file__).with_name("strategies_golden.json")).read_text())
CSS = GOLDEN["central_storage"]
ROOT = Path(__file__).resolve().parents[2]


def assert_close(got, want, path="") -> None:
    """Equal structures; floats to float32 rounding (TF's kernels sum in another order)."""
    if isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), path
        for k in want:
            assert_close(got[k], want[k], f"{path}/{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (path, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            assert_close(g, w, f"{path}[{i}]")
    elif isinstance(want, float):
        assert got == pytest.approx(want, rel=2e-6, abs=1e-6), (path, got, want)
    else:
        assert got == want, (path, got, want)


@pytest.mark.parametrize("name", sorted(cases.SCENARIOS))
def test_scenario_as_tf(name):
    with device.standin_gpus(0):  # (recorded on a machine without GPUs: none posed here)
        assert_close(cases.SCENARIOS[name](tf, keras), CSS[name], name)


def test_checkpoints_as_tf(tmp_path):
    assert_close(cases.checkpoint(tf, keras, str(tmp_path / "ckpt")), CSS["checkpoint"])


def test_logical_cpus_as_tf():
    # the CPU split into logical devices must happen first, so in a fresh process
    code = ("import json, eagerflow as tf; from eagerflow import keras;"
            "from tests.distribute import central_storage_cases as c;"
            "print(json.dumps(c.logical_devices(tf, keras)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={"PATH": "", "EAGERFLOW_STANDIN_GPUS": ""})
    assert out.returncode == 0, out.stderr[-2000:]
    assert_close(json.loads(out.stdout.splitlines()[-1]), CSS["logical"])


def test_traced_replica_writes_aggregate_once():
    """A replica function traced once for both replicas: the MEAN write is the mean of the
    replicas' values, written once (both read it back), the NONE write refused."""
    s = tf.distribute.experimental.CentralStorageStrategy(cases.TWO)
    with s.scope():
        w = tf.Variable([0.0, 0.0], aggregation=tf.VariableAggregation.MEAN)
        v = tf.Variable(0.0)

    @tf.function
    def step(x):
        w.assign_add(x)
        return w.read_value()

    xs = s.experimental_distribute_values_from_function(
        lambda ctx: tf.constant([1.0, 3.0]) * float(ctx.replica_id_in_sync_group + 1))
    out = s.run(step, args=(xs,))
    assert [r.numpy().tolist() for r in out.values] == [[1.5, 4.5], [1.5, 4.5]]
    assert w.numpy().tolist() == [1.5, 4.5]
    with pytest.raises(ValueError, match="specify an aggregation method"):
        s.run(tf.function(lambda: v.assign(1.0)))
    assert float(v) == 0.0  # refused before writing


def test_variable_on_parameter_device_and_replicas_on_compute_devices():
    s = tf.distribute.experimental.CentralStorageStrategy(cases.TWO, parameter_device="/cpu:0")
    with s.scope():
        v = tf.Variable(np.ones(3, np.float32))
    assert s.parameter_devices == ("/cpu:0",)
    assert v.device.endswith("CPU:0") and v.get() is v
    ids = s.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group)
    assert [int(i) for i in s.experimental_local_results(ids)] == [0, 1]
    with pytest.raises(RuntimeError, match="Mixing different tf.distribute.Strategy"):
        with s.scope(), tf.distribute.MirroredStrategy(cases.TWO).scope():
            pass


def test_standin_gpus_compute_variables_on_the_cpu():
    """Two (stand-in) GPUs: the default strategy computes on both, keeps the variables on
    the CPU, and Keras fit gives TF's numbers (recorded on two CPU replicas)."""
    code = ("import json, eagerflow as tf; from eagerflow import keras\n"
            "from tests.distribute import central_storage_cases as c\n"
            "s = tf.distribute.experimental.CentralStorageStrategy()\n"
            "with s.scope():\n    v = tf.Variable(1.0)\n"
            "d = s.run(lambda: tf.constant(1.0).device)\n"
            "print(json.dumps([s.extended.worker_devices, list(s.extended.parameter_devices),"
            " v.device, list(map(str, d.values))]))\n"
            "print(json.dumps(c.keras_fit(tf, keras)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={"PATH": "", "EAGERFLOW_STANDIN_GPUS": "2"})
    assert out.returncode == 0, out.stderr[-2000:]
    devices, fit = (json.loads(line) for line in out.stdout.splitlines()[-2:])
    gpus = [f"/job:localhost/replica:0/task:0/device:GPU:{i}" for i in range(2)]
    assert devices == [gpus, ["/device:CPU:0"], "/job:localhost/replica:0/task:0/device:CPU:0",
                       gpus]
    assert_close(fit, CSS["keras_fit"])
