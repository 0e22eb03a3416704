"""Writes image_utils_golden.json: Keras 3's results and errors for image_utils_cases.

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/keras/make_image_utils_golden.py
"""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.image_utils_cases import CASES, make_image  # noqa: E402


def plain(v):
    if isinstance(v, np.ndarray):
        return {"value": v.tolist(), "dtype": v.dtype.name, "shape": list(v.shape)}
    return {"value": list(v) if isinstance(v, tuple) else v}


def main() -> None:
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = {"u": keras.utils, "np": np, "path": make_image(Path(tmp)), "tmp": tmp}
        for expr in CASES:
            try:
                out[expr] = plain(eval(expr, env))
            except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
                out[expr] = {"error": type(e).__name__, "message": str(e)}
    write_json(Path(__file__).with_name("image_utils_golden.json"), out, "\n")


if __name__ == "__main__":
    main()
