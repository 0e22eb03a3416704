"""Writes unsupported_return_golden.json: what TF 2.21 raises for the dataset functions
of unsupported_return_cases.py, whose results no spec describes.

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/data/record_unsupported_return_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

from tests.data.unsupported_return_cases import outcomes  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    write_json(str(Path(__file__).parent / "unsupported_return_golden.json"),
               {"tf_version": tf.__version__, "cases": outcomes(tf)}, indent=1, end="\n")
