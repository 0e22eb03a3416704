"""Writes restored_tables.json: what TensorFlow 2.21's tf.saved_model.load makes of the
lookup tables of the TF-written fixtures tf_tables and tf_dense_tables
(restored_table_cases.surface). Run with TensorFlow's interpreter from the repository root:

    /work/main/.venv-peers/bin/python tests/saved_model/golden/make_restored_tables_golden.py
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from restored_table_cases import TABLES, surface  # noqa: E402

if __name__ == "__main__":
    out = {name: surface(tf.saved_model.load(str(HERE / name)), tables)
           for name, tables in TABLES.items()}
    (HERE / "restored_tables.json").write_text(json.dumps(out, indent=1) + "\n")
