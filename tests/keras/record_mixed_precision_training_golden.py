"""Writes mixed_precision_training_golden.json: TF 2.21's (Keras 3's) mixed-precision
training run of mixed_precision_training_cases.py under each policy. Run with TensorFlow's
interpreter: $EAGERFLOW_TF_PYTHON tests/keras/record_mixed_precision_training_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.keras.mixed_precision_training_cases import POLICIES, run  # noqa: E402


def main() -> None:
    out = {"tf_version": tf.__version__, "runs": {p: run(tf, p) for p in POLICIES}}
    write_json(Path(__file__).with_name("mixed_precision_training_golden.json"), out, "\n")


if __name__ == "__main__":
    main()
