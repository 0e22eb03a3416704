"""Writes tape_graph_golden.json: the operations of tape_graph_cases.py's traced
functions as TF 2.21 builds them, for test_tape_graph_names.py.

    $EAGERFLOW_TF_PYTHON tests/autodiff/record_tape_graph_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.autodiff.tape_graph_cases import CASES, operations  # noqa: E402
from tests.golden_io import write_json  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "tape_graph_golden.json"),
               {"tf_version": tf.__version__,
                "cases": {c: operations(tf, src) for c, src in CASES.items()}},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
