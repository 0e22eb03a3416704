"""Writes constant_tensor_lists_golden.json from TensorFlow 2.21
(constant_tensor_list_cases.py).
Run from the repository root with TensorFlow's interpreter:

    TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0 .venv-peers/bin/python \
        tests/core/record_constant_tensor_lists.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import tensorflow as tf  # noqa: E402

from tests.core.constant_tensor_list_cases import run  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    write_json(HERE / "constant_tensor_lists_golden.json", run(tf), end="\n", indent=1)
