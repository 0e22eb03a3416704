"""Host cost of eager training steps, op by op: bytecodes and CPU time per step and per op
of a Keras CNN step and a ResNet-style block step, on CPU or on the strict stand-in GPU.

    PYTHONPATH=. python benchmarks/eager_steps.py                     # CPU counts
    PYTHONPATH=. python benchmarks/eager_steps.py --device standin    # the GPU's path
    PYTHONPATH=. python benchmarks/eager_steps.py --time 7 --profile 25 -k cnn

On a GPU an eager step of small kernels is bound by the host: each op's Python (bind,
the tape, gradient functions, Keras's layer calls, the optimizer) plus one launch. The
strict stand-in (EAGERFLOW_STANDIN_GPUS=1) runs the device path with NumPy kernels, so
its Python is the GPU's, bar CuPy's C code (the stand-in's array wrapper, counted apart
as "stand-in"). Rows (small sizes: the kernels' own time stays out of the way):

- cnn: the eager guide's CNN train step (benchmarks/guide.py: two Conv2D, global
  average pooling, Dense; Adam; from-logits sparse cross entropy), batch 4 at 12x12;
- resblock: a ResNet-style step, Conv2D + BatchNormalization + relu twice and the
  residual Add, global pooling, Dense, SGD with momentum (gpu.py's ResNet-50 step's
  optimizer and loss), batch 4 at 8x8, 8 channels;
- resnet50 (only with -k resnet50): gpu.py's ResNet-50 step itself, batch 2 at 32x32.

Ops are the eager ops a step runs (those bind hands to an op callback: an op run inside
another's kernel is that op's work). Bytecodes come from sys.settrace's opcode events
over one warm step; times are one thread's CPU time, the minimum over `--time` batches,
garbage collector off. On the stand-in a row also gives the kernel launches of a step
(strict_counts.count_launches: each is host time on a GPU too). Compare two trees by
running each in turn (alternating processes, OPENBLAS_NUM_THREADS=1) and taking each one's
minimum.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from cpu_timing import cpu_us  # noqa: E402
from device_overhead import bytecodes_by_code  # noqa: E402


def cnn_step(tf: object) -> tuple:
    """The guide CNN's eager train step and its arguments (batch 4, 12x12)."""
    import numpy as np
    from guide import guide_model, guide_train_step

    step = guide_train_step(tf, guide_model(tf, (12, 12, 1)))
    rng = np.random.default_rng(0)
    images = tf.constant(rng.normal(size=(4, 12, 12, 1)).astype("float32"))
    labels = tf.constant(rng.integers(0, 10, size=(4,)).astype("int64"))
    return step, (images, labels)


def resblock_model(tf: object, side: int = 8, channels: int = 8) -> object:
    """A ResNet basic block between a stem convolution and a Dense head."""
    L = tf.keras.layers
    inputs = tf.keras.Input((side, side, 3))
    x = L.Activation("relu")(L.BatchNormalization()(L.Conv2D(channels, 3, padding="same")(
        inputs)))
    y = L.Activation("relu")(L.BatchNormalization()(L.Conv2D(channels, 3, padding="same")(x)))
    y = L.BatchNormalization()(L.Conv2D(channels, 3, padding="same")(y))
    x = L.Activation("relu")(L.Add()([x, y]))
    return tf.keras.Model(inputs, L.Dense(10)(L.GlobalAveragePooling2D()(x)))


def resblock_step(tf: object) -> tuple:
    """The block model's eager train step (gpu.py's: SGD with momentum), batch 4."""
    import numpy as np
    from gpu import _keras_step

    rng = np.random.default_rng(0)
    images = tf.constant(rng.normal(size=(4, 8, 8, 3)).astype("float32"))
    labels = tf.constant(rng.integers(0, 10, size=(4,)).astype("int64"))
    return _keras_step(tf, resblock_model(tf)), (images, labels)


def resnet50_step(tf: object) -> tuple:
    """gpu.py's ResNet-50 eager train step (Keras's application), batch 2 at 32x32."""
    from launches import resnet_step

    return resnet_step(tf, 2)


