"""Writes einsum_matmul_golden.json: what keras.ops.einsum gives on TF 2.21 + Keras 3.15
for einsum_matmul_cases.py.

Run from the repository root with a TensorFlow interpreter:

    /work/main/.venv-peers/bin/python tests/keras/ops/record_einsum_matmul_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")  # (oneDNN's MatMul words its errors apart)
os.environ.setdefault("KERAS_BACKEND", "tensorflow")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "..", "..")]
import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.ops import einsum_matmul_cases as cases  # noqa: E402

if __name__ == "__main__":
    with tf.device("/CPU:0"):
        out = cases.all_outcomes(keras.ops.einsum, keras.backend.standardize_dtype)
    write_json(os.path.join(HERE, "einsum_matmul_golden.json"),
               {"versions": {"tf": tf.__version__, "keras": keras.version()}, "cases": out},
               end="\n", indent=1, sort_keys=True)
