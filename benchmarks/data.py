"""tf.data input pipeline: eagerflow vs TensorFlow, side by side in one run.

    python benchmarks/data.py [--data /work/shared/data/mnist.npz] [--epochs 5]

1. Throughput of from_tensor_slices -> shuffle(10000) -> map(normalise) -> batch(32)
   -> prefetch(AUTOTUNE) over MNIST-sized arrays, in batches per second (best epoch),
   for eagerflow here and for TensorFlow in a separate process (TF_PYTHON, default
   /work/tfref/bin/python) when it is installed.
2. Prefetch overlapping input with a train step: the step time with and without
   prefetch (a small CNN step when tf.nn.conv2d exists, otherwise a dense MLP step).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

PIPELINE = """
import json, sys, time
import numpy as np
{import_line}
d = np.load({data!r})
x, y = d["x_train"], d["y_train"]

def normalise(img, lab):
    return tf.cast(img, tf.float32) / 255.0, tf.cast(lab, tf.int64)

ds = (tf.data.Dataset.from_tensor_slices((x, y)).shuffle(10000).map(normalise).batch(32)
      .prefetch(tf.data.AUTOTUNE))
times = []
n = 0
for _ in range({epochs}):
    t = time.perf_counter()
    n = 0
    for images, labels in ds:
        n += 1
    times.append(time.perf_counter() - t)
print(json.dumps({{"batches": n, "times": times}}))
"""


def run_pipeline(python: str, import_line: str, data: str, epochs: int) -> dict | None:
    code = PIPELINE.format(import_line=import_line, data=data, epochs=epochs)
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "PYTHONPATH": os.path.dirname(HERE)}
    try:
        proc = subprocess.run([python, "-c", code], capture_output=True, text=True,
                              timeout=900, env=env)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"  ({python}: {e})")
        return None
    if proc.returncode != 0:
        print(f"  ({python} failed: {proc.stderr.strip().splitlines()[-1:]})")
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def report(name: str, res: dict) -> float:
    best = min(res["times"])
    rate = res["batches"] / best
    print(f"  {name:12s} {rate:9.1f} batches/s  (best of {len(res['times'])} epochs: "
          f"{best * 1e3:.1f} ms for {res['batches']} batches; all: "
          + ", ".join(f"{t * 1e3:.0f}" for t in res["times"]) + " ms)")
    return rate


def overlap(data: str, epochs: int) -> None:
    import eagerflow as tf

    d = np.load(data)
    x, y = d["x_train"], d["y_train"]
    rng = np.random.default_rng(0)
    conv = getattr(getattr(tf, "nn", None), "conv2d", None)
    if conv is not None:
        kind = "CNN (conv 3x3x16, global pool, dense 10)"
        k = tf.Variable(rng.normal(0, 0.1, (3, 3, 1, 16)).astype(np.float32))
        w = tf.Variable(rng.normal(0, 0.1, (16, 10)).astype(np.float32))

        def logits(images):
            h = tf.maximum(conv(tf.reshape(images, [-1, 28, 28, 1]), k, 1, "VALID"), 0.0)
            return tf.matmul(tf.reduce_mean(h, axis=[1, 2]), w)

        params = [k, w]
    else:
        kind = "MLP (784-256-10; tf.nn.conv2d not available yet)"
        w1 = tf.Variable(rng.normal(0, 0.05, (784, 256)).astype(np.float32))
        w2 = tf.Variable(rng.normal(0, 0.05, (256, 10)).astype(np.float32))

        def logits(images):
            h = tf.maximum(tf.matmul(tf.reshape(images, [-1, 784]), w1), 0.0)
            return tf.matmul(h, w2)

        params = [w1, w2]

    def step(images, labels):
        with tf.GradientTape() as tape:
            out = logits(images)
            loss = tf.reduce_mean(tf.square(out - tf.cast(tf.reshape(labels, [-1, 1]),
                                                          tf.float32)))
        grads = tape.gradient(loss, params)
        for p, g in zip(params, grads):
            p.assign_sub(0.01 * g)

    def standardise(img, lab):
        # Per-image standardisation: a reduction, so map runs once per element (no fusion)
        # and the input pipeline costs about as much as a small train step.
        img = tf.cast(img, tf.float32) / 255.0
        return img - tf.reduce_mean(img), tf.cast(lab, tf.int64)

    base = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(10000).map(standardise).batch(32)
    batches = list(base)

    def timed(fn) -> float:
        best = 1e9
        for _ in range(epochs):
            t = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - t)
        return best / len(batches)

    def steps_only():
        for a, b in batches:
            step(a, b)

    def input_only():
        for _ in base:
            pass

    def train(ds):
        def go():
            for a, b in ds:
                step(a, b)
        return go

    s = timed(steps_only)
    i = timed(input_only)
    without = timed(train(base))
    with_pf = timed(train(base.prefetch(tf.data.AUTOTUNE)))
    print(f"\n2. Prefetch overlap (map: per-image standardisation), {kind}, per batch of 32:")
    print(f"  train step alone (batches in memory) {s * 1e3:7.3f} ms")
    print(f"  input pipeline alone                 {i * 1e3:7.3f} ms")
    print(f"  step + pipeline, no prefetch         {without * 1e3:7.3f} ms")
    print(f"  step + pipeline, prefetch(AUTOTUNE)  {with_pf * 1e3:7.3f} ms")
    hidden = (without - with_pf) / i if i > 0 else 0.0
    print(f"  -> prefetch hides {100 * max(hidden, 0):.0f}% of the input time "
          f"(input and step share the GIL; NumPy kernels release it)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="/work/shared/data/mnist.npz")
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--tf-python", default=os.environ.get("TF_PYTHON",
                                                          "/work/tfref/bin/python"))
    args = ap.parse_args()
    shape = np.load(args.data)["x_train"].shape
    print(f"1. from_tensor_slices -> shuffle(10000) -> map(normalise) -> batch(32) -> "
          f"prefetch, x_train {shape}:")
    ours = run_pipeline(sys.executable, "import eagerflow as tf", args.data, args.epochs)
    theirs = None
    if os.path.exists(args.tf_python):
        theirs = run_pipeline(args.tf_python, "import tensorflow as tf", args.data, args.epochs)
    r_ours = report("eagerflow", ours) if ours else None
    r_tf = report("tensorflow", theirs) if theirs else None
    if r_ours and r_tf:
        print(f"  -> eagerflow/tensorflow = {r_ours / r_tf:.2f}x")
    elif not theirs:
        print("  (TensorFlow not available: no comparison)")
    overlap(args.data, max(2, args.epochs // 2))


if __name__ == "__main__":
    main()
