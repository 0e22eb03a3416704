"""Writes eager_errors_golden.json: TF 2.21's outcome of each case of
eager_errors_cases.py (class, full message), for test_eager_errors.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_eager_errors.py

oneDNN is off, as in every recorder here: with it on, TF runs some ops by other kernels
whose wrapped functions are named after them (`__wrapped____MklMatMul...`, the op
`_MklMatMul`), a build choice.
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.eager_errors_cases import CASES, outcome  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "eager_errors_golden.json"),
               {"tf_version": tf.__version__, "cases": {c: outcome(tf, c) for c in CASES}},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
