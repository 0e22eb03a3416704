"""Writes grad_names_golden.json: TF 2.21's outcome of each case of grad_names_cases.py, for
test_grad_names.py.

    $EAGERFLOW_TF_PYTHON tests/v1/record_grad_names_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.v1.grad_names_cases import record, record_programs  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "grad_names_golden.json"),
               {"tf_version": tf.__version__, "cases": record(tf),
                "programs": record_programs(tf)}, indent=1, end="\n")


if __name__ == "__main__":
    main()
