"""Writes sparse_optimizers_golden.json: Keras 3's optimizers on IndexedSlices gradients
(sparse_optimizer_cases.py), eager, and a text classifier's fit.

Run with TensorFlow's interpreter:
/work/tfref/bin/python tests/keras/make_sparse_optimizers_golden.py
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
from tests.keras.sparse_optimizer_cases import (  # noqa: E402
    CONFIGS,
    FIT_OPTIMIZERS,
    IDS,
    fit,
    run,
)


def main() -> None:
    out = {"steps": {f"{name}/{ids}": run(keras, tf, name, ids)
                     for name in CONFIGS for ids in IDS},
           "fit": {name: fit(keras, name) for name in FIT_OPTIMIZERS}}
    write_json(Path(__file__).with_name("sparse_optimizers_golden.json"), out, "\n", indent=1)


if __name__ == "__main__":
    main()
