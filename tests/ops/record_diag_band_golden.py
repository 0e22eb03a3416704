"""Writes diag_band_golden.json: TF 2.21's results for diag_band_cases.py.

Run from the repository root with a TensorFlow interpreter:

    $EAGERFLOW_TF_PYTHON tests/ops/record_diag_band_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import encode_arrays_cases, write_json  # noqa: E402
from tests.ops.diag_band_cases import cases  # noqa: E402


def main():
    import tensorflow as tf

    got = cases(tf)
    for case in got.values():
        if "value" in case:
            case["value"] = [case["value"]]
    path = os.path.join(os.path.dirname(__file__), "diag_band_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": encode_arrays_cases(got)},
               separators=(",", ":"))


if __name__ == "__main__":
    main()
