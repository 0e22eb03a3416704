"""Writes golden/variable_update_graph.json: TF 2.21's traced graphs and results of
variable_update_graph_cases.py, for test_variable_update_graph.py.

    /work/main/.venv-peers/bin/python tests/function/make_variable_update_graph_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.function.graph_gather_cases import outcome  # noqa: E402
from tests.function.variable_update_graph_cases import CASES  # noqa: E402
from tests.golden_io import write_json  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "golden", "variable_update_graph.json"),
               {"tf_version": tf.__version__,
                "cases": {k: outcome(tf, s) for k, s in CASES.items()}},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
