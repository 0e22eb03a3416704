"""Writes window_nones_golden.json from TensorFlow 2.21
(window_none_cases.py).
Run from the repository root with TensorFlow's interpreter:

    TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0 .venv-peers/bin/python \
        tests/data/record_window_nones.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import tensorflow as tf  # noqa: E402

from tests.data.window_none_cases import run  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    write_json(HERE / "window_nones_golden.json", run(tf), end="\n", indent=1)
