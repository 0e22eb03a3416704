"""Writes operator_sweep_golden.json: TF 2.21's outcome of each case of
operator_sweep_cases.py, for test_operator_sweep.py.

    .venv-peers/bin/python tests/core/record_operator_sweep_golden.py
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.core.operator_sweep_cases import cases, outcome  # noqa: E402
from tests.golden_io import write_text  # noqa: E402


def main() -> None:
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")
    lines = [f"{json.dumps('|'.join(map(str, c)))}: {json.dumps(outcome(tf, *c))}"
             for c in cases()]
    # a line for each case, so that a change reads as a diff
    text = (f'{{"tf_version": {json.dumps(tf.__version__)},\n"outcomes": {{\n'
            + ",\n".join(lines) + "\n}}\n")
    write_text(os.path.join(HERE, "operator_sweep_golden.json"), text)


if __name__ == "__main__":
    main()
