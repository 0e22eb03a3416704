"""Records TF 2.21's tf.nest outcomes over nest_cases.py's structures, for
test_nest_fidelity.py.

Run with the reference interpreter:
`TF_CPP_MIN_LOG_LEVEL=3 /work/tfref/bin/python tests/core/record_nest_golden.py`."""

import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from tests.core.nest_cases import outcomes  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    write_json(os.path.join(os.path.dirname(os.path.abspath(__file__)), "nest_golden.json"),
               outcomes(tf), end="\n", indent=0)
