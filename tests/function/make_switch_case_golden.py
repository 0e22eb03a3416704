"""Writes golden/switch_case.json: TF 2.21's results and errors of switch_case_cases.py's
programs and the Case nodes (with their branch functions' nodes) of its GRAPHS' traced
functions, for test_switch_case.py.

    $EAGERFLOW_TF_PYTHON tests/function/make_switch_case_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.function.switch_case_cases import CASES, GRAPHS, branch_nodes, outcome  # noqa: E402
from tests.golden_io import write_json  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "golden", "switch_case.json"),
               {"tf_version": tf.__version__,
                "cases": {c: outcome(tf, src) for c, src in CASES.items()},
                "graphs": {c: branch_nodes(tf, src) for c, src in GRAPHS.items()}},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
