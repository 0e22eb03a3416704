"""Writes rnn_blocks_golden.json: TF 2.21's results for rnn_blocks_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/record_rnn_blocks_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.rnn_blocks_cases import CASES, GRU_CASES, run, run_gru  # noqa: E402


def main():
    import numpy as np
    import tensorflow as tf

    path = os.path.join(os.path.dirname(__file__), "rnn_blocks_golden.json")
    write_json(path, {"tf_version": tf.__version__,
                      "cases": [run(tf, np, c, i) for i, c in enumerate(CASES)],
                      "gru": [run_gru(tf, np, c, i) for i, c in enumerate(GRU_CASES)]},
               separators=(",", ":"))


if __name__ == "__main__":
    main()
