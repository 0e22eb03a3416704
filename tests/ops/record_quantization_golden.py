"""Writes quantization_golden.json: TF 2.21's results for the calls of
quantization_cases.py (values, dtypes and shapes of each output, or the error's class
and message).

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/record_quantization_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.quantization_cases import cases, encode  # noqa: E402


def main():
    import tensorflow as tf

    out = {key: encode(value) for key, value in cases(tf).items()}
    path = os.path.join(os.path.dirname(__file__), "quantization_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": out}, separators=(",", ":"))


if __name__ == "__main__":
    main()
