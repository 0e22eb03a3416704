"""Records what tests/keras/text_generation_cases.py's programs give under TF 2.21 +
Keras 3 into text_generation_golden.json.

Run with TensorFlow's interpreter:
/work/tfref/bin/python tests/keras/record_text_generation_golden.py
"""

import os
import sys
import tempfile
from pathlib import Path

import numpy as np
import tensorflow as tf

import keras

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.golden_io import result_of, write_json  # noqa: E402
from tests.keras.text_generation_cases import CASES  # noqa: E402


def err(e: Exception) -> list:
    """[class, message]: the whole message, TF's eager function and name included."""
    return [type(e).__name__, str(e)]


def main() -> None:
    scope = {"tf": tf, "keras": keras, "np": np, "tempfile": tempfile, "os": os,
             "err": err}
    out = {name: result_of(code, scope) for name, code in CASES.items()}
    path = Path(__file__).with_name("text_generation_golden.json")
    write_json(path, out, "\n", indent=1)
    print(f"{len(out)} cases -> {path}")


if __name__ == "__main__":
    main()
