"""Writes operators_golden.json: TF 2.21's LinearOperators of operator_cases.py, every
method's result, and the errors of the constructions TF refuses.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/linear_operator/make_operators_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import numpy as np  # noqa: E402

from tests.golden_io import encode_array, write_json  # noqa: E402
from tests.linear_operator.operator_cases import bad_constructions, operators, record  # noqa: E402


def _json(value):
    return encode_array(value) if isinstance(value, np.ndarray) else value


def main():
    import tensorflow as tf

    ops = {name: {k: _json(v) for k, v in record(tf, build()).items()}
           for name, build in operators(tf).items()}
    bad = {}
    for name, build in bad_constructions(tf).items():
        try:
            build()
            bad[name] = None
        except Exception as e:  # noqa: BLE001
            bad[name] = {"error": type(e).__name__, "message": str(e)}
    path = os.path.join(os.path.dirname(__file__), "operators_golden.json")
    write_json(path, {"tf_version": tf.__version__, "operators": ops, "bad": bad}, indent=0)


if __name__ == "__main__":
    main()
