"""Writes image_resample_golden.json: TF 2.21's outcome (its results' bits, or its error;
the values of the APPROX cases) of each case of image_resample_cases.py, for
test_image_resample.py.

    /path/to/tf/python -m tests.ops.record_image_resample_golden
"""

import json
import os
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import bits_outcome as outcome  # noqa: E402
from tests.ops.image_resample_cases import approx, cases  # noqa: E402


def main() -> None:
    import tensorflow as tf

    # (an approximate case's values to 9 digits: a float32's round trip)
    got = {name: np.vectorize(lambda v: float(f"{v:.9g}"))(call()).tolist() if approx(name)
           else outcome(call) for name, call in cases(tf).items()}
    path = os.path.join(HERE, "image_resample_golden.json")
    with open(path, "w") as f:
        json.dump({"tensorflow": tf.__version__, "outcomes": got}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
