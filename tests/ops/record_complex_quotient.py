"""Writes complex_quotient_golden.json: TF 2.21's CPU tf.math.divide and tf.math.reciprocal
of complex_quotient_cases.py's operands, each result's bytes in hex.

Run with a TensorFlow interpreter, from the repository root:

    /work/tfref/bin/python tests/ops/record_complex_quotient.py
"""

import os
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "..")]  # the repository root
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.complex_quotient_cases import DTYPES, divisors, operands, tails  # noqa: E402

if __name__ == "__main__":
    out = {}
    for dtype in DTYPES:
        x, y = operands(dtype)
        out[f"divide/{dtype}"] = tf.math.divide(x, y).numpy().tobytes().hex()
        out[f"reciprocal/{dtype}"] = tf.math.reciprocal(divisors(dtype)).numpy().tobytes().hex()
        for i, (tx, ty) in enumerate(tails(dtype)):
            out[f"tail/{dtype}/{i}"] = tf.math.divide(tx, ty).numpy().tobytes().hex()
            out[f"tail_reciprocal/{dtype}/{i}"] = tf.math.reciprocal(ty).numpy().tobytes().hex()
    write_json(os.path.join(HERE, "complex_quotient_golden.json"), out, end="\n", indent=0)
