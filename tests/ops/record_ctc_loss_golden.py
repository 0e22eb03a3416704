"""Writes ctc_loss_golden.json: TF 2.21's losses, gradients and greedy decodings for the
problems of ctc_loss_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/record_ctc_loss_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.ctc_loss_cases import run  # noqa: E402


def main():
    import tensorflow as tf

    out = {key: [v.astype(float).tolist() for v in values] for key, values in run(tf).items()}
    path = os.path.join(os.path.dirname(__file__), "ctc_loss_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": out}, separators=(",", ":"))


if __name__ == "__main__":
    main()
