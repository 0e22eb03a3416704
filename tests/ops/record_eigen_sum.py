"""Records eigen_sum.npz from TF 2.21 (run with real TensorFlow, once per thread count):
  for t in 1 2 3 4; do TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0 \
      python tests/ops/record_eigen_sum.py $t; done
  python tests/ops/record_eigen_sum.py merge
Each run writes /tmp/eigen_sum_t{t}.npz; `merge` joins them into tests/ops/eigen_sum.npz.
With 2 threads every case (Sum, Mean, EuclideanNorm, Prod, L2Loss); else the large 1-D
sums, norms, products and L2 losses."""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eigen_sum_cases import THREADED, THREADS, cases, near_one, values  # noqa: E402


def record(threads: int) -> None:
    import tensorflow as tf

    tf.config.threading.set_intra_op_parallelism_threads(threads)
    out = {}
    if threads == 2:
        for key, x, axis, keep in cases():
            t = tf.constant(x)
            out[f"{key}/sum"] = tf.reduce_sum(t, axis=axis, keepdims=keep).numpy()
            out[f"{key}/mean"] = tf.reduce_mean(t, axis=axis, keepdims=keep).numpy()
            out[f"{key}/norm"] = tf.math.reduce_euclidean_norm(t, axis=axis,
                                                               keepdims=keep).numpy()
            out[f"{key}/prod"] = tf.reduce_prod(near_one(x), axis=axis, keepdims=keep).numpy()
            out[f"{key}/l2"] = tf.nn.l2_loss(t).numpy()
    for dt in ("float32", "float64"):
        for n in THREADED:
            t = tf.constant(values(n, dt, n))
            out[f"t{threads}/{dt}/n{n}/sum"] = tf.reduce_sum(t).numpy()
            out[f"t{threads}/{dt}/n{n}/norm"] = tf.math.reduce_euclidean_norm(t).numpy()
            out[f"t{threads}/{dt}/n{n}/prod"] = tf.reduce_prod(near_one(values(n, dt, n))).numpy()
            out[f"t{threads}/{dt}/n{n}/l2"] = tf.nn.l2_loss(t).numpy()
    np.savez(f"/tmp/eigen_sum_t{threads}.npz", **out)


def merge() -> None:
    out = {}
    for t in THREADS:
        out.update(np.load(f"/tmp/eigen_sum_t{t}.npz"))
    np.savez_compressed(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                     "eigen_sum.npz"), **out)


if __name__ == "__main__":
    merge() if sys.argv[1] == "merge" else record(int(sys.argv[1]))
