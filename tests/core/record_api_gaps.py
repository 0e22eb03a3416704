"""Writes api_gaps_golden.json from TensorFlow 2.21 (api_gap_cases.py).
Run from the repository root with TensorFlow's interpreter:

    .venv-peers/bin/python tests/core/record_api_gaps.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import tensorflow as tf  # noqa: E402
from api_gap_cases import run  # noqa: E402

from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    write_json(HERE / "api_gaps_golden.json", run(tf), end="\n", indent=1)
