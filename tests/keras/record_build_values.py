"""Writes build_values_golden.json from TF 2.21 + Keras 3.15 (build_value_cases.py).
Run from the repository root with TensorFlow's interpreter:

    TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0 /work/tfref/bin/python \
        tests/keras/record_build_values.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[0] = str(HERE.parents[1])  # (not this folder: its warnings/ package)

import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.build_value_cases import run  # noqa: E402

if __name__ == "__main__":
    write_json(HERE / "build_values_golden.json", run(tf, keras), end="\n", indent=1)
