"""Writes linalg_matfunc_golden.json: TF 2.21's results for linalg_matfunc_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/make_linalg_matfunc_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import encode_arrays_cases, write_json  # noqa: E402
from tests.ops.linalg_matfunc_cases import cases  # noqa: E402


def main():
    import tensorflow as tf

    path = os.path.join(os.path.dirname(__file__), "linalg_matfunc_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": encode_arrays_cases(cases(tf))},
               separators=(",", ":"))


if __name__ == "__main__":
    main()
