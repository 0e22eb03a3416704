"""Writes signal_golden.json: TF 2.21's results for the calls of signal_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/ops/record_signal_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import numpy as np  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.signal_cases import cases  # noqa: E402


def main():
    import tensorflow as tf

    out = {}
    for key, value in cases(tf).items():
        v = np.asarray(value)
        out[key] = {"dtype": v.dtype.name, "shape": list(v.shape),
                    "real": v.real.astype(float).ravel().tolist(),
                    "imag": v.imag.astype(float).ravel().tolist() if v.dtype.kind == "c"
                    else None}
    path = os.path.join(os.path.dirname(__file__), "signal_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": out}, separators=(",", ":"))


if __name__ == "__main__":
    main()
