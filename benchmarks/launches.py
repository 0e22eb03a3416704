"""What one training step asks of a GPU, counted on the strict stand-in (no GPU needed):
kernel launches by kind, host <-> device copies, and the host's Python bytecodes.

    python benchmarks/launches.py [--batch 32] [--policy mixed_bfloat16] [--json FILE]

On a GPU an eager step of a small model is bound by the host: each op's Python plumbing
plus one CuPy launch (~5-10 us of host time each), and each read back from the device
(a synchronization). The stand-in counts the launches where CuPy would make them
(`strict.count_launches`: a ufunc, a reduction, a copy, a fill, a cuBLAS product, an
ElementwiseKernel call each count one) and the copies (`strict_streams.count_transfers`); the
bytecodes are counted with sys.settrace's opcode events over one step, by where they ran
(the stand-in's own array wrapper is CuPy's C code on a GPU, so it is left out of the
eagerflow figure). Rows: the eager guide's CNN train step (benchmarks/guide.py: Adam, a
from-logits cross entropy) and the MLP step of benchmarks/rows.py (plain SGD by
assign_sub), each eager, under tf.function, and under tf.function replayed as a CUDA
graph (EAGERFLOW_CUDA_GRAPHS: one graph launch, the inputs copied in and the loss out).
`--policy` makes the models under a Keras mixed precision policy. `--resnet` adds
benchmarks/gpu.py's ResNet-50 step (Keras's application, SGD with momentum) at 32x32,
eager (a deep model's plumbing: its layers, variable reads, tape and updates, ~1,000
kernel calls a step), traced (~2,500: Keras's batch norm is TF's composite there) and
replayed. `--fake-cudnn` runs convolutions down cuDNN's path, as on a GPU with the
binding, through tests/backend/test_cudnn_layout.py's stand-in for the binding.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from device_overhead import count_bytecodes  # noqa: E402


def cnn_step(tf: object, batch: int) -> tuple:
    """The guide CNN's eager train step and its arguments."""
    import numpy as np
    from guide import guide_model, guide_train_step

    step = guide_train_step(tf, guide_model(tf))
    rng = np.random.default_rng(0)
    images = tf.constant(rng.normal(size=(batch, 28, 28, 1)).astype("float32"))
    labels = tf.constant(rng.integers(0, 10, size=(batch,)).astype("int64"))
    return step, (images, labels)


def mlp_step(tf: object, batch: int, nin: int = 784, nh: int = 128, nout: int = 10) -> tuple:
    """benchmarks/rows.py's MLP step (784-128-10 unless given, SGD by assign_sub) and its
    arguments."""
    import numpy as np

    rng = [np.random.default_rng(i) for i in range(4)]
    w1 = tf.Variable(rng[2].normal(0, 0.05, (nin, nh)).astype("float32"))
    b1 = tf.Variable(np.zeros(nh, "float32"))
    w2 = tf.Variable(rng[3].normal(0, 0.05, (nh, nout)).astype("float32"))
    b2 = tf.Variable(np.zeros(nout, "float32"))
    params = [w1, b1, w2, b2]

    def step(x: object, y: object) -> object:
        with tf.GradientTape() as tape:
            h = tf.nn.relu(tf.matmul(x, w1) + b1)
            logits = tf.matmul(h, w2) + b2
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
        grads = tape.gradient(loss, params)
        for p, g in zip(params, grads):
            p.assign_sub(0.01 * g)
        return loss

    x = tf.constant(rng[0].normal(size=(batch, nin)).astype("float32"))
    y = tf.constant(rng[1].integers(0, nout, batch).astype("int64"))
    return step, (x, y)


def resnet_step(tf: object, batch: int, side: int = 32) -> tuple:
    """benchmarks/gpu.py's ResNet-50 eager train step (10 classes) and its arguments."""
    import numpy as np
    from gpu import _keras_step

    model = tf.keras.applications.ResNet50(weights=None, input_shape=(side, side, 3),
                                           classes=10)
    rng = np.random.default_rng(0)
    images = tf.constant(rng.normal(size=(batch, side, side, 3)).astype("float32"))
    labels = tf.constant(rng.integers(0, 10, size=(batch,)).astype("int64"))
    return _keras_step(tf, model), (images, labels)


def fake_cudnn(strict: object) -> None:
    """Convolutions on the stand-in down cuDNN's path (backend/cudnn.py), the binding
    replaced by the tests' FakeCudnn (cuDNN's semantics computed with NumPy)."""
    import importlib.util

    path = HERE.parent / "tests" / "backend" / "test_cudnn_layout.py"
    spec = importlib.util.spec_from_file_location("cudnn_layout_tests", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    engines = module.fake_engines(module.FakeCudnn())
    strict.StrictBackend.conv_engine = lambda self, dtype, rank, groups: \
        engines.get(0, dtype, rank, groups)


def place_of(f: str) -> str:
    """eagerflow's Python (its plumbing, kernels and generated code), the stand-in's array
    wrapper and counters (CuPy's C code on a GPU), other Python (NumPy's Python functions,
    the standard library)."""
    return "stand-in" if "backend/strict" in f else \
        "eagerflow" if "eagerflow" in f or f.startswith("<tf.function") else "other"


def measure(tf: object, strict: object, step: object, args: tuple) -> dict:
    """Launches, transfers and bytecodes of one warm step."""
    from eagerflow._src.backend import strict_streams

    for _ in range(3):  # warm: traced, slots built, caches filled
        step(*args)
    with strict.count_launches() as launches, strict_streams.count_transfers() as moved:
        step(*args)
    codes = count_bytecodes(step, args, place_of, ("eagerflow", "stand-in", "other"))
    return {"launches": dict(launches), "to_host": moved["to_host"],
            "to_device": moved["to_device"], "bytecodes": codes}


def main(argv: list | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--policy", default="float32", help="Keras's mixed precision policy")
    p.add_argument("--json", help="also write the figures to this file")
    p.add_argument("--resnet", action="store_true",
                   help="also the ResNet-50 step, eager, at batch 2 (~20 s here)")
    p.add_argument("--fake-cudnn", action="store_true",
                   help="convolutions down cuDNN's path, its binding the tests' fake")
    a = p.parse_args(argv)
    os.environ["EAGERFLOW_STANDIN_GPUS"] = "1"
    import eagerflow as tf
    from eagerflow._src.backend import strict
    from eagerflow._src.graph import device_program

    if a.fake_cudnn:
        fake_cudnn(strict)
    tf.keras.mixed_precision.set_global_policy(a.policy)
    rows = {}
    cases = [("guide CNN", cnn_step, a.batch), ("MLP", mlp_step, a.batch)]
    if a.resnet:
        cases.append(("ResNet-50", resnet_step, 2))
    for name, make, batch in cases:
        for mode in ("eager", "tf.function", "CUDA graph"):
            step, args = make(tf, batch)
            device_program.CUDA_GRAPHS[0] = mode == "CUDA graph"
            if mode != "eager":
                step = tf.function(step)
            r = rows[f"{name} {mode}"] = measure(tf, strict, step, args)
            kinds = ", ".join(f"{k} {v}" for k, v in r["launches"].items() if k != "total")
            print(f"{name + ' ' + mode:<24} launches {r['launches']['total']:>4} ({kinds}); "
                  f"transfers {r['to_host']} to host, {r['to_device']} to device; bytecodes "
                  f"{r['bytecodes']['eagerflow']} eagerflow, {r['bytecodes']['stand-in']} "
                  f"stand-in, {r['bytecodes']['other']} other")
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
