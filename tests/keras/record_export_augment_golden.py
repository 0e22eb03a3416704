"""Writes export_augment_golden.json: TF 2.21's outcomes for the calls of
export_augment_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/keras/record_export_augment_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras import export_augment_cases as cases  # noqa: E402


def main():
    out = {key: cases.outcome(call) for key, call in cases.cases(tf, keras).items()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "export_augment_golden.json")
    write_json(path, {"tf_version": tf.__version__, "keras_version": keras.__version__,
                      "cases": out}, end="\n", indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
