"""Writes clustering_golden.json: TF 2.21's outcome of each call of
clustering_cases.py, for test_clustering_ops.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_clustering_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import call_outcomes, encode_arrays_cases, write_json  # noqa: E402
from tests.ops.clustering_cases import calls  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "clustering_golden.json"),
               {"tf_version": tf.__version__,
                "calls": encode_arrays_cases(call_outcomes(calls(tf)))}, indent=1, end="\n")


if __name__ == "__main__":
    main()
