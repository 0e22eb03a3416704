"""Writes table_handle_golden.json from TensorFlow 2.21 (table_handle_cases.py). Run from
the repository root with TensorFlow's interpreter:

    /work/main/.venv-peers/bin/python tests/ops/record_table_handle_golden.py
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import tensorflow as tf  # noqa: E402
from table_handle_cases import run  # noqa: E402

if __name__ == "__main__":
    (HERE / "table_handle_golden.json").write_text(json.dumps(run(tf), indent=1) + "\n")
