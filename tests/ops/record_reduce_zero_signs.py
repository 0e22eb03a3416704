"""Writes reduce_zero_signs_golden.json: TF 2.21's tf.reduce_max / tf.reduce_min of each
reduce_zero_signs_cases.py case, for test_reduce_zero_signs.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_reduce_zero_signs.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.reduce_zero_signs_cases import (  # noqa: E402
    as_array,
    cases,
    result_signs,
    sharded_array,
    sharded_cases,
)


def main() -> None:
    import numpy as np
    import tensorflow as tf

    out = []
    for case in cases():
        d, op, _, axis, keepdims, _ = case
        x = tf.cast(tf.constant(as_array(case, np)), getattr(tf, d))
        got = getattr(tf, "reduce_" + op)(x, axis=axis, keepdims=keepdims)
        out.append(result_signs(tf.cast(got, tf.float64).numpy(), np))
    sharded = []
    for case in sharded_cases():
        x = tf.cast(tf.constant(sharded_array(case, np)), getattr(tf, case[0]))
        sharded.append(result_signs(tf.cast(getattr(tf, "reduce_" + case[1])(x), tf.float64), np))
    # (TF's intra-op pool: one thread a CPU this process may run on)
    write_json(os.path.join(HERE, "reduce_zero_signs_golden.json"),
               {"tf_version": tf.__version__, "results": out, "sharded": sharded,
                "intra_op_threads": len(os.sched_getaffinity(0))}, indent=0, end="\n")


if __name__ == "__main__":
    main()
