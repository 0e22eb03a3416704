"""Writes timeseries_golden.json: Keras 3's batches and errors for timeseries_cases.CASES.

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/keras/make_timeseries_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.keras.timeseries_cases import CASES  # noqa: E402


def batches(ds):
    """Every element as nested lists, with its dtypes."""
    out = []
    for el in ds:
        parts = el if isinstance(el, tuple) else (el,)
        out.append([[p.numpy().tolist(), p.dtype.name] for p in parts])
    return out


def main() -> None:
    f = tf.keras.utils.timeseries_dataset_from_array
    out = {}
    for expr in CASES:
        try:
            out[expr] = {"batches": batches(eval(expr, {"f": f, "np": np}))}
        except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
            out[expr] = {"error": type(e).__name__, "message": str(e)}
    write_json(Path(__file__).with_name("timeseries_golden.json"), out, "\n")


if __name__ == "__main__":
    main()
