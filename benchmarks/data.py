"""tf.data input pipeline: eagerflow vs TensorFlow, and prefetch overlapping a train step.

    python benchmarks/data.py [--data /work/shared/data/mnist.npz] [--epochs 5]
        [--peers-python /work/tfenv/bin/python] [--rounds 7] [--steps 30] [--skip-throughput]

1. Throughput of from_tensor_slices -> shuffle(10000) -> map(normalise) -> batch(32)
   -> prefetch(AUTOTUNE) over MNIST, in batches per second (best epoch), for eagerflow
   here and for TensorFlow in a separate process (--peers-python / TF_PYTHON) when it
   is installed.
2. Prefetch overlapping input with the eager guide's CNN train step (Conv2D(16, 3x3,
   relu) -> Conv2D(16, 3x3, relu) -> GlobalAveragePooling2D -> Dense(10), Adam, batch
   32), fed by from_tensor_slices -> shuffle(10000) -> map(normalise + random-shift
   augmentation + per-image standardisation) -> batch(32) [-> prefetch(AUTOTUNE)]: the
   step alone, the input alone, and the two together without and with prefetch, in
   interleaved rounds (order rotated each round); medians of the per-round times.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np
from guide import guide_model, guide_train_step

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


STEP = "train step alone (batches in memory)"
INPUT = "input pipeline alone"
NO_PF = "step fed by the pipeline, no prefetch"
PF = "step fed by the pipeline, prefetch(AUTOTUNE)"
IDLE_NO_PF = "GIL-free stand-in step, no prefetch"
IDLE_PF = "GIL-free stand-in step, prefetch(AUTOTUNE)"
VEC_INPUT = "batch-level map: input pipeline alone"
VEC_NO_PF = "batch-level map: step fed, no prefetch"
VEC_PF = "batch-level map: step fed, prefetch(AUTOTUNE)"


def augment_fn(tf):
    """The per-element input work: normalise, plus a random-shift augmentation (pad to 32x32,
    a random 28x28 crop) and per-image standardisation, as MNIST training pipelines do.
    None of it is elementwise, so map runs once per element (no map+batch fusion)."""

    def augment(img, lab):
        img = tf.cast(img, tf.float32)[..., None] / 255.0
        img = tf.image.resize_with_crop_or_pad(img, 32, 32)
        off = tf.random.uniform([2], 0, 5, dtype=tf.int32)
        img = tf.gather(tf.gather(img, off[0] + tf.range(28), axis=0), off[1] + tf.range(28),
                        axis=1)
        img = tf.image.per_image_standardization(img)
        return img, tf.cast(lab, tf.int64)

    return augment


def augment_batch_fn(tf):
    """The same work written for a whole batch (TF's "vectorize your map" advice): one
    call per batch, each image still gets its own random shift and standardisation."""

    def augment_batch(imgs, labs):
        img = tf.cast(imgs, tf.float32)[..., None] / 255.0
        img = tf.image.resize_with_crop_or_pad(img, 32, 32)
        off = tf.random.uniform([32, 2], 0, 5, dtype=tf.int32)
        img = tf.gather(img, off[:, :1] + tf.range(28), axis=1, batch_dims=1)
        img = tf.gather(img, off[:, 1:] + tf.range(28), axis=2, batch_dims=1)
        img = tf.image.per_image_standardization(img)
        return img, tf.cast(labs, tf.int64)

    return augment_batch


def overlap(data: str, rounds: int, steps: int) -> dict:
    """Per batch, for each case: (wall time, main-thread CPU time, time the consumer spent
    waiting for input in `next()`), medians over interleaved rounds (order rotated).

    Wall time is what a user sees, but on a shared machine it mostly measures the load.
    Main-thread CPU time and the input wait are robust to it: without prefetch the main
    thread does the step and the input work and waits for every batch; with prefetch it
    does the step only and waits only when the background thread falls behind."""
    import eagerflow as tf

    d = np.load(data)
    n = steps * 32
    x, y = d["x_train"][:n], d["y_train"][:n]
    train_step = guide_train_step(tf, guide_model(tf, (None, None, 1)))
    source = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(10000)
    base = source.map(augment_fn(tf)).batch(32)
    vec = source.batch(32, drop_remainder=True).map(augment_batch_fn(tf))
    batches = list(base)
    for a, b in batches[:3]:  # warm up: build the layers and the optimizer's slots
        train_step(a, b)
    t = time.perf_counter()
    for a, b in batches:
        train_step(a, b)
    step_s = (time.perf_counter() - t) / len(batches)

    def idle_step(images: object, labels: object) -> None:
        time.sleep(step_s)  # the host's view of an accelerator step: the CPU is left free

    def fed(ds: object, step: object = train_step) -> object:
        def go() -> float:
            waited = 0.0
            it = iter(ds)
            while True:
                t = time.perf_counter()
                try:
                    a, b = next(it)
                except StopIteration:
                    return waited
                waited += time.perf_counter() - t
                if step is not None:
                    step(a, b)
        return go

    def in_memory() -> float:
        for a, b in batches:
            train_step(a, b)
        return 0.0

    pf = tf.data.AUTOTUNE
    cases = {STEP: in_memory, INPUT: fed(base, None), NO_PF: fed(base), PF: fed(base.prefetch(pf)),
             IDLE_NO_PF: fed(base, idle_step), IDLE_PF: fed(base.prefetch(pf), idle_step),
             VEC_INPUT: fed(vec, None), VEC_NO_PF: fed(vec), VEC_PF: fed(vec.prefetch(pf))}
    times: dict = {k: [] for k in cases}
    names = list(cases)
    for r in range(rounds):
        for k in names[r % len(names):] + names[:r % len(names)]:
            w, c = time.perf_counter(), time.thread_time()
            waited = cases[k]()
            nb = len(batches)
            times[k].append(((time.perf_counter() - w) / nb, (time.thread_time() - c) / nb,
                             waited / nb))
    return {k: tuple(statistics.median(m[i] for m in v) for i in range(3))
            for k, v in times.items()}


def throughput(args: argparse.Namespace) -> None:
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="/work/shared/data/mnist.npz")
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--tf-python", "--peers-python", dest="tf_python",
                    default=os.environ.get("TF_PYTHON", "/work/tfenv/bin/python"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--steps", type=int, default=30, help="train steps per timed round")
    ap.add_argument("--skip-throughput", action="store_true")
    args = ap.parse_args()
    if not args.skip_throughput:
        throughput(args)
    res = overlap(args.data, args.rounds, args.steps)
    print(f"\n2. Prefetch overlapping input with the eager guide's CNN train step (batch 32, "
          f"{args.steps} steps a round, medians of {args.rounds} interleaved rounds), per batch:")
    print(f"  {'':46s} {'wall ms':>8s} {'main-thread CPU ms':>19s} {'input wait ms':>14s}")
    for name, (wall, cpu, wait) in res.items():
        print(f"  {name:46s} {wall * 1e3:8.2f} {cpu * 1e3:19.2f} {wait * 1e3:14.2f}")
    inp = res[INPUT][0]
    for label, no_pf, pf in (("per-element map, CNN step", NO_PF, PF),
                             ("per-element map, GIL-free stand-in step", IDLE_NO_PF, IDLE_PF),
                             ("batch-level map, CNN step", VEC_NO_PF, VEC_PF)):
        (w0, c0, i0), (w1, c1, i1) = res[no_pf], res[pf]
        print(f"  -> {label}: prefetch {1 / w1:.1f} vs {1 / w0:.1f} steps/s; input wait "
              f"{i0 * 1e3:.2f} -> {i1 * 1e3:.2f} ms; main-thread CPU {c0 * 1e3:.2f} -> "
              f"{c1 * 1e3:.2f} ms")
    print(f"  (the input alone: {inp * 1e3:.2f} ms/batch per element, "
          f"{res[VEC_INPUT][0] * 1e3:.2f} batch-level; the step alone {res[STEP][0] * 1e3:.2f} ms)")


if __name__ == "__main__":
    main()
