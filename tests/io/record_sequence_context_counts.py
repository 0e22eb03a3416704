"""Records what TensorFlow 2.21 gives for tests/io/sequence_context_counts_cases.py, for
tests/io/test_sequence_context_counts.py: `$EAGERFLOW_TF_PYTHON
tests/io/record_sequence_context_counts.py` writes sequence_context_counts_golden.json."""

import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from tests.golden_io import write_json  # noqa: E402
from tests.io import sequence_context_counts_cases as C  # noqa: E402

if __name__ == "__main__":
    write_json(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "sequence_context_counts_golden.json"), C.run(tf), indent=1)
