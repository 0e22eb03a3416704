"""Writes golden/composed_ops.json: what TF 2.21 gives for composed_ops_cases' calls.

Run with TensorFlow's interpreter:
/work/tfref/bin/python tests/saved_model/make_composed_ops_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.saved_model.composed_ops_cases import record_all  # noqa: E402


def main() -> None:
    path = ROOT / "tests" / "saved_model" / "golden" / "composed_ops.json"
    write_json(path, record_all(tf), "\n", indent=1)
    print(f"-> {path}")


if __name__ == "__main__":
    main()
