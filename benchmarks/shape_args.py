"""Shape-argument ops: eager overhead, and tf.function with shapes known only at run time.

    python benchmarks/shape_args.py [--base DIR]

For each op whose shape/axis/size argument may be a graph tensor (reshape, fill, tile,
slice, pad, gather, concat, ...): the best eager time per call with Python-int arguments,
and the number of Python function calls one eager call makes (a stable measure of the
work on the eager path, where timings on a shared machine are noisy). With `--base DIR`
(a checkout of another commit, e.g. made by `git archive`), the same numbers for it,
side by side. Then the per-call time of a tf.function whose shapes come from tf.shape(x)
with an unknown batch dimension. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_MEASURE = r"""
import json, sys, timeit
import eagerflow as tf
x = tf.ones([8, 12]); i = tf.constant([0, 2]); v = tf.constant(1.0)
cases = {
    "reshape": lambda: tf.reshape(x, [4, -1]), "zeros": lambda: tf.zeros([8, 12]),
    "fill": lambda: tf.fill([8, 12], v), "tile": lambda: tf.tile(x, [2, 1]),
    "broadcast_to": lambda: tf.broadcast_to(v, [8, 12]),
    "transpose": lambda: tf.transpose(x, [1, 0]), "concat": lambda: tf.concat([x, x], 0),
    "gather": lambda: tf.gather(x, i, axis=1), "slice": lambda: tf.slice(x, [1, 2], [3, 4]),
    "pad": lambda: tf.pad(x, [[1, 1], [0, 2]]), "expand_dims": lambda: tf.expand_dims(x, 1),
    "one_hot": lambda: tf.one_hot(i, 5), "split": lambda: tf.split(x, [3, 5], 0),
    "uniform": lambda: tf.random.uniform([8, 12]), "range": lambda: tf.range(10),
}
out = {}
for name, f in cases.items():
    f()
    calls = [0]
    def prof(frame, event, arg):
        if event == "call":
            calls[0] += 1
    sys.setprofile(prof); f(); sys.setprofile(None)
    best = min(timeit.repeat(f, number=2000, repeat=7)) / 2000
    out[name] = (best, calls[0] - 1)
print(json.dumps(out))
"""

_FUNCTION = r"""
import timeit
import eagerflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, 28, 28], tf.float32)])
def f(x):
    n = tf.shape(x)[0]
    y = tf.reshape(x, [n, -1])
    z = tf.zeros([n, 10]) + tf.slice(y, [0, 0], [n, 10])
    return tf.concat([z, tf.tile(y[:, :2], [1, 5])], axis=1)
x = tf.ones([32, 28, 28])
f(x)
best = min(timeit.repeat(lambda: f(x), number=500, repeat=7)) / 500
print(f"tf.function, batch from tf.shape(x) (reshape, zeros, slice, tile, concat): "
      f"{best * 1e6:.1f} us/call")
"""


def _run(code: str, path: str) -> str:
    env = dict(os.environ, PYTHONPATH=path)  # run from `path`: its eagerflow, not the cwd's
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=path, check=True,
                          capture_output=True, text=True).stdout


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", help="another eagerflow checkout to compare with")
    args = ap.parse_args()
    new = json.loads(_run(_MEASURE, ROOT))
    base = json.loads(_run(_MEASURE, args.base)) if args.base else None
    print(f"{'op':14s} {'eager us':>9s} {'py calls':>9s}" +
          (f" {'base us':>9s} {'base calls':>10s}" if base else ""))
    for name, (t, calls) in new.items():
        row = f"{name:14s} {t * 1e6:9.2f} {calls:9d}"
        if base:
            bt, bc = base[name]
            row += f" {bt * 1e6:9.2f} {bc:10d}"
        print(row)
    print(_run(_FUNCTION, ROOT).strip())


if __name__ == "__main__":
    main()
