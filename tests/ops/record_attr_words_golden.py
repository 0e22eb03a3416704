"""Writes attr_words_golden.json: TF 2.21's outcomes for attr_words_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/record_attr_words_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.attr_words_cases import outcomes  # noqa: E402


def main():
    import tensorflow as tf

    path = os.path.join(os.path.dirname(__file__), "attr_words_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": outcomes(tf)}, indent=0)


if __name__ == "__main__":
    main()
