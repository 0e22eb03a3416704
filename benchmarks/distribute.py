"""Step time of 1 vs 2 replicas: a small Keras model trained on MNIST under tf.distribute.

    python benchmarks/distribute.py [--data /work/shared/data/mnist.npz] [--steps 60]
                                    [--batch 64 256] [--model mlp|cnn]

Runs the seeds' custom loop (`@tf.function def train_step(dist_inputs):
strategy.run(step_fn, ...)`, SGD, sparse softmax cross-entropy, the same global batch
whatever the replica count) in a fresh process per configuration:

- one:       the default strategy, 1 replica;
- mirrored:  MirroredStrategy over 2 logical CPUs (the step traced once, its PerReplica
             argument one placeholder per replica; replica threads run their graphs);
- mirrored-python: the same, with train_step left as plain Python (replicas run eagerly);
- one-iter, mirrored-iter: TF's other custom loop, the batch read inside the function
             (`@tf.function def train_step(iterator): strategy.run(step_fn,
             args=(next(iterator),))`: one graph with the split and the replica run);
- mwms:      MultiWorkerMirroredStrategy, `mpiexec -n 2` (2 processes, MPI all-reduce),
             when mpi4py and mpiexec are installed.

Prints the median step time (after warm-up steps) and examples per second; the 2-replica
rows also give the speed-up over 1 replica. It first prints the parallel headroom (how
much two threads of plain NumPy matmuls gain over one right now): replicas compete for
the same cores as everything else, so run it on an idle machine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WARMUP = 5


def build_model(tf, kind: str):
    layers = tf.keras.layers
    if kind == "cnn":
        return tf.keras.Sequential([
            layers.Reshape((28, 28, 1), input_shape=(784,)),
            layers.Conv2D(16, 3, activation="relu"), layers.MaxPooling2D(),
            layers.Conv2D(32, 3, activation="relu"), layers.MaxPooling2D(),
            layers.Flatten(), layers.Dense(10)])
    return tf.keras.Sequential([layers.Dense(128, activation="relu", input_shape=(784,)),
                                layers.Dense(10)])


def worker(kind: str, data: str, steps: int, batch: int, model_kind: str) -> None:
    """Trains `steps` steps in this process; the chief prints one JSON line."""
    import numpy as np

    import eagerflow as tf

    if kind.startswith("one"):
        strategy = tf.distribute.get_strategy()
    elif kind.startswith("mirrored"):
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(
            cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
        strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    else:
        strategy = tf.distribute.MultiWorkerMirroredStrategy()
    d = np.load(data)
    n = batch * (steps + WARMUP)
    x = (d["x_train"][:n].reshape(-1, 784) / 255.0).astype("float32")
    y = d["y_train"][:n].astype("int64")
    with strategy.scope():
        tf.keras.utils.set_random_seed(0)
        model = build_model(tf, model_kind)
        optimizer = tf.keras.optimizers.SGD(0.1)

    def step_fn(inputs):
        images, labels = inputs
        with tf.GradientTape() as tape:
            logits = model(images, training=True)
            per_example = tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits)
            loss = tf.reduce_sum(per_example) * (1.0 / batch)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    def train_step(dist_inputs):
        return strategy.reduce("SUM", strategy.run(step_fn, args=(dist_inputs,)), axis=None)

    step = train_step if kind == "mirrored-python" else tf.function(train_step)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(batch, drop_remainder=True)
    times, losses = [], []
    dist = strategy.experimental_distribute_dataset(ds)
    if kind.endswith("-iter"):
        iterator = iter(dist)
        step = tf.function(lambda it: train_step(next(it)))
        dist = [iterator] * (len(x) // batch)  # (the data may hold fewer batches)
    for i, inputs in enumerate(dist):
        t = time.perf_counter()
        losses.append(float(step(inputs)))
        if i >= WARMUP:
            times.append(time.perf_counter() - t)
    if strategy.num_replicas_in_sync == 1 or kind != "mwms" or strategy.should_checkpoint:
        print(json.dumps({"kind": kind, "replicas": strategy.num_replicas_in_sync,
                          "batch": batch, "median_s": float(np.median(times)),
                          "first_loss": losses[0], "last_loss": losses[-1]}), flush=True)


def headroom() -> float:
    """How much faster two threads finish two equal NumPy matmul loads than one thread
    does (about 2 on two idle cores): the most a second replica can gain here now."""
    import threading

    import numpy as np

    a = np.random.default_rng(0).random((512, 784), dtype=np.float32)
    w = np.random.default_rng(1).random((784, 128), dtype=np.float32)

    def work() -> None:
        for _ in range(30):
            a.T @ (a @ w)

    t = time.perf_counter()
    work()
    work()
    serial = time.perf_counter() - t
    threads = [threading.Thread(target=work) for _ in range(2)]
    t = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return serial / (time.perf_counter() - t)


def _mpiexec() -> str | None:
    here = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    return here if os.path.exists(here) else shutil.which("mpiexec")


def _launch(kind: str, args: argparse.Namespace, batch: int) -> dict | None:
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", kind, "--data", args.data,
           "--steps", str(args.steps), "--batch", str(batch), "--model", args.model]
    if kind == "mwms":
        try:
            import mpi4py  # noqa: F401
        except ImportError:
            return None
        if _mpiexec() is None:
            return None
        cmd = [_mpiexec(), "-n", "2"] + cmd
    env = {**os.environ, "PYTHONPATH": ROOT}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1800)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        print(f"  {kind}: failed\n{proc.stderr[-2000:]}")
        return None
    return json.loads(lines[0])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", default="/work/shared/data/mnist.npz")
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--batch", type=int, nargs="+", default=[64, 256])
    p.add_argument("--model", choices=["mlp", "cnn"], default="mlp")
    p.add_argument("--worker", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        return worker(args.worker, args.data, args.steps, args.batch[0], args.model)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"  # before NumPy loads: one BLAS thread, as in the workers
    print(f"{args.model} on MNIST, SGD, {args.steps} timed steps after {WARMUP} warm-up; "
          f"{os.cpu_count()} CPUs; BLAS and OpenMP limited to 1 thread per process")
    print(f"parallel headroom now: 2 threads of NumPy matmuls run {headroom():.2f}x as fast "
          "as 1 (2.0 on two idle cores)")
    print(f"{'strategy':<16} {'replicas':>8} {'global batch':>12} {'ms/step':>9} "
          f"{'examples/s':>11} {'vs 1 replica':>13}")
    for batch in args.batch:
        base = None
        for kind in ("one", "mirrored", "mirrored-python", "mwms", "one-iter",
                     "mirrored-iter"):
            r = _launch(kind, args, batch)
            if r is None:
                continue
            ms = r["median_s"] * 1e3
            base = ms if kind.startswith("one") else base
            speed = f"{base / ms:.2f}x" if base and not kind.startswith("one") else ""
            print(f"{kind:<16} {r['replicas']:>8} {batch:>12} {ms:>9.2f} "
                  f"{batch / r['median_s']:>11.0f} {speed:>13}", flush=True)


if __name__ == "__main__":
    main()
