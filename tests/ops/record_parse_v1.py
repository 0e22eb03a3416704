"""Writes parse_v1_golden.json: TF 2.21's outcome of each case of parse_v1_cases.py, for
test_parse_v1.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_parse_v1.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.parse_v1_cases import CASES, outcome  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "parse_v1_golden.json"),
               {"tf_version": tf.__version__, "cases": {c: outcome(tf, c) for c in CASES}},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