WORKLOADS = {"cnn": cnn_step, "resblock": resblock_step, "resnet50": resnet50_step}
DEFAULT = ("cnn", "resblock")  # (resnet50 on request, -k resnet50: a minute to build)


def place_of(f: str) -> str:
    """eagerflow's Python, the stand-in's array wrapper (CuPy's C code on a GPU), other."""
    return "stand-in" if "backend/strict" in f else "eagerflow" if "eagerflow" in f else \
        "other"


def count_ops(step: object, args: tuple) -> collections.Counter:
    """The eager ops one call of step(*args) runs (as bind hands them to op callbacks), by
    op name."""
    from eagerflow._src.ops import dispatch

    n: collections.Counter = collections.Counter()

    def callback(op_type: str, *a: object, **k: object) -> None:
        n[op_type] += 1

    dispatch.add_op_callback(callback)
    try:
        step(*args)
    finally:
        dispatch.remove_op_callback(callback)
    return n


def count_bytecodes(step: object, args: tuple) -> tuple:
    """(bytecodes by place, eagerflow's bytecodes by function: Counter of "file:line name"
    -> its own bytecodes) of one call of step(*args)."""
    places: collections.Counter = collections.Counter()
    by_fn: collections.Counter = collections.Counter()
    for code, k in bytecodes_by_code(step, args).items():
        place = place_of(code.co_filename)
        places[place] += k
        if place != "eagerflow":
            continue
        f = code.co_filename.split("eagerflow/_src/")[-1]
        by_fn[f"{f}:{code.co_firstlineno} {code.co_name}"] += k
    return places, by_fn


def count_launches(step: object, args: tuple) -> int:
    """The kernel launches one call of step(*args) makes on the stand-in (strict_counts)."""
    from eagerflow._src.backend import strict_counts

    with strict_counts.count_launches() as n:
        step(*args)
    return n["total"]


def main(argv: list | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", default="cpu", choices=["cpu", "standin"])
    p.add_argument("-k", action="append", help="only these workloads (repeatable)")
    p.add_argument("--time", type=int, default=0, metavar="N",
                   help="also the fastest of N timed batches (one thread's CPU, us a step)")
    p.add_argument("--profile", type=int, default=0, metavar="N",
                   help="also eagerflow's N functions that run the most bytecodes (their own)")
    p.add_argument("--ops", action="store_true", help="also the ops a step runs, by name")
    p.add_argument("--fake-cudnn", action="store_true",
                   help="on the stand-in, convolutions down cuDNN's path (a GPU's with the "
                   "binding), the binding the tests' fake (launches.py's)")
    a = p.parse_args(argv)
    if a.device == "standin":
        os.environ["EAGERFLOW_STANDIN_GPUS"] = "1"
    import eagerflow as tf

    if a.fake_cudnn:
        from launches import fake_cudnn

        from eagerflow._src.backend import strict

        fake_cudnn(strict)
    for name, make in WORKLOADS.items():
        if name not in (a.k or DEFAULT):
            continue
        step, args = make(tf)
        for _ in range(3):  # warm: built, slots made, caches filled
            step(*args)
        by_op = count_ops(step, args)
        ops = sum(by_op.values())
        places, by_fn = count_bytecodes(step, args)
        total = sum(places.values())
        device = "cudnn" if a.fake_cudnn else a.device
        line = (f"{name:9s} {device:7s} ops {ops:4d}  bytecodes {total:7d} "
                f"({total / ops:5.0f}/op; eagerflow {places['eagerflow']}, stand-in "
                f"{places['stand-in']}, other {places['other']})")
        if a.device == "standin":
            line += f"  launches {count_launches(step, args)}"
        if a.time:
            us = cpu_us(lambda: step(*args), 5, a.time)
            line += f"  CPU {us:8.0f} us ({us / ops:5.1f} us/op)"
        print(line, flush=True)
        if a.ops:
            print("    " + ", ".join(f"{o} {k}" for o, k in sorted(by_op.items())))
        for fn, k in by_fn.most_common(a.profile):
            print(f"    {k:7d} {k / ops:6.1f}/op  {fn}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
