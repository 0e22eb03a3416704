"""Writes custom_optimizer_golden.json: a Keras-3-style custom optimizer and a metric used
statelessly (custom_optimizer_cases.py), run by Keras 3 on TF.

Run with TensorFlow's interpreter:
/work/tfref/bin/python tests/keras/make_custom_optimizer_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.custom_optimizer_cases import run  # noqa: E402

if __name__ == "__main__":
    write_json(Path(__file__).with_name("custom_optimizer_golden.json"), run(keras, tf), "\n",
               indent=1)
