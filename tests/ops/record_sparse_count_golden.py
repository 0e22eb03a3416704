"""Writes sparse_count_golden.json: TF 2.21's outcomes of sparse_count_cases.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_sparse_count_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.sparse_count_cases import CASES, outcome  # noqa: E402


def main() -> None:
    import numpy as np
    import tensorflow as tf

    write_json(os.path.join(HERE, "sparse_count_golden.json"),
               {"tf_version": tf.__version__,
                "cases": {c: outcome(tf, np, src) for c, src in CASES.items()}},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
