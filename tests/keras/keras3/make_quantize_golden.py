"""Writes quantize_golden.json: what real TF 2.21 + Keras 3 prints for
quantize_cases.SNIPPETS. From the repository root:

    /work/tfref/bin/python tests/keras/keras3/make_quantize_golden.py
"""

import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "..", "..")]
import numpy as np  # noqa: E402
import quantize_cases as C  # noqa: E402
import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import printed_by, write_json  # noqa: E402


def run(code):
    keras.backend.clear_session()
    with tempfile.TemporaryDirectory() as tmp:
        return printed_by(C.PRELUDE + code, {"tf": tf, "keras": keras, "np": np, "tmp": tmp})


def main():
    golden = {name: run(code) for name, code in C.SNIPPETS.items()}
    path = os.path.join(HERE, "quantize_golden.json")
    write_json(path, golden, end="\n", indent=1, sort_keys=True)
    print("wrote", path)


if __name__ == "__main__":
    main()
