"""Writes trainable_changes_golden.json from TensorFlow 2.21 / Keras 3
(trainable_changes_cases.py). Run from the repository root with TF's interpreter:

    /work/tfref/bin/python tests/keras/record_trainable_changes_golden.py
"""

import sys

# (tests/keras holds a `warnings` package that would shadow the standard one)
HERE = sys.path.pop(0)

import importlib.util  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
from pathlib import Path  # noqa: E402

HERE = Path(HERE)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

_spec = importlib.util.spec_from_file_location("cases", HERE / "trainable_changes_cases.py")
_cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cases)

if __name__ == "__main__":
    (HERE / "trainable_changes_golden.json").write_text(
        json.dumps(_cases.run(tf), indent=1) + "\n")
