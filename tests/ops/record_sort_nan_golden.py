"""Writes sort_nan_golden.json: TF 2.21's results for the calls of sort_nan_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/record_sort_nan_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import numpy as np  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.sort_nan_cases import cases  # noqa: E402


def main():
    import tensorflow as tf

    out = {}
    for key, value in cases(tf).items():
        v = value.numpy()
        # (values as float64, which holds every float16/bfloat16 exactly; NaN as JSON NaN)
        out[key] = {"dtype": value.dtype.name, "shape": list(v.shape),
                    "values": v.astype(np.float64).ravel().tolist()}
    path = os.path.join(os.path.dirname(__file__), "sort_nan_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": out}, separators=(",", ":"))


if __name__ == "__main__":
    main()
