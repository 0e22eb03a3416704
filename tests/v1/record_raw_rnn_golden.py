"""Records raw_rnn_program.py run by TensorFlow 2.21 with Keras 2's legacy cells into
golden/v1_raw_rnn.json (TF 2.21 with Keras 3 alone has no tf.compat.v1.nn.rnn_cell
classes: tf_keras 2.21 must be importable, or its folder in TF_KERAS_PATH, as for
record_rnn_v1_golden.py).

Run: TF_KERAS_PATH=... $EAGERFLOW_TF_PYTHON tests/v1/record_raw_rnn_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import program_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(python: str, impl: str) -> dict:
    return program_json(python, os.path.join(HERE, "raw_rnn_program.py"), impl, cwd="/")[0]


if __name__ == "__main__":
    write_json(os.path.join(HERE, "golden", "v1_raw_rnn.json"),
               run(sys.executable, "tf"), indent=1, sort_keys=True)
