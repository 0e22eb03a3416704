"""Writes tests/core/numpy_input_sweep_golden.json: TF 2.21's outcomes of the NumPy-input
sweep (numpy_input_sweep_cases.py), recorded with oneDNN off as the other sweeps are
(tests/record_sweep_goldens.py).

    /work/tfref/bin/python tests/core/record_numpy_input_sweep.py
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.core import numpy_input_sweep_cases  # noqa: E402
from tests.golden_io import write_text  # noqa: E402


def main() -> None:
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")
    texts, rows = numpy_input_sweep_cases.record(tf)
    # a line for each text and each function, so that a change reads as a diff
    lines = [f'{{"tf_version": {json.dumps(tf.__version__)},', '"texts": [',
             ",\n".join(map(json.dumps, texts)), '],', '"plan": [',
             ",\n".join(map(json.dumps, rows)), ']}']
    write_text(os.path.join(HERE, "numpy_input_sweep_golden.json"), "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
