"""Records what tests/keras/modules_guide_cases.py's programs give under TF 2.21 + Keras 3
into modules_guide_golden.json.

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/keras/record_modules_guide_golden.py
"""

import os
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np
import tensorflow as tf

import keras

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.golden_io import result_of, write_json  # noqa: E402
from tests.keras.modules_guide_cases import CASES  # noqa: E402


def main() -> None:
    scope = {"tf": tf, "keras": keras, "np": np, "tempfile": tempfile, "os": os,
             "warnings": warnings}
    out = {name: result_of(code, scope) for name, code in CASES.items()}
    path = Path(__file__).with_name("modules_guide_golden.json")
    write_json(path, out, "\n", indent=1)
    print(f"{len(out)} cases -> {path}")


if __name__ == "__main__":
    main()
