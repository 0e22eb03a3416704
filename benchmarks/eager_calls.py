"""Python calls, C calls and bytecodes per call of the small eager workloads, and their
fastest CPU time: the measures of per-op overhead that a loaded machine does not move.

    PYTHONPATH=. python benchmarks/eager_calls.py                  # counts
    PYTHONPATH=. python benchmarks/eager_calls.py --time 7         # and min-of-7 CPU us
    PYTHONPATH=. python benchmarks/eager_calls.py -k tiny_mlp -k add
    EAGERFLOW_STANDIN_GPUS=1 PYTHONPATH=. python benchmarks/eager_calls.py --profile 15 -k add
    EAGERFLOW_STANDIN_GPUS=1 PYTHONPATH=. python benchmarks/eager_calls.py --fake-cudnn -k conv2d

`add` and `matmul` are the calls of gpu.py's `eager a + b` and `measure` rows (the measure
loop's product at 64x64: its host work does not depend on the size); `relu`, `reduce_sum`,
`conv2d` (2x8x8x4 by 3x3x4x8, SAME), `scalar_mul` (a Python number times a tensor, an
optimizer's `lr * g`), `reshape` (to a list of ints), `softmax` and `max_pool` (2x2,
stride 2) are single ops of the eager steps, on tiny arrays; with
EAGERFLOW_STANDIN_GPUS=1 every row runs on the strict stand-in GPU, the device's path.
`--profile N` also prints eagerflow's N functions that run the most bytecodes (their own)
in each row (eager_steps.py's count: the stand-in's array wrapper, CuPy's C code on a GPU,
is counted apart).

Counts come from sys.setprofile ("call" and "c_call" events) and sys.settrace opcode
events over one call after two warm-up calls; they are the same in every run of one tree.
Times are one thread's CPU time (time.thread_time), the minimum over `--time` repeats of
a batch of calls, with the garbage collector off: to compare two trees, run each in turn
several times (alternating processes) and take each one's minimum. Set
OPENBLAS_NUM_THREADS=1 for the MLP rows, so that BLAS threads stay out of the CPU time.
"""

from __future__ import annotations

import argparse
import functools
import sys

import numpy as np
from cpu_timing import cpu_us
from device_overhead import bytecodes_by_code
from eager_steps import count_bytecodes
from launches import mlp_step

import eagerflow as tf


def _mlp(batch: int, nin: int, nh: int, nout: int):
    """The benchmarks' MLP train step (rows.py), at the given sizes, as a call of nothing."""
    step, args = mlp_step(tf, batch, nin, nh, nout)
    return functools.partial(step, *args)


def _optimizer(kind: str):
    """One Keras apply_gradients of two variables (a kernel and a bias)."""
    opt = getattr(tf.keras.optimizers, kind)(learning_rate=0.01)
    pairs = [(tf.constant(np.full((8, 16), 0.1, "float32")),
              tf.Variable(np.ones((8, 16), "float32"))),
             (tf.constant(np.full(16, 0.1, "float32")), tf.Variable(np.ones(16, "float32")))]
    return lambda: opt.apply_gradients(pairs)


def _tape_ww():
    w = tf.Variable([[1.0]])

    def f():
        with tf.GradientTape() as t:
            loss = w * w
        return t.gradient(loss, w)
    return f


def workloads() -> dict:
    """name -> (function, calls per timed batch)"""
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    b = tf.constant([[5.0, 6.0], [7.0, 8.0]])
    c = tf.constant(np.ones((8, 8), "float32"))
    m = tf.constant(np.full((64, 64), 1 / 64, "float32"))
    x = tf.constant(np.full((2, 8, 8, 4), 0.5, "float32"))
    k = tf.constant(np.full((3, 3, 4, 8), 0.1, "float32"))
    return {
        "add": (lambda: a + b, 2000),
        "matmul": (lambda: tf.matmul(m, m), 1000),
        "relu": (lambda: tf.nn.relu(a), 2000),
        "reduce_sum": (lambda: tf.reduce_sum(c, axis=0), 1000),
        "conv2d": (lambda: tf.nn.conv2d(x, k, 1, "SAME"), 200),
        "scalar_mul": (lambda: 0.01 * c, 1000),
        "reshape": (lambda: tf.reshape(c, [4, 16]), 1000),
        "softmax": (lambda: tf.nn.softmax(c), 1000),
        "max_pool": (lambda: tf.nn.max_pool2d(x, 2, 2, "VALID"), 500),
        "chain10": (lambda: tf.reduce_sum(tf.tanh(tf.exp(-(c * 2.0 + 1.0)) - c / 3.0) * c + c),
                    300),
        "tape_ww": (_tape_ww(), 300),
        "tiny_mlp": (_mlp(4, 8, 16, 4), 100),
        "mlp_b64": (_mlp(64, 784, 128, 10), 20),
        "sgd_apply": (_optimizer("SGD"), 200),
        "adam_apply": (_optimizer("Adam"), 100),
    }


def counts(fn) -> tuple:
    """(Python calls, C calls, bytecodes) of one call of `fn`, after two warm-up calls."""
    fn(), fn()
    n = {"call": 0, "c_call": 0}

    def prof(frame, event, arg):
        if event in n:
            n[event] += 1

    sys.setprofile(prof)
    fn()
    sys.setprofile(None)
    return n["call"], n["c_call"], sum(bytecodes_by_code(fn, ()).values())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", action="append", help="only these workloads (repeatable)")
    ap.add_argument("--time", type=int, default=0, metavar="N",
                    help="also the fastest of N timed batches (one thread's CPU, us a call)")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also eagerflow's N functions that run the most bytecodes (their own)")
    ap.add_argument("--fake-cudnn", action="store_true",
                    help="on the stand-in, convolutions down cuDNN's path (a GPU's with the "
                    "binding), the binding the tests' fake (launches.py's)")
    args = ap.parse_args()
    if args.fake_cudnn:
        from launches import fake_cudnn

        from eagerflow._src.backend import strict

        fake_cudnn(strict)
    rows = workloads()
    print(f"{'workload':12s} {'py calls':>8s} {'C calls':>8s} {'bytecodes':>9s}"
          + (f" {'CPU us':>9s}" if args.time else ""))
    for name, (fn, per) in rows.items():
        if args.k and name not in args.k:
            continue
        py, c, ops = counts(fn)
        line = f"{name:12s} {py:8d} {c:8d} {ops:9d}"
        if args.time:
            line += f" {cpu_us(fn, per, args.time):9.2f}"
        print(line, flush=True)
        if args.profile:
            places, by_fn = count_bytecodes(fn, ())
            print(f"    (eagerflow {places['eagerflow']}, stand-in {places['stand-in']}, "
                  f"other {places['other']})")
            for f, k in by_fn.most_common(args.profile):
                print(f"    {k:7d}  {f}")


if __name__ == "__main__":
    main()
