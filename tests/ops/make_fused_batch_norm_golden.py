"""Writes fused_batch_norm_golden.json: TF 2.21's results for fused_batch_norm_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/make_fused_batch_norm_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.fused_batch_norm_cases import BACKWARD, FORWARD, backward, forward  # noqa: E402


def main():
    import numpy as np
    import tensorflow as tf

    path = os.path.join(os.path.dirname(__file__), "fused_batch_norm_golden.json")
    write_json(path, {"tf_version": tf.__version__,
                      "forward": [forward(tf, np, c, i) for i, c in enumerate(FORWARD)],
                      "backward": [backward(tf, np, c, i) for i, c in enumerate(BACKWARD)]},
               separators=(",", ":"))


if __name__ == "__main__":
    main()
