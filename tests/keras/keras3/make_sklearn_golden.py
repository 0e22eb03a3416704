"""Writes sklearn_golden.json: what real TF 2.21 + Keras 3, with scikit-learn, prints for
sklearn_cases.SNIPPETS.

Run with a TensorFlow interpreter that can import scikit-learn (the same version as the
test's), from the repository root:

    PYTHONPATH=<scikit-learn's folder> /work/tfref/bin/python \
        tests/keras/keras3/make_sklearn_golden.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "..", "..")]
import numpy as np  # noqa: E402
import sklearn  # noqa: E402
import sklearn_cases as C  # noqa: E402
import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import printed_by, write_json  # noqa: E402


def run(code):
    keras.backend.clear_session()
    scope = {"tf": tf, "keras": keras, "np": np, "sklearn": sklearn}
    return C.without_progress(printed_by(C.PRELUDE + code, scope))


def main():
    golden = {"sklearn": sklearn.__version__,
              "cases": {name: run(code) for name, code in C.SNIPPETS.items()}}
    path = os.path.join(HERE, "sklearn_golden.json")
    write_json(path, golden, end="\n", indent=1, sort_keys=True)
    print("wrote", path)


if __name__ == "__main__":
    main()
