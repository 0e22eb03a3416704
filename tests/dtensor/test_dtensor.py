"""tf.experimental.dtensor against TF 2.21: the concepts guide's cases (dtensor_cases.py,
recorded by record_dtensor_golden.py) run in a process of their own, split into six
logical CPUs; and gradients through sharded ops equal the unsharded ones."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import tf_logging

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GOLDEN = json.loads((HERE / "dtensor_golden.json").read_text())


def _run(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(HERE)]),
           "CUDA_VISIBLE_DEVICES": "", "EAGERFLOW_STANDIN_GPUS": ""}
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                       text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.fixture(scope="module")
def concepts() -> dict:
    return json.loads(_run("""
        import json
        import eagerflow as tf
        import dtensor_cases
        print(json.dumps(dtensor_cases.run(tf)))
    """))


# Where eagerflow differs from TF 2.21 (docs/capabilities.md says so), as strict xfails
KNOWN = {
    "fn step": "a reduction's gradient in a function is TF's Reshape and Tile of the seed, "
               "whose layout eagerflow infers forward only (replicated): the variable's "
               "gradient is unsharded where TF's layout propagation, which also reads an "
               "op's consumers, gives it the variable's (unsharded, model)",
}


@pytest.mark.parametrize("label", sorted(GOLDEN["concepts"]))
def test_concepts_case_as_tf(concepts: dict, label: str, request: Any) -> None:
    if label in KNOWN:
        request.applymarker(pytest.mark.xfail(reason=KNOWN[label], strict=True))
    assert concepts[label] == GOLDEN["concepts"][label]


def test_accelerator_system_as_tf() -> None:
    got = json.loads(_run("""
        import json
        import eagerflow as tf
        import dtensor_system_cases
        print(json.dumps(dtensor_system_cases.run(tf)))
    """))
    assert got == GOLDEN["system"]


def test_dtensor_loads_on_first_use() -> None:
    out = _run("""
        import sys
        import eagerflow as tf
        print("eagerflow._src.dtensor.tensor" in sys.modules)
        tf.experimental.dtensor.Layout
        print("eagerflow._src.dtensor.tensor" in sys.modules)
    """).split()
    assert out == ["False", "True"]


def test_gradients_through_sharded_matmuls_equal_unsharded() -> None:
    out = _run("""
        import json
        import numpy as np
        import eagerflow as tf
        dtensor = tf.experimental.dtensor
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(
            cpu, [tf.config.LogicalDeviceConfiguration()] * 4)
        mesh = dtensor.create_mesh([("batch", 2), ("model", 2)])
        L = dtensor.Layout
        rng = np.random.RandomState(0)
        xs, ws = rng.randn(4, 6).astype(np.float32), rng.randn(6, 4).astype(np.float32)
        res = {}
        for name, lx, lw in [("data", ["batch", "unsharded"], ["unsharded", "unsharded"]),
                             ("model", ["batch", "unsharded"], ["unsharded", "model"]),
                             ("contract", ["batch", "model"], ["model", "unsharded"])]:
            x = dtensor.copy_to_mesh(tf.constant(xs), L(lx, mesh))
            w = dtensor.copy_to_mesh(tf.constant(ws), L(lw, mesh))
            with tf.GradientTape() as tape:
                tape.watch([x, w])
                y = tf.nn.relu(tf.matmul(x, w))
                loss = tf.reduce_mean(tf.reduce_sum(y * y, axis=1))
            gx, gw = tape.gradient(loss, [x, w])
            res[name] = {
                "y": dtensor.fetch_layout(y).sharding_specs,
                "loss": dtensor.fetch_layout(loss).sharding_specs,
                "values": [np.concatenate([c.numpy().ravel() for c in dtensor.unpack(t)])
                           .tolist() for t in (y, loss, gx, gw)],
                "global": [dtensor.relayout(t, L.replicated(mesh, t.shape.rank)).numpy()
                           .tolist() for t in (y, loss, gx, gw)]}
        x, w = tf.constant(xs), tf.constant(ws)
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            y = tf.nn.relu(tf.matmul(x, w))
            loss = tf.reduce_mean(tf.reduce_sum(y * y, axis=1))
        res["plain"] = [t.numpy().tolist() for t in [y, loss] + tape.gradient(loss, [x, w])]
        print(json.dumps(res))
    """)
    res = json.loads(out)
    assert res["data"]["y"] == ["batch", "unsharded"]
    assert res["model"]["y"] == ["batch", "model"]
    assert res["contract"]["y"] == ["batch", "unsharded"]
    for name in ("data", "model", "contract"):
        assert res[name]["loss"] == []
        for got, want in zip(res[name]["global"], res["plain"]):
            np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


def test_run_on_logs_tf_deprecation_notice_once(caplog: pytest.LogCaptureFixture) -> None:
    dtensor = tf.experimental.dtensor
    mesh = dtensor.create_mesh([("x", 1)], devices=["CPU:0"])
    tf_logging._deprecations_shown.discard("run_on")  # (as in a fresh process)
    with caplog.at_level("WARNING", logger="tensorflow"):
        for _ in range(2):
            with dtensor.run_on(mesh):
                assert dtensor.get_default_mesh() == mesh
    notices = [r.getMessage() for r in caplog.records if "run_on" in r.getMessage()]
    assert len(notices) == 1
    assert notices[0].endswith(
        ": run_on (from tensorflow.dtensor.python.api) is deprecated and will be removed "
        "in a future version.\nInstructions for updating:\nUse `dtensor.default_mesh` "
        "scope instead.")
    assert notices[0].startswith(f"From {__file__}:")
    assert dtensor.get_default_mesh() is None


def test_dtensor_checkpoint_logs_tf_deprecation_notice(caplog: pytest.LogCaptureFixture,
                                                       tmp_path: Path) -> None:
    dtensor = tf.experimental.dtensor
    mesh = dtensor.create_mesh([("x", 1)], devices=["CPU:0"])
    v = dtensor.DVariable(dtensor.copy_to_mesh(tf.constant([1.0, 2.0]),
                                               dtensor.Layout.replicated(mesh, 1)))
    tf_logging._deprecations_shown.discard("DTensorCheckpoint.__init__")
    with caplog.at_level("WARNING", logger="tensorflow"):
        ckpt = dtensor.DTensorCheckpoint(mesh, v=v)
    notices = [r.getMessage() for r in caplog.records if "DTensorCheckpoint" in r.getMessage()]
    assert len(notices) == 1
    assert notices[0].startswith(f"From {__file__}:")
    assert "DTensorCheckpoint.__init__ (from tensorflow.dtensor.python.d_checkpoint) is " \
        "deprecated" in notices[0]
    path = ckpt.save(str(tmp_path / "c"))
    v.assign(dtensor.copy_to_mesh(tf.zeros((2,)), dtensor.Layout.replicated(mesh, 1)))
    ckpt.restore(path).assert_consumed()
    assert v.read_value().numpy().tolist() == [1.0, 2.0]
