"""Writes image_bits_golden.json: TF 2.21's outcome (its results' bits, or its error) of
each case of image_bits_cases.py, for test_image_bits.py.

    /path/to/tf/python -m tests.ops.record_image_bits_golden
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import bits_outcome as outcome  # noqa: E402
from tests.ops.image_bits_cases import cases  # noqa: E402


def main() -> None:
    import tensorflow as tf

    got = {name: outcome(call) for name, call in cases(tf).items()}
    with open(os.path.join(HERE, "image_bits_golden.json"), "w") as f:
        json.dump({"tensorflow": tf.__version__, "outcomes": got}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
