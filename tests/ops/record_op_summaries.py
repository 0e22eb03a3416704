"""Writes op_summaries_golden.json: for each op of TF's table (ops/op_signatures.py) whose
type attr `T` lists its allowed dtypes and whose inputs a scalar can fill, the dtype given
(one `T` does not allow) and TF 2.21's error for running the raw op eagerly on it, which
ends with TF's summary of the op, for test_op_summaries.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_op_summaries.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.op_summary_cases import cases  # noqa: E402


def main() -> None:
    import tensorflow as tf

    out = {}
    for op, (bad, kwargs) in cases(tf).items():
        try:
            getattr(tf.raw_ops, op)(**kwargs)
        except Exception as e:  # noqa: BLE001 - the error is what is recorded
            if str(e).startswith("Value for attr 'T'"):
                out[op] = {"dtype": bad, "error": type(e).__name__, "message": str(e)}
    write_json(os.path.join(HERE, "op_summaries_golden.json"),
               {"tf_version": tf.__version__, "cases": out}, indent=1, end="\n")


if __name__ == "__main__":
    main()
