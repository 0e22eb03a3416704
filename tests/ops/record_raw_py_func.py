"""Writes raw_py_func_golden.json: what TF 2.21 does with tf.raw_ops.PyFunc,
PyFuncStateless and EagerPyFunc called by hand (raw_py_func_cases.py).

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/ops/record_raw_py_func.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.ops.raw_py_func_cases import outcomes  # noqa: E402
from tests.tf_reference import record_outcomes  # noqa: E402

if __name__ == "__main__":
    record_outcomes(__file__, str(Path(__file__).parent / "raw_py_func_golden.json"), outcomes)
