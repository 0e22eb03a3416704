"""Writes audit_golden.json: what real TF 2.21 + Keras 3 prints for audit_cases.SNIPPETS.

Run with a TensorFlow interpreter, from the repository root:

    /work/tfref/bin/python tests/keras/keras3/make_audit_golden.py
"""

import os
import sys

os.environ["COLUMNS"] = "80"  # the console width the snippets print for
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "..", "..")]
import audit_cases as C  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import printed_by, write_json  # noqa: E402


def run(code):
    keras.backend.clear_session()
    return printed_by(C.PRELUDE + code, {"tf": tf, "keras": keras, "np": np})


def main():
    golden = {name: run(code) for name, code in C.SNIPPETS.items()}
    path = os.path.join(HERE, "audit_golden.json")
    write_json(path, golden, end="\n", indent=1, sort_keys=True)
    print("wrote", path)


if __name__ == "__main__":
    main()
