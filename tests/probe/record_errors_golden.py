"""Writes errors_golden.json: TF 2.21's errors for error_cases.py's expressions.

Run from the repository root with a TensorFlow interpreter:

    $EAGERFLOW_TF_PYTHON tests/probe/record_errors_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# TF's reference kernels, as the other recorders (tests/tf_reference.py): oneDNN's word
# some errors differently (a vector in MatMul: "In[0] ndims must be >= 2")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.probe.error_cases import CASES, outcome  # noqa: E402


def main():
    import numpy as np
    import tensorflow as tf

    path = os.path.join(os.path.dirname(__file__), "errors_golden.json")
    write_json(path, {"tf_version": tf.__version__,
                      "cases": {expr: outcome(tf, np, expr) for expr in CASES}}, indent=1)


if __name__ == "__main__":
    main()
