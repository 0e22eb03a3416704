"""Writes the edge-case goldens: TF 2.21's outcome of each case of an `<suite>_cases.py`
(assert_messages, math_edges, io_edges, image_edges, signal_edges,
sparse_segment_edges) into
`<suite>_golden.json`, for test_edges_vs_tf.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_edges.py [SUITE ...]   (all six without one)
"""

import importlib
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.assert_messages_cases import outcome  # noqa: E402

SUITES = ("assert_messages", "math_edges", "io_edges", "image_edges", "signal_edges",
          "sparse_segment_edges")


def main(suites: list) -> None:
    import tensorflow as tf

    for suite in suites or SUITES:
        cases = importlib.import_module(f"tests.ops.{suite}_cases").CASES
        write_json(os.path.join(HERE, f"{suite}_golden.json"),
                   {"tf_version": tf.__version__,
                    "cases": {c: outcome(tf, c) for c in cases}}, indent=1, end="\n")


if __name__ == "__main__":
    main(sys.argv[1:])
