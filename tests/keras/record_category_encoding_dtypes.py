"""Writes category_encoding_dtypes_golden.json: Keras 3.15's (in TF 2.21) outcome of each
category_encoding_dtypes_cases.py case, for test_category_encoding_dtypes.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/keras/record_category_encoding_dtypes.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[0] = os.path.join(HERE, "..", "..")  # (not this folder: its warnings/ package)

from tests.golden_io import write_json  # noqa: E402
from tests.keras.category_encoding_dtypes_cases import CASES, outcome  # noqa: E402


def main() -> None:
    import numpy as np
    import tensorflow as tf

    import keras

    write_json(os.path.join(HERE, "category_encoding_dtypes_golden.json"),
               {"tf_version": tf.__version__, "keras_version": keras.__version__,
                "outcomes": [outcome(tf, keras, np, c) for c in CASES]}, indent=0, end="\n")


if __name__ == "__main__":
    main()
