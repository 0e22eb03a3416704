"""Writes losses_golden.json: Keras 3's values, configs and errors for loss_cases.CASES.

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/keras/make_losses_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.loss_cases import CASES  # noqa: E402


def plain(v):
    """A result as JSON: arrays as lists, dicts and strings as they are."""
    if isinstance(v, (dict, str)):
        return {"value": v}
    return {"value": np.asarray(v).tolist()}


def main() -> None:
    out = {}
    for expr in CASES:
        try:
            out[expr] = plain(eval(expr, {"keras": keras, "np": np}))
        except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
            out[expr] = {"error": type(e).__name__, "message": str(e)}
    write_json(Path(__file__).with_name("losses_golden.json"), out, "\n", indent=1)


if __name__ == "__main__":
    main()
