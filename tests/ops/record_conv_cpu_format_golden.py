"""Records what TensorFlow 2.21's CPU gives for tests/ops/conv_cpu_format_cases.py (its
channels-first convolutions and poolings) into conv_cpu_format_golden.json. Run under real
TensorFlow, with oneDNN on as TF ships: `$EAGERFLOW_TF_PYTHON
tests/ops/record_conv_cpu_format_golden.py`."""

import os
import sys
from pathlib import Path

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "1"  # (TF's default: its oneDNN kernels compute some)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import call_outcomes, encode_arrays_cases, write_json  # noqa: E402
from tests.ops.conv_cpu_format_cases import calls  # noqa: E402

if __name__ == "__main__":
    with tf.device("/CPU:0"):
        outcomes = call_outcomes(calls(tf, keras))
    write_json(Path(__file__).with_name("conv_cpu_format_golden.json"),
               encode_arrays_cases(outcomes), "\n", indent=1, sort_keys=True)
