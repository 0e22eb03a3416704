"""Writes ctc_golden.json: tf.nn.ctc_beam_search_decoder's paths and log probabilities (or
its error class) on small random problems, where narrow beams prune (TF's pruning rules
decide which labellings survive), in float32 and in float64 (whose scores carry the float32
rounding of TF's log-add, see nn_ctc_beam._log_add), and on problems whose probabilities tie
exactly (where the order of TF's gtl::TopN and libstdc++'s heap and sort decides which of
equally probable labellings stays in the beam and which is listed first).

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/record_ctc_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import numpy as np  # noqa: E402

from tests.golden_io import write_json  # noqa: E402


def problems(n=150, seed=7, dtype=np.float32):
    """(logits [time, batch, classes], lengths, beam_width, top_paths), reproducible."""
    rng = np.random.RandomState(seed)
    for _ in range(n):
        t, c, b = rng.randint(1, 8), rng.randint(2, 7), rng.randint(1, 4)
        width = rng.randint(1, 7)
        top = rng.randint(1, width + 1)
        x = (rng.randn(t, b, c) * rng.choice([0.3, 1, 3, 8])).astype(dtype)
        yield x, rng.randint(0, t + 1, size=b).astype(np.int32), width, top


def tie_problems(n=150, seed=11):
    """Like problems(), with each step's probabilities drawn from 1, 2 and 3 (normalized):
    equal logits make equally probable labellings."""
    rng = np.random.RandomState(seed)
    for _ in range(n):
        t, c, b = rng.randint(1, 7), rng.randint(3, 6), rng.randint(1, 3)
        width = rng.randint(1, 6)
        top = rng.randint(1, width + 1)
        p = rng.randint(1, 4, size=(t, b, c)).astype(np.float32)
        x = np.log(p / p.sum(-1, keepdims=True)).astype(np.float32)
        yield x, rng.randint(0, t + 1, size=b).astype(np.int32), width, top


def main():
    import tensorflow as tf  # the tests import problems() without TensorFlow

    out = {"tf_version": tf.__version__}
    for key, dtype in (("problems", np.float32), ("problems64", np.float64)):
        out[key] = record(tf, problems(dtype=dtype))
    out["ties"] = record(tf, tie_problems())
    path = os.path.join(os.path.dirname(__file__), "ctc_golden.json")
    write_json(path, out, separators=(",", ":"))


def record(tf, cases):
    out = []
    for x, lengths, width, top in cases:
        try:  # (a tensor: TF's fast path would cast a float64 ndarray to float32)
            decoded, logp = tf.nn.ctc_beam_search_decoder(tf.constant(x), lengths,
                                                          beam_width=width, top_paths=top)
            out.append({"paths": [tf.sparse.to_dense(d, default_value=-1).numpy().tolist()
                                  for d in decoded],
                        "log_probability": logp.numpy().astype(float).tolist()})
        except tf.errors.OpError as e:
            out.append({"error": type(e).__name__})
    return out


if __name__ == "__main__":
    main()
