"""A recurrent loop differentiated inside tf.function: eagerflow vs TensorFlow.

    python benchmarks/loop_grad.py [--tf /work/tfenv/bin/python] [--repeat N]

One training-style step: 50 steps of a small RNN (batch 8, 16 inputs, 32 units)
written with tf.while_loop, each step's output written to a TensorArray and stacked,
then tape.gradient of a loss with respect to the two weight variables, all in one
tf.function. The same script runs under TensorFlow in a separate process.
Prints milliseconds per step and the ratio; no assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

CODE = r'''
import json, sys, time
import numpy as np
import {module} as tf

T, B, D, H = 50, 8, 16, 32
rng = np.random.default_rng(0)
x = tf.constant(rng.normal(size=(T, B, D)).astype(np.float32))
w = tf.Variable((rng.normal(size=(D, H)) * 0.1).astype(np.float32))
u = tf.Variable((rng.normal(size=(H, H)) * 0.1).astype(np.float32))


@tf.function
def step(x):
    with tf.GradientTape() as tape:
        inputs = tf.TensorArray(tf.float32, size=T).unstack(x)
        outs = tf.TensorArray(tf.float32, size=T)

        def body(i, h, outs):
            h = tf.tanh(tf.matmul(inputs.read(i), w) + tf.matmul(h, u))
            return i + 1, h, outs.write(i, h)
        _, _, outs = tf.while_loop(lambda i, h, o: i < T, body,
                                   [tf.constant(0), tf.zeros([B, H]), outs])
        loss = tf.reduce_mean(outs.stack() ** 2)
    return tape.gradient(loss, [w, u])


step(x)
best = float("inf")
for _ in range({repeat}):
    t0 = time.perf_counter()
    for _ in range(10):
        step(x)
    best = min(best, (time.perf_counter() - t0) / 10)
print(json.dumps({{"ms": best * 1e3}}))
'''


def run(python: str, module: str, repeat: int) -> float | None:
    env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(__file__), ".."),
               TF_CPP_MIN_LOG_LEVEL="3")
    try:
        out = subprocess.run([python, "-c", CODE.format(module=module, repeat=repeat)],
                             capture_output=True, text=True, timeout=600, env=env)
        return json.loads(out.stdout.strip().splitlines()[-1])["ms"]
    except (OSError, subprocess.SubprocessError, ValueError, IndexError, KeyError):
        return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tf", default="/work/tfenv/bin/python")
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    ef = run(sys.executable, "eagerflow", a.repeat)
    tf_ms = run(a.tf, "tensorflow", a.repeat)
    print(f"RNN loop gradient step (T=50, tf.function): eagerflow {ef:.2f} ms")
    if tf_ms is not None:
        print(f"  TensorFlow {tf_ms:.2f} ms -> eagerflow is {tf_ms / ef:.2f}x TF's speed")
    else:
        print("  TensorFlow: not available")


if __name__ == "__main__":
    main()
