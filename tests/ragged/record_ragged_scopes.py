"""Writes ragged_scopes_golden.json: the node names of the graphs real TensorFlow 2.21
traces for ragged_scopes_cases.py's cases.

Run with a TensorFlow interpreter, from the repository root:

    /work/tfref/bin/python tests/ragged/record_ragged_scopes.py
"""

import os
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "..")]  # the repository root
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ragged.ragged_scopes_cases import CASES, node_names  # noqa: E402

if __name__ == "__main__":
    write_json(os.path.join(HERE, "ragged_scopes_golden.json"),
               {case: node_names(tf, case) for case in CASES}, "\n", indent=1)
