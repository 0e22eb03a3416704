"""Writes resource_gather_golden.json: TF 2.21's eager results, errors and gradients of
resource_gather_cases.py's lookups of a variable, for test_resource_gather.py.

    $EAGERFLOW_TF_PYTHON tests/ops/make_resource_gather_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.resource_gather_cases import CASES, GRAD_CASES, gradient, outcome  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "resource_gather_golden.json"),
               {"tf_version": tf.__version__,
                "cases": {k: outcome(tf, s) for k, s in CASES.items()},
                "gradients": {k: gradient(tf, s) for k, s in GRAD_CASES.items()}},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
