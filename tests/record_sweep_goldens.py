"""Writes the goldens of the sweeps recorded with oneDNN off (TF's reference kernels, whose
error messages the goldens quote): tests/core/api_sweep_golden.json,
tests/core/operator_sweep_golden.json and tests/data/dataset_sweep_golden.json. (The
tf.keras sweep keeps oneDNN on: tests/keras/record_function_sweep_golden.py.)

    .venv-peers/bin/python tests/record_sweep_goldens.py
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
HERE = os.path.dirname(os.path.abspath(__file__))
# The root replaces this script's folder: from tests/, tests/keras would shadow Keras.
sys.path[0] = os.path.join(HERE, "..")

from tests.core import api_sweep_cases, operator_sweep_cases  # noqa: E402
from tests.data import dataset_sweep_cases  # noqa: E402
from tests.golden_io import write_text  # noqa: E402
from tests.sweeps import write_outcomes  # noqa: E402


def main() -> None:
    import tensorflow as tf

    tf.get_logger().setLevel("ERROR")
    texts, rows = api_sweep_cases.record(tf)
    # a line for each text and each function, so that a change reads as a diff
    lines = [f'{{"tf_version": {json.dumps(tf.__version__)},', '"texts": [',
             ",\n".join(map(json.dumps, texts)), '],', '"plan": [',
             ",\n".join(map(json.dumps, rows)), ']}']
    write_text(os.path.join(HERE, "core", "api_sweep_golden.json"), "\n".join(lines) + "\n")
    for path, module in (("core/operator_sweep_golden.json", operator_sweep_cases),
                         ("data/dataset_sweep_golden.json", dataset_sweep_cases)):
        write_outcomes(os.path.join(HERE, path), tf.__version__, module.cases(),
                       lambda c, module=module: module.outcome(tf, *c))


if __name__ == "__main__":
    main()
