"""Writes visualization_golden.json: what real TF 2.21 + Keras 3, with matplotlib (the
test's version), prints for visualization_cases.SNIPPETS. From the repository root:

    PYTHONPATH=<matplotlib's folder> /work/tfref/bin/python \
        tests/keras/keras3/make_visualization_golden.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "..", "..")]
import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
import visualization_cases as C  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import printed_by, write_json  # noqa: E402


def run(code):
    return printed_by(C.PRELUDE + code, {"tf": tf, "keras": keras, "np": np, "plt": plt})


def main():
    golden = {"matplotlib": matplotlib.__version__,
              "cases": {name: run(code) for name, code in C.SNIPPETS.items()}}
    path = os.path.join(HERE, "visualization_golden.json")
    write_json(path, golden, end="\n", indent=1, sort_keys=True)
    print("wrote", path)


if __name__ == "__main__":
    main()
