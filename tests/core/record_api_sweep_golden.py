"""Writes api_sweep_golden.json: TF 2.21's plan and outcomes for api_sweep_cases.py, for
test_api_sweep.py.

    .venv-peers/bin/python tests/core/record_api_sweep_golden.py
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.core.api_sweep_cases import record  # noqa: E402
from tests.golden_io import write_text  # noqa: E402


def main() -> None:
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")
    texts, rows = record(tf)
    # a line for each text and each function, so that a change reads as a diff
    lines = [f'{{"tf_version": {json.dumps(tf.__version__)},', '"texts": [',
             ",\n".join(map(json.dumps, texts)), '],', '"plan": [',
             ",\n".join(map(json.dumps, rows)), ']}']
    write_text(os.path.join(HERE, "api_sweep_golden.json"), "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
