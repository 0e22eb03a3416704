"""tf.function benchmark: eagerflow's compiled graphs vs eager, raw NumPy and TensorFlow.

    python benchmarks/function.py [--tf /work/tfref/bin/python] [--repeat N]

1. A function of 200 small elementwise ops (shape (8,) float32), written as TF users
   write numeric code: a loop with Python-number constants and a term that does not
   change across iterations. Timed per call: eagerflow eager, eagerflow tf.function,
   the same loop in raw NumPy, and (in a separate process) TensorFlow eager and
   tf.function. The graph wins over NumPy only by doing less work: CSE computes the
   loop-invariant term once, and scalar constants are bound once.
2. Tracing + optimizing + compiling a 1,000-op function (first call, wall time).
Prints ratios; no assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

ITERS = 25  # 8 ops per iteration -> 200 ops


def chain(m, x, y):
    """200 elementwise ops; `m` is the math module (tf or numpy)."""
    for _ in range(ITERS):
        a = x * 0.9 + y                 # Mul, AddV2
        s = m.exp(y * 0.1)              # Mul, Exp (the same every iteration)
        b = m.tanh(a) * s               # Tanh, Mul
        x = b - x * 0.25                # Mul, Sub
    return x


def long_chain(m, x):
    """1,000 ops for the tracing benchmark."""
    for i in range(500):
        x = m.sin(x) + float(i % 7)
    return x


def best_per_call(fn, repeat: int, number: int) -> float:
    fn()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best


def run_eagerflow(repeat: int) -> dict:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
    import eagerflow as tf

    x0 = np.linspace(-1, 1, 8).astype(np.float32)
    y0 = np.linspace(0.5, 1.5, 8).astype(np.float32)
    x, y = tf.constant(x0), tf.constant(y0)
    fn = tf.function(lambda x, y: chain(tf.math, x, y))
    cf = fn.get_concrete_function(x, y)
    traced = sum(1 for o in cf.graph.get_operations() if o.type not in ("Placeholder", "Const"))
    opt = sum(1 for o in cf.optimized_graph().get_operations()
              if o.type not in ("Placeholder", "Const"))
    np.testing.assert_allclose(fn(x, y).numpy(), chain(np, x0, y0), rtol=1e-5)
    res = {
        "ops_traced": traced, "ops_after_optimization": opt,
        "eagerflow_eager": best_per_call(lambda: chain(tf.math, x, y), repeat, 20),
        "eagerflow_function": best_per_call(lambda: fn(x, y), repeat, 200),
        "numpy": best_per_call(lambda: chain(np, x0, y0), repeat, 200),
    }
    t0 = time.perf_counter()
    big = tf.function(lambda x: long_chain(tf.math, x))
    big(x)
    res["trace_compile_1000_ops_s"] = time.perf_counter() - t0
    return res


TF_SNIPPET = r"""
import json, sys, time, os
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import numpy as np
import tensorflow as tf
sys.path.insert(0, %(here)r)
from function import chain, best_per_call, long_chain
repeat = %(repeat)d
x0 = np.linspace(-1, 1, 8).astype(np.float32)
y0 = np.linspace(0.5, 1.5, 8).astype(np.float32)
x, y = tf.constant(x0), tf.constant(y0)
fn = tf.function(lambda x, y: chain(tf.math, x, y))
res = {"tf_eager": best_per_call(lambda: chain(tf.math, x, y), repeat, 10),
       "tf_function": best_per_call(lambda: fn(x, y), repeat, 100)}
t0 = time.perf_counter()
big = tf.function(lambda x: long_chain(tf.math, x))
big(x)
res["tf_trace_compile_1000_ops_s"] = time.perf_counter() - t0
print(json.dumps(res))
"""


def run_tf(python: str, repeat: int) -> dict:
    if not os.path.exists(python):
        return {}
    code = TF_SNIPPET % {"here": os.path.dirname(os.path.abspath(__file__)), "repeat": repeat}
    try:
        out = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=600)
        return json.loads(out.stdout.strip().splitlines()[-1])
    except Exception as e:  # noqa: BLE001 - TF is optional
        print(f"(TensorFlow run failed: {e})")
        return {}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tf", default="/work/tfref/bin/python")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    ef = run_eagerflow(args.repeat)
    tf = run_tf(args.tf, args.repeat)
    us = 1e6
    print(f"200-op elementwise function, shape (8,) float32 "
          f"(traced {ef['ops_traced']} ops, {ef['ops_after_optimization']} after optimization)")
    print(f"  eagerflow eager       {ef['eagerflow_eager'] * us:9.1f} us/call")
    print(f"  eagerflow tf.function {ef['eagerflow_function'] * us:9.1f} us/call")
    print(f"  raw NumPy loop        {ef['numpy'] * us:9.1f} us/call")
    if tf:
        print(f"  TensorFlow eager      {tf['tf_eager'] * us:9.1f} us/call")
        print(f"  TensorFlow function   {tf['tf_function'] * us:9.1f} us/call")
    print("ratios (higher is better for eagerflow's tf.function):")
    print(f"  vs eagerflow eager    {ef['eagerflow_eager'] / ef['eagerflow_function']:6.2f}x "
          "(target >= 5x)")
    print(f"  vs raw NumPy          {ef['numpy'] / ef['eagerflow_function']:6.2f}x (target > 1x)")
    if tf:
        print(f"  vs TF tf.function     {tf['tf_function'] / ef['eagerflow_function']:6.2f}x "
              "(DESIGN target >= 2x)")
    print(f"trace + optimize + compile, 1,000 ops: {ef['trace_compile_1000_ops_s']:.3f} s "
          "(target < 0.5 s)" + (f"; TensorFlow: {tf['tf_trace_compile_1000_ops_s']:.3f} s"
                                if tf else ""))


if __name__ == "__main__":
    main()
