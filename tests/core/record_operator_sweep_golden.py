"""Writes operator_sweep_golden.json: TF 2.21's outcome of each case of
operator_sweep_cases.py, for test_operator_sweep.py.

    .venv-peers/bin/python tests/core/record_operator_sweep_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.core.operator_sweep_cases import cases, outcome  # noqa: E402
from tests.sweeps import write_outcomes  # noqa: E402


def main() -> None:
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")
    write_outcomes(os.path.join(HERE, "operator_sweep_golden.json"), tf.__version__,
                   cases(), lambda c: outcome(tf, *c))


if __name__ == "__main__":
    main()
