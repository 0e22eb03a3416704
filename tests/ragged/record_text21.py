"""Writes text21_golden.json: what real TensorFlow 2.21 answers for golden_text21.py's
sections, each section's expressions evaluated in order in the environment its prelude
makes.

Run with a TensorFlow interpreter, from the repository root:

    /work/tfref/bin/python tests/ragged/record_text21.py [SECTION...]
"""

import os
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "..")]  # the repository root
import tensorflow as tf  # noqa: E402

from tests.ragged import golden_text21 as G  # noqa: E402
from tests.ragged.evaluate import record_sections  # noqa: E402

if __name__ == "__main__":
    record_sections(tf, G, os.path.join(HERE, "text21_golden.json"), sys.argv[1:])
