"""Writes optional_graph_golden.json from TensorFlow 2.21 (optional_graph_cases.py).
Run from the repository root with TensorFlow's interpreter:

    TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0 .venv-peers/bin/python \
        tests/data/record_optional_graph.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import tensorflow as tf  # noqa: E402

# (two logical CPUs, for the MirroredStrategy of optional_graph_cases.distributed)
tf.config.set_logical_device_configuration(tf.config.list_physical_devices("CPU")[0],
                                           [tf.config.LogicalDeviceConfiguration()] * 2)

from tests.data.optional_graph_cases import run  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    write_json(HERE / "optional_graph_golden.json", run(tf), end="\n", indent=1)
