"""Records what TensorFlow 2.21 gives for the tf.compat.v1.data iterator programs of
data_iter_programs.py into golden/v1_data_iterators.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_data_iter_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.v1.data_iter_programs import PROGRAMS  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")


def main() -> None:
    results = {name: program(tf) for name, program in PROGRAMS.items()}
    write_json(os.path.join(HERE, "v1_data_iterators.json"), results, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
