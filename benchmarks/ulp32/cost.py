"""The cost of TF's float32 algorithms (candidates.py) against eagerflow's kernels now:
each op through the public eager call as it is, and its kernel on the raw arrays now and
as the candidate computes it, on 16, 10**4 and 10**6 values. The op with the candidate
would cost about `op - now + candidate`.

    .venv/bin/python benchmarks/ulp32/cost.py
"""

from __future__ import annotations

import os
import sys
import timeit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import candidates as C  # noqa: E402
import numpy as np  # noqa: E402

import eagerflow as tf  # noqa: E402
from eagerflow._src.ops import nn_loss  # noqa: E402


def bench(f, n: int) -> float:
    num = max(3, int(3e5 / max(n, 3000)))
    return min(timeit.repeat(f, number=num, repeat=5)) / num * 1e6


def main() -> None:
    rng = np.random.RandomState(0)
    print(f"{'values':>8} {'op':16s} {'op now':>9} {'kernel now':>11} {'candidate':>10}"
          f" {'op ratio':>9}")
    for n in (16, 10 ** 4, 10 ** 6):
        x = (rng.standard_normal(n) * 3).astype(np.float32)
        ax = np.abs(x)
        c = max(n // 100, 2) if n > 16 else 2
        m = rng.standard_normal((n // c, c)).astype(np.float32)
        mt = np.ascontiguousarray(m.T)
        rows = n // 10 if n > 16 else 2
        logits = rng.standard_normal((rows, n // rows)).astype(np.float32)
        labels = rng.randint(0, n // rows, rows).astype(np.int32)
        t = {k: tf.constant(v) for k, v in
             dict(x=x, ax=ax, m=m, mt=mt, logits=logits, labels=labels).items()}
        xent = nn_loss.SPARSE_XENT.kernel
        cases = {
            "exp": (lambda: tf.exp(t["x"]), lambda: np.exp(x), lambda: C.exp(x)),
            "log": (lambda: tf.math.log(t["ax"]), lambda: np.log(ax), lambda: C.log(ax)),
            "tanh": (lambda: tf.tanh(t["x"]), lambda: np.tanh(x), lambda: C.tanh(x)),
            "sparse xent": (
                lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(t["labels"], t["logits"]),
                lambda: xent(np, logits, labels), lambda: C.sparse_xent(logits, labels)),
        }
        for name, (op, now, cand) in cases.items():
            a, b, c2 = bench(op, n), bench(now, n), bench(cand, n)
            print(f"{n:8d} {name:16s} {a:9.1f} {b:11.1f} {c2:10.1f} {(a - b + c2) / a:8.1f}x",
                  flush=True)


if __name__ == "__main__":
    main()
