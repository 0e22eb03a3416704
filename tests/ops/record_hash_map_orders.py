"""Writes hash_map_order_golden.json from TensorFlow 2.21 (hash_map_order_cases.py).
Run from the repository root with TensorFlow's interpreter:

    .venv-peers/bin/python tests/ops/record_hash_map_orders.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import tensorflow as tf  # noqa: E402
from hash_map_order_cases import run  # noqa: E402

from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    write_json(HERE / "hash_map_order_golden.json", run(tf), end="\n", indent=1)
