"""Writes conjugate_gradient_golden.json: TF 2.21's CGState for each call of
conjugate_gradient_cases.py (fields i, x, r, p, gamma), or the error.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/linear_operator/record_conjugate_gradient_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import numpy as np  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.linear_operator.conjugate_gradient_cases import cases  # noqa: E402


def main():
    import tensorflow as tf

    out = {}
    for key, value in cases(tf).items():
        if isinstance(value, tuple) and isinstance(value[0], str):
            out[key] = {"error": value[1], "message": value[2]}
            continue
        out[key] = {"type": type(value).__name__, "fields": list(value._fields),
                    **{f: {"dtype": getattr(value, f).dtype.name,
                           "shape": list(getattr(value, f).shape),
                           "values": np.asarray(getattr(value, f).numpy(), np.float64)
                           .ravel().tolist()} for f in value._fields}}
    path = os.path.join(os.path.dirname(__file__), "conjugate_gradient_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": out}, separators=(",", ":"))


if __name__ == "__main__":
    main()
