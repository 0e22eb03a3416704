"""The accelerator system (initialize/shutdown, create_distributed_mesh, TPU paths):
cases run in a process of their own, before anything else starts the runtime (TF
requires it), by record_dtensor_golden.py with TF 2.21 and test_dtensor.py with eagerflow."""

from __future__ import annotations

from typing import Any


def run(tf: Any) -> dict:
    out: dict = {}

    def show(label: str, fn: Any) -> None:
        try:
            out[label] = "-> " + str(fn())
        except Exception as e:  # noqa: BLE001 - the error is the case's result
            lines = str(e).strip().splitlines()
            out[label] = f"!! {type(e).__name__} {(lines[0] if lines else '')[:400]}"

    dtensor = tf.experimental.dtensor
    show("mesh before init", lambda: dtensor.create_distributed_mesh([("x", 1)]))
    show("shutdown before init", lambda: dtensor.shutdown_accelerator_system())
    show("init bad type", lambda: dtensor.initialize_accelerator_system("XPU"))
    show("init", lambda: dtensor.initialize_accelerator_system("CPU", num_logical_cpu_devices=4))
    show("devices", lambda: [d.name for d in tf.config.list_logical_devices("CPU")])
    show("init again", lambda: dtensor.initialize_accelerator_system("CPU"))
    show("distributed mesh", lambda: dtensor.create_distributed_mesh([("x", 4)],
                                                                     device_type="CPU"))
    show("distributed mesh dict", lambda: dtensor.create_distributed_mesh(
        {"x": 2, "y": 2}, mesh_name="m"))
    show("distributed mesh local devices", lambda: dtensor.create_distributed_mesh(
        [("x", 2)], local_devices=["CPU:0", "CPU:1"]))
    show("distributed mesh bad size", lambda: dtensor.create_distributed_mesh([("x", 3)]))
    show("distributed mesh conflicting", lambda: dtensor.create_distributed_mesh(
        [("x", 2)], local_devices=["CPU:0", "CPU:1"], device_type="GPU"))
    show("distributed mesh TPU", lambda: dtensor.create_distributed_mesh(
        [("x", 4)], device_type="TPU"))
    show("distributed mesh TPU devices", lambda: dtensor.create_distributed_mesh(
        [("x", 1)], local_devices=["CPU:0"], device_type="TPU"))
    show("tpu mesh", lambda: dtensor.create_tpu_mesh(["x"], [4], "m"))
    show("ops run", lambda: float((tf.constant(1.0) + 1.0).numpy()))
    show("shutdown", lambda: dtensor.shutdown_accelerator_system())
    show("init after shutdown", lambda: dtensor.initialize_accelerator_system("CPU"))
    show("tpu init while initialized", lambda: dtensor.initialize_tpu_system())
    show("shutdown tpu", lambda: dtensor.shutdown_tpu_system())
    show("multi client", lambda: dtensor.initialize_multi_client())
    show("init after devices listed", lambda: (dtensor.shutdown_accelerator_system(),
                                               tf.config.list_logical_devices(),
                                               dtensor.initialize_accelerator_system("CPU")))
    return out
