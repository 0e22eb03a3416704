"""Writes golden.json: cases.py's `run` under TF 2.21 + Keras 3.15 on CPU.

    TF_CPP_MIN_LOG_LEVEL=3 CUDA_VISIBLE_DEVICES= $EAGERFLOW_TF_PYTHON \
        tests/keras/cudnn_jit/record_golden.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.cudnn_jit.cases import run  # noqa: E402

if __name__ == "__main__":
    assert not tf.config.list_logical_devices("GPU"), "record on a machine of CPUs only"
    write_json(HERE / "golden.json", run(keras), end="\n", indent=1)
