"""Writes sparse_reduce_golden.json: TF 2.21's outcome of sparse_reduce_cases.py, for
test_sparse_reduce_ops.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_sparse_reduce_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.sparse_reduce_cases import record  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "sparse_reduce_golden.json"),
               {"tf_version": tf.__version__, **record(tf)}, indent=1, end="\n")


if __name__ == "__main__":
    main()
